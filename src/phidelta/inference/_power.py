"""The variance of an AUC and the covariance of two (DeLong's or the bootstrap's), and the
power and sample size of ROC studies (pROC's ``var``, ``cov`` and ``power.roc.test``):
one AUC against a null AUC (Obuchowski, Lieber & Wians 2004), two curves from a pilot study's
variances, and two binormal curves (Obuchowski & McClish 1997)."""

from __future__ import annotations

import math
import numbers
import warnings
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy import integrate
from scipy import stats as _stats
from scipy.special import ndtr, ndtri

from phidelta._validation import DEPRECATED, check_open_unit
from phidelta.counts import ScoreTable
from phidelta.inference._roc_tests import (
    _are_paired,
    _as_curve,
    _check_workers,
    _Curve,
    _delong_variance,
    _estimand,
    _resampled,
)
from phidelta.inference._uncertainty import (
    _components,
    _generator,
    _per_sample_components,
    _weighted_variance,
)
from phidelta.measures import auc

__all__ = [
    "RocPower",
    "auc_covariance",
    "auc_power",
    "auc_variance",
    "binormal_roc_power",
    "roc_power",
]


# --- variance and covariance ------------------------------------------------------------------
def _check_method(method: Any) -> str:
    if method not in ("delong", "bootstrap"):
        raise ValueError(f'`method` must be "delong" or "bootstrap"; got {method!r}.')
    return str(method)


def _check_resamples(n_resamples: Any) -> int:
    if isinstance(n_resamples, bool) or not isinstance(n_resamples, numbers.Integral):
        raise TypeError(f"`n_resamples` must be an integer >= 10; got {n_resamples!r}.")
    if n_resamples < 10:
        raise ValueError(f"`n_resamples` must be an integer >= 10; got {n_resamples}.")
    return int(n_resamples)


def _bootstrap_values(
    curves: list[_Curve],
    *,
    paired: bool,
    n_resamples: Any,
    random_state: Any,
    workers: Any,
    where: str,
    fpr_range: Any = None,
    tpr_range: Any = None,
    mcclish: bool = False,
    stratified: bool = True,
) -> np.ndarray:
    """The (partial) AUCs of the curves over bootstrap resamples, undefined ones left out."""
    for curve in curves:
        if curve.table.positives.dtype.kind not in "iu":
            raise ValueError("Bootstrap resampling needs integer counts; got a weighted table.")
    estimand = _estimand("bootstrap", fpr_range, tpr_range, mcclish, None, None)
    values = _resampled(
        curves,
        estimand,
        paired=paired,
        stratified=bool(stratified),
        n_resamples=_check_resamples(n_resamples),
        rng=_generator(random_state, DEPRECATED, where),
        threads=_check_workers(workers),
    )
    undefined = np.isnan(values).any(axis=1)
    if undefined.any():
        warnings.warn(
            f"{int(undefined.sum())} of {len(values)} resamples left the AUC undefined "
            "(a class absent); they were left out.",
            RuntimeWarning,
            stacklevel=3,
        )
    return values[~undefined]


def _whole_area(fpr_range: Any, tpr_range: Any, mcclish: bool, what: str) -> None:
    if fpr_range is not None or tpr_range is not None or mcclish:
        raise ValueError(f'DeLong\'s {what} is of whole areas; use method="bootstrap".')


