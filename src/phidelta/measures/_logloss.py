"""Log loss (cross-entropy) of probability estimates, from labels or from a score table."""

from __future__ import annotations

from typing import Any

import numpy as np
from scipy.special import xlogy

from phidelta._validation import check_sample_weight
from phidelta.counts import ScoreTable, as_label_array
from phidelta.measures._probability import _one_hot, _positive_indicator, _probabilities
from phidelta.measures._ranking import _check_table

__all__ = ["cross_entropy", "log_loss"]

_EPS = float(np.finfo(np.float64).eps)


def _clipped(p: np.ndarray) -> np.ndarray:
    return np.clip(p, _EPS, 1 - _EPS)


def log_loss(
    y_true: Any,
    probabilities: Any,
    *,
    pos_label: Any = None,
    labels: Any = None,
    sample_weight: Any = None,
) -> float:
    """Mean log loss (cross-entropy) in nats: −(1/n) Σᵢ log p̂ᵢ(yᵢ), the probability given to
    each example's true class (Good 1952, "Rational decisions", J. R. Stat. Soc. B 14; Bishop
    2006, eq. 4.90).

    ``probabilities`` is either 1-D, the positive class's probability (the positive class by
    ``pos_label`` and phidelta's one rule), or a matrix of k-class probability vectors whose
    columns follow ``labels`` (default: the sorted classes of ``y_true``, which must then be k).
    Probabilities are clipped to [ε, 1 − ε] with ε the float64 machine epsilon, as
    scikit-learn does, so that a certain mistake costs −log ε ≈ 36 nats instead of infinity.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True labels.
    probabilities : array-like of shape (n,) or (n, k)
        1-D: the probability of the positive class; 2-D: one probability vector per row, rows
        summing to 1, columns in the order of `labels`.
    pos_label : label, default=None
        The positive class for 1-D `probabilities` (phidelta's one rule: by default 1 or True
        for the classes {0, 1}, {−1, 1} or {False, True}; otherwise it must be given).
    labels : array-like of shape (k,), default=None
        The class of each column of 2-D `probabilities`; by default the sorted classes of
        `y_true`, which must then be k.
    sample_weight : array-like of shape (n,), default=None
        Non-negative weights of the examples.

    Returns
    -------
    float
        The (weighted) mean loss in nats.

    Raises
    ------
    ValueError
        If the probabilities are not in [0, 1], rows do not sum to 1, the lengths or the number
        of classes differ, there are no examples, or the weights sum to 0.

    See Also
    --------
    cross_entropy : the same from a score table.
    brier_score : the squared-error counterpart.

    References
    ----------
    Good, I. J. (1952). Rational decisions. Journal of the Royal Statistical Society, Series B,
    14(1), 107–114.

    Bishop, C. M. (2006). Pattern Recognition and Machine Learning. Springer. Eq. 4.90.

    Examples
    --------
    >>> round(log_loss([1, 0, 1], [0.9, 0.2, 0.6]), 6)
    0.279777
    >>> round(log_loss(["a", "b", "c"], [[.8, .1, .1], [.2, .7, .1], [.3, .3, .4]]), 6)
    0.498703
    """
    p = _probabilities(probabilities)
    if p.ndim == 1:
        y = _positive_indicator(y_true, pos_label, len(p))
        losses = -(xlogy(y, _clipped(p)) + xlogy(1 - y, _clipped(1 - p)))
    else:
        if labels is None:
            classes = np.unique(as_label_array(y_true, "y_true")).tolist()
            if len(classes) != p.shape[1]:
                raise ValueError(
                    f"`y_true` has {len(classes)} classes for {p.shape[1]} probability columns; "
                    "pass `labels` (the class of each column)."
                )
        else:
            classes = list(np.asarray(labels).tolist())
            if len(classes) != p.shape[1]:
                raise ValueError(f"`labels` has {len(classes)} classes for {p.shape[1]} columns.")
        losses = -xlogy(_one_hot(y_true, classes, len(p)), _clipped(p)).sum(axis=1)
    if losses.size == 0:
        raise ValueError("No examples: the log loss is undefined.")
    if sample_weight is None:
        return float(losses.mean())
    w = check_sample_weight(sample_weight, len(losses))
    if w.sum() <= 0:
        raise ValueError("`sample_weight` sums to 0: the log loss is undefined.")
    return float(np.dot(w, losses) / w.sum())


def cross_entropy(table: ScoreTable) -> float:
    """Mean log loss of a score table whose scores are probabilities of the positive class:
    −Σᵢ (Pᵢ·log sᵢ + Nᵢ·log(1 − sᵢ)) / (P + N) over its distinct scores sᵢ (clipped to
    [ε, 1 − ε] as in :func:`log_loss`).

    The table is a sufficient statistic for the log loss, so tables of chunks merged with
    ``+`` give the loss of the whole data.

    Parameters
    ----------
    table : ScoreTable
        A score table whose scores are probabilities of the positive class.

    Returns
    -------
    float
        The mean loss in nats.

    Raises
    ------
    TypeError
        If `table` is not a :class:`~phidelta.counts.ScoreTable`.
    ValueError
        If a score lies outside [0, 1] or the table holds no examples.

    See Also
    --------
    log_loss : the same from labels and probabilities.

    References
    ----------
    Good, I. J. (1952). Rational decisions. Journal of the Royal Statistical Society, Series B,
    14(1), 107–114.

    Examples
    --------
    >>> round(cross_entropy(ScoreTable.from_scores([1, 0, 1], [0.9, 0.2, 0.6])), 6)
    0.279777
    """
    t = _check_table(table)
    s = t.scores
    if len(s) and (s.min() < 0 or s.max() > 1):
        raise ValueError(
            "The scores of `table` must be probabilities in [0, 1] for the cross-entropy; "
            f"they range from {s.min():g} to {s.max():g}."
        )
    total = t.total_positives + t.total_negatives
    if total <= 0:
        raise ValueError("The table holds no examples: the cross-entropy is undefined.")
    pos = np.asarray(t.positives, dtype=np.float64)
    neg = np.asarray(t.negatives, dtype=np.float64)
    loss = -(np.dot(pos, np.log(_clipped(s))) + np.dot(neg, np.log(_clipped(1 - s))))
    return float(loss / total)
