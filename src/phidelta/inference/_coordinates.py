"""Intervals of a ROC curve's coordinates (pROC's ``ci.se``, ``ci.sp``, ``ci.thresholds`` and
``ci.coords``): the stratified bootstrap of a score table, every resample's curve at once."""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from phidelta._compute import BLOCK_ROWS, criterion_gain, upper_tpr_at
from phidelta._validation import check_confidence_level, check_ratio, require_pandas
from phidelta.counts import BinaryCounts, ScoreTable
from phidelta.inference._resampling import generator
from phidelta.inference._uncertainty import _resampled_counts
from phidelta.measures import (
    MEASURES,
    TupleResult,
    measure_table,
    optimal_points,
    sensitivity_at_specificity,
    specificity_at_sensitivity,
)
from phidelta.measures._ranking import _check_table, _check_two_classes

__all__ = ["CoordinateIntervals", "coordinate_intervals"]

_AT = ("specificity", "sensitivity", "threshold", "best")
_TIES = ("random", "omit", "error")
_NAMES = {m.name for m in MEASURES}


@dataclass(frozen=True, repr=False)
class CoordinateIntervals(TupleResult):
    """Coordinates of a ROC curve with their bootstrap intervals.

    Unpacks as ``estimate, low, high``: three dicts coordinate name → array, one value per
    input value (one value for ``at="best"``).

    Attributes
    ----------
    at : str
        What the values are: "specificity", "sensitivity", "threshold" or "best".
    values : ndarray
        The specificities, sensitivities or thresholds the coordinates are read at (empty for
        "best").
    estimate, low, high : dict of str to ndarray
        The coordinates of the table's own curve and their bounds (percentiles of the
        resamples' coordinates, NaN resamples left out).
    confidence_level : float
        The confidence level.
    n_resamples : int
        Resamples drawn.
    method : str
        How the interval was made.
    tied_points : int
        For "best": how many points of the table's own curve are tied for best (the estimate
        is the one with the highest threshold); 1 otherwise.

    References
    ----------
    Robin, X., et al. (2011). pROC: an open-source package for R and S+ to analyze and compare
    ROC curves. BMC Bioinformatics, 12, 77.

    Examples
    --------
    >>> t = ScoreTable.from_scores([1, 1, 0, 1, 1, 0, 1, 0, 0, 0],
    ...     [0.9, 0.8, 0.7, 0.6, 0.55, 0.5, 0.4, 0.3, 0.2, 0.1])
    >>> estimate, low, high = coordinate_intervals(t, "specificity", [0.8], random_state=0)
    >>> bool(low["sensitivity"][0] <= estimate["sensitivity"][0] <= high["sensitivity"][0])
    True
    """

    at: str
    values: np.ndarray
    estimate: dict[str, np.ndarray]
    low: dict[str, np.ndarray]
    high: dict[str, np.ndarray]
    confidence_level: float
    n_resamples: int
    method: str
    tied_points: int = 1

    _fields: ClassVar[tuple[str, ...]] = ("estimate", "low", "high")

    def __repr__(self) -> str:
        names = ", ".join(self.estimate)
        return (
            f"CoordinateIntervals(at={self.at!r}, {len(self.values) or 1} value(s), {names}; "
            f"{self.confidence_level:.0%} {self.method}, {self.n_resamples} resamples)"
        )

    def to_frame(self) -> Any:
        """The intervals as a table.

        Returns
        -------
        pandas.DataFrame
            One row per value (the value first, except for "best"); each coordinate followed
            by its ``_low`` and ``_high`` columns.
        """
        pd = require_pandas("CoordinateIntervals.to_frame")
        columns: dict[str, Any] = {}
        if self.at != "best":
            columns[self.at] = self.values
        for name in self.estimate:
            columns[name] = self.estimate[name]
            columns[f"{name}_low"] = self.low[name]
            columns[f"{name}_high"] = self.high[name]
        return pd.DataFrame(columns)


def _check_measures(measures: Any) -> list[str]:
    if isinstance(measures, str):
        measures = [measures]
    try:
        names = list(measures)
    except TypeError as exc:
        raise TypeError(
            f"`measures` must be a list of measure names; got {type(measures).__name__}."
        ) from exc
    unknown = [n for n in names if n not in _NAMES]
    if unknown or not names:
        raise ValueError(
            f"`measures` must name measures of phidelta.measures.MEASURES; unknown: {unknown}."
        )
    return names


