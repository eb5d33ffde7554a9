"""A lesson's exercise asked again as a class poll, rebuilt from the course list (``course.LESSONS``), not the notebook.

The hub's service judges a poll's answers with ``poll_question``, and a lesson shows it with the exercise widget.

>>> question = poll_question(5, 0)
>>> question.prompt, question.answer, question.key
('Cards dealt in order P, B, P, B, then third cards: 7 6 Q J 5 2. Who wins?', 'Player', '7 6 Q J 5 2')
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from ..course import lesson as course_lesson
from ..errors import BaccaratError, refusal, shown, whole_number
from ..i18n import _, tr
from ..analysis import counting, odds, roads, simulate
from ..game.coup import Outcome
from ..game import tableau
from .odds_questions import (best_removal_question, five_question, lowest_edge_question, no_commission_question,
                             positive_question, wins_more_question)
from .practice import make_exercise
from .questions import Question
from .road_questions import (bead_question, columns_question, derived_road_question, dragon_tail_question,
                             streak_question)
from .rule_questions import (banker_draw_question, card_value_question, cards_used_question, natural_question,
                             pair_question, player_draw_question, settle_question, total_question,
                             winner_question, wrong_rows_question)

__all__ = ["BUILDERS", "poll_question", "Poll", "POLL_STATES", "read_poll"]

POLL_STATES = ("open", "closed", "revealed")      # answers taken; no more answers; the right answer shown


class Poll(NamedTuple):
    """A class poll: the service's ``id``, the ``lesson`` and ``exercise`` it asks, and its ``state``."""

    id: int
    lesson: str
    exercise: int
    state: str


def read_poll(reply) -> Poll | None:
    """The poll of the service's reply ``{"poll": null}`` or ``{"poll": {"id", "lesson", "exercise", "state"}}``.

    >>> read_poll({"poll": {"id": 3, "lesson": "05_a_whole_coup", "exercise": 1, "state": "open"}})
    Poll(id=3, lesson='05_a_whole_coup', exercise=1, state='open')
    >>> read_poll({"poll": None}) is None
    True
    """
    if not isinstance(reply, dict) or "poll" not in reply:
        raise refusal(_('reply must be the class service\'s {{"poll": ...}}, not {value}'), value=reply)
    poll = reply["poll"]
    if poll is None:
        return None
    fields = poll if isinstance(poll, dict) else {}
    number, lesson, exercise, state = (fields.get(name) for name in Poll._fields)
    if not (type(number) is int and type(exercise) is int and exercise >= 0 and isinstance(lesson, str)
            and state in POLL_STATES):
        raise BaccaratError(_('reply\'s poll must have a whole-number id and exercise, a lesson and a state among '
                              '{states}, not {value}').format(states=", ".join(POLL_STATES), value=shown(poll)))
    return Poll(number, lesson, exercise, state)


def _published_table_question(rows_name: str, name: str, key: str) -> Question:
    """``wrong_rows_question`` of a Banker table printed in a guide, ``name`` in the lessons' catalog."""
    return wrong_rows_question(tableau.read_published_table(getattr(tableau, rows_name)), lambda: tr(name), key=key)


@lru_cache(maxsize=4)
def _streak_row(coups: int, decks: int, seed: int, longest: int):
    records = simulate.simulate_outcomes(coups, decks=decks, seed=seed)     # who won and the shoes: all it reads
    return roads.streak_statistics(records, max_k=longest, all_coups=True)[-1]


def _simulated_streak_question(coups: int, decks: int, seed: int, longest: int) -> Question:
    """``streak_question`` of the longest Banker streak counted in ``coups`` simulated coups (cached)."""
    return streak_question(_streak_row(coups, decks, seed, longest),
                           odds.outcome_probabilities(decks=decks)[Outcome.BANKER])


@lru_cache(maxsize=4)
def _shoe_points(decks: int, seed: int, table: str):
    return tuple(counting.edges_through_shoe(decks=decks, seed=seed, table=table,
                                             bets=counting.MAIN_BETS + counting.SIDE_BETS))


def _shoe_positive_question(decks: int, seed: int, table: str, bet: str) -> Question:
    """``positive_question`` of one seeded shoe's exact edges, the lesson's main and side bets (lesson 10)."""
    return positive_question(list(_shoe_points(decks, seed, table)), bet)


def _seeded_exercise_question(kind: str, difficulty: int = 1, seed=None) -> Question:
    """The question of ``practice.make_exercise`` (lesson 09's seeded drill questions)."""
    return make_exercise(kind, difficulty, seed).question


# Builder name -> the function that makes the question from the declared arguments (computing first what a lesson
# computes in an earlier cell).
BUILDERS = {function.__name__: function for function in (
    card_value_question, total_question, natural_question, player_draw_question, banker_draw_question,
    winner_question, cards_used_question, settle_question, pair_question, wins_more_question,
    lowest_edge_question, no_commission_question, best_removal_question, five_question, columns_question,
    dragon_tail_question, bead_question, derived_road_question)}
BUILDERS |= {"published_table_question": _published_table_question,
             "simulated_streak_question": _simulated_streak_question,
             "shoe_positive_question": _shoe_positive_question,
             "make_exercise": _seeded_exercise_question}


def poll_question(lesson, exercise) -> Question:
    """The ``Question`` of exercise number ``exercise`` (from 0) of ``lesson``, as the lesson shows it."""
    declared = course_lesson(lesson)
    if not declared.exercises:
        raise BaccaratError(_("lesson {lesson} has no exercises to ask").format(lesson=shown(declared.stem)))
    number = whole_number("exercise", exercise, 0, len(declared.exercises) - 1)
    build = declared.exercises[number].build
    if build is None or build.builder not in BUILDERS:
        raise BaccaratError(_("exercise {number} of lesson {lesson} declares no question builder the library "
                              "knows, not {value}").format(number=number, lesson=shown(declared.stem),
                                                           value=shown(build)))
    return BUILDERS[build.builder](*build.arguments, **dict(build.options))
