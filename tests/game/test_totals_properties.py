"""Property tests for hand totals: range, order and suits."""

from hypothesis import given
from hypothesis import strategies as st

from baccarat_lib.game import RANKS, SUITS, Card, hand_total

cards = st.builds(Card, st.sampled_from(RANKS), st.sampled_from(SUITS + (None,)))


@given(st.lists(cards, min_size=1, max_size=6))
def test_total_is_0_to_9_and_ignores_order(hand):
    total = hand_total(hand)
    assert 0 <= total <= 9
    assert hand_total(list(reversed(hand))) == total
    assert hand_total(sorted(hand, key=lambda c: c.label)) == total


@given(st.lists(cards, min_size=1, max_size=6), st.data())
def test_total_ignores_suits(hand, data):
    resuited = [Card(c.rank, data.draw(st.sampled_from(SUITS + (None,)))) for c in hand]
    assert hand_total(resuited) == hand_total(hand)


@given(st.lists(cards, min_size=1, max_size=6))
def test_total_is_units_digit_of_the_pip_sum(hand):
    pips = {"A": 1, "10": 10, "J": 10, "Q": 10, "K": 10}
    assert hand_total(hand) == sum(pips.get(c.rank, int(c.rank) if c.rank.isdigit() else 0) for c in hand) % 10
