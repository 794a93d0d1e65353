"""Which entries are more than noise? Fisher's exact test of many 2×2 tables at once, and the
Benjamini–Hochberg adjustment of their p-values.

A feature (or classifier) of a signature is a 2×2 table with the class margins P and N shared
by every entry; only the number of "present" rows differs. The hypergeometric distribution of
TP given that number is therefore computed once per distinct number, and the two-sided p-value
of every table with that margin is read off it: the sum of the probabilities of the tables no
more likely than the observed one (scipy.stats.fisher_exact's definition, with its relative
tolerance of 1e-7).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from phidelta.counts import BinaryCounts
from phidelta.measures._common import check_counts

__all__ = ["benjamini_hochberg", "fisher_exact_pvalues"]

_TOLERANCE = 1 + 1e-7  # scipy.stats.fisher_exact: "no more likely", up to rounding


def fisher_exact_pvalues(counts: BinaryCounts) -> np.ndarray:
    """Two-sided p-values of Fisher's exact test of each entry's 2×2 table [[TP, FN], [FP, TN]]
    (H₀: the prediction is independent of the class), for integer counts.

    Entries that share their margins share one hypergeometric distribution, so 50,000 features
    of one data set cost about as many distributions as there are distinct "present" counts.

    Examples
    --------
    >>> p = fisher_exact_pvalues(BinaryCounts(tn=[9, 5], fp=[1, 5], fn=[2, 5], tp=[8, 5]))
    >>> np.round(p, 6)
    array([0.005477, 1.      ])
    """
    from scipy.special import gammaln

    c = check_counts(counts)
    if c.is_soft:
        raise ValueError(
            "Fisher's exact test needs integer counts; soft counts (numeric features in soft "
            "mode) have no 2×2 table of examples."
        )
    tn, fp, fn, tp = (np.asarray(getattr(c, f), dtype=np.int64) for f in ("tn", "fp", "fn", "tp"))
    positives, total = tp + fn, tp + fn + tn + fp
    present = tp + fp
    out = np.empty(len(tp))
    if len(tp) == 0:
        return out
    base = int(total.max()) + 1
    if base**3 < 2**62:  # the three margins as one integer key: a fast 1-D grouping
        keys = (positives * base + total) * base + present
        _, first, back = np.unique(keys, return_index=True, return_inverse=True)
        margins = np.column_stack([positives, total, present])[first]
    else:
        margins, back = np.unique(
            np.column_stack([positives, total, present]), axis=0, return_inverse=True
        )
    back = back.ravel()
    order = np.argsort(back, kind="stable")
    bounds = np.searchsorted(back[order], np.arange(len(margins) + 1))
    for g, (p_count, m_total, drawn) in enumerate(margins.tolist()):  # one per distinct margin
        rows = order[bounds[g] : bounds[g + 1]]
        low = max(0, drawn - (m_total - p_count))
        support = np.arange(low, min(p_count, drawn) + 1)
        # hypergeometric log-probabilities of TP = x: C(P, x)·C(N, drawn − x) / C(M, drawn)
        log_pmf = (
            _log_choose(p_count, support, gammaln)
            + _log_choose(m_total - p_count, drawn - support, gammaln)
            - _log_choose(m_total, np.array(drawn), gammaln)
        )
        pmf = np.exp(log_pmf)
        # p(x) = Σ pmf[pmf ≤ pmf(x)·(1 + 1e-7)]: sort once, cumulate, look up every x
        ascending = np.sort(pmf)
        cumulative = np.cumsum(ascending)
        at = np.searchsorted(ascending, pmf * _TOLERANCE, side="right") - 1
        out[rows] = np.minimum(cumulative[at], 1.0)[tp[rows] - low]
    return out


def _log_choose(n: int, k: np.ndarray, gammaln: Any) -> np.ndarray:
    return gammaln(n + 1) - gammaln(k + 1) - gammaln(n - k + 1)


def benjamini_hochberg(pvalues: Any) -> np.ndarray:
    """Benjamini–Hochberg adjusted p-values (the false discovery rate of each rejection set);
    equal to ``scipy.stats.false_discovery_control(pvalues)``. NaN entries stay NaN and do
    not count among the tests.

    Examples
    --------
    >>> np.round(benjamini_hochberg([0.01, 0.04, 0.03, 0.2]), 4)
    array([0.04  , 0.0533, 0.0533, 0.2   ])
    """
    p = np.asarray(pvalues, dtype=np.float64)
    if p.ndim != 1:
        raise ValueError(f"`pvalues` must be 1-dimensional; got shape {p.shape}.")
    finite = ~np.isnan(p)
    if np.any((p[finite] < 0) | (p[finite] > 1)):
        raise ValueError("`pvalues` must lie in [0, 1].")
    out = np.full(len(p), np.nan)
    values = p[finite]
    m = len(values)
    if m == 0:
        return out
    order = np.argsort(values)
    scaled = values[order] * m / np.arange(1, m + 1)
    adjusted = np.minimum.accumulate(scaled[::-1])[::-1]  # step-up: monotone from the top
    result = np.empty(m)
    result[order] = np.minimum(adjusted, 1.0)
    out[finite] = result
    return out
