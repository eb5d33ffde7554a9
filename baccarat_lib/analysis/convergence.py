"""Checking the exact odds two ways: a plain enumerator for tiny shoes, and a simulation that converges.

The enumerator deals every card the rules ask for, one at a time; the simulation's running estimate closes in on
the exact value within ±2 standard errors (``views.plots.plot_convergence`` draws a ``Convergence``).

>>> tiny_shoe = "K K K K 3 3 3 3 6 6 6 6"
>>> plain = outcome_chances(enumerate_coups(tiny_shoe))
>>> plain[Outcome.TIE]
Fraction(4, 15)
>>> from baccarat_lib.analysis.odds import outcome_probabilities
>>> plain == outcome_probabilities(counts=rank_counts(tiny_shoe))
True
"""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace
from typing import NamedTuple

import numpy as np

from ..errors import BaccaratError, refusal, whole_number
from ..game.cards import RANKS, Card
from ..game.coup import Coup, Outcome, play_coup
from ..game.payouts import EVENTS, bet_label, table_label
from ..game.formatting import percent
from ..game.shoe import rank_counts
from ..i18n import _
from .kernel import OUTCOME_CODES, _is_list, check_shoe_size
from .odds import bet_lines, house_edge, outcome_probabilities
from .simulate import MAX_RECORDED_COUPS, CoupRecords, _no_records, simulate_coups, simulate_outcomes

__all__ = ["enumerate_coups", "outcome_chances", "net_results", "Convergence", "outcome_convergence", "estimate_text",
           "bet_convergence"]


# ---------------------------------------------------------------------------------------------------------
# The plain way: deal every card the rules ask for

def _finished(dealt: list[Card]) -> Coup | None:
    """The coup these cards make, or None while the rules still ask for another card."""
    try:
        return play_coup(dealt)
    except BaccaratError:  # "the coup needs 1 more card"
        return None


def enumerate_coups(cards):
    """Yield (chance, coup) for every complete coup dealt from ``cards`` (6 or more), one card at a time.

    >>> deals = list(enumerate_coups("K K K K 3 3 3 3 6 6 6 6"))
    >>> len(deals), sum(chance for chance, coup in deals)
    (265, Fraction(1, 1))
    >>> chance, coup = deals[0]
    >>> chance, str(coup)
    (Fraction(1, 495), 'Player 3 3 (6) – Banker 3 3 (6): Tie 6–6.')
    """
    counts = dict(zip(RANKS, rank_counts(cards)))
    check_shoe_size(sum(counts.values()))
    return _deals(counts)


def _deals(counts: dict):
    """The deals of ``enumerate_coups`` from checked rank counts."""
    def deal(dealt: list[Card], chance: Fraction):
        coup = _finished(dealt) if len(dealt) >= 4 else None
        if coup is not None:
            yield chance, coup
            return
        left = sum(counts.values())
        for rank in RANKS:
            if counts[rank]:
                here = Fraction(counts[rank], left)
                counts[rank] -= 1
                yield from deal(dealt + [Card(rank)], chance * here)
                counts[rank] += 1

    yield from deal([], Fraction(1))


def outcome_chances(deals) -> dict:
    """{Outcome: Fraction}: the chances of (chance, coup) pairs added up by who won."""
    chances = {outcome: Fraction(0) for outcome in (Outcome.PLAYER, Outcome.BANKER, Outcome.TIE)}
    for pair in deals if _is_list(deals) else [deals]:
        if not (isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[1], Coup)
                and isinstance(pair[0], (int, Fraction)) and not isinstance(pair[0], bool)):
            raise refusal(_("deals must be (chance, Coup) pairs such as enumerate_coups gives, not {given}"),
                          given=pair)
        chances[pair[1].outcome] += pair[0]
    return chances


# ---------------------------------------------------------------------------------------------------------
# Simulation, converging on the exact value

class Convergence(NamedTuple):
    """A running estimate: after ``coups[i]`` coups it stood at ``estimate[i]`` ± ``standard_error[i]``."""

    coups: np.ndarray
    estimate: np.ndarray
    standard_error: np.ndarray
    exact: float
    label: str


_MAX_POINTS = 100_000   # checkpoints of a running mean
_NO_COUPS = _no_records(None)


