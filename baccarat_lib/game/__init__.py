"""The game in pure Python: cards, the drawing rules as data, coups that explain themselves, shoes, pay tables,
the printed tableau, number formatting. Every module's ``__all__`` is importable from here, loaded on first use.
"""

from .._lazy import lazy_exports

__getattr__, __dir__, __all__ = lazy_exports(__name__)
