"""φ and δ, standard and generalized (Armano 2015, eqs. 11–12; Armano et al. 2019, eqs. 1–2).

Standard: φ = ρ − ρ̄ (characteristic capability, the unbiased bias) and δ = ρ + ρ̄ − 1
(discriminant capability, 2·a_u − 1). Generalized for a class ratio r = N/P, with
n = r/(1+r) and p = 1/(1+r):

    φ_b = 2pρ − 2nρ̄ + 2(n − p)      (the bias E[ĥ] − E[h] with labels in {−1, +1})
    δ_b = 2pρ + 2nρ̄ − 1              (= 2·accuracy − 1 at ratio r)

At r = 1 both reduce to the standard pair.
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

import numpy as np

from phidelta._docstrings import shared_entries
from phidelta._validation import (
    as_float_array,
    check_ratio,
    check_same_length,
    check_unit_interval,
)
from phidelta.counts import BinaryCounts
from phidelta.measures._common import (
    ZeroDivision,
    check_counts,
    check_zero_division,
    divide,
    finish,
    floats,
    rates,
)
from phidelta.measures._entries import (
    COUNTS_PARAMETERS,
    armano_2015,
    measure_entries,
    zero_division_entry,
)

__all__ = [
    "PhiDelta",
    "Rates",
    "convert",
    "delta",
    "generalized_to_standard",
    "phi",
    "phi_delta",
    "phi_delta_to_rates",
    "standard_to_generalized",
]

RatioLike = float | np.ndarray | Literal["actual"]

# Docstring entries shared below (see phidelta._docstrings): the references, and the ratio and
# errors of the maps between standard and generalized coordinates.
_ARMANO_2015 = armano_2015("Eqs. 11–12.")
_ARMANO_2019 = """\
Armano, G., Giuliani, A., Neumann, U., Rothe, N., & Heider, D. (2019). Phi-Delta-Diagrams:
software implementation of a visual tool for assessing classifier and feature performance.
Machine Learning and Knowledge Extraction, 1(1), 121–137. Eqs. 1–2."""
_MAP_RAISES = """\
Raises
------
TypeError
    If an argument is not numeric.
ValueError
    If the lengths differ or `ratio` is not positive and finite."""
_map_entries = shared_entries(
    ratio="""\
ratio : float or array-like of shape (k,)
    Class ratio r = N/P, positive and finite.""",
    raises=_MAP_RAISES,
    armano_2019=_ARMANO_2019,
)


@shared_entries(armano_2015=_ARMANO_2015)
class PhiDelta(NamedTuple):
    """A pair of arrays (φ, δ); unpacks like the published packages' ``phi, delta``.

    Attributes
    ----------
    phi : ndarray
        φ (or φ_b), one value per entry.
    delta : ndarray
        δ (or δ_b), one value per entry.

    See Also
    --------
    phi_delta : computes it from counts.
    convert : computes it from rates.

    References
    ----------
    {armano_2015}

    Examples
    --------
    >>> phi, delta = PhiDelta(np.array([0.2]), np.array([0.4]))
    >>> delta
    array([0.4])
    """

    phi: np.ndarray
    delta: np.ndarray


@shared_entries(armano_2015=armano_2015("Table 1."))
class Rates(NamedTuple):
    """A pair of arrays (specificity ρ̄, sensitivity ρ).

    Attributes
    ----------
    specificity : ndarray
        ρ̄ = TN / N, one value per entry.
    sensitivity : ndarray
        ρ = TP / P, one value per entry.

    See Also
    --------
    phi_delta_to_rates : returns it.

    References
    ----------
    {armano_2015}

    Examples
    --------
    >>> phi_delta_to_rates([0.2], [0.4]).sensitivity
    array([0.8])
    """

    specificity: np.ndarray
    sensitivity: np.ndarray


def _proportions(ratio: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """n = r/(1+r), p = 1/(1+r) (Armano 2015, §2)."""
    return ratio / (1 + ratio), 1 / (1 + ratio)


def _from_proportions(spec: np.ndarray, sens: np.ndarray, n: np.ndarray, p: np.ndarray) -> PhiDelta:
    # Armano et al. 2019, eq. 2 (eq. 1 when n = p = ½)
    phi_b = 2 * p * sens - 2 * n * spec + 2 * (n - p)
    delta_b = 2 * p * sens + 2 * n * spec - 1
    return PhiDelta(phi_b, delta_b)


def _from_rates(spec: np.ndarray, sens: np.ndarray, ratio: np.ndarray) -> PhiDelta:
    n, p = _proportions(ratio)
    return _from_proportions(spec, sens, n, p)


def _check_ratio_length(r: np.ndarray, k: int, what: str) -> np.ndarray:
    if r.ndim > 1 or (r.ndim == 1 and len(r) not in (1, k)):
        raise ValueError(
            f"`ratio` must be a scalar or have one value per {what} ({k}); got shape {r.shape}."
        )
    return r


# The entries of phi and delta, each one coordinate of phi_delta.
_ABSENT_OR_ACTUAL = 'where a class is absent or, with ``ratio="actual"``, there are no samples'
_coordinate_entries = measure_entries(
    _ABSENT_OR_ACTUAL,
    parameters=f"""\
{COUNTS_PARAMETERS}
ratio : float, array-like of shape (len(counts),), or "actual", default=1.0
    Class ratio r = N/P, as in :func:`phi_delta`.
{zero_division_entry(_ABSENT_OR_ACTUAL)}""",
    raises="""\
