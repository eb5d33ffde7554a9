"""Questions on the scoreboards (baccarat_lib.teaching.road_questions): answers read from layouts worked by hand."""

from baccarat_lib.analysis.roads import StreakRow
from baccarat_lib.teaching.questions import check_answer
from baccarat_lib.teaching.road_questions import bead_question, columns_question, dragon_tail_question, streak_question


def test_exercise_answers_come_from_the_layouts():
    question = columns_question("B B T P P B T P")
    assert question.answer == "4" and "BB, PP, B, P" in question.explanation
    assert "2 ties start no column" in question.explanation
    assert columns_question("B" * 9).answer == "1"        # a dragon tail starts no column of its own
    assert dragon_tail_question(8).answer == "3" and "dragon tail" in dragon_tail_question(8).explanation
    assert dragon_tail_question(6).answer == "1" and dragon_tail_question(7, side="P").answer == "2"
    assert [bead_question(n).answer for n in (1, 6, 7, 14)] == ["1", "1", "2", "3"]
    row = StreakRow(4, 10_000, 4590, 0.459, 0.005)
    question = streak_question(row, 0.4586)
    assert check_answer(question, "just as likely").correct and not check_answer(question, "less likely").correct
    assert "10,000" in question.explanation and "45.86%" in question.explanation
    assert "0.1 standard errors apart, well within chance" in question.explanation
