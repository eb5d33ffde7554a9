"""The one vectorised play kernel (baccarat_lib.analysis.kernel): the rules as arrays, and the outcome codes.

Each cell is checked against the rules module and the plain if-chains of tests/reference_rules.py.
"""

import numpy as np

import baccarat_lib.analysis.simulate as simulate
from baccarat_lib.analysis.kernel import (BANKER_DRAWS, CODE_OUTCOMES, OUTCOME_CODES, PLAYER_DRAWS,
                                          play_values)
from baccarat_lib.game import Outcome
from baccarat_lib.game.rules import banker_draws, player_draws
from reference_rules import reference_banker_draws, reference_coup


def test_rule_arrays_agree_with_the_rules_module():
    assert BANKER_DRAWS.shape == (8, 10) and BANKER_DRAWS.dtype == bool
    for banker_total in range(8):
        for third in range(10):
            assert BANKER_DRAWS[banker_total, third] == banker_draws(banker_total, third)
            assert BANKER_DRAWS[banker_total, third] == reference_banker_draws(banker_total, third)
    assert [bool(draws) for draws in PLAYER_DRAWS[:8]] == [player_draws(total) for total in range(8)]


def test_outcome_codes_are_documented_both_ways():
    assert {CODE_OUTCOMES[code]: code for code in range(3)} == OUTCOME_CODES
    assert set(OUTCOME_CODES) == set(Outcome)


def test_simulate_keeps_the_kernel_names_as_attributes():
    assert simulate.OUTCOME_CODES is OUTCOME_CODES and simulate.CODE_OUTCOMES is CODE_OUTCOMES
    assert simulate.BANKER_DRAWS is BANKER_DRAWS and simulate.PLAYER_DRAWS is PLAYER_DRAWS


def test_play_values_agrees_with_the_reference_on_every_start_and_draw():
    """Every (Player two-card sum, Banker two-card sum, 5th, 6th value), all at once, against the if-chains."""
    player_two, banker_two, fifth, sixth = (axis.ravel() for axis in np.indices((10, 10, 10, 10)))
    played = play_values(player_two, banker_two, fifth, sixth)
    for i in range(len(player_two)):
        values = [int(player_two[i]), int(banker_two[i]), 0, 0, int(fifth[i]), int(sixth[i])]
        player, banker, winner = reference_coup(values)
        assert CODE_OUTCOMES[played.outcome[i]] == Outcome(winner), values
        assert (played.player_total[i], played.banker_total[i]) == (sum(player) % 10, sum(banker) % 10), values
        assert played.n_cards[i] == len(player) + len(banker), values
