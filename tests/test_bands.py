"""Bands on curves (issue 29, item 2): ROC, coverage and precision–recall bands by the stratified
bootstrap of the score table, and Wilson intervals of a reliability diagram's bins."""

from __future__ import annotations

import numpy as np
import pytest
from numpy.testing import assert_allclose, assert_array_equal
from scipy import stats

from phidelta.counts import ScoreTable
from phidelta.inference._bands import (
    _other_at_level,
    coverage_band,
    precision_recall_band,
    reliability_intervals,
    roc_band,
)
from phidelta.measures import coverage_curve, expected_calibration_error, roc_curve


def _tied_table(seed: int = 1, n: int = 300) -> ScoreTable:
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    return ScoreTable.from_scores(y, np.round(rng.normal(size=n) + y, 1))  # many ties


def _highest_y_at(x: np.ndarray, y: np.ndarray, at: np.ndarray) -> np.ndarray:
    """Reference: the highest point of the polyline (x, y) above each of `at` (x increasing)."""
    out = np.full(len(at), -np.inf)
    for i in range(len(x) - 1):
        x0, x1, y0, y1 = x[i], x[i + 1], y[i], y[i + 1]
        inside = (x0 <= at) & (at <= x1)
        value = np.where(x1 > x0, y0 + (at - x0) / np.where(x1 > x0, x1 - x0, 1) * (y1 - y0), y1)
        out = np.where(inside, np.maximum(out, value), out)
    return out


def test_roc_band_estimate_is_the_curve_at_the_grid():
    # ties give diagonals, some followed by vertical segments; the band reads the curve itself
    t = _tied_table()
    band = roc_band(t, grid=41, n_resamples=50, random_state=0)
    curve = roc_curve(t)
    assert_allclose(band.tpr, _highest_y_at(curve.fpr, curve.tpr, band.fpr), atol=1e-12)


def test_precision_recall_band_estimate_interpolates_in_counts():
    # Davis & Goadrich 2006: the fewest false positives reaching k = r·P true positives,
    # linear in coverage space; precision = k / (k + FP)
    t = _tied_table(seed=2)
    band = precision_recall_band(t, grid=41, n_resamples=50, random_state=0)
    fp, tp, _ = coverage_curve(t)
    k = band.recall * t.total_positives
    fewest_fp = -_highest_y_at(tp.astype(float), -fp.astype(float), k)
    assert_allclose(band.precision, k / (k + fewest_fp), atol=1e-12)


@pytest.mark.parametrize("lead_is_negative", [True, False])
def test_sampler_has_the_law_of_the_multinomial_resample(lead_is_negative):
    # the order-statistic sampler against the plain multinomial resample of the table, each
    # read by the deterministic reader: means and spreads at each grid point, and of the sum
    # over the grid (which sees the covariances), agree within Monte Carlo error
    t = _tied_table(seed=3, n=200)
    pos, neg = t.positives, t.negatives
    lead, other = (neg, pos) if lead_is_negative else (pos, neg)
    total_lead = lead.sum()
    level = np.linspace(0, 1, 15) * total_lead
    ranks = np.floor(level + 1e-9).astype(np.int64) + 1
    rows = 20_000
    fast = _other_at_level(level, ranks, lead, other, rows=rows, rng=np.random.default_rng(7))
    rng = np.random.default_rng(8)
    lead_draws = rng.multinomial(total_lead, lead / total_lead, size=rows)
    other_draws = rng.multinomial(other.sum(), other / other.sum(), size=rows)
    slow = np.array(
        [
            _other_at_level(level, ranks, a, b, rows=None, rng=None)
            for a, b in zip(lead_draws, other_draws, strict=True)
        ]
    )
    for f, s in ((fast, slow), (fast.sum(axis=1), slow.sum(axis=1))):
        se = np.sqrt((f.var(axis=0) + s.var(axis=0)) / rows) + 1e-12
        assert np.all(np.abs(f.mean(axis=0) - s.mean(axis=0)) < 4.5 * se)
        spread = s.std(axis=0)
        ok = spread > 0
        assert_allclose(f.std(axis=0)[ok], spread[ok], rtol=0.06)
        assert_array_equal(f.std(axis=0)[~ok], 0)


