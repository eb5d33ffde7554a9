"""What a learner's saved answers say: per skill, per cell of the Banker tableau, per day, per lesson, and what to
practise next, read from a ``ProgressStore``'s summaries so the page is as fast after 100,000 answers as after 100.

A lesson is done when each of its exercises was answered right once and all its final test's questions were
answered, in its notebook (either edition) or on a page that does not know its notebook. An untimed answer counts in
the accuracy, not the median. The next kind to practise is the weakest with ``ENOUGH_ANSWERS`` answers below
``MASTERED`` accuracy, else the first never practised, else the least practised.

>>> names = SkillNames({"total": "Card totals", "natural": "Naturals", "banker-draw": "Banker: draw or stand"}, {})
>>> report = build_report(example_answers(), names)
>>> [(line.skill, line.count, line.right) for line in report.skills][:2]
[('total', 4, 3), ('natural', 2, 2)]
>>> report.next.kind
'banker-draw'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date, datetime, timedelta, timezone, tzinfo
from fractions import Fraction
from typing import NamedTuple

from .. import course
from ..errors import refusal
from ..i18n import N_, _
from .store import (Answer, ProgressStore, _answered_between, _day_tallies, _item_tallies, _lesson_tallies,
                    _median_seconds, _quarter_tallies, _row, _with_answers, skill_family)

__all__ = ["SkillNames", "skill_name", "SkillLine", "CellLine", "DayLine",
           "LessonStatus", "lesson_statuses", "NextPractice", "ProgressReport", "build_report",
           "example_answers", "ENOUGH_ANSWERS", "MASTERED"]

ENOUGH_ANSWERS = 5            # a skill's accuracy is trusted from this many answers on
MASTERED = Fraction(9, 10)    # a skill answered right this often needs no more practice for now
OTHER_NAMES = {"pair": N_("Pairs"), "roads": N_("Scoreboards (roads)"), "derived-roads": N_("Derived roads"),
               "streaks": N_("Streaks"), "odds": N_("Odds and house edge"), "counting": N_("Card counting"),
               "tableau-source": N_("Reading the tableau"), "coup-cards": N_("Cards a coup uses"),
               "exercise": N_("Other exercises")}
_CELL = re.compile(r"banker-draw:(\d)/(\d|-)")


class SkillNames(NamedTuple):
    """The course's skill names (English messages, translated when shown): ``drills`` in course order, ``dealer``."""

    drills: Mapping[str, str]
    dealer: Mapping[str, str]


class SkillLine(NamedTuple):
    """A skill's answers; ``median_seconds`` of those timed (None: none is)."""

    skill: str
    name: str
    count: int
    right: int
    accuracy: Fraction
    median_seconds: float | None


class CellLine(NamedTuple):
    """One cell of the Banker tableau: Banker's total, Player's third card (None: Player stood) and its answers."""

    skill: str
    banker_total: int
    player_third_card: int | None
    count: int
    right: int
    accuracy: Fraction


class DayLine(NamedTuple):
    """One day's answers: the day, how many, how many right, the accuracy."""

    day: date
    count: int
    right: int
    accuracy: Fraction


class LessonStatus(NamedTuple):
    """A lesson's exercises answered right and final-test questions answered, and whether it is done."""

    lesson: course.Lesson
    exercises: int
    answered_right: int
    test_questions: int
    test_answered: int
    done: bool


class NextPractice(NamedTuple):
    """The drill kind to practise next (one of ``SkillNames.drills``), its name and why, in one sentence."""

    kind: str
    name: str
    reason: str


class ProgressReport(NamedTuple):
    """Everything the progress page shows."""

    answers: int
    skills: tuple[SkillLine, ...]
    cells: tuple[CellLine, ...]
    days: tuple[DayLine, ...]
    lessons: tuple[LessonStatus, ...]
    next: NextPractice


def _check_answers(answers):
    """A ``ProgressStore``, or the checked rows of saved answers."""
    if isinstance(answers, ProgressStore):
        return answers
    if not isinstance(answers, (list, tuple)) or not all(isinstance(answer, Answer) for answer in answers):
        raise refusal(_("answers must be a list of saved answers (ProgressStore.answers()), not {value}"),
                      value=answers)
    return [_row(answer.skill, answer.key, answer.answer, answer.right, answer.seconds, answer.source, answer.when,
                 answer.lesson) for answer in answers]


