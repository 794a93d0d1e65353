"""Scoring classifiers: score tables, curves, AUC, operating points, calibration (Flach ch. 2)."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from numpy.testing import assert_allclose

from phidelta import measures
from phidelta.counts import ScoreTable

TOL = {"rtol": 1e-12, "atol": 1e-12}


@pytest.fixture(scope="module")
def example_2_3(refdata):
    return json.loads((refdata / "flach" / "flach_example_2_3.json").read_text())


@pytest.fixture(scope="module")
def example_2_5(refdata):
    return json.loads((refdata / "flach" / "flach_example_2_5.json").read_text())


def _tree_table(data):
    leaves = data["leaves"]
    return ScoreTable(
        scores=[leaf["score"] for leaf in leaves],
        positives=[leaf["pos"] for leaf in leaves],
        negatives=[leaf["neg"] for leaf in leaves],
    )


def test_example_2_3_ranking_errors(example_2_3):
    table = _tree_table(example_2_3)
    errors = measures.ranking_errors(table)
    assert errors.errors == example_2_3["expected"]["ranking_errors"]
    assert errors.pairs == example_2_3["expected"]["pairs"]
    assert (
        errors.ties / 2
        == example_2_3["expected"]["ranking_error_breakdown"]["ties_within_leaves_half_counted"]
    )
    assert_allclose(measures.auc(table), example_2_3["expected"]["auc"], **TOL)
    assert_allclose(errors.auc, 0.71, **TOL)
    # the same table from individual labelled scores
    y = np.repeat([1, 0, 1, 0, 1, 0], [20, 5, 10, 5, 20, 40])
    s = np.repeat([0.8, 0.8, 2 / 3, 2 / 3, 1 / 3, 1 / 3], [20, 5, 10, 5, 20, 40])
    assert_allclose(measures.auc(ScoreTable.from_scores(y, s)), 0.71, **TOL)
    # the pair grid of Fig. 2.7: weights of correct, tied and wrong pairs
    outcome, pos, neg = measures.ranking_grid(table)
    weights = np.outer(pos, neg)
    assert weights[outcome == -1].sum() == 250
    assert weights[outcome == 0].sum() == 950
    assert weights.sum() == 2500


def test_example_2_4_class_imbalance_leaves_auc_unchanged(example_2_3):
    table = _tree_table(example_2_3)
    doubled = ScoreTable(table.scores, table.positives, 2 * table.negatives)
    assert_allclose(measures.auc(doubled), measures.auc(table), **TOL)
    a, b = measures.roc_curve(doubled), measures.roc_curve(table)
    assert_allclose(a.fpr, b.fpr, **TOL)
    assert_allclose(a.tpr, b.tpr, **TOL)
    assert measures.coverage_curve(doubled).fp[-1] == 100


def test_example_2_5(example_2_5):
    expected = example_2_5["expected"]
    table = ScoreTable.from_scores(example_2_5["labels"], example_2_5["scores"])
    assert_allclose(measures.auc(table), expected["auc"], **TOL)
    curve = measures.roc_curve(table)
    sk = example_2_5["sklearn"]["roc_curve_drop_intermediate_False"]
    assert_allclose(curve.fpr, sk["fpr"], **TOL)
    assert_allclose(curve.tpr, sk["tpr"], **TOL)
    assert_allclose(curve.thresholds[1:], sk["thresholds"][1:], **TOL)
    hull = measures.roc_convex_hull(table)
    assert_allclose(hull.fpr, expected["rocch_vertices_fpr"], **TOL)
    assert_allclose(hull.tpr, expected["rocch_vertices_tpr"], **TOL)
    assert_allclose(hull.auc(), expected["rocch_auc"], **TOL)
    ratio = 4 / 6  # 3 spam (positive) : 2 ham
    assert_allclose(
        measures.isometric_slope(ratio=ratio), expected["accuracy_isometric_slope_roc"], **TOL
    )
    assert measures.isometric_slope(ratio=ratio, cost_ratio=2, space="coverage") == 0.5
    with pytest.warns(DeprecationWarning, match="not used by isometric_slope") as caught:
        assert measures.isometric_slope(ratio=ratio, positives=3) == measures.isometric_slope(
            ratio=ratio
        )
    assert {w.filename for w in caught} == {__file__}
    best = measures.optimal_points(table, ratio=ratio)
    assert_allclose(best.thresholds, [expected["optimal_threshold"]], **TOL)
    assert_allclose(best.accuracy, [expected["accuracy_at_optimal_threshold"]], **TOL)
    # ham twice as prevalent: three optimal points, thresholds in [0.28, 0.77], middle 0.56
    three = measures.optimal_points(table, ratio=4 / 3)
    assert_allclose(three.thresholds, [0.77, 0.56, 0.28], **TOL)
    assert len(three.indices) == 3
    # accuracy at every split point: 4 – 5 – 6 – 5 – 6 – 7 – 6 – 7 – 8 – 7 – 6 (of 10)
    scan = measures.threshold_scan(table, ["accuracy"])
    assert_allclose(scan["accuracy"] * 10, [4, 5, 6, 5, 6, 7, 6, 7, 8, 7, 6], **TOL)


def test_example_2_5_calibration(example_2_5):
    expected = example_2_5["expected"]
    y, s = example_2_5["labels"], example_2_5["scores"]
    assert_allclose(measures.brier_score(y, s), expected["mse_before"], **TOL)
    calibrator = measures.IsotonicCalibrator().fit(y, s)
    calibrated = calibrator.transform(s)
    assert_allclose(calibrated, expected["isotonic_calibrated"], **TOL)
    assert_allclose(measures.brier_score(y, calibrated), expected["mse_after"], **TOL)
    before = measures.brier_decomposition(y, s)
    assert before.refinement == 0.0  # every score is its own segment: ṗ ∈ {0, 1}
    assert_allclose(before.calibration, expected["mse_before"], **TOL)
    after = measures.brier_decomposition(y, calibrated)
    assert_allclose(after.calibration, 0.0, atol=1e-15)
    assert_allclose(after.refinement, expected["mse_after"], **TOL)
    # the Laplace-corrected map over the hull's segments (collinear points merged, unlike Fig.
    # 2.13, whose single-point segments give 2/3 – 2/3 – 3/5 … – 1/3 – 1/3): 2 of 2, 4 of 6,
    # 0 of 2 positives become (pos + 1)/(n + 2) = 3/4, 5/8, 1/4 (issue 16: monotone)
    laplace = measures.IsotonicCalibrator(laplace=True).fit(y, s).transform(s)
    assert_allclose(laplace, [3 / 4] * 2 + [5 / 8] * 6 + [1 / 4] * 2, **TOL)
    # the map interpolates linearly between adjacent segments and is flat outside
    assert_allclose(calibrator.transform([0.845, 0.5, 0.0, 1.0]), [1.0, 2 / 3, 0.0, 1.0], **TOL)
    with pytest.raises(ValueError, match=r"not fitted yet"):
        measures.IsotonicCalibrator().transform([0.5])


def test_isotonic_tie_demo(example_2_3):
    demo = example_2_3["isotonic_tie_demo"]
    calibrated = measures.IsotonicCalibrator().fit(demo["y"], demo["x"]).transform(demo["x"])
    assert_allclose(calibrated, demo["sklearn_IsotonicRegression"], **TOL)


def test_example_2_6_squared_errors():
    first, second = [0.70, 0.10, 0.20], [0.99, 0.0, 0.01]
    se = measures.squared_error([0, 0], [first, second], classes=[0, 1, 2])
    assert_allclose(se, [0.07, 0.0001], atol=1e-15)
    se = measures.squared_error(["c", "c"], [first, second], classes=["a", "b", "c"])
    assert_allclose(se, [0.57, 0.9801], atol=1e-15)  # Flach rounds 0.9801 to 0.98
    with pytest.raises(ValueError, match=r"Each row of `probabilities` must sum to 1"):
        measures.squared_error([0], [[0.5, 0.4, 0.2]])


def test_laplace_and_m_estimate():
    assert_allclose(measures.laplace_correction([1, 0]), [2 / 3, 1 / 3])
    assert_allclose(measures.m_estimate([[4, 2]], m=2, prior=[0.5, 0.5]), [[5 / 8, 3 / 8]])
    assert_allclose(measures.m_estimate([3, 0], m=0), [1.0, 0.0])


def _labelled_scores():
    return st.integers(2, 80).flatmap(
        lambda n: st.tuples(
            st.lists(st.integers(0, 1), min_size=n, max_size=n),
            st.lists(st.integers(0, 6), min_size=n, max_size=n),  # heavy ties
        )
    )


@given(data=_labelled_scores(), cut=st.integers(0, 80))
def test_tables_of_parts_add_up_to_table_of_whole(data, cut):
    y, s = np.array(data[0]), np.array(data[1], dtype=float)
    whole = ScoreTable.from_scores(y, s, labels=[0, 1], pos_label=1)
    parts = ScoreTable.from_scores(
        y[:cut], s[:cut], labels=[0, 1], pos_label=1
    ) + ScoreTable.from_scores(y[cut:], s[cut:], labels=[0, 1], pos_label=1)
    assert parts == whole


@given(data=_labelled_scores())
def test_auc_properties(data):
    y, s = np.array(data[0]), np.array(data[1], dtype=float)
    if len(set(y.tolist())) < 2:
        return
    table = ScoreTable.from_scores(y, s)
    value = measures.auc(table)
    # invariant under strictly increasing transforms; negated scores give 1 − AUC
    assert measures.auc(ScoreTable.from_scores(y, np.exp(s) * 3 - 7)) == pytest.approx(
        value, abs=1e-12
    )
    assert measures.auc(ScoreTable.from_scores(y, -s)) == pytest.approx(1 - value, abs=1e-12)
    curve = measures.roc_curve(table)
    assert np.trapezoid(curve.tpr, curve.fpr) == pytest.approx(value, abs=1e-12)
    assert measures.ranking_errors(table).auc == pytest.approx(value, abs=1e-12)
    hull = measures.roc_convex_hull(table)
    assert hull.auc() >= value - 1e-12
    p, n = y.sum(), len(y) - y.sum()
    a = measures.sorting_measure(table)
    assert a == pytest.approx(
        (value * p * n + p * (p + 1) / 2) / (p * n + p * (p + 1) / 2), abs=1e-12
    )
    assert measures.partial_auc(table, fpr_range=(0, 1)) == pytest.approx(value, abs=1e-12)
    assert measures.partial_auc(table, tpr_range=(0, 1)) == pytest.approx(value, abs=1e-12)
    assert measures.partial_auc(table, fpr_range=(0, 1), mcclish=True) == pytest.approx(
        value, abs=1e-12
    )


def test_auc_matches_scikit_learn_with_ties():
    metrics = pytest.importorskip("sklearn.metrics")
    rng = np.random.default_rng(0)
    for _ in range(20):
        n = int(rng.integers(10, 3000))
        y = rng.integers(0, 2, n)
        s = np.round(rng.normal(size=n) + y, int(rng.integers(0, 3)))
        w = rng.random(n)
        assert_allclose(
            measures.auc(ScoreTable.from_scores(y, s)), metrics.roc_auc_score(y, s), **TOL
        )
        assert_allclose(
            measures.auc(ScoreTable.from_scores(y, s, sample_weight=w)),
            metrics.roc_auc_score(y, s, sample_weight=w),
            **TOL,
        )
        fpr, tpr, _ = metrics.roc_curve(y, s, drop_intermediate=False)
        curve = measures.roc_curve(ScoreTable.from_scores(y, s))
        assert_allclose(curve.fpr, fpr, **TOL)
        assert_allclose(curve.tpr, tpr, **TOL)
        assert_allclose(
            measures.brier_score(y, 1 / (1 + np.exp(-s))),
            metrics.brier_score_loss(y, 1 / (1 + np.exp(-s))),
            **TOL,
        )


def test_partial_auc_and_mcclish():
    table = ScoreTable.from_scores([1, 1, 0, 1, 0, 0], [0.9, 0.8, 0.7, 0.6, 0.5, 0.1])
    # ROC: tpr = 2/3 on fpr ∈ (0, 1/3), then 1 (a vertical step at fpr = 1/3)
    expected = (1 / 3) * (2 / 3) + (0.4 - 1 / 3) * 1.0
    assert measures.partial_auc(table, fpr_range=(0, 0.4)) == pytest.approx(expected, abs=1e-12)
    diagonal = ScoreTable.from_scores([1, 0], [0.5, 0.5])
    assert measures.partial_auc(diagonal, fpr_range=(0.1, 0.3), mcclish=True) == pytest.approx(0.5)
    perfect = ScoreTable.from_scores([1, 0], [0.9, 0.1])
    assert measures.partial_auc(perfect, fpr_range=(0.1, 0.3), mcclish=True) == pytest.approx(1.0)
    with pytest.raises(ValueError, match=r"exactly one of"):
        measures.partial_auc(table)


def test_acceptable_region_dominance_and_losses():
    table = ScoreTable.from_scores([1, 1, 0, 1, 0, 0], [0.9, 0.8, 0.7, 0.6, 0.5, 0.1])
    inside = measures.acceptable_region(table)
    curve = measures.roc_curve(table)
    with np.errstate(divide="ignore"):
        assert np.array_equal(inside, (curve.tpr >= np.sqrt(curve.fpr)) & (curve.tpr > 0))
    from phidelta.geometry import dominated

    assert dominated([0.1, 0.2, 0.1], [0.8, 0.7, 0.9]).tolist() == [True, True, False]
    z = measures.margins([1, 0, 1], [2.0, 0.5, -1.0])
    assert_allclose(z, [2.0, -0.5, -1.0])
    losses = measures.margin_losses(z)
    assert losses["zero_one"] == pytest.approx(2 / 3)
    assert losses["hinge"] == pytest.approx((0 + 1.5 + 2) / 3)
    assert losses["exponential"] == pytest.approx(np.mean(np.exp(-z)))
    assert losses["squared"] == pytest.approx(np.mean((1 - z) ** 2))


def test_errors():
    with pytest.raises(ValueError, match=r"AUC is undefined: the labels hold no negatives"):
        measures.auc(ScoreTable.from_scores([1, 1], [0.2, 0.3]))
    with pytest.raises(ValueError, match=r"`scores` must be finite; it contains NaN"):
        ScoreTable.from_scores([1, 0], [np.nan, 0.3])
    with pytest.raises(ValueError, match=r"`scores` must be finite; it contains infinite"):
        ScoreTable.from_scores([1, 0], [np.inf, 0.3])
    with pytest.raises(ValueError, match=r"Lengths differ"):
        ScoreTable.from_scores([1, 0, 1], [0.1, 0.3])
    with pytest.raises(ValueError, match=r"strictly decreasing"):
        ScoreTable([0.1, 0.2], [1, 1], [0, 0])
    with pytest.raises(TypeError, match=r"`table` must be a ScoreTable"):
        measures.auc([0.1, 0.2])
    with pytest.raises(ValueError, match=r"`probabilities` must lie in \[0, 1\]"):
        measures.brier_score([1, 0], [1.2, 0.1])


@given(
    data=st.lists(st.tuples(st.integers(-3, 3), st.integers(0, 4), st.integers(0, 4)), max_size=40),
    splits=st.integers(1, 5),
    scale=st.sampled_from([1, 2**30, 2**40]),  # 2**30 and 2**40 overflow the packed sort
    weighted=st.booleans(),
)
def test_merge_of_many_tables_sums_counts_of_equal_scores(data, splits, scale, weighted):
    tables = []
    for part in range(splits):
        rows = {s: (p, n) for s, p, n in data[part::splits]}  # distinct scores per table
        s = np.array(sorted(rows, reverse=True), dtype=float)
        p = np.array([rows[k][0] for k in sorted(rows, reverse=True)], dtype=np.int64) * scale
        n = np.array([rows[k][1] for k in sorted(rows, reverse=True)], dtype=np.int64) * scale
        if weighted:
            p, n = p * 0.5, n * 0.25
        tables.append(ScoreTable(s, p, n) if len(s) else ScoreTable._trusted(s, p, n))
    merged = ScoreTable.merge(tables)
    expected: dict[float, list] = {}
    for t in tables:
        for s, p, n in zip(t.scores, t.positives, t.negatives, strict=True):
            expected.setdefault(float(s), [0, 0])
            expected[float(s)][0] += p
            expected[float(s)][1] += n
    keys = sorted(expected, reverse=True)
    assert merged.scores.tolist() == keys
    assert merged.positives.tolist() == [expected[k][0] for k in keys]
    assert merged.negatives.tolist() == [expected[k][1] for k in keys]
    assert merged.positives.dtype.kind == ("f" if weighted else "i")
    assert sum(tables[1:], tables[0]) == merged


@given(data=_labelled_scores(), zero=st.integers(0, 79))
def test_isotonic_calibration_matches_scikit_learn_and_the_hull_path(data, zero):
    isotonic = pytest.importorskip("sklearn.isotonic")
    y, s = np.array(data[0]), np.array(data[1], dtype=float)
    table = ScoreTable.from_scores(y, s, labels=[0, 1], pos_label=1)
    fast = measures.IsotonicCalibrator().fit_table(table).transform(s)
    reference = isotonic.IsotonicRegression(out_of_bounds="clip").fit(s, y).predict(s)
    assert_allclose(fast, reference, rtol=0, atol=1e-12)
    # a distinct score of zero weight is dropped: the map is that of the rest, never NaN
    weights = np.ones(len(y))
    weights[zero % len(y)] = 0.0
    kept = weights > 0
    if not kept.any():
        return
    weighted = ScoreTable.from_scores(y, s, labels=[0, 1], pos_label=1, sample_weight=weights)
    for laplace in (False, True):
        with_zero = measures.IsotonicCalibrator(laplace=laplace).fit_table(weighted)
        without = measures.IsotonicCalibrator(laplace=laplace).fit_table(
            ScoreTable.from_scores(y[kept], s[kept], labels=[0, 1], pos_label=1)
        )
        grid = np.linspace(-1, 7, 33)
        assert np.all(np.isfinite(with_zero.transform(grid)))
        assert_allclose(with_zero.transform(grid), without.transform(grid), rtol=0, atol=1e-12)


@given(data=_labelled_scores())
def test_score_table_construction_paths_agree(data):
    y, s = np.array(data[0], dtype=bool), np.array(data[1], dtype=float) - 3
    s[s == 0] = -0.0  # signed zeros are one score
    packed = ScoreTable._from_mask(s, y)
    searched = ScoreTable._from_mask_searched(s, y)
    assert packed == searched
    assert packed.total_positives == y.sum()
    assert packed.total_negatives == (~y).sum()


def test_empty_weighted_scores_give_an_empty_table():
    table = ScoreTable.from_scores([], [], labels=[0, 1], pos_label=1, sample_weight=[])
    assert len(table) == 0
    assert table.total_positives == 0
    assert table.total_negatives == 0
