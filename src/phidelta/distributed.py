"""Assessment of data that lives in Dask collections (the ``scale`` extra).

Every result is a sum of per-partition counts: each partition is reduced to its counts on the
workers, and a tree of merges (``+``) adds them, so the answer equals the single-machine one
(bit for bit for integer counts and AUC; float sums within rounding). Computations run on
whatever Dask scheduler is active — a ``distributed.Client`` you created, or Dask's local
threads; NumPy inputs are simply computed with NumPy.

The Dask back-end of the data layer (:class:`DaskTable`, re-exported here) and its reader
(:func:`read_table`: :func:`phidelta.data.read_dask`) live in :mod:`phidelta.data`, beside
the Spark ones; the functions of a Spark DataFrame's columns are
:mod:`phidelta.spark`.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from phidelta._docstrings import (
    ASSESSMENT_RESULT,
    SIGNATURE_OPTIONS,
    SIGNATURE_RESULT,
    shared_entries,
)
from phidelta.counts import BinaryCounts, ConfusionMatrix, ScoreTable
from phidelta.data import read_dask as read_table
from phidelta.data._dask import DaskTable
from phidelta.data._dask import is_dask as _is_dask
from phidelta.data._dask import reduce_delayed as _reduce_delayed
from phidelta.data._dask import require_dask as _require_dask
from phidelta.data._dask import tree as _tree
from phidelta.measures import auc_numerator

__all__ = [
    "BinnedAuc",
    "DaskTable",
    "assess",
    "binned_auc",
    "confusion_matrix",
    "connect",
    "counts",
    "partitioned_auc",
    "read_table",
    "score_table",
    "signature",
]

# Docstring entries shared by the functions below (see phidelta._docstrings).
_CLASSES = """\
pos_label : scalar, optional
    The positive class.
labels : pair, optional
    Declare both classes."""
_PARTITION_ERRORS = """\
Raises
------
TypeError
    If an input is not a dask collection.
