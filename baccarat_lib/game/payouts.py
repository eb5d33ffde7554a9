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

# Dragon Bonus (a side bet on Player or on Banker): a non-natural win pays by its margin in points; a win by
# 1, 2 or 3 loses. (A natural win pays 1:1 whatever the margin, a natural tie pushes: see the tables below.)
DRAGON_BONUS = {9: "30:1", 8: "10:1", 7: "6:1", 6: "4:1", 5: "2:1", 4: "1:1"}


def _not(flag):
    """``not flag`` for one coup (a bool) or for an array of coups (numpy bools): ``~`` would turn True into -2."""
    return flag ^ True


def _wins_by(side: str, margin: int):
    """The event "``side`` wins by ``margin`` points without a natural" (no natural on either hand)."""
    other = "banker" if side == "player" else "player"
    return lambda c: (getattr(c, f"{side}_total") == getattr(c, f"{other}_total") + margin) & _not(c.natural)


# Every event a pay table can pay on, as a predicate over the facts of a coup. The same predicates run on
# one coup (settle) and on numpy arrays of every possible coup (odds), so they use &, |, ^ and == only.
# Their names are English keys, marked for the catalog: ``event_words`` shows them translated.
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
    # A natural decides the coup at once, so the winner of a coup with a natural holds one (8 or 9 beats the
    # other hand's two cards); a tie with a natural is 8-8 or 9-9.
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

# The names shown for the bets (the codes above stay English): a bet's English name is its code capitalized
# ("Player Pair"), marked here for the catalog and translated where shown (``bet_label``).
_BET_NAMES = (N_("Player"), N_("Banker"), N_("Tie"), N_("Player Pair"), N_("Banker Pair"), N_("Either Pair"),
              N_("Super Six"), N_("Lucky 6"), N_("Dragon 7"), N_("Panda 8"), N_("Dragon Bonus Player"),
              N_("Dragon Bonus Banker"))

# Money: every amount is computed in this context, whatever the caller's global decimal context. Stakes are
# at most MAX_STAKE with whole cents, odds and commissions that settle are decimals of at most 12 places, so
# every result has well under 100 digits: exact. Inexact is trapped, so a result can never be rounded silently.
MAX_STAKE = 10 ** 12
_CENT = Decimal("0.01")
_GROUPED = re.compile(r"[+-]?\d{1,3}(?:,\d{3})+(?:\.\d*)?")    # "1,000" or "12,345.50": thousands grouped
_MONEY = Context(prec=200, rounding=ROUND_HALF_EVEN, Emax=10 ** 6, Emin=-10 ** 6,
                 traps=[InvalidOperation, DivisionByZero, Overflow, Inexact])
_SETTLE_PLACES = 12            # odds and commissions settle in money when they are decimals of at most 12 places
_NUMBER = r"\d{1,12}(?:\.\d{1,12}|/\d{1,12})?"
_ODDS = re.compile(rf"\s*({_NUMBER})\s*:\s*({_NUMBER})\s*")
_FRACTION_TEXT = re.compile(rf"\s*({_NUMBER})\s*")


def _name(name: str, value, accepted: str) -> str:
    """``value`` checked to be text (a name such as a bet, a table or an event)."""
    if not isinstance(value, str):
        raise BaccaratError(_("{name} must be {accepted}, not {value}").format(name=name, accepted=_(accepted),
                                                                                value=shown(value)))
    return value


def _unknown_event(event) -> str:
    """The message for an event ``EVENTS`` does not hold: too many to list, so a few of them by kind."""
    return _('unknown event {event}: the known events are the keys of payouts.EVENTS, such as "tie", '
             '"banker wins with 6", "either pair", "player wins by 9 without a natural"').format(event=shown(event, 20))


def bet_label(bet: str) -> str:
    """A bet's name as printed on the table.

    >>> bet_label("player-pair"), bet_label("dragon-7")
    ('Player Pair', 'Dragon 7')
    """
    return _bet_words(_name("bet", bet, N_('a bet name such as "player-pair"')))


