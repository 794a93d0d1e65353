"""Classifier assessment runs: per-fold counts and score tables (an interface layer).

``cross_validate`` runs stratified k-fold cross-validation of any scikit-learn classifier (the
30-fold experiment of the software paper's Listing 3 in one call); ``assess`` takes labels,
predictions and/or scores and fold ids the user already has. Both return an
:class:`Assessment` ready for every measure and diagram.
"""

from __future__ import annotations

import html
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from phidelta._validation import (
    DEPRECATED,
    as_float_array,
    check_positive_int,
    check_same_length,
    check_sample_weight,
    renamed,
)
from phidelta.counts import (
    BinaryCounts,
    MergingStack,
    ScoreTable,
    as_label_array,
    binary_target,
    check_pos_label,
    ordered_values,
    python_value,
)
from phidelta.exceptions import ThresholdWarning
from phidelta.measures import MeasureTable, auc, measure_table, optimal_points

__all__ = [
    "DEFAULT_THRESHOLD_RULE",
    "SUMMARY_MEASURES",
    "Assessment",
    "AssessmentGroups",
    "AssessmentPart",
    "BestThresholds",
    "assess",
    "assess_chunks",
    "assessment_part",
    "cross_validate",
    "cross_validated_predictions",
    "cross_validation_splits",
    "decision_threshold",
    "finish_assessment",
    "one_sided_default_cut",
]

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


#: How scores become predictions when no threshold is given: 0.5 when every score lies in
#: [0, 1] (probabilities), otherwise 0 (decision functions). Decided on the pooled score table,
#: so it is the same in memory, in chunks and on Dask.
DEFAULT_THRESHOLD_RULE = "0.5 for scores within [0, 1], else 0"


@dataclass(frozen=True)
class AssessmentGroups:
    """An assessment's rows by group (patient, speaker, document, site) within each fold: the
    additive parts that the clustered intervals resample (whole groups, never single rows).

    Attributes
    ----------
    labels : ndarray
        The groups, in sorted order.
    fold : ndarray of int
        The fold of each part (an index into ``Assessment.folds``).
    group : ndarray of int
        The group of each part (an index into ``labels``).
    counts : BinaryCounts
        One entry per part: the counts of the group's rows in the fold.
    tables : list of ScoreTable or None
        One score table per part when there are scores.

    See Also
    --------
    Assessment.summary : its intervals resample these parts.

    Examples
    --------
    >>> a = assess([1, 0, 1, 0, 1, 0], y_pred=[1, 0, 0, 0, 1, 1], groups=["p", "p", "q", "q",
    ...            "r", "r"])
    >>> a.groups.labels.tolist(), a.groups.counts.tp.tolist()
    (['p', 'q', 'r'], [1, 0, 1])
    >>> a.groups.fold_parts(0)[0].shape, len(a.groups.pooled_parts()[0])
    ((3, 4), 3)
    """

    labels: np.ndarray
    fold: np.ndarray
    group: np.ndarray
    counts: BinaryCounts
    tables: list[ScoreTable] | None = None

    def fold_parts(self, index: int) -> tuple[np.ndarray, list[ScoreTable] | None]:
        """The counts (G, 4) and score tables of the groups of one fold.

        Parameters
        ----------
        index : int
            The fold's position in ``Assessment.folds``.

        Returns
        -------
        cells : ndarray of shape (G, 4)
            tn, fp, fn, tp of each group of the fold.
        tables : list of ScoreTable or None
            Their score tables (None without scores).
        """
        rows = np.flatnonzero(self.fold == index)
        tables = None if self.tables is None else [self.tables[i] for i in rows]
        return self.counts.to_array()[rows], tables

    def pooled_parts(self) -> tuple[np.ndarray, list[ScoreTable] | None]:
        """The counts (G, 4) and score tables of every group over all folds together.

        Returns
        -------
        cells : ndarray of shape (G, 4)
            tn, fp, fn, tp of each group, its folds added up.
        tables : list of ScoreTable or None
            Each group's score tables merged (None without scores).
        """
        cells = self.counts.to_array()
        pooled = np.zeros((len(self.labels), 4), dtype=cells.dtype)
        np.add.at(pooled, self.group, cells)
        if self.tables is None:
            return pooled, None
        by_group: list[list[ScoreTable]] = [[] for _ in self.labels]
        for g, table in zip(self.group.tolist(), self.tables, strict=True):
            by_group[g].append(table)
        return pooled, [t[0] if len(t) == 1 else ScoreTable.merge(t) for t in by_group]


def _spread(values: np.ndarray) -> dict[str, float]:
    """Mean, std (ddof=0), min, max and range of the finite values (NaN when there are none)."""
    values = values[np.isfinite(values)]
    if not len(values):
        return dict.fromkeys(("mean", "std", "min", "max", "range"), float("nan"))
    low, high = float(values.min()), float(values.max())
    return {
        "mean": float(values.mean()),
        "std": float(values.std()),
        "min": low,
        "max": high,
        "range": high - low,
    }


