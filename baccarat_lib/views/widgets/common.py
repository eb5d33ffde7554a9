"""Pieces every widget shares: the one view pattern, inline errors instead of tracebacks, and argument checks.

A widget class holds its controls and an ``update()`` that calls one pure function; ``show_…()`` returns its
``projector_view(children, controller=self)``, whose ``view.controller`` is the object a test drives. A constructor
checks its arguments before building a control (which would refuse them with a traitlets error, or clamp them);
after that, whatever a learner types shows inline (``safe_html``), never as a traceback.

Public names:

- ``projector_view``: the box every widget is shown in; ``safe_html``: HTML or an inline error; ``BIG``: a large
  button's layout.

>>> check_option("bet", "banker", [("Banker", "banker"), ("Tie", "tie")])
'banker'
>>> check_option("bet", ["banker"], ["banker", "tie"])
Traceback (most recent call last):
...
baccarat_lib.errors.BaccaratError: bet must be one of banker, tie, not ['banker']
>>> SeedBox(2024).seed, SeedBox(7).seed_or_error()
(2024, 7)
"""

from __future__ import annotations

import logging
import operator
import random
import re

import ipywidgets as widgets
import traitlets

from ...errors import BaccaratError, check_seed, shown
from ...i18n import N_, _, language
from ...progress.recorder import Recorded
from ..html import message_html
from ..palette import FOCUS_COLOUR

__all__ = ["safe_html", "projector_view", "BIG"]

BIG = widgets.Layout(width="auto", min_width="8em", height="2.6em")

FALLBACK_MESSAGE = N_("Sorry, this could not be worked out. Check what you typed or chose, and try again; "
                    "if it keeps happening, restart the lesson (Run ▸ Run All Cells).")
_MAX_MESSAGE = 300            # characters of an error message shown inline, whatever the input
_MESSAGE_BUDGET = 180         # an argument error names the argument, what is accepted and the value in about this
_LOGGER = logging.getLogger("baccarat_lib.views")
_LOGGER.addHandler(logging.NullHandler())   # a library logs for developers; nothing reaches a learner's stderr

# Every widget's box (bcl-widget) enlarges its controls and text for a projector and rings the keyboard's focus
# (3 px); the first rule wraps printed explanations between words on the whole page.
PROJECTOR_CSS = """<style>
.jp-OutputArea-output pre { word-break: normal; overflow-wrap: break-word; }
.bcl-widget .widget-html-content { font-size: 14px; }
.bcl-widget .widget-button, .bcl-widget .widget-toggle-button, .bcl-widget .widget-label,
.bcl-widget .widget-dropdown select, .bcl-widget .widget-text input, .bcl-widget .widget-readout {
  font-size: 18px !important; }
.bcl-widget .widget-button, .bcl-widget .widget-toggle-button { height: auto !important; min-height: 2.2em; }
.bcl-widget .widget-dropdown select, .bcl-widget .widget-text input {
  height: auto !important; min-height: 2.1em; line-height: 1.4; box-sizing: border-box; }
.bcl-widget .widget-dropdown, .bcl-widget .widget-text, .bcl-widget .widget-inline-hbox,
.bcl-widget .widget-label, .bcl-widget .widget-hbox {
  height: auto !important; min-height: var(--jp-widgets-inline-height, 28px); }
.bcl-widget .widget-dropdown, .bcl-widget .widget-text { align-items: center; }
.bcl-widget .widget-label { min-width: fit-content; line-height: 1.4; }
.bcl-widget .widget-hbox { flex-wrap: wrap; max-width: 100%; }
.bcl-widget .jupyter-button:focus-visible, .bcl-widget input:focus-visible, .bcl-widget select:focus-visible,
.bcl-widget .noUi-handle:focus-visible {
  outline: 3px solid FOCUS_COLOUR !important; outline-offset: 2px; }
</style>""".replace("FOCUS_COLOUR", FOCUS_COLOUR)


