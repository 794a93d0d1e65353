"""Inference: intervals, bands, tests and regions — functions of counts, one layer above the
point measures of :mod:`phidelta.measures` (which never import it).

Every interval reports the method that made it; undefined stays NaN, and no bound leaves the
measure's range.

What lives here (the point estimates they qualify stay in :mod:`phidelta.measures`):

* intervals: :func:`wilson_interval` and :func:`rate_intervals` (rates),
  :func:`auc_confidence_interval` (DeLong), :func:`cohen_kappa_interval` and
  :func:`cohen_kappa_standard_error` (κ), :func:`bootstrap_interval` and
  :func:`table_bootstrap_interval` (any measure of counts or of a score table),
  :func:`matrix_intervals` (multi-class measures of confusion matrices);
* regions: :func:`phi_delta_region`, joint confidence regions of a point of the φ-δ diagram;
* tests: :func:`delong_test` (two AUCs), :func:`mcnemar_test`, :func:`mcnemar_discordant_test`,
  :func:`clustered_mcnemar_test` and :func:`corrected_resampled_ttest` (two classifiers),
  :func:`friedman_test`, :func:`nemenyi_test`, :func:`critical_difference` and
  :func:`rank_groups` (many classifiers over many data sets), :func:`fisher_exact_pvalues` and
  :func:`benjamini_hochberg` (many features).

Clustered data (several rows per patient, speaker, document or site): ``groups=`` makes every
interval resample whole groups (the cluster bootstrap) and gives the AUC Obuchowski's (1997)
clustered variance; rows of one group are then never treated as independent.

These names were in :mod:`phidelta.measures` before; ``phidelta.measures.wilson_interval`` and
the like raise an :class:`AttributeError` naming their new place.

Examples
--------
>>> from phidelta.counts import BinaryCounts
>>> from phidelta.inference import rate_intervals, wilson_interval
>>> wilson_interval([8], [10]).low
array([0.49016247])
>>> low, high = rate_intervals(BinaryCounts(tn=15, fp=10, fn=15, tp=60))["sensitivity"]
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
from phidelta.inference._calibration_tests import (
    CalibrationSummary,
    CalibrationTest,
    HosmerLemeshowTest,
    calibration_summary,
    hosmer_lemeshow_test,
    spiegelhalter_test,
    unreliability_test,
)
from phidelta.inference._comparisons import (
    FriedmanTest,
    PairedTest,
    RankGroups,
    clustered_mcnemar_test,
    corrected_resampled_ttest,
    critical_difference,
    friedman_test,
    mcnemar_discordant_test,
    mcnemar_test,
    nemenyi_test,
    rank_cliques,
    rank_groups,
)
from phidelta.inference._coordinates import CoordinateIntervals, coordinate_intervals
from phidelta.inference._count_bootstrap import count_bootstrap_interval
from phidelta.inference._decision_bands import (
    DecisionCurveBand,
    NetBenefitDifference,
    decision_curve_band,
    net_benefit_difference,
)
from phidelta.inference._kappa import cohen_kappa_interval, cohen_kappa_standard_error
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
from phidelta.inference._multiclass_intervals import (
    ENTROPY_BALANCE_MEASURES,
    MULTICLASS_MEASURES,
    MatrixIntervals,
    matrix_intervals,
)
from phidelta.inference._paired import (
    PairedDifference,
    paired_difference_from_table,
    paired_difference_interval,
    paired_table,
)
from phidelta.inference._power import (
    RocPower,
    auc_covariance,
    auc_power,
    auc_variance,
    binormal_roc_power,
    roc_power,
)
from phidelta.inference._regions import PhiDeltaRegion, phi_delta_region
from phidelta.inference._roc_tests import (
    RocDifferenceBand,
    RocTest,
    VenkatramanTest,
    roc_difference_band,
    roc_test,
)
from phidelta.inference._significance import benjamini_hochberg, fisher_exact_pvalues
from phidelta.inference._uncertainty import (
    AucInterval,
    DelongTest,
    Interval,
    auc_confidence_interval,
    bootstrap_interval,
    delong_test,
    rate_intervals,
    table_bootstrap_interval,
    wilson_interval,
)

__all__: list[str] = [
    "AUTO_METHODS",
    "ENTROPY_BALANCE_MEASURES",
    "MULTICLASS_MEASURES",
    "AucInterval",
    "CalibrationSummary",
    "CalibrationTest",
    "CoordinateIntervals",
    "CoverageBand",
    "DecisionCurveBand",
    "DelongTest",
    "FriedmanTest",
    "HosmerLemeshowTest",
    "Interval",
    "MatrixIntervals",
    "MeasureIntervals",
    "NetBenefitDifference",
    "PairedDifference",
    "PairedTest",
    "PhiDeltaRegion",
    "PrecisionRecallBand",
    "RankGroups",
    "ReliabilityIntervals",
    "RocBand",
    "RocDifferenceBand",
    "RocPower",
    "RocTest",
    "VenkatramanTest",
    "auc_confidence_interval",
    "auc_covariance",
    "auc_power",
    "auc_variance",
    "benjamini_hochberg",
    "binormal_roc_power",
    "bootstrap_interval",
    "calibration_summary",
    "clustered_mcnemar_test",
    "cohen_kappa_interval",
    "cohen_kappa_standard_error",
    "coordinate_intervals",
    "corrected_resampled_ttest",
    "count_bootstrap_interval",
    "coverage_band",
    "critical_difference",
    "decision_curve_band",
    "delong_test",
    "fisher_exact_pvalues",
    "friedman_test",
    "hosmer_lemeshow_test",
    "katz_ratio_interval",
    "matrix_intervals",
    "mcnemar_discordant_test",
    "mcnemar_test",
    "measure_intervals",
    "nemenyi_test",
    "net_benefit_difference",
    "newcombe_interval",
    "paired_difference_from_table",
    "paired_difference_interval",
    "paired_table",
    "phi_delta_region",
    "precision_recall_band",
    "proportion_interval",
    "rank_cliques",
    "rank_groups",
    "rate_intervals",
    "reliability_intervals",
    "roc_band",
    "roc_difference_band",
    "roc_power",
    "roc_test",
    "spiegelhalter_test",
    "table_bootstrap_interval",
    "unreliability_test",
    "wilson_interval",
    "woolf_odds_ratio_interval",
]
