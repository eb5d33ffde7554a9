"""Questions on the rules and on money (baccarat_lib.teaching.rule_questions), checked by check_answer.

Every expected answer is worked by hand from the rule reference and the pay tables, never read from the code.
"""

import pytest

from baccarat_lib.game import PAY_TABLES, play_coup
from baccarat_lib.game.tableau import SOURCE_002_ROWS, read_published_table
from baccarat_lib.teaching.questions import check_answer
from baccarat_lib.teaching.rule_questions import (banker_draw_question, natural_question, pair_question,
                                                  player_draw_question, settle_question, total_question,
                                                  winner_question, wrong_rows_question)
from reference_rules import CORRECT_TABLEAU

WORKED = "2♣ 3♥ 3♠ A♦ 7♦ 4♠"      # Banker wins 8–2 with three cards (8)
TIE = "2 A 3 2 8"                  # Player 5 draws 8 → 3; Banker 3 stands on an 8: Tie 3–3
BANKER_SIX = "K 3 5 3 9"           # Player 5 draws 9 → 4; Banker 6 stands on a 9: Banker wins 6–4
JACKS = "J♠ 5 J♥ 4"                # Player J+J (a pair, 0), Banker 5+4 = 9 natural
JACK_QUEEN = "J♠ 5 Q♥ 4"           # Player J+Q: both worth 0, but not a pair



# ---------------------------------------------------------------- checkers on hand-worked answers

@pytest.mark.parametrize("question, right, wrong", [
    (total_question("7 8"), "5", "15"),
    (total_question("K 9"), "9", "19"),
    (total_question("6 7 8"), "1", "21"),
    (natural_question("9 9"), "yes", "no"),            # 18 -> 8: a natural
    (natural_question("4 4 A"), "no", "yes"),          # a third card never makes a natural
    (player_draw_question("7 8"), "draw", "stand"),    # 15 -> 5 draws
    (player_draw_question("9 7"), "stand", "draw"),    # 16 -> 6 stands
    (banker_draw_question("A 2", "8"), "stand", "draw"),   # Banker 3, Player's third card 8: stands
    (banker_draw_question("3 3", "7"), "draw", "stand"),   # Banker 6, Player's third card 7: draws
    (banker_draw_question("3 3", "K"), "stand", "draw"),   # Banker 6, a K is worth 0: stands
    (banker_draw_question("2 3", None), "draw", "stand"),  # Player stood: Banker 5 draws
    (winner_question("2♣ 3♥ 3♠ A♦ 7♦ 4♠"), "Banker", "Player"),
    (winner_question("2 A 3 2 8"), "Tie", "Player"),
])
def test_checkers_on_hand_worked_answers(question, right, wrong):
    assert check_answer(question, right).correct
    assert check_answer(question, right.upper()).correct
    verdict = check_answer(question, wrong)
    assert not verdict.correct and question.explanation in verdict.message


def test_a_wrong_answer_is_explained_by_the_rules_own_steps():
    message = check_answer(banker_draw_question("A 2", "8"), "draw").message
    assert "the right answer is stand" in message and "draws on any card but 8" in message
    coup = play_coup("2♣ 3♥ 3♠ A♦ 7♦ 4♠")
    assert all(str(step) in check_answer(winner_question(coup.cards), "Tie").message for step in coup.steps)


@pytest.mark.parametrize("bet, stake, cards, table, net", [
    ("banker", 100, "2♣ 3♥ 3♠ A♦ 7♦ 4♠", "standard", "95"),        # Banker wins: 100 less 5%
    ("banker", 10, "2♣ 3♥ 3♠ A♦ 7♦ 4♠", "standard", "9.50"),
    ("banker", 100, "2♣ 3♥ 3♠ A♦ 7♦ 4♠", "commission-4", "96"),
    ("player", 100, "2♣ 3♥ 3♠ A♦ 7♦ 4♠", "standard", "−100"),
    ("player", 50, "2 A 3 2 8", "standard", "0"),                   # a tie pushes Player
    ("banker", 50, "2 A 3 2 8", "standard", "0"),                   # ... and Banker
    ("tie", 10, "2 A 3 2 8", "standard", "80"),                     # 8:1
    ("tie", 10, "2 A 3 2 8", "tie-9", "90"),                        # 9:1
    ("banker", 10, "K 3 5 3 9", "no-commission", "5"),              # Banker wins with 6: 1:2
    ("super-six", 10, "K 3 5 3 9", "no-commission", "120"),         # 12:1
    ("banker", 10, "K 2 K 2 5 3", "ez", "0"),                       # Banker wins with a three-card 7: push
    ("dragon-7", 10, "K 2 K 2 5 3", "ez", "400"),                   # 40:1
    ("panda-8", 10, "K 2 K 2 8", "ez", "250"),                      # Player 0+8, Banker 4 stands on 8: 25:1
    ("player-pair", 10, "5 2 5 3 K", "standard", "110"),            # 5 5 is a pair: 11:1
])
def test_settle_questions_on_hand_worked_payouts(bet, stake, cards, table, net):
    question = settle_question(bet, stake, play_coup(cards), table)
    assert question.answer == net
    assert check_answer(question, net).correct


