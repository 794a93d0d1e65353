"""The area under the ROC curve of k-class probability estimates: one-vs-rest and Hand &
Till's one-vs-one M."""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from phidelta._validation import as_float_array, check_sample_weight
from phidelta.counts import ScoreTable, as_label_array
from phidelta.measures._ranking import auc

__all__ = ["multiclass_auc"]


def _class_codes(y_true: Any, labels: Any, k: int) -> tuple[np.ndarray, list[Any]]:
    y = as_label_array(y_true, "y_true")
    classes = np.unique(y).tolist() if labels is None else list(np.asarray(labels).tolist())
    if len(classes) != k:
        source = "`labels` lists" if labels is not None else "`y_true` has"
        raise ValueError(
            f"{source} {len(classes)} classes for {k} probability columns; the columns must be "
            "the classes (pass `labels` to name them)."
        )
    lookup = {(isinstance(c, str), c): i for i, c in enumerate(classes)}
    if y.dtype.kind in "biuf" and all(not isinstance(c, str) for c in classes):
        order = np.argsort(np.asarray(classes))
        ordered = np.asarray(classes)[order]
        where = np.clip(np.searchsorted(ordered, y), 0, k - 1)
        found = ordered[where] == y
        codes = order[where]
    else:
        codes = np.array([lookup.get((isinstance(v, str), v), -1) for v in y.tolist()])
        found = codes >= 0
    if not np.all(found):
        stray = np.unique(y[~found])[:5].tolist()
        raise ValueError(f"`y_true` has labels {stray} that are not in `labels` {classes}.")
    return codes.astype(np.intp), classes


def multiclass_auc(
    y_true: Any,
    probabilities: Any,
    *,
    labels: Any = None,
    multi_class: str = "ovr",
    average: str = "macro",
    sample_weight: Any = None,
) -> float:
    """AUC of k-class probability estimates, one-vs-rest or one-vs-one.

    ``multi_class="ovr"``: the AUC of each class's column against all other samples (Provost
    & Domingos 2000), averaged over the classes ("macro") or weighted by their prevalence
    ("weighted", Fawcett 2006). Every class needs examples.

    ``multi_class="ovo"``: Hand & Till's M (Hand & Till 2001, "A simple generalisation of the
    area under the ROC curve for multiple class classification problems", Machine Learning
    45, eq. 7): over every pair of classes (i, j) that occur, Â(i, j) = (Â(i|j) + Â(j|i)) / 2,
    where Â(i|j) is the AUC of column i on the samples of classes i and j with class i
    positive (their eq. 3, ties counted half); M is the mean of the Â(i, j) ("macro"; pROC's
    ``multiclass.roc``), or their mean weighted by the pair's share of the samples
    ("weighted", Ferri et al. 2009). It is insensitive to class imbalance and uses no weights.

    Columns of ``probabilities`` follow ``labels`` (default: the sorted classes of y_true).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True classes.
    probabilities : array-like of shape (n, k)
        One column per class, in the order of `labels`.
    labels : array-like of shape (k,), default=None
        The class of each column; by default the sorted classes of `y_true`.
    multi_class : {"ovr", "ovo"}, default="ovr"
        One-vs-rest, or Hand & Till's one-vs-one M.
    average : {"macro", "weighted"}, default="macro"
        Plain mean, or weighted by class prevalence ("ovr") or by the pair's share ("ovo").
    sample_weight : array-like of shape (n,), default=None
        Weights of the examples ("ovr" only).

    Returns
    -------
    float
        The averaged AUC, in [0, 1].

    Raises
    ------
    ValueError
        If `probabilities` has fewer than two columns, `multi_class` or `average` is unknown,
        the classes do not match the columns, the lengths differ, a class has no examples
        ("ovr"), fewer than two classes occur ("ovo"), or `sample_weight` is given with "ovo".

    See Also
    --------
    auc : the binary AUC.
    one_vs_rest : binary counts of each class against the rest.

    References
    ----------
    Hand, D. J., & Till, R. J. (2001). A simple generalisation of the area under the ROC curve
    for multiple class classification problems. Machine Learning, 45(2), 171–186.

    Provost, F., & Domingos, P. (2000). Well-trained PETs: improving probability estimation
    trees. CeDER Working Paper IS-00-04, New York University.

    Fawcett, T. (2006). An introduction to ROC analysis. Pattern Recognition Letters, 27(8),
    861–874.

    Examples
    --------
    >>> p = [[.6, .3, .1], [.4, .4, .2], [.5, .3, .2], [.2, .7, .1], [.3, .3, .4], [.1, .2, .7]]
    >>> multiclass_auc([0, 0, 1, 1, 2, 2], p, multi_class="ovo")   # M = (11/16 + 1 + 15/16) / 3
    0.875
    """
    p = as_float_array(probabilities, "probabilities", ndim=2)
    n, k = p.shape
    if k < 2:
        raise ValueError(f"`probabilities` needs a column per class (k ≥ 2); got {k}.")
    if multi_class not in ("ovr", "ovo"):
        raise ValueError(f'`multi_class` must be "ovr" or "ovo"; got {multi_class!r}.')
    if average not in ("macro", "weighted"):
        raise ValueError(f'`average` must be "macro" or "weighted"; got {average!r}.')
    codes, classes = _class_codes(y_true, labels, k)
    if len(codes) != n:
        raise ValueError(f"Lengths differ: `y_true` has {len(codes)}, `probabilities` has {n}.")
    if multi_class == "ovo":
        if sample_weight is not None:
            raise ValueError("Hand & Till's one-vs-one AUC takes no `sample_weight`.")
        return _hand_till(codes, p, weighted=average == "weighted")
    w = None if sample_weight is None else check_sample_weight(sample_weight, n)
    support = np.bincount(codes, weights=w, minlength=k)
    if np.any(support <= 0):
        missing = [classes[i] for i in np.flatnonzero(support <= 0)]
        raise ValueError(f"One-vs-rest AUC is undefined for classes without examples: {missing}.")
    columns = np.ascontiguousarray(p.T)
    values = np.array(
        [
            auc(ScoreTable.from_scores(codes == c, columns[c], pos_label=True, sample_weight=w))
            for c in range(k)
        ]
    )
    return float(np.average(values, weights=support if average == "weighted" else None))


