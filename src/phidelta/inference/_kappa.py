"""The standard error and confidence interval of Cohen's κ (Fleiss, Cohen & Everitt 1969);
κ itself is a point measure (:func:`phidelta.measures.multiclass_cohen_kappa`)."""

from __future__ import annotations

import numpy as np
from scipy import stats

from phidelta._validation import check_confidence_level
from phidelta.counts import ConfusionMatrix
from phidelta.inference._uncertainty import Interval
from phidelta.measures._common import ZeroDivision, check_zero_division, finish
from phidelta.measures._entropy import _check_matrix

__all__ = ["cohen_kappa_interval", "cohen_kappa_standard_error"]


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

    Parameters
    ----------
    matrices : ConfusionMatrix
        One or more confusion matrices (true classes in rows); one value per matrix.
    zero_division : "warn" or float, default="warn"
        Value for entries where κ is undefined (chance agreement p_e = 1). With
        ``"warn"`` they are NaN and an
        :class:`~phidelta.exceptions.UndefinedMeasureWarning` says how many.

    Returns
    -------
    ndarray of shape (len(matrices),)
        The standard error, non-negative.

    Raises
    ------
    TypeError
        If `matrices` is not a :class:`~phidelta.counts.ConfusionMatrix`.
    ValueError
        If the matrix is not square with each output a distinct input class, or
        `zero_division` is neither ``"warn"`` nor a number.

    See Also
    --------
    cohen_kappa_interval : the interval built from it.

    References
    ----------
    Fleiss, J. L., Cohen, J., & Everitt, B. S. (1969). Large sample standard errors of kappa and
    weighted kappa. Psychological Bulletin, 72(5), 323–327.

    Examples
    --------
    >>> cohen_kappa_standard_error(ConfusionMatrix([[5, 1], [2, 4]]))
    array([0.24650332])
    """
    cm, zd = _check_matrix(matrices), check_zero_division(zero_division)
    _kappa, variance = _kappa_and_variance(cm)
    return finish(np.sqrt(np.maximum(variance, 0)), zd, "kappa's standard error", "p_e = 1")


def cohen_kappa_interval(
    matrices: ConfusionMatrix, *, confidence_level: float = 0.95, level: float | None = None
) -> Interval:
    """Cohen's κ with its normal (Wald) confidence interval κ ± z·SE, SE from
    :func:`cohen_kappa_standard_error`, clipped to [−1, 1]. One entry per matrix; NaN where κ
    is undefined.

    Parameters
    ----------
    matrices : ConfusionMatrix
        One or more confusion matrices (true classes in rows); one interval per matrix.
    confidence_level : float, default=0.95
        Confidence level, in (0, 1) (SciPy's name).
    level : float, optional
        Former name of `confidence_level` (deprecated).

    Returns
    -------
    Interval
        ``estimate`` (κ), ``low`` and ``high`` arrays of shape (len(matrices),), and ``level``;
        NaN where κ is undefined (no warning).

    Raises
    ------
    TypeError
        If `matrices` is not a :class:`~phidelta.counts.ConfusionMatrix`.
    ValueError
        If `confidence_level` is not in (0, 1), or the matrix is not square with each output
        a distinct input class.

    See Also
    --------
    cohen_kappa_standard_error : the standard error used.
    multiclass_cohen_kappa : κ alone.

    References
    ----------
    Fleiss, J. L., Cohen, J., & Everitt, B. S. (1969). Large sample standard errors of kappa and
    weighted kappa. Psychological Bulletin, 72(5), 323–327. Eq. 13.

    Examples
    --------
    >>> iv = cohen_kappa_interval(ConfusionMatrix([[50, 10], [5, 35]]))
    >>> round(float(iv.statistic[0]), 4), round(float(iv.low[0]), 4), round(float(iv.high[0]), 4)
    (0.6939, 0.5519, 0.8358)
    """
    cm = _check_matrix(matrices)
    level = check_confidence_level(confidence_level, level, where="cohen_kappa_interval")
    kappa, variance = _kappa_and_variance(cm)
    half = stats.norm.ppf(0.5 + level / 2) * np.sqrt(np.maximum(variance, 0))
    return Interval(
        estimate=kappa,
        low=np.clip(kappa - half, -1, 1),
        high=np.clip(kappa + half, -1, 1),
        level=level,
    )
