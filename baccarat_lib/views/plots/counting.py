"""Matplotlib pictures of card counting (lesson 10): the effect of removing each card, and the edges through a shoe.

Public names:

- ``plot_effect_of_removal``: a group of bars per card value; ``plot_edges_through_shoe``: the edges coup by coup.

>>> import matplotlib.pyplot as plt
>>> from fractions import Fraction
>>> ax = plot_effect_of_removal({"banker": {value: Fraction(value - 4, 10**5) for value in range(10)}})
>>> len(ax.patches), ax.get_xlabel()
(10, 'Value of the card taken out')
>>> plt.close("all")
"""

from __future__ import annotations

import numpy as np

from ...analysis.counting import VALUE_LABELS
from ...game.payouts import bet_label
from ...i18n import _
from ..palette import BET_COLOURS, BET_HATCHES, BET_MARKERS, TONES
from .common import new_axes

__all__ = ["plot_effect_of_removal", "plot_edges_through_shoe"]


def plot_effect_of_removal(effects: dict, ax=None):
    """{bet: {value: change in edge}} as grouped bars; above 0 the card leaving hurts that bettor."""
    ax = new_axes(ax, (11, 5.5))
    bets = list(effects)
    values = list(next(iter(effects.values())))
    width = 0.8 / len(bets)
    for number, bet in enumerate(bets):
        heights = [float(effects[bet][value]) * 10_000 for value in values]
        ax.bar(np.arange(len(values)) + (number - (len(bets) - 1) / 2) * width, heights, width,
               label=bet_label(bet), color=BET_COLOURS.get(bet), hatch=BET_HATCHES.get(bet, ""),
               edgecolor="white", linewidth=0)
    ax.axhline(0, color="black", linewidth=1)
    ax.set_xticks(range(len(values)))
    ax.set_xticklabels([VALUE_LABELS[value].replace(" (", "\n(") for value in values], fontsize=12)
    ax.set_xlabel(_("Value of the card taken out"), fontsize=14)
    ax.set_ylabel(_("Change in house edge\n(hundredths of a % point)"), fontsize=13)
    ax.set_title(_("One card out: above 0 the bettor loses, below 0 the bettor gains"), fontsize=15, loc="left")
    ax.legend(fontsize=12, ncol=len(bets))
    ax.grid(axis="y", alpha=0.3)
    return ax


def plot_edges_through_shoe(points, bets=None, ax=None):
    """Each bet's exact house edge (in %) before every coup of a shoe; shaded below 0: positive expectation."""
    ax = new_axes(ax, (11, 5.5))
    bets = list(points[0].edges) if bets is None else list(bets)
    coups = [point.coup for point in points]
    for bet in bets:
        ax.plot(coups, [float(point.edges[bet]) * 100 for point in points], label=bet_label(bet), linewidth=2.2,
                color=BET_COLOURS.get(bet), marker=BET_MARKERS.get(bet, "o"), markersize=6, markevery=0.1)
    low = min(ax.get_ylim()[0], -0.5)
    ax.axhspan(low, 0, color=TONES["green"][0], zorder=0)
    ax.set_ylim(bottom=low)
    ax.axhline(0, color="black", linewidth=1)
    ax.text(coups[0], low / 2, _("below 0: the bet favours the bettor"), fontsize=12, color=TONES["green"][1],
            va="center")
    ax.set_xlabel(_("Coup number in the shoe"), fontsize=14)
    ax.set_ylabel(_("House edge (%)"), fontsize=14)
    ax.set_title(_("The exact house edge before every coup of one shoe"), fontsize=15, loc="left")
    ax.legend(fontsize=12)
    ax.grid(alpha=0.3)
    return ax
