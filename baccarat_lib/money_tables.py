"""Tables and questions about money for lessons 06–07: pay tables side by side, settlements, odds and edges.

Pure functions; each reads the library's data (``payouts.PAY_TABLES``, ``payouts.settle``, ``odds``) and returns
rows, HTML or a ``Question``. The widgets of ``widgets.money_widgets`` are thin views over them.

- ``pay_table_rows(tables)``, ``pay_tables_html(tables)``: the pay tables side by side, one row per bet.
- ``collect_back(settlement, paid=None)``: what the dealer takes back after paying ``paid`` on a winning bet.
- ``settle_reading(table, bet, stake, cards)``: a typed coup played and a bet settled, with its HTML.
- ``same_coup_everywhere_html(bet, stake, cards)``: one coup settled on every table that offers the bet.
- ``outcome_table_html(decks)``: P(Banker), P(Player), P(Tie) for each number of decks.
- ``edge_rows(decks, tables)``, ``edge_table_html(decks, tables)``: every bet of every table and its house edge.
- ``given_player_total_html(decks)``: who wins, given Player's two-card total.
- ``breakeven_commission(decks)``: the commission at which a Banker bet would be exactly fair.
- ``edge_reading(decks, table)``: one table's bets, each net result with its chance, and the house edge.
- Questions: ``pair_question``, ``wins_more_question``, ``lowest_edge_question``, ``no_commission_question``
  (and ``exercises.settle_question``): answers and explanations come from ``settle`` and ``odds``.
- ``percent``, ``rounded``, ``money``: the display formatting of ``render``, re-exported for the lessons.

>>> reading = settle_reading("standard", "banker", "100", "2♣ 3♥ 3♠ A♦ 7♦ 4♠")
>>> reading.settlement, reading.settlement.commission
(Decimal('95'), Decimal('5'))
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from html import escape
from typing import NamedTuple

from .coup import Coup, Outcome, play_coup
from .errors import BaccaratError
from .exercises import Question, settle_question  # noqa: F401  (settle_question: the lessons' settle exercises)
from .odds import bet_expectation, house_edge, outcome_given_player_total, outcome_probabilities
from .payouts import PAY_TABLES, BETS, Settlement, coup_facts, derive_table, pay_table, settle
from .render import coup_html, message_html, money, percent, rounded  # noqa: F401  (re-exported)

__all__ = ["percent", "rounded", "money", "pay_table_rows", "pay_tables_html", "collect_back", "SettleReading",
           "settle_reading", "same_coup_everywhere_html", "outcome_table_html", "edge_rows", "edge_table_html",
           "given_player_total_html", "breakeven_commission", "edge_reading", "settle_question",
           "pair_question", "wins_more_question", "lowest_edge_question", "no_commission_question",
           "WORKED_COUP", "bet_label"]

WORKED_COUP = "2♣ 3♥ 3♠ A♦ 7♦ 4♠"   # the rule reference's coup: Banker wins 8–2
_OUTCOMES = (Outcome.BANKER, Outcome.PLAYER, Outcome.TIE)
_TABLE_STYLE = "border-collapse:collapse;font-size:1.25em;margin:0.5em 0;"
_CELL = "border:1px solid #999;padding:0.3em 0.6em;vertical-align:top;"
CAPTION_HTML = '<div style="font-size:1.25em;margin:0.3em 0;">{}</div>'


# ---------------------------------------------------------------- formatting

def _table_html(headers, rows, css_class: str) -> str:
    """A plain HTML table; cells are HTML already (escape text before passing it)."""
    head = "".join(f'<th style="{_CELL}background:#eef2f7;">{header}</th>' for header in headers)
    body = "".join("<tr>" + "".join(f'<td style="{_CELL}">{cell}</td>' for cell in row) + "</tr>" for row in rows)
    return f'<table class="{css_class}" style="{_TABLE_STYLE}"><tr>{head}</tr>{body}</table>'


def bet_label(bet: str) -> str:
    """'player-pair' -> 'Player Pair', 'dragon-7' -> 'Dragon 7'."""
    return " ".join(word.capitalize() for word in bet.split("-"))


# ---------------------------------------------------------------- pay tables side by side

def _tables(tables) -> list:
    return [pay_table(table) for table in (tables if tables is not None else PAY_TABLES)]


def pay_table_rows(tables=None) -> list[tuple[str, dict]]:
    """One row per bet any of ``tables`` offers: (bet, {table name: its lines, or None if not offered}).

    >>> rows = dict(pay_table_rows(["standard", "no-commission"]))
    >>> rows["super-six"]["standard"] is None, [line.odds for line in rows["banker"]["no-commission"]]
    (True, ['push', '1:2', '1:1'])
    """
    tables = _tables(tables)
    offered = [bet for bet in BETS if any(bet in table.bets for table in tables)]
    return [(bet, {table.name: table.bets.get(bet) for table in tables}) for bet in offered]


def pay_tables_html(tables=None) -> str:
    """The pay tables side by side: a column per table, a row per bet; each cell lists the bet's lines."""
    tables = _tables(tables)
    headers = ["Bet"] + [f"<b>{escape(table.name)}</b>" for table in tables]
    rows = []
    for bet, lines_by_table in pay_table_rows(tables):
        cells = ["—" if lines is None else "<br>".join(escape(line.describe()) for line in lines)
                 for lines in lines_by_table.values()]
        rows.append([f"<b>{escape(bet_label(bet))}</b>"] + cells)
    return _table_html(headers, rows, "bcl-pay-tables")


