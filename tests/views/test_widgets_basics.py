"""The lesson 01–03 widgets, driven without a browser (the lesson 00 diagram: test_diagrams.py).

Expected totals and decisions are worked by hand (or by tests/reference_rules.py), never read from the code.
"""

import itertools
import re

import pytest

from reference_rules import reference_coup

from baccarat_lib.errors import BaccaratError
from baccarat_lib.views.widgets import show_natural_checker, show_player_rule, show_total_calculator
from baccarat_lib.views.widgets.basics import natural_reading, player_rule_reading

# Point values by hand: A = 1, 2..9 face value, 10 J Q K = 0.
VALUE = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 0, "J": 0, "Q": 0, "K": 0}


# ---------------------------------------------------------------- lesson 01: total calculator

@pytest.mark.parametrize("text, total, working", [
    ("7 8", 5, "7 + 8 = 15 → keep the units digit: 5"),
    ("K 9", 9, "K + 9 → 0 + 9 = 9"),
    ("6 7 8", 1, "6 + 7 + 8 = 21 → keep the units digit: 1"),
    ("Q 9", 9, "Q + 9 → 0 + 9 = 9"),
    ("2 4", 6, "2 + 4 = 6"),
    ("5 5", 0, "5 + 5 = 10 → keep the units digit: 0"),
    ("10 J", 0, "10 + J → 0 + 0 = 0"),
    ("A 9 K", 0, "A + 9 + K → 1 + 9 + 0 = 10 → keep the units digit: 0"),
])
def test_total_calculator_shows_total_and_working(text, total, working):
    calculator = show_total_calculator("2 2").controller
    calculator.text.value = text
    assert calculator.total == total
    assert f"= {total}</span>" in calculator.output.value
    assert working in calculator.output.value.replace("&gt;", ">")
    assert "bcl-error" not in calculator.output.value


def test_total_calculator_starts_on_7_8_and_shows_card_faces():
    view = show_total_calculator()
    calculator = view.controller
    assert calculator.total == 5
    assert calculator.output.value.count('class="bcl-card"') == 2
    assert [card.rank for card in calculator.cards] == ["7", "8"]


def test_total_calculator_suits_are_shown_red_and_black():
    calculator = show_total_calculator().controller
    calculator.text.value = "6♠ 7♥ 8d"
    assert calculator.total == 1
    assert "6♠" in calculator.output.value and "7♥" in calculator.output.value and "8♦" in calculator.output.value
    assert "#c0392b" in calculator.output.value  # hearts and diamonds are red


def test_total_calculator_rank_buttons_and_clear():
    calculator = show_total_calculator().controller
    calculator.clear.click()
    assert calculator.text.value == "" and calculator.total is None
    assert "bcl-error" not in calculator.output.value
    buttons = {button.description: button for button in calculator.rank_buttons}
    buttons["K"].click()
    assert calculator.total is None and "add one more" in calculator.output.value
    buttons["9"].click()
    assert calculator.text.value == "K 9" and calculator.total == 9
    buttons["4"].click()  # 0 + 9 + 4 = 13 -> 3
    assert calculator.total == 3


@pytest.mark.parametrize("bad, words", [
    ("7 X", "is not a card"),
    ("1 7", "is not a card"),
    ("7 8 9 2", "never 4"),
    ("7,,8", "empty"),
])
def test_total_calculator_bad_input_is_shown_inline(bad, words):
    calculator = show_total_calculator().controller
    calculator.text.value = bad
    assert "bcl-error" in calculator.output.value
    assert words in calculator.output.value
    assert "Traceback" not in calculator.output.value
    assert calculator.total is None
    calculator.text.value = "9 9"  # recovers: 18 -> 8
    assert calculator.total == 8 and "bcl-error" not in calculator.output.value


# ---------------------------------------------------------------- lesson 02: natural checker

def test_natural_checker_reference_example_player_wins_9_to_8():
    checker = show_natural_checker().controller  # K 5 9 3: Player K+9 = 9, Banker 5+3 = 8
    assert [choice.value for choice in checker.choices] == ["K", "5", "9", "3"]
    reading = checker.reading
    assert reading.natural
    assert (reading.player.total, reading.banker.total) == (9, 8)
    assert "Player wins 9–8." in checker.output.value
    assert "both hands stand" in checker.output.value


def test_natural_checker_no_natural_5_against_4():
    checker = show_natural_checker().controller
    for choice, rank in zip(checker.choices, ["2", "3", "3", "A"]):
        choice.value = rank
    reading = checker.reading
    assert not reading.natural
    assert (reading.player.total, reading.banker.total) == (5, 4)
    assert "No natural" in checker.output.value
    assert "wins" not in checker.output.value


