"""The progress store against real SQLite files in temporary folders.

Expected values are worked by hand in comments; nothing is copied from the store's own output.
"""

import csv
import multiprocessing
import os
import sqlite3
from datetime import datetime, timedelta, timezone
from fractions import Fraction
from pathlib import Path

import pytest

from baccarat_lib.errors import BaccaratError
from baccarat_lib.progress.store import (CSV_FIELDS, Answer, ProgressStore, Reset, SkillSummary, banker_cell_skill,
                                         current_lesson, export_progress, progress_path, reset_progress, skill_family)

ROOT = Path(__file__).resolve().parents[2]
T0 = datetime(2024, 5, 1, 10, 0, tzinfo=timezone.utc)


@pytest.fixture(autouse=True)
def progress_dir(tmp_path, monkeypatch):
    """Every test keeps its progress in its own temporary folder, never in the learner's real one."""
    folder = tmp_path / "progress"
    monkeypatch.setenv("BACCARAT_PROGRESS_DIR", str(folder))
    return folder


def _fill(store):
    # Three answers, hand-made; times 2, 4 and 9 seconds.
    store.record("total", "7 8", "5", True, 2, source="drill", when=T0)
    store.record("total", "K 9", "19", False, 9, source="test", when=T0 + timedelta(seconds=30))
    store.record(banker_cell_skill(5, 4), "5/4", "stand", True, 4.0, source="dealer", when=T0 + timedelta(minutes=1))


EXPECTED = (
    Answer("total", "7 8", "5", True, 2.0, T0, "drill"),
    Answer("total", "K 9", "19", False, 9.0, datetime(2024, 5, 1, 10, 0, 30, tzinfo=timezone.utc), "test"),
    Answer("banker-draw:5/4", "5/4", "stand", True, 4.0, datetime(2024, 5, 1, 10, 1, tzinfo=timezone.utc), "dealer"),
)


# ---------------------------------------------------------------- where the file is

def test_the_default_file_is_in_the_jupyter_data_directory_not_the_repository(tmp_path, monkeypatch):
    # One file per user, in the learner's Jupyter data directory, never in the repository.
    monkeypatch.delenv("BACCARAT_PROGRESS_DIR")
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "data"))
    assert progress_path() == tmp_path / "data" / "baccarat-course" / "progress.sqlite3"
    monkeypatch.delenv("JUPYTER_DATA_DIR")
    assert ROOT not in progress_path().parents


def test_the_environment_variable_names_the_folder(progress_dir):
    assert progress_path() == progress_dir / "progress.sqlite3"
    with ProgressStore() as store:
        assert store.path == progress_dir / "progress.sqlite3" and store.saving
    assert (progress_dir / "progress.sqlite3").is_file()


# ---------------------------------------------------------------- restart, WAL, summary

def test_a_new_store_on_the_same_file_finds_every_answer(progress_dir):
    # A kernel restart (a new store on the same file) loses nothing.
    with ProgressStore() as store:
        _fill(store)
        store.mark_lesson_done("03_drawing_rules", when=T0)
    with ProgressStore() as restarted:
        assert restarted.answers() == EXPECTED
        assert restarted.lessons_done() == {"03_drawing_rules": T0}
        assert restarted.warning is None and restarted.notice is None


def test_the_file_is_in_wal_mode_and_carries_the_schema_version(progress_dir):
    # WAL mode, so two notebooks can write at once.
    with ProgressStore() as store:
        store.record("total", "7 8", "5", True, 1.0)
        connection = sqlite3.connect(store.path)
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert connection.execute("PRAGMA user_version").fetchone()[0] == 2
        assert connection.execute("SELECT count(*) FROM answers").fetchone()[0] == 1
        connection.close()


