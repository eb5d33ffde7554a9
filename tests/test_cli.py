"""The `punto-banco` command's pure parts, without servers: the learner's copy, --reset's backup, bad arguments.

The installed command, servers and all, is tested from a wheel in tests/test_install.py.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from baccarat_lib.cli import main
from baccarat_lib.cli.learner import BACKUPS, copy_lessons, find_lesson, reset_lesson
from baccarat_lib.errors import BaccaratError

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
def test_a_lesson_is_found_by_number_or_name(course, name):
    assert find_lesson(course, name) == course / "05_a_whole_coup.ipynb"


@pytest.mark.parametrize("name", ["99", "06", "05_payouts", "coup", "", "0 5"])
def test_an_unknown_lesson_is_refused_naming_what_exists(course, name):
    with pytest.raises(BaccaratError, match=r"LESSON must be a lesson's number or name, 00 to 05 .*not "):
        find_lesson(course, name)


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
    (["slides", "12"], ["LESSON", "00 to 11", "'12'"]),
    (["progress"], ["where", "export", "reset"]),
    (["progress", "export"], ["PATH"]),
    (["progress", "export", "answers.txt"], [".csv", "answers.txt"]),
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
