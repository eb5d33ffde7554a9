"""The scoreboards as inline SVG, in ``views.palette``'s colours: their one renderer, for lessons, widgets and the book.

Nothing is told by colour alone: beads and rings carry their letter, a tie is a green slash (with its count when
more than one), a derived road's blue marks are broken where its red ones are whole. Each picture is an image for a
screen reader (``role="img"``), named by its title and described in words by its ``<desc>``. Every mark carries a
``bcl-…`` class (and a derived road's its ``data-colour``), so the picture can be read back.

Public names:

- ``bead_plate_svg(cells)``, ``big_road_svg(cells)``: one board, from ``roads.bead_plate`` or ``roads.big_road``.
- ``roads_svg(outcomes)``: both boards of a sequence of results, Bead Plate on top, cells the same size.
- ``scoreboard_svg(outcomes)``: all five boards, the derived roads below in half-size cells.

>>> from baccarat_lib.analysis.roads import bead_plate
>>> svg = bead_plate_svg(bead_plate("B P T"))
>>> svg.startswith("<svg"), svg.count('class="bcl-bead"'), "Bead Plate" in svg
(True, 3, True)
"""

from __future__ import annotations

from html import escape
from itertools import groupby

from ..analysis.roads import (DERIVED_ROADS, LETTERS, MAX_ROWS, ROWS, BeadCell, BigRoadCell, RoadColour, bead_plate,
                              big_road, derived_road)
from ..errors import BaccaratError, shown, whole_number
from ..game.coup import Outcome
from ..i18n import N_, _, ngettext
from .palette import BLACK, DERIVED_COLOURS, GRID_GREY, OUTCOME_COLOURS, WHITE

__all__ = ["bead_plate_svg", "big_road_svg", "roads_svg", "scoreboard_svg"]

_BEAD_PLATE_TITLE = N_("Bead Plate: every coup, down the columns")   # data: translated where drawn
_BIG_ROAD_TITLE = N_("Big Road: a column per streak, ties on the ring before")
_DERIVED_TITLES = {1: N_("Big Eye Boy: each column against the one before"),
                  2: N_("Small Road: each column against the one two before"),
                  3: N_("Cockroach Pig: each column against the one three before")}
_BOARDS_LABEL = N_("Bead Plate and Big Road")
# The boards' short names, as their descriptions start ("Big Road: 3 streaks: …"); the roads' names stay English
_BEAD_PLATE_NAME, _BIG_ROAD_NAME = N_("Bead Plate"), N_("Big Road")

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
        raise BaccaratError(_("cells must be the list that {what} gives, not {given}").format(what=what,
                                                                                        given=shown(cells)))
    return list(cells)


def _check_title(title) -> str:
    if not isinstance(title, str):
        raise BaccaratError(_("title must be text, not {given}").format(given=shown(title)))
    return _(title)       # the default titles are catalog messages; a title of the caller's own stays as given


def _columns(cells, columns) -> int:
    needed = max((cell.column + 1 for cell in cells), default=0)
    if columns is not None:
        columns = whole_number("columns", columns, 1, 10_000)
    return max(needed, MIN_COLUMNS if columns is None else columns)


def _rows(rows) -> int:
    return whole_number("rows", rows, 1, MAX_ROWS)


def _n(x: float) -> str:
    """A coordinate, short: whole numbers without decimals, else one decimal."""
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


def _grid(x0: float, y0: float, columns: int, rows: int, cell: float = _CELL) -> str:
    """Thin grey lines around each cell, as one path."""
    width, height = columns * cell, rows * cell
    path = "".join(f"M{_n(x0 + c * cell)} {_n(y0)}v{_n(height)}" for c in range(columns + 1))
    path += "".join(f"M{_n(x0)} {_n(y0 + r * cell)}h{_n(width)}" for r in range(rows + 1))
    return f'<path class="bcl-grid" d="{path}" stroke="{GRID_GREY}" stroke-width="1.1" fill="none"/>'


