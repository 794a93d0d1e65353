"""scikit-learn's ranking metrics of scores, computed through phidelta's score tables.

Each binary curve or area is one :class:`~phidelta.counts.ScoreTable` (distinct scores with
the positives and negatives at each, one sort of 64-bit keys) read by
:mod:`phidelta.measures`: AUC by the rank formula, partial AUC, average precision; the curves
are the table's cumulative counts. Multi-label and multi-class targets are one table per
label, class or class pair.
"""

from __future__ import annotations

import numbers
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np

from phidelta import measures
from phidelta._compute import BLOCK_ROWS, empty_large
from phidelta._parallel import row_parts, run_parts
from phidelta._stack import outside_stacklevel
from phidelta.counts import ScoreTable
from phidelta.counts._ranked import RankedLabels, rank_scores
from phidelta.measures._pr import ranked_average_precision, ranked_weighted_average_precision
from phidelta.measures._ranking import (
    mcclish_standardized,
    ranked_auc_numerator,
    ranked_partial_auc,
    ranked_weighted_auc_sums,
)
from phidelta.metrics._inputs import (
    _at_most_two,
    as_target,
    check_lengths,
    check_samples,
    check_weights,
    column,
    encode,
    finite_bounds,
    implicit_positive,
    scale_free,
    target_classes,
    warn_undefined,
)

__all__ = [
    "auc",
    "average_precision_score",
    "det_curve",
    "precision_recall_curve",
    "roc_auc_score",
    "roc_curve",
]

_NO_POSITIVES_PR = "No positive class found in y_true, recall is set to one for all thresholds."
_ONE_CLASS_AUC = "Only one class is present in y_true. ROC AUC score is not defined in that case."


def _check_pos_label_type(pos_label: Any, function: str) -> None:
    if pos_label is None or isinstance(pos_label, numbers.Real | str | bool | np.bool_):
        return
    raise ValueError(
        f"The 'pos_label' parameter of {function} must be an instance of 'numbers.Real', an "
        f"instance of 'str', an instance of 'bool' or None. Got {pos_label!r} instead."
    )


def _check_bool(value: Any, name: str, function: str) -> bool:
    if isinstance(value, bool | np.bool_):
        return bool(value)
    raise ValueError(
        f"The '{name}' parameter of {function} must be an instance of 'bool' or an instance "
        f"of 'numpy.bool'. Got {value!r} instead."
    )


class _Binary:
    """A checked binary ranking problem: "is positive", scores, weights (zero weights
    dropped, as scikit-learn does) and the classes of ``y_true``."""

    def __init__(
        self,
        y_true: Any,
        y_score: Any,
        pos_label: Any,
        sample_weight: Any,
        described: tuple[str, list[Any] | None] | None = None,
    ) -> None:
        y = as_target(y_true, "y_true")
        kind, classes = described if described is not None else target_classes(y, "y_true")
        if not (kind == "binary" or (kind == "multiclass" and pos_label is not None)):
            raise ValueError(f"{kind} format is not supported")
        check_lengths(y, y_score, sample_weight)
        y = column(y, "y_true")
        check_samples(y)
        self.classes = classes if classes is not None else _distinct(y)
        positive = implicit_positive(self.classes, pos_label)
        self.scores, low, high = finite_bounds(y_score)
        self.bounds: tuple[float, float] | None = (low, high)
        self.is_positive = _equals(y, positive, self.classes)
        weight = scale_free(check_weights(sample_weight, len(y)))
        self.is_positive, self.scores, self.weight = _without_zero_weights(
            self.is_positive, self.scores, weight
        )
        if len(self.scores) != len(y):  # rows of zero weight dropped
            self.bounds = None
        self.score_dtype = np.asarray(y_score).dtype

    def ranked(self, *, keep_scores: bool = True) -> ScoreTable | RankedLabels:
        """The score table, or (every score distinct) the labels in rank order
        (``keep_scores=False``: only the counts are needed)."""
        return _rank(
            self.is_positive, self.scores, self.weight, self.bounds, keep_scores=keep_scores
        )


def _without_zero_weights(
    is_positive: np.ndarray, scores: np.ndarray, weight: np.ndarray | None
) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """The samples with a non-zero weight (scikit-learn drops zero-weight samples)."""
    if weight is None or weight.all():
        return is_positive, scores, weight
    keep = weight != 0
    return is_positive[keep], scores[keep], weight[keep]


def _rank(
    is_positive: np.ndarray,
    scores: np.ndarray,
    weight: np.ndarray | None = None,
    bounds: tuple[float, float] | None = None,
    *,
    keep_scores: bool = True,
) -> ScoreTable | RankedLabels:
    """Distinct scores as ranked labels, else the score table (weights: positive;
    ``bounds``: the scores' minimum and maximum when known; ``keep_scores=False``: only
    the counts are needed)."""
    scores = np.ascontiguousarray(scores, dtype=np.float64)
    is_positive = np.ascontiguousarray(is_positive, dtype=bool)
    return rank_scores(scores, is_positive, weight, bounds, keep_scores=keep_scores)


def _scores_of(counts: ScoreTable | RankedLabels) -> np.ndarray:
    return counts.scores() if isinstance(counts, RankedLabels) else counts.scores


