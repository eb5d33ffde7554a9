"""Issue 10, "a property-based test (hypothesis) that calls every public function with arbitrary arguments":
the analysis layer's public functions, fed text, numbers, None, lists, numpy scalars, huge values and 100k-character
strings, either answer or raise a BaccaratError whose message stays under 200 characters. Nothing else escapes.

Then a few properties of whole answers: any 13 counts give Fractions summing to exactly 1 or a BaccaratError
naming ``counts``; a seed is accepted exactly when the seed policy says so.
"""

import importlib
import inspect
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from baccarat_lib.analysis.odds import outcome_probabilities
from baccarat_lib.analysis.roads import big_road, streak_statistics
from baccarat_lib.analysis.simulate import deal_shoe
from baccarat_lib.errors import BaccaratError

MODULES = ["kernel", "odds", "simulate", "convergence", "counting", "roads"]
# Plain data holders (NamedTuples and dataclasses the functions return): they store what they are given.
DATA_HOLDERS = {"Played", "CoupRecords", "Convergence", "ShoePoint", "BeadCell", "BigRoadCell", "StreakRow"}
MAX_MESSAGE = 200
FAST = settings(max_examples=12, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much])

TEXT = st.text(max_size=10)
ANYTHING = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 10), st.sampled_from([10**30, -10**30, 2**63, 10**100, -1]),
    st.floats(allow_nan=True, allow_infinity=True), TEXT,
    st.sampled_from(["x" * 100_000, "B " * 50_000, "K " * 30_000, "", " ", "banker", "B P T", "standard", "ez",
                     "tie", "8", "2 3 3 A 7 4", "5 5 5 5", "-1", "nan", "🂡 ♠"]),
    st.lists(st.integers(-2, 9), max_size=14), st.lists(TEXT, max_size=3), st.lists(st.booleans(), max_size=4),
    st.sampled_from([np.int64(3), np.int8(-1), np.uint64(2**64 - 1), np.float64(2.5), np.float64(math.nan),
                     np.bool_(True), np.array([1, 2]), np.zeros(13, dtype=np.int64), np.array(["B", "P"]),
                     np.full(13, 4.5), {"a": 1}, {0: Fraction(1)}, (), set(), object(), Fraction(1, 3), [None] * 13,
                     [4] * 13, ("banker", "standard"), np.random.default_rng(0)]),
)


def _public_functions():
    found = []
    for short in MODULES:
        name = f"baccarat_lib.analysis.{short}"
        module = importlib.import_module(name)
        for attribute in module.__all__:
            value = getattr(module, attribute)
            if attribute in DATA_HOLDERS or not callable(value) or isinstance(value, dict) \
                    or getattr(value, "__module__", name) != name:
                continue
            found.append(pytest.param(value, id=f"{short}.{attribute}"))
    return found


def test_every_module_is_reached():
    names = {param.id for param in _public_functions()}
    assert {"odds.house_edge", "odds.check_shoe", "simulate.simulate_coups", "convergence.running_mean",
            "counting.edges", "roads.big_road", "kernel.play_values"} <= names


@pytest.mark.parametrize("function", _public_functions())
@FAST
@given(data=st.data())
def test_only_short_baccarat_errors_escape(function, data):
    parameters = [p for p in inspect.signature(function).parameters.values()
                  if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    arguments = {}
    for parameter in parameters:
        required = parameter.default is parameter.empty
        if required or data.draw(st.booleans(), label=f"give {parameter.name}"):
            arguments[parameter.name] = data.draw(ANYTHING, label=parameter.name)
    try:
        result = function(**arguments)
        if inspect.isgenerator(result):
            next(result, None)
    except BaccaratError as error:
        assert len(str(error)) < MAX_MESSAGE, str(error)[:300]


@FAST
@given(counts=st.lists(st.one_of(st.integers(-1, 40), st.floats(0, 8), st.none(), st.booleans(),
                                 st.sampled_from([np.int16(4), np.float32(4), "4", 10**7])),
                       min_size=11, max_size=14))
def test_any_counts_give_exact_chances_or_an_error_naming_counts(counts):
    whole = all(type(n) in (int, np.int16) and n >= 0 for n in counts)
    try:
        chances = outcome_probabilities(counts=counts)
    except BaccaratError as error:
        message = str(error)
        assert len(message) < MAX_MESSAGE
        assert ("counts" in message) or (whole and len(counts) == 13 and
                                         ("at least 6 cards" in message or "at most" in message))
        return
    assert whole and len(counts) == 13 and sum(counts) >= 6
    assert all(isinstance(p, Fraction) for p in chances.values()) and sum(chances.values()) == 1


@FAST
@given(seed=st.one_of(st.none(), st.integers(-2**70, 2**70), st.floats(), TEXT, st.booleans(),
                      st.lists(st.integers(0, 5), max_size=2),
                      st.sampled_from([np.int64(5), np.uint8(3), np.int32(-2), np.float64(1.0)])))
def test_a_seed_is_accepted_exactly_when_the_policy_says(seed):
    valid = seed is None or (isinstance(seed, (int, np.integer)) and not isinstance(seed, bool) and seed >= 0)
    try:
        deal_shoe(decks=1, seed=seed)
    except BaccaratError as error:
        assert not valid and "seed" in str(error) and len(str(error)) < MAX_MESSAGE
    else:
        assert valid


@FAST
@given(outcomes=st.one_of(st.lists(st.sampled_from(["B", "P", "T", "banker", "x", None, 1, ""]), max_size=30),
                          st.text(alphabet="BPT x", max_size=40), ANYTHING),
       rows=st.one_of(st.integers(-1, 8), ANYTHING), max_k=st.one_of(st.integers(-1, 6), ANYTHING))
def test_roads_answer_or_refuse(outcomes, rows, max_k):
    for call in (lambda: big_road(outcomes, rows), lambda: streak_statistics(outcomes, max_k)):
        try:
            call()
        except BaccaratError as error:
            assert len(str(error)) < MAX_MESSAGE
