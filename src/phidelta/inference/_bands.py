"""Confidence bands on curves: ROC, coverage and precision–recall curves by a stratified
bootstrap of the score table, and per-bin score intervals of a reliability diagram.

The bootstrap resamples the positives and the negatives apart (class totals fixed, as pROC's
stratified bootstrap does). A resample of a score table is a multinomial draw of P positives
over the distinct scores' positive counts and of N negatives over their negative counts. A
curve read at a fixed grid (vertical averaging: the true positive rate at fixed false positive
rates, Fawcett 2006, §7) depends on a resample only through a few counts per grid point: the
cell (distinct score) where the resampled negatives reach the grid's count, the negatives
before and at that cell, and the positives before and at it. Those counts are drawn exactly
from their joint law — uniform order statistics by gamma spacings, then conditional binomials
(a multinomial told one cell boundary at a time) — so a resample costs O(grid) draws, not
O(rows) or O(distinct scores), and its law is that of the full multinomial resample.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from phidelta._validation import DEPRECATED, as_float_array, check_open_unit, check_positive_int
from phidelta.counts import ScoreTable
from phidelta.inference._clustered import curve_resamples, other_at_level_rows, table_parts
from phidelta.inference._uncertainty import _generator, wilson_interval
from phidelta.measures import CalibrationBins
from phidelta.measures._ranking import _check_table, _check_two_classes
from phidelta.measures._results import TupleResult

__all__ = [
    "CoverageBand",
    "PrecisionRecallBand",
    "ReliabilityIntervals",
    "RocBand",
    "coverage_band",
    "precision_recall_band",
    "reliability_intervals",
    "roc_band",
]

_EPS = 1e-9  # a grid count k = f·N within this (relative) of an integer is that integer


# --- the sampler --------------------------------------------------------------------------------
def _crossings(
    lead: np.ndarray, other: np.ndarray, ranks: np.ndarray, rows: int, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """For ``rows`` resamples, at each rank R (unique, increasing, 1 ≤ R ≤ L): the cell c of
    the R-th resampled `lead` example (cells in decreasing score order), the resampled lead
    counts before c and at c, and the resampled `other` counts before c and at c.

    The lead resample is L iid uniforms mapped to cells through the cumulative counts. Their
    order statistics at the ranks come from gamma spacings (U_(R) = S_R / S_(L+1)); given them,
    the other uniforms are iid uniform between neighbouring order statistics, so the counts
    below each cell boundary are conditional binomials, drawn in increasing order. The other
    class's counts before and at each cell are a multinomial over consecutive cell ranges,
    drawn as conditional binomials too. Returns four arrays of shape (rows, len(ranks)).
    """
    lead_total = int(lead.sum())
    cum_lead = np.cumsum(lead)
    cum_other = np.cumsum(other)
    other_total = int(cum_other[-1])
    h_count = len(ranks)
    # order statistics at the ranks, on the scale [0, L): U_(R)·L
    shapes = np.diff(np.r_[0, ranks, lead_total + 1]).astype(np.float64)
    spacings = rng.standard_gamma(shapes, size=(rows, h_count + 1))
    sums = np.cumsum(spacings, axis=1)
    u = sums[:, :h_count] / sums[:, -1:] * lead_total
    cell = np.searchsorted(cum_lead, u, side="right")  # cum_lead[c-1] <= u < cum_lead[c]
    edge_hi = cum_lead[cell].astype(np.float64)
    edge_lo = np.where(cell > 0, cum_lead[cell - 1], 0).astype(np.float64)
    below_lo = np.empty((rows, h_count), dtype=np.int64)  # lead counts before the cell
    below_hi = np.empty((rows, h_count), dtype=np.int64)  # ... through the cell
    anchor = np.zeros(rows)  # the largest point whose count below is known
    anchor_count = np.zeros(rows, dtype=np.int64)  # uniforms at or below the anchor
    for h in range(h_count):
        rank = int(ranks[h])
        new = cell[:, h] != cell[:, h - 1] if h else np.ones(rows, dtype=bool)
        # the cell's lower edge, between the anchor and U_(R)
        free = rank - 1 - anchor_count
        span = u[:, h] - anchor
        p = np.divide(
            edge_lo[:, h] - anchor, span, out=np.zeros(rows), where=(span > 0) & new
        ).clip(0, 1)
        lo = anchor_count + rng.binomial(np.where(new, free, 0), p)
        below_lo[:, h] = np.where(new, lo, below_lo[:, h - 1] if h else 0)
        # U_(R) itself
        anchor, anchor_count = u[:, h].copy(), np.full(rows, rank, dtype=np.int64)
        # the upper edge, before the next order statistic unless that shares the cell
        closes = cell[:, h] != cell[:, h + 1] if h + 1 < h_count else np.ones(rows, dtype=bool)
        if h + 1 < h_count:
            next_u, next_rank = u[:, h + 1], int(ranks[h + 1])
        else:
            next_u, next_rank = np.full(rows, float(lead_total)), lead_total + 1
        free = next_rank - 1 - rank
        span = next_u - anchor
        p = np.divide(
            edge_hi[:, h] - anchor, span, out=np.zeros(rows), where=(span > 0) & closes
        ).clip(0, 1)
        hi = rank + rng.binomial(np.where(closes, free, 0), p)
        below_hi[:, h] = np.where(closes, hi, -1)
        anchor = np.where(closes, edge_hi[:, h], anchor)
        anchor_count = np.where(closes, hi, anchor_count)
    # a cell shared with later ranks gets its upper count from the last of them
    for h in range(h_count - 2, -1, -1):
        below_hi[:, h] = np.where(below_hi[:, h] < 0, below_hi[:, h + 1], below_hi[:, h])
    # the other class: counts below the cells' edges, a multinomial told edge by edge (a cell
    # shared with the previous rank repeats its counts)
    other_lo = np.empty((rows, h_count), dtype=np.int64)
    other_hi = np.empty((rows, h_count), dtype=np.int64)
    done = np.zeros(rows, dtype=np.int64)  # resampled other examples below the last edge
    done_mass = np.zeros(rows, dtype=np.int64)  # their cells' original count
    for h in range(h_count):
        new = cell[:, h] != cell[:, h - 1] if h else np.ones(rows, dtype=bool)
        for edge, out in (
            (np.where(cell[:, h] > 0, cum_other[cell[:, h] - 1], 0), other_lo),
            (cum_other[cell[:, h]], other_hi),
        ):
            rest = other_total - done_mass
            p = np.divide(edge - done_mass, rest, out=np.zeros(rows), where=(rest > 0) & new).clip(
                0, 1
            )
            done = done + rng.binomial(np.where(new, other_total - done, 0), p)
            done_mass = np.where(new, edge, done_mass)
            out[:, h] = np.where(new, done, out[:, h - 1] if h else 0)
    return below_lo, below_hi - below_lo, other_lo, other_hi - other_lo


def _observed_crossings(
    lead: np.ndarray, other: np.ndarray, ranks: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """:func:`_crossings` of the table itself: the cell of the R-th lead example and the counts
    before and at it, shape (len(ranks),)."""
    cum_lead, cum_other = np.cumsum(lead), np.cumsum(other)
    cell = np.searchsorted(cum_lead, ranks, side="left")  # first cell with cum_lead >= R
    lead_lo = np.where(cell > 0, cum_lead[cell - 1], 0)
    other_lo = np.where(cell > 0, cum_other[cell - 1], 0)
    return lead_lo, lead[cell], other_lo, other[cell]


def _other_at_level(
    level: np.ndarray,
    ranks: np.ndarray,
    lead: np.ndarray,
    other: np.ndarray,
    *,
    rows: int | None,
    rng: np.random.Generator | None,
) -> np.ndarray:
    """The other class's (interpolated) count where the lead class's count reaches ``level``:
    other_before + (level − lead_before) / lead_at · other_at at the cell of the rank-th lead
    example — linear along a tie's diagonal (Flach Fig. 2.8). ``ranks`` beyond the lead total
    give the other total. Shape (len(level),) for the table, (rows, len(level)) resampled."""
    inside = ranks <= lead.sum()
    unique, where = np.unique(ranks[inside], return_inverse=True)
    if rows is None:
        out = np.full(len(level), float(other.sum()))
        parts = _observed_crossings(lead, other, unique) if len(unique) else None
    else:
        out = np.full((rows, len(level)), float(other.sum()))
        parts = _crossings(lead, other, unique, rows, rng) if len(unique) else None  # type: ignore[arg-type]
    if parts is not None:
        lead_lo, lead_at, other_lo, other_at = (np.asarray(a)[..., where] for a in parts)
        out[..., inside] = other_lo + (level[inside] - lead_lo) / lead_at * other_at
    return out


def _integer_counts(table: ScoreTable) -> tuple[np.ndarray, np.ndarray]:
    pos, neg = table.positives, table.negatives
    if pos.dtype.kind == "f" and (np.any(pos != np.round(pos)) or np.any(neg != np.round(neg))):
        raise ValueError(
            "`table` has weighted (non-integer) counts; the bootstrap resamples examples. Build "
            "the table without sample_weight."
        )
    return pos.astype(np.int64), neg.astype(np.int64)


def _check_grid(grid: Any, name: str) -> np.ndarray:
    if isinstance(grid, int | np.integer) and not isinstance(grid, bool):
        return np.linspace(0, 1, check_positive_int(grid, name, minimum=2))
    values = as_float_array(grid, name)
    if not len(values) or np.any((values < 0) | (values > 1)) or np.any(np.diff(values) <= 0):
        raise ValueError(
            f"`{name}` must be an int >= 2 or increasing rates in [0, 1]; got {grid!r}."
        )
    return values


def _summaries(
    estimate: np.ndarray, resampled: np.ndarray, alpha: float, bounds: tuple[float, float]
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, float]:
    """Pointwise percentile band and the sup-t simultaneous band (widened to contain the
    pointwise one) of the rows of ``resampled`` around ``estimate``."""
    low, high = np.quantile(resampled, [alpha / 2, 1 - alpha / 2], axis=0)
    spread = resampled.std(axis=0, ddof=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(spread > 0, np.abs(resampled - estimate) / spread, 0.0)
    critical = float(np.quantile(t.max(axis=1), 1 - alpha))
    sim_low = np.minimum(np.clip(estimate - critical * spread, *bounds), low)
    sim_high = np.maximum(np.clip(estimate + critical * spread, *bounds), high)
    return low, high, sim_low, sim_high, critical


# --- results ------------------------------------------------------------------------------------
class _Band(TupleResult):
    """Shared methods of the curve bands."""

    __slots__ = ()
    _x: ClassVar[str]
    _y: ClassVar[str]
    low: np.ndarray
    high: np.ndarray
    simultaneous_low: np.ndarray
    simultaneous_high: np.ndarray

    def to_frame(self) -> Any:
        """The band as a pandas DataFrame, one row per grid point.

        Returns
        -------
        pandas.DataFrame
            The grid, the estimate, ``low``, ``high``, ``simultaneous_low`` and
            ``simultaneous_high``.

        Raises
        ------
        ImportError
            If pandas is not installed.
        """
        import pandas as pd

        return pd.DataFrame({name: getattr(self, name) for name in self._fields})


_BAND_DOC = """
    Attributes
    ----------
    {x} : ndarray of shape (k,)
        The grid.
    {y} : ndarray of shape (k,)
        The curve's {y} at the grid (the point estimate).
    low, high : ndarray of shape (k,)
        Pointwise percentile band: each grid point's interval holds its true value with
        probability `confidence_level`.
    simultaneous_low, simultaneous_high : ndarray of shape (k,)
        Simultaneous (sup-t) band: holds the whole curve at the grid with probability
        `confidence_level`; it contains the pointwise band and the estimate.
    confidence_level : float
        The confidence level.
    method : str
        How the band was made.
    n_resamples : int
        Bootstrap resamples.
    critical_value : float
        The sup-t critical value c (the simultaneous band is estimate ± c · bootstrap sd).
    table : ScoreTable
        The counts the band came from.
