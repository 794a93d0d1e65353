"""The calibration map as a polyline, and the score range it is best shown over; the smooth
(lowess) and logistic calibration curves of predicted probabilities as coordinates."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from phidelta._lowess import lowess
from phidelta.measures import LogisticCalibration, TupleResult
from phidelta.measures._calibration import _labelled_probabilities

__all__ = [
    "CalibrationCurve",
    "CalibrationPolyline",
    "calibration_polyline",
    "logistic_calibration_curve",
    "smooth_calibration_curve",
]


@dataclass(frozen=True)
class CalibrationPolyline(TupleResult):
    """A calibration map drawn exactly: its turns, carried flat to the window's edges.

    Unpacks as ``score, probability``.

    Attributes
    ----------
    score : ndarray
        The polyline's scores, ascending (the window's edges, or the scores seen beyond them,
        first and last).
    probability : ndarray
        The calibrated probability at each of them.
    window : tuple of float
        The score range to show: (0, 1) for probabilities, else where the map changes.
    clipped : bool
        Whether the window leaves out scores that were seen (where the map is flat).

    See Also
    --------
    calibration_polyline : computes it.
    phidelta.measures.IsotonicCalibrator.breakpoints : the map's turns.

    Examples
    --------
    >>> from phidelta.measures import IsotonicCalibrator
    >>> score, probability = calibration_polyline(IsotonicCalibrator().fit([0, 1], [0.2, 0.7]))
    >>> score.tolist(), probability.tolist()
    ([0.0, 0.2, 0.7, 1.0], [0.0, 0.0, 1.0, 1.0])
    """

    score: np.ndarray
    probability: np.ndarray
    window: tuple[float, float]
    clipped: bool

    _fields: ClassVar[tuple[str, ...]] = ("score", "probability")


def calibration_polyline(
    calibrator: Any, window: tuple[float, float] | None = None
) -> CalibrationPolyline:
    """The polyline of a fitted calibration map and the score range to show it over.

    The map (:class:`~phidelta.measures.IsotonicCalibrator`) is the line through its
    :meth:`~phidelta.measures.IsotonicCalibrator.breakpoints`, flat beyond them. Scores that
    are probabilities are shown over [0, 1]. Other scores (decision values, log-odds) are
    shown over the part where the map changes, padded by 15 % of it, when a few extreme
    scores would otherwise squeeze it into less than half of the axis.

    Parameters
    ----------
    calibrator : IsotonicCalibrator
        A fitted calibrator.
    window : (float, float), optional
        The score range to show (e.g. another map's, to draw two maps together); default
        chosen as above.

    Returns
    -------
    CalibrationPolyline
        ``score``, ``probability``, ``window`` and ``clipped``.

    Raises
    ------
    TypeError
        If ``calibrator`` is not a calibrator.
    ValueError
        If the calibrator is not fitted, or ``window`` is not two increasing numbers.

    Examples
    --------
    >>> from phidelta.measures import IsotonicCalibrator
    >>> y = [0, 0, 1, 0, 1, 0, 1, 1]
    >>> scores = [-30.0, -2.0, -1.0, -0.5, 0.5, 1.0, 2.0, 40.0]  # decision values
    >>> line = calibration_polyline(IsotonicCalibrator().fit(y, scores))
    >>> line.window, line.clipped  # where the map changes, padded; flat beyond
    ((-2.6, 2.6), True)
    """
    breakpoints = getattr(calibrator, "breakpoints", None)
    if not callable(breakpoints):
        raise TypeError(
            f"`calibrator` must be a fitted IsotonicCalibrator; got {type(calibrator).__name__}."
        )
    x, p = breakpoints()
    low, high = float(x[0]), float(x[-1])
    if window is None:
        window = _window(x, p)
    else:
        try:
            if len(window) != 2:
                raise ValueError
            window = (float(window[0]), float(window[1]))
        except (TypeError, ValueError, IndexError):
            raise ValueError(f"`window` must be two numbers (low, high); got {window!r}.") from None
        if not (np.isfinite(window).all() and window[0] < window[1]):
            raise ValueError(f"`window` must be finite and increasing; got {window!r}.")
    score = np.concatenate([[min(window[0], low)], x, [max(window[1], high)]])
    probability = np.concatenate([p[:1], p, p[-1:]])
    clipped = window[0] > low or window[1] < high
    return CalibrationPolyline(score, probability, window, clipped)


def _window(x: np.ndarray, p: np.ndarray) -> tuple[float, float]:
    low, high = float(x[0]), float(x[-1])
    if low >= 0 and high <= 1:
        return 0.0, 1.0
    if low == high:
        return low - 0.5, high + 0.5
    if len(x) < 3:
        return low, high
    first = 1 if p[0] == p[1] else 0  # where the first plateau ends
    last = len(x) - 2 if p[-1] == p[-2] else len(x) - 1  # where the last one starts
    start, stop = float(x[first]), float(x[last])
    pad = 0.15 * (stop - start) if stop > start else 0.05 * (high - low)
    shown = max(low, start - pad), min(high, stop + pad)
    return shown if shown[1] - shown[0] < 0.5 * (high - low) else (low, high)


@dataclass(frozen=True)
class CalibrationCurve(TupleResult):
    """A calibration curve as coordinates: predicted probability → observed frequency.

    Unpacks as ``probability, observed``.

    Attributes
    ----------
    probability : ndarray
        Predicted probabilities, increasing.
    observed : ndarray
        The curve's estimate of the frequency of the positive class at each.
    method : str
        How the curve was made.

    See Also
    --------
    smooth_calibration_curve, logistic_calibration_curve : compute it.

    Examples
    --------
    >>> curve = smooth_calibration_curve([0, 1, 0, 1, 1], [0.2, 0.3, 0.5, 0.7, 0.9])
    >>> probability, observed = curve
    >>> probability.tolist()
    [0.2, 0.3, 0.5, 0.7, 0.9]
    """

    probability: np.ndarray
    observed: np.ndarray
    method: str

    _fields: ClassVar[tuple[str, ...]] = ("probability", "observed")


def smooth_calibration_curve(
    y_true: Any, probabilities: Any, *, pos_label: Any = None, span: float = 2 / 3
) -> CalibrationCurve:
    """The lowess calibration curve: the outcomes smoothed against the probabilities.

    Cleveland's lowess (1979) without robustness iterations, at each distinct predicted
    probability: a local straight line fitted by tricube-weighted least squares to the
    ``span`` fraction of the rows nearest to it, fitted at points about 1 % of the range of the
    probabilities apart and interpolated between them. With the default span of 2/3 this is
    rms's ``lowess(p, y, iter = 0)``, the curve that ``val.prob`` draws ("Nonparametric") and
    reads Emax, E90 and Eavg from (:func:`phidelta.measures.calibration_statistics`). The
    curve is not clipped: near the ends a local line can leave [0, 1].

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True labels (binary).
    probabilities : array-like of shape (n,)
        Predicted probabilities of the positive class.
    pos_label : label, default=None
        The positive class (by default 1 or True for 0/1, ±1 or boolean classes; else it must
        be given).
    span : float, default=2/3
        The fraction of the rows in each local fit, in (0, 1] (R's ``f``); smaller is
        wigglier.

    Returns
    -------
    CalibrationCurve
        Unpacks as ``probability, observed``: the distinct probabilities and the curve there.

    Raises
    ------
    ValueError
        If `probabilities` is not 1-D, not in [0, 1] or not finite, the lengths differ, or
        `span` is not in (0, 1].

    See Also
    --------
    calibration_polyline : the isotonic calibration map, drawn beside it.
    logistic_calibration_curve : the parametric curve.

    References
    ----------
    Cleveland, W. S. (1979). Robust locally weighted regression and smoothing scatterplots.
    Journal of the American Statistical Association, 74(368), 829–836.

    Austin, P. C., & Steyerberg, E. W. (2014). Graphical assessment of internal and external
    calibration of logistic regression models by using loess smoothers. Statistics in
    Medicine, 33(3), 517–535.

    Examples
    --------
    >>> y = [0, 0, 1, 0, 0, 1, 0, 1, 1, 1]
    >>> p = [0.05, 0.1, 0.2, 0.3, 0.35, 0.5, 0.6, 0.7, 0.8, 0.9]
    >>> probability, observed = smooth_calibration_curve(y, p)
    >>> observed.round(3).tolist()   # local lines: beyond 1 at the top
    [0.143, 0.192, 0.242, 0.282, 0.339, 0.419, 0.649, 0.764, 0.914, 1.081]
    """
    p, y = _labelled_probabilities(y_true, probabilities, pos_label)
    if isinstance(span, bool) or not isinstance(span, int | float) or not 0 < span <= 1:
        raise ValueError(f"`span` must be a number in (0, 1]; got {span!r}.")
    fitted = lowess(p, y, span=float(span))
    probability, first = np.unique(p, return_index=True)  # tied rows share a fitted value
    return CalibrationCurve(probability, fitted[first], f"lowess (span {span:.3g}, no iterations)")


def logistic_calibration_curve(fit: LogisticCalibration, *, points: int = 200) -> CalibrationCurve:
    """The logistic calibration curve p ↦ expit(intercept + slope · logit p), as coordinates.

    Drawn over logit p from −7 to 7 (p from 0.0009 to 0.9991), as rms's ``val.prob`` draws its
    "Logistic calibration" line (Cox 1958).

    Parameters
    ----------
    fit : LogisticCalibration
        The result of :func:`phidelta.measures.logistic_calibration`.
    points : int, default=200
        Points of the curve, at least 2.

    Returns
    -------
    CalibrationCurve
        Unpacks as ``probability, observed``.

    Raises
    ------
    TypeError
        If `fit` is not a :class:`~phidelta.measures.LogisticCalibration`.
    ValueError
        If `points` < 2.

    See Also
    --------
    smooth_calibration_curve : the nonparametric curve.

    References
    ----------
    Cox, D. R. (1958). Two further applications of a model for binary regression. Biometrika,
    45(3–4), 562–565.

    Examples
    --------
    >>> from phidelta.measures import logistic_calibration
    >>> fit = logistic_calibration([0, 0, 1, 0, 0, 1, 0, 1, 1, 1],
    ...                            [0.05, 0.1, 0.2, 0.3, 0.35, 0.5, 0.6, 0.7, 0.8, 0.9])
    >>> probability, observed = logistic_calibration_curve(fit, points=3)
    >>> probability.round(4).tolist()
    [0.0009, 0.5, 0.9991]
    """
    if not isinstance(fit, LogisticCalibration):
        raise TypeError(
            f"`fit` must be a LogisticCalibration (phidelta.measures.logistic_calibration); "
            f"got {type(fit).__name__}."
        )
    if isinstance(points, bool) or not isinstance(points, int | np.integer) or points < 2:
        raise ValueError(f"`points` must be an integer >= 2; got {points!r}.")
    logit = np.linspace(-7.0, 7.0, int(points))
    probability = 1.0 / (1.0 + np.exp(-logit))
    observed = 1.0 / (1.0 + np.exp(-(fit.intercept + fit.slope * logit)))
    return CalibrationCurve(probability, observed, "logistic recalibration")
