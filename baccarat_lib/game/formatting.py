"""Numbers as the course prints and reads them: exact values rounded only for display, in the current language.

English "24,000" and "9.50", Vietnamese "24.000" and "9,50" (Babel's marks), a minus sign "−", never a hyphen;
``read_number`` reads them back. None depends on the caller's ``decimal`` context.

>>> percent(Fraction(2, 3), 1), percent(Fraction(-1, 8), 1, sign=True), money(Decimal("22800.50"))
('66.7%', '−12.5%', '22,800.50')
>>> from baccarat_lib.i18n import using_language
>>> with using_language("vi"):
...     percent(Fraction(2, 3), 1), money(Decimal("22800.50")), money(24000), number(1234567), number(0.95, 2)
('66,7%', '22.800,50', '24.000', '1.234.567', '0,95')
"""

from __future__ import annotations

import math
import numbers
import operator
import re
from decimal import ROUND_HALF_EVEN, Context, Decimal, Inexact, InvalidOperation, localcontext
from fractions import Fraction

from ..errors import BaccaratError, refusal, shown, whole_number
from ..i18n import N_, _, language, number_symbols
from .cards import _index

__all__ = ["rounded", "percent", "money", "number", "localized", "duration", "read_number", "number_hint",
           "NUMBER_KINDS"]

MINUS = "\u2212"
MAX_PLACES = 30              # decimals rounded() and percent() may show
_LIMIT = 10 ** 30            # the largest size of a number they format
_DIGITS = 3400               # bits of a fraction's numerator or denominator (about 1,000 digits)
_FORMAT = Context(prec=200, rounding=ROUND_HALF_EVEN, Emax=10 ** 6, Emin=-10 ** 6, traps=[InvalidOperation, Inexact])


def _fraction(name: str, value) -> Fraction:
    """A finite number (numpy too, not text or a bool) as an exact Fraction, of size at most 10**30."""
    fraction = None
    if isinstance(value, Decimal):
        if value.is_finite() and value.adjusted() <= 30 and not (value and value.adjusted() < -1000):
            fraction = Fraction(value)
    elif isinstance(value, numbers.Rational):                                      # ints, Fractions, numpy ints
        try:
            fraction = Fraction(operator.index(value.numerator), operator.index(value.denominator))
        except (TypeError, ZeroDivisionError):
            fraction = None
    elif isinstance(value, numbers.Real):                                          # floats, numpy floats
        number = float(value)
        fraction = Fraction(number) if math.isfinite(number) else None
    if fraction is None or isinstance(value, bool) or fraction.numerator.bit_length() > _DIGITS \
            or fraction.denominator.bit_length() > _DIGITS or abs(fraction) > _LIMIT:
        raise BaccaratError(_("{name} must be a number (int, Fraction, Decimal or float) of size at most 10**30, "
                              "not {value}").format(name=name, value=shown(value)))
    return fraction


def rounded(fraction, places: int = 2) -> Decimal:
    """An exact fraction (size at most 10**30) rounded half-even to ``places`` decimals (0..30), for display only.

    >>> rounded(Fraction(1, 3)), rounded(Fraction(-5, 8), 2)
    (Decimal('0.33'), Decimal('-0.62'))
    """
    return _rounded(_fraction("fraction", fraction), whole_number("places", places, 0, MAX_PLACES))


def _rounded(fraction: Fraction, places: int) -> Decimal:
    units = round(fraction * 10 ** places)          # round() of a Fraction rounds half to even, exactly
    sign = 1 if units < 0 or (units == 0 and fraction < 0) else 0   # -0.001 rounds to -0.00, as Decimal does
    return Decimal((sign, tuple(int(digit) for digit in str(abs(units))), -places))


def percent(fraction, places: int = 4, sign: bool = False) -> str:
    """An exact fraction as a percentage with ``places`` decimals (``sign``: "+0.50%").

    >>> percent(Fraction(2, 3), 1), percent(0), percent(Fraction(1, 200), 2, sign=True)
    ('66.7%', '0.0000%', '+0.50%')
    """
    if not isinstance(sign, bool):
        raise refusal(_("sign must be True or False, not {value}"), value=sign)
    value = _rounded(_fraction("fraction", fraction) * 100, whole_number("places", places, 0, MAX_PLACES))
    return localized(f"{value:+}%" if sign else f"{value}%")


def number(value, places: int | None = None) -> str:
    """A number as the current language writes it: whole, or rounded to ``places``.

    >>> number(1234567), number(Fraction(19, 20), 2), number(-0.5, 1)
    ('1,234,567', '0.95', '−0.5')
    """
    fraction = _fraction("value", value)
    if places is None:
        if fraction.denominator != 1:
            raise refusal(_("places must be given for a number that is not whole, not None (value {value})"),
                          value=value)
        return localized(f"{fraction.numerator:,}")
    return _places(fraction, places)


def _places(fraction: Fraction, places) -> str:
    """``fraction`` rounded to ``places`` decimals, in the current language's marks."""
    return localized(f"{_rounded(fraction, whole_number('places', places, 0, MAX_PLACES)):,f}")


def duration(seconds, places: int = 1) -> str:
    """A time taken ("2.5 s"), or "—" when ``seconds`` is None.

    >>> duration(2.25), duration(None)
    ('2.2 s', '—')
    """
    if seconds is None:
        # Translators: shown instead of a time that could not be measured (a table cell); keep it short.
        return _("—")
    return _("{seconds} s").format(seconds=_places(_fraction("seconds", seconds), places))


_HYPHEN_MINUS = re.compile(r"-(?=\d)")      # a hyphen written before a digit is a minus sign


