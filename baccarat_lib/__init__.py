"""baccarat_lib: the Punto Banco rules, odds, payouts and widgets behind the course.

Public names (each module's docstring lists its own):

- cards: ``Card``, ``parse_cards``, ``as_cards``
- rules: ``BANKER_TABLEAU``, ``hand_total``, ``is_natural``, ``player_draws``, ``banker_draws``
- coup: ``Outcome``, ``Hand``, ``Coup``, ``play_coup``
- shoe: ``Shoe``
- errors: ``BaccaratError``

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
