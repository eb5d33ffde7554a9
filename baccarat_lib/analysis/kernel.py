"""The drawing rules applied to numpy arrays of many coups at once: the one vectorised play kernel.

Exact odds, the simulator and card counting all play coups with ``play_values``, which reads the rules as data
(``rules.NATURALS``, ``rules.PLAYER_DRAWS_ON``, ``rules.BANKER_TABLEAU``), so a change to a rule reaches all three.

Public names:

- ``OUTCOME_CODES``, ``CODE_OUTCOMES``: ``Outcome`` <-> the integer codes arrays of coups use.
- ``PLAYER_DRAWS``: Player's rule by two-card total 0..9.
- ``BANKER_DRAWS``: the tableau by [banker_total, player_third_card_value] (rows 0..7).
- ``Played``: the arrays ``play_values`` returns.
- ``play_values(player_two, banker_two, fifth, sixth, player_draws_on=PLAYER_DRAWS_ON)``: play coups.
- ``MAX_COUP_CARDS``: the most cards a coup needs (6).
- ``check_shoe_size(cards)``: refuse a shoe too small to finish every coup.
- ``check_player_draws_on(totals)``: a variant of Player's rule as a frozenset.

>>> played = play_values(np.array([2 + 3]), np.array([3 + 1]), np.array([7]), np.array([4]))
>>> CODE_OUTCOMES[played.outcome[0]], int(played.player_total[0]), int(played.banker_total[0]), int(played.n_cards[0])
(<Outcome.BANKER: 'banker'>, 2, 8, 6)
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import numpy as np

from ..errors import BaccaratError, shown, whole_number
from ..game.coup import Outcome
from ..i18n import _
from ..game.rules import BANKER_TABLEAU, NATURALS, PLAYER_DRAWS_ON, THIRD_CARD_VALUES, TOTALS

__all__ = ["OUTCOME_CODES", "CODE_OUTCOMES", "PLAYER_DRAWS", "BANKER_DRAWS", "Played", "play_values",
           "MAX_COUP_CARDS", "check_shoe_size", "check_player_draws_on"]

MAX_COUP_CARDS = 6  # a coup uses 4, 5 or 6 cards


def check_shoe_size(cards) -> int:
    """A shoe of ``cards`` cards checked to finish any coup: ``MAX_COUP_CARDS`` or more.

    >>> check_shoe_size(52)
    52
    >>> check_shoe_size(5)
    Traceback (most recent call last):
    ...
    baccarat_lib.errors.BaccaratError: a shoe needs at least 6 cards to finish any coup (a coup may need 6), not 5
    """
    cards = whole_number("the number of cards of a shoe", cards, low=0)
    if cards < MAX_COUP_CARDS:
        raise BaccaratError(_("a shoe needs at least {least} cards to finish any coup "
                              "(a coup may need {least}), not {given}").format(least=MAX_COUP_CARDS, given=cards))
    return cards

# Arrays of many coups store outcomes as these codes.
OUTCOME_CODES = {Outcome.PLAYER: 0, Outcome.BANKER: 1, Outcome.TIE: 2}
CODE_OUTCOMES = tuple(sorted(OUTCOME_CODES, key=OUTCOME_CODES.get))

_NATURAL = np.array([total in NATURALS for total in TOTALS])

# Player's rule: PLAYER_DRAWS[total] for a two-card total 0..9 (no natural on either side).
PLAYER_DRAWS = np.array([total in PLAYER_DRAWS_ON for total in TOTALS])

# Banker's rule when Player drew: BANKER_DRAWS[banker_total 0..7, player_third_card_value 0..9].
BANKER_DRAWS = np.array([[value in BANKER_TABLEAU[total] for value in THIRD_CARD_VALUES]
                         for total in sorted(BANKER_TABLEAU)])

# The same rule for the kernel: rows 0..9 (8 and 9 are naturals); in column _STOOD Banker follows Player's rule.
_STOOD = 10
_BANKER_RULE = np.zeros((10, 11), dtype=bool)
_BANKER_RULE[:len(BANKER_DRAWS), :10] = BANKER_DRAWS
_BANKER_RULE[:len(BANKER_DRAWS), _STOOD] = PLAYER_DRAWS[:len(BANKER_DRAWS)]


def _is_list(value) -> bool:
    """True for a collection of items (a list, tuple, set, 1-D array): not text, bytes, a mapping or a scalar."""
    return hasattr(value, "__iter__") and not isinstance(value, (str, bytes, dict)) \
        and getattr(value, "ndim", 1) == 1


def check_player_draws_on(player_draws_on) -> frozenset:
    """Player's rule as a frozenset of the two-card totals 0..9 on which Player draws (a set, list or range)."""
    if isinstance(player_draws_on, frozenset) and all(type(total) is int for total in player_draws_on) \
            and player_draws_on <= _TOTALS:
        return player_draws_on
    refused = _("player_draws_on must be a set of two-card totals 0 to 9 (Player draws on them), not {given}")
    if not _is_list(player_draws_on) or not hasattr(player_draws_on, "__len__") or len(player_draws_on) > 10:
        raise BaccaratError(refused.format(given=shown(player_draws_on)))
    items = list(player_draws_on)
    totals = set()
    for item in items:
        try:
            totals.add(whole_number("a total", item, 0, 9))
        except BaccaratError:
            raise BaccaratError(refused.format(given=shown(player_draws_on))) from None
    return frozenset(totals)