def localized(text: str) -> str:
    """English-formatted digits ("-22,800.50") in the current language's marks ("−22.800,50" in Vietnamese)."""
    if not isinstance(text, str):
        raise refusal(_("text must be text holding English-formatted digits such as \"22,800.50\", not "
                        "{value}"), value=text)
    text = _HYPHEN_MINUS.sub(MINUS, text)
    decimal_mark, group = number_symbols()
    if (decimal_mark, group) == (".", ","):
        return text
    return text.translate(str.maketrans({".": decimal_mark, ",": group}))


# What a learner is asked to type, and the hint that says so when the text is not such a number.
NUMBER_KINDS = {
    "total": N_("Type a total: a whole number from 0 to 9."),
    "whole": N_("Type a whole number, such as {example} or {negative}."),
    "money": N_("Type an amount of money: a number with at most two decimals, such as {example} or {negative}."),
    "number": N_("Type a number, such as {example} or {negative}."),
}
_EXAMPLES = {"total": Decimal(7), "whole": Decimal(12), "money": Decimal("9.50"), "number": Decimal("9.5")}
_EXPONENT_OR_SPACE = re.compile(r"[eE\s]")


def number_hint(kind: str = "number") -> str:
    """What a learner should type for a number of ``kind`` (``NUMBER_KINDS``)."""
    if not isinstance(kind, str) or kind not in NUMBER_KINDS:
        raise BaccaratError(_("kind must be one of {accepted}, not {value}").format(
            accepted=", ".join(NUMBER_KINDS), value=shown(kind)))
    example = _EXAMPLES[kind]
    return _(NUMBER_KINDS[kind]).format(example=number(example, -example.as_tuple().exponent),
                                        negative=number(-10))


def read_number(text, kind: str = "number") -> Decimal:
    """The number a learner typed, read strictly in the current language; else refused with ``number_hint(kind)``.

    >>> read_number("1,000"), read_number(" 9.5 "), read_number("−10", "whole"), read_number("9.50", "money")
    (Decimal('1000'), Decimal('9.5'), Decimal('-10'), Decimal('9.50'))
    >>> read_number("1e2")
    Traceback (most recent call last):
    baccarat_lib.errors.BaccaratError: Type a number, such as 9.5 or −10.
    """
    hint = number_hint(kind)
    if not isinstance(text, str):
        raise refusal(_("text must be the text a learner typed, not {value}"), value=text)
    cleaned = "" if len(text) > 40 else text.strip().replace(MINUS, "-")
    cleaned = cleaned[1:] if cleaned.startswith("+") else cleaned   # a change's plus sign ("+2.000") is no part of it
    if not cleaned or (cleaned[0] in "+-" and cleaned[1:2] in ("+", "-")) or _EXPONENT_OR_SPACE.search(cleaned):
        raise BaccaratError(hint)
    from babel.numbers import NumberFormatError, parse_decimal
    try:
        with localcontext(_FORMAT):        # the caller's decimal context (a precision of 4) must not round it
            value = parse_decimal(cleaned, locale=language(), strict=True)
    except (NumberFormatError, ValueError, ArithmeticError):
        raise BaccaratError(hint) from None
    if not value.is_finite() or (kind == "money" and value.as_tuple().exponent < -2) \
            or (kind in ("total", "whole") and value != value.to_integral_value()) \
            or (kind == "total" and not 0 <= value <= 9):
        raise BaccaratError(hint)
    return value.quantize(Decimal(1)) if kind in ("total", "whole") else value


def _decimal(value, text_limit: int) -> Decimal | None:
    """``value`` as the Decimal it is written as (a float as it prints), or None; text up to ``text_limit`` long."""
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return None
    try:
        if isinstance(value, str):
            return Decimal(value.strip()) if len(value) <= text_limit else None
        if isinstance(value, float):
            return Decimal(str(value))                   # as it prints (numpy floats too); NaN: the caller refuses it
        if isinstance(value, Decimal):
            return value
        number = _index(value)
        return Decimal(number) if number is not None and abs(number) < 10 ** 40 else None
    except (ArithmeticError, ValueError):
        return None


def money(amount) -> str:
    """An amount as on a receipt: no decimals when whole, cents as two digits, every digit finer than a cent.

    >>> money(Decimal("22800")), money(Decimal("9.50")), money(Decimal("-100")), money(Decimal("-0"))
    ('22,800', '9.50', '−100', '0')
    >>> money(Decimal("1E+3")), money(Decimal("9.5E+2")), money(1e3), money("0.5005"), money(Decimal("1E-7"))
    ('1,000', '950', '1,000', '0.5005', '0.0000001')
    """
    with localcontext(_FORMAT):
        given, amount = amount, _decimal(amount, 100)
        if amount is None or not amount.is_finite() or (amount and not -40 <= amount.adjusted() < 40) \
                or amount.as_tuple().exponent < -80 or len(amount.as_tuple().digits) > 120:
            raise BaccaratError(_("amount must be a Decimal, a whole number or text such as '9.50', below 10**40 "
                                  "with at most 40 decimals, not {value}").format(value=shown(given)))
        if amount == amount.to_integral_value():
            amount = amount.quantize(Decimal(1))                       # 1E+3 -> 1000, 95.00 -> 95
        else:
            amount = amount.normalize()                                # 9.50 -> 9.5, 0.5005 stays
            if amount.as_tuple().exponent == -1:
                amount = amount.quantize(Decimal("0.01"))              # 9.5 -> 9.50: cents as two digits
        return localized(f"{amount.copy_abs() if amount.is_zero() else amount:,f}")
