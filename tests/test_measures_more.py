"""The native measures of issue 16, part 2, against their references."""

from __future__ import annotations

import numpy as np
import pytest
from numpy.testing import assert_allclose

from phidelta import inference, measures
from phidelta.counts import BinaryCounts, ConfusionMatrix, ScoreTable
from phidelta.exceptions import UndefinedMeasureWarning

TOL = {"rtol": 1e-12, "atol": 1e-12}


def _tied_data(seed: int, n: int = 300) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.4).astype(int)
    scores = np.round(rng.normal(size=n) + y, 1)
    return y, scores, rng.random(n)


# --- precision-recall summaries ------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(5))
def test_average_precision_is_scikit_learns(seed):
    sk = pytest.importorskip("sklearn.metrics")
    y, s, w = _tied_data(seed)
    assert_allclose(
        measures.average_precision(ScoreTable.from_scores(y, s)),
        sk.average_precision_score(y, s),
        **TOL,
    )
    assert_allclose(
        measures.average_precision(ScoreTable.from_scores(y, s, sample_weight=w)),
        sk.average_precision_score(y, s, sample_weight=w),
        **TOL,
    )


# pr_auc against R's ROCR: tests/test_pr_auc.py


def test_pr_break_even_is_the_r_precision():
    y = np.array([1, 0, 1, 1, 0, 0, 1, 0])
    s = np.array([0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2])
    # P = 4: the top 4 hold 3 positives
    assert measures.pr_break_even(ScoreTable.from_scores(y, s)) == 0.75
    # ties: the 4th place is a run of two samples holding one positive: half of it counts
    tied = ScoreTable.from_scores([1, 1, 0, 1, 0, 1], [0.9, 0.8, 0.7, 0.5, 0.5, 0.1])
    assert measures.pr_break_even(tied) == pytest.approx((2 + 0.5) / 4)


def test_precision_recall_curve_starts_at_recall_zero():
    sk = pytest.importorskip("sklearn.metrics")
    y, s, _ = _tied_data(1)
    precision, recall, thresholds = measures.precision_recall_curve(ScoreTable.from_scores(y, s))
    sk_precision, sk_recall, sk_thresholds = sk.precision_recall_curve(y, s)
    assert (recall[0], precision[0], thresholds[0]) == (0, 1, np.inf)
    assert_allclose(precision, sk_precision[::-1], **TOL)
    assert_allclose(recall, sk_recall[::-1], **TOL)
    assert_allclose(thresholds[1:], sk_thresholds[::-1], **TOL)


# --- log loss ------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(4))
def test_log_loss_and_cross_entropy_against_scikit_learn(seed):
    sk = pytest.importorskip("sklearn.metrics")
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, 200)
    p = np.round(rng.random(200), 2)  # ties, and exact 0 and 1 (clipped)
    p[:3] = [0.0, 1.0, 0.5]
    w = rng.random(200)
    assert_allclose(measures.log_loss(y, p), sk.log_loss(y, p), **TOL)
    assert_allclose(
        measures.log_loss(y, p, sample_weight=w), sk.log_loss(y, p, sample_weight=w), **TOL
    )
    table = ScoreTable.from_scores(y, p)
    assert_allclose(measures.cross_entropy(table), sk.log_loss(y, p), **TOL)
    halves = ScoreTable.from_scores(y[:90], p[:90]) + ScoreTable.from_scores(y[90:], p[90:])
    assert_allclose(measures.cross_entropy(halves), sk.log_loss(y, p), **TOL)
    k = 4
    labels = np.array(["w", "x", "y", "z"])[rng.integers(0, k, 200)]
    probabilities = rng.dirichlet(np.ones(k), 200)
    assert_allclose(
        measures.log_loss(labels, probabilities), sk.log_loss(labels, probabilities), **TOL
    )
    assert_allclose(
        measures.log_loss(labels, probabilities[:, ::-1], labels=["z", "y", "x", "w"]),
        sk.log_loss(labels, probabilities),
        **TOL,
    )