Raises
------
TypeError
    If `counts` is not a :class:`~phidelta.counts.BinaryCounts` or `ratio` is not a number.
ValueError
    If `ratio` is invalid or `zero_division` is neither ``"warn"`` nor a number.""",
)


@shared_entries(armano_2015=_ARMANO_2015, armano_2019=_ARMANO_2019)
def phi_delta(
    counts: BinaryCounts, *, ratio: RatioLike = 1.0, zero_division: ZeroDivision = "warn"
) -> PhiDelta:
    """(φ, δ) of counts: standard at ``ratio=1``, generalized otherwise.

    Parameters
    ----------
    counts : BinaryCounts
        One or more binary confusion counts; one value per entry.
    ratio : float, array-like of shape (len(counts),), or "actual", default=1.0
        Class ratio r = N/P for the generalized measures (any positive finite value; 1 gives
        the standard φ, δ); ``"actual"`` uses each entry's own class proportions (then φ_b is
        the entry's actual bias E[ĥ] − E[h] and δ_b = 2·accuracy − 1).
    zero_division : "warn" or float, default="warn"
        Value for entries where a class is absent (for a numeric ratio: TN + FP = 0 or
        TP + FN = 0) or, with ``ratio="actual"``, there are no samples. With ``"warn"``
        they are NaN and an :class:`~phidelta.exceptions.UndefinedMeasureWarning` says
        how many.

    Returns
    -------
    PhiDelta
        Named pair (phi, delta) of arrays of shape (len(counts),).

    Raises
    ------
    TypeError
        If `counts` is not a :class:`~phidelta.counts.BinaryCounts` or `ratio` is not a number.
    ValueError
        If `ratio` is not positive and finite (or a string other than ``"actual"``), has the
        wrong length, or `zero_division` is neither ``"warn"`` nor a number.

    See Also
    --------
    phi, delta : either coordinate alone.
    convert : the same from specificity and sensitivity.

    References
    ----------
    {armano_2015}

    {armano_2019}

    Examples
    --------
    >>> phi_delta(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    PhiDelta(phi=array([0.2]), delta=array([0.4]))
    >>> phi_delta(BinaryCounts(tn=15, fp=10, fn=15, tp=60), ratio="actual").delta  # 2·0.75 − 1
    array([0.5])
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    spec, sens = rates(c)
    if isinstance(ratio, str):
        if ratio != "actual":
            raise ValueError(f'`ratio` must be a positive number or "actual"; got {ratio!r}.')
        tn, fp, fn, tp = floats(c)
        m = tn + fp + fn + tp
        n, p = divide(tn + fp, m), divide(fn + tp, m)
        # the rate of an absent class carries zero weight at the entry's own proportions
        spec = np.where(np.isnan(spec) & (m > 0), 0.0, spec)
        sens = np.where(np.isnan(sens) & (m > 0), 0.0, sens)
        result = _from_proportions(spec, sens, n, p)
        condition = "no samples"
    else:
        r = _check_ratio_length(check_ratio(ratio), len(c), "entry")
        result = _from_rates(spec, sens, r)
        condition = "a class is absent"
    return PhiDelta(
        finish(result.phi, zd, "φ", condition), finish(result.delta, zd, "δ", condition)
    )


@_coordinate_entries
def phi(
    counts: BinaryCounts, *, ratio: RatioLike = 1.0, zero_division: ZeroDivision = "warn"
) -> np.ndarray:
    """φ, the characteristic capability (Armano 2015, eq. 12): φ = ρ − ρ̄ = tp + fp − 1.

    For classifiers the unbiased bias with Armano's sign (E[f̂] − f, eq. 20); for features how
    pervasive the feature is (+1: always true, −1: always false). With ``ratio`` ≠ 1 the
    generalized φ_b (see :func:`phi_delta`). Not the "phi coefficient" (that is :func:`mcc`).

    {parameters}

    {returns}
        φ in [−1, 1].

    {raises}

    See Also
    --------
    phi_delta : both coordinates.
    unbiased_bias : −φ.

    Examples
    --------
    >>> phi(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.2])
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    return phi_delta(c, ratio=ratio, zero_division=zd).phi


@_coordinate_entries
def delta(
    counts: BinaryCounts, *, ratio: RatioLike = 1.0, zero_division: ZeroDivision = "warn"
) -> np.ndarray:
    """δ, the discriminant capability (Armano 2015, eq. 11): δ = ρ + ρ̄ − 1 = 2·a_u − 1.

    +1 at the oracle (or a feature covariant with the positive class), −1 at the anti-oracle.
    With ``ratio`` ≠ 1 the generalized δ_b = 2·accuracy − 1 at that ratio.

    {parameters}

    {returns}
        δ in [−1, 1].

    {raises}

    See Also
    --------
    phi_delta : both coordinates.
    unbiased_accuracy : a_u = (1 + δ)/2.

    Examples
    --------
    >>> delta(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.4])
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    return phi_delta(c, ratio=ratio, zero_division=zd).delta


