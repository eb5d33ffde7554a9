"""The teaching layer: questions whose answers and explanations come from the library, and seeded drills.
Imports only the base (``errors``, ``i18n``, ``course``), ``game``, ``analysis`` and ``progress``.

Every public name of its modules (each module's ``__all__``) is importable from here; each loads its module
on first use.
"""

from .._lazy import lazy_exports

__getattr__, __dir__, __all__ = lazy_exports(__name__)
