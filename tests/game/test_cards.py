"""Parsing cards: what is accepted and what is refused, with a message that helps."""

import pytest

from baccarat_lib.errors import BaccaratError
from baccarat_lib.game import Card, card_name, parse_cards
from baccarat_lib.i18n import using_language


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


def test_a_card_in_words_says_rank_and_suit_as_a_reader_would():
    # written out by hand: the four suits, the four named ranks, a two-digit rank, and a card without a suit
    assert [card_name(text) for text in ("7♥", "10♦", "A♣", "K♠", "Q♥", "J♦", "2s", "9")] == [
        "7 of hearts", "10 of diamonds", "Ace of clubs", "King of spades", "Queen of hearts", "Jack of diamonds",
        "2 of spades", "9"]
    assert card_name(Card("A", "h")) == "Ace of hearts"


def test_a_card_in_words_uses_the_glossary_s_suit_names_in_vietnamese():
    # docs/glossary.vi.md: cơ ♥, rô ♦, chuồn ♣, bích ♠; Át for the ace; J Q K and the digits stay as written
    with using_language("vi"):
        assert [card_name(text) for text in ("7♥", "10♦", "A♣", "K♠", "Q♥", "J")] == [
            "7 cơ", "10 rô", "Át chuồn", "K bích", "Q cơ", "J"]


@pytest.mark.parametrize("bad", [5, None, "", "7 8", "x", ["7♥"]])
def test_a_card_in_words_refuses_anything_but_one_card(bad):
    with pytest.raises(BaccaratError, match=r'^card must be one card, a Card or its text such as "7♥", not '):
        card_name(bad)