def _at_thresholds(
    scores: np.ndarray, positives: np.ndarray, negatives: np.ndarray, cuts: np.ndarray, p, n
) -> BinaryCounts:
    """Counts at each threshold (score ≥ cut) for rows of per-score counts (rows, d):
    (rows · len(cuts)) entries, row-major."""
    above = np.searchsorted(-scores, -cuts, side="right")  # scores ≥ cut, same in every resample
    zero = np.zeros((positives.shape[0], 1), dtype=positives.dtype)
    tp = np.concatenate([zero, np.cumsum(positives, axis=1)], axis=1)[:, above].ravel()
    fp = np.concatenate([zero, np.cumsum(negatives, axis=1)], axis=1)[:, above].ravel()
    return BinaryCounts._trusted(n - fp, fp, p - tp, tp)


def _read_rows(
    at: str, specificity: np.ndarray, sensitivity: np.ndarray, values: np.ndarray
) -> np.ndarray:
    """Every row's curve (rows, points) read at the same specificities (``at="specificity"``)
    or sensitivities, as :func:`~phidelta.measures.sensitivity_at_specificity` reads one:
    negated rates for ``upper_tpr_at``, one call per resample, so each compares the rates
    exactly as the point estimate does."""
    target = -np.asarray(values, dtype=np.float64)
    if at == "specificity":
        rows = [
            upper_tpr_at(-sp, se, target) for sp, se in zip(specificity, sensitivity, strict=True)
        ]
    else:  # the curve with the classes swapped, read backwards
        rows = [
            upper_tpr_at(-se[::-1], sp[::-1], target)
            for sp, se in zip(specificity, sensitivity, strict=True)
        ]
    return np.stack(rows)


