"""Issue 10, "What must be true" 5 (game layer): every public function and class of ``baccarat_lib.game``, called
with arbitrary arguments (text, numbers, None, lists, numpy scalars, huge values, 100k-character strings), either
answers or raises a ``BaccaratError`` with a message under 200 characters; nothing else escapes.
"""

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import baccarat_lib.game as game
from bad_input import arguments_for, keywords_for, only_baccarat_errors, values

COUP = game.play_coup("2♣ 3♥ 3♠ A♦ 7♦ 4♠")
VALID = [  # values some function accepts, so that calls also get past the first check
    "banker", "player", "tie", "dragon-7", "standard", "ez", "no-commission", "draw", "stand", "tie-9",
    "2 3 3 A 7 4", "K 5 9 3", "7 8", "A♠", "7", "10h", "1:2", "8:1", "push", "0.05", "2.50", "",
    0, 1, 2, 3, 5, 6, 8, 9, 10, 14, 52, Fraction(1, 20), Decimal("9.50"), 2.5,
    game.Card("7"), COUP, COUP.player, game.PAY_TABLES["ez"], game.Outcome.BANKER, game.Pays("tie", "8:1"),
    game.settle("banker", 10, COUP), game.coup_facts(COUP), {4: ((2, 3, 4, 5, 6, 7), (0, 1, 8, 9))},
    [("4", "2, 3", "1-8")], [game.Card("2"), game.Card("3")], ("2", "3", "3", "A"), {2, 3},
]
VALUES = values(VALID)

CALLABLES = sorted(name for name in game.__all__ if callable(getattr(game, name)) and not isinstance(
    getattr(game, name), dict))
METHODS = {  # public methods of the classes, bound to a valid instance
    "Shoe.peek": lambda *a: game.Shoe(1, seed=1).peek(*a[:1]),
    "Shoe.deal": lambda *a: game.Shoe(1, seed=1).deal(*a[:1]),
    "PayTable.lines": lambda *a: game.PAY_TABLES["standard"].lines(*a[:1]) if a else None,
    "PayTable.line_for": lambda *a: game.PAY_TABLES["ez"].line_for(*a) if len(a) == 2 else None,
    "Shoe.coups": lambda *a: list(game.Shoe(*a).coups()),
    "ShoeRun.deal_coup": lambda *a: game.ShoeRun(*a).deal_coup(),
}





@pytest.mark.parametrize("name", CALLABLES)
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_public_game_names_raise_only_short_baccarat_errors(name, data):
    function = getattr(game, name)
    only_baccarat_errors(function, data.draw(arguments_for(function, VALUES)))


@pytest.mark.parametrize("name", sorted(METHODS))
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(arguments=st.lists(VALUES, max_size=2))
def test_public_game_methods_raise_only_short_baccarat_errors(name, arguments):
    only_baccarat_errors(METHODS[name], arguments)


@pytest.mark.parametrize("name", ["settle", "stake_amount", "derive_table", "Pays", "Shoe", "ShoeRun", "percent",
                                  "rounded", "money", "collect_back", "shoe_counts"])
@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_keyword_arguments_raise_only_short_baccarat_errors(name, data):
    function = getattr(game, name)
    keywords = data.draw(keywords_for(function, VALUES))
    only_baccarat_errors(lambda: function(**keywords), ())
