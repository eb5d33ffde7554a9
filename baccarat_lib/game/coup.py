"""A whole coup, played by the rules, that explains each of its decisions.

>>> coup = play_coup("2♣ 3♥ 3♠ A♦ 7♦ 4♠")
>>> coup.outcome, coup.player.total, coup.banker.total
(<Outcome.BANKER: 'banker'>, 2, 8)
>>> for step in coup.steps: print(step)
No natural: Player has 5 (2+3), Banker has 4 (3+A).
Player has 5 (2+3): 0–5 draws.
Player draws 7♦: 2+3+7 = 12, so Player has 2.
Banker has 4 and Player's third card is a 7: with 4, Banker draws on 2–7.
Banker draws 4♠: 3+A+4 = 8, so Banker has 8.
Banker wins 8–2.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, EnumMeta
from itertools import islice
from operator import itemgetter
from typing import NamedTuple

from .cards import Card, _iter_cards, as_cards
from .explanations import _arithmetic, step_text, steps_text
from ..errors import BaccaratError, refusal, shown
from ..i18n import N_, _, ngettext
from .rules import NATURALS, Decision, _banker_decision, _is_natural, _player_decision, _points

__all__ = ["Outcome", "Hand", "Step", "Coup", "FIRST_FOUR", "play_coup", "cards_needed",
           "cards_needed_text"]


class _OutcomeType(EnumMeta):
    """``Outcome(value)`` refuses anything but "player", "banker", "tie" with a short BaccaratError."""

    def __call__(cls, value, *args, **kwargs):
        if args or kwargs:                       # Enum's functional API
            return super().__call__(value, *args, **kwargs)
        if isinstance(value, cls):
            return value
        if isinstance(value, str) and value in cls._value2member_map_:
            return cls._value2member_map_[value]
        raise refusal(_('an outcome must be "player", "banker" or "tie", not {value}'), value=value)


class Outcome(str, Enum, metaclass=_OutcomeType):
    """Which bet wins the coup."""

    PLAYER = "player"
    BANKER = "banker"
    TIE = "tie"

    def __str__(self):
        return self.value

    @property
    def label(self) -> str:
        """The English name, also an answer code (never translated)."""
        return self.value.capitalize()

    @property
    def display_name(self) -> str:
        """The name in the course's language ('Hòa' in Vietnamese)."""
        return _(_OUTCOME_NAMES[self.value])


_OUTCOME_NAMES = {"player": N_("Player"), "banker": N_("Banker"), "tie": N_("Tie")}


# The dealing order: the first four cards, then Player's third card, then Banker's.
FIRST_FOUR = ("player", "banker", "player", "banker")
_FIRST_TWO = {side: itemgetter(*(index for index, who in enumerate(FIRST_FOUR) if who == side))
              for side in ("player", "banker")}


@dataclass(frozen=True)
class Hand:
    """The cards of one side, in the order they were dealt."""

    cards: tuple[Card, ...]

    def __post_init__(self):
        cards = self.cards
        if not (isinstance(cards, tuple) and all(isinstance(card, Card) for card in cards)):
            cards = tuple(as_cards(cards))
        if len(cards) not in (2, 3):
            raise BaccaratError(_("a hand holds 2 or 3 cards, not {count}: cards {cards}").format(
                count=len(cards), cards=shown(self.cards)))
        object.__setattr__(self, "cards", cards)

    @property
    def total(self) -> int:
        """The hand's total, 0..9."""
        return _points(self.cards)

    @property
    def is_natural(self) -> bool:
        """8 or 9 on the first two cards."""
        return _is_natural(self.cards)

    @property
    def third_card(self) -> Card | None:
        """The third card, or None if the hand stood on two."""
        return self.cards[2] if len(self.cards) == 3 else None

    @property
    def drew(self) -> bool:
        """True when the hand took a third card."""
        return len(self.cards) == 3

    def arithmetic(self) -> str:
        """The cards as a sum: '2+3', or '2+3+7 = 12'."""
        return _arithmetic(self.cards, self.total)

    def __str__(self):
        return " ".join(card.label for card in self.cards)


class Step(NamedTuple):
    """One step of a coup as data: the rule, both hands as they stood, and a decision or outcome."""

    rule: str
    player: tuple[Card, ...]
    banker: tuple[Card, ...]
    player_total: int
    banker_total: int
    natural: bool = False
    decision: Decision | None = None
    outcome: Outcome | None = None

    def __str__(self):
        return step_text(self)


