"""Pieces every widget shares: inline errors instead of tracebacks, and the exercise view.

Public names:

- ``safe_html(compute)``: the HTML ``compute()`` returns, or an inline error box if it raises.
- ``QuestionWidget(question)``: buttons or a text box with instant feedback; ``.answer(text)`` answers it.
- ``show_question_widget(question)``: a ``QuestionWidget``'s view, ready to display.
- ``projector_view(children)``: the box every widget is shown in, with fonts sized for a projector.
"""

from __future__ import annotations

import ipywidgets as widgets

from ..errors import BaccaratError
from ..exercises import Question, check_answer
from ..render import message_html

__all__ = ["safe_html", "QuestionWidget", "show_question_widget", "projector_view", "BIG"]

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


def projector_view(children) -> widgets.VBox:
    """A VBox of ``children`` whose controls and text are large enough to read on a projector."""
    view = widgets.VBox([widgets.HTML(PROJECTOR_CSS, layout=widgets.Layout(height="0px", margin="0")),
                         *children])
    view.add_class("bcl-widget")
    return view


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
        self.view = projector_view([self.prompt, controls, self.feedback])

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
