"""Intervals of every measure (issue 29, item 1): the closed forms against statsmodels and first
principles, the bootstrap on counts against its definitions, and the one switch's promises."""

from __future__ import annotations

import math
from functools import partial

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from numpy.testing import assert_allclose, assert_array_equal
from scipy import stats

from phidelta.counts import BinaryCounts
from phidelta.inference import (
    AUTO_METHODS,
    MeasureIntervals,
    count_bootstrap_interval,
    katz_ratio_interval,
    measure_intervals,
    newcombe_interval,
    proportion_interval,
    woolf_odds_ratio_interval,
)
from phidelta.inference._count_bootstrap import _jackknife_acceleration, _quantiles
from phidelta.inference._measure_intervals import allowed_methods
from phidelta.measures import MEASURES, mcc

confint = pytest.importorskip("statsmodels.stats.proportion").proportion_confint

Z95 = stats.norm.ppf(0.975)

# k/n pairs from the boundary to the middle, small and large n
K = np.array([0, 1, 2, 5, 13, 50, 99, 100, 3, 997, 0, 7])
N = np.array([10, 10, 40, 17, 31, 100, 100, 100, 1000, 1000, 1, 7])


@pytest.mark.parametrize(
    ("method", "theirs"),
    [
        ("wilson", "wilson"),
        ("clopper_pearson", "beta"),
        ("jeffreys", "jeffreys"),
        ("agresti_coull", "agresti_coull"),
    ],
)
@pytest.mark.parametrize("level", [0.95, 0.8, 0.99])
def test_proportion_methods_match_statsmodels(method, theirs, level):
    ours = proportion_interval(K, N, method=method, confidence_level=level)
    low, high = confint(K, N, alpha=1 - level, method=theirs)
    low, high = np.asarray(low, dtype=float), np.asarray(high, dtype=float)
    if method == "jeffreys":  # Brown, Cai & DasGupta's ends, which statsmodels leaves out
        low, high = np.where(K == 0, 0.0, low), np.where(K == N, 1.0, high)
    if method == "agresti_coull":  # ours is clipped to [0, 1]
        low, high = np.clip(low, 0, 1), np.clip(high, 0, 1)
    assert_allclose(ours.low, low, rtol=0, atol=1e-10)
    assert_allclose(ours.high, high, rtol=0, atol=1e-10)
    assert_allclose(ours.estimate, K / N, rtol=1e-15)


def test_proportion_interval_is_nan_without_trials_and_refuses_bad_input():
    iv = proportion_interval([0, 3], [0, 4], method="clopper_pearson")
    assert np.isnan(iv.low[0])
    assert np.isnan(iv.high[0])
    assert iv.high[1] < 1
    with pytest.raises(ValueError, match="`successes` must lie between 0 and `trials`"):
        proportion_interval([5], [4])
    with pytest.raises(ValueError, match="`method` must be one of"):
        proportion_interval([1], [4], method="wald")
    with pytest.raises(ValueError, match="`confidence_level` must be in"):
        proportion_interval([1], [4], confidence_level=1.5)


def _wilson_sm(k: int, n: int, level: float = 0.95) -> tuple[float, float]:
    low, high = confint(k, n, alpha=1 - level, method="wilson")
    return float(low), float(high)


@pytest.mark.parametrize(
    ("k1", "n1", "k2", "n2"),
    [
        (56, 70, 48, 80),
        (9, 10, 3, 10),
        (6, 7, 2, 7),
        (5, 56, 0, 29),
        (0, 10, 0, 20),
        (10, 10, 0, 20),
    ],
)
def test_newcombe_is_its_two_wilson_intervals_combined(k1, n1, k2, n2):
    # Newcombe 1998, method 10, from statsmodels' Wilson limits
    l1, u1 = _wilson_sm(k1, n1)
    l2, u2 = _wilson_sm(k2, n2)
    p1, p2 = k1 / n1, k2 / n2
    low = p1 - p2 - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = p1 - p2 + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    iv = newcombe_interval([k1], [n1], [k2], [n2])
    assert_allclose([iv.low[0], iv.high[0]], [low, high], rtol=0, atol=1e-10)


