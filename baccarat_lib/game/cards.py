"""Cards, their point values, and parsing cards from text.

>>> parse_cards("2♣ 3♥ 3s Ad 10h K")
[Card('2♣'), Card('3♥'), Card('3♠'), Card('A♦'), Card('10♥'), Card('K')]
"""

from __future__ import annotations

import operator
import re
from dataclasses import dataclass

from ..errors import BaccaratError, refusal, shown
from ..i18n import N_, _

__all__ = ["Card", "parse_cards", "as_cards", "RANKS", "SUITS", "RED_SUITS", "RANK_VALUES", "rank_values_text",
           "card_name", "card_with_value"]

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("♠", "♥", "♦", "♣")
RED_SUITS = frozenset({"♥", "♦"})

RANK_VALUES = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
               "10": 0, "J": 0, "Q": 0, "K": 0}

_RANK_ALIASES = {"T": "10"}
_SUIT_ALIASES = {"S": "♠", "H": "♥", "D": "♦", "C": "♣",
                 "♤": "♠", "♡": "♥", "♢": "♦", "♧": "♣"}
def _accepted() -> str:
    """What a card text may hold, for parse errors."""
    return _('ranks A 2 3 4 5 6 7 8 9 10 J Q K (T = 10), each with an optional suit ♠♥♦♣ or s h d c, '
             'e.g. "2♣ 3♥ Ad 10h K"')

_TOKEN = re.compile(r"^(10|[2-9AJQKT])(.?)$", re.IGNORECASE)
_SEPARATOR = re.compile(r"\s*,\s*|\s+")
_LEADING_SPACE = re.compile(r"\s*")
_PARSED: dict[str, "Card"] = {}   # cleaned token -> its Card: a few hundred valid tokens at most


@dataclass(frozen=True, order=False)
class Card:
    """A playing card: a rank ("K", "10", "t" or a number 2..10) and an optional suit (♠ or s).

    >>> Card("K", "♠").value, Card("7").value
    (0, 7)
    """

    rank: str
    suit: str | None = None

    def __post_init__(self):
        given = self.rank
        number = None if isinstance(given, str) else _index(given)          # Card(7), Card(np.int64(10))
        rank = given.upper() if isinstance(given, str) else str(number) if number in range(100) else ""
        rank = _RANK_ALIASES.get(rank, rank)
        if rank not in RANK_VALUES:
            raise BaccaratError(_("rank must be one of {ranks} (T for 10), not {value}").format(
                ranks=" ".join(RANKS), value=shown(given)))
        object.__setattr__(self, "rank", rank)
        if self.suit is not None:
            object.__setattr__(self, "suit", _parse_suit(self.suit))

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
        """The card as written in the course: '7♦', or 'K' without a suit."""
        return self.rank + (self.suit or "")

    def __str__(self):
        return self.label

    def __repr__(self):
        return f"Card({self.label!r})"


def _index(value) -> int | None:
    """``value`` as an int when it is an int or a numpy integer (not a bool), else None."""
    if isinstance(value, bool) or type(value).__name__ == "bool_" or not hasattr(value, "__index__"):
        return None
    try:
        return operator.index(value)
    except TypeError:                # e.g. a numpy array of several numbers
        return None


def _iterable(value, refused: tuple):
    """An iterator over ``value``, or None when it is not a collection or is of a ``refused`` type."""
    if isinstance(value, refused):
        return None
    try:
        return iter(value)
    except TypeError:                # a number, None, a 0-d numpy array
        return None


def _parse_suit(suit) -> str:
    """A suit symbol from '♠♥♦♣' or a letter 's h d c'."""
    symbol = suit.replace("\ufe0f", "") if isinstance(suit, str) else ""
    symbol = _SUIT_ALIASES.get(symbol.upper(), symbol)
    if symbol not in SUITS:
        raise refusal(_("suit must be None, one of ♠ ♥ ♦ ♣ or a letter s h d c, not {value}"), value=suit)
    return symbol


def _parse_token(token: str, position: int) -> Card:
    """One card from one token such as '10h', 'A♦' or 'K'."""
    cleaned = token.replace("\ufe0f", "") if "\ufe0f" in token else token
    card = _PARSED.get(cleaned)
    if card is not None:
        return card
    match = _TOKEN.match(cleaned)
    if not match:
        raise BaccaratError(_("card {position} {token} is not a card: accepted are {accepted}").format(
            position=position, token=shown(token, 24), accepted=_accepted()))
    rank, suit = match.groups()
    try:
        card = Card(rank, _parse_suit(suit) if suit else None)
    except BaccaratError:
        raise BaccaratError(_("card {position} {token}: unknown suit {suit}: accepted are {accepted}").format(
            position=position, token=shown(token, 24), suit=repr(suit), accepted=_accepted())) from None
    _PARSED[cleaned] = card
    return card


