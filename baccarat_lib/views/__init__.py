"""The views layer: HTML, Markdown, the SVG scoreboards, plots, diagrams and widgets, all in the colours of
``palette``. Nothing in the library imports it; lessons and tests do. Names load lazily, so a lesson that draws
nothing never imports matplotlib.

Every public name of its modules (each module's ``__all__``) is importable from here; each loads its module
on first use.
"""

from .._lazy import lazy_exports

__getattr__, __dir__, __all__ = lazy_exports(__name__)
