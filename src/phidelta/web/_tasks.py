"""The work of the worker processes: parsing uploads and computing views, with a cache of
parsed tables bounded in bytes.

Each function here runs in a worker (see :mod:`phidelta.web._workers`) and returns JSON bytes
or text; a bad input raises an :class:`~phidelta.web._errors.ApiError` that the server answers.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from phidelta.web._errors import ApiError
from phidelta.web._storage import Reader
from phidelta.web._views import (
    InputError,
    assessment_csv,
    classifier_view,
    interval_settings,
    load,
    loading_params,
    multiclass_view,
    read_table,
    roc_csv,
    signature_csv,
    signature_view,
    summary,
    to_json,
)


@dataclass
class Entry:
    """A parsed table and its summary (JSON), as cached, with what its recent analyses loaded
    from it (signatures, assessments: what does not depend on the ratio)."""

    frame: Any
    summary: bytes
    nbytes: int
    loaded: OrderedDict[str, Any] = field(default_factory=OrderedDict)

    def analysis(self, kind: str, params: dict[str, Any]) -> tuple[Any, int]:
        """The loaded analysis and how many bytes the entry grew by (may be negative)."""
        params = loading_params(params)  # switching intervals reuses what was loaded
        key = json.dumps([kind, params], sort_keys=True)
        if key in self.loaded:
            self.loaded.move_to_end(key)
            return self.loaded[key][0], 0
        value = load(kind, self.frame, params)
        grown = _deep_nbytes(value)
        self.loaded[key] = (value, grown)
        while len(self.loaded) > _LOADED_PER_TABLE:
            grown -= self.loaded.popitem(last=False)[1][1]
        return value, grown


_LOADED_PER_TABLE = 4


def _deep_nbytes(value: Any, depth: int = 4) -> int:
    """The bytes of the arrays an object holds (a signature's counts, an assessment's score
    tables), plus 1 KiB for the object itself."""
    if isinstance(value, np.ndarray):
        return value.nbytes
    if depth == 0 or isinstance(value, str | bytes | int | float):
        return 0
    if isinstance(value, dict):
        parts: Any = value.values()
    elif isinstance(value, list | tuple):
        parts = value
    elif hasattr(value, "__dict__"):
        parts = vars(value).values()
    else:
        parts = [getattr(value, name, None) for name in getattr(value, "__slots__", ())]
    return 1024 + sum(_deep_nbytes(part, depth - 1) for part in parts)


class FrameCache:
    """Parsed tables by dataset id, least recently used first, never more than ``budget``
    bytes nor ``entries`` tables (trimmed on every insert; a table larger than the budget is
    not kept)."""

    def __init__(self, budget: int, entries: int = 64) -> None:
        self.budget = int(budget)
        self.entries = int(entries)
        self.nbytes = 0
        self._entries: OrderedDict[str, Entry] = OrderedDict()
        self._added: set[str] = set()
        self._removed: set[str] = set()

    def __contains__(self, key: str) -> bool:
        return key in self._entries

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._entries))

    def keys(self) -> list[str]:
        return list(self._entries)

    def get(self, key: str) -> Entry | None:
        entry = self._entries.get(key)
        if entry is not None:
            self._entries.move_to_end(key)
        return entry

    def put(self, key: str, entry: Entry) -> None:
        self.drop(key)
        if entry.nbytes > self.budget:
            return
        self._entries[key] = entry
        self.nbytes += entry.nbytes
        self._added.add(key)
        self._removed.discard(key)
        while self.nbytes > self.budget or len(self._entries) > self.entries:
            self._remove(next(iter(self._entries)))

    def drop(self, key: str) -> None:
        if key in self._entries:
            self._remove(key)

    def grow(self, key: str, nbytes: int) -> None:
        """An entry holds ``nbytes`` more: older entries go (and it too, if it alone is over
        the budget)."""
        entry = self._entries.get(key)
        if entry is None or nbytes == 0:
            return
        entry.nbytes += nbytes
        self.nbytes += nbytes
        if entry.nbytes > self.budget:
            self._remove(key)
        while self.nbytes > self.budget:
            self._remove(next(iter(self._entries)))

    def _remove(self, key: str) -> None:
        self.nbytes -= self._entries.pop(key).nbytes
        self._removed.add(key)
        self._added.discard(key)

    def changes(self) -> tuple[list[str], list[str]]:
        """The keys added and removed since the last call."""
        added, removed = sorted(self._added), sorted(self._removed)
        self._added.clear()
        self._removed.clear()
        return added, removed


def _frame_bytes(frame: Any) -> int:
    return int(frame.memory_usage(index=True, deep=True).sum())


def _trim_heap() -> None:
    """Give freed memory back to the system (glibc keeps it otherwise)."""
    with contextlib.suppress(OSError, AttributeError):  # not glibc
        ctypes.CDLL("libc.so.6").malloc_trim(0)


@dataclass
class _State:
    reader: Reader
    limits: Any
    cache: FrameCache


_state: _State | None = None


def init_worker(database: str, limits: Any, cache_bytes: int) -> None:
    """Set up a worker process: its read-only database connection and its table cache."""
    global _state
    _state = _State(Reader(database), limits, FrameCache(cache_bytes))


def _current() -> _State:
    if _state is None:  # pragma: no cover - only a worker calls the tasks
        raise RuntimeError("phidelta.web._tasks runs in a worker process")
    return _state


def drop(dataset_id: str) -> None:
    state = _current()
    if dataset_id in state.cache:
        state.cache.drop(dataset_id)
        _trim_heap()


def cache_changes() -> tuple[list[str], list[str]]:
    return _current().cache.changes()


def _matrix_summary(content: bytes, fmt: str) -> bytes | None:
    """A confusion-matrix file that is no table (a headerless ``10,0,0`` first row repeats
    names): its classes as the columns, or None when it is no matrix either."""
    from phidelta.data import read_matrix

    try:
        matrix = read_matrix(content, format=fmt)
    except Exception:  # any flaw: it is no matrix (the table's error is the one shown)
        return None
    classes = [str(c) for c in matrix.input_classes]
    columns = [{"name": c, "dtype": "count", "distinct": 0, "values": []} for c in classes]
    return to_json({"rows": len(classes), "columns": columns})


def _parse(dataset_id: str, content: bytes, fmt: str) -> Entry:
    state = _current()
    try:
        frame = read_table(content, fmt, state.limits)
        described = to_json(summary(frame))
    except InputError as exc:
        matrix = None if exc.limit is not None else _matrix_summary(content, fmt)
        if matrix is None:
            raise ApiError.of_input(exc) from None
        frame, described = None, matrix
    nbytes = len(described) + (0 if frame is None else _frame_bytes(frame))
    entry = Entry(frame, described, nbytes)
    before = len(state.cache)
    state.cache.put(dataset_id, entry)
    if len(state.cache) <= before:  # something was evicted (or the table was not kept)
        _trim_heap()
    return entry


def _entry(dataset_id: str) -> Entry:
    state = _current()
    entry = state.cache.get(dataset_id)
    if entry is None:
        stored = state.reader.content(dataset_id)
        if stored is None:
            raise ApiError(404, f"No dataset {dataset_id!r}.", "dataset_id")
        entry = _parse(dataset_id, *stored)
    return entry


def _frame(entry: Entry) -> Any:
    if entry.frame is None:
        raise ApiError(
            400,
            "This file reads only as a confusion matrix (its first row repeats names, so it "
            "is no table): analyse it as multiclass, as a confusion matrix.",
            "file",
        )
    return entry.frame


def _analysis(dataset_id: str, entry: Entry, kind: str, params: dict[str, Any]) -> Any:
    """The dataset's signature or assessment for these parameters, kept with its table."""
    value, grown = entry.analysis(kind, params)
    _current().cache.grow(dataset_id, grown)
    return value


