"""The lesson 09–10 widgets, driven without a browser: set .value, click buttons, assert on state and HTML."""

import time

from baccarat_lib.counting import edges_after_removing
from baccarat_lib.practice import KINDS, LEVELS, exercise_at, final_test
from baccarat_lib.widgets import show_drill, show_final_test, show_removal_explorer


def _button(drill, label):
    return next(button for button in drill.choice_buttons if button.description == label)


def _wrong(question):
    return next((choice for choice in question.choices if choice != question.answer), "no idea")


# ---------------------------------------------------------------- the drill

def test_default_drill_asks_level_1_questions_with_answer_buttons():
    drill = show_drill().controller
    exercise = drill.state.exercise
    assert exercise.kind in LEVELS[1] and exercise == exercise_at("mixed", 1, 2024, 0)
    assert [button.description for button in drill.choice_buttons] == list(exercise.question.choices)
    assert tuple(drill.answers.children) == tuple(drill.choice_buttons)
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
    assert all(button.button_style == "" for button in drill.choice_buttons)
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
    assert drill.choice_buttons == [] and drill.answer_box in drill.answers.children
    answer = drill.state.exercise.question.answer
    written = answer + ".00" if "." not in answer else answer + "0"
    drill.answer_box.value = written                                  # Enter in the box answers
    assert drill.state.feedback.correct and drill.state.score.right == 1
    drill.next()
    assert drill.answer_box.value == "" and drill.state.feedback is None
    drill.answer_box.value = "12345"
    drill.check_button.click()
    assert drill.state.score.asked == 2 and not drill.state.feedback.correct


def test_a_blank_answer_asks_for_one_and_is_not_scored():
    drill = show_drill(kind="settle", seed=3).controller
    drill.check_button.click()
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


# ---------------------------------------------------------------- lesson 10: card-removal explorer

def test_removal_explorer_shows_every_bet_exactly():
    explorer = show_removal_explorer().controller
    html = explorer.result.value
    for bet, (before, after) in edges_after_removing("5 5 5 5", 1).items():
        assert f"<td>{bet}</td><td>{float(before):+.3%}</td><td>{float(after):+.3%}</td>" in html


def test_removal_explorer_marks_positive_expectation_and_handles_bad_input():
    explorer = show_removal_explorer(removed="", decks=1).controller
    assert "#e7f5ea" not in explorer.result.value.split("</table>")[0]   # a full shoe favours no bet
    explorer.removed.value = "8 8 8 8 9 9 9 9"                       # eights and nines out: Dragon 7 turns positive
    assert edges_after_removing("8 8 8 8 9 9 9 9", 1)["dragon-7"][1] < 0
    assert "background:#e7f5ea;font-weight:bold;\"><td>dragon-7" in explorer.result.value
    explorer.removed.value = "5 5 5 5 5"
    assert "bcl-error" in explorer.result.value and "cannot remove" in explorer.result.value
    explorer.decks.value = 2
    assert "bcl-error" not in explorer.result.value


def test_widget_updates_are_quick():
    drill = show_drill(kind="settle", difficulty=3, seed=1).controller
    explorer = show_removal_explorer(decks=8).controller
    start = time.perf_counter()
    drill.next()
    explorer.removed.value = "K K Q 9 9 8"
    assert time.perf_counter() - start < 0.5