@dataclass(frozen=True, repr=False)
class BestThresholds:
    """The best threshold of every fold, its spread over the folds, and the bootstrap interval
    of the pooled rows' best threshold (:meth:`Assessment.best_thresholds`).

    Attributes
    ----------
    criterion : str
        "youden", "closest_topleft" or "cost" (:func:`~phidelta.measures.optimal_points`).
    ratio : float or None
        The class ratio N/P weighing the criterion (None: the criterion's default).
    cost_ratio : float
        c = c_FN / c_FP weighing the criterion.
    folds : ndarray
        The fold ids.
    thresholds, sensitivity, specificity : ndarray
        Per fold: the best point's threshold (predict positive when score ≥ it) and rates;
        NaN for a fold with one class. Of tied best points, the one with the highest
        threshold.
    tied_points : ndarray of int
        Per fold: how many points tie for best (0 for a fold with one class).
    pooled : phidelta.inference.CoordinateIntervals
        The best point of the folds' rows pooled, with stratified bootstrap intervals of its
        threshold, sensitivity and specificity (pROC's ``ci.coords(x = "best")``).

    See Also
    --------
    Assessment.best_thresholds : computes it.
    phidelta.inference.coordinate_intervals : the pooled interval.

    Examples
    --------
    >>> a = assess([1, 0, 1, 0, 1, 0], scores=[0.9, 0.2, 0.4, 0.6, 0.8, 0.3],
    ...            folds=[1, 1, 1, 2, 2, 2])
    >>> best = a.best_thresholds(n_resamples=10, random_state=0)
    >>> best.thresholds.round(3).tolist(), round(best.spread["range"], 3)
    ([0.3, 0.7], 0.4)
    """

    criterion: str
    ratio: float | None
    cost_ratio: float
    folds: np.ndarray
    thresholds: np.ndarray
    sensitivity: np.ndarray
    specificity: np.ndarray
    tied_points: np.ndarray
    pooled: Any = field(compare=False)

    @property
    def spread(self) -> dict[str, float]:
        """The folds' thresholds: ``mean``, ``std`` (NumPy's, ddof=0, as the std row of
        :meth:`Assessment.summary`), ``min``, ``max`` and ``range`` (max − min), folds with
        one class (or a threshold of ±inf: nothing or everything positive) left out; NaN when
        no fold is left."""
        return _spread(self.thresholds)

    def table(self) -> MeasureTable:
        """One row per fold, then ``"pooled"`` (with the bootstrap interval of each
        coordinate), ``"mean"``, ``"std"``, ``"min"`` and ``"max"`` of the folds' values.

        Returns
        -------
        MeasureTable
            ``threshold``, ``threshold_low``, ``threshold_high``, ``sensitivity``, … and
            ``tied_points``, indexed by the fold ids and the summary rows.
        """
        folds = {
            "threshold": self.thresholds,
            "sensitivity": self.sensitivity,
            "specificity": self.specificity,
        }
        summaries = ("mean", "std", "min", "max")
        columns: dict[str, np.ndarray] = {}
        for name, values in folds.items():
            spread = _spread(values)
            none = np.full(len(values), np.nan)
            pooled = self.pooled
            columns[name] = np.concatenate(
                [values, pooled.estimate[name], [spread[k] for k in summaries]]
            )
            for end, bound in (("low", pooled.low), ("high", pooled.high)):
                columns[f"{name}_{end}"] = np.concatenate([none, bound[name], np.full(4, np.nan)])
        columns["tied_points"] = np.concatenate(
            [self.tied_points, [self.pooled.tied_points], np.full(4, np.nan)]
        )
        index = [*map(str, self.folds), "pooled", "mean", "std", "min", "max"]
        return MeasureTable(columns, index=index)

    def __repr__(self) -> str:
        spread = self.spread
        return (
            f"BestThresholds({self.criterion}, {len(self.folds)} fold(s): mean "
            f"{spread['mean']:.4g}, std {spread['std']:.4g}, range [{spread['min']:.4g}, "
            f"{spread['max']:.4g}]; pooled {self.pooled.estimate['threshold'][0]:.4g} "
            f"[{self.pooled.low['threshold'][0]:.4g}, {self.pooled.high['threshold'][0]:.4g}])"
        )


