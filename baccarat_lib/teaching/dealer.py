"""Dealer mode: a timed drill in the manner of dealer training.

Coups come from a seeded shoe, card by card; the learner calls each decision in a dealer's order (``DEALER_KINDS``),
then pays the winning bet, against a clock. A call slower than the target is *slow*, not wrong. The first call is
timed from ``start_clock()``, each next one from the answer before; the clock and the saving are the answer
recorder's (source "dealer").

>>> ticks = iter([0, 30, 32, 32])                # built at 0 s (Run All), Start at 30 s, answered at 32 s
>>> session = DealerSession(seed=1, coups=1, stake=100, clock=lambda: next(ticks))
>>> session.start_clock()
>>> call = session.current_call()
>>> call.kind, call.prompt, call.choices
('natural', 'Natural?', ('none', 'Player', 'Banker', 'both'))
>>> feedback = session.answer(call.answer)
>>> feedback.right, feedback.seconds, feedback.slow
(True, 2.0, False)
"""

from __future__ import annotations

import math
import numbers
import random
import statistics
import time
from dataclasses import dataclass
from typing import NamedTuple

from ..errors import BaccaratError, check_seed, refusal, shown, whole_number
from ..game.coup import Coup
from ..game.explanations import step_text
from ..game.formatting import duration, money
from ..game.payouts import Settlement, bet_label, pay_table, settle, stake_amount
from ..game.rules import hand_total
from ..game.shoe import ShoeRun
from ..game.formatting import localized
from ..i18n import N_, _
from ..progress.recorder import AnswerRecorder
from ..progress.store import ProgressStore
from .questions import ANSWER_NAMES, Question, _answer_text, check_answer, english_money, same_word, worded

__all__ = ["DEALER_KINDS", "DEALER_KIND_NAMES", "DEALER_STAKES", "Call", "DealerFeedback", "KindSummary", "WrongCoup",
           "DealerReport", "DealerSession"]

# The kinds of call, in the order a coup asks them, and their names (show them as _(DEALER_KIND_NAMES[kind])).
DEALER_KIND_NAMES = {"natural": N_("Natural?"), "player-draw": N_("Player draws?"), "banker-draw": N_("Banker draws?"),
                     "winner": N_("Who wins?"), "settle": N_("Pay the bet")}
DEALER_KINDS = tuple(DEALER_KIND_NAMES)
# Stakes a dealer meets at a table; a session with stake=None draws one per coup from these (seeded).
DEALER_STAKES = (10, 20, 25, 40, 50, 75, 100, 150, 200, 250, 500, 1000)
MAX_COUPS = 100                  # a session deals at most this many coups
MAX_TARGET_SECONDS = 600         # the target time per call: above 0, at most 10 minutes
_NATURAL_CHOICES = ("none", "Player", "Banker", "both")
_DRAW_CHOICES = ("draw", "stand")
_WINNER_CHOICES = ("Player", "Banker", "Tie")
_SOURCE = "dealer"                  # the source dealer mode's calls are saved with


def target_text(target: float) -> str:
    """The target as given: '5 s', '2.5 s'."""
    return _("{seconds} s").format(seconds=localized(f"{target:g}"))


# The step of a coup whose sentence explains each kind of call (the settle call: its settlement's).
_STEP_OF_KIND = {"natural": "natural", "player-draw": "player-rule", "banker-draw": "banker-rule", "winner": "compare"}


@dataclass(frozen=True)
class Call:
    """One decision to call on a coup with its first ``shown`` cards face up; ``choices`` empty: type an amount.

    It holds data: the answer codes offered (``codes``) and the right one (``code``), or the ``settlement`` to pay;
    its ``prompt``, ``choices``, ``answer`` and ``why`` are worded when read, in the language current then.
    """

    kind: str
    codes: tuple
    code: str | None
    key: str
    coup: Coup
    coup_number: int
    shown: int
    settlement: Settlement | None = None

    @property
    def skill(self) -> str:
        """The skill a progress store files this call under: 'dealer:banker-draw'."""
        return "dealer:" + self.kind

    @property
    def prompt(self) -> str:
        """The call's question: "Natural?", or the bet to pay and its stake."""
        settlement = self.settlement
        if settlement is None:
            return _(DEALER_KIND_NAMES[self.kind])
        if settlement.line is not None and settlement.line.commission:
            prompt = _("{bet} bet of {stake} wins: pay? (the net, after commission)")
        else:
            prompt = _("{bet} bet of {stake} wins: pay?")
        return prompt.format(bet=bet_label(settlement.bet), stake=money(settlement.stake))

    @property
    def choices(self) -> tuple:
        """The answers offered, named in the current language; empty: an amount is typed."""
        return tuple(_(ANSWER_NAMES[code]) for code in self.codes)

    @property
    def answer(self) -> str:
        """The right answer as shown: a choice's name, or the net amount to pay."""
        return money(self.settlement.net) if self.settlement is not None else _(ANSWER_NAMES[self.code])

    @property
    def why(self) -> str:
        """The coup's own sentence for this decision (the settle call: the settlement's explanation)."""
        if self.settlement is not None:
            return self.settlement.explanation
        return next(step_text(step) for step in self.coup.steps if step.rule == _STEP_OF_KIND[self.kind])

    @property
    def question(self) -> Question:
        """The call as an exercise, judged by ``teaching.questions.check_answer``, worded when read."""
        return Question(lambda: self.prompt, lambda: self.answer, lambda: self.why, lambda: self.choices)


