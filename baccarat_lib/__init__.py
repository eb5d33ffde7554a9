"""baccarat_lib: the Punto Banco rules, odds, payouts and widgets behind the course.

The modules, one job each (every module's docstring lists its public names):

- rules and play: ``cards`` (Card, parse_cards), ``rules`` (BANKER_TABLEAU, hand_total, is_natural,
  player_draws, banker_draws), ``coup`` (Outcome, play_coup and its explained steps), ``shoe`` (Shoe),
  ``errors`` (BaccaratError)
- money and odds: ``payouts`` (pay tables as data, settle), ``odds`` (exact probabilities and house edges for
  any shoe), ``money_tables`` (pay tables, settlements and edges as tables and questions),
  ``simulate`` (vectorised shoes), ``convergence`` (simulation against exact values),
  ``counting`` (effect of removal, edges through a shoe)
- scoreboards and practice: ``roads`` (Bead Plate, Big Road, streaks), ``practice`` (seeded drills),
  ``exercises`` (questions with explained feedback), ``tableau`` (views of the tableau, checking a
  published table)
- display: ``render`` (HTML card faces and messages), ``plots``, ``road_plots``, ``counting_plots``,
  ``diagrams`` (matplotlib), ``widgets`` (one ``show_…()`` per lesson widget)

The names below are importable from the package itself.

>>> play_coup("K 5 9 3").steps[-1]
'Player wins 9–8.'
"""

from .cards import RANKS, SUITS, Card, as_cards, parse_cards
from .coup import Coup, Hand, Outcome, Step, cards_needed, play_coup
from .errors import BaccaratError
from .rules import (BANKER_TABLEAU, PLAYER_DRAWS_ON, banker_decision, banker_draws, hand_total,
                    is_natural, player_decision, player_draws)
from .shoe import Shoe

__all__ = ["RANKS", "SUITS", "Card", "as_cards", "parse_cards",
           "Coup", "Hand", "Outcome", "Step", "cards_needed", "play_coup",
           "BaccaratError",
           "BANKER_TABLEAU", "PLAYER_DRAWS_ON", "banker_decision", "banker_draws", "hand_total",
           "is_natural", "player_decision", "player_draws",
           "Shoe"]