# ---------------------------------------------------------------- settling

def collect_back(settlement: Settlement, paid=None) -> Decimal:
    """What the dealer takes back after paying out ``paid`` (default: the full win at the odds) on a bet.

    >>> won = settle("banker", 24000, play_coup(WORKED_COUP))
    >>> collect_back(won), collect_back(won, paid=23000)
    (Decimal('1200'), Decimal('200'))
    """
    paid = settlement.gross if paid is None else Decimal(str(paid))
    if paid < settlement:
        raise BaccaratError(f"paying {money(paid)} is less than the net win {money(settlement)}: "
                            "the dealer would have to pay more, not collect")
    return paid - settlement


def _amount(stake) -> Decimal:
    """A stake ``settle`` has accepted, as a Decimal."""
    if isinstance(stake, Fraction):
        return Decimal(stake.numerator) / Decimal(stake.denominator)
    return Decimal(str(stake).strip())


class SettleReading(NamedTuple):
    """A coup played from typed cards, a bet settled on it, and the HTML that shows both."""

    coup: Coup
    settlement: Settlement
    html: str


def _settlement_rows(stake: Decimal, settlement: Settlement) -> list:
    return [["Stake", money(stake)],
            ["Result", settlement.result],
            ["Paid at the odds (gross)", money(settlement.gross)],
            ["Commission taken back", money(settlement.commission)],
            ["<b>Net result</b>", f"<b>{money(settlement)}</b>"],
            ["The bettor picks up (stake + net)", money(stake + settlement)]]


def settle_reading(table, bet: str, stake, cards) -> SettleReading:
    """Play ``cards`` (dealt order) and settle ``stake`` on ``bet`` at ``table``: gross, commission and net."""
    table = pay_table(table)
    coup = play_coup(cards)
    settlement = settle(bet, stake, coup, table)
    stake = _amount(stake)
    kind = {"wins": "right", "push": "info", "loses": "wrong"}[settlement.result]
    html = (coup_html(coup)
            + _table_html(["", f"{escape(bet_label(bet))} at “{escape(table.name)}”"],
                          _settlement_rows(stake, settlement), "bcl-settlement")
            + message_html(settlement.explanation, kind))
    return SettleReading(coup, settlement, html)


