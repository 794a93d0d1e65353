"""Score tables: the sufficient statistic of a scoring classifier (Flach, ch. 2.2).

The distinct scores in decreasing order with the (weighted) number of positives and negatives
at each score; tied examples stay together, which is what makes ROC curves, AUC and
calibration exact with ties.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import numpy as np

from phidelta._compute import BLOCK_ROWS
from phidelta._parallel import row_parts, run_parts
from phidelta._sorting import sort_in_parts
from phidelta._validation import as_float_array, check_same_length, check_sample_weight
from phidelta.counts._binary import BinaryCounts
from phidelta.counts._labels import as_label_array, binary_target, group_codes
from phidelta.counts._score_keys import (
    KeyCode,
    count_sorted_keys,
    decode_scores,
    key_order,
    labelled_keys,
    sort_keys,
)

__all__ = ["MergingStack", "ScoreTable"]


def _freeze(array: np.ndarray) -> np.ndarray:
    array.setflags(write=False)
    return array


class ScoreTable:
    """Distinct scores (decreasing) with the positives and negatives at each.

    Build with :meth:`from_scores`; ``a + b`` is the table of the union of the two data sets.
    To combine many tables use :meth:`merge` (one merge of all the sorted runs, about the cost
    of sorting the union) rather than ``sum(tables)``, which merges them one at a time.

    Attributes
    ----------
    scores : ndarray of shape (d,)
        Distinct scores, strictly decreasing.
    positives, negatives : ndarray of shape (d,)
        Number (or weight) of positives and negatives with each score.

    Examples
    --------
    >>> t = ScoreTable.from_scores([1, 0, 1, 1], [0.9, 0.9, 0.4, 0.1])
    >>> t.scores, t.positives, t.negatives
    (array([0.9, 0.4, 0.1]), array([1, 1, 1]), array([1, 0, 0]))
    """

    __slots__ = ("negatives", "positives", "scores")
    __hash__ = None  # type: ignore[assignment]

    scores: np.ndarray
    positives: np.ndarray
    negatives: np.ndarray

    def __init__(self, scores: Any, positives: Any, negatives: Any) -> None:
        s = as_float_array(scores, "scores")
        p = as_float_array(positives, "positives")
        n = as_float_array(negatives, "negatives")
        check_same_length(scores=s, positives=p, negatives=n)
        if len(s) > 1 and np.any(np.diff(s) >= 0):
            raise ValueError("`scores` must be distinct and strictly decreasing.")
        if np.any(p < 0) or np.any(n < 0):
            raise ValueError("`positives` and `negatives` must be non-negative.")
        raw_p, raw_n = np.asarray(positives), np.asarray(negatives)
        if raw_p.dtype.kind in "iub" and raw_n.dtype.kind in "iub":
            p, n = p.astype(np.int64), n.astype(np.int64)
        self._set(s, p, n)

    def _set(self, s: np.ndarray, p: np.ndarray, n: np.ndarray) -> None:
        object.__setattr__(self, "scores", _freeze(s))
        object.__setattr__(self, "positives", _freeze(p))
        object.__setattr__(self, "negatives", _freeze(n))

    @classmethod
    def _trusted(cls, s: np.ndarray, p: np.ndarray, n: np.ndarray) -> ScoreTable:
        self = object.__new__(cls)
        self._set(np.ascontiguousarray(s, dtype=np.float64), p, n)
        return self

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("ScoreTable is immutable; build a new one instead.")

    def __reduce__(self) -> tuple[Any, ...]:
        return (ScoreTable._trusted, (self.scores, self.positives, self.negatives))

    def __len__(self) -> int:
        return len(self.scores)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ScoreTable):
            return NotImplemented
        return (
            np.array_equal(self.scores, other.scores)
            and np.array_equal(self.positives, other.positives)
            and np.array_equal(self.negatives, other.negatives)
        )

    def __repr__(self) -> str:
        return (
            f"ScoreTable({len(self)} distinct scores, {self.total_positives:g} positives, "
            f"{self.total_negatives:g} negatives)"
        )

    @property
    def total_positives(self) -> float:
        return self.positives.sum().item()

    @property
    def total_negatives(self) -> float:
        return self.negatives.sum().item()

    def __add__(self, other: Any) -> ScoreTable:
        if not isinstance(other, ScoreTable):
            return NotImplemented
        return _merge_runs([self, other])

    @classmethod
    def merge(cls, tables: list[ScoreTable]) -> ScoreTable:
        """The table of the union of many tables' data (one pass; equal to summing them).

        Parameters
        ----------
        tables : list of ScoreTable
            The tables to merge; non-empty.

        Returns
        -------
        ScoreTable
            The table of the union of their data.

        Raises
        ------
        TypeError
            If `tables` is empty or holds something else than ScoreTables.

        Examples
        --------
        >>> a = ScoreTable.from_scores([1, 0], [0.9, 0.2])
        >>> ScoreTable.merge([a, a, a]).positives
        array([3, 0])
        """
        tables = list(tables)
        if not tables or not all(isinstance(t, ScoreTable) for t in tables):
            raise TypeError("`tables` must be a non-empty sequence of ScoreTable.")
        return _merge_runs(tables)

    def __radd__(self, other: Any) -> ScoreTable:
        if isinstance(other, int) and other == 0:
            return self
        return NotImplemented

    # --- construction ---------------------------------------------------------------------------
    @classmethod
    def from_scores(
        cls,
        y_true: Any,
        scores: Any,
        *,
        pos_label: Any = None,
        labels: Any = None,
        sample_weight: Any = None,
    ) -> ScoreTable:
        """The score table of labelled scores (higher score = more positive).

        Parameters
        ----------
        y_true : array-like of shape (n,)
            Two classes of any encoding.
        scores : array-like of shape (n,)
            Finite real scores.
        pos_label : scalar, optional
            The positive class, as for :meth:`BinaryCounts.from_labels`.
        labels : pair, optional
            Declare both classes (a chunk may hold one class only).
        sample_weight : array-like of shape (n,), optional
            Non-negative weights; the counts become weighted (float) sums.

        Returns
        -------
        ScoreTable
            Positive and negative counts per distinct score, scores decreasing.

        Raises
        ------
        ValueError
            If the lengths differ, a score is not finite, there are more than two classes, or the
            positive class cannot be determined.
        """
        y = as_label_array(y_true, "y_true")
        s = as_float_array(scores, "scores")
        check_same_length(y_true=y, scores=s)
        if not len(y) and pos_label is None and labels is None:
            return cls._trusted(np.empty(0), np.zeros(0, np.int64), np.zeros(0, np.int64))
        is_pos = binary_target(y, pos_label, labels=labels).is_positive
        if sample_weight is not None:
            w = check_sample_weight(sample_weight, len(y))
            return cls._from_mask_weighted(s, is_pos, w)
        return cls._from_mask(s, is_pos)

    @classmethod
    def _from_mask_weighted(cls, s: np.ndarray, is_pos: np.ndarray, w: np.ndarray) -> ScoreTable:
        """Labelled keys as in :meth:`_from_mask`, put in order by an indirect sort so that the
        weights can follow them; weights summed per run of equal keys."""
        made = labelled_keys(s, is_pos, float(s.min()), float(s.max())) if len(s) else None
        if made is None:  # no scores, or scores spanning nearly the whole double range
            order = np.argsort(-s, kind="stable")
            return cls._trusted(*_sum_runs(s[order], (w * is_pos)[order], (w * ~is_pos)[order]))
        keys, code = made
        ordered = _sorted_with_weights(keys, code, w)
        if ordered is None:  # too many scores agree in their leading bits: an indirect sort
            order = key_order(keys, code)
            ordered = keys[order], w[order]
        values, positives, negatives = count_sorted_keys(*ordered)
        return cls._trusted(decode_scores(values, code), positives, negatives)

    @classmethod
    def _from_mask(cls, s: np.ndarray, is_pos: np.ndarray) -> ScoreTable:
        """Sort-based construction: one SIMD sort of 64-bit keys that carry each score and its
        label (see :mod:`phidelta.counts._score_keys`), then one pass over the sorted keys."""
        if len(s) == 0:
            return cls._trusted(np.empty(0), np.zeros(0, np.int64), np.zeros(0, np.int64))
        made = labelled_keys(s, is_pos, float(s.min()), float(s.max()))
        if made is None:  # scores spanning nearly the whole double range
            return cls._from_mask_packed(s, is_pos)
        keys, code = made
        sort_keys(keys, code)
        values, positives, negatives = count_sorted_keys(keys)
        return cls._trusted(decode_scores(values, code), positives, negatives)

    @classmethod
    def _from_mask_packed(cls, s: np.ndarray, is_pos: np.ndarray) -> ScoreTable:
        """The positives' and the negatives' scores sorted apart (together about the cost of
        one sort), reduced to (distinct score, count) runs, and the two runs merged by one
        stable sort that carries the counts packed into the imaginary part of a complex number
        (exact below 2⁵³; see :func:`_merge_runs`)."""
        positives = np.sort(s[is_pos])
        negatives = np.sort(s[~is_pos])
        base = len(negatives) + 1
        if len(positives) * base + len(negatives) >= 2**53:  # packing would not be exact
            return cls._from_mask_searched(s, is_pos)
        pos_scores, pos_counts = _runs(positives)
        neg_scores, neg_counts = _runs(negatives)
        k = len(pos_scores)
        packed = np.empty(k + len(neg_scores), dtype=np.complex128)
        packed.real[:k] = pos_scores
        packed.real[k:] = neg_scores
        packed.imag[:k] = pos_counts
        packed.imag[:k] *= base
        packed.imag[k:] = neg_counts
        distinct, p, n = _merge_packed(packed, base)  # two ascending runs: one merge
        return cls._trusted(distinct[::-1], p[::-1].copy(), n[::-1].copy())

    @classmethod
    def _from_mask_searched(cls, s: np.ndarray, is_pos: np.ndarray) -> ScoreTable:
        """One sort of all scores, one of the positives' scores, then a search (any size)."""
        distinct, totals = _runs(np.sort(s))
        # positives at each distinct score: locate each positive's score and count (the needles
        # are sorted first, so the search walks memory in order)
        where = np.searchsorted(distinct, np.sort(s[is_pos]))
        positives = np.bincount(where, minlength=len(distinct)).astype(np.int64)
        negatives = totals.astype(np.int64) - positives
        return cls._trusted(distinct[::-1], positives[::-1].copy(), negatives[::-1].copy())

    @classmethod
    def from_chunks(cls, chunks: Any, *, pos_label: Any = None, labels: Any = None) -> ScoreTable:
        """The table of labelled scores arriving in blocks of ``(y_true, scores)``, merged as
        they come (memory: one block plus the distinct scores seen).

        Parameters
        ----------
        chunks : iterable of (y_true, scores)
            Blocks of labelled scores.
        pos_label : scalar, optional
            The positive class, as for :meth:`BinaryCounts.from_labels`.
        labels : pair, optional
            Declare both classes (a block may hold one class only).

        Returns
        -------
        ScoreTable
            The table of all blocks.

        Raises
        ------
        TypeError
            If a chunk is not a pair.
        ValueError
            If `chunks` is empty.

        Examples
        --------
        >>> a = ScoreTable.from_chunks([([1, 0], [0.9, 0.1]), ([1], [0.1])])
        >>> a.scores, a.positives, a.negatives
        (array([0.9, 0.1]), array([1, 1]), array([0, 1]))
        """
        pending = MergingStack()
        for number, chunk in enumerate(chunks):
            if not isinstance(chunk, tuple | list) or len(chunk) != 2:
                raise TypeError(f"Chunk {number} must be a pair (y_true, scores).")
            pending.add(cls.from_scores(chunk[0], chunk[1], pos_label=pos_label, labels=labels))
        if not pending:
            raise ValueError("`chunks` is empty: no scores.")
        return pending.result()

    @classmethod
    def from_groups(
        cls,
        y_true: Any,
        scores: Any,
        groups: Any,
        *,
        pos_label: Any = None,
        labels: Any = None,
        sample_weight: Any = None,
    ) -> tuple[list[ScoreTable], np.ndarray]:
        """One table per group (fold, classifier): ``(tables, groups)`` in sorted group order.

        Parameters
        ----------
        y_true : array-like of shape (n,)
            Two classes of any encoding.
        scores : array-like of shape (n,)
            Finite real scores.
        groups : array-like of shape (n,)
            The group (fold, classifier) of each sample.
        pos_label : scalar, optional
            The positive class.
        labels : pair, optional
            Declare both classes.
        sample_weight : array-like of shape (n,), optional
            Non-negative weights.

        Returns
        -------
        tables : list of ScoreTable
            One table per group.
        groups : ndarray
            The groups, in sorted order.

        Raises
        ------
        ValueError
            As :meth:`from_scores`.

        Examples
        --------
        >>> tables, groups = ScoreTable.from_groups([1, 0, 1], [0.8, 0.3, 0.6], ["a", "b", "a"])
        >>> groups.tolist(), [t.total_positives for t in tables]
        (['a', 'b'], [2, 0])
        """
        y = as_label_array(y_true, "y_true")
        s = as_float_array(scores, "scores")
        g = as_label_array(groups, "groups")
        check_same_length(y_true=y, scores=s, groups=g)
        w = None if sample_weight is None else check_sample_weight(sample_weight, len(y))
        is_pos = binary_target(y, pos_label, labels=labels).is_positive
        uniques, codes = group_codes(g)
        codes = codes.ravel()
        if len(uniques) * _SMALL_GROUP > len(s):  # many small groups (patients, documents)
            return _tables_of_groups(s, is_pos, codes, len(uniques), w), uniques
        # one stable pass puts each group's examples together (O(n), not one mask per group)
        order = np.argsort(codes, kind="stable")
        bounds = np.concatenate([[0], np.cumsum(np.bincount(codes, minlength=len(uniques)))])
        is_pos, s = is_pos[order], s[order]
        if w is not None:
            w = w[order]
        tables = [
            cls._from_mask(s[start:stop], is_pos[start:stop])
            if w is None
            else cls._from_mask_weighted(s[start:stop], is_pos[start:stop], w[start:stop])
            for start, stop in itertools.pairwise(bounds.tolist())
        ]
        return tables, uniques

    # --- counts at every threshold --------------------------------------------------------------
    def thresholds(self) -> np.ndarray:
        """Threshold of each operating point: +inf (nothing positive), then each distinct score
        (predict positive when score ≥ threshold).

        Returns
        -------
        ndarray of shape (len(self) + 1,)
            +inf, then the distinct scores in decreasing order.
        """
        return np.concatenate([[np.inf], self.scores])

    def cumulative(self) -> tuple[np.ndarray, np.ndarray]:
        """(TP, FP) at each threshold of :meth:`thresholds`: the coverage curve's points.

        Returns
        -------
        tp : ndarray of shape (len(self) + 1,)
            Cumulative positive counts from the top score down, starting at 0.
        fp : ndarray of shape (len(self) + 1,)
            Cumulative negative counts, likewise.
        """
        kind = np.result_type(self.positives, self.negatives)
        tp = np.empty(len(self) + 1, dtype=kind)
        fp = np.empty(len(self) + 1, dtype=kind)
        tp[0] = fp[0] = 0
        np.cumsum(self.positives, out=tp[1:])
        np.cumsum(self.negatives, out=fp[1:])
        return tp, fp

    def counts(self) -> BinaryCounts:
        """Binary counts at every threshold of :meth:`thresholds` (d + 1 entries): every binary
        measure can then be scanned against the threshold.

        Returns
        -------
        BinaryCounts
            len(self) + 1 entries, one per threshold.
        """
        tp, fp = self.cumulative()
        p, n = self.total_positives, self.total_negatives
        return BinaryCounts._trusted(n - fp, fp, p - tp, tp)

    def counts_at(self, threshold: float) -> BinaryCounts:
        """Binary counts of the rule "positive when score ≥ ``threshold``" (one entry).

        The table is a sufficient statistic for every threshold, so counts from a merged table
        equal counts of the thresholded union of the data: this is how chunked and distributed
        scores are turned into predictions exactly.

        Parameters
        ----------
        threshold : float
            Predict positive when score ≥ `threshold`.

        Returns
        -------
        BinaryCounts
            One entry.

        Raises
        ------
        ValueError
            If `threshold` is NaN.

        Examples
        --------
        >>> t = ScoreTable.from_scores([1, 0, 1, 0], [0.9, 0.5, 0.5, 0.1])
        >>> c = t.counts_at(0.5)
        >>> c.tn.tolist(), c.fp.tolist(), c.fn.tolist(), c.tp.tolist()
        ([1], [1], [0], [2])
        """
        cut = float(threshold)
        if np.isnan(cut):
            raise ValueError("`threshold` must be a number; got NaN.")
        above = int(np.searchsorted(-self.scores, -cut, side="right"))  # scores ≥ cut
        tp = self.positives[:above].sum()
        fp = self.negatives[:above].sum()
        p, n = self.positives.sum(), self.negatives.sum()
        return BinaryCounts._trusted(
            np.array([n - fp]), np.array([fp]), np.array([p - tp]), np.array([tp])
        )


