"""Measures: pure, vectorized functions of counts (one value per entry).

Every function takes a :class:`~phidelta.counts.BinaryCounts` and returns an array with one
value per entry. Zero denominators follow one policy (see ``zero_division``): NaN and an
:class:`~phidelta.exceptions.UndefinedMeasureWarning` by default, or the value you pass.

Curves return named results that also unpack like tuples, with SciPy's names where SciPy has
the concept (``statistic``, ``pvalue``)::

    fpr, tpr, thresholds = roc_curve(table)

Point estimates only: their intervals, confidence regions and tests (Wilson, DeLong, bootstrap,
κ's standard error, φ-δ regions, McNemar, Friedman, Fisher, Benjamini–Hochberg) live one layer
up, in :mod:`phidelta.inference`, which this package never imports. Their former names here
(``phidelta.measures.wilson_interval`` and the like) raise an :class:`AttributeError` that
names the new place.
"""

from typing import Any

from phidelta.measures._agreement import cramers_v, gwets_ac1, krippendorff_alpha, scotts_pi
from phidelta.measures._association import (
    chi_square,
    fowlkes_mallows_index,
    g_mean,
    jaccard_index,
    lift,
    markedness,
    negative_likelihood_ratio,
    net_benefit,
    odds_ratio,
    positive_likelihood_ratio,
    sensitivity_index,
    yules_q,
)
from phidelta.measures._bias import friedman_bias, unbiased_bias
from phidelta.measures._binormal import binormal_auc
from phidelta.measures._calibration import (
    RMS_NAMES,
    CalibrationStatistics,
    DebiasedCalibrationError,
    LogisticCalibration,
    calibration_statistics,
    debiased_calibration_error,
    logistic_calibration,
)
from phidelta.measures._classic import (
    accuracy,
    cohen_kappa,
    error_rate,
    f1_score,
    fbeta_score,
    mcc,
    negative_predictive_value,
    precision,
)
from phidelta.measures._coordinates import (
    sensitivity_at_specificity,
    specificity_at_sensitivity,
)
from phidelta.measures._curves import (
    AveragedRoc,
    CalibrationBins,
    CostCurve,
    GainCurve,
    average_roc,
    cost_curve,
    expected_calibration_error,
    gain_curve,
)
from phidelta.measures._decision import BrierCurve, DecisionCurve, brier_curve, decision_curve
from phidelta.measures._entropy import EntropyBalance, entropy_balance
from phidelta.measures._information import (
    information_gain,
    mutual_information_from_rates,
    unbiased_information_gain,
)
from phidelta.measures._logloss import cross_entropy, log_loss
from phidelta.measures._matrices import (
    determinant,
    joint_probability_matrix,
    normalized_confusion_matrix,
    oracle_matrix,
)
from phidelta.measures._multiclass import (
    balanced_accuracy,
    macro_average,
    micro_average,
    multiclass_accuracy,
    multiclass_cohen_kappa,
    multiclass_mcc,
    one_vs_rest,
    weighted_average,
)
from phidelta.measures._multiclass_auc import multiclass_auc
from phidelta.measures._operating import (
    OperatingPoints,
    acceptable_region,
    isometric_slope,
    margin_losses,
    margins,
    optimal_points,
)
from phidelta.measures._phidelta import (
    PhiDelta,
    Rates,
    convert,
    delta,
    generalized_to_standard,
    phi,
    phi_delta,
    phi_delta_to_rates,
    standard_to_generalized,
)
from phidelta.measures._pr import average_precision, pr_auc, pr_break_even
from phidelta.measures._probability import (
    BrierDecomposition,
    IsotonicCalibrator,
    brier_decomposition,
    brier_score,
    laplace_correction,
    m_estimate,
    squared_error,
)
from phidelta.measures._ranking import (
    CoverageCurve,
    PrecisionRecallCurve,
    RankingErrors,
    RocCurve,
    RocHull,
    auc,
    auc_numerator,
    best_cut,
    combined_measure,
    coverage_curve,
    partial_auc,
    precision_recall_curve,
    ranking_errors,
    ranking_grid,
    roc_convex_hull,
    roc_curve,
    roc_direction,
    sorting_measure,
    threshold_scan,
)
from phidelta.measures._rates import (
    class_ratio,
    false_negative_rate,
    false_positive_rate,
    negative_proportion,
    negatives,
    positive_proportion,
    positives,
    predicted_negative_proportion,
    predicted_negatives,
    predicted_positive_proportion,
    predicted_positives,
    recall,
    sensitivity,
    specificity,
    total,
    true_negative_rate,
    true_positive_rate,
)
from phidelta.measures._results import ConfidenceInterval, TupleResult
from phidelta.measures._signal import (
    background_acceptance,
    classification_error,
    data_quality,
    data_quality_rare,
    enrichment_factor,
    purity,
    quality_factor,
    rejection_factor,
    signal_efficiency,
    signal_error,
    weighted_classification_error,
)
from phidelta.measures._smooth import SmoothRocCurve, smooth_roc
from phidelta.measures._table import (
    LOWER_IS_BETTER,
    MEASURES,
    MeasureInfo,
    MeasureTable,
    measure_table,
)
from phidelta.measures._unbiased import (
    unbiased_accuracy,
    unbiased_error_rate,
    unbiased_f1_score,
    unbiased_mcc,
    unbiased_negative_predictive_value,
    unbiased_precision,
)

