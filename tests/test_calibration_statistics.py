"""Calibration statistics (issue 30, item 6) against rms's ``val.prob``, and their identities.

The reference values in ``tests/data/rms_valprob.json`` come from ``tests/data/rms_valprob.R``
(run by hand with R 4.2, rms 6.5, Hmisc and MASS; CI has no R). The data sets are in the file.
Hosmer–Lemeshow and the debiased calibration error have no rms function: they are checked
against R's computation of the documented rule, first principles and hand-made examples.
"""

from __future__ import annotations

import itertools
import json
import warnings
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.testing import assert_allclose
from scipy.stats import chi2, norm

from phidelta._lowess import lowess
from phidelta.counts import ScoreTable
from phidelta.exceptions import UndefinedMeasureWarning
from phidelta.geometry import logistic_calibration_curve, smooth_calibration_curve
from phidelta.inference import (
    calibration_summary,
    hosmer_lemeshow_test,
    spiegelhalter_test,
    unreliability_test,
)
from phidelta.measures import (
    RMS_NAMES,
    auc,
    brier_decomposition,
    brier_score,
    calibration_statistics,
    debiased_calibration_error,
    expected_calibration_error,
    logistic_calibration,
)

TOL = {"rtol": 1e-9, "atol": 1e-9}
REFERENCE = json.loads((Path(__file__).parent / "data" / "rms_valprob.json").read_text("utf-8"))
CASES = REFERENCE["cases"]
IDS = [case["name"] for case in CASES]

#: val.prob's statistics phidelta computes the same way (C and Dxy: see the tests below)
SAME = ("R2", "D", "D:Chi-sq", "U", "U:Chi-sq", "U:p", "Q", "Brier", "Emax", "E90", "Eavg")


def _data(case: dict) -> tuple[np.ndarray, np.ndarray]:
    return np.array(case["y"]), np.array(case["p"], dtype=np.float64)


