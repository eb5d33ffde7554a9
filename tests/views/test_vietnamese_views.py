"""The views in Vietnamese: plot titles, axes and legends, the scoreboard's SVG titles,
HTML table headers and captions, with Vietnamese numbers; English again after the ``with`` block.

Expected texts are written by hand from the glossary (docs/glossary.vi.md), not printed by the code.
"""

from __future__ import annotations

import re

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from baccarat_lib.analysis.convergence import Convergence, outcome_convergence  # noqa: E402
from baccarat_lib.analysis.roads import streak_statistics  # noqa: E402
from baccarat_lib.i18n import language, using_language  # noqa: E402
from baccarat_lib.views.diagrams import reading_order_figure  # noqa: E402
from baccarat_lib.views.money import edge_reading, given_player_total_html, outcome_table_html  # noqa: E402
from baccarat_lib.views.plots import plot_convergence, plot_streak_statistics  # noqa: E402
from baccarat_lib.views.plots.common import new_axes  # noqa: E402
from baccarat_lib.views.svg import scoreboard_svg  # noqa: E402
from baccarat_lib.views.tableau import tableau_grid_html, tableau_markdown  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _headers(html: str) -> list[str]:
    return re.findall(r"<th[^>]*>(?:<div[^>]*>)?(.*?)(?:</div>)?</th>", html)


def test_streak_plot_title_axes_and_legend_in_vietnamese():
    rows = streak_statistics("B B P B B B T B P", max_k=2)
    with using_language("vi"):
        ax = plot_streak_statistics(rows, 0.4586)
    assert ax.get_title(loc="left") == "P(Banker | k kết quả gần nhất đều là Banker)"
    assert ax.get_xlabel() == "k: k kết quả gần nhất (bỏ qua ván hòa) đều là Banker"
    assert ax.get_ylabel() == "P(Banker ở ván tiếp theo)"
    legend = [text.get_text() for text in ax.get_legend().get_texts()]
    assert "P(Banker) chính xác ở một ván bất kỳ = 0,4586" in legend      # a decimal comma
    assert "mô phỏng, ±2 sai số chuẩn" in legend


def test_english_plot_again_after_the_block():
    rows = streak_statistics("B B P B B B T B P", max_k=2)
    with using_language("vi"):
        plot_streak_statistics(rows, 0.4586)
    ax = plot_streak_statistics(rows, 0.4586)
    assert language() == "en"
    assert ax.get_title(loc="left") == "P(Banker | the last k results were Banker)"
    assert "exact P(Banker) on any coup = 0.4586" in [text.get_text() for text in ax.get_legend().get_texts()]


def test_convergence_plot_in_vietnamese():
    with using_language("vi"):
        convergence = outcome_convergence("banker", n_coups=2000, decks=8, seed=1, points=20)
        ax = plot_convergence(convergence)
    assert ax.get_title() == "tỷ lệ số ván Banker thắng"
    assert ax.get_xlabel() == "số ván đã chia (thang lôgarit)"
    assert sorted(text.get_text() for text in ax.get_legend().get_texts()) == \
        sorted(["mô phỏng đến lúc này", "chính xác (liệt kê mọi ván)", "±2 sai số chuẩn"])


def _tick_labels(axis):
    axis.figure.canvas.draw()                   # the labels are written when the figure is drawn
    return [label.get_text() for label in axis.get_ticklabels() if label.get_text()]


def test_plot_ticks_write_numbers_as_the_language_does():
    # decimals with a comma, thousands with a dot, a minus sign; drawn after the block, still Vietnamese
    figure, ax = plt.subplots()
    ax.plot([-1500, 2500], [0.4, 0.465])
    ax.set_xticks([-1000, 0, 1000, 2000])
    ax.set_yticks([0.4, 0.425, 0.45])
    with using_language("vi"):
        new_axes(ax, None)
    assert _tick_labels(ax.xaxis) == ["−1.000", "0", "1.000", "2.000"]
    assert _tick_labels(ax.yaxis) == ["0,4", "0,425", "0,45"]
    with using_language("vi"):
        convergence = outcome_convergence("banker", n_coups=2000, decks=8, seed=1, points=20)
        percent_axis = plot_convergence(convergence).yaxis
    labels = _tick_labels(percent_axis)
    assert labels and all(re.fullmatch(r"−?\d+,\d%", label) for label in labels), labels      # "46,0%", not 46.0%
    english = new_axes(None, (3, 2))
    english.plot([0, 1500], [0, 0.465])
    english.set_xticks([0, 1500])
    english.set_yticks([0, 0.465])
    assert _tick_labels(english.xaxis) == ["0", "1,500"] and _tick_labels(english.yaxis) == ["0", "0.465"]