class DealerFeedback(NamedTuple):
    """The verdict on the answer ``given`` to ``call``; unjudged, it reveals nothing and the clock runs on.

    ``words``: the message as text, or a function of no arguments that words it; ``message`` reads it in the
    language current then.
    """

    call: Call
    judged: bool
    right: bool
    seconds: float | None
    slow: bool
    given: str
    words: object

    @property
    def message(self) -> str:
        """What the learner is told about this answer, in the current language."""
        return worded(self.words)


class KindSummary(NamedTuple):
    """The calls of one kind: answered, right, median and slowest seconds, and how many were slow."""

    kind: str
    count: int
    right: int
    median_seconds: float | None
    slowest_seconds: float | None
    slow: int


class WrongCoup(NamedTuple):
    """A coup with a wrong call: the wrong calls as (kind, given, right) and the coup's steps, to replay it."""

    number: int
    coup: Coup
    mistakes: tuple
    steps: tuple


class DealerReport(NamedTuple):
    """The end report: a ``KindSummary`` per kind, the coups that went wrong, the totals and the target."""

    kinds: tuple
    wrong_coups: tuple
    count: int
    right: int
    slow: int
    target_seconds: float
    coups_played: int


def _check_target(target_seconds) -> float:
    try:
        real = isinstance(target_seconds, numbers.Real) and not isinstance(target_seconds, bool)
        value = float(target_seconds) if real else math.nan
    except (OverflowError, ValueError, TypeError):
        value = math.nan
    if not 0 < value <= MAX_TARGET_SECONDS:                     # NaN and infinity fail this too
        accepted = _("target_seconds must be a number of seconds above 0 and at most {max_target_seconds}, such as 5 "
                     "or 2.5").format(max_target_seconds=MAX_TARGET_SECONDS)
        raise BaccaratError(_("{accepted}, not {value}").format(accepted=accepted, value=shown(target_seconds)))
    return value


def _natural_call(coup: Coup) -> str:
    sides = [side for side, hand in (("Player", coup.player), ("Banker", coup.banker)) if hand.is_natural]
    return "both" if len(sides) == 2 else sides[0] if sides else "none"


def _ranks(cards) -> str:
    return "+".join(card.rank for card in cards)


