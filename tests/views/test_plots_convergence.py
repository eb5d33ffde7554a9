"""The convergence picture (baccarat_lib.views.plots.convergence): two lines, a band, a legend."""

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from baccarat_lib.analysis.convergence import bet_convergence  # noqa: E402
from baccarat_lib.views.plots import plot_convergence  # noqa: E402


def test_convergence_plot_draws_the_estimate_the_exact_value_and_a_band():
    result = bet_convergence("banker", "standard", n_coups=20_000, seed=1)
    ax = plot_convergence(result)
    assert len(ax.lines) == 2 and len(ax.collections) == 1
    assert [text.get_text() for text in ax.get_legend().get_texts()] == \
        ["±2 standard errors", "simulation so far", "exact (enumeration)"]
    plt.close("all")
