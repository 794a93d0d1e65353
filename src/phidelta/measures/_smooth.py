"""Smoothed ROC curves (pROC's ``smooth``): the binormal model and kernel density estimates of
the two classes' scores, with the areas under them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
from scipy.special import ndtr, ndtri

from phidelta._validation import check_positive_int
from phidelta.counts import ScoreTable
from phidelta.measures._binormal import _fit
from phidelta.measures._ranking import _check_table, _check_two_classes
from phidelta.measures._results import TupleResult

__all__ = ["SmoothRocCurve", "smooth_roc"]

_METHODS = ("binormal", "density")
_BANDWIDTHS = ("nrd0", "nrd")


@dataclass(frozen=True)
class SmoothRocCurve(TupleResult):
    """A smoothed ROC curve and the area under it.

    Unpacks as ``fpr, tpr``; the other fields are attributes.

    Attributes
    ----------
    fpr, tpr : ndarray
        The curve from (0, 0) to (1, 1), fpr non-decreasing: pROC's points (its n smoothed
        points and both ends) in ROC order.
    auc : float
        The area under the curve: Φ(a/√(1 + b²)) for the binormal model, the trapezoidal area
        of the points for the density method (as pROC's ``auc``).
    method : str
        "binormal" or "density".
    intercept, slope : float
        The binormal curve tpr = Φ(a + b·Φ⁻¹(fpr)): a and b (NaN for the density method).
    bandwidth : float
        The kernel's standard deviation (NaN for the binormal model).

    See Also
    --------
    smooth_roc : computes it.
    roc_curve : the empirical curve.

    References
    ----------
    Robin, X., et al. (2011). pROC: an open-source package for R and S+ to analyze and compare
    ROC curves. BMC Bioinformatics, 12, 77.

    Examples
    --------
    >>> t = ScoreTable.from_scores([0, 0, 1, 0, 1, 1, 0, 1], [1, 2, 3, 4, 5, 6, 7, 8])
    >>> fpr, tpr = smooth_roc(t)
    >>> float(fpr[0]), float(tpr[-1])
    (0.0, 1.0)
    """

    fpr: np.ndarray
    tpr: np.ndarray
    auc: float
    method: str
    intercept: float = float("nan")
    slope: float = float("nan")
    bandwidth: float = float("nan")

    _fields: ClassVar[tuple[str, ...]] = ("fpr", "tpr")


def _quantile(values: np.ndarray, counts: np.ndarray, q: float) -> float:
    """R's default quantile (type 7) of the data that repeat each value its count times."""
    total = counts.sum()
    h = (total - 1) * q
    ends = np.cumsum(counts)  # the sorted data's index of each value's last copy, plus 1
    below = values[np.searchsorted(ends, np.floor(h), side="right")]
    above = values[np.searchsorted(ends, np.ceil(h), side="right")]
    return float(below + (h - np.floor(h)) * (above - below))


def _bandwidth(values: np.ndarray, counts: np.ndarray, rule: str) -> float:
    """R's ``bw.nrd0`` or ``bw.nrd`` of the data (values with their counts, ascending)."""
    total = counts.sum()
    mean = np.dot(values, counts) / total
    spread = np.sqrt(np.dot((values - mean) ** 2, counts) / (total - 1))  # R's sd
    iqr = (_quantile(values, counts, 0.75) - _quantile(values, counts, 0.25)) / 1.34
    if rule == "nrd":
        return float(1.06 * min(spread, iqr) * total ** (-0.2))
    low = min(spread, iqr)
    if not low:  # R: the sd, else the first value's size, else 1
        low = spread or abs(float(values[0])) or 1.0
    return float(0.9 * low * total ** (-0.2))


def _density(
    values: np.ndarray, weights: np.ndarray, bandwidth: float, low: float, high: float, n: int
) -> np.ndarray:
    """R's ``density(x, weights, bw, from = low, to = high, n)`` with a Gaussian kernel: the
    data binned linearly on a grid of 2m points (m = max(n, 512), a power of two above 512),
    convolved with the kernel by FFT and read at n points from `low` to `high`."""
    m = max(n, 512)
    if m > 512:
        m = 1 << int(np.ceil(np.log2(m)))
    lo, up = low - 4 * bandwidth, high + 4 * bandwidth
    step = (up - lo) / (m - 1)
    position = (values - lo) / step
    cell = np.floor(position).astype(np.int64)  # within [0, m − 2]: the data lie inside
    share = position - cell
    binned = np.bincount(cell, weights * (1 - share), minlength=2 * m)
    binned += np.bincount(cell + 1, weights * share, minlength=2 * m)
    offsets = np.linspace(0, 2 * (up - lo), 2 * m)
    offsets[m + 1 :] = -offsets[m - 1 : 0 : -1]
    kernel = np.exp(-0.5 * (offsets / bandwidth) ** 2) / (bandwidth * np.sqrt(2 * np.pi))
    smoothed = np.fft.ifft(np.fft.fft(binned) * np.conj(np.fft.fft(kernel))).real[:m]
    smoothed = np.maximum(smoothed, 0)
    return np.interp(np.linspace(low, high, n), np.linspace(lo, up, m), smoothed)


def smooth_roc(
    table: ScoreTable,
    *,
    method: str = "binormal",
    n: int = 512,
    bandwidth: str | float = "nrd0",
    adjust: float = 1.0,
) -> SmoothRocCurve:
    """A smoothed ROC curve, as pROC's ``smooth(roc, method, n, bw, adjust)`` computes it.

    ``method="binormal"``: Φ⁻¹(specificity) is regressed on Φ⁻¹(sensitivity) over the
    empirical points strictly inside the unit square (least squares, as pROC), giving the
    curve tpr = Φ(a + b·Φ⁻¹(fpr)) of two normal score distributions (Metz 1978), read at n
    sensitivities evenly spaced on [0, 1]; its area is Φ(a/√(1 + b²)) (see
    :func:`binormal_auc`).

    ``method="density"``: each class's scores get a Gaussian kernel density estimate, R's
    ``density`` (linear binning, FFT convolution) on n points from min − 3h to max + 3h of all
    scores, with the bandwidth h of R's ``bw.nrd0`` (Silverman's rule of thumb,
    0.9·min(sd, IQR/1.34)·N^(−1/5), default), ``bw.nrd`` (Scott's variation, 1.06·…) or a
    number, times `adjust`; the curve's points are the densities' tail sums at each grid
    point, and its area is the trapezoidal area. The counts of the table weigh their scores
    (frequency weights: an unweighted table gives R's numbers exactly; soft counts are
    weights).

    Parameters
    ----------
    table : ScoreTable
        Scores of both classes.
    method : {"binormal", "density"}, default="binormal"
        The smoothing.
    n : int, default=512
        Smoothed points (pROC's default); at least 2.
    bandwidth : {"nrd0", "nrd"} or float, default="nrd0"
        For ``"density"``: R's bandwidth rule, or the kernel's standard deviation.
    adjust : float, default=1.0
        For ``"density"``: a factor on the bandwidth.

    Returns
    -------
    SmoothRocCurve
        Unpacks as ``fpr, tpr``; ``auc``, ``method``, ``intercept``, ``slope``, ``bandwidth``.

    Raises
    ------
    TypeError
        If `table` is not a :class:`~phidelta.counts.ScoreTable` or `n` is not an integer.
    ValueError
        If a class is absent, `method` or a bandwidth rule is unknown, a bandwidth or `adjust`
        is not positive and finite, or (binormal) fewer than two empirical points lie inside
        the unit square.

    See Also
    --------
    binormal_auc : the binormal area alone.
    roc_curve : the empirical curve.

    References
    ----------
    Robin, X., et al. (2011). pROC: an open-source package for R and S+ to analyze and compare
    ROC curves. BMC Bioinformatics, 12, 77.

    Metz, C. E. (1978). Basic principles of ROC analysis. Seminars in Nuclear Medicine, 8(4),
    283–298.

    Silverman, B. W. (1986). Density Estimation for Statistics and Data Analysis. Chapman &
    Hall, eq. 3.31.

    Examples
    --------
    >>> t = ScoreTable.from_scores([0, 0, 1, 0, 1, 1, 0, 1], [1, 2, 3, 4, 5, 6, 7, 8])
    >>> round(smooth_roc(t).auc, 4)
    0.7028
    >>> curve = smooth_roc(t, method="density")
    >>> round(curve.auc, 4), round(curve.bandwidth, 4)
    (0.7115, 1.4545)
    """
    t = _check_table(table)
    _check_two_classes(t, "A smoothed ROC curve")
    if not isinstance(method, str) or method not in _METHODS:
        raise ValueError(f"`method` must be one of {list(_METHODS)}; got {method!r}.")
    n = check_positive_int(n, "n", minimum=2)
    if method == "binormal":
        a, b = _fit(t)
        intercept, slope = a / b, -1 / b  # pROC's line Φ⁻¹(sp) = intercept + slope·Φ⁻¹(se)
        with np.errstate(invalid="ignore"):
            se = ndtri(np.linspace(0, 1, n))
            sensitivity, specificity = ndtr(se), ndtr(intercept + slope * se)
        auc = float(ndtr(a / np.sqrt(1 + b * b)))
        width = float("nan")
    else:
        if isinstance(bandwidth, str):
            if bandwidth not in _BANDWIDTHS:
                raise ValueError(
                    f"`bandwidth` must be a number or one of {list(_BANDWIDTHS)}; "
                    f"got {bandwidth!r}."
                )
        else:
            _check_positive(bandwidth, "bandwidth")
        _check_positive(adjust, "adjust")
        values = t.scores[::-1]  # ascending
        positives = t.positives[::-1].astype(np.float64)
        negatives = t.negatives[::-1].astype(np.float64)
        counts = positives + negatives
        if isinstance(bandwidth, str):
            width = _bandwidth(values, counts, bandwidth)
            if not width > 0:  # "nrd" of scores without spread (R: "'bw' is not positive")
                raise ValueError(
                    f"The scores have no spread: the {bandwidth!r} bandwidth is 0; give "
                    "`bandwidth` as a number."
                )
        else:
            width = float(bandwidth)
        width *= float(adjust)
        low, high = values[0] - 3 * width, values[-1] + 3 * width
        cases = _density(values, positives / positives.sum(), width, low, high, n)
        controls = _density(values, negatives / negatives.sum(), width, low, high, n)
        # pROC: at grid point i, positive when at or above it
        sensitivity = np.cumsum(cases[::-1])[::-1] / cases.sum()
        specificity = np.concatenate([[0.0], np.cumsum(controls)[:-1]]) / controls.sum()
        intercept = slope = float("nan")
    if np.any(np.diff(specificity) < 0):  # pROC sorts by specificity
        sensitivity, specificity = sensitivity[::-1], specificity[::-1]
    specificity = np.concatenate([[0.0], specificity, [1.0]])
    sensitivity = np.concatenate([[1.0], sensitivity, [0.0]])
    if method == "density":  # pROC's auc: trapezoids over the specificity
        auc = float(np.sum(np.diff(specificity) * (sensitivity[1:] + sensitivity[:-1]) / 2))
    return SmoothRocCurve(
        fpr=(1 - specificity)[::-1],
        tpr=sensitivity[::-1],
        auc=auc,
        method=method,
        intercept=float(a) if method == "binormal" else intercept,
        slope=float(b) if method == "binormal" else slope,
        bandwidth=width,
    )


def _check_positive(value: Any, name: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float | np.integer | np.floating):
        raise TypeError(f"`{name}` must be a positive number; got {type(value).__name__}.")
    if not (np.isfinite(value) and value > 0):
        raise ValueError(f"`{name}` must be positive and finite; got {value!r}.")
