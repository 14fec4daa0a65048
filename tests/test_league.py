"""The league: pairings, chip flows, Bradley-Terry ratings, determinism, the CLI."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from studpoker.cli import app
from studpoker.league import LeagueError, _tables, bradley_terry, chip_flows, league, plot


def test_bradley_terry_on_a_known_case() -> None:
    """Two bots: 30 chips one way, 10 the other: strengths 3:1, an Elo gap of
    400 * log10(3) split evenly around 0."""
    r = bradley_terry([[0, 30], [10, 0]], prior=0)
    assert r[0] - r[1] == pytest.approx(400 * math.log10(3))
    assert sum(r) == pytest.approx(0.0)
    # three bots in a cycle of equal flows are equal
    even = bradley_terry([[0, 5, 5], [5, 0, 5], [5, 5, 0]])
    assert even == pytest.approx([0.0, 0.0, 0.0], abs=1e-9)
    # a transitive order comes out in order; the prior keeps a shut-out finite
    r = bradley_terry([[0, 40, 80], [10, 0, 40], [0, 10, 0]])
    assert r[0] > r[1] > r[2] and all(math.isfinite(x) for x in r)


def test_chip_flows_split_losses_among_winners() -> None:
    index = {"a": 0, "b": 1, "c": 2}
    f = chip_flows([30, -20, -10], ["a", "b", "c"], index)
    assert f[0] == [0.0, 20.0, 10.0] and f[1] == [0.0] * 3 and f[2] == [0.0] * 3
    f = chip_flows([10, 20, -30], ["a", "b", "c"], index)
    assert f[0][2] == pytest.approx(10) and f[1][2] == pytest.approx(20)
    # the same bot in two seats: no flow to itself
    f = chip_flows([10, -10, 0], ["a", "a", "b"], {"a": 0, "b": 1})
    assert f == [[0.0, 0.0], [0.0, 0.0]]


def test_pairings() -> None:
    assert _tables("stud", ["a", "b", "c"]) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert _tables("wallstreet", ["a", "b", "c"]) == [("a", "b", "c", "a", "b")]
    assert len(_tables("wallstreet", list("abcdef"))) == 6  # every five of six


def test_tiny_league_is_deterministic_and_consistent() -> None:
    a = league("stud", ["station", "random", "rule"], hands=6, seed=5, bootstrap=50)
    b = league("stud", ["station", "random", "rule"], hands=6, seed=5, bootstrap=50)
    assert a == b
    assert len(a.matches) == 3 and all(m.hands == 6 for m in a.matches)
    for m in a.matches:
        assert sum(m.chips_per_hand) == pytest.approx(0.0)  # heads-up is zero-sum
    assert [r.rating for r in a.ratings] == sorted((r.rating for r in a.ratings), reverse=True)
    assert sum(r.rating for r in a.ratings) == pytest.approx(0.0)
    for r in a.ratings:
        assert r.ci_low <= r.ci_high and r.hands == 12
    # chips per hand agree with the matches
    station = next(r for r in a.ratings if r.name == "station")
    from_matches = [m.chips_per_hand[m.seating.index("station")] for m in a.matches
                    if "station" in m.seating]
    assert station.chips_per_hand == pytest.approx(sum(from_matches) / 2)
    c = league("stud", ["station", "random", "rule"], hands=6, seed=6, bootstrap=50)
    assert c != a


@pytest.mark.slow
def test_league_same_with_two_workers() -> None:
    one = league("wallstreet", ["station", "random", "rule"], hands=10, seed=2, bootstrap=20)
    two = league("wallstreet", ["station", "random", "rule"], hands=10, seed=2, bootstrap=20,
                 workers=2)
    assert one == two
    assert one.matches[0].seating == ("station", "random", "rule", "station", "random")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "holdem"}, "unknown game"),
        ({"bots": ["rule"]}, "at least two"),
        ({"bots": ["rule", "shark"]}, "unknown bot 'shark'"),
        ({"bots": ["rule", "Rule"]}, "listed twice"),
        ({"hands": 0}, "hands must be >= 1"),
        ({"workers": 0}, "workers must be >= 1"),
    ],
)
def test_invalid_requests(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"game": "stud", "bots": ["rule", "random"], "hands": 2, "seed": 1}
    args.update(kwargs)
    with pytest.raises(LeagueError, match=message):
        league(**args)  # type: ignore[arg-type]


def test_cli_league_json_table_plot_and_errors(tmp_path: Path) -> None:
    runner = CliRunner()
    out = runner.invoke(app, ["league", "--game", "stud", "--bots", "station,random", "--hands",
                              "4", "--seed", "1", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["game"] == "stud" and data["hands"] == 4 and data["seed"] == 1
    assert {r["name"] for r in data["ratings"]} == {"station", "random"}
    assert set(data["ratings"][0]) == {"name", "rating", "ci_low", "ci_high", "chips_per_hand",
                                       "hands"}
    assert data["matches"][0]["seating"] == ["station", "random"]
    png = tmp_path / "ratings.png"
    out = runner.invoke(app, ["league", "--bots", "station,random", "--hands", "2", "--plot",
                              str(png)])
    assert out.exit_code == 0, out.output
    assert "rating" in out.stdout and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    for bad in (["--game", "holdem"], ["--bots", "rule"], ["--bots", "rule,shark"],
                ["--hands", "0"]):
        out = runner.invoke(app, ["league", "--hands", "2", *bad])
        assert out.exit_code == 2, bad


@pytest.mark.parametrize("game", ["stud8", "Razz"])
def test_stud8_and_razz_leagues_are_heads_up_pairs(game: str) -> None:
    """R5, R6: Stud Hi-Lo and Razz leagues pair every two bots heads-up, like stud."""
    result = league(game, ["station", "random", "rule"], hands=4, seed=1, bootstrap=10)
    assert result.game == game.lower()
    assert sorted(m.seating for m in result.matches) == [
        ("random", "rule"), ("station", "random"), ("station", "rule")]


def test_plot_writes_a_png(tmp_path: Path) -> None:
    result = league("stud", ["station", "random"], hands=2, seed=1, bootstrap=5)
    path = plot(result, tmp_path / "sub" / "league.png")
    assert path.read_bytes()[:4] == b"\x89PNG"
