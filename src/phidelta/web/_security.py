"""Safe by default: the hosts the server answers to, same-origin writes, body size limits and
the browser's protective headers, as one ASGI middleware around the application.

* **Trusted hosts** — a request whose ``Host`` is not in the list gets 400, so a page of
  another site that rebinds its DNS name to this machine cannot read anything.
* **Same origin** — a POST, PUT, PATCH or DELETE whose ``Origin`` (or, lacking it, ``Referer``)
  is another site, or whose ``Sec-Fetch-Site`` says cross-site, gets 403: a form of another
  site cannot upload or delete. A request with none of these headers comes from a program
  (curl, a script): browsers send ``Origin`` with every cross-site POST.
* **Body size** — a body longer than its route allows gets 413 while it streams in, whether or
  not it announced its length.
* **Headers** — Content-Security-Policy (scripts only from this server; Plotly needs inline
  styles), ``X-Content-Type-Options: nosniff``, ``X-Frame-Options: DENY`` /
  ``frame-ancestors 'none'``, ``Referrer-Policy: same-origin``.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from phidelta.web._errors import ApiError

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

#: the names a local server answers to (plus the address it is bound to, see ``serve``)
LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")

_PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
# FastAPI's /docs and /redoc pages load their scripts from a CDN and start them inline
_DOCS_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com; "
    "img-src 'self' data: https://fastapi.tiangolo.com https://cdn.redoc.ly; "
    "font-src 'self' https://fonts.gstatic.com; worker-src 'self' blob:; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
_WRITES = {"POST", "PUT", "PATCH", "DELETE"}


def host_name(host: str) -> str:
    """The name in a Host header, without its port (IPv6 without brackets), lower case."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host[1:]
    if host.count(":") == 1:
        return host.split(":", 1)[0]
    return host


class Guard:
    """The ASGI middleware (see the module's docstring).

    ``hosts`` is the list of trusted host names (``"*"`` trusts any); ``body_limit`` gives the
    largest body a path may send (``default_body`` for any other path).
    """

    def __init__(
        self,
        app: Any,
        *,
        hosts: Iterable[str],
        body_limits: dict[str, int],
        default_body: int = 2**20,
    ) -> None:
        self.app = app
        self.hosts = {host_name(h) for h in hosts}
        self.body_limits = body_limits
        self.default_body = default_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        refusal = self._refusal(scope, headers)
        policy = _DOCS_POLICY if scope["path"] in ("/docs", "/redoc") else _PAGE_POLICY
        extra = [*_HEADERS, (b"content-security-policy", policy.encode())]

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        if refusal is not None:
            await _answer(refusal, send_with_headers)
            return
        limit = self.body_limits.get(scope["path"].rstrip("/"), self.default_body)
        length = headers.get("content-length", "")
        if length.isdigit() and int(length) > limit:
            await _answer(_body_too_large(scope["path"], limit), send_with_headers)
            return
        received = 0

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise _body_too_large(scope["path"], limit)
            return message

        await self.app(scope, limited_receive, send_with_headers)

    def _refusal(self, scope: Scope, headers: dict[str, str]) -> ApiError | None:
        host = headers.get("host", "")
        if "*" not in self.hosts and host_name(host) not in self.hosts:
            return ApiError(
                400,
                f"This server does not answer to the host {host_name(host)!r}; start it with "
                "--allowed-host to add one.",
            )
        if scope["method"] not in _WRITES:
            return None
        fetch_site = headers.get("sec-fetch-site")
        if fetch_site is not None and fetch_site not in ("same-origin", "none"):
            return _cross_site(f"Sec-Fetch-Site: {fetch_site}")
        origin = headers.get("origin")
        if origin is None and "referer" in headers:
            origin = headers["referer"]
        if origin is not None:
            netloc = urlsplit(origin).netloc.lower() if origin != "null" else ""
            if not netloc or netloc != host.strip().lower():
                return _cross_site(f"from {origin[:100]!r}")
        return None


def _cross_site(what: str) -> ApiError:
    return ApiError(
        403,
        f"Refused a request of another site ({what}): only this server's own page may change data.",
    )


def _body_too_large(path: str, limit: int) -> ApiError:
    from phidelta.web._upload import too_large

    if path.rstrip("/") == "/api/datasets":
        return too_large(limit - _FORM_OVERHEAD)
    return ApiError(413, f"The request body is larger than {limit:,} bytes.", limit="body")


#: what a multipart form adds around the file (boundaries, part headers)
_FORM_OVERHEAD = 64 * 2**10


def upload_body_limit(max_upload_bytes: int) -> int:
    return max_upload_bytes + _FORM_OVERHEAD


async def _answer(error: ApiError, send: Send) -> None:
    body = json.dumps(
        {"detail": {"message": error.message, "field": error.field, "limit": error.limit}}
    ).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    headers += [(k.lower().encode(), v.encode()) for k, v in (error.headers or {}).items()]
    await send({"type": "http.response.start", "status": error.status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
