"""Fast simulation of real shuffled shoes, vectorised with numpy.

Coups are dealt from a shuffled shoe of ``decks`` decks until the cut card, ``cut_card`` cards from the end (14
by default, as in ``Shoe``), comes out; the coup under way then is finished, and a fresh shoe is shuffled. No cards
are burnt. ``simulate_coups`` records up to ``MAX_RECORDED_COUPS`` (20,000,000) coups, 13 bytes each;
``simulate_outcomes`` records only who won and where each shoe starts, about 1 byte a coup, for the same coups;
``outcome_counts`` counts up to ``MAX_COUNTED_COUPS`` (1,000,000,000).

``seed`` follows ``errors.check_seed``, and no global random state is touched. The first shoe of a seed is the
one ``game.shoe.Shoe(decks, seed)`` shuffles (``deal_shoe(8, 2024)`` is ``Shoe(8, 2024).coups()``); later shoes
come from numpy's generator, not from ``ShoeRun``, whose Python shuffle would be about 30 times slower.

>>> counts = outcome_counts(10_000, decks=8, seed=1)
>>> sum(counts.values()), sorted(counts) == sorted(Outcome)
(10000, True)
>>> shoe = deal_shoe(decks=1, seed=3, cut_card=0)
>>> first = shoe.row(0)
>>> first["outcome"] in Outcome, first["n_cards"] in (4, 5, 6), first["shoe"], first["position"]
(True, True, 0, 0)
>>> int(shoe.n_cards.sum()) <= 52
True

How it is fast: many shoes are shuffled at once by sorting random keys, and dealt in lockstep through lookup
tables of every coup's key built once by ``kernel.play_values``.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

import numpy as np

from ..errors import BaccaratError, check_seed, shown, whole_number
from ..game.cards import RANK_VALUES, RANKS, Card, as_cards
from ..game.coup import Outcome
from ..game.formatting import number
from ..game.shoe import Shoe, check_decks
from ..i18n import N_, _
from .kernel import BANKER_DRAWS, CODE_OUTCOMES, OUTCOME_CODES, PLAYER_DRAWS, check_shoe_size, play_values  # noqa: F401

__all__ = ["outcome_counts", "simulate_coups", "simulate_outcomes", "deal_shoe", "play_shoe", "CoupRecords",
           "OutcomeRecords", "DEFAULT_CUT_CARD", "MAX_RECORDED_COUPS", "MAX_COUNTED_COUPS"]

MAX_RECORDED_COUPS = 20_000_000
MAX_COUNTED_COUPS = 1_000_000_000

# ---------------------------------------------------------------------------------------------
# Vocabulary

DEFAULT_CUT_CARD = 14

# Outcome <-> code in CoupRecords.outcomes; NO_COUP marks "this shoe had no coup at this step".
_NO_COUP = 3

# Each card is a 6-bit code: its point value in the low 4 bits, and for the four ranks worth 0
# (10 J Q K) a group number in bits 4-5, so value = code & 15 and equal codes mean equal ranks.
_CARD_BITS = 6
_VALUE_MASK = 15
_CODE_OF_RANK = {}
for _rank in RANKS:
    _zero_group = ("10", "J", "Q", "K").index(_rank) if RANK_VALUES[_rank] == 0 else 0
    _CODE_OF_RANK[_rank] = RANK_VALUES[_rank] | (_zero_group << 4)
_RANK_INDEX_OF_CODE = np.full(1 << _CARD_BITS, -1, dtype=np.int8)
for _index, _rank in enumerate(RANKS):
    _RANK_INDEX_OF_CODE[_CODE_OF_RANK[_rank]] = _index
_DECK_CODES = np.array([_CODE_OF_RANK[rank] for rank in RANKS], dtype=np.uint32)

_PAD = 8             # spare columns after each shoe so a finished shoe can idle without bounds checks
_CHUNK_SHOES = 2048  # shoes shuffled and dealt at once (bounds memory: about 3 MB of work arrays)
_PIECE_SHOES = 128   # shoes whose random keys are drawn and sorted at once (their work arrays stay in the cache)


# Lookup tables for the lockstep dealer, indexed by a coup's key, one uint16 per card position:
#   pairs * 10000 + player_two * 1000 + banker_two * 100 + fifth * 10 + sixth
# (two-card totals 0..9, the next two card values, and the pairs: 1 Player's two cards are a pair, 2 Banker's),
# and, past a shoe's cut card, by _IDLE: no coup, no cards used.
_IDLE = 4 * 10_000


def _build_tables():
    """The record columns a coup's key decides (cards used: 0 at ``_IDLE``), played once."""
    pairs, player_two, banker_two, fifth, sixth = (axis.ravel() for axis in np.indices((4, 10, 10, 10, 10)))
    played = play_values(player_two, banker_two, fifth, sixth)

    def column(values, idle):
        return np.append(values, np.array(idle, dtype=values.dtype))
    return (column(played.outcome, _NO_COUP), column(played.n_cards, 0), column(played.player_total, 0),
            column(played.banker_total, 0), column(played.natural, False), column(pairs & 1 == 1, False),
            column(pairs & 2 == 2, False))


