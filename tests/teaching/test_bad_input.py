"""Bad input to the teaching layer, module by module: question builders and drills check their arguments where
they enter, and refuse with a BaccaratError naming the argument, what was given and what is accepted.

Expected values are worked by hand in the comments. (That no other exception escapes any entry point is the
fuzz harness's job: tests/test_bad_input.py.)
"""

import random

import numpy as np
import pytest

from baccarat_lib.analysis.roads import StreakRow
from baccarat_lib.teaching import (Feedback, Question, Score, answer_drill, banker_draw_question,
                                   bead_question, best_removal_question, check_answer, columns_question,
                                   dragon_tail_question, drill_exercises, final_test, five_question,
                                   lowest_edge_question, make_exercise, natural_question, next_drill,
                                   no_commission_question, pair_question, player_draw_question, positive_question,
                                   record, score_summary, settle_question, start_drill, streak_question,
                                   total_question, wins_more_question, winner_question, wrong_rows_question)
from bad_input import refused

WORKED = "2♣ 3♥ 3♠ A♦ 7♦ 4♠"        # Player 2+3+7 = 2, Banker 3+A+4 = 8: Banker wins 8–2



# ---- road_questions: counts of coups and columns are whole numbers 1 or more

@pytest.mark.parametrize("bad", [0, -1, 1.5, "3", None, [8], True, 10 ** 9])
def test_road_questions_refuse_counts_that_are_not_1_or_more(bad):
    refused(lambda: dragon_tail_question(bad), "streak must be a whole number from 1 to 1000")
    refused(lambda: bead_question(bad), "coup_number must be a whole number from 1 to 1000")


def test_road_questions_take_numpy_integers():
    # 8 wins with 6 rows: 6 down column 1, then right along the bottom: win 8 is in column 3.
    # Coup 14 on a 6-row Bead Plate: columns hold 6 each, 14 = 6 + 6 + 2: column 3.
    assert dragon_tail_question(np.int64(8)).answer == "3" and bead_question(np.int32(14)).answer == "3"
    assert bead_question(14, rows=np.int64(6)).answer == "3" and bead_question(7, rows=3).answer == "3"


@pytest.mark.parametrize("call, words", [
    (lambda: dragon_tail_question(8, side="tie"), ("side must be Banker or Player",)),
    (lambda: dragon_tail_question(8, side=["B"]), ("side must be Banker or Player",)),
    (lambda: dragon_tail_question(8, rows=0), ("rows must be a whole number from 1 to 20",)),
    (lambda: bead_question(8, rows=2.5), ("rows must be",)),
    (lambda: columns_question(None), ("sequence must be results",)),
    (lambda: columns_question(123), ("sequence must be results",)),
    (lambda: columns_question(""), ("sequence must hold at least one result",)),
    (lambda: columns_question("B X"), ("is not a result",)),
    (lambda: streak_question("row", 0.5), ("rows must be a list of StreakRow",)),
    (lambda: streak_question(StreakRow(1, 0, 0, float("nan"), float("nan")), 0.5), ("row must be a StreakRow",)),
    (lambda: streak_question(StreakRow(1, 100, 50, 0.5, 0.05), "abc"), ("exact must be a chance from 0 to 1",)),
    (lambda: streak_question(StreakRow(1, 100, 50, 0.5, 0.05), float("nan")), ("exact must be",)),
    (lambda: streak_question(StreakRow(1, 100, 50, 0.5, 0.05), 0.5, side="tie"), ("side must be",)),
])
def test_road_questions_refuse_bad_arguments(call, words):
    refused(call, *words)


# ---- practice: drills follow the one seed policy (None, or a whole number 0 or more)

@pytest.mark.parametrize("seed", [-5, 3.5, "abc", "5", True, [1], np.random.default_rng(0), random.Random(1)])
def test_drills_follow_the_one_seed_policy(seed):
    words = ("seed must be",)
    refused(lambda: make_exercise("total", 1, seed=seed), *words)
    refused(lambda: drill_exercises("total", 1, seed, 2), *words)
    refused(lambda: final_test(seed), *words)
    refused(lambda: start_drill("total", 1, seed=seed), *words)
    refused(lambda: start_drill("test", seed=seed), *words)


