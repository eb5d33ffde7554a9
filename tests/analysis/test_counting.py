"""Exact counting (baccarat_lib.analysis.counting): effect of removal, edges through a shoe, the choice on 5.

Expected values are recomputed from house_edge (checked against brute force in test_odds.py) or by plain loops
over card values with tests/reference_rules.py, never read back from the code under test.
"""

from fractions import Fraction

import pytest

from reference_rules import reference_banker_draws

from baccarat_lib.analysis.counting import (MAIN_BETS, SIDE_BETS, edge_ranges, edges_after_removing,
                                            edges_through_shoe, effect_of_removal, five_choice, positive_coups,
                                            removal_effects, removal_text, weighted_effect_sum)
from baccarat_lib.analysis.odds import _probability_where, check_shoe, house_edge
from baccarat_lib.errors import BaccaratError
from baccarat_lib.game.shoe import Shoe, shoe_counts


# ---------------------------------------------------------------- effect of removal

@pytest.mark.parametrize("bet, table", MAIN_BETS + SIDE_BETS)
def test_effect_of_removal_is_the_edge_without_that_card_minus_the_edge(bet, table):
    effects = effect_of_removal(bet, table, decks=1)
    full = house_edge(bet, table, decks=1)
    for value, rank in [(0, "K"), (0, "10"), (1, "A"), (5, "5"), (9, "9")]:
        assert effects[value] == house_edge(bet, table, decks=1, removed=rank) - full
    assert set(effects) == set(range(10)) and all(isinstance(e, Fraction) for e in effects.values())


@pytest.mark.parametrize("decks", [1, 8])
def test_effects_weighted_by_the_cards_of_a_full_shoe_add_up_to_zero(decks):
    # Taking out an unseen card at random changes nothing on average: the weighted sum is exactly 0.
    for bet, effects in removal_effects(MAIN_BETS, decks).items():
        assert weighted_effect_sum(effects, decks) == 0, bet


def test_removal_moves_banker_and_player_in_opposite_directions():
    effects = removal_effects(MAIN_BETS, 1)
    for value in range(10):
        assert (effects["banker"][value] > 0) == (effects["player"][value] < 0)
    assert max(abs(e) for e in effects["banker"].values()) < Fraction(1, 1000)   # under 0.1 point per card
    assert effects["banker"][5] > 0 and effects["banker"][4] < 0     # see the lesson's table
    assert removal_text(effects).splitlines()[0].split() == ["card", "value", "Banker", "Player", "Tie"]  # Labels, not code names


def test_effect_of_removal_on_a_given_composition():
    counts = shoe_counts(1, "5 5 5")
    effects = effect_of_removal("banker", counts=counts)
    assert effects[5] == house_edge("banker", counts=shoe_counts(1, "5 5 5 5")) - house_edge("banker", counts=counts)
    with pytest.raises(BaccaratError, match="no 5"):
        effect_of_removal("banker", counts=shoe_counts(1, "5 5 5 5"))


def test_edges_after_removing():
    result = edges_after_removing("5 5 5 5", decks=1)
    assert set(result) == {bet for bet, _ in MAIN_BETS + SIDE_BETS}
    before, after = result["banker"]
    assert before == house_edge("banker", decks=1) and after == house_edge("banker", decks=1, removed="5 5 5 5")
    with pytest.raises(BaccaratError):
        edges_after_removing("5 5 5 5 5", decks=1)


# ---------------------------------------------------------------- edges through a shoe

def test_edges_through_a_one_deck_shoe_follow_the_cards_dealt():
    points = edges_through_shoe(decks=1, seed=7)
    dealt = list(Shoe(decks=1, seed=7).coups())
    assert len(points) == len(dealt) and [p.dealt for p in points] == dealt
    for bet, table in MAIN_BETS:
        assert points[0].edges[bet] == house_edge(bet, table, decks=1)
    removed = []
    for point, coup in zip(points, dealt):
        assert point.cards_left == 52 - len(removed)
        assert point.edges["banker"] == house_edge("banker", decks=1, removed=removed)
        removed += coup.cards


def test_edges_through_an_eight_deck_shoe():
    points = edges_through_shoe(decks=8, seed=2024, bets=["banker", "player"])
    assert len(points) == len(list(Shoe(decks=8, seed=2024).coups()))
    assert points[0].edges == {"banker": house_edge("banker", decks=8), "player": house_edge("player", decks=8)}
    assert points[0].cards_left == 416 and points[-1].cards_left > 14
    counts = positive_coups(points)
    assert counts == {bet: sum(p.edges[bet] < 0 for p in points) for bet in ("banker", "player")}
    low, high = edge_ranges(points)["banker"]
    assert low <= points[0].edges["banker"] <= high


# ---------------------------------------------------------------- Chemin de Fer's choice on 5

def _player_bet_on_five(decks, draw):
    """Player holds a two-card 5, no natural; plain loops over card values, Banker by the reference rules."""
    counts = [16 * decks] + [4 * decks] * 9
    win = lose = everything = 0

    def take(value, used):
        return counts[value] - used.count(value)

    for p1, b1, p2, b2 in ((a, b, c, d) for a in range(10) for b in range(10) for c in range(10) for d in range(10)):
        if (p1 + p2) % 10 != 5 or (b1 + b2) % 10 >= 8:
            continue
        used, weight = [], 1
        for value in (p1, b1, p2, b2):
            weight *= max(take(value, used), 0)
            used.append(value)
        if not weight:
            continue
        for fifth in range(10):
            w5 = weight * max(take(fifth, used), 0)
            for sixth in range(10):
                w6 = w5 * max(take(sixth, used + [fifth]), 0)
                player = (5 + fifth) % 10 if draw else 5
                third = fifth if draw else None
                banker_card = sixth if draw else fifth
                banker = (b1 + b2 + (banker_card if reference_banker_draws((b1 + b2) % 10, third) else 0)) % 10
                everything += w6
                win += w6 * (player > banker)
                lose += w6 * (banker > player)
    return Fraction(win - lose, everything)


def test_five_choice_against_plain_loops():
    choice = five_choice(1)
    assert choice == {"draw": _player_bet_on_five(1, True), "stand": _player_bet_on_five(1, False)}


@pytest.mark.parametrize("decks", [2, 8])
def test_five_choice_equals_each_rules_own_coups(decks):
    """Standing on 5 is read from the coups where Player draws on 5; here each rule is compiled and weighed alone."""
    def player_bet(rule):
        def chance(name, predicate):
            return _probability_where(f"test five {sorted(rule)} {name}",
                                      lambda c: (c.player_start == 5) & ~c.natural & predicate(c), shoe, rule)
        return (chance("wins", lambda c: c.player_wins) - chance("losses", lambda c: c.banker_wins)) \
            / chance("any", lambda c: True)
    shoe = check_shoe(decks)
    assert five_choice(decks) == {"draw": player_bet(frozenset(range(6))), "stand": player_bet(frozenset(range(5)))}


def test_drawing_on_five_is_the_punto_banco_game():
    def given_five(coups):
        return (coups.player_start == 5) & ~coups.natural
    shoe = check_shoe(8)
    start = _probability_where("test five", given_five, shoe)
    wins = _probability_where("test five wins", lambda c: given_five(c) & c.player_wins, shoe)
    losses = _probability_where("test five losses", lambda c: given_five(c) & c.banker_wins, shoe)
    assert five_choice(8)["draw"] == (wins - losses) / start
    assert five_choice(8)["draw"] > five_choice(8)["stand"]