def test_summary_per_skill_and_per_family(progress_dir):
    # By hand: "total" 2 answers, 1 right -> accuracy 1/2, median of 2 and 9 = 5.5;
    # the cell "banker-draw:5/4" 1 answer right in 4 s, and its family "banker-draw" the same one answer.
    with ProgressStore() as store:
        _fill(store)
        assert store.summary() == {
            "banker-draw": SkillSummary(1, 1, Fraction(1), 4.0),
            "banker-draw:5/4": SkillSummary(1, 1, Fraction(1), 4.0),
            "total": SkillSummary(2, 1, Fraction(1, 2), 5.5)}
        # Only the test's answer: "K 9" wrong in 9 s.
        assert store.summary(source="test") == {"total": SkillSummary(1, 0, Fraction(0), 9.0)}


def test_answers_of_a_skill_keep_its_cells_but_not_a_longer_name(progress_dir):
    # "banker-draw" keeps "banker-draw:5/4"; "total" does not keep "totals".
    with ProgressStore() as store:
        _fill(store)
        store.record("totals", "x", "1", True, None, when=T0)
        assert store.answers("banker-draw") == EXPECTED[2:]
        assert store.answers("total") == EXPECTED[:2]
        assert store.answers(source="dealer") == EXPECTED[2:]
        assert store.summary()["totals"] == SkillSummary(1, 1, Fraction(1), None)   # untimed: no median


def test_a_lesson_marked_twice_keeps_the_first_time(progress_dir):
    # The report needs which lessons are done.
    with ProgressStore() as store:
        store.mark_lesson_done("01_cards", when=T0)
        store.mark_lesson_done("01_cards", when=T0 + timedelta(days=1))
        store.mark_lesson_done("00_intro", when=T0 + timedelta(days=2))
        assert store.lessons_done() == {"00_intro": T0 + timedelta(days=2), "01_cards": T0}


def test_skill_names():
    # The hard cells of the Banker tableau are skills of their own.
    assert banker_cell_skill(3, 8) == "banker-draw:3/8"
    assert banker_cell_skill(6, None) == "banker-draw:6/-"
    assert skill_family("banker-draw:3/8") == "banker-draw" and skill_family("total") == "total"


# ---------------------------------------------------------------- parallel writers

WRITERS, ROWS = 4, 40


def _writer(folder, number, barrier):
    os.environ["BACCARAT_PROGRESS_DIR"] = folder
    barrier.wait()                                   # all open the (not yet existing) file at the same moment
    store = ProgressStore()
    assert store.saving, store.warning
    for row in range(ROWS):
        store.record("total", f"writer {number} row {row}", str(row), row % 2 == 0, 1.0)
    store.close()


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="needs the fork start method")
def test_parallel_writers_in_separate_processes_are_all_recorded(progress_dir):
    # Two notebooks answering at the same time both get recorded.
    context = multiprocessing.get_context("fork")
    barrier = context.Barrier(WRITERS)
    processes = [context.Process(target=_writer, args=(str(progress_dir), number, barrier))
                 for number in range(WRITERS)]
    for process in processes:
        process.start()
    for process in processes:
        process.join(120)
    assert [process.exitcode for process in processes] == [0] * WRITERS
    with ProgressStore() as store:
        keys = [answer.key for answer in store.answers()]
        assert store.warning is None and store.notice is None
    # Every row of every writer, each once: 4 writers x 40 rows.
    assert sorted(keys) == sorted(f"writer {number} row {row}" for number in range(WRITERS) for row in range(ROWS))
    for number in range(WRITERS):                    # each writer's rows in the order it wrote them
        mine = [key for key in keys if key.startswith(f"writer {number} ")]
        assert mine == [f"writer {number} row {row}" for row in range(ROWS)]


# ---------------------------------------------------------------- damaged and foreign files

def _moved_aside(folder):
    return sorted(path for path in folder.iterdir() if ".moved-aside-" in path.name
                  and not path.name.endswith(("-wal", "-shm")))


