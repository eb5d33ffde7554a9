"""Widgets for lessons 06, 07 and 10: settling a bet on any pay table, every bet's odds and house edge, and the
edges once some cards are out; the tables come from ``views.money``.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ...game.formatting import money, read_number
from ...game.payouts import PAY_TABLES, PayTable, bet_label, pay_table, stake_amount, table_label
from ...game.shoe import DECK_RANGE, ShoeRun, check_decks
from ...i18n import _
from ..html import caption_html
from ..money import WORKED_COUP, edge_reading, outcome_table_html, removal_html, settle_reading
from .common import (LiveHTML, action_button, check_option, check_text, chosen, fitted, on_change, projector_view,
                     safe_html)

__all__ = ["SettleWidget", "show_settle_widget", "EdgeExplorer", "show_edge_explorer", "RemovalExplorer",
           "show_removal_explorer"]


def _wide() -> widgets.Layout:
    """A menu or text box with its label, 36em in every language (at 26em a pay table's name was cut)."""
    return widgets.Layout(width="36em", height="2.4em")


def _label_style(**more) -> dict:
    """A label's width: 6em for the English words, the words' own width in another language."""
    return {"description_width": fitted("6em"), **more}


def _decks_menu(decks: int) -> widgets.Dropdown:
    """The Decks menu (a menu, not a slider: a slider's handle has no name a screen reader can say)."""
    return widgets.Dropdown(options=list(DECK_RANGE), value=decks, description=_("Decks"), style=_label_style(),
                            layout=widgets.Layout(width="14em"))     # at 12em classroom mode cut "1"


def _table_name(table) -> str:
    """A pay table's name, checked to be one the Pay table menu offers (a PayTable of ``PAY_TABLES`` is fine)."""
    if isinstance(table, PayTable) and PAY_TABLES.get(table.name) is table:
        return table.name
    return check_option("table", table, list(PAY_TABLES))


def _table_menu(table: str) -> widgets.Dropdown:
    """The Pay table menu: each table's title shown (in the current language), its name the value."""
    options = [(table_label(each), name) for name, each in PAY_TABLES.items()]
    return widgets.Dropdown(options=options, value=table, description=_("Pay table"), layout=_wide(),
                            style=_label_style())


class SettleWidget:
    """Choose a pay table, a bet, a stake and a coup (typed or dealt); see what the bet pays."""

    def __init__(self, table="standard", bet="banker", stake="100", cards=WORKED_COUP, seed=2024, decks=8):
        table = _table_name(table)
        bets = self._bets(table)
        bet = check_option("bet", bet, bets, _("one of the bets the {table} table offers: {bets}").format(
            table=table, bets=", ".join(value for _label, value in bets)))
        amount = stake_amount(stake)             # a BaccaratError naming the stake if it is not an amount
        check_text("cards", cards, f'"{WORKED_COUP}"')
        self.run = ShoeRun(decks=decks, seed=seed)       # checks both
        self.table = _table_menu(table)
        self.bet = widgets.Dropdown(options=bets, value=bet, description=_("Bet"), layout=_wide(),
                                    style=_label_style())
        # the stake as the learner's language writes it ("1,000"; Vietnamese "1.000"), as the box reads it back
        self.stake = widgets.Text(value=money(amount), description=_("Stake"), continuous_update=True,
                                  layout=_wide(), style=_label_style(font_size="1.2em"))
        self.cards = widgets.Text(value=cards, description=_("Cards"),
                                  placeholder=_("e.g. {cards}").format(cards=WORKED_COUP),
                                  continuous_update=True, layout=widgets.Layout(width="32em", height="2.4em"),
                                  style=_label_style(font_size="1.2em"))
        self.deal = action_button(_("Deal a coup"), self.deal_coup, button_style="primary", icon="play")
        self.table_note = widgets.HTML()
        self.result = LiveHTML()           # the bet settled and why, announced by screen readers
        self.reading = None
        self._updating = False
        on_change([self.table], self.table_changed)
        on_change((self.bet, self.stake, self.cards), self.update)
        help_text = widgets.HTML(caption_html(_(
            "Type the cards in dealt order (P, B, P, B, then third cards), or press "
            "<b>Deal a coup</b> to deal the next one from a seeded shoe.")))
        self.view = projector_view([self.table, self.table_note, self.bet, self.stake, help_text,
                                  widgets.HBox([self.cards, self.deal]), self.result], controller=self)
        self.table_changed()

    @staticmethod
    def _bets(table) -> list:
        return [(_(bet_label(bet)), bet) for bet in pay_table(table).bets]   # the name shown, the code kept

    def table_changed(self):
        """Offer only the bets this table has (keeping the chosen bet if it is offered), then update."""
        if self.table.value is None:                      # nothing chosen: said by update, the bets stay
            self.table_note.value = ""
            self.update()
            return
        self._updating = True
        try:
            kept = self.bet.value
            options = self._bets(self.table.value)
            self.bet.options = options
            self.bet.value = kept if kept in dict(options).values() else options[0][1]
        finally:
            self._updating = False
        self.table_note.value = caption_html(escape(_(pay_table(self.table.value).description)))
        self.update()

    def deal_coup(self):
        """Deal the next coup from the seeded shoe (a fresh shoe after the cut card) into the Cards box."""
        coup, _fresh = self.run.deal_coup()
        self.cards.value = " ".join(card.label for card in coup.cards)

    def update(self):
        """Settle the chosen bet on the typed coup and show it, or what is wrong with the input."""
        if self._updating:
            return
        self.reading = None

        def compute():
            stake = read_number(self.stake.value, "money")          # typed in the learner's language
            self.reading = settle_reading(chosen(self.table, _("a pay table")), chosen(self.bet, _("a bet")),
                                          stake, self.cards.value)
            return self.reading.html
        self.result.value = safe_html(compute)


def show_settle_widget(table="standard", bet="banker", stake="100", cards=WORKED_COUP, seed=2024):
    """The settle-a-bet widget, ready to display ("Deal a coup" deals from a shoe shuffled with ``seed``)."""
    return SettleWidget(table, bet, stake, cards, seed).view


class EdgeExplorer:
    """Choose the number of decks (1 to 8) and a pay table; see every bet's results, chances and house edge."""

    def __init__(self, decks: int = 8, table="standard"):
        decks, table = check_decks(decks), _table_name(table)
        self.decks = _decks_menu(decks)
        self.table = _table_menu(table)
        self.outcomes = widgets.HTML()
        self.result = widgets.HTML()
        on_change((self.decks, self.table), self.update)
        self.view = projector_view([widgets.HBox([self.decks, self.table]), self.outcomes, self.result],
                                   controller=self)
        self.update()

    def update(self):
        """Compute the outcome chances and every bet's edge for the chosen shoe and table."""
        self.outcomes.value = safe_html(lambda: outcome_table_html((self.decks.value,)))
        self.result.value = safe_html(lambda: edge_reading(self.decks.value, chosen(self.table, _("a pay table"))))


def show_edge_explorer(decks: int = 8, table="standard"):
    """The house-edge explorer, ready to display."""
    return EdgeExplorer(decks, table).view


# ---------------------------------------------------------------- lesson 10: take cards out of the shoe

class RemovalExplorer:
    """Type cards to take out of a shoe of 1–8 decks; see every bet's exact edge before and after."""

    def __init__(self, removed: str = "5 5 5 5", decks: int = 1):
        check_text("removed", removed, '"5 5 5 5"')
        decks = check_decks(decks)
        self.removed = widgets.Text(value=removed, description=_("Cards out"), continuous_update=True,
                                    placeholder=_("e.g. 5 5 6 6 or 8 9 K"),
                                    layout=widgets.Layout(width="32em", height="2.4em"),
                                    style=_label_style())
        self.decks = _decks_menu(decks)
        self.result = widgets.HTML()
        on_change((self.removed, self.decks), self.update)
        self.view = projector_view([widgets.HBox([self.decks, self.removed]), self.result], controller=self)
        self.update()

    def update(self):
        """Recompute every edge exactly for the shoe without the typed cards."""
        self.result.value = safe_html(lambda: removal_html(self.removed.value, chosen(self.decks, _("1 to 8 decks"))))


def show_removal_explorer(removed: str = "5 5 5 5", decks: int = 1):
    """The card-removal explorer, ready to display."""
    return RemovalExplorer(removed, decks).view
