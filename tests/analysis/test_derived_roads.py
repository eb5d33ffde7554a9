"""The derived roads (Big Eye Boy, Small Road, Cockroach Pig) against sequences worked by hand.  # 2

The rules, as published in the Wizard of Odds' description of the Venetian's scoreboards ("Baccarat Score
Boards", https://wizardofodds.com/games/baccarat/history/ ; the copy read for this test:
https://internetradiomercedes.com/games/baccarat/history) and in
https://www.onlineunitedstatescasinos.com/games/online-baccarat/scoreboards/ :
road k (1 Big Eye Boy, 2 Small Road, 3 Cockroach Pig) reads the Big Road's logical columns (streaks; ties
skipped; a dragon tail that bends right stays in its streak's column). It starts with the entry in column k+1,
row 2, or column k+2, row 1 when column k+1 holds one entry. Lower in a column (row r >= 2): red when column
c-k has an entry in row r too, or none in row r-1 either; blue when it ends at row r-1 exactly. At the top of a
new column: red when columns c-1 and c-1-k are as long, blue otherwise.

Every expected colour below was worked by hand from those rules (columns and rows counted from 1 in the
comments, as on the paper; the library's cells count from 0). An independent reference (a grid of occupied
cells, asked only "is this cell filled?") is checked against the library on random sequences.
"""

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import baccarat_lib.analysis.roads as roads
from baccarat_lib.analysis.roads import (DERIVED_ROADS, DerivedCell, NextColours, RoadColour, RoadColourRow,
                                         _verdict, big_eye_boy, cockroach_pig, column_lengths, derived_road,
                                         derived_road_statistics, derived_road_table, next_entry_colours, small_road)
from baccarat_lib.analysis.simulate import deal_shoe, simulate_coups
from baccarat_lib.errors import BaccaratError
from baccarat_lib.game import Outcome

R, U = "red", "blue"   # U for blUe, so the hand-worked lists line up

# The worked shoe: ties after the 2nd coup and inside column 5, and an 8-long Player dragon tail in column 4.
#   coup:    0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19
SHOE = "B B T P B B B P P P P  P  P  P  P  B  T  B  B  P"
# Big Road logical columns (1-based): 1 = BB, 2 = P, 3 = BBB, 4 = PPPPPPPP (rows 1-6 down, then 2 to the
# right along row 6: the dragon tail), 5 = BBB (drawn in the tail's physical column, still logical column 5), 6 = P.
LENGTHS = [2, 1, 3, 8, 3, 1]


def colours(cells):
    return [cell.colour.value for cell in cells]


def test_column_lengths_skip_ties_and_keep_the_dragon_tail_in_its_column():
    assert column_lengths(SHOE) == LENGTHS
    assert column_lengths("T T") == [] and column_lengths("") == []


def test_big_eye_boy_worked_by_hand():
    # 2. Road 1 compares with the column just before (k = 1).
    # Column 2 holds one entry, so the road starts at column 3, row 1.
    expected = [
        U,              # (3,1) new column: columns 2 and 1 are 1 and 2 long: blue
        U,              # (3,2) column 2 (1 long) ends one row above: blue
        R,              # (3,3) column 2 has nothing in row 2 either: red
        U,              # (4,1) columns 3 and 2: 3 and 1: blue
        R, R,           # (4,2), (4,3) column 3 has rows 2 and 3: red
        U,              # (4,4) column 3 ends at row 3, one above: blue
        R, R, R, R,     # (4,5) .. (4,8) column 3 has nothing in rows 4..7: red (rows 7, 8 are the dragon tail)
        U,              # (5,1) columns 4 and 3: 8 and 3: blue
        R, R,           # (5,2), (5,3) column 4 has rows 2 and 3: red
        U,              # (6,1) columns 5 and 4: 3 and 8: blue
    ]
    cells = big_eye_boy(SHOE)
    assert colours(cells) == expected
    assert cells[0].index == 4 and cells[-1].index == 19          # the coups that added them
    assert (cells[0].verdict.column, cells[0].verdict.row) == (2, 0)
    # laid out as the Big Road is: BB | R | B | RR | B | RRRR | B | RR | B
    assert [(cell.column, cell.row) for cell in cells] == [
        (0, 0), (0, 1), (1, 0), (2, 0), (3, 0), (3, 1), (4, 0), (5, 0), (5, 1), (5, 2), (5, 3), (6, 0),
        (7, 0), (7, 1), (8, 0)]


