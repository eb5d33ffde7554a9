"""Widget for lesson 08: deal a whole seeded shoe and see its Bead Plate, Big Road and the three derived roads.

>>> roads = _shoe_roads(seed=2024)
>>> len(roads.beads) == len(roads.records), roads.beads[0].index
(True, 0)
"""

from __future__ import annotations

from typing import NamedTuple

import ipywidgets as widgets

from ...analysis.roads import (DERIVED_ROADS, ROWS, bead_plate, big_road, derived_road, longest_streaks,
                               next_entry_colours)
from ...analysis.simulate import CoupRecords, deal_shoe
from ...game.coup import Outcome
from ...game.shoe import DECK_RANGE, check_decks
from ...i18n import N_, _, ngettext
from ..html import caption_html, message_html
from ..svg import _boards_svg
from .common import SeedBox, action_button, chosen, fitted, on_change, picked_seed, projector_view, safe_html

__all__ = ["RoadDealer", "show_road_dealer"]

_SEEDS = 2**32          # "Deal a new shoe" counts seeds 0, 1, …, 2**32 - 1, then starts again at 0
_COLOUR_WORDS = {"red": N_("red"), "blue": N_("blue")}   # a derived road's colours, as the predictor says them


class ShoeRoads(NamedTuple):
    """One dealt shoe: its seed, decks, per-coup records and its boards (the three derived roads in ``derived``)."""

    seed: int
    decks: int
    records: CoupRecords
    beads: list
    big_road: list
    derived: tuple = ((), (), ())


def _shoe_roads(seed, decks: int = 8) -> ShoeRoads:
    """Deal one shoe of ``decks`` decks shuffled with ``seed`` up to the cut card, and lay out its five boards."""
    records = deal_shoe(decks=decks, seed=seed)
    return ShoeRoads(seed, decks, records, bead_plate(records), big_road(records),
                     tuple(derived_road(records, k) for k in DERIVED_ROADS))


def _predictor_html(roads: ShoeRoads) -> str:
    """What each derived road would add next, if Banker won and if Player did (read from the shoe's results)."""
    nexts = [(name, next_entry_colours(roads.records, k)) for k, name in DERIVED_ROADS.items()]
    words = "; ".join(_("{road} {banker} if Banker wins, {player} if Player does").format(
        road=name, banker=_colour_word(colour.banker), player=_colour_word(colour.player)) for name, colour in nexts)
    return caption_html(_("Next entries: {entries}.").format(entries=words))


def _colour_word(colour) -> str:
    """A road colour as a word in the current language; "nothing yet" when the road has no entry to add."""
    return _(_COLOUR_WORDS[str(colour)]) if colour else _("nothing yet")


_SEED_CHUNK = 10      # a long seed may break after every 10 digits (a 60-digit seed ran off the right edge)


def _seed_html(seed: int) -> str:
    """A seed as typed, with a line-break opportunity (``<wbr>``) after every ``_SEED_CHUNK`` digits."""
    digits = str(seed)
    return "<wbr>".join(digits[start:start + _SEED_CHUNK] for start in range(0, len(digits), _SEED_CHUNK))


def _shoe_roads_html(roads: ShoeRoads) -> str:
    """What the shoe gave (counts, longest streaks) and both boards, drawn."""
    counts = roads.records.counts()
    longest = longest_streaks(roads.records)
    # The seed is written as typed (no thousands separator): it is a name for the shoe, not an amount.
    decks = ngettext("{decks} deck", "{decks} decks", roads.decks).format(decks=roads.decks)
    summary = _("Seed {seed}, {decks}: <b>{coups} coups</b> to the cut card. "
                "Banker {banker}, Player {player}, Tie {tie}. "
                "Longest streaks: Banker {banker_streak}, Player {player_streak}.").format(
        seed=_seed_html(roads.seed), decks=decks, coups=len(roads.records), banker=counts[Outcome.BANKER],
        player=counts[Outcome.PLAYER], tie=counts[Outcome.TIE], banker_streak=longest[Outcome.BANKER],
        player_streak=longest[Outcome.PLAYER])
    boards = _boards_svg(roads.beads, roads.big_road, ROWS,
                         _("The five boards of the shoe of seed {seed}").format(seed=roads.seed), roads.derived)
    return caption_html(summary) + boards + _predictor_html(roads) + message_html(
        _("The next shoe is dealt by the same rules, whatever these boards show."), "info")


class RoadDealer:
    """A seed box (``seed`` None picks one), a deck count and a button that deals the next shoe, its boards drawn."""

    def __init__(self, seed: int = 2024, decks: int = 8):
        seed, decks = picked_seed(seed, _SEEDS), check_decks(decks)
        self.seed = SeedBox(seed, description=_("Shoe seed"), layout=widgets.Layout(width=fitted("16em", "20em")),
                            style={"description_width": fitted("6em")})
        self.decks = widgets.Dropdown(options=list(DECK_RANGE), value=decks, description=_("Decks"),
                                      layout=widgets.Layout(width=fitted("10em", "14em")),
                                      style={"description_width": fitted("4em")})
        self.new_shoe = action_button(_("Deal a new shoe"), self.deal_new_shoe, button_style="primary",
                                      icon="refresh")
        self.result = widgets.HTML()
        self.roads = None
        on_change((self.seed, self.decks), self.update)
        self.view = projector_view([widgets.HBox([self.new_shoe, self.seed, self.decks]), self.result],
                                   controller=self)
        self.update()

    def deal_new_shoe(self):
        """Move to the next seed: a new shoe (while the box holds no seed, it says so again and deals nothing)."""
        seed = self.seed.seed
        if seed is None:
            self.update()
        else:
            self.seed.value = (seed + 1) % _SEEDS

    def update(self):
        """Deal the shoe of the chosen seed and decks and draw its boards (or say what is wrong with the seed)."""
        def compute():
            self.roads = None
            self.roads = _shoe_roads(self.seed.seed_or_error(), chosen(self.decks, _("1 to 8 decks")))
            return _shoe_roads_html(self.roads)
        self.result.value = safe_html(compute)


def show_road_dealer(seed: int = 2024, decks: int = 8):
    """The shoe-and-scoreboards widget, ready to display: ``seed`` None or a whole number 0 or more, ``decks`` 1-8."""
    return RoadDealer(seed, decks).view
