"""Whole coups: the reference's worked examples, every possible start, properties and bad input."""

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from baccarat_lib.errors import BaccaratError
from baccarat_lib.game import (ANY, FIRST_FOUR, RANKS, SUITS, Card, Decision, Outcome, Step, cards_needed, parse_cards,
                               play_coup, steps_text)
from reference_rules import reference_coup

# Worked examples of the reference, with the steps a learner must see.
WORKED_EXAMPLES = [
    ("2 A 3 2 8", Outcome.TIE, (3, 3), [
        "No natural: Player has 5 (2+3), Banker has 3 (A+2).",
        "Player has 5 (2+3): 0–5 draws.",
        "Player draws 8: 2+3+8 = 13, so Player has 3.",
        "Banker has 3 and Player's third card is an 8: with 3, Banker draws on any card but 8, so Banker stands.",
        "Tie 3–3."]),
    ("2♣ 3♥ 3♠ A♦ 7♦ 4♠", Outcome.BANKER, (2, 8), [
        "No natural: Player has 5 (2+3), Banker has 4 (3+A).",
        "Player has 5 (2+3): 0–5 draws.",
        "Player draws 7♦: 2+3+7 = 12, so Player has 2.",
        "Banker has 4 and Player's third card is a 7: with 4, Banker draws on 2–7.",
        "Banker draws 4♠: 3+A+4 = 8, so Banker has 8.",
        "Banker wins 8–2."]),
    ("2♣ 3♥ 3♠ A♦ 8♦ 4♠", Outcome.BANKER, (3, 4), [
        "No natural: Player has 5 (2+3), Banker has 4 (3+A).",
        "Player has 5 (2+3): 0–5 draws.",
        "Player draws 8♦: 2+3+8 = 13, so Player has 3.",
        "Banker has 4 and Player's third card is an 8: with 4, Banker draws only on 2–7, so Banker stands.",
        "Banker wins 4–3."]),
    ("2 3 3 A 6 3", Outcome.BANKER, (1, 7), [
        "No natural: Player has 5 (2+3), Banker has 4 (3+A).",
        "Player has 5 (2+3): 0–5 draws.",
        "Player draws 6: 2+3+6 = 11, so Player has 1.",
        "Banker has 4 and Player's third card is a 6: with 4, Banker draws on 2–7.",
        "Banker draws 3: 3+A+3 = 7, so Banker has 7.",
        "Banker wins 7–1."]),
    ("K 5 9 3", Outcome.PLAYER, (9, 8), [
        "Natural: Player has 9 (K+9), Banker has 8 (5+3); both hands stand.",
        "Player wins 9–8."]),
]


@pytest.mark.parametrize("cards, outcome, totals, steps", WORKED_EXAMPLES)
def test_worked_examples(cards, outcome, totals, steps):
    coup = play_coup(cards)
    assert coup.outcome == outcome
    assert (coup.player.total, coup.banker.total) == totals
    assert steps_text(coup.steps) == steps
    assert coup.explain() == "\n".join(steps)
    assert [str(step) for step in coup.steps] == steps


def test_issue_step_examples_appear_verbatim():
    steps = steps_text(play_coup("2♣ 3♥ 3♠ A♦ 7♦ 4♠").steps)
    assert "Player has 5 (2+3): 0–5 draws." in steps
    assert "Banker has 4 and Player's third card is a 7: with 4, Banker draws on 2–7." in steps


def test_outcome_is_a_str_enum():
    assert Outcome("banker") is Outcome.BANKER and Outcome.TIE == "tie"
    assert {o.value for o in Outcome} == {"player", "banker", "tie"}


def _rank_of(value):
    return "K" if value == 0 else "A" if value == 1 else str(value)


def test_every_start_agrees_with_an_independent_implementation():
    """All 10**4 four-card starts, each with every fifth-card value (the one Banker's rule reads).

    The sixth card only changes Banker's final total, so it cycles through all values across starts.
    """
    for number, start in enumerate(itertools.product(range(10), repeat=4)):
        for fifth in range(10):
            values = start + (fifth, (number + fifth) % 10)
            player, banker, winner = reference_coup(values)
            coup = play_coup([Card(_rank_of(v)) for v in values])
            assert [c.value for c in coup.player.cards] == player, values
            assert [c.value for c in coup.banker.cards] == banker, values
            assert coup.outcome.value == winner, values
            assert coup.is_natural == (sum(values[0:3:2]) % 10 >= 8 or sum(values[1:4:2]) % 10 >= 8)


cards = st.builds(Card, st.sampled_from(RANKS), st.sampled_from(SUITS + (None,)))


@given(st.lists(cards, min_size=6, max_size=10))
def test_each_hand_has_two_or_three_cards_and_later_cards_are_ignored(dealt):
    coup = play_coup(dealt)
    assert 2 <= len(coup.player.cards) <= 3 and 2 <= len(coup.banker.cards) <= 3
    used = len(coup.cards)
    assert list(coup.cards) == dealt[:used]
    assert play_coup(dealt[:used]) == coup
    assert play_coup(dealt[:used] + dealt[::-1]) == coup
    assert cards_needed(dealt) == used


# Point values by hand (A = 1, 2..9 face value, 10 J Q K = 0), not from baccarat_lib.
PIPS = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 0, "J": 0, "Q": 0, "K": 0}


