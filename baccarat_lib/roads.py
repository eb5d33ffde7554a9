"""The path ``baccarat_lib.roads``, kept for notebooks and code written before the layers: it is the module
``baccarat_lib.analysis.roads`` itself (the same object, not a copy)."""

import sys

from .analysis import roads as _home

sys.modules[__name__] = _home
