"""Closed-form confidence intervals, vectorized over entries: a proportion k/n (Wilson,
Clopper–Pearson, Jeffreys, Agresti–Coull), a difference of two independent proportions
(Newcombe's hybrid score), a ratio of two independent proportions (Katz's log method) and the
odds ratio of a 2×2 table (Woolf's log method).

Every function here takes float arrays and returns ``(low, high)`` or an
:class:`~phidelta.inference.Interval`; NaN where an interval is undefined (no trials).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import numpy as np
from scipy import special

from phidelta._validation import as_float_array, check_confidence_level

if TYPE_CHECKING:  # the class moves into phidelta.inference with its package (issue 29)
    from phidelta.inference import Interval

__all__ = [
    "PROPORTION_METHODS",
    "katz_ratio_interval",
    "newcombe_interval",
    "proportion_interval",
    "woolf_odds_ratio_interval",
]

ProportionMethod = Literal["wilson", "clopper_pearson", "jeffreys", "agresti_coull"]

#: The interval methods of one proportion k/n, by name.
PROPORTION_METHODS: tuple[str, ...] = ("wilson", "clopper_pearson", "jeffreys", "agresti_coull")


def _interval(estimate: np.ndarray, low: np.ndarray, high: np.ndarray, level: float) -> Interval:
    from phidelta.inference import Interval  # imported when used: the package imports us

    return Interval(estimate=estimate, low=low, high=high, level=level)


def _z(level: float) -> float:
    """The normal quantile z₁₋α/₂ of a two-sided interval at `level`."""
    return float(special.ndtri(0.5 + level / 2))


# --- one proportion ------------------------------------------------------------------------------


def _wilson(k: np.ndarray, n: np.ndarray, level: float) -> tuple[np.ndarray, np.ndarray]:
    # Wilson 1927: the p with |p̂ − p| ≤ z·sqrt(p(1 − p)/n), solved for p
    z = _z(level)
    with np.errstate(divide="ignore", invalid="ignore"):
        phat = k / n
        denominator = 1 + z * z / n
        centre = (phat + z * z / (2 * n)) / denominator
        half = z * np.sqrt(phat * (1 - phat) / n + z * z / (4 * n * n)) / denominator
    # exactly 0 at k = 0 and 1 at k = n (the formula leaves a rounding error there)
    low = np.where(k <= 0, 0.0, np.clip(centre - half, 0, 1))
    high = np.where(k >= n, 1.0, np.clip(centre + half, 0, 1))
    return _undefined_without_trials(low, high, n)


def _clopper_pearson(k: np.ndarray, n: np.ndarray, level: float) -> tuple[np.ndarray, np.ndarray]:
    # Clopper & Pearson 1934: quantiles of Beta(k, n − k + 1) and Beta(k + 1, n − k), the
    # binomial tails inverted exactly; 0 at k = 0 and 1 at k = n
    alpha = 1 - level
    with np.errstate(invalid="ignore"):
        low = special.betaincinv(k, n - k + 1, alpha / 2)
        high = special.betaincinv(k + 1, n - k, 1 - alpha / 2)
    low = np.where(k <= 0, 0.0, low)
    high = np.where(k >= n, 1.0, high)
    return _undefined_without_trials(low, high, n)


def _jeffreys(k: np.ndarray, n: np.ndarray, level: float) -> tuple[np.ndarray, np.ndarray]:
    # the equal-tailed interval of the Jeffreys posterior Beta(k + ½, n − k + ½), with Brown,
    # Cai & DasGupta's (2001, §4.1.2) ends: 0 at k = 0 and 1 at k = n
    alpha = 1 - level
    with np.errstate(invalid="ignore"):
        low = special.betaincinv(k + 0.5, n - k + 0.5, alpha / 2)
        high = special.betaincinv(k + 0.5, n - k + 0.5, 1 - alpha / 2)
    low = np.where(k <= 0, 0.0, low)
    high = np.where(k >= n, 1.0, high)
    return _undefined_without_trials(low, high, n)


def _agresti_coull(k: np.ndarray, n: np.ndarray, level: float) -> tuple[np.ndarray, np.ndarray]:
    # Agresti & Coull 1998: the Wald interval of p̃ = (k + z²/2)/(n + z²) with ñ = n + z²
    z = _z(level)
    with np.errstate(divide="ignore", invalid="ignore"):
        n_tilde = n + z * z
        p_tilde = (k + z * z / 2) / n_tilde
        half = z * np.sqrt(p_tilde * (1 - p_tilde) / n_tilde)
    low, high = np.clip(p_tilde - half, 0, 1), np.clip(p_tilde + half, 0, 1)
    return _undefined_without_trials(low, high, n)


def _undefined_without_trials(
    low: np.ndarray, high: np.ndarray, n: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    none = n <= 0
    return np.where(none, np.nan, low), np.where(none, np.nan, high)


_PROPORTION = {
    "wilson": _wilson,
    "clopper_pearson": _clopper_pearson,
    "jeffreys": _jeffreys,
    "agresti_coull": _agresti_coull,
}


def proportion_bounds(
    k: np.ndarray, n: np.ndarray, level: float, method: str = "wilson"
) -> tuple[np.ndarray, np.ndarray]:
    """(low, high) of k/n by `method` (trusted float arrays; NaN where n = 0)."""
    return _PROPORTION[method](k, n, level)


def check_proportion_method(method: Any, name: str = "method") -> str:
    if not isinstance(method, str) or method not in _PROPORTION:
        raise ValueError(f"`{name}` must be one of {list(PROPORTION_METHODS)}; got {method!r}.")
    return method


def _check_successes(successes: Any, trials: Any, names: tuple[str, str]) -> tuple[Any, Any]:
    k = as_float_array(successes, names[0], ndim=None)
    n = as_float_array(trials, names[1], ndim=None)
    try:
        k, n = np.broadcast_arrays(k, n)
    except ValueError as exc:
        raise ValueError(
            f"`{names[0]}` and `{names[1]}` must have the same shape; got {k.shape} and {n.shape}."
        ) from exc
    if np.any(k < 0) or np.any(k > n):
        raise ValueError(f"`{names[0]}` must lie between 0 and `{names[1]}`.")
    return np.atleast_1d(k).astype(np.float64), np.atleast_1d(n).astype(np.float64)


def _check_two(
    successes_1: Any, trials_1: Any, successes_2: Any, trials_2: Any
) -> tuple[Any, Any, Any, Any]:
    """Two proportions' successes and trials, checked, of one shape."""
    k1, n1 = _check_successes(successes_1, trials_1, ("successes_1", "trials_1"))
    k2, n2 = _check_successes(successes_2, trials_2, ("successes_2", "trials_2"))
    if k1.shape != k2.shape:
        raise ValueError(
            f"`successes_1` and `successes_2` must have the same shape; got {k1.shape} and "
            f"{k2.shape}."
        )
    return k1, n1, k2, n2


