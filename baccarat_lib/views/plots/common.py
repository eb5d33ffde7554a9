"""What every plot of the course shares: a new figure when no axes are given. The colours are ``views.palette``'s.

- ``new_axes(ax, figsize)``: ``ax`` itself, or the axes of a new figure of ``figsize`` inches.
"""

from __future__ import annotations

from matplotlib import pyplot as plt

__all__ = ["new_axes"]


def new_axes(ax, figsize):
    """``ax`` if given, else the axes of a new figure ``figsize`` (width, height) inches large."""
    if ax is None:
        _, ax = plt.subplots(figsize=figsize)
    return ax
