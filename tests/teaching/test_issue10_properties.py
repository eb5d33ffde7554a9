"""Issue 10, "What must be true" 5 (teaching layer): every public function and class of ``baccarat_lib.teaching``,
called with arbitrary arguments (text, numbers, None, lists, numpy scalars, huge values, 100k-character strings),
either answers or raises a ``BaccaratError`` with a message under 200 characters; nothing else escapes.
"""

import inspect
import random
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import baccarat_lib.teaching as teaching
from baccarat_lib.analysis.counting import edges_through_shoe
from baccarat_lib.analysis.roads import StreakRow
from baccarat_lib.game import PAY_TABLES, Outcome, play_coup
from bad_input import arguments_for, only_baccarat_errors

COUP = play_coup("2♣ 3♥ 3♠ A♦ 7♦ 4♠")
DRILL = teaching.start_drill("total", 1, seed=3)
VALID = [  # values some function accepts, so that calls also get past the first check
    "total", "natural", "player-draw", "banker-draw", "winner", "settle", "mixed", "test", "banker", "player",
    "tie", "standard", "ez", "B B T P B", "BBPT", "2 3 3 A 7 4", "K 5 9 3", "7 8", "2 3", "7", "5", "draw", "",
    0, 1, 2, 3, 5, 6, 8, 14, 100, 2024, Fraction(1, 2), 0.45, Decimal("0.5"),
    COUP, Outcome.BANKER, PAY_TABLES["ez"], DRILL, teaching.Score(), teaching.Feedback(True, "Right!"),
    teaching.total_question("7 8"), StreakRow(1, 100, 50, 0.5, 0.05), edges_through_shoe(decks=1, seed=7)[:3],
    {4: ((2, 3, 4, 5, 6, 7), (0, 1, 8, 9))}, [("banker", "standard"), ("tie", "tie-9")], ("total",),
]
JUNK = [None, True, False, np.bool_(True), np.int64(8), np.int8(-1), np.uint64(2 ** 63), np.float64("nan"),
        np.float32(0.5), np.array([1, 2]), np.array(3), np.array(["7", "8"]), np.arange(10), np.array([[1]]),
        np.random.default_rng(0), random.Random(1), b"7 8", 10 ** 4000, -10 ** 30, 10 ** 28 + 1,
        float("inf"), 1e28, Decimal("NaN"), Decimal("sNaN"), Decimal("1E+999999"), "x" * 100_000, "7 " * 50_000,
        "B" * 100_000, "1" * 100_000, ["banker"], [None], {"a": 1}, (), object(), Fraction(1, 3), "\x00", "٣"]
VALUES = st.one_of(
    st.sampled_from(VALID), st.integers(0, len(JUNK) - 1).map(lambda index: JUNK[index]),  # never repr 10**5000
    st.none(), st.booleans(),
    st.integers(min_value=-10 ** 40, max_value=10 ** 40), st.integers(min_value=-3, max_value=20),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=30), st.decimals(allow_nan=True),
    st.fractions(), st.lists(st.integers(-2, 12), max_size=4), st.lists(st.text(max_size=4), max_size=4),
    st.binary(max_size=8),
)
CALLABLES = sorted(name for name in teaching.__all__ if callable(getattr(teaching, name)))




@pytest.mark.parametrize("name", CALLABLES)
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_public_teaching_names_raise_only_short_baccarat_errors(name, data):
    function = getattr(teaching, name)
    only_baccarat_errors(function, data.draw(arguments_for(function, VALUES)))


@pytest.mark.parametrize("name", ["make_exercise", "start_drill", "final_test", "settle_question",
                                  "dragon_tail_question", "bead_question", "lowest_edge_question", "Drill", "Score"])
@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_keyword_arguments_raise_only_short_baccarat_errors(name, data):
    function = getattr(teaching, name)
    parameters = inspect.signature(function).parameters.values()
    keywords = data.draw(st.fixed_dictionaries({p.name: VALUES for p in parameters if p.default is p.empty},
                                               optional={p.name: VALUES for p in parameters
                                                         if p.default is not p.empty}))
    only_baccarat_errors(lambda: function(**keywords), ())
