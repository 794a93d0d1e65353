"""Comparing ROC curves, their variances and the power of ROC studies, against R's pROC 1.18
(``roc.test``, ``var``, ``cov``, ``coords``, ``power.roc.test``), a simulation and identities.

The reference values in ``tests/data/proc_tests.json`` come from ``tests/data/proc_tests.R``
(run by hand with R and pROC; CI has no R). Deterministic values are compared to 1e-9;
resampled ones within Monte Carlo error: a standard deviation from B resamples is off by about
σ·√((κ − 1)/(4B)) (κ the kurtosis), a permutation p-value by √(p(1 − p)/B).
"""

from __future__ import annotations

import json
import math
import warnings
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.testing import assert_allclose
from scipy import stats

from phidelta import inference, measures
from phidelta.counts import ScoreTable
from phidelta.inference._roc_tests import _as_curve, _Estimand, _Resampler

PROC = json.loads((Path(__file__).parent / "data" / "proc_tests.json").read_text("utf-8"))
CASES = PROC["cases"]
IDS = [c["name"] for c in CASES]
PAIRED = [c for c in CASES if c["paired"]]
TOL = {"rtol": 1e-9, "atol": 1e-12}
ALTERNATIVES = {"two-sided": "pvalue_two_sided", "less": "pvalue_less", "greater": "pvalue_greater"}
B = 2000  # our resamples in the Monte Carlo comparisons


def _curves(case):
    return (case["y1"], case["s1"]), (case["y2"], case["s2"])


def _sd_tolerance(draws: np.ndarray, b_ref: int, b_ours: int) -> float:
    """Four Monte Carlo standard errors of the ratio of two bootstrap standard deviations."""
    kurtosis = stats.kurtosis(draws, fisher=False)
    return 4 * math.sqrt((kurtosis - 1) / 4 * (1 / b_ref + 1 / b_ours))


def test_the_reference_file_says_where_it_comes_from():
    assert PROC["source"] == "tests/data/proc_tests.R"
    assert "pROC 1.18" in PROC["software"]
    assert len(CASES) == 6
    assert len(PAIRED) == 4


# --- deterministic: to 1e-9 ------------------------------------------------------------------
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_compared_quantities_are_procs(case):
    a, b = _curves(case)
    tables = [ScoreTable.from_scores(*a), ScoreTable.from_scores(*b)]
    assert_allclose([measures.auc(t) for t in tables], case["auc"], **TOL)
    for kw, key in (
        ({"fpr_range": (0, 0.2)}, "pauc_sp"),
        ({"tpr_range": (0.8, 1), "mcclish": True}, "pauc_se_corrected"),
    ):
        res = inference.roc_test(a, b, n_resamples=10, random_state=0, **kw)
        assert res.method == "bootstrap"  # chosen for a partial area, as pROC does
        for ours, theirs in zip((res.estimate_a, res.estimate_b), case[key], strict=True):
            if theirs is not None:  # pROC: no McClish correction below the diagonal
                assert_allclose(ours, theirs, **TOL)
    for i, specificity in enumerate(case["specificities"]):
        res = inference.roc_test(
            a, b, method="specificity", specificity=specificity, n_resamples=10, random_state=0
        )
        assert_allclose(
            [res.estimate_a, res.estimate_b], np.array(case["sensitivity_at"])[:, i], **TOL
        )
    for i, sensitivity in enumerate(case["sensitivities"]):
        res = inference.roc_test(
            a, b, method="sensitivity", sensitivity=sensitivity, n_resamples=10, random_state=0
        )
        assert_allclose(
            [res.estimate_a, res.estimate_b], np.array(case["specificity_at"])[:, i], **TOL
        )


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_delong_unpaired_is_procs(case):
    a, b = _curves(case)
    ref = case["delong_unpaired"]
    for alternative, key in ALTERNATIVES.items():
        res = inference.roc_test(a, b, paired=False, alternative=alternative)
        assert_allclose(
            [res.statistic, res.df, res.pvalue], [ref["statistic"], ref["df"], ref[key]], **TOL
        )
    # the same from the score tables: DeLong's unpaired test needs no rows
    tables = [ScoreTable.from_scores(*a), ScoreTable.from_scores(*b)]
    assert_allclose(inference.roc_test(*tables).statistic, ref["statistic"], **TOL)