class MergingStack:
    """Score tables merged as they arrive, in levels of 16 (a log-structured merge): every
    score takes part in about log₁₆(tables) merges instead of one merge per 16 new tables, and
    memory stays near the distinct scores seen.

    Examples
    --------
    >>> stack = MergingStack()
    >>> for _ in range(40):
    ...     stack.add(ScoreTable.from_scores([1, 0], [0.9, 0.1]))
    >>> stack.result().positives
    array([40,  0])
    """

    fan_in = 16

    def __init__(self) -> None:
        self._levels: list[list[ScoreTable]] = []

    def __bool__(self) -> bool:
        return any(self._levels)

    def add(self, table: ScoreTable) -> None:
        """Add one table (merging a full level into the next).

        Parameters
        ----------
        table : ScoreTable
            The table of the next block of data.
        """
        for level in itertools.count():
            if level == len(self._levels):
                self._levels.append([])
            self._levels[level].append(table)
            if len(self._levels[level]) < self.fan_in:
                return
            table = _merge_runs(self._levels[level])
            self._levels[level] = []

    def result(self) -> ScoreTable:
        """The table of everything added (raises if nothing was).

        Returns
        -------
        ScoreTable
            The table of every table added.

        Raises
        ------
        ValueError
            If nothing was added.
        """
        tables = [table for level in reversed(self._levels) for table in level]
        if not tables:
            raise ValueError("No score tables were added.")
        return tables[0] if len(tables) == 1 else _merge_runs(tables)


