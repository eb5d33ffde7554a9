"""Bad input to the game layer, module by module: each refusal is a BaccaratError naming the argument, what was
given and what is accepted, and good input near the edge still gets the right answer.

Expected values are worked by hand in the comments. (That no other exception escapes any entry point is the
fuzz harness's job: tests/test_bad_input.py.)
"""

import decimal
import itertools
import random
import time
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest

from baccarat_lib.game import (MAX_STAKE, PAY_TABLES, Card, Decision, Hand,
                               Outcome, Pays, Shoe, ShoeRun, as_cards, banker_decision,
                               banker_draws, bet_label, check_decks, collect_back, coup_facts, decision_text, derive_table,
                               describe_values,
                               hand_total, is_natural, money, parse_cards, parse_odds, pay_table,
                               pay_table_rows, percent, play_coup, player_decision, player_draws,
                               published_table_contradictions, rank_counts,
                               read_published_table, rounded, settle, shoe_counts, stake_amount,
                               step_text, steps_text, third_card_value, total_working, wrong_rows)
from baccarat_lib.game.shoe import _full_shoe
from bad_input import refused

WORKED = "2♣ 3♥ 3♠ A♦ 7♦ 4♠"        # Player 2+3+7 = 2, Banker 3+A+4 = 8: Banker wins 8–2


# ---- cards: Card, parse_cards and as_cards refuse what is not a card

@pytest.mark.parametrize("call, words", [
    (lambda: Card(None), ("rank must be",)), (lambda: Card("Z"), ("rank must be", "'Z'")),
    (lambda: Card(["7"]), ("rank must be",)), (lambda: Card(1.0), ("rank must be",)),
    (lambda: Card("7", "x"), ("suit must be",)), (lambda: Card("7", 5), ("suit must be",)),
    (lambda: Card("x" * 10 ** 6), ("rank must be",)),
    (lambda: parse_cards(None), ("text must be",)), (lambda: parse_cards(b"7 8"), ("text must be",)),
    (lambda: as_cards(None), ("cards must be",)), (lambda: as_cards(5), ("cards must be",)),
    (lambda: as_cards([7]), ("card 1 must be a Card",)), (lambda: as_cards({"7": 1}), ("cards must be",)),
    (lambda: play_coup(None), ("cards must be",)), (lambda: hand_total(None), ("cards must be",)),
    (lambda: total_working(""), ("cards must hold at least one card",)),
    (lambda: is_natural(3), ("cards must be",)),
])
def test_cards_refuse_what_is_not_a_card(call, words):
    refused(call, *words)


def test_a_card_given_as_a_number_is_its_rank():
    assert Card(7) == Card("7") and Card(10) == Card("10") and Card(np.int64(9)).value == 9


# ---- cards: the work is bounded (a coup reads only its cards; a huge bad token gives a short message)

def test_play_coup_reads_only_the_cards_it_needs():
    extras = " Z" * 1_000_000                                 # a million bad tokens after the coup's six cards
    start = time.perf_counter()
    assert play_coup(WORKED + extras).outcome is Outcome.BANKER
    assert time.perf_counter() - start < 0.5                # before: every token parsed (and the first Z refused)
    endless = itertools.cycle([Card("7"), Card("8")])         # Player 7+7 = 4 draws 7 (1); Banker 8+8 = 6, a 7: draws
    assert play_coup(endless).cards == tuple(Card(rank) for rank in "787878")
    refused(lambda: play_coup("2 3 3 A 7 Z" + extras), "card 6 'Z' is not a card")     # the sixth is still read
    refused(lambda: play_coup("K 5 9 3 Z"), "card 5 'Z'")                              # among the first six


def test_parsing_a_million_cards_is_fast():
    text = " ".join(["2♣", "3♥", "3s", "Ad", "10h", "K", "T", "7"] * 125_000)
    start = time.perf_counter()
    cards = parse_cards(text)
    elapsed = time.perf_counter() - start
    assert len(cards) == 1_000_000 and cards[:3] == [Card("2", "♣"), Card("3", "♥"), Card("3", "♠")]
    assert cards[6] == Card("10") and cards[-1] == Card("7")
    assert elapsed < 3.0                  # was ~6-7 s; ~0.5 s now (each distinct token parsed once, then looked up)
    assert parse_cards("7, 8 ,9") == [Card("7"), Card("8"), Card("9")]     # commas still separate


