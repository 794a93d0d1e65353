"""Uncertainty of measures: DeLong's AUC variance and paired test, Wilson intervals for rates,
and seeded bootstrap intervals where no closed form exists."""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
from scipy import stats as _stats

from phidelta._compute import BLOCK_ROWS
from phidelta._validation import (
    DEPRECATED,
    as_float_array,
    check_confidence_level,
    check_same_length,
    renamed,
)
from phidelta.counts import BinaryCounts, ScoreTable
from phidelta.counts._labels import as_label_array, binary_target
from phidelta.measures import ConfidenceInterval, TupleResult, auc
from phidelta.measures._common import check_counts
from phidelta.measures._ranking import _check_table, _check_two_classes

__all__ = [
    "AucInterval",
    "DelongTest",
    "Interval",
    "auc_confidence_interval",
    "bootstrap_interval",
    "delong_test",
    "rate_intervals",
    "table_bootstrap_interval",
    "wilson_interval",
]


class _Bounds(TupleResult):
    """An estimate with a confidence interval: unpacks as ``low, high``, with SciPy's names."""

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ("low", "high")
    low: Any
    high: Any
    level: float

    @property
    def confidence_interval(self) -> ConfidenceInterval:
        """``ConfidenceInterval(low, high)``, as ``scipy.stats.bootstrap`` returns it."""
        return ConfidenceInterval(self.low, self.high)

    @property
    def confidence_level(self) -> float:
        """The confidence level of the interval (``level``)."""
        return self.level


@dataclass(frozen=True)
class Interval(_Bounds):
    """Estimates with confidence intervals, one per entry; unpacks as ``low, high``.

    Attributes
    ----------
    estimate : ndarray
        The measure on the data itself (SciPy's name: ``statistic``).
    low, high : ndarray
        The bounds, also as ``confidence_interval``.
    level : float
        The confidence level (SciPy's name: ``confidence_level``).

    See Also
    --------
    wilson_interval, bootstrap_interval, table_bootstrap_interval : return it.

    References
    ----------
    Virtanen, P., et al. (2020). SciPy 1.0: fundamental algorithms for scientific computing in
    Python. Nature Methods, 17, 261–272 (the names ``statistic``, ``confidence_interval`` and
    ``confidence_level``).

    Examples
    --------
    >>> iv = wilson_interval([8], [10])
    >>> low, high = iv
    >>> iv.statistic, iv.confidence_level
    (array([0.8]), 0.95)
    """

    estimate: np.ndarray
    low: np.ndarray
    high: np.ndarray
    level: float

    @property
    def statistic(self) -> np.ndarray:
        """The estimate (``estimate``)."""
        return self.estimate


@dataclass(frozen=True)
class AucInterval(_Bounds):
    """AUC with its DeLong standard error and normal confidence interval (clipped to [0, 1]).

    Unpacks as ``low, high``; SciPy's names: ``statistic`` (the AUC), ``standard_error``,
    ``confidence_interval`` (a :class:`ConfidenceInterval`) and ``confidence_level``.

    Attributes
    ----------
    auc : float
        The area under the ROC curve (SciPy's name: ``statistic``).
    standard_error : float
        DeLong's standard error (``variance`` is its square).
    low, high : float
        The bounds, clipped to [0, 1] (also ``confidence_interval``).
    level : float
        The confidence level (also ``confidence_level``).

    See Also
    --------
    auc_confidence_interval : computes it.

    References
    ----------
    DeLong, E. R., DeLong, D. M., & Clarke-Pearson, D. L. (1988). Comparing the areas under two
    or more correlated receiver operating characteristic curves: a nonparametric approach.
    Biometrics, 44(3), 837–845.

    Examples
    --------
    >>> t = ScoreTable.from_scores([1, 1, 0, 1, 0, 0], [0.9, 0.8, 0.7, 0.6, 0.55, 0.1])
    >>> low, high = auc_confidence_interval(t)
    >>> high
    1.0
    """

    auc: float
    standard_error: float
    low: float
    high: float
    level: float

    @property
    def statistic(self) -> float:
        """The AUC (``auc``)."""
        return self.auc

    @property
    def variance(self) -> float:
        """DeLong's variance of the AUC, ``standard_error ** 2``."""
        return self.standard_error**2


def _generator(random_state: Any, seed: Any, where: str) -> np.random.Generator:
    """SciPy's ``random_state``: None = fresh entropy, an int seeds, a Generator is used as
    it is. ``seed`` (phidelta's former keyword) is read, with a DeprecationWarning."""
    random_state = renamed(random_state, seed, name="random_state", old="seed", where=where)
    if isinstance(random_state, np.random.RandomState):
        raise TypeError("`random_state` must be None, an int, a SeedSequence or a Generator.")
    return np.random.default_rng(random_state)


