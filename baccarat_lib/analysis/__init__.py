"""The analysis layer: one vectorised play kernel (numpy) under exact odds, the simulator and card counting;
simulation checked against exact values; the scoreboards as data. Imports only ``game``.

Every public name of its modules (each module's ``__all__``) is importable from here; each loads its module
on first use.
"""

from .._lazy import lazy_exports

__getattr__, __dir__, __all__ = lazy_exports(__name__)