def test_a_huge_bad_token_gives_a_short_message():
    for text in ("Z" * 1_000_000, "7 8 " + "Q" * 1_000_000, "7,," + "8" * 1_000_000):
        message = refused(lambda: parse_cards(text), "is not a card" if ",," not in text else "card 2 is empty")
        assert "…" in message


# ---- rules: totals and card values are checked

@pytest.mark.parametrize("call, words", [
    (lambda: player_decision("5"), ("player_total must be a whole number from 0 to 9",)),
    (lambda: player_decision(10), ("player_total", "10")),
    (lambda: banker_decision(2.0, None), ("banker_total must be",)),
    (lambda: banker_decision(3, 1.5), ("player_third_card must be a Card, a point value 0..9",)),
    (lambda: third_card_value("7 8"), ("player_third_card must be one card",)),
    (lambda: third_card_value([7]), ("player_third_card must be",)),
    (lambda: describe_values(None), ("values must be a collection",)),
    (lambda: describe_values("246"), ("values must be a collection",)),
    (lambda: describe_values({10}), ("each of values must be a whole number from 0 to 9",)),
    (lambda: describe_values([1.5]), ("each of values",)),
])
def test_rules_refuse_bad_totals_and_values(call, words):
    refused(call, *words)


# ---- shoe: peek and deal take a whole number of cards, 0 or more

def test_peek_refuses_a_negative_count():
    shoe = Shoe(1, seed=1)
    refused(lambda: shoe.peek(-3), "n must be a whole number 0 or more", "-3")
    assert len(shoe.peek(0)) == 0 and len(shoe.peek(3)) == 3 and len(shoe.peek(1000)) == 52


def test_deal_refuses_a_negative_count_and_keeps_its_place():
    shoe = Shoe(1, seed=1)
    shoe.deal(3)
    refused(lambda: shoe.deal(-2), "n must be a whole number 0 or more", "-2")
    assert shoe.position == 3 and len(shoe) == 49            # 52 - 3, unchanged


@pytest.mark.parametrize("bad", [1.5, "2", None, [2], True, np.float64(2)])
def test_deal_refuses_what_is_not_a_count(bad):
    shoe = Shoe(1, seed=1)
    refused(lambda: shoe.deal(bad), "n must be")
    refused(lambda: shoe.peek(bad), "n must be")
    refused(lambda: shoe.deal(10 ** 100), "cannot deal 1000", "only 52 left")
    assert shoe.position == 0


# ---- shoe: decks together with cards must agree

def test_decks_with_cards_is_refused_unless_the_cards_are_that_many_full_decks():
    refused(lambda: Shoe(cards="A 2 3 4 5 6", decks=3), "decks=3 contradicts cards", "6 cards")
    refused(lambda: Shoe(cards=_full_shoe(2), decks=3), "decks=3 contradicts cards", "104 cards")
    assert Shoe(cards=_full_shoe(3), decks=3, seed=1).decks == 3        # they agree: 3 full decks
    assert Shoe(cards="A 2 3 4 5 6", seed=1).decks is None             # decks left out: the cards decide
    assert len(Shoe(seed=1)) == 8 * 52                                 # neither: 8 decks


# ---- shoe: seeds follow the one seed policy (None, or a whole number 0 or more)

@pytest.mark.parametrize("seed", [-5, -1, 3.5, "abc", "5", True, [1], np.random.default_rng(0), random.Random(1),
                                  np.float64(2.0), Decimal(3), b"1"])
def test_shoe_and_shoe_run_follow_the_one_seed_policy(seed):
    refused(lambda: Shoe(1, seed=seed), "seed must be None or a whole number 0 or more")
    refused(lambda: ShoeRun(1, seed=seed), "seed must be None or a whole number 0 or more")


