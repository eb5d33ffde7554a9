"""Money and odds as HTML (baccarat_lib.views.money): pay tables side by side, one coup on every table, odds tables.

Expected money is worked out by hand from the pay tables; expected odds are source 004's published figures
(rounded to 4 decimals); none is copied from the code.
"""

import re

import pytest

from baccarat_lib.errors import BaccaratError
from baccarat_lib.views.money import (WORKED_COUP, edge_table_html, given_player_total_html, outcome_table_html,
                                      pay_tables_html, same_coup_everywhere_html, settle_reading)

BANKER_SIX = "K 3 5 3 9"           # Player 5 draws 9 → 4; Banker 6 stands on a 9: Banker wins 6–4


def _text(html):
    """The visible text, table cells separated by ' | '."""
    html = re.sub(r"</t[dh]>", " | ", html)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_pay_tables_html_has_a_column_per_table_and_shows_the_half_pay_on_6():
    html = pay_tables_html()
    assert html.count("<tr>") == 1 + 12  # 8 bets + 4 side bets
    # Human titles as headers, not code names
    for title in ("Standard (5% commission)", "4% commission", "Tie pays 9:1", "No commission (Banker 6 pays 1:2)",
                  "EZ Baccarat"):
        assert f"<b>{title}</b>" in html
    assert "<b>commission-4</b>" not in html and "<b>ez</b>" not in html
    text = _text(html)
    assert "Banker wins with 6: 1:2" in text and "less 4% commission" in text and "40:1" in text
    # "banker wins with / 6: 1:2" wrapped: the last words of an event and the terms never break, cells read left
    assert '<span style="white-space:nowrap;">with 6:</span>' in html
    assert '<span style="white-space:nowrap;"><b>1:1 less 5% commission</b></span>' in html
    assert html.count("text-align:left;") >= 6 * 9


def test_same_coup_everywhere_pays_banker_six_differently():
    html = same_coup_everywhere_html("banker", 100, BANKER_SIX)
    text = _text(html)
    assert "Banker wins 6–4" in text
    assert re.search(r" Standard \(5% commission\) \| [^|]+ \| 100 \| 5 \| 95 \|", text)
    assert re.search(r" No commission \(Banker 6 pays 1:2\) \| [^|]+ \| 50 \| 0 \| 50 \|", text)   # half pay: 1:2
    assert re.search(r" EZ Baccarat \| [^|]+ \| 100 \| 0 \| 100 \|", text)   # no commission, not a three-card 7


def test_same_coup_everywhere_shows_money_as_money():
    # 1,000 on Banker, Banker wins 6-4: 5% of 1,000 = 50 -> 950; 1:2 of 1,000 = 500.
    text = _text(same_coup_everywhere_html("banker", "1e3", BANKER_SIX))
    assert "A stake of 1,000 on Banker" in text and "E+" not in text
    assert re.search(r" Standard \(5% commission\) \| [^|]+ \| 1,000 \| 50 \| 950 \|", text)
    # a losing bet pays nothing: no win paid on Super Six's table for Player, the net is minus the stake
    text = _text(same_coup_everywhere_html("player", 100, BANKER_SIX))
    assert re.search(r" Standard \(5% commission\) \| The bet loses \| — \| 0 \| −100 \|", text)


def test_outcome_table_matches_source_004():
    text = _text(outcome_table_html())
    # 6 decks: 0.458652719, 0.446278570, 0.095068711; 8 decks: 0.458597423, 0.446246609, 0.095155968
    assert "Banker | 45.8653% | 45.8597%" in text
    assert "Player | 44.6279% | 44.6247%" in text
    assert "Tie | 9.5069% | 9.5156%" in text
    assert "100.0000% | 100.0000%" in text