@shared_entries(armano_2019=_ARMANO_2019)
def convert(specificity: Any, sensitivity: Any, ratio: Any = 1.0) -> PhiDelta:
    """Convert (specificity, sensitivity) to (φ, δ): the published ``phiDelta.convert``.

    Standard φ, δ when ``ratio`` = 1, generalized φ_b, δ_b for another class ratio r = N/P
    (Armano et al. 2019, eqs. 1–2). ``ratio`` may be an array with one value per pair.

    Parameters
    ----------
    specificity, sensitivity : array-like of shape (k,)
        Rates in [0, 1].
    ratio : float or array-like of shape (k,), default 1.0
        Negatives over positives; any positive value.

    Returns
    -------
    PhiDelta
        Named pair (phi, delta) of arrays of shape (k,).

    Raises
    ------
    TypeError
        If an argument is not numeric.
    ValueError
        If a rate lies outside [0, 1], the lengths differ, or `ratio` is not positive and
        finite.

    See Also
    --------
    phi_delta_to_rates : the inverse.
    phidelta.api.convert : the published functional interface.

    References
    ----------
    {armano_2019}

    Examples
    --------
    >>> convert([0.6], [0.8])
    PhiDelta(phi=array([0.2]), delta=array([0.4]))
    >>> convert([1.0], [0.0], ratio=4)   # the always-negative dummy at r = 4
    PhiDelta(phi=array([-0.4]), delta=array([0.6]))
    """
    spec = check_unit_interval(as_float_array(specificity, "specificity"), "specificity")
    sens = check_unit_interval(as_float_array(sensitivity, "sensitivity"), "sensitivity")
    check_same_length(specificity=spec, sensitivity=sens)
    r = _check_ratio_length(check_ratio(ratio), len(spec), "pair")
    return _from_rates(spec, sens, r)


