"""What every plot shares (baccarat_lib.views.plots.common): the figure said in words, and shown with that text
as the picture's alt, since neither JupyterLab nor Voila gives a plain PNG output one."""

import base64
import gc
import re
import weakref
from types import SimpleNamespace

import matplotlib
import matplotlib.pyplot as plt
import pytest

matplotlib.use("Agg")

from IPython.core.events import EventManager, available_events  # noqa: E402
from IPython.core.formatters import DisplayFormatter  # noqa: E402
from IPython.core.pylabtools import select_figure_formats  # noqa: E402
from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402

from baccarat_lib.i18n import using_language  # noqa: E402
from baccarat_lib.views.plots import common  # noqa: E402
from baccarat_lib.views.plots.common import _show_figures_with_alt, figure_description, figure_html  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _alt(html):
    return re.search(r' alt="([^"]*)"', html).group(1)


def test_a_figure_is_said_by_its_titles_and_axis_labels_in_order():
    fig, (left, right) = plt.subplots(1, 2)
    fig.suptitle("Two runs")
    left.set(title="Banker share", xlabel="coups\ndealt", ylabel="share")   # a label's line break is a space
    right.set_title("Edge", loc="left")
    assert figure_description(fig) == ("Chart: Two runs. Banker share; horizontal axis: coups dealt; "
                                       "vertical axis: share. Edge")


def test_a_figure_without_words_is_still_named_a_chart():
    fig, _ = plt.subplots()
    assert figure_description(fig) == "Chart"
    with using_language("vi"):
        assert figure_description(fig) == "Biểu đồ"


def test_a_figure_is_named_by_what_its_axes_hold_in_each_language():
    fig, ax = plt.subplots()
    ax.plot([0, 1], [0, 1])
    ax.set_xlabel("Player's third card")
    ax.set_ylabel("Banker's two-card total")
    alt = _alt(figure_html(fig))
    assert re.search(r"horizontal axis: [^;]*Player&#x27;s third card", alt)
    assert re.search(r"vertical axis: [^;]*Banker&#x27;s two-card total", alt)
    with using_language("vi"):
        assert "trục ngang:" in figure_description(fig) and "trục dọc:" in figure_description(fig)


def test_the_html_holds_the_figure_as_a_png_with_its_alt():
    fig, ax = plt.subplots()
    ax.plot([0, 1], [0, 1])
    ax.set_title('Edge "<5%" & more')          # quotes and markup stay inside the attribute
    html = figure_html(fig)
    assert html.startswith('<img class="bcl-plot" src="data:image/png;base64,')
    assert _alt(html) == "Chart: Edge &quot;&lt;5%&quot; &amp; more"
    png = base64.b64decode(re.search(r"base64,([^\"]+)\"", html).group(1))
    assert png.startswith(b"\x89PNG\r\n\x1a\n")


def test_an_empty_figure_shows_no_html_as_it_shows_no_png():
    assert figure_html(plt.figure()) is None


def test_ipython_shows_a_figure_as_html_with_alt_even_after_the_inline_backend_starts():
    # The inline backend clears every format registered for Figure when it starts, which may be after the views
    # are imported: the HTML must survive that, and the PNG output stays beside it.
    display = DisplayFormatter()
    _show_figures_with_alt(display.formatters)
    select_figure_formats(SimpleNamespace(display_formatter=display), {"png"})
    fig, ax = plt.subplots()
    ax.set_xlabel("coup")
    bundle, _ = display.format(fig)
    assert _alt(bundle["text/html"]) == "Chart: horizontal axis: coup"
    assert "image/png" in bundle and bundle["text/plain"].startswith("<Figure size")


def _drawings(monkeypatch) -> list:
    """Counts the figure's drawings into an image (each PNG made of it)."""
    drawn, draw = [], FigureCanvasAgg.print_figure
    monkeypatch.setattr(FigureCanvasAgg, "print_figure", lambda *args, **kwargs: drawn.append(1) or draw(*args, **kwargs))
    return drawn


def _formatter_showing(formats, alt=True, **print_kwargs):
    display = DisplayFormatter()
    if alt:
        _show_figures_with_alt(display.formatters)
    select_figure_formats(SimpleNamespace(display_formatter=display), formats, **print_kwargs)
    return display


