"""The one exception the library raises for bad input, ``BaccaratError`` (a ``ValueError`` whose message names the
argument, what was given and what is accepted), and the checks every public function shares at its door: ``shown``
and ``shown_path`` quote a given value or path in a message (cut short, so messages stay under 200 characters),
``refusal`` makes the error of a sentence whose fields are given values, ``whole_number`` and ``check_seed`` check
the commonest arguments. Their own ``name``, bounds and ``limit`` come from the library and are trusted.

**Seeds.** Every random source of the library (``Shoe``, ``simulate``, drills, widgets) takes ``seed``:
``None`` for fresh randomness, or a whole number 0 or more (a numpy integer is fine). The same seed always
gives the same result. Negative, fractional, text and other seeds are refused with a ``BaccaratError``.

>>> issubclass(BaccaratError, ValueError)
True
>>> whole_number("decks", 8, 1, 8), check_seed(2024), check_seed(None)
(8, 2024, None)
>>> whole_number("decks", 9, 1, 8)
Traceback (most recent call last):
...
baccarat_lib.errors.BaccaratError: decks must be a whole number from 1 to 8, not 9
>>> len(shown("x" * 10**6)), shown("x" * 10**6)[-3:]
(40, 'xx…')
"""

from __future__ import annotations

import operator

__all__ = ["BaccaratError", "shown", "shown_path", "whole_number", "check_seed", "refusal", "MAX_SHOWN"]

MAX_SHOWN = 40  # characters of a given value an error message quotes

_translator = str   # messages in English until baccarat_lib.i18n installs gettext (it sits above this module)


def _install_translator(function) -> None:
    """Translate this module's messages with ``function`` (``baccarat_lib.i18n`` installs its ``_``)."""
    global _translator
    _translator = function


def _(message: str) -> str:
    """``message`` in the course's language."""
    return _translator(message)


class BaccaratError(ValueError):
    """Bad input to the baccarat library; the message says what was wrong and what is accepted."""


def shown(value, limit: int = MAX_SHOWN) -> str:
    """``repr(value)``, cut to ``limit`` characters (2 or more) with an ellipsis, for error messages."""
    try:
        text = repr(value)
    except Exception:  # a value whose repr fails is still named by its type
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit - 1] + "…"


def refusal(message: str, **given) -> BaccaratError:
    """A ``BaccaratError`` saying ``message`` (a sentence already translated) with each field a value as ``shown``
    quotes it, so a refused value of any size gives a short message."""
    return BaccaratError(message.format(**{name: shown(value) for name, value in given.items()}))


def shown_path(path, limit: int = 80) -> str:
    """``repr(str(path))``, cut at its start to ``limit`` characters when longer: the end names the file.

    >>> long = shown_path("/tmp/" + "x" * 100 + "/answers.csv")
    >>> len(long), long[:2], long[-12:]
    (80, '…x', "answers.csv'")
    """
    text = repr(str(path))
    return text if len(text) <= limit else "…" + text[-(limit - 1):]


def _refusal(name: str, low, high, value) -> BaccaratError:
    """"decks must be a whole number from 1 to 8, not 9": one catalog sentence per kind of range."""
    if low is not None and high is not None:
        message = _("{name} must be a whole number from {low} to {high}, not {value}")
    elif low is not None:
        message = _("{name} must be a whole number {low} or more, not {value}")
    elif high is not None:
        message = _("{name} must be a whole number {high} or less, not {value}")
    else:
        message = _("{name} must be a whole number, not {value}")
    return BaccaratError(message.format(name=name, low=low, high=high, value=shown(value)))


def whole_number(name: str, value, low: int | None = None, high: int | None = None) -> int:
    """``value`` as an int: any integral value (int, numpy integer), not a bool, float or text; in ``low..high``.

    ``name`` (the argument's name, as the message says it) and the bounds come from the library, not a learner."""
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        raise _refusal(name, low, high, value)
    try:
        number = operator.index(value)
    except TypeError:
        raise _refusal(name, low, high, value) from None
    if (low is not None and number < low) or (high is not None and number > high):
        raise _refusal(name, low, high, number)
    return number


def check_seed(seed, name: str = "seed") -> int | None:
    """The one seed policy: None (fresh randomness) or a whole number 0 or more (numpy integers too)."""
    if seed is None:
        return None
    try:
        return whole_number(name, seed, low=0)
    except BaccaratError:
        raise BaccaratError(_("{name} must be None or a whole number 0 or more (the same seed gives the same "
                              "shuffle), not {value}").format(name=name, value=shown(seed))) from None