def test_shoe_run_seeds_its_later_shoes_with_a_documented_derived_whole_number():
    # Shoe n > 1 of a run seeded s is shuffled with the int random.seed makes of the text f"{s}-{n}": the
    # text's UTF-8 bytes followed by their SHA-512 digest, read big-endian (worked here with hashlib).
    import hashlib
    text = b"7-2"
    derived = int.from_bytes(text + hashlib.sha512(text).digest(), "big")
    run = ShoeRun(decks=1, seed=np.int64(7))
    while run.number == 1:
        run.deal_coup()
    expected = Shoe(1, seed=derived)
    assert run.shoe._cards == expected._cards
    assert run.seed == 7 and type(run.seed) is int


# ---- payouts: settle takes a coup, or cards in dealt order

def test_settle_takes_a_coup_or_cards_in_dealt_order():
    # 10 on Banker, Banker wins 8–2: paid 1:1 = 10, less 5% = 0.50 commission, net 9.50
    from_cards = settle("banker", 10, "2 3 3 A 7 4")
    assert from_cards == settle("banker", 10, play_coup("2 3 3 A 7 4"))
    assert (from_cards.net, from_cards.gross, from_cards.commission) == (Decimal("9.5"), 10, Decimal("0.5"))
    assert settle("banker", 10, ["2", "3", "3", "A", "7", "4"]).net == Decimal("9.5")
    for bad in (None, 5, 2.5, [], {"cards": WORKED}):
        refused(lambda: settle("banker", 10, bad), "coup must be a Coup or cards")
    refused(lambda: settle("banker", 10, "2 3 3"), "needs 1 more card")


# ---- payouts: a list given as a bet, table or event name is refused clearly

def test_lists_as_names_are_refused_clearly():
    coup = play_coup(WORKED)
    refused(lambda: settle(["banker"], 10, coup), "unknown bet ['banker']")
    refused(lambda: settle("banker", 10, coup, ["standard"]), "unknown pay table ['standard']")
    refused(lambda: pay_table({"standard"}), "unknown pay table")
    refused(lambda: Pays(["tie"], "8:1"), "unknown event ['tie']")
    refused(lambda: PAY_TABLES["standard"].lines(["tie"]), "unknown bet ['tie']")
    refused(lambda: bet_label(["tie"]), "bet must be")
    refused(lambda: derive_table("standard", "t", "d", bets={("tie",): [("tie", "8:1")]}), "unknown bet ('tie',)")


# ---- payouts: pay tables (derive_table, pay_table, Pays, parse_odds)

@pytest.mark.parametrize("call, words", [
    (lambda: parse_odds(None), ("odds must look like",)), (lambda: parse_odds("1:0"), ("odds must look like",)),
    (lambda: parse_odds("-1:1"), ("odds must look like",)),
    (lambda: parse_odds("1e999999999:1"), ("odds must look like",)),
    (lambda: parse_odds("8:1" * 10 ** 5), ("odds must look like",)),
    (lambda: Pays("tie", "8:1", "abc"), ("commission must be a fraction from 0 to below 1",)),
    (lambda: Pays("tie", "8:1", 1), ("commission must be",)), (lambda: Pays("tie", "8:1", -0.1), ("commission",)),
    (lambda: Pays("tie", "8:1", float("nan")), ("commission",)), (lambda: Pays("tie", "8:1", None), ("commission",)),
    (lambda: Pays("tie", "8:1", Decimal("1E-999999")), ("commission",)),
    (lambda: derive_table("standard", None, "d"), ("name must be text",)),
    (lambda: derive_table("standard", "t", "d", bets=[("tie", "8:1")]), ("bets must be None or a dict",)),
    (lambda: derive_table("standard", "t", "d", bets={"tie": "8:1"}), ("the lines of tie must be a list",)),
    (lambda: derive_table("standard", "t", "d", bets={"tie": [5]}), ("a line of tie must be",)),
    (lambda: derive_table("standard", "t", "d", bets={"tie": [("tie", "9:1")]}, drop="tie"),
     ("is both given in bets and dropped",)),
    (lambda: derive_table("standard", "t", "d", drop="banker", commission=Fraction(4, 100)),
     ("commission applies to the banker bet",)),
    (lambda: derive_table("standard", "t", "d", drop=5), ("drop must be a bet name or a list",)),
    (lambda: pay_table_rows(5), ("tables must be None, a table or a list",)),
])
def test_pay_tables_refuse_bad_parts(call, words):
    refused(call, *words)


