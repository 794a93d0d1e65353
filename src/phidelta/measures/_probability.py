"""Class probability estimates (Flach §2.3): squared error, Brier score and its decomposition,
Laplace correction and m-estimates, and isotonic calibration through the ROC convex hull."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from phidelta._validation import as_float_array, check_same_length, check_sample_weight
from phidelta.counts import ScoreTable
from phidelta.counts._labels import as_label_array, binary_target
from phidelta.measures._results import TupleResult

__all__ = [
    "BrierDecomposition",
    "IsotonicCalibrator",
    "brier_decomposition",
    "brier_score",
    "laplace_correction",
    "m_estimate",
    "squared_error",
]


def _positive_indicator(y_true: Any, pos_label: Any, n: int) -> np.ndarray:
    y = as_label_array(y_true, "y_true")
    if len(y) != n:
        raise ValueError(f"Lengths differ: `y_true` has {len(y)}, `probabilities` has {n}.")
    if not len(y):
        return np.zeros(0)
    return binary_target(y, pos_label).is_positive.astype(np.float64)


def _one_hot(y_true: Any, classes: list[Any], n: int) -> np.ndarray:
    y = as_label_array(y_true, "y_true")
    if len(y) != n:
        raise ValueError(f"Lengths differ: `y_true` has {len(y)}, `probabilities` has {n} rows.")
    onehot = np.zeros((n, len(classes)))
    matched = np.zeros(n, dtype=bool)
    for j, c in enumerate(classes):  # a loop over the k classes
        hit = y == c
        onehot[:, j] = hit
        matched |= hit
    if not matched.all():
        stray = np.unique(y[~matched])[:5].tolist()
        raise ValueError(f"`y_true` has labels {stray} that are not in `classes` {classes}.")
    return onehot


def _probabilities(values: Any) -> np.ndarray:
    p = as_float_array(values, "probabilities", ndim=None)
    if p.ndim not in (1, 2):
        raise ValueError(
            f"`probabilities` must be 1-D (binary) or 2-D (k classes); got shape {p.shape}."
        )
    if p.size and (p.min() < 0 or p.max() > 1):
        raise ValueError("`probabilities` must lie in [0, 1].")
    if p.ndim == 2 and not np.allclose(p.sum(axis=1), 1.0, atol=1e-9):
        worst = float(np.max(np.abs(p.sum(axis=1) - 1)))
        raise ValueError(
            f"Each row of `probabilities` must sum to 1; the worst row is off by {worst:.3g}."
        )
    return p


def squared_error(
    y_true: Any, probabilities: Any, *, pos_label: Any = None, classes: Any = None
) -> np.ndarray:
    """Squared error per example, SE = ½ Σᵢ (p̂ᵢ − I[c = Cᵢ])² (Flach eq. 2.6).

    ``probabilities`` is the positive class's probability (1-D; then SE = (p̂ − I[+])²) or a
    matrix of k-class probability vectors whose columns follow ``classes``.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True labels.
    probabilities : array-like of shape (n,) or (n, k)
        1-D: the probability of the positive class; 2-D: one probability vector per row (rows
        summing to 1), columns in the order of `classes`.
    pos_label : label, default=None
        The positive class for 1-D `probabilities` (by default 1 or True for 0/1,
        ±1 or boolean classes; else it must be given).
    classes : array-like of shape (k,), default=None
        The class of each column of 2-D `probabilities`; by default 0, 1, …, k − 1.

    Returns
    -------
    ndarray of shape (n,)
        The squared error of each example: in [0, 1] for 1-D input, ½·Σ over the classes for
        2-D input.

    Raises
    ------
    ValueError
        If the probabilities are not in [0, 1], a row does not sum to 1, the lengths differ, or
        `classes` does not match the columns.

    See Also
    --------
    brier_score : their mean.

    References
    ----------
    Flach, P. (2012). Machine Learning: The Art and Science of Algorithms that Make Sense of
    Data, chapter 2. Cambridge University Press. Eq. 2.6.

    Examples
    --------
    >>> squared_error([0, 2], [[0.7, 0.1, 0.2], [0.99, 0.0, 0.01]], classes=[0, 1, 2])
    array([0.07  , 0.9801])
    """
    p = _probabilities(probabilities)
    if p.ndim == 1:
        errors = _positive_indicator(y_true, pos_label, len(p))  # a new array: reuse it
        np.subtract(p, errors, out=errors)
        return np.square(errors, out=errors)
    if classes is None:
        classes = list(range(p.shape[1]))
    classes = list(np.asarray(classes).tolist())
    if len(classes) != p.shape[1]:
        raise ValueError(f"`classes` has {len(classes)} labels for {p.shape[1]} columns.")
    return 0.5 * np.sum((p - _one_hot(y_true, classes, len(p))) ** 2, axis=1)


def brier_score(
    y_true: Any,
    probabilities: Any,
    *,
    pos_label: Any = None,
    classes: Any = None,
    sample_weight: Any = None,
) -> float:
    """Mean squared error of probability estimates, the Brier score (Flach eq. 2.7).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True labels.
    probabilities : array-like of shape (n,) or (n, k)
        As in :func:`squared_error`.
    pos_label : label, default=None
        The positive class for 1-D `probabilities`.
    classes : array-like of shape (k,), default=None
        The class of each column of 2-D `probabilities`.
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights of the examples.

    Returns
    -------
    float
        The (weighted) mean squared error.

    Raises
    ------
    ValueError
        As :func:`squared_error`, and if there are no examples.

    See Also
    --------
    brier_decomposition : calibration and refinement loss.
    log_loss : the logarithmic counterpart.

    References
    ----------
    Flach, P. (2012). Machine Learning: The Art and Science of Algorithms that Make Sense of
    Data, chapter 2. Cambridge University Press. Eq. 2.7 and Example 2.5.

    Brier, G. W. (1950). Verification of forecasts expressed in terms of probability. Monthly
    Weather Review, 78(1), 1–3.

    Examples
    --------
    >>> round(brier_score([1, 1, 0, 1, 1, 0, 1, 1, 0, 0],
    ...     [0.89, 0.8, 0.74, 0.71, 0.63, 0.49, 0.42, 0.32, 0.24, 0.13]), 5)   # Example 2.5
    0.19341
    """
    errors = squared_error(y_true, probabilities, pos_label=pos_label, classes=classes)
    if errors.size == 0:
        raise ValueError("No examples: the Brier score is undefined.")
    if sample_weight is None:
        return float(errors.mean())
    w = check_sample_weight(sample_weight, len(errors))
    return float(np.dot(w, errors) / w.sum())


@dataclass(frozen=True)
class BrierDecomposition(TupleResult):
    """MSE = calibration loss + refinement loss over segments (Flach §2.3).

    Unpacks as ``brier, calibration, refinement``; ``segments`` (how many) is not unpacked.

    Attributes
    ----------
    brier : float
        The Brier score (binary mean squared error).
    calibration : float
        Calibration loss, the mean of (p̂ − ṗ)² with ṗ the segment's empirical probability.
    refinement : float
        Refinement loss, Σ n_S·ṗ(1 − ṗ) / n over the segments (n_S examples in S).
    segments : int
        How many segments.

    See Also
    --------
    brier_decomposition : computes it.

    References
    ----------
    Flach, P. (2012). Machine Learning: The Art and Science of Algorithms that Make Sense of
    Data, chapter 2. Cambridge University Press. Section 2.3.

    Examples
    --------
    >>> d = brier_decomposition([1, 1, 0, 0], [0.9, 0.9, 0.2, 0.2])
    >>> d.segments
    2
    """

    brier: float
    calibration: float
    refinement: float
    segments: int

    _fields: ClassVar[tuple[str, ...]] = ("brier", "calibration", "refinement")


def brier_decomposition(
    y_true: Any, probabilities: Any, *, pos_label: Any = None, groups: Any = None
) -> BrierDecomposition:
    """Split the (binary) Brier score into calibration and refinement loss over segments.

    Segments are ``groups`` when given (e.g. the leaves of a grouping model), else the sets of
    examples sharing one predicted probability. Within a segment S with empirical probability
    ṗ and n_S examples: SE(S) = n_S(p̂ − ṗ)² + n_S·ṗ(1 − ṗ) when all of S has the same p̂; with
    varying p̂ the calibration term uses each example's p̂.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True labels.
    probabilities : array-like of shape (n,)
        The probability of the positive class.
    pos_label : label, default=None
        The positive class (by default 1 or True for 0/1, ±1 or boolean
        classes; else it must be given).
    groups : array-like of shape (n,), default=None
        The segment of each example; by default the examples sharing a probability.

    Returns
    -------
    BrierDecomposition
        Unpacks as ``brier, calibration, refinement``.

    Raises
    ------
    ValueError
        If `probabilities` is not 1-D or not in [0, 1], or the lengths differ.

    See Also
    --------
    brier_score : the score it splits.
    IsotonicCalibrator : removes the calibration loss on the ROC convex hull.

    References
    ----------
    Flach, P. (2012). Machine Learning: The Art and Science of Algorithms that Make Sense of
    Data, chapter 2. Cambridge University Press. Section 2.3.

    Examples
    --------
    >>> brier, calibration, refinement = brier_decomposition([1, 1, 0, 0], [0.9, 0.9, 0.2, 0.2])
    >>> round(brier, 4), round(calibration, 4), round(refinement, 4)
    (0.025, 0.025, 0.0)
    """
    p = _probabilities(probabilities)
    if p.ndim != 1:
        raise ValueError("`probabilities` must be 1-D (the positive class) for the decomposition.")
    y = _positive_indicator(y_true, pos_label, len(p))
    keys = p if groups is None else as_label_array(groups, "groups")
    if groups is not None:
        check_same_length(probabilities=p, groups=keys)
    _, segment = np.unique(keys, return_inverse=True)
    k = int(segment.max()) + 1 if len(segment) else 0
    size = np.bincount(segment, minlength=k).astype(np.float64)
    empirical = np.bincount(segment, weights=y, minlength=k) / size
    calibration = float(np.mean((p - empirical[segment]) ** 2))
    refinement = float(np.sum(size * empirical * (1 - empirical)) / len(p))
    return BrierDecomposition(
        brier=float(np.mean((p - y) ** 2)),
        calibration=calibration,
        refinement=refinement,
        segments=k,
    )


def laplace_correction(counts: Any) -> np.ndarray:
    """Laplace-corrected empirical probabilities (nᵢ + 1) / (n + k), n = Σ nᵢ (Flach eq. 2.8).

    Parameters
    ----------
    counts : array-like of shape (..., k)
        Class counts nᵢ, classes on the last axis.

    Returns
    -------
    ndarray of shape (..., k)
        The corrected probabilities, summing to 1 along the last axis.

    Raises
    ------
    ValueError
        If a count is negative.

    See Also
    --------
    m_estimate : the general form (m = k, uniform prior).

    References
    ----------
    Flach, P. (2012). Machine Learning: The Art and Science of Algorithms that Make Sense of
    Data, chapter 2. Cambridge University Press. Eq. 2.8.

    Examples
    --------
    >>> laplace_correction([2, 0])
    array([0.75, 0.25])
    """
    c = _class_counts(counts)
    k = c.shape[-1]
    return m_estimate(c, m=k, prior=np.full(k, 1.0 / k))


def _class_counts(counts: Any) -> np.ndarray:
    """Class counts with the classes on a last axis of at least one class."""
    c = as_float_array(counts, "counts", ndim=None)
    if c.ndim == 0 or c.shape[-1] == 0:
        raise ValueError(
            f"`counts` must hold the counts of one or more classes on its last axis; got shape "
            f"{c.shape}."
        )
    return c


def m_estimate(counts: Any, *, m: float, prior: Any = None) -> np.ndarray:
    """m-estimate (nᵢ + m·πᵢ) / (n + m), n = Σ nᵢ, of empirical probabilities (Flach eq. 2.9).

    ``counts`` has the classes on its last axis; ``prior`` defaults to uniform.

    Parameters
    ----------
    counts : array-like of shape (..., k)
        Class counts nᵢ, classes on the last axis.
    m : float
        Weight of the prior, in pseudo-counts; non-negative.
    prior : array-like of shape (k,), default=None
        Prior probabilities πᵢ summing to 1; uniform by default.

    Returns
    -------
    ndarray of shape (..., k)
        The smoothed probabilities, summing to 1 along the last axis.

    Raises
    ------
    ValueError
        If `counts` has no class axis, a count is negative, `m` is negative or not finite,
        or `prior` is not k probabilities summing to 1.

    See Also
    --------
    laplace_correction : m = k with a uniform prior.

    References
    ----------
    Flach, P. (2012). Machine Learning: The Art and Science of Algorithms that Make Sense of
    Data, chapter 2. Cambridge University Press. Eq. 2.9.

    Examples
    --------
    >>> m_estimate([3, 1], m=4, prior=[0.5, 0.5])
    array([0.625, 0.375])
    """
    c = _class_counts(counts)
    if np.any(c < 0):
        raise ValueError("`counts` must be non-negative.")
    if not np.isfinite(m) or m < 0:
        raise ValueError(f"`m` must be a non-negative number; got {m!r}.")
    k = c.shape[-1]
    pi = np.full(k, 1.0 / k) if prior is None else as_float_array(prior, "prior")
    if len(pi) != k or np.any(pi < 0) or not np.isclose(pi.sum(), 1.0):
        raise ValueError(f"`prior` must be {k} probabilities summing to 1; got {prior!r}.")
    return (c + m * pi) / (c.sum(axis=-1, keepdims=True) + m)


class IsotonicCalibrator:
    """Isotonic calibration through the ROC convex hull (Flach §2.3, Fig. 2.13).

    Fit on labelled scores (or a :class:`ScoreTable`): each convex-hull segment gets its
    empirical probability of the positive class (tied scores are pooled, and each block of
    pool-adjacent-violators is one segment); the calibration map is piecewise linear — a
    plateau over each segment's scores and linear interpolation between the scores of adjacent
    segments — and constant beyond the scores seen. ``laplace=True`` uses
    (pos + 1)/(pos + neg + 2) per segment (Flach eq. 2.8), with collinear hull points merged
    into one segment (Flach's Fig. 2.13 corrects each point of a collinear run separately,
    which pulls a block of 196 positives down to 2/3), and neighbours the correction reverses
    pooled again: the Laplace map is non-decreasing and inside (0, 1).

    Parameters
    ----------
    laplace : bool, default=False
        Apply the Laplace correction (pos + 1)/(pos + neg + 2) per segment.

    Attributes
    ----------
    knots_ : ndarray or None
        The distinct scores seen by :meth:`fit`, ascending (None before fitting).
    values_ : ndarray or None
        The calibrated probability at each knot.

    See Also
    --------
    roc_convex_hull : the hull whose segments give the calibration map.
    brier_decomposition : the calibration loss it removes.

    References
    ----------
    Flach, P. (2012). Machine Learning: The Art and Science of Algorithms that Make Sense of
    Data, chapter 2. Cambridge University Press. Section 2.3, Fig. 2.13 and eq. 2.8.

    Examples
    --------
    >>> scores = [0.89, 0.8, 0.74, 0.71, 0.63, 0.49, 0.42, 0.32, 0.24, 0.13]
    >>> cal = IsotonicCalibrator().fit([1, 1, 0, 1, 1, 0, 1, 1, 0, 0], scores)
    >>> np.round(cal.transform(scores), 4).tolist()
    [1.0, 1.0, 0.6667, 0.6667, 0.6667, 0.6667, 0.6667, 0.6667, 0.0, 0.0]
    """

    def __init__(self, *, laplace: bool = False) -> None:
        self.laplace = laplace
        self.knots_: np.ndarray | None = None
        self.values_: np.ndarray | None = None

    def fit(
        self, y_true: Any, scores: Any, *, pos_label: Any = None, sample_weight: Any = None
    ) -> IsotonicCalibrator:
        """Fit the calibration map to labelled scores.

        Parameters
        ----------
        y_true : array-like of shape (n,)
            True labels.
        scores : array-like of shape (n,)
            Scores, higher meaning more positive.
        pos_label : label, default=None
            The positive class (by default 1 or True for 0/1, ±1 or boolean
            classes; else it must be given).
        sample_weight : array-like of shape (n,), default=None
            Non-negative weights of the examples.

        Returns
        -------
        IsotonicCalibrator
            This calibrator, fitted.

        Raises
        ------
        ValueError
            If the labels or scores are invalid, or no example has positive weight.
        """
        table = ScoreTable.from_scores(
            y_true, scores, pos_label=pos_label, sample_weight=sample_weight
        )
        return self.fit_table(table)

    def fit_table(self, table: ScoreTable) -> IsotonicCalibrator:
        """Fit the calibration map to a score table (tables of chunks merge with ``+``).

        Parameters
        ----------
        table : ScoreTable
            Positive and negative counts at each distinct score.

        Returns
        -------
        IsotonicCalibrator
            This calibrator, fitted.

        Raises
        ------
        TypeError
            If `table` is not a :class:`~phidelta.counts.ScoreTable`.
        ValueError
            If no score carries positive weight.
        """
        if not isinstance(table, ScoreTable):
            raise TypeError(f"`table` must be a ScoreTable; got {type(table).__name__}.")
        weight = table.positives + table.negatives
        if not np.all(weight > 0):  # scores carrying zero weight say nothing: drop them
            kept = weight > 0
            table = ScoreTable._trusted(
                table.scores[kept], table.positives[kept], table.negatives[kept]
            )
        if len(table) == 0:
            raise ValueError("Cannot calibrate without examples (of positive weight).")
        positives = table.positives.astype(np.float64)
        weight = positives + table.negatives
        # a segment's rate is its block's pooled rate (collinear hull segments share it): the
        # blocks of pool-adjacent-violators are the segments of the ROC convex hull
        from scipy.optimize import isotonic_regression

        blocks = isotonic_regression(positives / weight, weights=weight, increasing=False)
        starts = np.asarray(blocks.blocks[:-1])
        block_pos = np.add.reduceat(positives, starts)
        block_weight = np.add.reduceat(weight, starts)
        if self.laplace:
            # (pos + 1)/(n + 2) per segment (Flach eq. 2.8); the correction can reverse two
            # neighbours (1/1 → 2/3 above 9/10 → 10/12), so violators are pooled once more,
            # as (Σ pos + 1)/(Σ n + 2) weighted sums: monotone and inside (0, 1)
            corrected = isotonic_regression(
                (block_pos + 1) / (block_weight + 2), weights=block_weight + 2, increasing=False
            )
            rate = corrected.x
        else:
            rate = block_pos / block_weight
        values = np.repeat(rate, np.diff(blocks.blocks))
        self.knots_ = table.scores[::-1].copy()  # ascending, for interpolation
        self.values_ = values[::-1].copy()
        return self

    def transform(self, scores: Any) -> np.ndarray:
        """Calibrated probabilities of new scores (the calibration map).

        Parameters
        ----------
        scores : array-like
            Scores of any shape.

        Returns
        -------
        ndarray
            Calibrated probabilities, the shape of `scores`.

        Raises
        ------
        ValueError
            If the calibrator is not fitted yet.
        """
        if self.knots_ is None or self.values_ is None:
            raise ValueError("This IsotonicCalibrator is not fitted yet; call fit() first.")
        s = as_float_array(scores, "scores", ndim=None)
        return np.interp(s, self.knots_, self.values_)

    predict = transform

    def breakpoints(self) -> tuple[np.ndarray, np.ndarray]:
        """The scores where the calibration map turns, ascending, and its values there.

        The map is the polyline through these points, constant before the first and after
        the last: the knots inside a plateau are left out, so this is the map in as few points
        as it takes (a display draws it exactly with them).

        Returns
        -------
        scores : ndarray
            The turning scores, ascending (the first and last knots included).
        values : ndarray
            The calibrated probabilities at them.

        Raises
        ------
        ValueError
            If the calibrator is not fitted yet.

        Examples
        --------
        >>> scores = [0.89, 0.8, 0.74, 0.71, 0.63, 0.49, 0.42, 0.32, 0.24, 0.13]
        >>> cal = IsotonicCalibrator().fit([1, 1, 0, 1, 1, 0, 1, 1, 0, 0], scores)
        >>> x, p = cal.breakpoints()
        >>> x.tolist(), np.round(p, 4).tolist()
        ([0.13, 0.24, 0.32, 0.74, 0.8, 0.89], [0.0, 0.0, 0.6667, 0.6667, 1.0, 1.0])
        """
        if self.knots_ is None or self.values_ is None:
            raise ValueError("This IsotonicCalibrator is not fitted yet; call fit() first.")
        values = self.values_
        turns = np.ones(len(values), dtype=bool)
        # an inner knot with the same value on both sides lies inside a plateau
        turns[1:-1] = (values[1:-1] != values[:-2]) | (values[1:-1] != values[2:])
        return self.knots_[turns], values[turns]
