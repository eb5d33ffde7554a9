"""The road dealer of lesson 08, driven without a browser: click, set .value, compare with the roads functions."""

import re

import baccarat_lib.views.widgets.roads as road_widgets
from baccarat_lib.analysis.roads import bead_plate, big_road
from baccarat_lib.analysis.simulate import deal_shoe
from baccarat_lib.errors import BaccaratError
from baccarat_lib.game import Outcome
from baccarat_lib.views.widgets import show_road_dealer


def _boards(decks, seed):
    """Both boards of the same seeded shoe, built independently of the widget."""
    shoe = deal_shoe(decks=decks, seed=seed)
    return shoe, bead_plate(shoe), big_road(shoe)


def test_first_shoe_is_the_seeded_one():
    dealer = show_road_dealer(seed=2024).controller
    shoe, beads, rings = _boards(8, 2024)
    assert dealer.roads.beads == beads and dealer.roads.big_road == rings
    assert len(dealer.roads.records) == len(shoe)
    counts = shoe.counts()
    assert (f"Banker {counts[Outcome.BANKER]}, Player {counts[Outcome.PLAYER]}, Tie {counts[Outcome.TIE]}"
            in dealer.result.value)
    assert f"{len(shoe)} coups" in dealer.result.value
    # The boards are one inline SVG (no PNG), a bead per coup
    assert len(re.findall(r'<svg class="bcl-roads"', dealer.result.value)) == 1 and "data:image/png" not in dealer.result.value
    assert dealer.result.value.count('class="bcl-bead"') == len(shoe)


def test_deal_button_moves_to_the_next_seed_and_redraws():
    dealer = show_road_dealer(seed=2024).controller
    before_html, before_road = dealer.result.value, dealer.roads.big_road
    dealer.new_shoe.click()
    assert dealer.seed.value == "2025" and dealer.seed.seed == 2025 and dealer.roads.seed == 2025   # a text box now
    _, beads, rings = _boards(8, 2025)
    assert dealer.roads.beads == beads and dealer.roads.big_road == rings
    assert dealer.roads.big_road != before_road and dealer.result.value != before_html


def test_seed_box_and_decks_redraw():
    dealer = show_road_dealer().controller
    dealer.seed.value = 7
    assert dealer.roads.big_road == _boards(8, 7)[2]
    dealer.decks.value = 6
    shoe, beads, rings = _boards(6, 7)
    assert dealer.roads.decks == 6 and dealer.roads.beads == beads and dealer.roads.big_road == rings
    assert "Seed 7, 6 decks" in dealer.result.value
    dealer.seed.value = 2024                       # back to a seed gives back its shoe
    assert dealer.roads.big_road == _boards(6, 2024)[2]


def test_a_failure_shows_inline_not_as_a_traceback(monkeypatch):
    dealer = show_road_dealer().controller

    def broken(seed, decks=8):
        raise BaccaratError("the shoe fell off the table")

    monkeypatch.setattr(road_widgets, "_shoe_roads", broken)
    dealer.new_shoe.click()
    assert "bcl-error" in dealer.result.value and "the shoe fell off the table" in dealer.result.value
    assert "Traceback" not in dealer.result.value


def test_a_long_seed_wraps_in_the_summary_and_keeps_every_digit():
    # A 60-digit seed was one unbreakable word that pushed the summary off the widget's right edge.
    seed = int("123456789" * 6 + "012345")                    # 60 digits
    dealer = show_road_dealer(seed=seed).controller
    summary = dealer.result.value.split("</div>", 1)[0]
    text = re.sub(r"<[^>]+>", "", summary)
    assert f"Seed {seed}," in text                             # exact: <wbr> adds no character
    assert re.search(r"\d{11}", summary) is None               # no run of more than 10 digits without a break
    assert dealer.roads.seed == seed
    short = show_road_dealer(seed=2024).controller.result.value
    assert "Seed 2024," in short and "<wbr>" not in short.split("</div>", 1)[0]
