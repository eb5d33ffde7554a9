"""Money as HTML tables for lessons 06, 07 and 10: pay tables, a settled bet, odds and every bet's edge.

Each function reads the library's data (``payouts``, ``odds``) and returns HTML for ``views.widgets.money``.

>>> reading = settle_reading("standard", "banker", "100", "2♣ 3♥ 3♠ A♦ 7♦ 4♠")
>>> reading.settlement.net, reading.settlement.commission
(Decimal('95'), Decimal('5'))
>>> money(reading.settlement.net)
'95'
"""

from __future__ import annotations

from decimal import Context, Decimal
from fractions import Fraction
from html import escape
from typing import NamedTuple

from ..analysis.counting import MAIN_BETS, SIDE_BETS, edges_after_removing
from ..analysis.odds import (_deck_counts, _edge, _edge_rows, _expectation, check_shoe, outcome_given_player_total,
                             outcome_probabilities)
from ..errors import BaccaratError, shown
from ..game.coup import Coup, Outcome, play_coup
from ..game.explanations import step_text
from ..game.shoe import check_decks
from ..game.formatting import localized, money, number, percent, rounded
from ..game.payouts import (BETS, PAY_TABLES, Settlement, bet_label, coup_facts, event_words, pay_table,
                            pay_table_rows, settle, stake_amount)
from ..i18n import N_, _, ngettext
from .html import caption_html, coup_html, message_html, table_html

__all__ = ["pay_tables_html", "SettleReading", "settle_reading", "same_coup_everywhere_html", "outcome_table_html",
           "edge_table_html", "given_player_total_html", "edge_reading", "removal_html", "WORKED_COUP"]

WORKED_COUP = "2♣ 3♥ 3♠ A♦ 7♦ 4♠"   # the rule reference's coup: Banker wins 8–2
_OUTCOMES = (Outcome.BANKER, Outcome.PLAYER, Outcome.TIE)
_EXACT = Context(prec=60)       # stake + net exactly, whatever the caller's decimal context (amounts under 10**15)
# A settlement's result is a key ("wins", "push", "loses"); these are its names as a table shows them.
_RESULT_NAMES = {"wins": N_("wins"), "push": N_("push"), "loses": N_("loses")}


# ---------------------------------------------------------------- pay tables side by side

def _left(html: str) -> str:
    """A cell's content, left-aligned whatever the notebook's table style (JupyterLab right-aligns cells)."""
    return f'<div style="text-align:left;">{html}</div>'


def _nowrap(html: str) -> str:
    """Short terms that never break inside."""
    return f'<span style="white-space:nowrap;">{html}</span>'


def _line_html(line) -> str:
    """One line of a pay table: "Banker wins with 6: 1:2", the terms never split over two lines."""
    event = event_words(line.event)
    event = event[:1].upper() + event[1:]
    words = event.split(" ")
    head, tail = " ".join(words[:-2]), " ".join(words[-2:])
    event_html = (escape(head) + " " if head else "") + _nowrap(escape(tail) + ":")
    return _left(f'{event_html} {_nowrap("<b>" + escape(line.terms()) + "</b>")}')


def _title(name: str) -> str:
    return escape(_(pay_table(name).title))


def pay_tables_html(tables=None, bets=None) -> str:
    """The pay tables side by side: a column per table, a row per bet (``bets`` None: all)."""
    rows = pay_table_rows(tables)
    if bets is not None:
        offered = [bet for bet, _lines in rows]
        if not isinstance(bets, (list, tuple)) or not bets:
            raise BaccaratError(_("bets must be None or a list of bets these tables offer, such as "
                                  "[\"player\", \"banker\"], not {given}").format(given=shown(bets)))
        for bet in bets:
            if not isinstance(bet, str) or bet not in offered:
                raise BaccaratError(_("bets must be None or a list of bets these tables offer: {given} is not "
                                      "one of them (see pay_table_rows)").format(given=shown(bet)))
        rows = [row for row in rows if row[0] in bets]
    names = list(rows[0][1]) if rows else []
    headers = [_left(_("Bet"))] + [_left(f"<b>{_title(name)}</b>") for name in names]
    body = [[_left(f"<b>{_nowrap(escape(bet_label(bet)))}</b>")]
            + [_left("—") if lines is None else "".join(_line_html(line) for line in lines)
               for lines in lines_by_table.values()]
            for bet, lines_by_table in rows]
    return table_html(headers, body, "bcl-pay-tables")


