"""Dealer mode, the pure model (baccarat_lib.teaching.dealer).

Expected calls are read by hand from the cards (with tests/reference_rules.py, an independent if-chain), never from
the session under test.
"""

from decimal import Decimal
from fractions import Fraction

import pytest

from baccarat_lib.errors import BaccaratError
from baccarat_lib.game.shoe import Shoe
from baccarat_lib.teaching.dealer import DEALER_KINDS, DEALER_STAKES, DealerSession
from tests.reference_rules import reference_banker_draws, reference_coup


class FakeClock:
    """A clock the test moves by hand: ``clock.now = 12``."""

    def __init__(self, now=0.0):
        self.now = now

    def __call__(self):
        return self.now


def _values(cards):
    return [card.value for card in cards]


def test_seed_5_first_coup_has_the_cards_of_the_shoe():
    # Same seed, same shoe. Shoe(8, 5) starts A♦ 7♦ K♥ 7♣ 10♠ (dealt P, B, P, B, then thirds).
    assert [card.label for card in Shoe(8, 5).peek(5)] == ["A♦", "7♦", "K♥", "7♣", "10♠"]
    session = DealerSession(seed=5, stake=100, clock=FakeClock())
    session.start_clock()
    assert [card.label for card in session.coup.cards] == ["A♦", "7♦", "K♥", "7♣", "10♠"]


def test_seed_5_every_call_of_the_first_coup_by_hand():
    # Worked by hand:
    #   Player A+K = 1+0 = 1, Banker 7+7 = 14 -> 4: no natural (neither 8 nor 9).
    #   Player 1 is in 0-5: draws 10♠ (worth 0): A+K+10 -> 1.
    #   Banker 4, Player's third card worth 0: row 4 draws only on 2-7, so Banker stands on 4.
    #   4 against 1: Banker wins. Banker bet of 100 wins 1:1 less 5%: pay 100 - 5 = 95.
    cards = Shoe(8, 5).peek(6)
    player, banker, winner = reference_coup(_values(cards))
    assert (player, banker, winner) == ([1, 0, 0], [7, 7], "banker")
    assert reference_banker_draws(4, 0) is False
    session = DealerSession(seed=5, stake=100, clock=FakeClock())
    session.start_clock()
    asked = []
    for answer in ["none", "draw", "stand", "Banker", "95"]:
        call = session.current_call()
        asked.append((call.kind, call.prompt, call.choices, call.shown))
        feedback = session.answer(answer)
        assert feedback.judged and feedback.right, (call.kind, feedback.message)
    assert asked == [("natural", "Natural?", ("none", "Player", "Banker", "both"), 4),
                     ("player-draw", "Player draws?", ("draw", "stand"), 4),
                     ("banker-draw", "Banker draws?", ("draw", "stand"), 5),     # Player's third card is face up
                     ("winner", "Who wins?", ("Player", "Banker", "Tie"), 5),
                     ("settle", "Banker bet of 100 wins: pay? (the net, after commission)", (), 5)]
    assert session.coup_number == 2 and session.current_call().kind == "natural"


def test_a_natural_skips_the_draw_calls():
    # Shoe(8, 1) starts 6♦ 6♦ 2♦ 6♥: Player 6+2 = 8 (a natural), Banker 6+6 = 12 -> 2.
    # No draw calls; Player wins 8-2; the Player bet of 100 pays 1:1: 100.
    assert [card.label for card in Shoe(8, 1).peek(4)] == ["6♦", "6♦", "2♦", "6♥"]
    session = DealerSession(seed=1, coups=1, stake=100, clock=FakeClock())
    session.start_clock()
    kinds = []
    for answer in ["Player", "Player", "100"]:
        kinds.append(session.current_call().kind)
        assert session.answer(answer).right
    assert kinds == ["natural", "winner", "settle"] and session.finished and session.current_call() is None


