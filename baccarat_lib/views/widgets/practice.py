"""Widgets for lesson 09: the practice drill and the final test.

Each widget is a thin view: the drill's state is a ``teaching.practice.Drill`` changed only by ``start_drill``,
``answer_drill`` and ``next_drill``, answered with the exercise widget's ``AnswerControls``.

- ``drill_html(drill)``: the current question, its feedback (once answered) and the running score.

Widgets (each ``show_…()`` returns the view; ``view.controller`` holds the controls: see ``common``):

- ``show_drill(kind="mixed", difficulty=1, seed=2024)``: choose the drill and difficulty, answer, see
  instant feedback and the score, press Next; the same seed gives the same questions.
- ``show_final_test(seed=2024, questions=10)``: a mixed test of every kind, then a score summary.

>>> drill = show_drill(kind="total", seed=1).controller
>>> drill.click(drill.state.exercise.question.answer).correct, drill.state.score.right
(True, 1)
"""

from __future__ import annotations

import random
from html import escape

import ipywidgets as widgets

from ...errors import BaccaratError, check_seed, shown, whole_number
from ...teaching.practice import (KIND_NAMES, KINDS, MIXED, TEST, Drill, answer_drill, next_drill, score_summary,
                                  start_drill)
from ...teaching.questions import check_answer
from ..html import caption_html, message_html
from .common import BIG, SeedBox, check_option, chosen, projector_view, safe_html
from .question import AnswerControls

__all__ = ["drill_html", "score_html", "PracticeDrill", "show_drill", "show_final_test"]

_KIND_OPTIONS = [("Mixed (set by difficulty)", MIXED)] + [(KIND_NAMES[kind], kind) for kind in KINDS]
_DIFFICULTY_OPTIONS = [("1 · totals, naturals", 1), ("2 · Player, simple Banker", 2),
                       ("3 · tableau, settling", 3)]
MAX_TEST_QUESTIONS = 100   # a final test on screen asks at most this many questions


# ---------------------------------------------------------------- pure functions

def _check_drill(drill) -> Drill:
    if not isinstance(drill, Drill):
        raise BaccaratError(f"drill must be a Drill made by start_drill(...), not {shown(drill)}")
    return drill


def score_html(drill: Drill) -> str:
    """The running score (and, at the end of a test, the summary)."""
    _check_drill(drill)
    score = drill.score
    where = f"Question {drill.number + 1}" + (f" of {drill.length}" if drill.length else "")
    line = caption_html(f"{where} &nbsp;·&nbsp; <b>Score: {score.right} of {score.asked}</b> &nbsp;·&nbsp; "
                           f"streak {score.streak} (best {score.best_streak})")
    if drill.finished:
        line += message_html(f"Test finished. {score_summary(score)}", "info")
    return line


def drill_html(drill: Drill) -> str:
    """The current question, its feedback once answered, and the score, as HTML."""
    _check_drill(drill)
    exercise = drill.exercise
    level = "" if drill.kind == TEST else f", difficulty {exercise.difficulty}"
    heading = caption_html(f"<i>{escape(KIND_NAMES[exercise.kind])}{level}</i>")
    prompt = f'<div style="font-size:1.35em;margin:0.3em 0;">{escape(exercise.question.prompt)}</div>'
    feedback = ""
    if drill.feedback is not None:
        feedback = message_html(drill.feedback.message, "right" if drill.feedback.correct else "wrong")
    return heading + prompt + feedback + score_html(drill)


# ---------------------------------------------------------------- the drill and the final test

