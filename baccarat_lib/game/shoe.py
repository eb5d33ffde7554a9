"""A shoe of shuffled cards that deals cards and whole coups.

Public names:

- ``Shoe(decks=8, seed=None, cards=None, cut_card=None)``: 1..8 full decks, or the given cards, shuffled.
- ``ShoeRun(decks=8, seed=None)``: consecutive shoes from one seed: a fresh shoe after each cut card.
- ``full_shoe(decks)``: the cards of ``decks`` standard 52-card decks, in order.
- ``shoe_counts(decks=8, removed=())``: the rank counts A..K of a full shoe after ``removed`` cards are taken out.
- ``remove_cards(cards, removed)``: the cards left after taking ``removed`` out (checks each is there).
- ``value_counts(cards)``: how many cards of each point value 0..9.
- ``rank_counts(cards)``: how many cards of each rank A..K (suits ignored).

>>> shoe = Shoe(decks=1, seed=7)
>>> len(shoe), shoe.value_counts()
(52, (16, 4, 4, 4, 4, 4, 4, 4, 4, 4))
>>> coup = shoe.deal_coup()
>>> len(shoe) == 52 - len(coup.cards)
True
"""

from __future__ import annotations

import random
from collections import Counter

from .cards import RANKS, SUITS, Card, as_cards
from .coup import Coup, play_coup
from ..errors import BaccaratError

__all__ = ["Shoe", "ShoeRun", "full_shoe", "shoe_counts", "remove_cards", "value_counts", "rank_counts",
           "check_decks", "DECK_RANGE"]

DECK_RANGE = range(1, 9)


def check_decks(decks) -> int:
    """The number of decks, checked to be a whole number 1..8."""
    if isinstance(decks, bool) or not isinstance(decks, int) or decks not in DECK_RANGE:
        raise BaccaratError(f"a shoe holds 1 to 8 decks, not {decks!r}")
    return decks


def full_shoe(decks: int = 8) -> list[Card]:
    """The cards of ``decks`` standard 52-card decks, unshuffled.

    >>> len(full_shoe(6))
    312
    """
    check_decks(decks)
    return [Card(rank, suit) for _ in range(decks) for suit in SUITS for rank in RANKS]


def shoe_counts(decks: int = 8, removed=()) -> tuple[int, ...]:
    """How many cards of each rank A..K are left in ``decks`` decks after ``removed`` cards are taken out.

    >>> shoe_counts(1, "A♠ A K")
    (2, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3)
    """
    check_decks(decks)
    cards = as_cards(removed)
    by_rank = Counter(card.rank for card in cards)
    by_card = Counter(card for card in cards if card.suit)
    for card, count in by_card.items():
        if count > decks:
            raise BaccaratError(f"cannot remove {count} × {card.label}: a {decks}-deck shoe holds only "
                                f"{decks}; remove only cards the shoe holds")
    for rank, count in by_rank.items():
        if count > 4 * decks:
            raise BaccaratError(f"cannot remove {count} × {rank}: a {decks}-deck shoe holds only "
                                f"{4 * decks}; remove only cards the shoe holds")
    return tuple(4 * decks - by_rank[rank] for rank in RANKS)


def remove_cards(cards, removed) -> list[Card]:
    """The cards left after taking out ``removed``; a rank-only card takes any suit of that rank.

    >>> len(remove_cards(full_shoe(1), "A♠ K 5"))
    49
    """
    left = Counter(as_cards(cards))
    for card in as_cards(removed):
        match = card if card.suit else _any_suit(left, card.rank)
        if match is None or left[match] == 0:
            held = sum(n for c, n in left.items() if c.rank == card.rank and (card.suit in (None, c.suit)))
            raise BaccaratError(f"cannot remove {card.label}: the shoe holds no more of it "
                                f"({held} left of that card); remove only cards the shoe holds")
        left[match] -= 1
    return list(left.elements())


def _any_suit(left: Counter, rank: str) -> Card | None:
    """The card of this rank the shoe has most of (rank-only cards included)."""
    candidates = [card for card in left if card.rank == rank and left[card] > 0]
    return max(candidates, key=lambda card: (left[card], card.suit or ""), default=None)


def value_counts(cards) -> tuple[int, ...]:
    """How many cards of each point value 0..9."""
    counts = Counter(card.value for card in as_cards(cards))
    return tuple(counts[value] for value in range(10))


