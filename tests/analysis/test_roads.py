"""The scoreboards as data (Bead Plate, Big Road) and the streak statistics, against layouts worked by hand.

Their questions are tested in tests/teaching/test_road_questions.py, their pictures in tests/views/test_svg.py.

Every expected (column, row) below was placed by hand on squared paper from the rules in the lesson:
down a column while the winner repeats, a new column at the top when it changes, ties on the ring before,
right along the row when the bottom (or an earlier dragon tail) is reached.
"""

import math
import random

import numpy as np
import pytest

from baccarat_lib.analysis import roads
from baccarat_lib.analysis.roads import (StreakRow, as_outcomes, bead_plate, big_road, big_road_columns,
                                         longest_streaks, road_text, standard_error_gaps,
                                         streak_statistics, streak_table)
from baccarat_lib.analysis.simulate import deal_shoe, play_shoe, simulate_coups, simulate_outcomes
from baccarat_lib.errors import BaccaratError
from baccarat_lib.game import Outcome

B, P, T = Outcome.BANKER, Outcome.PLAYER, Outcome.TIE


def layout(cells):
    """(column, row, letter, ties) for each cell: the hand-worked form."""
    return [(cell.column, cell.row, cell.outcome.value[0].upper(), cell.ties) for cell in cells]


# ---------------------------------------------------------------- reading results

def test_results_in_every_accepted_form_are_the_same():
    expected = [B, B, P, T]
    assert as_outcomes([B, B, P, T]) == expected
    assert as_outcomes(["banker", "Banker", "PLAYER", "tie"]) == expected
    assert as_outcomes("B B P T") == expected
    assert as_outcomes("BBPT") == expected
    assert as_outcomes("b, b, p, t") == expected
    assert as_outcomes(["B", "b", "P", "T"]) == expected


def test_a_bad_result_is_named():
    with pytest.raises(BaccaratError, match="'X' is not a result"):
        big_road("B X P")
    with pytest.raises(BaccaratError, match="rows"):
        bead_plate("B P", rows=0)


# ---------------------------------------------------------------- Big Road

def test_big_road_worked_example():
    # B B | P (tie) P P P P P -> bottom -> P P along row 5 | B starts column 2 at the top.
    cells = big_road("B B P T P P P P P P P B")
    assert layout(cells) == [
        (0, 0, "B", 0), (0, 1, "B", 0),
        (1, 0, "P", 1), (1, 1, "P", 0), (1, 2, "P", 0), (1, 3, "P", 0), (1, 4, "P", 0), (1, 5, "P", 0),
        (2, 5, "P", 0), (3, 5, "P", 0),
        (2, 0, "B", 0),
    ]
    assert [cell.index for cell in cells] == [0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11]
    assert big_road_columns("B B P T P P P P P P P B") == 3


def test_alternating_results_start_a_column_each():
    assert layout(big_road("B P B P")) == [(0, 0, "B", 0), (1, 0, "P", 0), (2, 0, "B", 0), (3, 0, "P", 0)]


def test_ties_are_marked_on_the_previous_cell_and_never_start_a_column():
    assert layout(big_road("B T T P T B")) == [(0, 0, "B", 2), (1, 0, "P", 1), (2, 0, "B", 0)]
    # A tie between two wins of the same side does not break the streak.
    assert layout(big_road("P T P")) == [(0, 0, "P", 1), (0, 1, "P", 0)]


def test_leading_ties_wait_on_the_first_cell():
    first, second = big_road("T T B B")
    assert (first.column, first.row, first.outcome, first.ties, first.leading_ties) == (0, 0, B, 2, 2)
    assert (second.ties, second.leading_ties) == (0, 0)
    first, = big_road("T P T")
    assert (first.outcome, first.ties, first.leading_ties) == (P, 2, 1)


def test_only_ties_and_nothing():
    assert layout(big_road("T T T")) == [(0, 0, "T", 3)]
    assert big_road([]) == [] and big_road_columns("T") == 0


