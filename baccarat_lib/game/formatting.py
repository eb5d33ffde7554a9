"""Numbers as the course prints them: exact values rounded only for display.

Explanations are written by the code that decides (``payouts.settle``, the question builders), so the
formatting they share lives here, in the bottom layer, rather than among the views.

Public names:

- ``rounded(fraction, places=2)``: an exact Fraction rounded half-even to ``places`` decimals (a Decimal).
- ``percent(fraction, places=4, sign=False)``: an exact Fraction as a percentage, rounded only here.
- ``money(amount)``: a Decimal amount as written on a receipt: thousands separators, no trailing zeros.

>>> percent(Fraction(2, 3), 1), percent(Fraction(-1, 8), 1, sign=True), money(Decimal("22800.50"))
('66.7%', '-12.5%', '22,800.5')
"""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal, localcontext
from fractions import Fraction

__all__ = ["rounded", "percent", "money"]


def rounded(fraction, places: int = 2) -> Decimal:
    """An exact fraction rounded half-even to ``places`` decimals, for display only.

    >>> rounded(Fraction(1, 3)), rounded(Fraction(-5, 8), 2)
    (Decimal('0.33'), Decimal('-0.62'))
    """
    fraction = Fraction(fraction)
    with localcontext() as context:
        context.prec = 60
        value = Decimal(fraction.numerator) / Decimal(fraction.denominator)
        return value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_EVEN)


def percent(fraction, places: int = 4, sign: bool = False) -> str:
    """An exact fraction as a percentage with ``places`` decimals, rounded half-even only here.

    ``sign`` writes a plus sign on positive values (for changes).

    >>> percent(Fraction(2, 3), 1), percent(0), percent(Fraction(1, 200), 2, sign=True)
    ('66.7%', '0.0000%', '+0.50%')
    """
    value = rounded(Fraction(fraction) * 100, places)
    return f"{value:+}%" if sign else f"{value}%"


def money(amount) -> str:
    """An amount as written on a receipt: thousands separators, no trailing zeros after the point.

    >>> money(Decimal("22800")), money(Decimal("9.50")), money(Decimal("-100")), money(Decimal("-0"))
    ('22,800', '9.5', '-100', '0')
    """
    amount = Decimal(amount)
    amount = amount.quantize(Decimal(1)) if amount == amount.to_integral_value() else amount.normalize()
    return f"{amount.copy_abs() if amount.is_zero() else amount:,}"
