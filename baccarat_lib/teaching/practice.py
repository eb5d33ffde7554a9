"""Practice drills: random situations asked as questions, checked by the rules, with a running score.

Questions come from ``rule_questions``' builders; this module only chooses the situations, one ``DrillKind`` per kind
in ``DRILL_KINDS``. A seed replays a drill's questions; a drill without one is adaptive: Leitner boxes
(``progress.schedule``) over the saved answers choose each question. ``Exercise.skill`` is what an answer is saved
under: the kind, or the tableau cell ("banker-draw:5/4").

>>> exercise = make_exercise("banker-draw", difficulty=3, seed=1)
>>> exercise == make_exercise("banker-draw", difficulty=3, seed=1)
True
>>> from baccarat_lib.teaching import check_answer, total_question
>>> score = record(record(Score(), check_answer(total_question("7 8"), "5")),
...                check_answer(total_question("K 9"), "19"), "total")
>>> score.asked, score.right, score.streak, score.missed
(2, 1, 0, ('total',))
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Callable, NamedTuple

from ..course import lesson
from ..errors import BaccaratError, check_seed, refusal, shown, whole_number
from ..game.cards import RANKS, SUITS, Card
from ..game.coup import Coup, play_coup
from ..game.payouts import EVENTS, coup_facts, pay_table
from ..game.rules import BANKER_TABLEAU, hand_total
from ..game.formatting import localized
from ..game.shoe import _seed_text
from ..i18n import N_, _
from ..progress.schedule import _pairs, next_items, stored_states
from ..progress.store import ProgressStore, banker_cell_skill, skill_family
from .questions import Feedback, Question, _answer_text, check_answer
from .rule_questions import (banker_draw_question, natural_question, player_draw_question, settle_question,
                             total_question, winner_question)

__all__ = ["DrillKind", "DRILL_KINDS", "KINDS", "KIND_NAMES", "LEVELS", "levels_text", "levels_preview", "DIFFICULTIES",
           "Exercise", "make_exercise", "drill_exercises", "final_test", "Score", "record",
           "score_summary", "Drill", "start_drill", "answer_drill", "next_drill", "MIXED", "TEST",
           "FINAL_TEST_QUESTIONS", "next_practice_item", "exercise_for"]

MIXED, TEST = "mixed", "test"
DIFFICULTIES = (1, 2, 3)
FINAL_TEST_QUESTIONS = lesson("09_practice").final_test   # the course's final test (course.py), unless asked otherwise
MAX_TEST_QUESTIONS = 100       # the longest final test
MAX_DRILL_LENGTH = 10_000      # the longest drill given a length (None: endless)
TEST_ATTEMPTS = 12                         # situations a test question draws at most to avoid repeating one
# The rows of the tableau that depend on Player's third card (3, 4, 5, 6): Banker draws on some values, not all.
HARD_BANKER_TOTALS = tuple(total for total, draws_on in BANKER_TABLEAU.items() if 0 < len(draws_on) < 10)
STAKES = {1: (10, 20, 50, 100), 2: (10, 20, 25, 50, 100, 200), 3: (10, 15, 25, 30, 40, 75, 150)}
# Which bets each difficulty settles, on which table: level 3 adds the special payouts.
SETTLE_BETS = {1: (("player", "standard"), ("banker", "standard")),
               2: (("player", "standard"), ("banker", "standard"), ("tie", "standard"),
                   ("banker", "commission-4"), ("tie", "tie-9")),
               3: (("banker", "standard"), ("tie", "tie-9"), ("banker", "no-commission"),
                   ("super-six", "no-commission"), ("banker", "ez"), ("dragon-7", "ez"), ("panda-8", "ez"),
                   ("player-pair", "standard"), ("banker-pair", "standard"))}


class Exercise(NamedTuple):
    """One generated question: its ``kind``, its ``difficulty`` and the ``question`` itself."""

    kind: str
    difficulty: int
    question: Question

    @property
    def skill(self) -> str:
        """What its answer is saved under: the kind, or a Banker question's tableau cell ("banker-draw:5/4")."""
        return self.question.skill


# ---------------------------------------------------------------- random cards

def _card(rng: random.Random, value: int | None = None, besides=()) -> Card:
    """A random card with a suit, of the given point value if one is asked for, and not one of ``besides``."""
    while True:
        ranks = RANKS if value is None else [rank for rank in RANKS if Card(rank).value == value]
        card = Card(rng.choice(ranks), rng.choice(SUITS))
        if card not in besides:
            return card


