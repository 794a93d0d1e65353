"""Identities that must hold for any counts (hypothesis), and agreement with scikit-learn."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.testing import assert_allclose

from phidelta import BinaryCounts, measures
from phidelta.exceptions import UndefinedMeasureWarning
from phidelta.measures import MEASURES
from strategies import any_ratios, binary_counts, ratios

ATOL = 1e-12
NAN = float("nan")


@given(counts=binary_counts(both_classes=True))
def test_delta_is_twice_unbiased_accuracy_minus_one(counts):  # Armano 2015, eq. 14
    assert_allclose(measures.delta(counts), 2 * measures.unbiased_accuracy(counts) - 1, atol=ATOL)
    assert_allclose(measures.delta(counts), measures.determinant(counts), atol=ATOL)


@given(counts=binary_counts(both_classes=True))
def test_standard_diamond_bounds(counts):  # Armano 2015, §4.1: |φ| + |δ| ≤ 1
    phi, delta = measures.phi_delta(counts)
    assert np.all(np.abs(phi) + np.abs(delta) <= 1 + ATOL)


@given(counts=binary_counts(both_classes=True))
def test_standard_equals_generalized_at_ratio_one(counts):
    standard = measures.phi_delta(counts)
    generalized = measures.phi_delta(counts, ratio=1.0)
    assert_allclose(standard.phi, generalized.phi, atol=ATOL)
    assert_allclose(standard.delta, generalized.delta, atol=ATOL)
    spec, sens = measures.specificity(counts), measures.sensitivity(counts)
    assert_allclose(standard.phi, sens - spec, atol=ATOL)  # eq. 12
    assert_allclose(standard.delta, sens + spec - 1, atol=ATOL)  # eq. 11


@given(r=any_ratios)
def test_oracle_and_anti_oracle_fixed_for_every_ratio(r):
    oracle = measures.convert([1.0], [1.0], ratio=r)
    anti = measures.convert([0.0], [0.0], ratio=r)
    assert_allclose([oracle.phi[0], oracle.delta[0]], [0.0, 1.0], atol=ATOL)
    assert_allclose(anti.delta, [-1.0], atol=ATOL)


@given(counts=binary_counts(both_classes=True), r=any_ratios)
def test_generalized_round_trips(counts, r):
    standard = measures.phi_delta(counts)
    generalized = measures.standard_to_generalized(standard.phi, standard.delta, r)
    direct = measures.phi_delta(counts, ratio=r)
    assert_allclose(generalized.phi, direct.phi, atol=1e-10)
    assert_allclose(generalized.delta, direct.delta, atol=1e-10)
    back = measures.generalized_to_standard(direct.phi, direct.delta, r)
    assert_allclose(back.phi, standard.phi, atol=1e-9)
    assert_allclose(back.delta, standard.delta, atol=1e-9)
    spec, sens = measures.phi_delta_to_rates(direct.phi, direct.delta, r)
    assert_allclose(spec, measures.specificity(counts), atol=1e-9)
    assert_allclose(sens, measures.sensitivity(counts), atol=1e-9)


@given(counts=binary_counts(both_classes=True), r=ratios)
def test_generalized_delta_is_accuracy_at_that_ratio(counts, r):  # δ_b = 2·a − 1
    assert_allclose(
        measures.delta(counts, ratio=r), 2 * measures.accuracy(counts.at_ratio(r)) - 1, atol=ATOL
    )
    assert_allclose(
        measures.phi(counts, ratio=r), -measures.friedman_bias(counts.at_ratio(r)), atol=ATOL
    )


@given(data=st.data())
def test_phi_b_is_bias_from_plus_minus_one_labels(data):
    """φ_b at the actual ratio = E[ĥ] − E[h] with labels in {−1, +1} (Armano 2015, eqs. 15–19)."""
    n = data.draw(st.integers(1, 200))
    y = np.array(data.draw(st.lists(st.sampled_from([-1, 1]), min_size=n, max_size=n)))
    y_hat = np.array(data.draw(st.lists(st.sampled_from([-1, 1]), min_size=n, max_size=n)))
    counts = BinaryCounts.from_labels(y, y_hat)
    bias = y_hat.mean() - y.mean()
    assert_allclose(measures.phi(counts, ratio="actual"), bias, atol=ATOL)
    assert_allclose(measures.friedman_bias(counts), -bias, atol=ATOL)


@given(counts=binary_counts(both_classes=True))
def test_unbiased_measures_are_biased_measures_at_balance(counts):
    balanced = counts.at_ratio(1.0)
    pairs = [
        (measures.unbiased_accuracy, measures.accuracy),
        (measures.unbiased_error_rate, measures.error_rate),
        (measures.unbiased_precision, measures.precision),
        (measures.unbiased_negative_predictive_value, measures.negative_predictive_value),
        (measures.unbiased_f1_score, measures.f1_score),
        (measures.unbiased_mcc, measures.mcc),
        (measures.unbiased_information_gain, measures.information_gain),
        (measures.unbiased_bias, measures.friedman_bias),
    ]
    for unbiased, biased in pairs:
        expected = biased(balanced, zero_division=NAN)
        assert_allclose(
            unbiased(counts, zero_division=NAN), expected, atol=1e-10, err_msg=unbiased.__name__
        )


@given(counts=binary_counts(both_classes=True))
def test_unbiased_mcc_equation_10(counts):
    """MCC_u = √(π_u/ρ · π̄_u/ρ̄)·Δ (eq. 10) wherever the product form is defined."""
    spec, sens = measures.specificity(counts), measures.sensitivity(counts)
    pi_u = measures.unbiased_precision(counts, zero_division=NAN)
    npv_u = measures.unbiased_negative_predictive_value(counts, zero_division=NAN)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        product = np.sqrt(pi_u / sens * npv_u / spec) * measures.determinant(counts)
    ok = np.isfinite(product)
    value = measures.unbiased_mcc(counts, zero_division=NAN)
    assert_allclose(value[ok], product[ok], atol=1e-9)
    phi, delta = measures.phi_delta(counts)
    well_conditioned = 1 - phi**2 > 1e-6  # the naive form cancels near the dummy corners
    with np.errstate(divide="ignore", invalid="ignore"):
        naive = delta / np.sqrt(1 - phi**2)
    assert_allclose(value[well_conditioned], naive[well_conditioned], atol=1e-9)


@given(counts=binary_counts(both_classes=True))
def test_signal_identities(counts):
    """Jiřina §4.5–4.6: E = (S₁/B₁)/(S/B) and Q = (S₁/√B₁)/(S/√B)."""
    tn, fp, fn, tp = (np.asarray(getattr(counts, f), float) for f in ("tn", "fp", "fn", "tp"))
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        enrichment = (tp * (tn + fp)) / (fp * (tp + fn))  # (S₁/B₁) / (S/B)
        quality = (tp * np.sqrt(tn + fp)) / (np.sqrt(fp) * (tp + fn))  # (S₁/√B₁) / (S/√B)
    # compare where the reference formula itself is representable (no under/overflow)
    ok = (fp * (tp + fn) > 1e-280) & (tp * (tn + fp) > 1e-280)
    ok &= np.isfinite(enrichment) & np.isfinite(quality)
    e = measures.enrichment_factor(counts, zero_division=NAN)
    q = measures.quality_factor(counts, zero_division=NAN)
    assert_allclose(e[ok], enrichment[ok], rtol=1e-9)
    assert_allclose(q[ok], quality[ok], rtol=1e-9)
    rare_before = measures.data_quality_rare(counts)
    rare_after = measures.data_quality_rare(counts, selected=True, zero_division=NAN)
    ok &= np.isfinite(rare_after) & (rare_after > 1e-280)
    assert_allclose(rare_after[ok], (q * rare_before)[ok], rtol=1e-9)
    assert np.all(np.isnan(e[fp == 0]))
    assert_allclose(measures.signal_efficiency(counts), measures.sensitivity(counts), atol=ATOL)
    assert_allclose(
        measures.background_acceptance(counts), measures.false_positive_rate(counts), atol=ATOL
    )
    assert_allclose(measures.purity(counts), 1 - measures.background_acceptance(counts), atol=ATOL)
    assert_allclose(measures.classification_error(counts), measures.error_rate(counts), atol=ATOL)
    assert_allclose(
        measures.weighted_classification_error(counts),
        measures.classification_error(counts),
        atol=ATOL,
    )
    assert_allclose(
        measures.weighted_classification_error(counts, background_weight=0),
        fn / (tn + fp + fn + tp),
        atol=ATOL,
    )


@given(counts=binary_counts(both_classes=True))
def test_information_gain_bounds(counts):
    info = measures.information_gain(counts)
    n = measures.negative_proportion(counts)
    with np.errstate(divide="ignore", invalid="ignore"):
        h = -(np.where(n > 0, n * np.log2(n), 0) + np.where(n < 1, (1 - n) * np.log2(1 - n), 0))
    assert np.all(info >= 0)
    assert np.all(info <= h + 1e-12)


@pytest.mark.parametrize("r", [0.1, 0.25, 1.0, 4.0, 10.0])
def test_information_gain_zero_on_phi_axis_and_maximal_at_oracles(r):
    spec = np.linspace(0, 1, 11)
    on_axis = BinaryCounts.from_rates(spec, 1 - spec, ratio=r)  # δ = 0
    assert np.all(measures.information_gain(on_axis) == 0.0)
    oracles = BinaryCounts.from_rates([1.0, 0.0], [1.0, 0.0], ratio=r)
    n, p = r / (1 + r), 1 / (1 + r)
    h = -(n * math.log2(n) + p * math.log2(p))
    assert_allclose(measures.information_gain(oracles), [h, h], atol=ATOL)


# --- the registry drives one parametrized check of ranges and class swaps -------------------
def _swap(counts: BinaryCounts) -> BinaryCounts:
    return BinaryCounts(counts.tp, counts.fn, counts.fp, counts.tn)


@pytest.mark.parametrize("info", MEASURES, ids=lambda m: m.name)
@settings(max_examples=40)
@given(counts=binary_counts(both_classes=True))
def test_registry_ranges_and_label_swap(info, counts):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMeasureWarning)
        values = info(counts, zero_division=NAN)
    finite = np.isfinite(values)
    assert np.all(values[finite] >= info.low), info.name  # exactly: a measure stays in its range
    assert np.all(values[finite] <= info.high), info.name
    if info.swap is None:
        return
    swapped = next(m for m in MEASURES if m.name == info.swap)(_swap(counts), zero_division=NAN)
    expected = {"same": values, "negate": -values}.get(info.swap_transform)
    if info.swap_transform == "inverse":
        with np.errstate(divide="ignore", over="ignore"):  # 1 / a subnormal is inf
            expected = 1 / values
        ok = finite & np.isfinite(swapped) & (values != 0)
        assert_allclose(swapped[ok], expected[ok], rtol=1e-9)
        return
    assert_allclose(swapped, expected, rtol=1e-9, atol=1e-9, equal_nan=True, err_msg=info.name)


# --- scikit-learn as an external check --------------------------------------------------------
sklearn_metrics = pytest.importorskip("sklearn.metrics")


@settings(max_examples=60)
@given(data=st.data())
def test_against_scikit_learn(data):
    n = data.draw(st.integers(2, 300))
    y = np.array(data.draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    y_hat = np.array(data.draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    counts = BinaryCounts.from_labels(y, y_hat)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected_mcc = sklearn_metrics.matthews_corrcoef(y, y_hat)
        expected_kappa = sklearn_metrics.cohen_kappa_score(y, y_hat)
        expected_f1 = sklearn_metrics.f1_score(y, y_hat, zero_division=0.0)
        expected_precision = sklearn_metrics.precision_score(y, y_hat, zero_division=0.0)
        expected_recall = sklearn_metrics.recall_score(y, y_hat, zero_division=0.0)
        expected_bacc = sklearn_metrics.balanced_accuracy_score(y, y_hat)
    assert_allclose(measures.mcc(counts, zero_division=0.0), expected_mcc, atol=ATOL)
    kappa = measures.cohen_kappa(counts, zero_division=NAN)
    if np.isfinite(expected_kappa) and np.isfinite(kappa[0]):
        assert_allclose(kappa, expected_kappa, atol=ATOL)
    assert_allclose(measures.f1_score(counts, zero_division=0.0), expected_f1, atol=ATOL)
    assert_allclose(measures.precision(counts, zero_division=0.0), expected_precision, atol=ATOL)
    assert_allclose(measures.recall(counts, zero_division=0.0), expected_recall, atol=ATOL)
    assert_allclose(measures.accuracy(counts), sklearn_metrics.accuracy_score(y, y_hat), atol=ATOL)
    if 0 < y.sum() < n:
        assert_allclose(measures.unbiased_accuracy(counts), expected_bacc, atol=ATOL)
    expected_matrix = sklearn_metrics.confusion_matrix(y, y_hat, labels=[0, 1])
    assert np.array_equal(counts.to_matrix()[0], expected_matrix)


def test_perfect_and_reversed_classifiers_keep_their_mcc_within_one():
    """Rounding put about a third of perfect classifiers' MCC at 1 + 2⁻⁵² or more."""
    from phidelta.counts import ConfusionMatrix
    from phidelta.measures import mcc, multiclass_mcc

    n = np.arange(1, 400)
    zero = np.zeros_like(n)
    diagonal = np.array([np.diag([a, a + 7, a + 3]) for a in range(1, 200)])
    for values, sign in [
        (mcc(BinaryCounts(tn=n, fp=zero, fn=zero, tp=n + 2)), 1.0),
        (mcc(BinaryCounts(tn=zero, fp=n, fn=n + 3, tp=zero)), -1.0),
        (multiclass_mcc(ConfusionMatrix(diagonal)), 1.0),
    ]:
        assert np.all(np.abs(values) <= 1.0)
        assert_allclose(values, sign, rtol=0, atol=1e-15)