@pytest.mark.parametrize("case", PAIRED, ids=[c["name"] for c in PAIRED])
def test_delong_paired_is_procs(case):
    a, b = _curves(case)
    ref = case["delong_paired"]
    for alternative, key in ALTERNATIVES.items():
        res = inference.roc_test(a, b, alternative=alternative)
        assert res.paired
        assert res.method == "delong"
        assert_allclose([res.statistic, res.pvalue], [ref["statistic"], ref[key]], **TOL)
    res = inference.roc_test(a, b)
    assert_allclose(tuple(res.confidence_interval()), ref["conf_int"], **TOL)
    assert_allclose(tuple(res.confidence_interval(0.9)), ref["conf_int_90"], **TOL)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_delong_variance_and_covariance_are_procs(case):
    a, b = _curves(case)
    assert_allclose(
        [inference.auc_variance(a), inference.auc_variance(b)], case["var_delong"], **TOL
    )
    if case["paired"]:
        assert_allclose(inference.auc_covariance(a, b), case["cov_delong"], **TOL)
    else:
        assert inference.auc_covariance(a, b) == 0.0  # independent rows, as pROC returns it


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_venkatraman_statistic_is_procs_and_its_pvalue_within_monte_carlo_error(case):
    a, b = _curves(case)
    res = inference.roc_test(a, b, method="venkatraman", n_resamples=B, random_state=1)
    # unpaired: the pooled proportion of positives (pROC 1.18 halves by the first curve's rows)
    ref = case.get("venkatraman_mixed", case["venkatraman"])
    assert res.paired == case["paired"]
    assert_allclose(res.statistic, ref["statistic"], **TOL)
    if len(case["y1"]) == len(case["y2"]):  # where pROC's proportion is the pooled one
        assert_allclose(res.statistic, case["venkatraman"]["statistic"], **TOL)
    p = (res.pvalue + ref["pvalue"]) / 2
    error = math.sqrt(max(p * (1 - p), 1 / B) * (1 / B + 1 / ref["n_permutations"]))
    assert abs(res.pvalue - ref["pvalue"]) <= 4 * error + 2 / B


@pytest.mark.parametrize("case", PAIRED, ids=[c["name"] for c in PAIRED])
def test_power_of_two_curves_is_procs(case):
    a, b = _curves(case)
    ref = case["power"]
    res = inference.roc_power(a, b)  # at the pilot's positives
    assert_allclose(
        [res.power, res.n_positives], [ref["at_n"]["power"], ref["at_n"]["ncases"]], **TOL
    )
    res = inference.roc_power(a, b, alternative="one-sided")
    assert_allclose(res.power, ref["at_n_one_sided"]["power"], **TOL)
    assert_allclose(
        inference.roc_power(a, b, alpha=0.01).power, ref["at_n_alpha_01"]["power"], **TOL
    )
    res = inference.roc_power(a, b, power=0.9)
    assert_allclose(
        [res.n_positives, res.n_negatives],
        [ref["n_for_90"]["ncases"], ref["n_for_90"]["ncontrols"]],
        **TOL,
    )
    assert_allclose(inference.roc_power(a, b, n_positives=res.n_positives).power, 0.9, **TOL)