__all__ = [
    "LOWER_IS_BETTER",
    "MEASURES",
    "RMS_NAMES",
    "AveragedRoc",
    "BrierCurve",
    "BrierDecomposition",
    "CalibrationBins",
    "CalibrationStatistics",
    "ConfidenceInterval",
    "CostCurve",
    "CoverageCurve",
    "DebiasedCalibrationError",
    "DecisionCurve",
    "EntropyBalance",
    "GainCurve",
    "IsotonicCalibrator",
    "LogisticCalibration",
    "MeasureInfo",
    "MeasureTable",
    "OperatingPoints",
    "PhiDelta",
    "PrecisionRecallCurve",
    "RankingErrors",
    "Rates",
    "RocCurve",
    "RocHull",
    "SmoothRocCurve",
    "TupleResult",
    "acceptable_region",
    "accuracy",
    "auc",
    "auc_numerator",
    "average_precision",
    "average_roc",
    "background_acceptance",
    "balanced_accuracy",
    "best_cut",
    "binormal_auc",
    "brier_curve",
    "brier_decomposition",
    "brier_score",
    "calibration_statistics",
    "chi_square",
    "class_ratio",
    "classification_error",
    "cohen_kappa",
    "combined_measure",
    "convert",
    "cost_curve",
    "coverage_curve",
    "cramers_v",
    "cross_entropy",
    "data_quality",
    "data_quality_rare",
    "debiased_calibration_error",
    "decision_curve",
    "delta",
    "determinant",
    "enrichment_factor",
    "entropy_balance",
    "error_rate",
    "expected_calibration_error",
    "f1_score",
    "false_negative_rate",
    "false_positive_rate",
    "fbeta_score",
    "fowlkes_mallows_index",
    "friedman_bias",
    "g_mean",
    "gain_curve",
    "generalized_to_standard",
    "gwets_ac1",
    "information_gain",
    "isometric_slope",
    "jaccard_index",
    "joint_probability_matrix",
    "krippendorff_alpha",
    "laplace_correction",
    "lift",
    "log_loss",
    "logistic_calibration",
    "m_estimate",
    "macro_average",
    "margin_losses",
    "margins",
    "markedness",
    "mcc",
    "measure_table",
    "micro_average",
    "multiclass_accuracy",
    "multiclass_auc",
    "multiclass_cohen_kappa",
    "multiclass_mcc",
    "mutual_information_from_rates",
    "negative_likelihood_ratio",
    "negative_predictive_value",
    "negative_proportion",
    "negatives",
    "net_benefit",
    "normalized_confusion_matrix",
    "odds_ratio",
    "one_vs_rest",
    "optimal_points",
    "oracle_matrix",
    "partial_auc",
    "phi",
    "phi_delta",
    "phi_delta_to_rates",
    "positive_likelihood_ratio",
    "positive_proportion",
    "positives",
    "pr_auc",
    "pr_break_even",
    "precision",
    "precision_recall_curve",
    "predicted_negative_proportion",
    "predicted_negatives",
    "predicted_positive_proportion",
    "predicted_positives",
    "purity",
    "quality_factor",
    "ranking_errors",
    "ranking_grid",
    "recall",
    "rejection_factor",
    "roc_convex_hull",
    "roc_curve",
    "roc_direction",
    "scotts_pi",
    "sensitivity",
    "sensitivity_at_specificity",
    "sensitivity_index",
    "signal_efficiency",
    "signal_error",
    "smooth_roc",
    "sorting_measure",
    "specificity",
    "specificity_at_sensitivity",
    "squared_error",
    "standard_to_generalized",
    "threshold_scan",
    "total",
    "true_negative_rate",
    "true_positive_rate",
    "unbiased_accuracy",
    "unbiased_bias",
    "unbiased_error_rate",
    "unbiased_f1_score",
    "unbiased_information_gain",
    "unbiased_mcc",
    "unbiased_negative_predictive_value",
    "unbiased_precision",
    "weighted_average",
    "weighted_classification_error",
    "yules_q",
]

#: names that moved to :mod:`phidelta.inference` (issue 29): asking for them here says where
_MOVED = frozenset(
    {
        "AucInterval",
        "DelongTest",
        "FriedmanTest",
        "Interval",
        "PairedTest",
        "PhiDeltaRegion",
        "RankGroups",
        "auc_confidence_interval",
        "benjamini_hochberg",
        "bootstrap_interval",
        "cohen_kappa_interval",
        "cohen_kappa_standard_error",
        "corrected_resampled_ttest",
        "critical_difference",
        "delong_test",
        "fisher_exact_pvalues",
        "friedman_test",
        "mcnemar_discordant_test",
        "mcnemar_test",
        "nemenyi_test",
        "phi_delta_region",
        "rank_cliques",
        "rank_groups",
        "rate_intervals",
        "table_bootstrap_interval",
        "wilson_interval",
    }
)


def __getattr__(name: str) -> Any:
    """A former name of :mod:`phidelta.inference`'s intervals and tests (PEP 562): an
    AttributeError that says where it lives now. Nothing is imported: point measures do not
    depend on the inference layer, not even lazily."""
    if name in _MOVED:
        raise AttributeError(
            f"phidelta.measures.{name} moved to phidelta.inference.{name} (intervals, regions "
            f"and tests are a layer above the measures): from phidelta.inference import {name}"
        )
    raise AttributeError(f"module 'phidelta.measures' has no attribute {name!r}")
