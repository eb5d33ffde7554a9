"""What every plot of the course shares: a new figure when no axes are given, and tick labels written as the
learner's language writes numbers. The colours are ``views.palette``'s.

- ``new_axes(ax, figsize)``: ``ax`` itself, or the axes of a new figure of ``figsize`` inches; either way its
  number ticks follow the course's language (``number_ticks``).
- ``number_ticks(ax)``: both axes' tick labels as ``game.formatting`` writes numbers: "0.465", "1,000" and "−5" in
  English, "0,465", "1.000" and "−5" in Vietnamese.
- ``percent_ticks(axis, places=1)``: an axis holding fractions (0.46) labelled as percentages ("46.0%", "46,0%").
"""

from __future__ import annotations

from matplotlib import pyplot as plt
from matplotlib.ticker import FuncFormatter

from ...game.formatting import localized
from ...i18n import language, using_language

__all__ = ["new_axes", "number_ticks", "percent_ticks"]

_TICK_PLACES = 6                   # a tick shows at most this many decimals, trailing zeros dropped


def _tick_text(value: float) -> str:
    """A tick's number: its digits as written in English ("1,000", "0.465"), then in the current language."""
    text = f"{value:,.{_TICK_PLACES}f}".rstrip("0").rstrip(".")
    return localized("0" if text in ("-0", "") else text)


def _in_language_now(write):
    """A tick formatter writing with ``write`` in the language spoken now, even when the figure is drawn later."""
    code = language()

    def tick(value, _position):
        with using_language(code):
            return write(value)
    return FuncFormatter(tick)


def number_ticks(ax):
    """Label ``ax``'s number ticks in the course's language (both axes); returns ``ax``."""
    for axis in (ax.xaxis, ax.yaxis):
        axis.set_major_formatter(_in_language_now(_tick_text))
    return ax


def percent_ticks(axis, places: int = 1):
    """Label an axis of fractions as percentages with ``places`` decimals, in the course's language."""
    axis.set_major_formatter(_in_language_now(lambda value: localized(f"{value * 100:,.{places}f}%")))
    return axis


def new_axes(ax, figsize):
    """``ax`` if given, else the axes of a new figure ``figsize`` (width, height) inches large; its number ticks
    written in the course's language."""
    if ax is None:
        _, ax = plt.subplots(figsize=figsize)
    return number_ticks(ax)
