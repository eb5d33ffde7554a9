"""The practice widgets of lessons 09–10 (baccarat_lib.views.widgets.practice), driven without a browser: set .value,
click buttons, assert on state and HTML. (The card-removal explorer is tested with the money widgets.)
"""

import time

import pytest

from baccarat_lib.teaching.practice import KINDS, LEVELS, drill_exercises, final_test
from baccarat_lib.views.widgets import show_drill, show_final_test, show_removal_explorer
from baccarat_lib.views.widgets.common import shown_html


def _button(drill, label):
    return next(button for button in drill.controls.buttons if button.description == label)


def _wrong(question):
    # a wrong answer that is judged: a number where a number is asked (a typo is not judged)
    return next((choice for choice in question.choices if choice != question.answer), "123456789")


# ---------------------------------------------------------------- the drill

def test_default_drill_asks_level_1_questions_with_answer_buttons():
    drill = show_drill().controller
    drill.start()
    exercise = drill.state.exercise
    assert exercise.kind in LEVELS[1] and exercise == drill_exercises("mixed", 1, 2024, 1)[0]
    assert [button.description for button in drill.controls.buttons] == list(exercise.question.choices)
    assert tuple(drill.controls.box.children) == tuple(drill.controls.buttons)
    assert "Score: 0 of 0" in drill.question.value


def test_clicking_the_right_answer_scores_and_says_right():
    drill = show_drill(kind="banker-draw", difficulty=3, seed=5).controller
    drill.start()
    question = drill.state.exercise.question
    _button(drill, question.answer).click()
    assert drill.state.feedback.correct and drill.state.score.right == 1 and drill.state.score.streak == 1
    assert "Right!" in drill.question.value and "Score: 1 of 1" in drill.question.value
    assert _button(drill, question.answer).button_style == "success"


def test_a_wrong_answer_is_explained_and_scored_once():
    drill = show_drill(kind="banker-draw", difficulty=3, seed=5).controller
    drill.start()
    question = drill.state.exercise.question
    wrong = _wrong(question)
    _button(drill, wrong).click()
    assert not drill.state.feedback.correct
    assert question.explanation in drill.state.feedback.message
    assert "Not quite" in drill.question.value
    assert _button(drill, wrong).button_style == "danger" and _button(drill, question.answer).button_style == "success"
    _button(drill, question.answer).click()                          # changing one's mind is not scored
    score = drill.state.score
    assert score.asked == 1 and score.right == 0 and score.missed == ("banker-draw",)


def test_next_moves_on_and_keeps_the_score():
    drill = show_drill(kind="winner", difficulty=2, seed=9).controller
    drill.start()
    drill.click(drill.state.exercise.question.answer)
    drill.next_button.click()
    assert drill.state.number == 1 and drill.state.feedback is None
    assert drill.state.exercise == drill_exercises("winner", 2, 9, 2)[1]
    assert all(button.button_style == "" for button in drill.controls.buttons)
    for _ in range(10):
        drill.click(drill.state.exercise.question.answer)
        drill.next()
    assert drill.state.score.asked == 11 and drill.state.score.right == 11 and drill.state.score.best_streak == 11


def test_the_same_seed_gives_the_same_questions_and_a_new_setting_starts_again():
    first, second = show_drill(seed=31).controller, show_drill(seed=31).controller
    prompts = []
    for drill in (first, second):
        drill.start()
        asked = []
        for _ in range(5):
            asked.append(drill.state.exercise)
            drill.next()
        prompts.append(asked)
    assert prompts[0] == prompts[1]
    first.click(first.state.exercise.question.answer)
    first.seed.value = 32
    assert first.state.number == 0 and first.state.score.asked == 0 and first.state.seed == 32
    first.kind.value = "settle"
    first.difficulty.value = 3
    assert first.state.exercise == drill_exercises("settle", 3, 32, 1)[0]


def test_difficulty_and_kind_controls_change_what_is_asked():
    drill = show_drill(seed=1).controller
    drill.start()
    for kind in KINDS:
        drill.kind.value = kind
        assert drill.state.exercise.kind == kind
    drill.kind.value = "mixed"
    drill.difficulty.value = 3
    kinds = set()
    for _ in range(30):
        kinds.add(drill.state.exercise.kind)
        drill.next()
    assert kinds <= set(LEVELS[3]) and "settle" in kinds


