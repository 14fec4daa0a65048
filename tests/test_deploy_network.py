"""docs/deploy.md played across a network: the host's ``studpoker serve`` (the systemd unit's
command line) behind Caddy (the page's Caddyfile, ``tls internal``), three friends each in a
network namespace of their own with their own address, two in Chromium, one with
``studpoker connect``, all through TLS (``https://`` and ``wss://``) to ``poker.test``.

Made by the test and removed afterwards, even when it fails: network namespaces
(``ip netns add``), a bridge and veth pairs, the addresses 10.213.0.0/24 inside those
namespaces only, ``/etc/netns/NAME/hosts`` (``ip netns exec`` shows it as the namespace's
``/etc/hosts``: ``poker.test`` is the host's address), the processes. Needs root, Debian's
iproute2, caddy and chromium (``make test`` installs them); it fails, never skips, without.

What it checks: the invite link is on the public URL; each friend is seen with their own
address through ``--trusted-proxies`` (one websocket per address: the three friends and the
host play at once, a second socket from the same friend is refused); the browsers' websocket
is ``wss://``; a page of another origin is refused (1008, `bad_origin`); HSTS comes through Caddy; the
night's chips add up.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from _browser import ARGS, CHROMIUM, require_chromium
from _server_support import STUD, STUDPOKER, audit_ok, table_config

require_chromium()
from playwright.sync_api import sync_playwright  # noqa: E402 - after the check that names the fix

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "docs" / "deploy.md"
SITE = "poker.test"
PUBLIC = f"https://{SITE}"
NET = "10.213.0"
HOST_IP = f"{NET}.1"
PREFER = ("check", "call", "bring_in", "take_card", "show")


def _need(tool: str, package: str) -> str:
    path = shutil.which(tool)
    if path is None:
        pytest.fail(f"{tool} is missing: apt-get install -y {package} (make test does this as root)", pytrace=False)
    return path


def _sh(*args: str) -> None:
    proc = subprocess.run(list(args), capture_output=True, text=True, timeout=60)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(args)}: {proc.stderr.strip()}")


def docs_blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", DEPLOY.read_text(encoding="utf-8"), re.S)


class Network:
    """The namespaces of a test: ``host`` (bridge at 10.213.0.1) and friends ``f1..fn``."""

    def __init__(self, friends: int) -> None:
        tag = uuid.uuid4().hex[:6]
        self.tag = tag
        self.host = f"sp{tag}h"
        self.friends = [f"sp{tag}f{i}" for i in range(1, friends + 1)]
        self.addresses = {ns: f"{NET}.{10 + i}" for i, ns in enumerate(self.friends, 1)}
        self.links: list[str] = []  # veth ends made in the root namespace (gone with their namespace)
        self.made: list[str] = []

    def build(self) -> None:
        _sh("ip", "netns", "add", self.host)
        self.made.append(self.host)
        self._etc(self.host)
        _sh("ip", "-n", self.host, "link", "set", "lo", "up")
        _sh("ip", "-n", self.host, "link", "add", "br0", "type", "bridge")
        _sh("ip", "-n", self.host, "addr", "add", f"{HOST_IP}/24", "dev", "br0")
        _sh("ip", "-n", self.host, "link", "set", "br0", "up")
        for i, ns in enumerate(self.friends, 1):
            _sh("ip", "netns", "add", ns)
            self.made.append(ns)
            self._etc(ns)
            outer, inner = f"v{self.tag}h{i}", f"v{self.tag}f{i}"
            self.links += [outer, inner]
            _sh("ip", "link", "add", outer, "type", "veth", "peer", "name", inner)
            _sh("ip", "link", "set", outer, "netns", self.host)
            _sh("ip", "link", "set", inner, "netns", ns)
            _sh("ip", "-n", self.host, "link", "set", outer, "master", "br0", "up")
            _sh("ip", "-n", ns, "link", "set", "lo", "up")
            _sh("ip", "-n", ns, "addr", "add", f"{self.addresses[ns]}/24", "dev", inner)
            _sh("ip", "-n", ns, "link", "set", inner, "up")

    @staticmethod
    def _etc(ns: str) -> None:
        etc = Path("/etc/netns") / ns
        etc.mkdir(parents=True, exist_ok=True)
        (etc / "hosts").write_text(f"127.0.0.1 localhost\n{HOST_IP} {SITE}\n")

    def clean(self) -> None:
        """Remove whatever was made (each step on its own: one failing does not stop the rest)."""
        for ns in reversed(self.made):
            with contextlib.suppress(Exception):
                _sh("ip", "netns", "del", ns)
        for link in self.links:  # a veth not yet moved into a namespace
            if Path(f"/sys/class/net/{link}").exists():
                with contextlib.suppress(Exception):
                    _sh("ip", "link", "del", link)
        for ns in [self.host, *self.friends]:
            shutil.rmtree(Path("/etc/netns") / ns, ignore_errors=True)

    def left_over(self) -> list[str]:
        listed = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True, timeout=60).stdout
        out = [ns for ns in [self.host, *self.friends] if re.search(rf"^{ns}\b", listed, re.M)]
        out += [link for link in self.links if Path(f"/sys/class/net/{link}").exists()]
        return out + [str(p) for ns in [self.host, *self.friends] if (p := Path("/etc/netns") / ns).exists()]


class Processes:
    """The processes of a test, stopped at the end (each by its own id)."""

    def __init__(self) -> None:
        self.procs: list[subprocess.Popen[bytes]] = []

    def start(self, ns: str, args: list[str], log: Path, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
        with open(log, "ab") as out:
            proc = subprocess.Popen(["ip", "netns", "exec", ns, *args], stdout=out, stderr=subprocess.STDOUT,
                                    env=env)
        self.procs.append(proc)
        return proc

    def stop(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in self.procs:
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(10)


def in_ns(ns: str, code: str, env: dict[str, str], timeout: float = 120) -> Any:
    """Run Python ``code`` in namespace ``ns``; its last line of output is JSON."""
    proc = subprocess.run(["ip", "netns", "exec", ns, sys.executable, "-c", code], capture_output=True,
                          text=True, env=env, timeout=timeout)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


HTTP = """
import json, httpx
def call(method, path, token=None, body=None, headers=None):
    h = dict(headers or {})
    if token:
        h["Authorization"] = "Bearer " + token
    r = httpx.request(method, "PUBLIC" + path, json=body, headers=h, timeout=30)
    json_body = r.headers.get("content-type", "").startswith("application/json")
    return r.status_code, (r.json() if json_body else r.text), dict(r.headers)
