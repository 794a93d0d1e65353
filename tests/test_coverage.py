"""Coverage proven, not assumed (issue 29): simulated tables of known population, the share of
nominal 95 % intervals that contain the true value.

Validity condition of every closed-form method: at least 10 expected samples in each cell of
the 2×2 table (n·π_cell ≥ 10). Where it holds, coverage must lie in [93.5 %, 96.5 %] —
Clopper–Pearson, conservative by construction, only at least 93.5 %. 20,000 tables per grid
point put the Monte Carlo standard error near 0.15 points. The full grid, with the bootstrap
methods, is ``benchmarks/bench_coverage.py``; its table is in docs/guide/uncertainty.rst.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from phidelta.counts import BinaryCounts
from phidelta.inference import measure_intervals
from phidelta.measures import MEASURES

SIMULATIONS = 20_000
MIN_EXPECTED = 10  # in every cell

# measure → methods checked (the closed forms)
CHECKS = {
    "sensitivity": ("wilson", "clopper_pearson", "jeffreys", "agresti_coull"),
    "precision": ("wilson",),
    "f1_score": ("wilson",),
    "delta": ("newcombe",),
    "phi": ("newcombe",),
    "markedness": ("newcombe",),
    "positive_likelihood_ratio": ("katz_log",),
    "negative_likelihood_ratio": ("katz_log",),
    "odds_ratio": ("woolf_log",),
    "cohen_kappa": ("fleiss_cohen_everitt",),
}
_INFO = {m.name: m for m in MEASURES}


def cell_probabilities(prevalence: float, sensitivity: float, specificity: float) -> np.ndarray:
    """π_tn, π_fp, π_fn, π_tp of a population."""
    return np.array(
        [
            (1 - prevalence) * specificity,
            (1 - prevalence) * (1 - specificity),
            prevalence * (1 - sensitivity),
            prevalence * sensitivity,
        ]
    )


def true_value(name: str, p: np.ndarray) -> float:
    """The measure of the population: of its cell probabilities as (soft) counts."""
    return float(_INFO[name](BinaryCounts(*p[:, None]), zero_division=np.nan)[0])


def _valid(n: int, prevalence: float, rates: tuple[float, float]) -> bool:
    """The methods' documented validity condition: every cell expects MIN_EXPECTED samples."""
    return n * cell_probabilities(prevalence, *rates).min() >= MIN_EXPECTED - 1e-9


#: the small grid where the validity condition holds (the full grid, invalid points too, is
#: benchmarks/bench_coverage.py's, with the guide's table of where each method under-covers)
GRID = [
    point
    for point in itertools.product(
        (100, 1000),  # n
        (0.1, 0.5),  # prevalence
        ((0.8, 0.7), (0.6, 0.6), (0.7, 0.85), (0.9, 0.95)),  # (sensitivity, specificity)
    )
    if _valid(*point)
]


def test_the_grid_covers_both_sizes_and_prevalences():
    assert {n for n, _, _ in GRID} == {100, 1000}
    assert {prevalence for _, prevalence, _ in GRID} == {0.1, 0.5}


@pytest.mark.parametrize(("n", "prevalence", "rates"), GRID)
def test_coverage_of_the_closed_form_intervals(n, prevalence, rates):
    p = cell_probabilities(prevalence, *rates)
    rng = np.random.default_rng(hash((n, prevalence, rates)) % 2**32)
    tables = rng.multinomial(n, p, size=SIMULATIONS)
    counts = BinaryCounts(*tables.T)
    failures = []
    for name, methods in CHECKS.items():
        truth = true_value(name, p)
        for method in methods:
            res = measure_intervals(counts, measures=[name], method={name: method})
            low, high = res.low[name], res.high[name]
            covered = np.mean((low <= truth) & (truth <= high))  # NaN counts as a miss
            upper = 1.0 if method == "clopper_pearson" else 0.965
            if not 0.935 <= covered <= upper:
                failures.append(f"{name} by {method}: {covered:.4f}")
    assert not failures, failures
