"""Labels ranked by score: the score table of scores that are all distinct, one byte a row.

When no two examples share a score — the usual case for continuous scores — the score table
(:class:`~phidelta.counts.ScoreTable`) has one row per example and its counts are the label
bits: positives = label, negatives = 1 − label. :class:`RankedLabels` keeps just those bits in
decreasing score order, with the sorted keys for the scores, so that curves and areas need
neither the two 8-byte count arrays nor their running sums at full length (on large inputs,
fresh memory costs as much as the arithmetic). :meth:`RankedLabels.table` gives the equal
ScoreTable. :func:`rank_scores` sorts once and returns whichever of the two fits.
"""

from __future__ import annotations

import numpy as np

from phidelta.counts._score_keys import (
    KeyCode,
    all_scores_distinct,
    count_sorted_keys,
    decode_scores,
    labelled_keys,
    sort_keys,
)

__all__ = ["RankedLabels", "rank_scores"]

_ONE = np.uint64(1)
_BLOCK = 1 << 16  # rows per block: a block's temporaries stay in a core's cache


class RankedLabels:
    """Distinct scores in decreasing order, reduced to their labels (``labels[i]`` = 1 when the
    example with the i-th highest score is positive). Equal to a ScoreTable with
    ``positives = labels`` and ``negatives = 1 − labels``."""

    __slots__ = ("_code", "_keys", "_scores", "labels", "total_negatives", "total_positives")

    def __init__(self, keys: np.ndarray, code: KeyCode) -> None:
        self._keys, self._code, self._scores = keys, code, None
        self.labels = np.empty(len(keys), dtype=np.uint8)
        np.bitwise_and(keys, _ONE, out=self.labels, casting="unsafe")
        self.total_positives = int(np.count_nonzero(self.labels.view(bool)))
        self.total_negatives = len(keys) - self.total_positives

    def __len__(self) -> int:
        return len(self.labels)

    def scores(self) -> np.ndarray:
        """All scores, decreasing (decoded once, in the keys' memory)."""
        if self._scores is None:
            values = np.right_shift(self._keys, _ONE, out=self._keys)
            self._scores = decode_scores(values, self._code)
        return self._scores

    def scores_at(self, rows: np.ndarray) -> np.ndarray:
        """The scores of the given rows (positions in decreasing score order)."""
        if self._scores is not None:
            return np.take(self._scores, rows)
        values = np.take(self._keys, rows)
        np.right_shift(values, _ONE, out=values)
        # the keys are ascending in any subset taken in order, as decode_scores assumes
        return decode_scores(values, self._code)

    def cumulative(self) -> tuple[np.ndarray, np.ndarray]:
        """(TP, FP) at every threshold: +inf first, then each score (n + 1 points), as
        :meth:`ScoreTable.cumulative`."""
        n = len(self.labels)
        tp = np.empty(n + 1, dtype=np.int64)
        fp = np.empty(n + 1, dtype=np.int64)
        tp[0] = fp[0] = 0
        carried = 0
        rows = np.arange(1, min(n, _BLOCK) + 1, dtype=np.int64)
        for start in range(0, n, _BLOCK):
            out = tp[start + 1 : start + 1 + _BLOCK]
            out[:] = self.labels[start : start + _BLOCK]
            out[0] += carried
            np.cumsum(out, out=out)
            carried = int(out[-1])
            f = fp[start + 1 : start + 1 + _BLOCK]
            np.add(rows[: len(out)], start, out=f)
            f -= out  # FP = rows above the threshold − TP
        return tp, fp

    def corner_points(self) -> np.ndarray:
        """The points scikit-learn's ROC ``drop_intermediate`` keeps: 0, 1, n and every point
        where the next label differs from the previous one (a turn of the curve)."""
        n = len(self.labels)
        if n <= 2:
            return np.arange(n + 1)
        flags = self.labels.view(bool)
        turns = np.flatnonzero(np.not_equal(flags[2:], flags[1:-1]))  # point k = index + 2
        points = np.empty(len(turns) + 3, dtype=np.int64)
        points[:2] = 0, 1
        np.add(turns, 2, out=points[2:-1])
        points[-1] = n
        return points

    def cumulative_at(self, points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(TP, FP) at increasing ``points`` between which all rows share a label (such as
        :meth:`corner_points`): one running sum over the runs instead of over the rows."""
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

        positives = self.labels.astype(np.int64)
        return ScoreTable._trusted(self.scores(), positives, np.bitwise_xor(positives, 1))


def rank_scores(scores: np.ndarray, is_positive: np.ndarray):
    """Sort labelled scores once: :class:`RankedLabels` when every score is distinct, else the
    :class:`~phidelta.counts.ScoreTable` (ties kept together). ``scores`` are finite float64."""
    from phidelta.counts._scores import ScoreTable

    if len(scores) == 0:
        return ScoreTable._from_mask(scores, is_positive)
    made = labelled_keys(scores, is_positive, float(scores.min()), float(scores.max()))
    if made is None:  # scores spanning nearly the whole double range
        return ScoreTable._from_mask_packed(scores, is_positive)
    keys, code = made
    sort_keys(keys, code)
    if all_scores_distinct(keys):
        return RankedLabels(keys, code)
    values, positives, negatives = count_sorted_keys(keys)
    return ScoreTable._trusted(decode_scores(values, code), positives, negatives)
