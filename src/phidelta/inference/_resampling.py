"""The primitives of every bootstrap in :mod:`phidelta.inference`: the checks of its options,
the generator from ``random_state``, quantiles over the defined resamples, BCa's bounds
(Efron 1987) and its acceleration from leave-one-out values. The bootstraps on counts
(``_count_bootstrap``), of groups (``_clustered``) and of paired tables build on them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from scipy import special

if TYPE_CHECKING:
    from phidelta.counts import BinaryCounts

__all__ = [
    "BOOTSTRAP_METHODS",
    "check_resampling",
    "distinct_entries",
    "generator",
    "jackknife_acceleration",
]

#: The bootstrap intervals, by name.
BOOTSTRAP_METHODS: tuple[str, ...] = ("bca", "percentile")


def distinct_entries(labels: Any) -> tuple[np.ndarray, np.ndarray] | None:
    """The entries to resample when equal entries must get equal bounds: ``labels[e]`` says
    which entries are equal (an array, whose rows are compared, or a sequence of hashable
    labels). Returns the first
    entry of each distinct label, in order of first appearance (so the draws are those the
    entries would get without their repeats), and for every entry the position of its label
    in that list; None when no two entries are equal.

    >>> first, where = distinct_entries(["a", "b", "a"])
    >>> first.tolist(), where.tolist()
    ([0, 1], [0, 1, 0])
    """
    if isinstance(labels, np.ndarray):
        codes = labels
    else:  # hashable labels, numbered in order of first appearance
        numbers: dict[Any, int] = {}
        codes = np.array([numbers.setdefault(label, len(numbers)) for label in labels])
    _, first, inverse = np.unique(
        codes, axis=0 if codes.ndim > 1 else None, return_index=True, return_inverse=True
    )
    if len(first) == len(codes):
        return None
    order = np.argsort(first, kind="stable")
    rank = np.empty_like(order)
    rank[order] = np.arange(len(order))
    return first[order], rank[inverse.reshape(-1)]


def check_resampling(
    counts: BinaryCounts | None, n_resamples: Any, method: Any, where: str
) -> tuple[int, str]:
    """The checks of a bootstrap on counts: integer counts (None: checked by the caller),
    ``n_resamples`` and ``method``."""
    if isinstance(n_resamples, bool) or not isinstance(n_resamples, int | np.integer):
        raise TypeError(f"`n_resamples` must be an int; got {type(n_resamples).__name__}.")
    if n_resamples < 10:
        raise ValueError(f"`n_resamples` must be at least 10; got {n_resamples}.")
    if not isinstance(method, str) or method not in BOOTSTRAP_METHODS:
        raise ValueError(f"`method` must be one of {list(BOOTSTRAP_METHODS)}; got {method!r}.")
    if counts is not None and counts.is_soft:
        raise ValueError(
            f"{where} resamples integer counts; `counts` are soft (weighted). Use a closed-form "
            "method, or round the counts."
        )
    return int(n_resamples), method


def generator(random_state: Any) -> np.random.Generator:
    """SciPy's ``random_state``: None = fresh entropy, an int or a SeedSequence seeds, a
    Generator is used as it is."""
    if isinstance(random_state, np.random.RandomState):
        raise TypeError("`random_state` must be None, an int, a SeedSequence or a Generator.")
    try:
        return np.random.default_rng(random_state)
    except (TypeError, ValueError) as exc:
        raise TypeError(
            "`random_state` must be None, an int, a SeedSequence or a Generator; got "
            f"{type(random_state).__name__}."
        ) from exc


def _quantiles(ordered: np.ndarray, q_low: Any, q_high: Any) -> tuple[np.ndarray, np.ndarray]:
    """Quantiles of each row of sorted values (NaN last), NumPy's linear interpolation over
    the defined values of the row; NaN where a row has none. `q_low`, `q_high`: scalars or
    one per row."""
    defined = np.count_nonzero(~np.isnan(ordered), axis=1)
    rows = np.arange(len(ordered))
    result = []
    for q in (q_low, q_high):
        position = np.asarray(q, dtype=np.float64) * np.maximum(defined - 1, 0)
        below = np.floor(position).astype(np.int64)
        above = np.minimum(below + 1, np.maximum(defined - 1, 0))
        fraction = position - below
        a, b = ordered[rows, below], ordered[rows, above]
        with np.errstate(invalid="ignore"):
            value = np.where(a == b, a, a + fraction * (b - a))  # a == b also for equal infinities
        result.append(np.where(defined > 0, value, np.nan))
    return result[0], result[1]


def jackknife_acceleration(cells: np.ndarray, theta: np.ndarray) -> np.ndarray:
    """BCa's acceleration from the leave-one-out values: ``theta[i, c]`` is the statistic of
    table ``i`` with one count of its cell ``c`` left out (any number of cells; Efron 1987,
    eq. 6.6, weighted by the cell counts)."""
    weights = np.where(np.isfinite(theta), cells, 0).astype(np.float64)
    theta = np.where(weights > 0, theta, 0.0)
    total = weights.sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = (weights * theta).sum(axis=1) / total
        d = mean[:, None] - theta
        spread = (weights * d * d).sum(axis=1)
        a = (weights * d**3).sum(axis=1) / (6 * spread**1.5)
    return np.where(np.isfinite(a), a, 0.0)


def _bca(
    values: np.ndarray, estimate: np.ndarray, acceleration: np.ndarray, level: float
) -> tuple[np.ndarray, np.ndarray]:
    """BCa bounds of each row of bootstrap values (Efron 1987, eqs. 2.3–2.4).

    Bias correction z₀ = Φ⁻¹(#{θ* < θ̂}/B + ½·#{θ* = θ̂}/B) over the defined resamples (ties
    count half: the statistics of counts are discrete); the bounds are the quantiles
    α₁,₂ = Φ(z₀ + (z₀ + z_α)/(1 − a(z₀ + z_α))) at z_α = ∓z₁₋α/₂, widened where needed to
    contain the estimate.
    """
    ordered = np.sort(values, axis=1)
    defined = np.count_nonzero(~np.isnan(ordered), axis=1)
    below = np.count_nonzero(ordered < estimate[:, None], axis=1)
    ties = np.count_nonzero(ordered == estimate[:, None], axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        z0 = special.ndtri((below + 0.5 * ties) / defined)
    z = special.ndtri(0.5 + level / 2)
    quantiles = []
    for z_alpha in (-z, z):
        shifted = z0 + z_alpha
        with np.errstate(invalid="ignore", divide="ignore"):
            q = special.ndtr(z0 + shifted / (1 - acceleration * shifted))
        # where z₀ is infinite (every resample on one side of θ̂) BCa is undefined: the
        # percentile interval stands in
        percentile = special.ndtr(z_alpha)
        quantiles.append(np.where(np.isnan(q), percentile, np.clip(q, 0, 1)))
    low, high = _quantiles(ordered, quantiles[0], quantiles[1])
    # at a boundary of the measure (an information gain near 0) the bias correction can move
    # both bounds past θ̂: the interval is widened to contain its own estimate
    low, high = np.fmin(low, estimate), np.fmax(high, estimate)
    undefined = np.isnan(estimate)
    return np.where(undefined, np.nan, low), np.where(undefined, np.nan, high)
