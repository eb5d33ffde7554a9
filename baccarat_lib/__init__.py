"""baccarat_lib: the Punto Banco rules, odds, payouts and widgets behind the course.

Five layers, each a folder whose imports point only down (a test walks the import graph; CONTRIBUTING.md has the
table): ``game`` (cards, the rules as data, coups that explain themselves, shoes, pay tables; pure Python),
``analysis`` (exact odds, simulation, counting, the scoreboards), ``progress`` (saved answers), ``teaching``
(questions, drills, dealer mode) and ``views`` (HTML, plots and widgets; only lessons and tests import it). The base
modules sit below them all: ``errors`` (``BaccaratError``), ``i18n`` (``set_language("vi")``: the course in
Vietnamese) and ``course`` (the lessons). The rules API below is importable from the package itself; importing
``baccarat_lib`` loads neither numpy, matplotlib nor ipywidgets.

>>> print(play_coup("K 5 9 3").explain())
Natural: Player has 9 (K+9), Banker has 8 (5+3); both hands stand.
Player wins 9–8.
"""

from .errors import BaccaratError
from .i18n import language, set_language
from .game.cards import RANKS, SUITS, Card, as_cards, parse_cards
from .game.coup import Coup, Hand, Outcome, Step, cards_needed, play_coup
from .game.rules import (BANKER_TABLEAU, PLAYER_DRAWS_ON, banker_decision, banker_draws, hand_total,
                         is_natural, player_decision, player_draws)
from .game.shoe import Shoe

__all__ = ["RANKS", "SUITS", "Card", "as_cards", "parse_cards",
           "Coup", "Hand", "Outcome", "Step", "cards_needed", "play_coup",
           "BaccaratError", "set_language", "language",
           "BANKER_TABLEAU", "PLAYER_DRAWS_ON", "banker_decision", "banker_draws", "hand_total",
           "is_natural", "player_decision", "player_draws",
           "Shoe"]
