"""Agreement and association of multi-class confusion matrices: Scott's π, Gwet's AC1,
Krippendorff's α, Cramér's V, and the standard error and confidence interval of Cohen's κ."""

from __future__ import annotations

import numpy as np
from scipy import stats

from phidelta.counts import ConfusionMatrix
from phidelta.measures._common import ZeroDivision, check_zero_division, divide, finish
from phidelta.measures._entropy import _check_matrix
from phidelta.measures._multiclass import _marginals
from phidelta.measures._uncertainty import Interval, _check_level

__all__ = [
    "cohen_kappa_interval",
    "cohen_kappa_standard_error",
    "cramers_v",
    "gwets_ac1",
    "krippendorff_alpha",
    "scotts_pi",
]


def _agreement(cm: ConfusionMatrix) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(observed agreement p_o, pooled class proportions π_k, total N) per matrix: both raters
    (true and predicted) use the same classes, π_k = (t_k + p_k) / 2N."""
    counts, t, p, c = _marginals(cm)
    total = counts.sum(axis=(1, 2))
    return c / total, (t + p) / (2 * total[:, None]), total


def scotts_pi(matrices: ConfusionMatrix, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """Scott's π = (p_o − p_e) / (1 − p_e) with p_e = Σ_k π_k², the chance agreement of the
    two raters' pooled class proportions π_k (Scott 1955, "Reliability of content analysis",
    Public Opinion Quarterly 19). Undefined when p_e = 1 (one class only).

    Examples
    --------
    >>> scotts_pi(ConfusionMatrix([[5, 1], [2, 4]]))
    array([0.4965035])
    """
    cm, zd = _check_matrix(matrices), check_zero_division(zero_division)
    p_o, pooled, _ = _agreement(cm)
    p_e = np.sum(pooled**2, axis=1)
    return finish(divide(p_o - p_e, 1 - p_e), zd, "Scott's pi", "chance agreement is 1")


def gwets_ac1(matrices: ConfusionMatrix, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """Gwet's AC1 = (p_o − p_e) / (1 − p_e) with p_e = Σ_k π_k(1 − π_k) / (K − 1) (Gwet 2008,
    "Computing inter-rater reliability and its variance in the presence of high agreement",
    Br. J. Math. Stat. Psychol. 61, eq. 18): chance agreement that stays small when one
    class dominates, so AC1 avoids κ's paradoxes. Undefined when p_e = 1.

    Examples
    --------
    >>> gwets_ac1(ConfusionMatrix([[5, 1], [2, 4]]))
    array([0.50344828])
    """
    cm, zd = _check_matrix(matrices), check_zero_division(zero_division)
    p_o, pooled, _ = _agreement(cm)
    k = pooled.shape[1]
    p_e = np.sum(pooled * (1 - pooled), axis=1) / (k - 1)
    return finish(divide(p_o - p_e, 1 - p_e), zd, "Gwet's AC1", "chance agreement is 1")


def krippendorff_alpha(
    matrices: ConfusionMatrix, *, zero_division: ZeroDivision = "warn"
) -> np.ndarray:
    """Krippendorff's α for nominal data of two coders without missing values
    (Krippendorff 2011, "Computing Krippendorff's alpha-reliability", §C, nominal):
    α = 1 − (n − 1)·Σ_{c≠k} o_ck / Σ_{c≠k} n_c·n_k over the coincidence matrix o = C + Cᵀ,
    with n_c its margins and n = 2N pairable values. Equivalently
    α = 1 − (2N − 1)/(2N)·(1 − π) with Scott's π: α corrects π for the sample size. The
    counts must be numbers of units (the n − 1 is a small-sample correction). Undefined when
    all values fall in one class.

    Examples
    --------
    >>> krippendorff_alpha(ConfusionMatrix([[5, 1], [2, 4]]))
    array([0.51748252])
    """
    cm, zd = _check_matrix(matrices), check_zero_division(zero_division)
    counts, t, p, c = _marginals(cm)
    n = 2 * counts.sum(axis=(1, 2))
    margins = t + p  # n_c of the coincidence matrix
    disagreeing = n - 2 * c  # Σ_{c≠k} o_ck
    expected = n * n - np.sum(margins * margins, axis=1)  # Σ_{c≠k} n_c n_k
    values = 1 - divide((n - 1) * disagreeing, expected)
    return finish(values, zd, "Krippendorff's alpha", "all values fall in one class")


def cramers_v(matrices: ConfusionMatrix, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """Cramér's V = √(χ² / (N·(min(n, p) − 1))) of the n × p table (Cramér 1946,
    *Mathematical Methods of Statistics*, §21.9), χ² Pearson's statistic without continuity
    correction: association of true and predicted classes in [0, 1], whatever the labels.
    Rows or columns without samples are left out (they have no expected counts). Undefined
    when fewer than two rows or columns remain.

    Examples
    --------
    >>> cramers_v(ConfusionMatrix([[5, 1], [2, 4]]))
    array([0.50709255])
    """
    cm, zd = _check_matrix(matrices), check_zero_division(zero_division)
    values = np.empty(len(cm))
    for i, table in enumerate(cm.counts.astype(np.float64)):
        table = table[table.sum(axis=1) > 0][:, table.sum(axis=0) > 0]
        smaller = min(table.shape) - 1
        total = table.sum()
        expected = np.outer(table.sum(axis=1), table.sum(axis=0)) / total
        chi2 = np.sum((table - expected) ** 2 / expected) if smaller > 0 else np.nan
        values[i] = np.sqrt(chi2 / (total * smaller)) if smaller > 0 else np.nan
    return finish(values, zd, "Cramér's V", "fewer than two classes occur")


def _kappa_and_variance(cm: ConfusionMatrix) -> tuple[np.ndarray, np.ndarray]:
    """κ and its large-sample variance (Fleiss, Cohen & Everitt 1969, "Large sample standard
    errors of kappa and weighted kappa", Psychological Bulletin 72, eq. 13):
    var = [Σᵢ pᵢᵢ(1 − (pᵢ. + p.ᵢ)(1 − κ))² + (1 − κ)² Σ_{i≠j} pᵢⱼ(p.ᵢ + pⱼ.)²
           − (κ − p_e(1 − κ))²] / (N (1 − p_e)²)."""
    mask = cm.correct_mask()
    n, q = mask.shape
    if n != q or not (np.all(mask.sum(axis=0) == 1) and np.all(mask.sum(axis=1) == 1)):
        raise ValueError(
            "The standard error of kappa needs a square matrix whose outputs are its input "
            "classes (each class once)."
        )
    counts = cm.counts[:, :, mask.argmax(axis=1)].astype(np.float64)  # column i is class i
    total = counts.sum(axis=(1, 2))
    joint = counts / total[:, None, None]
    rows, cols = joint.sum(axis=2), joint.sum(axis=1)
    diagonal = np.einsum("kii->ki", joint)
    p_o, p_e = diagonal.sum(axis=1), np.sum(rows * cols, axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        kappa = (p_o - p_e) / (1 - p_e)
        keep = (1 - kappa)[:, None]
        first = np.sum(diagonal * (1 - (rows + cols) * keep) ** 2, axis=1)
        spread = cols[:, :, None] + rows[:, None, :]  # p.ᵢ + pⱼ. for cell (i, j)
        off = joint * (1 - np.eye(n))
        second = (1 - kappa) ** 2 * np.sum(off * spread**2, axis=(1, 2))
        third = (kappa - p_e * (1 - kappa)) ** 2
        variance = (first + second - third) / (total * (1 - p_e) ** 2)
    return kappa, variance


def cohen_kappa_standard_error(
    matrices: ConfusionMatrix, *, zero_division: ZeroDivision = "warn"
) -> np.ndarray:
    """Large-sample standard error of Cohen's κ (Fleiss, Cohen & Everitt 1969, eq. 13), not
    assuming κ = 0 — the one for confidence intervals. Undefined where κ is.

    Examples
    --------
    >>> cohen_kappa_standard_error(ConfusionMatrix([[5, 1], [2, 4]]))
    array([0.24650332])
    """
    cm, zd = _check_matrix(matrices), check_zero_division(zero_division)
    _kappa, variance = _kappa_and_variance(cm)
    return finish(np.sqrt(np.maximum(variance, 0)), zd, "kappa's standard error", "p_e = 1")


def cohen_kappa_interval(matrices: ConfusionMatrix, *, level: float = 0.95) -> Interval:
    """Cohen's κ with its normal (Wald) confidence interval κ ± z·SE, SE from
    :func:`cohen_kappa_standard_error`, clipped to [−1, 1]. One entry per matrix; NaN where κ
    is undefined.

    Examples
    --------
    >>> iv = cohen_kappa_interval(ConfusionMatrix([[50, 10], [5, 35]]))
    >>> round(float(iv.statistic[0]), 4), round(float(iv.low[0]), 4), round(float(iv.high[0]), 4)
    (0.6939, 0.5519, 0.8358)
    """
    cm = _check_matrix(matrices)
    level = _check_level(level)
    kappa, variance = _kappa_and_variance(cm)
    half = stats.norm.ppf(0.5 + level / 2) * np.sqrt(np.maximum(variance, 0))
    return Interval(
        estimate=kappa,
        low=np.clip(kappa - half, -1, 1),
        high=np.clip(kappa + half, -1, 1),
        level=level,
    )
