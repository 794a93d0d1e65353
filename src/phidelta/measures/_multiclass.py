"""Multi-class measures and the one-vs-rest reduction to binary counts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from phidelta._compute import unit_scale
from phidelta.counts import BinaryCounts, ConfusionMatrix
from phidelta.measures._common import ZeroDivision, check_zero_division, divide, finish
from phidelta.measures._entropy import _check_matrix

__all__ = [
    "balanced_accuracy",
    "macro_average",
    "micro_average",
    "multiclass_accuracy",
    "multiclass_cohen_kappa",
    "multiclass_mcc",
    "one_vs_rest",
    "weighted_average",
]

_KAPPA_WEIGHTS = (None, "linear", "quadratic")


def _marginals(cm: ConfusionMatrix) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(counts as floats, true-class totals t, predicted-class totals p, correct c) per
    matrix; p_i counts the outputs labelled like input class i (a reject column counts for
    no class)."""
    counts = cm.counts.astype(np.float64)
    mask = cm.correct_mask().astype(np.float64)
    t = counts.sum(axis=2)
    p = np.einsum("kap,np->kn", counts, mask)
    c = np.einsum("knp,np->k", counts, mask)
    return counts, t, p, c


def one_vs_rest(matrices: ConfusionMatrix) -> BinaryCounts:
    """Binary counts of every class against the rest (entry m·n + i: class i of matrix m).

    Every binary measure and the φ-δ diagram then work per class.

    Parameters
    ----------
    matrices : ConfusionMatrix
        One or more confusion matrices (true classes in rows).

    Returns
    -------
    BinaryCounts
        len(matrices) · n entries: entry m·n + i counts class i of matrix m against the rest.

    Raises
    ------
    TypeError
        If `matrices` is not a :class:`~phidelta.counts.ConfusionMatrix`.

    See Also
    --------
    macro_average, weighted_average, micro_average : averages of a binary measure over them.

    References
    ----------
    Sokolova, M., & Lapalme, G. (2009). A systematic analysis of performance measures for
    classification tasks. Information Processing & Management, 45(4), 427–437.

    Examples
    --------
    >>> one_vs_rest(ConfusionMatrix([[5, 1], [2, 4]])).fn
    array([1., 2.])
    """
    return _check_matrix(matrices).one_vs_rest()


def multiclass_accuracy(matrices: ConfusionMatrix) -> np.ndarray:
    """Fraction of samples whose predicted label equals the true label, per matrix.

    Parameters
    ----------
    matrices : ConfusionMatrix
        One or more confusion matrices (true classes in rows).

    Returns
    -------
    ndarray of shape (len(matrices),)
        Accuracy in [0, 1]; NaN for a matrix without samples (no warning).

    Raises
    ------
    TypeError
        If `matrices` is not a :class:`~phidelta.counts.ConfusionMatrix`.

    See Also
    --------
    accuracy : the binary accuracy.
    balanced_accuracy : the mean per-class recall.

    References
    ----------
    Flach, P. (2012). Machine Learning: The Art and Science of Algorithms that Make Sense of
    Data, chapter 2. Cambridge University Press. Eq. 2.1 (the binary case).

    Examples
    --------
    >>> multiclass_accuracy(ConfusionMatrix([[15, 0, 5], [0, 15, 5], [0, 0, 20]]))
    array([0.83333333])
    """
    cm = _check_matrix(matrices)
    return (cm.joint() * cm.correct_mask()).sum(axis=(1, 2))


