"""The scoreboards as inline SVG (issue 11, item 14; and item 11: "with 1 deck, lesson 08's board titles are cut").

Expected marks are worked by hand from the sequences below, not read from the code under test.
"""

import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from baccarat_lib.analysis.roads import BeadCell, bead_plate, big_road
from baccarat_lib.errors import BaccaratError
from baccarat_lib.game import Outcome
from baccarat_lib.views import (BEAD_PLATE_TITLE, BIG_ROAD_TITLE, DERIVED_TITLES, OUTCOME_COLOURS, bead_plate_svg,
                                big_road_svg, boards_svg, roads_svg)
from baccarat_lib.views.widgets import show_road_dealer

SVG = "{http://www.w3.org/2000/svg}"
RED, BLUE, GREEN = "#c0392b", "#1f5fbf", "#1e8449"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)            # well-formed XML, or this raises


def marks(root, css_class):
    """(element, its parent group) for every element of that class."""
    return [(child, group) for group in root.iter() for child in group if child.get("class") == css_class]


def texts(root, css_class):
    return [element.text for element, _ in marks(root, css_class)]


# "T T B B T P T T T B", worked by hand:
#   Bead Plate: one bead per coup, 10 beads: B at coups 3, 4, 10; P at 6; T at 1, 2, 5, 7, 8, 9.
#   Big Road: the two leading ties wait on the first cell; B (col 0, row 0) carries them (2 ties), B (col 0, row 1)
#   takes the tie after it (1), P (col 1, row 0) takes the three ties after it (3), B (col 2, row 0).
#   So 4 rings (3 red, 1 blue), 3 slashes (cells with ties), 2 counts ("2" and "3": only where more than one).
SEQUENCE = "T T B B T P T T T B"


def test_bead_plate_svg_has_a_bead_and_a_letter_per_coup():
    # issue 11, item 14
    root = parse(bead_plate_svg(bead_plate(SEQUENCE)))
    beads = marks(root, "bcl-bead")
    assert len(beads) == 10
    assert sorted(group.get("fill") for _, group in beads) == sorted([RED] * 3 + [BLUE] * 1 + [GREEN] * 6)
    assert texts(root, "bcl-bead-letter") == list("TTBBTPTTTB")
    # down the columns: coup 7 (index 6) is the first bead of the second column, top row
    x7, y7 = float(beads[0][0].get("cx")), None
    letters = marks(root, "bcl-bead-letter")
    assert float(letters[6][0].get("x")) > float(letters[5][0].get("x"))
    assert float(letters[6][0].get("y")) == float(letters[0][0].get("y")) and x7 > 0 and y7 is None
    assert texts(root, "bcl-road-title") == [BEAD_PLATE_TITLE]


def test_pair_dots():
    # issue 11, item 14: a red dot for a Banker pair, a blue dot for a Player pair (cells built by hand)
    cells = [BeadCell(0, 0, Outcome.BANKER, 0, banker_pair=True),
             BeadCell(0, 1, Outcome.PLAYER, 1, player_pair=True, banker_pair=True),
             BeadCell(0, 2, Outcome.TIE, 2)]
    root = parse(bead_plate_svg(cells))
    assert [group.get("fill") for _, group in marks(root, "bcl-banker-pair")] == [RED, RED]
    assert [group.get("fill") for _, group in marks(root, "bcl-player-pair")] == [BLUE]


def test_big_road_svg_rings_slashes_and_counts():
    # issue 11, item 14: worked above
    root = parse(big_road_svg(big_road(SEQUENCE)))
    rings = marks(root, "bcl-ring")
    assert sorted(group.get("stroke") for _, group in rings) == sorted([RED] * 3 + [BLUE])
    assert all(group.get("fill") == "none" for _, group in rings)           # hollow
    slashes = marks(root, "bcl-tie")
    assert len(slashes) == 3 and {group.get("stroke") for _, group in slashes} == {GREEN}
    assert sorted(texts(root, "bcl-tie-count")) == ["2", "3"]
    assert texts(root, "bcl-road-title") == [BIG_ROAD_TITLE]