(_OUTCOME_TABLE, _N_CARDS_TABLE, _PLAYER_TOTAL_TABLE, _BANKER_TOTAL_TABLE, _NATURAL_TABLE, _PLAYER_PAIR_TABLE,
 _BANKER_PAIR_TABLE) = _build_tables()
_RECORD_TABLES = {"outcomes": _OUTCOME_TABLE, "player_totals": _PLAYER_TOTAL_TABLE,
                  "banker_totals": _BANKER_TOTAL_TABLE, "naturals": _NATURAL_TABLE, "player_pairs": _PLAYER_PAIR_TABLE,
                  "banker_pairs": _BANKER_PAIR_TABLE, "n_cards": _N_CARDS_TABLE}


# ---------------------------------------------------------------------------------------------
# Checking input

def _check_n_coups(n_coups, limit: int, why: str) -> int:
    n_coups = whole_number("n_coups", n_coups, low=0)
    if n_coups > limit:
        raise BaccaratError(_("n_coups must be at most {most} ({why}), not {given}").format(
            most=number(limit), why=_(why), given=shown(n_coups)))
    return n_coups


def _check_cut_card(cut_card, n_cards: int) -> int:
    if isinstance(cut_card, (bool, np.bool_)) or not isinstance(cut_card, (int, np.integer)) \
            or not 0 <= cut_card < n_cards:
        raise BaccaratError(_("cut_card is the number of cards behind the cut card, 0..{last} "
                              "for a shoe of {cards} cards (default {default}), not {given}").format(
            last=n_cards - 1, cards=n_cards, default=DEFAULT_CUT_CARD, given=shown(cut_card)))
    return int(cut_card)


def _check_flag(name: str, value) -> bool:
    if not isinstance(value, (bool, np.bool_)):
        raise BaccaratError(_("{name} must be True or False, not {given}").format(name=name, given=shown(value)))
    return bool(value)


def _deal_limit(n_cards: int, cut_card: int) -> int:
    """A coup may start at positions 0 .. limit-1: more than cut_card cards left, and at least 6."""
    return min(n_cards - cut_card, n_cards - 5)


# ---------------------------------------------------------------------------------------------
# Shuffling and dealing many shoes at once

