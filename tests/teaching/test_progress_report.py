"""This course's progress report (baccarat_lib.teaching.progress_report): the course's skills bound to the report,
and what each lesson notebook asks."""

import nbformat

from baccarat_lib.progress.report import example_answers
from baccarat_lib.teaching.practice import KIND_NAMES, KINDS
from baccarat_lib.teaching.progress_report import COURSE_SKILLS, build_progress_report, lesson_exercises


def _lesson(path, sources):
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# A lesson")]
                                        + [nbformat.v4.new_code_cell(source) for source in sources])
    nbformat.write(notebook, path)


def test_lessons_are_counted_from_their_notebooks(tmp_path):
    # Which lessons are done. 01 has two exercise cells; 09 one exercise and a final test of 3;
    # 05 a test of the default 10; 00 nothing to answer (left out); a file without NN_ is not a lesson.
    _lesson(tmp_path / "01_totals.ipynb", ['show_question(total_question("7 8"))', "show_question(q)", "1 + 1"])
    _lesson(tmp_path / "09_practice.ipynb", ["show_question(q)", "show_final_test(seed=1, questions=3)"])
    _lesson(tmp_path / "05_coup.ipynb", ["show_final_test()"])
    _lesson(tmp_path / "00_welcome.ipynb", ["print('hello')"])
    _lesson(tmp_path / "notes.ipynb", ["show_question(q)"])
    assert lesson_exercises(tmp_path) == {"01_totals": (2, 0), "05_coup": (0, 10), "09_practice": (1, 3)}
    assert lesson_exercises(tmp_path / "missing") == {}


def test_the_course_report_names_skills_by_the_drill_kinds_in_course_order():
    # The example learner (written out in progress.report.example_answers): 4 totals (3 right), 2 naturals
    # (both right), 8 Banker cells (5 right: 62.5 %, below 90 % with 8 >= 5 answers) -> practise the Banker next.
    assert tuple(COURSE_SKILLS.drills) == KINDS
    report = build_progress_report(example_answers())
    assert [(line.skill, line.name, line.count, line.right) for line in report.skills] == [
        ("total", KIND_NAMES["total"], 4, 3), ("natural", KIND_NAMES["natural"], 2, 2),
        ("banker-draw", KIND_NAMES["banker-draw"], 8, 5)]
    assert report.next.kind == "banker-draw"
