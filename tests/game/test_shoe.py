"""The shoe: composition, reproducible shuffles, dealing coups, and bad input."""

import random
from collections import Counter

import pytest

from baccarat_lib.errors import BaccaratError
from baccarat_lib.game import as_cards, play_coup
from baccarat_lib.game.shoe import Shoe, ShoeRun, _full_shoe, rank_counts


@pytest.mark.parametrize("decks", [1, 6, 8])
def test_full_shoe_has_every_card_decks_times(decks):
    shoe = Shoe(decks=decks, seed=1)
    left = Counter(shoe.peek(len(shoe)))
    assert len(shoe) == 52 * decks and len(left) == 52 and set(left.values()) == {decks}
    assert shoe.rank_counts() == (4 * decks,) * 13


def test_same_seed_same_order_other_seed_other_order():
    assert Shoe(8, seed=42).deal(30) == Shoe(8, seed=42).deal(30)
    assert Shoe(8, seed=42).deal(30) != Shoe(8, seed=43).deal(30)


def test_deal_coup_uses_exactly_the_cards_the_rules_ask_for():
    shoe = Shoe(decks=8, seed=3)
    replay = Shoe(decks=8, seed=3).deal(len(shoe))
    position = 0
    for coup in shoe.coups():
        expected = play_coup(replay[position:position + 6])
        assert coup == expected
        position += len(coup.cards)
    assert shoe.dealt == replay[:position]
    assert len(shoe) <= shoe.cut_card


def test_composition_left_after_dealing():
    shoe = Shoe(decks=1, seed=5)
    dealt = shoe.deal(10)
    assert Counter(shoe.peek(len(shoe))) + Counter(dealt) == Counter(_full_shoe(1))


def test_shoe_of_a_given_composition():
    shoe = Shoe(cards="9 9 9 9 K K", seed=0)
    # ranks A..K: four 9s and two kings
    assert shoe.rank_counts() == (0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 2)
    coup = shoe.deal_coup()
    assert coup.is_natural


@pytest.mark.parametrize("decks", [0, 9, -1, 2.5, "8", True])
def test_deck_count_outside_1_to_8(decks):
    with pytest.raises(BaccaratError, match="1 to 8 decks"):
        Shoe(decks=decks)


def test_dealing_past_the_end_is_a_clear_error():
    shoe = Shoe(cards="K K K K K", seed=0)
    with pytest.raises(BaccaratError, match="too few for a coup"):
        shoe.deal_coup()
    with pytest.raises(BaccaratError, match="only 5 left"):
        shoe.deal(6)


def test_rank_counts():
    assert rank_counts(as_cards("A A K 10")) == (2, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1)
    assert sum(Shoe(decks=2, seed=1).rank_counts()) == 104


def test_a_run_of_shoes_deals_on_into_a_fresh_shoe_after_the_cut_card():
    run = ShoeRun(decks=1, seed=3)
    first = Shoe(decks=1, seed=3)
    assert run.deal_coup() == (first.deal_coup(), False) and run.number == 1
    while not first.past_cut_card and len(first) >= 6:
        assert run.deal_coup() == (first.deal_coup(), False)
    coup, fresh = run.deal_coup()
    # Shoe 2 is shuffled as random.Random("3-2") shuffles a fresh deck (the derived whole-number seed is the
    # integer random.seed makes of that text), so runs replay exactly as before seeds had to be whole numbers.
    reference = _full_shoe(1)
    random.Random("3-2").shuffle(reference)
    assert fresh and run.number == 2 and coup == play_coup(reference)
