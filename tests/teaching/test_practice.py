"""Practice drills (baccarat_lib.practice) and exact counting (baccarat_lib.counting).

Expected answers are worked by hand from the rule reference, or recomputed with tests/reference_rules.py,
never read back from the code under test.
"""

import random
import re
from collections import Counter
from fractions import Fraction

import pytest

from reference_rules import reference_banker_draws, reference_coup

from baccarat_lib import BaccaratError, Shoe, as_cards, play_coup
from baccarat_lib.counting import (MAIN_BETS, SIDE_BETS, best_removal_question, edge_ranges,
                                   edges_after_removing, edges_through_shoe, effect_of_removal, five_choice,
                                   positive_coups, positive_question, rank_counts, removal_effects,
                                   removal_text, weighted_effect_sum)
from baccarat_lib.exercises import (Feedback, banker_draw_question, natural_question, player_draw_question,
                                    total_question, winner_question)
from baccarat_lib.odds import house_edge, probability_where, shoe_counts
from baccarat_lib.practice import (KINDS, LEVELS, Drill, Exercise, Score, answer_drill, check, drill_exercises,
                                   exercise_at, final_test, make_exercise, next_drill, record, score_summary,
                                   settle_question, start_drill)

VALUE = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 0, "J": 0, "Q": 0, "K": 0}


def values(text):
    """Point values of cards written in a prompt, by hand (suits ignored)."""
    return [VALUE[token.rstrip("♠♥♦♣")] for token in text.split()]


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
    assert check(question, right).correct
    assert check(question, right.upper()).correct
    verdict = check(question, wrong)
    assert not verdict.correct and question.explanation in verdict.message


def test_a_wrong_answer_is_explained_by_the_rules_own_steps():
    message = check(banker_draw_question("A 2", "8"), "draw").message
    assert "the right answer is stand" in message and "draws on any card but 8" in message
    coup = play_coup("2♣ 3♥ 3♠ A♦ 7♦ 4♠")
    assert all(step in check(winner_question(coup.cards), "Tie").message for step in coup.steps)


