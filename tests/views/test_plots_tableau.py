"""The tableau pictures (baccarat_lib.views.plots.tableau): the grid's letters and the coup's title."""

import matplotlib
import matplotlib.pyplot as plt

matplotlib.use("Agg")

from baccarat_lib.game import play_coup  # noqa: E402
from baccarat_lib.views.plots import plot_coup, plot_tableau_grid  # noqa: E402


def test_plot_grid_reads_the_tableau():
    ax = plot_tableau_grid()
    letters = [text.get_text() for text in ax.texts]
    assert len(letters) == 80
    # Row 6 reads S S S S S S D D S S; row 3 has its only S under the 8.
    assert "".join(letters[60:70]) == "SSSSSSDDSS"
    assert "".join(letters[30:40]) == "DDDDDDDDSD"
    plt.close("all")


def test_plot_coup_titles_the_result():
    ax = plot_coup(play_coup("2 A 3 2 8"))
    assert ax.get_title(loc="left") == "Tie 3–3."
    plt.close("all")
