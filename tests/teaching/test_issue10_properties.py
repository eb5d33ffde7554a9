"""Issue 10, "What must be true" 5 (teaching layer): every public function and class of ``baccarat_lib.teaching``,
called with arbitrary arguments (text, numbers, None, lists, numpy scalars, huge values, 100k-character strings),
either answers or raises a ``BaccaratError`` with a message under 200 characters; nothing else escapes.
"""

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import baccarat_lib.teaching as teaching
from baccarat_lib.analysis.counting import edges_through_shoe
from baccarat_lib.analysis.roads import StreakRow
from baccarat_lib.game import PAY_TABLES, Outcome, play_coup
from bad_input import arguments_for, keywords_for, only_baccarat_errors, values

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
VALUES = values(VALID)
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
    keywords = data.draw(keywords_for(function, VALUES))
    only_baccarat_errors(lambda: function(**keywords), ())
