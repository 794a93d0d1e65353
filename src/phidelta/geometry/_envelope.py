"""The lower envelope of lines over an interval: a cost curve drawn exactly (Drummond & Holte)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from phidelta._validation import as_float_array
from phidelta.measures import TupleResult

__all__ = ["LowerEnvelope", "lower_envelope"]


@dataclass(frozen=True)
class LowerEnvelope(TupleResult):
    """The pointwise minimum of lines over an interval, as a polyline.

    Unpacks as ``x, y``: the vertices, from the interval's left end to its right end.

    Attributes
    ----------
    x, y : ndarray of shape (k + 1,)
        The envelope's vertices: the ends of the interval and the k − 1 breakpoints between.
    lines : ndarray of int, shape (k,)
        The index of the line that is the envelope on each of the k pieces.

    See Also
    --------
    lower_envelope : computes it.

    Examples
    --------
    >>> x, y = lower_envelope([[0.0, 1.0], [1.0, -1.0]])
    >>> x.tolist(), y.tolist()
    ([0.0, 0.5, 1.0], [0.0, 0.5, 0.0])
    """

    x: np.ndarray
    y: np.ndarray
    lines: np.ndarray

    _fields: ClassVar[tuple[str, ...]] = ("x", "y")


def lower_envelope(lines: Any, *, low: float = 0.0, high: float = 1.0) -> LowerEnvelope:
    """The lower envelope of lines y = a + b·x over [low, high], exactly, as a polyline.

    A cost curve is the lower envelope of one line per ROC point (Drummond & Holte 2006, §3):
    ``lower_envelope(cost_curve(table).lines)`` draws it with its true corners, where the
    sampled curve cuts them. Left to right the envelope follows lines of decreasing slope
    (it is concave); the lines are sorted by slope, and a stack keeps those that are lowest
    somewhere (the convex hull trick: a line is dropped when the next one crosses the line
    below it no later than it does). Parallel lines keep the lowest.

    Parameters
    ----------
    lines : array-like of shape (m, 2)
        Intercept a and slope b of each line (the layout of ``CostCurve.lines``).
    low, high : float, default 0 and 1
        The interval, low < high.

    Returns
    -------
    LowerEnvelope
        Unpacks as ``x, y``; ``lines`` names the line of each piece.

    Raises
    ------
    ValueError
        If `lines` is not a non-empty (m, 2) array of finite numbers or low ≥ high.

    See Also
    --------
    phidelta.measures.cost_curve : the cost lines of a scoring classifier.
    phidelta.measures.brier_curve : the Brier curve beside its envelope.

    References
    ----------
    Drummond, C., & Holte, R. C. (2006). Cost curves: an improved method for visualizing
    classifier performance. Machine Learning, 65(1), 95–130.

    Examples
    --------
    >>> from phidelta.counts import ScoreTable
    >>> from phidelta.measures import cost_curve
    >>> t = ScoreTable.from_scores([1, 0, 1, 0], [0.8, 0.6, 0.4, 0.2])
    >>> envelope = lower_envelope(cost_curve(t).lines)
    >>> envelope.x.tolist(), envelope.y.tolist()   # the hull points (0, 0.5), (0.5, 1)
    ([0.0, 0.5, 1.0], [0.0, 0.25, 0.0])
    """
    a_b = as_float_array(lines, "lines", ndim=2)
    if a_b.shape[1:] != (2,) or not len(a_b):
        raise ValueError(
            f"`lines` must be an (m, 2) array of intercepts and slopes, m ≥ 1; got shape "
            f"{a_b.shape}."
        )
    lo, hi = float(low), float(high)
    if not lo < hi:
        raise ValueError(f"`low` must be below `high`; got low={low!r}, high={high!r}.")
    a, b = a_b[:, 0], a_b[:, 1]
    # decreasing slope; among parallel lines the lowest first, the others dropped
    order = np.lexsort((a, -b))
    keep = np.r_[True, b[order][1:] != b[order][:-1]]
    order = order[keep]
    stack: list[int] = []
    starts: list[float] = []  # where each stacked line becomes the lowest
    for i in order.tolist():
        while stack:
            j = stack[-1]
            cross = (a[i] - a[j]) / (b[j] - b[i])  # b[j] > b[i]: i is lower right of cross
            if cross <= starts[-1]:
                stack.pop()
                starts.pop()
            else:
                stack.append(i)
                starts.append(cross)
                break
        else:
            stack.append(i)
            starts.append(-np.inf)
    begin = np.asarray(starts)
    end = np.r_[begin[1:], np.inf]
    inside = (end > lo) & (begin < hi)  # lines that are the lowest somewhere in (lo, hi)
    chosen = np.asarray(stack, dtype=np.intp)[inside]
    x = np.r_[lo, begin[inside][1:], hi]
    # each vertex on the line of the piece it starts; the right end on the last piece's
    y = np.r_[a[chosen] + b[chosen] * x[:-1], a[chosen[-1]] + b[chosen[-1]] * hi]
    return LowerEnvelope(x=x, y=y, lines=chosen)
