"""Inference: intervals, bands, tests and regions — functions of counts, one layer above the
point measures of :mod:`phidelta.measures` (which never import it).

Every interval reports the method that made it; undefined stays NaN, and no bound leaves the
measure's range.
"""

from phidelta.inference._bands import (
    CoverageBand,
    PrecisionRecallBand,
    ReliabilityIntervals,
    RocBand,
    coverage_band,
    precision_recall_band,
    reliability_intervals,
    roc_band,
)

__all__: list[str] = [
    "CoverageBand",
    "PrecisionRecallBand",
    "ReliabilityIntervals",
    "RocBand",
    "coverage_band",
    "precision_recall_band",
    "reliability_intervals",
    "roc_band",
]
