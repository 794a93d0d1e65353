"""Cleveland's lowess, without robustness iterations: the smoother of calibration curves.

rms's ``val.prob`` smooths the outcomes against the predicted probabilities with
``lowess(p, y, iter = 0)`` and reads Emax, E90 and Eavg off that curve; this is the same
smoother, so that those statistics agree with rms to rounding.

The algorithm (Cleveland 1979; Cleveland 1981, the program LOWESS) fits, at a point xᵢ, a
straight line by least squares to the ``ns = ⌊f·n⌋`` nearest points (ties with the farthest of
them included), weighted by the tricube (1 − (r/h)³)³ of their distance r over the largest
distance h (points closer than h/1000 weigh 1, points farther than 0.999·h nothing). Where
those points are too close together for a slope (their weighted standard deviation is at most
1/1000 of the range of x) the local fit is the weighted mean. To save time the line is fitted
at a subset of the points only: after a fit at xᵢ the points within ``delta`` of it are
skipped, except the last of them, and get the straight line between the two fits around them;
points tied with a fitted one get its value. Robustness iterations (bisquare reweighting of
residuals) are left out: with outcomes of 0 and 1 they would discount the minority class, and
val.prob turns them off.

References
----------
Cleveland, W. S. (1979). Robust locally weighted regression and smoothing scatterplots.
Journal of the American Statistical Association, 74(368), 829–836.

Cleveland, W. S. (1981). LOWESS: a program for smoothing scatterplots by robust locally
weighted regression. The American Statistician, 35(1), 54.
"""

from __future__ import annotations

import numpy as np

__all__ = ["lowess"]


def lowess(
    x: np.ndarray, y: np.ndarray, *, span: float = 2 / 3, delta: float | None = None
) -> np.ndarray:
    """Lowess fitted values at every point, in the order of ``x`` (no robustness iterations).

    ``x`` and ``y`` are finite 1-D float arrays of one length (checked by the caller);
    ``delta`` defaults to 1 % of the range of ``x``, as R's ``lowess``.

    Examples
    --------
    >>> x, y = np.array([1.0, 2, 3, 4, 5, 6]), np.array([1.0, 3, 2, 5, 4, 6])
    >>> lowess(x, y).round(6)
    array([1.359317, 2.141068, 3.145242, 3.854758, 4.858932, 5.640683])
    """
    n = len(x)
    if n < 2:
        return y.astype(np.float64, copy=True)
    order = np.argsort(x, kind="stable")  # ties keep their order, as R's order() does
    xs, ys = x[order], y[order]
    if delta is None:
        delta = 0.01 * float(xs[-1] - xs[0])
    ns = max(2, min(n, int(span * n + 1e-7)))
    fits = _fit_points(xs, delta)
    values = np.array([_local_fit(xs, ys, i, ns) for i in fits])  # one fit per point of `fits`
    fitted = np.empty(n)
    fitted[order] = _between_fits(xs, fits, values)
    return fitted


def _fit_points(xs: np.ndarray, delta: float) -> np.ndarray:
    """The indices where a line is fitted: the first point, then after a fit at i (and its
    ties) the last point within delta of x_i, or the next point when there is none.

    Each pair of consecutive fits advances x by more than delta, so there are at most about
    2·range/delta + 2 of them (≈ 200 at the default delta), however many points there are.
    """
    n = len(xs)
    fits = []
    i = 0
    while True:
        fits.append(i)
        last = int(np.searchsorted(xs, xs[i], side="right")) - 1  # the ties of x_i
        if last >= n - 1:
            return np.array(fits)
        beyond = int(np.searchsorted(xs, xs[i] + delta, side="right"))  # first x > x_i + delta
        i = max(last + 1, beyond - 1)


def _local_fit(xs: np.ndarray, ys: np.ndarray, i: int, ns: int) -> float:
    """The weighted local line at x_i, from the ns nearest points (Cleveland 1979, §2)."""
    n, xi = len(xs), xs[i]
    # the window of ns consecutive points starting at `left`: moved right while that brings
    # its farthest point closer, i.e. the first left with x_i − x[left] <= x[left + ns] − x_i
    # (compared as written, so a tie keeps the window on the left); the comparison turns true
    # once and stays true as left grows, so it is found by bisection
    low, high = 0, n - ns
    while low < high:
        mid = (low + high) // 2
        if xi - xs[mid] > xs[mid + ns] - xi:
            low = mid + 1
        else:
            high = mid
    left = low
    h = max(xi - xs[left], xs[left + ns - 1] - xi)
    # every point from `left` on within 0.999 h counts, ties beyond the window too; the slice
    # reaches x_i + h, and the points in it farther than 0.999 h weigh nothing
    stop = int(np.searchsorted(xs, xi + h, side="right"))
    window = xs[left:stop]
    r = np.abs(window - xi)
    if h > 0:
        w = r / h
        cube = w * w
        cube *= w
        np.subtract(1.0, cube, out=cube)  # t = 1 − (r/h)³
        np.multiply(cube, cube, out=w)
        w *= cube  # the tricube t³
    else:
        w = np.zeros_like(r)
    w[r <= 0.001 * h] = 1.0
    w[r > 0.999 * h] = 0.0
    total = w.sum()
    if total <= 0:
        return float(ys[i])
    y = ys[left:stop]
    if h > 0:
        centre = np.sum(w * window) / total
        deviation = window - centre
        weighted = w * deviation
        spread = np.sum(weighted * deviation) / total
        if np.sqrt(spread) > 0.001 * (xs[-1] - xs[0]):  # enough spread for a slope
            # the weighted least-squares line read at x_i:
            # Σ w y / Σ w + (x_i − x̄)·Σ w (x − x̄) y / Σ w (x − x̄)²
            slope_term = (xi - centre) / spread * np.sum(weighted * y)
            return float((np.sum(w * y) + slope_term) / total)
    return float(np.sum(w * y) / total)


def _between_fits(xs: np.ndarray, fits: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Every point's value: a fitted point's own, its ties' the same, the skipped points on
    the straight line between the fits around them."""
    k = np.searchsorted(fits, np.arange(len(xs)), side="right") - 1  # the fit at or before
    before = fits[k]
    after = fits[np.minimum(k + 1, len(fits) - 1)]
    gap = xs[after] - xs[before]
    tied = xs == xs[before]
    with np.errstate(divide="ignore", invalid="ignore"):
        alpha = np.where(tied, 0.0, (xs - xs[before]) / np.where(tied, 1.0, gap))
    nxt = values[np.minimum(k + 1, len(fits) - 1)]
    return np.where(tied, values[k], alpha * nxt + (1.0 - alpha) * values[k])
