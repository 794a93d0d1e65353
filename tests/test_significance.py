"""Which features are more than noise: Fisher p-values and Benjamini–Hochberg against SciPy."""

from __future__ import annotations

import numpy as np
import pytest
from numpy.testing import assert_allclose, assert_array_equal
from scipy import stats

from phidelta import BinaryCounts, signature
from phidelta.inference import benjamini_hochberg, fisher_exact_pvalues
from phidelta.signatures import Signature


def test_fisher_pvalues_equal_scipy_on_random_and_extreme_tables():
    rng = np.random.default_rng(4)
    positives, negatives = 37, 53
    tp = rng.integers(0, positives + 1, 400)
    fp = rng.integers(0, negatives + 1, 400)
    tp[:3], fp[:3] = [0, positives, 0], [0, negatives, negatives]  # empty and full columns
    counts = BinaryCounts(tn=negatives - fp, fp=fp, fn=positives - tp, tp=tp)
    ours = fisher_exact_pvalues(counts)
    theirs = [
        stats.fisher_exact([[t, positives - t], [f, negatives - f]]).pvalue
        for t, f in zip(tp, fp, strict=True)
    ]
    assert_allclose(ours, theirs, rtol=1e-10, atol=1e-300)
    # margins that differ per entry (folds of different sizes) are handled too
    mixed = BinaryCounts(tn=[9, 40, 3], fp=[1, 2, 4], fn=[2, 7, 0], tp=[8, 1, 5])
    expected = [
        stats.fisher_exact([[8, 2], [1, 9]]).pvalue,
        stats.fisher_exact([[1, 7], [2, 40]]).pvalue,
        stats.fisher_exact([[5, 0], [4, 3]]).pvalue,
    ]
    assert_allclose(fisher_exact_pvalues(mixed), expected, rtol=1e-10)
    with pytest.raises(ValueError, match="integer counts"):
        fisher_exact_pvalues(BinaryCounts(tn=[1.5], fp=[1], fn=[1], tp=[1]))


@pytest.mark.parametrize("total", [7, 60, 1_000, 30_000, 100_000])
def test_fisher_pvalues_equal_scipy_at_every_size(total):
    # each entry its own margins; tables drawn from the null and pushed into the tails, so
    # both the tail sums and the "one minus the middle" path are exercised
    rng = np.random.default_rng(total)
    k = 60
    positives = rng.integers(0, total + 1, k)
    drawn = rng.integers(0, total + 1, k)
    tp = rng.hypergeometric(np.maximum(positives, 1), np.maximum(total - positives, 1), drawn)
    spread = 1 + int(np.sqrt(total))
    tp = tp + rng.integers(-4 * spread, 4 * spread + 1, k) * (rng.random(k) < 0.5)
    tp = np.clip(tp, np.maximum(0, drawn - (total - positives)), np.minimum(positives, drawn))
    counts = BinaryCounts(
        tn=total - positives - drawn + tp, fp=drawn - tp, fn=positives - tp, tp=tp
    )
    ours = fisher_exact_pvalues(counts)
    theirs = np.array(
        [
            stats.fisher_exact([[t, p - t], [d - t, total - p - d + t]]).pvalue
            for t, p, d in zip(tp, positives, drawn, strict=True)
        ]
    )
    assert_allclose(ours, theirs, rtol=1e-9, atol=1e-300)
    assert np.all((ours >= 0) & (ours <= 1))


def test_fisher_pvalues_of_mirror_tables_and_degenerate_margins():
    # P = N: a table and its mirror are equally likely, whatever the rounding
    total, positives = 2_000, 1_000
    drawn = np.arange(0, total + 1, 13)
    tp = np.random.default_rng(3).hypergeometric(positives, total - positives, drawn)
    counts = BinaryCounts(
        tn=total - positives - drawn + tp, fp=drawn - tp, fn=positives - tp, tp=tp
    )
    theirs = [
        stats.fisher_exact([[t, positives - t], [d - t, total - positives - d + t]]).pvalue
        for t, d in zip(tp, drawn, strict=True)
    ]
    assert_allclose(fisher_exact_pvalues(counts), theirs, rtol=1e-10)
    # no rows predicted positive, all of them, a single class, the mode itself: p = 1
    degenerate = BinaryCounts(
        tn=[5, 0, 0, 5, 2], fp=[0, 5, 0, 0, 2], fn=[4, 0, 0, 0, 2], tp=[0, 4, 3, 0, 2]
    )
    assert_allclose(fisher_exact_pvalues(degenerate), 1.0)
    assert len(fisher_exact_pvalues(BinaryCounts(tn=[], fp=[], fn=[], tp=[]))) == 0