def _cards(rng: random.Random, count: int) -> list[Card]:
    """``count`` different random cards."""
    cards = []
    for _attempt in range(count):
        cards.append(_card(rng, besides=cards))
    return cards


def _hand(rng: random.Random, total: int, size: int = 2, high: bool | None = None) -> list[Card]:
    """``size`` random cards whose total is ``total``; ``high`` asks for a raw sum of 10 or more (or less)."""
    if high and total + 10 > 9 * size:
        high = None                                     # 9 cannot come from 19 with two cards
    for _attempt in range(1000):
        cards = _cards(rng, size - 1)
        cards.append(_card(rng, (total - sum(card.value for card in cards)) % 10, besides=cards))
        raw = sum(card.value for card in cards)
        if high is None or high == (raw >= 10):
            return cards
    return cards  # pragma: no cover


def _coup_where(rng: random.Random, wanted) -> tuple[Coup, list[Card]]:
    """A coup from six random cards for which ``wanted(coup)`` holds, and the six cards."""
    for _attempt in range(10_000):
        cards = _cards(rng, 6)
        coup = play_coup(cards)
        if wanted(coup):
            return coup, cards
    raise BaccaratError(_("no coup found for this situation: try another seed"))  # pragma: no cover


def _values(cards) -> tuple[int, ...]:
    """The point values of the cards a prompt shows, sorted: two prompts with the same values ask the same thing."""
    return tuple(sorted(card.value for card in cards))


# ---------------------------------------------------------------- one question maker per kind
# Each returns the question and its key facts, finest first (card values, situation, answer pattern).

def _total(rng, difficulty):
    size = 3 if difficulty == 3 else 2
    high = None if difficulty == 1 else True
    total = rng.randrange(9 if difficulty == 2 else 10)       # two cards cannot make 9 from 19
    cards = _hand(rng, total, size, high)
    question = total_question(cards)
    return question.replace(choices=tuple(str(total) for total in range(10))), (_values(cards), (total, size))


def _natural(rng, difficulty):
    if difficulty == 3 and rng.random() < 0.4:
        cards = _hand(rng, rng.choice((8, 9)), 3)                       # a third card never makes one
    else:
        total = rng.choice((8, 9)) if rng.random() < 0.5 else rng.choice(range(8) if difficulty == 1 else (0, 6, 7))
        cards = _hand(rng, total, 2, None if difficulty == 1 else True)
    question = natural_question(cards)
    return question, (_values(cards), (hand_total(cards), len(cards)), question.answer)


def _player_draw(rng, difficulty):
    totals = {1: range(8), 2: (3, 4, 5, 6, 7), 3: (5, 6)}[difficulty]
    cards = _hand(rng, rng.choice(totals), 2, None if difficulty == 1 else True)
    question = player_draw_question(cards)
    return question, (_values(cards), hand_total(cards), question.answer)


def _banker_draw(rng, difficulty):
    player_stood, hard = {1: (1.0, 0.0), 2: (0.4, 0.5), 3: (0.1, 0.85)}[difficulty]
    if rng.random() < player_stood:
        banker_cards, third = _hand(rng, rng.randrange(8)), None
    else:
        if rng.random() < hard:
            banker_total = rng.choice(HARD_BANKER_TOTALS)
            draws = rng.random() < 0.5              # as many stands as draws, so guessing "draw" does not pay
            values = BANKER_TABLEAU[banker_total] if draws else set(range(10)) - BANKER_TABLEAU[banker_total]
        else:
            banker_total = rng.choice([total for total in BANKER_TABLEAU if total not in HARD_BANKER_TOTALS])
            values = range(10)
        banker_cards = _hand(rng, banker_total)
        third = _card(rng, rng.choice(sorted(values)), besides=banker_cards)
    question = banker_draw_question(banker_cards, third)
    shown_cards = banker_cards + ([third] if third is not None else [])
    cell = (hand_total(banker_cards), None if third is None else third.value)
    return question, (_values(shown_cards), cell, question.answer)


def _tableau_decides(coup: Coup) -> bool:
    return coup.player.drew and hand_total(coup.banker.cards[:2]) in HARD_BANKER_TOTALS


