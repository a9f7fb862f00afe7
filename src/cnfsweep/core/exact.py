"""Exact answers written as text: :func:`int_text` and :func:`exact_text`.

They write integers and fractions of any size, in every digit, without touching
Python's process-wide limit on int/str conversion (which they read, never set).
"""

from __future__ import annotations

import decimal
import sys
from fractions import Fraction

__all__ = ["exact_text", "int_text"]


# Below this many bits str() is the fastest way to write an integer; above it str() is quadratic
# (Python 3.11), while building a Decimal from halves of the binary digits is not (about 5,000 digits).
_STR_BITS = 16_600
# Pieces this small become a Decimal directly (at most 617 digits: within any limit Python allows).
_LEAF_BITS = 2_048
# log10(2), rounded up: an upper bound on the decimal digits per bit.
_DIGITS_PER_BIT = 0.30103


def int_text(n: int) -> str:
    """Write an integer of any size in decimal, as ``str`` does without a limit on digits.

    ``str`` refuses integers of more digits than ``sys.get_int_max_str_digits()``
    (4,300 by default), and lifting that limit would lift it for every thread of
    the process.  Bigger integers are built as a :class:`decimal.Decimal` (whose
    text has no such limit) from their two halves of binary digits, in a context
    of this call's own, which is also much faster than ``str`` on huge ones.

    Examples
    --------
    >>> int_text(-120)
    '-120'
    >>> text = int_text(7 ** 20_000)
    >>> len(text), text[:12], text[-3:]
    (16902, '913692973567', '001')
    """
    if n < 0:
        return "-" + int_text(-n)
    bits = n.bit_length()
    limit = sys.get_int_max_str_digits()  # read, never set
    if bits <= _STR_BITS and (limit == 0 or bits * _DIGITS_PER_BIT + 1 <= limit):
        return str(n)
    context = decimal.Context(prec=decimal.MAX_PREC, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN)
    powers: dict[int, decimal.Decimal] = {}

    def build(m: int, width: int) -> decimal.Decimal:
        # m < 2**width; a Decimal from an int is exact whatever the context.
        if width <= _LEAF_BITS:
            return decimal.Decimal(m)
        half = width // 2
        high = m >> half
        if half not in powers:
            powers[half] = context.power(decimal.Decimal(2), half)
        return context.add(context.multiply(build(high, width - half), powers[half]), build(m - (high << half), half))

    # Integral Decimals built from integers keep exponent 0, so their text is plain digits.
    return str(build(n, bits))


def exact_text(value: Fraction | int) -> str:
    """Write a fraction (``"n/d"``, or ``"n"`` for a whole one) or an integer as ``str`` does, in every digit.

    Examples
    --------
    >>> exact_text(Fraction(6, 4)), exact_text(Fraction(3)), exact_text(5)
    ('3/2', '3', '5')
    """
    if isinstance(value, Fraction):
        text = int_text(value.numerator)
        return text if value.denominator == 1 else f"{text}/{int_text(value.denominator)}"
    return int_text(value)