class DealerSession:
    """A timed dealer drill of ``coups`` (1..100) from a seeded shoe, ``target_seconds`` (above 0, at most 600) a call.

    ``stake`` None: one of ``DEALER_STAKES`` per coup. ``recorder`` None saves nothing; an ``AnswerRecorder`` of
    source "dealer" times (by its own clock) and saves each judged call.
    """

    def __init__(self, seed=None, decks: int = 8, coups: int = 10, target_seconds=5, clock=time.monotonic,
                 stake=None, recorder=None):
        self.seed = check_seed(seed)
        self.coups = whole_number("coups", coups, 1, MAX_COUPS)
        self.target_seconds = _check_target(target_seconds)
        if recorder is None:
            recorder = AnswerRecorder(_SOURCE, clock=clock, store=ProgressStore(":memory:"))
        elif not isinstance(recorder, AnswerRecorder) or recorder.source != _SOURCE:
            raise refusal(_("recorder must be None or an AnswerRecorder(\"dealer\"), not {value}"), value=recorder)
        self.stake = None if stake is None else stake_amount(stake)
        self.table = pay_table("standard")
        self.recorder = recorder
        self.recorded = None                 # what saving the last judged call did (progress.recorder.Recorded)
        self._run = ShoeRun(decks=decks, seed=self.seed)
        # The stakes come from their own generator, seeded from the seed, so they never change the shuffle.
        self._stakes = random.Random(None if self.seed is None else f"dealer-stakes-{self.seed}")
        self.answered: list[DealerFeedback] = []            # the judged answers
        self._coups: list[Coup] = []
        self._calls: list[Call] = []
        self._position = 0
        self.last: DealerFeedback | None = None         # the feedback on the last judged call
        self._deal_next_coup()
        self.recorder.ask(strict=True, start=False)     # the first call's clock waits for start_clock()

    # ---------------------------------------------------------------- the calls of a coup

    def _deal_next_coup(self):
        coup, _cards = self._run.deal_coup()
        self._coups.append(coup)
        stake = self.stake if self.stake is not None else stake_amount(self._stakes.choice(DEALER_STAKES))
        self._calls = self._calls_of(coup, len(self._coups), stake)
        self._position = 0

    def _calls_of(self, coup: Coup, number: int, stake) -> list[Call]:
        """The calls a dealer makes on one coup, in order, each answered and explained by the rules' own code."""
        player, banker = coup.player, coup.banker

        def call(kind, choices, code, key, face_up):
            return Call(kind, choices, code, key, coup, number, face_up)
        calls = [call("natural", _NATURAL_CHOICES, _natural_call(coup),
                      f"Player {_ranks(player.cards[:2])}, Banker {_ranks(banker.cards[:2])}", 4)]
        if not coup.is_natural:
            third = player.third_card
            calls += [call("player-draw", _DRAW_CHOICES, "draw" if player.drew else "stand",
                           f"Player {hand_total(player.cards[:2])}", 4),
                      call("banker-draw", _DRAW_CHOICES, "draw" if banker.drew else "stand",
                           f"Banker {hand_total(banker.cards[:2])}, "
                           + (f"Player's third card {third.value}" if third is not None else "Player stood"),
                           4 + player.drew)]
        final = f"Player {player.total}, Banker {banker.total}"
        calls.append(call("winner", _WINNER_CHOICES, coup.outcome.label, final, len(coup.cards)))
        bet = coup.outcome.value                # the bet a dealer pays: the winning side's, or the Tie bet on a tie
        calls.append(Call("settle", (), None, f"{bet} {english_money(stake)}, {final}", coup, number,
                          len(coup.cards), settle(bet, stake, coup, self.table)))
        return calls

    # ---------------------------------------------------------------- the session

    @property
    def finished(self) -> bool:
        """True once every call of the last coup is answered."""
        return self._position >= len(self._calls)

    @property
    def coup_number(self) -> int:
        """The number (from 1) of the coup being dealt."""
        return len(self._coups)

    @property
    def coup(self) -> Coup:
        """The coup being dealt (the last one, once finished)."""
        return self._coups[-1]

    def current_call(self) -> Call | None:
        """The call to make now, or None when the session is finished."""
        return None if self.finished else self._calls[self._position]

    def start_clock(self):
        """Start the current call's clock now (Start, or Continue after a wrong call)."""
        self.recorder.restart_clock(strict=True)

    @property
    def started(self) -> bool:
        """True once the current call's clock runs (``start_clock()`` was called, or the call before answered)."""
        return self.recorder.started is not None

    def answer(self, text) -> DealerFeedback:
        """Judge ``text`` ("draw", "95") for the current call; a judged answer is recorded and moves on."""
        call = self.current_call()
        if call is None:
            raise BaccaratError(_("the session is finished ({coups} coups): read report(), or start "
                                  "a new DealerSession").format(coups=self.coups))
        if not self.started:
            raise BaccaratError(_("the clock has not started: call start_clock() when the learner can see the "
                                  "first call (dealer mode's Start button), then answer"))
        given = str(_answer_text(text)).strip()
        if given and call.choices and not any(same_word(given, choice, call.choices) for choice in call.choices):
            return DealerFeedback(call, False, False, None, False, given,          # a blank: check_answer
                                  lambda: _("Choose one of: {choices}.").format(choices=", ".join(call.choices)))
        verdict = check_answer(call.question, given)
        if not verdict.judged:
            return DealerFeedback(call, False, False, None, False, given, lambda: verdict.message)
        seconds = self.recorder.seconds()
        slow = seconds > self.target_seconds
        target = self.target_seconds

        def message():
            timing = (_("{seconds}, slower than the {target} target").format(
                seconds=duration(seconds), target=target_text(target)) if slow else duration(seconds))
            if verdict.correct:
                return _("Right ({timing}).").format(timing=timing)
            return _("Not quite ({timing}): the right call is {answer}. {why}").format(
                timing=timing, answer=call.answer, why=call.why)
        self.last = DealerFeedback(call, True, verdict.correct, seconds, slow, given, message)
        self.answered.append(self.last)
        self._position += 1
        if self.finished and self.coup_number < self.coups:
            self._deal_next_coup()
        self.recorded = self.recorder.record(call.skill, call.key, given, verdict.correct, seconds)
        self.recorder.ask(strict=True)
        return self.last

    # ---------------------------------------------------------------- the report

    def report(self) -> DealerReport:
        """The report on the calls answered so far."""
        kinds = []
        for kind in DEALER_KINDS:
            calls = [each for each in self.answered if each.call.kind == kind]
            times = [each.seconds for each in calls]
            kinds.append(KindSummary(kind, len(calls), sum(each.right for each in calls),
                                     statistics.median(times) if times else None, max(times, default=None),
                                     sum(each.slow for each in calls)))
        wrong = {}
        for each in self.answered:
            if not each.right:
                wrong.setdefault(each.call.coup_number, (each.call.coup, []))[1].append(
                    (each.call.kind, each.given, each.call.answer))
        wrong_coups = tuple(WrongCoup(number, coup, tuple(mistakes), coup.steps)
                            for number, (coup, mistakes) in sorted(wrong.items()))
        return DealerReport(tuple(kinds), wrong_coups, len(self.answered), sum(each.right for each in self.answered),
                            sum(each.slow for each in self.answered), self.target_seconds, self.coup_number)
