"""Bad input to the analysis layer, module by module: a BaccaratError naming the argument, never a wrong answer or
a raw crash; shoes of any size that can finish a coup get exact odds; one seed policy; bounded work.

Expected values are worked by hand (the working is in a comment) or come from an independent computation
(tests/brute_force.py, or the plain loop over the first four cards below), never from the code under test.
(That no other exception escapes any entry point is the fuzz harness's job: tests/test_bad_input.py.)
"""

import random
import time
from fractions import Fraction
from math import prod

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from brute_force import brute_force_chances, brute_force_pair_chances

from baccarat_lib.analysis import convergence, kernel, odds, roads, simulate
from baccarat_lib.analysis.convergence import bet_convergence, enumerate_coups, net_results, outcome_convergence
from baccarat_lib.analysis.counting import (edge_ranges, edges, edges_after_removing, edges_through_shoe,
                                            effect_of_removal, five_choice, positive_coups, removal_effects,
                                            removal_text, weighted_effect_sum)
from baccarat_lib.analysis.kernel import play_values
from baccarat_lib.analysis.odds import (_MAX_SHOE_CARDS, _pair_probability, _probability_where, check_shoe, house_edge,
                                        outcome_probabilities)
from baccarat_lib.analysis.roads import (bead_plate, big_road, big_road_columns, longest_streaks, road_text,
                                         standard_error_gaps, streak_statistics, streak_table)
from baccarat_lib.analysis.simulate import (MAX_COUNTED_COUPS, MAX_RECORDED_COUPS, deal_shoe, outcome_counts,
                                            play_shoe, simulate_coups)
from baccarat_lib.errors import BaccaratError
from baccarat_lib.game import RANKS, Outcome, Shoe, play_coup
from bad_input import case_id, refused

OUTCOME_EVENTS = {"player": lambda f: f["winner"] == "player", "banker": lambda f: f["winner"] == "banker",
                  "tie": lambda f: f["winner"] == "tie"}



def by_outcome(chances):
    return {Outcome.PLAYER: chances["player"], Outcome.BANKER: chances["banker"], Outcome.TIE: chances["tie"]}


# --- odds: counts are 13 whole numbers (no truncated fractions, text, bools, NaN or None) ----------------------

@pytest.mark.parametrize("counts", [
    [4.9] * 13, [4.0] * 13, "4444444444444", b"4444444444444", [True] * 13, [np.bool_(True)] * 13,
    [float("nan")] * 13, [None] * 13, [4] * 12 + [None], None.__class__, [4] * 12, [4] * 14, [],
    [-1] + [4] * 12, np.full(13, 4.0), np.full((13, 1), 4), {i: 4 for i in range(13)}, set(range(13)),
    iter([4] * 13), 4, ["4"] * 13, [[4]] * 13,
], ids=case_id)
def test_counts_are_whole_numbers_or_refused_naming_counts(counts):
    refused(lambda: house_edge("banker", counts=counts), "counts")
    refused(lambda: outcome_probabilities(counts=counts), "counts")


def test_numpy_integer_counts_are_accepted():
    # A small shoe given as numpy arrays of each integer type: the same Fractions as brute force.
    counts = (2, 1, 1, 0, 1, 0, 1, 0, 1, 2, 1, 0, 1)
    expected = by_outcome(brute_force_chances(counts, OUTCOME_EVENTS))
    for dtype in (np.int8, np.int32, np.int64, np.uint16):
        assert outcome_probabilities(counts=np.array(counts, dtype=dtype)) == expected
    assert outcome_probabilities(counts=[np.int64(n) for n in counts]) == expected


# --- odds: decks, removed and counts given together must agree ---------------------------------------------------