def _tokens(text: str):
    """The tokens of ``text`` split at commas and spaces, lazily (a long text is never scanned whole)."""
    start = _LEADING_SPACE.match(text).end()
    if start == len(text):
        return
    for separator in _SEPARATOR.finditer(text, start):
        yield text[start:separator.start()]
        start = separator.end()
        if start == len(text):
            if "," in separator.group():
                yield ""               # a comma at the very end: an empty last card
            return
    yield text[start:]


def _iter_text(text: str):
    for position, token in enumerate(_tokens(text), start=1):
        if not token:
            raise BaccaratError(_("card {position} is empty (two commas in a row?) in {text}: accepted are "
                                  "{accepted}").format(position=position, text=shown(text, 30), accepted=_accepted()))
        yield _parse_token(token, position)


def parse_cards(text: str) -> list[Card]:
    """Cards from text separated by spaces or commas.

    >>> parse_cards("7, 8")
    [Card('7'), Card('8')]
    """
    if not isinstance(text, str):
        raise BaccaratError(_("text must be a string of cards ({accepted}), not {value}").format(
            accepted=_accepted(), value=shown(text, 30)))
    if "," in text:
        return list(_iter_text(text))
    cards, known = [], _PARSED.get           # no commas: str.split() is much faster
    for position, token in enumerate(text.split(), start=1):
        cards.append(known(token) or _parse_token(token, position))
    return cards


def _iter_cards(cards, name: str = "cards"):
    """The cards of ``cards`` (as ``as_cards`` takes them), lazily."""
    if isinstance(cards, str):
        return _iter_text(cards)
    if isinstance(cards, Card):
        return iter((cards,))
    if not isinstance(cards, (bytes, bytearray, dict)) and cards is not None:
        try:
            return _iter_items(iter(cards))
        except TypeError:                # not a collection: a number, say
            pass
    raise BaccaratError(_('{name} must be text such as "2♣ 3♥ K" or a list of cards, not {value}').format(
        name=name, value=shown(cards, 30)))


def _iter_items(items):
    for position, item in enumerate(items, start=1):
        if isinstance(item, Card):
            yield item
        elif isinstance(item, str):
            yield _parse_token(item.strip(), position)
        else:
            raise BaccaratError(_('card {position} must be a Card or text such as "7♦", not {value}').format(
                position=position, value=shown(item, 30)))


def as_cards(cards) -> list[Card]:
    """A list of Cards from text or an iterable of Cards and card strings."""
    return list(_iter_cards(cards))


def rank_values_text() -> str:
    """Every rank with its point value underneath.

    >>> print(rank_values_text())
    card:   A  2  3  4  5  6  7  8  9 10  J  Q  K
    value:  1  2  3  4  5  6  7  8  9  0  0  0  0
    """
    return "\n".join([_("card:  {ranks}").format(ranks=" ".join(f"{rank:>2}" for rank in RANKS)),
                      _("value: {values}").format(values=" ".join(f"{RANK_VALUES[rank]:>2}" for rank in RANKS))])


# A card in words: one message per suit, so each language orders the words its own way ("7 of hearts", "7 cơ").
_RANK_NAMES = {"A": N_("Ace"), "J": N_("Jack"), "Q": N_("Queen"), "K": N_("King")}
_SUIT_NAMES = {"♥": N_("{rank} of hearts"), "♦": N_("{rank} of diamonds"), "♣": N_("{rank} of clubs"),
               "♠": N_("{rank} of spades")}


def card_name(card) -> str:
    """A card in words, as a screen reader should say a card face.

    >>> card_name("7♥"), card_name(Card("K", "♠")), card_name("A")
    ('7 of hearts', 'King of spades', 'Ace')
    """
    if not isinstance(card, Card):
        try:
            cards = as_cards(card) if isinstance(card, str) else None
        except BaccaratError:
            cards = None
        if not cards or len(cards) != 1:
            raise BaccaratError(_('card must be one card, a Card or its text such as "7♥", not {value}').format(
                value=shown(card, 30)))
        card = cards[0]
    rank = _(_RANK_NAMES[card.rank]) if card.rank in _RANK_NAMES else card.rank
    return rank if card.suit is None else _(_SUIT_NAMES[card.suit]).format(rank=rank)


def card_with_value(words: str, value: int) -> str:
    """A card said with its point value: the one wording of "worth N" for every view and explanation.

    >>> card_with_value("K", 0), card_with_value(card_name("7♥"), 7)
    ('K (worth 0)', '7 of hearts (worth 7)')
    """
    return _("{card} (worth {value})").format(card=words, value=value)
