"""Pay tables as named data, and settling a bet on a coup in exact money.

>>> from baccarat_lib import play_coup
>>> banker_wins = play_coup("2♣ 3♥ 3♠ A♦ 7♦ 4♠")
>>> result = settle("banker", 100, banker_wins, "standard")
>>> result.net, result.gross, result.commission
(Decimal('95'), Decimal('100'), Decimal('5'))
>>> settle("player", 100, play_coup("2 A 3 2 8")).net        # a tie pushes Player and Banker bets
Decimal('0')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from decimal import (ROUND_DOWN, ROUND_HALF_EVEN, Context, Decimal, DivisionByZero, Inexact, InvalidOperation, Overflow,
                     localcontext)
from fractions import Fraction

from ..errors import BaccaratError, refusal, shown
from ..i18n import N_, _
from .coup import Coup, Outcome, play_coup
from .explanations import _bet_words, _event_words, _terms, _settlement_text
from .formatting import _decimal, money

__all__ = ["EVENTS", "PAIR_EVENTS", "Pays", "PayTable", "PAY_TABLES", "BETS", "bet_label", "table_label", "event_words",
           "pay_table", "derive_table", "pay_table_rows", "settle", "Settlement", "stake_amount", "collect_back",
           "collect_back_text", "CoupFacts",
           "coup_facts", "parse_odds", "MAX_STAKE", "DRAGON_BONUS"]

# Dragon Bonus: a non-natural win pays by its margin in points (by 1 to 3 it loses).
DRAGON_BONUS = {9: "30:1", 8: "10:1", 7: "6:1", 6: "4:1", 5: "2:1", 4: "1:1"}


def _not(flag):
    """``not flag`` for a bool or a numpy array of them (``~True`` is -2)."""
    return flag ^ True


def _wins_by(side: str, margin: int):
    """The event "``side`` wins by ``margin`` points without a natural"."""
    other = "banker" if side == "player" else "player"
    return lambda c: (getattr(c, f"{side}_total") == getattr(c, f"{other}_total") + margin) & _not(c.natural)


# Every event a pay table can pay on, as a predicate over a coup's facts. They run on one coup and on numpy
# arrays of every coup (odds), so they use &, |, ^ and == only. Names are English keys (``event_words``).
EVENTS = {
    N_("player wins"): lambda c: c.player_wins,
    N_("banker wins"): lambda c: c.banker_wins,
    N_("tie"): lambda c: c.tie,
    N_("banker wins with 6"): lambda c: c.banker_wins & (c.banker_total == 6),
    N_("banker wins with a three-card 7"): lambda c: c.banker_wins & (c.banker_total == 7) & (c.banker_cards == 3),
    N_("player wins with a three-card 8"): lambda c: c.player_wins & (c.player_total == 8) & (c.player_cards == 3),
    N_("banker wins with a two-card 6"): lambda c: c.banker_wins & (c.banker_total == 6) & (c.banker_cards == 2),
    N_("banker wins with a three-card 6"): lambda c: c.banker_wins & (c.banker_total == 6) & (c.banker_cards == 3),
    N_("player pair"): lambda c: c.player_pair,
    N_("banker pair"): lambda c: c.banker_pair,
    N_("either pair"): lambda c: c.player_pair | c.banker_pair,
    # A natural decides the coup at once, so the winner of such a coup holds one.
    N_("player wins with a natural"): lambda c: c.player_wins & c.natural,
    N_("banker wins with a natural"): lambda c: c.banker_wins & c.natural,
    N_("natural tie"): lambda c: c.tie & c.natural,
    **{f"{side} wins by {margin} without a natural": _wins_by(side, margin)
       for side in ("player", "banker") for margin in DRAGON_BONUS},
}
# Judged by rank on the first four cards, not by value: J+J is a pair, J+Q is not.
PAIR_EVENTS = ("player pair", "banker pair", "either pair")

BETS = ("player", "banker", "tie", "player-pair", "banker-pair", "either-pair", "super-six", "lucky-6",
        "dragon-7", "panda-8", "dragon-bonus-player", "dragon-bonus-banker")

# The bets' names as shown: each code capitalized, marked for the catalog (``bet_label``).
_BET_NAMES = (N_("Player"), N_("Banker"), N_("Tie"), N_("Player Pair"), N_("Banker Pair"), N_("Either Pair"),
              N_("Super Six"), N_("Lucky 6"), N_("Dragon 7"), N_("Panda 8"), N_("Dragon Bonus Player"),
              N_("Dragon Bonus Banker"))

# Money is computed in this context, whatever the caller's: every result is exact, and Inexact is trapped.
MAX_STAKE = 10 ** 12
_CENT = Decimal("0.01")
_GROUPED = re.compile(r"[+-]?\d{1,3}(?:,\d{3})+(?:\.\d*)?")    # "1,000" or "12,345.50": thousands grouped
_MONEY = Context(prec=200, rounding=ROUND_HALF_EVEN, Emax=10 ** 6, Emin=-10 ** 6,
                 traps=[InvalidOperation, DivisionByZero, Overflow, Inexact])
_SETTLE_PLACES = 12            # decimals that odds and commissions may have to settle in money
_NUMBER = r"\d{1,12}(?:\.\d{1,12}|/\d{1,12})?"
_ODDS = re.compile(rf"\s*({_NUMBER})\s*:\s*({_NUMBER})\s*")
_FRACTION_TEXT = re.compile(rf"\s*({_NUMBER})\s*")
_NAMED_ODDS = {"push": Fraction(0), "loses": Fraction(-1)}


def _name(name: str, value, accepted: str) -> str:
    """``value`` checked to be text."""
    if not isinstance(value, str):
        raise BaccaratError(_("{name} must be {accepted}, not {value}").format(name=name, accepted=_(accepted),
                                                                                value=shown(value)))
    return value


def _known_event(event) -> str:
    """``event`` checked to be a key of ``EVENTS``."""
    if isinstance(event, str) and event in EVENTS:
        return event
    raise BaccaratError(_('unknown event {event}: the known events are the keys of payouts.EVENTS, such as "tie", '
                          '"banker wins with 6", "either pair", "player wins by 9 without a natural"').format(
        event=shown(event, 20)))


def bet_label(bet: str) -> str:
    """A bet's name as printed on the table.

    >>> bet_label("player-pair"), bet_label("dragon-7")
    ('Player Pair', 'Dragon 7')
    """
    return _bet_words(_name("bet", bet, N_('a bet name such as "player-pair"')))


def event_words(event: str) -> str:
    """An event's name in the course's language."""
    return _event_words(_known_event(event))


def parse_odds(odds) -> Fraction:
    """Net win per unit staked from "win:stake" (each side up to 12 digits and 12 decimals, or "3/2"), "push", "loses".

    >>> parse_odds("8:1"), parse_odds("1:2"), parse_odds("push")
    (Fraction(8, 1), Fraction(1, 2), Fraction(0, 1))
    """
    if isinstance(odds, str) and odds in _NAMED_ODDS:
        return _NAMED_ODDS[odds]
    match = _ODDS.fullmatch(odds) if isinstance(odds, str) and len(odds) <= 80 else None
    if match and Fraction(match.group(2)) > 0:
        return Fraction(match.group(1)) / Fraction(match.group(2))
    raise refusal(_("odds must look like '8:1', '1:2', 'push' or 'loses', not {value}"), value=odds)


def _commission(commission) -> Fraction:
    """A commission as an exact fraction in [0, 1): Fraction(5, 100), "0.05" or 0.05 (read as it prints)."""
    refused = BaccaratError(_('commission must be a fraction from 0 to below 1, such as Fraction(5, 100) or "0.05", '
                              'not {value}').format(value=shown(commission)))
    value = commission
    if isinstance(value, str):
        match = _FRACTION_TEXT.fullmatch(value) if len(value) <= 40 else None
        value = Fraction(match.group(1)) if match else None
    elif isinstance(value, Decimal):
        value = Fraction(value) if value.is_finite() and -40 <= value.adjusted() <= 1 else None
    elif not isinstance(value, Fraction):
        value = _decimal(value, 0)
        value = Fraction(value) if value is not None and value.is_finite() else None
    if value is None or not 0 <= value < 1 or max(value.numerator, value.denominator).bit_length() > 256:
        raise refused
    return value


@dataclass(frozen=True)
class Pays:
    """One line of a bet: when ``event`` happens it is settled at ``odds`` less ``commission``."""

    event: str
    odds: str
    commission: Fraction = Fraction(0)

    def __post_init__(self):
        _known_event(self.event)
        parse_odds(self.odds)
        object.__setattr__(self, "commission", _commission(self.commission))

    @property
    def net(self) -> Fraction:
        """Net result per unit staked, after commission."""
        win = parse_odds(self.odds)
        return win * (1 - self.commission) if win > 0 else win

    def terms(self) -> str:
        """'1:1 less 5% commission', '8:1', 'push', in the course's language."""
        return _terms(self.odds, self.commission)