def _check_lessons(lessons) -> tuple[course.Lesson, ...]:
    if lessons is None:
        return course.LESSONS
    if not isinstance(lessons, (list, tuple)) or not all(isinstance(lesson, course.Lesson) for lesson in lessons):
        raise refusal(_("lessons must be None (the course's lessons) or a list of course.Lesson, not {value}"),
                      value=lessons)
    return tuple(lessons)


def _check_tz(tz):
    if tz is not None and not isinstance(tz, tzinfo):
        raise refusal(_("tz must be None (UTC) or a time zone such as timezone.utc, not {value}"), value=tz)
    return timezone.utc if tz is None else tz


def _check_names(names) -> SkillNames:
    if not isinstance(names, SkillNames) or not names.drills:
        raise refusal(_("names must be the course's SkillNames (teaching.progress_report.COURSE_SKILLS), not "
                        "{value}"), value=names)
    return names


def skill_name(skill: str, names) -> str:
    """The skill in words, e.g. "Banker 5, Player's third card 4" for a cell of the tableau."""
    names = _check_names(names)
    family = skill_family(skill)
    cell = _CELL.fullmatch(skill)
    if cell:
        if cell[2] == "-":
            return _("Banker {banker}, Player stood").format(banker=cell[1])
        return _("Banker {banker}, Player's third card {third}").format(banker=cell[1], third=cell[2])
    if family == "dealer":
        kind = skill.partition(":")[2]
        name = _(names.dealer[kind]) if kind in names.dealer else kind
        return _("Dealer mode: {call}").format(call=name)
    name = names.drills.get(family) or OTHER_NAMES.get(family)
    return _(name) if name else family.replace("-", " ").capitalize()


# ---------------------------------------------------------------------------------------------------------
# The report's parts, each read from a store's summaries in one transaction

QUARTER = timedelta(minutes=15)


def _read(answers, action):
    """``action(connection)`` on a store's summaries, or on answers' rows tallied by the same trigger."""
    return answers._read(action) if isinstance(answers, ProgressStore) else _with_answers(answers, action)


def _skill_lines(connection, names: SkillNames) -> tuple[SkillLine, ...]:
    """Per family, and per dealer call (dealer mode's calls are skills of their own), in the course's order."""
    lines = {family: (tally, "family") for family, tally in _item_tallies(connection, "family").items()
             if family != "dealer"}
    lines.update((skill, (tally, "skill")) for skill, tally in _item_tallies(connection, "skill").items()
                 if skill_family(skill) == "dealer")
    kinds = tuple(names.drills)
    order = sorted(lines, key=lambda skill: (kinds.index(skill) if skill in kinds else len(kinds), skill))
    return tuple(SkillLine(skill, skill_name(skill, names), tally.answers, tally.right,
                           Fraction(tally.right, tally.answers), _median_seconds(connection, level, skill, tally.timed))
                 for skill in order for tally, level in [lines[skill]])


def _cell_lines(skills: dict) -> tuple[CellLine, ...]:
    """The tableau's cells among the skills answered (``store._item_tallies``), hardest first."""
    lines = []
    for skill, tally in skills.items():
        match = _CELL.fullmatch(skill)
        if match:
            third = None if match[2] == "-" else int(match[2])
            lines.append(CellLine(skill, int(match[1]), third, tally.answers, tally.right,
                                  Fraction(tally.right, tally.answers)))
    return tuple(sorted(lines, key=lambda line: (line.accuracy, -line.count, line.banker_total,
                                                 -1 if line.player_third_card is None else line.player_third_card)))