@pytest.mark.parametrize("case", PAIRED, ids=[c["name"] for c in PAIRED])
def test_power_of_another_ratio_uses_delongs_split_of_the_variance(case):
    # pROC plans another ratio N/P with the pilot's variances; DeLong's variance is
    # S10/P + S01/N, so per positive it is S10 + S01/κ: linear in 1/κ, pROC's at the pilot's κ
    a, b = _curves(case)
    ref = case["power"]["n_for_80_one_sided_kappa_2"]
    pilot = len(case["y1"]) / sum(case["y1"]) - 1
    kappas = [0.5, 2.0, pilot]
    runs = [inference.roc_power(a, b, power=0.8, alternative="one-sided", ratio=k) for k in kappas]
    slope = (runs[1].variance - runs[0].variance) / (1 / kappas[1] - 1 / kappas[0])
    assert_allclose(runs[2].variance, runs[0].variance + slope * (1 / pilot - 1 / kappas[0]), **TOL)
    proc = inference.roc_power(a, b, power=0.8, alternative="one-sided")  # pilot's ratio
    assert_allclose(proc.n_positives, ref["ncases"], **TOL)
    assert_allclose(runs[1].n_negatives, 2 * runs[1].n_positives, **TOL)


@pytest.mark.parametrize("ref", PROC["power_one"], ids=lambda r: f"{r['input']}-{r['auc']}")
def test_power_of_one_auc_is_procs_with_obuchowskis_formula(ref):
    alternative = "two-sided" if ref["alternative"] == "two.sided" else "one-sided"
    kw = {"alpha": ref["sig_level"], "alternative": alternative, "formula": "obuchowski"}
    if ref["input"] == "n":
        res = inference.auc_power(
            ref["auc"], n_positives=ref["ncases"], n_negatives=ref["ncontrols"], **kw
        )
        assert_allclose(res.power, ref["power"], **TOL)
    else:
        res = inference.auc_power(ref["auc"], power=ref["power"], ratio=ref["kappa"], **kw)
        assert_allclose(
            [res.n_positives, res.n_negatives], [ref["ncases"], ref["ncontrols"]], **TOL
        )


@pytest.mark.parametrize(
    "ref", PROC["power_two"], ids=lambda r: f"{r['input']}-{r['A1']}-{r['fpr']}"
)
def test_power_of_two_binormal_curves_is_procs_with_obuchowskis_formula(ref):
    alternative = "two-sided" if ref["alternative"] == "two.sided" else "one-sided"
    kw = {
        "r_positives": ref["ra"],
        "r_negatives": ref["rn"],
        "fpr_range": None if ref["fpr"] is None else tuple(ref["fpr"]),
        "alpha": ref["sig_level"],
        "alternative": alternative,
        "formula": "obuchowski",
    }
    params = (ref["A1"], ref["B1"], ref["A2"], ref["B2"])
    if ref["input"] == "n":
        res = inference.binormal_roc_power(
            *params, n_positives=ref["ncases"], n_negatives=ref["ncontrols"], **kw
        )
        assert_allclose(res.power, ref["power"], **TOL)
    else:
        res = inference.binormal_roc_power(*params, power=ref["power"], ratio=ref["kappa"], **kw)
        assert_allclose(
            [res.n_positives, res.n_negatives], [ref["ncases"], ref["ncontrols"]], **TOL
        )
    assert_allclose(res.difference, ref["delta"], **TOL)


# --- resampled: within Monte Carlo error -------------------------------------------------------
BOOTSTRAPS = {
    "bootstrap": {},
    "bootstrap_nonstratified": {"stratified": False},
    "bootstrap_pauc_sp": {"fpr_range": (0, 0.2)},
    "bootstrap_pauc_se_corrected": {"tpr_range": (0.8, 1), "mcclish": True},
    "specificity_test": {"method": "specificity", "specificity": 0.9},
    "sensitivity_test": {"method": "sensitivity", "sensitivity": 0.8},
}