def auc_variance(
    curve: Any,
    *,
    method: str = "delong",
    fpr_range: tuple[float, float] | None = None,
    tpr_range: tuple[float, float] | None = None,
    mcclish: bool = False,
    n_resamples: int = 2000,
    stratified: bool = True,
    random_state: Any = None,
    workers: int = -1,
    pos_label: Any = None,
) -> float:
    """The variance of an AUC: DeLong's (1988) or the bootstrap's, as pROC's ``var``.

    DeLong: S₁₀/P + S₀₁/N, the sample variances of the positives' and the negatives'
    structural components (the square of :func:`auc_confidence_interval`'s standard error).
    Bootstrap: the sample variance of the AUC — or the partial AUC over `fpr_range` or
    `tpr_range` — over `n_resamples` resamples, positives and negatives drawn apart when
    `stratified`.

    Parameters
    ----------
    curve : (y_true, scores) or ScoreTable
        The curve's labels and scores, or its score table.
    method : {"delong", "bootstrap"}, default="delong"
        DeLong's closed form, or the bootstrap (needed for a partial area).
    fpr_range, tpr_range : (float, float), optional
        The variance of the partial area over this range (bootstrap only).
    mcclish : bool, default=False
        Standardize the partial area (McClish 1989).
    n_resamples : int, default=2000
        Bootstrap resamples; at least 10.
    stratified : bool, default=True
        Resample positives and negatives apart (pROC's ``boot.stratified``).
    random_state : None, int, numpy.random.SeedSequence or numpy.random.Generator, optional
        Source of randomness for the bootstrap, as in SciPy.
    workers : int, default=-1
        Threads drawing blocks of resamples (−1: every CPU); the result does not depend on it.
    pos_label : label, optional
        The positive class of ``y_true``.

    Returns
    -------
    float
        The variance.

    Raises
    ------
    TypeError
        If `curve` is neither a pair nor a ScoreTable.
    ValueError
        If a class is absent, `method` is unknown, or a partial range is asked of DeLong.

    See Also
    --------
    auc_covariance : the covariance of two AUCs.
    auc_confidence_interval : DeLong's interval.

    References
    ----------
    DeLong, E. R., DeLong, D. M., & Clarke-Pearson, D. L. (1988). Comparing the areas under two
    or more correlated receiver operating characteristic curves: a nonparametric approach.
    Biometrics, 44(3), 837–845.

    Robin, X., et al. (2011). pROC: an open-source package for R and S+ to analyze and compare
    ROC curves. BMC Bioinformatics, 12, 77.

    Examples
    --------
    >>> y = [1, 1, 0, 1, 0, 0]
    >>> s = [0.9, 0.8, 0.7, 0.6, 0.55, 0.1]
    >>> round(auc_variance((y, s)), 6)
    0.024691
    >>> auc_variance((y, s), method="bootstrap", random_state=0) > 0
    True
    """
    c = _as_curve(curve, "curve", pos_label)
    if _check_method(method) == "delong":
        _whole_area(fpr_range, tpr_range, mcclish, "variance")
        return _delong_variance(c.table)
    values = _bootstrap_values(
        [c],
        paired=False,
        fpr_range=fpr_range,
        tpr_range=tpr_range,
        mcclish=mcclish,
        n_resamples=n_resamples,
        stratified=stratified,
        random_state=random_state,
        workers=workers,
        where="auc_variance",
    )
    return float(np.var(values[:, 0], ddof=1))


def _delong_covariance_parts(a: _Curve, b: _Curve) -> tuple[float, float]:
    """(S₁₀, S₀₁) covariances of the two curves' structural components over the positives and
    over the negatives (paired rows): the covariance of the AUCs is S₁₀/P + S₀₁/N."""
    v10a, v01a, _ = _per_sample_components(a.is_pos, a.scores)
    v10b, v01b, _ = _per_sample_components(b.is_pos, b.scores)
    s10 = float(np.cov(v10a, v10b)[0, 1]) if len(v10a) > 1 else 0.0
    s01 = float(np.cov(v01a, v01b)[0, 1]) if len(v01a) > 1 else 0.0
    return s10, s01


def auc_covariance(
    curve_a: Any,
    curve_b: Any,
    *,
    method: str = "delong",
    paired: bool | None = None,
    fpr_range: tuple[float, float] | None = None,
    tpr_range: tuple[float, float] | None = None,
    mcclish: bool = False,
    n_resamples: int = 2000,
    stratified: bool = True,
    random_state: Any = None,
    workers: int = -1,
    pos_label: Any = None,
) -> float:
    """The covariance of two AUCs on the same rows: DeLong's (1988) or the bootstrap's, as
    pROC's ``cov``.

    DeLong: S₁₀/P + S₀₁/N with S₁₀, S₀₁ the covariances of the two scorers' structural
    components over the positives and over the negatives. Bootstrap: the sample covariance of
    the two (partial) AUCs over resamples of the same rows. Unpaired curves (different rows)
    are independent: their covariance is 0, as pROC returns it.

    Parameters
    ----------
    curve_a, curve_b : (y_true, scores) or ScoreTable
        The two curves.
    method : {"delong", "bootstrap"}, default="delong"
        DeLong's closed form, or the bootstrap (needed for a partial area).
    paired : bool, optional
        Whether the curves are of the same rows; by default detected as pROC does (the same
        labels in the same order).
    fpr_range, tpr_range : (float, float), optional
        The covariance of the partial areas over this range (bootstrap only).
    mcclish : bool, default=False
        Standardize the partial areas (McClish 1989).
    n_resamples : int, default=2000
        Bootstrap resamples; at least 10.
    stratified : bool, default=True
        Resample positives and negatives apart.
    random_state : None, int, numpy.random.SeedSequence or numpy.random.Generator, optional
        Source of randomness for the bootstrap, as in SciPy.
    workers : int, default=-1
        Threads drawing blocks of resamples (−1: every CPU).
    pos_label : label, optional
        The positive class of the label arrays.

    Returns
    -------
    float
        The covariance (0.0 for unpaired curves).

    Raises
    ------
    TypeError
        If a curve is neither a pair nor a ScoreTable.
    ValueError
        If a class is absent, `paired=True` for different rows, `method` is unknown, or a
        partial range is asked of DeLong.

    See Also
    --------
    auc_variance : the variance of one AUC.
    roc_test : tests built on them.

    References
    ----------
    DeLong, E. R., DeLong, D. M., & Clarke-Pearson, D. L. (1988). Comparing the areas under two
    or more correlated receiver operating characteristic curves: a nonparametric approach.
    Biometrics, 44(3), 837–845.

    Examples
    --------
    >>> y = [1, 1, 1, 0, 0, 0, 1, 0]
    >>> a = [0.9, 0.8, 0.7, 0.3, 0.2, 0.4, 0.6, 0.1]
    >>> b = [0.6, 0.4, 0.8, 0.5, 0.3, 0.7, 0.2, 0.1]
    >>> round(auc_covariance((y, a), (y, b)), 6)
    0.0
    >>> auc_covariance((y, a), (y[::-1], b))       # different rows: independent
    0.0
    """
    a = _as_curve(curve_a, "curve_a", pos_label)
    b = _as_curve(curve_b, "curve_b", pos_label)
    method = _check_method(method)
    if not _are_paired(a, b, paired):
        return 0.0
    if method == "delong":
        _whole_area(fpr_range, tpr_range, mcclish, "covariance")
        s10, s01 = _delong_covariance_parts(a, b)
        return s10 / a.table.total_positives + s01 / a.table.total_negatives
    values = _bootstrap_values(
        [a, b],
        paired=True,
        fpr_range=fpr_range,
        tpr_range=tpr_range,
        mcclish=mcclish,
        n_resamples=n_resamples,
        stratified=stratified,
        random_state=random_state,
        workers=workers,
        where="auc_covariance",
    )
    return float(np.cov(values[:, 0], values[:, 1])[0, 1])


