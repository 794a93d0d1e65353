"""Worker processes: parsing and analyses run off the event loop, each under a time limit.

A :class:`WorkerPool` keeps ``workers`` processes (forked from a preloaded server, so a new one
starts in milliseconds). A request takes an idle worker — preferably one that has its dataset
parsed already — sends it a function and arguments over a pipe and waits, in a thread, for the
answer. A worker that runs over the time limit is killed and replaced; its request is
answered 503, and every other request goes on. The pool is thread-safe and bound to no event
loop.
"""

from __future__ import annotations

import collections
import contextlib
import logging
import multiprocessing
import os
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from phidelta.web._errors import ApiError

#: imported once by the forkserver, so that a new worker (at start, or replacing one that was
#: killed) answers its first call in milliseconds: pandas alone takes ~1 s to import
_PRELOAD = ["phidelta.web._tasks", "pandas"]

_log = logging.getLogger("phidelta.web")

#: seconds a call waits for the busy worker that has its table parsed before it takes another
#: (which parses the table again: ~10 ms for 300 rows, seconds for large files)
AFFINITY_WAIT = 0.05


def _context() -> Any:
    """Forkserver where there is one (a fresh, single-threaded parent with the heavy modules
    already imported), else spawn; never a fork of the threaded server."""
    try:
        context = multiprocessing.get_context("forkserver")
    except ValueError:  # pragma: no cover - Windows
        return multiprocessing.get_context("spawn")
    context.set_forkserver_preload(_PRELOAD)
    return context


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def _serve(conn: Any, database: str, limits: Any, cache_bytes: int) -> None:
    """A worker's loop: run each function it is sent, answer with its result or error and
    the changes of its cache; ``("drop", id)`` forgets a dataset without an answer."""
    from phidelta.web import _tasks

    _tasks.init_worker(database, limits, cache_bytes)
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):  # the server is gone
            return
        if message[0] == "drop":
            _tasks.drop(message[1])
            continue
        _, function, args = message
        try:
            answer: tuple[Any, ...] = ("ok", function(*args))
        except ApiError as exc:
            answer = ("error", exc)
        except Exception as exc:  # a bug: the server answers 500 (JSON) and logs the traceback
            answer = ("crash", f"{type(exc).__name__}: {exc}\n{traceback.format_exc()}")
        conn.send((*answer, _tasks.cache_changes()))


