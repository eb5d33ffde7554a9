"""The summaries a progress store keeps in SQL (schema version 2) against a brute-force reading of every answer.

The drills' next question (``schedule.stored_states``, ``practice.next_practice_item`` given a store) and the
progress page (``report.build_report`` given a store) read those summaries instead of every answer. Here, on random
histories, each must give exactly what reading every answer gives: the Leitner states of
``schedule.leitner_states`` over the filtered history, and the report of ``reference_report`` below, which is the
report's code as it was before the summaries existed (it reads every answer, one by one). A file of schema version
1, made by the course before the summaries, is upgraded in place without losing a row.
"""

import shutil
import sqlite3
import statistics
from datetime import date, datetime, timedelta, timezone
from fractions import Fraction
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat_lib import course
from baccarat_lib.progress import report
from baccarat_lib.progress.report import (CellLine, DayLine, LessonStatus, ProgressReport, SkillLine, build_report,
                                          skill_name)
from baccarat_lib.progress.schedule import leitner_states, next_items, stored_states
from baccarat_lib.progress.store import Answer, ProgressStore, reset_progress, skill_family
from baccarat_lib.teaching.practice import KINDS, MIXED, next_practice_item
from baccarat_lib.teaching.progress_report import COURSE_SKILLS

VERSION_1_FILE = Path(__file__).parent / "data" / "progress-version-1.sqlite3"
T0 = datetime(2024, 3, 30, 21, 50, tzinfo=timezone.utc)      # the night Paris moves its clocks on (31 March 2024)

# Skills as the course saves them, and a few edge cases: a plain "banker-draw" beside its cells, a plain "dealer"
# beside dealer mode's calls, a finer skill of a plain kind ("total:hard"), skills the report names by their family.
SKILLS = list(KINDS) + ["banker-draw:5/4", "banker-draw:5/-", "banker-draw:6/7", "banker-draw:3/8", "dealer",
                        "dealer:natural", "dealer:banker-draw", "total:hard", "roads", "odds"]
LESSON_NAMES = [None, "09_practice", "04_banker_tableau", "01_card_values", "elsewhere"]
EXERCISE_KEYS = {(exercise.skill, exercise.key) for lesson in course.LESSONS for exercise in lesson.exercises}
TIME_ZONES = [timezone.utc, timezone(timedelta(hours=5, minutes=30)), timezone(timedelta(hours=-3, minutes=-45)),
              timezone(timedelta(minutes=17, seconds=30)), ZoneInfo("Europe/Paris"), ZoneInfo("America/St_Johns")]


@st.composite
def histories(draw):
    """Saved answers in order: skills, keys (some a lesson's declared exercise), right or wrong, timed or not, from
    any source and lesson, minutes to days apart (across a daylight-saving switch)."""
    rows, when = [], T0
    for _ in range(draw(st.integers(0, 60))):
        when += timedelta(seconds=draw(st.sampled_from([1, 7, 60 * 13, 3600 * 3 + 17, 86400 + 5])))
        if draw(st.integers(0, 4)) == 0:
            skill, key = draw(st.sampled_from(sorted(EXERCISE_KEYS)))
        else:
            skill, key = draw(st.sampled_from(SKILLS)), draw(st.sampled_from(["a", "b"]))
        # Times on the edges of a tenth of a second (0.3 * 10 is not 3 in floating point), equal times, and times
        # beyond 100,000,000 s, which share the last bucket of the median's counts.
        seconds = draw(st.one_of(st.none(), st.floats(0, 60, allow_nan=False), st.sampled_from(
            [0.0, 2.5, 2.5, 0.1, 0.3, 0.29999999999999993, 0.7, 99_999_999.95, 1e8, 3e300])))
        rows.append((skill, key, "x", draw(st.booleans()), seconds, draw(st.sampled_from(["lesson", "drill", "test",
                                                                                            "dealer"])),
                     when, draw(st.sampled_from(LESSON_NAMES))))
    return rows


