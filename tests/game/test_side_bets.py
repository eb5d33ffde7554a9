"""The side bets: Either Pair, Dragon Bonus Player / Banker, Lucky 6, settled on hand-worked
coups (cards in dealt order: Player, Banker, Player, Banker, then third cards).

The rules, as the casinos print them (e.g. the Dragon Bonus card quoted by the Wizard of Odds,
https://wizardofodds.com/games/baccarat/side-bets/, and 888casino's blog, "Card counting the Dragon Bonus
baccarat side bet"): a natural win pays 1:1 whatever the margin, a natural tie (8-8 or 9-9) pushes, a
non-natural win by 9 pays 30:1, by 8 10:1, by 7 6:1, by 6 4:1, by 5 2:1, by 4 1:1; anything else loses. Either
Pair pays 5:1 when either or both hands' first two cards are a pair by rank. Lucky 6 (Wizard of Odds, "Lucky 6",
https://wizardofodds.com/games/baccarat/side-bets/lucky-6/, the Macau table): Banker wins with a two-card 6
12:1, with a three-card 6 20:1.
"""

from decimal import Decimal

import pytest

from baccarat_lib.errors import BaccaratError
from baccarat_lib.game import play_coup
from baccarat_lib.game.payouts import (BETS, DRAGON_BONUS, EVENTS, PAIR_EVENTS, PAY_TABLES, CoupFacts, bet_label,
                                       coup_facts, pay_table_rows, settle)

SIDE_BETS = ("either-pair", "dragon-bonus-player", "dragon-bonus-banker", "lucky-6")


# ---------------------------------------------------------------- names and tables

def test_the_side_bets_read_well_as_printed_on_the_table():
    assert [bet_label(bet) for bet in SIDE_BETS] == ["Either Pair", "Dragon Bonus Player", "Dragon Bonus Banker",
                                                     "Lucky 6"]
    assert set(SIDE_BETS) <= set(BETS)
    for bet in BETS:                                     # every label: capitalised words, no hyphen
        label = bet_label(bet)
        assert "-" not in label and all(word[:1].isupper() or word.isdigit() for word in label.split())


def test_which_tables_offer_them():
    # Either Pair and Dragon Bonus on the standard table and the tables derived from it that
    # keep its side bets; EZ Baccarat keeps only its own (Dragon 7, Panda 8); Lucky 6 on the no-commission table.
    offered = {name: set(table.bets) for name, table in PAY_TABLES.items()}
    for name in ("standard", "commission-4", "tie-9", "no-commission"):
        assert {"either-pair", "dragon-bonus-player", "dragon-bonus-banker"} <= offered[name], name
    assert not {"either-pair", "dragon-bonus-player", "dragon-bonus-banker", "lucky-6"} & offered["ez"]
    assert [name for name in PAY_TABLES if "lucky-6" in offered[name]] == ["no-commission"]
    rows = dict(pay_table_rows())
    assert [line.odds for line in rows["lucky-6"]["no-commission"]] == ["12:1", "20:1"]
    assert [line.odds for line in rows["either-pair"]["standard"]] == ["5:1"]


def test_dragon_bonus_lines_as_the_casino_card_prints_them():
    # Natural win 1:1, natural tie push, then 30, 10, 6, 4, 2, 1 to 1 for a margin of 9..4
    lines = PAY_TABLES["standard"].lines("dragon-bonus-banker")
    assert [(line.event, line.odds) for line in lines] == [
        ("banker wins with a natural", "1:1"), ("natural tie", "push"),
        ("banker wins by 9 without a natural", "30:1"), ("banker wins by 8 without a natural", "10:1"),
        ("banker wins by 7 without a natural", "6:1"), ("banker wins by 6 without a natural", "4:1"),
        ("banker wins by 5 without a natural", "2:1"), ("banker wins by 4 without a natural", "1:1")]
    assert DRAGON_BONUS == {9: "30:1", 8: "10:1", 7: "6:1", 6: "4:1", 5: "2:1", 4: "1:1"}
    assert "either pair" in PAIR_EVENTS


# ---------------------------------------------------------------- Either Pair, 5:1

