"""Two classifiers on the same examples: is one really better? (an interface layer)

:func:`compare` assesses two classifiers on the same labelled examples (and the same folds)
and runs the paired tests that apply:

* **McNemar** on the examples one classifier gets right and the other wrong (always);
* **DeLong** on the two AUCs, when both classifiers have scores;
* **Nadeau & Bengio's corrected resampled t-test** on a per-fold measure, when there are at
  least two folds (the folds of one k-fold cross-validation by default).

Counts first, as everywhere: a :class:`ComparisonPart` of a block of rows holds the two
classifiers' additive assessment parts, the discordant counts of their predictions, and —
with scores — the paired scores themselves (DeLong's test and McNemar's test at a decided
threshold need the pairing; they cost 17 bytes per row). Parts of disjoint rows add up, so a
file read whole, in chunks or on Dask gives the same tests.

With groups of rows (several rows per patient, speaker, document or site: ``groups=``, a
group column) the rows of one group are never treated as independent: each classifier's
intervals resample whole groups, McNemar's test becomes its clustered form (Durkalski et al.
2003), DeLong's gets Obuchowski's (1997) clustered variance and the paired differences the
cluster bootstrap of the groups' 2×2×2 tables.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from phidelta._validation import (
    DEPRECATED,
    as_float_array,
    check_open_unit,
    check_same_length,
    renamed,
)
from phidelta.assessment import (
    SUMMARY_MEASURES,
    Assessment,
    AssessmentPart,
    assessment_part,
    finish_assessment,
)
from phidelta.counts import BinaryCounts, as_label_array, binary_target
from phidelta.inference import (
    DelongTest,
    PairedDifference,
    PairedTest,
    clustered_mcnemar_test,
    corrected_resampled_ttest,
    delong_test,
    mcnemar_discordant_test,
    paired_difference_from_table,
    paired_table,
)
from phidelta.measures import MEASURES, TupleResult, accuracy, measure_table

__all__ = [
    "Comparison",
    "ComparisonPart",
    "compare",
    "compare_estimators",
    "comparison_part",
    "finish_comparison",
]


@dataclass
class ComparisonPart:
    """Additive partial results of a comparison of classifiers A and B on one block of rows.

    Attributes
    ----------
    a, b : AssessmentPart
        Each classifier's per-fold counts and score tables.
    only_a, only_b : int
        Examples that only A, or only B, predicts right (from the prediction columns).
    paired : list of tuple of ndarray
        With scores: per block ``(is_positive, scores_a, scores_b)``, the paired scores.
    table : ndarray of int64, shape (2, 2, 2), or None
        With predictions: the counts by true class × A's prediction × B's prediction (0
        negative, 1 positive), pooled over the folds. Without, None: the predictions at the
        decided thresholds come from ``paired`` in :func:`finish_comparison`.
    groups : dict or None
        With groups of rows: each group's 2×2×2 table of the predictions (as ``table``),
        by group label.
    paired_groups : list of ndarray
        With groups and scores: the group of each row of ``paired``, block by block.

    Examples
    --------
    >>> first = comparison_part([1, 0, 1, 0], y_pred=([1, 0, 1, 1], [1, 1, 0, 0]),
    ...                         classes=[0, 1], positive=1)
    >>> second = comparison_part([1, 0, 1, 0], y_pred=([1, 0, 1, 0], [1, 1, 0, 0]),
    ...                          classes=[0, 1], positive=1)
    >>> total = first + second
    >>> (first.only_a, first.only_b), (total.only_a, total.only_b)
    ((2, 1), (4, 1))
    >>> int(total.table.sum()), total.table[1].tolist()  # the positives: [A's][B's prediction]
    (8, [[0, 0], [2, 2]])
    """

    a: AssessmentPart
    b: AssessmentPart
    only_a: int = 0
    only_b: int = 0
    paired: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = field(default_factory=list)
    table: np.ndarray | None = None
    groups: dict[Any, np.ndarray] | None = None
    paired_groups: list[np.ndarray] = field(default_factory=list)

    def __add__(self, other: ComparisonPart) -> ComparisonPart:
        if self.table is None or other.table is None:
            table = self.table if other.table is None else other.table
        else:
            table = self.table + other.table
        groups = None
        if self.groups is not None or other.groups is not None:
            groups = dict(self.groups or {})
            for key, value in (other.groups or {}).items():
                groups[key] = groups[key] + value if key in groups else value
        return ComparisonPart(
            self.a + other.a,
            self.b + other.b,
            self.only_a + other.only_a,
            self.only_b + other.only_b,
            self.paired + other.paired,
            table,
            groups,
            self.paired_groups + other.paired_groups,
        )


def _pair(value: Any, name: str) -> tuple[Any, Any] | None:
    if value is None:
        return None
    if (
        not isinstance(value, tuple | list)
        or len(value) != 2
        or any(np.ndim(v) == 0 for v in value)
    ):
        raise TypeError(
            f"`{name}` must be a pair (classifier A's, classifier B's); got {type(value).__name__}."
        )
    return value[0], value[1]


def comparison_part(
    y_true: Any,
    *,
    y_pred: tuple[Any, Any] | None = None,
    scores: tuple[Any, Any] | None = None,
    folds: Any = None,
    classes: Any,
    positive: Any,
    groups: Any = None,
) -> ComparisonPart:
    """The additive part of one block of rows for two classifiers.

    Parameters
    ----------
    y_true : array-like of shape (n_rows,)
        True labels of the block.
    y_pred : pair of array-like, optional
        Predicted labels of A and of B.
    scores : pair of array-like, optional
        Scores of A and of B (at least one of ``y_pred`` and ``scores``).
    folds : array-like of shape (n_rows,), optional
        Fold id of every row (default: a single fold "all").
    classes : sequence
        Both classes (a block may hold only one).
    positive : object
        The positive class.
    groups : array-like of shape (n_rows,), optional
        The group (patient, speaker, document, site) of every row: the parts are kept per
        group too.

    Returns
    -------
    ComparisonPart
        Both classifiers' assessment parts, the discordant counts (McNemar 1947), the 2×2×2
        table of the predictions and the paired scores.

    Raises
    ------
    TypeError
        If ``y_pred`` or ``scores`` is not a pair of arrays.
    ValueError
        If neither is given, or the arrays differ in length.

    Examples
    --------
    >>> part = comparison_part([1, 0, 1], scores=([0.9, 0.2, 0.7], [0.6, 0.4, 0.3]),
    ...                        classes=[0, 1], positive=1)
    >>> len(part.paired), part.a.has_scores
    (1, True)
    """
    predicted = _pair(y_pred, "y_pred")
    scored = _pair(scores, "scores")
    if predicted is None and scored is None:
        raise ValueError("Pass `y_pred` (a pair of prediction arrays) or `scores` (a pair).")
    y = as_label_array(y_true, "y_true")
    parts = [
        assessment_part(
            y,
            y_pred=None if predicted is None else predicted[i],
            scores=None if scored is None else scored[i],
            folds=folds,
            classes=classes,
            positive=positive,
            groups=groups,
        )
        for i in (0, 1)
    ]
    is_pos = binary_target(y, positive, labels=classes).is_positive
    made = ComparisonPart(parts[0], parts[1])
    if predicted is not None:
        said = [
            binary_target(as_label_array(p, name), positive, name=name, labels=classes).is_positive
            for p, name in zip(predicted, ("y_pred[0]", "y_pred[1]"), strict=True)
        ]
        right = [s == is_pos for s in said]
        made.only_a = int(np.count_nonzero(right[0] & ~right[1]))
        made.only_b = int(np.count_nonzero(~right[0] & right[1]))
        made.table = paired_table(is_pos, said[0], said[1])
        if groups is not None:
            made.groups = _group_tables(groups, is_pos, said[0], said[1])
    if scored is not None:
        a = as_float_array(scored[0], "scores[0]")
        b = as_float_array(scored[1], "scores[1]")
        check_same_length(y_true=y, scores_a=a, scores_b=b)
        made.paired = [(is_pos, a, b)]
        if groups is not None:
            made.paired_groups = [as_label_array(groups, "groups")]
    return made


def _group_tables(
    groups: Any, is_pos: np.ndarray, said_a: np.ndarray, said_b: np.ndarray
) -> dict[Any, np.ndarray]:
    """Each group's 2×2×2 table of the predictions, by group label."""
    from phidelta.counts import python_value
    from phidelta.inference._clustered import factorize

    labels = as_label_array(groups, "groups")
    check_same_length(y_true=is_pos, groups=labels)
    codes, distinct = factorize(labels)
    cell = 4 * is_pos.astype(np.intp) + 2 * said_a.astype(np.intp) + said_b.astype(np.intp)
    tables = np.bincount(codes * 8 + cell, minlength=8 * len(distinct)).reshape(-1, 2, 2, 2)
    return {python_value(g): tables[i] for i, g in enumerate(distinct.tolist())}


