"""Pieces every widget shares: inline errors instead of tracebacks, and the exercise view.

Public names:

- ``safe_html(compute)``: the HTML ``compute()`` returns, or an inline error box if it raises.
- ``QuestionWidget(question)``: buttons or a text box with instant feedback; ``.answer(text)`` answers it.
- ``show_question_widget(question)``: a ``QuestionWidget``'s view, ready to display.
"""

from __future__ import annotations

import ipywidgets as widgets

from ..errors import BaccaratError
from ..exercises import Question, check_answer
from ..render import message_html

__all__ = ["safe_html", "QuestionWidget", "show_question_widget", "BIG"]

BIG = widgets.Layout(width="auto", min_width="8em", height="2.6em")


def safe_html(compute) -> str:
    """Call ``compute()`` for HTML; show a BaccaratError (or any other error) inline, never a traceback."""
    try:
        return compute()
    except BaccaratError as error:
        return message_html(f"⚠ {error}", "error")
    except Exception as error:  # a learner must never see a traceback
        return message_html(f"⚠ Something went wrong: {type(error).__name__}: {error}", "error")


class QuestionWidget:
    """One exercise on screen: the prompt, answer controls and a feedback area."""

    def __init__(self, question: Question):
        self.question = question
        self.prompt = widgets.HTML(f'<div style="font-size:1.3em;margin:0.3em 0;">{question.prompt}</div>')
        self.feedback = widgets.HTML()
        if question.choices:
            self.buttons = [widgets.Button(description=choice, layout=BIG) for choice in question.choices]
            for button in self.buttons:
                button.on_click(lambda clicked: self.answer(clicked.description))
            controls = widgets.HBox(self.buttons)
        else:
            self.text = widgets.Text(placeholder="your answer", continuous_update=False,
                                     layout=widgets.Layout(width="12em"))
            self.check = widgets.Button(description="Check", button_style="primary", layout=BIG)
            self.check.on_click(lambda _: self.answer(self.text.value))
            self.text.observe(lambda change: self.answer(change["new"]), names="value")
            controls = widgets.HBox([self.text, self.check])
        self.view = widgets.VBox([self.prompt, controls, self.feedback])

    def answer(self, text: str):
        """Judge ``text`` and show the feedback; returns the Feedback."""
        feedback = check_answer(self.question, text)
        self.feedback.value = message_html(feedback.message, "right" if feedback.correct else "wrong")
        return feedback


def show_question_widget(question: Question):
    """The view of a QuestionWidget, ready to display."""
    widget = QuestionWidget(question)
    widget.view.question_widget = widget
    return widget.view