def _winner(rng, difficulty):
    wanted = {1: lambda coup: coup.is_natural,
              2: lambda coup: not coup.is_natural and not _tableau_decides(coup),
              3: lambda coup: not coup.is_natural and _tableau_decides(coup)}[difficulty]
    coup, cards = _coup_where(rng, wanted)
    question = winner_question(cards)
    situation = (hand_total(coup.player.cards[:2]), hand_total(coup.banker.cards[:2]),
                 tuple(hand.cards[2].value if hand.drew else None for hand in (coup.player, coup.banker)))
    return question, (_values(cards), situation, question.answer)


def _settle(rng, difficulty):
    bet, table = rng.choice(SETTLE_BETS[difficulty])
    lines = pay_table(table).lines(bet)
    paying = [line.event for line in lines if line.odds not in ("push", "loses")]
    if rng.random() < 0.5:          # half the time the bet's own event happens, even for rare side bets
        event = rng.choice(paying)
        coup, cards = _coup_where(rng, lambda coup: EVENTS[event](coup_facts(coup)))
    elif difficulty >= 2 and rng.random() < 0.3:
        coup, cards = _coup_where(rng, lambda coup: coup_facts(coup).tie)
    else:
        coup, cards = _coup_where(rng, lambda coup: True)
    question = settle_question(bet, rng.choice(STAKES[difficulty]), cards, table)
    return question, (_values(cards), (bet, table, coup.outcome), (bet, table))


# ---------------------------------------------------------------- the drill kinds, one record each

class DrillKind(NamedTuple):
    """A drill kind: ``label`` shown as ``_(label)``, the ``levels`` whose mixed drills ask it, and its ``maker``."""

    name: str
    label: str
    levels: tuple[int, ...]
    maker: Callable


DRILL_KINDS = {kind.name: kind for kind in (            # in course order: drills, menus and tests follow it
    DrillKind("total", N_("Hand totals"), (1,), _total),
    DrillKind("natural", N_("Naturals"), (1,), _natural),
    DrillKind("player-draw", N_("Player: draw or stand"), (2,), _player_draw),
    DrillKind("banker-draw", N_("Banker: draw or stand"), (2, 3), _banker_draw),
    DrillKind("winner", N_("Who wins?"), (2, 3), _winner),
    DrillKind("settle", N_("Settling bets"), (3,), _settle),
)}
KINDS = tuple(DRILL_KINDS)
KIND_NAMES = {kind.name: kind.label for kind in DRILL_KINDS.values()}
LEVELS = {level: tuple(kind.name for kind in DRILL_KINDS.values() if level in kind.levels) for level in DIFFICULTIES}


def levels_text() -> str:
    """What a mixed drill asks at each level, one line per level, the kinds named by their labels.

    >>> print(levels_text())
    Level 1: Hand totals, Naturals
    Level 2: Player: draw or stand, Banker: draw or stand, Who wins?
    Level 3: Banker: draw or stand, Who wins?, Settling bets
    """
    return "\n".join(_("Level {level}: {kinds}").format(level=level,
                                                         kinds=", ".join(_(KIND_NAMES[kind]) for kind in kinds))
                     for level, kinds in LEVELS.items())


# A test longer than the number of kinds asks again the kinds beyond the first level (easy kinds once is enough).
TEST_EXTRA_KINDS = tuple(kind.name for kind in DRILL_KINDS.values() if DIFFICULTIES[0] not in kind.levels)


def _difficulty(difficulty) -> int:
    try:
        return whole_number("difficulty", difficulty, DIFFICULTIES[0], DIFFICULTIES[-1])
    except BaccaratError:
        raise BaccaratError(_("difficulty must be 1, 2 or 3, not {value}").format(value=shown(difficulty))) from None


def _check_choice(kind: str, difficulty) -> tuple[str, int]:
    if not isinstance(kind, str) or kind not in KINDS + (MIXED,):
        raise BaccaratError(_("unknown drill {value}: choose one of {names}")
            .format(value=shown(kind), names=', '.join(KINDS + (MIXED,))))
    return kind, _difficulty(difficulty)


def _replay_seed(seed, name: str = "seed") -> int:
    """A seed that replays questions: a whole number 0 or more (None is refused: nothing to replay)."""
    if seed is None:
        raise BaccaratError(_("{name} must be a whole number 0 or more (the same seed asks the same "
                              "questions), not None").format(name=name))
    return check_seed(seed, name)


