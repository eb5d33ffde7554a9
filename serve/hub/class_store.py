"""The class view's data: the answers students' lessons send, the teacher's polls and their answers, through SQLAlchemy.

SQLite in the hub's state folder by default (one machine); PostgreSQL when `BACCARAT_CLASS_DB_URL` names one (the
Kubernetes path), e.g. `postgresql+psycopg://class:…@db/class`. The same statements run on both (SQLAlchemy Core).

`ClassStore(url)` creates its tables if they are missing, then:

- `add_answers(student, answers)`: the answers a student's lesson judged, each with an id its client made; an id
  already stored for that student is counted as a duplicate and changes nothing (a lesson resends what it could not
  send before). `check_answers(body)` checks a request's list first: a bad field raises `BaccaratError` naming it.
- `start_poll(lesson, exercise)` (closes any open poll), `set_poll_state(poll_id, state)`, `current_poll()`,
  `poll(poll_id)`, `answer_poll(poll_id, student, answer, right)` (one answer per student per poll: `PollRefused`
  for a second one or a closed poll, `PollNotFound` for an unknown poll), `poll_answers(poll_id)`.
- `class_summary(hub_students)`: per lesson and per skill, the students who answered, the answers, how many were
  right, the median time; the Banker tableau's cells the class misses most; who among `hub_students` has not started.

Nothing here knows about HTTP or the hub; `class_view.py` serves it.
"""

from __future__ import annotations

import re
import statistics
from dataclasses import dataclass
from datetime import datetime, timezone

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from baccarat_lib.course import LESSONS
from baccarat_lib.errors import BaccaratError
from baccarat_lib.progress.store import MAX_TEXT, SOURCES, skill_family

__all__ = ["ClassStore", "PollNotFound", "PollRefused", "check_answers", "check_poll_start", "MAX_ANSWERS",
           "POLL_STATES", "BANKER_CELL_PREFIX", "LessonRow", "SkillRow", "CellRow", "Summary", "database_url"]

MAX_ANSWERS = 200                     # answers in one request
POLL_STATES = ("open", "closed", "revealed")
BANKER_CELL_PREFIX = "banker-draw:"   # a skill "banker-draw:5/4" is the tableau's cell Banker 5, Player's third card 4
ANSWER_FIELDS = {"id", "lesson", "source", "skill", "key", "answer", "right", "seconds", "at"}
_ANSWER_ID = re.compile(r"[0-9a-f]{32}")
LESSON_STEMS = tuple(lesson.stem for lesson in LESSONS)
MOST_MISSED_CELLS = 6