@pytest.mark.parametrize("case", CASES, ids=IDS)
@pytest.mark.parametrize("kind", list(BOOTSTRAPS))
def test_bootstrap_tests_agree_with_proc_within_monte_carlo_error(case, kind):
    a, b = _curves(case)
    ref = case[kind]
    if ref["standard_error"] is None:  # an undefined pROC estimate
        pytest.skip("pROC's estimate is undefined (McClish's correction below the diagonal)")
    kw = {"method": "bootstrap", **BOOTSTRAPS[kind]}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # unstratified resamples of one class
        res = inference.roc_test(a, b, n_resamples=B, random_state=2, **kw)
    assert res.paired == case["paired"]
    ratio = res.standard_error / ref["standard_error"]
    assert abs(ratio - 1) <= _sd_tolerance(res.bootstrap_distribution, ref["n_resamples"], B)
    assert_allclose(res.difference / res.standard_error, res.statistic, **TOL)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_bootstrap_variance_and_covariance_agree_with_proc(case):
    a, b = _curves(case)
    b_ref = case["bootstrap_n_resamples"]
    for curve, ref in zip((a, b), case["var_bootstrap"], strict=True):
        ours = inference.auc_variance(curve, method="bootstrap", n_resamples=B, random_state=3)
        # the variance's relative Monte Carlo error is about √((κ − 1)/B), κ ≈ 3 for AUCs
        assert abs(ours / ref - 1) <= 4 * math.sqrt(2.5 * (1 / B + 1 / b_ref))
    if case["paired"]:
        ours = inference.auc_covariance(a, b, method="bootstrap", n_resamples=B, random_state=3)
        scale = math.sqrt(np.prod(case["var_delong"]))
        assert abs(ours - case["cov_bootstrap"]) <= 4 * scale * math.sqrt(2 * (1 / B + 1 / b_ref))


# --- power against a simulation ------------------------------------------------------------------
# The formulas model the binormal maximum-likelihood AUC; the simulated studies estimate it by
# Mann–Whitney, whose variance is about 3% larger: about 0.005 less power, against two Monte
# Carlo standard errors of 0.018 with 2,000 studies.
def _mann_whitney(positives: np.ndarray, negatives: np.ndarray) -> np.ndarray:
    """The AUC of every row (ties half)."""
    ranks = stats.rankdata(np.concatenate([positives, negatives], axis=1), axis=1)
    p, n = positives.shape[1], negatives.shape[1]
    return (ranks[:, :p].sum(axis=1) - p * (p + 1) / 2) / (p * n)


def _achieved(estimates: np.ndarray, plan, n: int, null: float = 0.0) -> float:
    """How often the test the formula describes rejects: the estimate beyond the null by
    z_α·√(V₀/n), V₀ the planned null variance (α halved when two-sided)."""
    alpha = plan.alpha / 2 if plan.alternative == "two-sided" else plan.alpha
    critical = stats.norm.isf(alpha) * math.sqrt(plan.null_variance / n)
    return float(np.mean(np.sign(plan.difference) * (estimates - null) > critical))


@pytest.mark.parametrize(
    ("auc", "alternative"), [(0.75, "two-sided"), (0.7, "one-sided")], ids=["0.75", "0.7-one"]
)
def test_planned_positives_achieve_the_power_of_one_auc_in_a_simulation(auc, alternative):
    rng = np.random.default_rng(11)
    plan = inference.auc_power(auc, power=0.8, alternative=alternative)
    n = math.ceil(plan.n_positives)
    expected = inference.auc_power(auc, n_positives=n, n_negatives=n, alternative=alternative)
    runs = 2000
    shift = math.sqrt(2) * stats.norm.ppf(auc)  # binormal, equal variances: AUC = Φ(μ/√2)
    estimates = _mann_whitney(rng.normal(shift, 1, (runs, n)), rng.normal(0, 1, (runs, n)))
    achieved = _achieved(estimates, expected, n, null=0.5)
    error = math.sqrt(expected.power * (1 - expected.power) / runs)
    assert abs(achieved - expected.power) <= 2 * error
    # pROC's (Obuchowski's) formula overstates the variance: it plans more than needed
    assert (
        inference.auc_power(
            auc, power=0.8, alternative=alternative, formula="obuchowski"
        ).n_positives
        > plan.n_positives
    )