def _clustered_tables(part: ComparisonPart, said: Any) -> tuple[np.ndarray, np.ndarray]:
    """The groups' 2×2×2 tables (G, 8) in sorted group order and their labels; ``said``: the
    paired rows' predictions at the decided thresholds (scores only), else None."""
    from phidelta.counts import ordered_values

    if said is not None:
        is_pos, said_a, said_b = said
        by_group = _group_tables(np.concatenate(part.paired_groups), is_pos, said_a, said_b)
    else:
        by_group = part.groups or {}
    labels = ordered_values(list(by_group))
    cells = np.stack([by_group[g].reshape(8) for g in labels]).astype(np.int64)
    return cells, np.asarray(labels, dtype=object)


@dataclass(frozen=True)
class Comparison(TupleResult):
    """Classifiers A and B assessed on the same examples, and the paired tests between them.

    Unpacks as ``mcnemar, delong, ttest`` (each a result with ``statistic`` and ``pvalue``, or
    None where the test does not apply).

    Attributes
    ----------
    a, b : Assessment
        Each classifier's per-fold assessment (same folds, same positive class).
    mcnemar : PairedTest
        McNemar's test of the predictions (exact below 25 discordant examples).
    delong : DelongTest or None
        The paired DeLong test of the pooled AUCs (both classifiers scored).
    ttest : PairedTest or None
        The corrected resampled t-test of ``measure`` per fold (two folds or more).
    measure : str
        The per-fold measure of the t-test.
    test_fraction : float or None
        The test share of the data in each fold used by the t-test.
    names : tuple of str
        Names of A and B, for the reader.
    difference : PairedDifference or None
        measure(A) − measure(B) on the same rows with its 95% interval, for the t-test's
        ``measure`` and every measure of :data:`phidelta.assessment.SUMMARY_MEASURES`, from
        the 2×2×2 table of the predictions pooled over the folds (at the decided thresholds
        when there are only scores): Newcombe's paired score interval for sensitivity,
        specificity and accuracy, the BCa paired bootstrap (2000 resamples, ``random_state=0``:
        the same rows give the same interval every run) for the others
        (:func:`phidelta.inference.paired_difference_from_table`). None without rows.
    n_groups : int or None
        With groups of rows (patients, speakers, documents, sites): their number. McNemar's
        test is then the clustered one (Durkalski et al. 2003), DeLong's variance
        Obuchowski's (1997) and every interval a cluster bootstrap (``cluster_bca``).
    group_tables : ndarray of shape (G, 2, 2, 2) or None
        With groups: each group's 2×2×2 table of the predictions (groups sorted), the parts
        the paired differences resample (``groups`` of
        :func:`~phidelta.inference.paired_difference_from_table`).

    See Also
    --------
    compare, compare_estimators : build one.
    phidelta.rendering.PhiDeltaDisplay.from_comparison : both classifiers in a φ-δ diagram.

    References
    ----------
    McNemar (1947); DeLong, DeLong & Clarke-Pearson (1988); Nadeau & Bengio (2003);
    Newcombe (1998).

    Examples
    --------
    >>> y = [1, 0, 1, 0, 1, 0, 1, 0]
    >>> result = compare(y, y_pred=([1, 0, 1, 0, 1, 0, 1, 1], [1, 1, 0, 0, 1, 1, 0, 0]))
    >>> result.difference.difference["accuracy"], result.difference.methods["accuracy"]
    (0.375, 'newcombe_paired')
    >>> mcnemar, delong, ttest = result
    >>> mcnemar, delong, ttest
    (PairedTest(statistic=1.0, pvalue=0.375, method='exact'), None, None)
    >>> result.a.counts, result.b.counts
    (BinaryCounts(tn=[3], fp=[1], fn=[0], tp=[4]), BinaryCounts(tn=[2], fp=[2], fn=[2], tp=[2]))
    """

    a: Assessment
    b: Assessment
    mcnemar: PairedTest
    delong: DelongTest | None
    ttest: PairedTest | None
    measure: str
    test_fraction: float | None
    names: tuple[str, str] = ("A", "B")
    difference: PairedDifference | None = None
    n_groups: int | None = None
    group_tables: np.ndarray | None = field(default=None, repr=False, compare=False)

    _fields = ("mcnemar", "delong", "ttest")

    def verdict(self, *, alpha: float = 0.05) -> str:
        """One sentence a reader can quote: which classifier is more accurate, by which tests
        at the significance level ``alpha``, or that the data do not tell them apart.

        The direction is that of the pooled accuracies (McNemar's test is about errors); a
        difference is claimed outright only when every test that applies finds it.

        Parameters
        ----------
        alpha : float in (0, 1), default=0.05
            The significance level.

        Returns
        -------
        str
            The verdict, with every test's p-value.

        Raises
        ------
        ValueError, TypeError
            If ``alpha`` is not a number in (0, 1).

        Examples
        --------
        >>> y = [0, 1] * 20
        >>> good, poor = y[:], [1 - v if i % 3 == 0 else v for i, v in enumerate(y)]
        >>> compare(y, y_pred=(good, poor), names=("good", "poor")).verdict()
        'good is more accurate than poor (McNemar p = 0.00012).'
        """
        alpha = check_open_unit(alpha, "alpha")
        a, b = self.names
        rows = self._tests()
        significant = [row for row in rows if row["pvalue"] < alpha]
        pooled_a = float(accuracy(self.a.pooled())[0])
        pooled_b = float(accuracy(self.b.pooled())[0])
        better, worse = (a, b) if pooled_a >= pooled_b else (b, a)
        listed = ", ".join(f"{row['test']} p = {row['pvalue']:.2g}" for row in rows)
        if not significant:
            return f"The tests do not tell {a} and {b} apart at the {alpha:g} level ({listed})."
        if len(significant) == len(rows):
            return f"{better} is more accurate than {worse} ({listed})."
        return (
            f"{better} looks more accurate than {worse}, but not by every test at the "
            f"{alpha:g} level ({listed})."
        )

    def __repr__(self) -> str:
        """One line: the two classifiers, the folds and each test's p-value."""
        tests = ", ".join(f"{row['test']} p={row['pvalue']:.3g}" for row in self._tests())
        a, b = self.names
        return f"Comparison({a!r} vs {b!r}, {len(self.a.folds)} fold(s): {tests})"

    def _repr_html_(self) -> str:
        """In a notebook: the verdict, each classifier's pooled measures and the tests."""
        from phidelta._format import html_table

        pooled_counts = BinaryCounts.concat([self.a.pooled(), self.b.pooled()])
        both = measure_table(pooled_counts, measures=SUMMARY_MEASURES)  # an entry per classifier
        pooled = {"classifier": [str(n) for n in self.names]}
        pooled |= {name: both[name] for name in SUMMARY_MEASURES}
        rows = self.summary()
        tests = {
            key: [row[key] for row in rows] for key in ("test", "statistic", "pvalue", "detail")
        }
        folds = len(self.a.folds)
        title = f"{self.names[0]} vs {self.names[1]} on the same examples ({folds} fold(s))"
        return (
            f"<div><p><b>{html.escape(title)}</b></p><p>{html.escape(self.verdict())}</p>"
            f"{html_table(pooled)}{html_table(tests)}</div>"
        )

    def _tests(self) -> list[dict[str, Any]]:
        """The rows of :meth:`summary` that are tests (with a p-value)."""
        return [row for row in self.summary() if row["test"] != "paired difference"]

    def summary(self) -> list[dict[str, Any]]:
        """One record per test that applies: ``test``, ``statistic``, ``pvalue``, ``detail``;
        then the paired difference of ``measure`` with its interval.

        Returns
        -------
        list of dict
            McNemar's test always, then DeLong's and the corrected t-test where they apply;
            ``detail`` says what was compared. Last, where there are rows, the record
            ``"paired difference"``: ``statistic`` is measure(A) − measure(B) of the pooled
            predictions, ``pvalue`` NaN (an interval, not a test), ``detail`` the interval
            and its method, and the extra keys ``low``, ``high``, ``method`` and
            ``confidence_level`` (see :attr:`difference`).

        Examples
        --------
        >>> y = [1, 0, 1, 0, 1, 0, 1, 0]
        >>> result = compare(y, y_pred=([1, 0, 1, 0, 1, 0, 1, 1], [1, 1, 0, 0, 1, 1, 0, 0]))
        >>> [row["test"] for row in result.summary()]
        ['McNemar', 'paired difference']
        >>> result.summary()[-1]["detail"]
        'accuracy A − B 0.375, 95% interval [-0.1496, 0.7122] (newcombe_paired)'
        """
        a, b = self.names
        rows = [
            {
                "test": "McNemar",
                "statistic": self.mcnemar.statistic,
                "pvalue": self.mcnemar.pvalue,
                "detail": f"{self.mcnemar.method}; examples only {a} gets right vs only {b}"
                + self._clustered(" (clustered: {} groups)"),
            }
        ]
        if self.delong is not None:
            rows.append(
                {
                    "test": "DeLong",
                    "statistic": self.delong.statistic,
                    "pvalue": self.delong.pvalue,
                    "detail": f"AUC {a} {self.delong.auc_a:.4g} vs {b} {self.delong.auc_b:.4g}"
                    + self._clustered("; Obuchowski's clustered variance, {} groups"),
                }
            )
        if self.ttest is not None:
            mean_a = float(np.nanmean(self.a.measures([self.measure])[self.measure]))
            mean_b = float(np.nanmean(self.b.measures([self.measure])[self.measure]))
            rows.append(
                {
                    "test": "corrected resampled t",
                    "statistic": self.ttest.statistic,
                    "pvalue": self.ttest.pvalue,
                    "detail": (
                        f"mean {self.measure} per fold {a} {mean_a:.4g} vs {b} {mean_b:.4g}; "
                        f"test fraction {self.test_fraction:.3g}"
                    ),
                }
            )
        if self.difference is not None:
            m, res = self.measure, self.difference
            rows.append(
                {
                    "test": "paired difference",
                    "statistic": res.difference[m],
                    "pvalue": float("nan"),
                    "detail": (
                        f"{m} {a} − {b} {res.difference[m]:.4g}, "
                        f"{res.confidence_level:.0%} interval [{res.low[m]:.4g}, "
                        f"{res.high[m]:.4g}] ({res.methods[m]})"
                    ),
                    "low": res.low[m],
                    "high": res.high[m],
                    "method": res.methods[m],
                    "confidence_level": res.confidence_level,
                }
            )
        return rows

    def _clustered(self, text: str) -> str:
        """``text`` with the number of groups, or nothing without groups."""
        return "" if self.n_groups is None else text.format(self.n_groups)


