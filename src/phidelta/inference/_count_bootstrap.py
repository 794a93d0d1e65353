"""The bootstrap on counts: every entry's 2×2 table resampled as a multinomial draw of its four
cells, any registry measure evaluated on all resampled tables at once; percentile and BCa
intervals (Efron 1987), BCa's acceleration from the four distinct leave-one-out tables."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from phidelta._validation import check_confidence_level
from phidelta.counts import BinaryCounts
from phidelta.inference._resampling import (
    BOOTSTRAP_METHODS,
    _bca,
    _quantiles,
    check_resampling,
    distinct_entries,
    generator,
    jackknife_acceleration,
)
from phidelta.measures._common import check_counts

if TYPE_CHECKING:
    from phidelta.inference import Interval

__all__ = ["BOOTSTRAP_METHODS", "count_bootstrap_interval"]

BootstrapMethod = Literal["bca", "percentile"]

# resampled tables per block: the four cells and one measure's values stay a few MB each
_BLOCK_TABLES = 1 << 19

Statistic = Callable[[BinaryCounts], np.ndarray]


def bootstrap_bounds(
    counts: BinaryCounts,
    statistics: Mapping[str, Statistic],
    estimates: Mapping[str, np.ndarray],
    *,
    level: float,
    method: str,
    n_resamples: int,
    rng: np.random.Generator,
) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """(low, high) of every statistic for every entry, all statistics on the same resamples.

    Trusted inputs. The entries are drawn in blocks of about 2¹⁹ resampled tables, each block
    from its own generator spawned from ``rng``, so memory stays bounded for any number of
    entries and resamples.
    """
    cells = counts.to_array().astype(np.int64)  # (k, 4): tn, fp, fn, tp
    return cell_bootstrap_bounds(
        cells,
        _binary_tables,
        statistics,
        estimates,
        level=level,
        method=method,
        n_resamples=n_resamples,
        rng=rng,
    )


def _binary_tables(flat: np.ndarray) -> BinaryCounts:
    """Binary counts from rows of cells (tn, fp, fn, tp)."""
    return BinaryCounts._trusted(flat[:, 0], flat[:, 1], flat[:, 2], flat[:, 3])


def cell_bootstrap_bounds(
    cells: np.ndarray,
    build: Callable[[np.ndarray], Any],
    statistics: Mapping[str, Callable[[Any], np.ndarray]],
    estimates: Mapping[str, np.ndarray],
    *,
    level: float,
    method: str,
    n_resamples: int,
    rng: np.random.Generator,
) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """:func:`bootstrap_bounds` for tables of any number of cells: ``cells`` (k, c) integer
    counts, ``build(rows of cells) -> tables`` the object the statistics take. Blocks hold
    about 2²¹ resampled cells.

    Equal tables get equal bounds: each distinct table is resampled once and its bounds are
    given to every entry that holds it (a single fold and the pooled counts, features with
    the same counts), so that the same counts never show two intervals.
    """
    distinct = distinct_entries(cells)
    if distinct is not None:
        first, inverse = distinct
        bounds = cell_bootstrap_bounds(
            cells[first],
            build,
            statistics,
            {name: np.asarray(estimates[name])[first] for name in statistics},
            level=level,
            method=method,
            n_resamples=n_resamples,
            rng=rng,
        )
        return {name: (low[inverse], high[inverse]) for name, (low, high) in bounds.items()}
    k, n_cells = cells.shape
    per_block = max(1, 4 * _BLOCK_TABLES // (n_resamples * n_cells))
    starts = range(0, k, per_block)
    streams = rng.spawn(len(starts))
    out = {name: (np.full(k, np.nan), np.full(k, np.nan)) for name in statistics}
    for start, stream in zip(starts, streams, strict=True):
        stop = min(start + per_block, k)
        block = cells[start:stop]
        tables = _resample(block, n_resamples, stream)  # (e, B, c)
        resampled = build(tables.reshape(-1, n_cells))
        for name, statistic in statistics.items():
            values = np.asarray(statistic(resampled), dtype=np.float64).reshape(-1, n_resamples)
            estimate = estimates[name][start:stop]
            if method == "bca":
                acceleration = _jackknife_acceleration(block, statistic, build)
                low, high = _bca(values, estimate, acceleration, level)
            else:
                alpha = (1 - level) / 2
                low, high = _quantiles(np.sort(values, axis=1), alpha, 1 - alpha)
            out[name][0][start:stop] = low
            out[name][1][start:stop] = high
    return out


def _resample(cells: np.ndarray, n_resamples: int, rng: np.random.Generator) -> np.ndarray:
    """``n_resamples`` multinomial draws of each table's cells: an array (e, B, c)."""
    total = cells.sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = cells / total[:, None]
    p[total == 0] = 0.0  # an empty table stays empty (its measure is NaN)
    p[total == 0, 0] = 1.0
    return rng.multinomial(total[:, None], p[:, None, :], size=(len(cells), n_resamples))