def same_coup_everywhere_html(bet: str, stake, cards) -> str:
    """One coup, the same cards and the same drawing rules, settled on every table that offers ``bet``."""
    coup = play_coup(cards)
    rows = []
    for table in PAY_TABLES.values():
        if bet in table.bets:
            settlement = settle(bet, stake, coup, table)
            rows.append([f"<b>{escape(table.name)}</b>", escape(table.line_for(bet, coup_facts(coup)).describe()
                                                                if settlement.result != "loses" else "loses"),
                         money(settlement.gross), money(settlement.commission), f"<b>{money(settlement)}</b>"])
    caption = CAPTION_HTML.format(escape(f"{coup.steps[-1]} A stake of {stake} on {bet_label(bet)}:"))
    return caption + _table_html(["Table", "Line that applies", "Gross", "Commission", "Net"], rows,
                                 "bcl-everywhere")


# ---------------------------------------------------------------- odds tables

def outcome_table_html(decks=(6, 8)) -> str:
    """P(Banker wins), P(Player wins), P(Tie) for each number of decks, exact, shown to 4 decimals."""
    chances = {count: outcome_probabilities(count) for count in decks}
    rows = [[f"<b>{outcome.label}</b>"] + [percent(chances[count][outcome]) for count in decks]
            for outcome in _OUTCOMES]
    rows.append(["<i>sum</i>"] + [percent(sum(chances[count].values())) for count in decks])
    return _table_html(["Outcome"] + [f"{count} decks" for count in decks], rows, "bcl-outcomes")


def edge_rows(decks=(6, 8), tables=None) -> list[tuple[str, str, dict]]:
    """(table name, bet, {decks: house edge}) for every bet of every table, in table order.

    >>> rows = edge_rows((8,), ["standard"])
    >>> [(bet, percent(edges[8], 2)) for table, bet, edges in rows][:3]
    [('player', '1.24%'), ('banker', '1.06%'), ('tie', '14.36%')]
    """
    return [(table.name, bet, {count: house_edge(bet, table, count) for count in decks})
            for table in _tables(tables) for bet in table.bets]


def edge_table_html(decks=(6, 8), tables=None) -> str:
    """Every bet of every table: how it pays and its house edge for each number of decks."""
    tables = {table.name: table for table in _tables(tables)}
    rows = [[escape(name), f"<b>{escape(bet_label(bet))}</b>",
             "<br>".join(escape(line.describe()) for line in tables[name].lines(bet))]
            + [percent(edges[count]) for count in decks]
            for name, bet, edges in edge_rows(decks, tables.values())]
    return _table_html(["Table", "Bet", "How it pays"] + [f"House edge, {count} decks" for count in decks],
                       rows, "bcl-edges")


def given_player_total_html(decks: int = 8) -> str:
    """For each Player two-card total: the chance that Player, Banker or a tie wins the coup."""
    given = outcome_given_player_total(decks)
    rows = [[f"<b>{total}</b>"] + [percent(given[total][outcome], 1) for outcome in
                                   (Outcome.PLAYER, Outcome.BANKER, Outcome.TIE)]
            for total in sorted(given) if given[total]]
    return _table_html(["Player's two cards make", "Player wins", "Banker wins", "Tie"], rows, "bcl-given")


def breakeven_commission(decks: int = 8) -> Fraction:
    """The Banker commission that would make a Banker bet exactly fair: P(B) (1 - c) = P(P).

    >>> percent(breakeven_commission(8), 2)
    '2.69%'
    """
    chances = outcome_probabilities(decks)
    return 1 - chances[Outcome.PLAYER] / chances[Outcome.BANKER]


def _net_label(net: Fraction) -> str:
    if net == 0:
        return "push 0"
    return f"{'+' if net > 0 else '−'}{money(Decimal(abs(net.numerator)) / Decimal(net.denominator))}"


