"""The server's CLI commands: verify-shuffle, audit, connect (a remote bot), and fairness itself."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from _server_support import STUD, ServerThread, audit_ok, guest, run, table_config
from studpoker import phh
from studpoker.cli import app
from studpoker.engine import SevenCardStud, WallStreet
from studpoker.engine.cards import full_deck
from studpoker.fairness import (
    Opening,
    commitment,
    dealt_cards,
    deck_from_seed,
    deck_root,
    keep_seen_openings,
    new_seed,
    open_cards,
    open_positions,
    public_cards,
    random_stream,
    seen_cards,
    verify_history,
    verify_opening,
)

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


def _documented_deck_and_root(seed: str, joker: bool) -> tuple[list[str], str]:
    """The shuffle and the commitment exactly as docs/server.md and fairness.py describe them,
    written from the text alone (no studpoker code)."""
    import hashlib
    import hmac
    import struct

    key = bytes.fromhex(seed)
    ranks, suits = "23456789TJQKA", "cdhs"
    deck = [r + s for r in ranks for s in suits] + (["Jk"] if joker else [])  # 2c 2d 2h 2s 3c ...
    assert deck[:5] == ["2c", "2d", "2h", "2s", "3c"]

    def stream() -> Any:
        i = 0
        while True:
            yield from struct.unpack(">8I", hmac.new(key, struct.pack(">Q", i), hashlib.sha256).digest())
            i += 1

    words = stream()
    for i in range(len(deck) - 1, 0, -1):
        m = i + 1
        while (u := next(words)) >= 2**32 - (2**32 % m):
            pass
        j = u % m
        deck[i], deck[j] = deck[j], deck[i]
    level = []
    for p in range(64):
        if p < len(deck):
            salt = hmac.new(key, b"salt" + struct.pack(">Q", p), hashlib.sha256).digest()
            level.append(hashlib.sha256(b"\x00" + salt + deck[p].encode() + bytes([p])).digest())
        else:
            level.append(bytes(32))
    while len(level) > 1:
        level = [hashlib.sha256(b"\x01" + level[i] + level[i + 1]).digest() for i in range(0, len(level), 2)]
    return deck, level[0].hex()


def test_the_documented_algorithm_gives_the_same_deck_and_commitment() -> None:
    for seed in (SEED, "00" * 32, new_seed()):
        for joker in (False, True):
            deck, root = _documented_deck_and_root(seed, joker)
            assert [str(c) for c in deck_from_seed(seed, joker=joker)] == deck
            assert deck_root(seed, joker=joker) == root


def test_openings_prove_seen_cards_and_only_them() -> None:
    root = deck_root(SEED)
    openings = open_positions(SEED, range(52))
    assert all(verify_opening(root, o) for o in openings)
    assert [o.card for o in openings] == [str(c) for c in deck_from_seed(SEED)]
    o = openings[7]
    assert Opening.from_text(o.to_text()) == o == Opening.from_dict(o.to_dict())
    other = next(x for x in openings if x.card != o.card)
    for forged in (Opening(position=o.position, card=other.card, salt=o.salt, proof=o.proof),  # another card
                   Opening(position=other.position, card=o.card, salt=o.salt, proof=o.proof),  # elsewhere
                   Opening(position=o.position, card=o.card, salt="00" * 32, proof=o.proof),
                   Opening(position=o.position, card=o.card, salt=o.salt, proof=o.proof[:-1])):
        assert not verify_opening(root, forged)
    assert not verify_opening(deck_root(new_seed()), o)
    # an opening says nothing about another position: salts are independent of each other
    assert len({x.salt for x in openings}) == 52


def test_a_viewers_history_keeps_only_the_openings_of_cards_it_shows() -> None:
    """The server's full history opens every card; one player's copy of it opens only what that
    player saw (their own down cards, everyone's up cards, shown cards), never another's hole card."""
    import random

    game = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)
    for seed_n in range(20):
        seed = hashlib_seed(seed_n)
        hand = game.deal(stacks=[100] * 4, dealer=3, deck=deck_from_seed(seed))
        rng = random.Random(seed_n)
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
        full = phh.from_hand(hand, fields={"_commitment": deck_root(seed), "_openings": [
            o.to_text() for o in open_cards(seed, dealt_cards(hand))]})
        for player in range(4):
            mine = phh.for_viewer(phh.read_one(phh.write(full)), player)
            keep_seen_openings(mine)
            seat = phh.replay_result(full).seat(player)
            seen = {str(c) for c in seen_cards(hand, seat)}
            opened = {Opening.from_text(x).card for x in mine.fields["_openings"]}  # type: ignore[union-attr]
            assert opened == seen, (seed_n, player)
            assert verify_history(mine) == []


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
    opened = [o.to_text() for o in open_cards(seed, public_cards(hand), joker=game.joker)]
    return phh.write(phh.from_hand(hand, public=True, fields={
        "_commitment": deck_root(seed, joker=game.joker), "_openings": opened}))


def test_verify_shuffle_command(tmp_path: Path) -> None:
    r = runner.invoke(app, ["verify-shuffle", SEED, "--commitment", deck_root(SEED), "--json"])
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
        assert "committed position" in r.output
        assert verify_history(phh.read_one(text)) == []
        # swap two up cards: the history no longer matches the committed deck
        lines = text.splitlines()
        i = next(k for k, line in enumerate(lines) if line.strip().startswith('"d dh p1 '))
        j = next(k for k, line in enumerate(lines) if line.strip().startswith('"d dh p2 '))
        a, b = lines[i].split()[-1].rstrip('",')[-2:], lines[j].split()[-1].rstrip('",')[-2:]
        lines[i] = lines[i].replace(a, b)
        lines[j] = lines[j].replace(b, a)
        path.write_text("\n".join(lines) + "\n")
        r = runner.invoke(app, ["verify-shuffle", "--history", str(path)])
        assert r.exit_code == 1 and "MISMATCH" in r.output


def test_verify_shuffle_checks_the_published_commitment_and_nothing_else(tmp_path: Path) -> None:
    """Issue 22 s.1 item 5: a forged history carries a commitment (and a ``_seed``) of its own
    deck; verification against the commitment published before the deal refuses it, and a
    history with a ``_seed`` but no commitment proves nothing."""
    game = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)
    published = deck_root(SEED)
    forger = hashlib_seed(7)
    forged = _history_text(game, 4, forger)  # a deck of the forger's choice, with its own root
    path = tmp_path / "forged.phh"
    path.write_text(forged)
    assert runner.invoke(app, ["verify-shuffle", "--history", str(path)]).exit_code == 0  # self-consistent
    r = runner.invoke(app, ["verify-shuffle", "--history", str(path), "--commitment", published, "--json"])
    assert r.exit_code == 1, r.output
    out = json.loads(r.output)
    assert not out["ok"] and any("not the published commitment" in p for p in out["problems"])
    assert any("does not match the commitment" in p for p in out["problems"])
    history = phh.read_one(forged)
    assert verify_history(history, commitment=published) != []
    assert verify_history(history, commitment=deck_root(forger)) == []
    # the honest history passes against the published commitment, given in any case
    honest = tmp_path / "honest.phh"
    honest.write_text(_history_text(game, 4, SEED))
    r = runner.invoke(app, ["verify-shuffle", "--history", str(honest), "--commitment", published.upper()])
    assert r.exit_code == 0, r.output
    # a _seed line and no commitment: refused, whatever the seed says
    seeded = "\n".join([f'_seed = "{forger}"', *[line for line in forged.splitlines()
                                                  if not line.startswith("_commitment")]]) + "\n"
    path.write_text(seeded)
    assert "_commitment" not in phh.read_one(seeded).fields
    r = runner.invoke(app, ["verify-shuffle", "--history", str(path), "--json"])
    assert r.exit_code == 1, r.output
    assert any("no _commitment" in p for p in json.loads(r.output)["problems"])
    assert verify_history(phh.read_one(seeded)) != []
    # with a seed on the command line the history is still checked against the commitment given
    r = runner.invoke(app, ["verify-shuffle", forger, "--history", str(path), "--commitment", published])
    assert r.exit_code == 1, r.output


def test_audit_command_exit_codes(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'a.db'}"
    from studpoker.server.accounts.auth import Auth
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
                  "studpoker.codec", "studpoker.server.protocol", "studpoker.server.tables",
                  "studpoker.server.tables.registry", "studpoker.server.tables.room",
                  "studpoker.server.tables.requests", "studpoker.server.tables.messages",
                  "studpoker.server.pages", "studpoker.server.demo",
                  "studpoker.server.ledger", "studpoker.server.tables.store", "studpoker.server.accounts.auth",
                  "studpoker.server.ws", "studpoker.server.api", "studpoker.server.commands",
                  "studpoker.server.access", "studpoker.server.dispatch"]


@pytest.mark.parametrize("name", SERVER_MODULES)
def test_server_module_doctests(name: str) -> None:
    import doctest
    import importlib

    failures, _ = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert failures == 0
