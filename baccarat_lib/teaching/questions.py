"""Exercises as data: a ``Question`` and ``check_answer``, the pure function every exercise widget calls.

Numbers match however they are written, words in either language; a blank answer, or not a number where one is
asked, is not judged, so it neither counts nor reveals. A question and a feedback keep their data and are worded when
read, in the language current then (a builder hands ``Question`` functions that word each part).

>>> question = Question("What is 7 + 8, units digit only?", "5", "7 + 8 = 15.")
>>> check_answer(question, "5").correct, check_answer(question, " 5.0 ").correct, check_answer(question, "15").message
(True, True, 'Not quite: the right answer is 5. 7 + 8 = 15.')
>>> check_answer(question, "abc")            # a typo: not judged, and the answer is not given away
Feedback(correct=False, message='Type a whole number, such as 12 or −10.', judged=False)
"""

from __future__ import annotations

import numbers
from decimal import Decimal

from ..errors import BaccaratError, refusal, shown
from ..game.formatting import money, read_number
from ..i18n import N_, _, fold, using_language
from ..progress.store import MAX_TEXT, _check_skill

__all__ = ["Question", "Feedback", "check_answer", "verdicts_text"]

_BLANK = N_("Type or choose an answer first.")

# Words a learner may type for one answer, per kind of answer: the answer's code first, then its synonyms,
# compared folded (``i18n.fold``). A table per kind, so "không" is "no" to a yes/no question but no draw/stand
# answer. The Vietnamese words follow docs/glossary.vi.md.
ANSWER_WORDS = {
    "draw or stand": {
        "draw": ("draw", "draws", "rút", "rút bài", "rút thêm", "có rút"),
        "stand": ("stand", "stands", "đứng", "dừng", "không rút", "không rút bài", "không rút thêm"),
    },
    "yes or no": {
        "yes": ("yes", "y", "có", "đúng", "phải", "vâng", "natural", "là natural", "có natural"),
        "no": ("no", "n", "không", "không phải", "sai", "không có", "không phải natural", "không có natural"),
    },
    "side": {
        "Player": ("Player", "P", "Người chơi", "Khách chơi", "Player thắng", "Người chơi thắng"),
        "Banker": ("Banker", "B", "Nhà cái", "Banker thắng", "Nhà cái thắng"),
        "Tie": ("Tie", "T", "Hòa", "Hoà", "a tie", "kết quả hòa"),
    },
    "natural call": {
        "none": ("none", "no", "neither", "không", "không có", "không ai", "không bên nào", "không có natural"),
        "Player": ("Player", "P", "Người chơi", "Khách chơi"),
        "Banker": ("Banker", "B", "Nhà cái"),
        "both": ("both", "cả hai", "hai bên", "cả hai bên"),
    },
    "colour": {
        "red": ("red", "đỏ", "màu đỏ"),
        "blue": ("blue", "xanh", "màu xanh", "xanh dương", "xanh lam"),
    },
}
# The name each answer code is shown by (its display text is translated where shown, never stored).
ANSWER_NAMES = {"draw": N_("draw"), "stand": N_("stand"), "yes": N_("yes"), "no": N_("no"),
                "Player": N_("Player"), "Banker": N_("Banker"), "Tie": N_("Tie"), "none": N_("none"),
                "both": N_("both"), "red": N_("red"), "blue": N_("blue")}



KEY_LENGTH = 120        # a question's key (for saved progress) names the situation in at most this many characters


def short_key(key: str, from_end: bool = False) -> str:
    """A question's key, at most ``KEY_LENGTH`` characters: a long one keeps its start (``from_end``: its end)."""
    if len(key) <= KEY_LENGTH:
        return key
    if from_end:
        name, rest = key.split(": ", 1)
        return f"{name}: …{rest[len(name) + 3 - KEY_LENGTH:]}"
    return key[:KEY_LENGTH - 1] + "…"


def english_money(amount) -> str:
    """An amount as the English edition writes it, for a key: saved progress is the same in every language."""
    with using_language("en"):
        return money(amount)


def worded(text):
    """``text`` as shown now: itself, or what its maker (a function of no arguments) words in the current language."""
    return text() if callable(text) else text