""".replace("PUBLIC", PUBLIC)


def wait_for(what: str, check: Any, timeout: float = 120) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.2)


def caddyfile(port: int, data: Path) -> str:
    """The page's Caddyfile for poker.test: the site block as written, with ``tls internal``;
    global options keep the test's CA and state in its own directory."""
    (site,) = [b for b in docs_blocks("caddyfile") if "reverse_proxy" in b]
    site = site.replace("poker.example.org", SITE).replace("127.0.0.1:8000", f"127.0.0.1:{port}")
    site = site.replace("{\n", "{\n\ttls internal\n", 1)
    return ("{\n\tadmin off\n\tskip_install_trust\n\tauto_https disable_redirects\n"
            f"\tstorage file_system {{\n\t\troot {data}\n\t}}\n}}\n\n{site}")


def serve_command(port: int, db: str) -> list[str]:
    """The systemd unit's ExecStart, with the test's port, database and public name."""
    (unit,) = [b for b in docs_blocks("ini") if "ExecStart=" in b]
    line = next(x for x in unit.splitlines() if x.startswith("ExecStart="))
    args = line.split("=", 1)[1].split()
    assert args[0].endswith("/studpoker") and args[1] == "serve", line
    args[0] = STUDPOKER
    args[args.index("--port") + 1] = str(port)
    args[args.index("--db") + 1] = db
    args[args.index("--public-url") + 1] = PUBLIC
    assert args[args.index("--trusted-proxies") + 1] == "127.0.0.1/32"
    return [*args, "--hand-delay", "0.5", "--bot-delay", "0.1", "--sockets-per-ip", "1", "--log-level", "warning"]