def _running_mean(values: np.ndarray, points: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(n, mean of the first n values, its standard error) at about ``points`` log-spaced n.

    >>> n, mean, se = _running_mean(np.array([1, 0, 1, 0]), points=4)
    >>> n.tolist(), mean.tolist()
    ([1, 2, 3, 4], [1.0, 0.5, 0.6666666666666666, 0.5])
    """
    n = np.unique(np.geomspace(1, values.size, num=points).round().astype(np.int64))
    running = np.empty(values.size)            # one work array: both running sums are made in it, in place
    sums = np.cumsum(values, dtype=float, out=running)[n - 1]
    np.square(values, out=running, dtype=float)
    squares = np.cumsum(running, out=running)[n - 1]
    del running
    mean = sums / n
    variance = np.maximum(squares / n - mean * mean, 0) * n / np.maximum(n - 1, 1)
    return n, mean, np.sqrt(variance / n)


def _facts(records) -> SimpleNamespace:
    """The pay-table facts a simulation records (it does not record each side's number of cards)."""
    return SimpleNamespace(
        player_wins=records.outcomes == OUTCOME_CODES[Outcome.PLAYER],
        banker_wins=records.outcomes == OUTCOME_CODES[Outcome.BANKER],
        tie=records.outcomes == OUTCOME_CODES[Outcome.TIE],
        player_total=records.player_totals, banker_total=records.banker_totals,
        player_pair=records.player_pairs, banker_pair=records.banker_pairs, natural=records.naturals)


def net_results(records, bet: str, table="standard") -> np.ndarray:
    """Each simulated coup's net result per unit staked on ``bet``: the first line of the bet that applies."""
    if not isinstance(records, CoupRecords):
        raise refusal(_("records must be the CoupRecords of simulate_coups or deal_shoe, not {given}"), given=records)
    _pay, lines = bet_lines(bet, table)
    facts = _facts(records)
    net = np.full(len(records), -1.0)
    settled = np.zeros(len(records), dtype=bool)
    for line in lines:
        try:
            happened = np.asarray(EVENTS[line.event](facts), dtype=bool)
        except AttributeError:
            raise BaccaratError(_("the simulation does not record what {event} needs "
                                  "(each side's number of cards)").format(event=repr(line.event))) from None
        net[happened & ~settled] = float(line.net)
        settled |= happened
    return net


def _check_simulation(n_coups, points) -> None:
    """The arguments ``simulate_coups`` does not check, checked before any coup is dealt."""
    n_coups = whole_number("n_coups", n_coups, 0, MAX_RECORDED_COUPS)
    if n_coups < 2:
        raise BaccaratError(_("n_coups must be 2 or more for a running mean, not {given}").format(given=n_coups))
    whole_number("points", points, 1, _MAX_POINTS)


def outcome_convergence(outcome=Outcome.BANKER, n_coups: int = 200_000, decks: int = 8, seed=None,
                        points: int = 200) -> Convergence:
    """How often ``outcome`` has won after each number of simulated coups, and its exact chance."""
    outcome = Outcome(outcome)                  # refuses anything but an Outcome or its value
    _check_simulation(n_coups, points)
    outcomes = simulate_outcomes(n_coups, decks=decks, seed=seed).outcomes   # simulate_coups' coups, 1 byte each
    n, mean, se = _running_mean(outcomes == OUTCOME_CODES[outcome], points)
    exact = float(outcome_probabilities(decks)[outcome])
    return Convergence(n, mean, se, exact, _("share of coups {side} wins").format(side=outcome.display_name))


def bet_convergence(bet: str = "banker", table="standard", n_coups: int = 200_000, decks: int = 8,
                    seed=None, points: int = 200) -> Convergence:
    """A bet's average net result per unit after each number of simulated coups; exact: minus the house edge."""
    pay, _lines = bet_lines(bet, table)
    _check_simulation(n_coups, points)
    net_results(_NO_COUPS, bet, pay)  # refuses a bet whose events the simulation does not record
    net = net_results(simulate_coups(n_coups, decks=decks, seed=seed), bet, pay)   # the records go once read
    n, mean, se = _running_mean(net, points)
    exact = -float(house_edge(bet, pay, decks))
    label = _("average net result of a {bet} bet at “{table}”").format(bet=bet_label(bet), table=table_label(pay))
    return Convergence(n, mean, se, exact, label)


def estimate_text(result: Convergence) -> str:
    """The last estimate of a ``Convergence``, ± 2 standard errors, and the exact value, as percentages."""
    if not isinstance(result, Convergence):
        raise refusal(_("result must be a Convergence (from outcome_convergence or bet_convergence), not {value}"),
                      value=result)
    return _("{estimate} ± {band} (exact {exact})").format(
        estimate=percent(result.estimate[-1], 4), band=percent(2 * result.standard_error[-1], 4),
        exact=percent(result.exact, 4))
