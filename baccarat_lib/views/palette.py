"""The course's colours, each named once: every colour the library draws (HTML, SVG and matplotlib) is read from here.

Text reads on its background at 4.5:1 or more (WCAG 2.1 AA), a board's or plot's mark at 3:1 on white; colours
that must be told apart are, in greyscale and for colour-blind readers, or carry a letter or shape as well
(tests/views/test_palette.py checks both, by the formulas).
"""

from __future__ import annotations

from ..game.coup import Outcome          # the game layer only: HTML views load no numpy

# The layer exports the colours by meaning; the greys and line colours are imported from here by name.
__all__ = ["FOCUS_COLOUR", "OUTCOME_COLOURS", "DERIVED_COLOURS", "BET_COLOURS", "BET_MARKERS", "BET_HATCHES",
           "CARD_RED", "CARD_BLACK", "DRAW_COLOUR", "STAND_COLOUR", "MESSAGE_COLOURS", "TONES"]

# Paper, ink and greys, darkest first
BLACK, WHITE = "#000", "#fff"
INK = "#111"                # text, outlines, the black suits
DARK_GREY = "#333"          # reference lines and arrows in plots
BORDER_GREY = "#444"        # the edge of a card face
MUTED_GREY = "#555"         # small print
LINE_GREY = "#999"          # table borders, shadows
LIGHT_GREY = "#bbb"         # the borders of the totals strip
GRID_GREY = "#cfcfcf"       # the scoreboards' grids
PALE_GREY = "#d5d8dc"       # chart grid lines
HEADER_FILL = "#eef2f7"     # table headings

# The three outcomes, on the boards and in every plot; the derived roads' red and blue are Banker's and Player's
OUTCOME_COLOURS = {Outcome.BANKER: "#c0392b", Outcome.PLAYER: "#1f5fbf", Outcome.TIE: "#1e8449"}
DERIVED_COLOURS = {"red": OUTCOME_COLOURS[Outcome.BANKER], "blue": OUTCOME_COLOURS[Outcome.PLAYER]}

# Tones: (background, ink) of messages, diagram boxes and highlights
TONES = {"grey": ("#f2f2f2", MUTED_GREY), "amber": ("#fff4d6", "#92600a"), "blue": ("#e8f0fe", "#1a4f9c"),
         "red": ("#fdecea", "#b3261e"), "green": ("#e7f5ea", "#1e7b34")}
MESSAGE_COLOURS = {"error": TONES["red"], "wrong": TONES["red"], "right": TONES["green"], "info": TONES["blue"]}

# The keyboard's focus ring around a widget's control (7.9:1 on white, 6.9:1 on a grey button)
FOCUS_COLOUR = TONES["blue"][1]

# Card faces
CARD_RED, CARD_BLACK = OUTCOME_COLOURS[Outcome.BANKER], INK

# The tableau: draw and stand, in the HTML table and the heatmap (a colour-blind-safe pair: blue and orange)
DRAW_COLOUR = "#5b9bd5"
STAND_COLOUR = "#f4b183"

# Bets in the counting plots, each at least 3:1 on white; simulation against exact value
BET_COLOURS = {"banker": OUTCOME_COLOURS[Outcome.BANKER], "player": TONES["blue"][1], "tie": TONES["green"][1],
               "dragon-7": "#8e44ad", "panda-8": "#b9770e", "player-pair": "#17a589", "banker-pair": "#7f8c8d",
               "super-six": "#a04000"}
# A marker and a hatch per bet, so the counting plots tell the bets apart in greyscale too
BET_MARKERS = {"banker": "o", "player": "s", "tie": "^", "dragon-7": "D", "panda-8": "v", "player-pair": "P",
               "banker-pair": "X", "super-six": "*"}
BET_HATCHES = {"banker": "", "player": "//", "tie": "..", "dragon-7": "xx", "panda-8": "\\\\", "player-pair": "oo",
               "banker-pair": "--", "super-six": "++"}
BAND_BLUE, LINE_BLUE = "#9ecae1", "#08519c"