def _store(rows) -> ProgressStore:
    store = ProgressStore(":memory:")
    for skill, key, given_answer, right, seconds, source, when, lesson in rows:
        store.record(skill, key, given_answer, right, seconds, source=source, when=when, lesson=lesson)
    return store


# ---------------------------------------------------------------- the reference: every answer read, one by one

def reference_report(answers, names, lessons, tz) -> ProgressReport:
    """The report as ``progress.report`` made it from every answer before the store kept summaries."""
    def counts(group):
        right = sum(answer.right for answer in group)
        return len(group), right, Fraction(right, len(group))
    kinds, groups, cells, days = tuple(names.drills), {}, {}, {}
    for answer in answers:
        family = skill_family(answer.skill)
        groups.setdefault(answer.skill if family == "dealer" else family, []).append(answer)
        if report._CELL.fullmatch(answer.skill):
            cells.setdefault(answer.skill, []).append(answer)
        days.setdefault(answer.when.astimezone(tz).date(), []).append(answer)
    skills = []
    for skill in sorted(groups, key=lambda skill: (kinds.index(skill) if skill in kinds else len(kinds), skill)):
        timed = [answer.seconds for answer in groups[skill] if answer.seconds is not None]
        skills.append(SkillLine(skill, skill_name(skill, names), *counts(groups[skill]),
                                statistics.median(timed) if timed else None))
    cell_lines = []
    for skill, group in cells.items():
        match = report._CELL.fullmatch(skill)
        cell_lines.append(CellLine(skill, int(match[1]), None if match[2] == "-" else int(match[2]), *counts(group)))
    cell_lines.sort(key=lambda line: (line.accuracy, -line.count, line.banker_total,
                                      -1 if line.player_third_card is None else line.player_third_card))
    statuses = []
    for lesson in lessons:
        if not lesson.exercises and not lesson.final_test:
            continue
        here = [answer for answer in answers if answer.lesson in (lesson.stem, None)]
        right = {(answer.skill, answer.key) for answer in here if answer.source == "lesson" and answer.right}
        answered = sum(tuple(exercise) in right for exercise in lesson.exercises)
        tested = min(sum(answer.source == "test" for answer in here), lesson.final_test)
        done = answered == len(lesson.exercises) and tested == lesson.final_test
        statuses.append(LessonStatus(lesson, len(lesson.exercises), answered, lesson.final_test, tested, done))
    skills = tuple(skills)
    return ProgressReport(len(answers), skills, tuple(cell_lines),
                          tuple(DayLine(day, *counts(days[day])) for day in sorted(days)), tuple(statuses),
                          report._next_practice(skills, names))


# ---------------------------------------------------------------- the summaries agree with every answer

@settings(max_examples=60)
@given(histories(), st.sampled_from(TIME_ZONES))
def test_the_stored_report_is_the_report_of_every_answer(rows, tz):
    with _store(rows) as store:
        answers = store.answers()
        expected = reference_report(answers, COURSE_SKILLS, course.LESSONS, tz)
        assert build_report(store, COURSE_SKILLS, tz=tz) == expected
        assert build_report(answers, COURSE_SKILLS, tz=tz) == expected


@settings(max_examples=60)
@given(histories())
def test_the_stored_leitner_states_are_those_of_the_whole_history(rows):
    with _store(rows) as store:
        answers = store.answers()
        for families in (["total"], ["total", "natural", "banker-draw"], list(KINDS), ["dealer", "roads"]):
            # Each answer of a family counts for the family, its finer skills' too.
            history = [(skill_family(a.skill), a.right) for a in answers if skill_family(a.skill) in families]
            assert stored_states(store, families) == (leitner_states(history), len(history))
        for families in (["banker-draw"], ["banker-draw", "dealer", "total"]):
            # Only the finer skills ("banker-draw:5/4"), each its own item.
            history = [(a.skill, a.right) for a in answers if ":" in a.skill and skill_family(a.skill) in families]
            assert stored_states(store, families, finer=True) == (leitner_states(history), len(history))