# ---------------------------------------------------------------- settling

class SettleReading(NamedTuple):
    """A coup played from typed cards, a bet settled on it, and the HTML that shows both."""

    coup: Coup
    settlement: Settlement
    html: str


def _settlement_rows(stake: Decimal, settlement: Settlement, line=None) -> list:
    """The settlement as a learner reads it: a win paid, then any commission taken back."""
    result = settlement.result
    rows = [[_("Stake"), money(stake)], [_("Result"), _(_RESULT_NAMES.get(result, result))]]
    if result == "wins":
        pays = (_("The dealer pays the win at {odds}").format(odds=escape(line.odds)) if line is not None
                else _("The dealer pays the win"))
        rows.append([pays, money(settlement.gross)])
        if line is not None and line.commission:
            taken = _("Commission taken back ({rate}%)").format(rate=localized(f"{float(line.commission * 100):g}"))
        else:
            taken = _("Commission taken back")
        rows.append([taken, money(settlement.commission)])
    elif result == "push":
        rows.append([_("What happens"), _("The bet pushes: nothing is paid or taken, the {stake} stake "
                                          "comes back").format(stake=money(stake))])
    else:
        rows.append([_("What happens"),
                     _("The bet loses: the dealer takes the {stake} stake").format(stake=money(stake))])
    net_result = _("Net result")
    rows += [[f"<b>{net_result}</b>", f"<b>{money(settlement.net)}</b>"],
             [_("The bettor picks up (stake + net)"), money(_EXACT.add(stake, settlement.net))]]
    return [[_left(label), _left(value)] for label, value in rows]


def settle_reading(table, bet: str, stake, cards) -> SettleReading:
    """Play ``cards`` and settle ``stake`` on ``bet`` at ``table``: the verdict, its lines, the coup."""
    table = pay_table(table)
    coup = play_coup(cards)
    settlement = settle(bet, stake, coup, table)
    kind = {"wins": "right", "push": "info", "loses": "wrong"}[settlement.result]
    line = table.line_for(bet, coup_facts(coup))
    # The verdict first, right under the widget's controls (below the coup's cards it was off a 768 px screen)
    html = (message_html(settlement.explanation, kind)
            + table_html(["", _left(_("{bet} at “{table}”").format(bet=escape(bet_label(bet)),
                                                                  table=escape(_(table.title))))],
                         _settlement_rows(stake_amount(stake), settlement, line), "bcl-settlement")
            + coup_html(coup))
    return SettleReading(coup, settlement, html)


def same_coup_everywhere_html(bet: str, stake, cards) -> str:
    """One coup, the same cards and the same drawing rules, settled on every table that offers ``bet``."""
    if not isinstance(bet, str) or bet not in BETS:
        raise BaccaratError(_("bet must be one of {bets}, not {given}").format(bets=", ".join(BETS),
                                                                              given=shown(bet, 20)))
    coup = play_coup(cards)
    rows = []
    for table in PAY_TABLES.values():
        if bet in table.bets:
            settlement = settle(bet, stake, coup, table)
            applies = table.line_for(bet, coup_facts(coup))
            line = _("The bet loses") if applies is None else _line_html(applies)
            paid = money(settlement.gross) if settlement.result == "wins" else "—"
            rows.append([_left(f"<b>{escape(_(table.title))}</b>"), _left(line), paid,
                         money(settlement.commission), f"<b>{money(settlement.net)}</b>"])
    caption = caption_html(escape(_("{result} A stake of {stake} on {bet}:").format(
        result=step_text(coup.steps[-1]), stake=money(stake_amount(stake)), bet=bet_label(bet))))
    return caption + table_html([_("Table"), _("Line that applies"), _("Win paid"), _("Commission"), _("Net")], rows,
                                "bcl-everywhere")


# ---------------------------------------------------------------- odds tables

def _decks_text(count: int) -> str:
    """ "6 decks", "1 deck", in the current language."""
    return ngettext("{count} deck", "{count} decks", count).format(count=number(count))


def outcome_table_html(decks=(6, 8)) -> str:
    """P(Banker wins), P(Player wins), P(Tie) for each number of decks, exact, shown to 4 decimals."""
    decks = _deck_counts(decks)
    chances = {count: outcome_probabilities(count) for count in decks}
    rows = [[f"<b>{outcome.display_name}</b>"] + [percent(chances[count][outcome]) for count in decks]
            for outcome in _OUTCOMES]
    total = _("sum")
    rows.append([f"<i>{total}</i>"] + [percent(sum(chances[count].values())) for count in decks])
    return table_html([_("Outcome")] + [_decks_text(count) for count in decks], rows, "bcl-outcomes")


