"""Summaries of the precision–recall curve of a score table: average precision, the
trapezoidal area and the break-even point."""

from __future__ import annotations

from typing import Any

import numpy as np

from phidelta._compute import BLOCK_ROWS, dot
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
        total += dot(g, a)  # never BLAS in a blocked pass (see _compute.dot)
    return total / carried_tp


# ψ(x) ~ ln x − 1/(2x) − Σₖ B₂ₖ/(2k·x²ᵏ): the coefficients B₂ₖ/(2k) for k = 1..7 (Abramowitz &
# Stegun 6.3.18); past x = 9 the next term is below 3e-16
_DIGAMMA_SERIES = (1 / 12, -1 / 120, 1 / 252, -1 / 240, 1 / 132, -691 / 32760, 1 / 12)
_EXPLICIT_TERMS = 8


def _reciprocal_sums(z: np.ndarray, n: np.ndarray) -> np.ndarray:
    """Σₓ₌₁ⁿ 1/(z + x) for each z ≥ 0 and integer n ≥ 0, without a term per x.

    The first eight terms are added one by one; the rest is ψ(z + n + 1) − ψ(z + 9), from the
    asymptotic series of the digamma function ψ written as one difference (a logarithm of a
    ratio and differences of powers), so a short run far from zero loses no digits.
    """
    x = np.arange(1, _EXPLICIT_TERMS + 1, dtype=np.float64)
    head = np.where(x <= n[:, None], 1.0 / (z[:, None] + x), 0.0).sum(axis=1)
    rest = n > _EXPLICIT_TERMS
    u = z[rest] + (_EXPLICIT_TERMS + 1)
    v = z[rest] + n[rest] + 1
    tail = np.log1p((n[rest] - _EXPLICIT_TERMS) / u) + (0.5 / u - 0.5 / v)
    for k, coefficient in enumerate(_DIGAMMA_SERIES, start=1):
        tail += coefficient * (u ** (-2 * k) - v ** (-2 * k))
    head[rest] += tail
    return head


def pr_auc(table: ScoreTable) -> float:
    """Area under the precision–recall curve as ROCR's ``performance(pred, "aucpr")`` draws it.

    The curve of ROCR (Sing et al. 2005; ``aucpr`` since ROCR 1.0-10), with recall R = TP/P on
    the x-axis and precision TP/(TP + FP):

    1. It starts at recall 0 with precision 1 (the cutoff above every score predicts nothing
       positive; ROCR sets its precision 0/0 to 1).
    2. Then one point per score that holds a positive, after the whole tie group: ROCR's
       cutoffs are the distinct scores, and of the cutoffs with the same TP it keeps the one
       with the fewest FP. Scores holding only negatives add no point, so the curve ends at
       recall 1 at the lowest score that holds a positive.
    3. Where a step gains more than two positives (ΔTP > 2, a tie group of three or more
       positives), precision is interpolated as Davis & Goadrich (2006) prescribe — FP grows
       linearly with TP along the step, so at TP = TPₐ + x (x = 1, 2, …) the precision is
       (TPₐ + x)/(TPₐ + FPₐ + x·(1 + ΔFP/ΔTP)), not along a straight line.
    4. Consecutive points are joined by straight lines (trapezoids).

    A perfect ranking scores 1. With sample weights the interpolation steps are units of
    weight, so an integer weight k counts as k copies of its sample.

    Unlike :func:`average_precision` (scikit-learn's ``average_precision_score``, the
    step-wise sum Σ (Rᵢ − Rᵢ₋₁)·Pᵢ with no area before the first threshold), this area
    interpolates between thresholds and starts from precision 1, so it is usually larger
    (optimistic, Davis & Goadrich 2006).

    ROCR 1.0-11 itself differs from this curve on data with two or more tie groups of three or
    more positives: its loop inserts the interpolated points of the second and later such
    steps at positions counted before the first insertion, so its curve runs back and forth in
    recall. Here every point is in its place; on all other data the two agree.

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
        If the labels hold no positives.

    See Also
    --------
    average_precision : the step-wise area (scikit-learn's ``average_precision_score``).
    precision_recall_curve : the curve's points at every threshold.

    References
    ----------
    Sing, T., Sander, O., Beerenwinkel, N., & Lengauer, T. (2005). ROCR: visualizing
    classifier performance in R. Bioinformatics, 21(20), 3940–3941.

    Davis, J., & Goadrich, M. (2006). The relationship between precision-recall and ROC curves.
    Proceedings of the 23rd International Conference on Machine Learning (ICML), 233–240.

    Examples
    --------
    >>> pr_auc(ScoreTable.from_scores([1, 1, 1, 0, 0], [0.9, 0.8, 0.7, 0.2, 0.1]))
    1.0
    >>> round(pr_auc(ScoreTable.from_scores([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])), 12)
    0.916666666667
    """
    t = _check_table(table)
    tp, fp, gained, p = _points(t, "The area under the PR curve")
    # ROCR: (0, 0) with precision 1, then per TP the fewest FP: the scores that hold positives
    holds = gained > 0
    tp = np.concatenate(([0.0], tp[holds]))
    fp = np.concatenate(([0.0], fp[holds]))
    precision = np.ones_like(tp)
    np.divide(tp, tp + fp, out=precision, where=tp > 0)
    step, rise = np.diff(tp), np.diff(fp)
    area = step * (precision[1:] + precision[:-1]) / 2  # trapezoids, in units of TP
    long = step > 2
    if long.any():  # Davis & Goadrich: precision at TP = a + x is f(x) = (a + x)/(b + c·x)
        a, b = tp[:-1][long], tp[:-1][long] + fp[:-1][long]
        c = 1 + rise[long] / step[long]
        n = np.floor(step[long])  # ROCR's x = 1, 2, …, ⌊ΔTP⌋, then the step's end
        z = b / c
        last = (a + n) / (b + c * n)
        # Σₓ₌₁ⁿ (f(x − 1) + f(x))/2 with f(0) the start's precision, f = 1/c + (a − z)/(b + c·x)
        inner = n / c + (a - z) / c * _reciprocal_sums(z, n)
        inner += (precision[:-1][long] - last) / 2
        area[long] = inner + (step[long] - n) * (last + precision[1:][long]) / 2
    return float(area.sum() / p)


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