def test_log_loss_errors():
    with pytest.raises(ValueError, match=r"pass `labels`"):
        measures.log_loss([0, 1, 1], [[0.5, 0.3, 0.2]] * 3)
    with pytest.raises(ValueError, match=r"must be probabilities in \[0, 1\]"):
        measures.cross_entropy(ScoreTable.from_scores([0, 1], [-1.0, 2.0]))


# --- multi-class AUC -----------------------------------------------------------------------------
HAND_TILL = (
    [0, 0, 1, 1, 2, 2],
    [
        [0.6, 0.3, 0.1],
        [0.4, 0.4, 0.2],
        [0.5, 0.3, 0.2],
        [0.2, 0.7, 0.1],
        [0.3, 0.3, 0.4],
        [0.1, 0.2, 0.7],
    ],
)


def test_hand_and_till_worked_example():
    # Hand & Till (2001), eq. 3: Â(i|j) = (S_i − n_i(n_i + 1)/2) / (n_i·n_j), S_i the rank sum of
    # class i among classes i and j ranked by p̂(i|x), ties sharing their mean rank.
    # Â(0|1): ranks by p0 of x4, x2, x3, x1 = 1..4, S_0 = 4 + 2 → (6 − 3)/4 = 3/4;
    # Â(1|0): by p1, x1 and x3 tie at 1.5, S_1 = 1.5 + 4 → 2.5/4; Â(0, 1) = 11/16.
    # Â(0|2) = Â(2|0) = 1; Â(1|2) = (2.5 + 4 − 3)/4 = 7/8, Â(2|1) = 1: Â(1, 2) = 15/16.
    # M = (11/16 + 1 + 15/16) / 3 = 7/8.
    y, p = HAND_TILL
    assert measures.multiclass_auc(y, p, multi_class="ovo") == 0.875
    sk = pytest.importorskip("sklearn.metrics")
    assert sk.roc_auc_score(y, p, multi_class="ovo") == 0.875


def _rank_sum_auc(scores, positive):
    from scipy.stats import rankdata

    ranks = rankdata(scores)
    n1, n0 = positive.sum(), (~positive).sum()
    return (ranks[positive].sum() - n1 * (n1 + 1) / 2) / (n1 * n0)


@pytest.mark.parametrize("seed", range(4))
def test_multiclass_auc_against_definitions_and_scikit_learn(seed):
    rng = np.random.default_rng(seed)
    k, n = 4, 240
    y = rng.integers(0, k, n)
    logits = np.round(rng.normal(size=(n, k)) + np.eye(k)[y], 1)
    p = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    pairs = []
    for a in range(k):
        for b in range(a + 1, k):
            both = (y == a) | (y == b)
            a_b = _rank_sum_auc(p[both, a], y[both] == a)
            b_a = _rank_sum_auc(p[both, b], y[both] == b)
            pairs.append(((a_b + b_a) / 2, both.mean()))
    values, shares = np.array(pairs).T
    assert_allclose(measures.multiclass_auc(y, p, multi_class="ovo"), values.mean(), **TOL)
    assert_allclose(
        measures.multiclass_auc(y, p, multi_class="ovo", average="weighted"),
        np.average(values, weights=shares),
        **TOL,
    )
    ovr = [_rank_sum_auc(p[:, c], y == c) for c in range(k)]
    assert_allclose(measures.multiclass_auc(y, p), np.mean(ovr), **TOL)
    sk = pytest.importorskip("sklearn.metrics")
    names = np.array(["d", "c", "b", "a"])[y]  # labels name the columns
    assert_allclose(
        measures.multiclass_auc(names, p, labels=["d", "c", "b", "a"], average="weighted"),
        sk.roc_auc_score(y, p, multi_class="ovr", average="weighted"),
        **TOL,
    )
    w = rng.random(n)
    assert_allclose(
        measures.multiclass_auc(y, p, sample_weight=w),
        sk.roc_auc_score(y, p, multi_class="ovr", sample_weight=w),
        **TOL,
    )


