"""Paired tests of classifiers against SciPy and the published tables (Demšar 2006)."""

from __future__ import annotations

import numpy as np
import pytest
from numpy.testing import assert_allclose
from scipy import stats

from phidelta import inference
from phidelta.inference import (
    corrected_resampled_ttest,
    critical_difference,
    friedman_test,
    mcnemar_test,
    nemenyi_test,
    rank_cliques,
    rank_groups,
)


def _discordant(rng, n=300):
    y = rng.integers(0, 2, n)
    a = np.where(rng.random(n) < 0.85, y, 1 - y)
    b = np.where(rng.random(n) < 0.75, y, 1 - y)
    right_a, right_b = a == y, b == y
    return y, a, b, int((right_a & ~right_b).sum()), int((~right_a & right_b).sum())


def test_mcnemar_exact_and_chi2_against_their_definitions():
    rng = np.random.default_rng(1)
    y, a, b, only_a, only_b = _discordant(rng)
    chi2 = mcnemar_test(y, a, b, exact=False)
    expected = (abs(only_a - only_b) - 1) ** 2 / (only_a + only_b)
    assert chi2.statistic == pytest.approx(expected, rel=1e-12)
    assert chi2.pvalue == pytest.approx(stats.chi2.sf(expected, 1), rel=1e-10)
    exact = mcnemar_test(y, a, b, exact=True)
    binom = stats.binomtest(min(only_a, only_b), only_a + only_b, 0.5).pvalue
    assert exact.pvalue == pytest.approx(binom, rel=1e-10)
    statistic, pvalue = exact
    assert (statistic, pvalue) == (exact.statistic, exact.pvalue)
    # the choice at 25 discordant pairs, and labels of any encoding with a positive class
    labels = np.where(y == 1, "spam", "ham")
    named = mcnemar_test(
        labels, np.where(a == 1, "spam", "ham"), np.where(b == 1, "spam", "ham"), pos_label="spam"
    )
    assert named.method == ("exact" if only_a + only_b < 25 else "chi2")
    same = mcnemar_test([1, 0, 1], [1, 0, 0], [1, 0, 0])
    assert same.pvalue == 1.0


def test_corrected_ttest_is_wider_than_the_plain_paired_ttest():
    rng = np.random.default_rng(2)
    a = 0.8 + rng.normal(0, 0.02, 10)
    b = a - 0.01 + rng.normal(0, 0.01, 10)
    corrected = corrected_resampled_ttest(a, b, test_fraction=0.1)
    plain = stats.ttest_rel(a, b)
    d = a - b
    expected = d.mean() / np.sqrt((1 / 10 + 0.1 / 0.9) * d.var(ddof=1))
    assert corrected.statistic == pytest.approx(expected, rel=1e-12)
    assert corrected.pvalue > plain.pvalue
    # with no correction term it would be the paired t-test: the 1/J part alone
    assert plain.statistic == pytest.approx(d.mean() / np.sqrt(d.var(ddof=1) / 10), rel=1e-12)
    with pytest.raises(ValueError, match="`test_fraction` must be in"):
        corrected_resampled_ttest(a, b, test_fraction=1.0)


def test_friedman_equals_scipy_and_iman_davenport():
    rng = np.random.default_rng(3)
    scores = rng.random((14, 4)) + np.array([0.0, 0.1, 0.2, 0.05])
    scores[0, 1] = scores[0, 2]  # a tie
    result = friedman_test(scores)
    reference = stats.friedmanchisquare(*scores.T)
    assert result.statistic == pytest.approx(reference.statistic, rel=1e-12)
    assert result.pvalue == pytest.approx(reference.pvalue, rel=1e-10)
    n, k = scores.shape
    f = (n - 1) * result.statistic / (n * (k - 1) - result.statistic)
    assert result.iman_davenport == pytest.approx(f, rel=1e-12)
    assert result.iman_davenport_pvalue == pytest.approx(
        stats.f.sf(f, k - 1, (k - 1) * (n - 1)), rel=1e-10
    )
    assert_allclose(result.average_ranks.sum(), k * (k + 1) / 2)


def test_nemenyi_pvalues_are_symmetric_and_follow_rank_distance():
    scores = np.array([[0.9, 0.8, 0.7], [0.85, 0.8, 0.6], [0.7, 0.75, 0.6], [0.8, 0.7, 0.65]])
    p = nemenyi_test(scores)
    assert_allclose(p, p.T)
    assert_allclose(np.diag(p), 1.0)
    assert p[0, 2] < p[0, 1]
    # a rank difference of exactly the critical difference has p = 0.05
    k, n = 3, 4
    cd = critical_difference(k, n)
    z = cd / np.sqrt(k * (k + 1) / (6 * n))
    assert stats.studentized_range.sf(z * np.sqrt(2), k, np.inf) == pytest.approx(0.05, rel=1e-6)
    assert "friedman_test" in inference.__all__


