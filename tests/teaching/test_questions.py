"""A typo is not judged; a coup's prompt shows every card given; a final test does not
repeat itself.

Expected values are worked by hand (the working is in the comments), or recomputed from the prompt with the plain
rules of tests/reference_rules.py, never read back from the code under test.
"""

import re
from collections import Counter

import pytest

from reference_rules import reference_coup

from baccarat_lib.errors import BaccaratError
from baccarat_lib.game import play_coup
from baccarat_lib.teaching import (Feedback, Question, Score, answer_drill, check_answer, drill_exercises,
                                   final_test, next_drill, pair_question, record, settle_question, start_drill,
                                   total_question, winner_question)
from baccarat_lib.teaching import practice

VALUE = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 0, "J": 0, "Q": 0, "K": 0}
TYPE_A_NUMBER = "Type a whole number, such as 12 or −10."


def values(text):
    """Point values of cards written in a prompt, by hand (suits ignored)."""
    return [VALUE[token.rstrip("♠♥♦♣")] for token in text.split()]


# ---------------------------------------------------------------- a typo is neither judged nor revealing

LOSS = Question("You bet 25 on Player and Banker wins. Your net result?", "-25", "A lost bet loses its stake.")


@pytest.mark.parametrize("typo", ["abc", "twenty", "x25", "--", "nan", "inf", "1 2 three", "9.5.0"])
def test_a_typo_for_a_number_is_not_judged_and_reveals_nothing(typo):
    # "abc" + Enter said "Not quite: the right answer is -25".
    feedback = check_answer(LOSS, typo)
    assert isinstance(feedback, Feedback)
    assert feedback.judged is False and feedback.correct is False
    assert feedback.message == TYPE_A_NUMBER
    assert "25" not in feedback.message and LOSS.explanation not in feedback.message


def test_numbers_written_any_way_are_still_judged():
    # A number is judged as before, right or wrong, however it is written.
    for right in ("-25", " -25.00 ", "−25", "-25.0"):
        feedback = check_answer(LOSS, right)
        assert feedback.judged and feedback.correct, right
    wrong = check_answer(LOSS, "25")
    assert wrong.judged and not wrong.correct and "the right answer is -25" in wrong.message
    assert check_answer(Question("Pay?", "1,000", "11 × 100 - 100."), "1000").correct
    # one parser, strict: an exponent, a currency sign or stray marks are typos, not numbers
    for typo in ("-2.5e1", "-$25", "-25.0.0", "-2,5"):
        feedback = check_answer(LOSS, typo)
        assert not feedback.judged and feedback.message == TYPE_A_NUMBER, typo


def test_blank_is_not_judged_and_words_are_judged_as_before():
    # An empty answer stays unscored; a word question has no "number" typo.
    blank = check_answer(LOSS, "   ")
    assert not blank.judged and not blank.correct and "-25" not in blank.message
    yes_no = Question("Is 9 9 a natural?", "yes", "18 -> 8.", ("yes", "no"))
    assert check_answer(yes_no, "abc").judged and not check_answer(yes_no, "abc").correct
    assert check_answer(total_question("7 8"), "five").message == "Type a total: a whole number from 0 to 9."


def test_an_unjudged_answer_does_not_count():
    # "abc" in the scored drill gave "Score 0 of 1".
    assert record(Score(asked=2, right=1, streak=1, best_streak=1), Feedback(False, TYPE_A_NUMBER, False),
                  "settle") == Score(asked=2, right=1, streak=1, best_streak=1)
    drill = start_drill("settle", 1, seed=3)
    for typo in ("abc", "", "  ", "ninety"):
        assert answer_drill(drill, typo) == drill                 # not scored, the question stays open
    assert not drill.answered and drill.score.asked == 0
    answered = answer_drill(answer_drill(drill, "abc"), drill.exercise.question.answer)
    assert answered.feedback.correct and answered.score == Score(asked=1, right=1, streak=1, best_streak=1)
    wrong = answer_drill(drill, "123456789")                       # a number, wrong: judged and scored
    assert not wrong.feedback.correct and wrong.score.asked == 1 and wrong.score.missed == ("settle",)


