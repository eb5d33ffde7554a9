"""The path ``baccarat_lib.simulate``, kept for notebooks and code written before the layers: it is the module
``baccarat_lib.analysis.simulate`` itself (the same object, not a copy)."""

import sys

from .analysis import simulate as _home

sys.modules[__name__] = _home
