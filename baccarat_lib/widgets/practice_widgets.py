"""Widgets for lessons 09–10: the practice drill, the final test, and the card-removal explorer.

Each widget is a thin view: the drill's state is a ``practice.Drill`` changed only by ``start_drill``,
``answer_drill`` and ``next_drill``; the explorer calls ``counting.edges_after_removing``.

- ``drill_html(drill)``: the current question, its feedback (once answered) and the running score.
- ``removal_html(removed, decks)``: each bet's exact edge with and without the removed cards, as a table.

Widgets (each ``show_…()`` returns the view; ``view.controller`` is the object holding the controls):

- ``show_drill(kind="mixed", difficulty=1, seed=2024)``: choose the drill and difficulty, answer, see
  instant feedback and the score, press Next; the same seed gives the same questions.
- ``show_final_test(seed=2024, questions=10)``: a mixed test of every kind, then a score summary.
- ``show_removal_explorer(removed="5 5 5 5", decks=1)``: take cards out of a shoe; see every bet's exact edge.

>>> drill = show_drill(kind="total", seed=1).controller
>>> drill.click(drill.state.exercise.question.answer).correct, drill.state.score.right
(True, 1)
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..counting import MAIN_BETS, SIDE_BETS, edges_after_removing
from ..practice import (KIND_NAMES, KINDS, MIXED, TEST, Drill, answer_drill, check, next_drill,
                        score_summary, start_drill)
from ..render import message_html
from .common import BIG, projector_view, safe_html

__all__ = ["drill_html", "score_html", "removal_html", "PracticeDrill", "show_drill", "show_final_test",
           "RemovalExplorer", "show_removal_explorer"]

_CAPTION = '<div style="font-size:1.25em;margin:0.3em 0;">{}</div>'
_KIND_OPTIONS = [("Mixed (set by difficulty)", MIXED)] + [(KIND_NAMES[kind], kind) for kind in KINDS]
_DIFFICULTY_OPTIONS = [("1 · totals, naturals", 1), ("2 · Player, simple Banker", 2),
                       ("3 · tableau, settling", 3)]


# ---------------------------------------------------------------- pure functions

def score_html(drill: Drill) -> str:
    """The running score (and, at the end of a test, the summary)."""
    score = drill.score
    where = f"Question {drill.number + 1}" + (f" of {drill.length}" if drill.length else "")
    line = _CAPTION.format(f"{where} &nbsp;·&nbsp; <b>Score: {score.right} of {score.asked}</b> &nbsp;·&nbsp; "
                           f"streak {score.streak} (best {score.best_streak})")
    if drill.finished:
        line += message_html(f"Test finished. {score_summary(score)}", "info")
    return line


def drill_html(drill: Drill) -> str:
    """The current question, its feedback once answered, and the score, as HTML."""
    exercise = drill.exercise
    level = "" if drill.kind == TEST else f", difficulty {exercise.difficulty}"
    heading = _CAPTION.format(f"<i>{escape(KIND_NAMES[exercise.kind])}{level}</i>")
    prompt = f'<div style="font-size:1.35em;margin:0.3em 0;">{escape(exercise.question.prompt)}</div>'
    feedback = ""
    if drill.feedback is not None:
        feedback = message_html(drill.feedback.message, "right" if drill.feedback.correct else "wrong")
    return heading + prompt + feedback + score_html(drill)


def _percent(edge) -> str:
    return f"{float(edge):+.3%}"


def removal_html(removed: str, decks: int = 1, bets=MAIN_BETS + SIDE_BETS) -> str:
    """Every bet's exact edge in a full shoe and without ``removed``; a bet with positive expectation is green."""
    rows = []
    for bet, (before, after) in edges_after_removing(removed, decks, bets).items():
        style = "background:#e7f5ea;font-weight:bold;" if after < 0 else ""
        rows.append(f'<tr style="{style}"><td>{escape(bet)}</td><td>{_percent(before)}</td>'
                    f"<td>{_percent(after)}</td><td>{_percent(after - before)}</td></tr>")
    head = ("<tr><th>bet</th><th>full shoe</th><th>after removing</th><th>change (% points)</th></tr>")
    table = (f'<table style="font-size:1.25em;border-collapse:collapse;" cellpadding="6">{head}'
             f'{"".join(rows)}</table>')
    note = "House edge in %: below 0 (green) the bet favours the bettor."
    return table + _CAPTION.format(note)