def _components(table: ScoreTable) -> tuple[np.ndarray, np.ndarray]:
    """DeLong's structural components per distinct score: V10 for the positives there, V01 for
    the negatives there (ties count half)."""
    pos = table.positives.astype(np.float64)
    neg = table.negatives.astype(np.float64)
    p, n = pos.sum(), neg.sum()
    neg_below = n - np.cumsum(neg)
    pos_above = np.cumsum(pos) - pos
    return (neg_below + neg / 2) / n, (pos_above + pos / 2) / p


def _weighted_variance(values: np.ndarray, weights: np.ndarray) -> float:
    total = weights.sum()
    if total <= 1:
        return 0.0
    mean = np.dot(weights, values) / total
    return float(np.dot(weights, (values - mean) ** 2) / (total - 1))


def auc_confidence_interval(
    table: ScoreTable,
    *,
    confidence_level: float = 0.95,
    level: float | None = None,
    groups: Any = None,
) -> AucInterval:
    """DeLong's (1988) variance of the AUC and a normal interval, as pROC computes it.

    Var = S₁₀/P + S₀₁/N with S₁₀, S₀₁ the sample variances of the structural components of the
    positives and the negatives; exact with ties and weights (a score table suffices).

    With ``groups`` (several rows per patient, speaker, document or site) the variance is
    Obuchowski's (1997) for clustered data: the components summed per group, their spread
    between groups — S₁₀ = I₁₀/((I₁₀ − 1)P)·Σᵢ(V₁₀ᵢ − pᵢθ̂)², S₀₁ likewise, the cross term
    S₁₁ = I/(I − 1)·Σᵢ(V₁₀ᵢ − pᵢθ̂)(V₀₁ᵢ − nᵢθ̂), Var = S₁₀/P + S₀₁/N + 2S₁₁/(PN). With one row
    per group it is DeLong's variance exactly.

    Parameters
    ----------
    table : ScoreTable
        Scores and their positive and negative counts (weights allowed).
    confidence_level : float, default=0.95
        Confidence level, in (0, 1) (SciPy's name).
    level : float, optional
        Former name of `confidence_level` (deprecated).
    groups : sequence of ScoreTable, optional
        The score table of each group of rows (patient, speaker, document, site), adding up
        to `table` — ``ScoreTable.from_groups(y_true, scores, groups)`` gives them. The
        standard error is then Obuchowski's clustered one.

    Returns
    -------
    AucInterval
        Unpacks as ``low, high``; ``statistic`` (= ``auc``), ``standard_error``,
        ``confidence_interval`` and ``confidence_level`` as in SciPy.

    Raises
    ------
    TypeError
        If `table` is not a :class:`~phidelta.counts.ScoreTable`, or `groups` is not a
        sequence of them.
    ValueError
        If `confidence_level` is not in (0, 1) or a class is absent; with `groups`, if they
        do not add up to `table`, or fewer than two groups hold positives (or negatives).

    See Also
    --------
    delong_test : compares two AUCs.
    table_bootstrap_interval : a bootstrap alternative.

    References
    ----------
    DeLong, E. R., DeLong, D. M., & Clarke-Pearson, D. L. (1988). Comparing the areas under two
    or more correlated receiver operating characteristic curves: a nonparametric approach.
    Biometrics, 44(3), 837–845.

    Obuchowski, N. A. (1997). Nonparametric analysis of clustered ROC curve data. Biometrics,
    53(2), 567–578.

    Robin, X., et al. (2011). pROC: an open-source package for R and S+ to analyze and compare
    ROC curves. BMC Bioinformatics, 12, 77.

    Examples
    --------
    >>> t = ScoreTable.from_scores([1, 1, 0, 1, 0, 0], [0.9, 0.8, 0.7, 0.6, 0.55, 0.1])
    >>> ci = auc_confidence_interval(t)
    >>> round(ci.statistic, 4), round(ci.standard_error, 4)
    (0.8889, 0.1571)
    >>> low, high = ci
    >>> round(low, 4), high, ci.confidence_level
    (0.5809, 1.0, 0.95)
    """
    t = _check_table(table)
    p, n = _check_two_classes(t, "The AUC interval")
    lv = check_confidence_level(confidence_level, level, where="auc_confidence_interval")
    if groups is not None:  # clustered rows: Obuchowski (inference._clustered)
        from phidelta.inference._clustered import clustered_auc_interval

        value, se, low, high = clustered_auc_interval(t, groups, lv)
        return AucInterval(auc=value, standard_error=se, low=low, high=high, level=lv)
    v10, v01 = _components(t)
    variance = (
        _weighted_variance(v10, t.positives.astype(np.float64)) / p
        + _weighted_variance(v01, t.negatives.astype(np.float64)) / n
    )
    value = auc(t)
    se = float(np.sqrt(variance))
    z = _stats.norm.ppf(0.5 + lv / 2)
    return AucInterval(
        auc=value,
        standard_error=se,
        low=float(max(0.0, value - z * se)),
        high=float(min(1.0, value + z * se)),
        level=lv,
    )


