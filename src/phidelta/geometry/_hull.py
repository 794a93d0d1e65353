"""The ROC convex hull and isometric lines of ROC and coverage space (Flach, §2.2)."""

from __future__ import annotations

from typing import Any

import numpy as np

from phidelta._validation import as_float_array, check_same_length

__all__ = ["convex_hull", "curve_hull", "dominated", "line_in_box"]


def curve_hull(dx: Any, dy: Any, *, keep_collinear: bool = False) -> np.ndarray:
    """Vertices of the convex hull of a monotone staircase curve, by pool-adjacent-violators.

    The curve starts at (0, 0) and takes steps (dxᵢ, dyᵢ) ≥ 0 (a coverage or ROC curve, one
    step per distinct score). Its concave hull is where the step slopes, pooled, become
    non-increasing: isotonic regression of rᵢ = dyᵢ/(dxᵢ + dyᵢ) with weights dxᵢ + dyᵢ (a
    shear of the curve that keeps lines and convexity). Returns the indices (0..len(dx)) of
    the curve points that are hull vertices; with ``keep_collinear`` also every curve point
    lying exactly on the hull — the blocks of pool-adjacent-violators. Linear time in C
    (scipy.optimize.isotonic_regression).

    Examples
    --------
    >>> curve_hull([0, 0, 1, 0, 0, 1, 0, 0, 1, 1], [1, 1, 0, 1, 1, 0, 1, 1, 0, 0])
    array([ 0,  2,  8, 10])
    """
    from scipy.optimize import isotonic_regression

    x = as_float_array(dx, "dx")
    y = as_float_array(dy, "dy")
    check_same_length(dx=x, dy=y)
    if np.any(x < 0) or np.any(y < 0):
        raise ValueError("Curve steps must be non-negative.")
    weight = x + y
    steps = np.flatnonzero(weight > 0)  # empty steps do not move the curve
    if len(steps) == 0:
        return np.array([0], dtype=np.intp)
    rate = y[steps] / weight[steps]
    blocks = isotonic_regression(rate, weights=weight[steps], increasing=False).blocks
    # block b covers steps[blocks[b]] .. steps[blocks[b+1]-1]; its end point is the curve
    # point after that step (curve point k follows step k-1)
    ends = steps[np.asarray(blocks[1:]) - 1] + 1
    vertices = np.unique(np.concatenate([[0], ends, [len(x)]]))
    if not keep_collinear:
        return vertices
    cx = np.concatenate([[0.0], np.cumsum(x)])
    cy = np.concatenate([[0.0], np.cumsum(y)])
    block = np.searchsorted(vertices, np.arange(len(cx)), side="right") - 1
    block = np.minimum(block, len(vertices) - 2)
    start, end = vertices[block], vertices[block + 1]
    cross = (cx[end] - cx[start]) * (cy - cy[start]) - (cy[end] - cy[start]) * (cx - cx[start])
    scale = np.maximum(np.abs(cx[end] - cx[start]) + np.abs(cy[end] - cy[start]), 1.0)
    on_hull = np.abs(cross) <= 1e-12 * scale * scale
    on_hull[vertices] = True
    return np.flatnonzero(on_hull)


def convex_hull(x: Any, y: Any, *, keep_collinear: bool = False) -> np.ndarray:
    """Indices of the upper convex hull of points sorted by x (then y): the ROC convex hull.

    ``x``, ``y`` must be non-decreasing together (as a ROC or coverage curve is) and start and
    end at the curve's end points. Collinear middle points are dropped (true vertices only)
    unless ``keep_collinear``: then every curve point on the hull stays, which splits the hull
    into the blocks of pool-adjacent-violators.

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
