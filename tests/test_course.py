"""The course list (baccarat_lib/course.py) against the notebooks: the same files, titles, exercises and final test,
and the book's table of contents written from it. Expectations are read from the notebooks (their headings, their
show_question cells) or written out by hand, never taken from the list under test."""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

import pytest

from baccarat_lib import course
from baccarat_lib.errors import BaccaratError
from baccarat_lib.i18n import using_language

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import navigation  # noqa: E402
from lesson_questions import shown_questions  # noqa: E402

EDITIONS = list(course.EDITIONS)
LESSON_FILES = "[0-9][0-9]_*.ipynb"      # how a lesson's file is named: the list must name every one


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _source(cell: dict) -> str:
    return "".join(cell["source"])


def _heading(path: Path) -> str:
    """The notebook's first '# ' heading outside the generated navigation and contents cells."""
    for cell in _cells(path):
        tags = set(cell.get("metadata", {}).get("tags", []))
        if cell["cell_type"] == "markdown" and not {"navigation", "contents", "sources"} & tags:
            for line in _source(cell).splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    raise AssertionError(f"{path} has no '# ' heading")


def _calls(path: Path, name: str) -> list[ast.Call]:
    """The calls of ``name`` in the notebook's code cells, in order."""
    calls = []
    for cell in _cells(path):
        if cell["cell_type"] == "code":
            calls += [node for node in ast.walk(ast.parse(_source(cell))) if isinstance(node, ast.Call)
                      and isinstance(node.func, ast.Name) and node.func.id == name]
    return calls


# ------------------------------------------------------------------ the list and the files agree

@pytest.mark.parametrize("language", EDITIONS)
def test_every_notebook_is_listed_and_every_listed_notebook_exists(language):
    folder = course.lessons_folder(language)
    on_disk = sorted(path.name for path in folder.glob(LESSON_FILES))
    listed = [lesson.file for lesson in course.lessons(language)]
    assert on_disk, f"no lessons in {folder}"
    assert sorted(listed) == on_disk, (f"not in the list: {sorted(set(on_disk) - set(listed))}; "
                                       f"missing files: {sorted(set(listed) - set(on_disk))}")


def test_the_lessons_are_numbered_in_order_and_named_by_their_number():
    numbers = [lesson.number for lesson in course.LESSONS]
    assert numbers == list(range(12))            # 00_welcome ... 11_my_progress, by hand
    assert all(lesson.stem.startswith(f"{lesson.number:02d}_") for lesson in course.LESSONS)


@pytest.mark.parametrize("language", EDITIONS)
@pytest.mark.parametrize("lesson", course.LESSONS, ids=lambda lesson: lesson.stem)
def test_each_notebooks_first_heading_is_its_title_in_the_list(lesson, language):
    assert _heading(course.lesson_path(lesson, language)) == lesson.title(language)


def test_titles_as_written_in_the_notebooks():
    # Copied by hand from the lessons' first headings.
    assert course.lesson(3).title("vi") == "Quy tắc rút của Player"
    assert course.lesson("03_player_rule").title("en") == "The Player rule"
    assert course.lesson("05").title("en") == "A whole coup, card by card"
    assert course.lesson("11_my_progress.ipynb").title("vi") == "Tiến độ của tôi"
    with using_language("vi"):
        assert course.lesson(4).title() == "Bảng rút bài của Banker"     # None: the language spoken now
    assert course.lesson(4).title() == "The Banker's tableau"


def test_editions_their_folders_and_words():
    assert course.lessons_folder("vi") == course.lessons_folder("en") / "vi"
    assert (course.lessons_folder() / "00_welcome.ipynb").is_file()
    assert [(edition.language, edition.contents, edition.name) for edition in course.EDITIONS.values()] == [
        ("en", "Contents", "English"), ("vi", "Mục lục", "Tiếng Việt")]
    assert course.lesson_path("05_a_whole_coup", "vi") == course.lessons_folder("vi") / "05_a_whole_coup.ipynb"


@pytest.mark.parametrize("call, words", [
    (lambda: course.lesson(42), ("lesson must be a lesson's number (0 to 11)", "not 42")),
    (lambda: course.lesson("99_nothing"), ("lesson must be", "'99_nothing'")),
    (lambda: course.lesson(5.0), ("lesson must be", "5.0")),
    (lambda: course.lessons("fr"), ("language must be one of \"en\", \"vi\"", "'fr'")),
    (lambda: course.lessons_folder(None), ("language must be one of", "None")),
    (lambda: course.lesson(1).title("de"), ("language must be one of", "'de'")),
])
def test_bad_input_names_the_argument_and_what_is_accepted(call, words):
    with pytest.raises(BaccaratError) as raised:
        call()
    assert all(word in str(raised.value) for word in words), str(raised.value)


# ------------------------------------------------------------------ exercises and the final test

