"""The casino scoreboards as data (Bead Plate, Big Road, derived roads), and whether a streak predicts the next coup.

Results are Outcomes, words or letters ("banker", "B"), one string ("B B P T", "BBPT"), ``CoupRecords``
(which bring pair and natural marks and shoe numbers) or ``OutcomeRecords`` (which bring where each shoe starts).
Rows and columns count from 0, top-left.

>>> for cell in big_road("B B P T P P"):
...     print(cell)
column 0, row 0: Banker
column 0, row 1: Banker
column 1, row 0: Player, 1 tie
column 1, row 1: Player
column 1, row 2: Player
>>> print(road_text(big_road("T B B P P P P P P P B"), rows=6))
B1 P  B
B  P
   P
   P
   P
   P  P
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from itertools import groupby
from math import copysign, isnan, sqrt
from typing import NamedTuple

import numpy as np

from collections.abc import Mapping, Set
from numbers import Real

from ..errors import BaccaratError, refusal, shown, whole_number
from ..game.coup import Outcome
from ..game.formatting import localized, number
from ..i18n import N_, _, ngettext
from .kernel import CODE_OUTCOMES, OUTCOME_CODES, _is_list
from .simulate import CoupRecords, OutcomeRecords, play_shoe  # noqa: F401  (play_shoe: used by the doctests)

__all__ = ["as_outcomes", "BeadCell", "bead_plate", "BigRoadCell", "big_road", "big_road_columns", "longest_streaks",
           "road_text", "StreakRow", "streak_statistics", "standard_error_gaps", "streak_table", "ROWS", "LETTERS",
           "outcome_of", "MAX_ROWS", "MAX_STREAK", "RoadColour", "DERIVED_ROADS", "RoadVerdict", "DerivedCell",
           "column_lengths", "derived_road", "big_eye_boy", "small_road", "cockroach_pig", "NextColours",
           "next_entry_colours", "RoadColourRow", "derived_road_statistics", "derived_road_table", "road_number",
           "columns_text", "longest_streaks_text", "next_entry_text", "coups_text", "simulated_text",
           "largest_gap_text"]

ROWS = 6  # a casino scoreboard's height
MAX_ROWS = 1000
MAX_STREAK = 1000
_MAX_GRID = 10_000_000  # cells road_text may print
LETTERS = {Outcome.BANKER: "B", Outcome.PLAYER: "P", Outcome.TIE: "T"}
_WORDS = {word: outcome for outcome, letter in LETTERS.items() for word in (letter.lower(), outcome.value)}
_SIMULATED = (CoupRecords, OutcomeRecords)  # simulated coups: an array of outcome codes, and their shoes


# --- Reading outcomes

def outcome_of(item) -> Outcome:
    """One result as an ``Outcome``, from an Outcome, a word or a letter ("banker", "B")."""
    if isinstance(item, Outcome):
        return item
    word = item.strip().lower() if isinstance(item, str) else None
    if word not in _WORDS:
        raise refusal(_("{given} is not a result: write Banker, Player or Tie (or B, P, T)"), given=item)
    return _WORDS[word]


def _tokens(text: str) -> list[str]:
    tokens = text.replace(",", " ").split()
    if len(tokens) == 1 and len(tokens[0]) > 1 and set(tokens[0].lower()) <= set("bpt"):
        return list(tokens[0])  # "BBPT": one letter per coup
    return tokens


def as_outcomes(outcomes) -> list[Outcome]:
    """The results as a list of ``Outcome``.

    >>> [outcome.label for outcome in as_outcomes("B p Tie banker")]
    ['Banker', 'Player', 'Tie', 'Banker']
    """
    if isinstance(outcomes, _SIMULATED):
        return [CODE_OUTCOMES[code] for code in outcomes.outcomes]
    if isinstance(outcomes, str):
        outcomes = _tokens(outcomes)
    elif not _is_list(outcomes) or isinstance(outcomes, (Mapping, Set)):
        raise refusal(_("outcomes must be results (a list, or text such as \"B B P T\"), CoupRecords or "
                        "OutcomeRecords, not {given}"), given=outcomes)
    return [outcome_of(item) for item in outcomes]


def _codes(outcomes) -> np.ndarray:
    """The results as an array of ``OUTCOME_CODES``."""
    if isinstance(outcomes, _SIMULATED):
        return np.asarray(outcomes.outcomes)
    return np.array([OUTCOME_CODES[outcome] for outcome in as_outcomes(outcomes)], dtype=np.uint8)


def _check_rows(rows) -> int:
    try:
        return whole_number("rows", rows, 1, MAX_ROWS)
    except BaccaratError:
        raise BaccaratError(_("rows: a scoreboard has 1 to {most} rows (casinos use {usual}), "
                              "not {given}").format(most=MAX_ROWS, usual=ROWS, given=shown(rows))) from None


# --- The Bead Plate: every coup, in order, down the columns

@dataclass(frozen=True)
class BeadCell:
    """One bead: coup number ``index`` (from 0) at ``column``, ``row``, with its result and marks."""

    column: int
    row: int
    outcome: Outcome
    index: int
    player_pair: bool = False
    banker_pair: bool = False
    natural: bool = False

    def __str__(self):
        marks = ((N_("Player pair"), self.player_pair), (N_("Banker pair"), self.banker_pair),
                 (N_("natural"), self.natural))
        return _("column {column}, row {row}: {result}").format(
            column=self.column, row=self.row, result=self.outcome.display_name) + "".join(
            f", {_(name)}" for name, flag in marks if flag)


def bead_plate(outcomes, rows: int = ROWS) -> list[BeadCell]:
    """One bead per coup, ties included, down each column; pair and natural marks only from ``CoupRecords``.

    >>> [str(cell) for cell in bead_plate(play_shoe("J 5 J 4  9 9 K 8  K K K K", cut_card=0))]
    ['column 0, row 0: Banker, Player pair, natural', 'column 0, row 1: Player, natural']
    """
    rows = _check_rows(rows)
    results = as_outcomes(outcomes)
    if isinstance(outcomes, CoupRecords):
        flags = zip(outcomes.player_pairs.tolist(), outcomes.banker_pairs.tolist(), outcomes.naturals.tolist())
    else:
        flags = [(False, False, False)] * len(results)
    return [BeadCell(index // rows, index % rows, outcome, index, *marks)
            for (index, outcome), marks in zip(enumerate(results), flags)]


# --- The Big Road: a column per streak, ties marked on the cell before them

@dataclass(frozen=True)
class BigRoadCell:
    """One ring of the Big Road with its ties; ``leading_ties``: ties before any win; TIE only on an all-tie board."""

    column: int
    row: int
    outcome: Outcome
    ties: int = 0
    leading_ties: int = 0
    index: int = 0

    def __str__(self):
        text = _("column {column}, row {row}: {result}").format(column=self.column, row=self.row,
                                                                  result=self.outcome.display_name)
        if not self.ties:
            return text
        return text + ", " + ngettext("{count} tie", "{count} ties", self.ties).format(count=self.ties)


class _Layout:
    """Places marks as the Big Road and the derived roads do: a streak down a column, then right (the dragon tail)."""

    def __init__(self, rows: int):
        self.rows, self.occupied, self.last, self.mark = rows, set(), None, None
        self.streak_column, self.turned = -1, False

    def place(self, mark) -> tuple[int, int]:
        """The (column, row) of the next ``mark``."""
        if self.last is not None and mark == self.mark:
            column, row = self.last
            if self.turned or row + 1 >= self.rows or (column, row + 1) in self.occupied:
                self.turned, column = True, column + 1
                while (column, row) in self.occupied:  # a guard: the rules above keep this cell free
                    column += 1
            else:
                row += 1
        else:  # the first mark, or a different one: a new column, at the top
            self.streak_column += 1
            while (self.streak_column, 0) in self.occupied:  # only if an earlier tail runs along the top row
                self.streak_column += 1
            column, row, self.turned = self.streak_column, 0, False
        self.last, self.mark = (column, row), mark
        self.occupied.add((column, row))
        return column, row


def big_road(outcomes, rows: int = ROWS) -> list[BigRoadCell]:
    """The Big Road: a ring per win; a tie counts on the ring before it (leading ties on the first ring).

    >>> [(cell.column, cell.row) for cell in big_road("B" * 8)]
    [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (1, 5), (2, 5)]
    >>> big_road("T T")
    [BigRoadCell(column=0, row=0, outcome=<Outcome.TIE: 'tie'>, ties=2, leading_ties=2, index=0)]
    """
    cells: list[BigRoadCell] = []
    layout, leading_ties = _Layout(_check_rows(rows)), 0
    for index, outcome in enumerate(as_outcomes(outcomes)):
        if outcome is not Outcome.TIE:
            ties = 0 if cells else leading_ties
            cells.append(BigRoadCell(*layout.place(outcome), outcome, ties, ties, index))
        elif cells:
            cells[-1] = replace(cells[-1], ties=cells[-1].ties + 1)
        else:
            leading_ties += 1
    if not cells and leading_ties:
        cells.append(BigRoadCell(0, 0, Outcome.TIE, leading_ties, leading_ties, 0))
    return cells


def big_road_columns(outcomes) -> int:
    """How many columns the Big Road starts: one per streak of wins (a dragon tail starts none).

    >>> big_road_columns("B B T P B B B"), big_road_columns("T T")
    (3, 0)
    """
    return len(column_lengths(outcomes))


def longest_streaks(outcomes) -> dict:
    """The longest run of Banker wins and of Player wins, ties skipped.

    >>> longest_streaks("B B T B P P B")
    {<Outcome.BANKER: 'banker'>: 3, <Outcome.PLAYER: 'player'>: 2}
    """
    longest = {Outcome.BANKER: 0, Outcome.PLAYER: 0}
    for outcome, run in groupby(_winners(outcomes)):
        longest[outcome] = max(longest[outcome], len(list(run)))
    return longest


def road_text(cells, rows: int = ROWS) -> str:
    """A layout as a text grid: each cell's letter, then its tie count if any.

    >>> print(road_text(bead_plate("B P T B", rows=2), rows=2))
    B  T
    P  B
    """
    rows = _check_rows(rows)
    if not isinstance(cells, (list, tuple)) or not all(
            isinstance(cell, (BeadCell, BigRoadCell)) and _whole(cell.column) and _whole(cell.row)
            and cell.outcome in LETTERS and _whole(getattr(cell, "ties", 0)) for cell in cells):
        raise refusal(_("cells must be a list of BeadCell or BigRoadCell (from bead_plate or big_road), "
                        "not {given}"), given=cells)
    if not cells:
        return ""
    width, height = max(cell.column for cell in cells) + 1, max(rows, max(cell.row for cell in cells) + 1)
    if width * height > _MAX_GRID:
        raise BaccaratError(_("cells are too far apart to print: road_text prints at most {most} cells").format(
            most=number(_MAX_GRID)))
    grid = [[""] * width for _row in range(height)]
    for cell in cells:
        ties = getattr(cell, "ties", 0)
        grid[cell.row][cell.column] = LETTERS[cell.outcome] + (str(ties) if ties else "")
    size = max(3, max(len(text) for line in grid for text in line) + 1)
    return "\n".join("".join(text.ljust(size) for text in line).rstrip() for line in grid)


def _whole(value) -> bool:
    return type(value) is int and value >= 0


# --- Streaks: does the last run of wins say anything about the next coup?

class StreakRow(NamedTuple):
    """Coups right after ``k`` or more wins in a row, how many that side won, the share and its standard error."""

    k: int
    coups: int
    wins: int
    probability: float
    standard_error: float


def _side_code(side) -> int:
    outcome = outcome_of(side)
    if outcome is Outcome.TIE:
        raise BaccaratError(_("side must be Banker or Player: a streak is of Banker or of Player wins (ties are "
                              "skipped), not of ties"))
    return OUTCOME_CODES[outcome]


def _checked_shoes(shoes, n: int):
    """One shoe number per coup as an array (None: one history)."""
    if shoes is None:
        return None
    given = shoes
    try:
        shoes = np.asarray(shoes) if isinstance(shoes, (list, tuple, np.ndarray)) else None
    except (TypeError, ValueError, OverflowError):
        shoes = None
    if shoes is None or shoes.ndim != 1 or (shoes.size and (shoes.dtype.kind not in "biuf" or (
            shoes.dtype.kind == "f" and not (np.isfinite(shoes).all() and (shoes == np.round(shoes)).all())))):
        raise refusal(_("shoes must be None or a list of whole numbers, one shoe number per coup, not {given}"),
                      given=given)
    if len(shoes) != n:
        raise BaccaratError(_("shoes needs one shoe number per coup: {count} given for {coups} coups").format(
            count=len(shoes), coups=n))
    return shoes


def _first_coups(shoes, n: int) -> np.ndarray:
    """Where each shoe starts: the number of its first coup (``shoes``: one shoe number per coup; None: one shoe)."""
    if shoes is None or n == 0:
        return np.zeros(min(n, 1), dtype=np.intp)
    return np.flatnonzero(np.append(True, shoes[1:] != shoes[:-1]))


def _chunk_starts(first_coups: np.ndarray, begin: int, end: int) -> np.ndarray:
    """For each coup from ``begin`` (a shoe's first coup) to ``end``, its shoe's first coup, counted from ``begin``."""
    low, high = np.searchsorted(first_coups, [begin, end])
    inside = (first_coups[low:high] - begin).astype(np.int32)
    return np.repeat(inside, np.diff(np.append(inside, end - begin)))


def _starts_of(shoes, n: int) -> np.ndarray:
    """For each coup, the index of its shoe's first coup."""
    return _chunk_starts(_first_coups(shoes, n), 0, n)


_CHUNK_COUPS = 1 << 15  # coups read at once: work arrays stay a few MB


def _shoe_chunks(first_coups: np.ndarray, n: int) -> list[tuple[int, int]]:
    """(begin, end) slices of whole shoes of about ``_CHUNK_COUPS`` coups, from where each shoe starts."""
    cuts = [0]
    for start in first_coups[1:].tolist():
        if start - cuts[-1] >= _CHUNK_COUPS:
            cuts.append(start)
    return list(zip(cuts, cuts[1:] + [n]))


def _shoe_parts(outcomes, shoes):
    """(codes, each coup's shoe start) for whole shoes a chunk at a time; simulated records bring their shoes."""
    codes = _codes(outcomes)
    if shoes is None and isinstance(outcomes, OutcomeRecords):
        first_coups = np.asarray(outcomes.shoe_starts)
    else:
        if shoes is None and isinstance(outcomes, CoupRecords):
            shoes = outcomes.shoes
        first_coups = _first_coups(_checked_shoes(shoes, len(codes)), len(codes))
    for begin, end in _shoe_chunks(first_coups, len(codes)):
        yield codes[begin:end], _chunk_starts(first_coups, begin, end)


def _streak_lengths(codes: np.ndarray, side_code: int, starts: np.ndarray) -> np.ndarray:
    """For each coup, how many ``side_code`` wins in a row (ties skipped) come just before it in its shoe.

    >>> _streak_lengths(_codes("B B T B P B"), OUTCOME_CODES[Outcome.BANKER], np.zeros(6, dtype=np.int32)).tolist()
    [0, 1, 2, 2, 3, 0]
    >>> _streak_lengths(_codes("B B B"), OUTCOME_CODES[Outcome.BANKER], _starts_of(np.array([0, 0, 1]), 3)).tolist()
    [0, 1, 0]
    """
    n = len(codes)
    other = (codes != side_code) & (codes != OUTCOME_CODES[Outcome.TIE])
    wins_before = np.zeros(n + 1, dtype=np.int32)  # int32 and in place: 3 M coups cost tens of MB
    np.cumsum(codes == side_code, out=wins_before[1:], dtype=np.int32)
    # The streak before coup i starts just after the last win of the other side before i, or at the shoe's start.
    start = np.zeros(n, dtype=np.int32)
    if n > 1:
        start[1:] = np.where(other[:-1], np.arange(1, n, dtype=np.int32), np.int32(0))
    np.maximum.accumulate(start, out=start)
    np.maximum(start, starts, out=start)
    return wins_before[:-1] - wins_before[start]


def streak_statistics(outcomes, max_k: int = 5, side=Outcome.BANKER, shoes=None,
                      all_coups: bool = False) -> list[StreakRow]:
    """P(``side`` wins | its last k non-tie results were ``side`` wins) for k = 1..max_k (k = 0 with ``all_coups``);
    a tie next counts as a coup ``side`` did not win.

    >>> [(row.k, row.coups, row.wins) for row in streak_statistics("B B P B B B T B P", max_k=3)]
    [(1, 7, 4), (2, 5, 2), (3, 3, 1)]
    """
    try:
        max_k = whole_number("max_k", max_k, 1, MAX_STREAK)
    except BaccaratError:
        raise BaccaratError(_("max_k is the longest streak to look at, 1 to {most}, not {given}").format(
            most=MAX_STREAK, given=shown(max_k))) from None
    if not isinstance(all_coups, (bool, np.bool_)):
        raise refusal(_("all_coups must be True or False, not {given}"), given=all_coups)
    side_code = _side_code(side)
    ks = range(0 if all_coups else 1, int(max_k) + 1)
    tallies = {k: [0, 0] for k in ks}
    for part, starts in _shoe_parts(outcomes, shoes):
        lengths = _streak_lengths(part, side_code, starts)
        wins = part == side_code
        for k in ks:
            after_streak = lengths >= k
            tallies[k][0] += int(np.count_nonzero(after_streak))
            tallies[k][1] += int(np.count_nonzero(wins & after_streak))
    return [StreakRow(k, *_share(*tallies[k])) for k in ks]


def _share(coups: int, wins: int) -> tuple[int, int, float, float]:
    """(coups, wins, wins / coups, sqrt(p (1 - p) / coups)); NaN when no coup."""
    p = wins / coups if coups else float("nan")
    return coups, wins, p, sqrt(p * (1 - p) / coups) if coups else float("nan")


def standard_error_gaps(rows, exact) -> list[float]:
    """(measured share - ``exact``) / standard error per row: chance alone rarely passes 2.

    >>> [round(gap, 6) for gap in standard_error_gaps([StreakRow(1, 100, 50, 0.5, 0.05)], 0.45)]
    [1.0]
    """
    exact = _check_exact(exact)
    return [_gap(row.probability - exact, row.standard_error) for row in _check_rows_of_streaks(rows)]


def _check_exact(exact) -> float:
    if isinstance(exact, bool) or not isinstance(exact, Real) or not 0 <= exact <= 1:
        raise refusal(_("exact must be a chance from 0 to 1, such as P(Banker), not {given}"), given=exact)
    return float(exact)


def _check_rows_of_streaks(rows) -> list:
    if not isinstance(rows, (list, tuple)) or not all(
            (isinstance(row, StreakRow) and _whole(row.k) or isinstance(row, RoadColourRow)) and _whole(row.coups)
            and isinstance(row.probability, Real) and isinstance(row.standard_error, Real) for row in rows):
        raise refusal(_("rows must be a list of StreakRow or RoadColourRow, as streak_statistics and "
                        "derived_road_statistics give, not {given}"), given=rows)
    return list(rows)


def _gap(difference: float, error: float) -> float:
    """difference / error; with no error, 0 or an infinite gap."""
    if error > 0 or isnan(error) or isnan(difference):
        return difference / error if error > 0 else float("nan")
    return 0.0 if difference == 0 else copysign(float("inf"), difference)


def streak_table(rows, exact, side=Outcome.BANKER) -> str:
    """The streak rows as a table next to the exact chance; k = 0 shows as "any".

    >>> print(streak_table(streak_statistics("B B P B B B T B P", max_k=1, all_coups=True), 0.4586))
      k  coups after k Banker wins  Banker won next  ± 1 SE   exact  gap (SE)
    any                          9           0.6667  0.1571  0.4586      +1.3
      1                          7           0.5714  0.1870  0.4586      +0.6
    """
    label = outcome_of(side).display_name
    rows, exact = _check_rows_of_streaks(rows), _check_exact(exact)
    heading = _("coups after k {side} wins").format(side=label)
    # Translators: the other column headings of the streak table; keep the spaces that align them.
    lines = [_("  k  {coups}  {side} won next  ± 1 SE   exact  gap (SE)").format(coups=heading, side=label)]
    every = _("any")
    return "\n".join(lines + [f"{row.k if row.k else every:>3}  " + _statistics(row, len(heading), exact)
                              for row in rows])


def _statistics(row, width: int, exact: float) -> str:
    """A row's coups, share, standard error, exact chance and gap, as the tables print them."""
    return localized(f"{row.coups:>{width},} {row.probability:>16.4f} {row.standard_error:>7.4f} {exact:>7.4f} "
                     f"{_gap(row.probability - exact, row.standard_error):>+9.1f}")


# --- The derived roads: Big Eye Boy, Small Road, Cockroach Pig, read from the shape of the Big Road

class RoadColour(str, Enum):
    """A derived road's entry: red (the Big Road repeats its shape) or blue (it does not)."""

    RED = "red"
    BLUE = "blue"

    def __str__(self):
        return self.value

    @property
    def display_name(self) -> str:
        """The colour's name in the course's language ("đỏ" in Vietnamese)."""
        return _(_COLOUR_NAMES[self])


DERIVED_ROADS = {1: "Big Eye Boy", 2: "Small Road", 3: "Cockroach Pig"}  # road k compares with column k to the left
_COLOUR_NAMES = {RoadColour.RED: N_("red"), RoadColour.BLUE: N_("blue")}
_ROAD_NAMES = {name.lower().replace(" ", "_"): k for k, name in DERIVED_ROADS.items()}
# RoadVerdict.rule -> its sentence (columns and rows from 1, as a learner reads the board).
_VERDICT_REASONS = {
    "not started": N_("column {column}, row {row} adds no entry yet: the {road} starts with the Big Road entry in "
                      "column {first}, row 2 (or column {second}, row 1 when column {first} has one entry)"),
    "same length": N_("column {column}, row 1 (a new column): columns {left} and {further} have the same length "
                      "({length}): red"),
    "different length": N_("column {column}, row 1 (a new column): columns {left} and {further} differ in length "
                           "({left_length} and {further_length}): blue"),
    "row filled": N_("column {column}, row {row}: column {compared} has an entry in row {row} too: red"),
    "ends one above": N_("column {column}, row {row}: column {compared} ends one row above (it has {length}): blue"),
    "ends higher": N_("column {column}, row {row}: column {compared} has no entry in row {above} either (it has "
                      "{length}): red"),
}


class RoadVerdict(NamedTuple):
    """A derived road's rule applied to one Big Road entry: colour (None: no entry yet), rule, columns compared."""

    colour: RoadColour | None
    rule: str
    k: int
    column: int
    row: int
    lengths: tuple[int, ...] = ()

    @property
    def reason(self) -> str:
        """Why, in the current language: 'column 2, row 2: column 1 has an entry in row 2 too: red'."""
        k, column, row, lengths = self.k, self.column + 1, self.row + 1, self.lengths + (None, None)
        fields = {"column": column, "row": row, "road": DERIVED_ROADS[k], "first": k + 1, "second": k + 2,
                  "left": column - 1, "further": column - 1 - k, "compared": column - k, "above": row - 1,
                  "length": lengths[0], "left_length": lengths[0], "further_length": lengths[1]}
        return _(_VERDICT_REASONS[self.rule]).format(**fields)


class DerivedCell(NamedTuple):
    """One entry of a derived road on its board, with the verdict that coloured it and the coup that added it."""

    column: int
    row: int
    verdict: RoadVerdict
    index: int

    @property
    def colour(self) -> RoadColour:
        return self.verdict.colour

    @property
    def reason(self) -> str:
        """Why it has its colour (``RoadVerdict.reason``)."""
        return self.verdict.reason

    def __str__(self):
        return _("column {column}, row {row}: {colour} ({reason})").format(
            column=self.column, row=self.row, colour=self.colour.display_name, reason=self.reason)


def road_number(road) -> int:
    """A derived road as its k: 1, 2, 3, or a name ("Big Eye Boy", "small road", "cockroach_pig").

    >>> road_number("Small Road"), road_number(3)
    (2, 3)
    """
    if isinstance(road, str) and road.strip().lower().replace(" ", "_").replace("-", "_") in _ROAD_NAMES:
        return _ROAD_NAMES[road.strip().lower().replace(" ", "_").replace("-", "_")]
    if not isinstance(road, bool) and isinstance(road, (int, np.integer)) and int(road) in DERIVED_ROADS:
        return int(road)
    raise refusal(_("road must be 1, 2, 3 or a name: Big Eye Boy, Small Road, Cockroach Pig; "
                    "not {given}"), given=road)


def column_lengths(outcomes) -> list[int]:
    """The length of each streak of wins (the Big Road's logical columns, dragon tails included).

    >>> column_lengths("B B T P B B B B B B B P")
    [2, 1, 7, 1]
    """
    return [len(list(run)) for _winner, run in groupby(_winners(outcomes))]


def _winners(outcomes) -> list[Outcome]:
    return [outcome for outcome in as_outcomes(outcomes) if outcome is not Outcome.TIE]


def _verdict(lengths, column: int, row: int, k: int) -> RoadVerdict:
    """Road ``k``'s colour for the Big Road entry at ``column``, ``row``: a new column is red when columns c-1 and
    c-1-k are as long; lower down, blue when column c-k ends one row above, else red.

    >>> _verdict([2, 2], column=1, row=1, k=1).reason
    'column 2, row 2: column 1 has an entry in row 2 too: red'
    """
    if column < k or (column == k and row == 0):
        return RoadVerdict(None, "not started", k, column, row)
    if row == 0:
        compared = (lengths[column - 1], lengths[column - 1 - k])
        same = compared[0] == compared[1]
        return RoadVerdict(RoadColour.RED if same else RoadColour.BLUE, "same length" if same else "different length",
                           k, column, row, compared)
    length = lengths[column - k]
    rule = "row filled" if length > row else "ends one above" if length == row else "ends higher"
    return RoadVerdict(RoadColour.BLUE if rule == "ends one above" else RoadColour.RED, rule, k, column, row, (length,))


def derived_road(outcomes, road, rows: int = ROWS) -> list[DerivedCell]:
    """The entries of derived road ``road`` (1, 2, 3 or its name), laid out as the Big Road is.

    >>> [cell.colour.value for cell in derived_road("B P P B B B P", "small road")]
    ['blue', 'red', 'blue']
    """
    k, rows = road_number(road), _check_rows(rows)
    cells: list[DerivedCell] = []
    layout, lengths, previous = _Layout(rows), [], None
    for index, outcome in enumerate(as_outcomes(outcomes)):
        if outcome is Outcome.TIE:
            continue
        if outcome is previous:
            lengths[-1] += 1
        else:
            lengths.append(1)
        previous = outcome
        verdict = _verdict(lengths, len(lengths) - 1, lengths[-1] - 1, k)
        if verdict.colour is not None:
            cells.append(DerivedCell(*layout.place(verdict.colour), verdict, index))
    return cells


def big_eye_boy(outcomes, rows: int = ROWS) -> list[DerivedCell]:
    """The Big Eye Boy (road 1): each entry compares a Big Road column with the one just before it."""
    return derived_road(outcomes, 1, rows)


def small_road(outcomes, rows: int = ROWS) -> list[DerivedCell]:
    """The Small Road (road 2): each entry compares a Big Road column with the one two before it."""
    return derived_road(outcomes, 2, rows)


def cockroach_pig(outcomes, rows: int = ROWS) -> list[DerivedCell]:
    """The Cockroach Pig (road 3): each entry compares a Big Road column with the one three before it."""
    return derived_road(outcomes, 3, rows)


class NextColours(NamedTuple):
    """The colour a road's next entry would have after a Banker win, and after a Player win (None: no entry)."""

    banker: RoadColour | None
    player: RoadColour | None


def next_entry_colours(outcomes, road) -> NextColours:
    """The scoreboard's "predictor": what ``road`` would add if Banker won next, and if Player did.

    >>> next_entry_colours("B B P P", "big eye boy")
    NextColours(banker=<RoadColour.RED: 'red'>, player=<RoadColour.BLUE: 'blue'>)
    """
    k, winners, colours = road_number(road), _winners(outcomes), []
    for outcome in (Outcome.BANKER, Outcome.PLAYER):
        after = column_lengths(winners + [outcome])
        colours.append(_verdict(after, len(after) - 1, after[-1] - 1, k).colour)
    return NextColours(*colours)


# --- Do the derived roads predict? P(Banker | the road would add red if Banker won) on simulated shoes

class RoadColourRow(NamedTuple):
    """Coups before which a Banker win would add a ``colour`` entry to ``road``, how many Banker won, the share."""

    road: str
    colour: RoadColour
    coups: int
    wins: int
    probability: float
    standard_error: float


def _banker_colours(codes: np.ndarray, starts: np.ndarray, ks) -> dict:
    """For each coup and road k: 1 if a Banker win would add red, 0 blue, -1 nothing; ``_verdict`` vectorised.

    The last win before a coup gives column c and its length: Banker extends c (red unless column c-k is as long)
    or starts c+1 (red when columns c and c-k are as long).
    """
    n = len(codes)
    banker, tie = OUTCOME_CODES[Outcome.BANKER], OUTCOME_CODES[Outcome.TIE]
    wins = np.flatnonzero(codes != tie)
    result = {k: np.full(n, -1, dtype=np.int8) for k in ks}
    if not len(wins):
        return result
    win_codes, win_starts = codes[wins], starts[wins]
    new_run = np.ones(len(wins), dtype=bool)
    new_run[1:] = (win_codes[1:] != win_codes[:-1]) | (win_starts[1:] != win_starts[:-1])
    run_of_win = np.cumsum(new_run) - 1
    run_first = np.flatnonzero(new_run)
    run_lengths = np.diff(np.append(run_first, len(wins)))
    place_in_run = np.arange(len(wins)) - run_first[run_of_win]
    run_starts = win_starts[run_first]
    new_shoe = np.ones(len(run_first), dtype=bool)
    new_shoe[1:] = run_starts[1:] != run_starts[:-1]
    column_of_run = np.arange(len(run_first)) - np.maximum.accumulate(
        np.where(new_shoe, np.arange(len(run_first)), 0))
    # the last win before each coup (its rank among the wins), if it is in the coup's shoe
    wins_through = np.cumsum(codes != tie) - 1
    last = np.concatenate(([-1], wins_through[:-1]))
    seen = last >= 0
    seen[seen] = wins[last[seen]] >= starts[seen]
    coups = np.flatnonzero(seen)
    last = last[seen]
    run = run_of_win[last]
    column, length_so_far = column_of_run[run], place_in_run[last] + 1
    extends = win_codes[last] == banker
    for k in ks:
        started = column >= k
        same = run_lengths[run[started] - k] == length_so_far[started]
        red = np.where(extends[started], ~same, same)
        result[k][coups[started]] = red
    return result


def derived_road_statistics(outcomes, shoes=None, roads=(1, 2, 3)) -> list[RoadColourRow]:
    """P(Banker wins | a Banker win would add red to the road), and | blue, per road; history restarts each shoe,
    and a tie next counts as a coup Banker did not win.

    >>> [(row.road, row.colour.value, row.coups, row.wins) for row in derived_road_statistics("B B P P B P", roads=[1])]
    [('Big Eye Boy', 'red', 2, 1), ('Big Eye Boy', 'blue', 1, 0)]
    """
    if isinstance(roads, (str, int, np.integer)) or not isinstance(roads, (list, tuple)) or not roads:
        raise refusal(_("roads must be a list of roads (1, 2, 3 or their names), not {given}"), given=roads)
    ks = list(dict.fromkeys(road_number(road) for road in roads))
    tallies = {(k, colour): [0, 0] for k in ks for colour in (1, 0)}
    banker = OUTCOME_CODES[Outcome.BANKER]
    for part, starts in _shoe_parts(outcomes, shoes):
        colours = _banker_colours(part, starts, ks)
        banker_won = part == banker
        for k in ks:
            for colour in (1, 0):
                chosen = colours[k] == colour
                tallies[k, colour][0] += int(np.count_nonzero(chosen))
                tallies[k, colour][1] += int(np.count_nonzero(chosen & banker_won))
    return [RoadColourRow(DERIVED_ROADS[k], name, *_share(*tallies[k, colour]))
            for k in ks for colour, name in ((1, RoadColour.RED), (0, RoadColour.BLUE))]


def derived_road_table(rows, exact) -> str:
    """The rows of ``derived_road_statistics`` as a table, next to the exact P(Banker).

    >>> print(derived_road_table([RoadColourRow("Big Eye Boy", RoadColour.RED, 100, 50, 0.5, 0.05)], 0.45))
    road           if Banker adds  coups  Banker won next  ± 1 SE   exact  gap (SE)
    Big Eye Boy    red               100           0.5000  0.0500  0.4500      +1.0
    """
    exact = _check_exact(exact)
    if not all(isinstance(row, RoadColourRow) for row in _check_rows_of_streaks(rows)):
        raise refusal(_("rows must be a list of RoadColourRow, as derived_road_statistics gives, not {given}"),
                      given=rows)
    coups = _("coups")
    width = max([len(coups), *(len(str(row.coups)) + len(str(row.coups)) // 3 for row in rows)])
    # Translators: the table's column headings; keep the spaces that align them.
    lines = [_("road           if Banker adds  {coups}  Banker won next  ± 1 SE   exact  gap (SE)").format(
        coups=f"{coups:>{width}}")]
    return "\n".join(lines + [f"{row.road:<14} {_(_COLOUR_NAMES.get(row.colour, str(row.colour))):<14}  "
                              + _statistics(row, width, exact) for row in rows])


# --- The same results in sentences, in the learner's language

def columns_text(outcomes) -> str:
    """How many columns the Big Road starts (one per streak) and uses (dragon tails too).

    >>> columns_text("B" * 8)
    'streaks, so columns started: 1; columns used: 3'
    """
    cells = big_road(outcomes)
    return _("streaks, so columns started: {started}; columns used: {used}").format(
        started=big_road_columns(outcomes), used=max((cell.column for cell in cells), default=-1) + 1)


def longest_streaks_text(outcomes) -> str:
    """``longest_streaks`` as one line per side.

    >>> print(longest_streaks_text("B B T B P P B"))
    longest Banker streak: 3 in a row
    longest Player streak: 2 in a row
    """
    return "\n".join(_("longest {outcome} streak: {length} in a row").format(outcome=outcome.display_name,
                                                                             length=length)
                     for outcome, length in longest_streaks(outcomes).items())


def next_entry_text(outcomes) -> str:
    """For each derived road, the colour it would add if Banker won next, and if Player did (a dash: none)."""
    names = {colour: _(name) for colour, name in _COLOUR_NAMES.items()} | {None: "–"}
    lines = []
    for k, name in DERIVED_ROADS.items():
        colours = next_entry_colours(outcomes, k)
        lines.append(_("{name:13}  {banker} if Banker wins next, {player} if Player does").format(
            name=name, banker=names[colours.banker], player=names[colours.player]))
    return "\n".join(lines)


def coups_text(records: CoupRecords | OutcomeRecords) -> str:
    """How many coups were dealt, and how many each side won."""
    return _("{count} coups: {counts}").format(count=len(_records(records)), counts=", ".join(
        f"{outcome.display_name} {count}" for outcome, count in records.counts().items()))


def simulated_text(records: CoupRecords | OutcomeRecords, exact) -> str:
    """How many coups were simulated, and the exact P(Banker) they are measured against."""
    return _("{count} coups simulated; exact P(Banker) on any coup = {chance}").format(
        count=number(len(_records(records))), chance=number(_check_exact(exact), 4))


def _records(records) -> CoupRecords | OutcomeRecords:
    if not isinstance(records, _SIMULATED):
        raise refusal(_("records must be CoupRecords (from deal_shoe or simulate_coups) or OutcomeRecords (from "
                        "simulate_outcomes), not {value}"), value=records)
    return records


def largest_gap_text(gaps) -> str:
    """The largest gap, either way, among ``standard_error_gaps`` results.

    >>> largest_gap_text([0.5, -2.04, 1.0])
    'largest gap: 2.0 standard errors'
    """
    if not isinstance(gaps, (list, tuple)) or not gaps or not all(
            isinstance(gap, Real) and not isinstance(gap, bool) and not isnan(gap) for gap in gaps):
        raise refusal(_("gaps must be a list of numbers, as standard_error_gaps gives, not {value}"), value=gaps)
    return _("largest gap: {gap} standard errors").format(gap=number(max(abs(gap) for gap in gaps), 1))