@pytest.mark.parametrize("cards, net, why", [
    ("7♠ K♥ 7♦ 9♣", 500, "Player 7+7 is a pair; Banker K+9 is a natural 9 and wins: the pair pays anyway"),
    ("K♠ 4♥ 9♦ 4♣", 500, "Banker 4+4 is a pair; Player K+9 wins 9-8"),
    ("J♠ Q♥ J♦ Q♣ 5♠ 4♥", 500, "both hands are pairs (J+J, Q+Q): still paid once, 5:1"),
    ("J♠ 9♥ Q♦ 8♣ 5♠", -100, "J+Q and 9+8: same value 0, not the same rank: no pair"),
])
def test_either_pair_settles_hand_worked_coups(cards, net, why):
    result = settle("either-pair", 100, cards)
    assert result.net == Decimal(net), why
    if net > 0:
        assert result.explanation == "The Either Pair bet wins: either pair, paid 5:1. The dealer pays 500."  # 100 x 5
    else:
        assert result.explanation == ("The Either Pair bet loses: it pays only on either pair; the dealer takes "
                                      "the 100 stake.")


# ---------------------------------------------------------------- Dragon Bonus

# (cards, net on 100 staked on Dragon Bonus Player, how it was worked out)
DRAGON_PLAYER = [
    ("9 K K 5", 100, "Player 9+K = natural 9, Banker K+5 = 5: natural win, 1:1"),
    ("9 K K K", 100, "natural 9 against 0: a win by 9, but a natural win pays 1:1, not 30:1"),
    ("K 4 9 4", 100, "natural 9 against natural 8: a natural win by 1 still pays 1:1"),
    ("4 4 4 4", 0, "4+4 = 8 each: a natural tie pushes"),
    ("K 9 9 K", 0, "9 each: a natural tie pushes"),
    ("2 A 3 2 8", -100, "Player 2+3 = 5 draws 8 -> 3, Banker A+2 = 3 stands on an 8: a tie 3-3 without naturals "
                        "loses"),
    ("2 K 3 K 4 K", 3000, "Player 5 draws 4 -> 9; Banker K+K = 0 draws K -> 0: wins by 9, 30:1"),
    ("2 K 3 K 4 A", 1000, "Player 9, Banker 0 draws A -> 1: wins by 8, 10:1"),
    ("2 K 3 K 4 2", 600, "Player 9, Banker 2: wins by 7, 6:1"),
    ("2 K 3 K 4 3", 400, "Player 9, Banker 3: wins by 6, 4:1"),
    ("2 K 3 K 4 4", 200, "Player 9, Banker 4: wins by 5, 2:1"),
    ("2 K 3 K 4 5", 100, "Player 9, Banker 5: wins by 4, 1:1"),
    ("2 K 3 K 4 6", -100, "Player 9, Banker 6: a win by 3 loses"),
    ("2 K 3 K 4 8", -100, "Player 9, Banker 8 (three cards): a win by 1 loses"),
    ("K 9 5 K", -100, "Banker 9+K is a natural and wins: a Dragon Bonus on Player loses"),
    ("2♣ 3♥ 3♠ A♦ 7♦ 4♠", -100, "Banker wins 8-2: Player's Dragon Bonus loses"),
]

DRAGON_BANKER = [
    ("K 9 5 K", 100, "Banker 9+K = natural 9 against 5: natural win, 1:1"),
    ("4 4 4 4", 0, "natural tie 8-8 pushes"),
    ("K K K 2 K 7", 3000, "Player K+K = 0 draws K -> 0; Banker K+2 = 2 draws 7 -> 9: wins by 9, 30:1"),
    ("2♣ 3♥ 3♠ A♦ 7♦ 4♠", 400, "the rule reference's coup: Banker 4 draws 4 -> 8 against 2: wins by 6, 4:1"),
    ("3 K 3 K 9", -100, "Player 3+3 = 6 stands; Banker K+K = 0 draws 9 -> 9: a win by 3 loses"),
    ("9 K K 5", -100, "Player wins with a natural: Banker's Dragon Bonus loses"),
    ("2 K 3 K 4 K", -100, "Player wins by 9: Banker's Dragon Bonus loses"),
]


@pytest.mark.parametrize("cards, net, why", DRAGON_PLAYER)
def test_dragon_bonus_player_settles_hand_worked_coups(cards, net, why):
    for table in ("standard", "no-commission"):                    # the same lines on every table offering it
        assert settle("dragon-bonus-player", 100, cards, table).net == Decimal(net), why


