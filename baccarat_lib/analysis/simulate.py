"""Fast simulation of real shuffled shoes, vectorised with numpy.

A shoe of ``decks`` full decks is shuffled, coups are dealt from it by the rules until the cut card
comes out, then a fresh shoe is shuffled.  The cut card sits ``cut_card`` cards from the end (14 by
default, as in ``Shoe``): a coup starts only while more than ``cut_card`` cards are left (and at least
6, so it can always finish); the coup under way when the cut card appears is finished from the cards
behind it.  No cards are burnt.
``simulate_coups`` records at most ``MAX_RECORDED_COUPS`` (20,000,000) coups, about 13 bytes each;
``outcome_counts`` counts up to ``MAX_COUNTED_COUPS`` (1,000,000,000), 2,048 shoes at a time.

Every function takes ``seed`` under the library's one seed policy (``errors.check_seed``: ``None`` for fresh
randomness, or a whole number 0 or more, numpy integers too; anything else is refused) and never touches
global random state: the same seed deals the same shoes.

**One seed, one shoe.** The first shoe of every function here is the shoe ``game.shoe.Shoe(decks, seed)``
shuffles (and so the first shoe of ``ShoeRun(decks, seed)`` and of every widget that deals): ``deal_shoe(8, 2024)``
is, coup by coup, ``Shoe(8, 2024).coups()``, and ``simulate_coups`` / ``outcome_counts`` with seed 2024 start
with that same shoe. The shoes after the first come from numpy's generator seeded with ``seed`` (a separate,
fast stream): they are not ``ShoeRun``'s later shoes, whose Python shuffle would cost about 0.5 ms a shoe
(some 17 s for the ~37,000 shoes of 3,000,000 coups, against about 0.5 s for the whole simulation here).

>>> counts = outcome_counts(10_000, decks=8, seed=1)
>>> sum(counts.values()), sorted(counts) == sorted(Outcome)
(10000, True)
>>> shoe = deal_shoe(decks=1, seed=3, cut_card=0)
>>> first = shoe.row(0)
>>> first["outcome"] in Outcome, first["n_cards"] in (4, 5, 6), first["shoe"], first["position"]
(True, True, 0, 0)
>>> int(shoe.n_cards.sum()) <= 52
True

How it is fast: many shoes are shuffled at once (a random 26-bit key per card, the card's code in the
6 low bits, one ``sort`` per shoe; the rare shoes whose keys tie are reshuffled with
``Generator.permuted``, so every order is exactly equally likely).  Then all shoes are dealt in
lockstep, one coup per step: a lookup table built by ``kernel.play_values`` maps
(Player's two-card sum, Banker's two-card sum, next two card values) to the outcome and the number
of cards used, and each shoe's position advances by 4, 5 or 6.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from math import ceil

import numpy as np

from ..errors import BaccaratError, check_seed, shown, whole_number
from ..game.cards import RANK_VALUES, RANKS, Card, as_cards
from ..game.coup import Outcome
from ..game.formatting import number
from ..game.shoe import Shoe, check_decks
from ..i18n import N_, _
from .kernel import BANKER_DRAWS, CODE_OUTCOMES, OUTCOME_CODES, PLAYER_DRAWS, check_shoe_size, play_values  # noqa: F401

__all__ = ["outcome_counts", "simulate_coups", "deal_shoe", "play_shoe", "CoupRecords", "DEFAULT_CUT_CARD",
           "MAX_RECORDED_COUPS", "MAX_COUNTED_COUPS"]

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
_CHUNK_SHOES = 2048  # shoes shuffled and dealt at once (bounds memory: about 15 MB of work arrays)


# Lookup tables for the lockstep dealer, indexed by
#   (player_two * 19 + banker_two) * 100 + fifth * 10 + sixth      (two-card sums are 0..18)
# and, past a shoe's cut card, by _IDLE + (0..99): no coup, no cards used.
_SUMS = 19
_IDLE = _SUMS * _SUMS * 100


def _build_tables():
    player_two, banker_two, fifth, sixth = np.meshgrid(np.arange(_SUMS), np.arange(_SUMS),
                                                       np.arange(10), np.arange(10), indexing="ij")
    played = play_values(player_two.ravel(), banker_two.ravel(), fifth.ravel(), sixth.ravel())
    outcome, n_cards = played.outcome, played.n_cards
    idle = np.full(100, _NO_COUP, dtype=np.uint8)
    return (np.concatenate([outcome, idle]),
            np.concatenate([n_cards, np.zeros(100, dtype=np.uint8)]))


_OUTCOME_TABLE, _N_CARDS_TABLE = _build_tables()


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

def _shuffle(rng: np.random.Generator, n_shoes: int, deck_codes: np.ndarray) -> np.ndarray:
    """``n_shoes`` shuffled shoes as an (n_shoes, n_cards) uint32 array whose low 6 bits are card codes."""
    n_cards = deck_codes.size
    raw = rng.bit_generator.random_raw((n_shoes * n_cards + 1) // 2).view(np.uint32)
    keys = raw[:n_shoes * n_cards].reshape(n_shoes, n_cards)
    keys &= np.uint32(~((1 << _CARD_BITS) - 1) & 0xFFFFFFFF)
    keys |= deck_codes
    keys.sort(axis=1)
    # Two equal random keys would leave those two cards in code order: reshuffle such shoes exactly.
    flat = keys.ravel()
    near = np.flatnonzero(np.subtract(flat[1:], flat[:-1]) < (1 << _CARD_BITS))
    tied = near[((flat[near] ^ flat[near + 1]) >> _CARD_BITS == 0) & (near % n_cards != n_cards - 1)]
    for row in np.unique(tied // n_cards):
        keys[row] = rng.permuted(deck_codes)
    return keys


def _values(keys: np.ndarray) -> np.ndarray:
    """Card values 0..9 of the shoes, one shoe per column (cards, shoes), padded with _PAD spare rows."""
    n_shoes, n_cards = keys.shape
    by_shoe = np.empty((n_shoes, n_cards), dtype=np.uint8)
    np.bitwise_and(keys, _VALUE_MASK, out=by_shoe, casting="unsafe")
    values = np.zeros((n_cards + _PAD, n_shoes), dtype=np.uint8)
    np.copyto(values[:n_cards], by_shoe.T)  # faster than writing the transposed output directly
    return values


def _deal_lockstep(values: np.ndarray, limit: int, want_positions: bool):
    """Deal every shoe (column of ``values``) in lockstep until all reach their cut card.

    Returns (codes, positions): (steps, n_shoes) arrays of outcome codes (_NO_COUP once a shoe is
    finished) and, if asked, the card position of each coup's first card in its shoe.
    Shoes are columns so that at each step the shoes read nearby rows (better for the cache).
    """
    width, n_shoes = values.shape
    # For a coup whose first card is at position p:
    #   head[p] = (card p + card p+2) * 1900 + (card p+1 + card p+3) * 100   (the two-card sums)
    #   tail[p] = 10 * card p+4 + card p+5                                   (the possible third cards)
    # and head + tail is its index in the lookup tables.
    two_card_sums = np.add(values[:-2], values[2:])
    head = np.full((width, n_shoes), _IDLE, dtype=np.uint16)
    np.multiply(two_card_sums[:-1], _SUMS * 100, out=head[:width - 3], dtype=np.uint16)
    head[:width - 3] += two_card_sums[1:].astype(np.uint16) * 100
    head[limit:] = _IDLE  # past the cut card: no coup, the shoe stays where it is
    tail = np.zeros((width, n_shoes), dtype=np.uint8)
    np.multiply(values[4:-1], 10, out=tail[:width - 5])
    tail[:width - 5] += values[5:]
    head_flat, tail_flat = head.ravel(), tail.ravel()
    step_table = _N_CARDS_TABLE.astype(np.intp) * n_shoes  # cards used -> flat index step

    max_steps = ceil(limit / 4)
    codes = np.empty((max_steps, n_shoes), dtype=np.uint8)
    positions = np.empty((max_steps, n_shoes), dtype=np.intp) if want_positions else None
    position = np.arange(n_shoes, dtype=np.intp)  # flat index: card position * n_shoes + shoe
    head_now = np.empty(n_shoes, dtype=np.uint16)
    tail_now = np.empty(n_shoes, dtype=np.uint8)
    index = np.empty(n_shoes, dtype=np.intp)
    step_now = np.empty(n_shoes, dtype=np.intp)
    first_check = limit // 6  # no shoe can finish before this many coups
    steps = max_steps
    for step in range(max_steps):
        if want_positions:
            positions[step] = position
        head_flat.take(position, out=head_now)
        tail_flat.take(position, out=tail_now)
        np.add(head_now, tail_now, out=index)
        _OUTCOME_TABLE.take(index, out=codes[step])
        step_table.take(index, out=step_now)
        position += step_now
        if step >= first_check and codes[step].min() == _NO_COUP:
            steps = step
            break
    if want_positions:
        positions = positions[:steps] // n_shoes
    return codes[:steps], positions


def _shoe_keys(cards) -> np.ndarray:
    """One shoe in the given order as a (1, n_cards) uint32 key row: position in the high bits, card code low."""
    codes = np.array([_CODE_OF_RANK[card.rank] for card in cards], dtype=np.uint32)
    return ((np.arange(codes.size, dtype=np.uint32) << _CARD_BITS) | codes)[None, :]


def _first_shoe_keys(decks: int, seed) -> np.ndarray:
    """The key row of the shoe ``Shoe(decks, seed)`` shuffles: the first shoe of every function here."""
    shoe = Shoe._of_decks(decks, seed)
    return _shoe_keys(shoe.peek(len(shoe)))


def _shuffled_shoes(rng: np.random.Generator, n_shoes: int, deck_codes: np.ndarray, first) -> np.ndarray:
    """``_shuffle``; when ``first`` is a key row (the run's first chunk), shoe 0 is replaced by it."""
    keys = _shuffle(rng, n_shoes, deck_codes)
    if first is not None:
        keys[0] = first[0]
    return keys


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

    The first shoe is ``Shoe(decks, seed)``'s; the later ones come from numpy's stream (see the module's notes).

    ``n_coups`` may be up to ``MAX_COUNTED_COUPS`` (coups are dealt in chunks, so memory stays flat).

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
        values = _values(_shuffled_shoes(rng, _chunk_size(left, limit), deck_codes, first))
        first = None
        codes, _positions = _deal_lockstep(values, limit, want_positions=False)
        dealt = codes.size - np.count_nonzero(codes == _NO_COUP)
        if dealt > left:  # keep the first `left` coups, shoe by shoe
            shoe_major = codes.T
            codes = shoe_major[shoe_major != _NO_COUP][:left]
            dealt = left
        for code in range(len(OUTCOME_CODES)):
            counts[code] += np.count_nonzero(codes == code)
        left -= dealt
    return {outcome: int(counts[code]) for outcome, code in OUTCOME_CODES.items()}


@dataclass(frozen=True)
class CoupRecords:
    """One row per coup, as numpy arrays of equal length, in the order the coups were dealt.

    - ``outcomes``: codes, ``CODE_OUTCOMES[code]`` is the ``Outcome`` (``OUTCOME_CODES`` the other way).
    - ``player_totals``, ``banker_totals``: final totals 0..9.
    - ``naturals``: either hand had 8 or 9 on its first two cards.
    - ``player_pairs``, ``banker_pairs``: that hand's first two cards have the same rank (J+J, not J+Q).
    - ``n_cards``: cards the coup used, 4..6.
    - ``shoes``: the shoe the coup came from, 0 for the first shoe of the run.
    - ``positions``: where the coup's first card was in its shoe (0 = first card of the shoe).
    - ``shoe_cards``: if kept, an (n_shoes, cards) array of indices into ``cards.RANKS``, the shoes
      in dealt order; else None.
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

    def counts(self) -> dict[Outcome, int]:
        """How many coups each outcome won."""
        tally = np.bincount(self.outcomes, minlength=len(OUTCOME_CODES))
        return {outcome: int(tally[code]) for outcome, code in OUTCOME_CODES.items()}


def _records(keys: np.ndarray, n_coups: int | None, limit: int, first_shoe: int, keep_shoes: bool):
    """CoupRecords of the shoes ``keys``, the first ``n_coups`` coups only (all if None)."""
    n_shoes, n_shoe_cards = keys.shape
    codes, positions = _deal_lockstep(_values(keys), limit, want_positions=True)
    dealt = (codes != _NO_COUP).T  # shoe-major, so coups come out shoe by shoe
    positions = positions.T[dealt][:n_coups]
    shoes = np.nonzero(dealt)[0][:n_coups]
    card_codes = np.zeros((n_shoes, n_shoe_cards + _PAD), dtype=np.uint8)
    np.bitwise_and(keys, (1 << _CARD_BITS) - 1, out=card_codes[:, :n_shoe_cards], casting="unsafe")
    first_card = shoes * card_codes.shape[1] + positions
    card = [card_codes.ravel().take(first_card + k) for k in range(6)]  # the 6 cards from the coup's start
    value = [code & _VALUE_MASK for code in card]
    played = play_values(value[0] + value[2], value[1] + value[3], value[4], value[5])
    player_pairs, banker_pairs = card[0] == card[2], card[1] == card[3]
    shoe_cards = _RANK_INDEX_OF_CODE[card_codes[:, :n_shoe_cards]] if keep_shoes else None
    return CoupRecords(played.outcome, played.player_total, played.banker_total, played.natural, player_pairs,
                       banker_pairs, played.n_cards, (shoes + first_shoe).astype(np.int32), positions.astype(np.int16),
                       shoe_cards)


def _no_records(n_shoe_cards: int | None) -> CoupRecords:
    """Records of zero coups (with an empty shoe_cards array if cards are kept)."""
    small = np.zeros(0, dtype=np.uint8)
    no_flags = np.zeros(0, dtype=bool)
    shoe_cards = None if n_shoe_cards is None else np.zeros((0, n_shoe_cards), dtype=np.int8)
    return CoupRecords(small, small, small, no_flags, no_flags, no_flags, small,
                       np.zeros(0, dtype=np.int32), np.zeros(0, dtype=np.int16), shoe_cards)


def _columns_in_one_block(n: int, dtypes: dict) -> dict:
    """Empty columns of ``n`` entries, one per name, as views of a single buffer (widest types first, so each
    view is aligned). One large allocation goes straight back to the system when the records are freed; many
    medium ones can stay in the process's heap after ``del records``, which is what a lesson's kernel showed."""
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
    """The records of ``n_coups`` coups dealt from consecutive shuffled shoes.

    With ``keep_shoes=True`` the shoes' cards are kept too (``shoe_cards``; about 416 bytes a shoe).
    The same seed gives the same coups as ``outcome_counts``; the first shoe is ``Shoe(decks, seed)``'s (the one
    ``deal_shoe`` deals), the later ones come from numpy's stream (see the module's notes). Records cost memory (about 13 bytes a coup), so
    ``n_coups`` may be at most ``MAX_RECORDED_COUPS``; ``outcome_counts`` counts far more.

    >>> records = simulate_coups(500, seed=7)
    >>> len(records), records.counts() == outcome_counts(500, seed=7)
    (500, True)
    """
    n_coups, decks = _check_n_coups(
        n_coups, MAX_RECORDED_COUPS,
        _("records cost memory; outcome_counts counts up to {most}").format(most=number(MAX_COUNTED_COUPS))), \
        check_decks(decks)
    keep_shoes = _check_flag("keep_shoes", keep_shoes)
    deck_codes, _plan, limit = _shoe_plan(decks, cut_card)
    seed = check_seed(seed)
    rng = np.random.default_rng(seed)
    first = _first_shoe_keys(decks, seed) if n_coups else None
    names = [field.name for field in fields(CoupRecords) if field.name != "shoe_cards"]
    columns, shoe_parts, filled, left, first_shoe = None, [], 0, n_coups, 0
    while left > 0:
        keys = _shuffled_shoes(rng, _chunk_size(left, limit), deck_codes, first)
        first = None
        part = _records(keys, left, limit, first_shoe, keep_shoes)
        if columns is None:  # filled chunk by chunk: memory peaks near the result's size, not twice it
            columns = _columns_in_one_block(n_coups, {name: getattr(part, name).dtype for name in names})
        for name in names:
            columns[name][filled:filled + len(part)] = getattr(part, name)
        if keep_shoes:  # keep only the shoes that dealt a coup we kept
            shoe_parts.append(part.shoe_cards[:part.shoes[-1] - first_shoe + 1])
        filled += len(part)
        first_shoe += len(keys)
        left -= len(part)
    if columns is None:
        return _no_records(deck_codes.size if keep_shoes else None)
    return CoupRecords(**columns, shoe_cards=np.concatenate(shoe_parts) if keep_shoes else None)


def deal_shoe(decks: int = 8, seed=None, cut_card: int = DEFAULT_CUT_CARD) -> CoupRecords:
    """Every coup of one shuffled shoe, up to the cut card, with the shoe's cards kept (for scoreboards).

    It is the shoe ``Shoe(decks, seed)`` deals: the same cards in the same order (suits are not kept), the same
    cut card, so the same coups as ``Shoe(decks, seed, cut_card=cut_card).coups()``.

    >>> shoe = deal_shoe(seed=11)
    >>> 70 < len(shoe) < 95, int(shoe.positions[-1]) < 416 - 14
    (True, True)
    """
    decks = check_decks(decks)
    _codes, _plan, limit = _shoe_plan(decks, cut_card)
    return _records(_first_shoe_keys(decks, check_seed(seed)), None, limit, 0, keep_shoes=True)


def play_shoe(cards, cut_card: int = DEFAULT_CUT_CARD) -> CoupRecords:
    """Every coup of a shoe in the given order (cards as in ``as_cards``; suits are ignored), to the cut card.

    >>> shoe = play_shoe("2 3 3 A 7 4 K 5 9 3", cut_card=0)
    >>> [shoe.outcome(i).label for i in range(len(shoe))], shoe.n_cards.tolist()
    (['Banker'], [6])
    """
    given = as_cards(cards)
    check_shoe_size(len(given))
    limit = _deal_limit(len(given), _check_cut_card(cut_card, len(given)))
    return _records(_shoe_keys(given), None, limit, 0, keep_shoes=True)