@settings(max_examples=40)
@given(histories(), st.integers(0, 2 ** 32))
def test_an_adaptive_drill_asks_the_same_next_question_from_the_store(rows, seed):
    with _store(rows) as store:
        answers = store.answers()
        for kind in (MIXED,) + KINDS:
            for difficulty in (1, 2, 3):
                assert next_practice_item(kind, difficulty, store, seed) == \
                    next_practice_item(kind, difficulty, answers, seed)


def test_stored_states_hand_worked():
    # "total" right then "banker-draw:5/4" wrong then "total" right: in the stream of both families, "total" is in
    # box 3 (two rights) with its last answer at position 2, due at 2 + 1 + 4 = 7; "banker-draw" in box 1 at
    # position 1, due at 1 + 1 + 1 = 3; now = 3 answers.
    with _store([("total", "a", "x", True, 1.0, "drill", T0, None),
                 ("banker-draw:5/4", "a", "x", False, 1.0, "drill", T0, None),
                 ("total", "b", "x", True, None, "drill", T0, None)]) as store:
        states, now = stored_states(store, ["total", "banker-draw"])
        assert now == 3
        assert states["total"].box == 3 and states["total"].last == 2 and states["total"].due == 7
        assert states["banker-draw"].box == 1 and states["banker-draw"].last == 1 and states["banker-draw"].due == 3
        # The cell alone: one answer, so now 1, the cell at position 0, box 1, due at 0 + 1 + 1 = 2.
        cells = stored_states(store, ["banker-draw"], finer=True)
        assert cells == ({"banker-draw:5/4": (1, 1, 0, 2)}, 1)
        # Due items first: "banker-draw" (due at 3 = now) before the new "natural", then "total" (due at 7).
        assert next_items((states, now), ["total", "natural", "banker-draw"], 3) == ["banker-draw", "natural", "total"]


# ---------------------------------------------------------------- a file of version 1 is upgraded in place

def _rows(path):
    connection = sqlite3.connect(path)
    try:
        return connection.execute("SELECT * FROM answers ORDER BY id").fetchall(), \
            connection.execute("SELECT * FROM lessons_done").fetchall(), \
            connection.execute("PRAGMA user_version").fetchone()[0]
    finally:
        connection.close()


def test_a_version_1_file_is_upgraded_in_place_keeping_every_row(tmp_path):
    # The file was made by the course before the summaries (schema version 1): 40 answers of every kind of skill,
    # source and lesson, over several days, and one lesson marked done.
    path = tmp_path / "progress.sqlite3"
    shutil.copyfile(VERSION_1_FILE, path)
    rows, marks, version = _rows(path)
    assert version == 1 and len(rows) == 40 and len(marks) == 1
    with ProgressStore(path) as store:
        assert store.saving and store.notice is None and store.warning is None
        answers = store.answers()
        tz = timezone(timedelta(hours=7))
        assert build_report(store, COURSE_SKILLS, tz=tz) == reference_report(answers, COURSE_SKILLS, course.LESSONS, tz)
        history = [(a.skill, a.right) for a in answers if a.skill.startswith("banker-draw:")]
        assert stored_states(store, ["banker-draw"], finer=True) == (leitner_states(history), len(history))
        store.record("total", "7 8", "5", True, 2.0)
    upgraded, upgraded_marks, version = _rows(path)
    assert version == 3 and upgraded[:40] == rows and len(upgraded) == 41 and upgraded_marks == marks   # 1 -> 3 at once
    with ProgressStore(path) as again:                       # opened again: nothing to upgrade, nothing lost
        total, = (line for line in build_report(again, COURSE_SKILLS).skills if line.skill == "total")
        assert len(again.answers()) == 41 and total.count == sum(skill_family(row[1]) == "total" for row in upgraded)


