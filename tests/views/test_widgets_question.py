"""The exercise widget (baccarat_lib.views.widgets.question), driven without a browser: click or type, read feedback.

Expected answers are worked by hand: 2♣ 3♥ 3♠ A♦ 7♦ 4♠ is Banker 8–2; 100 on Banker at 5% nets 95.
"""

from baccarat_lib.teaching.rule_questions import settle_question, winner_question
from baccarat_lib.views.widgets import QuestionWidget, show_question
import re
import pytest
from baccarat_lib.teaching import Question, natural_question, settle_question, total_question, winner_question
from baccarat_lib.views.widgets import AnswerControls, show_drill, show_final_test, show_question

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
    # A lesson exercise records skill, key, answer, right or wrong and the seconds it took
    from baccarat_lib.teaching.rule_questions import banker_draw_question, total_question
    from baccarat_lib.views.widgets import question as question_module
    saved = _fresh_store(tmp_path, monkeypatch)
    clock = _FakeClock(100.0)
    monkeypatch.setattr(question_module, "clock", clock)          # the module's clock, as a lesson's widget uses
    widget = show_question(total_question("7 8")).controller       # shown at 100 s
    clock.now = 103.5
    widget.controls.text.value = "abc"                            # a typo: not judged, not saved, clock runs on
    assert "Type a total: a whole number from 0 to 9." in widget.feedback.value
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
    # A folder that cannot be written: the exercise still judges, the message shows once,
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
    import pytest

    from baccarat_lib.errors import BaccaratError
    from baccarat_lib.teaching.rule_questions import total_question
    with pytest.raises(BaccaratError, match="clock must be"):
        QuestionWidget(total_question("7 8"), clock="now")


# -------------------- Answer rows, and answers that are not numbers
# In the widgets: the answer buttons wrap and the ten digits are compact; a typo is told
# what to type, as information, and neither scored nor revealing. (The browser tests check the real layout.)

FONT_PX = 18               # the projector style sheet sets buttons' text to 18 px (views.widgets.common)
BUTTON_MARGIN_PX = 4       # ipywidgets puts 2 px either side of a button
DIGITS = tuple(str(digit) for digit in range(10))


def _em(width):
    match = re.fullmatch(r"(\d+(?:\.\d+)?)em", str(width))
    assert match, f"a compact button needs a width in em, not {width!r}"
    return float(match.group(1))


# ---------------------------------------------------------------- buttons that fit

def test_the_answer_row_wraps():
    # Ten buttons ran off the page in a row that did not wrap.
    controls = AnswerControls(lambda answer: None)
    assert controls.box.layout.flex_flow == "row wrap"
    controls.show(tuple(str(digit) for digit in range(10)))
    assert controls.box.layout.flex_flow == "row wrap" and len(controls.box.children) == 10
    assert show_question(total_question("7 8")).controller.controls.box.layout.flex_flow == "row wrap"   # typed


def test_ten_digit_buttons_fit_in_700_px():
    # 0–9 made a ~1480 px row in a ~1100 px box (8em minimum each, and more).
    widget = show_question(Question("What is the total of 7 8?", "5", "15 -> 5.", DIGITS)).controller
    buttons = widget.controls.buttons
    assert [button.description for button in buttons] == [str(digit) for digit in range(10)]
    widths = [_em(button.layout.width) for button in buttons]
    assert all(_em(button.layout.min_width) <= width for button, width in zip(buttons, widths))
    assert sum(width * FONT_PX + BUTTON_MARGIN_PX for width in widths) <= 700
    assert all(width * FONT_PX >= 2 * FONT_PX for width in widths)        # still a finger-sized target


def test_word_choices_keep_their_large_buttons():
    # Only one- or two-digit choices are compact; "Player", "yes" and "no" keep the large button.
    for question in (winner_question(WORKED), natural_question("9 9")):
        for button in show_question(question).controller.controls.buttons:
            assert button.layout.width == "auto" and button.layout.min_width == "8em", button.description
    ten = Question("How many?", "10", "Ten.", ("9", "10", "eleven"))
    layouts = [button.layout for button in show_question(ten).controller.controls.buttons]
    assert _em(layouts[0].width) == _em(layouts[1].width) and layouts[2].width == "auto"


def test_the_drill_and_final_test_use_the_compact_digits():
    # Lesson 09's total drill and the final test's first question ("6♣ 5♠ 8♠": 9).
    test = show_final_test(seed=2024).controller
    assert test.state.exercise.kind == "total"
    assert test.controls.box.layout.flex_flow == "row wrap"
    assert sum(_em(button.layout.width) for button in test.controls.buttons) * FONT_PX < 700
    assert test.click("9").correct                       # 6 + 5 + 8 = 19 -> 9: the button is there to click


# ---------------------------------------------------------------- a typo, in the widgets

@pytest.mark.parametrize("typo", ["abc", "ninety-five", "95 dollars"])
def test_exercise_widget_says_type_a_number(typo):
    # "abc" + Enter in the exercises of lessons 01, 06, 08, 10 revealed the answer.
    widget = show_question(settle_question("banker", 100, WORKED)).controller
    widget.controls.text.value = typo                                   # Enter in the box
    html = widget.feedback.value
    assert "Type an amount of money: a number with at most two decimals, such as 9.50 or −10." in html and "bcl-info" in html
    assert "Not quite" not in html and "bcl-wrong" not in html and "95" not in html.replace(typo, "")
    widget.controls.text.value = "95.00"
    assert "Right!" in widget.feedback.value


def test_drill_does_not_score_a_typo_and_reveals_nothing():
    # "abc" + Enter in the scored drill gave "Not quite: the right answer is -25", "Score 0 of 1".
    drill = show_drill(kind="settle", difficulty=1, seed=3).controller
    answer = drill.state.exercise.question.answer
    drill.controls.text.value = "abc"                                   # Enter in the box answers
    assert drill.state.score.asked == 0 and drill.state.feedback is None
    assert "Type an amount of money: a number with at most two decimals, such as 9.50 or −10." in drill.notice.value and "bcl-info" in drill.notice.value
    assert "Not quite" not in drill.question.value and "Score: 0 of 0" in drill.question.value
    assert f"right answer is {answer}" not in drill.question.value + drill.notice.value
    drill.controls.check.click()                                        # Check again: still only the hint
    assert drill.state.score.asked == 0
    drill.controls.text.value = answer                                  # then the answer is judged
    assert drill.state.feedback.correct and "Score: 1 of 1" in drill.question.value and drill.notice.value == ""


def test_final_test_waits_after_a_typo():
    # A typo neither counts nor moves the test on.
    test = show_final_test(seed=2024).controller
    feedback = test.answer("nine")
    assert feedback is not None and not feedback.judged and test.state.score.asked == 0
    assert test.next_button.disabled and "Type a" in test.notice.value