metadata = sa.MetaData()
answers_table = sa.Table(
    "answers", metadata,
    sa.Column("row", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("student", sa.String(64), nullable=False),
    sa.Column("answer_id", sa.String(32), nullable=False),
    sa.Column("lesson", sa.String(MAX_TEXT)),
    sa.Column("source", sa.String(16), nullable=False),
    sa.Column("skill", sa.String(64), nullable=False),
    sa.Column("key", sa.String(MAX_TEXT), nullable=False),
    sa.Column("answer", sa.String(MAX_TEXT), nullable=False),
    sa.Column("right", sa.Boolean, nullable=False),
    sa.Column("seconds", sa.Float),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("received", sa.DateTime(timezone=True), nullable=False),
    sa.UniqueConstraint("student", "answer_id", name="one_answer_per_id"),
)
polls_table = sa.Table(
    "polls", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("lesson", sa.String(MAX_TEXT), nullable=False),
    sa.Column("exercise", sa.Integer, nullable=False),
    sa.Column("state", sa.String(16), nullable=False),
    sa.Column("started", sa.DateTime(timezone=True), nullable=False),
)
poll_answers_table = sa.Table(
    "poll_answers", metadata,
    sa.Column("row", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("poll_id", sa.Integer, sa.ForeignKey("polls.id"), nullable=False),
    sa.Column("student", sa.String(64), nullable=False),
    sa.Column("answer", sa.String(MAX_TEXT), nullable=False),
    sa.Column("right", sa.Boolean, nullable=False),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    sa.UniqueConstraint("poll_id", "student", name="one_answer_per_student"),
)


class PollNotFound(LookupError):
    """No poll has this id."""


class PollRefused(Exception):
    """The poll takes no answer from this student now: it is closed, or they have answered it."""


def database_url(environ, state_dir) -> str:
    """BACCARAT_CLASS_DB_URL, else a SQLite file in the hub's state folder."""
    return environ.get("BACCARAT_CLASS_DB_URL") or f"sqlite:///{state_dir}/class-view.sqlite"


# --- checks at the door ---------------------------------------------------------------------------------------------

def _refuse(name: str, value, accepted: str) -> BaccaratError:
    shown = repr(value)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    return BaccaratError(f"{name} must be {accepted}, not {shown}")


def _text(name: str, value, limit: int = MAX_TEXT) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > limit or "\x00" in value:
        raise _refuse(name, value, f"a text of 1 to {limit} characters")
    return value


def _moment(name: str, value) -> datetime:
    accepted = 'an ISO 8601 time in UTC such as "2026-12-01T21:05:00Z"'
    if not isinstance(value, str) or len(value) > 40:
        raise _refuse(name, value, accepted)
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise _refuse(name, value, accepted) from None
    if moment.utcoffset() is None or moment.utcoffset().total_seconds() != 0:
        raise _refuse(name, value, accepted)
    return moment.astimezone(timezone.utc)


def _lesson(name: str, value, allow_none: bool) -> str | None:
    if value is None and allow_none:
        return None
    if value not in LESSON_STEMS:
        raise _refuse(name, value, ("null or " if allow_none else "") + "a lesson of the course such as "
                      f'"{LESSON_STEMS[5]}"')
    return value


def check_answer(index: int, item) -> dict:
    """One answer of a request, checked field by field; the row to store (without the student)."""
    where = f"answers[{index}]"
    if not isinstance(item, dict):
        raise _refuse(where, item, "an object with the fields " + ", ".join(sorted(ANSWER_FIELDS)))
    unknown = sorted(set(item) - ANSWER_FIELDS)
    if unknown:   # the student is the token's user: a "student" or "user" field is never taken from the body
        raise BaccaratError(f"{where}.{unknown[0]} is not accepted: the fields are {', '.join(sorted(ANSWER_FIELDS))}"
                            " (the student is the one whose token sent the request)")
    missing = sorted(ANSWER_FIELDS - set(item))
    if missing:
        raise BaccaratError(f"{where}.{missing[0]} is missing")
    answer_id = item["id"]
    if not isinstance(answer_id, str) or not _ANSWER_ID.fullmatch(answer_id):
        raise _refuse(f"{where}.id", answer_id, "32 lower-case hexadecimal digits made by the client")
    if item["source"] not in SOURCES:
        raise _refuse(f"{where}.source", item["source"], "one of " + ", ".join(f'"{name}"' for name in SOURCES))
    skill = item["skill"]
    try:
        skill_family(skill)
    except BaccaratError:
        raise _refuse(f"{where}.skill", skill, 'a skill name such as "total" or "banker-draw:5/4"') from None
    if not isinstance(item["right"], bool):
        raise _refuse(f"{where}.right", item["right"], "true or false")
    seconds = item["seconds"]
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                or not 0 <= seconds < 86400):
        raise _refuse(f"{where}.seconds", seconds, "null or a number of seconds from 0 to 86400")
    return {"answer_id": answer_id, "lesson": _lesson(f"{where}.lesson", item["lesson"], allow_none=True),
            "source": item["source"], "skill": skill, "key": _text(f"{where}.key", item["key"]),
            "answer": _text(f"{where}.answer", item["answer"]), "right": item["right"],
            "seconds": None if seconds is None else float(seconds), "at": _moment(f"{where}.at", item["at"])}


def check_answers(body) -> list[dict]:
    """The answers of a request body `{"answers": [...]}`, checked; a `BaccaratError` names the first bad field."""
    if not isinstance(body, dict) or set(body) != {"answers"}:
        raise _refuse("the body", body, 'an object {"answers": [...]} and nothing else')
    answers = body["answers"]
    if not isinstance(answers, list) or not 1 <= len(answers) <= MAX_ANSWERS:
        raise _refuse("answers", answers if not isinstance(answers, list) else f"a list of {len(answers)}",
                      f"a list of 1 to {MAX_ANSWERS} answers")
    return [check_answer(index, item) for index, item in enumerate(answers)]


def check_poll_start(body) -> tuple[str, int]:
    """The lesson and exercise of a request to start a poll, checked against the course list."""
    if not isinstance(body, dict) or set(body) != {"lesson", "exercise"}:
        raise _refuse("the body", body, 'an object {"lesson": <lesson>, "exercise": <index>}')
    lesson = _lesson("lesson", body["lesson"], allow_none=False)
    count = len(LESSONS[LESSON_STEMS.index(lesson)].exercises)
    exercise = body["exercise"]
    if isinstance(exercise, bool) or not isinstance(exercise, int) or not 0 <= exercise < count:
        accepted = f"the index of one of its exercises, 0 to {count - 1}" if count else "(it has no exercises)"
        raise _refuse("exercise", exercise, f"{accepted} for lesson {lesson}")
    return lesson, exercise


# --- the summary ----------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class SkillRow:
    """How the class did on one skill (within a lesson, or over the whole course)."""

    skill: str
    students: int
    answers: int
    right: int
    median_seconds: float | None


@dataclass(frozen=True)
class LessonRow:
    """How the class did in one lesson ("" for answers sent from no lesson), with its skills."""

    lesson: str
    students: int
    answers: int
    right: int
    median_seconds: float | None
    skills: tuple[SkillRow, ...]


@dataclass(frozen=True)
class CellRow:
    """A cell of the Banker tableau (Banker's total / Player's third card, "-" when Player stood) and its misses."""

    cell: str
    answers: int
    wrong: int


@dataclass(frozen=True)
class Summary:
    students: tuple[str, ...]
    lessons: tuple[LessonRow, ...]
    missed_cells: tuple[CellRow, ...]
    not_started: tuple[str, ...]

    def as_json(self) -> dict:
        def skill(row: SkillRow) -> dict:
            return {"skill": row.skill, "students": row.students, "answers": row.answers, "right": row.right,
                    "median_seconds": row.median_seconds}
        return {"students": list(self.students),
                "lessons": [{"lesson": row.lesson or None, "students": row.students, "answers": row.answers,
                             "right": row.right, "median_seconds": row.median_seconds,
                             "skills": [skill(item) for item in row.skills]} for row in self.lessons],
                "missed_cells": [{"cell": row.cell, "answers": row.answers, "wrong": row.wrong}
                                 for row in self.missed_cells],
                "not_started": list(self.not_started)}


def _median(seconds: list[float]) -> float | None:
    return statistics.median(seconds) if seconds else None


def _skill_row(skill: str, rows: list) -> SkillRow:
    return SkillRow(skill, len({row.student for row in rows}), len(rows), sum(row.right for row in rows),
                    _median([row.seconds for row in rows if row.seconds is not None]))


def _lesson_order(lesson: str) -> int:
    return LESSON_STEMS.index(lesson) if lesson in LESSON_STEMS else len(LESSON_STEMS)


def summarise(rows, hub_students) -> Summary:
    """The class view's figures from the stored answer rows (each with .student, .lesson, .skill, .right,
    .seconds) and the hub's students."""
    by_lesson: dict[str, list] = {}
    for row in rows:
        by_lesson.setdefault(row.lesson or "", []).append(row)
    lessons = []
    for lesson in sorted(by_lesson, key=_lesson_order):
        in_lesson = by_lesson[lesson]
        by_skill: dict[str, list] = {}
        for row in in_lesson:
            by_skill.setdefault(row.skill, []).append(row)
        whole = _skill_row("", in_lesson)
        lessons.append(LessonRow(lesson, whole.students, whole.answers, whole.right, whole.median_seconds,
                                 tuple(_skill_row(skill, by_skill[skill]) for skill in sorted(by_skill))))
    cells: dict[str, list] = {}
    for row in rows:
        if row.skill.startswith(BANKER_CELL_PREFIX):
            cells.setdefault(row.skill[len(BANKER_CELL_PREFIX):], []).append(row.right)
    missed = [CellRow(cell, len(marks), marks.count(False)) for cell, marks in cells.items() if False in marks]
    # most missed first: the larger share wrong, then more wrong answers, then the cell's name
    missed.sort(key=lambda row: (-row.wrong / row.answers, -row.wrong, row.cell))
    answered = {row.student for row in rows}
    return Summary(tuple(sorted(answered)), tuple(lessons), tuple(missed[:MOST_MISSED_CELLS]),
                   tuple(sorted(set(hub_students) - answered)))


# --- the store ------------------------------------------------------------------------------------------------------

def _now() -> datetime:
    return datetime.now(timezone.utc)


def _poll_json(row) -> dict | None:
    return None if row is None else {"id": row.id, "lesson": row.lesson, "exercise": row.exercise,
                                     "state": row.state}


class ClassStore:
    """The class view's database (SQLite or PostgreSQL, by its SQLAlchemy URL)."""

    def __init__(self, url: str):
        options = {"connect_args": {"timeout": 15}} if url.startswith("sqlite") else {"pool_pre_ping": True}
        self.engine = sa.create_engine(url, **options)
        if url.startswith("sqlite"):
            @sa.event.listens_for(self.engine, "connect")
            def _wal(connection, _record):   # readers (the class view) never wait for the answers being written
                connection.execute("PRAGMA journal_mode=WAL")
        metadata.create_all(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    # -- answers from the lessons ------------------------------------------------------------------------------
    def add_answers(self, student: str, answers: list[dict]) -> tuple[int, int]:
        """Store checked answers (`check_answers`) for `student`; return (stored, duplicates)."""
        unique = {answer["answer_id"]: answer for answer in answers}   # the same id twice in one request: once
        duplicates = len(answers) - len(unique)
        stored = 0
        with self.engine.begin() as connection:
            known = set(connection.scalars(sa.select(answers_table.c.answer_id).where(
                answers_table.c.student == student, answers_table.c.answer_id.in_(list(unique)))))
        received = _now()
        for answer_id, answer in unique.items():
            if answer_id in known:
                duplicates += 1
                continue
            try:   # one row at a time: the same answers sent twice at once store each id once
                with self.engine.begin() as connection:
                    connection.execute(answers_table.insert().values(student=student, received=received, **answer))
                stored += 1
            except IntegrityError:
                duplicates += 1
        return stored, duplicates

    def answer_rows(self) -> list:
        with self.engine.connect() as connection:
            return list(connection.execute(sa.select(
                answers_table.c.student, answers_table.c.lesson, answers_table.c.skill, answers_table.c.right,
                answers_table.c.seconds)))

    def class_summary(self, hub_students) -> Summary:
        return summarise(self.answer_rows(), hub_students)

    # -- polls -------------------------------------------------------------------------------------------------
    def start_poll(self, lesson: str, exercise: int) -> dict:
        """A new open poll on one exercise (checked by `check_poll_start`); an open poll is closed first."""
        with self.engine.begin() as connection:
            connection.execute(polls_table.update().where(polls_table.c.state == "open").values(state="closed"))
            poll_id = connection.execute(polls_table.insert().values(
                lesson=lesson, exercise=exercise, state="open", started=_now())).inserted_primary_key[0]
        return self.poll(poll_id)

    def poll(self, poll_id: int) -> dict:
        with self.engine.connect() as connection:
            row = connection.execute(sa.select(polls_table).where(polls_table.c.id == poll_id)).first()
        if row is None:
            raise PollNotFound(f"there is no poll {poll_id}")
        return _poll_json(row)

    def current_poll(self) -> dict | None:
        """The latest poll, whatever its state, or None before the first."""
        with self.engine.connect() as connection:
            return _poll_json(connection.execute(
                sa.select(polls_table).order_by(polls_table.c.id.desc()).limit(1)).first())

    def set_poll_state(self, poll_id: int, state: str) -> dict:
        """Close a poll ("closed": it takes no more answers) or reveal its answer ("revealed", closed too)."""
        if state not in POLL_STATES[1:]:
            raise _refuse("state", state, '"closed" or "revealed"')
        poll = self.poll(poll_id)
        if poll["state"] == "revealed" and state == "closed":
            return poll            # a revealed poll stays revealed
        with self.engine.begin() as connection:
            connection.execute(polls_table.update().where(polls_table.c.id == poll_id).values(state=state))
        return self.poll(poll_id)

    def answer_poll(self, poll_id: int, student: str, answer: str, right: bool) -> None:
        """Keep a student's one answer to an open poll."""
        if self.poll(poll_id)["state"] != "open":
            raise PollRefused(f"poll {poll_id} is closed: it takes no more answers")
        try:
            with self.engine.begin() as connection:
                connection.execute(poll_answers_table.insert().values(
                    poll_id=poll_id, student=student, answer=answer, right=right, at=_now()))
        except IntegrityError:
            raise PollRefused(f"{student} has already answered poll {poll_id}: one answer per student") from None

    def poll_answers(self, poll_id: int) -> list[tuple[str, str, bool]]:
        """(student, answer, right) of every answer to a poll, in the order they came."""
        with self.engine.connect() as connection:
            return [tuple(row) for row in connection.execute(
                sa.select(poll_answers_table.c.student, poll_answers_table.c.answer, poll_answers_table.c.right)
                .where(poll_answers_table.c.poll_id == poll_id).order_by(poll_answers_table.c.row))]
