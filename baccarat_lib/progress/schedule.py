"""Spaced repetition for drills: Leitner boxes, so a missed item comes back soon and a mastered one rarely.

An item (a skill such as "banker-draw:5/4", or a question key) starts in box 1; a right answer moves it up one box
(to 5 at most), a wrong one back to box 1. An item in box ``b`` is due once ``2 ** (b - 1)`` other questions were
asked since its last answer (``INTERVALS``). ``next_items`` asks due items first (lowest box, then longest overdue),
then new ones, then those due soonest. Leitner and not SM-2: answers are right or wrong, not graded. The schedule
counts questions, not days: a drill is a sitting. The history is ``(key, right)`` pairs, records with ``key`` and
``right``, or the ``(states, now)`` of ``stored_states``.

A hand-worked example: "5/4" is missed (box 1), "6/7" answered right (box 2). "5/4" has waited 1 question (due),
"6/7" none (due after 2), and "3/8" is new:

>>> next_items([("5/4", False), ("6/7", True)], ["6/7", "3/8", "5/4"], count=3)
['5/4', '3/8', '6/7']
>>> leitner_states([("5/4", False), ("6/7", True)])["6/7"]
ItemState(box=2, answers=1, last=1, due=4)
"""

from __future__ import annotations

from contextlib import suppress
from typing import NamedTuple

from ..errors import BaccaratError, shown, whole_number
from ..i18n import _
from .store import MAX_TEXT, ProgressStore, _stream_tallies, skill_family

__all__ = ["BOXES", "INTERVALS", "ItemState", "leitner_states", "stored_states", "next_items"]

BOXES = (1, 2, 3, 4, 5)
INTERVALS = {box: 2 ** (box - 1) for box in BOXES}     # questions an item in each box waits: 1, 2, 4, 8, 16
MAX_COUNT = 10_000


class ItemState(NamedTuple):
    """An item's ``box`` (1..5), ``answers``, and the positions of its ``last`` answer and when ``due`` again."""

    box: int
    answers: int
    last: int
    due: int


def _pairs(history, field: str = "key") -> list[tuple[str, bool]]:
    """(item, right) of each answer of ``history``: pairs, or records with ``right`` and ``field`` (the item)."""
    pairs = []
    for position, entry in enumerate(_sequence(history, "history")):
        if hasattr(entry, field) and hasattr(entry, "right") and not isinstance(entry, (str, bytes, dict)):
            item, right = getattr(entry, field), entry.right
        elif isinstance(entry, (tuple, list)) and len(entry) == 2:
            item, right = entry
        else:
            raise BaccaratError(_("history[{position}] must be a ({field}, right) pair or a recorded answer, not "
                                  "{value}").format(position=position, field=field, value=shown(entry)))
        _check_key(item, f"history[{position}] {field}")
        if not isinstance(right, bool):
            raise BaccaratError(_("history[{position}] right must be True or False, not {value}")
                .format(position=position, value=shown(right)))
        pairs.append((item, right))
    return pairs


def _check_key(key, name: str) -> str:
    if not isinstance(key, str) or not 0 < len(key) <= MAX_TEXT:
        raise BaccaratError(_("{name} must be a text of 1 to {max_key} characters, not {value}")
            .format(name=name, max_key=MAX_TEXT, value=shown(key)))
    return key


def _sequence(value, name: str) -> list:
    if not isinstance(value, (str, bytes, dict)) and hasattr(value, "__len__"):
        with suppress(Exception):                      # an iterable that fails is refused as any other value
            return list(value)
    raise BaccaratError(_("{name} must be a list, not {value}").format(name=name, value=shown(value)))


def leitner_states(history) -> dict[str, ItemState]:
    """Every item of the history, with its box and when it is due again (positions count answers from 0).

    Hand-worked: "a" right (box 2, due at 0 + 1 + 2 = 3), "b" wrong (box 1, due at 1 + 1 + 1 = 3), "a" right
    again (box 3, due at 2 + 1 + 4 = 7).

    >>> states = leitner_states([("a", True), ("b", False), ("a", True)])
    >>> states["a"], states["b"]
    (ItemState(box=3, answers=2, last=2, due=7), ItemState(box=1, answers=1, last=1, due=3))
    """
    states: dict[str, ItemState] = {}
    for position, (key, right) in enumerate(_pairs(history)):
        before = states.get(key)
        box = 1 if before is None else before.box
        box = min(box + 1, BOXES[-1]) if right else 1
        answers = 1 if before is None else before.answers + 1
        states[key] = ItemState(box, answers, position, position + 1 + INTERVALS[box])
    return states


def stored_states(store, families, finer: bool = False) -> tuple[dict[str, ItemState], int]:
    """(``leitner_states``, history length) of the ``families`` (or their ``finer`` skills), from summaries."""
    if not isinstance(store, ProgressStore):
        raise BaccaratError(_("store must be a ProgressStore, not {value}").format(value=shown(store)))
    families = [skill_family(family) for family in _sequence(families, "families")]
    if not isinstance(finer, bool):
        raise BaccaratError(_("finer must be True or False, not {value}").format(value=shown(finer)))
    if not families:
        return {}, 0
    now, tallies = store._read(lambda connection: _stream_tallies(connection, families, finer))
    states = {}
    for item, (tally, since) in tallies.items():
        box, last = min(BOXES[0] + tally.streak, BOXES[-1]), now - 1 - since     # a wrong answer: box 1
        states[item] = ItemState(box, tally.answers, last, last + 1 + INTERVALS[box])
    return states, now


def _is_stored(history) -> bool:
    """Whether ``history`` is the ``(states, now)`` of ``stored_states``."""
    return (isinstance(history, tuple) and len(history) == 2 and isinstance(history[0], dict)
            and isinstance(history[1], int) and not isinstance(history[1], bool))


def next_items(history, candidates, count: int = 1) -> list[str]:
    """The next ``count`` items to ask among ``candidates`` (distinct, in a preferred order), as the module says."""
    candidates = list(dict.fromkeys(_check_key(key, "each candidate")
                                    for key in _sequence(candidates, "candidates")))
    if not candidates:
        raise BaccaratError(_("candidates must list at least one item to ask"))
    count = whole_number("count", count, 1, MAX_COUNT)
    if _is_stored(history):
        states, now = history
    else:
        history = _pairs(history)
        states = leitner_states(history)
        now = len(history)                              # the position of the question about to be asked
    order = {key: place for place, key in enumerate(candidates)}
    due = [key for key in candidates if key in states and states[key].due <= now]
    new = [key for key in candidates if key not in states]
    waiting = [key for key in candidates if key in states and states[key].due > now]
    due.sort(key=lambda key: (states[key].box, states[key].due, order[key]))
    waiting.sort(key=lambda key: (states[key].due, states[key].box, order[key]))
    return (due + new + waiting)[:count]