@given(st.lists(cards, min_size=6, max_size=6))
def test_a_natural_ends_the_coup_at_four_cards(dealt):
    coup = play_coup(dealt)
    # The expectation is read from the first four cards alone: Player holds cards 1 and 3, Banker 2 and 4.
    player_start = (PIPS[dealt[0].rank] + PIPS[dealt[2].rank]) % 10
    banker_start = (PIPS[dealt[1].rank] + PIPS[dealt[3].rank]) % 10
    natural = player_start >= 8 or banker_start >= 8
    assert coup.is_natural == natural
    assert coup.player.is_natural == (player_start >= 8) and coup.banker.is_natural == (banker_start >= 8)
    if natural:
        assert len(coup.cards) == 4
        assert (coup.player.total, coup.banker.total) == (player_start, banker_start)
    else:  # no natural: the coup stops at four cards only when both hands stand on 6 or 7
        assert (len(coup.cards) == 4) == (player_start >= 6 and banker_start >= 6)


@given(st.lists(cards, min_size=6, max_size=6))
def test_outcome_follows_the_totals(dealt):
    coup = play_coup(dealt)
    p, b = coup.player.total, coup.banker.total
    assert coup.outcome == (Outcome.PLAYER if p > b else Outcome.BANKER if b > p else Outcome.TIE)
    assert coup.steps[-1].rule == "compare"


@pytest.mark.parametrize("text, more", [("2 3 3", 1), ("2", 3), ("2 A 3 2", 1), ("K K K K", 1), ("K K K K 5", 1)])
def test_too_few_cards_says_how_many_more(text, more):
    with pytest.raises(BaccaratError, match=rf"needs {more} more card"):
        play_coup(text)


def test_no_fourth_card_however_low():
    coup = play_coup("K K K K K K K K")
    assert len(coup.player.cards) == 3 and len(coup.banker.cards) == 3
    assert coup.outcome is Outcome.TIE


def test_steps_know_their_rules():
    coup = play_coup(parse_cards("2♣ 3♥ 3♠ A♦ 7♦ 4♠"))
    assert [s.rule for s in coup.steps] == ["natural", "player-rule", "player-draw", "banker-rule",
                                            "banker-draw", "compare"]


def test_steps_are_data_read_from_the_cards():
    # Worked by hand: Player 2+3 = 5 draws 7♦ (12 -> 2); Banker 3+A = 4 with a third card 7 reads the tableau cell
    # (4, 7), in row 4 (draws on 2-7), draws 4♠ (8); Banker wins 8-2.
    coup = play_coup("2♣ 3♥ 3♠ A♦ 7♦ 4♠")
    natural, player_rule, player_draw, banker_rule, banker_draw, compare = coup.steps
    two, three, seven = Card("2", "♣"), Card("3", "♠"), Card("7", "♦")
    assert natural == Step("natural", (two, three), (Card("3", "♥"), Card("A", "♦")), 5, 4, False)
    assert player_rule.decision == Decision(True, "player-rule", 5, frozenset({0, 1, 2, 3, 4, 5}))
    assert (player_draw.player, player_draw.player_total, player_draw.banker_total) == ((two, three, seven), 2, 4)
    assert banker_rule.decision == Decision(True, "tableau", 4, frozenset({2, 3, 4, 5, 6, 7}), seven)
    assert banker_rule.decision.cell == (4, 7) and player_rule.decision.cell is None
    assert (banker_draw.banker[-1], banker_draw.banker_total) == (Card("4", "♠"), 8)
    assert (compare.outcome, compare.player_total, compare.banker_total) == (Outcome.BANKER, 2, 8)
    # Player 6 (K+6) stands; Banker 5 follows Player's rule with no third card: no tableau cell.
    stood = play_coup("K 2 6 3 4").steps[2].decision
    assert stood == Decision(True, "banker-follows-player", 5, frozenset({0, 1, 2, 3, 4, 5}))
    assert stood.cell is None


@given(st.lists(cards, min_size=6, max_size=6))
def test_steps_hold_no_text(dealt):
    # A step and its decision hold codes, cards and numbers: their words are made when they are shown.
    for step in play_coup(dealt).steps:
        records = (step, step.decision) if step.decision else (step,)
        fields = [value for record in records for name, value in record._asdict().items() if name != "rule"]
        assert not [field for field in fields if isinstance(field, str) and not isinstance(field, Outcome)], step
        assert step.decision is None or step.decision.values <= ANY


def test_dealt_names_the_side_of_each_card_in_order():
    # By hand: cards alternate Player, Banker for the first four; a third card goes to whoever draws it.
    assert FIRST_FOUR == ("player", "banker", "player", "banker")
    worked = play_coup("2♣ 3♥ 3♠ A♦ 7♦ 4♠")
    assert [(side, card.label) for side, card in worked.dealt] == [
        ("player", "2♣"), ("banker", "3♥"), ("player", "3♠"), ("banker", "A♦"), ("player", "7♦"), ("banker", "4♠")]
    stood = play_coup("7 2 Q 3 5")            # Player 7 stands; Banker 5 draws the fifth card
    assert [side for side, _ in stood.dealt] == ["player", "banker", "player", "banker", "banker"]