def _title(x0: float, y0: float, title: str) -> str:
    return (f'<text class="bcl-road-title" x="{_n(x0)}" y="{_n(y0 + _TITLE_HEIGHT - 9)}" font-size="{_TITLE_SIZE}" '
            f'font-weight="bold" fill="{BLACK}">{escape(title)}</text>')


def _centre(cell, x0: float, y0: float) -> tuple[float, float]:
    return x0 + (cell.column + 0.5) * _CELL, y0 + (cell.row + 0.5) * _CELL


def _group(attributes: str, marks) -> str:
    """``marks`` (SVG elements) in one ``<g>`` carrying their shared ``attributes``."""
    return f"<g {attributes}>" + "".join(marks) + "</g>"


def _bead_board(cells, x0: float, y0: float, columns: int, rows: int, title: str) -> str:
    """Title, grid, beads (grouped by colour), letters and pair dots of the Bead Plate."""
    top = y0 + _TITLE_HEIGHT
    parts = [_title(x0, y0, title), _grid(x0, top, columns, rows)]
    for outcome in (Outcome.BANKER, Outcome.PLAYER, Outcome.TIE):
        beads = [_centre(cell, x0, top) for cell in cells if cell.outcome is outcome]
        if beads:
            parts.append(_group(f'fill="{OUTCOME_COLOURS[outcome]}" stroke="{WHITE}" stroke-width="1.4"',
                                (f'<circle class="bcl-bead" cx="{_n(x)}" cy="{_n(y)}" r="15.1"/>' for x, y in beads)))
    if cells:
        # letters centred: the baseline 0.35 em below the centre (dominant-baseline is not read everywhere)
        parts.append(_group(f'fill="{WHITE}" font-size="18" font-weight="bold" text-anchor="middle"',
                            (f'<text class="bcl-bead-letter" x="{_n(x)}" y="{_n(y + 6.3)}">{LETTERS[cell.outcome]}'
                             '</text>' for cell in cells for x, y in [_centre(cell, x0, top)])))
    for flag, outcome, shift in (("banker_pair", Outcome.BANKER, -0.3), ("player_pair", Outcome.PLAYER, 0.3)):
        dots = [_centre(cell, x0, top) for cell in cells if getattr(cell, flag)]
        if dots:
            name = flag.replace("_", "-")
            parts.append(_group(f'fill="{OUTCOME_COLOURS[outcome]}" stroke="{WHITE}" stroke-width="1.7"',
                                (f'<circle class="bcl-{name}" cx="{_n(x + shift * _CELL)}" '
                                 f'cy="{_n(y + shift * _CELL)}" r="4.3"/>' for x, y in dots)))
    return "".join(parts)


