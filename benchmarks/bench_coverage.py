"""Coverage of nominal 95 % intervals on the full grid (issue 29, "Proven, not assumed").

For n ∈ {30, 100, 1,000, 10,000} × prevalence ∈ {1 %, 10 %, 50 %} × three pairs of true
rates (sensitivity, specificity), tables are drawn as multinomial samples of n from the
population's four cell probabilities, and the share of intervals containing the population's
value is printed, in percent, per method:

* Wil, CP, Jef, AC — sensitivity by Wilson, Clopper–Pearson, Jeffreys, Agresti–Coull;
* F1 — F1 by the mapped Wilson interval of the Jaccard index; New — δ by Newcombe;
* Katz — LR+ by Katz's log method; Woolf — the odds ratio; κ-FCE, κ-C60 — κ by Fleiss,
  Cohen & Everitt's and by Cohen's 1960 (PyCM's) standard error;
* MCC-B, MCC-P — MCC by the BCa and the percentile bootstrap on counts; G-B — G-mean by BCa.

The closed forms use ``--simulations`` tables per row, the bootstrap ``--boot-simulations``
tables of ``--resamples`` resamples each. Coverage is among the tables whose interval is
defined (a zero denominator, e.g. no positive at all, leaves the measure and its interval
undefined); ``nan`` where none is. ``min`` is the smallest expected cell count n·min π; the
validity condition of the closed forms (tests/test_coverage.py) is min ≥ 10, and rows that
fail it are marked ``*``. Run ``python benchmarks/bench_coverage.py``.

The second table is the multi-class intervals' (issue 29, item 6): three classes with shares
(1 − 2π, π, π) for π ∈ {1 %, 10 %, ⅓} (π = ⅓: balanced), a classifier that gets each class right
with probability r ∈ {0.6, 0.8, 0.95} and spreads its errors evenly, n ∈ {30, 100, 1,000,
10,000}; ``--matrix-simulations`` tables of n rows per row, each bootstrapped by
:func:`phidelta.inference.matrix_intervals` with ``--resamples`` resamples of its rows:

* mF1, µF1, wF1, mRec — the macro, micro and weighted F1 and the macro recall (BCa);
* κ-B, κ-FCE — Cohen's κ by BCa and by the closed form (Fleiss, Cohen & Everitt's SE,
  :func:`~phidelta.inference.cohen_kappa_interval`, on ``--simulations`` tables);
* MCC-B, MCC-P — Gorodkin's multi-class MCC by BCa and percentile;
* ΔH′, 2MI′, VI′ — the entropy triangle's coordinates (BCa); 2MI′-P by percentile.

``min`` is again n·min π_cell, ``*`` below 10. ``--part binary`` or ``--part multiclass``
prints one table.
"""

from __future__ import annotations

import argparse
import itertools
import time

import numpy as np

from phidelta.counts import BinaryCounts, ConfusionMatrix
from phidelta.inference import cohen_kappa_interval, matrix_intervals, measure_intervals
from phidelta.inference._multiclass_intervals import _STATISTICS
from phidelta.measures import MEASURES

COLUMNS = {  # label → (measure, method, bootstrap?)
    "Wil": ("sensitivity", "wilson", False),
    "CP": ("sensitivity", "clopper_pearson", False),
    "Jef": ("sensitivity", "jeffreys", False),
    "AC": ("sensitivity", "agresti_coull", False),
    "F1": ("f1_score", "wilson", False),
    "New": ("delta", "newcombe", False),
    "Katz": ("positive_likelihood_ratio", "katz_log", False),
    "Woolf": ("odds_ratio", "woolf_log", False),
    "κ-FCE": ("cohen_kappa", "fleiss_cohen_everitt", False),
    "κ-C60": ("cohen_kappa", "cohen_1960", False),
    "MCC-B": ("mcc", "bca", True),
    "MCC-P": ("mcc", "percentile", True),
    "G-B": ("g_mean", "bca", True),
}
RATES = ((0.8, 0.7), (0.9, 0.95), (0.6, 0.6))
_INFO = {m.name: m for m in MEASURES}


def cells(prevalence: float, sensitivity: float, specificity: float) -> np.ndarray:
    q = 1 - prevalence
    return np.array(
        [q * specificity, q * (1 - specificity), prevalence * (1 - sensitivity),
         prevalence * sensitivity]
    )  # fmt: skip


def coverage(tables: np.ndarray, p: np.ndarray, measure: str, method: str, **kw: object) -> float:
    truth = float(_INFO[measure](BinaryCounts(*p[:, None]), zero_division=np.nan)[0])
    res = measure_intervals(
        BinaryCounts(*tables.T), measures=[measure], method={measure: method}, **kw
    )
    low, high = res.low[measure], res.high[measure]
    defined = ~np.isnan(low)
    if not defined.any():
        return np.nan
    return float(np.mean((low[defined] <= truth) & (truth <= high[defined])))


