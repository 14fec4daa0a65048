"""The server seen from the internet, behind a TLS proxy (docs/deploy.md): its public URL,
the client's address through trusted proxies, the websocket origin check, the headers and
cookie flags that depend on the public URL.

- ``--public-url https://poker.example.org``: invite links are built on it, websocket
  origins must match it, cookies are ``Secure`` and HSTS is sent when it is https.
- ``--trusted-proxies 10.0.0.0/8 ...``: a request whose peer is one of these networks is
  from a proxy; the client's address is the right-most hop of ``X-Forwarded-For`` that is
  not a trusted proxy (the hops to its left are whatever the client wrote, never trusted).
  A peer outside these networks is the client itself, whatever it writes in the header.
- A websocket whose ``Origin`` is not the public URL's origin (without one: the ``Host``
  the request was sent to) is accepted only to be closed at once with code 1008 (policy violation) and a
  reason naming both origins (a page of another site cannot ride a player's session).
  A client that sends no ``Origin`` (not a browser: ``studpoker connect``, scripts) is let in.

>>> public_origin("https://Poker.Example.org:443/")
'https://poker.example.org'
>>> site = PublicSite.build("https://poker.example.org", ["10.0.0.0/8"])
>>> site.client_address("10.0.0.2", ["198.51.100.7, 10.0.0.3"])
'198.51.100.7'
>>> site.client_address("203.0.113.9", ["198.51.100.7"])
'203.0.113.9'
>>> site.origin_allowed("https://poker.example.org", host="ignored"), site.origin_allowed(
...     "https://evil.example", host="poker.example.org")
(True, False)
>>> site.invite_url(7, "abc", fallback="http://127.0.0.1:8000")
'https://poker.example.org/#/table/7?invite=abc'
"""

from __future__ import annotations

import ipaddress
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from urllib.parse import quote, urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["ORIGIN_REFUSED", "PublicFront", "PublicSite", "parse_networks", "public_origin"]

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
ORIGIN_REFUSED = 1008  # the websocket close code of a foreign origin: policy violation, as other refusals
_DEFAULT_PORTS = {"http": 80, "https": 443}


def public_origin(url: str) -> str:
    """The origin (``scheme://host[:port]``, lower case, default port dropped) of a public URL;
    ValueError naming the problem for anything but an http(s) URL without path, query or fragment."""
    parts = urlsplit(url.strip())
    if parts.scheme.lower() not in _DEFAULT_PORTS:
        raise ValueError(f"the public URL must start with https:// or http://, not {url!r}")
    if not parts.hostname:
        raise ValueError(f"the public URL has no host: {url!r}")
    if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username or parts.password:
        raise ValueError(f"the public URL is a site's root (https://HOST[:PORT]), not {url!r}")
    try:
        port = parts.port
    except ValueError:
        raise ValueError(f"the public URL has a bad port: {url!r}") from None
    return _origin(parts.scheme.lower(), parts.hostname.lower(), port)


def _origin(scheme: str, host: str, port: int | None) -> str:
    shown = f"[{host}]" if ":" in host else host
    if port is None or port == _DEFAULT_PORTS.get(scheme):
        return f"{scheme}://{shown}"
    return f"{scheme}://{shown}:{port}"


def parse_networks(items: Iterable[str]) -> tuple[Network, ...]:
    """CIDR networks (a bare address is a /32 or /128); ValueError naming a bad one."""
    out: list[Network] = []
    for item in items:
        for part in item.replace(",", " ").split():
            try:
                out.append(ipaddress.ip_network(part, strict=False))
            except ValueError:
                raise ValueError(f"not an address or CIDR network: {part!r}") from None
    return tuple(out)


def _ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    text = text.strip()
    if text.startswith("[") and "]" in text:  # [v6]:port
        text = text[1:text.index("]")]
    elif text.count(":") == 1:  # v4:port
        text = text.split(":", 1)[0]
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