@pytest.mark.parametrize("weights", [(0.4, 1.6), (1.5, 0.5), (0.8, -1.2)])
@pytest.mark.parametrize(
    ("k1", "n1", "k2", "n2"), [(56, 70, 48, 80), (5, 56, 0, 29), (9, 10, 10, 10)]
)
def test_weighted_newcombe_is_the_mover_of_the_two_wilson_intervals(k1, n1, k2, n2, weights):
    # Zou & Donner 2008: θ = c₁p₁ + c₂p₂ with the limits of each c_i·p_i (c₂ = −w₂), from
    # statsmodels' Wilson limits
    c = (weights[0], -weights[1])
    terms = []
    for ci, k, n in zip(c, (k1, k2), (n1, n2), strict=True):
        lo, hi = sorted(ci * v for v in _wilson_sm(k, n))
        terms.append((ci * k / n, lo, hi))
    theta = sum(t for t, _, _ in terms)
    low = theta - math.sqrt(sum((t - lo) ** 2 for t, lo, _ in terms))
    high = theta + math.sqrt(sum((hi - t) ** 2 for t, _, hi in terms))
    iv = newcombe_interval([k1], [n1], [k2], [n2], weights=weights)
    bottom, top = min(c[0], 0) + min(c[1], 0), max(c[0], 0) + max(c[1], 0)
    assert_allclose(iv.estimate, [theta], rtol=0, atol=1e-15)
    assert_allclose([iv.low[0], iv.high[0]], np.clip([low, high], bottom, top), atol=1e-10)


@given(
    k1=st.integers(0, 60),
    extra1=st.integers(0, 60),
    k2=st.integers(0, 60),
    extra2=st.integers(0, 60),
    scale=st.floats(0.05, 4),
)
def test_newcombe_weights_one_are_the_difference_and_scale_linearly(k1, extra1, k2, extra2, scale):
    n1, n2 = k1 + extra1, k2 + extra2
    plain = newcombe_interval([k1], [n1], [k2], [n2])
    same = newcombe_interval([k1], [n1], [k2], [n2], weights=(1, 1))
    for a, b in zip(plain, same, strict=False):  # bit for bit, NaN where a rate is undefined
        assert_array_equal(a, b)
    scaled = newcombe_interval([k1], [n1], [k2], [n2], weights=(scale, scale))
    assert_allclose(scaled.low, scale * plain.low, rtol=1e-12, atol=1e-15)
    assert_allclose(scaled.high, scale * plain.high, rtol=1e-12, atol=1e-15)


def test_newcombe_refuses_bad_weights():
    with pytest.raises(ValueError, match=r"`weights` must be two finite numbers"):
        newcombe_interval([1], [2], [1], [2], weights=(1, np.inf))
    with pytest.raises(ValueError, match=r"`weights` must be two finite numbers"):
        newcombe_interval([1], [2], [1], [2], weights=(1,))


def test_newcombe_reproduces_the_published_examples():
    # Newcombe 1998, Table II, method 10: (a) 56/70 − 48/80, (b) 9/10 − 3/10, (e) 5/56 − 0/29
    iv = newcombe_interval([56, 9, 5], [70, 10, 56], [48, 3, 0], [80, 10, 29])
    assert_allclose(iv.low, [0.0524, 0.1705, -0.0381], atol=5e-5)
    assert_allclose(iv.high, [0.3339, 0.8090, 0.1926], atol=5e-5)


@pytest.mark.parametrize(
    ("k1", "n1", "k2", "n2"),
    [(60, 75, 10, 25), (45, 50, 7, 100), (3, 30, 40, 80), (90, 91, 2, 300)],
)
def test_katz_log_interval_by_hand(k1, n1, k2, n2):
    ratio = (k1 / n1) / (k2 / n2)
    se = math.sqrt(1 / k1 - 1 / n1 + 1 / k2 - 1 / n2)  # Simel et al. 1991
    iv = katz_ratio_interval([k1], [n1], [k2], [n2])
    assert_allclose(iv.estimate, [ratio], rtol=1e-14)
    assert_allclose(iv.low, [ratio * math.exp(-Z95 * se)], rtol=1e-10)
    assert_allclose(iv.high, [ratio * math.exp(Z95 * se)], rtol=1e-10)


def test_katz_zero_cell_rule_adds_a_half_to_every_cell_and_keeps_the_estimate():
    iv = katz_ratio_interval([0, 30], [20, 30], [5, 4], [25, 25])
    # first: 0.5/21 over 5.5/26; second: 30.5/31 over 4.5/26
    for i, (a, b, c, d) in enumerate([(0.5, 21, 5.5, 26), (30.5, 31, 4.5, 26)]):
        centre = math.log(a / b) - math.log(c / d)
        se = math.sqrt(1 / a - 1 / b + 1 / c - 1 / d)
        assert_allclose(iv.high[i], math.exp(centre + Z95 * se), rtol=1e-10)
    assert iv.low[0] == 0.0
    assert iv.estimate[0] == 0.0


