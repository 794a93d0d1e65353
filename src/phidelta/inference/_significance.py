"""Which entries are more than noise? Fisher's exact test of many 2×2 tables at once, and the
Benjamini–Hochberg adjustment of their p-values.

The two-sided p-value of Fisher's exact test is the probability, under the hypergeometric law
of TP given the table's margins, of the tables no more likely than the observed one
(scipy.stats.fisher_exact's definition; "no more likely" up to a relative 1e-7, so tables of
mathematically equal probability count whatever the rounding). The law is unimodal, so those
tables are two tails, [lo, a] and [b, hi], around the mode. Every entry is handled at once
(no loop over entries or margins): a vectorized bisection finds a and b on each side of the
mode, then each tail is summed from its inner end outwards, terms given by the ratio of
consecutive probabilities, in growing blocks of terms, until the terms no longer change the sum
(about ten standard deviations of terms at most). When the observed table is close to the
mode (a and b at most five standard deviations apart, and p at least 0.05) the p-value is one
minus the short middle instead. The probabilities the sums start from use Loader's (2000)
saddle-point form, accurate at any size; the bisection compares log-factorials (gammaln, a
table built once).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from phidelta.counts import BinaryCounts
from phidelta.measures._common import check_counts

__all__ = ["benjamini_hochberg", "fisher_exact_pvalues"]

_LOG_TOLERANCE = np.log1p(1e-7)  # "no more likely", up to rounding
_BLOCK = 64  # terms of a tail summed per step
_TABLE_LIMIT = 1 << 24  # log-factorials tabulated up to this many rows (128 MiB at most)


def fisher_exact_pvalues(counts: BinaryCounts) -> np.ndarray:
    """Two-sided p-values of Fisher's exact test of each entry's 2×2 table [[TP, FN], [FP, TN]]
    (H₀: the prediction is independent of the class), for integer counts.

    Parameters
    ----------
    counts : BinaryCounts
        Integer counts; each entry may have its own margins.

    Returns
    -------
    ndarray of shape (n_entries,)
        Equal to ``scipy.stats.fisher_exact(table).pvalue`` (relative 1e-10); 50,000 entries
        take a fraction of a second.

    Raises
    ------
    ValueError
        For soft counts (no table of examples).

    References
    ----------
    Fisher, R. A. (1935). The logic of inductive inference. *J. R. Stat. Soc.* 98(1), 39–82.
    Loader, C. (2000). Fast and accurate computation of binomial probabilities (the
    saddle-point form of the probabilities).

    Examples
    --------
    >>> p = fisher_exact_pvalues(BinaryCounts(tn=[9, 5], fp=[1, 5], fn=[2, 5], tp=[8, 5]))
    >>> np.round(p, 6)
    array([0.005477, 1.      ])
    """
    c = check_counts(counts)
    if c.is_soft:
        raise ValueError(
            "Fisher's exact test needs integer counts; soft counts (numeric features in soft "
            "mode) have no 2×2 table of examples."
        )
    tn, fp, fn, tp = (np.asarray(getattr(c, f), dtype=np.int64) for f in ("tn", "fp", "fn", "tp"))
    out = np.ones(len(tp))
    if len(tp) == 0:
        return out
    law = _Hypergeometric(tp + fn + tn + fp, tp + fn, tp + fp)
    x = tp
    target = law.logpmf(x) + _LOG_TOLERANCE
    mode = law.mode
    # the mode (and so every table) no more likely than the observed one: p = 1
    open_ = np.flatnonzero(law.logpmf(mode) > target)
    if len(open_) == 0:
        return out
    law = law.take(open_)
    target, mode = target[open_], mode[open_]
    # a: the last table of the left tail (lo − 1 if none); b: the first of the right tail
    a = _bisect(law, target, law.lo - 1, mode, rising=True)
    b = _bisect(law, target, mode, law.hi + 1, rising=False)
    p = np.zeros(len(open_))
    middle = (b - a - 1) <= 5 * law.spread + 2
    if middle.any():  # close to the mode: one minus the (short) middle, a+1 … b−1
        m = law.take(np.flatnonzero(middle))
        start = a[middle] + 1
        total = _sum_terms(m, start, +1, b[middle] - start)
        p[middle] = np.clip(1.0 - np.exp(m.precise_logpmf(start)) * total, 0.0, 1.0)
        middle[middle] = p[middle] >= 0.05  # smaller: cancellation, the tails instead
    tails = np.flatnonzero(~middle)
    if len(tails):
        t = law.take(tails)
        at, bt = a[tails], b[tails]
        left, right = at >= t.lo, bt <= t.hi
        value = np.zeros(len(tails))
        if left.any():
            sub = t.take(np.flatnonzero(left))
            start = at[left]
            value[left] += np.exp(sub.precise_logpmf(start)) * _sum_terms(sub, start, -1, None)
        if right.any():
            sub = t.take(np.flatnonzero(right))
            start = bt[right]
            value[right] += np.exp(sub.precise_logpmf(start)) * _sum_terms(sub, start, +1, None)
        p[tails] = np.minimum(value, 1.0)
    out[open_] = p
    return out


class _Hypergeometric:
    """The law of TP given the margins: ``total`` rows, ``positives`` of them positive,
    ``drawn`` of them predicted positive, one entry per table."""

    def __init__(
        self,
        total: np.ndarray,
        positives: np.ndarray,
        drawn: np.ndarray,
        table: np.ndarray | None = None,
    ):
        self.total, self.positives, self.drawn = total, positives, drawn
        self.negatives = total - positives
        self.lo = np.maximum(0, drawn - self.negatives)
        self.hi = np.minimum(positives, drawn)
        if table is None and len(total) and int(total.max()) < _TABLE_LIMIT:
            from scipy.special import gammaln

            table = gammaln(np.arange(int(total.max()) + 2, dtype=np.float64) + 1)
        self.table = table
        self.constant = (
            self._log_factorial(positives)
            + self._log_factorial(self.negatives)
            + self._log_factorial(drawn)
            + self._log_factorial(total - drawn)
            - self._log_factorial(total)
        )

    def take(self, index: np.ndarray) -> _Hypergeometric:
        return _Hypergeometric(
            self.total[index], self.positives[index], self.drawn[index], self.table
        )

    def _log_factorial(self, n: np.ndarray) -> np.ndarray:
        if self.table is not None:
            return self.table[n]
        from scipy.special import gammaln

        return gammaln(np.asarray(n, dtype=np.float64) + 1)

    def logpmf(self, x: np.ndarray, index: np.ndarray | slice = slice(None)) -> np.ndarray:
        """log P(TP = x), for x in the support (of the entries ``index``)."""
        return self.constant[index] - (
            self._log_factorial(x)
            + self._log_factorial(self.positives[index] - x)
            + self._log_factorial(self.drawn[index] - x)
            + self._log_factorial(self.negatives[index] - self.drawn[index] + x)
        )

    def precise_logpmf(self, x: np.ndarray) -> np.ndarray:
        """log P(TP = x) without the cancellation of large log-factorials (relative error of
        P about 1e-14 at any size, against 1e-8 at 10⁶ rows): Loader's saddle-point form,
        P = b(x; P, ρ)·b(K − x; N, ρ)/b(K; M, ρ) with ρ = K/M and b the binomial law."""
        m = self.total.astype(np.float64)
        rho = self.drawn / m
        return (
            _log_binomial(x, self.positives, rho)
            + _log_binomial(self.drawn - x, self.negatives, rho)
            - _log_binomial(self.drawn, self.total, rho)
        )

    @property
    def mode(self) -> np.ndarray:
        guess = (self.drawn + 1) * (self.positives + 1) // (self.total + 2)
        return np.clip(guess, self.lo, self.hi)

    @property
    def spread(self) -> np.ndarray:
        """The standard deviation of TP."""
        m = self.total.astype(np.float64)
        with np.errstate(divide="ignore", invalid="ignore"):
            var = self.drawn * (self.positives / m) * (self.negatives / m) * (m - self.drawn)
            var = var / np.maximum(m - 1, 1)
        return np.sqrt(np.nan_to_num(var))


def _stirling_error(n: np.ndarray) -> np.ndarray:
    """log n! − log(√(2πn)·(n/e)ⁿ), for n ≥ 1 (Loader 2000): directly below 16, else the
    asymptotic series."""
    from scipy.special import gammaln

    n = np.asarray(n, dtype=np.float64)
    out = np.empty_like(n)
    small = n < 16
    ns = n[small]
    out[small] = gammaln(ns + 1) - (ns + 0.5) * np.log(ns) + ns - 0.5 * np.log(2 * np.pi)
    nl = n[~small]
    nn = nl * nl
    s0, s1, s2, s3, s4 = 1 / 12, 1 / 360, 1 / 1260, 1 / 1680, 1 / 1188
    out[~small] = (s0 - (s1 - (s2 - (s3 - s4 / nn) / nn) / nn) / nn) / nl
    return out


def _deviance(x: np.ndarray, mean: np.ndarray) -> np.ndarray:
    """x·log(x/mean) + mean − x, accurate when x is close to mean (Loader 2000's bd0)."""
    x = np.asarray(x, dtype=np.float64)
    mean = np.asarray(mean, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        out = x * np.log(x / mean) + mean - x
        near = np.abs(x - mean) < 0.1 * (x + mean)
        if near.any():
            xn, mn = x[near], mean[near]
            v = (xn - mn) / (xn + mn)
            total = (xn - mn) * v
            term = 2 * xn * v
            v2 = v * v
            for j in range(1, 30):  # |v| < 1/21: each term is 440 times smaller
                term = term * v2
                total = total + term / (2 * j + 1)
            out[near] = total
    return np.where(x == 0, mean, out)


def _log_binomial(x: np.ndarray, n: np.ndarray, rho: np.ndarray) -> np.ndarray:
    """log of the binomial probability b(x; n, ρ) in Loader's saddle-point form."""
    x = np.asarray(x, dtype=np.float64)
    n = np.asarray(n, dtype=np.float64)
    rho = np.broadcast_to(np.asarray(rho, dtype=np.float64), x.shape)
    out = np.zeros_like(x)
    inner = (x > 0) & (x < n)
    xi, ni, ri = x[inner], n[inner], rho[inner]
    out[inner] = (
        _stirling_error(ni)
        - _stirling_error(xi)
        - _stirling_error(ni - xi)
        - _deviance(xi, ni * ri)
        - _deviance(ni - xi, ni * (1 - ri))
        - 0.5 * (np.log(2 * np.pi) + np.log(xi) + np.log1p(-xi / ni))
    )
    none, every = (x == 0) & (n > 0), (x == n) & (n > 0)
    with np.errstate(divide="ignore"):
        out[none] = -_deviance(n[none], n[none] * (1 - rho[none])) - n[none] * rho[none]
        out[every] = -_deviance(n[every], n[every] * rho[every]) - n[every] * (1 - rho[every])
    return out


def _bisect(
    law: _Hypergeometric, target: np.ndarray, left: np.ndarray, right: np.ndarray, rising: bool
) -> np.ndarray:
    """On one side of the mode, where log P crosses ``target``: with ``rising`` the largest
    x in [left, right) with log P(x) ≤ target (``left`` if none: a sentinel), else the smallest
    x in (left, right] with log P(x) ≤ target (``right`` if none)."""
    left, right = left.copy(), right.copy()
    while True:
        wide = np.flatnonzero(right - left > 1)
        if len(wide) == 0:
            return left if rising else right
        mid = (left[wide] + right[wide]) // 2
        below = law.logpmf(mid, wide) <= target[wide]
        if rising:
            left[wide] = np.where(below, mid, left[wide])
            right[wide] = np.where(below, right[wide], mid)
        else:
            right[wide] = np.where(below, mid, right[wide])
            left[wide] = np.where(below, left[wide], mid)


def _sum_terms(
    law: _Hypergeometric, start: np.ndarray, step: int, count: np.ndarray | None
) -> np.ndarray:
    """Σ_j P(start + j·step)/P(start), over ``count`` terms (or until the terms vanish).

    Blocks of terms are cumulative products of the ratios of consecutive probabilities:
    P(x+1)/P(x) = (K − x)(P − x)/((x + 1)(N − K + x + 1)) going up, its inverse going down
    (K drawn, P positives, N negatives); the first block holds 32 terms, each next one twice
    as many, for the entries still adding.
    """
    total = np.ones(len(start))
    term = np.ones(len(start))
    drawn = law.drawn.astype(np.float64)
    positives = law.positives.astype(np.float64)
    spare = (law.negatives - law.drawn).astype(np.float64)  # N − K
    position = start.astype(np.float64)
    remaining = None if count is None else (count - 1).astype(np.float64)
    active = np.arange(len(start)) if count is None else np.flatnonzero(count > 1)
    width = 32
    while len(active):
        offsets = np.arange(1, width + 1, dtype=np.float64)[None, :]
        base = position[active][:, None]
        k, p, n = drawn[active][:, None], positives[active][:, None], spare[active][:, None]
        if step > 0:  # ratio P(x)/P(x − 1) at x = base + j
            x = base + offsets
            num = (k - x + 1) * (p - x + 1)
            den = x * (n + x)
        else:  # ratio P(x)/P(x + 1) at x = base − j
            x = base - offsets
            num = (x + 1) * (n + x + 1)
            den = (k - x) * (p - x)
        np.maximum(num, 0.0, out=num)
        with np.errstate(divide="ignore", invalid="ignore"):
            ratios = np.where(den > 0, num / den, 0.0)
        if remaining is not None:  # only the requested terms
            ratios[offsets > remaining[active][:, None]] = 0.0
        np.cumprod(ratios, axis=1, out=ratios)
        ratios *= term[active][:, None]
        total[active] += ratios.sum(axis=1)
        last = ratios[:, -1]
        term[active] = last
        position[active] += step * width
        if remaining is not None:
            remaining[active] -= width
            done = remaining[active] <= 0
        else:
            done = last <= 1e-17 * total[active]
        active = active[~done]
        width = min(2 * width, 1024)
    return total


def benjamini_hochberg(pvalues: Any) -> np.ndarray:
    """Benjamini–Hochberg adjusted p-values (Benjamini & Hochberg 1995).

    The adjusted p-value (q-value) of a test is the smallest false discovery rate at which
    the step-up procedure rejects it: keeping the tests with q ≤ α controls the expected
    share of false discoveries at α for independent (or positively dependent) tests. Equal
    to ``scipy.stats.false_discovery_control(pvalues)``.

    Parameters
    ----------
    pvalues : array-like of shape (n_tests,)
        p-values in [0, 1]; NaN entries stay NaN and do not count among the tests.

    Returns
    -------
    ndarray of shape (n_tests,)
        The adjusted p-values, in the order of ``pvalues``.

    Raises
    ------
    ValueError
        If ``pvalues`` is not 1-dimensional or leaves [0, 1].

    References
    ----------
    Benjamini, Y. & Hochberg, Y. (1995). Controlling the false discovery rate: a practical
    and powerful approach to multiple testing. *J. R. Stat. Soc. B* 57(1), 289–300.

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
