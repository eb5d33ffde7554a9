"""The exercise widget: a question's prompt, its answer controls and instant feedback.

Public names:

- ``AnswerControls(on_answer, placeholder=None)``: a button per choice, or a text box (Enter answers) and a Check
  button; the practice drill uses them too. The box sends its text with Enter, as one state change, so the answer
  judged is always the text the learner sees (a box that sent each keystroke and answered on the front end's
  separate "submit" message could be judged on an older text: the widget manager holds back a state change while an
  earlier one is in flight, and the submit message overtook it). The buttons wrap onto a second row rather than run off a narrow page, and
  choices of one or two digits (0–9) get compact buttons, so ten of them fit in one row of about 550 px (a
  lesson's output at 1024 px with JupyterLab's file browser open is 588 px wide).
  ``lock()`` disables them all (a drill's question once answered: one try), ``lock(False)`` enables them again.
- ``QuestionWidget(question, clock=None)``: one exercise on screen; ``.answer(text)`` answers it.
- ``show_question(question)``: the exercise widget, ready to display.

**Saved progress**: each judged answer is saved in the learner's progress store by the one answer recorder
(``progress.recorder.AnswerRecorder``, source "lesson") under the question's ``skill`` and ``key``, with the
seconds it took, counted from when the learner could be seen to have the question in front of them: a typed answer
that could not be judged (a typo: they are there), or the answer before it (its feedback was read). An exercise is
built when its cell
runs (Run All builds them all at once, before the learner has scrolled to any), so the widget being built says
nothing about when it was seen; a first answer with nothing before it (a button clicked, or a text typed and
Enter pressed) has an unknown time, saved as unknown (``seconds=None``), left out of medians and never
called slow. (Seeing when a widget scrolls into view would need JavaScript of the course's own in JupyterLab and
Voila; the kernel alone cannot know it, and this rule stays right in a kernel with no browser, as under nbval.)
An answer that is not judged (blank, a typo where a number is asked) is not saved; it starts the clock if it had not
started, and does not stop it. The recorder's rule for a lesson's
exercise: a new try after a wrong answer is saved too (it is a new attempt, and the right one after a miss is what
spaced repetition needs to see); once the question is answered right, further clicks are still judged on screen
but not saved (clicking the right button again would inflate the accuracy), and an answer the same as the one just
saved (Check pressed after Enter) is not saved twice. Any message about the store (e.g. that progress is not being
saved) shows under the feedback, once. ``clock`` is a function returning
seconds (None: the module's ``clock``, ``time.monotonic``; tests replace it).
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
from .common import BIG, LiveHTML, check_text, close_widgets, focus, projector_view, store_messages_html

__all__ = ["AnswerControls", "QuestionWidget", "show_question"]

COMPACT_DIGITS = 2          # a choice of one or two digits ("9", "10") gets a compact button; words get BIG
# The layout of a compact button (2.8em of 18 px text: 50 px, 54 px with its margins), shared like BIG and never
# closed. Ten take 540 px: at 3.4em (65 px each) the "9" of a total's buttons wrapped to a second row at 1024 px.
COMPACT_EM = 2.8
COMPACT = widgets.Layout(width=f"{COMPACT_EM}em", min_width=f"{COMPACT_EM}em", height="2.6em")
clock = time.monotonic      # how a QuestionWidget times answers, unless given a clock (tests replace it)
SOURCE = "lesson"           # the source a lesson exercise's answers are saved with


def _compact(choice: str) -> bool:
    return choice.isdigit() and len(choice) <= COMPACT_DIGITS


class AnswerControls:
    """How a learner answers: a button per choice, or a text box and a Check button; each calls ``on_answer``."""

    def __init__(self, on_answer, placeholder: str | None = None):
        if not callable(on_answer):
            raise BaccaratError(_("on_answer must be a function called with the answer, not {value}").format(
                value=shown(on_answer)))
        placeholder = _("your answer") if placeholder is None else placeholder   # built now: in today's language
        check_text("placeholder", placeholder, '"your answer"')
        self.on_answer = on_answer
        self.buttons: list = []
        # The box sends its text only on Enter (or on leaving it), which answers.
        self.text = widgets.Text(placeholder=placeholder, continuous_update=False,
                                 layout=widgets.Layout(width="16em", height="2.6em"))
        self.check = widgets.Button(description=_("Check"), button_style="primary", layout=BIG)
        self.check.on_click(lambda _event: self.on_answer(self.text.value))
        self.text.observe(self._typed, names="value")
        self.box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", max_width="100%"))  # wraps, never overflows
        self._clearing = False

    def _typed(self, change):
        if not self._clearing and str(change["new"]).strip():
            self.on_answer(change["new"])

    def show(self, choices=()):
        """Buttons for ``choices`` (kept if they are the same as before), or the text box when there are none.

        Buttons that are replaced are closed, so a drill of many questions does not pile up widgets."""
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
        """The first way to answer on screen (the first button, or the text box): where the keyboard's focus goes
        when a question is shown."""
        return self.buttons[0] if self.buttons else self.text

    def lock(self, locked: bool = True):
        """Disable (``locked``) or enable every way to answer: the buttons, the text box and Check. A locked box
        keeps what was typed on screen."""
        for control in (*self.buttons, self.text, self.check):
            control.disabled = locked

    def mark(self, right: str | None = None, given: str | None = None):
        """Colour the buttons once answered: the right one green, a wrong ``given`` one red (None: plain)."""
        for button in self.buttons:
            button.button_style = ("" if right is None else "success" if button.description == right else
                                   "danger" if button.description == given else "")


class QuestionWidget:
    """One exercise on screen: the prompt, answer controls and a feedback area; each judged answer is saved
    and timed from a typo before it or the answer before it, else unknown (see the module's notes). ``clock``:
    None (the module's ``clock``) or a function returning seconds."""

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
        self.show_answer_button = widgets.Button(description=_("Show answer"), icon="eye",
                                                 layout=widgets.Layout(width="auto", min_width="10em",
                                                                       height="2.6em", display="none"))
        self.show_answer_button.on_click(lambda _event: self.show_answer())
        self.view = projector_view([self.prompt, self.controls.box, self.feedback, self.show_answer_button],
                                   controller=self)

    def answer(self, text: str):
        """Judge ``text`` and show the feedback; returns the Feedback. An answer that is not judged (blank, or not a
        number where a number is asked) is told what to type, as information, with nothing revealed.

        A first wrong answer gets a hint (``teaching.hints``) and a second try, with a "Show answer" button; the
        answer and its explanation come after a second wrong answer or on that button."""
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
        if feedback.judged:
            html += self._save(text, feedback.correct)
        self.feedback.value = html
        return feedback

    def show_answer(self) -> None:
        """Show the right answer and why, without judging anything (nothing is saved). The Show answer button
        goes away, so the keyboard's focus moves back to the question's first control."""
        self.feedback.value = message_html(revealed(self.question), "info")
        self._settle()
        focus(self.controls.first)

    def _settle(self) -> None:
        self.settled = True
        self.show_answer_button.layout.display = "none"

    def _save(self, text, right: bool) -> str:
        """Save one judged answer (the recorder's rule for a lesson says whether); the HTML of any message about
        the store."""
        return store_messages_html(self.recorder.record(self.question.skill, self.question.key, text, right))


def show_question(question: Question):
    """The exercise widget: the prompt, buttons (or a text box and a Check button), instant feedback."""
    return QuestionWidget(question).view
