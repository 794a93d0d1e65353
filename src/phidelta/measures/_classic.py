"""The classic (biased) measures: they depend on the class ratio (Armano 2015, §2, eqs. 6–8)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from phidelta._docstrings import shared_entries
from phidelta.counts import BinaryCounts
from phidelta.measures._common import (
    ZeroDivision,
    check_counts,
    check_zero_division,
    divide,
    finish,
    floats,
    scaled_near_one,
)
from phidelta.measures._entries import (
    COUNTS,
    RAISES,
    RETURNS,
    F,
    armano_2015,
    measure_entries,
)

__all__ = [
    "accuracy",
    "cohen_kappa",
    "error_rate",
    "f1_score",
    "fbeta_score",
    "mcc",
    "negative_predictive_value",
    "precision",
]


def _standard_entries(**more: str) -> Callable[[F], F]:
    """Fill the counts, Returns and Raises entries (and those of `more`) of a measure whose
    zero-division entry is its own."""
    return shared_entries(counts=COUNTS, returns=RETURNS, raises=RAISES, **more)


@_standard_entries(armano_2015=armano_2015("Table 1, eq. 6."))
def accuracy(counts: BinaryCounts, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """Accuracy a = (TN + TP) / M (Armano 2015, Table 1 and eq. 6; Flach eq. 2.1).

    Biased: a = n·ρ̄ + p·ρ weighs each class by its proportion (Flach eq. 2.3). For the
    unbiased version see :func:`unbiased_accuracy`. Undefined with no samples.

    Parameters
    ----------
    {counts}
    zero_division : "warn" or float, default="warn"
        Value for entries with no samples (M = TN + FP + FN + TP = 0). With ``"warn"`` they
        are NaN and an :class:`~phidelta.exceptions.UndefinedMeasureWarning` says how many.

    {returns}
        Accuracy in [0, 1].

    {raises}

    See Also
    --------
    unbiased_accuracy : the accuracy of the normalized matrix (Armano 2015, eq. 9).
    error_rate : 1 − accuracy.

    References
    ----------
    {armano_2015}

    Flach, P. (2012). Machine Learning, chapter 2, eqs. 2.1 and 2.3.

    Examples
    --------
    >>> accuracy(BinaryCounts(tn=15, fp=10, fn=15, tp=60))   # Flach, Example 2.1
    array([0.75])
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    tn, fp, fn, tp = floats(c)
    return finish(divide(tn + tp, tn + fp + fn + tp), zd, "accuracy", "no samples")