def _road_board(cells, x0: float, y0: float, columns: int, rows: int, title: str) -> str:
    """Title, grid, rings (grouped by colour), tie slashes and tie counts of the Big Road."""
    top = y0 + _TITLE_HEIGHT
    parts = [_title(x0, y0, title), _grid(x0, top, columns, rows)]
    for outcome in (Outcome.BANKER, Outcome.PLAYER):
        rings = [_centre(cell, x0, top) for cell in cells if cell.outcome is outcome]
        if rings:
            parts.append(_group(f'fill="none" stroke="{OUTCOME_COLOURS[outcome]}" stroke-width="4.3"',
                                (f'<circle class="bcl-ring" cx="{_n(x)}" cy="{_n(y)}" r="13"/>' for x, y in rings)))
            # the ring's letter, in its colour: Banker and Player rings differ in more than colour
            parts.append(_group(f'fill="{OUTCOME_COLOURS[outcome]}" font-size="14" font-weight="bold" '
                                'text-anchor="middle"',
                                (f'<text class="bcl-ring-letter" x="{_n(x)}" y="{_n(y + 4.9)}">'
                                 f'{LETTERS[outcome]}</text>' for x, y in rings)))
    tied = [cell for cell in cells if cell.ties]
    if tied:
        reach = 0.33 * _CELL
        parts.append(_group(f'stroke="{OUTCOME_COLOURS[Outcome.TIE]}" stroke-width="3.6" stroke-linecap="round"',
                            (f'<line class="bcl-tie" x1="{_n(x - reach)}" y1="{_n(y + reach)}" '
                             f'x2="{_n(x + reach)}" y2="{_n(y - reach)}"/>'
                             for cell in tied for x, y in [_centre(cell, x0, top)])))
    counted = [cell for cell in tied if cell.ties > 1]
    if counted:
        corner = 0.3 * _CELL        # a tie count sits in the cell's top right corner, clear of the ring's letter
        parts.append(_group(f'fill="{OUTCOME_COLOURS[Outcome.TIE]}" font-size="13" font-weight="bold" '
                            'text-anchor="middle"',
                            (f'<circle cx="{_n(x + corner)}" cy="{_n(y - corner)}" r="7.5" fill="{WHITE}"/>'
                             f'<text class="bcl-tie-count" x="{_n(x + corner)}" y="{_n(y - corner + 4.6)}">'
                             f'{cell.ties}</text>' for cell in counted for x, y in [_centre(cell, x0, top)])))
    return "".join(parts)


_SMALL = _CELL / 2      # a derived road's cell: half a Big Road cell, as on a table's screen


def _derived_board(k: int):
    """The draw function of derived road ``k``: title, half-size grid, and its marks."""
    def draw(cells, x0: float, y0: float, columns: int, rows: int, title: str) -> str:
        top = y0 + _TITLE_HEIGHT
        marks = "".join(_DERIVED_MARKS[k](x0 + (cell.column + 0.5) * _SMALL, top + (cell.row + 0.5) * _SMALL,
                                          cell.colour) for cell in cells)
        return _title(x0, y0, title) + _grid(x0, top, columns, rows, _SMALL) + marks
    return draw


# A derived road's red marks are whole and its blue ones broken: in greyscale the two are the same grey.
_BROKEN_RING = ' stroke-dasharray="3.2 2"'         # Big Eye Boy: a dashed ring
_DOTTED_SLASH = ' stroke-dasharray="0.1 4.6"'      # Cockroach Pig: round dots along the slash
_HOLE = 2.4                                         # Small Road: the radius of a blue dot's hole


def _hollow_circle(x: float, y: float, colour: RoadColour) -> str:
    broken = _BROKEN_RING if colour is RoadColour.BLUE else ""
    return (f'<circle class="bcl-big-eye-boy" data-colour="{colour.value}" cx="{_n(x)}" cy="{_n(y)}" r="5.6" '
            f'fill="none" stroke="{DERIVED_COLOURS[colour]}" stroke-width="2.4"{broken}/>')


def _filled_dot(x: float, y: float, colour: RoadColour) -> str:
    hole = (f'<circle class="bcl-small-road-hole" cx="{_n(x)}" cy="{_n(y)}" r="{_HOLE}" fill="{WHITE}"/>'
            if colour is RoadColour.BLUE else "")
    return (f'<circle class="bcl-small-road" data-colour="{colour.value}" cx="{_n(x)}" cy="{_n(y)}" r="6" '
            f'fill="{DERIVED_COLOURS[colour]}"/>{hole}')


def _slash(x: float, y: float, colour: RoadColour) -> str:
    reach = 0.3 * _SMALL
    dotted = _DOTTED_SLASH if colour is RoadColour.BLUE else ""
    return (f'<line class="bcl-cockroach-pig" data-colour="{colour.value}" x1="{_n(x - reach)}" y1="{_n(y + reach)}" '
            f'x2="{_n(x + reach)}" y2="{_n(y - reach)}" stroke="{DERIVED_COLOURS[colour]}" stroke-width="3" '
            f'stroke-linecap="round"{dotted}/>')