@dataclass(frozen=True)
class DelongTest(TupleResult):
    """Paired DeLong test of two AUCs on the same samples.

    Unpacks as ``statistic, pvalue`` like SciPy's test results: ``statistic`` is z (also
    ``z``), ``pvalue`` the two-sided p-value (also ``p_value``).
    :meth:`confidence_interval` bounds the difference of the AUCs.

    Attributes
    ----------
    auc_a, auc_b : float
        The AUCs of the two scorers.
    difference : float
        auc_a − auc_b.
    standard_error : float
        Standard error of the difference.
    z : float
        The statistic, difference / standard_error (also ``statistic``).
    p_value : float
        The two-sided p-value (also ``pvalue``).

    See Also
    --------
    delong_test : computes it.

    References
    ----------
    DeLong, E. R., DeLong, D. M., & Clarke-Pearson, D. L. (1988). Comparing the areas under two
    or more correlated receiver operating characteristic curves: a nonparametric approach.
    Biometrics, 44(3), 837–845.

    Examples
    --------
    >>> y = [1, 1, 1, 0, 0, 0, 1, 0]
    >>> r = delong_test(y, [0.9, 0.8, 0.7, 0.3, 0.2, 0.4, 0.6, 0.1],
    ...                    [0.6, 0.4, 0.8, 0.5, 0.3, 0.7, 0.2, 0.1])
    >>> round(r.difference, 3)
    0.375
    """

    auc_a: float
    auc_b: float
    difference: float  # auc_a − auc_b
    standard_error: float  # of the difference
    z: float
    p_value: float

    _fields: ClassVar[tuple[str, ...]] = ("statistic", "pvalue")

    @property
    def statistic(self) -> float:
        """z = difference / standard_error (``z``)."""
        return self.z

    @property
    def pvalue(self) -> float:
        """The two-sided p-value of z under the standard normal (``p_value``)."""
        return self.p_value

    def confidence_interval(self, confidence_level: float = 0.95) -> ConfidenceInterval:
        """Normal confidence interval of AUC_a − AUC_b: difference ± z₁₋α/₂·standard_error.

        Parameters
        ----------
        confidence_level : float, default=0.95
            In (0, 1).

        Returns
        -------
        ConfidenceInterval
            ``low, high`` of the difference (not clipped).

        Raises
        ------
        ValueError
            If `confidence_level` is not in (0, 1).

        Examples
        --------
        >>> y = [1, 1, 1, 0, 0, 0, 1, 0]
        >>> r = delong_test(y, [0.9, 0.8, 0.7, 0.3, 0.2, 0.4, 0.6, 0.1],
        ...                    [0.6, 0.4, 0.8, 0.5, 0.3, 0.7, 0.2, 0.1])
        >>> low, high = r.confidence_interval()
        >>> round(low, 4), round(high, 4)
        (-0.0723, 0.8223)
        """
        level = check_confidence_level(confidence_level, where="DelongTest.confidence_interval")
        z = float(_stats.norm.ppf(0.5 + level / 2))
        return ConfidenceInterval(
            self.difference - z * self.standard_error, self.difference + z * self.standard_error
        )


def _per_sample_components(
    y_pos: np.ndarray, scores: np.ndarray
) -> tuple[np.ndarray, np.ndarray, float]:
    table = ScoreTable._from_mask(scores, y_pos)
    v10, v01 = _components(table)
    # map every sample to its distinct score (the table is in decreasing order)
    ascending = table.scores[::-1]
    index = len(table) - 1 - np.searchsorted(ascending, scores)
    return v10[index[y_pos]], v01[index[~y_pos]], auc(table)


