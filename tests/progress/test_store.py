"""The progress store against real SQLite files in temporary folders.

Expected values are worked by hand in comments; nothing is copied from the store's own output.
"""

import csv
import importlib.util
import multiprocessing
import os
import shutil
import sqlite3
import tempfile
import urllib.request
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from baccarat_lib.errors import BaccaratError
from baccarat_lib.progress import store as store_module
from baccarat_lib.progress.store import (CSV_FIELDS, Answer, ProgressStore, Reset, banker_cell_skill,
                                         current_lesson, export_progress, progress_path, reset_progress, skill_family,
                                         unused_path)

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


# ---------------------------------------------------------------- restart, WAL

def test_a_new_store_on_the_same_file_finds_every_answer(progress_dir):
    # A kernel restart (a new store on the same file) loses nothing.
    with ProgressStore() as store:
        _fill(store)
    with ProgressStore() as restarted:
        assert restarted.answers() == EXPECTED
        assert restarted.warning is None and restarted.notice is None


def test_the_file_is_in_wal_mode_and_carries_the_schema_version(progress_dir):
    # WAL mode, so two notebooks can write at once.
    with ProgressStore() as store:
        store.record("total", "7 8", "5", True, 1.0)
        connection = sqlite3.connect(store.path)
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert connection.execute("PRAGMA user_version").fetchone()[0] == 3      # 3: with the class hub's outbox
        assert connection.execute("SELECT count(*) FROM answers").fetchone()[0] == 1
        connection.close()


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
    assert [answer.key for answer in store.answers()[3:]] == [f"bet {number}" for number in range(60)]
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
        for confirm in (None, True, "yes", "RESET", " reset"):
            with pytest.raises(BaccaratError, match="confirm"):
                reset_progress(confirm=confirm, store=store)
            with pytest.raises(BaccaratError, match="confirm"):
                reset_progress(confirm=confirm)
        assert len(store.answers()) == 3             # nothing deleted yet
        assert reset_progress(confirm="reset", store=store).deleted == 3
        assert store.answers() == ()
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
    as_csv = export_progress(tmp_path / "mine.csv")
    with open(as_csv, newline="", encoding="utf-8") as file:
        assert [row["question"] for row in csv.DictReader(file)] == ["7 8", "K 9", "5/4"]
    copy = export_progress(str(tmp_path / "copy.sqlite3"))
    assert copy == tmp_path / "copy.sqlite3"
    with ProgressStore(copy) as copied:
        assert copied.answers() == EXPECTED
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
    for confirm in (None, "yes", "RESET", True):
        with pytest.raises(BaccaratError, match="confirm='reset'"):
            reset_progress(confirm)
    with ProgressStore() as store:
        assert len(store.answers()) == 3             # nothing deleted without the word
    done = reset_progress(confirm="reset")
    assert done.deleted == 3
    assert done.backup.parent == progress_dir and done.backup.name.startswith("progress.sqlite3.backup-")
    with ProgressStore(done.backup) as backup:
        assert backup.answers() == EXPECTED
    with ProgressStore() as store:
        assert store.answers() == ()
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
    monkeypatch.setattr(ProgressStore, "_copy_to", no_room)
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
            store._copy_to(tmp_path / "no-such-folder" / "copy.sqlite3")
        assert "unable to open" in str(error.value) and len(str(error.value)) < 200
        assert store.saving and store.warning is None
    with pytest.raises(BaccaratError, match="could not write"):
        export_progress(tmp_path / "no-such-folder" / "copy.db")


# ---------------------------------------------------------------- two kernels opening a damaged file at once

RACE_TRIALS, RACE_ANSWERS = 20, 50


