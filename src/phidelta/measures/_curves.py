"""More curves of a scoring classifier: averaged ROC curves over folds, lift and cumulative
gain, cost curves (Drummond & Holte 2006), and the expected calibration error."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from phidelta._compute import upper_tpr_at
from phidelta._validation import check_positive_int
from phidelta.counts import ScoreTable
from phidelta.measures._probability import _positive_indicator, _probabilities
from phidelta.measures._ranking import _check_table, _check_two_classes, roc_curve
from phidelta.measures._results import TupleResult

__all__ = [
    "AveragedRoc",
    "CalibrationBins",
    "CostCurve",
    "GainCurve",
    "average_roc",
    "cost_curve",
    "expected_calibration_error",
    "gain_curve",
]


@dataclass(frozen=True)
class AveragedRoc(TupleResult):
    """Mean ROC curve over folds with the spread (standard deviation) of each coordinate.

    Unpacks as ``fpr, tpr, fpr_std, tpr_std``; ``method`` is not unpacked.

    Attributes
    ----------
    fpr, tpr : ndarray
        The mean curve.
    fpr_std, tpr_std : ndarray
        Standard deviation of each coordinate over the curves (zero for the fixed one of
        vertical averaging).
    method : str
        "vertical" or "threshold".

    See Also
    --------
    average_roc : computes it.

    References
    ----------
    Fawcett, T. (2006). An introduction to ROC analysis. Pattern Recognition Letters, 27(8),
    861–874. Section 7.

    Examples
    --------
    >>> a = ScoreTable.from_scores([1, 0, 1, 0], [0.9, 0.8, 0.3, 0.1])
    >>> average_roc([a, a], points=3).method
    'vertical'
    """

    fpr: np.ndarray
    tpr: np.ndarray
    fpr_std: np.ndarray
    tpr_std: np.ndarray
    method: str

    _fields: ClassVar[tuple[str, ...]] = ("fpr", "tpr", "fpr_std", "tpr_std")


def average_roc(
    tables: Sequence[ScoreTable], *, method: str = "vertical", points: int = 101
) -> AveragedRoc:
    """Average ROC curves of several folds or runs (Fawcett 2006; ROCR's averaging).

    ``"vertical"``: mean tpr at fixed fpr (the top of vertical segments).
    ``"threshold"``: mean (fpr, tpr) at fixed thresholds, chosen as quantiles of all scores.

    Parameters
    ----------
    tables : sequence of ScoreTable
        One table per fold or run.
    method : {"vertical", "threshold"}, default="vertical"
        Vertical averaging (mean tpr at fixed fpr) or threshold averaging.
    points : int, default=101
        Number of fpr values (vertical) or thresholds (threshold) of the mean curve; at least 2.

    Returns
    -------
    AveragedRoc
        Unpacks as ``fpr, tpr, fpr_std, tpr_std``.

    Raises
    ------
    TypeError
        If an element of `tables` is not a :class:`~phidelta.counts.ScoreTable`.
    ValueError
        If `tables` is empty, `method` is unknown, `points` < 2, or a table lacks a class.

    See Also
    --------
    roc_curve : the curve of one table.

    References
    ----------
    Fawcett, T. (2006). An introduction to ROC analysis. Pattern Recognition Letters, 27(8),
    861–874. Section 7.

    Examples
    --------
    >>> a = ScoreTable.from_scores([1, 0, 1, 0], [0.9, 0.8, 0.3, 0.1])
    >>> fpr, tpr, fpr_std, tpr_std = average_roc([a, a], points=3)
    >>> tpr
    array([0.5, 1. , 1. ])
    """
    tables = [_check_table(t) for t in tables]
    if not tables:
        raise ValueError("`tables` is empty: nothing to average.")
    points = check_positive_int(points, "points", minimum=2)
    curves = [roc_curve(t) for t in tables]
    if method == "vertical":
        grid = np.linspace(0, 1, points)
        tprs = np.vstack([upper_tpr_at(c.fpr, c.tpr, grid) for c in curves])
        return AveragedRoc(
            fpr=grid,
            tpr=tprs.mean(axis=0),
            fpr_std=np.zeros_like(grid),
            tpr_std=tprs.std(axis=0),
            method=method,
        )
    if method == "threshold":
        allscores = np.concatenate([t.scores for t in tables])
        cuts = np.quantile(allscores, np.linspace(1, 0, points))
        fprs, tprs = [], []
        for c in curves:
            # point i predicts positive for score ≥ thresholds[i]: the last threshold ≥ cut
            idx = np.searchsorted(-c.thresholds, -cuts, side="right") - 1
            fprs.append(c.fpr[idx])
            tprs.append(c.tpr[idx])
        f, r = np.vstack(fprs), np.vstack(tprs)
        return AveragedRoc(
            fpr=f.mean(axis=0),
            tpr=r.mean(axis=0),
            fpr_std=f.std(axis=0),
            tpr_std=r.std(axis=0),
            method=method,
        )
    raise ValueError(f'`method` must be "vertical" or "threshold"; got {method!r}.')


@dataclass(frozen=True)
class GainCurve(TupleResult):
    """Cumulative gain and lift per threshold; unpacks as ``fraction, gain, lift``.

    ``fraction`` is the fraction of examples targeted (predicted positive), ``gain`` = TP/P
    the fraction of positives among them, ``lift`` = gain / fraction (NaN at the first point,
    where nothing is targeted). Point i uses threshold ``thresholds[i]`` of the table's
    ``thresholds()``; ``table`` is not unpacked.

    Attributes
    ----------
    fraction : ndarray
        Fraction of the examples targeted (predicted positive) at each threshold.
    gain : ndarray
        TP / P, the fraction of the positives among them.
    lift : ndarray
        gain / fraction (NaN at the first point).
    table : ScoreTable
        The table the curve came from.

    See Also
    --------
    gain_curve : computes it.
    lift : the lift of binary counts.

    References
    ----------
    Berry, M. J. A., & Linoff, G. S. (2004). Data Mining Techniques, 2nd ed. Wiley (cumulative
    gains and lift charts).

    Examples
    --------
    >>> curve = gain_curve(ScoreTable.from_scores([1, 0, 1, 0], [0.9, 0.8, 0.3, 0.1]))
    >>> curve.gain
    array([0. , 0.5, 0.5, 1. , 1. ])
    """

    fraction: np.ndarray
    gain: np.ndarray
    lift: np.ndarray
    table: ScoreTable = field(repr=False)

    _fields: ClassVar[tuple[str, ...]] = ("fraction", "gain", "lift")


def gain_curve(table: ScoreTable) -> GainCurve:
    """Cumulative gain and lift: (fraction targeted, gain = TP/P, lift = gain / fraction).

    Lift is NaN at the first point (nothing targeted).

    Parameters
    ----------
    table : ScoreTable
        Scores and their positive and negative counts.

    Returns
    -------
    GainCurve
        Unpacks as ``fraction, gain, lift``.

    Raises
    ------
    TypeError
        If `table` is not a :class:`~phidelta.counts.ScoreTable`.
    ValueError
        If the labels hold no positives.

    See Also
    --------
    coverage_curve : TP against FP.
    roc_curve : tpr against fpr.

    References
    ----------
    Berry, M. J. A., & Linoff, G. S. (2004). Data Mining Techniques, 2nd ed. Wiley (cumulative
    gains and lift charts).

    Examples
    --------
    >>> x, gain, lift = gain_curve(ScoreTable.from_scores([1, 0, 1, 0], [0.9, 0.8, 0.3, 0.1]))
    >>> lift[1:]
    array([2.        , 1.        , 1.33333333, 1.        ])
    """
    t = _check_table(table)
    p, n = _check_two_classes(t, "The gain curve")
    tp, fp = t.cumulative()
    fraction = (tp + fp) / (p + n)
    gain = tp / p
    with np.errstate(divide="ignore", invalid="ignore"):
        lift = np.where(fraction > 0, gain / fraction, np.nan)
    return GainCurve(fraction=fraction, gain=gain, lift=lift, table=t)


@dataclass(frozen=True)
class CostCurve(TupleResult):
    """Drummond & Holte's cost curve: the lower envelope of one line per ROC point.

    ``probability_cost`` is PC(+) = p·c_FN / (p·c_FN + n·c_FP); each ROC point (fpr, tpr)
    becomes the line NEC = (1 − tpr − fpr)·PC(+) + fpr, and the envelope's minimizing points
    are the convex-hull vertices chosen by the accuracy/cost isometrics of that operating
    condition.

    Unpacks as ``probability_cost, normalized_cost`` (the curve's x and y); ``best_point``
    and ``lines`` are attributes only.

    Attributes
    ----------
    probability_cost : ndarray of shape (points,)
        PC(+), the x of the curve.
    normalized_cost : ndarray of shape (points,)
        The normalized expected cost of the best ROC point, the y of the curve.
    best_point : ndarray of int, shape (points,)
        Index into the ROC curve of the minimizing point at each PC(+).
    lines : ndarray of shape (m, 2)
        Intercept fpr and slope 1 − tpr − fpr of the line of each of the m ROC points.

    See Also
    --------
    cost_curve : computes it.

    References
    ----------
    Drummond, C., & Holte, R. C. (2006). Cost curves: an improved method for visualizing
    classifier performance. Machine Learning, 65(1), 95–130.

    Examples
    --------
    >>> curve = cost_curve(ScoreTable.from_scores([1, 0], [0.9, 0.1]), points=3)
    >>> curve.best_point
    array([0, 1, 1])
    """

    probability_cost: np.ndarray
    normalized_cost: np.ndarray
    best_point: np.ndarray  # index into the ROC curve of the minimizing point
    lines: np.ndarray  # (points, 2): intercept fpr and slope 1 − tpr − fpr of every line

    _fields: ClassVar[tuple[str, ...]] = ("probability_cost", "normalized_cost")


def cost_curve(table: ScoreTable, *, points: int = 201) -> CostCurve:
    """The cost curve of a scoring classifier (Drummond & Holte 2006).

    Parameters
    ----------
    table : ScoreTable
        Scores and their positive and negative counts.
    points : int, default=201
        Number of PC(+) values, evenly spaced on [0, 1]; at least 2.

    Returns
    -------
    CostCurve
        Unpacks as ``probability_cost, normalized_cost``.

    Raises
    ------
    TypeError
        If `table` is not a :class:`~phidelta.counts.ScoreTable`, or `points` is not an
        integer.
    ValueError
        If `points` < 2 or a class is absent.

    See Also
    --------
    roc_convex_hull : the points the envelope uses.
    optimal_points : the best point for one operating condition.

    References
    ----------
    Drummond, C., & Holte, R. C. (2006). Cost curves: an improved method for visualizing
    classifier performance. Machine Learning, 65(1), 95–130.

    Examples
    --------
    >>> probability_cost, normalized_cost = cost_curve(
    ...     ScoreTable.from_scores([1, 0], [0.9, 0.1]), points=3
    ... )
    >>> probability_cost, normalized_cost
    (array([0. , 0.5, 1. ]), array([0., 0., 0.]))
    """
    curve = roc_curve(table)
    points = check_positive_int(points, "points", minimum=2)
    pc = np.linspace(0, 1, points)
    slope = 1 - curve.tpr - curve.fpr
    costs = curve.fpr[None, :] + slope[None, :] * pc[:, None]
    best = np.argmin(costs, axis=1)
    return CostCurve(
        probability_cost=pc,
        normalized_cost=costs[np.arange(points), best],
        best_point=best,
        lines=np.stack([curve.fpr, slope], axis=1),
    )


@dataclass(frozen=True)
class CalibrationBins(TupleResult):
    """Expected calibration error with its per-bin table (a reliability diagram's data).

    Unpacks as ``ece, mean_predicted, observed``: the error, then the diagram's x (mean
    predicted probability per bin) and y (observed frequency of the positive class per bin).
    ``edges`` (len(count) + 1 bin edges) and ``count`` are attributes only.

    Attributes
    ----------
    ece : float
        The expected calibration error.
    edges : ndarray of shape (bins + 1,)
        Bin edges.
    count : ndarray of shape (bins,)
        Examples per bin (float).
    mean_predicted : ndarray of shape (bins,)
        Mean predicted probability per bin (NaN if empty).
    observed : ndarray of shape (bins,)
        Observed frequency of the positive class per bin (NaN if empty).
    gap : ndarray of shape (bins,)
        abs(observed − mean_predicted).

    See Also
    --------
    expected_calibration_error : computes it.

    References
    ----------
    Naeini, M. P., Cooper, G. F., & Hauskrecht, M. (2015). Obtaining well calibrated
    probabilities using Bayesian binning. Proceedings of the AAAI Conference on Artificial
    Intelligence, 2901–2907.

    Examples
    --------
    >>> bins = expected_calibration_error([1, 0, 1, 1], [0.9, 0.1, 0.8, 0.6], bins=2)
    >>> bins.count
    array([1., 3.])
    """

    ece: float
    edges: np.ndarray
    count: np.ndarray
    mean_predicted: np.ndarray
    observed: np.ndarray

    _fields: ClassVar[tuple[str, ...]] = ("ece", "mean_predicted", "observed")

    @property
    def gap(self) -> np.ndarray:
        """abs(observed − mean_predicted) per bin."""
        return np.abs(self.observed - self.mean_predicted)

    def to_frame(self) -> Any:
        """The bins as a pandas DataFrame, one row per bin.

        Returns
        -------
        pandas.DataFrame
            One row per bin: ``low``, ``high``, ``count``, ``mean_predicted``, ``observed`` and
            ``gap``.

        Raises
        ------
        ImportError
            If pandas is not installed.
        """
        import pandas as pd

        return pd.DataFrame(
            {
                "low": self.edges[:-1],
                "high": self.edges[1:],
                "count": self.count,
                "mean_predicted": self.mean_predicted,
                "observed": self.observed,
                "gap": self.gap,
            }
        )


def expected_calibration_error(
    y_true: Any,
    probabilities: Any,
    *,
    pos_label: Any = None,
    bins: int = 10,
    strategy: str = "uniform",
) -> CalibrationBins:
    """ECE = Σ_b (n_b / n)·abs(observed_b − mean predicted_b) over probability bins.

    ``strategy="uniform"``: equal-width bins on [0, 1]; ``"quantile"``: equal-count bins.
    Empty bins have count 0 and NaN rates and do not contribute.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True labels.
    probabilities : array-like of shape (n,)
        The probability of the positive class.
    pos_label : label, default=None
        The positive class (by default 1 or True for 0/1, ±1 or boolean
        classes; else it must be given).
    bins : int, default=10
        Number of bins.
    strategy : {"uniform", "quantile"}, default="uniform"
        Equal-width or equal-count bins.

    Returns
    -------
    CalibrationBins
        Unpacks as ``ece, mean_predicted, observed``; also ``edges``, ``count``, ``gap`` and
        ``to_frame()``.

    Raises
    ------
    ValueError
        If `probabilities` is not 1-D or not in [0, 1], the lengths differ, `bins` < 1, or
        `strategy` is unknown.

    See Also
    --------
    brier_decomposition : calibration loss over segments (Flach 2012, section 2.3).
    IsotonicCalibrator : recalibrates the scores.

    References
    ----------
    Naeini, M. P., Cooper, G. F., & Hauskrecht, M. (2015). Obtaining well calibrated
    probabilities using Bayesian binning. Proceedings of the AAAI Conference on Artificial
    Intelligence, 2901–2907.

    Examples
    --------
    >>> ece, mean_predicted, observed = expected_calibration_error(
    ...     [1, 0, 1, 1], [0.9, 0.1, 0.8, 0.6], bins=2
    ... )
    >>> round(ece, 3), mean_predicted, observed
    (0.2, array([0.1       , 0.76666667]), array([0., 1.]))
    """
    p = _probabilities(probabilities)
    if p.ndim != 1:
        raise ValueError("`probabilities` must be 1-D (the positive class).")
    y = _positive_indicator(y_true, pos_label, len(p))
    bins = check_positive_int(bins, "bins")
    if strategy == "uniform":
        edges = np.linspace(0, 1, bins + 1)
    elif strategy == "quantile":
        if len(p) == 0:  # no examples: no quantiles (the uniform bins are merely all empty)
            raise ValueError("No examples: equal-mass bins need at least one probability.")
        edges = np.unique(np.quantile(p, np.linspace(0, 1, bins + 1)))
        edges[0], edges[-1] = 0.0, 1.0
    else:
        raise ValueError(f'`strategy` must be "uniform" or "quantile"; got {strategy!r}.')
    k = len(edges) - 1
    which = np.clip(np.searchsorted(edges, p, side="right") - 1, 0, k - 1)
    count = np.bincount(which, minlength=k).astype(np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        mean_predicted = np.bincount(which, weights=p, minlength=k) / count
        observed = np.bincount(which, weights=y, minlength=k) / count
    contribution = np.where(count > 0, count * np.abs(observed - mean_predicted), 0.0)
    return CalibrationBins(
        ece=float(contribution.sum() / len(p)),
        edges=edges,
        count=count,
        mean_predicted=mean_predicted,
        observed=observed,
    )