def test_a_corrupt_file_is_moved_aside_and_a_fresh_one_started(progress_dir):
    # Random bytes where the progress file should be.
    progress_dir.mkdir()
    garbage = bytes(range(256)) * 16
    (progress_dir / "progress.sqlite3").write_bytes(garbage)
    with ProgressStore() as store:
        assert store.saving and store.warning is None
        aside = _moved_aside(progress_dir)
        assert len(aside) == 1 and aside[0].read_bytes() == garbage
        assert store.notice.count(".") >= 1 and "was renamed " + aside[0].name in store.notice
        assert "fresh one was started" in store.notice
        assert store.answers() == ()
        store.record("total", "7 8", "5", True, 2, when=T0)
    with ProgressStore() as again:                  # the fresh file is ours: nothing is moved aside again
        assert again.notice is None and len(again.answers()) == 1
    assert len(_moved_aside(progress_dir)) == 1


def test_a_text_file_is_moved_aside_too(progress_dir):
    # A short file that is not SQLite at all.
    progress_dir.mkdir()
    (progress_dir / "progress.sqlite3").write_text("my notes\n")
    with ProgressStore() as store:
        assert store.notice is not None and store.saving
    assert [path.read_text() for path in _moved_aside(progress_dir)] == ["my notes\n"]


def test_a_foreign_sqlite_database_is_moved_aside_untouched(progress_dir):
    # Someone else's SQLite database (no schema, no user_version of ours).
    progress_dir.mkdir()
    foreign = sqlite3.connect(progress_dir / "progress.sqlite3")
    foreign.execute("CREATE TABLE notes (text TEXT)")
    foreign.execute("INSERT INTO notes VALUES ('keep me')")
    foreign.commit()
    foreign.close()
    with ProgressStore() as store:
        assert store.notice is not None and store.saving
        store.record("total", "7 8", "5", True, 2, when=T0)
        assert store.answers() == EXPECTED[:1]
    [aside] = _moved_aside(progress_dir)
    kept = sqlite3.connect(aside)
    assert kept.execute("SELECT text FROM notes").fetchall() == [("keep me",)]
    kept.close()


def test_our_tables_with_another_schema_version_are_moved_aside(progress_dir):
    # The right table names but a user_version this code does not know.
    progress_dir.mkdir()
    other = sqlite3.connect(progress_dir / "progress.sqlite3")
    other.execute("CREATE TABLE answers (x)")
    other.execute("CREATE TABLE lessons_done (y)")
    other.execute("PRAGMA user_version = 7")
    other.commit()
    other.close()
    with ProgressStore() as store:
        assert store.notice is not None
        store.record("total", "7 8", "5", True, 2, when=T0)
    assert len(_moved_aside(progress_dir)) == 1


def test_an_empty_file_is_simply_started(progress_dir):
    # A zero-byte file is an empty SQLite database, not a damaged one: nothing to move aside.
    progress_dir.mkdir()
    (progress_dir / "progress.sqlite3").write_bytes(b"")
    with ProgressStore() as store:
        assert store.notice is None and store.saving
    assert _moved_aside(progress_dir) == []


# ---------------------------------------------------------------- read-only folder, full disk

def _works_in_memory_and_says_so_once(store):
    assert not store.saving
    assert store.warning.startswith("Your progress is not being saved") and store.warning.count(". ") == 0
    _fill(store)                                     # never raises
    assert store.answers() == EXPECTED
    assert store.summary()["total"].count == 2
    store.mark_lesson_done("01_cards", when=T0)
    assert store.lessons_done() == {"01_cards": T0}
    assert store.take_messages() == (store.warning,)
    assert store.take_messages() == ()               # said once


def test_a_folder_that_cannot_be_made_keeps_the_store_in_memory(tmp_path, monkeypatch):
    # The folder's parent is a FILE, so the folder cannot be created (this fails for root
    # too, unlike a chmod).
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file")
    monkeypatch.setenv("BACCARAT_PROGRESS_DIR", str(blocker / "progress"))
    store = ProgressStore()
    assert str(blocker / "progress" / "progress.sqlite3") in store.warning
    _works_in_memory_and_says_so_once(store)
    assert blocker.read_text() == "a file"


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0,
                    reason="root writes into a chmod 0o500 folder anyway; the parent-is-a-file test covers this")
