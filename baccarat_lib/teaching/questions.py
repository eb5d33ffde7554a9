"""Exercises as data: a question, its choices, the right answer and why, and the verdict on an answer.

Every exercise of the course is a ``Question``; the builders in ``rule_questions``, ``odds_questions`` and
``road_questions`` fill its answer and explanation from the library itself. Widgets only show them
(``views.widgets.show_question``).

Public names:

- ``Question(prompt, answer, explanation, choices=(), skill="exercise", key=None)``: one exercise; ``choices`` empty
  means a typed answer. ``skill`` is what a progress store files its answers under ("total", "banker-draw:5/4": see
  ``teaching.progress``), ``key`` the situation in a few words (the cards, "7 8"; None: the prompt).
- ``Feedback(correct, message, judged=True)``: the verdict on one answer; ``judged`` is False when the answer
  was not judged at all (blank, or not a number where a number is asked), so it neither counts nor reveals.
- ``check_answer(question, answer)``: the pure function every exercise widget calls; numbers match
  however they are written (``9.50`` = ``9.5``).

>>> question = Question("What is 7 + 8, units digit only?", "5", "7 + 8 = 15.")
>>> check_answer(question, "5").correct, check_answer(question, " 5.0 ").correct, check_answer(question, "15").message
(True, True, 'Not quite: the right answer is 5. 7 + 8 = 15.')
>>> check_answer(question, "abc")            # a typo: not judged, and the answer is not given away
Feedback(correct=False, message='Type a number, e.g. 9.5 or -10.', judged=False)
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation, localcontext
from typing import NamedTuple

from ..errors import BaccaratError, shown
from .progress import MAX_TEXT, _check_skill

__all__ = ["Question", "Feedback", "check_answer"]

_BLANK = "Type or choose an answer first."
_NOT_A_NUMBER = "Type a number, e.g. 9.5 or -10."       # a typo where a number is asked


@dataclass(frozen=True)
class Question:
    """An exercise: the prompt, the choices (empty for a typed answer), the answer and why it is right; the
    ``skill`` it practises and its ``key`` (the situation, short: "7 8"; None: the prompt), for saved progress."""

    prompt: str
    answer: str
    explanation: str
    choices: tuple[str, ...] = field(default=())
    skill: str = "exercise"
    key: str | None = None

    def __post_init__(self):
        for name in ("prompt", "answer", "explanation"):
            if not isinstance(getattr(self, name), str):
                raise BaccaratError(f"{name} must be text, not {shown(getattr(self, name))}")
        choices = self.choices
        if isinstance(choices, str) or not isinstance(choices, (tuple, list)) \
                or not all(isinstance(choice, str) for choice in choices):
            raise BaccaratError(f"choices must be a tuple of texts (empty for a typed answer), not {shown(choices)}")
        if choices and self.answer not in choices:
            raise BaccaratError(f"answer {shown(self.answer)} must be one of the choices {shown(tuple(choices))}")
        object.__setattr__(self, "choices", tuple(choices))
        try:
            _check_skill(self.skill)
        except BaccaratError:
            raise BaccaratError(f"skill must be a short name such as \"total\" or \"banker-draw:5/4\" (lower-case "
                                f"letters, digits and dashes), not {shown(self.skill)}") from None
        key = self.key
        if key is None:                            # the prompt names the situation; a store keeps MAX_TEXT characters
            key = self.prompt.strip() or "exercise"
            key = key if len(key) <= MAX_TEXT else key[:MAX_TEXT - 1] + "…"
        if not isinstance(key, str) or not key.strip() or len(key) > MAX_TEXT:
            raise BaccaratError(f"key must be None or a text of 1 to {MAX_TEXT} characters naming the situation "
                                f"(such as \"7 8\"), not {shown(key)}")
        object.__setattr__(self, "key", key)


class _FeedbackFields(NamedTuple):
    correct: bool
    message: str
    judged: bool = True


class Feedback(_FeedbackFields):
    """Whether an answer was right (``correct``), and the ``message`` that explains the right answer.

    ``judged`` is False for an answer that was not judged (blank, or not a number where a number is asked): it is
    not right, it is not scored, and its message says what to type instead, without the answer."""

    __slots__ = ()

    def __new__(cls, correct: bool, message: str, judged: bool = True):
        if not isinstance(correct, bool):
            raise BaccaratError(f"correct must be True or False, not {shown(correct)}")
        if not isinstance(message, str):
            raise BaccaratError(f"message must be text, not {shown(message)}")
        if not isinstance(judged, bool):
            raise BaccaratError(f"judged must be True or False, not {shown(judged)}")
        if correct and not judged:
            raise BaccaratError("an answer that was not judged cannot be correct")
        return super().__new__(cls, correct, message, judged)


def _normal(text) -> str:
    return " ".join(str(text).strip().lower().split())


def _number(text) -> Decimal | None:
    """The number an answer spells, however it is written ('9.50', '+9.5', '1,000', '$95'), or None."""
    cleaned = str(text).strip().replace("−", "-").replace("+", "").replace(",", "").replace(" ", "")
    cleaned = cleaned.replace("$", "").replace("€", "").replace("£", "")          # money may carry its sign
    if len(cleaned) > 100:                     # no answer of the course is that long: not worth parsing
        return None
    with localcontext() as context:
        context.traps[InvalidOperation] = True
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


def _answer_text(answer):
    """An answer as given: text or a number; anything else is refused."""
    if isinstance(answer, bool) or not isinstance(answer, (str, numbers.Number, Decimal)):
        raise BaccaratError(f"answer must be text or a number, not {shown(answer)}")
    return answer


def check_answer(question: Question, answer) -> Feedback:
    """Judge one answer (text or a number); the message of a judged answer explains the right answer with the rule
    behind it.

    A blank answer, or one that is not a number when the right answer is a number ("abc" for "-25"), is not
    judged (``judged`` False): its message says what to type, and reveals nothing."""
    if not isinstance(question, Question):
        raise BaccaratError(f"question must be a Question, not {shown(question)}")
    answer = _answer_text(answer)
    if _normal(answer) == "":
        return Feedback(False, _BLANK, judged=False)
    if _number(question.answer) is not None and _number(answer) is None \
            and _normal(answer) != _normal(question.answer):
        return Feedback(False, _NOT_A_NUMBER, judged=False)
    if _same_answer(answer, question.answer):
        return Feedback(True, f"Right! {question.explanation}")
    return Feedback(False, f"Not quite: the right answer is {question.answer}. {question.explanation}")