def _pair(phi_values: Any, delta_values: Any) -> tuple[np.ndarray, np.ndarray]:
    phi_array = as_float_array(phi_values, "phi")
    delta_array = as_float_array(delta_values, "delta")
    check_same_length(phi=phi_array, delta=delta_array)
    return phi_array, delta_array


@_map_entries
def standard_to_generalized(phi: Any, delta: Any, ratio: Any) -> PhiDelta:
    """Map standard (φ, δ) to generalized (φ_b, δ_b) for class ratio r = N/P.

    φ_b = (n − p)(1 − δ) + φ and δ_b = δ − (n − p)·φ: the linear map that sends the standard
    diamond onto the generalized one (the oracle stays at (0, 1)).

    Parameters
    ----------
    phi, delta : array-like of shape (k,)
        Standard coordinates.
    {ratio}

    Returns
    -------
    PhiDelta
        Generalized (φ_b, δ_b), arrays of shape (k,).

    {raises}

    See Also
    --------
    generalized_to_standard : the inverse.

    References
    ----------
    {armano_2019}

    Examples
    --------
    >>> standard_to_generalized([1.0], [0.0], ratio=0.25)   # the always-positive dummy
    PhiDelta(phi=array([0.4]), delta=array([0.6]))
    """
    phi_array, delta_array = _pair(phi, delta)
    n, p = _proportions(check_ratio(ratio))
    d = n - p
    return PhiDelta(d * (1 - delta_array) + phi_array, delta_array - d * phi_array)


@_map_entries
def generalized_to_standard(phi: Any, delta: Any, ratio: Any) -> PhiDelta:
    """Map generalized (φ_b, δ_b) at class ratio r back to standard (φ, δ).

    The inverse of :func:`standard_to_generalized`: with d = n − p,
    φ = (φ_b − d + d·δ_b) / (1 − d²) and δ = δ_b + d·φ (1 − d² = 4np > 0).

    Parameters
    ----------
    phi, delta : array-like of shape (k,)
        Generalized coordinates φ_b, δ_b.
    {ratio}

    Returns
    -------
    PhiDelta
        Standard (φ, δ), arrays of shape (k,).

    {raises}

    See Also
    --------
    standard_to_generalized : the inverse.

    References
    ----------
    {armano_2019}

    Examples
    --------
    >>> phi, delta = generalized_to_standard([0.4], [0.6], ratio=0.25)
    >>> np.round(phi, 12), np.round(delta, 12)      # back to the standard right corner
    (array([1.]), array([0.]))
    """
    phi_b, delta_b = _pair(phi, delta)
    n, p = _proportions(check_ratio(ratio))
    d = n - p
    phi_std = (phi_b - d + d * delta_b) / (4 * n * p)
    return PhiDelta(phi_std, delta_b + d * phi_std)


@shared_entries(raises=_MAP_RAISES, armano_2015=_ARMANO_2015)
def phi_delta_to_rates(phi: Any, delta: Any, ratio: Any = 1.0) -> Rates:
    """Recover (specificity, sensitivity) from (φ, δ) at class ratio r (inverse of convert).

    Points outside the diamond give rates outside [0, 1]; they are returned as computed.

    Parameters
    ----------
    phi, delta : array-like of shape (k,)
        Coordinates, generalized at `ratio` (standard when `ratio` is 1).
    ratio : float or array-like of shape (k,), default=1.0
        Class ratio r = N/P, positive and finite.

    Returns
    -------
    Rates
        Named pair (specificity, sensitivity) of arrays of shape (k,).

    {raises}

    See Also
    --------
    convert : the inverse.

    References
    ----------
    {armano_2015}

    Examples
    --------
    >>> phi_delta_to_rates([0.2], [0.4])
    Rates(specificity=array([0.6]), sensitivity=array([0.8]))
    """
    phi_std, delta_std = generalized_to_standard(phi, delta, ratio)
    return Rates((1 - phi_std + delta_std) / 2, (1 + phi_std + delta_std) / 2)
