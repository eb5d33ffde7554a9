"""The path ``baccarat_lib.payouts``, kept for notebooks and code written before the layers: it is the module
``baccarat_lib.game.payouts`` itself (the same object, not a copy)."""

import sys

from .game import payouts as _home

sys.modules[__name__] = _home
