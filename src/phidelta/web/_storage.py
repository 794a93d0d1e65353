"""Persistence of uploads and analyses in an embedded SQLite database.

Uploaded bytes are stored as blobs; a file name is only ever a display label (never a path).
Each analysis keeps its parameters and is recomputed from its dataset, so its URL keeps working
after a restart.
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


def default_database_path() -> Path:
    """``$PHIDELTA_DB``, else the user's data directory (XDG on Linux)."""
    configured = os.environ.get("PHIDELTA_DB")
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "phidelta" / "phidelta.sqlite3"


def _display_name(name: str) -> str:
    """A file name as a harmless label: its last component, printable, at most 120 chars."""
    label = name.replace("\\", "/").rsplit("/", 1)[-1]
    label = "".join(ch for ch in label if ch.isprintable()).strip() or "upload"
    return label[:120]


class Store:
    """Datasets and analyses in one SQLite file (thread-safe for the web server)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False)
        self._db.execute("PRAGMA foreign_keys = ON")
        self._db.executescript(_SCHEMA)
        self._db.commit()

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def add_dataset(self, name: str, fmt: str, content: bytes) -> dict[str, Any]:
        key = uuid.uuid4().hex[:12]
        with self._lock:
            self._db.execute(
                "INSERT INTO datasets VALUES (?, ?, ?, ?, ?)",
                (key, _display_name(name), fmt, time.time(), content),
            )
            self._db.commit()
        return {"id": key, "name": _display_name(name), "format": fmt}

    def dataset(self, key: str) -> dict[str, Any] | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id, name, format, created, content FROM datasets WHERE id = ?", (key,)
            ).fetchone()
        if row is None:
            return None
        return {
            "id": row[0],
            "name": row[1],
            "format": row[2],
            "created": row[3],
            "content": row[4],
        }

    def datasets(self) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute(
                "SELECT id, name, format, created FROM datasets ORDER BY created DESC"
            ).fetchall()
        return [{"id": r[0], "name": r[1], "format": r[2], "created": r[3]} for r in rows]

    def delete_dataset(self, key: str) -> bool:
        with self._lock:
            self._db.execute("DELETE FROM analyses WHERE dataset_id = ?", (key,))
            cursor = self._db.execute("DELETE FROM datasets WHERE id = ?", (key,))
            self._db.commit()
        return cursor.rowcount > 0

    def add_analysis(self, dataset_id: str, kind: str, params: dict[str, Any]) -> dict[str, Any]:
        key = uuid.uuid4().hex[:12]
        with self._lock:
            self._db.execute(
                "INSERT INTO analyses VALUES (?, ?, ?, ?, ?)",
                (key, dataset_id, kind, json.dumps(params), time.time()),
            )
            self._db.commit()
        return {"id": key, "dataset_id": dataset_id, "kind": kind, "params": params}

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

    def analyses(self) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute(
                "SELECT id, dataset_id, kind, params, created FROM analyses ORDER BY created DESC"
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
        with self._lock:
            cursor = self._db.execute("DELETE FROM analyses WHERE id = ?", (key,))
            self._db.commit()
        return cursor.rowcount > 0
