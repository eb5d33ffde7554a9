"""Matplotlib pictures, readable on a projector: each takes an optional ``ax`` and returns the axes, never calling
``plt.show()`` (end the notebook cell with it). Every public name of its modules is importable from here.
"""

from ..._lazy import lazy_exports

__getattr__, __dir__, __all__ = lazy_exports(__name__)
