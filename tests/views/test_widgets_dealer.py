"""Dealer mode on screen (baccarat_lib.views.widgets.dealer), driven without a browser.

Seed 5's first coup, by hand: Player A♦ K♥ (1), Banker 7♦ 7♣ (14 -> 4), no natural; Player draws 10♠ (worth 0);
Banker 4 with a third card worth 0 stands; Banker wins 4-1.
"""

from decimal import Decimal

import pytest

from baccarat_lib.errors import BaccaratError
from baccarat_lib.views.widgets.dealer import DealerWidget, show_dealer_mode
from baccarat_lib.views.widgets.common import shown_html


class FakeClock:
    def __init__(self, now=0.0):
        self.now = now

    def __call__(self):
        return self.now


def _labels(dealer):
    return [button.description for button in dealer.controls.buttons]


def test_show_dealer_mode_returns_the_view_of_its_controller():
    view = show_dealer_mode(seed=5, coups=1)
    assert view.controller.view is view and isinstance(view.controller, DealerWidget)


def test_nothing_can_be_answered_before_start_and_the_first_call_is_timed_from_start():
    # Built (Run All) at 100; the learner scrolls to it, presses Start at 121.5, calls "none" at 122.
    clock = FakeClock(100)
    dealer = DealerWidget(seed=5, coups=1, clock=clock)
    assert dealer.answer_row.children == (dealer.start_button,)
    assert "A♦" not in dealer.call.value and "Natural?" not in dealer.call.value   # the call is not shown yet
    assert "press Start" in dealer.timer.value
    clock.now = 121.5
    assert dealer.click("none") is None and dealer.session.last is None            # no button to press yet
    dealer.start_button.click()
    assert "Natural?" in dealer.call.value and _labels(dealer) == ["none", "Player", "Banker", "both"]
    clock.now = 122
    feedback = dealer.click("none")
    assert feedback.right and feedback.seconds == 0.5 and not feedback.slow
    assert "0.5 s" in dealer.timer.value and "slow" not in dealer.timer.value


def test_after_start_a_new_session_is_timed_from_the_click_that_dealt_it():
    # Start at 0; "Start again" at 40 deals a new session and shows its first call at once; answered at 43: 3 s.
    clock = FakeClock(0)
    dealer = DealerWidget(seed=5, coups=1, clock=clock)
    dealer.start()
    clock.now = 40
    dealer.restart_button.click()
    assert _labels(dealer) == ["none", "Player", "Banker", "both"]
    clock.now = 43
    assert dealer.click("none").seconds == 3.0


def test_the_first_call_shows_four_card_faces_and_the_natural_buttons():
    dealer = DealerWidget(seed=5, coups=1, clock=FakeClock())
    dealer.start()
    html = dealer.call.value
    for label in ("A♦", "7♦", "K♥", "7♣"):
        assert label in html
    assert "10♠" not in html and "Natural?" in html and "bcl-card" in html
    assert _labels(dealer) == ["none", "Player", "Banker", "both"]
    assert "Target: 5 s" in dealer.timer.value


def test_clicking_through_a_coup_with_the_clock():
    # Answers at 2 s and 9 s (target 5 s)
    clock = FakeClock(0)
    dealer = DealerWidget(seed=5, coups=1, clock=clock)
    dealer.start()
    clock.now = 2
    assert dealer.click("none").right
    assert "Right (2.0 s)" in dealer.feedback.value and "2.0 s" in dealer.timer.value
    assert _labels(dealer) == ["draw", "stand"]
    clock.now = 9
    assert dealer.click("draw").right and dealer.session.last.slow
    assert "slow" in dealer.timer.value and "7.0 s" in dealer.timer.value
    assert "10♠" in dealer.call.value                # Player's third card is now face up, for the Banker call


