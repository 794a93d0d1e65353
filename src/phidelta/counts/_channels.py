"""Channel models of MacKay (2003) used by Valverde-Albacete & Peláez-Moreno (2010), §2.3."""

from __future__ import annotations

from typing import Any

import numpy as np

from phidelta._validation import as_float_array, check_positive_int
from phidelta.counts._confusion import ConfusionMatrix

__all__ = [
    "binary_erasure_channel",
    "binary_symmetric_channel",
    "convex_series",
    "noisy_typewriter",
]


def _probabilities(value: Any, name: str) -> np.ndarray:
    array = as_float_array(value, name)
    if np.any(array < 0) or np.any(array > 1):
        raise ValueError(f"`{name}` must lie in [0, 1]; got {value!r}.")
    return array


def binary_symmetric_channel(error: Any, prior: Any = None) -> ConfusionMatrix:
    """Binary symmetric channel: each bit flips with probability ``error`` (one matrix each).

    Parameters
    ----------
    error : float or array-like of shape (k,)
        Flip probability in [0, 1]; one matrix per value.
    prior : array-like of shape (2,), optional
        P(X); uniform by default.

    Returns
    -------
    ConfusionMatrix
        k joint distributions of shape (2, 2).

    Raises
    ------
    ValueError
        If `error` lies outside [0, 1] or `prior` is not two probabilities summing to 1.

    See Also
    --------
    binary_erasure_channel, noisy_typewriter : the other channels of the paper.

    References
    ----------
    Valverde-Albacete, F. J., & Peláez-Moreno, C. (2010). Two information-theoretic tools to
    assess the performance of multi-class classifiers. Pattern Recognition Letters. Fig. 4(b).

    MacKay, D. J. C. (2003). Information Theory, Inference, and Learning Algorithms. Cambridge
    University Press. Chapter 9.

    Examples
    --------
    >>> binary_symmetric_channel([0.0, 0.5]).counts[1]
    array([[0.25, 0.25],
           [0.25, 0.25]])
    """
    e = _probabilities(error, "error")
    channel = np.stack([np.stack([1 - e, e], axis=1), np.stack([e, 1 - e], axis=1)], axis=1)
    return ConfusionMatrix.from_channel(channel, prior)


def binary_erasure_channel(erasure: Any, prior: Any = None) -> ConfusionMatrix:
    """Binary erasure channel: outputs [0, erasure, 1]; a bit is erased with probability e.

    Parameters
    ----------
    erasure : float or array-like of shape (k,)
        Erasure probability e in [0, 1]; one matrix per value.
    prior : array-like of shape (2,), optional
        P(X); uniform by default.

    Returns
    -------
    ConfusionMatrix
        k joint distributions of shape (2, 3), outputs [0, erasure, 1].

    Raises
    ------
    ValueError
        If `erasure` lies outside [0, 1] or `prior` is not two probabilities summing to 1.

    See Also
    --------
    binary_symmetric_channel, noisy_typewriter : the other channels of the paper.

    References
    ----------
    Valverde-Albacete, F. J., & Peláez-Moreno, C. (2010). Two information-theoretic tools to
    assess the performance of multi-class classifiers. Pattern Recognition Letters. Fig. 4(b).

    MacKay, D. J. C. (2003). Information Theory, Inference, and Learning Algorithms. Cambridge
    University Press. Chapter 9.

    Examples
    --------
    >>> binary_erasure_channel(0.2).counts[0]
    array([[0.4, 0.1, 0. ],
           [0. , 0.1, 0.4]])
    """
    e = _probabilities(erasure, "erasure")
    zero = np.zeros_like(e)
    channel = np.stack(
        [np.stack([1 - e, e, zero], axis=1), np.stack([zero, e, 1 - e], axis=1)], axis=1
    )
    return ConfusionMatrix.from_channel(
        channel, prior, input_classes=[0, 1], output_classes=[0, "erasure", 1]
    )


def noisy_typewriter(n: int = 27) -> ConfusionMatrix:
    """MacKay's noisy typewriter: n symbols on a circle, input i → i−1, i, i+1 with 1/3 each.

    Parameters
    ----------
    n : int, default=27
        Number of symbols.

    Returns
    -------
    ConfusionMatrix
        One joint distribution of shape (n, n).

    Raises
    ------
    TypeError
        If `n` is not an integer.
    ValueError
        If `n` < 3.

    See Also
    --------
    binary_symmetric_channel, binary_erasure_channel : the other channels of the paper.

    References
    ----------
    Valverde-Albacete, F. J., & Peláez-Moreno, C. (2010). Two information-theoretic tools to
    assess the performance of multi-class classifiers. Pattern Recognition Letters. Fig. 4(b).

    MacKay, D. J. C. (2003). Information Theory, Inference, and Learning Algorithms. Cambridge
    University Press. Chapter 9.

    Examples
    --------
    >>> float(noisy_typewriter().counts[0, 0, 26] * 27 * 3)
    1.0
    """
    n = check_positive_int(n, "n", minimum=3)
    channel = np.zeros((n, n))
    rows = np.arange(n)
    for shift in (-1, 0, 1):
        channel[rows, (rows + shift) % n] += 1 / 3
    return ConfusionMatrix.from_channel(channel)


def convex_series(n: int = 3, lambdas: Any = None) -> ConfusionMatrix:
    """P_XY = (1 − λ)·U_X·U_Y + λ·P_{X=Y}: from uniform independent to uniform diagonal.

    Parameters
    ----------
    n : int, default=3
        Number of classes.
    lambdas : array-like of shape (k,), optional
        λ values in [0, 1]; one matrix per value (by default 0, 0.1, …, 1).

    Returns
    -------
    ConfusionMatrix
        k joint distributions of shape (n, n).

    Raises
    ------
    TypeError
        If `n` is not an integer.
    ValueError
        If `n` < 2 or a λ lies outside [0, 1].

    See Also
    --------
    phidelta.measures.entropy_balance : the series runs along the triangle's MI′ + VI′ side.

    References
    ----------
    Valverde-Albacete, F. J., & Peláez-Moreno, C. (2010). Two information-theoretic tools to
    assess the performance of multi-class classifiers. Pattern Recognition Letters. Fig. 2(a)
    and (b), the convex series.

    Examples
    --------
    >>> convex_series(2, [0.0, 1.0]).counts
    array([[[0.25, 0.25],
            [0.25, 0.25]],
    <BLANKLINE>
           [[0.5 , 0.  ],
            [0.  , 0.5 ]]])
    """
    n = check_positive_int(n, "n", minimum=2)
    lam = _probabilities(np.linspace(0, 1, 11) if lambdas is None else lambdas, "lambdas")
    independent = np.full((n, n), 1.0 / (n * n))
    diagonal = np.eye(n) / n
    joint = (1 - lam)[:, None, None] * independent + lam[:, None, None] * diagonal
    return ConfusionMatrix(joint)
