"""teaching.polls: a lesson's exercise rebuilt from the course list is the question the lesson's cell shows.

The expected questions come from running each notebook's own code (tests/lesson_questions.py: its show_question
arguments evaluated as the lesson evaluates them), never from the declarations under test."""

from __future__ import annotations

import pytest

from baccarat_lib import course
from baccarat_lib.errors import BaccaratError
from baccarat_lib.i18n import using_language
from baccarat_lib.teaching.polls import BUILDERS, poll_question
from lesson_questions import shown_questions

LESSONS_WITH_EXERCISES = [lesson for lesson in course.LESSONS if lesson.exercises]


def _fields(question):
    return question.prompt, question.answer, question.explanation, question.choices, question.skill, question.key


@pytest.mark.parametrize("language", list(course.EDITIONS))
@pytest.mark.parametrize("lesson", LESSONS_WITH_EXERCISES, ids=lambda lesson: lesson.stem)
def test_each_poll_asks_the_question_its_lesson_cell_shows(lesson, language):
    shown = shown_questions(course.lesson_path(lesson, language), language)
    assert len(shown) == len(lesson.exercises)
    with using_language(language):
        for number, question in enumerate(shown):
            assert _fields(poll_question(lesson, number)) == _fields(question), (lesson.stem, number)


def test_every_declared_builder_is_known():
    builders = {exercise.build.builder for lesson in course.LESSONS for exercise in lesson.exercises}
    assert builders <= set(BUILDERS)
    assert all(exercise.build is not None for lesson in course.LESSONS for exercise in lesson.exercises)


def test_a_lesson_is_named_as_the_course_list_names_it():
    # Lesson 03's second exercise: Player holds 9 7 = 16 -> 6, and stands on 6 (hand-worked).
    for which in (3, "03", "03_player_rule", course.lesson(3)):
        question = poll_question(which, 1)
        assert (question.key, question.answer) == ("9 7", "stand")


def test_a_seeded_poll_is_the_same_question_every_time():
    # Lesson 09's first exercise is a seeded drill question: the same cards on every student's server.
    assert poll_question(9, 0) == poll_question("09_practice", 0)
    assert poll_question(9, 0).key == "A♠ 5♣ / 5♠"      # lessons/09_practice.ipynb's saved output, by hand


@pytest.mark.parametrize("lesson, exercise, words", [
    (5, 4, ("exercise must be a whole number from 0 to 3", "not 4")),
    (5, -1, ("exercise must be a whole number from 0 to 3", "not -1")),
    (5, "0", ("exercise must be a whole number", "'0'")),
    (5, True, ("exercise must be a whole number", "True")),
    (11, 0, ("lesson '11_my_progress' has no exercises",)),
    (12, 0, ("lesson must be a lesson's number (0 to 11)", "not 12")),
])
def test_bad_input_names_the_argument_and_what_is_accepted(lesson, exercise, words):
    with pytest.raises(BaccaratError) as raised:
        poll_question(lesson, exercise)
    assert all(word in str(raised.value) for word in words), str(raised.value)