def test_money_answers_are_read_as_numbers():
    question = settle_question("banker", 10, play_coup("2♣ 3♥ 3♠ A♦ 7♦ 4♠"))
    for written in ("9.5", "9.50", " +9.5 ", "9.500"):
        assert check_answer(question, written).correct, written
    assert not check_answer(question, "10").correct and not check_answer(question, "-9.5").correct
    assert check_answer(settle_question("player", 100, play_coup("2♣ 3♥ 3♠ A♦ 7♦ 4♠")), "−100").correct
    assert "collects 0.50 commission" in check_answer(question, "10").message


# ---------------------------------------------------------------- money and pairs

def test_settle_question_answer_is_the_hand_worked_net():
    question = settle_question("banker", 100, WORKED)
    assert question.answer == "95" and check_answer(question, "95").correct
    assert not check_answer(question, "100").correct
    assert settle_question("player", 50, TIE).answer == "0"
    assert settle_question("banker", 20, BANKER_SIX, "no-commission").answer == "10"
    assert settle_question("player", 100, WORKED).answer == "−100"


def test_pair_question_judges_rank():
    jack_queen = pair_question(JACK_QUEEN)
    assert jack_queen.answer == "no" and "value does not count" in jack_queen.explanation
    assert pair_question(JACKS).answer == "yes"
    assert pair_question(JACKS, side="banker").answer == "no"


# ---------------------------------------------------------------- a published table

def test_wrong_rows_question_answer_and_choices():
    question = wrong_rows_question(read_published_table(SOURCE_002_ROWS), "source 002")
    assert question.answer == "rows 5 and 6"
    assert question.answer in question.choices and len(set(question.choices)) == len(question.choices) >= 3
    assert "Banker 6" in question.explanation
    assert wrong_rows_question(CORRECT_TABLEAU).answer.startswith("none")


def test_wrong_rows_question_key_is_the_same_in_every_language():
    # Saved answers are matched by key (the course list declares lesson 04's as "source 002"), so the name shown
    # may be translated but the key may not; without a key, the name is the key.
    from baccarat_lib.i18n import using_language
    table = read_published_table(SOURCE_002_ROWS)
    with using_language("vi"):
        translated = wrong_rows_question(table, "bảng của tài liệu 002", key="source 002")
    assert translated.key == "source 002" and "bảng của tài liệu 002" in translated.prompt
    assert wrong_rows_question(table, "source 002's table").key == "source 002's table"
    assert wrong_rows_question(table).key == "this table"


# ---------------------------------------------------------------- what a settle prompt says the bet pays

def _pays(question) -> str:
    """The sentence of a settle prompt that says what the bet pays (between the bet's name and "The cards")."""
    return question.prompt.split(": ", 1)[1].split(". The cards", 1)[0]


def test_a_bet_named_by_an_event_reads_as_english():
    # "pushes when Natural tie" and "pays 5:1 when Either pair" dropped a noun into a clause's template.
    assert _pays(settle_question("either-pair", 10, "5♠ 8♦ 3♣ 8♥")) == "it pays 5:1 on a pair in either hand"
    dragon = _pays(settle_question("dragon-bonus-player", 10, "A K K 3 8"))
    assert "pushes on a natural tie" in dragon
    for wrong in ("when Natural", "when Either", "when a ", "on Player wins", "on Banker wins"):
        for table in PAY_TABLES.values():
            for bet in table.bets:
                assert wrong not in _pays(settle_question(bet, 10, "5♠ 8♦ 3♣ 8♥", table.name)), (table.name, bet)


def test_the_dragon_bonus_prompt_says_its_margins_in_one_part():
    # It ran to 11 lines: six "pays N:1 when Banker wins by M without a natural". The published Dragon Bonus
    # (the standard table): natural win 1:1, natural tie push, then by 9, 8, 7, 6, 5, 4 points 30, 10, 6, 4, 2, 1 to 1.
    sentence = _pays(settle_question("dragon-bonus-banker", 20, "K 5 A 3"))
    assert sentence == ("it pays 1:1 when Banker wins with a natural, pushes on a natural tie and pays 30:1 by 9 "
                        "points, 10:1 by 8, 6:1 by 7, 4:1 by 6, 2:1 by 5 or 1:1 by 4 when Banker wins without a "
                        "natural")
    assert len(settle_question("dragon-bonus-banker", 20, "K 5 A 3").prompt) < 400      # was 565 characters
