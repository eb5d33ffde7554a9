"""Card counting, exactly: how each card taken out of the shoe moves each bet's edge, and the edges through a shoe.

Every edge comes from ``odds`` on the shoe's exact composition, so it is a ``Fraction``.

>>> effects = effect_of_removal("banker", "standard", decks=1)
>>> effects[5] == house_edge("banker", "standard", 1, removed="5") - house_edge("banker", "standard", 1)
True
>>> max(effects, key=effects.get)            # removing a 6 hurts Banker most: its edge goes up
6
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from numbers import Real
from typing import NamedTuple

import numpy as np

from ..errors import BaccaratError, shown
from ..game.cards import RANKS
from ..game.coup import Outcome
from ..game.payouts import bet_label
from ..game.rules import PLAYER_DRAWS_ON
from ..game.formatting import localized, percent
from ..game.shoe import Shoe, check_decks, shoe_counts
from ..i18n import _
from .kernel import OUTCOME_CODES, play_values
from .odds import _DECKS, _edge, _probability_where, bet_lines, check_shoe, house_edge  # noqa: F401

__all__ = ["MAIN_BETS", "SIDE_BETS", "VALUE_RANKS", "VALUE_LABELS", "edges", "effect_of_removal",
           "removal_effects", "weighted_effect_sum", "removal_text", "ShoePoint", "edges_through_shoe",
           "positive_coups", "edge_ranges", "edges_after_removing", "five_choice",
           "removal_extremes_text", "shoe_text", "positive_coups_text", "edge_ranges_text", "removal_change_text",
           "five_choice_text"]

MAIN_BETS = (("banker", "standard"), ("player", "standard"), ("tie", "standard"))
SIDE_BETS = (("dragon-7", "ez"), ("panda-8", "ez"), ("player-pair", "standard"))
VALUE_RANKS = {0: "10", 1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9"}
VALUE_LABELS = {0: "0 (10 J Q K)", 1: "1 (A)"} | {value: str(value) for value in range(2, 10)}


def _bets(bets, table="standard") -> dict[str, tuple]:
    """{bet: its lines} from bet names (on ``table``) or (bet, table) pairs, each bet once, all checked first."""
    if isinstance(bets, str):
        bets = (bets,)
    if not isinstance(bets, (list, tuple)) or not bets or len(bets) > 50:
        raise BaccaratError(_("bets must be a list of bet names or (bet, table) pairs, each bet once, "
                              "not {given}").format(given=shown(bets)))
    pairs = []
    for bet in bets:
        if isinstance(bet, str):
            pair = (bet, table)
        elif isinstance(bet, (list, tuple)) and len(bet) == 2:
            pair = tuple(bet)
        else:
            raise BaccaratError(_("bets must be a list of bet names or (bet, table) pairs, each bet once, "
                                  "not {given} in {bets}").format(given=shown(bet), bets=shown(bets, 30)))
        pairs.append((pair[0], bet_lines(*pair)[1]))
    names = [bet for bet, _lines in pairs]
    if len(set(names)) != len(names):
        raise BaccaratError(_("each bet may be studied once, not {given}").format(given=shown(names, 80)))
    return dict(pairs)


def edges(counts, bets=MAIN_BETS, table="standard") -> dict:
    """{bet: exact house edge} for a shoe holding ``counts`` (13 rank counts A..K)."""
    if counts is None:
        raise BaccaratError(_("counts must be 13 whole numbers 0 or more (the cards of each rank A..K), not None"))
    return _edges(_bets(bets, table), check_shoe(counts=counts))


def _edges(lines_by_bet: dict, counts) -> dict:
    """``edges`` for bets from ``_bets`` and a shoe from ``check_shoe``."""
    return {bet: _edge(bet, lines, counts) for bet, lines in lines_by_bet.items()}


# ---------------------------------------------------------------------------------------------------------
# Effect of removal

def _without(counts, value: int) -> tuple[int, ...]:
    index = RANKS.index(VALUE_RANKS[value])
    if counts[index] == 0:
        raise BaccaratError(_("the shoe holds no {rank} to remove").format(rank=VALUE_RANKS[value]))
    return tuple(count - (i == index) for i, count in enumerate(counts))


def effect_of_removal(bet: str, table="standard", decks: int = _DECKS, counts=None) -> dict:
    """{value 0..9: change in ``bet``'s exact house edge when one card of that value leaves} (positive: it hurts).

    >>> effect_of_removal("tie", decks=1)[0] < 0      # a ten leaving helps the Tie bettor
    True
    """
    _table, lines = bet_lines(bet, table)
    return _effect_of_removal(bet, lines, _removable_shoe(decks, counts))


def _removable_shoe(decks, counts=None) -> tuple[int, ...]:
    """The shoe of ``check_shoe``, refused under 7 cards (a card taken out must leave a coup's 6)."""
    counts = check_shoe(decks, counts=counts)
    if sum(counts) <= 6:
        raise BaccaratError(_("effect_of_removal needs a shoe of 7 cards or more (6 once a card leaves), "
                              "not {given}").format(given=sum(counts)))
    return counts


def _effect_of_removal(bet: str, lines: tuple, counts) -> dict:
    """``effect_of_removal`` for a bet's checked ``lines`` and a shoe from ``_removable_shoe``."""
    base = _edge(bet, lines, counts)
    return {value: _edge(bet, lines, _without(counts, value)) - base for value in VALUE_RANKS}


def removal_effects(bets=MAIN_BETS, decks: int = 8, table="standard") -> dict:
    """{bet: effect_of_removal(bet, ...)} for several bets (names on ``table``, or (bet, table) pairs)."""
    counts = _removable_shoe(decks)
    lines_by_bet = _bets(bets, table)
    return {bet: _effect_of_removal(bet, lines, counts) for bet, lines in lines_by_bet.items()}


def weighted_effect_sum(effects: dict, decks: int = 8) -> Fraction:
    """Sum of one bet's effects, each times how many cards of that value a full shoe holds (16 tens a deck)."""
    _check_effects("effects", effects)
    decks = check_decks(decks)
    return sum(effect * (16 if value == 0 else 4) * decks for value, effect in effects.items())


def removal_text(effects: dict) -> str:
    """Effects of removal as a text table: one row per value, one column per bet, in 1/100 of a percentage point.

    >>> print(removal_text({"tie": {0: Fraction(1, 10**4), 1: Fraction(-1, 2 * 10**4)}}))
    card value            Tie
    0 (10 J Q K)        +1.00
    1 (A)               −0.50
    """
    if not isinstance(effects, dict) or not effects or len(effects) > 20:
        raise BaccaratError(_("effects must be a dict {{bet: {{card value: change}}}} as removal_effects gives, "
                              "not {given}").format(given=shown(effects)))
    values = None
    for bet, bet_effects in effects.items():
        _check_effects(f"effects[{shown(bet, 20)}]", bet_effects)
        if values is not None and list(bet_effects) != values:
            raise BaccaratError(_("effects must give every bet the same card values, in the same order"))
        values = list(bet_effects)
    labels = {bet: bet_label(bet) if isinstance(bet, str) else str(bet) for bet in effects}
    widths = {bet: max(9, len(label)) + 2 for bet, label in labels.items()}
    heading = _("card value")
    lines = [f"{heading:<14}" + "".join(f"{labels[bet]:>{widths[bet]}}" for bet in effects)]
    for value in next(iter(effects.values())):
        lines.append(f"{VALUE_LABELS[value]:<14}" + localized(
            "".join(f"{float(effects[bet][value]) * 10_000:>+{widths[bet]}.2f}" for bet in effects)))
    return "\n".join(lines)


def _check_effects(name: str, effects) -> None:
    """One bet's effects: {card value 0..9: change in edge (a number)}."""
    refused = _("{name} must be a dict {{card value 0..9: change in edge}} as effect_of_removal gives, "
                "not {given}")
    if not isinstance(effects, dict) or not effects:
        raise BaccaratError(refused.format(name=name, given=shown(effects)))
    for value, effect in effects.items():
        if type(value) is not int or value not in VALUE_RANKS \
                or isinstance(effect, bool) or not isinstance(effect, Real) or effect != effect \
                or abs(effect) > 1e6:
            raise BaccaratError(_("{name} must be a dict {{card value 0..9: change in edge}} as effect_of_removal "
                                  "gives, not {given} in {effects}").format(name=name, given=shown({value: effect}, 30),
                                                                            effects=shown(effects, 30)))


# ---------------------------------------------------------------------------------------------------------
# The edges through a real shoe

class ShoePoint(NamedTuple):
    """The shoe just before coup number ``coup``: cards left and each bet's exact edge; then the coup dealt."""

    coup: int
    cards_left: int
    edges: dict
    dealt: object


def edges_through_shoe(decks: int = 8, seed=None, table="standard", bets=MAIN_BETS) -> list[ShoePoint]:
    """The exact edge of each bet before every coup of a shoe shuffled with ``seed`` and dealt to the cut card.

    >>> points = edges_through_shoe(decks=1, seed=7)
    >>> points[0].edges["banker"] == house_edge("banker", "standard", decks=1), points[0].cards_left
    (True, 52)
    """
    lines_by_bet = _bets(bets, table)
    shoe = Shoe(decks, seed)
    coups = shoe.coups()
    points = []
    while True:
        counts, cards_left = shoe.rank_counts(), len(shoe)
        coup = next(coups, None)
        if coup is None:
            return points
        points.append(ShoePoint(len(points) + 1, cards_left, _edges(lines_by_bet, counts), coup))


def _check_points(points) -> None:
    """``points`` of ``edges_through_shoe``: a non-empty list of ShoePoints, each with the same bets."""
    if not isinstance(points, (list, tuple)) or not points:
        raise BaccaratError(_("points must be a non-empty list of ShoePoint, as edges_through_shoe gives, "
                              "not {given}").format(given=shown(points)))
    for point in points:
        if not isinstance(point, ShoePoint) or not isinstance(point.edges, dict) \
                or list(point.edges) != list(points[0].edges) \
                or not all(isinstance(edge, Real) and not isinstance(edge, bool) and edge == edge
                           for edge in point.edges.values()):
            raise BaccaratError(_("points must be a non-empty list of ShoePoint, as edges_through_shoe gives "
                                  "(each with the same bets), not {given}").format(given=shown(point)))


def positive_coups(points) -> dict:
    """{bet: number of coups on which the bet had positive expectation (a negative house edge)}."""
    _check_points(points)
    return _positive_coups(points)


def _positive_coups(points) -> dict:
    """``positive_coups`` of points already checked by ``_check_points``."""
    return {bet: sum(point.edges[bet] < 0 for point in points) for bet in points[0].edges}


def edge_ranges(points) -> dict:
    """{bet: (lowest edge, highest edge)} through the shoe."""
    _check_points(points)
    return _edge_ranges(points)


def _edge_ranges(points) -> dict:
    """``edge_ranges`` of points already checked by ``_check_points``."""
    return {bet: (min(point.edges[bet] for point in points), max(point.edges[bet] for point in points))
            for bet in points[0].edges}


# ---------------------------------------------------------------------------------------------------------
# Chemin de Fer: Player's choice on 5

def five_choice(decks: int = 8) -> dict:
    """{"draw": E, "stand": E}: the Player bet's expectation per unit on a two-card 5 (see ``_five_choice``).

    >>> choice = five_choice(1)
    >>> choice["draw"] > choice["stand"]
    True
    """
    return _five_choice(check_decks(decks))


@lru_cache(maxsize=8)
def _five_choice(decks: int = 8) -> dict:
    """{"draw": E, "stand": E}: the Player bet's exact expectation per unit on a two-card 5.

    Both from the coups of the rule where Player draws on 5 (the standard one, compiled already): standing, Player
    keeps 5 and Banker's third card, if any, is the card Player would have drawn, so each such coup's first five
    cards decide the standing game too, and their chances add up to the chance of those five cards.
    """
    counts, draws_on_five = shoe_counts(decks), frozenset(PLAYER_DRAWS_ON | {5})
    outcomes = {"draw": lambda coups: coups.outcome, "stand": _outcome_standing_on_five}

    def chance(name, predicate):
        return _probability_where(f"Player's 5: {name}", lambda coups: _on_five(coups) & predicate(coups),
                                  counts, draws_on_five)

    on_five = chance("any", lambda coups: True)
    return {choice: (chance(f"{choice}, Player wins", lambda coups: outcome(coups) == _PLAYER_WINS)
                     - chance(f"{choice}, Banker wins", lambda coups: outcome(coups) == _BANKER_WINS)) / on_five
            for choice, outcome in outcomes.items()}


_PLAYER_WINS, _BANKER_WINS = OUTCOME_CODES[Outcome.PLAYER], OUTCOME_CODES[Outcome.BANKER]


def _on_five(coups) -> np.ndarray:
    """Coups (of a rule where Player draws on 5) in which Player holds a two-card 5 and nobody has a natural."""
    return (coups.player_start == 5) & ~coups.natural


def _outcome_standing_on_five(coups) -> np.ndarray:
    """Each coup's outcome had Player stood on a two-card 5 (the coups ``_on_five`` selects; the rest keep theirs)."""
    on_five = np.flatnonzero(_on_five(coups))
    players_third = (coups.player_total[on_five].astype(np.int8) - 5) % 10   # Banker's third card, if Banker draws
    outcome = coups.outcome.copy()
    outcome[on_five] = play_values(coups.player_start[on_five], coups.banker_start[on_five], players_third,
                                   players_third, PLAYER_DRAWS_ON - {5}).outcome
    return outcome


# ---------------------------------------------------------------------------------------------------------
# Edges before and after some cards are taken out

def edges_after_removing(removed, decks: int = 1, bets=MAIN_BETS + SIDE_BETS) -> dict:
    """{bet: (edge of the full shoe, edge once the ``removed`` cards are out)}, exact.

    >>> before, after = edges_after_removing("5 5 5 5", decks=1, bets=["banker"])["banker"]
    >>> after > before                       # fives out: worse for Banker
    True
    """
    lines_by_bet = _bets(bets)
    full, left = check_shoe(decks), check_shoe(decks, removed)
    return {bet: (_edge(bet, lines, full), _edge(bet, lines, left)) for bet, lines in lines_by_bet.items()}


# ---------------------------------------------------------------------------------------------------------
# The same results in sentences, in the learner's language

def removal_extremes_text(effects: dict) -> str:
    """For each bet, the card value whose leaving helps it most (the most negative change) and hurts it most.

    >>> print(removal_extremes_text({"tie": {0: Fraction(1, 10**4), 1: Fraction(-1, 2 * 10**4)}}))
    Tie       helped most when a card worth 1 leaves, hurt most when a card worth 0 leaves
    """
    removal_text(effects)                                    # the same checks
    return "\n".join(_("{bet:9} helped most when a card worth {best} leaves, hurt most when a card worth {worst} "
                       "leaves").format(bet=bet_label(bet), best=min(effect, key=effect.get),
                                        worst=max(effect, key=effect.get))
                     for bet, effect in effects.items())


def shoe_text(points) -> str:
    """How many coups the shoe dealt, and the cards left at the first and at the last."""
    _check_points(points)
    return _("{coups} coups; {first} cards left at the first, {last} at the last").format(
        coups=len(points), first=points[0].cards_left, last=points[-1].cards_left)


def positive_coups_text(points) -> str:
    """On how many coups each bet had positive expectation, then which coups, for the bets that had any."""
    _check_points(points)
    lines = [_("{bet:12} {coups} of {total} coups").format(bet=bet_label(bet), coups=coups, total=len(points))
             for bet, coups in _positive_coups(points).items()]
    lines += [_("{bet}: coups {coups}").format(bet=bet_label(bet), coups=", ".join(
                  str(point.coup) for point in points if point.edges[bet] < 0))
              for bet, coups in _positive_coups(points).items() if coups]
    return "\n".join(lines)


def edge_ranges_text(points) -> str:
    """Each bet's lowest and highest edge through the shoe, to 3 decimals."""
    _check_points(points)
    return "\n".join(_("{bet:12} from {low:>8} to {high:>8}").format(
        bet=bet_label(bet), low=percent(low, 3, sign=True), high=percent(high, 3, sign=True))
        for bet, (low, high) in _edge_ranges(points).items())


def removal_change_text(removed, decks: int = 8, bets=MAIN_BETS[:1], places: int = 4) -> str:
    """Each bet's exact edge with the full shoe and without the ``removed`` cards, and the change (``places``: %).

    >>> before, after = edges_after_removing("5 5 5 5", decks=1, bets=["banker"])["banker"]
    >>> change = percent(after - before, sign=True)
    >>> removal_change_text("5 5 5 5", decks=1) == (f"Banker: house edge {percent(before)} with the full shoe, "
    ...                                             f"{percent(after)} without 5 5 5 5 (change {change})")
    True
    """
    edges = edges_after_removing(removed, decks, bets)        # checks the cards and the bets
    cards = removed.split() if isinstance(removed, str) else [str(card) for card in removed]
    taken = (_("one {card}").format(card=cards[0]) if len(cards) == 1 else " ".join(cards) if len(cards) <= 8
             else _("these {count} cards").format(count=len(cards)))
    return "\n".join(_("{bet}: house edge {full} with the full shoe, {without} without {cards} (change {change})")
                     .format(bet=bet_label(bet), full=percent(full, places), without=percent(without, places),
                             cards=taken, change=percent(without - full, places, sign=True))
                     for bet, (full, without) in edges.items())


def five_choice_text(decks: int = 8) -> str:
    """The Player bet's expectation on a two-card 5 when Player draws and when it stands, and the better choice."""
    choice = five_choice(decks)
    better = _("draw") if max(choice, key=choice.get) == "draw" else _("stand")
    return "\n".join([
        _("Player draws on 5: Player's expectation {expectation}").format(
            expectation=percent(choice["draw"], 3, sign=True)),
        _("Player stands on 5: Player's expectation {expectation}").format(
            expectation=percent(choice["stand"], 3, sign=True)),
        _("better for Player: {option}").format(option=better)])