@dataclass(frozen=True, slots=True)
class PublicSite:
    """What the server knows of its public face: the public URL (or None) and the proxies it trusts."""

    origin: str | None  # the public URL's origin, None without --public-url
    proxies: tuple[Network, ...]

    @classmethod
    def build(cls, url: str | None, proxies: Sequence[str] = ()) -> PublicSite:
        """From the settings (ValueError naming a bad URL or network)."""
        origin = public_origin(url) if url else None
        return cls(origin=origin, proxies=parse_networks([proxies] if isinstance(proxies, str) else proxies))

    @property
    def https(self) -> bool:
        """Is the public URL https (cookies ``Secure``, HSTS)?"""
        return self.origin is not None and self.origin.startswith("https://")

    def trusted(self, address: str) -> bool:
        """Is ``address`` one of the trusted proxies?"""
        ip = _ip(address)
        return ip is not None and any(ip in net for net in self.proxies)

    def client_address(self, peer: str, forwarded_for: Sequence[str]) -> str:
        """The client's address: the peer itself unless it is a trusted proxy; then the right-most
        hop of ``X-Forwarded-For`` (all its header lines, in order) that is not a trusted proxy."""
        if not self.trusted(peer):
            return peer
        hops = [h.strip() for line in forwarded_for for h in line.split(",") if h.strip()]
        client = peer
        for hop in reversed(hops):
            ip = _ip(hop)
            if ip is None:  # garbage left of a trusted hop: the trusted hop is all we know
                return client
            client = str(ip)
            if not self.trusted(client):
                return client
        return client  # every hop is a proxy of ours: the left-most one

    def origin_allowed(self, origin: str | None, *, host: str | None) -> bool:
        """May a browser page of ``origin`` open a websocket here? (No Origin: not a browser, yes.)"""
        if origin is None:
            return True
        origin = origin.strip().lower()
        if self.origin is not None:
            return origin == self.origin
        if not host:
            return False
        parts = urlsplit(origin)
        if parts.scheme not in _DEFAULT_PORTS or not parts.hostname:
            return False
        try:
            seen = _origin(parts.scheme, parts.hostname, parts.port)
        except ValueError:
            return False
        return seen == _origin(parts.scheme, *_host_port(host.strip().lower()))

    def invite_url(self, table_id: int, invite_code: str, *, fallback: str) -> str:
        """The link a host sends friends: the browser client at ``table_id`` with the invite code,
        on the public URL (or ``fallback``, the address the request came to, without one)."""
        base = (self.origin or fallback).rstrip("/")
        return f"{base}/#/table/{table_id}?invite={quote(invite_code, safe='')}"


def _host_port(host: str) -> tuple[str, int | None]:
    if host.startswith("["):
        name, _, rest = host[1:].partition("]")
        return name, int(rest[1:]) if rest.startswith(":") and rest[1:].isdigit() else None
    name, _, port = host.partition(":")
    return name, int(port) if port.isdigit() else None


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return str(value.decode("latin-1"))
    return None


class PublicFront:
    """ASGI middleware: the client's address through trusted proxies (``scope["client"]``, which
    the rate limits read), and the websocket origin check."""

    def __init__(self, app: ASGIApp, site: PublicSite) -> None:
        self.app = app
        self.site = site

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        if client and self.site.proxies and self.site.trusted(client[0]):
            forwarded = [v.decode("latin-1") for k, v in scope.get("headers", [])
                         if k.lower() == b"x-forwarded-for"]
            scope = dict(scope, client=(self.site.client_address(client[0], forwarded), client[1]))
        if scope["type"] == "websocket":
            origin = _header(scope, b"origin")
            if not self.site.origin_allowed(origin, host=_header(scope, b"host")):
                expected = self.site.origin or _header(scope, b"host") or "?"
                await _refuse_origin(receive, send, origin or "", expected)
                return
        await self.app(scope, receive, send)


async def _refuse_origin(receive: Receive, send: Send, origin: str, expected: str) -> None:
    """Accept the websocket only to tell why it closes: a foreign origin."""
    message: Message = await receive()
    if message["type"] != "websocket.connect":
        return
    reason = f"origin {origin[:60]} is not {expected[:60]}"
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.send", "text": json.dumps(
        {"type": "error", "reply_to": None, "code": "bad_origin", "message": reason})})
    await send({"type": "websocket.close", "code": ORIGIN_REFUSED, "reason": reason[:120]})
