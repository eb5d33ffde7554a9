"""Exact odds against an independent brute-force enumerator, published figures, and bad input."""

from collections import Counter
from fractions import Fraction
from itertools import product
from math import perm

import pytest

from baccarat_lib.analysis.odds import (_edge_rows, _pair_probability, _probability_where, _row_for,
                                        breakeven_commission, check_shoe, coup_table, coup_table_text, house_edge,
                                        outcome_given_player_total, outcome_probabilities)
from baccarat_lib.errors import BaccaratError
from baccarat_lib.game import Outcome
from baccarat_lib.game.formatting import percent
from baccarat_lib.game.payouts import EVENTS as PAY_EVENTS
from baccarat_lib.game.shoe import shoe_counts
from brute_force import brute_force_chances, brute_force_pair_chances
from reference_rules import reference_coup

EVENTS = {
    "player": lambda f: f["winner"] == "player",
    "banker": lambda f: f["winner"] == "banker",
    "tie": lambda f: f["winner"] == "tie",
    "banker wins with 6": lambda f: f["winner"] == "banker" and f["banker_total"] == 6,
    "banker wins with a three-card 7": lambda f: f["winner"] == "banker" and f["banker_total"] == 7
    and f["banker_cards"] == 3,
    "player wins with a three-card 8": lambda f: f["winner"] == "player" and f["player_total"] == 8
    and f["player_cards"] == 3,
    "natural": lambda f: f["natural"],
    "4 cards": lambda f: f["player_cards"] + f["banker_cards"] == 4,
    "6 cards": lambda f: f["player_cards"] + f["banker_cards"] == 6,
    "player 5, banker wins": lambda f: f["player_start"] == 5 and f["winner"] == "banker",
    "player 5": lambda f: f["player_start"] == 5,
    "banker total 3": lambda f: f["banker_total"] == 3,
}

# Shoes as 13 rank counts A..K: a full deck, and small shoes of a few dozen cards.
ONE_DECK = (4,) * 13
SMALL_SHOES = {
    "one deck": ONE_DECK,
    "28 cards": (2, 3, 1, 2, 3, 2, 2, 3, 2, 2, 2, 2, 2),
    "low cards only": (4, 4, 4, 4, 4, 0, 0, 0, 0, 4, 0, 0, 0),
    "rich in eights and nines": (1, 1, 1, 1, 1, 1, 1, 6, 6, 2, 1, 1, 1),
}


def chance(name: str, predicate, counts) -> Fraction:
    """The compiled coup table's chance that ``predicate`` holds on the shoe ``counts`` (the library's own query)."""
    return _probability_where(f"test {name}", predicate, check_shoe(counts=counts))


@pytest.fixture(scope="module", params=list(SMALL_SHOES), ids=list(SMALL_SHOES))
def shoe(request):
    counts = SMALL_SHOES[request.param]
    return counts, brute_force_chances(counts, EVENTS)


def test_outcomes_equal_brute_force(shoe):
    counts, expected = shoe
    exact = outcome_probabilities(counts=counts)
    assert exact == {Outcome.PLAYER: expected["player"], Outcome.BANKER: expected["banker"],
                     Outcome.TIE: expected["tie"]}
    assert sum(exact.values()) == 1


def test_pay_table_events_equal_brute_force(shoe):
    counts, expected = shoe
    for event in ("banker wins with 6", "banker wins with a three-card 7", "player wins with a three-card 8"):
        assert chance(event, PAY_EVENTS[event], counts) == expected[event], event


def test_other_queries_equal_brute_force(shoe):
    counts, expected = shoe
    assert chance("natural", lambda coups: coups.natural, counts) == expected["natural"]
    used = {n: chance(f"{n} cards", lambda coups, n=n: coups.player_cards + coups.banker_cards == n, counts)
            for n in (4, 5, 6)}
    assert (used[4], used[6]) == (expected["4 cards"], expected["6 cards"]) and sum(used.values()) == 1
    given = outcome_given_player_total(counts=counts)[5][Outcome.BANKER]
    assert given == expected["player 5, banker wins"] / expected["player 5"]
    assert chance("banker total 3", lambda coups: coups.banker_total == 3, counts) == expected["banker total 3"]


