"""Exact odds for any shoe, by enumerating every way a coup can use the cards, in ``fractions.Fraction``.

A coup's outcome depends only on the values of the (at most six) cards it uses, and a sequence's chance only on
which values it holds. So every coup is enumerated once (``coup_table()``), grouped by its multiset of values, and
each shoe only reweights the groups: P(sequence) = prod over values v of n_v (n_v - 1) ... / (N (N - 1) ...).

The shoe is ``decks`` (1 to 8) full decks less the ``removed`` cards, or ``counts`` (13 rank counts A..K) less
``removed`` (suits ignored); ``decks`` with ``counts`` is refused unless they agree. It must hold 6 cards (a coup
may need 6) to ``_MAX_SHOE_CARDS``; above about 1,450 cards the weights outgrow 64-bit integers and Python
integers are used instead (slower, still exact).

>>> probabilities = outcome_probabilities(decks=8)
>>> sum(probabilities.values())
Fraction(1, 1)
>>> f"{float(probabilities[Outcome.BANKER]):.9f}"
'0.458597423'
>>> f"{float(house_edge('banker', 'standard', decks=8)):.4%}"
'1.0579%'
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from math import perm, prod
from operator import itemgetter
from types import SimpleNamespace

import numpy as np

from ..errors import BaccaratError, refusal, shown, whole_number
from ..game.cards import RANK_VALUES, RANKS, as_cards
from ..game.coup import Outcome
from ..game.formatting import localized, percent
from ..game.formatting import number as format_number
from ..game.payouts import EVENTS, PAIR_EVENTS, PAY_TABLES, PayTable, pay_table
from ..game.rules import PLAYER_DRAWS_ON
from ..game.shoe import _shoe_counts, check_decks, shoe_counts
from ..i18n import _
from .kernel import MAX_COUP_CARDS, OUTCOME_CODES, check_player_draws_on, check_shoe_size, play_values

__all__ = ["outcome_probabilities", "house_edge", "bet_expectation", "outcome_given_player_total", "coup_table",
           "breakeven_commission", "check_shoe", "bet_lines",
           "total_probability_text", "expectation_text", "coup_table_text"]

MAX_CARDS = MAX_COUP_CARDS
_MAX_SHOE_CARDS = 1_000_000  # exact odds for shoes up to this many cards (about 19,000 decks)
_INT64_MAX = int(np.iinfo(np.int64).max)


class _DefaultDecks(int):
    """The default deck count, 8, told apart from an 8 the caller gave: ``decks`` and ``counts`` must agree."""

    __slots__ = ()


_DECKS = _DefaultDecks(8)  # shows as 8 in every signature


# ---------------------------------------------------------------------------------------------------------
# The shoe

def _checked_counts(counts) -> tuple[int, ...]:
    """``counts`` (a list, tuple or 1-D numpy integer array) as 13 Python ints 0 or more."""
    if isinstance(counts, np.ndarray):
        if counts.ndim != 1 or counts.dtype.kind not in "iuO":
            raise BaccaratError(_("counts must be 13 whole numbers 0 or more (the cards of each rank A..K), "
                                  "not {given}").format(given=shown(counts)))
        items = counts.tolist() if counts.dtype.kind != "O" else list(counts)
    elif isinstance(counts, (list, tuple)):
        items = counts
    else:
        raise BaccaratError(_("counts must be 13 whole numbers 0 or more (the cards of each rank A..K) in a list, "
                              "tuple or numpy array, not {given}").format(given=shown(counts)))
    if len(items) != len(RANKS):
        raise BaccaratError(_("counts must be 13 whole numbers 0 or more (the cards of each rank A..K), "
                              "not {count} numbers: {given}").format(count=len(items), given=shown(counts)))
    if set(map(type, items)) == {int} and min(items) >= 0:  # the common case, fast
        return tuple(items)
    checked = []
    for item in items:
        try:
            checked.append(whole_number("counts", item, low=0))
        except BaccaratError:
            raise BaccaratError(_("counts must be 13 whole numbers 0 or more (the cards of each rank A..K), "
                                  "not {given} in {counts}").format(given=shown(item, 20),
                                                                    counts=shown(counts, 30))) from None
    return tuple(checked)


def _less_removed(rank_counts: tuple, removed) -> tuple[int, ...]:
    """``rank_counts`` less the ``removed`` cards (suits ignored); a card the counts do not hold is refused."""
    if isinstance(removed, (tuple, list, str)) and not removed:  # nothing removed, the common case
        return rank_counts
    taken = Counter(card.rank for card in as_cards(removed))
    for rank, count in taken.items():
        held = rank_counts[RANKS.index(rank)]
        if count > held:
            raise BaccaratError(_("cannot remove {count} × {rank}: the counts hold only {held}; "
                                  "remove only cards the shoe holds").format(count=count, rank=rank, held=held))
    return tuple(held - taken[rank] for rank, held in zip(RANKS, rank_counts))


def check_shoe(decks: int = _DECKS, removed=(), counts=None) -> tuple[int, ...]:
    """The 13 rank counts A..K of the shoe every function here takes, checked (see the module's notes).

    >>> check_shoe(1, "A A K")
    (2, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3)
    >>> check_shoe(counts=[4] * 13, removed="A A K") == check_shoe(1, "A A K")
    True
    >>> check_shoe(1, counts=[8] * 13)
    Traceback (most recent call last):
    ...
    baccarat_lib.errors.BaccaratError: decks=1 and counts=[8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8] disagree: counts is not a full 1-deck shoe; give decks or counts, not both
    """
    if counts is None:
        rank_counts = shoe_counts(decks, removed)
    else:
        rank_counts = _checked_counts(counts)
        if decks is _DECKS:
            rank_counts = _less_removed(rank_counts, removed)
        else:
            full = shoe_counts(decks)
            if rank_counts != full:
                raise BaccaratError(_("decks={decks} and counts={counts} disagree: counts is not "
                                      "a full {count}-deck shoe; give decks or counts, not both").format(
                    decks=shown(decks, 10), counts=shown(counts, 40), count=decks))
            rank_counts = shoe_counts(decks, removed)
    total = sum(rank_counts)
    if total > _MAX_SHOE_CARDS:
        raise BaccaratError(_("exact odds take a shoe of at most {most} cards, not {given}").format(
            most=format_number(_MAX_SHOE_CARDS), given=shown(total)))
    if total < MAX_CARDS:
        check_shoe_size(total)  # refuses it
    return rank_counts


# The ranks A..K by value: the four worth 0 (summed), and the one rank of each value 1..9.
_RANKS_WORTH_0 = itemgetter(*(i for i, rank in enumerate(RANKS) if RANK_VALUES[rank] == 0))
_RANK_WORTH = itemgetter(*(i for value in range(1, 10) for i, rank in enumerate(RANKS) if RANK_VALUES[rank] == value))


def _value_counts(rank_counts) -> list[int]:
    """How many cards of each value 0..9 the 13 rank counts A..K hold."""
    return [sum(_RANKS_WORTH_0(rank_counts)), *_RANK_WORTH(rank_counts)]


# ---------------------------------------------------------------------------------------------------------
# Every coup, compiled once

def coup_table(player_draws_on=PLAYER_DRAWS_ON) -> SimpleNamespace:
    """Every complete coup as a sequence of card values, in groups of the same values and facts (see
    ``_coup_table``), compiled once per rule."""
    return _coup_table(check_player_draws_on(player_draws_on))


# A coup's facts, the columns of the coup table: how many values each takes (its values are below that number), and
# its column's dtype.
_FACTS = {"outcome": (3, np.uint8), "player_total": (10, np.uint8), "banker_total": (10, np.uint8),
          "player_cards": (4, np.int8), "banker_cards": (4, np.int8), "player_start": (10, np.int8),
          "banker_start": (10, np.int8), "natural": (2, np.bool_)}
_FACT_COUNT = prod(size for size, _dtype in _FACTS.values())   # 960,000 ways a coup's facts could be


class _CoupGroups(SimpleNamespace):
    """The coup table: each different set of a coup's facts once, and the groups of coups that use the same multiset
    of card values and share their facts.

    The columns of ``_FACTS`` hold the facts (about 3,400 sets; who won is read from ``outcome`` when asked), and the
    predicates that compile rows read them. Group ``g`` has ``sequences[g]`` sequences of card values, of the
    multiset ``multisets[multiset[g]]``, with the facts ``fact[g]``.
    """

    @property
    def player_wins(self) -> np.ndarray:
        return self.outcome == OUTCOME_CODES[Outcome.PLAYER]

    @property
    def banker_wins(self) -> np.ndarray:
        return self.outcome == OUTCOME_CODES[Outcome.BANKER]

    @property
    def tie(self) -> np.ndarray:
        return self.outcome == OUTCOME_CODES[Outcome.TIE]


@lru_cache(maxsize=4)
def _coup_table(player_draws_on=PLAYER_DRAWS_ON) -> _CoupGroups:
    """Every complete coup, grouped: the coups of one multiset of card values with the same facts are one row.

    A coup's chance on a shoe depends only on its multiset, and what a bet asks of it only on its facts, so the
    339,400 sequences of card values make about 97,000 groups of about 3,400 sets of facts (0.6 MB instead of 5.5),
    and every count is the same.
    """
    # Built in a hundred slices, one per value of the first two cards, so the work arrays stay small.
    rest = np.indices((10,) * (MAX_CARDS - 2), dtype=np.int8).reshape(MAX_CARDS - 2, -1)
    rule, keys, facts = frozenset(player_draws_on), [], []
    for first_two in range(100):  # the first two cards' values, 00..99, in order
        first = np.array([[first_two // 10], [first_two % 10]], dtype=np.int8)
        values = np.concatenate((first.repeat(rest.shape[1], axis=1), rest))
        p1, b1, p2, b2, fifth, sixth = values
        played = play_values(p1 + p2, b1 + b2, fifth, sixth, rule)
        used = played.n_cards
        # one row per complete coup: the cards it does not use are 0
        canonical = ((used >= 5) | (fifth == 0)) & ((used == 6) | (sixth == 0))
        keys.append(_multiset_keys(values[:, canonical], used[canonical]))
        facts.append(_fact_codes(played, canonical))
    unique_keys = np.unique(np.concatenate(keys))
    multisets = (unique_keys[:, None].astype(np.int64) // 7 ** np.arange(10, dtype=np.int64)) % 7  # base-7 digits
    by_size = np.argsort(multisets.sum(axis=1), kind="stable")   # the groups in blocks of 4, 5 and 6 cards
    row_of_key = np.empty_like(by_size)
    row_of_key[by_size] = np.arange(len(by_size))
    # each coup as one number: its row of multisets, then its facts
    coups = np.concatenate([row_of_key[np.searchsorted(unique_keys, key)] * _FACT_COUNT + code
                            for key, code in zip(keys, facts)])
    del keys, facts
    groups, sequences = np.unique(coups, return_counts=True)   # the groups, and how many coups each holds
    del coups
    multiset, fact_codes = np.divmod(groups, _FACT_COUNT)
    codes, fact = np.unique(fact_codes, return_inverse=True)   # each different set of facts, and each group's
    columns = {}
    for name, (size, dtype) in reversed(_FACTS.items()):   # the facts back from the numbers, the last one first
        codes, column = np.divmod(codes, size)
        columns[name] = column.astype(dtype)
    multisets = multisets[by_size].astype(np.int8)   # counts of each value, 0 to 6
    # a group holds at most 720 sequences (the orders of 6 cards); 6,958 multisets and 3,394 sets of facts
    return _CoupGroups(**columns, fact=fact.astype(np.int16), multiset=multiset.astype(np.int16),
                       sequences=sequences.astype(np.uint16), multisets=multisets, rows={}, stacks={},
                       **_halves(multisets))


def _fact_codes(played, chosen) -> np.ndarray:
    """The ``chosen`` coups' facts (``_FACTS``), each coup's as one number below ``_FACT_COUNT`` (mixed radix)."""
    facts = {**played._asdict(), "player_cards": 2 + played.player_draws, "banker_cards": 2 + played.banker_draws}
    code = np.zeros(np.count_nonzero(chosen), dtype=np.int32)
    for name, (size, _dtype) in _FACTS.items():
        code *= size
        code += facts[name][chosen]
    return code


_HALF = 5  # a multiset's weight is (its values 0..4's part) × (its values 5..9's part): see _halves
_ROW = MAX_CARDS + 2  # a shoe's factor table (see _factor_table): per value its 6 falling products, 1, 1; ...
_SCALE = 10 * _ROW    # ... then the scale row: (N - s) ... (N - 5) for s = 0..5, then 1, 1
_ONE = _SCALE + _ROW - 1  # where the table holds a 1


def _halves(multisets: np.ndarray) -> dict:
    """Index arrays that let ``_weights`` weigh every multiset from its two halves (values 0..4 and 5..9).

    A weight is a product over values v of n_v (n_v - 1) ... times the scale (N - s) ... (N - 5) to 6 cards. A low
    half with its multiset's size s (so it carries the scale) and a high half are each weighed once per shoe, from
    the 6 factors ``half_index`` points to (low ones first). Taken in ``group_order``, the multisets of each low half
    come together (``low_repeats`` of them), so each repeats its low half's weight and multiplies its ``high``.
    """
    sizes = multisets.sum(axis=1)
    low_sets, low = np.unique(np.column_stack((multisets[:, :_HALF], sizes)), axis=0, return_inverse=True)
    high_sets, high = np.unique(multisets[:, _HALF:], axis=0, return_inverse=True)
    low_index = np.column_stack((_factor_index(low_sets[:, :_HALF], 0), _SCALE + low_sets[:, _HALF]))
    high_index = np.column_stack((_factor_index(high_sets, _HALF), np.full(len(high_sets), _ONE)))
    group_order = np.argsort(low.ravel(), kind="stable")
    return {"half_index": np.ascontiguousarray(np.vstack((low_index, high_index)).T, dtype=np.intp),
            "group_order": group_order, "low_repeats": np.bincount(low.ravel()),
            "high": len(low_sets) + high.ravel()[group_order].astype(np.intp)}


def _factor_index(counts: np.ndarray, first_value: int) -> np.ndarray:
    """Where a shoe's factor table holds n_v (n_v - 1) ... for each count of values ``first_value`` on, or a 1."""
    values = first_value + np.arange(counts.shape[1])
    return np.where(counts > 0, values * _ROW + counts - 1, _ONE)


def _multiset_keys(cards: np.ndarray, used: np.ndarray) -> np.ndarray:
    """Each coup's multiset of card values as one number: the count of value v is digit v in base 7."""
    counts = np.zeros((cards.shape[1], 10), dtype=np.int8)
    for position in range(MAX_CARDS):
        in_use = used > position
        np.add.at(counts, (np.nonzero(in_use)[0], cards[position][in_use]), 1)
    key = np.zeros(len(counts), dtype=np.int32)            # 7 ** 10 < 2 ** 31
    for value in range(10):                                # the multiset in base 7, a column at a time
        key += counts[:, value].astype(np.int32) * 7 ** value
    return key


coup_table.cache_clear = _coup_table.cache_clear  # forget the compiled tables (benchmarks time the compilation)


_ROWS_KEPT = 24  # the compiled rows kept (14 kB each)


def _row_for(name: str, make_mask, table=None) -> np.ndarray:
    """How many coups of each value multiset ``make_mask(table)`` selects (it reads each set of facts once);
    compiled once per name and table, and kept while it is one of the ``_ROWS_KEPT`` compiled last.

    A count is at most 720, the orders of 6 cards, so it is kept in 16 bits. A lesson asks for about 70 rows (a table
    of every bet's edge asks for dozens, once); compiling one again takes about a millisecond.
    """
    table = _coup_table(PLAYER_DRAWS_ON) if table is None else table
    if name not in table.rows:
        if len(table.rows) >= _ROWS_KEPT:
            del table.rows[next(iter(table.rows))]   # the oldest
        chosen = np.broadcast_to(np.asarray(make_mask(table), dtype=bool), table.outcome.shape)[table.fact]
        table.rows[name] = np.bincount(table.multiset[chosen], table.sequences[chosen],
                                       minlength=len(table.multisets)).astype(np.uint16)
    return table.rows[name]


# ---------------------------------------------------------------------------------------------------------
# Weights for one shoe

_FLOAT_EXACT = 2 ** 53  # every integer up to this is exact in float64


@lru_cache(maxsize=4096)
def _falling_factors(count: int) -> tuple[int, ...]:
    """count, count (count - 1), ... : the falling products of 1 to 6 factors (0 once the factors pass count), 1, 1."""
    return (*(perm(count, k) for k in range(1, MAX_CARDS + 1)), 1, 1)


@lru_cache(maxsize=4096)
def _scales(total: int) -> tuple[int, ...]:
    """(N - s) ... (N - 5) for s = 0..5, which bring a coup of s cards to 6 of N cards, then 1, 1: the scale row."""
    return (*(perm(total - size, MAX_CARDS - size) for size in range(MAX_CARDS)), 1, 1)


_FLOAT_CARDS = max(total for total in range(MAX_CARDS, 1000) if perm(total, MAX_CARDS) < _FLOAT_EXACT)  # 458


@lru_cache(maxsize=1)
def _float_rows() -> np.ndarray:
    """In float64, the factor rows of every count up to ``_FLOAT_CARDS``, then the scale rows of 6 to that many."""
    return np.array([_falling_factors(count) for count in range(_FLOAT_CARDS + 1)]
                    + [_scales(total) for total in range(MAX_CARDS, _FLOAT_CARDS + 1)], np.float64)


def _factor_table(value_counts, total: int, dtype) -> np.ndarray:
    """The factors of a shoe's weights, a row of 8 per value and the scale row, where ``_halves`` points."""
    if dtype is np.float64:  # every row a float64 shoe needs is in one table: one lookup
        return _float_rows().take([*value_counts, _FLOAT_CARDS + 1 - MAX_CARDS + total], axis=0).ravel()
    return np.array([_falling_factors(count) for count in value_counts] + [_scales(total)], dtype).ravel()


def _weights(value_counts, table=None) -> tuple[np.ndarray, int]:
    """Integer weight of each multiset (any order of it), in ``group_order``, over the denominator N (N-1) ... (N-5).

    Nothing here exceeds that denominator, the number of ordered deals of 6 cards: a product of value factors counts
    the ordered deals of those cards (at most N (N-1) ... for as many), times the scale at most the deals of 6, and
    a row's sum of weights counts some 6-card deals. So float64 is exact while the denominator is below 2**53 (up to
    458 cards), int64 cannot overflow while it fits 64 bits (up to 1,450 cards), and Python integers take the rest.
    """
    table = _coup_table(PLAYER_DRAWS_ON) if table is None else table
    total = sum(value_counts)
    denominator = perm(total, MAX_CARDS)
    dtype = np.float64 if denominator < _FLOAT_EXACT else np.int64 if denominator <= _INT64_MAX else object
    # every index here is in range: "clip" skips numpy's bounds check
    halves = _factor_table(value_counts, total, dtype).take(table.half_index, mode="clip").prod(axis=0)
    weights = halves[:len(table.low_repeats)].repeat(table.low_repeats)  # the multisets in ``group_order``
    weights *= halves.take(table.high, mode="clip")
    return weights, denominator


_STACKS_KEPT = 4  # the matrices of the last sets of rows asked for (a table of every bet's edge asks for dozens)


def _stack(rows: tuple, table, dtype) -> np.ndarray:
    """The compiled ``rows`` of ``table`` as one (groups × rows) matrix of ``dtype``, its groups in ``group_order``;
    kept for the ``_STACKS_KEPT`` sets of rows made last."""
    key = (*map(id, rows), dtype)
    if key not in table.stacks:  # the rows kept alive: their ids stay theirs
        if len(table.stacks) >= _STACKS_KEPT:
            del table.stacks[next(iter(table.stacks))]   # the oldest
        table.stacks[key] = (np.stack(rows, axis=1)[table.group_order].astype(dtype), rows)
    return table.stacks[key][0]


def _numerators(rows: tuple, value_counts, table=None) -> tuple[list[int], int]:
    """Each row's chance on the shoe of ``value_counts``, as (numerators, common denominator)."""
    table = _coup_table(PLAYER_DRAWS_ON) if table is None else table
    weights, denominator = _weights(value_counts, table)
    matrix = _stack(rows, table, weights.dtype)
    return [int(value) for value in (weights @ matrix).tolist()], denominator


def _probability(row: np.ndarray, value_counts, table=None) -> Fraction:
    (numerator,), denominator = _numerators((row,), value_counts, table)
    return Fraction(numerator, denominator)


def _probabilities(rows: dict, value_counts, table=None) -> dict:
    numerators, denominator = _numerators(tuple(rows.values()), value_counts, table)
    return {key: Fraction(numerator, denominator) for key, numerator in zip(rows, numerators)}


# ---------------------------------------------------------------------------------------------------------
# Public queries

def _probability_where(name: str, predicate, rank_counts, player_draws_on=PLAYER_DRAWS_ON) -> Fraction:
    """The chance that ``predicate`` holds of the coups on a checked shoe; ``name`` caches its compiled row."""
    table = _coup_table(player_draws_on)
    return _probability(_row_for(name, predicate, table), _value_counts(rank_counts), table)


def outcome_probabilities(decks: int = _DECKS, removed=(), counts=None) -> dict:
    """{Outcome: Fraction} for the shoe (see ``check_shoe``); sums to exactly 1.

    >>> {o.value: f"{float(p):.9f}" for o, p in outcome_probabilities(6).items()}
    {'player': '0.446278570', 'banker': '0.458652719', 'tie': '0.095068711'}
    """
    rank_counts, table = check_shoe(decks, removed, counts), _coup_table(PLAYER_DRAWS_ON)
    rows = {outcome: _row_for(name, predicate, table) for outcome, (name, predicate) in _OUTCOME_ROWS.items()}
    return _probabilities(rows, _value_counts(rank_counts), table)


_OUTCOME_ROWS = {outcome: (f"outcome {outcome.value}", lambda coups, code=code: coups.outcome == code)
                 for outcome, code in OUTCOME_CODES.items()}


def _pair_probability(rank_counts, event: str = "player pair") -> Fraction:
    """Chance of a pair event of ``payouts.PAIR_EVENTS``, from the ranks of the first four cards.

    One hand's pair: sum over ranks of n (n - 1) / N (N - 1). Either pair: twice that less P(both), where both are
    pairs in (sum n (n - 1))² - sum (n (n - 1))² + sum n (n - 1) (n - 2) (n - 3) of the N (N - 1) (N - 2) (N - 3)
    ordered first four cards.
    """
    total = sum(rank_counts)
    pairs = sum(n * (n - 1) for n in rank_counts)
    one_hand = Fraction(pairs, total * (total - 1))
    if event != "either pair":
        return one_hand
    two_ranks = pairs * pairs - sum((n * (n - 1)) ** 2 for n in rank_counts)
    one_rank = sum(n * (n - 1) * (n - 2) * (n - 3) for n in rank_counts)
    both = Fraction(two_ranks + one_rank, total * (total - 1) * (total - 2) * (total - 3))
    return 2 * one_hand - both


def bet_expectation(bet: str, table="standard", decks: int = _DECKS, removed=(), counts=None) -> dict:
    """{net result per unit staked: probability} for one bet: each line of the bet takes what earlier lines left."""
    _table, lines = bet_lines(bet, table)
    return _expectation(bet, lines, check_shoe(decks, removed, counts))


def _expectation(bet: str, lines: tuple, rank_counts) -> dict:
    """``bet_expectation`` of a bet's ``lines`` (from ``bet_lines``) on a shoe from ``check_shoe``."""
    if any(line.event in PAIR_EVENTS for line in lines):
        if len(lines) != 1:
            raise BaccaratError(_("bet {bet} mixes a pair with other events; pair bets pay on the pair alone").format(
                bet=repr(bet)))
        win = _pair_probability(rank_counts, lines[0].event)
        return {lines[0].net: win, Fraction(-1): 1 - win}
    rows = {number: _row_for(f"line {number} of {[l.event for l in lines]}",
                             lambda coups, number=number: _first_match(coups, lines, number))
            for number in range(len(lines))}
    chances = _probabilities(rows, _value_counts(rank_counts))
    result = Counter()
    for number, line in enumerate(lines):
        result[line.net] += chances[number]
    result[Fraction(-1)] += 1 - sum(chances.values())
    return dict(result)


def bet_lines(bet, table="standard") -> tuple[PayTable, tuple]:
    """(pay table, the bet's lines), both checked: a table or its name, and a bet that table offers.

    >>> table, lines = bet_lines("tie", "tie-9")
    >>> table.name, [line.odds for line in lines]
    ('tie-9', ['9:1'])
    """
    table = pay_table(table)
    return table, table.lines(bet)          # PayTable.lines refuses a bet the table does not offer


def _first_match(coups, lines, number) -> np.ndarray:
    """Coups where line ``number`` is the first line of a bet whose event happened."""
    earlier = np.zeros(len(coups.outcome), dtype=bool)
    for line in lines[:number]:
        earlier |= np.asarray(EVENTS[line.event](coups), dtype=bool)
    return np.asarray(EVENTS[lines[number].event](coups), dtype=bool) & ~earlier


def house_edge(bet: str, table="standard", decks: int = _DECKS, removed=(), counts=None) -> Fraction:
    """Minus the expected net result per unit staked (pushes count 0), exact, on the shoe ``check_shoe`` takes.

    >>> f"{float(house_edge('tie', 'standard', 8)):.4%}", f"{float(house_edge('tie', 'tie-9', 8)):.4%}"
    ('14.3596%', '4.8440%')
    """
    _table, lines = bet_lines(bet, table)
    return _edge(bet, lines, check_shoe(decks, removed, counts))


def _edge(bet: str, lines: tuple, rank_counts) -> Fraction:
    """``house_edge`` of a bet's ``lines`` (from ``bet_lines``) on a shoe from ``check_shoe``."""
    return -sum(net * chance for net, chance in _expectation(bet, lines, rank_counts).items())


def outcome_given_player_total(decks: int = _DECKS, removed=(), counts=None) -> dict:
    """{Player's two-card total: {Outcome: P(outcome | that total)}}."""
    rank_counts = _value_counts(check_shoe(decks, removed, counts))
    result = {}
    for total in range(10):
        rows = {outcome: _row_for(f"start {total} {outcome.value}",
                                  lambda coups, total=total, code=code:
                                  (coups.player_start == total) & (coups.outcome == code))
                for outcome, code in OUTCOME_CODES.items()}
        joint = _probabilities(rows, rank_counts)
        given = sum(joint.values())
        result[total] = {outcome: chance / given for outcome, chance in joint.items()} if given else {}
    return result


def _deck_counts(decks) -> list[int]:
    """A list of 1 to 8 deck counts, each checked by ``check_decks`` (a column each in the odds tables)."""
    if not isinstance(decks, (list, tuple, range)) or not 0 < len(decks) <= 8:
        raise refusal(_("decks must be a list of deck counts such as (6, 8), not {given}"), given=decks)
    return [check_decks(count) for count in decks]


def _edge_rows(decks: list[int], tables) -> list[tuple[str, str, dict]]:
    """(table name, bet, {decks: house edge}) for every bet of every table, in table order."""
    if tables is not None and not isinstance(tables, (list, tuple)):
        raise BaccaratError(_("tables must be None (every table) or a list of pay tables or their names, "
                              "not {given}").format(given=shown(tables)))
    shoes = {count: _shoe_counts(count) for count in decks}
    tables = [pay_table(table) for table in (PAY_TABLES if tables is None else tables)]
    return [(table.name, bet, {count: _edge(bet, table.lines(bet), shoe) for count, shoe in shoes.items()})
            for table in tables for bet in table.bets]


def breakeven_commission(decks: int = 8) -> Fraction:
    """The Banker commission that would make a Banker bet exactly fair: P(B) (1 - c) = P(P).

    >>> f"{float(breakeven_commission(8)):.2%}"
    '2.69%'
    """
    chances = outcome_probabilities(decks)
    return 1 - chances[Outcome.PLAYER] / chances[Outcome.BANKER]


# ---------------------------------------------------------------------------------------------------------
# The same results in sentences, in the learner's language

def total_probability_text(chances) -> str:
    """The sum of the three outcomes' chances, as an equation (exactly 1 for any shoe).

    >>> total_probability_text(outcome_probabilities(decks=1))
    'P(Banker) + P(Player) + P(Tie) = 1'
    """
    if not isinstance(chances, dict) or set(chances) != set(Outcome):
        raise BaccaratError(_("chances must be {{outcome: chance}} for the three outcomes, as "
                              "outcome_probabilities gives, not {value}").format(value=shown(chances)))
    return _("P(Banker) + P(Player) + P(Tie) = {total}").format(total=sum(chances.values()))


def expectation_text(bet: str, table="standard", decks: int = _DECKS) -> str:
    """Each net result per 1 staked on ``bet`` at ``table``, largest first, with its chance.

    >>> print(expectation_text("tie", decks=8).splitlines()[0])
    net +8 per 1 staked: chance 9.5156%
    """
    return "\n".join(_("net {net} per 1 staked: chance {chance}").format(
        net=_("0 (push)") if net == 0 else localized(f"{float(net):+g}"), chance=percent(chance))
        for net, chance in sorted(bet_expectation(bet, table, decks).items(), reverse=True))


def coup_table_text() -> str:
    """How many sequences of card values the coup table plays, and in how many groups of the same values."""
    table = coup_table()
    return _("{sequences} sequences of card values, in {groups} groups").format(
        sequences=format_number(int(table.sequences.sum())), groups=format_number(len(table.multisets)))
