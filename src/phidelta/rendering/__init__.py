"""Rendering: matplotlib displays that only draw what the geometry layer computed.

Needs the ``plot`` extra (matplotlib). Displays follow scikit-learn: ``from_*`` class methods
compute and draw, ``plot(ax=...)`` draws and returns the display, nothing calls ``show()``.
"""

from phidelta.rendering._critical_difference import CriticalDifferenceDisplay
from phidelta.rendering._phidelta import DELTA_LABEL, PHI_LABEL, PhiDeltaDisplay, plot
from phidelta.rendering._scores import CalibrationDisplay, RocDisplay, ThresholdScanDisplay
from phidelta.rendering._triangle import EntropyTriangleDisplay

__all__ = [
    "DELTA_LABEL",
    "PHI_LABEL",
    "CalibrationDisplay",
    "CriticalDifferenceDisplay",
    "EntropyTriangleDisplay",
    "PhiDeltaDisplay",
    "RocDisplay",
    "ThresholdScanDisplay",
    "plot",
]
