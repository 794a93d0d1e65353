"""scikit-learn's losses of probability estimates: log loss and the Brier score."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
from scipy.special import xlogy

from phidelta._stack import outside_stacklevel
from phidelta.counts import check_pos_label
from phidelta.metrics._inputs import (
    as_target,
    check_label_type,
    check_lengths,
    check_samples,
    check_weights,
    column,
    target_classes,
    target_type,
)

__all__ = ["brier_score_loss", "log_loss"]


def _probabilities(y_proba: Any) -> np.ndarray:
    array = as_target(y_proba, "y_proba")
    if array.dtype.kind not in "biuf":
        try:
            array = array.astype(np.float64)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"could not convert y_proba to float: dtype {array.dtype}") from exc
    array = np.asarray(array, dtype=array.dtype if array.dtype.kind == "f" else np.float64)
    if array.ndim > 2:
        raise ValueError(f"Found array with dim {array.ndim}, while dim <= 2 is required.")
    if array.size and not np.isfinite(array).all():
        if np.isnan(array).any():
            raise ValueError("Input contains NaN.")
        raise ValueError("Input contains infinity or a value too large for dtype('float64').")
    return array


def _check_range(p: np.ndarray) -> None:
    if p.size and p.max() > 1:
        raise ValueError(f"y_prob contains values greater than 1: {p.max()}")
    if p.size and p.min() < 0:
        raise ValueError(f"y_prob contains values lower than 0: {p.min()}")


def _sorted_classes(y: np.ndarray) -> np.ndarray:
    if y.dtype.kind == "O":
        return np.array(sorted(set(y.tolist())), dtype=object)
    return np.unique(y)


def _classes_of(y: np.ndarray, found: np.ndarray | None = None) -> np.ndarray:
    """Sorted distinct labels (two comparisons for two classes, a count for small integers;
    ``found``: the classes a check already found)."""
    if found is not None:
        return np.asarray(found, dtype=y.dtype) if y.dtype.kind in "biuf" else found
    if y.dtype.kind in "biuf" and y.size:
        _kind, classes = target_classes(y, "y_true")
        if classes is not None:
            return np.asarray(classes, dtype=y.dtype)
    return _sorted_classes(y)


def _truth(
    y_true: Any, p: np.ndarray, labels: Any, weight: Any
) -> tuple[np.ndarray, np.ndarray, bool]:
    """scikit-learn's checks and messages for k-class probabilities; returns (truth, p,
    coded): the class code of each sample (``coded``) or a one-hot / indicator matrix, and
    the probabilities as a (n, k) matrix (a 1-D ``p`` is the greater class's)."""
    _check_range(p)
    given = as_target(y_true, "y_true")
    if getattr(given, "ndim", 1) == 2 and given.shape[1] > 1:  # an indicator matrix
        return (*_indicator_truth(given, p, weight), False)
    y = column(given, "y_true")
    check_lengths(p, y, weight)
    found = check_label_type(y, y_true)
    if labels is not None:
        kinds = {isinstance(v, str | np.str_) for v in np.ravel(np.asarray(labels, dtype=object))}
        if len(kinds) > 1:  # NumPy would turn the numbers into text
            raise ValueError(
                f"Mix of label input types (string and number); Got {np.asarray(labels)}."
            )
        given = np.asarray(labels)
        classes = _sorted_classes(given)
        if not np.array_equal(classes, given):
            warnings.warn(
                f"Labels passed were {labels}. But this function assumes labels are ordered "
                f"lexicographically. Pass the ordered labels={classes.tolist()} and ensure "
                "that the columns of y_prob correspond to this ordering.",
                UserWarning,
                stacklevel=outside_stacklevel(),
            )
        undeclared = set(_classes_of(y, found).tolist()) - set(given.tolist())
        if undeclared:
            raise ValueError(
                f"y_true contains values {undeclared} not belonging to the passed labels {labels}."
            )
    else:
        classes = _classes_of(y, found)
    if len(classes) == 1:
        if labels is None:
            raise ValueError(
                f"y_true contains only one label ({classes[0]}). Please provide the list of all "
                "expected class labels explicitly through the labels argument."
            )
        raise ValueError(f"The labels array needs to contain at least two labels, got {classes}.")
    codes = (
        np.searchsorted(classes, y)
        if classes.dtype.kind != "O"
        else np.array([classes.tolist().index(v) for v in y.tolist()], dtype=np.intp)
    )
    if p.ndim == 1:
        p = p[:, None]
    if p.shape[1] == 1:
        p = np.concatenate([1 - p, p], axis=1)
    elif not np.allclose(p.sum(axis=1), 1, rtol=np.sqrt(np.finfo(p.dtype).eps)):
        warnings.warn(
            "The y_prob values do not sum to one. Make sure to pass probabilities.",
            UserWarning,
            stacklevel=outside_stacklevel(),
        )
    if len(classes) != p.shape[1]:
        if labels is None:
            raise ValueError(
                f"y_true and y_prob contain different number of classes: {len(classes)} vs "
                f"{p.shape[1]}. Please provide the true labels explicitly through the labels "
                f"argument. Classes found in y_true: {classes}"
            )
        raise ValueError(
            "The number of classes in labels is different from that in y_prob. Classes found "
            f"in labels: {classes}"
        )
    return codes, p, True


def _indicator_truth(given: Any, p: np.ndarray, weight: Any) -> tuple[np.ndarray, np.ndarray]:
    truth = np.asarray(given.toarray() if hasattr(given, "toarray") else given)
    check_lengths(p, truth, weight)
    if p.ndim == 1:
        p = np.stack([1 - p, p], axis=1)
    if truth.shape != p.shape:
        raise ValueError(
            f"y_true and y_prob contain different number of classes: {truth.shape[1]} vs "
            f"{p.shape[1]}. Please provide the true labels explicitly through the labels "
            "argument."
        )
    return truth.astype(p.dtype if p.dtype.kind == "f" else np.float64), p


def _mean(values: np.ndarray, weight: np.ndarray | None, normalize: bool = True) -> float:
    if weight is None:
        return float(values.mean() if normalize else values.sum())
    if not normalize:
        return float(np.dot(values, weight))
    if weight.sum() == 0:
        raise ZeroDivisionError("Weights sum to zero, can't be normalized")
    return float(np.dot(values, weight) / weight.sum())


def log_loss(
    y_true: Any,
    y_proba: Any = None,
    *,
    normalize: bool = True,
    sample_weight: Any = None,
    labels: Any = None,
    y_pred: Any = "deprecated",
) -> float:
    """Log loss (cross-entropy) of probability estimates, in nats: −Σ_k y_k·log p_k per
    sample, averaged (or summed with ``normalize=False``); probabilities are clipped to
    [eps, 1 − eps] of their dtype, as in scikit-learn.

    The columns of a 2-D ``y_proba`` follow the sorted labels (or ``labels``); a 1-D
    ``y_proba`` is the probability of the greater label. See
    :func:`phidelta.measures.log_loss` for phidelta's own calling convention.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_proba : array-like of shape (n_samples,) or (n_samples, n_classes)
        Probability of the greater label, or one probability vector per row.
    normalize : bool, default=True
        Mean (True) or sum (False) over the samples.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    labels : array-like, default=None
        The classes of the columns of `y_proba`.
    y_pred : array-like, default="deprecated"
        Former name of `y_proba`.

    Returns
    -------
    float
        The loss in nats. Same as ``sklearn.metrics.log_loss``; computed from phidelta's counts.

    Raises
    ------
    ValueError
        If a probability lies outside [0, 1], the lengths differ, or the classes do not match.

    See Also
    --------
    phidelta.measures.log_loss : phidelta's own calling convention.

    References
    ----------
    Pedregosa, F., et al. (2011). Scikit-learn: machine learning in Python. Journal of Machine
    Learning Research, 12, 2825–2830.

    Examples
    --------
    >>> round(log_loss(["spam", "ham", "ham", "spam"],
    ...                [[.1, .9], [.9, .1], [.8, .2], [.35, .65]]), 6)
    0.216162
    """
    if not (isinstance(y_pred, str) and y_pred == "deprecated"):
        if y_proba is not None:
            raise ValueError(
                "Cannot use both `y_pred` and `y_proba`. `y_pred` is deprecated, use "
                "`y_proba` instead."
            )
        warnings.warn(
            "`y_pred` was renamed to `y_proba` in version 1.9 and will be removed in 1.11. Use "
            "`y_proba` instead.",
            FutureWarning,
            stacklevel=outside_stacklevel(),
        )
        y_proba = y_pred
    if not isinstance(normalize, bool | np.bool_):
        raise ValueError(
            "The 'normalize' parameter of log_loss must be an instance of 'bool' or an "
            f"instance of 'numpy.bool'. Got {normalize!r} instead."
        )
    p = _probabilities(y_proba)
    weight = None
    if sample_weight is not None:
        weight = check_weights(np.asarray(sample_weight), len(np.asarray(sample_weight)))
    truth, p, coded = _truth(y_true, p, labels, weight)
    eps = np.finfo(p.dtype).eps
    if coded:  # −log of the (clipped) probability of each sample's class
        given = np.take_along_axis(p, truth[:, None], axis=1)[:, 0]
        losses = -np.log(np.clip(given, eps, 1 - eps))
    else:
        losses = -xlogy(truth, np.clip(p, eps, 1 - eps)).sum(axis=1)
    return _mean(losses, weight, bool(normalize))


def brier_score_loss(
    y_true: Any,
    y_proba: Any,
    *,
    sample_weight: Any = None,
    pos_label: Any = None,
    labels: Any = None,
    scale_by_half: bool | str = "auto",
) -> float:
    """Brier score: the mean squared difference of probability vectors and one-hot truth.

    Binary (1-D ``y_proba``: the positive class's probability) it is halved by default
    (``scale_by_half="auto"``), which gives the familiar (p − y)² mean; k-class it is the
    sum over the classes. The positive class follows :func:`phidelta.counts.check_pos_label`;
    numeric classes without an implicit positive take the greater one, as in scikit-learn.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_proba : array-like of shape (n_samples,) or (n_samples, n_classes)
        Probability of the positive class, or one probability vector per row.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    pos_label : int, float, bool or str, default=None
        The positive class (by default 1 for 0/1 or ±1 labels; else it must be given).
    labels : array-like, default=None
        The classes of the columns of a 2-D `y_proba`.
    scale_by_half : bool or "auto", default="auto"
        Halve the sum over the classes ("auto": for 1-D `y_proba`).

    Returns
    -------
    float
        The Brier score. Same as ``sklearn.metrics.brier_score_loss``; computed from phidelta's
        counts.

    Raises
    ------
    ValueError
        If a probability lies outside [0, 1], the lengths differ, or the classes do not match.

    See Also
    --------
    phidelta.measures.brier_score : phidelta's own calling convention.

    References
    ----------
    Pedregosa, F., et al. (2011). Scikit-learn: machine learning in Python. Journal of Machine
    Learning Research, 12, 2825–2830.

    Brier, G. W. (1950). Verification of forecasts expressed in terms of probability. Monthly
    Weather Review, 78(1), 1–3.

    Examples
    --------
    >>> round(brier_score_loss([0, 1, 1, 0], [0.1, 0.9, 0.8, 0.3]), 4)
    0.0375
    """
    if not (isinstance(scale_by_half, bool | np.bool_) or scale_by_half == "auto"):
        raise ValueError(
            "The 'scale_by_half' parameter of brier_score_loss must be an instance of 'bool' "
            f"or a str among {{'auto'}}. Got {scale_by_half!r} instead."
        )
    p = _probabilities(y_proba)
    weight = None
    if sample_weight is not None:
        weight = check_weights(np.asarray(sample_weight), len(np.asarray(sample_weight)))
    if scale_by_half == "auto":
        scale_by_half = p.ndim == 1 or p.shape[1] < 3
    if p.ndim == 1 or p.shape[1] == 1:
        is_positive, p = _binary(y_true, p.reshape(len(p)), pos_label, weight)
        errors = np.subtract(p, is_positive)
        # both columns (1 − y vs 1 − p and y vs p) err by the same amount: twice the square
        score = 2 * _mean(np.square(errors, out=errors), weight)
    else:
        truth, p, coded = _truth(y_true, p, labels, weight)
        if coded:  # Σ_k p_k² with the true class's term p_t² replaced by (1 − p_t)²
            given = np.take_along_axis(p, truth[:, None], axis=1)[:, 0]
            errors = np.einsum("ij,ij->i", p, p) - given * given + (1 - given) ** 2
        else:
            errors = np.sum((truth - p) ** 2, axis=1)
        score = _mean(errors, weight)
    return float(score * 0.5 if scale_by_half else score)


def _binary(
    y_true: Any, p: np.ndarray, pos_label: Any, weight: Any
) -> tuple[np.ndarray, np.ndarray]:
    y = column(y_true, "y_true")
    if y.dtype.kind == "f" and y.size and not np.isfinite(y).all():
        raise ValueError("Input contains NaN.")
    check_lengths(p, y, weight)
    check_samples(y)
    kind = target_type(y, "y_true")
    if kind != "binary":
        raise ValueError(
            f"The type of the target inferred from y_true is {kind} but should be binary "
            "according to the shape of y_prob."
        )
    if p.size and p.max() > 1:
        raise ValueError(f"y_prob contains values greater than 1: {p.max()}")
    if p.size and p.min() < 0:
        raise ValueError(f"y_prob contains values less than 0: {p.min()}")
    classes = _classes_of(y).tolist()
    if pos_label is None:
        try:
            positive = check_pos_label(classes, None, where="`y_true`")
        except ValueError:
            if y.dtype.kind in "OUS":
                listed = ", ".join(repr(c) for c in classes)
                raise ValueError(
                    f"y_true takes value in {{{listed}}} and pos_label is not specified: either "
                    "make y_true take value in {0, 1} or {-1, 1} or pass pos_label explicitly."
                ) from None
            positive = classes[-1]  # the greater label, scikit-learn's convention
    else:
        positive = pos_label
    is_positive = np.asarray(y == positive, dtype=p.dtype if p.dtype.kind == "f" else float)
    return is_positive, p
