"""The Banker tableau as rows of a printed table, and a checker for tables printed elsewhere.

Everything here reads the one literal ``rules.BANKER_TABLEAU``.

>>> tableau_rows()[1]
((3,), frozenset({0, 1, 2, 3, 4, 5, 6, 7, 9}), frozenset({8}))
>>> draw_grid()[4][7], draw_grid()[4][8]
(True, False)
>>> for contradiction in published_table_contradictions(read_published_table(SOURCE_002_ROWS)):
...     print(contradiction)
Banker 5: 4, 5 listed in both columns (the tableau: Banker draws on them).
Banker 6: 4, 5 missing from both columns (the tableau: Banker stands on them).
>>> wrong_rows(read_published_table(SOURCE_002_ROWS))
[5, 6]
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..errors import BaccaratError, refusal, shown, whole_number
from ..i18n import N_, _
from .cards import RANK_VALUES, _index, _iterable
from .explanations import _contradiction_text
from .rules import ANY, BANKER_TABLEAU, THIRD_CARD_VALUES

__all__ = ["tableau_rows", "draw_grid", "read_published_table", "published_table_contradictions", "wrong_rows",
           "tableau_text", "published_table_text", "SOURCE_002_HEADINGS", "SOURCE_002_ROWS"]

# Source 002's Banker table as printed, its Vietnamese words in English (the catalog gives them back); 10 stands
# for the value 0. Its row "8-9: does not draw" is about naturals, so it is left out.
SOURCE_002_HEADINGS = (N_("Total of the first 2 cards"), N_("Draws when Player's 3rd card is:"),
                       N_("Does not draw when Player's 3rd card is:"))
SOURCE_002_ROWS = (
    ("3", "1-2-3-4-5-6-7-9-10", "8"),
    ("4", "2, 3, 4, 5, 6, 7", "1-8-9-10"),
    ("5", "4, 5, 6, 7", "1-2-3-4-5-8-9-10"),
    ("6", "6, 7", "A-2-3-8-9-10-J-Q-K"),
    ("7", N_("does not draw"), N_("does not draw")),
    ("0-1-2", N_("always draws a 3rd card"), ""),
)


def tableau_rows() -> list[tuple[tuple[int, ...], frozenset, frozenset]]:
    """(Banker totals, draw values, stand values) per row; neighbouring totals with the same row share it."""
    rows: list[tuple[tuple[int, ...], frozenset, frozenset]] = []
    for total, draw_values in BANKER_TABLEAU.items():
        if rows and rows[-1][1] == draw_values:
            rows[-1] = (rows[-1][0] + (total,), draw_values, rows[-1][2])
        else:
            rows.append(((total,), frozenset(draw_values), ANY - draw_values))
    return rows


def draw_grid() -> tuple[tuple[bool, ...], ...]:
    """``grid[banker_total][third_card_value]``: True when Banker draws.

    >>> len(draw_grid()), len(draw_grid()[0]), sum(map(sum, draw_grid()))
    (8, 10, 51)
    """
    return tuple(tuple(value in BANKER_TABLEAU[total] for value in THIRD_CARD_VALUES)
                 for total in BANKER_TABLEAU)


_ALL_WORDS = ("always", "any")
_NONE_WORDS = ("never", "does not draw", "no draw", "—", "-")


def _published_values(cell: str, column: str) -> frozenset:
    """The third-card values a printed cell of ``column`` ("draw" or "stand") names; "does not draw" stands on all.

    >>> sorted(_published_values("1-2-3-4-5-6-7-9-10", "draw")), sorted(_published_values("does not draw", "stand"))
    ([0, 1, 2, 3, 4, 5, 6, 7, 9], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    >>> _published_values("A-2-3-8-9-10-J-Q-K", "stand") == {0, 1, 2, 3, 8, 9}
    True
    """
    text = cell.strip().lower()
    if not text:
        return frozenset()
    if text.startswith(_ALL_WORDS):
        return ANY
    if text.startswith(_NONE_WORDS):
        return frozenset() if column == "draw" else ANY
    values = set()
    for token in re.split(r"[\s,\-–]+", cell.strip()):
        if _value_of(token) is None:
            raise BaccaratError(_("{token} in the printed cell {cell} is neither a value 0..9 nor a card rank "
                                  "(A, 2..9, 10, J, Q, K)").format(token=shown(token, 20), cell=shown(cell, 30)))
        values.add(_value_of(token))
    return frozenset(values)


def _value_of(item) -> int | None:
    """A third-card value from one (7, "0", "1") or a rank ("A", "10", "K"); None if neither."""
    if isinstance(item, str):
        text = item.strip().upper()
        return int(text) if text in ("0", "1") else RANK_VALUES.get(text)
    value = _index(item)
    return value if value in THIRD_CARD_VALUES else None


def read_published_table(rows) -> dict[int, tuple[tuple[int, ...], tuple[int, ...]]]:
    """Printed rows (totals, draw cell, stand cell) as ``{banker_total: (draw_values, stand_values)}``.

    >>> read_published_table([("4", "2, 3, 4, 5, 6, 7", "1-8-9-10")])
    {4: ((2, 3, 4, 5, 6, 7), (0, 1, 8, 9))}
    """
    items = _iterable(rows, (str, bytes, dict))
    if items is None:
        raise refusal(_("rows must be a list of printed rows (totals, draw cell, stand cell), each cell text, "
                        "not {value}"), value=rows)
    table = {}
    for number, row in enumerate(items, start=1):
        if not isinstance(row, (tuple, list)) or len(row) != 3 or not all(isinstance(cell, str) for cell in row):
            raise BaccaratError(_("rows must be a list of printed rows (totals, draw cell, stand cell), each cell "
                                  "text; row {number} is {value}").format(number=number, value=shown(row)))
        totals, draw_cell, stand_cell = row
        found = re.findall(r"\d+", totals)
        if not found or any(len(total) > 1 for total in found):
            raise BaccaratError(_('row {number}\'s totals cell must name Banker totals 0..9 such as "0-1-2", '
                                  'not {value}').format(number=number, value=shown(totals)))
        for total in found:
            table[int(total)] = (tuple(sorted(_published_values(draw_cell, "draw"))),
                                 tuple(sorted(_published_values(stand_cell, "stand"))))
    return dict(sorted(table.items()))


class Contradiction(NamedTuple):
    """One disagreement with the tableau: "both", "missing", "wrong column" or "missing row" (``values``: totals)."""

    banker_total: int
    kind: str
    values: frozenset
    draws: frozenset = frozenset()

    def __str__(self):
        return _contradiction_text(self)


def _values(values, where: str) -> frozenset:
    """Published values (0..9 or ranks) as point values."""
    items = _iterable(values, (str, bytes, dict))
    if items is None:
        raise BaccaratError(_("{where} must be a set of third-card values such as {{2, 3}}, not {value}").format(
            where=where, value=shown(values)))
    result = set()
    for value in items:
        if _value_of(value) is None:
            raise BaccaratError(_("{value} in {where} is not a third-card value: give 0..9 or a rank "
                                  "(A, 2..9, 10, J, Q, K)").format(value=shown(value, 20), where=where))
        result.add(_value_of(value))
    return frozenset(result)


def _row_contradictions(total: int, draw_values: frozenset, stand_values: frozenset) -> list[Contradiction]:
    expected = BANKER_TABLEAU.get(total, frozenset())          # naturals: Banker never draws
    both, missing = draw_values & stand_values, ANY - draw_values - stand_values
    should_stand, should_draw = (draw_values - stand_values) - expected, (stand_values - draw_values) & expected
    return [Contradiction(total, kind, values, values & expected)
            for kind, values in (("both", both), ("missing", missing), ("wrong column", should_stand),
                                 ("wrong column", should_draw)) if values]


def published_table_contradictions(published) -> list[Contradiction]:
    """Where a published table ``{banker_total: (draw_values, stand_values)}`` contradicts BANKER_TABLEAU.

    >>> print(published_table_contradictions({6: ({5, 6, 7}, {0, 1, 2, 3, 4, 8, 9})})[0])
    Banker 6: 5 listed as draw, but Banker stands on them.
    """
    try:
        given = None if isinstance(published, (str, bytes)) else dict(published)
    except (TypeError, ValueError):
        given = None
    if given is None:
        raise refusal(_("published must be a table {{banker_total: (draw_values, stand_values)}}, not {value}"),
                      value=published)
    rows = {}
    for total, row in given.items():
        try:
            total = whole_number("Banker total", total, 0, 9)
        except BaccaratError:
            raise refusal(_("published must be a table {{banker_total: (draw_values, stand_values)}}: Banker "
                            "total {total} is not a total 0..9"), total=total) from None
        if not isinstance(row, (tuple, list)) or len(row) != 2:
            raise BaccaratError(_("row {total} must be a pair (draw_values, stand_values), not {value}").format(
                total=total, value=shown(row)))
        rows[total] = (_values(row[0], _("row {total}'s draw column").format(total=total)),
                       _values(row[1], _("row {total}'s stand column").format(total=total)))
    found = [contradiction for total in sorted(rows) for contradiction in _row_contradictions(total, *rows[total])]
    absent = [total for total in BANKER_TABLEAU if total not in rows]
    if absent:
        found.append(Contradiction(absent[0], "missing row", frozenset(absent)))
    return found


def wrong_rows(published) -> list[int]:
    """The Banker totals whose published rows contradict the tableau or are missing."""
    wrong = set()
    for contradiction in published_table_contradictions(published):
        wrong |= set(contradiction.values) if contradiction.kind == "missing row" else {contradiction.banker_total}
    return sorted(wrong)


def _values_text(values) -> str:
    return " ".join(map(str, sorted(values))) or _("none")


def tableau_text() -> str:
    """One line per Banker total: the third-card values on which Banker draws.

    >>> print(tableau_text().splitlines()[7])
    Banker 7: draws on none
    """
    return "\n".join(_("Banker {total}: draws on {values}").format(total=total, values=_values_text(values))
                     for total, values in BANKER_TABLEAU.items())


def published_table_text(published) -> str:
    """A published table, one line per row.

    >>> print(published_table_text({4: ({2, 3, 4, 5, 6, 7}, {0, 1, 8, 9})}))
    Banker 4: draws on 2 3 4 5 6 7         stands on 0 1 8 9
    """
    if not isinstance(published, dict):
        raise refusal(_("published must be a table {{banker_total: (draw_values, stand_values)}}, not {value}"),
                      value=published)
    published_table_contradictions(published)               # checks its rows
    return "\n".join(_("Banker {total}: draws on {draws:<19} stands on {stands}").format(
        total=total, draws=_values_text(draws), stands=_values_text(stands))
        for total, (draws, stands) in published.items())
