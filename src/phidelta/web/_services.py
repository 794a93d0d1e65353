"""What the routes share: the settings, the database and the worker pool (a dependency)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, Query, Request
from fastapi.responses import Response

from phidelta.data import Limits
from phidelta.web._storage import Store
from phidelta.web._upload import UploadBudget
from phidelta.web._workers import WorkerPool

#: the default bounds of an upload: 50 MiB, 2,000 columns, 2,000,000 rows, 100,000 bytes a cell
DEFAULT_MAX_UPLOAD = 50 * 2**20
# a compressed upload unpacks to at most 256 MiB of text (a small archive can unpack to
# gigabytes); the other limits bound the table it holds
DEFAULT_LIMITS = Limits(
    max_columns=2_000, max_rows=2_000_000, max_cell_bytes=100_000, max_bytes=256 * 2**20
)


@dataclass(frozen=True)
class Settings:
    """How the server protects itself (see :func:`phidelta.web.create_app`)."""

    max_upload_bytes: int = DEFAULT_MAX_UPLOAD
    limits: Limits = DEFAULT_LIMITS
    workers: int | None = None
    time_limit: float = 30.0
    cache_bytes: int = 256 * 2**20
    hosts: tuple[str, ...] = ()
    max_database_bytes: int | None = None
    max_pending_upload_bytes: int | None = None  # default: 4 × max_upload_bytes

    @property
    def pending_upload_bytes(self) -> int:
        """The bytes all uploads may hold at once."""
        if self.max_pending_upload_bytes is not None:
            return self.max_pending_upload_bytes
        return 4 * self.max_upload_bytes


@dataclass
class Services:
    settings: Settings
    store: Store
    pool: WorkerPool
    uploads: UploadBudget


def _services(request: Request) -> Services:
    return request.app.state.services


ServicesDep = Annotated[Services, Depends(_services)]


class Page:
    """``?limit=&offset=`` of a list: at most 1,000 items an answer (newest first)."""

    def __init__(
        self,
        limit: Annotated[int, Query(ge=1, le=1_000, description="items per answer")] = 100,
        offset: Annotated[int, Query(ge=0, le=2**62, description="items skipped")] = 0,
    ) -> None:
        self.limit, self.offset = limit, offset


PageDep = Annotated[Page, Depends()]


def json_response(fields: dict[str, Any], **encoded: bytes) -> Response:
    """``fields`` and, under their names, payloads already encoded as JSON objects by a worker
    (spliced in, not decoded and encoded again)."""
    head = json.dumps(fields, ensure_ascii=False, separators=(",", ":"))
    parts = [head[:-1].encode()]
    for name, payload in encoded.items():
        parts.append(f',"{name}":'.encode() if fields or len(parts) > 1 else f'"{name}":'.encode())
        parts.append(payload)
    parts.append(b"}")
    return Response(b"".join(parts), media_type="application/json")


def merged_response(fields: dict[str, Any], encoded: bytes) -> Response:
    """``fields`` followed by the members of a JSON object encoded by a worker."""
    head = json.dumps(fields, ensure_ascii=False, separators=(",", ":"))[:-1].encode()
    inner = encoded.strip()[1:]  # the object without its opening brace
    separator = b"," if fields and inner.strip() != b"}" else b""
    return Response(head + separator + inner, media_type="application/json")