def test_removed_with_counts_takes_the_cards_out_of_the_counts():
    # counts less removed is the shoe: brute force on the counts with those cards taken out by hand.
    counts = (2, 1, 1, 0, 1, 0, 1, 0, 1, 2, 1, 0, 2)
    left = (1, 1, 1, 0, 1, 0, 1, 0, 1, 2, 1, 0, 1)          # one A and one K taken out
    assert outcome_probabilities(counts=counts, removed="A K♠") == by_outcome(brute_force_chances(left, OUTCOME_EVENTS))
    # One deck less three aces: 49 cards, one A, four of every other rank.
    # P(Player pair) = sum n (n - 1) / (49 * 48) = 12 * 4 * 3 / 2352 = 144 / 2352.
    assert _pair_probability(check_shoe(counts=[4] * 13, removed="A A A")) == Fraction(144, 2352)
    assert brute_force_pair_chances([1] + [4] * 12)[0] == Fraction(144, 2352)


def test_removed_cards_must_be_in_the_counts():
    refused(lambda: outcome_probabilities(counts=[4] * 13, removed="A A A A A"), "5 × A", "hold only 4")
    refused(lambda: outcome_probabilities(counts=[0] + [4] * 12, removed="A"), "1 × A", "hold only 0")


def test_decks_with_counts_are_refused_unless_they_agree():
    refused(lambda: outcome_probabilities(1, removed="A A A A", counts=[32] * 13), "decks", "counts")
    refused(lambda: house_edge("banker", "standard", 8, counts=[4] * 13), "decks", "counts")
    refused(lambda: effect_of_removal("banker", decks=2, counts=[4] * 13), "decks", "counts")
    # They agree: a 1-deck shoe is 13 ranks of 4. Then removed is checked card by card, suits included.
    assert outcome_probabilities(1, counts=[4] * 13) == outcome_probabilities(1)  # (checked by brute force in test_odds)
    assert house_edge("banker", "standard", 1, "9 9", counts=[4] * 13) == house_edge("banker", "standard", 1, "9 9")
    refused(lambda: outcome_probabilities(1, removed="A♠ A♠", counts=[4] * 13), "holds only 1")
    # Positional decks still works, and an explicit 8 equals the default.
    assert house_edge("banker", "standard", 8) == house_edge("banker") == house_edge("banker", decks=8)


# --- odds: a shoe needs 6 cards for a coup, for the pair bets too ---------------------------------------------

FORTY_SEVEN = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"] * 3 + ["A", "2", "3", "4", "5",
                                                                                          "6", "7", "8"]


def test_a_shoe_that_cannot_finish_a_coup_is_refused_with_how_many_cards_a_coup_may_need():
    assert len(FORTY_SEVEN) == 47
    message = refused(lambda: house_edge("banker", "standard", 1, removed=FORTY_SEVEN), "at least 6 cards", "not 5")
    # Pair bets too: they are settled on a finished coup (the module's notes say so).
    assert refused(lambda: house_edge("player-pair", "standard", 1, removed=FORTY_SEVEN)) == message
    for total in range(6):
        counts = [total] + [0] * 12
        refused(lambda: outcome_probabilities(counts=counts), "at least 6 cards", f"not {total}")
        refused(lambda: house_edge("banker-pair", counts=counts), "at least 6 cards")
    # One home for the check: the plain enumerator and play_shoe give the same message.
    assert refused(lambda: enumerate_coups("K K K 5 5")) == message
    assert refused(lambda: play_shoe("K K K 5 5", cut_card=0)) == message


def test_six_cards_are_enough_and_exact():
    # A 6-card shoe can finish every coup: the same Fractions as brute force, summing to exactly 1.
    counts = (2, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 2)         # A A 5 5 K K
    exact = outcome_probabilities(counts=counts)
    assert exact == by_outcome(brute_force_chances(counts, OUTCOME_EVENTS)) and sum(exact.values()) == 1
    assert house_edge("banker", "standard", 1, removed=FORTY_SEVEN[:-1]) is not None  # 6 cards left


def test_counting_needs_a_card_to_remove_from_a_shoe_that_stays_playable():
    refused(lambda: effect_of_removal("banker", counts=[6] + [0] * 12), "7 cards or more")
    refused(lambda: edges_after_removing(FORTY_SEVEN, decks=1), "at least 6 cards")


