"""The money widgets of lessons 06–07 and 10 (baccarat_lib.views.widgets.money), driven without a browser:
set .value or click, assert on state and HTML.

Expected money is worked out by hand from the pay tables (stake 100 on a Banker win at 5%: the dealer pays 100
and takes back 5, net 95). Expected odds are source 004's published figures (rounded to 4 decimals), or
small cases counted by hand; none is copied from the code.
"""

import re
from decimal import Decimal

import ipywidgets as widgets
import pytest

from baccarat_lib.game.payouts import bet_label

from baccarat_lib.analysis.counting import edges_after_removing
from baccarat_lib.errors import BaccaratError
from baccarat_lib.game import Shoe
from baccarat_lib.game.payouts import settle
from baccarat_lib.views.widgets import show_edge_explorer, show_removal_explorer, show_settle_widget
from baccarat_lib.views.widgets.common import shown_html

WORKED = "2♣ 3♥ 3♠ A♦ 7♦ 4♠"      # Banker wins 8–2 with three cards (8)
TIE = "2 A 3 2 8"                  # Player 5 draws 8 → 3; Banker 3 stands on an 8: Tie 3–3
BANKER_SIX = "K 3 5 3 9"           # Player 5 draws 9 → 4; Banker 6 stands on a 9: Banker wins 6–4
THREE_CARD_SEVEN = "K 2 K 2 5 3"   # Player 0 draws 5; Banker 4 draws on a 5, gets 3 → 7: Banker wins 7–5
THREE_CARD_EIGHT = "K 3 K 3 8"     # Player 0 draws 8; Banker 6 stands on an 8: Player wins 8–6
JACKS = "J♠ 5 J♥ 4"                # Player J+J (a pair, 0), Banker 5+4 = 9 natural
JACK_QUEEN = "J♠ 5 Q♥ 4"           # Player J+Q: both worth 0, but not a pair


def _text(html):
    """The visible text, table cells separated by ' | '."""
    html = re.sub(r"</t[dh]>", " | ", html)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


# ---------------------------------------------------------------- the settle widget

def test_settle_default_banker_100_at_5_percent_nets_95():
    widget = show_settle_widget().controller
    settlement = widget.reading.settlement
    assert settlement.net == Decimal("95") and settlement.commission == Decimal("5") and settlement.gross == 100
    text = _text(widget.result.value)
    assert "Banker wins 8–2" in text
    assert "Net result | 95" in text and "stake + net) | 195" in text


def test_the_verdict_and_any_error_come_right_under_the_controls():
    # At 1024x768 the verdict came after the coup's cards and the settlement table: below the fold.
    widget = show_settle_widget().controller
    children = list(widget.view.children)
    cards_row = next(child for child in children if widget.cards in getattr(child, "children", ()))
    assert children.index(widget.result) == children.index(cards_row) + 1 == len(children) - 1
    html = widget.result.value
    verdict = html.index("The Banker bet wins")          # 100 on Banker, Banker wins 8-2: net 95
    assert verdict < html.index("bcl-settlement") < html.index("bcl-card")
    assert "bcl-card" not in html[:verdict] and "Net result" not in html[:verdict]
    widget.stake.value = "abc"
    assert re.match(r'\s*<div[^>]*class="[^"]*bcl-error', shown_html(widget.result)), widget.result.value[:80]


def test_settle_commission_4_nets_96():
    widget = show_settle_widget().controller
    widget.table.value = "commission-4"
    assert widget.reading.settlement.net == Decimal("96") and widget.reading.settlement.commission == Decimal("4")


def test_settle_offers_only_the_bets_of_the_table():
    widget = show_settle_widget().controller
    assert "super-six" not in widget.bet.options and "panda-8" not in dict(widget.bet.options).values()
    widget.table.value = "no-commission"
    assert "super-six" in dict(widget.bet.options).values()
    assert widget.bet.value == "banker"                     # kept: no-commission has a Banker bet
    widget.bet.value = "player-pair"
    widget.table.value = "ez"                               # ez has no pair bets
    offered = set(dict(widget.bet.options).values())
    assert offered == {"player", "banker", "tie", "dragon-7", "panda-8"}
    assert widget.bet.value == "player" and widget.reading is not None


