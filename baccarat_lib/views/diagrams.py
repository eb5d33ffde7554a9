"""Diagrams for the lessons: the reading order of a coup, drawn large enough for a projector.

Public names:

- ``READING_ORDER``, ``reading_order_box(step)``, ``reading_order_figure()``: the boxes, a step's box, the chart.

>>> [title for title, _ in READING_ORDER]
['1. Total', '2. Natural?', '3. Player rule', '4. Banker rule', '5. Compare']
>>> from baccarat_lib import play_coup
>>> [reading_order_box(step) for step in play_coup("K 5 9 3").steps]
['2. Natural?', '5. Compare']
"""

from __future__ import annotations

from ..game.explanations import describe_values
from ..game.rules import PLAYER_DRAWS_ON
from ..i18n import N_, _
from .palette import DARK_GREY, TONES

__all__ = ["READING_ORDER", "reading_order_box", "reading_order_figure"]


def _player_rule() -> str:
    """The Player rule box's text, in the current language (its numbers come from the rules)."""
    return _("{draws} draws\n{stands} stands").format(draws=describe_values(PLAYER_DRAWS_ON),
                                                        stands=describe_values(set(range(8)) - PLAYER_DRAWS_ON))


_PLAYER_RULE = _player_rule()   # the English text, as data (the figure writes it in the current language)

# The reading order of a coup, one box per rule, in the order a dealer applies them.
READING_ORDER = (
    (N_("1. Total"), N_("add each hand's\ntwo cards;\nkeep the\nunits digit")),
    (N_("2. Natural?"), N_("8 or 9 on\ntwo cards?")),
    (N_("3. Player rule"), _PLAYER_RULE),
    (N_("4. Banker rule"), N_("Player stood:\n0–5 draws\nPlayer drew:\nthe tableau")),
    (N_("5. Compare"), N_("higher total wins\nequal: Tie")),
)

# Step.rule (see coup.play_coup) -> index of its box in READING_ORDER.
_BOX_OF_RULE = {"natural": 1, "player-rule": 2, "player-draw": 2, "banker-rule": 3, "banker-draw": 3,
                "compare": 4}

_FILL, _EDGE = zip(*(TONES[tone] for tone in ("grey", "amber", "blue", "red", "green")))   # one tone per box


def reading_order_box(step) -> str:
    """The title of the reading-order box a coup step belongs to (its ``.rule`` says which)."""
    return _(READING_ORDER[_BOX_OF_RULE[step.rule]][0])


def reading_order_figure():
    """The reading order of a coup as a left-to-right flowchart; returns the matplotlib Figure."""
    import matplotlib.pyplot as plt  # here, not at the top: reading_order_box needs no matplotlib
    from matplotlib.patches import FancyArrowPatch, FancyBboxPatch

    from .plots.common import describe_figure     # also shows the figure with its description as alt text

    width, gap, height = 2.3, 0.75, 2.7
    figure, axes = plt.subplots(figsize=(13, 5))
    axes.set_xlim(-0.2, len(READING_ORDER) * (width + gap) - gap + 0.2)
    axes.set_ylim(-0.5, height + 1.9)
    axes.axis("off")
    lefts = [index * (width + gap) for index in range(len(READING_ORDER))]
    for left, (title, detail), fill, edge in zip(lefts, READING_ORDER, _FILL, _EDGE):
        axes.add_patch(FancyBboxPatch((left, 0), width, height, boxstyle="round,pad=0.05,rounding_size=0.2",
                                      facecolor=fill, edgecolor=edge, linewidth=2.5))
        detail = _player_rule() if detail == _PLAYER_RULE else _(detail)
        axes.text(left + width / 2, height - 0.38, _(title), ha="center", va="center", fontsize=16,
                  fontweight="bold", color=edge)
        axes.text(left + width / 2, height / 2 - 0.25, detail, ha="center", va="center", fontsize=13.5,
                  linespacing=1.35)
    for index, left in enumerate(lefts[:-1]):
        axes.add_patch(FancyArrowPatch((left + width + 0.05, height / 2), (left + width + gap - 0.05, height / 2),
                                       arrowstyle="-|>", mutation_scale=26, linewidth=2.5, color=DARK_GREY))
    axes.text(lefts[1] + width + gap / 2, height / 2 + 0.3, _("no"), ha="center", fontsize=14, fontweight="bold")
    natural_top, compare_top = (lefts[1] + width / 2, height + 0.1), (lefts[-1] + width / 2, height + 0.1)
    axes.add_patch(FancyArrowPatch(natural_top, compare_top, connectionstyle="arc3,rad=-0.22",
                                   arrowstyle="-|>", mutation_scale=26, linewidth=2.5, color=_EDGE[1]))
    axes.text((natural_top[0] + compare_top[0]) / 2, height + 1.45, _("yes: both hands stand, compare at once"),
              ha="center", fontsize=14, fontweight="bold", color=_EDGE[1])
    figure.tight_layout()
    return describe_figure(figure, _reading_order_text())


def _reading_order_text() -> str:
    """The flowchart in words, box by box, in the current language (its alt text)."""
    boxes = "; ".join(f"{_(title)} ({' '.join((_player_rule() if detail == _PLAYER_RULE else _(detail)).split())})"
                      for title, detail in READING_ORDER)
    return _("The reading order of a coup, left to right: {boxes}. An arrow from box 2 to box 5: {shortcut}.").format(
        boxes=boxes, shortcut=_("yes: both hands stand, compare at once"))