@pytest.mark.parametrize("make", [roc_band, precision_recall_band])
def test_simultaneous_band_contains_pointwise_band_and_estimate(make):
    rng = np.random.default_rng(4)
    y = rng.integers(0, 2, 500)
    band = make(ScoreTable.from_scores(y, rng.normal(size=500) + y), grid=21, random_state=1)
    _, estimate, low, high, sim_low, sim_high = band
    assert np.all(sim_low <= low)
    assert np.all(high <= sim_high)
    assert np.all(sim_low <= estimate)
    assert np.all(estimate <= sim_high)
    inner = slice(1, -1)  # the percentile band may miss the estimate at a skewed end
    assert np.all(low[inner] <= estimate[inner])
    assert np.all(estimate[inner] <= high[inner])
    assert np.all((sim_low >= 0) & (sim_high <= 1))
    assert np.any(sim_high - sim_low > high - low)
    assert band.critical_value > stats.norm.ppf(0.975)


def test_same_random_state_same_band():
    t = _tied_table()
    a, b = roc_band(t, random_state=3), roc_band(t, random_state=3)
    for x, y in zip(a, b, strict=True):
        assert_array_equal(x, y)
    assert not np.array_equal(a.low, roc_band(t, random_state=4).low)
    pr = precision_recall_band(t, random_state=np.random.default_rng(5))
    assert_array_equal(pr.high, precision_recall_band(t, random_state=5).high)


def test_coverage_band_is_the_roc_band_in_counts():
    t = _tied_table()
    roc, cov = roc_band(t, random_state=2), coverage_band(t, random_state=2)
    p, n = t.total_positives, t.total_negatives
    assert_allclose(cov.fp, roc.fpr * n)
    for name in ("low", "high", "simultaneous_low", "simultaneous_high"):
        assert_allclose(getattr(cov, name), getattr(roc, name) * p)
    assert_allclose(cov.tp, coverage_curve(t).tp[-1] * roc.tpr)


def test_simulated_coverage_of_the_roc_bands():
    # binormal scores, negatives N(0, 1) and positives N(1, 1): true TPR(f) = Φ(1 + Φ⁻¹(f)).
    # 300 replications of 200 + 200 rows, 400 resamples, grid f = 0.1 … 0.8. A 1,000-replication
    # run of the same design gave 93.9 % (simultaneous) and 94.6–96.1 % (pointwise); with 300
    # replications a proportion near 0.95 has a standard error of 1.3 points, so the bounds
    # below sit about 3 standard errors away.
    rng = np.random.default_rng(2024)
    grid = np.linspace(0.1, 0.8, 8)
    truth = stats.norm.cdf(1 + stats.norm.ppf(grid))
    n, replications = 200, 300
    y = np.r_[np.ones(n, int), np.zeros(n, int)]
    whole = np.zeros(replications, bool)
    pointwise = np.zeros((replications, len(grid)), bool)
    for r in range(replications):
        scores = np.r_[rng.normal(1, 1, n), rng.normal(0, 1, n)]
        band = roc_band(
            ScoreTable.from_scores(y, scores), grid=grid, n_resamples=400, random_state=rng
        )
        whole[r] = np.all((band.simultaneous_low <= truth) & (truth <= band.simultaneous_high))
        pointwise[r] = (band.low <= truth) & (truth <= band.high)
    assert whole.mean() >= 0.90
    assert 0.91 <= pointwise[:, 2].mean() <= 0.98  # f = 0.3
    assert np.all(pointwise.mean(axis=0) >= 0.90)


def test_reliability_intervals_match_statsmodels():
    proportion = pytest.importorskip("statsmodels.stats.proportion")
    rng = np.random.default_rng(5)
    p = rng.uniform(size=700) ** 2
    y = rng.uniform(size=700) < p
    bins = expected_calibration_error(y, p, bins=12)
    iv = reliability_intervals(bins, confidence_level=0.9)
    edges = np.linspace(0, 1, 13)
    which = np.clip(np.searchsorted(edges, p, side="right") - 1, 0, 11)
    count = np.bincount(which, minlength=12)
    positives = np.bincount(which, weights=y, minlength=12)
    filled = count > 0
    low, high = proportion.proportion_confint(
        positives[filled], count[filled], alpha=0.1, method="wilson"
    )
    assert_allclose(iv.low[filled], low, atol=1e-10)
    assert_allclose(iv.high[filled], high, atol=1e-10)
    low, high = proportion.proportion_confint(
        positives[filled], count[filled], alpha=0.1 / filled.sum(), method="wilson"
    )
    assert_allclose(iv.simultaneous_low[filled], low, atol=1e-10)
    assert_allclose(iv.simultaneous_high[filled], high, atol=1e-10)
    assert np.all(np.isnan(iv.low[~filled]))
    _mean_predicted, observed, *_ = iv
    assert_array_equal(observed, bins.observed)