@dataclass(frozen=True)
class PayTable:
    """A named pay table: each bet's lines in the order they are checked (none applies: the bet loses)."""

    name: str
    description: str
    bets: dict = field(default_factory=dict)
    title: str = ""

    def lines(self, bet: str) -> tuple[Pays, ...]:
        """The lines of one bet."""
        if not isinstance(bet, str) or bet not in self.bets:
            raise BaccaratError(_("unknown bet {bet} for table {table}: it offers {bets}").format(
                bet=shown(bet, 20), table=shown(self.name, 16), bets=", ".join(self.bets)))
        return self.bets[bet]

    def line_for(self, bet: str, facts) -> Pays | None:
        """The first line of ``bet`` whose event happened in ``facts`` (a CoupFacts or a Coup), or None."""
        if isinstance(facts, Coup):
            facts = coup_facts(facts)
        elif not isinstance(facts, CoupFacts):
            raise refusal(_("facts must be a CoupFacts (from coup_facts) or a Coup, not {value}"), value=facts)
        return next((line for line in self.lines(bet) if EVENTS[line.event](facts)), None)


def _table(name, description, title, **bets) -> PayTable:
    """A table from bets written as (event, odds[, commission]) tuples."""
    return PayTable(name, description,
                    {bet.replace("_", "-"): tuple(Pays(*line) for line in lines) for bet, lines in bets.items()}, title)