def test_multiclass_auc_errors():
    y, p = HAND_TILL
    with pytest.raises(ValueError, match=r"`multi_class` must be"):
        measures.multiclass_auc(y, p, multi_class="ovx")
    with pytest.raises(ValueError, match=r"3 classes for 2 probability columns"):
        measures.multiclass_auc(y, np.array(p)[:, :2])
    with pytest.raises(ValueError, match=r"without examples: \[3\]"):
        measures.multiclass_auc(y, np.c_[np.array(p) * 0.5, [0.5] * 6], labels=[0, 1, 2, 3])


# --- multi-class counts --------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(4))
def test_multiclass_mcc_kappa_and_balanced_accuracy_against_scikit_learn(seed):
    sk = pytest.importorskip("sklearn.metrics")
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 4, 300)
    p = np.where(rng.random(300) < 0.5, y, rng.integers(0, 4, 300))
    cm = ConfusionMatrix.from_labels(y, p, classes=[0, 1, 2, 3])
    assert_allclose(measures.multiclass_mcc(cm), sk.matthews_corrcoef(y, p), **TOL)
    for weights in (None, "linear", "quadratic"):
        assert_allclose(
            measures.multiclass_cohen_kappa(cm, weights=weights),
            sk.cohen_kappa_score(y, p, weights=weights),
            **TOL,
        )
    assert_allclose(
        measures.balanced_accuracy(cm, adjusted=True),
        sk.balanced_accuracy_score(y, p, adjusted=True),
        **TOL,
    )
    two = ConfusionMatrix([[15, 10], [15, 60]])
    assert_allclose(measures.multiclass_mcc(two), measures.mcc(two.one_vs_rest()[1]), **TOL)


# --- more binary measures ------------------------------------------------------------------------
FLACH = BinaryCounts(tn=[15, 3, 40], fp=[10, 2, 0], fn=[15, 0, 7], tp=[60, 5, 13])


def test_chi_square_odds_ratio_and_cramers_v_against_scipy():
    from scipy.stats import chi2_contingency
    from scipy.stats.contingency import association, odds_ratio

    for i in range(len(FLACH)):
        entry = FLACH[i]
        table = np.array([[entry.tp[0], entry.fn[0]], [entry.fp[0], entry.tn[0]]])
        chi2 = chi2_contingency(table, correction=False).statistic
        assert_allclose(measures.chi_square(entry), chi2, **TOL)
        assert_allclose(measures.mcc(entry) ** 2, association(table, method="cramer") ** 2, **TOL)
        if entry.fp[0] * entry.fn[0] > 0:
            assert_allclose(
                measures.odds_ratio(entry), odds_ratio(table, kind="sample").statistic, **TOL
            )


def test_binary_measures_by_their_definitions():
    tn, fp, fn, tp = (np.asarray(getattr(FLACH, f), float) for f in ("tn", "fp", "fn", "tp"))
    tpr, fpr = tp / (tp + fn), fp / (fp + tn)
    ppv, npv = tp / (tp + fp), tn / (tn + fn)
    with np.errstate(divide="ignore", invalid="ignore"):
        assert_allclose(
            measures.positive_likelihood_ratio(FLACH, zero_division=np.nan),
            np.where(fpr > 0, tpr / fpr, np.nan),
            **TOL,
        )
    assert_allclose(measures.negative_likelihood_ratio(FLACH), (1 - tpr) / (1 - fpr), **TOL)
    assert_allclose(measures.markedness(FLACH), ppv + npv - 1, **TOL)
    assert_allclose(measures.jaccard_index(FLACH), tp / (tp + fp + fn), **TOL)
    assert_allclose(measures.fowlkes_mallows_index(FLACH), np.sqrt(ppv * tpr), **TOL)
    assert_allclose(measures.g_mean(FLACH), np.sqrt(tpr * (1 - fpr)), **TOL)
    assert_allclose(measures.lift(FLACH), ppv / ((tp + fn) / (tn + fp + fn + tp)), **TOL)
    # Yule's Q = (OR − 1)/(OR + 1); MCC² = J·MK (Powers 2011)
    odds = measures.odds_ratio(FLACH[:1])
    assert_allclose(measures.yules_q(FLACH[:1]), (odds - 1) / (odds + 1), **TOL)
    informedness = tpr - fpr
    assert_allclose(measures.mcc(FLACH) ** 2, informedness * (ppv + npv - 1), **TOL)
    # d′ by scipy's normal quantiles
    from scipy.stats import norm

    expected = norm.ppf(tpr[:1]) - norm.ppf(fpr[:1])
    assert_allclose(measures.sensitivity_index(FLACH[:1]), expected, **TOL)
    with pytest.warns(UndefinedMeasureWarning, match=r"d' is undefined for 2 of 3"):
        measures.sensitivity_index(FLACH)  # rates of 0 or 1: infinite d′


