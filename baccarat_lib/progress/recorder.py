"""One answer recorder for every place a learner answers: a lesson's exercise, a drill, the final test, dealer mode.

- **The clock** runs from when the learner could see the question, never from when its cell ran (Run All builds
  every widget early). ``ask(start=False)`` leaves it stopped until ``touch()``; an answer whose clock never
  started, or whose ``clock`` failed, is saved untimed.
- **Saving once.** ``SAVE_RULES`` says per source which answers to a question are saved: ``"until right"`` or
  ``"first"`` (only it is scored).

Saving never raises: the store's warnings and a failure to save come back as sentences in ``Recorded.messages``;
a key or answer longer than ``MAX_TEXT`` is saved shortened.

Public names:

- ``SAVE_RULES``: which answers of a question each source saves.
- ``Recorded``: what recording one judged answer did.
- ``AnswerRecorder``: times and saves the answers of one place.

>>> from baccarat_lib.progress.store import ProgressStore
>>> ticks = iter([10.0, 13.5, 20.0])
>>> drill = AnswerRecorder("drill", clock=lambda: next(ticks), store=ProgressStore(":memory:"))
>>> drill.ask()                                   # the question is shown at 10 s
>>> drill.record("total", "7 8", "15", False)     # answered at 13.5 s: saved
Recorded(saved=True, seconds=3.5, messages=())
>>> drill.record("total", "7 8", "5", True)       # a second answer to the same question: not saved
Recorded(saved=False, seconds=None, messages=())
>>> exercise = AnswerRecorder("lesson", clock=lambda: 50.0, store=ProgressStore(":memory:"))
>>> exercise.ask(start=False)                     # built by Run All: nobody may be looking yet
>>> exercise.record("total", "7 8", "5", True)    # answered with no interaction before: the time is unknown
Recorded(saved=True, seconds=None, messages=())
"""

from __future__ import annotations

import logging
import math
import numbers
import time
from contextlib import suppress
from typing import NamedTuple

from ..errors import BaccaratError, refusal, shown
from ..i18n import _
from . import class_link
from .store import MAX_TEXT, ProgressStore, _check_source, _reason, current_lesson, progress_store

__all__ = ["SAVE_RULES", "Recorded", "AnswerRecorder"]

UNTIL_RIGHT, FIRST = "until right", "first"
SAVE_RULES = {"lesson": UNTIL_RIGHT, "drill": FIRST, "test": FIRST, "dealer": FIRST}
_LOGGER = logging.getLogger("baccarat_lib.progress")
_LOGGER.addHandler(logging.NullHandler())    # a library logs for developers; nothing reaches a learner's stderr


class Recorded(NamedTuple):
    """What recording one judged answer did, and the store's ``messages`` not shown yet."""

    saved: bool
    seconds: float | None
    messages: tuple[str, ...]


def _accepted_clock() -> str:
    return _("clock must be a function of no arguments returning seconds, such as time.monotonic")


def _read_clock(clock) -> float:
    """The clock's reading as a float; a clock that fails or gives no number is a BaccaratError naming ``clock``."""
    try:
        reading = clock()
    except Exception:
        raise BaccaratError(_("{accepted}; calling {value} failed")
            .format(accepted=_accepted_clock(), value=shown(clock))) from None
    value = math.nan
    if isinstance(reading, numbers.Real) and not isinstance(reading, bool):
        with suppress(OverflowError, ValueError, TypeError):
            value = float(reading)
    if not math.isfinite(value):
        raise BaccaratError(_("{accepted}, not one returning {value}")
            .format(accepted=_accepted_clock(), value=shown(reading)))
    return value