def _best(
    scores: np.ndarray,
    positives: np.ndarray,
    negatives: np.ndarray,
    gain_of: Any,
    ties: str,
    rng: np.random.Generator,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Threshold, sensitivity and specificity of the best point of each row's curve.

    A resample's curve has a point after each score it holds (scores it lacks repeat the
    previous point and are skipped), and its thresholds are the midpoints between the scores
    it holds (pROC's thresholds of the resampled data), ±inf beyond them.
    """
    rows, d = positives.shape
    zero = np.zeros((rows, 1))
    tpr = np.concatenate([zero, np.cumsum(positives, axis=1)], axis=1)
    fpr = np.concatenate([zero, np.cumsum(negatives, axis=1)], axis=1)
    tpr /= tpr[:, -1:]
    fpr /= fpr[:, -1:]
    present = (positives + negatives) > 0
    valid = np.concatenate([np.ones((rows, 1), bool), present], axis=1)
    gain = np.where(valid, gain_of(fpr, tpr), -np.inf)
    tied = valid & (gain >= gain.max(axis=1, keepdims=True) - 1e-12)
    count = tied.sum(axis=1)
    if ties == "error" and np.any(count > 1):
        raise ValueError(
            'Some resamples have several best points; pass ties="random" (one of them at '
            'random, pROC\'s best.policy "random") or ties="omit" (leave those resamples out).'
        )
    key = np.where(tied, rng.random(tied.shape), -1.0)
    k = np.argmax(key, axis=1)  # point k: the k highest distinct scores are positive
    index = np.arange(d + 1)
    # the first score the resample holds at or after each position (d: none)
    held = np.where(present, index[:d], d)
    following = np.minimum.accumulate(held[:, ::-1], axis=1)[:, ::-1]
    following = np.concatenate([following, np.full((rows, 1), d)], axis=1)
    rows_index = np.arange(rows)
    lower_index = following[rows_index, k]
    upper = np.where(k > 0, scores[np.maximum(k - 1, 0)], np.inf)
    lower = np.where(lower_index < d, scores[np.minimum(lower_index, d - 1)], -np.inf)
    with np.errstate(invalid="ignore"):
        threshold = np.where(
            k == 0, np.inf, np.where(lower_index >= d, -np.inf, (upper + lower) / 2)
        )
    sensitivity = tpr[rows_index, k]
    specificity = 1 - fpr[rows_index, k]
    if ties == "omit":
        several = count > 1
        threshold[several] = sensitivity[several] = specificity[several] = np.nan
    return threshold, sensitivity, specificity


def coordinate_intervals(
    table: ScoreTable,
    at: str,
    values: Any = None,
    *,
    measures: Any = ("sensitivity", "specificity"),
    criterion: str = "youden",
    ratio: float | None = None,
    cost_ratio: float = 1.0,
    ties: str = "random",
    confidence_level: float = 0.95,
    n_resamples: int = 2000,
    random_state: Any = None,
) -> CoordinateIntervals:
    """Bootstrap intervals of a ROC curve's coordinates, as pROC's ``ci.se``, ``ci.sp``,
    ``ci.thresholds`` and ``ci.coords(x = "best")``.

    * ``at="specificity"``: the sensitivity at each given specificity (pROC's ``ci.se``);
    * ``at="sensitivity"``: the specificity at each given sensitivity (``ci.sp``);
    * ``at="threshold"``: every measure in `measures` (any of
      :data:`~phidelta.measures.MEASURES`: precision at a threshold included) at each given
      threshold, predicting positive when score ≥ threshold (``ci.thresholds``);
    * ``at="best"``: the best threshold and its sensitivity and specificity under
      `criterion` (``ci.coords(x = "best")``), with pROC's weights: see
      :func:`~phidelta.measures.optimal_points`.

    Each resample draws P positives and N negatives with replacement (stratified, pROC's
    default ``boot.stratified = TRUE``), counted per distinct score; every resample's curve
    is read at once (no loop over resamples). The interval is the percentile interval of the
    resamples' coordinates (R's default quantile, NumPy's "linear"); undefined resamples are
    left out. Coordinates at a specificity or sensitivity take the highest value of the
    other rate on the curve there, linear between points
    (:func:`~phidelta.measures.sensitivity_at_specificity`). A resample's best threshold is
    the midpoint between the scores it holds (pROC's thresholds of the resampled data).

    Parameters
    ----------
    table : ScoreTable
        An integer (unweighted) score table with both classes.
    at : {"specificity", "sensitivity", "threshold", "best"}
        What `values` are.
    values : float or array-like of float, optional
        Specificities or sensitivities in [0, 1], or thresholds; none for ``"best"``.
    measures : sequence of str, default=("sensitivity", "specificity")
        For ``at="threshold"``: the measures of the counts at each threshold.
    criterion : {"youden", "closest_topleft", "cost"}, default="youden"
        For ``at="best"``: the criterion of :func:`~phidelta.measures.optimal_points`.
    ratio : float, optional
        For ``at="best"``: the class ratio N/P weighing the criterion (pROC:
        ``(1 − prevalence)/prevalence``).
    cost_ratio : float, default=1.0
        For ``at="best"``: c = c_FN / c_FP (pROC: the cost in ``best.weights``).
    ties : {"random", "omit", "error"}, default="random"
        For ``at="best"``: a resample whose curve has several best points takes one at random,
        is left out, or raises (pROC's ``best.policy`` "random", "omit", "stop"; pROC's
        default stops).
    confidence_level : float, default=0.95
        Confidence level, in (0, 1).
    n_resamples : int, default=2000
        Resamples; at least 10.
    random_state : None, int, numpy.random.SeedSequence or numpy.random.Generator, optional
        Source of randomness (SciPy's name; None: fresh entropy).

    Returns
    -------
    CoordinateIntervals
        Unpacks as ``estimate, low, high`` (dicts coordinate → array); ``to_frame()``.

    Raises
    ------
    TypeError
        If `table` is not a :class:`~phidelta.counts.ScoreTable` or an argument has the wrong
        type.
    ValueError
        If the table is weighted or has one class, `at`, `ties` or `criterion` is unknown,
        `values` are missing, outside [0, 1] (rates) or NaN, `n_resamples` < 10, or
        ``ties="error"`` meets a tie.

    See Also
    --------
    phidelta.measures.sensitivity_at_specificity : the point estimate.
    phidelta.measures.optimal_points : the best points of the table's own curve.
    roc_band : a band over the whole curve.

    References
    ----------
    Robin, X., et al. (2011). pROC: an open-source package for R and S+ to analyze and compare
    ROC curves. BMC Bioinformatics, 12, 77.

    Fluss, R., Faraggi, D., & Reiser, B. (2005). Estimation of the Youden index and its
    associated cutoff point. Biometrical Journal, 47(4), 458–472.

    Examples
    --------
    >>> import numpy as np
    >>> rng = np.random.default_rng(0)
    >>> y = rng.random(300) < 0.4
    >>> t = ScoreTable.from_scores(y, np.round(rng.normal(size=300) + y, 1))
    >>> best = coordinate_intervals(t, "best", random_state=0)
    >>> sorted(best.estimate)
    ['sensitivity', 'specificity', 'threshold']
    >>> at = coordinate_intervals(t, "threshold", [0.5], measures=["precision"], random_state=0)
    >>> bool(at.low["precision"][0] < at.estimate["precision"][0] < at.high["precision"][0])
    True
    """
    t = _check_table(table)
    p, n = _check_two_classes(t, "An interval of a curve's coordinates")
    if t.positives.dtype.kind not in "iu":
        raise ValueError("Bootstrap resampling needs an integer (unweighted) score table.")
    if not isinstance(at, str) or at not in _AT:
        raise ValueError(f"`at` must be one of {list(_AT)}; got {at!r}.")
    if isinstance(n_resamples, bool) or not isinstance(n_resamples, int | np.integer):
        raise TypeError(f"`n_resamples` must be an int; got {type(n_resamples).__name__}.")
    if n_resamples < 10:
        raise ValueError(f"`n_resamples` must be at least 10; got {n_resamples}.")
    level = check_confidence_level(confidence_level, where="coordinate_intervals")
    rng = generator(random_state)
    p, n = int(p), int(n)
    tied_points = 1
    if at == "best":
        if values is not None:
            raise ValueError('`values` must be None for at="best" (the best point is found).')
        if not isinstance(ties, str) or ties not in _TIES:
            raise ValueError(f"`ties` must be one of {list(_TIES)}; got {ties!r}.")
        weighted = ratio is not None
        r = n / p if ratio is None else float(check_ratio(ratio))
        c = float(check_ratio(cost_ratio, name="cost_ratio"))
        points = optimal_points(t, criterion=criterion, ratio=ratio, cost_ratio=cost_ratio)
        tied_points = len(points.indices)
        names = ["threshold", "sensitivity", "specificity"]
        estimate = {
            "threshold": points.thresholds[:1],
            "sensitivity": points.tpr[:1],
            "specificity": 1 - points.fpr[:1],
        }
        grid = np.empty(0)

        def gain_of(fpr: np.ndarray, tpr: np.ndarray) -> np.ndarray:
            return criterion_gain(fpr, tpr, criterion, r, c, weighted=weighted)

    elif at == "threshold":
        if values is None:
            raise ValueError('`values` must give the thresholds for at="threshold".')
        grid = np.atleast_1d(np.asarray(values, dtype=np.float64))
        if grid.ndim != 1 or grid.size == 0 or np.isnan(grid).any():
            raise ValueError(f"`values` must be thresholds (numbers, not NaN); got {values!r}.")
        names = _check_measures(measures)
        own = _at_thresholds(t.scores, t.positives[None], t.negatives[None], grid, p, n)
        table_of = measure_table(own, measures=names)
        estimate = {name: np.asarray(table_of[name], dtype=np.float64) for name in names}
    else:
        if values is None:
            raise ValueError(f'`values` must give the {at} values for at="{at}".')
        point = sensitivity_at_specificity if at == "specificity" else specificity_at_sensitivity
        name = "sensitivity" if at == "specificity" else "specificity"
        estimate = {name: np.atleast_1d(point(t, values))}  # checks the rates: [0, 1], no NaN
        names, grid = [name], np.atleast_1d(np.asarray(values, dtype=np.float64))

    d = len(t)
    pos_index = np.repeat(np.arange(d, dtype=np.int64), t.positives)
    neg_index = np.repeat(np.arange(d, dtype=np.int64), t.negatives)
    drawn = {name: np.empty((n_resamples, max(len(grid), 1))) for name in names}
    group = max(1, BLOCK_ROWS // max(d, p + n))
    for start in range(0, n_resamples, group):
        rows = min(group, n_resamples - start)
        positives = _resampled_counts(rng, pos_index, rows, d)
        negatives = _resampled_counts(rng, neg_index, rows, d)
        part = slice(start, start + rows)
        if at == "best":
            found = _best(t.scores, positives, negatives, gain_of, ties, rng)
            for name, value in zip(names, found, strict=True):
                drawn[name][part, 0] = value
            continue
        if at == "threshold":
            counts = _at_thresholds(t.scores, positives, negatives, grid, p, n)
            resampled = measure_table(counts, measures=names)
            for name in names:
                drawn[name][part] = np.asarray(resampled[name]).reshape(rows, len(grid))
            continue
        zero = np.zeros((rows, 1), dtype=np.int64)
        tp = np.concatenate([zero, np.cumsum(positives, axis=1)], axis=1)
        fp = np.concatenate([zero, np.cumsum(negatives, axis=1)], axis=1)
        # the rates as the point functions compute them (tn/N, tp/P: see rates_of)
        specificity, sensitivity = (n - fp) / n, tp / p
        drawn[names[0]][part] = _read_rows(at, specificity, sensitivity, grid)
    alpha = (1 - level) / 2
    low, high = {}, {}
    for name in names:
        with warnings.catch_warnings():  # a value no resample defines: NaN, quietly
            warnings.simplefilter("ignore", RuntimeWarning)
            low[name] = np.nanquantile(drawn[name], alpha, axis=0)
            high[name] = np.nanquantile(drawn[name], 1 - alpha, axis=0)
    return CoordinateIntervals(
        at=at,
        values=grid,
        estimate=estimate,
        low=low,
        high=high,
        confidence_level=level,
        n_resamples=int(n_resamples),
        method="stratified percentile bootstrap",
        tied_points=tied_points,
    )
