"""Thinning a polyline for drawing, within a stated distance of the exact one."""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["DRAWING_TOLERANCE", "thin_polyline"]

#: half a pixel of a 1,000-pixel plot, in units of the plotted range: no drawn point is further
#: than this from the exact curve
DRAWING_TOLERANCE = 0.5 / 1000


def _segment_distances2(
    x: np.ndarray, y: np.ndarray, first: np.ndarray, last: np.ndarray, points: np.ndarray
) -> np.ndarray:
    """Squared distance of each vertex points[i] to the segment from vertex first[i] to
    vertex last[i]."""
    ax, ay = x[first], y[first]
    dx, dy = x[last] - ax, y[last] - ay
    px, py = x[points] - ax, y[points] - ay
    length2 = dx * dx + dy * dy
    t = px * dx
    t += py * dy
    np.divide(t, length2, out=t, where=length2 > 0)
    t[length2 == 0] = 0.0
    np.clip(t, 0.0, 1.0, out=t)
    px -= t * dx
    py -= t * dy
    px *= px
    py *= py
    px += py
    return px


def thin_polyline(
    x: Any,
    y: Any,
    *,
    tolerance: float = DRAWING_TOLERANCE,
    scale: tuple[float, float] | None = None,
) -> np.ndarray:
    """The vertices to keep so that the thinned polyline stays within ``tolerance`` of it.

    Ramer–Douglas–Peucker (Ramer 1972; Douglas & Peucker 1973), all segments of a level at
    once: a segment whose farthest vertex lies further than ``tolerance`` from it is split
    at that vertex, until none is. Distances are measured to the segment (not its line), in
    units of ``scale``: every dropped vertex is within ``tolerance`` of the drawn segment
    spanning it, and every point of a drawn segment within ``tolerance`` of the exact curve
    (the part of the curve it replaces joins its ends inside a band of that half-width). The
    kept vertices are points of the exact curve, so the numbers shown at them stay exact.

    Parameters
    ----------
    x, y : array-like of shape (n,)
        The polyline's vertices in drawing order (finite).
    tolerance : float, default DRAWING_TOLERANCE
        The largest distance allowed, as a fraction of the plotted range: the default is
        half a pixel of a 1,000-pixel plot.
    scale : (float, float), optional
        The plotted ranges of x and y (a coverage plot's N and P); default the ranges of
        ``x`` and ``y`` (at least 1e-300).

    Returns
    -------
    ndarray of int
        Indices of the vertices to draw, increasing, the first and last always among them.

    Raises
    ------
    ValueError
        If ``x`` and ``y`` differ in length, hold a non-finite value, or ``tolerance`` is
        not positive.

    Examples
    --------
    >>> import numpy as np
    >>> t = np.linspace(0, 1, 1001)
    >>> thin_polyline(t, t).tolist()  # a straight line: its ends
    [0, 1000]
    >>> len(thin_polyline(t, t**2)) < 100
    True
    """
    x = np.asarray(x, dtype=float).ravel()
    y = np.asarray(y, dtype=float).ravel()
    if x.shape != y.shape:
        raise ValueError(f"`x` and `y` must have the same length; got {len(x)} and {len(y)}.")
    if not (np.isfinite(x).all() and np.isfinite(y).all()):
        raise ValueError("`x` and `y` must be finite (a polyline's vertices).")
    if not (np.isfinite(tolerance) and tolerance > 0):
        raise ValueError(f"`tolerance` must be a positive number; got {tolerance!r}.")
    n = len(x)
    if n <= 2:
        return np.arange(n)
    if scale is None:
        scale = (float(np.ptp(x)), float(np.ptp(y)))
    sx, sy = (max(abs(float(s)), 1e-300) for s in scale)
    x, y = x / sx, y / sy
    keep = np.zeros(n, dtype=bool)
    keep[[0, -1]] = True
    limit = tolerance * tolerance
    active = np.arange(n)  # the vertices of segments not yet known to be within tolerance
    while True:
        kept = np.flatnonzero(keep)
        # each active vertex's segment: from the kept vertex at or before it to the next one
        segment = np.minimum(np.searchsorted(kept, active, side="right") - 1, len(kept) - 2)
        distance = _segment_distances2(x, y, kept[segment], kept[segment + 1], active)
        distance[keep[active]] = 0.0
        # active vertices come in runs, one run per segment, in order
        starts = np.flatnonzero(np.r_[True, segment[1:] != segment[:-1]])
        worst = np.maximum.reduceat(distance, starts)
        split = worst > limit
        if not split.any():
            return kept
        run = np.repeat(np.arange(len(starts)), np.diff(np.r_[starts, len(active)]))
        at_worst = np.flatnonzero((distance == worst[run]) & split[run])
        first_hit = np.r_[True, run[at_worst[1:]] != run[at_worst[:-1]]]
        keep[active[at_worst[first_hit]]] = True
        active = active[split[run]]
