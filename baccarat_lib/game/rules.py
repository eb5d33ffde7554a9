"""The Punto Banco drawing rules, written as data, one rule per function.

Public names:

- ``BANKER_TABLEAU``: Banker's two-card total -> the Player third-card values on which Banker draws.
  It is the one literal shaped like the printed table; everything else reads it.
- ``PLAYER_DRAWS_ON``: the two-card totals on which Player draws (also Banker's rule when Player stood).
- ``NATURALS``: the two-card totals that are naturals (8 and 9).
- ``hand_total(cards)``: the total of a hand, 0..9.
- ``total_working(cards)``: the same total worked out in words, for explanations.
- ``is_natural(cards)``: 8 or 9 on the first two cards.
- ``player_draws(player_total)``: does Player draw a third card?
- ``banker_draws(banker_total, player_third_card)``: does Banker draw a third card?
- ``player_decision``, ``banker_decision``: the same answers with the sentence that explains them.
- ``describe_values(values)``: ``{2, 3, 4, 5, 6, 7}`` -> ``'2–7'``.
- ``Decision``: what ``player_decision`` and ``banker_decision`` return; ``third_card_value(card)``: Player's third
  card as a value 0..9 (None: Player stood); ``TOTALS``, ``THIRD_CARD_VALUES`` (0..9) and ``ANY`` (every value).

>>> hand_total("7 8"), hand_total("K 9"), hand_total("6 7 8")
(5, 9, 1)
>>> player_draws(5), player_draws(6)
(True, False)
>>> banker_draws(4, 7), banker_draws(4, 8), banker_draws(4, None)
(True, False, True)
"""

from __future__ import annotations

from typing import NamedTuple

from itertools import islice

from .cards import Card, _iter_cards, as_cards
from ..errors import BaccaratError, shown, whole_number
from ..i18n import _

__all__ = ["BANKER_TABLEAU", "PLAYER_DRAWS_ON", "NATURALS", "ANY", "TOTALS", "THIRD_CARD_VALUES", "Decision",
           "hand_total", "total_working", "is_natural", "player_draws", "banker_draws",
           "player_decision", "banker_decision", "describe_values", "third_card_value"]

TOTALS = range(10)
THIRD_CARD_VALUES = range(10)
ANY = frozenset(THIRD_CARD_VALUES)

# Banker's two-card total -> values of Player's third card on which Banker DRAWS.
# Read it like the printed table: row 3 draws on anything but 8, row 6 only on 6 and 7.
BANKER_TABLEAU = {
    0: ANY,
    1: ANY,
    2: ANY,
    3: ANY - {8},
    4: frozenset({2, 3, 4, 5, 6, 7}),
    5: frozenset({4, 5, 6, 7}),
    6: frozenset({6, 7}),
    7: frozenset(),
}

# Player's two-card totals that draw; 6 and 7 stand (8 and 9 are naturals, settled before).
PLAYER_DRAWS_ON = frozenset({0, 1, 2, 3, 4, 5})

# Two-card totals that are naturals: both hands then stand and are compared at once.
NATURALS = frozenset({8, 9})


class _DecisionFields(NamedTuple):
    draws: bool
    reason: str


class Decision(_DecisionFields):
    """A draw-or-stand decision (``draws``) and the sentence that explains it (``reason``)."""

    __slots__ = ()

    def __new__(cls, draws: bool, reason: str):
        if not isinstance(draws, bool):
            raise BaccaratError(_("draws must be True or False, not {value}").format(value=shown(draws)))
        if not isinstance(reason, str):
            raise BaccaratError(_("reason must be a sentence, not {value}").format(value=shown(reason)))
        return super().__new__(cls, draws, reason)


def hand_total(cards) -> int:
    """The hand's total: the sum of the card values mod 10 (only the units digit counts).

    >>> hand_total("Q 9"), hand_total("2 4"), hand_total("5 5")
    (9, 6, 0)
    """
    return sum(card.value for card in as_cards(cards)) % 10


def total_working(cards) -> str:
    """A hand total worked out in words: card values first when a card is a picture or an ace.

    >>> total_working("6 7 8"), total_working("A Q"), total_working("5 5")
    ('6 + 7 + 8 = 21 → keep the units digit: 1', 'A + Q → 1 + 0 = 1', '5 + 5 = 10 → keep the units digit: 0')
    """
    cards = as_cards(cards)
    if not cards:
        raise BaccaratError(_("cards must hold at least one card to have a total, not none"))
    ranks = " + ".join(card.rank for card in cards)
    values = " + ".join(str(card.value) for card in cards)
    raw = sum(card.value for card in cards)
    working = ranks if ranks == values else f"{ranks} → {values}"
    if raw >= 10:
        return _("{working} = {raw} → keep the units digit: {total}").format(working=working, raw=raw,
                                                                             total=hand_total(cards))
    return f"{working} = {raw}"


def is_natural(cards) -> bool:
    """True when a hand has 8 or 9 on its first two cards; a third card never makes a natural.

    >>> is_natural("K 9"), is_natural("4 4"), is_natural("2 3 3")
    (True, True, False)
    """
    cards = as_cards(cards)
    return len(cards) == 2 and hand_total(cards) in NATURALS


def _check_total(total, name: str) -> int:
    return whole_number(name, total, 0, 9)