@pytest.mark.parametrize("cells", [(15, 10, 15, 60), (200, 3, 17, 44), (7, 9, 11, 13)])
def test_woolf_interval_by_hand(cells):
    tn, fp, fn, tp = cells
    odds = tp * tn / (fp * fn)
    se = math.sqrt(1 / tn + 1 / fp + 1 / fn + 1 / tp)  # Woolf 1955
    iv = woolf_odds_ratio_interval(tn, fp, fn, tp)
    assert_allclose(
        [iv.low[0], iv.high[0]], [odds * math.exp(-Z95 * se), odds * math.exp(Z95 * se)]
    )


def test_woolf_zero_cell_rule():
    iv = woolf_odds_ratio_interval([10, 0], [0, 0], [5, 0], [20, 0])
    se = math.sqrt(1 / 10.5 + 1 / 0.5 + 1 / 5.5 + 1 / 20.5)
    odds = 20.5 * 10.5 / (0.5 * 5.5)
    assert_allclose(iv.low[0], odds * math.exp(-Z95 * se), rtol=1e-10)
    assert iv.high[0] == np.inf  # the estimate itself is infinite
    assert np.isnan(iv.low[1])
    assert np.isnan(iv.high[1])


def _fleiss_cohen_everitt(tn: float, fp: float, fn: float, tp: float) -> float:
    # Fleiss, Cohen & Everitt 1969, eq. 13, written out for a 2×2 table (rows: true class)
    n = tn + fp + fn + tp
    p = [[tn / n, fp / n], [fn / n, tp / n]]
    row = [p[0][0] + p[0][1], p[1][0] + p[1][1]]
    col = [p[0][0] + p[1][0], p[0][1] + p[1][1]]
    po = p[0][0] + p[1][1]
    pe = row[0] * col[0] + row[1] * col[1]
    kappa = (po - pe) / (1 - pe)
    first = sum(p[i][i] * (1 - (row[i] + col[i]) * (1 - kappa)) ** 2 for i in range(2))
    second = (1 - kappa) ** 2 * sum(
        p[i][j] * (col[i] + row[j]) ** 2 for i in range(2) for j in range(2) if i != j
    )
    third = (kappa - pe * (1 - kappa)) ** 2
    return math.sqrt((first + second - third) / (n * (1 - pe) ** 2))


@pytest.mark.parametrize("cells", [(15, 10, 15, 60), (50, 5, 10, 35), (300, 20, 40, 7)])
def test_kappa_intervals_by_hand(cells):
    tn, fp, fn, tp = cells
    n = sum(cells)
    po = (tn + tp) / n
    pe = ((tn + fp) * (tn + fn) + (fn + tp) * (fp + tp)) / n**2
    kappa = (po - pe) / (1 - pe)
    counts = BinaryCounts(tn=[tn], fp=[fp], fn=[fn], tp=[tp])
    for method, se in (
        ("fleiss_cohen_everitt", _fleiss_cohen_everitt(*cells)),
        ("cohen_1960", math.sqrt(po * (1 - po) / (n * (1 - pe) ** 2))),  # PyCM's kappa SE
    ):
        res = measure_intervals(counts, measures=["cohen_kappa"], method={"cohen_kappa": method})
        assert res.methods["cohen_kappa"] == method
        assert_allclose(res.low["cohen_kappa"], [kappa - Z95 * se], rtol=1e-10)
        assert_allclose(res.high["cohen_kappa"], [kappa + Z95 * se], rtol=1e-10)


# --- the one switch ---------------------------------------------------------------------------


def test_auto_methods_cover_the_registry_exactly():
    assert set(AUTO_METHODS) == {m.name for m in MEASURES}
    for name, method in AUTO_METHODS.items():
        assert method in allowed_methods(name), name
    counts = {m.name for m in MEASURES if m.defined_everywhere}  # N, P, N̂, P̂, M
    assert {n for n, m in AUTO_METHODS.items() if m == "none"} == counts


cells_strategy = st.lists(st.tuples(*[st.integers(0, 60)] * 4), min_size=1, max_size=6).map(
    lambda rows: BinaryCounts(*(np.array(col) for col in zip(*rows, strict=True)))
)