@measure_entries("with no samples (M = 0)")
def error_rate(counts: BinaryCounts, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """Error rate e = (FP + FN) / M = 1 − a (Flach Table 2.3).

    Jiřina's classification error Ce is the same quantity.

    {parameters}

    {returns}
        Error rate in [0, 1].

    {raises}

    See Also
    --------
    accuracy : 1 − error rate.
    classification_error : Jiřina's name for the same quantity.

    References
    ----------
    Flach, P. (2012). Machine Learning, chapter 2, Table 2.3.

    Examples
    --------
    >>> error_rate(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.25])
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    tn, fp, fn, tp = floats(c)
    return finish(divide(fp + fn, tn + fp + fn + tp), zd, "error rate", "no samples")


@_standard_entries(armano_2015=armano_2015("Table 1, eq. 6."))
def precision(counts: BinaryCounts, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """Precision π = TP / P̂ = (1 + σ·fp/tp)⁻¹ (Armano 2015, Table 1 and eq. 6).

    Biased through the class ratio σ. Undefined when nothing is predicted positive.

    Parameters
    ----------
    {counts}
    zero_division : "warn" or float, default="warn"
        Value for entries with no predicted positives (TP + FP = 0). With ``"warn"`` they are
        NaN and an :class:`~phidelta.exceptions.UndefinedMeasureWarning` says how many.

    {returns}
        Precision in [0, 1].

    {raises}

    See Also
    --------
    unbiased_precision : precision of the normalized matrix (Armano 2015).
    purity : Jiřina's name for the same quantity.

    References
    ----------
    {armano_2015}

    Examples
    --------
    >>> precision(BinaryCounts(tn=15, fp=10, fn=15, tp=60))   # 60/70
    array([0.85714286])
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    _tn, fp, _fn, tp = floats(c)
    return finish(divide(tp, tp + fp), zd, "precision", "no predicted positives: tp + fp == 0")


@_standard_entries(armano_2015=armano_2015("Table 1."))
def negative_predictive_value(
    counts: BinaryCounts, *, zero_division: ZeroDivision = "warn"
) -> np.ndarray:
    """Negative predictive value π̄ = TN / N̂ (Armano 2015, Table 1).

    Undefined when nothing is predicted negative.

    Parameters
    ----------
    {counts}
    zero_division : "warn" or float, default="warn"
        Value for entries with no predicted negatives (TN + FN = 0). With ``"warn"`` they are
        NaN and an :class:`~phidelta.exceptions.UndefinedMeasureWarning` says how many.

    {returns}
        Negative predictive value in [0, 1].

    {raises}

    See Also
    --------
    unbiased_negative_predictive_value : the same on the normalized matrix.

    References
    ----------
    {armano_2015}

    Examples
    --------
    >>> negative_predictive_value(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.5])
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    tn, _fp, fn, _tp = floats(c)
    return finish(
        divide(tn, tn + fn), zd, "negative predictive value", "no predicted negatives: tn + fn == 0"
    )


@measure_entries("with TP + FN + FP = 0")
def fbeta_score(
    counts: BinaryCounts, *, beta: float = 1.0, zero_division: ZeroDivision = "warn"
) -> np.ndarray:
    """F_β = (1 + β²)·TP / ((1 + β²)·TP + β²·FN + FP), the weighted harmonic mean of π and ρ.

    Undefined when TP + FN + FP = 0 (no positives and no predicted positives).

    Parameters
    ----------
    {counts}
    beta : float, default=1.0
        Weight of recall against precision; positive and finite.
    {zero_division}

    {returns}
        F_β in [0, 1].

    Raises
    ------
    TypeError
        If `counts` is not a :class:`~phidelta.counts.BinaryCounts`.
    ValueError
        If `beta` is not positive and finite, or `zero_division` is neither ``"warn"`` nor a
        number.

    See Also
    --------
    f1_score : β = 1.

    References
    ----------
    van Rijsbergen, C. J. (1979). Information Retrieval, 2nd ed., chapter 7 (the E measure,
    F = 1 − E).

    Examples
    --------
    >>> fbeta_score(BinaryCounts(tn=15, fp=10, fn=15, tp=60), beta=2.0)
    array([0.81081081])
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    if not np.isfinite(beta) or beta <= 0:
        raise ValueError(f"`beta` must be a positive finite number; got {beta!r}.")
    _tn, fp, fn, tp = floats(c)
    b2 = beta * beta
    return finish(
        divide((1 + b2) * tp, (1 + b2) * tp + b2 * fn + fp), zd, "F-beta score", "tp + fn + fp == 0"
    )


@measure_entries("with TP + FN + FP = 0", armano_2015=armano_2015("Section 2."))
def f1_score(counts: BinaryCounts, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """F1 = 2·π·ρ / (π + ρ) = 2·TP / (2·TP + FP + FN) (Armano 2015, §2: biased through π).

    Undefined when TP + FN + FP = 0.

    {parameters}

    {returns}
        F1 in [0, 1].

    {raises}

    See Also
    --------
    fbeta_score : the weighted version.
    unbiased_f1_score : F1 of the normalized matrix (Armano 2015).

    References
    ----------
    {armano_2015}

    Examples
    --------
    >>> f1_score(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.82758621])
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    _tn, fp, fn, tp = floats(c)
    return finish(divide(2 * tp, 2 * tp + fp + fn), zd, "F1 score", "tp + fn + fp == 0")


@_standard_entries(armano_2015=armano_2015("Eqs. 7–8."))
def mcc(counts: BinaryCounts, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """Matthews correlation coefficient (Armano 2015, eqs. 7–8).

    MCC = (TN·TP − FP·FN) / √(P·N·P̂·N̂) = √(π/ρ · π̄/ρ̄)·Δ. Biased: it depends on precision and
    NPV. Not to be confused with Armano's φ (see :func:`phi`). Undefined when any of P, N, P̂,
    N̂ is zero (scikit-learn returns 0 there; pass ``zero_division=0.0`` to match it).

    Parameters
    ----------
    {counts}
    zero_division : "warn" or float, default="warn"
        Value for entries where a class or a predicted class is empty (P·N·P̂·N̂ = 0). With
        ``"warn"`` they are NaN and an :class:`~phidelta.exceptions.UndefinedMeasureWarning`
        says how many.

    {returns}
        MCC in [−1, 1].

    {raises}

    See Also
    --------
    unbiased_mcc : MCC of the normalized matrix (Armano 2015, eq. 10).
    delta : Armano's δ, the unbiased discriminant measure.

    References
    ----------
    {armano_2015}

    Matthews, B. W. (1975). Comparison of the predicted and observed secondary structure of
    T4 phage lysozyme. Biochimica et Biophysica Acta, 405(2), 442–451.

    Examples
    --------
    >>> mcc(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.37796447])
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    tn, fp, fn, tp = scaled_near_one(*floats(c))
    denominator = np.sqrt(tp + fn) * np.sqrt(tn + fp) * np.sqrt(tp + fp) * np.sqrt(tn + fn)
    # rounding can put a perfect classifier's MCC a unit or two beyond ±1
    values = np.clip(divide(tn * tp - fp * fn, denominator), -1.0, 1.0)
    return finish(values, zd, "MCC", "a class or a predicted class is empty")


@_standard_entries()
def cohen_kappa(counts: BinaryCounts, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """Cohen's κ = (a − a_e) / (1 − a_e), a_e = (P·P̂ + N·N̂) / M² the chance agreement.

    Undefined when a_e = 1 (both oracle and classifier put everything in one class) or M = 0.

    Parameters
    ----------
    {counts}
    zero_division : "warn" or float, default="warn"
        Value for entries whose chance agreement is 1 (P·N̂ + N·P̂ = 0) or with no samples.
        With ``"warn"`` they are NaN and an
        :class:`~phidelta.exceptions.UndefinedMeasureWarning` says how many.

    {returns}
        κ in [−1, 1].

    {raises}

    See Also
    --------
    multiclass_cohen_kappa : κ of a multi-class confusion matrix.
    phidelta.inference.cohen_kappa_interval : its confidence interval.

    References
    ----------
    Cohen, J. (1960). A coefficient of agreement for nominal scales. Educational and
    Psychological Measurement, 20(1), 37–46.

    Examples
    --------
    >>> cohen_kappa(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.375])
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    tn, fp, fn, tp = scaled_near_one(*floats(c))
    m = tn + fp + fn + tp
    # κ = 2(TN·TP − FP·FN) / (P·N̂ + N·P̂): the same value, without cancellation near a_e = 1
    numerator = 2 * (tn * tp - fp * fn)
    denominator = (tp + fn) * (tn + fn) + (tn + fp) * (tp + fp)
    values = divide(numerator, denominator)
    values = np.where(m > 0, values, np.nan)
    return finish(values, zd, "Cohen's kappa", "chance agreement is 1 or there are no samples")