"""


@dataclass(frozen=True)
class RocBand(_Band):
    """ROC curve at fixed false positive rates with bands (Macskassy & Provost 2004).

    Unpacks as ``fpr, tpr, low, high, simultaneous_low, simultaneous_high``; the other
    attributes (``confidence_level``, ``method``, ``n_resamples``, ``critical_value`` and the
    ``table`` it came from) are not unpacked.
    {attributes}
    See Also
    --------
    roc_band : computes it.

    Examples
    --------
    >>> t = ScoreTable.from_scores([1, 0, 1, 1, 0, 0, 1, 0], [8, 7, 6, 5, 4, 3, 2, 1])
    >>> fpr, tpr, low, high, simultaneous_low, simultaneous_high = roc_band(
    ...     t, grid=[0.25, 0.5, 0.75], random_state=0
    ... )
    >>> tpr
    array([0.75, 0.75, 1.  ])
    """

    fpr: np.ndarray
    tpr: np.ndarray
    low: np.ndarray
    high: np.ndarray
    simultaneous_low: np.ndarray
    simultaneous_high: np.ndarray
    confidence_level: float
    method: str
    n_resamples: int
    critical_value: float
    table: ScoreTable = field(repr=False)

    _fields: ClassVar[tuple[str, ...]] = (
        "fpr",
        "tpr",
        "low",
        "high",
        "simultaneous_low",
        "simultaneous_high",
    )


@dataclass(frozen=True)
class CoverageBand(_Band):
    """Coverage curve (TP against FP counts) with bands (Macskassy & Provost 2004).

    The stratified bootstrap keeps the class totals N and P, so this is :class:`RocBand` times
    (N, P). Unpacks as ``fp, tp, low, high, simultaneous_low, simultaneous_high``.
    {attributes}
    See Also
    --------
    coverage_band : computes it.

    Examples
    --------
    >>> t = ScoreTable.from_scores([1, 0, 1, 1, 0, 0, 1, 0], [8, 7, 6, 5, 4, 3, 2, 1])
    >>> coverage_band(t, grid=[0.25, 0.5, 0.75], random_state=0).tp
    array([3., 3., 4.])
    """

    fp: np.ndarray
    tp: np.ndarray
    low: np.ndarray
    high: np.ndarray
    simultaneous_low: np.ndarray
    simultaneous_high: np.ndarray
    confidence_level: float
    method: str
    n_resamples: int
    critical_value: float
    table: ScoreTable = field(repr=False)

    _fields: ClassVar[tuple[str, ...]] = (
        "fp",
        "tp",
        "low",
        "high",
        "simultaneous_low",
        "simultaneous_high",
    )


@dataclass(frozen=True)
class PrecisionRecallBand(_Band):
    """Precision–recall curve at fixed recalls with bands (Davis & Goadrich 2006).

    Unpacks as ``recall, precision, low, high, simultaneous_low, simultaneous_high``.
    {attributes}
    See Also
    --------
    precision_recall_band : computes it.

    Examples
    --------
    >>> t = ScoreTable.from_scores([1, 0, 1, 1, 0, 0, 1, 0], [8, 7, 6, 5, 4, 3, 2, 1])
    >>> precision_recall_band(t, grid=[0.5, 1.0], random_state=0).precision
    array([0.66666667, 0.57142857])
    """

    recall: np.ndarray
    precision: np.ndarray
    low: np.ndarray
    high: np.ndarray
    simultaneous_low: np.ndarray
    simultaneous_high: np.ndarray
    confidence_level: float
    method: str
    n_resamples: int
    critical_value: float
    table: ScoreTable = field(repr=False)

    _fields: ClassVar[tuple[str, ...]] = (
        "recall",
        "precision",
        "low",
        "high",
        "simultaneous_low",
        "simultaneous_high",
    )


for _cls, _x, _y in (
    (RocBand, "fpr", "tpr"),
    (CoverageBand, "fp", "tp"),
    (PrecisionRecallBand, "recall", "precision"),
):
    _cls.__doc__ = (_cls.__doc__ or "").replace("{attributes}", _BAND_DOC.format(x=_x, y=_y))


_REFERENCES = """
    References
    ----------
    Fawcett, T. (2006). An introduction to ROC analysis. Pattern Recognition Letters, 27(8),
    861–874. Section 7 (vertical averaging).

    Macskassy, S. A., & Provost, F. (2004). Confidence bands for ROC curves: methods and an
    empirical study. Proceedings of the First Workshop on ROC Analysis in AI (ROCAI), 61–70.

    Montiel Olea, J. L., & Plagborg-Møller, M. (2019). Simultaneous confidence bands: theory,
    implementation, and an application to SVARs. Journal of Applied Econometrics, 34(1), 1–17.

    Robin, X., et al. (2011). pROC: an open-source package for R and S+ to analyze and compare
    ROC curves. BMC Bioinformatics, 12, 77 (the stratified bootstrap).
