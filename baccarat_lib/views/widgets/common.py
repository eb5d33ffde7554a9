"""Pieces every widget shares: the one view pattern, inline errors instead of tracebacks, and argument checks.

The one widget pattern: a class holds the controls as attributes and an ``update()`` that calls one pure
function; its ``view`` is made by ``projector_view(children, controller=self)``, so ``view.controller`` is
always the object a test drives; ``show_…()`` returns ``Class(...).view``.

Every constructor checks its arguments before it builds a control, and raises a ``BaccaratError`` naming the
argument, the value given and what is accepted (a control would otherwise refuse it with a raw traitlets error,
or silently clamp it). After that, whatever a learner types shows inline: ``safe_html`` turns a
``BaccaratError`` into a message box, and anything else into one plain sentence (the details go to the
``baccarat_lib.views`` logger, for a developer), never a traceback or a Python type name.

Public names:

- ``projector_view(children, controller, name=None)``: the box every widget is shown in, with fonts sized for a
  projector; its plain-text fallback is one sentence naming the widget (not a repr a learner cannot read, when the widget is
  not drawn).
- ``safe_html(compute)``: the HTML ``compute()`` returns, or an inline error box if it raises.
- ``BIG``: the layout of a large button.

Helpers of the widget modules (not exported: their arguments come from the library's own code):

- ``check_text(name, value, example)``: a text argument (what a text box starts with), checked to be text.
- ``check_option(name, value, options, accepted=None)``: a value checked to be one of a control's options.
- ``chosen(menu, what)``: a menu's value, or a BaccaratError asking to choose ``what`` when nothing is chosen.
- ``SeedBox``: the seed box of the drill and the road dealer: a text box, so a bad seed shows inline.
- ``close_widgets(widgets)``: close controls a widget replaces (and their style models), freeing them.
- ``FALLBACK_MESSAGE``: the sentence shown when something unexpected goes wrong.
- ``fitted(width, natural="initial")``: a label's or button's width: ``width`` in English, ``natural`` in another
  language (whose words are longer), so a translated label is never cut.
- ``ProjectorView``: the VBox class ``projector_view`` returns; its plain text is ``fallback_text(name)``, not a repr.
- ``fallback_text(name)``: "Run the cells above and this one (Run ▸ Run All Cells) to use <name>."
- ``LiveHTML(value="")``: an HTML widget a screen reader announces when it changes (its value always sits in a
  ``role="status"`` live region, present and empty before anything is shown): feedback and explanations.
- ``live_html(html)``: ``html`` in that live region (what a ``LiveHTML`` holds).
- ``focus(control)``: move the keyboard's focus to ``control`` (after an answer: the Next button; after Next: the
  new question's first control), so a keyboard user never lands on a control that has just gone away.
- ``shown_html(widget)``: what an HTML widget shows, without the live region of a ``LiveHTML``.
- ``store_messages_html(recorded)``: the messages about the progress store that saving one answer brought
  (``progress.recorder.Recorded``; "" almost always), as HTML to show under the feedback.

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

# ipywidgets draws controls in 13 px text, too small at the back of a classroom. Every widget's box carries
# the class bcl-widget and this style sheet, which enlarges its buttons, menus, boxes and HTML text, and draws the
# keyboard's focus as a 3 px ring (ipywidgets' own is a 1 px pale blue line, lost on a projector).
# Its first rule reaches beyond the widget, to the whole page (JupyterLab, the book): printed explanations wrap
# between words, as JupyterLab's own output style breaks their lines anywhere ("draws on any ca / rd but 8"); a
# word longer than the whole line still breaks rather than running off the side. Every lesson shows a widget.
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


# What a front end without the widget renderer shows in place of a widget (GitHub, nbviewer without saved state,
# a terminal, a notebook opened before its cells ran): one readable sentence naming the widget, never a repr.
# The names are translated when a widget is built (``projector_view``), in the notebook's language.
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
    """The VBox every course widget is shown in; its plain-text form (``repr``, and the ``text/plain`` a notebook
    stores beside the widget view) is one sentence saying how to get the widget, not a Python repr."""

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
    """A VBox of ``children`` whose controls and text are large enough to read on a projector;
    ``view.controller`` is the object that holds the controls. ``name`` (default: from the controller's class,
    e.g. "the coup builder") names the widget in its plain-text fallback (see ``fallback_text``), in the current
    language (a given ``name`` is translated by the caller)."""
    if name is None:
        name = _(_WIDGET_NAMES.get(type(controller).__name__, N_("this widget")))
    check_text("name", name, '"the coup builder"')
    view = ProjectorView([widgets.HTML(PROJECTOR_CSS, layout=widgets.Layout(height="0px", margin="0")),
                          *children], name=name)
    view.add_class("bcl-widget")
    view.controller = controller
    return view


# A live region: a screen reader says what appears inside it ("polite": after what it is saying now), the whole
# region each time (aria-atomic), so "Right: …" is announced without the learner moving to it. ipywidgets
# writes an HTML widget's value as its content, so the region is part of the value: present, and empty, before the
# first answer. The widget itself also carries the class bcl-live-box, a hook for a page that can mark the
# (lasting) widget element as the live region.
_LIVE_OPEN = '<div class="bcl-live" role="status" aria-live="polite" aria-atomic="true">'


def live_html(html: str = "") -> str:
    """``html`` inside the live region that screen readers announce.

    >>> live_html("")
    '<div class="bcl-live" role="status" aria-live="polite" aria-atomic="true"></div>'
    """
    return html if html.startswith(_LIVE_OPEN) else f"{_LIVE_OPEN}{html}</div>"


class LiveHTML(widgets.HTML):
    """An HTML widget whose value is always inside a live region (``live_html``): set ``.value`` to the HTML to
    show, as with any HTML widget, and a screen reader announces it."""

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
    """A description's or button's width: ``width`` in English (the fixed widths were chosen for the English
    words, and keep the rows lined up), ``natural`` in another language, whose words are often longer
    (Vietnamese labels are about half as long again): a fixed width would cut them on the projector.

    >>> fitted("8em"), fitted("14em", "auto")
    ('8em', '14em')
    """
    return width if language() == "en" else natural


def _short(text: str) -> str:
    return text if len(text) <= _MAX_MESSAGE else text[:_MAX_MESSAGE - 1] + "…"


def safe_html(compute) -> str:
    """Call ``compute()`` for HTML; show a BaccaratError's message inline, and anything else as one plain sentence
    (logged with its traceback on the ``baccarat_lib.views`` logger), never a traceback or a type name."""
    try:
        return compute()
    except BaccaratError as error:
        return message_html(f"⚠ {_short(str(error))}", "error")
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


def _option_values(options) -> list:
    return [option[1] if isinstance(option, tuple) else option for option in options]


def check_option(name: str, value, options, accepted: str | None = None):
    """``value`` if it is one of ``options`` (values, or (label, value) pairs as a Dropdown takes them).

    A numpy integer counts as its int; ``True`` is not 1. ``accepted`` words the choices (default: them all),
    in the current language (the caller translates it)."""
    values = _option_values(options)
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
    """``menu.value``; a menu holds one of its options or None (nothing chosen), which is said inline.
    ``what`` is in the current language (the caller translates it)."""
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
    """A text box holding a seed (a whole number 0 or more, the one seed policy of ``errors``).

    Unlike an IntText (which a browser silently reverts) or a BoundedIntText (which silently clamps a negative
    seed to 0), whatever is typed stays visible and ``seed_or_error()`` says what is wrong, for the widget to show
    inline. Setting ``.value`` to a whole number (``box.value = 32``) is the same as typing it.
    """

    value = _TextOrWholeNumber("", help="The typed seed").tag(sync=True)

    def __init__(self, seed=0, **kwargs):
        seed = check_seed(seed)
        kwargs.setdefault("continuous_update", False)      # like a number box: read on Enter or leaving it
        super().__init__(value="" if seed is None else str(seed), **kwargs)

    def seed_or_error(self) -> int:
        """The typed seed as an int (digits 0-9, at most 100 of them, spaces around ignored); a BaccaratError
        (quoting a short prefix of the text) if it is not one."""
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
    """Close widgets a view has replaced, and each one's own style model, so the kernel frees them.

    A shared layout (such as ``BIG``) is never closed: other controls still use it."""
    for widget in replaced:
        style = getattr(widget, "style", None)
        widget.close()
        if isinstance(style, widgets.Widget):
            style.close()


def store_messages_html(recorded: Recorded) -> str:
    """The HTML of the messages about the progress store that recording one answer brought ("" almost always)."""
    return "".join(message_html(message, "info") for message in recorded.messages)