def proportion_interval(
    successes: Any,
    trials: Any,
    *,
    method: ProportionMethod = "wilson",
    confidence_level: float = 0.95,
) -> Interval:
    """Confidence interval of binomial proportions k/n, by one of four methods (vectorized).

    * ``"wilson"`` — the score interval (Wilson 1927): the p that a two-sided score test at
      the level does not reject, p̂ = k/n, centre (p̂ + z²/2n)/(1 + z²/n). The default:
      close to nominal coverage for every n, never outside [0, 1].
    * ``"clopper_pearson"`` — the "exact" interval (Clopper & Pearson 1934), Beta quantiles
      B(α/2; k, n − k + 1) and B(1 − α/2; k + 1, n − k): coverage at least the level for every
      p, hence conservative (wide).
    * ``"jeffreys"`` — the equal-tailed interval of the Jeffreys posterior Beta(k + ½, n − k + ½)
      with low = 0 at k = 0 and high = 1 at k = n (Brown, Cai & DasGupta 2001).
    * ``"agresti_coull"`` — the Wald interval of p̃ = (k + z²/2)/(n + z²) with ñ = n + z²
      (Agresti & Coull 1998), clipped to [0, 1].

    Soft (non-integer) counts are allowed; NaN where there are no trials.

    Parameters
    ----------
    successes : array-like
        Successes k, between 0 and `trials`.
    trials : array-like
        Trials n, of the same shape.
    method : {"wilson", "clopper_pearson", "jeffreys", "agresti_coull"}, default="wilson"
        The interval.
    confidence_level : float, default=0.95
        Confidence level, in (0, 1) (SciPy's name).

    Returns
    -------
    Interval
        ``estimate`` (k/n), ``low``, ``high`` (1-d arrays) and ``level``.

    Raises
    ------
    ValueError
        If a success count is negative or exceeds its trials, the shapes differ, `method` is
        unknown or `confidence_level` is not in (0, 1).

    See Also
    --------
    newcombe_interval : a difference of two proportions.
    measure_intervals : every measure of the registry with its interval.

    References
    ----------
    Wilson, E. B. (1927). Probable inference, the law of succession, and statistical inference.
    Journal of the American Statistical Association, 22(158), 209–212.

    Clopper, C. J., & Pearson, E. S. (1934). The use of confidence or fiducial limits
    illustrated in the case of the binomial. Biometrika, 26(4), 404–413.

    Agresti, A., & Coull, B. A. (1998). Approximate is better than "exact" for interval
    estimation of binomial proportions. The American Statistician, 52(2), 119–126.

    Brown, L. D., Cai, T. T., & DasGupta, A. (2001). Interval estimation for a binomial
    proportion. Statistical Science, 16(2), 101–133.

    Examples
    --------
    >>> iv = proportion_interval([8, 0], [10, 10])
    >>> np.round(iv.low, 4), np.round(iv.high, 4)
    (array([0.4902, 0.    ]), array([0.9433, 0.2775]))
    >>> np.round(proportion_interval(8, 10, method="clopper_pearson").low, 4)
    array([0.4439])
    """
    k, n = _check_successes(successes, trials, ("successes", "trials"))
    method = check_proportion_method(method)
    level = check_confidence_level(confidence_level, where="proportion_interval")
    low, high = proportion_bounds(k, n, level, method)
    with np.errstate(divide="ignore", invalid="ignore"):
        return _interval(k / n, low, high, level)


