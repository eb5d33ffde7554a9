"""Widgets for lessons 01–03: the total calculator, the natural checker and the Player rule explorer.

Each is a thin view over one pure function that reads only the rules.

>>> natural_reading("K 5 9 3").sentences[-1]
'Player wins 9–8.'
>>> player_rule_reading("9 7").sentence
'Player has 6 (9+7 = 16): 6–7 stands. Player stays on two cards.'
"""

from __future__ import annotations

import random
from typing import NamedTuple

import ipywidgets as widgets

from ...errors import BaccaratError, check_seed, shown
from ...game.cards import RANKS, as_cards
from ...game.coup import Hand, play_coup
from ...game.explanations import step_text
from ...game.rules import Decision, NATURALS, hand_total, is_natural, player_decision, total_working
from ...i18n import N_, _
from ..html import caption_html, hand_html, message_html
from ..palette import INK, LIGHT_GREY, TONES
from .common import LiveHTML, action_button, check_text, chosen, on_change, projector_view, safe_html

__all__ = ["NaturalReading", "natural_reading", "PlayerRuleReading",
           "player_rule_reading", "TotalCalculator", "show_total_calculator", "NaturalChecker",
           "show_natural_checker", "PlayerRuleExplorer", "show_player_rule"]


def _ranks(name: str, cards, count: int, example: str) -> list[str]:
    """The ranks of exactly ``count`` cards given as text or a list (a widget's starting cards), checked."""
    try:
        ranks = [card.rank for card in as_cards(cards)]
    except BaccaratError:
        raise BaccaratError(_("{name} must be {count} cards such as \"{example}\", not {value}").format(
            name=name, count=count, example=example, value=shown(cards))) from None
    if len(ranks) != count:
        raise BaccaratError(_("{name} must be {count} cards such as \"{example}\", not {given} cards: {value}").format(
            name=name, count=count, example=example, given=len(ranks), value=shown(cards)))
    return ranks


# ---------------------------------------------------------------- pure functions

class NaturalReading(NamedTuple):
    """The first four cards read: both hands, whether there is a natural, and the sentences that explain it."""

    player: Hand
    banker: Hand
    natural: bool
    sentences: tuple[str, ...]


def natural_reading(cards) -> NaturalReading:
    """Read the first four cards dealt P, B, P, B: who has a natural, and what happens next.

    >>> natural_reading("2 3 3 A").natural
    False
    """
    cards = as_cards(cards)
    if len(cards) != 4:
        raise BaccaratError(_("give the first four cards in dealt order P, B, P, B; {given} given")
                            .format(given=len(cards)))
    player, banker = Hand((cards[0], cards[2])), Hand((cards[1], cards[3]))
    sentences = []
    for side, hand in ((_("Player"), player), (_("Banker"), banker)):
        sentence = (_("{side} has {total} ({working}): a natural {total}!") if is_natural(hand.cards) else
                    _("{side} has {total} ({working})."))
        sentences.append(sentence.format(side=side, total=hand.total, working=hand.arithmetic()))
    natural = is_natural(player.cards) or is_natural(banker.cards)
    if natural:
        sentences.append(_("A natural is on the table: both hands stand, nobody draws a third card."))
        sentences.append(step_text(play_coup(cards).steps[-1]))
    else:
        sentences.append(_("No natural: nothing is settled yet. The third-card rules come next, "
                           "Player's rule first."))
    return NaturalReading(player, banker, natural, tuple(sentences))


class PlayerRuleReading(NamedTuple):
    """Player's two cards, their total, the rule's decision and the sentence that says it."""

    hand: Hand
    decision: Decision
    sentence: str


