"""Widgets for lesson 09: the practice drill, the weak-spots drill and the final test.

Each is a thin view of a ``teaching.practice.Drill``, changed only by ``start_drill``, ``answer_drill`` and
``next_drill``. The first question waits behind **Start** and is timed from it, each next one from **Next question**;
only the first judged answer to each is scored and saved through ``progress.recorder`` (source "drill" or "test").

>>> drill = show_drill(kind="total", seed=1).controller
>>> drill.start()
>>> drill.click(drill.state.exercise.question.answer).correct, drill.state.score.right
(True, 1)
"""

from __future__ import annotations

import logging
import time
from html import escape

import ipywidgets as widgets

from ...errors import BaccaratError, shown, whole_number
from ...i18n import N_, _
from ...progress.recorder import AnswerRecorder
from ...progress.store import progress_store
from ...teaching.practice import (FINAL_TEST_QUESTIONS, KIND_NAMES, KINDS, MAX_TEST_QUESTIONS, MIXED, TEST, Drill,
                                  answer_drill, next_drill, score_summary, start_drill)
from ...teaching.questions import check_answer
from ..html import caption_html, message_html
from .common import (LiveHTML, SeedBox, action_button, check_option, chosen, fitted, focus, on_change, picked_seed,
                     projector_view, safe_html, store_messages_html)
from .question import AnswerControls

__all__ = ["PracticeDrill", "show_drill", "show_weak_spots_drill", "show_final_test"]

_KIND_OPTIONS = [(N_("Mixed (set by difficulty)"), MIXED)] + [(KIND_NAMES[kind], kind) for kind in KINDS]
_DIFFICULTY_OPTIONS = [(N_("1 · totals, naturals"), 1), (N_("2 · Player, simple Banker"), 2),
                       (N_("3 · tableau, settling"), 3)]
_LOGGER = logging.getLogger(__name__)
# Drills and the final test keep one try (a lesson's exercise gives a hint and a second): said under the settings.
ONE_TRY = N_("One try per question: your first answer is the one scored.")


def _shown_options(options) -> list:
    """A menu's (label, value) pairs with each label in the current language; the values (codes) stay."""
    return [(_(label), value) for label, value in options]


# ---------------------------------------------------------------- pure functions

def _score_html(drill: Drill) -> str:
    """The running score (and, at the end of a test, the summary)."""
    score = drill.score
    where = (_("Question {number} of {length}").format(number=drill.number + 1, length=drill.length)
             if drill.length else _("Question {number}").format(number=drill.number + 1))
    line = caption_html(_("{question} &nbsp;·&nbsp; <b>Score: {right} of {asked}</b> &nbsp;·&nbsp; "
                          "streak {streak} (best {best})").format(question=where, right=score.right,
                                                                  asked=score.asked, streak=score.streak,
                                                                  best=score.best_streak))
    if drill.finished:
        line += message_html(_("Test finished. {summary}").format(summary=score_summary(score)), "info")
    return line


def _drill_html(drill: Drill) -> str:
    """The current question, its feedback once answered, and the score, as HTML."""
    exercise = drill.exercise
    level = "" if drill.kind == TEST else _(", difficulty {difficulty}").format(difficulty=exercise.difficulty)
    if drill.adaptive:
        level += " · " + _("practice that remembers")
    heading = caption_html(f"<i>{escape(_(KIND_NAMES[exercise.kind]))}{level}</i>")
    prompt = f'<div style="font-size:1.35em;margin:0.3em 0;">{escape(exercise.question.prompt)}</div>'
    feedback = ""
    if drill.feedback is not None:
        feedback = message_html(drill.feedback.message, "right" if drill.feedback.correct else "wrong")
    return heading + prompt + feedback + _score_html(drill)


# ---------------------------------------------------------------- the drill and the final test