def _day_lines(connection, tz) -> tuple[DayLine, ...]:
    """Answers per day in ``tz``; a quarter of an hour that straddles two days is read answer by answer."""
    if isinstance(tz, timezone) and tz.utcoffset(None) % QUARTER == timedelta(0):
        return tuple(DayLine(date.fromisoformat(day), count, right, Fraction(right, count)) for day, count, right
                     in _day_tallies(connection, tz.utcoffset(None) // timedelta(minutes=1)))
    days: dict[date, list[int]] = {}
    for quarter, count, right in _quarter_tallies(connection):
        start = datetime.fromisoformat(quarter).replace(tzinfo=timezone.utc)
        if start.astimezone(tz).date() == (start + QUARTER - timedelta(seconds=1)).astimezone(tz).date():
            answered = [(start, count, right)]
        else:
            answered = [(when, 1, was_right) for when, was_right in _answered_between(connection, start,
                                                                                       start + QUARTER)]
        for when, number, correct in answered:
            tally = days.setdefault(when.astimezone(tz).date(), [0, 0])
            tally[0] += number
            tally[1] += correct
    return tuple(DayLine(day, count, right, Fraction(right, count)) for day, (count, right) in sorted(days.items()))


def _lesson_statuses(connection, lessons) -> tuple[LessonStatus, ...]:
    tests, exercises = _lesson_tallies(connection, [(where, *exercise) for lesson in lessons
                                                    for exercise in lesson.exercises for where in (lesson.stem, None)])
    statuses = []
    for lesson in lessons:
        if not lesson.exercises and not lesson.final_test:
            continue
        right = exercises.get(lesson.stem, set()) | exercises.get(None, set())
        answered = sum(tuple(exercise) in right for exercise in lesson.exercises)
        tested = min(tests.get(lesson.stem, 0) + tests.get(None, 0), lesson.final_test)
        done = answered == len(lesson.exercises) and tested == lesson.final_test
        statuses.append(LessonStatus(lesson, len(lesson.exercises), answered, lesson.final_test, tested, done))
    return tuple(statuses)


def _next_practice(skills: tuple[SkillLine, ...], names: SkillNames) -> NextPractice:
    lines = {line.skill: line for line in skills}
    kinds, kind_names = tuple(names.drills), names.drills
    weak = [lines[kind] for kind in kinds
            if kind in lines and lines[kind].count >= ENOUGH_ANSWERS and lines[kind].accuracy < MASTERED]
    if weak:
        line = min(weak, key=lambda line: (line.accuracy, kinds.index(line.skill)))
        return NextPractice(line.skill, _(kind_names[line.skill]),
                            _("your weakest skill: {right} of {count} right ({share}%).").format(
                                right=line.right, count=line.count, share=round(100 * line.accuracy)))
    for kind in kinds:
        if kind not in lines:
            return NextPractice(kind, _(kind_names[kind]), _("you have not practised it yet."))
    kind = min(kinds, key=lambda kind: (lines[kind].count, kinds.index(kind)))
    return NextPractice(kind, _(kind_names[kind]), _("every skill is going well; this one has the fewest answers "
                                                     "({count}).").format(count=lines[kind].count))


# ---------------------------------------------------------------------------------------------------------
# The public functions: ``answers`` is a tuple of saved answers, or a ProgressStore

def lesson_statuses(answers, lessons=None) -> tuple[LessonStatus, ...]:
    """Which of ``lessons`` (None: the course's) are done, as the module says."""
    answers, lessons = _check_answers(answers), _check_lessons(lessons)
    return _read(answers, lambda connection: _lesson_statuses(connection, lessons))


def build_report(answers, names, lessons=None, tz=None) -> ProgressReport:
    """The whole report: skills, the tableau's cells, days, lessons (None: the course's) and what to practise next."""
    answers, lessons = _check_answers(answers), _check_lessons(lessons)
    names, tz = _check_names(names), _check_tz(tz)

    def read(connection):
        skills, answered = _skill_lines(connection, names), _item_tallies(connection, "skill")
        return ProgressReport(sum(tally.answers for tally in answered.values()), skills, _cell_lines(answered),
                              _day_lines(connection, tz), _lesson_statuses(connection, lessons),
                              _next_practice(skills, names))
    return _read(answers, read)


def example_answers() -> tuple[Answer, ...]:
    """A made-up learner: totals and naturals on 1 May 2024, the Banker tableau (two cells missed) on 2 May."""
    start = datetime(2024, 5, 1, 18, 0, tzinfo=timezone.utc)
    rows = [("total", "7 8", "5", True, 4.0), ("total", "K 9", "19", False, 6.0), ("total", "6 7 8", "1", True, 5.0),
            ("total", "5 5", "0", True, 3.0), ("natural", "6 2", "yes", True, 2.0),
            ("natural", "5 2", "no", True, 3.0)]
    answers = [Answer(skill, key, given, right, seconds, start + timedelta(minutes=number), "lesson",
                      "01_card_values" if skill == "total" else "02_naturals")
               for number, (skill, key, given, right, seconds) in enumerate(rows)]
    cells = [(3, 8, True), (4, 1, False), (4, 1, False), (5, 4, True), (6, 7, True), (6, 5, False), (4, 1, True),
             (3, 8, True)]
    next_day = start + timedelta(days=1)
    answers += [Answer(f"banker-draw:{banker}/{third}", f"{banker} / {third}", "draw", right, 7.0 + number,
                       next_day + timedelta(minutes=number), "drill", "09_practice")
                for number, (banker, third, right) in enumerate(cells)]
    return tuple(answers)
