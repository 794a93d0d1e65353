"""Paired differences of two classifiers on the same rows (issue 29, item 4)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from numpy.testing import assert_allclose

from phidelta.counts import BinaryCounts
from phidelta.inference import PairedDifference, paired_difference_interval
from phidelta.inference._paired import newcombe_paired_bounds
from phidelta.measures import MEASURES

INFO = {m.name: m for m in MEASURES}


def _data(n: int = 60, seed: int = 3) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    a = np.where(rng.random(n) < 0.8, y, 1 - y)
    b = np.where(rng.random(n) < 0.65, y, 1 - y)
    return y, a, b


def _wilson(k: float, n: float, z: float) -> tuple[float, float]:
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def _newcombe_by_hand(a: int, b: int, c: int, d: int) -> tuple[float, float]:
    # Newcombe 1998 (paired data), method 10, written out step by step
    z = 1.959963984540054
    n = a + b + c + d
    p1, p2 = (a + b) / n, (a + c) / n
    l1, u1 = _wilson(a + b, n, z)
    l2, u2 = _wilson(a + c, n, z)
    margins = (a + b) * (c + d) * (a + c) * (b + d)
    ad_bc = a * d - b * c
    corrected = ad_bc - n / 2 if ad_bc > n / 2 else (ad_bc if ad_bc < 0 else 0.0)
    phi = corrected / math.sqrt(margins) if margins else 0.0
    low = p1 - p2 - math.sqrt((p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2)
    high = p1 - p2 + math.sqrt((u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2)
    return low, high


@pytest.mark.parametrize("table", [(36, 12, 2, 0), (8, 5, 4, 9), (20, 3, 1, 30), (5, 0, 0, 5)])
def test_newcombe_paired_matches_hand_computation(table):
    low, high = newcombe_paired_bounds(*(np.array([float(x)]) for x in table), 0.95)
    expected = _newcombe_by_hand(*table)
    assert_allclose([low[0], high[0]], np.clip(expected, -1, 1), rtol=0, atol=1e-12)


def test_auto_uses_newcombe_paired_for_shared_denominators():
    y, a, b = _data()
    res = paired_difference_interval(y, a, b, measures=["sensitivity", "accuracy"])
    pos, neg = y == 1, y == 0
    ok_a, ok_b = a == y, b == y
    for name, rows in (("sensitivity", pos), ("accuracy", pos | neg)):
        cells = [
            int(np.sum(rows & ok_a & ok_b)),
            int(np.sum(rows & ok_a & ~ok_b)),
            int(np.sum(rows & ~ok_a & ok_b)),
            int(np.sum(rows & ~ok_a & ~ok_b)),
        ]
        assert res.methods[name] == "newcombe_paired"
        assert_allclose([res.low[name], res.high[name]], _newcombe_by_hand(*cells), atol=1e-12)
        assert res.low[name] <= res.difference[name] <= res.high[name]


def test_bootstrap_matches_row_resampling():
    y, a, b = _data(n=40, seed=7)
    names = ["accuracy", "mcc", "f1_score", "precision", "delta"]
    n_boot = 6000
    res = paired_difference_interval(
        y, a, b, measures=names, method="percentile", n_resamples=n_boot, random_state=1
    )
    idx = np.random.default_rng(2).integers(0, len(y), size=(n_boot, len(y)))
    ys, as_, bs = y[idx], a[idx], b[idx]

    def counts(pred: np.ndarray) -> BinaryCounts:
        return BinaryCounts(
            tn=np.sum((ys == 0) & (pred == 0), axis=1),
            fp=np.sum((ys == 0) & (pred == 1), axis=1),
            fn=np.sum((ys == 1) & (pred == 0), axis=1),
            tp=np.sum((ys == 1) & (pred == 1), axis=1),
        )

    ca, cb = counts(as_), counts(bs)
    for name in names:
        diff = INFO[name](ca, zero_division=np.nan) - INFO[name](cb, zero_division=np.nan)
        low, high = np.nanquantile(diff, [0.025, 0.975])
        assert res.methods[name] == "percentile"
        assert_allclose([res.low[name], res.high[name]], [low, high], atol=0.04)


def test_identical_classifiers_give_zero():
    y, a, _ = _data()
    res = paired_difference_interval(y, a, a, random_state=0)
    for name in res.methods:
        if np.isnan(res.estimate_a[name]):
            assert np.isnan(res.difference[name])
            continue
        assert res.difference[name] == 0
        assert not np.isnan(res.low[name])
        assert not np.isnan(res.high[name])
        assert res.low[name] <= 0 <= res.high[name]


def test_swapping_negates():
    y, a, b = _data()
    ab = paired_difference_interval(y, a, b, measures=["sensitivity", "accuracy", "precision"])
    ba = paired_difference_interval(y, b, a, measures=["sensitivity", "accuracy", "precision"])
    for name in ("sensitivity", "accuracy"):  # closed form: exactly
        assert ab.difference[name] == -ba.difference[name]
        assert_allclose([ab.low[name], ab.high[name]], [-ba.high[name], -ba.low[name]], atol=1e-12)
    assert ab.difference["precision"] == pytest.approx(-ba.difference["precision"])


def test_reproducible_and_unpacks():
    y, a, b = _data()
    one = paired_difference_interval(y, a, b, random_state=5, n_resamples=200)
    two = paired_difference_interval(y, a, b, random_state=5, n_resamples=200)
    assert isinstance(one, PairedDifference)
    difference, low, high = one
    assert low == two.low
    assert high == two.high
    assert difference == two.difference
    frame = one.to_frame()
    assert list(frame.columns) == ["a", "b", "difference", "low", "high", "method"]
    assert len(frame) == len(MEASURES)


@pytest.mark.parametrize("method", ["auto", "bootstrap", "percentile"])
def test_bounds_within_range_and_nan_when_undefined(method):
    y, a, b = _data(n=25, seed=11)
    b = np.zeros_like(b)  # B predicts no positive: its precision is undefined
    res = paired_difference_interval(y, a, b, method=method, random_state=0, n_resamples=300)
    for name, info in INFO.items():
        d, lo, hi = res.difference[name], res.low[name], res.high[name]
        if np.isnan(d):
            assert np.isnan(lo)
            assert np.isnan(hi)
            continue
        assert info.low - info.high <= lo <= hi <= info.high - info.low, name
    assert np.isnan(res.difference["precision"])
    assert np.isnan(res.low["precision"])


def test_bad_input():
    y, a, b = _data()
    with pytest.raises(ValueError, match="`y_pred_b` has 59"):
        paired_difference_interval(y, a, b[:-1])
    with pytest.raises(ValueError, match="y_pred_a"):
        paired_difference_interval(y, np.where(a == 1, 2, np.arange(len(a)) % 3), b)
    with pytest.raises(ValueError, match="y_true"):
        paired_difference_interval(np.arange(len(y)) % 3, a, b)
    with pytest.raises(ValueError, match="`method` must be one of"):
        paired_difference_interval(y, a, b, method="bca")
    with pytest.raises(ValueError, match="`y_true` is empty"):
        paired_difference_interval([], [], [])