def test_small_road_worked_by_hand():
    # 2. Road 2 compares with the column two before (k = 2).
    # Column 3 holds 3 entries, so the road starts at column 3, row 2.
    expected = [
        R,              # (3,2) column 1 (2 long) has row 2: red
        U,              # (3,3) column 1 ends at row 2, one above: blue
        U,              # (4,1) columns 3 and 1: 3 and 2: blue
        U,              # (4,2) column 2 (1 long) ends one row above: blue
        R, R, R, R, R, R,   # (4,3) .. (4,8) column 2 has nothing in the row above either: red
        U,              # (5,1) columns 4 and 2: 8 and 1: blue
        R, R,           # (5,2), (5,3) column 3 has rows 2 and 3: red
        R,              # (6,1) columns 5 and 3: 3 and 3: red
    ]
    assert colours(small_road(SHOE)) == expected


def test_cockroach_pig_worked_by_hand():
    # 2. Road 3 compares with the column three before (k = 3).
    # Column 4 holds 8 entries, so the road starts at column 4, row 2.
    expected = [
        R,              # (4,2) column 1 (2 long) has row 2: red
        U,              # (4,3) column 1 ends at row 2, one above: blue
        R, R, R, R, R,  # (4,4) .. (4,8) column 1 has nothing in the row above either: red
        U,              # (5,1) columns 4 and 1: 8 and 2: blue
        U,              # (5,2) column 2 (1 long) ends one row above: blue
        R,              # (5,3) column 2 has nothing in row 2 either: red
        U,              # (6,1) columns 5 and 2: 3 and 1: blue
    ]
    cells = cockroach_pig(SHOE)
    assert colours(cells) == expected
    # the reasons come from the rule that decided: which columns were compared
    assert cells[0].reason == "column 4, row 2: column 1 has an entry in row 2 too: red"
    assert cells[7].reason == "column 5, row 1 (a new column): columns 4 and 1 differ in length (8 and 2): blue"
    assert cells[8].reason == "column 5, row 2: column 2 ends one row above (it has 1): blue"


def test_start_when_column_k_plus_1_has_one_entry():
    # "B P B": column 2 holds one entry, so the Big Eye Boy starts at column 3, row 1:
    # columns 2 and 1 are 1 and 1 long: red. Nothing before it.
    cells = big_eye_boy("B P B")
    assert colours(cells) == [R] and (cells[0].verdict.column, cells[0].verdict.row, cells[0].index) == (2, 0, 2)
    assert big_eye_boy("B P") == [] and small_road("B P B") == [] and cockroach_pig("B P B P") == []
    # "B P P": column 2, row 2 starts it: column 1 (1 long) ends one row above: blue
    assert colours(big_eye_boy("B P P")) == [U]


