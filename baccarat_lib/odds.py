"""The path ``baccarat_lib.odds``, kept for notebooks and code written before the layers: it is the module
``baccarat_lib.analysis.odds`` itself (the same object, not a copy)."""

import sys

from .analysis import odds as _home

sys.modules[__name__] = _home