def third_card_value(player_third_card) -> int | None:
    """The point value of Player's third card given as a Card, a value 0..9 or a card string; None if Player stood."""
    if player_third_card is None:
        return None
    if isinstance(player_third_card, Card):
        return player_third_card.value
    if isinstance(player_third_card, str):
        cards = list(islice(_iter_cards(player_third_card, "player_third_card"), 2))
        if len(cards) != 1:
            raise BaccaratError(_("player_third_card must be one card, not {value}").format(
                value=shown(player_third_card)))
        return cards[0].value
    try:
        return whole_number("player_third_card", player_third_card, 0, 9)
    except BaccaratError:
        raise BaccaratError(_("player_third_card must be a Card, a point value 0..9, or None when Player stood, "
                              "not {value}").format(value=shown(player_third_card))) from None


def describe_values(values) -> str:
    """Values as runs for a sentence: ``{2,3,4,5,6,7}`` -> ``'2–7'``, ``{0,1,2,9}`` -> ``'0–2, 9'``.

    >>> describe_values({6, 7}), describe_values({0, 1, 2, 3, 4, 5, 6, 7, 9}), describe_values(set())
    ('6–7', '0–7, 9', 'nothing')
    """
    try:
        items = None if isinstance(values, (str, bytes)) else iter(values)
    except TypeError:                # not iterable (a number, a 0-d numpy array)
        items = None
    if items is None:
        raise BaccaratError(_("values must be a collection of whole numbers 0..9, not {value}").format(
            value=shown(values)))
    values = sorted({whole_number("each of values", value, 0, 9) for value in items})
    if not values:
        return _("nothing")
    runs, start = [], values[0]
    for value, following in zip(values, values[1:] + [None]):
        if following != value + 1:
            runs.append(f"{start}" if start == value else f"{start}–{value}")
            start = following
    return ", ".join(runs)


def player_decision(player_total: int) -> Decision:
    """Player's rule: 0–5 draws, 6–7 stands.

    >>> player_decision(5).reason
    '0–5 draws.'
    """
    player_total = _check_total(player_total, "player_total")
    if player_total in NATURALS:
        return Decision(False, _("{total} is a natural: no more cards.").format(total=player_total))
    if player_total in PLAYER_DRAWS_ON:
        return Decision(True, _("{totals} draws.").format(totals=describe_values(PLAYER_DRAWS_ON)))
    return Decision(False, _("{totals} stands.").format(totals=describe_values(set(range(8)) - PLAYER_DRAWS_ON)))


def player_draws(player_total: int) -> bool:
    """True when Player draws a third card: on 0–5 (no natural on either side)."""
    return player_decision(player_total).draws


def _third_card_words(rank: str, third_value: int) -> str:
    """"Player's third card is a 7", "... is an 8", "... is a K (worth 0)": one catalog sentence per article."""
    if str(third_value) != rank:
        card = _("{rank} (worth {value})").format(rank=rank, value=third_value)
    else:
        card = rank
    message = (_("Player's third card is an {card}") if rank in ("8", "A")
               else _("Player's third card is a {card}"))
    return message.format(card=card)


def _tableau_phrase(banker_total: int, only: bool = False) -> str:
    """What the tableau row says, in words: 'Banker draws on 2–7', 'Banker draws on any card', 'Banker never
    draws'; with ``only``, 'Banker draws only on 6–7' (said when Banker stands)."""
    draw_values = BANKER_TABLEAU[banker_total]
    if draw_values == ANY:
        return _("Banker draws on any card")
    if not draw_values:
        return _("Banker never draws")
    missing = ANY - draw_values
    if len(missing) == 1:
        return _("Banker draws on any card but {value}").format(value=next(iter(missing)))
    if only:
        return _("Banker draws only on {values}").format(values=describe_values(draw_values))
    return _("Banker draws on {values}").format(values=describe_values(draw_values))


def banker_decision(banker_total: int, player_third_card) -> Decision:
    """Banker's rule: Player stood -> 0–5 draws; Player drew -> the tableau row for ``banker_total``.

    >>> banker_decision(4, 7).reason
    "Player's third card is a 7: with 4, Banker draws on 2–7."
    """
    banker_total = _check_total(banker_total, "banker_total")
    third_value = third_card_value(player_third_card)
    if banker_total in NATURALS:
        return Decision(False, _("{total} is a natural: no more cards.").format(total=banker_total))
    if third_value is None:
        draws = banker_total in PLAYER_DRAWS_ON
        rule = player_decision(banker_total).reason
        return Decision(draws, _("Player stood, so Banker follows Player's rule: {rule}").format(rule=rule))
    if isinstance(player_third_card, str):
        player_third_card = next(_iter_cards(player_third_card))
    rank = player_third_card.rank if isinstance(player_third_card, Card) else str(third_value)
    third_card = _third_card_words(rank, third_value)
    draws = third_value in BANKER_TABLEAU[banker_total]
    if draws or not BANKER_TABLEAU[banker_total]:
        return Decision(draws, _("{third_card}: with {total}, {tableau}.").format(
            third_card=third_card, total=banker_total, tableau=_tableau_phrase(banker_total)))
    return Decision(False, _("{third_card}: with {total}, {tableau}, so Banker stands.").format(
        third_card=third_card, total=banker_total, tableau=_tableau_phrase(banker_total, only=True)))


def banker_draws(banker_total: int, player_third_card) -> bool:
    """True when Banker draws; ``player_third_card`` is a Card, a value 0..9, or None if Player stood.

    >>> banker_draws(3, 8), banker_draws(6, 6), banker_draws(6, None)
    (False, True, False)
    """
    return banker_decision(banker_total, player_third_card).draws