def player_rule_reading(cards) -> PlayerRuleReading:
    """What Player's rule does with these two cards (Banker has no natural).

    >>> player_rule_reading("2 3").sentence
    'Player has 5 (2+3): 0–5 draws. Player takes a third card.'
    """
    cards = as_cards(cards)
    if len(cards) != 2:
        raise BaccaratError(_("Player's rule looks at Player's first two cards; {given} given")
                            .format(given=len(cards)))
    hand = Hand(tuple(cards))
    decision = player_decision(hand.total)
    if hand.total in NATURALS:
        action = _("Both hands stand and are compared at once.")
    else:
        action = _("Player takes a third card.") if decision.draws else _("Player stays on two cards.")
    return PlayerRuleReading(hand, decision, _("Player has {total} ({working}): {reason} {action}").format(
        total=hand.total, working=hand.arithmetic(), reason=decision.reason, action=action))


# ---------------------------------------------------------------- widgets

def _rank_dropdown(description: str, value: str) -> widgets.Dropdown:
    return widgets.Dropdown(options=list(RANKS), value=value, description=description,
                            style={"description_width": "initial"},
                            layout=widgets.Layout(width="auto", margin="0 1.2em 0 0"))


class TotalCalculator:
    """Lesson 01: type two or three cards (or click rank buttons) and see the faces, total and arithmetic."""

    def __init__(self, cards: str = "7 8"):
        check_text("cards", cards, '"7 8"')
        self.text = widgets.Text(value=cards, description=_("Cards:"), continuous_update=True,
                                 placeholder=_("e.g. 7 8 or 6♠ 7♥ 8♦"),
                                 layout=widgets.Layout(width="22em"),
                                 style={"description_width": "initial"})
        self.rank_buttons = [widgets.Button(description=rank, tooltip=_("add {rank}").format(rank=rank),
                                            style={"font_size": "1.2em", "font_weight": "bold"},
                                            layout=widgets.Layout(width="3.4em", height="2.6em"))
                             for rank in RANKS]
        for button in self.rank_buttons:
            button.on_click(self._add_rank)
        self.clear = action_button(_("Clear"), lambda: setattr(self.text, "value", ""), button_style="warning")
        self.output = LiveHTML()          # the explanation, announced by screen readers
        self.cards, self.total = [], None
        on_change([self.text], self.update)
        self.view = projector_view([widgets.HTML(caption_html(_("Type cards, or click to add one:"))),
                                  self.text, widgets.HBox(self.rank_buttons + [self.clear],
                                                          layout=widgets.Layout(flex_flow="row wrap")),
                                  self.output], controller=self)
        self.update()

    def _add_rank(self, button):
        self.text.value = f"{self.text.value.strip()} {button.description}".strip()

    def _render(self) -> str:
        self.cards, self.total = [], None
        if not self.text.value.strip():
            return message_html(_("Type two or three cards, or click the rank buttons."), "info")
        typed = as_cards(self.text.value)
        if len(typed) < 2:
            return hand_html(_("Hand"), typed) + message_html(_("A hand starts with two cards: add one more."),
                                                              "info")
        if len(typed) > 3:
            raise BaccaratError(_("a hand holds two or three cards, never {given}: Player and Banker each take at most "
                                  "one third card").format(given=len(typed)))
        cards, total = typed, hand_total(typed)
        self.cards, self.total = cards, total
        return hand_html(_("Hand"), cards, total) + message_html(total_working(cards), "info")

    def update(self):
        """Read the text box and show the hand, its total and the arithmetic (or what is wrong)."""
        self.output.value = safe_html(self._render)


def show_total_calculator(cards: str = "7 8"):
    """Lesson 01's widget: the total of the cards you pick, with its arithmetic."""
    return TotalCalculator(cards).view