@dataclass(frozen=True)
class Assessment:
    """Per-fold results of a classifier.

    Build it with :func:`assess`, :func:`cross_validate` or :func:`assess_chunks`. Each fold is
    one point of a φ-δ diagram (Armano 2015, Fig. 11: 30 classifiers on Reuters categories;
    the software paper's Listing 3: a 30-fold cross-validation, Armano et al. 2019).

    Attributes
    ----------
    counts : BinaryCounts
        One entry per fold: the predictions' counts, or — without predictions — the scores cut
        at ``threshold`` (positive when score ≥ threshold).
    tables : list of ScoreTable or None
        One per fold when scores are available.
    folds : ndarray
        Fold identifiers, in the order of the entries.
    positive : object
        The positive class.
    ratio : float
        N/P over all folds.
    threshold : float or None
        The cut that turned scores into predictions (None when predictions were given).
    y_true : ndarray or None
        The labels, kept by :func:`assess` (for measures of the pooled rows); None otherwise.
    scores : ndarray or None
        The scores, kept by :func:`assess` when given; None otherwise.
    rows_left_out : int
        Rows left out because a value they needed was missing (see :mod:`phidelta.data`).
    missing_cells : phidelta.data.MissingCells or None
        What :mod:`phidelta.data` read as missing, per column (None when not read through it).
    groups : AssessmentGroups or None
        With groups of rows (several rows per patient, speaker, document or site): each
        group's counts and score tables per fold. Every interval then resamples whole groups
        (:meth:`summary`).

    See Also
    --------
    phidelta.rendering.PhiDeltaDisplay.from_counts : the folds in a φ-δ diagram.

    Examples
    --------
    >>> a = assess([1, 0, 1, 0], scores=[0.9, 0.2, 0.4, 0.6], folds=[1, 1, 2, 2])
    >>> a.counts
    BinaryCounts(tn=[1, 0], fp=[0, 1], fn=[0, 1], tp=[1, 0])
    >>> a.measures(["delta"])["delta"], a.pooled()
    (array([ 1., -1.]), BinaryCounts(tn=[1], fp=[1], fn=[1], tp=[1]))
    >>> a.pooled_table()
    ScoreTable(4 distinct scores, 2 positives, 2 negatives)
    """

    counts: BinaryCounts
    tables: list[ScoreTable] | None
    folds: np.ndarray
    positive: Any
    ratio: float
    threshold: float | None = None
    y_true: np.ndarray | None = field(repr=False, default=None)
    scores: np.ndarray | None = field(repr=False, default=None)
    rows_left_out: int = 0
    missing_cells: Any = field(repr=False, default=None, compare=False)
    groups: AssessmentGroups | None = field(repr=False, default=None, compare=False)

    def __repr__(self) -> str:
        """One line: what was assessed and the pooled counts (the folds' tables stay out)."""
        how = "predictions" if self.threshold is None else f"scores cut at {self.threshold:.4g}"
        left = f", rows_left_out={self.rows_left_out}" if self.rows_left_out else ""
        grouped = "" if self.groups is None else f", {len(self.groups.labels)} groups"
        return (
            f"Assessment({len(self.folds)} fold(s){grouped}, positive={self.positive!r}, "
            f"ratio={self.ratio:.4g}, {how}, pooled={self.pooled()!r}{left})"
        )

    def _repr_html_(self) -> str:
        """In a notebook: what was assessed, and :meth:`summary`'s table: each fold, the pooled
        counts, the mean and std across folds, Wilson intervals of the rates and DeLong's of
        the AUC (the numbers of ``phidelta assess`` and of the report)."""
        from phidelta._format import html_table

        table = self.summary(random_state=0)
        shown = 50  # folds; the pooled, mean and std rows always follow
        folds, every = len(self.folds), len(table.index)
        rows = np.r_[np.arange(min(shown, folds)), np.arange(folds, every)]
        columns: dict[str, Any] = {"fold": [table.index[i] for i in rows]}
        for name in table:
            if name.endswith(("_low", "_high")):
                continue
            columns[name] = table[name][rows]
            if name in ("tn", "fp", "fn", "tp"):  # whole counts as whole numbers
                columns[name] = [int(v) if v.is_integer() else v for v in columns[name].tolist()]
            if f"{name}_low" in table:
                low, high = table[f"{name}_low"][rows], table[f"{name}_high"][rows]
                columns[f"{name} 95% CI"] = [
                    "–" if np.isnan(lo) else f"{lo:.4f}–{hi:.4f}"
                    for lo, hi in zip(low, high, strict=True)
                ]  # Wilson's for rates, DeLong's for the AUC (clustered: see below)
        how = (
            "predictions"
            if self.threshold is None
            else f"scores cut at {self.threshold:.4g} (positive when score ≥ it)"
        )
        left = f", {self.rows_left_out} rows left out" if self.rows_left_out else ""
        title = (
            f"Assessment of {len(self.folds)} fold(s): positive class {self.positive!r}, "
            f"class ratio N/P = {self.ratio:.4g}, {how}{left}"
        )
        more = folds - shown
        note = f'<p class="note">{more} more folds not shown.</p>' if more > 0 else ""
        if self.groups is None:
            methods = "Wilson's for rates" + (
                ", DeLong's for the AUC" if self.tables is not None else ""
            )
        else:
            methods = (
                f"the cluster bootstrap's (BCa, {len(self.groups.labels)} groups drawn whole, "
                "seed 0) for rates"
                + (", Obuchowski's for the AUC" if self.tables is not None else "")
            )
        intervals = (
            "<p>Each fold, the folds pooled (their counts added up), and the mean and standard "
            f"deviation across folds; 95% intervals: {methods}.</p>"
        )
        return (
            f"<div><p><b>{html.escape(title)}</b></p>{intervals}{html_table(columns)}{note}</div>"
        )

    def measures(self, names: list[str] | None = None) -> MeasureTable:
        """Every measure per fold (undefined values NaN).

        Parameters
        ----------
        names : list of str, optional
            Names from :data:`phidelta.measures.MEASURES`; all of them by default.

        Returns
        -------
        MeasureTable
            Name → array with one value per fold (the counts first), indexed by fold.
        """
        return measure_table(self.counts, measures=names, index=[str(f) for f in self.folds])

    def pooled(self) -> BinaryCounts:
        """The counts of all folds together.

        Returns
        -------
        BinaryCounts
            A single entry: the sum of the folds' counts.
        """
        return self.counts.sum()

    def pooled_table(self) -> ScoreTable:
        """The score table of all folds together.

        Returns
        -------
        ScoreTable
            The merged score tables of the folds.

        Raises
        ------
        ValueError
            If the assessment has no scores.
        """
        if self.tables is None:
            raise ValueError("This assessment has no scores.")
        return ScoreTable.merge(self.tables)

    def summary(
        self,
        measures: Sequence[str] | None = None,
        *,
        confidence_level: float = 0.95,
        random_state: Any = None,
        n_resamples: int = 2000,
    ) -> MeasureTable:
        """The folds, their pooled counts, and the mean and spread across folds, with intervals.

        What every door shows of an assessment (the command line's ``assess``, the report):
        one row per fold (its id), then ``"pooled"`` (the measures of the folds' counts summed),
        ``"mean"`` and ``"std"`` (of the folds' values, undefined folds left out; the standard
        deviation as NumPy's, ``ddof=0``, undefined below two values). Beside each rate among
        the measures its Wilson interval (``sensitivity_low``, ``sensitivity_high``, …;
        :func:`~phidelta.inference.rate_intervals`) and, with scores, the AUC (ties count half)
        with DeLong's interval (``auc_low``, ``auc_high``;
        :func:`~phidelta.inference.auc_confidence_interval`), for every fold and the pooled
        row. The mean and std rows have no counts and no intervals (NaN).

        With groups (:attr:`groups`: several rows per patient, speaker, document or site) no
        interval treats the rows of a group as independent: the rates get the cluster
        bootstrap's BCa interval (whole groups drawn with replacement, their counts added:
        :func:`~phidelta.inference.measure_intervals` with ``groups``), the AUC Obuchowski's
        (1997) clustered variance (:func:`~phidelta.inference.auc_confidence_interval` with
        ``groups``). A fold of fewer than two groups (or, for the AUC, fewer than two groups
        with each class) gets no interval (NaN).

        Parameters
        ----------
        measures : sequence of str, optional
            Names from :data:`phidelta.measures.MEASURES`; default :data:`SUMMARY_MEASURES`.
        confidence_level : float, default=0.95
            Confidence level of the intervals, in (0, 1).
        random_state : None, int or numpy.random.Generator, default=None
            With groups: the seed of the cluster bootstrap (None: fresh entropy).
        n_resamples : int, default=2000
            With groups: resamples of the cluster bootstrap.

        Returns
        -------
        MeasureTable
            Name → array with one value per row (the counts first), indexed by the fold ids
            and ``"pooled"``, ``"mean"``, ``"std"``.

        Raises
        ------
        ValueError
            If a name is not a measure or `confidence_level` is not in (0, 1).

        Examples
        --------
        >>> a = assess([1, 0, 1, 0, 1, 0], scores=[0.9, 0.2, 0.4, 0.6, 0.8, 0.3],
        ...            folds=[1, 1, 2, 2, 3, 3])
        >>> s = a.summary(["delta", "sensitivity"])
        >>> s.index
        ['1', '2', '3', 'pooled', 'mean', 'std']
        >>> s["delta"].round(4)
        array([ 1.    , -1.    ,  1.    ,  0.3333,  0.3333,  0.9428])
        >>> [name for name in s if name.endswith(("_low", "_high"))]
        ['sensitivity_low', 'sensitivity_high', 'auc_low', 'auc_high']
        """
        from phidelta.inference import auc_confidence_interval, rate_intervals

        names = list(SUMMARY_MEASURES if measures is None else measures)
        pooled = self.pooled()
        folds = measure_table(self.counts, measures=names)
        whole = measure_table(pooled, measures=names)
        if self.groups is None:
            rates = rate_intervals(self.counts, confidence_level=confidence_level)
            pooled_rates = rate_intervals(pooled, confidence_level=confidence_level)
            rate_bounds = {
                name: (
                    np.concatenate([iv.low, pooled_rates[name].low]),
                    np.concatenate([iv.high, pooled_rates[name].high]),
                )
                for name, iv in rates.items()
            }
        else:  # whole groups resampled: the cluster bootstrap
            rate_bounds = self._grouped_rates(confidence_level, random_state, n_resamples)
        none = np.full(2, np.nan)  # the mean and std rows of counts and intervals
        columns = {c: np.concatenate([folds[c], whole[c], none]) for c in ("tn", "fp", "fn", "tp")}
        for name in names:
            columns[name] = np.concatenate([folds[name], whole[name], _mean_std(folds[name])])
            if name in rate_bounds:
                for end, bounds in zip(("low", "high"), rate_bounds[name], strict=True):
                    columns[f"{name}_{end}"] = np.concatenate([bounds, none])
        if self.tables is not None:
            tables = [*self.tables, self.pooled_table()]
            if self.groups is not None:  # Obuchowski's clustered variance
                intervals = self._grouped_auc(tables, confidence_level)
            else:
                intervals = [
                    auc_confidence_interval(t, confidence_level=confidence_level)
                    if t.total_positives and t.total_negatives
                    else None  # a fold of one class has no AUC
                    for t in tables
                ]
            values = np.array(
                [auc(t) if t.total_positives and t.total_negatives else np.nan for t in tables]
            )
            columns["auc"] = np.concatenate([values, _mean_std(values[:-1])])
            for end in ("low", "high"):
                bounds = [np.nan if i is None else getattr(i, end) for i in intervals]
                columns[f"auc_{end}"] = np.concatenate([bounds, none])
        return MeasureTable(columns, index=[*map(str, self.folds), "pooled", "mean", "std"])

    def best_thresholds(
        self,
        criterion: str = "youden",
        *,
        ratio: float | None = None,
        cost_ratio: float = 1.0,
        confidence_level: float = 0.95,
        n_resamples: int = 2000,
        random_state: Any = None,
    ) -> BestThresholds:
        """The best threshold of each fold, its spread over the folds, and the bootstrap
        interval of the pooled rows' best threshold (pROC's ``coords(x = "best")`` per fold
        and ``ci.coords(x = "best")`` of the pooled rows).

        Each fold's best point is :func:`~phidelta.measures.optimal_points`' (Youden's J,
        the distance to the top-left corner, or the expected cost, with pROC's weights:
        ``best.weights = c(cost, prevalence)`` is ``cost_ratio=cost``,
        ``ratio=(1 − prevalence)/prevalence``); of tied points the one with the highest
        threshold. How far the folds' thresholds lie apart says how well the threshold is
        determined by a training set of that size; the pooled interval is
        :func:`~phidelta.inference.coordinate_intervals` (``at="best"``, stratified
        percentile bootstrap, a resample with tied best points takes one at random).

        Parameters
        ----------
        criterion : {"youden", "closest_topleft", "cost"}, default="youden"
            The rule of :func:`~phidelta.measures.optimal_points`.
        ratio : float, optional
            The class ratio N/P weighing the criterion (None: 1 for Youden and the top-left
            distance, pROC's prevalence ½; the folds' own for the cost).
        cost_ratio : float, default=1.0
            c = c_FN / c_FP.
        confidence_level : float, default=0.95
            Of the pooled interval, in (0, 1).
        n_resamples : int, default=2000
            Bootstrap resamples of the pooled interval; at least 10.
        random_state : None, int, numpy.random.SeedSequence or numpy.random.Generator, optional
            Source of randomness of the bootstrap (None: fresh entropy).

        Returns
        -------
        BestThresholds
            Per fold ``thresholds``, ``sensitivity``, ``specificity``; ``spread`` (mean, std,
            min, max, range); ``pooled`` (the interval); ``table()`` for every door.

        Raises
        ------
        ValueError
            If the assessment has no scores, the pooled rows lack a class or are weighted, or
            an option is out of range (see :func:`~phidelta.measures.optimal_points`).

        See Also
        --------
        phidelta.measures.optimal_points : one curve's best points.
        phidelta.inference.coordinate_intervals : the bootstrap interval.

        Examples
        --------
        >>> rng = np.random.default_rng(0)
        >>> y = rng.random(600) < 0.4
        >>> s = np.round(rng.normal(size=600) + 1.5 * y, 2)
        >>> a = assess(y, scores=s, folds=np.arange(600) % 5)
        >>> best = a.best_thresholds(random_state=0)
        >>> best.thresholds.shape, sorted(best.spread)
        ((5,), ['max', 'mean', 'min', 'range', 'std'])
        >>> low, high = best.pooled.low["threshold"][0], best.pooled.high["threshold"][0]
        >>> bool(low <= best.pooled.estimate["threshold"][0] <= high)
        True
        """
        from phidelta.inference import coordinate_intervals

        if self.tables is None:
            raise ValueError("This assessment has no scores: a threshold is chosen on scores.")
        pooled = coordinate_intervals(
            self.pooled_table(),
            "best",
            criterion=criterion,
            ratio=ratio,
            cost_ratio=cost_ratio,
            confidence_level=confidence_level,
            n_resamples=n_resamples,
            random_state=random_state,
        )  # checks every option before the folds are read
        found = np.full((4, len(self.tables)), np.nan)
        for i, table in enumerate(self.tables):
            if not (table.total_positives and table.total_negatives):
                found[3, i] = 0  # one class: no curve, no best point
                continue
            points = optimal_points(table, criterion=criterion, ratio=ratio, cost_ratio=cost_ratio)
            found[:, i] = (
                points.thresholds[0],
                points.tpr[0],
                1 - points.fpr[0],
                len(points.indices),
            )
        return BestThresholds(
            criterion=criterion,
            ratio=ratio,
            cost_ratio=float(cost_ratio),
            folds=self.folds,
            thresholds=found[0],
            sensitivity=found[1],
            specificity=found[2],
            tied_points=found[3].astype(int),
            pooled=pooled,
        )

    def group_parts(self) -> list[np.ndarray]:
        """The counts per group (G, 4) of each fold, then of the folds pooled (what the
        clustered intervals of :meth:`summary` and of the doors resample).

        Returns
        -------
        list of ndarray
            One array per fold, then the pooled one.

        Raises
        ------
        ValueError
            If the assessment has no groups.
        """
        if self.groups is None:
            raise ValueError("This assessment has no groups.")
        folds = [self.groups.fold_parts(i)[0] for i in range(len(self.folds))]
        return [*folds, self.groups.pooled_parts()[0]]

    def _grouped_rates(
        self, level: float, random_state: Any, n_resamples: int
    ) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """The rates' cluster-bootstrap intervals of every fold and the pooled counts."""
        from phidelta.inference._measure_intervals import grouped_measure_intervals

        counts = BinaryCounts.concat([self.counts, self.pooled()])
        rates = ["sensitivity", "specificity", "precision", "negative_predictive_value"]
        res = grouped_measure_intervals(
            counts, self.group_parts(), rates, level, "auto", random_state, n_resamples, None
        )
        return {name: (res.low[name], res.high[name]) for name in rates}

    def _grouped_auc(self, tables: list[ScoreTable], level: float) -> list[Any]:
        """Obuchowski's AUC interval of every fold and the pooled table (None where it is
        undefined: one class, or fewer than two groups with each class)."""
        from phidelta.inference import auc_confidence_interval

        assert self.groups is not None
        parts = [self.groups.fold_parts(i)[1] for i in range(len(self.folds))]
        intervals = []
        for table, groups in zip(tables, [*parts, self.groups.pooled_parts()[1]], strict=True):
            try:
                intervals.append(
                    auc_confidence_interval(table, confidence_level=level, groups=groups)
                )
            except ValueError:  # one class, or too few groups with each
                intervals.append(None)
        return intervals


