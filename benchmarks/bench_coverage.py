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
"""

from __future__ import annotations

import argparse
import itertools
import time

import numpy as np

from phidelta.counts import BinaryCounts
from phidelta.inference import measure_intervals
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--simulations", type=int, default=20_000)
    parser.add_argument("--boot-simulations", type=int, default=1_000)
    parser.add_argument("--resamples", type=int, default=1_000)
    args = parser.parse_args()
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


if __name__ == "__main__":
    main()
