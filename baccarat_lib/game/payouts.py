"""Pay tables as named data, and settling a bet on a coup in exact money.

Public names:

- ``EVENTS``: event name -> predicate over a coup's facts (works on one coup or on arrays of coups).
- ``PayTable``, ``Pays``: a named pay table; each bet lists, in order, the events it pays on.
- ``PAY_TABLES``: "standard", "commission-4", "tie-9", "no-commission", "ez".
- ``BETS``: the bet names a table may offer; ``bet_label(bet)``: "dragon-7" -> "Dragon 7".
- ``pay_table(name_or_table)``: a PayTable by name (the error lists the known names).
- ``derive_table(base, name, description, bets=None, commission=None, drop=())``: a new table from an old one.
- ``pay_table_rows(tables=None)``: one row per bet, the lines each table pays it on (tables side by side).
- ``settle(bet, stake, coup, table="standard") -> Settlement``: the net result as an exact ``Decimal``.
- ``Settlement``: ``.net``, ``.gross``, ``.commission``, ``.result`` and ``.explanation`` of one settled bet.
- ``stake_amount(stake)``: a stake as an exact ``Decimal`` (the error says what a stake may be).
- ``collect_back(settlement, paid=None)``: what the dealer takes back after paying out ``paid``.
- ``CoupFacts``, ``coup_facts(coup)``: the facts of one played coup that events read (outcome, totals, pairs).

>>> from baccarat_lib import play_coup
>>> banker_wins = play_coup("2♣ 3♥ 3♠ A♦ 7♦ 4♠")
>>> result = settle("banker", 100, banker_wins, "standard")
>>> result.net, result.gross, result.commission
(Decimal('95'), Decimal('100'), Decimal('5'))
>>> settle("player", 100, play_coup("2 A 3 2 8")).net        # a tie pushes Player and Banker bets
Decimal('0')
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction

from ..errors import BaccaratError
from .coup import Coup, Outcome, play_coup  # noqa: F401  (play_coup: used by the doctests)
from .formatting import money

__all__ = ["EVENTS", "PAIR_EVENTS", "Pays", "PayTable", "PAY_TABLES", "BETS", "bet_label", "pay_table",
           "derive_table", "pay_table_rows", "settle", "Settlement", "stake_amount", "collect_back", "CoupFacts",
           "coup_facts", "parse_odds"]

# Every event a pay table can pay on, as a predicate over the facts of a coup. The same predicates run on
# one coup (settle) and on numpy arrays of every possible coup (odds), so they use & and == only.
EVENTS = {
    "player wins": lambda c: c.player_wins,
    "banker wins": lambda c: c.banker_wins,
    "tie": lambda c: c.tie,
    "banker wins with 6": lambda c: c.banker_wins & (c.banker_total == 6),
    "banker wins with a three-card 7": lambda c: c.banker_wins & (c.banker_total == 7) & (c.banker_cards == 3),
    "player wins with a three-card 8": lambda c: c.player_wins & (c.player_total == 8) & (c.player_cards == 3),
    "player pair": lambda c: c.player_pair,
    "banker pair": lambda c: c.banker_pair,
}
PAIR_EVENTS = ("player pair", "banker pair")  # judged by rank, not value: J+J is a pair, J+Q is not

BETS = ("player", "banker", "tie", "player-pair", "banker-pair", "super-six", "dragon-7", "panda-8")


def bet_label(bet: str) -> str:
    """A bet's name as printed on the table.

    >>> bet_label("player-pair"), bet_label("dragon-7")
    ('Player Pair', 'Dragon 7')
    """
    return " ".join(word.capitalize() for word in bet.split("-"))


def parse_odds(odds) -> Fraction:
    """Net win per unit staked: "8:1" -> 8, "1:2" -> 1/2, "push" -> 0, "loses" -> -1."""
    if odds == "push":
        return Fraction(0)
    if odds == "loses":
        return Fraction(-1)
    if isinstance(odds, str) and odds.count(":") == 1:
        win, stake = odds.split(":")
        try:
            return Fraction(win.strip()) / Fraction(stake.strip())
        except (ValueError, ZeroDivisionError):
            pass
    raise BaccaratError(f"odds must look like '8:1', '1:2', 'push' or 'loses', not {odds!r}")


@dataclass(frozen=True)
class Pays:
    """One line of a bet: when ``event`` happens the bet is settled at ``odds`` (less ``commission``)."""

    event: str
    odds: str
    commission: Fraction = Fraction(0)

    def __post_init__(self):
        if self.event not in EVENTS:
            raise BaccaratError(f"unknown event {self.event!r}: known events are {', '.join(EVENTS)}")
        parse_odds(self.odds)
        object.__setattr__(self, "commission", Fraction(self.commission))

    @property
    def net(self) -> Fraction:
        """Net result per unit staked when this line applies, after commission."""
        win = parse_odds(self.odds)
        return win * (1 - self.commission) if win > 0 else win

    def describe(self) -> str:
        """'banker wins: 1:1 less 5% commission'."""
        return f"{self.event}: {self.terms()}"

    def terms(self) -> str:
        """'1:1 less 5% commission', '8:1', 'push'."""
        less = f" less {float(self.commission * 100):g}% commission" if self.commission else ""
        return f"{self.odds}{less}"


@dataclass(frozen=True)
class PayTable:
    """A named pay table: for each bet, the lines in the order they are checked; no line applies -> the bet loses."""

    name: str
    description: str
    bets: dict = field(default_factory=dict)

    def lines(self, bet: str) -> tuple[Pays, ...]:
        """The lines of one bet; the error lists the bets this table offers."""
        if bet not in self.bets:
            raise BaccaratError(f"unknown bet {bet!r} for table {self.name!r}: it offers "
                                f"{', '.join(self.bets)}")
        return self.bets[bet]

    def line_for(self, bet: str, facts) -> Pays | None:
        """The first line of ``bet`` whose event happened, or None (the bet loses)."""
        return next((line for line in self.lines(bet) if EVENTS[line.event](facts)), None)


def _table(name, description, **bets) -> PayTable:
    """Build a table from bets written as (event, odds[, commission]) tuples."""
    return PayTable(name, description,
                    {bet.replace("_", "-"): tuple(Pays(*line) for line in lines) for bet, lines in bets.items()})


def pay_table(table) -> PayTable:
    """A PayTable given itself or its name; the error lists the known names."""
    if isinstance(table, PayTable):
        return table
    if table not in PAY_TABLES:
        raise BaccaratError(f"unknown pay table {table!r}: known tables are {', '.join(PAY_TABLES)}")
    return PAY_TABLES[table]


def derive_table(base, name: str, description: str, bets: dict | None = None,
                 commission=None, drop=()) -> PayTable:
    """A new table from ``base``: replace or add whole bets (bet -> [(event, odds[, commission])]), change the
    Banker commission, and ``drop`` bets the new table does not offer.

    >>> super_six_11 = derive_table("no-commission", "super-six-11", "Super Six at 11:1",
    ...                             bets={"super-six": [("tie", "loses"), ("banker wins with 6", "11:1")]})
    >>> super_six_11.lines("super-six")[-1].odds
    '11:1'
    """
    base = pay_table(base)
    new_bets = dict(base.bets)
    for bet, lines in (bets or {}).items():
        if bet not in BETS:
            raise BaccaratError(f"unknown bet {bet!r}: known bets are {', '.join(BETS)}")
        new_bets[bet] = tuple(line if isinstance(line, Pays) else Pays(*line) for line in lines)
    for bet in drop:
        if bet not in new_bets:
            raise BaccaratError(f"cannot drop {bet!r}: {base.name!r} offers {', '.join(new_bets)}")
        del new_bets[bet]
    if commission is not None:
        new_bets["banker"] = tuple(replace(line, commission=Fraction(commission)) if line.commission else line
                                   for line in new_bets["banker"])
    return PayTable(name, description, new_bets)


FIVE_PERCENT, FOUR_PERCENT = Fraction(5, 100), Fraction(4, 100)
_PAIRS = ("player-pair", "banker-pair")

# The pay tables, written like the cards on a casino table: the standard one in full, the others as what they
# change. Lines are checked top to bottom.
_STANDARD = _table("standard", "Commission baccarat: Banker pays 1:1 less 5%, Tie 8:1, pairs 11:1.",
                   player=[("tie", "push"), ("player wins", "1:1")],
                   banker=[("tie", "push"), ("banker wins", "1:1", FIVE_PERCENT)],
                   tie=[("tie", "8:1")],
                   player_pair=[("player pair", "11:1")], banker_pair=[("banker pair", "11:1")])
PAY_TABLES = {table.name: table for table in [
    _STANDARD,
    derive_table(_STANDARD, "commission-4", "As standard, but the Banker commission is 4%.",
                 commission=FOUR_PERCENT),
    derive_table(_STANDARD, "tie-9", "As standard, but Tie pays 9:1.", bets={"tie": [("tie", "9:1")]}),
    derive_table(_STANDARD, "no-commission",
                 "No commission, but a Banker win with 6 pays 1:2; Super Six pays 12:1.",
                 bets={"banker": [("tie", "push"), ("banker wins with 6", "1:2"), ("banker wins", "1:1")],
                       "super-six": [("tie", "loses"), ("banker wins with 6", "12:1")]}),
    derive_table(_STANDARD, "ez",
                 "EZ Baccarat: no commission, a Banker win with a three-card 7 pushes; Dragon 7 40:1, Panda 8 25:1.",
                 bets={"banker": [("tie", "push"), ("banker wins with a three-card 7", "push"), ("banker wins", "1:1")],
                       "dragon-7": [("tie", "loses"), ("banker wins with a three-card 7", "40:1")],
                       "panda-8": [("tie", "loses"), ("player wins with a three-card 8", "25:1")]},
                 drop=_PAIRS),
]}


def pay_table_rows(tables=None) -> list[tuple[str, dict]]:
    """One row per bet any of ``tables`` offers: (bet, {table name: its lines, or None if not offered}).

    >>> rows = dict(pay_table_rows(["standard", "no-commission"]))
    >>> rows["super-six"]["standard"] is None, [line.odds for line in rows["banker"]["no-commission"]]
    (True, ['push', '1:2', '1:1'])
    """
    tables = [pay_table(table) for table in (PAY_TABLES if tables is None else tables)]
    offered = [bet for bet in BETS if any(bet in table.bets for table in tables)]
    return [(bet, {table.name: table.bets.get(bet) for table in tables}) for bet in offered]


@dataclass(frozen=True)
class CoupFacts:
    """What pay-table events read from a coup."""

    player_wins: bool
    banker_wins: bool
    tie: bool
    player_total: int
    banker_total: int
    player_cards: int
    banker_cards: int
    player_pair: bool
    banker_pair: bool


def coup_facts(coup: Coup) -> CoupFacts:
    """The facts of one played coup; a pair is two first cards of the same rank."""
    return CoupFacts(coup.outcome is Outcome.PLAYER, coup.outcome is Outcome.BANKER, coup.outcome is Outcome.TIE,
                     coup.player.total, coup.banker.total, len(coup.player.cards), len(coup.banker.cards),
                     coup.player.cards[0].rank == coup.player.cards[1].rank,
                     coup.banker.cards[0].rank == coup.banker.cards[1].rank)


@dataclass(frozen=True)
class Settlement:
    """One bet settled: ``net`` (won, negative when lost, 0 on a push), ``gross`` (paid at the odds, before
    commission), ``commission``, ``result`` ("wins", "push" or "loses") and the ``explanation``; all exact."""

    net: Decimal
    gross: Decimal
    commission: Decimal
    result: str
    explanation: str


def stake_amount(stake) -> Decimal:
    """A stake as an exact Decimal: a positive number, or text such as "2.50".

    >>> stake_amount("2.50"), stake_amount(10)
    (Decimal('2.50'), Decimal('10'))
    """
    if isinstance(stake, bool):
        raise BaccaratError(f"stake must be a positive amount, not {stake!r}")
    try:
        amount = Decimal(str(stake).strip()) if isinstance(stake, (int, float, str)) else \
            Decimal(stake.numerator) / Decimal(stake.denominator) if isinstance(stake, Fraction) else Decimal(stake)
    except Exception:
        raise BaccaratError(f"stake must be a positive amount such as 10 or '2.50', not {stake!r}") from None
    if not amount.is_finite() or amount <= 0:
        raise BaccaratError(f"stake must be a positive amount such as 10 or '2.50', not {stake!r}")
    return amount


def _times(amount: Decimal, fraction: Fraction) -> Decimal:
    return amount * fraction.numerator / fraction.denominator


def settle(bet: str, stake, coup: Coup, table="standard") -> Settlement:
    """Settle ``stake`` on ``bet`` for a played coup: the net result, exact, with any commission shown apart.

    >>> settle("banker", 10, play_coup("K 3 5 3 9"), "no-commission").net   # Banker wins with 6: pays 1:2
    Decimal('5')
    """
    table = pay_table(table)
    lines = table.lines(bet)
    amount = stake_amount(stake)
    line = table.line_for(bet, coup_facts(coup))
    if line is None:
        net, gross, commission, result = -amount, -amount, Decimal(0), "loses"
        why = f"The {bet} bet loses: it pays only on {' or '.join(l.event for l in lines if l.odds != 'loses')}."
    else:
        odds = parse_odds(line.odds)
        gross = _times(amount, odds)
        commission = _times(gross, line.commission) if odds > 0 else Decimal(0)
        net = gross - commission
        result = "push" if odds == 0 else "wins" if odds > 0 else "loses"
        if result == "push":
            why = f"The {bet} bet pushes ({line.event}): the stake is returned."
        elif result == "loses":
            why = f"The {bet} bet loses on a {line.event}, as this table says." if line.event == "tie" \
                else f"The {bet} bet loses: {line.event}."
        else:
            why = f"The {bet} bet wins: {line.event}, paid {line.terms()}."
        if commission:
            why += f" The dealer pays {gross} and collects {commission} commission: net {net}."
    return Settlement(net, gross, commission, result, why)


def collect_back(settlement: Settlement, paid=None) -> Decimal:
    """What the dealer takes back after paying out ``paid`` (default: the full win at the odds) on a bet.

    >>> won = settle("banker", 24000, play_coup("2♣ 3♥ 3♠ A♦ 7♦ 4♠"))
    >>> collect_back(won), collect_back(won, paid=23000)
    (Decimal('1200'), Decimal('200'))
    """
    paid = settlement.gross if paid is None else stake_amount(paid)
    if paid < settlement.net:
        raise BaccaratError(f"paying {money(paid)} is less than the net win {money(settlement.net)}: "
                            "the dealer would have to pay more, not collect")
    return paid - settlement.net
