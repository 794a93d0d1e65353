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
from phidelta.inference._count_bootstrap import count_bootstrap_interval
from phidelta.inference._measure_intervals import (
    AUTO_METHODS,
    MeasureIntervals,
    measure_intervals,
)
from phidelta.inference._methods import (
    katz_ratio_interval,
    newcombe_interval,
    proportion_interval,
    woolf_odds_ratio_interval,
)

__all__: list[str] = [
    "AUTO_METHODS",
    "CoverageBand",
    "MeasureIntervals",
    "PrecisionRecallBand",
    "ReliabilityIntervals",
    "RocBand",
    "count_bootstrap_interval",
    "coverage_band",
    "katz_ratio_interval",
    "measure_intervals",
    "newcombe_interval",
    "precision_recall_band",
    "proportion_interval",
    "reliability_intervals",
    "roc_band",
    "woolf_odds_ratio_interval",
]