def test_jaccard_against_scikit_learn_and_net_benefit_by_hand():
    sk = pytest.importorskip("sklearn.metrics")
    rng = np.random.default_rng(0)
    y, p = rng.integers(0, 2, 200), rng.integers(0, 2, 200)
    counts = BinaryCounts.from_labels(y, p)
    assert_allclose(measures.jaccard_index(counts), sk.jaccard_score(y, p), **TOL)
    # Vickers & Elkin 2006: treat all at p_t = 0.1 with prevalence 0.3 → 0.3 − 0.7/9
    treat_all = BinaryCounts(tn=0, fp=70, fn=0, tp=30)
    assert_allclose(
        measures.net_benefit(treat_all, threshold_probability=0.1), 0.3 - 0.7 / 9, **TOL
    )
    with pytest.raises(ValueError, match=r"`threshold_probability` must be in \(0, 1\)"):
        measures.net_benefit(treat_all, threshold_probability=1.0)


# --- agreement of two raters ---------------------------------------------------------------------
AGREEMENT = ConfusionMatrix(
    [[[20, 3, 1], [4, 15, 2], [1, 2, 30]], [[5, 1, 0], [2, 4, 0], [0, 0, 0]]]
)


def test_scott_gwet_and_krippendorff_by_hand():
    # [[5, 1], [2, 4]]: p_o = 3/4, pooled proportions π = (13/24, 11/24)
    cm = ConfusionMatrix([[5, 1], [2, 4]])
    pooled = np.array([13, 11]) / 24
    p_e = np.sum(pooled**2)
    assert_allclose(measures.scotts_pi(cm), (0.75 - p_e) / (1 - p_e), **TOL)
    p_e = np.sum(pooled * (1 - pooled))  # K − 1 = 1
    assert_allclose(measures.gwets_ac1(cm), (0.75 - p_e) / (1 - p_e), **TOL)
    # Krippendorff 2011, nominal:
    # α = ((n − 1)·Σ o_cc − Σ n_c(n_c − 1)) / (n(n − 1) − Σ n_c(n_c − 1))
    counts = np.array([[5, 1], [2, 4]])
    coincidences = counts + counts.T
    n_c, n = coincidences.sum(axis=1), coincidences.sum()
    same = np.sum(n_c * (n_c - 1))
    expected = ((n - 1) * np.trace(coincidences) - same) / (n * (n - 1) - same)
    assert_allclose(measures.krippendorff_alpha(cm), expected, **TOL)


def test_krippendorff_alpha_is_scotts_pi_corrected_for_the_sample_size():
    pi = measures.scotts_pi(AGREEMENT[:1])
    total = AGREEMENT.counts[0].sum()
    assert_allclose(
        measures.krippendorff_alpha(AGREEMENT[:1]),
        1 - (2 * total - 1) / (2 * total) * (1 - pi),
        **TOL,
    )


def test_cramers_v_against_scipy():
    from scipy.stats.contingency import association

    for matrix in AGREEMENT.counts:
        kept = matrix[matrix.sum(axis=1) > 0][:, matrix.sum(axis=0) > 0]
        assert_allclose(
            measures.cramers_v(ConfusionMatrix(matrix)),
            association(kept.astype(int), method="cramer"),
            **TOL,
        )


def _kappa(p):
    p = p / p.sum()
    p_e = p.sum(axis=1) @ p.sum(axis=0)
    return (np.trace(p) - p_e) / (1 - p_e)