# --- power ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RocPower:
    """The power of a ROC study and its sample size (pROC's ``power.roc.test``).

    Sample sizes are not rounded (pROC's numbers): plan ``math.ceil(n_positives)`` positives.

    Attributes
    ----------
    power : float
        The probability of rejecting the null hypothesis when the alternative holds.
    n_positives, n_negatives : float
        The positives and negatives (per curve for unpaired curves).
    alpha : float
        The significance level (pROC's ``sig.level``).
    alternative : str
        "two-sided" (α split between the tails) or "one-sided".
    difference : float
        The difference to detect: AUC − null AUC, or AUC_a − AUC_b.
    variance, null_variance : float
        The variance of the estimated difference (of the AUC for one curve) times the number
        of positives, under the alternative and under the null.

    See Also
    --------
    auc_power, roc_power, binormal_roc_power : compute it.

    References
    ----------
    Obuchowski, N. A., & McClish, D. K. (1997). Sample size determination for diagnostic
    accuracy studies involving binormal ROC curve indices. Statistics in Medicine, 16(13),
    1529–1542.

    Examples
    --------
    >>> res = auc_power(0.7, n_positives=41, n_negatives=72)
    >>> round(res.power, 4), res.alpha, round(res.n_negatives / res.n_positives, 4)
    (0.9676, 0.05, 1.7561)
    """

    power: float
    n_positives: float
    n_negatives: float
    alpha: float
    alternative: str
    difference: float
    variance: float
    null_variance: float


def _check_alternative(alternative: Any) -> str:
    if alternative not in ("two-sided", "one-sided"):
        raise ValueError(f'`alternative` must be "two-sided" or "one-sided"; got {alternative!r}.')
    return str(alternative)


def _positive_number(value: Any, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"`{name}` must be a positive number; got {value!r}.")
    if not (math.isfinite(value) and value > 0):
        raise ValueError(f"`{name}` must be a positive number; got {value!r}.")
    return float(value)


def _real(value: Any, name: str, bounds: tuple[float, float] | None = None) -> float:
    """A finite real number, within `bounds` (closed) when given."""
    expected = "a finite number" if bounds is None else f"a number in [{bounds[0]}, {bounds[1]}]"
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"`{name}` must be {expected}; got {value!r}.")
    if not math.isfinite(value) or (bounds is not None and not bounds[0] <= value <= bounds[1]):
        raise ValueError(f"`{name}` must be {expected}; got {value!r}.")
    return float(value)