def test_a_read_only_folder_keeps_the_store_in_memory(progress_dir):
    # chmod 0o500: an existing folder the learner cannot write to.
    progress_dir.mkdir()
    progress_dir.chmod(0o500)
    try:
        store = ProgressStore()
        _works_in_memory_and_says_so_once(store)
        assert list(progress_dir.iterdir()) == []
    finally:
        progress_dir.chmod(0o700)


def test_a_full_disk_mid_session_keeps_every_answer_in_memory(progress_dir):
    # SQLite's own "database or disk is full" (max_page_count caps the file where it is).
    store = ProgressStore()
    _fill(store)
    pages = store._connection.execute("PRAGMA page_count").fetchone()[0]
    store._connection.execute(f"PRAGMA max_page_count = {pages}")
    for number in range(60):                         # 60 answers of 400 characters cannot fit in the same pages
        store.record("settle", f"bet {number}", "x" * 400, True, 1.0, when=T0)
    assert not store.saving and "full" in store.warning
    assert store.answers()[:3] == EXPECTED           # what was on disk came along into memory
    assert [answer.key for answer in store.answers("settle")] == [f"bet {number}" for number in range(60)]
    assert store.take_messages() == (store.warning,) and store.take_messages() == ()
    store.close()


def test_a_memory_store_saves_nothing_and_warns_of_nothing(progress_dir):
    # For widget tests: ":memory:" is chosen, so there is nothing to warn about.
    store = ProgressStore(":memory:")
    _fill(store)
    assert store.answers() == EXPECTED and store.path is None and not store.saving
    assert store.warning is None and store.take_messages() == ()
    assert not progress_dir.exists()


# ---------------------------------------------------------------- export and reset

def test_csv_export_reads_back(progress_dir, tmp_path):
    # The learner can export the file to CSV.
    with ProgressStore() as store:
        _fill(store)
        written = store.export_csv(tmp_path / "mine.csv")
    with open(written, newline="", encoding="utf-8") as file:
        rows = list(csv.DictReader(file))
    assert [row["question"] for row in rows] == ["7 8", "K 9", "5/4"]
    assert rows[1] == {"skill": "total", "question": "K 9", "answer": "19", "right": "0", "seconds": "9.0",
                       "when": "2024-05-01T10:00:30+00:00", "source": "test", "lesson": ""}
    assert rows[2]["skill"] == "banker-draw:5/4" and rows[2]["right"] == "1"


def test_reset_needs_the_confirmation(progress_dir):
    # Reset, with a confirmation.
    with ProgressStore() as store:
        _fill(store)
        store.mark_lesson_done("01_cards", when=T0)
        for confirm in (None, True, "yes", "RESET", " reset"):
            with pytest.raises(BaccaratError, match="confirm"):
                store.reset(confirm=confirm)
        assert len(store.answers()) == 3             # nothing deleted yet
        assert store.reset(confirm="reset") == 3
        assert store.answers() == () and store.lessons_done() == {}
    with ProgressStore() as restarted:
        assert restarted.answers() == ()


# ---------------------------------------------------------------- bad arguments

