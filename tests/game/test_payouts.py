"""Settling bets by hand-worked examples for every table, derived tables, and bad input."""

from decimal import Decimal
from fractions import Fraction

import pytest

from baccarat_lib.errors import BaccaratError
from baccarat_lib.game import play_coup
from baccarat_lib.game.payouts import (stake_amount, BETS, PAY_TABLES, Settlement, collect_back, derive_table, pay_table_rows,
                                      settle)

BANKER_8_2 = play_coup("2♣ 3♥ 3♠ A♦ 7♦ 4♠")        # Banker wins 8–2, three cards each
PLAYER_9_8 = play_coup("K 5 9 3")                   # Player natural 9 beats 8
TIE_3_3 = play_coup("2 A 3 2 8")                    # Tie 3–3
BANKER_6 = play_coup("K 3 5 3 9")                   # Banker wins with two-card 6 against 4
BANKER_THREE_CARD_7 = play_coup("3 2 2 A 7 4")      # Player 5+7 → 2; Banker 3 draws 4 → 7
PLAYER_THREE_CARD_8 = play_coup("2 K 2 6 4")        # Player 4 draws 4 → 8; Banker 6 stands
PAIRS = play_coup("J 7 J 7 9 K")                    # Player J+J pair, Banker 7+7 pair
NO_PAIR = play_coup("J 9 Q K")                     # J+Q is no pair (same value, not same rank)


def test_the_hand_worked_coups_are_what_their_names_say():
    assert BANKER_6.outcome == "banker" and BANKER_6.banker.total == 6
    assert BANKER_THREE_CARD_7.outcome == "banker" and BANKER_THREE_CARD_7.banker.total == 7
    assert len(BANKER_THREE_CARD_7.banker.cards) == 3
    assert PLAYER_THREE_CARD_8.outcome == "player" and PLAYER_THREE_CARD_8.player.total == 8
    assert len(PLAYER_THREE_CARD_8.player.cards) == 3


def test_standard_commission_on_100_is_exactly_5():
    result = settle("banker", 100, BANKER_8_2, "standard")
    assert result.net == Decimal("95") and result.gross == 100 and result.commission == 5
    assert "collects 5" in result.explanation


def test_commission_4():
    result = settle("banker", 100, BANKER_8_2, "commission-4")
    assert result.net == 96 and result.commission == 4


def test_commission_on_odd_stakes_is_in_whole_cents():
    # Every amount that changes hands is whole cents, a fraction of a cent dropped.
    assert settle("banker", "24000", BANKER_8_2).net == Decimal("22800")
    # 5% of 0.25 = 0.0125 -> 0.01 charged: net 0.24
    quarter = settle("banker", Fraction(1, 4), BANKER_8_2)
    assert (quarter.gross, quarter.commission, quarter.net) == (Decimal("0.25"), Decimal("0.01"), Decimal("0.24"))
    # 5% of 0.10 = 0.005 -> nothing charged: net 0.10
    assert settle("banker", "0.10", BANKER_8_2).net == Decimal("0.10")
    # 5% of 10.01 = 0.5005 -> 0.50: net 9.51; the explanation says what was dropped
    odd = settle("banker", "10.01", BANKER_8_2)
    assert (odd.gross, odd.commission, odd.net) == (Decimal("10.01"), Decimal("0.50"), Decimal("9.51"))
    assert "5% of 10.01 is 0.5005: the fraction of a cent is not charged" in odd.explanation
    # 5% of 12.34 = 0.617 -> 0.61: net 11.73; 4% of 12.34 = 0.4936 -> 0.49: net 11.85
    assert settle("banker", "12.34", BANKER_8_2).net == Decimal("11.73")
    assert settle("banker", "12.34", BANKER_8_2, "commission-4").net == Decimal("11.85")
    # 1:2 on 10.01 = 5.005 -> 5.00 paid (never more than the odds)
    half = settle("banker", "10.01", BANKER_6, "no-commission")
    assert half.net == Decimal("5.00") and "1:2 on 10.01 is 5.005: the fraction of a cent is not paid" in half.explanation
    # whole-cent results stay as they are: no "95.00" for 95
    assert str(settle("banker", 100, BANKER_8_2).net) == "95"