class PracticeDrill:
    """A drill, or with ``test=True`` the final test; ``.start()``, ``.click(choice)``, ``.next()``."""

    def __init__(self, kind: str = MIXED, difficulty: int = 1, seed: int = 2024, test: bool = False,
                 questions: int = FINAL_TEST_QUESTIONS, adaptive: bool = False, clock=time.monotonic):
        if not isinstance(test, bool):
            raise BaccaratError(_("test must be True (the final test) or False (a drill), not {value}").format(
                value=shown(test)))
        if not isinstance(adaptive, bool) or (adaptive and test):
            raise BaccaratError(_("adaptive must be True (a drill that follows your saved answers) or False, and a "
                                  "test is never adaptive, not {value}").format(value=shown(adaptive)))
        kind = check_option("kind", kind, _KIND_OPTIONS)
        difficulty = check_option("difficulty", difficulty, _DIFFICULTY_OPTIONS, _("1, 2 or 3"))
        seed = picked_seed(seed)
        questions = whole_number("questions", questions, 1, MAX_TEST_QUESTIONS)
        self.test, self.questions, self.adaptive = test, questions, adaptive
        self.recorder = AnswerRecorder("test" if test else "drill", clock=clock)
        self.kind = widgets.Dropdown(options=_shown_options(_KIND_OPTIONS), value=kind, description=_("Drill"),
                                     style={"description_width": fitted("6em")},
                                     layout=widgets.Layout(width=fitted("26em", "30em")))
        self.difficulty = widgets.ToggleButtons(options=_shown_options(_DIFFICULTY_OPTIONS), value=difficulty,
                                                description=_("Difficulty"),
                                                style={"description_width": fitted("6em"),
                                                       "button_width": fitted("14em", "auto")})
        self.seed = SeedBox(seed)
        self.start_button = action_button(_("Start"), self.start, button_style="primary", icon="play")
        self.restart_button = action_button(_("Start again"), self.restart, icon="refresh")
        self.next_button = action_button(_("Next question"), self.next, button_style="primary", icon="forward")
        self.controls = AnswerControls(self.answer, placeholder=_("a number, e.g. 9.5 or -10"))
        # Announced by screen readers: the question (its feedback and score once answered) and the notice
        self.question = LiveHTML()
        self.notice = LiveHTML()
        self.state: Drill | None = None
        self.last_answer = None
        self.begun = False                  # Start was pressed: questions are shown, each timed from its click
        self.answer_row = widgets.HBox([self.start_button])     # Start, then the answer controls
        on_change((self.kind, self.difficulty, self.seed), self.restart)
        if test:
            settings = widgets.HBox([self.seed, self.restart_button])
            help_text = _("Answer each question, then press Next. The same seed always gives the same test.")
        elif adaptive:
            settings = widgets.VBox([widgets.HBox([self.kind, self.restart_button]), self.difficulty])
            help_text = _("No seed: each question is chosen from your saved answers. What you miss comes back "
                          "soon; what you know well, later.")
        else:
            settings = widgets.VBox([widgets.HBox([self.kind, self.seed]), self.difficulty])
            help_text = _("Changing a setting starts a new drill. The same seed always gives the same questions.")
        help_text += "<br>" + _(ONE_TRY)
        self.view = projector_view([settings, widgets.HTML(caption_html(help_text)), self.question,
                                   self.answer_row, self.notice, self.next_button], controller=self)
        self.restart()

    # -- actions
    def restart(self):
        """Start the drill (or test) again from question 1 with the current settings (a bad seed: said inline)."""
        def compute():
            self.state = None
            if self.test:
                self.state = start_drill(TEST, seed=self.seed.seed_or_error(), length=self.questions)
                return ""
            kind, difficulty = chosen(self.kind, _("a drill")), chosen(self.difficulty, _("a difficulty"))
            if self.adaptive:
                self.state = self._with_history(lambda history: start_drill(kind, difficulty, adaptive=True,
                                                                            history=history))
            else:
                self.state = start_drill(kind, difficulty, self.seed.seed_or_error())
            return ""
        self.notice.value = safe_html(compute)
        self.last_answer = None
        self._shown()
        self.update()

    def _with_history(self, step):
        """``step(history)`` with the saved answers, or none if they cannot be read."""
        try:
            return step(progress_store())
        except Exception:                   # noqa: BLE001 - a progress problem must never stop a drill
            _LOGGER.exception("could not read the saved answers")
            return step(())

    def start(self):
        """Start: show the first question and start its clock (the learner is at the widget now)."""
        if not self.begun:
            self.begun = True
            self._shown()
            self.update()
            focus(self.controls.first)      # Start goes away: the keyboard moves on to the first answer

    def _shown(self):
        """Start the clock of the question now shown, on the learner's click (never before Start)."""
        if self.state is not None and self.begun:
            self.recorder.ask()

    def _save(self, exercise, text, feedback) -> str:
        """Save the first judged answer to ``exercise``; the HTML of any message about the store."""
        key = getattr(exercise.question, "key", None) or exercise.question.prompt
        return store_messages_html(self.recorder.record(exercise.skill, key, str(text), feedback.correct))

    def answer(self, text):
        """Answer the current question with ``text``; returns the Feedback shown."""
        if self.state is None or not self.begun:
            return None
        feedback = check_answer(self.state.exercise.question, text)
        if not feedback.judged:
            self.notice.value = message_html(feedback.message, "info")
            return feedback
        self.last_answer = self.last_answer if self.state.answered else str(text)
        exercise = self.state.exercise
        self.state = answer_drill(self.state, text)
        self.notice.value = self._save(exercise, text, feedback)     # saved only if it is the first (the recorder)
        self.update()
        # One try: the answer controls are locked now, so the keyboard moves on
        focus(self.restart_button if self.state.finished else self.next_button)
        return self.state.feedback

    def click(self, choice: str):
        """Press the button labelled ``choice``, or type it and press Check; returns the Feedback."""
        if self.state is None or not self.begun:
            return None
        self.controls.press(choice)
        return self.state.feedback

    def next(self):
        """Move on to the next question (a test waits for an answer first)."""
        if self.state is not None and self.begun:
            before = self.state
            self.state = (self._with_history(lambda history: next_drill(before, history)) if before.adaptive
                          else next_drill(before, ()))
            self.last_answer = None
            self.notice.value = ""
            if self.state is not before:
                self._shown()
            self.update()
            if self.state is not before:
                focus(self.controls.first)  # the new question's first answer

    # -- view
    def _answer_controls(self):
        question = self.state.exercise.question
        self.controls.show(question.choices)
        self.controls.lock(self.state.answered)          # one try: only the first answer is scored
        if self.state.answered:
            self.controls.mark(question.answer, self.last_answer)
        else:
            self.controls.mark()
            if not question.choices and self.last_answer is None:
                self.controls.clear_text()

    def update(self):
        """Show the current question, the answer controls, the feedback and the score."""
        self.answer_row.children = (self.controls.box,) if self.begun else (self.start_button,)
        if self.state is None:
            self.question.value, self.controls.box.children = "", ()
            self.next_button.disabled = True
            return
        if not self.begun:
            self.question.value = caption_html(_("Press Start when you are ready: each question is timed from when "
                                                 "it is shown."))
            self.next_button.disabled = True
            return
        self.question.value = safe_html(lambda: _drill_html(self.state))
        self._answer_controls()
        self.next_button.disabled = self.state.finished or (self.test and not self.state.answered)
        self.next_button.description = _("Finished") if self.state.finished else _("Next question")


def show_drill(kind: str = MIXED, difficulty: int = 1, seed: int = 2024, adaptive: bool = False):
    """The practice drill, ready to display; ``adaptive=True``: chosen from the learner's saved answers."""
    return PracticeDrill(kind, difficulty, seed, adaptive=adaptive).view


def show_weak_spots_drill(kind: str = MIXED, difficulty: int = 3):
    """"Practise my weak spots": the adaptive drill of ``kind`` at ``difficulty``, ready to display."""
    return PracticeDrill(kind, difficulty, adaptive=True).view


def show_final_test(seed: int = 2024, questions: int = FINAL_TEST_QUESTIONS):
    """The final mixed test of ``questions`` questions (1 to 100), ending with a score summary, ready to display."""
    return PracticeDrill(seed=seed, test=True, questions=questions).view