def parse_upload(dataset_id: str, content: bytes, fmt: str) -> bytes:
    """Read an upload (within the limits) and keep it for the analyses that follow; its
    summary as JSON."""
    return _parse(dataset_id, content, fmt).summary


def dataset_summary(dataset_id: str) -> bytes:
    return _entry(dataset_id).summary


def render_view(dataset_id: str, kind: str, params: dict[str, Any], query: dict[str, Any]) -> bytes:
    """The view of an analysis (kind and parameters) for the query's ratio, ranking, rule,
    cost ratio, regions, significance and intervals (the query's, else the stored ones), as
    JSON; the intervals' bootstrap runs here, in the worker."""
    try:
        if kind == "multiclass" and params.get("matrix"):
            stored = _current().reader.content(dataset_id)
            if stored is None:
                raise ApiError(404, f"No dataset {dataset_id!r}.", "dataset_id")
            intervals = interval_settings(params, query)
            return to_json(multiclass_view(None, params, *stored, intervals=intervals))
        entry = _entry(dataset_id)
        frame = _frame(entry)
        loaded = _analysis(dataset_id, entry, kind, params)
        intervals = interval_settings(params, query)
        if kind == "signature":
            names = ("ratio", "rank_by", "phi_max", "delta_min", "k", "significance", "fdr")
            payload = signature_view(
                frame,
                params,
                loaded=loaded,
                intervals=intervals,
                **{n: query[n] for n in names if n in query},
            )
        elif kind == "classifier":
            names = ("ratio", "cost_ratio", "regions")
            payload = classifier_view(
                frame,
                params,
                loaded=loaded,
                intervals=intervals,
                **{n: query[n] for n in names if n in query},
            )
        else:
            payload = multiclass_view(frame, params, intervals=intervals)
    except InputError as exc:
        raise ApiError.of_input(exc) from None
    return to_json(payload)


