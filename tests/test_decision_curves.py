"""Decision curves (issue 30, item 7): net benefit from its definition (Vickers & Elkin 2006),
standardized net benefit (Kerr et al. 2016), net interventions avoided, bootstrap bands and the
paired difference of two models, Brier curves (Hernández-Orallo, Flach & Ferri 2011), the
exact lower envelope of cost lines (Drummond & Holte 2006) and the display."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.testing import assert_allclose, assert_array_equal

from phidelta.counts import ScoreTable
from phidelta.geometry import lower_envelope
from phidelta.inference import _decision_bands, decision_curve_band, net_benefit_difference
from phidelta.measures import (
    IsotonicCalibrator,
    brier_curve,
    brier_score,
    cost_curve,
    decision_curve,
    net_benefit,
    roc_convex_hull,
)

# six patients by hand: three with the event
Y = [1, 1, 0, 1, 0, 0]
P = [0.9, 0.7, 0.6, 0.4, 0.2, 0.1]


def _cohort(n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """A calibrated model: p ~ U(0, 1), the event with probability p."""
    rng = np.random.default_rng(seed)
    p = rng.uniform(size=n)
    return rng.uniform(size=n) < p, p


# --- net benefit from its definition --------------------------------------------------------------
def test_net_benefit_by_hand():
    curve = decision_curve(ScoreTable.from_scores(Y, P), thresholds=[0.25, 0.6, 0.8])
    # p_t = 0.25 treats 0.9, 0.7, 0.6, 0.4: 3 events, 1 without; odds 1/3
    # p_t = 0.6 treats 0.9, 0.7 and 0.6 itself (≥): 2 and 1; odds 3/2
    # p_t = 0.8 treats 0.9: 1 and 0
    assert_allclose(curve.net_benefit, [3 / 6 - 1 / 6 / 3, 2 / 6 - 1 / 6 * 1.5, 1 / 6], atol=1e-15)
    assert_allclose(curve.treat_all, [3 / 6 - 3 / 6 / 3, 3 / 6 - 3 / 6 * 1.5, 3 / 6 - 3 / 6 * 4])
    assert_array_equal(curve.treat_none, 0.0)
    assert_array_equal(curve.true_positives, [3, 2, 1])
    assert_array_equal(curve.false_positives, [1, 1, 0])
    assert curve.prevalence == 0.5
    assert_allclose(curve.standardized_net_benefit, curve.net_benefit / 0.5)
    # (NB − NB_all) / odds · 100 at 0.25: (4/9 − 1/3) · 3 · 100
    assert_allclose(curve.net_interventions_avoided()[0], (4 / 9 - 1 / 3) * 3 * 100)
    _, model, treat_all, _ = curve
    assert_array_equal(model, curve.net_benefit)
    assert_array_equal(treat_all, curve.treat_all)


def test_weighted_rows_give_weighted_counts():
    # weights 2, 1, 3, 1, 1, 2 (n = 10): at p_t = 0.5 treated 0.9 (2, event), 0.7 (1, event),
    # 0.6 (3, no event)
    table = ScoreTable.from_scores(Y, P, sample_weight=[2, 1, 3, 1, 1, 2])
    curve = decision_curve(table, thresholds=[0.5])
    assert_allclose(curve.net_benefit, [3 / 10 - 3 / 10 * 1.0])
    assert_allclose(curve.prevalence, 4 / 10)


def test_the_default_grid_is_dcurves_one():
    curve = decision_curve(ScoreTable.from_scores(Y, P))
    assert_allclose(curve.threshold_probability, np.arange(100) / 100)


def test_treating_all_and_the_model_agree_below_every_score():
    table = ScoreTable.from_scores(Y, P)
    curve = decision_curve(table, thresholds=[0.0, 0.05, 0.1])  # every probability ≥ p_t
    assert_allclose(curve.net_benefit, curve.treat_all, atol=1e-15)
    assert np.isnan(curve.net_interventions_avoided()[0])  # 0 / 0 at p_t = 0
    assert_allclose(curve.net_interventions_avoided()[1:], 0.0, atol=1e-12)


def test_it_agrees_with_the_net_benefit_of_counts():
    table = ScoreTable.from_scores(*_cohort(200, 1))
    pts = np.linspace(0.01, 0.95, 40)
    curve = decision_curve(table, thresholds=pts)
    expected = [net_benefit(table.counts_at(pt), threshold_probability=pt)[0] for pt in pts]
    assert_allclose(curve.net_benefit, expected, atol=1e-14)


@settings(max_examples=40)
@given(
    data=st.lists(
        st.tuples(
            st.booleans(),
            st.integers(0, 20).map(lambda k: k / 20),  # many ties, the thresholds among them
            st.integers(1, 3),
        ),
        min_size=2,
        max_size=40,
    ).filter(lambda rows: 0 < sum(r[0] for r in rows) < len(rows)),
    weighted=st.booleans(),
)
def test_score_table_computation_equals_a_loop_over_thresholds(data, weighted):
    y = np.array([r[0] for r in data])
    p = np.array([r[1] for r in data])
    w = np.array([r[2] for r in data], dtype=float) if weighted else np.ones(len(data))
    table = ScoreTable.from_scores(y, p, sample_weight=w if weighted else None)
    pts = np.arange(20) / 20
    curve = decision_curve(table, thresholds=pts)
    n, prevalence = w.sum(), w[y].sum() / w.sum()
    for i, pt in enumerate(pts):  # Vickers & Elkin (2006), from the rows
        treated = p >= pt
        tp, fp = w[treated & y].sum(), w[treated & ~y].sum()
        odds = pt / (1 - pt)
        expected = tp / n - fp / n * odds
        assert_allclose(curve.net_benefit[i], expected, atol=1e-12)
        assert_allclose(curve.treat_all[i], prevalence - (1 - prevalence) * odds, atol=1e-12)
        assert_allclose(curve.standardized_net_benefit[i], expected / prevalence, atol=1e-12)
        if pt > 0:
            all_nb = prevalence - (1 - prevalence) * odds
            assert_allclose(
                curve.net_interventions_avoided(per=100)[i],
                (expected - all_nb) / odds * 100,
                atol=1e-9,
            )


def test_scores_that_are_not_probabilities_are_refused():
    table = ScoreTable.from_scores(Y, [3.0, 1.2, 0.5, -0.4, -1, -2])
    with pytest.raises(ValueError, match=r"needs probabilities: the scores of `table`"):
        decision_curve(table)
    with pytest.raises(ValueError, match=r"needs probabilities: the scores of `table`"):
        brier_curve(table)
    with pytest.raises(ValueError, match=r"needs probabilities: the scores of `table`"):
        decision_curve_band(table)
    with pytest.raises(ValueError, match=r"`probabilities_b` must be probabilities in \[0, 1\]"):
        net_benefit_difference(Y, P, [3.0, 1.2, 0.5, -0.4, -1, -2])


@pytest.mark.parametrize("thresholds", [[0.5, 0.2], [0.2, 1.0], [-0.1, 0.5], []])
def test_thresholds_must_be_increasing_probabilities(thresholds):
    with pytest.raises(ValueError, match=r"`thresholds` must be increasing threshold prob"):
        decision_curve(ScoreTable.from_scores(Y, P), thresholds=thresholds)


def test_one_class_and_other_objects_are_refused():
    with pytest.raises(ValueError, match="no negatives"):
        decision_curve(ScoreTable.from_scores([1, 1], [0.2, 0.4]))
    with pytest.raises(TypeError, match="`table` must be a ScoreTable"):
        decision_curve([0.2, 0.4])


# --- Brier curves and cost curves ----------------------------------------------------------------
def test_area_under_the_brier_curve_is_the_brier_score():
    y, p = _cohort(150, 2)
    p = np.round(p, 2)  # ties
    curve = brier_curve(ScoreTable.from_scores(y, p), points=100_001)
    area = np.trapezoid(curve.loss, curve.operating_condition)
    assert_allclose(area, brier_score(y, p), atol=2e-5)  # a jump per score, each within 1e-5
    # the optimal thresholds: the Brier score of the ROC convex hull's calibration
    calibrated = IsotonicCalibrator().fit(y, p).transform(p)
    optimal_area = np.trapezoid(curve.optimal_loss, curve.operating_condition)
    assert_allclose(optimal_area, brier_score(y, calibrated), atol=1e-8)


def test_brier_curve_by_hand_and_from_its_definition():
    curve = brier_curve(ScoreTable.from_scores(Y, P), points=11)
    y, p = np.array(Y, bool), np.array(P)
    for c, loss, optimal in zip(
        curve.operating_condition, curve.loss, curve.optimal_loss, strict=True
    ):
        treated = p >= c
        expected = 2 * (c * (treated & ~y).sum() + (1 - c) * (~treated & y).sum()) / 6
        assert_allclose(loss, expected, atol=1e-15)
        every = [  # every threshold of the table: +inf, then each score
            2 * (c * ((p >= t) & ~y).sum() + (1 - c) * ((p < t) & y).sum()) / 6
            for t in [np.inf, *p]
        ]
        assert_allclose(optimal, min(every), atol=1e-15)


def test_skew_space_brier_curve_lies_on_or_above_the_cost_curve():
    y, p = _cohort(300, 3)
    table = ScoreTable.from_scores(y, p)
    skew = brier_curve(table, space="skew", points=201)
    assert_allclose(skew.optimal_loss, cost_curve(table, points=201).normalized_cost, atol=1e-15)
    assert np.all(skew.loss >= skew.optimal_loss - 1e-15)
    # the threshold at z is the cost proportion with that PC(+) at the table's prevalence
    pi = y.mean()
    z = skew.operating_condition
    c = skew.thresholds
    assert_allclose(pi * (1 - c) / (pi * (1 - c) + (1 - pi) * c), z, atol=1e-12)
    for zi, ci, loss in zip(z[::20], c[::20], skew.loss[::20], strict=True):
        treated = p >= ci
        fnr, fpr = (~treated & y).sum() / y.sum(), (treated & ~y).sum() / (~y).sum()
        assert_allclose(loss, zi * fnr + (1 - zi) * fpr, atol=1e-15)


def test_brier_curve_refuses_an_unknown_space():
    with pytest.raises(ValueError, match='`space` must be "cost" or "skew"'):
        brier_curve(ScoreTable.from_scores(Y, P), space="roc")


@settings(max_examples=80)
@given(
    lines=st.lists(st.tuples(st.integers(-6, 6), st.integers(-6, 6)), min_size=1, max_size=12).map(
        lambda rows: np.array(rows, dtype=float) / 3
    ),
    low=st.integers(-3, 0),
    width=st.integers(1, 4),
)
def test_lower_envelope_is_the_minimum_of_the_lines(lines, low, width):
    envelope = lower_envelope(lines, low=low, high=low + width)
    assert envelope.x[0] == low
    assert envelope.x[-1] == low + width
    assert np.all(np.diff(envelope.x) > 0)
    x = np.linspace(low, low + width, 257)
    minimum = (lines[:, 0][None, :] + lines[:, 1][None, :] * x[:, None]).min(axis=1)
    assert_allclose(np.interp(x, envelope.x, envelope.y), minimum, atol=1e-12)
    # each piece lies on its line
    a, b = lines[envelope.lines, 0], lines[envelope.lines, 1]
    assert_allclose(a + b * envelope.x[:-1], envelope.y[:-1], atol=1e-12)
    assert_allclose(a + b * envelope.x[1:], envelope.y[1:], atol=1e-12)


def test_cost_curve_envelope_equals_the_minimum_of_its_cost_lines():
    y, p = _cohort(400, 4)
    table = ScoreTable.from_scores(y, np.round(p, 2))
    curve = cost_curve(table, points=501)
    envelope = lower_envelope(curve.lines)
    # the sampled curve lies on the exact envelope; the envelope's lines are hull vertices
    assert_allclose(
        np.interp(curve.probability_cost, envelope.x, envelope.y), curve.normalized_cost, atol=1e-14
    )
    assert set(envelope.lines) <= set(roc_convex_hull(table).indices)


def test_lower_envelope_refuses_bad_lines():
    with pytest.raises(ValueError, match=r"`lines` must be an \(m, 2\) array"):
        lower_envelope([[0.0, 1.0, 2.0]])
    with pytest.raises(ValueError, match="`low` must be below `high`"):
        lower_envelope([[0.0, 1.0]], low=1, high=1)


# --- bands --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "measure", ["net_benefit", "standardized_net_benefit", "net_interventions_avoided"]
)
@pytest.mark.parametrize("stratified", [False, True])
def test_bands_contain_the_estimate(measure, stratified):
    table = ScoreTable.from_scores(*_cohort(400, 5))
    pts = np.linspace(0, 0.9, 10)
    band = decision_curve_band(
        table,
        thresholds=pts,
        measure=measure,
        n_resamples=400,
        random_state=0,
        stratified=stratified,
    )
    curve = decision_curve(table, thresholds=pts)
    expected = {
        "net_benefit": curve.net_benefit,
        "standardized_net_benefit": curve.standardized_net_benefit,
        "net_interventions_avoided": curve.net_interventions_avoided(),
    }[measure]
    assert_allclose(band.estimate, expected, atol=1e-14)
    ok = np.isfinite(expected)
    assert np.all(band.low[ok] <= band.estimate[ok])
    assert np.all(band.estimate[ok] <= band.high[ok])
    assert np.all(band.simultaneous_low[ok] <= band.low[ok])
    assert np.all(band.high[ok] <= band.simultaneous_high[ok])
    assert ("stratified" in band.method) == stratified
    assert np.isnan(band.low[~ok]).all()


def test_a_stratified_band_keeps_the_prevalence():
    table = ScoreTable.from_scores(*_cohort(300, 6))
    # at p_t = 0 everyone is treated: NB = prevalence, fixed by a stratified bootstrap only
    fixed = decision_curve_band(table, thresholds=[0.0], random_state=0, stratified=True)
    free = decision_curve_band(table, thresholds=[0.0], random_state=0)
    assert fixed.low[0] == fixed.high[0] == fixed.estimate[0]
    assert free.low[0] < free.estimate[0] < free.high[0]


def test_bands_are_reproducible_and_refuse_weights():
    table = ScoreTable.from_scores(*_cohort(100, 7))
    a = decision_curve_band(table, n_resamples=50, random_state=3)
    b = decision_curve_band(table, n_resamples=50, random_state=3)
    assert_array_equal(a.simultaneous_high, b.simultaneous_high)
    weighted = ScoreTable.from_scores(Y, P, sample_weight=[0.5, 1, 1, 1, 1, 1])
    with pytest.raises(ValueError, match="`table` has weighted"):
        decision_curve_band(weighted)
    with pytest.raises(ValueError, match="`measure` must be one of"):
        decision_curve_band(table, measure="auc")


def test_resampling_the_cells_unchanged_reproduces_the_estimates(monkeypatch):
    # with every resample equal to the data, the cells' arithmetic must give the estimate back
    monkeypatch.setattr(
        _decision_bands,
        "_draw",
        lambda rng, cells, positive, rows, stratified: np.tile(cells, (rows, 1)),
    )
    y, p = _cohort(200, 8)
    q = np.clip(p + np.random.default_rng(0).normal(0, 0.2, 200), 0, 1)
    band = decision_curve_band(ScoreTable.from_scores(y, p), n_resamples=5)
    assert_allclose(band.low, band.estimate, atol=1e-14)
    assert_allclose(band.high, band.estimate, atol=1e-14)
    res = net_benefit_difference(y, p, q, n_resamples=5)
    assert_allclose(res.low, res.difference, atol=1e-14)
    assert_allclose(res.high, res.difference, atol=1e-14)


def test_the_paired_bootstrap_has_the_law_of_resampling_rows():
    # the spread of the cell bootstrap against the plain bootstrap of rows, at a few thresholds
    y, p = _cohort(150, 9)
    q = np.clip(p + np.random.default_rng(1).normal(0, 0.25, 150), 0, 1)
    pts = np.array([0.1, 0.3, 0.5, 0.7])
    res = net_benefit_difference(y, p, q, thresholds=pts, n_resamples=4000, random_state=0)
    rng = np.random.default_rng(2)
    odds = pts / (1 - pts)
    draws = rng.integers(0, 150, size=(4000, 150))
    yy, pp, qq = y[draws][..., None], p[draws][..., None], q[draws][..., None]
    gain = np.where(yy, 1.0, -odds)  # a treated row's net benefit, times n
    rows = (((pp >= pts) * gain).sum(axis=1) - ((qq >= pts) * gain).sum(axis=1)) / 150
    assert_allclose(res.standard_error, rows.std(axis=0, ddof=1), rtol=0.08)


def test_the_paired_difference_is_the_difference_of_the_curves():
    y, p = _cohort(300, 10)
    res = net_benefit_difference(y, p, p**2, n_resamples=200, random_state=0)
    a = decision_curve(ScoreTable.from_scores(y, p))
    b = decision_curve(ScoreTable.from_scores(y, p**2))
    assert_allclose(res.net_benefit_a, a.net_benefit)
    assert_allclose(res.difference, a.net_benefit - b.net_benefit, atol=1e-15)
    assert np.all(res.simultaneous_low <= res.difference)
    assert np.all(res.difference <= res.simultaneous_high)
    same = net_benefit_difference(y, p, p, n_resamples=50, random_state=0)
    assert_array_equal(same.difference, 0.0)
    assert_array_equal(same.high - same.low, 0.0)
    assert_array_equal(same.pvalue, 1.0)
    with pytest.raises(ValueError, match=r"`probabilities_b` has 299"):
        net_benefit_difference(y, p, p[:-1])


def _true_net_benefit(pt: np.ndarray, power: float) -> np.ndarray:
    """NB of treating when p^power ≥ p_t, p ~ U(0, 1) with the event at rate p: with
    s = p_t^(1/power), TP/n = ∫ₛ¹ p dp and FP/n = ∫ₛ¹ (1 − p) dp."""
    s = pt ** (1 / power)
    return (1 - s**2) / 2 - (1 - s) ** 2 / 2 * pt / (1 - pt)


def test_bands_cover_near_their_level():
    # 160 cohorts of 300: the pointwise intervals of one curve and of a paired difference
    pts = np.array([0.1, 0.3, 0.5, 0.7])
    truth = _true_net_benefit(pts, 1.0)
    truth_difference = truth - _true_net_benefit(pts, 2.0)
    hits = np.zeros(len(pts))
    hits_difference = np.zeros(len(pts))
    together = 0
    runs = 160
    for seed in range(runs):
        y, p = _cohort(300, 1000 + seed)
        band = decision_curve_band(
            ScoreTable.from_scores(y, p), thresholds=pts, n_resamples=250, random_state=seed
        )
        hits += (band.low <= truth) & (truth <= band.high)
        together += np.all((band.simultaneous_low <= truth) & (truth <= band.simultaneous_high))
        res = net_benefit_difference(y, p, p**2, thresholds=pts, n_resamples=250, random_state=seed)
        hits_difference += (res.low <= truth_difference) & (truth_difference <= res.high)
    # 95 % nominal; 160 runs give a standard error of 1.7 points
    assert np.all(hits / runs >= 0.90), hits / runs
    assert np.all(hits / runs <= 0.99), hits / runs
    assert np.all(hits_difference / runs >= 0.90), hits_difference / runs
    assert together / runs >= 0.90, together / runs


# --- the display --------------------------------------------------------------------------------
def test_display_draws_the_model_and_the_references():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    from phidelta.rendering import DecisionCurveDisplay

    y, p = _cohort(300, 11)
    d = DecisionCurveDisplay.from_predictions(
        y, p, name="model", band=True, n_resamples=200, random_state=0
    )
    curve = decision_curve(ScoreTable.from_scores(y, p))
    assert_allclose(d.curve_.get_ydata(), curve.net_benefit)
    assert_allclose(d.treat_all_.get_ydata(), curve.treat_all)
    assert_array_equal(d.treat_none_.get_ydata(), 0.0)
    assert_allclose(d.ax_.get_ylim(), (-curve.prevalence / 2, 1.1 * curve.prevalence))
    assert d.band_.measure == "net_benefit"
    assert len(d.band_patches_) == 2
    avoided = DecisionCurveDisplay.from_predictions(y, p, kind="net_interventions_avoided")
    assert avoided.treat_all_ is None
    assert avoided.treat_none_ is None
    assert "per 100" in avoided.ax_.get_ylabel()
    with pytest.raises(ValueError, match="`kind` must be one of"):
        DecisionCurveDisplay.from_predictions(y, p, kind="roc")
    matplotlib.pyplot.close("all")


class _Scorer:
    """A fitted classifier's interface: classes_ and predict_proba (or decision values only)."""

    classes_ = np.array([False, True])

    def predict_proba(self, X):
        p = 1 / (1 + np.exp(-X[:, 0]))
        return np.column_stack([1 - p, p])


class _Ranker:
    classes_ = np.array([False, True])

    def decision_function(self, X):
        return X[:, 0]


def test_display_from_an_estimator_needs_probabilities():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    from phidelta.rendering import DecisionCurveDisplay

    rng = np.random.default_rng(12)
    X = rng.normal(size=(200, 2))
    y = (X[:, 0] + rng.normal(size=200)) > 0
    d = DecisionCurveDisplay.from_estimator(_Scorer(), X, y)
    assert d.curve_.get_label() == "_Scorer"
    expected = decision_curve(ScoreTable.from_scores(y, _Scorer().predict_proba(X)[:, 1]))
    assert_allclose(d.curve_.get_ydata(), expected.net_benefit)
    with pytest.raises(TypeError, match="`estimator` must have predict_proba"):
        DecisionCurveDisplay.from_estimator(_Ranker(), X, y)
    matplotlib.pyplot.close("all")
