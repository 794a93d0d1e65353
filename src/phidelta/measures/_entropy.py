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
    are zero up to rounding (|v| below 64 ulp of H_{U_X·U_Y}) are exactly zero.
    ``joint_fractions``, ``input_fractions`` and ``output_fractions`` have shape (k, 3).

    Unpacks as ``delta_h, mutual_information, variation_of_information``, the terms of the
    balance equation ΔH_{P_X·P_Y} + 2·MI + VI = H_{U_X·U_Y} (eq. 6); the other quantities are
    attributes only.
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
        """Flat columns (the fractions split into their three components)."""
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
        """A pandas DataFrame with one row per matrix."""
        try:
            import pandas as pd
        except ImportError as exc:  # pragma: no cover
            raise ImportError("EntropyBalance.to_frame needs pandas (pip install pandas).") from exc
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
