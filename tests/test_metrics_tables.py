"""Weighted score tables (the sort behind phidelta.metrics' weighted curves and areas) against
an indirect-sort reference, on scores that exercise the packed sort's repair and fallback."""

from __future__ import annotations

import numpy as np
import pytest
from numpy.testing import assert_allclose, assert_array_equal

from phidelta.counts import ScoreTable


def _reference(is_positive: np.ndarray, scores: np.ndarray, weights: np.ndarray):
    order = np.argsort(-scores, kind="stable")
    s, p, n = scores[order], (weights * is_positive)[order], (weights * ~is_positive)[order]
    starts = np.flatnonzero(np.r_[True, s[1:] != s[:-1]])
    return s[starts], np.add.reduceat(p, starts), np.add.reduceat(n, starts)


def _crowded(rng: np.random.Generator, n: int, spread: int, share: float) -> np.ndarray:
    """Scores a few ulps apart (they agree in all but their lowest bits), beside normal ones."""
    ulps = np.nextafter(1.0, 2.0) - 1.0
    k = int(n * share)
    crowded = 1.0 + rng.integers(0, spread, k) * ulps
    return np.concatenate([crowded, rng.normal(size=n - k)])


CASES = {
    "normal": lambda rng, n: rng.normal(size=n),
    "rounded": lambda rng, n: np.round(rng.normal(size=n), 1),
    "probabilities": lambda rng, n: rng.random(n),
    "few crowded (repair)": lambda rng, n: _crowded(rng, n, 64, 0.05),
    "many crowded (fallback)": lambda rng, n: _crowded(rng, n, 1000, 0.5),
    "both signs, extreme": lambda rng, n: rng.choice([-1e300, 1e-300, 0.0, 3.0], n) * rng.random(n),
}


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("n", [1, 7, 5_000, 300_000])
def test_weighted_table_matches_the_indirect_sort(case, n):
    rng = np.random.default_rng(n)
    scores = CASES[case](rng, n)
    is_positive = rng.random(len(scores)) < 0.3
    weights = rng.random(len(scores))
    weights[rng.random(len(scores)) < 0.1] = 0.0
    table = ScoreTable.from_scores(is_positive, scores, sample_weight=weights)
    s, p, q = _reference(is_positive, scores, weights)
    assert_array_equal(table.scores, s)
    assert_allclose(table.positives, p, rtol=1e-12, atol=1e-12)
    assert_allclose(table.negatives, q, rtol=1e-12, atol=1e-12)
