"""Coordinates of the de Finetti entropy diagram (the entropy triangle), no plotting here.

An equilateral triangle of side 1 (Valverde-Albacete & Peláez-Moreno 2010, §2.2): the apex
(0.5, √3/2) is 2MI′ = 1 (optimal classifiers), the bottom-left vertex (0, 0) is VI′ = 1
(inaccurate: no information transferred although the marginals are uniform), the bottom-right
vertex (1, 0) is ΔH′ = 1 (underperforming: Kronecker-delta marginals). The bottom side is
MI = 0, the left side ΔH′ = 0 (uniform marginals), the right side VI′ = 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from phidelta._validation import as_float_array

__all__ = [
    "TRIANGLE_VERTICES",
    "ExtendedTriangle",
    "TernaryGrid",
    "extended_triangle",
    "ternary_coordinates",
    "ternary_grid",
    "ternary_interval_segments",
]

_HEIGHT = np.sqrt(3.0) / 2

#: Vertex name → (x, y, meaning); fractions are ordered [ΔH′, 2MI′, VI′].
TRIANGLE_VERTICES = {
    "delta_h": (1.0, 0.0, "underperforming: ΔH′ = 1"),
    "mutual_information": (0.5, float(_HEIGHT), "optimal: 2MI′ = 1"),
    "variation_of_information": (0.0, 0.0, "inaccurate: VI′ = 1"),
}


def ternary_coordinates(fractions: Any) -> np.ndarray:
    """(x, y) of fractions [ΔH′, 2MI′, VI′] (or the marginal [ΔH_X′, MI′, H′(X|Y)]).

    x = ΔH′ + 2MI′/2, y = (√3/2)·2MI′. Rows must be non-negative and sum to 1 (up to 1e-9).

    Parameters
    ----------
    fractions : array-like of shape (k, 3)
        Rows of three non-negative fractions summing to 1.

    Returns
    -------
    ndarray of shape (k, 2)
        (x, y) in the triangle with vertices (0, 0), (1, 0) and (½, √3/2).

    Raises
    ------
    ValueError
        If the shape is not (k, 3), or a row is negative or does not sum to 1.

    References
    ----------
    Valverde-Albacete, F. J., & Peláez-Moreno, C. (2010). Two information-theoretic tools to
    assess the performance of multi-class classifiers. Pattern Recognition Letters. Eq. 10 and the
    de Finetti diagram.

    Examples
    --------
    >>> ternary_coordinates([[0, 1, 0], [1, 0, 0], [0, 0, 1]])
    array([[0.5      , 0.8660254],
           [1.       , 0.       ],
           [0.       , 0.       ]])
    """
    array = as_float_array(fractions, "fractions", ndim=None)
    if array.ndim == 1:
        array = array[None]
    if array.ndim != 2 or array.shape[1] != 3:
        raise ValueError(f"`fractions` must have shape (k, 3); got {array.shape}.")
    if np.any(array < -1e-12) or not np.allclose(array.sum(axis=1), 1.0, atol=1e-9):
        raise ValueError("Each row of `fractions` must be non-negative and sum to 1.")
    return np.stack([array[:, 0] + array[:, 1] / 2, _HEIGHT * array[:, 1]], axis=1)


@dataclass(frozen=True)
class ExtendedTriangle:
    """The extended diagram: F_X and F_Y flanking F_XY for each matrix (all shape (k, 2)).

    Attributes
    ----------
    joint : ndarray of shape (k, 2)
        (x, y) of F_XY.
    input : ndarray of shape (k, 2)
        (x, y) of F_X.
    output : ndarray of shape (k, 2)
        (x, y) of F_Y.

    See Also
    --------
    extended_triangle : computes it.

    References
    ----------
    Valverde-Albacete, F. J., & Peláez-Moreno, C. (2010). Two information-theoretic tools to
    assess the performance of multi-class classifiers. Pattern Recognition Letters. The extended
    diagram.

    Examples
    --------
    >>> from phidelta.counts import ConfusionMatrix
    >>> from phidelta.measures import entropy_balance
    >>> t = extended_triangle(entropy_balance(ConfusionMatrix([[10, 0], [0, 10]])))
    >>> t.segments().shape
    (1, 3, 2)
    """

    joint: np.ndarray
    input: np.ndarray
    output: np.ndarray

    def segments(self) -> np.ndarray:
        """Polylines F_X → F_XY → F_Y, shape (k, 3, 2): the marks joined in the diagram.

        Returns
        -------
        ndarray of shape (k, 3, 2)
            F_X, F_XY and F_Y of each matrix.
        """
        return np.stack([self.input, self.joint, self.output], axis=1)


def extended_triangle(balance: Any) -> ExtendedTriangle:
    """Coordinates of F_XY, F_X and F_Y from an :class:`~phidelta.measures.EntropyBalance`.

    Parameters
    ----------
    balance : EntropyBalance
        The balance of k matrices.

    Returns
    -------
    ExtendedTriangle
        The coordinates of F_XY, F_X and F_Y.

    Raises
    ------
    TypeError
        If `balance` is not an :class:`~phidelta.measures.EntropyBalance`.

    References
    ----------
    Valverde-Albacete, F. J., & Peláez-Moreno, C. (2010). Two information-theoretic tools to
    assess the performance of multi-class classifiers. Pattern Recognition Letters. Eq. 11 and the
    extended diagram.

    Examples
    --------
    >>> from phidelta.counts import ConfusionMatrix
    >>> from phidelta.measures import entropy_balance
    >>> t = extended_triangle(entropy_balance(ConfusionMatrix([[0, 0, 5], [0, 0, 5], [0, 0, 50]])))
    >>> np.round(t.output, 12)           # matrix f: F_Y = [1, 0, 0], the right vertex
    array([[1., 0.]])
    """
    for name in ("joint_fractions", "input_fractions", "output_fractions"):
        if not hasattr(balance, name):
            raise TypeError(f"`balance` must be an EntropyBalance; got {type(balance).__name__}.")
    return ExtendedTriangle(
        joint=ternary_coordinates(balance.joint_fractions),
        input=ternary_coordinates(balance.input_fractions),
        output=ternary_coordinates(balance.output_fractions),
    )


@dataclass(frozen=True)
class TernaryGrid:
    """Grid lines and ticks of the triangle, one entry per fraction ``"delta_h"``, ``"mi2"``,
    ``"vi"``: ``lines[name]`` has shape (m, 2, 2) (a segment per level), ``ticks[name]`` the
    (m, 2) points on the side where each level is read.

    Attributes
    ----------
    levels : ndarray of shape (m,)
        The levels.
    lines : dict of str to ndarray
        ``"delta_h"``, ``"mi2"``, ``"vi"`` → segments of shape (m, 2, 2).
    ticks : dict of str to ndarray
        The same names → points of shape (m, 2) where the levels are read.

    See Also
    --------
    ternary_grid : computes it.

    References
    ----------
    Valverde-Albacete, F. J., & Peláez-Moreno, C. (2010). Two information-theoretic tools to
    assess the performance of multi-class classifiers. Pattern Recognition Letters. The entropy
    triangle.

    Examples
    --------
    >>> grid = ternary_grid([0.5])
    >>> sorted(grid.lines), grid.ticks["mi2"].shape
    (['delta_h', 'mi2', 'vi'], (1, 2))
    """

    levels: np.ndarray
    lines: dict[str, np.ndarray]
    ticks: dict[str, np.ndarray]


def ternary_grid(levels: Any = (0.2, 0.4, 0.6, 0.8)) -> TernaryGrid:
    """Lines of constant ΔH′, 2MI′ and VI′ at ``levels``, with the points where their values
    are read, one side each: 2MI′ on the left side (horizontal lines), VI′ on the bottom
    (lines parallel to the right side, VI′ = 0), ΔH′ on the right side (lines parallel to the
    left side, ΔH′ = 0).

    Parameters
    ----------
    levels : array-like of shape (m,), default=(0.2, 0.4, 0.6, 0.8)
        Levels strictly between 0 and 1.

    Returns
    -------
    TernaryGrid
        Segments and tick points per fraction.

    Raises
    ------
    ValueError
        If a level is not strictly between 0 and 1.

    Examples
    --------
    >>> grid = ternary_grid([0.5])
    >>> np.round(grid.lines["mi2"][0], 4)         # 2MI′ = 0.5: halfway up
    array([[0.75 , 0.433],
           [0.25 , 0.433]])
    """
    values = as_float_array(levels, "levels")
    if not len(values):
        raise ValueError("`levels` must hold at least one level.")
    if np.any((values <= 0) | (values >= 1)):
        raise ValueError(f"`levels` must lie strictly between 0 and 1; got {values.tolist()}.")
    lines: dict[str, np.ndarray] = {}
    ticks: dict[str, np.ndarray] = {}
    for name, column in (("delta_h", 0), ("mi2", 1), ("vi", 2)):
        segments = []
        for value in values:
            # the two ends of a level line: the level with the rest on one or the other fraction
            ends = np.zeros((2, 3))
            ends[:, column] = value
            others = [c for c in range(3) if c != column]
            ends[0, others[0]] = 1 - value
            ends[1, others[1]] = 1 - value
            segments.append(ternary_coordinates(ends))
        lines[name] = np.array(segments)
    # where each level is read: the end of its line on the side named in the docstring
    ticks["mi2"] = lines["mi2"][:, 1]  # left side (ΔH′ = 0)
    ticks["vi"] = lines["vi"][:, 0]  # bottom (2MI′ = 0)
    ticks["delta_h"] = lines["delta_h"][:, 0]  # right side (VI′ = 0)
    return TernaryGrid(values, lines, ticks)


def ternary_interval_segments(fractions: Any, low: Any, high: Any) -> np.ndarray:
    """Segments that show an interval of each fraction of a point of the triangle.

    The interval [low, high] of fraction c (ΔH′, 2MI′ or VI′) is drawn along the altitude
    through the point towards vertex c, the direction across the level lines of c: moving
    along it changes c and leaves the other two fractions equal shares of the rest, so each
    end of the segment lies on the level line c = low or c = high (read on the grid). An end
    that would leave the triangle stops at its side (where one of the other fractions is 0).

    Parameters
    ----------
    fractions : array-like of shape (k, 3)
        Rows [ΔH′, 2MI′, VI′] of non-negative fractions summing to 1 (a row of NaN: an
        undefined point, without segments).
    low, high : array-like of shape (k, 3)
        The bounds of each fraction; NaN where there is none.

    Returns
    -------
    ndarray of shape (k, 3, 2, 2)
        For each point and fraction (ΔH′, 2MI′, VI′), the segment's two ends (x, y): the end
        at ``low`` first; NaN where a bound is NaN.

    Raises
    ------
    ValueError
        If the shapes differ from (k, 3), or a row of `fractions` is negative or does not sum
        to 1.

    References
    ----------
    Valverde-Albacete, F. J., & Peláez-Moreno, C. (2010). Two information-theoretic tools to
    assess the performance of multi-class classifiers. Pattern Recognition Letters. The de
    Finetti diagram.

    Examples
    --------
    >>> ends = ternary_interval_segments([[0.2, 0.6, 0.2]], [[0.1, 0.5, 0.15]],
    ...                                  [[0.3, 0.7, 0.3]])
    >>> np.round(ends[0, 1], 4)                   # 2MI′ from 0.5 to 0.7: straight up
    array([[0.5   , 0.433 ],
           [0.5   , 0.6062]])
    """
    point = np.array(fractions, dtype=np.float64, ndmin=2)
    defined = ~np.isnan(point).any(axis=-1)
    ternary_coordinates(point[defined] if point.ndim == 2 else point)  # the checks of the rows
    bounds = []
    for values, name in ((low, "low"), (high, "high")):
        array = np.array(values, dtype=np.float64, ndmin=2)
        if array.shape != point.shape:
            raise ValueError(
                f"`{name}` must have the shape of `fractions` {point.shape}; got {array.shape}."
            )
        bounds.append(np.where(defined[:, None], array, np.nan))
    k = len(point)
    out = np.full((k, 3, 2, 2), np.nan)
    for column in range(3):
        others = [c for c in range(3) if c != column]
        # along the altitude the other two fractions each change by half the opposite amount:
        # c may rise until the smaller of them is 0, and fall to 0
        top = point[:, column] + 2 * point[:, others].min(axis=1)
        for end, bound in enumerate(bounds):
            value = np.clip(bound[:, column], 0.0, top)
            shift = value - point[:, column]
            moved = point - shift[:, None] / 2
            moved[:, column] = value
            moved = np.clip(moved, 0.0, 1.0)
            xy = np.stack([moved[:, 0] + moved[:, 1] / 2, _HEIGHT * moved[:, 1]], axis=1)
            xy[np.isnan(bound[:, column])] = np.nan
            out[:, column, end] = xy
    return out
