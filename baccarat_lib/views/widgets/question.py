"""The exercise widget: a question's prompt, its answer controls and instant feedback.

``AnswerControls`` is how every widget takes answers: a button per choice, or a text box that sends its text only
on Enter. Each judged answer is saved through ``progress.recorder`` (source "lesson") under the question's ``skill``
and ``key``; the clock waits for a sign the learner is there, as the recorder says.

Public names:

- ``QuestionWidget(question)``: one exercise on screen, ``.answer(text)`` answers it; ``show_question`` shows it.
"""

from __future__ import annotations

import time

import ipywidgets as widgets

from ...errors import BaccaratError, shown
from ...i18n import _
from ...progress.recorder import AnswerRecorder
from ...teaching.hints import hint, revealed
from ...teaching.questions import Question, check_answer
from ..html import message_html
from .common import BIG, LiveHTML, action_button, close_widgets, focus, projector_view, store_messages_html

__all__ = ["QuestionWidget", "show_question"]

COMPACT_DIGITS = 2          # a choice of one or two digits ("9", "10") gets a compact button; words get BIG
# A compact button's shared layout: ten take 540 px (at 3.4em the "9" of a total's buttons wrapped at 1024 px)
COMPACT = widgets.Layout(width="2.8em", min_width="2.8em", height="2.6em")
clock = time.monotonic      # how a QuestionWidget times answers, unless given a clock (tests replace it)
SOURCE = "lesson"           # the source a lesson exercise's answers are saved with


def _compact(choice: str) -> bool:
    return choice.isdigit() and len(choice) <= COMPACT_DIGITS


class AnswerControls:
    """How a learner answers: a button per choice, or a text box and a Check button; each calls ``on_answer``."""

    def __init__(self, on_answer, placeholder: str | None = None):
        placeholder = _("your answer") if placeholder is None else placeholder   # built now: in today's language
        self.on_answer = on_answer
        self.buttons: list = []
        self.text = widgets.Text(placeholder=placeholder, continuous_update=False,      # sent on Enter: answers
                                 layout=widgets.Layout(width="16em", height="2.6em"))
        self.check = action_button(_("Check"), lambda: self.on_answer(self.text.value), button_style="primary")
        self.text.observe(self._typed, names="value")
        self.box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", max_width="100%"))  # wraps, never overflows
        self._clearing = False

    def _typed(self, change):
        if not self._clearing and str(change["new"]).strip():
            self.on_answer(change["new"])

    def show(self, choices=()):
        """Buttons for ``choices`` (kept if the same as before; replaced ones are closed), or the text box."""
        if choices:
            if [button.description for button in self.buttons] != list(choices):
                replaced = self.buttons
                self.buttons = [widgets.Button(description=choice,
                                               layout=COMPACT if _compact(choice) else BIG)
                                for choice in choices]
                for button in self.buttons:
                    button.on_click(lambda clicked: self.on_answer(clicked.description))
                self.box.children = tuple(self.buttons)
                close_widgets(replaced)
            else:
                self.box.children = tuple(self.buttons)
        else:
            replaced, self.buttons = self.buttons, []
            self.box.children = (self.text, self.check)
            close_widgets(replaced)

    def clear_text(self):
        """Empty the text box without answering."""
        self._clearing = True
        try:
            self.text.value = ""
        finally:
            self._clearing = False

    @property
    def first(self):
        """The first way to answer on screen (the first button, or the text box): the focus goes there."""
        return self.buttons[0] if self.buttons else self.text

    def press(self, choice: str):
        """Press the button labelled ``choice``, or type ``choice`` (as on Enter) and press Check."""
        for button in self.buttons:
            if button.description == choice:
                button.click()
                return
        self.text.value = choice
        self.check.click()

    def lock(self, locked: bool = True):
        """Disable (``locked``) or enable every way to answer; a locked box keeps what was typed."""
        for control in (*self.buttons, self.text, self.check):
            control.disabled = locked

    def mark(self, right: str | None = None, given: str | None = None):
        """Colour the buttons once answered: the right one green, a wrong ``given`` one red (None: plain)."""
        for button in self.buttons:
            button.button_style = ("" if right is None else "success" if button.description == right else
                                   "danger" if button.description == given else "")


class QuestionWidget:
    """One exercise on screen: the prompt, answer controls and a feedback area (see the module's notes)."""

    def __init__(self, question: Question, clock=None):
        if not isinstance(question, Question):
            raise BaccaratError(_("question must be a Question made by a builder such as total_question(\"7 8\"), "
                                  "not {value}").format(value=shown(question)))
        self.question = question
        self.clock = clock if clock is not None else globals()["clock"]
        self.recorder = AnswerRecorder(SOURCE, clock=self.clock)
        self.recorder.ask(start=False)      # built by Run All: the clock waits for a sign the learner is here
        self.prompt = widgets.HTML(f'<div style="font-size:1.3em;margin:0.3em 0;">{question.prompt}</div>')
        self.feedback = LiveHTML()           # announced by screen readers: "Right: …" / "Not quite: …"
        self.controls = AnswerControls(self.answer)
        self.controls.show(question.choices)
        self.missed = False                 # a first wrong answer was given: the next wrong one reveals
        self.settled = False                # answered right, or the answer shown: no more hints
        self.show_answer_button = action_button(_("Show answer"), self.show_answer, icon="eye", layout=widgets.Layout(
            width="auto", min_width="10em", height="2.6em", display="none"))
        self.view = projector_view([self.prompt, self.controls.box, self.feedback, self.show_answer_button],
                                   controller=self)

    def answer(self, text: str):
        """Judge ``text`` and show the feedback (a hint after a first wrong answer); returns the Feedback."""
        feedback = check_answer(self.question, text)
        if not feedback.judged:
            self.recorder.touch()            # a typo shows the learner is at the question: the clock starts
            html = message_html(feedback.message, "info")
        elif feedback.correct or self.settled or self.missed:
            html = message_html(feedback.message, "right" if feedback.correct else "wrong")
            self._settle()
        else:
            self.missed = True
            html = message_html(_("Not quite. {hint} Try once more, or press Show answer.").format(
                hint=hint(self.question)), "wrong")
            self.show_answer_button.layout.display = "inline-flex"
        if feedback.judged:      # saved if the recorder's rule says so; any message about the store shown
            recorded = self.recorder.record(self.question.skill, self.question.key, text, feedback.correct)
            html += store_messages_html(recorded)
        self.feedback.value = html
        return feedback

    def show_answer(self) -> None:
        """Show the right answer and why, saving nothing; the focus goes back to the question's first control."""
        self.feedback.value = message_html(revealed(self.question), "info")
        self._settle()
        focus(self.controls.first)

    def _settle(self) -> None:
        self.settled = True
        self.show_answer_button.layout.display = "none"


def show_question(question: Question):
    """The exercise widget: the prompt, buttons (or a text box and a Check button), instant feedback."""
    return QuestionWidget(question).view
