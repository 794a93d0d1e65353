"""Intervals and tests (DeLong, Wilson, bootstrap) and the extra curves (averaging, gain, cost,
calibration bins), checked against brute force and SciPy."""

from __future__ import annotations

import numpy as np
import pytest
from numpy.testing import assert_allclose
from scipy import stats

from phidelta import BinaryCounts, inference, measures
from phidelta.counts import ScoreTable


def _brute_components(y, s):
    pos, neg = s[y == 1], s[y == 0]
    psi = (pos[:, None] > neg[None, :]) + 0.5 * (pos[:, None] == neg[None, :])
    return psi.mean(axis=1), psi.mean(axis=0), psi.mean()


@pytest.mark.parametrize("seed", range(6))
def test_delong_matches_the_pairwise_definition(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(10, 200))
    y = rng.integers(0, 2, n)
    y[:2] = [0, 1]
    a = np.round(rng.normal(size=n) + y, 1)  # ties
    b = np.round(rng.normal(size=n) + 0.5 * y, 1)
    v10a, v01a, auc_a = _brute_components(y, a)
    v10b, v01b, auc_b = _brute_components(y, b)
    ci = inference.auc_confidence_interval(ScoreTable.from_scores(y, a))
    se = np.sqrt(np.var(v10a, ddof=1) / len(v10a) + np.var(v01a, ddof=1) / len(v01a))
    assert ci.auc == pytest.approx(auc_a, abs=1e-12)
    assert ci.standard_error == pytest.approx(se, abs=1e-12)
    cov = np.cov(np.vstack([v10a, v10b])) / len(v10a) + np.cov(np.vstack([v01a, v01b])) / len(v01a)
    z = (auc_a - auc_b) / np.sqrt(cov[0, 0] + cov[1, 1] - 2 * cov[0, 1])
    test = inference.delong_test(y, a, b)
    assert test.z == pytest.approx(z, abs=1e-9)
    assert test.p_value == pytest.approx(2 * stats.norm.sf(abs(z)), abs=1e-12)
    same = inference.delong_test(y, a, a)
    assert same.p_value == 1.0


def test_wilson_matches_scipy():
    for k, n in [(0, 10), (3, 10), (10, 10), (57, 200), (1, 3)]:
        expected = stats.binomtest(k, n).proportion_ci(confidence_level=0.9, method="wilson")
        got = inference.wilson_interval([k], [n], confidence_level=0.9)
        assert got.low[0] == pytest.approx(expected.low, abs=1e-12)
        assert got.high[0] == pytest.approx(expected.high, abs=1e-12)
    intervals = inference.rate_intervals(
        BinaryCounts(tn=[15, 0], fp=[10, 0], fn=[15, 3], tp=[60, 1])
    )
    assert np.isnan(intervals["specificity"].estimate[1])
    assert intervals["sensitivity"].low[0] < 0.8 < intervals["sensitivity"].high[0]
    with pytest.raises(ValueError, match=r"`confidence_level` must be in \(0, 1\)"):
        inference.wilson_interval([1], [2], confidence_level=95)


def test_bootstrap_is_seeded_and_covers_the_estimate():
    counts = BinaryCounts(tn=[60, 30], fp=[40, 5], fn=[20, 10], tp=[80, 55])
    a = inference.bootstrap_interval(counts, measures.unbiased_mcc, random_state=3)
    b = inference.bootstrap_interval(counts, measures.unbiased_mcc, random_state=3)
    assert np.array_equal(a.low, b.low)
    assert np.all(a.low < a.estimate)
    assert np.all(a.estimate < a.high)
    # stratified resampling keeps the class sizes: sensitivity's interval ≈ its binomial one
    sens = inference.bootstrap_interval(counts[:1], measures.sensitivity, n_resamples=4000)
    wilson = inference.wilson_interval([80], [100])
    assert sens.low[0] == pytest.approx(wilson.low[0], abs=0.02)
    with pytest.raises(ValueError, match=r"integer counts"):
        inference.bootstrap_interval(BinaryCounts([0.5], [1], [1], [1]), measures.accuracy)


