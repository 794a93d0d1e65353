"""Paired tests of classifiers against SciPy and the published tables (Demšar 2006)."""

from __future__ import annotations

import numpy as np
import pytest
from numpy.testing import assert_allclose
from scipy import stats

from phidelta import measures
from phidelta.measures import (
    corrected_resampled_ttest,
    critical_difference,
    friedman_test,
    mcnemar_test,
    nemenyi_test,
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


@pytest.mark.parametrize(
    ("k", "q"),
    # Demšar (2006), Table 5(a): q_0.05 of the Nemenyi test
    [
        (2, 1.960),
        (3, 2.343),
        (4, 2.569),
        (5, 2.728),
        (6, 2.850),
        (7, 2.949),
        (8, 3.031),
        (9, 3.102),
        (10, 3.164),
    ],
)
def test_critical_differences_reproduce_demsar_table_5(k, q):
    n = 20
    assert critical_difference(k, n) == pytest.approx(q * np.sqrt(k * (k + 1) / (6 * n)), abs=2e-3)


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
    assert "friedman_test" in measures.__all__
