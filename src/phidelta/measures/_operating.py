"""Operating conditions: isometrics, optimal points and thresholds (Flach §2.2), Jiřina's
acceptable region (§5.5), dominance and the Pareto front (Flach §2.1), margins and losses."""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from phidelta._compute import criterion_gain
from phidelta._stack import outside_stacklevel
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

    Parameters
    ----------
    ratio : float
        Class ratio r = N/P, positive and finite.
    cost_ratio : float, default=1.0
        c = c_FN / c_FP, positive and finite.
    space : {"roc", "coverage"}, default="roc"
        The space of the isometrics.
    positives, negatives : float or None, default=None
        Deprecated and not used (a DeprecationWarning when given): the slope depends on the
        ratio only.

    Returns
    -------
    float
        r/c in ROC space, 1/c in coverage space.

    Raises
    ------
    TypeError
        If `ratio` or `cost_ratio` is not a number.
    ValueError
        If `ratio` or `cost_ratio` is not positive and finite, or `space` is unknown.

    See Also
    --------
    optimal_points : where the isometric touches the ROC curve.

    References
    ----------
    Flach, P. (2012). Machine Learning: The Art and Science of Algorithms that Make Sense of
    Data, chapter 2. Cambridge University Press. Section 2.2, Example 2.5.

    Examples
    --------
    >>> isometric_slope(ratio=4 / 6)    # Example 2.5: 3 spam for 2 ham
    0.6666666666666666
    """
    if positives is not None or negatives is not None:
        warnings.warn(
            "`positives` and `negatives` are not used by isometric_slope (the slope depends on "
            "the ratio only) and will be removed; leave them out.",
            DeprecationWarning,
            stacklevel=outside_stacklevel(),
        )
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

    Attributes
    ----------
    indices : ndarray of int
        Indices of the points in the ROC curve of the table.
    fpr, tpr : ndarray
        The rates of the optimal points.
    thresholds : ndarray
        For each point, a threshold (predict positive when score ≥ threshold) that gives its
        counts exactly.
    accuracy : ndarray
        Accuracy at the operating condition's class ratio.
    cost : ndarray
        Expected cost per example (c_FP = 1).

    See Also
    --------
    optimal_points : computes it.
    RocCurve : the curve the points lie on.

    References
    ----------
    Flach, P. (2012). Machine Learning: The Art and Science of Algorithms that Make Sense of
    Data, chapter 2. Cambridge University Press. Section 2.2.

    Examples
    --------
    >>> t = ScoreTable.from_scores([1, 0, 1, 0], [0.9, 0.8, 0.3, 0.1])
    >>> fpr, tpr, thresholds = optimal_points(t, criterion="youden")   # two tied points
    >>> fpr, tpr
    (array([0. , 0.5]), array([0.5, 1. ]))
    """

    indices: np.ndarray  # into the ROC curve's points
    fpr: np.ndarray
    tpr: np.ndarray
    thresholds: np.ndarray  # midpoints between adjacent distinct scores
    accuracy: np.ndarray  # at the operating condition's class ratio
    cost: np.ndarray  # expected cost per example, c_FP = 1

    _fields: ClassVar[tuple[str, ...]] = ("fpr", "tpr", "thresholds")


_CRITERIA = ("cost", "youden", "closest_topleft")


