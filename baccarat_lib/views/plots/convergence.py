"""The simulation closing in on the exact value, drawn (lesson 07)."""

from __future__ import annotations

import numpy as np

from ...analysis.convergence import Convergence
from ...i18n import _
from ..palette import BAND_BLUE, LINE_BLUE, TONES
from .common import new_axes, percent_ticks

__all__ = ["plot_convergence"]


def plot_convergence(convergence: Convergence, ax=None, start: int = 1000, percent: bool = True):
    """The running estimate from ``start`` coups on, its ±2 standard-error band, and the exact value (dashed)."""
    ax = new_axes(ax, (9, 5))
    shown = convergence.coups >= min(start, convergence.coups[-1])
    n, estimate, se = convergence.coups[shown], convergence.estimate[shown], convergence.standard_error[shown]
    ax.fill_between(n, estimate - 2 * se, estimate + 2 * se, color=BAND_BLUE, alpha=0.6,
                    label=_("±2 standard errors"))
    ax.plot(n, estimate, color=LINE_BLUE, linewidth=2, label=_("simulation so far"))
    ax.axhline(convergence.exact, color=TONES["red"][1], linestyle="--", linewidth=2, label=_("exact (enumeration)"))
    ax.set_xscale("log")
    reach = float(np.max(np.abs(estimate - convergence.exact) + 2 * se)) * 1.15
    ax.set_ylim(convergence.exact - reach, convergence.exact + reach)
    if percent:
        percent_ticks(ax.yaxis, 1)
    ax.set_xlabel(_("coups dealt (log scale)"), fontsize=14)
    ax.set_title(_(convergence.label), fontsize=15)   # built in the current language
    ax.tick_params(labelsize=12)
    ax.legend(fontsize=12, loc="upper right")
    ax.grid(True, alpha=0.3)
    return ax
