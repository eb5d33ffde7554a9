"""Checking two ways (baccarat_lib.analysis.convergence): a plain enumerator, running means, convergence.

Small cases are counted by hand; source 004's figures (1.0579% Banker edge, 8 decks; 9.5069% tie, 6 decks).
"""

from fractions import Fraction

import numpy as np
import pytest

from baccarat_lib.analysis.convergence import (_running_mean, bet_convergence, enumerate_coups, net_results,
                                               outcome_chances, outcome_convergence)
from baccarat_lib.analysis.odds import outcome_probabilities
from baccarat_lib.analysis.simulate import play_shoe
from baccarat_lib.game import Outcome
from baccarat_lib.game.shoe import rank_counts

WORKED = "2♣ 3♥ 3♠ A♦ 7♦ 4♠"      # Banker wins 8–2 with three cards (8)


def plain_outcome_probabilities(cards) -> dict:
    """{Outcome: Fraction} the plain way: every coup the enumerator deals from ``cards``, added up by who won."""
    return outcome_chances(enumerate_coups(cards))


# ---------------------------------------------------------------- checking two ways

def test_plain_enumerator_small_cases_by_hand():
    # Six kings: both hands 0, both draw a king, still 0: always a tie.
    assert plain_outcome_probabilities("K K K K K K") == {Outcome.PLAYER: 0, Outcome.BANKER: 0, Outcome.TIE: 1}
    # Four nines: 9+9 = 18 → 8 on both sides, two naturals: a tie.
    assert plain_outcome_probabilities("9 9 9 9 9 9")[Outcome.TIE] == 1
    # Five kings and a 9, the 9 equally likely in each of the six places. Cards 1 or 3: Player has a natural 9;
    # cards 2 or 4: Banker does. Otherwise both hands are 0 and draw: card 5 goes to Player (Player 9, Banker
    # draws a king on 0), card 6 to Banker. So Player and Banker each win in 3 places of 6, and never a tie.
    chances = plain_outcome_probabilities("K K K K K 9")
    assert chances == {Outcome.PLAYER: Fraction(1, 2), Outcome.BANKER: Fraction(1, 2), Outcome.TIE: 0}


def test_plain_enumerator_agrees_with_the_fast_odds():
    shoe = "K K K 2 2 2 5 5 5 7 7 7"
    assert plain_outcome_probabilities(shoe) == outcome_probabilities(counts=rank_counts(shoe))
    assert sum(chance for chance, _ in enumerate_coups(shoe)) == 1


def test_running_mean_and_standard_error_by_hand():
    n, mean, se = _running_mean(np.array([1, 0, 1, 0]), points=4)
    assert n.tolist() == [1, 2, 3, 4]
    assert mean.tolist() == pytest.approx([1, 0.5, 2 / 3, 0.5])
    # Sample variance of 1, 0 is 0.5: the standard error of the mean of two is sqrt(0.5 / 2) = 0.5.
    assert se[1] == pytest.approx(0.5)


def test_net_results_read_the_pay_table():
    records = play_shoe(WORKED + " K 5 9 3", cut_card=0)      # one coup: Banker wins 8–2
    assert net_results(records, "banker").tolist() == [0.95]
    assert net_results(records, "banker", "commission-4").tolist() == [0.96]
    assert net_results(records, "player").tolist() == [-1.0]
    assert net_results(records, "tie").tolist() == [-1.0]
    with pytest.raises(ValueError, match="does not record"):
        net_results(records, "dragon-7", "ez")


def test_convergence_ends_near_the_exact_value():
    # The plot of this result is tested in tests/views/test_plots_convergence.py.
    result = bet_convergence("banker", "standard", n_coups=20_000, seed=1)
    assert result.exact == pytest.approx(-0.010579, abs=1e-6)
    assert result.coups[-1] == 20_000 and abs(result.estimate[-1] - result.exact) < 4 * result.standard_error[-1]
    outcome = outcome_convergence(Outcome.TIE, n_coups=20_000, decks=6, seed=1)
    assert outcome.exact == pytest.approx(0.095068711, abs=1e-9)


# ---------------------------------------------------------------- the same seeded coups, fewer bytes

def _checkpoint_standard_errors(values: np.ndarray, n: np.ndarray) -> np.ndarray:
    """Brute force: the sample standard deviation of each prefix, divided by the square root of its length."""
    return np.array([np.std(values[:k], ddof=1) / np.sqrt(k) if k > 1 else 0.0 for k in n])


def test_outcome_convergence_follows_the_seeded_coups_of_simulate_coups():
    # The running share is worked out here from simulate_coups' outcome column with a plain integer cumsum.
    from baccarat_lib.analysis.simulate import simulate_coups
    result = outcome_convergence(Outcome.BANKER, n_coups=30_000, decks=8, seed=2024, points=50)
    banker = simulate_coups(30_000, decks=8, seed=2024).outcomes == 1     # codes: Player 0, Banker 1, Tie 2
    wins = np.cumsum(banker.astype(np.int64))
    assert result.coups[0] == 1 and result.coups[-1] == 30_000 and np.all(np.diff(result.coups) > 0)
    assert result.estimate.tolist() == (wins[result.coups - 1] / result.coups).tolist()
    assert result.standard_error == pytest.approx(_checkpoint_standard_errors(banker, result.coups), rel=1e-9,
                                                  abs=1e-15)


def test_bet_convergence_follows_the_seeded_coups_of_simulate_coups():
    # A Banker bet at the standard table: +0.95 when Banker wins, -1 when Player wins, 0 on a tie (the stake back).
    from baccarat_lib.analysis.simulate import simulate_coups
    result = bet_convergence("banker", "standard", n_coups=30_000, decks=6, seed=7, points=50)
    outcomes = simulate_coups(30_000, decks=6, seed=7).outcomes
    net = np.select([outcomes == 0, outcomes == 1, outcomes == 2], [-1.0, 0.95, 0.0])
    cents = np.cumsum(np.rint(net * 100).astype(np.int64))      # whole cents: an exact running total
    assert result.coups[-1] == 30_000
    assert result.estimate == pytest.approx(cents[result.coups - 1] / 100 / result.coups, rel=1e-12, abs=1e-15)
    assert result.standard_error == pytest.approx(_checkpoint_standard_errors(net, result.coups), rel=1e-9,
                                                  abs=1e-15)