# --- agreement with statsmodels, SciPy, scikit-posthocs and the published tables ----------------


def _from_table(both, only_a, only_b, neither):
    """Labels and predictions whose 2×2 table of (A right, B right) is the given one."""
    cells = [(1, 1, both), (1, 0, only_a), (0, 1, only_b), (0, 0, neither)]
    y = np.ones(sum(n for *_, n in cells), dtype=int)
    y[::2] = 0  # both classes occur; correctness decides the predictions
    right_a = np.concatenate([np.full(n, ra, bool) for ra, _, n in cells])
    right_b = np.concatenate([np.full(n, rb, bool) for _, rb, n in cells])
    return y, np.where(right_a, y, 1 - y), np.where(right_b, y, 1 - y)


@pytest.mark.parametrize(
    "table",
    [
        (10, 3, 7, 5),  # 10 discordant: the exact test by default
        (5, 0, 4, 1),
        (3, 1, 0, 2),
        (40, 12, 12, 6),  # 24 discordant, balanced
        (50, 20, 8, 10),  # 28: χ² by default
        (100, 30, 31, 2),
        (200, 60, 25, 40),
        (1000, 150, 90, 30),
    ],
)
def test_mcnemar_equals_statsmodels(table):
    contingency_tables = pytest.importorskip("statsmodels.stats.contingency_tables")
    both, only_a, only_b, neither = table
    y, a, b = _from_table(*table)
    matrix = np.array([[both, only_a], [only_b, neither]])
    for exact in (True, False):
        expected = contingency_tables.mcnemar(matrix, exact=exact, correction=True)
        result = mcnemar_test(y, a, b, exact=exact)
        assert result.method == ("exact" if exact else "chi2")
        assert result.statistic == pytest.approx(expected.statistic, rel=1e-10, abs=1e-10)
        assert result.pvalue == pytest.approx(expected.pvalue, rel=1e-10, abs=1e-10)
    default = mcnemar_test(y, a, b)
    assert default.method == ("exact" if only_a + only_b < 25 else "chi2")


def test_friedman_equals_scipy_and_iman_davenport_by_hand():
    rng = np.random.default_rng(11)
    for n, k in [(5, 3), (14, 4), (30, 8), (10, 10)]:
        scores = np.round(rng.random((n, k)) + np.linspace(0, 0.3, k), 2)  # rounding: ties
        result = friedman_test(scores)
        reference = stats.friedmanchisquare(*scores.T)
        assert result.statistic == pytest.approx(reference.statistic, rel=1e-10)
        assert result.pvalue == pytest.approx(reference.pvalue, rel=1e-10, abs=1e-300)
        # Iman & Davenport (1980) as Demšar (2006) eq. 2 writes it, from χ²_F (with SciPy's
        # tie correction: the rounded scores tie)
        ranks = stats.rankdata(-scores, axis=1)
        assert_allclose(result.average_ranks, ranks.mean(axis=0), rtol=0, atol=1e-12)
        chi2 = result.statistic
        f = (n - 1) * chi2 / (n * (k - 1) - chi2)
        assert result.iman_davenport == pytest.approx(f, rel=1e-10)
        p = stats.f.sf(f, k - 1, (k - 1) * (n - 1))
        assert result.iman_davenport_pvalue == pytest.approx(p, rel=1e-10, abs=1e-300)


def test_friedman_statistic_of_demsar_eq_1_without_ties():
    # Demšar (2006) eq. 1: χ²_F = 12N/(k(k+1)) [Σ R_j² − k(k+1)²/4]
    rng = np.random.default_rng(12)
    scores = rng.random((9, 5))
    n, k = scores.shape
    r = stats.rankdata(-scores, axis=1).mean(axis=0)
    chi2 = 12 * n / (k * (k + 1)) * (np.sum(r**2) - k * (k + 1) ** 2 / 4)
    assert friedman_test(scores).statistic == pytest.approx(chi2, rel=1e-10)


@pytest.mark.parametrize(("n", "k", "seed"), [(4, 3, 0), (12, 5, 1), (30, 8, 2), (10, 10, 3)])
def test_nemenyi_equals_scikit_posthocs(n, k, seed):
    posthocs = pytest.importorskip("scikit_posthocs")
    rng = np.random.default_rng(seed)
    scores = rng.random((n, k)) + np.linspace(0, 0.5, k)
    expected = posthocs.posthoc_nemenyi_friedman(scores).to_numpy()
    assert_allclose(nemenyi_test(scores), expected, rtol=1e-10, atol=1e-10)


