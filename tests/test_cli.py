"""The `punto-banco` command's pure parts, without servers: the learner's copy, --reset's backup, lesson names,
the progress commands, bad arguments.

The installed command, servers and all, is tested from a wheel in tests/test_install.py.
"""

from __future__ import annotations

import io
import sys
from datetime import datetime, timezone
from pathlib import Path

import pytest

from baccarat_lib.cli import build_parser, main
from baccarat_lib.cli.learner import BACKUPS, copy_lessons, lesson_in, reset_lesson
from baccarat_lib.course import lessons_folder
from baccarat_lib.progress.store import ProgressStore, progress_path

NOON = datetime(2026, 3, 1, 12, 0, 0)


@pytest.fixture
def course(tmp_path) -> Path:
    """A small course folder shaped like lessons/: two English lessons, their Vietnamese twins, a checkpoint."""
    source = tmp_path / "course"
    for folder in (source, source / "vi"):
        folder.mkdir(parents=True)
        (folder / "00_welcome.ipynb").write_text(f"welcome {folder.name}", encoding="utf-8")
        (folder / "05_a_whole_coup.ipynb").write_text(f"coup {folder.name}", encoding="utf-8")
    (source / ".ipynb_checkpoints").mkdir()
    (source / ".ipynb_checkpoints" / "00_welcome-checkpoint.ipynb").write_text("old", encoding="utf-8")
    return source


def test_the_first_copy_takes_every_lesson_of_both_editions(course, tmp_path):
    learner = tmp_path / "learner"
    copied = copy_lessons(course, learner)
    assert sorted(path.relative_to(learner).as_posix() for path in copied) == [
        "00_welcome.ipynb", "05_a_whole_coup.ipynb", "vi/00_welcome.ipynb", "vi/05_a_whole_coup.ipynb"]
    assert (learner / "vi" / "05_a_whole_coup.ipynb").read_text(encoding="utf-8") == "coup vi"


def test_a_later_copy_keeps_the_learners_edits_and_adds_only_new_lessons(course, tmp_path):
    learner = tmp_path / "learner"
    copy_lessons(course, learner)
    (learner / "05_a_whole_coup.ipynb").write_text("my notes", encoding="utf-8")
    (course / "06_payouts.ipynb").write_text("payouts", encoding="utf-8")   # the course gained a lesson
    copied = copy_lessons(course, learner)
    assert copied == [learner / "06_payouts.ipynb"]
    assert (learner / "05_a_whole_coup.ipynb").read_text(encoding="utf-8") == "my notes"


@pytest.mark.parametrize("name", ["05", "5", "05_a_whole_coup", "05_a_whole_coup.ipynb", " 05 "])
def test_a_lesson_is_named_by_number_or_file_name(name):
    for argv in (["slides", name], ["lab", "--reset", name]):
        args = build_parser().parse_args(argv)
        chosen = args.lesson if argv[0] == "slides" else args.reset
        assert (chosen.number, chosen.file) == (5, "05_a_whole_coup.ipynb")


def test_a_lesson_sits_in_the_learners_copy_where_it_sits_in_the_course(tmp_path):
    assert lesson_in(tmp_path, "05") == tmp_path / "05_a_whole_coup.ipynb"
    assert lesson_in(tmp_path, "5", "vi") == tmp_path / "vi" / "05_a_whole_coup.ipynb"
    # The same layout read back on the course's own folder finds its notebooks.
    assert lesson_in(lessons_folder(), 11, "vi").is_file() and lesson_in(lessons_folder(), 0).is_file()


def test_reset_restores_one_lesson_and_keeps_the_learners_copy_as_a_backup(course, tmp_path):
    learner = tmp_path / "learner"
    copy_lessons(course, learner)
    (learner / "vi" / "05_a_whole_coup.ipynb").write_text("bài của tôi", encoding="utf-8")
    (learner / "vi" / "00_welcome.ipynb").write_text("edited too", encoding="utf-8")
    restored, backup = reset_lesson(course, learner, "05", "vi", now=NOON)
    assert restored == learner / "vi" / "05_a_whole_coup.ipynb"
    assert restored.read_text(encoding="utf-8") == "coup vi"
    assert backup == learner / BACKUPS / "vi" / "05_a_whole_coup-20260301-120000.ipynb"
    assert backup.read_text(encoding="utf-8") == "bài của tôi"
    assert (learner / "vi" / "00_welcome.ipynb").read_text(encoding="utf-8") == "edited too"   # only LESSON
    # A second reset in the same second keeps the first backup.
    restored.write_text("second try", encoding="utf-8")
    _, second = reset_lesson(course, learner, "05", "vi", now=NOON)
    assert second.name == "05_a_whole_coup-20260301-120000-2.ipynb" and backup.read_text(encoding="utf-8") == "bài của tôi"
    # Backups are never copied back as lessons.
    assert copy_lessons(course, learner) == []


def test_reset_of_a_lesson_the_learner_deleted_needs_no_backup(course, tmp_path):
    learner = tmp_path / "learner"
    copy_lessons(course, learner)
    (learner / "00_welcome.ipynb").unlink()
    restored, backup = reset_lesson(course, learner, "00", "en", now=NOON)
    assert backup is None and restored.read_text(encoding="utf-8") == "welcome course"


