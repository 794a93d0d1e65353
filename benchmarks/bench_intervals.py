"""Intervals of every registry measure for 10⁴ entries against one ``measure_table`` of them
(issue 29, "Speed": target ≤ 20× for 2,000 resamples of every measure).

Prints, as ratios to one ``measure_table(counts)`` (every measure, no interval):

* ``auto``: ``measure_intervals(counts)`` — closed forms for 41 measures, the BCa bootstrap
  on counts (2,000 resamples, all measures on the same resampled tables) for the other 14;
* ``closed forms``: the same without the bootstrapped measures;
* with ``--every``, ``method="percentile"`` and ``method="bca"``: 2,000 resamples of each of
  the 51 measures that get an interval;
* the cost of the multinomial draws alone (2,000 × 10⁴ tables).

Two readings of the target, both printed by ``--entries 1`` and ``--entries 10000``:

* one table counted from 10⁴ rows (``--entries 1``): the bootstrap works on its four counts,
  not on the rows, so 2,000 resamples of every measure are one ``measure_table`` of 2,000
  tables — a few times one ``measure_table`` (the target is met: about 5× for ``auto`` and
  about 10× for BCa on every measure on this machine);
* 10⁴ tables (``--entries 10000``, one per classifier, fold or feature): 2,000 resamples are
  2·10⁷ tables, and the exact multinomial draws alone cost about 400× one ``measure_table``
  (NumPy's multinomial, a binomial chain and Poisson draws all take 8–10 s here), so ≤ 20× is
  out of reach for an exact bootstrap. What the benchmark shows instead is the cost per
  resample: the last column divides by the resamples, under one ``measure_table`` each.

Times are the best of ``--repeat`` runs (the machine is shared).
Run ``python benchmarks/bench_intervals.py [--entries 10000] [--resamples 2000] [--every]``.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np

from phidelta.counts import BinaryCounts
from phidelta.inference import AUTO_METHODS, measure_intervals
from phidelta.measures import measure_table


def best(call: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--resamples", type=int, default=2_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--every", action="store_true", help="also bootstrap every measure")
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    counts = BinaryCounts(*rng.integers(5, 500, size=(4, args.entries)))
    b = args.resamples
    closed = [name for name, m in AUTO_METHODS.items() if m not in ("bca", "none")]
    base = best(lambda: measure_table(counts), args.repeat * 5)
    rows = [
        ("measure_table (every measure)", base),
        ("closed forms (auto, no bootstrap)",
         best(lambda: measure_intervals(counts, measures=closed), args.repeat)),
        (f"auto (BCa for {sum(m == 'bca' for m in AUTO_METHODS.values())} measures)",
         best(lambda: measure_intervals(counts, n_resamples=b, random_state=0), 1)),
    ]  # fmt: skip
    if args.every:
        rows += [
            ("bootstrap every measure, percentile",
             best(lambda: measure_intervals(counts, method="percentile", n_resamples=b,
                                            random_state=0), 1)),
            ("bootstrap every measure, BCa",
             best(lambda: measure_intervals(counts, method="bca", n_resamples=b,
                                            random_state=0), 1)),
        ]  # fmt: skip
    cells = counts.to_array()
    total = cells.sum(axis=1)
    draw = np.random.default_rng(1)
    rows.append(
        (
            "the multinomial draws alone",
            best(
                lambda: draw.multinomial(
                    total[:, None], (cells / total[:, None])[:, None, :], size=(len(cells), b)
                ),
                1,
            ),
        )
    )
    print(f"{args.entries} entries, {b} resamples")
    for label, seconds in rows:
        print(
            f"{label:<45} {seconds:9.3f} s   {seconds / base:9.1f}× measure_table"
            f"   {seconds / base / b:6.3f}× per resample"
        )


if __name__ == "__main__":
    main()