def edge_table_html(decks=(6, 8), tables=None) -> str:
    """House edges, a row per bet, a column per table, a line per number of decks ("—": not offered)."""
    decks = _deck_counts(decks)
    edges = {(name, bet): by_decks for name, bet, by_decks in _edge_rows(decks, tables)}
    names = list(dict.fromkeys(name for name, _bet in edges))
    bets = [bet for bet in BETS if any((name, bet) in edges for name in names)]
    deck_lines = "".join(_left(_nowrap(_decks_text(count))) for count in decks)
    rows = [[_left(f"<b>{_nowrap(escape(bet_label(bet)))}</b>"), deck_lines]
            + ["—" if (name, bet) not in edges
               else "".join(_left(_nowrap(percent(edges[name, bet][count]))) for count in decks)
               for name in names]
            for bet in bets]
    headers = [_left(_("Bet")), _left(_("Shoe"))] + [_left(f"<b>{_title(name)}</b>") for name in names]
    return table_html(headers, rows, "bcl-edges")


def given_player_total_html(decks: int = 8) -> str:
    """For each Player two-card total: the chance that Player, Banker or a tie wins the coup."""
    given = outcome_given_player_total(decks)
    rows = [[f"<b>{total}</b>"] + [percent(given[total][outcome], 1) for outcome in
                                   (Outcome.PLAYER, Outcome.BANKER, Outcome.TIE)]
            for total in sorted(given) if given[total]]
    return table_html([_("Player's two cards make"), _("Player wins"), _("Banker wins"), _("Tie")], rows, "bcl-given")


def _net_label(net: Fraction) -> str:
    if net == 0:
        return _("push 0")
    per_unit = (Decimal(abs(net.numerator)) / Decimal(net.denominator)).normalize()   # a rate, not money: 0.5
    return f"{'+' if net > 0 else '−'}{localized(f'{per_unit:,f}')}"


def edge_reading(decks: int = 8, table="standard") -> str:
    """One table at ``decks`` decks: each bet's net results (per 1 staked) with their chances, and the edge."""
    table, decks = pay_table(table), check_decks(decks)
    counts = check_shoe(decks)
    rows = []
    for bet in table.bets:
        results = sorted(_expectation(bet, table.lines(bet), counts).items(), reverse=True)
        edge = _edge(bet, table.lines(bet), counts)
        rows.append([f"<b>{escape(bet_label(bet))}</b>",
                     "<br>".join(_("{net} with chance {chance}").format(net=_net_label(net), chance=percent(chance))
                                 for net, chance in results),
                     f"<b>{percent(edge)}</b>", localized(str(rounded(edge * 100, 2)))])
    title, description = _(table.title), _(table.description)
    named = description if description.startswith(title) else f"{title}: {description}"
    intro = caption_html(escape(ngettext("{table} A shoe of {count} deck.", "{table} A shoe of {count} decks.",
                                         decks).format(table=named, count=number(decks))))
    note = caption_html(_("House edge = −(sum of net result × chance). Pushes count 0."))
    return intro + table_html([_("Bet"), _("Net result per 1 staked, and its chance"), _("House edge"),
                               _("Average loss per 100 staked")], rows, "bcl-edge-reading") + note


# ---------------------------------------------------------------- lesson 10: cards out of the shoe

def removal_html(removed: str, decks: int = 1, bets=MAIN_BETS + SIDE_BETS) -> str:
    """Every bet's exact edge in a full shoe and without ``removed``; a bet with positive expectation is green."""
    edges = edges_after_removing(removed, decks, bets)
    rows = [[escape(bet_label(bet)), percent(before, 3, sign=True), percent(after, 3, sign=True),
             percent(after - before, 3, sign=True)] for bet, (before, after) in edges.items()]
    favoured = [number for number, (before, after) in enumerate(edges.values()) if after < 0]
    table = table_html([_("bet"), _("full shoe"), _("after removing"), _("change (% points)")], rows, "bcl-removal",
                       marked=favoured)
    return table + caption_html(_("House edge in %: below 0 (green) the bet favours the bettor."))
