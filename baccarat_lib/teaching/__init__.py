"""The teaching layer: questions whose answers and explanations come from the library, drills and dealer mode.
Imports only the base, ``game``, ``analysis`` and ``progress``; each module's ``__all__`` is importable from here.
"""

from .._lazy import lazy_exports

__getattr__, __dir__, __all__ = lazy_exports(__name__)
