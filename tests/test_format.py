"""The rule that turns numbers into text for the command line's and the report's tables."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from phidelta._format import MISSING, column_text, number_text

measures = st.floats(min_value=-1, max_value=1, allow_nan=False).filter(
    lambda v: v == 0 or abs(v) >= 1e-3
)


@given(st.lists(measures, min_size=1, max_size=30))
def test_a_column_of_measures_shares_its_decimals_and_keeps_its_values(values):
    text = column_text(values)
    decimals = {len(t.split(".")[1]) if "." in t else 0 for t in text}
    assert len(decimals) == 1  # they line up
    (places,) = decimals
    for value, shown in zip(values, text, strict=True):
        assert abs(float(shown) - value) <= 0.5 * 10**-places + 1e-15
    nonzero = [abs(v) for v in values if v]
    if nonzero:  # at least two significant digits of the smallest, four decimals below 1
        assert places >= 1 - math.floor(math.log10(min(nonzero)))
        assert places >= 4 or all(v == math.floor(v) for v in nonzero)


def test_whole_numbers_do_not_cost_the_others_a_decimal():
    assert column_text([0.8947, 0.75, 1.0]) == ["0.8947", "0.7500", "1.0000"]
    assert column_text([13.83, 2.436]) == ["13.83", "2.44"]


def test_p_values_and_large_numbers_keep_significant_digits_each():
    assert column_text([0.0002003, 0.01486, 1.0]) == ["0.0002003", "0.01486", "1"]
    assert column_text([2.5e7, 3.0]) == ["2.5e+07", "3"]


def test_missing_infinite_and_other_values():
    assert column_text([0.5, None, float("nan"), float("inf")]) == [
        "0.5000",
        MISSING,
        MISSING,
        "inf",
    ]
    assert column_text(["a", 0.123456, 3]) == ["a", "0.1235", "3"]  # not all floats
    assert column_text([0.0, -0.0, None]) == ["0.0000", "0.0000", MISSING]  # as its neighbours
    assert column_text([-0.0, 0.5]) == ["0.0000", "0.5000"]  # no "-0.0000"
    assert column_text([float("nan")]) == [MISSING]
    assert column_text([1.0, -1.0]) == ["1.000", "-1.000"]
    assert column_text([]) == []
    assert column_text(list(np.array([0.25, 0.5]))) == ["0.2500", "0.5000"]  # NumPy floats
    assert number_text(True) == "True"
    assert number_text(np.float32(0.1234567)) == "0.1235"
