"""The practice widgets of lessons 09–10 (baccarat_lib.views.widgets.practice), driven without a browser: set .value,
click buttons, assert on state and HTML. (The card-removal explorer is tested with the money widgets.)
"""

import time

from baccarat_lib.teaching.practice import KINDS, LEVELS, exercise_at, final_test
from baccarat_lib.views.widgets import show_drill, show_final_test, show_removal_explorer


def _button(drill, label):
    return next(button for button in drill.controls.buttons if button.description == label)


def _wrong(question):
    # a wrong answer that is judged: a number where a number is asked (issue 11, item 2: a typo is not judged)
    return next((choice for choice in question.choices if choice != question.answer), "123456789")


# ---------------------------------------------------------------- the drill

def test_default_drill_asks_level_1_questions_with_answer_buttons():
    drill = show_drill().controller
    exercise = drill.state.exercise
    assert exercise.kind in LEVELS[1] and exercise == exercise_at("mixed", 1, 2024, 0)
    assert [button.description for button in drill.controls.buttons] == list(exercise.question.choices)
    assert tuple(drill.controls.box.children) == tuple(drill.controls.buttons)
    assert "Score: 0 of 0" in drill.question.value


def test_clicking_the_right_answer_scores_and_says_right():
    drill = show_drill(kind="banker-draw", difficulty=3, seed=5).controller
    question = drill.state.exercise.question
    _button(drill, question.answer).click()
    assert drill.state.feedback.correct and drill.state.score.right == 1 and drill.state.score.streak == 1
    assert "Right!" in drill.question.value and "Score: 1 of 1" in drill.question.value
    assert _button(drill, question.answer).button_style == "success"


def test_a_wrong_answer_is_explained_and_scored_once():
    drill = show_drill(kind="banker-draw", difficulty=3, seed=5).controller
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
    drill.click(drill.state.exercise.question.answer)
    drill.next_button.click()
    assert drill.state.number == 1 and drill.state.feedback is None
    assert drill.state.exercise == exercise_at("winner", 2, 9, 1)
    assert all(button.button_style == "" for button in drill.controls.buttons)
    for _ in range(10):
        drill.click(drill.state.exercise.question.answer)
        drill.next()
    assert drill.state.score.asked == 11 and drill.state.score.right == 11 and drill.state.score.best_streak == 11


def test_the_same_seed_gives_the_same_questions_and_a_new_setting_starts_again():
    first, second = show_drill(seed=31).controller, show_drill(seed=31).controller
    prompts = []
    for drill in (first, second):
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
    assert first.state.exercise == exercise_at("settle", 3, 32, 0)


def test_difficulty_and_kind_controls_change_what_is_asked():
    drill = show_drill(seed=1).controller
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
    drill.controls.check.click()
    assert drill.state.score.asked == 0 and drill.state.feedback is None
    assert "Type or choose an answer first" in drill.notice.value


# ---------------------------------------------------------------- the final test

def test_final_test_waits_for_answers_and_ends_with_a_summary():
    test = show_final_test(seed=2024).controller
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
    explorer = show_removal_explorer(decks=8).controller
    start = time.perf_counter()
    drill.next()
    explorer.removed.value = "K K Q 9 9 8"
    assert time.perf_counter() - start < 0.5
