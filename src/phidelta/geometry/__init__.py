"""Geometry: pure math of the φ-δ space (no plotting library is imported here).

The diamond for a class ratio (corners, border, crossings, point test), isometric lines as
coordinates, and the test patterns of the software paper.
"""

from phidelta.geometry._diamond import CORNER_NAMES, Corner, Diamond, diamond
from phidelta.geometry._isometrics import ISOMETRIC_MEASURES, Isometric, isometrics
from phidelta.geometry._samples import make_grid, random_samples

__all__ = [
    "CORNER_NAMES",
    "ISOMETRIC_MEASURES",
    "Corner",
    "Diamond",
    "Isometric",
    "diamond",
    "isometrics",
    "make_grid",
    "random_samples",
]
