"""Counts and rates of a binary confusion matrix (Armano 2015, Table 1; Flach Table 2.3)."""

from __future__ import annotations

import numpy as np

from phidelta._docstrings import shared_entries
from phidelta.counts import BinaryCounts
from phidelta.measures._common import (
    ZeroDivision,
    check_counts,
    check_zero_division,
    class_rate,
    divide,
)
from phidelta.measures._common import finish as _finish
from phidelta.measures._entries import (
    COUNTS_PARAMETERS,
    COUNTS_RAISES,
    NO_SAMPLES,
    RETURNS,
    measure_entries,
)

__all__ = [
    "class_ratio",
    "false_negative_rate",
    "false_positive_rate",
    "negative_proportion",
    "negatives",
    "positive_proportion",
    "positives",
    "predicted_negative_proportion",
    "predicted_negatives",
    "predicted_positive_proportion",
    "predicted_positives",
    "recall",
    "sensitivity",
    "specificity",
    "total",
    "true_negative_rate",
    "true_positive_rate",
]


# The docstring entries of the counts and of the measures undefined without samples or a class.
_count_entries = shared_entries(parameters=COUNTS_PARAMETERS, returns=RETURNS, raises=COUNTS_RAISES)
_no_samples = measure_entries(NO_SAMPLES)
_no_positives = measure_entries("where there are no positives (TP + FN = 0)")
_no_negatives = measure_entries("where there are no negatives (TN + FP = 0)")


def _as_float(a: np.ndarray) -> np.ndarray:
    return np.asarray(a, dtype=np.float64)


def _over_total(
    counts: BinaryCounts, zero_division: ZeroDivision, field: str, measure: str
) -> np.ndarray:
    """The count `field` (``"negatives"``, …) of `counts` over M, under the zero-division policy."""
    c, zd = check_counts(counts), check_zero_division(zero_division)
    return _finish(
        divide(_as_float(getattr(c, field)), _as_float(c.total)), zd, measure, "no samples"
    )


@_count_entries
def negatives(counts: BinaryCounts) -> np.ndarray:
    """N = TN + FP, the number of negative samples (Armano 2015, Table 1).

    {parameters}

    {returns}
        N, a count (float).

    {raises}

    Examples
    --------
    >>> negatives(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([25.])
    """
    return _as_float(check_counts(counts).negatives)


@_count_entries
def positives(counts: BinaryCounts) -> np.ndarray:
    """P = FN + TP, the number of positive samples (Armano 2015, Table 1).

    {parameters}

    {returns}
        P, a count (float).

    {raises}

    Examples
    --------
    >>> positives(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([75.])
    """
    return _as_float(check_counts(counts).positives)


@_count_entries
def predicted_negatives(counts: BinaryCounts) -> np.ndarray:
    """N̂ = TN + FN, the number of samples classified negative (Armano 2015, Table 1).

    {parameters}

    {returns}
        N̂, a count (float).

    {raises}

    Examples
    --------
    >>> predicted_negatives(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([30.])
    """
    return _as_float(check_counts(counts).predicted_negatives)


@_count_entries
def predicted_positives(counts: BinaryCounts) -> np.ndarray:
    """P̂ = FP + TP, the number of samples classified positive (Armano 2015, Table 1).

    {parameters}

    {returns}
        P̂, a count (float).

    {raises}

    Examples
    --------
    >>> predicted_positives(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([70.])
    """
    return _as_float(check_counts(counts).predicted_positives)


@_count_entries
def total(counts: BinaryCounts) -> np.ndarray:
    """M = N + P, the number of samples (Armano 2015, Table 1).

    {parameters}

    {returns}
        M, a count (float).

    {raises}

    Examples
    --------
    >>> total(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([100.])
    """
    return _as_float(check_counts(counts).total)


@_no_samples
def negative_proportion(
    counts: BinaryCounts, *, zero_division: ZeroDivision = "warn"
) -> np.ndarray:
    """n = N / M, the proportion of negatives (Armano 2015, Table 1; Flach's *neg*).

    Undefined when there are no samples.

    {parameters}

    {returns}
        n in [0, 1].

    {raises}

    See Also
    --------
    positive_proportion : p = 1 − n.

    Examples
    --------
    >>> negative_proportion(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.25])
    """
    return _over_total(counts, zero_division, "negatives", "negative proportion n")


@_no_samples
def positive_proportion(
    counts: BinaryCounts, *, zero_division: ZeroDivision = "warn"
) -> np.ndarray:
    """p = P / M, the proportion of positives, or prevalence (Armano 2015, Table 1).

    {parameters}

    {returns}
        p in [0, 1].

    {raises}

    See Also
    --------
    negative_proportion : n = 1 − p.

    Examples
    --------
    >>> positive_proportion(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.75])
    """
    return _over_total(counts, zero_division, "positives", "positive proportion p")


