"""The progress report (baccarat_lib.progress.report): per skill, per tableau cell, per day, per lesson, and what
to practise next, here in the course's skills (``teaching.progress_report.COURSE_SKILLS``) unless a test gives
its own. Every expected value is counted by hand from the answers written in the test.
"""

from datetime import date, datetime, timedelta, timezone
from fractions import Fraction

import pytest

from baccarat_lib.course import Exercise, Lesson
from baccarat_lib.errors import BaccaratError
from baccarat_lib.progress import report
from baccarat_lib.progress.report import (ENOUGH_ANSWERS, SkillNames, build_report, example_answers,
                                          lesson_statuses)
from baccarat_lib.progress.store import Answer, ProgressStore
from baccarat_lib.teaching.progress_report import COURSE_SKILLS


def skill_name(skill):
    return report.skill_name(skill, COURSE_SKILLS)


def skill_lines(answers, names=COURSE_SKILLS):
    return build_report(answers, names).skills


def cell_lines(answers):
    return build_report(answers, COURSE_SKILLS).cells


def next_practice(answers, names=COURSE_SKILLS):
    return build_report(answers, names).next


def build_progress_report(answers, lessons=None):
    return build_report(answers, COURSE_SKILLS, lessons)


T0 = datetime(2024, 5, 1, 22, 30, tzinfo=timezone.utc)


def answer(skill, right, seconds=None, minutes=0, source="drill", lesson=None, key="k"):
    return Answer(skill, key, "x", right, seconds, T0 + timedelta(minutes=minutes), source, lesson)


def test_skill_names_come_from_the_drill_kinds_and_the_topics():
    # Skills shown with human names (practice.KIND_NAMES where they exist)
    assert skill_name("total") == "Hand totals"
    assert skill_name("banker-draw") == "Banker: draw or stand"
    assert skill_name("banker-draw:5/4") == "Banker 5, Player's third card 4"
    assert skill_name("banker-draw:3/-") == "Banker 3, Player stood"
    assert skill_name("roads") == "Scoreboards (roads)"
    assert skill_name("dealer:settle") == "Dealer mode: Pay the bet"


def test_skills_count_accuracy_and_median_seconds_with_cells_in_their_skill():
    # By hand: total 3 answers, 2 right, times 2, 4, 9 -> median 4;
    # banker-draw: cells 5/4 (right, 6 s) and 6/7 (wrong, 10 s) -> 2 answers, 1 right, median (6+10)/2 = 8;
    # winner: 1 wrong, untimed -> median None. Order: the drill kinds in course order.
    answers = [answer("winner", False), answer("total", True, 2.0), answer("banker-draw:5/4", True, 6.0),
               answer("total", False, 9.0), answer("banker-draw:6/7", False, 10.0), answer("total", True, 4.0)]
    lines = skill_lines(answers)
    assert [(line.skill, line.count, line.right, line.accuracy, line.median_seconds) for line in lines] == [
        ("total", 3, 2, Fraction(2, 3), 4.0), ("banker-draw", 2, 1, Fraction(1, 2), 8.0),
        ("winner", 1, 0, Fraction(0), None)]
    assert lines[0].name == "Hand totals"


def test_medians_leave_out_unknown_times():
    # By hand: total answered in 3 s and 7 s, and three times with an unknown time (None). The known times give a
    # median of (3 + 7) / 2 = 5; counting the unknowns as 0 s would give 0, dropping the answers would give 2 of 5
    # answers. Accuracy still counts all five: 4 right of 5.
    answers = [answer("total", True, None), answer("total", True, 3.0), answer("total", False, None),
               answer("total", True, 7.0), answer("total", True, None)]
    (line,) = skill_lines(answers)
    assert (line.count, line.right, line.median_seconds) == (5, 4, 5.0)


def test_tableau_cells_hardest_first():
    # "down to its hard cells". By hand: 4/1 is 1 of 3 (33%), 6/7 is 0 of 1 (0%),
    # 5/4 is 2 of 2 (100%), 3/- is 1 of 2 (50%): order 6/7, 4/1, 3/-, 5/4.
    answers = ([answer("banker-draw:4/1", right) for right in (False, True, False)]
               + [answer("banker-draw:6/7", False)] + [answer("banker-draw:5/4", True)] * 2
               + [answer("banker-draw:3/-", right) for right in (True, False)] + [answer("total", False)])
    lines = cell_lines(answers)
    assert [(line.banker_total, line.player_third_card, line.count, line.right) for line in lines] == [
        (6, 7, 1, 0), (4, 1, 3, 1), (3, None, 2, 1), (5, 4, 2, 2)]