# A widget's name in the sentence a front end without the widget renderer shows instead (translated when built).
_WIDGET_NAMES = {
    "TotalCalculator": N_("the card-total calculator"),
    "NaturalChecker": N_("the natural checker"),
    "PlayerRuleExplorer": N_("the Player rule explorer"),
    "TableauExplorer": N_("the Banker tableau explorer"),
    "ShoeDealer": N_("the card-by-card shoe dealer"),
    "CoupBuilder": N_("the coup builder"),
    "SettleWidget": N_("the bet settler"),
    "EdgeExplorer": N_("the house edge explorer"),
    "RemovalExplorer": N_("the card removal explorer"),
    "RoadDealer": N_("the scoreboard dealer"),
    "PracticeDrill": N_("the practice drill"),
    "QuestionWidget": N_("this exercise"),
}


def fallback_text(name: str) -> str:
    """The plain-text stand-in of a widget named ``name`` (such as "the coup builder").

    >>> fallback_text("the coup builder")
    'Run the cells above and this one (Run ▸ Run All Cells) to use the coup builder.'
    """
    return _("Run the cells above and this one (Run ▸ Run All Cells) to use {name}.").format(name=name)


class ProjectorView(widgets.VBox):
    """The VBox every course widget is shown in; its plain text (``repr``, ``text/plain``) is ``fallback_text``."""

    def __init__(self, children, name: str | None = None, **kwargs):
        super().__init__(children, **kwargs)
        self.fallback = fallback_text(_("this widget") if name is None else name)

    def __repr__(self) -> str:
        return self.fallback

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:              # ipywidgets cuts text/plain at 110 characters: keep the whole sentence
            bundle["text/plain"] = self.fallback
        return bundle


def projector_view(children, controller, name: str | None = None) -> ProjectorView:
    """A VBox of ``children`` readable on a projector; ``view.controller`` holds the controls."""
    if name is None:
        name = _(_WIDGET_NAMES.get(type(controller).__name__, N_("this widget")))
    check_text("name", name, '"the coup builder"')
    view = ProjectorView([widgets.HTML(PROJECTOR_CSS, layout=widgets.Layout(height="0px", margin="0")),
                          *children], name=name)
    view.add_class("bcl-widget")
    view.controller = controller
    return view


# A live region, part of the HTML widget's value so it is present (empty) before the first answer.
_LIVE_OPEN = '<div class="bcl-live" role="status" aria-live="polite" aria-atomic="true">'


def live_html(html: str = "") -> str:
    """``html`` inside the live region that screen readers announce.

    >>> live_html("")
    '<div class="bcl-live" role="status" aria-live="polite" aria-atomic="true"></div>'
    """
    return html if html.startswith(_LIVE_OPEN) else f"{_LIVE_OPEN}{html}</div>"


class LiveHTML(widgets.HTML):
    """An HTML widget whose value is always inside a live region (``live_html``), so a screen reader announces it."""

    @traitlets.validate("value")
    def _in_live_region(self, proposal):
        return live_html(proposal["value"])

    def __init__(self, value: str = "", **kwargs):
        super().__init__(value=value, **kwargs)
        self.add_class("bcl-live-box")


def shown_html(widget) -> str:
    """What an HTML widget shows, without the live region a ``LiveHTML`` puts around it ("" when nothing)."""
    value = widget.value
    return value[len(_LIVE_OPEN):-len("</div>")] if value.startswith(_LIVE_OPEN) else value


def focus(control) -> None:
    """Give ``control`` (a button, a text box) the keyboard's focus in the browser, if it can take it."""
    if control is not None and not getattr(control, "disabled", False):
        control.focus()


def fitted(width: str, natural: str = "initial") -> str:
    """A width: ``width`` in English, ``natural`` in a language whose longer words it would cut.

    >>> fitted("8em"), fitted("14em", "auto")
    ('8em', '14em')
    """
    return width if language() == "en" else natural


def safe_html(compute) -> str:
    """``compute()``'s HTML, or its error inline (anything but a BaccaratError logged)."""
    try:
        return compute()
    except BaccaratError as error:
        text = str(error)
        return message_html(f"⚠ {text if len(text) <= _MAX_MESSAGE else text[:_MAX_MESSAGE - 1] + '…'}", "error")
    except Exception:  # a learner must never see a traceback: the details are logged for a developer
        _LOGGER.exception("a widget could not compute its view")
        return message_html(f"⚠ {_(FALLBACK_MESSAGE)}", "error")


# ---------------------------------------------------------------- argument checks

def check_text(name: str, value, example: str) -> str:
    """``value`` if it is text (what a text box starts with; its content is read, and judged inline, later)."""
    if not isinstance(value, str):
        raise BaccaratError(_("{name} must be text such as {example}, not {value}").format(
            name=name, example=example, value=shown(value)))
    return value