def _design(
    n_positives: Any, n_negatives: Any, ratio: Any, power: Any, default_ratio: float
) -> tuple[float | None, float, float | None]:
    """(n_positives or None, ratio N/P, power or None): exactly one of the sample size and the
    power is solved for; `n_negatives` and `ratio` are two ways to say the same thing."""
    if power is not None:
        power = check_open_unit(power, "power")
    if n_negatives is not None and ratio is not None:
        raise ValueError(
            "Pass at most one of `n_negatives` and `ratio` (= n_negatives / n_positives)."
        )
    if n_positives is None:
        if n_negatives is not None:
            raise ValueError("`n_negatives` needs `n_positives`; to plan a study, pass `ratio`.")
        if power is None:
            raise ValueError(
                "Pass `n_positives` (to get the power) or `power` (to get the sample size)."
            )
        kappa = default_ratio if ratio is None else _positive_number(ratio, "ratio")
        return None, kappa, power
    if power is not None:
        raise ValueError("Pass `n_positives` or `power`, not both: the other is solved for.")
    n = _positive_number(n_positives, "n_positives")
    if n_negatives is not None:
        kappa = _positive_number(n_negatives, "n_negatives") / n
    else:
        kappa = default_ratio if ratio is None else _positive_number(ratio, "ratio")
    return n, kappa, None


def _solve(
    n: float | None,
    kappa: float,
    power: float | None,
    *,
    alpha: float,
    alternative: str,
    difference: float,
    variance: float,
    null_variance: float,
) -> RocPower:
    """n·δ² = (z_α·√V₀ + z_β·√V_A)², for the power given n or n given the power (Obuchowski &
    McClish 1997, eq. 2; α halved for a two-sided test, whose far tail is neglected)."""
    if difference == 0:
        raise ValueError("The difference to detect is 0: no sample size gives power above α.")
    if variance < 0 or null_variance < 0:
        raise ValueError("The variances estimated for the design are negative: check the inputs.")
    z_alpha = float(_stats.norm.isf(alpha / 2 if alternative == "two-sided" else alpha))
    if n is None:
        z_beta = float(_stats.norm.ppf(power))
        n = (z_alpha * math.sqrt(null_variance) + z_beta * math.sqrt(variance)) ** 2 / difference**2
    else:
        z_beta = (math.sqrt(n * difference**2) - z_alpha * math.sqrt(null_variance)) / math.sqrt(
            variance
        )
        power = float(_stats.norm.cdf(z_beta))
    return RocPower(
        power=float(power),
        n_positives=float(n),
        n_negatives=float(kappa * n),
        alpha=alpha,
        alternative=alternative,
        difference=float(difference),
        variance=float(variance),
        null_variance=float(null_variance),
    )


def _auc_variance(theta: float, kappa: float, formula: str) -> float:
    """The variance of an AUC times the positives, for binormal scores of equal variances
    (B = 1, A = √2·Φ⁻¹(θ)). "obuchowski": 0.0099·e^(−A²/2)·(5A² + 8 + (A² + 8)/κ) with
    A = 1.414·Φ⁻¹(θ) (Obuchowski, Lieber & Wians 2004), the delta method without the
    covariance of Â and B̂; "delta": the delta method in full (:func:`_binormal_variance`)."""
    if formula == "obuchowski":
        a = 1.414 * float(_stats.norm.ppf(theta))
        return 0.0099 * math.exp(-a * a / 2) * ((5 * a * a + 8) + (a * a + 8) / kappa)
    return _binormal_variance(
        math.sqrt(2) * float(_stats.norm.ppf(theta)), 1.0, kappa, None, formula
    )


def _check_formula(formula: Any) -> str:
    if formula not in ("delta", "obuchowski"):
        raise ValueError(f'`formula` must be "delta" or "obuchowski"; got {formula!r}.')
    return str(formula)