def binary(args: argparse.Namespace) -> None:
    start = time.perf_counter()
    header = f"{'n':>6} {'prev':>5} {'sens':>5} {'spec':>5} {'min':>7} " + " ".join(
        f"{c:>6}" for c in COLUMNS
    )
    print(header)
    print("-" * len(header))
    for n, prevalence, (sens, spec) in itertools.product(
        (30, 100, 1000, 10_000), (0.01, 0.1, 0.5), RATES
    ):
        p = cells(prevalence, sens, spec)
        rng = np.random.default_rng([n, int(prevalence * 100), int(sens * 100), int(spec * 100)])
        tables = rng.multinomial(n, p, size=args.simulations)
        boot_tables = tables[: args.boot_simulations]
        row = []
        for measure, method, boot in COLUMNS.values():
            if boot:
                value = coverage(
                    boot_tables, p, measure, method, n_resamples=args.resamples, random_state=1
                )
            else:
                value = coverage(tables, p, measure, method)
            row.append(f"{100 * value:6.1f}")
        least = n * p.min()
        mark = " " if least >= 10 - 1e-9 else "*"
        print(
            f"{n:>6} {prevalence:>5.2f} {sens:>5.2f} {spec:>5.2f} {least:>6.1f}{mark} "
            + " ".join(row),
            flush=True,
        )
    print(
        f"\n{args.simulations} tables per row for the closed forms, {args.boot_simulations} × "
        f"{args.resamples} resamples for the bootstrap; {time.perf_counter() - start:.0f} s."
    )


MATRIX_COLUMNS = {  # label → (measure, method); "fce": the closed form of κ
    "mF1": ("macro_f1", "bca"),
    "µF1": ("micro_f1", "bca"),
    "wF1": ("weighted_f1", "bca"),
    "mRec": ("macro_recall", "bca"),
    "κ-B": ("kappa", "bca"),
    "κ-FCE": ("kappa", "fce"),
    "MCC-B": ("mcc", "bca"),
    "MCC-P": ("mcc", "percentile"),
    "ΔH′": ("joint_delta_h", "bca"),
    "2MI′": ("joint_mi2", "bca"),
    "2MI′-P": ("joint_mi2", "percentile"),
    "VI′": ("joint_vi", "bca"),
}
SHARES = (0.01, 0.1, 1 / 3)
MATRIX_RATES = (0.6, 0.8, 0.95)


def matrix_population(share: float, rate: float) -> np.ndarray:
    """3×3 cell probabilities: class shares (1 − 2·share, share, share), each class right with
    probability ``rate``, wrong evenly."""
    shares = np.array([1 - 2 * share, share, share])
    confusion = np.full((3, 3), (1 - rate) / 2)
    np.fill_diagonal(confusion, rate)
    return shares[:, None] * confusion


def matrix_truth(measure: str, p: np.ndarray) -> float:
    with np.errstate(divide="ignore", invalid="ignore"):
        return float(_STATISTICS[measure][0](ConfusionMatrix(p))[0])


def share_of_covered(low: np.ndarray, high: np.ndarray, truth: float) -> float:
    """Among the tables whose interval is defined."""
    defined = ~np.isnan(low)
    if not defined.any():
        return np.nan
    return float(np.mean((low[defined] <= truth) & (truth <= high[defined])))


def multiclass(args: argparse.Namespace) -> None:
    start = time.perf_counter()
    header = f"{'n':>6} {'π':>5} {'r':>5} {'min':>7} " + " ".join(f"{c:>6}" for c in MATRIX_COLUMNS)
    print(header)
    print("-" * len(header))
    for n, share, rate in itertools.product((30, 100, 1000, 10_000), SHARES, MATRIX_RATES):
        p = matrix_population(share, rate)
        rng = np.random.default_rng([n, int(1000 * share), int(100 * rate)])
        many = rng.multinomial(n, p.ravel(), size=args.simulations).reshape(-1, 3, 3)
        tables = ConfusionMatrix(many[: args.matrix_simulations])
        boot = {}
        for method in ("bca", "percentile"):
            names = sorted({m for m, how in MATRIX_COLUMNS.values() if how == method})
            boot[method] = matrix_intervals(
                tables, names, method=method, n_resamples=args.resamples, random_state=1
            )
        with np.errstate(divide="ignore", invalid="ignore"):
            fce = cohen_kappa_interval(ConfusionMatrix(many))
        row = []
        for measure, method in MATRIX_COLUMNS.values():
            truth = matrix_truth(measure, p)
            if method == "fce":
                value = share_of_covered(fce.low, fce.high, truth)
            else:
                res = boot[method]
                value = share_of_covered(res.low[measure], res.high[measure], truth)
            row.append(f"{100 * value:6.1f}")
        least = n * p.min()
        mark = " " if least >= 10 - 1e-9 else "*"
        print(
            f"{n:>6} {share:>5.2f} {rate:>5.2f} {least:>6.1f}{mark} " + " ".join(row),
            flush=True,
        )
    print(
        f"\n{args.matrix_simulations} tables × {args.resamples} resamples per row for the "
        f"bootstrap, {args.simulations} tables for κ-FCE; {time.perf_counter() - start:.0f} s."
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--simulations", type=int, default=20_000)
    parser.add_argument("--boot-simulations", type=int, default=1_000)
    parser.add_argument("--matrix-simulations", type=int, default=1_000)
    parser.add_argument("--resamples", type=int, default=1_000)
    parser.add_argument("--part", choices=("all", "binary", "multiclass"), default="all")
    args = parser.parse_args()
    if args.part in ("all", "binary"):
        binary(args)
    if args.part == "all":
        print()
    if args.part in ("all", "multiclass"):
        multiclass(args)


if __name__ == "__main__":
    main()