def test_a_wrong_call_explains_and_waits_for_continue():
    # Banker 4 with a third card worth 0 stands; "draw" is wrong.
    clock = FakeClock(0)
    dealer = DealerWidget(seed=5, coups=1, clock=clock)
    dealer.start()
    dealer.click("none")
    dealer.click("draw")
    feedback = dealer.click("draw")
    assert not feedback.right and "the right call is stand" in dealer.feedback.value
    assert dealer.answer_row.children == (dealer.continue_button,) and dealer.click("Banker") is None
    # the cards of the missed call stay on screen beside the feedback: all five dealt so far, and the call
    for label in ("A♦", "7♦", "K♥", "7♣", "10♠"):
        assert label in dealer.call.value
    assert "Banker draws?" in dealer.call.value and "press Continue" in dealer.call.value
    clock.now = 50
    dealer.continue_button.click()
    assert _labels(dealer) == ["Player", "Banker", "Tie"] and shown_html(dealer.feedback) == ""
    clock.now = 51
    assert dealer.click("Banker").seconds == 1.0     # the clock started at Continue


def test_the_timer_icon_is_drawn_not_a_character_a_font_may_lack():
    # U+23F1 (stopwatch) is in no font on many machines: it showed as an empty box.
    dealer = DealerWidget(seed=5, coups=1, clock=FakeClock())
    for step in (lambda: None, dealer.start, lambda: dealer.click("none")):
        step()
        assert "\u23f1" not in dealer.timer.value and "<svg" in dealer.timer.value
        assert 'aria-label="Timer"' in dealer.timer.value
        assert all(ord(character) < 0x2000 or character in "·–" for character in dealer.timer.value), dealer.timer.value


def test_money_is_typed_and_a_typo_is_not_marked_wrong():
    # The stake comes from the seed; Banker 1:1 less 5%: stake x 0.95, by hand.
    dealer = DealerWidget(seed=5, coups=1, clock=FakeClock())
    dealer.start()
    for choice in ("none", "draw", "stand", "Banker"):
        dealer.click(choice)
    assert dealer.controls.box.children == (dealer.controls.text, dealer.controls.check)
    prompt = dealer.session.current_call().prompt
    stake = Decimal(prompt.split(" bet of ")[1].split(" wins")[0].replace(",", ""))
    typo = dealer.click("abc")
    assert not typo.judged and "Type a" in dealer.feedback.value and "bcl-info" in dealer.feedback.value
    assert str(stake * Decimal("0.95")) not in dealer.feedback.value and not dealer.session.finished
    assert dealer.click(str(stake * Decimal("0.95"))).right
    assert dealer.session.finished


def test_the_report_shows_the_table_and_the_wrong_coup_replayed():
    # One wrong call (player-draw) in a one-coup session.
    dealer = DealerWidget(seed=5, coups=1, clock=FakeClock())
    dealer.start()
    dealer.click("none")
    dealer.click("stand")                            # wrong: Player 1 draws
    dealer.continue_button.click()
    dealer.click("stand")
    dealer.click("Banker")
    stake = Decimal(dealer.session.current_call().prompt.split(" bet of ")[1].split(" wins")[0].replace(",", ""))
    dealer.click(str(stake * Decimal("0.95")))
    report = dealer.report.value
    assert "bcl-dealer-report" in report and "4 of 5 (80%)" in report and "0 of 1 (0%)" in report
    assert "Coup 1: Player draws? you called stand, the right call is draw" in report
    assert "Player has 1 (A+K): 0–5 draws." in report and "bcl-steps" in report
    assert dealer.answer_row.children == () and "Session finished" in dealer.call.value


def test_a_bad_seed_in_the_box_shows_inline_and_a_good_one_restarts():
    dealer = DealerWidget(seed=5, coups=1, clock=FakeClock())
    dealer.start()
    dealer.seed.value = "-3"
    assert dealer.session is None and "seed must be a whole number" in dealer.feedback.value
    assert dealer.answer("none") is None
    dealer.seed.value = "1"
    assert dealer.session.seed == 1 and "6♦" in dealer.call.value


def test_same_seed_same_first_coup_and_restart():
    dealer = DealerWidget(seed=5, coups=2, clock=FakeClock())
    dealer.start()
    dealer.click("none")
    dealer.restart_button.click()
    assert dealer.session.current_call().kind == "natural" and dealer.session.coup_number == 1
    assert [card.label for card in dealer.session.coup.cards] == ["A♦", "7♦", "K♥", "7♣", "10♠"]


