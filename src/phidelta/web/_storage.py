"""Persistence of uploads and analyses in an embedded SQLite database.

Uploaded bytes are stored as blobs; a file name is only ever a display label (never a path).
Each analysis keeps its parameters and is recomputed from its dataset, so its URL keeps working
after a restart. Every write is one transaction: it is stored whole or not at all.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
import uuid
from pathlib import Path
from typing import Any

_SCHEMA = """
CREATE TABLE IF NOT EXISTS datasets (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, format TEXT NOT NULL, created REAL NOT NULL,
    content BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS analyses (
    id TEXT PRIMARY KEY, dataset_id TEXT NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
    kind TEXT NOT NULL, params TEXT NOT NULL, created REAL NOT NULL
);
"""


class StoreError(Exception):
    """The database cannot be used; the message is one line that says why and what to do."""


def default_database_path() -> Path:
    """``$PHIDELTA_DB``, else the user's data directory (XDG on Linux)."""
    configured = os.environ.get("PHIDELTA_DB")
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "phidelta" / "phidelta.sqlite3"


def new_id() -> str:
    """A fresh dataset or analysis id (12 hex digits)."""
    return uuid.uuid4().hex[:12]


def _display_name(name: str) -> str:
    """A file name as a harmless label: its last component, printable, at most 120 chars."""
    label = name.replace("\\", "/").rsplit("/", 1)[-1]
    label = "".join(ch for ch in label if ch.isprintable()).strip() or "upload"
    return label[:120]


def _open(path: Path, max_bytes: int | None) -> sqlite3.Connection:
    """The connection, or a StoreError naming what is wrong with ``path``."""
    if path.is_dir():
        raise StoreError(
            f"{path} is a directory; give a file name such as {path / 'phidelta.sqlite3'}"
        )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"cannot create the directory {path.parent}: {exc.strerror}") from None
    if path.exists() and not os.access(path, os.R_OK | os.W_OK):
        raise StoreError(f"{path} is not readable and writable by this user")
    if not path.exists() and not os.access(path.parent, os.W_OK | os.X_OK):
        raise StoreError(f"cannot create {path}: the directory {path.parent} is not writable")
    try:
        db = sqlite3.connect(path, check_same_thread=False, timeout=10)
    except sqlite3.Error as exc:
        raise StoreError(f"cannot open {path} as a SQLite database: {exc}") from None
    try:
        db.execute("PRAGMA foreign_keys = ON")
        new = not db.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchone()
        if new:  # pages of deleted datasets go back to the file system (before any table)
            db.execute("PRAGMA auto_vacuum = INCREMENTAL")
        db.execute("PRAGMA journal_mode = WAL")  # readers (the workers) never block the writer
        db.executescript(_SCHEMA)
        db.commit()
        if max_bytes is not None:
            page = db.execute("PRAGMA page_size").fetchone()[0]
            db.execute(f"PRAGMA max_page_count = {max(1, int(max_bytes) // page)}")
    except sqlite3.DatabaseError as exc:
        db.close()
        if "not a database" in str(exc):
            raise StoreError(
                f"{path} is not a SQLite database; choose another file with --database"
            ) from None
        raise StoreError(f"cannot use {path} as the database: {exc}") from None
    return db


def storage_failure(exc: sqlite3.Error) -> tuple[int, str]:
    """The HTTP status and message for a database error (507 when it is full)."""
    code = getattr(exc, "sqlite_errorcode", None)
    primary = None if code is None else code & 0xFF
    if primary == sqlite3.SQLITE_FULL or "database or disk is full" in str(exc):
        return 507, (
            "The database is full (no space left on the disk, or its size limit reached); "
            "delete datasets to free space."
        )
    if primary in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return 503, "The database is busy; try again in a moment."
    if primary == sqlite3.SQLITE_READONLY:
        return 503, "The database is read-only; nothing can be stored."
    if primary == sqlite3.SQLITE_IOERR:
        return 503, "The database could not be read or written (an I/O error)."
    return 500, f"Database error: {exc}"


