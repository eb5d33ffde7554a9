"""One palette: every colour of baccarat_lib is named in views/palette.py, and no hex colour is written anywhere else.
"""

import re
from pathlib import Path

from baccarat_lib.game import Outcome
from baccarat_lib.views import palette

PACKAGE = Path(__file__).resolve().parents[2] / "baccarat_lib"
HEX = re.compile(r"(?<![&\w])#(?:[0-9a-fA-F]{8}|[0-9a-fA-F]{6}|[0-9a-fA-F]{3,4})\b")


def test_the_pattern_finds_hex_colours_in_html_svg_and_plots():
    found = HEX.findall('style="color:#c0392b;" fill="#fff" color="#1b1b1b" border:1px solid #bbb; "#ffffff80"')
    assert found == ["#c0392b", "#fff", "#1b1b1b", "#bbb", "#ffffff80"]
    assert not HEX.findall("# a comment, step #12, 8 decks, &#9830;")


def test_no_hex_colour_outside_the_palette():
    files = sorted(PACKAGE.rglob("*.py"))
    assert len(files) > 40 and PACKAGE / "views" / "palette.py" in files
    found = {str(path.relative_to(PACKAGE)): HEX.findall(path.read_text(encoding="utf-8"))
             for path in files if path.name != "palette.py"}
    assert {path: colours for path, colours in found.items() if colours} == {}


def test_the_outcome_colours_mean_what_the_boards_say():
    # Banker red, Player blue, Tie green (the Bead Plate's letters): the largest channel of each says so.
    for outcome, channel in ((Outcome.BANKER, 0), (Outcome.PLAYER, 2), (Outcome.TIE, 1)):
        rgb = [int(palette.OUTCOME_COLOURS[outcome][1 + 2 * index:3 + 2 * index], 16) for index in range(3)]
        assert max(range(3), key=rgb.__getitem__) == channel, outcome
    assert palette.DERIVED_COLOURS["red"] == palette.OUTCOME_COLOURS[Outcome.BANKER]
    assert palette.CARD_RED == palette.OUTCOME_COLOURS[Outcome.BANKER]