def delong_test(
    y_true: Any, scores_a: Any, scores_b: Any, *, pos_label: Any = None, groups: Any = None
) -> DelongTest:
    """Paired DeLong test: are the AUCs of two scorers on the same samples different?

    z = (AUC_a − AUC_b) / √Var with the covariance of the structural components (DeLong,
    DeLong & Clarke-Pearson 1988); two-sided p-value. Python had none; pROC is the reference.
    With ``groups`` the (co)variances are Obuchowski's (1997) for clustered data: the
    components summed per group (both curves' cross terms included).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True labels.
    scores_a, scores_b : array-like of shape (n,)
        Scores of the two scorers on the same samples.
    pos_label : label, default=None
        The positive class (by default 1 or True for 0/1, ±1 or boolean
        classes; else it must be given).
    groups : array-like of shape (n,), optional
        The group of every sample (patient, speaker, document, site): its rows are not
        independent, and the variance is Obuchowski's clustered one.

    Returns
    -------
    DelongTest
        Unpacks as ``statistic, pvalue`` (z and its two-sided p-value); also ``auc_a``,
        ``auc_b``, ``difference``, ``standard_error`` and ``confidence_interval()``.

    Raises
    ------
    ValueError
        If the lengths differ or a class is absent; with `groups`, if a label is missing,
        there is a single group, or fewer than two groups hold positives (or negatives).

    See Also
    --------
    auc_confidence_interval : DeLong's interval for one AUC.

    References
    ----------
    DeLong, E. R., DeLong, D. M., & Clarke-Pearson, D. L. (1988). Comparing the areas under two
    or more correlated receiver operating characteristic curves: a nonparametric approach.
    Biometrics, 44(3), 837–845.

    Obuchowski, N. A. (1997). Nonparametric analysis of clustered ROC curve data. Biometrics,
    53(2), 567–578.

    Examples
    --------
    >>> y = [1, 1, 1, 0, 0, 0, 1, 0]
    >>> r = delong_test(y, [0.9, 0.8, 0.7, 0.3, 0.2, 0.4, 0.6, 0.1],
    ...                    [0.6, 0.4, 0.8, 0.5, 0.3, 0.7, 0.2, 0.1])
    >>> statistic, pvalue = r
    >>> round(r.auc_a, 4), round(r.auc_b, 4), round(statistic, 3), round(pvalue, 3)
    (1.0, 0.625, 1.643, 0.1)
    """
    y = as_label_array(y_true, "y_true")
    a = as_float_array(scores_a, "scores_a")
    b = as_float_array(scores_b, "scores_b")
    check_same_length(y_true=y, scores_a=a, scores_b=b)
    is_pos = binary_target(y, pos_label, both=True).is_positive
    if groups is not None:  # clustered rows: Obuchowski (inference._clustered)
        from phidelta.inference._clustered import clustered_delong

        auc_a, auc_b, variance = clustered_delong(is_pos, a, b, groups)
    else:
        v10a, v01a, auc_a = _per_sample_components(is_pos, a)
        v10b, v01b, auc_b = _per_sample_components(is_pos, b)
        p, n = len(v10a), len(v01a)
        s10 = np.cov(np.vstack([v10a, v10b])) if p > 1 else np.zeros((2, 2))
        s01 = np.cov(np.vstack([v01a, v01b])) if n > 1 else np.zeros((2, 2))
        cov = s10 / p + s01 / n
        variance = cov[0, 0] + cov[1, 1] - 2 * cov[0, 1]
    difference = auc_a - auc_b
    if variance <= 0:
        z = 0.0 if difference == 0 else np.inf * np.sign(difference)
    else:
        z = difference / np.sqrt(variance)
    p_value = float(2 * _stats.norm.sf(abs(z)))
    return DelongTest(
        auc_a=auc_a,
        auc_b=auc_b,
        difference=difference,
        standard_error=float(np.sqrt(max(variance, 0.0))),
        z=float(z),
        p_value=p_value,
    )


def wilson_interval(
    successes: Any, trials: Any, *, confidence_level: float = 0.95, level: float | None = None
) -> Interval:
    """Wilson score interval of binomial proportions (vectorized; soft counts allowed).

    NaN where there are no trials.

    Parameters
    ----------
    successes : array-like of shape (k,)
        Successes (soft counts allowed), between 0 and `trials`.
    trials : array-like of shape (k,)
        Trials.
    confidence_level : float, default=0.95
        Confidence level, in (0, 1) (SciPy's name).
    level : float, optional
        Former name of `confidence_level` (deprecated).

    Returns
    -------
    Interval
        ``estimate`` (successes / trials), ``low``, ``high`` and ``level``.

    Raises
    ------
    ValueError
        If a success count is negative or exceeds its trials, or `confidence_level` is not in
        (0, 1).

    See Also
    --------
    rate_intervals : Wilson intervals of the four rates of binary counts.

    References
    ----------
    Wilson, E. B. (1927). Probable inference, the law of succession, and statistical inference.
    Journal of the American Statistical Association, 22(158), 209–212.

    Examples
    --------
    >>> iv = wilson_interval([8], [10])
    >>> np.round([iv.low[0], iv.high[0]], 4)
    array([0.4902, 0.9433])
    """
    k = as_float_array(successes, "successes", ndim=None)
    n = as_float_array(trials, "trials", ndim=None)
    if np.any(k < 0) or np.any(k > n):
        raise ValueError("`successes` must lie between 0 and `trials`.")
    lv = check_confidence_level(confidence_level, level, where="wilson_interval")
    z = _stats.norm.ppf(0.5 + lv / 2)
    with np.errstate(divide="ignore", invalid="ignore"):
        phat = k / n
        denominator = 1 + z * z / n
        centre = (phat + z * z / (2 * n)) / denominator
        half = z * np.sqrt(phat * (1 - phat) / n + z * z / (4 * n * n)) / denominator
    return Interval(
        estimate=phat, low=np.clip(centre - half, 0, 1), high=np.clip(centre + half, 0, 1), level=lv
    )


