"""The learner's accuracy over time, for the "My progress" page."""

from __future__ import annotations

from ...game.coup import Outcome
from ...game.formatting import number
from ...i18n import _
from ..palette import OUTCOME_COLOURS
from .common import new_axes

__all__ = ["plot_accuracy_over_time"]


def plot_accuracy_over_time(days, ax=None):
    """Accuracy (percent right) per day, oldest on the left; each point says how many answers it counts."""
    ax = new_axes(ax, (9, 3.6))
    positions = list(range(len(days)))
    percents = [float(100 * day.accuracy) for day in days]
    colour = OUTCOME_COLOURS[Outcome.PLAYER]
    ax.plot(positions, percents, marker="o", markersize=9, linewidth=2.5, color=colour)
    for position, percent, day in zip(positions, percents, days):
        ax.annotate(f"{number(day.right)}/{number(day.count)}", (position, percent), textcoords="offset points",
                    xytext=(0, 10), ha="center", fontsize=12)
    ax.set_xticks(positions)
    # Translators: a strftime format for the day under each point ("%d/%m" writes 05/03).
    ax.set_xticklabels([day.day.strftime(_("%d %b")) for day in days], fontsize=12)
    ax.set_ylim(0, 112)
    ax.set_xlim(-0.5, max(len(days), 1) - 0.5)
    ax.set_yticks([0, 25, 50, 75, 100])
    ax.set_ylabel(_("answers right (%)"), fontsize=13)
    ax.set_title(_("Accuracy per day") if days else _("Accuracy per day (no answers yet)"), fontsize=15)
    ax.grid(axis="y", alpha=0.3)
    return ax
