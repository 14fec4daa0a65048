"""Hostile values where the server reads numbers, JSON and hand histories: never a 500, always a 4xx
(or a refusal) naming the field. Numbers past Python's 4,300-digit limit for text, arrays nested
thousands deep, a mixed table's game entry holding the arguments of the game builder itself; then
a little fuzzing of the same doors with hypothesis."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from _server_support import FAST
from studpoker.server import create_app

DATA = Path(__file__).resolve().parent / "data" / "history"
SAMPLE = (DATA / "pokerstars-razz.txt").read_text(encoding="utf-8").split("\n\n\n")[0]
SEAT = "Seat 1: Kestrel77 ($1.33 in chips)"
PHH = """variant = "F7S"
ante_trimming_status = false
antes = [1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [100, 100]
actions = []
players = ["a", "b"]
"""
TABLE = {"name": "t", "action_time": 30, "time_bank": 0, "min_buy_in": 20, "max_buy_in": 2000}


@pytest.fixture(scope="module")
def http() -> Iterator[tuple[TestClient, dict[str, str]]]:
    with TestClient(create_app("sqlite://", FAST), raise_server_exceptions=False) as client:
        token = client.post("/api/guest").json()["token"]
        yield client, {"Authorization": f"Bearer {token}"}


def test_an_upload_with_a_stack_of_1e5000_is_refused_with_the_reason(http: tuple[TestClient, dict[str, str]]) -> None:
    """``$1e5000`` reads as a number of 5,001 digits, which no PHH file can be written with: the
    hand is refused, naming the amount (the rest of the file goes on)."""
    client, _ = http
    assert SEAT in SAMPLE
    for amount in ("$1e5000", "$" + "1" * 5000, "$1e999999999"):
        r = client.post("/api/import", content=SAMPLE.replace(SEAT, f"Seat 1: Kestrel77 ({amount} in chips)"))
        assert r.status_code == 200, (amount[:12], r.status_code, r.text[:200])
        out = r.json()
        assert out["refused"] == 1 and out["hands"] == []
        reason = out["refusals"][0]["reason"]
        # the amount is named, or a line that long is refused before any pattern reads it
        assert ("amount" in reason or "longer than 1000 characters" in reason), reason
        assert "internal error" not in reason, reason
    fine = client.post("/api/import", content=SAMPLE).json()
    assert fine["refused"] == 0 and len(fine["hands"]) == 1


def test_a_replayed_phh_too_deep_or_too_long_is_a_400_naming_the_field(
        http: tuple[TestClient, dict[str, str]]) -> None:
    client, _ = http
    long_stack = PHH.replace("starting_stacks = [100, 100]", f"starting_stacks = [{'1' * 5000}, 100]")
    r = client.post("/api/import/replay", json={"phh": long_stack})
    assert r.status_code == 400 and "starting_stacks" in r.json()["detail"] and "digits" in r.json()["detail"]
    deep = PHH.replace("antes = [1, 1]", "antes = " + "[" * 3000 + "]" * 3000)
    r = client.post("/api/import/replay", json={"phh": deep})
    assert r.status_code == 400 and "antes" in r.json()["detail"] and "deep" in r.json()["detail"], r.text
    deep_table = PHH.replace("antes = [1, 1]", "antes = " + "{a = " * 3000 + "1" + "}" * 3000)
    assert client.post("/api/import/replay", json={"phh": deep_table}).status_code == 400
    assert client.post("/api/import/replay", json={"phh": PHH}).status_code == 200


@pytest.mark.parametrize("key", ["unit", "name"])
def test_a_mixed_game_entry_holding_the_builders_arguments_is_a_422(
        http: tuple[TestClient, dict[str, str]], key: str) -> None:
    """``unit_game(name, unit, **options)``: an entry with ``unit`` or ``name`` gave the builder
    an argument twice (a TypeError, a 500)."""
    client, auth = http
    body = {**TABLE, "mixed": {"games": [{"game": "stud", key: 2}, "razz"]}}
    r = client.post("/api/tables", json=body, headers=auth)
    assert r.status_code == 422, r.text
    text = json.dumps(r.json())
    assert "mixed.games[0]" in text and repr(key) in text


# ------------------------------------------------------------------ fuzzing


_HUGE = st.one_of(st.integers(min_value=-(10**30), max_value=10**30), st.just(10**4000),
                  st.just(-(10**4000)))
_SCALARS = st.one_of(_HUGE, st.floats(allow_nan=False), st.text(max_size=8), st.booleans(), st.none())
_VALUES = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
    st.text(max_size=6), inner, max_size=3), max_leaves=8)
_KEYS = st.sampled_from(["game", "unit", "name", "ante", "bring_in", "small_bet", "big_bet", "limits",
                         "joker", "max_raises", "seats", "hands", "mode", "games", "x"])
_GAME_NAMES = st.sampled_from(["stud", "razz", "stud8", "wallstreet", "baseball", "nope", ""])


def _game_entry() -> st.SearchStrategy[Any]:
    return st.one_of(_GAME_NAMES, st.dictionaries(_KEYS, st.one_of(_GAME_NAMES, _VALUES), max_size=4)
                     .map(lambda d: {"game": "stud", **d}), _VALUES)


def _dumps(value: Any) -> str:
    """JSON text of ``value``, numbers of any length included (what a hostile client may send)."""
    if isinstance(value, bool) or value is None or isinstance(value, float | str):
        return json.dumps(value)
    if isinstance(value, int):
        return str(value) if abs(value) < 10**4000 else ("-" if value < 0 else "") + "9" * 4500
    if isinstance(value, list):
        return "[" + ",".join(_dumps(v) for v in value) + "]"
    return "{" + ",".join(json.dumps(str(k)) + ":" + _dumps(v) for k, v in value.items()) + "}"


FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                       HealthCheck.too_slow])


@FUZZ
@given(game=_game_entry(), games=st.lists(_game_entry(), max_size=4), unit=_VALUES,
       extra=st.dictionaries(_KEYS, _VALUES, max_size=2))
def test_fuzz_table_creation_never_500(http: tuple[TestClient, dict[str, str]], game: Any, games: list[Any],
                                       unit: Any, extra: dict[str, Any]) -> None:
    client, auth = http
    for body in ({**TABLE, "game": game, **extra}, {**TABLE, "mixed": {"games": games, "unit": unit}},
                 {"name": "sng", "game": game, "schedule": extra, "players": unit}):
        for path in ("/api/tables", "/api/tournaments"):
            r = client.post(path, content=_dumps(body), headers={**auth, "content-type": "application/json"})
            assert r.status_code < 500, (path, body, r.text[:300])


_FIELDS = st.sampled_from(["antes", "starting_stacks", "bring_in", "small_bet", "big_bet", "actions",
                           "players", "variant", "hand", "_hero"])


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if abs(value) < 10**4000 else "9" * 4500
    if isinstance(value, float):
        return repr(value) if value == value and abs(value) != float("inf") else "0.5"
    if value is None:
        return '""'
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return "{" + ", ".join(f"{json.dumps(str(k))} = {_toml(v)}" for k, v in value.items()) + "}"


@FUZZ
@given(changes=st.dictionaries(_FIELDS, _VALUES, max_size=3), depth=st.integers(min_value=0, max_value=4000),
       action=st.text(max_size=20))
def test_fuzz_imported_replay_never_500(http: tuple[TestClient, dict[str, str]], changes: dict[str, Any],
                                        depth: int, action: str) -> None:
    client, _ = http
    lines = dict(line.split(" = ", 1) for line in PHH.strip().splitlines())
    for key, value in changes.items():
        lines[key] = _toml(value)
    lines["actions"] = f"[{json.dumps(action)}]" if action else lines["actions"]
    if depth:
        lines["_deep"] = "[" * depth + "]" * depth
    text = "\n".join(f"{k} = {v}" for k, v in lines.items()) + "\n"
    r = client.post("/api/import/replay", json={"phh": text})
    assert r.status_code < 500, (text[:300], r.text[:300])


@FUZZ
@given(amount=st.one_of(st.from_regex(r"\$?[0-9.,e+-]{1,12}", fullmatch=True),
                        st.integers(min_value=4290, max_value=5000).map(lambda n: "$" + "7" * n)),
       seat=st.one_of(st.integers(min_value=0, max_value=10**6).map(str), st.just("9" * 5000)))
def test_fuzz_uploaded_amounts_never_500(http: tuple[TestClient, dict[str, str]], amount: str, seat: str) -> None:
    client, _ = http
    text = SAMPLE.replace(SEAT, f"Seat {seat}: Kestrel77 ({amount} in chips)")
    r = client.post("/api/import", content=text.encode())
    assert r.status_code < 500, (amount[:20], seat[:20], r.text[:300])
