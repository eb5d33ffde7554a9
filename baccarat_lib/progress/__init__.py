"""The progress layer: saved answers (``store``), the schedule of drills (``schedule``), the report (``report``),
the recorder that times and saves each answer (``recorder``) and the class hub's link (``class_link``).

Imports only the library's base and the standard library; each module's ``__all__`` is importable from here.
"""

from .._lazy import lazy_exports

__getattr__, __dir__, __all__ = lazy_exports(__name__)
