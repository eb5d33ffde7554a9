"""What every plot of the course shares: a new figure when no axes are given, and the colours of the board.

Public names:

- ``new_axes(ax, figsize)``: ``ax`` itself, or the axes of a new figure of ``figsize`` inches.
- ``OUTCOME_COLOURS``: the colour of each ``Outcome`` on the boards and plots.
- ``BET_COLOURS``: the colour of each bet in the counting plots.
- ``CARD_RED``, ``CARD_BLACK``: the ink of red and black card faces.
"""

from __future__ import annotations

from matplotlib import pyplot as plt

from ..svg import ROAD_COLOURS

__all__ = ["new_axes", "OUTCOME_COLOURS", "BET_COLOURS", "CARD_RED", "CARD_BLACK"]

OUTCOME_COLOURS = ROAD_COLOURS  # one palette for the SVG boards and the plots
BET_COLOURS = {"banker": "#c0392b", "player": "#1a4f9c", "tie": "#1e7b34", "dragon-7": "#8e44ad",
               "panda-8": "#d68910", "player-pair": "#17a589", "banker-pair": "#7f8c8d", "super-six": "#a04000"}
CARD_RED, CARD_BLACK = "#c0392b", "#111"


def new_axes(ax, figsize):
    """``ax`` if given, else the axes of a new figure ``figsize`` (width, height) inches large."""
    if ax is None:
        _, ax = plt.subplots(figsize=figsize)
    return ax