def event_words(event: str) -> str:
    """An event's name as a learner reads it, in the course's language ("banker wins with 6")."""
    if not isinstance(event, str) or event not in EVENTS:
        raise BaccaratError(_unknown_event(event))
    return _event_words(event)


def parse_odds(odds) -> Fraction:
    """Net win per unit staked: "8:1" -> 8, "1:2" -> 1/2, "push" -> 0, "loses" -> -1; each side of "win:stake" a
    number of at most 12 digits and 12 decimals, or a fraction ("1.5:1", "3/2:1"), the stake above 0.

    >>> parse_odds("8:1"), parse_odds("1:2"), parse_odds("push")
    (Fraction(8, 1), Fraction(1, 2), Fraction(0, 1))
    """
    if not isinstance(odds, str):
        raise refusal(_("odds must look like '8:1', '1:2', 'push' or 'loses', not {value}"), value=odds)
    if odds == "push":
        return Fraction(0)
    if odds == "loses":
        return Fraction(-1)
    match = _ODDS.fullmatch(odds) if len(odds) <= 80 else None
    if match:
        win, stake = (Fraction(part) for part in match.groups())
        if stake > 0:
            return win / stake
    raise refusal(_("odds must look like '8:1', '1:2', 'push' or 'loses', not {value}"), value=odds)


def _commission(commission) -> Fraction:
    """A commission as an exact fraction from 0 to below 1 (5% is Fraction(5, 100), 0.05 or "0.05"); a float is
    read as the decimal it prints as (0.05 is exactly 1/20), as stakes are."""
    refused = BaccaratError(_('commission must be a fraction from 0 to below 1, such as Fraction(5, 100) or "0.05", '
                              'not {value}').format(value=shown(commission)))
    value = commission
    if isinstance(value, str):
        match = _FRACTION_TEXT.fullmatch(value) if len(value) <= 40 else None
        value = Fraction(match.group(1)) if match else None
    elif isinstance(value, Decimal):
        value = Fraction(value) if value.is_finite() and -40 <= value.adjusted() <= 1 else None
    elif not isinstance(value, Fraction):
        value = _decimal(value, 0)                      # a float as written (0.05 is 1/20), or a whole number
        value = Fraction(value) if value is not None and value.is_finite() else None
    if value is None or not 0 <= value < 1 or max(value.numerator, value.denominator).bit_length() > 256:
        raise refused
    return value


@dataclass(frozen=True)
class Pays:
    """One line of a bet: when ``event`` happens the bet is settled at ``odds`` (less ``commission``)."""

    event: str
    odds: str
    commission: Fraction = Fraction(0)

    def __post_init__(self):
        if not isinstance(self.event, str) or self.event not in EVENTS:
            raise BaccaratError(_unknown_event(self.event))
        parse_odds(self.odds)
        object.__setattr__(self, "commission", _commission(self.commission))

    @property
    def net(self) -> Fraction:
        """Net result per unit staked when this line applies, after commission."""
        win = parse_odds(self.odds)
        return win * (1 - self.commission) if win > 0 else win

    def terms(self) -> str:
        """'1:1 less 5% commission', '8:1', 'push', in the course's language."""
        return _terms(self.odds, self.commission)


@dataclass(frozen=True)
class PayTable:
    """A named pay table (``derive_table`` makes one): each bet's lines in the order they are checked (none applies:
    the bet loses). ``name`` is the code's key, ``title`` and ``description`` English text shown through ``_()``."""

    name: str
    description: str
    bets: dict = field(default_factory=dict)
    title: str = ""

    def lines(self, bet: str) -> tuple[Pays, ...]:
        """The lines of one bet; the error lists the bets this table offers."""
        if not isinstance(bet, str) or bet not in self.bets:
            raise BaccaratError(_("unknown bet {bet} for table {table}: it offers {bets}").format(
                bet=shown(bet, 20), table=shown(self.name, 16), bets=", ".join(self.bets)))
        return self.bets[bet]

    def line_for(self, bet: str, facts) -> Pays | None:
        """The first line of ``bet`` whose event happened, or None (the bet loses); ``facts``: a ``CoupFacts``
        (``coup_facts(coup)``) or a played ``Coup``."""
        if isinstance(facts, Coup):
            facts = coup_facts(facts)
        elif not isinstance(facts, CoupFacts):
            raise refusal(_("facts must be a CoupFacts (from coup_facts) or a Coup, not {value}"), value=facts)
        return next((line for line in self.lines(bet) if EVENTS[line.event](facts)), None)


