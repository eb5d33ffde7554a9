"""The streak-statistics plot (baccarat_lib.views.plots.streaks). The boards are drawn once, as SVG: see
test_svg.py."""

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from baccarat_lib.analysis.roads import streak_statistics  # noqa: E402
from baccarat_lib.views.plots import plot_streak_statistics  # noqa: E402


def test_the_exact_chance_is_the_dashed_line():
    ax = plot_streak_statistics(streak_statistics("B B P B B B T B P", 3), 0.4586)
    exact_line, = [line for line in ax.get_lines() if line.get_linestyle() == "--"]
    assert list(exact_line.get_ydata()) == [0.4586, 0.4586]
    plt.close("all")


def test_the_boards_have_one_renderer():
    import baccarat_lib.views as views
    import baccarat_lib.views.plots as plots

    assert {"bead_plate_svg", "big_road_svg", "roads_svg", "scoreboard_svg"} <= set(views.__all__)
    assert not {name for name in plots.__all__ if "bead" in name or "road" in name}   # no matplotlib board