def _exercise(kind: str, difficulty: int, rng: random.Random) -> Exercise:
    if kind == MIXED:
        kind = rng.choice(LEVELS[difficulty])
    question, _facts = DRILL_KINDS[kind].maker(rng, difficulty)
    return Exercise(kind, difficulty, question)


def make_exercise(kind: str, difficulty: int = 1, seed=None) -> Exercise:
    """One random situation of ``kind`` ("mixed": a kind of this level) at ``difficulty`` 1..3; ``seed`` None or 0+.

    >>> make_exercise("total", 1, seed=5).question.prompt
    'What is the total of 5♦ 4♣?'
    >>> make_exercise("total", 3, seed=5).question.prompt           # level 3: three cards
    'What is the total of 4♣ 9♠ 6♠?'
    """
    kind, difficulty = _check_choice(kind, difficulty)
    return _exercise(kind, difficulty, random.Random(check_seed(seed)))


@lru_cache(maxsize=256)
def _exercise_at(kind: str, difficulty: int, seed: int, number: int) -> Exercise:
    """The question, cached: its words are made when shown, in the language current then."""
    return _exercise(kind, difficulty, random.Random(f"{kind}/{difficulty}/{_seed_text(seed)}/{_seed_text(number)}"))


def drill_exercises(kind: str, difficulty: int, seed, count: int = 10) -> list[Exercise]:
    """The first ``count`` questions (0..10,000) of a drill: the same for the same ``seed`` (0 or more)."""
    kind, difficulty = _check_choice(kind, difficulty)
    seed, count = _replay_seed(seed), whole_number("count", count, 0, MAX_DRILL_LENGTH)
    return [_exercise_at(kind, difficulty, seed, number) for number in range(count)]


def final_test(seed, questions: int = FINAL_TEST_QUESTIONS) -> tuple[Exercise, ...]:
    """A mixed test of ``questions`` (1..100): every kind once if it fits, in course order, no situation twice.

    >>> [exercise.kind for exercise in final_test(2024, 6)]
    ['total', 'natural', 'player-draw', 'banker-draw', 'winner', 'settle']
    """
    return _final_test(_replay_seed(seed), _test_length(questions))


def _test_length(questions) -> int:
    try:
        return whole_number("questions", questions, 1, MAX_TEST_QUESTIONS)
    except BaccaratError:
        raise BaccaratError(_("questions must be a whole number from 1 to {max_test_questions} (a "
                              "test has at least one question), not {value}")
                                  .format(max_test_questions=MAX_TEST_QUESTIONS, value=shown(questions))) from None


@lru_cache(maxsize=32)
def _final_test(seed: int, questions: int) -> tuple[Exercise, ...]:
    """The test, cached: its questions are worded when shown, in the language current then."""
    rng = random.Random(f"test/{_seed_text(seed)}")
    if questions < len(KINDS):
        kinds = rng.sample(KINDS, questions)
    else:
        extra = []                          # the kinds asked again, in turns, so no kind crowds the test
        while len(extra) < questions - len(KINDS):
            turn = list(TEST_EXTRA_KINDS)
            rng.shuffle(turn)
            extra += turn
        kinds = list(KINDS) + extra[:questions - len(KINDS)]
    kinds.sort(key=KINDS.index)
    seen: set = set()
    return tuple(_fresh_exercise(kind, rng, seen) for kind in kinds)


def _fresh_exercise(kind: str, rng: random.Random, seen: set) -> Exercise:
    """A test question of ``kind`` repeating no fact in ``seen`` (else the fewest of the finest), added to ``seen``."""
    best, best_fresh = None, -1
    for _attempt in range(TEST_ATTEMPTS):
        difficulty = 3 if kind == "banker-draw" else rng.choice((2, 3))
        question, facts = DRILL_KINDS[kind].maker(rng, difficulty)
        keys = [(kind, level, fact) for level, fact in enumerate(facts)]
        fresh = next((number for number, key in enumerate(keys) if key in seen), len(keys))
        if fresh > best_fresh:
            best, best_fresh, best_keys = Exercise(kind, difficulty, question), fresh, keys
        if fresh == len(keys):
            break
    seen.update(best_keys)
    return best


# ---------------------------------------------------------------- adaptive practice (a drill without a seed)

