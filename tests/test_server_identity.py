"""Identity is the account id; a name is only a label. Attacks on the names: a stranger taking a
seat's old name to read its replays, look-alike names through a rename or a guest's conversion,
and names that a spreadsheet would run as formulas in the night's ledger CSV."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient

from _server_support import FAST
from studpoker.server import create_app
from studpoker.server.accounts.auth import Auth
from studpoker.server.tables.night import ledger_csv


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'identity.db'}"


# ------------------------------------------------------------------ the ledger CSV


def _line(name: str, net: int, funded_by: str | None = None) -> dict[str, object]:
    return {"name": name, "funded_by": funded_by, "buy_ins": 100, "top_ups": 0, "cash_out": 100 + net,
            "chips": 0, "net": net}


def test_the_ledger_csv_escapes_formulas_but_keeps_numbers() -> None:
    """OWASP's CSV injection rule: a cell a person wrote that starts with ``=``, ``+``, ``-``, ``@``,
    a tab or a carriage return gets a leading single quote; the server's own numbers (a net of
    -40) stay numbers."""
    players = [_line("-A1-B1", -40), _line("=1+2", 40), _line("+cmd", 0), _line("@SUM(A1)", 0),
               _line("\tx", 0), _line("\rx", 0), _line("bot-rule-3", 0, funded_by="-A1-B1"),
               _line("ann", 0)]
    ledger = {"players": players,
              "totals": {"buy_ins": 800, "top_ups": 0, "cash_out": 800, "chips": 0, "net": 0}}
    rows = list(csv.reader(io.StringIO(ledger_csv(ledger))))
    body = rows[1:-1]
    assert [r[0] for r in body] == ["'-A1-B1", "'=1+2", "'+cmd", "'@SUM(A1)", "'\tx", "'\rx",
                                    "bot-rule-3", "ann"]
    assert body[6][1] == "'-A1-B1"  # the funder of a bot is a name too
    assert body[0][2:] == ["100", "0", "60", "0", "-40"]  # numbers as numbers, the minus kept
    assert body[1][-1] == "40" and rows[-1] == ["total", "", "800", "0", "800", "0", "0"]
    assert all(not cell.startswith(("=", "+", "-", "@", "\t", "\r")) for r in body for cell in r[:2])


# ------------------------------------------------------------------ look-alikes


def _cheap_auth() -> Auth:
    """Fast hashes: these tests are about names."""
    return Auth(hasher=PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1))


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_look_alike_names_are_refused_on_every_rename_and_conversion(url: str) -> None:
    """The look-alike key (``name_skeleton``) is checked on a guest's nickname, a rename and a
    conversion to an account, and moves with the name: the old name's look-alikes are free again,
    the new one's are taken."""
    with TestClient(create_app(url, FAST, auth=_cheap_auth())) as http:
        def guest(name: str | None = None) -> str:
            r = http.post("/api/guest", json={"name": name} if name else None)
            assert r.status_code == 200, r.text
            return str(r.json()["token"])

        def register(name: str) -> int:
            return http.post("/api/register", json={"name": name, "password": "a good password"}).status_code

        assert register("aliceofhj") == 200
        g = guest()
        r = http.post("/api/me/name", json={"name": "aIiceofhj"}, headers=_bearer(g))  # a capital i
        assert r.status_code == 409 and "aliceofhj" in r.json()["detail"], r.text
        r = http.post("/api/me/account", json={"password": "a good password", "name": "a1iceofhj"},
                      headers=_bearer(g))
        assert r.status_code == 409 and "aliceofhj" in r.json()["detail"], r.text
        assert http.get("/api/me", headers=_bearer(g)).json()["guest"]  # nothing changed
        assert http.post("/api/guest", json={"name": "ALICEOFHJ"}).status_code == 409
        assert http.post("/api/guest", json={"name": "a1iceofhj"}).status_code == 409
        # a guest renamed carolwkev: its look-alikes are taken, by registration and by guests
        carol = guest()
        assert http.post("/api/me/name", json={"name": "carolwkev"}, headers=_bearer(carol)).status_code == 200
        assert register("caroIwkev") == 409
        assert http.post("/api/guest", json={"name": "caro1wkev"}).status_code == 409
        other = guest()
        assert http.post("/api/me/name", json={"name": "caroIwkev"}, headers=_bearer(other)).status_code == 409
        # its own look-alike is its own to take; the name it leaves is free again, look-alikes too
        assert http.post("/api/me/name", json={"name": "caroIwkev"}, headers=_bearer(carol)).status_code == 200
        assert http.post("/api/me/name", json={"name": "danaqz"}, headers=_bearer(carol)).status_code == 200
        assert register("carolwkev") == 200
        assert register("dana9z") == 200 and register("danaqZ") == 409