def test_expected_calibration_error_bins():
    rng = np.random.default_rng(0)
    p = rng.random(20000)
    y = (rng.random(20000) < p).astype(int)  # perfectly calibrated
    bins = measures.expected_calibration_error(y, p, bins=10)
    assert bins.ece < 0.02
    assert bins.count.sum() == 20000
    assert len(bins.edges) == 11
    overconfident = measures.expected_calibration_error(y, np.clip(2 * p - 0.5, 0, 1))
    assert overconfident.ece > 0.1
    quantile = measures.expected_calibration_error(y, p, bins=5, strategy="quantile")
    assert_allclose(quantile.count, 4000, atol=1)


def test_average_roc_gain_and_cost_curves():
    rng = np.random.default_rng(1)
    tables = []
    for _ in range(5):
        y = rng.integers(0, 2, 300)
        tables.append(ScoreTable.from_scores(y, rng.normal(size=300) + y))
    vertical = measures.average_roc(tables, method="vertical", points=11)
    assert vertical.tpr[0] >= 0
    assert vertical.tpr[-1] == 1.0
    assert np.all(np.diff(vertical.tpr) >= 0)
    mean_auc = np.mean([measures.auc(t) for t in tables])
    assert np.trapezoid(vertical.tpr, vertical.fpr) == pytest.approx(mean_auc, abs=0.03)
    by_threshold = measures.average_roc(tables, method="threshold", points=21)
    assert by_threshold.fpr[0] <= by_threshold.fpr[-1]
    fraction, gain, lift = measures.gain_curve(tables[0])
    assert gain[-1] == 1.0
    assert fraction[-1] == 1.0
    assert lift[-1] == pytest.approx(1.0)
    cost = measures.cost_curve(tables[0], points=51)
    curve = measures.roc_curve(tables[0])
    hull = measures.roc_convex_hull(tables[0])
    assert set(cost.best_point.tolist()) <= set(hull.indices.tolist())  # only hull points win
    assert np.all(
        cost.normalized_cost <= np.minimum(cost.probability_cost, 1 - cost.probability_cost) + 1e-12
    )
    assert cost.lines.shape == (len(curve.fpr), 2)


def test_combined_measure():
    t = ScoreTable.from_scores([1, 1, 0, 1, 0, 0], [0.9, 0.8, 0.7, 0.6, 0.5, 0.1])
    scan = measures.threshold_scan(t, ["accuracy", "background_acceptance"])
    chosen = scan["background_acceptance"] <= 0.5
    assert measures.combined_measure(
        t, "accuracy", over="background_acceptance", between=(0, 0.5)
    ) == pytest.approx(scan["accuracy"][chosen].mean())
    assert measures.combined_measure(t, "accuracy", how="sum") == pytest.approx(
        scan["accuracy"].sum()
    )
    weighted = measures.combined_measure(
        t,
        "accuracy",
        over="signal_efficiency",
        between=(0, 1),
        how="weighted",
        weights=lambda se: se,
    )
    assert weighted == pytest.approx(
        np.sum(
            measures.threshold_scan(t, ["signal_efficiency"])["signal_efficiency"]
            * scan["accuracy"]
        )
    )
    with pytest.raises(ValueError, match=r"`over` must be"):
        measures.combined_measure(t, "accuracy", over="auc")


def test_partial_auc_bootstrap_interval():
    from functools import partial

    rng = np.random.default_rng(2)
    y = rng.integers(0, 2, 400)
    table = ScoreTable.from_scores(y, np.round(rng.normal(size=400) + y, 2))
    iv = inference.table_bootstrap_interval(table, measures.auc, n_resamples=1500, random_state=1)
    delong = inference.auc_confidence_interval(table)
    assert iv.low[0] == pytest.approx(delong.low, abs=0.02)
    assert iv.high[0] == pytest.approx(delong.high, abs=0.02)
    pauc = inference.table_bootstrap_interval(
        table, partial(measures.partial_auc, fpr_range=(0, 0.2), mcclish=True), n_resamples=300
    )
    assert pauc.low[0] < pauc.estimate[0] < pauc.high[0]