def _thresholds_at(counts: ScoreTable | RankedLabels, points: np.ndarray) -> np.ndarray:
    """+inf for point 0 (nothing positive), else the score of the last row above point k;
    taken in blocks of points, so the thresholds are the only full-length array."""
    m = len(points)
    thresholds = empty_large(m)
    thresholds[0] = np.inf

    def take(start: int, stop: int) -> None:
        rows = np.empty(min(stop - start, BLOCK_ROWS), dtype=np.int64)
        for at in range(max(start, 1), stop, BLOCK_ROWS):
            end = min(at + BLOCK_ROWS, stop)
            r = np.subtract(points[at:end], 1, out=rows[: end - at])
            if isinstance(counts, RankedLabels):
                counts.scores_at(r, out=thresholds[at:end])
            else:
                np.take(counts.scores, r, out=thresholds[at:end], mode="clip")  # unbuffered

    # weighted ranked labels read each score at random through the rows' order: such reads
    # (and the new array's page faults) gain nothing from a second thread
    scattered = isinstance(counts, RankedLabels) and counts.weights is not None
    run_parts(take, [(0, m)] if scattered else row_parts(m, BLOCK_ROWS))
    return thresholds


def _distinct(y: np.ndarray) -> list[Any]:
    if y.dtype.kind == "O":
        return sorted(set(y.tolist()), key=lambda v: (isinstance(v, str), v))
    if y.size > 1 << 16:  # a long vector: two comparisons when there are at most two
        pair = _at_most_two(y)
        if pair is not None:
            return pair.tolist()
    return np.unique(y).tolist()


def _equals(y: np.ndarray, value: Any, classes: list[Any]) -> np.ndarray:
    if not any(value == c and isinstance(value, str) == isinstance(c, str) for c in classes):
        return np.zeros(y.shape, dtype=bool)
    if y.dtype.kind not in "biuf" or y.ndim != 1:
        return np.asarray(y == value, dtype=bool)
    mask = np.empty(y.shape, dtype=bool)
    run_parts(
        lambda start, stop: np.equal(y[start:stop], value, out=mask[start:stop]),
        row_parts(len(y), BLOCK_ROWS),
    )
    return mask


def _corner_points(table: ScoreTable) -> np.ndarray:
    """Indices into the cumulative counts (0 = nothing positive) kept by scikit-learn's ROC
    ``drop_intermediate``: the ends and every point where the second difference of fp or tp
    is not 0, i.e. where the table's counts change from one score to the next. (With weights
    scikit-learn takes the differences of rounded running sums, so equal weights may differ
    there by rounding; here they are compared exactly.)"""
    d = len(table)
    kept = np.empty(d, dtype=bool)
    kept[0] = kept[-1] = True
    pos, neg = table.positives, table.negatives
    np.not_equal(neg[2:], neg[1:-1], out=kept[1:-1])
    kept[1:-1] |= pos[2:] != pos[1:-1]
    return np.concatenate([[0], np.flatnonzero(kept) + 1])


def _step_points(tp: np.ndarray) -> np.ndarray:
    """Indices kept where tp changes before or after the point (PR and DET curves)."""
    kept = np.empty(len(tp), dtype=bool)
    kept[0] = kept[-1] = True
    step = tp[1:] != tp[:-1]
    np.logical_or(step[:-1], step[1:], out=kept[1:-1])
    return np.flatnonzero(kept)


def _reversed_ratio(numerator: np.ndarray, denominator: Any, end: float) -> np.ndarray:
    """numerator / denominator in reverse order with ``end`` appended (one allocation)."""
    m = len(numerator)
    out = np.empty(m + 1)
    np.divide(numerator, denominator, out=out[m - 1 :: -1] if m else out[:0])
    out[m] = end
    return out


