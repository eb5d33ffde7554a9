"""A shoe of shuffled cards that deals cards and whole coups.

>>> shoe = Shoe(decks=1, seed=7)
>>> len(shoe), shoe.rank_counts()
(52, (4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4))
>>> coup = shoe.deal_coup()
>>> len(shoe) == 52 - len(coup.cards)
True
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter

from .cards import RANKS, SUITS, Card, as_cards
from .coup import Coup, play_coup
from ..errors import BaccaratError, check_seed, refusal, shown, whole_number
from ..i18n import _

__all__ = ["Shoe", "ShoeRun", "shoe_counts", "rank_counts", "check_decks", "DECK_RANGE"]

DECK_RANGE = range(1, 9)


def check_decks(decks) -> int:
    """The number of decks, a whole number 1..8, as an int."""
    try:
        return whole_number("decks", decks, DECK_RANGE.start, DECK_RANGE.stop - 1)
    except BaccaratError:
        raise refusal(_("decks must be a whole number: a shoe holds 1 to 8 decks, not {value}"), value=decks) from None


def _full_shoe(decks: int) -> list[Card]:
    """The cards of ``decks`` 52-card decks, unshuffled."""
    return [Card(rank, suit) for _deck in range(decks) for suit in SUITS for rank in RANKS]


def shoe_counts(decks: int = 8, removed=()) -> tuple[int, ...]:
    """How many cards of each rank A..K are left in ``decks`` decks after ``removed`` are taken out.

    >>> shoe_counts(1, "A♠ A K")
    (2, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3)
    """
    return _shoe_counts(check_decks(decks), as_cards(removed))


def _shoe_counts(decks: int, cards=()) -> tuple[int, ...]:
    """``shoe_counts`` of checked arguments."""
    by_rank = Counter(card.rank for card in cards)
    by_card = Counter(card.label for card in cards if card.suit)
    for held, counts in ((decks, by_card), (4 * decks, by_rank)):
        for card, count in counts.items():
            if count > held:
                raise BaccaratError(_("cannot remove {count} × {card}: a {decks}-deck shoe holds only {held}; "
                                      "remove only cards the shoe holds").format(count=count, card=card, decks=decks,
                                                                                 held=held))
    return tuple(4 * decks - by_rank[rank] for rank in RANKS)


def rank_counts(cards) -> tuple[int, ...]:
    """How many cards of each rank A..K.

    >>> rank_counts("A A K 7♠")
    (2, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1)
    """
    by_rank = Counter(card.rank for card in as_cards(cards))
    return tuple(by_rank[rank] for rank in RANKS)


class Shoe:
    """A shoe of ``decks`` full decks (8) or of ``cards``, shuffled by ``seed``; ``cut_card`` cards stay behind the
    cut card (14, or 0 under 52 cards)."""

    def __init__(self, decks: int | None = None, seed=None, cards=None, cut_card: int | None = None):
        seed = check_seed(seed)
        if cards is None:
            decks = check_decks(8 if decks is None else decks)
            cards = _full_shoe(decks)
        else:
            cards = as_cards(cards)
            if decks is not None:
                decks = check_decks(decks)
                if Counter(cards) != Counter(_full_shoe(decks)):
                    raise BaccaratError(_("decks={decks} contradicts cards: they are {count} cards, not {decks} full "
                                          "decks; give decks or cards, not both").format(decks=decks,
                                                                                         count=len(cards)))
        if cut_card is None:
            cut_card = 14 if len(cards) >= 52 else 0
        try:
            cut_card = whole_number("cut_card", cut_card, 0, len(cards))
        except BaccaratError:
            raise BaccaratError(_("cut_card is the number of cards behind the cut card, a whole number 0..{high}, "
                                  "not {value}").format(high=len(cards), value=shown(cut_card))) from None
        self._shuffle(cards, decks, seed, cut_card)

    @classmethod
    def _of_decks(cls, decks: int, seed: int | None) -> Shoe:
        """``Shoe(decks, seed)`` of checked arguments."""
        shoe = cls.__new__(cls)
        shoe._shuffle(_full_shoe(decks), decks, seed, 14)
        return shoe

    def _shuffle(self, cards: list[Card], decks: int | None, seed: int | None, cut_card: int) -> None:
        self._cards, self.decks, self.cut_card = cards, decks, cut_card
        self.rng = random.Random(seed)
        self.rng.shuffle(self._cards)
        self.position = 0

    def __len__(self) -> int:
        """Cards left to deal."""
        return len(self._cards) - self.position

    def __repr__(self):
        return f"Shoe({len(self)} cards left of {len(self._cards)})"

    def __str__(self):
        """"411 cards left in the shoe, of 416." """
        return _("{left} cards left in the shoe, of {total}.").format(left=len(self), total=len(self._cards))

    @property
    def dealt(self) -> list[Card]:
        """The cards dealt so far, in order."""
        return self._cards[:self.position]

    def rank_counts(self) -> tuple[int, ...]:
        """How many cards of each rank A..K are left."""
        return rank_counts(self._cards[self.position:])

    def peek(self, n: int = 1) -> list[Card]:
        """The next ``n`` cards without dealing them (fewer when fewer are left)."""
        n = whole_number("n", n, 0)
        return self._cards[self.position:self.position + n]

    def deal(self, n: int = 1) -> list[Card]:
        """Deal the next ``n`` cards."""
        n = whole_number("n", n, 0)
        if n > len(self):
            raise BaccaratError(_("cannot deal {count} cards: only {left} left in the shoe").format(
                count=shown(n), left=len(self)))
        cards = self.peek(n)
        self.position += n
        return cards

    def deal_coup(self) -> Coup:
        """Deal and play one coup, taking only the cards the rules ask for."""
        try:
            coup = play_coup(self.peek(6))
        except BaccaratError:
            raise BaccaratError(_("the shoe has only {left} cards left, too few for a coup that may need 6: start a "
                                  "new shoe").format(left=len(self))) from None
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


def _seed_text(seed: int) -> str:
    """A seed as text: decimal, or hexadecimal past the digits Python writes in decimal."""
    return str(seed) if seed.bit_length() <= 14_000 else hex(seed)


def _shoe_seed(seed: int, number: int) -> int:
    """The seed of shoe ``number`` of a ``ShoeRun``: what ``random.seed`` makes of ``f"{seed}-{number}"``."""
    text = f"{_seed_text(seed)}-{number}".encode()
    return int.from_bytes(text + hashlib.sha512(text).digest(), "big")


class ShoeRun:
    """Consecutive shoes from one ``seed`` (None: random), a fresh one after each cut card, so the run replays.

    >>> run = ShoeRun(decks=1, seed=3)
    >>> fresh = [run.deal_coup()[1] for _ in range(12)]
    >>> fresh.index(True) > 0, run.number
    (True, 2)
    """

    def __init__(self, decks: int = 8, seed=None):
        self.decks, self.seed = check_decks(decks), check_seed(seed)
        self.number = 1
        self.shoe = Shoe._of_decks(self.decks, self.seed)

    def deal_coup(self) -> tuple[Coup, bool]:
        """The next coup, and True when a fresh shoe had to be shuffled for it."""
        fresh = self.shoe.past_cut_card or len(self.shoe) < 6
        if fresh:
            self.number += 1
            self.shoe = Shoe._of_decks(self.decks, None if self.seed is None else _shoe_seed(self.seed, self.number))
        return self.shoe.deal_coup(), fresh