def edge_reading(decks: int = 8, table="standard") -> str:
    """One table at ``decks`` decks: each bet's net results (per 1 staked) with their chances, and the edge."""
    table = pay_table(table)
    rows = []
    for bet in table.bets:
        results = sorted(bet_expectation(bet, table, decks).items(), reverse=True)
        edge = house_edge(bet, table, decks)
        rows.append([f"<b>{escape(bet_label(bet))}</b>",
                     "<br>".join(f"{_net_label(net)} with chance {percent(chance)}" for net, chance in results),
                     f"<b>{percent(edge)}</b>", str(rounded(edge * 100, 2))])
    intro = CAPTION_HTML.format(escape(f"{table.name}: {table.description} A shoe of {decks} "
                                   f"deck{'s' if decks > 1 else ''}."))
    note = CAPTION_HTML.format("House edge = −(sum of net result × chance). Pushes count 0.")
    return intro + _table_html(["Bet", "Net result per 1 staked, and its chance", "House edge",
                                "Average loss per 100 staked"], rows, "bcl-edge-reading") + note


# ---------------------------------------------------------------- exercises

def pair_question(cards, side: str = "player") -> Question:
    """Does a Player (or Banker) Pair bet win on this coup? Judged by rank, not value."""
    coup = play_coup(cards)
    hand = coup.player if side == "player" else coup.banker
    first, second = hand.cards[:2]
    wins = getattr(coup_facts(coup), f"{side}_pair")
    why = (f"{side.capitalize()}'s first two cards are {first.label} and {second.label}: "
           f"{'the same rank' if wins else 'different ranks'}"
           f"{' (both worth 0, but value does not count)' if not wins and first.value == second.value else ''}. "
           + settle(f"{side}-pair", 1, coup).explanation)
    return Question(f"Cards dealt P, B, P, B: {' '.join(card.label for card in coup.cards)}. "
                    f"Does a {side.capitalize()} Pair bet win?", "yes" if wins else "no", why, ("yes", "no"))


def wins_more_question(decks: int = 8) -> Question:
    """Which wins more coups from a shoe of ``decks`` decks: Player or Banker?"""
    chances = outcome_probabilities(decks)
    more = max((Outcome.PLAYER, Outcome.BANKER), key=chances.get)
    why = ", ".join(f"P({outcome.label}) = {percent(chances[outcome])}" for outcome in _OUTCOMES)
    shoe = f"a shoe of {decks} deck{'s' if decks > 1 else ''}"
    return Question(f"From {shoe}, which side wins more coups?", more.label,
                    f"{why}. Banker acts last: its rule can use Player's third card.", ("Player", "Banker"))


def lowest_edge_question(choices=(("banker", "standard"), ("player", "standard"), ("tie", "tie-9"),
                                  ("banker", "no-commission")), decks: int = 8) -> Question:
    """Which of these bets (bet, table) has the lowest house edge at ``decks`` decks?"""
    edges = {f"{bet_label(bet)} ({table})": house_edge(bet, table, decks) for bet, table in choices}
    best = min(edges, key=edges.get)
    why = "; ".join(f"{label}: {percent(edge)}" for label, edge in edges.items())
    return Question(f"With {decks} decks, which bet has the lowest house edge?", best, f"House edges: {why}.",
                    tuple(edges))


def no_commission_question(decks: int = 8) -> Question:
    """If a Banker win paid 1:1 with no commission and no other change, who would have the edge?"""
    free = derive_table("standard", "banker-free", "Banker pays 1:1, no commission.", commission=0)
    edge = house_edge("banker", free, decks)
    answer = "the house" if edge > 0 else "the bettor"
    return Question("Suppose a Banker win paid a full 1:1, no commission, with the same drawing rules. "
                    "Who would have the edge on a Banker bet?", answer,
                    f"The house edge would be {percent(edge)}: negative means the bettor wins on average. "
                    f"That is why Banker wins pay less than 1:1.", ("the house", "the bettor"))