@dataclass(frozen=True)
class Coup:
    """A played coup: both hands, who won, and the steps that got there."""

    player: Hand
    banker: Hand
    outcome: Outcome
    steps: tuple[Step, ...]

    @property
    def is_natural(self) -> bool:
        """True when either hand had a natural, so neither drew."""
        return self.player.is_natural or self.banker.is_natural

    @property
    def dealt(self) -> tuple[tuple[str, Card], ...]:
        """(side, card) for each card in dealt order."""
        hands = {"player": iter(self.player.cards), "banker": iter(self.banker.cards)}
        third_cards = tuple(side for side, hand in (("player", self.player), ("banker", self.banker)) if hand.drew)
        return tuple((side, next(hands[side])) for side in FIRST_FOUR + third_cards)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards the coup used, in dealt order."""
        return tuple(card for _side, card in self.dealt)

    def explain(self) -> str:
        """The steps' sentences, one per line."""
        return "\n".join(steps_text(self.steps))

    def __str__(self):
        return _("Player {player} ({player_total}) – Banker {banker} ({banker_total}): {result}").format(
            player=self.player, player_total=self.player.total, banker=self.banker, banker_total=self.banker.total,
            result=step_text(self.steps[-1]))


def _next_card(given: list[Card], needed_total: int, side: str, hand: tuple[Card, ...]) -> Card:
    """Card number ``needed_total`` of ``given``; when they run out, the error says why ``side`` must draw."""
    if needed_total > len(given):
        more, total = needed_total - len(given), _points(hand)
        why = (_("Player has {total} ({working}) and must draw a third card") if side == "player"
               else _("Banker has {total} ({working}) and must draw a third card"))
        why = why.format(total=total, working=_arithmetic(hand, total))
        raise BaccaratError(ngettext(
            "the coup needs {more} more card: {why} ({given} given, {needed} needed; give cards in dealt order "
            "P, B, P, B, then third cards)",
            "the coup needs {more} more cards: {why} ({given} given, {needed} needed; give cards in dealt order "
            "P, B, P, B, then third cards)", more).format(more=more, why=why, given=len(given), needed=needed_total))
    return given[needed_total - 1]


def play_coup(cards) -> Coup:
    """Play one coup from cards in dealt order (P, B, P, B, then third cards); only the first six are read.

    >>> play_coup("K 5 9 3").outcome
    <Outcome.PLAYER: 'player'>
    """
    given = list(islice(_iter_cards(cards), 6))
    if len(given) < 4:
        more = 4 - len(given)
        raise BaccaratError(ngettext(
            "the coup needs {more} more card: every coup starts with 4 cards dealt P, B, P, B ({given} given)",
            "the coup needs {more} more cards: every coup starts with 4 cards dealt P, B, P, B ({given} given)",
            more).format(more=more, given=len(given)))
    player, banker = _FIRST_TWO["player"](given), _FIRST_TWO["banker"](given)
    player_total, banker_total = _points(player), _points(banker)
    natural = player_total in NATURALS or banker_total in NATURALS
    steps = [Step("natural", player, banker, player_total, banker_total, natural)]
    if not natural:
        player_rule = _player_decision(player_total)
        steps.append(Step("player-rule", player, banker, player_total, banker_total, False, player_rule))
        player_third_card = None
        if player_rule.draws:
            player_third_card = _next_card(given, 5, "player", player)
            player += (player_third_card,)
            player_total = _points(player)
            steps.append(Step("player-draw", player, banker, player_total, banker_total))
        banker_rule = _banker_decision(banker_total, player_third_card)
        steps.append(Step("banker-rule", player, banker, player_total, banker_total, False, banker_rule))
        if banker_rule.draws:
            banker += (_next_card(given, len(player) + 3, "banker", banker),)
            banker_total = _points(banker)
            steps.append(Step("banker-draw", player, banker, player_total, banker_total))
    outcome = (Outcome.PLAYER if player_total > banker_total else Outcome.BANKER if banker_total > player_total
               else Outcome.TIE)
    steps.append(Step("compare", player, banker, player_total, banker_total, natural, None, outcome))
    return Coup(Hand(player), Hand(banker), outcome, tuple(steps))


def cards_needed(cards) -> int:
    """How many cards a coup starting with these cards uses: 4, 5 or 6.

    >>> cards_needed("K 5 9 3"), cards_needed("2 3 3 A 7 4"), cards_needed("2 3 3 4 8 9")
    (4, 6, 5)
    """
    return len(play_coup(cards).cards)


def cards_needed_text(cards) -> str:
    """``cards_needed`` as a sentence, with the cards used.

    >>> cards_needed_text("2♣ 3♥ 3♠ A♦ 8♦ 4♠")
    'The coup uses 5 cards: 2♣ 3♥ 3♠ A♦ 8♦.'
    """
    used = play_coup(cards).cards
    return _("The coup uses {count} cards: {cards}.").format(count=len(used), cards=" ".join(map(str, used)))
