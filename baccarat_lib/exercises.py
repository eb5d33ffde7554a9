"""Exercises: a question, buttons or an answer box, and instant feedback explained by the library.

Public names:

- ``Question(prompt, choices, answer, explanation)``: one exercise as data; ``choices`` empty means a typed answer.
- ``Feedback(correct, message)``: the verdict on one answer.
- ``check_answer(question, answer)``: the pure function every exercise widget calls; numbers match
  however they are written (``9.50`` = ``9.5``).
- ``total_question(cards)``, ``natural_question(cards)``, ``player_draw_question(cards)``,
  ``banker_draw_question(banker_cards, player_third_card)``, ``winner_question(cards)``:
  questions whose answers and explanations come from the rules themselves.
- ``settle_question(bet, stake, coup, table="standard")``: the net result of a bet, answered by ``payouts.settle``.
- ``show_question(question)``: the widget (buttons for choices, a text box otherwise).

>>> question = total_question("7 8")
>>> check_answer(question, "5").correct, check_answer(question, "15").message
(True, 'Not quite: the right answer is 5. 7 + 8 = 15 → keep the units digit: 5.')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import NamedTuple

from .cards import as_cards
from .coup import Coup, play_coup
from .payouts import pay_table, settle
from .rules import banker_decision, hand_total, player_decision, third_card_value, total_working

__all__ = ["Question", "Feedback", "check_answer", "total_question", "natural_question",
           "player_draw_question", "banker_draw_question", "winner_question", "settle_question",
           "show_question"]


@dataclass(frozen=True)
class Question:
    """An exercise: the prompt, the choices (empty for a typed answer), the answer and why it is right."""

    prompt: str
    answer: str
    explanation: str
    choices: tuple[str, ...] = field(default=())


class Feedback(NamedTuple):
    """Whether an answer was right, and the message that explains the right answer."""

    correct: bool
    message: str


def _normal(text) -> str:
    return " ".join(str(text).strip().lower().split())


def _number(text) -> Decimal | None:
    """The number an answer spells, however it is written ('9.50', '+9.5', '1,000'), or None."""
    cleaned = str(text).strip().replace("−", "-").replace("+", "").replace(",", "").replace(" ", "")
    try:
        number = Decimal(cleaned)
    except InvalidOperation:
        return None
    return number if number.is_finite() else None


def _same_answer(given, expected) -> bool:
    if _normal(given) == _normal(expected):
        return True
    given_number, expected_number = _number(given), _number(expected)
    return given_number is not None and given_number == expected_number


def check_answer(question: Question, answer) -> Feedback:
    """Judge one answer; the message always explains the right answer with the rule behind it."""
    if _normal(answer) == "":
        return Feedback(False, "Type or choose an answer first.")
    if _same_answer(answer, question.answer):
        return Feedback(True, f"Right! {question.explanation}")
    return Feedback(False, f"Not quite: the right answer is {question.answer}. {question.explanation}")


def total_question(cards) -> Question:
    """What is the total of this hand?"""
    cards = as_cards(cards)
    labels = " ".join(card.label for card in cards)
    return Question(f"What is the total of {labels}?", str(hand_total(cards)), f"{total_working(cards)}.")


def natural_question(cards) -> Question:
    """Is this two-card hand a natural?"""
    cards = as_cards(cards)
    total = hand_total(cards)
    labels = " ".join(card.label for card in cards)
    natural = len(cards) == 2 and total >= 8
    why = (f"{total_working(cards)}. " +
           ("8 or 9 on the first two cards is a natural." if natural else
            "A natural needs 8 or 9 on the first two cards." if len(cards) == 2 else
            "A third card never makes a natural."))
    return Question(f"Is {labels} a natural?", "yes" if natural else "no", why, ("yes", "no"))


def player_draw_question(cards) -> Question:
    """Does Player draw on these two cards (no natural on the table)?"""
    cards = as_cards(cards)
    total = hand_total(cards)
    decision = player_decision(total)
    labels = " ".join(card.label for card in cards)
    return Question(f"Player holds {labels} and Banker has no natural. Does Player draw or stand?",
                    "draw" if decision.draws else "stand",
                    f"Player has {total} ({total_working(cards)}): {decision.reason}",
                    ("draw", "stand"))


def banker_draw_question(banker_cards, player_third_card) -> Question:
    """Does Banker draw, given its two cards and Player's third card (None if Player stood)?"""
    cards = as_cards(banker_cards)
    total = hand_total(cards)
    decision = banker_decision(total, player_third_card)
    labels = " ".join(card.label for card in cards)
    if third_card_value(player_third_card) is None:
        situation = "Player stood"
    else:
        label = getattr(player_third_card, "label", player_third_card)
        situation = f"Player drew {label}"
    return Question(f"Banker holds {labels} ({total}) and {situation}. Does Banker draw or stand?",
                    "draw" if decision.draws else "stand",
                    f"Banker has {total} and {decision.reason}",
                    ("draw", "stand"))


def winner_question(cards) -> Question:
    """Who wins the coup dealt from these cards?"""
    coup = play_coup(cards)
    labels = " ".join(card.label for card in coup.cards)
    return Question(f"Cards dealt in order P, B, P, B, then third cards: {labels}. Who wins?",
                    coup.outcome.label, " ".join(coup.steps), ("Player", "Banker", "Tie"))


def _money_text(amount: Decimal) -> str:
    """95 rather than 95.00 or 9.5E+1."""
    text = format(amount.normalize(), "f")
    return "0" if text in ("-0", "0") else text


def settle_question(bet: str, stake, coup, table="standard") -> Question:
    """What is the net result of ``stake`` on ``bet`` for this coup (a Coup, or cards in dealt order)?

    >>> settle_question("banker", 100, "2♣ 3♥ 3♠ A♦ 7♦ 4♠").answer
    '95'
    """
    table = pay_table(table)
    coup = coup if isinstance(coup, Coup) else play_coup(coup)
    settlement = settle(bet, stake, coup, table)
    lines = "; ".join(line.describe() for line in table.lines(bet))
    labels = " ".join(card.label for card in coup.cards)
    prompt = (f"Table “{table.name}”: {table.description} You bet {stake} on {bet.replace('-', ' ').capitalize()},"
              f" which pays on: {lines}. The cards, dealt P, B, P, B, then third cards: {labels}. "
              "What is your net result (a win positive, a loss negative, a push 0)?")
    return Question(prompt, _money_text(settlement), f"{coup.steps[-1]} {settlement.explanation}")


def show_question(question: Question):
    """The exercise widget: the prompt, buttons (or a text box and a Check button), instant feedback."""
    from .widgets.common import show_question_widget
    return show_question_widget(question)