def test_lesson_worked_example_and_both_boards_share_the_cell_size():
    # issue 11, item 14: lesson 08's "B B P T P P P P P P P B": 12 beads; 11 rings (the tie has none), 1 slash, no
    # count; the Player streak of 8 fills column 1 (6) and turns right twice (dragon tail), so 4 columns are used.
    root = parse(roads_svg("B B P T P P P P P P P B"))
    assert len(marks(root, "bcl-bead")) == 12 and len(marks(root, "bcl-ring")) == 11
    assert len(marks(root, "bcl-tie")) == 1 and texts(root, "bcl-tie-count") == []
    assert texts(root, "bcl-road-title") == [BEAD_PLATE_TITLE, BIG_ROAD_TITLE]
    bead_r = {element.get("r") for element, _ in marks(root, "bcl-bead")}
    ring_xs = sorted({float(element.get("cx")) for element, _ in marks(root, "bcl-ring")})
    bead_xs = sorted({float(element.get("cx")) for element, _ in marks(root, "bcl-bead")})
    assert len(bead_r) == 1 and len(ring_xs) == 4 and ring_xs[:2] == bead_xs[:2]   # same columns on both boards


def view_box_width(svg: str) -> float:
    return float(parse(svg).get("viewBox").split()[2])


@pytest.mark.parametrize("title", [BEAD_PLATE_TITLE, BIG_ROAD_TITLE, "A much longer title " * 4])
def test_titles_are_never_cut(title):
    # issue 11, item 11: "with 1 deck, lesson 08's board titles are cut ('Bead Plate: every coup, down the co')".
    # The whole title is in the picture, and the picture is wider than the title could be: DejaVu Sans Bold, the
    # widest common font, averages under 0.62 em a character over such text (its 'm' is 1.04 em, its 'i' 0.34 em).
    svg = bead_plate_svg(bead_plate("B P"), title=title)
    root = parse(svg)
    title_element, = [element for element, _ in marks(root, "bcl-road-title")]
    assert title_element.text == title
    size = float(title_element.get("font-size"))
    assert view_box_width(svg) >= float(title_element.get("x")) + 0.62 * size * len(title)
    assert 'width:100%' in root.get("style") and root.get("viewBox")         # scales to the output width


def test_one_deck_road_dealer_titles_in_full_and_one_deck_said_right():
    # issue 11, item 11 (lesson 08): 1 deck gives a short shoe; the titles are whole, and it says "1 deck"
    dealer = show_road_dealer(seed=2024, decks=1).controller
    html = dealer.result.value
    assert "1 decks" not in html and "Seed 2024, 1 deck:" in html
    svg = re.search(r"<svg.*</svg>", html, re.S).group(0)
    root = parse(svg)
    assert texts(root, "bcl-road-title") == [BEAD_PLATE_TITLE, BIG_ROAD_TITLE, *DERIVED_TITLES.values()]  # + issue 12
    size = max(float(element.get("font-size")) for element, _ in marks(root, "bcl-road-title"))
    assert view_box_width(svg) >= 0.62 * size * len(BIG_ROAD_TITLE)
    assert len(marks(root, "bcl-bead")) == len(dealer.roads.records)


def test_colours_are_the_palettes_outcome_colours():
    # The boards and the plots share one palette: red Banker, blue Player, green Tie.
    assert OUTCOME_COLOURS == {Outcome.BANKER: RED, Outcome.PLAYER: BLUE, Outcome.TIE: GREEN}
    root = parse(roads_svg("B P T"))
    assert [group.get("fill") for _bead, group in marks(root, "bcl-bead")] == [RED, BLUE, GREEN]


def test_bad_input_is_refused():
    for call in (lambda: bead_plate_svg("B P"), lambda: big_road_svg(bead_plate("B P")),
                 lambda: bead_plate_svg([], rows=0), lambda: bead_plate_svg([], title=3),
                 lambda: boards_svg(bead_plate("B"), big_road("B"), label=None), lambda: roads_svg("B", rows=-1)):
        with pytest.raises(BaccaratError):
            call()


def test_the_road_dealer_loads_no_matplotlib():
    # issue 11, item 14: the widget draws SVG; matplotlib (and PIL) stay out of the kernel
    code = ("import sys; from baccarat_lib.views import show_road_dealer; show_road_dealer(seed=1).controller.new_shoe"
            ".click(); print('matplotlib' in sys.modules, 'PIL' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]
