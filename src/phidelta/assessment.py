"""Classifier assessment runs: per-fold counts and score tables (an interface layer).

``cross_validate`` runs stratified k-fold cross-validation of any scikit-learn classifier (the
30-fold experiment of the software paper's Listing 3 in one call); ``assess`` takes labels,
predictions and/or scores and fold ids the user already has. Both return an
:class:`Assessment` ready for every measure and diagram.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from phidelta._validation import as_float_array, check_positive_int, check_same_length
from phidelta.counts import BinaryCounts, ScoreTable
from phidelta.counts._labels import as_label_array, distinct_at_most_two, resolve_pos_label
from phidelta.counts._scores import MergingStack
from phidelta.measures import MeasureTable, measure_table, optimal_points

__all__ = ["SUMMARY_MEASURES", "Assessment", "assess", "assess_chunks", "cross_validate"]

#: The per-fold measures that assessment summaries (CLI table, HTML report) show.
SUMMARY_MEASURES = (
    "accuracy",
    "unbiased_accuracy",
    "sensitivity",
    "specificity",
    "precision",
    "f1_score",
    "mcc",
    "unbiased_mcc",
    "phi",
    "delta",
)


@dataclass(frozen=True)
class Assessment:
    """Per-fold results of a classifier.

    Attributes
    ----------
    counts : BinaryCounts
        One entry per fold (predictions, or scores thresholded at ``threshold``).
    tables : list of ScoreTable or None
        One per fold when scores are available.
    folds : ndarray
        Fold identifiers, in the order of the entries.
    positive : object
    ratio : float
        N/P over all folds.
    """

    counts: BinaryCounts
    tables: list[ScoreTable] | None
    folds: np.ndarray
    positive: Any
    ratio: float
    threshold: float | None = None
    y_true: np.ndarray = field(repr=False, default_factory=lambda: np.empty(0))
    scores: np.ndarray | None = field(repr=False, default=None)

    def measures(self, names: list[str] | None = None) -> MeasureTable:
        """Every measure per fold (undefined values NaN)."""
        return measure_table(self.counts, measures=names, index=[str(f) for f in self.folds])

    def pooled(self) -> BinaryCounts:
        """The counts of all folds together."""
        return self.counts.sum()

    def pooled_table(self) -> ScoreTable:
        if self.tables is None:
            raise ValueError("This assessment has no scores.")
        return ScoreTable.merge(self.tables)


def _is_positive(y: np.ndarray, pos_label: Any) -> tuple[np.ndarray, Any]:
    values, first = distinct_at_most_two(y, "y_true")
    if len(values) < 2:
        raise ValueError(f"`y_true` holds one class {values}; an assessment needs both.")
    pos = resolve_pos_label(values, pos_label, None, "`y_true`")
    assert first is not None
    return (first if values[0] == pos else ~first), pos


def assess(
    y_true: Any,
    *,
    y_pred: Any = None,
    scores: Any = None,
    folds: Any = None,
    pos_label: Any = None,
    threshold: float | str | None = None,
) -> Assessment:
    """Assess predictions and/or scores you already have, one entry per fold.

    Parameters
    ----------
    y_pred : predicted labels (same encoding as ``y_true``), optional
    scores : scores or positive-class probabilities, optional
    folds : fold id of every sample, optional (default: a single fold "all")
    threshold : without ``y_pred``, predict positive when score ≥ threshold; "optimal"
        picks the accuracy-optimal threshold of the pooled scores (midpoint rule); default 0.5
        for scores within [0, 1], else 0.

    Examples
    --------
    >>> a = assess([1, 0, 1, 0], scores=[0.9, 0.2, 0.4, 0.6], folds=[1, 1, 2, 2])
    >>> a.counts.tp, a.folds
    (array([1, 0]), array([1, 2]))
    """
    y = as_label_array(y_true, "y_true")
    if y_pred is None and scores is None:
        raise ValueError("Pass `y_pred` (predicted labels) or `scores` (or both).")
    fold_ids = (
        np.full(len(y), "all", dtype=object) if folds is None else as_label_array(folds, "folds")
    )
    check_same_length(y_true=y, folds=fold_ids)
    is_pos, positive = _is_positive(y, pos_label)
    s = None
    chosen = None
    if scores is not None:
        s = as_float_array(scores, "scores")
        check_same_length(y_true=y, scores=s)
    if y_pred is not None:
        p = as_label_array(y_pred, "y_pred")
        check_same_length(y_true=y, y_pred=p)
        labels = list(distinct_at_most_two(y, "y_true")[0])
        counts, uniques = BinaryCounts.from_groups(
            y, p, fold_ids, pos_label=positive, labels=labels
        )
    else:
        assert s is not None
        if threshold is None:
            chosen = 0.5 if (s.min() >= 0 and s.max() <= 1) else 0.0
        elif threshold == "optimal":
            chosen = float(optimal_points(ScoreTable._from_mask(s, is_pos)).thresholds[0])
        else:
            chosen = float(threshold)
        counts, uniques = BinaryCounts.from_groups(
            is_pos, s >= chosen, fold_ids, pos_label=True, labels=[False, True]
        )
    tables = None
    if s is not None:
        tables, _ = ScoreTable.from_groups(
            is_pos, s, fold_ids, pos_label=True, labels=[False, True]
        )
    ratio = float((~is_pos).sum() / is_pos.sum())
    return Assessment(counts, tables, uniques, positive, ratio, chosen, y, s)


def assess_chunks(chunks: Any, *, labels: Any, pos_label: Any = None) -> Assessment:
    """Assess predictions arriving in blocks of ``(y_true, y_pred, scores, folds)`` (any of the
    last three may be None). Per-fold counts and score tables merge as blocks arrive; memory is
    one block plus the counts and the distinct scores. ``labels`` declares both classes.

    Without ``y_pred``, blocks are counted at the threshold 0.5 (scores in [0, 1]) — pass
    predictions to count anything else.
    """
    declared = list(np.asarray(labels).tolist())
    if len(declared) != 2:
        raise ValueError(f"`labels` must list the two classes; got {declared!r}.")
    positive = resolve_pos_label(declared, pos_label, declared, "`labels`")
    counts: dict[Any, BinaryCounts] = {}
    tables: dict[Any, MergingStack] = {}
    negatives = positives = 0
    for number, chunk in enumerate(chunks):
        y, predicted, scores, folds = chunk
        y = as_label_array(y, "y_true")
        fold_ids = (
            np.full(len(y), "all", dtype=object)
            if folds is None
            else as_label_array(folds, "folds")
        )
        is_pos = (
            np.array([v == positive for v in y.tolist()]) if y.dtype == object else (y == positive)
        )
        positives += int(is_pos.sum())
        negatives += len(y) - int(is_pos.sum())
        if predicted is None and scores is None:
            raise ValueError(f"Chunk {number}: pass predictions or scores.")
        if predicted is not None:
            part, groups = BinaryCounts.from_groups(
                y, predicted, fold_ids, pos_label=positive, labels=declared
            )
        else:
            s = as_float_array(scores, "scores")
            part, groups = BinaryCounts.from_groups(
                is_pos, s >= 0.5, fold_ids, pos_label=True, labels=[False, True]
            )
        for g, entry in zip(groups.tolist(), part, strict=True):
            counts[g] = counts[g] + entry if g in counts else entry
        if scores is not None:
            s = as_float_array(scores, "scores")
            check_same_length(y_true=y, scores=s)
            for g in np.unique(fold_ids).tolist():
                mask = fold_ids == g
                table = ScoreTable._from_mask(s[mask], is_pos[mask])
                tables.setdefault(g, MergingStack()).add(table)
    if not counts:
        raise ValueError("`chunks` is empty: nothing to assess.")
    if positives == 0 or negatives == 0:
        raise ValueError("The labels hold a single class; an assessment needs both.")
    keys = sorted(counts, key=lambda g: (str(type(g)), g))
    merged = [tables[k].result() for k in keys] if tables else None
    return Assessment(
        BinaryCounts.concat([counts[k] for k in keys]),
        merged,
        np.array(keys, dtype=object),
        positive,
        negatives / positives,
    )


def cross_validate(
    estimator: Any,
    X: Any,
    y: Any,
    *,
    cv: int = 10,
    pos_label: Any = None,
    seed: int | None = 0,
    scoring: str = "auto",
) -> Assessment:
    """Stratified k-fold cross-validation of a scikit-learn classifier, assessed per fold.

    Each fold's model is fit on the other folds; its predictions give the fold's counts and its
    ``predict_proba`` (positive column) or ``decision_function`` scores the fold's score table.

    Examples
    --------
    >>> from sklearn.datasets import load_breast_cancer
    >>> from sklearn.svm import LinearSVC
    >>> from sklearn.pipeline import make_pipeline
    >>> from sklearn.preprocessing import StandardScaler
    >>> X, y = load_breast_cancer(return_X_y=True)
    >>> run = cross_validate(make_pipeline(StandardScaler(), LinearSVC()), X, y, cv=30)
    >>> len(run.counts), bool(run.measures(["unbiased_accuracy"])["unbiased_accuracy"].min() > 0.8)
    (30, True)
    """
    try:
        from sklearn.base import clone
        from sklearn.model_selection import StratifiedKFold
    except ImportError as exc:  # pragma: no cover
        raise ImportError("cross_validate needs scikit-learn: pip install 'phidelta[ml]'.") from exc
    cv = check_positive_int(cv, "cv", minimum=2)
    labels = as_label_array(y, "y")
    _is_pos, positive = _is_positive(labels, pos_label)
    n = len(labels)
    if hasattr(X, "shape") and X.shape[0] != n:
        raise ValueError(f"`X` has {X.shape[0]} rows but `y` has {n} labels.")
    splitter = StratifiedKFold(n_splits=cv, shuffle=True, random_state=seed)
    predictions = np.empty(n, dtype=object)
    scores = np.full(n, np.nan)
    folds = np.empty(n, dtype=np.int64)
    has_scores = True
    for k, (train, test) in enumerate(splitter.split(np.zeros(n), labels)):
        model = clone(estimator).fit(_rows(X, train), labels[train])
        part = _rows(X, test)
        predictions[test] = model.predict(part)
        folds[test] = k + 1
        classes = list(getattr(model, "classes_", []))
        if scoring in ("auto", "proba") and hasattr(model, "predict_proba"):
            scores[test] = model.predict_proba(part)[:, classes.index(positive)]
        elif scoring in ("auto", "decision") and hasattr(model, "decision_function"):
            decision = model.decision_function(part)
            scores[test] = decision if classes.index(positive) == 1 else -decision
        else:
            has_scores = False
    predicted = np.array(predictions.tolist())
    return assess(
        labels,
        y_pred=predicted,
        scores=scores if has_scores else None,
        folds=folds,
        pos_label=positive,
    )


def _rows(X: Any, index: np.ndarray) -> Any:
    return X.iloc[index] if hasattr(X, "iloc") else X[index]