class NaturalChecker:
    """Lesson 02: the first four cards (P, B, P, B) chosen or dealt; a natural or not, and what follows."""

    ORDER = (N_("1st → Player"), N_("2nd → Banker"), N_("3rd → Player"), N_("4th → Banker"))

    def __init__(self, cards="K 5 9 3", seed=None):
        ranks = _ranks("cards", cards, 4, "K 5 9 3")
        self.rng = random.Random(check_seed(seed))
        self._updating = False
        self.choices = [_rank_dropdown(_(label), rank) for label, rank in zip(self.ORDER, ranks)]
        self.deal = action_button(_("Deal 4 new cards"), self.deal_new_cards, button_style="primary",
                                  layout=widgets.Layout(width="auto", min_width="16em", height="2.6em"))
        self.output = LiveHTML()          # the explanation, announced by screen readers
        self.reading = None
        on_change(self.choices, self.update)
        self.view = projector_view([widgets.HTML(caption_html(_("The first four cards, in dealt order:"))),
                                  widgets.HBox(self.choices, layout=widgets.Layout(flex_flow="row wrap")),
                                  self.deal, self.output], controller=self)
        self.update()

    def deal_new_cards(self):
        """Four ranks at random, each equally likely (as from an endless shoe); the seed makes it repeatable."""
        ranks = [self.rng.choice(RANKS) for _choice in self.choices]
        self._updating = True
        try:
            for choice, rank in zip(self.choices, ranks):
                choice.value = rank
        finally:
            self._updating = False
        self.update()

    def _render(self) -> str:
        self.reading = None
        self.reading = reading = natural_reading([chosen(choice, _("a rank")) for choice in self.choices])
        hands = (hand_html(_("Player"), reading.player.cards, reading.player.total) +
                 hand_html(_("Banker"), reading.banker.cards, reading.banker.total))
        return (hands + message_html(" ".join(reading.sentences[:2]), "info") +
                message_html(" ".join(reading.sentences[2:]), "right" if reading.natural else "info"))

    def update(self):
        """Read the four choices and show both hands, natural or not, and what happens next."""
        if self._updating:
            return
        self.output.value = safe_html(self._render)


def show_natural_checker(cards="K 5 9 3", seed=None):
    """Lesson 02's widget: is there a natural in the first four cards, and what happens then?"""
    return NaturalChecker(cards, seed).view


def _rule_strip_html(total: int) -> str:
    """Player totals 0..9 in a row, each marked draw / stand / natural, with ``total`` outlined."""
    cells = []
    for each in range(10):
        decision = player_decision(each)
        word, colour = ((_("natural"), TONES["amber"][1]) if each in NATURALS else
                        (_("draw"), TONES["blue"][1]) if decision.draws else (_("stand"), TONES["green"][1]))
        outline = f"outline:4px solid {INK};" if each == total else ""
        current = ' aria-current="true"' if each == total else ""     # the outline, said to a screen reader
        cells.append(f'<td class="bcl-total-{each}" style="padding:0.25em 0.5em;text-align:center;'
                     f'border:1px solid {LIGHT_GREY};color:{colour};{outline}"{current}>'
                     f'<b style="font-size:1.4em;">{each}</b><br>{word}</td>')
    return (f'<table class="bcl-player-rule" style="border-collapse:collapse;font-size:1.1em;margin:0.4em 0;">'
            f'<tr>{"".join(cells)}</tr></table>')


class PlayerRuleExplorer:
    """Lesson 03: choose Player's two cards; see the total, draw or stand, and the rule that says so."""

    def __init__(self, cards="2 3"):
        ranks = _ranks("cards", cards, 2, "2 3")
        self.first = _rank_dropdown(_("Player's 1st card"), ranks[0])
        self.second = _rank_dropdown(_("Player's 2nd card"), ranks[1])
        self.output = LiveHTML()          # the explanation, announced by screen readers
        self.reading = None
        on_change((self.first, self.second), self.update)
        self.view = projector_view([widgets.HTML(caption_html(_("Banker has no natural. Choose Player's cards:"))),
                                  widgets.HBox([self.first, self.second]), self.output], controller=self)
        self.update()

    def _render(self) -> str:
        self.reading = None
        cards = [chosen(self.first, _("a rank")), chosen(self.second, _("a rank"))]
        self.reading = reading = player_rule_reading(cards)
        return (hand_html(_("Player"), reading.hand.cards, reading.hand.total) +
                message_html(reading.sentence, "info") + _rule_strip_html(reading.hand.total))

    def update(self):
        """Read the two cards and show the decision of Player's rule."""
        self.output.value = safe_html(self._render)


def show_player_rule(cards="2 3"):
    """Lesson 03's widget: Player's two cards and what the rule makes Player do."""
    return PlayerRuleExplorer(cards).view
