"""Widgets of lessons 04–05, driven without a browser: set .value or click, assert on state and HTML.

Expected results are worked out by hand from the rules, not read from the code.
"""

import re

from baccarat_lib.game import Shoe, play_coup
from baccarat_lib.views.widgets import show_coup_builder, show_shoe_dealer, show_tableau_explorer
from baccarat_lib.views.widgets.coup import _steps_known as steps_known


def _highlighted(html):
    return re.findall(r'class="bcl-highlight" data-total="(\d)" data-value="(\w+)"', html)


# ---------------------------------------------------------------- tableau explorer

def test_explorer_default_banker_4_third_card_7_draws():
    explorer = show_tableau_explorer().controller
    assert explorer.reading.decision.draws is True
    assert "Banker draws a third card" in explorer.result.value
    assert _highlighted(explorer.result.value) == [("4", "7")]


def test_explorer_banker_3_with_an_8_stands():
    explorer = show_tableau_explorer().controller
    explorer.banker_total.value = 3
    explorer.third_card.value = 8
    assert explorer.reading.decision.draws is False
    assert "Banker stands" in explorer.result.value and "8" in explorer.reading.decision.reason
    assert _highlighted(explorer.result.value) == [("3", "8")]


def test_explorer_walks_row_6():
    explorer = show_tableau_explorer(banker_total=6).controller
    seen = {}
    for value in range(10):
        explorer.third_card.value = value
        seen[value] = explorer.reading.decision.draws
    assert {value for value, draws in seen.items() if draws} == {6, 7}


def test_explorer_player_stood_uses_players_rule():
    explorer = show_tableau_explorer().controller
    explorer.third_card.value = "stood"
    explorer.banker_total.value = 5
    assert explorer.reading.decision.draws is True
    assert "Player stood" in explorer.reading.decision.reason
    assert _highlighted(explorer.result.value) == [("5", "stood")]
    explorer.banker_total.value = 6
    assert explorer.reading.decision.draws is False


def test_explorer_shows_value_0_for_picture_cards():
    explorer = show_tableau_explorer(banker_total=4, third_card=0).controller
    assert explorer.reading.decision.draws is False      # Banker 4 stands on 0 (10 J Q K)


# ---------------------------------------------------------------- shoe dealer

def test_dealer_turns_cards_one_by_one_and_tells_steps_when_known():
    dealer = show_shoe_dealer(seed=2024).controller
    # The same seeded 8-deck shoe dealt independently gives the same first coup.
    expected = Shoe(decks=8, seed=2024).deal_coup()
    assert dealer.coup.cards == expected.cards and dealer.shown == 0
    # Seed 2024 deals 8♠ 8♥ 4♦ 6♦ Q♠. Checked by hand: Player 8+4 = 12 → 2, Banker 8+6 = 14 → 4, no natural;
    # Player 2 draws the Q (worth 0) and keeps 2; Banker 4 stands on a 0 (draws only on 2–7): Banker wins 4–2.
    assert [card.label for card in dealer.coup.cards] == ["8♠", "8♥", "4♦", "6♦", "Q♠"]
    assert "bcl-steps" not in dealer.table.value                 # nothing to tell before 4 cards
    for _ in range(3):
        dealer.next_card.click()
    assert dealer.shown == 3 and "bcl-steps" not in dealer.table.value
    assert dealer.table.value.count("bcl-card") == 3
    dealer.next_card.click()
    assert "No natural: Player has 2 (8+4 = 12), Banker has 4 (8+6 = 14)." in dealer.table.value
    assert "Player has 2 (8+4 = 12): 0–5 draws." in dealer.table.value
    assert "Natural:" not in dealer.table.value and "Banker stands" not in dealer.table.value  # not known yet
    while not dealer.finished:
        dealer.next_card.click()
    assert dealer.next_card.disabled
    assert dealer.table.value.count("bcl-card") == len(expected.cards)
    assert dealer.shown == 5 and "Banker wins 4–2." in dealer.table.value   # the result is told at the end
    dealer.next_card.click()                                     # clicking past the end changes nothing
    assert dealer.shown == len(expected.cards)