@pytest.mark.parametrize("arguments, name", [(dict(seed=-1), "seed"), (dict(coups=0), "coups"),
                                             (dict(target_seconds=0), "target_seconds"), (dict(decks=9), "decks"),
                                             (dict(clock="now"), "clock")])
def test_bad_arguments_are_refused_before_a_control_is_built(arguments, name):
    with pytest.raises(BaccaratError, match=name):
        DealerWidget(**arguments)


def test_each_judged_call_is_saved_with_source_dealer(tmp_path, monkeypatch):
    # Dealer mode's calls go into the same progress store, source "dealer".
    # Seed 5's first coup (see the top): natural "none" right at 2 s; Player draws on 1, so "stand" is wrong
    # (3 s later); a typo for an amount is not saved.
    from baccarat_lib.progress.store import ProgressStore
    monkeypatch.setenv("BACCARAT_PROGRESS_DIR", str(tmp_path))
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    monkeypatch.setattr("baccarat_lib.progress.store._SHARED", {})
    clock = FakeClock(0)
    dealer = DealerWidget(seed=5, coups=1, clock=clock)
    dealer.start()
    clock.now = 2
    dealer.click("none")
    clock.now = 5
    assert not dealer.click("stand").right
    saved = ProgressStore(tmp_path / "progress.sqlite3").answers()
    assert [(a.skill, a.answer, a.right, a.seconds, a.source) for a in saved] == [
        ("dealer:natural", "none", True, 2.0, "dealer"), ("dealer:player-draw", "stand", False, 3.0, "dealer")]
    assert [a.key for a in saved] == ["Player A+K, Banker 7+7", "Player 1"]        # the situations, as dealt
    dealer.continue_button.click()                                   # Banker 4, Player's third card 0: stand
    dealer.click("stand")
    dealer.click("Banker")
    assert dealer.session.current_call().kind == "settle"
    assert not dealer.click("abc").judged                            # a typo: said, not saved
    skills = [a.skill for a in ProgressStore(tmp_path / "progress.sqlite3").answers()]
    assert skills == ["dealer:natural", "dealer:player-draw", "dealer:banker-draw", "dealer:winner"]


def test_a_read_only_store_is_said_once_and_dealer_mode_goes_on(tmp_path, monkeypatch):
    # A progress folder that cannot be written: said once under the feedback, no traceback
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("BACCARAT_PROGRESS_DIR", str(blocked))
    monkeypatch.setattr("baccarat_lib.progress.store._SHARED", {})
    dealer = DealerWidget(seed=5, coups=1, clock=FakeClock())
    dealer.start()
    assert dealer.click("none").right
    assert "Right" in dealer.feedback.value and "not being saved" in dealer.feedback.value
    assert "Traceback" not in dealer.feedback.value
    assert dealer.click("draw").right and "not being saved" not in dealer.feedback.value


def test_the_keyboard_follows_the_calls(focused):
    # Seed 5's first coup (see the top): no natural, Player draws on 1, Banker 4 stands on a third card worth 0.
    dealer = DealerWidget(seed=5, coups=1, clock=FakeClock())
    dealer.start()
    assert focused == [dealer.controls.buttons[0]] and "role=\"status\"" in dealer.call.value
    dealer.click("none")                           # right: on to the next call's first button
    assert _labels(dealer) == ["draw", "stand"] and focused[-1] is dealer.controls.buttons[0]
    dealer.click("draw")
    dealer.click("draw")                           # wrong: Continue is the only way on
    assert focused[-1] is dealer.continue_button
    dealer.continue_button.click()
    assert _labels(dealer) == ["Player", "Banker", "Tie"] and focused[-1] is dealer.controls.buttons[0]
    dealer.click("Banker")
    assert dealer.session.current_call().kind == "settle" and focused[-1] is dealer.controls.text
    dealer.click("95")                             # the last call: the session ends, Start again has the keyboard
    assert dealer.session.finished and focused[-1] is dealer.restart_button