ValueError
    If the collections are not partitioned alike, or the positive class cannot be
    determined."""


def _blocks(value: Any, name: str) -> list[Any]:
    """Delayed blocks along the rows of a 1-D dask array / Series or a 2-D dask array."""
    if hasattr(value, "divisions") and hasattr(value, "to_delayed"):  # Series / DataFrame
        return list(value.to_delayed())
    chunks = getattr(value, "chunks", None)
    if chunks is None:
        raise TypeError(f"`{name}` must be a dask array, Series or DataFrame.")
    if any(np.isnan(c) for axis in chunks for c in axis):
        raise ValueError(
            f"`{name}` has unknown chunk sizes; call .compute_chunk_sizes() "
            "(or use a dask DataFrame) first."
        )
    if value.ndim == 2 and len(chunks[1]) > 1:
        value = value.rechunk({1: -1})  # whole rows per block
    delayed = value.to_delayed()
    return list(delayed.ravel()) if value.ndim == 1 else list(delayed[:, 0])


def _row_chunks(value: Any) -> tuple[int, ...] | None:
    if hasattr(value, "divisions"):
        return None  # partitions of a dask DataFrame carry their rows together
    chunks = getattr(value, "chunks", None)
    return None if chunks is None else tuple(chunks[0])


def _aligned(*named: tuple[str, Any]) -> list[list[Any]]:
    """Blocks of several collections, checked to hold the same rows."""
    blocks = [_blocks(value, name) for name, value in named]
    lengths = {len(b) for b in blocks}
    if len(lengths) != 1:
        listed = ", ".join(f"`{n}` has {len(b)}" for (n, _), b in zip(named, blocks, strict=True))
        raise ValueError(f"The collections must have the same partitions: {listed}.")
    rows = [_row_chunks(v) for _, v in named]
    known = [r for r in rows if r is not None]
    if len(known) > 1 and len(set(known)) > 1:
        raise ValueError(
            "The collections have different row chunks; rechunk them alike "
            "(labels and scores of one partition must be the same rows)."
        )
    return [list(group) for group in zip(*blocks, strict=True)]


@shared_entries(classes=_CLASSES, partition_errors=_PARTITION_ERRORS)
def counts(y_true: Any, y_pred: Any, *, pos_label: Any = None, labels: Any = None) -> BinaryCounts:
    """Binary counts of predictions in dask collections (one entry for all partitions).

    ``labels`` declares both classes when a partition may miss one (required for string
    labels, optional for {0, 1}, {−1, 1} and booleans).

    Parameters
    ----------
    y_true, y_pred : dask array or Series
        True and predicted labels, partitioned alike.
    {classes}

    Returns
    -------
    BinaryCounts
        One entry.

    {partition_errors}

    Examples
    --------
    >>> import dask.array as da
    >>> y = da.from_array(np.array([1, 0, 1, 0, 1, 0]), chunks=3)
    >>> p = da.from_array(np.array([1, 0, 0, 0, 1, 1]), chunks=3)
    >>> counts(y, p)
    BinaryCounts(tn=[2], fp=[1], fn=[1], tp=[2])
    """
    if not (_is_dask(y_true) or _is_dask(y_pred)):
        return BinaryCounts.from_labels(y_true, y_pred, pos_label=pos_label, labels=labels)
    return _sum_of_partitions(
        _labels_counts, ("y_true", y_true), ("y_pred", y_pred), pos_label, labels
    )


def _labels_counts(t: Any, p: Any, pos_label: Any, labels: Any) -> BinaryCounts:
    return BinaryCounts.from_labels(
        np.asarray(t), np.asarray(p), pos_label=pos_label, labels=labels
    )


def _sum_of_partitions(
    build: Callable[..., Any], first: tuple[str, Any], second: tuple[str, Any], *options: Any
) -> Any:
    """``build(a, b, *options)`` on each pair of aligned partitions, added up in a tree."""
    return _reduce_delayed(build, [(a, b, *options) for a, b in _aligned(first, second)])


@shared_entries(classes=_CLASSES, partition_errors=_PARTITION_ERRORS)
def score_table(
    y_true: Any, scores: Any, *, pos_label: Any = None, labels: Any = None
) -> ScoreTable:
    """The exact score table of labelled scores in dask collections (merged in a tree).

    Parameters
    ----------
    y_true : dask array or Series
        True labels.
    scores : dask array or Series
        Scores, partitioned like `y_true`.
    {classes}

    Returns
    -------
    ScoreTable
        The exact table of all partitions.

    {partition_errors}

    Examples
    --------
    >>> import dask.array as da
    >>> y = da.from_array(np.array([1, 0, 1, 0]), chunks=2)
    >>> s = da.from_array(np.array([0.9, 0.1, 0.4, 0.35]), chunks=2)
    >>> score_table(y, s).positives
    array([1, 1, 0, 0])
    """
    if not (_is_dask(y_true) or _is_dask(scores)):
        return ScoreTable.from_scores(y_true, scores, pos_label=pos_label, labels=labels)
    return _sum_of_partitions(_table, ("y_true", y_true), ("scores", scores), pos_label, labels)


def _table(t: Any, s: Any, pos_label: Any, labels: Any) -> ScoreTable:
    return ScoreTable.from_scores(
        np.asarray(t), np.asarray(s, dtype=float), pos_label=pos_label, labels=labels
    )


def confusion_matrix(y_true: Any, y_pred: Any, *, classes: Sequence[Any]) -> ConfusionMatrix:
    """The k×k confusion matrix of labels in dask collections; ``classes`` is required.

    Parameters
    ----------
    y_true, y_pred : dask array or Series
        True and predicted labels, partitioned alike.
    classes : sequence
        The k classes, in order (a partition may miss some).

    Returns
    -------
    ConfusionMatrix
        One k×k matrix.

    Raises
    ------
    TypeError
        If an input is not a dask collection.
    ValueError
        If the collections are not partitioned alike, or a label is not among `classes`.

    Examples
    --------
    >>> import dask.array as da
    >>> y = da.from_array(np.array([1, 0, 1, 0, 1, 0]), chunks=3)
    >>> p = da.from_array(np.array([1, 0, 0, 0, 1, 1]), chunks=3)
    >>> confusion_matrix(y, p, classes=[0, 1]).counts.tolist()
    [[[2, 1], [1, 2]]]
    """
    if not (_is_dask(y_true) or _is_dask(y_pred)):
        return ConfusionMatrix.from_labels(y_true, y_pred, classes=classes)
    # raw counts: a partition may be empty
    total = _sum_of_partitions(_matrix, ("y_true", y_true), ("y_pred", y_pred), list(classes))
    return ConfusionMatrix(total, input_classes=list(classes), output_classes=list(classes))


def _matrix(t: Any, p: Any, classes: list[Any]) -> np.ndarray:
    t = np.asarray(t)
    groups = np.zeros(len(t), dtype=np.int64)
    matrices, _ = ConfusionMatrix.from_groups(t, np.asarray(p), groups, classes=classes)
    return matrices.counts.sum(axis=0)  # zeros for an empty partition


@shared_entries(signature_options=SIGNATURE_OPTIONS, signature_result=SIGNATURE_RESULT)
def signature(
    data: Any,
    labels: Any = None,
    *,
    label: str | None = None,
    pos_label: Any = None,
    feature_names: list[str] | None = None,
    kinds: dict[str, str] | None = None,
    max_values: int = 256,
) -> Any:
    """The feature signature of a dask array (dense or SciPy-sparse chunks) or DataFrame.

    Give ``labels`` as a dask array/Series aligned with the rows, or ``label``: the name of
    the class column of a dask DataFrame (read through :func:`phidelta.data.load_signature`,
    rows with a missing label left out and counted). Soft mode (the threshold mode needs
    whole columns). Column types are read from the first partition and imposed on the others.

    Parameters
    ----------
    data : dask array or DataFrame
        Features in columns (dense or SciPy-sparse chunks).
    labels : dask array or Series, optional
        Class labels aligned with the rows.
    label : str, optional
        Instead of `labels`: the class column of a dask DataFrame.
    pos_label : scalar, optional
        The positive class (required with `labels`: a partition cannot tell).
    feature_names : list of str, optional
        Column names.
    {signature_options}

    {signature_result}

    Raises
    ------
    ValueError
        If neither `labels` nor `label` is given, or `pos_label` is missing with `labels`.

    See Also
    --------
    phidelta.signatures.signature : the in-memory version (the signatures of Armano 2015,
        Section 5 and Fig. 10).

    Examples
    --------
    >>> import dask.dataframe as dd
    >>> from phidelta.data import read_table as read_whole
    >>> from phidelta.datasets import climate_data_path
    >>> frame = dd.from_pandas(read_whole(climate_data_path()), npartitions=2)
    >>> sig = signature(frame, label="RainBool", pos_label=1)
    >>> round(sig.ratio, 4)
    0.9333
    """
    from phidelta.signatures import Signature, block_statistics

    if label is not None:
        from phidelta.data import Roles, load_signature

        return load_signature(
            data, Roles(label, positive=pos_label), kinds=kinds, max_values=max_values
        )
    if labels is None:
        raise ValueError("Pass `labels` (aligned with the rows) or `label` (a column).")
    if not _is_dask(data):
        from phidelta.signatures import signature as local

        return local(
            data,
            labels,
            pos_label=pos_label,
            feature_names=feature_names,
            kinds=kinds,
            max_values=max_values,
        )
    dask = _require_dask()
    if pos_label is None:
        raise ValueError("Pass `pos_label`: a partition cannot tell which class is positive.")
    pairs = _aligned(("data", data), ("labels", labels))
    first = dask.compute(pairs[0][0])[0]
    schema = block_statistics(first, np.zeros(first.shape[0], dtype=bool)).schema()
    total = _reduce_delayed(
        _array_statistics, [(x, y, pos_label, feature_names, schema, kinds) for x, y in pairs]
    )
    return Signature.from_statistics(total, positive=pos_label, kinds=kinds, max_values=max_values)


def _array_statistics(x: Any, y: Any, pos_label: Any, names: Any, schema: Any, kinds: Any) -> Any:
    from phidelta.counts import binary_target
    from phidelta.signatures import block_statistics

    is_pos = binary_target(np.asarray(y), pos_label, labels=None).is_positive
    return block_statistics(x, is_pos, schema=schema, feature_names=names, kinds=kinds)


@shared_entries(classes=_CLASSES)
def partitioned_auc(
    table_or_y: Any,
    scores: Any = None,
    *,
    boundaries: Sequence[float] | None = None,
    ranges: int = 4,
    pos_label: Any = None,
    labels: Any = None,
) -> float:
    """Exact AUC from score ranges computed separately (e.g. on different workers).

    The scores are split at ``boundaries`` (default: ``ranges`` quantiles of the scores); each
    range yields its positives, negatives and its part of the AUC numerator (an exact integer
    for integer counts), and the parts combine in score order. The result is bit for bit the
    AUC of the whole table, without ever building it in one place.

    Parameters
    ----------
    table_or_y : ScoreTable or array-like of shape (n,)
        A score table, or the true labels.
    scores : array-like of shape (n,), optional
        The scores, when `table_or_y` holds labels.
    boundaries : sequence of float, optional
        Scores at which to split; by default `ranges` quantiles.
    ranges : int, default=4
        Number of ranges when `boundaries` is not given.
    {classes}

    Returns
    -------
    float
        The exact AUC.

    Raises
    ------
    ValueError
        If the labels hold one class only.

    See Also
    --------
    phidelta.measures.auc_numerator : the additive part of each range.

    Examples
    --------
    >>> partitioned_auc([1, 0, 1, 0, 1, 0], [0.9, 0.1, 0.4, 0.35, 0.8, 0.6], ranges=2)
    0.8888888888888888
    """
    if isinstance(table_or_y, ScoreTable):
        tables = _split_table(table_or_y, boundaries, ranges)
    else:
        tables = _split_scores(table_or_y, scores, boundaries, ranges, pos_label, labels)
    numerator: Any = 0
    above: Any = 0
    total_neg: Any = 0
    for part in tables:  # ranges in decreasing score order
        numerator += auc_numerator(part.positives, part.negatives, above)
        above += part.positives.sum().item()
        total_neg += part.negatives.sum().item()
    if above <= 0 or total_neg <= 0:
        raise ValueError("AUC is undefined: the labels hold one class only.")
    return float(numerator / (2 * above * total_neg))


def _cuts(scores: np.ndarray, boundaries: Sequence[float] | None, ranges: int) -> np.ndarray:
    if boundaries is not None:
        return np.sort(np.asarray(boundaries, dtype=float))[::-1]
    inner = np.quantile(scores, np.linspace(0, 1, ranges + 1)[1:-1]) if len(scores) else []
    return np.unique(inner)[::-1]


def _split_table(
    table: ScoreTable, boundaries: Sequence[float] | None, ranges: int
) -> list[ScoreTable]:
    cuts = _cuts(table.scores, boundaries, ranges)
    edges = [np.inf, *cuts.tolist(), -np.inf]
    out = []
    for high, low in itertools.pairwise(edges):
        mask = (
            (table.scores < high) & (table.scores >= low)
            if np.isfinite(high)
            else (table.scores >= low)
        )
        out.append(
            ScoreTable._trusted(table.scores[mask], table.positives[mask], table.negatives[mask])
        )
    return out


def _split_scores(
    y: Any,
    scores: Any,
    boundaries: Sequence[float] | None,
    ranges: int,
    pos_label: Any,
    labels: Any,
) -> list[ScoreTable]:
    if _is_dask(scores):
        dask = _require_dask()
        if boundaries is None:
            import dask.array as da

            # any boundaries give the exact AUC; quantiles only balance the ranges' work
            quantiles = np.linspace(0, 1, ranges + 1)[1:-1]
            if hasattr(scores, "chunks"):  # a dask array
                boundaries = da.percentile(scores, quantiles * 100).compute().tolist()
            else:  # a dask Series
                boundaries = scores.quantile(quantiles.tolist()).compute().tolist()
        cuts = _cuts(np.empty(0), boundaries, ranges)
        edges = [np.inf, *cuts.tolist(), -np.inf]
        pairs = _aligned(("y_true", y), ("scores", scores))
        per_range = []
        for high, low in itertools.pairwise(edges):
            pieces = [
                dask.delayed(_range_table)(t, s, high, low, pos_label, labels) for t, s in pairs
            ]
            per_range.append(_tree(pieces, operator.add))
        return list(dask.compute(*per_range))
    table = ScoreTable.from_scores(y, scores, pos_label=pos_label, labels=labels)
    return _split_table(table, boundaries, ranges)


def _range_table(
    t: Any, s: Any, high: float, low: float, pos_label: Any, labels: Any
) -> ScoreTable:
    s = np.asarray(s, dtype=float)
    mask = (s >= low) & (s < high) if np.isfinite(high) else s >= low
    return ScoreTable.from_scores(np.asarray(t)[mask], s[mask], pos_label=pos_label, labels=labels)


@dataclass(frozen=True)
class BinnedAuc:
    """An approximate AUC from scores binned into fixed intervals, with its worst-case error.

    Pairs inside one bin count half; their true order is unknown, so the exact AUC lies within
    ``auc ± error_bound`` with error_bound = Σ_b P_b·N_b / (2·P·N).

    Attributes
    ----------
    auc : float
        The approximate AUC.
    error_bound : float
        The exact AUC lies in ``auc ± error_bound``.
    bins : int
        Number of bins.

    See Also
    --------
    binned_auc : computes it.
    partitioned_auc : the exact AUC, in parts.

    Examples
    --------
    >>> import dask.array as da
    >>> y = da.from_array(np.array([1, 0, 1, 0, 1, 0]), chunks=3)
    >>> s = da.from_array(np.array([0.9, 0.1, 0.4, 0.35, 0.8, 0.6]), chunks=3)
    >>> result = binned_auc(y, s, bins=4)
    >>> round(result.auc, 4), round(result.error_bound, 4)
    (0.8333, 0.0556)
    """

    auc: float
    error_bound: float
    bins: int


@shared_entries(classes=_CLASSES)
def binned_auc(
    y_true: Any,
    scores: Any,
    *,
    bins: int = 200,
    low: float | None = None,
    high: float | None = None,
    pos_label: Any = None,
    labels: Any = None,
) -> BinnedAuc:
    """AUC from fixed-width score bins (one pass, memory O(bins)) with a guaranteed bound.

    The bins span [low, high] (default: the scores' range); every score is clipped into it.

    Parameters
    ----------
    y_true : array-like or dask collection of shape (n,)
        True labels.
    scores : array-like or dask collection of shape (n,)
        Scores, higher meaning more positive.
    bins : int, default=200
        Number of equal-width bins.
    low, high : float, optional
        The range the bins span; by default the scores' range.
    {classes}

    Returns
    -------
    BinnedAuc
        The approximate AUC and its worst-case error.

    Raises
    ------
    ValueError
        If `bins` is not a positive integer or a class is absent.

    See Also
    --------
    partitioned_auc : the exact AUC.

    Examples
    --------
    >>> result = binned_auc([1, 0, 1, 0, 1, 0], [0.9, 0.1, 0.4, 0.35, 0.8, 0.6], bins=4)
    >>> result.bins, round(result.auc, 4)
    (4, 0.8333)
    """
    if bins < 1:
        raise ValueError(f"`bins` must be a positive integer; got {bins}.")
    if low is None or high is None:
        values = scores.compute() if _is_dask(scores) else np.asarray(scores, dtype=float)
        low = float(np.min(values)) if low is None else low
        high = float(np.max(values)) if high is None else high
    width = (high - low) / bins if high > low else 1.0

    def binned(t: Any, s: Any) -> ScoreTable:
        s = np.asarray(s, dtype=float)
        index = np.clip(np.floor((s - low) / width), 0, bins - 1)
        return ScoreTable.from_scores(np.asarray(t), index, pos_label=pos_label, labels=labels)

    if _is_dask(y_true) or _is_dask(scores):
        table = _reduce_delayed(binned, _aligned(("y_true", y_true), ("scores", scores)))
    else:
        table = binned(y_true, scores)
    from phidelta.measures import auc

    p, n = table.total_positives, table.total_negatives
    bound = float(
        np.dot(table.positives.astype(float), table.negatives.astype(float)) / (2 * p * n)
    )
    return BinnedAuc(auc(table), bound, bins)


def connect(address: str, *, timeout: float = 10.0) -> Any:
    """A ``distributed.Client`` for a scheduler address, or a clear error after ``timeout``
    seconds (never a hang).

    Parameters
    ----------
    address : str
        The scheduler's address, e.g. ``"tcp://scheduler:8786"``.
    timeout : float, default=10.0
        Seconds to wait for the scheduler.

    Returns
    -------
    distributed.Client
        A client connected to the scheduler.

    Raises
    ------
    ImportError
        If the ``distributed`` package is not installed.
    ConnectionError
        If no scheduler answers within `timeout`.

    Examples
    --------
    >>> client = connect("tcp://scheduler:8786")  # doctest: +SKIP
    >>> from distributed import Client  # doctest: +SKIP
    >>> client = Client()  # a local cluster instead  # doctest: +SKIP
    """
    try:
        from distributed import Client
    except ImportError as exc:  # pragma: no cover
        raise ImportError(
            "Connecting to a cluster needs distributed: pip install 'phidelta[scale]'."
        ) from exc
    try:
        return Client(address, timeout=timeout)
    except (OSError, TimeoutError) as exc:
        raise ConnectionError(
            f"No Dask scheduler answered at {address} within {timeout:g} s "
            f"({exc.__class__.__name__})."
        ) from None


@shared_entries(assessment_result=ASSESSMENT_RESULT)
def assess(
    y_true: Any,
    *,
    y_pred: Any = None,
    scores: Any = None,
    folds: Any = None,
    labels: Sequence[Any],
    pos_label: Any = None,
    threshold: float | str | None = None,
) -> Any:
    """Per-fold counts and score tables of predictions in dask collections (see
    :func:`phidelta.assessment.assess`); ``labels`` declares both classes. Each partition is
    reduced by :func:`phidelta.assessment.assessment_part` and the parts added in a tree, so
    the result — the threshold that turns scores into predictions included — equals the
    in-memory one.

    Parameters
    ----------
    y_true : dask array or Series
        True labels.
    y_pred : dask array or Series, optional
        Predicted labels, partitioned like `y_true`.
    scores : dask array or Series, optional
        Scores, partitioned like `y_true`.
    folds : dask array or Series, optional
        Fold of each row.
    labels : sequence
        Both classes (a partition may miss one).
    pos_label : scalar, optional
        The positive class (by default 1 or True for 0/1, ±1 or boolean
        classes; else it must be given).
    threshold : float, "optimal" or None, optional
        The cut that turns scores into predictions (as in
        :func:`phidelta.assessment.assess`).

    {assessment_result}

    Raises
    ------
    TypeError
        If an input is not a dask collection.
    ValueError
        If the collections are not partitioned alike, or neither `y_pred` nor `scores` is
        given.

    See Also
    --------
    phidelta.assessment.assess : the in-memory version.

    Examples
    --------
    >>> import dask.array as da
    >>> y = da.from_array(np.array([1, 0, 1, 0, 1, 0]), chunks=3)
    >>> p = da.from_array(np.array([1, 0, 0, 0, 1, 1]), chunks=3)
    >>> assess(y, y_pred=p, labels=[0, 1]).counts
    BinaryCounts(tn=[2], fp=[1], fn=[1], tp=[2])
    """
    from phidelta.assessment import assessment_part, finish_assessment
    from phidelta.counts import check_pos_label

    declared = list(labels)
    positive = check_pos_label(declared, pos_label, declared=declared, where="`labels`")
    if not any(_is_dask(v) for v in (y_true, y_pred, scores, folds)):  # NumPy: stay local
        part = assessment_part(
            y_true, y_pred=y_pred, scores=scores, folds=folds, classes=declared, positive=positive
        )
        return finish_assessment(part, positive=positive, threshold=threshold)
    named = [("y_true", y_true)] + [
        (n, v)
        for n, v in (("y_pred", y_pred), ("scores", scores), ("folds", folds))
        if v is not None
    ]
    order = [n for n, _ in named]
    partitions = [dict(zip(order, blocks, strict=True)) for blocks in _aligned(*named)]
    arguments = [
        (p["y_true"], p.get("y_pred"), p.get("scores"), p.get("folds"), declared, positive)
        for p in partitions
    ]
    total = _reduce_delayed(_assessment_part, arguments)
    return finish_assessment(total, positive=positive, threshold=threshold)


def _assessment_part(t: Any, p: Any, s: Any, f: Any, labels: list[Any], positive: Any) -> Any:
    from phidelta.assessment import assessment_part

    return assessment_part(
        np.asarray(t),
        y_pred=None if p is None else np.asarray(p),
        scores=None if s is None else np.asarray(s, dtype=float),
        folds=None if f is None else np.asarray(f),
        classes=labels,
        positive=positive,
    )
