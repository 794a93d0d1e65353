"""The binormal ROC model of a score table (pROC's ``smooth(method="binormal")``) and the
area under its curve."""

from __future__ import annotations

import numpy as np
from scipy.special import ndtr, ndtri

from phidelta._validation import check_positive_int
from phidelta.counts import ScoreTable
from phidelta.measures._ranking import _check_table, _check_two_classes

__all__ = ["binormal_auc"]


def _fit(table: ScoreTable) -> tuple[float, float]:
    """(a, b) of the binormal ROC tpr = Φ(a + b·Φ⁻¹(fpr)) fitted as pROC does: least squares
    of Φ⁻¹(specificity) on Φ⁻¹(sensitivity) over the points where both are finite."""
    p, n = _check_two_classes(table, "The binormal ROC")
    tp, fp = table.cumulative()
    with np.errstate(divide="ignore", invalid="ignore"):
        se = _probit(tp / p, (p - tp) / p)  # Φ⁻¹(sensitivity)
        sp = _probit((n - fp) / n, fp / n)  # Φ⁻¹(specificity)
    inside = np.isfinite(se) & np.isfinite(sp)
    se, sp = se[inside], sp[inside]
    if len(se) < 2 or np.ptp(se) == 0:
        raise ValueError("The ROC curve is not smoothable: fewer than two inner points.")
    slope, intercept = np.polyfit(se, sp, 1)  # sp = intercept + slope·se (pROC: lm(sp ~ se))
    if slope == 0:
        raise ValueError("The ROC curve is not smoothable: the fitted line is flat.")
    return -intercept / slope, -1 / slope


def _probit(rate: np.ndarray, complement: np.ndarray) -> np.ndarray:
    """Φ⁻¹(rate), from the complement above one half (full precision near 1)."""
    return np.where(rate <= 0.5, ndtri(rate), -ndtri(complement))


def binormal_auc(table: ScoreTable, *, points: int | None = None) -> float:
    """AUC of the binormal ROC model fitted to a score table (pROC's
    ``auc(smooth(roc, method="binormal"))``; Metz 1978, "Basic principles of ROC analysis",
    Semin. Nucl. Med. 8).

    The empirical ROC points with sensitivity and specificity strictly inside (0, 1) are
    mapped to normal deviates and Φ⁻¹(specificity) is regressed on Φ⁻¹(sensitivity) by least
    squares, as pROC does; the line is the ROC curve tpr = Φ(a + b·Φ⁻¹(fpr)) of two normal
    score distributions, whose area is Φ(a / √(1 + b²)) (``points=None``), pROC 1.18's
    ``auc`` of a binormal smooth curve. With ``points=n`` the area is instead the trapezoidal
    area of the curve at n sensitivities evenly spaced on [0, 1] (how pROC integrates a curve
    smoothed by density; :func:`smooth_roc` gives the whole smoothed curve).

    Parameters
    ----------
    table : ScoreTable
        Scores of both classes, as built by :meth:`ScoreTable.from_scores
        <phidelta.counts.ScoreTable.from_scores>`.
    points : int or None, default=None
        None for the closed-form area Φ(a / √(1 + b²)); an integer n ≥ 2 for the trapezoidal
        area of the fitted curve at n evenly spaced sensitivities.

    Returns
    -------
    float
        The area under the binormal ROC curve, in [0, 1].

    Raises
    ------
    TypeError
        If `table` is not a :class:`~phidelta.counts.ScoreTable`, or `points` not an integer.
    ValueError
        If a class is absent, if fewer than two ROC points lie strictly inside the unit square
        or the fitted line is flat (the curve is not smoothable), or if `points` < 2.

    See Also
    --------
    auc : the empirical (trapezoidal) area.
    phidelta.inference.auc_confidence_interval : DeLong's interval for the empirical area.

    References
    ----------
    Metz, C. E. (1978). Basic principles of ROC analysis. Seminars in Nuclear Medicine, 8(4),
    283–298.

    Robin, X., et al. (2011). pROC: an open-source package for R and S+ to analyze and compare
    ROC curves. BMC Bioinformatics, 12, 77.

    Examples
    --------
    >>> t = ScoreTable.from_scores([0, 0, 1, 0, 1, 1, 0, 1], [1, 2, 3, 4, 5, 6, 7, 8])
    >>> round(binormal_auc(t), 4), round(binormal_auc(t, points=512), 4)
    (0.7028, 0.7025)
    """
    t = _check_table(table)
    a, b = _fit(t)
    if points is None:
        return float(ndtr(a / np.sqrt(1 + b * b)))
    points = check_positive_int(points, "points", minimum=2)
    tpr = np.linspace(0, 1, points)
    with np.errstate(divide="ignore"):
        # fpr from tpr = Φ(a + b·Φ⁻¹(fpr)): Φ⁻¹(fpr) = (Φ⁻¹(tpr) − a)/b
        fpr = ndtr((ndtri(tpr) - a) / b)
    return float(np.sum(np.diff(fpr) * (tpr[1:] + tpr[:-1]) / 2))
