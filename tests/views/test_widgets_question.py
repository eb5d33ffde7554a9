"""The exercise widget (baccarat_lib.views.widgets.question), driven without a browser: click or type, read feedback.

Expected answers are worked by hand: 2♣ 3♥ 3♠ A♦ 7♦ 4♠ is Banker 8–2; 100 on Banker at 5% nets 95.
"""

from baccarat_lib.teaching.rule_questions import settle_question, winner_question
from baccarat_lib.views.widgets import QuestionWidget, show_question

WORKED = "2♣ 3♥ 3♠ A♦ 7♦ 4♠"      # Banker wins 8–2 with three cards (8)


def test_choices_are_buttons_and_a_click_is_judged():
    view = show_question(winner_question(WORKED))
    widget = view.controller
    assert isinstance(widget, QuestionWidget)
    assert [button.description for button in widget.controls.buttons] == ["Player", "Banker", "Tie"]
    assert tuple(widget.controls.box.children) == tuple(widget.controls.buttons)
    assert widget.feedback.value == ""
    next(button for button in widget.controls.buttons if button.description == "Player").click()
    assert "Not quite" in widget.feedback.value and "Banker wins 8–2." in widget.feedback.value
    next(button for button in widget.controls.buttons if button.description == "Banker").click()
    assert "Right!" in widget.feedback.value


def test_money_is_typed_and_checked():
    widget = show_question(settle_question("banker", 100, WORKED)).controller
    assert widget.controls.buttons == []
    assert tuple(widget.controls.box.children) == (widget.controls.text, widget.controls.check)
    widget.controls.text.value = "100"                       # Enter in the box answers
    assert "Not quite" in widget.feedback.value
    widget.controls.text.value = "95.00"
    assert "Right!" in widget.feedback.value
    assert widget.answer("95").correct and not widget.answer("-95").correct