# --- curves ---------------------------------------------------------------------------------------
def roc_curve(
    y_true: Any,
    y_score: Any,
    *,
    pos_label: Any = None,
    sample_weight: Any = None,
    drop_intermediate: bool = True,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Receiver operating characteristic: ``fpr, tpr, thresholds`` (scikit-learn's order).

    Point i predicts positive for score ≥ ``thresholds[i]``; the first threshold is +inf
    (nothing positive). ``drop_intermediate`` drops points collinear with their neighbours
    (equal steps), as scikit-learn does. The counts are one
    :class:`~phidelta.counts.ScoreTable`.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_score : array-like of shape (n_samples,)
        Scores, higher meaning more positive.
    pos_label : int, float, bool or str, default=None
        The positive class (by default 1 for 0/1 or ±1 labels; else it must be given).
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    drop_intermediate : bool, default=True
        Drop points collinear with their neighbours.

    Returns
    -------
    fpr, tpr : ndarray
        The rates, non-decreasing.
    thresholds : ndarray
        Decreasing thresholds, +inf first. Same as ``sklearn.metrics.roc_curve``; computed from
        phidelta's counts.

    Raises
    ------
    ValueError
        If `y_true` does not have two classes or `pos_label` is not a label.

    See Also
    --------
    phidelta.measures.roc_curve : the curve of a score table.

    References
    ----------
    Pedregosa, F., et al. (2011). Scikit-learn: machine learning in Python. Journal of Machine
    Learning Research, 12, 2825–2830.

    Examples
    --------
    >>> fpr, tpr, thresholds = roc_curve([1, 1, 2, 2], [0.1, 0.4, 0.35, 0.8], pos_label=2)
    >>> fpr, tpr
    (array([0. , 0. , 0.5, 0.5, 1. ]), array([0. , 0.5, 0.5, 1. , 1. ]))
    """
    _check_pos_label_type(pos_label, "roc_curve")
    drop_intermediate = _check_bool(drop_intermediate, "drop_intermediate", "roc_curve")
    problem = _Binary(y_true, y_score, pos_label, sample_weight)
    counts = problem.ranked()
    ranked_both = (
        isinstance(counts, RankedLabels) and counts.weights is None and counts.total_positives > 0
    )
    if drop_intermediate and len(counts) > 2 and ranked_both and counts.total_negatives > 0:
        return _ranked_roc(counts)
    if drop_intermediate and len(counts) > 2:
        if isinstance(counts, RankedLabels):
            keep = counts.corner_points()
            tp, fp = counts.cumulative_at(keep)
        else:
            keep = _corner_points(counts)
            tp, fp = counts.cumulative()  # point 0: nothing positive
            tp, fp = tp[keep], fp[keep]
        thresholds = _thresholds_at(counts, keep)
    else:
        tp, fp = counts.cumulative()
        thresholds = np.concatenate([[np.inf], _scores_of(counts)])
    if fp[-1] <= 0:
        warn_undefined("No negative samples in y_true, false positive value should be meaningless")
        fpr = np.full(fp.shape, np.nan)
    else:
        fpr = np.divide(fp, fp[-1], dtype=np.float64)
    if tp[-1] <= 0:
        warn_undefined("No positive samples in y_true, true positive value should be meaningless")
        tpr = np.full(tp.shape, np.nan)
    else:
        tpr = np.divide(tp, tp[-1], dtype=np.float64)
    return fpr, tpr, thresholds


def _ranked_roc(ranked: RankedLabels) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """scikit-learn's ROC with ``drop_intermediate`` of distinct scores with both classes:
    the rates and thresholds at the corner points, computed in blocks of points, so that the
    only full-length arrays are the points and the three outputs. Between corners the labels
    are all one class, so TP grows by a run's length when the run is positive; after point 1
    every corner is a change of label, so the runs alternate between the classes. The
    thresholds are taken first and the sorted keys dropped, so the false positive rate reuses
    the keys' memory; the true positive rate is written over the points (both 8 bytes a
    point)."""
    points = ranked.corner_points()
    m = len(points)
    thresholds = _thresholds_at(ranked, points)
    ranked.drop_scores()
    fpr = empty_large(m)
    tpr = points.view(np.float64)
    parts = row_parts(m, BLOCK_ROWS)
    # each part starts from the point before it and the TP there (rows of earlier runs)
    before = {start: int(points[max(start, 1) - 1]) for start, _ in parts}
    flags = ranked.labels.view(bool)
    carried_at = {start: int(np.count_nonzero(flags[:row])) for start, row in before.items()}
    # run j ends at point j: run 1 is row 0 alone; from run 2 on the labels alternate, so the
    # runs of negatives are the points j ≥ 2 of one parity
    first = int(flags[0])
    negative_parity = 1 if m > 2 and flags[points[2] - 1] else 0

    def rates(start: int, stop: int) -> None:
        previous, carried = before[start], carried_at[start]
        tp = np.empty(min(stop - start, BLOCK_ROWS), dtype=np.int64)
        for at in range(max(start, 1), stop, BLOCK_ROWS):
            block = points[at : min(at + BLOCK_ROWS, stop)]
            lengths = tp[: len(block)]
            lengths[0] = block[0] - previous
            np.subtract(block[1:], block[:-1], out=lengths[1:])
            lengths[(negative_parity - at) % 2 :: 2] = 0  # runs of negatives add no TP
            if at == 1:
                lengths[0] = first
            lengths[0] += carried
            np.cumsum(lengths, out=lengths)
            carried, previous = int(lengths[-1]), int(block[-1])
            np.subtract(block, lengths, out=block)  # FP, over the points
            np.divide(block, ranked.total_negatives, out=fpr[at : at + len(block)])
            np.divide(lengths, ranked.total_positives, out=tpr[at : at + len(block)])

    run_parts(rates, parts)
    fpr[0] = tpr[0] = 0.0
    return fpr, tpr, thresholds


def precision_recall_curve(
    y_true: Any,
    y_score: Any,
    *,
    pos_label: Any = None,
    sample_weight: Any = None,
    drop_intermediate: bool = False,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Precision–recall pairs at every distinct score: ``precision, recall, thresholds``.

    scikit-learn's order: thresholds increase, recall decreases, and a final point
    (precision 1, recall 0) without a threshold is appended. Without positives recall is 1
    everywhere (with a UserWarning).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_score : array-like of shape (n_samples,)
        Scores, higher meaning more positive.
    pos_label : int, float, bool or str, default=None
        The positive class (by default 1 for 0/1 or ±1 labels; else it must be given).
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    drop_intermediate : bool, default=False
        Drop thresholds that do not change the curve's shape.

    Returns
    -------
    precision, recall : ndarray
        The curve, with the final point (1, 0) appended.
    thresholds : ndarray
        Increasing thresholds, one fewer than the points. Same as
        ``sklearn.metrics.precision_recall_curve``; computed from phidelta's counts.

    Raises
    ------
    ValueError
        If `y_true` is not binary.

    See Also
    --------
    phidelta.measures.precision_recall_curve : the curve of a score table.

    References
    ----------
    Pedregosa, F., et al. (2011). Scikit-learn: machine learning in Python. Journal of Machine
    Learning Research, 12, 2825–2830.

    Examples
    --------
    >>> precision, recall, thresholds = precision_recall_curve(
    ...     [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> precision
    array([0.5       , 0.66666667, 0.5       , 1.        , 1.        ])
    """
    _check_pos_label_type(pos_label, "precision_recall_curve")
    drop_intermediate = _check_bool(
        drop_intermediate, "drop_intermediate", "precision_recall_curve"
    )
    problem = _Binary(y_true, y_score, pos_label, sample_weight)
    return _pr_curve(problem.ranked(), drop_intermediate, problem.score_dtype)


def _pr_curve(
    table: ScoreTable | RankedLabels, drop_intermediate: bool, score_dtype: Any = np.float64
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    kind = score_dtype if np.dtype(score_dtype).kind in "biuf" else np.float64
    if (
        isinstance(table, RankedLabels)
        and table.weights is None
        and not drop_intermediate
        and table.total_positives
    ):
        precision, recall = _ranked_pr_points(table)
        return precision, recall, table.scores()[::-1].astype(kind, copy=False)
    tp, fp = table.cumulative()
    tp, fp, thresholds = tp[1:], fp[1:], _scores_of(table)
    if drop_intermediate and len(tp) > 2:
        keep = _step_points(tp)
        tp, fp, thresholds = tp[keep], fp[keep], thresholds[keep]
    # zero-weight samples were dropped: every threshold predicts some weight positive
    precision = _reversed_ratio(tp, tp + fp, 1.0)
    if tp[-1] == 0:
        warnings.warn(_NO_POSITIVES_PR, UserWarning, stacklevel=outside_stacklevel())
        recall = np.ones(len(tp) + 1)
        recall[-1] = 0.0
    else:
        recall = _reversed_ratio(tp, tp[-1], 0.0)
    return precision, recall, thresholds[::-1].astype(kind)


def _ranked_pr_points(ranked: RankedLabels) -> tuple[np.ndarray, np.ndarray]:
    """Precision and recall at every score of distinct scores, in scikit-learn's order (the
    lowest threshold first, the end point (1, 0) last): the k-th highest score predicts k
    rows positive, TP of them, so precision = TP / k. In blocks, without full-length
    running sums."""
    n = len(ranked)
    precision, recall = empty_large(n + 1), empty_large(n + 1)
    precision[n], recall[n] = 1.0, 0.0
    parts = row_parts(n, BLOCK_ROWS)
    flags = ranked.labels.view(bool)
    carried_at = {start: int(np.count_nonzero(flags[:start])) for start, _ in parts}

    def points(start: int, stop: int) -> None:
        carried = carried_at[start]
        size = min(stop - start, BLOCK_ROWS)
        tp = np.empty(size, dtype=np.int64)
        tp_float, predicted = np.empty(size), np.empty(size)
        rows_above = np.arange(1, size + 1, dtype=np.float64)
        positives = float(ranked.total_positives)
        for at in range(start, stop, BLOCK_ROWS):
            end = min(at + BLOCK_ROWS, stop)
            t = tp[: end - at]
            t[:] = ranked.labels[at:end]
            t[0] += carried
            np.cumsum(t, out=t)
            carried = int(t[-1])
            # divisions of doubles (counts below 2⁵³ are exact), read backwards: point k
            # (k = at + 1 … end) goes to position n − k
            f = tp_float[: end - at]
            f[:] = t
            k = np.add(rows_above[: end - at], at, out=predicted[: end - at])
            np.divide(f[::-1], k[::-1], out=precision[n - end : n - at])
            np.divide(f[::-1], positives, out=recall[n - end : n - at])

    run_parts(points, parts)
    return precision, recall


def det_curve(
    y_true: Any,
    y_score: Any,
    pos_label: Any = None,
    sample_weight: Any = None,
    drop_intermediate: bool = False,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Detection error tradeoff: ``fpr, fnr, thresholds`` (thresholds increasing), from the
    threshold where no false negative remains to the first one without false positives.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_score : array-like of shape (n_samples,)
        Scores, higher meaning more positive.
    pos_label : int, float, bool or str, default=None
        The positive class (by default 1 for 0/1 or ±1 labels; else it must be given).
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    drop_intermediate : bool, default=False
        Drop thresholds that do not change the curve's shape.

    Returns
    -------
    fpr, fnr : ndarray
        False positive and false negative rates.
    thresholds : ndarray
        Increasing thresholds. Same as ``sklearn.metrics.det_curve``; computed from phidelta's
        counts.

    Raises
    ------
    ValueError
        If `y_true` does not have two classes.

    See Also
    --------
    roc_curve : tpr = 1 − fnr against fpr.

    References
    ----------
    Pedregosa, F., et al. (2011). Scikit-learn: machine learning in Python. Journal of Machine
    Learning Research, 12, 2825–2830.

    Martin, A., Doddington, G., Kamm, T., Ordowski, M., & Przybocki, M. (1997). The DET curve
    in assessment of detection task performance. Proceedings of Eurospeech, 1895–1898.

    Examples
    --------
    >>> fpr, fnr, thresholds = det_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> fpr, fnr
    (array([0.5, 0.5, 0. ]), array([0. , 0.5, 0.5]))
    """
    _check_pos_label_type(pos_label, "det_curve")
    drop_intermediate = _check_bool(drop_intermediate, "drop_intermediate", "det_curve")
    problem = _Binary(y_true, y_score, pos_label, sample_weight)
    counts = problem.ranked()
    tp, fp = counts.cumulative()  # point 0: threshold +inf, nothing positive
    if drop_intermediate and len(tp) > 2:
        keep = _step_points(tp)
        tp, fp = tp[keep], fp[keep]
        thresholds = _thresholds_at(counts, keep)
    else:
        thresholds = np.concatenate([[np.inf], _scores_of(counts)])
    if len(problem.classes) != 2:
        raise ValueError(
            "Only one class is present in y_true. Detection error tradeoff curve is not "
            "defined in that case."
        )
    first = int(np.searchsorted(fp, fp[0], side="right")) - 1  # the last point with fp = 0
    last = int(np.searchsorted(tp, tp[-1])) + 1  # the first point with fn = 0, included
    fpr = _reversed_ratio(fp[first:last], fp[-1], 0.0)[:-1]
    fnr = _reversed_ratio(tp[-1] - tp[first:last], tp[-1], 0.0)[:-1]
    return fpr, fnr, thresholds[first:last][::-1].copy()


def auc(x: Any, y: Any) -> float:
    """Area under a curve by the trapezoidal rule (``x`` increasing or decreasing).

    For the area under a ROC curve from scores see :func:`roc_auc_score` (or
    :func:`phidelta.measures.auc` of a score table: exact, ties counted half).

    Parameters
    ----------
    x : array-like of shape (n,)
        Monotonic x coordinates.
    y : array-like of shape (n,)
        y coordinates.

    Returns
    -------
    float
        The area. Same as ``sklearn.metrics.auc``; computed from phidelta's counts.

    Raises
    ------
    ValueError
        If fewer than two points are given or `x` is not monotonic.

    See Also
    --------
    roc_auc_score : the area under the ROC curve of scores.

    References
    ----------
    Pedregosa, F., et al. (2011). Scikit-learn: machine learning in Python. Journal of Machine
    Learning Research, 12, 2825–2830.

    Examples
    --------
    >>> auc([0, 0, 0.5, 0.5, 1], [0, 0.5, 0.5, 1, 1])
    0.75
    """
    check_lengths(as_target(x, "x"), as_target(y, "y"))
    given = column(x, "x")
    x, y = np.asarray(given, dtype=np.float64), np.asarray(column(y, "y"), np.float64)
    if x.shape[0] < 2:
        raise ValueError(
            f"At least 2 points are needed to compute area under curve, but x.shape = {x.shape[0]}"
        )
    direction = 1
    dx = np.diff(x)
    if np.any(dx < 0):
        if np.all(dx <= 0):
            direction = -1
        else:
            raise ValueError(f"x is neither increasing nor decreasing : {given}.")
    # ½·Σ dxᵢ·(yᵢ + yᵢ₊₁), in one buffer
    heights = np.add(y[1:], y[:-1])
    heights *= dx
    return float(direction * 0.5 * heights.sum())


# --- areas ----------------------------------------------------------------------------------------
def _roc_auc_of(
    is_positive: np.ndarray,
    scores: np.ndarray,
    weight: Any,
    max_fpr: Any,
    bounds: tuple[float, float] | None = None,
) -> float:
    """AUC (or McClish's partial AUC) of one binary problem; ``bounds``: the minimum and
    maximum of ``scores`` when known."""
    rows = len(scores)
    is_positive, scores, weight = _without_zero_weights(is_positive, scores, weight)
    if len(scores) != rows:  # rows of zero weight dropped: the bounds may have changed
        bounds = None
    n_pos = np.count_nonzero(is_positive)
    if n_pos == 0 or n_pos == len(is_positive):
        warn_undefined(_ONE_CLASS_AUC)
        return float("nan")
    whole = max_fpr is None or max_fpr == 1
    counts = _rank(is_positive, scores, weight, bounds, keep_scores=not whole)
    if isinstance(counts, RankedLabels):
        if whole:
            if counts.weights is None:
                pairs = counts.total_positives * counts.total_negatives
                return float(ranked_auc_numerator(counts.labels) / (2 * pairs))
            numerator, positive, negative = ranked_weighted_auc_sums(counts.labels, counts.weights)
            return float(numerator / (2 * positive * negative))
        if counts.weights is None:
            area = ranked_partial_auc(counts.labels, float(max_fpr))
            return mcclish_standardized(area, 0.0, float(max_fpr))
        counts = counts.table()
    table = counts
    if max_fpr is None or max_fpr == 1:
        return measures.auc(table)
    return measures.partial_auc(table, fpr_range=(0.0, float(max_fpr)), mcclish=True)


def _ap_of(is_positive: np.ndarray, scores: np.ndarray, weight: Any) -> float:
    is_positive, scores, weight = _without_zero_weights(is_positive, scores, weight)
    return _ap_of_ranked(_rank(is_positive, scores, weight, keep_scores=False))


def _ap_of_ranked(table: ScoreTable | RankedLabels) -> float:
    """Average precision of ranked rows (scikit-learn's steps; 0 without positives)."""
    if table.total_positives <= 0:
        warnings.warn(_NO_POSITIVES_PR, UserWarning, stacklevel=outside_stacklevel())
        return 0.0  # recall is 1 everywhere: the one step has the top threshold's precision 0
    if isinstance(table, RankedLabels):
        if table.weights is None:
            return ranked_average_precision(table.labels)
        return ranked_weighted_average_precision(table.labels, table.weights)
    return max(0.0, measures.average_precision(table))


def _average(
    binary: Callable[[np.ndarray, np.ndarray, Any], float],
    y_true: np.ndarray,
    y_score: np.ndarray,
    average: Any,
    weight: np.ndarray | None,
) -> Any:
    """scikit-learn's averaging of a binary metric over the columns of an indicator matrix
    (``micro``: all cells as one problem; ``samples``: over the rows)."""
    if average not in (None, "micro", "macro", "weighted", "samples"):
        raise ValueError(
            f"average has to be one of {(None, 'micro', 'macro', 'weighted', 'samples')}"
        )
    check_lengths(y_true, y_score, weight)
    if y_score.ndim == 1:
        raise ValueError(
            f"Expected 2D array, got 1D array instead:\narray={y_score}.\nReshape your "
            "data either using array.reshape(-1, 1) if your data has a single feature or "
            "array.reshape(1, -1) if it contains a single sample."
        )
    if y_score.shape != y_true.shape:
        raise ValueError(
            f"y_true and y_score have different shapes: {y_true.shape} and {y_score.shape}."
        )
    truth = y_true == 1
    if average == "micro":
        w = None if weight is None else np.repeat(weight, truth.shape[1])
        return binary(truth.ravel(), y_score.ravel(), w)
    by_rows = average == "samples"
    score_weight = None if by_rows else weight
    average_weight: np.ndarray | None = None
    if average == "weighted":
        average_weight = truth.sum(axis=0).astype(np.float64) if weight is None else weight @ truth
        if np.isclose(average_weight.sum(), 0):
            return 0
    elif by_rows:
        average_weight = weight
    if not by_rows:  # one contiguous row per label: each table reads its scores in order
        truth, y_score = np.ascontiguousarray(truth.T), np.ascontiguousarray(y_score.T)
    score = np.zeros(truth.shape[0])
    for c in range(truth.shape[0]):
        score[c] = binary(truth[c], y_score[c], score_weight)
    if average is None:
        return score
    if average_weight is not None:
        score[average_weight == 0] = 0
    return float(np.average(score, weights=average_weight))


def _scores_2d(y_score: Any) -> np.ndarray:
    return _scores_and_bounds(y_score)[0]


def _scores_and_bounds(y_score: Any) -> tuple[np.ndarray, tuple[float, float] | None]:
    """The scores as a float64 array (at most 2-D, all finite: scikit-learn's messages), and
    for 1-D scores their minimum and maximum, found by the same blocked pass (in parts on
    the threads) that checks them."""
    array = as_target(y_score, "y_score")
    if hasattr(array, "toarray"):
        array = array.toarray()
    if array.dtype.kind not in "biuf":
        try:
            array = array.astype(np.float64)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"could not convert y_score to float: dtype {array.dtype}") from exc
    array = np.asarray(array, dtype=np.float64)
    if array.ndim > 2:
        raise ValueError(f"Found array with dim {array.ndim}, while dim <= 2 is required.")
    if array.ndim == 1 and array.size:
        _, low, high = finite_bounds(array)  # the same messages
        return array, (low, high)
    if array.size and not np.isfinite(array).all():
        if np.isnan(array).any():
            raise ValueError("Input contains NaN.")
        raise ValueError("Input contains infinity or a value too large for dtype('float64').")
    return array, None


def _indicator(y: Any) -> np.ndarray:
    return np.asarray(y.toarray() if hasattr(y, "toarray") else y)


def _by_class(
    binary: Callable[[np.ndarray, np.ndarray, Any], float],
    codes: np.ndarray,
    k: int,
    scores: np.ndarray,
    average: Any,
    weight: np.ndarray | None,
) -> Any:
    """:func:`_average` of one-vs-rest indicators of class codes, one class at a time (no
    samples × classes indicator matrix) except for the micro and samples averages."""
    if average in ("micro", "samples"):
        return _average(binary, _binarize(codes, k), scores, average, weight)
    if average not in (None, "macro", "weighted"):
        raise ValueError(
            f"average has to be one of {(None, 'micro', 'macro', 'weighted', 'samples')}"
        )
    check_lengths(codes, scores, weight)
    columns = np.ascontiguousarray(scores.T)
    values = np.array([binary(codes == c, columns[c], weight) for c in range(k)])
    if average is None:
        return values
    support = None
    if average == "weighted":
        support = np.bincount(codes, weights=weight, minlength=k).astype(np.float64)
        if np.isclose(support.sum(), 0):
            return 0
        values[support == 0] = 0
    return float(np.average(values, weights=support))


def _binarize(codes: np.ndarray, k: int) -> np.ndarray:
    out = np.zeros((len(codes), k), dtype=np.int8)
    out[np.arange(len(codes)), codes] = 1
    return out


def roc_auc_score(
    y_true: Any,
    y_score: Any,
    *,
    average: str | None = "macro",
    sample_weight: Any = None,
    max_fpr: float | None = None,
    multi_class: str = "raise",
    labels: Any = None,
) -> Any:
    """Area under the ROC curve (binary, multi-label, and multi-class one-vs-rest or
    one-vs-one), scikit-learn's ``roc_auc_score``.

    The binary area is :func:`phidelta.measures.auc` of one score table (ties count half);
    with ``max_fpr`` it is McClish's standardized partial area
    (:func:`phidelta.measures.partial_auc`). The positive class of a binary ``y_true`` is its
    greater label. ``multi_class="ovo"`` is Hand & Till's M (see
    :func:`phidelta.measures.multiclass_auc`).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_score : array-like of shape (n_samples,) or (n_samples, n_classes)
        Scores, higher meaning more positive (probabilities or decision values).
    average : {"micro", "macro", "weighted", "samples"} or None, default="macro"
        How per-class values of multi-label or multi-class targets combine.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    max_fpr : float, default=None
        Standardized partial AUC over fpr in [0, max_fpr] (binary only).
    multi_class : {"raise", "ovr", "ovo"}, default="raise"
        One-vs-rest or one-vs-one for multi-class targets.
    labels : array-like, default=None
        The classes of the columns of a multi-class `y_score`.

    Returns
    -------
    float or ndarray
        The AUC. Same as ``sklearn.metrics.roc_auc_score``; computed from phidelta's counts.

    Raises
    ------
    ValueError
        If only one class is present, `max_fpr` is not in (0, 1], or `multi_class` does not suit
        the targets.

    See Also
    --------
    phidelta.measures.auc : the area of a score table.
    phidelta.measures.partial_auc : its partial area.
    phidelta.measures.multiclass_auc : one-vs-rest and one-vs-one areas.

    References
    ----------
    Pedregosa, F., et al. (2011). Scikit-learn: machine learning in Python. Journal of Machine
    Learning Research, 12, 2825–2830.

    Examples
    --------
    >>> roc_auc_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    0.75
    """
    if average not in (None, "micro", "macro", "samples", "weighted"):
        raise ValueError(
            "The 'average' parameter of roc_auc_score must be a str among {'micro', 'macro', "
            f"'samples', 'weighted'}} or None. Got {average!r} instead."
        )
    if multi_class not in ("raise", "ovr", "ovo"):
        raise ValueError(
            "The 'multi_class' parameter of roc_auc_score must be a str among {'raise', "
            f"'ovr', 'ovo'}}. Got {multi_class!r} instead."
        )
    if max_fpr is not None and not (
        isinstance(max_fpr, numbers.Real) and not isinstance(max_fpr, bool) and 0 < max_fpr <= 1
    ):
        raise ValueError(
            "The 'max_fpr' parameter of roc_auc_score must be a float in the range (0.0, 1.0] "
            f"or None. Got {max_fpr!r} instead."
        )
    y = as_target(y_true, "y_true")
    kind, present = target_classes(y, "y_true")
    scores, bounds = _scores_and_bounds(y_score)
    weight = None
    if sample_weight is not None:
        weight = scale_free(
            check_weights(column(sample_weight, "sample_weight"), len(column(sample_weight)))
        )
    if kind == "multiclass" or (kind == "binary" and scores.ndim == 2 and scores.shape[1] > 2):
        if max_fpr is not None and max_fpr != 1.0:
            raise ValueError(
                "Partial AUC computation not available in multiclass setting, 'max_fpr' must "
                f"be set to `None`, received `max_fpr={max_fpr}` instead"
            )
        if multi_class == "raise":
            raise ValueError("multi_class must be in ('ovo', 'ovr')")
        return _multiclass_auc(
            column(y, "y_true"), scores, labels, multi_class, average, weight, present
        )
    if kind == "binary":
        y = column(y, "y_true")
        check_lengths(y, scores, weight)
        check_samples(y)
        classes = present if present is not None else _distinct(y)
        # the positive class is the greater label (scikit-learn's convention for y_score)
        is_positive = (
            _equals(y, classes[-1], classes) if len(classes) == 2 else np.zeros(len(y), dtype=bool)
        )
        return _roc_auc_of(is_positive, column(scores, "y_score"), weight, max_fpr, bounds)
    if kind != "multilabel-indicator":
        raise ValueError(f"{kind} format is not supported")
    truth = _indicator(y)
    return _average(lambda t, s, w: _roc_auc_of(t, s, w, max_fpr), truth, scores, average, weight)


def _multiclass_auc(
    y: np.ndarray,
    scores: np.ndarray,
    labels: Any,
    multi_class: str,
    average: Any,
    weight: np.ndarray | None,
    present: list[Any] | None = None,
) -> float:
    if scores.ndim != 2:
        raise ValueError(
            "`y_score` needs to be of shape `(n_samples, n_classes)`, since `y_true` contains "
            f"multiple classes. Got `y_score.shape={scores.shape}`."
        )
    if not np.allclose(1, scores.sum(axis=1)):
        raise ValueError(
            "Target scores need to be probabilities for multiclass roc_auc, i.e. they should "
            "sum up to 1.0 over classes"
        )
    options: tuple[Any, ...] = ("macro", "weighted", None)
    if multi_class == "ovr":
        options = ("micro", *options)
    if average not in options:
        raise ValueError(f"average must be one of {options} for multiclass problems")
    if average is None and multi_class == "ovo":
        raise NotImplementedError("average=None is not implemented for multi_class='ovo'.")
    if labels is not None:
        classes = np.asarray(column(labels, "labels"))
        distinct = np.unique(classes)
        if len(distinct) != len(classes):
            raise ValueError("Parameter 'labels' must be unique")
        if not np.array_equal(distinct, classes):
            raise ValueError("Parameter 'labels' must be ordered")
        if len(classes) != scores.shape[1]:
            raise ValueError(
                f"Number of given labels, {len(classes)}, not equal to the number of columns "
                f"in 'y_score', {scores.shape[1]}"
            )
        if len(np.setdiff1d(y, classes)):
            raise ValueError("'y_true' contains labels not in parameter 'labels'")
    else:
        classes = np.asarray(present) if present is not None else np.unique(y)
        if len(classes) != scores.shape[1]:
            raise ValueError(
                "Number of classes in y_true not equal to the number of columns in 'y_score'"
            )
    if multi_class == "ovo" and weight is not None:
        raise ValueError(
            "sample_weight is not supported for multiclass one-vs-one ROC AUC, "
            "'sample_weight' must be None in this case."
        )
    check_lengths(y, scores, weight)
    codes = encode(y, classes)
    if multi_class == "ovo":
        # Hand & Till's M over the classes present in y_true
        return np.float64(  # scikit-learn's type for one-vs-one (a float for the others)
            measures.multiclass_auc(
                codes, scores, labels=list(range(len(classes))), multi_class="ovo", average=average
            )
        )
    return _by_class(
        lambda t, s, w: _roc_auc_of(t, s, w, None), codes, len(classes), scores, average, weight
    )


def average_precision_score(
    y_true: Any,
    y_score: Any,
    *,
    average: str | None = "macro",
    pos_label: Any = 1,
    sample_weight: Any = None,
) -> Any:
    """Average precision, the step-wise area of the precision–recall curve
    (:func:`phidelta.measures.average_precision` of a score table), scikit-learn's
    ``average_precision_score``.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_score : array-like of shape (n_samples,) or (n_samples, n_classes)
        Scores, higher meaning more positive (probabilities or decision values).
    average : {"micro", "macro", "weighted", "samples"} or None, default="macro"
        How per-label values of multi-label targets combine.
    pos_label : int, float, bool or str, default=1
        The positive class of binary targets.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.

    Returns
    -------
    float or ndarray
        AP; per label when ``average=None``. Same as ``sklearn.metrics.average_precision_score``;
        computed from phidelta's counts.

    Raises
    ------
    ValueError
        If the targets are of an unsupported type or `pos_label` is not a label.

    See Also
    --------
    phidelta.measures.average_precision : AP of a score table.

    References
    ----------
    Pedregosa, F., et al. (2011). Scikit-learn: machine learning in Python. Journal of Machine
    Learning Research, 12, 2825–2830.

    Examples
    --------
    >>> round(average_precision_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]), 4)
    0.8333
    """
    if average not in (None, "micro", "macro", "samples", "weighted"):
        raise ValueError(
            "The 'average' parameter of average_precision_score must be a str among "
            f"{{'micro', 'macro', 'samples', 'weighted'}} or None. Got {average!r} instead."
        )
    _check_pos_label_type(pos_label, "average_precision_score")
    if pos_label is None:  # scikit-learn's parameter check: a class, not None, here
        raise ValueError(
            "The 'pos_label' parameter of average_precision_score must be an instance of "
            "'float', an instance of 'str' or an instance of 'bool' or an instance of "
            "'numpy.bool'. Got None instead."
        )
    y = as_target(y_true, "y_true")
    kind, present = target_classes(y, "y_true")
    weight = None
    if sample_weight is not None:
        w = column(sample_weight, "sample_weight")
        weight = scale_free(check_weights(w, len(w)))
    if kind == "binary":
        labels = column(y, "y_true")
        if len(present) == 2 and not any(
            pos_label == c and isinstance(pos_label, str) == isinstance(c, str) for c in present
        ):
            raise ValueError(
                f"pos_label={pos_label} is not a valid label. It should be one of "
                f"{np.asarray(present)}"
            )
        problem = _Binary(labels, y_score, pos_label, weight, described=(kind, present))
        return _ap_of_ranked(problem.ranked(keep_scores=False))
    if kind == "multilabel-indicator":
        if pos_label != 1:
            raise ValueError(
                "Parameter pos_label is fixed to 1 for multilabel-indicator y_true. Do not set "
                "pos_label or set pos_label to 1."
            )
        truth = _indicator(y)
    elif kind == "multiclass":
        if pos_label != 1:
            raise ValueError(
                "Parameter pos_label is fixed to 1 for multiclass y_true. Do not set pos_label "
                "or set pos_label to 1."
            )
        labels = column(y, "y_true")
        classes = np.asarray(present)
        if np.shape(y_score) != (len(labels), len(classes)):
            raise ValueError(
                "`y_score` needs to be of shape `(n_samples, n_classes)`, since `y_true` "
                f"contains multiple classes. Got `y_score.shape={np.shape(y_score)}`."
            )
        codes = encode(labels, classes)
        return _by_class(_ap_of, codes, len(classes), _scores_2d(y_score), average, weight)
    else:
        raise ValueError(f"{kind} format is not supported")
    return _average(_ap_of, truth, _scores_2d(y_score), average, weight)
