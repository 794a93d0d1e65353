"""Bad input to the functions of issue 30 (pROC's tests, power, coordinates and smoothing;
rms's calibration statistics; decision curves): each call raises a ValueError or TypeError
whose message names the argument — never a NumPy traceback, never a silently wrong number.
``test_odd_arguments.py`` throws generic odd values at every public function; these are the
cases a user of these functions meets: wrong shapes, NaN, one class, text, negative sizes,
a power outside (0, 1), empty input."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from phidelta import inference, measures
from phidelta.counts import ScoreTable

Y = np.array([1, 0, 1, 0, 1, 0, 1, 0, 1, 1])
P = np.array([0.9, 0.2, 0.7, 0.4, 0.6, 0.3, 0.8, 0.1, 0.55, 0.35])
Q = np.array([0.5, 0.1, 0.6, 0.45, 0.3, 0.2, 0.9, 0.15, 0.65, 0.25])
NAN_P = np.where(np.arange(10) == 2, np.nan, P)
EMPTY = np.array([])
TABLE = ScoreTable.from_scores(Y, P)
ONE_CLASS = ScoreTable.from_scores([1, 1, 1], [0.1, 0.2, 0.3])
NOT_PROBABILITIES = ScoreTable.from_scores(Y, 3 * P)
ERROR = (ValueError, TypeError)

CASES = [
    # roc_test
    ("roc_test", ((Y, NAN_P), (Y, Q)), {}, r"`curve_a\[1\] \(scores\)`.*NaN"),
    ("roc_test", ((Y * 0 + 1, P), (Y, Q)), {}, r"`curve_a\[0\] \(y_true\)` holds one class"),
    ("roc_test", ("abc", (Y, Q)), {}, r"`curve_a` must be a pair"),
    ("roc_test", ((Y, P.astype(str)), (Y, Q)), {}, r"`curve_a\[1\] \(scores\)` must be numeric"),
    ("roc_test", ((Y.reshape(2, 5), P.reshape(2, 5)), (Y, Q)), {}, r"1-dimensional"),
    ("roc_test", ((EMPTY, EMPTY), (Y, Q)), {}, r"`curve_a\[0\] \(y_true\)` holds one class"),
    ("roc_test", ((Y, P[:4]), (Y, Q)), {}, r"Lengths differ: `curve_a\[0\] \(y_true\)`"),
    ("roc_test", ((Y, P), (Y, Q)), {"method": "venkatraman", "n_resamples": -5}, "`n_resamples`"),
    ("roc_test", ((Y, P), (Y, Q)), {"alternative": 3}, "`alternative`"),
    ("roc_test", ((Y, P), (Y, Q)), {"fpr_range": (0.5, 0.2)}, "`fpr_range`"),
    ("roc_test", ((Y, P), (Y, Q)), {"method": "specificity", "specificity": 1.5}, "`specificity`"),
    ("roc_test", ((Y, P), (Y[:5], Q[:5])), {"paired": True}, r"`paired=True`"),
    # auc_variance
    ("auc_variance", ((Y, NAN_P),), {}, r"`curve\[1\] \(scores\)`.*NaN"),
    ("auc_variance", ((Y, P[:4]),), {}, r"`curve\[0\] \(y_true\)` has 10"),
    ("auc_variance", (ONE_CLASS,), {}, r"`curve` is undefined.*one-class"),
    ("auc_variance", ((Y, P),), {"method": "x"}, "`method`"),
    ("auc_variance", ((Y, P),), {"method": "bootstrap", "n_resamples": 0}, "`n_resamples`"),
    ("auc_variance", ((Y, P),), {"fpr_range": (0, 0.2)}, "whole areas"),
    # auc_power
    ("auc_power", (0.7,), {"n_positives": -5}, "`n_positives` must be a positive number"),
    ("auc_power", (0.7,), {"n_positives": 0}, "`n_positives` must be a positive number"),
    ("auc_power", (0.7,), {"n_positives": np.nan}, "`n_positives` must be a positive number"),
    ("auc_power", (0.7,), {"n_positives": 10, "n_negatives": -1}, "`n_negatives`"),
    ("auc_power", (0.7,), {"power": 1.5}, r"`power` must be in \(0, 1\)"),
    ("auc_power", (0.7,), {"power": 0}, r"`power` must be in \(0, 1\)"),
    ("auc_power", (0.7,), {"power": np.nan}, r"`power` must be in \(0, 1\)"),
    ("auc_power", (0.7,), {"power": "0.8"}, "`power` must be a number"),
    ("auc_power", (1.2,), {"power": 0.8}, r"`auc` must be in \(0, 1\)"),
    ("auc_power", (np.nan,), {"power": 0.8}, r"`auc` must be in \(0, 1\)"),
    ("auc_power", ("a",), {"power": 0.8}, "`auc` must be a number"),
    ("auc_power", (0.7,), {"power": 0.8, "alpha": 0}, "`alpha`"),
    ("auc_power", (0.7,), {"power": 0.8, "ratio": 0}, "`ratio`"),
    ("auc_power", (0.5,), {"power": 0.8}, "difference to detect is 0"),
    ("auc_power", (0.7,), {}, "`n_positives`.*`power`"),
    ("auc_power", (0.7,), {"n_positives": 30, "power": 0.8}, "`n_positives` or `power`"),
    # roc_power
    ("roc_power", ((Y, P), (Y, Q)), {"power": 1.5}, r"`power` must be in \(0, 1\)"),
    ("roc_power", ((Y, P), (Y, Q)), {"n_positives": -3}, "`n_positives`"),
    ("roc_power", ((Y, P), (Y, P)), {"power": 0.8}, "difference to detect is 0"),
    ("roc_power", ((Y, NAN_P), (Y, Q)), {"power": 0.8}, r"`curve_a\[1\] \(scores\)`"),
    ("roc_power", ((Y, P), (Y, Q)), {"ratio": -1, "power": 0.8}, "`ratio`"),
    ("roc_power", (ONE_CLASS, TABLE), {"power": 0.8}, "`curve_a` is undefined"),
    ("roc_power", ((Y, P), (Y, Q)), {"method": "bootstrap", "ratio": 3, "power": 0.8}, "`ratio`"),
    # binormal_roc_power
    ("binormal_roc_power", (1, -1, 1, 1), {"power": 0.8}, "`b_1` must be a positive number"),
    ("binormal_roc_power", (np.nan, 1, 1, 1), {"power": 0.8}, "`a_1` must be a finite number"),
    ("binormal_roc_power", ("a", 1, 1, 1), {"power": 0.8}, "`a_1` must be a finite number"),
    ("binormal_roc_power", (1.5, 1, 1, 1), {"power": 1.0}, r"`power` must be in \(0, 1\)"),
    ("binormal_roc_power", (1.5, 1, 1, 1), {"n_positives": -4}, "`n_positives`"),
    ("binormal_roc_power", (1.5, 1, 1, 1), {"r_positives": 2, "power": 0.8}, "`r_positives`"),
    ("binormal_roc_power", (1.5, 1, 1, 1), {"fpr_range": (0.3, 0.1), "power": 0.8}, "`fpr_range`"),
    ("binormal_roc_power", (1.5, 1, 1, 1), {"fpr_range": "ab", "power": 0.8}, "`fpr_range`"),
    ("binormal_roc_power", (1, 1, 1, 1), {"power": 0.8}, "difference to detect is 0"),
    # coordinate_intervals
    ("coordinate_intervals", (TABLE, "specificity", [1.5]), {}, r"`specificity` must lie"),
    ("coordinate_intervals", (TABLE, "specificity", [np.nan]), {}, r"`specificity` must lie"),
    ("coordinate_intervals", (TABLE, "specificity", ["a"]), {}, r"`specificity` must be numbers"),
    ("coordinate_intervals", (TABLE, "specificity"), {}, "`values` must give"),
    ("coordinate_intervals", (TABLE, "threshold", []), {}, "`values` must be thresholds"),
    ("coordinate_intervals", (TABLE, "threshold", [[0.1, 0.2]]), {}, "`values` must be"),
    ("coordinate_intervals", (TABLE, "bogus", [0.5]), {}, "`at` must be one of"),
    ("coordinate_intervals", (ONE_CLASS, "best"), {}, "one-class"),
    ("coordinate_intervals", ("x", "best"), {}, "`table` must be a ScoreTable"),
    ("coordinate_intervals", (TABLE, "best"), {"n_resamples": 5}, "`n_resamples`"),
    ("coordinate_intervals", (TABLE, "best"), {"confidence_level": 2}, "`confidence_level`"),
    # sensitivity_at_specificity
    ("sensitivity_at_specificity", (TABLE, 1.5), {}, "`specificity` must lie"),
    ("sensitivity_at_specificity", (TABLE, np.nan), {}, "`specificity` must lie"),
    ("sensitivity_at_specificity", (TABLE, "a"), {}, "`specificity` must be numbers"),
    ("sensitivity_at_specificity", (TABLE, []), {}, "`specificity` is empty"),
    ("sensitivity_at_specificity", (TABLE, [[0.5, 0.6]]), {}, "`specificity` must be a number"),
    ("sensitivity_at_specificity", (TABLE, None), {}, "`specificity`"),
    ("sensitivity_at_specificity", (ONE_CLASS, 0.5), {}, "one-class"),
    ("sensitivity_at_specificity", ("t", 0.5), {}, "`table` must be a ScoreTable"),
    # smooth_roc
    ("smooth_roc", (TABLE,), {"method": "x"}, "`method`"),
    ("smooth_roc", (TABLE,), {"n": -1}, "`n` must be an integer >= 2"),
    ("smooth_roc", (TABLE,), {"n": 2.5}, "`n` must be an integer >= 2"),
    ("smooth_roc", (TABLE,), {"method": "density", "bandwidth": -1}, "`bandwidth`"),
    ("smooth_roc", (TABLE,), {"method": "density", "bandwidth": "foo"}, "`bandwidth`"),
    ("smooth_roc", (TABLE,), {"method": "density", "adjust": 0}, "`adjust`"),
    ("smooth_roc", (ONE_CLASS,), {}, "one-class"),
    ("smooth_roc", ("x",), {}, "`table` must be a ScoreTable"),
    # calibration_statistics, logistic_calibration, spiegelhalter_test, hosmer_lemeshow_test
    ("calibration_statistics", (Y, NAN_P), {}, "`probabilities` must be finite"),
    ("calibration_statistics", (Y, P + 1), {}, r"`probabilities` must lie in \[0, 1\]"),
    ("calibration_statistics", (Y, P[:4]), {}, "Lengths differ: `y_true`"),
    ("calibration_statistics", (Y * 0, P), {}, "`y_true` holds negative examples only"),
    ("calibration_statistics", (Y, P.astype(str)), {}, "`probabilities` must be numeric"),
    ("calibration_statistics", (EMPTY, EMPTY), {}, "No examples"),
    ("calibration_statistics", (Y, np.ones(10)), {}, "`probabilities` are all 0 or 1"),
    ("logistic_calibration", (Y, NAN_P), {}, "`probabilities` must be finite"),
    ("logistic_calibration", (Y, P - 1), {}, r"`probabilities` must lie in \[0, 1\]"),
    ("logistic_calibration", (Y, np.ones(10)), {}, "`probabilities` are all 0 or 1"),
    ("logistic_calibration", (Y, np.full(10, 0.3)), {}, "`probabilities` are all 0.3"),
    ("logistic_calibration", (Y * 0 + 1, P), {}, "`y_true` holds positive examples only"),
    ("spiegelhalter_test", (Y, NAN_P), {}, "`probabilities` must be finite"),
    ("spiegelhalter_test", (Y, 2 * P), {}, r"`probabilities` must lie in \[0, 1\]"),
    ("spiegelhalter_test", (Y, P[:4]), {}, "Lengths differ: `y_true`"),
    ("spiegelhalter_test", (EMPTY, EMPTY), {}, "No examples"),
    ("hosmer_lemeshow_test", (Y, NAN_P), {}, "`probabilities` must be finite"),
    ("hosmer_lemeshow_test", (Y, P), {"groups": 1}, "`groups` must be an integer >= 3"),
    ("hosmer_lemeshow_test", (Y, P), {"groups": -3}, "`groups` must be an integer >= 3"),
    ("hosmer_lemeshow_test", (Y, P), {"groups": 2.5}, "`groups` must be an integer >= 3"),
    ("hosmer_lemeshow_test", (Y, P), {"groups": "10"}, "`groups` must be an integer >= 3"),
    ("hosmer_lemeshow_test", (Y, 3 * P), {}, r"`probabilities` must lie in \[0, 1\]"),
    ("hosmer_lemeshow_test", (EMPTY, EMPTY), {}, "No examples"),
    # decision_curve, brier_curve, decision_curve_band, net_benefit_difference
    ("decision_curve", (TABLE,), {"thresholds": [1.0]}, r"`thresholds` must be increasing"),
    ("decision_curve", (TABLE,), {"thresholds": [0.5, 0.1]}, r"`thresholds` must be increasing"),
    ("decision_curve", (TABLE,), {"thresholds": [-0.1]}, r"`thresholds` must be increasing"),
    ("decision_curve", (TABLE,), {"thresholds": []}, r"`thresholds` must be increasing"),
    ("decision_curve", (TABLE,), {"thresholds": [np.nan]}, "`thresholds` must be finite"),
    ("decision_curve", (TABLE,), {"thresholds": "abc"}, "`thresholds` must be numeric"),
    ("decision_curve", (NOT_PROBABILITIES,), {}, "scores of `table` must lie in"),
    ("decision_curve", (ONE_CLASS,), {}, "one-class"),
    ("decision_curve", ("x",), {}, "`table` must be a ScoreTable"),
    ("brier_curve", (TABLE,), {"space": "x"}, "`space`"),
    ("brier_curve", (TABLE,), {"points": 1}, "`points` must be an integer >= 2"),
    ("brier_curve", (TABLE,), {"points": -5}, "`points` must be an integer >= 2"),
    ("brier_curve", (TABLE,), {"points": 2.5}, "`points` must be an integer >= 2"),
    ("brier_curve", (NOT_PROBABILITIES,), {}, "scores of `table` must lie in"),
    ("brier_curve", (ONE_CLASS,), {}, "one-class"),
    ("decision_curve_band", (TABLE,), {"thresholds": [1.0]}, "`thresholds` must be increasing"),
    ("decision_curve_band", (TABLE,), {"measure": "x"}, "`measure`"),
    ("decision_curve_band", (TABLE,), {"n_resamples": 1}, "`n_resamples`"),
    ("decision_curve_band", (TABLE,), {"confidence_level": 0}, "`confidence_level`"),
    ("decision_curve_band", (TABLE,), {"per": -1}, "`per` must be a positive number"),
    ("decision_curve_band", (TABLE,), {"per": np.nan}, "`per` must be a positive number"),
    ("decision_curve_band", (TABLE,), {"per": "100"}, "`per` must be a positive number"),
    ("decision_curve_band", (ONE_CLASS,), {}, "one-class"),
    ("decision_curve_band", (NOT_PROBABILITIES,), {}, "scores of `table` must lie in"),
    ("net_benefit_difference", (Y, P, Q[:4]), {}, "`probabilities_b` has 4"),
    ("net_benefit_difference", (Y, NAN_P, Q), {}, "`probabilities_a` must be finite"),
    ("net_benefit_difference", (Y, P, 3 * Q), {}, r"`probabilities_b` must be probabilities"),
    ("net_benefit_difference", (Y * 0, P, Q), {}, "`y_true` holds one class"),
    ("net_benefit_difference", (Y, P, Q), {"thresholds": [1.2]}, "`thresholds`"),
    ("net_benefit_difference", (Y, P, Q), {"n_resamples": 0}, "`n_resamples`"),
    ("net_benefit_difference", (EMPTY, EMPTY, EMPTY), {}, "`y_true` holds one class"),
    ("net_benefit_difference", (Y, P, "abc"), {}, "`probabilities_b` must be numeric"),
    # roc_difference_band (Venkatraman's interval)
    ("roc_difference_band", ((Y, NAN_P), (Y, Q)), {}, r"`curve_a\[1\] \(scores\)`"),
    ("roc_difference_band", ((Y * 0, P), (Y, Q)), {}, r"`curve_a\[0\] \(y_true\)` holds one"),
    ("roc_difference_band", ((Y, P), (Y, Q)), {"specificities": [2]}, "`specificities`"),
    ("roc_difference_band", ((Y, P), (Y[:5], Q[:5])), {"paired": True}, r"`paired=True`"),
]


def _function(name):
    return getattr(inference, name, None) or getattr(measures, name)


@pytest.mark.parametrize(
    ("name", "args", "kwargs", "message"),
    CASES,
    ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)],
)
def test_bad_input_names_the_argument(name, args, kwargs, message):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the probabilities of 0 or 1 left out, say
        with pytest.raises(ERROR, match=message):
            _function(name)(*args, **kwargs)


def test_the_net_interventions_avoided_refuse_a_bad_per():
    curve = measures.decision_curve(TABLE, thresholds=[0.2, 0.4])
    for per in (-1, 0, np.nan, np.inf):
        with pytest.raises(ValueError, match="`per` must be a positive number"):
            curve.net_interventions_avoided(per)
    with pytest.raises(TypeError, match="`per` must be a positive number"):
        curve.net_interventions_avoided("100")
    # the value itself: (NB − NB_all) / odds · per, from the curve's own numbers
    odds = np.array([0.2 / 0.8, 0.4 / 0.6])
    expected = (curve.net_benefit - curve.treat_all) / odds * 50
    np.testing.assert_allclose(curve.net_interventions_avoided(50), expected, rtol=1e-14)
