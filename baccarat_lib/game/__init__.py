"""The game layer, pure Python: cards, the drawing rules as data, a coup that explains itself, shoes,
pay tables and settling, the tableau as a printed table, number formatting. No numpy, no HTML, no widgets.

Every public name of its modules (each module's ``__all__``) is importable from here; each loads its module
on first use.
"""

from .._lazy import lazy_exports

__getattr__, __dir__, __all__ = lazy_exports(__name__)