def _mean_std(values: np.ndarray) -> np.ndarray:
    """The mean and the standard deviation (ddof=0) of the defined values: NaN for the mean
    of none, for the deviation of fewer than two (no spread to speak of)."""
    defined = values[~np.isnan(values)]
    mean = defined.mean() if defined.size else np.nan
    return np.array([mean, defined.std() if defined.size > 1 else np.nan])


@dataclass
class AssessmentPart:
    """Additive partial results of an assessment: counts, score tables and class totals.

    Per-fold counts of predictions, per-fold score tables, and the class totals. Parts of
    disjoint rows add up (``+``) to the part of their union, which is what makes in-memory,
    chunked and distributed assessments equal. Build one with :func:`assessment_part`; turn
    the sum into an :class:`Assessment` with :func:`finish_assessment`.

    Attributes
    ----------
    counts : dict of fold to BinaryCounts
        The counts of the predictions, per fold (empty without predictions).
    tables : dict of fold to ScoreTable
        The score tables, per fold (empty without scores).
    positives, negatives : float
        Rows (or weights) of the positive and of the negative class.
    has_predictions, has_scores : bool
        Whether predictions, and scores, were given.
    group_counts, group_tables : dict of (fold, group) to BinaryCounts or ScoreTable
        With groups of rows: the counts and score tables of each group within each fold
        (empty without groups).
    has_groups : bool
        Whether groups were given.

    Examples
    --------
    >>> first = assessment_part([1, 0], y_pred=[1, 1], classes=[0, 1], positive=1)
    >>> second = assessment_part([1, 0], y_pred=[0, 0], classes=[0, 1], positive=1)
    >>> total = first + second
    >>> total.counts, total.positives, total.negatives
    ({'all': BinaryCounts(tn=[1], fp=[1], fn=[1], tp=[1])}, 2.0, 2.0)
    """

    counts: dict[Any, BinaryCounts]
    tables: dict[Any, ScoreTable]
    positives: float
    negatives: float
    has_predictions: bool
    has_scores: bool
    group_counts: dict[Any, BinaryCounts] = field(default_factory=dict)
    group_tables: dict[Any, ScoreTable] = field(default_factory=dict)
    has_groups: bool = False

    def __add__(self, other: AssessmentPart) -> AssessmentPart:
        return AssessmentPart(
            _added(self.counts, other.counts),
            _added(self.tables, other.tables),
            self.positives + other.positives,
            self.negatives + other.negatives,
            self.has_predictions or other.has_predictions,
            self.has_scores or other.has_scores,
            _added(self.group_counts, other.group_counts),
            _added(self.group_tables, other.group_tables),
            self.has_groups or other.has_groups,
        )