def balanced_accuracy(
    matrices: ConfusionMatrix, *, adjusted: bool = False, zero_division: ZeroDivision = "warn"
) -> np.ndarray:
    """Mean per-class recall (Brodersen et al. 2010, "The balanced accuracy and its posterior
    distribution", ICPR): BA = (1/K) Σ_k TP_k / T_k over the K input classes.

    With ``adjusted=True`` chance is mapped to 0 and perfection stays 1: (BA − 1/K) / (1 − 1/K)
    (Guyon et al. 2015, the AutoML challenge; scikit-learn's ``adjusted``).

    A class without examples (an empty row) has no recall, so the average is undefined: NaN
    with an UndefinedMeasureWarning by default, or — with an explicit ``zero_division`` — that
    value stands for the class's recall in the mean (the policy of every average here, see
    :func:`macro_average`). To average over the classes that occur only, build the matrix of
    those classes (``input_classes``) with all predicted classes as outputs.

    Parameters
    ----------
    matrices : ConfusionMatrix
        One or more confusion matrices (true classes in rows).
    adjusted : bool, default=False
        Map chance (1/K) to 0: (BA − 1/K) / (1 − 1/K).
    zero_division : "warn" or float, default="warn"
        Value for entries where a class has no examples (an empty row); an explicit
        value stands for that class's recall in the mean. With ``"warn"`` they are NaN
        and an :class:`~phidelta.exceptions.UndefinedMeasureWarning` says how many.

    Returns
    -------
    ndarray of shape (len(matrices),)
        BA in [0, 1] (adjusted: at most 1).

    Raises
    ------
    TypeError
        If `matrices` is not a :class:`~phidelta.counts.ConfusionMatrix`.
    ValueError
        If `zero_division` is neither ``"warn"`` nor a number.

    See Also
    --------
    unbiased_accuracy : the binary case (Armano 2015, eq. 9).
    macro_average : the policy for undefined classes.

    References
    ----------
    Brodersen, K. H., Ong, C. S., Stephan, K. E., & Buhmann, J. M. (2010). The balanced
    accuracy and its posterior distribution. Proceedings of the 20th International Conference
    on Pattern Recognition (ICPR), 3121–3124.

    Guyon, I., et al. (2015). Design of the 2015 ChaLearn AutoML challenge. Proceedings of the
    International Joint Conference on Neural Networks (IJCNN).

    Examples
    --------
    >>> balanced_accuracy(ConfusionMatrix([[15, 0, 5], [0, 15, 5], [0, 0, 20]]))
    array([0.83333333])
    >>> balanced_accuracy(ConfusionMatrix([[15, 0, 5], [0, 15, 5], [0, 0, 20]]), adjusted=True)
    array([0.75])
    >>> balanced_accuracy(ConfusionMatrix([[3, 2], [0, 0]]), zero_division=0.0)
    array([0.3])
    """
    cm = _check_matrix(matrices)
    zd = check_zero_division(zero_division)
    _counts, rows, _predicted, _correct = _marginals(cm)
    hits = np.einsum("knp,np->kn", cm.counts.astype(np.float64), cm.correct_mask())
    recall = finish(divide(hits, rows).ravel(), zd, "per-class recall", "a class has no examples")
    k = rows.shape[1]
    score = recall.reshape(rows.shape).mean(axis=1)
    if adjusted:
        chance = 1.0 / k
        score = (score - chance) / (1 - chance)
    return score


def multiclass_cohen_kappa(
    matrices: ConfusionMatrix,
    *,
    weights: str | None = None,
    zero_division: ZeroDivision = "warn",
) -> np.ndarray:
    """Cohen's κ = 1 − Σ w·O / Σ w·E over the cells of the matrix (Cohen 1960; weighted:
    Cohen 1968, "Weighted kappa", Psychological Bulletin 70(4)).

    O is the joint distribution of true and predicted classes, E = outer(row, column
    marginals) the one of independent marginals. Unweighted, w = 1 off the diagonal, which
    gives κ = (a − a_e) / (1 − a_e). ``weights="linear"`` uses w_ij = abs(i − j) and
    ``"quadratic"`` w_ij = (i − j)² with i, j the positions of the classes (ordinal classes in
    the matrix's order). Undefined when Σ w·E = 0 (e.g. a_e = 1: both marginals put everything
    in one matching class): NaN with an UndefinedMeasureWarning by default.

    Parameters
    ----------
    matrices : ConfusionMatrix
        One or more confusion matrices (true classes in rows).
    weights : {None, "linear", "quadratic"}, default=None
        Disagreement weights: none (w = 1 off the diagonal), abs(i − j) or (i − j)².
    zero_division : "warn" or float, default="warn"
        Value for entries where Σ w·E = 0 (e.g. chance agreement 1). With ``"warn"``
        they are NaN and an :class:`~phidelta.exceptions.UndefinedMeasureWarning` says
        how many.

    Returns
    -------
    ndarray of shape (len(matrices),)
        κ, at most 1.

    Raises
    ------
    TypeError
        If `matrices` is not a :class:`~phidelta.counts.ConfusionMatrix`.
    ValueError
        If `weights` is unknown, weights are asked of a matrix whose outputs are not its
        inputs in the same order, or `zero_division` is neither ``"warn"`` nor a number.

    See Also
    --------
    cohen_kappa : the binary κ.
    phidelta.inference.cohen_kappa_interval : its confidence interval.

    References
    ----------
    Cohen, J. (1960). A coefficient of agreement for nominal scales. Educational and
    Psychological Measurement, 20(1), 37–46.

    Cohen, J. (1968). Weighted kappa: nominal scale agreement with provision for scaled
    disagreement or partial credit. Psychological Bulletin, 70(4), 213–220.

    Examples
    --------
    >>> float(multiclass_cohen_kappa(ConfusionMatrix([[5, 1], [2, 4]]))[0])
    0.5
    >>> cm = ConfusionMatrix([[10, 2, 0], [3, 8, 1], [0, 2, 9]])
    >>> round(float(multiclass_cohen_kappa(cm, weights="quadratic")[0]), 6)
    0.825436
    """
    cm = _check_matrix(matrices)
    zd = check_zero_division(zero_division)
    if weights not in _KAPPA_WEIGHTS:
        raise ValueError(f'`weights` must be None, "linear" or "quadratic"; got {weights!r}.')
    joint = cm.joint()
    mask = cm.correct_mask()
    rows, columns = joint.sum(axis=2), joint.sum(axis=1)
    if weights is None:
        w = 1.0 - mask
    else:
        n, p = mask.shape
        if n != p or not np.array_equal(mask, np.eye(n, dtype=bool)):
            raise ValueError(
                "Weighted kappa needs a square matrix whose outputs are its inputs in the same "
                "order (the weights are distances between class positions)."
            )
        distance = np.abs(np.subtract.outer(np.arange(n), np.arange(n))).astype(np.float64)
        w = distance if weights == "linear" else distance**2
    observed = np.einsum("knp,np->k", joint, w)
    expected = np.einsum("kn,kp,np->k", rows, columns, w)
    values = np.where(expected > 0, 1 - divide(observed, expected), np.nan)
    return finish(values, zd, "Cohen's kappa", "the chance disagreement Σ w·E is 0")


