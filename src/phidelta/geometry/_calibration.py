"""The calibration map as a polyline, and the score range it is best shown over."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from phidelta.measures import TupleResult

__all__ = ["CalibrationPolyline", "calibration_polyline"]


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
