"""A whole coup, played by the rules, that explains each of its decisions.

Public names:

- ``Outcome``: ``"player"``, ``"banker"`` or ``"tie"`` (a ``str`` Enum); ``.label`` is its English name (an answer
  code), ``.display_name`` the name shown in the course's language.
- ``Hand``: the cards of one side, with ``.total``, ``.is_natural`` and ``.third_card``.
- ``Step``: one decision as a sentence (a ``str``, in the course's language) that also names the rule that made it
  (``.rule``, a code that stays English).
- ``Coup``: ``.player``, ``.banker``, ``.outcome``, ``.is_natural``, ``.steps``, ``.cards``, ``.dealt``.
- ``FIRST_FOUR``: who gets each of the first four cards: Player, Banker, Player, Banker.
- ``play_coup(cards)``: play cards given in dealt order (P, B, P, B, then third cards).
- ``cards_needed(cards)``: how many cards the coup uses (4, 5 or 6), or how many it still needs.

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

from .cards import Card, _iter_cards, as_cards
from ..errors import BaccaratError, shown
from ..i18n import N_, _, ngettext
from .rules import banker_decision, hand_total, is_natural, player_decision

__all__ = ["Outcome", "Hand", "Step", "Coup", "FIRST_FOUR", "play_coup", "cards_needed"]


class _OutcomeType(EnumMeta):
    """``Outcome(value)`` takes only "player", "banker" or "tie" (or an Outcome); anything else is a BaccaratError,
    raised before Enum's own lookup (whose message would quote the whole value, however long)."""

    def __call__(cls, value, *args, **kwargs):
        if args or kwargs:                       # Enum's functional API, Outcome(name, names): left to Enum
            return super().__call__(value, *args, **kwargs)
        if isinstance(value, cls):
            return value
        if isinstance(value, str) and value in cls._value2member_map_:
            return cls._value2member_map_[value]
        raise BaccaratError(_('an outcome must be "player", "banker" or "tie", not {value}').format(value=shown(value)))


class Outcome(str, Enum, metaclass=_OutcomeType):
    """Which bet wins the coup."""

    PLAYER = "player"
    BANKER = "banker"
    TIE = "tie"

    def __str__(self):
        return self.value

    @property
    def label(self) -> str:
        """'Player', 'Banker' or 'Tie': the English name, also used as an answer code (never translated)."""
        return self.value.capitalize()

    @property
    def display_name(self) -> str:
        """The name a learner reads, in the course's language: 'Player', 'Banker', 'Tie' ('Hòa' in Vietnamese)."""
        return _(_OUTCOME_NAMES[self.value])


# The outcomes' names as shown (marked for the catalog; ``Outcome.display_name`` translates them).
_OUTCOME_NAMES = {"player": N_("Player"), "banker": N_("Banker"), "tie": N_("Tie")}


# The dealing order, written once: the first four cards go Player, Banker, Player, Banker; then Player's
# third card (if Player draws), then Banker's (if Banker draws).
FIRST_FOUR = ("player", "banker", "player", "banker")


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
        return hand_total(self.cards)

    @property
    def is_natural(self) -> bool:
        """8 or 9 on the first two cards."""
        return is_natural(self.cards)

    @property
    def third_card(self) -> Card | None:
        """The third card, or None if the hand stood on two."""
        return self.cards[2] if len(self.cards) == 3 else None

    @property
    def drew(self) -> bool:
        """True when the hand took a third card."""
        return len(self.cards) == 3

    def arithmetic(self) -> str:
        """The cards as a sum: ``'2+3'``, or ``'2+3+7 = 12'`` when the units digit matters."""
        terms = "+".join(card.rank for card in self.cards)
        raw = sum(card.value for card in self.cards)
        return terms if raw == self.total and not self.drew else f"{terms} = {raw}"

    def __str__(self):
        return " ".join(card.label for card in self.cards)


