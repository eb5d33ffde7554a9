"""One seed, one shoe (issue 11, item 6): deal_shoe, simulate_coups, outcome_counts and the widgets deal the
shoe that game.shoe.Shoe shuffles for the same decks and seed.

The reference is the plain Python dealer: ``Shoe(decks, seed).coups()``, each coup played by ``play_coup`` and
checked here against the if-chain rules of tests/reference_rules.py, independent of the numpy kernel.
"""

import pytest

from baccarat_lib.analysis.kernel import CODE_OUTCOMES
from baccarat_lib.analysis.simulate import deal_shoe, outcome_counts, simulate_coups
from baccarat_lib.game import Outcome, Shoe
from reference_rules import reference_coup

CASES = [(8, 2024), (8, 0), (8, 9), (6, 42), (1, 3), (1, 2024), (2, 7), (4, 123456789), (8, 2**70)]


def shoe_coups(decks, seed, cut_card=None):
    """(outcome, player total, banker total, ranks of the cards used) of every coup of Shoe(decks, seed)."""
    shoe = Shoe(decks=decks, seed=seed, cut_card=cut_card)
    return [(coup.outcome, coup.player.total, coup.banker.total, [card.rank for card in coup.cards])
            for coup in shoe.coups()]


@pytest.mark.parametrize("decks, seed", CASES)
def test_deal_shoe_deals_the_shoe_of_shoe_coup_by_coup(decks, seed):
    # issue 11, item 6: "seed 2024, 8 decks" gave 81 coups (first Banker 9-0) in deal_shoe and 82 (first Banker
    # 4-2) in Shoe; now they are one shoe: same count, and coup by coup the same winner, totals and cards.
    expected = shoe_coups(decks, seed)
    records = deal_shoe(decks=decks, seed=seed)
    assert len(records) == len(expected)
    for i, (outcome, player, banker, ranks) in enumerate(expected):
        row = records.row(i)
        assert (row["outcome"], row["player_total"], row["banker_total"]) == (outcome, player, banker)
        assert [card.rank for card in records.cards(i)] == ranks
        assert reference_coup([card.value for card in records.cards(i)])[2] == outcome.value


def test_the_2024_shoe_is_the_one_of_lessons_05_06_10():
    # issue 11, item 6: the shoe the lessons' Shoe widgets deal starts "Player 8♠ 4♦ Q♠ (2) – Banker 8♥ 6♦ (4)":
    # Player 8+4+0 = 12 -> 2, Banker 8+6 = 14 -> 4, Banker stands on 4 after Player's third card Q (value 0).
    first = deal_shoe(decks=8, seed=2024).row(0)
    assert (first["outcome"], first["player_total"], first["banker_total"], first["n_cards"]) == \
        (Outcome.BANKER, 2, 4, 5)
    assert len(deal_shoe(decks=8, seed=2024)) == len(list(Shoe(decks=8, seed=2024).coups()))


@pytest.mark.parametrize("cut_card", [0, 6, 14, 40])
def test_same_cut_card_same_coups(cut_card):
    # issue 11, item 6: the cut card means the same in both dealers.
    expected = shoe_coups(1, 11, cut_card)
    records = deal_shoe(decks=1, seed=11, cut_card=cut_card)
    assert [CODE_OUTCOMES[code] for code in records.outcomes] == [coup[0] for coup in expected]


@pytest.mark.parametrize("decks, seed", [(8, 2024), (1, 3), (6, 5)])
def test_the_simulators_first_shoe_is_that_shoe_too(decks, seed):
    # issue 11, item 6: simulate_coups and outcome_counts start with the same shoe (later shoes: numpy's stream).
    expected = shoe_coups(decks, seed)
    n = len(expected)
    records = simulate_coups(n + 50, decks=decks, seed=seed, keep_shoes=True)
    assert [CODE_OUTCOMES[code] for code in records.outcomes[:n]] == [coup[0] for coup in expected]
    assert records.shoes[:n].tolist() == [0] * n and records.shoes[n] == 1
    assert (records.shoe_cards[0] == deal_shoe(decks=decks, seed=seed).shoe_cards[0]).all()
    counts = outcome_counts(n, decks=decks, seed=seed)
    assert counts == {outcome: sum(coup[0] is outcome for coup in expected) for outcome in Outcome}
    assert records.counts() == outcome_counts(n + 50, decks=decks, seed=seed)


def test_the_widgets_deal_that_shoe():
    # issue 11, item 6: the road dealer (deal_shoe) and the shoe dealer / settle widget (Shoe, ShoeRun) agree.
    from baccarat_lib.game import ShoeRun
    from baccarat_lib.views.widgets import show_road_dealer
    dealer = show_road_dealer(seed=2024, decks=8).controller
    expected = shoe_coups(8, 2024)
    assert [CODE_OUTCOMES[code] for code in dealer.roads.records.outcomes] == [coup[0] for coup in expected]
    from baccarat_lib.views.widgets import show_shoe_dealer
    shoe_dealer = show_shoe_dealer(seed=2024, decks=8).controller
    dealt_and_left = shoe_dealer.run.shoe.dealt + shoe_dealer.run.shoe.peek(416)
    assert [card.rank for card in dealt_and_left] == [
        card.rank for card in Shoe(decks=8, seed=2024).peek(416)] == [
        ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"][i] for i in dealer.roads.records.shoe_cards[0]]
    run = ShoeRun(decks=8, seed=2024)
    assert [run.deal_coup()[0].outcome for _ in expected] == [coup[0] for coup in expected]