def _sorted_keys(rng: np.random.Generator, n_shoes: int, deck_codes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``n_shoes`` shoes' random keys, sorted (low 6 bits: card codes), and the rows whose keys tie (to reshuffle)."""
    n_cards = deck_codes.size
    raw = rng.bit_generator.random_raw((n_shoes * n_cards + 1) // 2).view(np.uint32)
    keys = raw[:n_shoes * n_cards].reshape(n_shoes, n_cards)
    keys &= np.uint32(~((1 << _CARD_BITS) - 1) & 0xFFFFFFFF)
    keys |= deck_codes
    keys.sort(axis=1)
    flat = keys.ravel()
    near = np.flatnonzero(np.subtract(flat[1:], flat[:-1]) < (1 << _CARD_BITS))
    if not near.size:  # the common case: no two keys within 64 of each other
        return keys, near
    tied = near[((flat[near] ^ flat[near + 1]) >> _CARD_BITS == 0) & (near % n_cards != n_cards - 1)]
    return keys, np.unique(tied // n_cards)


def _shuffle(rng: np.random.Generator, n_shoes: int, deck_codes: np.ndarray) -> np.ndarray:
    """``n_shoes`` shuffled shoes as an (n_shoes, n_cards) uint32 array whose low 6 bits are card codes."""
    keys, tied = _sorted_keys(rng, n_shoes, deck_codes)
    # Two equal random keys would leave those two cards in code order: reshuffle such shoes exactly.
    for row in tied:
        keys[row] = rng.permuted(deck_codes)
    return keys


class _Chunk:
    """Shoes ready to deal: the key of the coup that would start at each card position, and the ranks."""

    def __init__(self, n_shoes: int, n_cards: int, limit: int, want_pairs: bool, want_ranks: bool):
        self.n_shoes, self.n_cards, self.limit, self.width = n_shoes, n_cards, limit, n_cards + _PAD
        self.want_pairs = want_pairs
        self.coup_keys = np.empty((n_shoes, self.width), dtype=np.uint16)
        self.coup_keys[:, limit:] = _IDLE
        self.ranks = np.empty((n_shoes, n_cards), dtype=np.int8) if want_ranks else None

    def fill(self, start: int, codes: np.ndarray) -> None:
        """Rows ``start``.. from card codes (rows, n_cards); the values are the codes' low 4 bits."""
        limit = self.limit
        values = codes & np.uint8(_VALUE_MASK)
        totals = values[:, :-2] + values[:, 2:]  # two-card totals from each position: Player's, then Banker's
        np.minimum(totals, totals - np.uint8(10), out=totals)  # the units digit: below 10, totals - 10 wraps past 245
        head = np.multiply(totals[:, :limit], 10, dtype=np.uint16)
        head += totals[:, 1:limit + 1]                      # Player's total * 10 + Banker's
        if self.want_pairs:  # equal codes are equal ranks
            same = (codes[:, :-2] == codes[:, 2:]).view(np.uint8)
            pairs = np.left_shift(same[:, 1:limit + 1], 1)
            pairs |= same[:, :limit]
            head += np.multiply(pairs, 100, dtype=np.uint16)  # + pairs * 100
        coup_keys = self.coup_keys[start:start + len(codes), :limit]
        np.multiply(head, 100, out=coup_keys, dtype=np.uint16)
        third = np.multiply(values[:, 4:limit + 4], 10, dtype=np.uint8)
        third += values[:, 5:limit + 5]                     # fifth card * 10 + sixth card
        coup_keys += third
        if self.ranks is not None:
            self.ranks[start:start + len(codes)] = _RANK_INDEX_OF_CODE[codes]


def _shuffled_chunk(rng: np.random.Generator, n_shoes: int, deck_codes: np.ndarray, first, limit: int,
                    want_pairs: bool = False, want_ranks: bool = False) -> _Chunk:
    """``n_shoes`` shuffled shoes ready to deal; ``first``: a key row for shoe 0."""
    chunk = _Chunk(n_shoes, deck_codes.size, limit, want_pairs, want_ranks)
    tied = []
    codes = np.empty((min(n_shoes, _PIECE_SHOES), deck_codes.size), dtype=np.uint8)
    for start in range(0, n_shoes, _PIECE_SHOES):
        keys, piece_tied = _sorted_keys(rng, min(_PIECE_SHOES, n_shoes - start), deck_codes)
        tied.extend(start + piece_tied)
        piece_codes = codes[:len(keys)]
        np.bitwise_and(keys, (1 << _CARD_BITS) - 1, out=piece_codes, casting="unsafe")
        chunk.fill(start, piece_codes)
    for row in tied:
        chunk.fill(row, rng.permuted(deck_codes).astype(np.uint8)[None, :])
    if first is not None:
        chunk.fill(0, (first & ((1 << _CARD_BITS) - 1)).astype(np.uint8))
    return chunk


def _lockstep(chunk: _Chunk) -> np.ndarray:
    """Deal every shoe of ``chunk`` in lockstep until all reach their cut card: the coups' keys, a row per shoe."""
    n_shoes, width, limit = chunk.n_shoes, chunk.width, chunk.limit
    flat_keys = chunk.coup_keys.ravel()
    chunk.coup_keys = None
    max_steps = ceil(limit / 4)
    keys = np.empty((n_shoes, max_steps), dtype=np.uint16)
    position = np.arange(n_shoes, dtype=np.intp) * width  # flat index: shoe * width + card position
    key_now = np.empty(n_shoes, dtype=np.uint16)
    step_now = np.empty(n_shoes, dtype=np.uint8)
    first_check = limit // 6  # no shoe can finish before this many coups
    steps = max_steps
    for step in range(max_steps):
        flat_keys.take(position, out=key_now, mode="clip")  # positions are in range: no bounds check
        keys[:, step] = key_now
        _N_CARDS_TABLE.take(key_now, out=step_now, mode="clip")
        position += step_now
        if step >= first_check and key_now.min() == _IDLE:
            steps = step
            break
    return keys[:, :steps]


def _fill_records(chunk: _Chunk, columns: dict, offset: int, most: int, first_shoe: int,
                  shoe_starts: list | None = None) -> int:
    """Deal ``chunk`` and write at most ``most`` coups from row ``offset`` into ``columns``, every record column or
    only ``outcomes`` (then ``shoe_starts``, a list, gets the row of each shoe's first coup); return how many."""
    keys = _lockstep(chunk)
    dealt = keys != _IDLE
    per_shoe = np.count_nonzero(dealt, axis=1)
    keys = keys[dealt][:most]
    del dealt
    n = len(keys)
    rows = slice(offset, offset + n)
    for name, table in _RECORD_TABLES.items():
        if name in columns:
            table.take(keys, out=columns[name][rows], mode="clip")
    del keys
    starts = np.cumsum(per_shoe)[:-1]                       # where each shoe after the chunk's first starts
    starts = starts[starts < n]
    if shoe_starts is not None:
        shoe_starts.append(offset + np.append(0, starts))
    if "shoes" not in columns:
        return n
    # The shoe of each coup: 0 everywhere, +1 where a shoe's first coup is, summed; then the shoe's number.
    shoes = columns["shoes"][rows]
    shoes[:] = 0
    shoes[starts] = 1                                       # every shoe deals a coup: no start is repeated
    np.cumsum(shoes, out=shoes)
    # Positions: the cards used before each coup, counted from its shoe's first coup (int16 sums may wrap: the
    # differences are exact, as every position is below 2**15).
    positions = columns["positions"][rows]
    np.cumsum(columns["n_cards"][rows], out=positions, dtype=np.int16)
    positions -= columns["n_cards"][rows]
    positions -= positions.take(np.append(0, starts)).take(shoes, mode="clip")
    shoes += first_shoe
    return n


def _shoe_keys(cards) -> np.ndarray:
    """One shoe in the given order as a (1, n_cards) uint32 key row: position in the high bits, card code low."""
    codes = np.array([_CODE_OF_RANK[card.rank] for card in cards], dtype=np.uint32)
    return ((np.arange(codes.size, dtype=np.uint32) << _CARD_BITS) | codes)[None, :]


def _first_shoe_keys(decks: int, seed) -> np.ndarray:
    """The key row of the shoe ``Shoe(decks, seed)`` shuffles: the first shoe of every function here."""
    shoe = Shoe._of_decks(decks, seed)
    return _shoe_keys(shoe.peek(len(shoe)))


def _shoe_plan(decks: int, cut_card: int):
    deck_codes = np.tile(_DECK_CODES, 4 * decks)
    n_cards = deck_codes.size
    return deck_codes, n_cards, _deal_limit(n_cards, _check_cut_card(cut_card, n_cards))


def _chunk_size(n_coups_left: int, limit: int) -> int:
    """Shoes to deal for about ``n_coups_left`` coups (a shoe averages about limit / 4.94 coups)."""
    return max(1, min(_CHUNK_SHOES, ceil(n_coups_left * 4.94 / limit * 1.01)))


# ---------------------------------------------------------------------------------------------
# Public functions

def outcome_counts(n_coups: int, decks: int = 8, seed=None,
                   cut_card: int = DEFAULT_CUT_CARD) -> dict[Outcome, int]:
    """How many of ``n_coups`` coups, dealt from consecutive shuffled shoes, Player, Banker and Tie win.

    >>> counts = outcome_counts(1000, decks=6, seed=42)
    >>> sum(counts.values())
    1000
    """
    n_coups, decks = _check_n_coups(n_coups, MAX_COUNTED_COUPS, N_("the time it takes")), check_decks(decks)
    deck_codes, _plan, limit = _shoe_plan(decks, cut_card)
    seed = check_seed(seed)
    rng = np.random.default_rng(seed)
    first = _first_shoe_keys(decks, seed) if n_coups else None
    counts = np.zeros(len(OUTCOME_CODES), dtype=np.int64)
    left = n_coups
    while left > 0:
        coup_keys = _lockstep(_shuffled_chunk(rng, _chunk_size(left, limit), deck_codes, first, limit))
        first = None
        codes = _OUTCOME_TABLE.take(coup_keys, mode="clip")  # shoe by shoe (a row per shoe)
        dealt = codes.size - np.count_nonzero(codes == _NO_COUP)
        if dealt > left:  # keep the first `left` coups, shoe by shoe
            codes = codes[codes != _NO_COUP][:left]
            dealt = left
        for code in range(len(OUTCOME_CODES)):
            counts[code] += np.count_nonzero(codes == code)
        left -= dealt
    return {outcome: int(counts[code]) for outcome, code in OUTCOME_CODES.items()}


class _Outcomes:
    """What ``CoupRecords`` and ``OutcomeRecords`` share: an ``outcomes`` column of codes, one per coup."""

    outcomes: np.ndarray

    def __len__(self) -> int:
        return len(self.outcomes)

    def _index(self, i) -> int:
        """Coup number ``i``, checked: 0 .. len - 1 (or counted from the end, -len .. -1, as for a list)."""
        if not len(self):
            raise BaccaratError(_("these records hold no coups, so there is no coup {given}").format(given=shown(i)))
        return whole_number("i (the coup number)", i, -len(self), len(self) - 1)

    def outcome(self, i: int) -> Outcome:
        """The ``Outcome`` of coup ``i``."""
        return CODE_OUTCOMES[self.outcomes[self._index(i)]]

    def counts(self) -> dict[Outcome, int]:
        """How many coups each outcome won."""
        tally = np.bincount(self.outcomes, minlength=len(OUTCOME_CODES))
        return {outcome: int(tally[code]) for outcome, code in OUTCOME_CODES.items()}


@dataclass(frozen=True)
class CoupRecords(_Outcomes):
    """One row per coup, as numpy arrays of equal length, in the order the coups were dealt.

    - ``outcomes``: codes, ``CODE_OUTCOMES[code]`` is the ``Outcome`` (``OUTCOME_CODES`` the other way).
    - ``player_totals``, ``banker_totals``: final totals 0..9.
    - ``naturals``: either hand had 8 or 9 on its first two cards.
    - ``player_pairs``, ``banker_pairs``: that hand's first two cards have the same rank (J+J, not J+Q).
    - ``n_cards``: cards the coup used, 4..6.
    - ``shoes``: the shoe the coup came from, 0 for the first shoe of the run.
    - ``positions``: where the coup's first card was in its shoe (0 = first card of the shoe).
    - ``shoe_cards``: if kept, an (n_shoes, cards) array of indices into ``cards.RANKS``; else None.
    """

    outcomes: np.ndarray
    player_totals: np.ndarray
    banker_totals: np.ndarray
    naturals: np.ndarray
    player_pairs: np.ndarray
    banker_pairs: np.ndarray
    n_cards: np.ndarray
    shoes: np.ndarray
    positions: np.ndarray
    shoe_cards: np.ndarray | None = None

    def row(self, i: int) -> dict:
        """Coup ``i`` as a dict of plain Python values (``outcome`` is an ``Outcome``)."""
        i = self._index(i)
        return {"outcome": self.outcome(i),
                "player_total": int(self.player_totals[i]), "banker_total": int(self.banker_totals[i]),
                "natural": bool(self.naturals[i]),
                "player_pair": bool(self.player_pairs[i]), "banker_pair": bool(self.banker_pairs[i]),
                "n_cards": int(self.n_cards[i]), "shoe": int(self.shoes[i]), "position": int(self.positions[i])}

    def cards(self, i: int) -> list[Card]:
        """The cards coup ``i`` used, in dealt order (needs ``shoe_cards``; suits are not simulated)."""
        if self.shoe_cards is None:
            raise BaccaratError(_("these records kept no cards: call simulate_coups(..., keep_shoes=True) "
                                  "or deal_shoe(...)"))
        i = self._index(i)
        start = self.positions[i]
        ranks = self.shoe_cards[self.shoes[i], start:start + self.n_cards[i]]
        return [Card(RANKS[rank]) for rank in ranks]


@dataclass(frozen=True)
class OutcomeRecords(_Outcomes):
    """Who won each coup, and where each shoe starts: all that streak and scoreboard statistics read of a long
    simulation, about 1 byte a coup (``CoupRecords`` take 13).

    - ``outcomes``: codes, ``CODE_OUTCOMES[code]`` is the ``Outcome``, as in ``CoupRecords``.
    - ``shoe_starts``: the number of each shoe's first coup, in order (the first is 0).
    """

    outcomes: np.ndarray
    shoe_starts: np.ndarray

    @property
    def shoes(self) -> np.ndarray:
        """The shoe each coup came from, 0 for the first, as ``CoupRecords.shoes`` (made when asked: 4 bytes a coup)."""
        coups_per_shoe = np.diff(np.append(self.shoe_starts, len(self)))
        return np.repeat(np.arange(len(self.shoe_starts), dtype=np.int32), coups_per_shoe)


_RECORD_DTYPES = {"outcomes": np.uint8, "player_totals": np.uint8, "banker_totals": np.uint8, "naturals": np.bool_,
                  "player_pairs": np.bool_, "banker_pairs": np.bool_, "n_cards": np.uint8, "shoes": np.int32,
                  "positions": np.int16}
_OUTCOME_DTYPES = {"outcomes": _RECORD_DTYPES["outcomes"]}


def _shoe_records(keys: np.ndarray, limit: int) -> CoupRecords:
    """CoupRecords of the one shoe ``keys`` (a (1, n_cards) key row, card codes in the low bits), its cards kept."""
    n_cards = keys.shape[1]
    chunk = _Chunk(1, n_cards, limit, want_pairs=True, want_ranks=True)
    chunk.fill(0, (keys & ((1 << _CARD_BITS) - 1)).astype(np.uint8))
    columns = _columns_in_one_block(ceil(limit / 4), _RECORD_DTYPES)
    n = _fill_records(chunk, columns, 0, ceil(limit / 4), 0)
    return CoupRecords(**{name: column[:n] for name, column in columns.items()}, shoe_cards=chunk.ranks)


def _no_records(n_shoe_cards: int | None) -> CoupRecords:
    """Records of zero coups (with an empty shoe_cards array if cards are kept)."""
    small = np.zeros(0, dtype=np.uint8)
    no_flags = np.zeros(0, dtype=bool)
    shoe_cards = None if n_shoe_cards is None else np.zeros((0, n_shoe_cards), dtype=np.int8)
    return CoupRecords(small, small, small, no_flags, no_flags, no_flags, small,
                       np.zeros(0, dtype=np.int32), np.zeros(0, dtype=np.int16), shoe_cards)


def _columns_in_one_block(n: int, dtypes: dict) -> dict:
    """Empty columns of ``n`` entries, as aligned views of one buffer, which goes back to the system when freed."""
    order = sorted(dtypes, key=lambda name: -np.dtype(dtypes[name]).itemsize)
    block = np.empty(n * sum(np.dtype(dtype).itemsize for dtype in dtypes.values()), dtype=np.uint8)
    columns, offset = {}, 0
    for name in order:
        size = n * np.dtype(dtypes[name]).itemsize
        columns[name] = block[offset:offset + size].view(dtypes[name])
        offset += size
    return columns


def simulate_coups(n_coups: int, decks: int = 8, seed=None, cut_card: int = DEFAULT_CUT_CARD,
                   keep_shoes: bool = False) -> CoupRecords:
    """The records of ``n_coups`` coups dealt from consecutive shuffled shoes (``keep_shoes``: their cards too).

    >>> records = simulate_coups(500, seed=7)
    >>> len(records), records.counts() == outcome_counts(500, seed=7)
    (500, True)
    """
    columns, shoe_parts, _starts, n_cards = _simulate(n_coups, decks, seed, cut_card, _RECORD_DTYPES, keep_shoes)
    if columns is None:
        return _no_records(n_cards if keep_shoes else None)
    return CoupRecords(**columns, shoe_cards=np.concatenate(shoe_parts) if keep_shoes else None)


def simulate_outcomes(n_coups: int, decks: int = 8, seed=None, cut_card: int = DEFAULT_CUT_CARD) -> OutcomeRecords:
    """Who won each of ``n_coups`` coups, and where each shoe starts: ``simulate_coups``' coups for the same seed.

    >>> simulated = simulate_outcomes(500, seed=7)
    >>> len(simulated), simulated.counts() == simulate_coups(500, seed=7).counts()
    (500, True)
    """
    columns, _parts, starts, _n_cards = _simulate(n_coups, decks, seed, cut_card, _OUTCOME_DTYPES, keep_shoes=False,
                                                  want_starts=True)
    if columns is None:
        return OutcomeRecords(np.zeros(0, dtype=np.uint8), np.zeros(0, dtype=np.intp))
    return OutcomeRecords(columns["outcomes"], np.concatenate(starts))


def _simulate(n_coups, decks, seed, cut_card, dtypes: dict, keep_shoes: bool, want_starts: bool = False):
    """The columns ``dtypes`` names of ``n_coups`` coups (None if none), each chunk's dealt shoes' ranks if
    ``keep_shoes``, each chunk's shoe starts if ``want_starts``, and the number of cards in a shoe. Pairs are worked
    out only if a column needs them: the coups, and so every other column, are the same either way."""
    n_coups, decks = _check_n_coups(
        n_coups, MAX_RECORDED_COUPS,
        _("records cost memory; outcome_counts counts up to {most}").format(most=number(MAX_COUNTED_COUPS))), \
        check_decks(decks)
    keep_shoes = _check_flag("keep_shoes", keep_shoes)
    deck_codes, n_cards, limit = _shoe_plan(decks, cut_card)
    seed = check_seed(seed)
    rng = np.random.default_rng(seed)
    first = _first_shoe_keys(decks, seed) if n_coups else None
    want_pairs = not {"player_pairs", "banker_pairs"}.isdisjoint(dtypes)
    columns, shoe_parts, starts, filled, first_shoe = None, [], [] if want_starts else None, 0, 0
    if n_coups:  # filled chunk by chunk: memory peaks near the result's size, not twice it
        columns = _columns_in_one_block(n_coups, dtypes)
    while filled < n_coups:
        chunk = _shuffled_chunk(rng, _chunk_size(n_coups - filled, limit), deck_codes, first, limit,
                                want_pairs=want_pairs, want_ranks=keep_shoes)
        first = None
        filled += _fill_records(chunk, columns, filled, n_coups - filled, first_shoe, starts)
        if keep_shoes:  # keep only the shoes that dealt a coup we kept
            shoe_parts.append(chunk.ranks[:columns["shoes"][filled - 1] - first_shoe + 1])
        first_shoe += chunk.n_shoes
        del chunk  # its work arrays go before the next chunk's are made
    return columns, shoe_parts, starts, n_cards


def deal_shoe(decks: int = 8, seed=None, cut_card: int = DEFAULT_CUT_CARD) -> CoupRecords:
    """Every coup of one shuffled shoe, up to the cut card, with the shoe's cards kept (for scoreboards).

    >>> shoe = deal_shoe(seed=11)
    >>> 70 < len(shoe) < 95, int(shoe.positions[-1]) < 416 - 14
    (True, True)
    """
    decks = check_decks(decks)
    _codes, _plan, limit = _shoe_plan(decks, cut_card)
    return _shoe_records(_first_shoe_keys(decks, check_seed(seed)), limit)


def play_shoe(cards, cut_card: int = DEFAULT_CUT_CARD) -> CoupRecords:
    """Every coup of a shoe in the given order (cards as in ``as_cards``; suits are ignored), to the cut card.

    >>> shoe = play_shoe("2 3 3 A 7 4 K 5 9 3", cut_card=0)
    >>> [shoe.outcome(i).label for i in range(len(shoe))], shoe.n_cards.tolist()
    (['Banker'], [6])
    """
    given = as_cards(cards)
    check_shoe_size(len(given))
    limit = _deal_limit(len(given), _check_cut_card(cut_card, len(given)))
    return _shoe_records(_shoe_keys(given), limit)