@_no_samples
def predicted_negative_proportion(
    counts: BinaryCounts, *, zero_division: ZeroDivision = "warn"
) -> np.ndarray:
    """n̂ = N̂ / M, the proportion classified negative (Armano 2015, Table 1, eq. 4).

    {parameters}

    {returns}
        n̂ in [0, 1].

    {raises}

    See Also
    --------
    predicted_positive_proportion : p̂ = 1 − n̂.

    Examples
    --------
    >>> predicted_negative_proportion(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.3])
    """
    return _over_total(
        counts, zero_division, "predicted_negatives", "predicted negative proportion n̂"
    )


@_no_samples
def predicted_positive_proportion(
    counts: BinaryCounts, *, zero_division: ZeroDivision = "warn"
) -> np.ndarray:
    """p̂ = P̂ / M, the proportion classified positive (Armano 2015, Table 1, eq. 4).

    {parameters}

    {returns}
        p̂ in [0, 1].

    {raises}

    See Also
    --------
    predicted_negative_proportion : n̂ = 1 − p̂.

    Examples
    --------
    >>> predicted_positive_proportion(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.7])
    """
    return _over_total(
        counts, zero_division, "predicted_positives", "predicted positive proportion p̂"
    )


@measure_entries("where there are no positives (P = 0)")
def class_ratio(counts: BinaryCounts, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """σ = N / P = n / p, the class ratio, negatives over positives (Armano 2015, Table 1).

    This is the ``ratio`` of the generalized φ-δ diagrams. (Flach's *clr* is its inverse.)
    Undefined when there are no positives.

    {parameters}

    {returns}
        σ, in [0, inf).

    {raises}

    See Also
    --------
    phidelta.counts.BinaryCounts.at_ratio : counts rescaled to another ratio.

    Examples
    --------
    >>> class_ratio(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.33333333])
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    return _finish(
        divide(_as_float(c.negatives), _as_float(c.positives)), zd, "class ratio σ", "no positives"
    )


@_no_positives
def sensitivity(counts: BinaryCounts, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """Sensitivity ρ = tp = TP / P: true positive rate, recall, signal efficiency.

    Armano 2015, Table 1 and eq. 6 (ρ = γ₁₁); Flach's *tpr*. Unbiased: independent of the
    class ratio. Undefined when there are no positives.

    {parameters}

    {returns}
        ρ in [0, 1].

    {raises}

    See Also
    --------
    specificity : the rate of the other class.
    signal_efficiency : Jiřina's name for it.

    Examples
    --------
    >>> sensitivity(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.8])
    """
    return class_rate(counts, zero_division, "tp", "sensitivity", "no positives: tp + fn == 0")


@_no_negatives
def specificity(counts: BinaryCounts, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """Specificity ρ̄ = tn = TN / N: true negative rate (Armano 2015, Table 1, γ₀₀).

    Unbiased. Undefined when there are no negatives.

    {parameters}

    {returns}
        ρ̄ in [0, 1].

    {raises}

    See Also
    --------
    sensitivity : the rate of the other class.
    false_positive_rate : 1 − ρ̄.

    Examples
    --------
    >>> specificity(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.6])
    """
    return class_rate(counts, zero_division, "tn", "specificity", "no negatives: tn + fp == 0")


@_no_negatives
def false_positive_rate(
    counts: BinaryCounts, *, zero_division: ZeroDivision = "warn"
) -> np.ndarray:
    """fp = FP / N = 1 − ρ̄, the false positive (false alarm) rate, γ₀₁ (Armano 2015, Table 1).

    Jiřina's background acceptance Be is the same quantity.

    {parameters}

    {returns}
        fp in [0, 1].

    {raises}

    See Also
    --------
    specificity : 1 − fp.
    background_acceptance : Jiřina's name for it.

    Examples
    --------
    >>> false_positive_rate(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.4])
    """
    return class_rate(
        counts, zero_division, "fp", "false positive rate", "no negatives: tn + fp == 0"
    )


@_no_positives
def false_negative_rate(
    counts: BinaryCounts, *, zero_division: ZeroDivision = "warn"
) -> np.ndarray:
    """fn = FN / P = 1 − ρ, the false negative rate, γ₁₀ (Armano 2015, Table 1).

    {parameters}

    {returns}
        fn in [0, 1].

    {raises}

    See Also
    --------
    sensitivity : 1 − fn.

    Examples
    --------
    >>> false_negative_rate(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.2])
    """
    return class_rate(
        counts, zero_division, "fn", "false negative rate", "no positives: tp + fn == 0"
    )


true_positive_rate = recall = sensitivity
true_negative_rate = specificity
