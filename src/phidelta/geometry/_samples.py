"""Test patterns from the software paper: a regular grid and random samples (§4.3.1)."""

from __future__ import annotations

import numpy as np

from phidelta._validation import check_positive_int, check_ratio
from phidelta.measures import PhiDelta, convert

__all__ = ["make_grid", "random_samples"]


def make_grid(size: int = 50, *, ratio: float = 1.0) -> PhiDelta:
    """A size × size grid of (specificity, sensitivity) in [0, 1]², as (φ, δ) points.

    The published package's first installation check: plotted, it fills the diamond.

    Examples
    --------
    >>> phi, delta = make_grid(3)
    >>> len(phi), float(phi.min()), float(delta.max())
    (9, -1.0, 1.0)
    """
    size = check_positive_int(size, "size", minimum=2)
    r = check_ratio(ratio, geometry=True)
    axis = np.linspace(0.0, 1.0, size)
    spec, sens = np.meshgrid(axis, axis, indexing="ij")
    return convert(spec.ravel(), sens.ravel(), ratio=r)


def random_samples(
    n: int = 100, seed: int | np.random.Generator | None = None, *, ratio: float = 1.0
) -> PhiDelta:
    """``n`` random (φ, δ) points: specificity and sensitivity uniform in [0, 1].

    Examples
    --------
    >>> phi, delta = random_samples(5, seed=0)
    >>> bool(np.all(np.abs(phi) + np.abs(delta) <= 1))
    True
    """
    n = check_positive_int(n, "n")
    r = check_ratio(ratio, geometry=True)
    rng = np.random.default_rng(seed)
    spec, sens = rng.random(n), rng.random(n)
    return convert(spec, sens, ratio=r)
