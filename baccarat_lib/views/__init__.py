"""The views layer: HTML, Markdown, the SVG scoreboards, plots, diagrams and widgets, in ``palette``'s colours.

Every public name of its modules is importable from here and loads its module on first use (a lesson that draws
nothing never imports matplotlib). Nothing in the library imports the views; lessons and tests do.
"""

from .._lazy import lazy_exports

__getattr__, __dir__, __all__ = lazy_exports(__name__)