class _Worded:
    """An unchangeable value whose text parts are worded when read: equal, shown and hashed by what it shows now."""

    __slots__ = ()
    _FIELDS: tuple[str, ...] = ()

    def _shown(self) -> tuple:
        return tuple(getattr(self, name) for name in self._FIELDS)

    def __eq__(self, other):
        return self._shown() == other._shown() if isinstance(other, type(self)) else NotImplemented

    def __hash__(self):
        return hash(self._shown())

    def __setattr__(self, name, value):
        raise AttributeError(f"a {type(self).__name__} cannot be changed: {name}")

    def __repr__(self):
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(self._FIELDS, self._shown()))
        return f"{type(self).__name__}({shown})"


class Question(_Worded):
    """An exercise: prompt, choices (empty: typed), answer and why; its ``skill`` and ``key`` for saved progress.

    ``prompt``, ``answer``, ``explanation`` and ``choices`` are each given as text (a tuple of texts for choices) or
    as a function of no arguments that words it: a builder's question keeps its data, and each read words it in the
    language current then, so a question built before ``set_language("vi")`` is shown in Vietnamese after it.
    ``key`` None: the prompt as worded when the question is built.
    """

    __slots__ = ("_prompt", "_answer", "_explanation", "_choices", "skill", "key")
    _FIELDS = ("prompt", "answer", "explanation", "choices", "skill", "key")

    def __init__(self, prompt, answer, explanation, choices=(), skill: str = "exercise", key: str | None = None):
        set_ = object.__setattr__
        set_(self, "_prompt", prompt)
        set_(self, "_answer", answer)
        set_(self, "_explanation", explanation)
        set_(self, "_choices", choices)
        for name in ("prompt", "answer", "explanation"):
            if not isinstance(getattr(self, name), str):
                raise BaccaratError(_("{name} must be text, not {value}")
                    .format(name=name, value=shown(worded(getattr(self, "_" + name)))))
        choices = self.choices
        if isinstance(choices, str) or not isinstance(choices, (tuple, list)) \
                or not all(isinstance(choice, str) for choice in choices):
            raise refusal(_("choices must be a tuple of texts (empty for a typed answer), not {value}"), value=choices)
        if choices and self.answer not in choices:
            raise BaccaratError(_("answer {value} must be one of the choices {value2}")
                .format(value=shown(self.answer), value2=shown(tuple(choices))))
        _check_skill(skill)
        if key is None:                            # the prompt names the situation; a store keeps MAX_TEXT characters
            key = self.prompt.strip() or "exercise"
            key = key if len(key) <= MAX_TEXT else key[:MAX_TEXT - 1] + "…"
        if not isinstance(key, str) or not key.strip() or len(key) > MAX_TEXT:
            raise BaccaratError(_("key must be None or a text of 1 to {max_text} characters naming "
                                  'the situation (such as "7 8"), not {value}')
                                      .format(max_text=MAX_TEXT, value=shown(key)))
        set_(self, "skill", skill)
        set_(self, "key", key)

    @property
    def prompt(self) -> str:
        """What is asked, in the current language."""
        return worded(self._prompt)

    @property
    def answer(self) -> str:
        """The right answer as shown (one of ``choices``, if any), in the current language."""
        return worded(self._answer)

    @property
    def explanation(self) -> str:
        """Why that is the answer, in the current language."""
        return worded(self._explanation)

    @property
    def choices(self) -> tuple[str, ...]:
        """The answers offered as buttons, in the current language; empty: the answer is typed."""
        choices = worded(self._choices)
        return tuple(choices) if isinstance(choices, list) else choices

    def replace(self, **changes) -> Question:
        """A copy with ``changes`` (``choices=…`` and the other arguments, as text or makers), as dataclasses'."""
        given = {"prompt": self._prompt, "answer": self._answer, "explanation": self._explanation,
                 "choices": self._choices, "skill": self.skill, "key": self.key}
        return Question(**{**given, **changes})

    def __hash__(self):                     # equal questions share these; no need to word the rest
        return hash((self.skill, self.key))


class Feedback(_Worded):
    """Whether an answer was right, and why; an unjudged one's ``message`` says what to type, not the answer.

    ``message`` is given as text or as a function of no arguments that words it: read, it is in the current
    language.
    """

    __slots__ = ("correct", "_message", "judged")
    _FIELDS = ("correct", "message", "judged")

    def __init__(self, correct: bool, message, judged: bool = True):
        for name, value in (("correct", correct), ("_message", message), ("judged", judged)):
            object.__setattr__(self, name, value)

    @property
    def message(self) -> str:
        """What the learner is told, in the current language."""
        return worded(self._message)