# --- the AUC bootstrap's sampler and threads ---------------------------------------------------
@pytest.mark.parametrize("m", [1, 7, 5000, 40_000, 3_000_000, 2**31 + 11])
def test_uniform_integers_are_uniform_on_the_range(m):
    """Lemire's multiply-shift on 16- and 32-bit slices (and the fallback beyond): every value
    in [0, m), frequencies as a uniform draw's (chi-square on 20 equal bins)."""
    from phidelta.inference._uncertainty import _uniform_integers

    draws = _uniform_integers(np.random.default_rng(m), m, 200_000)
    assert draws.dtype == np.int64
    assert draws.min() >= 0
    assert draws.max() < m
    if m >= 20:
        bins = np.bincount(draws * 20 // m, minlength=20)
        expected = np.diff(np.ceil(np.arange(21) * m / 20)) / m * len(draws)
        assert stats.chisquare(bins, expected).pvalue > 1e-4


def test_uniform_integers_redraw_the_biased_zone():
    """m = 4000 with 16-bit slices: 2¹⁶ mod m = 1,536 of the 4,000 values would get 17 of the
    65,536 slices instead of 16 (6 % too often) if the 2.3 % of slices in the biased zone were
    kept; redrawn, every value is equally likely (chi-square over all 4,000 values)."""
    from phidelta.inference._uncertainty import _uniform_integers

    m = 4000
    draws = _uniform_integers(np.random.default_rng(3), m, 1_000_000)
    assert stats.chisquare(np.bincount(draws, minlength=m)).pvalue > 1e-4


@pytest.mark.parametrize("rows", [1, 3])
def test_resampled_auc_is_the_auc_of_the_resampled_table(rows):
    """The AUC kernel works on sample positions only; each of its values is the AUC of the
    score table the same draws make (ties between the classes count half)."""
    from phidelta.inference._uncertainty import _ResampledAuc, _uniform_integers

    rng = np.random.default_rng(5)
    y = rng.random(300) < 0.3
    table = ScoreTable.from_scores(y, np.round(rng.normal(size=300) + y, 1))  # many ties
    d = len(table)
    pos_index = np.repeat(np.arange(d), table.positives)
    neg_index = np.repeat(np.arange(d), table.negatives)
    p, n = len(pos_index), len(neg_index)
    before = np.searchsorted(pos_index, neg_index, side="left")
    upto = np.searchsorted(pos_index, neg_index, side="right")
    values = _ResampledAuc(before, upto, p, n, rows)(np.random.default_rng(6), rows)
    draw = np.random.default_rng(6)
    picks = _uniform_integers(draw, p, rows * p).reshape(rows, p)
    chosen = _uniform_integers(draw, n, rows * n).reshape(rows, n)
    for b in range(rows):
        positives = np.bincount(pos_index[picks[b]], minlength=d)
        negatives = np.bincount(neg_index[chosen[b]], minlength=d)
        expected = measures.auc(ScoreTable._trusted(table.scores, positives, negatives))
        assert values[b] == pytest.approx(expected, abs=1e-14)


def test_auc_bootstrap_does_not_depend_on_the_threads():
    rng = np.random.default_rng(4)
    y = rng.random(3000) < 0.4
    table = ScoreTable.from_scores(y, rng.normal(size=3000) + y)
    one = inference.table_bootstrap_interval(table, measures.auc, random_state=9, workers=1)
    two = inference.table_bootstrap_interval(table, measures.auc, random_state=9, workers=2)
    assert (one.low[0], one.high[0]) == (two.low[0], two.high[0])
    with pytest.raises(ValueError, match="workers"):
        inference.table_bootstrap_interval(table, measures.auc, workers=0)
    with pytest.raises(TypeError, match="workers"):
        inference.table_bootstrap_interval(table, measures.auc, workers=1.5)


def test_confidence_level_is_scipys_name_and_level_its_deprecated_former_one():
    from phidelta.counts import ConfusionMatrix, ScoreTable

    counts = BinaryCounts(tn=[60, 30], fp=[40, 5], fn=[20, 10], tp=[80, 55])
    table = ScoreTable.from_scores([1, 1, 0, 1, 0, 0, 1, 0], [9, 8, 7, 6, 5, 4, 3, 2])
    calls = {
        "auc_confidence_interval": lambda **kw: inference.auc_confidence_interval(table, **kw),
        "wilson_interval": lambda **kw: inference.wilson_interval([8, 3], [10, 4], **kw),
        "rate_intervals": lambda **kw: inference.rate_intervals(counts, **kw)["precision"],
        "cohen_kappa_interval": lambda **kw: inference.cohen_kappa_interval(
            ConfusionMatrix([[50, 10], [5, 35]]), **kw
        ),
        "phi_delta_region": lambda **kw: inference.phi_delta_region(counts, **kw),
        "bootstrap_interval": lambda **kw: inference.bootstrap_interval(
            counts, measures.sensitivity, n_resamples=200, random_state=1, **kw
        ),
        "table_bootstrap_interval": lambda **kw: inference.table_bootstrap_interval(
            table, measures.auc, n_resamples=200, random_state=1, **kw
        ),
    }
    for name, call in calls.items():
        new = call(confidence_level=0.8)
        assert new.confidence_level == 0.8, name
        assert call().confidence_level == 0.95, name
        with pytest.warns(DeprecationWarning, match=f"former name of `confidence_level` in {name}"):
            old = call(level=0.8)
        assert old.confidence_level == 0.8, name
        assert np.array_equal(np.asarray(old[0]), np.asarray(new[0]), equal_nan=True), name
        with pytest.raises(TypeError, match="both `confidence_level` and its former name"):
            call(confidence_level=0.9, level=0.8)
        with pytest.raises(TypeError, match="`confidence_level` must be a number"):
            call(confidence_level="0.9")
        with pytest.raises(ValueError, match=r"`confidence_level` must be in \(0, 1\)"):
            call(confidence_level=1.0)
    with pytest.warns(DeprecationWarning, match="former name of `n_resamples`"):
        old = inference.phi_delta_region(counts, method="wilson", resamples=50)
    with pytest.raises(ValueError, match="`n_resamples` must be an integer >= 10"):
        inference.phi_delta_region(counts, method="bootstrap", n_resamples=5)


def test_random_state_is_the_name_everywhere_and_seed_its_deprecated_former_one():
    from phidelta.datasets import make_text_corpus
    from phidelta.geometry import random_samples
    from phidelta.signatures import signature

    x = np.random.default_rng(0).normal(size=(40, 3))
    y = np.arange(40) % 2
    sig = signature(x, y)
    calls = {
        "random_samples": lambda **kw: random_samples(5, **kw).phi,
        "make_text_corpus": lambda **kw: make_text_corpus(12, **kw)[0],
        "pvalues": lambda **kw: sig.pvalues("permutation", n_permutations=99, **kw),
        "default_pvalues": lambda **kw: sig.default_pvalues(n_permutations=99, **kw)[0],
        "bootstrap_interval": lambda **kw: (
            inference.bootstrap_interval(
                BinaryCounts(tn=[60], fp=[40], fn=[20], tp=[80]), measures.unbiased_mcc, **kw
            ).low
        ),
    }
    for name, call in calls.items():
        new = call(random_state=7)
        with pytest.warns(DeprecationWarning, match=f"former name of `random_state` in {name}"):
            old = call(seed=7)
        assert np.array_equal(np.asarray(new), np.asarray(old)), name
        if name != "make_text_corpus":  # an integer draws the same; another one differs
            assert not np.array_equal(np.asarray(call(random_state=8)), np.asarray(new)), name