def test_natural_checker_banker_natural_stops_a_player_zero():
    checker = show_natural_checker().controller
    for choice, rank in zip(checker.choices, ["K", "4", "Q", "5"]):  # Player 0, Banker 4+5 = 9
        choice.value = rank
    assert checker.reading.natural
    assert "Banker has 9 (4+5): a natural 9!" in checker.output.value
    assert "Banker wins 9–0." in checker.output.value


def test_natural_checker_natural_tie():
    checker = show_natural_checker().controller
    for choice, rank in zip(checker.choices, ["4", "9", "4", "10"]):  # Player 4+4 = 8, Banker 9+10 = 9
        choice.value = rank
    assert "Banker wins 9–8." in checker.output.value
    for choice, rank in zip(checker.choices, ["8", "J", "Q", "8"]):  # Player 8, Banker 8
        choice.value = rank
    assert "Tie 8–8." in checker.output.value


def test_natural_checker_deal_is_seeded_and_consistent():
    first = show_natural_checker(seed=11).controller
    second = show_natural_checker(seed=11).controller
    for _ in range(30):
        first.deal.click()
        second.deal.click()
        ranks = [choice.value for choice in first.choices]
        assert ranks == [choice.value for choice in second.choices]
        player_total = (VALUE[ranks[0]] + VALUE[ranks[2]]) % 10
        banker_total = (VALUE[ranks[1]] + VALUE[ranks[3]]) % 10
        assert first.reading.natural == (player_total >= 8 or banker_total >= 8)
        assert (first.reading.player.total, first.reading.banker.total) == (player_total, banker_total)
        assert "bcl-error" not in first.output.value


def test_natural_reading_agrees_with_the_reference_on_every_rank_combination():
    for ranks in itertools.product(["A", "2", "4", "5", "8", "9", "K"], repeat=4):
        reading = natural_reading(list(ranks))
        values = [VALUE[rank] for rank in ranks]
        natural = (values[0] + values[2]) % 10 >= 8 or (values[1] + values[3]) % 10 >= 8
        assert reading.natural == natural
        if natural:
            _, _, winner = reference_coup(values)
            word = {"player": "Player wins", "banker": "Banker wins", "tie": "Tie"}[winner]
            assert reading.sentences[-1].startswith(word)


def test_natural_reading_needs_exactly_four_cards():
    with pytest.raises(BaccaratError):
        natural_reading("K 5 9")


# ---------------------------------------------------------------- lesson 03: Player rule

@pytest.mark.parametrize("first, second, total, draws", [
    ("2", "3", 5, True), ("K", "Q", 0, True), ("A", "4", 5, True), ("3", "K", 3, True),
    ("K", "6", 6, False), ("9", "7", 6, False), ("3", "4", 7, False),
])
def test_player_rule_draws_on_0_to_5_and_stands_on_6_7(first, second, total, draws):
    explorer = show_player_rule().controller
    explorer.first.value, explorer.second.value = first, second
    reading = explorer.reading
    assert reading.hand.total == total
    assert reading.decision.draws is draws
    sentence = "Player takes a third card." if draws else "Player stays on two cards."
    assert sentence in explorer.output.value
    assert ("0–5 draws" if draws else "6–7 stands") in explorer.output.value
    assert f'class="bcl-total-{total}" style="padding:0.25em 0.5em;text-align:center;border:1px solid #bbb;' \
           in explorer.output.value
    assert "outline:4px solid #111;" in explorer.output.value.split(f'bcl-total-{total}"')[1].split("</td>")[0]
    # and said: the one outlined total is the current one for a screen reader
    assert re.findall(r'class="bcl-total-(\d)"[^>]*aria-current="true"', explorer.output.value) == [str(total)]


def test_player_rule_natural_is_not_a_draw_question():
    explorer = show_player_rule("4 4").controller  # 8 on two cards
    assert not explorer.reading.decision.draws
    assert "natural" in explorer.output.value and "compared at once" in explorer.output.value


def test_player_rule_every_pair_matches_the_prose_rule():
    for first, second in itertools.product(VALUE, repeat=2):
        total = (VALUE[first] + VALUE[second]) % 10
        assert player_rule_reading([first, second]).decision.draws == (total <= 5)


def test_player_rule_strip_marks_each_total():
    explorer = show_player_rule().controller
    html = explorer.output.value
    for total in range(6):
        assert f'bcl-total-{total}"' in html
    strip = html.split('class="bcl-player-rule"')[1]
    words = [cell.split("<br>")[1] for cell in strip.split("</td>")[:-1]]
    assert words == ["draw"] * 6 + ["stand"] * 2 + ["natural"] * 2
