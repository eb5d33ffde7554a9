"""Pieces every widget shares: the one view pattern, and inline errors instead of tracebacks.

The one widget pattern: a class holds the controls as attributes and an ``update()`` that calls one pure
function; its ``view`` is made by ``projector_view(children, controller=self)``, so ``view.controller`` is
always the object a test drives; ``show_…()`` returns ``Class(...).view``.

Public names:

- ``projector_view(children, controller)``: the box every widget is shown in, with fonts sized for a projector.
- ``safe_html(compute)``: the HTML ``compute()`` returns, or an inline error box if it raises.
- ``BIG``: the layout of a large button.
"""

from __future__ import annotations

import ipywidgets as widgets

from ...errors import BaccaratError
from ..html import message_html

__all__ = ["safe_html", "projector_view", "BIG"]

BIG = widgets.Layout(width="auto", min_width="8em", height="2.6em")

# ipywidgets draws controls in 13 px text, too small at the back of a classroom. Every widget's box carries
# the class bcl-widget and this style sheet, which enlarges its buttons, menus, boxes and HTML text.
PROJECTOR_CSS = """<style>
.bcl-widget .widget-html-content { font-size: 14px; }
.bcl-widget .widget-button, .bcl-widget .widget-toggle-button, .bcl-widget .widget-label,
.bcl-widget .widget-dropdown select, .bcl-widget .widget-text input, .bcl-widget .widget-readout {
  font-size: 18px !important; }
.bcl-widget .widget-button, .bcl-widget .widget-toggle-button { height: auto !important; min-height: 2.2em; }
.bcl-widget .widget-dropdown select, .bcl-widget .widget-text input { height: 2.1em !important; }
.bcl-widget .widget-label { min-width: fit-content; }
</style>"""


def projector_view(children, controller) -> widgets.VBox:
    """A VBox of ``children`` whose controls and text are large enough to read on a projector;
    ``view.controller`` is the object that holds the controls."""
    view = widgets.VBox([widgets.HTML(PROJECTOR_CSS, layout=widgets.Layout(height="0px", margin="0")),
                         *children])
    view.add_class("bcl-widget")
    view.controller = controller
    return view


def safe_html(compute) -> str:
    """Call ``compute()`` for HTML; show a BaccaratError (or any other error) inline, never a traceback."""
    try:
        return compute()
    except BaccaratError as error:
        return message_html(f"⚠ {error}", "error")
    except Exception as error:  # a learner must never see a traceback
        return message_html(f"⚠ Something went wrong: {type(error).__name__}: {error}", "error")
