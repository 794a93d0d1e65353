"""Multi-class measures and the one-vs-rest reduction to binary counts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from phidelta.counts import BinaryCounts, ConfusionMatrix
from phidelta.measures._entropy import _check_matrix

__all__ = [
    "balanced_accuracy",
    "macro_average",
    "micro_average",
    "multiclass_accuracy",
    "multiclass_cohen_kappa",
    "one_vs_rest",
]


def one_vs_rest(matrices: ConfusionMatrix) -> BinaryCounts:
    """Binary counts of every class against the rest (entry m·n + i: class i of matrix m).

    Every binary measure and the φ-δ diagram then work per class.

    Examples
    --------
    >>> one_vs_rest(ConfusionMatrix([[5, 1], [2, 4]])).fn
    array([1., 2.])
    """
    return _check_matrix(matrices).one_vs_rest()


def multiclass_accuracy(matrices: ConfusionMatrix) -> np.ndarray:
    """Fraction of samples whose predicted label equals the true label, per matrix.

    Examples
    --------
    >>> multiclass_accuracy(ConfusionMatrix([[15, 0, 5], [0, 15, 5], [0, 0, 20]]))
    array([0.83333333])
    """
    cm = _check_matrix(matrices)
    return (cm.joint() * cm.correct_mask()).sum(axis=(1, 2))


def balanced_accuracy(matrices: ConfusionMatrix) -> np.ndarray:
    """Mean per-class recall over the input classes that occur (empty rows are skipped).

    Examples
    --------
    >>> balanced_accuracy(ConfusionMatrix([[15, 0, 5], [0, 15, 5], [0, 0, 20]]))
    array([0.83333333])
    """
    cm = _check_matrix(matrices)
    counts = cm.counts.astype(np.float64)
    rows = counts.sum(axis=2)
    hits = (counts * cm.correct_mask()).sum(axis=2)
    with np.errstate(divide="ignore", invalid="ignore"):
        recall = hits / rows
    return np.nanmean(np.where(rows > 0, recall, np.nan), axis=1)


def multiclass_cohen_kappa(matrices: ConfusionMatrix) -> np.ndarray:
    """Cohen's κ = (a − a_e) / (1 − a_e), with a_e the agreement of independent marginals.

    NaN when a_e = 1 (both marginals put everything in one matching class).

    Examples
    --------
    >>> float(multiclass_cohen_kappa(ConfusionMatrix([[5, 1], [2, 4]]))[0])
    0.5
    """
    cm = _check_matrix(matrices)
    joint = cm.joint()
    mask = cm.correct_mask()
    expected = np.einsum("kn,kp,np->k", joint.sum(axis=2), joint.sum(axis=1), mask)
    observed = (joint * mask).sum(axis=(1, 2))
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(expected < 1, (observed - expected) / (1 - expected), np.nan)


def macro_average(
    measure: Callable[..., np.ndarray], matrices: ConfusionMatrix, **kwargs: Any
) -> np.ndarray:
    """Mean of a binary measure over the one-vs-rest classes of each matrix (NaN skipped).

    Examples
    --------
    >>> from phidelta.measures import sensitivity
    >>> macro_average(sensitivity, ConfusionMatrix([[5, 1], [2, 4]]))
    array([0.75])
    """
    cm = _check_matrix(matrices)
    k, n, _ = cm.shape
    values = np.asarray(measure(cm.one_vs_rest(), **kwargs), dtype=np.float64).reshape(k, n)
    defined = ~np.isnan(values)
    sums = np.where(defined, values, 0.0).sum(axis=1)
    count = defined.sum(axis=1)
    return np.where(count > 0, sums / np.maximum(count, 1), np.nan)


def micro_average(
    measure: Callable[..., np.ndarray], matrices: ConfusionMatrix, **kwargs: Any
) -> np.ndarray:
    """A binary measure of the one-vs-rest counts summed over the classes of each matrix.

    Examples
    --------
    >>> from phidelta.measures import precision
    >>> micro_average(precision, ConfusionMatrix([[5, 1], [2, 4]]))   # = accuracy
    array([0.75])
    """
    cm = _check_matrix(matrices)
    k, n, _ = cm.shape
    per_class = cm.one_vs_rest()
    pooled = BinaryCounts._trusted(
        *(getattr(per_class, f).reshape(k, n).sum(axis=1) for f in ("tn", "fp", "fn", "tp"))
    )
    return measure(pooled, **kwargs)
