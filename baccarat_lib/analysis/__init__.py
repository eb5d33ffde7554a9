"""The analysis layer: a vectorised play kernel under exact odds, the simulator, card counting and the scoreboards.

Imports only ``game``; every name of its modules' ``__all__`` is importable from here, loading its module on first use.
"""

from .._lazy import lazy_exports

__getattr__, __dir__, __all__ = lazy_exports(__name__)
