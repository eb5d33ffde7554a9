"""Matplotlib pictures of the tableau and of a coup, readable on a projector.

Public names:

- ``plot_tableau_grid(ax=None, highlight=None)``: the Banker tableau as a colour grid, Banker total rows 0..7
  against Player's third card 0..9, each cell D (draws) or S (stands); ``highlight=(total, value)`` outlines one.
- ``plot_coup(coup, ax=None)``: both hands of a played coup, with their totals and the result.

>>> import matplotlib.pyplot as plt
>>> ax = plot_tableau_grid(highlight=(4, 7))
>>> [text.get_text() for text in ax.texts][:10]
['D', 'D', 'D', 'D', 'D', 'D', 'D', 'D', 'D', 'D']
>>> sum(text.get_text() == "D" for text in ax.texts), sum(text.get_text() == "S" for text in ax.texts)
(51, 29)
>>> plt.close("all")
"""

from __future__ import annotations

import numpy as np
from matplotlib.colors import ListedColormap
from matplotlib.patches import FancyBboxPatch, Rectangle

from ...game.coup import Coup
from ...game.explanations import step_text
from ...game.rules import BANKER_TABLEAU, THIRD_CARD_VALUES
from ...game.tableau import draw_grid
from ...i18n import N_, _
from ..palette import BORDER_GREY, CARD_BLACK, CARD_RED, DRAW_COLOUR, INK, MUTED_GREY, STAND_COLOUR
from .common import new_axes

# Translators: the letters in the tableau's cells: D for draws, S for stands (one letter each).
_DRAWS_LETTER, _STANDS_LETTER = N_("D"), N_("S")
_HAND_NAMES = (N_("Player"), N_("Banker"))

__all__ = ["plot_tableau_grid", "plot_coup"]


def plot_tableau_grid(ax=None, highlight: tuple[int, int] | None = None):
    """The tableau as a colour grid read from BANKER_TABLEAU: blue D = Banker draws, orange S = stands."""
    ax = new_axes(ax, (9, 6.2))
    grid = np.array(draw_grid(), dtype=int)
    ax.imshow(grid, cmap=ListedColormap([STAND_COLOUR, DRAW_COLOUR]), vmin=0, vmax=1, aspect="auto")
    for total, row in enumerate(grid):
        for value, draws in enumerate(row):
            ax.text(value, total, _(_DRAWS_LETTER) if draws else _(_STANDS_LETTER), ha="center", va="center",
                    fontsize=17, fontweight="bold", color=INK)
    ax.set_xticks(list(THIRD_CARD_VALUES))
    ax.set_xticklabels(["0\n10 J Q K", "1\nA"] + [str(value) for value in THIRD_CARD_VALUES][2:], fontsize=13)
    ax.set_yticks(list(BANKER_TABLEAU))
    ax.set_yticklabels([str(total) for total in BANKER_TABLEAU], fontsize=15)
    ax.xaxis.tick_top()
    ax.xaxis.set_label_position("top")
    ax.set_xlabel(_("Value of Player's third card"), fontsize=15)
    ax.set_ylabel(_("Banker's two-card total"), fontsize=15)
    ax.set_xticks(np.arange(-0.5, len(THIRD_CARD_VALUES)), minor=True)
    ax.set_yticks(np.arange(-0.5, len(BANKER_TABLEAU)), minor=True)
    ax.grid(which="minor", color="white", linewidth=2)
    ax.tick_params(which="minor", length=0)
    if highlight is not None:
        total, value = highlight
        ax.add_patch(Rectangle((value - 0.5, total - 0.5), 1, 1, fill=False, linewidth=4,
                               edgecolor="black", zorder=3))
    ax.set_title(_("Banker after Player drew:  D = draws,  S = stands"), fontsize=16, pad=12, loc="left")
    return ax


def _card(ax, x: float, y: float, card, width: float = 0.8, height: float = 1.15):
    """One card face with its lower-left corner at (x, y)."""
    ax.add_patch(FancyBboxPatch((x, y), width, height, boxstyle="round,pad=0.02,rounding_size=0.08",
                                facecolor="white", edgecolor=BORDER_GREY, linewidth=2))
    colour = CARD_RED if card.is_red else CARD_BLACK
    ax.text(x + width / 2, y + height * 0.6, card.label, ha="center", va="center",
            fontsize=24, fontweight="bold", color=colour)
    ax.text(x + width / 2, y + height * 0.18, _("worth {value}").format(value=card.value), ha="center", va="center",
            fontsize=11, color=MUTED_GREY)


def plot_coup(coup: Coup, ax=None):
    """Both hands of a coup as card faces, each with its final total, and the result as the title.

    >>> import matplotlib.pyplot as plt
    >>> from baccarat_lib import play_coup
    >>> plot_coup(play_coup("2♣ 3♥ 3♠ A♦ 7♦ 4♠")).get_title(loc="left")
    'Banker wins 8–2.'
    >>> plt.close("all")
    """
    ax = new_axes(ax, (6.5, 4))
    for row, (name, hand) in enumerate(zip(_HAND_NAMES, (coup.player, coup.banker))):
        y = 1.5 * (1 - row)
        ax.text(-0.15, y + 0.6, _(name), ha="right", va="center", fontsize=18, fontweight="bold")
        for position, card in enumerate(hand.cards):
            _card(ax, position, y, card)
        ax.text(3.1, y + 0.6, f"= {hand.total}", ha="left", va="center", fontsize=22)
    ax.set_xlim(-1.6, 4)
    ax.set_ylim(-0.1, 2.8)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(step_text(coup.steps[-1]), fontsize=18, loc="left")
    return ax