@pytest.mark.parametrize(
    "design",
    [(1.5, 1.0, 1.0, 1.0, 0.4, 0.5), (1.2, 1.0, 0.8, 1.0, 0.0, 0.0)],
    ids=["paired", "unpaired"],
)
def test_planned_positives_achieve_the_power_of_two_curves_in_a_simulation(design):
    a1, b1, a2, b2, r_pos, r_neg = design
    rng = np.random.default_rng(21)
    kw = {"r_positives": r_pos, "r_negatives": r_neg}
    n = math.ceil(inference.binormal_roc_power(a1, b1, a2, b2, power=0.8, **kw).n_positives)
    expected = inference.binormal_roc_power(a1, b1, a2, b2, n_positives=n, **kw)
    runs = 2000
    # negatives N(0, 1); positives of test i: N(Aᵢ/Bᵢ, 1/Bᵢ²) (A = μ/σ₁, B = σ₀/σ₁)
    negatives = rng.multivariate_normal([0, 0], [[1, r_neg], [r_neg, 1]], size=(runs, n))
    positives = rng.multivariate_normal([0, 0], [[1, r_pos], [r_pos, 1]], size=(runs, n))
    auc_1 = _mann_whitney(a1 / b1 + positives[..., 0] / b1, negatives[..., 0])
    auc_2 = _mann_whitney(a2 / b2 + positives[..., 1] / b2, negatives[..., 1])
    achieved = _achieved(auc_1 - auc_2, expected, n)
    error = math.sqrt(expected.power * (1 - expected.power) / runs)
    assert abs(achieved - expected.power) <= 2 * error