# --- odds: large shoes stay exact up to _MAX_SHOE_CARDS, and are refused beyond -------------------------------

def natural_by_loops(rank_counts):
    """P(either two-card hand is a natural) by a plain loop over the values of the first four cards."""
    values = [0] * 10
    for rank, count in enumerate(rank_counts):
        values[(rank + 1) % 10 if rank < 9 else 0] += count
    size, hits = sum(values), 0
    for p1 in range(10):
        for b1 in range(10):
            for p2 in range(10):
                for b2 in range(10):
                    left, weight = list(values), 1
                    for value in (p1, b1, p2, b2):
                        weight *= left[value]
                        left[value] -= 1
                    if weight and ((p1 + p2) % 10 >= 8 or (b1 + b2) % 10 >= 8):
                        hits += weight
    return Fraction(hits, prod(range(size - 3, size + 1)))


@pytest.mark.parametrize("counts", [[35] * 12 + [38], [35] * 12 + [39], [111] * 13, [111] * 12 + [118],
                                    [111] * 12 + [119], [112] * 13, [120] * 13, [400] * 13],
                         ids=lambda counts: f"{sum(counts)} cards")
def test_large_shoes_stay_exact(counts):
    # Up to 458 cards the weights are exact in float64 (N (N-1) ... (N-5) < 2**53); 459 to 1,450 cards fit int64
    # weights; 1,451 and more need Python integers (N (N-1) ... (N-5) > 2**63).
    natural = _probability_where("natural", lambda coups: coups.natural, check_shoe(counts=counts))
    assert natural == natural_by_loops(counts)


def test_thirty_decks_sum_to_exactly_one_close_to_eight_decks():
    thirty = outcome_probabilities(counts=[4 * 30] * 13)
    eight = outcome_probabilities(8)
    assert all(isinstance(p, Fraction) for p in thirty.values()) and sum(thirty.values()) == 1
    assert all(abs(thirty[o] - eight[o]) < Fraction(1, 1000) for o in Outcome)
    refused(lambda: outcome_probabilities(counts=[_MAX_SHOE_CARDS] * 13), f"{_MAX_SHOE_CARDS:,}")


# --- odds, counting, convergence: bets, tables and events are names -----------------------------------------------

def test_bets_tables_and_events_must_be_names():
    refused(lambda: house_edge(["banker"]), "bet")
    refused(lambda: house_edge("banker", ["standard"]), "pay table")
    refused(lambda: house_edge("x" * 100_000), "bet")
    refused(lambda: edges([4] * 13, bets=[["banker"]]), "bets")
    refused(lambda: net_results(simulate_coups(10, seed=1), ["banker"]), "bet")


def test_coup_table_checks_its_rule():
    refused(lambda: odds.coup_table([10]), "player_draws_on")
    refused(lambda: odds.coup_table([[1]]), "player_draws_on")


# --- simulate, counting, convergence: one seed policy for every random source -----------------------------------

BAD_SEEDS = [-5, -1, "abc", "5", 3.5, 2.0, [1], (1,), True, np.bool_(False), np.random.default_rng(1),
             random.Random(1), np.float64(3.0), np.int8(-1), object()]


@pytest.mark.parametrize("seed", BAD_SEEDS, ids=case_id)
def test_one_seed_policy_for_every_random_source(seed):
    for call in (lambda: outcome_counts(10, seed=seed), lambda: simulate_coups(10, seed=seed),
                 lambda: deal_shoe(seed=seed), lambda: edges_through_shoe(1, seed=seed),
                 lambda: outcome_convergence(Outcome.BANKER, 10, seed=seed),
                 lambda: bet_convergence("banker", "standard", 10, seed=seed)):
        refused(call, "seed")