# ---------------------------------------------------------------- the drill and the final test

class PracticeDrill:
    """A drill (choose kind, difficulty and seed) or, with ``test=True``, the final mixed test."""

    def __init__(self, kind: str = MIXED, difficulty: int = 1, seed: int = 2024, test: bool = False,
                 questions: int = 10):
        self.test, self.questions = test, questions
        self.kind = widgets.Dropdown(options=_KIND_OPTIONS, value=kind, description="Drill",
                                     style={"description_width": "6em"}, layout=widgets.Layout(width="26em"))
        self.difficulty = widgets.ToggleButtons(options=_DIFFICULTY_OPTIONS, value=difficulty,
                                                description="Difficulty",
                                                style={"description_width": "6em", "button_width": "14em"})
        self.seed = widgets.IntText(value=seed, description="Seed", style={"description_width": "6em"},
                                    layout=widgets.Layout(width="14em"))
        self.restart_button = widgets.Button(description="Start again", icon="refresh", layout=BIG)
        self.next_button = widgets.Button(description="Next question", button_style="primary", icon="forward",
                                          layout=BIG)
        self.answer_box = widgets.Text(placeholder="your answer, e.g. 9.5 or -10", continuous_update=False,
                                       layout=widgets.Layout(width="16em", height="2.6em"))
        self.check_button = widgets.Button(description="Check", button_style="primary", layout=BIG)
        self.choice_buttons: list = []
        self.answers = widgets.HBox()
        self.question = widgets.HTML()
        self.notice = widgets.HTML()
        self.state: Drill | None = None
        self.last_answer = None
        self._resetting = False
        for control in (self.kind, self.difficulty, self.seed):
            control.observe(lambda change: self.restart(), names="value")
        self.restart_button.on_click(lambda _: self.restart())
        self.next_button.on_click(lambda _: self.next())
        self.check_button.on_click(lambda _: self.answer(self.answer_box.value))
        self.answer_box.observe(self._typed, names="value")
        if test:
            settings = widgets.HBox([self.seed, self.restart_button])
            help_text = "Answer each question, then press Next. The same seed always gives the same test."
        else:
            settings = widgets.VBox([widgets.HBox([self.kind, self.seed]), self.difficulty])
            help_text = "Changing a setting starts a new drill. The same seed always gives the same questions."
        self.view = projector_view([settings, widgets.HTML(_CAPTION.format(help_text)), self.question,
                                  self.answers, self.notice, self.next_button])
        self.restart()

    # -- actions
    def restart(self):
        """Start the drill (or test) again from question 1 with the current settings."""
        def compute():
            if self.test:
                self.state = start_drill(TEST, seed=self.seed.value, length=self.questions)
            else:
                self.state = start_drill(self.kind.value, self.difficulty.value, self.seed.value)
            return ""
        self.notice.value = safe_html(compute)
        self.last_answer = None
        self.update()

    def answer(self, text):
        """Answer the current question with ``text``; returns the Feedback shown."""
        if self.state is None:
            return None
        if str(text).strip() == "":
            feedback = check(self.state.exercise, text)
            self.notice.value = message_html(feedback.message, "info")
            return feedback
        self.last_answer = self.last_answer if self.state.answered else str(text)
        self.state = answer_drill(self.state, text)
        self.notice.value = ""
        self.update()
        return self.state.feedback

    def click(self, choice: str):
        """Press the answer button labelled ``choice`` (or type ``choice`` and press Check); returns the Feedback."""
        for button in self.choice_buttons:
            if button.description == choice:
                button.click()
                return self.state.feedback
        self.answer_box.value = choice
        self.check_button.click()
        return self.state.feedback

    def next(self):
        """Move on to the next question (a test waits for an answer first)."""
        if self.state is not None:
            self.state = next_drill(self.state)
            self.last_answer = None
            self.notice.value = ""
            self.update()

    def _typed(self, change):
        if not self._resetting and str(change["new"]).strip():
            self.answer(change["new"])

    # -- view
    def _answer_controls(self):
        question = self.state.exercise.question
        if question.choices:
            if [button.description for button in self.choice_buttons] != list(question.choices):
                self.choice_buttons = [widgets.Button(description=choice, layout=BIG) for choice in question.choices]
                for button in self.choice_buttons:
                    button.on_click(lambda clicked: self.answer(clicked.description))
            for button in self.choice_buttons:
                button.button_style = ("" if not self.state.answered else
                                       "success" if button.description == question.answer else
                                       "danger" if button.description == self.last_answer else "")
            self.answers.children = tuple(self.choice_buttons)
        else:
            self.choice_buttons = []
            self.answers.children = (self.answer_box, self.check_button)
            if not self.state.answered and self.last_answer is None and self.answer_box.value:
                self._resetting = True
                self.answer_box.value = ""
                self._resetting = False

    def update(self):
        """Show the current question, the answer controls, the feedback and the score."""
        if self.state is None:
            self.question.value, self.answers.children = "", ()
            self.next_button.disabled = True
            return
        self.question.value = safe_html(lambda: drill_html(self.state))
        self._answer_controls()
        self.next_button.disabled = self.state.finished or (self.test and not self.state.answered)
        self.next_button.description = "Finished" if self.state.finished else "Next question"