# Demšar (2006), Table 5: critical values of the two-tailed Nemenyi test (a) and of the
# two-tailed Bonferroni-Dunn test (b, the number of classifiers includes the control), for
# k = 2..10 classifiers, as printed.
_DEMSAR_TABLE_5 = {
    ("nemenyi", 0.05): [1.960, 2.343, 2.569, 2.728, 2.850, 2.949, 3.031, 3.102, 3.164],
    ("nemenyi", 0.10): [1.645, 2.052, 2.291, 2.459, 2.589, 2.693, 2.780, 2.855, 2.920],
    ("bonferroni-dunn", 0.05): [1.960, 2.241, 2.394, 2.498, 2.576, 2.638, 2.690, 2.724, 2.773],
    ("bonferroni-dunn", 0.10): [1.645, 1.960, 2.128, 2.241, 2.326, 2.394, 2.450, 2.498, 2.539],
}


@pytest.mark.parametrize(("test", "level"), list(_DEMSAR_TABLE_5))
def test_critical_differences_reproduce_demsar_table_5(test, level):
    for k, printed in zip(range(2, 11), _DEMSAR_TABLE_5[test, level], strict=True):
        n = 14
        q = critical_difference(k, n, level, test=test) / np.sqrt(k * (k + 1) / (6 * n))
        if (test, level, k) == ("bonferroni-dunn", 0.05, 9):
            # a misprint in the table: z at 1 − 0.05/16 is 2.7344 (Table 5b prints 2.724)
            assert q == pytest.approx(stats.norm.isf(0.05 / 16), rel=1e-12)
            assert round(q, 3) == 2.734
            continue
        # the table has three decimals (and a last digit that is off by one for k = 3, 7)
        assert abs(q - printed) <= 1e-3 + 1e-12, (k, q, printed)
    # the worked example of Demšar §3.2.4: four classifiers, 14 data sets, CD = 1.25 (α = 0.05)
    assert critical_difference(4, 14) == pytest.approx(1.25, abs=5e-3)
    assert critical_difference(4, 14, 0.10) == pytest.approx(1.12, abs=5e-3)
    assert critical_difference(4, 14, 0.05, test="bonferroni-dunn") == pytest.approx(1.17, abs=5e-3)


def test_critical_difference_rejects_bad_arguments():
    with pytest.raises(ValueError, match="`k` must be"):
        critical_difference(1, 10)
    with pytest.raises(ValueError, match="`alpha` must be in"):
        critical_difference(3, 10, alpha=1.5)
    with pytest.raises(TypeError, match="`alpha` must be a number"):
        critical_difference(3, 10, alpha="0.05")
    # the former name of alpha still works, with a warning
    with pytest.warns(DeprecationWarning, match="former name of `alpha` in critical_difference"):
        assert critical_difference(4, 14, level=0.10) == critical_difference(4, 14, alpha=0.10)
    with pytest.warns(DeprecationWarning, match="former name of `alpha` in rank_groups"):
        groups = rank_groups([[0.9, 0.8, 0.7], [0.85, 0.8, 0.6]], level=0.1)
    assert groups.alpha == groups.level == 0.1
    with pytest.raises(ValueError, match="`test` must be one of"):
        critical_difference(3, 10, test="holm")


def test_corrected_resampled_ttest_on_a_hand_computed_case():
    # d = (0.03, 0.03, 0.01, 0.05, 0.03): mean 0.03, s² = (0 + 0 + 4 + 4 + 0)·10⁻⁴ / 4 = 2·10⁻⁴;
    # 10-fold-like test fraction 0.2: n₂/n₁ = 0.25, so t = 0.03 / √((1/5 + 1/4)·2·10⁻⁴)
    # = 0.03 / √(0.9·10⁻⁴) = 0.03 / 0.0094868… = √10 = 3.16227766…, 4 degrees of freedom
    a = [0.81, 0.83, 0.80, 0.85, 0.82]
    b = [0.78, 0.80, 0.79, 0.80, 0.79]
    t, p = corrected_resampled_ttest(a, b, test_fraction=0.2)
    assert t == pytest.approx(np.sqrt(10), rel=1e-10)
    # two-sided p of Student's t with ν = 4 in closed form: p = 1 − (3/2·u − 1/2·u³) with
    # u = t/√(t² + ν)
    u = np.sqrt(10) / np.sqrt(10 + 4)
    expected = 1 - (1.5 * u - 0.5 * u**3)
    assert p == pytest.approx(expected, rel=1e-10)
    assert round(p, 7) == 0.0341094