def test_settle_tie_pushes_player_and_banker_and_pays_tie():
    widget = show_settle_widget(cards=TIE).controller
    assert widget.reading.settlement.net == 0 and widget.reading.settlement.result == "push"
    assert "stake + net) | 100" in _text(widget.result.value)
    widget.bet.value = "tie"
    widget.stake.value = "10"
    assert widget.reading.settlement.net == Decimal("80")       # 8:1
    widget.table.value = "tie-9"
    assert widget.reading.settlement.net == Decimal("90")       # 9:1


def test_settle_no_commission_banker_six_pays_half():
    widget = show_settle_widget(table="no-commission", stake="10", cards=BANKER_SIX).controller
    assert widget.reading.settlement.net == Decimal("5") and widget.reading.settlement.commission == 0
    widget.bet.value = "super-six"
    assert widget.reading.settlement.net == Decimal("120")      # 12:1
    widget.table.value = "standard"                          # super-six not offered: falls back
    assert widget.bet.value == "player" and widget.reading.settlement.net == Decimal("-10")


def test_settle_pairs_by_rank_not_value():
    widget = show_settle_widget(bet="player-pair", stake="10", cards=JACKS).controller
    assert widget.reading.settlement.net == Decimal("110")      # 11:1
    widget.cards.value = JACK_QUEEN
    assert widget.reading.settlement.net == Decimal("-10")


def test_settle_ez_three_card_seven_and_eight():
    widget = show_settle_widget(table="ez", stake="1", cards=THREE_CARD_SEVEN).controller
    assert widget.reading.settlement.net == 0 and widget.reading.settlement.result == "push"
    widget.bet.value = "dragon-7"
    assert widget.reading.settlement.net == Decimal("40")
    widget.cards.value = THREE_CARD_EIGHT
    assert widget.reading.settlement.net == Decimal("-1")
    widget.bet.value = "panda-8"
    assert widget.reading.settlement.net == Decimal("25")


@pytest.mark.parametrize("stake", ["-5", "0"])
def test_settle_bad_stake_is_shown_inline(stake):
    widget = show_settle_widget().controller
    widget.stake.value = stake
    assert widget.reading is None
    assert "bcl-error" in widget.result.value and "stake" in widget.result.value
    assert "Traceback" not in widget.result.value


@pytest.mark.parametrize("stake", ["abc", "", "1e2", "9.5.1", "10,5", "2.505"])
def test_a_stake_that_is_not_an_amount_gets_a_hint(stake):
    # the box reads English numbers in English: "10,5" and "9.5.1" are typos, "1e2" no amount a learner types
    widget = show_settle_widget().controller
    widget.stake.value = stake
    assert widget.reading is None and "Traceback" not in widget.result.value
    assert "Type an amount of money: a number with at most two decimals, such as 9.50 or −10." in widget.result.value


def test_the_stake_box_reads_numbers_as_the_language_writes_them():
    # 1,000 on Banker, Banker wins 8-2: 1,000 less 5% = 950 (English "1,000", Vietnamese "1.000");
    # 10.50 on Banker: 10.50 less 5% (0.525, rounded down to the cent: 0.52) = 9.98
    from baccarat_lib.i18n import using_language
    widget = show_settle_widget().controller
    for typed, net in (("1,000", "950"), ("1000", "950"), ("10.50", "9.98"), ("10.5", "9.98")):
        widget.stake.value = typed
        assert widget.reading.settlement.net == Decimal(net), typed
    with using_language("vi"):
        widget = show_settle_widget(stake=1000).controller
        assert widget.stake.value == "1.000" and widget.reading.settlement.net == Decimal("950")
        for typed, net in (("1.000", "950"), ("10,5", "9.98"), ("10,50", "9.98")):
            widget.stake.value = typed
            assert widget.reading.settlement.net == Decimal(net), typed
        for typo in ("1,000", "10.5", "1e3"):                   # "1,000" is 1 with three decimals: no amount
            widget.stake.value = typo
            assert widget.reading is None and "Hãy gõ số tiền" in widget.result.value, typo
        widget.stake.value = "0"                                 # a number, but no stake: said with Vietnamese marks
        assert ("Số tiền (`stake`) phải lớn hơn 0, tối đa 1.000.000.000.000, có nhiều nhất 2 chữ số thập phân, "
                "ví dụ 10 hoặc 2,50; không phải") in widget.result.value