# --- a difference of two independent proportions -------------------------------------------------


def newcombe_bounds(
    k1: np.ndarray,
    n1: np.ndarray,
    k2: np.ndarray,
    n2: np.ndarray,
    level: float,
    weights: tuple[float, float] = (1.0, 1.0),
) -> tuple[np.ndarray, np.ndarray]:
    """(low, high) of w₁p₁ − w₂p₂ by Newcombe's hybrid score interval (trusted float
    arrays; weights (1, 1): the difference p₁ − p₂)."""
    # Newcombe 1998, method 10: with (l_i, u_i) the Wilson limits of p̂_i,
    # L = θ̂ − sqrt((p̂₁ − l₁)² + (u₂ − p̂₂)²), U = θ̂ + sqrt((u₁ − p̂₁)² + (p̂₂ − l₂)²);
    # for θ = c₁p₁ + c₂p₂ (c₁ = w₁, c₂ = −w₂) the same MOVER recovery of variance from the
    # limits of c_i·p_i (Zou & Donner 2008). For c = (1, −1) the operations are
    # those of the difference, bit for bit.
    c1, c2 = float(weights[0]), -float(weights[1])
    l1, u1 = _wilson(k1, n1, level)
    l2, u2 = _wilson(k2, n2, level)
    with np.errstate(divide="ignore", invalid="ignore"):
        p1, p2 = k1 / n1, k2 / n2
    t1, t2 = c1 * p1, c2 * p2
    low1, high1 = np.minimum(c1 * l1, c1 * u1), np.maximum(c1 * l1, c1 * u1)
    low2, high2 = np.minimum(c2 * l2, c2 * u2), np.maximum(c2 * l2, c2 * u2)
    theta = t1 + t2
    low = theta - np.sqrt((t1 - low1) ** 2 + (t2 - low2) ** 2)
    high = theta + np.sqrt((high1 - t1) ** 2 + (high2 - t2) ** 2)
    bottom, top = min(c1, 0.0) + min(c2, 0.0), max(c1, 0.0) + max(c2, 0.0)
    return np.clip(low, bottom, top), np.clip(high, bottom, top)