def auc_power(
    auc: float,
    *,
    null_auc: float = 0.5,
    n_positives: float | None = None,
    n_negatives: float | None = None,
    ratio: float | None = None,
    power: float | None = None,
    alpha: float = 0.05,
    alternative: str = "two-sided",
    formula: str = "delta",
) -> RocPower:
    """The power of a test of one AUC against a null AUC, or the positives it needs — pROC's
    ``power.roc.test(auc=...)``, with the null AUC a choice (pROC's is 0.5).

    n·δ² = (z_α·√V(θ₀) + z_β·√V(θ))² with δ = θ − θ₀ and V(θ) the variance of the AUC
    times the positives for binormal scores of equal variances, A = √2·Φ⁻¹(θ), B = 1, κ = N/P
    (Obuchowski & McClish 1997). Give the sample size to get the power, or the power to get
    the sample size.

    ``formula="obuchowski"`` is the published V(θ) = 0.0099·e^(−A²/2)·(5A² + 8 + (A² + 8)/κ)
    with A = 1.414·Φ⁻¹(θ) (Obuchowski, Lieber & Wians 2004), which pROC computes: the delta
    method without the covariance of the estimated A and B, which overstates the variance
    (by 17% at AUC 0.75) and plans more positives than needed. ``formula="delta"`` (the
    default) keeps that term; the power it predicts is the power a simulation achieves.

    Parameters
    ----------
    auc : float
        The AUC expected under the alternative, in (0, 1).
    null_auc : float, default=0.5
        The AUC of the null hypothesis, in (0, 1).
    n_positives : float, optional
        The positives of the study: the power is then computed.
    n_negatives : float, optional
        The negatives of the study (with `n_positives`); or give `ratio`.
    ratio : float, optional
        Negatives per positive (pROC's ``kappa``); 1 when neither it nor `n_negatives` is
        given.
    power : float, optional
        The power wanted, in (0, 1): the sample size is then computed.
    alpha : float, default=0.05
        The significance level, in (0, 1).
    alternative : {"two-sided", "one-sided"}, default="two-sided"
        A two-sided test spends α/2 in the direction of the difference.
    formula : {"delta", "obuchowski"}, default="delta"
        The delta method in full, or the published formula (pROC's numbers).

    Returns
    -------
    RocPower
        ``power``, ``n_positives``, ``n_negatives`` (unrounded) and the design.

    Raises
    ------
    TypeError
        If a number has the wrong type.
    ValueError
        If an AUC, `alpha` or `power` is out of range, `auc` equals `null_auc`, `formula` is
        unknown, or not exactly one of `n_positives` and `power` is given.

    See Also
    --------
    roc_power, binormal_roc_power : two curves.

    References
    ----------
    Obuchowski, N. A., Lieber, M. L., & Wians, F. H. (2004). ROC curves in clinical chemistry:
    uses, misuses, and possible solutions. Clinical Chemistry, 50(7), 1118–1125.

    Obuchowski, N. A., & McClish, D. K. (1997). Sample size determination for diagnostic
    accuracy studies involving binormal ROC curve indices. Statistics in Medicine, 16(13),
    1529–1542.

    Examples
    --------
    >>> res = auc_power(0.8, power=0.9, ratio=1.5)
    >>> math.ceil(res.n_positives), math.ceil(res.n_negatives)
    (13, 20)
    >>> round(auc_power(0.8, n_positives=13, ratio=1.5).power, 3)
    0.908
    >>> math.ceil(auc_power(0.8, power=0.9, ratio=1.5, formula="obuchowski").n_positives)
    15
    """
    theta = check_open_unit(auc, "auc")
    theta0 = check_open_unit(null_auc, "null_auc")
    alpha = check_open_unit(alpha, "alpha")
    alternative = _check_alternative(alternative)
    formula = _check_formula(formula)
    n, kappa, power = _design(n_positives, n_negatives, ratio, power, 1.0)
    return _solve(
        n,
        kappa,
        power,
        alpha=alpha,
        alternative=alternative,
        difference=theta - theta0,
        variance=_auc_variance(theta, kappa, formula),
        null_variance=_auc_variance(theta0, kappa, formula),
    )