def _sorted_with_weights(
    keys: np.ndarray, code: KeyCode, w: np.ndarray
) -> tuple[np.ndarray, np.ndarray] | None:
    """Labelled keys sorted, with their weights alongside, from one direct sort instead of an
    indirect one (argsort is several times slower than sorting plain 64-bit numbers).

    Each key becomes ``(score part >> drop, label, index)`` packed into 62 bits (then the
    packed numbers sort as non-negative doubles, NumPy's fastest sort): the index needs
    b = bit length of n − 1 bits and the label one, so the score part loses its lowest
    ``drop`` bits (none when the scores span few bits); the sorted indices fetch the keys
    and weights.
    Samples whose scores agree in all kept bits but differ in the dropped ones may come out of
    order; only those runs are sorted again, exactly. Returns None when that repair would be
    large (many scores crowded within 2^drop ulps) or n needs more than 40 bits.
    """
    sorted_packed = packed_sort(code, len(keys), lambda start, stop, *_: keys[start:stop])
    if sorted_packed is None:
        return None
    return sorted_in_full(*sorted_packed, keys, w)


def packed_sort(
    code: KeyCode,
    n: int,
    keys_of_rows: Callable[[int, int, np.ndarray, np.ndarray], np.ndarray],
) -> tuple[np.ndarray, int, int] | None:
    """``(packed, index_bits, drop)``: the keys of n rows as ``(score part >> drop, label,
    index)`` sorted (see :func:`_sorted_with_weights`), or None when n needs more than 40
    bits. ``keys_of_rows(start, stop, out, sign)`` gives the keys of a block of rows (a view,
    or keys made on the fly into ``out``, with ``sign`` an int64 scratch as long), so no
    full-length temporary is needed. Made in parts on several threads, each with its own
    scratch."""
    index_bits = max(1, (n - 1).bit_length())
    if index_bits > 40:
        return None
    score_bits = (code.largest >> 1).bit_length()
    drop = max(0, score_bits + 1 + index_bits - 62)
    packed = np.empty(n, dtype=np.uint64)

    def make(start: int, stop: int) -> None:
        size = min(stop - start, BLOCK_ROWS)
        scratch, sign = np.empty(size, dtype=np.uint64), np.empty(size, dtype=np.int64)
        label = np.empty(size, dtype=np.uint64)
        index = np.arange(start, start + size, dtype=np.uint64)
        for at in range(start, stop, BLOCK_ROWS):
            end = min(at + BLOCK_ROWS, stop)
            k = keys_of_rows(at, end, scratch[: end - at], sign[: end - at])
            p = packed[at:end]
            np.right_shift(k, np.uint64(drop + 1), out=p)  # the score part, truncated
            np.left_shift(p, np.uint64(index_bits + 1), out=p)
            lab = label[: len(k)]
            np.bitwise_and(k, np.uint64(1), out=lab)  # the label
            np.left_shift(lab, np.uint64(index_bits), out=lab)
            p |= lab
            p |= index[: len(k)]
            index += np.uint64(len(k))

    run_parts(make, row_parts(n, BLOCK_ROWS))
    sort_in_parts(packed.view(np.float64))  # below 2⁶²: non-negative doubles' bits, in order
    return packed, index_bits, drop


