"""The derived-road exercise: what colour does the road add next? Answers worked by hand."""

import pytest

from baccarat_lib.errors import BaccaratError
from baccarat_lib.teaching import NO_ENTRY, derived_road_question
from baccarat_lib.teaching.questions import check_answer


def test_answers_worked_by_hand():
    # "B B P P": Banker next starts column 3; columns 2 and 1 are 2 and 2 long: red.
    question = derived_road_question("B B P P", "Big Eye Boy", "Banker")
    assert question.answer == "red" and question.choices == ("red", "blue", NO_ENTRY)
    assert "columns 2 and 1 have the same length (2): red" in question.explanation
    assert "Banker next starts column 3" in question.explanation
    assert check_answer(question, "red").correct and not check_answer(question, "blue").correct
    # Player next goes to column 2, row 3: column 1 (2 long) ends one row above: blue
    question = derived_road_question("B B P P", 1, "P")
    assert question.answer == "blue" and "column 1 ends one row above (it has 2): blue" in question.explanation
    # "B P B B T": Cockroach Pig needs column 4: nothing yet, and the explanation says where it starts
    question = derived_road_question("B P B B T", "cockroach pig", "player")
    assert question.answer == NO_ENTRY and "starts with the Big Road entry in column 4, row 2" in question.explanation
    # Small Road, "B P P B B B P" then Banker: column 5, row 1: columns 4 and 2 are 1 and 2 long: blue
    question = derived_road_question("B P P B B B P", "small road")
    assert question.answer == "blue" and "columns 4 and 2 differ in length (1 and 2)" in question.explanation


@pytest.mark.parametrize("call, name", [
    (lambda: derived_road_question("", 1), "sequence"),
    (lambda: derived_road_question(42, 1), "sequence"),
    (lambda: derived_road_question("B P", "big road"), "road"),
    (lambda: derived_road_question("B P", 1, "tie"), "next_result"),
])
def test_bad_input_names_the_argument(call, name):
    with pytest.raises(BaccaratError, match=name):
        call()