def test_settle_bad_cards_are_shown_inline():
    widget = show_settle_widget().controller
    widget.cards.value = "2 3 3"
    assert "bcl-error" in widget.result.value and "needs 1 more card" in widget.result.value
    widget.cards.value = "Z♠ 2 3 4"
    assert "bcl-error" in widget.result.value and "not a card" in widget.result.value
    widget.cards.value = WORKED                               # recovers
    assert widget.reading.settlement.net == Decimal("95")


def test_settle_deal_button_deals_from_the_seeded_shoe():
    widget = show_settle_widget(seed=7).controller
    shoe = Shoe(decks=8, seed=7)
    first, second = shoe.deal_coup(), shoe.deal_coup()
    widget.deal.click()
    assert widget.reading.coup.cards == first.cards
    widget.deal.click()
    assert widget.reading.coup.cards == second.cards
    expected = settle("banker", 100, second)
    assert widget.reading.settlement == expected


def test_settle_deals_a_fresh_shoe_after_the_cut_card():
    widget = show_settle_widget(seed=3).controller
    while not widget.run.shoe.past_cut_card:
        widget.deal.click()
    widget.deal.click()
    assert widget.run.number == 2 and widget.reading is not None


# ---------------------------------------------------------------- the edge explorer

def test_edge_explorer_default_is_8_decks_standard():
    explorer = show_edge_explorer().controller
    text = _text(explorer.result.value)
    assert "1.0579%" in text and "1.2351%" in text and "14.3596%" in text
    assert "+0.95 with chance 45.8597%" in text                 # a Banker win nets 0.95 per 1
    assert "45.8597%" in _text(explorer.outcomes.value)


def test_edge_explorer_decks_are_a_named_menu_of_1_to_8():
    # A screen reader names a menu by its label; ipywidgets' slider handle had no name at all.
    decks = show_edge_explorer().controller.decks
    assert isinstance(decks, widgets.Dropdown) and decks.description == "Decks"
    assert list(decks.options) == [1, 2, 3, 4, 5, 6, 7, 8] and decks.value == 8


def test_edge_explorer_one_deck_pairs_and_tables():
    explorer = show_edge_explorer().controller
    explorer.decks.value = 1
    # One deck: 3 of the 51 cards left match the first: win 11 with 3/51, lose 1 with 48/51 → edge 15/51.
    assert "29.4118%" in _text(explorer.result.value)
    explorer.table.value = "tie-9"
    assert "+9 with chance" in _text(explorer.result.value)
    explorer.table.value = "no-commission"
    assert "+0.5 with chance" in _text(explorer.result.value) and "Super Six" in explorer.result.value


# ---------------------------------------------------------------- the settle widget, again

def test_settle_widget_refuses_a_bet_the_table_does_not_offer():
    # "show_settle_widget(bet="dragon-7") silently settles Player": a bet the table lacks is refused
    # (it used to fall back to the table's first bet without a word).
    with pytest.raises(BaccaratError, match=r"^bet must be one of the bets the ez table offers: player, banker, "
                                            r"tie, dragon-7, panda-8, not 'player-pair'$"):
        show_settle_widget(table="ez", bet="player-pair")
    widget = show_settle_widget(table="ez", bet="dragon-7").controller
    assert widget.bet.value == "dragon-7" and widget.reading is not None


# ---------------------------------------------------------------- lesson 10: card-removal explorer

MARKED_ROW = ' class="bcl-marked" style="background:#e7f5ea;color:#111;font-weight:bold;"'   # baccarat_lib.views.html


def _table_rows(html):
    """(the <tr> attributes, [cell contents]) for each body row of the first table."""
    table = html.split("</table>")[0]
    rows = re.findall(r"<tr([^>]*)>(.*?)</tr>", table)[1:]           # row 0 holds the headings
    return [(attributes, re.findall(r"<td[^>]*>(.*?)</td>", cells)) for attributes, cells in rows]


def test_removal_explorer_shows_every_bet_exactly():
    explorer = show_removal_explorer().controller
    shown = {cells[0]: cells[1:3] for _, cells in _table_rows(explorer.result.value)}
    expected = edges_after_removing("5 5 5 5", 1)
    assert set(shown) == {bet_label(bet) for bet in expected}     # Labels, not code names
    for bet, (before, after) in expected.items():
        assert shown[bet_label(bet)] == [f"{float(before):+.3%}", f"{float(after):+.3%}"], bet