class Store:
    """Datasets and analyses in one SQLite file (thread-safe for the web server).

    ``max_bytes`` caps the size of the database file (SQLite's ``max_page_count``): beyond
    it, writes fail as on a full disk.
    """

    def __init__(self, path: str | Path, *, max_bytes: int | None = None) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._db = _open(self.path, max_bytes)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def add_dataset(self, key: str, name: str, fmt: str, content: bytes) -> dict[str, Any]:
        created = time.time()
        with self._lock, self._db:  # one transaction: committed whole or rolled back
            self._db.execute(
                "INSERT INTO datasets VALUES (?, ?, ?, ?, ?)",
                (key, _display_name(name), fmt, created, content),
            )
        return {"id": key, "name": _display_name(name), "format": fmt, "created": created}

    def dataset(self, key: str) -> dict[str, Any] | None:
        """A dataset's id, name, format and creation time (not its content)."""
        with self._lock:
            row = self._db.execute(
                "SELECT id, name, format, created FROM datasets WHERE id = ?", (key,)
            ).fetchone()
        if row is None:
            return None
        return {"id": row[0], "name": row[1], "format": row[2], "created": row[3]}

    def datasets(self, limit: int = -1, offset: int = 0) -> list[dict[str, Any]]:
        """The newest first; ``limit`` of them (-1: all) after ``offset``."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, name, format, created FROM datasets ORDER BY created DESC "
                "LIMIT ? OFFSET ?",
                (limit, offset),
            ).fetchall()
        return [{"id": r[0], "name": r[1], "format": r[2], "created": r[3]} for r in rows]

    def delete_dataset(self, key: str) -> bool:
        with self._lock:
            with self._db:
                self._db.execute("DELETE FROM analyses WHERE dataset_id = ?", (key,))
                cursor = self._db.execute("DELETE FROM datasets WHERE id = ?", (key,))
            if cursor.rowcount > 0:
                self._release_space()
        return cursor.rowcount > 0

    def _release_space(self) -> None:
        """Return the pages of deleted rows to the file system (databases created here)."""
        try:
            self._db.execute("PRAGMA incremental_vacuum")
            self._db.commit()
        except sqlite3.Error:  # the delete is committed; its pages are reused either way
            self._db.rollback()

    def add_analysis(self, dataset_id: str, kind: str, params: dict[str, Any]) -> dict[str, Any]:
        key, created = new_id(), time.time()
        with self._lock, self._db:
            self._db.execute(
                "INSERT INTO analyses VALUES (?, ?, ?, ?, ?)",
                (key, dataset_id, kind, json.dumps(params), created),
            )
        return {
            "id": key,
            "dataset_id": dataset_id,
            "kind": kind,
            "params": params,
            "created": created,
        }

    def analysis(self, key: str) -> dict[str, Any] | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id, dataset_id, kind, params, created FROM analyses WHERE id = ?", (key,)
            ).fetchone()
        if row is None:
            return None
        return {
            "id": row[0],
            "dataset_id": row[1],
            "kind": row[2],
            "params": json.loads(row[3]),
            "created": row[4],
        }

    def analyses(self, limit: int = -1, offset: int = 0) -> list[dict[str, Any]]:
        """The newest first; ``limit`` of them (-1: all) after ``offset``."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, dataset_id, kind, params, created FROM analyses "
                "ORDER BY created DESC LIMIT ? OFFSET ?",
                (limit, offset),
            ).fetchall()
        return [
            {
                "id": r[0],
                "dataset_id": r[1],
                "kind": r[2],
                "params": json.loads(r[3]),
                "created": r[4],
            }
            for r in rows
        ]

    def delete_analysis(self, key: str) -> bool:
        with self._lock, self._db:
            cursor = self._db.execute("DELETE FROM analyses WHERE id = ?", (key,))
        return cursor.rowcount > 0


class Reader:
    """A read-only connection for a worker process: a dataset's bytes and format by id."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._db: sqlite3.Connection | None = None

    def content(self, key: str) -> tuple[bytes, str] | None:
        if self._db is None:
            self._db = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True)
        row = self._db.execute(
            "SELECT content, format FROM datasets WHERE id = ?", (key,)
        ).fetchone()
        return None if row is None else (bytes(row[0]), row[1])