def newcombe_interval(
    successes_1: Any,
    trials_1: Any,
    successes_2: Any,
    trials_2: Any,
    *,
    confidence_level: float = 0.95,
    weights: tuple[float, float] = (1.0, 1.0),
) -> Interval:
    """Newcombe's hybrid score interval of the difference p₁ − p₂ of two independent
    proportions (Newcombe 1998, method 10), vectorized; with ``weights`` that of the
    weighted difference w₁p₁ − w₂p₂ (the MOVER of Zou & Donner 2008).

    With (l_i, u_i) the Wilson limits of p̂_i = k_i/n_i and θ̂ = p̂₁ − p̂₂:
    L = θ̂ − √((p̂₁ − l₁)² + (u₂ − p̂₂)²), U = θ̂ + √((u₁ − p̂₁)² + (p̂₂ − l₂)²). It is the
    interval of δ = sensitivity − false positive rate (informedness, Youden's J), of
    φ = sensitivity − specificity and of markedness = precision − fn/(fn + tn): each a
    difference of rates of disjoint sets of samples. NaN where either has no trials.

    Weighted, each term's limits are those of c_i·p̂_i (c₁ = w₁, c₂ = −w₂; a negative w₂
    makes a weighted sum): L = θ̂ − √((c₁p̂₁ − min c₁[l₁, u₁])² + (c₂p̂₂ − min c₂[l₂, u₂])²)
    and U likewise with the maxima. The generalized φ and δ at a class ratio r = N/P
    (Armano et al. 2019, eq. 2) are such combinations of sensitivity and specificity, with
    n = r/(1 + r), p = 1/(1 + r): φ_r = 2p·ρ − 2n·ρ̄ + 2(n − p) and δ_r = 2p·ρ + 2n·ρ̄ − 1.

    Parameters
    ----------
    successes_1, trials_1 : array-like
        k₁ and n₁ of the first proportion.
    successes_2, trials_2 : array-like
        k₂ and n₂ of the second, of the same shape.
    confidence_level : float, default=0.95
        Confidence level, in (0, 1) (SciPy's name).
    weights : (float, float), default (1.0, 1.0)
        w₁ and w₂ of w₁p₁ − w₂p₂, finite.

    Returns
    -------
    Interval
        ``estimate`` (w₁p̂₁ − w₂p̂₂), ``low``, ``high`` (within the combination's range,
        [−1, 1] for the difference) and ``level``.

    Raises
    ------
    ValueError
        If a success count is negative or exceeds its trials, the shapes differ,
        `confidence_level` is not in (0, 1), or `weights` is not two finite numbers.

    See Also
    --------
    proportion_interval : the Wilson limits it combines.

    References
    ----------
    Newcombe, R. G. (1998). Interval estimation for the difference between independent
    proportions: comparison of eleven methods. Statistics in Medicine, 17(8), 873–890.

    Zou, G. Y., & Donner, A. (2008). Construction of confidence limits about effect measures:
    a general approach. Statistics in Medicine, 27(10), 1693–1702.

    Armano, G., Giuliani, A., Neumann, U., Rothe, N., & Heider, D. (2019). Phi-Delta-Diagrams:
    software implementation of a visual tool for assessing classifier and feature performance.
    Machine Learning and Knowledge Extraction, 1(1), 121–137. Eq. 2.

    Examples
    --------
    >>> iv = newcombe_interval(56, 70, 48, 80)  # Newcombe 1998, Table II, example (a)
    >>> round(float(iv.low[0]), 4), round(float(iv.high[0]), 4)
    (0.0524, 0.3339)
    >>> half = newcombe_interval(56, 70, 48, 80, weights=(0.5, 0.5))  # (p₁ − p₂)/2
    >>> round(float(half.low[0]), 4), round(float(half.high[0]), 4)
    (0.0262, 0.1669)
    """
    k1, n1, k2, n2 = _check_two(successes_1, trials_1, successes_2, trials_2)
    level = check_confidence_level(confidence_level, where="newcombe_interval")
    try:
        w1, w2 = (float(w) for w in weights)
    except (TypeError, ValueError):
        raise ValueError(
            f"`weights` must be two finite numbers (w1, w2); got {weights!r}."
        ) from None
    if not (np.isfinite(w1) and np.isfinite(w2)):
        raise ValueError(f"`weights` must be two finite numbers (w1, w2); got {weights!r}.")
    low, high = newcombe_bounds(k1, n1, k2, n2, level, (w1, w2))
    with np.errstate(divide="ignore", invalid="ignore"):
        return _interval(w1 * (k1 / n1) - w2 * (k2 / n2), low, high, level)


