"""Exact odds of the side bets (Either Pair, Dragon Bonus, Lucky 6) against published figures and the independent brute-force
enumerator (tests/brute_force.py). Expected values are published counts or computed here from the rules, never
by the code under test.
"""

import math
from fractions import Fraction

import numpy as np
import pytest

from baccarat_lib.analysis.convergence import net_results
from baccarat_lib.analysis.odds import _edge_rows, _pair_probability, bet_expectation, check_shoe, house_edge
from baccarat_lib.analysis.simulate import simulate_coups
from baccarat_lib.errors import BaccaratError
from baccarat_lib.game.formatting import percent
from brute_force import _sequences, brute_force_distributions

ONE_DECK = (4,) * 13
SMALL_SHOES = {
    "one deck": ONE_DECK,
    "28 cards": (2, 3, 1, 2, 3, 2, 2, 3, 2, 2, 2, 2, 2),
    "rich in eights and nines": (1, 1, 1, 1, 1, 1, 1, 6, 6, 2, 1, 1, 1),
}
EIGHT_DECK_DEALS = math.prod(range(411, 417))     # ordered 6-card deals from 416 cards: 4,998,398,275,503,360

# The Dragon Bonus card (see tests/game/test_side_bets.py): the net result per unit, from the rules alone.
PAYS_BY_MARGIN = {9: 30, 8: 10, 7: 6, 6: 4, 5: 2, 4: 1}


def dragon_bonus_net(facts, side):
    """Net result of a Dragon Bonus bet on ``side`` for a coup's brute-force facts, from the printed rules."""
    margin = abs(facts["player_total"] - facts["banker_total"])
    if facts["natural"]:
        return 1 if facts["winner"] == side else 0 if facts["winner"] == "tie" else -1
    return PAYS_BY_MARGIN.get(margin, -1) if facts["winner"] == side else -1


def lucky_6_net(facts):
    if facts["winner"] == "banker" and facts["banker_total"] == 6:
        return 12 if facts["banker_cards"] == 2 else 20
    return -1


NETS = {("dragon-bonus-player", "standard"): lambda f: dragon_bonus_net(f, "player"),
        ("dragon-bonus-banker", "standard"): lambda f: dragon_bonus_net(f, "banker"),
        ("lucky-6", "no-commission"): lucky_6_net}


@pytest.fixture(scope="module", params=list(SMALL_SHOES), ids=list(SMALL_SHOES))
def brute(request):
    counts = SMALL_SHOES[request.param]
    return counts, brute_force_distributions(counts, NETS)   # each bet's rule read once per coup


def test_dragon_bonus_and_lucky_6_equal_brute_force(brute):
    """Every net result's chance, exactly (Fraction), against the independent enumerator."""
    counts, distributions = brute
    for bet, table in NETS:
        expected = {Fraction(net): chance for net, chance in distributions[bet, table].items()}
        assert bet_expectation(bet, table, counts=counts) == expected, bet
        assert house_edge(bet, table, counts=counts) == -sum(net * chance for net, chance in expected.items())


def brute_force_either_pair(rank_counts):
    """P(player pair or banker pair), by dealing every ordered first four cards by rank (brute_force._sequences)."""
    hits = everything = 0
    for weight, ranks in _sequences(rank_counts, 4):
        everything += weight
        hits += weight * (ranks[0] == ranks[2] or ranks[1] == ranks[3])
    return Fraction(hits, everything)


@pytest.mark.parametrize("name", list(SMALL_SHOES))
def test_either_pair_equals_brute_force(name):
    """Either Pair by rank, exactly, against every ordered first four cards."""
    counts = SMALL_SHOES[name]
    either = brute_force_either_pair(counts)
    assert _pair_probability(counts, "either pair") == either
    assert bet_expectation("either-pair", "standard", counts=counts) == {Fraction(5): either,
                                                                         Fraction(-1): 1 - either}
    assert house_edge("either-pair", "standard", counts=counts) == -(5 * either - (1 - either))


def test_either_pair_one_deck_by_hand():
    """One deck. P(player pair) = 3/51. Both pairs: 13 × 4·3 × (12·4·3 + 2·1) / (52·51·50·49)
    (the banker's pair of another rank, or the two cards left of the same rank). Either = 2 × 3/51 - both."""
    both = Fraction(13 * 4 * 3 * (12 * 4 * 3 + 2 * 1), 52 * 51 * 50 * 49)
    assert _pair_probability(check_shoe(1), "either pair") == 2 * Fraction(3, 51) - both


