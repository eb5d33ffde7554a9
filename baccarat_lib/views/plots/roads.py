"""Matplotlib pictures of the scoreboards (from the layouts of ``roads``) and of the streak statistics.

Readable on a projector: the letters and marks scale with the cells. Every function takes an optional ``ax``
(a new figure is made without one) and returns it; none calls ``plt.show()``: end the cell with ``plt.show()``.

Public names:

- ``plot_bead_plate(cells, ax=None, columns=None)``: filled beads, red B(anker), blue P(layer), green T(ie),
  the letter inside; a red dot top-left for a Banker pair, a blue dot bottom-right for a Player pair.
- ``plot_big_road(cells, ax=None, columns=None)``: hollow rings, red Banker, blue Player; ties as a green slash
  across the ring (with their number when more than one).
- ``plot_roads(outcomes, axes=None)``: both boards of one shoe, one above the other, cells the same size.
- ``plot_streak_statistics(rows, exact, ax=None, side="banker")``: P(side | k wins in a row) for each k with
  error bars of two standard errors, and the exact unconditional chance as a line.

>>> import matplotlib.pyplot as plt
>>> from baccarat_lib.analysis.roads import big_road, bead_plate
>>> ax = plot_big_road(big_road("B B P T P"))
>>> [text.get_text() for text in ax.texts if text.get_text()]
[]
>>> ax = plot_bead_plate(bead_plate("B P T"))
>>> [text.get_text() for text in ax.texts]
['B', 'P', 'T']
>>> plt.close("all")
"""

from __future__ import annotations

import numpy as np
from matplotlib import pyplot as plt
from matplotlib.collections import EllipseCollection, LineCollection

from ...analysis.roads import LETTERS, ROWS, bead_plate, big_road, outcome_of
from ...game.coup import Outcome
from ...game.formatting import number
from ...i18n import N_, _
from ..svg import BEAD_PLATE_TITLE, BIG_ROAD_TITLE
from .common import OUTCOME_COLOURS, new_axes

__all__ = ["plot_bead_plate", "plot_big_road", "plot_roads", "plot_streak_statistics"]
MIN_COLUMNS = 12   # an empty or short board still shows a readable grid
_RADIUS = 0.42     # of a bead or ring, in cells
_OUTCOME_NAMES = {Outcome.BANKER: N_("Banker"), Outcome.PLAYER: N_("Player"), Outcome.TIE: N_("Tie")}




def _columns(cells, columns) -> int:
    needed = max((cell.column + 1 for cell in cells), default=0)
    return max(needed, MIN_COLUMNS if columns is None else columns)


def _grid(ax, columns: int, rows: int, title: str):
    """The empty board: thin grey lines around each cell, row 0 at the top."""
    lines = [[(x, 0), (x, rows)] for x in range(columns + 1)] + [[(0, y), (columns, y)] for y in range(rows + 1)]
    ax.add_collection(LineCollection(lines, colors="#cfcfcf", linewidths=0.8, zorder=0), autolim=False)
    ax.set_xlim(-0.05, columns + 0.05)
    ax.set_ylim(rows + 0.05, -0.05)
    ax.set_aspect("equal")
    ax.set_anchor("W")  # boards start at the left, under their titles
    ax.axis("off")
    ax.set_title(_(title), fontsize=16, loc="left", fontweight="bold")   # default titles: catalog messages


def _cell_points(ax, columns: int, rows: int) -> float:
    """The side of one cell in points, so text can be sized to fit it."""
    width, height = ax.figure.get_size_inches()
    box = ax.get_position()
    return 72 * min(box.width * width / columns, box.height * height / rows)


def _circles(ax, centres, diameter: float, zorder: int, **style):
    """Circles of ``diameter`` cells at ``centres`` (x, y), drawn as one collection (fast for a whole shoe)."""
    if len(centres):
        n = len(centres)
        ax.add_collection(EllipseCollection([diameter] * n, [diameter] * n, [0] * n, units="xy",
                                            offsets=centres, offset_transform=ax.transData, zorder=zorder,
                                            **style), autolim=False)


def _board(cells, ax, columns, rows, title):
    """An empty board sized for ``cells``: the axes and the cell size in points."""
    columns = _columns(cells, columns)
    ax = new_axes(ax, (0.62 * columns + 0.6, 0.62 * rows + 0.9))
    _grid(ax, columns, rows, title)
    return ax, _cell_points(ax, columns, rows)


