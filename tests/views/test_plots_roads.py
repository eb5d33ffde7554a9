"""The scoreboard pictures (baccarat_lib.views.plots.roads): every cell drawn, boards of the same cell size."""

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from baccarat_lib.analysis.roads import bead_plate, big_road, streak_statistics  # noqa: E402
from baccarat_lib.views.plots import plot_bead_plate, plot_big_road, plot_roads, plot_streak_statistics  # noqa: E402


def test_pictures_draw_every_cell():
    beads = bead_plate("B P T B")
    assert [text.get_text() for text in plot_bead_plate(beads).texts] == ["B", "P", "T", "B"]
    ax = plot_big_road(big_road("B T T P T B"))
    assert [text.get_text() for text in ax.texts] == ["2"]        # a count only where more than one tie
    bead_axes, road_axes = plot_roads("B B P T")
    assert bead_axes.get_xlim() == road_axes.get_xlim()          # cells the same size on both boards
    ax = plot_streak_statistics(streak_statistics("B B P B B B T B P", 3), 0.4586)
    exact_line, = [line for line in ax.get_lines() if line.get_linestyle() == "--"]
    assert list(exact_line.get_ydata()) == [0.4586, 0.4586]
    plt.close("all")
