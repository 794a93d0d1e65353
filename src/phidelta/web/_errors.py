"""Error answers: one JSON shape (``{"detail": {"message", "field", "limit"}}``) for every
status the API can give, declared in its OpenAPI description."""

from __future__ import annotations

import sqlite3
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException
from starlette.routing import Match

from phidelta.web._models import ErrorResponse
from phidelta.web._storage import storage_failure
from phidelta.web._views import InputError

_MEANINGS = {
    400: "Bad input: a data file that cannot be read, a column or class that is not there, "
    "or a Host header this server does not answer to",
    403: "A state-changing request from another site (its Origin or Referer is not this server)",
    404: "No such dataset, analysis or example",
    413: "Too large: the upload, or the table's columns, rows or cells (`limit` names which)",
    503: "The server is busy (its workers, or the bytes all uploads may hold at once: "
    "`limit` max_pending_upload_bytes) or the work took longer than its time limit; try again",
    507: "The database is full (the disk, or its size limit); delete datasets to free space",
}


#: The option of ``phidelta serve`` (and its value's name) that sets each limit an error names
SERVER_OPTIONS = {
    "max_upload_bytes": "--max-upload-mb MB",
    "max_pending_upload_bytes": "--max-pending-upload-mb MB",
    "max_columns": "--max-columns COLUMNS",
    "max_rows": "--max-rows ROWS",
    "max_cell_bytes": "--max-cell-bytes BYTES",
    "time_limit": "--time-limit SECONDS",
}


def with_option(message: str, limit: str | None) -> str:
    """A limit's message with the server option that raises it (once).

    Examples
    --------
    >>> print(with_option("The upload has more than 10 rows (max_rows).", "max_rows"))
    The upload has more than 10 rows (max_rows). This is a limit of the server: start it with \
`phidelta serve --max-rows ROWS` to raise it.
    """
    option = SERVER_OPTIONS.get(limit or "")
    if option is None or option.split()[0] in message:
        return message
    return (
        f"{message} This is a limit of the server: start it with `phidelta serve {option}` "
        "to raise it."
    )


def errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The ``responses=`` of a route: each status with the error model and its meaning."""
    return {s: {"model": ErrorResponse, "description": _MEANINGS[s]} for s in statuses}


class ApiError(Exception):
    """An error answer; picklable, so that a worker process can raise it too."""

    def __init__(
        self,
        status: int,
        message: str,
        field: str | None = None,
        limit: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status, self.message, self.field, self.limit = status, message, field, limit
        self.headers = headers

    def __reduce__(self) -> Any:
        return (ApiError, (self.status, self.message, self.field, self.limit, self.headers))

    @classmethod
    def of_input(cls, exc: InputError) -> ApiError:
        return cls(exc.status, str(exc), exc.field, exc.limit)

    def response(self) -> JSONResponse:
        message = with_option(self.message, self.limit)
        detail = {"message": message, "field": self.field, "limit": self.limit}
        return JSONResponse({"detail": detail}, status_code=self.status, headers=self.headers)


def not_found(what: str, key: str) -> ApiError:
    return ApiError(404, f"No {what} {key!r}.", f"{what}_id")


def install_handlers(app: FastAPI) -> None:
    """Answer every known failure with its status and message (never a bare 500)."""

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        return exc.response()

    @app.exception_handler(InputError)
    async def input_error(request: Request, exc: InputError) -> JSONResponse:
        return ApiError.of_input(exc).response()

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        if exc.status_code != 405:  # FastAPI's own (body not JSON, ...) in the one shape
            message = exc.detail if isinstance(exc.detail, str) else str(exc.detail)
            message = message if message.endswith(".") else message + "."
            return ApiError(exc.status_code, message, headers=exc.headers).response()
        # every method of the path (Starlette lists only those of the first route that matched)
        methods: set[str] = set()
        for route in request.app.router.routes:
            match, _ = route.matches({**request.scope, "method": "GET"})
            if match != Match.NONE and getattr(route, "methods", None):
                methods.update(route.methods)
        message = f"{request.method} is not allowed here; use {', '.join(sorted(methods))}."
        headers = {"Allow": ", ".join(sorted(methods))}
        return ApiError(405, message, headers=headers).response()

    @app.exception_handler(sqlite3.Error)
    async def database_error(request: Request, exc: sqlite3.Error) -> JSONResponse:
        status, message = storage_failure(exc)
        if status == 500:
            raise exc
        headers = {"Retry-After": "1"} if status == 503 else None
        return ApiError(status, message, headers=headers).response()
