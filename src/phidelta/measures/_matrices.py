"""The normalized confusion matrix and its relatives (Armano 2015, eq. 3 and eq. 11).

Ξ = M·Ω = M·O·Γ: the joint probability Ω ≈ p(X, X̂) is the oracle O = diag(n, p) ≈ p(X) times the
normalized confusion matrix Γ ≈ p(X̂ | X), whose rows are [ρ̄, 1 − ρ̄] and [1 − ρ, ρ].
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
    floats,
)
from phidelta.measures._entries import CLASS_ABSENT, NO_SAMPLES, measure_entries

__all__ = [
    "determinant",
    "joint_probability_matrix",
    "normalized_confusion_matrix",
    "oracle_matrix",
]


def _finish_matrices(values: np.ndarray, zd: ZeroDivision, name: str, condition: str) -> np.ndarray:
    return finish(values.reshape(-1), zd, name, condition).reshape(values.shape)


@measure_entries("where a class is absent (the whole row of that class is NaN)")
def normalized_confusion_matrix(
    counts: BinaryCounts, *, zero_division: ZeroDivision = "warn"
) -> np.ndarray:
    """Γ ≈ p(X̂ | X), the normalized confusion matrix (Armano 2015, eq. 3).

    Returns an array of shape (k, 2, 2): ``[[tn, fp], [fn, tp]]`` as *rates* (rows sum to 1).
    Rows of an absent class are undefined.

    {parameters}

    Returns
    -------
    ndarray of shape (len(counts), 2, 2)
        Γ, rows summing to 1.

    {raises}

    See Also
    --------
    joint_probability_matrix : Ω = O·Γ.
    determinant : det Γ.

    Examples
    --------
    >>> normalized_confusion_matrix(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([[[0.6, 0.4],
            [0.2, 0.8]]])
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    gamma = np.stack(all_rates(c), axis=1).reshape(-1, 2, 2)
    return _finish_matrices(gamma, zd, "normalized confusion matrix Γ", "a class is absent")


@measure_entries(NO_SAMPLES)
def joint_probability_matrix(
    counts: BinaryCounts, *, zero_division: ZeroDivision = "warn"
) -> np.ndarray:
    """Ω ≈ p(X, X̂) = Ξ / M, the confusion matrix as joint probabilities (Armano 2015, eq. 3).

    Returns shape (k, 2, 2) summing to 1 per entry; undefined with no samples.

    {parameters}

    Returns
    -------
    ndarray of shape (len(counts), 2, 2)
        Ω, summing to 1 per entry.

    {raises}

    See Also
    --------
    oracle_matrix, normalized_confusion_matrix : its factors.

    Examples
    --------
    >>> joint_probability_matrix(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([[[0.15, 0.1 ],
            [0.15, 0.6 ]]])
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    tn, fp, fn, tp = floats(c)
    m = (tn + fp + fn + tp)[:, None]
    omega = divide(np.stack([tn, fp, fn, tp], axis=1), m).reshape(-1, 2, 2)
    return _finish_matrices(omega, zd, "joint probability matrix Ω", "no samples")


@measure_entries(NO_SAMPLES)
def oracle_matrix(counts: BinaryCounts, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """O ≈ p(X) = diag(n, p), the oracle's behaviour (Armano 2015, eq. 3). Shape (k, 2, 2).

    {parameters}

    Returns
    -------
    ndarray of shape (len(counts), 2, 2)
        O = diag(n, p).

    {raises}

    See Also
    --------
    joint_probability_matrix : Ω = O·Γ.

    Examples
    --------
    >>> oracle_matrix(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([[[0.25, 0.  ],
            [0.  , 0.75]]])
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    tn, fp, fn, tp = floats(c)
    m = tn + fp + fn + tp
    n, p = divide(tn + fp, m), divide(fn + tp, m)
    zero = np.zeros_like(n)
    zero[~np.isfinite(n)] = np.nan
    oracle = np.stack([n, zero, zero, p], axis=1).reshape(-1, 2, 2)
    return _finish_matrices(oracle, zd, "oracle matrix O", "no samples")


@measure_entries(CLASS_ABSENT)
def determinant(counts: BinaryCounts, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """Δ = det Γ = tn·tp − fp·fn = ρ + ρ̄ − 1 (Armano 2015, eq. 11). Equal to δ.

    {parameters}

    {returns}
        Δ in [−1, 1].

    {raises}

    See Also
    --------
    delta : the same value.

    Examples
    --------
    >>> determinant(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.4])
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    tnr, fpr, fnr, tpr = all_rates(c)
    return finish(tnr * tpr - fpr * fnr, zd, "determinant Δ", "a class is absent")