def finish_comparison(
    part: ComparisonPart,
    *,
    positive: Any,
    threshold: float | str | None = None,
    thresholds: tuple[float | str | None, float | str | None] | None = None,
    measure: str = "accuracy",
    test_fraction: float | None = None,
    rows_left_out: int = 0,
    names: tuple[str, str] = ("A", "B"),
) -> Comparison:
    """Turn the (summed) parts of all rows into a :class:`Comparison`.

    With groups of rows (the parts were made with ``groups``), McNemar's test is the
    clustered one (:func:`~phidelta.inference.clustered_mcnemar_test`), DeLong's test gets
    Obuchowski's clustered variance and the paired differences the cluster bootstrap.

    Without predictions, each classifier's scores become predictions at its own decided
    threshold (:func:`phidelta.assessment.decision_threshold`; ``thresholds`` sets one per
    classifier, ``threshold`` both), and McNemar's test compares those predictions.

    Parameters
    ----------
    part : ComparisonPart
        The sum of the parts of all blocks.
    positive : object
        The positive class.
    threshold : float or "optimal", optional
        The cut of both classifiers' scores when there are no predictions.
    thresholds : pair of (float or "optimal" or None), optional
        One cut per classifier; overrides ``threshold``.
    measure : str, default "accuracy"
        The per-fold measure of the corrected t-test (a name of
        :data:`phidelta.measures.MEASURES`).
    test_fraction : float, optional
        Test share of the data in each fold; default 1/k for k folds.
    rows_left_out : int, default 0
        Rows left out because a value was missing, reported in the assessments.
    names : pair of str, default ("A", "B")
        How the summary names the classifiers.

    Returns
    -------
    Comparison
        The assessments and the tests: McNemar (1947) always, DeLong (1988) with scores,
        the corrected resampled t-test (Nadeau & Bengio 2003) with two folds or more; and
        the paired differences of ``measure`` and the summary measures with their intervals
        (Newcombe 1998, or the paired bootstrap with ``random_state=0``).

    Raises
    ------
    ValueError
        If ``measure`` is unknown, or the labels hold a single class.

    Examples
    --------
    >>> part = comparison_part([1, 0, 1, 0], y_pred=([1, 0, 1, 1], [1, 1, 0, 0]),
    ...                        classes=[0, 1], positive=1)
    >>> result = finish_comparison(part, positive=1, names=("tree", "svm"))
    >>> result.mcnemar.pvalue, result.names
    (1.0, ('tree', 'svm'))
    """
    if measure not in {info.name for info in MEASURES}:
        raise ValueError(f"`measure` must name a measure of phidelta.measures; got {measure!r}.")
    cuts = thresholds if thresholds is not None else (threshold, threshold)
    a = finish_assessment(part.a, positive=positive, threshold=cuts[0], rows_left_out=rows_left_out)
    b = finish_assessment(part.b, positive=positive, threshold=cuts[1], rows_left_out=rows_left_out)
    if list(map(str, a.folds)) != list(map(str, b.folds)):  # pragma: no cover - same rows
        raise ValueError("The two classifiers were assessed on different folds.")
    only_a, only_b = part.only_a, part.only_b
    table = part.table
    delong = None
    grouped = part.groups is not None or bool(part.paired_groups)
    said = None
    if part.paired:
        is_pos = np.concatenate([p[0] for p in part.paired])
        scores_a = np.concatenate([p[1] for p in part.paired])
        scores_b = np.concatenate([p[2] for p in part.paired])
        row_groups = np.concatenate(part.paired_groups) if grouped else None
        delong = delong_test(is_pos, scores_a, scores_b, pos_label=True, groups=row_groups)
        if not part.a.has_predictions:
            said_a, said_b = scores_a >= a.threshold, scores_b >= b.threshold
            right_a, right_b = said_a == is_pos, said_b == is_pos
            only_a = int(np.count_nonzero(right_a & ~right_b))
            only_b = int(np.count_nonzero(~right_a & right_b))
            table = paired_table(is_pos, said_a, said_b)
            said = (is_pos, said_a, said_b)
    measures = list(dict.fromkeys([measure, *SUMMARY_MEASURES]))
    difference = None
    n_groups = cells = None
    if grouped:  # the rows of one group are never independent
        cells, labels = _clustered_tables(part, said)
        n_groups = len(labels)
        # cells [y, a, b]: A alone right at (1, 1, 0) and (0, 0, 1), B alone at (1, 0, 1), (0, 1, 0)
        mcnemar = clustered_mcnemar_test(cells[:, 6] + cells[:, 1], cells[:, 5] + cells[:, 2])
        if table is not None and table.sum() > 0:
            difference = paired_difference_from_table(
                table, measures=measures, random_state=0, groups=cells
            )
    else:
        mcnemar = mcnemar_discordant_test(only_a, only_b)
        if table is not None and table.sum() > 0:
            difference = paired_difference_from_table(table, measures=measures, random_state=0)
    ttest = None
    fraction = None
    if len(a.folds) >= 2:
        fraction = 1 / len(a.folds) if test_fraction is None else test_fraction
        per_fold_a = a.measures([measure])[measure]
        per_fold_b = b.measures([measure])[measure]
        ttest = corrected_resampled_ttest(per_fold_a, per_fold_b, test_fraction=fraction)
    group_tables = None if cells is None else cells.reshape(-1, 2, 2, 2)
    return Comparison(
        a, b, mcnemar, delong, ttest, measure, fraction, names, difference, n_groups, group_tables
    )