class AnswerRecorder:
    """Times and saves the judged answers given in one place (``source``, one of ``SOURCES``); ``clock`` None:
    ``time.monotonic``; ``store`` None: ``progress_store()`` when saving; ``lesson`` None: ``current_lesson()``."""

    def __init__(self, source: str, clock=None, store: ProgressStore | None = None, lesson: str | None = None):
        _check_source(source)
        if clock is not None and not callable(clock):
            raise BaccaratError(_("{accepted}, not {value}").format(accepted=_accepted_clock(), value=shown(clock)))
        if store is not None and not isinstance(store, ProgressStore):
            raise refusal(_("store must be None or a ProgressStore, not {value}"), value=store)
        if lesson is not None and (not isinstance(lesson, str) or not 0 < len(lesson) <= MAX_TEXT):
            raise refusal(_("lesson must be None or a notebook's name such as \"09_practice\", not {value}"),
                          value=lesson)
        self.source, self.rule = source, SAVE_RULES[source]
        self.clock = time.monotonic if clock is None else clock
        self.store, self.lesson = store, lesson
        self.started: float | None = None     # the current question's clock started here (None: not yet, or no reading)
        self.done = False                     # no more answers to the current question are saved
        self.last_saved: str | None = None    # the answer saved last (the rule "until right" saves it once)
        started_class_link(store)             # on the class hub: what an earlier kernel left unsent goes now

    def __repr__(self):
        return f"AnswerRecorder({self.source!r})"

    # ----- the clock

    def _reading(self) -> float | None:
        try:
            return _read_clock(self.clock)
        except BaccaratError:
            return None

    def ask(self, strict: bool = False, start: bool = True) -> None:
        """A new question; ``start``: its clock starts now (else at ``touch()``); ``strict``: read the clock now."""
        if not isinstance(start, bool):
            raise refusal(_("start must be True (the learner can see the question now) or False (its clock waits for "
                            "their first interaction), not {value}"), value=start)
        if start:
            self.restart_clock(strict)
        else:
            if strict:
                _read_clock(self.clock)
            self.started = None
        self.done, self.last_saved = False, None

    def restart_clock(self, strict: bool = False) -> None:
        """Start the current question's clock now."""
        self.started = _read_clock(self.clock) if strict else self._reading()

    def touch(self) -> None:
        """The learner typed in the current question: its clock starts unless it is running."""
        if self.started is None and not self.done:
            self.started = self._reading()

    def seconds(self) -> float | None:
        """Seconds since the current question's clock started; None when it never started."""
        now = _read_clock(self.clock)
        return None if self.started is None else max(0.0, now - self.started)

    # ----- saving

    def record(self, skill: str, key: str, answer, right: bool, seconds=None) -> Recorded:
        """Save one judged answer if ``SAVE_RULES`` says so; ``seconds`` None: read the clock now."""
        given = " ".join(str(answer).split())[:MAX_TEXT]
        if self.done or (self.rule == UNTIL_RIGHT and given == self.last_saved):
            return Recorded(False, None, ())
        now = self._reading() if seconds is None or self.rule == UNTIL_RIGHT else None
        if seconds is None:
            seconds = None if now is None or self.started is None else max(0.0, now - self.started)
        if self.rule == UNTIL_RIGHT:
            self.started, self.last_saved, self.done = now, given, bool(right)
        else:
            self.done = True
        saved, messages = self._save(skill, key, given, right, seconds)
        return Recorded(saved, seconds if saved else None, messages)

    def _save(self, skill, key, given, right, seconds) -> tuple[bool, tuple[str, ...]]:
        """Whether the store kept the answer, and the messages to show (a sentence of its own when it did not)."""
        try:
            store = progress_store() if self.store is None else self.store
            lesson = current_lesson() if self.lesson is None else self.lesson
            link = started_class_link(store)
            store.record(skill, str(key)[:MAX_TEXT], given, right, seconds, source=self.source, lesson=lesson,
                         outbox=None if link is None else link.outbox_row)
            if link is not None:
                link.wake()
            return True, store.take_messages()
        except Exception as error:         # noqa: BLE001 - saving progress must never break an exercise
            _LOGGER.exception("could not record an answer")
            return False, (_("This answer was not saved ({reason}).").format(reason=_reason(error)),)


def started_class_link(store: ProgressStore | None):
    """On the class hub, the started link sending ``store``'s outbox; else None. Never raises."""
    try:
        if class_link.class_url() is None:
            return None
        return class_link.link_for(progress_store() if store is None else store)
    except Exception:                      # noqa: BLE001 - the class view must never break an exercise
        _LOGGER.exception("could not start the class link")
        return None
