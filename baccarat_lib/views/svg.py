"""The two scoreboards as inline SVG: crisp on a projector, drawn in about a millisecond, no matplotlib.

The same look as ``views.plots.roads`` (which the lessons' static figures use): the Bead Plate's filled beads
with their letter and pair dots, the Big Road's hollow rings with green tie slashes (and their count when more
than one). The picture scales to the width of its output (a ``viewBox`` and ``width:100%``) and its ``viewBox``
is wide enough for each board's title, so a title is never cut, however short the shoe.

Public names:

- ``bead_plate_svg(cells, columns=None, rows=6, title=BEAD_PLATE_TITLE)``: one board from ``roads.bead_plate``.
- ``big_road_svg(cells, columns=None, rows=6, title=BIG_ROAD_TITLE)``: one board from ``roads.big_road``.
- ``boards_svg(beads, rings, rows=6, label=...)``: both boards from their layouts, in one picture.
- ``roads_svg(outcomes, rows=6)``: both boards of a sequence of results (or ``CoupRecords``), Bead Plate on
  top, in one picture, so their cells are the same size.
- ``BEAD_PLATE_TITLE``, ``BIG_ROAD_TITLE``: the boards' titles.
- ``ROAD_COLOURS``: the colour of each ``Outcome`` (the same as ``views.plots.OUTCOME_COLOURS``).

Every mark carries a class, so the picture can be read back: ``bcl-bead`` (a circle per coup),
``bcl-bead-letter``, ``bcl-banker-pair`` and ``bcl-player-pair`` (dots), ``bcl-ring``, ``bcl-tie`` (a slash per
ring with ties) and ``bcl-tie-count``.

>>> from baccarat_lib.analysis.roads import bead_plate
>>> svg = bead_plate_svg(bead_plate("B P T"))
>>> svg.startswith("<svg"), svg.count('class="bcl-bead"'), BEAD_PLATE_TITLE in svg
(True, 3, True)
"""

from __future__ import annotations

from html import escape

from ..analysis.roads import LETTERS, MAX_ROWS, ROWS, BeadCell, BigRoadCell, bead_plate, big_road
from ..errors import BaccaratError, shown, whole_number
from ..game.coup import Outcome

__all__ = ["bead_plate_svg", "big_road_svg", "boards_svg", "roads_svg", "BEAD_PLATE_TITLE", "BIG_ROAD_TITLE", "ROAD_COLOURS"]

BEAD_PLATE_TITLE = "Bead Plate: every coup, down the columns"
BIG_ROAD_TITLE = "Big Road: a column per streak, ties on the ring before"
ROAD_COLOURS = {Outcome.BANKER: "#c0392b", Outcome.PLAYER: "#1f5fbf", Outcome.TIE: "#1e8449"}

MIN_COLUMNS = 12        # an empty or short board still shows a readable grid (as the matplotlib boards)
_CELL = 36              # one cell, in viewBox units
_PAD = 4                # around the picture
_TITLE_SIZE = 22        # font size of a title (about 0.6 of a cell, as in the matplotlib boards)
_TITLE_HEIGHT = 34      # a title's line, above its board
_GAP = 12               # between the two boards
_CHAR_WIDTH = 0.68      # a generous width of one bold character, in ems: titles get at least this much room
_FONT = "DejaVu Sans,Verdana,Arial,sans-serif"


def _check_cells(cells, kind, what: str) -> list:
    if not isinstance(cells, (list, tuple)) or not all(isinstance(cell, kind) for cell in cells):
        raise BaccaratError(f"cells must be the list that {what} gives, not {shown(cells)}")
    return list(cells)


def _check_title(title) -> str:
    if not isinstance(title, str):
        raise BaccaratError(f"title must be text, not {shown(title)}")
    return title


def _columns(cells, columns) -> int:
    needed = max((cell.column + 1 for cell in cells), default=0)
    if columns is not None:
        columns = whole_number("columns", columns, 1, 10_000)
    return max(needed, MIN_COLUMNS if columns is None else columns)


def _rows(rows) -> int:
    return whole_number("rows", rows, 1, MAX_ROWS)


def _title_width(title: str) -> float:
    return _PAD + len(title) * _CHAR_WIDTH * _TITLE_SIZE + _PAD


