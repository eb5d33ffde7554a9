"""The derived roads drawn as at a table (issue 12, item 2): Big Eye Boy hollow circles, Small Road filled dots,
Cockroach Pig slashes, red or blue; and in the road dealer, beside the Bead Plate and Big Road.

Expected marks are worked by hand from the sequences below, not read from the code under test.
"""

import time
import xml.etree.ElementTree as ET

import pytest

from baccarat_lib.analysis.roads import big_eye_boy, cockroach_pig, small_road
from baccarat_lib.errors import BaccaratError
from baccarat_lib.views import (DERIVED_COLOURS, DERIVED_TITLES, boards_svg, derived_road_svg, roads_svg,
                                scoreboard_svg)
from baccarat_lib.views.widgets import show_road_dealer

RED, BLUE = "#c0392b", "#1f5fbf"

# "P B B P P B B B P", worked by hand. Big Road column lengths 1, 2, 2, 3, 1.
#   Big Eye Boy (k = 1) starts at column 2, row 2: column 1 (1 long) ends one row above: blue;
#     (3,1) columns 2 and 1: 2 and 1: blue; (3,2) column 2 has row 2: red;
#     (4,1) columns 3 and 2: 2 and 2: red; (4,2) column 3 has row 2: red; (4,3) column 3 ends one above: blue;
#     (5,1) columns 4 and 3: 3 and 2: blue.           -> blue blue red red red blue blue
#   Small Road (k = 2) starts at column 3, row 2: column 1 (1 long) ends one above: blue;
#     (4,1) columns 3 and 1: 2 and 1: blue; (4,2) column 2 has row 2: red; (4,3) column 2 ends one above: blue;
#     (5,1) columns 4 and 2: 3 and 2: blue.           -> blue blue red blue blue
#   Cockroach Pig (k = 3) starts at column 4, row 2: column 1 ends one above: blue; (4,3) nothing in column 1
#     row 2 either: red; (5,1) columns 4 and 1: 3 and 1: blue.  -> blue red blue
SEQUENCE = "P B B P P B B B P"
EXPECTED = {"big-eye-boy": ["blue", "blue", "red", "red", "red", "blue", "blue"],
            "small-road": ["blue", "blue", "red", "blue", "blue"],
            "cockroach-pig": ["blue", "red", "blue"]}
HEX = {"red": RED, "blue": BLUE}


def parse(svg):
    return ET.fromstring(svg)


def marks(root, css_class):
    return [element for element in root.iter() if element.get("class") == css_class]


def test_shapes_and_colours_worked_by_hand():
    # issue 12, item 2
    for road, name, build in ((1, "big-eye-boy", big_eye_boy), (2, "small-road", small_road),
                              (3, "cockroach-pig", cockroach_pig)):
        root = parse(derived_road_svg(build(SEQUENCE), road))
        found = marks(root, f"bcl-{name}")
        assert [element.get("data-colour") for element in found] == EXPECTED[name]
        for element, colour in zip(found, EXPECTED[name]):
            if name == "big-eye-boy":      # a hollow circle: no fill, coloured ring
                assert element.tag.endswith("circle") and element.get("fill") == "none"
                assert element.get("stroke") == HEX[colour]
            elif name == "small-road":     # a small filled dot
                assert element.tag.endswith("circle") and element.get("fill") == HEX[colour]
                assert float(element.get("r")) < 9                   # smaller than a Big Road ring (13)
            else:                          # a slash: a line rising to the right
                assert element.tag.endswith("line") and element.get("stroke") == HEX[colour]
                assert float(element.get("x2")) > float(element.get("x1"))
                assert float(element.get("y2")) < float(element.get("y1"))
        assert DERIVED_TITLES[road] in "".join(root.itertext())
    assert DERIVED_COLOURS == {"red": RED, "blue": BLUE}


def test_marks_sit_in_their_cells():
    # issue 12, item 2: Big Eye Boy layout: blue blue | red red red | blue blue -> (0,0) (0,1) (1,0) (1,1) (1,2)
    # (2,0) (2,1); half-size cells of 18 units, from x = 4 and y = 4 + 34 (the title line)
    found = marks(parse(derived_road_svg(big_eye_boy(SEQUENCE), "big eye boy")), "bcl-big-eye-boy")
    centres = [(float(element.get("cx")), float(element.get("cy"))) for element in found]
    assert centres == [(4 + (column + 0.5) * 18, 38 + (row + 0.5) * 18)
                       for column, row in [(0, 0), (0, 1), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1)]]


def test_an_empty_road_draws_cleanly():
    # issue 12, item 2: a grid and a title, no marks
    for road in (1, 2, 3):
        root = parse(derived_road_svg([], road))
        assert not [element for element in root.iter() if (element.get("class") or "").startswith("bcl-")
                    and element.get("class") not in ("bcl-grid", "bcl-road-title", "bcl-roads")]
        assert marks(root, "bcl-grid") and DERIVED_TITLES[road] in "".join(root.itertext())
    root = parse(scoreboard_svg(""))
    assert len(marks(root, "bcl-road-title")) == 5 and not marks(root, "bcl-big-eye-boy")


def test_scoreboard_has_all_five_boards():
    # issue 12, item 2: the same counts as worked above, under the Bead Plate (9 beads) and Big Road (9 rings)
    root = parse(scoreboard_svg(SEQUENCE))
    assert len(marks(root, "bcl-bead")) == 9 and len(marks(root, "bcl-ring")) == 9
    for name, colours in EXPECTED.items():
        assert [element.get("data-colour") for element in marks(root, f"bcl-{name}")] == colours
    assert roads_svg(SEQUENCE).count("bcl-big-eye-boy") == 0          # the two-board picture is unchanged


def test_bad_input_names_the_argument():
    # issue 12, item 2
    with pytest.raises(BaccaratError, match="cells"):
        derived_road_svg(["x"], 1)
    with pytest.raises(BaccaratError, match="road"):
        derived_road_svg([], 7)
    with pytest.raises(BaccaratError, match="derived"):
        boards_svg([], [], derived=[[]])


def test_road_dealer_shows_the_derived_roads_quickly():
    # issue 12, item 2: beside the Bead Plate and Big Road, one picture; "deal a new shoe" stays <= 20 ms CPU
    dealer = show_road_dealer(seed=2024).controller
    roads = dealer.roads
    assert roads.derived == (big_eye_boy(roads.records), small_road(roads.records), cockroach_pig(roads.records))
    html = dealer.result.value
    assert html.count('<svg class="bcl-roads"') == 1
    for name, cells in zip(("big-eye-boy", "small-road", "cockroach-pig"), roads.derived):
        assert html.count(f'class="bcl-{name}"') == len(cells) > 0
    assert "Next entries: Big Eye Boy" in html
    dealer.new_shoe.click()                                           # warm
    times = []
    for _ in range(5):
        start = time.process_time()
        dealer.new_shoe.click()
        times.append(time.process_time() - start)
    assert min(times) <= 0.020, times
