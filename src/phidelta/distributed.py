"""Assessment of data that lives in Dask collections (the ``scale`` extra).

Every result is a sum of per-partition counts: each partition is reduced to its counts on the
workers, and a tree of merges (``+``) adds them, so the answer equals the single-machine one
(bit for bit for integer counts and AUC; float sums within rounding). Computations run on
whatever Dask scheduler is active — a ``distributed.Client`` you created, or Dask's local
threads; NumPy inputs are simply computed with NumPy.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from phidelta.counts import BinaryCounts, ConfusionMatrix, ScoreTable
from phidelta.measures._ranking import auc_numerator

__all__ = [
    "BinnedAuc",
    "assess",
    "binned_auc",
    "confusion_matrix",
    "connect",
    "counts",
    "partitioned_auc",
    "score_table",
    "signature",
]


def _require_dask() -> Any:
    try:
        import dask
    except ImportError as exc:  # pragma: no cover - exercised without dask only
        raise ImportError(
            "phidelta.distributed needs Dask: pip install 'phidelta[scale]'."
        ) from exc
    return dask


def _is_dask(value: Any) -> bool:
    return hasattr(value, "dask") and hasattr(value, "to_delayed")


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


def _tree(parts: list[Any], combine: Callable[[Any, Any], Any]) -> Any:
    """Pairwise merges in a balanced tree of delayed calls (depth log₂ of the partitions)."""
    dask = _require_dask()
    if not parts:
        raise ValueError("No partitions: nothing to assess.")
    level = list(parts)
    while len(level) > 1:
        level = [
            dask.delayed(combine)(level[i], level[i + 1]) if i + 1 < len(level) else level[i]
            for i in range(0, len(level), 2)
        ]
    return level[0]


def _compute(value: Any) -> Any:
    return value.compute() if hasattr(value, "compute") else value


def counts(y_true: Any, y_pred: Any, *, pos_label: Any = None, labels: Any = None) -> BinaryCounts:
    """Binary counts of predictions in dask collections (one entry for all partitions).

    ``labels`` declares both classes when a partition may miss one (required for string
    labels, optional for {0, 1}, {−1, 1} and booleans).
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


def _add(a: Any, b: Any) -> Any:
    return a + b


def _sum_of_partitions(
    build: Callable[..., Any], first: tuple[str, Any], second: tuple[str, Any], *options: Any
) -> Any:
    """``build(a, b, *options)`` on each pair of aligned partitions, added up in a tree."""
    dask = _require_dask()
    pieces = [dask.delayed(build)(a, b, *options) for a, b in _aligned(first, second)]
    return _compute(_tree(pieces, _add))


def score_table(
    y_true: Any, scores: Any, *, pos_label: Any = None, labels: Any = None
) -> ScoreTable:
    """The exact score table of labelled scores in dask collections (merged in a tree)."""
    if not (_is_dask(y_true) or _is_dask(scores)):
        return ScoreTable.from_scores(y_true, scores, pos_label=pos_label, labels=labels)
    return _sum_of_partitions(_table, ("y_true", y_true), ("scores", scores), pos_label, labels)


def _table(t: Any, s: Any, pos_label: Any, labels: Any) -> ScoreTable:
    return ScoreTable.from_scores(
        np.asarray(t), np.asarray(s, dtype=float), pos_label=pos_label, labels=labels
    )


def confusion_matrix(y_true: Any, y_pred: Any, *, classes: Sequence[Any]) -> ConfusionMatrix:
    """The k×k confusion matrix of labels in dask collections; ``classes`` is required."""
    if not (_is_dask(y_true) or _is_dask(y_pred)):
        return ConfusionMatrix.from_labels(y_true, y_pred, classes=classes)
    # raw counts: a partition may be empty
    total = _sum_of_partitions(_matrix, ("y_true", y_true), ("y_pred", y_pred), list(classes))
    return ConfusionMatrix(total, input_classes=list(classes), output_classes=list(classes))