def _race_writer(folder, number, barrier, said):
    os.environ["BACCARAT_PROGRESS_DIR"] = folder
    barrier.wait()                                   # both find the same damaged file at the same moment
    store = ProgressStore()
    for row in range(RACE_ANSWERS):
        store.record("total", f"writer {number} row {row}", str(row), True, 1.0)
    said.put((number, store.saving))
    store.close()


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="needs the fork start method")
def test_two_kernels_opening_a_damaged_file_at_once_lose_no_answer(tmp_path, monkeypatch):
    # Each trial: a damaged progress file, then two processes open it at the same moment and save 50 answers
    # each. Both must say they are saving, and the progress file left in place must hold all 2 x 50 = 100
    # answers: an answer written into a file the other process then moved aside is lost to the learner.
    # The writers skip the disk flush of each commit (synchronous = OFF): the race is in opening, and 2,000 flushed
    # commits would take most of a minute on a loaded machine.
    connect = store_module._connect

    def unflushed(path):
        connection = connect(path)
        try:
            connection.execute("PRAGMA synchronous = OFF")
        except sqlite3.DatabaseError:                # the damaged file: nothing will be committed to it
            pass
        return connection
    monkeypatch.setattr(store_module, "_connect", unflushed)
    context = multiprocessing.get_context("fork")
    lost, asides, saving = [], [], []
    for trial in range(RACE_TRIALS):
        folder = tmp_path / f"trial-{trial}"
        folder.mkdir()
        (folder / "progress.sqlite3").write_bytes(b"not a database " * 300)
        barrier, said = context.Barrier(2), context.Queue()
        processes = [context.Process(target=_race_writer, args=(str(folder), number, barrier, said))
                     for number in range(2)]
        for process in processes:
            process.start()
        for process in processes:
            process.join(60)
        saving.append(sorted(said.get(timeout=5) for process in processes if process.exitcode == 0))
        kept = sqlite3.connect(folder / "progress.sqlite3")
        try:
            rows = kept.execute("SELECT count(*) FROM answers").fetchone()[0]
        except sqlite3.OperationalError:             # no answers table left in place at all
            rows = 0
        kept.close()
        lost.append(2 * RACE_ANSWERS - rows)
        asides.append(len(_moved_aside(folder)))
    assert lost == [0] * RACE_TRIALS
    assert saving == [[(0, True), (1, True)]] * RACE_TRIALS
    assert asides == [1] * RACE_TRIALS               # the damaged file, moved aside once; the fresh one never


# ---------------------------------------------------------------- files that can be read but not written

def _as_a_reader_who_cannot_write(folder, file_too, body):
    """``body()`` run by someone who can read ``folder`` and its progress file but cannot write the file, nor (unless
    ``file_too``) the folder. Root writes anything, so as root it runs in a child process as the user nobody
    (the folder opened to all for reading: 0o755, or 0o777 when only the file is read-only); else with chmod."""
    progress = folder / "progress.sqlite3"
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        folder.chmod(0o777 if file_too else 0o755)
        progress.chmod(0o644)
        for parent in folder.parents:                # the path to it must be open to nobody too
            if parent == Path(tempfile.gettempdir()):
                break
            parent.chmod(parent.stat().st_mode | 0o005)
        context = multiprocessing.get_context("fork")
        results = context.Queue()

        def child():
            os.setgid(65534)
            os.setuid(65534)
            results.put(body())
        process = context.Process(target=child)
        process.start()
        process.join(60)
        assert process.exitcode == 0
        return results.get(timeout=5)
    progress.chmod(0o444)
    if not file_too:
        folder.chmod(0o555)
    try:
        return body()
    finally:
        folder.chmod(0o755)
        progress.chmod(0o644)


@pytest.fixture
def shared_tmp():
    """A temporary folder outside pytest's private one, which the user nobody can reach."""
    folder = Path(tempfile.mkdtemp(prefix="progress-read-only-"))
    yield folder
    for path in [folder, *folder.rglob("*")]:
        if path.is_dir():
            path.chmod(0o755)
    shutil.rmtree(folder)


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="needs the fork start method")
@pytest.mark.parametrize("what", ["folder", "file"])
def test_a_progress_file_that_can_be_read_but_not_written_shows_every_answer_and_says_so_once(shared_tmp, what):
    # A read-only home or a mounted backup: the 3 saved answers are shown, saving is False, one sentence says new
    # answers are not being saved (once), and the file's bytes stay as they were.
    folder = shared_tmp / "progress"
    with ProgressStore(folder / "progress.sqlite3") as store:
        _fill(store)
    before = (folder / "progress.sqlite3").read_bytes()

    def look():
        store = ProgressStore(folder / "progress.sqlite3")
        store.record("total", "9 9", "8", True, 1.0, when=T0)          # goes on in memory, never raises
        return (store.saving, store.answers(), store.take_messages(), store.take_messages(),
                sorted(path.name for path in folder.iterdir() if "moved-aside" in path.name))
    saving, answers, said, said_again, asides = _as_a_reader_who_cannot_write(folder, what == "file", look)
    assert not saving and asides == []
    assert answers == EXPECTED + (Answer("total", "9 9", "8", True, 1.0, T0, "drill"),)
    assert len(said) == 1 and said_again == ()
    assert said[0].startswith(f"Your progress file {folder / 'progress.sqlite3'} can be read but not written (")
    assert said[0].endswith("your saved answers are shown, but new answers are not being saved.")
    assert (folder / "progress.sqlite3").read_bytes() == before


