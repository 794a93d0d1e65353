"""scikit-learn's classification metrics of labels, computed through phidelta's counts.

Every function reduces its labels to counts once — per-class one-vs-rest
:class:`~phidelta.counts.BinaryCounts` (the classes' tp, fp, fn, tn) or a
:class:`~phidelta.counts.ConfusionMatrix` — and evaluates the measure on them.
"""

from __future__ import annotations

import numbers
import warnings
from typing import Any

import numpy as np

from phidelta import measures
from phidelta._stack import outside_stacklevel
from phidelta.counts import BinaryCounts, ConfusionMatrix, match_class
from phidelta.metrics._inputs import (
    Targets,
    check_targets,
    implicit_positive,
    warn_undefined,
)

__all__ = [
    "accuracy_score",
    "balanced_accuracy_score",
    "cohen_kappa_score",
    "confusion_matrix",
    "f1_score",
    "fbeta_score",
    "matthews_corrcoef",
    "precision_recall_fscore_support",
    "precision_score",
    "recall_score",
]

_AVERAGES = (None, "micro", "macro", "weighted", "samples")


def _check_bool(value: Any, name: str, function: str) -> bool:
    if isinstance(value, bool | np.bool_):
        return bool(value)
    raise ValueError(
        f"The '{name}' parameter of {function} must be an instance of 'bool' or an instance "
        f"of 'numpy.bool'. Got {value!r} instead."
    )


def _check_zero_division(value: Any, function: str) -> float | str:
    if isinstance(value, str) and value == "warn":
        return value
    if (
        isinstance(value, numbers.Real)
        and not isinstance(value, bool)
        and (np.isnan(value) or value in (0, 1))
    ):
        return float(value)
    raise ValueError(
        f"The 'zero_division' parameter of {function} must be a float among {{0.0, 1.0}}, "
        f"a str among {{'warn'}} or nan. Got {value!r} instead."
    )


def _weighted_total(t: Targets) -> Any:
    return len(t.true) if t.weight is None else float(t.weight.sum())