def multiclass_mcc(
    matrices: ConfusionMatrix, *, zero_division: ZeroDivision = "warn"
) -> np.ndarray:
    """Gorodkin's R_K, the K-category correlation coefficient (Gorodkin 2004, "Comparing two
    K-category assignments by a K-category correlation coefficient", Comp. Biol. Chem. 28).

    R_K = (c·s − Σ_k p_k·t_k) / √((s² − Σ_k p_k²)·(s² − Σ_k t_k²)) with s the number of
    samples, c the correct ones, t_k the samples of class k and p_k those predicted as k. For
    two classes it is the MCC of :func:`mcc`. Undefined when either marginal puts everything
    in one class (scikit-learn returns 0 there: pass ``zero_division=0.0``).

    Parameters
    ----------
    matrices : ConfusionMatrix
        One or more confusion matrices (true classes in rows).
    zero_division : "warn" or float, default="warn"
        Value for entries where either marginal puts every sample in one class. With
        ``"warn"`` they are NaN and an
        :class:`~phidelta.exceptions.UndefinedMeasureWarning` says how many.

    Returns
    -------
    ndarray of shape (len(matrices),)
        R_K in [−1, 1].

    Raises
    ------
    TypeError
        If `matrices` is not a :class:`~phidelta.counts.ConfusionMatrix`.
    ValueError
        If `zero_division` is neither ``"warn"`` nor a number.

    See Also
    --------
    mcc : the binary MCC.

    References
    ----------
    Gorodkin, J. (2004). Comparing two K-category assignments by a K-category correlation
    coefficient. Computational Biology and Chemistry, 28(5–6), 367–374.

    Examples
    --------
    >>> multiclass_mcc(ConfusionMatrix([[15, 10], [15, 60]]))   # the MCC of Flach's Ex. 2.1
    array([0.37796447])
    """
    cm = _check_matrix(matrices)
    zd = check_zero_division(zero_division)
    counts, t, p, c = _marginals(cm)
    # R_K does not depend on the counts' scale: one power of two per matrix (exact) brings
    # weighted counts near 1, so that their products neither overflow nor underflow
    scale = unit_scale(counts.max(axis=(1, 2), initial=0.0))
    counts, c = counts * scale[:, None, None], c * scale
    t, p = t * scale[:, None], p * scale[:, None]
    s = counts.sum(axis=(1, 2))
    covariance = c * s - np.einsum("kn,kn->k", p, t)
    spread_p = s * s - np.einsum("kn,kn->k", p, p)
    spread_t = s * s - np.einsum("kn,kn->k", t, t)
    values = np.clip(divide(covariance, np.sqrt(spread_p) * np.sqrt(spread_t)), -1.0, 1.0)
    return finish(values, zd, "multi-class MCC", "every sample is in, or predicted as, one class")


