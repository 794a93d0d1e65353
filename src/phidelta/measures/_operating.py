"""Operating conditions: isometrics, optimal points and thresholds (Flach §2.2), Jiřina's
acceptable region (§5.5), dominance and the Pareto front (Flach §2.1), margins and losses."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from phidelta._validation import as_float_array, check_ratio, check_same_length
from phidelta.counts import ScoreTable
from phidelta.counts._labels import as_label_array, binary_target
from phidelta.measures._ranking import _check_table, _check_two_classes, roc_curve
from phidelta.measures._results import TupleResult

__all__ = [
    "OperatingPoints",
    "acceptable_region",
    "isometric_slope",
    "margin_losses",
    "margins",
    "optimal_points",
]


def isometric_slope(
    *,
    ratio: float,
    cost_ratio: float = 1.0,
    space: str = "roc",
    positives: float | None = None,
    negatives: float | None = None,
) -> float:
    """Slope of the cost (accuracy when ``cost_ratio`` = 1) isometrics (Flach §2.2).

    With class ratio r = N/P and cost ratio c = c_FN/c_FP, the isometrics have slope
    r/c in ROC space (Flach: 1/(c·clr) with clr = P/N) and 1/c in coverage space. Average-recall
    isometrics have slope 1 in ROC space (use ``cost_ratio = ratio``).

    Examples
    --------
    >>> isometric_slope(ratio=4 / 6)    # Example 2.5: 3 spam for 2 ham
    0.6666666666666666
    """
    r = float(check_ratio(ratio))
    c = float(check_ratio(cost_ratio, name="cost_ratio"))
    if space == "roc":
        return r / c
    if space == "coverage":
        return 1.0 / c
    raise ValueError(f'`space` must be "roc" or "coverage"; got {space!r}.')


@dataclass(frozen=True)
class OperatingPoints(TupleResult):
    """The optimal points of a ROC curve for an operating condition (all of them when tied).

    Unpacks as ``fpr, tpr, thresholds`` like :class:`RocCurve`; ``indices``, ``accuracy`` and
    ``cost`` are attributes only.
    """

    indices: np.ndarray  # into the ROC curve's points
    fpr: np.ndarray
    tpr: np.ndarray
    thresholds: np.ndarray  # midpoints between adjacent distinct scores
    accuracy: np.ndarray  # at the operating condition's class ratio
    cost: np.ndarray  # expected cost per example, c_FP = 1

    _fields: ClassVar[tuple[str, ...]] = ("fpr", "tpr", "thresholds")


def optimal_points(
    table: ScoreTable, *, ratio: float | None = None, cost_ratio: float = 1.0, atol: float = 1e-12
) -> OperatingPoints:
    """Points of the ROC curve with minimal expected cost, and the thresholds to use.

    Maximizes c·p·tpr − n·fpr (the isometric of slope r/c touching the curve) with n, p from
    ``ratio`` (default: the table's own N/P) and c = ``cost_ratio``. The threshold of a point
    is the midpoint between the lowest score predicted positive and the next lower score
    (+inf when nothing is positive, below the minimum when everything is) — the stated rule for
    ties: tied scores are never split.

    Returns
    -------
    OperatingPoints
        Unpacks as ``fpr, tpr, thresholds``; also ``indices``, ``accuracy`` and ``cost``.

    Examples
    --------
    >>> t = ScoreTable.from_scores([1, 1, 0, 1, 1, 0, 1, 1, 0, 0],
    ...     [0.89, 0.8, 0.74, 0.71, 0.63, 0.49, 0.42, 0.32, 0.24, 0.13])
    >>> best = optimal_points(t, ratio=4 / 6)            # Flach, Example 2.5
    >>> best.thresholds, best.accuracy
    (array([0.28]), array([0.8]))
    >>> fpr, tpr, thresholds = best
    >>> fpr, tpr
    (array([0.5]), array([1.]))
    >>> optimal_points(t, ratio=4 / 3).thresholds        # ham twice as prevalent
    array([0.77, 0.56, 0.28])
    """
    t = _check_table(table)
    p_count, n_count = _check_two_classes(t, "An optimal operating point")
    r = n_count / p_count if ratio is None else float(check_ratio(ratio))
    c = float(check_ratio(cost_ratio, name="cost_ratio"))
    curve = roc_curve(t)
    n, p = r / (1 + r), 1 / (1 + r)
    gain = c * p * curve.tpr - n * curve.fpr
    best = np.flatnonzero(gain >= gain.max() - atol)
    scores = t.scores
    lower = np.concatenate([scores, [scores[-1] - 1.0 if len(scores) else 0.0]])
    upper = np.concatenate([[np.inf], scores])
    thresholds = np.where(np.isinf(upper), np.inf, (upper + lower) / 2)[best]
    accuracy = p * curve.tpr[best] + n * (1 - curve.fpr[best])
    cost = c * p * (1 - curve.tpr[best]) + n * curve.fpr[best]
    return OperatingPoints(
        indices=best,
        fpr=curve.fpr[best],
        tpr=curve.tpr[best],
        thresholds=np.round(thresholds, 15),
        accuracy=accuracy,
        cost=cost,
    )


def acceptable_region(table: ScoreTable) -> np.ndarray:
    """Which ROC points lie in Jiřina's acceptable region: Q = Se/√Be ≥ 1 and E = Se/Be ≥ 1.

    In ROC space the borders are tpr = √fpr (Q = 1, a parabola) and tpr = fpr (E = 1); the
    region is tpr ≥ √fpr (which implies E ≥ 1 for fpr ≤ 1). Points with Be = 0 and Se > 0 are
    inside (Q and E are infinite there).
    """
    curve = roc_curve(table)
    with np.errstate(divide="ignore", invalid="ignore"):
        quality = np.where(curve.fpr > 0, curve.tpr / np.sqrt(curve.fpr), np.inf)
        enrichment = np.where(curve.fpr > 0, curve.tpr / curve.fpr, np.inf)
    return (quality >= 1) & (enrichment >= 1) & (curve.tpr > 0)


def margins(y_true: Any, scores: Any, *, pos_label: Any = None) -> np.ndarray:
    """Margins z = c(x)·ŝ(x) with the true class c(x) ∈ {−1, +1} (Flach §2.2).

    Examples
    --------
    >>> margins(["s", "h"], [0.5, 0.5], pos_label="s")
    array([ 0.5, -0.5])
    """
    y = as_label_array(y_true, "y_true")
    s = as_float_array(scores, "scores")
    check_same_length(y_true=y, scores=s)
    is_pos = binary_target(y, pos_label).is_positive
    return np.where(is_pos, s, -s)


def margin_losses(z: Any) -> dict[str, float]:
    """Average losses of margins z (Flach Fig. 2.6): 0–1, hinge, logistic, exponential, squared.

    0–1: 1 if z ≤ 0; hinge: max(0, 1 − z); logistic: log₂(1 + e^−z); exponential: e^−z;
    squared: (1 − z)². All are 1 at z = 0.

    Examples
    --------
    >>> margin_losses([0.0])["logistic"]
    1.0
    """
    m = as_float_array(z, "z")
    if m.size == 0:
        raise ValueError("`z` is empty: no margins to average.")
    return {
        "zero_one": float(np.mean(m <= 0)),
        "hinge": float(np.mean(np.maximum(0.0, 1 - m))),
        "logistic": float(np.mean(np.logaddexp(0.0, -m) / np.log(2))),
        "exponential": float(np.mean(np.exp(-m))),
        "squared": float(np.mean((1 - m) ** 2)),
    }