def test_every_call_agrees_with_the_reference_rules_over_many_coups():
    # Each call's answer is the independent if-chain's reading of the same cards.
    shoe = Shoe(8, 2024)
    session = DealerSession(seed=2024, coups=40, stake=100, clock=FakeClock())
    session.start_clock()
    while not session.finished:
        coup = session.coup
        cards = shoe.peek(6)
        player, banker, winner = reference_coup(_values(cards))
        shoe.deal(len(player) + len(banker))
        expected = {"natural": {(False, False): "none", (True, False): "Player", (False, True): "Banker",
                                (True, True): "both"}[(sum(player[:2]) % 10 >= 8, sum(banker[:2]) % 10 >= 8)],
                    "player-draw": "draw" if len(player) == 3 else "stand",
                    "banker-draw": "draw" if len(banker) == 3 else "stand",
                    "winner": winner.capitalize(),
                    # by hand: Player 1:1 pays 100; Banker 1:1 less 5% pays 95; Tie 8:1 pays 800
                    "settle": {"player": "100", "banker": "95", "tie": "800"}[winner]}
        while session.coup is coup and not session.finished:
            call = session.current_call()
            assert call.answer == expected[call.kind], (call.kind, [c.label for c in cards])
            session.answer(call.answer)
        if session.finished:
            break


def test_a_fake_clock_times_each_call_and_slow_is_not_wrong():
    # Target 5 s. Calls answered at 3, 10, 11 (s after start): 3 s, 7 s (slow, right), 1 s.
    clock = FakeClock(100)
    session = DealerSession(seed=5, stake=100, target_seconds=5, clock=clock)
    session.start_clock()
    clock.now = 103
    first = session.answer("none")
    clock.now = 110
    second = session.answer("draw")
    clock.now = 111
    third = session.answer("draw")                   # wrong: Banker stands on 4 with a third card worth 0
    assert (first.seconds, first.slow, first.right) == (3.0, False, True)
    assert (second.seconds, second.slow, second.right) == (7.0, True, True)
    assert "slower than the 5 s target" in second.message and second.message.startswith("Right")
    assert (third.seconds, third.slow, third.right) == (1.0, False, False)
    assert "the right call is stand" in third.message and "with 4, Banker draws only on 2–7" in third.message


def test_the_first_call_is_timed_from_start_not_from_when_the_session_was_built():
    # Run All builds the session at 100; the learner reaches it and presses Start at 122 and calls at 123.
    # Timed from the build it would be 23 s and slow (the bug learners saw: "24.1 s (slow)"); from Start it is 1 s.
    clock = FakeClock(100)
    session = DealerSession(seed=5, stake=100, target_seconds=5, clock=clock)
    assert not session.started
    clock.now = 122
    with pytest.raises(BaccaratError, match="start_clock"):       # nobody answers before the clock runs
        session.answer("none")
    assert session.current_call().kind == "natural" and saved(session) == []
    session.start_clock()
    clock.now = 123
    first = session.answer("none")
    assert (first.seconds, first.slow, first.right) == (1.0, False, True)
    assert saved(session)[0][-1] == 1.0 and session.report().slow == 0
    clock.now = 126                                       # the next call was shown at 123, with the answer
    assert session.started and session.answer("draw").seconds == 3.0


def test_start_clock_restarts_the_current_calls_clock():
    # A view may let the learner read the feedback first. Answer at 4; read until 30;
    # restart; answer at 32: 2 s.
    clock = FakeClock(0)
    session = DealerSession(seed=5, stake=100, clock=clock)
    session.start_clock()
    clock.now = 4
    session.answer("none")
    clock.now = 30
    session.start_clock()
    clock.now = 32
    assert session.answer("draw").seconds == 2.0


