"""The learner's own copy of the lessons: made on first use, never overwritten, one lesson restored on request.

Public names:

- ``DEFAULT_FOLDER``: where the copy goes unless ``--dir`` says otherwise (``~/punto-banco-course``).
- ``EDITIONS``: language code -> the edition's folder inside the lessons (``en`` the top, ``vi`` ``vi/``).
- ``BACKUPS``: the folder, inside the learner's copy, where ``--reset`` moves a lesson before restoring it.
- ``copy_lessons(source, target)``: copy every lesson file missing from ``target``; return the ones copied.
- ``find_lesson(folder, lesson)``: the lesson ``05``, ``05_a_whole_coup`` or ``05_a_whole_coup.ipynb`` in a folder.
- ``reset_lesson(source, target, lesson, lang)``: put the course's copy of one lesson back, the learner's moved
  into ``backups/`` first; returns (the lesson, its backup or None).
"""

from __future__ import annotations

import re
import shutil
from datetime import datetime
from pathlib import Path

from ..errors import BaccaratError, shown

__all__ = ["DEFAULT_FOLDER", "EDITIONS", "BACKUPS", "copy_lessons", "find_lesson", "reset_lesson"]

DEFAULT_FOLDER = Path("~") / "punto-banco-course"
EDITIONS = {"en": ".", "vi": "vi"}
BACKUPS = "backups"                     # inside the learner's folder; never copied from the course
_SKIPPED = {".ipynb_checkpoints", "__pycache__", BACKUPS}
_LESSON = re.compile(r"(\d{1,2})(_\w+)?(\.ipynb)?")


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


def find_lesson(folder: Path, lesson: str) -> Path:
    """The lesson named ``lesson`` (its number, ``05``, or its file name with or without ``.ipynb``) in ``folder``."""
    lessons = sorted(Path(folder).glob("[0-9][0-9]_*.ipynb"))
    match = _LESSON.fullmatch(str(lesson).strip())
    if match:
        number = f"{int(match.group(1)):02d}"
        name = str(lesson).strip().removesuffix(".ipynb")
        for path in lessons:
            if path.stem == name or (match.group(2) is None and path.stem.startswith(number + "_")):
                return path
    first, last = (lessons[0].stem, lessons[-1].stem) if lessons else ("00_welcome", "00_welcome")
    raise BaccaratError(f"LESSON must be a lesson's number or name, {first[:2]} to {last[:2]} "
                        f"(e.g. {first[:2]} or {first}), not {shown(lesson)}")


def reset_lesson(source: Path, target: Path, lesson: str, lang: str = "en",
                 now: datetime | None = None) -> tuple[Path, Path | None]:
    """Restore the course's copy of ``lesson`` (edition ``lang``) in the learner's folder ``target``.

    The learner's copy, if there is one, is moved to ``target/backups/`` first, its name stamped with ``now``.
    """
    edition = EDITIONS[lang]
    original = find_lesson(Path(source) / edition, lesson)
    restored = Path(target) / edition / original.name
    backup = None
    if restored.exists():
        stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
        folder = Path(target) / BACKUPS / edition
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