_DERIVED_MARKS = {1: _hollow_circle, 2: _filled_dot, 3: _slash}  # the marks a table's screen uses


def _board(entry, columns: int):
    """(draw, cells, title, columns, cell size) of a board given as (draw, cells, title[, k])."""
    if len(entry) == 4:  # a derived road: half-size cells, twice the columns in the same width
        draw, cells, title, _k = entry
        return draw, cells, title, max(2 * columns, max((cell.column + 1 for cell in cells), default=0)), _SMALL
    draw, cells, title = entry
    return draw, cells, title, columns, _CELL


# ---------------------------------------------------------------- the boards in words (each picture's <desc>)

def _runs(marks) -> list[tuple]:
    """Consecutive equal marks as (mark, how many), in order: "B B P" -> [(B, 2), (P, 1)]."""
    return [(mark, len(list(run))) for mark, run in groupby(marks)]


def _bead_words(cells) -> str:
    """The Bead Plate in words: the coups, each side's wins, the pairs, and every result in order."""
    if not cells:
        return _("No coups yet.")
    counts = {outcome: sum(cell.outcome is outcome for cell in cells) for outcome in LETTERS}
    words = ngettext("{count} coup: Banker {banker}, Player {player}, Tie {tie}.",
                     "{count} coups: Banker {banker}, Player {player}, Tie {tie}.", len(cells)).format(
        count=len(cells), banker=counts[Outcome.BANKER], player=counts[Outcome.PLAYER], tie=counts[Outcome.TIE])
    banker_pairs, player_pairs = (sum(getattr(cell, flag) for cell in cells) for flag in ("banker_pair", "player_pair"))
    if banker_pairs or player_pairs:
        words += " " + _("Banker pairs {banker}, Player pairs {player}.").format(banker=banker_pairs,
                                                                                  player=player_pairs)
    ordered = " ".join(LETTERS[cell.outcome] for cell in sorted(cells, key=lambda cell: cell.index))
    return words + " " + _("In order: {letters}.").format(letters=ordered)


def _road_words(cells) -> str:
    """The Big Road in words: its streaks in order (a streak is a column, whatever a dragon tail does), and the ties."""
    wins = [cell.outcome for cell in cells if cell.outcome is not Outcome.TIE]
    ties = sum(cell.ties for cell in cells)
    if not wins:
        words = _("No win yet.")
    else:
        runs = _runs(wins)
        words = ngettext("{count} streak: {streaks}.", "{count} streaks: {streaks}.", len(runs)).format(
            count=len(runs), streaks=", ".join(f"{outcome.display_name} {count}" for outcome, count in runs))
    return words + " " + (ngettext("{count} tie.", "{count} ties.", ties).format(count=ties) if ties else
                          _("No tie."))


def _derived_words(cells) -> str:
    """A derived road in words: its marks, and its runs of red and blue in order."""
    if not cells:
        return _("No mark yet.")
    runs = _runs([cell.colour for cell in cells])
    return ngettext("{count} mark: {runs}.", "{count} marks: {runs}.", len(cells)).format(
        count=len(cells), runs=", ".join(f"{colour.display_name} {count}" for colour, count in runs))


def _board_words(entry) -> str:
    """One board, given as ``_svg`` takes it, in words, after its short name ("Big Road: 2 streaks: …")."""
    draw, cells = entry[0], entry[1]
    if len(entry) == 4:
        name, words = DERIVED_ROADS[entry[3]], _derived_words(cells)
    elif draw is _bead_board:
        name, words = _(_BEAD_PLATE_NAME), _bead_words(cells)
    else:
        name, words = _(_BIG_ROAD_NAME), _road_words(cells)
    return _("{board}: {words}").format(board=name, words=words)


