"""One palette: every colour of baccarat_lib is named in views/palette.py, and no hex colour is written anywhere else;
every text reads at 4.5:1, and colours that mean different things are told apart in greyscale and by colour-blind
viewers, or carry a mark as well.
"""

import re
from pathlib import Path

import pytest

from baccarat_lib.game import Card, Outcome
from baccarat_lib.views import palette
from baccarat_lib.views.html import card_html
from baccarat_lib.views.svg import scoreboard_svg
from baccarat_lib.views.tableau import tableau_grid_html

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


# ---------------------------------------------------------------- read by everyone: contrast and colour blindness
#
# The formulas are written out here from their sources, not taken from the library (which has none): WCAG 2.1's
# relative luminance and contrast ratio; sRGB to CIE XYZ (D65) to CIELAB; and Machado, Oliveira & Fernandes
# (2009), "A Physiologically-based Model for Simulation of Color Vision Deficiency", IEEE TVCG 15(6), Table 1 at
# severity 1.0 (the full dichromacies), applied to linear RGB.

MACHADO_2009 = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def srgb(colour: str) -> list[float]:
    digits = colour.lstrip("#")
    digits = "".join(digit * 2 for digit in digits) if len(digits) == 3 else digits
    return [int(digits[index:index + 2], 16) / 255 for index in (0, 2, 4)]


def linear(channel: float) -> float:
    # WCAG 2.1 writes the threshold 0.03928 (the sRGB standard 0.04045); no 8-bit value lies between them
    return channel / 12.92 if channel <= 0.03928 else ((channel + 0.055) / 1.055) ** 2.4