def rate_intervals(
    counts: BinaryCounts, *, confidence_level: float = 0.95, level: float | None = None
) -> dict[str, Interval]:
    """Wilson intervals of sensitivity, specificity, precision and NPV for every entry.

    Parameters
    ----------
    counts : BinaryCounts
        One or more binary confusion counts; one interval per entry.
    confidence_level : float, default=0.95
        Confidence level, in (0, 1) (SciPy's name).
    level : float, optional
        Former name of `confidence_level` (deprecated).

    Returns
    -------
    dict of str to Interval
        Keys ``"sensitivity"``, ``"specificity"``, ``"precision"`` and
        ``"negative_predictive_value"``.

    Raises
    ------
    TypeError
        If `counts` is not a :class:`~phidelta.counts.BinaryCounts`.
    ValueError
        If `confidence_level` is not in (0, 1).

    See Also
    --------
    wilson_interval : the interval used.
    phi_delta_region : a joint region of the two rates in the φ-δ space.

    References
    ----------
    Wilson, E. B. (1927). Probable inference, the law of succession, and statistical inference.
    Journal of the American Statistical Association, 22(158), 209–212.

    Examples
    --------
    >>> iv = rate_intervals(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    >>> round(float(iv["sensitivity"].estimate[0]), 2)
    0.8
    """
    c = check_counts(counts)
    lv = check_confidence_level(confidence_level, level, where="rate_intervals")
    tn, fp, fn, tp = (np.asarray(getattr(c, f), dtype=np.float64) for f in ("tn", "fp", "fn", "tp"))
    return {
        "sensitivity": wilson_interval(tp, tp + fn, confidence_level=lv),
        "specificity": wilson_interval(tn, tn + fp, confidence_level=lv),
        "precision": wilson_interval(tp, tp + fp, confidence_level=lv),
        "negative_predictive_value": wilson_interval(tn, tn + fn, confidence_level=lv),
    }