_TOTALS = frozenset(TOTALS)


@lru_cache(maxsize=8)
def _player_rule(player_draws_on: frozenset) -> np.ndarray:
    """Player's rule as an array over two-card totals: the standard one, or a variant (Chemin de Fer's 5)."""
    return np.array([total in player_draws_on for total in TOTALS])


class Played(NamedTuple):
    """Coups played by ``play_values``: one entry per coup in each array."""

    outcome: np.ndarray        # OUTCOME_CODES, uint8
    player_total: np.ndarray   # final totals 0..9, uint8
    banker_total: np.ndarray
    player_start: np.ndarray   # two-card totals 0..9
    banker_start: np.ndarray
    natural: np.ndarray        # either side had a natural
    player_draws: np.ndarray   # each side took a third card
    banker_draws: np.ndarray
    n_cards: np.ndarray        # cards the coup used, 4..6, uint8


def play_values(player_two, banker_two, fifth, sixth, player_draws_on=PLAYER_DRAWS_ON) -> Played:
    """Play coups from each side's two-card sum and the next two card values (arrays the library made, unchecked).

    ``player_draws_on`` may replace Player's rule; Banker's rule when Player stood stays the standard one.
    """
    player_start, banker_start = player_two % 10, banker_two % 10
    natural = _NATURAL[player_start] | _NATURAL[banker_start]
    player_rule = PLAYER_DRAWS if player_draws_on == PLAYER_DRAWS_ON else _player_rule(player_draws_on)
    player_draws = ~natural & player_rule[player_start]
    banker_draws = ~natural & _BANKER_RULE[banker_start, np.where(player_draws, fifth, _STOOD)]
    banker_third = np.where(player_draws, sixth, fifth)
    player_total = (player_start + player_draws * fifth) % 10
    banker_total = (banker_start + banker_draws * banker_third) % 10
    outcome = np.select([player_total > banker_total, banker_total > player_total],
                        [OUTCOME_CODES[Outcome.PLAYER], OUTCOME_CODES[Outcome.BANKER]],
                        OUTCOME_CODES[Outcome.TIE])
    n_cards = 4 + player_draws.astype(np.uint8) + banker_draws
    return Played(outcome.astype(np.uint8), player_total.astype(np.uint8), banker_total.astype(np.uint8),
                  player_start, banker_start, natural, player_draws, banker_draws, n_cards.astype(np.uint8))
