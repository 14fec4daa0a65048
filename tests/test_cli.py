"""The `studpoker eval` and `studpoker demo` commands."""

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


def test_demo_plays_both_games() -> None:
    result = runner.invoke(app, ["demo", "--json", "--seed", "3"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert set(data) == {"Wall Street", "Seven Card Stud"}
    for lines in data.values():
        assert lines[-1].startswith("payoffs:")
        payoffs = json.loads(lines[-1].split(":", 1)[1])
        assert sum(payoffs) == 0
