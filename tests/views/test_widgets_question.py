"""The exercise widget (baccarat_lib.views.widgets.question), driven without a browser: click or type, read feedback.

Expected answers are worked by hand: 2♣ 3♥ 3♠ A♦ 7♦ 4♠ is Banker 8–2; 100 on Banker at 5% nets 95.
"""

from baccarat_lib.teaching.rule_questions import settle_question, winner_question
from baccarat_lib.views.widgets import QuestionWidget, show_question
import re
import pytest
from baccarat_lib.teaching import Question, natural_question, settle_question, total_question, winner_question
from baccarat_lib.views.widgets import show_drill, show_final_test, show_question
from baccarat_lib.views.widgets.question import AnswerControls
from baccarat_lib.views.widgets.common import shown_html

WORKED = "2♣ 3♥ 3♠ A♦ 7♦ 4♠"      # Banker wins 8–2 with three cards (8)


def type_and_enter(controls, text):
    """Type ``text`` in an exercise's box and press Enter: the box sends its text as one state change (which answers),
    and the front end also sends a "submit" message, which must not answer a second time."""
    controls.text.value = text
    controls.text._handle_custom_msg({"event": "submit"}, [])


def test_choices_are_buttons_and_a_click_is_judged():
    view = show_question(winner_question(WORKED))
    widget = view.controller
    assert isinstance(widget, QuestionWidget)
    assert [button.description for button in widget.controls.buttons] == ["Player", "Banker", "Tie"]
    assert tuple(widget.controls.box.children) == tuple(widget.controls.buttons)
    assert shown_html(widget.feedback) == ""
    next(button for button in widget.controls.buttons if button.description == "Player").click()
    assert "Not quite" in widget.feedback.value and "Banker wins 8–2." not in widget.feedback.value  # a hint only
    next(button for button in widget.controls.buttons if button.description == "Banker").click()
    assert "Right!" in widget.feedback.value and "Banker wins 8–2." in widget.feedback.value


def _click(widget, choice):
    next(button for button in widget.controls.buttons if button.description == choice).click()


def test_a_first_wrong_answer_gets_a_hint_and_a_second_try_the_second_the_answer():
    # WORKED is dealt Banker 8 against Player 2: Banker wins 8–2. "Player" is wrong: the feedback names the rule to
    # look at (naturals first), not the answer; a second wrong answer ("Tie") shows the answer and why.
    widget = show_question(winner_question(WORKED)).controller
    assert widget.show_answer_button.layout.display == "none"
    _click(widget, "Player")
    assert "Not quite" in widget.feedback.value and "natural" in widget.feedback.value
    assert "Banker wins 8–2." not in widget.feedback.value and "right answer" not in widget.feedback.value
    assert widget.show_answer_button.layout.display != "none"
    _click(widget, "Tie")
    assert "Not quite: the right answer is Banker." in widget.feedback.value and "Banker wins 8–2." in widget.feedback.value
    assert widget.show_answer_button.layout.display == "none"
    _click(widget, "Player")                       # after the answer is shown, a click is judged plainly
    assert "the right answer is Banker" in widget.feedback.value


def test_show_answer_reveals_without_a_second_guess_and_saves_nothing(tmp_path):
    from baccarat_lib.progress import ProgressStore
    store = ProgressStore(tmp_path / "progress.sqlite3")
    widget = show_question(winner_question(WORKED)).controller
    widget.recorder.store = store
    _click(widget, "Player")
    widget.show_answer_button.click()
    assert "The right answer is Banker." in widget.feedback.value and "Banker wins 8–2." in widget.feedback.value
    assert widget.show_answer_button.layout.display == "none"
    assert [(answer.answer, answer.right) for answer in store.answers()] == [("Player", False)]


def test_a_right_second_try_is_right_and_both_tries_are_saved(tmp_path):
    from baccarat_lib.progress import ProgressStore
    store = ProgressStore(tmp_path / "progress.sqlite3")
    widget = show_question(total_question("9 6")).controller         # 9 + 6 = 15: the total is 5
    widget.recorder.store = store
    type_and_enter(widget.controls, "15")
    shown_text = re.sub(r"<[^>]+>", "", widget.feedback.value)
    assert "last digit" in shown_text and "5" not in shown_text                  # the hint, not the answer
    type_and_enter(widget.controls, "5")
    assert "Right!" in widget.feedback.value and widget.show_answer_button.layout.display == "none"
    assert [(answer.answer, answer.right) for answer in store.answers()] == [("15", False), ("5", True)]


