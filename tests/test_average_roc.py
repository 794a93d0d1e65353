"""Vertical averaging reads each ROC curve at fixed false-positive rates along the curve as
drawn: after a tie diagonal the curve reaches the bottom of the next vertical segment, not its
top (an interpolation top to top overestimated tpr there)."""

from __future__ import annotations

import numpy as np
import pytest

from phidelta.counts import ScoreTable
from phidelta.measures import average_roc, roc_curve


def _on_the_curve(fpr: np.ndarray, tpr: np.ndarray, x: float) -> float:
    """The highest tpr of the drawn polyline at false-positive rate x (brute force)."""
    best = -np.inf
    for k in range(len(fpr) - 1):
        a, b = fpr[k], fpr[k + 1]
        if a == b == x:
            best = max(best, tpr[k], tpr[k + 1])
        elif a <= x <= b and a < b:
            best = max(best, tpr[k] + (x - a) / (b - a) * (tpr[k + 1] - tpr[k]))
    return best


@pytest.mark.parametrize("seed", range(30))
def test_one_curve_averaged_is_the_curve_itself(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(6, 40))
    y = rng.integers(0, 2, n)
    y[:2] = (0, 1)
    scores = rng.integers(0, 6, n) + 0.5 * y  # heavy ties: diagonals next to verticals
    table = ScoreTable.from_scores(y, scores)
    fpr, tpr, _ = roc_curve(table)
    mean = average_roc([table], points=41)
    want = [_on_the_curve(fpr, tpr, x) for x in mean.fpr]
    np.testing.assert_allclose(mean.tpr, want, rtol=0, atol=1e-12)


def test_a_tie_diagonal_before_a_vertical_segment():
    # one negative and one positive tie at 0.8, then two positives alone at 0.7
    table = ScoreTable.from_scores([0, 1, 1, 1, 0, 0, 1], [0.8, 0.8, 0.7, 0.7, 0.3, 0.2, 0.9])
    fpr, tpr, _ = roc_curve(table)
    mean = average_roc([table], points=7)
    x = mean.fpr[1]  # 1/6, inside the diagonal from (0, 1/4) to (1/3, 1/2)
    assert mean.tpr[1] == pytest.approx(0.25 + 0.5 * 0.25)
    assert mean.tpr[1] == pytest.approx(_on_the_curve(fpr, tpr, x))