def sorted_in_full(
    packed: np.ndarray, index_bits: int, drop: int, keys: np.ndarray, w: np.ndarray
) -> tuple[np.ndarray, np.ndarray] | None:
    """The keys and weights in the order of the sorted ``packed`` numbers, with the runs that
    truncation left out of order sorted again (see :func:`_sorted_with_weights`)."""
    n = len(keys)
    packed &= np.uint64((1 << index_bits) - 1)
    order = packed.view(np.int64)
    ordered, weights = np.take(keys, order), np.take(w, order)
    del packed, order
    if not drop:
        return ordered, weights
    descents = np.flatnonzero(ordered[1:] < ordered[:-1])
    if not len(descents):
        return ordered, weights
    # the runs of equal truncated score around each descent (truncated scores are sorted),
    # sorted again by their full keys
    truncated = np.right_shift(ordered, np.uint64(drop + 1))
    values = np.unique(truncated[descents])
    starts = np.searchsorted(truncated, values, side="left")
    lengths = np.searchsorted(truncated, values, side="right") - starts
    del truncated
    if lengths.sum() > n // 8:
        return None
    positions = np.repeat(starts - np.cumsum(np.append(0, lengths[:-1])), lengths)
    positions += np.arange(lengths.sum())
    fixed = np.lexsort((ordered[positions], np.repeat(np.arange(len(values)), lengths)))
    ordered[positions] = ordered[positions][fixed]
    weights[positions] = weights[positions][fixed]
    return ordered, weights


