"""The rules against the reference: the printed tableau, totals, naturals and the Player rule."""

import itertools
import re

import pytest

from baccarat_lib.errors import BaccaratError
from baccarat_lib.game import Card, parse_cards
from baccarat_lib.game.explanations import describe_values
from baccarat_lib.game.rules import (BANKER_TABLEAU, NATURALS, banker_draws, hand_total,
                                     is_natural, player_draws, total_working)

# The Banker table exactly as printed in shared/reference/punto-banco.md (copied as text, not from the code).
PRINTED_TABLEAU = """
| 0, 1, 2 | any (0–9) | — |
| 3 | any except 8 | 8 |
| 4 | 2, 3, 4, 5, 6, 7 | 0, 1, 8, 9 |
| 5 | 4, 5, 6, 7 | 0, 1, 2, 3, 8, 9 |
| 6 | 6, 7 | 0, 1, 2, 3, 4, 5, 8, 9 |
| 7 | never | always |
"""


def _printed_values(cell: str) -> set[int]:
    """Values named by one cell of the printed table."""
    cell = cell.strip()
    if cell.startswith("any except"):
        return set(range(10)) - {int(cell.split()[-1])}
    if cell.startswith("any") or cell == "always":
        return set(range(10))
    if cell in ("—", "never"):
        return set()
    return {int(value) for value in re.findall(r"\d", cell)}


def printed_rows():
    """(banker_total, draw_values, stand_values) for every row of the printed table."""
    for line in PRINTED_TABLEAU.strip().splitlines():
        totals, draws, stands = [cell for cell in line.split("|")[1:-1]]
        for total in re.findall(r"\d", totals):
            yield int(total), _printed_values(draws), _printed_values(stands)


def test_printed_table_covers_every_banker_total_and_value_once():
    rows = list(printed_rows())
    assert sorted(total for total, _, _ in rows) == list(range(8))
    for total, draws, stands in rows:
        assert draws | stands == set(range(10)) and not draws & stands, total


@pytest.mark.parametrize("banker_total, draws, stands", list(printed_rows()))
def test_banker_draws_matches_printed_table(banker_total, draws, stands):
    for value in range(10):
        assert banker_draws(banker_total, value) == (value in draws), (banker_total, value)
        assert banker_draws(banker_total, Card({0: "K", 1: "A"}.get(value, str(value)))) == (value in draws)
    assert set(BANKER_TABLEAU[banker_total]) == draws


@pytest.mark.parametrize("banker_total", range(8))
def test_banker_after_player_stood_draws_on_0_to_5(banker_total):
    assert banker_draws(banker_total, None) == (banker_total <= 5)


@pytest.mark.parametrize("total", range(8))
def test_player_rule_0_to_5_draws_6_7_stands(total):
    assert player_draws(total) == (total <= 5)


@pytest.mark.parametrize("text, total", [("7 8", 5), ("K 9", 9), ("6 7 8", 1), ("Q 9", 9), ("2 4", 6),
                                         ("2 5", 7), ("3 4", 7), ("10 J Q", 0), ("A 9", 0), ("5 5 5", 5)])
def test_hand_totals_from_the_reference(text, total):
    assert hand_total(text) == total


@pytest.mark.parametrize("text, natural", [("K 9", True), ("5 3", True), ("4 4", True), ("A 6", False),
                                           ("2 3 3", False), ("K K 9", False), ("9 9", True), ("7 K", False)])
def test_naturals_only_on_two_cards(text, natural):
    assert is_natural(parse_cards(text)) == natural


def test_third_card_value_of_face_cards_is_zero():
    for rank in ("10", "J", "Q", "K"):
        assert banker_draws(4, Card(rank)) == banker_draws(4, 0) is False
        assert banker_draws(3, Card(rank)) is True


@pytest.mark.parametrize("call", [lambda: player_draws(10), lambda: player_draws(-1), lambda: player_draws("5"),
                                  lambda: banker_draws(4, 10), lambda: banker_draws(11, None),
                                  lambda: banker_draws(4, True), lambda: banker_draws(4, "7 8")])
def test_bad_totals_and_third_cards_raise(call):
    with pytest.raises(BaccaratError, match=r"from 0 to 9|0\.\.9|one card"):
        call()


def test_describe_values_runs():
    assert describe_values({2, 3, 4, 5, 6, 7}) == "2–7"
    assert describe_values({0, 1, 2, 3, 4, 5, 6, 7, 9}) == "0–7, 9"
    assert describe_values({1, 3, 5}) == "1, 3, 5"


def test_naturals_are_8_and_9():
    assert NATURALS == frozenset({8, 9})


# Point values by hand: A = 1, 2..9 face value, 10 J Q K = 0.
VALUE = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 0, "J": 0, "Q": 0, "K": 0}


# (moved from the basics widgets' tests: total_working lives in baccarat_lib.game.rules)
def test_total_working_every_two_card_hand_ends_on_the_units_digit():
    for first, second in itertools.product(VALUE, repeat=2):
        working = total_working(f"{first} {second}")
        assert working.endswith(str((VALUE[first] + VALUE[second]) % 10))
