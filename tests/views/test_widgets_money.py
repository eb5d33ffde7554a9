"""Widgets and helpers of lessons 06–07, driven without a browser: set .value or click, assert on state and HTML.

Expected money is worked out by hand from the pay tables (stake 100 on a Banker win at 5%: the dealer pays 100
and takes back 5, net 95). Expected odds are source 004's published figures (rounded to 4 decimals), or
small cases counted by hand; none is copied from the code.
"""

import re
from decimal import Decimal
from fractions import Fraction

import matplotlib
import pytest

matplotlib.use("Agg")

from baccarat_lib import Outcome, Shoe, play_coup  # noqa: E402
from baccarat_lib.convergence import (bet_convergence, enumerate_coups, net_results,  # noqa: E402
                                      outcome_convergence, plain_outcome_probabilities, plot_convergence,
                                      rank_counts, running_mean)
from baccarat_lib.exercises import check_answer  # noqa: E402
from baccarat_lib.odds import outcome_probabilities  # noqa: E402
from baccarat_lib.payouts import settle  # noqa: E402
from baccarat_lib.simulate import play_shoe  # noqa: E402
from baccarat_lib.widgets import show_edge_explorer, show_settle_widget  # noqa: E402
from baccarat_lib.money_tables import (breakeven_commission, collect_back, edge_rows,  # noqa: E402
                                       edge_table_html, given_player_total_html,
                                       lowest_edge_question, money, no_commission_question,
                                       outcome_table_html, pair_question, pay_table_rows,
                                       pay_tables_html, percent, rounded, same_coup_everywhere_html,
                                       settle_question, wins_more_question)

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


# ---------------------------------------------------------------- formatting

def test_percent_and_rounding_are_exact():
    assert percent(Fraction(1, 20)) == "5.0000%"
    assert percent(Fraction(1, 8), 1) == "12.5%"           # 12.5 exactly: nothing to round
    assert percent(Fraction(1, 400), 1) == "0.2%"          # 0.25 → half-even → 0.2
    assert percent(Fraction(-1, 3), 2) == "-33.33%"
    assert rounded(Fraction(2, 3), 3) == Decimal("0.667")


def test_money_reads_like_a_receipt():
    assert money(Decimal("24000")) == "24,000"
    assert money(Decimal("9.50")) == "9.5"
    assert money(Decimal("95.00")) == "95"


# ---------------------------------------------------------------- pay tables side by side

def test_pay_table_rows_cover_every_bet_and_mark_missing_ones():
    rows = dict(pay_table_rows())
    assert set(rows) == {"player", "banker", "tie", "player-pair", "banker-pair", "super-six", "dragon-7",
                         "panda-8"}
    assert rows["super-six"]["standard"] is None and rows["super-six"]["no-commission"] is not None
    assert rows["player-pair"]["ez"] is None
    assert [line.odds for line in rows["tie"]["tie-9"]] == ["9:1"]


def test_pay_tables_html_has_a_column_per_table_and_shows_the_half_pay_on_6():
    html = pay_tables_html()
    assert html.count("<tr>") == 1 + 8
    for name in ("standard", "commission-4", "tie-9", "no-commission", "ez"):
        assert f"<b>{name}</b>" in html
    assert "banker wins with 6: 1:2" in html and "less 4% commission" in html and "40:1" in html


# ---------------------------------------------------------------- settling by hand

def test_commission_collected_separately_source_002():
    won = settle("banker", 24000, play_coup(WORKED))
    # 5% of 24,000 is 1,200: pay 24,000 and take back 1,200, or pay 23,000 and take back 200: net 22,800.
    assert collect_back(won) == Decimal("1200")
    assert collect_back(won, paid=23000) == Decimal("200")
    assert won == Decimal("22800")


def test_collect_back_refuses_to_pay_less_than_the_net():
    won = settle("banker", 100, play_coup(WORKED))
    with pytest.raises(ValueError, match="less than the net win"):
        collect_back(won, paid=90)


def test_same_coup_everywhere_pays_banker_six_differently():
    html = same_coup_everywhere_html("banker", 100, BANKER_SIX)
    text = _text(html)
    assert "Banker wins 6–4" in text
    assert re.search(r" standard \| [^|]+ \| 100 \| 5 \| 95 \|", text)
    assert re.search(r" no-commission \| [^|]+ \| 50 \| 0 \| 50 \|", text)     # half pay: 1:2
    assert re.search(r" ez \| [^|]+ \| 100 \| 0 \| 100 \|", text)               # no commission, not a three-card 7


# ---------------------------------------------------------------- the settle widget

def test_settle_default_banker_100_at_5_percent_nets_95():
    widget = show_settle_widget().controller
    settlement = widget.reading.settlement
    assert settlement == Decimal("95") and settlement.commission == Decimal("5") and settlement.gross == 100
    text = _text(widget.result.value)
    assert "Banker wins 8–2" in text
    assert "Net result | 95" in text and "stake + net) | 195" in text


