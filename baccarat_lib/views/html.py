"""HTML views of cards, hands, coups and steps, and the course's one caption and table style, sized for a projector.

Public names:

- ``card_html``, ``hand_html``, ``coup_html``, ``steps_html``: a card, a hand, a coup (or its first cards), its steps.
- ``message_html(text, kind)``: a box of kind "error", "right", "wrong" or "info"; ``caption_html``: a caption.
- ``table_html``: a table that scrolls sideways, reached by the keyboard and named by its columns.

>>> from baccarat_lib import Card
>>> "♥" in card_html(Card("7", "♥"))
True
"""

from __future__ import annotations

import re
from html import escape, unescape

from ..errors import BaccaratError, shown, whole_number
from ..game.cards import Card, as_cards, card_name, card_with_value
from ..game.coup import Coup, Outcome
from ..game.explanations import step_text
from ..game.rules import hand_total
from ..i18n import N_, _
from .palette import (BORDER_GREY, CARD_BLACK, CARD_RED, HEADER_FILL, INK, LINE_GREY, MESSAGE_COLOURS,
                      MUTED_GREY, TONES, WHITE)

__all__ = ["card_html", "hand_html", "coup_html", "steps_html", "message_html", "caption_html", "table_html"]

_CARD_STYLE = ("display:inline-block;min-width:2.6em;padding:0.35em 0.3em;margin:0.15em;"
              f"border:2px solid {BORDER_GREY};border-radius:0.35em;background:{WHITE};text-align:center;"
              f"font:bold 1.8em/1.1 'DejaVu Sans',sans-serif;box-shadow:1px 2px 3px {LINE_GREY};")


_quoted = shown     # coup_html's argument ``shown`` hides the name


def card_html(card: Card) -> str:
    """One card face as HTML; a screen reader says it in words ("7 of hearts (worth 7)"), not as its glyphs."""
    colour = CARD_RED if card.is_red else CARD_BLACK
    suit = escape(card.suit or "")
    spoken = escape(card_with_value(card_name(card), card.value), quote=True)      # also its tooltip
    # role="img": the face is one picture, named by aria-label; its glyphs and small value are not read one by one
    return (f'<span class="bcl-card" role="img" aria-label="{spoken}" style="{_CARD_STYLE}color:{colour};" '
            f'title="{spoken}">'
            f'{escape(card.rank)}{suit}<br><span style="font-size:0.5em;color:{MUTED_GREY};">{card.value}</span>'
            '</span>')


def hand_html(name: str, cards, total: int | None = None) -> str:
    """A labelled hand: its card faces (Cards or text, ``as_cards``) and the total if given."""
    faces = "".join(card_html(card) for card in as_cards(cards))
    total_text = "" if total is None else f'<span style="font-size:1.6em;margin-left:0.6em;">= {total}</span>'
    return (f'<div class="bcl-hand" style="margin:0.3em 0;"><span style="display:inline-block;width:5.5em;'
            f'font:bold 1.4em sans-serif;">{escape(name)}</span>{faces}{total_text}</div>')


def coup_html(coup: Coup, shown: int | None = None) -> str:
    """Both hands of a coup; with ``shown``, only its first ``shown`` cards in dealt order are face up."""
    if not isinstance(coup, Coup):
        raise BaccaratError(_("coup must be a Coup played by play_coup(...), not {given}").format(given=_quoted(coup)))
    dealt = coup.dealt
    shown = len(dealt) if shown is None else max(0, min(whole_number("shown", shown), len(dealt)))
    rows = []
    for side, name in (("player", N_("Player")), ("banker", N_("Banker"))):
        faces = [card for who, card in dealt[:shown] if who == side]
        rows.append(hand_html(_(name), faces, hand_total(faces) if len(faces) >= 2 else None))
    banner = ""
    if shown == len(dealt):
        banner = message_html(step_text(coup.steps[-1]), "right" if coup.outcome is not Outcome.TIE else "info")
    return f'<div class="bcl-coup">{"".join(rows)}{banner}</div>'


def steps_html(steps) -> str:
    """The steps of a coup (a list or tuple, such as ``coup.steps``) as a numbered list in a readable size."""
    items = "".join(f"<li>{escape(step_text(step))}</li>" for step in steps)
    return f'<ol class="bcl-steps" style="font-size:1.3em;line-height:1.5;">{items}</ol>'


def message_html(text: str, kind: str = "info") -> str:
    """A coloured message box: ``kind`` is "error", "right", "wrong" or "info"; ``text`` is text (escaped here)."""
    background, colour = MESSAGE_COLOURS[kind]
    return (f'<div class="bcl-message bcl-{kind}" style="background:{background};color:{colour};'
            f'border-left:6px solid {colour};padding:0.5em 0.8em;margin:0.4em 0;font-size:1.3em;">'
            f'{escape(str(text))}</div>')


def caption_html(html: str) -> str:
    """A line of explanation in the views' reading size (``html`` is HTML already: escape text first)."""
    return f'<div class="bcl-caption" style="font-size:1.25em;margin:0.3em 0;">{html}</div>'


_TABLE_STYLE = "border-collapse:collapse;font-size:1.25em;margin:0.5em 0;"
_CELL = f"border:1px solid {LINE_GREY};padding:0.3em 0.6em;vertical-align:top;"
_TAG = re.compile(r"<[^>]*>")      # a tag in a header's HTML, left out of the box's spoken name
_MARKED_ROW = f'<tr class="bcl-marked" style="background:{TONES["green"][0]};color:{INK};font-weight:bold;">'


def table_html(headers, rows, css_class: str, centred: bool = False, marked=()) -> str:
    """A table in the course's one style (cells are HTML); the rows numbered in ``marked`` shaded.

    >>> table_html(["Bet", "Edge"], [["Tie", "14.36%"]], "bcl-demo").count("<td")
    2
    """
    cell = _CELL + ("text-align:center;" if centred else "")
    head = "".join(f'<th style="{cell}background:{HEADER_FILL};color:{INK};">{header}</th>' for header in headers)
    body = "".join((_MARKED_ROW if number in marked else "<tr>")
                   + "".join(f'<td style="{cell}">{value}</td>' for value in row) + "</tr>"
                   for number, row in enumerate(rows))
    # A wide table scrolls inside its own box, which the keyboard reaches (tabindex) to scroll it with the arrows
    columns = ", ".join(filter(None, (" ".join(unescape(_TAG.sub(" ", str(header))).split()) for header in headers)))
    label = escape(_("Table: {columns}").format(columns=columns) if columns else _("A table"), quote=True)
    return (f'<div class="bcl-table-box" tabindex="0" role="region" aria-label="{label}" '
            f'style="max-width:100%;overflow-x:auto;">'
            f'<table class="{css_class}" style="{_TABLE_STYLE}"><tr>{head}</tr>{body}</table></div>')