def _newer(path, drop_lesson_column=False):
    """A progress file as a newer version of the course might leave it: a higher user_version, a table of its
    own, and (``drop_lesson_column``) the answers table without a column this version reads."""
    with ProgressStore(path) as store:
        _fill(store)
    newer = sqlite3.connect(path)
    newer.execute("CREATE TABLE schedule (item TEXT)")
    if drop_lesson_column:
        newer.execute("DROP TRIGGER answers_summarised")       # this version's summaries read the column
        newer.execute("ALTER TABLE answers DROP COLUMN lesson")
    newer.execute(f"PRAGMA user_version = {store_module.SCHEMA_VERSION + 1}")
    newer.commit()
    newer.close()
    return path.read_bytes()


@pytest.mark.parametrize("drop_lesson_column", [False, True])
def test_a_file_from_a_newer_version_is_read_but_never_moved_or_written(progress_dir, drop_lesson_column):
    # Shown when it has the tables and columns this version reads; else nothing is shown. Either way: not moved
    # aside, the same bytes, saving False and one sentence saying a newer version made it and it is left untouched.
    progress_dir.mkdir()
    path = progress_dir / "progress.sqlite3"
    before = _newer(path, drop_lesson_column)
    for _reopen in range(2):
        with ProgressStore() as store:
            assert not store.saving and store.notice is None
            assert store.answers() == (() if drop_lesson_column else EXPECTED)
            store.record("total", "9 9", "8", True, 1.0, when=T0)      # kept in memory only
            [said] = store.take_messages()
            assert said == (f"Your progress file {path} was made by a newer version of the course, so it is left "
                            "untouched and new answers are not being saved (update the course to save them).")
            assert store.take_messages() == ()
    assert _moved_aside(progress_dir) == [] and path.read_bytes() == before
    with pytest.raises(BaccaratError, match="could not write"):
        reset_progress("reset")                      # a reset does not delete a newer version's answers either
    assert path.read_bytes() == before


def test_a_progress_folder_that_names_no_home_is_a_baccarat_error_and_a_store_in_memory(monkeypatch):
    monkeypatch.setenv("BACCARAT_PROGRESS_DIR", "~nosuchuser-of-this-course/x")
    with pytest.raises(BaccaratError) as error:
        progress_path()
    assert str(error.value) == ("BACCARAT_PROGRESS_DIR must name a folder, not '~nosuchuser-of-this-course/x': the "
                                "home folder its ~ names cannot be found")
    store = ProgressStore()
    assert store.path is None and not store.saving and str(error.value) in store.warning
    _works_in_memory_and_says_so_once(store)


def test_lone_surrogates_are_stored_escaped_and_read_back(progress_dir):
    # "\udcff" as key, answer and lesson: UTF-8 cannot encode it, so it is kept as the six characters \udcff.
    with ProgressStore() as store:
        store.record("total", "\udcff", "x\udcff", True, 1.0, when=T0, lesson="l\udcff")
    with ProgressStore() as store:
        assert store.answers() == (Answer("total", "\\udcff", "x\\udcff", True, 1.0, T0, "drill", "l\\udcff"),)


