"""Summaries of the precision–recall curve of a score table: average precision, the
trapezoidal area and the break-even point."""

from __future__ import annotations

from typing import Any

import numpy as np

from phidelta._compute import BLOCK_ROWS
from phidelta.counts import ScoreTable

__all__ = ["average_precision", "pr_auc", "pr_break_even"]


def _check_table(table: Any) -> ScoreTable:
    if isinstance(table, ScoreTable):
        return table
    raise TypeError(
        f"`table` must be a ScoreTable; got {type(table).__name__}. Build one with "
        "ScoreTable.from_scores(y_true, scores)."
    )


def _points(table: ScoreTable, what: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    """(tp, fp, positives at each score, P) over the distinct scores in decreasing order."""
    p = table.total_positives
    if p <= 0:
        raise ValueError(f"{what} is undefined: the labels hold no positives.")
    tp = np.cumsum(table.positives, dtype=np.float64)
    fp = np.cumsum(table.negatives, dtype=np.float64)
    return tp, fp, np.asarray(table.positives, dtype=np.float64), float(p)


def average_precision(table: ScoreTable) -> float:
    """Average precision, the step-wise (uninterpolated) area of the PR curve.

    AP = Σᵢ (Rᵢ − Rᵢ₋₁)·Pᵢ over the distinct scores in decreasing order, with R₀ = 0: the
    precision at each threshold weighted by the recall it adds (the information-retrieval AP,
    Manning, Raghavan & Schütze 2008, §8.4; scikit-learn's ``average_precision_score``). Ties
    form one step. Undefined (ValueError) without positives.

    Parameters
    ----------
    table : ScoreTable
        Scores and their positive and negative counts, as built by
        :meth:`ScoreTable.from_scores <phidelta.counts.ScoreTable.from_scores>`.

    Returns
    -------
    float
        AP in [0, 1].

    Raises
    ------
    TypeError
        If `table` is not a :class:`~phidelta.counts.ScoreTable`.
    ValueError
        If the labels hold no positives.

    See Also
    --------
    pr_auc : the trapezoidal area.
    precision_recall_curve : the curve itself.

    References
    ----------
    Manning, C. D., Raghavan, P., & Schütze, H. (2008). Introduction to Information Retrieval.
    Cambridge University Press. Section 8.4.

    Examples
    --------
    >>> average_precision(ScoreTable.from_scores([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]))
    0.8333333333333333
    """
    t = _check_table(table)
    p = t.total_positives
    if p <= 0:
        raise ValueError("Average precision is undefined: the labels hold no positives.")
    tp = np.cumsum(t.positives)
    predicted = np.cumsum(t.negatives)
    predicted += tp
    # Σ gainedᵢ·TPᵢ/P̂ᵢ: a score without positives adds nothing (and may have no samples)
    terms = np.multiply(t.positives, tp, dtype=np.float64)
    np.divide(terms, predicted, out=terms, where=predicted > 0)
    return float(terms.sum() / p)


def ranked_average_precision(labels: np.ndarray) -> float:
    """:func:`average_precision` of labels ranked by distinct scores (``labels[i]`` = 1 when
    the i-th highest score is a positive's): the j-th positive, at row i, adds precision
    j / (i + 1). In cache-sized blocks; the labels must hold a positive."""
    n = len(labels)
    flags = labels.view(bool)
    total = 0.0
    found = 0
    for start in range(0, n, BLOCK_ROWS):
        rows = np.flatnonzero(flags[start : start + BLOCK_ROWS])
        if not len(rows):
            continue
        precision = np.arange(found + 1, found + len(rows) + 1, dtype=np.float64)
        rows += start + 1
        precision /= rows
        total += float(precision.sum())
        found += len(rows)
    return total / found


def ranked_weighted_average_precision(labels: np.ndarray, weights: np.ndarray) -> float:
    """:func:`average_precision` of weighted labels ranked by distinct scores: each positive
    row adds its weight times the precision TP / (TP + FP) of the rows down to it (running
    weight sums, carried across cache-sized blocks in the order one cumsum would add them).
    The weights must be positive and the labels hold a positive."""
    n = len(labels)
    size = min(n, BLOCK_ROWS)
    tp, fp, gained = np.empty(size), np.empty(size), np.empty(size)
    carried_tp = carried_fp = total = 0.0
    for start in range(0, n, BLOCK_ROWS):
        w = weights[start : start + BLOCK_ROWS]
        a, b, g = tp[: len(w)], fp[: len(w)], gained[: len(w)]
        np.multiply(w, labels[start : start + BLOCK_ROWS], out=g)
        np.subtract(w, g, out=b)
        a[:] = g
        a[0] += carried_tp
        b[0] += carried_fp
        np.cumsum(a, out=a)
        np.cumsum(b, out=b)
        carried_tp, carried_fp = float(a[-1]), float(b[-1])
        b += a  # predicted positive
        np.divide(a, b, out=a)  # precision
        total += float(np.dot(g, a))
    return total / carried_tp


def pr_auc(table: ScoreTable) -> float:
    """Trapezoidal area under the precision–recall curve, ROCR's ``"aucpr"`` convention.

    The curve's points are (recall, precision) at each distinct score in decreasing order,
    joined by straight lines; the point that predicts nothing positive (precision 0/0) is left
    out, so the area starts at the first threshold's recall rather than at recall 0 (as ROCR
    does). Linear interpolation of precision is optimistic (Davis & Goadrich 2006);
    :func:`average_precision` is the step-wise alternative. Undefined (ValueError) without
    positives or with fewer than two points.

    Parameters
    ----------
    table : ScoreTable
        Scores and their positive and negative counts, as built by
        :meth:`ScoreTable.from_scores <phidelta.counts.ScoreTable.from_scores>`.

    Returns
    -------
    float
        The area, in [0, 1].

    Raises
    ------
    TypeError
        If `table` is not a :class:`~phidelta.counts.ScoreTable`.
    ValueError
        If the labels hold no positives or fewer than two points remain.

    See Also
    --------
    average_precision : the step-wise area.

    References
    ----------
    Davis, J., & Goadrich, M. (2006). The relationship between precision-recall and ROC curves.
    Proceedings of the 23rd International Conference on Machine Learning (ICML), 233–240.

    Examples
    --------
    >>> round(pr_auc(ScoreTable.from_scores([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])), 12)
    0.291666666667
    """
    t = _check_table(table)
    tp, fp, _gained, p = _points(t, "The area under the PR curve")
    predicted = tp + fp
    keep = predicted > 0
    recall, precision = tp[keep] / p, tp[keep] / predicted[keep]
    if len(recall) < 2:
        raise ValueError("The area under the PR curve needs at least two distinct scores.")
    return float(np.sum(np.diff(recall) * (precision[1:] + precision[:-1]) / 2))


def pr_break_even(table: ScoreTable) -> float:
    """The precision–recall break-even point: the value where precision equals recall.

    Precision equals recall exactly when the number predicted positive equals the number of
    positives P (then TP/P̂ = TP/P), i.e. at the top-P ranked samples — the R-precision of
    information retrieval (Manning, Raghavan & Schütze 2008, §8.4). When P falls inside a run
    of tied scores, the samples of the run are taken in proportion (ties share their
    positives evenly), which gives TP(P)/P with TP interpolated linearly along the run.

    Parameters
    ----------
    table : ScoreTable
        Scores and their positive and negative counts, as built by
        :meth:`ScoreTable.from_scores <phidelta.counts.ScoreTable.from_scores>`.

    Returns
    -------
    float
        The break-even value, in [0, 1].

    Raises
    ------
    TypeError
        If `table` is not a :class:`~phidelta.counts.ScoreTable`.
    ValueError
        If the labels hold no positives.

    See Also
    --------
    precision_recall_curve : the curve it lies on.

    Examples
    --------
    >>> pr_break_even(ScoreTable.from_scores([1, 0, 1, 0], [0.9, 0.8, 0.3, 0.1]))
    0.5
    """
    t = _check_table(table)
    tp, fp, _gained, p = _points(t, "The precision-recall break-even point")
    predicted = tp + fp
    at = int(np.searchsorted(predicted, p, side="left"))  # first threshold with P̂ ≥ P
    at = min(at, len(predicted) - 1)
    before_tp = tp[at - 1] if at else 0.0
    before_n = predicted[at - 1] if at else 0.0
    run = predicted[at] - before_n
    share = (p - before_n) / run if run > 0 else 0.0
    return float((before_tp + share * (tp[at] - before_tp)) / p)