def test_a_float_commission_is_the_decimal_it_prints_as():
    # 0.05 is read as 5/100 exactly (not the binary float), so 10 on a Banker win nets 10 - 0.50 = 9.50
    table = derive_table("standard", "five", "d", commission=0.05)
    assert table.lines("banker")[-1].commission == Fraction(1, 20)
    assert settle("banker", 10, WORKED, table).net == Decimal("9.5")


def test_pay_tables_take_one_name_where_a_list_is_expected():
    assert "banker" not in derive_table("standard", "no-banker", "d", drop="banker").bets
    assert [row[0] for row in pay_table_rows("ez")] == ["player", "banker", "tie", "dragon-7", "panda-8"]


def test_a_table_that_cannot_be_settled_exactly_is_refused_by_settle():
    # 1:3 pays a third of the stake: 10 / 3 has no exact decimal, so no amount of money is exact
    third = derive_table("standard", "third", "Tie pays 1:3", bets={"tie": [("tie", "1:3")]})
    refused(lambda: settle("tie", 10, "2 A 3 2 8", third), "no exact amount in money")
    assert settle("tie", 30, "2 A 3 2 8", derive_table("standard", "t", "d", bets={"tie": [("tie", "3:2")]})).net == 45


@pytest.mark.parametrize("call, words", [
    (lambda: coup_facts(None), ("coup must be a Coup",)), (lambda: coup_facts(WORKED), ("coup must be a Coup",)),
    (lambda: collect_back(None), ("settlement must be a Settlement",)),
    (lambda: collect_back(settle("banker", 10, WORKED), paid="abc"), ("paid must be an amount 0 or more",)),
    (lambda: collect_back(settle("banker", 10, WORKED), paid=-1), ("paid must be",)),
    (lambda: Hand("7"), ("a hand holds 2 or 3 cards",)), (lambda: Hand(None), ("cards must be",)),
    (lambda: step_text("Tie 3–3."), ("step must be a step of a played coup",)),
    (lambda: step_text(Decision(True, "player-rule", 5)), ("step must be a step of a played coup",)),
    (lambda: steps_text("Tie 3–3."), ("steps must be a coup's steps",)),
    (lambda: Outcome("dragon"), ('an outcome must be "player", "banker" or "tie"',)),
    (lambda: Outcome(["tie"]), ("an outcome must be",)),
    (lambda: PAY_TABLES["standard"].line_for("tie", None), ("facts must be a CoupFacts",)),
    (lambda: decision_text("0–5 draws."), ("decision must be a Decision",)),
    (lambda: decision_text(Decision(True, "a hunch", 5)), ("decision must be a Decision",)),
    (lambda: rank_counts(5), ("cards must be",)),
])
def test_money_and_coup_records_refuse_bad_parts(call, words):
    refused(call, *words)


# ---- payouts: stakes are exact whatever the global decimal context, within the documented limits

@pytest.fixture
def hostile_decimal_context():
    with decimal.localcontext() as context:
        context.prec = 4
        context.rounding = decimal.ROUND_DOWN
        context.traps[decimal.Inexact] = True
        yield context


def test_money_does_not_depend_on_the_global_decimal_context(hostile_decimal_context):
    banker_wins = play_coup(WORKED)
    result = settle("banker", 1234567, banker_wins)
    # 1,234,567 at 1:1 less 5%: commission 1,234,567 / 20 = 61,728.35; net 1,234,567 - 61,728.35
    assert (result.gross, result.commission, result.net) == (1234567, Decimal("61728.35"), Decimal("1172838.65"))
    assert "The dealer pays 1,234,567 and collects 61,728.35 commission: net 1,172,838.65." in result.explanation
    assert collect_back(result, paid="1234567") == Decimal("61728.35")
    assert money(Decimal("1234567.50")) == "1,234,567.50" and money("9.50") == "9.50"
    assert rounded(Fraction(2, 3), 6) == Decimal("0.666667") and percent(Fraction(1234567, 10 ** 7), 4) == "12.3457%"
    assert stake_amount("123456.78") == Decimal("123456.78")
    assert decimal.getcontext().prec == 4                 # the caller's context is left as it was


