"""Coordinates of a ROC curve read at a given specificity or sensitivity (pROC's
``coords(input = "specificity")``): the highest value of the other rate on the curve there,
interpolated linearly between the curve's points."""

from __future__ import annotations

from typing import Any

import numpy as np

from phidelta._compute import upper_tpr_at
from phidelta.counts import ScoreTable
from phidelta.measures._ranking import _check_table, _check_two_classes, roc_curve

__all__ = ["sensitivity_at_specificity", "specificity_at_sensitivity"]


def _rates(values: Any, name: str) -> tuple[np.ndarray, bool]:
    """The requested rates as a 1-D float array (and whether a scalar was given)."""
    if isinstance(values, bool | np.bool_):
        raise TypeError(f"`{name}` must be numbers in [0, 1]; got a bool.")
    try:
        rates = np.asarray(values, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise TypeError(f"`{name}` must be numbers in [0, 1]; got {values!r}.") from exc
    if rates.ndim > 1:
        raise ValueError(f"`{name}` must be a number or a 1-D sequence; got {rates.ndim}-D.")
    if rates.size == 0:
        raise ValueError(f"`{name}` is empty.")
    if not np.all((rates >= 0) & (rates <= 1)):  # NaN fails too
        raise ValueError(f"`{name}` must lie in [0, 1]; got {values!r}.")
    return np.atleast_1d(rates), rates.ndim == 0


def upper_sensitivity(fpr: np.ndarray, tpr: np.ndarray, specificity: np.ndarray) -> np.ndarray:
    """Sensitivity of a ROC polyline (fpr ascending, tpr ascending within an fpr) at each
    specificity: the top of a vertical segment, linear between points."""
    return upper_tpr_at(fpr, tpr, 1 - specificity)


def upper_specificity(fpr: np.ndarray, tpr: np.ndarray, sensitivity: np.ndarray) -> np.ndarray:
    """Specificity of a ROC polyline at each sensitivity: the curve seen with the classes
    swapped, (fpr, tpr) → (1 − tpr, 1 − fpr) read backwards, is a ROC curve again."""
    return upper_tpr_at(1 - tpr[::-1], 1 - fpr[::-1], 1 - sensitivity)


def sensitivity_at_specificity(table: ScoreTable, specificity: Any) -> Any:
    """Sensitivity of the ROC curve at each given specificity (pROC's ``coords(r, x,
    input = "specificity", ret = "sensitivity")``, ``ci.se``'s point).

    Where the curve has a vertical segment at the specificity (several thresholds with that
    specificity), the highest sensitivity on it; between the curve's points, the straight
    line joining them (the empirical curve with ties drawn diagonally).

    Parameters
    ----------
    table : ScoreTable
        Scores with their positive and negative counts (both classes present).
    specificity : float or array-like of float
        Specificities in [0, 1].

    Returns
    -------
    float or ndarray
        A float for a scalar `specificity`, otherwise one sensitivity per value.

    Raises
    ------
    TypeError
        If `table` is not a :class:`~phidelta.counts.ScoreTable` or `specificity` is not
        numeric.
    ValueError
        If a value lies outside [0, 1] or is NaN, or a class is absent.

    See Also
    --------
    specificity_at_sensitivity : the other way round.
    phidelta.inference.coordinate_intervals : their bootstrap intervals (pROC's ``ci.se``).

    References
    ----------
    Robin, X., et al. (2011). pROC: an open-source package for R and S+ to analyze and compare
    ROC curves. BMC Bioinformatics, 12, 77.

    Examples
    --------
    >>> t = ScoreTable.from_scores([1, 1, 0, 1, 0, 0], [0.9, 0.8, 0.7, 0.6, 0.5, 0.4])
    >>> sensitivity_at_specificity(t, [1.0, 2 / 3, 0.5])
    array([0.66666667, 1.        , 1.        ])
    >>> tied = ScoreTable.from_scores([1, 1, 0, 1, 0, 0], [0.9, 0.8, 0.7, 0.7, 0.5, 0.4])
    >>> float(sensitivity_at_specificity(tied, 5 / 6))  # half-way along the tie's diagonal
    0.8333333333333333
    """
    t = _check_table(table)
    _check_two_classes(t, "A sensitivity at a specificity")
    rates, scalar = _rates(specificity, "specificity")
    curve = roc_curve(t)
    values = upper_sensitivity(curve.fpr, curve.tpr, rates)
    return float(values[0]) if scalar else values


def specificity_at_sensitivity(table: ScoreTable, sensitivity: Any) -> Any:
    """Specificity of the ROC curve at each given sensitivity (pROC's ``coords(r, x,
    input = "sensitivity", ret = "specificity")``, ``ci.sp``'s point).

    Where the curve has a horizontal segment at the sensitivity, the highest specificity on
    it; between the curve's points, the straight line joining them.

    Parameters
    ----------
    table : ScoreTable
        Scores with their positive and negative counts (both classes present).
    sensitivity : float or array-like of float
        Sensitivities in [0, 1].

    Returns
    -------
    float or ndarray
        A float for a scalar `sensitivity`, otherwise one specificity per value.

    Raises
    ------
    TypeError
        If `table` is not a :class:`~phidelta.counts.ScoreTable` or `sensitivity` is not
        numeric.
    ValueError
        If a value lies outside [0, 1] or is NaN, or a class is absent.

    See Also
    --------
    sensitivity_at_specificity : the other way round.

    References
    ----------
    Robin, X., et al. (2011). pROC: an open-source package for R and S+ to analyze and compare
    ROC curves. BMC Bioinformatics, 12, 77.

    Examples
    --------
    >>> t = ScoreTable.from_scores([1, 1, 0, 1, 0, 0], [0.9, 0.8, 0.7, 0.6, 0.5, 0.4])
    >>> specificity_at_sensitivity(t, [2 / 3, 1.0])
    array([1.        , 0.66666667])
    """
    t = _check_table(table)
    _check_two_classes(t, "A specificity at a sensitivity")
    rates, scalar = _rates(sensitivity, "sensitivity")
    curve = roc_curve(t)
    values = upper_specificity(curve.fpr, curve.tpr, rates)
    return float(values[0]) if scalar else values
