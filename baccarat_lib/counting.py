"""Card counting, exactly: how each card taken out of the shoe moves each bet's edge, and the edges through a shoe.

Everything here calls ``odds`` with the shoe's exact composition (13 rank counts), so every edge is a ``Fraction``.

Public names:

- ``MAIN_BETS``, ``SIDE_BETS``: (bet, pay table) pairs the lesson studies.
- ``VALUE_RANKS``: the card removed for each point value (value 0: a 10; J, Q and K do the same to every bet).
- ``edges(counts, bets)``: {bet: exact house edge} for one composition.
- ``effect_of_removal(bet, table="standard", decks=8, counts=None)``: {value 0..9: change in edge when one card
  of that value leaves the shoe}.
- ``removal_effects(bets, decks)``: the same for several bets, {bet: {value: change}}.
- ``weighted_effect_sum(effects, decks)``: the effects weighted by how many cards of each value a shoe holds.
- ``removal_text(effects)``: the effects as a table in hundredths of a percentage point (text).
- ``ShoePoint`` and ``edges_through_shoe(decks=8, seed=None, table="standard", bets=...)``: the exact edges before
  every coup of a real seeded shoe.
- ``positive_coups(points)``: {bet: how many coups it had positive expectation}; ``edge_ranges(points)``.
- ``edges_after_removing(removed, decks=1, bets=...)``: {bet: (full-shoe edge, edge without those cards)}.
- ``five_choice(decks=8)``: the Player bet's expectation when Player, on a two-card 5, draws or stands.
- ``best_removal_question(bet, table, decks)``, ``positive_question(points, bet)``, ``five_question(decks)``:
  exercises whose answers are computed here.

>>> effects = effect_of_removal("banker", "standard", decks=1)
>>> effects[5] == house_edge("banker", "standard", 1, removed="5") - house_edge("banker", "standard", 1)
True
>>> max(effects, key=effects.get)            # removing a 6 hurts Banker most: its edge goes up
6
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from .cards import RANKS, Card
from .errors import BaccaratError
from .exercises import Question
from .odds import house_edge, shoe_counts
from .rules import BANKER_TABLEAU, PLAYER_DRAWS_ON
from .shoe import Shoe
from .shoe import rank_counts  # noqa: F401  (part of this module's public names)

__all__ = ["MAIN_BETS", "SIDE_BETS", "VALUE_RANKS", "edges", "effect_of_removal", "removal_effects",
           "weighted_effect_sum", "removal_text", "ShoePoint", "edges_through_shoe", "positive_coups",
           "edge_ranges", "edges_after_removing", "five_choice", "best_removal_question", "positive_question",
           "five_question", "rank_counts"]

MAIN_BETS = (("banker", "standard"), ("player", "standard"), ("tie", "standard"))
SIDE_BETS = (("dragon-7", "ez"), ("panda-8", "ez"), ("player-pair", "standard"))
VALUE_RANKS = {0: "10", 1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9"}
VALUE_LABELS = {0: "0 (10 J Q K)", 1: "1 (A)"} | {value: str(value) for value in range(2, 10)}


def _shoe_words(decks: int) -> str:
    return f"{'an' if decks == 8 else 'a'} {decks}-deck shoe"


def _bets(bets, table="standard") -> tuple[tuple[str, str], ...]:
    """(bet, table) pairs from bet names (on ``table``) or pairs; each bet at most once."""
    pairs = tuple((bet, table) if isinstance(bet, str) else tuple(bet) for bet in bets)
    names = [bet for bet, _ in pairs]
    if len(set(names)) != len(names):
        raise BaccaratError(f"each bet may be studied once, not {names}")
    return pairs


def edges(counts, bets=MAIN_BETS, table="standard") -> dict:
    """{bet: exact house edge} for a shoe holding ``counts`` (13 rank counts A..K)."""
    return {bet: house_edge(bet, bet_table, counts=counts) for bet, bet_table in _bets(bets, table)}


# ---------------------------------------------------------------------------------------------------------
# Effect of removal

def _without(counts, value: int) -> tuple[int, ...]:
    index = RANKS.index(VALUE_RANKS[value])
    if counts[index] == 0:
        raise BaccaratError(f"the shoe holds no {VALUE_RANKS[value]} to remove")
    return tuple(count - (i == index) for i, count in enumerate(counts))


def effect_of_removal(bet: str, table="standard", decks: int = 8, counts=None) -> dict:
    """{value 0..9: change in ``bet``'s exact house edge when one card of that value is taken out}.

    Positive: the edge goes up, so the card leaving hurts the bettor. ``counts`` (13 rank counts) replaces a
    full shoe of ``decks`` decks.

    >>> effect_of_removal("tie", decks=1)[0] < 0      # a ten leaving helps the Tie bettor
    True
    """
    counts = shoe_counts(decks) if counts is None else tuple(counts)
    base = house_edge(bet, table, counts=counts)
    return {value: house_edge(bet, table, counts=_without(counts, value)) - base for value in VALUE_RANKS}


def removal_effects(bets=MAIN_BETS, decks: int = 8, table="standard") -> dict:
    """{bet: effect_of_removal(bet, ...)} for several bets (names on ``table``, or (bet, table) pairs)."""
    return {bet: effect_of_removal(bet, bet_table, decks) for bet, bet_table in _bets(bets, table)}


def weighted_effect_sum(effects: dict, decks: int = 8) -> Fraction:
    """Sum of one bet's effects, each times how many cards of that value a full shoe holds (16 tens a deck)."""
    return sum(effect * (16 if value == 0 else 4) * decks for value, effect in effects.items())


def removal_text(effects: dict) -> str:
    """Effects of removal as a text table: one row per value, one column per bet, in 1/100 of a percentage point.

    >>> print(removal_text({"tie": {0: Fraction(1, 10**4), 1: Fraction(-1, 2 * 10**4)}}))
    card value              tie
    0 (10 J Q K)          +1.00
    1 (A)                 -0.50
    """
    bets = list(effects)
    lines = [f"{'card value':<14}" + "".join(f"{bet:>13}" for bet in bets)]
    for value in next(iter(effects.values())):
        lines.append(f"{VALUE_LABELS[value]:<14}" +
                     "".join(f"{float(effects[bet][value]) * 10_000:>+13.2f}" for bet in bets))
    return "\n".join(lines)


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

    The first point is the full shoe; there is one point per coup dealt.

    >>> points = edges_through_shoe(decks=1, seed=7)
    >>> points[0].edges["banker"] == house_edge("banker", "standard", decks=1), points[0].cards_left
    (True, 52)
    """
    pairs = _bets(bets, table)
    shoe = Shoe(decks=decks, seed=seed)
    coups = shoe.coups()
    points = []
    while True:
        counts, cards_left = rank_counts(shoe.remaining()), len(shoe)
        coup = next(coups, None)
        if coup is None:
            return points
        points.append(ShoePoint(len(points) + 1, cards_left, edges(counts, pairs), coup))


def positive_coups(points) -> dict:
    """{bet: number of coups on which the bet had positive expectation (a negative house edge)}."""
    return {bet: sum(point.edges[bet] < 0 for point in points) for bet in points[0].edges}


def edge_ranges(points) -> dict:
    """{bet: (lowest edge, highest edge)} through the shoe."""
    return {bet: (min(point.edges[bet] for point in points), max(point.edges[bet] for point in points))
            for bet in points[0].edges}


# ---------------------------------------------------------------------------------------------------------
# Chemin de Fer: Player's choice on 5

@lru_cache(maxsize=8)
def five_choice(decks: int = 8) -> dict:
    """{"draw": E, "stand": E}: the Player bet's exact expectation per unit when Player holds a two-card 5
    (no natural on the table) and draws or stands; Banker plays the Punto Banco rules either way.

    >>> choice = five_choice(1)
    >>> choice["draw"] > choice["stand"]
    True
    """
    starts = np.indices((10,) * 4).reshape(4, -1)                 # the first four card values P, B, P, B
    starts = starts[:, ((starts[0] + starts[2]) % 10 == 5) & ((starts[1] + starts[3]) % 10 < 8)]
    extra = np.indices((10, 10)).reshape(2, -1)                   # the fifth and sixth card values
    values = np.vstack([np.repeat(starts, extra.shape[1], axis=1), np.tile(extra, starts.shape[1])])
    value_counts = np.array([sum(count for rank, count in zip(RANKS, shoe_counts(decks))
                                 if Card(rank).value == value) for value in range(10)], dtype=np.int64)
    weights = np.ones(values.shape[1], dtype=np.int64)            # how many card sequences have these values
    for position in range(6):
        earlier = sum((values[other] == values[position]).astype(np.int64) for other in range(position))
        weights *= np.maximum(value_counts[values[position]] - earlier, 0)
    p1, b1, p2, b2, fifth, sixth = values
    banker_start = (b1 + b2) % 10
    tableau = np.array([[value in BANKER_TABLEAU.get(total, ()) for value in range(10)] for total in range(10)])
    # Player draws: Banker reads the tableau with Player's third card (fifth); its own third card is the sixth.
    drawn = (5 + fifth) % 10, (banker_start + np.where(tableau[banker_start, fifth], sixth, 0)) % 10
    # Player stands: Banker follows Player's rule and its third card is the fifth.
    stood = 5, (banker_start + np.where(np.isin(banker_start, list(PLAYER_DRAWS_ON)), fifth, 0)) % 10
    total = int(weights.sum())
    return {choice: Fraction(int(weights[player > banker].sum()) - int(weights[banker > player].sum()), total)
            for choice, (player, banker) in (("draw", drawn), ("stand", stood))}


# ---------------------------------------------------------------------------------------------------------
# Exercises answered by the computations above

def best_removal_question(bet: str, table="standard", decks: int = 8) -> Question:
    """Which card value, taken out, helps ``bet``'s bettor most (lowers the edge most)?"""
    effects = effect_of_removal(bet, table, decks)
    best = min(effects, key=effects.get)
    return Question(f"In {_shoe_words(decks)}, taking out one card of which value helps the {bet} bet most?",
                    str(best),
                    f"Removing a {VALUE_LABELS[best]} changes the {bet} edge by "
                    f"{float(effects[best]) * 100:+.5f} percentage points, the most helpful of all ten values; "
                    f"the most harmful is {VALUE_LABELS[max(effects, key=effects.get)]}.",
                    tuple(str(value) for value in VALUE_RANKS))


def positive_question(points, bet: str) -> Question:
    """On how many coups of this shoe did ``bet`` have positive expectation?"""
    count = positive_coups(points)[bet]
    low, high = edge_ranges(points)[bet]
    return Question(f"On how many of the {len(points)} coups of the shoe did the {bet} bet have positive "
                    "expectation (a house edge below 0)?", str(count),
                    f"{count} of {len(points)}: its exact edge went from {float(low):.3%} to {float(high):.3%} "
                    "through the shoe, and only a negative edge favours the bettor.")


def edges_after_removing(removed, decks: int = 1, bets=MAIN_BETS + SIDE_BETS) -> dict:
    """{bet: (edge of the full shoe, edge once the ``removed`` cards are out)}, exact.

    >>> before, after = edges_after_removing("5 5 5 5", decks=1, bets=["banker"])["banker"]
    >>> after > before                       # fives out: worse for Banker
    True
    """
    pairs = _bets(bets)
    full, left = shoe_counts(decks), shoe_counts(decks, removed)
    return {bet: (house_edge(bet, table, counts=full), house_edge(bet, table, counts=left)) for bet, table in pairs}


def five_question(decks: int = 8) -> Question:
    """Against Banker's Punto Banco rules, should Player draw or stand on a two-card 5? Answered by ``five_choice``."""
    choice = five_choice(decks)
    best = max(choice, key=choice.get)
    return Question(f"In {_shoe_words(decks)}, Player holds a two-card 5 and Banker plays the Punto Banco rules. "
                    "For the Player bet, is it better that Player draws or stands?", best,
                    f"The Player bet's exact expectation is {float(choice['draw']):+.3%} if Player draws and "
                    f"{float(choice['stand']):+.3%} if Player stands on 5: {best} is better. (Punto Banco's "
                    "fixed rule: Player draws on 5.)", ("draw", "stand"))