"""

_METHOD = "stratified bootstrap ({n} resamples): percentile pointwise, sup-t simultaneous"


_CLUSTER_METHOD = (
    "cluster bootstrap over {g} groups ({n} resamples{dropped}): percentile pointwise, sup-t "
    "simultaneous"
)


def _clustered_band(
    table: ScoreTable,
    groups: Any,
    curve: Any,
    estimate: np.ndarray,
    *,
    rows: int,
    rng: np.random.Generator,
    level: float,
) -> tuple[tuple[np.ndarray, ...], str]:
    """The bands of a curve by the cluster bootstrap: ``curve(positives, negatives)`` of every
    resampled table (rows, d) → (rows, k) (NaN where a resample lacks a class, which is left
    out); returns the five summaries and the method."""
    grouped = table_parts(table, groups)
    for counts in (grouped.positives, grouped.negatives):
        if counts.dtype.kind == "f" and np.any(counts != np.round(counts)):
            raise ValueError(
                "`groups` hold weighted (non-integer) counts; the band's bootstrap needs counts "
                "of rows. Build the tables without sample_weight."
            )
    resampled = curve_resamples(grouped, curve, len(estimate), n_resamples=rows, rng=rng)
    kept = ~np.isnan(resampled).any(axis=1)
    if kept.sum() < 2:
        raise ValueError(
            "fewer than two cluster-bootstrap resamples hold both classes: too few groups "
            "hold positives or negatives for a band."
        )
    dropped = rows - int(kept.sum())
    method = _CLUSTER_METHOD.format(
        g=grouped.n_groups,
        n=rows,
        dropped=f", {dropped} holding one class left out" if dropped else "",
    )
    return _summaries(estimate, resampled[kept], 1 - level, (0.0, 1.0)), method


def _prepare(
    table: Any, confidence_level: Any, n_resamples: Any, random_state: Any, where: str
) -> tuple[np.ndarray, np.ndarray, float, int, np.random.Generator]:
    t = _check_table(table)
    _check_two_classes(t, f"The {where}")
    pos, neg = _integer_counts(t)
    level = check_open_unit(confidence_level, "confidence_level")
    rows = check_positive_int(n_resamples, "n_resamples", minimum=2)
    rng = _generator(random_state, DEPRECATED, where)
    return pos, neg, level, rows, rng


def roc_band(
    table: ScoreTable,
    *,
    grid: Any = 101,
    confidence_level: float = 0.95,
    n_resamples: int = 2000,
    random_state: Any = None,
    groups: Any = None,
) -> RocBand:
    """Pointwise and simultaneous confidence bands of a ROC curve (stratified bootstrap).

    Construction. The curve is read by vertical averaging (Fawcett 2006, §7; Macskassy &
    Provost 2004): its true positive rate at each false positive rate f of `grid`, linear along
    a tie's diagonal and at the top of a vertical segment. Each of `n_resamples` resamples
    draws the N negatives and the P positives apart, with replacement (pROC's stratified
    bootstrap; on the table, a multinomial draw per class over the distinct scores), and reads
    its curve at the same grid. The pointwise band is the percentile interval of each grid
    point's resampled values. The simultaneous band is the sup-t band (Montiel Olea &
    Plagborg-Møller 2019): with ŝ the bootstrap standard deviation at each grid point, c is the
    `confidence_level` quantile over the resamples of max over the grid of
    abs(resampled − estimate) / ŝ, and the band is estimate ± c · ŝ, clipped to [0, 1] and
    widened where needed to contain the pointwise band.

    The resamples are exact but need no rows: only the counts around each grid point's
    crossing are drawn (order statistics by gamma spacings, then conditional binomials), so a
    resample costs O(len(grid)) whatever the number of rows or distinct scores.

    The percentile band need not contain the estimate where the bootstrap law is skewed (at
    f = 0 the resampled curve's first vertical segment tends to be taller); the simultaneous
    band always does.

    With ``groups`` (several rows per patient, speaker, document, site) each resample draws
    whole groups with replacement and adds their counts at the pooled distinct scores (the
    cluster bootstrap): P and N vary, each resample's curve is read at the grid of its own
    false positive rates, and resamples that hold one class only are left out (the method
    says how many).

    Parameters
    ----------
    table : ScoreTable
        Scores with their (unweighted) positive and negative counts.
    grid : int or array-like, default=101
        The false positive rates: an int k for k evenly spaced rates on [0, 1], or increasing
        rates in [0, 1].
    confidence_level : float, default=0.95
        In (0, 1).
    n_resamples : int, default=2000
        Bootstrap resamples, at least 2.
    random_state : None, int, SeedSequence or Generator, optional
        Seeds the resampling (SciPy's meaning); the same seed gives the same band.
    groups : sequence of ScoreTable, optional
        The (unweighted) score table of each group of rows, adding up to `table`
        (``ScoreTable.from_groups(y_true, scores, groups)`` gives them).

    Returns
    -------
    RocBand
        Unpacks as ``fpr, tpr, low, high, simultaneous_low, simultaneous_high``.

    Raises
    ------
    TypeError
        If `table` is not a ScoreTable, or `n_resamples` / `grid` has the wrong type.
    ValueError
        If a class is absent, the counts are weighted, `grid` is not increasing rates in
        [0, 1], `confidence_level` is not in (0, 1) or `n_resamples` < 2.

    See Also
    --------
    precision_recall_band : the same bootstrap for the precision–recall curve.
    coverage_band : the band in counts.
    phidelta.measures.average_roc : vertical averaging over folds.
    {references}
    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> y = rng.integers(0, 2, 400)
    >>> t = ScoreTable.from_scores(y, rng.normal(size=400) + y)
    >>> band = roc_band(t, grid=11, random_state=0)
    >>> bool(np.all((band.simultaneous_low <= band.low) & (band.high <= band.simultaneous_high)))
    True
    >>> band.fpr[5], round(float(band.tpr[5]), 3)
    (np.float64(0.5), 0.891)
    """
    pos, neg, level, rows, rng = _prepare(
        table, confidence_level, n_resamples, random_state, "ROC band"
    )
    fpr = _check_grid(grid, "grid")
    p, n = int(pos.sum()), int(neg.sum())
    level_counts = fpr * n
    ranks = np.floor(level_counts + _EPS * max(n, 1)).astype(np.int64) + 1  # m + 1, m = ⌊f·N⌋
    estimate = _other_at_level(level_counts, ranks, neg, pos, rows=None, rng=None) / p
    method = _METHOD.format(n=rows)
    if groups is not None:  # whole groups drawn (inference._clustered)
        (low, high, sim_low, sim_high, critical), method = _clustered_band(
            _check_table(table),
            groups,
            lambda pos_b, neg_b: _roc_rows(fpr, pos_b, neg_b),
            estimate,
            rows=rows,
            rng=rng,
            level=level,
        )
    else:
        resampled = _other_at_level(level_counts, ranks, neg, pos, rows=rows, rng=rng) / p
        low, high, sim_low, sim_high, critical = _summaries(
            estimate, resampled, 1 - level, (0.0, 1.0)
        )
    return RocBand(
        fpr=fpr,
        tpr=estimate,
        low=low,
        high=high,
        simultaneous_low=sim_low,
        simultaneous_high=sim_high,
        confidence_level=level,
        method=method,
        n_resamples=rows,
        critical_value=critical,
        table=_check_table(table),
    )


def _roc_rows(fpr: np.ndarray, pos: np.ndarray, neg: np.ndarray) -> np.ndarray:
    """The true positive rate at `fpr` of each row of resampled counts (rows, d), read as
    :func:`roc_band` reads the table; NaN where a class is absent."""
    p, n = pos.sum(axis=1), neg.sum(axis=1)
    level = fpr[None, :] * n[:, None]
    ranks = np.floor(level + _EPS * np.maximum(n, 1)[:, None]).astype(np.int64) + 1
    with np.errstate(invalid="ignore", divide="ignore"):
        tpr = other_at_level_rows(level, ranks, neg, pos) / p[:, None]
    tpr[(p == 0) | (n == 0)] = np.nan
    return tpr


def _precision_rows(recall: np.ndarray, pos: np.ndarray, neg: np.ndarray) -> np.ndarray:
    """The precision at `recall` of each row of resampled counts (rows, d), read as
    :func:`precision_recall_band` reads the table; NaN where there is no positive."""
    p = pos.sum(axis=1)
    tp = recall[None, :] * p[:, None]
    ranks = np.ceil(tp - _EPS * np.maximum(p, 1)[:, None]).astype(np.int64)
    with np.errstate(invalid="ignore", divide="ignore"):
        precision = tp / (tp + other_at_level_rows(tp, ranks, pos, neg))
    precision[p == 0] = np.nan
    return precision


def coverage_band(
    table: ScoreTable,
    *,
    grid: Any = 101,
    confidence_level: float = 0.95,
    n_resamples: int = 2000,
    random_state: Any = None,
    groups: Any = None,
) -> CoverageBand:
    """Bands of the coverage curve (TP against FP counts, Flach 2012, §2.2).

    The stratified bootstrap keeps N and P, so this is :func:`roc_band` in counts: the same
    resamples (the same `random_state` gives the same band, scaled) with the false positive
    rates of `grid` times N on x and the rates times P on y.

    With ``groups`` (several rows per patient, speaker, document, site) the band is
    :func:`roc_band`'s cluster-bootstrap band (whole groups drawn) in counts: the drawn groups
    change N and P from resample to resample, so the rates are resampled and scaled by the
    observed N and P (the band of the curve at the data's class sizes).

    Parameters
    ----------
    table : ScoreTable
        Scores with their (unweighted) positive and negative counts.
    grid : int or array-like, default=101
        False positive *rates* (as for :func:`roc_band`).
    confidence_level : float, default=0.95
        In (0, 1).
    n_resamples : int, default=2000
        Bootstrap resamples, at least 2.
    random_state : None, int, SeedSequence or Generator, optional
        Seeds the resampling.
    groups : sequence of ScoreTable, optional
        The score table of each group of rows, adding up to `table`
        (``ScoreTable.from_groups(y_true, scores, groups)`` gives them).

    Returns
    -------
    CoverageBand
        Unpacks as ``fp, tp, low, high, simultaneous_low, simultaneous_high``.

    Raises
    ------
    TypeError, ValueError
        As :func:`roc_band`.

    See Also
    --------
    roc_band : the band in rates.

    Examples
    --------
    >>> t = ScoreTable.from_scores([1, 0, 1, 1, 0, 0, 1, 0], [8, 7, 6, 5, 4, 3, 2, 1])
    >>> coverage_band(t, grid=[0.25, 0.5, 0.75], random_state=0).fp
    array([1., 2., 3.])
    """
    band = roc_band(
        table,
        grid=grid,
        confidence_level=confidence_level,
        n_resamples=n_resamples,
        random_state=random_state,
        groups=groups,
    )
    p, n = band.table.total_positives, band.table.total_negatives
    return CoverageBand(
        fp=band.fpr * n,
        tp=band.tpr * p,
        low=band.low * p,
        high=band.high * p,
        simultaneous_low=band.simultaneous_low * p,
        simultaneous_high=band.simultaneous_high * p,
        confidence_level=band.confidence_level,
        method=band.method,
        n_resamples=band.n_resamples,
        critical_value=band.critical_value,
        table=band.table,
    )


def precision_recall_band(
    table: ScoreTable,
    *,
    grid: Any = 101,
    confidence_level: float = 0.95,
    n_resamples: int = 2000,
    random_state: Any = None,
    groups: Any = None,
) -> PrecisionRecallBand:
    """Pointwise and simultaneous bands of the precision–recall curve (stratified bootstrap).

    The curve is read at fixed recalls r of `grid` (r > 0; precision at recall 0 is a
    convention, not an estimate): precision = k / (k + FP(k)) with k = r·P true positives, FP(k)
    the fewest false positives with which k true positives are reached, interpolated linearly
    in counts along a tie (Davis & Goadrich 2006: linear in coverage space, not in PR space).
    The resamples, the pointwise percentile band and the sup-t simultaneous band are those of
    :func:`roc_band`, with the classes' roles swapped; with ``groups`` too (the cluster
    bootstrap: each resample's recalls are those of its own positives).

    Parameters
    ----------
    table : ScoreTable
        Scores with their (unweighted) positive and negative counts.
    grid : int or array-like, default=101
        The recalls: an int k for k evenly spaced recalls on [0, 1] without 0 (k − 1 points),
        or increasing recalls in (0, 1].
    confidence_level : float, default=0.95
        In (0, 1).
    n_resamples : int, default=2000
        Bootstrap resamples, at least 2.
    random_state : None, int, SeedSequence or Generator, optional
        Seeds the resampling.
    groups : sequence of ScoreTable, optional
        The (unweighted) score table of each group of rows, adding up to `table`.

    Returns
    -------
    PrecisionRecallBand
        Unpacks as ``recall, precision, low, high, simultaneous_low, simultaneous_high``.

    Raises
    ------
    TypeError
        If `table` is not a ScoreTable, or an argument has the wrong type.
    ValueError
        If a class is absent, the counts are weighted, `grid` holds recall 0 or is not
        increasing recalls in [0, 1], `confidence_level` is not in (0, 1) or `n_resamples` < 2.

    See Also
    --------
    roc_band : the ROC curve's band.
    phidelta.measures.precision_recall_curve : the curve at every threshold.

    References
    ----------
    Davis, J., & Goadrich, M. (2006). The relationship between precision-recall and ROC curves.
    Proceedings of the 23rd International Conference on Machine Learning (ICML), 233–240.

    Montiel Olea, J. L., & Plagborg-Møller, M. (2019). Simultaneous confidence bands: theory,
    implementation, and an application to SVARs. Journal of Applied Econometrics, 34(1), 1–17.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> y = rng.integers(0, 2, 400)
    >>> t = ScoreTable.from_scores(y, rng.normal(size=400) + y)
    >>> band = precision_recall_band(t, grid=11, random_state=0)
    >>> band.recall[:2]
    array([0.1, 0.2])
    >>> bool(np.all(band.simultaneous_low <= band.precision))
    True
    """
    pos, neg, level, rows, rng = _prepare(
        table, confidence_level, n_resamples, random_state, "precision-recall band"
    )
    recall = _check_grid(grid, "grid")
    if isinstance(grid, int | np.integer):
        recall = recall[1:]
    elif recall[0] <= 0:
        raise ValueError(
            f"`grid` must hold recalls above 0 (precision at recall 0 is a convention); "
            f"got {grid!r}."
        )
    p = int(pos.sum())
    tp = recall * p
    ranks = np.ceil(tp - _EPS * max(p, 1)).astype(np.int64)  # first k with TP ≥ r·P
    estimate_fp = _other_at_level(tp, ranks, pos, neg, rows=None, rng=None)
    estimate = tp / (tp + estimate_fp)
    method = _METHOD.format(n=rows)
    if groups is not None:  # whole groups drawn (inference._clustered)
        (low, high, sim_low, sim_high, critical), method = _clustered_band(
            _check_table(table),
            groups,
            lambda pos_b, neg_b: _precision_rows(recall, pos_b, neg_b),
            estimate,
            rows=rows,
            rng=rng,
            level=level,
        )
    else:
        resampled_fp = _other_at_level(tp, ranks, pos, neg, rows=rows, rng=rng)
        resampled = tp / (tp + resampled_fp)
        low, high, sim_low, sim_high, critical = _summaries(
            estimate, resampled, 1 - level, (0.0, 1.0)
        )
    return PrecisionRecallBand(
        recall=recall,
        precision=estimate,
        low=low,
        high=high,
        simultaneous_low=sim_low,
        simultaneous_high=sim_high,
        confidence_level=level,
        method=method,
        n_resamples=rows,
        critical_value=critical,
        table=_check_table(table),
    )


roc_band.__doc__ = (roc_band.__doc__ or "").replace("{references}", _REFERENCES)


# --- reliability diagrams -----------------------------------------------------------------------
@dataclass(frozen=True)
class ReliabilityIntervals(TupleResult):
    """Wilson 1927 score intervals of the observed frequencies of a reliability diagram.

    Unpacks as ``mean_predicted, observed, low, high, simultaneous_low, simultaneous_high``;
    ``count``, ``confidence_level`` and ``method`` are not unpacked.

    Attributes
    ----------
    mean_predicted, observed : ndarray of shape (bins,)
        The diagram's x and y per bin (NaN for an empty bin).
    low, high : ndarray of shape (bins,)
        Wilson interval of each bin's frequency of positives (its positives over its count).
    simultaneous_low, simultaneous_high : ndarray of shape (bins,)
        Wilson intervals at level 1 − α / b (Bonferroni over the b non-empty bins): all
        bins at once.
    count : ndarray of shape (bins,)
        Examples per bin.
    confidence_level : float
        The confidence level.
    method : str
        How the intervals were made.

    See Also
    --------
    reliability_intervals : computes it.

    Examples
    --------
    >>> from phidelta.measures import expected_calibration_error
    >>> y, p = [1, 0, 1, 1, 0, 1], [0.9, 0.1, 0.8, 0.7, 0.2, 0.3]
    >>> bins = expected_calibration_error(y, p, bins=2)
    >>> reliability_intervals(bins).count
    array([3., 3.])
    """

    mean_predicted: np.ndarray
    observed: np.ndarray
    low: np.ndarray
    high: np.ndarray
    simultaneous_low: np.ndarray
    simultaneous_high: np.ndarray
    count: np.ndarray
    confidence_level: float
    method: str

    _fields: ClassVar[tuple[str, ...]] = (
        "mean_predicted",
        "observed",
        "low",
        "high",
        "simultaneous_low",
        "simultaneous_high",
    )


def reliability_intervals(
    bins: CalibrationBins, *, confidence_level: float = 0.95
) -> ReliabilityIntervals:
    """Per-bin Wilson score intervals of a reliability diagram's observed frequencies.

    Each bin's observed frequency is its positives over its count, a binomial proportion; its
    interval is Wilson's score interval (Wilson 1927). The bins are those of
    :func:`~phidelta.measures.expected_calibration_error`. The simultaneous intervals use level
    1 − α / b over the b non-empty bins (Bonferroni), so that all bins hold their true
    frequencies together with probability at least `confidence_level`. Empty bins are NaN.

    Parameters
    ----------
    bins : CalibrationBins
        The result of :func:`~phidelta.measures.expected_calibration_error`.
    confidence_level : float, default=0.95
        In (0, 1).

    Returns
    -------
    ReliabilityIntervals
        Unpacks as ``mean_predicted, observed, low, high, simultaneous_low,
        simultaneous_high``.

    Raises
    ------
    TypeError
        If `bins` is not a CalibrationBins.
    ValueError
        If `confidence_level` is not in (0, 1).

    See Also
    --------
    phidelta.measures.expected_calibration_error : makes the bins.
    wilson_interval : the interval of one proportion.

    References
    ----------
    Wilson, E. B. (1927). Probable inference, the law of succession, and statistical inference.
    Journal of the American Statistical Association, 22(158), 209–212.

    Bröcker, J., & Smith, L. A. (2007). Increasing the reliability of reliability diagrams.
    Weather and Forecasting, 22(3), 651–661.

    Examples
    --------
    >>> from phidelta.measures import expected_calibration_error
    >>> y, p = [1, 0, 1, 1, 0, 1], [0.9, 0.1, 0.8, 0.7, 0.2, 0.3]
    >>> bins = expected_calibration_error(y, p, bins=2)
    >>> iv = reliability_intervals(bins)
    >>> iv.observed, np.round(iv.low, 4)
    (array([0.33333333, 1.        ]), array([0.0615, 0.4385]))
    """
    if not isinstance(bins, CalibrationBins):
        raise TypeError(
            f"`bins` must be a CalibrationBins; got {type(bins).__name__}. Make one with "
            "phidelta.measures.expected_calibration_error(y_true, probabilities)."
        )
    level = check_open_unit(confidence_level, "confidence_level")
    count = np.asarray(bins.count, dtype=np.float64)
    filled = count > 0
    positives = np.where(filled, np.round(np.nan_to_num(bins.observed) * count, 9), 0.0)
    pointwise = wilson_interval(positives, count, confidence_level=level)
    together = 1 - (1 - level) / max(int(filled.sum()), 1)
    simultaneous = wilson_interval(positives, count, confidence_level=together)
    return ReliabilityIntervals(
        mean_predicted=bins.mean_predicted,
        observed=bins.observed,
        low=pointwise.low,
        high=pointwise.high,
        simultaneous_low=simultaneous.low,
        simultaneous_high=simultaneous.high,
        count=count,
        confidence_level=level,
        method="Wilson score per bin; simultaneous: Bonferroni over the non-empty bins",
    )
