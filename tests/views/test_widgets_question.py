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


def test_record_answer_saves_with_the_lesson_and_says_store_trouble_once(tmp_path, monkeypatch):
    # issue 17, item 1: a judged answer goes into the learner's progress file, with the notebook it came from;
    # a folder that cannot be written still lets the lesson work, and says so once.
    from baccarat_lib.teaching.progress import ProgressStore
    from baccarat_lib.views.widgets.common import record_answer
    monkeypatch.setenv("BACCARAT_PROGRESS_DIR", str(tmp_path))
    monkeypatch.setenv("JPY_SESSION_NAME", str(tmp_path / "01_card_values.ipynb"))
    monkeypatch.setattr("baccarat_lib.teaching.progress._SHARED", {})
    assert record_answer("total", "7 8", "5", True, 3.0) == ""
    saved = ProgressStore(tmp_path / "progress.sqlite3").answers()
    assert [(a.skill, a.key, a.answer, a.right, a.source, a.lesson) for a in saved] == [
        ("total", "7 8", "5", True, "lesson", "01_card_values")]
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("BACCARAT_PROGRESS_DIR", str(blocked))
    first, second = record_answer("total", "K 9", "9", True), record_answer("total", "K 8", "8", True)
    assert "not being saved" in first and second == ""