def test_a_csv_export_never_overwrites_a_file(progress_dir, tmp_path):
    target = tmp_path / "mine.csv"
    target.write_text("keep me")
    with ProgressStore() as store:
        _fill(store)
        with pytest.raises(BaccaratError, match="could not write"):
            store.export_csv(target)
        assert target.read_text() == "keep me"
        assert unused_path(target) == tmp_path / "mine-2.csv"
        store.export_csv(unused_path(target))
        assert unused_path(target) == tmp_path / "mine-3.csv"
    assert (tmp_path / "mine-2.csv").read_text(encoding="utf-8").count("\n") == 4      # a header and 3 answers


def test_reset_progress_of_a_store_backs_its_own_file_up(tmp_path):
    # The progress page hands its store: the backup is next to that store's file, holding the 3 answers.
    path = tmp_path / "mine.sqlite3"
    with ProgressStore(path) as store:
        _fill(store)
        done = reset_progress("reset", store=store)
        assert done.deleted == 3 and done.backup.parent == tmp_path
        assert done.backup.name.startswith("mine.sqlite3.backup-") and store.answers() == ()
    with ProgressStore(done.backup) as backup:
        assert backup.answers() == EXPECTED
    memory = ProgressStore(":memory:")
    _fill(memory)
    assert reset_progress("reset", store=memory) == Reset(3, None)             # no file: nothing to back up
    with pytest.raises(BaccaratError, match="store must be None or a ProgressStore"):
        reset_progress("reset", store=str(path))


# ---------------------------------------------------------------- classroom mode (Voila) knows its lesson

def test_voila_kernels_name_their_lesson_from_the_page_address(monkeypatch):
    # Voila sets no JPY_SESSION_NAME; it gives its kernels the page's path as SCRIPT_NAME, with SERVER_SOFTWARE
    # "voila/<version>" (voila/handler.py). A %20 in the address is a space in the notebook's name.
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")
    monkeypatch.setenv("SCRIPT_NAME", "/user/ann/voila/render/punto-banco-course/lessons/vi/09_practice.ipynb")
    assert current_lesson() == "09_practice"
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/my%20copy.ipynb")
    assert current_lesson() == "my copy"
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/")
    assert current_lesson() is None
    monkeypatch.setenv("SERVER_SOFTWARE", "Apache/2.4")                  # a SCRIPT_NAME not from Voila
    monkeypatch.setenv("SCRIPT_NAME", "/cgi-bin/09_practice.ipynb")
    assert current_lesson() is None


ANSWERING_CELL = """from baccarat_lib.progress import AnswerRecorder
recorder = AnswerRecorder("lesson")
recorder.ask()
print("saved:", recorder.record("total", "7 8", "5", True).saved)"""


@pytest.mark.skipif(importlib.util.find_spec("voila") is None, reason="needs Voila (pip install voila)")
def test_an_answer_given_in_classroom_mode_is_saved_with_its_lesson(tmp_path, monkeypatch):
    # A real Voila server, started as `punto-banco classroom` starts it (the course's classroom settings), renders a
    # notebook named as lesson 09 of the Vietnamese edition whose cell answers an exercise; the answer is saved
    # with the lesson "09_practice".
    import nbformat

    from tests.browser import servers
    root = tmp_path / "course"
    (root / "lessons" / "vi").mkdir(parents=True)
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(ANSWERING_CELL)])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(notebook, root / "lessons" / "vi" / "09_practice.ipynb")
    monkeypatch.setenv("BACCARAT_PROGRESS_DIR", str(tmp_path / "progress"))
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    server = servers.start_voila(root, tmp_path / "home", tmp_path / "voila.log",
                                 config_dir=ROOT / "serve" / "voila" / "classroom")
    try:
        with urllib.request.urlopen(f"{server.url}/voila/render/lessons/vi/09_practice.ipynb", timeout=120) as page:
            html = page.read().decode("utf-8")
    finally:
        server.stop()
    assert "saved: True" in html, (tmp_path / "voila.log").read_text()[-2000:]
    with ProgressStore(tmp_path / "progress" / "progress.sqlite3") as store:
        assert [(answer.key, answer.source, answer.lesson) for answer in store.answers()] == [
            ("7 8", "lesson", "09_practice")]