def luminance(colour: str) -> float:
    red, green, blue = (linear(channel) for channel in srgb(colour))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(first: str, second: str) -> float:
    lighter, darker = sorted((luminance(first), luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def test_the_contrast_formula_gives_the_known_ratios():
    # black on white is 21:1; #767676 is the lightest grey that passes 4.5:1 on white, #777777 fails
    assert round(contrast("#000", "#fff"), 2) == 21.0 and contrast("#fff", "#fff") == 1.0
    assert contrast("#767676", "#fff") >= 4.5 > contrast("#777777", "#fff")


def seen(colour: str, vision: str) -> list[float]:
    """The linear RGB a viewer sees: as is, in greyscale (the luminance), or through a dichromat's eye."""
    rgb = [linear(channel) for channel in srgb(colour)]
    if vision == "normal":
        return rgb
    if vision == "greyscale":
        return [luminance(colour)] * 3
    return [min(1.0, max(0.0, sum(weight * value for weight, value in zip(row, rgb))))
            for row in MACHADO_2009[vision]]


def lab(rgb: list[float]) -> tuple[float, float, float]:
    red, green, blue = rgb
    x = (0.4124564 * red + 0.3575761 * green + 0.1804375 * blue) / 0.95047
    y = 0.2126729 * red + 0.7151522 * green + 0.0721750 * blue
    z = (0.0193339 * red + 0.1191920 * green + 0.9503041 * blue) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e76(first: str, second: str, vision: str) -> float:
    return sum((a - b) ** 2 for a, b in zip(lab(seen(first, vision)), lab(seen(second, vision)))) ** 0.5


VISIONS = ("normal", "greyscale", "protanopia", "deuteranopia", "tritanopia")


def test_the_simulations_behave_as_the_paper_says():
    # a protanope and a deuteranope lose red-green, a tritanope blue-yellow; greyscale keeps only lightness
    assert delta_e76("#ff0000", "#00ff00", "normal") > 150
    assert delta_e76("#c0392b", "#1e8449", "protanopia") < delta_e76("#c0392b", "#1e8449", "tritanopia") / 4
    assert delta_e76("#0000ff", "#00ff00", "tritanopia") < delta_e76("#0000ff", "#00ff00", "deuteranopia") / 2
    assert delta_e76("#777", "#777", "greyscale") == 0 and round(lab(seen("#fff", "normal"))[0]) == 100


# Text and its background, as the views put them together (where, in the comment); 4.5:1 for all of them, though
# the card faces (1.8em bold) and board titles could take 3:1 as large text.
WHITE = palette.WHITE
TEXT_PAIRS = {
    **{f"message '{kind}' text on its box": (ink, box) for kind, (box, ink) in palette.MESSAGE_COLOURS.items()},
    **{f"tone '{tone}' ink on its box (diagram boxes)": (ink, box) for tone, (box, ink) in palette.TONES.items()},
    **{f"tone '{tone}' ink as words on white (the Player rule strip, diagram labels)": (ink, WHITE)
       for tone, (_box, ink) in palette.TONES.items()},
    "a red card face": (palette.CARD_RED, WHITE),
    "a black card face": (palette.CARD_BLACK, WHITE),
    "a card's small value": (palette.MUTED_GREY, WHITE),
    **{f"the letter on a {outcome.value} bead": (WHITE, colour) for outcome, colour in palette.OUTCOME_COLOURS.items()},
    **{f"the letter in a {outcome.value} ring, and a tie count": (colour, WHITE)
       for outcome, colour in palette.OUTCOME_COLOURS.items()},
    "a board's title": (palette.BLACK, WHITE),
    "D in the tableau grid": (palette.INK, palette.DRAW_COLOUR),
    "S in the tableau grid": (palette.INK, palette.STAND_COLOUR),
    "a table heading": (palette.INK, palette.HEADER_FILL),
    "a marked table row": (palette.INK, palette.TONES["green"][0]),
}


@pytest.mark.parametrize("where", sorted(TEXT_PAIRS))
def test_every_text_reads_at_4_5_to_1_or_more(where):
    text, background = TEXT_PAIRS[where]
    assert contrast(text, background) >= 4.5, (where, text, background, round(contrast(text, background), 2))


# Marks that carry meaning (beads, rings, derived-road marks, plot lines and bars) on the white page: 3:1 (WCAG 2.1
# 1.4.11, non-text contrast).
MARKS = {**{f"{outcome.value} marks": colour for outcome, colour in palette.OUTCOME_COLOURS.items()},
         **{f"{bet} in the counting plots": colour for bet, colour in palette.BET_COLOURS.items()},
         "the convergence line": palette.LINE_BLUE}


@pytest.mark.parametrize("what", sorted(MARKS))
def test_every_mark_stands_out_from_the_page_at_3_to_1(what):
    assert contrast(MARKS[what], WHITE) >= 3, (what, MARKS[what], round(contrast(MARKS[what], WHITE), 2))


# Colours that must be told apart, with the non-colour mark the views draw as well, read from the picture each
# view produces (so a mark taken away fails here). Told apart means: a distance of at least 20 in CIELAB (ΔE76)
# as the viewer sees them, or a mark that differs. A just-noticeable difference is about 2.3; 20 asks for two
# colours to be told apart at a glance in marks a few millimetres wide on a washed-out projector, where
# differences of 5-10 that a screen shows side by side are lost.
THRESHOLD = 20


def _bead_letters(sequence):
    return re.findall(r'class="bcl-bead-letter"[^>]*>(\w)<', scoreboard_svg(sequence))


def _ring_letters(sequence):
    return re.findall(r'class="bcl-ring-letter"[^>]*>(\w)<', scoreboard_svg(sequence))


def _derived_shapes(road):
    # a short shoe whose three derived roads each have red and blue marks (the assert below says so)
    svg = scoreboard_svg("B P B B P P B P P B B P B")
    shapes = {}
    for colour in ("red", "blue"):
        found = re.findall(rf'<(\w+) class="bcl-{road}" data-colour="{colour}"([^>]*)/>(<circle class="bcl-small-road-hole")?',
                           svg)
        assert found, (road, colour)
        shapes[colour] = {(tag, "stroke-dasharray" in attributes, bool(hole)) for tag, attributes, hole in found}
    return shapes


def _cell_letter(html, value):
    return re.findall(rf'data-total="3" data-value="{value}"[^>]*>(\w)<', html)


MARKED_PAIRS = {
    "Bead Plate: Banker and Player": (palette.OUTCOME_COLOURS[Outcome.BANKER], palette.OUTCOME_COLOURS[Outcome.PLAYER],
                                      lambda: _bead_letters("B P") == ["B", "P"]),
    "Bead Plate: Banker and Tie": (palette.OUTCOME_COLOURS[Outcome.BANKER], palette.OUTCOME_COLOURS[Outcome.TIE],
                                   lambda: _bead_letters("B T") == ["B", "T"]),
    "Bead Plate: Player and Tie": (palette.OUTCOME_COLOURS[Outcome.PLAYER], palette.OUTCOME_COLOURS[Outcome.TIE],
                                   lambda: _bead_letters("P T") == ["P", "T"]),
    "Big Road: a Banker ring and a Player ring": (
        palette.OUTCOME_COLOURS[Outcome.BANKER], palette.OUTCOME_COLOURS[Outcome.PLAYER],
        lambda: _ring_letters("B P") == ["B", "P"]),
    "Big Road: a ring and a tie": (
        palette.OUTCOME_COLOURS[Outcome.BANKER], palette.OUTCOME_COLOURS[Outcome.TIE],
        lambda: 'class="bcl-ring"' in scoreboard_svg("B T") and re.search(r'<line class="bcl-tie"', scoreboard_svg("B T"))),
    **{f"{road}: red and blue": (palette.DERIVED_COLOURS["red"], palette.DERIVED_COLOURS["blue"],
                                 lambda road=road: len(set.union(*_derived_shapes(road).values())) == 2)
       for road in ("big-eye-boy", "small-road", "cockroach-pig")},
    "tableau grid: draw and stand": (palette.DRAW_COLOUR, palette.STAND_COLOUR,
                                     lambda: (_cell_letter(tableau_grid_html(), 7), _cell_letter(tableau_grid_html(), 8))
                                     == (["D"], ["S"])),
    "card faces: red and black suits": (palette.CARD_RED, palette.CARD_BLACK,
                                        lambda: "♥" in card_html(Card("7", "♥")) and "♠" in card_html(Card("7", "♠"))),
}


def test_the_non_colour_marks_are_really_drawn():
    # each pair's mark, checked on its own: a board without letters or broken marks fails here
    for name, (_first, _second, mark) in MARKED_PAIRS.items():
        assert mark(), name
    # and by hand: Big Eye Boy's red rings whole, its blue rings dashed; Small Road's blue dots have a hole
    assert _derived_shapes("big-eye-boy") == {"red": {("circle", False, False)}, "blue": {("circle", True, False)}}
    assert _derived_shapes("small-road") == {"red": {("circle", False, False)}, "blue": {("circle", False, True)}}
    assert _derived_shapes("cockroach-pig") == {"red": {("line", False, False)}, "blue": {("line", True, False)}}


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("name", sorted(MARKED_PAIRS))
def test_colours_that_mean_different_things_are_told_apart_by_everyone(name, vision):
    first, second, mark = MARKED_PAIRS[name]
    assert delta_e76(first, second, vision) >= THRESHOLD or mark(), (name, vision,
                                                                     round(delta_e76(first, second, vision), 1))


def test_without_their_marks_the_outcome_colours_would_fail_in_greyscale():
    # why the marks are needed: Banker red and Player blue are nearly the same grey (worked out: L* 45 and 42)
    banker, player = palette.OUTCOME_COLOURS[Outcome.BANKER], palette.OUTCOME_COLOURS[Outcome.PLAYER]
    assert delta_e76(banker, player, "greyscale") < 5 < THRESHOLD < delta_e76(banker, player, "normal")


def test_the_focus_ring_stands_out_from_the_page_and_from_a_button():
    # WCAG 2.1 1.4.11: a focus indicator at 3:1 against what is next to it: the white page and ipywidgets' grey
    # button (#eeeeee, --jp-layout-color3 in JupyterLab's light theme)
    assert contrast(palette.FOCUS_COLOUR, WHITE) >= 3 and contrast(palette.FOCUS_COLOUR, "#eeeeee") >= 3
