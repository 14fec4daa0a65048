"""`studpoker tournament`: a bot sit-and-go to the end, JSON, histories, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from studpoker import phh
from studpoker.cli import app

runner = CliRunner()


def invoke(*args: str) -> dict[str, object]:
    result = runner.invoke(app, ["tournament", *args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize("game,players", [
    ("stud", 6), ("wallstreet", 6), ("stud8", 5), ("razz", 5),
    pytest.param("stud", 20, marks=pytest.mark.slow),
    pytest.param("wallstreet", 20, marks=pytest.mark.slow),
])
def test_tournament_json(game: str, players: int) -> None:
    data = invoke("--game", game, "--players", str(players), "--bots", "rule,station,random",
                  "--seed", "5")
    assert data["players"] == players
    finish = data["finish"]
    assert isinstance(finish, list) and len(finish) == players == len(set(finish))
    payouts = data["payouts"]
    assert isinstance(payouts, dict) and set(payouts) == set(finish)
    assert sum(payouts.values()) == data["prize_pool"] == 100 * players
    assert payouts[finish[0]] == max(payouts.values()) > 0
    assert isinstance(data["hands"], int) and data["hands"] >= players - 1
    assert isinstance(data["levels_reached"], int) and data["levels_reached"] >= 1
    hands_per_level = data["hands_per_level"]
    assert isinstance(hands_per_level, list) and sum(hands_per_level) == data["hands"]


def test_tournament_is_deterministic_by_seed_and_writes_the_history(tmp_path: Path) -> None:
    args = ("--game", "stud", "--players", "9", "--bots", "rule,random", "--seed", "8")
    a = invoke(*args, "--history", str(tmp_path / "a"))
    b = invoke(*args, "--history", str(tmp_path / "b"))
    a_file, b_file = Path(str(a.pop("histories"))), Path(str(b.pop("histories")))
    assert a == b
    assert a_file.read_text() == b_file.read_text()
    histories = phh.read(a_file)
    assert len(histories) == a["hands"]
    assert [h.hand for h in histories] == list(range(1, len(histories) + 1))
    levels = [h.fields["level"] for h in histories]
    assert levels[0] == 1 and levels[-1] == a["levels_reached"] and levels == sorted(levels)
    assert {h.table for h in histories} == {1, 2}
    names = {n for h in histories for n in (h.players or [])}
    assert names == set(a["finish"])  # type: ignore[arg-type]
    for h in histories[:20]:
        assert phh.replay_result(h).winnings == [f - s for f, s in
                                                 zip(h.finishing_stacks or [], h.starting_stacks,
                                                     strict=True)]
    c = invoke("--game", "stud", "--players", "9", "--bots", "rule,random", "--seed", "9")
    assert c["finish"] != a["finish"] or c["hands"] != a["hands"]


def test_tournament_levels_file(tmp_path: Path) -> None:
    levels = tmp_path / "levels.toml"
    levels.write_text("hands_per_level = 2\n[[levels]]\nante = 5\nlimits = [10, 10, 20, 20, 20]\n")
    data = invoke("--game", "wallstreet", "--players", "4", "--bots", "station", "--seed", "1",
                  "--levels", str(levels), "--stack", "300", "--history", str(tmp_path))
    histories = phh.read(str(data["histories"]))
    assert histories[0].antes[0] == 5 and histories[0].limits == [10, 10, 20, 20, 20]
    assert histories[0].starting_stacks == [300] * 4
    if len(histories) > 2:  # past the file's last level, each level doubles
        assert histories[2].antes[0] == 10 and histories[2].fields["level"] == 2


def test_tournament_text_output() -> None:
    result = runner.invoke(app, ["tournament", "--players", "3", "--bots", "station", "--seed", "2"])
    assert result.exit_code == 0, result.output
    assert "place" in result.stdout and "station1" in result.stdout
    assert "hands per level" in result.stdout


@pytest.mark.parametrize("args,message", [
    (["--game", "chess"], "unknown game"),
    (["--bots", "rule,nobody"], "unknown bot 'nobody'"),
    (["--players", "1"], "at least 2"),
    (["--game", "wallstreet", "--players", "2"], "at least 3"),
    (["--levels", "/no/such/file.toml"], "cannot read the levels file"),
    (["--stack", "0"], "starting_stack must be > 0"),
    (["--seats", "9"], "seats"),
])
def test_tournament_bad_input_exits_2(args: list[str], message: str, tmp_path: Path) -> None:
    result = runner.invoke(app, ["tournament", *args, "--seed", "1", "--history", str(tmp_path)])
    assert result.exit_code == 2
    assert message in result.output
    assert not list(tmp_path.iterdir())  # nothing written


def test_tournament_bad_levels_file_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "levels.json"
    bad.write_text('{"levels": [{"ante": 1, "limits": 2}]}')
    result = runner.invoke(app, ["tournament", "--game", "stud", "--levels", str(bad)])
    assert result.exit_code == 2 and "levels are for wallstreet" in result.output
    bad.write_text("{not json")
    result = runner.invoke(app, ["tournament", "--levels", str(bad)])
    assert result.exit_code == 2 and "not valid JSON" in result.output