def test_empty_bins_are_nan():
    bins = expected_calibration_error([1, 0, 1], [0.9, 0.85, 0.95], bins=4)
    iv = reliability_intervals(bins)
    assert np.all(np.isnan(iv.low[:3]))
    assert np.isfinite(iv.low[3])


def test_unpacks_like_a_tuple():
    t = _tied_table()
    band = roc_band(t, grid=5, n_resamples=20, random_state=0)
    fpr, _tpr, _low, _high, _sim_low, _sim_high = band
    assert len(band) == 6
    assert band[0] is fpr
    assert "sup-t" in band.method
    assert band.n_resamples == 20
    assert band.confidence_level == 0.95
    assert list(band.to_frame().columns) == list(band._fields)


def test_bad_arguments_are_named():
    t = _tied_table()
    with pytest.raises(TypeError, match="`table` must be a ScoreTable"):
        roc_band([1, 0])
    weighted = ScoreTable.from_scores([1, 0, 1], [0.2, 0.4, 0.5], sample_weight=[0.5, 1, 2])
    with pytest.raises(ValueError, match="`table` has weighted"):
        roc_band(weighted)
    with pytest.raises(ValueError, match="no negatives"):
        roc_band(ScoreTable.from_scores([1, 1], [0.2, 0.4]))
    with pytest.raises(ValueError, match="`grid` must be an int >= 2 or increasing"):
        roc_band(t, grid=[0.5, 0.2])
    with pytest.raises(ValueError, match="`grid` must be an integer >= 2"):
        roc_band(t, grid=1)
    with pytest.raises(ValueError, match="`grid` must hold recalls above 0"):
        precision_recall_band(t, grid=[0.0, 0.5])
    with pytest.raises(ValueError, match=r"`confidence_level` must be in \(0, 1\)"):
        roc_band(t, confidence_level=95)
    with pytest.raises(ValueError, match="`n_resamples` must be an integer >= 2"):
        coverage_band(t, n_resamples=1)
    with pytest.raises(TypeError, match="`bins` must be a CalibrationBins"):
        reliability_intervals(t)


def test_roc_display_draws_the_bands_inference_computed():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from phidelta.rendering import CalibrationDisplay, RocDisplay

    rng = np.random.default_rng(6)
    y = rng.integers(0, 2, 300)
    scores = 1 / (1 + np.exp(-(rng.normal(size=300) + 1.5 * y - 0.7)))
    d = RocDisplay.from_predictions(y, scores, band=True, random_state=9, n_resamples=300)
    expected = roc_band(ScoreTable.from_scores(y, scores), n_resamples=300, random_state=9)
    assert_array_equal(d.band_.simultaneous_high, expected.simultaneous_high)
    labels = [p.get_label() for p in d.band_patches_]
    assert labels == [
        "95% simultaneous band (bootstrap sup-t)",
        "95% pointwise band (bootstrap percentile)",
    ]
    assert set(labels) <= {t.get_text() for t in d.ax_.get_legend().get_texts()}
    # the shaded polygon runs along the band's bounds
    upper = d.band_patches_[1].get_paths()[0].vertices[:, 1]
    assert np.isclose(upper.max(), expected.high.max())
    d = RocDisplay.from_predictions(y, scores, band="pointwise", space="coverage", random_state=9)
    assert len(d.band_patches_) == 1
    assert np.isclose(d.band_patches_[0].get_paths()[0].vertices[:, 0].max(), (y == 0).sum())
    c = CalibrationDisplay.from_predictions(y, scores, kind="reliability", bins=5, band=True)
    bins = expected_calibration_error(y, scores, bins=5)
    assert_array_equal(c.band_.high, reliability_intervals(bins).high)
    assert len(c.band_bars_) == 2
    with pytest.raises(ValueError, match='`band` must be True, False, "pointwise"'):
        RocDisplay.from_predictions(y, scores, band="both")
    with pytest.raises(ValueError, match="`band` is drawn on the reliability diagram"):
        CalibrationDisplay.from_predictions(y, scores, band=True)
    plt.close("all")
