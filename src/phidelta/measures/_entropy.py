"""The entropy balance of a confusion matrix (Valverde-Albacete & Peláez-Moreno 2010, eqs. 1–11).

For the joint distribution P_XY of true (X, n classes) and predicted (Y, p classes) labels:

    H_{U_X·U_Y} = ΔH_{P_X·P_Y} + 2·MI + VI                         (eq. 6, the balance equation)
    H_{U_X} = ΔH_X + MI + H(X|Y),   H_{U_Y} = ΔH_Y + MI + H(Y|X)     (eq. 9, marginal balances)

Normalized, they give the joint fractions F_XY = [ΔH′, 2MI′, VI′] (eq. 10) and the marginal
fractions F_X, F_Y (eq. 11), each summing to 1: the coordinates of the entropy triangle.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from phidelta._validation import require_pandas
from phidelta.counts import ConfusionMatrix
from phidelta.measures._results import TupleResult

__all__ = ["EntropyBalance", "entropy_balance"]


def _check_matrix(matrices: Any) -> ConfusionMatrix:
    if isinstance(matrices, ConfusionMatrix):
        return matrices
    raise TypeError(
        f"`matrices` must be a ConfusionMatrix; got {type(matrices).__name__}. Build one with "
        "ConfusionMatrix(counts) or ConfusionMatrix.from_labels(y_true, y_pred, classes=...)."
    )


def _entropy(probabilities: np.ndarray, axes: tuple[int, ...]) -> np.ndarray:
    """−Σ p log p over ``axes`` with 0·log 0 = 0 (natural log)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(probabilities > 0, probabilities * np.log(probabilities), 0.0)
    return -terms.sum(axis=axes)