def bootstrap_interval(
    counts: BinaryCounts,
    statistic: Callable[..., np.ndarray],
    *,
    n_resamples: int = 2000,
    confidence_level: float = 0.95,
    level: float | None = None,
    random_state: Any = None,
    stratified: bool = True,
    seed: Any = DEPRECATED,
    groups: Any = None,
) -> Interval:
    """Percentile bootstrap interval of any measure of binary counts (vectorized).

    Each entry's confusion matrix is resampled (multinomially; within each class when
    ``stratified``, which keeps P and N fixed as in a designed study) ``n_resamples`` times and
    ``statistic`` is evaluated on all resamples at once. ``random_state`` as in SciPy: None
    draws fresh entropy, an int or a ``numpy.random.Generator`` makes it reproducible
    (``seed``, its former name, is deprecated).

    With ``groups`` (the counts of each group of rows: patient, speaker, document, site) the
    resamples draw whole groups with replacement and add their counts (the cluster
    bootstrap); the groups mix the classes, so ``stratified`` does not apply.

    Parameters
    ----------
    counts : BinaryCounts
        Integer counts; one interval per entry.
    statistic : callable
        A measure of binary counts, ``statistic(BinaryCounts) -> ndarray`` with one value per
        entry (any function of :mod:`phidelta.measures` that takes counts).
    n_resamples : int, default=2000
        Resamples per entry; at least 10.
    confidence_level : float, default=0.95
        Confidence level, in (0, 1) (SciPy's name).
    level : float, optional
        Former name of `confidence_level` (deprecated).
    random_state : None, int, numpy.random.SeedSequence or numpy.random.Generator, default=None
        Source of randomness (None: fresh entropy).
    stratified : bool, default=True
        Resample within each class (P and N fixed) rather than the whole matrix.
    seed : optional
        Former name of `random_state` (deprecated).
    groups : BinaryCounts or sequence of BinaryCounts, optional
        The counts of each group of rows, adding up to `counts`: for one entry a BinaryCounts
        with one entry per group (``BinaryCounts.from_groups(y_true, y_pred, groups)``), for
        several a sequence of those, one per entry. Soft (weighted) counts are allowed then.

    Returns
    -------
    Interval
        ``estimate`` (the statistic of the counts themselves), ``low``, ``high`` and
        ``level``; NaN bounds where the statistic is undefined on resamples.

    Raises
    ------
    TypeError
        If `counts` is not a :class:`~phidelta.counts.BinaryCounts` or `random_state` is of
        another type.
    ValueError
        If the counts are soft (without `groups`), `confidence_level` is not in (0, 1), or
        `n_resamples` < 10; with `groups`, if they do not add up to `counts` or an entry has
        fewer than two groups.

    See Also
    --------
    table_bootstrap_interval : the same for statistics of score tables.
    wilson_interval : a closed-form interval for rates.

    References
    ----------
    Efron, B., & Tibshirani, R. J. (1993). An Introduction to the Bootstrap. Chapman & Hall,
    chapter 13 (percentile intervals).

    Examples
    --------
    >>> from phidelta.measures import unbiased_mcc
    >>> iv = bootstrap_interval(BinaryCounts(tn=60, fp=40, fn=20, tp=80), unbiased_mcc)
    >>> bool(iv.low[0] < 0.408 < iv.high[0])
    True
    """
    c = check_counts(counts)
    if c.is_soft and groups is None:
        raise ValueError("Bootstrap resampling needs integer counts; got soft counts.")
    lv = check_confidence_level(confidence_level, level, where="bootstrap_interval")
    if n_resamples < 10:
        raise ValueError(f"`n_resamples` must be at least 10; got {n_resamples}.")
    rng = _generator(random_state, seed, "bootstrap_interval")
    if groups is not None:  # whole groups drawn (inference._clustered)
        from phidelta.inference._clustered import clustered_count_interval

        estimate, low, high = clustered_count_interval(
            c, statistic, groups, level=lv, method="percentile", n_resamples=n_resamples, rng=rng
        )
        return Interval(estimate=estimate, low=low, high=high, level=lv)
    cells = c.to_array().astype(np.int64)
    k = len(c)
    draws = np.empty((n_resamples, k, 4), dtype=np.int64)
    for i in range(k):  # entries (classifiers/folds): each its own multinomial
        tn, fp, fn, tp = cells[i]
        if stratified:
            neg, pos = tn + fp, fn + tp
            draws[:, i, :2] = rng.multinomial(
                neg, [tn / neg, fp / neg] if neg else [1, 0], size=n_resamples
            )
            draws[:, i, 2:] = rng.multinomial(
                pos, [fn / pos, tp / pos] if pos else [1, 0], size=n_resamples
            )
        else:
            total = cells[i].sum()
            draws[:, i, :] = rng.multinomial(total, cells[i] / max(total, 1), size=n_resamples)
    flat = draws.reshape(-1, 4)
    resampled = BinaryCounts._trusted(flat[:, 0], flat[:, 1], flat[:, 2], flat[:, 3])
    values = np.asarray(statistic(resampled, zero_division=np.nan), dtype=np.float64)
    values = values.reshape(n_resamples, k)
    alpha = (1 - lv) / 2
    with np.errstate(invalid="ignore"):
        low = np.nanquantile(values, alpha, axis=0)
        high = np.nanquantile(values, 1 - alpha, axis=0)
    estimate = np.asarray(statistic(c, zero_division=np.nan), dtype=np.float64)
    return Interval(estimate=estimate, low=low, high=high, level=lv)


