"""Shared by the bad-input tests of every layer: a refusal must be a short BaccaratError that says what it refused.

- ``refused(call, *words)``: ``call()`` raises a BaccaratError under 200 characters holding every one of ``words``.
- ``JUNK`` and ``values(valid)``: what the fuzz harness (tests/test_bad_input.py) feeds every entry point: the
  ``valid`` examples, the junk below, and arbitrary numbers, text, decimals, fractions, lists, bytes and dicts.
- ``keywords_for(function, values)``: keyword arguments drawn from ``values``: every required parameter, any of
  the optional ones.
"""

import inspect
import random
import re
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import strategies as st

from baccarat_lib.errors import BaccaratError

MAX_MESSAGE = 200

# 10 ** 4000, not 10 ** 5000: old hypothesis versions write a drawn value's repr, and Python refuses to write an
# int of more than 4,300 digits.
JUNK = [None, True, False, np.bool_(True), np.int64(8), np.int8(-1), np.uint64(2 ** 63), np.float64("nan"),
        np.float32(0.5), np.array([1, 2]), np.array(3), np.array(["7", "8"]), np.arange(10), np.array([[1]]),
        np.random.default_rng(0), random.Random(1), b"7 8", 10 ** 4000, -10 ** 30, 10 ** 28 + 1,
        float("inf"), 1e28, Decimal("NaN"), Decimal("sNaN"), Decimal("1E+999999"), Decimal("1E-999999"),
        "x" * 100_000, "7 " * 50_000, "B" * 100_000, "1" * 100_000, "Z" * 1_000_000, ["banker"], [None],
        {"a": 1}, (), object(), Fraction(1, 3), "\x00", "٣", " , ,", "1e999999999"]


def case_id(value, width: int = 40) -> str:
    """A test id for a bad value: its repr, without the memory address an object's repr holds (ids must be the same
    in every process that collects the tests, as pytest-xdist's workers do), cut to ``width`` characters."""
    return re.sub(r" at 0x[0-9a-fA-F]+", "", repr(value) if not isinstance(value, tuple) else str(value))[:width]


def values(valid):
    """A strategy for one argument: a ``valid`` example, a piece of ``JUNK``, or something arbitrary."""
    return st.one_of(
        st.sampled_from(valid), st.integers(0, len(JUNK) - 1).map(lambda index: JUNK[index]),  # no repr of junk
        st.none(), st.booleans(),
        st.integers(min_value=-10 ** 40, max_value=10 ** 40), st.integers(min_value=-3, max_value=20),
        st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=30), st.decimals(allow_nan=True),
        st.fractions(), st.lists(st.integers(-2, 12), max_size=4), st.lists(st.text(max_size=4), max_size=4),
        st.binary(max_size=8), st.dictionaries(st.integers(-2, 12), st.integers(-2, 12), max_size=3),
    )


def refused(call, *words):
    """Run ``call``; it must raise a short BaccaratError whose message holds every one of ``words``."""
    with pytest.raises(BaccaratError) as caught:
        call()
    message = str(caught.value)
    assert len(message) < MAX_MESSAGE, message[:300]
    for word in words:
        assert word in message, message
    return message


def keywords_for(function, values):
    """Keyword arguments drawn from ``values``: every required parameter, and any of the optional ones."""
    parameters = [p for p in inspect.signature(function).parameters.values()
                  if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD, p.POSITIONAL_ONLY)]
    return st.fixed_dictionaries({p.name: values for p in parameters if p.default is p.empty},
                                 optional={p.name: values for p in parameters if p.default is not p.empty})
