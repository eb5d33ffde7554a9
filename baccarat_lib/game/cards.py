"""Cards, their point values, and parsing cards from text.

Public names:

- ``Card(rank, suit=None)``: a playing card; ``.value`` is its baccarat point value.
- ``parse_cards(text)``: ``"2♣ 3♥ 3s Ad 10h K"`` -> a list of ``Card``.
- ``as_cards(cards)``: a ``parse_cards`` string, or an iterable of Cards / card strings -> a list of ``Card``.
- ``RANKS``, ``SUITS``, ``RED_SUITS``, ``RANK_VALUES``: the vocabulary.

>>> parse_cards("2♣ 3♥ 3s Ad 10h K")
[Card('2♣'), Card('3♥'), Card('3♠'), Card('A♦'), Card('10♥'), Card('K')]
>>> [card.value for card in parse_cards("A 9 10 J Q K")]
[1, 9, 0, 0, 0, 0]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import BaccaratError

__all__ = ["Card", "parse_cards", "as_cards", "RANKS", "SUITS", "RED_SUITS", "RANK_VALUES"]

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("♠", "♥", "♦", "♣")
RED_SUITS = frozenset({"♥", "♦"})

# A = 1, 2..9 = face value, 10 J Q K = 0.
RANK_VALUES = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
               "10": 0, "J": 0, "Q": 0, "K": 0}

_RANK_ALIASES = {"T": "10"}
_SUIT_ALIASES = {"S": "♠", "H": "♥", "D": "♦", "C": "♣",
                 "♤": "♠", "♡": "♥", "♢": "♦", "♧": "♣"}
_ACCEPTED = ("ranks A 2 3 4 5 6 7 8 9 10 J Q K (T for ten), each with an optional suit "
             "♠ ♥ ♦ ♣ or s h d c, e.g. \"2♣ 3♥ 3s Ad 10h K\"")
_TOKEN = re.compile(r"^(10|[2-9AJQKT])(.?)$", re.IGNORECASE)


@dataclass(frozen=True, order=False)
class Card:
    """A playing card: a rank from ``RANKS`` and an optional suit from ``SUITS``.

    >>> Card("K", "♠").value, Card("7").value
    (0, 7)
    """

    rank: str
    suit: str | None = None

    def __post_init__(self):
        rank = _RANK_ALIASES.get(str(self.rank).upper(), str(self.rank).upper())
        if rank not in RANK_VALUES:
            raise BaccaratError(f"unknown rank {self.rank!r}: accepted are {_ACCEPTED}")
        object.__setattr__(self, "rank", rank)
        if self.suit is not None:
            object.__setattr__(self, "suit", _parse_suit(self.suit, str(self.rank)))

    @property
    def value(self) -> int:
        """The point value: A = 1, 2..9 face value, 10 J Q K = 0."""
        return RANK_VALUES[self.rank]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds (a card without a suit is not red)."""
        return self.suit in RED_SUITS

    @property
    def label(self) -> str:
        """The card as written in the course: ``'7♦'``, or ``'K'`` without a suit."""
        return self.rank + (self.suit or "")

    def __str__(self):
        return self.label

    def __repr__(self):
        return f"Card({self.label!r})"


def _parse_suit(suit: str, token: str) -> str:
    """A suit symbol from '♠♥♦♣' or a letter 's h d c' (either case)."""
    symbol = str(suit).replace("\ufe0f", "")
    symbol = _SUIT_ALIASES.get(symbol.upper(), symbol)
    if symbol not in SUITS:
        raise BaccaratError(f"unknown suit {suit!r} in card {token!r}: accepted are {_ACCEPTED}")
    return symbol


def _parse_token(token: str, position: int) -> Card:
    """One card from one token such as '10h', 'A♦' or 'K'."""
    cleaned = token.replace("\ufe0f", "")
    match = _TOKEN.match(cleaned)
    if not match:
        raise BaccaratError(f"card {position} {token!r} is not a card: accepted are {_ACCEPTED}")
    rank, suit = match.groups()
    return Card(rank, _parse_suit(suit, token) if suit else None)


def parse_cards(text: str) -> list[Card]:
    """Cards from text separated by spaces or commas: ``"2♣ 3♥ 3s Ad 10h K"``.

    An empty string gives no cards; an empty token between commas is an error.

    >>> parse_cards("7, 8")
    [Card('7'), Card('8')]
    """
    if not isinstance(text, str):
        raise BaccaratError(f"parse_cards takes a string, not {type(text).__name__}: {_ACCEPTED}")
    stripped = text.strip()
    if not stripped:
        return []
    tokens = re.split(r"\s*,\s*|\s+", stripped)
    cards = []
    for position, token in enumerate(tokens, start=1):
        if not token:
            raise BaccaratError(f"card {position} is empty (two commas in a row?) in {text!r}: "
                                f"accepted are {_ACCEPTED}")
        cards.append(_parse_token(token, position))
    return cards


def as_cards(cards) -> list[Card]:
    """A list of Cards from a ``parse_cards`` string or an iterable of Cards and card strings."""
    if isinstance(cards, str):
        return parse_cards(cards)
    if isinstance(cards, Card):
        return [cards]
    try:
        items = list(cards)
    except TypeError:
        raise BaccaratError(f"expected cards, got {cards!r}: {_ACCEPTED}") from None
    result = []
    for position, item in enumerate(items, start=1):
        if isinstance(item, Card):
            result.append(item)
        elif isinstance(item, str):
            result.append(_parse_token(item.strip(), position))
        else:
            raise BaccaratError(f"card {position} {item!r} is not a card: give Card objects or {_ACCEPTED}")
    return result