def test_money_is_typed_and_checked():
    widget = show_question(settle_question("banker", 100, WORKED)).controller
    assert widget.controls.buttons == []
    assert tuple(widget.controls.box.children) == (widget.controls.text, widget.controls.check)
    assert shown_html(widget.feedback) == "" and not widget.controls.text.continuous_update   # the box sends on Enter
    type_and_enter(widget.controls, "100")                   # Enter in the box answers
    assert "Not quite" in widget.feedback.value
    widget.controls.text.value = "95.00"
    widget.controls.check.click()                            # and so does Check
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


def test_each_judged_answer_is_saved_with_its_seconds_from_a_sign_the_learner_is_there_and_a_typo_is_not(
        tmp_path, monkeypatch):
    # A lesson exercise records skill, key, answer, right or wrong and the seconds it took, counted from the first
    # sign that the learner has the question in front of them (here a typo), never from Run All building it.
    from baccarat_lib.teaching.rule_questions import banker_draw_question, total_question
    from baccarat_lib.views.widgets import question as question_module
    saved = _fresh_store(tmp_path, monkeypatch)
    clock = _FakeClock(100.0)
    monkeypatch.setattr(question_module, "clock", clock)          # the module's clock, as a lesson's widget uses
    widget = show_question(total_question("7 8")).controller       # built by Run All at 100 s
    clock.now = 104.0
    type_and_enter(widget.controls, "abc")                        # a typo: not judged, not saved; the clock starts
    assert "Type a total: a whole number from 0 to 9." in widget.feedback.value
    clock.now = 107.5
    type_and_enter(widget.controls, "15")                         # wrong, 3.5 s after the typo
    widget.controls.check.click()                                 # Check after Enter: the same answer, saved once
    clock.now = 109.5
    type_and_enter(widget.controls, "5")                          # a new try: right, 2 s after the wrong one
    clock.now = 111.0
    type_and_enter(widget.controls, " 5.0")                       # already right: judged on screen, not saved
    assert "Right!" in widget.feedback.value
    # 3 + 2 = 5 with Player's third card 4: the tableau's cell 5/4, where Banker draws (5 draws on 4-7).
    banker = QuestionWidget(banker_draw_question("3 2", 4), clock=_FakeClock(50.0))
    banker.clock.now = 54.25
    next(button for button in banker.controls.buttons if button.description == "stand").click()
    assert [(a.skill, a.key, a.answer, a.right, a.seconds, a.source) for a in saved()] == [
        ("total", "7 8", "15", False, 3.5, "lesson"),
        ("total", "7 8", "5", True, 2.0, "lesson"),
        ("banker-draw:5/4", "3 2 / 4", "stand", False, None, "lesson")]   # nothing before the click: unknown
    assert all(answer.when is not None for answer in saved())


def test_an_exercise_answered_with_nothing_before_it_has_an_unknown_time_and_is_never_slow(tmp_path, monkeypatch):
    # Run All builds the exercise at 0; the learner reaches it 22 s later and clicks at once. Nothing showed when
    # they saw it, so the time is unknown (None), not 22 s; the second try is timed from the first answer
    # (its feedback was read): 30 - 22 = 8 s. The progress page then shows no median for it and never "slow".
    from baccarat_lib.teaching import build_progress_report
    from baccarat_lib.views.widgets.progress import _skills_html
    saved = _fresh_store(tmp_path, monkeypatch)
    clock = _FakeClock(0.0)
    widget = QuestionWidget(winner_question(WORKED), clock=clock)
    clock.now = 22.0
    assert widget.answer("Player").judged and not widget.recorder.done
    clock.now = 30.0
    assert widget.answer("Banker").correct
    assert [(a.answer, a.right, a.seconds) for a in saved()] == [("Player", False, None), ("Banker", True, 8.0)]
    untimed = build_progress_report(saved()[:1])
    assert untimed.skills[0].median_seconds is None
    html = _skills_html(untimed)
    assert "—" in html and "slow" not in html.lower() and "22" not in html


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


# A lesson's output is 588 px wide in JupyterLab at 1024x768 with the file browser open (measured in Chromium:
# the output area of lesson 09's drill); at 3.4em (65 px a button with its margins) the "9" wrapped to a 2nd row.
LESSON_OUTPUT_PX_AT_1024 = 588