@pytest.mark.parametrize("call, word", [
    (lambda store: store.record("Total!", "k", "a", True, 1), "skill"),
    (lambda store: store.record(3, "k", "a", True, 1), "skill"),
    (lambda store: store.record("total", "", "a", True, 1), "key"),
    (lambda store: store.record("total", "k" * 501, "a", True, 1), "key"),
    (lambda store: store.record("total", "k", ["a"], True, 1), "answer"),
    (lambda store: store.record("total", "k", "a", 1, 1), "right"),
    (lambda store: store.record("total", "k", "a", True, -1), "seconds"),
    (lambda store: store.record("total", "k", "a", True, float("nan")), "seconds"),
    (lambda store: store.record("total", "k", "a", True, True), "seconds"),
    (lambda store: store.record("total", "k", "a", True, 1, source="homework"), "source"),
    (lambda store: store.record("total", "k", "a", True, 1, when=datetime(2024, 5, 1)), "when"),
    (lambda store: store.record("total", "k", "a", True, 1, when="2024-05-01"), "when"),
    (lambda store: store.answers(skill=""), "skill"),
    (lambda store: store.answers(source="x"), "source"),
    (lambda store: store.mark_lesson_done(None), "name"),
    (lambda store: store.export_csv("out.txt"), "path"),
    (lambda store: store.export_csv(5), "path"),
    (lambda store: ProgressStore("total"), "path"),
    (lambda store: ProgressStore(b"x.sqlite3"), "path"),
    (lambda store: banker_cell_skill(10, 4), "banker_total"),
    (lambda store: banker_cell_skill(5, 1.5), "player_third_card"),
])
def test_bad_arguments_raise_a_short_baccarat_error_naming_the_argument(call, word):
    # Bad arguments are refused with a BaccaratError that names them.
    store = ProgressStore(":memory:")
    with pytest.raises(BaccaratError) as refusal:
        call(store)
    assert word in str(refusal.value) and len(str(refusal.value)) < 200


def test_a_csv_that_cannot_be_written_is_a_baccarat_error(tmp_path):
    # Exporting into a folder that does not exist says so, without a traceback of OSError.
    store = ProgressStore(":memory:")
    with pytest.raises(BaccaratError, match="could not write"):
        store.export_csv(tmp_path / "missing" / "mine.csv")


def test_a_closed_store_says_so():
    store = ProgressStore(":memory:")
    store.close()
    with pytest.raises(BaccaratError, match="closed"):
        store.answers()


def test_the_kernel_shares_one_store_per_file(progress_dir, tmp_path, monkeypatch):
    # Every widget of a kernel shares one store, so its warning is said once.
    from baccarat_lib.progress.store import progress_store
    first = progress_store()
    assert progress_store() is first and first.path == progress_dir / "progress.sqlite3"
    monkeypatch.setenv("BACCARAT_PROGRESS_DIR", str(tmp_path / "elsewhere"))
    other = progress_store()
    assert other is not first and other.path == tmp_path / "elsewhere" / "progress.sqlite3"
    first.close()
    other.close()


def test_answers_remember_their_lesson(tmp_path, monkeypatch):
    # Each answer keeps the notebook it was given in, read from the
    # JPY_SESSION_NAME that Jupyter Server gives a notebook's kernel; a script has none.
    monkeypatch.setenv("JPY_SESSION_NAME", "/home/learner/course/lessons/08_scoreboards_and_streaks.ipynb")
    assert current_lesson() == "08_scoreboards_and_streaks"
    monkeypatch.setenv("JPY_SESSION_NAME", "console-1")
    assert current_lesson() is None
    monkeypatch.delenv("JPY_SESSION_NAME")
    assert current_lesson() is None
    path = tmp_path / "progress.sqlite3"
    ProgressStore(path).record("total", "7 8", "5", True, 2.0, source="lesson", lesson="01_card_values")
    ProgressStore(path).record("total", "K 9", "9", True, 2.0)
    assert [answer.lesson for answer in ProgressStore(path).answers()] == ["01_card_values", None]


# ---------------------------------------------------------------- the progress file as a whole (the command line)