def test_dealer_new_coup_takes_the_next_cards_of_the_shoe():
    dealer = show_shoe_dealer(seed=7).controller
    shoe = Shoe(decks=8, seed=7)
    first, second = shoe.deal_coup(), shoe.deal_coup()
    assert dealer.coup.cards == first.cards
    dealer.next_card.click()
    dealer.new_coup.click()
    assert dealer.coup.cards == second.cards and dealer.shown == 0 and not dealer.next_card.disabled
    # The second coup's cards are all face down, so they still count as in the shoe
    assert f"{416 - len(first.cards)} cards still in the shoe" in dealer.status.value
    assert "coup 2" in dealer.status.value


def test_dealer_counts_the_cards_the_learner_has_not_seen_leave_the_shoe():
    # "Cards face up so far: 0" came with "411 cards left" on a fresh 8-deck shoe (416 cards).
    dealer = show_shoe_dealer(seed=2024).controller
    assert dealer.shown == 0 and "416 cards still in the shoe" in dealer.status.value   # 8 x 52, nothing turned
    coup_size = len(dealer.coup.cards)
    for turned in range(1, coup_size + 1):
        dealer.next_card.click()
        assert f"{416 - turned} cards still in the shoe" in dealer.status.value
    dealer.new_coup.click()                                      # the next coup: nothing turned yet, count unchanged
    assert f"{416 - coup_size} cards still in the shoe" in dealer.status.value
    assert "Cards face up so far: 0" in dealer.table.value
    dealer.next_card.click()
    assert f"{416 - coup_size - 1} cards still in the shoe" in dealer.status.value


def test_dealer_shuffles_a_fresh_shoe_after_the_cut_card():
    dealer = show_shoe_dealer(seed=3, decks=1).controller
    while not dealer.run.shoe.past_cut_card:
        dealer.new_coup.click()
    dealer.new_coup.click()
    assert "fresh shoe" in dealer.status.value and "Shoe 2" in dealer.status.value and dealer.run.number == 2


def test_steps_known_by_hand_for_the_worked_deal():
    coup = play_coup("2♣ 3♥ 3♠ A♦ 7♦ 4♠")
    # 4 cards: totals and Player's rule; 5: Player's draw and Banker's rule; 6: Banker's draw and the result.
    assert len(steps_known(coup, 3)) == 0
    assert [s.rule for s in steps_known(coup, 4)] == ["natural", "player-rule"]
    assert [s.rule for s in steps_known(coup, 6)][-2:] == ["banker-draw", "compare"]
    stood = play_coup("7 2 Q 3 5")            # Player 7 stands; Banker 5 draws on Player's rule
    assert [s.rule for s in steps_known(stood, 4)] == ["natural", "player-rule", "banker-rule"]


# ---------------------------------------------------------------- coup builder

def test_builder_explains_the_worked_deal():
    builder = show_coup_builder().controller
    html = builder.result.value
    assert "Banker wins 8–2." in html and "12" in html
    assert html.count("bcl-card") == 6


def test_builder_with_an_8_banker_stands_and_4_stays_in_the_shoe():
    builder = show_coup_builder().controller
    builder.cards.value = "2♣ 3♥ 3♠ A♦ 8♦ 4♠"
    html = builder.result.value
    assert "Banker wins 4–3." in html and "stands" in html
    assert "4♠ stays in the shoe" in html


def test_builder_says_how_many_cards_are_missing():
    builder = show_coup_builder().controller
    builder.cards.value = "2 3 3"
    assert "bcl-error" in builder.result.value and "needs 1 more card" in builder.result.value
    builder.cards.value = "2 3 3 A"                 # Player 5 must draw: a 5th card is needed
    assert "needs 1 more card" in builder.result.value


def test_builder_rejects_something_that_is_not_a_card():
    builder = show_coup_builder().controller
    builder.cards.value = "Z♠ 2 3 4"
    assert "bcl-error" in builder.result.value and "not a card" in builder.result.value
    assert "Traceback" not in builder.result.value


def test_builder_natural_uses_four_cards():
    builder = show_coup_builder("K 5 9 3 7").controller
    assert "Player wins 9–8." in builder.result.value and "7 stays in the shoe" in builder.result.value


def test_the_shoe_dealer_keeps_the_keyboard_on_a_button_that_works(focused):
    dealer = show_shoe_dealer(seed=2024).controller
    while not dealer.finished:
        dealer.next_card.click()
    assert dealer.next_card.disabled and focused == [dealer.new_coup]   # only once the last card is turned
    dealer.new_coup.click()
    assert focused[-1] is dealer.next_card and not dealer.next_card.disabled