def test_a_typo_in_a_test_does_not_move_it_on():
    # A test waits for a judged answer.
    drill = start_drill("test", seed=2024, length=10)
    assert drill.exercise.kind == "total"
    assert answer_drill(drill, "nine") == drill and next_drill(answer_drill(drill, "nine")) == drill


# ---------------------------------------------------------------- every card given is shown

def test_winner_prompt_shows_every_card_given():
    # Winner_question("7 6 Q J 5 2") prompted "7 6 Q J".
    # Player 7+Q = 7, Banker 6+J = 6: no natural; Player stands on 7; Banker 6, Player stood: stands on 6.
    # Player wins 7–6 with the first four cards; 5 and 2 are not used.
    question = winner_question("7 6 Q J 5 2")
    assert question.prompt == "Cards dealt in order P, B, P, B, then third cards: 7 6 Q J 5 2. Who wins?"
    assert question.answer == "Player"
    assert question.explanation.endswith("The coup used only the first 4 cards: 5 2 stay in the shoe for the "
                                         "next coup.")
    # Player 2+3 = 5 draws 8 -> 13 -> 3; Banker A+2 = 3 stands on an 8: Tie 3–3 with five cards; 9 stays.
    tie = winner_question("2 A 3 2 8 9")
    assert "2 A 3 2 8 9. Who wins?" in tie.prompt and tie.answer == "Tie"
    assert tie.explanation.endswith("9 stays in the shoe for the next coup.")
    # All six used. 2♣ 3♥ 3♠ A♦ 7♦ 4♠: Player 2+3 = 5 draws 7 -> 12 -> 2; Banker 3+A = 4, Player's third card 7
    # (4 draws on 2–7): draws 4 -> 8. Banker wins 8–2.
    six = winner_question("2♣ 3♥ 3♠ A♦ 7♦ 4♠")
    assert "2♣ 3♥ 3♠ A♦ 7♦ 4♠. Who wins?" in six.prompt and six.answer == "Banker" and "shoe" not in six.explanation
    assert "K 5 9 3. Who wins?" in winner_question("K 5 9 3").prompt            # four given, four shown


def test_pair_and_settle_prompts_show_every_card_given():
    # The same for the other coup builders.
    pair = pair_question("7 6 Q J 5 2")
    assert "Cards dealt P, B, P, B, then third cards: 7 6 Q J 5 2." in pair.prompt and pair.answer == "no"
    assert "5 2 stay in the shoe" in pair.explanation
    assert "Cards dealt P, B, P, B: J♠ 5 Q♥ 4." in pair_question("J♠ 5 Q♥ 4").prompt
    # Player wins 7–6 (above): 100 on Banker loses 100.
    settle = settle_question("banker", 100, "7 6 Q J 5 2")
    assert "then third cards: 7 6 Q J 5 2. What is your net result" in settle.prompt and settle.answer == "−100"
    assert "5 2 stay in the shoe" in settle.explanation
    # A Coup already played shows the cards it used: nothing else was given.
    played = settle_question("banker", 100, play_coup("7 6 Q J 5 2"))
    assert "then third cards: 7 6 Q J. What is your net result" in played.prompt and "shoe" not in played.explanation


@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_drills_show_six_cards_so_the_count_gives_nothing_away(difficulty):
    # A drill's coup shows six cards whether or not anyone draws.
    for kind, pattern in (("winner", r"third cards: (.+)\. Who wins\?"),
                          ("settle", r"third cards: (.+)\. What is your net")):
        for exercise in drill_exercises(kind, difficulty, seed=11, count=15):
            dealt = values(re.search(pattern, exercise.question.prompt).group(1))
            assert len(dealt) == 6
            if kind == "winner":
                assert reference_coup(dealt)[2].capitalize() == exercise.question.answer
