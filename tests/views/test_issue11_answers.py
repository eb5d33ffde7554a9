"""Issue 11, items 1 and 2 in the widgets: the answer buttons wrap and the ten digits are compact; a typo is told
what to type, as information, and neither scored nor revealing. (The browser tests check the real layout.)
"""

import re

import pytest

from baccarat_lib.teaching import Question, natural_question, settle_question, total_question, winner_question
from baccarat_lib.views.widgets import AnswerControls, show_drill, show_final_test, show_question

FONT_PX = 18               # the projector style sheet sets buttons' text to 18 px (views.widgets.common)
BUTTON_MARGIN_PX = 4       # ipywidgets puts 2 px either side of a button
DIGITS = tuple(str(digit) for digit in range(10))
WORKED = "2♣ 3♥ 3♠ A♦ 7♦ 4♠"      # Banker wins 8–2: 100 on Banker nets 95, on Player -100


def _em(width):
    match = re.fullmatch(r"(\d+(?:\.\d+)?)em", str(width))
    assert match, f"a compact button needs a width in em, not {width!r}"
    return float(match.group(1))


# ---------------------------------------------------------------- item 1: buttons that fit

def test_issue11_item1_the_answer_row_wraps():
    # issue 11, item 1: ten buttons ran off the page in a row that did not wrap.
    controls = AnswerControls(lambda answer: None)
    assert controls.box.layout.flex_flow == "row wrap"
    controls.show(tuple(str(digit) for digit in range(10)))
    assert controls.box.layout.flex_flow == "row wrap" and len(controls.box.children) == 10
    assert show_question(total_question("7 8")).controller.controls.box.layout.flex_flow == "row wrap"   # typed


def test_issue11_item1_ten_digit_buttons_fit_in_700_px():
    # issue 11, item 1: 0–9 made a ~1480 px row in a ~1100 px box (8em minimum each, and more).
    widget = show_question(Question("What is the total of 7 8?", "5", "15 -> 5.", DIGITS)).controller
    buttons = widget.controls.buttons
    assert [button.description for button in buttons] == [str(digit) for digit in range(10)]
    widths = [_em(button.layout.width) for button in buttons]
    assert all(_em(button.layout.min_width) <= width for button, width in zip(buttons, widths))
    assert sum(width * FONT_PX + BUTTON_MARGIN_PX for width in widths) <= 700
    assert all(width * FONT_PX >= 2 * FONT_PX for width in widths)        # still a finger-sized target


def test_issue11_item1_word_choices_keep_their_large_buttons():
    # issue 11, item 1: only one- or two-digit choices are compact; "Player", "yes" and "no" keep the large button.
    for question in (winner_question(WORKED), natural_question("9 9")):
        for button in show_question(question).controller.controls.buttons:
            assert button.layout.width == "auto" and button.layout.min_width == "8em", button.description
    ten = Question("How many?", "10", "Ten.", ("9", "10", "eleven"))
    layouts = [button.layout for button in show_question(ten).controller.controls.buttons]
    assert _em(layouts[0].width) == _em(layouts[1].width) and layouts[2].width == "auto"


def test_issue11_item1_the_drill_and_final_test_use_the_compact_digits():
    # issue 11, item 1: lesson 09's total drill and the final test's first question ("6♣ 5♠ 8♠": 9).
    test = show_final_test(seed=2024).controller
    assert test.state.exercise.kind == "total"
    assert test.controls.box.layout.flex_flow == "row wrap"
    assert sum(_em(button.layout.width) for button in test.controls.buttons) * FONT_PX < 700
    assert test.click("9").correct                       # 6 + 5 + 8 = 19 -> 9: the button is there to click


# ---------------------------------------------------------------- item 2: a typo, in the widgets

@pytest.mark.parametrize("typo", ["abc", "ninety-five", "95 dollars"])
def test_issue11_item2_exercise_widget_says_type_a_number(typo):
    # issue 11, item 2: "abc" + Enter in the exercises of lessons 01, 06, 08, 10 revealed the answer.
    widget = show_question(settle_question("banker", 100, WORKED)).controller
    widget.controls.text.value = typo                                   # Enter in the box
    html = widget.feedback.value
    assert "Type a number, e.g. 9.5 or -10." in html and "bcl-info" in html
    assert "Not quite" not in html and "bcl-wrong" not in html and "95" not in html.replace(typo, "")
    widget.controls.text.value = "95.00"
    assert "Right!" in widget.feedback.value


def test_issue11_item2_drill_does_not_score_a_typo_and_reveals_nothing():
    # issue 11, item 2: "abc" + Enter in the scored drill gave "Not quite: the right answer is -25", "Score 0 of 1".
    drill = show_drill(kind="settle", difficulty=1, seed=3).controller
    answer = drill.state.exercise.question.answer
    drill.controls.text.value = "abc"                                   # Enter in the box answers
    assert drill.state.score.asked == 0 and drill.state.feedback is None
    assert "Type a number, e.g. 9.5 or -10." in drill.notice.value and "bcl-info" in drill.notice.value
    assert "Not quite" not in drill.question.value and "Score: 0 of 0" in drill.question.value
    assert f"right answer is {answer}" not in drill.question.value + drill.notice.value
    drill.controls.check.click()                                        # Check again: still only the hint
    assert drill.state.score.asked == 0
    drill.controls.text.value = answer                                  # then the answer is judged
    assert drill.state.feedback.correct and "Score: 1 of 1" in drill.question.value and drill.notice.value == ""


def test_issue11_item2_final_test_waits_after_a_typo():
    # issue 11, item 2: a typo neither counts nor moves the test on.
    test = show_final_test(seed=2024).controller
    feedback = test.answer("nine")
    assert feedback is not None and not feedback.judged and test.state.score.asked == 0
    assert test.next_button.disabled and "Type a number" in test.notice.value