@pytest.mark.parametrize("bet, stake, cards, table, net", [
    ("banker", 100, "2♣ 3♥ 3♠ A♦ 7♦ 4♠", "standard", "95"),        # Banker wins: 100 less 5%
    ("banker", 10, "2♣ 3♥ 3♠ A♦ 7♦ 4♠", "standard", "9.5"),
    ("banker", 100, "2♣ 3♥ 3♠ A♦ 7♦ 4♠", "commission-4", "96"),
    ("player", 100, "2♣ 3♥ 3♠ A♦ 7♦ 4♠", "standard", "-100"),
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
    assert check(question, net).correct


def test_money_answers_are_read_as_numbers():
    question = settle_question("banker", 10, play_coup("2♣ 3♥ 3♠ A♦ 7♦ 4♠"))
    for written in ("9.5", "9.50", " +9.5 ", "9.500"):
        assert check(question, written).correct, written
    assert not check(question, "10").correct and not check(question, "-9.5").correct
    assert check(settle_question("player", 100, play_coup("2♣ 3♥ 3♠ A♦ 7♦ 4♠")), "−100").correct
    assert "collects 0.5 commission" in check(question, "10").message


# ---------------------------------------------------------------- generated questions: seeds, kinds, answers

@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_generators_are_reproducible_by_seed(kind, difficulty):
    first = drill_exercises(kind, difficulty, seed=11, count=8)
    assert first == drill_exercises(kind, difficulty, seed=11, count=8)
    assert first != drill_exercises(kind, difficulty, seed=12, count=8)
    assert all(exercise.kind == kind and exercise.difficulty == difficulty for exercise in first)
    assert make_exercise(kind, difficulty, seed="x") == make_exercise(kind, difficulty, random.Random("x"))


def test_generators_never_touch_the_global_random_generator():
    random.seed(99)
    state = random.getstate()
    for kind in KINDS:
        drill_exercises(kind, 3, seed=None, count=3)
    final_test(5)
    start_drill()
    assert random.getstate() == state


def test_every_kind_comes_up_in_mixed_drills_and_in_the_final_test():
    seen = {exercise.kind for level in (1, 2, 3) for exercise in drill_exercises("mixed", level, 3, 60)}
    assert seen == set(KINDS)
    test = final_test(2024)
    assert len(test) == 10 and {exercise.kind for exercise in test} == set(KINDS)
    assert [exercise.kind for exercise in test] == sorted((e.kind for e in test), key=KINDS.index)
    assert final_test(2024) == test and final_test(2025) != test
    assert len(final_test(1, 3)) == 3 and len(set(e.kind for e in final_test(1, 3))) == 3


def _parse_banker(prompt):
    match = re.match(r"Banker holds (.+?) \((\d)\) and (?:Player stood|Player drew (\S+))\.", prompt)
    cards, total, third = match.groups()
    return values(cards), int(total), None if third is None else values(third)[0]


def _reference_answer(exercise):
    """The answer, recomputed from the prompt with the plain reference rules."""
    prompt = exercise.question.prompt
    if exercise.kind == "total":
        return str(sum(values(re.match(r"What is the total of (.+)\?", prompt).group(1))) % 10)
    if exercise.kind == "natural":
        hand = values(re.match(r"Is (.+) a natural\?", prompt).group(1))
        return "yes" if len(hand) == 2 and sum(hand) % 10 >= 8 else "no"
    if exercise.kind == "player-draw":
        hand = values(re.match(r"Player holds (.+) and Banker", prompt).group(1))
        return "draw" if sum(hand) % 10 <= 5 else "stand"
    if exercise.kind == "banker-draw":
        cards, total, third = _parse_banker(prompt)
        assert sum(cards) % 10 == total
        return "draw" if reference_banker_draws(total, third) else "stand"
    if exercise.kind == "winner":
        dealt = values(re.search(r"third cards: (.+)\. Who wins\?", prompt).group(1))
        player, banker, winner = reference_coup(dealt + [0, 0])
        assert len(player) + len(banker) == len(dealt)          # the prompt shows exactly the cards used
        return winner.capitalize()
    return exercise.question.answer                              # settle: checked by hand above


@pytest.mark.parametrize("kind", KINDS)
def test_generated_answers_agree_with_the_reference_rules(kind):
    for difficulty in (1, 2, 3):
        for exercise in drill_exercises(kind, difficulty, seed=kind, count=40):
            question = exercise.question
            assert question.answer == _reference_answer(exercise), question.prompt
            assert check(exercise, question.answer).correct
            assert not question.choices or question.answer in question.choices


def test_difficulty_changes_what_is_asked():
    def hands(level):
        return [len(re.match(r"What is the total of (.+)\?", e.question.prompt).group(1).split())
                for e in drill_exercises("total", level, 1, 40)]
    assert set(hands(1)) == {2} and set(hands(3)) == {3}
    assert all(sum(values(re.match(r"What is the total of (.+)\?", e.question.prompt).group(1))) >= 10
               for e in drill_exercises("total", 2, 1, 40))             # level 2: the units digit matters

    assert all("Player stood" in e.question.prompt for e in drill_exercises("banker-draw", 1, 1, 40))
    hard = [_parse_banker(e.question.prompt) for e in drill_exercises("banker-draw", 3, 1, 200)]
    hard = [(total, third) for _, total, third in hard if third is not None and 3 <= total <= 6]
    assert len(hard) >= 140                                           # the hard cells dominate level 3
    answers = Counter(reference_banker_draws(total, third) for total, third in hard)
    assert min(answers.values()) >= 0.35 * len(hard)                  # stands as often as draws
    assert {(3, 8)} <= set(hard) and {total for total, _ in hard} == {3, 4, 5, 6}

    level3_player = {sum(values(re.match(r"Player holds (.+) and", e.question.prompt).group(1))) % 10
                     for e in drill_exercises("player-draw", 3, 1, 40)}
    assert level3_player == {5, 6}
    assert any(len(re.match(r"Is (.+) a natural", e.question.prompt).group(1).split()) == 3
               for e in drill_exercises("natural", 3, 1, 40))
    assert all(e.question.prompt.count(" ") < 18 for e in drill_exercises("winner", 1, 1, 20))  # naturals: 4 cards
    assert all(e.kind in LEVELS[1] for e in drill_exercises("mixed", 1, 1, 30))
    assert "settle" in {e.kind for e in drill_exercises("mixed", 3, 1, 30)}
    bets = lambda level: {re.search(r"You bet \d+ on ([\w ]+),", e.question.prompt).group(1)  # noqa: E731
                          for e in drill_exercises("settle", level, 1, 80)}
    assert bets(1) == {"Player", "Banker"} and {"Dragon 7", "Panda 8", "Super six"} <= bets(3)


def test_bad_choices_are_refused_with_a_message():
    with pytest.raises(BaccaratError, match="unknown drill"):
        make_exercise("poker", 1, 1)
    with pytest.raises(BaccaratError, match="difficulty"):
        make_exercise("total", 4, 1)
    with pytest.raises(BaccaratError, match="at least one question"):
        final_test(1, 0)


# ---------------------------------------------------------------- score and drill state

def test_score_arithmetic():
    right, wrong = Feedback(True, "Right!"), Feedback(False, "Not quite")
    score = Score()
    for feedback, kind in [(right, "total"), (right, "total"), (wrong, "settle"), (right, "winner"),
                           (wrong, "banker-draw"), (wrong, "settle")]:
        score = record(score, feedback, kind)
    assert (score.asked, score.right, score.wrong, score.streak, score.best_streak) == (6, 3, 3, 0, 2)
    assert score.missed == ("settle", "banker-draw", "settle")
    assert score_summary(score) == ("3 of 6 right (50%), best streak 2. Practise again: Settling bets (2 missed), "
                                    "Banker: draw or stand (1 missed).")
    assert score_summary(Score()) == "No answers yet."
    assert score_summary(record(Score(), right)) == "1 of 1 right (100%), best streak 1. Nothing missed!"


def test_a_drill_scores_only_the_first_answer_and_never_a_blank():
    drill = start_drill("banker-draw", 3, seed=8)
    assert isinstance(drill, Drill) and drill.score == Score()
    assert answer_drill(drill, "  ") == drill
    answer = drill.exercise.question.answer
    drill = answer_drill(drill, answer)
    assert drill.feedback.correct and drill.score.right == 1
    assert answer_drill(drill, "nonsense") == drill                   # a second answer changes nothing
    moved = next_drill(drill)
    assert moved.number == 1 and moved.feedback is None and moved.score == drill.score
    assert moved.exercise == exercise_at("banker-draw", 3, 8, 1)
    skipped = next_drill(moved)                                      # a drill may skip; nothing is scored
    assert skipped.number == 2 and skipped.score == drill.score


def test_a_test_waits_for_each_answer_and_stops_at_the_end():
    drill = start_drill("test", seed=4, length=3)
    assert next_drill(drill) == drill
    for number in range(3):
        assert drill.exercise == final_test(4, 3)[number]
        drill = answer_drill(drill, "wrong on purpose")
        if number < 2:
            drill = next_drill(drill)
    assert drill.finished and next_drill(drill) == drill
    assert drill.score.asked == 3 and drill.score.right == 0 and len(drill.score.missed) == 3


def test_a_drill_without_seed_keeps_the_seed_it_picked():
    drill = start_drill("total", 1)
    assert isinstance(drill.seed, int) and drill.exercise == exercise_at("total", 1, drill.seed, 0)
    assert isinstance(drill.exercise, Exercise)


# ---------------------------------------------------------------- counting: effect of removal

@pytest.mark.parametrize("bet, table", MAIN_BETS + SIDE_BETS)
def test_effect_of_removal_is_the_edge_without_that_card_minus_the_edge(bet, table):
    effects = effect_of_removal(bet, table, decks=1)
    full = house_edge(bet, table, decks=1)
    for value, rank in [(0, "K"), (0, "10"), (1, "A"), (5, "5"), (9, "9")]:
        assert effects[value] == house_edge(bet, table, decks=1, removed=rank) - full
    assert set(effects) == set(range(10)) and all(isinstance(e, Fraction) for e in effects.values())


@pytest.mark.parametrize("decks", [1, 8])
def test_effects_weighted_by_the_cards_of_a_full_shoe_add_up_to_zero(decks):
    # Taking out an unseen card at random changes nothing on average: the weighted sum is exactly 0.
    for bet, effects in removal_effects(MAIN_BETS, decks).items():
        assert weighted_effect_sum(effects, decks) == 0, bet


def test_removal_moves_banker_and_player_in_opposite_directions():
    effects = removal_effects(MAIN_BETS, 1)
    for value in range(10):
        assert (effects["banker"][value] > 0) == (effects["player"][value] < 0)
    assert max(abs(e) for e in effects["banker"].values()) < Fraction(1, 1000)   # under 0.1 point per card
    assert effects["banker"][5] > 0 and effects["banker"][4] < 0     # see the lesson's table
    assert removal_text(effects).splitlines()[0].split() == ["card", "value", "banker", "player", "tie"]


def test_effect_of_removal_on_a_given_composition():
    counts = shoe_counts(1, "5 5 5")
    effects = effect_of_removal("banker", counts=counts)
    assert effects[5] == house_edge("banker", counts=shoe_counts(1, "5 5 5 5")) - house_edge("banker", counts=counts)
    with pytest.raises(BaccaratError, match="no 5"):
        effect_of_removal("banker", counts=shoe_counts(1, "5 5 5 5"))


def test_edges_after_removing():
    result = edges_after_removing("5 5 5 5", decks=1)
    assert set(result) == {bet for bet, _ in MAIN_BETS + SIDE_BETS}
    before, after = result["banker"]
    assert before == house_edge("banker", decks=1) and after == house_edge("banker", decks=1, removed="5 5 5 5")
    with pytest.raises(BaccaratError):
        edges_after_removing("5 5 5 5 5", decks=1)


# ---------------------------------------------------------------- counting: edges through a shoe

def test_edges_through_a_one_deck_shoe_follow_the_cards_dealt():
    points = edges_through_shoe(decks=1, seed=7)
    dealt = list(Shoe(decks=1, seed=7).coups())
    assert len(points) == len(dealt) and [p.dealt for p in points] == dealt
    for bet, table in MAIN_BETS:
        assert points[0].edges[bet] == house_edge(bet, table, decks=1)
    removed = []
    for point, coup in zip(points, dealt):
        assert point.cards_left == 52 - len(removed)
        assert point.edges["banker"] == house_edge("banker", decks=1, removed=removed)
        removed += coup.cards


def test_edges_through_an_eight_deck_shoe():
    points = edges_through_shoe(decks=8, seed=2024, bets=["banker", "player"])
    assert len(points) == len(list(Shoe(decks=8, seed=2024).coups()))
    assert points[0].edges == {"banker": house_edge("banker", decks=8), "player": house_edge("player", decks=8)}
    assert points[0].cards_left == 416 and points[-1].cards_left > 14
    counts = positive_coups(points)
    assert counts == {bet: sum(p.edges[bet] < 0 for p in points) for bet in ("banker", "player")}
    low, high = edge_ranges(points)["banker"]
    assert low <= points[0].edges["banker"] <= high


def test_rank_counts():
    assert rank_counts(as_cards("A A K 10")) == (2, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1)
    assert sum(rank_counts(Shoe(decks=2, seed=1).remaining())) == 104


# ---------------------------------------------------------------- counting: Chemin de Fer's choice on 5

def _player_bet_on_five(decks, draw):
    """Player holds a two-card 5, no natural; plain loops over card values, Banker by the reference rules."""
    counts = [16 * decks] + [4 * decks] * 9
    win = lose = everything = 0

    def take(value, used):
        return counts[value] - used.count(value)

    for p1, b1, p2, b2 in ((a, b, c, d) for a in range(10) for b in range(10) for c in range(10) for d in range(10)):
        if (p1 + p2) % 10 != 5 or (b1 + b2) % 10 >= 8:
            continue
        used, weight = [], 1
        for value in (p1, b1, p2, b2):
            weight *= max(take(value, used), 0)
            used.append(value)
        if not weight:
            continue
        for fifth in range(10):
            w5 = weight * max(take(fifth, used), 0)
            for sixth in range(10):
                w6 = w5 * max(take(sixth, used + [fifth]), 0)
                player = (5 + fifth) % 10 if draw else 5
                third = fifth if draw else None
                banker_card = sixth if draw else fifth
                banker = (b1 + b2 + (banker_card if reference_banker_draws((b1 + b2) % 10, third) else 0)) % 10
                everything += w6
                win += w6 * (player > banker)
                lose += w6 * (banker > player)
    return Fraction(win - lose, everything)


def test_five_choice_against_plain_loops():
    choice = five_choice(1)
    assert choice == {"draw": _player_bet_on_five(1, True), "stand": _player_bet_on_five(1, False)}


def test_drawing_on_five_is_the_punto_banco_game():
    def given_five(coups):
        return (coups.player_start == 5) & ~coups.natural
    start = probability_where("test five", given_five, decks=8)
    wins = probability_where("test five wins", lambda c: given_five(c) & c.player_wins, decks=8)
    losses = probability_where("test five losses", lambda c: given_five(c) & c.banker_wins, decks=8)
    assert five_choice(8)["draw"] == (wins - losses) / start
    assert five_choice(8)["draw"] > five_choice(8)["stand"]


# ---------------------------------------------------------------- counting exercises

def test_counting_questions_are_answered_by_the_computation():
    question = best_removal_question("banker", decks=1)
    effects = effect_of_removal("banker", decks=1)
    assert question.answer == str(min(effects, key=effects.get)) and question.answer in question.choices
    points = edges_through_shoe(decks=1, seed=3, bets=["banker"])
    assert positive_question(points, "banker").answer == str(sum(p.edges["banker"] < 0 for p in points))
