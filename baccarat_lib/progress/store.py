"""Saved progress: every answer a learner gives, kept in a small SQLite file of their own, across kernels and days.

The file is ``progress.sqlite3`` in the folder ``baccarat-course`` of the learner's Jupyter data directory
(``jupyter --data-dir``: on a JupyterHub every student has their own), never inside the course's repository. The
environment variable ``BACCARAT_PROGRESS_DIR`` names another folder (tests and classrooms use it).

One row per answer: the ``skill`` practised, a ``key`` naming the situation (e.g. the cards), the answer given,
whether it was right, the seconds taken, when (UTC) and the ``source`` (a lesson, a drill, a test, dealer mode).
Skills are short names: the drill kinds ("total", "natural", "player-draw", "banker-draw", "winner", "settle"), and
for the Banker tableau one cell, ``banker_cell_skill(5, 4)`` = "banker-draw:5/4" (Banker total 5, Player's third
card 4). Record each answer once, under its finest skill: ``summary`` adds the cells up into their family too.

Beside the answers the file keeps **summaries** (schema version 2): per skill and family its answers, right, timed
and the right ones in a row at the end; per UTC quarter of an hour and per lesson its answers; the lesson exercises
answered right; and indexes for median times. A trigger updates them in the same statement as each answer is saved,
so they always agree with the answers, and the drills' next question (``schedule.stored_states``) and the progress
page (``report.build_report`` given the store) read them instead of every answer: a click costs about the same
after 100,000 answers as after 100. A file of version 1 (before the summaries) is upgraded in place when it is
opened, in one transaction, keeping every answer. Version 3 adds the class hub's outbox (``class_outbox``: the
answers its service has not received yet, ``progress.class_link``); a version 2 file gains it when opened.

The store never shows a learner a traceback:

- Two notebooks answering at once both get recorded: the file is in WAL mode and waits up to ``BUSY_SECONDS``
  for the other writer.
- A damaged or foreign file (not SQLite, or SQLite without this course's schema) is renamed with a timestamp
  suffix, ``notice`` says so in one sentence, and a fresh file is started. Kernels opening the file hold its lock
  file (``progress.sqlite3.lock``, kept next to it) from the check to the fresh file, so two kernels that find it
  damaged at once move it aside once; a file is moved only when found damaged twice and still the same file
  (inode, size, modification time), so a healthy file is never moved.
- A folder or file that can be read but not written: the file is read read-only, every saved answer is shown,
  and ``warning`` says, in one sentence, that new answers are not being saved (they are kept in memory).
- A file made by a newer version of the course (a higher ``PRAGMA user_version``) is never moved or written: it
  is read read-only if it has the tables and columns this version knows (else nothing is shown), and ``warning``
  says so in one sentence.
- A full disk, or a ``BACCARAT_PROGRESS_DIR`` that names no usable folder: the store keeps working in memory
  (from what it could still read), and ``warning`` says, in one sentence, that progress is not being saved.
  ``take_messages()`` hands out each of these sentences once, so a page shows it once.
- Text that UTF-8 cannot encode (a lone surrogate such as ``"\\udcff"``) is stored with a backslash escape.

Public names:

- ``progress_path()``: where the progress file is (``BACCARAT_PROGRESS_DIR`` or the Jupyter data directory); a
  ``BaccaratError`` when that variable names a folder that cannot be (``~nosuchuser/x``).
- ``ProgressStore(path=None)``: the store (``path`` None: ``progress_path()``; ":memory:": a store that saves
  nothing, for widget tests); ``record``, ``answers``, ``summary``, ``mark_lesson_done``, ``lessons_done``,
  ``export_csv``, ``reset(confirm="reset")``, ``path``, ``saving``, ``notice``, ``warning``, ``take_messages``.
- ``progress_store()``: the one store of this kernel for ``progress_path()`` (every widget shares it).
- ``export_progress(path)``: copy the progress file to ``path`` (a ``.csv`` of every answer, or a SQLite copy).
- ``reset_progress(confirm="reset", store=None)``: back the progress file (or ``store``'s) up next to it, then
  delete every answer in it; ``Reset(deleted, backup)`` says how many and where the backup is.
- ``unused_path(path)``: ``path``, or ``path`` numbered ``-2``, ``-3``, … before its suffix: a name no file has.
- ``Answer`` and ``SkillSummary``: a recorded answer, and a skill's count, accuracy and median time.
- ``banker_cell_skill(banker_total, player_third_card)`` and ``skill_family(skill)``.
- ``current_lesson()``: the notebook this kernel runs (in JupyterLab or in Voila), to record with each answer.
- ``SOURCES``, ``PROGRESS_DIR_VARIABLE``, ``RESET_WORD``.

>>> from datetime import datetime, timezone
>>> store = ProgressStore(":memory:")
>>> when = datetime(2024, 5, 1, 10, 0, tzinfo=timezone.utc)
>>> _ = store.record("total", "7 8", "5", True, 3.5, when=when)
>>> _ = store.record(banker_cell_skill(5, 4), "5 / 4", "stand", False, 8.0, when=when)
>>> store.summary()["banker-draw"]
SkillSummary(count=1, right=0, accuracy=Fraction(0, 1), median_seconds=8.0)
>>> store.answers("total")[0].when.isoformat()
'2024-05-01T10:00:00+00:00'
"""

from __future__ import annotations

import csv
import errno
import numbers
import os
import re
import sqlite3
import statistics
import threading
import time
import urllib.parse
from contextlib import contextmanager
from datetime import datetime, timezone
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import NamedTuple

from ..errors import BaccaratError, shown, shown_path, whole_number
from ..i18n import _

__all__ = ["progress_path", "ProgressStore", "progress_store", "Answer", "SkillSummary", "banker_cell_skill",
           "skill_family", "current_lesson", "export_progress", "reset_progress", "Reset", "unused_path", "SOURCES",
           "PROGRESS_DIR_VARIABLE", "RESET_WORD"]

PROGRESS_DIR_VARIABLE = "BACCARAT_PROGRESS_DIR"
FOLDER, FILE_NAME = "baccarat-course", "progress.sqlite3"
SOURCES = ("lesson", "drill", "test", "dealer")
RESET_WORD = "reset"                 # reset(confirm="reset"): nothing is deleted without it
MEMORY = ":memory:"
SCHEMA_VERSION = 3                   # PRAGMA user_version of a progress file (2: with the summaries of _SUMMARIES;
                                     # 3: with the class hub's outbox, _OUTBOX; a higher one: a newer course's)