def plot_bead_plate(cells, ax=None, columns: int | None = None, rows: int = ROWS,
                    title: str = BEAD_PLATE_TITLE):
    """The Bead Plate from ``roads.bead_plate`` cells: a filled bead per coup with its letter inside."""
    ax, size = _board(cells, ax, columns, rows, title)
    _circles(ax, [(cell.column + 0.5, cell.row + 0.5) for cell in cells], 2 * _RADIUS, 2,
             facecolors=[OUTCOME_COLOURS[cell.outcome] for cell in cells], edgecolors="white", linewidths=1)
    for cell in cells:
        ax.text(cell.column + 0.5, cell.row + 0.5, LETTERS[cell.outcome], ha="center", va="center",
                color="white", fontweight="bold", fontsize=max(7, 0.5 * size), zorder=3)
    for flag, outcome, (dx, dy) in (("banker_pair", Outcome.BANKER, (-0.3, -0.3)),
                                    ("player_pair", Outcome.PLAYER, (0.3, 0.3))):
        marked = [(cell.column + 0.5 + dx, cell.row + 0.5 + dy) for cell in cells if getattr(cell, flag)]
        _circles(ax, marked, 0.24, 4, facecolors=OUTCOME_COLOURS[outcome], edgecolors="white", linewidths=1.2)
    return ax


def plot_big_road(cells, ax=None, columns: int | None = None, rows: int = ROWS,
                  title: str = BIG_ROAD_TITLE):
    """The Big Road from ``roads.big_road`` cells: hollow rings; a tie is a green slash (and its count if > 1)."""
    ax, size = _board(cells, ax, columns, rows, title)
    rings = [cell for cell in cells if cell.outcome is not Outcome.TIE]
    _circles(ax, [(cell.column + 0.5, cell.row + 0.5) for cell in rings], 2 * _RADIUS - 0.12, 2,
             facecolors="none", edgecolors=[OUTCOME_COLOURS[cell.outcome] for cell in rings],
             linewidths=max(2, 0.12 * size))
    tied = [cell for cell in cells if cell.ties]
    slashes = [[(cell.column + 0.17, cell.row + 0.83), (cell.column + 0.83, cell.row + 0.17)] for cell in tied]
    ax.add_collection(LineCollection(slashes, colors=OUTCOME_COLOURS[Outcome.TIE], linewidths=max(2, 0.1 * size),
                                     capstyle="round", zorder=3), autolim=False)
    for cell in tied:
        if cell.ties > 1:
            ax.text(cell.column + 0.5, cell.row + 0.5, str(cell.ties), ha="center", va="center",
                    color=OUTCOME_COLOURS[Outcome.TIE], fontweight="bold", fontsize=max(7, 0.42 * size),
                    zorder=4, bbox={"boxstyle": "circle,pad=0.1", "facecolor": "white", "edgecolor": "none"})
    return ax


def plot_roads(outcomes, axes=None, rows: int = ROWS):
    """Both boards of a sequence of results (or ``CoupRecords``), cells the same size, Bead Plate on top."""
    beads, rings = bead_plate(outcomes, rows), big_road(outcomes, rows)
    columns = max(_columns(beads, None), _columns(rings, None))
    if axes is None:  # wide enough for the longer title (16 pt bold: about 0.14 inch a character), never cut
        width = max(0.36 * columns + 0.6, 0.14 * max(len(_(BEAD_PLATE_TITLE)), len(_(BIG_ROAD_TITLE))) + 0.4)
        _figure, axes = plt.subplots(2, 1, figsize=(width, 2 * (0.36 * rows + 0.7)))
    plot_bead_plate(beads, axes[0], columns, rows)
    plot_big_road(rings, axes[1], columns, rows)
    return axes


def plot_streak_statistics(rows, exact, ax=None, side=Outcome.BANKER):
    """Observed P(side | the last k non-tie results were side) with ±2 standard errors, against the exact P(side)."""
    ax = new_axes(ax, (9, 5))
    outcome = outcome_of(side)
    label = _(_OUTCOME_NAMES[outcome])
    ks = [row.k for row in rows]
    ax.errorbar(ks, [row.probability for row in rows], yerr=[2 * row.standard_error for row in rows],
                fmt="o", color=OUTCOME_COLOURS[outcome],
                markersize=10, capsize=8, linewidth=2.5, label=_("simulated, ±2 standard errors"))
    ax.axhline(float(exact), color="#333", linestyle="--", linewidth=2,
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