def test_edge_table_html_is_bet_by_table():
    # A row per bet (12 bets, with the side bets), a column per table headed by its title, "—" where a table does
    # not offer the bet. Expected edges are source 004's published figures for 8 decks (Player 1.2351%,
    # Banker 1.0579%, Tie 8:1 14.3596%, Tie 9:1 4.8440%) and the pair bet's 10.3614%.
    html = edge_table_html((8,))
    assert html.count("<tr>") == 1 + 12  # 8 bets + 4 side bets
    text = _text(html)
    assert ("Bet | Shoe | Standard (5% commission) | 4% commission | Tie pays 9:1 | "
            "No commission (Banker 6 pays 1:2) | EZ Baccarat |") in text
    assert re.search(r"Player \| 8 decks \| (1\.2351% \| ){5}", text)        # the same at every table
    assert re.search(r"Tie \| 8 decks \| 14\.3596% \| 14\.3596% \| 4\.8440% \|", text)
    assert re.search(r"Banker \| 8 decks \| 1\.0579% \|", text)
    assert re.search(r"Super Six \| 8 decks \| — \| — \| — \| [\d.]+% \| — \|", text)
    assert re.search(r"Player Pair \| 8 decks \| (10\.3614% \| ){4}— \|", text)
    assert "commission-4" not in html and "tie-9" not in html


def test_edge_table_html_lists_each_shoe_on_its_own_line():
    # Two deck counts -> two lines in each cell, in the same order as the "Shoe" column.
    text = _text(edge_table_html((6, 8)))
    assert "Player | 6 decks 8 decks | 1.2374% 1.2351% |" in text       # source 004: 6 decks 1.2374%
    assert text.count("1.2374% 1.2351%") == 5


def _settled(bet, stake, cards, table="standard"):
    return _text(settle_reading(table, bet, stake, cards).html)


def test_a_losing_bet_is_not_paid():
    # A loss showed "Paid at the odds (gross) -250"; nothing is paid on a loss.
    text = _settled("player", 250, WORKED_COUP)
    assert "Paid" not in text and "pays the win" not in text and "Commission" not in text
    assert "What happens | The bet loses: the dealer takes the 250 stake |" in text
    assert "Result | loses |" in text and "Net result | −250 |" in text and "picks up (stake + net) | 0 |" in text


def test_a_push_returns_the_stake_and_a_win_is_paid_then_taxed():
    # A tie pushes Banker: 100 back. Banker wins 8-2: 1:1 pays 100, 5% = 5 back, net 95.
    push = _settled("banker", 100, "2 A 3 2 8")
    assert "Result | push |" in push and "the 100 stake comes back" in push and "Net result | 0 |" in push
    assert "pays the win" not in push
    win = _settled("banker", 100, WORKED_COUP)
    assert "The dealer pays the win at 1:1 | 100 |" in win and "Commission taken back (5%) | 5 |" in win
    assert "Net result | 95 |" in win and "picks up (stake + net) | 195 |" in win
    assert "Banker at “Standard (5% commission)”" in win


def test_settle_reading_in_whole_cents_and_thousands():
    # 10.01 on Banker at 5%: 0.5005 -> 0.50 charged, net 9.51, picks up 19.52.
    text = _settled("banker", "10.01", WORKED_COUP)
    assert "Commission taken back (5%) | 0.50 |" in text and "Net result | 9.51 |" in text
    assert "picks up (stake + net) | 19.52 |" in text
    # 24,000 at 4%: 960 back, net 23,040
    text = _settled("banker", "24,000", WORKED_COUP, "commission-4")
    assert "Stake | 24,000 |" in text and "Commission taken back (4%) | 960 |" in text
    assert "Net result | 23,040 |" in text and "E+" not in _settled("banker", "1e3", WORKED_COUP)


def test_given_player_total_nine_never_loses():
    text = _text(given_player_total_html(8))
    assert re.search(r"\b9 \| [\d.]+% \| 0\.0% \|", text)     # a natural 9 cannot lose


def test_pay_tables_html_shows_only_the_bets_asked_for():
    # Lesson 06 shows the new side bets in a table of their own, on the two tables that define them
    # (the 4% and Tie 9:1 tables copy the standard table's side bets). Counted by hand: 4 bets, 2 tables.
    html = pay_tables_html(["standard", "no-commission"],
                           bets=["either-pair", "dragon-bonus-player", "dragon-bonus-banker", "lucky-6"])
    assert html.count("<tr>") == 1 + 4
    text = _text(html)
    assert "Either Pair" in text and "Lucky 6" in text and "Player Pair" not in text and "Super Six" not in text
    assert "30:1" in text and "12:1" in text and "20:1" in text
    for bets in (["dragon-7"], "lucky-6", [], ["poker"]):   # not offered by these tables, not a list, empty, unknown
        with pytest.raises(BaccaratError, match="^bets must be None or a list of bets these tables offer"):
            pay_tables_html(["standard", "no-commission"], bets=bets)