def test_house_edges_follow_the_payouts_from_brute_force(shoe):
    counts, p = shoe
    player, banker, tie = p["player"], p["banker"], p["tie"]
    assert house_edge("banker", "standard", counts=counts) == -(Fraction(95, 100) * banker - player)
    assert house_edge("banker", "commission-4", counts=counts) == -(Fraction(96, 100) * banker - player)
    assert house_edge("player", "standard", counts=counts) == -(player - banker)
    assert house_edge("tie", "standard", counts=counts) == -(8 * tie - (1 - tie))
    assert house_edge("tie", "tie-9", counts=counts) == -(9 * tie - (1 - tie))
    six = p["banker wins with 6"]
    assert house_edge("banker", "no-commission", counts=counts) == -((banker - six) + six / 2 - player)
    assert house_edge("super-six", "no-commission", counts=counts) == -(12 * six - (1 - six))
    seven = p["banker wins with a three-card 7"]
    assert house_edge("banker", "ez", counts=counts) == -((banker - seven) - player)
    assert house_edge("dragon-7", "ez", counts=counts) == -(40 * seven - (1 - seven))
    eight = p["player wins with a three-card 8"]
    assert house_edge("panda-8", "ez", counts=counts) == -(25 * eight - (1 - eight))


@pytest.mark.parametrize("name", list(SMALL_SHOES))
def test_pairs_equal_brute_force(name):
    counts = SMALL_SHOES[name]
    player_pair, banker_pair = brute_force_pair_chances(counts)
    assert _pair_probability(counts, "player pair") == player_pair
    assert _pair_probability(counts, "banker pair") == banker_pair
    assert house_edge("player-pair", "standard", counts=counts) == -(11 * player_pair - (1 - player_pair))


# The largest shoes of float64 and of int64 weights (N (N-1) ... (N-5) below 2**53, below 2**63), nearly all
# of value 0, so that a six-card run of 0s weighs nearly the whole denominator.
@pytest.mark.parametrize("counts", [[10] * 12 + [338], [10] * 12 + [1330]], ids=["458 cards", "1,450 cards"])
def test_the_largest_float64_and_int64_shoes_equal_brute_force(counts):
    cards = sum(counts)
    assert perm(cards, 6) < 2 ** 53 <= perm(cards + 1, 6) or perm(cards, 6) < 2 ** 63 <= perm(cards + 1, 6)
    expected = brute_force_chances(counts, {name: EVENTS[name] for name in ("player", "banker", "tie")})
    assert outcome_probabilities(counts=counts) == {Outcome.PLAYER: expected["player"],
                                                    Outcome.BANKER: expected["banker"], Outcome.TIE: expected["tie"]}


def _every_coup_by_multiset() -> dict:
    """{(multiset as 10 value counts, player start, banker start, winner): how many sequences of card values}: every
    sequence dealt a value at a time until the reference rules need no more cards, as brute_force deals them."""
    found = Counter()

    def deal(values):
        if len(values) >= 4:
            player, banker, winner = reference_coup([*values, 0, 0][:6])   # the padding is never read
            if len(player) + len(banker) <= len(values):
                counts = Counter(values)
                found[tuple(counts[value] for value in range(10)), sum(values[0:4:2]) % 10,
                      sum(values[1:4:2]) % 10, winner] += 1
                return
        for value in range(10):
            deal([*values, value])

    deal([])
    return found


def test_the_grouped_coup_table_counts_every_sequence_of_values():
    """The coup table keeps a row per group of coups with the same values and facts; what it compiles from them, for
    each multiset of values, equals a plain count of every sequence of values played by the reference rules."""
    found = _every_coup_by_multiset()
    table = coup_table()
    multisets = [tuple(int(count) for count in multiset) for multiset in table.multisets]
    assert sorted(multisets) == sorted({key[0] for key in found})
    assert f"{sum(found.values()):,} sequences of card values, in {len(multisets):,} groups" == coup_table_text()
    asked = {"banker": (lambda c: c.banker_wins, lambda start, winner: winner == "banker"),
             "tie on Player's 5": (lambda c: c.tie & (c.player_start == 5),
                                   lambda start, winner: winner == "tie" and start[0] == 5),
             "Player wins from Banker's 3": (lambda c: c.player_wins & (c.banker_start == 3),
                                             lambda start, winner: winner == "player" and start[1] == 3)}
    for name, (predicate, plain) in asked.items():
        expected = Counter()
        for (multiset, *start, winner), sequences in found.items():
            expected[multiset] += sequences * plain(start, winner)
        row = _row_for(f"test grouped {name}", predicate)
        assert {multiset: int(count) for multiset, count in zip(multisets, row)} == expected, name