def test_the_derived_road_has_its_own_dragon_tail():
    # "B" then nine "P": column 2, rows 2..9. Row 2: column 1 (1 long) ends one above: blue;
    # rows 3..9: nothing in column 1 above either: red x7. Seven reds in a six-row board: the 7th turns right.
    cells = big_eye_boy("B" + "P" * 9)
    assert colours(cells) == [U] + [R] * 7
    assert [(cell.column, cell.row) for cell in cells] == [
        (0, 0), (1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (2, 5)]


def test_ties_add_no_entry_and_change_no_colour():
    # The same shoe without its ties, and with ties everywhere, gives the same colours.
    plain = SHOE.replace("T", "")
    padded = "T " + " T ".join(SHOE.split()) + " T T"
    for road in (big_eye_boy, small_road, cockroach_pig):
        assert colours(road(plain)) == colours(road(SHOE)) == colours(road(padded))


def test_every_kind_of_input_big_road_takes():
    # Outcomes, words, letters, one string, CoupRecords.
    letters = SHOE.split()
    words = [{"B": "banker", "P": "Player", "T": "tie"}[letter] for letter in letters]
    outcomes = [roads.outcome_of(letter) for letter in letters]
    expected = big_eye_boy(SHOE)
    assert big_eye_boy(letters) == big_eye_boy(words) == big_eye_boy(outcomes) == big_eye_boy("".join(letters)) \
        == expected
    shoe = deal_shoe(decks=8, seed=2024)
    assert cockroach_pig(shoe) == cockroach_pig([shoe.outcome(i) for i in range(len(shoe))])
    assert RoadColour.RED == "red" and RoadColour.BLUE == "blue" and str(RoadColour.RED) == "red"


def test_derived_road_by_name_or_number():
    assert derived_road(SHOE, "Big Eye Boy") == derived_road(SHOE, 1) == big_eye_boy(SHOE)
    assert derived_road(SHOE, "small road") == small_road(SHOE)
    assert derived_road(SHOE, "cockroach_pig") == derived_road(SHOE, np.int64(3)) == cockroach_pig(SHOE)
    assert DERIVED_ROADS == {1: "Big Eye Boy", 2: "Small Road", 3: "Cockroach Pig"}


def test_next_entry_colours_worked_by_hand():
    # "B B P P": Banker next starts column 3: columns 2 and 1 are 2 and 2: red.
    # Player next goes to column 2, row 3: column 1 (2 long) ends one row above: blue.
    assert next_entry_colours("B B P P", "big eye boy") == NextColours(RoadColour.RED, RoadColour.BLUE)
    # "B P": Banker next is column 3, row 1 (starts the Big Eye Boy): columns 2 and 1: 1 and 1: red.
    # Player next is column 2, row 2: column 1 ends one row above: blue.
    assert next_entry_colours("B P T", 1) == NextColours(RoadColour.RED, RoadColour.BLUE)
    # Nothing yet, or too short for the Small Road
    assert next_entry_colours("", 1) == NextColours(None, None)
    assert next_entry_colours("B", 1) == NextColours(None, None)   # column 1 row 2, or column 2 row 1: too early
    assert next_entry_colours("B P", 2) == NextColours(None, None)


def _reference_colours(results, k):
    """An independent reading: a grid of occupied logical cells, asked only "is this cell filled?".

    Written from the rules in the form some tables print them: lower in a column, compare the cells (c-k, r)
    and (c-k, r-1): both filled or both empty is red, else blue. At the top of a new column, compare columns
    c-1 and c-1-k cell by cell from the top: red when they have the same filled cells.
    """
    filled, column, row, last = set(), -1, 0, None
    found = []
    for letter in results:
        if letter == "T":
            continue
        if letter == last:
            row += 1
        else:
            column, row, last = column + 1, 0, letter
        filled.add((column, row))
        if row > 0:
            if column - k < 0:
                continue
            found.append("red" if ((column - k, row) in filled) == ((column - k, row - 1) in filled) else "blue")
        else:
            if column - 1 - k < 0:
                continue
            depth = 0
            while (column - 1, depth) in filled or (column - 1 - k, depth) in filled:
                depth += 1
            same = all(((column - 1, r) in filled) == ((column - 1 - k, r) in filled) for r in range(depth))
            found.append("red" if same else "blue")
    return found


sequences = st.lists(st.sampled_from("BPT"), max_size=120)


@settings(max_examples=300, deadline=None)
@given(sequences)
def test_library_agrees_with_an_independent_reference(letters):
    # The property test
    for k, road in ((1, big_eye_boy), (2, small_road), (3, cockroach_pig)):
        assert colours(road(letters)) == _reference_colours(letters, k)


@settings(max_examples=200, deadline=None)
@given(sequences)
def test_the_predictor_is_what_the_next_result_adds(letters):
    # The predictor is the colour the road adds when that result comes; Banker and Player
    # always give opposite colours (one extends the column, the other starts the next: one comparison, reversed)
    for k in (1, 2, 3):
        before = len(derived_road(letters, k))
        prediction = next_entry_colours(letters, k)
        for outcome, predicted in (("B", prediction.banker), ("P", prediction.player)):
            after = derived_road(letters + [outcome], k)
            assert (after[-1].colour if len(after) > before else None) == predicted
        assert (prediction.banker is None) == (prediction.player is None)
        if prediction.banker is not None:
            assert prediction.banker != prediction.player


def _statistics_by_hand(letters, shoes, k):
    """The statistic by brute force: for each coup, the predictor from its shoe's history alone."""
    tally = {"red": [0, 0], "blue": [0, 0]}
    for i, letter in enumerate(letters):
        history = [letters[j] for j in range(i) if shoes[j] == shoes[i]]
        colour = next_entry_colours(history, k).banker
        if colour is not None:
            tally[colour.value][0] += 1
            tally[colour.value][1] += letter == "B"
    return tally


@pytest.mark.parametrize("chunk", [1 << 18, 7])
def test_statistics_match_the_predictor_coup_by_coup(monkeypatch, chunk):
    # History restarts with each shoe; chunks cut at shoes
    monkeypatch.setattr(roads, "_CHUNK_COUPS", chunk)
    generator = random.Random(12)
    letters = [generator.choice("BBBBPPPPT") for _ in range(400)]
    shoes = sorted(generator.randrange(6) for _ in range(400))
    rows = derived_road_statistics(letters, shoes=shoes)
    assert [(row.road, row.colour.value) for row in rows] == [
        (DERIVED_ROADS[k], colour) for k in (1, 2, 3) for colour in ("red", "blue")]
    for row in rows:
        k = {name: k for k, name in DERIVED_ROADS.items()}[row.road]
        coups, wins = _statistics_by_hand(letters, shoes, k)[row.colour.value]
        assert (row.coups, row.wins) == (coups, wins)
        assert row.probability == pytest.approx(wins / coups)
        assert row.standard_error == pytest.approx((wins / coups * (1 - wins / coups) / coups) ** 0.5)


def test_statistics_worked_by_hand():
    # "B B P P B P", one shoe, Big Eye Boy, the predictor before each coup:
    # coup 0-2: too early (no column 2 entry possible yet except: before coup 2 ("B B"), Banker next is
    #   column 1 row 3: still column 1: none);
    # before coup 3 ("B B P"): Banker next starts column 3: columns 2 and 1 are 1 and 2: blue; coup 3 is P.
    # before coup 4 ("B B P P"): Banker next starts column 3: 2 and 2: red; coup 4 is B (a win).
    # before coup 5 ("B B P P B"): Banker next is column 3 row 2: column 2 has row 2: red; coup 5 is P.
    rows = derived_road_statistics("B B P P B P", roads=[1])
    assert rows == [RoadColourRow("Big Eye Boy", RoadColour.RED, 2, 1, 0.5, 0.5 ** 0.5 * 0.5),
                    RoadColourRow("Big Eye Boy", RoadColour.BLUE, 1, 0, 0.0, 0.0)]
    # a new shoe wipes the history: shoes "B B P" and "P B P". In shoe 0 nothing is early enough to predict
    # ("B", "B B": Banker next stays in column 1). In shoe 1, before coup 4 ("P"): Banker next is column 2, row 1:
    # too early; before coup 5 ("P B"): Banker next is column 2, row 2, the start: column 1 (1 long) ends one
    # row above: blue; coup 5 is P. So red: 0 coups; blue: 1 coup, 0 wins.
    wiped = derived_road_statistics("B B P P B P", shoes=[0, 0, 0, 1, 1, 1], roads=["big eye boy"])
    assert [(row.coups, row.wins) for row in wiped] == [(0, 0), (1, 0)]
    assert wiped[0].probability != wiped[0].probability   # NaN: no coup qualified


def test_simulated_shoes_quickly_and_in_little_memory():
    # CoupRecords bring their shoes; counts add up to the coups with a predictor
    records = simulate_coups(20_000, seed=8)
    rows = derived_road_statistics(records)
    for k in (1, 2, 3):
        red, blue = rows[2 * k - 2], rows[2 * k - 1]
        assert red.colour is RoadColour.RED and blue.colour is RoadColour.BLUE
        # every coup has a predictor except those too early in their shoe (a few per shoe)
        assert 0.8 * len(records) < red.coups + blue.coups < len(records)
    assert rows == derived_road_statistics(roads.as_outcomes(records), shoes=records.shoes)
    text = derived_road_table(rows, 0.4586)
    assert text.splitlines()[0].startswith("road") and "Cockroach Pig  blue" in text


def test_derived_verdict_is_the_one_rule():
    # The three cases and the start, straight from the rule function
    assert _verdict([2, 2], 1, 1, 1).colour is RoadColour.RED      # column 1 has row 2
    assert _verdict([1, 2], 1, 1, 1).colour is RoadColour.BLUE     # column 1 ends one row above
    assert _verdict([1, 3], 1, 2, 1).colour is RoadColour.RED      # column 1 has nothing in row 2 either
    assert _verdict([2, 2, 1], 2, 0, 1).colour is RoadColour.RED   # columns 2 and 1 as long
    assert _verdict([2, 3, 1], 2, 0, 1).colour is RoadColour.BLUE
    start = _verdict([2, 1], 1, 0, 1)
    assert start.colour is None and "starts with the Big Road entry in column 2, row 2" in start.reason


@pytest.mark.parametrize("call, name", [
    (lambda: big_eye_boy(42), "outcomes"),
    (lambda: small_road("B X"), "'X'"),
    (lambda: cockroach_pig("B P", rows=0), "rows"),
    (lambda: derived_road("B P", road=4), "road"),
    (lambda: derived_road("B P", road=True), "road"),
    (lambda: next_entry_colours("B P", "big road"), "road"),
    (lambda: derived_road_statistics("B P", roads="big eye boy"), "roads"),
    (lambda: derived_road_statistics("B P", roads=[]), "roads"),
    (lambda: derived_road_statistics("B P", shoes=[0]), "shoes"),
    (lambda: derived_road_table("rows", 0.5), "rows"),
    (lambda: derived_road_table([], 2), "exact"),
])
def test_bad_input_names_the_argument(call, name):
    with pytest.raises(BaccaratError, match=name):
        call()


def test_cells_print_their_colour_and_reason():
    cell = big_eye_boy("B P B")[0]
    assert isinstance(cell, DerivedCell)
    assert str(cell) == ("column 0, row 0: red (column 3, row 1 (a new column): columns 2 and 1 have the same "
                         "length (1): red)")
    assert cell.verdict.column == 2 and derived_road([Outcome.BANKER, Outcome.PLAYER, Outcome.BANKER], 1) == [cell]


def test_standard_error_gaps_read_colour_rows_too():
    # Lesson 08 measures the derived roads' gaps as it does the streaks'. Worked by hand: a share of 0.5 with a
    # standard error of 0.05 against an exact 0.45 is one standard error above; 0.4 is one below.
    rows = [RoadColourRow("Big Eye Boy", RoadColour.RED, 100, 50, 0.5, 0.05),
            RoadColourRow("Big Eye Boy", RoadColour.BLUE, 100, 40, 0.4, 0.05)]
    assert [round(gap, 9) for gap in roads.standard_error_gaps(rows, 0.45)] == [1.0, -1.0]
    with pytest.raises(BaccaratError, match="^rows must be a list of StreakRow or RoadColourRow"):
        roads.standard_error_gaps([("Big Eye Boy", "red", 100, 50, 0.5, 0.05)], 0.45)
