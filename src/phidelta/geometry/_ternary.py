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

__all__ = ["TRIANGLE_VERTICES", "ExtendedTriangle", "extended_triangle", "ternary_coordinates"]

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
    """The extended diagram: F_X and F_Y flanking F_XY for each matrix (all shape (k, 2))."""

    joint: np.ndarray
    input: np.ndarray
    output: np.ndarray

    def segments(self) -> np.ndarray:
        """Polylines F_X → F_XY → F_Y, shape (k, 3, 2): the marks joined in the diagram."""
        return np.stack([self.input, self.joint, self.output], axis=1)


def extended_triangle(balance: Any) -> ExtendedTriangle:
    """Coordinates of F_XY, F_X and F_Y from an :class:`~phidelta.measures.EntropyBalance`.

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
