"""Practice drills (baccarat_lib.teaching.practice): seeded generators, answers, difficulty, score and drill state.

Expected answers are worked by hand from the rule reference, or recomputed with tests/reference_rules.py,
never read back from the code under test. The question builders are tested in test_rule_questions.py, and
exact counting in tests/analysis/test_counting.py.
"""

import random
import re
from collections import Counter

import numpy as np
import pytest

from reference_rules import reference_banker_draws, reference_coup

from baccarat_lib.errors import BaccaratError
from baccarat_lib.teaching import Feedback, check_answer
from baccarat_lib.teaching.practice import (KINDS, LEVELS, Drill, Exercise, Score, answer_drill, drill_exercises,
                                            final_test, make_exercise, next_drill, record,
                                            score_summary, start_drill)
from reference_rules import reference_coup
from baccarat_lib.game import play_coup
from baccarat_lib.teaching import (Feedback, Question, Score, answer_drill, check_answer, drill_exercises,
                                   final_test, next_drill, pair_question, record, settle_question, start_drill,
                                   total_question, winner_question)
from baccarat_lib.teaching import practice

VALUE = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 0, "J": 0, "Q": 0, "K": 0}


def values(text):
    """Point values of cards written in a prompt, by hand (suits ignored)."""
    return [VALUE[token.rstrip("♠♥♦♣")] for token in text.split()]


# ---------------------------------------------------------------- generated questions: seeds, kinds, answers

@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_generators_are_reproducible_by_seed(kind, difficulty):
    first = drill_exercises(kind, difficulty, seed=11, count=8)
    assert first == drill_exercises(kind, difficulty, seed=11, count=8)
    assert first != drill_exercises(kind, difficulty, seed=12, count=8)
    assert all(exercise.kind == kind and exercise.difficulty == difficulty for exercise in first)
    assert make_exercise(kind, difficulty, seed=7) == make_exercise(kind, difficulty, seed=np.int64(7))


def test_generators_never_touch_the_global_random_generator():
    random.seed(99)
    state = random.getstate()
    for kind in KINDS:
        drill_exercises(kind, 3, seed=4, count=3)
        make_exercise(kind, 3, seed=None)
    final_test(5)
    start_drill()
    assert random.getstate() == state


def test_every_kind_comes_up_in_mixed_drills_and_in_the_final_test():
    seen = {exercise.kind for level in (1, 2, 3) for exercise in drill_exercises("mixed", level, 3, 60)}
    assert seen == set(KINDS)
    test = final_test(2024)
    assert len(test) == 10 and {exercise.kind for exercise in test} == set(KINDS)
    assert [exercise.kind for exercise in test] == sorted((e.kind for e in test), key=KINDS.index)
    assert final_test(2024) == test and final_test(2025) != test
    assert len(final_test(1, 3)) == 3 and len(set(e.kind for e in final_test(1, 3))) == 3


def _parse_banker(prompt):
    match = re.match(r"Banker holds (.+?) \((\d)\) and (?:Player stood|Player drew (\S+))\.", prompt)
    cards, total, third = match.groups()
    return values(cards), int(total), None if third is None else values(third)[0]


def _reference_answer(exercise):
    """The answer, recomputed from the prompt with the plain reference rules."""
    prompt = exercise.question.prompt
    if exercise.kind == "total":
        return str(sum(values(re.match(r"What is the total of (.+)\?", prompt).group(1))) % 10)
    if exercise.kind == "natural":
        hand = values(re.match(r"Is (.+) a natural\?", prompt).group(1))
        return "yes" if len(hand) == 2 and sum(hand) % 10 >= 8 else "no"
    if exercise.kind == "player-draw":
        hand = values(re.match(r"Player holds (.+) and Banker", prompt).group(1))
        return "draw" if sum(hand) % 10 <= 5 else "stand"
    if exercise.kind == "banker-draw":
        cards, total, third = _parse_banker(prompt)
        assert sum(cards) % 10 == total
        return "draw" if reference_banker_draws(total, third) else "stand"
    if exercise.kind == "winner":
        dealt = values(re.search(r"third cards: (.+)\. Who wins\?", prompt).group(1))
        player, banker, winner = reference_coup(dealt + [0, 0])
        assert len(dealt) == 6          # Six cards shown, so their number gives nothing away
        return winner.capitalize()
    return exercise.question.answer                              # settle: checked by hand above


@pytest.mark.parametrize("kind", KINDS)
def test_generated_answers_agree_with_the_reference_rules(kind):
    for difficulty in (1, 2, 3):
        for exercise in drill_exercises(kind, difficulty, seed=KINDS.index(kind), count=40):
            question = exercise.question
            assert question.answer == _reference_answer(exercise), question.prompt
            assert check_answer(exercise.question, question.answer).correct
            assert not question.choices or question.answer in question.choices


