"""An uploaded file read from the request stream, in memory, never beyond the limit.

The body of ``POST /api/datasets`` (``multipart/form-data`` with a ``file`` field) is parsed
as it arrives (python-multipart's streaming parser); the moment the file holds more than the
limit the request is refused with 413, whether or not it announced its length: no byte is
spooled to the disk and at most the limit is held in memory.

All uploads together hold at most an :class:`UploadBudget` of bytes (from their first byte
until their dataset is stored or refused): past it, the upload that would exceed it gets 503
(``max_pending_upload_bytes``) and may be sent again a moment later.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from fastapi import Request
from python_multipart.exceptions import FormParserError
from python_multipart.multipart import MultipartParser, parse_options_header

from phidelta.web._errors import ApiError

#: the field that holds the file
FIELD = "file"

#: what the OpenAPI description says of the body (the route reads the stream itself)
UPLOAD_BODY = {
    "requestBody": {
        "required": True,
        "content": {
            "multipart/form-data": {
                "schema": {
                    "type": "object",
                    "properties": {
                        FIELD: {
                            "type": "string",
                            "format": "binary",
                            "description": "a CSV, TSV or Parquet file",
                        }
                    },
                    "required": [FIELD],
                }
            }
        },
    }
}


def size_text(n: int) -> str:
    """A byte count for people: 50 MiB, 195 KiB, 900 bytes."""
    for unit, scale in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if n >= scale:
            return f"{n / scale:.3g} {unit}"
    return f"{n} bytes"


def too_large(limit: int) -> ApiError:
    return ApiError(
        413,
        f"The upload is larger than {size_text(limit)} (max_upload_bytes).",
        "file",
        "max_upload_bytes",
    )


def _malformed(reason: str) -> ApiError:
    return ApiError(
        400,
        f"Send the file as a multipart/form-data form with a `{FIELD}` field ({reason}).",
        FIELD,
    )


class UploadBudget:
    """The bytes all uploads may hold at once (thread-safe: uploads are received on the event
    loop and released from the thread that stored them)."""

    def __init__(self, capacity: int) -> None:
        self.capacity = int(capacity)
        self.held = 0
        self._lock = threading.Lock()

    def take(self, n: int) -> None:
        """Hold ``n`` more bytes, or raise a 503 naming ``max_pending_upload_bytes``."""
        with self._lock:
            if self.held + n > self.capacity:
                raise busy(self.capacity)
            self.held += n

    def release(self, n: int) -> None:
        with self._lock:
            self.held -= n


def busy(capacity: int) -> ApiError:
    return ApiError(
        503,
        f"The server is receiving {size_text(capacity)} of uploads at once, its limit "
        "(max_pending_upload_bytes); send the file again in a moment.",
        FIELD,
        "max_pending_upload_bytes",
        headers={"Retry-After": "2"},
    )


@dataclass
class Upload:
    """A received file: its name, its bytes and what it holds of the :class:`UploadBudget`
    (to be released once it is stored or refused)."""

    name: str
    content: bytes
    held: int


class _Form:
    """The callbacks of the parser: keeps the ``file`` part, counts and drops any other."""

    def __init__(self, limit: int, budget: UploadBudget | None = None) -> None:
        self.limit = limit
        self.budget = budget
        self.held = 0
        self.content: bytearray | None = None
        self.filename: str | None = None
        self._in_file = False
        self._header_name = b""
        self._header_value = b""
        self._disposition = b""

    def callbacks(self) -> Any:
        return {
            "on_part_begin": self._part_begin,
            "on_header_field": self._header_field,
            "on_header_value": self._header_value_part,
            "on_header_end": self._header_end,
            "on_headers_finished": self._headers_finished,
            "on_part_data": self._part_data,
        }

    def _part_begin(self) -> None:
        self._in_file = False
        self._disposition = b""

    def _header_field(self, data: bytes, start: int, end: int) -> None:
        self._header_name += data[start:end]

    def _header_value_part(self, data: bytes, start: int, end: int) -> None:
        self._header_value += data[start:end]

    def _header_end(self) -> None:
        if self._header_name.strip().lower() == b"content-disposition":
            self._disposition = self._header_value
        self._header_name, self._header_value = b"", b""

    def _headers_finished(self) -> None:
        _, options = parse_options_header(self._disposition)
        if options.get(b"name") == FIELD.encode() and self.content is None:
            self._in_file = True
            self.content = bytearray()
            raw = options.get(b"filename")
            self.filename = None if raw is None else raw.decode("utf-8", "replace")

    def _part_data(self, data: bytes, start: int, end: int) -> None:
        if self._in_file and self.content is not None:
            if len(self.content) + (end - start) > self.limit:
                raise too_large(self.limit)
            if self.budget is not None:
                self.budget.take(end - start)
                self.held += end - start
            self.content += data[start:end]


async def read_upload(request: Request, limit: int, budget: UploadBudget | None = None) -> Upload:
    """The file's name and bytes; 413 as soon as it holds more than ``limit`` bytes, 503 when
    all uploads together would hold more than the ``budget``, 400 for a body that is not a
    form with a ``file`` field. The caller releases what the upload holds of the budget (on
    failure it is released here)."""
    form = _Form(limit, budget)
    try:
        name, content = await _receive(request, form)
    except BaseException:
        if budget is not None:
            budget.release(form.held)
        raise
    return Upload(name, content, form.held)


async def _receive(request: Request, form: _Form) -> tuple[str, bytes]:
    kind, options = parse_options_header(request.headers.get("content-type"))
    if kind != b"multipart/form-data":
        raise _malformed(f"got {kind.decode('latin-1') or 'no content type'}")
    boundary = options.get(b"boundary")
    if not boundary:
        raise _malformed("no boundary in the content type")
    try:
        parser = MultipartParser(boundary, form.callbacks())
        async for chunk in request.stream():
            parser.write(chunk)
        parser.finalize()
    except FormParserError as exc:
        raise _malformed(str(exc).rstrip(".")) from None
    if form.content is None:
        raise _malformed(f"no `{FIELD}` field")
    return form.filename or "upload.csv", bytes(form.content)