def test_accuracy_per_day_in_the_learners_time_zone():
    # Plotted over time. 22:30 UTC and 23:40 UTC are 1 May in UTC; in UTC+2 the second one
    # (00:40 on 2 May in UTC+1) is the next day, with the third answer (23:30 on 2 May in UTC+1).
    answers = [answer("total", True), answer("total", False, minutes=70), answer("total", True, minutes=60 * 24)]
    assert [(line.day, line.count, line.right) for line in build_report(answers, COURSE_SKILLS).days] == [
        (date(2024, 5, 1), 2, 1), (date(2024, 5, 2), 1, 1)]
    plus_one = timezone(timedelta(hours=1))
    assert [(line.day, line.count) for line in build_report(answers, COURSE_SKILLS, tz=plus_one).days] == [
        (date(2024, 5, 1), 1), (date(2024, 5, 2), 2)]


TOTALS = Lesson(1, "01_totals", {"en": "Totals"}, (Exercise("total", "7 8"), Exercise("total", "K 9")))
PRACTICE = Lesson(9, "09_practice", {"en": "Practice"}, (Exercise("winner", "7 2 A 5"),), final_test=3)
READING = Lesson(0, "00_reading", {"en": "Reading"})          # nothing to answer: not listed


def test_a_lesson_is_done_when_each_declared_exercise_was_answered_right_once():
    # 01 (exercises "7 8" and "K 9"): "7 8" right twice counts once, "K 9" only wrong, then right in a drill (not an
    # exercise), then "5 5" right (not one of its exercises) -> 1 of 2, not done; then "K 9" right -> done.
    lessons = (READING, TOTALS, PRACTICE)
    answers = [answer("total", True, source="lesson", lesson="01_totals", key="7 8"),
               answer("total", True, source="lesson", lesson="01_totals", key="7 8"),
               answer("total", False, source="lesson", lesson="01_totals", key="K 9"),
               answer("total", True, source="drill", lesson="01_totals", key="K 9"),
               answer("total", True, source="lesson", lesson="01_totals", key="5 5")]
    first = lesson_statuses(answers, lessons)
    assert [(s.lesson.stem, s.exercises, s.answered_right, s.done) for s in first] == [
        ("01_totals", 2, 1, False), ("09_practice", 1, 0, False)]
    answers.append(answer("total", True, source="lesson", lesson="01_totals", key="K 9"))
    assert lesson_statuses(answers, lessons)[0].done
    # 09: its exercise right and 3 test answers (right or wrong: the test was finished) -> done; 2 -> not yet.
    practice = [answer("winner", True, source="lesson", lesson="09_practice", key="7 2 A 5")]
    practice += [answer("total", right, source="test", lesson="09_practice") for right in (True, False)]
    assert not lesson_statuses(practice, lessons)[1].done
    practice.append(answer("settle", False, source="test", lesson="09_practice"))
    status = lesson_statuses(practice, lessons)[1]
    assert (status.test_questions, status.test_answered, status.done) == (3, 3, True)


def test_answers_count_in_their_own_lesson_or_where_the_notebook_is_unknown():
    # Classroom mode (Voila) gives no notebook name: the answer still counts for the lesson declaring it. The same
    # exercise answered in another notebook (a learner's scratch copy) does not.
    elsewhere = [answer("total", True, source="lesson", lesson="scratch", key=key) for key in ("7 8", "K 9")]
    assert not lesson_statuses(elsewhere, (TOTALS,))[0].done
    unknown = [answer("total", True, source="lesson", lesson=None, key=key) for key in ("7 8", "K 9")]
    assert lesson_statuses(unknown, (TOTALS,))[0].done


def test_the_course_lists_lessons_by_their_declared_exercises():
    # The course's own list (None): lesson 03 has four exercises (A 4, 9 7, K Q, 3 4 in the notebook); 11 has none.
    # Player's rule: A 4 is 5 -> draws; answered right in lesson 03.
    statuses = lesson_statuses([answer("player-draw", True, source="lesson", lesson="03_player_rule", key="A 4")])
    assert [status.lesson.number for status in statuses] == list(range(11))
    assert (statuses[3].exercises, statuses[3].answered_right, statuses[3].done) == (4, 1, False)
    assert (statuses[9].exercises, statuses[9].test_questions) == (3, 10)


