"""Blocked passes over long arrays split across a few threads.

Most of the work of a ranking measure on a large input is a handful of linear passes around
one sort: making the sort keys, reading the labels back, finding the curve's corners, taking
thresholds and rates. Each pass runs NumPy ufuncs on cache-sized blocks, and NumPy releases
the GIL inside them, so the rows can be split into a few contiguous parts done at once on
the machine's cores. The results are identical to one thread's: every part writes its own
slice, and the passes that carry a running sum are given the sum at their part's start.

``PHIDELTA_NUM_THREADS`` sets how many threads may be used (``1`` turns this off); by default
as many as the process may use, at most 4 (more only add memory traffic). Inputs under
:data:`MIN_ROWS` rows are done on the calling thread. A process forked from one that used
the helper threads starts without them and makes its own.

A part never calls BLAS (``np.dot`` or ``@`` of float arrays, ``np.linalg``), and neither
does a blocked pass on the calling thread: OpenBLAS shares out any product of more than about
10⁴ numbers among threads of its own, so each call would start (or wake) BLAS threads on top
of phidelta's — more threads than cores — and on a machine whose cores are busy the call
waits for them. Measured on a 2-core machine with another process running: a weighted AUC at
10⁶ rows, which made three BLAS products per block of 2¹⁶ rows, took 290 ms, and 56 ms with
BLAS on one thread. The parts use NumPy's own loops instead (ufunc reductions,
:func:`phidelta._compute.dot`); a product big enough to be worth BLAS's threads is made once,
on the calling thread, outside any part. Sums over blocks are kept per block (or per fixed
stretch of rows) and added in order, so the results do not depend on the number of threads.
"""

from __future__ import annotations

import itertools
import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

__all__ = ["MIN_ROWS", "row_parts", "run_parts", "thread_count"]

#: Inputs with fewer rows run on one thread: a part must be long enough to pay for handing
#: it to another thread (tens of microseconds).
MIN_ROWS = 1 << 18
_DEFAULT_LIMIT = 4
_PREFIX = "phidelta-parts"

_T = TypeVar("_T")
_lock = threading.Lock()
_executor: ThreadPoolExecutor | None = None
_executor_size = 0


def thread_count() -> int:
    """Threads a pass may use: ``PHIDELTA_NUM_THREADS`` if set (at least 1), else the CPUs
    this process may run on, at most 4."""
    setting = os.environ.get("PHIDELTA_NUM_THREADS", "").strip()
    if setting:
        try:
            return max(1, int(setting))
        except ValueError:
            raise ValueError(
                f"PHIDELTA_NUM_THREADS must be a whole number of threads, got {setting!r}"
            ) from None
    try:
        available = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on Linux
        available = os.cpu_count() or 1
    return max(1, min(available, _DEFAULT_LIMIT))


def row_parts(n: int, block: int, *, min_rows: int | None = None) -> list[tuple[int, int]]:
    """Split rows ``0 … n`` into contiguous ``(start, stop)`` parts, one per thread, each
    starting at a multiple of ``block`` (so the parts' blocks are the blocks of one pass);
    one part when ``n`` is below ``min_rows`` (default :data:`MIN_ROWS`)."""
    limit = MIN_ROWS if min_rows is None else min_rows
    count = min(thread_count(), max(1, n // max(limit // 2, 1)), max(1, -(-n // block)))
    if n < limit or count < 2:
        return [(0, n)]
    blocks = -(-n // block)
    edges = [min(n, (blocks * i // count) * block) for i in range(count + 1)]
    edges[-1] = n
    return [(a, b) for a, b in itertools.pairwise(edges) if b > a]


def run_parts(work: Callable[[int, int], _T], parts: list[tuple[int, int]]) -> list[_T]:
    """``[work(start, stop) for each part]``, the first part on the calling thread and the
    others on helper threads at the same time. Every part is finished before this returns,
    also when one raises (the first exception is raised). Called from a helper thread (a
    pass inside a pass), the parts run one after the other on it: a helper never waits for
    the others, so the helpers cannot all be waiting."""
    if len(parts) == 1 or threading.current_thread().name.startswith(_PREFIX):
        return [work(start, stop) for start, stop in parts]
    executor = _helpers(len(parts) - 1)
    futures = [executor.submit(work, start, stop) for start, stop in parts[1:]]
    try:
        first = work(*parts[0])
    except BaseException:
        for future in futures:
            future.exception()  # wait: the helpers write into the caller's arrays
        raise
    return [first, *(future.result() for future in futures)]


def _helpers(size: int) -> ThreadPoolExecutor:
    global _executor, _executor_size
    with _lock:
        if _executor is None or _executor_size < size:
            if _executor is not None:
                _executor.shutdown(wait=False)
            _executor = ThreadPoolExecutor(size, thread_name_prefix=_PREFIX)
            _executor_size = size
        return _executor


def _forget_helpers() -> None:
    """In a forked child: the parent's helper threads do not exist there."""
    global _executor, _executor_size, _lock
    _executor, _executor_size, _lock = None, 0, threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_helpers)