def roc_power(
    curve_a: Any,
    curve_b: Any,
    *,
    n_positives: float | None = None,
    ratio: float | None = None,
    power: float | None = None,
    alpha: float = 0.05,
    alternative: str = "two-sided",
    method: str = "delong",
    paired: bool | None = None,
    n_resamples: int = 2000,
    random_state: Any = None,
    workers: int = -1,
    pos_label: Any = None,
) -> RocPower:
    """The power of a test of two AUCs, or the positives it needs, from a pilot study of the
    two curves — pROC's ``power.roc.test(roc1, roc2)``, for paired and unpaired curves.

    The difference δ = AUC_a − AUC_b and the variances per positive of the pilot, V_a, V_b and
    (paired) their covariance C, give V_A = V_a + V_b − 2C under the alternative and
    V₀ = 2V_a − 2C under the null (both curves like curve a); then n·δ² = (z_α·√V₀ +
    z_β·√V_A)² (Obuchowski & McClish 1997). Unpaired curves are planned with as many positives
    each, C = 0. By default the power at the pilot's positives.

    DeLong's variances are S₁₀/P + S₀₁/N, so a design with another ratio N/P than the pilot's
    is planned with S₁₀ + S₀₁·P/N per positive; the bootstrap's cannot be split so, and take
    the pilot's ratio only.

    Parameters
    ----------
    curve_a, curve_b : (y_true, scores) or ScoreTable
        The pilot study's two curves.
    n_positives : float, optional
        The positives of the planned study (per curve when unpaired): the power is computed.
        By default the pilot's, when `power` is not given.
    ratio : float, optional
        Negatives per positive of the planned study; by default the pilot's (curve a's).
    power : float, optional
        The power wanted, in (0, 1): the positives are computed.
    alpha : float, default=0.05
        The significance level, in (0, 1).
    alternative : {"two-sided", "one-sided"}, default="two-sided"
        A two-sided test spends α/2 in the direction of the difference.
    method : {"delong", "bootstrap"}, default="delong"
        How the variances and the covariance are estimated.
    paired : bool, optional
        Whether the curves are of the same rows (by default detected as pROC does).
    n_resamples : int, default=2000
        Bootstrap resamples; at least 10.
    random_state : None, int, numpy.random.SeedSequence or numpy.random.Generator, optional
        Source of randomness for the bootstrap.
    workers : int, default=-1
        Threads drawing blocks of resamples (−1: every CPU).
    pos_label : label, optional
        The positive class of the label arrays.

    Returns
    -------
    RocPower
        ``power``, ``n_positives``, ``n_negatives`` (unrounded) and the design.

    Raises
    ------
    TypeError
        If a curve is neither a pair nor a ScoreTable, or a number has the wrong type.
    ValueError
        If a class is absent, the AUCs are equal, both or neither of `n_positives` and
        `power` are given... (see :func:`auc_power`), or `ratio` differs from the pilot's with
        the bootstrap.

    See Also
    --------
    auc_power : one AUC against a null.
    binormal_roc_power : two binormal curves given by their parameters.
    auc_variance, auc_covariance : the pilot's variances.

    References
    ----------
    Obuchowski, N. A., & McClish, D. K. (1997). Sample size determination for diagnostic
    accuracy studies involving binormal ROC curve indices. Statistics in Medicine, 16(13),
    1529–1542.

    Robin, X., et al. (2011). pROC: an open-source package for R and S+ to analyze and compare
    ROC curves. BMC Bioinformatics, 12, 77.

    Examples
    --------
    A pilot of 200 rows (80 positives): how many positives for a power of 0.9?

    >>> rng = np.random.default_rng(1)
    >>> y = rng.random(200) < 0.4
    >>> noise = rng.normal(size=200)
    >>> a, b = 1.2 * y + noise, 0.6 * y + 0.6 * noise + rng.normal(size=200)
    >>> res = roc_power((y, a), (y, b), power=0.9)
    >>> math.ceil(res.n_positives), math.ceil(res.n_negatives)
    (35, 52)
    >>> math.ceil(roc_power((y, a), (y, b), power=0.9, ratio=1).n_positives)
    41
    """
    a = _as_curve(curve_a, "curve_a", pos_label)
    b = _as_curve(curve_b, "curve_b", pos_label)
    is_paired = _are_paired(a, b, paired)
    method = _check_method(method)
    alpha = check_open_unit(alpha, "alpha")
    alternative = _check_alternative(alternative)
    p_a, n_a = a.table.total_positives, a.table.total_negatives
    pilot_ratio = n_a / p_a
    if n_positives is None and power is None:
        n_positives = p_a
    n, kappa, power = _design(n_positives, None, ratio, power, pilot_ratio)
    difference = auc(a.table) - auc(b.table)
    if method == "delong":
        var_a = _per_positive(a.table, kappa)
        var_b = _per_positive(b.table, kappa)
        covariance = 0.0
        if is_paired:
            s10, s01 = _delong_covariance_parts(a, b)
            covariance = s10 + s01 / kappa
    else:
        if not math.isclose(kappa, pilot_ratio, rel_tol=1e-12):
            raise ValueError(
                f"The bootstrap's variances are of the pilot's design (ratio {pilot_ratio:g}); "
                f'`ratio`={ratio!r} needs method="delong".'
            )
        values = _bootstrap_values(
            [a, b],
            paired=is_paired,
            n_resamples=n_resamples,
            random_state=random_state,
            workers=workers,
            where="roc_power",
        )
        var_a = float(np.var(values[:, 0], ddof=1)) * p_a
        var_b = float(np.var(values[:, 1], ddof=1)) * b.table.total_positives
        covariance = float(np.cov(values[:, 0], values[:, 1])[0, 1]) * p_a if is_paired else 0.0
    return _solve(
        n,
        kappa,
        power,
        alpha=alpha,
        alternative=alternative,
        difference=difference,
        variance=var_a + var_b - 2 * covariance,
        null_variance=2 * var_a - 2 * covariance,
    )


def _per_positive(table: ScoreTable, kappa: float) -> float:
    """DeLong's variance of the AUC times the positives, for κ negatives per positive:
    S₁₀ + S₀₁/κ (the pilot's structural components)."""
    v10, v01 = _components(table)
    s10 = _weighted_variance(v10, table.positives.astype(np.float64))
    s01 = _weighted_variance(v01, table.negatives.astype(np.float64))
    return s10 + s01 / kappa


