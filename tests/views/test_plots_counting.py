"""The counting plots (lesson 10) tell the bets apart by more than colour: a marker on each line, a hatch on each bar."""

from fractions import Fraction
from types import SimpleNamespace

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from baccarat_lib.views import palette  # noqa: E402
from baccarat_lib.views.plots.counting import plot_edges_through_shoe, plot_effect_of_removal  # noqa: E402

BETS = ["banker", "player", "tie", "dragon-7", "panda-8"]


def test_every_bet_with_a_colour_has_its_own_marker_and_hatch():
    assert set(palette.BET_MARKERS) == set(palette.BET_HATCHES) == set(palette.BET_COLOURS)
    assert len(set(palette.BET_MARKERS.values())) == len(palette.BET_MARKERS)
    assert len(set(palette.BET_HATCHES.values())) == len(palette.BET_HATCHES)


def test_each_line_of_the_edges_through_a_shoe_has_a_different_marker():
    points = [SimpleNamespace(coup=coup, edges={bet: Fraction(number - coup, 100) for number, bet in enumerate(BETS)})
              for coup in range(1, 21)]
    ax = plot_edges_through_shoe(points, BETS)
    markers = [line.get_marker() for line in ax.get_lines() if line.get_label() in
               [legend.get_text() for legend in ax.get_legend().get_texts()]]
    assert len(markers) == len(BETS) and len(set(markers)) == len(BETS)
    plt.close("all")


def test_each_bet_s_bars_have_a_different_hatch():
    effects = {bet: {value: Fraction(value - number, 10**5) for value in range(10)} for number, bet in enumerate(BETS)}
    ax = plot_effect_of_removal(effects)
    hatches = [bar.get_hatch() or "" for bar in ax.patches]
    assert len(hatches) == 10 * len(BETS)
    per_bet = [set(hatches[10 * number:10 * number + 10]) for number in range(len(BETS))]
    assert all(len(each) == 1 for each in per_bet) and len({next(iter(each)) for each in per_bet}) == len(BETS)
    plt.close("all")