def _banker_cells(difficulty: int) -> tuple[str, ...]:
    """The tableau cells an adaptive Banker drill asks: Player stood, then the whole tableau, then its hard rows."""
    stood = tuple(banker_cell_skill(total) for total in BANKER_TABLEAU)
    drew = tuple(banker_cell_skill(total, third) for total in BANKER_TABLEAU for third in range(10))
    hard = tuple(banker_cell_skill(total, third) for total in HARD_BANKER_TOTALS for third in range(10))
    return {1: stood, 2: stood + drew, 3: hard}[difficulty]


def _adaptive_kinds(difficulty: int) -> tuple[str, ...]:
    """The kinds an adaptive mixed drill asks: those of its level and of every easier one."""
    return tuple(kind for kind in KINDS if min(DRILL_KINDS[kind].levels) <= difficulty)


def _history(history) -> list[tuple[str, bool]]:
    """(skill, right) pairs from recorded answers (with ``skill`` and ``right``) or from pairs."""
    pairs = _pairs(history, "skill")
    for position, (skill, _right) in enumerate(pairs):
        try:
            skill_family(skill)                                     # checks the skill's name
        except BaccaratError:
            raise BaccaratError(_("history[{position}] must name a skill such as 'total' or "
                                  "'banker-draw:5/4', not {value}")
                                      .format(position=position, value=shown(skill))) from None
    return pairs


def _scheduled(history, candidates, rng: random.Random) -> str:
    """The one item Leitner boxes ask next among ``candidates`` after ``history``; ties in ``rng``'s order."""
    order = list(candidates)
    rng.shuffle(order)
    return next_items(history, order, count=1)[0]


def next_practice_item(kind: str, difficulty: int, history, seed=None) -> str:
    """The skill (a kind, or a tableau cell) an adaptive drill asks next after ``history`` (answers or a store).

    Due items first, then new ones, then the soonest due. "5/4" missed, then "6/7" right: the miss is due again.

    >>> next_practice_item("banker-draw", 3, [("banker-draw:5/4", False), ("banker-draw:6/7", True)], seed=1)
    'banker-draw:5/4'
    """
    kind, difficulty = _check_choice(kind, difficulty)
    stored = isinstance(history, ProgressStore)
    pairs = None if stored else _history(history)
    rng = random.Random(check_seed(seed))
    if kind == MIXED:
        kinds = _adaptive_kinds(difficulty)
        kind = _scheduled(stored_states(history, kinds) if stored else
                          [(skill_family(skill), right) for skill, right in pairs if skill_family(skill) in kinds],
                          kinds, rng)
    if kind != "banker-draw":
        return kind
    cells = stored_states(history, ["banker-draw"], finer=True) if stored else \
        [(skill, right) for skill, right in pairs if skill.startswith("banker-draw:")]
    return _scheduled(cells, _banker_cells(difficulty), rng)


def exercise_for(skill: str, difficulty: int = 1, seed=None) -> Exercise:
    """A random question of ``skill``: a kind, or a tableau cell ("banker-draw:5/4"; "5/-": Player stood).

    >>> exercise = exercise_for("banker-draw:5/4", 3, seed=2)
    >>> exercise.skill, exercise.question.answer          # the tableau: Banker 5 draws on 4, 5, 6, 7
    ('banker-draw:5/4', 'draw')
    """
    difficulty = _difficulty(difficulty)
    if not isinstance(skill, str) or (skill not in KINDS and skill not in _banker_cells(2)):
        raise BaccaratError(_('skill must be a drill kind such as "total" or a cell of the Banker '
                              'tableau such as "banker-draw:5/4", not {value}').format(value=shown(skill)))
    rng = random.Random(check_seed(seed))
    if skill in KINDS:
        return _exercise(skill, difficulty, rng)
    banker_total, _slash, third_value = skill.split(":", 1)[1].partition("/")       # "banker-draw:5/4", or "5/-"
    banker_cards = _hand(rng, int(banker_total))
    third = None if third_value == "-" else _card(rng, int(third_value), besides=banker_cards)
    return Exercise("banker-draw", difficulty, banker_draw_question(banker_cards, third))


# ---------------------------------------------------------------- scoring