@pytest.mark.parametrize("scale", [1.0, 0.37, 1e-5, 1e3, 1e-300, 1e300])
def test_every_registry_measure_stays_in_its_range_on_many_counts(scale):
    """The range of the registry holds exactly, without slack, over 20,000 random counts with
    many perfect and one-sided classifiers (rounding put the Fowlkes–Mallows index, the MCC
    and the information gain an ulp above 1)."""
    rng = np.random.default_rng(11)
    n = 20_000
    tn = rng.integers(0, 500, n) * scale
    fp = rng.integers(0, 500, n) * (rng.random(n) < 0.5) * scale
    fn = rng.integers(0, 500, n) * (rng.random(n) < 0.5) * scale * 1.7
    tp = rng.integers(1, 500, n) * scale * 0.3
    counts = BinaryCounts(tn=tn, fp=fp, fn=fn, tp=tp)
    for info in MEASURES:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UndefinedMeasureWarning)
            warnings.simplefilter("error", RuntimeWarning)  # no overflow on the way
            values = info(counts, zero_division=NAN)
        finite = values[np.isfinite(values)]
        assert np.all(finite >= info.low), info.name
        assert np.all(finite <= info.high), info.name


def test_lower_is_better_are_the_measures_a_perfect_classifier_takes_to_their_low_end():
    """LOWER_IS_BETTER (what a best cut minimizes) is read off the registry, not listed again:
    exactly the measures whose value at fp = fn = 0 is the low end of their range."""
    perfect = BinaryCounts(tn=[60, 3], fp=[0, 0], fn=[0, 0], tp=[40, 9])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMeasureWarning)
        at_low = {
            info.name
            for info in MEASURES
            if info.family != "counts" and np.all(info(perfect, zero_division=NAN) == info.low)
        }
    assert at_low == measures.LOWER_IS_BETTER
    assert {"classification_error", "background_acceptance", "signal_error"} <= at_low


