"""An uploaded file read from the request stream, in memory, never beyond the limit.

The body of ``POST /api/datasets`` (``multipart/form-data`` with a ``file`` field) is parsed
as it arrives (python-multipart's streaming parser); the moment the file holds more than the
limit the request is refused with 413, whether or not it announced its length: no byte is
spooled to the disk and at most the limit is held in memory.
"""

from __future__ import annotations

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


class _Form:
    """The callbacks of the parser: keeps the ``file`` part, counts and drops any other."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
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
            self.content += data[start:end]


async def read_upload(request: Request, limit: int) -> tuple[str, bytes]:
    """The file's name and bytes; 413 as soon as it holds more than ``limit`` bytes, 400 for a
    body that is not a form with a ``file`` field."""
    kind, options = parse_options_header(request.headers.get("content-type"))
    if kind != b"multipart/form-data":
        raise _malformed(f"got {kind.decode('latin-1') or 'no content type'}")
    boundary = options.get(b"boundary")
    if not boundary:
        raise _malformed("no boundary in the content type")
    form = _Form(limit)
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
