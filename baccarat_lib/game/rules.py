"""The Punto Banco drawing rules, written as data, one rule per function.

>>> hand_total("7 8"), hand_total("K 9"), hand_total("6 7 8")
(5, 9, 1)
>>> player_draws(5), player_draws(6)
(True, False)
>>> banker_draws(4, 7), banker_draws(4, 8), banker_draws(4, None)
(True, False, True)
"""

from __future__ import annotations

from itertools import islice
from typing import NamedTuple

from .cards import RANKS, Card, _iter_cards, as_cards
from .explanations import decision_text
from ..errors import BaccaratError, refusal, whole_number
from ..i18n import _

__all__ = ["BANKER_TABLEAU", "PLAYER_DRAWS_ON", "NATURALS", "ANY", "TOTALS", "THIRD_CARD_VALUES", "Decision",
           "hand_total", "totals_text", "two_card_totals_text", "total_working", "is_natural", "natural_text",
           "player_draws", "player_rule_text", "banker_draws", "player_decision", "banker_decision", "third_card_value"]

TOTALS = range(10)
THIRD_CARD_VALUES = range(10)
ANY = frozenset(THIRD_CARD_VALUES)

# Banker's two-card total -> values of Player's third card on which Banker DRAWS, as in the printed table.
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

PLAYER_DRAWS_ON = frozenset({0, 1, 2, 3, 4, 5})
NATURALS = frozenset({8, 9})  # two-card totals on which both hands stand and are compared
_PLAYER_STANDS_ON = frozenset(TOTALS) - PLAYER_DRAWS_ON - NATURALS


class Decision(NamedTuple):
    """A draw-or-stand decision as data: the ``rule`` ("natural", "player-rule", "banker-follows-player",
    "tableau"), the total, the values the rule names and Player's third card."""

    draws: bool
    rule: str
    total: int
    values: frozenset = frozenset()
    third_card: Card | int | None = None

    @property
    def reason(self) -> str:
        """Why, in words: '0–5 draws.'."""
        return decision_text(self)

    @property
    def cell(self) -> tuple[int, int] | None:
        """The tableau cell read, (Banker's total, third-card value); None for another rule."""
        if self.rule != "tableau":
            return None
        return self.total, self.third_card.value if isinstance(self.third_card, Card) else self.third_card


def hand_total(cards) -> int:
    """The hand's total: the units digit of the card values' sum.

    >>> hand_total("Q 9"), hand_total("2 4"), hand_total("5 5")
    (9, 6, 0)
    """
    return _points(as_cards(cards))


def _points(cards) -> int:
    """``hand_total`` of Cards."""
    return sum([card.value for card in cards]) % 10


def total_working(cards) -> str:
    """A hand total worked out, with card values when a card is a picture or an ace.

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
        return _("{working} = {raw} → keep the units digit: {total}").format(working=working, raw=raw, total=raw % 10)
    return f"{working} = {raw}"


def is_natural(cards) -> bool:
    """True when a hand has 8 or 9 on its first two cards.

    >>> is_natural("K 9"), is_natural("4 4"), is_natural("2 3 3")
    (True, True, False)
    """
    return _is_natural(as_cards(cards))


def _is_natural(cards) -> bool:
    return len(cards) == 2 and _points(cards) in NATURALS


def totals_text(*hands) -> str:
    """One line per hand with its total.

    >>> print(totals_text("7 8", "K 9"))
    7 8: total 5
    K 9: total 9
    """
    if not hands:
        raise BaccaratError(_("totals_text needs at least one hand, such as \"7 8\""))
    return "\n".join(_("{hand}: total {total}").format(hand=" ".join(map(str, cards)), total=_points(cards))
                     for cards in map(as_cards, hands))


def two_card_totals_text() -> str:
    """Every total two cards can make (every pair of ranks tried), and whether 10 is among them.

    >>> print(two_card_totals_text())
    two-card totals seen: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9
    a total of 10 seen: no
    """
    totals = sorted({_points([Card(first), Card(second)]) for first in RANKS for second in RANKS})
    return "\n".join([_("two-card totals seen: {totals}").format(totals=", ".join(map(str, totals))),
                      _("a total of 10 seen: {answer}").format(answer=_("yes") if 10 in totals else _("no"))])


def natural_text(*hands) -> str:
    """One line per hand: is it a natural?

    >>> print(natural_text("K 9", "2 3 4"))
    K 9: natural? yes
    2 3 4: natural? no
    """
    if not hands:
        raise BaccaratError(_("natural_text needs at least one hand, such as \"K 9\""))
    return "\n".join(_("{hand}: natural? {answer}").format(hand=" ".join(map(str, cards)),
                                                          answer=_("yes") if _is_natural(cards) else _("no"))
                     for cards in map(as_cards, hands))


def _third_card(player_third_card) -> Card | int | None:
    """Player's third card as a Card or a point value 0..9; None if Player stood."""
    if player_third_card is None or isinstance(player_third_card, Card):
        return player_third_card
    if isinstance(player_third_card, str):
        cards = list(islice(_iter_cards(player_third_card, "player_third_card"), 2))
        if len(cards) != 1:
            raise refusal(_("player_third_card must be one card, not {value}"), value=player_third_card)
        return cards[0]
    try:
        return whole_number("player_third_card", player_third_card, 0, 9)
    except BaccaratError:
        raise refusal(_("player_third_card must be a Card, a point value 0..9, or None when Player stood, "
                        "not {value}"), value=player_third_card) from None


