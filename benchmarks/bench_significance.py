"""Which features are more than noise, at scale: phidelta against its anchors, in one process.

Targets (issue 17, "Performance"):

* Fisher p-values of 50,000 features in under 1 s (anchor: ``scipy.stats.fisher_exact`` in a
  loop, timed on a sample and extrapolated);
* a 1,000-permutation test of 1,000 soft features on 10⁴ rows in under 10 s (anchor:
  ``scipy.stats.permutation_test``, vectorized, on a few features and extrapolated);
* a dense soft signature of 10⁵ × 10³ floats within 3× one ``y @ X`` product (what every
  permutation of a naive test would recompute);
* φ-δ confidence regions of 10⁶ entries in under 1 s (``inference.phi_delta_region``).

Also reported, without a target: the permutation test of threshold features (the best cut
re-optimized in every permutation). Times are medians of ``--repeat`` runs: the machine is
shared, so look at the ratios. Run ``python benchmarks/bench_significance.py [--scale 0.1]``.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import numpy as np
from scipy import stats

from phidelta import BinaryCounts
from phidelta.inference import fisher_exact_pvalues, phi_delta_region
from phidelta.signatures import signature


def median_time(function: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """Median wall time of ``repeat`` calls, and the last result."""
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - start)
    return float(np.median(times)), result


def verdict(ok: bool) -> str:
    return "target met" if ok else "TARGET MISSED"


def bench_fisher(scale: float, repeat: int) -> None:
    n_features = int(50_000 * scale)
    rng = np.random.default_rng(0)
    print(f"Fisher p-values, {n_features:,} features")
    cases = {
        # a signature: shared class margins, Zipf-like "present" counts (a bag of words)
        "signature-like (10⁵ rows, Zipf presence)": (100_000, 0.02, "zipf"),
        # the worst case for sharing: every feature its own "present" count
        "uniform presence (10⁴ rows)": (10_000, 0.5, "uniform"),
    }
    for label, (n_rows, prevalence, law) in cases.items():
        n_pos = int(n_rows * prevalence) if law == "zipf" else n_rows // 2
        n_neg = n_rows - n_pos
        if law == "zipf":
            present = np.minimum(rng.zipf(1.3, n_features), n_rows)
        else:
            present = rng.integers(0, n_rows + 1, n_features)
        tp = rng.hypergeometric(n_pos, n_neg, present)
        counts = BinaryCounts(tn=n_neg - (present - tp), fp=present - tp, fn=n_pos - tp, tp=tp)
        ours, p = median_time(lambda c=counts: fisher_exact_pvalues(c), repeat)
        sample = rng.choice(n_features, 300, replace=False)
        start = time.perf_counter()
        anchor = [
            stats.fisher_exact(
                [
                    [int(tp[i]), int(n_pos - tp[i])],
                    [int(present[i] - tp[i]), int(n_neg - present[i] + tp[i])],
                ]
            ).pvalue
            for i in sample
        ]
        per_table = (time.perf_counter() - start) / len(sample)
        loop = per_table * n_features
        error = float(np.max(np.abs(p[sample] - anchor) / np.maximum(anchor, 1e-300)))
        print(f"  {label}")
        print(f"    scipy fisher_exact loop  {loop:8.3f} s  (extrapolated from {len(sample)})")
        print(
            f"    phidelta                 {ours:8.3f} s  {loop / ours:7.1f}× faster, "
            f"max rel. diff {error:.1e}   < 1 s: {verdict(ours < 1.0)}"
        )


def bench_permutation(scale: float, repeat: int) -> None:
    n_rows, n_features, b = int(10_000 * scale), 1_000, 1_000
    rng = np.random.default_rng(1)
    y = rng.permutation(np.arange(n_rows) % 2)
    x = rng.normal(size=(n_rows, n_features)) + 0.05 * y[:, None]
    sig = signature(x, y)
    print(f"permutation test, {b:,} permutations, {n_features:,} soft features, {n_rows:,} rows")
    ours, p = median_time(
        lambda: sig.pvalues("permutation", n_permutations=b, random_state=0), max(1, repeat // 2)
    )
    few = 3
    pos = y == 1

    def gap(a: np.ndarray, c: np.ndarray, axis: int) -> np.ndarray:
        return np.abs(np.mean(a, axis=axis) - np.mean(c, axis=axis))

    start = time.perf_counter()
    anchor = [
        stats.permutation_test(
            (x[pos, j], x[~pos, j]),
            gap,
            n_resamples=b,
            alternative="greater",
            vectorized=True,
            random_state=j,
        ).pvalue
        for j in range(few)
    ]
    loop = (time.perf_counter() - start) / few * n_features
    spread = np.sqrt(np.array(anchor) * (1 - np.array(anchor)) / b) * 2 * 4.5 + 2 / b
    agree = bool(np.all(np.abs(p[:few] - anchor) <= spread))
    print(f"  scipy permutation_test    {loop:8.3f} s  (extrapolated from {few} features)")
    print(
        f"  phidelta                  {ours:8.3f} s  {loop / ours:7.1f}× faster, "
        f"same p-values within Monte Carlo error: {agree}   < 10 s: {verdict(ours < 10.0)}"
    )
    m_thr = 100
    thr = signature(x[:, :m_thr], y, numeric="threshold")
    t_thr, _ = median_time(lambda: thr.pvalues("permutation", n_permutations=b, random_state=0), 1)
    print(
        f"  threshold mode (cut re-optimized), {m_thr} features: {t_thr:8.3f} s "
        f"(≈ {t_thr * n_features / m_thr:.0f} s for {n_features:,}; no target)"
    )


def bench_dense_signature(scale: float, repeat: int) -> None:
    rows, cols = int(100_000 * scale), 1_000
    rng = np.random.default_rng(2)
    x = rng.normal(size=(rows, cols))
    labels = (rng.random(rows) < 0.3).astype(np.int64)
    y = labels.astype(np.float64)
    ratios, floors, ours = [], [], []
    for _ in range(repeat):  # interleaved: both see the same load
        floor, _ = median_time(lambda: y @ x, 1)
        t, _ = median_time(lambda: signature(x, labels), 1)
        floors.append(floor)
        ours.append(t)
        ratios.append(t / floor)
    ratio = float(np.median(ratios))
    print(f"dense soft signature, {rows:,} × {cols:,}")
    print(f"  y @ X                     {np.median(floors):8.3f} s")
    print(
        f"  phidelta signature        {np.median(ours):8.3f} s  ratio {ratio:5.2f}× "
        f"(runs {min(ratios):.2f}–{max(ratios):.2f})   ≤ 3×: {verdict(ratio <= 3.0)}"
    )


def bench_regions(scale: float, repeat: int) -> None:
    n = int(1_000_000 * scale)
    rng = np.random.default_rng(3)
    positives = rng.integers(10, 10_000, n)
    negatives = rng.integers(10, 10_000, n)
    tp = rng.binomial(positives, rng.random(n))
    tn = rng.binomial(negatives, rng.random(n))
    counts = BinaryCounts(tn=tn, fp=negatives - tn, fn=positives - tp, tp=tp)
    # the features (or folds) of one data set share their class sizes P and N: the rate
    # intervals then repeat, and the exact bounds are computed once per distinct count
    shared = BinaryCounts(
        tn=rng.binomial(7_000, rng.random(n)),
        fp=np.zeros(n, dtype=np.int64),
        fn=np.zeros(n, dtype=np.int64),
        tp=rng.binomial(3_000, rng.random(n)),
    )
    shared = BinaryCounts(tn=shared.tn, fp=7_000 - shared.tn, fn=3_000 - shared.tp, tp=shared.tp)
    for title, batch in (
        (f"{n:,} entries of one data set (P = 3,000, N = 7,000)", shared),
        (f"{n:,} entries, each of its own data set (P, N drawn in 10..10⁴)", counts),
    ):
        print(f"φ-δ regions, {title}")
        for method in ("exact", "wilson"):
            t, _ = median_time(lambda m=method, b=batch: phi_delta_region(b, method=m), repeat)
            print(f"  {method:7s}                   {t:8.3f} s   < 1 s: {verdict(t < 1.0)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--scale", type=float, default=1.0, help="shrink the sizes (e.g. 0.1)")
    parser.add_argument("--repeat", type=int, default=5, help="runs per timing (median)")
    args = parser.parse_args()
    bench_fisher(args.scale, args.repeat)
    bench_permutation(args.scale, args.repeat)
    bench_dense_signature(args.scale, args.repeat)
    bench_regions(args.scale, args.repeat)


if __name__ == "__main__":
    main()
