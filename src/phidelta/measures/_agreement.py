"""Agreement and association of multi-class confusion matrices: Scott's π, Gwet's AC1,
Krippendorff's α and Cramér's V. The standard error and interval of Cohen's κ are inference
(:func:`phidelta.inference.cohen_kappa_interval`)."""

from __future__ import annotations

import numpy as np

from phidelta.counts import ConfusionMatrix
from phidelta.measures._common import ZeroDivision, check_zero_division, divide, finish
from phidelta.measures._entropy import _check_matrix
from phidelta.measures._multiclass import _marginals

__all__ = ["cramers_v", "gwets_ac1", "krippendorff_alpha", "scotts_pi"]


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

    Parameters
    ----------
    matrices : ConfusionMatrix
        One or more confusion matrices (true classes in rows); one value per matrix.
    zero_division : "warn" or float, default="warn"
        Value for entries where the chance agreement p_e is 1 (one class only). With
        ``"warn"`` they are NaN and an
        :class:`~phidelta.exceptions.UndefinedMeasureWarning` says how many.

    Returns
    -------
    ndarray of shape (len(matrices),)
        π in [−1, 1].

    Raises
    ------
    TypeError
        If `matrices` is not a :class:`~phidelta.counts.ConfusionMatrix`.
    ValueError
        If `zero_division` is neither ``"warn"`` nor a number.

    See Also
    --------
    gwets_ac1, krippendorff_alpha, multiclass_cohen_kappa : other chance corrections.

    References
    ----------
    Scott, W. A. (1955). Reliability of content analysis: the case of nominal scale coding.
    Public Opinion Quarterly, 19(3), 321–325.

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

    Parameters
    ----------
    matrices : ConfusionMatrix
        One or more confusion matrices (true classes in rows); one value per matrix.
    zero_division : "warn" or float, default="warn"
        Value for entries where the chance agreement p_e is 1. With ``"warn"`` they are
        NaN and an :class:`~phidelta.exceptions.UndefinedMeasureWarning` says how many.

    Returns
    -------
    ndarray of shape (len(matrices),)
        AC1 in [−1, 1].

    Raises
    ------
    TypeError
        If `matrices` is not a :class:`~phidelta.counts.ConfusionMatrix`.
    ValueError
        If `zero_division` is neither ``"warn"`` nor a number.

    See Also
    --------
    scotts_pi, multiclass_cohen_kappa : chance corrections that κ's paradoxes affect.

    References
    ----------
    Gwet, K. L. (2008). Computing inter-rater reliability and its variance in the presence of
    high agreement. British Journal of Mathematical and Statistical Psychology, 61(1), 29–48.

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

    Parameters
    ----------
    matrices : ConfusionMatrix
        One or more confusion matrices (true classes in rows); one value per matrix.
    zero_division : "warn" or float, default="warn"
        Value for entries where all values fall in one class (no expected disagreement).
        With ``"warn"`` they are NaN and an
        :class:`~phidelta.exceptions.UndefinedMeasureWarning` says how many.

    Returns
    -------
    ndarray of shape (len(matrices),)
        α, at most 1.

    Raises
    ------
    TypeError
        If `matrices` is not a :class:`~phidelta.counts.ConfusionMatrix`.
    ValueError
        If `zero_division` is neither ``"warn"`` nor a number.

    See Also
    --------
    scotts_pi : α without the small-sample correction.

    References
    ----------
    Krippendorff, K. (2011). Computing Krippendorff's alpha-reliability. Annenberg School for
    Communication, University of Pennsylvania.

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

    Parameters
    ----------
    matrices : ConfusionMatrix
        One or more confusion matrices (true classes in rows); one value per matrix.
    zero_division : "warn" or float, default="warn"
        Value for entries where fewer than two rows or two columns hold samples. With
        ``"warn"`` they are NaN and an
        :class:`~phidelta.exceptions.UndefinedMeasureWarning` says how many.

    Returns
    -------
    ndarray of shape (len(matrices),)
        V in [0, 1].

    Raises
    ------
    TypeError
        If `matrices` is not a :class:`~phidelta.counts.ConfusionMatrix`.
    ValueError
        If `zero_division` is neither ``"warn"`` nor a number.

    See Also
    --------
    chi_square : the binary χ².

    References
    ----------
    Cramér, H. (1946). Mathematical Methods of Statistics. Princeton University Press,
    section 21.9.

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
