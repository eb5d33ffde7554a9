"""Matplotlib pictures, readable on a projector. Every function takes an optional ``ax`` and returns the axes;
none calls ``plt.show()``: end the notebook cell with ``plt.show()``.

Every public name of its modules (each module's ``__all__``) is importable from here; each loads its module
on first use.
"""

from ..._lazy import lazy_exports

__getattr__, __dir__, __all__ = lazy_exports(__name__)