def test_settle_commission_4_nets_96():
    widget = show_settle_widget().controller
    widget.table.value = "commission-4"
    assert widget.reading.settlement == Decimal("96") and widget.reading.settlement.commission == Decimal("4")


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
    assert widget.reading.settlement == 0 and widget.reading.settlement.result == "push"
    assert "stake + net) | 100" in _text(widget.result.value)
    widget.bet.value = "tie"
    widget.stake.value = "10"
    assert widget.reading.settlement == Decimal("80")       # 8:1
    widget.table.value = "tie-9"
    assert widget.reading.settlement == Decimal("90")       # 9:1


def test_settle_no_commission_banker_six_pays_half():
    widget = show_settle_widget(table="no-commission", stake="10", cards=BANKER_SIX).controller
    assert widget.reading.settlement == Decimal("5") and widget.reading.settlement.commission == 0
    widget.bet.value = "super-six"
    assert widget.reading.settlement == Decimal("120")      # 12:1
    widget.table.value = "standard"                          # super-six not offered: falls back
    assert widget.bet.value == "player" and widget.reading.settlement == Decimal("-10")


def test_settle_pairs_by_rank_not_value():
    widget = show_settle_widget(bet="player-pair", stake="10", cards=JACKS).controller
    assert widget.reading.settlement == Decimal("110")      # 11:1
    widget.cards.value = JACK_QUEEN
    assert widget.reading.settlement == Decimal("-10")


def test_settle_ez_three_card_seven_and_eight():
    widget = show_settle_widget(table="ez", stake="1", cards=THREE_CARD_SEVEN).controller
    assert widget.reading.settlement == 0 and widget.reading.settlement.result == "push"
    widget.bet.value = "dragon-7"
    assert widget.reading.settlement == Decimal("40")
    widget.cards.value = THREE_CARD_EIGHT
    assert widget.reading.settlement == Decimal("-1")
    widget.bet.value = "panda-8"
    assert widget.reading.settlement == Decimal("25")


@pytest.mark.parametrize("stake", ["abc", "-5", "0", ""])
def test_settle_bad_stake_is_shown_inline(stake):
    widget = show_settle_widget().controller
    widget.stake.value = stake
    assert widget.reading is None
    assert "bcl-error" in widget.result.value and "stake" in widget.result.value
    assert "Traceback" not in widget.result.value


def test_settle_bad_cards_are_shown_inline():
    widget = show_settle_widget().controller
    widget.cards.value = "2 3 3"
    assert "bcl-error" in widget.result.value and "needs 1 more card" in widget.result.value
    widget.cards.value = "Z♠ 2 3 4"
    assert "bcl-error" in widget.result.value and "not a card" in widget.result.value
    widget.cards.value = WORKED                               # recovers
    assert widget.reading.settlement == Decimal("95")


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
    while not widget.shoe.past_cut_card:
        widget.deal.click()
    widget.deal.click()
    assert widget.shoe_number == 2 and widget.reading is not None


# ---------------------------------------------------------------- exercises

def test_settle_question_answer_is_the_hand_worked_net():
    question = settle_question("banker", 100, WORKED)
    assert question.answer == "95" and check_answer(question, "95").correct
    assert not check_answer(question, "100").correct
    assert settle_question("player", 50, TIE).answer == "0"
    assert settle_question("banker", 20, BANKER_SIX, "no-commission").answer == "10"
    assert settle_question("player", 100, WORKED).answer == "-100"


def test_pair_question_judges_rank():
    jack_queen = pair_question(JACK_QUEEN)
    assert jack_queen.answer == "no" and "value does not count" in jack_queen.explanation
    assert pair_question(JACKS).answer == "yes"
    assert pair_question(JACKS, side="banker").answer == "no"


def test_odds_questions_follow_source_004():
    assert wins_more_question(8).answer == "Banker"
    assert lowest_edge_question().answer == "Banker (standard)"      # 1.06% beats 1.24%, 4.84%, 1.46%
    question = no_commission_question(8)
    assert question.answer == "the bettor" and "-1.2351%" in question.explanation


# ---------------------------------------------------------------- odds tables: source 004's figures

def test_outcome_table_matches_source_004():
    text = _text(outcome_table_html())
    # 6 decks: 0.458652719, 0.446278570, 0.095068711; 8 decks: 0.458597423, 0.446246609, 0.095155968
    assert "Banker | 45.8653% | 45.8597%" in text
    assert "Player | 44.6279% | 44.6247%" in text
    assert "Tie | 9.5069% | 9.5156%" in text
    assert "100.0000% | 100.0000%" in text


def test_edge_rows_match_source_004():
    edges = {(table, bet): edges for table, bet, edges in edge_rows((6, 8))}
    assert percent(edges[("standard", "banker")][8]) == "1.0579%"       # 1.05791%
    assert percent(edges[("standard", "player")][6]) == "1.2374%"       # 1.23741%
    assert percent(edges[("commission-4", "banker")][6]) == "0.5972%"   # 0.59720%
    assert percent(edges[("standard", "tie")][6]) == "14.4382%"         # 14.43816%
    assert percent(edges[("tie-9", "tie")][8]) == "4.8440%"             # 4.84403%
    assert len(edges) == 5 + 5 + 5 + 6 + 5                              # every bet of every table