def _added(first: dict[Any, Any], second: dict[Any, Any]) -> dict[Any, Any]:
    """Two dicts of additive parts, the parts of a key added up."""
    out = dict(first)
    for key, value in second.items():
        out[key] = out[key] + value if key in out else value
    return out


def assessment_part(
    y_true: Any,
    *,
    y_pred: Any = None,
    scores: Any = None,
    folds: Any = None,
    sample_weight: Any = None,
    classes: Any,
    positive: Any,
    groups: Any = None,
) -> AssessmentPart:
    """The additive part of one block of rows (a chunk, a Dask partition).

    Parameters
    ----------
    y_true : array-like of shape (n_rows,)
        True labels of the block.
    y_pred : array-like of shape (n_rows,), optional
        Predicted labels.
    scores : array-like of shape (n_rows,), optional
        Scores of the positive class (at least one of ``y_pred`` and ``scores``).
    folds : array-like of shape (n_rows,), optional
        Fold id of every row (default: a single fold "all").
    sample_weight : array-like of shape (n_rows,), optional
        Non-negative weights; counts become weighted sums.
    classes : sequence
        Both classes (a block may hold only one).
    positive : object
        The positive one, decided beforehand by :func:`phidelta.counts.check_pos_label`.
    groups : array-like of shape (n_rows,), optional
        The group of every row (patient, speaker, document, site): the block's counts and
        score tables are kept per group within each fold too.

    Returns
    -------
    AssessmentPart
        The block's counts and score tables per fold, and its class totals.

    Raises
    ------
    ValueError
        If neither ``y_pred`` nor ``scores`` is given, or the arrays differ in length.

    Examples
    --------
    >>> part = assessment_part([1, 0, 1], scores=[0.8, 0.3, 0.6], classes=[0, 1], positive=1)
    >>> part.tables["all"], part.has_predictions
    (ScoreTable(3 distinct scores, 2 positives, 1 negatives), False)
    """
    y = as_label_array(y_true, "y_true")
    if y_pred is None and scores is None:
        raise ValueError("Pass `y_pred` (predicted labels) or `scores` (or both).")
    fold_ids = (
        np.full(len(y), "all", dtype=object) if folds is None else as_label_array(folds, "folds")
    )
    check_same_length(y_true=y, folds=fold_ids)
    w = None if sample_weight is None else check_sample_weight(sample_weight, len(y))
    is_pos = binary_target(y, positive, labels=classes).is_positive
    counts: dict[Any, BinaryCounts] = {}
    tables: dict[Any, ScoreTable] = {}
    if y_pred is not None:
        p = as_label_array(y_pred, "y_pred")
        check_same_length(y_true=y, y_pred=p)
        grouped, uniques = BinaryCounts.from_groups(
            y, p, fold_ids, pos_label=positive, labels=classes, sample_weight=w
        )
        counts = {python_value(g): grouped[i] for i, g in enumerate(uniques.tolist())}
    if scores is not None:
        s = as_float_array(scores, "scores")
        check_same_length(y_true=y, scores=s)
        per_fold, uniques = ScoreTable.from_groups(
            is_pos, s, fold_ids, pos_label=True, labels=[False, True], sample_weight=w
        )
        tables = {python_value(g): t for g, t in zip(uniques.tolist(), per_fold, strict=True)}
    positives = float(is_pos.sum()) if w is None else float(w[is_pos].sum())
    negatives = float(len(y) - is_pos.sum()) if w is None else float(w[~is_pos].sum())
    part = AssessmentPart(
        counts, tables, positives, negatives, y_pred is not None, scores is not None
    )
    if groups is not None:
        _group_parts(part, y, y_pred, scores, fold_ids, groups, w, is_pos, classes, positive)
    return part