def test_valid_seeds_deal_the_shoe_of_the_same_seed():
    # One seed, one shoe: deal_shoe deals Shoe(8, seed)'s cards in order; numpy
    # integers are the same seed as the int.
    for seed in (0, 5, 2024, 2**40):
        assert deal_shoe(seed=seed).shoe_cards[0].tolist() == [RANKS.index(c.rank) for c in Shoe(8, seed).peek(416)]
    assert (deal_shoe(seed=np.int64(5)).outcomes == deal_shoe(seed=5).outcomes).all()
    assert outcome_counts(1000, seed=np.uint32(7)) == outcome_counts(1000, seed=7)


# --- simulate: the work is bounded (n_coups has a documented most) -------------------------------------------------

def test_n_coups_is_bounded_by_a_documented_limit_before_any_work():
    start = time.perf_counter()
    refused(lambda: simulate_coups(200_000_000), "n_coups", f"{MAX_RECORDED_COUPS:,}")
    refused(lambda: simulate_coups(MAX_RECORDED_COUPS + 1), "n_coups", "outcome_counts")
    refused(lambda: outcome_counts(MAX_COUNTED_COUPS + 1), "n_coups", f"{MAX_COUNTED_COUPS:,}")
    refused(lambda: outcome_counts(10**30), "n_coups")
    refused(lambda: outcome_convergence(n_coups=200_000_000), "n_coups")
    refused(lambda: bet_convergence(n_coups=10**12), "n_coups")
    assert time.perf_counter() - start < 2
    assert MAX_RECORDED_COUPS <= MAX_COUNTED_COUPS
    assert str(MAX_RECORDED_COUPS) in simulate.__doc__.replace(",", "")
    assert str(MAX_COUNTED_COUPS) in simulate.__doc__.replace(",", "")


def test_simulation_flags_and_coup_numbers_are_checked():
    refused(lambda: simulate_coups(10, seed=1, keep_shoes="no"), "keep_shoes")
    records = simulate_coups(10, seed=1)
    refused(lambda: records.row(10), "i")
    refused(lambda: records.row("0"), "i")
    refused(lambda: records.outcome(1.5), "i")
    assert records.row(-1) == records.row(9)
    refused(lambda: simulate_coups(0, seed=1).row(0), "no coups")
    refused(lambda: play_shoe("K 5 9 3 2 2 2", cut_card="0"), "cut_card")


def test_convergences_check_every_argument_before_simulating():
    start = time.perf_counter()
    refused(lambda: outcome_convergence("B"), "outcome")
    refused(lambda: outcome_convergence(["banker"]), "outcome")
    refused(lambda: outcome_convergence(points=0), "points")
    refused(lambda: outcome_convergence(decks=9), "decks")
    refused(lambda: bet_convergence("dragon-7", "ez"), "does not record")
    refused(lambda: bet_convergence("banker", "vegas"), "pay table")
    assert time.perf_counter() - start < 1   # nothing was simulated


def test_plain_enumerator_checks_its_input():
    refused(lambda: enumerate_coups(None))
    refused(lambda: enumerate_coups("K K"), "at least 6 cards")   # raised on the call, not on first use
    refused(lambda: enumerate_coups(123))
    refused(lambda: convergence.outcome_chances(None), "deals")
    refused(lambda: convergence.outcome_chances([(1, 2)]), "deals")
    refused(lambda: net_results(None, "banker"), "records")


# --- counting: arguments checked where they enter ------------------------------------------------------------------