def test_removal_explorer_marks_positive_expectation_and_handles_bad_input():
    explorer = show_removal_explorer(removed="", decks=1).controller
    assert "#e7f5ea" not in explorer.result.value.split("</table>")[0]   # a full shoe favours no bet
    assert "bcl-marked" not in explorer.result.value
    explorer.removed.value = "8 8 8 8 9 9 9 9"                       # eights and nines out: Dragon 7 turns positive
    edges = edges_after_removing("8 8 8 8 9 9 9 9", 1)
    assert edges["dragon-7"][1] < 0
    rows = _table_rows(explorer.result.value)
    assert (MARKED_ROW, "Dragon 7") in [(attributes, cells[0]) for attributes, cells in rows]
    assert {cells[0] for attributes, cells in rows if attributes == MARKED_ROW} == \
        {bet_label(bet) for bet, (_, after) in edges.items() if after < 0}   # marked: exactly the favoured bets
    assert all(attributes in ("", MARKED_ROW) for attributes, _ in rows)
    explorer.removed.value = "5 5 5 5 5"
    assert "bcl-error" in explorer.result.value and "cannot remove" in explorer.result.value
    explorer.decks.value = 2
    assert "bcl-error" not in explorer.result.value


def test_menus_show_table_titles_and_the_stake_box_plain_digits():
    # The menus read "4% commission", not "commission-4"; the value stays the name.
    from baccarat_lib.views.widgets.money import EdgeExplorer, SettleWidget
    widget = SettleWidget(stake=1e3)
    assert widget.stake.value == "1,000"
    assert "4% commission" in [label for label, _ in widget.table.options]
    widget.table.value = "commission-4"
    assert widget.table.label == "4% commission"
    assert "Banker at “4% commission”" in widget.result.value
    assert SettleWidget(stake="2.50").stake.value == "2.50"
    explorer = EdgeExplorer()
    assert [label for label, _ in explorer.table.options][0] == "Standard (5% commission)"


# ---------------------------------------------------------------- the side bets

def test_settle_widget_offers_the_side_bets_of_each_table():
    # Either Pair and Dragon Bonus on the standard table, Lucky 6 on the no-commission one
    widget = show_settle_widget().controller
    options = dict(widget.bet.options)
    assert options["Either Pair"] == "either-pair" and options["Dragon Bonus Player"] == "dragon-bonus-player"
    assert options["Dragon Bonus Banker"] == "dragon-bonus-banker" and "lucky-6" not in options.values()
    widget.bet.value = "dragon-bonus-banker"
    # The worked coup: Banker wins 8–2 without a natural, by 6: 4:1, the dealer pays 400, no commission.
    text = _text(widget.result.value)
    assert "Dragon Bonus Banker at “Standard (5% commission)”" in text
    assert "The dealer pays the win at 4:1 | 400 |" in text and "Net result | 400 |" in text
    widget.table.value = "no-commission"
    assert widget.bet.value == "dragon-bonus-banker"            # kept: the no-commission table offers it too
    widget.bet.value = "lucky-6"
    widget.cards.value = BANKER_SIX                             # Banker wins 6–4 with two cards: 12:1
    assert widget.reading.settlement.net == Decimal("1200")
    widget.table.value = "ez"                                   # EZ Baccarat keeps only its own side bets
    assert not {"either-pair", "dragon-bonus-player", "lucky-6"} & set(dict(widget.bet.options).values())


def test_pay_and_edge_tables_show_the_side_bets_by_name():
    # Either Pair 5:1 at 8 decks, 13.71% (the published edge; see tests/analysis/
    # test_side_bet_odds.py); Dragon Bonus Player 2.6517% (Wizard of Odds)
    from baccarat_lib.views.money import edge_table_html, pay_tables_html
    pay = _text(pay_tables_html())
    assert "Either Pair | Either pair: 5:1 |" in pay and "Lucky 6 |" in pay
    assert "Player wins by 9 without a natural: 30:1" in pay and "Natural tie: push" in pay
    edges = _text(edge_table_html((8,)))
    assert "Dragon Bonus Player | 8 decks | 2.6517% |" in edges
    explorer = show_edge_explorer().controller
    assert "Dragon Bonus Banker" in explorer.result.value and "9.3731%" in _text(explorer.result.value)
