"""Bias of a classifier: Friedman's definition and its unbiased one (Armano 2015, eqs. 15–20)."""

from __future__ import annotations

import numpy as np

from phidelta.counts import BinaryCounts
from phidelta.measures._common import (
    ZeroDivision,
    all_rates,
    check_counts,
    check_zero_division,
    divide,
    finish,
    floats,
)
from phidelta.measures._entries import CLASS_ABSENT, NO_SAMPLES, measure_entries

__all__ = ["friedman_bias", "unbiased_bias"]


@measure_entries(NO_SAMPLES)
def friedman_bias(counts: BinaryCounts, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """Friedman's bias f(X) − E[f̂(X)] with labels in {−1, +1} (Armano 2015, eqs. 16–19).

    On the actual class distribution: bias = 2·p·fn − 2·n·fp = (P − P̂)·2 / M, i.e. the mean
    oracle label minus the mean predicted label. Its negative is the generalized φ_b at the
    actual class ratio (``phi(counts, ratio="actual")``): positive φ_b means the classifier says
    "positive" more often than the oracle. Undefined with no samples.

    {parameters}

    {returns}
        The bias, in [−2, 2].

    {raises}

    See Also
    --------
    unbiased_bias : the same at balance (= −φ).
    phi : φ_b at the actual ratio is the negative of this bias.

    Examples
    --------
    >>> friedman_bias(BinaryCounts(tn=15, fp=10, fn=15, tp=60))   # P = 75, P̂ = 70
    array([0.1])
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    tn, fp, fn, tp = floats(c)
    m = tn + fp + fn + tp
    # E[X] − E[X̂] = ((P − N) − (P̂ − N̂)) / M = 2(FN − FP) / M  (eq. 16)
    return finish(divide(2 * (fn - fp), m), zd, "Friedman bias", "no samples")


@measure_entries(CLASS_ABSENT)
def unbiased_bias(counts: BinaryCounts, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """Unbiased bias: Friedman's bias at balance, 1 − tp − fp = −φ (Armano 2015, eq. 20).

    Depends on the rates only. Armano notes that the opposite sign, E[f̂] − f, makes the φ axis
    coincide with the bias: ``unbiased_bias == -phi(counts)``.

    {parameters}

    {returns}
        The unbiased bias fn − fp, in [−1, 1].

    {raises}

    See Also
    --------
    friedman_bias : the bias on the actual class distribution.
    phi : the characteristic capability, −unbiased_bias.

    Examples
    --------
    >>> unbiased_bias(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([-0.2])
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    _tnr, fpr, fnr, _tpr = all_rates(c)
    return finish(fnr - fpr, zd, "unbiased bias", "a class is absent")
