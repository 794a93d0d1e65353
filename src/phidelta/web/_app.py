"""The web application (FastAPI): :func:`create_app` assembles the routers, the worker pool,
the database and the guard; :func:`serve` runs it."""

from __future__ import annotations

import os
import socket
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.concurrency import run_in_threadpool

from phidelta import __version__
from phidelta.data import Limits
from phidelta.web._errors import install_handlers
from phidelta.web._routers import analyses, datasets, examples, pages
from phidelta.web._security import LOCAL_HOSTS, Guard, upload_body_limit
from phidelta.web._services import DEFAULT_LIMITS, DEFAULT_MAX_UPLOAD, Services, Settings
from phidelta.web._storage import Store, StoreError, default_database_path
from phidelta.web._upload import UploadBudget
from phidelta.web._workers import WorkerPool

#: what :func:`create_app` trusts by default: the local names and Starlette's test client
DEFAULT_HOSTS = (*LOCAL_HOSTS, "testserver")


def create_app(
    database: str | Path | None = None,
    *,
    max_upload_bytes: int = DEFAULT_MAX_UPLOAD,
    limits: Limits | None = None,
    workers: int | None = None,
    time_limit: float = 30.0,
    cache_bytes: int = 256 * 2**20,
    allowed_hosts: Iterable[str] | None = None,
    max_database_bytes: int | None = None,
    max_pending_upload_bytes: int | None = None,
) -> FastAPI:
    """The application, storing everything in ``database`` (SQLite; see
    :func:`default_database_path`).

    Parameters
    ----------
    database : path, optional
        The SQLite file; a :class:`~phidelta.web.StoreError` says why one cannot be used.
    max_upload_bytes : int, default=50 MiB
        Larger uploads are refused with 413 as they stream in (nothing reaches the disk).
    limits : phidelta.data.Limits, optional
        Columns, rows and bytes per cell of an upload (default 2,000, 2,000,000 and 100,000);
        beyond one, 413 naming it.
    workers : int, optional
        Processes that parse and analyse (default: one per core).
    time_limit : float, default=30
        Seconds a parse or view may take (its worker is then stopped: 503), and may wait for
        a free worker.
    cache_bytes : int, default=256 MiB
        Memory for parsed tables, shared by the workers; least recently used ones go first.
    allowed_hosts : iterable of str, optional
        Host names the server answers to (``"*"``: any); default localhost, 127.0.0.1, ::1
        and ``testserver`` (the test client).
    max_database_bytes : int, optional
        A size cap of the database: beyond it, uploads get 507 as on a full disk.
    max_pending_upload_bytes : int, optional
        The bytes all uploads may hold at once, from their first byte until they are stored
        or refused (default 4 × ``max_upload_bytes``); an upload that would exceed it gets 503
        naming ``max_pending_upload_bytes``.

    Notes
    -----
    The workers are processes forked from a server process that imports the analysis modules
    once; as with any :mod:`multiprocessing` program, a script that creates the application
    must do so under ``if __name__ == "__main__":`` (each worker imports the main module).
    The workers start with the application's lifespan, or on the first request that needs one.
    """
    settings = Settings(
        max_upload_bytes=int(max_upload_bytes),
        limits=DEFAULT_LIMITS if limits is None else limits,
        workers=workers,
        time_limit=float(time_limit),
        cache_bytes=int(cache_bytes),
        hosts=tuple(DEFAULT_HOSTS if allowed_hosts is None else allowed_hosts),
        max_database_bytes=max_database_bytes,
        max_pending_upload_bytes=max_pending_upload_bytes,
    )
    path = Path(database or default_database_path())
    store = Store(path, max_bytes=max_database_bytes)
    pool = WorkerPool(
        str(path),
        workers=workers,
        time_limit=settings.time_limit,
        limits=settings.limits,
        cache_bytes=settings.cache_bytes,
    )

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await run_in_threadpool(pool.start)
        yield
        await run_in_threadpool(pool.close)

    app = FastAPI(
        title="phidelta",
        version=__version__,
        description="φ-δ diagrams, feature signatures, classifier assessment and the "
        "entropy triangle, as a JSON API and a web page. Every error answer is "
        '`{"detail": {"message", "field", "limit"}}` (422: FastAPI\'s validation errors).',
        lifespan=lifespan,
    )
    app.state.services = Services(
        settings=settings,
        store=store,
        pool=pool,
        uploads=UploadBudget(settings.pending_upload_bytes),
    )
    app.state.store = store  # the names tests and older callers use
    app.state.pool = pool
    install_handlers(app)
    for router in (datasets.router, analyses.router, examples.router, pages.router):
        app.include_router(router)
    app.add_middleware(
        Guard,
        hosts=settings.hosts,
        body_limits={"/api/datasets": upload_body_limit(settings.max_upload_bytes)},
    )
    return app


class ServeError(Exception):
    """The server cannot start: a one-line reason (bad database, busy port)."""


def _bind(host: str, port: int) -> socket.socket:
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
    except socket.gaierror as exc:
        raise ServeError(f"cannot listen on {host!r}: {exc.strerror}") from None
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        reason = "it is in use" if exc.errno == 98 else exc.strerror
        raise ServeError(
            f"cannot listen on port {port} of {host}: {reason}; choose another with --port"
        ) from None
    sock.set_inheritable(True)
    return sock


def serve(
    host: str = "127.0.0.1",
    port: int = 8765,
    database: str | None = None,
    max_upload_mb: int = 50,
    *,
    allowed_hosts: Iterable[str] = (),
    on_ready: Callable[[str], None] | None = None,
    **settings: Any,
) -> None:
    """Open the database and the port, call ``on_ready(url)``, then serve until stopped.

    Raises :class:`ServeError` (one line) when the database cannot be used or the port is
    taken, before anything is served. The server answers to ``host``, the local names and
    ``allowed_hosts``; ``settings`` are those of :func:`create_app`.
    """
    import uvicorn

    hosts = [host, *LOCAL_HOSTS, *allowed_hosts]
    try:
        app = create_app(
            database, max_upload_bytes=max_upload_mb * 2**20, allowed_hosts=hosts, **settings
        )
    except StoreError as exc:
        raise ServeError(str(exc)) from None
    sock = _bind(host, port)
    shown = f"[{host}]" if ":" in host else host
    if on_ready is not None:
        on_ready(f"http://{shown}:{port}")
    config = uvicorn.Config(
        app,
        log_level=os.environ.get("PHIDELTA_LOG", "warning"),
        timeout_graceful_shutdown=5,
    )
    uvicorn.Server(config).run(sockets=[sock])
