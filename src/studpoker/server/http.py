"""HTTP plumbing of the server: safe JSON responses, error handlers, security headers, and
the uvicorn configuration with its timeouts (docs/server.md, "Limits").

- Responses are ASCII JSON: a string a client sent with a lone surrogate
  (``"\\ud800"``) is escaped, never an encoding error (a 500).
- Validation errors (422) name the field and the problem but do not echo the input.
- A request whose database connection fails (a dropped connection, a failover) gets 503 with
  ``Retry-After: 1``.
- Every response carries a Content-Security-Policy that allows only the
  server's own scripts, styles, images and websocket (``'self'``: ``wss://`` of the
  page's host behind TLS too), ``X-Content-Type-Options: nosniff``, ``Referrer-Policy:
  same-origin``, and refuses framing (``X-Frame-Options: DENY``, ``frame-ancestors
  'none'``). With an https public URL (``--public-url``) also
  ``Strict-Transport-Security``, and every cookie set is ``Secure``.
- :func:`server_config` builds the uvicorn config: idle kept-alive HTTP
  connections close after ``keep_alive_timeout`` seconds, and a connection
  whose request headers have not all arrived ``header_timeout`` seconds after
  it opened (or after its last response) is closed (slowloris).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from studpoker.server.config import Settings

__all__ = ["CSP", "HSTS", "SafeJSONResponse", "SecurityHeaders", "install_error_handlers", "server_config"]

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
       "frame-ancestors 'none'")
_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
]
HSTS = (b"strict-transport-security", b"max-age=31536000")


class SafeJSONResponse(JSONResponse):
    """JSON in ASCII: any string (lone surrogates too) encodes."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=True, allow_nan=False, separators=(",", ":")).encode("ascii")


def _clean(text: object) -> str:
    return str(text).encode("utf-8", "backslashreplace").decode("utf-8")[:300]


def install_error_handlers(app: FastAPI) -> None:
    """422s without the input echoed, HTTP errors as ASCII JSON."""

    async def validation(_request: Request, exc: Exception) -> SafeJSONResponse:
        assert isinstance(exc, RequestValidationError)
        errors = [{"loc": [_clean(x) for x in e.get("loc", ())], "msg": _clean(e.get("msg", "")),
                   "type": _clean(e.get("type", ""))} for e in exc.errors()[:20]]
        return SafeJSONResponse({"detail": errors}, status_code=422)

    async def http_error(_request: Request, exc: Exception) -> SafeJSONResponse:
        assert isinstance(exc, StarletteHTTPException)
        return SafeJSONResponse({"detail": exc.detail}, status_code=exc.status_code,
                                headers=dict(exc.headers) if exc.headers else None)

    async def database_error(_request: Request, exc: Exception) -> SafeJSONResponse:
        # the database did not answer (a dropped connection, a failover): nothing was changed
        # that the caller cannot see by asking again
        import logging

        logging.getLogger("studpoker.server").warning("a request met a database error: %s", exc)
        return SafeJSONResponse({"detail": "the database did not answer; try again"}, status_code=503,
                                headers={"Retry-After": "1"})

    from sqlalchemy.exc import InterfaceError, OperationalError

    app.add_exception_handler(RequestValidationError, validation)
    app.add_exception_handler(StarletteHTTPException, http_error)
    app.add_exception_handler(OperationalError, database_error)  # the connection failed, not the request
    app.add_exception_handler(InterfaceError, database_error)


def _secure_cookie(value: bytes) -> bytes:
    """A ``Set-Cookie`` value with the ``Secure`` attribute (added once)."""
    attributes = [a.strip().lower() for a in value.split(b";")[1:]]
    return value if b"secure" in attributes else value + b"; Secure"


class SecurityHeaders:
    """ASGI middleware: the security headers on every HTTP response (``https``: the public URL is
    https, so HSTS too and ``Secure`` cookies)."""

    def __init__(self, app: ASGIApp, *, https: bool = False) -> None:
        self.app = app
        self.https = https
        self.headers = [*_HEADERS, HSTS] if https else list(_HEADERS)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                ours = {k for k, _ in self.headers}
                headers = [(k, _secure_cookie(v) if self.https and k.lower() == b"set-cookie" else v)
                           for k, v in message.get("headers", []) if k.lower() not in ours]
                message["headers"] = headers + self.headers
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _guarded_protocol(base: type[asyncio.Protocol], header_timeout: float) -> type[asyncio.Protocol]:
    """``base`` (a uvicorn HTTP protocol) with a deadline for each request's headers."""

    class HeaderTimeout(base):  # type: ignore[misc, valid-type]
        _header_timer: asyncio.TimerHandle | None = None

        def _arm(self) -> None:
            self._disarm()
            self._header_timer = self.loop.call_later(header_timeout, self._expired, self.cycle)

        def _disarm(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _expired(self, cycle: object) -> None:
            self._header_timer = None
            if self.cycle is cycle and not self.transport.is_closing():
                self.transport.close()  # no request began since: half-sent headers or silence

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()

        def handle_websocket_upgrade(self, *args: Any) -> None:
            self._disarm()
            super().handle_websocket_upgrade(*args)

    return HeaderTimeout


def server_config(app: Any, *, settings: Settings, host: str = "127.0.0.1", port: int = 8000,
                  **kwargs: Any) -> Any:
    """A ``uvicorn.Config`` for the app with the server's timeouts (keyword arguments override)."""
    import uvicorn
    from uvicorn.protocols.http.auto import AutoHTTPProtocol

    options: dict[str, Any] = {
        "ws_max_size": 1 << 16, "ws_ping_interval": 20, "ws_ping_timeout": 20,
        # messages are small and frequent: compression would cost more CPU than it saves
        "ws_per_message_deflate": False,
        "timeout_keep_alive": settings.keep_alive_timeout,
        "http": _guarded_protocol(AutoHTTPProtocol, settings.header_timeout),
        # the client's address behind a proxy is public.py's (--trusted-proxies), not uvicorn's
        "proxy_headers": False,
    }
    options.update(kwargs)
    return uvicorn.Config(app, host=host, port=port, **options)