def optimal_points(
    table: ScoreTable,
    *,
    ratio: float | None = None,
    cost_ratio: float = 1.0,
    criterion: str = "cost",
    atol: float = 1e-12,
) -> OperatingPoints:
    """Optimal points of the ROC curve — all of them when tied — and thresholds that
    reproduce their counts exactly.

    ``criterion="cost"`` (Flach §2.2) maximizes c·p·tpr − n·fpr (the isometric of slope r/c
    touching the curve) with n, p from ``ratio`` (default: the table's own N/P) and
    c = ``cost_ratio``. ``"youden"`` maximizes Youden's J = tpr − fpr (Youden 1950) and
    ``"closest_topleft"`` minimizes the distance to the perfect corner, (1 − tpr)² + fpr²
    (pROC's ``best.method``). Both take the weight w = r / c of pROC's ``best.weights``
    (c = ``cost_ratio``; r = ``ratio``, which for these two criteria defaults to 1: pROC's
    default prevalence ½): the weighted J = tpr − w·fpr and (1 − tpr)² + w·fpr². pROC's
    ``best.weights = c(cost, prevalence)`` is ``cost_ratio=cost``,
    ``ratio=(1 − prevalence) / prevalence``; the weighted Youden criterion is then the cost
    criterion at the same ratio and cost ratio. Points within ``atol`` of the best value are
    ties and all returned (as pROC's ``coords(x = "best")``).

    The threshold of a point (predict positive when score ≥ threshold) is the midpoint of the
    lowest score predicted positive and the next lower score, computed without overflow or
    loss; when the midpoint rounds onto the lower score (adjacent doubles) the upper score
    itself is used, so that ``table.counts_at(threshold)`` always gives the point's counts.
    Nothing positive: +inf; everything positive: the midpoint of the minimum and a value
    below it. Tied scores are never split. ``accuracy`` and ``cost`` are reported at the
    operating condition (``ratio``, ``cost_ratio``) whatever the criterion.

    Parameters
    ----------
    table : ScoreTable
        Scores and their positive and negative counts, as built by
        :meth:`ScoreTable.from_scores <phidelta.counts.ScoreTable.from_scores>`.
    ratio : float or None, default=None
        Class ratio N/P of the operating condition; None for the table's own (for the
        ``"youden"`` and ``"closest_topleft"`` weights: 1). ``accuracy`` and ``cost`` are
        reported at this ratio (the table's own when None) for every criterion.
    cost_ratio : float, default=1.0
        c = c_FN / c_FP; weighs every criterion.
    criterion : {"cost", "youden", "closest_topleft"}, default="cost"
        Minimum expected cost, maximum Youden's J, or minimum distance to the top-left corner.
    atol : float, default=1e-12
        Points within `atol` of the best value are ties, all returned.

    Returns
    -------
    OperatingPoints
        Unpacks as ``fpr, tpr, thresholds``; also ``indices``, ``accuracy`` and ``cost``.

    Raises
    ------
    TypeError
        If `table` is not a :class:`~phidelta.counts.ScoreTable`.
    ValueError
        If `criterion` is unknown, a ratio is not positive and finite, or a class is absent.

    See Also
    --------
    isometric_slope : the slope of the cost isometrics.
    roc_convex_hull : the optimal points lie on it.

    References
    ----------
    Flach, P. (2012). Machine Learning: The Art and Science of Algorithms that Make Sense of
    Data, chapter 2. Cambridge University Press. Section 2.2, Example 2.5.

    Youden, W. J. (1950). Index for rating diagnostic tests. Cancer, 3(1), 32–35.

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
    >>> optimal_points(t, criterion="youden").tpr
    array([1.])
    >>> optimal_points(t, criterion="youden", cost_ratio=0.25).tpr   # false positives 4× dearer
    array([0.33333333])
    """
    t = _check_table(table)
    p_count, n_count = _check_two_classes(t, "An optimal operating point")
    check_criterion(criterion)
    r = n_count / p_count if ratio is None else float(check_ratio(ratio))
    c = float(check_ratio(cost_ratio, name="cost_ratio"))
    curve = roc_curve(t)
    n, p = r / (1 + r), 1 / (1 + r)
    gain = criterion_gain(curve.fpr, curve.tpr, criterion, r, c, weighted=ratio is not None)
    best = np.flatnonzero(gain >= gain.max() - atol)
    accuracy = p * curve.tpr[best] + n * (1 - curve.fpr[best])
    cost = c * p * (1 - curve.tpr[best]) + n * curve.fpr[best]
    return OperatingPoints(
        indices=best,
        fpr=curve.fpr[best],
        tpr=curve.tpr[best],
        thresholds=_separating_thresholds(t.scores)[best],
        accuracy=accuracy,
        cost=cost,
    )


def check_criterion(criterion: Any) -> str:
    """The criterion of an optimal operating point, or a ValueError naming the choices."""
    if not isinstance(criterion, str) or criterion not in _CRITERIA:
        raise ValueError(
            f'`criterion` must be "cost", "youden" or "closest_topleft"; got {criterion!r}.'
        )
    return criterion


