"""This course's progress report: the drill kinds and dealer calls the report names and sends a learner to
practise. The report itself is ``progress.report``, which knows no drill; each lesson's exercises and final test
are the course list's (``course.LESSONS``).

Public names:

- ``COURSE_SKILLS``: the course's ``progress.report.SkillNames``: the drill kinds in course order
  (``practice.KINDS``, named by ``practice.KIND_NAMES``) and dealer mode's calls (``dealer.DEALER_KIND_NAMES``).
- ``build_progress_report(answers, lessons=None, marked=(), tz=None)``: ``progress.report.build_report`` with
  ``COURSE_SKILLS`` and ``lessons`` (None: the course's): the lessons' worked example and the progress page call it.
- ``ENOUGH_ANSWERS``, ``MASTERED``, ``example_answers``: ``progress.report``'s, for the lessons that import them
  from here.

>>> report = build_progress_report(example_answers())
>>> [(line.name, line.count, line.right) for line in report.skills][:2]
[('Hand totals', 4, 3), ('Naturals', 2, 2)]
>>> report.next.kind
'banker-draw'
"""

from __future__ import annotations

from ..progress.report import ENOUGH_ANSWERS, MASTERED, ProgressReport, SkillNames, build_report, example_answers
from .dealer import DEALER_KIND_NAMES
from .practice import KIND_NAMES, KINDS

__all__ = ["COURSE_SKILLS", "build_progress_report", "ENOUGH_ANSWERS", "MASTERED", "example_answers"]

COURSE_SKILLS = SkillNames({kind: KIND_NAMES[kind] for kind in KINDS}, DEALER_KIND_NAMES)


def build_progress_report(answers, lessons=None, marked=(), tz=None) -> ProgressReport:
    """The whole report of ``answers`` in this course's skills: skills, the tableau's cells, days, ``lessons``
    (None: the course's, ``course.LESSONS``) done or not, and what to practise next."""
    return build_report(answers, COURSE_SKILLS, lessons, marked, tz)