def test_typed_answers_for_settling():
    drill = show_drill(kind="settle", difficulty=1, seed=3).controller
    drill.start()
    assert drill.controls.buttons == [] and drill.controls.text in drill.controls.box.children
    answer = drill.state.exercise.question.answer
    written = answer + ".00" if "." not in answer else answer + "0"
    drill.controls.text.value = written                                  # Enter in the box answers
    assert drill.state.feedback.correct and drill.state.score.right == 1
    drill.next()
    assert drill.controls.text.value == "" and drill.state.feedback is None
    drill.controls.text.value = "12345"
    drill.controls.check.click()
    assert drill.state.score.asked == 2 and not drill.state.feedback.correct


def test_a_blank_answer_asks_for_one_and_is_not_scored():
    drill = show_drill(kind="settle", seed=3).controller
    drill.start()
    drill.controls.check.click()
    assert drill.state.score.asked == 0 and drill.state.feedback is None
    assert "Type or choose an answer first" in drill.notice.value


# ---------------------------------------------------------------- the final test

def test_final_test_waits_for_answers_and_ends_with_a_summary():
    test = show_final_test(seed=2024).controller
    test.start()
    assert test.next_button.disabled
    for number in range(10):
        assert test.state.exercise == final_test(2024, 10)[number]
        question = test.state.exercise.question
        test.click(question.answer if number % 2 == 0 else _wrong(question))
        assert not test.next_button.disabled or number == 9
        test.next_button.click()
    assert test.state.finished and test.next_button.disabled and test.next_button.description == "Finished"
    assert test.state.score.asked == 10 and test.state.score.right == 5
    assert "Test finished. 5 of 10 right (50%)" in test.question.value and "Practise again" in test.question.value
    test.restart_button.click()
    assert test.state.number == 0 and test.state.score.asked == 0

def test_widget_updates_are_quick():
    drill = show_drill(kind="settle", difficulty=3, seed=1).controller
    drill.start()
    explorer = show_removal_explorer(decks=8).controller
    start = time.perf_counter()
    drill.next()
    explorer.removed.value = "K K Q 9 9 8"
    assert time.perf_counter() - start < 0.5


# ---------------------------------------------------------------- saved progress and practice that remembers

def _temporary_store(monkeypatch, tmp_path):
    """A progress store of this test's own (see tests/views/test_widgets_question.py, last test)."""
    from baccarat_lib.progress.store import ProgressStore
    monkeypatch.setenv("BACCARAT_PROGRESS_DIR", str(tmp_path))
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    monkeypatch.setattr("baccarat_lib.progress.store._SHARED", {})
    return lambda: ProgressStore(tmp_path / "progress.sqlite3").answers()


class FakeClock:
    """Seconds that move only when a test says so."""

    def __init__(self, now=1000.0):
        self.now = now

    def __call__(self):
        return self.now


def test_a_drill_saves_each_first_judged_answer_with_its_skill_and_seconds(monkeypatch, tmp_path):
    # Skill = the kind (the Banker tableau: its cell), seconds from the question being shown
    from baccarat_lib.views.widgets.practice import PracticeDrill
    saved = _temporary_store(monkeypatch, tmp_path)
    clock = FakeClock()
    drill = PracticeDrill(kind="banker-draw", difficulty=3, seed=5, clock=clock)
    drill.start()
    first = drill.state.exercise
    clock.now += 4.25
    drill.click(_wrong(first.question))
    drill.click(first.question.answer)          # a second answer to the same question: not scored, not saved
    clock.now += 10
    drill.next()
    clock.now += 1.5                            # the next question's clock starts when it is shown
    second = drill.state.exercise
    drill.click(second.question.answer)
    answers = saved()
    assert [(a.skill, a.answer, a.right, a.seconds, a.source) for a in answers] == [
        (first.skill, _wrong(first.question), False, 4.25, "drill"),
        (second.skill, second.question.answer, True, 1.5, "drill")]
    assert first.skill == drill_exercises("banker-draw", 3, 5, 1)[0].skill and first.skill.startswith("banker-draw:")
    assert answers[0].key == first.question.key