def test_benjamini_hochberg_equals_scipy():
    rng = np.random.default_rng(5)
    p = rng.random(200) ** 3
    assert_allclose(benjamini_hochberg(p), stats.false_discovery_control(p), rtol=1e-12)
    with_gap = np.array([0.01, np.nan, 0.04])
    adjusted = benjamini_hochberg(with_gap)
    assert np.isnan(adjusted[1])
    assert_allclose(adjusted[[0, 2]], stats.false_discovery_control([0.01, 0.04]))


def test_pure_noise_features_are_not_selected_under_fdr_and_signal_is():
    rng = np.random.default_rng(6)
    y = rng.integers(0, 2, 400)
    noise = rng.integers(0, 2, (400, 60))
    signal = np.where(rng.random(400) < 0.8, y, 1 - y)[:, None]
    data = np.hstack([signal, noise])
    sig = signature(data, y)
    p = sig.pvalues()
    assert p[0] < 1e-20
    assert np.mean(p[1:] > 0.05) > 0.3  # noise p-values are spread out
    chosen = sig.select(fdr=0.05)
    assert chosen.tolist() == [0]
    assert len(sig.select()) > 1  # without the FDR control, noise passes the geometric rule
    soft = signature(rng.normal(size=(50, 2)), y[:50])
    with pytest.raises(ValueError, match="soft counts"):
        soft.pvalues("fisher")
    # the default is the test every door uses (it raised "Fisher p-values need integer counts")
    assert_array_equal(soft.pvalues(), soft.default_pvalues()[0])
    assert_array_equal(soft.pvalues(), soft.pvalues("permutation"))
    assert_array_equal(p, sig.pvalues("fisher"))  # binary features: Fisher's, as before


@pytest.mark.parametrize(
    "function",
    [fisher_exact_pvalues, benjamini_hochberg, Signature.pvalues, Signature.select],
    ids=lambda f: f.__qualname__,
)
def test_docstrings_have_the_numpydoc_sections(function):
    docscrape = pytest.importorskip("numpydoc.docscrape")
    import inspect

    doc = docscrape.FunctionDoc(function)
    documented = {p.name for p in doc["Parameters"]}
    expected = set(inspect.signature(function).parameters) - {"self"}
    assert documented == expected
    assert doc["Summary"]
    assert doc["Returns"]
    assert doc["Raises"]
    assert doc["References"]
    assert ">>>" in "\n".join(doc["Examples"])


def test_fdr_defaults_to_the_test_every_door_shows():
    """Best cuts chosen from the data: Fisher's test ignores the choice and flags noise; the
    default (``"auto"``) is the signature's own test, the permutation test, as in the report,
    the web page and ``stats --fdr``."""
    from phidelta.rendering import PhiDeltaDisplay

    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 200)
    sig = signature(rng.normal(size=(200, 200)), y, numeric="threshold")
    assert sig.default_test() == "permutation"
    assert len(sig.select(fdr=0.05, pvalues="fisher")) > 0  # what the old default selected
    assert sig.select(fdr=0.05).tolist() == []
    expected = sig.select(fdr=0.5, pvalues=sig.default_pvalues()[0])
    assert sig.select(fdr=0.5).tolist() == expected.tolist()
    pytest.importorskip("matplotlib")
    display = PhiDeltaDisplay.from_signature(sig, fdr=0.5)
    assert np.flatnonzero(display.significant_).tolist() == sorted(expected.tolist())