def test_ten_digit_buttons_fit_one_row_of_a_lesson_at_1024_px():
    # 0–9 made a ~1480 px row in a ~1100 px box (8em minimum each, and more).
    widget = show_question(Question("What is the total of 7 8?", "5", "15 -> 5.", DIGITS)).controller
    buttons = widget.controls.buttons
    assert [button.description for button in buttons] == [str(digit) for digit in range(10)]
    widths = [_em(button.layout.width) for button in buttons]
    assert all(_em(button.layout.min_width) <= width for button, width in zip(buttons, widths))
    assert sum(width * FONT_PX + BUTTON_MARGIN_PX for width in widths) <= LESSON_OUTPUT_PX_AT_1024
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
    test.start()
    assert test.state.exercise.kind == "total"
    assert test.controls.box.layout.flex_flow == "row wrap"
    assert sum(_em(button.layout.width) * FONT_PX + BUTTON_MARGIN_PX for button in test.controls.buttons) \
        <= LESSON_OUTPUT_PX_AT_1024
    assert test.click("9").correct                       # 6 + 5 + 8 = 19 -> 9: the button is there to click


# ---------------------------------------------------------------- a typo, in the widgets

@pytest.mark.parametrize("typo", ["abc", "ninety-five", "95 dollars"])
def test_exercise_widget_says_type_a_number(typo):
    # "abc" + Enter in the exercises of lessons 01, 06, 08, 10 revealed the answer.
    widget = show_question(settle_question("banker", 100, WORKED)).controller
    type_and_enter(widget.controls, typo)
    html = widget.feedback.value
    assert "Type an amount of money: a number with at most two decimals, such as 9.50 or −10." in html and "bcl-info" in html
    assert "Not quite" not in html and "bcl-wrong" not in html and "95" not in html.replace(typo, "")
    type_and_enter(widget.controls, "95.00")
    assert "Right!" in widget.feedback.value


def test_drill_does_not_score_a_typo_and_reveals_nothing():
    # "abc" + Enter in the scored drill gave "Not quite: the right answer is -25", "Score 0 of 1".
    drill = show_drill(kind="settle", difficulty=1, seed=3).controller
    drill.start()
    answer = drill.state.exercise.question.answer
    drill.controls.text.value = "abc"                                   # Enter in the box answers
    assert drill.state.score.asked == 0 and drill.state.feedback is None
    assert "Type an amount of money: a number with at most two decimals, such as 9.50 or −10." in drill.notice.value and "bcl-info" in drill.notice.value
    assert "Not quite" not in drill.question.value and "Score: 0 of 0" in drill.question.value
    assert f"right answer is {answer}" not in drill.question.value + drill.notice.value
    drill.controls.check.click()                                        # Check again: still only the hint
    assert drill.state.score.asked == 0
    drill.controls.text.value = answer                                  # then the answer is judged
    assert drill.state.feedback.correct and "Score: 1 of 1" in drill.question.value and shown_html(drill.notice) == ""


def test_final_test_waits_after_a_typo():
    # A typo neither counts nor moves the test on.
    test = show_final_test(seed=2024).controller
    test.start()
    feedback = test.answer("nine")
    assert feedback is not None and not feedback.judged and test.state.score.asked == 0
    assert test.next_button.disabled and "Type a" in test.notice.value


def test_typing_in_a_drills_box_still_answers_on_enter_and_a_submit_message_is_not_a_second_answer():
    # A box sends its text only on Enter, which answers once; the "submit" message the front end sends with the same
    # Enter must not answer it again.
    answers = []
    controls = AnswerControls(answers.append)
    controls.text.value = "95"
    controls.text._handle_custom_msg({"event": "submit"}, [])
    assert answers == ["95"] and not controls.text.continuous_update


def test_the_feedback_is_announced_and_show_answer_sends_the_keyboard_back_to_the_question(focused):
    widget = show_question(winner_question(WORKED)).controller
    # the live region is there, empty, before any answer, so a screen reader hears what appears in it
    assert widget.feedback.value == '<div class="bcl-live" role="status" aria-live="polite" aria-atomic="true"></div>'
    _click(widget, "Player")                       # wrong: a hint; the keyboard stays on the button pressed
    assert re.search(r'role="status"[^>]*>.*Not quite', widget.feedback.value) and focused == []
    widget.show_answer_button.click()              # the button hides itself: the keyboard goes to the first choice
    assert widget.show_answer_button.layout.display == "none" and focused == [widget.controls.buttons[0]]
    typed = show_question(total_question("7 8")).controller
    typed.show_answer()
    assert focused[-1] is typed.controls.text
