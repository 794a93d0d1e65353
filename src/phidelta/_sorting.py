"""Sorting one long array in place on a few threads.

NumPy sorts a 1-D array on one thread (with SIMD for numbers). A long array is sorted faster
as a few contiguous buckets, each holding only values that belong between its neighbours',
sorted at once on the machine's cores (NumPy releases the GIL while sorting). The buckets are
made by splitting in two, and the first split is itself shared by two threads: each half is
partitioned around one pivot (the median of a sample) by rank — ``partition(c)`` with ``c``
the half's values below the pivot — and the misplaced blocks are swapped. One call of
``partition`` with several positions would be simpler, but NumPy's SIMD selection takes one
position only: with two or three it is as slow as a full sort.

The result is the sorted array, exactly as ``values.sort()`` gives it; only the time differs.
"""

from __future__ import annotations

import numpy as np

from phidelta._parallel import row_parts, run_parts, thread_count

__all__ = ["SPLIT_SORT_ROWS", "sort_in_parts"]

#: Values from which a sort is split across threads: the splits cost about a tenth of a sort,
#: so the buckets must be long for the threads to gain more than that.
SPLIT_SORT_ROWS = 1 << 19
#: Values sampled for a pivot: its rank is then within about 1 % of the middle.
_SAMPLE = 4096


def sort_in_parts(values: np.ndarray) -> None:
    """Sort a contiguous 1-D array of numbers (no NaN) in place, as ``values.sort()``.

    From :data:`SPLIT_SORT_ROWS` values on and with two threads or more (see
    :func:`phidelta._parallel.thread_count`), the array is split into two or four buckets of
    about equal length that are sorted at the same time.

    Examples
    --------
    >>> values = np.array([3.0, -1.0, 2.0, 0.5])
    >>> sort_in_parts(values)
    >>> values
    array([-1. ,  0.5,  2. ,  3. ])
    """
    n = len(values)
    threads = thread_count()
    if n < SPLIT_SORT_ROWS or threads < 2:
        values.sort()
        return
    middle = _split_in_two(values)
    buckets = [(0, middle), (middle, n)]
    if threads >= 4 and min(middle, n - middle) >= SPLIT_SORT_ROWS // 2:
        a, b = run_parts(lambda start, stop: start + _split_by_rank(values[start:stop]), buckets)
        buckets = [(0, a), (a, middle), (middle, b), (b, n)]
    run_parts(lambda start, stop: values[start:stop].sort(), buckets)


def _split_by_rank(values: np.ndarray) -> int:
    """Put the lower half of ``values`` first (one thread); its length."""
    middle = len(values) // 2
    values.partition(middle)
    return middle


def _split_in_two(values: np.ndarray) -> int:
    """Rearrange ``values`` so that every value in ``[:cut]`` is at most every value in
    ``[cut:]``, with ``cut`` near the middle, on two threads; return ``cut``."""
    n = len(values)
    half = n // 2
    step = max(1, n // _SAMPLE)
    sample = values[::step].copy()
    sample.partition(len(sample) // 2)
    pivot = sample[len(sample) // 2]

    def below_pivot_first(start: int, stop: int) -> int:
        part = values[start:stop]
        below = int(np.count_nonzero(part < pivot))
        if 0 < below < len(part):
            part.partition(below)  # the `below` smallest are exactly those below the pivot
        return below

    low, high = run_parts(below_pivot_first, [(0, half), (half, n)])
    cut = low + high
    if not n // 4 <= cut <= n - n // 4:
        # many values equal to the pivot (few distinct scores): a split by rank keeps the
        # buckets even
        return _split_by_rank(values)
    # now [below | not below] [below | not below]: swap the shorter misplaced block with the
    # same length at the far end of the other one
    moved = min(half - low, high)
    if moved:
        left, right = low, half + high - moved  # values[left:left+moved] ↔ values[right:…]

        def swap(start: int, stop: int) -> None:
            kept = values[left + start : left + stop].copy()
            values[left + start : left + stop] = values[right + start : right + stop]
            values[right + start : right + stop] = kept

        run_parts(swap, row_parts(moved, 1 << 14))
    return cut