def _runs(ascending: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Distinct values of a sorted array and how often each occurs."""
    starts = _run_starts(ascending)
    return ascending[starts], np.diff(np.append(starts, len(ascending)))


#: Below this many rows per group on average, ``ScoreTable.from_groups`` sorts all rows once
#: by (group, score) instead of building each group's table apart (whose fixed cost dominates
#: for groups of a few rows: several rows per patient, sentence or site).
_SMALL_GROUP = 64


def _tables_of_groups(
    s: np.ndarray, is_pos: np.ndarray, codes: np.ndarray, k: int, w: np.ndarray | None
) -> list[ScoreTable]:
    """One table per group code 0 … k − 1 from one sort of all rows by (group, decreasing
    score): the runs of equal (group, score) give each group's distinct scores and counts."""
    order = np.lexsort((-s, codes))
    group, score = codes[order], s[order]
    new = np.concatenate([[True], (group[1:] != group[:-1]) | (score[1:] != score[:-1])])
    starts = np.flatnonzero(new)
    run = np.cumsum(new) - 1  # the (group, score) run of every sorted row
    positive = is_pos[order]
    if w is None:
        pos = np.bincount(run[positive], minlength=len(starts)).astype(np.int64)
        neg = np.bincount(run[~positive], minlength=len(starts)).astype(np.int64)
    else:
        weights = w[order]
        pos = np.bincount(run, weights=np.where(positive, weights, 0.0), minlength=len(starts))
        neg = np.bincount(run, weights=np.where(positive, 0.0, weights), minlength=len(starts))
    bounds = np.searchsorted(group[starts], np.arange(k + 1))
    values = score[starts]
    return [
        ScoreTable._trusted(values[a:b], pos[a:b].copy(), neg[a:b].copy())
        for a, b in itertools.pairwise(bounds.tolist())
    ]


def _run_starts(keys: np.ndarray) -> np.ndarray:
    """Where each run of equal values of a sorted array starts."""
    if len(keys) == 0:
        return np.zeros(0, dtype=np.intp)
    return np.flatnonzero(np.concatenate([[True], keys[1:] != keys[:-1]]))


def _sum_runs(keys: np.ndarray, *values: np.ndarray) -> tuple[np.ndarray, ...]:
    """The distinct values of sorted ``keys`` and, for each array of ``values``, its sum over
    each run of equal keys."""
    starts = _run_starts(keys)
    return keys[starts], *(np.add.reduceat(v, starts) for v in values)


def _merge_packed(packed: np.ndarray, base: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Stable-sort complex entries ``key + 1j·(positives·base + negatives)`` (integer counts,
    every sum below 2⁵³) and return the distinct keys with the summed positives and negatives."""
    packed.sort(kind="stable")
    keys, sums = _sum_runs(packed.real, packed.imag)
    p, n = np.divmod(sums.astype(np.int64), base)
    return keys, p, n


def _merge_runs(tables: list[ScoreTable]) -> ScoreTable:
    """Merge tables (each a strictly decreasing run of scores) and sum the counts of equal scores.

    When the tables hold about one example per score (at most two on average), the examples
    are listed again and tabled by one sort of labelled keys (:meth:`ScoreTable._from_mask`).
    Otherwise the negated scores of each table are an ascending run, so a stable sort (timsort)
    merges the runs in about n·log2(runs) steps instead of a full sort. Integer counts ride
    along inside the sort: each entry becomes the complex number
    ``−score + 1j·(positives·M + negatives)`` with M = total negatives + 1, and complex numbers
    sort by real part first. That is exact while every packed sum stays below 2⁵³; otherwise (or
    for weighted counts) an indirect sort is used.
    """
    scores = np.concatenate([t.scores for t in tables])
    positives = np.concatenate([t.positives for t in tables])
    negatives = np.concatenate([t.negatives for t in tables])
    if len(scores) == 0:
        return ScoreTable._trusted(scores, positives, negatives)
    integer = positives.dtype.kind in "iu" and negatives.dtype.kind in "iu"
    total_p, total_n = (int(positives.sum()), int(negatives.sum())) if integer else (0, 0)
    if (
        len(tables) > 2  # two runs: timsort merges them in one linear pass
        and integer
        and total_p + total_n <= 2 * len(scores)
        and np.add(positives, negatives).min() > 0  # a score without examples must stay
    ):
        # mostly single examples per score (continuous scores): cheaper to list the examples
        # again and build their table with one key sort than to merge the runs
        if total_p + total_n == len(scores):  # exactly one example per entry
            return ScoreTable._from_mask(scores, positives.astype(bool))
        examples = np.concatenate([np.repeat(scores, positives), np.repeat(scores, negatives)])
        is_pos = np.zeros(len(examples), dtype=bool)
        is_pos[:total_p] = True
        return ScoreTable._from_mask(examples, is_pos)
    negated = np.negative(scores, out=scores)
    base = total_n + 1
    if integer and total_p * base + total_n < 2**53:
        packed = np.empty(len(negated), dtype=np.complex128)
        packed.real = negated
        packed.imag = positives
        packed.imag *= base
        packed.imag += negatives  # exact: integers below 2**53
        scores, p, n = _merge_packed(packed, base)
    else:
        order = np.argsort(negated, kind="stable")
        scores, p, n = _sum_runs(negated[order], positives[order], negatives[order])
    np.negative(scores, out=scores)
    return ScoreTable._trusted(scores, p, n)
