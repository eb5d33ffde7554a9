"""Shared by the bad-input tests of every layer: a refusal must be a short BaccaratError that says what it refused.

- ``refused(call, *words)``: ``call()`` raises a BaccaratError under 200 characters holding every one of ``words``.
- ``only_baccarat_errors(function, arguments)``: ``function(*arguments)`` returns, or raises a short BaccaratError.
- ``arity(function)`` and ``arguments_for(function, values)``: a hypothesis strategy for positional arguments
  between the required and the largest number (a wrong count would be Python's own TypeError).
"""

import inspect

import pytest
from hypothesis import strategies as st

from baccarat_lib.errors import BaccaratError
from baccarat_lib.game import Outcome

MAX_MESSAGE = 200


def refused(call, *words):
    """Run ``call``; it must raise a short BaccaratError whose message holds every one of ``words``."""
    with pytest.raises(BaccaratError) as caught:
        call()
    message = str(caught.value)
    assert len(message) < MAX_MESSAGE, message[:300]
    for word in words:
        assert word in message, message
    return message


def only_baccarat_errors(function, arguments):
    """``function(*arguments)`` either returns or raises a BaccaratError under 200 characters."""
    try:
        function(*arguments)
    except BaccaratError as error:
        assert len(str(error)) < MAX_MESSAGE, str(error)[:300]
    except Exception as error:  # pragma: no cover - the failure report
        pytest.fail(f"{type(error).__name__} escaped: {str(error)[:200]}")


def arity(function) -> tuple[int, int]:
    """How many positional arguments ``function`` takes: (required, most)."""
    if function is Outcome:               # Outcome(value); Outcome(name, names) is Enum's functional API
        return 1, 1
    parameters = [p for p in inspect.signature(function).parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return sum(p.default is p.empty for p in parameters), len(parameters)


def arguments_for(function, values):
    """Positional arguments drawn from ``values``: between the required and the largest number."""
    low, high = arity(function)
    return st.lists(values, min_size=low, max_size=high)