def test_removed_cards_equal_the_same_shoe_given_as_counts():
    removed = "A♠ 5 K K 9♦ 9"
    counts = shoe_counts(1, removed)
    assert counts == (3, 4, 4, 4, 3, 4, 4, 4, 2, 4, 4, 4, 2)
    assert outcome_probabilities(1, removed) == outcome_probabilities(counts=counts)


# Source 004 (the reference's odds source), to every printed digit.
PUBLISHED = {
    6: dict(banker="0.458652719", player="0.446278570", tie="0.095068711",
            edges={("banker", "standard"): "1.05585", ("banker", "commission-4"): "0.59720",
                   ("player", "standard"): "1.23741", ("tie", "tie-9"): "4.93129", ("tie", "standard"): "14.43816"}),
    8: dict(banker="0.458597423", player="0.446246609", tie="0.095155968",
            edges={("banker", "standard"): "1.05791", ("banker", "commission-4"): "0.59931",
                   ("player", "standard"): "1.23508", ("tie", "tie-9"): "4.84403", ("tie", "standard"): "14.35963"}),
}


@pytest.mark.parametrize("decks", [6, 8])
def test_published_figures_to_every_digit(decks):
    published = PUBLISHED[decks]
    exact = outcome_probabilities(decks)
    for outcome in Outcome:
        assert f"{float(exact[outcome]):.9f}" == published[outcome.value]
    for (bet, table), percent in published["edges"].items():
        assert f"{float(house_edge(bet, table, decks)) * 100:.5f}" == percent, (bet, table)


@pytest.mark.parametrize("decks", range(1, 9))
def test_every_deck_count_sums_to_one_and_banker_beats_player(decks):
    exact = outcome_probabilities(decks)
    assert sum(exact.values()) == 1
    assert exact[Outcome.BANKER] > exact[Outcome.PLAYER]


def test_bad_input():
    with pytest.raises(BaccaratError, match="known tables are standard, commission-4"):
        house_edge("banker", "atlantic")
    with pytest.raises(BaccaratError, match="it offers player, banker, tie"):
        house_edge("dragon-7", "standard")
    with pytest.raises(BaccaratError, match="holds only 4"):
        outcome_probabilities(1, "A A A A A")
    with pytest.raises(BaccaratError, match="holds only 1"):
        outcome_probabilities(1, "A♠ A♠")
    with pytest.raises(BaccaratError, match="1 to 8 decks"):
        outcome_probabilities(9)


# ---------------------------------------------------------------- edge tables: source 004's figures

def test_edge_rows_match_source_004():
    edges = {(table, bet): edges for table, bet, edges in _edge_rows([6, 8], None)}
    assert percent(edges[("standard", "banker")][8]) == "1.0579%"       # 1.05791%
    assert percent(edges[("standard", "player")][6]) == "1.2374%"       # 1.23741%
    assert percent(edges[("commission-4", "banker")][6]) == "0.5972%"   # 0.59720%
    assert percent(edges[("standard", "tie")][6]) == "14.4382%"         # 14.43816%
    assert percent(edges[("tie-9", "tie")][8]) == "4.8440%"             # 4.84403%
    assert len(edges) == 8 + 8 + 8 + 10 + 5   # every bet of every table: + Either Pair and both Dragon Bonus bets
    # on the standard table and its three variants, + Lucky 6 on no-commission; EZ drops the side bets


def test_breakeven_commission_is_one_minus_player_over_banker():
    # 1 - 0.446246609 / 0.458597423 = 0.02693...
    assert percent(breakeven_commission(8), 2) == "2.69%"