def check_option(name: str, value, options, accepted: str | None = None):
    """``value`` if it is one of ``options`` (values, or (label, value) pairs)."""
    values = [option[1] if isinstance(option, tuple) else option for option in options]
    candidate = value
    if type(value).__name__ not in ("bool", "bool_") and not isinstance(value, str):
        try:
            candidate = operator.index(value)           # a numpy integer counts as its int
        except TypeError:
            pass
    for each in values:
        if type(each) is type(candidate) and each == candidate:
            return each
    words = accepted or _("one of {values}").format(values=", ".join(str(each) for each in values))
    room = max(20, _MESSAGE_BUDGET - len(name) - len(words))   # a long list of choices leaves less for the value
    raise BaccaratError(_("{name} must be {accepted}, not {value}").format(
        name=name, accepted=words, value=shown(value, room)))


def chosen(menu, what: str):
    """``menu.value``; None (nothing chosen) is said inline, asking to choose ``what`` (translated by the caller)."""
    if menu.value is None:
        raise BaccaratError(_("Nothing is chosen in the {menu} menu: choose {what}.").format(
            menu=menu.description or what, what=what))
    return menu.value


# ---------------------------------------------------------------- the seed box

_DIGITS = re.compile(r"[0-9]{1,100}")


class _TextOrWholeNumber(traitlets.Unicode):
    """Text; a whole number (an int or a numpy integer, not a bool) is taken as its digits."""

    def validate(self, obj, value):
        if not isinstance(value, (str, bool)):
            try:
                value = str(operator.index(value))
            except TypeError:
                pass
        return super().validate(obj, value)


class SeedBox(widgets.Text):
    """A text box holding a seed: what is typed stays, and ``seed_or_error()`` says what is wrong."""

    value = _TextOrWholeNumber("", help="The typed seed").tag(sync=True)

    def __init__(self, seed=0, **kwargs):
        seed = check_seed(seed)
        kwargs.setdefault("continuous_update", False)      # like a number box: read on Enter or leaving it
        kwargs.setdefault("description", _("Seed"))
        kwargs.setdefault("style", {"description_width": fitted("6em")})
        kwargs.setdefault("layout", widgets.Layout(width=fitted("14em", "16em")))
        super().__init__(value="" if seed is None else str(seed), **kwargs)

    def seed_or_error(self) -> int:
        """The typed seed as an int (at most 100 digits, spaces around ignored); a BaccaratError if it is not one."""
        text = self.value.strip()
        if not _DIGITS.fullmatch(text):
            if not text:
                raise BaccaratError(_("seed must be a whole number 0 or more, such as 2024 (the same seed gives "
                                      "the same result): the box is empty"))
            raise BaccaratError(_("seed must be a whole number 0 or more, such as 2024 (the same seed gives the "
                                  "same result), not {value}").format(value=shown(text)))
        return int(text)

    @property
    def seed(self) -> int | None:
        """The typed seed, or None when the box does not hold one."""
        try:
            return self.seed_or_error()
        except BaccaratError:
            return None


def close_widgets(replaced) -> None:
    """Close widgets a view has replaced, and each one's own style model (never a shared layout such as ``BIG``)."""
    for widget in replaced:
        style = getattr(widget, "style", None)
        widget.close()
        if isinstance(style, widgets.Widget):
            style.close()


def store_messages_html(recorded: Recorded) -> str:
    """The HTML of the messages about the progress store that recording one answer brought ("" almost always)."""
    return "".join(message_html(message, "info") for message in recorded.messages)


def action_button(description: str, action, layout=BIG, **options) -> widgets.Button:
    """A button labelled ``description`` (translated by the caller) that calls ``action()`` when pressed."""
    control = widgets.Button(description=description, layout=layout, **options)
    control.on_click(lambda _event: action())
    return control


def on_change(controls, action) -> None:
    """Call ``action()`` whenever one of ``controls`` changes its value."""
    for control in controls:
        control.observe(lambda _change: action(), names="value")


def picked_seed(seed, high: int = 1_000_000) -> int:
    """``seed`` checked; None picks one at random below ``high``, which the seed box shows so the deal can replay."""
    seed = check_seed(seed)
    return random.Random().randrange(1, high) if seed is None else seed