@given(counts=cells_strategy, level=st.sampled_from([0.5, 0.9, 0.95, 0.999]))
def test_bounds_stay_in_range_nan_where_undefined_and_contain_the_closed_form_estimates(
    counts, level
):
    res = measure_intervals(counts, confidence_level=level, random_state=1, n_resamples=50)
    for info in MEASURES:
        value, low, high = res.estimate[info.name], res.low[info.name], res.high[info.name]
        undefined = np.isnan(value)
        assert np.all(np.isnan(low[undefined]))
        assert np.all(np.isnan(high[undefined]))
        defined = ~np.isnan(low)
        assert np.all(low[defined] >= info.low), info.name
        assert np.all(high[defined] <= info.high), info.name
        assert np.all(low[defined] <= high[defined]), info.name
        if res.methods[info.name] not in ("bca", "percentile", "none"):
            assert np.all(low[~undefined] <= value[~undefined] + 1e-12), info.name
            assert np.all(value[~undefined] <= high[~undefined] + 1e-12), info.name


def test_plain_counts_have_no_interval():
    res = measure_intervals(BinaryCounts(tn=5, fp=2, fn=1, tp=9), measures=["total", "positives"])
    assert res.methods == {"total": "none", "positives": "none"}
    assert np.isnan(res.low["total"]).all()
    assert res.estimate["total"][0] == 17


@given(counts=cells_strategy)
def test_mapped_intervals_are_the_maps_of_their_basis(counts):
    res = measure_intervals(
        counts,
        measures=[
            "jaccard_index",
            "f1_score",
            "delta",
            "unbiased_accuracy",
            "odds_ratio",
            "yules_q",
        ],
    )
    j_low, j_high = res.low["jaccard_index"], res.high["jaccard_index"]
    assert_allclose(res.low["f1_score"], 2 * j_low / (1 + j_low), atol=1e-12)
    assert_allclose(res.high["f1_score"], 2 * j_high / (1 + j_high), atol=1e-12)
    assert_allclose(res.low["unbiased_accuracy"], (1 + res.low["delta"]) / 2, atol=1e-12)
    assert_allclose(res.high["unbiased_accuracy"], (1 + res.high["delta"]) / 2, atol=1e-12)
    both = np.isfinite(res.low["odds_ratio"]) & np.isfinite(res.low["yules_q"])
    low = res.low["odds_ratio"][both]
    assert_allclose(res.low["yules_q"][both], (low - 1) / (low + 1), atol=1e-12)


def test_rates_match_wilson_and_delta_matches_newcombe():
    counts = BinaryCounts(tn=[15, 400], fp=[10, 7], fn=[15, 30], tp=[60, 3])
    res = measure_intervals(counts, measures=["sensitivity", "precision", "delta", "phi"])
    for name, (k, n) in {
        "sensitivity": ([60, 3], [75, 33]),
        "precision": ([60, 3], [70, 10]),
    }.items():
        low, high = confint(np.array(k), np.array(n), method="wilson")
        assert_allclose(res.low[name], low, atol=1e-10)
        assert_allclose(res.high[name], high, atol=1e-10)
    nc = newcombe_interval([60, 3], [75, 33], [10, 7], [25, 407])
    assert_allclose(res.low["delta"], nc.low) and res.methods["delta"] == "newcombe"
    phi = newcombe_interval([60, 3], [75, 33], [15, 400], [25, 407])
    assert_allclose(res.high["phi"], phi.high)


def test_one_method_name_applies_where_it_fits():
    counts = BinaryCounts(tn=[15], fp=[10], fn=[15], tp=[60])
    res = measure_intervals(counts, measures=["sensitivity", "delta"], method="clopper_pearson")
    assert res.methods == {"sensitivity": "clopper_pearson", "delta": "newcombe"}
    low, _ = confint(60, 75, method="beta")
    assert_allclose(res.low["sensitivity"], [low], atol=1e-10)
    boot = measure_intervals(counts, measures=["sensitivity", "total"], method="percentile")
    assert boot.methods == {"sensitivity": "percentile", "total": "none"}