# --- log intervals of ratios ----------------------------------------------------------------------


def katz_bounds(
    k1: np.ndarray, n1: np.ndarray, k2: np.ndarray, n2: np.ndarray, level: float
) -> tuple[np.ndarray, np.ndarray]:
    """(low, high) of (k₁/n₁)/(k₂/n₂) by Katz's log method (trusted float arrays)."""
    # Katz et al. 1978; for likelihood ratios Simel, Samsa & Matchar 1991:
    # log R̂ ± z·sqrt(1/k₁ − 1/n₁ + 1/k₂ − 1/n₂). Zero-cell rule: where a cell of the 2×2
    # table (k₁, n₁ − k₁, k₂, n₂ − k₂) is 0, ½ is added to each of its four cells (k_i + ½
    # of n_i + 1) for the interval.
    z = _z(level)
    zero = (k1 <= 0) | (k2 <= 0) | (k1 >= n1) | (k2 >= n2)
    k1, k2 = np.where(zero, k1 + 0.5, k1), np.where(zero, k2 + 0.5, k2)
    n1, n2 = np.where(zero, n1 + 1, n1), np.where(zero, n2 + 1, n2)
    with np.errstate(divide="ignore", invalid="ignore"):
        centre = np.log(k1 / n1) - np.log(k2 / n2)
        half = z * np.sqrt(np.maximum(1 / k1 - 1 / n1 + 1 / k2 - 1 / n2, 0))
        return np.exp(centre - half), np.exp(centre + half)