@pytest.mark.parametrize("language", EDITIONS)
@pytest.mark.parametrize("lesson", course.LESSONS, ids=lambda lesson: lesson.stem)
def test_the_list_declares_one_exercise_per_show_question_cell(lesson, language):
    path = course.lesson_path(lesson, language)
    assert len(lesson.exercises) == len(_calls(path, "show_question"))


@pytest.mark.parametrize("lesson", course.LESSONS, ids=lambda lesson: lesson.stem)
def test_the_final_test_length_is_the_notebooks(lesson):
    calls = _calls(course.lesson_path(lesson), "show_final_test")
    lengths = [next((ast.literal_eval(word.value) for word in call.keywords if word.arg == "questions"), None)
               for call in calls]
    assert lesson.final_test == sum(lengths)
    assert None not in lengths, "write show_final_test(..., questions=N) so the list can be checked"


def test_lesson_09_has_the_only_final_test_of_ten_questions():
    # lessons/09_practice.ipynb: show_final_test(seed=2024, questions=10)
    assert [(lesson.number, lesson.final_test) for lesson in course.LESSONS if lesson.final_test] == [(9, 10)]


def test_each_exercise_is_declared_once_in_the_whole_course():
    # So an answer saved without its notebook's name (classroom mode) still belongs to one lesson.
    exercises = [exercise for lesson in course.LESSONS for exercise in lesson.exercises]
    assert len(exercises) == len(set(exercises))


def _exercise_keys(path: Path) -> list[tuple[str, str]]:
    """(skill, key) of each question the notebook shows with show_question (tests/lesson_questions.py)."""
    return [(question.skill, question.key) for question in shown_questions(path)]


@pytest.mark.parametrize("language", EDITIONS)
@pytest.mark.parametrize("lesson", [lesson for lesson in course.LESSONS if lesson.exercises],
                         ids=lambda lesson: lesson.stem)
def test_the_declared_exercises_are_the_questions_the_lesson_builds(lesson, language):
    keys = _exercise_keys(course.lesson_path(lesson, language))
    assert keys == [tuple(exercise) for exercise in lesson.exercises]


def test_hand_worked_exercise_keys():
    # Lesson 04's third tableau question: Banker "A 2" totals 3, Player's third card K is worth 0 -> cell 3/0.
    assert course.Exercise("banker-draw:3/0", "A 2 / K") in course.lesson(4).exercises
    # Lesson 01 asks the queen's value with key "Q" (a card value: the first step of a total), then three totals;
    # lesson 05's last exercise asks how many cards its coup uses.
    assert [tuple(exercise) for exercise in course.lesson(1).exercises] == [
        ("total", "Q"), ("total", "9 6"), ("total", "4 9 8"), ("total", "5 K 5")]
    assert course.lesson(5).exercises[-1] == ("coup-cards", "6 2 A 3 K 5 8")
    assert course.lesson(11).exercises == ()


@pytest.mark.parametrize("language", EDITIONS)
def test_every_exercise_has_a_named_skill_and_a_hint_of_its_own(language):
    # The progress page listed a skill "Other exercises": two exercises kept Question's default skill "exercise".
    from baccarat_lib.progress.report import OTHER_NAMES, skill_name
    from baccarat_lib.progress.store import skill_family
    from baccarat_lib.teaching.hints import HINTS
    from baccarat_lib.teaching.progress_report import COURSE_SKILLS

    with using_language(language):
        other = skill_name("exercise", COURSE_SKILLS)
        for lesson in course.LESSONS:
            for exercise in lesson.exercises:
                family = skill_family(exercise.skill)
                assert family != "exercise", (lesson.stem, exercise)
                assert family in COURSE_SKILLS.drills or family in OTHER_NAMES, (lesson.stem, exercise)  # named
                assert skill_name(exercise.skill, COURSE_SKILLS) != other, (lesson.stem, exercise)
                assert family in HINTS, (lesson.stem, exercise)          # not the default hint


# ------------------------------------------------------------------ the book's table of contents

def test_the_committed_book_toc_is_the_one_written_from_the_list():
    assert navigation.BOOK_TOC.read_text(encoding="utf-8") == navigation.toc_yaml(), \
        "run: python tools/navigation.py"


def test_the_book_toc_has_both_editions_in_order():
    lines = navigation.toc_yaml().splitlines()
    assert "root: lessons/00_welcome" in lines
    files = [line.split("file: ")[1] for line in lines if "- file: " in line]
    assert files[0] == "lessons/01_card_values" and files[10] == "lessons/11_my_progress"
    assert files[11] == "lessons/vi/00_welcome" and files[-1] == "lessons/vi/11_my_progress"
    assert len(files) == 11 + 12
    assert [line.strip() for line in lines if "caption" in line] == ["- caption: English", "- caption: Tiếng Việt"]
