"""The progress layer: a learner's saved answers (``store``), the schedule that brings missed items back
(``schedule``), the report of what they say (``report``) and the one recorder that times and saves each answer
(``recorder``); on the class hub, ``class_link`` also sends each saved answer to the class's service. Imports only
the library's base and Python's standard library; each module's ``__all__`` is importable from here.
"""

from .._lazy import lazy_exports

__getattr__, __dir__, __all__ = lazy_exports(__name__)
