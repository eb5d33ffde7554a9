"""The reading-order diagram of lesson 00 (baccarat_lib.views.diagrams)."""

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from baccarat_lib.game import play_coup  # noqa: E402
from baccarat_lib.views.diagrams import READING_ORDER, reading_order_box, reading_order_figure  # noqa: E402


def test_reading_order_has_five_boxes_in_the_dealer_order():
    titles = [title for title, _ in READING_ORDER]
    assert titles == ["1. Total", "2. Natural?", "3. Player rule", "4. Banker rule", "5. Compare"]
    assert "0–5 draws" in READING_ORDER[2][1] and "6–7 stands" in READING_ORDER[2][1]


def test_reading_order_box_of_each_step_of_the_worked_example():
    steps = play_coup("2♣ 3♥ 3♠ A♦ 7♦ 4♠").steps
    assert [reading_order_box(step) for step in steps] == [
        "2. Natural?", "3. Player rule", "3. Player rule", "4. Banker rule", "4. Banker rule", "5. Compare"]


def test_reading_order_figure_draws_every_box_title():
    figure = reading_order_figure()
    try:
        texts = [text.get_text() for text in figure.axes[0].texts]
        for title, detail in READING_ORDER:
            assert title in texts and detail in texts
        assert any(text.startswith("yes") for text in texts) and "no" in texts
    finally:
        plt.close(figure)