def test_a_typo_is_not_judged_reveals_nothing_and_the_clock_runs_on():
    # "abc" for an amount, "maybe" for a choice.
    clock = FakeClock(0)
    session = DealerSession(seed=5, stake=100, clock=clock)
    session.start_clock()
    clock.now = 1
    maybe = session.answer("maybe")
    assert not maybe.judged and not maybe.right and maybe.seconds is None and "none" in maybe.message
    for answer in ["none", "draw", "stand", "Banker"]:
        session.answer(answer)
    clock.now = 10
    typo = session.answer("abc")
    assert not typo.judged and typo.seconds is None and "95" not in typo.message
    assert session.current_call().kind == "settle" and len(saved(session)) == 4
    clock.now = 12
    paid = session.answer("95.00")                   # an amount however it is written
    assert paid.right and paid.seconds == 12 - 1     # the settle call's clock started at the answer made at 1


def saved(session):
    """What the session's recorder saved: (skill, key, answer, right, seconds) per judged call."""
    return [(a.skill, a.key, a.answer, a.right, a.seconds) for a in session.recorder.store.answers()]


def test_each_judged_call_is_saved_with_skill_key_answer_right_seconds():
    # Answers at 2, 5, 6: 2 s, 3 s, 1 s.
    clock = FakeClock(0)
    session = DealerSession(seed=5, stake=100, clock=clock)
    session.start_clock()
    for now, answer in [(2, "none"), (5, "stand"), (6, "stand")]:
        clock.now = now
        session.answer(answer)
    assert saved(session) == [("dealer:natural", "Player A+K, Banker 7+7", "none", True, 2.0),
                              ("dealer:player-draw", "Player 1", "stand", False, 3.0),
                              ("dealer:banker-draw", "Banker 4, Player's third card 0", "stand", True, 1.0)]


def test_the_report_worked_by_hand():
    # Two coups of seed 5 (target 5 s); coup 2 is worked out from the shoe by reference_coup.
    # Coup 1: natural 2 s right; player-draw 8 s WRONG and slow; banker-draw 1 s right; winner 4 s right;
    #         settle 6 s right but slow.
    # Coup 2: every call right, 1 s each.
    clock = FakeClock(0)
    session = DealerSession(seed=5, coups=2, stake=100, target_seconds=5, clock=clock)
    session.start_clock()
    for seconds, answer in [(2, "none"), (8, "stand"), (1, "stand"), (4, "Banker"), (6, "95")]:
        clock.now += seconds
        session.answer(answer)
    second = session.coup
    coup_two_calls = 0
    while not session.finished:
        clock.now += 1
        session.answer(session.current_call().answer)
        coup_two_calls += 1
    shoe = Shoe(8, 5)
    shoe.deal(5)
    player, banker, _ = reference_coup(_values(shoe.peek(6)))
    natural = sum(player[:2]) % 10 >= 8 or sum(banker[:2]) % 10 >= 8
    assert coup_two_calls == (3 if natural else 5)
    report = session.report()
    by_kind = {kind.kind: kind for kind in report.kinds}
    assert [kind.kind for kind in report.kinds] == list(DEALER_KINDS)
    # natural: 2 s and 1 s -> median 1.5, slowest 2
    assert by_kind["natural"][1:] == (2, 2, 1.5, 2, 0)
    # player-draw: 8 s (wrong) [and 1 s if coup 2 had no natural] -> median 8 or 4.5, slowest 8, 1 slow, 0 or 1 right
    assert by_kind["player-draw"][1:] == ((1, 0, 8, 8, 1) if natural else (2, 1, 4.5, 8, 1))
    # settle: 6 s and 1 s -> median 3.5, slowest 6, 1 slow
    assert by_kind["settle"][1:] == (2, 2, 3.5, 6, 1)
    assert report.count == 5 + coup_two_calls and report.right == report.count - 1 and report.slow == 2
    assert report.coups_played == 2 and second is not None
    [wrong] = report.wrong_coups
    assert wrong.number == 1 and wrong.mistakes == (("player-draw", "stand", "draw"),)
    assert wrong.steps == wrong.coup.steps and "Player has 1 (A+K): 0–5 draws." in map(str, wrong.steps)


