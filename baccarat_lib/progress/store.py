"""Saved progress: every answer a learner gives, kept in a small SQLite file of their own, across kernels and days.

The file is ``progress_path()``. One row per answer, under its finest skill (``banker_cell_skill(5, 4)``). A
trigger keeps summaries in the same statement, so a click costs the same after 100,000 answers as after 100. Older
schema versions (``UPGRADABLE``) are upgraded in place, keeping every answer.

The store never shows a learner a traceback:

- Two notebooks answering at once are both recorded (WAL mode; a write waits up to ``BUSY_SECONDS``).
- A damaged or foreign file is renamed with a timestamp suffix, ``notice`` says so, and a fresh file is started. It
  is moved only under the lock file, when found damaged twice and still the same file: once, and a healthy file never.
- A file that cannot be written, or one a newer course made (never moved or written), is read, and ``warning`` says
  new answers are kept in memory only; so too for a full disk or a ``BACCARAT_PROGRESS_DIR`` that names no usable
  folder. ``take_messages()`` hands out each sentence once.
- Text UTF-8 cannot encode (a lone surrogate such as ``"\\udcff"``) is stored with a backslash escape.

>>> from datetime import datetime, timezone
>>> store = ProgressStore(":memory:")
>>> when = datetime(2024, 5, 1, 10, 0, tzinfo=timezone.utc)
>>> _ = store.record("total", "7 8", "5", True, 3.5, when=when)
>>> _ = store.record(banker_cell_skill(5, 4), "5 / 4", "stand", False, 8.0, when=when)
>>> [(answer.skill, answer.when.isoformat()) for answer in store.answers()][1]
('banker-draw:5/4', '2024-05-01T10:00:00+00:00')
"""

from __future__ import annotations

import csv
import errno
import numbers
import os
import re
import sqlite3
import threading
import time
import urllib.parse
from contextlib import contextmanager, suppress
from datetime import datetime, timezone
from decimal import Decimal
from pathlib import Path
from typing import NamedTuple

from ..errors import BaccaratError, refusal, shown, shown_path, whole_number
from ..i18n import _

__all__ = ["progress_path", "ProgressStore", "progress_store", "Answer", "banker_cell_skill",
           "skill_family", "current_lesson", "export_progress", "reset_progress", "Reset", "unused_path", "SOURCES",
           "PROGRESS_DIR_VARIABLE", "RESET_WORD"]

PROGRESS_DIR_VARIABLE = "BACCARAT_PROGRESS_DIR"
FOLDER, FILE_NAME = "baccarat-course", "progress.sqlite3"
SOURCES = ("lesson", "drill", "test", "dealer")
RESET_WORD = "reset"                 # reset_progress(confirm="reset"): nothing is deleted without it
MEMORY = ":memory:"
SCHEMA_VERSION = 3                   # PRAGMA user_version of a progress file (a higher one: a newer course's)
UPGRADABLE = (1, 2)                  # older versions a store upgrades in place, keeping every answer
APPLICATION_ID = 0x42414343          # PRAGMA application_id of a progress file: "BACC"
BUSY_SECONDS = 15.0                  # how long a write waits for another notebook's write
RETRY_PAUSE = 0.05                   # seconds between two tries when SQLite answers "busy" without waiting
MAX_TEXT = 500                       # the longest key, answer or lesson name kept
PATH_SUFFIXES = (".sqlite3", ".sqlite", ".db")
LOCK_SUFFIX = ".lock"                # progress.sqlite3.lock: held while a kernel checks, moves aside and creates
OPEN_ROUNDS = 10                     # looks at a file that keeps changing under us before giving up
TENTHS_CAP = 10 ** 9                 # every time of 100,000,000 s or more shares the last tenth-of-a-second bucket
_SKILL = re.compile(r"[a-z][a-z0-9-]{0,39}(:[A-Za-z0-9/+-]{1,20})?")
CSV_FIELDS = ("skill", "question", "answer", "right", "seconds", "when", "source", "lesson")
_ANSWER_COLUMNS = "skill, question, answer, correct, seconds, answered_at, source, lesson"
_INSERT = f"INSERT INTO answers ({_ANSWER_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"

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
_TABLES = {"answers", "lessons_done"}     # lessons_done is no longer written: kept so every version knows the file
_COLUMNS = {"answers": set(_ANSWER_COLUMNS.split(", ")),
            "lessons_done": {"lesson", "done_at"}}        # what this version reads; a newer file must have them