def test_a_convergence_label_made_in_english_is_shown_in_vietnamese():
    convergence = Convergence(np.array([1000, 2000]), np.array([0.45, 0.46]), np.array([0.01, 0.01]), 0.4586,
                              "share of coups Banker wins")
    with using_language("vi"):
        ax = plot_convergence(convergence)
    assert ax.get_title() == "share of coups Banker wins"    # a label of the caller's own is shown as given


def test_scoreboard_svg_titles_in_vietnamese():
    with using_language("vi"):
        svg = scoreboard_svg("B B P P B")
    titles = re.findall(r'<text class="bcl-road-title"[^>]*>([^<]*)</text>', svg)
    assert titles == ["Bead Plate: mọi ván, xuống theo từng cột",
                      "Big Road: mỗi chuỗi một cột, ván hòa ghi trên vòng tròn trước đó",
                      "Big Eye Boy: so mỗi cột với cột ngay trước",
                      "Small Road: so mỗi cột với cột trước đó hai cột",
                      "Cockroach Pig: so mỗi cột với cột trước đó ba cột"]
    assert "<title>Bead Plate, Big Road và ba cầu phái sinh</title>" in svg
    assert 'data-colour="red"' in svg                       # keys untouched


def test_html_table_headers_in_vietnamese():
    with using_language("vi"):
        outcomes = outcome_table_html((1, 8))
        given = given_player_total_html(8)
    assert _headers(outcomes) == ["Kết quả", "1 bộ bài", "8 bộ bài"]
    assert "<b>Hòa</b>" in outcomes and "<i>tổng</i>" in outcomes
    assert _headers(given) == ["Hai lá đầu của Player được", "Player thắng", "Banker thắng", "Hòa"]


def test_edge_reading_caption_and_percent_in_vietnamese():
    with using_language("vi"):
        html = edge_reading(8, "standard")
    assert "Shoe gồm 8 bộ bài." in html
    assert "<b>1,0579%</b>" in html           # the Banker bet's house edge at 8 decks, 1.0579 %, with a comma
    assert "Lợi thế nhà cái = −(tổng của kết quả ròng × xác suất). Hoàn cược tính là 0." in html
    assert "Mức thua trung bình trên mỗi 100 đơn vị tiền cược" in html


def test_tableau_tables_in_vietnamese():
    with using_language("vi"):
        markdown = tableau_markdown()
        grid = tableau_grid_html(4, 7)
    assert markdown.splitlines()[0] == ("| Tổng điểm hai lá của Banker | Banker rút khi lá thứ ba của Player là "
                                        "| Banker đứng khi lá đó là |")
    assert markdown.splitlines()[-1] == "| 7 | không bao giờ | luôn luôn |"
    assert "Lá thứ ba của Player (giá trị)" in grid and "Banker rút" in grid and "Banker đứng" in grid
    assert 'class="bcl-highlight" data-total="4" data-value="7"' in grid and ">R</td>" in grid


def test_reading_order_figure_in_vietnamese():
    with using_language("vi"):
        figure = reading_order_figure()
    texts = [text.get_text() for text in figure.axes[0].texts]
    assert texts[:2] == ["1. Tổng điểm", "cộng hai lá\ncủa mỗi tay;\ngiữ chữ số\nhàng đơn vị"]
    assert "0–5: rút\n6–7: đứng" in texts
    assert "có: cả hai tay đứng, so sánh ngay" in texts
