"""Intervals of every measure as the doors show them (command line, report): one switch.

The command line's ``--confidence-level`` and the report's option of the same name give each
measure of an assessment (per fold and pooled) and of a signature (φ, δ, the rates and the
information gain of each feature with integer counts) its interval from
:func:`phidelta.inference.measure_intervals`, and each quantity of the entropy triangle (per
matrix and pooled) its interval from :func:`phidelta.inference.matrix_intervals`, with a fixed
seed so that the same file gives the same intervals every run (and through every door: the
command line, the report, the web page and :meth:`phidelta.data.Multiclass.intervals` call
the functions here).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

__all__ = [
    "DEFAULT_RANDOM_STATE",
    "INTERVAL_METHODS",
    "MATRIX_METHODS",
    "TRIANGLE_MEASURES",
    "assessment_intervals",
    "interval_cell",
    "method_text",
    "pooled_label",
    "signature_intervals",
    "triangle_intervals",
]

#: The seed of the bootstrap intervals when none is given: the same file, the same intervals.
DEFAULT_RANDOM_STATE = 0

#: The doors' spelling of ``method`` → :func:`~phidelta.inference.measure_intervals`'s.
INTERVAL_METHODS = {"auto": "auto", "bootstrap": "bca", "percentile": "percentile"}

#: A signature column → the registry measure whose interval it gets (the signature's
#: information gain is taken at N/P = 1: the unbiased information gain).
SIGNATURE_MEASURES = {
    "specificity": "specificity",
    "sensitivity": "sensitivity",
    "phi": "phi",
    "delta": "delta",
    "information_gain": "unbiased_information_gain",
}


def assessment_intervals(
    assessment: Any,
    measures: Sequence[str],
    *,
    confidence_level: float,
    method: str = "auto",
    random_state: Any = DEFAULT_RANDOM_STATE,
    n_resamples: int = 2000,
) -> Any:
    """The intervals of an assessment's folds and pooled counts (one call, folds first).

    Parameters
    ----------
    assessment : Assessment
        Per-fold counts (:func:`phidelta.assessment.assess`).
    measures : sequence of str
        Names from :data:`phidelta.measures.MEASURES`.
    confidence_level : float
        In (0, 1).
    method : {"auto", "bootstrap", "percentile"}, default="auto"
        "auto": each measure's method of :data:`~phidelta.inference.AUTO_METHODS`;
        "bootstrap": the BCa bootstrap on counts for every measure; "percentile": the
        percentile bootstrap.
    random_state : int, optional
        Seed of the bootstrap; default :data:`DEFAULT_RANDOM_STATE`.
    n_resamples : int, default=2000
        Resamples of the bootstrap.

    Returns
    -------
    MeasureIntervals or None
        One row per fold then the pooled row (index: fold ids and ``"pooled"``); None when
        the counts are weighted (not counts of rows: no interval is given). With groups
        (``assessment.groups``) every measure gets the cluster bootstrap (whole groups drawn;
        "auto" and "bootstrap": BCa), and a fold of fewer than two groups no interval.

    Examples
    --------
    >>> from phidelta.assessment import assess
    >>> a = assess([1, 0, 1, 0, 1, 0, 1, 1], y_pred=[1, 0, 0, 0, 1, 1, 1, 1],
    ...            folds=[1, 1, 1, 1, 2, 2, 2, 2])
    >>> res = assessment_intervals(a, ["sensitivity"], confidence_level=0.9)
    >>> res.index, res.methods
    (['1', '2', 'pooled'], {'sensitivity': 'wilson'})
    """
    from phidelta.counts import BinaryCounts
    from phidelta.inference import measure_intervals

    counts = BinaryCounts.concat([assessment.counts, assessment.pooled()])
    if counts.is_soft:
        return None
    if getattr(assessment, "groups", None) is not None:  # whole groups resampled
        from phidelta.inference._measure_intervals import grouped_measure_intervals

        return grouped_measure_intervals(
            counts,
            assessment.group_parts(),
            list(measures),
            confidence_level,
            INTERVAL_METHODS[method],
            random_state,
            n_resamples,
            [*map(str, assessment.folds), "pooled"],
        )
    return measure_intervals(
        counts,
        measures=list(measures),
        confidence_level=confidence_level,
        method=INTERVAL_METHODS[method],
        random_state=random_state,
        n_resamples=n_resamples,
        index=[*map(str, assessment.folds), "pooled"],
    )


def counted_features(signature: Any) -> np.ndarray:
    """Indices of the features whose counts are counts of rows (binary, nominal and
    thresholded features); soft counts of numeric features are not."""
    c = signature.counts
    whole = np.ones(len(c), bool)
    for name in ("tn", "fp", "fn", "tp"):
        values = np.asarray(getattr(c, name), dtype=np.float64)
        whole &= np.mod(values, 1) == 0
    numeric = np.array([k == "numeric" for k in signature.kinds], bool)
    if signature.numeric_mode != "threshold":
        whole &= ~numeric
    return np.flatnonzero(whole)


def signature_intervals(
    signature: Any,
    *,
    confidence_level: float,
    method: str = "auto",
    random_state: Any = DEFAULT_RANDOM_STATE,
    n_resamples: int = 2000,
) -> tuple[dict[str, tuple[np.ndarray, np.ndarray]], dict[str, str], int]:
    """Intervals of a signature's φ, δ, rates and information gain, per feature.

    Only features with integer counts get one (:func:`counted_features`); the others have
    NaN bounds: soft counts are not counts of rows, so no interval is given for them. A
    signature read with a group column (several rows per patient, speaker, document or site:
    :meth:`~phidelta.signatures.Signature.counts_by_group`) gets the cluster bootstrap for
    every feature (whole groups drawn; "auto" and "bootstrap": BCa).

    Parameters
    ----------
    signature : Signature
        The feature signature.
    confidence_level : float
        In (0, 1).
    method : {"auto", "bootstrap", "percentile"}, default="auto"
        As in :func:`assessment_intervals`.
    random_state : int, optional
        Seed of the bootstrap; default :data:`DEFAULT_RANDOM_STATE`.
    n_resamples : int, default=2000
        Resamples of the bootstrap.

    Returns
    -------
    bounds : dict of str to (ndarray, ndarray)
        Column name (``phi``, ``delta``, ``sensitivity``, ``specificity``,
        ``information_gain``) → low and high, one per feature in the signature's order.
    methods : dict of str to str
        Column name → method.
    counted : int
        How many features got intervals.

    Examples
    --------
    >>> import numpy as np
    >>> from phidelta.signatures import signature
    >>> sig = signature(np.array([[1, 0], [1, 1], [0, 1], [0, 0], [0, 0]]), [1, 1, 0, 0, 1])
    >>> bounds, methods, counted = signature_intervals(sig, confidence_level=0.95)
    >>> counted, methods["delta"], bounds["delta"][0].shape
    (2, 'newcombe', (2,))
    """
    from phidelta.inference import measure_intervals

    rows = counted_features(signature)
    names = list(SIGNATURE_MEASURES.values())
    n = len(signature.counts)
    bounds = {k: (np.full(n, np.nan), np.full(n, np.nan)) for k in SIGNATURE_MEASURES}
    methods: dict[str, str] = {}
    kept = getattr(signature, "_rows", None)
    grouped = kept is not None and kept.groups is not None
    if grouped:  # whole groups resampled: the features whose groups' counts are known
        cells = signature.counts_by_group()[0]
        rows = rows[~np.isnan(cells[rows]).any(axis=(1, 2))]
    if rows.size and grouped:
        from phidelta.inference._measure_intervals import grouped_measure_intervals

        res = grouped_measure_intervals(
            signature.counts[rows],
            [np.rint(cells[i]).astype(np.int64) for i in rows],
            names,
            confidence_level,
            INTERVAL_METHODS[method],
            random_state,
            n_resamples,
            None,
        )
    elif rows.size:
        res = measure_intervals(
            signature.counts[rows],
            measures=names,
            confidence_level=confidence_level,
            method=INTERVAL_METHODS[method],
            random_state=random_state,
            n_resamples=n_resamples,
        )
    if rows.size:
        for column, measure in SIGNATURE_MEASURES.items():
            bounds[column][0][rows] = res.low[measure]
            bounds[column][1][rows] = res.high[measure]
            methods[column] = res.methods[measure]
    return bounds, methods, int(rows.size)


#: The doors' spelling of ``method`` → :func:`~phidelta.inference.matrix_intervals`'s: the
#: multi-class measures have the bootstrap only, BCa unless "percentile" is asked for.
MATRIX_METHODS = {"auto": "bca", "bootstrap": "bca", "percentile": "percentile"}

#: The quantities of the entropy balance (:meth:`~phidelta.measures.EntropyBalance.to_dict`,
#: in its order) that get an interval in the triangle's doors: all but the uniform entropies
#: ``h_uniform_x`` and ``h_uniform_y``, which the number of classes fixes.
TRIANGLE_MEASURES = (
    "h_x",
    "h_y",
    "h_xy",
    "mutual_information",
    "h_x_given_y",
    "h_y_given_x",
    "variation_of_information",
    "delta_h_x",
    "delta_h_y",
    "joint_delta_h",
    "joint_mi2",
    "joint_vi",
    "input_delta_h",
    "input_mi",
    "input_h_cond",
    "output_delta_h",
    "output_mi",
    "output_h_cond",
    "accuracy",
    "ema",
    "nit",
)


def pooled_label(names: Sequence[str]) -> str:
    """The label of the matrices added up: ``"pooled"``, unless a matrix (fold) is named so.

    Examples
    --------
    >>> pooled_label(["1", "2"]), pooled_label(["pooled", "other"])
    ('pooled', 'all folds pooled')
    """
    return "all folds pooled" if "pooled" in names else "pooled"


def triangle_intervals(
    matrices: Any,
    names: Sequence[str],
    *,
    confidence_level: float,
    method: str = "auto",
    random_state: Any = DEFAULT_RANDOM_STATE,
    n_resamples: int = 2000,
    pooled: bool = True,
    groups: Sequence[Any] | None = None,
) -> Any:
    """The intervals of the entropy triangle's quantities, per matrix and pooled (one call).

    :func:`phidelta.inference.matrix_intervals` of every quantity of
    :data:`TRIANGLE_MEASURES` (``accuracy`` only where the matrices declare their outputs),
    for each matrix and, with several (folds) and ``pooled``, for the matrices added up, in
    that order.

    Parameters
    ----------
    matrices : ConfusionMatrix
        One matrix, or one per fold.
    names : sequence of str
        A name per matrix (the index of the result, then :func:`pooled_label`).
    confidence_level : float
        In (0, 1).
    method : {"auto", "bootstrap", "percentile"}, default="auto"
        "auto" and "bootstrap": the BCa bootstrap; "percentile": the percentile bootstrap
        (:data:`MATRIX_METHODS`).
    random_state : int, optional
        Seed of the bootstrap; default :data:`DEFAULT_RANDOM_STATE`.
    n_resamples : int, default=2000
        Resamples of the bootstrap.
    pooled : bool, default=True
        With several matrices, also the matrices added up (folds of one classifier; not for
        different classifiers, whose matrices have no meaningful sum).
    groups : sequence of ConfusionMatrix, optional
        With groups of rows (patients, speakers): each matrix's matrices per group, then,
        with the pooled row, the pooled matrix's (:meth:`MulticlassGroups.per_matrix
        <phidelta.data.Multiclass>`). Every interval then resamples whole groups (the
        cluster bootstrap); a matrix of fewer than two groups gets none.

    Returns
    -------
    MatrixIntervals or None
        One row per matrix, then the pooled row when there are several; None when the
        counts are not integers (a matrix of proportions or weights: not counts of rows, so
        no interval is given).

    Examples
    --------
    >>> from phidelta.counts import ConfusionMatrix
    >>> cm = ConfusionMatrix([[[15, 0, 5], [0, 15, 5], [0, 0, 20]],
    ...                       [[16, 2, 2], [2, 16, 2], [1, 1, 18]]])
    >>> res = triangle_intervals(cm, ["a", "b"], confidence_level=0.9, n_resamples=200)
    >>> res.index, res.methods["joint_mi2"], len(res.low["joint_mi2"])
    (['a', 'b', 'pooled'], 'bca', 3)
    """
    from phidelta.counts import ConfusionMatrix
    from phidelta.inference import matrix_intervals

    counts = np.asarray(matrices.counts)
    if not np.array_equal(counts, np.round(counts)):
        return None
    index = list(map(str, names))
    if pooled and len(counts) > 1:
        counts = np.concatenate([counts, counts.sum(axis=0, keepdims=True)])
        index.append(pooled_label(index))
    stacked = ConfusionMatrix(
        counts, input_classes=matrices.input_classes, output_classes=matrices.output_classes
    )
    names_ = [m for m in TRIANGLE_MEASURES if matrices.outputs_declared or m != "accuracy"]
    if groups is not None:  # whole groups resampled
        from phidelta.inference._multiclass_intervals import grouped_matrix_intervals

        k, n, p = stacked.shape
        parts = [np.asarray(g.counts, dtype=np.int64).reshape(-1, n * p) for g in groups][:k]
        return grouped_matrix_intervals(
            stacked,
            parts,
            names_,
            confidence_level,
            MATRIX_METHODS[method],
            n_resamples,
            random_state,
            index,
        )
    return matrix_intervals(
        stacked,
        names_,
        confidence_level=confidence_level,
        method=MATRIX_METHODS[method],
        n_resamples=n_resamples,
        random_state=random_state,
        index=index,
    )


def method_text(methods: dict[str, str]) -> str:
    """Methods grouped, in words: ``"wilson: accuracy, sensitivity; bca: mcc"``.

    Examples
    --------
    >>> method_text({"accuracy": "wilson", "mcc": "bca", "sensitivity": "wilson"})
    'wilson: accuracy, sensitivity; bca: mcc'
    """
    groups: dict[str, list[str]] = {}
    for name, method in methods.items():
        groups.setdefault(method, []).append(name)
    return "; ".join(f"{method}: {', '.join(names)}" for method, names in groups.items())


def interval_cell(value: str, low: float, high: float) -> str:
    """A measure's cell with its interval, ``"0.873 [0.81, 0.92]"``; the value alone where
    there is no interval.

    Examples
    --------
    >>> interval_cell("0.873", 0.8123, 0.9171)
    '0.873 [0.81,\xa00.92]'
    >>> interval_cell("–", float("nan"), float("nan"))
    '–'
    """
    if not (np.isfinite(low) and np.isfinite(high)):
        return value
    return f"{value} [{low:.2f},\u00a0{high:.2f}]"  # breaks before the interval only
