"""Money and odds as HTML (baccarat_lib.views.money): pay tables side by side, one coup on every table, odds tables.

Expected money is worked out by hand from the pay tables; expected odds are source 004's published figures
(rounded to 4 decimals); none is copied from the code.
"""

import re

from baccarat_lib.views.money import (edge_table_html, given_player_total_html, outcome_table_html, pay_tables_html,
                                      same_coup_everywhere_html)

BANKER_SIX = "K 3 5 3 9"           # Player 5 draws 9 → 4; Banker 6 stands on a 9: Banker wins 6–4


def _text(html):
    """The visible text, table cells separated by ' | '."""
    html = re.sub(r"</t[dh]>", " | ", html)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_pay_tables_html_has_a_column_per_table_and_shows_the_half_pay_on_6():
    html = pay_tables_html()
    assert html.count("<tr>") == 1 + 8
    for name in ("standard", "commission-4", "tie-9", "no-commission", "ez"):
        assert f"<b>{name}</b>" in html
    assert "banker wins with 6: 1:2" in html and "less 4% commission" in html and "40:1" in html


def test_same_coup_everywhere_pays_banker_six_differently():
    html = same_coup_everywhere_html("banker", 100, BANKER_SIX)
    text = _text(html)
    assert "Banker wins 6–4" in text
    assert re.search(r" standard \| [^|]+ \| 100 \| 5 \| 95 \|", text)
    assert re.search(r" no-commission \| [^|]+ \| 50 \| 0 \| 50 \|", text)     # half pay: 1:2
    assert re.search(r" ez \| [^|]+ \| 100 \| 0 \| 100 \|", text)               # no commission, not a three-card 7


def test_outcome_table_matches_source_004():
    text = _text(outcome_table_html())
    # 6 decks: 0.458652719, 0.446278570, 0.095068711; 8 decks: 0.458597423, 0.446246609, 0.095155968
    assert "Banker | 45.8653% | 45.8597%" in text
    assert "Player | 44.6279% | 44.6247%" in text
    assert "Tie | 9.5069% | 9.5156%" in text
    assert "100.0000% | 100.0000%" in text


def test_edge_table_html_has_a_row_per_bet():
    html = edge_table_html((8,))
    assert html.count("<tr>") == 1 + 26 and "29.9772%" not in html[:100]


def test_given_player_total_nine_never_loses():
    text = _text(given_player_total_html(8))
    assert re.search(r"\b9 \| [\d.]+% \| 0\.0% \|", text)     # a natural 9 cannot lose
