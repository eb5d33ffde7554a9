"""Issue 10, "What must be true" 5 (game layer): every public function and class of ``baccarat_lib.game``, called
with arbitrary arguments (text, numbers, None, lists, numpy scalars, huge values, 100k-character strings), either
answers or raises a ``BaccaratError`` with a message under 200 characters; nothing else escapes.
"""

import inspect
import random
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import baccarat_lib.game as game
from bad_input import arguments_for, only_baccarat_errors

COUP = game.play_coup("2♣ 3♥ 3♠ A♦ 7♦ 4♠")
VALID = [  # values some function accepts, so that calls also get past the first check
    "banker", "player", "tie", "dragon-7", "standard", "ez", "no-commission", "draw", "stand", "tie-9",
    "2 3 3 A 7 4", "K 5 9 3", "7 8", "A♠", "7", "10h", "1:2", "8:1", "push", "0.05", "2.50", "",
    0, 1, 2, 3, 5, 6, 8, 9, 10, 14, 52, Fraction(1, 20), Decimal("9.50"), 2.5,
    game.Card("7"), COUP, COUP.player, game.PAY_TABLES["ez"], game.Outcome.BANKER, game.Pays("tie", "8:1"),
    game.settle("banker", 10, COUP), game.coup_facts(COUP), {4: ((2, 3, 4, 5, 6, 7), (0, 1, 8, 9))},
    [("4", "2, 3", "1-8")], [game.Card("2"), game.Card("3")], ("2", "3", "3", "A"), {2, 3},
]
JUNK = [None, True, False, np.bool_(True), np.int64(8), np.int8(-1), np.uint64(2 ** 63), np.float64("nan"),
        np.float32(0.5), np.array([1, 2]), np.array(3), np.array(["7", "8"]), np.arange(10), np.array([[1]]),
        np.random.default_rng(0), random.Random(1), b"7 8", 10 ** 4000, -10 ** 30, 10 ** 28 + 1,
        float("inf"), 1e28, Decimal("NaN"), Decimal("sNaN"), Decimal("1E+999999"), Decimal("1E-999999"),
        "x" * 100_000, "7 " * 50_000, "1" * 100_000, "Z" * 1_000_000, ["banker"], [None], {"a": 1}, (),
        object(), Fraction(1, 3), "\x00", "٣", " , ,", "1e999999999"]
VALUES = st.one_of(
    st.sampled_from(VALID), st.integers(0, len(JUNK) - 1).map(lambda index: JUNK[index]),  # never repr 10**5000
    st.none(), st.booleans(),
    st.integers(min_value=-10 ** 40, max_value=10 ** 40), st.integers(min_value=-3, max_value=20),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=30), st.decimals(allow_nan=True),
    st.fractions(), st.lists(st.integers(-2, 12), max_size=4), st.lists(st.text(max_size=4), max_size=4),
    st.binary(max_size=8), st.dictionaries(st.integers(-2, 12), st.integers(-2, 12), max_size=3),
)

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
    parameters = inspect.signature(function).parameters.values()
    keywords = data.draw(st.fixed_dictionaries({p.name: VALUES for p in parameters if p.default is p.empty},
                                               optional={p.name: VALUES for p in parameters
                                                         if p.default is not p.empty}))
    only_baccarat_errors(lambda: function(**keywords), ())