@pytest.mark.parametrize("counts", [[[5, 1], [2, 4]], [[50, 10], [5, 35]], AGREEMENT.counts[0]])
def test_kappa_standard_error_is_the_delta_method(counts):
    # var(κ̂) = (Σ p g² − (Σ p g)²) / N with g = ∂κ/∂p (multinomial delta method), by differences
    p = np.asarray(counts, float) / np.sum(counts)
    gradient = np.zeros_like(p)
    for index in np.ndindex(p.shape):
        step = np.zeros_like(p)
        step[index] = 1e-6
        gradient[index] = (_kappa(p + step) - _kappa(p - step)) / 2e-6
    variance = (np.sum(p * gradient**2) - np.sum(p * gradient) ** 2) / np.sum(counts)
    cm = ConfusionMatrix(counts)
    assert_allclose(inference.cohen_kappa_standard_error(cm), np.sqrt(variance), rtol=1e-7)
    interval = inference.cohen_kappa_interval(cm, confidence_level=0.9)
    assert_allclose(interval.statistic, measures.multiclass_cohen_kappa(cm), **TOL)
    assert_allclose(
        interval.high - interval.statistic, 1.6448536269514722 * np.sqrt(variance), rtol=1e-7
    )


# --- one policy for undefined classes in averages ------------------------------------------------
def test_an_absent_class_makes_averages_undefined_not_smaller():
    absent = ConfusionMatrix([[3, 2], [0, 0]])  # tn=3, fp=2, fn=0, tp=0
    with pytest.warns(UndefinedMeasureWarning, match=r"per-class recall is undefined"):
        assert np.isnan(measures.balanced_accuracy(absent)[0])
    with pytest.warns(UndefinedMeasureWarning):
        assert np.isnan(measures.macro_average(measures.sensitivity, absent)[0])
    assert measures.balanced_accuracy(absent, zero_division=1.0)[0] == pytest.approx(0.8)
    assert measures.macro_average(measures.sensitivity, absent, zero_division=0.0)[0] == 0.3
    # weighting by support: the class without examples has no weight
    assert measures.weighted_average(measures.sensitivity, absent, zero_division=0.0)[0] == 0.6
    sk = pytest.importorskip("sklearn.metrics")
    rng = np.random.default_rng(3)
    y, p = rng.integers(0, 3, 100), rng.integers(0, 3, 100)
    cm = ConfusionMatrix.from_labels(y, p)
    assert_allclose(
        measures.weighted_average(measures.f1_score, cm),
        sk.f1_score(y, p, average="weighted"),
        **TOL,
    )


# --- optimal points and their thresholds ---------------------------------------------------------
EXTREMES = [
    (1.0, 0.9999999999999999),  # adjacent doubles: the midpoint rounds onto one of them
    (1e-17, 0.0),
    (5e-324, 0.0),  # the smallest subnormal
    (0.0, -5e-324),
    (1.7976931348623157e308, -1.7976931348623157e308),  # the difference overflows
    (-1e300, -1.7976931348623157e308),
    (2.0**53 + 2, 2.0**53),
]


@pytest.mark.parametrize(("high", "low"), EXTREMES)
def test_thresholds_reproduce_the_counts_at_the_extremes_of_the_doubles(high, low):
    table = ScoreTable.from_scores([1, 1, 0, 0], [high, high, low, low])
    best = measures.optimal_points(table)
    assert list(best.indices) == [1]
    counts = table.counts_at(best.thresholds[0])
    assert (counts.tp[0], counts.fp[0]) == (2, 0)
    assert low < best.thresholds[0] <= high
    assert measures.optimal_points(table, criterion="youden").thresholds[0] == best.thresholds[0]


