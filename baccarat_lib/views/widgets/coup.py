"""Widgets for lessons 04–05: the tableau explorer, the card-by-card shoe dealer and the coup builder.

Each is a thin view over one private pure function that reads only the rules.

>>> [step.rule for step in _steps_known(play_coup("2 3 3 A 7 4"), 5)]
['natural', 'player-rule', 'player-draw', 'banker-rule']
>>> _tableau_reading(3, 8).decision.reason
"Player's third card is an 8: with 3, Banker draws on any card but 8, so Banker stands."
"""

from __future__ import annotations

from typing import NamedTuple

import ipywidgets as widgets

from ...game.cards import as_cards
from ...game.coup import Coup, play_coup
from ...game.formatting import number
from ...game.rules import BANKER_TABLEAU, THIRD_CARD_VALUES, Decision, banker_decision
from ...game.shoe import ShoeRun
from ...i18n import N_, _, ngettext
from ..html import caption_html, coup_html, message_html, steps_html
from ..tableau import tableau_grid_html
from .common import (LiveHTML, action_button, check_option, check_text, chosen, fitted, focus, on_change,
                     projector_view, safe_html)

__all__ = ["TableauExplorer", "show_tableau_explorer", "ShoeDealer", "show_shoe_dealer", "CoupBuilder",
           "show_coup_builder"]

_STOOD = "stood"
_MAX_UNUSED_SHOWN = 12     # unused cards named after a built coup; more are counted, not listed
_THIRD_CARD_OPTIONS = ([(N_("Player stood"), _STOOD), ("0 · 10 J Q K", 0), ("1 · A", 1)]
                       + [(str(value), value) for value in THIRD_CARD_VALUES if value >= 2])


def _third_card_options() -> list:
    """The third-card buttons, labelled in the current language (the values stay: ``_STOOD``, 0..9)."""
    return [(_(label) if value == _STOOD else label, value) for label, value in _THIRD_CARD_OPTIONS]


# ---------------------------------------------------------------- pure functions

class TableauReading(NamedTuple):
    """Banker's decision for one cell of the tableau, and the HTML that shows it."""

    decision: Decision
    html: str


def _tableau_reading(banker_total: int, third_card) -> TableauReading:
    """Banker's decision (``third_card``: a value 0..9, or "stood"), shown on the grid."""
    third_value = None if third_card == _STOOD else third_card
    decision = banker_decision(banker_total, third_value)
    verdict = _("Banker draws a third card.") if decision.draws else _("Banker stands.")
    html = (message_html(verdict, "right" if decision.draws else "info")
            + caption_html(_("Banker has {total}. {reason}").format(total=banker_total, reason=decision.reason))
            + tableau_grid_html(banker_total, third_value))
    return TableauReading(decision, html)


def _steps_known(coup: Coup, shown: int) -> list:
    """The steps that can be told once the first ``shown`` cards (in dealt order) are face up.

    >>> [step.rule for step in _steps_known(play_coup("K 5 9 3"), 4)]
    ['natural', 'compare']
    """
    return [step for step in coup.steps if len(step.player) + len(step.banker) <= shown]


def _dealt_so_far_html(coup: Coup, shown: int) -> str:
    """The coup with its first ``shown`` cards face up, and the steps known so far."""
    steps = _steps_known(coup, shown)
    to_come = ("" if shown == len(coup.cards) else
               caption_html(_("Cards face up so far: {shown}. Press <b>Next card</b>.").format(shown=shown)))
    return coup_html(coup, shown=shown) + to_come + (steps_html(steps) if steps else "")


def _built_coup_html(text: str) -> str:
    """A typed coup explained: faces, steps and winner; cards after the ones the coup uses are named as unused."""
    cards = as_cards(text)
    coup = play_coup(cards)
    unused = cards[len(coup.cards):]
    note = ""
    if unused:
        labels = " ".join(card.label for card in unused[:_MAX_UNUSED_SHOWN])
        if len(unused) > _MAX_UNUSED_SHOWN:
            labels = _("{cards} and {more} more").format(cards=labels, more=len(unused) - _MAX_UNUSED_SHOWN)
        note = message_html(ngettext("The coup uses {used} cards; {cards} stays in the shoe for the next coup.",
                                     "The coup uses {used} cards; {cards} stay in the shoe for the next coup.",
                                     len(unused)).format(used=len(coup.cards), cards=labels), "info")
    return coup_html(coup) + steps_html(coup.steps) + note


# ---------------------------------------------------------------- widgets

class TableauExplorer:
    """Pick Banker's total (0 to 7) and Player's third card (0 to 9, or "stood"); see the decision and the grid."""

    def __init__(self, banker_total: int = 4, third_card=7):
        banker_total = check_option("banker_total", banker_total, list(BANKER_TABLEAU),
                                    _("a whole number from 0 to 7 (8 and 9 are naturals: the tableau is not read)"))
        third_card = check_option("third_card", _STOOD if third_card is None else third_card,
                                  _THIRD_CARD_OPTIONS, _('a value from 0 to 9, or "stood" when Player stood'))
        self.banker_total = widgets.ToggleButtons(
            options=list(BANKER_TABLEAU), value=banker_total, description=_("Banker total"),
            style={"button_width": "3.2em", "font_weight": "bold", "description_width": fitted("8em")})
        self.third_card = widgets.ToggleButtons(
            options=_third_card_options(), value=third_card, description=_("Player's 3rd card"),
            style={"button_width": "auto", "font_weight": "bold", "description_width": fitted("8em")})
        self.result = LiveHTML()           # the decision and why, announced by screen readers
        self.reading = None
        on_change((self.banker_total, self.third_card), self.update)
        self.view = projector_view([self.banker_total, self.third_card, self.result], controller=self)
        self.update()

    def update(self):
        """Read the controls, look the cell up with the rules, show the decision and the grid."""
        if self.third_card.value is None:               # no button pressed means Player stood: press it
            self.third_card.value = _STOOD
            return

        def compute():
            self.reading = None
            self.reading = _tableau_reading(chosen(self.banker_total, _("Banker's total")), self.third_card.value)
            return self.reading.html
        self.result.value = safe_html(compute)


