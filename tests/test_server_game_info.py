"""The server tells the browser the game's knowledge instead of the browser re-deriving rules:
``game_info`` in table info, table messages, lobby entries and replays; ``GET /api/games``
(every game and the bot kinds). Game options are checked by the core's registry (issue 16)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from _server_support import FAST, RAZZ, STUD, STUD8, WALL, table_config
from studpoker.bots import BOT_NAMES, DEFAULT_BOT
from studpoker.engine.games import GAMES, from_options, game_info
from studpoker.server import create_app


@pytest.fixture
def http(tmp_path: Any) -> Any:
    with TestClient(create_app(f"sqlite:///{tmp_path / 's.db'}", FAST)) as client:
        yield client


def _auth(http: Any) -> dict[str, str]:
    return {"Authorization": f"Bearer {http.post('/api/guest').json()['token']}"}


def test_api_games_lists_each_game_and_the_bot_kinds(http: Any) -> None:
    body = http.get("/api/games").json()
    infos = {g["game"]: g for g in body["games"]}
    assert set(infos) == set(GAMES) >= {"stud", "wallstreet", "stud8", "razz"}
    assert infos["stud8"]["name"] == "Seven Card Stud Hi-Lo" and infos["razz"]["name"] == "Razz"
    assert (infos["razz"]["low"], infos["razz"]["bring_in_card"], infos["razz"]["first_to_act"]) == (
        "razz", "highest", "low_board")  # R6.2-R6.4
    for info in infos.values():  # the rules panel's words come with each game
        assert info["rules"] and all(set(s) == {"title", "text"} for s in info["rules"])
    assert (infos["stud"]["min_players"], infos["stud"]["max_players"]) == (2, 8)  # R2.1
    assert (infos["wallstreet"]["min_players"], infos["wallstreet"]["max_players"]) == (3, 7)  # R3.1
    assert infos["wallstreet"]["market_prices"] == [2, 4, 6, 8]  # R3.5
    assert infos["stud"]["market_prices"] is None
    assert infos["stud"]["name"] == "Seven Card Stud" and infos["wallstreet"]["name"] == "Wall Street"
    # R8: the wild ranks, Baseball's 4s and 3s and the Chicago spade half, for the felt and the panel
    assert (infos["baseball"]["wild_ranks"], infos["baseball"]["price_rank"], infos["baseball"]["up_card_price"],
            infos["baseball"]["extra_card_rank"]) == (["9", "3"], "3", 10, "4")
    assert infos["follow_the_queen"]["wild_ranks"] == ["Q"] and infos["follow_the_queen"]["follow_the_queen"]
    assert [h["ranking"] for h in infos["low_chicago"]["halves"]] == ["high", "low_spade"]
    assert "Wild cards" in [s["title"] for s in infos["baseball"]["rules"]]
    assert "lowest spade face down" in " ".join(s["text"] for s in infos["low_chicago"]["rules"])
    assert body["bots"] == list(BOT_NAMES) and body["default_bot"] == DEFAULT_BOT in BOT_NAMES


@pytest.mark.parametrize("game", [
    STUD, WALL, STUD8, RAZZ, {"game": "razz", "ante": 0, "bring_in": 1, "small_bet": 2, "big_bet": 4},
    {"game": "wallstreet", "ante": 2, "limits": [3, 3, 6, 6, 6], "market_unit": 5},
    {"game": "stud", "ante": 0, "bring_in": 1, "small_bet": 2, "big_bet": 4, "joker": True},
    {**STUD, "game": "baseball", "three_price": 7}, {**STUD, "game": "follow_the_queen"},  # R8.2, R8.3
    {**STUD, "game": "high_chicago", "joker": True}, {**STUD, "game": "low_chicago"},  # R8.4
])
def test_table_info_and_lobby_carry_game_info(http: Any, game: dict[str, Any]) -> None:
    owner = _auth(http)
    r = http.post("/api/tables", json=table_config(game), headers=owner)
    assert r.status_code == 201, r.text
    info = r.json()
    expected = game_info(from_options(**game))
    assert info["game_info"] == expected
    assert info["config"]["game"] == expected["options"]  # stored complete, as the core writes it
    assert http.get(f"/api/tables/{info['id']}").json()["game_info"] == expected
    (entry,) = http.get("/api/tables").json()
    assert entry["game_info"] == expected and entry["stakes"] == expected["stakes"]
    assert entry["seats"] == expected["max_players"]
    with http.websocket_connect("/ws") as ws:
        ws.send_json({"type": "auth", "seq": 1, "token": owner["Authorization"].split()[1]})
        assert ws.receive_json()["type"] == "welcome"
        ws.send_json({"type": "lobby", "seq": 2})
        (row,) = ws.receive_json()["tables"]
        assert row["game_info"] == expected and row["stakes"] == expected["stakes"]
        ws.send_json({"type": "watch", "seq": 3, "table": info["id"]})
        msgs = [ws.receive_json() for _ in range(2)]
        (table,) = [m for m in msgs if m["type"] == "table"]
        assert table["table"]["game_info"] == expected


@pytest.mark.parametrize(("game", "needle"), [
    ({**STUD, "bet": 3}, "bet"),
    ({**STUD, "joker": "yes"}, "joker"),
    ({**STUD, "max_raises": 101}, "max_raises"),
    ({**STUD, "ante": 10**10}, "ante"),
    ({**WALL, "bring_in": 2}, "bring_in"),
    ({**RAZZ, "joker": True}, "joker"),  # R6.1
    ({**STUD8, "open_pair_big_bet": True}, "open_pair_big_bet"),  # R5.3
    ({**STUD, "game": "baseball", "three_price": -1}, "three_price"),  # R8.2
    ({**STUD, "game": "baseball", "joker": True}, "joker"),  # R8.1
    ({**STUD, "game": "follow_the_queen", "three_price": 5}, "three_price"),
    ({**STUD, "game": "chicago_hold_em"}, "unknown game"),
    ({"ante": 1}, "no game"),
    ("stud", "dictionary"),
])
def test_bad_game_options_are_refused_naming_them(http: Any, game: Any, needle: str) -> None:
    r = http.post("/api/tables", json=table_config(game), headers=_auth(http))
    assert r.status_code == 422 and needle in r.text, r.text
    assert http.get("/api/tables").json() == []


def test_r8_1_a_wild_card_picture_has_its_star(http: Any) -> None:
    """R8.1: the felt asks for a wild card with ``?wild=true``: the same card with a gold star."""
    plain = http.get("/svg/card/9c.svg")
    wild = http.get("/svg/card/9c.svg", params={"wild": "true"})
    assert plain.status_code == wild.status_code == 200
    assert "Nine of clubs (wild)" in wild.text and "(wild)" not in plain.text
    assert wild.text.count("<path") == plain.text.count("<path") + 1
    assert http.get("/svg/card/back.svg", params={"wild": "true"}).text == http.get("/svg/card/back.svg").text
