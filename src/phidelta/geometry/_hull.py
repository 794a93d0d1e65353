"""The ROC convex hull and isometric lines of ROC and coverage space (Flach, §2.2).

The hull of a curve given by its steps, :func:`phidelta._compute.curve_hull`, is shared with
the measures and lives below both layers.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from phidelta._validation import as_float_array, check_same_length

__all__ = ["convex_hull", "dominated", "line_in_box"]


def convex_hull(x: Any, y: Any, *, keep_collinear: bool = False) -> np.ndarray:
    """Indices of the upper convex hull of points sorted by x (then y): the ROC convex hull.

    ``x``, ``y`` must be non-decreasing together (as a ROC or coverage curve is) and start and
    end at the curve's end points. Collinear middle points are dropped (true vertices only)
    unless ``keep_collinear``: then every curve point on the hull stays, which splits the hull
    into the blocks of pool-adjacent-violators.

    Parameters
    ----------
    x, y : array-like of shape (k,)
        Points sorted by x (then y), non-decreasing together.
    keep_collinear : bool, default=False
        Keep the curve points lying on hull segments.

    Returns
    -------
    ndarray of int
        Indices of the hull's points, in order.

    See Also
    --------
    phidelta.measures.roc_convex_hull : the hull of a score table's ROC curve.

    References
    ----------
    Flach, P. (2012). Machine Learning: The Art and Science of Algorithms that Make Sense of
    Data, chapter 2. Cambridge University Press. Section 2.3, Fig. 2.13.

    Examples
    --------
    >>> convex_hull([0, 0, 0.25, 0.5, 1], [0, 0.5, 0.5, 1, 1])
    array([0, 1, 3, 4])
    """
    xs, ys = as_float_array(x, "x"), as_float_array(y, "y")
    check_same_length(x=xs, y=ys)
    hull: list[int] = []
    for i in range(len(xs)):  # monotone chain over the (already sorted) curve points
        while len(hull) >= 2:
            a, b = hull[-2], hull[-1]
            cross = (xs[b] - xs[a]) * (ys[i] - ys[a]) - (ys[b] - ys[a]) * (xs[i] - xs[a])
            if cross > 0 or (cross == 0 and not keep_collinear):  # b below (or on) chord a → i
                hull.pop()
            else:
                break
        hull.append(i)
    return np.array(hull, dtype=np.intp)


def dominated(x: Any, y: Any) -> np.ndarray:
    """Whether each point (fpr, tpr) is dominated: another has x ≤ and y ≥, one strictly.

    The non-dominated points form the Pareto front of a set of classifiers (Flach, §2.1).

    Parameters
    ----------
    x, y : array-like of shape (k,)
        fpr and tpr of the points.

    Returns
    -------
    ndarray of bool, shape (k,)
        True where another point dominates.

    References
    ----------
    Flach, P. (2012). Machine Learning: The Art and Science of Algorithms that Make Sense of
    Data, chapter 2. Cambridge University Press. Section 2.1.

    Examples
    --------
    >>> dominated([0.1, 0.2, 0.3], [0.5, 0.4, 0.9])
    array([False,  True, False])
    """
    xs, ys = as_float_array(x, "x"), as_float_array(y, "y")
    check_same_length(x=xs, y=ys)
    le = xs[None, :] <= xs[:, None]
    ge = ys[None, :] >= ys[:, None]
    strict = (xs[None, :] < xs[:, None]) | (ys[None, :] > ys[:, None])
    return np.any(le & ge & strict, axis=1)


def line_in_box(
    point: tuple[float, float], slope: float, width: float = 1.0, height: float = 1.0
) -> np.ndarray:
    """The segment of the line through ``point`` with ``slope`` inside [0, width]×[0, height].

    Returns an array of shape (2, 2) (empty if the line misses the box): an isometric in ROC
    space (width = height = 1) or coverage space (width = N, height = P).

    Parameters
    ----------
    point : (float, float)
        A point of the line.
    slope : float
        Its slope.
    width, height : float, default=1.0
        The box [0, width] × [0, height].

    Returns
    -------
    ndarray of shape (2, 2) or (0, 2)
        The segment's end points, or empty if the line misses the box.

    See Also
    --------
    phidelta.measures.isometric_slope : the slope of cost isometrics.

    References
    ----------
    Flach, P. (2012). Machine Learning: The Art and Science of Algorithms that Make Sense of
    Data, chapter 2. Cambridge University Press. Section 2.2 (isometrics).

    Examples
    --------
    >>> line_in_box((0.5, 1.0), 0.5)
    array([[0.  , 0.75],
           [0.5 , 1.  ]])
    """
    x0, y0 = point
    candidates = []
    if np.isinf(slope):
        candidates = [(x0, 0.0), (x0, height)]
    else:
        for x in (0.0, width):
            candidates.append((x, y0 + slope * (x - x0)))
        if slope != 0:
            for y in (0.0, height):
                candidates.append((x0 + (y - y0) / slope, y))
    inside = [
        (x, y)
        for x, y in candidates
        if -1e-12 <= x <= width + 1e-12 and -1e-12 <= y <= height + 1e-12
    ]
    if len(inside) < 2:
        return np.empty((0, 2))
    inside.sort()
    return np.array([inside[0], inside[-1]])