def _table(name, description, title, **bets) -> PayTable:
    """Build a table from bets written as (event, odds[, commission]) tuples."""
    return PayTable(name, description,
                    {bet.replace("_", "-"): tuple(Pays(*line) for line in lines) for bet, lines in bets.items()}, title)


def pay_table(table) -> PayTable:
    """A PayTable given itself or its name; the error lists the known names."""
    if isinstance(table, PayTable):
        return table
    if not isinstance(table, str) or table not in PAY_TABLES:
        raise BaccaratError(_("unknown pay table {table}: known tables are {tables}").format(
            table=shown(table), tables=", ".join(PAY_TABLES)))
    return PAY_TABLES[table]


def table_label(table) -> str:
    """A pay table's title as a learner reads it, in the course's language (a table or its name).

    >>> table_label("tie-9"), table_label(PAY_TABLES["standard"])
    ('Tie pays 9:1', 'Standard (5% commission)')
    """
    return _(pay_table(table).title)


def derive_table(base, name: str, description: str, bets: dict | None = None,
                 commission=None, drop=(), title=None) -> PayTable:
    """A new table from ``base``: replace or add whole bets (bet -> [(event, odds[, commission])]), change the
    Banker commission, ``drop`` bets (a name or a list); ``title`` (else the name) is what a learner reads.

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
    """One line of a bet: a Pays, or (event, odds) or (event, odds, commission)."""
    if isinstance(line, Pays):
        return line
    if not isinstance(line, (tuple, list)) or len(line) not in (2, 3):
        raise BaccaratError(_("a line of {bet} must be (event, odds) or (event, odds, commission), not {value}").format(
            bet=bet, value=shown(line)))
    return Pays(*line)


FIVE_PERCENT, FOUR_PERCENT = Fraction(5, 100), Fraction(4, 100)
_PAIRS = ("player-pair", "banker-pair", "either-pair")
_DRAGON_BONUS_BETS = ("dragon-bonus-player", "dragon-bonus-banker")


def _dragon_bonus(side: str) -> list:
    """The lines of a Dragon Bonus bet on ``side``: a natural win 1:1, a natural tie pushes, then each winning
    margin of ``DRAGON_BONUS``; anything else loses."""
    return ([(f"{side} wins with a natural", "1:1"), ("natural tie", "push")]
            + [(f"{side} wins by {margin} without a natural", odds) for margin, odds in DRAGON_BONUS.items()])


# The pay tables, written like the cards on a casino table: the standard one in full, the others as what they
# change. Lines are checked top to bottom.
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
                 drop=_PAIRS + _DRAGON_BONUS_BETS, title=N_("EZ Baccarat")),
]}


def pay_table_rows(tables=None) -> list[tuple[str, dict]]:
    """One row per bet any of ``tables`` offers: (bet, {table name: its lines, or None if not offered}).

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
    """What pay-table events read from a coup (``coup_facts`` makes them); ``natural``: either hand had 8 or 9 on its
    first two cards (False when not given)."""

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
    """The facts of one played coup; a pair is two first cards of the same rank; a natural, 8 or 9 on either
    hand's first two cards."""
    if not isinstance(coup, Coup):
        raise refusal(_("coup must be a Coup (from play_coup), not {value}"), value=coup)
    return CoupFacts(coup.outcome is Outcome.PLAYER, coup.outcome is Outcome.BANKER, coup.outcome is Outcome.TIE,
                     coup.player.total, coup.banker.total, len(coup.player.cards), len(coup.banker.cards),
                     coup.player.cards[0].rank == coup.player.cards[1].rank,
                     coup.banker.cards[0].rank == coup.banker.cards[1].rank, coup.is_natural)


