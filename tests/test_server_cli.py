"""The server's CLI commands: verify-shuffle, audit, connect (a remote bot), and fairness itself."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from _server_support import STUD, ServerThread, audit_ok, guest, run, table_config
from studpoker import SevenCardStud, WallStreet, phh
from studpoker.cards import full_deck
from studpoker.cli import app
from studpoker.fairness import commitment, deck_from_seed, new_seed, random_stream, verify_history

runner = CliRunner()
STUDPOKER = str(Path(sys.executable).with_name("studpoker"))
SEED = "5f" * 32


def test_deck_from_seed_is_a_deterministic_permutation() -> None:
    for joker in (False, True):
        deck = deck_from_seed(SEED, joker=joker)
        assert sorted(deck) == sorted(full_deck(joker=joker))
        assert deck == deck_from_seed(SEED, joker=joker)
    assert deck_from_seed(SEED) != deck_from_seed("5e" + "5f" * 31)
    assert len(new_seed()) == 64 and new_seed() != new_seed()
    # the documented stream: HMAC-SHA256(seed bytes, counter) as big-endian 32-bit words
    import hashlib
    import hmac
    import struct

    first = hmac.new(bytes.fromhex(SEED), struct.pack(">Q", 0), hashlib.sha256).digest()
    stream = random_stream(SEED)
    assert [next(stream) for _ in range(8)] == list(struct.unpack(">8I", first))
    assert commitment(SEED) == hashlib.sha256(SEED.encode()).hexdigest()


def test_deck_from_seed_is_uniform_enough() -> None:
    """Each card lands in the first position about equally often over many seeds."""
    counts: dict[str, int] = {}
    for i in range(5200):
        seed = hashlib_seed(i)
        top = str(deck_from_seed(seed)[0])
        counts[top] = counts.get(top, 0) + 1
    assert len(counts) == 52
    expected = 100
    chi2 = sum((c - expected) ** 2 / expected for c in counts.values())
    assert chi2 < 110  # 51 degrees of freedom: p < 1e-5 above ~100


def hashlib_seed(i: int) -> str:
    import hashlib

    return hashlib.sha256(str(i).encode()).hexdigest()


def _history_text(game: SevenCardStud | WallStreet, n: int, seed: str) -> str:
    import random

    rng = random.Random(1)
    hand = game.deal(stacks=[100] * n, dealer=n - 1, deck=deck_from_seed(seed, joker=game.joker))
    while not hand.is_over:
        hand.apply(rng.choice(hand.legal_actions()))
    return phh.write(phh.from_hand(hand, fields={"_seed": seed, "_commitment": commitment(seed)}))


def test_verify_shuffle_command(tmp_path: Path) -> None:
    r = runner.invoke(app, ["verify-shuffle", SEED, "--commitment", commitment(SEED), "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["ok"] and out["deck"] == [str(c) for c in deck_from_seed(SEED)]
    r = runner.invoke(app, ["verify-shuffle", SEED, "--commitment", "00" * 32])
    assert r.exit_code == 1 and "MISMATCH" in r.output
    assert runner.invoke(app, ["verify-shuffle", "xyz"]).exit_code == 2
    assert runner.invoke(app, ["verify-shuffle"]).exit_code == 2
    for game, n in ((SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10, joker=True), 8),
                    (WallStreet(ante=1, limits=2), 7)):
        text = _history_text(game, n, SEED)
        path = tmp_path / "hand.phh"
        path.write_text(text)
        r = runner.invoke(app, ["verify-shuffle", "--history", str(path)])
        assert r.exit_code == 0, r.output
        assert "every card of the history" in r.output
        assert verify_history(phh.read_one(text)) == []
        # swap two dealt cards: the history no longer matches the seed
        lines = text.splitlines()
        i = next(k for k, line in enumerate(lines) if line.strip().startswith('"d dh p1 '))
        j = next(k for k, line in enumerate(lines) if line.strip().startswith('"d dh p2 '))
        a, b = lines[i].split()[-1].rstrip('",'), lines[j].split()[-1].rstrip('",')
        lines[i] = lines[i].replace(a, b)
        lines[j] = lines[j].replace(b, a)
        path.write_text("\n".join(lines) + "\n")
        r = runner.invoke(app, ["verify-shuffle", "--history", str(path)])
        assert r.exit_code == 1 and "MISMATCH" in r.output


def test_audit_command_exit_codes(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'a.db'}"
    from studpoker.server.auth import Auth
    from studpoker.server.db import Database, UserRow

    db = Database(url)
    db.migrate()
    with db.session() as s:
        Auth().guest(s)
        s.commit()
    r = runner.invoke(app, ["audit", "--db", url])
    assert r.exit_code == 0 and "audit ok" in r.output
    with db.session() as s:
        s.query(UserRow).update({UserRow.balance: UserRow.balance + 7})
        s.commit()
    db.dispose()
    r = runner.invoke(app, ["audit", "--db", url, "--json"])
    assert r.exit_code == 1
    assert not json.loads(r.output)["ok"]
    assert runner.invoke(app, ["audit", "--db", f"sqlite:///{tmp_path / 'missing' / 'x.db'}"]).exit_code == 2


@pytest.mark.parametrize("bot", ["rule", "equity"])
def test_connect_plays_a_remote_bot(tmp_path: Path, bot: str) -> None:
    """``studpoker connect`` is an ordinary websocket client playing any bot."""
    url = f"sqlite:///{tmp_path / 'c.db'}"
    with ServerThread(url) as srv:
        async def setup() -> int:
            owner = await guest(srv.url)
            info = await owner.create_table(table_config(STUD, action_time=20))
            await owner.request({"type": "add_bot", "table": info["id"], "bot": "station", "buy_in": 500})
            await owner.close()
            return int(info["id"])

        tid = run(setup())
        proc = subprocess.run(
            [STUDPOKER, "connect", "--server", srv.url, "--table", str(tid), "--bot", bot, "--hands", "3",
             "--buy-in", "500", "--seed", "1"], capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        assert "played 3 hands" in proc.stdout
    assert audit_ok(url) == []


SERVER_MODULES = ["studpoker.fairness", "studpoker.server", "studpoker.server.app", "studpoker.server.client",
                  "studpoker.server.config", "studpoker.server.db", "studpoker.server.replay",
                  "studpoker.codec", "studpoker.server.protocol", "studpoker.server.rooms",
                  "studpoker.server.rooms.registry", "studpoker.server.rooms.room",
                  "studpoker.server.rooms.requests", "studpoker.server.rooms.messages",
                  "studpoker.server.pages", "studpoker.server.demo",
                  "studpoker.server.ledger", "studpoker.server.store", "studpoker.server.auth",
                  "studpoker.server.ws", "studpoker.server.api", "studpoker.server.commands"]


@pytest.mark.parametrize("name", SERVER_MODULES)
def test_server_module_doctests(name: str) -> None:
    import doctest
    import importlib

    failures, _ = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert failures == 0