def test_replayed_drills_need_a_whole_number_seed():
    refused(lambda: drill_exercises("total", 1, None, 1), "seed must be a whole number 0 or more", "None")
    refused(lambda: final_test(None), "seed must be a whole number 0 or more")
    assert start_drill("total", seed=None).seed >= 0         # start_drill picks one, and keeps it


def test_numpy_seeds_ask_the_same_questions_as_int_seeds():
    assert make_exercise("banker-draw", 3, seed=np.int64(2026)) == make_exercise("banker-draw", 3, seed=2026)
    assert drill_exercises("mixed", np.int64(2), np.uint16(11), np.int8(4)) == drill_exercises("mixed", 2, 11, 4)
    assert final_test(np.int64(2024), np.int64(6)) == final_test(2024, 6)
    assert start_drill("total", np.int64(1), seed=np.int64(3)) == start_drill("total", 1, seed=3)


def test_huge_seeds_still_replay():
    seed = 10 ** 5000                        # past Python's 4,300-digit limit for writing an int as text
    assert drill_exercises("total", 1, seed, 1) == drill_exercises("total", 1, seed, 1)
    assert final_test(seed, 3) == final_test(seed, 3)


# ---- practice: a list given as a drill kind or name is refused clearly (the drill functions are cached)

@pytest.mark.parametrize("call, words", [
    (lambda: drill_exercises(["total"], 1, 5), ("unknown drill ['total']",)),
    (lambda: drill_exercises("total", [1], 5), ("difficulty must be 1, 2 or 3",)),
    (lambda: drill_exercises("total", 1, 5, [3]), ("count must be a whole number from 0 to 10000",)),
    (lambda: drill_exercises("total", 1, 5, -1), ("count must be",)),
    (lambda: final_test([5]), ("seed must be",)),
    (lambda: final_test(5, [3]), ("questions must be a whole number from 1 to 100",)),
    (lambda: final_test(5, 0), ("a test has at least one question",)),
    (lambda: final_test(5, 10 ** 9), ("questions must be",)),
    (lambda: drill_exercises("total", 1, 5, 10 ** 9), ("count must be a whole number from 0 to 10000",)),
    (lambda: make_exercise("poker"), ("unknown drill 'poker'",)),
    (lambda: make_exercise("total", 4), ("difficulty must be 1, 2 or 3, not 4",)),
    (lambda: start_drill(["total"]), ("unknown drill",)),
    (lambda: start_drill("total", 1, seed=1, length=0), ("length must be a whole number from 1 to 10000",)),
    (lambda: start_drill("test", seed=1, length=101), ("questions must be",)),
    (lambda: start_drill("test", difficulty=4, seed=1), ("difficulty",)),
    (lambda: settle_question(["banker"], 10, WORKED), ("unknown bet ['banker']",)),
    (lambda: settle_question("banker", 10, WORKED, table=["standard"]), ("unknown pay table",)),
])
def test_drill_and_question_names_are_checked(call, words):
    refused(call, *words)


# ---- practice and questions: drill state, score and questions check their parts

@pytest.mark.parametrize("call, words", [
    (lambda: Score(asked=1, right=2), ("streak <= best_streak <= right <= asked",)),
    (lambda: Score(asked=2, right=1, streak=1, best_streak=0), ("streak <= best_streak",)),
    (lambda: Score(asked=-1), ("asked must be a whole number 0 or more",)),
    (lambda: Score(asked=2, right=1, best_streak=1, missed=("total", "total")), ("more than the 1 wrong",)),
    (lambda: Score(asked=2, missed=("poker",)), ("missed must be a tuple of drill kinds",)),
    (lambda: record(None, Feedback(True, "Right!")), ("score must be a Score",)),
    (lambda: record(Score(), "right"), ("feedback must be a Feedback",)),
    (lambda: record(Score(), Feedback(False, "No"), "poker"), ("kind must be None or one of",)),
    (lambda: score_summary("8/10"), ("score must be a Score",)),
    (lambda: answer_drill("drill", "5"), ("drill must be a Drill",)),
    (lambda: answer_drill(start_drill("total", seed=3), None), ("answer must be text or a number",)),
    (lambda: answer_drill(start_drill("total", seed=3), ["5"]), ("answer must be text or a number",)),
    (lambda: next_drill(None), ("drill must be a Drill",)),
    (lambda: Question(None, "a", "e"), ("prompt must be text",)),
    (lambda: Question("p", "b", "e", ("a", "c")), ("answer 'b' must be one of the choices",)),
    (lambda: Question("p", "a", "e", "abc"), ("choices must be a tuple of texts",)),
    (lambda: check_answer(None, "5"), ("question must be a Question",)),
    (lambda: check_answer(total_question("7 8"), None), ("answer must be text or a number",)),
])
def test_drill_state_and_questions_refuse_contradictions(call, words):
    refused(call, *words)