@dataclass(eq=False)
class _Worker:
    process: Any
    conn: Any
    cached: set[str] = field(default_factory=set)
    send_lock: threading.Lock = field(default_factory=threading.Lock)

    def send(self, message: Any) -> None:
        with self.send_lock:
            self.conn.send(message)

    def alive(self) -> bool:
        """Whether an idle worker still runs: it has nothing to say, so a readable pipe means
        the end of the file (it died; seen at once, before its exit status is)."""
        try:
            return self.process.is_alive() and not self.conn.poll(0)
        except (OSError, ValueError):
            return False

    def stop(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join(timeout=5)
        self.conn.close()


@dataclass(eq=False)
class _Waiter:
    """A call waiting for a worker: the releasing call hands one over and wakes it."""

    dataset: str | None
    ready: threading.Event = field(default_factory=threading.Event)
    worker: _Worker | None = None


class WorkerPool:
    """``workers`` processes (default: one per core) that parse and analyse; each call may run
    ``time_limit`` seconds and wait as long again for a free worker (then 503)."""

    def __init__(
        self,
        database: str,
        *,
        workers: int | None = None,
        time_limit: float = 30.0,
        limits: Any = None,
        cache_bytes: int = 256 * 2**20,
    ) -> None:
        self.database = str(database)
        self.size = max(1, workers or _cores())
        self.time_limit = float(time_limit)
        self.limits = limits
        self.cache_bytes = int(cache_bytes)
        self._cond = threading.Condition()
        self._idle: list[_Worker] = []
        self._all: list[_Worker] = []
        self._waiters: collections.deque[_Waiter] = collections.deque()
        self._started = False

    # --- life cycle ---------------------------------------------------------------------------
    def start(self) -> None:
        """Start the workers (otherwise the first call does; after :meth:`close` too)."""
        with self._cond:
            if self._started:
                return
            self._started = True
        workers = [self._spawn() for _ in range(self.size)]
        with self._cond:
            self._all.extend(workers)
            for worker in workers:
                self._hand_over(worker)

    def _spawn(self) -> _Worker:
        context = _context()
        here, there = context.Pipe()
        budget = max(1, self.cache_bytes // self.size)
        process = context.Process(
            target=_serve,
            args=(there, self.database, self.limits, budget),
            name="phidelta-worker",
            daemon=True,
        )
        process.start()
        there.close()
        return _Worker(process, here)

    def close(self) -> None:
        """Stop every worker (a call under way gets 503); a later call starts new ones."""
        with self._cond:
            self._started = False
            workers, self._all, self._idle = self._all, [], []
            for waiter in self._waiters:
                waiter.ready.set()
        for worker in workers:
            worker.stop()

    def pids(self) -> list[int]:
        with self._cond:
            return [w.process.pid for w in self._all]

    # --- calls --------------------------------------------------------------------------------
    def run(self, function: Callable[..., Any], *args: Any, dataset: str | None = None) -> Any:
        """``function(*args)`` in a worker (one that has ``dataset`` parsed, if one is idle).

        Raises the function's ApiError, or an ApiError 503 when no worker is free within the
        time limit or the call runs over it (its worker is then killed and replaced).
        """
        self.start()
        worker = self._acquire_alive(dataset)
        healthy = False
        try:
            worker.send(("run", function, args))
            if not worker.conn.poll(self.time_limit):
                raise ApiError(
                    503,
                    f"The request took longer than the server's time limit of "
                    f"{self.time_limit:g} s and was stopped (time_limit).",
                    limit="time_limit",
                )
            status, value, (added, removed) = worker.conn.recv()
            with self._cond:  # before the next call may choose it
                worker.cached.update(added)
                worker.cached.difference_update(removed)
            healthy = True
        except (EOFError, OSError, BrokenPipeError):
            raise ApiError(
                503, "The worker stopped while working on the request (out of memory?)."
            ) from None
        finally:
            self._release(worker, healthy)
        if status == "ok":
            return value
        if status == "error":
            raise value
        _log.error("a worker failed on %s: %s", getattr(function, "__name__", function), value)
        raise ApiError(500, "The server failed on this request (an internal error; it is logged).")

    def _acquire_alive(self, dataset: str | None) -> _Worker:
        """A worker for a call, as :meth:`_acquire`, but never one that died while idle (killed
        from outside, e.g. by the out-of-memory killer): it is replaced, and the call, which lost
        nothing, takes another."""
        for _ in range(self.size + 1):
            worker = self._acquire(dataset)
            if worker.alive():
                return worker
            self._release(worker, healthy=False)
        return worker  # dead too: the call answers 503 as for a worker that stops while working

    def drop(self, dataset: str) -> None:
        """Forget a dataset in every worker that has it (after it was deleted)."""
        with self._cond:
            holders = [w for w in self._all if dataset in w.cached]
            for worker in holders:
                worker.cached.discard(dataset)
        for worker in holders:
            with contextlib.suppress(OSError):  # a dead worker is replaced on its next call
                worker.send(("drop", dataset))

    def _held(self, dataset: str | None) -> bool:
        return dataset is not None and any(dataset in w.cached for w in self._all)

    def _take_idle(self, dataset: str | None, declined: float | None) -> _Worker | None:
        """An idle worker for ``dataset`` (under the lock): one that has it parsed, else any
        when none has it or the call has declined one for ``AFFINITY_WAIT`` seconds."""
        chosen = next((w for w in self._idle if dataset in w.cached), None)
        if chosen is None and self._idle:
            patient = declined is not None and time.monotonic() - declined < AFFINITY_WAIT
            if not self._held(dataset) or (declined is not None and not patient):
                chosen = self._idle[0]
        if chosen is not None:
            self._idle.remove(chosen)
        return chosen

    def _acquire(self, dataset: str | None) -> _Worker:
        """A worker for a call on ``dataset``: preferably the one that has it parsed; while
        that one is busy, another idle worker is declined for up to ``AFFINITY_WAIT`` seconds
        (it would parse the table again). Waiting calls are served in order, each woken only
        when a worker is handed to it."""
        deadline, declined = time.monotonic() + self.time_limit, None
        waiter = _Waiter(dataset)
        with self._cond:
            chosen = self._take_idle(dataset, None)
            if chosen is not None:
                return chosen
            self._waiters.append(waiter)
        try:
            while True:
                now = time.monotonic()
                with self._cond:
                    if self._idle and declined is None:
                        declined = now
                wait = deadline - now if declined is None else declined + AFFINITY_WAIT - now
                waiter.ready.wait(max(0.0, min(wait, 1.0, deadline - now)))
                self.start()
                with self._cond:
                    waiter.ready.clear()
                    if waiter.worker is not None:
                        return waiter.worker
                    chosen = self._take_idle(dataset, declined)
                    if chosen is not None:
                        return chosen
                    if time.monotonic() >= deadline:
                        raise ApiError(
                            503,
                            f"The server is busy: every worker has been working for "
                            f"{self.time_limit:g} s; try again.",
                            headers={"Retry-After": "5"},
                        )
        finally:
            with self._cond:
                if waiter in self._waiters:
                    self._waiters.remove(waiter)

    def _hand_over(self, worker: _Worker) -> None:
        """A free worker (under the lock) to the first waiting call that has its table
        there, else to the first that has its table nowhere; else it waits, idle, and the
        first waiting call is woken to decline it or take it."""
        for wants in (lambda w: w.dataset in worker.cached, lambda w: not self._held(w.dataset)):
            waiter = next((w for w in self._waiters if w.worker is None and wants(w)), None)
            if waiter is not None:
                self._waiters.remove(waiter)
                waiter.worker = worker
                waiter.ready.set()
                return
        self._idle.append(worker)
        if self._waiters:
            self._waiters[0].ready.set()

    def _release(self, worker: _Worker, healthy: bool) -> None:
        if not healthy:  # killed or dead: a fresh worker takes its place (the answer goes now)
            worker.stop()
            with self._cond:
                if worker not in self._all:  # the pool was closed meanwhile
                    return
                self._all.remove(worker)
            threading.Thread(target=self._replace, name="phidelta-respawn", daemon=True).start()
            return
        with self._cond:
            if worker in self._all:
                self._hand_over(worker)
                return
        worker.stop()  # the pool was closed while it worked

    def _replace(self) -> None:
        replacement = self._spawn()
        with self._cond:
            if self._started:
                self._all.append(replacement)
                self._hand_over(replacement)
                return
        replacement.stop()
