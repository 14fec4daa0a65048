"""The command line in the home games (R8): eval and equity with wild ranks, Chicago equity
with hole cards, simulate (with histories), league, tournament, stats and demo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from studpoker import phh
from studpoker.cli import app
from studpoker.league import league
from studpoker.tournament import Level, Schedule

runner = CliRunner()
HOME_GAMES = ("baseball", "follow_the_queen", "high_chicago", "low_chicago", "kings_and_little_ones")


def run(*args: str) -> object:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout) if "--json" in args else result.stdout


def test_r8_1_eval_with_wild_ranks() -> None:
    data = run("eval", "7c 7d 7h 9s 3c Kd 2h", "--wild", "93", "--json")
    assert isinstance(data, dict)
    assert data["high"]["description"] == "Five of a kind, sevens"
    assert data["high"]["category"] == "five_of_a_kind" and data["wild"] == ["9", "3"]
    assert data["razz"] is None and data["low"] is None  # 7 and 2 and two wild cards: four ranks
    text = run("eval", "Qc 9d 3h 7s 7d 2c Kh", "--wild", "Q7")
    assert "high: Four of a kind, kings" in str(text)
    bad = runner.invoke(app, ["eval", "7c 7d 7h 9s 3c", "--wild", "xyz"])
    assert bad.exit_code == 2 and "bad wild rank" in bad.stderr


def test_r8_1_equity_with_wild_ranks() -> None:
    """The wild ranks of the moment: --wild overrides the game's (Follow the Queen's follower)."""
    hands = ["Qc 7d 7h 2s 9c", "Ah Ad Kc Ks 4d"]
    plain = run("equity", "--game", "follow_the_queen", *hands, "--json")
    follower = run("equity", "--game", "follow_the_queen", *hands, "--wild", "Q4", "--json")
    assert isinstance(plain, dict) and isinstance(follower, dict)
    assert plain["exact"] and follower["exact"]
    # the 4 wild makes the aces-and-kings hand a full house already
    assert follower["players"][1]["equity"] > plain["players"][1]["equity"]


def test_r8_4_equity_of_the_spade_half() -> None:
    data = run("equity", "--game", "low_chicago", "Ks 2c / 7d 7h 3c", "Ah 9s / Qd Jc 5s", "--json")
    assert isinstance(data, dict) and data["exact"]
    p1, _ = data["players"]
    assert p1["cards"] == "Ks 2c / 7d 7h 3c" and {"high", "spade", "spade_win", "scoop"} <= set(p1)
    assert abs(p1["high"] + p1["spade"] - p1["equity"]) < 1e-12
    assert data["no_spade"] == 0.0
    text = run("equity", "--game", "high_chicago", "Ks 2c / 7d 7h 3c", "Ah 9s / Qd Jc 5s")
    assert "spade" in str(text) and "no spade in the hole: 0.00%" in str(text)
    bad = runner.invoke(app, ["equity", "--game", "stud", "Ks / 7d", "Ah / Qd"])
    assert bad.exit_code == 2 and "only in High and Low Chicago" in " ".join(bad.stderr.split())


@pytest.mark.parametrize("game", HOME_GAMES)
def test_simulate_writes_replayable_histories(game: str, tmp_path: Path) -> None:
    data = run("simulate", "--game", game, "--players", "3", "--bots", "rule,equity,random",
               "--hands", "6", "--seed", "2", "--out", str(tmp_path), "--json")
    assert isinstance(data, dict) and data["hands"] == 6
    files = sorted(tmp_path.glob("*.phhs"))
    assert files
    for f in files:
        for result in phh.replay_all(f):
            assert result.history.variant == phh.GAME_VARIANTS[game] and result.hand.is_over
    stats = run("stats", *map(str, files), "--json")
    assert isinstance(stats, dict)
    assert {p["game"] for p in stats["players"]} == {game}
    assert all((p["pay_three"] is None) == (game != "baseball") or p["counts"]["three_decisions"] == 0
               for p in stats["players"])


@pytest.mark.parametrize("game", HOME_GAMES)
def test_league_of_a_home_game(game: str) -> None:
    result = league(game, ["station", "random"], hands=2, seed=1, bootstrap=5)
    assert result.game == game and len(result.matches) == 1
    data = run("league", "--game", game, "--bots", "station,rule", "--hands", "2", "--json")
    assert isinstance(data, dict) and data["game"] == game


@pytest.mark.parametrize("game", HOME_GAMES)
def test_tournament_of_a_home_game(game: str, tmp_path: Path) -> None:
    data = run("tournament", "--game", game, "--players", "3", "--bots", "rule,station", "--seed", "4",
               "--stack", "200", "--history", str(tmp_path), "--json")
    assert isinstance(data, dict) and len(data["finish"]) == 3
    (path,) = tmp_path.glob("*.phhs")
    assert {h.variant for h in phh.read(path)} == {phh.GAME_VARIANTS[game]}


def test_r8_2_a_tournament_level_raises_the_price_of_a_three() -> None:
    """R8.2: Baseball's three price follows the big bet from level to level (in proportion)."""
    from studpoker.engine.games import from_options

    level = Schedule.default("baseball").level(3)
    assert level.game(from_options("baseball")).three_price == level.big_bet  # type: ignore[attr-defined]
    half = from_options("baseball", three_price=5)  # half the big bet of 10
    assert Level(ante=2, bring_in=5, small_bet=10, big_bet=20).game(half).three_price == 10  # type: ignore[attr-defined]


def test_demo_plays_every_game() -> None:
    data = run("demo", "--seed", "3", "--json")
    assert isinstance(data, dict)
    assert {"Baseball", "Follow the Queen", "High Chicago", "Low Chicago"} <= set(data)


def test_play_help_names_the_games_and_the_three_price() -> None:
    text = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "200"}).stdout
    assert "--three-price" in text and "follow_the_queen" in text
