"""Shared numerical kernels: pure array functions that any layer may import.

The package's layers import only downward (counts → measures → geometry → rendering and the
interfaces). Math needed by two layers therefore lives below all of them, here, beside the
shared input checks of :mod:`phidelta._validation` — as torchmetrics keeps its shared
kernels in ``utilities/compute.py``. A kernel here knows nothing of counts objects, measures or
plots; it takes arrays and returns arrays.

The convex hull of a ROC or coverage curve is such a kernel: the measures need it
(:func:`phidelta.measures.roc_convex_hull`, the Laplace-corrected
:class:`phidelta.measures.IsotonicCalibrator`) and it belongs to the geometry of ROC space
(Flach, §2.2), which sits above the measures. Kept in ``geometry`` it made the measures import
upward; kept in ``measures`` the geometry would reach into a private measures module.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from phidelta._validation import as_float_array, check_same_length

__all__ = [
    "BLOCK_ROWS",
    "HUGE_PAGE",
    "criterion_gain",
    "curve_hull",
    "dot",
    "empty_large",
    "unit_scale",
    "upper_tpr_at",
]

#: Rows per block of the package's blocked passes (score keys, ranked labels, running sums, the
#: bootstrap's counts): a block's temporaries (2¹⁶ 8-byte numbers, 512 KiB) stay in a core's
#: cache, so no pass needs a full-length temporary — on large inputs fresh memory costs as much
#: as the arithmetic done in it.
BLOCK_ROWS = 1 << 16

#: The size of a transparent huge page on x86-64 and most Linux systems.
HUGE_PAGE = 2 << 20
#: From this size on NumPy asks Linux for huge pages (``madvise``), and :func:`empty_large`
#: places an array at a huge-page boundary.
LARGE_BYTES = 4 << 20


def empty_large(n: int, dtype: Any = np.float64) -> np.ndarray:
    """``np.empty(n, dtype)``, placed at a 2 MiB boundary when it takes 4 MiB or more.

    Fresh memory is mapped in when it is first written, a page fault at a time. NumPy asks
    Linux for transparent huge pages for large arrays, but the kernel can only back the
    2 MiB-aligned stretches of an allocation with them: the rest of an unaligned 8 MB array is
    faulted in 4 KiB pages. Placed at a boundary, the whole array takes a fault per 2 MiB —
    measured on the benchmark machine, writing a fresh 8 MB array took 1.0 ms and 5 faults
    instead of 2.2–3.7 ms and 421–932. The array is a view into an allocation 2 MiB longer,
    whose unused head and tail are never written, so never mapped in. Elsewhere (no huge
    pages, another system) it is an ordinary array with a little more address space.

    Examples
    --------
    >>> a = empty_large(1_000_000)
    >>> a.shape, a.dtype, a.ctypes.data % HUGE_PAGE
    ((1000000,), dtype('float64'), 0)
    >>> empty_large(10).base is None  # small: a plain array
    True
    """
    dtype = np.dtype(dtype)
    nbytes = n * dtype.itemsize
    if nbytes < LARGE_BYTES:
        return np.empty(n, dtype)
    raw = np.empty(nbytes + HUGE_PAGE, dtype=np.uint8)
    offset = -raw.ctypes.data % HUGE_PAGE
    return raw[offset : offset + nbytes].view(dtype)


def dot(a: np.ndarray, b: np.ndarray) -> float:
    """Σ aᵢ·bᵢ of two 1-D arrays on the calling thread only: NumPy's own vectorized loop
    (``einsum``), never BLAS.

    ``np.dot`` of float vectors calls BLAS, and OpenBLAS shares out a product of more than
    about 10⁴ numbers among threads of its own: in a blocked pass, one product per block, each
    call starts or wakes BLAS threads on top of phidelta's helper threads, and on a busy
    machine waits for them (see :mod:`phidelta._parallel`). A block's product is cheap anyway.

    Examples
    --------
    >>> dot(np.array([1.0, 2.0, 3.0]), np.array([0.5, 0.0, 2.0]))
    6.5
    """
    return float(np.einsum("i,i->", a, b))


def unit_scale(largest: Any) -> np.ndarray:
    """The power of two that brings ``largest`` into [0.5, 1) (1 for 0): multiplying numbers by
    it is exact, so a result that does not depend on their scale is unchanged bit for bit,
    while their products can no longer overflow or underflow. Elementwise for arrays.

    Examples
    --------
    >>> unit_scale(np.array([1e300, 3.0, 0.0])) * np.array([1e300, 3.0, 0.0])
    array([0.74661089, 0.75      , 0.        ])
    """
    return np.ldexp(1.0, -np.frexp(largest)[1])


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


def upper_tpr_at(fpr: np.ndarray, tpr: np.ndarray, grid: np.ndarray) -> np.ndarray:
    """tpr of a ROC polyline at each grid fpr, taking the top of vertical segments.

    ``fpr`` ascending, ``tpr`` ascending within an fpr value. Between two fpr values the curve
    runs from the top of the first value's vertical segment to the *bottom* of the next one's
    (a tie diagonal, then up): interpolating top to top would overestimate tpr there. The
    measures read a curve at a specificity with it (pROC's ``coords``), the inference layer
    every resample's curve at once.

    Examples
    --------
    >>> upper_tpr_at(np.array([0.0, 0.0, 0.5, 1.0]), np.array([0.0, 0.5, 1.0, 1.0]),
    ...              np.array([0.0, 0.25]))
    array([0.5 , 0.75])
    """
    last = np.r_[fpr[1:] != fpr[:-1], True]  # the last point of each fpr value: its top
    first = np.r_[True, fpr[1:] != fpr[:-1]]  # the first point: its bottom
    values, tops, bottoms = fpr[last], tpr[last], tpr[first]
    i = np.clip(np.searchsorted(values, grid, side="right") - 1, 0, len(values) - 1)
    j = np.minimum(i + 1, len(values) - 1)
    span = values[j] - values[i]
    with np.errstate(invalid="ignore", divide="ignore"):
        share = np.where(span > 0, (grid - values[i]) / span, 0.0)
    inside = tops[i] + share * (bottoms[j] - tops[i])
    return np.where(grid == values[i], tops[i], inside)


def criterion_gain(
    fpr: Any, tpr: Any, criterion: str, ratio: float, cost: float, *, weighted: bool
) -> Any:
    """The value of ROC points under an operating criterion (higher is better), for arrays of
    any shape: c·p·tpr − n·fpr for "cost" (Flach §2.2; p = 1/(1 + r), n = r/(1 + r)),
    tpr − w·fpr for "youden" and −((1 − tpr)² + w·fpr²) for "closest_topleft", with pROC's
    weight w = (1 − prevalence)/(cost · prevalence) = r/c (r = 1 unless ``weighted``). The
    measures' optimal points and the inference layer's resampled best points share it.

    Examples
    --------
    >>> float(criterion_gain(0.25, 0.75, "youden", 1.0, 1.0, weighted=False))
    0.5
    """
    if criterion == "cost":
        return cost * tpr / (1 + ratio) - ratio / (1 + ratio) * fpr
    weight = (ratio if weighted else 1.0) / cost
    if criterion == "youden":
        return tpr - weight * fpr
    return -((1 - tpr) ** 2 + weight * fpr**2)