def show_drill(kind: str = MIXED, difficulty: int = 1, seed: int = 2024):
    """The practice drill, ready to display: ``kind`` is "mixed" or one of ``practice.KINDS``."""
    drill = PracticeDrill(kind, difficulty, seed)
    drill.view.controller = drill
    return drill.view


def show_final_test(seed: int = 2024, questions: int = 10):
    """The final mixed test of ``questions`` questions, ending with a score summary, ready to display."""
    drill = PracticeDrill(seed=seed, test=True, questions=questions)
    drill.view.controller = drill
    return drill.view


# ---------------------------------------------------------------- lesson 10: take cards out of the shoe

class RemovalExplorer:
    """Type cards to take out of a shoe of 1–8 decks; see every bet's exact edge before and after."""

    def __init__(self, removed: str = "5 5 5 5", decks: int = 1):
        self.removed = widgets.Text(value=removed, description="Cards out", continuous_update=False,
                                    placeholder="e.g. 5 5 6 6 or 8 9 K",
                                    layout=widgets.Layout(width="32em", height="2.4em"),
                                    style={"description_width": "6em"})
        self.decks = widgets.Dropdown(options=list(range(1, 9)), value=decks, description="Decks",
                                      style={"description_width": "6em"}, layout=widgets.Layout(width="12em"))
        self.result = widgets.HTML()
        for control in (self.removed, self.decks):
            control.observe(lambda change: self.update(), names="value")
        self.view = projector_view([widgets.HBox([self.decks, self.removed]), self.result])
        self.update()

    def update(self):
        """Recompute every edge exactly for the shoe without the typed cards."""
        self.result.value = safe_html(lambda: removal_html(self.removed.value, self.decks.value))


def show_removal_explorer(removed: str = "5 5 5 5", decks: int = 1):
    """The card-removal explorer, ready to display."""
    explorer = RemovalExplorer(removed, decks)
    explorer.view.controller = explorer
    return explorer.view
