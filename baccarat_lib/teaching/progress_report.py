"""This course's progress report: ``progress.report`` (which knows no drill) in the course's skills, the drill kinds
and dealer calls it names and sends a learner to practise (``COURSE_SKILLS``); lessons import it all from here.

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


def build_progress_report(answers, lessons=None, tz=None) -> ProgressReport:
    """The whole report of ``answers`` in this course's skills, and what to practise next."""
    return build_report(answers, COURSE_SKILLS, lessons, tz)