def test_dragon_bonus_matches_the_wizard_of_odds_at_8_decks():
    """Wizard of Odds, "Baccarat Side Bets", Dragon Bonus
    (https://wizardofodds.com/games/baccarat/side-bets/, also /games/baccarat/appendix/5/): the combinations out
    of 4,998,398,275,503,360 for each event at 8 decks, and house edges of 2.6517% (Player) and 9.3731% (Banker)
    (their "Return" cells: -0.026517 and -0.093731; 888casino's blog quotes 2.652% and 9.373%). The 1:1 line
    adds their "Natural win" and "Win by 4" rows."""
    published = {
        "dragon-bonus-player": {30: 18_409_431_764_992, 10: 34_097_645_543_424, 6: 89_590_261_473_280,
                                4: 141_238_897_317_888, 2: 166_169_165_987_840,
                                1: 186_780_352_174_080 + 812_685_054_124_032, 0: 89_325_908_267_520},
        "dragon-bonus-banker": {30: 15_390_342_909_952, 10: 28_305_092_784_128, 6: 79_517_099_278_336,
                                4: 119_200_072_366_080, 2: 157_275_882_332_160,
                                1: 201_147_167_287_296 + 812_685_054_124_032, 0: 89_325_908_267_520},
    }
    for bet, counts in published.items():
        expected = {Fraction(net): Fraction(count, EIGHT_DECK_DEALS) for net, count in counts.items()}
        expected[Fraction(-1)] = 1 - sum(expected.values())
        assert bet_expectation(bet, "standard", 8) == expected, bet
    assert percent(house_edge("dragon-bonus-player", "standard", 8)) == "2.6517%"
    assert percent(house_edge("dragon-bonus-banker", "standard", 8)) == "9.3731%"
    # Their table by decks: 6 decks 2.67% and 9.39%.
    assert percent(house_edge("dragon-bonus-player", "standard", 6), 2) == "2.67%"
    assert percent(house_edge("dragon-bonus-banker", "standard", 6), 2) == "9.39%"


def test_lucky_6_matches_the_wizard_of_odds_at_8_decks():
    """Wizard of Odds, "Lucky 6" (https://wizardofodds.com/games/baccarat/side-bets/lucky-6/),
    the Macau ("stingy") pay table, 12:1 and 20:1 at 8 decks: two-card winning Banker 6 in 186,173,936,904,192
    and three-card in 83,058,367,551,488 of 4,998,398,275,503,360 deals; return -0.166836: house edge 16.68%."""
    two, three = Fraction(186_173_936_904_192, EIGHT_DECK_DEALS), Fraction(83_058_367_551_488, EIGHT_DECK_DEALS)
    assert bet_expectation("lucky-6", "no-commission", 8) == {Fraction(12): two, Fraction(20): three,
                                                              Fraction(-1): 1 - two - three}
    assert percent(house_edge("lucky-6", "no-commission", 8)) == "16.6836%"


def test_either_pair_matches_the_published_edge_at_8_decks():
    """Either Pair at 5:1, 8 decks: house edge 13.71% (Word Street Journal, "Top-10 Baccarat
    Side Games Odds", https://wordstreetjournal.com/top-ten-baccarat-side-games-detailed-odds-and-payouts/; its
    "odds" column, 14.20%, does not agree with its own edge: 13.71% needs a hit chance of (1 - 0.1371) / 6 =
    14.38%). By hand: P(pair) = 13·32·31 / (416·415); both pairs: 13·32·31 (12·32·31 + 30·29) / (416·415·414·413)."""
    one = Fraction(13 * 32 * 31, 416 * 415)
    both = Fraction(13 * 32 * 31 * (12 * 32 * 31 + 30 * 29), 416 * 415 * 414 * 413)
    assert _pair_probability(check_shoe(8), "either pair") == 2 * one - both
    assert percent(house_edge("either-pair", "standard", 8), 2) == "13.71%"


def test_edge_rows_list_the_side_bets_on_their_tables():
    """The edge table shows the side bets on the tables that offer them."""
    edges = {(table, bet) for table, bet, _ in _edge_rows([8], None)}
    for table in ("standard", "commission-4", "tie-9", "no-commission"):
        assert {(table, "either-pair"), (table, "dragon-bonus-player"),
                (table, "dragon-bonus-banker")} <= edges
    assert {table for table, bet in edges if bet == "lucky-6"} == {"no-commission"}
    assert not {bet for table, bet in edges if table == "ez"} & {"either-pair", "dragon-bonus-player", "lucky-6"}


def test_simulation_settles_dragon_bonus_and_either_pair_by_the_same_lines():
    """Net_results reads the same lines; each coup checked against the rules written here."""
    records = simulate_coups(3000, decks=8, seed=12)
    margin = np.abs(records.player_totals.astype(int) - records.banker_totals.astype(int))
    for side, code in (("player", 0), ("banker", 1)):
        won, tie, natural = records.outcomes == code, records.outcomes == 2, records.naturals
        expected = np.where(natural, np.where(won, 1, np.where(tie, 0, -1)),
                            np.where(won, [PAYS_BY_MARGIN.get(m, -1) for m in margin], -1))
        assert (net_results(records, f"dragon-bonus-{side}") == expected).all(), side
        assert {30, 10, 6, 4, 2, 1, 0, -1} == set(expected.tolist())         # every line happened at least once
    either = records.player_pairs | records.banker_pairs
    assert (net_results(records, "either-pair") == np.where(either, 5, -1)).all()
    with pytest.raises(BaccaratError, match="does not record"):         # each side's cards are not recorded
        net_results(records, "lucky-6", "no-commission")