def table_bootstrap_interval(
    table: ScoreTable,
    statistic: Callable[[ScoreTable], float],
    *,
    n_resamples: int = 2000,
    confidence_level: float = 0.95,
    level: float | None = None,
    random_state: Any = None,
    seed: Any = DEPRECATED,
    workers: int = -1,
    groups: Any = None,
) -> Interval:
    """Percentile bootstrap interval of any statistic of a score table (e.g. partial AUC).

    Positives and negatives are resampled separately (stratified, as pROC does): each
    resample draws P positives and N negatives with replacement, counted per distinct score,
    for all resamples at once. For :func:`auc` the areas of all resamples are computed at once
    too (no loop per resample: 10,000 resamples of 10⁴ scores take under a second on 2
    cores); any other statistic is called once per resampled table. Integer (unweighted)
    tables only. ``random_state`` as in SciPy (None: fresh entropy; an int or a Generator:
    reproducible; ``seed``: its deprecated former name). The resamples are drawn in fixed
    blocks, each from its own generator derived from ``random_state``, so the result does not
    depend on ``workers``.

    With ``groups`` (the score table of each group of rows: patient, speaker, document,
    site) each resample draws whole groups with replacement and adds their counts at the
    pooled distinct scores (the cluster bootstrap; no row is resampled, and the classes are
    not fixed: resamples of one class are left out of the quantiles). Weighted tables are
    allowed then.

    Parameters
    ----------
    table : ScoreTable
        An integer (unweighted) score table.
    statistic : callable
        ``statistic(ScoreTable) -> float``, e.g. :func:`auc` or a partial AUC.
    n_resamples : int, default=2000
        Resamples; at least 10.
    confidence_level : float, default=0.95
        Confidence level, in (0, 1) (SciPy's name).
    level : float, optional
        Former name of `confidence_level` (deprecated).
    random_state : None, int, numpy.random.SeedSequence or numpy.random.Generator, default=None
        Source of randomness (None: fresh entropy).
    seed : optional
        Former name of `random_state` (deprecated).
    workers : int, default=-1
        Threads that draw blocks of resamples at once, as SciPy's ``workers``: −1 uses every
        CPU available to the process; 1 draws in the calling thread.
    groups : sequence of ScoreTable, optional
        The score table of each group of rows, adding up to `table` (as
        ``ScoreTable.from_groups(y_true, scores, groups)`` gives them).

    Returns
    -------
    Interval
        Arrays of length 1: ``estimate``, ``low``, ``high``; and ``level``.

    Raises
    ------
    TypeError
        If `table` is not a :class:`~phidelta.counts.ScoreTable` or `random_state` is of
        another type.
    ValueError
        If the table is weighted (without `groups`), `confidence_level` is not in (0, 1), or
        `n_resamples` < 10; with `groups`, if they do not add up to `table` or are fewer than
        two.

    See Also
    --------
    auc_confidence_interval : DeLong's closed-form interval.
    bootstrap_interval : the same for measures of binary counts.

    References
    ----------
    Efron, B., & Tibshirani, R. J. (1993). An Introduction to the Bootstrap. Chapman & Hall.

    Robin, X., et al. (2011). pROC: an open-source package for R and S+ to analyze and compare
    ROC curves. BMC Bioinformatics, 12, 77.

    Examples
    --------
    >>> from functools import partial
    >>> from phidelta.measures import partial_auc
    >>> t = ScoreTable.from_scores([1, 1, 0, 1, 0, 0, 1, 0], [9, 8, 7, 6, 5, 4, 3, 2])
    >>> iv = table_bootstrap_interval(t, partial(partial_auc, fpr_range=(0, 0.5)), random_state=0)
    >>> bool(iv.low[0] <= iv.estimate[0] <= iv.high[0])
    True
    """
    t = _check_table(table)
    p, n = _check_two_classes(t, "The bootstrap interval")
    lv = check_confidence_level(confidence_level, level, where="table_bootstrap_interval")
    if t.positives.dtype.kind not in "iu" and groups is None:
        raise ValueError("Bootstrap resampling needs an integer (unweighted) score table.")
    if n_resamples < 10:
        raise ValueError(f"`n_resamples` must be at least 10; got {n_resamples}.")
    threads = _check_workers(workers)
    rng = _generator(random_state, seed, "table_bootstrap_interval")
    if groups is not None:  # whole groups drawn (inference._clustered)
        from phidelta.inference._clustered import clustered_table_interval

        value, low, high = clustered_table_interval(
            t, statistic, groups, level=lv, n_resamples=n_resamples, rng=rng, threads=threads
        )
        return Interval(
            estimate=np.array([value]), low=np.array([low]), high=np.array([high]), level=lv
        )
    d = len(t)
    # the distinct score of every positive and every negative sample
    pos_index = np.repeat(np.arange(d, dtype=np.int64), t.positives)
    neg_index = np.repeat(np.arange(d, dtype=np.int64), t.negatives)
    values = np.empty(n_resamples)
    fast = statistic is auc
    width = max(int(p), int(n)) if fast else max(d, int(p) + int(n))
    # blocks of about 2·10⁶ samples (2·10⁷ for the AUC, whose buffers are reused within one)
    chunk = max(1, min(n_resamples, (20_000_000 if fast else 2_000_000) // width))
    starts = range(0, n_resamples, chunk)
    # one generator per block, derived from random_state: the same draws for any `workers`
    block_seeds = rng.integers(0, 2**63, size=(len(starts), 2))
    # resamples counted together: their count arrays stay within a core's cache (fresh
    # memory for larger ones costs more than the counting)
    group = max(1, BLOCK_ROWS // width)
    if fast:
        # the positives ranked before (A) and up to (B) each negative, by sample position
        before = np.searchsorted(pos_index, neg_index, side="left")
        upto = np.searchsorted(pos_index, neg_index, side="right")

    def block(number: int) -> None:  # a block of resamples, vectorized in groups
        draw = np.random.default_rng(block_seeds[number])
        stop = min(starts[number] + chunk, n_resamples)
        if fast:
            resampled_auc = _ResampledAuc(before, upto, int(p), int(n), group)
        for start in range(starts[number], stop, group):
            rows = min(group, stop - start)
            if fast:
                values[start : start + rows] = resampled_auc(draw, rows)
                continue
            pos = _resampled_counts(draw, pos_index, rows, d)
            neg = _resampled_counts(draw, neg_index, rows, d)
            for b in range(rows):
                values[start + b] = statistic(ScoreTable._trusted(t.scores, pos[b], neg[b]))

    if threads > 1 and len(starts) > 1 and fast:
        with ThreadPoolExecutor(min(threads, len(starts))) as pool:
            list(pool.map(block, range(len(starts))))
    else:
        for number in range(len(starts)):
            block(number)
    alpha = (1 - lv) / 2
    return Interval(
        estimate=np.array([statistic(t)]),
        low=np.array([np.quantile(values, alpha)]),
        high=np.array([np.quantile(values, 1 - alpha)]),
        level=lv,
    )


class _ResampledAuc:
    """The AUCs of stratified resamples of an integer score table, from the samples'
    positions only, ``rows`` resamples per call into reused buffers.

    A resample draws P positives and N negatives with replacement; with c the resampled
    multiplicities of the positives (in score order) and C their running sum, the pairs a
    negative wins, ties counting half, are (C[A] + C[B]) / 2, A and B being the positives
    ranked before it and up to its score (Mann–Whitney). C is read at positions that increase
    with the negatives' order, so every pass but the draws runs through memory in order and no
    per-score table is built; the buffers are allocated once per block (fresh pages cost more
    than the passes themselves).
    """

    def __init__(self, before: np.ndarray, upto: np.ndarray, p: int, n: int, rows: int):
        self.p, self.n, self.rows = p, n, rows
        self.before = before
        self.tied = np.flatnonzero(upto != before)  # negatives tied with some positive
        self.upto = upto[self.tied]
        self.running = np.zeros((rows, p + 1), dtype=np.int64)
        self.wins = np.empty((rows, n), dtype=np.int64)
        self.shift = (np.arange(rows, dtype=np.int64) * n)[:, None]

    def __call__(self, rng: np.random.Generator, rows: int) -> np.ndarray:
        p, n = self.p, self.n
        picks = _uniform_integers(rng, p, rows * p)
        if rows > 1:
            picks += np.repeat(np.arange(0, rows * p, p, dtype=np.int64), p)
        running, wins = self.running[:rows], self.wins[:rows]
        counts = np.bincount(picks, minlength=rows * p).reshape(rows, p)
        np.cumsum(counts, axis=1, out=running[:, 1:])
        np.take(running, self.before, axis=1, out=wins)
        wins *= 2  # 2·C[A] for every negative; C[B] − C[A] added where ties exist
        if len(self.tied):
            wins[:, self.tied] += np.take(running, self.upto, axis=1) - wins[:, self.tied] // 2
        chosen = _uniform_integers(rng, n, rows * n).reshape(rows, n)
        chosen += self.shift[:rows]
        total = np.take(wins, chosen).sum(axis=1)
        return total / (2.0 * p * n)


def _resampled_counts(rng: np.random.Generator, index: np.ndarray, rows: int, d: int) -> np.ndarray:
    """``rows`` resamples (with replacement) of the samples whose distinct-score indices are
    ``index``, counted per distinct score: an array (rows, d) from one bincount."""
    m = len(index)
    picks = _uniform_integers(rng, m, rows * m)
    cells = np.take(index, picks).reshape(rows, m)
    cells += np.arange(0, rows * d, d, dtype=np.int64)[:, None]
    return np.bincount(cells.ravel(), minlength=rows * d).reshape(rows, d)


def _uniform_integers(rng: np.random.Generator, m: int, count: int) -> np.ndarray:
    """``count`` independent integers uniform on [0, m), exactly: Lemire's multiply-shift on
    16- or 32-bit slices of the generator's raw 64-bit words (several draws per word), the
    rare slices in the biased zone (low part of the product below 2^b mod m) drawn again.

    Lemire, D. (2019). Fast random integer generation in an interval. ACM Transactions on
    Modeling and Computer Simulation, 29(1), 3.
    """
    for bits, narrow in ((16, np.uint16), (32, np.uint32)):
        zone = 2**bits % m  # products whose low part falls below this are rejected
        if m <= min(2**bits, 2**31) and zone * 32 < 2**bits:  # under 1/32 redrawn
            words = rng.bit_generator.random_raw(-(-count * bits // 64))
            product = words.view(narrow)[:count].astype(np.int64)  # below 2³² · m < 2⁶³
            product *= m
            redraw = np.flatnonzero(product.astype(narrow) < zone)
            product >>= bits
            if len(redraw):
                product[redraw] = rng.integers(0, m, size=len(redraw))
            return product
    return rng.integers(0, m, size=count)


def _check_workers(workers: Any) -> int:
    """SciPy's ``workers``: a positive number of threads, or −1 for every available CPU."""
    if isinstance(workers, bool) or not isinstance(workers, int | np.integer):
        raise TypeError(f"`workers` must be an int; got {type(workers).__name__}.")
    if workers == -1:
        try:
            return len(os.sched_getaffinity(0))
        except AttributeError:  # not on Linux
            return os.cpu_count() or 1
    if workers < 1:
        raise ValueError(f"`workers` must be -1 or at least 1; got {workers}.")
    return int(workers)