class PracticeDrill:
    """A drill (choose kind, difficulty and seed) or, with ``test=True``, the final mixed test.

    ``kind`` is "mixed" or one of ``practice.KINDS``; ``difficulty`` 1, 2 or 3; ``seed`` None (a seed is picked
    at random and shown) or a whole number 0 or more; ``questions`` (the test's length) 1 to 100. Anything else
    is refused with a BaccaratError before a control is built. A seed typed into the seed box that is not a seed
    is said inline, and the drill waits for a good one.
    """

    def __init__(self, kind: str = MIXED, difficulty: int = 1, seed: int = 2024, test: bool = False,
                 questions: int = 10):
        if not isinstance(test, bool):
            raise BaccaratError(f"test must be True (the final test) or False (a drill), not {shown(test)}")
        kind = check_option("kind", kind, _KIND_OPTIONS)
        difficulty = check_option("difficulty", difficulty, _DIFFICULTY_OPTIONS, "1, 2 or 3")
        seed = check_seed(seed)
        questions = whole_number("questions", questions, 1, MAX_TEST_QUESTIONS)
        if seed is None:                    # as start_drill does: pick one, and show it so the drill can replay
            seed = random.Random().randrange(1, 1_000_000)
        self.test, self.questions = test, questions
        self.kind = widgets.Dropdown(options=_KIND_OPTIONS, value=kind, description="Drill",
                                     style={"description_width": "6em"}, layout=widgets.Layout(width="26em"))
        self.difficulty = widgets.ToggleButtons(options=_DIFFICULTY_OPTIONS, value=difficulty,
                                                description="Difficulty",
                                                style={"description_width": "6em", "button_width": "14em"})
        self.seed = SeedBox(seed, description="Seed", style={"description_width": "6em"},
                            layout=widgets.Layout(width="14em"))
        self.restart_button = widgets.Button(description="Start again", icon="refresh", layout=BIG)
        self.next_button = widgets.Button(description="Next question", button_style="primary", icon="forward",
                                          layout=BIG)
        self.controls = AnswerControls(self.answer, placeholder="a number, e.g. 9.5 or -10")
        self.question = widgets.HTML()
        self.notice = widgets.HTML()
        self.state: Drill | None = None
        self.last_answer = None
        for control in (self.kind, self.difficulty, self.seed):
            control.observe(lambda change: self.restart(), names="value")
        self.restart_button.on_click(lambda _: self.restart())
        self.next_button.on_click(lambda _: self.next())
        if test:
            settings = widgets.HBox([self.seed, self.restart_button])
            help_text = "Answer each question, then press Next. The same seed always gives the same test."
        else:
            settings = widgets.VBox([widgets.HBox([self.kind, self.seed]), self.difficulty])
            help_text = "Changing a setting starts a new drill. The same seed always gives the same questions."
        self.view = projector_view([settings, widgets.HTML(caption_html(help_text)), self.question,
                                   self.controls.box, self.notice, self.next_button], controller=self)
        self.restart()

    # -- actions
    def restart(self):
        """Start the drill (or test) again from question 1 with the current settings (a bad seed: said inline)."""
        def compute():
            self.state = None
            seed = self.seed.seed_or_error()
            if self.test:
                self.state = start_drill(TEST, seed=seed, length=self.questions)
            else:
                self.state = start_drill(chosen(self.kind, "a drill"), chosen(self.difficulty, "a difficulty"), seed)
            return ""
        self.notice.value = safe_html(compute)
        self.last_answer = None
        self.update()

    def answer(self, text):
        """Answer the current question with ``text``; returns the Feedback shown. An answer that is not judged
        (blank, or not a number where a number is asked) is told what to type, is not scored, and the question
        stays open."""
        if self.state is None:
            return None
        feedback = check_answer(self.state.exercise.question, text)
        if not feedback.judged:
            self.notice.value = message_html(feedback.message, "info")
            return feedback
        self.last_answer = self.last_answer if self.state.answered else str(text)
        self.state = answer_drill(self.state, text)
        self.notice.value = ""
        self.update()
        return self.state.feedback

    def click(self, choice: str):
        """Press the answer button labelled ``choice`` (or type ``choice`` and press Check); returns the Feedback
        (None while the seed box holds no seed)."""
        if self.state is None:
            return None
        for button in self.controls.buttons:
            if button.description == choice:
                button.click()
                return self.state.feedback
        self.controls.text.value = choice
        self.controls.check.click()
        return self.state.feedback

    def next(self):
        """Move on to the next question (a test waits for an answer first)."""
        if self.state is not None:
            self.state = next_drill(self.state)
            self.last_answer = None
            self.notice.value = ""
            self.update()

    # -- view
    def _answer_controls(self):
        question = self.state.exercise.question
        self.controls.show(question.choices)
        if self.state.answered:
            self.controls.mark(question.answer, self.last_answer)
        else:
            self.controls.mark()
            if not question.choices and self.last_answer is None:
                self.controls.clear_text()

    def update(self):
        """Show the current question, the answer controls, the feedback and the score."""
        if self.state is None:
            self.question.value, self.controls.box.children = "", ()
            self.next_button.disabled = True
            return
        self.question.value = safe_html(lambda: drill_html(self.state))
        self._answer_controls()
        self.next_button.disabled = self.state.finished or (self.test and not self.state.answered)
        self.next_button.description = "Finished" if self.state.finished else "Next question"


def show_drill(kind: str = MIXED, difficulty: int = 1, seed: int = 2024):
    """The practice drill, ready to display: ``kind`` is "mixed" or one of ``practice.KINDS``, ``difficulty`` 1, 2
    or 3, ``seed`` None or a whole number 0 or more (the same seed gives the same questions)."""
    return PracticeDrill(kind, difficulty, seed).view


def show_final_test(seed: int = 2024, questions: int = 10):
    """The final mixed test of ``questions`` questions (1 to 100), ending with a score summary, ready to display."""
    return PracticeDrill(seed=seed, test=True, questions=questions).view
