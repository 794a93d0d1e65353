"""Isometric lines in the φ-δ space, as coordinates (never drawn here).

Every linear measure of (ρ̄, ρ) at a class ratio is a straight line in the ROC square; the
φ-δ map is linear, so its isometrics are segments of the diamond (Armano 2015, Figs. 2–4;
Armano et al. 2019, §1). The information gain is not linear: its iso-curves are found by
bisection along segments from the independence diagonal to the oracle and anti-oracle, on which
it grows monotonically (mutual information is convex in the channel and zero on the diagonal).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from phidelta._validation import as_float_array, check_positive_int, check_ratio
from phidelta.measures import convert, mutual_information_from_rates

__all__ = ["ISOMETRIC_MEASURES", "Isometric", "isometrics"]

#: Measures with isometrics, and their aliases.
ISOMETRIC_MEASURES = (
    "accuracy",
    "delta",
    "bias",
    "phi",
    "sensitivity",
    "specificity",
    "precision",
    "negative_predictive_value",
    "information_gain",
)
_ALIASES = {"npv": "negative_predictive_value", "recall": "sensitivity"}
_DEFAULT_VALUES = {
    "accuracy": np.round(np.arange(0.1, 1.0, 0.1), 10),
    "delta": np.round(np.arange(-0.8, 0.81, 0.2), 10),
    "bias": np.round(np.arange(-0.8, 0.81, 0.2), 10),
    "phi": np.round(np.arange(-0.8, 0.81, 0.2), 10),
    "sensitivity": np.round(np.arange(0.1, 1.0, 0.1), 10),
    "specificity": np.round(np.arange(0.1, 1.0, 0.1), 10),
    "precision": np.round(np.arange(0.1, 1.0, 0.1), 10),
    "negative_predictive_value": np.round(np.arange(0.1, 1.0, 0.1), 10),
}


@dataclass(frozen=True)
class Isometric:
    """One isometric: the points (φ, δ) where ``measure`` equals ``value`` at ``ratio``.

    ``phi`` and ``delta`` are empty when the value is not reached inside the diamond.
    ``branch`` is "upper"/"lower" for the information gain (one curve on each side of the φ
    axis) and "" for straight isometrics.

    Attributes
    ----------
    measure : str
        The measure's name.
    value : float
        Its level.
    ratio : float
        The class ratio r = N/P of the diagram.
    phi, delta : ndarray
        The line's points (empty when the value is not reached inside the diamond).
    branch : str, default=""
        "upper" or "lower" for the information gain, "" for straight isometrics.

    See Also
    --------
    isometrics : computes them.

    References
    ----------
    Armano, G. (2015). A direct measure of discriminant and characteristic capability for
    classifier building and assessment. Information Sciences. Figs. 2, 3 and 7 (isometrics of δ, φ
    and the information gain).

    Examples
    --------
    >>> line = isometrics("delta", [0.5])[0]
    >>> line.measure, line.value, line.branch
    ('delta', 0.5, '')
    """

    measure: str
    value: float
    ratio: float
    phi: np.ndarray
    delta: np.ndarray
    branch: str = ""

    @property
    def is_empty(self) -> bool:
        return len(self.phi) == 0


def _line_in_square(a: float, b: float, c: float) -> np.ndarray:
    """Endpoints (ρ̄, ρ) of the line a·ρ̄ + b·ρ = c clipped to the unit square; shape (≤2, 2)."""
    points: list[tuple[float, float]] = []
    if b != 0:
        for spec in (0.0, 1.0):
            sens = (c - a * spec) / b
            if -1e-12 <= sens <= 1 + 1e-12:
                points.append((spec, min(max(sens, 0.0), 1.0)))
    if a != 0:
        for sens in (0.0, 1.0):
            spec = (c - b * sens) / a
            if -1e-12 <= spec <= 1 + 1e-12:
                points.append((min(max(spec, 0.0), 1.0), sens))
    unique: list[tuple[float, float]] = []
    for p in points:
        if not any(abs(p[0] - q[0]) < 1e-12 and abs(p[1] - q[1]) < 1e-12 for q in unique):
            unique.append(p)
    if len(unique) < 2:
        return np.empty((len(unique), 2))
    unique.sort()
    return np.array([unique[0], unique[-1]])


def _linear_coefficients(
    measure: str, value: float, n: float, p: float
) -> tuple[float, float, float]:
    """(a, b, c) such that the isometric is a·ρ̄ + b·ρ = c at priors (n, p)."""
    if measure == "accuracy":  # n·ρ̄ + p·ρ = a (Flach eq. 2.3)
        return n, p, value
    if measure == "delta":  # 2nρ̄ + 2pρ − 1 = δ_b
        return 2 * n, 2 * p, value + 1
    if measure in ("bias", "phi"):  # −2nρ̄ + 2pρ + 2(n − p) = φ_b
        return -2 * n, 2 * p, value - 2 * (n - p)
    if measure == "sensitivity":
        return 0.0, 1.0, value
    if measure == "specificity":
        return 1.0, 0.0, value
    if measure == "precision":  # pρ / (pρ + n(1 − ρ̄)) = π
        return value * n, p * (1 - value), value * n
    if measure == "negative_predictive_value":  # nρ̄ / (nρ̄ + p(1 − ρ)) = π̄
        return n * (1 - value), value * p, value * p
    raise AssertionError(measure)  # pragma: no cover


def _entropy(n: float, p: float) -> float:
    return float(-sum(x * np.log2(x) for x in (n, p) if x > 0))


def _information_curves(
    level: float, n: float, p: float, num: int, base: float
) -> tuple[np.ndarray, np.ndarray]:
    """Points (ρ̄, ρ) of I = level on the upper and lower side, each of shape (num, 2)."""
    t = np.linspace(0.0, 1.0, num)
    start = np.stack([t, 1 - t], axis=1)  # the independence diagonal ρ = 1 − ρ̄
    curves = []
    for target in (np.array([1.0, 1.0]), np.array([0.0, 0.0])):  # oracle, anti-oracle
        low, high = np.zeros(num), np.ones(num)
        for _ in range(60):  # bisection: information grows monotonically along each segment
            mid = (low + high) / 2
            point = start + mid[:, None] * (target - start)
            value = mutual_information_from_rates(
                np.full(num, n), np.full(num, p), point[:, 0], point[:, 1], base
            )
            above = value >= level
            high = np.where(above, mid, high)
            low = np.where(above, low, mid)
        s = (low + high) / 2
        curves.append(start + s[:, None] * (target - start))
    return curves[0], curves[1]


def isometrics(
    measure: str,
    values: Sequence[float] | np.ndarray | None = None,
    *,
    ratio: float = 1.0,
    num: int = 101,
    base: float = 2.0,
) -> list[Isometric]:
    """Isometric lines of a measure in the φ-δ diagram of class ratio r.

    Parameters
    ----------
    measure : str
        One of :data:`ISOMETRIC_MEASURES` ("npv" and "recall" are accepted aliases). The biased
        measures (accuracy, precision, NPV, information gain) are evaluated *at the diagram's
        ratio*, so at r = 1 they are the unbiased ones. "delta"/"phi" are the generalized δ_b,
        φ_b; "bias" is φ_b (Armano's sign: E[ĥ] − E[h]).
    values : sequence of float, optional
        Levels to draw; sensible defaults per measure. For the information gain the levels are
        in units of ``base`` (bits); the default is 10 %, 25 %, 50 % and 75 % of H(X).
    ratio : float, default=1.0
        Class ratio r = N/P of the diagram, in [0.1, 10].
    num : int, default=101
        Points per information-gain curve (straight isometrics have two points).
    base : float, default=2.0
        Logarithm base of the information gain.

    Returns
    -------
    list of Isometric
        One per value (two for the information gain: upper and lower branch).

    Raises
    ------
    ValueError
        If `measure` is unknown or `ratio` is not a single number in [0.1, 10].

    See Also
    --------
    diamond : the region the lines are clipped to.

    References
    ----------
    Armano, G. (2015). A direct measure of discriminant and characteristic capability for
    classifier building and assessment. Information Sciences. Figs. 2, 3 and 7.

    Armano, G., Giuliani, A., Neumann, U., Rothe, N., & Heider, D. (2019). Phi-Delta-Diagrams:
    software implementation of a visual tool for assessing classifier and feature performance.
    Machine Learning and Knowledge Extraction, 1(1), 121–137. (isometrics of the generalized
    diagram).

    Examples
    --------
    >>> line = isometrics("accuracy", [0.75], ratio=1.0)[0]
    >>> line.phi, line.delta       # horizontal: δ = 2·0.75 − 1
    (array([-0.5,  0.5]), array([0.5, 0.5]))
    """
    name = _ALIASES.get(measure, measure)
    if name not in ISOMETRIC_MEASURES:
        raise ValueError(f"`measure` must be one of {list(ISOMETRIC_MEASURES)}; got {measure!r}.")
    r = check_ratio(ratio, geometry=True)
    if r.ndim != 0:
        raise ValueError(f"`ratio` must be a single number; got an array of shape {r.shape}.")
    num = check_positive_int(num, "num", minimum=2)
    n, p = float(r / (1 + r)), float(1 / (1 + r))  # class proportions (Armano 2015, §2)
    if name == "information_gain":
        h = _entropy(n, p) / np.log2(base)
        levels = (
            np.array([0.1, 0.25, 0.5, 0.75]) * h
            if values is None
            else as_float_array(values, "values")
        )
        result = []
        for level in levels:
            if level <= 0 or level >= h:
                for branch in ("upper", "lower"):
                    result.append(
                        Isometric(name, float(level), float(r), np.empty(0), np.empty(0), branch)
                    )
                continue
            upper, lower = _information_curves(float(level), n, p, num, base)
            for branch, pts in (("upper", upper), ("lower", lower)):
                # bisection points lie in the unit square up to an ulp of rounding
                phi, delta = convert(np.clip(pts[:, 0], 0, 1), np.clip(pts[:, 1], 0, 1), ratio=r)
                result.append(Isometric(name, float(level), float(r), phi, delta, branch))
        return result
    levels = _DEFAULT_VALUES[name] if values is None else as_float_array(values, "values")
    result = []
    for value in levels:
        ends = _line_in_square(*_linear_coefficients(name, float(value), n, p))
        if len(ends) < 2:
            result.append(Isometric(name, float(value), float(r), np.empty(0), np.empty(0)))
            continue
        phi, delta = convert(ends[:, 0], ends[:, 1], ratio=r)
        # left to right, then bottom to top; φ rounded so that a vertical line's ends (equal
        # up to rounding) run bottom to top like every other vertical line
        order = np.lexsort((delta, np.round(phi, 12)))
        result.append(Isometric(name, float(value), float(r), phi[order] + 0.0, delta[order] + 0.0))
    return result
