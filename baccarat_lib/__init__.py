"""baccarat_lib: the Punto Banco rules, odds, payouts and widgets behind the course.

Four layers, each a folder whose imports point only down (a test walks the import graph):

- ``game``: cards, the drawing rules as data (``BANKER_TABLEAU``), a coup that explains itself, shoes, pay tables
  and settling, the tableau as a printed table. Pure Python.
- ``analysis``: one vectorised play kernel under exact odds, simulation and card counting; the scoreboards.
- ``teaching``: questions answered and explained by the library, and seeded practice drills.
- ``views``: HTML, plots, diagrams and widgets; only lessons and tests import it.

``errors`` (``BaccaratError``) and ``i18n`` (``set_language("vi")``: the course in Vietnamese) sit below them all. The rules API below is importable from the package itself.
Importing ``baccarat_lib`` loads neither numpy, matplotlib nor ipywidgets.

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