def _svg(boards, columns: int, rows: int, label: str) -> str:
    """``boards`` one under the other in one picture named ``label``, each described in its ``<desc>``."""
    description = "\n".join(_board_words(entry) for entry in boards)
    boards = [_board(entry, columns) for entry in boards]
    width = max(_PAD + max(board_columns * cell, len(title) * _CHAR_WIDTH * _TITLE_SIZE) + _PAD
                for _draw, _cells, title, board_columns, cell in boards)
    body, y = [], _PAD
    for draw, cells, title, board_columns, cell in boards:
        body.append(draw(cells, _PAD, y, board_columns, rows, title))
        y += _TITLE_HEIGHT + rows * cell + _GAP
    height = y - _GAP + _PAD
    body = "".join(body)
    # width 100% of the output, at most 1.25 px per unit (a 36 px cell at most 45 px wide), height from the viewBox
    return (f'<svg class="bcl-roads" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_n(width)} {_n(height)}" '
            f'role="img" aria-label="{escape(label)}" font-family="{_FONT}" '
            f'style="display:block;width:100%;max-width:{_n(round(1.25 * width))}px;height:auto;">'
            f'<title>{escape(label)}</title><desc>{escape(description)}</desc>{body}</svg>')


def bead_plate_svg(cells, columns: int | None = None, rows: int = ROWS, title: str = _BEAD_PLATE_TITLE) -> str:
    """The Bead Plate from ``roads.bead_plate`` cells as SVG: a filled bead per coup, its letter inside, pair dots."""
    cells = _check_cells(cells, BeadCell, "roads.bead_plate")
    title, rows = _check_title(title), _rows(rows)
    return _svg([(_bead_board, cells, title)], _columns(cells, columns), rows, title)


def big_road_svg(cells, columns: int | None = None, rows: int = ROWS, title: str = _BIG_ROAD_TITLE) -> str:
    """The Big Road from ``roads.big_road`` cells as SVG: hollow rings; a tie is a green slash (its count if > 1)."""
    cells = _check_cells(cells, BigRoadCell, "roads.big_road")
    title, rows = _check_title(title), _rows(rows)
    return _svg([(_road_board, cells, title)], _columns(cells, columns), rows, title)


def _boards_svg(beads, rings, rows: int, label: str = _BOARDS_LABEL, derived=None) -> str:
    """Both boards as one SVG named ``label``, Bead Plate on top; ``derived``: the derived roads below."""
    columns = max(_columns(beads, None), _columns(rings, None))
    boards = [(_bead_board, beads, _(_BEAD_PLATE_TITLE)), (_road_board, rings, _(_BIG_ROAD_TITLE))]
    for k, cells in zip(DERIVED_ROADS, derived or ()):
        boards.append((_derived_board(k), cells, _(_DERIVED_TITLES[k]), k))
    return _svg(boards, columns, rows, _(label))


def scoreboard_svg(outcomes, rows: int = ROWS) -> str:
    """All five boards of a sequence of results as one SVG, the derived roads in half-size cells.

    >>> svg = scoreboard_svg("B B P P B")
    >>> [svg.count(f'class="bcl-{name}"') for name in ("ring", "big-eye-boy", "small-road", "cockroach-pig")]
    [5, 2, 0, 0]
    """
    rows = _rows(rows)
    derived = [derived_road(outcomes, k, rows) for k in DERIVED_ROADS]
    return _boards_svg(bead_plate(outcomes, rows), big_road(outcomes, rows), rows,
                       N_("Bead Plate, Big Road and the three derived roads"), derived)


def roads_svg(outcomes, rows: int = ROWS) -> str:
    """Both boards of a sequence of results (or ``CoupRecords``) as one SVG, Bead Plate on top, cells the same size.

    >>> svg = roads_svg("B B P T")
    >>> svg.count('class="bcl-bead"'), svg.count('class="bcl-ring"'), svg.count('class="bcl-tie"')
    (4, 3, 1)
    """
    rows = _rows(rows)
    return _boards_svg(bead_plate(outcomes, rows), big_road(outcomes, rows), rows)