def _n(x: float) -> str:
    """A coordinate, short: whole numbers without decimals, else one decimal."""
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


def _grid(x0: float, y0: float, columns: int, rows: int) -> str:
    """Thin grey lines around each cell, as one path."""
    width, height = columns * _CELL, rows * _CELL
    path = "".join(f"M{_n(x0 + c * _CELL)} {_n(y0)}v{height}" for c in range(columns + 1))
    path += "".join(f"M{_n(x0)} {_n(y0 + r * _CELL)}h{width}" for r in range(rows + 1))
    return f'<path class="bcl-grid" d="{path}" stroke="#cfcfcf" stroke-width="1.1" fill="none"/>'


def _title(x0: float, y0: float, title: str) -> str:
    return (f'<text class="bcl-road-title" x="{_n(x0)}" y="{_n(y0 + _TITLE_HEIGHT - 9)}" font-size="{_TITLE_SIZE}" '
            f'font-weight="bold" fill="#000">{escape(title)}</text>')


def _centre(cell, x0: float, y0: float) -> tuple[float, float]:
    return x0 + (cell.column + 0.5) * _CELL, y0 + (cell.row + 0.5) * _CELL


def _bead_board(cells, x0: float, y0: float, columns: int, rows: int, title: str) -> str:
    """Title, grid, beads (grouped by colour), letters and pair dots of the Bead Plate."""
    top = y0 + _TITLE_HEIGHT
    parts = [_title(x0, y0, title), _grid(x0, top, columns, rows)]
    for outcome in (Outcome.BANKER, Outcome.PLAYER, Outcome.TIE):
        beads = [_centre(cell, x0, top) for cell in cells if cell.outcome is outcome]
        if beads:
            parts.append(f'<g fill="{ROAD_COLOURS[outcome]}" stroke="#fff" stroke-width="1.4">'
                         + "".join(f'<circle class="bcl-bead" cx="{_n(x)}" cy="{_n(y)}" r="15.1"/>' for x, y in beads)
                         + "</g>")
    if cells:
        # letters centred: the baseline 0.35 em below the centre (dominant-baseline is not read everywhere)
        parts.append('<g fill="#fff" font-size="18" font-weight="bold" text-anchor="middle">'
                     + "".join(f'<text class="bcl-bead-letter" x="{_n(x)}" y="{_n(y + 6.3)}">{LETTERS[cell.outcome]}</text>'
                               for cell in cells for x, y in [_centre(cell, x0, top)])
                     + "</g>")
    for flag, outcome, shift in (("banker_pair", Outcome.BANKER, -0.3), ("player_pair", Outcome.PLAYER, 0.3)):
        dots = [_centre(cell, x0, top) for cell in cells if getattr(cell, flag)]
        if dots:
            name = flag.replace("_", "-")
            parts.append(f'<g fill="{ROAD_COLOURS[outcome]}" stroke="#fff" stroke-width="1.7">'
                         + "".join(f'<circle class="bcl-{name}" cx="{_n(x + shift * _CELL)}" '
                                   f'cy="{_n(y + shift * _CELL)}" r="4.3"/>' for x, y in dots)
                         + "</g>")
    return "".join(parts)


def _road_board(cells, x0: float, y0: float, columns: int, rows: int, title: str) -> str:
    """Title, grid, rings (grouped by colour), tie slashes and tie counts of the Big Road."""
    top = y0 + _TITLE_HEIGHT
    parts = [_title(x0, y0, title), _grid(x0, top, columns, rows)]
    for outcome in (Outcome.BANKER, Outcome.PLAYER):
        rings = [_centre(cell, x0, top) for cell in cells if cell.outcome is outcome]
        if rings:
            parts.append(f'<g fill="none" stroke="{ROAD_COLOURS[outcome]}" stroke-width="4.3">'
                         + "".join(f'<circle class="bcl-ring" cx="{_n(x)}" cy="{_n(y)}" r="13"/>' for x, y in rings)
                         + "</g>")
    tied = [cell for cell in cells if cell.ties]
    if tied:
        reach = 0.33 * _CELL
        parts.append(f'<g stroke="{ROAD_COLOURS[Outcome.TIE]}" stroke-width="3.6" stroke-linecap="round">'
                     + "".join(f'<line class="bcl-tie" x1="{_n(x - reach)}" y1="{_n(y + reach)}" '
                               f'x2="{_n(x + reach)}" y2="{_n(y - reach)}"/>'
                               for cell in tied for x, y in [_centre(cell, x0, top)])
                     + "</g>")
    counted = [cell for cell in tied if cell.ties > 1]
    if counted:
        parts.append(f'<g fill="{ROAD_COLOURS[Outcome.TIE]}" font-size="15" font-weight="bold" '
                     'text-anchor="middle">'
                     + "".join(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="9" fill="#fff"/>'
                               f'<text class="bcl-tie-count" x="{_n(x)}" y="{_n(y + 5.3)}">{cell.ties}</text>'
                               for cell in counted for x, y in [_centre(cell, x0, top)])
                     + "</g>")
    return "".join(parts)