def pay_table(table) -> PayTable:
    """A PayTable given itself or its name."""
    if isinstance(table, PayTable):
        return table
    if not isinstance(table, str) or table not in PAY_TABLES:
        raise BaccaratError(_("unknown pay table {table}: known tables are {tables}").format(
            table=shown(table), tables=", ".join(PAY_TABLES)))
    return PAY_TABLES[table]


def table_label(table) -> str:
    """A pay table's title in the course's language.

    >>> table_label("tie-9"), table_label(PAY_TABLES["standard"])
    ('Tie pays 9:1', 'Standard (5% commission)')
    """
    return _(pay_table(table).title)


def derive_table(base, name: str, description: str, bets: dict | None = None,
                 commission=None, drop=(), title=None) -> PayTable:
    """A new table from ``base``: bets replaced or added, the Banker commission changed, bets dropped.

    >>> super_six_11 = derive_table("no-commission", "super-six-11", "Super Six at 11:1",
    ...                             bets={"super-six": [("tie", "loses"), ("banker wins with 6", "11:1")]})
    >>> super_six_11.lines("super-six")[-1].odds
    '11:1'
    """
    base = pay_table(base)
    _name("name", name, N_("text"))
    _name("description", description, N_("text"))
    if title is not None:
        _name("title", title, N_("None or text"))
    if bets is not None and not isinstance(bets, dict):
        raise refusal(_("bets must be None or a dict bet -> [(event, odds[, commission])], not {value}"), value=bets)
    drop = (drop,) if isinstance(drop, str) else drop
    if not isinstance(drop, (tuple, list, set, frozenset)):
        raise refusal(_("drop must be a bet name or a list of bet names, not {value}"), value=drop)
    new_bets = dict(base.bets)
    for bet, lines in (bets or {}).items():
        if not isinstance(bet, str) or bet not in BETS:
            raise BaccaratError(_("unknown bet {bet}: known bets are {bets}").format(bet=shown(bet, 20),
                                                                                     bets=", ".join(BETS)))
        if bet in drop:
            raise BaccaratError(_("bet {bet} is both given in bets and dropped: give it in one of them only").format(
                bet=repr(bet)))
        if isinstance(lines, (str, Pays)) or not isinstance(lines, (tuple, list)):
            raise BaccaratError(_("the lines of {bet} must be a list of (event, odds[, commission]), "
                                  "not {value}").format(bet=bet, value=shown(lines)))
        new_bets[bet] = tuple(_line(bet, line) for line in lines)
    for bet in drop:
        if not isinstance(bet, str) or bet not in new_bets:
            raise BaccaratError(_("cannot drop {bet}: {table} offers {bets}").format(
                bet=shown(bet), table=repr(base.name), bets=", ".join(new_bets)))
        del new_bets[bet]
    if commission is not None:
        commission = _commission(commission)
        if "banker" not in new_bets:
            raise BaccaratError(_("commission applies to the banker bet, which this table does not offer"))
        new_bets["banker"] = tuple(replace(line, commission=commission) if line.commission else line
                                   for line in new_bets["banker"])
    return PayTable(name, description, new_bets, title if title and title.strip() else name)


