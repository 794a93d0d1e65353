"""Confidence bands of decision curves and the paired difference of two models' net benefit.

Both are bootstraps of counts, not of rows. At k threshold probabilities p_0 < … < p_(k−1) a
row's decisions depend only on its level, the number of thresholds at or below its predicted
probability (it is treated at p_i exactly when i < level), so the rows fall into k + 1 levels
per class for one model, and into (level of A, level of B) cells per class for two models on
the same rows. Resampling n rows with replacement is a multinomial draw of n over those cells
(the sum of a multinomial's cells is multinomial), drawn for all resamples at once: a resample
costs O(cells), never O(rows), and its law is that of the row bootstrap.

Which bootstrap. By default the rows are resampled as a whole (``stratified=False``): net
benefit weighs true and false positives per patient, so it moves with the prevalence, and in
the cohort a decision curve is meant for (Vickers & Elkin 2006) the prevalence is itself an
estimate — resampling the classes apart would hold it fixed and make the bands too narrow.
``stratified=True`` keeps both class totals (a design that fixed them; the bands are then
conditional on the observed prevalence).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np
from scipy.special import ndtr

from phidelta._validation import (
    DEPRECATED,
    as_float_array,
    check_open_unit,
    check_positive_int,
    check_positive_number,
    check_same_length,
    require_pandas,
)
from phidelta.counts import ScoreTable
from phidelta.counts._labels import binary_target
from phidelta.inference._bands import _Band, _summaries
from phidelta.inference._uncertainty import _generator
from phidelta.measures import decision_curve

__all__ = [
    "DecisionCurveBand",
    "NetBenefitDifference",
    "decision_curve_band",
    "net_benefit_difference",
]

_MEASURES = ("net_benefit", "standardized_net_benefit", "net_interventions_avoided")

#: counts drawn per block of resamples (resamples × cells), to bound memory
_BLOCK_CELLS = 4_000_000


def _method(stratified: bool, rows: int, dropped: int = 0) -> str:
    design = (
        "stratified bootstrap (class totals fixed)"
        if stratified
        else "bootstrap of rows (class totals free)"
    )
    left = f"; {dropped} resamples without positives left out" if dropped else ""
    return f"{design}, {rows} resamples{left}: percentile pointwise, sup-t simultaneous"


def _integer(values: np.ndarray, name: str) -> np.ndarray:
    if values.dtype.kind == "f" and np.any(values != np.round(values)):
        raise ValueError(
            f"`{name}` has weighted (non-integer) counts; the bootstrap resamples rows. Build "
            "it without sample_weight."
        )
    return values.astype(np.int64)


def _draw(
    rng: np.random.Generator,
    cells: np.ndarray,
    positive: np.ndarray,
    rows: int,
    stratified: bool,
) -> np.ndarray:
    """``rows`` resamples of the rows behind ``cells`` (counts per cell), as counts per cell:
    one multinomial over all cells, or one per class (``positive`` marks the cells)."""
    if not stratified:
        total = int(cells.sum())
        return rng.multinomial(total, cells / total, size=rows)
    out = np.empty((rows, len(cells)), dtype=np.int64)
    for mask in (positive, ~positive):
        total = int(cells[mask].sum())
        out[:, mask] = rng.multinomial(total, cells[mask] / total, size=rows)
    return out


def _levels(probabilities: np.ndarray, thresholds: np.ndarray) -> np.ndarray:
    """How many thresholds are at or below each probability: treated at p_i iff i < level."""
    return np.searchsorted(thresholds, probabilities, side="right")


def _treated(levels: np.ndarray) -> np.ndarray:
    """Counts treated at each threshold p_i from counts per level (rows, k + 1): the rows whose
    level exceeds i, a sum over the levels above i."""
    return np.cumsum(levels[:, ::-1], axis=1)[:, ::-1][:, 1:]


def _measure_values(
    measure: str,
    tp: np.ndarray,
    fp: np.ndarray,
    p: np.ndarray,
    total: float,
    odds: np.ndarray,
    per: float,
) -> np.ndarray:
    """One of the decision-curve measures from the treated counts (…, k) and positives (…, 1)."""
    net_benefit = tp / total - fp / total * odds
    if measure == "net_benefit":
        return net_benefit
    with np.errstate(divide="ignore", invalid="ignore"):
        if measure == "standardized_net_benefit":  # Kerr et al. 2016
            return net_benefit / (p / total)
        treat_all = p / total - (total - p) / total * odds
        avoided = (net_benefit - treat_all) / odds * per  # Vickers et al. 2008
    return np.where(odds > 0, avoided, np.nan)


def _finite_summaries(
    estimate: np.ndarray, resampled: np.ndarray, level: float, bounds: tuple[float, float]
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, float, int]:
    """:func:`_summaries` over the grid points where the estimate is defined (NaN elsewhere),
    leaving out resamples undefined there; also returns how many were left out."""
    columns = np.isfinite(estimate)
    kept = np.isfinite(resampled[:, columns]).all(axis=1)
    if kept.sum() < 2:
        raise ValueError(
            "fewer than two resamples hold positives: too few positives for a band of the "
            "standardized net benefit."
        )
    out = [np.full(len(estimate), np.nan) for _ in range(4)]
    critical = np.nan
    if columns.any():
        *parts, critical = _summaries(
            estimate[columns], resampled[kept][:, columns], 1 - level, bounds
        )
        for whole, part in zip(out, parts, strict=True):
            whole[columns] = part
    return (*out, float(critical), int((~kept).sum()))


@dataclass(frozen=True)
class DecisionCurveBand(_Band):
    """A decision curve with pointwise and simultaneous bootstrap bands.

    Unpacks as ``threshold_probability, estimate, low, high, simultaneous_low,
    simultaneous_high``; the other attributes are not unpacked.

    Attributes
    ----------
    threshold_probability : ndarray of shape (k,)
        The threshold probabilities p_t.
    estimate : ndarray of shape (k,)
        The measure's value at each p_t (the point estimate).
    low, high : ndarray of shape (k,)
        Pointwise percentile band: each p_t's interval holds its true value with probability
        `confidence_level`.
    simultaneous_low, simultaneous_high : ndarray of shape (k,)
        Simultaneous (sup-t) band: holds the whole curve at the grid with probability
        `confidence_level`; it contains the pointwise band and the estimate.
    measure : str
        ``"net_benefit"``, ``"standardized_net_benefit"`` or ``"net_interventions_avoided"``.
    confidence_level : float
        The confidence level.
    method : str
        How the band was made (which bootstrap, how many resamples).
    n_resamples : int
        Bootstrap resamples.
    critical_value : float
        The sup-t critical value c (the simultaneous band is estimate ± c · bootstrap sd).
    table : ScoreTable
        The counts the band came from.

    See Also
    --------
    decision_curve_band : computes it.

    References
    ----------
    Vickers, A. J., Cronin, A. M., Elkin, E. B., & Gonen, M. (2008). Extensions to decision
    curve analysis, a novel method for evaluating diagnostic tests, prediction models and
    molecular markers. BMC Medical Informatics and Decision Making, 8, 53.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> p = rng.uniform(size=300)
    >>> t = ScoreTable.from_scores(rng.uniform(size=300) < p, p)
    >>> band = decision_curve_band(t, thresholds=[0.2, 0.5], random_state=0)
    >>> bool(np.all((band.low <= band.estimate) & (band.estimate <= band.high)))
    True
    """

    threshold_probability: np.ndarray
    estimate: np.ndarray
    low: np.ndarray
    high: np.ndarray
    simultaneous_low: np.ndarray
    simultaneous_high: np.ndarray
    measure: str
    confidence_level: float
    method: str
    n_resamples: int
    critical_value: float
    table: ScoreTable = field(repr=False)

    _fields: ClassVar[tuple[str, ...]] = (
        "threshold_probability",
        "estimate",
        "low",
        "high",
        "simultaneous_low",
        "simultaneous_high",
    )


def decision_curve_band(
    table: ScoreTable,
    *,
    thresholds: Any = None,
    measure: str = "net_benefit",
    per: float = 100,
    confidence_level: float = 0.95,
    n_resamples: int = 2000,
    random_state: Any = None,
    stratified: bool = False,
) -> DecisionCurveBand:
    """Pointwise and simultaneous bootstrap bands of a decision curve (Vickers et al. 2008).

    Each resample draws the n rows with replacement — as counts: a multinomial over the
    rows' levels (how many thresholds each probability reaches) per class, k + 1 cells each,
    so a resample costs O(k) whatever n — and computes the measure at every threshold. By
    default the class totals are free (``stratified=False``): net benefit moves with the
    prevalence, which a cohort estimates too; ``stratified=True`` fixes them. The pointwise
    band is the percentile interval at each threshold; the simultaneous band is the sup-t
    band (Montiel Olea & Plagborg-Møller 2019) of :func:`roc_band`: estimate ± c · bootstrap
    sd, c the `confidence_level` quantile of the largest standardized deviation over the grid,
    widened to contain the pointwise band. Net interventions avoided is undefined at p_t = 0
    (NaN there); resamples without positives (possible only when the class totals are free)
    are left out of the standardized net benefit's band, and the method says how many.

    Parameters
    ----------
    table : ScoreTable
        Predicted probabilities (scores in [0, 1]) with their (unweighted) counts.
    thresholds : array-like, optional
        Increasing threshold probabilities in [0, 1); default 0, 0.01, …, 0.99.
    measure : {"net_benefit", "standardized_net_benefit", "net_interventions_avoided"}
        The curve to band; default ``"net_benefit"``.
    per : float, default=100
        Net interventions avoided per how many patients.
    confidence_level : float, default=0.95
        In (0, 1).
    n_resamples : int, default=2000
        Bootstrap resamples, at least 2.
    random_state : None, int, SeedSequence or Generator, optional
        Seeds the resampling (SciPy's meaning); the same seed gives the same band.
    stratified : bool, default=False
        Keep the class totals of every resample (see above).

    Returns
    -------
    DecisionCurveBand
        Unpacks as ``threshold_probability, estimate, low, high, simultaneous_low,
        simultaneous_high``.

    Raises
    ------
    TypeError
        If `table` is not a ScoreTable, or an argument has the wrong type.
    ValueError
        If a class is absent, the scores are not probabilities, the counts are weighted,
        `thresholds` is not increasing in [0, 1), `measure` is unknown, `confidence_level` is
        not in (0, 1) or `n_resamples` < 2.

    See Also
    --------
    phidelta.measures.decision_curve : the curve.
    net_benefit_difference : the paired difference of two models.
    roc_band : the same bands for a ROC curve.

    References
    ----------
    Vickers, A. J., & Elkin, E. B. (2006). Decision curve analysis: a novel method for
    evaluating prediction models. Medical Decision Making, 26(6), 565–574.

    Vickers, A. J., Cronin, A. M., Elkin, E. B., & Gonen, M. (2008). Extensions to decision
    curve analysis, a novel method for evaluating diagnostic tests, prediction models and
    molecular markers. BMC Medical Informatics and Decision Making, 8, 53.

    Montiel Olea, J. L., & Plagborg-Møller, M. (2019). Simultaneous confidence bands: theory,
    implementation, and an application to SVARs. Journal of Applied Econometrics, 34(1), 1–17.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> p = rng.uniform(size=500)
    >>> t = ScoreTable.from_scores(rng.uniform(size=500) < p, p)
    >>> pt, nb, low, high, sim_low, sim_high = decision_curve_band(
    ...     t, thresholds=[0.1, 0.3, 0.5], n_resamples=500, random_state=0
    ... )
    >>> bool(np.all((sim_low <= low) & (high <= sim_high)))
    True
    """
    curve = decision_curve(table, thresholds=thresholds)  # checks both
    t, pt = curve.table, curve.threshold_probability
    pos, neg = _integer(t.positives, "table"), _integer(t.negatives, "table")
    if measure not in _MEASURES:
        raise ValueError(f"`measure` must be one of {list(_MEASURES)}; got {measure!r}.")
    per = check_positive_number(per, "per", unit=" (of patients)")
    level = check_open_unit(confidence_level, "confidence_level")
    rows = check_positive_int(n_resamples, "n_resamples", minimum=2)
    rng = _generator(random_state, DEPRECATED, "decision_curve_band")
    k = len(pt)
    levels = _levels(t.scores, pt)
    cells = np.concatenate(
        [np.bincount(levels, weights=counts, minlength=k + 1) for counts in (pos, neg)]
    ).astype(np.int64)
    positive = np.r_[np.ones(k + 1, dtype=bool), np.zeros(k + 1, dtype=bool)]
    total = float(cells.sum())
    odds = pt / (1 - pt)
    estimate = _measure_values(
        measure,
        curve.true_positives,
        curve.false_positives,
        np.array(curve.prevalence * total),
        total,
        odds,
        float(per),
    )
    resampled = np.empty((rows, k))
    block = max(1, _BLOCK_CELLS // len(cells))
    for start in range(0, rows, block):
        stop = min(start + block, rows)
        drawn = _draw(rng, cells, positive, stop - start, bool(stratified))
        positives, negatives = drawn[:, : k + 1], drawn[:, k + 1 :]
        resampled[start:stop] = _measure_values(
            measure,
            _treated(positives),
            _treated(negatives),
            positives.sum(axis=1, keepdims=True),
            total,
            odds,
            float(per),
        )
    low, high, sim_low, sim_high, critical, dropped = _finite_summaries(
        estimate, resampled, level, (-np.inf, np.inf)
    )
    return DecisionCurveBand(
        threshold_probability=pt,
        estimate=estimate,
        low=low,
        high=high,
        simultaneous_low=sim_low,
        simultaneous_high=sim_high,
        measure=measure,
        confidence_level=level,
        method=_method(bool(stratified), rows, dropped),
        n_resamples=rows,
        critical_value=critical,
        table=t,
    )


@dataclass(frozen=True)
class NetBenefitDifference(_Band):
    """The paired difference of two models' net benefit on the same rows, with its bands.

    Unpacks as ``threshold_probability, difference, low, high, simultaneous_low,
    simultaneous_high``; the other attributes are not unpacked. ``statistic`` and ``pvalue``
    test, threshold by threshold, that the two net benefits are equal.

    Attributes
    ----------
    threshold_probability : ndarray of shape (k,)
        The threshold probabilities p_t.
    difference : ndarray of shape (k,)
        NB_A − NB_B at each p_t.
    low, high : ndarray of shape (k,)
        Pointwise percentile interval of the difference.
    simultaneous_low, simultaneous_high : ndarray of shape (k,)
        Simultaneous (sup-t) band of the difference over the grid.
    net_benefit_a, net_benefit_b : ndarray of shape (k,)
        Each model's net benefit.
    standard_error : ndarray of shape (k,)
        The bootstrap standard deviation of the difference.
    statistic : ndarray of shape (k,)
        z = difference / standard_error (0 where both are 0).
    pvalue : ndarray of shape (k,)
        Two-sided p-value of z under the normal law, at each p_t (not adjusted for the many
        thresholds; the simultaneous band is).
    confidence_level : float
        The confidence level.
    method : str
        How the intervals were made.
    n_resamples : int
        Bootstrap resamples.
    critical_value : float
        The sup-t critical value of the simultaneous band.

    See Also
    --------
    net_benefit_difference : computes it.

    References
    ----------
    Vickers, A. J., Cronin, A. M., Elkin, E. B., & Gonen, M. (2008). Extensions to decision
    curve analysis, a novel method for evaluating diagnostic tests, prediction models and
    molecular markers. BMC Medical Informatics and Decision Making, 8, 53.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> p = rng.uniform(size=400)
    >>> y = rng.uniform(size=400) < p
    >>> res = net_benefit_difference(y, p, p**2, thresholds=[0.2, 0.4], random_state=0)
    >>> bool(np.all(res.difference == res.net_benefit_a - res.net_benefit_b))
    True
    """

    threshold_probability: np.ndarray
    difference: np.ndarray
    low: np.ndarray
    high: np.ndarray
    simultaneous_low: np.ndarray
    simultaneous_high: np.ndarray
    net_benefit_a: np.ndarray
    net_benefit_b: np.ndarray
    standard_error: np.ndarray
    statistic: np.ndarray
    pvalue: np.ndarray
    confidence_level: float
    method: str
    n_resamples: int
    critical_value: float

    _fields: ClassVar[tuple[str, ...]] = (
        "threshold_probability",
        "difference",
        "low",
        "high",
        "simultaneous_low",
        "simultaneous_high",
    )

    def to_frame(self) -> Any:
        """The difference as a pandas DataFrame, one row per threshold probability.

        Returns
        -------
        pandas.DataFrame
            The unpacked columns, then ``net_benefit_a``, ``net_benefit_b``,
            ``standard_error``, ``statistic`` and ``pvalue``.

        Raises
        ------
        ImportError
            If pandas is not installed.
        """
        pd = require_pandas("NetBenefitDifference.to_frame")
        names = (*self._fields, "net_benefit_a", "net_benefit_b", "standard_error")
        return pd.DataFrame({name: getattr(self, name) for name in (*names, "statistic", "pvalue")})


def _probability_column(values: Any, name: str) -> np.ndarray:
    p = as_float_array(values, name)
    if len(p) and (p.min() < 0 or p.max() > 1):
        raise ValueError(
            f"`{name}` must be probabilities in [0, 1] for net benefit; its values run from "
            f"{p.min():g} to {p.max():g}."
        )
    return p


def net_benefit_difference(
    y_true: Any,
    probabilities_a: Any,
    probabilities_b: Any,
    *,
    pos_label: Any = None,
    thresholds: Any = None,
    confidence_level: float = 0.95,
    n_resamples: int = 2000,
    random_state: Any = None,
    stratified: bool = False,
) -> NetBenefitDifference:
    """Paired difference of two models' net benefit on the same rows, with bootstrap bands.

    NB_A − NB_B = (TP_A − TP_B)/n − (FP_A − FP_B)/n · p_t/(1 − p_t) (Vickers & Elkin 2006)
    at every threshold probability. Only rows on which the models decide differently at some
    threshold move it: each row has a level per model (how many thresholds its probability
    reaches), and the rows are counted in (class, level of A, level of B) cells, the rows
    with equal levels pooled. Each resample draws the n rows with replacement as a
    multinomial over those cells — the pairing kept, O(cells) per resample — and adds up
    each cell's signed count at the two levels (a difference array summed over the grid).
    The class totals are free by default (see :func:`decision_curve_band`); the bands are
    percentile (pointwise) and sup-t (simultaneous), and z = difference / bootstrap sd gives
    a two-sided p-value per threshold, as pROC's bootstrap test does for AUCs (Robin et al.
    2011).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True labels.
    probabilities_a, probabilities_b : array-like of shape (n,)
        The two models' probabilities of the positive class on the same rows.
    pos_label : label, optional
        The positive class (by default 1 or True for 0/1, ±1 or boolean classes).
    thresholds : array-like, optional
        Increasing threshold probabilities in [0, 1); default 0, 0.01, …, 0.99.
    confidence_level : float, default=0.95
        In (0, 1).
    n_resamples : int, default=2000
        Bootstrap resamples, at least 2.
    random_state : None, int, SeedSequence or Generator, optional
        Seeds the resampling.
    stratified : bool, default=False
        Keep the class totals of every resample.

    Returns
    -------
    NetBenefitDifference
        Unpacks as ``threshold_probability, difference, low, high, simultaneous_low,
        simultaneous_high``; also ``net_benefit_a``, ``net_benefit_b``, ``statistic`` and
        ``pvalue``.

    Raises
    ------
    TypeError
        If an argument has the wrong type.
    ValueError
        If the lengths differ, a class is absent, the probabilities are not in [0, 1],
        `thresholds` is not increasing in [0, 1), `confidence_level` is not in (0, 1) or
        `n_resamples` < 2.

    See Also
    --------
    decision_curve_band : the band of one model's curve.
    delong_test : the paired test of two AUCs.

    References
    ----------
    Vickers, A. J., & Elkin, E. B. (2006). Decision curve analysis: a novel method for
    evaluating prediction models. Medical Decision Making, 26(6), 565–574.

    Robin, X., et al. (2011). pROC: an open-source package for R and S+ to analyze and compare
    ROC curves. BMC Bioinformatics, 12, 77.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> p = rng.uniform(size=500)
    >>> y = rng.uniform(size=500) < p
    >>> res = net_benefit_difference(y, p, np.full(500, 0.5), thresholds=[0.3], random_state=0)
    >>> bool(res.low[0] <= res.difference[0] <= res.high[0]), bool(res.pvalue[0] < 0.05)
    (True, True)
    """
    a = _probability_column(probabilities_a, "probabilities_a")
    b = _probability_column(probabilities_b, "probabilities_b")
    target = binary_target(y_true, pos_label, both=True)
    y = target.is_positive
    check_same_length(y_true=y, probabilities_a=a, probabilities_b=b)
    level = check_open_unit(confidence_level, "confidence_level")
    rows = check_positive_int(n_resamples, "n_resamples", minimum=2)
    rng = _generator(random_state, DEPRECATED, "net_benefit_difference")
    curve_a = decision_curve(ScoreTable.from_scores(y, a, pos_label=True), thresholds=thresholds)
    pt = curve_a.threshold_probability
    k = len(pt)
    curve_b = decision_curve(ScoreTable.from_scores(y, b, pos_label=True), thresholds=pt)
    difference = curve_a.net_benefit - curve_b.net_benefit
    # the cells (class, level of A, level of B); rows with equal levels pooled per class
    level_a, level_b = _levels(a, pt), _levels(b, pt)
    same = level_a == level_b
    key = (y * (k + 1) + level_a) * (k + 1) + level_b
    key = np.where(same, -1 - y.astype(np.int64), key)
    keys, cells = np.unique(key, return_counts=True)
    pooled = keys < 0
    positive = np.where(pooled, keys == -2, keys // (k + 1) ** 2 == 1)
    cell_a = np.where(pooled, 0, keys // (k + 1) % (k + 1))
    cell_b = np.where(pooled, 0, keys % (k + 1))
    sign = np.where(positive, 1.0, 0.0)  # a positive counts 1, a negative −p_t/(1 − p_t)
    total = float(len(y))
    odds = pt / (1 - pt)
    resampled = np.empty((rows, k))
    block = max(1, _BLOCK_CELLS // len(cells))
    for start in range(0, rows, block):
        stop = min(start + block, rows)
        drawn = _draw(rng, cells, positive, stop - start, bool(stratified)).astype(np.float64)
        offsets = np.arange(stop - start)[:, None] * (k + 1)
        diffs = []
        for weight in (sign, 1 - sign):
            # a row of levels (a, b) adds 1 at p_i for b ≤ i < a and −1 for a ≤ i < b: +1 at
            # level b and −1 at level a, summed over the grid
            counted = drawn * weight
            steps = np.bincount(
                (offsets + cell_b).ravel(), counted.ravel(), minlength=(stop - start) * (k + 1)
            ) - np.bincount(
                (offsets + cell_a).ravel(), counted.ravel(), minlength=(stop - start) * (k + 1)
            )
            diffs.append(np.cumsum(steps.reshape(stop - start, k + 1), axis=1)[:, :k])
        resampled[start:stop] = (diffs[0] - diffs[1] * odds) / total
    low, high, sim_low, sim_high, critical = _summaries(
        difference, resampled, 1 - level, (-np.inf, np.inf)
    )
    spread = resampled.std(axis=0, ddof=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        z = np.where(spread > 0, difference / spread, np.where(difference == 0, 0.0, np.inf))
    z = np.where((spread == 0) & (difference < 0), -np.inf, z)
    return NetBenefitDifference(
        threshold_probability=pt,
        difference=difference,
        low=low,
        high=high,
        simultaneous_low=sim_low,
        simultaneous_high=sim_high,
        net_benefit_a=curve_a.net_benefit,
        net_benefit_b=curve_b.net_benefit,
        standard_error=spread,
        statistic=z,
        pvalue=2 * ndtr(-np.abs(z)),
        confidence_level=level,
        method=_method(bool(stratified), rows),
        n_resamples=rows,
        critical_value=float(critical),
    )