def test_settle_explains_in_money_never_in_exponents():
    # A stake of 1e3 read "The dealer pays 1E+3 and collects 5E+1 commission: net 9.5E+2".
    won = settle("banker", "1e3", BANKER_8_2)
    assert "The dealer pays 1,000 and collects 50 commission: net 950." in won.explanation
    assert "E+" not in won.explanation and str(won.net) == "950"
    assert settle("banker", 1e3, BANKER_8_2).explanation == won.explanation
    # a loss says the dealer takes the stake; a push that the stake comes back
    lost = settle("player", 250, BANKER_8_2)
    assert "the dealer takes the 250 stake" in lost.explanation and "pays only on player wins" in lost.explanation
    assert "the 1,000 stake is returned" in settle("banker", 1000, TIE_3_3).explanation


def test_stakes_may_group_thousands_and_never_keep_an_exponent():
    assert stake_amount("1,000") == stake_amount("1000") == Decimal("1000")
    assert stake_amount("12,345.50") == Decimal("12345.50")
    assert str(stake_amount("1e3")) == "1000" and str(stake_amount(Decimal("2E+1"))) == "20"
    for bad in ("1,00", "1,0000", ",100", "1.000,50"):
        with pytest.raises(BaccaratError):
            stake_amount(bad)


def test_pay_tables_have_human_titles():
    # Headers were code names ("commission-4", "tie-9", "ez").
    assert {name: table.title for name, table in PAY_TABLES.items()} == {
        "standard": "Standard (5% commission)", "commission-4": "4% commission", "tie-9": "Tie pays 9:1",
        "no-commission": "No commission (Banker 6 pays 1:2)", "ez": "EZ Baccarat"}
    assert derive_table("standard", "t", "d").title == "t"
    assert derive_table("standard", "t", "d", title="My table").title == "My table"
    with pytest.raises(BaccaratError, match="title must be"):
        derive_table("standard", "t", "d", title=5)


@pytest.mark.parametrize("table", list(PAY_TABLES))
def test_tie_pushes_player_and_banker(table):
    assert settle("player", 10, TIE_3_3, table).net == 0
    assert settle("banker", 10, TIE_3_3, table).net == 0
    assert settle("player", 10, TIE_3_3, table).result == "push"


@pytest.mark.parametrize("table, pays", [("standard", 80), ("tie-9", 90), ("no-commission", 80), ("ez", 80)])
def test_tie_bet(table, pays):
    assert settle("tie", 10, TIE_3_3, table).net == pays
    assert settle("tie", 10, BANKER_8_2, table).net == -10


def test_player_bet_wins_even_money_and_loses_the_stake():
    assert settle("player", 10, PLAYER_9_8).net == 10
    assert settle("player", 10, BANKER_8_2).net == -10
    assert settle("banker", 10, PLAYER_9_8).net == -10


def test_no_commission_banker_6_pays_half():
    assert settle("banker", 10, BANKER_6, "no-commission").net == 5
    assert settle("banker", 10, BANKER_8_2, "no-commission").net == 10
    assert settle("super-six", 10, BANKER_6, "no-commission").net == 120
    assert settle("super-six", 10, BANKER_8_2, "no-commission").net == -10
    assert settle("super-six", 10, TIE_3_3, "no-commission").net == -10


def test_ez_three_card_7_pushes_and_dragon_and_panda():
    assert settle("banker", 10, BANKER_THREE_CARD_7, "ez").net == 0
    assert settle("banker", 10, BANKER_8_2, "ez").net == 10
    assert settle("dragon-7", 10, BANKER_THREE_CARD_7, "ez").net == 400
    assert settle("dragon-7", 10, BANKER_8_2, "ez").net == -10
    assert settle("panda-8", 10, PLAYER_THREE_CARD_8, "ez").net == 250
    assert settle("panda-8", 10, PLAYER_9_8, "ez").net == -10   # a natural 8 or 9 is not a three-card 8


def test_pairs_by_rank():
    assert settle("player-pair", 10, PAIRS).net == 110
    assert settle("banker-pair", 10, PAIRS).net == 110
    assert settle("player-pair", 10, NO_PAIR).net == -10


def test_a_derived_table_changes_only_what_it_says():
    super_six_11 = derive_table("no-commission", "super-six-11", "Super Six at 11:1",
                                bets={"super-six": [("tie", "loses"), ("banker wins with 6", "11:1")]})
    assert settle("super-six", 10, BANKER_6, super_six_11).net == 110
    assert settle("banker", 10, BANKER_6, super_six_11).net == 5
    three_percent = derive_table("standard", "commission-3", "3% commission", commission=Fraction(3, 100))
    assert settle("banker", 100, BANKER_8_2, three_percent).net == 97
    assert PAY_TABLES["standard"].lines("banker")[-1].commission == Fraction(5, 100)


