"""Every public function and class of the library, called with arbitrary arguments: only BaccaratError escapes.

Issue 10: "a property-based test (hypothesis) that calls every public function with arbitrary arguments (text,
numbers, None, lists, numpy scalars, huge values) and asserts that only BaccaratError escapes and messages stay
short". The functions come from each module's ``__all__`` in the game, analysis and teaching layers and the
pure HTML views; each is called with as many arguments as its signature requires, plus arbitrary keyword
arguments it accepts. Widgets are fuzzed through their controls in tests/views.
"""

import importlib
import inspect
import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from baccarat_lib.errors import BaccaratError

MODULES = ["baccarat_lib.errors",
           "baccarat_lib.game.cards", "baccarat_lib.game.rules", "baccarat_lib.game.coup", "baccarat_lib.game.shoe",
           "baccarat_lib.game.payouts", "baccarat_lib.game.tableau", "baccarat_lib.game.formatting",
           "baccarat_lib.analysis.kernel", "baccarat_lib.analysis.odds", "baccarat_lib.analysis.simulate",
           "baccarat_lib.analysis.convergence", "baccarat_lib.analysis.counting", "baccarat_lib.analysis.roads",
           "baccarat_lib.teaching.questions", "baccarat_lib.teaching.rule_questions",
           "baccarat_lib.teaching.odds_questions", "baccarat_lib.teaching.road_questions",
           "baccarat_lib.teaching.practice", "baccarat_lib.teaching.dealer", "baccarat_lib.teaching.progress_report",
           "baccarat_lib.progress.schedule", "baccarat_lib.progress.store", "baccarat_lib.progress.report",
           "baccarat_lib.progress.recorder",
           "baccarat_lib.views.html", "baccarat_lib.views.tableau", "baccarat_lib.views.money"]
MAX_MESSAGE = 200

# Plain data holders: they store what they are given and decide nothing, so there is nothing to check.
DATA_HOLDERS = {"Decision", "Played", "StreakRow", "ShoePoint", "Convergence", "Exercise", "SettleReading",
                "NaturalReading", "Feedback", "Score", "CoupFacts", "BaccaratError", "Step", "Contradiction",
                "Hand", "Coup", "Settlement", "Drill", "BeadCell", "BigRoadCell", "Question", "CoupRecords",
                "PayTable", "Call", "DealerFeedback", "AnswerRecord", "KindSummary", "WrongCoup", "DealerReport",
                "Answer", "SkillSummary", "ItemState", "SkillLine", "CellLine", "DayLine", "LessonStatus",
                "NextPractice", "ProgressReport"}


def _public_callables():
    found = []
    for name in MODULES:
        module = importlib.import_module(name)
        for attribute in module.__all__:
            value = getattr(module, attribute)
            if attribute in DATA_HOLDERS or not callable(value) or isinstance(value, dict):
                continue
            if inspect.isclass(value) and issubclass(value, BaseException):
                continue
            if getattr(value, "__module__", name) != name:   # re-exported: fuzzed in its own module
                continue
            found.append(pytest.param(value, id=f"{name.split('.', 1)[1]}.{attribute}"))
    return found


SMALL_TEXT = st.text(max_size=12)
GARBAGE = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 12), st.sampled_from([10**30, -10**30, 2**63, 10**7]),
    st.floats(allow_nan=True, allow_infinity=True, width=32), SMALL_TEXT,
    st.sampled_from(["x" * 100_000, "K " * 50_000, "🂡 ♠ ﷽ a\u0301", " ", "", "A", "banker", "standard", "8",
                     "B P T", "2 3 3 A 7 4", "-1", "1e28", "nan"]),
    st.lists(st.integers(-2, 9), max_size=14), st.lists(SMALL_TEXT, max_size=3),
    st.sampled_from([np.int64(3), np.int8(-1), np.float64(2.5), np.float64(math.nan), np.bool_(True),
                     np.array([1, 2]), np.zeros(13, dtype=np.int64), {"a": 1}, (), object()]),
)


def _required(function):
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return [], []
    required, optional = [], []
    for parameter in signature.parameters.values():
        if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            continue
        (required if parameter.default is parameter.empty else optional).append(parameter.name)
    return required, optional


@pytest.mark.parametrize("function", _public_callables())
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_only_baccarat_errors_escape_and_messages_stay_short(function, data):
    required, optional = _required(function)
    arguments = {name: data.draw(GARBAGE, label=name) for name in required}
    for name in data.draw(st.lists(st.sampled_from(optional), unique=True, max_size=2), label="optional") \
            if optional else []:
        arguments[name] = data.draw(GARBAGE, label=name)
    try:
        function(**arguments)
    except BaccaratError as error:
        assert len(str(error)) < MAX_MESSAGE, str(error)[:300]
        assert isinstance(error, ValueError)


def test_the_fuzzer_reaches_the_library():
    # A guard: an empty parameter list would make the test above pass vacuously.
    names = {param.id for param in _public_callables()}
    assert {"game.coup.play_coup", "analysis.odds.house_edge", "analysis.simulate.simulate_coups",
            "teaching.practice.start_drill", "views.money.settle_reading"} <= names
