"""The φ-δ diamond for a class ratio: corners, border, crossings, point-in-diamond test.

The diamond is the image of the ROC unit square (ρ̄, ρ) ∈ [0, 1]² under the linear map of
:func:`phidelta.measures.convert`: a rhombus at ratio 1 (Armano 2015, Fig. 4: abs(φ) + abs(δ) ≤ 1)
and
a parallelogram otherwise (Armano et al. 2019, Fig. 2). The oracle stays at (0, 1) and the
anti-oracle at (φ, δ) = (2(n − p), −1) for every ratio.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

from phidelta._validation import as_float_array, check_ratio, check_same_length
from phidelta.measures import convert, generalized_to_standard

__all__ = ["CORNER_NAMES", "Corner", "Diamond", "diamond", "spread_ellipse"]

View = Literal["classifier", "feature"]

#: Corner order used everywhere: clockwise from the top.
CORNER_NAMES = ("top", "right", "bottom", "left")

# (specificity ρ̄, sensitivity ρ) of each corner (Armano 2015, §4.2–4.3, Figs. 5 and 8)
_CORNER_RATES = {"top": (1.0, 1.0), "right": (0.0, 1.0), "bottom": (0.0, 0.0), "left": (1.0, 0.0)}
_CLASSIFIER_LABELS = {
    "top": "oracle",
    "right": "dummy: always positive",
    "bottom": "anti-oracle",
    "left": "dummy: always negative",
}
_FEATURE_LABELS = {
    "top": "covariant (f ⇔ c)",
    "right": "characteristic: mostly true",
    "bottom": "contravariant (f ⇔ c̄)",
    "left": "rare: mostly false",
}
# Implications along the edges in the feature view (Armano 2015, Fig. 9)
_EDGE_IMPLICATIONS = {
    ("left", "top"): "f → c",
    ("top", "right"): "f̄ → c̄",
    ("right", "bottom"): "f̄ → c",
    ("bottom", "left"): "f → c̄",
}


@dataclass(frozen=True)
class Corner:
    """One corner of the diamond: where it is and what sits there.

    Attributes
    ----------
    name : str
        "top", "right", "bottom" or "left".
    phi, delta : float
        The corner's coordinates.
    specificity, sensitivity : float
        The rates it stands for.
    classifier : str
        What sits there in the classifier view (e.g. "oracle").
    feature : str
        What sits there in the feature view (e.g. "covariant (f ⇔ c)").

    See Also
    --------
    Diamond : holds the four corners.

    References
    ----------
    Armano, G. (2015). A direct measure of discriminant and characteristic capability for
    classifier building and assessment. Information Sciences. Figs. 5 and 8, the classifier
    and feature views.

    Examples
    --------
    >>> top = diamond().corners["top"]
    >>> top.phi, top.delta, top.label("feature")
    (0.0, 1.0, 'covariant (f ⇔ c)')
    """

    name: str
    phi: float
    delta: float
    specificity: float
    sensitivity: float
    classifier: str
    feature: str

    def label(self, view: View = "classifier") -> str:
        """The corner's label in the classifier or the feature view.

        Parameters
        ----------
        view : {"classifier", "feature"}, default="classifier"
            Which reading of the corner.

        Returns
        -------
        str
            :attr:`classifier` or :attr:`feature`.
        """
        return self.classifier if view == "classifier" else self.feature


@dataclass(frozen=True)
class Diamond:
    """The admissible region of the φ-δ space for one class ratio r = N/P.

    Build it with :func:`diamond`. All coordinates are (φ, δ) pairs.

    Attributes
    ----------
    ratio : float
        The class ratio r = N/P.
    corners : dict
        ``name -> Corner`` for "top", "right", "bottom", "left".
    border : ndarray of shape (5, 2)
        The closed border polygon, clockwise from the top corner.

    See Also
    --------
    diamond : builds it.
    isometrics : level lines inside it.

    Examples
    --------
    >>> d = diamond()
    >>> d.labels()["top"], d.border.shape
    ('oracle', (5, 2))
    """

    ratio: float
    corners: dict[str, Corner] = field(repr=False)
    border: np.ndarray = field(repr=False)

    @property
    def top(self) -> np.ndarray:
        return self._xy("top")

    @property
    def right(self) -> np.ndarray:
        return self._xy("right")

    @property
    def bottom(self) -> np.ndarray:
        return self._xy("bottom")

    @property
    def left(self) -> np.ndarray:
        return self._xy("left")

    def _xy(self, name: str) -> np.ndarray:
        corner = self.corners[name]
        return np.array([corner.phi, corner.delta])

    @property
    def phi_limits(self) -> tuple[float, float]:
        """Smallest and largest φ in the diamond (left and right corners)."""
        return float(self.corners["left"].phi), float(self.corners["right"].phi)

    @property
    def delta_limits(self) -> tuple[float, float]:
        """Smallest and largest δ: always (−1, 1)."""
        return float(self.corners["bottom"].delta), float(self.corners["top"].delta)

    def labels(self, view: View = "classifier") -> dict[str, str]:
        """Corner labels for the classifier view or the feature view.

        Parameters
        ----------
        view : {"classifier", "feature"}, default="classifier"
            Which reading of the corners.

        Returns
        -------
        dict of str to str
            Corner name → label.

        Raises
        ------
        ValueError
            If `view` is unknown.
        """
        if view not in ("classifier", "feature"):
            raise ValueError(f'`view` must be "classifier" or "feature"; got {view!r}.')
        return {name: c.label(view) for name, c in self.corners.items()}

    @property
    def edges(self) -> dict[tuple[str, str], str]:
        """The implication each edge stands for in the feature view (Armano 2015, Fig. 9)."""
        return dict(_EDGE_IMPLICATIONS)

    @property
    def crossings(self) -> dict[str, np.ndarray]:
        """Where the border crosses the axes.

        ``"phi_axis"``: the points with δ = 0 (the φ axis, where the information gain is 0),
        ``"delta_axis"``: the points with φ = 0 (where the bias vanishes, Armano 2015 eq. 23).
        Each is an array of shape (2, 2) sorted by the moving coordinate.
        """
        return {
            "phi_axis": _axis_crossings(self.border, axis=1),
            "delta_axis": _axis_crossings(self.border, axis=0),
        }

    def contains(self, phi: Any, delta: Any, *, tol: float = 1e-12) -> np.ndarray:
        """Whether each (φ, δ) lies in the diamond (border included, up to ``tol``).

        Parameters
        ----------
        phi, delta : array-like of shape (k,)
            Points of the φ-δ space.
        tol : float, default=1e-12
            Tolerance on the border.

        Returns
        -------
        ndarray of bool, shape (k,)
            Whether each point lies in the diamond.
        """
        phi_array = as_float_array(phi, "phi")
        delta_array = as_float_array(delta, "delta")
        check_same_length(phi=phi_array, delta=delta_array)
        std_phi, std_delta = generalized_to_standard(phi_array, delta_array, self.ratio)
        spec, sens = (1 - std_phi + std_delta) / 2, (1 + std_phi + std_delta) / 2
        return (spec >= -tol) & (spec <= 1 + tol) & (sens >= -tol) & (sens <= 1 + tol)


def _axis_crossings(border: np.ndarray, axis: int) -> np.ndarray:
    """Points of the closed polygon where coordinate ``axis`` is 0 (deduplicated)."""
    points: list[np.ndarray] = []
    for start, end in itertools.pairwise(border):
        a, b = start[axis], end[axis]
        if a == b:
            if a == 0:
                points.extend([start, end])
            continue
        t = a / (a - b)
        if -1e-15 <= t <= 1 + 1e-15:
            points.append(start + np.clip(t, 0, 1) * (end - start))
    unique: list[np.ndarray] = []
    for point in points:
        point = np.where(np.abs(point) < 1e-15, 0.0, point)
        if not any(np.allclose(point, u, atol=1e-12) for u in unique):
            unique.append(point)
    other = 1 - axis
    return np.array(sorted(unique, key=lambda p: p[other]))


def diamond(ratio: float = 1.0) -> Diamond:
    """The φ-δ diamond for class ratio r = N/P in [0.1, 10] (Armano et al. 2019, §4.1–4.2).

    Parameters
    ----------
    ratio : float, default=1.0
        Class ratio r = N/P, in [0.1, 10].

    Returns
    -------
    Diamond
        Its corners and border.

    Raises
    ------
    TypeError
        If `ratio` is not a number.
    ValueError
        If `ratio` is not a single number in [0.1, 10].

    See Also
    --------
    make_grid : points filling it.

    References
    ----------
    Armano, G., Giuliani, A., Neumann, U., Rothe, N., & Heider, D. (2019). Phi-Delta-Diagrams:
    software implementation of a visual tool for assessing classifier and feature performance.
    Machine Learning and Knowledge Extraction, 1(1), 121–137. Sections 4.1–4.2.

    Armano, G. (2015). A direct measure of discriminant and characteristic capability for
    classifier building and assessment. Information Sciences. Fig. 4 (the standard diamond).

    Examples
    --------
    >>> d = diamond(0.25)
    >>> d.right            # the always-positive dummy: (2n, 2p − 1)
    array([0.4, 0.6])
    >>> d.contains([-0.5, 0.0], [0.0, 0.0])   # at r = 0.25 the origin lies outside
    array([ True, False])
    """
    r = check_ratio(ratio, geometry=True)
    if r.ndim != 0:
        raise ValueError(f"`ratio` must be a single number; got an array of shape {r.shape}.")
    value = float(r)
    corners: dict[str, Corner] = {}
    for name in CORNER_NAMES:
        spec, sens = _CORNER_RATES[name]
        phi, delta = convert([spec], [sens], ratio=value)
        corners[name] = Corner(
            name,
            float(phi[0]) + 0.0,
            float(delta[0]) + 0.0,
            spec,
            sens,
            _CLASSIFIER_LABELS[name],
            _FEATURE_LABELS[name],
        )
    border = np.array([[corners[n].phi, corners[n].delta] for n in (*CORNER_NAMES, "top")])
    border.setflags(write=False)
    return Diamond(value, corners, border)


def spread_ellipse(phi: Any, delta: Any, *, n_std: float = 2.0, points: int = 100) -> np.ndarray:
    """The covariance ellipse of a cloud of (φ, δ) points (e.g. folds): shape (points, 2).

    Centred on the mean, with axes n_std standard deviations along the principal directions:
    the variance of a classifier over runs at a glance (Armano 2015, §6). Fewer than two points
    (or no spread) give a degenerate ellipse at the mean.

    Parameters
    ----------
    phi, delta : array-like of shape (k,)
        The points (e.g. one per fold).
    n_std : float, default=2.0
        Half-axes in standard deviations.
    points : int, default=100
        Points of the returned polygon.

    Returns
    -------
    ndarray of shape (points, 2)
        The ellipse as (φ, δ) points.

    Examples
    --------
    >>> spread_ellipse([0.1, 0.2, 0.3], [0.5, 0.6, 0.8], points=4).shape
    (4, 2)
    """
    phi_array = as_float_array(phi, "phi")
    delta_array = as_float_array(delta, "delta")
    check_same_length(phi=phi_array, delta=delta_array)
    xy = np.column_stack([phi_array, delta_array])
    mean = xy.mean(axis=0)
    if len(xy) < 2:
        return np.repeat(mean[None, :], points, axis=0)
    cov = np.cov(xy.T)
    values, vectors = np.linalg.eigh(cov)
    radii = n_std * np.sqrt(np.clip(values, 0, None))
    angle = np.linspace(0, 2 * np.pi, points)
    circle = np.stack([np.cos(angle), np.sin(angle)], axis=1)
    return mean + (circle * radii) @ vectors.T
