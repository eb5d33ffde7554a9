"""What every plot shares: new axes when none are given, ticks written as the learner's language writes numbers,
and the figure said in words.

JupyterLab and Voila give a PNG no ``alt``, so in IPython this module registers ``figure_html`` as every figure's
``text/html`` display (the ``image/png`` stays beside it, taken from the same drawing when the inline backend draws
it alike, as it does by default: see ``_show_figures_with_alt``). And after each cell it frees the figures that cell showed
and pyplot has closed since (``_free_shown_figures``): a figure is a web of reference cycles that holds its drawn
pixels, and Python's cycle collector would reach it only many cells later, so a lesson's kernel kept every plot it
had shown (about 3 MiB each for lesson 10's).
"""

from __future__ import annotations

import gc
import weakref
from functools import partial
from html import escape

from IPython import get_ipython
from IPython.core.pylabtools import print_figure
from matplotlib import pyplot as plt
from matplotlib._pylab_helpers import Gcf
from matplotlib.figure import Figure, FigureBase
from matplotlib.ticker import FuncFormatter

from ...game.formatting import localized
from ...i18n import _, language, using_language

__all__ = ["new_axes", "number_ticks", "percent_ticks", "figure_description", "describe_figure",
           "figure_html"]

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
    """``ax`` if given, else a new figure's axes, ``figsize`` inches; its number ticks in the course's language."""
    if ax is None:
        ax = plt.subplots(figsize=figsize)[1]
    return number_ticks(ax)


# ---------------------------------------------------------------- the figure in words, for a screen reader

def _words(text: str) -> str:
    """A title or label on one line (a label may break its line to fit the plot)."""
    return " ".join(text.split())


def figure_description(fig: Figure) -> str:
    """The figure in words: its overall title, then each plot's titles and axis labels, in the current language.

    >>> fig, ax = plt.subplots()
    >>> texts = ax.set(title="Edges", xlabel="coup", ylabel="edge")
    >>> figure_description(fig)
    'Chart: Edges; horizontal axis: coup; vertical axis: edge'
    >>> plt.close(fig)
    """
    return _description(fig)


def describe_figure(fig: Figure, text: str) -> Figure:
    """Say in ``text`` what ``fig`` shows, when its titles do not; returns ``fig``."""
    fig.set_label(text)
    return fig


_PNG = {"fmt": "png", "base64": True, "bbox_inches": "tight"}   # how figure_html draws: the inline backend's default


def figure_html(fig: Figure) -> str | None:
    """The figure as an ``<img>`` holding its PNG, ``figure_description`` its ``alt``; None when nothing is drawn."""
    return _img(fig, print_figure(fig, **_PNG))


def _img(fig: Figure, png: str | None) -> str | None:
    """``figure_html`` of ``fig`` drawn as ``png`` (base64)."""
    _shown.add(fig)
    if not png:
        return None
    return (f'<img class="bcl-plot" src="data:image/png;base64,{png}" '
            f'alt="{escape(_description(fig), quote=True)}" style="max-width:100%;">')


def _description(fig: Figure) -> str:
    parts = [_words(fig.get_label()), _words(fig.get_suptitle())]
    for ax in fig.axes:
        words = [_words(ax.get_title(loc)) for loc in ("left", "center", "right") if ax.get_title(loc).strip()]
        if ax.get_xlabel().strip():
            words.append(_("horizontal axis: {label}").format(label=_words(ax.get_xlabel())))
        if ax.get_ylabel().strip():
            words.append(_("vertical axis: {label}").format(label=_words(ax.get_ylabel())))
        if words:
            parts.append("; ".join(words))
    parts = [part for part in parts if part]
    return _("Chart: {description}").format(description=". ".join(parts)) if parts else _("Chart")


def _show_figures_with_alt(formatters) -> None:
    """Register ``figure_html`` as every figure's ``text/html`` display in ``formatters``.

    IPython makes a figure's ``text/html`` before its ``image/png``. When the inline backend draws that PNG as
    ``figure_html`` does (its default), the PNG output takes the one ``figure_html`` has just drawn, so a figure is
    drawn once, not twice: the same bytes in half the time, and about 7 MiB less at the peak for lesson 07's wide
    figure (each drawing holds two full-size pixel buffers).
    """
    def html(fig):
        png = print_figure(fig, **_PNG)
        if png and _png_output_takes_drawn(formatters):
            _drawn[fig] = png
        return _img(fig, png)
    formatters["text/html"].for_type(FigureBase, html)


_drawn = weakref.WeakKeyDictionary()   # figure -> the PNG its text/html drew, for its image/png (until the cell ends)


def _png_output_takes_drawn(formatters) -> bool:
    """Whether a figure's ``image/png`` output takes the PNG its ``text/html`` drew: made so when the inline backend
    draws it as ``figure_html`` does; not when it draws otherwise (retina, other options) or shows no PNG."""
    png_formatter = formatters["image/png"]
    try:
        printer = png_formatter.lookup_by_type(Figure)
    except KeyError:
        return False
    if getattr(printer, "func", None) is _take_drawn:
        return True
    if isinstance(printer, partial) and printer.func is print_figure and not printer.args and printer.keywords == _PNG:
        png_formatter.for_type(Figure, partial(_take_drawn, printer))
        return True
    return False


def _take_drawn(draw, fig):
    """A figure's ``image/png``: the PNG its ``text/html`` has just drawn, else drawn by ``draw`` (the inline
    backend's printer)."""
    png = _drawn.pop(fig, None)
    return draw(fig) if png is None else png


# ---------------------------------------------------------------- a shown figure's memory, freed after its cell

_shown = weakref.WeakSet()           # the figures figure_html has shown, until they are freed or kept by the learner


def _free_shown_figures(_result=None) -> None:
    """After a cell (IPython's ``post_run_cell``, which comes after the inline backend has shown and closed the
    cell's figures): collect the cycles of every shown figure pyplot has closed. A closed figure that still lives
    after that is held by the learner's code (a variable): it is no longer watched, so no later cell collects for it.
    """
    _drawn.clear()                     # a PNG drawn for one cell's output is never another's
    open_figures = {manager.canvas.figure for manager in Gcf.get_all_fig_managers()}
    closed = [figure for figure in _shown if figure not in open_figures]
    if not closed:
        return
    for figure in closed:
        _shown.discard(figure)
    del closed, figure                 # no reference of ours may keep them alive through the collection
    gc.collect()


def _in_ipython(shell) -> None:
    """What this module does in a notebook's kernel: figures shown with an alt, and freed after their cell."""
    _show_figures_with_alt(shell.display_formatter.formatters)
    shell.events.register("post_run_cell", _free_shown_figures)


if get_ipython() is not None:        # a notebook's kernel (not a script or a test)
    _in_ipython(get_ipython())