UPGRADABLE = (1, 2)                  # older versions a store upgrades in place, keeping every answer
APPLICATION_ID = 0x42414343          # PRAGMA application_id of a progress file: "BACC"
BUSY_SECONDS = 15.0                  # how long a write waits for another notebook's write
RETRY_PAUSE = 0.05                   # seconds between two tries when SQLite answers "busy" without waiting
MAX_TEXT = 500                       # the longest key, answer or lesson name kept
PATH_SUFFIXES = (".sqlite3", ".sqlite", ".db")
_SKILL = re.compile(r"[a-z][a-z0-9-]{0,39}(:[A-Za-z0-9/+-]{1,20})?")
CSV_FIELDS = ("skill", "question", "answer", "right", "seconds", "when", "source", "lesson")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS answers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    skill TEXT NOT NULL,
    question TEXT NOT NULL,
    answer TEXT NOT NULL,
    correct INTEGER NOT NULL CHECK (correct IN (0, 1)),
    seconds REAL CHECK (seconds IS NULL OR seconds >= 0),
    answered_at TEXT NOT NULL,
    source TEXT NOT NULL,
    lesson TEXT
);
CREATE TABLE IF NOT EXISTS lessons_done (
    lesson TEXT PRIMARY KEY,
    done_at TEXT NOT NULL
);
"""
_TABLES = {"answers", "lessons_done"}
_COLUMNS = {"answers": {"skill", "question", "answer", "correct", "seconds", "answered_at", "source", "lesson"},
            "lessons_done": {"lesson", "done_at"}}        # what this version reads; a newer file must have them
LOCK_SUFFIX = ".lock"                # progress.sqlite3.lock: held while a kernel checks, moves aside and creates
OPEN_ROUNDS = 10                     # looks at a file that keeps changing under us before giving up


def _family_sql(skill: str) -> str:
    """SQL for ``skill_family`` of the column or value ``skill``: the part before ":" ("banker-draw:5/4" ->
    "banker-draw"), or the whole skill."""
    return f"(CASE WHEN instr({skill}, ':') THEN substr({skill}, 1, instr({skill}, ':') - 1) ELSE {skill} END)"


def _group_sql(skill: str) -> str:
    """SQL for the group an answer counts in, for the schedule's streams: a plain skill is its own group ("total"),
    the finer skills of a family share one ("banker-draw:" holds every cell of the tableau)."""
    return f"(CASE WHEN instr({skill}, ':') THEN substr({skill}, 1, instr({skill}, ':')) ELSE {skill} END)"


def _quarter_sql(stamp: str) -> str:
    """SQL for the UTC quarter of an hour of the ISO time ``stamp`` ("2024-05-01T10:37:12+00:00" ->
    "2024-05-01T10:30"): the report counts days from these, in any time zone whose offset is whole quarters."""
    return f"(substr({stamp}, 1, 14) || printf('%02d', CAST(substr({stamp}, 15, 2) AS INTEGER) / 15 * 15))"


TENTHS_CAP = 10 ** 9        # every time of 100,000,000 s or more shares the last tenth-of-a-second bucket


def _tenth_sql(seconds: str) -> str:
    """SQL for the tenth of a second a time falls in (2.37 s -> 23), the key of its bucket in ``seconds_tallies``."""
    return f"(CASE WHEN {seconds} < {TENTHS_CAP // 10} THEN CAST({seconds} * 10 AS INTEGER) ELSE {TENTHS_CAP} END)"


def _seconds_sql(level: str, item: str) -> str:
    return (f"INSERT INTO seconds_tallies (level, item, tenth, answers) SELECT '{level}', {item}, "
            f"{_tenth_sql('NEW.seconds')}, 1 WHERE NEW.seconds IS NOT NULL "
            "ON CONFLICT (level, item, tenth) DO UPDATE SET answers = answers + 1;\n")


def _tally_sql(level: str, item: str) -> str:
    return (f"INSERT INTO item_tallies (level, item, answers, correct, timed, streak) VALUES ('{level}', {item}, 1, "
            "NEW.correct, NEW.seconds IS NOT NULL, NEW.correct) ON CONFLICT (level, item) DO UPDATE SET "
            "answers = answers + 1, correct = correct + excluded.correct, timed = timed + excluded.timed, "
            "streak = CASE WHEN excluded.correct THEN streak + 1 ELSE 0 END;\n")


def _marks_sql(level: str, item: str) -> str:
    return (f"DELETE FROM item_marks WHERE level = '{level}' AND item = {item};\n"
            f"INSERT INTO item_marks (level, item, grp, before) SELECT '{level}', {item}, grp, answers "
            "FROM group_counts;\n")


# The summaries the clicks read instead of every answer (schema version 2). Every answer saved updates them, in the
# same statement (a trigger), so they always agree with the answers: per skill and per family (``level``) how many
# answers, right, timed, and right in a row at the end; per group its answers, and per item how many answers each
# group had before the item's last one (``item_marks``: the schedule's "questions since" in any stream of groups);
# per UTC quarter of an hour; per lesson and source; the lesson exercises answered right; per skill and family its
# timed answers per tenth of a second. A median finds its bucket from those counts and reads the indexes on (skill,
# seconds) and (family, seconds) within it.
_SUMMARIES = f"""
CREATE INDEX IF NOT EXISTS answers_by_skill_seconds ON answers (skill, seconds);
CREATE INDEX IF NOT EXISTS answers_by_family_seconds ON answers ({_family_sql("skill")}, seconds);
CREATE INDEX IF NOT EXISTS answers_by_time ON answers (answered_at);
CREATE TABLE IF NOT EXISTS item_tallies (
    level TEXT NOT NULL CHECK (level IN ('skill', 'family')),
    item TEXT NOT NULL,
    answers INTEGER NOT NULL,
    correct INTEGER NOT NULL,
    timed INTEGER NOT NULL,
    streak INTEGER NOT NULL,
    PRIMARY KEY (level, item)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS group_counts (
    grp TEXT PRIMARY KEY,
    answers INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS item_marks (
    level TEXT NOT NULL,
    item TEXT NOT NULL,
    grp TEXT NOT NULL,
    before INTEGER NOT NULL,
    PRIMARY KEY (level, item, grp)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS quarter_tallies (
    quarter TEXT PRIMARY KEY,
    answers INTEGER NOT NULL,
    correct INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS lesson_tallies (
    lesson TEXT NOT NULL,
    source TEXT NOT NULL,
    answers INTEGER NOT NULL,
    PRIMARY KEY (lesson, source)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS seconds_tallies (
    level TEXT NOT NULL,
    item TEXT NOT NULL,
    tenth INTEGER NOT NULL,
    answers INTEGER NOT NULL,
    PRIMARY KEY (level, item, tenth)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS exercises_right (
    lesson TEXT NOT NULL,
    skill TEXT NOT NULL,
    question TEXT NOT NULL,
    PRIMARY KEY (lesson, skill, question)
) WITHOUT ROWID;
CREATE TRIGGER IF NOT EXISTS answers_summarised AFTER INSERT ON answers BEGIN
{_marks_sql("skill", "NEW.skill")}{_marks_sql("family", _family_sql("NEW.skill"))}
INSERT INTO group_counts (grp, answers) VALUES ({_group_sql("NEW.skill")}, 1)
    ON CONFLICT (grp) DO UPDATE SET answers = answers + 1;
{_tally_sql("skill", "NEW.skill")}{_tally_sql("family", _family_sql("NEW.skill"))}
{_seconds_sql("skill", "NEW.skill")}{_seconds_sql("family", _family_sql("NEW.skill"))}
INSERT INTO quarter_tallies (quarter, answers, correct) VALUES ({_quarter_sql("NEW.answered_at")}, 1, NEW.correct)
    ON CONFLICT (quarter) DO UPDATE SET answers = answers + 1, correct = correct + excluded.correct;
INSERT INTO lesson_tallies (lesson, source, answers) VALUES (coalesce(NEW.lesson, ''), NEW.source, 1)
    ON CONFLICT (lesson, source) DO UPDATE SET answers = answers + 1;
INSERT OR IGNORE INTO exercises_right (lesson, skill, question)
    SELECT coalesce(NEW.lesson, ''), NEW.skill, NEW.question WHERE NEW.source = 'lesson' AND NEW.correct;
END;
"""
# Schema version 3: the answers saved on the class hub and not yet received by its service, oldest first
# (``progress.class_link`` fills and empties it; ``body`` is the answer as the service takes it, JSON).
_OUTBOX = """
CREATE TABLE IF NOT EXISTS class_outbox (
    n INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    body TEXT NOT NULL
);
"""
_SUMMARY_TABLES = ("item_tallies", "group_counts", "item_marks", "quarter_tallies", "lesson_tallies",
                   "seconds_tallies", "exercises_right")
_OLD_INDEXES = ("answers_by_skill",)      # version 1's index on (skill): answers_by_skill_seconds serves its reads


class Answer(NamedTuple):
    """One recorded answer: the skill, the situation's ``key``, the ``answer`` given, whether it was ``right``, the
    ``seconds`` taken (None: not timed), ``when`` (a UTC datetime), the ``source`` and the ``lesson`` it was given
    in (a notebook's name such as "08_scoreboards_and_streaks", None when unknown)."""

    skill: str
    key: str
    answer: str
    right: bool
    seconds: float | None
    when: datetime
    source: str
    lesson: str | None = None


class SkillSummary(NamedTuple):
    """A skill's answers: how many, how many right, the accuracy (exact) and the median seconds (None: untimed)."""

    count: int
    right: int
    accuracy: Fraction
    median_seconds: float | None


# ---------------------------------------------------------------------------------------------------------
# Where the file is, and the names of skills

def progress_path() -> Path:
    """The progress file: ``$BACCARAT_PROGRESS_DIR/progress.sqlite3`` if that variable is set, else
    ``progress.sqlite3`` in the folder ``baccarat-course`` of the Jupyter data directory."""
    folder = os.environ.get(PROGRESS_DIR_VARIABLE, "").strip()
    if folder:
        try:
            return Path(folder).expanduser() / FILE_NAME
        except RuntimeError:                        # "~nosuchuser/x": a home folder that cannot be found
            raise BaccaratError(_("{variable} must name a folder, not {value}: the home folder its ~ names cannot "
                                  "be found").format(variable=PROGRESS_DIR_VARIABLE, value=shown(folder))) from None
    try:
        from jupyter_core.paths import jupyter_data_dir
        data = Path(jupyter_data_dir())
    except ImportError:  # pragma: no cover - jupyter_core comes with JupyterLab
        data = Path.home() / ".local" / "share" / "jupyter"
    return data / FOLDER / FILE_NAME


def current_lesson() -> str | None:
    """The name of the notebook this kernel runs (e.g. "08_scoreboards_and_streaks"): from the ``JPY_SESSION_NAME``
    that Jupyter Server gives a notebook's kernel, or in Voila (which sets no such name) from the page's address,
    the ``SCRIPT_NAME`` Voila gives its kernels ("/voila/render/lessons/08_….ipynb", with ``SERVER_SOFTWARE``
    "voila/<version>"); None elsewhere (a script, a test)."""
    candidates = [os.environ.get("JPY_SESSION_NAME", "")]
    if os.environ.get("SERVER_SOFTWARE", "").startswith("voila/"):
        candidates.append(urllib.parse.unquote(os.environ.get("SCRIPT_NAME", "")))
    for candidate in candidates:
        name = candidate.replace("\\", "/").rsplit("/", 1)[-1]
        if name.endswith(".ipynb") and len(name) > len(".ipynb"):
            return name[:-len(".ipynb")][:MAX_TEXT]
    return None


def banker_cell_skill(banker_total: int, player_third_card: int | None = None) -> str:
    """The skill of one cell of the Banker tableau: "banker-draw:5/4" (Banker total 5, Player's third card worth 4),
    "banker-draw:5/-" when Player stood.

    >>> banker_cell_skill(6, 7), banker_cell_skill(3)
    ('banker-draw:6/7', 'banker-draw:3/-')
    """
    banker_total = whole_number("banker_total", banker_total, 0, 9)
    third = "-" if player_third_card is None else whole_number("player_third_card", player_third_card, 0, 9)
    return f"banker-draw:{banker_total}/{third}"


def skill_family(skill: str) -> str:
    """The skill a finer one belongs to: "banker-draw" for "banker-draw:5/4"; a plain skill is its own family."""
    return _check_skill(skill).split(":")[0]


def _check_skill(skill) -> str:
    if not isinstance(skill, str) or not _SKILL.fullmatch(skill):
        raise BaccaratError(_("skill must be a short name such as 'total' or 'banker-draw:5/4', not "
                              "{value}").format(value=shown(skill)))
    return skill


def _check_text(name: str, value, allow_empty: bool = False) -> str:
    if isinstance(value, bool) or not isinstance(value, (str, numbers.Number, Decimal)):
        raise BaccaratError(_("{name} must be text, not {value}").format(name=name, value=shown(value)))
    text = str(value)
    if len(text) > MAX_TEXT or (not allow_empty and not text.strip()) or "\x00" in text:
        raise BaccaratError(_("{name} must be a text of 1 to {max_text} characters, not {value}")
            .format(name=name, max_text=MAX_TEXT, value=shown(value)))
    return _storable(text)


def _storable(text: str) -> str:
    """``text`` as SQLite can store it: a character UTF-8 cannot encode (a lone surrogate, "\\udcff", as a file
    name read with surrogateescape gives) is written as its backslash escape ("\\\\udcff"); other text is kept."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _check_seconds(seconds) -> float | None:
    if seconds is None:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, (numbers.Real, Decimal)):
        raise BaccaratError(_("seconds must be None or a number of seconds 0 or more, not {value}")
            .format(value=shown(seconds)))
    try:
        value = float(seconds)
    except (OverflowError, ValueError):
        value = float("nan")
    if not 0 <= value < float("inf"):
        raise BaccaratError(_("seconds must be None or a number of seconds 0 or more, not {value}")
            .format(value=shown(seconds)))
    return value


def _check_when(when) -> str:
    """``when`` (None: now) as UTC ISO text, to the second."""
    if when is None:
        when = datetime.now(timezone.utc)
    if not isinstance(when, datetime) or when.tzinfo is None or when.utcoffset() is None:
        raise BaccaratError(_("when must be None or a datetime with a time zone, not {value}")
            .format(value=shown(when)))
    return when.astimezone(timezone.utc).isoformat(timespec="seconds")


def _check_path(path, suffixes=PATH_SUFFIXES) -> Path:
    if not isinstance(path, (str, os.PathLike)) or isinstance(path, bytes):
        raise BaccaratError(_("path must be a file name ending in {names}, not {value}")
            .format(names=' or '.join(suffixes), value=shown(path)))
    try:
        text = os.fspath(path)
    except TypeError:
        text = None
    if not isinstance(text, str) or not 0 < len(text) <= 4096 or "\x00" in text \
            or not text.lower().endswith(suffixes):
        raise BaccaratError(_("path must be a file name ending in {names}, not {value}")
            .format(names=' or '.join(suffixes), value=shown(path)))
    return Path(text).expanduser()


def _reason(error: BaseException) -> str:
    """A short reason for a failure, for the one sentence a learner reads."""
    text = getattr(error, "strerror", None) or str(error) or type(error).__name__
    return text if len(text) <= 80 else text[:79] + "…"


# ---------------------------------------------------------------------------------------------------------
# Opening a file: ours, fresh, or to be moved aside

class _NotOurs(Exception):
    """The file is SQLite, but not a progress file of this course."""


class _Newer(Exception):
    """The file is a progress file of a newer version of the course: read it, never move or write it."""


def _inspect(connection) -> str:
    """"ours", "older" (ours, from a version ``UPGRADABLE`` upgrades), "fresh" (an empty database), "newer" (this
    course's file, from a newer version of it) or "foreign"; a damaged file raises sqlite3.DatabaseError."""
    application_id = connection.execute("PRAGMA application_id").fetchone()[0]
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    if application_id == APPLICATION_ID and version > SCHEMA_VERSION:
        return "newer"
    tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
              if not row[0].startswith("sqlite_")}
    if application_id == APPLICATION_ID and version == SCHEMA_VERSION and tables >= _TABLES:
        return "ours"
    if application_id == APPLICATION_ID and version in UPGRADABLE and tables >= _TABLES:
        return "older"
    if application_id == 0 and version == 0 and not tables:
        return "fresh"
    return "foreign"


def _readable(connection) -> bool:
    """Whether ``connection`` holds the tables and columns this version reads (a newer file may have dropped one)."""
    for table, columns in _COLUMNS.items():
        found = {row[1] for row in connection.execute(f"PRAGMA table_info({table})")}
        if not found >= columns:
            return False
    return True


@contextmanager
def _writing(connection):
    """One write transaction, taken at once (``BEGIN IMMEDIATE``): committed at the end, rolled back on any error."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield connection
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise


def _statements(script: str):
    """The SQL statements of ``script`` one by one (a trigger's body holds semicolons of its own)."""
    statement = ""
    for piece in script.split(";"):
        statement += piece + ";"
        if sqlite3.complete_statement(statement):
            if statement.strip(" \n;"):
                yield statement
            statement = ""


def _initialise(connection) -> None:
    """Create the tables of a fresh database, or upgrade an older one in place (in one transaction: two notebooks
    may start at once, and an upgrade that fails leaves the file as it was)."""
    with _writing(connection):
        state = _inspect(connection)
        if state == "foreign":
            raise _NotOurs()
        if state == "fresh":
            for statement in _statements(_SCHEMA + _SUMMARIES + _OUTBOX):
                connection.execute(statement)
            connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        elif state == "older":
            if connection.execute("PRAGMA user_version").fetchone()[0] < 2:
                for index in _OLD_INDEXES:
                    connection.execute(f"DROP INDEX IF EXISTS {index}")
                for statement in _statements(_SUMMARIES):
                    connection.execute(statement)
                _summarise_again(connection)
            for statement in _statements(_OUTBOX):
                connection.execute(statement)
            connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def _clear_summaries(connection) -> None:
    for table in _SUMMARY_TABLES:
        connection.execute(f"DELETE FROM {table}")


def _summarise_again(connection) -> None:
    """Make the summaries again from the answers, as saving them one by one made them: every answer is put back,
    oldest first, with its own id (inside the caller's transaction)."""
    _clear_summaries(connection)
    connection.execute("CREATE TEMP TABLE answers_again AS SELECT * FROM answers")
    connection.execute("DELETE FROM answers")
    connection.execute("INSERT INTO answers SELECT * FROM temp.answers_again ORDER BY id")
    connection.execute("DROP TABLE temp.answers_again")


def _check_health(connection) -> None:
    """Raise sqlite3.DatabaseError for a damaged file, _NotOurs for someone else's database.

    One read transaction: another notebook may be creating the tables at this very moment, and each of the reads
    must see the file as it was at the same instant (all before that creation, or all after).
    """
    connection.execute("BEGIN")
    try:
        if connection.execute("PRAGMA quick_check").fetchone()[0] != "ok":
            raise sqlite3.DatabaseError("database disk image is malformed")
        state = _inspect(connection)
    finally:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
    if state == "foreign":
        raise _NotOurs()
    if state == "newer":
        raise _Newer()


def _connect(path) -> sqlite3.Connection:
    return sqlite3.connect(os.fspath(path), timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False)


def _connect_read_only(path: Path) -> sqlite3.Connection:
    """A connection that cannot write ``path`` (``mode=ro``). In a folder that cannot be written, SQLite cannot
    make the ``-shm`` file a WAL file's reader needs: then the file is read as ``immutable`` (nobody can be
    writing it there), at once copied into memory by the caller."""
    uri = path.absolute().as_uri()
    for options in ("mode=ro", "mode=ro&immutable=1"):
        connection = sqlite3.connect(f"{uri}?{options}", uri=True, timeout=BUSY_SECONDS, isolation_level=None,
                                     check_same_thread=False)
        try:
            connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
            return connection
        except sqlite3.Error:
            connection.close()
            if options.endswith("immutable=1"):
                raise
    raise AssertionError("unreachable")  # pragma: no cover


def _newer_on_disk(path: Path) -> bool:
    """Whether ``path`` is a progress file of a newer version of the course, looked at read-only (so nothing, not
    even a checkpoint on close, writes it)."""
    try:
        if path.stat().st_size == 0:
            return False
        connection = _connect_read_only(path)
    except (OSError, sqlite3.Error, ValueError):
        return False
    try:
        return _inspect(connection) == "newer"
    except sqlite3.Error:
        return False
    finally:
        connection.close()


def _memory_copy(source: sqlite3.Connection | None) -> sqlite3.Connection:
    """An in-memory database holding what ``source`` still holds (nothing, if it cannot be read, or if it is a
    newer version's file without the tables and columns this version reads)."""
    memory = _connect(MEMORY)
    if source is not None:
        try:
            source.backup(memory)
            state = _inspect(memory)
            if state == "foreign" or (state == "newer" and not _readable(memory)):
                raise _NotOurs()
        except (sqlite3.Error, OSError, _NotOurs):
            memory.close()
            memory = _connect(MEMORY)
    if _inspect(memory) == "newer":            # its summaries may not be this version's: made again, in the copy only
        with _writing(memory):
            memory.execute("DROP TRIGGER IF EXISTS answers_summarised")
            for table in _SUMMARY_TABLES:
                memory.execute(f"DROP TABLE IF EXISTS {table}")
            for statement in _statements(_SUMMARIES + _OUTBOX):
                memory.execute(statement)
            _summarise_again(memory)
    _initialise(memory)
    return memory


def _identity(path: Path):
    """Which file ``path`` is now (device, inode, size, modification time); None: there is none."""
    try:
        status = path.stat()
    except OSError:
        return None
    return status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns


@contextmanager
def _file_lock(path: Path):
    """Hold the lock file ``progress.sqlite3.lock`` next to ``path`` (an exclusive ``flock``; ``msvcrt.locking`` on
    Windows) for up to ``BUSY_SECONDS``. The lock file is kept, never deleted: deleting it would let two kernels
    each hold a lock of its own. None can be made (a folder that cannot be written): go on without it, as nothing
    there can be moved aside or created either. A lock held longer than ``BUSY_SECONDS``: an OSError."""
    try:
        descriptor = os.open(path.with_name(path.name + LOCK_SUFFIX), os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        descriptor = None
    try:
        if descriptor is not None:
            _lock(descriptor)
        yield
    finally:
        if descriptor is not None:
            os.close(descriptor)                       # closing releases the lock


def _lock(descriptor: int) -> None:
    give_up = time.monotonic() + BUSY_SECONDS
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        import msvcrt

        def take():
            msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)
    else:
        def take():
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    while True:
        try:
            return take()
        except OSError:
            if time.monotonic() > give_up:
                raise OSError(_("another kernel held the progress file's lock for {seconds} s").format(
                    seconds=int(BUSY_SECONDS))) from None
        time.sleep(0.005)


def _busy(error: BaseException) -> bool:
    """Another notebook holds the file for a moment (SQLite does not always wait: e.g. while it turns WAL on)."""
    return isinstance(error, sqlite3.OperationalError) and any(word in str(error).lower()
                                                               for word in ("locked", "busy"))


def _patiently(action):
    """``action()``, tried again for up to ``BUSY_SECONDS`` while the file is busy."""
    give_up = time.monotonic() + BUSY_SECONDS
    while True:
        try:
            return action()
        except sqlite3.OperationalError as error:
            if not _busy(error) or time.monotonic() > give_up:
                raise
        time.sleep(RETRY_PAUSE)


def _aside_name(path: Path, now: datetime) -> Path:
    return _unused(lambda number: path.with_name(f"{path.name}.moved-aside-{now.strftime('%Y%m%dT%H%M%SZ')}"
                                                 + ("" if number == 1 else f"-{number}")))


def _unused(name) -> Path:
    """The first of ``name(1)``, ``name(2)``, … that no file has yet."""
    number = 1
    while (path := name(number)).exists() or path.is_symlink():
        number += 1
    return path


def unused_path(path) -> Path:
    """``path`` if no file has that name yet, else the first free one of ``name-2.ext``, ``name-3.ext``, … (two
    exports in the same second get two files, never one overwritten).

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "progress.csv").write_text("kept")
    >>> unused_path(folder / "progress.csv").name, unused_path(folder / "other.csv").name
    ('progress-2.csv', 'other.csv')
    """
    if not isinstance(path, (str, os.PathLike)) or isinstance(path, bytes) or not str(os.fspath(path)).strip() \
            or "\x00" in os.fspath(path):
        raise BaccaratError(_("path must be a file's path, not {value}").format(value=shown(path)))
    path = Path(os.fspath(path)).expanduser()
    try:
        return _unused(lambda number: path if number == 1 else path.with_name(f"{path.stem}-{number}{path.suffix}"))
    except OSError as error:     # a name too long for the file system, a folder that cannot be read
        raise BaccaratError(_("path {value} cannot be used: {reason}").format(value=shown(path),
                                                                           reason=_reason(error))) from None


# ---------------------------------------------------------------------------------------------------------
# The store

class ProgressStore:
    """The answers and finished lessons of one learner, in the SQLite file ``path`` (None: ``progress_path()``).

    ``saving`` is False when the answers are kept in memory only: then ``warning`` says so in one sentence.
    ``notice`` is the sentence saying that a damaged or foreign file was moved aside (None if not).
    """

    def __init__(self, path=None):
        self._lock = threading.Lock()
        self._taken: set[str] = set()
        self.notice: str | None = None
        self.warning: str | None = None
        self._connection: sqlite3.Connection | None = None
        if isinstance(path, str) and path == MEMORY:
            self.path, self.saving = None, False
            self._connection = _memory_copy(None)
            return
        if path is not None:
            self.path = _check_path(path)
        else:
            try:
                self.path = progress_path()
            except BaccaratError as error:             # BACCARAT_PROGRESS_DIR names no usable folder
                self.path, self.saving = None, False
                self._connection = _memory_copy(None)
                self.warning = _("Your progress is not being saved ({reason}); the course works as usual, but these "
                                 "answers will be forgotten when the kernel restarts.").format(reason=error)
                return
        try:
            self._connection = _patiently(self._open)
            self.saving = True
        except _Newer:
            self._read_only(None)
        except (sqlite3.Error, OSError, ValueError, _NotOurs) as error:
            self._read_only(error)

    # ----- opening and falling back

    def _open(self) -> sqlite3.Connection:
        """A connection that can write the file, once it is healthy: created if missing, a damaged or foreign one
        moved aside. All of it under the lock file, so that two kernels never both move a file aside."""
        if _newer_on_disk(self.path):
            raise _Newer()
        if self.path.exists() and not os.access(self.path, os.W_OK):    # SQLite would open it, and fail on a write
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(self.path))
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with _file_lock(self.path):
            connection = self._healthy_connection()
            try:
                if connection.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
                    connection.execute("PRAGMA journal_mode = WAL")
                _initialise(connection)
            except BaseException:
                connection.close()
                raise
            return connection

    def _healthy_connection(self) -> sqlite3.Connection:
        """A connection to the file as it is now on disk, after moving a damaged or foreign file aside. A file is
        moved only when it was found damaged twice, a moment apart, and is still the same file (inode, size,
        modification time): another kernel may have just replaced it with a fresh one, which is never moved."""
        damaged = None                                 # the identity of the file last found damaged
        for _round in range(OPEN_ROUNDS):
            identity = _identity(self.path)
            connection = _connect(self.path)
            try:
                _check_health(connection)
                return connection
            except sqlite3.OperationalError:
                connection.close()
                raise                                  # cannot be opened or read: not the file's fault
            except _Newer:
                connection.close()
                raise
            except (_NotOurs, sqlite3.DatabaseError):
                connection.close()
            if identity is None or identity != damaged:
                damaged = identity                     # look twice before moving a learner's file aside
                time.sleep(RETRY_PAUSE)
            elif _identity(self.path) == identity:
                self._move_aside()
                damaged = None
        raise sqlite3.OperationalError("the progress file kept changing while it was opened")

    def _move_aside(self) -> None:
        now = datetime.now(timezone.utc)
        aside = _aside_name(self.path, now)
        for ending in ("-wal", "-shm", "-journal"):       # the moved file's own journal goes first, then the file
            companion = self.path.with_name(self.path.name + ending)
            if companion.exists():
                os.replace(companion, aside.with_name(aside.name + ending))
        os.replace(self.path, aside)
        self.notice = _("The progress file {path} could not be read (it is damaged, or was not written by this "
                        "course), so it was renamed {aside} and a fresh one was started.").format(
            path=self.path, aside=aside.name)

    def _read_only(self, error: BaseException | None) -> None:
        """The file cannot be written (``error``) or is a newer version's (``error`` None): go on in memory from
        what it holds, read read-only, and say once that new answers are not being saved."""
        try:
            source = _connect_read_only(self.path) if self.path.is_file() else None
        except (sqlite3.Error, OSError, ValueError):
            source = None
        if source is not None:
            try:
                state = _inspect(source)
            except sqlite3.Error:
                state = "foreign"
            if state not in ("ours", "newer"):         # a damaged file that could not be moved: nothing to show
                source.close()
                source = None
        if error is not None:
            self._fall_back(error, source)
            if source is not None:
                self.warning = _("Your progress file {path} can be read but not written ({reason}): your saved "
                                 "answers are shown, but new answers are not being saved.").format(
                    path=self.path, reason=_reason(error))
            return
        self._fall_back(None, source)
        self.warning = _("Your progress file {path} was made by a newer version of the course, so it is left "
                         "untouched and new answers are not being saved (update the course to save them).").format(
            path=self.path)

    def _fall_back(self, error: BaseException | None, source: sqlite3.Connection | None) -> None:
        """Go on in memory, from what ``source`` still holds; say once that progress is not being saved."""
        self._connection = _memory_copy(source)
        if source is not None:
            try:
                source.close()
            except sqlite3.Error:  # pragma: no cover
                pass
        self.saving = False
        self.warning = None if error is None else _(
            "Your progress is not being saved ({reason}: {path}); the course works as usual, but these answers will "
            "be forgotten when the kernel restarts.").format(reason=_reason(error), path=self.path)

    def _run(self, action):
        """``action(connection)``; a failing file makes the store go on in memory and run it there."""
        with self._lock:
            if self._connection is None:
                raise BaccaratError(_("this progress store is closed: make a new ProgressStore"))
            try:
                return _patiently(lambda: action(self._connection))
            except (sqlite3.Error, OSError) as error:
                if not self.saving:
                    raise                                  # pragma: no cover - memory does not fail this way
                self._fall_back(error, self._connection)
                return action(self._connection)

    def take_messages(self) -> tuple[str, ...]:
        """The notice and warning not handed out yet (each is handed out once, so a page shows it once)."""
        with self._lock:
            fresh = tuple(message for message in (self.notice, self.warning)
                          if message is not None and message not in self._taken)
            self._taken.update(fresh)
            return fresh

    def close(self) -> None:
        """Close the file (the store cannot be used afterwards)."""
        with self._lock:
            if self._connection is not None:
                self._connection.close()
                self._connection = None

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.close()

    def __repr__(self):
        where = "memory" if not self.saving else str(self.path)
        return f"ProgressStore({where!r})"

    # ----- answers

    def record(self, skill: str, key: str, answer, right: bool, seconds=None, source: str = "drill",
               when: datetime | None = None, lesson: str | None = None, outbox=None) -> Answer:
        """Record one answer and return it: ``skill`` ("total", "banker-draw:5/4", ...), ``key`` (the situation,
        e.g. the cards), the ``answer`` given, ``right`` (True or False), ``seconds`` taken (None: not timed),
        ``source`` (one of ``SOURCES``), ``when`` (a datetime with a time zone; None: now), ``lesson`` (the
        notebook's name, e.g. ``current_lesson()``; None: unknown). ``outbox`` (the class hub's,
        ``class_link.ClassLink.outbox_row``): a function of the ``Answer`` giving the (id, body) to send it as, or
        None; that row is saved in the same transaction as the answer."""
        skill = _check_skill(skill)
        key = _check_text("key", key)
        answer = _check_text("answer", answer, allow_empty=True)
        if not isinstance(right, bool):
            raise BaccaratError(_("right must be True or False, not {value}").format(value=shown(right)))
        seconds = _check_seconds(seconds)
        if not isinstance(source, str) or source not in SOURCES:
            raise BaccaratError(_("source must be one of {names}, not {value}")
                .format(names=', '.join(SOURCES), value=shown(source)))
        stamp = _check_when(when)
        lesson = None if lesson is None else _check_text("lesson", lesson)
        if outbox is not None and not callable(outbox):
            raise BaccaratError(_("outbox must be None or a function of the saved answer, not {value}").format(
                value=shown(outbox)))
        row = (skill, key, answer, int(right), seconds, stamp, source, lesson)
        outgoing = None if outbox is None else outbox(_answer(row))

        def insert(connection):
            with _writing(connection):
                connection.execute("INSERT INTO answers (skill, question, answer, correct, seconds, answered_at, "
                                   "source, lesson) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", row)
                if outgoing is not None:
                    connection.execute("INSERT INTO class_outbox (id, body) VALUES (?, ?)", outgoing)
        self._run(insert)
        return _answer(row)

    def answers(self, skill: str | None = None, source: str | None = None) -> tuple[Answer, ...]:
        """Every recorded answer, oldest first; ``skill`` keeps that skill and its cells ("banker-draw" keeps
        "banker-draw:5/4" too), ``source`` one source."""
        conditions, parameters = [], []
        if skill is not None:
            conditions.append("(skill = ? OR substr(skill, 1, ?) = ?)")
            parameters += [_check_skill(skill), len(skill) + 1, skill + ":"]
        if source is not None:
            if not isinstance(source, str) or source not in SOURCES:
                raise BaccaratError(_("source must be None or one of {names}, not {value}")
                    .format(names=', '.join(SOURCES), value=shown(source)))
            conditions.append("source = ?")
            parameters.append(source)
        where = " WHERE " + " AND ".join(conditions) if conditions else ""
        rows = self._run(lambda connection: connection.execute(
            "SELECT skill, question, answer, correct, seconds, answered_at, source, lesson FROM answers"
            f"{where} ORDER BY id", parameters).fetchall())
        return tuple(_answer(row) for row in rows)

    def summary(self, source: str | None = None) -> dict[str, SkillSummary]:
        """Per skill, sorted by name: count, right, accuracy and median seconds. A family ("banker-draw") also
        counts the answers of its cells ("banker-draw:5/4"), each of which has its own line too."""
        if source is not None:                     # the summaries are kept for every source together
            groups: dict[str, list[Answer]] = {}
            for answer in self.answers(source=source):
                groups.setdefault(answer.skill, []).append(answer)
                if ":" in answer.skill:
                    groups.setdefault(skill_family(answer.skill), []).append(answer)
            return {skill: _summarise(groups[skill]) for skill in sorted(groups)}

        def read(connection):
            lines = {}
            for level in ("family", "skill"):
                for item, tally in _item_tallies(connection, level).items():
                    if level == "family" or ":" in item:
                        lines[item] = SkillSummary(tally.answers, tally.right, Fraction(tally.right, tally.answers),
                                                   _median_seconds(connection, level, item, tally.timed))
            return {skill: lines[skill] for skill in sorted(lines)}
        return self._read(read)

    def _read(self, action):
        """``action(connection)`` in one read transaction, so every summary it reads is of the same instant (another
        notebook may be saving meanwhile): for the schedule and the report, with the query functions below."""
        def read(connection):
            connection.execute("BEGIN")
            try:
                return action(connection)
            finally:
                if connection.in_transaction:
                    connection.execute("ROLLBACK")
        return self._run(read)

    # ----- lessons

    def mark_lesson_done(self, name: str, when: datetime | None = None) -> None:
        """Mark a lesson done (e.g. "03_drawing_rules"); marking it again keeps the first time."""
        name = _check_text("name", name)
        stamp = _check_when(when)
        self._run(lambda connection: connection.execute(
            "INSERT OR IGNORE INTO lessons_done (lesson, done_at) VALUES (?, ?)", (name, stamp)))

    def lessons_done(self) -> dict[str, datetime]:
        """The lessons marked done, by name, with when."""
        rows = self._run(lambda connection: connection.execute(
            "SELECT lesson, done_at FROM lessons_done ORDER BY lesson").fetchall())
        return {name: datetime.fromisoformat(stamp) for name, stamp in rows}

    # ----- export and reset

    def copy_to(self, path) -> Path:
        """Write a consistent SQLite copy of every answer and lesson mark to ``path`` (a new file ending in
        ``.sqlite3``, ``.sqlite`` or ``.db``; another notebook may be writing meanwhile) and return its path."""
        path = _check_path(path)
        _refuse_existing(path)

        with self._lock:                     # not self._run: a target that cannot be written is not the store's fault
            if self._connection is None:
                raise BaccaratError(_("this progress store is closed: make a new ProgressStore"))
            try:
                target = _connect(path)
                try:
                    _patiently(lambda: self._connection.backup(target))
                finally:
                    target.close()
            except (sqlite3.Error, OSError) as error:
                raise BaccaratError(_("could not write {value}: {value2}")
                    .format(value=shown_path(path), value2=_reason(error))) from None
        return path

    def export_csv(self, path) -> Path:
        """Write every answer to a new CSV file (columns ``CSV_FIELDS``; right is 1 or 0) and return its path (a file
        that exists already is a BaccaratError: nothing is overwritten)."""
        path = _check_path(path, (".csv",))
        answers = self.answers()
        try:
            with open(path, "x", newline="", encoding="utf-8") as file:     # "x": an existing file is never overwritten
                writer = csv.writer(file)
                writer.writerow(CSV_FIELDS)
                for answer in answers:
                    writer.writerow([answer.skill, answer.key, answer.answer, int(answer.right),
                                     "" if answer.seconds is None else answer.seconds,
                                     answer.when.isoformat(), answer.source, answer.lesson or ""])
        except OSError as error:
            raise BaccaratError(_("could not write {value}: {value2}")
                .format(value=shown_path(path), value2=_reason(error))) from None
        return path

    def reset(self, confirm=None) -> int:
        """Delete every answer and lesson mark, once confirmed with ``confirm="reset"``; return the answers
        deleted."""
        if not isinstance(confirm, str) or confirm != RESET_WORD:
            raise BaccaratError(_("reset deletes all saved progress: confirm with "
                                  "confirm={reset_word!r}, not {value}")
                                      .format(reset_word=RESET_WORD, value=shown(confirm)))

        def delete(connection):
            with _writing(connection):
                deleted = connection.execute("DELETE FROM answers").rowcount
                connection.execute("DELETE FROM lessons_done")
                _clear_summaries(connection)
            return deleted
        return self._run(delete)


# ---------------------------------------------------------------------------------------------------------
# The summaries (schema version 2), read inside ``ProgressStore._read``: the schedule and the report call these
# instead of reading every answer, so a click costs about the same with 100 answers as with 100,000.

class _Tally(NamedTuple):
    """The answers of one skill or family (an item): how many, how many ``right``, how many ``timed``, and the
    ``streak`` of right answers at the end (0: the last one was wrong)."""

    answers: int
    right: int
    timed: int
    streak: int


def _item_tallies(connection, level: str, items=None) -> dict[str, _Tally]:
    """Every skill (``level`` "skill") or family ("family") answered, or only ``items``, with its tally."""
    query = "SELECT item, answers, correct, timed, streak FROM item_tallies WHERE level = ?"
    parameters = [level]
    if items is not None:
        items = list(items)
        query += f" AND item IN ({', '.join('?' * len(items))})"
        parameters += items
    return {item: _Tally(*numbers) for item, *numbers in connection.execute(query, parameters)}


def _median_seconds(connection, level: str, item: str, timed: int) -> float | None:
    """The median seconds of the ``timed`` answers of a skill or family (as ``statistics.median``): the counts per
    tenth of a second find the bucket of each middle answer, and the index on seconds is read within that bucket
    only (None: none timed)."""
    if not timed:
        return None
    column = "skill" if level == "skill" else _family_sql("skill")
    buckets = connection.execute("SELECT tenth, answers FROM seconds_tallies WHERE level = ? AND item = ? "
                                 "ORDER BY tenth", (level, item)).fetchall()

    def at(rank):                   # the time of rank ``rank`` (0: the shortest) among the timed answers
        for tenth, answers in buckets:
            if rank < answers:
                low, high = (tenth - 1) / 10, (tenth + 2) / 10 if tenth < TENTHS_CAP else float("inf")
                return connection.execute(
                    f"SELECT seconds FROM answers WHERE {column} = ? AND seconds >= ? AND seconds <= ? "
                    f"AND {_tenth_sql('seconds')} = ? ORDER BY seconds LIMIT 1 OFFSET ?",
                    (item, low, high, tenth, rank)).fetchone()[0]
            rank -= answers
        raise AssertionError("the summaries hold fewer timed answers than their tally")  # pragma: no cover
    middle = (timed - 1) // 2
    return at(middle) if timed % 2 else (at(middle) + at(middle + 1)) / 2


def _stream_tallies(connection, families, finer: bool = False) -> tuple[int, dict[str, tuple[_Tally, int]]]:
    """A stream of answers for the schedule: the answers of ``families`` (``finer``: only those of their finer
    skills, e.g. the tableau's cells of "banker-draw"), oldest first. Returns how many answers it holds, and for
    each of its items (the families; ``finer``: the finer skills) its tally and how many answers of the stream came
    after the item's last one."""
    families = list(families)
    groups = [family + ":" for family in families] + ([] if finer else families)
    in_groups = f"IN ({', '.join('?' * len(groups))})"
    in_families = f"IN ({', '.join('?' * len(families))})"
    length = connection.execute(f"SELECT coalesce(sum(answers), 0) FROM group_counts WHERE grp {in_groups}",
                                groups).fetchone()[0]
    chosen = (f"{_family_sql('t.item')} {in_families} AND instr(t.item, ':')" if finer else f"t.item {in_families}")
    rows = connection.execute(
        "SELECT t.item, t.answers, t.correct, t.timed, t.streak, (SELECT coalesce(sum(m.before), 0) FROM item_marks m "
        f"WHERE m.level = t.level AND m.item = t.item AND m.grp {in_groups}) FROM item_tallies t "
        f"WHERE t.level = ? AND {chosen}", groups + ["skill" if finer else "family"] + families)
    return length, {item: (_Tally(*numbers), length - before - 1) for item, *numbers, before in rows}


def _quarter_tallies(connection) -> list[tuple[str, int, int]]:
    """Per UTC quarter of an hour with answers ("2024-05-01T10:30"), oldest first: answers and right."""
    return connection.execute("SELECT quarter, answers, correct FROM quarter_tallies ORDER BY quarter").fetchall()


def _answered_between(connection, start: datetime, end: datetime) -> list[tuple[datetime, bool]]:
    """When each answer from ``start`` (included) to ``end`` (excluded) was given, and whether it was right."""
    rows = connection.execute("SELECT answered_at, correct FROM answers WHERE answered_at >= ? AND answered_at < ?",
                              (_check_when(start), _check_when(end)))
    return [(datetime.fromisoformat(stamp), bool(right)) for stamp, right in rows]


def _lesson_tallies(connection, exercises) -> tuple[dict[str | None, int], dict[str | None, set]]:
    """Per lesson (None: not known), the final-test answers; and of ``exercises`` ((lesson, skill, key) triples) those
    answered right as lesson exercises, per lesson."""
    tests = {lesson or None: count for lesson, count in connection.execute(
        "SELECT lesson, answers FROM lesson_tallies WHERE source = 'test'")}
    right: dict[str | None, set] = {}
    for lesson, skill, key in exercises:
        if connection.execute("SELECT 1 FROM exercises_right WHERE lesson = ? AND skill = ? AND question = ?",
                              (lesson or "", skill, key)).fetchone():
            right.setdefault(lesson, set()).add((skill, key))
    return tests, right


def _day_tallies(connection, minutes: int) -> list[tuple[str, int, int]]:
    """Answers and right per day ("2024-05-01") in a time zone ``minutes`` ahead of UTC (a whole number of quarters
    of an hour: each quarter falls in one day)."""
    return connection.execute("SELECT date(quarter, ?) AS day, sum(answers), sum(correct) FROM quarter_tallies "
                              "GROUP BY day ORDER BY day", (f"{minutes:+d} minutes",)).fetchall()

def _answer(row) -> Answer:
    skill, key, answer, right, seconds, stamp, source, lesson = row
    return Answer(skill, key, answer, bool(right), seconds, datetime.fromisoformat(stamp), source, lesson)


def _summarise(answers: list[Answer]) -> SkillSummary:
    right = sum(answer.right for answer in answers)
    timed = [answer.seconds for answer in answers if answer.seconds is not None]
    return SkillSummary(len(answers), right, Fraction(right, len(answers)),
                        statistics.median(timed) if timed else None)


def _refuse_existing(path: Path) -> None:
    if path.exists():
        raise BaccaratError(_("path must name a file that does not exist yet (nothing is overwritten), not {value}")
            .format(value=shown_path(path)))


_SHARED: dict[Path | str, ProgressStore] = {}
_SHARED_LOCK = threading.Lock()


def progress_store() -> ProgressStore:
    """The store of this kernel for ``progress_path()``: every widget shares it (so its warning is said once). A
    ``BACCARAT_PROGRESS_DIR`` that names no usable folder gives a store in memory whose warning says why."""
    try:
        key: Path | str = progress_path()
    except BaccaratError:
        key = os.environ.get(PROGRESS_DIR_VARIABLE, "")
    with _SHARED_LOCK:
        if key not in _SHARED:
            _SHARED[key] = ProgressStore(key if isinstance(key, Path) else None)
        return _SHARED[key]


# ---------------------------------------------------------------------------------------------------------
# The progress file as a whole, for the command line

class Reset(NamedTuple):
    """What ``reset_progress`` did: the answers ``deleted`` and the ``backup`` file (None: there was no progress
    file, so nothing was deleted or backed up)."""

    deleted: int
    backup: Path | None


def _existing_store() -> ProgressStore:
    """A store for the progress file if it exists; else an empty one in memory (nothing is created on disk)."""
    path = progress_path()
    return ProgressStore(path) if path.exists() else ProgressStore(MEMORY)


def export_progress(path) -> Path:
    """Copy the learner's progress to ``path`` and return it: a ``.csv`` file gets every answer (columns
    ``CSV_FIELDS``), a ``.sqlite3``, ``.sqlite`` or ``.db`` file a copy of the progress file. ``path`` must not exist
    yet. No progress file yet: the export is empty."""
    target = _check_path(path, PATH_SUFFIXES + (".csv",))
    _refuse_existing(target)
    if target.resolve() == progress_path().resolve():
        raise BaccaratError(_("path must be another file than the progress file itself, not {value}")
            .format(value=shown_path(target)))
    with _existing_store() as store:
        return store.export_csv(target) if target.suffix.lower() == ".csv" else store.copy_to(target)


def reset_progress(confirm=None, store=None) -> Reset:
    """Delete every saved answer and lesson mark, once confirmed with ``confirm="reset"``, after copying the
    progress file to ``progress.sqlite3.backup-<UTC time>.sqlite3`` next to it. ``store``: None, the progress
    file's (``progress_path()``); or a ``ProgressStore`` (the progress page's: its own file, backed up the same way;
    one kept in memory by choice has no file to back up). Returns ``Reset(deleted, backup)``; nothing is deleted
    if the backup cannot be written, or if the store cannot write its file."""
    if not isinstance(confirm, str) or confirm != RESET_WORD:
        raise BaccaratError(_("reset deletes all saved progress: confirm with "
                              "confirm={reset_word!r}, not {value}")
                                  .format(reset_word=RESET_WORD, value=shown(confirm)))
    if store is not None and not isinstance(store, ProgressStore):
        raise BaccaratError(_("store must be None or a ProgressStore, not {value}").format(value=shown(store)))
    if store is not None:
        return _backed_up_reset(store)
    path = progress_path()
    if not path.exists():
        return Reset(0, None)
    with ProgressStore(path) as own:
        return _backed_up_reset(own)


def _backed_up_reset(store: ProgressStore) -> Reset:
    if store.path is None:                           # in memory (":memory:", or no usable folder): no file
        return Reset(store.reset(confirm=RESET_WORD), None)
    if not store.saving:
        raise BaccaratError(_("could not write {value}: {value2}")
            .format(value=shown_path(store.path), value2=store.warning or ""))
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    backup = _unused(lambda number: store.path.with_name(
        f"{store.path.name}.backup-{stamp}{'' if number == 1 else f'-{number}'}.sqlite3"))
    store.copy_to(backup)
    return Reset(store.reset(confirm=RESET_WORD), backup)