def test_every_threshold_separates_its_point():
    rng = np.random.default_rng(7)
    scores = np.concatenate([np.nextafter(1.0, 0) ** np.arange(5), rng.normal(size=20) * 1e-300])
    y = rng.integers(0, 2, len(scores))
    y[:2] = [0, 1]
    table = ScoreTable.from_scores(y, scores)
    tp, fp = table.cumulative()
    from phidelta.measures._operating import _separating_thresholds  # every point, not only optima

    for index, threshold in enumerate(_separating_thresholds(table.scores)):
        counts = table.counts_at(threshold)
        assert (counts.tp[0], counts.fp[0]) == (tp[index], fp[index])


def test_optimal_point_criteria_return_every_tie():
    # a square ROC: points (0, 0.5) and (0.5, 1) tie for Youden's J = 0.5 and for the distance
    table = ScoreTable.from_scores([1, 0, 1, 0], [0.9, 0.8, 0.7, 0.1])
    youden = measures.optimal_points(table, criterion="youden")
    assert_allclose(youden.tpr - youden.fpr, [0.5, 0.5])
    assert list(youden.indices) == [1, 3]
    closest = measures.optimal_points(table, criterion="closest_topleft")
    assert list(closest.indices) == [1, 3]
    with pytest.raises(ValueError, match=r"`criterion` must be"):
        measures.optimal_points(table, criterion="f1")


# --- the Laplace-corrected calibration map -------------------------------------------------------
@pytest.mark.parametrize("seed", range(30))
def test_laplace_map_is_monotone_and_inside_the_unit_interval(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 400))
    y = rng.random(n) < rng.uniform(0.05, 0.95)
    y[:2] = [True, False]
    s = np.round(rng.normal(size=n) + y, int(rng.integers(0, 3)))  # ties
    calibrator = measures.IsotonicCalibrator(laplace=True).fit(y, s)
    values = calibrator.transform(np.linspace(s.min() - 1, s.max() + 1, 1000))
    assert np.all(np.diff(values) >= 0)
    assert values.min() > 0
    assert values.max() < 1


@pytest.mark.parametrize("seed", range(20))
@pytest.mark.parametrize("laplace", [False, True])
def test_calibration_breakpoints_are_the_map(seed, laplace):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 300))
    y = rng.random(n) < 0.5
    y[:2] = [True, False]
    s = np.round(rng.normal(size=n) + y, int(rng.integers(0, 3)))
    calibrator = measures.IsotonicCalibrator(laplace=laplace).fit(y, s)
    x, p = calibrator.breakpoints()
    assert (x[0], x[-1]) == (s.min(), s.max())
    assert np.all(np.diff(x) > 0)
    grid = np.linspace(s.min() - 1, s.max() + 1, 2000)
    assert_allclose(np.interp(grid, x, p), calibrator.transform(grid), atol=1e-12)
    inner = p[1:-1]  # no knot left inside a plateau
    assert not np.any((inner == p[:-2]) & (inner == p[2:]))
    with pytest.raises(ValueError, match="not fitted"):
        measures.IsotonicCalibrator().breakpoints()


def test_laplace_map_of_a_pure_block():
    # 196 positives at one score and 4 negatives at another: 197/198 and 1/6, not 2/3 and 1/3
    y = np.r_[np.ones(196, int), np.zeros(4, int)]
    s = np.r_[np.ones(196), np.zeros(4)]
    calibrator = measures.IsotonicCalibrator(laplace=True).fit(y, s)
    assert_allclose(calibrator.transform([1.0, 0.0]), [197 / 198, 1 / 6], **TOL)