def test_counting_checks_its_arguments():
    refused(lambda: edges(None), "counts")
    refused(lambda: edges([4.5] * 13), "counts")
    refused(lambda: edges([4] * 13, bets=None), "bets")
    refused(lambda: edges([4] * 13, bets=[]), "bets")
    refused(lambda: edges([4] * 13, bets=[1, 2]), "bets")
    refused(lambda: effect_of_removal(None), "bet")
    refused(lambda: removal_effects(decks=0), "decks")
    refused(lambda: removal_effects(bets=5), "bets")
    refused(lambda: weighted_effect_sum(None), "effects")
    refused(lambda: weighted_effect_sum({0: "x"}), "effects")
    refused(lambda: weighted_effect_sum({11: Fraction(1)}), "effects")
    refused(lambda: weighted_effect_sum({0: Fraction(1)}, decks="8"), "decks")
    refused(lambda: removal_text({}), "effects")
    refused(lambda: removal_text({"tie": None}), "effects")
    refused(lambda: removal_text({"tie": {0: 1}, "banker": {1: 1}}), "same card values")
    refused(lambda: positive_coups([]), "points")
    refused(lambda: positive_coups(None), "points")
    refused(lambda: edge_ranges([1, 2]), "points")
    refused(lambda: edges_after_removing(None), "cards")
    refused(lambda: edges_after_removing("5", decks=9), "decks")
    refused(lambda: edges_through_shoe(decks="8"), "decks")
    refused(lambda: edges_through_shoe(1, bets="nothing"), "bet")
    refused(lambda: five_choice([8]), "decks")   # was "unhashable type: 'list'" from the cache
    refused(lambda: five_choice(9), "decks")
    # One bet name is one bet (it used to be read letter by letter).
    assert edges([4] * 13, bets="banker") == {"banker": house_edge("banker", decks=1)}
    # Worked by hand: every value's effect 1/1000, one deck: 16 tens + 9 values x 4 = 52 cards -> 52/1000.
    assert weighted_effect_sum({value: Fraction(1, 1000) for value in range(10)}, 1) == Fraction(52, 1000)


# --- roads: outcomes, rows and streak lengths are checked ---------------------------------------------------------

@pytest.mark.parametrize("outcomes", [None, 123, 4.5, object(), {"B": 1}, np.array([["B"]]), [None], [1, 2],
                                      ["B", ["P"]], "x" * 100_000, b"BBP"], ids=lambda value: case_id(value, 20))
def test_roads_refuse_what_is_not_a_list_of_results(outcomes):
    for function in (big_road, bead_plate, big_road_columns, longest_streaks, streak_statistics):
        refused(lambda: function(outcomes), "outcomes" if not isinstance(outcomes, (list, str, np.ndarray))
                or (isinstance(outcomes, np.ndarray) and outcomes.ndim != 1) else "not a result")


def test_roads_check_rows_max_k_side_shoes_and_flags():
    for rows in (0, -1, 1.5, "6", None, True, 10**6):
        refused(lambda: big_road("B P", rows), "rows")
        refused(lambda: bead_plate("B P", rows), "rows")
        refused(lambda: road_text(big_road("B P"), rows), "rows")
    for max_k in (0, 2.5, "3", None, 10**9):
        refused(lambda: streak_statistics("B B P", max_k), "max_k")
    for side in (None, ["B"], "x" * 1000, 3):
        refused(lambda: streak_statistics("B B P", 2, side), "not a result")
    refused(lambda: streak_statistics("B B P", 2, "tie"), "not of ties")
    for shoes in (123, "000", [0.5, 1, 2], [None, 0, 0], [[0], [0], [0]], {0: 1}):
        refused(lambda: streak_statistics("B B P", shoes=shoes), "shoes")
    refused(lambda: streak_statistics("B B P", 2, all_coups="yes"), "all_coups")
    refused(lambda: road_text(None), "cells")
    refused(lambda: road_text([1, 2]), "cells")
    refused(lambda: road_text([roads.BeadCell(10**9, 10**9, Outcome.BANKER, 0)]), "at most")
    refused(lambda: standard_error_gaps(None, 0.5), "rows")
    refused(lambda: standard_error_gaps([], "0.5"), "exact")
    refused(lambda: standard_error_gaps([], float("nan")), "exact")
    refused(lambda: streak_table([(1, 2, 3, 0.5, 0.1)], 0.5), "rows")
    # The valid forms still work: float shoe numbers that are whole.
    assert streak_statistics("B B B", 1, shoes=np.array([0.0, 0.0, 1.0]))[0].coups == 1     # coup 2 only


