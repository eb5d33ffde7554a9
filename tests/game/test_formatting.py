"""Number formatting (baccarat_lib.game.formatting): exact rounding, percentages and money as on a receipt."""

from decimal import Decimal
from fractions import Fraction

from baccarat_lib.game.formatting import money, percent, rounded


def test_percent_and_rounding_are_exact():
    assert percent(Fraction(1, 20)) == "5.0000%"
    assert percent(Fraction(1, 8), 1) == "12.5%"           # 12.5 exactly: nothing to round
    assert percent(Fraction(1, 400), 1) == "0.2%"          # 0.25 → half-even → 0.2
    assert percent(Fraction(-1, 3), 2) == "-33.33%"
    assert rounded(Fraction(2, 3), 3) == Decimal("0.667")


def test_money_reads_like_a_receipt():
    assert money(Decimal("24000")) == "24,000"
    assert money(Decimal("9.50")) == "9.5"
    assert money(Decimal("95.00")) == "95"


def test_percent_with_a_sign_for_changes_and_money_never_minus_zero():
    # Behaviours added in the layered refactor: percent(..., sign=True) writes "+", and money(-0) is "0".
    assert percent(Fraction(1, 200), 2, sign=True) == "+0.50%"
    assert percent(Fraction(-1, 3), 2, sign=True) == "-33.33%"
    assert percent(Fraction(1, 20)) == percent(Fraction(1, 20), sign=False) == "5.0000%"
    assert money(Decimal("-0")) == "0" and money(Decimal("-0.00")) == "0"
    assert money(Decimal("-9.50")) == "-9.5"