def macro_average(
    measure: Callable[..., np.ndarray], matrices: ConfusionMatrix, **kwargs: Any
) -> np.ndarray:
    """Mean of a binary measure over the one-vs-rest classes of each matrix.

    Policy for classes whose value is undefined (one for every average of phidelta): the
    measure's own ``zero_division`` decides. By default it warns and the class's value is NaN,
    so the average is NaN; with ``zero_division=v`` (passed through ``kwargs``) the class
    counts as v. No class is dropped silently.

    Parameters
    ----------
    measure : callable
        A binary measure of :mod:`phidelta.measures`, called as ``measure(counts, **kwargs)``.
    matrices : ConfusionMatrix
        One or more confusion matrices (true classes in rows).
    **kwargs
        Passed to `measure`, e.g. ``zero_division``.

    Returns
    -------
    ndarray of shape (len(matrices),)
        The mean over the classes of each matrix.

    Raises
    ------
    TypeError
        If `matrices` is not a :class:`~phidelta.counts.ConfusionMatrix`.

    See Also
    --------
    weighted_average, micro_average : the other averages.
    one_vs_rest : the per-class counts.

    References
    ----------
    Sokolova, M., & Lapalme, G. (2009). A systematic analysis of performance measures for
    classification tasks. Information Processing & Management, 45(4), 427–437.

    Examples
    --------
    >>> from phidelta.measures import sensitivity
    >>> macro_average(sensitivity, ConfusionMatrix([[5, 1], [2, 4]]))
    array([0.75])
    >>> macro_average(sensitivity, ConfusionMatrix([[3, 2], [0, 0]]), zero_division=0.0)
    array([0.3])
    """
    cm = _check_matrix(matrices)
    k, n, _ = cm.shape
    values = np.asarray(measure(cm.one_vs_rest(), **kwargs), dtype=np.float64).reshape(k, n)
    return values.mean(axis=1)


def weighted_average(
    measure: Callable[..., np.ndarray], matrices: ConfusionMatrix, **kwargs: Any
) -> np.ndarray:
    """Mean of a binary measure over the one-vs-rest classes weighted by each class's number
    of examples (its support; scikit-learn's ``average="weighted"``).

    A class without examples has weight 0 and so no part in the mean; an undefined value of
    a class with examples follows :func:`macro_average`'s policy (NaN by default, or the
    measure's ``zero_division`` value).

    Parameters
    ----------
    measure : callable
        A binary measure of :mod:`phidelta.measures`, called as ``measure(counts, **kwargs)``.
    matrices : ConfusionMatrix
        One or more confusion matrices (true classes in rows).
    **kwargs
        Passed to `measure`, e.g. ``zero_division``.

    Returns
    -------
    ndarray of shape (len(matrices),)
        The support-weighted mean over the classes of each matrix.

    Raises
    ------
    TypeError
        If `matrices` is not a :class:`~phidelta.counts.ConfusionMatrix`.

    See Also
    --------
    macro_average, micro_average : the other averages.

    References
    ----------
    Pedregosa, F., et al. (2011). Scikit-learn: machine learning in Python. Journal of Machine
    Learning Research, 12, 2825–2830 (``average="weighted"``).

    Examples
    --------
    >>> from phidelta.measures import precision
    >>> weighted_average(precision, ConfusionMatrix([[5, 1], [2, 4]]))   # (5/7·6 + 4/5·6)/12
    array([0.75714286])
    """
    cm = _check_matrix(matrices)
    k, n, _ = cm.shape
    values = np.asarray(measure(cm.one_vs_rest(), **kwargs), dtype=np.float64).reshape(k, n)
    support = cm.counts.astype(np.float64).sum(axis=2)
    weighted = np.where(support > 0, values * support, 0.0).sum(axis=1)
    return divide(weighted, support.sum(axis=1))


def micro_average(
    measure: Callable[..., np.ndarray], matrices: ConfusionMatrix, **kwargs: Any
) -> np.ndarray:
    """A binary measure of the one-vs-rest counts summed over the classes of each matrix.

    Parameters
    ----------
    measure : callable
        A binary measure of :mod:`phidelta.measures`, called as ``measure(counts, **kwargs)``.
    matrices : ConfusionMatrix
        One or more confusion matrices (true classes in rows).
    **kwargs
        Passed to `measure`, e.g. ``zero_division``.

    Returns
    -------
    ndarray of shape (len(matrices),)
        The measure of the summed one-vs-rest counts of each matrix.

    Raises
    ------
    TypeError
        If `matrices` is not a :class:`~phidelta.counts.ConfusionMatrix`.

    See Also
    --------
    macro_average, weighted_average : the other averages.

    References
    ----------
    Sokolova, M., & Lapalme, G. (2009). A systematic analysis of performance measures for
    classification tasks. Information Processing & Management, 45(4), 427–437.

    Examples
    --------
    >>> from phidelta.measures import precision
    >>> micro_average(precision, ConfusionMatrix([[5, 1], [2, 4]]))   # = accuracy
    array([0.75])
    """
    cm = _check_matrix(matrices)
    k, n, _ = cm.shape
    per_class = cm.one_vs_rest()
    pooled = BinaryCounts._trusted(
        *(getattr(per_class, f).reshape(k, n).sum(axis=1) for f in ("tn", "fp", "fn", "tp"))
    )
    return measure(pooled, **kwargs)