def test_eight_bankers_turn_right_along_the_bottom_row():
    assert layout(big_road("B" * 8)) == [(0, r, "B", 0) for r in range(6)] + [(1, 5, "B", 0), (2, 5, "B", 0)]
    # The next column still starts right of the streak's own column, above the tail.
    assert layout(big_road("B" * 8 + "P"))[-1] == (1, 0, "P", 0)


def test_a_long_streak_next_to_a_dragon_tail_turns_early():
    # 8 B: column 0 and the tail (1,5), (2,5). 7 P: column 1 rows 0-4; (1,5) is taken, so turn at row 4.
    cells = big_road("B" * 8 + "P" * 7 + "B")
    assert layout(cells)[8:] == [(1, 0, "P", 0), (1, 1, "P", 0), (1, 2, "P", 0), (1, 3, "P", 0),
                                 (1, 4, "P", 0), (2, 4, "P", 0), (3, 4, "P", 0), (2, 0, "B", 0)]


def test_tails_nest_one_row_higher_each_time():
    # ... then 6 B in column 2: rows 0-3, (2,4) is taken by the P tail, so turn at row 3.
    cells = big_road("B" * 8 + "P" * 7 + "B" * 6)
    assert layout(cells)[15:] == [(2, 0, "B", 0), (2, 1, "B", 0), (2, 2, "B", 0), (2, 3, "B", 0),
                                  (3, 3, "B", 0), (4, 3, "B", 0)]


def test_once_turned_a_streak_keeps_going_right():
    # 7 B turn at row 5; a tie inside the tail stays on the tail; the tail goes on right, never back down.
    assert layout(big_road("B" * 7 + "T" + "B" * 2)) == ([(0, r, "B", 0) for r in range(6)]
                                                      + [(1, 5, "B", 1), (2, 5, "B", 0), (3, 5, "B", 0)])


def test_a_shorter_board():
    assert layout(big_road("BBBBP", rows=3)) == [(0, 0, "B", 0), (0, 1, "B", 0), (0, 2, "B", 0),
                                                 (1, 2, "B", 0), (1, 0, "P", 0)]


def test_big_road_keeps_every_win_once_on_distinct_cells():
    rng = random.Random(8)
    for _ in range(300):
        sequence = rng.choices("BPT", weights=[46, 45, 9], k=rng.randrange(0, 90))
        cells = big_road(sequence)
        wins = [i for i, letter in enumerate(sequence) if letter != "T"]
        if wins:
            assert [cell.index for cell in cells] == wins
            assert len({(cell.column, cell.row) for cell in cells}) == len(cells)
            assert sum(cell.ties for cell in cells) == sequence.count("T")
            assert max(cell.row for cell in cells) <= 5
            for before, after in zip(cells, cells[1:]):
                if before.outcome is after.outcome:   # a streak moves one step down or one step right
                    assert (after.column - before.column, after.row - before.row) in {(0, 1), (1, 0)}
                else:                                 # a new streak starts at the top
                    assert after.row == 0
        assert len({cell.column for cell in cells if cell.row == 0}) == big_road_columns(sequence) or \
            not wins


def test_road_text_worked_example():
    assert road_text(big_road("B B P T P P P P P P P B")).splitlines() == [
        "B  P1 B", "B  P", "   P", "   P", "   P", "   P  P  P"]


# ---------------------------------------------------------------- Bead Plate

def test_bead_plate_fills_down_each_column_then_the_next():
    cells = bead_plate("B P T B P B P B")
    assert [(cell.column, cell.row) for cell in cells] == [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5),
                                                           (1, 0), (1, 1)]
    assert [cell.outcome for cell in cells] == [B, P, T, B, P, B, P, B]      # ties included, in order
    assert [cell.index for cell in cells] == list(range(8))
    assert road_text(bead_plate("BPTBP", rows=2), rows=2).splitlines() == ["B  T  P", "P  B"]