def third_card_value(player_third_card) -> int | None:
    """The point value of Player's third card (a Card, a value 0..9 or text); None if Player stood."""
    third_card = _third_card(player_third_card)
    return third_card.value if isinstance(third_card, Card) else third_card


def _player_decision(player_total: int) -> Decision:
    """``player_decision`` for a checked total."""
    if player_total in NATURALS:
        return Decision(False, "natural", player_total)
    if player_total in PLAYER_DRAWS_ON:
        return Decision(True, "player-rule", player_total, PLAYER_DRAWS_ON)
    return Decision(False, "player-rule", player_total, _PLAYER_STANDS_ON)


def player_decision(player_total: int) -> Decision:
    """Player's rule: 0–5 draws, 6–7 stands.

    >>> player_decision(5).reason
    '0–5 draws.'
    """
    return _player_decision(whole_number("player_total", player_total, 0, 9))


def player_draws(player_total: int) -> bool:
    """True when Player draws a third card: on 0–5 (no natural on either side)."""
    return _player_decision(whole_number("player_total", player_total, 0, 9)).draws


def player_rule_text(totals=range(8), reasons: bool = False) -> str:
    """Player's rule for each two-card total in ``totals``: draw or stand, and why.

    >>> print(player_rule_text([5, 6], reasons=True))
    Player has 5: draw. Why: 0–5 draws.
    Player has 6: stand. Why: 6–7 stands.
    """
    if not isinstance(reasons, bool):
        raise refusal(_("reasons must be True or False, not {value}"), value=reasons)
    if not isinstance(totals, (list, tuple, range)) or not totals:
        raise refusal(_("totals must be a list of two-card totals 0 to 7, not {value}"), value=totals)
    decisions = [(total, _player_decision(whole_number("totals", total, 0, 9))) for total in totals]
    lines = [(_("Player has {total}: {decision}. Why: {reason}") if reasons else _("Player has {total}: {decision}"))
             .format(total=total, decision=_("draw") if decision.draws else _("stand"), reason=decision.reason)
             for total, decision in decisions]
    return "\n".join(lines)


def _banker_decision(banker_total: int, player_third_card: Card | int | None) -> Decision:
    """``banker_decision`` for a checked total and third card."""
    if banker_total in NATURALS:
        return Decision(False, "natural", banker_total)
    if player_third_card is None:
        rule = _player_decision(banker_total)
        return Decision(rule.draws, "banker-follows-player", banker_total, rule.values)
    third_value = player_third_card.value if isinstance(player_third_card, Card) else player_third_card
    row = BANKER_TABLEAU[banker_total]
    return Decision(third_value in row, "tableau", banker_total, row, player_third_card)


def banker_decision(banker_total: int, player_third_card) -> Decision:
    """Banker's rule: Player stood -> 0–5 draws; Player drew -> the tableau row for ``banker_total``.

    >>> banker_decision(4, 7).reason
    "Player's third card is a 7: with 4, Banker draws on 2–7."
    >>> banker_decision(4, 7).cell
    (4, 7)
    """
    return _banker_decision(whole_number("banker_total", banker_total, 0, 9), _third_card(player_third_card))


def banker_draws(banker_total: int, player_third_card) -> bool:
    """True when Banker draws; ``player_third_card`` is None if Player stood.

    >>> banker_draws(3, 8), banker_draws(6, 6), banker_draws(6, None)
    (False, True, False)
    """
    return banker_decision(banker_total, player_third_card).draws
