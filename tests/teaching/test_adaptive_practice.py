"""Adaptive practice: a drill without a seed asks what Leitner boxes say is due, over the
learner's recorded answers; a seeded drill stays exactly as it was.

The expected sequences are worked by hand from the Leitner rule (progress/schedule.py's docstring): a new item
starts in box 1; a right answer moves it up one box (5 the last), a wrong one back to box 1; an item answered at
position p from box b is due again at position p + 1 + 2 ** (b - 1). Due items come first (lowest box), then new
ones, then the ones due soonest. Tableau answers are recomputed with tests/reference_rules.py.
"""

import pytest

from reference_rules import reference_banker_draws

from baccarat_lib.errors import BaccaratError
from baccarat_lib.teaching.practice import (KINDS, Exercise, answer_drill,
                                            drill_exercises, exercise_for, final_test, make_exercise,
                                            next_drill, next_practice_item, start_drill)
from baccarat_lib.progress.store import Answer

VALUE = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 0, "J": 0, "Q": 0, "K": 0}


def values(text):
    """Point values of cards written in a prompt, by hand (suits ignored)."""
    return [VALUE[token.rstrip("♠♥♦♣")] for token in text.split()]


def banker_prompt(prompt):
    """(Banker's two card values, Player's third card value or None) read from a Banker question's prompt."""
    # "Banker holds 7♣ 9♥ (6) and Player drew 6♦. Does Banker draw or stand?"
    cards = prompt.split("Banker holds ", 1)[1].split(" (", 1)[0]
    third = None if "Player stood" in prompt else prompt.split("Player drew ", 1)[1].split(".", 1)[0]
    return values(cards), None if third is None else values(third)[0]


def practise(kind, difficulty, history, questions, wrong=(), seed=0):
    """The skills an adaptive drill asks for ``questions`` questions after ``history``, the learner answering right
    except on the skills in ``wrong``; each answer joins the history, as the widget saves it."""
    history, asked = list(history), []
    for number in range(questions):
        skill = next_practice_item(kind, difficulty, history, seed=seed + number)
        asked.append(skill)
        history.append((skill, skill not in wrong))
    return asked


# ---------------------------------------------------------------- what is scheduled

STOOD_CELLS = [f"banker-draw:{total}/-" for total in range(8)]                     # Player stood, Banker 0..7
DREW_CELLS = [f"banker-draw:{total}/{third}" for total in range(8) for third in range(10)]
HARD_CELLS = [f"banker-draw:{total}/{third}" for total in (3, 4, 5, 6) for third in range(10)]


def asked_first(kind, difficulty, seeds=400):
    """Every item a new learner (no history) may be asked first, over many seeds."""
    return {next_practice_item(kind, difficulty, [], seed=seed) for seed in range(seeds)}


def test_each_level_schedules_its_items():
    # The tableau's cells counted by hand: Player stood, Banker 0..7: 8 cells; Player drew,
    # Banker 0..7 against each third card 0..9: 80 cells; the hard rows 3, 4, 5, 6 against 0..9: 40 cells.
    assert asked_first("banker-draw", 1) == set(STOOD_CELLS)
    assert asked_first("banker-draw", 2, 2000) == set(STOOD_CELLS + DREW_CELLS)
    assert asked_first("banker-draw", 3) == set(HARD_CELLS)
    assert asked_first("total", 3, 5) == {"total"}
    # a mixed drill asks every kind up to its level: level 1 totals and naturals, level 3 all six
    assert asked_first("mixed", 1, 50) == {"total", "natural"}
    assert {item.split(":")[0] for item in asked_first("mixed", 3, 200)} == set(KINDS)      # a Banker cell's kind


# ---------------------------------------------------------------- a missed cell comes back soon

def test_a_missed_cell_comes_back_after_one_other_question():
    # "5/4" missed at position 0: box 1, due at 0 + 1 + 1 = 2. Position 1 (asked[0]): nothing
    # is due, so a new cell. Position 2 (asked[1]): "5/4" is the only due cell. Answered right there: box 2, due
    # at 2 + 1 + 2 = 5; the cell of position 1 (right, box 2) is due at 1 + 1 + 2 = 4, so position 3 is new,
    # position 4 (asked[3]) that cell, position 5 (asked[4]) "5/4" again (the cell of position 3 is due at 6).
    missed = "banker-draw:5/4"
    for seed in range(0, 50, 7):
        asked = practise("banker-draw", 3, [(missed, False)], 5, seed=seed)
        assert asked[1] == missed and asked[4] == missed, (seed, asked)
        assert missed not in (asked[0], asked[2], asked[3]) and asked[3] == asked[0], (seed, asked)