def test_decimal_context_set_globally_is_ignored_too():
    saved = decimal.getcontext().copy()
    try:
        decimal.getcontext().prec = 4
        assert settle("banker", 1234567, WORKED).net == Decimal("1172838.65")
    finally:
        decimal.setcontext(saved)


def test_the_largest_stakes_settle_exactly():
    # MAX_STAKE = 10**12: 10**12 at 1:1 less 5% nets 950,000,000,000; 999,999,999,999.99 nets
    # 999,999,999,999.99 x 0.95: the commission, 49,999,999,999.9995, is charged to the cent below (…99.99),
    # so the net is 999,999,999,999.99 - 49,999,999,999.99 = 950,000,000,000
    assert MAX_STAKE == 10 ** 12
    assert settle("banker", 10 ** 12, WORKED).net == Decimal("950000000000")
    assert settle("banker", "999999999999.99", WORKED).net == Decimal("950000000000")
    # "2 A 3 2 10 4": Player 2+3 = 5 draws 10 (5); Banker A+2 = 3 draws on a 0, takes 4: 7 with three cards,
    # Banker wins 7–5: Dragon 7 pays 40:1 on EZ, 10**12 x 40 = 40,000,000,000,000
    assert settle("dragon-7", 10 ** 12, "2 A 3 2 10 4", "ez").net == Decimal(40 * 10 ** 12)


@pytest.mark.parametrize("stake, expected", [
    (10 ** 12, Decimal(10 ** 12)), ("1000000000000.00", Decimal("1000000000000.00")), ("0.01", Decimal("0.01")),
    ("2.50", Decimal("2.50")), (Fraction(5, 2), Decimal("2.5")), (2.5, Decimal("2.5")), ("2.500", Decimal("2.500")),
    (np.int64(10), Decimal(10)), (Decimal("7.1"), Decimal("7.1")),
])
def test_stakes_within_the_limits_are_exact(stake, expected):
    amount = stake_amount(stake)
    assert amount == expected and str(amount) == str(expected)


@pytest.mark.parametrize("stake", [10 ** 12 + 1, "1000000000000.01", "0.001", "2.505", 0, "0", -5, "1e28", 1e28,
                                   10 ** 28 + 1, pytest.param(10 ** 5000, id="10**5000"), Fraction(1, 3),
                                   Decimal("NaN"), "inf", float("nan"),
                                   "1" * 100_000, "1e999999999", Decimal("1E-999999"), None, [10], True,
                                   np.float32(2.5), "", "  "])
def test_stakes_beyond_the_limits_are_refused_clearly(stake):
    refused(lambda: stake_amount(stake), "stake must be a positive amount, at most 1,000,000,000,000",
            "2 decimal places")
    refused(lambda: settle("banker", stake, WORKED), "stake must be a positive amount")


# ---- tableau: the published-table checker checks its tables

@pytest.mark.parametrize("call, words", [
    (lambda: read_published_table([("2", "2 X" + "y" * 10 ** 6, "")]), ("is neither a value",)),
    (lambda: read_published_table(None), ("rows must be",)),
    (lambda: read_published_table("3 1 2"), ("rows must be",)),
    (lambda: read_published_table([("3", "1")]), ("row 1 is",)),
    (lambda: read_published_table([("seven", "1", "2")]), ("row 1's totals cell must name Banker totals 0..9",)),
    (lambda: read_published_table([("1" * 5000, "1", "2")]), ("row 1's totals cell",)),
    (lambda: published_table_contradictions("abc"), ("published must be",)),
    (lambda: published_table_contradictions({"a": ((), ())}), ("Banker total 'a' is not a total 0..9",)),
    (lambda: published_table_contradictions({1: None}), ("row 1 must be a pair",)),
    (lambda: published_table_contradictions({1: ("12", ())}), ("must be a set of third-card values",)),
    (lambda: published_table_contradictions({1: ([1.5], ())}), ("1.5 in row 1's draw column",)),
    (lambda: wrong_rows(None), ("published must be",)),
])
def test_tableau_checker_refuses_bad_tables(call, words):
    refused(call, *words)