def _line(bet: str, line) -> Pays:
    """One line of a bet from a Pays or (event, odds[, commission])."""
    if isinstance(line, Pays):
        return line
    if not isinstance(line, (tuple, list)) or len(line) not in (2, 3):
        raise BaccaratError(_("a line of {bet} must be (event, odds) or (event, odds, commission), not {value}").format(
            bet=bet, value=shown(line)))
    return Pays(*line)


FIVE_PERCENT, FOUR_PERCENT = Fraction(5, 100), Fraction(4, 100)


def _dragon_bonus(side: str) -> list:
    """A Dragon Bonus bet on ``side``: a natural win 1:1, a natural tie pushes, then by margin."""
    return ([(f"{side} wins with a natural", "1:1"), ("natural tie", "push")]
            + [(f"{side} wins by {margin} without a natural", odds) for margin, odds in DRAGON_BONUS.items()])


# The pay tables as on a casino's cards: the standard one in full, the others as what they change.
_STANDARD = _table("standard", N_("Commission baccarat: Banker pays 1:1 less 5%, Tie 8:1, pairs 11:1, Either Pair "
                                  "5:1, Dragon Bonus by the winning margin."),
                   N_("Standard (5% commission)"),
                   player=[("tie", "push"), ("player wins", "1:1")],
                   banker=[("tie", "push"), ("banker wins", "1:1", FIVE_PERCENT)],
                   tie=[("tie", "8:1")],
                   player_pair=[("player pair", "11:1")], banker_pair=[("banker pair", "11:1")],
                   either_pair=[("either pair", "5:1")],
                   dragon_bonus_player=_dragon_bonus("player"), dragon_bonus_banker=_dragon_bonus("banker"))
PAY_TABLES = {table.name: table for table in [
    _STANDARD,
    derive_table(_STANDARD, "commission-4", N_("As standard, but the Banker commission is 4%."),
                 commission=FOUR_PERCENT, title=N_("4% commission")),
    derive_table(_STANDARD, "tie-9", N_("As standard, but Tie pays 9:1."), bets={"tie": [("tie", "9:1")]},
                 title=N_("Tie pays 9:1")),
    derive_table(_STANDARD, "no-commission",
                 N_("No commission, but a Banker win with 6 pays 1:2; Super Six pays 12:1; Lucky 6 pays 12:1 on a "
                    "two-card 6, 20:1 on a three-card 6."),
                 bets={"banker": [("tie", "push"), ("banker wins with 6", "1:2"), ("banker wins", "1:1")],
                       "super-six": [("tie", "loses"), ("banker wins with 6", "12:1")],
                       "lucky-6": [("banker wins with a two-card 6", "12:1"),
                                   ("banker wins with a three-card 6", "20:1")]},
                 title=N_("No commission (Banker 6 pays 1:2)")),
    derive_table(_STANDARD, "ez",
                 N_("EZ Baccarat: no commission, a Banker win with a three-card 7 pushes; Dragon 7 40:1, Panda 8 "
                    "25:1."),
                 bets={"banker": [("tie", "push"), ("banker wins with a three-card 7", "push"), ("banker wins", "1:1")],
                       "dragon-7": [("tie", "loses"), ("banker wins with a three-card 7", "40:1")],
                       "panda-8": [("tie", "loses"), ("player wins with a three-card 8", "25:1")]},
                 drop=("player-pair", "banker-pair", "either-pair", "dragon-bonus-player", "dragon-bonus-banker"),
                 title=N_("EZ Baccarat")),
]}


def pay_table_rows(tables=None) -> list[tuple[str, dict]]:
    """(bet, {table name: its lines, or None}) for each bet any of ``tables`` offers.

    >>> rows = dict(pay_table_rows(["standard", "no-commission"]))
    >>> rows["super-six"]["standard"] is None, [line.odds for line in rows["banker"]["no-commission"]]
    (True, ['push', '1:2', '1:1'])
    """
    if tables is None:
        tables = PAY_TABLES
    elif isinstance(tables, (str, PayTable)):
        tables = (tables,)
    elif not isinstance(tables, (tuple, list, dict)):
        raise refusal(_("tables must be None, a table or a list of tables (names or PayTables), "
                        "not {value}"), value=tables)
    tables = [pay_table(table) for table in tables]
    offered = [bet for bet in BETS if any(bet in table.bets for table in tables)]
    return [(bet, {table.name: table.bets.get(bet) for table in tables}) for bet in offered]


