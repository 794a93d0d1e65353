"""Comparing two ROC curves at 10⁵ rows: the paired bootstrap test of two AUCs and
Venkatraman's permutation test, against the loops users write (issue 30, "Proven").

Targets:

* ``phidelta.inference.roc_test(..., method="bootstrap")`` with 2,000 resamples of 10⁵ rows
  ≥ 20× faster than the scikit-learn loop: draw row indices with NumPy, ``roc_auc_score`` of
  both scorers on the resampled rows, D = difference / standard deviation of the resampled
  differences. The loop is timed on ``--loop-resamples`` and extrapolated (its cost is linear
  in the resamples).
* ``phidelta.inference.roc_test(..., method="venkatraman")`` with 2,000 permutations of 10⁵
  rows with no Python loop over a permutation's rows. The anchor is pROC's algorithm as a
  NumPy loop over permutations (exchange each row's ranks with probability 1/2, jitter, rank
  again with ``argsort``, sum the absolute differences of the error counts), timed on
  ``--loop-permutations`` and extrapolated.

Times are the best of ``--repeat`` runs (the machine is shared).
Run ``python benchmarks/bench_roc_tests.py [--n 100000] [--resamples 2000]``.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from phidelta import inference


def sklearn_loop(y: np.ndarray, a: np.ndarray, b: np.ndarray, resamples: int) -> float:
    """The paired bootstrap users write with scikit-learn: D of the two AUCs."""
    from sklearn.metrics import roc_auc_score

    rng = np.random.default_rng(2)
    n = len(y)
    differences = np.empty(resamples)
    for i in range(resamples):
        rows = rng.integers(0, n, n)
        differences[i] = roc_auc_score(y[rows], a[rows]) - roc_auc_score(y[rows], b[rows])
    return (roc_auc_score(y, a) - roc_auc_score(y, b)) / differences.std(ddof=1)


def venkatraman_loop(y: np.ndarray, a: np.ndarray, b: np.ndarray, permutations: int) -> float:
    """pROC's paired permutation test, one permutation at a time (NumPy within each)."""
    rng = np.random.default_rng(3)
    n = len(y)
    sign = np.where(y, 1, -1)
    r = np.empty(n)
    s = np.empty(n)
    r[np.argsort(a, kind="stable")] = np.arange(1, n + 1)
    s[np.argsort(b, kind="stable")] = np.arange(1, n + 1)

    def statistic(rank_r: np.ndarray, rank_s: np.ndarray) -> int:
        cum_r = np.cumsum(sign[np.argsort(rank_r, kind="stable")])
        cum_s = np.cumsum(sign[np.argsort(rank_s, kind="stable")])
        return int(np.abs(cum_s - cum_r).sum())

    observed = statistic(r, s)
    reached = 0
    for _ in range(permutations):
        kept = rng.random(n) < 0.5
        r3 = np.where(kept, r + rng.random(n) - 0.5, s)
        s3 = np.where(kept, s + rng.random(n) - 0.5, r)
        reached += statistic(r3, s3) >= observed
    return (reached + 1) / (permutations + 1)


def best(repeat: int, run) -> tuple[float, object]:
    fastest, result = np.inf, None
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        fastest = min(fastest, time.perf_counter() - start)
    return fastest, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=100_000)
    parser.add_argument("--resamples", type=int, default=2000)
    parser.add_argument("--loop-resamples", type=int, default=40)
    parser.add_argument("--loop-permutations", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    y = rng.random(args.n) < 0.4
    latent = rng.normal(size=args.n)
    a = 1.0 * y + latent
    b = 0.8 * y + 0.7 * latent + 0.7 * rng.normal(size=args.n)

    print(f"Paired bootstrap test of two AUCs: {args.resamples:,} resamples of {args.n:,} rows")
    sklearn_loop(y[:1000], a[:1000], b[:1000], 2)  # warm (imports, dispatch)
    start = time.perf_counter()
    sklearn_loop(y, a, b, args.loop_resamples)
    loop_time = (time.perf_counter() - start) * args.resamples / args.loop_resamples
    times = {}
    for workers in (1, -1):
        times[workers], res = best(
            args.repeat,
            lambda w=workers: inference.roc_test(
                (y, a),
                (y, b),
                method="bootstrap",
                n_resamples=args.resamples,
                random_state=1,
                workers=w,
            ),
        )
    ratio = loop_time / times[-1]
    print(
        f"  scikit-learn loop (roc_auc_score ×2)  {loop_time:8.2f} s  (extrapolated from "
        f"{args.loop_resamples} resamples)"
    )
    print(
        f"  phidelta, workers=1                   {times[1]:8.2f} s  {loop_time / times[1]:6.1f}×"
    )
    print(f"  phidelta, every CPU                   {times[-1]:8.2f} s  {ratio:6.1f}×")
    print(f"  D = {res.statistic:.3f}; target ≥ 20×: {'met' if ratio >= 20 else 'NOT met'}")

    print(f"Venkatraman's paired test: {args.resamples:,} permutations of {args.n:,} rows")
    start = time.perf_counter()
    venkatraman_loop(y, a, b, args.loop_permutations)
    loop_time = (time.perf_counter() - start) * args.resamples / args.loop_permutations
    for workers in (1, -1):
        times[workers], res = best(
            args.repeat,
            lambda w=workers: inference.roc_test(
                (y, a),
                (y, b),
                method="venkatraman",
                n_resamples=args.resamples,
                random_state=1,
                workers=w,
            ),
        )
    print(
        f"  NumPy loop over permutations          {loop_time:8.2f} s  (extrapolated from "
        f"{args.loop_permutations} permutations)"
    )
    print(
        f"  phidelta, workers=1                   {times[1]:8.2f} s  {loop_time / times[1]:6.1f}×"
    )
    print(
        f"  phidelta, every CPU                   {times[-1]:8.2f} s  {loop_time / times[-1]:6.1f}×"
    )
    print(
        f"  E = {res.statistic:.0f}, p = {res.pvalue:.4f} "
        "(no Python loop over a permutation's rows)"
    )


if __name__ == "__main__":
    main()
