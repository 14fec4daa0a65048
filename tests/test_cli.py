"""The `studpoker eval` and `studpoker demo` commands, and the CLI's games (make_game)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from studpoker.cli import app

runner = CliRunner()


def test_eval_json_high_and_low() -> None:
    result = runner.invoke(app, ["eval", "Ah 2h 3d 4c 5s 9s Kd", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["high"]["category"] == "straight"
    assert data["low"]["category"] == "wheel"
    assert sorted(data["low"]["cards"]) == sorted(["Ah", "2h", "3d", "4c", "5s"])


def test_eval_joker_needs_flag_and_five_aces() -> None:
    result = runner.invoke(app, ["eval", "As Ad Ah Ac Jk"])
    assert result.exit_code == 2
    assert "--joker" in result.output
    result = runner.invoke(app, ["eval", "As", "Ad", "Ah", "Ac", "Jk", "--joker", "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["high"]["category"] == "five_aces"


def test_eval_no_low_is_null_and_text_output() -> None:
    result = runner.invoke(app, ["eval", "Ks Kd Qh Jc 9s", "--json"])
    assert json.loads(result.stdout)["low"] is None
    result = runner.invoke(app, ["eval", "Ks Kd Qh Jc 9s"])
    assert result.exit_code == 0 and "One pair, kings" in result.stdout and "none" in result.stdout


def test_eval_bad_input_names_the_token() -> None:
    result = runner.invoke(app, ["eval", "As Kd Xx 7c 7d"])
    assert result.exit_code == 2 and "'Xx'" in result.output
    result = runner.invoke(app, ["eval", "As Kd"])
    assert result.exit_code == 2


def test_eval_razz_hand_as_players_say_it() -> None:
    """R6.2: eval also gives the razz hand (pairs count, no qualifier); none with the joker."""
    result = runner.invoke(app, ["eval", "7c 5d 4h 2s Ac Kd Ks", "--json"])
    data = json.loads(result.stdout)
    assert data["razz"] == {"category": "no_pair", "cards": ["7c", "5d", "4h", "2s", "Ac"],
                            "description": "Seven-five low, 7-5-4-2-A"}
    result = runner.invoke(app, ["eval", "2c 2d 8h 7s 5c 8d 7h"])
    assert result.exit_code == 0 and "razz: Pair of twos, 2-2-8-7-5" in result.stdout
    result = runner.invoke(app, ["eval", "As Ad Ah Ac Jk", "--joker", "--json"])
    assert json.loads(result.stdout)["razz"] is None


def test_demo_plays_every_game() -> None:
    result = runner.invoke(app, ["demo", "--json", "--seed", "3"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    from studpoker.engine.games import GAMES

    assert set(data) == {game.title for game in GAMES.values()}  # every game of the registry
    assert {"Seven Card Stud", "Wall Street", "Five Card Stud", "Deuce-to-Seven Razz",
            "Kings and Little Ones"} <= set(data)
    for lines in data.values():
        assert lines[-1].startswith("payoffs:")
        payoffs = json.loads(lines[-1].split(":", 1)[1])
        assert sum(payoffs) == 0


def test_make_game_takes_every_game_and_refuses_options_it_lacks() -> None:
    """R5.3, R6.1, R6.5: the CLI builds stud8 and razz from the same stakes words as stud;
    the joker in razz and the open-pair big bet in stud8 and razz are clear errors."""
    from studpoker.cli import make_game
    from studpoker.engine import Razz, StudHiLo

    assert make_game("stud8", stakes="1,2,5,10") == StudHiLo(ante=1, bring_in=2, small_bet=5, big_bet=10)
    assert make_game("Razz", stakes="2,3,10,20", max_raises=4) == Razz(
        ante=2, bring_in=3, small_bet=10, big_bet=20, max_raises=4)
    assert make_game("stud8", joker=True).joker
    assert make_game("stud").open_pair_big_bet and not make_game("stud", open_pair_big_bet=False).open_pair_big_bet
    for name, kwargs, needle in (("razz", {"joker": True}, "joker"),
                                 ("razz", {"double_ace_flush": True}, "double-ace-flush"),
                                 ("stud8", {"open_pair_big_bet": True}, "open-pair-big-bet"),
                                 ("razz", {"stakes": "1,2,5"}, "ante,bring-in")):
        try:
            make_game(name, **kwargs)  # type: ignore[arg-type]
        except ValueError as exc:
            assert needle in str(exc)
        else:
            raise AssertionError(f"{name} {kwargs} was accepted")


def test_simulate_and_equity_commands_take_stud8_and_razz() -> None:
    for game in ("stud8", "razz"):
        result = runner.invoke(app, ["simulate", "--game", game, "--players", "3", "--bots",
                                     "rule,random", "--hands", "6", "--seed", "2", "--json"])
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout)["game"] == game
    result = runner.invoke(app, ["simulate", "--game", "razz", "--joker", "--hands", "2"])
    assert result.exit_code == 2 and "joker" in result.output
    result = runner.invoke(app, ["equity", "--game", "razz", "Ac 2d 3h 4s 5c", "Kc Qd Jh Ts 9c", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "razz" and data["players"][0]["equity"] == 1.0
