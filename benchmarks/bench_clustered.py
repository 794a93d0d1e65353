"""Clustered data (issue 29, item 3): coverage of nominal 95 % intervals when rows come in
groups, and the speed of the cluster bootstrap.

Data: G groups (patients) of m rows each; half the groups are positive, half negative (the class
is a patient's, as with several images of one patient), and each row's score is
y + √ICC·u_g + √(1 − ICC)·e with u_g (the group's) and e (the row's) standard normal, so that
ICC is the correlation of two rows of one group. The population's AUC is Φ(1/√2) = 0.7602 and
its sensitivity at the cut 0.5 is Φ(0.5) = 0.6915, whatever ICC.

Columns (coverage in percent over ``--simulations`` data sets):

* DeLong — the AUC's interval that treats rows as independent
  (:func:`~phidelta.inference.auc_confidence_interval`);
* Obu — Obuchowski's clustered interval (the same function with ``groups``);
* CB-AUC — the cluster bootstrap's percentile interval of the AUC
  (:func:`~phidelta.inference.table_bootstrap_interval` with ``groups``);
* Wilson — sensitivity's Wilson interval (rows as independent);
* CB-Se — sensitivity by the cluster bootstrap's BCa interval
  (:func:`~phidelta.inference.measure_intervals` with ``groups``).

Then the time of 2,000 cluster-bootstrap resamples of the AUC and of every registry measure at
G = 10⁴ groups of 10 rows.

``--part multiclass``: three classes, a row right with probability expit(1 + s·u_g) (u_g the
group's skill, s the spread; the population accuracy E[expit(1 + s·u)] by Gauss–Hermite
quadrature), the coverage of the accuracy's percentile interval by the rows' bootstrap
(Rows-Acc) and the cluster bootstrap (CB-Acc) of :func:`~phidelta.inference.matrix_intervals`.

``--part mcnemar``: two exchangeable classifiers (the null hypothesis), scores y + √ICC·u_g +
√(1 − ICC)·e per classifier (each its own group shift), cut at 0.5: the share of data sets that
McNemar's test (rows as independent, :func:`~phidelta.inference.mcnemar_discordant_test`) and
the clustered test (:func:`~phidelta.inference.clustered_mcnemar_test`) reject at 5 %.

Run ``python benchmarks/bench_clustered.py [--part binary|multiclass|mcnemar|all]``.
"""

from __future__ import annotations

import argparse
import itertools
import time

import numpy as np
from scipy import stats

from phidelta.counts import BinaryCounts, ConfusionMatrix, ScoreTable
from phidelta.inference import (
    auc_confidence_interval,
    clustered_mcnemar_test,
    matrix_intervals,
    mcnemar_discordant_test,
    measure_intervals,
    table_bootstrap_interval,
    wilson_interval,
)
from phidelta.measures import auc

TRUE_AUC = float(stats.norm.cdf(1 / np.sqrt(2)))
CUT = 0.5
TRUE_SENSITIVITY = float(stats.norm.cdf(1 - CUT))