@pytest.mark.parametrize("test", [False, True])
def test_the_first_question_is_hidden_until_start_and_timed_from_it(monkeypatch, tmp_path, test):
    # Run All builds the drill (or final test) at 0; the learner reaches it, presses Start at 40 and answers at
    # 42.5: 2.5 s, not 42.5 s. Before Start the question is not on screen and nothing can be answered.
    from baccarat_lib.views.widgets.practice import PracticeDrill
    saved = _temporary_store(monkeypatch, tmp_path)
    clock = FakeClock()
    drill = PracticeDrill(kind="total", seed=1, test=test, clock=clock)
    question = drill.state.exercise.question
    assert drill.answer_row.children == (drill.start_button,) and drill.next_button.disabled
    assert question.prompt not in drill.question.value and "Start" in drill.question.value
    clock.now = 39.0
    assert drill.answer(question.answer) is None and drill.state.score.asked == 0 and saved() == ()
    drill.next()
    assert drill.state.number == 0                                  # Next does nothing before Start
    clock.now = 40.0
    drill.start_button.click()
    assert question.prompt in drill.question.value and drill.answer_row.children == (drill.controls.box,)
    clock.now = 42.5
    assert drill.click(question.answer).correct
    assert [(a.right, a.seconds) for a in saved()] == [(True, 2.5)]


def test_an_answer_that_is_not_judged_is_not_saved(monkeypatch, tmp_path):
    # A typo where a number is asked neither counts nor is saved
    saved = _temporary_store(monkeypatch, tmp_path)
    drill = show_drill(kind="settle", seed=3).controller
    drill.start()
    drill.click("a lot")
    assert saved() == () and drill.state.score.asked == 0