@pytest.mark.parametrize("bad", ["01_totals", [TOTALS, "09_practice"], {"01_totals": (1, 0)}, 3])
def test_bad_lessons_are_refused(bad):
    with pytest.raises(BaccaratError, match="lessons must be None"):
        lesson_statuses([], bad)


def test_next_practice_weakest_skill_with_enough_answers():
    # "what to practise next". total 5 answers 4 right (80%); winner 5 answers 2 right (40%);
    # settle 1 answer 0 right (too few to judge) -> winner, the weakest with enough answers.
    answers = ([answer("total", right) for right in (True, True, True, True, False)]
               + [answer("winner", right) for right in (True, False, False, True, False)] + [answer("settle", False)])
    assert ENOUGH_ANSWERS == 5
    chosen = next_practice(answers)
    assert (chosen.kind, chosen.name) == ("winner", "Who wins?")
    assert "2 of 5" in chosen.reason


def test_next_practice_first_skill_never_practised_and_then_the_least_practised():
    # All totals right (mastered) -> the first kind never practised: natural.
    assert next_practice([answer("total", True)] * 6).kind == "natural"
    assert next_practice([]).kind == "total"
    # every kind practised and mastered: the one with the fewest answers (settle, 5)
    kinds = {"total": 9, "natural": 8, "player-draw": 7, "banker-draw:5/4": 6, "winner": 6, "settle": 5}
    answers = [answer(skill, True) for skill, count in kinds.items() for _ in range(count)]
    assert next_practice(answers).kind == "settle"


def test_the_whole_report_from_a_real_store(tmp_path):
    # Answers saved in a SQLite file are read back into the report.
    store = ProgressStore(tmp_path / "progress.sqlite3")
    for right in (True, False, True):
        store.record("total", "7 8", "5", right, 3.0, source="lesson", when=T0, lesson="01_totals")
    report = build_progress_report(store.answers(), (Lesson(1, "01_totals", {"en": "Totals"},
                                                            (Exercise("total", "7 8"),)),))
    assert report.answers == 3
    assert [(line.skill, line.count, line.right) for line in report.skills] == [("total", 3, 2)]
    assert [s.done for s in report.lessons] == [True]
    assert report.next.kind == "natural"          # totals: 3 answers, too few to judge; naturals never practised


def test_example_answers():
    # By hand (see example_answers): totals 3 of 4, naturals 2 of 2, tableau 5 of 8; its hardest cells 6/5 (0 of 1)
    # then 4/1 (1 of 3).
    report = build_progress_report(example_answers())
    assert [(line.skill, line.count, line.right) for line in report.skills] == [
        ("total", 4, 3), ("natural", 2, 2), ("banker-draw", 8, 5)]
    assert [(line.banker_total, line.player_third_card, line.right, line.count) for line in report.cells[:2]] == [
        (6, 5, 0, 1), (4, 1, 1, 3)]
    assert [line.count for line in report.days] == [6, 8]
    assert report.next.kind == "banker-draw"


@pytest.mark.parametrize("bad", [None, "answers", [1, 2], ({"skill": "total"},)])
def test_bad_answers_are_refused(bad):
    with pytest.raises(BaccaratError, match="answers must be"):
        skill_lines(bad)


def test_the_report_names_and_recommends_only_the_skills_it_is_given():
    # A course of two drill kinds, "a" (named "Alpha") and "b" ("Beta"), and one dealer call "c" ("Gamma").
    # "b": 5 answers, 2 right (40 % < 90 %, with enough answers) -> the weakest, practise it next; "a" never
    # answered comes after a weak skill. "total" is no drill kind here: listed after the kinds, named by its key.
    names = SkillNames({"a": "Alpha", "b": "Beta"}, {"c": "Gamma"})
    answers = [answer("b", right) for right in (True, False, False, True, False)] + [answer("total", True)]
    lines = skill_lines(answers, names)
    assert [(line.skill, line.name, line.count, line.right) for line in lines] == [
        ("b", "Beta", 5, 2), ("total", "Total", 1, 1)]
    assert next_practice(answers, names)[:2] == ("b", "Beta")
    assert next_practice([], names)[:2] == ("a", "Alpha")
    assert report.skill_name("dealer:c", names) == "Dealer mode: Gamma"
    with pytest.raises(BaccaratError, match="names must be"):
        skill_lines(answers, {"a": "Alpha"})