class Step(str):
    """One decision of a coup as a sentence; ``.rule`` names the rule that made it."""

    rule: str

    def __new__(cls, text: str, rule: str):
        for name, value in (("text", text), ("rule", rule)):
            if not isinstance(value, str):
                message = (_("a step's text must be text, not {value}") if name == "text"
                           else _("a step's rule must be text, not {value}"))
                raise BaccaratError(message.format(value=shown(value)))
        step = super().__new__(cls, text)
        step.rule = rule
        return step


@dataclass(frozen=True)
class Coup:
    """A played coup: both hands, who won, and the steps that got there."""

    player: Hand
    banker: Hand
    outcome: Outcome
    steps: tuple[Step, ...]

    def __post_init__(self):
        for name in ("player", "banker"):
            if not isinstance(getattr(self, name), Hand):
                raise BaccaratError(_("{name} must be a Hand, not {value}").format(
                    name=name, value=shown(getattr(self, name))))
        outcome = Outcome(self.outcome)
        player, banker = self.player.total, self.banker.total
        decided = Outcome.PLAYER if player > banker else Outcome.BANKER if banker > player else Outcome.TIE
        if outcome is not decided:
            raise BaccaratError(_("outcome {outcome} contradicts the hands: Player {player}, Banker {banker}").format(
                outcome=repr(outcome.value), player=player, banker=banker))
        steps = self.steps
        if isinstance(steps, str) or not isinstance(steps, (tuple, list)) or not steps \
                or not all(isinstance(step, str) for step in steps):
            raise BaccaratError(_("steps must be a non-empty tuple of sentences, not {value}").format(value=shown(steps)))
        object.__setattr__(self, "outcome", outcome)
        object.__setattr__(self, "steps", tuple(steps))

    @property
    def is_natural(self) -> bool:
        """True when either hand had a natural, so neither drew."""
        return self.player.is_natural or self.banker.is_natural

    @property
    def dealt(self) -> tuple[tuple[str, Card], ...]:
        """``("player" or "banker", card)`` for each card in dealt order: ``FIRST_FOUR``, then third cards."""
        hands = {"player": iter(self.player.cards), "banker": iter(self.banker.cards)}
        third_cards = tuple(side for side, hand in (("player", self.player), ("banker", self.banker)) if hand.drew)
        return tuple((side, next(hands[side])) for side in FIRST_FOUR + third_cards)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards the coup used, in dealt order."""
        return tuple(card for _side, card in self.dealt)

    def explain(self) -> str:
        """All the steps, one per line."""
        return "\n".join(self.steps)

    def __str__(self):
        return (f"Player {self.player} ({self.player.total}) – Banker {self.banker} "
                f"({self.banker.total}): {self.steps[-1]}")


def _sums(player: list[Card], banker: list[Card]) -> dict:
    """The fields the step sentences fill in: each hand's total and its arithmetic ("2+3")."""
    return {"player_total": hand_total(player), "player_working": Hand(tuple(player)).arithmetic(),
            "banker_total": hand_total(banker), "banker_working": Hand(tuple(banker)).arithmetic()}


def _has(side: str, hand: list[Card]) -> str:
    """'Player has 5 (2+3)': a whole sentence in the catalog per side, so a translation can reorder it."""
    message = _("Player has {total} ({working})") if side == "Player" else _("Banker has {total} ({working})")
    return message.format(total=hand_total(hand), working=Hand(tuple(hand)).arithmetic())


def _must_draw(side: str, hand: list[Card]) -> str:
    """Why a coup needs one more card (quoted when the cards run out)."""
    message = (_("Player has {total} ({working}) and must draw a third card") if side == "Player"
               else _("Banker has {total} ({working}) and must draw a third card"))
    return message.format(total=hand_total(hand), working=Hand(tuple(hand)).arithmetic())