@dataclass(frozen=True)
class Score:
    """A running score: questions answered, right answers, the current and best streak, kinds missed."""

    asked: int = 0
    right: int = 0
    streak: int = 0
    best_streak: int = 0
    missed: tuple[str, ...] = ()

    def __post_init__(self):
        for name in ("asked", "right", "streak", "best_streak"):
            object.__setattr__(self, name, whole_number(name, getattr(self, name), 0))
        if not self.streak <= self.best_streak <= self.right <= self.asked:
            raise BaccaratError(_("a score needs streak <= best_streak <= right <= asked, not streak "
                                  "{streak}, best_streak {best}, right {right}, asked {asked}").format(
                streak=shown(self.streak, 12), best=shown(self.best_streak, 12), right=shown(self.right, 12),
                asked=shown(self.asked, 12)))
        missed = self.missed
        if isinstance(missed, str) or not isinstance(missed, (tuple, list)) \
                or not all(isinstance(kind, str) and kind in KINDS for kind in missed):
            raise BaccaratError(_("missed must be a tuple of drill kinds ({names}), not {value}")
                .format(names=', '.join(KINDS), value=shown(missed)))
        if len(missed) > self.asked - self.right:
            raise BaccaratError(_("missed lists {count} answers, more than the {value} wrong")
                .format(count=len(missed), value=shown(self.asked - self.right, 12)))
        object.__setattr__(self, "missed", tuple(missed))


def record(score: Score, feedback: Feedback, kind: str | None = None) -> Score:
    """The score after one more judged answer; a wrong one of a known ``kind`` is remembered in ``missed``.

    >>> record(Score(asked=3, right=2, streak=2, best_streak=2), Feedback(True, "Right!"))
    Score(asked=4, right=3, streak=3, best_streak=3, missed=())
    """
    _check_score(score)
    if not isinstance(feedback, Feedback):
        raise refusal(_("feedback must be a Feedback (from check_answer), not {value}"), value=feedback)
    if kind is not None and (not isinstance(kind, str) or kind not in KINDS):
        raise BaccaratError(_("kind must be None or one of {names}, not {value}")
            .format(names=', '.join(KINDS), value=shown(kind)))
    if not feedback.judged:
        return score
    if feedback.correct:
        streak = score.streak + 1
        return replace(score, asked=score.asked + 1, right=score.right + 1, streak=streak,
                       best_streak=max(score.best_streak, streak))
    missed = score.missed + ((kind,) if kind else ())
    return replace(score, asked=score.asked + 1, streak=0, missed=missed)


def score_summary(score: Score) -> str:
    """The score in one sentence, with the kinds to practise again.

    >>> score_summary(Score(asked=12, right=9, streak=1, best_streak=5, missed=("settle", "banker-draw", "settle")))
    '9 of 12 right (75%), best streak 5. Practise again: Settling bets (2 missed), Banker: draw or stand (1 missed).'
    """
    _check_score(score)
    if score.asked == 0:
        return _("No answers yet.")
    text = _("{right} of {asked} right ({share}), best streak {best}.").format(
        right=score.right, asked=score.asked, share=localized(f"{score.right / score.asked:.0%}"),
        best=score.best_streak)
    if not score.missed:
        return text + " " + _("Nothing missed!") if score.right == score.asked else text
    counts = {kind: score.missed.count(kind) for kind in dict.fromkeys(score.missed)}
    ordered = sorted(counts, key=lambda kind: -counts[kind])
    kinds = ", ".join(_("{kind} ({count} missed)").format(kind=_(KIND_NAMES[kind]), count=counts[kind])
                      for kind in ordered)
    return text + " " + _("Practise again: {kinds}.").format(kinds=kinds)


def _check_score(score) -> None:
    if not isinstance(score, Score):
        raise BaccaratError(_("score must be a Score, not {value}").format(value=shown(score)))


# ---------------------------------------------------------------- a whole drill as pure state

@dataclass(frozen=True)
class Drill:
    """A drill (``length`` None: endless) or a test in progress; an adaptive one has no seed, and holds ``current``."""

    kind: str
    difficulty: int
    seed: object
    length: int | None = None
    number: int = 0
    score: Score = Score()
    feedback: Feedback | None = None
    current: Exercise | None = None

    @property
    def exercise(self) -> Exercise:
        """The current question."""
        if self.current is not None:
            return self.current
        if self.kind == TEST:
            return _final_test(self.seed, self.length)[self.number]
        return _exercise_at(self.kind, self.difficulty, self.seed, self.number)

    @property
    def adaptive(self) -> bool:
        """True for a drill without a seed, whose questions follow the learner's history."""
        return self.current is not None

    @property
    def answered(self) -> bool:
        """True once the current question has an answer."""
        return self.feedback is not None

    @property
    def finished(self) -> bool:
        """True once the last question of a test is answered (a drill never finishes)."""
        return self.length is not None and self.number == self.length - 1 and self.answered


