"""This course's progress report: the drill kinds and dealer calls the report names and sends a learner to
practise, and what each lesson asks. The report itself is ``progress.report``, which knows no course.

Public names:

- ``COURSE_SKILLS``: the course's ``progress.report.SkillNames``: the drill kinds in course order
  (``practice.KINDS``, named by ``practice.KIND_NAMES``) and dealer mode's calls (``dealer.DEALER_KIND_NAMES``).
- ``build_progress_report(answers, exercises=None, marked=(), tz=None)``: ``progress.report.build_report`` with
  ``COURSE_SKILLS``: the lessons' worked example and the progress page call it.
- ``lesson_exercises(folder)``: {lesson: (exercise cells, final-test questions)} read from the lesson notebooks in
  ``folder`` (until the course declares its lessons' exercises as data).
- ``ENOUGH_ANSWERS``, ``MASTERED``, ``example_answers``: ``progress.report``'s, for the lessons that import them
  from here.

>>> report = build_progress_report(example_answers())
>>> [(line.name, line.count, line.right) for line in report.skills][:2]
[('Hand totals', 4, 3), ('Naturals', 2, 2)]
>>> report.next.kind
'banker-draw'
"""

from __future__ import annotations

import json
import os
import re
from functools import lru_cache
from pathlib import Path

from ..errors import BaccaratError, shown
from ..i18n import _
from ..progress.report import ENOUGH_ANSWERS, MASTERED, ProgressReport, SkillNames, build_report, example_answers
from .dealer import DEALER_KIND_NAMES
from .practice import FINAL_TEST_QUESTIONS, KIND_NAMES, KINDS

__all__ = ["COURSE_SKILLS", "build_progress_report", "lesson_exercises", "ENOUGH_ANSWERS", "MASTERED",
           "example_answers"]

COURSE_SKILLS = SkillNames({kind: KIND_NAMES[kind] for kind in KINDS}, DEALER_KIND_NAMES)
# How a lesson notebook shows an exercise and the final test (views.widgets' show_question and show_final_test).
_EXERCISE_CALL = "show_question("
_FINAL_TEST = re.compile(r"show_final_test\((?:[^)]*questions\s*=\s*(\d+))?")


def build_progress_report(answers, exercises=None, marked=(), tz=None) -> ProgressReport:
    """The whole report of ``answers`` in this course's skills: skills, the tableau's cells, days, lessons (from
    ``exercises``, {lesson: (exercises, final-test questions)}; None: none), and what to practise next."""
    return build_report(answers, COURSE_SKILLS, exercises, marked, tz)


def lesson_exercises(folder) -> dict[str, tuple[int, int]]:
    """For each lesson notebook ``NN_name.ipynb`` in ``folder``: (its exercise cells, its final-test questions).

    An exercise cell is a code cell calling ``show_question``; a final test a call of ``show_final_test``
    (``questions=N``, else ``practice.FINAL_TEST_QUESTIONS``). Lessons with neither are left out. A missing folder
    gives {}."""
    if not isinstance(folder, (str, os.PathLike)) or isinstance(folder, bytes) or "\x00" in os.fspath(folder):
        raise BaccaratError(_('folder must be a folder such as "lessons", not {value}').format(value=shown(folder)))
    folder = Path(folder)
    try:
        paths = sorted(folder.glob("[0-9][0-9]_*.ipynb")) if folder.is_dir() else []
    except OSError:                      # a name too long for the system, a folder we may not read: no lessons
        paths = []
    found = {}
    for path in paths:
        try:
            stamp = path.stat()
        except OSError:
            continue
        counts = _exercise_counts(str(path), stamp.st_mtime_ns, stamp.st_size)
        if counts != (0, 0):
            found[path.stem] = counts
    return found


@lru_cache(maxsize=256)
def _exercise_counts(path: str, modified: int, size: int) -> tuple[int, int]:
    """(exercise cells, final-test questions) of one notebook file, read once per version of the file
    (``modified`` and ``size`` are only the cache's key: a page refreshed often reads each lesson once)."""
    try:
        with open(path, encoding="utf-8") as file:
            cells = json.load(file).get("cells", [])
        sources = ["".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
                   for cell in cells if cell.get("cell_type") == "code"]
    except Exception:  # noqa: BLE001 - a broken notebook has no exercises we can count
        return (0, 0)
    exercises = sum(_EXERCISE_CALL in source for source in sources)
    test = 0
    for source in sources:
        for match in _FINAL_TEST.finditer(source):
            test += int(match[1]) if match[1] else FINAL_TEST_QUESTIONS
    return (exercises, test)