def show_tableau_explorer(banker_total: int = 4, third_card=7):
    """The tableau explorer, ready to display; ``third_card`` is a value 0..9 or "stood"."""
    return TableauExplorer(banker_total, third_card).view


class ShoeDealer:
    """Coups dealt from a shoe of ``decks`` decks shuffled with ``seed``, shown one card at a time."""

    def __init__(self, seed=2024, decks: int = 8):
        self.run = ShoeRun(decks=decks, seed=seed)        # checks both
        self.coup = None
        self.coup_number = 0
        self.shown = 0
        self.note = ""
        self.next_card = action_button(_("Next card"), self._next_card_pressed, button_style="primary", icon="play")
        self.new_coup = action_button(_("New coup"), self._new_coup_pressed, icon="refresh")
        self.status = widgets.HTML()
        self.table = LiveHTML()            # each card turned and the steps it tells, announced
        self.view = projector_view([widgets.HBox([self.next_card, self.new_coup]), self.status, self.table],
                                   controller=self)
        self.deal_new_coup()

    def _next_card_pressed(self):
        self.deal_next_card()
        if self.finished:                   # Next card is disabled now: the keyboard moves on to New coup
            focus(self.new_coup)

    def _new_coup_pressed(self):
        self.deal_new_coup()
        focus(self.next_card)               # the new coup's first card is one Enter away

    def deal_new_coup(self):
        """Take the next coup from the shoe, all its cards still face down."""
        def compute():
            self.coup, fresh = self.run.deal_coup()
            self.coup_number += 1
            self.shown = 0
            self.note = " " + _("The cut card came out, so a fresh shoe was shuffled.") if fresh else ""
            return self.status_html()
        self.note = ""
        self.status.value = safe_html(compute)
        self.update()

    @property
    def cards_in_shoe(self) -> int:
        """The cards still in the shoe as the learner sees it: the coup's face-down cards are not dealt yet."""
        face_down = 0 if self.coup is None else len(self.coup.cards) - self.shown
        return len(self.run.shoe) + face_down

    def status_html(self) -> str:
        """Which shoe and coup, and how many cards are still in the shoe."""
        left = self.cards_in_shoe
        line = ngettext("Shoe {shoe}, coup {coup}: {left} card still in the shoe.",
                        "Shoe {shoe}, coup {coup}: {left} cards still in the shoe.", left)
        return caption_html(line.format(shoe=self.run.number, coup=self.coup_number, left=number(left)) + self.note)

    def deal_next_card(self):
        """Turn the next card of the coup face up."""
        if self.coup is not None and self.shown < len(self.coup.cards):
            self.shown += 1
        self.update()

    @property
    def finished(self) -> bool:
        """True once every card of the coup is face up."""
        return self.coup is not None and self.shown == len(self.coup.cards)

    def update(self):
        """Show the coup with the cards turned so far, the steps they tell, and the cards left in the shoe."""
        self.next_card.disabled = self.coup is None or self.finished
        if self.coup is not None:
            self.status.value = safe_html(self.status_html)
            self.table.value = safe_html(lambda: _dealt_so_far_html(self.coup, self.shown))


def show_shoe_dealer(seed=2024, decks: int = 8):
    """The card-by-card dealer on a shoe of ``decks`` decks shuffled with ``seed``, ready to display."""
    return ShoeDealer(seed, decks).view


class CoupBuilder:
    """Type the cards of a coup in dealt order; see it played and explained, or what is wrong with the input."""

    def __init__(self, cards: str = "2♣ 3♥ 3♠ A♦ 7♦ 4♠"):
        check_text("cards", cards, '"2♣ 3♥ 3♠ A♦ 7♦ 4♠"')
        self.cards = widgets.Text(value=cards, description=_("Cards"), placeholder=_("e.g. {cards}").format(
                                      cards="2♣ 3♥ 3♠ A♦ 7♦ 4♠"),
                                  continuous_update=True,
                                  layout=widgets.Layout(width="32em", height="2.4em"),
                                  style={"description_width": fitted("4em"), "font_size": "1.3em"})
        self.help = widgets.HTML(caption_html(_("Cards in dealt order: Player, Banker, Player, Banker, "
                                                "then Player's third card, then Banker's. Suits are optional "
                                                "(2♣ or 2c or 2).")))
        self.result = LiveHTML()           # the coup explained, announced by screen readers
        on_change([self.cards], self.update)
        self.view = projector_view([self.help, self.cards, self.result], controller=self)
        self.update()

    def update(self):
        """Play the typed cards and show the coup, or the reason they are not a coup yet."""
        self.result.value = safe_html(lambda: _built_coup_html(self.cards.value))


def show_coup_builder(cards: str = "2♣ 3♥ 3♠ A♦ 7♦ 4♠"):
    """The build-your-own-coup widget, ready to display."""
    return CoupBuilder(cards).view

