"""Questions on odds and counting (baccarat_lib.teaching.odds_questions): answered by the exact computation.

The odds answers follow source 004's published figures; the counting answers are recomputed from
baccarat_lib.analysis.counting (itself checked against house_edge and plain loops in test_counting.py).
"""

from baccarat_lib.analysis.counting import edges_through_shoe, effect_of_removal, five_choice
from baccarat_lib.teaching.odds_questions import (best_removal_question, five_question, lowest_edge_question,
                                                  no_commission_question, positive_question, wins_more_question)
from baccarat_lib.teaching.questions import check_answer


def test_odds_questions_follow_source_004():
    assert wins_more_question(8).answer == "Banker"
    # 1.06% beats 1.24%, 4.84%, 1.46%; each choice names its table by the title a learner reads, not its code
    question = lowest_edge_question()
    assert question.answer == "Banker at “Standard (5% commission)”"
    assert question.choices == ("Banker at “Standard (5% commission)”", "Player at “Standard (5% commission)”",
                                "Tie at “Tie pays 9:1”", "Banker at “No commission (Banker 6 pays 1:2)”")
    assert question.key.endswith("Banker (standard), Player (standard), Tie (tie-9), Banker (no-commission)")
    from baccarat_lib.i18n import using_language
    with using_language("vi"):
        assert lowest_edge_question((("tie", "tie-9"), ("dragon-7", "ez"))).choices == (
            "Hòa ở bàn “Hòa trả 9:1”", "Dragon 7 ở bàn “EZ Baccarat”")
    question = no_commission_question(8)
    assert question.answer == "the bettor" and "−1.2351%" in question.explanation


def test_counting_questions_are_answered_by_the_computation():
    question = best_removal_question("banker", decks=1)
    effects = effect_of_removal("banker", decks=1)
    assert question.answer == str(min(effects, key=effects.get)) and question.answer in question.choices
    points = edges_through_shoe(decks=1, seed=3, bets=["banker"])
    assert positive_question(points, "banker").answer == str(sum(p.edges["banker"] < 0 for p in points))


def test_five_question_draws_as_punto_banco_does():
    question = five_question(8)
    assert question.answer == "draw" and set(question.choices) == {"draw", "stand"}
    choice = five_choice(8)
    assert choice["draw"] > choice["stand"]                  # checked against plain loops in test_counting.py
    assert check_answer(question, "draw").correct and not check_answer(question, "stand").correct