@given(counts=binary_counts(both_classes=True))
def test_correcting_an_error_never_raises_a_lower_is_better_measure(counts):
    """One false positive and one false negative turned right (fp − 1 → tn + 1, fn − 1 →
    tp + 1, the classes unchanged): every measure of LOWER_IS_BETTER falls or stays."""
    fp, fn = np.asarray(counts.fp), np.asarray(counts.fn)
    step = np.minimum(1.0, np.minimum(fp, fn))  # soft counts may hold less than one
    better = BinaryCounts(counts.tn + step, fp - step, fn - step, counts.tp + step)
    for name in measures.LOWER_IS_BETTER:
        info = next(m for m in MEASURES if m.name == name)
        before, after = info(counts, zero_division=NAN), info(better, zero_division=NAN)
        defined = np.isfinite(before) & np.isfinite(after)
        assert np.all(after[defined] <= before[defined] * (1 + 1e-12) + 1e-300), name


def test_best_cut_is_the_first_best_defined_row():
    """measures.best_cut: the maximum, or the minimum of an error; NaN passed over; of ties
    the first row (the highest threshold of a scan); undefined everywhere refused."""
    from phidelta.measures import best_cut

    values = np.array([np.nan, 0.2, 0.7, 0.1, 0.7, np.nan])
    assert best_cut(values, "quality_factor") == 2  # maximum, the first of the tie
    assert best_cut(values, "classification_error") == 3  # an error: the minimum
    rng = np.random.default_rng(11)
    for _ in range(50):
        v = rng.integers(0, 4, 12).astype(float)
        v[rng.random(12) < 0.3] = np.nan
        if np.isnan(v).all():
            continue
        kept = np.flatnonzero(~np.isnan(v))
        assert best_cut(v, "purity") == kept[np.argmax(v[kept])]
        assert best_cut(v, "background_acceptance") == kept[np.argmin(v[kept])]
    with pytest.raises(ValueError, match="undefined at every threshold"):
        best_cut([np.nan, np.nan], "quality_factor")