@pytest.fixture
def network() -> Iterator[Network]:
    if os.geteuid() != 0:
        pytest.fail("this test makes network namespaces: run it as root (CI does)", pytrace=False)
    _need("ip", "iproute2")
    net = Network(3)
    try:
        net.build()
        yield net
    finally:
        net.clean()
        assert net.left_over() == [], "the test's namespaces, links or files were left behind"


def chromium_in(ns: str, home: Path, root_crt: Path, tmp: Path) -> Path:
    """A Chromium launcher that runs in namespace ``ns`` and trusts Caddy's root CA (an NSS
    database of its own, in its own ``HOME``)."""
    certutil = _need("certutil", "libnss3-tools")
    nssdb = home / ".pki" / "nssdb"
    nssdb.mkdir(parents=True)
    _sh(certutil, "-d", f"sql:{nssdb}", "-N", "--empty-password")
    _sh(certutil, "-d", f"sql:{nssdb}", "-A", "-t", "C,,", "-n", "caddy-test-root", "-i", str(root_crt))
    launcher = tmp / f"chromium-{ns}"
    launcher.write_text(f"#!/bin/sh\nexport HOME={home}\nexec ip netns exec {ns} {CHROMIUM} \"$@\"\n")
    launcher.chmod(0o755)
    return launcher