def _family_sql(skill: str, colon: bool = False) -> str:
    """SQL for ``skill_family`` of ``skill``; ``colon``: a finer skill's stream group ("banker-draw:")."""
    return f"(CASE WHEN instr({skill}, ':') THEN substr({skill}, 1, instr({skill}, ':'){'' if colon else ' - 1'}) " \
           f"ELSE {skill} END)"


def _quarter_sql(stamp: str) -> str:
    """SQL for the UTC quarter of an hour of the ISO time ``stamp`` ("...T10:37:12+00:00" -> "...T10:30")."""
    return f"(substr({stamp}, 1, 14) || printf('%02d', CAST(substr({stamp}, 15, 2) AS INTEGER) / 15 * 15))"


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


# The summaries the clicks read instead of every answer, kept by a trigger in the same statement as each answer.
# ``item_marks``: per item, how many answers each group had before its last one (the schedule's "questions since").
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
INSERT INTO group_counts (grp, answers) VALUES ({_family_sql("NEW.skill", colon=True)}, 1)
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
# The answers the class hub's service has not received yet, oldest first (``body``: JSON, as the service takes it).
_OUTBOX = """
CREATE TABLE IF NOT EXISTS class_outbox (
    n INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    body TEXT NOT NULL
);
"""
_SUMMARY_TABLES = ("item_tallies", "group_counts", "item_marks", "quarter_tallies", "lesson_tallies",
                   "seconds_tallies", "exercises_right")


class Answer(NamedTuple):
    """One recorded answer; ``seconds`` None: not timed; ``lesson``: the notebook's name, None when unknown."""

    skill: str
    key: str
    answer: str
    right: bool
    seconds: float | None
    when: datetime
    source: str
    lesson: str | None = None


# ---------------------------------------------------------------------------------------------------------
# Where the file is, and the names of skills

def progress_path() -> Path:
    """The progress file: in ``$BACCARAT_PROGRESS_DIR`` if set, else in the Jupyter data directory."""
    folder = os.environ.get(PROGRESS_DIR_VARIABLE, "").strip()
    if folder:
        try:
            return Path(folder).expanduser() / FILE_NAME
        except RuntimeError:                        # "~nosuchuser/x": a home folder that cannot be found
            raise BaccaratError(_("{variable} must name a folder, not {value}: the home folder its ~ names cannot "
                                  "be found").format(variable=PROGRESS_DIR_VARIABLE, value=shown(folder))) from None
    from jupyter_core.paths import jupyter_data_dir
    return Path(jupyter_data_dir()) / FOLDER / FILE_NAME


def current_lesson() -> str | None:
    """The name of the notebook this kernel runs ("08_scoreboards_and_streaks"), in Jupyter or Voila; else None."""
    candidates = [os.environ.get("JPY_SESSION_NAME", "")]
    if os.environ.get("SERVER_SOFTWARE", "").startswith("voila/"):
        candidates.append(urllib.parse.unquote(os.environ.get("SCRIPT_NAME", "")))
    for candidate in candidates:
        name = candidate.replace("\\", "/").rsplit("/", 1)[-1]
        if name.endswith(".ipynb") and len(name) > len(".ipynb"):
            return name[:-len(".ipynb")][:MAX_TEXT]
    return None