def _result(player: list[Card], banker: list[Card]) -> tuple[Outcome, Step]:
    player_total, banker_total = hand_total(player), hand_total(banker)
    if player_total > banker_total:
        return Outcome.PLAYER, Step(_("Player wins {winner}–{loser}.").format(winner=player_total, loser=banker_total),
                                    "compare")
    if banker_total > player_total:
        return Outcome.BANKER, Step(_("Banker wins {winner}–{loser}.").format(winner=banker_total, loser=player_total),
                                    "compare")
    return Outcome.TIE, Step(_("Tie {player}–{banker}.").format(player=player_total, banker=banker_total), "compare")


def _draw_step(side: str, hand: list[Card]) -> Step:
    message = (_("Player draws {card}: {working}, so Player has {total}.") if side == "Player"
               else _("Banker draws {card}: {working}, so Banker has {total}."))
    return Step(message.format(card=hand[-1].label, working=Hand(tuple(hand)).arithmetic(), total=hand_total(hand)),
                f"{side.lower()}-draw")


class _Dealer:
    """Hands out the given cards in order and says how many more a coup needs when they run out."""

    def __init__(self, cards: list[Card]):
        self.cards, self.used = cards, 0

    def next(self, needed_total: int, why: str) -> Card:
        if self.used >= len(self.cards):
            more = needed_total - len(self.cards)
            raise BaccaratError(ngettext(
                "the coup needs {more} more card: {why} ({given} given, {needed} needed; give cards in dealt order "
                "P, B, P, B, then third cards)",
                "the coup needs {more} more cards: {why} ({given} given, {needed} needed; give cards in dealt order "
                "P, B, P, B, then third cards)", more).format(more=more, why=why, given=len(self.cards),
                                                              needed=needed_total))
        self.used += 1
        return self.cards[self.used - 1]


def play_coup(cards) -> Coup:
    """Play one coup from cards in dealt order (P, B, P, B, then third cards); extra cards are ignored.

    ``cards``: text such as ``"2♣ 3♥ 3♠ A♦ 7♦ 4♠"`` or a list of Cards or card strings. Only the first six
    (the most a coup can use) are read: what follows is neither parsed nor checked.

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
    player, banker = ([card for card, side in zip(given, FIRST_FOUR) if side == hand]
                      for hand in ("player", "banker"))
    dealer = _Dealer(given)
    dealer.used = 4
    steps = []
    if is_natural(player) or is_natural(banker):
        steps.append(Step(_("Natural: Player has {player_total} ({player_working}), Banker has {banker_total} "
                            "({banker_working}); both hands stand.").format(**_sums(player, banker)), "natural"))
    else:
        steps.append(Step(_("No natural: Player has {player_total} ({player_working}), Banker has {banker_total} "
                            "({banker_working}).").format(**_sums(player, banker)), "natural"))
        player_rule = player_decision(hand_total(player))
        steps.append(Step(_("{hand}: {reason}").format(hand=_has("Player", player), reason=player_rule.reason),
                          "player-rule"))
        if player_rule.draws:
            player.append(dealer.next(5, _must_draw("Player", player)))
            steps.append(_draw_step("Player", player))
        player_third_card = player[2] if len(player) == 3 else None
        banker_rule = banker_decision(hand_total(banker), player_third_card)
        if player_third_card:
            banker_step = _("Banker has {total} and {reason}").format(total=hand_total(banker), reason=banker_rule.reason)
        else:
            banker_step = _("{hand} and {reason}").format(hand=_has("Banker", banker), reason=banker_rule.reason)
        steps.append(Step(banker_step, "banker-rule"))
        if banker_rule.draws:
            banker.append(dealer.next(dealer.used + 1, _must_draw("Banker", banker)))
            steps.append(_draw_step("Banker", banker))
    outcome, final_step = _result(player, banker)
    steps.append(final_step)
    return Coup(Hand(tuple(player)), Hand(tuple(banker)), outcome, tuple(steps))


def cards_needed(cards) -> int:
    """How many cards a coup starting with these cards uses: 4, 5 or 6 (at least 4 must be given).

    >>> cards_needed("K 5 9 3"), cards_needed("2 3 3 A 7 4"), cards_needed("2 3 3 4 8 9")
    (4, 6, 5)
    """
    return len(play_coup(cards).cards)
