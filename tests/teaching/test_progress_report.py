"""This course's progress report (baccarat_lib.teaching.progress_report): the course's skills and the course list's
lessons bound to the report."""

from baccarat_lib import course
from baccarat_lib.progress.report import example_answers
from baccarat_lib.teaching.practice import FINAL_TEST_QUESTIONS, KIND_NAMES, KINDS
from baccarat_lib.teaching.progress_report import COURSE_SKILLS, build_progress_report


def test_the_course_report_names_skills_by_the_drill_kinds_in_course_order():
    # The example learner (written out in progress.report.example_answers): 4 totals (3 right), 2 naturals
    # (both right), 8 Banker cells (5 right: 62.5 %, below 90 % with 8 >= 5 answers) -> practise the Banker next.
    assert tuple(COURSE_SKILLS.drills) == KINDS
    report = build_progress_report(example_answers())
    assert [(line.skill, line.name, line.count, line.right) for line in report.skills] == [
        ("total", KIND_NAMES["total"], 4, 3), ("natural", KIND_NAMES["natural"], 2, 2),
        ("banker-draw", KIND_NAMES["banker-draw"], 8, 5)]
    assert report.next.kind == "banker-draw"


def test_the_course_report_lists_the_course_lists_lessons():
    # No lessons given: the course list's, each with the exercises and final test it declares (lesson 11 has none:
    # not listed). The example learner answered "6 2" right in lesson 02, one of its four declared naturals; its
    # totals (7 8, K 9, 6 7 8, 5 5) are none of lesson 01's declared exercises (Q, 9 6, 4 9 8, 5 K 5).
    statuses = build_progress_report(example_answers()).lessons
    assert [status.lesson for status in statuses] == [lesson for lesson in course.LESSONS
                                                      if lesson.exercises or lesson.final_test]
    assert [(status.exercises, status.answered_right) for status in statuses[1:3]] == [(4, 0), (4, 1)]
    assert (statuses[9].test_questions, statuses[9].test_answered) == (FINAL_TEST_QUESTIONS, 0)
    assert not any(status.done for status in statuses)