def banker_cell_skill(banker_total: int, player_third_card: int | None = None) -> str:
    """The skill of one cell of the Banker tableau; "-" when Player stood.

    >>> banker_cell_skill(6, 7), banker_cell_skill(3)
    ('banker-draw:6/7', 'banker-draw:3/-')
    """
    banker_total = whole_number("banker_total", banker_total, 0, 9)
    third = "-" if player_third_card is None else whole_number("player_third_card", player_third_card, 0, 9)
    return f"banker-draw:{banker_total}/{third}"


def skill_family(skill: str) -> str:
    """The skill a finer one belongs to: "banker-draw" for "banker-draw:5/4"; a plain skill is its own family."""
    return _check_skill(skill).split(":")[0]


# ---------------------------------------------------------------------------------------------------------
# Checks at the door: what ``record``, the exports and the reset are handed

def _check_skill(skill) -> str:
    if not isinstance(skill, str) or not _SKILL.fullmatch(skill):
        raise refusal(_("skill must be a short name such as 'total' or 'banker-draw:5/4', not {value}"), value=skill)
    return skill


def _check_text(name: str, value, allow_empty: bool = False) -> str:
    """``value`` as text SQLite can store (a lone surrogate as its backslash escape)."""
    if isinstance(value, bool) or not isinstance(value, (str, numbers.Number, Decimal)):
        raise BaccaratError(_("{name} must be text, not {value}").format(name=name, value=shown(value)))
    text = str(value)
    if len(text) > MAX_TEXT or (not allow_empty and not text.strip()) or "\x00" in text:
        raise BaccaratError(_("{name} must be a text of 1 to {max_text} characters, not {value}")
            .format(name=name, max_text=MAX_TEXT, value=shown(value)))
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _check_seconds(seconds) -> float | None:
    if seconds is None:
        return None
    value = None
    if isinstance(seconds, (numbers.Real, Decimal)) and not isinstance(seconds, bool):
        with suppress(OverflowError, ValueError):
            value = float(seconds)
    if value is None or not 0 <= value < float("inf"):
        raise refusal(_("seconds must be None or a number of seconds 0 or more, not {value}"), value=seconds)
    return value


def _check_when(when) -> str:
    """``when`` (None: now) as UTC ISO text, to the second."""
    when = datetime.now(timezone.utc) if when is None else when
    if not isinstance(when, datetime) or when.tzinfo is None or when.utcoffset() is None:
        raise refusal(_("when must be None or a datetime with a time zone, not {value}"), value=when)
    return when.astimezone(timezone.utc).isoformat(timespec="seconds")


def _row(skill, key, answer, right, seconds, source, when, lesson) -> tuple:
    """One answer as the answers table holds it, every field checked."""
    skill, key, answer = _check_skill(skill), _check_text("key", key), _check_text("answer", answer, allow_empty=True)
    if not isinstance(right, bool):
        raise refusal(_("right must be True or False, not {value}"), value=right)
    seconds, source = _check_seconds(seconds), _check_source(source)
    stamp, lesson = _check_when(when), None if lesson is None else _check_text("lesson", lesson)
    return skill, key, answer, int(right), seconds, stamp, source, lesson


def _check_source(source) -> str:
    if not isinstance(source, str) or source not in SOURCES:
        raise BaccaratError(_("source must be one of {names}, not {value}")
            .format(names=', '.join(SOURCES), value=shown(source)))
    return source


def _check_path(path, suffixes=PATH_SUFFIXES) -> Path:
    try:
        text = os.fspath(path) if isinstance(path, (str, os.PathLike)) else None
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
# Opening a file: ours, fresh, older (upgraded), newer (read only), or to be moved aside

class _NotOurs(Exception):
    """The file is SQLite, but not a progress file of this course."""


class _Newer(Exception):
    """The file is a progress file of a newer version of the course: read it, never move or write it."""


def _inspect(connection) -> str:
    """"ours", "older", "fresh" (empty), "newer" or "foreign"; a damaged file raises sqlite3.DatabaseError."""
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
    """Whether ``connection`` holds the tables and columns this version reads."""
    return all({row[1] for row in connection.execute(f"PRAGMA table_info({table})")} >= columns
               for table, columns in _COLUMNS.items())


