"""Unbiased measures: the classic ones evaluated on Γ instead of Ω (Armano 2015, §3, eqs. 9–10).

Each equals its biased counterpart computed as if both classes had the same size, i.e. on
``counts.at_ratio(1)``; they depend on specificity ρ̄ and sensitivity ρ only.
"""

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
)
from phidelta.measures._entries import CLASS_ABSENT, measure_entries

__all__ = [
    "unbiased_accuracy",
    "unbiased_error_rate",
    "unbiased_f1_score",
    "unbiased_mcc",
    "unbiased_negative_predictive_value",
    "unbiased_precision",
]


@measure_entries(CLASS_ABSENT)
def unbiased_accuracy(counts: BinaryCounts, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """Unbiased accuracy a_u = trace(Γ)/2 = (ρ + ρ̄)/2 = (1 + δ)/2 (Armano 2015, eqs. 9, 14).

    Also known as balanced accuracy. Undefined when a class is absent.

    {parameters}

    {returns}
        a_u in [0, 1].

    {raises}

    See Also
    --------
    accuracy : the biased accuracy.
    delta : δ = 2·a_u − 1.
    balanced_accuracy : the same for multi-class matrices.

    Examples
    --------
    >>> unbiased_accuracy(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.7])
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    tnr, _fpr, _fnr, tpr = all_rates(c)
    return finish((tnr + tpr) / 2, zd, "unbiased accuracy", "a class is absent")


@measure_entries(CLASS_ABSENT)
def unbiased_error_rate(
    counts: BinaryCounts, *, zero_division: ZeroDivision = "warn"
) -> np.ndarray:
    """Unbiased error e_u = (fp + fn)/2 = 1 − a_u (Armano 2015, eq. 14).

    {parameters}

    {returns}
        e_u in [0, 1].

    {raises}

    See Also
    --------
    error_rate : the biased error rate.

    Examples
    --------
    >>> unbiased_error_rate(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.3])
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    _tnr, fpr, fnr, _tpr = all_rates(c)
    return finish((fpr + fnr) / 2, zd, "unbiased error rate", "a class is absent")


@measure_entries("where a class is absent or the rates give tp + fp = 0")
def unbiased_precision(counts: BinaryCounts, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """Unbiased precision π_u = γ₁₁ / (γ₀₁ + γ₁₁) = (1 + fp/tp)⁻¹ (Armano 2015, eq. 9).

    Undefined when a class is absent or when tp + fp = 0 (ρ = 0 and ρ̄ = 1).

    {parameters}

    {returns}
        π_u in [0, 1].

    {raises}

    See Also
    --------
    precision : the biased precision.

    Examples
    --------
    >>> unbiased_precision(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.66666667])
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    _tnr, fpr, _fnr, tpr = all_rates(c)
    return finish(
        divide(tpr, tpr + fpr),
        zd,
        "unbiased precision",
        "a class is absent, or tp + fp == 0 as rates",
    )


@measure_entries("where a class is absent or the rates give tn + fn = 0")
def unbiased_negative_predictive_value(
    counts: BinaryCounts, *, zero_division: ZeroDivision = "warn"
) -> np.ndarray:
    """Unbiased NPV π̄_u = γ₀₀ / (γ₀₀ + γ₁₀) = (1 + fn/tn)⁻¹ (Armano 2015, §3).

    {parameters}

    {returns}
        π̄_u in [0, 1].

    {raises}

    See Also
    --------
    negative_predictive_value : the biased NPV.

    Examples
    --------
    >>> unbiased_negative_predictive_value(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.75])
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    tnr, _fpr, fnr, _tpr = all_rates(c)
    return finish(
        divide(tnr, tnr + fnr),
        zd,
        "unbiased negative predictive value",
        "a class is absent, or tn + fn == 0 as rates",
    )


@measure_entries("where a class is absent or the rates give tp + fn + fp = 0")
def unbiased_f1_score(counts: BinaryCounts, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """Unbiased F1_u = 2·π_u·ρ / (π_u + ρ) = 2·tp / (2·tp + fp + fn) on rates (Armano 2015, §3).

    Flach's substitution of π by π_u.

    {parameters}

    {returns}
        F1_u in [0, 1].

    {raises}

    See Also
    --------
    f1_score : the biased F1.

    Examples
    --------
    >>> unbiased_f1_score(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.72727273])
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    _tnr, fpr, fnr, tpr = all_rates(c)
    return finish(
        divide(2 * tpr, 2 * tpr + fpr + fnr),
        zd,
        "unbiased F1 score",
        "a class is absent, or tp + fn + fp == 0 as rates",
    )


@measure_entries(
    "where a class is absent or the classifier predicts a single class "
    "(the dummy corners, abs(φ) = 1)"
)
def unbiased_mcc(counts: BinaryCounts, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """Unbiased Matthews correlation MCC_u = √(π_u/ρ_u · π̄_u/ρ̄_u)·Δ (Armano 2015, eq. 10).

    MCC on Γ, as if both classes had the same size. It simplifies to δ / √(1 − φ²) (standard
    φ, δ), which is how it is computed. Undefined when a class is absent or at the dummy corners
    (abs(φ) = 1).

    {parameters}

    {returns}
        MCC_u in [−1, 1].

    {raises}

    See Also
    --------
    mcc : the biased coefficient (Armano 2015, eq. 7).
    phi_delta : the φ and δ it is computed from.

    Examples
    --------
    >>> unbiased_mcc(BinaryCounts(tn=60, fp=40, fn=20, tp=80))
    array([0.40824829])
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    tnr, fpr, fnr, tpr = all_rates(c)
    # Δ = tn·tp − fp·fn (eq. 11), 1 + φ = tp + fp, 1 − φ = tn + fn (rates), each formed
    # directly so that no 1 − x cancellation costs precision near the corners
    delta = tnr * tpr - fpr * fnr
    return finish(
        divide(delta, np.sqrt((tpr + fpr) * (tnr + fnr))),
        zd,
        "unbiased MCC",
        "a class is absent, or the classifier predicts a single class",
    )