# --- uncertainty: SciPy's random_state, vectorized AUC bootstrap, the AUC's variance -------------
def test_bootstrap_random_state_like_scipy():
    from phidelta.inference import auc_confidence_interval, bootstrap_interval
    from phidelta.inference import table_bootstrap_interval as table_interval

    counts = BinaryCounts(tn=[60], fp=[40], fn=[20], tp=[80])
    a = bootstrap_interval(counts, measures.unbiased_mcc, random_state=5)
    b = bootstrap_interval(counts, measures.unbiased_mcc, random_state=np.random.default_rng(5))
    assert np.array_equal(a.low, b.low)
    with pytest.warns(DeprecationWarning, match="former name of `random_state`"):
        former = bootstrap_interval(counts, measures.unbiased_mcc, seed=5)
    assert np.array_equal(a.low, former.low)
    fresh = [
        bootstrap_interval(counts, measures.unbiased_mcc, n_resamples=50).low[0] for _ in range(3)
    ]
    assert len(set(fresh)) > 1  # None: fresh entropy
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 2000)
    table = ScoreTable.from_scores(y, np.round(rng.normal(size=2000) + y, 2))
    vectorized = table_interval(table, measures.auc, n_resamples=4000, random_state=1)
    delong = auc_confidence_interval(table)
    assert vectorized.low[0] == pytest.approx(delong.low, abs=0.006)
    assert vectorized.high[0] == pytest.approx(delong.high, abs=0.006)
    # the vectorized areas are the areas of the resampled tables: tests/test_uncertainty.py
    # (test_resampled_auc_is_the_auc_of_the_resampled_table); a statistic that is not `auc`
    # itself takes the per-table path, whose interval agrees within Monte Carlo error
    looped = table_interval(table, lambda t: measures.auc(t), n_resamples=1000, random_state=2)
    assert looped.low[0] == pytest.approx(vectorized.low[0], abs=0.006)
    assert looped.high[0] == pytest.approx(vectorized.high[0], abs=0.006)
    assert delong.variance == pytest.approx(delong.standard_error**2)


# --- the binormal model and the direction --------------------------------------------------------
def _binormal_table(mu: float, sigma: float) -> ScoreTable:
    """Soft counts whose empirical ROC lies on the binormal curve: negatives N(0, 1) and
    positives N(mu, sigma²), the mass of each cell between grid points (the upper tail in
    the first and the lower tail in the last), so that the counts above each threshold are
    the exact normal tails."""
    from scipy.stats import norm

    grid = np.linspace(8 + mu, -8, 4001)

    def cells(upper):  # the upper tail in the first cell, the lower tail in the last
        return np.diff(np.concatenate([[0.0], upper[:-1], [1.0]]))

    return ScoreTable(
        scores=grid, positives=cells(norm.sf(grid, mu, sigma)), negatives=cells(norm.sf(grid))
    )


@pytest.mark.parametrize(("mu", "sigma"), [(1.0, 1.0), (1.5, 2.0), (0.5, 0.7)])
def test_binormal_auc_recovers_the_model(mu, sigma):
    from scipy.stats import norm

    # tpr = Φ(a + b·Φ⁻¹(fpr)) with a = mu/sigma, b = 1/sigma: AUC = Φ(a/√(1 + b²)) (Metz 1978)
    expected = norm.cdf(mu / np.sqrt(1 + sigma**2))
    table = _binormal_table(mu, sigma)
    assert measures.binormal_auc(table) == pytest.approx(expected, abs=2e-4)
    assert measures.binormal_auc(table, points=200_000) == pytest.approx(
        measures.binormal_auc(table), abs=1e-6
    )
    assert measures.auc(table) == pytest.approx(expected, abs=2e-4)  # the empirical area too


def test_binormal_auc_needs_two_inner_points():
    with pytest.raises(ValueError, match=r"not smoothable"):
        measures.binormal_auc(ScoreTable.from_scores([1, 0], [0.9, 0.1]))


def test_direction_is_an_explicit_choice():
    table = ScoreTable.from_scores([1, 1, 0, 0, 1], [0.1, 0.2, 0.8, 0.9, 0.85])
    higher = measures.auc(table)
    assert measures.auc(table, direction="lower") == pytest.approx(1 - higher)
    assert measures.roc_direction(table) == "lower"  # medians 0.2 < 0.85
    assert measures.auc(table, direction="auto") == pytest.approx(1 - higher)
    assert measures.auc(table) == higher  # nothing flips unless asked
    with pytest.raises(ValueError, match=r"`direction` must be"):
        measures.auc(table, direction="<")
    # R's median of an even count: the mean of the two middle values (pROC's rule)
    even = ScoreTable.from_scores([1, 1, 0, 0], [0.4, 0.6, 0.5, 0.5])
    assert measures.roc_direction(even) == "higher"  # 0.5 <= 0.5