@dataclass(frozen=True)
class CoupFacts:
    """What pay-table events read from a coup; ``natural``: either hand had one."""

    player_wins: bool
    banker_wins: bool
    tie: bool
    player_total: int
    banker_total: int
    player_cards: int
    banker_cards: int
    player_pair: bool
    banker_pair: bool
    natural: bool = False


def coup_facts(coup: Coup) -> CoupFacts:
    """The facts of one played coup; a pair is two first cards of the same rank."""
    if not isinstance(coup, Coup):
        raise refusal(_("coup must be a Coup (from play_coup), not {value}"), value=coup)
    return CoupFacts(coup.outcome is Outcome.PLAYER, coup.outcome is Outcome.BANKER, coup.outcome is Outcome.TIE,
                     coup.player.total, coup.banker.total, len(coup.player.cards), len(coup.banker.cards),
                     coup.player.cards[0].rank == coup.player.cards[1].rank,
                     coup.banker.cards[0].rank == coup.banker.cards[1].rank, coup.is_natural)


@dataclass(frozen=True)
class Settlement:
    """One bet settled, in whole cents: ``net`` (negative when lost), ``gross``, ``commission``, and why.

    ``line`` None: no line applied, the bet pays only on ``pays_on`` and was ``judged_on`` "pair", "outcome" or
    "margin". ``exact_gross`` and ``exact_commission`` are before cents were dropped.
    """

    net: Decimal
    gross: Decimal
    commission: Decimal
    result: str
    bet: str
    stake: Decimal
    coup: Coup
    line: Pays | None = None
    pays_on: tuple[str, ...] = ()
    judged_on: str = "outcome"
    exact_gross: Decimal | None = None
    exact_commission: Decimal | None = None

    @property
    def explanation(self) -> str:
        """Why the bet won, pushed or lost and what changed hands, in the current language."""
        return _settlement_text(self)


def _amount(name: str, value, allow_zero: bool = False) -> Decimal:
    """An amount of money as an exact Decimal: whole cents, above 0 (or 0 too), at most MAX_STAKE."""
    accepted = (_("{name} must be an amount 0 or more, at most 1,000,000,000,000 with at most 2 decimal places, "
                  "such as 10 or '2.50', not {value}") if allow_zero else
                _("{name} must be a positive amount, at most 1,000,000,000,000 with at most 2 decimal places, "
                  "such as 10 or '2.50', not {value}"))
    refused = BaccaratError(accepted.format(name=name, value=shown(value)))
    with localcontext(_MONEY):
        if isinstance(value, Fraction):
            amount = (Decimal(value.numerator) / Decimal(value.denominator)
                      if abs(value) <= MAX_STAKE and (value * 100).denominator == 1 else None)
        else:
            text = value.strip() if isinstance(value, str) else value
            amount = _decimal(text.replace(",", "") if isinstance(text, str) and _GROUPED.fullmatch(text) else text, 30)
        if amount is None or not amount.is_finite() or amount < 0 or (amount == 0 and not allow_zero) \
                or amount > MAX_STAKE:
            raise refused
        if amount.as_tuple().exponent < -2 and _whole_cents(amount) != amount:      # finer than a cent
            raise refused
        if amount.as_tuple().exponent > 0:
            amount = amount.quantize(Decimal(1))          # "1e3" -> 1000, never 1E+3
    return amount


def stake_amount(stake) -> Decimal:
    """A stake as an exact Decimal: above 0, at most ``MAX_STAKE``, whole cents.

    >>> stake_amount("2.50"), stake_amount(10), stake_amount(10 ** 12), stake_amount("1e3"), stake_amount("1,000")
    (Decimal('2.50'), Decimal('10'), Decimal('1000000000000'), Decimal('1000'), Decimal('1000'))
    """
    return _amount("stake", stake)


def _as_coup(coup) -> Coup:
    """A played Coup, or cards in dealt order played into one."""
    if isinstance(coup, Coup):
        return coup
    if isinstance(coup, str) or (isinstance(coup, (list, tuple)) and coup):
        return play_coup(coup)
    raise refusal(_('coup must be a Coup or cards in dealt order such as "2 3 3 A 7 4", not {value}'), value=coup)