def _quiet(function, *args, **kwargs):
    """Call, ignoring the warning about probabilities of 0 or 1 (one reference case has them)."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "\\d+ of \\d+ probabilities are 0 or 1")
        return function(*args, **kwargs)


def test_the_reference_file_names_its_script_and_software():
    assert REFERENCE["source"] == "tests/data/rms_valprob.R"
    assert "rms 6.5" in REFERENCE["software"]
    assert len(CASES) >= 8
    assert any(0 in case["p"] for case in CASES)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_summary_is_rms_valprob(case):
    y, p = _data(case)
    ours = _quiet(calibration_summary, y, p).to_dict()
    rms = case["valprob"]
    assert list(ours) == list(rms)  # val.prob's names, in its order
    for name in (*SAME, "S:z", "S:p"):
        assert_allclose(ours[name], rms[name], **TOL, err_msg=name)
    # rms's lrm.fit stops when -2 log L changes by less than 0.025: its estimates are ~1e-7 off
    for name in ("Intercept", "Slope"):
        assert_allclose(ours[name], rms[name], rtol=0, atol=1e-6, err_msg=name)
    assert rms["D:p"] is None
    assert np.isnan(ours["D:p"])


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_intercept_and_slope_are_the_converged_maximum_likelihood(case):
    y, p = _data(case)
    fit = _quiet(logistic_calibration, y, p)
    assert_allclose([fit.intercept, fit.slope], case["glm"], **TOL)
    assert fit.n == int(np.sum((p > 0) & (p < 1)))


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_c_is_exact_and_rms_c_is_that_of_probabilities_binned_to_1_5000(case):
    y, p = _data(case)
    stats = _quiet(calibration_statistics, y, p)
    assert_allclose([stats.c, stats.dxy], [case["somers2"]["C"], case["somers2"]["Dxy"]], **TOL)
    # the documented difference: lrm.fit counts concordance on floor(5000 p), rows 0 < p < 1
    inside = (p > 0) & (p < 1)
    binned = ScoreTable.from_scores(y[inside], np.floor(5000 * p[inside]))
    assert_allclose(auc(binned), case["valprob"]["C (ROC)"], **TOL)
    assert_allclose(2 * auc(binned) - 1, case["valprob"]["Dxy"], **TOL)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_smooth_curve_is_vals_lowess(case):
    y, p = _data(case)
    assert_allclose(lowess(p, y.astype(float)), case["smooth"], **TOL)
    curve = smooth_calibration_curve(y, p)
    assert np.all(np.diff(curve.probability) > 0)
    expected = dict(zip(p.tolist(), case["smooth"], strict=True))
    assert_allclose(curve.observed, [expected[x] for x in curve.probability.tolist()], **TOL)


@pytest.mark.parametrize(
    "smoother", REFERENCE["lowess"], ids=[s["name"] for s in REFERENCE["lowess"]]
)
def test_lowess_is_rs_lowess(smoother):
    x, y = np.array(smoother["x"], dtype=float), np.array(smoother["y"], dtype=float)
    fitted = lowess(x, y, span=smoother["f"], delta=smoother["delta"])
    assert_allclose(fitted[np.argsort(x, kind="stable")], smoother["fitted"], rtol=1e-9, atol=1e-9)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_hosmer_lemeshow_is_rs_computation_of_the_documented_groups(case):
    y, p = _data(case)
    ref = case["hosmer_lemeshow"]
    result = hosmer_lemeshow_test(y, p)
    assert result.df == ref["df"]
    assert_allclose([result.statistic, result.pvalue], [ref["statistic"], ref["pvalue"]], **TOL)
    assert_allclose(result.size, ref["size"], **TOL)
    assert_allclose(result.observed, ref["observed"], **TOL)
    assert_allclose(result.expected, ref["expected"], **TOL)


# --- identities ------------------------------------------------------------------------------


def test_calibrated_probabilities_have_intercept_0_and_slope_1():
    rng = np.random.default_rng(7)
    p = 1 / (1 + np.exp(-rng.normal(-0.5, 1.2, 40_000)))
    y = rng.random(len(p)) < p
    fit = logistic_calibration(y, p)
    # standard errors at this n are about 0.013 (intercept) and 0.015 (slope): within 4 of them
    assert abs(fit.intercept) < 0.052
    assert abs(fit.slope - 1) < 0.06
    assert abs(spiegelhalter_test(y, p).statistic) < 4
    stats = calibration_statistics(y, p)
    assert stats.eavg < 0.01
    assert stats.u < 1e-4


def test_recalibrated_probabilities_are_calibrated_in_the_large_with_slope_1():
    y, p = _data(CASES[0])
    fit = logistic_calibration(y, p)
    recalibrated = fit.predict(p)
    # the score equations of the fit: Σ (y − μ) = 0 and Σ (y − μ)·logit p = 0
    assert abs(np.sum(y - recalibrated)) < 1e-8
    assert abs(np.sum((y - recalibrated) * np.log(p / (1 - p)))) < 1e-8
    again = logistic_calibration(y, recalibrated)
    assert_allclose([again.intercept, again.slope], [0, 1], atol=1e-8)
    assert_allclose(again.deviance, fit.deviance, rtol=1e-12)
    assert_allclose(unreliability_test(y, recalibrated).statistic, 0, atol=1e-9)


def test_likelihood_indexes_follow_from_the_deviances():
    y, p = _data(CASES[2])
    stats, fit = calibration_statistics(y, p), logistic_calibration(y, p)
    n, lr = len(y), fit.null_deviance - fit.deviance_as_given
    assert_allclose(stats.d, (lr - 1) / n, rtol=1e-12)
    assert_allclose(stats.u, (fit.deviance_as_given - fit.deviance - 2) / n, rtol=1e-12)
    assert_allclose(stats.q, stats.d - stats.u, rtol=1e-12)
    assert_allclose(stats.r2, (1 - np.exp(-lr / n)) / (1 - np.exp(-fit.null_deviance / n)))
    assert_allclose(stats.brier, brier_score(y, p), rtol=1e-12)
    assert_allclose(stats.dxy, 2 * stats.c - 1, rtol=1e-12)
    assert stats.u >= -2 / n  # the χ² of U is never negative
    assert set(stats.to_dict()) == set(RMS_NAMES.values())


def test_swapping_the_classes_negates_the_intercept_and_keeps_the_rest():
    y, p = _data(CASES[0])
    fit, swapped = logistic_calibration(y, p), logistic_calibration(1 - y, 1 - p)
    assert_allclose([swapped.intercept, swapped.slope], [-fit.intercept, fit.slope], atol=1e-12)
    z, swapped_z = spiegelhalter_test(y, p), spiegelhalter_test(1 - y, 1 - p)
    assert_allclose(swapped_z.statistic, z.statistic, rtol=1e-12)


def test_spiegelhalter_by_hand():
    y, p = [1, 0, 1, 1, 0], [Fraction(9, 10), Fraction(1, 5), Fraction(1, 2), Fraction(3, 5), 0]
    numerator = sum((yi - pi) * (1 - 2 * pi) for yi, pi in zip(y, p, strict=True))
    variance = sum((1 - 2 * pi) ** 2 * pi * (1 - pi) for pi in p)
    z = float(numerator) / float(variance) ** 0.5
    result = spiegelhalter_test(y, [float(x) for x in p])
    assert_allclose([result.statistic, result.pvalue], [z, 2 * norm.sf(abs(z))], rtol=1e-12)


def test_hosmer_lemeshow_by_hand_with_ties_kept_together():
    # 12 rows, groups=4: cut points are the quantiles at 0, 1/4, 1/2, 3/4, 1 (type 7)
    p = np.array([0.1, 0.1, 0.2, 0.2, 0.2, 0.3, 0.5, 0.6, 0.6, 0.7, 0.8, 0.9])
    y = np.array([0, 0, 0, 1, 0, 0, 1, 1, 0, 1, 1, 1])
    # quantiles: 0.1, 0.2 (position 2.75 between 0.2 and 0.2), 0.4 (5.5: 0.3 and 0.5),
    # 0.625 (8.25: 0.6 and 0.7), 0.9. Groups [0.1, 0.2], (0.2, 0.4], (0.4, 0.625], (0.625, 0.9]:
    # the three rows at 0.2 stay together, so the groups hold 5, 1, 3 and 3 rows
    groups = [[0, 1, 2, 3, 4], [5], [6, 7, 8], [9, 10, 11]]
    statistic = 0.0
    for rows in groups:
        observed, expected, size = y[rows].sum(), p[rows].sum(), len(rows)
        statistic += (observed - expected) ** 2 / expected
        statistic += (observed - expected) ** 2 / (size - expected)
    result = hosmer_lemeshow_test(y, p, groups=4)
    assert result.size.tolist() == [5, 1, 3, 3]
    assert_allclose(result.edges, [0.1, 0.2, 0.4, 0.625, 0.9])
    assert result.df == 2
    assert_allclose(result.statistic, statistic, rtol=1e-12)
    assert_allclose(result.pvalue, chi2.sf(statistic, 2), rtol=1e-12)
    statistic_, pvalue_ = result
    assert (statistic_, pvalue_) == (result.statistic, result.pvalue)


def test_hosmer_lemeshow_drops_repeated_cut_points_and_empty_groups():
    # 10 groups asked of 10 rows, six of them tied at 0.1: the quantiles at 0, 0.1, …, 0.5 are
    # all 0.1 (kept once), then 0.18, 0.36, 0.54, 0.72, 0.9
    p = [0.1] * 6 + [0.3, 0.5, 0.7, 0.9]
    y = [0, 0, 1, 0, 0, 0, 1, 0, 1, 1]
    result = hosmer_lemeshow_test(y, p)
    assert_allclose(result.edges, [0.1, 0.18, 0.36, 0.54, 0.72, 0.9])
    assert result.size.tolist() == [6, 1, 1, 1, 1]
    assert result.df == 3
    # five values tied four times each: cut points between them leave empty groups, dropped
    p = np.repeat([0.1, 0.3, 0.5, 0.7, 0.9], 4)
    result = hosmer_lemeshow_test(np.arange(20) % 2, p)
    assert result.size.tolist() == [4] * 5
    assert result.df == 3
    # an empty group's interval joins the next one: (0.3, 0.42] and (0.42, 0.5] give (0.3, 0.5]
    assert_allclose(result.edges, [0.1, 0.26, 0.3, 0.5, 0.7, 0.9])


def test_a_brier_score_is_reliability_minus_resolution_plus_uncertainty_over_exact_bins():
    # Murphy (1973): exact when every probability of a bin is the same
    rng = np.random.default_rng(3)
    p = rng.choice([0.05, 0.2, 0.45, 0.7, 0.95], 400)
    y = rng.random(400) < np.clip(p + 0.1, 0, 1)
    bins = expected_calibration_error(y, p, bins=20)
    full = bins.count > 0
    weight, base = bins.count[full] / len(p), y.mean()
    reliability = np.sum(weight * (bins.mean_predicted[full] - bins.observed[full]) ** 2)
    resolution = np.sum(weight * (bins.observed[full] - base) ** 2)
    assert_allclose(brier_score(y, p), reliability - resolution + base * (1 - base), rtol=1e-12)
    # the plug-in squared calibration error over those bins is Flach's calibration loss
    plugin = debiased_calibration_error(y, p, bins=20, strategy="uniform").plugin
    assert_allclose(plugin, reliability, rtol=1e-12)
    assert_allclose(plugin, brier_decomposition(y, p).calibration, rtol=1e-12)


def test_debiased_calibration_error_by_hand():
    y = [0, 0, 1, 0, 1, 1, 1, 0, 1]
    p = [0.1, 0.1, 0.1, 0.1, 0.8, 0.8, 0.8, 0.8, 0.95]
    result = debiased_calibration_error(y, p, bins=2, strategy="uniform")
    # bin [0, 0.5): ȳ = 1/4, p̄ = 0.1, n = 4; bin [0.5, 1]: ȳ = 4/5, p̄ = 0.83, n = 5
    low = 4 / 9 * ((0.25 - 0.1) ** 2 - 0.25 * 0.75 / 3)
    high = 5 / 9 * ((0.8 - 0.83) ** 2 - 0.8 * 0.2 / 4)
    assert_allclose(result.squared, low + high, rtol=1e-12)
    assert_allclose(result.plugin, 4 / 9 * 0.15**2 + 5 / 9 * 0.03**2, rtol=1e-12)
    assert result.error == 0.0  # the estimate is negative: no evidence of miscalibration
    error, squared = debiased_calibration_error(np.r_[y, 0, 0], np.r_[p, 0.99, 0.99], bins=2)
    assert error == pytest.approx(np.sqrt(max(squared, 0)))


def test_a_bin_of_one_example_adds_nothing_to_the_debiased_estimate():
    y, p = [1, 0, 1, 1], [0.2, 0.2, 0.2, 0.9]
    result = debiased_calibration_error(y, p, bins=2, strategy="uniform")
    assert_allclose(result.squared, 3 / 4 * ((2 / 3 - 0.2) ** 2 - (2 / 9) / 2), rtol=1e-12)


def test_debiased_estimate_is_unbiased_exactly():
    # every outcome of 8 rows enumerated: E[estimate] = Σ_b (n_b/n)(μ_b − p̄_b)² exactly
    p = np.array([0.2] * 4 + [0.7] * 4)
    mu = np.array([0.3] * 4 + [0.6] * 4)
    truth = 0.5 * (0.3 - 0.2) ** 2 + 0.5 * (0.6 - 0.7) ** 2
    expected_debiased = expected_plugin = 0.0
    for outcome in itertools.product([0, 1], repeat=8):
        y = np.array(outcome)
        chance = np.prod(np.where(y == 1, mu, 1 - mu))
        result = debiased_calibration_error(y, p, bins=2, strategy="uniform")
        expected_debiased += chance * result.squared
        expected_plugin += chance * result.plugin
    assert_allclose(expected_debiased, truth, rtol=1e-12)
    assert expected_plugin > truth + 0.05  # the plug-in estimate is biased upward


def test_equal_mass_bins_hold_equal_counts():
    p = np.linspace(0.01, 0.99, 20)
    y = np.arange(20) % 2
    assert expected_calibration_error(y, p, bins=4, strategy="quantile").count.tolist() == [5] * 4
    bins = debiased_calibration_error(y, p, bins=4).bins
    assert bins.count.tolist() == [5] * 4


@settings(max_examples=40, deadline=None)
@given(
    repeats=st.lists(st.integers(1, 3), min_size=3, max_size=30),
    x=st.lists(st.integers(0, 60), min_size=2, max_size=40),
    slope=st.floats(-3, 3),
    shift=st.floats(-5, 5),
    span=st.sampled_from([0.3, 0.5, 2 / 3, 1.0]),
)
def test_lowess_reproduces_lines_and_commutes_with_affine_maps(repeats, x, slope, shift, span):
    # a local straight line fits a straight line exactly: on an equally spaced grid (values
    # repeated up to three times) every local fit either has the spread for a slope or weighs
    # the ties of x_i alone, whose mean is then on the line
    grid = np.repeat(np.arange(len(repeats)) / 10, repeats)
    line = shift + slope * grid
    assert_allclose(lowess(grid, line, span=span), line, atol=1e-9)
    # the weights do not depend on y, so the smoother commutes with y ↦ shift + slope·y
    x = np.array(x, dtype=float) / 10
    y = np.random.default_rng(len(x)).normal(size=len(x))
    assert_allclose(
        lowess(x, shift + slope * y, span=span),
        shift + slope * lowess(x, y, span=span),
        atol=1e-9,
    )


# --- edge cases ------------------------------------------------------------------------------


def test_one_class_is_refused_with_a_clear_message():
    with pytest.raises(ValueError, match=r"`y_true` holds negative examples only"):
        calibration_statistics([0, 0, 0], [0.1, 0.5, 0.7])
    with pytest.raises(ValueError, match=r"`y_true` holds positive examples only"):
        logistic_calibration([1, 1, 1], [0.1, 0.5, 0.7])
    # the tests without a fit accept it
    assert np.isfinite(spiegelhalter_test([0, 0, 0], [0.1, 0.5, 0.7]).statistic)


def test_a_single_probability_is_refused():
    with pytest.raises(ValueError, match=r"slope is not identifiable"):
        calibration_statistics([0, 1, 1], [0.4, 0.4, 0.4])


def test_nan_and_out_of_range_probabilities_are_refused():
    with pytest.raises(ValueError, match=r"`probabilities` must be finite; it contains NaN"):
        calibration_statistics([0, 1, 1], [0.2, np.nan, 0.7])
    with pytest.raises(ValueError, match=r"`probabilities` must lie in \[0, 1\]"):
        spiegelhalter_test([0, 1], [0.2, 1.2])
    with pytest.raises(ValueError, match=r"Lengths differ"):
        hosmer_lemeshow_test([0, 1], [0.2, 0.4, 0.5])


def test_probabilities_of_0_and_1_are_left_out_of_the_fit_with_a_warning():
    y = [0, 0, 1, 0, 1, 1, 0, 1]
    p = [0.0, 0.2, 0.3, 0.4, 0.6, 0.7, 0.8, 1.0]
    with pytest.warns(UserWarning, match=r"2 of 8 probabilities are 0 or 1 .* left out of"):
        stats = calibration_statistics(y, p)
    assert stats.n == 6
    assert_allclose(stats.slope, logistic_calibration(y[1:-1], p[1:-1]).slope, rtol=1e-12)
    assert_allclose(stats.brier, brier_score(y, p), rtol=1e-12)  # every row
    assert_allclose(stats.c, auc(ScoreTable.from_scores(y, p)), rtol=1e-12)


def test_separated_classes_give_nan_estimates_with_a_warning():
    with pytest.warns(UserWarning, match=r"diverges \(logit\(p\) separates the classes\)"):
        fit = logistic_calibration([0, 0, 1, 1], [0.1, 0.2, 0.6, 0.9])
    assert np.isnan(fit.intercept)
    assert np.isnan(fit.slope)


def test_spiegelhalter_at_zero_variance():
    with pytest.warns(UndefinedMeasureWarning, match=r"Spiegelhalter's z is undefined"):
        result = spiegelhalter_test([0, 1, 1], [0.0, 0.5, 1.0])
    assert np.isnan(result.statistic)
    assert np.isnan(result.pvalue)
    wrong = spiegelhalter_test([1, 1, 0], [0.0, 0.5, 1.0])  # events of probability 0 happened
    assert wrong.statistic == np.inf
    assert wrong.pvalue == 0.0


def test_hosmer_lemeshow_needs_three_groups():
    with pytest.raises(ValueError, match=r"needs at least 3 groups; the probabilities give 2"):
        hosmer_lemeshow_test([0, 1, 0, 1], [0.2, 0.2, 0.6, 0.6])
    with pytest.raises(ValueError, match=r"`groups` must be an integer >= 3"):
        hosmer_lemeshow_test([0, 1, 0, 1], [0.1, 0.2, 0.6, 0.7], groups=2)


def test_hosmer_lemeshow_groups_of_certain_probabilities():
    p = [0.0, 0.0, 0.0, 0.3, 0.4, 0.5, 0.6, 1.0, 1.0]
    assert np.isfinite(hosmer_lemeshow_test([0, 0, 0, 0, 1, 0, 1, 1, 1], p, groups=3).statistic)
    assert hosmer_lemeshow_test([1, 0, 0, 0, 1, 0, 1, 1, 1], p, groups=3).statistic == np.inf


def test_curves_refuse_bad_options():
    with pytest.raises(ValueError, match=r"`span` must be a number in \(0, 1\]"):
        smooth_calibration_curve([0, 1, 1], [0.2, 0.5, 0.7], span=0)
    with pytest.raises(TypeError, match=r"`fit` must be a LogisticCalibration"):
        logistic_calibration_curve((0.0, 1.0))
    fit = logistic_calibration([0, 0, 1, 0, 1, 1], [0.1, 0.3, 0.4, 0.6, 0.7, 0.9])
    probability, observed = logistic_calibration_curve(fit, points=5)
    assert_allclose(observed, fit.predict(probability), rtol=1e-12)


# --- the display -----------------------------------------------------------------------------


def test_display_prints_the_statistics_beside_the_axes_without_overlap():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    from phidelta.rendering import CalibrationDisplay

    y, p = _data(CASES[0])
    display = CalibrationDisplay.from_predictions(y, p, kind="smooth", statistics=True)
    summary = calibration_summary(y, p)
    assert display.statistics_.to_dict() == summary.to_dict()
    text = display.statistics_text_.get_text()
    assert f"{summary.statistics.eavg:.3f}" in text
    assert "S:p" in text
    figure = display.figure_
    figure.canvas.draw()
    renderer = figure.canvas.get_renderer()
    panel = display.statistics_text_.get_window_extent(renderer)
    legend = display.ax_.get_legend().get_window_extent(renderer)
    axes = display.ax_.get_window_extent(renderer)
    figure_box = figure.bbox
    for box in (panel, legend):
        assert box.x0 >= axes.x1  # beside the axes
        assert box.x1 <= figure_box.x1
        assert box.y0 >= figure_box.y0
    assert not panel.overlaps(legend)
    labels = [line.get_label() for line in display.ax_.get_lines()]
    assert {"nonparametric (lowess)", "logistic calibration", "isotonic calibration map"} <= set(
        labels
    )
    with pytest.raises(ValueError, match=r'kind="smooth" needs probabilities in \[0, 1\]'):
        CalibrationDisplay.from_predictions([0, 1, 1], [-2.0, 0.5, 3.0], kind="smooth")
    with pytest.raises(ValueError, match=r'`kind` must be "map", "reliability" or "smooth"'):
        CalibrationDisplay.from_predictions(y, p, kind="loess")
    matplotlib.pyplot.close("all")