def rank_counts(cards) -> tuple[int, ...]:
    """How many cards of each rank A..K (suits ignored): cards as text, a list, or a Counter such as ``Shoe.remaining()``.

    >>> rank_counts("A A K 7♠")
    (2, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1)
    """
    counter = cards if isinstance(cards, Counter) else Counter(as_cards(cards))
    by_rank = Counter()
    for card, count in counter.items():
        by_rank[as_cards([card])[0].rank] += count
    return tuple(by_rank[rank] for rank in RANKS)


class Shoe:
    """A shuffled shoe: ``decks`` full decks, or the given ``cards``; ``seed`` makes the shuffle reproducible.

    ``cut_card`` is how many cards stay behind the cut card (default: 14, or none for a shoe under 52 cards);
    ``coups()`` deals until the cut card comes out.
    """

    def __init__(self, decks: int = 8, seed=None, cards=None, cut_card: int | None = None):
        self.decks = None if cards is not None else check_decks(decks)
        self._cards = as_cards(cards) if cards is not None else full_shoe(decks)
        self.rng = random.Random(seed)
        self.rng.shuffle(self._cards)
        self.position = 0
        if cut_card is None:
            cut_card = 14 if len(self._cards) >= 52 else 0
        if isinstance(cut_card, bool) or not isinstance(cut_card, int) or not 0 <= cut_card <= len(self._cards):
            raise BaccaratError(f"cut_card is the number of cards behind the cut card, "
                                f"0..{len(self._cards)}, not {cut_card!r}")
        self.cut_card = cut_card

    def __len__(self) -> int:
        """Cards left to deal."""
        return len(self._cards) - self.position

    def __repr__(self):
        return f"Shoe({len(self)} cards left of {len(self._cards)})"

    @property
    def dealt(self) -> list[Card]:
        """The cards dealt so far, in order."""
        return self._cards[:self.position]

    def remaining(self) -> Counter:
        """The composition left: Card -> count."""
        return Counter(self._cards[self.position:])

    def value_counts(self) -> tuple[int, ...]:
        """How many cards of each point value 0..9 are left."""
        return value_counts(self._cards[self.position:])

    def rank_counts(self) -> tuple[int, ...]:
        """How many cards of each rank A..K are left."""
        return rank_counts(self._cards[self.position:])

    def peek(self, n: int = 1) -> list[Card]:
        """The next ``n`` cards without dealing them."""
        return self._cards[self.position:self.position + n]

    def deal(self, n: int = 1) -> list[Card]:
        """Deal the next ``n`` cards."""
        if n > len(self):
            raise BaccaratError(f"cannot deal {n} cards: only {len(self)} left in the shoe")
        cards = self.peek(n)
        self.position += n
        return cards

    def deal_coup(self) -> Coup:
        """Deal and play one coup, taking only the cards the rules ask for."""
        try:
            coup = play_coup(self.peek(6))
        except BaccaratError:
            raise BaccaratError(f"the shoe has only {len(self)} cards left, too few for a coup "
                                "that may need 6: start a new shoe") from None
        self.position += len(coup.cards)
        return coup

    @property
    def past_cut_card(self) -> bool:
        """True once the cut card has come out: finish the shoe and reshuffle."""
        return len(self) <= self.cut_card

    def coups(self):
        """Deal coups until the cut card comes out (or the shoe cannot finish another coup)."""
        while not self.past_cut_card and len(self) >= 6:
            yield self.deal_coup()


class ShoeRun:
    """Consecutive shoes from one seed, as at a table: coups come from ``shoe`` until its cut card comes out,
    then a fresh shoe is shuffled (shoe ``number`` n > 1 is seeded ``f"{seed}-{n}"``, so the run replays).

    >>> run = ShoeRun(decks=1, seed=3)
    >>> fresh = [run.deal_coup()[1] for _ in range(12)]
    >>> fresh.index(True) > 0, run.number
    (True, 2)
    """

    def __init__(self, decks: int = 8, seed=None):
        self.decks, self.seed = check_decks(decks), seed
        self.number = 1
        self.shoe = Shoe(decks=decks, seed=seed)

    def deal_coup(self) -> tuple[Coup, bool]:
        """The next coup, and True when a fresh shoe had to be shuffled for it."""
        fresh = self.shoe.past_cut_card or len(self.shoe) < 6
        if fresh:
            self.number += 1
            self.shoe = Shoe(decks=self.decks, seed=None if self.seed is None else f"{self.seed}-{self.number}")
        return self.shoe.deal_coup(), fresh