def test_answers_may_be_numbers_and_very_long_text():
    question = total_question("7 8")                          # 7 + 8 = 15: the total is 5
    assert check_answer(question, 5).correct and check_answer(question, np.int64(5)).correct
    assert check_answer(question, 5.0).correct and not check_answer(question, "5" * 100_000).correct
    assert not check_answer(question, "1e999999999").correct


# ---- rule_questions and odds_questions: builders check their arguments

@pytest.mark.parametrize("call, words", [
    (lambda: total_question(None), ("cards must be",)), (lambda: natural_question(5), ("cards must be",)),
    (lambda: player_draw_question("2 3 4"), ("cards must be Player's first two cards, not 3 cards",)),
    (lambda: banker_draw_question("2 3 4", None), ("banker_cards must be Banker's first two cards",)),
    (lambda: banker_draw_question("2 3", 10), ("player_third_card must be",)),
    (lambda: winner_question("2 3"), ("needs 2 more cards",)),
    (lambda: settle_question("banker", 10, None), ("coup must be a Coup or cards",)),
    (lambda: settle_question("banker", "1e28", WORKED), ("stake must be a positive amount",)),
    (lambda: pair_question("2 2 3 3", side="x"), ('side must be "player" or "banker"',)),
    (lambda: pair_question("2 2 3 3", side=["player"]), ("side must be",)),
    (lambda: wrong_rows_question({4: ((2, 3), (0,))}, name=5), ("name must be text",)),
    (lambda: wrong_rows_question(None), ("published must be",)),
    (lambda: wins_more_question(0), ("decks must be a whole number",)),
    (lambda: five_question("8"), ("decks must be",)),
    (lambda: no_commission_question(9), ("decks must be",)),
    (lambda: lowest_edge_question(choices=[]), ("choices must be a list of two or more",)),
    (lambda: lowest_edge_question(choices=[("banker",), ("tie", "tie-9")]), ("is not a pair",)),
    (lambda: lowest_edge_question(choices=[("banker", "standard"), ("poker", "standard")]), ("unknown bet 'poker'",)),
    (lambda: lowest_edge_question(decks=9), ("decks must be",)),
    (lambda: best_removal_question(["banker"]), ("unknown bet",)),
    (lambda: best_removal_question("dragon-7", "standard"), ("unknown bet 'dragon-7' for table 'standard'",)),
    (lambda: positive_question([], "banker"), ("points must be a non-empty list of ShoePoint",)),
    (lambda: positive_question(None, "banker"), ("points must be",)),
])
def test_rule_and_odds_questions_refuse_bad_arguments(call, words):
    refused(call, *words)


def test_positive_question_names_the_bets_of_its_points():
    from baccarat_lib.analysis.counting import edges_through_shoe
    points = edges_through_shoe(decks=1, seed=7)
    refused(lambda: positive_question(points, "dragon-7"), "bet must be one of the bets of points")
    assert positive_question(points, "banker").prompt.startswith(f"On how many of the {len(points)} coups")


def test_settle_question_takes_numpy_stakes_and_decks_take_numpy_integers():
    # 100 on Banker, Banker wins 8–2: 100 less 5% = 95
    assert settle_question("banker", np.int64(100), WORKED).answer == "95"
    assert wins_more_question(np.int64(8)).answer == "Banker"


def test_a_question_about_a_very_long_hand_keeps_a_short_key():
    # 50,000 sevens: not a natural (a natural is two cards), total 50,000 × 7 = 350,000 → 0; the key that names
    # the situation in saved progress is cut to 120 characters, never a refusal about an argument nobody gave.
    long_hand = "7 " * 50_000
    natural, total = natural_question(long_hand), total_question(long_hand)
    assert natural.answer == "no" and total.answer == "0"
    assert len(natural.key) == len(total.key) == 120 and natural.key.startswith("7 7 7") and natural.key[-1] == "…"