def _matrix(t: Any, p: Any, classes: list[Any]) -> np.ndarray:
    from phidelta.counts._confusion import _count

    counts, _, _ = _count(np.asarray(t), np.asarray(p), None, classes, None, None)
    return counts[0]


def signature(
    data: Any,
    labels: Any = None,
    *,
    label: str | None = None,
    pos_label: Any,
    feature_names: list[str] | None = None,
    kinds: dict[str, str] | None = None,
    max_values: int = 256,
) -> Any:
    """The feature signature of a dask array (dense or SciPy-sparse chunks) or DataFrame.

    Give ``labels`` as a dask array/Series aligned with the rows, or ``label``: the name of
    the class column of a dask DataFrame. Soft mode (the threshold mode needs whole columns).
    Column types are read from the first partition and imposed on the others.
    """
    from phidelta.signatures import Signature  # noqa: F401  (the return type)
    from phidelta.signatures._columns import read_table
    from phidelta.signatures._signature import _check_kinds, _finish

    if not _is_dask(data):
        from phidelta.signatures import signature as local

        return local(
            data,
            labels if label is None else data[label],
            pos_label=pos_label,
            feature_names=feature_names,
            kinds=kinds,
            max_values=max_values,
        )
    dask = _require_dask()
    if pos_label is None:
        raise ValueError("Pass `pos_label`: a partition cannot tell which class is positive.")
    forced = _check_kinds(kinds, None)
    if label is not None:
        frames = _blocks(data, "data")
        first = frames[0].compute()
        if label not in first.columns:
            raise ValueError(
                f"`label`={label!r} is not a column; the columns are "
                f"{list(map(str, first.columns))}."
            )
        schema = read_table(first.drop(columns=[label]), feature_names).schema()
        pieces = [
            dask.delayed(_frame_statistics)(f, label, pos_label, feature_names, schema, forced)
            for f in frames
        ]
    else:
        if labels is None:
            raise ValueError("Pass `labels` (aligned with the rows) or `label` (a column).")
        pairs = _aligned(("data", data), ("labels", labels))
        schema = None
        pieces = [
            dask.delayed(_array_statistics)(x, y, pos_label, feature_names, forced)
            for x, y in pairs
        ]
    total = _compute(_tree(pieces, _add))
    if total.n_pos == 0 or total.n_neg == 0:
        raise ValueError("The labels hold a single class; a signature needs both.")
    del schema
    return _finish(total, None, None, pos_label, "soft", forced, max_values)


def _is_positive(y: np.ndarray, pos_label: Any) -> np.ndarray:
    if y.dtype == object:
        return np.array([v == pos_label for v in y.tolist()], dtype=bool)
    return np.asarray(y == pos_label, dtype=bool)


def _frame_statistics(
    frame: Any, label: str, pos_label: Any, names: Any, schema: Any, forced: dict[str, str]
) -> Any:
    from phidelta.signatures._accumulate import statistics_of_block
    from phidelta.signatures._columns import read_table

    table = read_table(frame.drop(columns=[label]), names, schema)
    return statistics_of_block(table, _is_positive(frame[label].to_numpy(), pos_label), forced)


def _array_statistics(x: Any, y: Any, pos_label: Any, names: Any, forced: dict[str, str]) -> Any:
    from phidelta.signatures._accumulate import statistics_of_block
    from phidelta.signatures._columns import read_table

    table = read_table(x, names)
    return statistics_of_block(table, _is_positive(np.asarray(y), pos_label), forced)


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

            quantiles = np.linspace(0, 1, ranges + 1)[1:-1]
            boundaries = da.percentile(scores, quantiles * 100).compute().tolist()
        cuts = _cuts(np.empty(0), boundaries, ranges)
        edges = [np.inf, *cuts.tolist(), -np.inf]
        pairs = _aligned(("y_true", y), ("scores", scores))
        per_range = []
        for high, low in itertools.pairwise(edges):
            pieces = [
                dask.delayed(_range_table)(t, s, high, low, pos_label, labels) for t, s in pairs
            ]
            per_range.append(_tree(pieces, _add))
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
    """

    auc: float
    error_bound: float
    bins: int


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
        dask = _require_dask()
        pieces = [
            dask.delayed(binned)(t, s) for t, s in _aligned(("y_true", y_true), ("scores", scores))
        ]
        table = _compute(_tree(pieces, _add))
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
    seconds (never a hang)."""
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