def test_difficulty_changes_what_is_asked():
    def hands(level):
        return [len(re.match(r"What is the total of (.+)\?", e.question.prompt).group(1).split())
                for e in drill_exercises("total", level, 1, 40)]
    assert set(hands(1)) == {2} and set(hands(3)) == {3}
    assert all(sum(values(re.match(r"What is the total of (.+)\?", e.question.prompt).group(1))) >= 10
               for e in drill_exercises("total", 2, 1, 40))             # level 2: the units digit matters

    assert all("Player stood" in e.question.prompt for e in drill_exercises("banker-draw", 1, 1, 40))
    hard = [_parse_banker(e.question.prompt) for e in drill_exercises("banker-draw", 3, 1, 200)]
    hard = [(total, third) for _, total, third in hard if third is not None and 3 <= total <= 6]
    assert len(hard) >= 140                                           # the hard cells dominate level 3
    answers = Counter(reference_banker_draws(total, third) for total, third in hard)
    assert min(answers.values()) >= 0.35 * len(hard)                  # stands as often as draws
    assert {(3, 8)} <= set(hard) and {total for total, _ in hard} == {3, 4, 5, 6}

    level3_player = {sum(values(re.match(r"Player holds (.+) and", e.question.prompt).group(1))) % 10
                     for e in drill_exercises("player-draw", 3, 1, 40)}
    assert level3_player == {5, 6}
    assert any(len(re.match(r"Is (.+) a natural", e.question.prompt).group(1).split()) == 3
               for e in drill_exercises("natural", 3, 1, 40))
    naturals = [values(re.search(r"third cards: (.+)\. Who wins\?", e.question.prompt).group(1))
                for e in drill_exercises("winner", 1, 1, 20)]
    assert all(sum(dealt[0:3:2]) % 10 >= 8 or sum(dealt[1:4:2]) % 10 >= 8 for dealt in naturals)  # P or B natural
    assert all(e.kind in LEVELS[1] for e in drill_exercises("mixed", 1, 1, 30))
    assert "settle" in {e.kind for e in drill_exercises("mixed", 3, 1, 30)}
    bets = lambda level: {re.search(r"you bet [\d,.]+ on ([\w ]+):", e.question.prompt).group(1)  # noqa: E731
                          for e in drill_exercises("settle", level, 1, 80)}
    assert bets(1) == {"Player", "Banker"} and {"Dragon 7", "Panda 8", "Super Six"} <= bets(3)


def test_each_drill_kind_is_one_record_and_the_old_tables_are_read_from_it():
    from baccarat_lib.i18n import N_
    from baccarat_lib.teaching import practice

    # The course's plan, written out by hand (lesson 09 prints the same levels): easy kinds at level 1, the Player
    # rule at 2, the tableau and who wins at 2 and 3, settling at 3; a long test repeats only the kinds beyond 1.
    assert list(practice.DRILL_KINDS) == ["total", "natural", "player-draw", "banker-draw", "winner", "settle"]
    assert practice.KINDS == tuple(practice.DRILL_KINDS)
    assert practice.LEVELS == {1: ("total", "natural"), 2: ("player-draw", "banker-draw", "winner"),
                               3: ("banker-draw", "winner", "settle")}
    assert practice.TEST_EXTRA_KINDS == ("player-draw", "banker-draw", "winner", "settle")
    assert practice.KIND_NAMES["banker-draw"] == N_("Banker: draw or stand")
    for name, kind in practice.DRILL_KINDS.items():
        assert kind.name == name and practice.KIND_NAMES[name] == kind.label
        question, _facts = kind.maker(random.Random(1), max(kind.levels))
        assert make_exercise(name, 1, seed=1).kind == name and question.prompt
    assert not hasattr(practice, "_MAKERS")            # no second table of makers


def test_bad_choices_are_refused_with_a_message():
    with pytest.raises(BaccaratError, match="unknown drill"):
        make_exercise("poker", 1, 1)
    with pytest.raises(BaccaratError, match="difficulty"):
        make_exercise("total", 4, 1)
    with pytest.raises(BaccaratError, match="at least one question"):
        final_test(1, 0)


# ---------------------------------------------------------------- score and drill state

def test_score_arithmetic():
    right, wrong = Feedback(True, "Right!"), Feedback(False, "Not quite")
    score = Score()
    for feedback, kind in [(right, "total"), (right, "total"), (wrong, "settle"), (right, "winner"),
                           (wrong, "banker-draw"), (wrong, "settle")]:
        score = record(score, feedback, kind)
    assert (score.asked, score.right, score.streak, score.best_streak) == (6, 3, 0, 2)
    assert score.missed == ("settle", "banker-draw", "settle")
    assert score_summary(score) == ("3 of 6 right (50%), best streak 2. Practise again: Settling bets (2 missed), "
                                    "Banker: draw or stand (1 missed).")
    assert score_summary(Score()) == "No answers yet."
    assert score_summary(record(Score(), right)) == "1 of 1 right (100%), best streak 1. Nothing missed!"


def test_a_drill_scores_only_the_first_answer_and_never_a_blank():
    drill = start_drill("banker-draw", 3, seed=8)
    assert isinstance(drill, Drill) and drill.score == Score()
    assert answer_drill(drill, "  ") == drill
    answer = drill.exercise.question.answer
    drill = answer_drill(drill, answer)
    assert drill.feedback.correct and drill.score.right == 1
    assert answer_drill(drill, "nonsense") == drill                   # a second answer changes nothing
    moved = next_drill(drill)
    assert moved.number == 1 and moved.feedback is None and moved.score == drill.score
    assert moved.exercise == drill_exercises("banker-draw", 3, 8, 2)[1]
    skipped = next_drill(moved)                                      # a drill may skip; nothing is scored
    assert skipped.number == 2 and skipped.score == drill.score


