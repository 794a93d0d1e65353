"""Confidence regions in the φ-δ space: how sure is a point of the diagram?

A point of the diagram is a pair of rates — sensitivity ρ = TP/P and specificity ρ̄ = TN/N —
estimated from two independent binomial samples (the positives and the negatives). A joint
region for (ρ̄, ρ) is the rectangle of two intervals, each at level √level (Šidák: the two
intervals hold together with probability level). The φ-δ transform is linear in (ρ̄, ρ)
(Armano et al. 2019, eq. 2), so the rectangle becomes a parallelogram in the diagram — at any
class ratio — and it lies inside the diamond because the rectangle lies inside the unit square.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from phidelta._validation import (
    DEPRECATED,
    check_confidence_level,
    check_positive_int,
    check_ratio,
    renamed,
)
from phidelta.counts import BinaryCounts
from phidelta.measures import TupleResult, phi_delta_to_rates
from phidelta.measures._common import check_counts
from phidelta.measures._phidelta import _from_rates

__all__ = ["PhiDeltaRegion", "phi_delta_region"]

RegionMethod = Literal["exact", "wilson", "bootstrap"]


@dataclass(frozen=True)
class PhiDeltaRegion(TupleResult):
    """Joint confidence regions of (φ, δ), one per entry of the counts; unpacks as
    ``polygons, specificity, sensitivity``.

    Attributes
    ----------
    polygons : ndarray of shape (k, 4, 2)
        The corners (φ, δ) of each region, in order around it.
    specificity, sensitivity : ndarray of shape (k, 2)
        The rate intervals (low, high) whose product the region is.
    confidence_level : float
        The joint level: each rate interval has level √confidence_level.
    ratio : float
        The class ratio N/P of the diagram.
    method : str
        "exact", "wilson" or "bootstrap".

    See Also
    --------
    phi_delta_region : computes it.

    References
    ----------
    Armano, G., Giuliani, A., Neumann, U., Rothe, N., & Heider, D. (2019). Phi-Delta-Diagrams:
    software implementation of a visual tool for assessing classifier and feature performance.
    Machine Learning and Knowledge Extraction, 1(1), 121–137. Eq. 2, the linear map from
    rates to φ, δ.

    Examples
    --------
    >>> region = phi_delta_region(BinaryCounts(tn=[80], fp=[20], fn=[10], tp=[90]))
    >>> polygons, specificity, sensitivity = region
    >>> specificity.shape
    (1, 2)
    """

    polygons: np.ndarray
    specificity: np.ndarray
    sensitivity: np.ndarray
    confidence_level: float
    ratio: float
    method: str

    _fields = ("polygons", "specificity", "sensitivity")

    def contains(self, phi: Any, delta: Any) -> np.ndarray:
        """Whether each entry's region holds the point (φ, δ) (one point per entry, or one
        point for all): the point is mapped back to its rates, exactly (the map is linear).

        Parameters
        ----------
        phi, delta : float or array-like of shape (k,)
            One point per entry, or one point for all.

        Returns
        -------
        ndarray of bool, shape (k,)
            Whether each entry's region holds its point (False where the region is NaN).
        """
        k = len(self.polygons)
        rates = phi_delta_to_rates(
            np.broadcast_to(np.asarray(phi, dtype=float), (k,)),
            np.broadcast_to(np.asarray(delta, dtype=float), (k,)),
            self.ratio,
        )
        tolerance = 1e-12
        return (
            (rates.specificity >= self.specificity[:, 0] - tolerance)
            & (rates.specificity <= self.specificity[:, 1] + tolerance)
            & (rates.sensitivity >= self.sensitivity[:, 0] - tolerance)
            & (rates.sensitivity <= self.sensitivity[:, 1] + tolerance)
        )


def _clopper_pearson(k: np.ndarray, n: np.ndarray, level: float) -> np.ndarray:
    """Exact (Clopper–Pearson) intervals of k successes in n trials, shape (len, 2).

    The inverse incomplete beta function is costly: it is evaluated once per distinct
    (k, n) pair (counts of folds, features or runs repeat a lot) and spread back."""
    base = float(np.nanmax(n, initial=0.0)) + 1
    if len(k) > 1000 and base * base < 2.0**62:
        # (k, n) as one integer key: a 1-D unique is far faster than a unique of rows
        keys = np.nan_to_num(k).astype(np.int64) * int(base) + np.nan_to_num(n).astype(np.int64)
        distinct, first, back = np.unique(keys, return_index=True, return_inverse=True)
        if len(distinct) < len(k) // 2:
            return _clopper_pearson_each(k[first], n[first], level)[back.ravel()]
    return _clopper_pearson_each(k, n, level)


def _clopper_pearson_each(k: np.ndarray, n: np.ndarray, level: float) -> np.ndarray:
    from scipy import special

    alpha = 1 - level
    with np.errstate(divide="ignore", invalid="ignore"):
        low = np.where(k > 0, special.betaincinv(k, n - k + 1, alpha / 2), 0.0)
        high = np.where(k < n, special.betaincinv(k + 1, n - k, 1 - alpha / 2), 1.0)
    return np.column_stack([low, high])


def _wilson(k: np.ndarray, n: np.ndarray, level: float) -> np.ndarray:
    from scipy import special

    z = np.sqrt(2) * special.erfinv(level)  # the two-sided normal quantile
    with np.errstate(divide="ignore", invalid="ignore"):
        phat = k / n
        denominator = 1 + z * z / n
        centre = (phat + z * z / (2 * n)) / denominator
        half = z * np.sqrt(phat * (1 - phat) / n + z * z / (4 * n * n)) / denominator
    return np.clip(np.column_stack([centre - half, centre + half]), 0.0, 1.0)


def _bootstrap(
    k: np.ndarray, n: np.ndarray, level: float, resamples: int, rng: np.random.Generator
) -> np.ndarray:
    """Percentile intervals of a parametric bootstrap: rates redrawn as binomial proportions
    of the (rounded) class size; works for soft counts, whose sizes need not be integers."""
    size = np.maximum(np.rint(n), 1).astype(np.int64)
    rate = np.clip(np.divide(k, n, out=np.zeros_like(k), where=n > 0), 0.0, 1.0)
    draws = rng.binomial(size[None, :], rate[None, :], size=(resamples, len(k))) / size[None, :]
    tail = (1 - level) / 2
    return np.quantile(draws, [tail, 1 - tail], axis=0).T


def phi_delta_region(
    counts: BinaryCounts,
    *,
    confidence_level: float = 0.95,
    method: RegionMethod = "exact",
    ratio: float = 1.0,
    n_resamples: int = 2000,
    random_state: Any = None,
    level: float | None = None,
    resamples: int | None = None,
) -> PhiDeltaRegion:
    """Joint confidence regions of (φ, δ) for every entry of ``counts``.

    Parameters
    ----------
    counts : BinaryCounts
        Integer or soft counts; entries without positives or without negatives have NaN
        regions.
    confidence_level : float, default=0.95
        The joint confidence level (Šidák: each rate interval at √confidence_level).
    method : {"exact", "wilson", "bootstrap"}, default="exact"
        Clopper–Pearson intervals (coverage at least `confidence_level`), Wilson intervals
        (close to `confidence_level` on average), or a seeded parametric bootstrap (soft
        counts).
    ratio : float, default=1.0
        The class ratio N/P of the diagram the regions are drawn in, in [0.1, 10].
    n_resamples : int, default=2000
        Bootstrap resamples, at least 10 (``method="bootstrap"`` only).
    random_state : None, int or numpy.random.Generator, default=None
        Seed of the bootstrap, as in SciPy (None: fresh entropy).
    level, resamples : optional
        Former names of `confidence_level` and `n_resamples` (deprecated).

    Returns
    -------
    PhiDeltaRegion
        One parallelogram per entry; unpacks as ``polygons, specificity, sensitivity``.

    Raises
    ------
    TypeError
        If `counts` is not a :class:`~phidelta.counts.BinaryCounts`.
    ValueError
        If `confidence_level` is not in (0, 1), `method` is unknown, `ratio` is outside
        [0.1, 10], `n_resamples` is below 10, or ``method="exact"`` is asked of soft counts.

    See Also
    --------
    wilson_interval, rate_intervals : intervals of single rates.

    References
    ----------
    Armano, G., Giuliani, A., Neumann, U., Rothe, N., & Heider, D. (2019). Phi-Delta-Diagrams:
    software implementation of a visual tool for assessing classifier and feature performance.
    Machine Learning and Knowledge Extraction, 1(1), 121–137. Eq. 2.

    Clopper, C. J., & Pearson, E. S. (1934). The use of confidence or fiducial limits
    illustrated in the case of the binomial. Biometrika, 26(4), 404–413.

    Šidák, Z. (1967). Rectangular confidence regions for the means of multivariate normal
    distributions. Journal of the American Statistical Association, 62(318), 626–633.

    Examples
    --------
    >>> region = phi_delta_region(BinaryCounts(tn=[80], fp=[20], fn=[10], tp=[90]))
    >>> region.polygons.shape, bool(region.contains(0.1, 0.7)[0])
    ((1, 4, 2), True)
    """
    c = check_counts(counts)
    joint = check_confidence_level(confidence_level, level, where="phi_delta_region")
    n_resamples = renamed(
        n_resamples,
        DEPRECATED if resamples is None else resamples,
        name="n_resamples",
        old="resamples",
        where="phi_delta_region",
    )
    n_resamples = check_positive_int(n_resamples, "n_resamples", minimum=10)
    if method not in ("exact", "wilson", "bootstrap"):
        raise ValueError(f'`method` must be "exact", "wilson" or "bootstrap"; got {method!r}.')
    r = float(check_ratio(ratio, geometry=True))
    tn, fp, fn, tp = (np.asarray(getattr(c, f), dtype=np.float64) for f in ("tn", "fp", "fn", "tp"))
    each = float(np.sqrt(joint))  # Šidák: two independent intervals
    if method == "exact":
        if c.is_soft:
            raise ValueError('Soft counts have no exact intervals; use method="bootstrap".')
        spec, sens = _clopper_pearson(tn, tn + fp, each), _clopper_pearson(tp, tp + fn, each)
    elif method == "wilson":
        spec, sens = _wilson(tn, tn + fp, each), _wilson(tp, tp + fn, each)
    else:
        rng = np.random.default_rng(random_state)
        spec = _bootstrap(tn, tn + fp, each, n_resamples, rng)
        sens = _bootstrap(tp, tp + fn, each, n_resamples, rng)
    undefined = ((tn + fp) == 0) | ((tp + fn) == 0)
    spec[undefined] = np.nan
    sens[undefined] = np.nan
    # the rectangle's corners, in order around it, through the (linear) transform
    corner_spec = spec[:, [0, 1, 1, 0]]
    corner_sens = sens[:, [0, 0, 1, 1]]
    phi, delta = _from_rates(corner_spec, corner_sens, np.asarray(r))
    return PhiDeltaRegion(
        polygons=np.stack([phi, delta], axis=2),
        specificity=spec,
        sensitivity=sens,
        confidence_level=joint,
        ratio=r,
        method=method,
    )