def test_export_progress_writes_a_csv_or_a_sqlite_copy_that_reads_back(progress_dir, tmp_path):
    with ProgressStore() as store:
        _fill(store)
        store.mark_lesson_done("01_cards", when=T0)
    as_csv = export_progress(tmp_path / "mine.csv")
    with open(as_csv, newline="", encoding="utf-8") as file:
        assert [row["question"] for row in csv.DictReader(file)] == ["7 8", "K 9", "5/4"]
    copy = export_progress(str(tmp_path / "copy.sqlite3"))
    assert copy == tmp_path / "copy.sqlite3"
    with ProgressStore(copy) as copied:
        assert copied.answers() == EXPECTED
        assert copied.lessons_done() == {"01_cards": T0}
        assert copied.notice is None                 # a progress file of this course, not moved aside


def test_export_progress_overwrites_nothing_and_never_the_progress_file(progress_dir, tmp_path):
    with ProgressStore() as store:
        _fill(store)
    existing = tmp_path / "old.csv"
    existing.write_text("keep me")
    with pytest.raises(BaccaratError, match="does not exist yet") as error:
        export_progress(existing)
    assert "old.csv" in str(error.value) and existing.read_text() == "keep me"
    with pytest.raises(BaccaratError, match="does not exist yet"):
        export_progress(progress_path())
    for bad in (None, 7, b"x.csv", tmp_path / "answers.txt", ""):
        with pytest.raises(BaccaratError, match="path must be") as error:
            export_progress(bad)
        assert len(str(error.value)) < 200


def test_export_progress_without_a_progress_file_is_empty_and_creates_none(progress_dir, tmp_path):
    written = export_progress(tmp_path / "empty.csv")
    assert written.read_text(encoding="utf-8").splitlines() == [",".join(CSV_FIELDS)]
    assert not progress_path().exists()


def test_reset_progress_keeps_a_backup_then_deletes_every_answer(progress_dir):
    with ProgressStore() as store:
        _fill(store)
        store.mark_lesson_done("01_cards", when=T0)
    for confirm in (None, "yes", "RESET", True):
        with pytest.raises(BaccaratError, match="confirm='reset'"):
            reset_progress(confirm)
    with ProgressStore() as store:
        assert len(store.answers()) == 3             # nothing deleted without the word
    done = reset_progress(confirm="reset")
    assert done.deleted == 3
    assert done.backup.parent == progress_dir and done.backup.name.startswith("progress.sqlite3.backup-")
    with ProgressStore(done.backup) as backup:
        assert backup.answers() == EXPECTED and list(backup.lessons_done()) == ["01_cards"]
    with ProgressStore() as store:
        assert store.answers() == () and store.lessons_done() == {}
    again = reset_progress("reset")                  # a second reset the same second: its own backup
    assert again.deleted == 0 and again.backup != done.backup and again.backup.exists()


def test_reset_progress_without_a_progress_file_does_nothing(progress_dir):
    assert reset_progress("reset") == Reset(0, None)
    assert not progress_path().exists()


def test_reset_progress_deletes_nothing_when_the_backup_cannot_be_written(progress_dir, monkeypatch):
    with ProgressStore() as store:
        _fill(store)

    def no_room(self, path):
        raise BaccaratError(f"could not write {path}: No space left on device")
    monkeypatch.setattr(ProgressStore, "copy_to", no_room)
    with pytest.raises(BaccaratError, match="No space left"):
        reset_progress("reset")
    monkeypatch.undo()
    monkeypatch.setenv("BACCARAT_PROGRESS_DIR", str(progress_dir))
    with ProgressStore() as store:
        assert store.answers() == EXPECTED


def test_a_copy_that_cannot_be_written_is_a_baccarat_error_and_the_store_keeps_saving(progress_dir, tmp_path):
    with ProgressStore() as store:
        _fill(store)
        with pytest.raises(BaccaratError, match="could not write") as error:
            store.copy_to(tmp_path / "no-such-folder" / "copy.sqlite3")
        assert "unable to open" in str(error.value) and len(str(error.value)) < 200
        assert store.saving and store.warning is None
    with pytest.raises(BaccaratError, match="could not write"):
        export_progress(tmp_path / "no-such-folder" / "copy.db")