def test_a_cell_missed_again_keeps_coming_back_every_other_question():
    # Missed every time, "6/6" stays in box 1, due two positions after each miss, and nothing
    # else is ever due before it (every other cell answered right waits at least 2).
    asked = practise("banker-draw", 3, [("banker-draw:6/6", False)], 12, wrong={"banker-draw:6/6"}, seed=3)
    assert [number for number, skill in enumerate(asked) if skill == "banker-draw:6/6"] == [1, 3, 5, 7, 9, 11]


def test_a_mastered_cell_is_spaced_out():
    # "6/7" answered right four times (positions 0..3): boxes 2, 3, 4, 5; due at 3 + 1 + 16 = 20.
    # With 39 other hard cells new or waiting, it is not asked at positions 4..19 (16 questions).
    history = [("banker-draw:6/7", True)] * 4
    for seed in (0, 11, 40):
        asked = practise("banker-draw", 3, history, 16, seed=seed)
        assert "banker-draw:6/7" not in asked
    # while one answered right only once (box 2, due at 0 + 1 + 2 = 3) comes back at position 3, the third question
    asked = practise("banker-draw", 3, [("banker-draw:6/7", True)], 3, seed=5)
    assert asked[2] == "banker-draw:6/7" and "banker-draw:6/7" not in asked[:2]


def test_the_gaps_between_sightings_grow_for_a_learner_who_is_always_right():
    # Each right answer doubles the wait: a cell is never asked again before 2, 4, 8 other
    # questions have passed (it may wait longer while lower boxes are due).
    asked = practise("banker-draw", 3, [], 60, seed=9)            # 40 hard cells: never short of new ones
    for cell in set(asked):
        positions = [number for number, skill in enumerate(asked) if skill == cell]
        gaps = [later - earlier for earlier, later in zip(positions, positions[1:])]
        for sighting, gap in enumerate(gaps[:4]):
            assert gap >= 1 + 2 ** (sighting + 1), (cell, positions)


def test_a_mixed_drill_brings_back_the_missed_kind_then_a_cell_of_the_tableau():
    # Kinds by family: "banker-draw:5/4" missed at 0 (banker-draw: box 1, due at 2), "total" right
    # at 1 (box 2, due at 4). At position 2 banker-draw is the only due kind. Within the Banker cells only one answer
    # was seen, so "5/4" waits one more Banker question: the next cell is a new one.
    history = [Answer("banker-draw:5/4", "8 7 / 4", "stand", False, 3.0, None, "drill"),
               Answer("total", "7 8", "5", True, 2.0, None, "lesson")]
    for seed in range(5):
        skill = next_practice_item("mixed", 3, history, seed=seed)
        assert skill.startswith("banker-draw:") and skill != "banker-draw:5/4"
    # once another Banker cell has been answered, "5/4" is the due cell
    assert next_practice_item("banker-draw", 2, history + [("banker-draw:7/2", True)], seed=1) == "banker-draw:5/4"
    # answers of other families (a lesson's "pair", dealer mode) are not Banker cells and do not disturb it
    others = history + [("pair", False), ("dealer:natural", False), ("banker-draw:7/2", True)]
    assert next_practice_item("banker-draw", 3, others, seed=2) == "banker-draw:5/4"


# ---------------------------------------------------------------- a question for a chosen cell

@pytest.mark.parametrize("cell", STOOD_CELLS + DREW_CELLS)
def test_exercise_for_a_cell_deals_cards_that_reach_it(cell):
    # The cards shown reach the cell, and the answer is the reference rule's
    banker_total, third = cell.split(":")[1].split("/")
    for seed in range(3):
        exercise = exercise_for(cell, 2, seed=seed)
        assert exercise.kind == "banker-draw" and exercise.skill == cell
        cards, third_value = banker_prompt(exercise.question.prompt)
        assert sum(cards) % 10 == int(banker_total) and len(cards) == 2
        assert third_value == (None if third == "-" else int(third))
        expected = reference_banker_draws(sum(cards) % 10, third_value)
        assert exercise.question.answer == ("draw" if expected else "stand")


def test_exercise_for_a_hand_worked_cell_and_a_kind():
    # Banker 5 against a third card 4: the tableau's row 5 draws on 4, 5, 6, 7: "draw".
    # Banker 6 against a 5: row 6 draws on 6, 7 only: "stand". Banker 3 when Player stood: 0..5 draws: "draw".
    assert exercise_for("banker-draw:5/4", 3, seed=1).question.answer == "draw"
    assert exercise_for("banker-draw:6/5", 3, seed=1).question.answer == "stand"
    assert exercise_for("banker-draw:3/-", 1, seed=1).question.answer == "draw"
    total = exercise_for("total", 3, seed=4)
    assert total.kind == total.skill == "total" and len(values(total.question.prompt.split(" of ")[1][:-1])) == 3
    for bad in ("banker-draw:8/4", "banker-draw:5/10", "banker-draw", "poker", None, "total:3"):
        if bad == "banker-draw":
            assert exercise_for(bad, 1, seed=1).skill.startswith("banker-draw:")   # a kind: a random cell
            continue
        with pytest.raises(BaccaratError, match="skill must be"):
            exercise_for(bad, 1)


