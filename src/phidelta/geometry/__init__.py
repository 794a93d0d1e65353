"""Geometry: pure math of the φ-δ space (no plotting library is imported here).

The diamond for a class ratio (corners, border, crossings, point test), isometric lines as
coordinates, the test patterns of the software paper, and the entropy triangle's coordinates.
"""

from phidelta.geometry._diamond import CORNER_NAMES, Corner, Diamond, diamond
from phidelta.geometry._isometrics import ISOMETRIC_MEASURES, Isometric, isometrics
from phidelta.geometry._samples import make_grid, random_samples
from phidelta.geometry._ternary import (
    TRIANGLE_VERTICES,
    ExtendedTriangle,
    extended_triangle,
    ternary_coordinates,
)

__all__ = [
    "CORNER_NAMES",
    "ISOMETRIC_MEASURES",
    "TRIANGLE_VERTICES",
    "Corner",
    "Diamond",
    "ExtendedTriangle",
    "Isometric",
    "diamond",
    "extended_triangle",
    "isometrics",
    "make_grid",
    "random_samples",
    "ternary_coordinates",
]