@dataclass(frozen=True)
class EntropyBalance(TupleResult):
    """Every quantity of the entropy balance for a batch of confusion matrices.

    All arrays have one value per matrix, in units of ``base`` (bits by default). Values that
    are zero up to rounding (abs(v) below 64 ulp of H_{U_X·U_Y}) are exactly zero.
    ``joint_fractions``, ``input_fractions`` and ``output_fractions`` have shape (k, 3).

    Unpacks as ``delta_h, mutual_information, variation_of_information``, the terms of the
    balance equation ΔH_{P_X·P_Y} + 2·MI + VI = H_{U_X·U_Y} (eq. 6); the other quantities are
    attributes only.

    Attributes
    ----------
    matrices : ConfusionMatrix
        The matrices the balance was computed from.
    base : float
        Logarithm base of every entropy.
    h_uniform_x, h_uniform_y : ndarray
        H(U_X) = log n and H(U_Y) = log p, the entropies of uniform marginals.
    h_x, h_y : ndarray
        H(P_X) and H(P_Y), the entropies of the true and predicted marginals.
    h_xy : ndarray
        H(P_XY), the joint entropy.
    mutual_information : ndarray
        MI = H(X) + H(Y) − H(X, Y) (eq. 3).
    h_x_given_y, h_y_given_x : ndarray
        The conditional entropies H(X|Y) and H(Y|X).
    variation_of_information : ndarray
        VI = H(X|Y) + H(Y|X) (eq. 5).
    delta_h_x, delta_h_y : ndarray
        ΔH_X = H(U_X) − H(X) and ΔH_Y = H(U_Y) − H(Y) (eq. 8).
    joint_fractions : ndarray of shape (k, 3)
        F_XY = [ΔH′, 2MI′, VI′] (eq. 10), each row summing to 1.
    input_fractions, output_fractions : ndarray of shape (k, 3)
        F_X = [ΔH_X, MI, H(X|Y)] / log n and F_Y = [ΔH_Y, MI, H(Y|X)] / log p (eq. 11).
    accuracy : ndarray
        The mass where the output label equals the input label (NaN if the outputs are not
        declared).
    ema : ndarray
        Entropy-modulated accuracy, base^−H(X|Y).
    nit : ndarray
        Normalized information transfer, base^MI / n.

    See Also
    --------
    entropy_balance : computes it.
    phidelta.geometry.ternary_coordinates : the fractions as points of the triangle.

    References
    ----------
    Valverde-Albacete, F. J., & Peláez-Moreno, C. (2010). Two information-theoretic tools to
    assess the performance of multi-class classifiers. Pattern Recognition Letters. Eqs. 1–11.

    Examples
    --------
    >>> from phidelta.counts import ConfusionMatrix
    >>> b = entropy_balance(ConfusionMatrix([[10, 0], [0, 10]]))
    >>> b.mutual_information, b.variation_of_information
    (array([1.]), array([0.]))
    >>> b.to_dict()["joint_mi2"]
    array([1.])
    """

    matrices: ConfusionMatrix = field(repr=False)
    base: float
    h_uniform_x: np.ndarray
    h_uniform_y: np.ndarray
    h_x: np.ndarray
    h_y: np.ndarray
    h_xy: np.ndarray
    mutual_information: np.ndarray
    h_x_given_y: np.ndarray
    h_y_given_x: np.ndarray
    variation_of_information: np.ndarray
    delta_h_x: np.ndarray
    delta_h_y: np.ndarray
    joint_fractions: np.ndarray = field(repr=False)
    input_fractions: np.ndarray = field(repr=False)
    output_fractions: np.ndarray = field(repr=False)
    accuracy: np.ndarray = field(repr=False)
    ema: np.ndarray = field(repr=False)
    nit: np.ndarray = field(repr=False)

    _fields: ClassVar[tuple[str, ...]] = (
        "delta_h",
        "mutual_information",
        "variation_of_information",
    )

    @property
    def delta_h(self) -> np.ndarray:
        """ΔH_{P_X·P_Y} = ΔH_X + ΔH_Y (eq. 7)."""
        return self.delta_h_x + self.delta_h_y

    def to_dict(self) -> dict[str, np.ndarray]:
        """Flat columns (the fractions split into their three components).

        Returns
        -------
        dict of str to ndarray
            One array per quantity, with ``joint_*``, ``input_*`` and ``output_*`` for the
            components of the fractions.
        """
        columns = {
            name: getattr(self, name)
            for name in (
                "h_uniform_x",
                "h_uniform_y",
                "h_x",
                "h_y",
                "h_xy",
                "mutual_information",
                "h_x_given_y",
                "h_y_given_x",
                "variation_of_information",
                "delta_h_x",
                "delta_h_y",
            )
        }
        for prefix, fractions, parts in (
            ("joint", self.joint_fractions, ("delta_h", "mi2", "vi")),
            ("input", self.input_fractions, ("delta_h", "mi", "h_cond")),
            ("output", self.output_fractions, ("delta_h", "mi", "h_cond")),
        ):
            for i, part in enumerate(parts):
                columns[f"{prefix}_{part}"] = fractions[:, i]
        columns.update(accuracy=self.accuracy, ema=self.ema, nit=self.nit)
        return columns

    def to_frame(self) -> Any:
        """A pandas DataFrame with one row per matrix.

        Returns
        -------
        pandas.DataFrame
            The columns of :meth:`to_dict`, one row per matrix.

        Raises
        ------
        ImportError
            If pandas is not installed.
        """
        pd = require_pandas("EntropyBalance.to_frame")
        return pd.DataFrame(self.to_dict())