def test_result_unpacks_and_makes_a_frame():
    counts = BinaryCounts(tn=[15, 40], fp=[10, 10], fn=[15, 20], tp=[60, 30])
    res = measure_intervals(
        counts, measures=["mcc", "sensitivity"], index=["a", "b"], random_state=3
    )
    assert isinstance(res, MeasureIntervals)
    estimate, low, high = res
    assert set(estimate) == {"mcc", "sensitivity"}
    assert low is res.low
    assert high is res.high
    pytest.importorskip("pandas")
    frame = res.to_frame()
    assert list(frame.columns) == [
        "tn", "fp", "fn", "tp", "mcc", "mcc_low", "mcc_high",
        "sensitivity", "sensitivity_low", "sensitivity_high",
    ]  # fmt: skip
    assert list(frame.index) == ["a", "b"]
    assert frame.attrs["methods"]["mcc"] == "bca"
    assert res.interval("mcc").high is res.high["mcc"]
    assert "2 measures × 2 entries" in repr(res)


def test_the_bootstrap_is_reproducible_with_random_state():
    counts = BinaryCounts(tn=[15, 40], fp=[10, 10], fn=[15, 20], tp=[60, 30])
    a = measure_intervals(counts, measures=["mcc", "g_mean"], random_state=7, n_resamples=300)
    b = measure_intervals(counts, measures=["mcc", "g_mean"], random_state=7, n_resamples=300)
    c = measure_intervals(counts, measures=["mcc", "g_mean"], random_state=8, n_resamples=300)
    assert_allclose(a.low["mcc"], b.low["mcc"], rtol=0)
    assert not np.allclose(a.low["mcc"], c.low["mcc"])


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"counts": [1, 2, 3, 4]}, TypeError, "`counts` must be a BinaryCounts"),
        ({"measures": ["accuracy", "nope"]}, ValueError, "`measures` has unknown names"),
        ({"measures": "accuracy"}, TypeError, "`measures` must be a sequence"),
        ({"method": "wald"}, ValueError, '`method` must be "auto", one of'),
        ({"method": {"mcc": "wilson"}}, ValueError, r"`method`\['mcc'\] must be one of"),
        ({"method": {"nope": "bca"}}, ValueError, "`method` names an unknown measure"),
        ({"method": 3}, TypeError, "`method` must be"),
        ({"n_resamples": 5}, ValueError, "`n_resamples` must be at least 10"),
        ({"n_resamples": 2.5}, TypeError, "`n_resamples` must be an int"),
        ({"confidence_level": 0}, ValueError, "`confidence_level` must be in"),
        ({"index": ["a", "b"]}, ValueError, "`index` has 2 labels for 1 entries"),
        ({"random_state": "x"}, TypeError, "`random_state` must be"),
    ],
)
def test_bad_arguments_are_named(kwargs, error, match):
    args = {"counts": BinaryCounts(tn=[5], fp=[2], fn=[1], tp=[9]), **kwargs}
    with pytest.raises(error, match=match):
        measure_intervals(args.pop("counts"), **args)


def test_soft_counts_take_closed_forms_only():
    soft = BinaryCounts(tn=[5.5], fp=[2.0], fn=[1.25], tp=[9.0])
    res = measure_intervals(soft, measures=["sensitivity", "delta", "cohen_kappa"])
    assert np.isfinite(res.low["delta"]).all()
    with pytest.raises(ValueError, match="`counts` are soft"):
        measure_intervals(soft, measures=["mcc"])


# --- the bootstrap on counts --------------------------------------------------------------------


@pytest.mark.parametrize("cells", [(15, 10, 15, 60), (3, 1, 0, 7), (40, 2, 9, 1)])
def test_jackknife_acceleration_equals_the_row_by_row_jackknife(cells):
    statistic = partial(mcc, zero_division=np.nan)
    rows = np.repeat(np.arange(4), cells)  # one row per sample, labelled by its cell
    theta = []
    for i in range(len(rows)):  # leave each row out, one at a time
        kept = np.bincount(np.delete(rows, i), minlength=4)
        theta.append(statistic(BinaryCounts(*kept[:, None]))[0])
    theta = np.array(theta)
    theta = theta[np.isfinite(theta)]
    d = theta.mean() - theta
    expected = (d**3).sum() / (6 * ((d**2).sum()) ** 1.5)  # Efron 1987, eq. 6.6
    got = _jackknife_acceleration(np.array([cells]), statistic)
    assert_allclose(got, [expected], rtol=1e-10, atol=1e-15)