# --- kernel: the shoe size is checked where it enters; play_values plays what the library built ---------------

def test_the_kernel_checks_a_shoe_size_and_plays_plain_numbers():
    refused(lambda: kernel.check_shoe_size("52"), "number of cards")
    # Worked by hand: Player 2+3 = 5 draws the 7 -> 2; Banker 3+1 = 4 against a third card 7 stands? No:
    # 4 draws on 2-7, so Banker takes the 4 -> 8. Banker wins 8-2 with 6 cards. Python ints work too.
    played = play_values(5, 4, 7, 4)
    assert (int(played.outcome), int(played.player_total), int(played.banker_total), int(played.n_cards)) == \
        (kernel.OUTCOME_CODES[Outcome.BANKER], 2, 8, 6)


# --- odds and simulate: two properties over any input ------------------------------------------------------------

FAST = settings(max_examples=12, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])


@FAST
@given(counts=st.lists(st.one_of(st.integers(-1, 40), st.floats(0, 8), st.none(), st.booleans(),
                                 st.sampled_from([np.int16(4), np.float32(4), "4", 10**7])),
                       min_size=11, max_size=14))
def test_any_counts_give_exact_chances_or_an_error_naming_counts(counts):
    whole = all(type(n) in (int, np.int16) and n >= 0 for n in counts)
    try:
        chances = outcome_probabilities(counts=counts)
    except BaccaratError as error:
        message = str(error)
        assert len(message) < 200
        assert ("counts" in message) or (whole and len(counts) == 13 and
                                         ("at least 6 cards" in message or "at most" in message))
        return
    assert whole and len(counts) == 13 and sum(counts) >= 6
    assert all(isinstance(p, Fraction) for p in chances.values()) and sum(chances.values()) == 1


@FAST
@given(seed=st.one_of(st.none(), st.integers(-2**70, 2**70), st.floats(), st.text(max_size=10), st.booleans(),
                      st.lists(st.integers(0, 5), max_size=2),
                      st.sampled_from([np.int64(5), np.uint8(3), np.int32(-2), np.float64(1.0)])))
def test_a_seed_is_accepted_exactly_when_the_policy_says(seed):
    # The policy, as the errors module states it: None, or a whole number 0 or more (numpy integers too).
    valid = seed is None or (isinstance(seed, (int, np.integer)) and not isinstance(seed, bool) and seed >= 0)
    try:
        deal_shoe(decks=1, seed=seed)
    except BaccaratError as error:
        assert not valid and "seed" in str(error) and len(str(error)) < 200
    else:
        assert valid


def test_a_numpy_scalar_array_is_not_a_rule_for_player():
    # np.array(3) claims __len__ but has no length (a raw TypeError escaped); a 2-D array is no set of totals.
    refused(lambda: odds.coup_table(np.array(3)), "player_draws_on", "array(3)")
    refused(lambda: odds.coup_table(np.array([[0, 1]])), "player_draws_on")
    assert odds.coup_table(np.array([0, 1, 2, 3, 4, 5])) is odds.coup_table()     # the standard rule as an array


def test_a_numpy_scalar_array_is_not_a_list_of_deals():
    # np.array(3) has __iter__ but cannot be iterated (a raw TypeError escaped); a list of pairs is read as ever:
    # two deals of chance 1/2, one a Banker win (the worked coup), one a Player win (Player 9 against 0).
    refused(lambda: convergence.outcome_chances(np.array(3)), "deals", "array(3)")
    banker, player = play_coup("2 3 3 A 7 4"), play_coup("9 K K Q")
    assert convergence.outcome_chances([(Fraction(1, 2), banker), (Fraction(1, 2), player)]) == {
        Outcome.PLAYER: Fraction(1, 2), Outcome.BANKER: Fraction(1, 2), Outcome.TIE: 0}