def _words_of(kind: str) -> dict[str, str]:
    """One answer kind's table as {folded word: answer code}, its codes' names in the current language included."""
    table = {}
    for code, words in ANSWER_WORDS[kind].items():
        for word in words + (_(ANSWER_NAMES[code]),):
            table[fold(word)] = code
    return table


def same_word(given, expected, choices=()) -> bool | None:
    """Whether ``given`` means ``expected`` in either language, read among the words of ``expected``'s kind only.

    >>> same_word("khong rut", "stand"), same_word("Nhà Cái", "Banker"), same_word("không", "draw")
    (True, True, False)
    """
    folded = fold(expected)
    tables = [table for table in map(_words_of, ANSWER_WORDS) if folded in table]
    if not tables:
        return None
    # A word of two tables ("Player": a side, or a natural call) belongs to the one holding every choice too.
    table = next((table for table in tables if choices and all(fold(choice) in table for choice in choices)),
                 tables[0])
    return table.get(fold(given)) == table[folded]


def _number(text) -> Decimal | None:
    """The number an answer spells, read as the learner's language writes it, or None."""
    if isinstance(text, (numbers.Integral, Decimal)) and not isinstance(text, bool):
        return Decimal(int(text)) if isinstance(text, numbers.Integral) else text    # a number, not text
    if isinstance(text, float):
        return Decimal(repr(text))
    try:
        return read_number(str(text))
    except BaccaratError:
        return None


def _number_kind(question: Question) -> str:
    """What a question's typed number is ("total", "money", a whole number or any), for a typo's hint."""
    if question.skill == "total":
        return "total"
    if question.skill == "settle":
        return "money"
    expected = _number(question.answer)
    return "whole" if expected is not None and expected == expected.to_integral_value() else "number"


def _same_answer(given, expected, choices=()) -> bool:
    word = same_word(given, expected, choices)
    if word is not None:
        return word
    if fold(given) == fold(expected):                 # a typed word without its diacritics
        return True
    given_number, expected_number = _number(given), _number(expected)
    return given_number is not None and given_number == expected_number


def _check_question(question) -> Question:
    if not isinstance(question, Question):
        raise BaccaratError(_("question must be a Question, not {value}").format(value=shown(question)))
    return question


def _answer_text(answer):
    """An answer as given: text or a number; anything else is refused."""
    if isinstance(answer, bool) or not isinstance(answer, (str, numbers.Number, Decimal)):
        raise BaccaratError(_("answer must be text or a number, not {value}").format(value=shown(answer)))
    return answer


def _typo_hint(question: Question, answer) -> str | None:
    """What to type instead of ``answer`` where the question takes a number (in the current language), or None."""
    try:
        read_number(str(answer), _number_kind(question))
    except BaccaratError as hint:                     # the hint says what the question takes
        return str(hint)
    return None


def check_answer(question: Question, answer) -> Feedback:
    """Judge one answer, explained by the rule; a blank one, or not a number where one is asked, is not judged.

    The feedback's message is worded when read, in the language current then.
    """
    question, answer = _check_question(question), _answer_text(answer)
    if not str(answer).strip():
        return Feedback(False, lambda: _(_BLANK), judged=False)
    if _number(question.answer) is not None and _number(answer) is None and _typo_hint(question, answer) is not None:
        return Feedback(False, lambda: _typo_hint(question, answer), judged=False)
    if _same_answer(answer, question.answer, question.choices):
        return Feedback(True, lambda: _("Right! {explanation}").format(explanation=question.explanation))
    return Feedback(False, lambda: _("Not quite: the right answer is {answer}. {explanation}").format(
        answer=question.answer, explanation=question.explanation))


def verdicts_text(question: Question, answers) -> str:
    """One line per answer (a list of them), saying whether ``check_answer`` finds it right.

    >>> from baccarat_lib.teaching import total_question
    >>> print(verdicts_text(total_question("7 8"), ["5", "15"]))
    answer 5: right
    answer 15: wrong
    """
    if not isinstance(answers, (list, tuple)) or not answers:
        raise BaccaratError(_("answers must be a list of answers, not {value}").format(value=shown(answers)))
    return "\n".join(_("answer {answer}: {verdict}").format(
        answer=answer, verdict=_("right") if check_answer(question, answer).correct else _("wrong"))
        for answer in answers)