def test_same_seed_same_coups_and_stakes():
    # Seeded stakes are drawn from DEALER_STAKES, the same for the same seed.
    def prompts(seed):
        session = DealerSession(seed=seed, coups=5, clock=FakeClock())
        session.start_clock()
        seen = []
        while not session.finished:
            call = session.current_call()
            seen.append((call.prompt, tuple(call.coup.cards)))
            session.answer(call.answer)
        return seen
    first = prompts(7)
    assert first == prompts(7)
    stakes = {Decimal(prompt.split(" bet of ")[1].split(" wins")[0].replace(",", ""))
              for prompt, _ in first if " bet of " in prompt}
    assert stakes and stakes <= {Decimal(stake) for stake in DEALER_STAKES}


def test_commission_on_an_odd_stake_by_hand():
    # Seed 5 with a stake of 25: Banker wins, 25 less 5% (1.25) = 23.75.
    session = DealerSession(seed=5, stake=25, clock=FakeClock())
    session.start_clock()
    for answer in ["none", "draw", "stand", "Banker"]:
        session.answer(answer)
    assert session.current_call().prompt == "Banker bet of 25 wins: pay? (the net, after commission)"
    assert session.answer("23.75").right


def test_answering_after_the_end_is_refused():
    session = DealerSession(seed=1, coups=1, stake=100, clock=FakeClock())
    session.start_clock()
    for answer in ["Player", "Player", "100"]:
        session.answer(answer)
    with pytest.raises(BaccaratError, match="finished"):
        session.answer("Player")


@pytest.mark.parametrize("arguments, name", [
    (dict(seed=-1), "seed"), (dict(seed="x"), "seed"), (dict(seed=1.5), "seed"),
    (dict(decks=0), "decks"), (dict(decks=9), "decks"),
    (dict(coups=0), "coups"), (dict(coups=101), "coups"), (dict(coups=True), "coups"),
    (dict(target_seconds=0), "target_seconds"), (dict(target_seconds=-2), "target_seconds"),
    (dict(target_seconds=float("nan")), "target_seconds"), (dict(target_seconds="5"), "target_seconds"),
    (dict(target_seconds=True), "target_seconds"),
    (dict(clock=5), "clock"), (dict(clock=lambda: "now"), "clock"), (dict(clock=lambda: 1 / 0), "clock"),
    (dict(stake=0), "stake"), (dict(stake="abc"), "stake"),
])
def test_bad_input_is_a_baccarat_error_naming_the_argument(arguments, name):
    with pytest.raises(BaccaratError, match=name) as error:
        DealerSession(**arguments)
    assert len(str(error.value)) < 200


def test_a_bad_answer_type_is_refused():
    session = DealerSession(seed=5, clock=FakeClock())
    session.start_clock()
    with pytest.raises(BaccaratError, match="answer"):
        session.answer(["none"])


def test_a_session_on_its_own_saves_nothing_lasting_and_takes_only_a_dealer_recorder(tmp_path, monkeypatch):
    from baccarat_lib.progress.recorder import AnswerRecorder
    from baccarat_lib.progress.store import ProgressStore
    monkeypatch.setenv("BACCARAT_PROGRESS_DIR", str(tmp_path))
    session = DealerSession(seed=5, stake=100, clock=FakeClock())
    session.start_clock()
    assert session.answer(session.current_call().answer).right
    assert session.recorded.saved and not (tmp_path / "progress.sqlite3").exists()
    with pytest.raises(BaccaratError, match="recorder must be"):
        DealerSession(seed=5, recorder=AnswerRecorder("drill"))
    # Given a recorder, the session times with the recorder's clock and saves each call through it, once.
    clock, store = FakeClock(0), ProgressStore(":memory:")
    session = DealerSession(seed=5, stake=100, recorder=AnswerRecorder("dealer", clock=clock, store=store))
    session.start_clock()
    call = session.current_call()
    clock.now = 3
    assert session.answer(call.answer).seconds == 3
    assert [(a.skill, a.key, a.right, a.seconds, a.source) for a in store.answers()] == [
        (call.skill, call.key, True, 3.0, "dealer")]
