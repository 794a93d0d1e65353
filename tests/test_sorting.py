"""A long sort shared by threads gives exactly NumPy's sorted array."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from phidelta import _parallel, _sorting
from phidelta._sorting import sort_in_parts


@pytest.fixture(params=[1, 2, 3, 4, 6])
def threads(request, monkeypatch):
    """Splits from 64 values on, with this many threads."""
    monkeypatch.setenv("PHIDELTA_NUM_THREADS", str(request.param))
    monkeypatch.setattr(_parallel, "MIN_ROWS", 64)
    monkeypatch.setattr(_sorting, "SPLIT_SORT_ROWS", 64)
    return request.param


def _orders(rng: np.random.Generator, n: int) -> dict[str, np.ndarray]:
    values = rng.normal(size=n)
    return {
        "random": values,
        "sorted": np.sort(values),
        "reversed": np.sort(values)[::-1].copy(),
        "few distinct": rng.integers(0, 3, n).astype(np.float64),
        "one value": np.full(n, 2.5),
        "one outlier": np.r_[np.zeros(max(n - 1, 0)), np.ones(min(n, 1))],
        "halves apart": np.r_[rng.normal(size=n // 2) + 100, rng.normal(size=n - n // 2)],
        "keys": rng.integers(0, 2**64, n, dtype=np.uint64),
    }


@pytest.mark.parametrize("n", [0, 1, 63, 64, 65, 200, 1000, 5001])
def test_equals_numpy_sort(threads, n):
    for name, values in _orders(np.random.default_rng(n), n).items():
        expected = np.sort(values)
        sort_in_parts(values)
        np.testing.assert_array_equal(values, expected, err_msg=name)


@settings(max_examples=60, deadline=None)
@given(
    hnp.arrays(
        np.float64,
        st.integers(0, 600),
        elements=st.floats(allow_nan=False, allow_infinity=True, width=64),
    ),
    st.sampled_from([2, 4]),
)
def test_equals_numpy_sort_for_any_doubles(values, threads):
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PHIDELTA_NUM_THREADS", str(threads))
        patch.setattr(_parallel, "MIN_ROWS", 64)
        patch.setattr(_sorting, "SPLIT_SORT_ROWS", 64)
        expected = np.sort(values)
        sort_in_parts(values)
    # -0.0 and 0.0 are equal and may change places, as in any unstable sort
    np.testing.assert_array_equal(values, expected)


def test_split_in_two_keeps_every_lower_value_first(threads):
    rng = np.random.default_rng(7)
    for values in _orders(rng, 999).values():
        original = np.sort(values)
        cut = _sorting._split_in_two(values)
        assert 999 // 4 <= cut <= 999 - 999 // 4
        assert values[:cut].max() <= values[cut:].min()
        np.testing.assert_array_equal(np.sort(values), original)  # nothing lost or doubled


def test_a_long_array_on_the_machines_threads():
    """Without patches: the default split length and thread count."""
    values = np.random.default_rng(3).normal(size=3 * _sorting.SPLIT_SORT_ROWS)
    expected = np.sort(values)
    sort_in_parts(values)
    np.testing.assert_array_equal(values, expected)