def test_bead_plate_marks_come_from_the_records():
    # J J (0) against 5 4 (9): Banker's natural, a Player pair; then 9 K (9) against 9 8 (7): Player's natural
    cells = bead_plate(play_shoe("J 5 J 4 9 9 K 8 K K K K", cut_card=0))
    assert [(c.outcome, c.player_pair, c.banker_pair, c.natural) for c in cells] == [
        (Outcome.BANKER, True, False, True), (Outcome.PLAYER, False, False, True)]
    assert [(c.player_pair, c.banker_pair, c.natural) for c in bead_plate("B P T")] == [(False, False, False)] * 3


def test_roads_built_from_the_per_coup_records():
    shoe = deal_shoe(seed=5)
    beads = bead_plate(shoe)
    assert len(beads) == len(shoe)
    for cell in beads:
        row = shoe.row(cell.index)
        assert (cell.outcome, cell.player_pair, cell.banker_pair, cell.natural) == (
            row["outcome"], row["player_pair"], row["banker_pair"], row["natural"])
    assert big_road(shoe) == big_road([shoe.outcome(i) for i in range(len(shoe))])


# ---------------------------------------------------------------- streaks

def streak_lengths(outcomes, side="banker", shoes=None):
    """The streak before each coup, as streak_statistics counts it (its private helpers, composed)."""
    codes = roads._codes(outcomes)
    return roads._streak_lengths(codes, roads._side_code(side), roads._starts_of(roads._checked_shoes(shoes, len(codes)), len(codes)))


def test_streak_lengths_by_hand():
    assert streak_lengths("B B P B B B T B P").tolist() == [0, 1, 2, 0, 1, 2, 3, 3, 4]
    assert streak_lengths("P P B P T P", side="player").tolist() == [0, 1, 2, 0, 1, 1]
    assert streak_lengths("B B B B", shoes=[0, 0, 1, 1]).tolist() == [0, 1, 0, 1]


def test_streak_statistics_by_hand():
    # Coups after >= k Bankers (ties skipped):  k=1: coups 1,2,4,5,6,7,8 -> B, P, B, B, T, B, P: 4 of 7.
    # k=2: coups 2,5,6,7,8 -> P, B, T, B, P: 2 of 5.  k=3: coups 6,7,8 -> T, B, P: 1 of 3.  k=4: coup 8: P.
    rows = streak_statistics("B B P B B B T B P", max_k=5)
    assert [(row.k, row.coups, row.wins) for row in rows] == [(1, 7, 4), (2, 5, 2), (3, 3, 1), (4, 1, 0),
                                                              (5, 0, 0)]
    assert rows[1].probability == pytest.approx(0.4)
    assert rows[1].standard_error == pytest.approx(math.sqrt(0.4 * 0.6 / 5))
    assert rows[3].probability == 0 and rows[3].standard_error == 0
    assert math.isnan(rows[4].probability) and math.isnan(rows[4].standard_error)
    # k = 0 is every coup: 6 Banker wins in 9 coups.
    assert standard_error_gaps(rows, 0.0)[3] == 0.0 and math.isnan(standard_error_gaps(rows, 0.0)[4])
    assert standard_error_gaps(rows, 0.5)[3] == -math.inf
    baseline, first = streak_statistics("B B P B B B T B P", max_k=1, all_coups=True)
    assert (baseline.k, baseline.coups, baseline.wins) == (0, 9, 6) and first == rows[0]


def test_streak_statistics_restart_at_each_shoe_and_for_player():
    assert [(r.coups, r.wins) for r in streak_statistics("B B B B", max_k=2, shoes=[0, 0, 1, 1])] == [(2, 2),
                                                                                                     (0, 0)]
    assert streak_statistics("P P B P", max_k=1, side="P") == [StreakRow(1, 2, 1, 0.5, math.sqrt(0.25 / 2))]
    with pytest.raises(BaccaratError, match="not of ties"):
        streak_statistics("B T", side="tie")
    with pytest.raises(BaccaratError, match="max_k"):
        streak_statistics("B", max_k=0)