def test_quantiles_match_numpy_over_the_defined_values():
    rng = np.random.default_rng(0)
    values = rng.normal(size=(5, 101))
    values[1, :30] = np.nan
    values[2, :] = np.nan
    ordered = np.sort(values, axis=1)
    low, high = _quantiles(ordered, 0.025, 0.975)
    with np.errstate(invalid="ignore"), pytest.warns(RuntimeWarning):
        expected = np.nanquantile(values, [0.025, 0.975], axis=1)
    assert_allclose(low, expected[0], equal_nan=True) and np.isnan(low[2])
    assert_allclose(high, expected[1], equal_nan=True)


def test_percentile_bootstrap_matches_scipy_on_the_rows_behind_the_table():
    # the same statistic resampled row by row by SciPy: intervals agree within Monte Carlo error
    cells = (40, 10, 15, 60)
    rows = np.repeat(np.arange(4), cells)

    def statistic(r, axis=-1):
        counts = np.stack([(r == c).sum(axis=axis) for c in range(4)], axis=-1).reshape(-1, 4)
        return mcc(BinaryCounts(*counts.T), zero_division=np.nan).reshape(np.shape(r)[:-1])

    theirs = stats.bootstrap(
        (rows,), statistic, n_resamples=4000, method="percentile", random_state=0, vectorized=True
    ).confidence_interval
    ours = count_bootstrap_interval(
        BinaryCounts(*np.array(cells)[:, None]),
        partial(mcc, zero_division=np.nan),
        method="percentile",
        n_resamples=4000,
        random_state=0,
    )
    assert_allclose([ours.low[0], ours.high[0]], [theirs.low, theirs.high], atol=0.02)


def test_bca_matches_scipy_on_the_rows_behind_the_table():
    cells = (40, 10, 15, 60)
    rows = np.repeat(np.arange(4), cells)

    def statistic(r, axis=-1):
        counts = np.stack([(r == c).sum(axis=axis) for c in range(4)], axis=-1).reshape(-1, 4)
        return mcc(BinaryCounts(*counts.T), zero_division=np.nan).reshape(np.shape(r)[:-1])

    theirs = stats.bootstrap(
        (rows,), statistic, n_resamples=4000, method="BCa", random_state=0, vectorized=True
    ).confidence_interval
    ours = count_bootstrap_interval(
        BinaryCounts(*np.array(cells)[:, None]),
        partial(mcc, zero_division=np.nan),
        n_resamples=4000,
        random_state=0,
    )
    assert_allclose([ours.low[0], ours.high[0]], [theirs.low, theirs.high], atol=0.02)


def test_bca_intervals_contain_their_estimate_at_a_boundary():
    """Near a measure's boundary (information gain near 0) BCa's bias correction can move both
    bounds past the estimate; the interval is widened to contain it (seen on 1 of 300 random
    tables before)."""
    import warnings

    from phidelta.counts import BinaryCounts
    from phidelta.inference import measure_intervals

    rng = np.random.default_rng(1)
    cells = rng.integers(0, 30, (300, 4))
    cells[:, 0] += 1
    cells[:, 3] += 1
    names = ["unbiased_information_gain", "information_gain", "mcc", "f1_score"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        estimate, low, high = measure_intervals(
            BinaryCounts(*cells.T), measures=names, random_state=0, n_resamples=400
        )
    for name in names:
        defined = ~np.isnan(estimate[name])
        assert np.all(low[name][defined] <= estimate[name][defined]), name
        assert np.all(estimate[name][defined] <= high[name][defined]), name


@pytest.mark.parametrize("method", ["bca", "percentile"])
def test_equal_counts_get_equal_bootstrap_intervals(method):
    """A single fold and the pooled counts, or two features, with the same table never show
    two intervals: each distinct table is resampled once, wherever it stands."""
    tables = np.array([[40, 7, 12, 31], [5, 2, 3, 9], [40, 7, 12, 31], [0, 0, 0, 0], [5, 2, 3, 9]])
    c = BinaryCounts(*tables.T)
    res = measure_intervals(c, measures=["mcc", "f1_score"], method=method, random_state=4)
    for name in ("mcc", "f1_score"):
        low, high = res.low[name], res.high[name]
        assert_array_equal(low[[0, 1]], low[[2, 4]])
        assert_array_equal(high[[0, 1]], high[[2, 4]])
        assert np.isnan([low[3], high[3]]).all()  # the empty table: undefined
        assert low[0] != low[1]
        # and as if computed alone (the first of each table draws first)
        alone = measure_intervals(c[[0, 1, 3]], measures=[name], method=method, random_state=4)
        assert_allclose(alone.low[name][:2], low[[0, 1]])