@pytest.mark.parametrize("argv, words", [
    (["lab", "--lang", "fr"], ["--lang", "'fr'", "'en', 'vi'"]),
    (["lab", "--port", "70000"], ["--port", "1 to 65535", "70000"]),
    (["slides"], ["LESSON"]),
    (["slides", "12"], ["argument LESSON", "0 to 11", "05_a_whole_coup", "'12'"]),
    (["slides", "05_payouts"], ["argument LESSON", "'05_payouts'"]),
    (["lab", "--reset", "coup"], ["argument --reset", "0 to 11", "'coup'"]),
    (["lab", "--lang", "vi", "--reset", ""], ["argument --reset", "''"]),
    (["progress"], ["where", "export", "reset"]),
    (["progress", "export"], ["PATH"]),
    (["progress", "export", "answers.txt"], ["path", ".csv", ".sqlite3", "answers.txt"]),
    (["teach"], ["'teach'", "lab", "classroom", "slides", "book", "progress"]),
    ([], ["lab", "classroom", "slides", "book", "progress"]),
])
def test_a_bad_argument_exits_2_with_one_line_naming_it(argv, words, capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("BACCARAT_PROGRESS_DIR", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    try:
        status = main(argv)
    except SystemExit as exit_:
        status = exit_.code
    captured = capsys.readouterr()
    assert status == 2 and captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("punto-banco"), captured.err
    assert all(word in lines[0] for word in words), lines[0]


# --- progress: through baccarat_lib.progress, on the file BACCARAT_PROGRESS_DIR names -----------------------

WHEN = datetime(2026, 3, 1, 12, 0, 0, tzinfo=timezone.utc)


@pytest.fixture
def answers(tmp_path, monkeypatch) -> Path:
    """A progress file holding two answers: 7 8 totals 5 (right, 3 s) and Banker 5 against a 4 (wrong, untimed)."""
    monkeypatch.setenv("BACCARAT_PROGRESS_DIR", str(tmp_path / "progress"))
    monkeypatch.chdir(tmp_path)
    with ProgressStore(progress_path()) as store:
        store.record("total", "7 8", "5", True, 3.0, when=WHEN)
        store.record("banker-draw:5/4", "5 / 4", "stand", False, when=WHEN, source="test")
    return progress_path()


class _Terminal:
    def isatty(self):
        return True


def test_progress_where_prints_the_progress_file(answers, capsys):
    assert main(["progress", "where"]) == 0
    assert capsys.readouterr().out == f"{answers}\n"


def test_progress_export_writes_every_answer_and_never_overwrites(answers, tmp_path, capsys):
    assert main(["progress", "export", "mine.csv"]) == 0
    assert capsys.readouterr().out == f"Your saved answers were written to {tmp_path / 'mine.csv'}\n"
    assert (tmp_path / "mine.csv").read_text(encoding="utf-8").splitlines() == [
        "skill,question,answer,right,seconds,when,source,lesson",
        "total,7 8,5,1,3.0,2026-03-01T12:00:00+00:00,drill,",
        "banker-draw:5/4,5 / 4,stand,0,,2026-03-01T12:00:00+00:00,test,"]
    assert main(["progress", "export", "mine.csv"]) == 2          # an existing file is refused, not overwritten
    assert "does not exist yet" in capsys.readouterr().err
    assert main(["progress", "export", "copy.sqlite3"]) == 0       # a copy of the progress file itself
    with ProgressStore(tmp_path / "copy.sqlite3") as copy:
        assert [(answer.skill, answer.right) for answer in copy.answers()] == [("total", True),
                                                                               ("banker-draw:5/4", False)]


def test_progress_reset_with_yes_deletes_and_says_where_the_backup_is(answers, capsys):
    assert main(["progress", "reset", "--yes"]) == 0
    (backup,) = answers.parent.glob("progress.sqlite3.backup-*.sqlite3")
    assert capsys.readouterr().out == f"Deleted 2 saved answers in {answers}; the backup is {backup}\n"
    with ProgressStore(answers) as store:
        assert store.answers() == ()
    with ProgressStore(backup) as kept:
        assert [answer.key for answer in kept.answers()] == ["7 8", "5 / 4"]


@pytest.mark.parametrize("stdin", [None, io.StringIO("reset\n")])   # no input at all; a pipe, not a terminal
def test_progress_reset_without_a_terminal_needs_yes(answers, capsys, monkeypatch, stdin):
    monkeypatch.setattr(sys, "stdin", stdin)
    assert main(["progress", "reset"]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and "--yes" in lines[0] and str(answers) in lines[0]
    with ProgressStore(answers) as store:
        assert len(store.answers()) == 2


@pytest.mark.parametrize("typed, status, left", [("no", 1, 2), ("", 1, 2), ("reset", 0, 0), (" reset \n", 0, 0)])
def test_progress_reset_asks_at_a_terminal(answers, capsys, monkeypatch, typed, status, left):
    prompts = []
    monkeypatch.setattr(sys, "stdin", _Terminal())
    monkeypatch.setattr("builtins.input", lambda prompt: prompts.append(prompt) or typed)
    assert main(["progress", "reset"]) == status
    assert len(prompts) == 1 and "Type reset to confirm" in prompts[0] and "backup" in prompts[0]
    assert ("Nothing deleted" in capsys.readouterr().out) == (status == 1)
    with ProgressStore(answers) as store:
        assert len(store.answers()) == left
    assert len(list(answers.parent.glob("*.backup-*"))) == (left == 0)


def test_progress_reset_with_no_progress_file_deletes_nothing_and_creates_nothing(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("BACCARAT_PROGRESS_DIR", str(tmp_path / "none"))
    assert main(["progress", "reset", "--yes"]) == 0
    assert capsys.readouterr().out.startswith("Nothing to delete") and not (tmp_path / "none").exists()
