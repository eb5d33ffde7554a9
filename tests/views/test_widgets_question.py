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


class _FakeClock:
    """A clock the test moves by hand."""

    def __init__(self, now=100.0):
        self.now = now

    def __call__(self):
        return self.now


def _fresh_store(tmp_path, monkeypatch):
    """Progress goes to an empty folder of this test, and the kernel's shared store is started again."""
    from baccarat_lib.progress.store import ProgressStore
    monkeypatch.setenv("BACCARAT_PROGRESS_DIR", str(tmp_path))
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    monkeypatch.setattr("baccarat_lib.progress.store._SHARED", {})
    return lambda: ProgressStore(tmp_path / "progress.sqlite3").answers()


def test_each_judged_answer_is_saved_with_its_seconds_and_a_typo_is_not(tmp_path, monkeypatch):
    # issue 17, item 1: a lesson exercise records skill, key, answer, right or wrong and the seconds it took
    from baccarat_lib.teaching.rule_questions import banker_draw_question, total_question
    from baccarat_lib.views.widgets import question as question_module
    saved = _fresh_store(tmp_path, monkeypatch)
    clock = _FakeClock(100.0)
    monkeypatch.setattr(question_module, "clock", clock)          # the module's clock, as a lesson's widget uses
    widget = show_question(total_question("7 8")).controller       # shown at 100 s
    clock.now = 103.5
    widget.controls.text.value = "abc"                            # a typo: not judged, not saved, clock runs on
    assert "Type a number" in widget.feedback.value
    clock.now = 107.0
    widget.controls.text.value = "15"                             # wrong after 7 s (from 100, not from the typo)
    widget.controls.check.click()                                 # Check after Enter: the same answer, saved once
    clock.now = 109.0
    widget.controls.text.value = "5"                              # a new try: right, 2 s after the wrong one
    clock.now = 111.0
    widget.controls.text.value = " 5.0"                           # already right: judged on screen, not saved
    assert "Right!" in widget.feedback.value
    # 3 + 2 = 5 with Player's third card 4: the tableau's cell 5/4, where Banker draws (5 draws on 4-7).
    banker = QuestionWidget(banker_draw_question("3 2", 4), clock=_FakeClock(50.0))
    banker.clock.now = 54.25
    next(button for button in banker.controls.buttons if button.description == "stand").click()
    assert [(a.skill, a.key, a.answer, a.right, a.seconds, a.source) for a in saved()] == [
        ("total", "7 8", "15", False, 7.0, "lesson"),
        ("total", "7 8", "5", True, 2.0, "lesson"),
        ("banker-draw:5/4", "3 2 / 4", "stand", False, 4.25, "lesson")]
    assert all(answer.when is not None for answer in saved())


def test_a_read_only_store_says_once_that_progress_is_not_saved_and_the_exercise_works(tmp_path, monkeypatch):
    # issue 17, item 1: a folder that cannot be written: the exercise still judges, the message shows once,
    # no traceback
    from baccarat_lib.teaching.rule_questions import total_question
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("BACCARAT_PROGRESS_DIR", str(blocked))
    monkeypatch.setattr("baccarat_lib.progress.store._SHARED", {})
    widget = QuestionWidget(total_question("7 8"), clock=_FakeClock())
    assert not widget.answer("15").correct
    assert "Not quite" in widget.feedback.value and "not being saved" in widget.feedback.value
    assert "Traceback" not in widget.feedback.value
    assert widget.answer("5").correct
    assert "Right!" in widget.feedback.value and "not being saved" not in widget.feedback.value
    other = QuestionWidget(total_question("K 9"), clock=_FakeClock())
    assert other.answer("9").correct and "not being saved" not in other.feedback.value


def test_a_bad_clock_is_refused():
    # issue 17, item 1
    import pytest

    from baccarat_lib.errors import BaccaratError
    from baccarat_lib.teaching.rule_questions import total_question
    with pytest.raises(BaccaratError, match="clock must be"):
        QuestionWidget(total_question("7 8"), clock="now")