def entropy_balance(matrices: ConfusionMatrix, *, base: float = 2.0) -> EntropyBalance:
    """The entropy balance, its fractions and the derived measures of each confusion matrix.

    Parameters
    ----------
    matrices : ConfusionMatrix
        k matrices of shape n×p (rectangular allowed).
    base : float, default 2
        Logarithm base of every entropy (2: bits). The fractions do not depend on it.

    Returns
    -------
    EntropyBalance
        Unpacks as ``delta_h, mutual_information, variation_of_information`` (eq. 6).
        H(U_X) = log n, H(U_Y) = log p, H(P_X), H(P_Y), H(P_XY), MI, H(X|Y), H(Y|X), VI,
        ΔH_X, ΔH_Y; fractions F_XY = [ΔH′, 2MI′, VI′] normalized by log n + log p (eq. 10),
        F_X = [ΔH_X, MI, H(X|Y)] / log n and F_Y = [ΔH_Y, MI, H(Y|X)] / log p (eq. 11);
        accuracy (mass where the output label equals the input label), EMA = base^−H(X|Y)
        and NIT = base^MI / n.

    Raises
    ------
    TypeError
        If `matrices` is not a :class:`~phidelta.counts.ConfusionMatrix`.
    ValueError
        If `base` is not a positive number other than 1.

    See Also
    --------
    information_gain : the mutual information of binary counts (Armano 2015, eq. 21).
    phidelta.geometry.ternary_coordinates : points of the entropy triangle.

    References
    ----------
    Valverde-Albacete, F. J., & Peláez-Moreno, C. (2010). Two information-theoretic tools to
    assess the performance of multi-class classifiers. Pattern Recognition Letters. Eqs. 1–11.

    Examples
    --------
    >>> from phidelta.counts import ConfusionMatrix
    >>> b = entropy_balance(ConfusionMatrix([[15, 0, 5], [0, 15, 5], [0, 0, 20]]))
    >>> np.round(b.joint_fractions, 4)       # matrix a of the paper
    array([[0.0268, 0.6052, 0.368 ]])
    >>> delta_h, mi, vi = b                  # ΔH + 2·MI + VI = log₂ 3 + log₂ 3
    >>> np.round(delta_h + 2 * mi + vi, 12) == np.round(2 * np.log2(3), 12)
    array([ True])
    """
    cm = _check_matrix(matrices)
    if isinstance(base, bool) or not np.isfinite(base) or base <= 0 or base == 1:
        raise ValueError(
            f"`base` must be a positive number other than 1 (2 for bits); got {base!r}."
        )
    log_base = np.log(base)
    joint = cm.joint()
    k, n, p = cm.shape
    p_x, p_y = joint.sum(axis=2), joint.sum(axis=1)
    h_x = _entropy(p_x, (1,)) / log_base
    h_y = _entropy(p_y, (1,)) / log_base
    h_xy = _entropy(joint, (1, 2)) / log_base
    h_ux = np.full(k, np.log(n) / log_base)
    h_uy = np.full(k, np.log(p) / log_base)
    # zero up to rounding is zero: sums of k terms of size ≤ log(np) carry a few ulps of noise
    tolerance = 64 * np.finfo(np.float64).eps * (h_ux + h_uy)

    def snap(values: np.ndarray) -> np.ndarray:
        return np.where(np.abs(values) <= tolerance, 0.0, values)

    mi = snap(h_x + h_y - h_xy)  # eq. 3
    h_x_given_y = snap(h_xy - h_y)
    h_y_given_x = snap(h_xy - h_x)
    vi = snap(h_x_given_y + h_y_given_x)  # eq. 5
    delta_x, delta_y = snap(h_ux - h_x), snap(h_uy - h_y)  # eq. 8
    h_joint_uniform = h_ux + h_uy
    joint_fractions = np.stack([delta_x + delta_y, 2 * mi, vi], axis=1) / h_joint_uniform[:, None]
    input_fractions = np.stack([delta_x, mi, h_x_given_y], axis=1) / h_ux[:, None]
    output_fractions = np.stack([delta_y, mi, h_y_given_x], axis=1) / h_uy[:, None]
    # accuracy needs to know which outputs are correct: NaN for undeclared outputs
    accuracy = (
        (joint * cm.correct_mask()).sum(axis=(1, 2)) if cm.outputs_declared else np.full(k, np.nan)
    )
    return EntropyBalance(
        matrices=cm,
        base=float(base),
        h_uniform_x=h_ux,
        h_uniform_y=h_uy,
        h_x=h_x,
        h_y=h_y,
        h_xy=h_xy,
        mutual_information=mi,
        h_x_given_y=h_x_given_y,
        h_y_given_x=h_y_given_x,
        variation_of_information=vi,
        delta_h_x=delta_x,
        delta_h_y=delta_y,
        joint_fractions=joint_fractions,
        input_fractions=input_fractions,
        output_fractions=output_fractions,
        accuracy=accuracy,
        ema=np.power(base, -h_x_given_y),
        nit=np.power(base, mi) / n,
    )