def test_edge_table_html_has_a_row_per_bet():
    html = edge_table_html((8,))
    assert html.count("<tr>") == 1 + 26 and "29.9772%" not in html[:100]


def test_given_player_total_nine_never_loses():
    text = _text(given_player_total_html(8))
    assert re.search(r"\b9 \| [\d.]+% \| 0\.0% \|", text)     # a natural 9 cannot lose


def test_breakeven_commission_is_one_minus_player_over_banker():
    # 1 - 0.446246609 / 0.458597423 = 0.02693...
    assert percent(breakeven_commission(8), 2) == "2.69%"


# ---------------------------------------------------------------- the edge explorer

def test_edge_explorer_default_is_8_decks_standard():
    explorer = show_edge_explorer().controller
    text = _text(explorer.result.value)
    assert "1.0579%" in text and "1.2351%" in text and "14.3596%" in text
    assert "+0.95 with chance 45.8597%" in text                 # a Banker win nets 0.95 per 1
    assert "45.8597%" in _text(explorer.outcomes.value)


def test_edge_explorer_one_deck_pairs_and_tables():
    explorer = show_edge_explorer().controller
    explorer.decks.value = 1
    # One deck: 3 of the 51 cards left match the first: win 11 with 3/51, lose 1 with 48/51 → edge 15/51.
    assert "29.4118%" in _text(explorer.result.value)
    explorer.table.value = "tie-9"
    assert "+9 with chance" in _text(explorer.result.value)
    explorer.table.value = "no-commission"
    assert "+0.5 with chance" in _text(explorer.result.value) and "Super Six" in explorer.result.value


# ---------------------------------------------------------------- checking two ways

def test_plain_enumerator_small_cases_by_hand():
    # Six kings: both hands 0, both draw a king, still 0: always a tie.
    assert plain_outcome_probabilities("K K K K K K") == {Outcome.PLAYER: 0, Outcome.BANKER: 0, Outcome.TIE: 1}
    # Four nines: 9+9 = 18 → 8 on both sides, two naturals: a tie.
    assert plain_outcome_probabilities("9 9 9 9 9 9")[Outcome.TIE] == 1
    # Five kings and a 9, the 9 equally likely in each of the six places. Cards 1 or 3: Player has a natural 9;
    # cards 2 or 4: Banker does. Otherwise both hands are 0 and draw: card 5 goes to Player (Player 9, Banker
    # draws a king on 0), card 6 to Banker. So Player and Banker each win in 3 places of 6, and never a tie.
    chances = plain_outcome_probabilities("K K K K K 9")
    assert chances == {Outcome.PLAYER: Fraction(1, 2), Outcome.BANKER: Fraction(1, 2), Outcome.TIE: 0}


def test_plain_enumerator_agrees_with_the_fast_odds():
    shoe = "K K K 2 2 2 5 5 5 7 7 7"
    assert plain_outcome_probabilities(shoe) == outcome_probabilities(counts=rank_counts(shoe))
    assert sum(chance for chance, _ in enumerate_coups(shoe)) == 1


def test_running_mean_and_standard_error_by_hand():
    n, mean, se = running_mean([1, 0, 1, 0], points=4)
    assert n.tolist() == [1, 2, 3, 4]
    assert mean.tolist() == pytest.approx([1, 0.5, 2 / 3, 0.5])
    # Sample variance of 1, 0 is 0.5: the standard error of the mean of two is sqrt(0.5 / 2) = 0.5.
    assert se[1] == pytest.approx(0.5)


def test_net_results_read_the_pay_table():
    records = play_shoe(WORKED + " K 5 9 3", cut_card=0)      # one coup: Banker wins 8–2
    assert net_results(records, "banker").tolist() == [0.95]
    assert net_results(records, "banker", "commission-4").tolist() == [0.96]
    assert net_results(records, "player").tolist() == [-1.0]
    assert net_results(records, "tie").tolist() == [-1.0]
    with pytest.raises(ValueError, match="does not record"):
        net_results(records, "dragon-7", "ez")


def test_convergence_ends_near_the_exact_value_and_plots():
    result = bet_convergence("banker", "standard", n_coups=20_000, seed=1)
    assert result.exact == pytest.approx(-0.010579, abs=1e-6)
    assert result.coups[-1] == 20_000 and abs(result.estimate[-1] - result.exact) < 4 * result.standard_error[-1]
    outcome = outcome_convergence(Outcome.TIE, n_coups=20_000, decks=6, seed=1)
    assert outcome.exact == pytest.approx(0.095068711, abs=1e-9)
    ax = plot_convergence(result)
    assert len(ax.lines) == 2 and len(ax.collections) == 1
    assert [text.get_text() for text in ax.get_legend().get_texts()] == \
        ["±2 standard errors", "simulation so far", "exact (enumeration)"]


def test_settle_widget_starts_on_a_bet_the_table_offers():
    widget = show_settle_widget(table="ez", bet="player-pair").controller
    assert widget.bet.value == "player" and widget.reading is not None
