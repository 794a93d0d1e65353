"""Labels ranked by score: the score table of scores that are all distinct, one byte a row.

When no two examples share a score — the usual case for continuous scores — the score table
(:class:`~phidelta.counts.ScoreTable`) has one row per example and its counts are the label
bits: positives = label, negatives = 1 − label (times the weight of weighted rows).
:class:`RankedLabels` keeps just those bits in decreasing score order (and the weights in that
order), with the sorted keys or the row order for the scores, so that curves and areas need
neither the two 8-byte count arrays nor their running sums at full length (on large inputs,
fresh memory costs as much as the arithmetic). :meth:`RankedLabels.table` gives the equal
ScoreTable. :func:`rank_scores` sorts once and returns whichever of the two fits.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from phidelta._compute import BLOCK_ROWS, empty_large
from phidelta._parallel import row_parts, run_parts
from phidelta.counts._score_keys import (
    KeyCode,
    count_sorted_keys,
    decode_scores,
    key_code,
    keys_of,
    labelled_keys,
    sort_keys,
)

__all__ = ["RankedLabels", "rank_scores"]

_ONE = np.uint64(1)


class RankedLabels:
    """Distinct scores in decreasing order, reduced to their labels (``labels[i]`` = 1 when the
    example with the i-th highest score is positive). Equal to a ScoreTable with
    ``positives = labels`` and ``negatives = 1 − labels`` (times ``weights`` when weighted).

    The scores come from ``_source``: the sorted labelled keys (unweighted), or the caller's
    scores with ``_order``, the rows by decreasing score (weighted)."""

    __slots__ = (
        "_code",
        "_negatives",
        "_order",
        "_positives",
        "_scores",
        "_source",
        "labels",
        "weights",
    )

    def __init__(self, keys: np.ndarray, code: KeyCode, labels: np.ndarray | None = None) -> None:
        """From sorted labelled keys with distinct scores (``labels``: their label bits as
        bytes, when the caller has them)."""
        self._source, self._code, self._scores, self._order = keys, code, None, None
        if labels is None:
            labels = np.empty(len(keys), dtype=np.uint8)
            np.bitwise_and(keys, _ONE, out=labels, casting="unsafe")
        self.labels = labels
        self.weights = None
        self._positives: float | None = int(np.count_nonzero(self.labels.view(bool)))
        self._negatives: float | None = len(keys) - self._positives

    @classmethod
    def weighted(
        cls, scores: np.ndarray, order: np.ndarray, labels: np.ndarray, weights: np.ndarray
    ) -> RankedLabels:
        """Weighted rows: ``order`` the rows by decreasing score, ``labels`` and ``weights`` in
        that order; the table's counts are ``weights·labels`` and ``weights·(1 − labels)``.
        The scores are read from ``scores`` (the caller's, not copied) when asked for; the
        class weights are added up when first asked for (an area finds them on its way)."""
        self = object.__new__(cls)
        self._source, self._code, self._scores, self._order = scores, None, None, order
        self.labels, self.weights = labels, weights
        self._positives = self._negatives = None
        return self

    @property
    def total_positives(self) -> float:
        """The number (weighted: the weight) of positive rows."""
        if self._positives is None:
            self._add_weights()
        return self._positives

    @property
    def total_negatives(self) -> float:
        """The number (weighted: the weight) of negative rows."""
        if self._negatives is None:
            self._add_weights()
        return self._negatives

    def _add_weights(self) -> None:
        """The positive and the negative weight, per block (a weight times a label bit is
        exact) and the blocks added in order: the same sums on any number of threads, and no
        BLAS call in the helper threads (see :mod:`phidelta._parallel`)."""
        labels, weights = self.labels, self.weights

        def sums(start: int, stop: int) -> list[tuple[float, float]]:
            part = np.empty(min(stop - start, BLOCK_ROWS))
            found = []
            for at in range(start, stop, BLOCK_ROWS):
                w = weights[at : min(at + BLOCK_ROWS, stop)]
                p = part[: len(w)]
                np.multiply(w, labels[at : at + len(w)], out=p)
                positive = float(np.add.reduce(p))
                np.subtract(w, p, out=p)
                found.append((positive, float(np.add.reduce(p))))
            return found

        positive = negative = 0.0
        for part_sums in run_parts(sums, row_parts(len(labels), BLOCK_ROWS)):
            for p_sum, n_sum in part_sums:
                positive += p_sum
                negative += n_sum
        self._positives, self._negatives = positive, negative

    def __len__(self) -> int:
        return len(self.labels)

    def scores(self) -> np.ndarray:
        """All scores, decreasing (decoded once, in the keys' memory)."""
        if self._scores is None:
            self._check_scores()
            if self._order is not None:  # weighted: the caller's scores, in rank order
                self._scores = np.take(self._source, self._order)
                self._scores += 0.0  # −0.0 is the score 0 (as the keys have it)
            else:
                self._scores = decode_scores(self._source, self._code, labelled=True)
        return self._scores

    def drop_scores(self) -> None:
        """Forget the scores, freeing the sorted keys (8 bytes a row) for the results a caller
        allocates next; :meth:`scores` and :meth:`scores_at` then raise. For callers that have
        taken every score they need (fresh memory costs as much as the arithmetic)."""
        self._source = self._scores = self._order = None

    def _check_scores(self) -> None:
        if self._source is None:
            raise RuntimeError("the scores of these ranked labels were dropped")

    def scores_at(self, rows: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
        """The scores of the given rows (positions in decreasing score order), into ``out``
        (float64, as long as ``rows``) when given. The rows must be in range: they are read
        with ``mode="clip"``, since ``np.take`` into an ``out`` otherwise buffers a copy."""
        if self._scores is not None:
            return np.take(self._scores, rows, out=out, mode="clip")
        self._check_scores()
        if self._order is not None:
            scores = np.take(self._source, np.take(self._order, rows), out=out, mode="clip")
            scores += 0.0
            return scores
        values = np.empty(len(rows), np.uint64) if out is None else out.view(np.uint64)
        np.take(self._source, rows, out=values, mode="clip")
        np.right_shift(values, _ONE, out=values)
        # the keys are ascending in any subset taken in order, as decode_scores assumes
        return decode_scores(values, self._code)

    def cumulative(self) -> tuple[np.ndarray, np.ndarray]:
        """(TP, FP) at every threshold: +inf first, then each score (n + 1 points), as
        :meth:`ScoreTable.cumulative`."""
        n = len(self.labels)
        if self.weights is not None:
            return self._weighted_cumulative()
        tp = np.empty(n + 1, dtype=np.int64)
        fp = np.empty(n + 1, dtype=np.int64)
        tp[0] = fp[0] = 0
        carried = 0
        rows = np.arange(1, min(n, BLOCK_ROWS) + 1, dtype=np.int64)
        for start in range(0, n, BLOCK_ROWS):
            out = tp[start + 1 : start + 1 + BLOCK_ROWS]
            out[:] = self.labels[start : start + BLOCK_ROWS]
            out[0] += carried
            np.cumsum(out, out=out)
            carried = int(out[-1])
            f = fp[start + 1 : start + 1 + BLOCK_ROWS]
            np.add(rows[: len(out)], start, out=f)
            f -= out  # FP = rows above the threshold − TP
        return tp, fp

    def _weighted_cumulative(self) -> tuple[np.ndarray, np.ndarray]:
        """Running positive and negative weights (n + 1 points, 0 first), in blocks; each
        block's running sum starts from the carried one, as one cumsum would add it."""
        n = len(self.labels)
        tp, fp = np.empty(n + 1), np.empty(n + 1)
        tp[0] = fp[0] = 0.0
        for start in range(0, n, BLOCK_ROWS):
            w = self.weights[start : start + BLOCK_ROWS]
            a = tp[start + 1 : start + 1 + len(w)]
            b = fp[start + 1 : start + 1 + len(w)]
            np.multiply(w, self.labels[start : start + BLOCK_ROWS], out=a)
            np.subtract(w, a, out=b)
            a[0] += tp[start]
            b[0] += fp[start]
            np.cumsum(a, out=a)
            np.cumsum(b, out=b)
        return tp, fp

    def corner_points(self) -> np.ndarray:
        """The points scikit-learn's ROC ``drop_intermediate`` keeps: 0, 1, n and every point
        where the next label differs from the previous one (a turn of the curve). Found in
        blocks, counted first, so the only full-length array is the result (no pieces to
        join: fresh memory costs as much as the arithmetic)."""
        n = len(self.labels)
        if n <= 2:
            return np.arange(n + 1)
        # point k = row + 1 turns when row k ≠ row k − 1, for the rows 1 … n − 2
        parts = row_parts(n - 1, BLOCK_ROWS)
        # weighted rows compare their weights too: the turns are kept (a byte a row) for the
        # second pass instead of being found again
        kept = np.empty(n, dtype=bool) if self.weights is not None else None

        def turns(start: int, stop: int, scratch: np.ndarray, counted: bool) -> np.ndarray:
            if kept is not None and counted:
                return kept[start:stop]
            return self._turns(start, stop, kept[start:stop] if kept is not None else scratch)

        def count(start: int, stop: int) -> list[int]:
            turn = np.empty(min(stop - start, BLOCK_ROWS), dtype=bool)
            return [
                int(np.count_nonzero(turns(at, min(at + BLOCK_ROWS, stop), turn, False)))
                for at in range(max(start, 1), stop, BLOCK_ROWS)
            ]

        counts = dict(zip((start for start, _ in parts), run_parts(count, parts), strict=True))
        points = empty_large(3 + sum(map(sum, counts.values())), np.int64)
        points[:2] = 0, 1
        points[-1] = n
        ends = np.cumsum([2] + [sum(c) for c in counts.values()]).tolist()
        offsets = dict(zip(counts, ends, strict=False))  # where each part's points go

        def fill(start: int, stop: int) -> None:
            at = offsets[start]
            turn = np.empty(min(stop - start, BLOCK_ROWS), dtype=bool)
            for first, c in zip(range(max(start, 1), stop, BLOCK_ROWS), counts[start], strict=True):
                rows = points[at : at + c]
                t = turns(first, min(first + BLOCK_ROWS, stop), turn, True)
                np.add(np.flatnonzero(t), first + 1, out=rows)
                at += c

        run_parts(fill, parts)
        return points

    def _turns(self, start: int, stop: int, scratch: np.ndarray) -> np.ndarray:
        """Whether row k differs from row k − 1 (label, or weight when weighted), for the rows
        k = start … stop − 1 (each with a next row), in ``scratch``."""
        flags = self.labels.view(bool)
        t = scratch[: stop - start]
        np.not_equal(flags[start + 1 : stop + 1], flags[start:stop], out=t)
        if self.weights is not None:  # a weighted step also turns where its weight changes
            w = self.weights
            t |= w[start + 1 : stop + 1] != w[start:stop]
        return t

    def cumulative_at(self, points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(TP, FP) at increasing ``points`` between which all rows share a label (such as
        :meth:`corner_points`): one running sum over the runs instead of over the rows
        (weighted rows: the running weights, taken at the points)."""
        if self.weights is not None:
            tp, fp = self._weighted_cumulative()
            return np.take(tp, points), np.take(fp, points)
        tp = np.empty(len(points), dtype=np.int64)
        tp[0] = 0
        lengths = np.diff(points)
        lengths *= np.take(self.labels, points[:-1])  # a run of positives adds its length
        np.cumsum(lengths, out=tp[1:])
        if points[0]:
            tp += int(np.count_nonzero(self.labels[: points[0]].view(bool)))
        return tp, points - tp

    def table(self):
        """The equal :class:`~phidelta.counts.ScoreTable`."""
        from phidelta.counts._scores import ScoreTable

        if self.weights is not None:
            positives = np.multiply(self.weights, self.labels)
            negatives = np.subtract(self.weights, positives)
            return ScoreTable._trusted(self.scores(), positives, negatives)
        positives = self.labels.astype(np.int64)
        return ScoreTable._trusted(self.scores(), positives, np.bitwise_xor(positives, 1))


def rank_scores(
    scores: np.ndarray,
    is_positive: np.ndarray,
    weights: np.ndarray | None = None,
    bounds: tuple[float, float] | None = None,
    *,
    keep_scores: bool = True,
):
    """Sort labelled scores once: :class:`RankedLabels` when every score is distinct, else the
    :class:`~phidelta.counts.ScoreTable` (ties kept together). ``scores`` are finite float64,
    ``weights`` (optional) positive, ``bounds`` the scores' minimum and maximum when the
    caller has them. Without ``keep_scores`` weighted ranked labels may come without their
    scores (as after :meth:`RankedLabels.drop_scores`): the weights then take the memory of
    the rows' order, for callers that only need the counts (areas)."""
    from phidelta.counts._scores import ScoreTable

    if len(scores) == 0 or weights is not None:
        return _rank_weighted(scores, is_positive, weights, bounds, keep_scores=keep_scores)
    low, high = bounds if bounds is not None else (float(scores.min()), float(scores.max()))
    made = labelled_keys(scores, is_positive, low, high)
    if made is None:  # scores spanning nearly the whole double range
        return ScoreTable._from_mask_packed(scores, is_positive)
    keys, code = made
    sort_keys(keys, code)
    labels = _labels_if_distinct(keys)
    if labels is not None:
        return RankedLabels(keys, code, labels)
    values, positives, negatives = count_sorted_keys(keys, distinct=False)
    return ScoreTable._trusted(decode_scores(values, code), positives, negatives)


def _labels_if_distinct(keys: np.ndarray) -> np.ndarray | None:
    """The label bits (as bytes) of sorted labelled keys if every score occurs once, else
    None: one blocked pass that checks each key against the next and takes its label."""
    n = len(keys)
    labels = np.empty(n, dtype=np.uint8)

    def scan(start: int, stop: int) -> bool:
        shifted = np.empty(min(stop - start, BLOCK_ROWS) + 1, dtype=np.uint64)
        different = np.empty(min(stop - start, BLOCK_ROWS), dtype=bool)
        for at in range(start, stop, BLOCK_ROWS):
            end = min(at + BLOCK_ROWS, stop)
            with_next = min(end + 1, n)  # the next key, also across parts
            part = shifted[: with_next - at]
            np.right_shift(keys[at:with_next], _ONE, out=part)
            check = different[: with_next - at - 1]
            np.not_equal(part[1:], part[:-1], out=check)
            if not check.all():
                return False
            np.bitwise_and(keys[at:end], _ONE, out=labels[at:end], casting="unsafe")
        return True

    return labels if all(run_parts(scan, row_parts(n, BLOCK_ROWS))) else None


def _rank_weighted(
    scores: np.ndarray,
    is_positive: np.ndarray,
    weights: np.ndarray | None,
    bounds: tuple[float, float] | None = None,
    *,
    keep_scores: bool = True,
):
    """Weighted rows sorted by one direct sort of ``(score part, label, row)`` numbers, made
    block by block from the scores: when the rows are in exact order with all scores
    distinct, only the weights need fetching in rank order (into the order's own memory
    when the scores are not kept)."""
    from phidelta.counts._scores import ScoreTable, packed_sort, sorted_in_full

    if len(scores) == 0:
        return ScoreTable._from_mask(scores, is_positive)
    low, high = bounds if bounds is not None else (float(scores.min()), float(scores.max()))
    code = key_code(scores, low, high)
    if code is None:
        return ScoreTable._from_mask_weighted(scores, is_positive, weights)

    def keys_of_rows(start: int, stop: int, out: np.ndarray, sign: np.ndarray) -> np.ndarray:
        return keys_of(scores[start:stop], is_positive[start:stop], code, out=out, sign=sign)

    sorted_packed = packed_sort(code, len(scores), keys_of_rows)
    if sorted_packed is None:
        return ScoreTable._from_mask_weighted(scores, is_positive, weights)
    packed, index_bits, drop = sorted_packed
    if _order_exactly(
        packed, index_bits, lambda rows: keys_of(scores[rows], is_positive[rows], code)
    ):
        labels, order = _split(packed, index_bits)
        if keep_scores:
            return RankedLabels.weighted(scores, order, labels, np.take(weights, order))
        ranked = RankedLabels.weighted(scores, order, labels, _gather_over(order, weights))
        ranked.drop_scores()  # the order is now the weights
        return ranked
    keys, _ = labelled_keys(scores, is_positive, low, high)
    ordered = sorted_in_full(packed, index_bits, drop, keys, weights)
    if ordered is None:
        return ScoreTable._from_mask_weighted(scores, is_positive, weights)
    values, positives, negatives = count_sorted_keys(*ordered)
    return ScoreTable._trusted(decode_scores(values, code), positives, negatives)


def _split(packed: np.ndarray, index_bits: int) -> tuple[np.ndarray, np.ndarray]:
    """The label bits (as bytes) and the rows (int64, in ``packed``'s memory) of sorted
    ``(score part, label, row)`` numbers, in one blocked pass (in parts, on threads)."""
    labels = np.empty(len(packed), dtype=np.uint8)
    mask = np.uint64((1 << index_bits) - 1)

    def split(start: int, stop: int) -> None:
        scratch = np.empty(min(stop - start, BLOCK_ROWS), dtype=np.uint64)
        for at in range(start, stop, BLOCK_ROWS):
            p = packed[at : min(at + BLOCK_ROWS, stop)]
            part = scratch[: len(p)]
            np.right_shift(p, np.uint64(index_bits), out=part)
            np.bitwise_and(part, _ONE, out=labels[at : at + len(p)], casting="unsafe")
            np.bitwise_and(p, mask, out=p)

    run_parts(split, row_parts(len(packed), BLOCK_ROWS))
    return labels, packed.view(np.int64)


def _gather_over(order: np.ndarray, values: np.ndarray) -> np.ndarray:
    """``values[order]`` (float64) written over ``order`` (int64) block by block: each block
    of indices is read before its results replace it, so no full-length array is made. (A
    gather into a new array stays on one thread: the page faults of fresh memory taken on
    several threads at once wait for each other, which made it slower, not faster.)"""
    out = order.view(np.float64)

    def gather(start: int, stop: int) -> None:
        scratch = np.empty(min(stop - start, BLOCK_ROWS))
        for at in range(start, stop, BLOCK_ROWS):
            end = min(at + BLOCK_ROWS, stop)
            np.take(values, order[at:end], out=scratch[: end - at], mode="clip")  # unbuffered
            out[at:end] = scratch[: end - at]

    run_parts(gather, row_parts(len(order), BLOCK_ROWS))
    return out


def _order_exactly(
    packed: np.ndarray, index_bits: int, keys_of_rows: Callable[[np.ndarray], np.ndarray]
) -> bool:
    """Put sorted ``(score part, label, row)`` numbers in the exact order of their keys and
    tell whether all scores are distinct. Rows whose truncated score parts differ are already
    in order; the few adjacent rows that share a part are fetched and sorted by their full
    keys. False (the numbers left in an unspecified order) when two rows share a score."""
    shift = np.uint64(index_bits + 1)
    n = len(packed)

    def scan(start: int, stop: int) -> list[np.ndarray]:
        """The rows of ``start … stop − 1`` that share their part with the next row."""
        scratch = np.empty(min(stop - start, BLOCK_ROWS) + 1, dtype=np.uint64)
        found = []
        for at in range(start, stop, BLOCK_ROWS):
            end = min(at + BLOCK_ROWS, stop)
            part = scratch[: end + 1 - at]
            np.right_shift(packed[at : end + 1], shift, out=part)  # with the next row
            rows = np.flatnonzero(part[1:] == part[:-1])
            if len(rows):
                found.append(rows + at)
        return found

    shared = [rows for part in run_parts(scan, row_parts(n - 1, BLOCK_ROWS)) for rows in part]
    if not shared:
        return True
    first = np.concatenate(shared)
    rows = np.union1d(first, first + 1)  # every row that shares its part with a neighbour
    parts = np.right_shift(packed[rows], shift)
    run = np.empty(len(rows), dtype=np.int64)
    run[0] = 0
    np.cumsum((parts[1:] != parts[:-1]) | (rows[1:] != rows[:-1] + 1), out=run[1:])
    mask = np.uint64((1 << index_bits) - 1)
    exact = keys_of_rows((packed[rows] & mask).view(np.int64))
    within = np.lexsort((exact, run))
    packed[rows] = packed[rows][within]
    exact, run = exact[within] >> _ONE, run[within]
    return not np.any((exact[1:] == exact[:-1]) & (run[1:] == run[:-1]))
