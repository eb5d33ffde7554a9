"""Every exercise builder files its answers under a skill and a short key.

The expected skills are the vocabulary of the progress store, written out by hand here; the Banker tableau's cells
are checked against ``tests/reference_rules.py`` (the rule as an if-chain), not against the tableau literal.
"""

import pytest

from baccarat_lib.analysis.counting import edges_through_shoe
from baccarat_lib.analysis.roads import StreakRow
from baccarat_lib.errors import BaccaratError
from baccarat_lib.teaching.odds_questions import (best_removal_question, five_question, lowest_edge_question,
                                                  no_commission_question, positive_question, wins_more_question)
from baccarat_lib.teaching.questions import Question, check_answer
from baccarat_lib.teaching.road_questions import (bead_question, columns_question, derived_road_question,
                                                  dragon_tail_question, streak_question)
from baccarat_lib.teaching.rule_questions import (banker_draw_question, natural_question, pair_question,
                                                  player_draw_question, settle_question, total_question,
                                                  winner_question, wrong_rows_question)
from tests.reference_rules import reference_banker_draws

# One card per point value: A is 1, K is 0, 2..9 are themselves.
CARD_OF_VALUE = {0: "K", 1: "A", **{value: str(value) for value in range(2, 10)}}


# Each builder's skill and key, worked by hand
@pytest.mark.parametrize("build, skill, key", [
    (lambda: total_question("7 8"), "total", "7 8"),
    (lambda: natural_question("9 K"), "natural", "9 K"),
    (lambda: player_draw_question("3 2"), "player-draw", "3 2"),
    # Banker 3 + 2 = 5, Player's third card 4: the tableau's cell 5/4.
    (lambda: banker_draw_question("3 2", 4), "banker-draw:5/4", "3 2 / 4"),
    # K + 6 = 6, Player drew a 7 of spades (worth 7): cell 6/7.
    (lambda: banker_draw_question("K 6", "7♠"), "banker-draw:6/7", "K 6 / 7♠"),
    # Q + 3 = 3, Player stood: no third card, "-".
    (lambda: banker_draw_question("Q 3", None), "banker-draw:3/-", "Q 3 / -"),
    # 8 + 8 = 16 -> 6, Player's third card a King, worth 0: cell 6/0.
    (lambda: banker_draw_question("8 8", "K"), "banker-draw:6/0", "8 8 / K"),
    (lambda: winner_question("7 6 Q J 5 2"), "winner", "7 6 Q J 5 2"),
    (lambda: settle_question("banker", 100, "2♣ 3♥ 3♠ A♦ 7♦ 4♠"), "settle",
     "banker 100 at standard: 2♣ 3♥ 3♠ A♦ 7♦ 4♠"),
    (lambda: pair_question("7 6 7 2"), "pair", "player: 7 6 7 2"),
    (lambda: pair_question("7 6 7 2", side="banker"), "pair", "banker: 7 6 7 2"),
    (lambda: wrong_rows_question({4: ((2, 3), (0,))}, "source 002's table"), "tableau-source",
     "source 002's table"),
    (lambda: columns_question("B B T P B"), "roads", "columns: B B T P B"),
    (lambda: dragon_tail_question(8), "roads", "dragon tail: 8 B, 6 rows"),
    (lambda: bead_question(14), "roads", "bead plate: coup 14, 6 rows"),
    (lambda: streak_question(StreakRow(3, 100, 46, 0.46, 0.05), 0.4586), "streaks", "3 B in a row"),
    (lambda: derived_road_question("B B P P", "Big Eye Boy", "Banker"), "derived-roads",
     "Big Eye Boy: B B P P + B"),
    (lambda: wins_more_question(8), "odds", "wins more, 8-deck shoe"),
    (lambda: no_commission_question(8), "odds", "no commission, 8-deck shoe"),
    (lambda: five_question(1), "counting", "Player's 5, 1-deck shoe"),
])
def test_each_builder_sets_its_skill_and_key(build, skill, key):
    question = build()
    assert (question.skill, question.key) == (skill, key)


def test_the_other_odds_and_counting_builders():
    # Lesson 07's questions are "odds", lesson 10's "counting"
    assert lowest_edge_question().skill == "odds"
    assert lowest_edge_question().key.startswith("lowest edge, 8-deck shoe: ")
    assert best_removal_question("banker", decks=1).skill == "counting"
    points = edges_through_shoe(decks=1, seed=3, bets=["banker"])
    question = positive_question(points, "banker")
    assert (question.skill, question.key) == ("counting", f"positive coups, banker, {len(points)} coups")


@pytest.mark.parametrize("banker_total", range(10))
def test_every_banker_cell_is_the_cell_the_answer_comes_from(banker_total):
    # The skill names the cell (Banker total / Player's third card, "-" if Player stood), and the
    # answer in that cell is the casino rule card's (reference_rules), so a missed cell is the cell practised.
    banker_cards = f"{CARD_OF_VALUE[banker_total]} K"                # the King adds 0
    for third in [None, *range(10)]:
        question = banker_draw_question(banker_cards, None if third is None else CARD_OF_VALUE[third])
        assert question.skill == f"banker-draw:{banker_total}/{'-' if third is None else third}"
        draws = banker_total not in (8, 9) and reference_banker_draws(banker_total, third)
        assert question.answer == ("draw" if draws else "stand")


def test_a_question_built_by_position_keeps_working_with_default_skill_and_key():
    # The old positional construction still works; the key defaults to the prompt
    question = Question("What is 7 + 8, units digit only?", "5", "7 + 8 = 15.")
    assert (question.skill, question.key) == ("exercise", "What is 7 + 8, units digit only?")
    assert check_answer(question, "5").correct
    chosen = Question("Natural?", "yes", "9.", ("yes", "no"), "natural", "9 K")
    assert (chosen.choices, chosen.skill, chosen.key) == (("yes", "no"), "natural", "9 K")
    long_prompt = Question("x" * 600, "5", "why")
    assert len(long_prompt.key) == 500 and long_prompt.key.endswith("…")


@pytest.mark.parametrize("skill", ["Total", "", "banker draw", "banker-draw:5/4:3", 7, None, "a" * 41])
def test_a_skill_the_store_cannot_file_is_refused_naming_skill(skill):
    with pytest.raises(BaccaratError, match="skill must be"):
        Question("What is 7 + 8?", "5", "7 + 8 = 15.", skill=skill)


@pytest.mark.parametrize("key", ["", "   ", 5, "k" * 501])
def test_a_key_that_is_not_short_text_is_refused_naming_key(key):
    with pytest.raises(BaccaratError, match="key must be"):
        Question("What is 7 + 8?", "5", "7 + 8 = 15.", key=key)
