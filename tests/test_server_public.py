"""The server behind a TLS proxy (studpoker/server/public.py, docs/deploy.md): the public URL, the
client's address through trusted proxies, the websocket origin check, headers and cookie flags."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import subprocess
from typing import Any

import httpx
import pytest
from fastapi import Response
from starlette.routing import Route
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from _server_support import FAST, STUD, STUDPOKER, ServerThread, run, table_config
from studpoker.server.public import ORIGIN_REFUSED, PublicSite

PUBLIC = "https://poker.example.org"


def _settings(**kw: Any) -> Any:
    return dataclasses.replace(FAST, **kw)


def _server(tmp_path: Any, **kw: Any) -> ServerThread:
    srv = ServerThread(f"sqlite:///{tmp_path / 'p.db'}", _settings(**kw))

    async def set_cookie(_request: Any) -> Response:  # the server sets no cookie today: a route that does
        r = Response("ok")
        r.set_cookie("probe", "1", httponly=True, samesite="lax")
        return r

    srv.app.router.routes.insert(0, Route("/api/test-cookie", set_cookie))  # before the catch-all
    return srv


# ---------------------------------------------------------------- the client's address


def test_the_client_address_is_the_right_most_untrusted_hop() -> None:
    site = PublicSite.build(None, ["10.0.0.0/8", "127.0.0.1"])
    # a trusted peer: the right-most hop that is not a proxy of ours; what the client wrote on
    # the left (a spoofed address) is never taken
    assert site.client_address("127.0.0.1", ["6.6.6.6, 198.51.100.7"]) == "198.51.100.7"
    assert site.client_address("127.0.0.1", ["6.6.6.6", "198.51.100.7, 10.1.2.3"]) == "198.51.100.7"
    # an untrusted peer is the client, whatever it writes
    assert site.client_address("203.0.113.5", ["198.51.100.7"]) == "203.0.113.5"
    # no header from a trusted peer: the peer; only proxies in it: the left-most
    assert site.client_address("10.0.0.1", []) == "10.0.0.1"
    assert site.client_address("10.0.0.1", ["10.0.0.9, 10.0.0.8"]) == "10.0.0.9"
    # garbage left of a trusted hop stops the walk at that hop
    assert site.client_address("10.0.0.1", ["not-an-ip, 10.0.0.8"]) == "10.0.0.8"
    assert site.client_address("10.0.0.1", ["[2001:db8::1]:4711"]) == "2001:db8::1"
    assert site.client_address("10.0.0.1", ["198.51.100.9:1234"]) == "198.51.100.9"
    # without trusted proxies the header means nothing
    assert PublicSite.build(None).client_address("127.0.0.1", ["198.51.100.7"]) == "127.0.0.1"
    # networks given as one string, comma-separated, or IPv6
    several = PublicSite.build(None, "10.0.0.0/8, 192.168.1.1 fd00::/8")
    assert [several.trusted(a) for a in ("10.9.9.9", "192.168.1.1", "192.168.1.2", "fd00::5", "::ffff:10.0.0.1")] \
        == [True, True, False, True, True]


def test_bad_public_urls_and_networks_are_refused_by_name() -> None:
    for url, words in [("ftp://x.org", "https://"), ("https://", "no host"), ("https://x.org/poker", "root"),
                       ("https://x.org:99999", "port")]:
        with pytest.raises(ValueError, match=words):
            PublicSite.build(url)
    with pytest.raises(ValueError, match="not an address or CIDR"):
        PublicSite.build(None, ["10.0.0.0/33"])
    assert PublicSite.build("HTTPS://Poker.Example.ORG:443/").origin == PUBLIC
    assert PublicSite.build("http://h:8080").origin == "http://h:8080"


def _guest(url: str, forwarded: str | None) -> int:
    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    return httpx.post(f"{url}/api/guest", headers=headers, timeout=30).status_code


def test_each_friend_behind_a_trusted_proxy_has_their_own_guest_limit(tmp_path: Any) -> None:
    with _server(tmp_path, guests_per_ip=2, trusted_proxies=("127.0.0.1/32",)) as srv:
        assert [_guest(srv.url, "198.51.100.1") for _ in range(3)] == [200, 200, 429]
        assert _guest(srv.url, "198.51.100.2") == 200  # another friend: another address
        # what a friend writes on the left is not taken (the proxy appends the real address):
        # the friend at the limit does not escape it, another one is not charged for it
        assert _guest(srv.url, "198.51.100.9, 198.51.100.1") == 429
        assert _guest(srv.url, "198.51.100.1, 198.51.100.3") == 200


def test_an_untrusted_peer_cannot_choose_its_address(tmp_path: Any) -> None:
    with _server(tmp_path, guests_per_ip=2) as srv:  # no --trusted-proxies: the header is ignored
        assert [_guest(srv.url, f"198.51.100.{i}") for i in range(3)] == [200, 200, 429]


def test_sockets_per_address_count_the_forwarded_address(tmp_path: Any) -> None:
    async def main(url: str) -> list[str]:
        out = []
        ws_url = url.replace("http", "ws") + "/ws"
        async with connect(ws_url, additional_headers={"X-Forwarded-For": "198.51.100.1"}) as a, \
                connect(ws_url, additional_headers={"X-Forwarded-For": "198.51.100.2"}) as b:
            for ws in (a, b):
                await ws.send(json.dumps({"type": "ping", "seq": 1}))
                out.append(json.loads(await ws.recv())["type"])
            async with connect(ws_url, additional_headers={"X-Forwarded-For": "198.51.100.1"}) as c:
                out.append(json.loads(await c.recv())["code"])
        return out

    with _server(tmp_path, sockets_per_ip=1, trusted_proxies=("127.0.0.1/32",)) as srv:
        assert run(main(srv.url)) == ["pong", "pong", "too_many_connections"]


# ---------------------------------------------------------------- the websocket's origin


async def _open(url: str, origin: str | None, host: str | None = None) -> tuple[str, int | None, str]:
    """``(first message's code or type, close code, reason)`` of a websocket opened with ``origin``
    that sends a ping: a refused one gets ``bad_origin`` and is closed, an accepted one a pong."""
    first: dict[str, Any] = {}
    # ``host``: the request says it is for that name (as through a proxy) but goes to the test server
    address = url.split("://", 1)[1]
    target = f"ws://{host or address}/ws"
    where = {"host": address.split(":")[0], "port": int(address.split(":")[1])} if host else {}
    async with connect(target, origin=origin, **where) as ws:  # type: ignore[arg-type]
        with contextlib.suppress(ConnectionClosed):  # a refused one may be closed before the ping
            await ws.send(json.dumps({"type": "ping", "seq": 1}))
        try:
            first = json.loads(await ws.recv())
            if first["type"] == "pong":
                return "pong", None, ""
            await ws.recv()
        except ConnectionClosed as exc:
            return first.get("code") or first.get("type", ""), exc.rcvd.code if exc.rcvd else None, \
                exc.rcvd.reason if exc.rcvd else ""
    raise AssertionError(f"neither a pong nor closed: {first}")


def test_a_foreign_origin_is_refused_with_a_close_code_and_reason(tmp_path: Any) -> None:
    async def main(url: str) -> None:
        code, closed, reason = await _open(url, "https://evil.example")
        assert (code, closed) == ("bad_origin", ORIGIN_REFUSED)
        assert "https://evil.example" in reason and PUBLIC in reason
        # the public URL's origin, and a client that is no browser (no Origin), are let in; the
        # first stays open (recv times out on the open socket, so only the pong is looked at)
        async with connect(url.replace("http", "ws") + "/ws", origin=PUBLIC) as ws:  # type: ignore[arg-type]
            await ws.send(json.dumps({"type": "ping", "seq": 1}))
            assert json.loads(await ws.recv())["type"] == "pong"
        async with connect(url.replace("http", "ws") + "/ws") as ws:
            await ws.send(json.dumps({"type": "ping", "seq": 1}))
            assert json.loads(await ws.recv())["type"] == "pong"
        # the same host on http is another origin
        assert (await _open(url, "http://poker.example.org"))[:2] == ("bad_origin", ORIGIN_REFUSED)

    with _server(tmp_path, public_url=PUBLIC) as srv:
        run(main(srv.url))


def test_without_a_public_url_the_origin_must_be_the_host(tmp_path: Any) -> None:
    async def main(url: str) -> None:
        host = url.split("://", 1)[1]
        async with connect(url.replace("http", "ws") + "/ws", origin=url) as ws:  # type: ignore[arg-type]
            await ws.send(json.dumps({"type": "ping", "seq": 1}))
            assert json.loads(await ws.recv())["type"] == "pong"
        code, closed, reason = await _open(url, "http://evil.example:8000")
        assert (code, closed) == ("bad_origin", ORIGIN_REFUSED) and host in reason
        code, closed, _ = await _open(url, "https://friends.example", host="friends.example")
        assert closed is None and code == "pong"  # a proxy's name as the Host: its pages are at home

    with _server(tmp_path) as srv:
        run(main(srv.url))


# ---------------------------------------------------------------- headers, cookies, invite links


def test_security_headers_and_hsts_with_an_https_public_url(tmp_path: Any) -> None:
    with _server(tmp_path, public_url=PUBLIC) as srv:
        for path in ("/", "/api/health", "/api/test-cookie"):
            h = httpx.get(srv.url + path, timeout=30).headers
            assert h["strict-transport-security"].startswith("max-age=")
            assert h["x-content-type-options"] == "nosniff"
            assert h["referrer-policy"] == "same-origin"
            csp = h["content-security-policy"]
            assert "frame-ancestors 'none'" in csp and "connect-src 'self'" in csp
            assert "script-src 'self'" in csp
        cookie = httpx.get(srv.url + "/api/test-cookie", timeout=30).headers["set-cookie"]
        assert "secure" in [a.strip().lower() for a in cookie.split(";")]
        assert "httponly" in cookie.lower()  # the route's own flags stay


def test_no_hsts_nor_secure_cookies_on_plain_http(tmp_path: Any) -> None:
    with _server(tmp_path) as srv:
        r = httpx.get(srv.url + "/api/test-cookie", timeout=30)
        assert "strict-transport-security" not in r.headers
        assert "secure" not in [a.strip().lower() for a in r.headers["set-cookie"].split(";")]
        assert r.headers["x-content-type-options"] == "nosniff"
    with _server(tmp_path, public_url="http://poker.lan:8000") as srv:
        assert "strict-transport-security" not in httpx.get(srv.url + "/api/health", timeout=30).headers


def _private_table(url: str) -> dict[str, Any]:
    token = httpx.post(f"{url}/api/guest", timeout=30).json()["token"]
    r = httpx.post(f"{url}/api/tables", json=table_config(STUD, private=True),
                   headers={"Authorization": f"Bearer {token}"}, timeout=30)
    assert r.status_code == 201, r.text
    info: dict[str, Any] = r.json()
    again = httpx.get(f"{url}/api/tables/{info['id']}", headers={"Authorization": f"Bearer {token}"}, timeout=30)
    assert again.json()["invite_url"] == info["invite_url"]
    return info


def test_the_invite_link_is_on_the_public_url(tmp_path: Any) -> None:
    with _server(tmp_path, public_url=PUBLIC) as srv:
        info = _private_table(srv.url)
        assert info["invite_url"] == f"{PUBLIC}/#/table/{info['id']}?invite={info['invite_code']}"
    with _server(tmp_path) as srv:  # without a public URL: the address the host's request came to
        info = _private_table(srv.url)
        assert info["invite_url"] == f"{srv.url}/#/table/{info['id']}?invite={info['invite_code']}"


def test_serve_refuses_a_bad_public_url_or_proxy(tmp_path: Any) -> None:
    for args, words in [(["--public-url", "poker.example.org"], "https://"),
                        (["--trusted-proxies", "10.0.0.300"], "CIDR")]:
        proc = subprocess.run([STUDPOKER, "serve", "--db", f"sqlite:///{tmp_path / 'x.db'}", *args],
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == 2 and words in proc.stderr, proc.stderr
        assert not (tmp_path / "x.db").exists()