def test_the_png_beside_the_html_is_its_drawing_when_the_inline_backend_draws_alike(monkeypatch):
    # The inline backend's default: a PNG of the tight bounding box. The html's picture and the PNG output are then
    # one drawing, the same bytes as the inline backend draws on its own.
    fig, ax = plt.subplots()
    ax.plot([0, 1, 3], [2, 0, 1])
    alone, _ = _formatter_showing({"png"}, alt=False, bbox_inches="tight").format(fig)
    display = _formatter_showing({"png"}, bbox_inches="tight")
    drawn = _drawings(monkeypatch)
    bundle, _ = display.format(fig)
    assert len(drawn) == 1
    assert base64.b64decode(bundle["image/png"]) == base64.b64decode(alone["image/png"])
    assert re.search(r'src="data:image/png;base64,([^"]+)"', bundle["text/html"]).group(1) == bundle["image/png"]
    ax.set_title("changed")                         # shown again: drawn again, once
    again, _ = display.format(fig)
    assert len(drawn) == 2 and again["image/png"] != bundle["image/png"]


def test_a_png_output_drawn_otherwise_is_drawn_on_its_own(monkeypatch):
    fig, ax = plt.subplots()
    ax.plot([0, 1, 3], [2, 0, 1])
    display = _formatter_showing({"retina"}, bbox_inches="tight")   # twice the pixels, with its size in metadata
    drawn = _drawings(monkeypatch)
    bundle, metadata = display.format(fig)
    assert len(drawn) == 2 and bundle["image/png"] not in bundle["text/html"] and "width" in metadata["image/png"]


def test_a_diagram_is_said_by_the_description_attached_to_it():
    # lesson 00's flowchart has no title or axis: its five boxes are said in order, with the natural's shortcut
    from baccarat_lib.views.diagrams import reading_order_figure

    alt = _alt(figure_html(reading_order_figure()))
    assert re.findall(r"(\d)\. [^(]+\(", alt) == ["1", "2", "3", "4", "5"]
    assert "3. Player rule (0–5 draws 6–7 stands)" in alt       # Player draws on 0 to 5, stands on 6 and 7
    assert "box 2 to box 5" in alt
    with using_language("vi"):
        assert figure_description(reading_order_figure()).startswith("Biểu đồ: ")


# ---------------------------------------------------------------- a shown figure's memory

@pytest.fixture
def kernel_shell(monkeypatch):
    """What the module does in a kernel, on a shell of IPython's own formatter and events; the cycle collector off,
    so only an explicit collection frees a figure; ``collections`` counts the full ones."""
    shell = SimpleNamespace(display_formatter=DisplayFormatter())
    shell.events = EventManager(shell, available_events)
    common._shown.clear()
    common._in_ipython(shell)
    collections, collect = [], gc.collect
    monkeypatch.setattr(gc, "collect", lambda *generation: collections.append(generation) or collect(*generation))
    gc.disable()
    yield shell, collections
    gc.enable()


def _shown_figure(shell):
    fig, ax = plt.subplots()
    ax.plot([0, 1], [0, 1])
    shell.display_formatter.format(fig)             # as a cell's figure is shown: its PNG and HTML made
    return fig


def test_a_closed_figure_is_freed_after_the_cell_that_showed_it(kernel_shell):
    shell, collections = kernel_shell
    fig = _shown_figure(shell)
    plt.close(fig)                                  # as the inline backend closes every figure it shows
    freed = weakref.ref(fig)
    del fig
    assert freed() is not None                      # its reference cycles keep it: this is what would stay
    shell.events.trigger("post_run_cell", None)
    assert freed() is None and collections == [()]


def test_an_open_figure_is_kept_and_a_closed_one_the_learner_holds_is_not_collected_for_again(kernel_shell):
    shell, collections = kernel_shell
    kept, held = _shown_figure(shell), _shown_figure(shell)
    shell.events.trigger("post_run_cell", None)
    assert collections == [] and set(common._shown) == {kept, held}     # nothing closed: no collection
    plt.close(held)
    shell.events.trigger("post_run_cell", None)
    assert collections == [()] and set(common._shown) == {kept}        # held by a variable: alive, not watched
    shell.events.trigger("post_run_cell", None)
    assert collections == [()] and plt.fignum_exists(kept.number)