# --- rank groups: what the critical difference diagram draws ------------------------------------


def _brute_force_cliques(ranks, cd):
    from itertools import combinations

    k = len(ranks)
    quiet = [
        set(group)
        for size in range(2, k + 1)
        for group in combinations(range(k), size)
        if ranks[list(group)].max() - ranks[list(group)].min() < cd
    ]
    return sorted(
        (g for g in quiet if not any(g < other for other in quiet)),
        key=lambda g: min(ranks[i] for i in g),
    )


def test_rank_groups_ranks_and_cliques():
    rng = np.random.default_rng(5)
    for trial in range(40):
        n, k = int(rng.integers(3, 25)), int(rng.integers(2, 10))
        scores = np.round(rng.random((n, k)) + rng.random(k) * 0.4, 1)
        lower = bool(trial % 2)
        groups = rank_groups(scores, lower_is_better=lower)
        signed = scores if lower else -scores
        expected_ranks = stats.rankdata(signed, axis=1).mean(axis=0)
        assert_allclose(groups.average_ranks, expected_ranks, rtol=0, atol=1e-12)
        assert groups.critical_difference == critical_difference(k, n)
        expected = _brute_force_cliques(expected_ranks, groups.critical_difference)
        assert [set(c) for c in groups.cliques] == expected
        for clique in groups.cliques:  # best first inside a clique
            assert list(clique) == sorted(clique, key=lambda i: expected_ranks[i])


def test_rank_cliques_edges():
    assert rank_cliques([1.0, 2.0, 3.0], 1.0) == []  # a difference of CD is significant
    assert rank_cliques([1.0, 2.0, 3.0], 1.0 + 1e-9) == [(0, 1), (1, 2)]
    assert rank_cliques([3.0, 1.0, 2.0], 5.0) == [(1, 2, 0)]
    assert rank_cliques([2.5, 2.5], 0.0) == []
    with pytest.raises(ValueError, match="`critical_difference` must be"):
        rank_cliques([1, 2], -1.0)


def test_bonferroni_dunn_groups_the_control_with_its_neighbours():
    scores = np.array([[0.9, 0.8, 0.7, 0.5]] * 6 + [[0.8, 0.9, 0.7, 0.6]] * 4)
    groups = rank_groups(scores, test="bonferroni-dunn")
    assert groups.control == 0
    cd = critical_difference(4, 10, test="bonferroni-dunn")
    ranks = groups.average_ranks
    assert groups.cliques == [tuple(i for i in np.argsort(ranks) if abs(ranks[i] - ranks[0]) < cd)]
    last = rank_groups(scores, test="bonferroni-dunn", control=3)
    assert last.control == 3
    assert 3 in last.cliques[0]
    with pytest.raises(ValueError, match="`control` must be"):
        rank_groups(scores, test="bonferroni-dunn", control=4)
    with pytest.raises(ValueError, match="`control` is for"):
        rank_groups(scores, control=0)
    with pytest.raises(ValueError, match="`scores` must have shape"):
        rank_groups([[1.0, 2.0]])


def test_mcnemar_without_discordant_pairs():
    contingency_tables = pytest.importorskip("statsmodels.stats.contingency_tables")
    y, a, b = _from_table(5, 0, 0, 3)
    exact = mcnemar_test(y, a, b, exact=True)
    reference = contingency_tables.mcnemar(np.array([[5, 0], [0, 3]]), exact=True)
    assert (exact.statistic, exact.pvalue) == (reference.statistic, reference.pvalue)
    # statsmodels' χ² divides by zero (statistic ∞, p = 0); no evidence is p = 1 here
    chi2 = mcnemar_test(y, a, b, exact=False)
    assert (chi2.statistic, chi2.pvalue, chi2.method) == (0.0, 1.0, "chi2")


def test_nemenyi_pvalue_crosses_the_level_at_the_critical_difference():
    # a pair is significant at α exactly when its rank difference reaches CD
    rng = np.random.default_rng(9)
    scores = rng.random((20, 6)) + np.linspace(0, 0.6, 6)
    groups = rank_groups(scores)
    p = nemenyi_test(scores)
    difference = np.abs(groups.average_ranks[:, None] - groups.average_ranks[None, :])
    off = ~np.eye(6, dtype=bool)
    assert np.array_equal((p <= 0.05)[off], (difference >= groups.critical_difference)[off])
    together = np.zeros((6, 6), dtype=bool)
    for clique in groups.cliques:
        together[np.ix_(clique, clique)] = True
    assert np.array_equal(together[off], (p > 0.05)[off])