def _svg(boards, columns: int, rows: int, label: str) -> str:
    """``boards``: (draw, cells, title) drawn one under the other in one picture that fits every title."""
    width = max(_PAD + columns * _CELL + _PAD, *(_title_width(title) for _, _, title in boards))
    board_height = _TITLE_HEIGHT + rows * _CELL
    height = _PAD + len(boards) * board_height + (len(boards) - 1) * _GAP + _PAD
    body = "".join(draw(cells, _PAD, _PAD + i * (board_height + _GAP), columns, rows, title)
                   for i, (draw, cells, title) in enumerate(boards))
    # width 100% of the output, at most 1.25 px per unit (a 36 px cell at most 45 px wide), height from the viewBox
    return (f'<svg class="bcl-roads" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_n(width)} {_n(height)}" '
            f'role="img" aria-label="{escape(label)}" font-family="{_FONT}" '
            f'style="display:block;width:100%;max-width:{_n(round(1.25 * width))}px;height:auto;">'
            f'<title>{escape(label)}</title>{body}</svg>')


def bead_plate_svg(cells, columns: int | None = None, rows: int = ROWS, title: str = BEAD_PLATE_TITLE) -> str:
    """The Bead Plate from ``roads.bead_plate`` cells as SVG: a filled bead per coup, its letter inside, pair dots."""
    cells = _check_cells(cells, BeadCell, "roads.bead_plate")
    title, rows = _check_title(title), _rows(rows)
    return _svg([(_bead_board, cells, title)], _columns(cells, columns), rows, title)


def big_road_svg(cells, columns: int | None = None, rows: int = ROWS, title: str = BIG_ROAD_TITLE) -> str:
    """The Big Road from ``roads.big_road`` cells as SVG: hollow rings; a tie is a green slash (its count if > 1)."""
    cells = _check_cells(cells, BigRoadCell, "roads.big_road")
    title, rows = _check_title(title), _rows(rows)
    return _svg([(_road_board, cells, title)], _columns(cells, columns), rows, title)


def boards_svg(beads, rings, rows: int = ROWS, label: str = "Bead Plate and Big Road") -> str:
    """Both boards from their layouts (``roads.bead_plate`` and ``roads.big_road`` cells) as one SVG, Bead Plate on
    top, cells the same size; ``label`` is what a screen reader says of the picture."""
    beads = _check_cells(beads, BeadCell, "roads.bead_plate")
    rings = _check_cells(rings, BigRoadCell, "roads.big_road")
    rows, label = _rows(rows), _check_title(label)
    columns = max(_columns(beads, None), _columns(rings, None))
    return _svg([(_bead_board, beads, BEAD_PLATE_TITLE), (_road_board, rings, BIG_ROAD_TITLE)], columns, rows, label)


def roads_svg(outcomes, rows: int = ROWS) -> str:
    """Both boards of a sequence of results (or ``CoupRecords``) as one SVG, Bead Plate on top, cells the same size.

    >>> svg = roads_svg("B B P T")
    >>> svg.count('class="bcl-bead"'), svg.count('class="bcl-ring"'), svg.count('class="bcl-tie"')
    (4, 3, 1)
    """
    rows = _rows(rows)
    return boards_svg(bead_plate(outcomes, rows), big_road(outcomes, rows), rows)