def compare(
    y_true: Any,
    *,
    y_pred: tuple[Any, Any] | None = None,
    scores: tuple[Any, Any] | None = None,
    folds: Any = None,
    pos_label: Any = None,
    threshold: float | str | None = None,
    measure: str = "accuracy",
    test_fraction: float | None = None,
    names: tuple[str, str] = ("A", "B"),
    groups: Any = None,
) -> Comparison:
    """Compare two classifiers on the same examples: per-fold assessments and paired tests.

    Parameters
    ----------
    y_true : array-like
        True labels (two classes).
    y_pred : pair of array-like, optional
        Predicted labels of classifier A and of classifier B.
    scores : pair of array-like, optional
        Scores (or positive-class probabilities) of A and of B. Without ``y_pred`` they become
        predictions at ``threshold`` (decided per classifier: 0.5 for scores in [0, 1], else 0,
        a number, or ``"optimal"``).
    folds : array-like, optional
        Fold (or run) id of every example; the same folds for both classifiers.
    pos_label : optional
        The positive class (needed unless the labels are {0, 1}, {−1, 1} or {False, True}).
    threshold : float or "optimal", optional
        See ``scores``.
    measure : str, default="accuracy"
        The per-fold measure of the corrected t-test (any name of ``phidelta.measures.MEASURES``,
        e.g. ``"delta"`` or ``"unbiased_accuracy"``).
    test_fraction : float, optional
        Test share of the data in each fold; default 1/k for k folds (the test folds of one
        k-fold cross-validation). Give it for repeated hold-out runs.
    names : pair of str, default=("A", "B")
        How the summary names the classifiers.
    groups : array-like, optional
        The group (patient, speaker, document, site) of every example when several belong to
        one: no test or interval then treats a group's examples as independent — McNemar's
        test is the clustered one (Durkalski et al. 2003), DeLong's variance Obuchowski's
        (1997), the paired differences and each classifier's intervals resample whole groups.

    Returns
    -------
    Comparison
        Unpacks as ``mcnemar, delong, ttest``; ``.a`` and ``.b`` are the assessments and
        :meth:`Comparison.summary` lists the tests that apply.

    References
    ----------
    McNemar (1947); DeLong, DeLong & Clarke-Pearson (1988); Nadeau & Bengio (2003);
    Dietterich (1998) on which test suits which design.

    Examples
    --------
    >>> import numpy as np
    >>> rng = np.random.default_rng(0)
    >>> y = rng.integers(0, 2, 600)
    >>> good = y + rng.normal(0, 0.6, 600)
    >>> poor = y + rng.normal(0, 1.2, 600)
    >>> folds = np.arange(600) % 10
    >>> mcnemar, delong, ttest = compare(y, scores=(good, poor), folds=folds, threshold=0.5)
    >>> bool(delong.auc_a > delong.auc_b), bool(delong.pvalue < 0.001), bool(ttest.pvalue < 0.05)
    (True, True, True)

    Several rows per patient (here 60 patients of 10 rows):

    >>> res = compare(y, scores=(good, poor), groups=np.arange(600) // 10, threshold=0.5)
    >>> res.mcnemar.method, res.n_groups, res.difference.methods["accuracy"]
    ('durkalski', 60, 'cluster_bca')
    """
    y = as_label_array(y_true, "y_true")
    target = binary_target(y, pos_label, both=True)
    part = comparison_part(
        y,
        y_pred=y_pred,
        scores=scores,
        folds=folds,
        classes=target.classes,
        positive=target.positive,
        groups=groups,
    )
    return finish_comparison(
        part,
        positive=target.positive,
        threshold=threshold,
        measure=measure,
        test_fraction=test_fraction,
        names=names,
    )