# --- counts ---------------------------------------------------------------------------------------
def _class_sums(t: Targets) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(tp, predicted, true) per class of 1-D targets: three counts, no k×k matrix."""
    k = len(t.classes)
    hit = t.true == t.pred
    w = t.weight
    tp = np.bincount(t.true[hit], weights=None if w is None else w[hit], minlength=k)
    predicted = np.bincount(t.pred, weights=w, minlength=k)
    true = np.bincount(t.true, weights=w, minlength=k)
    return tp, predicted, true


def _label_positions(classes: np.ndarray, labels: Any) -> np.ndarray:
    """Index of each of ``labels`` among ``classes`` (−1 where the label does not occur)."""
    where = {_key(v): i for i, v in enumerate(classes.tolist())}
    return np.array([where.get(_key(v), -1) for v in np.asarray(labels).tolist()], dtype=np.intp)


def _key(value: Any) -> tuple[bool, Any]:
    return (isinstance(value, str), value)


def _pick(values: np.ndarray, positions: np.ndarray) -> np.ndarray:
    out = np.zeros(len(positions), dtype=np.result_type(values, np.int64))
    found = positions >= 0
    out[found] = values[positions[found]]
    return out


def _one_vs_rest(t: Targets, labels: Any, samplewise: bool) -> BinaryCounts:
    """scikit-learn's ``multilabel_confusion_matrix`` as BinaryCounts: one entry per label (or,
    ``samplewise``, per sample of a multi-label target)."""
    if t.kind == "multilabel-indicator":
        true, pred = t.true, t.pred
        if labels is not None:
            chosen = np.asarray(labels)
            present = t.classes
            if len(chosen) and (chosen.shape != present.shape or np.any(chosen != present)):
                if np.max(chosen) > np.max(present):
                    raise ValueError(
                        "All labels must be in [0, n labels) for multilabel targets. "
                        f"Got {np.max(chosen)} > {np.max(present)}"
                    )
                if np.min(chosen) < 0:
                    raise ValueError(
                        "All labels must be in [0, n labels) for multilabel targets. "
                        f"Got {np.min(chosen)} < 0"
                    )
            true, pred = true[:, chosen], pred[:, chosen]
        axis = 1 if samplewise else 0
        both = true & pred
        if t.weight is None:
            tp, predicted, positives = (a.sum(axis=axis) for a in (both, pred, true))
        elif samplewise:
            tp, predicted, positives = (a.sum(axis=1) * t.weight for a in (both, pred, true))
        else:
            tp, predicted, positives = (t.weight @ a for a in (both, pred, true))
        if samplewise:
            total = true.shape[1] * (1 if t.weight is None else t.weight)
        else:
            total = _weighted_total(t)
    else:
        if samplewise:
            raise ValueError(
                "Samplewise metrics are not available outside of multilabel classification."
            )
        tp, predicted, positives = _class_sums(t)
        if labels is not None:
            positions = _label_positions(t.classes, labels)
            tp, predicted, positives = (_pick(a, positions) for a in (tp, predicted, positives))
        total = _weighted_total(t)
    fp = predicted - tp
    fn = positives - tp
    tn = np.maximum(total - tp - fp - fn, 0)
    return BinaryCounts(tn=tn, fp=np.maximum(fp, 0), fn=np.maximum(fn, 0), tp=tp)


def _matrix(
    t: Targets, labels: Any = None, *, exact: np.ndarray | None = None
) -> tuple[np.ndarray, list[Any]]:
    """The k×k confusion matrix of 1-D targets over ``labels`` (default: the classes present);
    samples whose true or predicted label is not among them are left out. ``exact``: integer
    weights summed as int64 (an OverflowError where scikit-learn's sums wrap around)."""
    w = t.weight if exact is None else exact
    if labels is None:
        k, true, pred = len(t.classes), t.true, t.pred
        names = t.classes.tolist()
    else:
        names = np.asarray(labels).tolist()
        k = len(names)
        table = np.full(len(t.classes) + 1, -1, dtype=np.intp)
        positions = _label_positions(t.classes, labels)
        found = positions >= 0
        table[positions[found]] = np.flatnonzero(found)
        true, pred = table[t.true], table[t.pred]
        keep = (true >= 0) & (pred >= 0)
        if not keep.all():
            true, pred = true[keep], pred[keep]
            w = None if w is None else w[keep]
    index = true * k + pred
    if exact is None:
        cells = np.bincount(index, weights=w, minlength=k * k)
    else:
        rough = np.bincount(index, weights=w.astype(np.float64), minlength=k * k)
        if rough.max() >= 2**63:
            raise OverflowError(
                f"The weighted counts reach {rough.max():.4g}, beyond int64; pass float "
                "weights. (scikit-learn's int64 sums wrap around to negative counts here.)"
            )
        cells = np.zeros(k * k, dtype=np.int64)
        np.add.at(cells, index, w)
    return cells.reshape(k, k), names


# --- accuracy and the confusion matrix ------------------------------------------------------------
def accuracy_score(
    y_true: Any, y_pred: Any, *, normalize: bool = True, sample_weight: Any = None
) -> float:
    """Accuracy: the fraction (or, ``normalize=False``, the weighted number) of samples
    predicted correctly; for multi-label targets a sample counts when every label is right.

    scikit-learn's ``accuracy_score``: the trace of the confusion matrix over its total.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_pred : array-like of shape (n_samples,)
        Predicted labels.
    normalize : bool, default=True
        Return the fraction; False for the (weighted) number of correct samples.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.

    Returns
    -------
    float
        Same as ``sklearn.metrics.accuracy_score``; computed from phidelta's counts.

    Raises
    ------
    ValueError
        If the lengths differ or the targets are of an unsupported type.

    See Also
    --------
    phidelta.measures.accuracy : the binary accuracy of counts.
    phidelta.measures.multiclass_accuracy : of confusion matrices.

    References
    ----------
    Pedregosa, F., et al. (2011). Scikit-learn: machine learning in Python. Journal of Machine
    Learning Research, 12, 2825–2830.

    Examples
    --------
    >>> accuracy_score([0, 1, 2, 3], [0, 2, 1, 3])
    0.5
    >>> accuracy_score(["a", "b", "b"], ["a", "b", "a"], normalize=False)
    2.0
    """
    normalize = _check_bool(normalize, "normalize", "accuracy_score")
    t = check_targets(y_true, y_pred, sample_weight)
    if t.kind == "multilabel-indicator":
        exact = np.all(t.true == t.pred, axis=1)
        correct = float(exact.sum() if t.weight is None else t.weight @ exact)
    else:
        hit = t.true == t.pred
        correct = float(np.count_nonzero(hit) if t.weight is None else t.weight @ hit)
    return correct / _weighted_total(t) if normalize else correct


def _warn_single_label() -> None:
    """scikit-learn's warning for a 1×1 confusion matrix (one label in y_true and y_pred)."""
    warnings.warn(
        "A single label was found in 'y_true' and 'y_pred'. For the confusion matrix to "
        "have the correct shape, use the 'labels' parameter to pass all known labels.",
        UserWarning,
        stacklevel=outside_stacklevel(),
    )


def confusion_matrix(
    y_true: Any,
    y_pred: Any,
    *,
    labels: Any = None,
    sample_weight: Any = None,
    normalize: str | None = None,
) -> np.ndarray:
    """The confusion matrix: ``C[i, j]`` samples of true class i predicted as class j.

    Classes are ``labels`` in their order, or the sorted labels present. ``normalize`` divides
    by the rows ("true"), columns ("pred") or the total ("all"); empty rows or columns give 0.
    Integer weights (or none) give an integer matrix, float weights a float one.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_pred : array-like of shape (n_samples,)
        Predicted labels.
    labels : array-like, default=None
        The labels to include, in order; by default the sorted labels present.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    normalize : {"true", "pred", "all"} or None, default=None
        Divide by the rows, the columns or the total.

    Returns
    -------
    ndarray of shape (n_labels, n_labels)
        Same as ``sklearn.metrics.confusion_matrix``; computed from phidelta's counts.

    Raises
    ------
    ValueError
        If the lengths differ, `labels` holds none of the labels, or `normalize` is unknown.

    See Also
    --------
    phidelta.counts.ConfusionMatrix : the counts as a phidelta object.

    References
    ----------
    Pedregosa, F., et al. (2011). Scikit-learn: machine learning in Python. Journal of Machine
    Learning Research, 12, 2825–2830.

    Examples
    --------
    >>> confusion_matrix([2, 0, 2, 2, 0, 1], [0, 0, 2, 2, 0, 2])
    array([[2, 0, 0],
           [0, 0, 1],
           [1, 0, 2]])
    """
    if normalize not in (None, "true", "pred", "all"):
        raise ValueError(
            "The 'normalize' parameter of confusion_matrix must be a str among "
            f"{{'all', 'pred', 'true'}} or None. Got {normalize!r} instead."
        )
    raw_weight = None if sample_weight is None else np.asarray(sample_weight)
    integer_weights = raw_weight is None or raw_weight.dtype.kind in "biu"
    t = check_targets(y_true, y_pred, sample_weight)
    if t.kind not in ("binary", "multiclass"):
        raise ValueError(f"{t.kind} is not supported")
    if labels is not None:
        chosen = np.asarray(labels)
        if chosen.size == 0:
            raise ValueError("'labels' should contain at least one label.")
        in_true = np.isin(np.arange(len(t.classes)), t.true)
        if not np.any(_label_positions(t.classes[in_true], chosen) >= 0):
            raise ValueError("At least one label specified must be in y_true")
    exact = None
    # float sums are exact below 2⁵³; beyond, sum the integers themselves
    if (
        raw_weight is not None
        and integer_weights
        and raw_weight.size
        and float(np.abs(raw_weight).max()) * raw_weight.size >= 2**53
    ):
        exact = raw_weight.astype(np.int64)
    cells, _ = _matrix(t, labels, exact=exact)
    cells = cells.astype(np.int64) if integer_weights else cells.astype(np.float64)
    if normalize is not None:
        with np.errstate(all="ignore"):
            if normalize == "true":
                cells = cells / cells.sum(axis=1, keepdims=True)
            elif normalize == "pred":
                cells = cells / cells.sum(axis=0, keepdims=True)
            else:
                cells = cells / cells.sum()
        cells = np.nan_to_num(cells)
    if cells.shape == (1, 1):
        _warn_single_label()
    return cells


def balanced_accuracy_score(
    y_true: Any, y_pred: Any, *, sample_weight: Any = None, adjusted: bool = False
) -> float:
    """Balanced accuracy: the mean recall of the classes of ``y_true`` (Brodersen et al. 2010);
    ``adjusted=True`` maps chance to 0 (see :func:`phidelta.measures.balanced_accuracy`).

    Classes that are only predicted (not in ``y_true``) are skipped with a UserWarning, as in
    scikit-learn.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_pred : array-like of shape (n_samples,)
        Predicted labels.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    adjusted : bool, default=False
        Map chance to 0: (BA − 1/K) / (1 − 1/K).

    Returns
    -------
    float
        Same as ``sklearn.metrics.balanced_accuracy_score``; computed from phidelta's counts.

    Raises
    ------
    ValueError
        If the lengths differ or the targets are of an unsupported type.

    See Also
    --------
    phidelta.measures.balanced_accuracy : of confusion matrices.
    phidelta.measures.unbiased_accuracy : the binary case (Armano 2015, eq. 9).

    References
    ----------
    Pedregosa, F., et al. (2011). Scikit-learn: machine learning in Python. Journal of Machine
    Learning Research, 12, 2825–2830.

    Examples
    --------
    >>> balanced_accuracy_score([0, 1, 0, 0, 1, 0], [0, 1, 0, 0, 0, 1])
    0.625
    """
    adjusted = _check_bool(adjusted, "adjusted", "balanced_accuracy_score")
    t = check_targets(y_true, y_pred, sample_weight)
    if t.kind not in ("binary", "multiclass"):
        raise ValueError(f"{t.kind} is not supported")
    cells, _ = _matrix(t)
    if len(cells) == 1:  # one class: its recall, from a 1×1 matrix
        _warn_single_label()
        return float("nan") if adjusted else 1.0
    rows = cells.sum(axis=1) > 0
    if not rows.all():
        warnings.warn(
            "y_pred contains classes not in y_true", UserWarning, stacklevel=outside_stacklevel()
        )
    if rows.sum() < 2:  # one class in y_true: its recall (scikit-learn's mean of one)
        recall = float(cells[rows][0, rows][0] / cells[rows].sum())
        return float("nan") if adjusted else recall
    # the classes of y_true as inputs, every class as an output: predictions of a class that
    # is not in y_true are errors, and only y_true's classes are averaged
    names = list(range(len(cells)))
    matrix = ConfusionMatrix(
        cells[rows],
        input_classes=[n for n, r in zip(names, rows, strict=True) if r],
        output_classes=names,
    )
    return float(measures.balanced_accuracy(matrix, adjusted=adjusted)[0])


# --- precision, recall, F -------------------------------------------------------------------------
def _check_average(average: Any, function: str, *, binary: bool = True) -> None:
    allowed = (*_AVERAGES, "binary") if binary else _AVERAGES
    if average not in allowed:
        raise ValueError(f"average has to be one of {_AVERAGES}")


def _set_wise_labels(t: Targets, average: Any, labels: Any, pos_label: Any) -> Any:
    """The labels precision/recall/F are computed for (scikit-learn's rules for ``binary``)."""
    present = t.classes.tolist()
    if average == "binary":
        if t.kind == "binary":
            if pos_label is None:
                return [implicit_positive(present, None)]
            found, positive = match_class(present, pos_label)
            if not found and len(present) >= 2:
                raise ValueError(
                    f"pos_label={pos_label} is not a valid label. It should be one of {present}"
                )
            if not found and len(present) == 1 and match_class([pos_label], present[0])[0]:
                return present  # one class, the text of pos_label: "1" is the class 1
            return [positive if found else pos_label]
        options = list(_AVERAGES)
        if t.kind == "multiclass":
            options.remove("samples")
        raise ValueError(
            f"Target is {t.kind} but average='binary'. Please choose another average setting, "
            f"one of {options!r}."
        )
    if pos_label not in (None, 1):
        warnings.warn(
            f"Note that pos_label (set to {pos_label!r}) is ignored when average != 'binary' "
            f"(got {average!r}). You may use labels=[pos_label] to specify a single positive "
            "class.",
            UserWarning,
            stacklevel=outside_stacklevel(),
        )
    return labels


def _divide(
    numerator: np.ndarray,
    undefined: np.ndarray,
    values: np.ndarray,
    *,
    metric: str,
    modifier: str,
    average: Any,
    warn_for: Any,
    zero_division: float | str,
) -> np.ndarray:
    """scikit-learn's zero-division rule: ``values`` where defined; elsewhere 0 with an
    UndefinedMetricWarning ("warn"), or the given value."""
    result = np.asarray(values, dtype=np.float64).copy()
    if not undefined.any():
        return result
    result[undefined] = 0.0 if zero_division == "warn" else zero_division
    if zero_division == "warn" and metric in warn_for:
        axis0, axis1 = ("label", "sample") if average == "samples" else ("sample", "label")
        where = "due to" if result.shape[0] == 1 else f"in {axis1}s with"
        warn_undefined(
            f"{metric.capitalize()} is ill-defined and being set to 0.0 {where} no {modifier} "
            f"{axis0}s. Use `zero_division` parameter to control this behavior."
        )
    return result


def _nanaverage(values: np.ndarray, weights: np.ndarray | None) -> float:
    if values.shape[0] == 0:
        return float("nan")
    defined = ~np.isnan(values)
    if not defined.any():
        return float("nan")
    if weights is None:
        return float(values[defined].mean())
    w = np.asarray(weights, dtype=np.float64)[defined]
    if w.sum() == 0:
        return float(values[defined].mean())
    return float(np.average(values[defined], weights=w))


def precision_recall_fscore_support(
    y_true: Any,
    y_pred: Any,
    *,
    beta: float = 1.0,
    labels: Any = None,
    pos_label: Any = 1,
    average: str | None = None,
    warn_for: Any = ("precision", "recall", "f-score"),
    sample_weight: Any = None,
    zero_division: float | str = "warn",
) -> tuple[Any, Any, Any, Any]:
    """Precision, recall, F_β and support per label, or averaged.

    Computed from the one-vs-rest :class:`~phidelta.counts.BinaryCounts` of every label
    (per sample for ``average="samples"``) with :func:`phidelta.measures.precision`,
    :func:`~phidelta.measures.recall` and :func:`~phidelta.measures.fbeta_score`; ``micro``
    pools the counts first. Zero divisions follow scikit-learn: 0 with an
    ``UndefinedMetricWarning`` by default, else ``zero_division`` (0, 1 or NaN; NaN values are
    left out of averages).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_pred : array-like of shape (n_samples,)
        Predicted labels.
    beta : float, default=1.0
        Weight of recall in the F-score.
    labels : array-like, default=None
        The labels to include, in order; by default the sorted labels present.
    pos_label : int, float, bool or str, default=1
        The positive class when ``average="binary"``.
    average : {"binary", "micro", "macro", "weighted", "samples"} or None, default=None
        How per-label values combine; None returns them per label.
    warn_for : tuple of str, default=("precision", "recall", "f-score")
        The measures that warn where undefined.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        Value where a denominator is zero; ``"warn"`` returns 0 with an
        :class:`UndefinedMetricWarning`.

    Returns
    -------
    precision, recall, fbeta_score : float or ndarray of shape (n_labels,)
        The three measures.
    support : ndarray of shape (n_labels,) or None
        Samples of each label in `y_true` (None when averaged).
        Same as ``sklearn.metrics.precision_recall_fscore_support``; computed from phidelta's
        counts.

    Raises
    ------
    ValueError
        If `beta` is not positive, or `average` is unknown or does not suit the targets.

    See Also
    --------
    phidelta.measures.macro_average : the averages over one-vs-rest counts.

    References
    ----------
    Pedregosa, F., et al. (2011). Scikit-learn: machine learning in Python. Journal of Machine
    Learning Research, 12, 2825–2830.

    Examples
    --------
    >>> p, r, f, s = precision_recall_fscore_support([0, 1, 1, 2], [0, 1, 2, 2])
    >>> p, s
    (array([1. , 1. , 0.5]), array([1, 2, 1]))
    """
    function = "precision_recall_fscore_support"
    zero_division = _check_zero_division(zero_division, function)
    if not isinstance(beta, numbers.Real) or isinstance(beta, bool) or not beta >= 0:
        raise ValueError(
            f"The 'beta' parameter of {function} must be a float in the range [0.0, inf). "
            f"Got {beta!r} instead."
        )
    _check_average(average, function)
    t = check_targets(y_true, y_pred, sample_weight)
    labels = _set_wise_labels(t, average, labels, pos_label)
    samplewise = average == "samples"
    counts = _one_vs_rest(t, labels, samplewise)
    if average == "micro":
        counts = counts.sum()
    tp, predicted, positives = counts.tp, counts.tp + counts.fp, counts.tp + counts.fn
    common = {"average": average, "warn_for": warn_for, "zero_division": zero_division}
    precision = _divide(
        tp,
        predicted == 0,
        measures.precision(counts, zero_division=np.nan),
        metric="precision",
        modifier="predicted",
        **common,
    )
    recall = _divide(
        tp,
        positives == 0,
        measures.recall(counts, zero_division=np.nan),
        metric="recall",
        modifier="true",
        **common,
    )
    if np.isposinf(beta):
        f_score = recall
    elif beta == 0:
        f_score = precision
    else:
        f_score = _divide(
            tp,
            (predicted + positives) == 0,
            measures.fbeta_score(counts, beta=float(beta), zero_division=np.nan),
            metric="f-score",
            modifier="true nor predicted",
            **common,
        )
    if average is None:
        return precision, recall, f_score, positives
    weights = positives if average == "weighted" else t.weight if samplewise else None
    return (
        _nanaverage(precision, weights),
        _nanaverage(recall, weights),
        _nanaverage(f_score, weights),
        None,
    )


def _single(
    name: str,
    y_true: Any,
    y_pred: Any,
    *,
    beta: float,
    labels: Any,
    pos_label: Any,
    average: Any,
    sample_weight: Any,
    zero_division: Any,
    warn_for: tuple[str, ...],
) -> Any:
    zero_division = _check_zero_division(zero_division, name)
    _check_average(average, name)
    p, r, f, _ = precision_recall_fscore_support(
        y_true,
        y_pred,
        beta=beta,
        labels=labels,
        pos_label=pos_label,
        average=average,
        warn_for=warn_for,
        sample_weight=sample_weight,
        zero_division=zero_division,
    )
    return {"precision": p, "recall": r, "f-score": f}[warn_for[0]]


def precision_score(
    y_true: Any,
    y_pred: Any,
    *,
    labels: Any = None,
    pos_label: Any = 1,
    average: str | None = "binary",
    sample_weight: Any = None,
    zero_division: float | str = "warn",
) -> Any:
    """Precision tp / (tp + fp), see :func:`precision_recall_fscore_support`.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_pred : array-like of shape (n_samples,)
        Predicted labels.
    labels : array-like, default=None
        The labels to include, in order; by default the sorted labels present.
    pos_label : int, float, bool or str, default=1
        The positive class when ``average="binary"``.
    average : {"binary", "micro", "macro", "weighted", "samples"} or None, default="binary"
        How per-label values combine; None returns them per label.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        Value where a denominator is zero; ``"warn"`` returns 0 with an
        :class:`UndefinedMetricWarning`.

    Returns
    -------
    float or ndarray of shape (n_labels,)
        Precision; per label when ``average=None``. Same as ``sklearn.metrics.precision_score``;
        computed from phidelta's counts.

    Raises
    ------
    ValueError
        If `average` is unknown or does not suit the targets, or `pos_label` is not a label.

    See Also
    --------
    precision_recall_fscore_support : all of them at once.
    phidelta.measures.precision : the measure of counts.

    References
    ----------
    Pedregosa, F., et al. (2011). Scikit-learn: machine learning in Python. Journal of Machine
    Learning Research, 12, 2825–2830.

    Examples
    --------
    >>> precision_score([0, 1, 1, 0], [1, 1, 1, 0])
    0.6666666666666666
    """
    return _single(
        "precision_score",
        y_true,
        y_pred,
        beta=1.0,
        labels=labels,
        pos_label=pos_label,
        average=average,
        sample_weight=sample_weight,
        zero_division=zero_division,
        warn_for=("precision",),
    )


def recall_score(
    y_true: Any,
    y_pred: Any,
    *,
    labels: Any = None,
    pos_label: Any = 1,
    average: str | None = "binary",
    sample_weight: Any = None,
    zero_division: float | str = "warn",
) -> Any:
    """Recall tp / (tp + fn), see :func:`precision_recall_fscore_support`.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_pred : array-like of shape (n_samples,)
        Predicted labels.
    labels : array-like, default=None
        The labels to include, in order; by default the sorted labels present.
    pos_label : int, float, bool or str, default=1
        The positive class when ``average="binary"``.
    average : {"binary", "micro", "macro", "weighted", "samples"} or None, default="binary"
        How per-label values combine; None returns them per label.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        Value where a denominator is zero; ``"warn"`` returns 0 with an
        :class:`UndefinedMetricWarning`.

    Returns
    -------
    float or ndarray of shape (n_labels,)
        Recall; per label when ``average=None``. Same as ``sklearn.metrics.recall_score``; computed
        from phidelta's counts.

    Raises
    ------
    ValueError
        If `average` is unknown or does not suit the targets, or `pos_label` is not a label.

    See Also
    --------
    precision_recall_fscore_support : all of them at once.
    phidelta.measures.recall : the measure of counts.

    References
    ----------
    Pedregosa, F., et al. (2011). Scikit-learn: machine learning in Python. Journal of Machine
    Learning Research, 12, 2825–2830.

    Examples
    --------
    >>> recall_score([0, 1, 1, 0], [1, 1, 0, 0])
    0.5
    """
    return _single(
        "recall_score",
        y_true,
        y_pred,
        beta=1.0,
        labels=labels,
        pos_label=pos_label,
        average=average,
        sample_weight=sample_weight,
        zero_division=zero_division,
        warn_for=("recall",),
    )


def fbeta_score(
    y_true: Any,
    y_pred: Any,
    *,
    beta: float,
    labels: Any = None,
    pos_label: Any = 1,
    average: str | None = "binary",
    sample_weight: Any = None,
    zero_division: float | str = "warn",
) -> Any:
    """F_β = (1 + β²)·tp / ((1 + β²)·tp + β²·fn + fp), see
    :func:`precision_recall_fscore_support`.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_pred : array-like of shape (n_samples,)
        Predicted labels.
    beta : float
        Weight of recall against precision.
    labels : array-like, default=None
        The labels to include, in order; by default the sorted labels present.
    pos_label : int, float, bool or str, default=1
        The positive class when ``average="binary"``.
    average : {"binary", "micro", "macro", "weighted", "samples"} or None, default="binary"
        How per-label values combine; None returns them per label.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        Value where a denominator is zero; ``"warn"`` returns 0 with an
        :class:`UndefinedMetricWarning`.

    Returns
    -------
    float or ndarray of shape (n_labels,)
        F_β; per label when ``average=None``. Same as ``sklearn.metrics.fbeta_score``; computed
        from phidelta's counts.

    Raises
    ------
    ValueError
        If `beta` is not positive, or `average` is unknown or does not suit the targets.

    See Also
    --------
    phidelta.measures.fbeta_score : the measure of counts.

    References
    ----------
    Pedregosa, F., et al. (2011). Scikit-learn: machine learning in Python. Journal of Machine
    Learning Research, 12, 2825–2830.

    Examples
    --------
    >>> round(fbeta_score([0, 1, 1, 0], [1, 1, 0, 0], beta=2), 4)
    0.5
    """
    return _single(
        "fbeta_score",
        y_true,
        y_pred,
        beta=beta,
        labels=labels,
        pos_label=pos_label,
        average=average,
        sample_weight=sample_weight,
        zero_division=zero_division,
        warn_for=("f-score",),
    )


def f1_score(
    y_true: Any,
    y_pred: Any,
    *,
    labels: Any = None,
    pos_label: Any = 1,
    average: str | None = "binary",
    sample_weight: Any = None,
    zero_division: float | str = "warn",
) -> Any:
    """F1 = 2·tp / (2·tp + fp + fn), see :func:`precision_recall_fscore_support`.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_pred : array-like of shape (n_samples,)
        Predicted labels.
    labels : array-like, default=None
        The labels to include, in order; by default the sorted labels present.
    pos_label : int, float, bool or str, default=1
        The positive class when ``average="binary"``.
    average : {"binary", "micro", "macro", "weighted", "samples"} or None, default="binary"
        How per-label values combine; None returns them per label.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        Value where a denominator is zero; ``"warn"`` returns 0 with an
        :class:`UndefinedMetricWarning`.

    Returns
    -------
    float or ndarray of shape (n_labels,)
        F1; per label when ``average=None``. Same as ``sklearn.metrics.f1_score``; computed from
        phidelta's counts.

    Raises
    ------
    ValueError
        If `average` is unknown or does not suit the targets, or `pos_label` is not a label.

    See Also
    --------
    precision_recall_fscore_support : all of them at once.
    phidelta.measures.f1_score : the measure of counts.

    References
    ----------
    Pedregosa, F., et al. (2011). Scikit-learn: machine learning in Python. Journal of Machine
    Learning Research, 12, 2825–2830.

    Examples
    --------
    >>> f1_score([0, 1, 1, 0], [1, 1, 0, 0])
    0.5
    """
    return _single(
        "f1_score",
        y_true,
        y_pred,
        beta=1.0,
        labels=labels,
        pos_label=pos_label,
        average=average,
        sample_weight=sample_weight,
        zero_division=zero_division,
        warn_for=("f-score",),
    )


# --- agreement and correlation --------------------------------------------------------------------
def matthews_corrcoef(y_true: Any, y_pred: Any, *, sample_weight: Any = None) -> float:
    """Matthews correlation coefficient; for more than two classes Gorodkin's R_K
    (:func:`phidelta.measures.multiclass_mcc`). 0 where it is undefined, as in scikit-learn.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_pred : array-like of shape (n_samples,)
        Predicted labels.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.

    Returns
    -------
    float
        MCC in [−1, 1]. Same as ``sklearn.metrics.matthews_corrcoef``; computed from phidelta's
        counts.

    Raises
    ------
    ValueError
        If the lengths differ or the targets are of an unsupported type.

    See Also
    --------
    phidelta.measures.mcc, phidelta.measures.multiclass_mcc : of counts and matrices.

    References
    ----------
    Pedregosa, F., et al. (2011). Scikit-learn: machine learning in Python. Journal of Machine
    Learning Research, 12, 2825–2830.

    Gorodkin, J. (2004). Comparing two K-category assignments by a K-category correlation
    coefficient. Computational Biology and Chemistry, 28(5–6), 367–374.

    Examples
    --------
    >>> round(matthews_corrcoef([+1, +1, +1, -1], [+1, -1, +1, +1]), 4)
    -0.3333
    """
    t = check_targets(y_true, y_pred, sample_weight)
    if t.kind not in ("binary", "multiclass"):
        raise ValueError(f"{t.kind} is not supported")
    cells, _ = _matrix(t)
    if len(cells) == 1:  # scikit-learn's confusion matrix warns, and MCC is 0
        _warn_single_label()
    if len(cells) < 2 or cells.sum() <= 0:
        return 0.0
    return float(measures.multiclass_mcc(ConfusionMatrix(cells), zero_division=0.0)[0])


def cohen_kappa_score(
    y1: Any,
    y2: Any,
    *,
    labels: Any = None,
    weights: str | None = None,
    sample_weight: Any = None,
    replace_undefined_by: float = np.nan,
) -> float:
    """Cohen's κ of two raters, optionally weighted ("linear", "quadratic"), by
    :func:`phidelta.measures.multiclass_cohen_kappa` on the confusion matrix.

    Where κ is undefined (no label in common, or chance agreement 1) an
    ``UndefinedMetricWarning`` is emitted and ``replace_undefined_by`` returned.

    Parameters
    ----------
    y1, y2 : array-like of shape (n_samples,)
        The two raters' labels.
    labels : array-like, default=None
        The labels of the matrix, in order; by default those present.
    weights : {None, "linear", "quadratic"}, default=None
        Disagreement weights.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    replace_undefined_by : float, default=nan
        Value returned where κ is undefined (with an :class:`UndefinedMetricWarning`).

    Returns
    -------
    float
        κ. Same as ``sklearn.metrics.cohen_kappa_score``; computed from phidelta's counts.

    Raises
    ------
    ValueError
        If the lengths differ or `weights` is unknown.

    See Also
    --------
    phidelta.measures.multiclass_cohen_kappa : κ of confusion matrices.

    References
    ----------
    Pedregosa, F., et al. (2011). Scikit-learn: machine learning in Python. Journal of Machine
    Learning Research, 12, 2825–2830.

    Cohen, J. (1960). A coefficient of agreement for nominal scales. Educational and
    Psychological Measurement, 20(1), 37–46.

    Examples
    --------
    >>> round(cohen_kappa_score([0, 1, 1, 0, 1], [0, 1, 0, 0, 1]), 4)
    0.6154
    """
    if weights not in (None, "linear", "quadratic"):
        raise ValueError(
            "The 'weights' parameter of cohen_kappa_score must be a str among "
            f"{{'linear', 'quadratic'}} or None. Got {weights!r} instead."
        )
    if not (
        isinstance(replace_undefined_by, numbers.Real)
        and (np.isnan(replace_undefined_by) or -1 <= replace_undefined_by <= 1)
    ):
        raise ValueError(
            "The 'replace_undefined_by' parameter of cohen_kappa_score must be a float in the "
            f"range [-1.0, 1.0] or nan. Got {replace_undefined_by!r} instead."
        )
    try:
        cells = confusion_matrix(y1, y2, labels=labels, sample_weight=sample_weight)
    except ValueError as exc:
        if "At least one label specified must be in y_true" in str(exc):
            raise ValueError(
                "At least one label in `labels` must be present in `y1` (even though "
                "`cohen_kappa_score` is otherwise agnostic to the order of `y1` and `y2`)."
            ) from exc
        raise
    if cells.sum() == 0:
        warn_undefined(
            "`y2` contains no labels that are present in both `y1` and `labels`."
            "`cohen_kappa_score` is undefined and set to the value defined by the "
            f"`replace_undefined_by` param, which is set to {replace_undefined_by}."
        )
        return replace_undefined_by
    square = cells if len(cells) > 1 else np.pad(cells, ((0, 1), (0, 1)))
    kappa = measures.multiclass_cohen_kappa(
        ConfusionMatrix(square), weights=weights, zero_division=np.nan
    )[0]
    if np.isnan(kappa):
        warn_undefined(
            "`y1`, `y2` and `labels` have only one label in common. `cohen_kappa_score` is "
            "undefined and set to the value defined by the the `replace_undefined_by` param, "
            f"which is set to {replace_undefined_by}."
        )
        return replace_undefined_by
    return float(kappa)