def sample(groups: int, size: int, icc: float, rng: np.random.Generator) -> tuple[np.ndarray, ...]:
    """Labels, scores and group ids of one data set."""
    group = np.repeat(np.arange(groups), size)
    y = (group < groups // 2).astype(int)
    scores = y + np.sqrt(icc) * rng.standard_normal(groups)[group]
    scores += np.sqrt(1 - icc) * rng.standard_normal(groups * size)
    return y, scores, group


def coverage(groups: int, size: int, icc: float, simulations: int, boot: int, seed: int) -> list:
    rng = np.random.default_rng(seed)
    hits = np.zeros(5)
    boot_hits = np.zeros(2)
    for i in range(simulations):
        y, s, g = sample(groups, size, icc, rng)
        table = ScoreTable.from_scores(y, s)
        tables, _ = ScoreTable.from_groups(y, s, g)
        naive = auc_confidence_interval(table)
        clustered = auc_confidence_interval(table, groups=tables)
        hits[0] += naive.low <= TRUE_AUC <= naive.high
        hits[1] += clustered.low <= TRUE_AUC <= clustered.high
        predicted = (s >= CUT).astype(int)
        counts = BinaryCounts.from_labels(y, predicted)
        wil = wilson_interval(counts.tp, counts.tp + counts.fn)
        hits[3] += wil.low[0] <= TRUE_SENSITIVITY <= wil.high[0]
        if i < boot:
            iv = table_bootstrap_interval(
                table, auc, groups=tables, n_resamples=1000, random_state=i
            )
            boot_hits[0] += iv.low[0] <= TRUE_AUC <= iv.high[0]
            res = measure_intervals(
                counts,
                measures=["sensitivity"],
                groups=BinaryCounts.from_groups(y, predicted, g),
                n_resamples=1000,
                random_state=i,
            )
            boot_hits[1] += (
                res.low["sensitivity"][0] <= TRUE_SENSITIVITY <= res.high["sensitivity"][0]
            )
    done = 100 * hits / simulations
    done[2] = 100 * boot_hits[0] / boot
    done[4] = 100 * boot_hits[1] / boot
    return done.tolist()


def timing() -> None:
    rng = np.random.default_rng(0)
    y, s, g = sample(10_000, 10, 0.5, rng)
    table = ScoreTable.from_scores(y, s)
    tables, _ = ScoreTable.from_groups(y, s, g)
    start = time.perf_counter()
    auc_confidence_interval(table, groups=tables)
    obu = time.perf_counter() - start
    start = time.perf_counter()
    table_bootstrap_interval(table, auc, groups=tables, n_resamples=2000, random_state=0)
    boot = time.perf_counter() - start
    predicted = (s >= CUT).astype(int)
    counts = BinaryCounts.from_labels(y, predicted)
    per_group = BinaryCounts.from_groups(y, predicted, g)
    start = time.perf_counter()
    measure_intervals(counts, groups=per_group, random_state=0)
    every = time.perf_counter() - start
    print(
        f"\n10⁵ rows in 10⁴ groups: Obuchowski {obu * 1e3:.0f} ms; 2,000 cluster-bootstrap "
        f"resamples of the AUC {boot:.2f} s; every registry measure, 2,000 resamples {every:.2f} s"
    )


def multiclass_coverage(groups: int, size: int, spread: float, simulations: int, seed: int) -> list:
    """Coverage of the accuracy's percentile interval: rows' bootstrap, cluster bootstrap."""
    nodes, weights = np.polynomial.hermite_e.hermegauss(80)  # E over u ~ N(0, 1)
    truth = float(np.sum(weights / (1 + np.exp(-(1 + spread * nodes)))) / weights.sum())
    rng = np.random.default_rng(seed)
    hits = np.zeros(2)
    for i in range(simulations):
        group = np.repeat(np.arange(groups), size)
        y = rng.integers(0, 3, groups * size)
        skill = rng.standard_normal(groups)[group]
        right = rng.random(groups * size) < 1 / (1 + np.exp(-(1 + spread * skill)))
        p = np.where(right, y, (y + rng.integers(1, 3, groups * size)) % 3)
        cm = ConfusionMatrix.from_labels(y, p, classes=[0, 1, 2])
        per = ConfusionMatrix.from_groups(y, p, group, classes=[0, 1, 2])
        kw = {"method": "percentile", "n_resamples": 1000, "random_state": i}
        for j, extra in enumerate(({}, {"groups": per})):
            iv = matrix_intervals(cm, ["accuracy"], **kw, **extra)
            hits[j] += iv.low["accuracy"][0] <= truth <= iv.high["accuracy"][0]
    return (100 * hits / simulations).tolist()


def mcnemar_size(groups: int, size: int, icc: float, simulations: int, seed: int) -> list:
    """Rejections at 5 % under the null: McNemar's test, the clustered test."""
    rng = np.random.default_rng(seed)
    rejected = np.zeros(2)
    for _ in range(simulations):
        group = np.repeat(np.arange(groups), size)
        y = rng.integers(0, 2, groups * size)
        shift = np.sqrt(icc) * rng.standard_normal((2, groups))[:, group]
        a, b = y + shift + np.sqrt(1 - icc) * rng.standard_normal((2, groups * size))
        right_a, right_b = (a >= CUT) == y, (b >= CUT) == y
        only_a = np.bincount(group, weights=right_a & ~right_b, minlength=groups).astype(int)
        only_b = np.bincount(group, weights=~right_a & right_b, minlength=groups).astype(int)
        rejected[0] += mcnemar_discordant_test(int(only_a.sum()), int(only_b.sum())).pvalue < 0.05
        rejected[1] += clustered_mcnemar_test(only_a, only_b).pvalue < 0.05
    return (100 * rejected / simulations).tolist()


def other_grids(part: str, simulations: int) -> None:
    grid = list(itertools.product((20, 50, 200), (2, 5, 20)))
    if part in ("multiclass", "all"):
        print(f"\n{'G':>5} {'m':>3} {'s':>4}  {'Rows-Acc':>8} {'CB-Acc':>8}")
        print("-" * 34)
        for seed, ((groups, size), spread) in enumerate(itertools.product(grid, (0.0, 1.5, 3.0))):
            row = multiclass_coverage(groups, size, spread, simulations, seed)
            print(f"{groups:>5} {size:>3} {spread:>4.1f}  " + " ".join(f"{v:8.1f}" for v in row))
    if part in ("mcnemar", "all"):
        print(f"\n{'G':>5} {'m':>3} {'ICC':>4}  {'McNemar':>8} {'clustered':>9}  (% rejected)")
        print("-" * 36)
        for seed, ((groups, size), icc) in enumerate(itertools.product(grid, (0.0, 0.5, 0.9))):
            row = mcnemar_size(groups, size, icc, 5 * simulations, seed)
            print(f"{groups:>5} {size:>3} {icc:>4.1f}  {row[0]:8.1f} {row[1]:9.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--simulations", type=int, default=2000)
    parser.add_argument("--boot-simulations", type=int, default=400)
    parser.add_argument(
        "--part", choices=("binary", "multiclass", "mcnemar", "all"), default="binary"
    )
    args = parser.parse_args()
    if args.part != "binary":
        other_grids(args.part, args.boot_simulations)
        if args.part != "all":
            return
    names = ("DeLong", "Obu", "CB-AUC", "Wilson", "CB-Se")
    print(f"{'G':>5} {'m':>3} {'ICC':>4}  " + " ".join(f"{name:>6}" for name in names), flush=True)
    print("-" * 50)
    for seed, (groups, size, icc) in enumerate(
        itertools.product((20, 50, 200), (2, 5, 20), (0.0, 0.5, 0.9))
    ):
        row = coverage(groups, size, icc, args.simulations, args.boot_simulations, seed)
        print(
            f"{groups:>5} {size:>3} {icc:>4.1f}  " + " ".join(f"{v:6.1f}" for v in row), flush=True
        )
    timing()


if __name__ == "__main__":
    main()