def render_csv(
    dataset_id: str,
    params: dict[str, Any],
    ratio: float | str,
    significance: bool = False,
    query: dict[str, Any] | None = None,
) -> str:
    """The ranking table of a signature analysis as CSV (with p- and q-values when asked, and
    intervals when the query or the analysis switches them on)."""
    try:
        entry = _entry(dataset_id)
        frame = _frame(entry)
        loaded = _analysis(dataset_id, entry, "signature", params)
        intervals = interval_settings(params, query or {})
        return signature_csv(
            frame, params, ratio, loaded, significance=significance, intervals=intervals
        )
    except InputError as exc:
        raise ApiError.of_input(exc) from None


def render_assessment_csv(
    dataset_id: str, params: dict[str, Any], query: dict[str, Any] | None = None
) -> str:
    """The measure table of a classifier analysis as CSV (both classifiers when it compares
    two; with every measure's interval when the query or the analysis switches them on)."""
    try:
        entry = _entry(dataset_id)
        frame = _frame(entry)
        loaded = _analysis(dataset_id, entry, "classifier", params)
        return assessment_csv(frame, params, loaded, interval_settings(params, query or {}))
    except InputError as exc:
        raise ApiError.of_input(exc) from None


def render_roc_csv(dataset_id: str, params: dict[str, Any]) -> str:
    """The full ROC curve of every classifier with scores of a classifier analysis as CSV."""
    try:
        entry = _entry(dataset_id)
        frame = _frame(entry)
        loaded = _analysis(dataset_id, entry, "classifier", params)
        return roc_csv(frame, params, loaded)
    except InputError as exc:
        raise ApiError.of_input(exc) from None


def cache_report() -> dict[str, Any]:
    """What this worker's cache holds (for tests and the load benchmark)."""
    cache = _current().cache
    return {
        "keys": cache.keys(),
        "nbytes": cache.nbytes,
        "budget": cache.budget,
        "entries": cache.entries,
    }