def test_planned_positives_from_a_pilot_achieve_the_power_in_a_simulation():
    # a large pilot of two correlated scorers: its DeLong variances are the true ones
    rng = np.random.default_rng(13)

    def study(n: int, runs: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        latent = rng.normal(size=(runs, 2 * n))
        y = np.arange(2 * n) < n
        a = 1.0 * y + latent
        b = 0.6 * y + 0.7 * latent + 0.7 * rng.normal(size=(runs, 2 * n))
        return y, a, b

    y, a, b = study(20_000, 1)
    plan = inference.roc_power((y, a[0]), (y, b[0]), power=0.8)
    n = math.ceil(plan.n_positives)
    expected = inference.roc_power((y, a[0]), (y, b[0]), n_positives=n)
    runs = 2000
    y, a, b = study(n, runs)
    difference = _mann_whitney(a[:, y], a[:, ~y]) - _mann_whitney(b[:, y], b[:, ~y])
    achieved = _achieved(difference, expected, n)
    error = math.sqrt(expected.power * (1 - expected.power) / runs)
    assert abs(achieved - expected.power) <= 2 * error


# --- identities ------------------------------------------------------------------------------
@st.composite
def paired_scores(draw):
    n = draw(st.integers(4, 30))
    y = np.array(draw(st.lists(st.booleans(), min_size=n, max_size=n)))
    y[0], y[1] = True, False
    a = np.array(draw(st.lists(st.integers(0, 6), min_size=n, max_size=n)), dtype=float)
    b = np.array(draw(st.lists(st.integers(0, 6), min_size=n, max_size=n)), dtype=float)
    return y, a, b


@given(data=paired_scores())
@settings(max_examples=25, deadline=None)
def test_delong_identities(data):
    y, a, b = data
    res = inference.roc_test((y, a), (y, b))
    reference = inference.delong_test(y, a, b)
    assert_allclose(
        [res.statistic, res.pvalue], [reference.statistic, reference.pvalue], atol=1e-12
    )
    var_a, var_b = inference.auc_variance((y, a)), inference.auc_variance((y, b))
    cov = inference.auc_covariance((y, a), (y, b))
    assert_allclose(res.standard_error**2, var_a + var_b - 2 * cov, atol=1e-12)
    assert_allclose(inference.auc_covariance((y, a), (y, a)), var_a, atol=1e-12)
    assert_allclose(
        var_a, inference.auc_confidence_interval(ScoreTable.from_scores(y, a)).variance, atol=1e-12
    )
    unpaired = inference.roc_test((y, a), (y, b), paired=False)
    assert_allclose(unpaired.standard_error**2, var_a + var_b, atol=1e-12)
    swapped = inference.roc_test((y, b), (y, a))
    assert_allclose(swapped.statistic, -res.statistic, atol=1e-12)
    less = inference.roc_test((y, a), (y, b), alternative="less")
    greater = inference.roc_test((y, a), (y, b), alternative="greater")
    if np.isfinite(res.statistic):
        assert_allclose(less.pvalue + greater.pvalue, 1, atol=1e-12)
        assert_allclose(res.pvalue, min(1, 2 * min(less.pvalue, greater.pvalue)), atol=1e-12)


@given(data=paired_scores(), seed=st.integers(0, 2**32 - 1), stratified=st.booleans())
@settings(max_examples=20, deadline=None)
def test_every_resampled_value_is_the_statistic_of_the_resampled_curve(data, seed, stratified):
    y, a, b = data
    curves = [_as_curve((y, a), "a", None), _as_curve((y, b), "b", None)]
    estimands = [
        (_Estimand("auc"), measures.auc),
        (
            _Estimand("partial_auc", 0.1, 0.6, "fpr"),
            lambda t: measures.partial_auc(t, fpr_range=(0.1, 0.6)),
        ),
        (
            _Estimand("partial_auc", 0.5, 1, "tpr", True),
            lambda t: measures.partial_auc(t, tpr_range=(0.5, 1), mcclish=True),
        ),
    ]
    for estimand, measure in estimands:
        kernel = _Resampler(curves, estimand, stratified)
        values = kernel(np.random.default_rng(seed), 3)
        m_pos, m_neg = kernel.draw(np.random.default_rng(seed), 3)  # the same draws
        # the kernel's rows: positives and negatives in the first curve's score order
        pos_rows = np.flatnonzero(y)[np.argsort(-a[y], kind="stable")]
        neg_rows = np.flatnonzero(~y)[np.argsort(-a[~y], kind="stable")]
        for r in range(3):
            weights = np.zeros(len(y), dtype=np.int64)
            weights[pos_rows] = m_pos[r]
            weights[neg_rows] = m_neg[r]
            keep = weights > 0
            for c, s in enumerate((a, b)):
                if m_pos[r].sum() == 0 or m_neg[r].sum() == 0:
                    assert np.isnan(values[r, c])
                    continue
                table = ScoreTable.from_scores(y[keep], s[keep], sample_weight=weights[keep])
                assert_allclose(values[r, c], measure(table), atol=1e-12)


def test_confidence_intervals_agree_with_the_pvalues():
    case = CASES[2]
    a, b = _curves(case)
    for kw in (
        {"method": "delong"},
        {"method": "delong", "paired": False},
        {"method": "bootstrap"},
    ):
        for alternative in ("two-sided", "less", "greater"):
            res = inference.roc_test(
                a, b, alternative=alternative, random_state=4, n_resamples=500, **kw
            )
            level = 1 - res.pvalue  # the interval at this level just touches 0
            low, high = res.confidence_interval(level)
            assert min(abs(low), abs(high)) < 1e-9
            low, high = res.confidence_interval(min(level + 0.01, 0.999))
            assert low < 0 < high
            if alternative == "greater":
                assert high == math.inf
            if alternative == "less":
                assert low == -math.inf


def test_venkatraman_sees_equal_curves_and_is_symmetric():
    case = CASES[0]
    a, b = _curves(case)
    same = inference.roc_test(a, a, method="venkatraman", random_state=0, n_resamples=200)
    assert same.statistic == 0
    assert same.pvalue == 1
    forward = inference.roc_test(a, b, method="venkatraman", random_state=0, n_resamples=200)
    backward = inference.roc_test(b, a, method="venkatraman", random_state=0, n_resamples=200)
    assert forward.statistic == backward.statistic
    unpaired = CASES[4]
    a, b = _curves(unpaired)
    forward = inference.roc_test(a, b, method="venkatraman", random_state=0, n_resamples=200)
    backward = inference.roc_test(b, a, method="venkatraman", random_state=0, n_resamples=200)
    assert_allclose(forward.statistic, backward.statistic, rtol=1e-12)
    assert len(forward.null_distribution) == 200
    assert 0 < forward.pvalue <= 1


def test_venkatraman_pvalues_are_uniform_under_the_null():
    # paired exchangeable scorers: the two tests' p-values at most α about α of the time
    rng = np.random.default_rng(5)
    pvalues = []
    for _ in range(60):
        y = rng.random(40) < 0.5
        latent = y + rng.normal(size=40)
        a, b = latent + rng.normal(size=40), latent + rng.normal(size=40)
        pvalues.append(
            inference.roc_test(
                (y, a), (y, b), method="venkatraman", n_resamples=99, random_state=rng
            ).pvalue
        )
    assert stats.kstest(pvalues, "uniform").pvalue > 0.01


def test_results_do_not_depend_on_workers():
    a, b = _curves(CASES[0])
    one = inference.roc_test(a, b, method="bootstrap", random_state=6, workers=1, n_resamples=300)
    two = inference.roc_test(a, b, method="bootstrap", random_state=6, workers=2, n_resamples=300)
    assert one.statistic == two.statistic
    one = inference.roc_test(a, b, method="venkatraman", random_state=6, workers=1, n_resamples=300)
    two = inference.roc_test(a, b, method="venkatraman", random_state=6, workers=2, n_resamples=300)
    np.testing.assert_array_equal(one.null_distribution, two.null_distribution)


def test_result_shapes():
    a, b = _curves(CASES[0])
    res = inference.roc_test(a, b)
    statistic, pvalue = res
    assert (statistic, pvalue) == (res.statistic, res.pvalue)
    assert res.difference == res.estimate_a - res.estimate_b
    assert res.estimand == "AUC"
    assert "paired=True" in repr(res)
    assert "bootstrap_distribution" not in repr(res)
    plan = inference.auc_power(0.8, power=0.9)
    assert plan.power == 0.9
    assert plan.n_negatives == plan.n_positives


# --- errors ----------------------------------------------------------------------------------
def test_errors_name_the_argument():
    a, b = _curves(CASES[0])
    u, v = _curves(CASES[4])
    with pytest.raises(ValueError, match=r"`paired=True` needs two curves of the same rows"):
        inference.roc_test(u, v, paired=True)
    with pytest.raises(
        TypeError, match=r"`curve_a` must be a pair \(y_true, scores\) or a ScoreTable"
    ):
        inference.roc_test(3, b)
    with pytest.raises(ValueError, match=r"a partial area needs method=\"bootstrap\""):
        inference.roc_test(a, b, method="delong", fpr_range=(0, 0.2))
    with pytest.raises(ValueError, match=r"Venkatraman's test is two-sided only"):
        inference.roc_test(a, b, method="venkatraman", alternative="less")
    with pytest.raises(TypeError, match=r"Venkatraman's test ranks the rows"):
        inference.roc_test(
            ScoreTable.from_scores(*a), ScoreTable.from_scores(*b), method="venkatraman"
        )
    with pytest.raises(
        ValueError, match=r"`specificity` is the fixed coordinate of method=\"specificity\""
    ):
        inference.roc_test(a, b, method="bootstrap", specificity=0.9)
    with pytest.raises(TypeError, match=r"method=\"specificity\" needs `specificity`"):
        inference.roc_test(a, b, method="specificity")
    with pytest.raises(
        ValueError, match=r"`alternative` must be \"two-sided\", \"less\" or \"greater\""
    ):
        inference.roc_test(a, b, alternative="two.sided")
    with pytest.raises(ValueError, match=r"Pass `n_positives` or `power`, not both"):
        inference.auc_power(0.8, n_positives=10, power=0.8)
    with pytest.raises(ValueError, match=r"The difference to detect is 0"):
        inference.auc_power(0.5, power=0.8)
    with pytest.raises(ValueError, match=r"`formula` must be \"delta\" or \"obuchowski\""):
        inference.auc_power(0.8, power=0.8, formula="pROC")
    with pytest.raises(ValueError, match=r"`ratio`=2 needs method=\"delong\""):
        inference.roc_power(a, b, ratio=2, method="bootstrap", n_resamples=50)
    with pytest.raises(ValueError, match=r"`b_1` must be a positive number"):
        inference.binormal_roc_power(1, 0, 1, 1, power=0.8)


# --- the band of two curves' difference (Venkatraman's interval) ---------------------------------
def _two_scorers(n: int = 160, seed: int = 11):
    rng = np.random.default_rng(seed)
    y = rng.random(n) < 0.45
    a = np.round(y + rng.normal(size=n), 2)
    b = np.round(0.4 * y + rng.normal(size=n), 2)
    return y, a, b


@pytest.mark.parametrize("paired", [True, False])
def test_difference_band_resamples_as_the_coordinate_test_does(paired):
    """At each specificity the band's resampled differences are the bootstrap test's of the
    sensitivities there (method="specificity", same seed, same rows drawn): its pointwise band
    is their percentile interval, its estimate pROC's coordinate difference."""
    y, a, b = _two_scorers()
    grid = [0.5, 0.8]
    band = inference.roc_difference_band(
        (y, a), (y, b), specificities=grid, paired=paired, n_resamples=400, random_state=5
    )
    for i, at in enumerate(grid):
        test = inference.roc_test(
            (y, a),
            (y, b),
            method="specificity",
            specificity=at,
            paired=paired,
            n_resamples=400,
            random_state=5,
        )
        assert band.difference[i] == pytest.approx(test.difference, abs=1e-15)
        if paired:  # one stream for both curves: the very same resamples
            low, high = np.quantile(test.bootstrap_distribution, [0.025, 0.975])
            assert (band.low[i], band.high[i]) == pytest.approx((low, high), abs=1e-15)
        else:  # streams drawn per grid; the spread agrees within Monte-Carlo error
            assert np.std(test.bootstrap_distribution) == pytest.approx(
                (band.high[i] - band.low[i]) / (2 * 1.96), rel=0.2
            )
    table_a, table_b = (ScoreTable.from_scores(y, s) for s in (a, b))
    direct = measures.sensitivity_at_specificity(
        table_a, grid
    ) - measures.sensitivity_at_specificity(table_b, grid)
    assert_allclose(band.difference, direct, atol=1e-15)
    assert np.all(band.simultaneous_low <= band.low)
    assert np.all(band.high <= band.simultaneous_high)


def test_difference_band_of_a_curve_with_itself_is_zero():
    y, a, _ = _two_scorers()
    band = inference.roc_difference_band((y, a), (y, a), n_resamples=50, random_state=0)
    assert band.paired
    for name in band._fields[1:]:
        assert_allclose(getattr(band, name), 0.0, atol=0)
    assert band.specificity.tolist() == [k / 20 for k in range(21)]


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"specificities": []}, ValueError, "`specificities` must be numbers in"),
        ({"specificities": [0.5, 1.2]}, ValueError, "`specificities` must be numbers in"),
        ({"specificities": [np.nan]}, ValueError, "`specificities`"),
        ({"specificities": ["a"]}, (TypeError, ValueError), "`specificities`"),
        ({"n_resamples": 5}, ValueError, "`n_resamples`"),
        ({"confidence_level": 1.5}, ValueError, "confidence_level"),
    ],
)
def test_difference_band_refuses_bad_options(kwargs, error, message):
    y, a, b = _two_scorers(40)
    with pytest.raises(error, match=message):
        inference.roc_difference_band((y, a), (y, b), **kwargs)
