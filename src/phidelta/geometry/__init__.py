"""Geometry: pure math of the φ-δ space (no plotting library is imported here).

The diamond for a class ratio (corners, border, crossings, point test), isometric lines as
coordinates, the test patterns of the software paper, the entropy triangle's coordinates, and
the calibration map as a polyline with the score range to show it over, and the thinning
of long curves for drawing within half a pixel.
"""

from phidelta.geometry._calibration import (
    CalibrationCurve,
    CalibrationPolyline,
    calibration_polyline,
    logistic_calibration_curve,
    smooth_calibration_curve,
)
from phidelta.geometry._diamond import CORNER_NAMES, Corner, Diamond, diamond, spread_ellipse
from phidelta.geometry._envelope import LowerEnvelope, lower_envelope
from phidelta.geometry._hull import convex_hull, dominated, line_in_box
from phidelta.geometry._isometrics import ISOMETRIC_MEASURES, Isometric, isometrics
from phidelta.geometry._samples import make_grid, random_samples
from phidelta.geometry._ternary import (
    TRIANGLE_VERTICES,
    ExtendedTriangle,
    TernaryGrid,
    extended_triangle,
    ternary_coordinates,
    ternary_grid,
    ternary_interval_segments,
)
from phidelta.geometry._thinning import DRAWING_TOLERANCE, thin_polyline

__all__ = [
    "CORNER_NAMES",
    "DRAWING_TOLERANCE",
    "ISOMETRIC_MEASURES",
    "TRIANGLE_VERTICES",
    "CalibrationCurve",
    "CalibrationPolyline",
    "Corner",
    "Diamond",
    "ExtendedTriangle",
    "Isometric",
    "LowerEnvelope",
    "TernaryGrid",
    "calibration_polyline",
    "convex_hull",
    "diamond",
    "dominated",
    "extended_triangle",
    "isometrics",
    "line_in_box",
    "logistic_calibration_curve",
    "lower_envelope",
    "make_grid",
    "random_samples",
    "smooth_calibration_curve",
    "spread_ellipse",
    "ternary_coordinates",
    "ternary_grid",
    "ternary_interval_segments",
    "thin_polyline",
]
