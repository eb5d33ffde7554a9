"""The streak statistics as a plot: after k wins in a row, the next coup's chance, against the exact chance."""

from __future__ import annotations

import numpy as np

from ...analysis.roads import outcome_of
from ...game.coup import Outcome
from ...game.formatting import number
from ...i18n import _
from ..palette import DARK_GREY, OUTCOME_COLOURS
from .common import new_axes

__all__ = ["plot_streak_statistics"]


def plot_streak_statistics(rows, exact, ax=None, side=Outcome.BANKER):
    """Observed P(side | the last k non-tie results were side) with ±2 standard errors, against the exact P(side)."""
    ax = new_axes(ax, (9, 5))
    outcome = outcome_of(side)
    label = outcome.display_name
    ks = [row.k for row in rows]
    ax.errorbar(ks, [row.probability for row in rows], yerr=[2 * row.standard_error for row in rows],
                fmt="o", color=OUTCOME_COLOURS[outcome],
                markersize=10, capsize=8, linewidth=2.5, label=_("simulated, ±2 standard errors"))
    ax.axhline(float(exact), color=DARK_GREY, linestyle="--", linewidth=2,
               label=_("exact P({side}) on any coup = {chance}").format(side=label, chance=number(float(exact), 4)))
    spread = max([4 * row.standard_error for row in rows if np.isfinite(row.standard_error)], default=0.01)
    ax.set_ylim(float(exact) - 1.6 * spread, float(exact) + 1.6 * spread)
    ax.set_xticks(ks)
    ax.set_xticklabels([str(k) if k else _("any\ncoup") for k in ks])
    ax.set_xlabel(_("k: the last k results (ties skipped) were all {side}").format(side=label), fontsize=14)
    ax.set_ylabel(_("P({side} on the next coup)").format(side=label), fontsize=14)
    ax.tick_params(labelsize=13)
    ax.legend(fontsize=13, loc="upper left")
    ax.set_title(_("P({side} | the last k results were {side})").format(side=label), fontsize=16, loc="left")
    ax.grid(axis="y", alpha=0.3)
    return ax
