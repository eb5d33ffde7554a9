"""The learner's own copy of the lessons: made on first use, never overwritten, one lesson restored on request.

The copy is laid out like the course's lessons folder (``course.lessons_folder()``): the English lessons at its top,
each other edition in the sub-folder the course gives it (``vi/``). So a lesson's place in the copy is its place in
the course, and which lesson a learner means (``05``, ``5``, ``05_a_whole_coup``, the file name) is the course
list's to decide (``course.lesson``).

Public names:

- ``DEFAULT_FOLDER``: where the copy goes unless ``--dir`` says otherwise (``~/punto-banco-course``).
- ``BACKUPS``: the folder, inside the learner's copy, where ``--reset`` moves a lesson before restoring it.
- ``copy_lessons(source, target)``: copy every lesson file missing from ``target``; return the ones copied.
- ``lesson_in(folder, which, language="en")``: where one lesson of an edition is in a folder laid out like the
  course's lessons.
- ``reset_lesson(source, target, which, language="en")``: put the course's copy of one lesson back, the learner's
  moved into ``backups/`` first; returns (the lesson, its backup or None).
"""

from __future__ import annotations

import shutil
from datetime import datetime
from pathlib import Path

from ..course import lesson_path, lessons_folder

__all__ = ["DEFAULT_FOLDER", "BACKUPS", "copy_lessons", "lesson_in", "reset_lesson"]

DEFAULT_FOLDER = Path("~") / "punto-banco-course"
BACKUPS = "backups"                     # inside the learner's folder; never copied from the course
_SKIPPED = {".ipynb_checkpoints", "__pycache__", BACKUPS}


def copy_lessons(source: Path, target: Path) -> list[Path]:
    """Copy each file of ``source`` that ``target`` lacks (in the same sub-folder); never touch one it has.

    Returns the copied files (their new paths), so a later run of a newer course adds only its new lessons.
    """
    copied = []
    for path in sorted(Path(source).rglob("*")):
        relative = path.relative_to(source)
        if not path.is_file() or _SKIPPED & set(relative.parts):
            continue
        destination = Path(target) / relative
        if destination.exists():
            continue
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, destination)   # the learner's own file: their permissions, not the install's
        copied.append(destination)
    return copied


def lesson_in(folder: Path, which, language: str = "en") -> Path:
    """Lesson ``which`` (see ``course.lesson``) of edition ``language`` in ``folder``, a folder laid out like the
    course's lessons: ``folder/vi/05_a_whole_coup.ipynb`` for ``("05", "vi")``."""
    return Path(folder) / lesson_path(which, language).relative_to(lessons_folder())


def reset_lesson(source: Path, target: Path, which, language: str = "en",
                 now: datetime | None = None) -> tuple[Path, Path | None]:
    """Restore ``source``'s copy of lesson ``which`` (edition ``language``) in the learner's folder ``target``.

    The learner's copy, if there is one, is moved to ``target/backups/`` (same sub-folder) first, its name stamped
    with ``now``.
    """
    original, restored = lesson_in(source, which, language), lesson_in(target, which, language)
    backup = None
    if restored.exists():
        stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
        folder = Path(target) / BACKUPS / restored.parent.relative_to(target)
        folder.mkdir(parents=True, exist_ok=True)
        backup = folder / f"{original.stem}-{stamp}.ipynb"
        count = 1
        while backup.exists():
            count += 1
            backup = folder / f"{original.stem}-{stamp}-{count}.ipynb"
        restored.replace(backup)
    restored.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(original, restored)
    return restored, backup