def katz_ratio_interval(
    successes_1: Any,
    trials_1: Any,
    successes_2: Any,
    trials_2: Any,
    *,
    confidence_level: float = 0.95,
) -> Interval:
    """Log interval of the ratio (k₁/n₁)/(k₂/n₂) of two independent proportions (Katz's
    method), vectorized: the interval of the likelihood ratios (Simel, Samsa & Matchar 1991).

    log R̂ ± z·√(1/k₁ − 1/n₁ + 1/k₂ − 1/n₂), exponentiated. LR+ = sensitivity / FPR is
    (tp/P)/(fp/N), LR− = FNR / specificity is (fn/P)/(tn/N). Zero-cell rule: where a cell of
    the 2×2 table (k₁, n₁ − k₁, k₂, n₂ − k₂) is 0, ½ is added to each of its cells (k_i + ½
    successes of n_i + 1) for the interval, and the interval is widened to contain the
    estimate (low = 0 where k₁ = 0, high = ∞ where k₂ = 0). NaN where either has no trials.

    Parameters
    ----------
    successes_1, trials_1 : array-like
        k₁ and n₁ of the numerator.
    successes_2, trials_2 : array-like
        k₂ and n₂ of the denominator, of the same shape.
    confidence_level : float, default=0.95
        Confidence level, in (0, 1) (SciPy's name).

    Returns
    -------
    Interval
        ``estimate`` (the ratio; ∞ where k₂ = 0 < k₁, NaN where both are 0), ``low``,
        ``high`` and ``level``.

    Raises
    ------
    ValueError
        If a success count is negative or exceeds its trials, the shapes differ, or
        `confidence_level` is not in (0, 1).

    See Also
    --------
    woolf_odds_ratio_interval : the log interval of the odds ratio.

    References
    ----------
    Katz, D., Baptista, J., Azen, S. P., & Pike, M. C. (1978). Obtaining confidence intervals
    for the risk ratio in cohort studies. Biometrics, 34(3), 469–474.

    Simel, D. L., Samsa, G. P., & Matchar, D. B. (1991). Likelihood ratios with confidence:
    sample size estimation for diagnostic test studies. Journal of Clinical Epidemiology,
    44(8), 763–770.

    Examples
    --------
    >>> iv = katz_ratio_interval(60, 75, 10, 25)  # LR+ of tn=15, fp=10, fn=15, tp=60
    >>> float(iv.estimate[0]), round(float(iv.low[0]), 4), round(float(iv.high[0]), 4)
    (2.0, 1.2213, 3.2752)
    """
    k1, n1, k2, n2 = _check_two(successes_1, trials_1, successes_2, trials_2)
    level = check_confidence_level(confidence_level, where="katz_ratio_interval")
    low, high = katz_bounds(k1, n1, k2, n2, level)
    with np.errstate(divide="ignore", invalid="ignore"):
        estimate = (k1 / n1) / (k2 / n2)
    low, high = contain(estimate, low, high)
    none = (n1 <= 0) | (n2 <= 0)
    return _interval(estimate, np.where(none, np.nan, low), np.where(none, np.nan, high), level)


def woolf_bounds(
    tn: np.ndarray, fp: np.ndarray, fn: np.ndarray, tp: np.ndarray, level: float
) -> tuple[np.ndarray, np.ndarray]:
    """(low, high) of the odds ratio tp·tn/(fp·fn) by Woolf's log method (trusted floats)."""
    # Woolf 1955: log OR ± z·sqrt(1/tp + 1/fp + 1/fn + 1/tn). Zero-cell rule (Haldane 1956;
    # Gart & Zweifel 1967): where a cell is 0, ½ is added to each of the four cells.
    z = _z(level)
    cells = np.stack([tn, fp, fn, tp])
    zero = np.any(cells <= 0, axis=0)
    tn, fp, fn, tp = np.where(zero, cells + 0.5, cells)
    with np.errstate(divide="ignore", invalid="ignore"):
        centre = np.log(tp) + np.log(tn) - np.log(fp) - np.log(fn)
        half = z * np.sqrt(1 / tp + 1 / fp + 1 / fn + 1 / tn)
        return np.exp(centre - half), np.exp(centre + half)