def assess(
    y_true: Any,
    *,
    y_pred: Any = None,
    scores: Any = None,
    folds: Any = None,
    labels: Sequence[Any],
    pos_label: Any = None,
) -> Any:
    """Per-fold counts and score tables of predictions in dask collections (see
    :func:`phidelta.assessment.assess`); ``labels`` declares both classes."""
    from phidelta.assessment import Assessment, assess_chunks

    if not any(_is_dask(v) for v in (y_true, y_pred, scores, folds)):  # NumPy: stay local
        return assess_chunks([(y_true, y_pred, scores, folds)], labels=labels, pos_label=pos_label)
    dask = _require_dask()
    named = [("y_true", y_true)] + [
        (n, v)
        for n, v in (("y_pred", y_pred), ("scores", scores), ("folds", folds))
        if v is not None
    ]
    order = [n for n, _ in named]
    pieces = []
    for blocks in _aligned(*named):
        parts = dict(zip(order, blocks, strict=True))
        pieces.append(
            dask.delayed(_assessment_part)(
                parts["y_true"],
                parts.get("y_pred"),
                parts.get("scores"),
                parts.get("folds"),
                list(labels),
                pos_label,
            )
        )
    merged = _compute(_tree(pieces, _merge_parts))
    counts, tables, positives, negatives = merged
    if positives == 0 or negatives == 0:
        raise ValueError("The labels hold a single class; an assessment needs both.")
    keys = sorted(counts, key=lambda g: (str(type(g)), g))
    from phidelta.counts._labels import resolve_pos_label

    positive = resolve_pos_label(list(labels), pos_label, list(labels), "`labels`")
    return Assessment(
        BinaryCounts.concat([counts[k] for k in keys]),
        [tables[k] for k in keys] if tables else None,
        np.array(keys, dtype=object),
        positive,
        negatives / positives,
    )


def _assessment_part(
    t: Any, p: Any, s: Any, f: Any, labels: list[Any], pos_label: Any
) -> tuple[dict[Any, BinaryCounts], dict[Any, ScoreTable], int, int]:
    """One partition's per-fold counts and score tables (it may hold one class, or none)."""
    from phidelta.counts._labels import resolve_pos_label

    t = np.asarray(t)
    if len(t) == 0:
        return {}, {}, 0, 0
    positive = resolve_pos_label(labels, pos_label, labels, "`labels`")
    folds = np.full(len(t), "all", dtype=object) if f is None else np.asarray(f)
    is_pos = np.array([v == positive for v in t.tolist()], dtype=bool)
    if p is not None:
        counts, groups = BinaryCounts.from_groups(
            t, np.asarray(p), folds, pos_label=positive, labels=labels
        )
    else:
        counts, groups = BinaryCounts.from_groups(
            is_pos, np.asarray(s, dtype=float) >= 0.5, folds, pos_label=True, labels=[False, True]
        )
    tables: dict[Any, ScoreTable] = {}
    if s is not None:
        sc = np.asarray(s, dtype=float)
        tables = {
            g: ScoreTable._from_mask(sc[folds == g], is_pos[folds == g]) for g in groups.tolist()
        }
    entries = {g: counts[i] for i, g in enumerate(groups.tolist())}
    return entries, tables, int(is_pos.sum()), int(len(t) - is_pos.sum())


def _merge_parts(a: Any, b: Any) -> Any:
    counts = dict(a[0])
    for k, v in b[0].items():
        counts[k] = counts[k] + v if k in counts else v
    tables = dict(a[1])
    for k, v in b[1].items():
        tables[k] = tables[k] + v if k in tables else v
    return counts, tables, a[2] + b[2], a[3] + b[3]
