"""Permutation p-values of δ: validity on noise, agreement with exact references (SciPy),
re-optimization of the threshold cut, and the bookkeeping (seeds, blocks, subsets, errors)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
import scipy.sparse as sp
from numpy.testing import assert_allclose, assert_array_equal
from scipy import stats

from phidelta.signatures import ConstantFeatureWarning, signature, signature_from_chunks
from phidelta.signatures import _permutation as permutation
from phidelta.signatures._permutation import observed_statistics, permutation_pvalues

pd = pytest.importorskip("pandas")


def _mc_close(ours: np.ndarray, exact: np.ndarray, b: int) -> None:
    """Monte Carlo agreement: within 4.5 standard errors of a binomial proportion (+ 2/B for
    the (b + 1)/(B + 1) convention)."""
    exact = np.asarray(exact, dtype=float)
    bound = 4.5 * np.sqrt(exact * (1 - exact) / b) + 2 / b
    assert np.all(np.abs(ours - exact) <= bound), np.column_stack([ours, exact, bound])


def _noise(seed: int, n: int, m: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    y = rng.permutation(np.arange(n) % 2)
    return rng.normal(size=(n, m)), y


# --- validity on noise: uniform p-values ---------------------------------------------------------
def test_soft_noise_pvalues_are_uniform_and_never_zero():
    x, y = _noise(11, 120, 400)
    p = signature(x, y).pvalues("permutation", n_permutations=999, random_state=3)
    assert stats.kstest(p, "uniform").pvalue > 0.01
    assert p.min() >= 1 / 1000
    assert p.max() <= 1
    assert_allclose(p * 1000, np.rint(p * 1000), atol=1e-9)  # multiples of 1/(B + 1)
    assert 0.02 < np.mean(p <= 0.05) < 0.09


def _valid_at_every_level(p: np.ndarray) -> bool:
    """P(p ≤ α) ≤ α (up to 3 binomial standard errors) at several levels: the definition of a
    valid p-value. A discrete statistic (binary features, KS distances of small samples) gives
    a super-uniform, not a uniform, law: its p-values sit on atoms."""
    m = len(p)
    return all(
        np.mean(p <= alpha) <= alpha + 3 * np.sqrt(alpha * (1 - alpha) / m)
        for alpha in (0.01, 0.05, 0.1, 0.25, 0.5)
    )


def test_threshold_noise_pvalues_are_valid_only_when_the_cut_is_reoptimized():
    x, y = _noise(12, 100, 300)
    sig = signature(x, y, numeric="threshold")
    b = 999
    reoptimized = sig.pvalues("permutation", n_permutations=b, random_state=4)
    assert _valid_at_every_level(reoptimized)
    # and not conservative: they estimate the exact permutation p-values of the KS distance
    pos = y == 1
    exact = [stats.ks_2samp(x[pos, j], x[~pos, j], method="exact").pvalue for j in range(300)]
    _mc_close(reoptimized, np.minimum(exact, 1.0), b)
    # the same test with the observed cut kept fixed: each thresholded feature permuted as a
    # binary feature (x > cut). This is what a test without re-optimization computes; it
    # fails the validity check above by far: optimistic p-values.
    fixed = signature((x > sig.cuts).astype(float), y).pvalues(
        "permutation", n_permutations=b, random_state=4
    )
    assert not _valid_at_every_level(fixed)
    assert np.mean(fixed <= 0.05) > 0.2  # four times the nominal 5 %
    assert np.all(fixed <= reoptimized + 1e-12)  # never less optimistic, feature by feature
    # Fisher's test of the optimized 2×2 table is optimistic in the same way
    assert np.mean(sig.pvalues("fisher") <= 0.05) > 0.2


def test_binary_noise_with_imbalanced_classes_gives_valid_pvalues():
    rng = np.random.default_rng(13)
    y = (rng.random(150) < 0.2).astype(int)
    x = (rng.random((150, 300)) < rng.uniform(0.2, 0.8, 300)).astype(float)
    p = signature(x, y).pvalues("permutation", n_permutations=999, random_state=5)
    assert _valid_at_every_level(p)


# --- agreement with exact references ----------------------------------------------------------
def test_threshold_features_agree_with_the_exact_kolmogorov_smirnov_test():
    # the best cut's |δ| is the two-sample KS distance; without ties its exact permutation
    # distribution is scipy's exact ks_2samp
    rng = np.random.default_rng(14)
    y = rng.permutation(np.arange(40) % 2)
    x = rng.normal(size=(40, 8)) + np.linspace(0, 1.2, 8) * y[:, None]
    sig = signature(x, y, numeric="threshold")
    b = 4000
    ours = sig.pvalues("permutation", n_permutations=b, random_state=6)
    pos = y == 1
    exact = [stats.ks_2samp(x[pos, j], x[~pos, j], method="exact").pvalue for j in range(8)]
    assert_allclose(
        np.abs(sig.phi_delta().delta),
        [stats.ks_2samp(x[pos, j], x[~pos, j]).statistic for j in range(8)],
        rtol=1e-12,
    )
    _mc_close(ours, np.minimum(exact, 1.0), b)


def test_binary_features_agree_with_fisher_when_the_classes_are_balanced():
    # P = N: the hypergeometric law of TP is symmetric, so ordering tables by |δ| (distance
    # from the mean) and by probability (Fisher) coincide
    rng = np.random.default_rng(15)
    y = rng.permutation(np.arange(60) % 2)
    strength = np.linspace(0.5, 0.8, 10)
    x = np.where(rng.random((60, 10)) < strength, y[:, None], 1 - y[:, None]).astype(float)
    sig = signature(x, y)
    b = 4000
    ours = sig.pvalues("permutation", n_permutations=b, random_state=7)
    fisher = [stats.fisher_exact(_table(x[:, j], y)).pvalue for j in range(10)]
    assert_allclose(sig.pvalues("fisher"), fisher, rtol=1e-10)
    _mc_close(ours, fisher, b)


def _table(column: np.ndarray, y: np.ndarray) -> list[list[int]]:
    present, pos = column == 1, y == 1
    return [
        [int(np.sum(present & pos)), int(np.sum(~present & pos))],
        [int(np.sum(present & ~pos)), int(np.sum(~present & ~pos))],
    ]


def test_binary_features_agree_with_the_exact_conditional_test_of_delta():
    # any class ratio: the exact p-value of |δ| sums the hypergeometric law of TP over the
    # tables at least as far from its mean
    rng = np.random.default_rng(16)
    y = (np.arange(70) < 18).astype(int)
    x = (rng.random((70, 12)) < 0.4).astype(float)
    x[:, :6] = np.where(rng.random((70, 6)) < 0.3, y[:, None], x[:, :6])
    sig = signature(x, y)
    b = 4000
    ours = sig.pvalues("permutation", n_permutations=b, random_state=8)
    n, p_count = 70, 18
    exact = []
    for j in range(12):
        drawn, tp = int(x[:, j].sum()), int(x[y == 1, j].sum())
        support = np.arange(max(0, drawn - (n - p_count)), min(p_count, drawn) + 1)
        pmf = stats.hypergeom(n, p_count, drawn).pmf(support)
        mean = drawn * p_count / n
        exact.append(pmf[np.abs(support - mean) >= abs(tp - mean) - 1e-9].sum())
    _mc_close(ours, np.minimum(exact, 1.0), b)


def test_soft_features_agree_with_scipy_exact_permutation_test():
    # 6 + 6 rows: scipy enumerates all 924 splits; |δ| = |mean₊ − mean₋|/(max − min)
    rng = np.random.default_rng(17)
    y = np.array([0, 1] * 6)
    x = rng.normal(size=(12, 4)) + np.array([0.0, 0.6, 1.2, 2.0]) * y[:, None]
    b = 20000
    ours = signature(x, y).pvalues("permutation", n_permutations=b, random_state=9)
    pos = y == 1

    def mean_gap(a, c, axis):
        return np.abs(np.mean(a, axis=axis) - np.mean(c, axis=axis))

    exact = [
        stats.permutation_test(
            (x[pos, j], x[~pos, j]),
            mean_gap,
            alternative="greater",
            n_resamples=np.inf,
            vectorized=True,
        ).pvalue
        for j in range(4)
    ]
    _mc_close(ours, exact, b)


# --- the statistic recomputed from the rows is the signature's -----------------------------------
def _mixed_frame(seed: int = 18):
    rng = np.random.default_rng(seed)
    n = 90
    y = rng.integers(0, 2, n)
    frame = pd.DataFrame(
        {
            "soft": rng.normal(size=n) + y,
            "gaps": np.where(rng.random(n) < 0.1, np.nan, rng.normal(size=n) - y),
            "ties": rng.integers(0, 4, n).astype(float) + y,
            "flag": rng.integers(0, 2, n).astype(float),
            "flag_gaps": np.where(rng.random(n) < 0.2, np.nan, (rng.random(n) < 0.5) * 1.0),
            "colour": rng.choice(["red", "green", "blue", "grey"], n),
            "yes": rng.choice(["yes", "no"], n),
            "code": rng.choice([1.0, 2.0, 3.0], n),
            "same": np.ones(n),
        }
    )
    return frame, y


@pytest.mark.parametrize("mode", ["soft", "threshold"])
def test_statistic_from_the_rows_equals_the_signature_delta(mode):
    frame, y = _mixed_frame()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConstantFeatureWarning)
        sig = signature(frame, y, numeric=mode, kinds={"code": "nominal"})
    assert {"numeric", "binary", "nominal", "constant"} <= set(sig.kinds)
    ours = observed_statistics(sig.names, sig.sources, sig.kinds, mode, sig._rows)
    assert_allclose(ours, np.abs(np.nan_to_num(sig.phi_delta().delta)), rtol=1e-10, atol=1e-12)
    p = sig.pvalues("permutation", n_permutations=199, random_state=1)
    assert np.all((p > 0) & (p <= 1))
    assert p[sig.names.index("same")] == 1.0
    # a sub-signature is tested with the same permutations
    picked = [0, 3, len(sig) - 1]
    assert_array_equal(
        sig[picked].pvalues("permutation", n_permutations=199, random_state=1), p[picked]
    )


def test_sparse_presence_features():
    rng = np.random.default_rng(19)
    y = rng.integers(0, 2, 200)
    matrix = sp.random(200, 30, density=0.15, random_state=2, format="csr")
    matrix = sp.csr_matrix(matrix.toarray() + np.outer(y, np.eye(30)[0]))  # term 0 marks y
    sig = signature(matrix, y)
    assert_allclose(
        observed_statistics(sig.names, sig.sources, sig.kinds, "soft", sig._rows),
        np.abs(sig.phi_delta().delta),
        rtol=1e-12,
    )
    p = sig.pvalues("permutation", n_permutations=499, random_state=2)
    dense = signature(matrix.toarray() != 0, y).pvalues(
        "permutation", n_permutations=499, random_state=2
    )
    assert_array_equal(p, dense)
    assert p[0] == 1 / 500


# --- seeds, blocks and errors ----------------------------------------------------------------
def test_same_seed_same_pvalues_whatever_the_block_of_permutations():
    frame, y = _mixed_frame(20)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConstantFeatureWarning)
        sig = signature(frame, y, numeric="threshold")
    args = (sig.names, sig.sources, sig.kinds, "threshold", sig._rows, 101)
    reference = permutation_pvalues(*args, 5)
    for block in (1, 7, 101, 500):
        assert_array_equal(permutation_pvalues(*args, 5, block=block), reference)
    assert_array_equal(sig.pvalues("permutation", n_permutations=101, random_state=5), reference)
    other = sig.pvalues("permutation", n_permutations=101, random_state=6)
    assert not np.array_equal(other, reference)
    generator = sig.pvalues(
        "permutation", n_permutations=101, random_state=np.random.default_rng(5)
    )
    assert_array_equal(generator, reference)


def test_threshold_columns_in_blocks_give_the_same_pvalues(monkeypatch):
    frame, y = _mixed_frame(22)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConstantFeatureWarning)
        sig = signature(frame, y, numeric="threshold")
    whole = sig.pvalues("permutation", n_permutations=99, random_state=3)
    monkeypatch.setattr(permutation, "_WORK_CELLS", len(y))  # one column per block
    assert_array_equal(sig.pvalues("permutation", n_permutations=99, random_state=3), whole)


def test_errors_name_the_argument():
    x, y = _noise(21, 40, 3)
    sig = signature(x, y)
    with pytest.raises(ValueError, match="`n_permutations` must be a positive integer"):
        sig.pvalues("permutation", n_permutations=0)
    with pytest.raises(ValueError, match="`n_permutations`"):
        sig.pvalues("permutation", n_permutations=True)
    with pytest.raises(ValueError, match="`method` must be"):
        sig.pvalues("bootstrap")
    chunked = signature_from_chunks([(x[:20], y[:20]), (x[20:], y[20:])])
    with pytest.raises(ValueError, match="needs the rows"):
        chunked.pvalues("permutation")