@dataclass(frozen=True)
class Settlement:
    """One bet settled, as data: ``net`` (negative when lost), ``gross`` (at the odds, before ``commission``), in
    whole cents; ``result`` ("wins", "push" or "loses"); the ``bet``, ``stake`` and ``coup``; the ``line`` that
    applied (None: none did, and the bet, paying only on ``pays_on``, was ``judged_on`` "pair", "outcome" or
    "margin"); the ``exact_gross`` and ``exact_commission`` before cents were dropped. ``explanation`` words it."""

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
        """Why the bet won, pushed or lost and what changed hands, in the language current when it is read."""
        return _settlement_text(self)


def _amount(name: str, value, allow_zero: bool = False) -> Decimal:
    """An amount of money as an exact Decimal: at most MAX_STAKE, whole cents; above 0 (or 0 or more)."""
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
    """A stake as an exact Decimal: above 0, at most ``MAX_STAKE``, whole cents; an int, Decimal, float, Fraction or
    text such as "2.50" or "1,000".

    >>> stake_amount("2.50"), stake_amount(10), stake_amount(10 ** 12), stake_amount("1e3"), stake_amount("1,000")
    (Decimal('2.50'), Decimal('10'), Decimal('1000000000000'), Decimal('1000'), Decimal('1000'))
    """
    return _amount("stake", stake)


def _as_coup(coup) -> Coup:
    """A played Coup, or cards in dealt order (text or a list of cards) played into one."""
    if isinstance(coup, Coup):
        return coup
    if isinstance(coup, str) or (isinstance(coup, (list, tuple)) and coup):
        return play_coup(coup)
    raise refusal(_('coup must be a Coup or cards in dealt order such as "2 3 3 A 7 4", not {value}'), value=coup)


def _settles_exactly(fraction: Fraction) -> bool:
    """True when an amount in cents times ``fraction`` is an exact decimal: at most 12 decimal places."""
    return (fraction * 10 ** _SETTLE_PLACES).denominator == 1


def _times(amount: Decimal, fraction: Fraction) -> Decimal:
    with localcontext(_MONEY):
        return amount * fraction.numerator / fraction.denominator


_DROP_FRACTION = Context(prec=200, rounding=ROUND_DOWN, Emax=10 ** 6, Emin=-10 ** 6, traps=[InvalidOperation])


def _whole_cents(amount: Decimal) -> Decimal:
    """``amount`` (0 or more) with any fraction of a cent dropped: 0.5005 -> 0.50; 95 stays 95 (not 95.00)."""
    if amount.as_tuple().exponent >= -2:
        return amount
    return amount.quantize(_CENT, context=_DROP_FRACTION)


def settle(bet: str, stake, coup: Coup, table="standard") -> Settlement:
    """Settle ``stake`` on ``bet`` for a ``coup`` (played, or cards in dealt order): the net result in money.

    Every amount that changes hands is whole cents: the win is rounded down to the cent (never more than the
    odds), then the commission on it (never more than the rate); so 10.01 on Banker nets 10.01 - 0.50.

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
    """What the dealer takes back after paying out ``paid`` (default: the full win at the odds) on a bet.

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
    """``collect_back`` as a sentence: what the dealer pays, collects, and what the bettor keeps (the net).

    >>> won = settle("banker", 24000, play_coup("2♣ 3♥ 3♠ A♦ 7♦ 4♠"))
    >>> collect_back_text(won, paid=23000)
    'The dealer pays 23,000 and collects 200: the bettor keeps 22,800.'
    """
    collected = collect_back(settlement, paid)
    paid = settlement.gross if paid is None else collected + settlement.net
    return _("The dealer pays {paid} and collects {collected}: the bettor keeps {kept}.").format(
        paid=money(paid), collected=money(collected), kept=money(paid - collected))