def test_bad_histories_are_refused_in_words():
    for bad in ("total", [("total", "yes")], [("Not a skill!", True)], [42], {"total": True}):
        with pytest.raises(BaccaratError, match="history"):
            next_practice_item("total", 1, bad)


# ---------------------------------------------------------------- the drill, adaptive and seeded

def test_an_adaptive_drill_has_no_seed_and_follows_the_history():
    # No seed; "6/7" missed at 0 and "3/3" right at 1: "6/7" is due at 2.
    history = [("banker-draw:6/7", False), ("banker-draw:3/3", True)]
    drill = start_drill("banker-draw", 3, adaptive=True, history=history)
    assert drill.seed is None and drill.adaptive
    assert drill.exercise.skill == "banker-draw:6/7"
    question = drill.exercise.question
    drill = answer_drill(drill, question.answer)
    assert drill.score.right == 1 and drill.feedback.correct
    # the learner answered it right: with that answer added, "6/7" (box 2, due at 2 + 1 + 2 = 5) waits, and
    # "3/3" (box 2, due at 1 + 1 + 2 = 4) is not due at 3 either: the next cell is a new one
    moved = next_drill(drill, history + [("banker-draw:6/7", True)])
    assert moved.number == 1 and moved.feedback is None and moved.exercise.skill not in ("banker-draw:6/7",
                                                                                         "banker-draw:3/3")
    # one more answer (position 3, right): "3/3" is due at 4
    assert next_drill(moved, history + [("banker-draw:6/7", True), (moved.exercise.skill, True)]
                      ).exercise.skill == "banker-draw:3/3"


def test_an_adaptive_drill_refuses_a_seed_and_a_test():
    with pytest.raises(BaccaratError, match="adaptive drill has no seed"):
        start_drill("total", 1, seed=3, adaptive=True)
    with pytest.raises(BaccaratError, match="adaptive drill has no seed"):
        start_drill("test", adaptive=True)
    with pytest.raises(BaccaratError, match="adaptive must be True or False"):
        start_drill("total", 1, adaptive="yes")


def test_a_seeded_drill_ignores_the_history():
    # The seeded mode for classes: same seed, same questions, whatever was answered before
    drill = start_drill("banker-draw", 3, seed=2024)
    assert not drill.adaptive and drill.seed == 2024
    misses = [("banker-draw:5/4", False)] * 20
    for number in range(5):
        assert drill.exercise == drill_exercises("banker-draw", 3, 2024, number + 1)[number] == \
            drill_exercises("banker-draw", 3, 2024, 5)[number]
        drill = next_drill(answer_drill(drill, "draw"), misses)
    assert next_drill(start_drill("mixed", 2, seed=7), misses) == next_drill(start_drill("mixed", 2, seed=7))


def test_an_adaptive_drill_asks_the_item_due_soonest():
    history = [("total", True), ("natural", False)]
    # "natural" missed at 1: box 1, due at 3; "total" right at 0: box 2, due at 3; both due at position 2? No:
    # position 2 < 3, neither is due and none is new, so the one due soonest: a tie at 3, broken by the lower box
    # (schedule: waiting items by due, then box): "natural", whatever the seed
    assert {next_practice_item("mixed", 1, history, seed=seed) for seed in range(20)} == {"natural"}
    drill = start_drill("mixed", 1, adaptive=True, history=history)
    assert isinstance(drill.exercise, Exercise) and drill.exercise.kind == "natural"


# ---------------------------------------------------------------- each exercise knows its skill

def test_every_exercise_knows_the_skill_it_is_saved_under():
    # The kind, and for a Banker question the cell of the tableau its prompt shows
    for seed in range(30):
        exercise = make_exercise("banker-draw", 2, seed=seed)
        cards, third = banker_prompt(exercise.question.prompt)
        assert exercise.skill == f"banker-draw:{sum(cards) % 10}/{'-' if third is None else third}"
    for kind in KINDS:
        if kind != "banker-draw":
            assert make_exercise(kind, 3, seed=1).skill == kind
    for exercise in final_test(2024, 10):
        assert exercise.skill == exercise.kind or (exercise.kind == "banker-draw"
                                                   and exercise.skill.startswith("banker-draw:"))
