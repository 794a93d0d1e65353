"""Paired differences: the interval of measure(A) − measure(B) for two classifiers on the same
rows, from the 2×2×2 table (true class × A's prediction × B's prediction)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from phidelta._validation import check_confidence_level, check_same_length, require_pandas
from phidelta.counts import BinaryCounts, as_label_array, binary_target
from phidelta.inference._clustered import (
    CLUSTER_METHODS,
    check_paired_parts,
    cluster_bounds,
    paired_parts,
)
from phidelta.inference._measure_intervals import _INFO, AUTO_METHODS, _check_names
from phidelta.inference._methods import _wilson
from phidelta.inference._resampling import (
    _bca,
    _quantiles,
    check_resampling,
    generator,
    jackknife_acceleration,
)
from phidelta.measures._results import TupleResult

__all__ = [
    "PairedDifference",
    "paired_difference_from_table",
    "paired_difference_interval",
    "paired_table",
]

#: The methods of :func:`paired_difference_interval`.
PAIRED_METHODS: tuple[str, ...] = ("auto", "bootstrap", "percentile")

# Measures that are one paired proportion (or its complement, sign −1) with a denominator
# shared by A and B: the positives, the negatives or all rows. Cells [y, a, b] of the table.
_PAIRED_PROPORTIONS: dict[str, tuple[str, int]] = {
    "sensitivity": ("positives", 1),
    "signal_efficiency": ("positives", 1),
    "false_negative_rate": ("positives", -1),
    "signal_error": ("positives", -1),
    "specificity": ("negatives", 1),
    "purity": ("negatives", 1),
    "false_positive_rate": ("negatives", -1),
    "background_acceptance": ("negatives", -1),
    "accuracy": ("all", 1),
    "error_rate": ("all", -1),
    "classification_error": ("all", -1),
    "weighted_classification_error": ("all", -1),
}


def newcombe_paired_bounds(
    a: np.ndarray, b: np.ndarray, c: np.ndarray, d: np.ndarray, level: float
) -> tuple[np.ndarray, np.ndarray]:
    """(low, high) of p₁ − p₂ = (b − c)/n for paired data (trusted float arrays).

    a: both successes, b: success of 1 only, c: success of 2 only, d: neither.
    """
    # Newcombe 1998 (paired), method 10: Wilson limits (l_i, u_i) of p₁ = (a + b)/n and
    # p₂ = (a + c)/n combined with the correlation φ of the paired table
    n = a + b + c + d
    l1, u1 = _wilson(a + b, n, level)
    l2, u2 = _wilson(a + c, n, level)
    with np.errstate(divide="ignore", invalid="ignore"):
        p1, p2 = (a + b) / n, (a + c) / n
        margins = (a + b) * (c + d) * (a + c) * (b + d)
        ad_bc = a * d - b * c
        # φ̂ with its continuity correction: ad − bc − n/2 above n/2, 0 in [0, n/2], as is below
        corrected = np.where(ad_bc > n / 2, ad_bc - n / 2, np.where(ad_bc < 0, ad_bc, 0.0))
        phi = np.where(margins > 0, corrected / np.sqrt(margins), 0.0)
    dl1, du1, dl2, du2 = p1 - l1, u1 - p1, p2 - l2, u2 - p2
    theta = p1 - p2
    low = theta - np.sqrt(np.maximum(dl1**2 - 2 * phi * dl1 * du2 + du2**2, 0))
    high = theta + np.sqrt(np.maximum(du1**2 - 2 * phi * du1 * dl2 + dl2**2, 0))
    return np.clip(low, -1, 1), np.clip(high, -1, 1)


def _paired_cells(table: np.ndarray, which: str) -> tuple[np.ndarray, ...]:
    """(a, b, c, d) of "A right" vs "B right" over the positives, the negatives or all rows."""
    t = table.astype(np.float64)
    positives = (t[1, 1, 1], t[1, 1, 0], t[1, 0, 1], t[1, 0, 0])
    negatives = (t[0, 0, 0], t[0, 0, 1], t[0, 1, 0], t[0, 1, 1])
    if which == "positives":
        return tuple(np.atleast_1d(x) for x in positives)
    if which == "negatives":
        return tuple(np.atleast_1d(x) for x in negatives)
    return tuple(np.atleast_1d(p + q) for p, q in zip(positives, negatives, strict=True))


def _counts_of(tables: np.ndarray) -> tuple[BinaryCounts, BinaryCounts]:
    """A's and B's binary counts of tables (k, 2, 2, 2) indexed [y, a, b]."""
    of_a, of_b = tables.sum(axis=3), tables.sum(axis=2)  # (k, y, prediction)
    return tuple(  # type: ignore[return-value]
        BinaryCounts._trusted(t[:, 0, 0], t[:, 0, 1], t[:, 1, 0], t[:, 1, 1]) for t in (of_a, of_b)
    )


@dataclass(frozen=True, repr=False)
class PairedDifference(TupleResult):
    """Differences measure(A) − measure(B) on the same rows with their confidence intervals.

    Unpacks as ``difference, low, high``: three dicts measure name → float.

    Attributes
    ----------
    difference : dict of str to float
        measure(A) − measure(B); NaN where either is undefined.
    low, high : dict of str to float
        The bounds, within [range low − range high, range high − range low] of the measure;
        NaN where the difference is undefined.
    methods : dict of str to str
        The method of each interval: ``"newcombe_paired"``, ``"bca"`` or ``"percentile"``;
        with groups ``"cluster_bca"`` or ``"cluster_percentile"``.
    confidence_level : float
        The confidence level.
    n_resamples : int
        Resamples of the bootstrap.
    estimate_a, estimate_b : dict of str to float
        The measures of A and of B.
    table : ndarray of shape (2, 2, 2)
        The counts by true class × A's prediction × B's prediction (0 negative, 1 positive).

    See Also
    --------
    paired_difference_interval : computes it.

    References
    ----------
    Newcombe, R. G. (1998). Improved confidence intervals for the difference between binomial
    proportions based on paired data. Statistics in Medicine, 17(22), 2635–2650.

    Examples
    --------
    >>> y = [1, 1, 1, 1, 0, 0, 0, 0, 1, 0]
    >>> a = [1, 1, 1, 1, 0, 0, 0, 0, 1, 0]
    >>> b = [0, 0, 0, 1, 0, 0, 1, 0, 1, 0]
    >>> res = paired_difference_interval(y, a, b, measures=["accuracy"])
    >>> difference, low, high = res
    >>> difference, res.methods
    ({'accuracy': 0.4}, {'accuracy': 'newcombe_paired'})
    """

    difference: dict[str, float]
    low: dict[str, float]
    high: dict[str, float]
    methods: dict[str, str]
    confidence_level: float
    n_resamples: int
    estimate_a: dict[str, float]
    estimate_b: dict[str, float]
    table: np.ndarray

    _fields: ClassVar[tuple[str, ...]] = ("difference", "low", "high")

    def __repr__(self) -> str:
        used: dict[str, int] = {}
        for method in self.methods.values():
            used[method] = used.get(method, 0) + 1
        how = ", ".join(f"{m} ×{n}" for m, n in used.items())
        return (
            f"PairedDifference({len(self.methods)} measures on {int(self.table.sum())} rows, "
            f"{self.confidence_level:g} confidence; {how})"
        )

    def to_frame(self) -> Any:
        """A pandas DataFrame, one row per measure: ``a``, ``b``, ``difference``, ``low``,
        ``high`` and ``method``.

        Returns
        -------
        pandas.DataFrame
            Indexed by measure name; the level in ``frame.attrs["confidence_level"]``.

        Raises
        ------
        ImportError
            If pandas is not installed.
        """
        pd = require_pandas("PairedDifference.to_frame")
        names = list(self.methods)
        frame = pd.DataFrame(
            {
                "a": [self.estimate_a[n] for n in names],
                "b": [self.estimate_b[n] for n in names],
                "difference": [self.difference[n] for n in names],
                "low": [self.low[n] for n in names],
                "high": [self.high[n] for n in names],
                "method": [self.methods[n] for n in names],
            },
            index=pd.Index(names, name="measure"),
        )
        frame.attrs["confidence_level"] = self.confidence_level
        return frame


def paired_difference_interval(
    y_true: Any,
    y_pred_a: Any,
    y_pred_b: Any,
    *,
    measures: Sequence[str] | None = None,
    pos_label: Any = None,
    confidence_level: float = 0.95,
    method: str = "auto",
    n_resamples: int = 2000,
    random_state: Any = None,
    groups: Any = None,
) -> PairedDifference:
    """Interval of measure(A) − measure(B) for two classifiers' predictions on the same rows.

    The sufficient statistic is the 2×2×2 table of true class × A's prediction × B's
    prediction (eight counts); A's and B's confusion counts are its two margins. The paired
    bootstrap draws the eight cells from a multinomial with the observed proportions (the rows
    resampled with replacement, each keeping both predictions), all resamples at once, and
    evaluates every registry measure on A's and B's resampled counts in one call each.

    ``method="auto"``: a difference of two proportions with a shared denominator —
    sensitivity and specificity (A and B see the same positives and negatives), accuracy (all
    rows) and their complements and aliases — gets Newcombe's paired score interval (1998,
    method 10: the Wilson limits of both proportions combined with the continuity-corrected
    correlation φ of the paired table); every other measure the BCa bootstrap (its
    acceleration from the jackknife, whose eight distinct leave-one-out tables are weighted
    by the cell counts). ``"bootstrap"``: BCa for every measure; ``"percentile"``: the
    percentile bootstrap for every measure.

    With ``groups`` (several rows per patient, speaker, document, site) the sufficient
    statistic is the 2×2×2 table of each group, and every measure gets the cluster bootstrap:
    whole groups drawn with replacement, their tables added (``"cluster_bca"``, its
    acceleration from the jackknife that leaves out one group, or ``"cluster_percentile"``);
    Newcombe's paired interval treats the rows as independent, so it is not used.

    Parameters
    ----------
    y_true, y_pred_a, y_pred_b : array-like of shape (n,)
        True labels and the two classifiers' predicted labels of the same rows (binary; any
        encoding, the positive class as for every binary measure).
    measures : sequence of str, optional
        Names from :data:`~phidelta.measures.MEASURES`; all of them by default.
    pos_label : optional
        The positive class; default the usual rule (1, True, or the larger label).
    confidence_level : float, default=0.95
        Confidence level, in (0, 1) (SciPy's name).
    method : {"auto", "bootstrap", "percentile"}, default="auto"
        The intervals (see above).
    n_resamples : int, default=2000
        Resamples of the bootstrap; at least 10 (SciPy's name).
    random_state : None, int, numpy.random.SeedSequence or numpy.random.Generator, default=None
        Source of the bootstrap's randomness (SciPy's name; None: fresh entropy).
    groups : array-like of shape (n,), optional
        The group of every row (patient, speaker, document, site); at least two groups, no
        missing label.

    Returns
    -------
    PairedDifference
        Unpacks as ``difference, low, high`` (dicts name → float); ``methods`` gives each
        interval's method, ``to_frame()`` one row per measure. Undefined differences (a
        measure undefined for A or B) have NaN bounds; resamples where the difference is
        undefined are left out of the bootstrap's quantiles.

    Raises
    ------
    TypeError
        If `measures`, `n_resamples` or `random_state` is of the wrong type.
    ValueError
        If the arrays are empty, differ in length or hold more than two classes, a measure or
        `method` is unknown, `confidence_level` is not in (0, 1) or `n_resamples` < 10; with
        `groups`, if they have the wrong length, a missing label or a single group.

    See Also
    --------
    measure_intervals : intervals of the measures of one classifier.
    mcnemar_test : the test of equal error rates on the same rows.
    delong_test : two AUCs on the same rows.

    References
    ----------
    Newcombe, R. G. (1998). Improved confidence intervals for the difference between binomial
    proportions based on paired data. Statistics in Medicine, 17(22), 2635–2650.

    Efron, B. (1987). Better bootstrap confidence intervals. Journal of the American
    Statistical Association, 82(397), 171–185.

    Examples
    --------
    >>> y = [1, 1, 1, 1, 0, 0, 0, 0, 1, 0] * 5
    >>> a = [1, 1, 1, 1, 0, 0, 0, 0, 1, 0] * 5
    >>> b = [0, 0, 0, 1, 0, 0, 1, 0, 1, 0] * 5
    >>> res = paired_difference_interval(y, a, b, measures=["sensitivity", "mcc"],
    ...                                  random_state=0)
    >>> res.methods
    {'sensitivity': 'newcombe_paired', 'mcc': 'bca'}
    >>> round(res.difference["sensitivity"], 2), round(res.low["sensitivity"], 4)
    (0.6, 0.3658)
    >>> bool(res.low["mcc"] < res.difference["mcc"] < res.high["mcc"])
    True
    """
    y = as_label_array(y_true, "y_true")
    pa = as_label_array(y_pred_a, "y_pred_a")
    pb = as_label_array(y_pred_b, "y_pred_b")
    n = check_same_length(y_true=y, y_pred_a=pa, y_pred_b=pb)
    if n == 0:
        raise ValueError("`y_true` is empty; the paired difference needs at least one row.")
    if not isinstance(method, str) or method not in PAIRED_METHODS:
        raise ValueError(f"`method` must be one of {list(PAIRED_METHODS)}; got {method!r}.")
    names = list(AUTO_METHODS) if measures is None else _check_names(measures)
    level = check_confidence_level(confidence_level, where="paired_difference_interval")
    target = binary_target(y, pos_label)
    classes = target.classes if len(target.classes) == 2 else None
    is_a = binary_target(pa, target.positive, name="y_pred_a", labels=classes).is_positive
    is_b = binary_target(pb, target.positive, name="y_pred_b", labels=classes).is_positive
    if groups is not None:  # clustered rows: the cluster bootstrap (inference._clustered)
        cells = paired_parts(groups, target.is_positive, is_a, is_b)
        table = cells.sum(axis=0).reshape(2, 2, 2)
        return _clustered_paired(table, cells, names, level, method, n_resamples, random_state)
    return _from_table(
        paired_table(target.is_positive, is_a, is_b),
        names,
        level,
        method,
        n_resamples,
        random_state,
    )


def paired_table(is_positive: np.ndarray, is_a: np.ndarray, is_b: np.ndarray) -> np.ndarray:
    """The 2×2×2 table [true class, A's prediction, B's prediction] of three boolean arrays.

    Parameters
    ----------
    is_positive, is_a, is_b : ndarray of bool, shape (n,)
        Whether each row is positive, predicted positive by A, predicted positive by B.

    Returns
    -------
    ndarray of int64, shape (2, 2, 2)
        The counts, indexed 0 for negative and 1 for positive.

    See Also
    --------
    paired_difference_from_table : the intervals of its differences.

    References
    ----------
    Newcombe, R. G. (1998). Improved confidence intervals for the difference between binomial
    proportions based on paired data. Statistics in Medicine, 17(22), 2635–2650.

    Examples
    --------
    >>> paired_table(np.array([True, False]), np.array([True, True]), np.array([False, False]))[1]
    array([[0, 0],
           [1, 0]])
    """
    table = np.zeros((2, 2, 2), dtype=np.int64)
    np.add.at(table, (is_positive.astype(int), is_a.astype(int), is_b.astype(int)), 1)
    return table


def paired_difference_from_table(
    table: Any,
    *,
    measures: Sequence[str] | None = None,
    confidence_level: float = 0.95,
    method: str = "auto",
    n_resamples: int = 2000,
    random_state: Any = None,
    groups: Any = None,
) -> PairedDifference:
    """Interval of measure(A) − measure(B) from the 2×2×2 table of two classifiers' predictions.

    The computation of :func:`paired_difference_interval` from its sufficient statistic: the
    counts by true class × A's prediction × B's prediction, which add up over blocks of rows
    (so a file read whole, in chunks or on Dask gives the same interval).

    Parameters
    ----------
    table : array-like of int, shape (2, 2, 2) or (8,)
        Counts indexed ``[y, a, b]`` (0 negative, 1 positive); eight cells in that order.
    measures : sequence of str, optional
        Names from :data:`~phidelta.measures.MEASURES`; all of them by default.
    confidence_level : float, default=0.95
        Confidence level, in (0, 1).
    method : {"auto", "bootstrap", "percentile"}, default="auto"
        As in :func:`paired_difference_interval`.
    n_resamples : int, default=2000
        Resamples of the bootstrap; at least 10.
    random_state : None, int, numpy.random.SeedSequence or numpy.random.Generator, default=None
        Source of the bootstrap's randomness.
    groups : array-like of shape (G, 2, 2, 2) or (G, 8), optional
        The table of each group of rows (patient, site, …), adding up to `table`: every
        interval is then the cluster bootstrap's (see :func:`paired_difference_interval`).

    Returns
    -------
    PairedDifference
        As :func:`paired_difference_interval` returns.

    Raises
    ------
    TypeError
        If `measures`, `n_resamples` or `random_state` is of the wrong type.
    ValueError
        If `table` does not hold 8 non-negative integer counts with at least one row, a
        measure or `method` is unknown, `confidence_level` is not in (0, 1) or
        `n_resamples` < 10.

    See Also
    --------
    paired_difference_interval : the same from rows.

    References
    ----------
    Newcombe, R. G. (1998). Improved confidence intervals for the difference between binomial
    proportions based on paired data. Statistics in Medicine, 17(22), 2635–2650.

    Efron, B. (1987). Better bootstrap confidence intervals. Journal of the American
    Statistical Association, 82(397), 171–185.

    Examples
    --------
    >>> table = [[[20, 5], [0, 0]], [[5, 0], [15, 5]]]  # [y][a][b]
    >>> res = paired_difference_from_table(table, measures=["accuracy"])
    >>> round(res.difference["accuracy"], 2), res.methods["accuracy"]
    (0.4, 'newcombe_paired')
    """
    cells = np.asarray(table)
    if cells.shape not in ((8,), (2, 2, 2)):
        raise ValueError(f"`table` must have shape (2, 2, 2) or (8,); got shape {cells.shape}.")
    whole = cells.dtype.kind in "iu" or (
        cells.dtype.kind == "f" and bool(np.all(np.isfinite(cells) & (cells == np.round(cells))))
    )
    if not whole or np.any(cells < 0) or cells.sum() == 0:
        raise ValueError(
            "`table` must hold non-negative integer counts with at least one row; got "
            f"{cells.reshape(-1).tolist()}."
        )
    as_int = cells.astype(np.int64)
    if not isinstance(method, str) or method not in PAIRED_METHODS:
        raise ValueError(f"`method` must be one of {list(PAIRED_METHODS)}; got {method!r}.")
    names = list(AUTO_METHODS) if measures is None else _check_names(measures)
    level = check_confidence_level(confidence_level, where="paired_difference_from_table")
    if groups is not None:  # clustered rows: the cluster bootstrap (inference._clustered)
        cells = check_paired_parts(groups, as_int)
        return _clustered_paired(
            as_int.reshape(2, 2, 2), cells, names, level, method, n_resamples, random_state
        )
    return _from_table(as_int.reshape(2, 2, 2), names, level, method, n_resamples, random_state)


def _from_table(
    table: np.ndarray,
    names: list[str],
    level: float,
    method: str,
    n_resamples: Any,
    random_state: Any,
) -> PairedDifference:
    """The interval from a checked (2, 2, 2) int64 table (see paired_difference_interval)."""
    n = int(table.sum())
    counts_a, _ = _counts_of(table[None])
    kind = "percentile" if method == "percentile" else "bca"
    n_resamples, _ = check_resampling(counts_a, n_resamples, kind, "The paired bootstrap")
    chosen = {
        name: "newcombe_paired" if method == "auto" and name in _PAIRED_PROPORTIONS else kind
        for name in names
    }

    # one batch of tables: the observed one, its 8 leave-one-out tables, then the resamples
    cells = table.reshape(8)
    left = np.repeat(cells[None], 8, axis=0)
    left[np.arange(8), np.arange(8)] -= 1
    draws = np.empty((0, 8), dtype=np.int64)
    if any(m != "newcombe_paired" for m in chosen.values()):
        draws = generator(random_state).multinomial(n, cells / n, size=n_resamples)
    batch = np.concatenate([cells[None], np.maximum(left, 0), draws]).reshape(-1, 2, 2, 2)
    batch_a, batch_b = _counts_of(batch)

    difference, low, high, est_a, est_b = {}, {}, {}, {}, {}
    for name in names:
        info = _INFO[name]
        with np.errstate(invalid="ignore"):
            va = np.asarray(info(batch_a, zero_division=np.nan), dtype=np.float64)
            vb = np.asarray(info(batch_b, zero_division=np.nan), dtype=np.float64)
            diffs = va - vb
        estimate = diffs[:1]
        if chosen[name] == "newcombe_paired":
            which, sign = _PAIRED_PROPORTIONS[name]
            lo, hi = newcombe_paired_bounds(*_paired_cells(table, which), level)
            lo, hi = (lo, hi) if sign > 0 else (-hi, -lo)
        elif chosen[name] == "bca":
            acceleration = jackknife_acceleration(cells[None], diffs[None, 1:9])
            lo, hi = _bca(diffs[None, 9:], estimate, acceleration, level)
        else:
            alpha = (1 - level) / 2
            lo, hi = _quantiles(np.sort(diffs[None, 9:], axis=1), alpha, 1 - alpha)
        with np.errstate(invalid="ignore"):
            span_low, span_high = info.low - info.high, info.high - info.low
        undefined = np.isnan(estimate[0])
        difference[name] = float(estimate[0])
        low[name] = np.nan if undefined else float(np.clip(lo[0], span_low, span_high))
        high[name] = np.nan if undefined else float(np.clip(hi[0], span_low, span_high))
        est_a[name], est_b[name] = float(va[0]), float(vb[0])
    return PairedDifference(
        difference=difference,
        low=low,
        high=high,
        methods=chosen,
        confidence_level=level,
        n_resamples=int(n_resamples),
        estimate_a=est_a,
        estimate_b=est_b,
        table=table,
    )


def _clustered_paired(
    table: np.ndarray,
    cells: np.ndarray,
    names: list[str],
    level: float,
    method: str,
    n_resamples: Any,
    random_state: Any,
) -> Any:
    """:func:`~phidelta.inference.paired_difference_interval` with groups: the cluster
    bootstrap of the per-group 2×2×2 tables for every measure (Newcombe's paired interval
    treats the rows as independent, so it is not used)."""
    kind = "percentile" if method == "percentile" else "bca"
    counts_a, _ = _counts_of(table[None])
    n_resamples, _ = check_resampling(counts_a, n_resamples, kind, "The paired bootstrap")
    rng = generator(random_state)

    def build(flat: np.ndarray) -> tuple[BinaryCounts, BinaryCounts]:
        return _counts_of(flat.reshape(-1, 2, 2, 2))

    def difference(name: str) -> Callable[[tuple[BinaryCounts, BinaryCounts]], np.ndarray]:
        info = _INFO[name]

        def of(pair: tuple[BinaryCounts, BinaryCounts]) -> np.ndarray:
            with np.errstate(invalid="ignore"):
                a = np.asarray(info(pair[0], zero_division=np.nan), dtype=np.float64)
                b = np.asarray(info(pair[1], zero_division=np.nan), dtype=np.float64)
                return a - b

        return of

    statistics = {name: difference(name) for name in names}
    observed = build(table.reshape(1, 8))
    estimates = {name: statistic(observed) for name, statistic in statistics.items()}
    bounds = cluster_bounds(
        [cells],
        build,
        statistics,
        estimates,
        level=level,
        method=kind,
        n_resamples=n_resamples,
        rng=rng,
    )
    difference_, low, high, est_a, est_b = {}, {}, {}, {}, {}
    for name in names:
        info = _INFO[name]
        estimate = float(estimates[name][0])
        with np.errstate(invalid="ignore"):
            span_low, span_high = info.low - info.high, info.high - info.low
        lo, hi = (float(b[0]) for b in bounds[name])
        undefined = np.isnan(estimate)
        difference_[name] = estimate
        low[name] = np.nan if undefined else float(np.clip(lo, span_low, span_high))
        high[name] = np.nan if undefined else float(np.clip(hi, span_low, span_high))
        est_a[name] = float(np.asarray(info(observed[0], zero_division=np.nan))[0])
        est_b[name] = float(np.asarray(info(observed[1], zero_division=np.nan))[0])
    return PairedDifference(
        difference=difference_,
        low=low,
        high=high,
        methods=dict.fromkeys(names, CLUSTER_METHODS[kind]),
        confidence_level=level,
        n_resamples=int(n_resamples),
        estimate_a=est_a,
        estimate_b=est_b,
        table=table,
    )
