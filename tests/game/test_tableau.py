"""The tableau as data (rows, the draw grid) and the published-table checker, against source 002 read by hand.

The views of the tableau (Markdown, HTML, plots) are tested in tests/views/test_tableau.py and test_plots_tableau.py.
"""

import pytest

from baccarat_lib.errors import BaccaratError
from baccarat_lib.game.tableau import (SOURCE_002_ROWS, _published_values, draw_grid, published_table_contradictions,
                                       read_published_table, tableau_rows, wrong_rows)
from reference_rules import CORRECT_TABLEAU, reference_banker_draws



def test_rows_group_only_totals_0_to_2():
    assert [totals for totals, _, _ in tableau_rows()] == [(0, 1, 2), (3,), (4,), (5,), (6,), (7,)]


def test_grid_agrees_with_the_casino_rule_card_everywhere():
    grid = draw_grid()
    assert len(grid) == 8 and all(len(row) == 10 for row in grid)
    for banker_total in range(8):
        for value in range(10):
            assert grid[banker_total][value] == reference_banker_draws(banker_total, value), (banker_total, value)


def test_printed_cells_are_read_as_values():
    assert _published_values("A-2-3-8-9-10-J-Q-K", "stand") == {1, 2, 3, 8, 9, 0}
    assert _published_values("1-8-9-10", "stand") == {1, 8, 9, 0}
    assert _published_values("always draws a 3rd card", "draw") == set(range(10))
    assert _published_values("does not draw", "draw") == set()
    assert _published_values("does not draw", "stand") == set(range(10))
    assert _published_values("", "stand") == set()
    with pytest.raises(BaccaratError, match="not a card rank|neither"):
        _published_values("2, 3, Z", "draw")


def test_source_002_as_read_by_hand():
    table = read_published_table(SOURCE_002_ROWS)
    assert sorted(table) == [0, 1, 2, 3, 4, 5, 6, 7]
    assert table[5] == ((4, 5, 6, 7), (0, 1, 2, 3, 4, 5, 8, 9))
    assert table[6] == ((6, 7), (0, 1, 2, 3, 8, 9))


def test_source_002_contradictions_are_rows_5_and_6_only():
    found = published_table_contradictions(read_published_table(SOURCE_002_ROWS))
    assert [(c.banker_total, c.kind, set(c.values)) for c in found] == [(5, "both", {4, 5}),
                                                                         (6, "missing", {4, 5})]
    assert str(found[0]) == "Banker 5: 4, 5 listed in both columns (the tableau: Banker draws on them)."
    assert wrong_rows(read_published_table(SOURCE_002_ROWS)) == [5, 6]


def test_correct_table_has_no_contradictions():
    assert published_table_contradictions(CORRECT_TABLEAU) == []
    assert wrong_rows(CORRECT_TABLEAU) == []


def test_wrong_column_is_reported_both_ways():
    table = dict(CORRECT_TABLEAU)
    table[4] = ((1, 2, 3, 4, 5, 6, 7), (0, 8, 9))      # 1 moved to draw: wrong, Banker 4 stands on an A
    table[3] = ((0, 1, 2, 3, 4, 5, 6, 7), (8, 9))      # 9 moved to stand: wrong, Banker 3 draws on a 9
    found = published_table_contradictions(table)
    assert [(c.banker_total, c.kind, set(c.values)) for c in found] == [(3, "wrong column", {9}),
                                                                         (4, "wrong column", {1})]
    assert str(found[0]) == "Banker 3: 9 listed as stand, but Banker draws on them."
    assert str(found[1]) == "Banker 4: 1 listed as draw, but Banker stands on them."


def test_ranks_are_accepted_and_missing_rows_reported():
    found = published_table_contradictions({6: (["6", "7"], ["A", "2", "3", "4", "5", "8", "9", "K"])})
    assert [c.kind for c in found] == ["missing row"]
    assert set(found[0].values) == {0, 1, 2, 3, 4, 5, 7}


@pytest.mark.parametrize("bad", [{9.5: ((), ())}, {3: ((11,), ())}, {3: "draw"}, 42])
def test_bad_published_tables_raise_a_readable_error(bad):
    with pytest.raises(BaccaratError):
        published_table_contradictions(bad)