def woolf_odds_ratio_interval(
    tn: Any, fp: Any, fn: Any, tp: Any, *, confidence_level: float = 0.95
) -> Interval:
    """Woolf's log interval of the odds ratio OR = tp·tn / (fp·fn) of 2×2 tables (vectorized).

    log OR ± z·√(1/tn + 1/fp + 1/fn + 1/tp), exponentiated (Woolf 1955). Zero-cell rule: where
    a cell is 0, ½ is added to each of the four cells for the interval (Haldane 1956; Gart &
    Zweifel 1967), and the interval is widened to contain the estimate (low = 0 where
    OR = 0, high = ∞ where OR = ∞). NaN where the table is empty.

    Parameters
    ----------
    tn, fp, fn, tp : array-like
        The four cells, of the same shape, non-negative.
    confidence_level : float, default=0.95
        Confidence level, in (0, 1) (SciPy's name).

    Returns
    -------
    Interval
        ``estimate`` (the odds ratio of the cells as given: ∞ where fp·fn = 0 < tp·tn, NaN
        where both products are 0), ``low``, ``high`` and ``level``.

    Raises
    ------
    ValueError
        If a cell is negative, the shapes differ, or `confidence_level` is not in (0, 1).

    See Also
    --------
    katz_ratio_interval : the log interval of a ratio of two proportions.

    References
    ----------
    Woolf, B. (1955). On estimating the relation between blood group and disease. Annals of
    Human Genetics, 19(4), 251–253.

    Gart, J. J., & Zweifel, J. R. (1967). On the bias of various estimators of the logit and
    its variance with application to quantal bioassay. Biometrika, 54(1/2), 181–187.

    Examples
    --------
    >>> iv = woolf_odds_ratio_interval(15, 10, 15, 60)
    >>> float(iv.estimate[0]), round(float(iv.low[0]), 4), round(float(iv.high[0]), 4)
    (6.0, 2.2519, 15.9864)
    """
    arrays = [
        as_float_array(v, name, ndim=None)
        for v, name in zip((tn, fp, fn, tp), ("tn", "fp", "fn", "tp"), strict=True)
    ]
    shapes = {a.shape for a in arrays}
    if len(shapes) != 1:
        raise ValueError(
            f"`tn`, `fp`, `fn` and `tp` must have the same shape; got {sorted(shapes)}."
        )
    cells = [np.atleast_1d(a) for a in arrays]
    for name, a in zip(("tn", "fp", "fn", "tp"), cells, strict=True):
        if np.any(a < 0):
            raise ValueError(f"`{name}` must be non-negative.")
    level = check_confidence_level(confidence_level, where="woolf_odds_ratio_interval")
    low, high = woolf_bounds(*cells, level)
    a, b, c, d = cells
    with np.errstate(divide="ignore", invalid="ignore"):
        estimate = (d * a) / (b * c)
    low, high = contain(estimate, low, high)
    empty = (a + b + c + d) <= 0
    return _interval(estimate, np.where(empty, np.nan, low), np.where(empty, np.nan, high), level)


def contain(
    estimate: np.ndarray, low: np.ndarray, high: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Widen (low, high) to contain a defined estimate (the zero-cell rules of the log
    intervals compute the interval of a corrected table, which may miss an estimate of 0 or ∞)."""
    defined = ~np.isnan(estimate)
    return (
        np.where(defined, np.fmin(low, estimate), low),
        np.where(defined, np.fmax(high, estimate), high),
    )


# --- Cohen's κ of 2×2 tables ----------------------------------------------------------------------

KAPPA_METHODS: tuple[str, ...] = ("fleiss_cohen_everitt", "cohen_1960")


def kappa_standard_error(counts: Any, method: str) -> np.ndarray:
    """The standard error of Cohen's κ of binary counts (trusted): Fleiss, Cohen & Everitt's
    (1969, eq. 13) large-sample form, or Cohen's (1960) simpler one as PyCM prints it."""
    tn, fp, fn, tp = (
        np.asarray(getattr(counts, f), dtype=np.float64) for f in ("tn", "fp", "fn", "tp")
    )
    if method == "fleiss_cohen_everitt":
        from phidelta.counts import ConfusionMatrix
        from phidelta.inference import cohen_kappa_standard_error

        total = tn + fp + fn + tp
        out = np.full(len(tn), np.nan)
        keep = total > 0  # a ConfusionMatrix needs a sample
        if keep.any():
            matrices = ConfusionMatrix(counts.to_matrix()[keep].astype(np.float64))
            out[keep] = cohen_kappa_standard_error(matrices, zero_division=np.nan)
        return out
    # Cohen 1960, eq. 9 (PyCM's "Kappa Standard Error", pycm_ci.kappa_SE_calc):
    # SE = sqrt(p_o(1 − p_o) / (N (1 − p_e)²))
    total = tn + fp + fn + tp
    with np.errstate(divide="ignore", invalid="ignore"):
        p_o = (tn + tp) / total
        p_e = ((tn + fp) * (tn + fn) + (fn + tp) * (fp + tp)) / (total * total)
        return np.sqrt(p_o * (1 - p_o) / (total * (1 - p_e) ** 2))