def test_a_night_across_a_network_behind_caddy(network: Network, tmp_path: Path) -> None:
    caddy = _need("caddy", "caddy")
    procs = Processes()
    env = dict(os.environ, HOME=str(tmp_path), XDG_DATA_HOME=str(tmp_path / "xdg-data"),
               XDG_CONFIG_HOME=str(tmp_path / "xdg-config"))
    db = f"sqlite:///{tmp_path / 'night.db'}"
    port = 8000
    data = tmp_path / "caddy"
    (tmp_path / "Caddyfile").write_text(caddyfile(port, data))
    playwright = None
    try:
        server = procs.start(network.host, serve_command(port, db), tmp_path / "serve.log", env)
        procs.start(network.host, [caddy, "run", "--config", str(tmp_path / "Caddyfile"), "--adapter", "caddyfile"],
                    tmp_path / "caddy.log", env)
        root_crt = data / "pki" / "authorities" / "local" / "root.crt"
        wait_for("Caddy's root certificate", root_crt.exists)
        tls_env = dict(env, SSL_CERT_FILE=str(root_crt))
        f1, f2, f3 = network.friends

        def healthy() -> bool:
            assert server.poll() is None, (tmp_path / "serve.log").read_text()[-3000:]
            return bool(in_ns(f1, HTTP + """
try:
    s, body, h = call("GET", "/api/health")
    print(json.dumps(s == 200))
except httpx.HTTPError:
    print(json.dumps(False))""", tls_env))

        wait_for("the site through Caddy", healthy)

        # the host: an account, a private table; the invite link is on the public URL
        host = in_ns(network.host, HTTP + f"""
s, body, h = call("POST", "/api/register", body={{"name": "hostess", "password": "a long pass phrase"}})
assert s in (200, 201), (s, body)
token = body["token"]
s, info, h = call("POST", "/api/tables", token, {table_config(STUD, name="across town", private=True,
                                                             action_time=60)!r})
assert s == 201, (s, info)
print(json.dumps({{"info": info, "headers": h}}))""", tls_env)
        info, headers = host["info"], host["headers"]
        table, invite = info["id"], info["invite_code"]
        assert info["invite_url"] == f"{PUBLIC}/#/table/{table}?invite={invite}"
        assert headers["strict-transport-security"].startswith("max-age=")  # through Caddy
        assert "frame-ancestors 'none'" in headers["content-security-policy"]

        # the host plays from its machine, friend 3 with studpoker connect: both over wss://
        procs.start(network.host, [STUDPOKER, "connect", "--server", PUBLIC, "--table", str(table), "--bot",
                                   "station", "--name", "hostess", "--password", "a long pass phrase",
                                   "--seat", "0", "--buy-in", "500"], tmp_path / "host-bot.log", tls_env)
        procs.start(f3, [STUDPOKER, "connect", "--server", PUBLIC, "--table", str(table), "--invite", invite,
                         "--bot", "rule", "--seat", "3", "--buy-in", "500"], tmp_path / "friend3.log", tls_env)

        # friends 1 and 2 in Chromium, each in their namespace, following the invite link
        playwright = sync_playwright().start()
        pages = []
        sockets: list[str] = []
        for i, ns in enumerate((f1, f2), 1):
            launcher = chromium_in(ns, tmp_path / f"home-{ns}", root_crt, tmp_path)
            browser = playwright.chromium.launch(executable_path=str(launcher), args=ARGS, chromium_sandbox=False)
            page = browser.new_context().new_page()
            errors: list[str] = []
            page.on("pageerror", lambda exc, errors=errors: errors.append(str(exc)))
            page.on("websocket", lambda ws: sockets.append(ws.url))
            page.goto(info["invite_url"])
            nick = f"friend{i}{network.tag[:3]}"
            # the invite lands on the table, its host and games: a nickname and Join
            page.fill("[data-testid='invite-nickname']", nick, timeout=60000)
            page.click("[data-testid='invite-join']")
            page.locator("#who b", has_text=nick).wait_for(timeout=60000)
            page.wait_for_selector(".sit-btn", timeout=60000)
            page.locator(f".sit-btn[data-seat='{i}']").click()
            page.fill("#buyin", "500")
            page.click("#sit-confirm")
            page.wait_for_selector(f".seat.you[data-name='{nick}']", timeout=60000)
            pages.append((page, errors))
        assert sockets and all(url == f"wss://{SITE}/ws" for url in sockets), sockets

        # they play three hands, clicking whatever the turn offers
        def hand(page: Any) -> int:
            value = page.get_attribute(".felt-wrap", "data-hand") or "0"
            return int(value) if value else 0

        deadline = time.monotonic() + 300
        while min(hand(p) for p, _ in pages) < 4:
            assert time.monotonic() < deadline, "the night did not reach its fourth hand"
            for page, _ in pages:
                kinds = page.locator("button.act:not([disabled])").evaluate_all("els => els.map(e => e.dataset.kind)")
                if kinds:
                    kind = next((k for k in PREFER if k in kinds), kinds[-1])
                    with contextlib.suppress(Exception):
                        page.locator(f"button.act[data-kind='{kind}']:not([disabled])").first.click(timeout=2000)
            time.sleep(0.1)
        for _, errors in pages:
            assert errors == []

        # each friend is seen with their own address (--sockets-per-ip 1): the three friends and
        # the host are connected at once, and a second websocket of friend 1 is refused; so is a
        # page of another origin
        refused = in_ns(f1, """
import asyncio, json
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed
async def main():
    out = []
    async with connect("wss://SITE/ws") as ws:
        out.append(json.loads(await ws.recv())["code"])
    async with connect("wss://SITE/ws", origin="https://evil.example") as ws:
        try:
            out.append(json.loads(await ws.recv())["code"])
            await ws.recv()
        except ConnectionClosed as exc:
            out.append(exc.rcvd.code)
    return out
print(json.dumps(asyncio.run(main())))""".replace("SITE", SITE), tls_env)
        assert refused == ["too_many_connections", "bad_origin", 1008]
        # the server's own view: three guests and the host, the seats taken through TLS
        seats = in_ns(f1, HTTP + f"""
s, body, h = call("GET", "/api/tables/{table}?invite={invite}")
print(json.dumps(sorted(x["seat"] for x in body["seats"] if x)))""", tls_env)
        assert seats == [0, 1, 2, 3]
    finally:
        if playwright is not None:
            with contextlib.suppress(Exception):
                playwright.stop()
        procs.stop()
    assert audit_ok(db) == []