def _group_parts(
    part: AssessmentPart,
    y: np.ndarray,
    y_pred: Any,
    scores: Any,
    fold_ids: np.ndarray,
    groups: Any,
    w: np.ndarray | None,
    is_pos: np.ndarray,
    classes: Any,
    positive: Any,
) -> None:
    """Fill ``part``'s counts and score tables per (fold, group) of a block's rows."""
    from phidelta.inference._clustered import factorize

    g = as_label_array(groups, "groups")  # a missing group label is refused
    check_same_length(y_true=y, groups=g)
    fold_codes, fold_values = factorize(fold_ids)
    group_codes, group_values = factorize(g)
    pair_codes, pairs = factorize(fold_codes.astype(np.int64) * len(group_values) + group_codes)
    keys = [
        (
            python_value(fold_values[q // len(group_values)]),
            python_value(group_values[q % len(group_values)]),
        )
        for q in pairs.tolist()
    ]
    if y_pred is not None:
        grouped, _ = BinaryCounts.from_groups(
            y,
            as_label_array(y_pred, "y_pred"),
            pair_codes,
            pos_label=positive,
            labels=classes,
            sample_weight=w,
            n_groups=len(pairs),
        )
        part.group_counts = {key: grouped[i] for i, key in enumerate(keys)}
    if scores is not None:
        per_pair, _ = ScoreTable.from_groups(
            is_pos,
            as_float_array(scores, "scores"),
            pair_codes,
            pos_label=True,
            labels=[False, True],
            sample_weight=w,
        )
        part.group_tables = dict(zip(keys, per_pair, strict=True))
    part.has_groups = True


def decision_threshold(table: ScoreTable, threshold: float | str | None = None) -> float:
    """The cut that turns scores into predictions (positive when score ≥ cut).

    ``threshold`` itself, the accuracy-optimal cut of ``table`` for ``"optimal"`` (the optimal
    point of the ROC curve, Flach 2012, Example 2.5), or by default 0.5 when every score lies
    in [0, 1] (probabilities) and 0 otherwise (decision functions):
    :data:`DEFAULT_THRESHOLD_RULE`.

    Parameters
    ----------
    table : ScoreTable
        The pooled scores.
    threshold : float or "optimal", optional
        The cut, or how to choose it; default the rule above.

    Returns
    -------
    float
        The cut.

    Raises
    ------
    ValueError
        If ``threshold`` is a string other than "optimal", or not finite.
    TypeError
        If ``threshold`` is neither a number nor a string.

    Examples
    --------
    >>> decision_threshold(ScoreTable.from_scores([1, 0], [0.7, 0.2]))
    0.5
    >>> decision_threshold(ScoreTable.from_scores([1, 0], [2.5, -1.0]))
    0.0
    >>> table = ScoreTable.from_scores([1, 0, 1, 0], [0.7, 0.2, 0.3, 0.1])
    >>> decision_threshold(table, "optimal")  # between the scores 0.2 and 0.3
    0.25
    """
    if not isinstance(table, ScoreTable):
        raise TypeError(f"`table` must be a phidelta ScoreTable; got {type(table).__name__}.")
    if threshold is None:
        if len(table) == 0:
            return 0.5
        return 0.5 if table.scores[-1] >= 0 and table.scores[0] <= 1 else 0.0
    if isinstance(threshold, str):
        if threshold != "optimal":
            raise ValueError(f'`threshold` must be a number or "optimal"; got {threshold!r}.')
        return float(optimal_points(table).thresholds[0])
    if isinstance(threshold, bool) or not isinstance(threshold, int | float | np.number):
        raise TypeError(f'`threshold` must be a number or "optimal"; got {threshold!r}.')
    value = float(threshold)
    if not np.isfinite(value):
        raise ValueError(f"`threshold` must be finite; got {threshold!r}.")
    return value


def one_sided_default_cut(table: ScoreTable, cut: float | None) -> str | None:
    """What is wrong with the default ``cut`` of ``table``'s scores, or None: scores that are
    never negative yet exceed 1 (percentages, counts, concentrations) are cut at the
    decision-function default 0, which predicts every row positive.

    The text of :class:`~phidelta.exceptions.ThresholdWarning`, for the doors that show it
    otherwise than as a warning (the web page).

    Parameters
    ----------
    table : ScoreTable
        The pooled scores.
    cut : float or None
        The cut the default rule chose (:func:`decision_threshold` without a threshold).

    Returns
    -------
    str or None
        The message, or None when the cut splits the scores (or none was made).

    Examples
    --------
    >>> one_sided_default_cut(ScoreTable.from_scores([1, 0], [80.0, 20.0]), 0.0)[:35]
    'the scores run from 20 to 80, none '
    >>> one_sided_default_cut(ScoreTable.from_scores([1, 0], [2.5, -1.0]), 0.0) is None
    True
    """
    if cut != 0.0 or not len(table) or table.scores[-1] < 0:  # scores descend
        return None
    return (
        f"the scores run from {table.scores[-1]:.6g} to {table.scores[0]:.6g}, none below the "
        "default threshold 0 (the default for scores outside [0, 1]): every row is predicted "
        "positive; give the threshold (a number within the scores, or 'optimal')"
    )


def finish_assessment(
    part: AssessmentPart,
    *,
    positive: Any,
    threshold: float | str | None = None,
    rows_left_out: int = 0,
) -> Assessment:
    """Turn the (summed) parts of all rows into an :class:`Assessment`.

    Without predictions, the per-fold counts come from the score tables at
    :func:`decision_threshold`.

    Parameters
    ----------
    part : AssessmentPart
        The sum of the parts of all blocks.
    positive : object
        The positive class, reported in the result.
    threshold : float or "optimal", optional
        The cut of the scores when there are no predictions (:func:`decision_threshold`).
    rows_left_out : int, default 0
        Rows left out because a value was missing, reported in the result.

    Returns
    -------
    Assessment
        One entry per fold, folds in sorted order.

    Raises
    ------
    ValueError
        If the labels hold a single class.

    Examples
    --------
    >>> first = assessment_part([1, 0], y_pred=[1, 1], classes=[0, 1], positive=1)
    >>> second = assessment_part([1, 0], y_pred=[0, 0], classes=[0, 1], positive=1)
    >>> finish_assessment(first + second, positive=1).counts
    BinaryCounts(tn=[1], fp=[1], fn=[1], tp=[1])
    """
    if part.positives == 0 or part.negatives == 0:
        raise ValueError("The labels hold a single class; an assessment needs both.")
    keys = ordered_values(part.counts if part.has_predictions else part.tables)
    tables = [part.tables[k] for k in keys] if part.has_scores else None
    chosen = None
    if part.has_predictions:
        counts = BinaryCounts.concat([part.counts[k] for k in keys])
    else:
        assert tables is not None
        merged = ScoreTable.merge(tables)
        chosen = decision_threshold(merged, threshold)
        if threshold is None and (message := one_sided_default_cut(merged, chosen)):
            warnings.warn(message, ThresholdWarning, stacklevel=3)
        counts = BinaryCounts.concat([t.counts_at(chosen) for t in tables])
    return Assessment(
        counts,
        tables,
        np.array(keys, dtype=object) if any(isinstance(k, str) for k in keys) else np.array(keys),
        positive,
        part.negatives / part.positives,
        chosen,
        rows_left_out=rows_left_out,
        groups=_finish_groups(part, keys, chosen) if part.has_groups else None,
    )


def _finish_groups(part: AssessmentPart, keys: list[Any], threshold: float | None) -> Any:
    """The :class:`AssessmentGroups` of summed parts: the (fold, group) parts in fold order,
    then group order (groups sorted)."""
    pairs = list(part.group_counts if part.has_predictions else part.group_tables)
    labels = ordered_values({group for _, group in pairs})
    fold_index = {python_value(k): i for i, k in enumerate(keys)}
    group_index = {g: i for i, g in enumerate(labels)}
    pairs.sort(key=lambda pair: (fold_index[pair[0]], group_index[pair[1]]))
    tables = [part.group_tables[pair] for pair in pairs] if part.has_scores else None
    if part.has_predictions:
        counts = BinaryCounts.concat([part.group_counts[pair] for pair in pairs])
    else:
        assert tables is not None
        assert threshold is not None
        counts = BinaryCounts.concat([t.counts_at(threshold) for t in tables])
    return AssessmentGroups(
        labels=np.array(labels, dtype=object)
        if any(isinstance(g, str) for g in labels)
        else np.array(labels),
        fold=np.array([fold_index[f] for f, _ in pairs], dtype=np.intp),
        group=np.array([group_index[g] for _, g in pairs], dtype=np.intp),
        counts=counts,
        tables=tables,
    )


def assess(
    y_true: Any,
    *,
    y_pred: Any = None,
    scores: Any = None,
    folds: Any = None,
    pos_label: Any = None,
    threshold: float | str | None = None,
    sample_weight: Any = None,
    groups: Any = None,
) -> Assessment:
    """Assess predictions and/or scores you already have, one entry per fold.

    Parameters
    ----------
    y_true : array-like
        True labels (two classes).
    y_pred : array-like, optional
        Predicted labels (same encoding as ``y_true``).
    scores : array-like, optional
        Scores or positive-class probabilities (higher = more positive).
    folds : array-like, optional
        Fold id of every sample (default: a single fold "all").
    pos_label : optional
        The positive class: needed unless the labels are {0, 1}, {−1, 1} or {False, True}
        (see :func:`phidelta.counts.check_pos_label`).
    threshold : float or "optimal", optional
        Without ``y_pred``, predict positive when score ≥ threshold; "optimal" picks the
        accuracy-optimal cut of the pooled scores; default 0.5 when every score lies in
        [0, 1], else 0 (:func:`decision_threshold`). The cut used is ``Assessment.threshold``.
    sample_weight : array-like, optional
        Non-negative weight of every sample; the counts become weighted sums.
    groups : array-like, optional
        The group of every sample (patient, speaker, document, site): rows of one group are
        not independent, and every interval of :meth:`Assessment.summary` (and of the doors)
        resamples whole groups; the AUC's is Obuchowski's.

    Returns
    -------
    Assessment
        One entry per fold (folds in sorted order), with the labels and scores kept.

    Raises
    ------
    ValueError
        If neither ``y_pred`` nor ``scores`` is given, the arrays differ in length, or the
        labels do not hold two classes; with ``groups``, if a group label is missing (NaN or
        None) or there is a single group.

    Examples
    --------
    >>> a = assess([1, 0, 1, 0], scores=[0.9, 0.2, 0.4, 0.6], folds=[1, 1, 2, 2])
    >>> a.counts.tp, a.folds, a.threshold
    (array([1, 0]), array([1, 2]), 0.5)
    """
    y = as_label_array(y_true, "y_true")
    target = binary_target(y, pos_label, both=True)
    classes = target.classes
    if groups is not None:
        from phidelta.inference._clustered import check_group_labels

        check_group_labels(groups, len(y))  # one label per row, none missing, two or more
    part = assessment_part(
        y,
        y_pred=y_pred,
        scores=scores,
        folds=folds,
        sample_weight=sample_weight,
        classes=classes,
        positive=target.positive,
        groups=groups,
    )
    result = finish_assessment(part, positive=target.positive, threshold=threshold)
    kept = None if scores is None else as_float_array(scores, "scores")
    return replace(result, y_true=y, scores=kept)


def assess_chunks(
    chunks: Any,
    *,
    labels: Any,
    pos_label: Any = None,
    threshold: float | str | None = None,
) -> Assessment:
    """Assess predictions arriving in blocks of ``(y_true, y_pred, scores, folds)``.

    Any of the last three may be None; a fifth item, sample weights, is optional. Per-fold
    counts and score tables add up as blocks arrive; memory is one block plus the counts and
    the distinct scores. The result equals :func:`assess` on all rows at once, threshold
    included (it is decided on the merged score tables).

    Parameters
    ----------
    chunks : iterable of tuple
        The blocks: ``(y_true, y_pred, scores, folds)`` or ``(…, sample_weight)``.
    labels : sequence of length 2
        Both classes (a block may hold only one).
    pos_label : optional
        The positive class, one of ``labels``: needed unless they are {0, 1}, {−1, 1} or
        {False, True}.
    threshold : float or "optimal", optional
        The cut of the scores when there are no predictions (:func:`decision_threshold`).

    Returns
    -------
    Assessment
        One entry per fold, without the labels and scores themselves.

    Raises
    ------
    TypeError
        If a chunk is not a tuple of 4 or 5 items.
    ValueError
        If ``labels`` does not list two classes, or ``chunks`` is empty.

    Examples
    --------
    >>> blocks = [([1, 0], None, [0.9, 0.2], [1, 1]), ([1, 0], None, [0.4, 0.6], [2, 2])]
    >>> run = assess_chunks(blocks, labels=[0, 1])
    >>> run.counts.tp, run.folds, run.threshold
    (array([1, 0]), array([1, 2]), 0.5)
    """
    declared = list(np.asarray(labels).tolist())
    if len(declared) != 2:
        raise ValueError(f"`labels` must list the two classes; got {declared!r}.")
    positive = check_pos_label(declared, pos_label, declared=declared, where="`labels`")
    total: AssessmentPart | None = None
    stacks: dict[Any, MergingStack] = {}
    for number, chunk in enumerate(chunks):
        if not isinstance(chunk, tuple | list) or len(chunk) not in (4, 5):
            raise TypeError(
                f"Chunk {number} must be a tuple (y_true, y_pred, scores, folds[, weights])."
            )
        y, predicted, scores, folds = chunk[:4]
        weights = chunk[4] if len(chunk) == 5 else None
        part = assessment_part(
            y,
            y_pred=predicted,
            scores=scores,
            folds=folds,
            sample_weight=weights,
            classes=declared,
            positive=positive,
        )
        for key, table in part.tables.items():  # merged in levels, not one by one
            stacks.setdefault(key, MergingStack()).add(table)
        part.tables = {}
        total = part if total is None else total + part
    if total is None:
        raise ValueError("`chunks` is empty: nothing to assess.")
    total.tables = {key: stack.result() for key, stack in stacks.items()}
    return finish_assessment(total, positive=positive, threshold=threshold)


def cross_validate(
    estimator: Any,
    X: Any,
    y: Any,
    *,
    cv: int = 10,
    pos_label: Any = None,
    random_state: int | None = 0,
    seed: Any = DEPRECATED,
    scoring: str = "auto",
) -> Assessment:
    """Stratified k-fold cross-validation of a scikit-learn classifier, assessed per fold.

    Each fold's model is fit on the other folds; its predictions give the fold's counts and its
    ``predict_proba`` (positive column) or ``decision_function`` scores the fold's score table.
    The software paper's Listing 3 (a 30-fold linear SVM, Armano et al. 2019) in one call.

    Parameters
    ----------
    estimator : scikit-learn classifier
        Cloned and fit once per fold.
    X : array-like, sparse matrix or list of shape (n_samples, …)
        The samples (a list, e.g. of documents, for a pipeline that vectorizes them).
    y : array-like of shape (n_samples,)
        Their labels (two classes).
    cv : int, default 10
        Number of stratified folds (at least 2).
    pos_label : optional
        The positive class: needed unless the labels are {0, 1}, {−1, 1} or {False, True}.
    random_state : int or None, default 0
        Seed of the shuffled stratified split, scikit-learn's ``random_state`` (the same
        integer gives the same folds).
    seed : optional
        Former name of `random_state` (deprecated).
    scoring : {"auto", "proba", "decision"}, default "auto"
        Where the scores come from (see :func:`cross_validated_predictions`).

    Returns
    -------
    Assessment
        One entry per fold (folds numbered from 1), with scores when the model has them.

    Raises
    ------
    ValueError
        If ``cv`` < 2, ``X`` and ``y`` differ in length, or ``scoring`` is unknown.
    ImportError
        If scikit-learn is not installed.

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
    random_state = renamed(
        random_state, seed, name="random_state", old="seed", where="cross_validate"
    )
    labels, positive, splits = cross_validation_splits(
        y, cv=cv, pos_label=pos_label, random_state=random_state
    )
    predicted, scores, folds = cross_validated_predictions(
        estimator, X, labels, splits, positive=positive, scoring=scoring
    )
    return assess(
        labels,
        y_pred=predicted,
        scores=scores,
        folds=folds,
        pos_label=positive,
    )


def cross_validation_splits(
    y: Any,
    *,
    cv: int = 10,
    pos_label: Any = None,
    random_state: int | None = 0,
    seed: Any = DEPRECATED,
) -> tuple[np.ndarray, Any, list[tuple[np.ndarray, np.ndarray]]]:
    """The labels, the positive class and the stratified k-fold splits of :func:`cross_validate`.

    The same splits for every estimator given the same ``random_state``, so classifiers can be
    compared on the same folds (:func:`phidelta.comparison.compare_estimators`).

    Parameters
    ----------
    y : array-like of shape (n_samples,)
        The labels (two classes).
    cv : int, default 10
        Number of stratified folds (at least 2).
    pos_label : optional
        The positive class: needed unless the labels are {0, 1}, {−1, 1} or {False, True}.
    random_state : int or None, default 0
        ``random_state`` of scikit-learn's shuffled ``StratifiedKFold``.
    seed : optional
        Former name of `random_state` (deprecated).

    Returns
    -------
    labels : ndarray of shape (n_samples,)
        The labels as an array.
    positive : object
        The positive class.
    splits : list of (ndarray, ndarray)
        The ``(train, test)`` row indices of every fold.

    Raises
    ------
    ValueError
        If ``cv`` < 2 or the labels do not hold two classes.

    Examples
    --------
    >>> labels, positive, splits = cross_validation_splits([0, 1] * 10, cv=5)
    >>> positive, len(splits), sorted(len(test) for _, test in splits)
    (1, 5, [4, 4, 4, 4, 4])
    """
    try:
        from sklearn.model_selection import StratifiedKFold
    except ImportError as exc:  # pragma: no cover
        raise ImportError("cross_validate needs scikit-learn: pip install 'phidelta[ml]'.") from exc
    cv = check_positive_int(cv, "cv", minimum=2)
    labels = as_label_array(y, "y")
    positive = binary_target(labels, pos_label, name="y", both=True).positive
    random_state = renamed(
        random_state, seed, name="random_state", old="seed", where="cross_validation_splits"
    )
    splitter = StratifiedKFold(n_splits=cv, shuffle=True, random_state=random_state)
    return labels, positive, list(splitter.split(np.zeros(len(labels)), labels))


def cross_validated_predictions(
    estimator: Any,
    X: Any,
    labels: np.ndarray,
    splits: list[tuple[np.ndarray, np.ndarray]],
    *,
    positive: Any,
    scoring: str = "auto",
) -> tuple[np.ndarray, np.ndarray | None, np.ndarray]:
    """Out-of-fold ``(predictions, scores, folds)`` of a scikit-learn classifier.

    Each fold's model is fit on the other folds.

    Parameters
    ----------
    estimator : scikit-learn classifier
        Cloned and fit once per fold.
    X : array-like, sparse matrix or list of shape (n_samples, …)
        The samples.
    labels : ndarray of shape (n_samples,)
        Their labels (from :func:`cross_validation_splits`).
    splits : list of (ndarray, ndarray)
        The ``(train, test)`` row indices of every fold.
    positive : object
        The positive class, whose column of ``predict_proba`` is the score.
    scoring : {"auto", "proba", "decision"}, default "auto"
        Scores are the positive column of ``predict_proba`` (``"proba"`` or ``"auto"``) or
        the ``decision_function`` (``"decision"``, or ``"auto"`` without probabilities).

    Returns
    -------
    predictions : ndarray of shape (n_samples,)
        The out-of-fold predicted labels.
    scores : ndarray of shape (n_samples,) or None
        The out-of-fold scores; None when the model has neither way of scoring.
    folds : ndarray of int, shape (n_samples,)
        The fold of every sample, numbered from 1.

    Raises
    ------
    ValueError
        If ``X`` and ``labels`` differ in length, or ``scoring`` is unknown.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn.linear_model import LogisticRegression
    >>> X, y = np.arange(20.0)[:, None], np.repeat([0, 1], 10)
    >>> labels, positive, splits = cross_validation_splits(y, cv=5)
    >>> predicted, scores, folds = cross_validated_predictions(
    ...     LogisticRegression(), X, labels, splits, positive=positive)
    >>> int((predicted == y).sum()), sorted(set(folds.tolist()))
    (19, [1, 2, 3, 4, 5])
    """
    from sklearn.base import clone

    n = len(labels)
    rows = X.shape[0] if hasattr(X, "shape") else len(X)
    if rows != n:
        raise ValueError(f"`X` has {rows} rows but `y` has {n} labels.")
    if scoring not in ("auto", "proba", "decision"):
        raise ValueError(f'`scoring` must be "auto", "proba" or "decision"; got {scoring!r}.')
    predictions = np.empty(n, dtype=object)
    scores = np.full(n, np.nan)
    folds = np.empty(n, dtype=np.int64)
    has_scores = True
    for k, (train, test) in enumerate(splits):
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
    return np.array(predictions.tolist()), scores if has_scores else None, folds


def _rows(X: Any, index: np.ndarray) -> Any:
    """The rows ``index`` of a DataFrame, an array, a sparse matrix or a plain list (e.g. the
    documents a text pipeline vectorizes), in the container the estimator was given."""
    if hasattr(X, "iloc"):
        return X.iloc[index]
    if isinstance(X, list | tuple):
        return [X[i] for i in index.tolist()]
    return X[index]