def _jackknife_acceleration(
    cells: np.ndarray,
    statistic: Callable[[Any], np.ndarray],
    build: Callable[[np.ndarray], Any] = _binary_tables,
) -> np.ndarray:
    """BCa's acceleration a from the jackknife, one per table (Efron 1987, eq. 6.6).

    Leaving one sample out of a 2×2 table gives only four distinct tables, one per cell c
    (that cell less 1), each as often as the cell's count n_c: with θ₍c₎ the statistic of
    table c and θ₍·₎ = Σ n_c θ₍c₎ / n, a = Σ n_c (θ₍·₎ − θ₍c₎)³ / (6 [Σ n_c (θ₍·₎ − θ₍c₎)²]^{3/2}).
    Undefined leave-one-out values carry no weight; a = 0 where the spread is 0. The same
    holds for tables of c cells (``build`` makes the tables the statistic takes).
    """
    e, c = cells.shape
    left = np.repeat(cells[:, None, :], c, axis=1)  # (e, c cells left out, c fields)
    left[:, np.arange(c), np.arange(c)] -= 1
    left = np.maximum(left, 0).reshape(-1, c)
    theta = np.asarray(statistic(build(left)), dtype=np.float64).reshape(e, c)
    return jackknife_acceleration(cells, theta)


def count_bootstrap_interval(
    counts: BinaryCounts,
    statistic: Statistic,
    *,
    method: BootstrapMethod = "bca",
    confidence_level: float = 0.95,
    n_resamples: int = 2000,
    random_state: Any = None,
    groups: Any = None,
) -> Interval:
    """Bootstrap interval of any measure of binary counts: BCa (default) or percentile.

    Each entry's table is resampled as a multinomial draw of its four cells with the observed
    proportions and the same total (the rows behind the table drawn with replacement; P and
    N vary, as in a random sample), all ``n_resamples`` × entries tables at once, and the
    measure is evaluated on all of them in one call. Resamples where the measure is undefined
    are left out of the quantiles. BCa (Efron 1987) corrects the percentile interval for bias
    and skewness; its acceleration comes from the jackknife, which for a 2×2 table has only
    four distinct leave-one-out tables weighted by the cell counts.

    With ``groups`` (the counts of each group of rows: patient, speaker, document, site) the
    resamples draw whole groups with replacement and add their counts (the cluster
    bootstrap), and BCa's jackknife leaves out one group at a time.

    Parameters
    ----------
    counts : BinaryCounts
        Integer counts; one interval per entry.
    statistic : callable
        ``statistic(BinaryCounts) -> ndarray``, one value per entry (a function of
        :mod:`phidelta.measures`; NaN where undefined — wrap one that warns, e.g.
        ``functools.partial(mcc, zero_division=np.nan)``).
    method : {"bca", "percentile"}, default="bca"
        The interval.
    confidence_level : float, default=0.95
        Confidence level, in (0, 1) (SciPy's name).
    n_resamples : int, default=2000
        Resamples per entry; at least 10 (SciPy's name).
    random_state : None, int, numpy.random.SeedSequence or numpy.random.Generator, default=None
        Source of randomness (SciPy's name; None: fresh entropy).
    groups : BinaryCounts or sequence of BinaryCounts, optional
        The counts of each group of rows, adding up to `counts`: for one entry a BinaryCounts
        with one entry per group (``BinaryCounts.from_groups(y_true, y_pred, groups)``), for
        several a sequence of those, one per entry. Soft (weighted) counts are allowed then.

    Returns
    -------
    Interval
        ``estimate`` (the statistic of the counts), ``low``, ``high`` and ``level``; NaN
        bounds where the estimate or every resample is undefined.

    Raises
    ------
    TypeError
        If `counts` is not a :class:`~phidelta.counts.BinaryCounts`, or `random_state` or
        `n_resamples` is of another type.
    ValueError
        If the counts are soft (without `groups`), `method` is unknown, `confidence_level` is
        not in (0, 1) or `n_resamples` < 10; with `groups`, if they do not add up to `counts`
        or an entry has fewer than two groups.

    See Also
    --------
    measure_intervals : every measure of the registry, each by its documented method.
    bootstrap_interval : the percentile bootstrap stratified by class.

    References
    ----------
    Efron, B. (1987). Better bootstrap confidence intervals. Journal of the American
    Statistical Association, 82(397), 171–185.

    Examples
    --------
    >>> from functools import partial
    >>> from phidelta.measures import mcc
    >>> counts = BinaryCounts(tn=[60, 5], fp=[40, 0], fn=[20, 0], tp=[80, 0])
    >>> iv = count_bootstrap_interval(counts, partial(mcc, zero_division=np.nan), random_state=0)
    >>> bool(iv.low[0] < iv.estimate[0] < iv.high[0]), bool(np.isnan(iv.low[1]))
    (True, True)
    """
    c = check_counts(counts)
    if not callable(statistic):
        raise TypeError(f"`statistic` must be callable; got {type(statistic).__name__}.")
    n_resamples, method = check_resampling(
        None if groups is not None else c, n_resamples, method, "count_bootstrap_interval"
    )
    level = check_confidence_level(confidence_level, where="count_bootstrap_interval")
    rng = generator(random_state)
    if groups is not None:  # whole groups drawn (inference._clustered)
        from phidelta.inference._clustered import clustered_count_interval

        estimate, low, high = clustered_count_interval(
            c,
            statistic,
            groups,
            level=level,
            method=method,
            n_resamples=n_resamples,
            rng=rng,
            quiet=False,
        )
        from phidelta.inference import Interval

        return Interval(estimate=estimate, low=low, high=high, level=level)
    estimate = np.asarray(statistic(c), dtype=np.float64)
    bounds = bootstrap_bounds(
        c,
        {"statistic": statistic},
        {"statistic": estimate},
        level=level,
        method=method,
        n_resamples=n_resamples,
        rng=rng,
    )["statistic"]
    from phidelta.inference import Interval

    return Interval(estimate=estimate, low=bounds[0], high=bounds[1], level=level)