def test_an_upgrade_that_fails_leaves_the_version_1_file_as_it_was(tmp_path, monkeypatch):
    path = tmp_path / "progress.sqlite3"
    shutil.copyfile(VERSION_1_FILE, path)
    before = _rows(path)
    from baccarat_lib.progress import store as store_module

    def broken(connection, drop=()):
        connection.execute("DELETE FROM answers")            # half done ...
        raise sqlite3.OperationalError("disk I/O error")      # ... then the disk fails
    monkeypatch.setattr(store_module, "_summarise_again", broken)
    with ProgressStore(path) as store:
        assert not store.saving                                    # says so, and goes on in memory
    assert _rows(path) == before                                   # the upgrade was one transaction, rolled back


def test_reset_empties_the_summaries_too(tmp_path):
    with ProgressStore(tmp_path / "progress.sqlite3") as store:
        store.record("banker-draw:5/4", "a", "draw", False, 3.0, source="lesson", lesson="09_practice")
        reset_progress("reset", store=store)
        assert build_report(store, COURSE_SKILLS).answers == 0
        assert stored_states(store, ["banker-draw"], finer=True) == ({}, 0)
        store.record("total", "a", "5", True, 1.0)
        assert stored_states(store, ["total"]) == ({"total": (2, 1, 0, 3)}, 1)


@pytest.mark.parametrize("tz, midnight", [
    (timezone(timedelta(hours=5, minutes=30)), datetime(2024, 5, 1, 18, 30, tzinfo=timezone.utc)),    # India
    (timezone(timedelta(hours=-3, minutes=-45)), datetime(2024, 5, 2, 3, 45, tzinfo=timezone.utc)),   # a quarter
    (timezone(timedelta(minutes=17, seconds=30)), datetime(2024, 5, 1, 23, 42, 30, tzinfo=timezone.utc)),  # odd
    (ZoneInfo("Europe/Paris"), datetime(2024, 3, 31, 22, 0, tzinfo=timezone.utc)),   # the first night of summer time
])
def test_days_change_at_local_midnight(tz, midnight):
    # By hand: an answer one second before local midnight counts on the day before, one at midnight on the new day;
    # the local date of ``midnight`` is the new day.
    new_day = midnight.astimezone(tz).date()
    assert midnight.astimezone(tz).time().isoformat() == "00:00:00"
    with _store([("total", "a", "x", True, 1.0, "drill", midnight - timedelta(seconds=1), None),
                 ("total", "a", "x", False, 1.0, "drill", midnight, None),
                 ("total", "a", "x", False, 1.0, "drill", midnight + timedelta(minutes=14, seconds=59), None),
                 ]) as store:
        assert build_report(store, COURSE_SKILLS, tz=tz).days == (
            DayLine(new_day - timedelta(days=1), 1, 1, Fraction(1)), DayLine(new_day, 2, 0, Fraction(0)))


def test_a_newer_versions_file_is_summarised_in_memory_only(tmp_path):
    # A newer version of the course may keep other summaries (here: none, and a table of its own): the store reads
    # its answers and makes this version's summaries in its memory copy; the file keeps its bytes.
    path = tmp_path / "progress.sqlite3"
    shutil.copyfile(VERSION_1_FILE, path)
    newer = sqlite3.connect(path)
    newer.execute("CREATE TABLE schedule (item TEXT)")
    newer.execute("PRAGMA user_version = 99")
    newer.commit()
    newer.close()
    before = path.read_bytes()
    with ProgressStore(path) as store:
        assert not store.saving
        answers = store.answers()
        assert len(answers) == 40
        assert build_report(store, COURSE_SKILLS) == reference_report(answers, COURSE_SKILLS, course.LESSONS,
                                                                      timezone.utc)
    assert path.read_bytes() == before