# Obuchowski & McClish (1997): the derivatives f = ∂θ/∂A, g = ∂θ/∂B of the (partial) area θ of
# the binormal curve tpr = Φ(A + B·Φ⁻¹(fpr)), and the delta method on Metz's large-sample
# variances of the estimated A and B.
def _derivatives(a: float, b: float, fpr: tuple[float, float] | None) -> tuple[float, float]:
    e1 = math.exp(-(a * a) / (2 * (1 + b * b)))
    e2 = 1 + b * b
    if fpr is None:
        f = e1 / math.sqrt(2 * math.pi * e2)
        return f, -f * a * b / e2
    # over fpr in [low, high]: the integrand's Gaussian, centred at −AB/(1 + B²), cut there
    high, low = fpr[1], fpr[0]
    cut = [(float(_stats.norm.ppf(x)) + a * b / e2) * math.sqrt(e2) for x in (high, low)]
    mass = float(_stats.norm.cdf(cut[0]) - _stats.norm.cdf(cut[1]))
    edge = math.exp(-(cut[0] ** 2) / 2) - math.exp(-(cut[1] ** 2) / 2)
    f = e1 / math.sqrt(2 * math.pi * e2) * mass
    g = -e1 / (2 * math.pi * e2) * edge - a * b * e1 / math.sqrt(2 * math.pi * e2**3) * mass
    return f, g


def _binormal_variance(a: float, b: float, kappa: float, fpr: Any, formula: str) -> float:
    """V(θ̂)·P = f²·V(Â) + g²·V(B̂) + 2fg·C(Â, B̂), with Metz's P·V(Â) = 1 + B²/κ + A²/2,
    P·V(B̂) = B²(1 + κ)/(2κ) and P·C(Â, B̂) = AB/2 (Obuchowski & McClish 1997). "obuchowski"
    leaves out the last term, as pROC does; their covariance of two curves keeps it (with both
    curves equal and r = 1 it is this variance in full)."""
    f, g = _derivatives(a, b, fpr)
    variance = f * f * (1 + b * b / kappa + a * a / 2) + g * g * b * b * (1 + kappa) / (2 * kappa)
    return variance if formula == "obuchowski" else variance + f * g * a * b


def _binormal_covariance(
    a1: float, b1: float, a2: float, b2: float, r_pos: float, r_neg: float, kappa: float, fpr: Any
) -> float:
    """Cov(θ̂₁, θ̂₂)·P of two binormal curves whose scores correlate r_pos among the positives
    and r_neg among the negatives (Obuchowski & McClish 1997)."""
    f1, g1 = _derivatives(a1, b1, fpr)
    f2, g2 = _derivatives(a2, b2, fpr)
    return (
        f1 * f2 * (r_pos + r_neg * b1 * b2 / kappa + r_pos**2 * a1 * a2 / 2)
        + g1 * g2 * (b1 * b2 * (r_neg**2 + kappa * r_pos**2) / (2 * kappa))
        + f1 * g2 * (r_pos**2 * a1 * b2 / 2)
        + f2 * g1 * (r_pos**2 * a2 * b1 / 2)
    )


def _binormal_area(a: float, b: float, fpr: Any) -> float:
    if fpr is None:
        return float(_stats.norm.cdf(a / math.sqrt(1 + b * b)))
    value, _ = integrate.quad(
        lambda x: ndtr(a + b * ndtri(x)),
        fpr[0],
        fpr[1],
        epsabs=1e-14,
        epsrel=1e-13,
    )
    return float(value)