@contextmanager
def _writing(connection):
    """One write transaction, taken at once, rolled back on any error."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield connection
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise


@contextmanager
def _reading(connection):
    """One read transaction: every read in it sees the file at one instant."""
    connection.execute("BEGIN")
    try:
        yield connection
    finally:
        if connection.in_transaction:
            connection.execute("ROLLBACK")


def _create(connection, script: str) -> None:
    """Run the SQL statements of ``script`` one by one (a trigger's body holds semicolons of its own)."""
    statement = ""
    for piece in script.split(";"):
        statement += piece + ";"
        if sqlite3.complete_statement(statement):
            if statement.strip(" \n;"):
                connection.execute(statement)
            statement = ""


def _clear(connection, tables) -> None:
    for table in tables:
        connection.execute(f"DELETE FROM {table}")


def _initialise(connection) -> None:
    """Create the tables of a fresh database, or upgrade an older one in place, in one transaction."""
    with _writing(connection):
        state = _inspect(connection)
        if state == "foreign":
            raise _NotOurs()
        if state == "fresh":
            _create(connection, _SCHEMA + _SUMMARIES + _OUTBOX)
            connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        elif state == "older":
            if connection.execute("PRAGMA user_version").fetchone()[0] < 2:    # version 1: no summaries yet
                _summarise_again(connection, [("INDEX", "answers_by_skill")])     # answers_by_skill_seconds serves
            _create(connection, _OUTBOX)
        if state in ("fresh", "older"):
            connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def _summarise_again(connection, drop=()) -> None:
    """Drop the (kind, name) objects ``drop``, and make the summaries again by putting every answer back in order."""
    for kind, name in drop:
        connection.execute(f"DROP {kind} IF EXISTS {name}")
    _create(connection, _SUMMARIES)
    _clear(connection, _SUMMARY_TABLES)
    connection.execute("CREATE TEMP TABLE answers_again AS SELECT * FROM answers")
    connection.execute("DELETE FROM answers")
    connection.execute("INSERT INTO answers SELECT * FROM temp.answers_again ORDER BY id")
    connection.execute("DROP TABLE temp.answers_again")


def _check_health(connection) -> None:
    """Raise sqlite3.DatabaseError for a damaged file, _NotOurs for someone else's, _Newer for a newer version's."""
    with _reading(connection):
        if connection.execute("PRAGMA quick_check").fetchone()[0] != "ok":
            raise sqlite3.DatabaseError("database disk image is malformed")
        state = _inspect(connection)
    if state == "foreign":
        raise _NotOurs()
    if state == "newer":
        raise _Newer()


def _connect(path) -> sqlite3.Connection:
    return sqlite3.connect(os.fspath(path), timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False)


def _connect_read_only(path: Path) -> sqlite3.Connection:
    """A connection that cannot write ``path``; ``immutable`` in a folder where SQLite cannot make its ``-shm``."""
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


def _look(path: Path) -> tuple[sqlite3.Connection | None, str]:
    """``path`` opened read-only and what it holds (``_inspect``); (None, "none") or (None, "damaged") if neither."""
    try:
        if not path.is_file() or path.stat().st_size == 0:
            return None, "none"
        connection = _connect_read_only(path)
    except (OSError, sqlite3.Error, ValueError):
        return None, "damaged"
    try:
        return connection, _inspect(connection)
    except sqlite3.Error:
        connection.close()
        return None, "damaged"


_BLANK: list[sqlite3.Connection] = []     # an empty database of this version in memory, made once per kernel
_BLANK_LOCK = threading.Lock()            # held while it is used: it is empty again whenever the lock is free


def _blank() -> sqlite3.Connection:
    if not _BLANK:
        blank = _connect(MEMORY)
        _initialise(blank)
        _BLANK.append(blank)
    return _BLANK[0]


def _blank_memory() -> sqlite3.Connection:
    """A new, empty database of this version in memory, copied from ``_BLANK`` (faster than creating it)."""
    with _BLANK_LOCK:
        memory = _connect(MEMORY)
        _blank().backup(memory)
    return memory


def _with_answers(rows: list[tuple], action):
    """``action(connection)`` on ``_BLANK`` holding the answers ``rows`` for one transaction, rolled back after."""
    with _BLANK_LOCK:
        connection = _blank()
        with _reading(connection):
            connection.executemany(_INSERT, rows)
            return action(connection)


def _memory_copy(source: sqlite3.Connection | None) -> sqlite3.Connection:
    """An in-memory copy of what ``source`` holds (empty if it cannot be read by this version)."""
    if source is None:
        return _blank_memory()
    memory = _connect(MEMORY)
    try:
        source.backup(memory)
        state = _inspect(memory)
        if state == "foreign" or (state == "newer" and not _readable(memory)):
            raise _NotOurs()
    except (sqlite3.Error, OSError, _NotOurs):
        memory.close()
        return _blank_memory()
    if state == "newer":                      # its summaries may not be this version's: made again, in the copy only
        with _writing(memory):
            _summarise_again(memory, [("TRIGGER", "answers_summarised")]
                             + [("TABLE", table) for table in _SUMMARY_TABLES])
            _create(memory, _OUTBOX)
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
    """Hold the lock file next to ``path`` (never deleted, so two kernels share one), else an OSError after
    ``BUSY_SECONDS``; in a folder that cannot be written, go on without it (nothing there can be moved either)."""
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
    """Take the lock of ``descriptor``, waiting for another kernel's for up to ``BUSY_SECONDS``."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        import msvcrt

        def take():
            msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)
    else:
        def take():
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    try:
        _patiently(take, again=lambda error: isinstance(error, OSError), pause=0.005)
    except OSError:
        raise OSError(_("another kernel held the progress file's lock for {seconds} s").format(
            seconds=int(BUSY_SECONDS))) from None


def _busy(error: BaseException) -> bool:
    """Another notebook holds the file for a moment (SQLite does not always wait: e.g. while it turns WAL on)."""
    return isinstance(error, sqlite3.OperationalError) and any(word in str(error).lower()
                                                               for word in ("locked", "busy"))


def _patiently(action, again=_busy, pause: float = RETRY_PAUSE):
    """``action()``, tried again every ``pause`` seconds for up to ``BUSY_SECONDS`` while ``again(error)``."""
    give_up = time.monotonic() + BUSY_SECONDS
    while True:
        try:
            return action()
        except (sqlite3.Error, OSError) as error:
            if not again(error) or time.monotonic() > give_up:
                raise
        time.sleep(pause)


def _unused(name) -> Path:
    """The first of ``name(1)``, ``name(2)``, … that no file has yet."""
    number = 1
    while (path := name(number)).exists() or path.is_symlink():
        number += 1
    return path


def unused_path(path) -> Path:
    """``path`` if no file has that name yet, else the first free one of ``name-2.ext``, ``name-3.ext``, …

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "progress.csv").write_text("kept")
    >>> unused_path(folder / "progress.csv").name, unused_path(folder / "other.csv").name
    ('progress-2.csv', 'other.csv')
    """
    if not isinstance(path, (str, os.PathLike)) or isinstance(path, bytes) or not str(os.fspath(path)).strip() \
            or "\x00" in os.fspath(path):
        raise refusal(_("path must be a file's path, not {value}"), value=path)
    path = Path(os.fspath(path)).expanduser()
    try:
        return _unused(lambda number: path if number == 1 else path.with_name(f"{path.stem}-{number}{path.suffix}"))
    except OSError as error:     # a name too long for the file system, a folder that cannot be read
        raise BaccaratError(_("path {value} cannot be used: {reason}").format(value=shown(path),
                                                                           reason=_reason(error))) from None


# ---------------------------------------------------------------------------------------------------------
# The store

class ProgressStore:
    """The answers of one learner, in the SQLite file ``path`` (None: ``progress_path()``); ``saving`` False: in
    memory only, as ``warning`` says; ``notice``: the sentence saying a damaged or foreign file was moved aside."""

    def __init__(self, path=None):
        self._lock = threading.Lock()
        self._taken: set[str] = set()
        self.notice: str | None = None
        self.warning: str | None = None
        self.path, self.saving = None, False
        if isinstance(path, str) and path == MEMORY:
            self._connection = _blank_memory()
            return
        if path is not None:
            self.path = _check_path(path)
        else:
            try:
                self.path = progress_path()
            except BaccaratError as error:             # BACCARAT_PROGRESS_DIR names no usable folder
                self._connection = _blank_memory()
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
        """A connection that can write the healthy file, made under the lock file (see the module's guarantees)."""
        connection, state = _look(self.path)
        if connection is not None:
            connection.close()
        if state == "newer":
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
        """A connection to the file, after moving a damaged or foreign one aside (twice found, still the same file)."""
        damaged = None                                 # the identity of the file last found damaged
        for _round in range(OPEN_ROUNDS):
            identity = _identity(self.path)
            connection = _connect(self.path)
            try:
                _check_health(connection)
                return connection
            except (sqlite3.OperationalError, _Newer):  # cannot be opened or read (not the file's fault), or newer
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
        stamp = datetime.now(timezone.utc).strftime('%Y%m%dT%H%M%SZ')
        aside = _unused(lambda number: self.path.with_name(f"{self.path.name}.moved-aside-{stamp}"
                                                           + ("" if number == 1 else f"-{number}")))
        for ending in ("-wal", "-shm", "-journal"):       # the moved file's own journal goes first, then the file
            companion = self.path.with_name(self.path.name + ending)
            if companion.exists():
                os.replace(companion, aside.with_name(aside.name + ending))
        os.replace(self.path, aside)
        self.notice = _("The progress file {path} could not be read (it is damaged, or was not written by this "
                        "course), so it was renamed {aside} and a fresh one was started.").format(
            path=self.path, aside=aside.name)

    def _read_only(self, error: BaseException | None) -> None:
        """Go on in memory from what the file holds: it cannot be written (``error``) or is newer (``error`` None)."""
        source, state = _look(self.path)
        if source is not None and state not in ("ours", "newer"):
            source.close()                             # a damaged file that could not be moved: nothing to show
            source = None
        self._fall_back(error, source)
        if error is None:
            self.warning = _("Your progress file {path} was made by a newer version of the course, so it is left "
                             "untouched and new answers are not being saved (update the course to save them).").format(
                path=self.path)
        elif source is not None:
            self.warning = _("Your progress file {path} can be read but not written ({reason}): your saved "
                             "answers are shown, but new answers are not being saved.").format(
                path=self.path, reason=_reason(error))

    def _fall_back(self, error: BaseException | None, source: sqlite3.Connection | None) -> None:
        """Go on in memory, from what ``source`` still holds; say once that progress is not being saved."""
        self._connection = _memory_copy(source)
        if source is not None:
            with suppress(sqlite3.Error):
                source.close()
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

    def _read(self, action):
        """``action(connection)`` in one read transaction: every summary it reads is of the same instant."""
        def read(connection):
            with _reading(connection):
                return action(connection)
        return self._run(read)

    def take_messages(self) -> tuple[str, ...]:
        """The notice and warning not handed out yet."""
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
        """Record one answer and return it; ``outbox`` gives the class outbox's row, saved in the same transaction."""
        row = _row(skill, key, answer, right, seconds, source, when, lesson)
        if outbox is not None and not callable(outbox):
            raise refusal(_("outbox must be None or a function of the saved answer, not {value}"), value=outbox)
        outgoing = None if outbox is None else outbox(_answer(row))
        self._insert([row], [] if outgoing is None else [outgoing])
        return _answer(row)

    def _insert(self, rows: list[tuple], outgoing: list[tuple[str, str]] = ()) -> None:
        """Save answers (``_row``s) and the outbox's (id, body) rows ``outgoing``, in one transaction."""
        def insert(connection):
            with _writing(connection):
                connection.executemany(_INSERT, rows)
                connection.executemany("INSERT INTO class_outbox (id, body) VALUES (?, ?)", outgoing)
        self._run(insert)

    def answers(self) -> tuple[Answer, ...]:
        """Every recorded answer, oldest first."""
        rows = self._run(lambda connection: connection.execute(
            f"SELECT {_ANSWER_COLUMNS} FROM answers ORDER BY id").fetchall())
        return tuple(_answer(row) for row in rows)

    # ----- export and reset

    def _copy_to(self, path: Path) -> Path:
        """Write a consistent SQLite copy of the progress file to the new file ``path`` and return it."""
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
        """Write every answer to a new CSV file (columns ``CSV_FIELDS``) and return its path; never overwrites."""
        path = _check_path(path, (".csv",))
        answers = self.answers()
        try:
            with open(path, "x", newline="", encoding="utf-8") as file:     # "x": an existing file is never overwritten
                writer = csv.writer(file)
                writer.writerow(CSV_FIELDS)
                writer.writerows([answer.skill, answer.key, answer.answer, int(answer.right),
                                  "" if answer.seconds is None else answer.seconds, answer.when.isoformat(),
                                  answer.source, answer.lesson or ""] for answer in answers)
        except OSError as error:
            raise BaccaratError(_("could not write {value}: {value2}")
                .format(value=shown_path(path), value2=_reason(error))) from None
        return path

    def _reset(self) -> int:
        """Delete every answer and the class outbox; return how many answers. Only ``reset_progress`` calls it."""
        def delete(connection):
            with _writing(connection):
                deleted = connection.execute("DELETE FROM answers").rowcount
                _clear(connection, ("lessons_done", "class_outbox") + _SUMMARY_TABLES)
            return deleted
        return self._run(delete)


def _answer(row) -> Answer:
    skill, key, answer, right, seconds, stamp, source, lesson = row
    return Answer(skill, key, answer, bool(right), seconds, datetime.fromisoformat(stamp), source, lesson)


# ---------------------------------------------------------------------------------------------------------
# The summaries, read inside ``ProgressStore._read`` by the schedule and the report

class _Tally(NamedTuple):
    """The answers of one skill or family, and the ``streak`` of right answers at the end."""

    answers: int
    right: int
    timed: int
    streak: int


def _marks(count: int) -> str:
    return ", ".join("?" * count)


def _item_tallies(connection, level: str) -> dict[str, _Tally]:
    """Every skill (``level`` "skill") or family ("family") answered, with its tally."""
    return {item: _Tally(*numbers) for item, *numbers in connection.execute(
        "SELECT item, answers, correct, timed, streak FROM item_tallies WHERE level = ?", (level,))}


def _median_seconds(connection, level: str, item: str, timed: int) -> float | None:
    """The median seconds of the ``timed`` answers of an item (None: none timed), read within its middle buckets."""
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
    """The schedule's stream of ``families``: its length, and per item its tally and answers since its last."""
    families = list(families)
    groups = [family + ":" for family in families] + ([] if finer else families)
    in_groups, in_families = f"IN ({_marks(len(groups))})", f"IN ({_marks(len(families))})"
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
    """Per lesson, the final-test answers, and those of ``exercises`` (lesson, skill, key) answered right."""
    tests = {lesson or None: count for lesson, count in connection.execute(
        "SELECT lesson, answers FROM lesson_tallies WHERE source = 'test'")}
    right: dict[str | None, set] = {}
    values = [value for lesson, skill, key in exercises for value in (lesson or "", skill, key)]
    if values:
        for lesson, skill, key in connection.execute(
                f"SELECT e.lesson, e.skill, e.question FROM (VALUES {', '.join(['(?, ?, ?)'] * (len(values) // 3))}) "
                "AS v JOIN exercises_right AS e ON (e.lesson, e.skill, e.question) = (v.column1, v.column2, v.column3)",
                values):
            right.setdefault(lesson or None, set()).add((skill, key))
    return tests, right


def _day_tallies(connection, minutes: int) -> list[tuple[str, int, int]]:
    """Answers and right per day ("2024-05-01") in a time zone ``minutes`` ahead of UTC (whole quarters of an hour)."""
    return connection.execute("SELECT date(quarter, ?) AS day, sum(answers), sum(correct) FROM quarter_tallies "
                              "GROUP BY day ORDER BY day", (f"{minutes:+d} minutes",)).fetchall()


_SHARED: dict[Path | str, ProgressStore] = {}
_SHARED_LOCK = threading.Lock()


def progress_store() -> ProgressStore:
    """The store of this kernel for ``progress_path()``, shared by every widget so its warning is said once."""
    try:
        key: Path | str = progress_path()
    except BaccaratError:
        key = os.environ.get(PROGRESS_DIR_VARIABLE, "")
    with _SHARED_LOCK:
        if key not in _SHARED:
            _SHARED[key] = ProgressStore(key if isinstance(key, Path) else None)
        return _SHARED[key]


# ---------------------------------------------------------------------------------------------------------
# The progress file as a whole, for the command line and the progress page

class Reset(NamedTuple):
    """What ``reset_progress`` did: the answers ``deleted`` and the ``backup`` file (None: no file)."""

    deleted: int
    backup: Path | None


def export_progress(path) -> Path:
    """Copy the learner's progress to the new file ``path`` (.csv: every answer; .sqlite3, .sqlite, .db: the file)."""
    target = _check_path(path, PATH_SUFFIXES + (".csv",))
    if target.exists():
        raise BaccaratError(_("path must name a file that does not exist yet (nothing is overwritten), not {value}")
            .format(value=shown_path(target)))
    own = progress_path()
    if target.resolve() == own.resolve():
        raise BaccaratError(_("path must be another file than the progress file itself, not {value}")
            .format(value=shown_path(target)))
    with ProgressStore(own if own.exists() else MEMORY) as store:          # no file yet: nothing is created
        return store.export_csv(target) if target.suffix.lower() == ".csv" else store._copy_to(target)


def reset_progress(confirm=None, store=None) -> Reset:
    """Delete every saved answer of ``store`` (None: the progress file's), once ``confirm="reset"``, after backing
    its file up to ``progress.sqlite3.backup-<UTC time>.sqlite3``; if the backup fails, nothing is deleted."""
    if not isinstance(confirm, str) or confirm != RESET_WORD:
        raise BaccaratError(_("reset deletes all saved progress: confirm with confirm={reset_word!r}, not {value}")
                            .format(reset_word=RESET_WORD, value=shown(confirm)))
    if store is not None and not isinstance(store, ProgressStore):
        raise refusal(_("store must be None or a ProgressStore, not {value}"), value=store)
    if store is None:
        path = progress_path()
        if not path.exists():
            return Reset(0, None)
        with ProgressStore(path) as own:
            return reset_progress(confirm, own)
    if store.path is None:                           # in memory (":memory:", or no usable folder): no file
        return Reset(store._reset(), None)
    if not store.saving:
        raise BaccaratError(_("could not write {value}: {value2}")
            .format(value=shown_path(store.path), value2=store.warning or ""))
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    backup = _unused(lambda number: store.path.with_name(
        f"{store.path.name}.backup-{stamp}{'' if number == 1 else f'-{number}'}.sqlite3"))
    store._copy_to(backup)
    return Reset(store._reset(), backup)
