"""The Banker tableau drawn, from ``game.tableau`` (and through it the one literal ``rules.BANKER_TABLEAU``).

Public names:

- ``tableau_markdown()``, ``tableau_grid_html()``: the printed table, and the draw/stand grid with a cell outlined.
- ``published_markdown(rows, headings)``: a table printed elsewhere, cell for cell.

>>> print(tableau_markdown().splitlines()[1:3])
['|---|---|---|', '| 0, 1, 2 | any (0–9) | — |']
"""

from __future__ import annotations

from html import escape

from ..errors import BaccaratError, shown, whole_number
from ..game.rules import ANY, BANKER_TABLEAU, THIRD_CARD_VALUES, banker_decision
from ..game.tableau import SOURCE_002_HEADINGS, draw_grid, tableau_rows
from ..i18n import N_, _
from .palette import BLACK, DRAW_COLOUR, STAND_COLOUR, INK, WHITE

__all__ = ["tableau_markdown", "tableau_grid_html", "published_markdown"]

_TABLEAU_HEADINGS = (N_("Banker two-card total"), N_("Banker draws when Player's third card is"),
                     N_("Banker stands when it is"))   # the printed table's headings: translated where shown


def _draw_text(values) -> str:
    missing = sorted(ANY - values)
    if not missing:
        return _("any (0–9)")
    if not values:
        return _("never")
    if len(missing) == 1:
        return _("any except {value}").format(value=missing[0])
    return ", ".join(str(value) for value in sorted(values))


def _stand_text(values) -> str:
    if values == ANY:
        return _("always")
    return ", ".join(str(value) for value in sorted(values)) or "—"


def _row_texts():
    for totals, draw_values, stand_values in tableau_rows():
        yield ", ".join(map(str, totals)), _draw_text(draw_values), _stand_text(stand_values)


def tableau_markdown() -> str:
    """The tableau as a Markdown table shaped like the printed one.

    >>> print(tableau_markdown().splitlines()[-1])
    | 7 | never | always |
    """
    lines = ["| " + " | ".join(_(text) for text in _TABLEAU_HEADINGS) + " |", "|---|---|---|"]
    lines += [f"| {totals} | {draws} | {stands} |" for totals, draws, stands in _row_texts()]
    return "\n".join(lines)


_VALUE_HEADERS = {0: "0<br><small>10 J Q K</small>", 1: "1<br><small>A</small>"}


def tableau_grid_html(banker_total: int | None = None, third_card=None) -> str:
    """The draw/stand grid as HTML, the cell of ``banker_total`` and ``third_card`` outlined."""
    banker_total = None if banker_total is None else whole_number("banker_total", banker_total, 0, 9)
    third_card = None if third_card is None else whole_number("third_card", third_card, 0, 9)

    def cell(text, colour, highlight, total, column):
        border = f"4px solid {BLACK}" if highlight else f"1px solid {WHITE}"
        if column == "stood" and not highlight:
            border += f";border-left:10px solid {WHITE}"
        extra = ' class="bcl-highlight"' if highlight else ""
        current = ' aria-current="true"' if highlight else ""      # the outline, said to a screen reader
        return (f'<td{extra} data-total="{total}" data-value="{column}"{current} style="background:{colour};'
                f'border:{border};width:2.6em;height:2.1em;text-align:center;font-weight:bold;color:{INK};">'
                f'{text}</td>')

    header = "".join(f'<th scope="col" style="padding:0 0.3em;">{_VALUE_HEADERS.get(value, value)}</th>'
                     for value in THIRD_CARD_VALUES)
    rows = []
    # Translators: the letters in the tableau's cells: D for draws, S for stands (one letter each).
    draw_letter, stand_letter = _("D"), _("S")
    third_heading = escape(_("Player's third card (value)"), quote=False)
    total_heading, stood_heading = _("Banker<br>total"), _("Player<br>stood")
    draws_key, stands_key = escape(_("Banker draws"), quote=False), escape(_("Banker stands"), quote=False)
    for total, row in zip(BANKER_TABLEAU, draw_grid()):
        cells = [cell(draw_letter if draws else stand_letter, DRAW_COLOUR if draws else STAND_COLOUR,
                      banker_total == total and third_card == value, total, value)
                 for value, draws in zip(THIRD_CARD_VALUES, row)]
        stood_draws = banker_decision(total, None).draws
        cells.append(cell(draw_letter if stood_draws else stand_letter, DRAW_COLOUR if stood_draws else STAND_COLOUR,
                          banker_total == total and third_card is None, total, "stood"))
        weight = "font-weight:bold;" if total == banker_total else ""
        rows.append(f'<tr><th scope="row" style="padding:0 0.5em;{weight}">{total}</th>{"".join(cells)}</tr>')
    return (f'<table class="bcl-grid" style="border-collapse:collapse;font-size:1.3em;">'
            f'<tr><th rowspan="2">{total_heading}</th><th colspan="10">{third_heading}</th>'
            f'<th rowspan="2" style="padding:0 0.4em;">{stood_heading}</th></tr>'
            f'<tr>{header}</tr>{"".join(rows)}</table>'
            f'<div style="font-size:1.25em;margin-top:0.3em;"><span style="background:{DRAW_COLOUR};color:{INK};'
            f'padding:0 0.5em;">{draw_letter}</span> {draws_key} &nbsp; <span style="background:{STAND_COLOUR};'
            f'color:{INK};padding:0 0.5em;">{stand_letter}</span> {stands_key}</div>')


def _rows(rows) -> list:
    if not isinstance(rows, (list, tuple)):
        raise BaccaratError(_("rows must be a list of printed rows (totals, draw, stand), not {given}").format(
            given=shown(rows)))
    return list(rows)


def published_markdown(rows, headings=SOURCE_002_HEADINGS) -> str:
    """Printed rows ``(totals, draw cell, stand cell)`` as a Markdown table, cell for cell."""
    for name, row in [("headings", headings)] + [(_("each row"), row) for row in _rows(rows)]:
        if (not isinstance(row, (list, tuple)) or len(row) != 3
                or not all(cell is None or isinstance(cell, str) for cell in row)):
            raise BaccaratError(_("{name} must be three cells of text (totals, draw, stand), not {given}").format(
                name=name, given=shown(row)))
    lines = ["| " + " | ".join(_(heading) for heading in headings) + " |", "|---|---|---|"]
    lines += ["| " + " | ".join(_(cell) if cell else " " for cell in row) + " |" for row in rows]
    return "\n".join(lines)
