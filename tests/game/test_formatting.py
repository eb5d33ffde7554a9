"""Number formatting (baccarat_lib.game.formatting): exact rounding, percentages and money as on a receipt."""

from decimal import Decimal
from fractions import Fraction

import pytest

from baccarat_lib.errors import BaccaratError
from baccarat_lib.game.formatting import duration, money, number, number_hint, percent, read_number, rounded
from baccarat_lib.i18n import using_language


def test_percent_and_rounding_are_exact():
    assert percent(Fraction(1, 20)) == "5.0000%"
    assert percent(Fraction(1, 8), 1) == "12.5%"           # 12.5 exactly: nothing to round
    assert percent(Fraction(1, 400), 1) == "0.2%"          # 0.25 → half-even → 0.2
    assert percent(Fraction(-1, 3), 2) == "−33.33%"
    assert rounded(Fraction(2, 3), 3) == Decimal("0.667")


def test_money_reads_like_a_receipt():
    assert money(Decimal("24000")) == "24,000"
    assert money(Decimal("9.50")) == "9.50"      # Cents where there are cents
    assert money(Decimal("95.00")) == "95"


def test_percent_with_a_sign_for_changes_and_money_never_minus_zero():
    # Behaviours added in the layered refactor: percent(..., sign=True) writes "+", and money(-0) is "0".
    assert percent(Fraction(1, 200), 2, sign=True) == "+0.50%"
    assert percent(Fraction(-1, 3), 2, sign=True) == "−33.33%"
    assert percent(Fraction(1, 20)) == percent(Fraction(1, 20), sign=False) == "5.0000%"
    assert money(Decimal("-0")) == "0" and money(Decimal("-0.00")) == "0"
    assert money(Decimal("-9.50")) == "−9.50"


def test_money_never_prints_an_exponent_and_shows_cents_as_two_digits():
    # "1e3" gave "1E+3"; worked by hand: 10**3 = 1,000; 9.5 * 10**2 = 950.
    assert money(Decimal("1E+3")) == "1,000" and money(Decimal("9.5E+2")) == "950" and money(1e3) == "1,000"
    assert money(Decimal("5E+1")) == "50" and money("1e12") == "1,000,000,000,000"
    assert money(Decimal("0.5")) == "0.50" and money(Decimal("1234567.5")) == "1,234,567.50"
    assert money(Decimal("0.05")) == "0.05" and money(Decimal("22800.00")) == "22,800"
    # finer than a cent (settle never gives it, a caller may): every digit, still no exponent
    assert money(Decimal("0.5005")) == "0.5005" and money(Decimal("1E-7")) == "0.0000001"
    assert "E" not in money(Decimal("-1.5E-9")) and money(Decimal("-1.5E-9")) == "−0.0000000015"


def test_a_time_taken_and_a_time_nobody_knows():
    # By hand: 2.25 s to one decimal, half-even: 2.2; 24.05 s (stored as a float a little above 24.05): 24.1.
    # An unknown time (None) is a dash in either language, never a number, so never "slow".
    assert (duration(2.25), duration(24.05), duration(0), duration(Fraction(7, 2))) == ("2.2 s", "24.1 s", "0.0 s",
                                                                                       "3.5 s")
    assert duration(None) == "—"
    with using_language("vi"):
        assert (duration(2.25), duration(None)) == ("2,2 giây", "—")
    for bad in ("3 s", float("nan"), True):
        with pytest.raises(BaccaratError, match="seconds must be a number"):
            duration(bad)


# ---------------------------------------------------------------- reading what a learner types

def test_negative_numbers_are_written_with_the_minus_sign():
    # U+2212, in every language; a hyphen before a digit was the old way ("Player: -100")
    assert money(Decimal("-100")) == "−100" and number(-5) == "−5" and percent(Fraction(-1, 8), 1) == "−12.5%"
    with using_language("vi"):
        assert money(Decimal("-1234.5")) == "−1.234,50"


@pytest.mark.parametrize("typed, language, value", [
    ("1,000", "en", "1000"), ("1.000", "vi", "1000"),          # thousands: a comma in English, a dot in Vietnamese
    ("10.5", "en", "10.5"), ("10,5", "vi", "10.5"),            # ten and a half
    ("1,000", "vi", "1.000"), ("1.000", "en", "1.000"),        # the other language's thousands are decimals here
    ("22.800", "vi", "22800"), ("9,50", "vi", "9.50"), ("−10", "en", "-10"), ("-10", "vi", "-10"),
    (" +7 ", "en", "7"), ("1.000,5", "vi", "1000.5"),
])
def test_read_number_reads_the_learners_language(typed, language, value):
    with using_language(language):
        assert read_number(typed) == Decimal(value)


@pytest.mark.parametrize("typed, language", [
    ("1e2", "en"), ("1E2", "vi"), ("9.5.1", "en"), ("9,5,1", "vi"), ("", "en"), ("   ", "vi"), ("9.5", "vi"),
    ("10,5", "en"), ("1 000", "en"), ("abc", "vi"), ("nan", "en"), ("Infinity", "en"), ("1.00.000", "vi"),
])
def test_read_number_refuses_what_is_no_number_with_a_hint(typed, language):
    with using_language(language):
        with pytest.raises(BaccaratError) as refused:
            read_number(typed)
        assert str(refused.value) == number_hint("number")


def test_the_hint_says_what_the_question_takes_in_the_learners_language():
    # a total is a whole number 0-9; money has at most two decimals
    for typed in ("10", "5.5", "-1"):
        with pytest.raises(BaccaratError, match="^Type a total: a whole number from 0 to 9.$"):
            read_number(typed, "total")
    assert read_number("9", "total") == 9 and read_number("7.0", "total") == 7
    with pytest.raises(BaccaratError, match=r"^Type an amount of money: a number with at most two decimals, such as 9.50 or −10.$"):
        read_number("9.505", "money")
    with using_language("vi"):
        assert number_hint("money") == "Hãy gõ số tiền: một số có nhiều nhất hai chữ số thập phân, ví dụ 9,50 hoặc −10."
        assert number_hint("total") == "Hãy gõ tổng điểm: một số nguyên từ 0 đến 9."
        with pytest.raises(BaccaratError, match="^Hãy gõ một số nguyên, ví dụ 12 hoặc −10.$"):
            read_number("2,5", "whole")
    with pytest.raises(BaccaratError, match="kind must be one of total, whole, money, number, not 'price'"):
        number_hint("price")