@pytest.mark.parametrize("cards, net, why", DRAGON_BANKER)
def test_dragon_bonus_banker_settles_hand_worked_coups(cards, net, why):
    assert settle("dragon-bonus-banker", 100, cards).net == Decimal(net), why


def test_dragon_bonus_explanations_say_the_line_and_what_happened():
    assert settle("dragon-bonus-player", 100, "2 K 3 K 4 K").explanation == (
        "The Dragon Bonus Player bet wins: player wins by 9 without a natural, paid 30:1. "
        "The dealer pays 3,000.")  # 100 x 30
    assert settle("dragon-bonus-player", 100, "9 K K K").explanation == (
        "The Dragon Bonus Player bet wins: player wins with a natural, paid 1:1. The dealer pays 100.")
    assert settle("dragon-bonus-player", 100, "K 9 9 K").explanation == (
        "The Dragon Bonus Player bet pushes (natural tie): the 100 stake is returned.")
    assert settle("dragon-bonus-player", 100, "2 K 3 K 4 6").explanation == (
        "The Dragon Bonus Player bet loses (Player wins 9–6, by 3, no natural): it pays only on player wins with "
        "a natural or player wins by 9, 8, 7, 6, 5 or 4 without a natural; the dealer takes the 100 stake.")
    assert "(Tie 3–3, no natural)" in settle("dragon-bonus-banker", 100, "2 A 3 2 8").explanation
    assert "(Banker wins 9–5, by 4, a natural)" in settle("dragon-bonus-player", 100, "K 9 5 K").explanation


def test_dragon_bonus_pays_in_whole_cents():
    # 30:1 on 2.50 is 75; 1:1 on 0.01 is 0.01
    assert settle("dragon-bonus-player", "2.50", "2 K 3 K 4 K").net == Decimal("75.00")
    assert settle("dragon-bonus-banker", "0.01", "K 9 5 K").net == Decimal("0.01")


# ---------------------------------------------------------------- Lucky 6, no-commission table

@pytest.mark.parametrize("cards, net, why", [
    ("K 3 5 3 9", 1200, "Player K+5 = 5 draws 9 -> 4; Banker 3+3 = 6 stands on a 9: Banker wins with a "
                        "two-card 6"),
    ("K K K 2 K 4", 2000, "Player 0 draws K -> 0; Banker K+2 = 2 draws 4 -> 6: Banker wins with a three-card 6"),
    ("3 3 3 3", -100, "a 6-6 tie: Banker does not win, the bet loses"),
    ("2♣ 3♥ 3♠ A♦ 7♦ 4♠", -100, "Banker wins with 8, not 6"),
    ("6 K K 5 9", -100, "Player 6 stands; Banker K+5 = 5 draws 9 -> 4: Player wins 6-4, a 6 but not Banker's"),
])
def test_lucky_6_settles_hand_worked_coups(cards, net, why):
    assert settle("lucky-6", 100, cards, "no-commission").net == Decimal(net), why


def test_lucky_6_explanations_and_tables():
    assert settle("lucky-6", 100, "K K K 2 K 4", "no-commission").explanation == (
        "The Lucky 6 bet wins: banker wins with a three-card 6, paid 20:1. The dealer pays 2,000.")  # 100 x 20
    assert settle("lucky-6", 100, "3 3 3 3", "no-commission").explanation == (
        "The Lucky 6 bet loses (Tie 6–6): it pays only on banker wins with a two-card 6 or banker wins with a "
        "three-card 6; the dealer takes the 100 stake.")
    with pytest.raises(BaccaratError, match="unknown bet 'lucky-6' for table 'standard'"):
        settle("lucky-6", 100, "K 3 5 3 9", "standard")


# ---------------------------------------------------------------- the facts the events read

def test_coup_facts_record_the_natural():
    # Dragon Bonus reads whether either hand had a natural
    assert coup_facts(play_coup("K 9 5 K")).natural is True
    assert coup_facts(play_coup("2 K 3 K 4 K")).natural is False      # a three-card 9 is not a natural
    facts = CoupFacts(True, False, False, 9, 0, 2, 2, False, False, True)
    assert EVENTS["player wins with a natural"](facts) and not EVENTS["player wins by 9 without a natural"](facts)
    assert CoupFacts(True, False, False, 9, 0, 3, 2, False, False).natural is False       # default: no natural
