"""Curves, areas and rankings of a scoring classifier, from its score table.

Flach ch. 2.2 (coverage and ROC curves with ties as diagonal segments, AUC as ranking accuracy
with ties counted half, eq. 2.5) and Jiřina §5–7 (threshold scans, the global sorting measure,
partial areas, combined measures).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from phidelta._compute import BLOCK_ROWS, curve_hull, dot
from phidelta._parallel import row_parts, run_parts
from phidelta._validation import check_same_length
from phidelta.counts import ScoreTable
from phidelta.measures._results import TupleResult
from phidelta.measures._table import LOWER_IS_BETTER, MeasureTable, measure_table

__all__ = [
    "CoverageCurve",
    "PrecisionRecallCurve",
    "RankingErrors",
    "RocCurve",
    "RocHull",
    "auc",
    "combined_measure",
    "coverage_curve",
    "partial_auc",
    "precision_recall_curve",
    "ranking_errors",
    "ranking_grid",
    "roc_convex_hull",
    "roc_curve",
    "roc_direction",
    "sorting_measure",
    "threshold_scan",
]


def _check_table(table: Any) -> ScoreTable:
    if isinstance(table, ScoreTable):
        return table
    raise TypeError(
        f"`table` must be a ScoreTable; got {type(table).__name__}. Build one with "
        "ScoreTable.from_scores(y_true, scores)."
    )


def _check_two_classes(table: ScoreTable, what: str) -> tuple[float, float]:
    p, n = table.total_positives, table.total_negatives
    if p <= 0 or n <= 0:
        missing = "positives" if p <= 0 else "negatives"
        raise ValueError(f"{what} is undefined: the labels hold no {missing} (one-class data).")
    return p, n


@dataclass(frozen=True)
class RocCurve(TupleResult):
    """ROC curve: one point per threshold; tied scores give diagonal segments (Flach Fig. 2.8).

    Unpacks as ``fpr, tpr, thresholds``, the order of scikit-learn's ``roc_curve``.

    Attributes
    ----------
    fpr, tpr : ndarray of shape (len(table) + 1,)
        False and true positive rates, non-decreasing from (0, 0) to (1, 1).
    thresholds : ndarray of shape (len(table) + 1,)
        Point i predicts positive for score ≥ ``thresholds[i]`` (+inf: nothing).
    table : ScoreTable
        The counts the curve came from (not unpacked).

    See Also
    --------
    roc_curve : computes it.
    roc_convex_hull : its convex hull.

    References
    ----------
    Flach, P. (2012). Machine Learning: The Art and Science of Algorithms that Make Sense of
    Data, chapter 2. Cambridge University Press. Section 2.2, Fig. 2.8.

    Examples
    --------
    >>> fpr, tpr, thresholds = roc_curve(ScoreTable.from_scores([1, 0, 1, 0], [0.9, 0.5, 0.5, 0.1]))
    >>> tpr
    array([0. , 0.5, 1. , 1. ])
    """

    fpr: np.ndarray
    tpr: np.ndarray
    thresholds: np.ndarray
    table: ScoreTable = field(repr=False)

    _fields: ClassVar[tuple[str, ...]] = ("fpr", "tpr", "thresholds")

    def auc(self) -> float:
        """The area under this curve, :func:`auc` of its table (ties count half).

        Returns
        -------
        float
            The AUC, in [0, 1].
        """
        return auc(self.table)


@dataclass(frozen=True)
class CoverageCurve(TupleResult):
    """Coverage curve: (FP, TP) counts per threshold, in the N × P rectangle (Flach §2.2).

    Unpacks as ``fp, tp, thresholds`` (the ROC curve's order, in counts); ``table`` is not
    unpacked.

    Attributes
    ----------
    fp, tp : ndarray of shape (len(table) + 1,)
        False and true positive counts, non-decreasing from (0, 0) to (N, P).
    thresholds : ndarray of shape (len(table) + 1,)
        Point i predicts positive for score ≥ ``thresholds[i]`` (+inf: nothing).
    table : ScoreTable
        The counts the curve came from (not unpacked).

    See Also
    --------
    coverage_curve : computes it.
    RocCurve : the same points as rates.

    References
    ----------
    Flach, P. (2012). Machine Learning: The Art and Science of Algorithms that Make Sense of
    Data, chapter 2. Cambridge University Press. Section 2.2, Fig. 2.7.

    Examples
    --------
    >>> t = ScoreTable(scores=[0.8, 0.67, 0.33], positives=[20, 10, 20], negatives=[5, 5, 40])
    >>> fp, tp, thresholds = coverage_curve(t)
    >>> fp
    array([ 0,  5, 10, 50])
    """

    fp: np.ndarray
    tp: np.ndarray
    thresholds: np.ndarray
    table: ScoreTable = field(repr=False)

    _fields: ClassVar[tuple[str, ...]] = ("fp", "tp", "thresholds")


@dataclass(frozen=True)
class RocHull(TupleResult):
    """The ROC convex hull: its vertices, their thresholds, and its area.

    Unpacks as ``fpr, tpr, thresholds`` like :class:`RocCurve`; ``indices`` (the vertices as
    indices into the ROC curve's points) is not unpacked.

    Attributes
    ----------
    fpr, tpr : ndarray
        The hull's vertices, from (0, 0) to (1, 1).
    thresholds : ndarray
        The threshold of each vertex's ROC point.
    indices : ndarray of int
        The vertices as indices into the ROC curve's points (not unpacked).

    See Also
    --------
    roc_convex_hull : computes it.
    IsotonicCalibrator : the calibration its segments give.

    References
    ----------
    Flach, P. (2012). Machine Learning: The Art and Science of Algorithms that Make Sense of
    Data, chapter 2. Cambridge University Press. Section 2.3, Fig. 2.13.

    Examples
    --------
    >>> hull = roc_convex_hull(ScoreTable.from_scores([1, 0, 1, 0], [0.9, 0.8, 0.3, 0.1]))
    >>> hull.fpr, hull.tpr
    (array([0. , 0. , 0.5, 1. ]), array([0. , 0.5, 1. , 1. ]))
    """

    fpr: np.ndarray
    tpr: np.ndarray
    thresholds: np.ndarray
    indices: np.ndarray  # the hull vertices as indices into the ROC curve's points

    _fields: ClassVar[tuple[str, ...]] = ("fpr", "tpr", "thresholds")

    def auc(self) -> float:
        """The area under the hull (at least the curve's AUC).

        Returns
        -------
        float
            The area under the hull, in [0, 1].
        """
        return float(np.trapezoid(self.tpr, self.fpr))


@dataclass(frozen=True)
class PrecisionRecallCurve(TupleResult):
    """Precision and recall at every threshold, from the recall-0 end point on.

    Unpacks as ``precision, recall, thresholds``, the order of scikit-learn's
    ``precision_recall_curve`` but with decreasing thresholds like :class:`RocCurve`: point i
    predicts positive for score ≥ ``thresholds[i]``, and point 0 (threshold +inf, nothing
    predicted positive) is the curve's recall-0 end point, whose precision is 1 by the
    convention of scikit-learn's end point (0/0 otherwise). ``table`` is not unpacked.

    Attributes
    ----------
    precision, recall : ndarray of shape (len(table) + 1,)
        The curve, from the recall-0 end point.
    thresholds : ndarray of shape (len(table) + 1,)
        Point i predicts positive for score ≥ ``thresholds[i]`` (+inf: nothing).
    table : ScoreTable
        The counts the curve came from (not unpacked).

    See Also
    --------
    precision_recall_curve : computes it.
    average_precision, pr_auc : its areas.

    References
    ----------
    Davis, J., & Goadrich, M. (2006). The relationship between precision-recall and ROC curves.
    Proceedings of the 23rd International Conference on Machine Learning (ICML), 233–240.

    Examples
    --------
    >>> curve = precision_recall_curve(ScoreTable.from_scores([1, 0, 1, 0], [0.9, 0.5, 0.5, 0.1]))
    >>> curve.thresholds
    array([inf, 0.9, 0.5, 0.1])
    """

    precision: np.ndarray
    recall: np.ndarray
    thresholds: np.ndarray
    table: ScoreTable = field(repr=False)

    _fields: ClassVar[tuple[str, ...]] = ("precision", "recall", "thresholds")


@dataclass(frozen=True)
class RankingErrors(TupleResult):
    """Ranking errors of positive–negative pairs (Flach Example 2.3): ties count half.

    Unpacks as ``errors, ties, pairs``: the misranked pairs (ties counted half), the tied
    pairs and all positive–negative pairs. ``auc`` = 1 − errors / pairs.

    Attributes
    ----------
    errors : float
        Misranked positive–negative pairs, ties counted half.
    ties : float
        Tied positive–negative pairs.
    pairs : float
        All positive–negative pairs, P·N.

    See Also
    --------
    ranking_errors : computes it.

    References
    ----------
    Flach, P. (2012). Machine Learning: The Art and Science of Algorithms that Make Sense of
    Data, chapter 2. Cambridge University Press. Example 2.3.

    Examples
    --------
    >>> t = ScoreTable(scores=[0.8, 0.67, 0.33], positives=[20, 10, 20], negatives=[5, 5, 40])
    >>> ranking_errors(t).ties        # 20·5 + 10·5 + 20·40 tied pairs
    950.0
    """

    errors: float
    ties: float
    pairs: float

    _fields: ClassVar[tuple[str, ...]] = ("errors", "ties", "pairs")

    @property
    def auc(self) -> float:
        """The AUC, 1 − errors / pairs."""
        return 1.0 - self.errors / self.pairs


def coverage_curve(table: ScoreTable) -> CoverageCurve:
    """The coverage curve of a score table (Flach Fig. 2.7).

    Parameters
    ----------
    table : ScoreTable
        Scores and their positive and negative counts, as built by
        :meth:`ScoreTable.from_scores <phidelta.counts.ScoreTable.from_scores>`.

    Returns
    -------
    CoverageCurve
        Unpacks as ``fp, tp, thresholds``.

    Raises
    ------
    TypeError
        If `table` is not a :class:`~phidelta.counts.ScoreTable`.

    See Also
    --------
    roc_curve : the same points as rates.

    References
    ----------
    Flach, P. (2012). Machine Learning: The Art and Science of Algorithms that Make Sense of
    Data, chapter 2. Cambridge University Press. Section 2.2, Fig. 2.7.

    Examples
    --------
    >>> t = ScoreTable(scores=[0.8, 0.67, 0.33], positives=[20, 10, 20], negatives=[5, 5, 40])
    >>> coverage_curve(t).tp
    array([ 0, 20, 30, 50])
    """
    t = _check_table(table)
    tp, fp = t.cumulative()
    return CoverageCurve(fp=fp, tp=tp, thresholds=t.thresholds(), table=t)


def roc_curve(table: ScoreTable) -> RocCurve:
    """The ROC curve (fpr, tpr) of a score table; ties give diagonal segments.

    Parameters
    ----------
    table : ScoreTable
        Scores and their positive and negative counts, as built by
        :meth:`ScoreTable.from_scores <phidelta.counts.ScoreTable.from_scores>`.

    Returns
    -------
    RocCurve
        Unpacks as ``fpr, tpr, thresholds`` (scikit-learn's order); also has ``table`` and
        ``auc()``.

    Raises
    ------
    TypeError
        If `table` is not a :class:`~phidelta.counts.ScoreTable`.
    ValueError
        If a class is absent.

    See Also
    --------
    auc : its area.
    roc_convex_hull : its convex hull.
    coverage_curve : the same points in counts.

    References
    ----------
    Flach, P. (2012). Machine Learning: The Art and Science of Algorithms that Make Sense of
    Data, chapter 2. Cambridge University Press. Section 2.2, Fig. 2.8.

    Examples
    --------
    >>> t = ScoreTable.from_scores([1, 0, 1, 0], [0.9, 0.5, 0.5, 0.1])
    >>> fpr, tpr, thresholds = roc_curve(t)
    >>> fpr, tpr
    (array([0. , 0. , 0.5, 1. ]), array([0. , 0.5, 1. , 1. ]))
    >>> roc_curve(t).auc()
    0.875
    """
    t = _check_table(table)
    p, n = _check_two_classes(t, "The ROC curve")
    tp, fp = t.cumulative()
    return RocCurve(fpr=fp / n, tpr=tp / p, thresholds=t.thresholds(), table=t)


def auc(table: ScoreTable, *, direction: str = "higher") -> float:
    """Area under the ROC curve = ranking accuracy with ties counted half (Flach eq. 2.5).

    AUC = Σᵢ Nᵢ·(P_above,i + Pᵢ/2) / (P·N) over the distinct scores i: exact with ties and
    weights, linear in the number of distinct scores.

    ``direction`` says which class scores higher: "higher" (positives, the default) or
    "lower" (then the area is 1 − AUC). "auto" picks it by the medians as pROC's
    ``direction="auto"`` does (see :func:`roc_direction`, which tells the choice): an explicit
    option, since a flipped curve hides a classifier that ranks the wrong way round.

    Parameters
    ----------
    table : ScoreTable
        Scores and their positive and negative counts, as built by
        :meth:`ScoreTable.from_scores <phidelta.counts.ScoreTable.from_scores>`.
    direction : {"higher", "lower", "auto"}, default="higher"
        Which class scores higher: the positives, the negatives, or chosen by the medians
        (:func:`roc_direction`).

    Returns
    -------
    float
        The AUC, in [0, 1].

    Raises
    ------
    TypeError
        If `table` is not a :class:`~phidelta.counts.ScoreTable`.
    ValueError
        If `direction` is unknown or a class is absent.

    See Also
    --------
    roc_curve : the curve.
    phidelta.inference.auc_confidence_interval : DeLong's interval.
    partial_auc : the area over a range.

    References
    ----------
    Flach, P. (2012). Machine Learning: The Art and Science of Algorithms that Make Sense of
    Data, chapter 2. Cambridge University Press. Eq. 2.5, Example 2.3.

    Examples
    --------
    >>> t = ScoreTable(scores=[0.8, 0.67, 0.33], positives=[20, 10, 20], negatives=[5, 5, 40])
    >>> round(auc(t), 12)       # Flach, Example 2.3
    0.71
    >>> round(auc(t, direction="lower"), 12)
    0.29
    """
    t = _check_table(table)
    p, n = _check_two_classes(t, "AUC")
    if direction == "auto":
        direction = roc_direction(t)
    if direction not in ("higher", "lower"):
        raise ValueError(f'`direction` must be "higher", "lower" or "auto"; got {direction!r}.')
    value = float(auc_numerator(t.positives, t.negatives) / (2 * p * n))
    return value if direction == "higher" else 1.0 - value


def roc_direction(table: ScoreTable) -> str:
    """pROC's ``direction="auto"`` made explicit: "higher" when the positives' median score is
    at least the negatives' (positives score higher), else "lower". Medians are R's (the
    mean of the two middle values for an even count; weighted medians for soft counts).

    Parameters
    ----------
    table : ScoreTable
        Scores and their positive and negative counts, as built by
        :meth:`ScoreTable.from_scores <phidelta.counts.ScoreTable.from_scores>`.

    Returns
    -------
    str
        "higher" or "lower".

    Raises
    ------
    TypeError
        If `table` is not a :class:`~phidelta.counts.ScoreTable`.
    ValueError
        If a class is absent.

    See Also
    --------
    auc : takes ``direction``.

    References
    ----------
    Robin, X., et al. (2011). pROC: an open-source package for R and S+ to analyze and compare
    ROC curves. BMC Bioinformatics, 12, 77.

    Examples
    --------
    >>> roc_direction(ScoreTable.from_scores([1, 1, 0, 0], [0.1, 0.2, 0.8, 0.9]))
    'lower'
    """
    t = _check_table(table)
    _check_two_classes(t, "The direction")
    has_pos, has_neg = t.positives > 0, t.negatives > 0
    positives = _median(t.scores[has_pos], t.positives[has_pos])
    negatives = _median(t.scores[has_neg], t.negatives[has_neg])
    return "higher" if negatives <= positives else "lower"


def _median(scores: np.ndarray, counts: np.ndarray) -> float:
    """Median of scores (decreasing) held ``counts`` times each."""
    values, weights = scores[::-1], np.asarray(counts, dtype=np.float64)[::-1]
    running = np.cumsum(weights)
    total = float(running[-1])
    if total.is_integer():
        low = values[np.searchsorted(running, (total - 1) // 2 + 1)]
        high = values[np.searchsorted(running, total // 2 + 1)]
        return float((low + high) / 2)
    return float(values[np.searchsorted(running, total / 2)])


def _count_vectors(positives: Any, negatives: Any) -> tuple[np.ndarray, np.ndarray]:
    """Two 1-D arrays of counts of one length (integer counts stay integers)."""
    pair = []
    for name, value in (("positives", positives), ("negatives", negatives)):
        array = np.asarray(value)
        if array.ndim != 1 or array.dtype.kind not in "biuf":
            raise TypeError(
                f"`{name}` must be a 1-D array of counts; got {type(value).__name__}"
                + (f" of dtype {array.dtype} and shape {array.shape}" if array.ndim else "")
                + "."
            )
        pair.append(array.astype(np.int64) if array.dtype.kind == "b" else array)
    check_same_length(positives=pair[0], negatives=pair[1])
    return pair[0], pair[1]


def auc_numerator(positives: np.ndarray, negatives: np.ndarray, above: Any = 0) -> Any:
    """2·Σᵢ Nᵢ·(P_above,i + Pᵢ/2) = Σᵢ Nᵢ·(2·P_above,i + Pᵢ), with ``above`` positives scoring
    higher than the whole table. An exact Python integer for integer counts (so that AUCs of
    partitioned tables add up bit for bit), a float for weighted ones.

    Parameters
    ----------
    positives, negatives : ndarray of shape (d,)
        Positive and negative counts per distinct score, in decreasing score order.
    above : int or float, default=0
        Positives scoring higher than every score of the table.

    Returns
    -------
    int or float
        2·Σᵢ Nᵢ·(P_above,i + Pᵢ/2): an exact int for integer counts.

    Raises
    ------
    TypeError
        If `positives` or `negatives` is not a 1-D array of numbers.
    ValueError
        If their lengths differ.

    See Also
    --------
    auc : divides it by 2·P·N.

    References
    ----------
    Flach, P. (2012). Machine Learning: The Art and Science of Algorithms that Make Sense of
    Data, chapter 2. Cambridge University Press. Eq. 2.5.

    Examples
    --------
    >>> auc_numerator(np.array([20, 10, 20]), np.array([5, 5, 40]))   # 2 · 0.71 · 50 · 50
    3550
    """
    positives, negatives = _count_vectors(positives, negatives)
    if positives.dtype.kind in "iu" and negatives.dtype.kind in "iu":
        total_pos = int(positives.sum()) + int(above)
        total_neg = int(negatives.sum())
        # every term is at most 2·P·N: int64 is exact below 2⁶³, Python integers beyond
        kind = np.int64 if 2 * (total_pos + 1) * (total_neg + 1) < 2**62 else object
        pos = positives.astype(kind, copy=False)
        neg = negatives.astype(kind, copy=False)
        return int(_pair_sum(pos, neg, int(above))) if len(pos) else 0
    pos = positives.astype(np.float64, copy=False)
    neg = negatives.astype(np.float64, copy=False)
    return float(_pair_sum(pos, neg, float(above)))


def _pair_sum(pos: np.ndarray, neg: np.ndarray, above: Any) -> Any:
    """Σᵢ Nᵢ·(2·P_above,i + Pᵢ) with running = 2·cumsum(P) − P (+ 2·above), in cache-sized
    blocks (no full-length temporary); the running sum is carried across blocks in the order
    a single cumsum would add it, so the result does not depend on the blocking."""
    if pos.dtype == object:
        running = np.cumsum(pos)
        running *= 2
        running -= pos
        if above:
            running += 2 * above
        return np.dot(neg, running)
    size = min(len(pos), BLOCK_ROWS)
    running = np.empty(size, dtype=pos.dtype)
    carried = pos.dtype.type(0)
    total = pos.dtype.type(0)
    for start in range(0, len(pos), BLOCK_ROWS):
        part = pos[start : start + BLOCK_ROWS]
        r = running[: len(part)]
        r[:] = part
        r[0] += carried
        np.cumsum(r, out=r)
        carried = r[-1]
        r *= 2
        r -= part
        if above:
            r += 2 * above
        block = neg[start : start + BLOCK_ROWS]
        # floats never go to BLAS (see _compute.dot); integers take NumPy's own exact loop
        total += dot(block, r) if r.dtype.kind == "f" else np.dot(block, r)
    return total


def ranked_weighted_auc_numerator(labels: np.ndarray, weights: np.ndarray) -> float:
    """:func:`auc_numerator` of weighted labels ranked by distinct scores: 2·Σ over negatives
    of their weight times the positives' weight above them (no ties, so no half credits).
    See :func:`ranked_weighted_auc_sums`."""
    return ranked_weighted_auc_sums(labels, weights)[0]


def ranked_weighted_auc_sums(labels: np.ndarray, weights: np.ndarray) -> tuple[float, float, float]:
    """:func:`ranked_weighted_auc_numerator` with the positive and the negative weight, found
    on the way (the same sums as :class:`~phidelta.counts._ranked.RankedLabels` gives).

    In cache-sized blocks, shared out among the threads (:mod:`phidelta._parallel`): block k
    gives Σ bᵢ·(positive weight above row i within the block), its positive weight Aₖ and its
    negative weight Bₖ; the blocks are then added in order, each with the positive weight of
    the blocks before it times Bₖ. A block's numbers depend on the block alone, so the result
    is the same on any number of threads. No BLAS (:func:`phidelta._compute.dot`)."""
    n = len(labels)

    def blocks(start: int, stop: int) -> list[tuple[float, float, float]]:
        size = min(stop - start, BLOCK_ROWS)
        above, negative = np.empty(size), np.empty(size)
        sums = []
        for at in range(start, stop, BLOCK_ROWS):
            end = min(at + BLOCK_ROWS, stop)
            w = weights[at:end]
            a, b = above[: len(w)], negative[: len(w)]
            np.multiply(w, labels[at:end], out=a)
            np.subtract(w, a, out=b)
            positive, negative_weight = float(np.add.reduce(a)), float(np.add.reduce(b))
            np.cumsum(a, out=a)  # a negative row adds nothing: inclusive = positives above it
            sums.append((dot(b, a), positive, negative_weight))
        return sums

    carried = total = negatives = 0.0
    for part in run_parts(blocks, row_parts(n, BLOCK_ROWS)):
        for pairs, positive, negative in part:
            total += pairs + carried * negative
            carried += positive
            negatives += negative
    return 2.0 * total, carried, negatives


def ranked_auc_numerator(labels: np.ndarray) -> int:
    """:func:`auc_numerator` of labels ranked by distinct scores (``labels[i]`` = 1 when the
    i-th highest score is a positive's): with no ties it is 2·(pairs ranked right), and by
    the Mann–Whitney identity pairs = n·P − Σ rank(positive) − P·(P + 1)/2 with 0-based
    ranks. One pass over the bytes; exact (Python integers)."""
    n = len(labels)
    flags = labels.view(bool)
    positives = int(np.count_nonzero(flags))
    rank_sum = 0
    steps = np.arange(min(n, BLOCK_ROWS), dtype=np.float64)
    part = np.empty(min(n, BLOCK_ROWS), dtype=np.float64)
    for start in range(0, n, BLOCK_ROWS):
        block = labels[start : start + BLOCK_ROWS]
        p = part[: len(block)]
        p[:] = block
        # Σ of in-block ranks: below 2¹⁶·2¹⁶, exact in a double
        rank_sum += int(dot(p, steps[: len(block)])) + start * int(np.count_nonzero(p))
    return 2 * (n * positives - rank_sum - positives * (positives + 1) // 2)


def ranking_errors(table: ScoreTable) -> RankingErrors:
    """Ranking errors: pairs with the negative scored above the positive, ties counted half.

    Parameters
    ----------
    table : ScoreTable
        Scores and their positive and negative counts, as built by
        :meth:`ScoreTable.from_scores <phidelta.counts.ScoreTable.from_scores>`.

    Returns
    -------
    RankingErrors
        Unpacks as ``errors, ties, pairs``.

    Raises
    ------
    TypeError
        If `table` is not a :class:`~phidelta.counts.ScoreTable`.

    See Also
    --------
    auc : 1 − errors / pairs.

    References
    ----------
    Flach, P. (2012). Machine Learning: The Art and Science of Algorithms that Make Sense of
    Data, chapter 2. Cambridge University Press. Example 2.3.

    Examples
    --------
    >>> t = ScoreTable(scores=[0.8, 0.67, 0.33], positives=[20, 10, 20], negatives=[5, 5, 40])
    >>> errors, ties, pairs = ranking_errors(t)
    >>> errors, pairs
    (725.0, 2500.0)
    """
    t = _check_table(table)
    p, n = _check_two_classes(t, "The ranking error")
    pos = t.positives.astype(np.float64)
    neg = t.negatives.astype(np.float64)
    below = p - np.cumsum(pos)
    ties = float(np.dot(pos, neg))
    return RankingErrors(errors=float(np.dot(neg, below)) + ties / 2, ties=ties, pairs=float(p * n))


def ranking_grid(table: ScoreTable) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The pair grid of Flach Fig. 2.7 (left): outcome per (positive score, negative score).

    Returns ``(outcome, positives, negatives)``: ``outcome[i, j]`` is +1 (correctly ranked),
    0 (tie) or −1 (ranking error) for the i-th distinct score holding positives and the j-th
    holding negatives, each cell standing for positives[i]·negatives[j] pairs.

    Parameters
    ----------
    table : ScoreTable
        Scores and their positive and negative counts, as built by
        :meth:`ScoreTable.from_scores <phidelta.counts.ScoreTable.from_scores>`.

    Returns
    -------
    outcome : ndarray of shape (a, b)
        +1 (correctly ranked), 0 (tie) or −1 (ranking error) per cell.
    positives : ndarray of shape (a,)
        Positive counts of the a distinct scores holding positives, decreasing score.
    negatives : ndarray of shape (b,)
        Negative counts of the b distinct scores holding negatives, decreasing score.

    Raises
    ------
    TypeError
        If `table` is not a :class:`~phidelta.counts.ScoreTable`.

    See Also
    --------
    ranking_errors : the counts the grid sums to.

    References
    ----------
    Flach, P. (2012). Machine Learning: The Art and Science of Algorithms that Make Sense of
    Data, chapter 2. Cambridge University Press. Fig. 2.7 (left).

    Examples
    --------
    >>> t = ScoreTable(scores=[0.8, 0.67, 0.33], positives=[20, 10, 20], negatives=[5, 5, 40])
    >>> outcome, positives, negatives = ranking_grid(t)   # Flach, Example 2.3
    >>> outcome
    array([[ 0,  1,  1],
           [-1,  0,  1],
           [-1, -1,  0]], dtype=int8)
    """
    t = _check_table(table)
    rows = np.flatnonzero(t.positives > 0)
    cols = np.flatnonzero(t.negatives > 0)
    outcome = np.sign(t.scores[rows][:, None] - t.scores[cols][None, :]).astype(np.int8)
    return outcome, t.positives[rows], t.negatives[cols]


def partial_auc(
    table: ScoreTable,
    *,
    fpr_range: tuple[float, float] | None = None,
    tpr_range: tuple[float, float] | None = None,
    mcclish: bool = False,
) -> float:
    """Area under the ROC curve over an fpr range, or (to the right of it) over a tpr range.

    ``fpr_range=(a, b)``: ∫ₐᵇ tpr d(fpr) (Jiřina §6.2, e.g. Be from 0 to 0.5).
    ``tpr_range=(a, b)``: ∫ₐᵇ (1 − fpr) d(tpr) (the "sensitivity" focus of pROC).
    ``mcclish=True`` standardizes to [0.5, 1] for a curve between the diagonal and the top
    (McClish 1989): (1 + (A − A_min)/(A_max − A_min))/2, with A_min the diagonal's area.

    Parameters
    ----------
    table : ScoreTable
        Scores and their positive and negative counts, as built by
        :meth:`ScoreTable.from_scores <phidelta.counts.ScoreTable.from_scores>`.
    fpr_range : (float, float) or None, default=None
        (a, b) with 0 ≤ a < b ≤ 1: the area ∫ₐᵇ tpr d(fpr).
    tpr_range : (float, float) or None, default=None
        (a, b) with 0 ≤ a < b ≤ 1: the area ∫ₐᵇ (1 − fpr) d(tpr).
    mcclish : bool, default=False
        Standardize to [0.5, 1] (McClish 1989).

    Returns
    -------
    float
        The partial area (standardized with `mcclish`).

    Raises
    ------
    TypeError
        If `table` is not a :class:`~phidelta.counts.ScoreTable`.
    ValueError
        If not exactly one range is given, the range is invalid, or a class is absent.

    See Also
    --------
    auc : the whole area.

    References
    ----------
    Jiřina, M., & Jiřina, M., jr. (2005). Measures and characteristics of classification
    quality. Technical report V-936, Institute of Computer Science, Academy of Sciences of the
    Czech Republic. Section 6.2.

    McClish, D. K. (1989). Analyzing a portion of the ROC curve. Medical Decision Making, 9(3),
    190–195.

    Examples
    --------
    >>> t = ScoreTable.from_scores([1, 1, 0, 0], [0.9, 0.8, 0.3, 0.1])
    >>> partial_auc(t, fpr_range=(0, 0.5))
    0.5
    """
    t = _check_table(table)
    curve = roc_curve(t)
    if (fpr_range is None) == (tpr_range is None):
        raise ValueError("Pass exactly one of `fpr_range` and `tpr_range`.")
    low, high = fpr_range if fpr_range is not None else tpr_range  # type: ignore[misc]
    if not 0 <= low < high <= 1:
        raise ValueError(f"The range must satisfy 0 ≤ a < b ≤ 1; got ({low}, {high}).")
    if fpr_range is not None:
        x, y = curve.fpr, curve.tpr
    else:  # area to the right of the curve: integrate specificity over tpr
        x, y = curve.tpr, 1 - curve.fpr
    area = _area_between(x, y, low, high)
    if not mcclish:
        return area
    return mcclish_standardized(area, low, high, over="fpr" if fpr_range is not None else "tpr")


def mcclish_standardized(area: float, low: float, high: float, *, over: str = "fpr") -> float:
    """McClish's standardized partial area over [low, high] of the fpr (or tpr) axis: 0.5 for
    the diagonal's area, 1 for a perfect classifier's (McClish 1989)."""
    if over == "fpr":
        minimum, maximum = (high**2 - low**2) / 2, high - low
    else:
        minimum, maximum = (high - low) - (high**2 - low**2) / 2, high - low
    return float((1 + (area - minimum) / (maximum - minimum)) / 2)


def ranked_partial_auc(labels: np.ndarray, high: float) -> float:
    """Area under the ROC curve over fpr ∈ [0, high] (0 < high < 1) of labels ranked by
    distinct scores: the curve is a staircase of unit steps, so the area is Σ over the first
    F = high·N negatives of the positives ranked above each (the last one counted for the
    fraction of F), over P·N. The j-th negative (from 0), at row r, has r − j positives
    above it. Reads only the rows down to negative ⌊F⌋."""
    flags = labels.view(bool)
    positives = int(np.count_nonzero(flags))
    negatives = len(labels) - positives
    whole = int(high * negatives)  # negatives fully inside the range
    fraction = high * negatives - whole
    total, seen = 0.0, 0
    for start in range(0, len(labels), BLOCK_ROWS):
        rows = np.flatnonzero(~flags[start : start + BLOCK_ROWS])
        rows += start
        rows -= np.arange(seen, seen + len(rows))  # positives above each negative
        take = min(len(rows), whole - seen)
        total += float(rows[:take].sum())
        if take < len(rows):  # negative ⌊F⌋ is in this block: its share of the step
            total += fraction * float(rows[take])
            break
        seen += len(rows)
    return total / (positives * negatives)


def _area_between(x: np.ndarray, y: np.ndarray, low: float, high: float) -> float:
    """∫ y dx over [low, high] for a piecewise-linear curve with non-decreasing x.

    Each segment's trapezoid, clipped to [low, high]; vertical steps (equal x) add no area.
    """
    x0, x1, y0, y1 = x[:-1], x[1:], y[:-1], y[1:]
    a, b = np.maximum(x0, low), np.minimum(x1, high)
    keep = (x1 > x0) & (b > a)
    x0, x1, y0, y1, a, b = x0[keep], x1[keep], y0[keep], y1[keep], a[keep], b[keep]
    slope = (y1 - y0) / (x1 - x0)
    ya, yb = y0 + slope * (a - x0), y0 + slope * (b - x0)
    return float(np.sum((b - a) * (ya + yb) / 2))


def roc_convex_hull(table: ScoreTable) -> RocHull:
    """The ROC convex hull (Flach Fig. 2.13): vertices, their thresholds and area.

    Parameters
    ----------
    table : ScoreTable
        Scores and their positive and negative counts, as built by
        :meth:`ScoreTable.from_scores <phidelta.counts.ScoreTable.from_scores>`.

    Returns
    -------
    RocHull
        Unpacks as ``fpr, tpr, thresholds`` of the hull's vertices; also has ``indices`` and
        ``auc()``.

    Raises
    ------
    TypeError
        If `table` is not a :class:`~phidelta.counts.ScoreTable`.
    ValueError
        If a class is absent.

    See Also
    --------
    roc_curve : the curve.
    optimal_points : the optimal points lie on the hull.

    References
    ----------
    Flach, P. (2012). Machine Learning: The Art and Science of Algorithms that Make Sense of
    Data, chapter 2. Cambridge University Press. Section 2.3, Fig. 2.13.

    Examples
    --------
    >>> t = ScoreTable.from_scores([1, 1, 0, 1, 1, 0, 1, 1, 0, 0],
    ...     [0.89, 0.8, 0.74, 0.71, 0.63, 0.49, 0.42, 0.32, 0.24, 0.13])
    >>> round(roc_convex_hull(t).auc(), 12)   # Flach, Example 2.5
    0.833333333333
    """
    curve = roc_curve(table)
    t = _check_table(table)
    idx = curve_hull(t.negatives, t.positives)
    return RocHull(
        fpr=curve.fpr[idx], tpr=curve.tpr[idx], thresholds=curve.thresholds[idx], indices=idx
    )


def precision_recall_curve(table: ScoreTable) -> PrecisionRecallCurve:
    """Precision and recall at every threshold, starting at the recall-0 end point.

    Point 0 has threshold +inf (nothing predicted positive): recall 0, precision 1 by
    convention. Point i ≥ 1 predicts positive for score ≥ ``thresholds[i]``, the i-th
    distinct score in decreasing order. Precision is NaN where only zero-weight examples are
    predicted positive. See :func:`average_precision` and :func:`pr_auc` for its areas.

    Parameters
    ----------
    table : ScoreTable
        Scores and their positive and negative counts, as built by
        :meth:`ScoreTable.from_scores <phidelta.counts.ScoreTable.from_scores>`.

    Returns
    -------
    PrecisionRecallCurve
        Unpacks as ``precision, recall, thresholds`` (scikit-learn's order).

    Raises
    ------
    TypeError
        If `table` is not a :class:`~phidelta.counts.ScoreTable`.
    ValueError
        If the labels hold no positives.

    See Also
    --------
    average_precision, pr_auc, pr_break_even : its summaries.

    References
    ----------
    Davis, J., & Goadrich, M. (2006). The relationship between precision-recall and ROC curves.
    Proceedings of the 23rd International Conference on Machine Learning (ICML), 233–240.

    Examples
    --------
    >>> t = ScoreTable.from_scores([1, 0, 1, 0], [0.9, 0.5, 0.5, 0.1])
    >>> precision, recall, thresholds = precision_recall_curve(t)
    >>> precision, recall
    (array([1.        , 1.        , 0.66666667, 0.5       ]), array([0. , 0.5, 1. , 1. ]))
    """
    t = _check_table(table)
    p, _ = _check_two_classes(t, "The precision-recall curve")
    tp, fp = t.cumulative()
    with np.errstate(divide="ignore", invalid="ignore"):
        precision = tp / (tp + fp)
    precision[0] = 1.0
    return PrecisionRecallCurve(
        precision=precision, recall=tp / p, thresholds=t.thresholds(), table=t
    )


def threshold_scan(table: ScoreTable, measures: list[str] | None = None) -> MeasureTable:
    """Every binary measure at every threshold (Jiřina Figs. 2, 3, 6, 7): a MeasureTable with
    one row per threshold of ``table.thresholds()`` (undefined values are NaN).

    Parameters
    ----------
    table : ScoreTable
        Scores and their positive and negative counts, as built by
        :meth:`ScoreTable.from_scores <phidelta.counts.ScoreTable.from_scores>`.
    measures : list of str or None, default=None
        Names from :data:`MEASURES`; None for all of them.

    Returns
    -------
    MeasureTable
        One row per threshold of ``table.thresholds()``; undefined values are NaN.

    Raises
    ------
    TypeError
        If `table` is not a :class:`~phidelta.counts.ScoreTable`.
    ValueError
        If a name is not in the registry.

    See Also
    --------
    measure_table : the same for any counts.
    combined_measure : a summary over a range of thresholds.

    References
    ----------
    Jiřina, M., & Jiřina, M., jr. (2005). Measures and characteristics of classification
    quality. Technical report V-936, Institute of Computer Science, Academy of Sciences of the
    Czech Republic. Figs. 2, 3, 6 and 7.

    Examples
    --------
    >>> t = ScoreTable.from_scores([1, 0, 1, 0], [0.9, 0.5, 0.5, 0.1])
    >>> threshold_scan(t, ["classification_error"])["classification_error"]
    array([0.5 , 0.25, 0.25, 0.5 ])
    """
    t = _check_table(table)
    return measure_table(t.counts(), measures=measures, index=list(t.thresholds()))


def best_cut(values: Any, measure: str) -> int:
    """The row of a threshold scan where ``measure`` is best: its maximum, or its minimum for
    an error (:data:`LOWER_IS_BETTER`); rows where it is undefined (NaN) are passed over, and
    of tied rows the first — the highest threshold, as :func:`threshold_scan` orders them.

    The one rule of a best cut, which the command line's ``scan``, its figure and the page's
    threshold-dependence figure follow.

    Parameters
    ----------
    values : array-like of shape (n_thresholds,)
        ``measure`` at each threshold, e.g. ``threshold_scan(table)[measure]``.
    measure : str
        The measure's name (it says whether lower is better).

    Returns
    -------
    int
        The row's index.

    Raises
    ------
    ValueError
        If ``measure`` is undefined at every threshold (or there is none).

    References
    ----------
    Jiřina, M., & Jiřina, M., jr. (2005). Measures and characteristics of classification
    quality. Technical report V-936, Institute of Computer Science, Academy of Sciences of the
    Czech Republic. §4 (the minimum of the classification error, the quality factor's range).

    Examples
    --------
    >>> t = ScoreTable.from_scores([1, 0, 1, 0, 1, 0], [0.9, 0.8, 0.7, 0.4, 0.3, 0.1])
    >>> scan = threshold_scan(t, ["classification_error"])
    >>> row = best_cut(scan["classification_error"], "classification_error")  # tied at 0.7
    >>> row, float(scan.index[row])
    (1, 0.9)
    """
    values = np.asarray(values, dtype=float)
    if not values.size or np.isnan(values).all():
        raise ValueError(
            f"{measure} is undefined at every threshold of these scores; choose another measure."
        )
    return int(np.nanargmin(values) if measure in LOWER_IS_BETTER else np.nanargmax(values))


def combined_measure(
    table: ScoreTable,
    measure: str,
    *,
    over: str = "threshold",
    between: tuple[float, float] = (-np.inf, np.inf),
    how: str = "mean",
    weights: Any = None,
) -> float:
    """Jiřina's combined measure (§7): the mean, sum or weighted sum of a local measure over a
    chosen range of thresholds, of signal efficiency Se or of background acceptance Be.

    Parameters
    ----------
    table : ScoreTable
        Scores and their positive and negative counts, as built by
        :meth:`ScoreTable.from_scores <phidelta.counts.ScoreTable.from_scores>`.
    measure : str
        A measure of the registry (e.g. "quality_factor", "enrichment_factor").
    over : {"threshold", "signal_efficiency", "background_acceptance"}, default="threshold"
        The variable whose range selects the operating points.
    between : (float, float), default=(-inf, inf)
        Inclusive range of that variable.
    how : {"mean", "sum", "weighted"}, default="mean"
        How the selected values combine; undefined values are skipped.
    weights : callable or array-like, default=None
        For ``how="weighted"``: a function of the selected variable's values, or one weight
        per selected point.

    Returns
    -------
    float
        The combined value.

    Raises
    ------
    TypeError
        If `table` is not a :class:`~phidelta.counts.ScoreTable`.
    ValueError
        If `over` or `how` is unknown, no point with a defined value lies in the range, or
        the weights are missing or of the wrong length.

    See Also
    --------
    threshold_scan : the measure at every threshold.

    References
    ----------
    Jiřina, M., & Jiřina, M., jr. (2005). Measures and characteristics of classification
    quality. Technical report V-936, Institute of Computer Science, Academy of Sciences of the
    Czech Republic. Section 7.

    Examples
    --------
    >>> t = ScoreTable.from_scores([1, 1, 0, 1, 0, 0], [0.9, 0.8, 0.7, 0.6, 0.5, 0.1])
    >>> round(combined_measure(t, "accuracy", over="background_acceptance", between=(0, 0.5)), 4)
    0.7
    """
    t = _check_table(table)
    scan = threshold_scan(t, [measure, "signal_efficiency", "background_acceptance"])
    if over == "threshold":
        variable = t.thresholds()
    elif over in ("signal_efficiency", "background_acceptance"):
        variable = scan[over]
    else:
        raise ValueError(
            '`over` must be "threshold", "signal_efficiency" or '
            f'"background_acceptance"; got {over!r}.'
        )
    low, high = between
    chosen = (variable >= low) & (variable <= high)
    values = scan[measure][chosen]
    defined = ~np.isnan(values)
    if not defined.any():
        raise ValueError(f"No operating point with a defined {measure} in {over} ∈ {between}.")
    if how == "mean":
        return float(values[defined].mean())
    if how == "sum":
        return float(values[defined].sum())
    if how == "weighted":
        if weights is None:
            raise ValueError('`weights` is required when how="weighted".')
        w = weights(variable[chosen]) if callable(weights) else np.asarray(weights, float)
        if len(w) != len(values):
            raise ValueError(f"`weights` has {len(w)} values for {len(values)} points.")
        return float(np.sum(w[defined] * values[defined]))
    raise ValueError(f'`how` must be "mean", "sum" or "weighted"; got {how!r}.')


def sorting_measure(table: ScoreTable) -> float:
    """Jiřina's global sorting measure a = A / A_max (§6.1).

    A = Σ rank of each signal (positive) sample in ascending score order, A_max the largest
    possible value (all signal ranked last). Tied samples share their mid-rank — the
    documented treatment of ties — so that a = (AUC·P·N + P(P+1)/2) / (P·N + P(P+1)/2).

    Parameters
    ----------
    table : ScoreTable
        Scores and their positive and negative counts, as built by
        :meth:`ScoreTable.from_scores <phidelta.counts.ScoreTable.from_scores>`.

    Returns
    -------
    float
        a in [0, 1].

    Raises
    ------
    TypeError
        If `table` is not a :class:`~phidelta.counts.ScoreTable`.
    ValueError
        If a class is absent.

    See Also
    --------
    auc : the ranking accuracy it is a function of.

    References
    ----------
    Jiřina, M., & Jiřina, M., jr. (2005). Measures and characteristics of classification
    quality. Technical report V-936, Institute of Computer Science, Academy of Sciences of the
    Czech Republic. Section 6.1.

    Examples
    --------
    >>> sorting_measure(ScoreTable.from_scores([0, 0, 1, 1], [0.1, 0.2, 0.3, 0.4]))
    1.0
    """
    t = _check_table(table)
    p, n = _check_two_classes(t, "The sorting measure")
    counts = (t.positives + t.negatives)[::-1].astype(np.float64)  # ascending scores
    pos = t.positives[::-1].astype(np.float64)
    end = np.cumsum(counts)
    mid_rank = end - (counts - 1) / 2
    a = float(np.dot(pos, mid_rank))
    total = p + n
    a_max = (total * (total + 1) - n * (n + 1)) / 2  # Σ_{i=N_B+1}^{N} i
    return a / a_max
