"""Coordinates of a ROC curve read at a given specificity or sensitivity (pROC's
``coords(input = "specificity")``): the highest value of the other rate on the curve there,
interpolated linearly between the curve's points."""

from __future__ import annotations

from typing import Any

import numpy as np

from phidelta._compute import upper_tpr_at
from phidelta.counts import ScoreTable
from phidelta.measures._ranking import _check_table, _check_two_classes

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


def rates_of(table: ScoreTable) -> tuple[np.ndarray, np.ndarray]:
    """(specificity, sensitivity) of every point of the ROC curve, from the top score down,
    computed as pROC computes them, tn/N and tp/P: a requested rate that equals a point's
    is then found equal (1 − fp/N is not always tn/N in floating point)."""
    tp, fp = table.cumulative()
    p, n = tp[-1], fp[-1]
    return (n - fp) / n, tp / p


def upper_sensitivity(
    specificity: np.ndarray, sensitivity: np.ndarray, at: np.ndarray
) -> np.ndarray:
    """Sensitivity of a curve's points (specificity non-increasing, sensitivity
    non-decreasing) at each specificity in ``at``: the top of a vertical segment, linear
    between points. Negating a rate is exact, so the comparisons are pROC's."""
    return upper_tpr_at(-specificity, sensitivity, -np.asarray(at, dtype=np.float64))


def upper_specificity(
    specificity: np.ndarray, sensitivity: np.ndarray, at: np.ndarray
) -> np.ndarray:
    """Specificity of a curve's points at each sensitivity in ``at``: the curve seen with the
    classes swapped and read backwards is a ROC curve again."""
    return upper_tpr_at(-sensitivity[::-1], specificity[::-1], -np.asarray(at, dtype=np.float64))


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
    values = upper_sensitivity(*rates_of(t), rates)
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
    values = upper_specificity(*rates_of(t), rates)
    return float(values[0]) if scalar else values
