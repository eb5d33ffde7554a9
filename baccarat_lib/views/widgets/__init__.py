"""The lessons' widgets, each shown with one call (``show_…()``); ``common`` has the one widget pattern. Every public
name of its modules is importable from here and loads its module on first use.
"""

from ..._lazy import lazy_exports

__getattr__, __dir__, __all__ = lazy_exports(__name__)