def _slow_streak_lengths(letters, side, shoes):
    """Plain loop: walk back over the results of the same shoe, skipping ties, counting ``side`` wins."""
    lengths = []
    for i in range(len(letters)):
        count, j = 0, i - 1
        while j >= 0 and shoes[j] == shoes[i] and letters[j] in (side, "T"):
            count += letters[j] == side
            j -= 1
        lengths.append(count)
    return lengths


def test_fast_streak_lengths_match_a_plain_loop():
    rng = random.Random(3)
    for _ in range(200):
        letters = rng.choices("BPT", weights=[46, 45, 9], k=rng.randrange(1, 120))
        shoes = sorted(rng.choices(range(3), k=len(letters)))
        for side in "BP":
            assert streak_lengths(letters, side, shoes).tolist() == _slow_streak_lengths(letters, side, shoes)


def test_records_bring_their_own_shoes():
    records = simulate_coups(5000, seed=4)
    assert len(set(records.shoes.tolist())) > 1
    assert streak_statistics(records, 4) == streak_statistics(records, 4, shoes=records.shoes)
    assert streak_statistics(records, 4) != streak_statistics(records, 4, shoes=np.zeros(len(records)))


def test_outcome_records_give_the_statistics_of_the_full_records():
    # Lesson 08 reads only the outcomes and shoes of its simulated coups: the same figures from either records.
    records, outcomes = simulate_coups(20_000, seed=6), simulate_outcomes(20_000, seed=6)
    for side in "BP":
        assert streak_statistics(outcomes, 6, side=side, all_coups=True) == \
            streak_statistics(records, 6, side=side, all_coups=True)
    assert streak_statistics(outcomes, 4) != streak_statistics(outcomes, 4, shoes=np.zeros(len(outcomes)))
    assert roads.derived_road_statistics(outcomes) == roads.derived_road_statistics(records)
    assert roads.simulated_text(outcomes, 0.4586) == roads.simulated_text(records, 0.4586) == \
        "20,000 coups simulated; exact P(Banker) on any coup = 0.4586"
    assert roads.coups_text(outcomes) == roads.coups_text(records)
    assert as_outcomes(outcomes)[:50] == as_outcomes(records)[:50]
    with pytest.raises(BaccaratError, match="records must be CoupRecords .* or OutcomeRecords"):
        roads.simulated_text(outcomes.outcomes, 0.4586)


def test_reading_in_chunks_of_whole_shoes_changes_no_figure(monkeypatch):
    # 20,000 coups are one chunk by default; chunks of about 300 coups cut the run at ~70 shoe starts instead.
    records, outcomes = simulate_coups(20_000, seed=6), simulate_outcomes(20_000, seed=6)
    whole = [streak_statistics(records, 6, all_coups=True), roads.derived_road_statistics(records)]
    monkeypatch.setattr(roads, "_CHUNK_COUPS", 300)
    assert len(roads._shoe_chunks(outcomes.shoe_starts, len(outcomes))) > 50
    for given in (records, outcomes):
        assert [streak_statistics(given, 6, all_coups=True), roads.derived_road_statistics(given)] == whole


def test_streak_table_lines_up_with_the_rows():
    # Player won 2 of 9; only coup 3 follows a Player win (and Banker won it); none follows two.
    rows = streak_statistics("B B P B B B T B P", max_k=2, all_coups=True, side="P")
    lines = streak_table(rows, 0.4462, side="P").splitlines()
    assert lines[0].split()[:5] == ["k", "coups", "after", "k", "Player"]
    assert [line.split()[:3] for line in lines[1:]] == [["any", "9", "0.2222"], ["1", "1", "0.0000"],
                                                         ["2", "0", "nan"]]


def test_longest_streaks():
    assert longest_streaks("B B T B P P B") == {B: 3, P: 2}
    assert longest_streaks("T") == {B: 0, P: 0}