def start_drill(kind: str = MIXED, difficulty: int = 1, seed=None, length: int | None = None,
                adaptive: bool = False, history=()) -> Drill:
    """A new drill of ``length`` (None: endless, or 1..10,000), or with ``kind`` "test" a final test (1..100).

    Without a seed one is picked at random and kept, so the drill can be replayed.

    ``adaptive=True`` (no seed, not a test): questions chosen from ``history`` (``next_practice_item``).

    >>> drill = start_drill("test", seed=2024)
    >>> drill.length, drill.exercise.kind
    (10, 'total')
    >>> missed_then_right = [("banker-draw:6/7", False), ("banker-draw:3/3", True)]   # 6/7 due after one question
    >>> start_drill("banker-draw", 3, adaptive=True, history=missed_then_right).exercise.skill
    'banker-draw:6/7'
    """
    seed = check_seed(seed)
    if not isinstance(adaptive, bool):
        raise BaccaratError(_("adaptive must be True or False, not {value}").format(value=shown(adaptive)))
    test = isinstance(kind, str) and kind == TEST
    if adaptive and (seed is not None or test):
        raise BaccaratError(_("an adaptive drill has no seed and is not a test: its questions "
                              "follow your saved answers (use adaptive=False for a seeded drill "
                              "or test)"))
    if test:
        length = _test_length(FINAL_TEST_QUESTIONS if length is None else length)
        difficulty = _difficulty(difficulty)
    else:
        kind, difficulty = _check_choice(kind, difficulty)
        length = None if length is None else whole_number("length", length, 1, MAX_DRILL_LENGTH)
    if adaptive:
        current = exercise_for(next_practice_item(kind, difficulty, history), difficulty)
        return Drill(kind, difficulty, None, length, current=current)
    return Drill(kind, difficulty, random.Random().randrange(1, 1_000_000) if seed is None else seed, length)


def answer_drill(drill: Drill, answer) -> Drill:
    """The drill after ``answer``; a repeated or unjudged answer is not scored and the question stays open.

    >>> drill = start_drill("total", 1, seed=3)
    >>> answer_drill(drill, "no idea") == drill                # a typo: not scored, the question stays open
    True
    >>> drill = answer_drill(drill, "10")
    >>> drill.score.asked, drill.feedback.correct
    (1, False)
    """
    _check_drill(drill)
    answer = _answer_text(answer)
    if drill.answered:
        return drill
    exercise = drill.exercise
    feedback = check_answer(exercise.question, answer)
    if not feedback.judged:
        return drill
    return replace(drill, feedback=feedback, score=record(drill.score, feedback, exercise.kind))


def next_drill(drill: Drill, history=()) -> Drill:
    """The drill at its next question (an adaptive one chosen from ``history``); a test waits for an answer."""
    _check_drill(drill)
    if drill.length is not None and (not drill.answered or drill.number >= drill.length - 1):
        return drill
    if drill.adaptive:
        item = next_practice_item(drill.kind, drill.difficulty, history)
        return replace(drill, number=drill.number + 1, feedback=None, current=exercise_for(item, drill.difficulty))
    return replace(drill, number=drill.number + 1, feedback=None)


def _check_drill(drill) -> Drill:
    if not isinstance(drill, Drill):
        raise BaccaratError(_("drill must be a Drill (from start_drill), not {value}").format(value=shown(drill)))
    return drill


def levels_preview(kind: str, seed, count: int = 3) -> str:
    """The first ``count`` questions of a ``kind`` drill with ``seed``, at each level, as text.

    >>> print(levels_preview("natural", seed=1, count=1).splitlines()[0])
    Level 1:
    """
    return "\n".join(_("Level {level}:").format(level=level) + "".join(
        "\n    " + exercise.question.prompt for exercise in drill_exercises(kind, level, seed, count))
        for level in DIFFICULTIES)
