"""The AUC's bootstrap interval: 10,000 stratified resamples of 10⁴ scores, against SciPy and
against the loop users write with scikit-learn; ``--n 1000000 --resamples 2000`` for 10⁶ rows.

Target (issue 16): ``inference.table_bootstrap_interval(table, measures.auc,
n_resamples=10_000)`` on 10⁴ scores in under 1 s, with no Python loop per resample. The
anchor is ``scipy.stats.bootstrap`` with the two classes resampled apart (as pROC does) and
the AUC as the Mann–Whitney U / (P·N), vectorized; it is timed on fewer resamples and
extrapolated (its cost is linear in the resamples). Both intervals must agree within Monte
Carlo error. Times are the best of ``--repeat`` runs (the machine is shared).

Target (issue 29): ≥ 20× faster than the scikit-learn loop (draw row indices with NumPy,
``roc_auc_score`` of the resampled rows), both for 10⁴ resamples of 10⁴ rows and for 2,000
resamples of 10⁶ rows; the loop is timed on ``--loop-resamples`` and extrapolated.
Run ``python benchmarks/bench_bootstrap.py [--n 10000] [--resamples 10000]``.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from scipy import stats

from phidelta import inference, measures
from phidelta.counts import ScoreTable


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=10_000)
    parser.add_argument("--resamples", type=int, default=10_000)
    parser.add_argument("--anchor-resamples", type=int, default=500)
    parser.add_argument("--loop-resamples", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    y = rng.random(args.n) < 0.5
    scores = rng.normal(size=args.n) + y
    table = ScoreTable.from_scores(y, scores)

    def ours(workers: int) -> tuple[float, inference.Interval]:
        best, result = np.inf, None
        for repeat in range(args.repeat):
            start = time.perf_counter()
            result = inference.table_bootstrap_interval(
                table,
                measures.auc,
                n_resamples=args.resamples,
                random_state=repeat,
                workers=workers,
            )
            best = min(best, time.perf_counter() - start)
        return best, result

    def auc_statistic(positives: np.ndarray, negatives: np.ndarray, axis: int = -1) -> np.ndarray:
        u = stats.mannwhitneyu(positives, negatives, axis=axis).statistic
        return u / (positives.shape[axis] * negatives.shape[axis])

    from sklearn.metrics import roc_auc_score

    draw = np.random.default_rng(2)
    roc_auc_score(y, scores)  # warm (imports, dispatch) before timing
    start = time.perf_counter()
    for _ in range(args.loop_resamples):
        rows = draw.integers(0, args.n, args.n)
        roc_auc_score(y[rows], scores[rows])
    loop_time = (time.perf_counter() - start) * args.resamples / args.loop_resamples
    if args.n > 100_000:
        args.anchor_resamples = min(args.anchor_resamples, 5)  # Mann–Whitney on 10⁶ is slow
    start = time.perf_counter()
    anchor = stats.bootstrap(
        (scores[y], scores[~y]),
        auc_statistic,
        n_resamples=args.anchor_resamples,
        method="percentile",
        vectorized=True,
        random_state=1,
    )
    scipy_time = (time.perf_counter() - start) * args.resamples / args.anchor_resamples
    serial, _ = ours(1)
    parallel, interval = ours(-1)
    low, high = anchor.confidence_interval
    width = high - low
    agree = abs(interval.low[0] - low) < 0.1 * width and abs(interval.high[0] - high) < 0.1 * width
    print(f"AUC bootstrap: {args.resamples:,} resamples of {args.n:,} scores (P and N fixed)")
    print(
        f"  scipy.stats.bootstrap (Mann-Whitney)  {scipy_time:8.3f} s  (extrapolated from "
        f"{args.anchor_resamples} resamples)"
    )
    print(
        f"  scikit-learn loop (roc_auc_score)     {loop_time:8.3f} s  (extrapolated from "
        f"{args.loop_resamples} resamples)"
    )
    print(f"  phidelta, workers=1                   {serial:8.3f} s  {scipy_time / serial:7.1f}×")
    print(
        f"  phidelta, every CPU                   {parallel:8.3f} s  {scipy_time / parallel:7.1f}×"
        f"   < 1 s: {'yes' if parallel < 1 else 'NO'}"
    )
    ratio = loop_time / parallel
    print(
        f"  phidelta against the scikit-learn loop: {ratio:.1f}× faster "
        f"(target ≥ 20×: {'met' if ratio >= 20 else 'NOT met'})"
    )
    if args.anchor_resamples < 100:
        print(f"  (SciPy's interval from {args.anchor_resamples} resamples: not compared)")
        return
    print(
        f"  intervals agree within Monte Carlo error: {agree} "
        f"(phidelta [{interval.low[0]:.4f}, {interval.high[0]:.4f}], "
        f"SciPy [{low:.4f}, {high:.4f}])"
    )


if __name__ == "__main__":
    main()