def compare_estimators(
    estimator_a: Any,
    estimator_b: Any,
    X: Any,
    y: Any,
    *,
    cv: int = 10,
    pos_label: Any = None,
    random_state: int | None = 0,
    seed: Any = DEPRECATED,
    measure: str = "accuracy",
    names: tuple[str, str] | None = None,
) -> Comparison:
    """Cross-validate two scikit-learn classifiers on the same stratified folds and compare
    them (:func:`compare`): McNemar on the out-of-fold predictions, DeLong when both score,
    and the corrected resampled t-test of ``measure`` over the folds (test fraction 1/``cv``).

    Parameters
    ----------
    estimator_a, estimator_b : scikit-learn classifiers
        Fit anew on each fold's training part (cloned).
    X : array-like or DataFrame of shape (n_samples, n_features)
        The samples.
    y : array-like of shape (n_samples,)
        Two classes.
    cv : int, default=10
        Number of stratified folds (the same for both estimators).
    pos_label : optional
        The positive class (see :func:`phidelta.counts.check_pos_label`).
    random_state : int or None, default=0
        Shuffling seed of the folds (scikit-learn's ``random_state``).
    seed : optional
        Former name of `random_state` (deprecated).
    measure : str, default="accuracy"
        The per-fold measure of the t-test.
    names : pair of str, optional
        Names for the summary; default the estimators' class names.

    Returns
    -------
    Comparison
        The per-fold assessments of both estimators and the paired tests.

    Examples
    --------
    >>> from sklearn.datasets import load_breast_cancer
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn.naive_bayes import GaussianNB
    >>> from sklearn.pipeline import make_pipeline
    >>> from sklearn.preprocessing import StandardScaler
    >>> X, y = load_breast_cancer(return_X_y=True)
    >>> result = compare_estimators(
    ...     make_pipeline(StandardScaler(), LogisticRegression()), GaussianNB(), X, y, cv=10)
    >>> result.names, len(result.a.folds), result.delong is not None
    (('Pipeline', 'GaussianNB'), 10, True)
    """
    from phidelta.assessment import cross_validated_predictions, cross_validation_splits

    random_state = renamed(
        random_state, seed, name="random_state", old="seed", where="compare_estimators"
    )
    labels, positive, splits = cross_validation_splits(
        y, cv=cv, pos_label=pos_label, random_state=random_state
    )
    runs = [
        cross_validated_predictions(e, X, labels, splits, positive=positive)
        for e in (estimator_a, estimator_b)
    ]
    both_scored = runs[0][1] is not None and runs[1][1] is not None
    return compare(
        labels,
        y_pred=(runs[0][0], runs[1][0]),
        scores=(runs[0][1], runs[1][1]) if both_scored else None,
        folds=runs[0][2],
        pos_label=positive,
        measure=measure,
        names=names or (type(estimator_a).__name__, type(estimator_b).__name__),
    )
