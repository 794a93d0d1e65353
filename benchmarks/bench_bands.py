"""A ROC band: 2,000 stratified resamples at 10⁶ rows, against the loop users write with
scikit-learn.

Ours: ``ScoreTable.from_scores`` then ``inference.roc_band(table, n_resamples=2000)``
(101 false positive rates, pointwise and sup-t bands); the table is built inside the timing.
The anchor is the loop one writes with scikit-learn: per resample, draw the positives' and
the negatives' row indices apart (stratified, as pROC does), ``sklearn.metrics.roc_curve`` on
the resampled rows, ``np.interp`` of its TPR at the grid; then the percentile band. Its cost
is linear in the resamples, so it is timed on ``--anchor-resamples`` and extrapolated (the
printed line says so). Both pointwise bands must agree within Monte Carlo error. Times are
the best of ``--repeat`` runs (the machine is shared).
Run ``python benchmarks/bench_bands.py [--n 1000000] [--resamples 2000]``.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from phidelta import inference
from phidelta.counts import ScoreTable


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=1_000_000)
    parser.add_argument("--resamples", type=int, default=2000)
    parser.add_argument("--anchor-resamples", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    from sklearn.metrics import roc_curve

    rng = np.random.default_rng(0)
    y = rng.random(args.n) < 0.3
    scores = rng.normal(size=args.n) + y
    grid = np.linspace(0, 1, 101)

    best, band = np.inf, None
    for _ in range(args.repeat):
        start = time.perf_counter()
        table = ScoreTable.from_scores(y, scores)
        band = inference.roc_band(table, grid=grid, n_resamples=args.resamples, random_state=1)
        best = min(best, time.perf_counter() - start)
    ours = best

    positives, negatives = np.flatnonzero(y), np.flatnonzero(~y)
    best, rows = np.inf, None
    for _ in range(max(1, args.repeat - 1)):
        loop_rng = np.random.default_rng(2)
        start = time.perf_counter()
        rows = []
        for _ in range(args.anchor_resamples):
            index = np.concatenate(
                [
                    loop_rng.choice(positives, len(positives)),
                    loop_rng.choice(negatives, len(negatives)),
                ]
            )
            fpr, tpr, _ = roc_curve(y[index], scores[index])
            rows.append(np.interp(grid, fpr, tpr))
        np.quantile(np.array(rows), [0.025, 0.975], axis=0)
        best = min(best, time.perf_counter() - start)
    loop = best * args.resamples / args.anchor_resamples

    assert band is not None
    assert rows is not None
    spread = np.array(rows).std(axis=0)
    middle = slice(10, 91)
    agree = np.allclose(
        band.tpr[middle], np.array(rows).mean(axis=0)[middle], atol=4 * spread[middle].max()
    )
    print(f"ROC band, {args.n:,} rows, {args.resamples:,} stratified resamples, 101 FPRs")
    print(f"  phidelta roc_band (table included)   {ours:8.3f} s")
    print(
        f"  scikit-learn loop (roc_curve+interp) {loop:8.1f} s  (extrapolated from "
        f"{args.anchor_resamples} resamples)"
    )
    print(f"  ratio                                {loop / ours:8.0f}x")
    print(f"  loop's mean TPR within the band's Monte Carlo error: {agree}")


if __name__ == "__main__":
    main()
