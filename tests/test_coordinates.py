"""ROC coordinates at a specificity or sensitivity, the best threshold with pROC's weights, and
their bootstrap intervals (issue 30, items 2–3), against pROC 1.18.

The reference values in ``tests/data/proc_coords.json`` come from ``tests/data/proc_coords.R``
(run by hand; the suite needs no R). Point values must agree to 1e-12; the bootstrap bounds
within Monte-Carlo error: pROC drew 5,000 resamples and so do we, and on data with ties the
bounds are quantiles of a discrete distribution, so they may differ by a step of 1/P or 1/N.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from phidelta import inference, measures
from phidelta.counts import ScoreTable

PROC = json.loads((Path(__file__).parent / "data" / "proc_coords.json").read_text("utf-8"))
CASES = PROC["cases"]
IDS = [case["name"] for case in CASES]


def _table(case: dict) -> ScoreTable:
    return ScoreTable.from_scores(np.asarray(case["y"]), np.asarray(case["s"], dtype=float))


def test_reference_file_names_its_source():
    assert PROC["source"] == "tests/data/proc_coords.R"
    assert "pROC 1.18" in PROC["software"]


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_coordinates_at_a_rate_are_procs(case):
    t = _table(case)
    np.testing.assert_allclose(
        measures.sensitivity_at_specificity(t, case["grid"]), case["se_at_sp"], atol=1e-12
    )
    np.testing.assert_allclose(
        measures.specificity_at_sensitivity(t, case["grid"]), case["sp_at_se"], atol=1e-12
    )


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_best_points_with_procs_weights(case):
    """coords(x = "best", best.method, best.weights = c(cost, prevalence)) is
    optimal_points(criterion, cost_ratio=cost, ratio=(1 − prevalence)/prevalence): every tied
    point, the same thresholds (midpoints), sensitivities and specificities."""
    t = _table(case)
    for best in case["best"]:
        cost, prevalence = best["weights"]
        points = measures.optimal_points(
            t,
            criterion=best["method"].replace(".", "_"),
            ratio=(1 - prevalence) / prevalence,
            cost_ratio=cost,
        )
        order = np.argsort(best["threshold"])[::-1]  # ours: highest threshold first
        np.testing.assert_allclose(points.thresholds, np.asarray(best["threshold"])[order])
        np.testing.assert_allclose(points.tpr, np.asarray(best["sensitivity"])[order])
        np.testing.assert_allclose(1 - points.fpr, np.asarray(best["specificity"])[order])


def test_weights_are_used_not_dropped():
    """An argument is used or refused: cost_ratio and ratio move Youden's and the top-left
    criterion's best point; without them the plain criteria (pROC's default weights)."""
    t = _table(CASES[2])
    plain = measures.optimal_points(t, criterion="youden")
    assert (
        plain.thresholds[0] == measures.optimal_points(t, criterion="youden", ratio=1).thresholds[0]
    )
    for criterion in ("youden", "closest_topleft"):
        dear_fp = measures.optimal_points(t, criterion=criterion, cost_ratio=0.2)
        dear_fn = measures.optimal_points(t, criterion=criterion, cost_ratio=5)
        assert dear_fp.thresholds[0] > dear_fn.thresholds[0]
        rare = measures.optimal_points(t, criterion=criterion, ratio=9)
        assert rare.fpr[0] <= measures.optimal_points(t, criterion=criterion).fpr[0]
    # the weighted Youden index is the cost criterion at the same ratio and cost ratio
    for ratio, cost in ((2.0, 1.0), (0.5, 3.0), (4.0, 0.25)):
        youden = measures.optimal_points(t, criterion="youden", ratio=ratio, cost_ratio=cost)
        least_cost = measures.optimal_points(t, criterion="cost", ratio=ratio, cost_ratio=cost)
        np.testing.assert_array_equal(youden.indices, least_cost.indices)


def _close(ours: np.ndarray, reference: np.ndarray, tolerance: float) -> None:
    np.testing.assert_allclose(ours, reference, atol=tolerance, rtol=0)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_bootstrap_intervals_agree_with_procs(case):
    t = _table(case)
    p, n = int(t.positives.sum()), int(t.negatives.sum())
    step = 0.01 + 1.5 / min(p, n)  # Monte-Carlo error plus one step of a discrete quantile
    b = PROC["boot_n"]
    se = inference.coordinate_intervals(
        t, "specificity", case["boot_at"], n_resamples=b, random_state=0
    )
    _close(np.c_[se.low["sensitivity"], se.high["sensitivity"]], case["ci_se"], step)
    sp = inference.coordinate_intervals(
        t, "sensitivity", case["boot_at"], n_resamples=b, random_state=0
    )
    _close(np.c_[sp.low["specificity"], sp.high["specificity"]], case["ci_sp"], step)
    at = inference.coordinate_intervals(
        t, "threshold", case["thresholds"], n_resamples=b, random_state=0
    )
    _close(
        np.c_[at.low["sensitivity"], at.high["sensitivity"]],
        case["ci_thresholds_sensitivity"],
        step,
    )
    _close(
        np.c_[at.low["specificity"], at.high["specificity"]],
        case["ci_thresholds_specificity"],
        step,
    )
    best = inference.coordinate_intervals(t, "best", n_resamples=b, random_state=0)
    _close(
        [best.low["sensitivity"][0], best.high["sensitivity"][0]],
        case["ci_best_sensitivity"],
        2 * step,
    )
    _close(
        [best.low["specificity"][0], best.high["specificity"][0]],
        case["ci_best_specificity"],
        2 * step,
    )
    # the best threshold's bounds: within three distinct scores of pROC's
    scores = np.unique(case["s"])
    for ours, theirs in zip(
        (best.low["threshold"][0], best.high["threshold"][0]),
        case["ci_best_threshold"],
        strict=True,
    ):
        between = np.count_nonzero((scores > min(ours, theirs)) & (scores < max(ours, theirs)))
        assert between <= 3, (ours, theirs)


def test_resampled_thresholds_are_measure_table_of_the_counts():
    """At a threshold, any registry measure of the counts (precision at a recall included);
    the estimate is measure_table of counts_at(threshold)."""
    t = _table(CASES[2])
    cuts = [0.2, 0.5]
    result = inference.coordinate_intervals(
        t, "threshold", cuts, measures=["precision", "f1_score"], n_resamples=200, random_state=1
    )
    for i, cut in enumerate(cuts):
        expected = measures.measure_table(t.counts_at(cut), measures=["precision", "f1_score"])
        assert result.estimate["precision"][i] == pytest.approx(expected["precision"][0])
        assert result.low["f1_score"][i] <= expected["f1_score"][0] <= result.high["f1_score"][i]
    frame = result.to_frame()
    assert list(frame.columns[:4]) == ["threshold", "precision", "precision_low", "precision_high"]


@settings(max_examples=40, deadline=None)
@given(
    labels=st.lists(st.booleans(), min_size=4, max_size=40),
    seed=st.integers(0, 10_000),
    rates=st.lists(st.floats(0, 1), min_size=1, max_size=5),
)
def test_resampled_curves_read_as_the_point_functions(labels, seed, rates):
    """The reading of every resample's curve equals the point function applied to the
    resampled table (here two copies of the table's own curve), exact hits included."""
    from phidelta.inference._coordinates import _read_rows

    y = np.asarray(labels)
    if y.all() or not y.any():
        return
    scores = np.round(np.random.default_rng(seed).normal(size=len(y)) + y, 1)
    t = ScoreTable.from_scores(y, scores)
    tp, fp = t.cumulative()
    p, n = tp[-1], fp[-1]
    specificity = np.vstack([(n - fp) / n] * 2)
    sensitivity = np.vstack([tp / p] * 2)
    grid = np.concatenate([np.asarray(rates), specificity[0][:3]])  # points' own rates too
    rows = _read_rows("specificity", specificity, sensitivity, grid)
    np.testing.assert_array_equal(rows[1], measures.sensitivity_at_specificity(t, grid))
    grid = np.concatenate([np.asarray(rates), sensitivity[0][-3:]])
    swapped = _read_rows("sensitivity", specificity, sensitivity, grid)
    np.testing.assert_array_equal(swapped[0], measures.specificity_at_sensitivity(t, grid))


def test_a_rate_on_a_step_is_read_as_procs():
    """0.9 is a point's specificity (9 of 10 negatives below the cut) although 1 − 1/10 is not
    0.9 in floating point; pROC 1.18 reads the top of that vertical step:
    ``coords(roc(y, s, direction = "<"), c(0.9, 0.8, 0.3, 1/3), input = "specificity")`` gives
    sensitivity 0.75 at all four, and specificity 0.9 at sensitivities 0.75, 0.5, 0.25."""
    t = ScoreTable.from_scores([0, 1, 1, 1] + [0] * 9 + [1], [*range(10, -3, -1), -5])
    np.testing.assert_array_equal(
        measures.sensitivity_at_specificity(t, [0.9, 0.8, 0.3, 1 / 3]), [0.75] * 4
    )
    np.testing.assert_allclose(
        measures.specificity_at_sensitivity(t, [0.75, 0.5, 0.25]), [0.9] * 3, rtol=1e-15
    )
    interval = inference.coordinate_intervals(
        t, "specificity", [0.9], n_resamples=50, random_state=0
    )
    assert interval.estimate["sensitivity"][0] == 0.75


def test_ties_policies_and_errors():
    t = ScoreTable.from_scores([1, 0, 1, 0, 1, 0], [3, 3, 2, 2, 1, 1])  # every point ties
    omitted = inference.coordinate_intervals(t, "best", ties="omit", n_resamples=50, random_state=0)
    assert omitted.tied_points >= 1
    with pytest.raises(ValueError, match="several best points"):
        inference.coordinate_intervals(t, "best", ties="error", n_resamples=50, random_state=0)
    with pytest.raises(ValueError, match="`ties` must be one of"):
        inference.coordinate_intervals(t, "best", ties="first")
    with pytest.raises(ValueError, match="`at` must be one of"):
        inference.coordinate_intervals(t, "fpr", [0.1])
    with pytest.raises(ValueError, match="must lie in"):
        inference.coordinate_intervals(t, "specificity", [1.5])
    with pytest.raises(ValueError, match="must be None"):
        inference.coordinate_intervals(t, "best", [0.5])
    with pytest.raises(ValueError, match="`values` must give"):
        inference.coordinate_intervals(t, "threshold")
    with pytest.raises(ValueError, match="unknown"):
        inference.coordinate_intervals(t, "threshold", [2], measures=["sensitivty"])
    with pytest.raises(ValueError, match="must lie in"):
        measures.sensitivity_at_specificity(t, [np.nan])
    weighted = ScoreTable.from_scores([1, 0], [2, 1], sample_weight=[0.5, 2])
    with pytest.raises(ValueError, match="integer"):
        inference.coordinate_intervals(weighted, "specificity", [0.5])