@pytest.mark.parametrize("stake", [0, -5, "abc", "nan", True, None])
def test_bad_stakes(stake):
    with pytest.raises(BaccaratError, match="stake must be a positive amount"):
        settle("player", stake, PLAYER_9_8)


def test_unknown_bet_and_table_list_the_known_ones():
    with pytest.raises(BaccaratError, match="known tables are standard, commission-4, tie-9, no-commission, ez"):
        settle("player", 10, PLAYER_9_8, "macau")
    with pytest.raises(BaccaratError, match="offers player, banker, tie, player-pair, banker-pair"):
        settle("super-six", 10, PLAYER_9_8, "standard")
    with pytest.raises(BaccaratError, match="known bets are"):
        derive_table("standard", "x", "x", bets={"lucky": [("tie", "8:1")]})
    with pytest.raises(BaccaratError, match="odds must look like"):
        derive_table("standard", "x", "x", bets={"tie": [("tie", "eight to one")]})


def test_every_bet_name_is_offered_somewhere():
    offered = {bet for table in PAY_TABLES.values() for bet in table.bets}
    assert offered == set(BETS)


# ---------------------------------------------------------------- pay tables side by side, collecting commission
# (moved from the money widgets' tests: pay_table_rows and collect_back now live in baccarat_lib.game.payouts)

def test_pay_table_rows_cover_every_bet_and_mark_missing_ones():
    rows = dict(pay_table_rows())
    assert set(rows) == {"player", "banker", "tie", "player-pair", "banker-pair", "super-six", "dragon-7",
                         "panda-8", "either-pair", "lucky-6", "dragon-bonus-player", "dragon-bonus-banker"}  # + the side bets
    assert rows["super-six"]["standard"] is None and rows["super-six"]["no-commission"] is not None
    assert rows["player-pair"]["ez"] is None
    assert [line.odds for line in rows["tie"]["tie-9"]] == ["9:1"]


def test_commission_collected_separately_source_002():
    won = settle("banker", 24000, BANKER_8_2)
    # 5% of 24,000 is 1,200: pay 24,000 and take back 1,200, or pay 23,000 and take back 200: net 22,800.
    assert collect_back(won) == Decimal("1200")
    assert collect_back(won, paid=23000) == Decimal("200")
    assert won.net == Decimal("22800")


def test_collect_back_refuses_to_pay_less_than_the_net():
    won = settle("banker", 100, BANKER_8_2)
    with pytest.raises(ValueError, match="less than the net win"):
        collect_back(won, paid=90)


def test_a_settlement_is_a_frozen_record_not_a_number():
    result = settle("banker", 100, BANKER_8_2)
    assert isinstance(result, Settlement)
    assert (result.net, result.gross, result.commission, result.result) == (Decimal("95"), 100, 5, "wins")
    with pytest.raises(AttributeError):
        result.net = Decimal("100")


@pytest.mark.parametrize("cards", ["2♣ 3♥ 3♠ A♦ 7♦ 4♠", "K 3 5 3 9", "K 5 9 3", "2 A 3 2 8", "4 4 2 2 3 3"])
def test_every_settlement_nets_the_win_less_its_commission_in_whole_cents(cards):
    # settle builds a Settlement without re-checking it, so its arithmetic is held here: net = gross - commission,
    # the result says the sign of net, and every amount is whole cents (a stake of 10.01 makes fractions of a cent).
    coup = play_coup(cards)
    for table in PAY_TABLES.values():
        for bet in table.bets:
            settled = settle(bet, "10.01", coup, table)
            assert settled.net == settled.gross - settled.commission
            assert settled.result == ("wins" if settled.net > 0 else "push" if settled.net == 0 else "loses")
            assert all(amount == amount.quantize(Decimal("0.01")) for amount in (settled.net, settled.commission))


def test_a_numpy_float_is_read_as_it_prints_for_a_commission_a_stake_and_money():
    import numpy as np
    from baccarat_lib.game.formatting import money
    # numpy prints 0.05 as 0.05: 5 %, exactly 1/20, as the Python float 0.05 is (it once leaked a plain ValueError)
    table = derive_table("standard", "numpy-commission", "a test table", commission=np.float64(0.05))
    assert table.bets["banker"][-1].commission == Fraction(1, 20)
    assert stake_amount(np.float64(9.5)) == Decimal("9.5") and money(np.float64(9.5)) == "9.50"
