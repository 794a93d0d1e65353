"""Information gain: the mutual information between oracle and classifier (Armano 2015, eq. 21)."""

from __future__ import annotations

import numpy as np

from phidelta.counts import BinaryCounts
from phidelta.measures._common import (
    ZeroDivision,
    check_counts,
    check_zero_division,
    finish,
    floats,
    rates,
)
from phidelta.measures._entries import CLASS_ABSENT, NO_SAMPLES, measure_entries

__all__ = ["information_gain", "unbiased_information_gain"]

# The base and the errors of the information gains (see phidelta._docstrings).
_BASE = """\
base : float, default=2.0
    Base of the logarithm: 2 for bits, e for nats; positive and not 1."""
_RAISES = """\
Raises
------
TypeError
    If `counts` is not a :class:`~phidelta.counts.BinaryCounts`.
ValueError
    If `base` is not a positive number other than 1, or `zero_division` is neither
    ``"warn"`` nor a number."""

#: Information below this (in the unit of ``base``) is rounding noise and returned as exactly 0.
ROUNDING_FLOOR = 16 * np.finfo(np.float64).eps


def _check_base(base: float) -> float:
    if isinstance(base, bool) or not np.isfinite(base) or base <= 0 or base == 1:
        raise ValueError(
            f"`base` must be a positive number other than 1 (2 for bits); got {base!r}."
        )
    return float(base)


def _plogp_ratio(joint: np.ndarray, row: np.ndarray, column: np.ndarray) -> np.ndarray:
    """joint·log(joint / (row·column)) with 0·log 0 = 0."""
    with np.errstate(divide="ignore", invalid="ignore"):
        # three logs instead of one log of a product: row·column may underflow
        term = joint * (np.log(joint) - np.log(row) - np.log(column))
    return np.where(joint > 0, term, 0.0)


def mutual_information_from_rates(
    negative: np.ndarray,
    positive: np.ndarray,
    spec: np.ndarray,
    sens: np.ndarray,
    base: float = 2.0,
) -> np.ndarray:
    """I(X̂; X) for priors (n, p) and rates (ρ̄, ρ); pure array math shared with the geometry.

    NaN where a rate is NaN. Values that are zero up to rounding are clipped at 0, and values
    are at most one bit (log 2 in the unit of ``base``).

    Parameters
    ----------
    negative, positive : ndarray
        Class priors n and p (n + p = 1).
    spec, sens : ndarray
        Specificity ρ̄ and sensitivity ρ, broadcastable with the priors.
    base : float, default=2.0
        Base of the logarithm (not checked here).

    Returns
    -------
    ndarray
        I(X̂; X), NaN where a rate is NaN.

    See Also
    --------
    information_gain : the checked entry point for counts.

    References
    ----------
    Armano, G. (2015). A direct measure of discriminant and characteristic capability for
    classifier building and assessment. Information Sciences. Eq. 21.

    Examples
    --------
    >>> half = np.array([0.5])
    >>> mutual_information_from_rates(half, half, np.array([1.0]), np.array([1.0]))
    array([1.])
    """
    w00, w01 = negative * spec, negative * (1 - spec)
    w10, w11 = positive * (1 - sens), positive * sens
    q0, q1 = w00 + w10, w01 + w11
    total = (
        _plogp_ratio(w00, negative, q0)
        + _plogp_ratio(w01, negative, q1)
        + _plogp_ratio(w10, positive, q0)
        + _plogp_ratio(w11, positive, q1)
    )
    total = total / np.log(base)
    undefined = np.isnan(spec) | np.isnan(sens)
    # sums of terms of size ≤ 1 carry rounding noise of a few ulps: below that, exactly 0;
    # and never above one binary digit (H(X) ≤ log 2), which an oracle's sum can pass by an ulp
    total = np.where(total < ROUNDING_FLOOR, 0.0, np.minimum(total, np.log(2.0) / np.log(base)))
    return np.where(undefined, np.nan, total)


@measure_entries(NO_SAMPLES, base=_BASE, raises=_RAISES)
def information_gain(
    counts: BinaryCounts, *, base: float = 2.0, zero_division: ZeroDivision = "warn"
) -> np.ndarray:
    """Information gain I(X̂; X) = H(X) − H(X | X̂) of the classifier (Armano 2015, eq. 21).

    The mutual information between oracle X and classifier X̂ on the actual class distribution,
    in bits by default (``base=2``). Zero on the φ axis (δ = 0), maximal (= H(X)) at the oracle
    and anti-oracle. Values below 16 ulp (≈ 3.6e-15) are rounding noise and returned as 0.
    Undefined with no samples.

    Parameters
    ----------
    {counts}
    {base}
    {zero_division}

    {returns}
        I(X̂; X) in [0, H(X)], in the unit of `base`.

    {raises}

    See Also
    --------
    unbiased_information_gain : the same at balance.
    entropy_balance : the entropy triangle of a multi-class matrix.

    Examples
    --------
    >>> information_gain(BinaryCounts(tn=50, fp=0, fn=0, tp=50))   # an oracle at balance: 1 bit
    array([1.])
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    b = _check_base(base)
    tn, fp, fn, tp = floats(c)
    m = tn + fp + fn + tp
    with np.errstate(divide="ignore", invalid="ignore"):
        n, p = (tn + fp) / m, (fn + tp) / m
        # a rate of an absent class does not matter: its prior weight is 0
        spec = np.where(tn + fp > 0, tn / (tn + fp), 0.0)
        sens = np.where(tp + fn > 0, tp / (tp + fn), 0.0)
    spec = np.where(m > 0, spec, np.nan)
    values = mutual_information_from_rates(n, p, spec, sens, b)
    return finish(values, zd, "information gain", "no samples")


@measure_entries(CLASS_ABSENT, base=_BASE, raises=_RAISES)
def unbiased_information_gain(
    counts: BinaryCounts, *, base: float = 2.0, zero_division: ZeroDivision = "warn"
) -> np.ndarray:
    """Information gain at balance (n = p = ½): depends on ρ̄ and ρ only (Armano 2015, Fig. 7).

    Parameters
    ----------
    {counts}
    {base}
    {zero_division}

    {returns}
        I(X̂; X) at n = p = ½, in [0, 1] bits.

    {raises}

    See Also
    --------
    information_gain : on the actual class distribution.

    Examples
    --------
    >>> unbiased_information_gain(BinaryCounts(tn=90, fp=0, fn=0, tp=10))   # an oracle
    array([1.])
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    b = _check_base(base)
    spec, sens = rates(c)
    half = np.full_like(spec, 0.5)
    return finish(
        mutual_information_from_rates(half, half, spec, sens, b),
        zd,
        "unbiased information gain",
        "a class is absent",
    )