def _settles_exactly(fraction: Fraction) -> bool:
    """True when ``fraction`` has at most 12 decimal places, so amounts times it are exact."""
    return (fraction * 10 ** _SETTLE_PLACES).denominator == 1


def _times(amount: Decimal, fraction: Fraction) -> Decimal:
    with localcontext(_MONEY):
        return amount * fraction.numerator / fraction.denominator


_DROP_FRACTION = Context(prec=200, rounding=ROUND_DOWN, Emax=10 ** 6, Emin=-10 ** 6, traps=[InvalidOperation])


def _whole_cents(amount: Decimal) -> Decimal:
    """``amount`` with any fraction of a cent dropped: 0.5005 -> 0.50; 95 stays 95."""
    if amount.as_tuple().exponent >= -2:
        return amount
    return amount.quantize(_CENT, context=_DROP_FRACTION)


def settle(bet: str, stake, coup: Coup, table="standard") -> Settlement:
    """Settle ``stake`` on ``bet`` for a ``coup``: the win, then its commission, each rounded down to the cent.

    >>> settle("banker", 10, play_coup("K 3 5 3 9"), "no-commission").net   # Banker wins with 6: pays 1:2
    Decimal('5')
    >>> won = settle("banker", "10.01", play_coup("2 3 3 A 7 4"))
    >>> won.gross, won.commission, won.net
    (Decimal('10.01'), Decimal('0.50'), Decimal('9.51'))
    """
    table = pay_table(table)
    lines = table.lines(bet)
    amount = stake_amount(stake)
    coup = _as_coup(coup)
    line = table.line_for(bet, coup_facts(coup))
    if line is not None and not (_settles_exactly(parse_odds(line.odds)) and _settles_exactly(line.commission)):
        raise BaccaratError(_("table {table} pays {bet} at {terms}: no exact amount in money (odds and commission "
                              "must be decimals of at most 12 places)").format(table=shown(table.name), bet=bet,
                                                                               terms=line.terms()))
    settled = {"bet": bet, "stake": amount, "coup": coup, "line": line}
    if line is None:
        judged_on = ("pair" if all(line.event in PAIR_EVENTS for line in lines) else
                     "margin" if any("natural" in line.event for line in lines) else "outcome")
        return Settlement(-amount, -amount, Decimal(0), "loses", **settled, judged_on=judged_on,
                          pays_on=tuple(line.event for line in lines if parse_odds(line.odds) > 0))
    odds = parse_odds(line.odds)
    if odds <= 0:
        lost = _times(amount, odds)
        return Settlement(lost, lost, Decimal(0), "push" if odds == 0 else "loses", **settled)
    exact_gross = _times(amount, odds)
    gross = _whole_cents(exact_gross)
    exact_commission = _times(gross, line.commission)
    commission = _whole_cents(exact_commission)
    with localcontext(_MONEY):
        net = gross - commission
    return Settlement(net, gross, commission, "wins", **settled, exact_gross=exact_gross,
                      exact_commission=exact_commission)


def collect_back(settlement: Settlement, paid=None) -> Decimal:
    """What the dealer takes back after paying out ``paid`` (default: the win at the odds).

    >>> won = settle("banker", 24000, play_coup("2♣ 3♥ 3♠ A♦ 7♦ 4♠"))
    >>> collect_back(won), collect_back(won, paid=23000)
    (Decimal('1200'), Decimal('200'))
    """
    if not isinstance(settlement, Settlement):
        raise refusal(_("settlement must be a Settlement (from settle), not {value}"), value=settlement)
    paid = settlement.gross if paid is None else _amount("paid", paid, allow_zero=True)
    with localcontext(_MONEY):
        if paid < settlement.net:
            raise BaccaratError(_("paying {paid} is less than the net win {net}: the dealer would have to pay more, "
                                  "not collect").format(paid=money(paid), net=money(settlement.net)))
        return paid - settlement.net


def collect_back_text(settlement: Settlement, paid=None) -> str:
    """``collect_back`` as a sentence.

    >>> won = settle("banker", 24000, play_coup("2♣ 3♥ 3♠ A♦ 7♦ 4♠"))
    >>> collect_back_text(won, paid=23000)
    'The dealer pays 23,000 and collects 200: the bettor keeps 22,800.'
    """
    collected = collect_back(settlement, paid)
    paid = settlement.gross if paid is None else collected + settlement.net
    return _("The dealer pays {paid} and collects {collected}: the bettor keeps {kept}.").format(
        paid=money(paid), collected=money(collected), kept=money(paid - collected))