def _separating_thresholds(scores: np.ndarray) -> np.ndarray:
    """For each point of the ROC curve (d + 1 of them) a threshold t with
    lower < t ≤ upper, upper the lowest score predicted positive and lower the next score:
    +inf first, then midpoints (the upper score where the midpoint rounds onto the lower)."""
    if len(scores) == 0:
        return np.array([np.inf])
    upper = scores
    with np.errstate(over="ignore", invalid="ignore"):
        below = scores[-1] - max(1.0, abs(scores[-1]))
        if not below < scores[-1] or not np.isfinite(below):  # a value just below will do
            below = np.nextafter(scores[-1], -np.inf)
        lower = np.append(scores[1:], below)
        difference = upper - lower
        middle = lower + difference / 2
        halves = lower / 2 + upper / 2  # where the difference overflows
    middle = np.where(np.isfinite(difference), middle, halves)
    middle = np.where((middle > lower) & (middle <= upper), middle, upper)
    return np.concatenate([[np.inf], middle])


def acceptable_region(table: ScoreTable) -> np.ndarray:
    """Which ROC points lie in Jiřina's acceptable region: Q = Se/√Be ≥ 1 and E = Se/Be ≥ 1.

    In ROC space the borders are tpr = √fpr (Q = 1, a parabola) and tpr = fpr (E = 1); the
    region is tpr ≥ √fpr (which implies E ≥ 1 for fpr ≤ 1). Points with Be = 0 and Se > 0 are
    inside (Q and E are infinite there).

    Parameters
    ----------
    table : ScoreTable
        Scores and their positive and negative counts, as built by
        :meth:`ScoreTable.from_scores <phidelta.counts.ScoreTable.from_scores>`.

    Returns
    -------
    ndarray of bool, shape (len(roc_curve(table).fpr),)
        One flag per point of :func:`roc_curve`, in its order.

    Raises
    ------
    TypeError
        If `table` is not a :class:`~phidelta.counts.ScoreTable`.
    ValueError
        If a class is absent.

    See Also
    --------
    quality_factor, enrichment_factor : Q and E of counts.

    References
    ----------
    Jiřina, M., & Jiřina, M., jr. (2005). Measures and characteristics of classification
    quality. Technical report V-936, Institute of Computer Science, Academy of Sciences of the
    Czech Republic. Section 5.5.

    Examples
    --------
    >>> t = ScoreTable.from_scores([1, 1, 0, 1, 0, 0], [0.9, 0.8, 0.7, 0.6, 0.5, 0.4])
    >>> acceptable_region(t)
    array([False,  True,  True,  True,  True,  True,  True])
    """
    curve = roc_curve(table)
    with np.errstate(divide="ignore", invalid="ignore"):
        quality = np.where(curve.fpr > 0, curve.tpr / np.sqrt(curve.fpr), np.inf)
        enrichment = np.where(curve.fpr > 0, curve.tpr / curve.fpr, np.inf)
    return (quality >= 1) & (enrichment >= 1) & (curve.tpr > 0)


def margins(y_true: Any, scores: Any, *, pos_label: Any = None) -> np.ndarray:
    """Margins z = c(x)·ŝ(x) with the true class c(x) ∈ {−1, +1} (Flach §2.2).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True labels.
    scores : array-like of shape (n,)
        Scores ŝ(x), positive meaning the positive class.
    pos_label : label, default=None
        The positive class (by default 1 or True for 0/1, ±1 or boolean
        classes; else it must be given).

    Returns
    -------
    ndarray of shape (n,)
        The margins c(x)·ŝ(x).

    Raises
    ------
    ValueError
        If the lengths differ or the labels do not allow a positive class.

    See Also
    --------
    margin_losses : average losses of the margins.

    References
    ----------
    Flach, P. (2012). Machine Learning: The Art and Science of Algorithms that Make Sense of
    Data, chapter 2. Cambridge University Press. Section 2.2.

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

    Parameters
    ----------
    z : array-like
        Margins.

    Returns
    -------
    dict of str to float
        The mean of each loss: keys ``"zero_one"``, ``"hinge"``, ``"logistic"``,
        ``"exponential"`` and ``"squared"``.

    See Also
    --------
    margins : margins of labelled scores.

    References
    ----------
    Flach, P. (2012). Machine Learning: The Art and Science of Algorithms that Make Sense of
    Data, chapter 2. Cambridge University Press. Fig. 2.6.

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