def test_the_final_test_saves_its_answers_as_a_test(monkeypatch, tmp_path):
    # Source "test"; the Banker question under its cell
    from baccarat_lib.views.widgets.practice import PracticeDrill
    saved = _temporary_store(monkeypatch, tmp_path)
    clock = FakeClock()
    test = PracticeDrill(seed=2024, test=True, questions=6, clock=clock)
    test.start()
    for number in range(6):
        clock.now += number + 1                 # 1, 2, ... 6 seconds
        test.click(test.state.exercise.question.answer)
        test.next()
    answers = saved()
    assert [a.skill for a in answers] == [exercise.skill for exercise in final_test(2024, 6)]
    assert [a.seconds for a in answers] == [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
    assert {a.source for a in answers} == {"test"} and all(a.right for a in answers)


def test_a_store_that_cannot_save_says_so_once_in_the_drill(monkeypatch, tmp_path):
    # A folder that is a file: the drill works, and says once that progress is not saved
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("BACCARAT_PROGRESS_DIR", str(blocked))
    monkeypatch.setattr("baccarat_lib.progress.store._SHARED", {})
    drill = show_drill(kind="total", seed=1).controller
    drill.start()
    drill.click(drill.state.exercise.question.answer)
    assert "not being saved" in drill.notice.value and drill.state.score.right == 1
    drill.next()
    drill.click(drill.state.exercise.question.answer)
    assert shown_html(drill.notice) == "" and drill.state.score.right == 2


def test_the_adaptive_drill_brings_back_a_missed_cell(monkeypatch, tmp_path):
    # No seed box, no seed; a cell missed comes back after one other question (Leitner box 1:
    # due at position 0 + 1 + 1 = 2), as the drill reads the answers it saved
    from baccarat_lib.views.widgets.practice import show_weak_spots_drill
    saved = _temporary_store(monkeypatch, tmp_path)
    drill = show_weak_spots_drill("banker-draw").controller
    drill.start()
    assert drill.adaptive and drill.state.seed is None and drill.seed not in _children(drill.view)
    missed = drill.state.exercise.skill
    drill.click(_wrong(drill.state.exercise.question))
    drill.next()
    assert drill.state.exercise.skill != missed
    drill.click(drill.state.exercise.question.answer)
    drill.next()
    assert drill.state.exercise.skill == missed and drill.state.number == 2
    assert [a.right for a in saved()] == [False, True] and saved()[0].skill == missed
    assert "practice that remembers" in drill.question.value


def test_the_adaptive_drill_starts_from_answers_saved_before(monkeypatch, tmp_path):
    # Saved in an earlier session: "6/7" missed, then "3/3" right: "6/7" is due at position 2
    from baccarat_lib.progress.store import progress_store
    _temporary_store(monkeypatch, tmp_path)
    progress_store().record("banker-draw:6/7", "8 8 / 7", "stand", False, 5.0, source="lesson")
    progress_store().record("banker-draw:3/3", "A 2 / 3", "draw", True, 2.0, source="drill")
    drill = show_drill(kind="banker-draw", difficulty=3, adaptive=True).controller
    drill.start()
    assert drill.state.exercise.skill == "banker-draw:6/7"
    # the seeded drill ignores them: question 1 of seed 2024, as always
    assert show_drill(kind="banker-draw", difficulty=3).controller.state.exercise == \
        drill_exercises("banker-draw", 3, 2024, 1)[0]


def test_the_adaptive_drill_restarts_on_a_new_setting_and_refuses_a_test():
    import pytest

    from baccarat_lib.errors import BaccaratError
    from baccarat_lib.views.widgets.practice import PracticeDrill
    drill = show_drill(kind="total", adaptive=True).controller
    drill.start()
    drill.click(drill.state.exercise.question.answer)
    drill.kind.value = "natural"
    assert drill.state.exercise.kind == "natural" and drill.state.score.asked == 0 and drill.state.adaptive
    for bad in ({"test": True, "adaptive": True}, {"adaptive": "yes"}, {"clock": 5}):
        with pytest.raises(BaccaratError):
            PracticeDrill(**bad)


def _children(widget):
    """Every widget inside ``widget``."""
    found = [widget]
    for child in getattr(widget, "children", ()):
        found += _children(child)
    return found


def test_the_final_test_is_ten_questions_unless_a_lesson_asks_for_another():
    # Lesson 09 promises a test of ten questions (its final_test in the course list); the test on screen, the test's
    # exercises and the progress page's count of its test questions all read that one number.
    import inspect

    from baccarat_lib import course
    from baccarat_lib.teaching import practice
    from baccarat_lib.views.widgets.practice import PracticeDrill, show_final_test
    assert practice.FINAL_TEST_QUESTIONS == course.lesson("09_practice").final_test == 10
    assert show_final_test(seed=3).controller.state.length == 10
    assert len(practice.final_test(3)) == 10
    assert inspect.signature(PracticeDrill).parameters["questions"].default == 10


# ---------------------------------------------------------------- one try, said and enforced on screen

@pytest.mark.parametrize("make", [lambda: show_drill(kind="total", seed=1).controller,
                                  lambda: show_final_test(seed=2024).controller])
def test_drills_and_the_test_say_one_try_and_lock_the_answer_once_given(make):
    drill = make()
    assert "One try per question" in drill.view.children[2].value      # the line under the settings
    drill.start()
    controls = drill.controls
    assert not any(control.disabled for control in (*controls.buttons, controls.text, controls.check))
    question = drill.state.exercise.question
    drill.click(_wrong(question))
    assert all(control.disabled for control in (*controls.buttons, controls.text, controls.check))
    if not drill.test:
        drill.next()
        assert not any(control.disabled for control in (*controls.buttons, controls.text, controls.check))


def test_after_the_last_question_of_the_test_nothing_is_left_to_answer():
    # a test of 10: answer every question; after the tenth, the box, Check and every button are disabled
    test = show_final_test(seed=2024).controller
    test.start()
    for number in range(10):
        test.click(test.state.exercise.question.answer)
        if number < 9:
            test.next()
    assert test.state.finished
    controls = test.controls
    shown = [child for child in controls.box.children]
    assert shown and all(control.disabled for control in shown)
    assert all(control.disabled for control in (*controls.buttons, controls.text, controls.check))
    test.restart_button.click()
    test.start()
    assert not any(control.disabled for control in controls.box.children)


def test_the_keyboard_goes_to_the_answers_then_next_then_the_new_question(focused):
    drill = show_drill(kind="winner", difficulty=2, seed=9).controller
    drill.kind.value = "total"                     # a setting changed: the keyboard stays on the menu
    assert focused == []
    drill.start()                                  # Start goes away: the first answer button has the keyboard
    assert focused == [drill.controls.buttons[0]]
    drill.click(drill.state.exercise.question.answer)
    assert focused[-1] is drill.next_button and all(button.disabled for button in drill.controls.buttons)
    drill.next_button.click()
    assert focused[-1] is drill.controls.buttons[0] and not drill.controls.buttons[0].disabled
    settle = show_drill(kind="settle", difficulty=1, seed=3).controller
    settle.start()
    assert focused[-1] is settle.controls.text
    settle.click("abc")                            # not judged: the keyboard stays in the box
    assert focused[-1] is settle.controls.text


def test_the_last_answer_of_the_test_sends_the_keyboard_to_start_again(focused):
    test = show_final_test(seed=1, questions=1).controller
    test.start()
    test.click(test.state.exercise.question.answer)
    assert test.state.finished and test.next_button.disabled and focused[-1] is test.restart_button