def test_tableau_checker_takes_numpy_totals():
    # Banker 6 draws only on 6 and 7: a row that says 5, 6, 7 lists 5 in the wrong column
    contradictions = published_table_contradictions({np.int64(6): ({5, 6, 7}, {0, 1, 2, 3, 4, 8, 9})})
    assert str(contradictions[0]) == "Banker 6: 5 listed as draw, but Banker stands on them."


# ---- formatting: percent, rounded, money

@pytest.mark.parametrize("call, words", [
    (lambda: percent("abc"), ("fraction must be a number",)), (lambda: percent(None), ("fraction must be",)),
    (lambda: percent(float("nan")), ("fraction must be",)), (lambda: percent(float("inf")), ("fraction",)),
    (lambda: percent(Decimal("1E+999999")), ("fraction",)), (lambda: percent(Decimal("1E-999999")), ("fraction",)),
    (lambda: percent(Fraction(1, 3), -1), ("places must be a whole number from 0 to 30",)),
    (lambda: percent(Fraction(1, 3), 2.5), ("places must be",)),
    (lambda: percent(Fraction(1, 3), sign="yes"), ("sign must be True or False",)),
    (lambda: rounded(10 ** 40), ("fraction must be a number", "10**30")),
    (lambda: rounded(Fraction(1, 10 ** 2000)), ("fraction must be",)),
    (lambda: money("abc"), ("amount must be",)), (lambda: money(None), ("amount must be",)),
    (lambda: money(Decimal("NaN")), ("amount must be",)), (lambda: money(Decimal("1E+999999")), ("amount",)),
    (lambda: money([5]), ("amount must be",)), (lambda: money(True), ("amount must be",)),
])
def test_formatting_refuses_what_is_not_a_number(call, words):
    refused(call, *words)


def test_formatting_keeps_its_figures():
    # worked by hand: 2/3 = 66.666..% -> 66.7%; -1/8 = -12.5%; 1/200 = 0.5% -> +0.50%; -1/1000 rounds to -0.00
    assert (percent(Fraction(2, 3), 1), percent(Fraction(-1, 8), 1, sign=True)) == ("66.7%", "−12.5%")
    assert percent(Fraction(1, 200), 2, sign=True) == "+0.50%" and str(rounded(Fraction(-1, 1000))) == "-0.00"
    assert rounded(Fraction(5, 8), 2) == Decimal("0.62") and rounded(Fraction(7, 8), 2) == Decimal("0.88")
    assert money(Decimal("22800.50")) == "22,800.50" and money(Decimal("-0")) == "0"

# ---- every module: numpy integers are whole numbers

def test_numpy_integers_are_whole_numbers_everywhere():
    assert check_decks(np.int64(8)) == 8 and type(check_decks(np.int8(2))) is int
    assert Shoe(np.int64(2), seed=np.int64(5)).peek(104) == Shoe(2, seed=5).peek(104)
    shoe = Shoe(1, seed=1)
    assert shoe.deal(np.int32(2)) == Shoe(1, seed=1).deal(2) and shoe.position == 2
    assert player_draws(np.int64(5)) and not player_draws(np.uint8(6))     # 0–5 draws, 6 stands
    assert banker_draws(np.int64(3), np.int64(8)) is False                   # 3 draws on anything but 8
    assert stake_amount(np.int64(10)) == Decimal(10)
    assert describe_values(np.arange(2, 8)) == "2–7"
    assert rounded(np.int64(3), 1) == Decimal("3.0") and money(np.int64(22800)) == "22,800"
    assert shoe_counts(np.int16(1)) == shoe_counts(1) and shoe_counts(np.int64(1), "A")[0] == 3
    assert Shoe(1, seed=1, cut_card=np.int64(10)).cut_card == 10



def test_an_unknown_bet_on_the_table_with_most_bets_is_refused_in_under_200_characters():
    # The message lists every bet the table offers; with ten bets and a long bad name it must still fit.
    widest = max(PAY_TABLES.values(), key=lambda table: len(", ".join(table.bets)))
    message = refused(lambda: widest.lines(["x" * 50] * 5), "unknown bet ['xxx", f"for table '{widest.name}'")
    assert all(bet in message for bet in widest.bets)
