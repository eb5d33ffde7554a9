"""HTML views of cards, hands, coups and steps, large enough to read on a projector.

Public names:

- ``card_html(card)``: one card face (red hearts and diamonds, black spades and clubs).
- ``hand_html(name, cards, total=None)``: a labelled row of card faces with the total.
- ``coup_html(coup, shown=None)``: both hands of a coup, optionally only its first ``shown`` cards.
- ``steps_html(steps)``: the steps of a coup as a numbered list.
- ``message_html(text, kind)``: a coloured box; ``kind`` is "error", "right", "wrong" or "info".
- ``percent(fraction, places=4)``, ``rounded(fraction, places=2)``: exact Fractions rounded only for display.
- ``money(amount)``: a Decimal amount as on a receipt, with thousands separators: ``22,800``.

>>> from baccarat_lib import Card
>>> "♥" in card_html(Card("7", "♥"))
True
"""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal, localcontext
from fractions import Fraction
from html import escape

from .cards import Card
from .coup import Coup, Outcome
from .rules import hand_total

__all__ = ["card_html", "hand_html", "coup_html", "steps_html", "message_html", "percent", "rounded", "money",
           "CARD_STYLE"]

_RED = {"♥", "♦"}
CARD_STYLE = ("display:inline-block;min-width:2.6em;padding:0.35em 0.3em;margin:0.15em;"
              "border:2px solid #444;border-radius:0.35em;background:#fff;text-align:center;"
              "font:bold 1.8em/1.1 'DejaVu Sans',sans-serif;box-shadow:1px 2px 3px #999;")
_COLOURS = {"error": ("#fdecea", "#b3261e"), "wrong": ("#fdecea", "#b3261e"),
            "right": ("#e7f5ea", "#1e7b34"), "info": ("#e8f0fe", "#1a4f9c")}


def card_html(card: Card, hidden: bool = False) -> str:
    """One card face as HTML; ``hidden`` shows its back (a card still to come)."""
    if hidden:
        return f'<span class="bcl-card" style="{CARD_STYLE}background:#2b5797;color:#2b5797;">?</span>'
    colour = "#c0392b" if card.suit in _RED else "#111"
    suit = escape(card.suit or "")
    return (f'<span class="bcl-card" style="{CARD_STYLE}color:{colour};" title="worth {card.value}">'
            f'{escape(card.rank)}{suit}<br><span style="font-size:0.5em;color:#555;">{card.value}</span></span>')


def hand_html(name: str, cards, total: int | None = None, hidden: int = 0) -> str:
    """A labelled hand: its card faces, ``hidden`` card backs after them, and the total if given."""
    faces = "".join(card_html(card) for card in cards) + "".join(card_html(None, True) for _ in range(hidden))
    total_text = "" if total is None else f'<span style="font-size:1.6em;margin-left:0.6em;">= {total}</span>'
    return (f'<div class="bcl-hand" style="margin:0.3em 0;"><span style="display:inline-block;width:5.5em;'
            f'font:bold 1.4em sans-serif;">{escape(name)}</span>{faces}{total_text}</div>')


def coup_html(coup: Coup, shown: int | None = None) -> str:
    """Both hands of a coup; with ``shown``, only the first ``shown`` cards in dealt order are face up."""
    dealt = list(coup.cards)
    shown = len(dealt) if shown is None else max(0, min(shown, len(dealt)))
    visible = set(range(shown))
    player_positions = [0, 2] + ([4] if coup.player.drew else [])
    banker_positions = [1, 3] + ([4 + coup.player.drew] if coup.banker.drew else [])
    rows = []
    for name, positions in (("Player", player_positions), ("Banker", banker_positions)):
        faces = [dealt[i] for i in positions if i in visible]
        rows.append(hand_html(name, faces, hand_total(faces) if len(faces) >= 2 else None))
    banner = ""
    if shown == len(dealt):
        banner = message_html(coup.steps[-1], "right" if coup.outcome is not Outcome.TIE else "info")
    return f'<div class="bcl-coup">{"".join(rows)}{banner}</div>'


def steps_html(steps) -> str:
    """The steps of a coup as a numbered list in a readable size."""
    items = "".join(f"<li>{escape(str(step))}</li>" for step in steps)
    return f'<ol class="bcl-steps" style="font-size:1.3em;line-height:1.5;">{items}</ol>'


def message_html(text: str, kind: str = "info") -> str:
    """A coloured message box: "error", "right", "wrong" or "info"."""
    background, colour = _COLOURS.get(kind, _COLOURS["info"])
    return (f'<div class="bcl-message bcl-{kind}" style="background:{background};color:{colour};'
            f'border-left:6px solid {colour};padding:0.5em 0.8em;margin:0.4em 0;font-size:1.3em;">'
            f'{escape(str(text))}</div>')


def percent(fraction, places: int = 4) -> str:
    """An exact fraction as a percentage with ``places`` decimals, rounded half-even only here.

    >>> percent(Fraction(2, 3), 1), percent(0)
    ('66.7%', '0.0000%')
    """
    return f"{rounded(Fraction(fraction) * 100, places)}%"


def rounded(fraction, places: int = 2) -> Decimal:
    """An exact fraction rounded half-even to ``places`` decimals, for display only.

    >>> rounded(Fraction(1, 3)), rounded(Fraction(-5, 8), 2)
    (Decimal('0.33'), Decimal('-0.62'))
    """
    fraction = Fraction(fraction)
    with localcontext() as context:
        context.prec = 60
        value = Decimal(fraction.numerator) / Decimal(fraction.denominator)
        return value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_EVEN)


def money(amount) -> str:
    """An amount as written on a receipt: thousands separators, no trailing zeros after the point.

    >>> money(Decimal("22800")), money(Decimal("9.50")), money(Decimal("-100"))
    ('22,800', '9.5', '-100')
    """
    amount = Decimal(amount)
    amount = amount.quantize(Decimal(1)) if amount == amount.to_integral_value() else amount.normalize()
    return f"{amount:,}"
