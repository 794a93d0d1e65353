"""Test patterns from the software paper: a regular grid and random samples (§4.3.1)."""

from __future__ import annotations

from typing import Any

import numpy as np

from phidelta._validation import DEPRECATED, check_positive_int, check_ratio, renamed
from phidelta.measures import PhiDelta, convert

__all__ = ["make_grid", "random_samples"]


def make_grid(size: int = 50, *, ratio: float = 1.0) -> PhiDelta:
    """A size × size grid of (specificity, sensitivity) in [0, 1]², as (φ, δ) points.

    The published package's first installation check: plotted, it fills the diamond.

    Parameters
    ----------
    size : int, default=50
        Points per rate; at least 2.
    ratio : float, default=1.0
        Class ratio r = N/P of the generalized space, in [0.1, 10].

    Returns
    -------
    PhiDelta
        size² points.

    Raises
    ------
    TypeError
        If `size` is not an integer or `ratio` not a number.
    ValueError
        If `size` < 2 or `ratio` is outside [0.1, 10].

    See Also
    --------
    random_samples : random points instead of a grid.

    References
    ----------
    Armano, G., Giuliani, A., Neumann, U., Rothe, N., & Heider, D. (2019). Phi-Delta-Diagrams:
    software implementation of a visual tool for assessing classifier and feature performance.
    Machine Learning and Knowledge Extraction, 1(1), 121–137 (``make_grid``, for testing).

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
    n: int = 100,
    random_state: int | np.random.Generator | None = None,
    *,
    ratio: float = 1.0,
    seed: Any = DEPRECATED,
) -> PhiDelta:
    """``n`` random (φ, δ) points: specificity and sensitivity uniform in [0, 1].

    Parameters
    ----------
    n : int, default=100
        Number of points.
    random_state : int, numpy.random.Generator or None, default=None
        Source of randomness, as in SciPy (None: fresh entropy).
    ratio : float, default=1.0
        Class ratio r = N/P of the generalized space, in [0.1, 10].
    seed : optional
        Former name of `random_state` (deprecated).

    Returns
    -------
    PhiDelta
        n points.

    Raises
    ------
    TypeError
        If `n` is not an integer or `ratio` not a number.
    ValueError
        If `n` < 1 or `ratio` is outside [0.1, 10].

    See Also
    --------
    make_grid : a regular grid.

    References
    ----------
    Armano, G., Giuliani, A., Neumann, U., Rothe, N., & Heider, D. (2019). Phi-Delta-Diagrams:
    software implementation of a visual tool for assessing classifier and feature performance.
    Machine Learning and Knowledge Extraction, 1(1), 121–137 (``random_samples``, for testing).

    Examples
    --------
    >>> phi, delta = random_samples(5, random_state=0)
    >>> bool(np.all(np.abs(phi) + np.abs(delta) <= 1))
    True
    """
    n = check_positive_int(n, "n")
    r = check_ratio(ratio, geometry=True)
    random_state = renamed(
        random_state, seed, name="random_state", old="seed", where="random_samples"
    )
    rng = np.random.default_rng(random_state)
    spec, sens = rng.random(n), rng.random(n)
    return convert(spec, sens, ratio=r)