def _hand_till(codes: np.ndarray, p: np.ndarray, *, weighted: bool) -> float:
    """M over the pairs of classes present. Samples are grouped by class once (a stable
    counting order), so each pair's table is built from two contiguous blocks of one column."""
    n, k = p.shape
    counts = np.bincount(codes, minlength=k)
    present = np.flatnonzero(counts)
    if len(present) < 2:
        raise ValueError("Hand & Till's M needs at least two classes with examples.")
    order = np.argsort(codes, kind="stable")
    starts = np.concatenate([[0], np.cumsum(counts)])
    grouped = np.ascontiguousarray(p[order].T)  # (k, n): column c, samples grouped by class
    pairs = list(itertools.combinations(present.tolist(), 2))
    values = np.empty(len(pairs))
    shares = np.empty(len(pairs))
    for index, (a, b) in enumerate(pairs):
        block_a = slice(starts[a], starts[a + 1])
        block_b = slice(starts[b], starts[b + 1])
        is_a = np.zeros(counts[a] + counts[b], dtype=bool)
        is_a[: counts[a]] = True
        a_given_b = auc(
            ScoreTable.from_scores(
                is_a, np.concatenate([grouped[a, block_a], grouped[a, block_b]]), pos_label=True
            )
        )
        b_given_a = auc(
            ScoreTable.from_scores(
                ~is_a, np.concatenate([grouped[b, block_a], grouped[b, block_b]]), pos_label=True
            )
        )
        values[index] = (a_given_b + b_given_a) / 2
        shares[index] = (counts[a] + counts[b]) / n
    return float(np.average(values, weights=shares if weighted else None))
