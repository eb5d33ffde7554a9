"""Parsing cards: what is accepted and what is refused, with a message that helps."""

import pytest

from baccarat_lib.errors import BaccaratError
from baccarat_lib.game import Card, parse_cards


def test_issue_example_parses_with_suits_in_any_form():
    cards = parse_cards("2♣ 3♥ 3s Ad 10h K")
    assert [(c.rank, c.suit) for c in cards] == [("2", "♣"), ("3", "♥"), ("3", "♠"), ("A", "♦"),
                                                  ("10", "♥"), ("K", None)]


@pytest.mark.parametrize("text", ["ts", "Ts", "10S", "10♠", "t♠"])
def test_ten_and_suit_letters_in_either_case(text):
    assert parse_cards(text) == [Card("10", "♠")]


def test_values():
    assert [c.value for c in parse_cards("A 2 3 4 5 6 7 8 9 10 J Q K")] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0]


def test_commas_and_spaces_separate():
    assert parse_cards("7, 8 ,9") == parse_cards("7 8 9")


def test_empty_text_is_no_cards():
    assert parse_cards("   ") == []


@pytest.mark.parametrize("text, fragment", [("11", "'11' is not a card"), ("Z♠", "'Z♠' is not a card"),
                                            ("2,,3", "card 2 is empty"), ("2x", "unknown suit 'x'"),
                                            ("1", "'1' is not a card"), ("7 8 0", "card 3 '0'")])
def test_bad_cards_say_what_was_wrong_and_what_is_accepted(text, fragment):
    with pytest.raises(BaccaratError) as error:
        parse_cards(text)
    assert fragment in str(error.value)
    assert "accepted are ranks A 2 3 4 5 6 7 8 9 10 J Q K" in str(error.value)


def test_baccarat_error_is_a_value_error():
    with pytest.raises(ValueError):
        Card("Z")