def binormal_roc_power(
    a_1: float,
    b_1: float,
    a_2: float,
    b_2: float,
    *,
    r_positives: float = 0.0,
    r_negatives: float = 0.0,
    fpr_range: tuple[float, float] | None = None,
    n_positives: float | None = None,
    n_negatives: float | None = None,
    ratio: float | None = None,
    power: float | None = None,
    alpha: float = 0.05,
    alternative: str = "two-sided",
    formula: str = "delta",
) -> RocPower:
    """The power of a test of two binormal ROC curves' (partial) AUCs, or the positives it
    needs (Obuchowski & McClish 1997) — pROC's ``power.roc.test`` of a parameter list.

    Curve i is tpr = Φ(Aᵢ + Bᵢ·Φ⁻¹(fpr)) (Aᵢ = (μ₁ − μ₀)/σ₁, Bᵢ = σ₀/σ₁ of its binormal
    scores); the two tests' scores correlate `r_positives` among the positives and
    `r_negatives` among the negatives (0 and 0: unpaired curves, as many positives each).
    With θᵢ the areas (over `fpr_range` if given), δ = θ₁ − θ₂, V_A = V₁ + V₂ − 2C and
    V₀ = 2V₁ − 2C from the delta method on Metz's large-sample (co)variances of the estimated
    A and B, then n·δ² = (z_α·√V₀ + z_β·√V_A)².

    ``formula="obuchowski"`` computes Vᵢ as pROC does, without the term 2fg·Cov(Â, B̂); the
    covariance C keeps the corresponding terms (with two equal curves and correlations 1 it
    is the variance in full), so the published variances are too large — and V_A, a
    difference of them, much too large: 115 positives planned where 65 give the power.
    ``formula="delta"`` (the default) keeps the term; the power it predicts is the power a
    simulation achieves.

    Parameters
    ----------
    a_1, b_1, a_2, b_2 : float
        The binormal parameters of the two curves (B > 0).
    r_positives, r_negatives : float, default=0.0
        The correlations of the two tests' scores among the positives (pROC's ``ra``) and the
        negatives (``rn``), in [−1, 1].
    fpr_range : (float, float), optional
        Compare the partial areas over this range of the false positive rate.
    n_positives : float, optional
        The positives of the study: the power is computed.
    n_negatives : float, optional
        The negatives of the study (with `n_positives`); or give `ratio`.
    ratio : float, optional
        Negatives per positive (pROC's ``kappa``); 1 when neither it nor `n_negatives` is
        given.
    power : float, optional
        The power wanted, in (0, 1): the positives are computed.
    alpha : float, default=0.05
        The significance level, in (0, 1).
    alternative : {"two-sided", "one-sided"}, default="two-sided"
        A two-sided test spends α/2 in the direction of the difference.
    formula : {"delta", "obuchowski"}, default="delta"
        The delta method in full, or the variances as pROC computes them.

    Returns
    -------
    RocPower
        ``power``, ``n_positives``, ``n_negatives`` (unrounded) and the design;
        ``difference`` is θ₁ − θ₂ (pROC takes it as ``delta``).

    Raises
    ------
    TypeError
        If a number has the wrong type.
    ValueError
        If a parameter is out of range, the areas are equal, `formula` is unknown, or not
        exactly one of `n_positives` and `power` is given.

    See Also
    --------
    roc_power : the same from a pilot study's data.
    auc_power : one AUC against a null.

    References
    ----------
    Obuchowski, N. A., & McClish, D. K. (1997). Sample size determination for diagnostic
    accuracy studies involving binormal ROC curve indices. Statistics in Medicine, 16(13),
    1529–1542.

    Metz, C. E., & Kronman, H. B. (1980). Statistical significance tests for binormal ROC
    curves. Journal of Mathematical Psychology, 22(3), 218–243.

    Examples
    --------
    >>> res = binormal_roc_power(1.5, 1, 1, 1, r_positives=0.4, r_negatives=0.5, power=0.8)
    >>> math.ceil(res.n_positives), round(res.difference, 4)
    (65, 0.0953)
    >>> pROC = binormal_roc_power(
    ...     1.5, 1, 1, 1, r_positives=0.4, r_negatives=0.5, power=0.8, formula="obuchowski"
    ... )
    >>> math.ceil(pROC.n_positives)
    115
    """
    params = [_real(a_1, "a_1"), _positive_number(b_1, "b_1")]
    params += [_real(a_2, "a_2"), _positive_number(b_2, "b_2")]
    correlations = [_real(r_positives, "r_positives", (-1, 1))]
    correlations.append(_real(r_negatives, "r_negatives", (-1, 1)))
    fpr = None
    if fpr_range is not None:
        try:
            fpr = tuple(float(v) for v in fpr_range)
        except (TypeError, ValueError) as exc:
            raise TypeError(
                f"`fpr_range` must be a pair (a, b) of numbers; got {fpr_range!r}."
            ) from exc
        if len(fpr) != 2 or not 0 <= fpr[0] < fpr[1] <= 1:
            raise ValueError(f"`fpr_range` must be (a, b) with 0 ≤ a < b ≤ 1; got {fpr_range!r}.")
    alpha = check_open_unit(alpha, "alpha")
    alternative = _check_alternative(alternative)
    formula = _check_formula(formula)
    n, kappa, power = _design(n_positives, n_negatives, ratio, power, 1.0)
    a1, b1, a2, b2 = params
    var_1 = _binormal_variance(a1, b1, kappa, fpr, formula)
    var_2 = _binormal_variance(a2, b2, kappa, fpr, formula)
    cov = _binormal_covariance(a1, b1, a2, b2, *correlations, kappa, fpr)
    return _solve(
        n,
        kappa,
        power,
        alpha=alpha,
        alternative=alternative,
        difference=_binormal_area(a1, b1, fpr) - _binormal_area(a2, b2, fpr),
        variance=var_1 + var_2 - 2 * cov,
        null_variance=2 * var_1 - 2 * cov,
    )