def test_a_test_waits_for_each_answer_and_stops_at_the_end():
    drill = start_drill("test", seed=4, length=3)
    assert next_drill(drill) == drill
    for number in range(3):
        assert drill.exercise == final_test(4, 3)[number]
        question = drill.exercise.question          # a wrong answer that is judged (a typo would not count)
        drill = answer_drill(drill, next((c for c in question.choices if c != question.answer), "123456789"))
        if number < 2:
            drill = next_drill(drill)
    assert drill.finished and next_drill(drill) == drill
    assert drill.score.asked == 3 and drill.score.right == 0 and len(drill.score.missed) == 3


def test_a_drill_without_seed_keeps_the_seed_it_picked():
    drill = start_drill("total", 1)
    assert isinstance(drill.seed, int) and drill.exercise == drill_exercises("total", 1, drill.seed, 1)[0]
    assert isinstance(drill.exercise, Exercise)


# -------------------- A final test does not repeat itself

def _cards_shown(exercise):
    """The card values a prompt shows, by kind (parsed by hand)."""
    prompt = exercise.question.prompt
    patterns = {"total": r"What is the total of (.+)\?", "natural": r"Is (.+) a natural\?",
                "player-draw": r"Player holds (.+) and Banker", "winner": r"third cards: (.+)\. Who wins\?",
                "settle": r"(?:third cards|P, B, P, B): (.+)\. What is your net"}
    if exercise.kind == "banker-draw":
        banker, third = re.match(r"Banker holds (.+?) \(\d\) and (?:Player stood|Player drew (\S+))\.",
                                 prompt).groups()
        return values(banker) + (values(third) if third else [])
    return values(re.search(patterns[exercise.kind], prompt).group(1))


def _situation(exercise):
    """The key facts of a question, recomputed from its prompt with the plain reference rules."""
    shown = _cards_shown(exercise)
    if exercise.kind == "player-draw":
        return sum(shown) % 10
    if exercise.kind == "banker-draw":
        return sum(shown[:2]) % 10, shown[2] if len(shown) == 3 else None
    if exercise.kind == "winner":
        player, banker, _ = reference_coup(shown)
        return sum(player[:2]) % 10, sum(banker[:2]) % 10, tuple(player[2:]), tuple(banker[2:])
    return tuple(sorted(shown))


@pytest.mark.parametrize("seeds", [range(0, 150), range(150, 300)])
def test_no_final_test_repeats_a_situation(seeds):
    # Final_test(2024) asked "9♥ 8♠", "9♦ 8♥", "9♥ 7♥".
    for seed in seeds:
        test = final_test(seed)
        kinds = Counter(exercise.kind for exercise in test)
        assert set(kinds) == set(practice.KINDS) and max(kinds.values()) == 2          # four kinds twice
        cards = [(e.kind, tuple(sorted(_cards_shown(e)))) for e in test]
        assert len(set(cards)) == len(cards), (seed, [e.question.prompt for e in test])
        situations = [(e.kind, _situation(e)) for e in test]
        assert len(set(situations)) == len(situations), (seed, situations)
        answers = [(e.kind, e.question.answer) for e in test if e.kind in ("player-draw", "winner")]
        assert len(set(answers)) == len(answers), (seed, answers)    # one draw, one stand; two winners


def test_the_reported_test_no_longer_repeats_itself():
    # Questions 3–5 of final_test(2024) were three Player hands of 9 with an 8 or a 7.
    player = [_cards_shown(e) for e in final_test(2024) if e.kind == "player-draw"]
    assert len(player) == 2 and sum(player[0]) % 10 != sum(player[1]) % 10


def test_final_test_is_still_the_same_for_a_seed():
    # The redraws are deterministic.
    first = {seed: final_test(seed) for seed in (0, 1, 2024)}
    practice._final_test.cache_clear()
    assert {seed: final_test(seed) for seed in (0, 1, 2024)} == first
    assert final_test(2024) != final_test(2025)
    assert [e.kind for e in final_test(7, 3)] == sorted((e.kind for e in final_test(7, 3)),
                                                        key=practice.KINDS.index)


def test_long_tests_still_build_and_stay_varied():
    # A 100-question test runs out of answer patterns but never fails, and no kind crowds it.
    test = final_test(5, 100)
    assert len(test) == 100 == len(final_test(5, 100))
    kinds = Counter(exercise.kind for exercise in test)
    assert kinds["total"] == kinds["natural"] == 1 and all(24 <= kinds[k] <= 25 for k in practice.TEST_EXTRA_KINDS)
    cards = [(e.kind, tuple(sorted(_cards_shown(e)))) for e in test if e.kind in ("winner", "settle")]
    assert len(set(cards)) == len(cards)                      # six cards: plenty of different ones
