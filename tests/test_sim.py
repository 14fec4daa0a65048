"""Bot-vs-bot simulation: results, reproducibility, seating, histories, the CLI,
and the win rates that make rule and equity worth playing against."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from studpoker.cli import app
from studpoker.engine import Razz, SevenCardStud, StudHiLo, WallStreet
from studpoker.sim import SimError, default_stack, play_hand, simulate

STUD = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)
WALL = WallStreet(ante=1, limits=(2, 2, 4, 4, 4))


def test_result_per_bot_with_confidence_interval() -> None:
    result = simulate(STUD, 3, ["station", "random", "rule"], 30, seed=4)
    assert result.hands == 30 and len(result.payoffs) == 30
    assert result.seating == ("station", "random", "rule")
    assert [b.name for b in result.bots] == ["station", "random", "rule"]
    assert result.stack == default_stack(STUD) == 1000
    for row in result.payoffs:
        assert sum(row) == 0  # chips are conserved in every hand
    for b in result.bots:
        assert b.hands == 30
        assert b.ci_low <= b.mean <= b.ci_high
        half = 1.96 * b.stdev / math.sqrt(30)
        assert b.ci_high - b.mean == pytest.approx(half)
        assert b.total == sum(result.per_hand(b.name)) == pytest.approx(b.mean * 30)
    assert sum(b.total for b in result.bots) == 0
    data = result.to_dict()
    assert json.loads(json.dumps(data))["bots"][0]["name"] == "station"


def test_short_bot_list_cycles_over_the_seats() -> None:
    result = simulate(WALL, 5, ["rule", "station"], 10, seed=1)
    assert result.seating == ("rule", "station", "rule", "station", "rule")
    assert result.bot("rule").hands == 30
    assert result.bot("station").hands == 20
    with pytest.raises(KeyError):
        result.bot("equity")


def test_same_seed_same_result_whatever_the_worker_count() -> None:
    args = (STUD, 3, ["rule", "random", "station"], 24)
    one = simulate(*args, seed=7, workers=1)
    two = simulate(*args, seed=7, workers=2)
    small_chunks = simulate(*args, seed=7, workers=1, chunk_size=5)
    assert one.payoffs == two.payoffs == small_chunks.payoffs
    assert one.bots == two.bots
    assert simulate(*args, seed=8).payoffs != one.payoffs


def test_wall_street_same_seed_same_result_with_two_workers() -> None:
    args = (WALL, 3, ["equity", "rule", "random"], 9)
    assert simulate(*args, seed=3, workers=1).payoffs == simulate(*args, seed=3, workers=2).payoffs


def test_seats_rotate_over_duplicate_deals() -> None:
    """Bot i sits at seat (i + hand) % players; a block of `players` hands shares one
    deck and dealer, so every bot gets every seat's cards; the dealer then moves."""
    seating = ("rule", "station", "random")
    hands = [play_hand(STUD, seating, i, seed=5, stack=100)[1] for i in range(6)]
    first = [[str(c) for c in h.down_cards(s)[:2]] + [str(h.up_cards(s)[0])] for h in hands[:3]
             for s in range(3)]
    assert first[:3] == first[3:6] == first[6:9]  # the same third-street cards by seat
    assert hands[0].dealer == hands[1].dealer == hands[2].dealer
    assert hands[3].dealer == (hands[0].dealer + 1) % 3
    assert hands[3].down_cards(0)[:2] != hands[0].down_cards(0)[:2]


def test_seat_of_each_bot_and_payoffs_by_slot() -> None:
    seating = ("station", "station", "random")
    for index in range(3):
        payoffs, hand = play_hand(WALL, seating, index, seed=2, stack=50)
        random_seat = (2 + index) % 3
        assert payoffs[2] == hand.payoffs[random_seat]


def test_progress_is_reported() -> None:
    calls: list[tuple[int, int]] = []
    simulate(STUD, 2, ["station"], 12, seed=1, chunk_size=4,
             progress=lambda done, total: calls.append((done, total)))
    assert calls[0] == (0, 12) and calls[-1] == (12, 12)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 9}, "2 to 8 players"),
        ({"bots": ["shark"]}, "unknown bot 'shark'"),
        ({"bots": []}, "at least one bot"),
        ({"hands": 0}, "hands must be >= 1"),
        ({"workers": 0}, "workers must be >= 1"),
        ({"stack": 0}, "stack must be > 0"),
    ],
)
def test_invalid_requests_are_clear_errors(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"game": STUD, "players": 3, "bots": ["rule"], "hands": 5, "seed": 1}
    args.update(kwargs)
    with pytest.raises(SimError, match=message):
        simulate(**args)  # type: ignore[arg-type]
    with pytest.raises(SimError, match="3 to 7 players"):
        simulate(WALL, 2, ["rule"], 5, seed=1)


def test_hand_histories_are_written_per_chunk(tmp_path: Path) -> None:
    result = simulate(WALL, 3, ["rule", "random"], 8, seed=2, workers=2, out=tmp_path,
                      chunk_size=3)
    try:
        from studpoker import phh
    except ImportError:  # pragma: no cover - histories need studpoker.phh
        assert result.note is not None and "skipped" in result.note
        return
    assert result.note is None
    files = sorted(tmp_path.glob("*.phhs"))
    assert [p.name for p in files] == [
        "hands-0000001-0000003.phhs", "hands-0000004-0000006.phhs", "hands-0000007-0000008.phhs"]
    assert list(result.histories) == files
    histories = [h for f in files for h in phh.read(f)]
    assert len(histories) == 8
    for index, history in enumerate(histories):
        replayed = phh.replay(history)
        _, hand = play_hand(WALL, result.seating, index, seed=2, stack=result.stack)
        assert tuple(replayed.payoffs) == hand.payoffs


# ---------------------------------------------------------------------- CLI


def test_cli_simulate_json() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["simulate", "--game", "wallstreet", "--players", "3", "--bots",
                                 "rule,station", "--hands", "6", "--seed", "5", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "wallstreet" and data["hands"] == 6 and data["seed"] == 5
    assert data["seating"] == ["rule", "station", "rule"]
    assert [b["name"] for b in data["bots"]] == ["rule", "station"]
    for b in data["bots"]:
        assert {"name", "hands", "mean", "ci_low", "ci_high"} <= set(b)
    again = runner.invoke(app, ["simulate", "--game", "wallstreet", "--players", "3", "--bots",
                                "rule,station", "--hands", "6", "--seed", "5", "--json",
                                "--workers", "2"])
    assert json.loads(again.stdout)["bots"] == data["bots"]


def test_cli_simulate_table_and_joker() -> None:
    result = CliRunner().invoke(app, ["simulate", "--game", "stud", "--players", "2", "--bots",
                                      "equity,random", "--hands", "4", "--seed", "1", "--joker"])
    assert result.exit_code == 0, result.output
    assert "chips/hand" in result.stdout and "equity" in result.stdout
    data = json.loads(CliRunner().invoke(app, [
        "simulate", "--players", "2", "--bots", "station", "--hands", "2", "--seed", "1", "--joker",
        "--json"]).stdout)
    assert data["options"]["joker"] is True


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "holdem"], "unknown game"),
        (["--bots", "rule,shark"], "unknown bot 'shark'"),
        (["--players", "1"], "2 to 8 players"),
        (["--game", "wallstreet", "--players", "8"], "3 to 7 players"),
        (["--hands", "0"], "hands must be >= 1"),
        (["--workers", "0"], "workers must be >= 1"),
    ],
)
def test_cli_simulate_bad_input_exits_2(args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["simulate", "--hands", "3", *args])
    assert result.exit_code == 2
    assert message in result.stderr


# ---------------------------------------------------------------- win rates


@pytest.mark.slow
@pytest.mark.parametrize("bot", ["rule", "equity"])
@pytest.mark.parametrize(
    ("game", "players", "opponent", "hands"),
    [
        (STUD, 2, "random", 400),
        (STUD, 2, "station", 400),
        (WALL, 3, "random", 150),
        (WALL, 3, "station", 300),
        (StudHiLo(ante=1, bring_in=2, small_bet=5, big_bet=10), 2, "station", 300),
        (Razz(ante=1, bring_in=2, small_bet=5, big_bet=10), 2, "station", 300),
    ],
    ids=["stud-random", "stud-station", "wallstreet-random", "wallstreet-station", "stud8-station",
         "razz-station"],
)
def test_rule_and_equity_beat_random_and_station(
    bot: str, game: SevenCardStud | WallStreet, players: int, opponent: str, hands: int
) -> None:
    """Heads-up stud (stud hi-lo, R5; razz, R6), and Wall Street against two copies of the opponent: the mean
    difference in chips per hand, paired by hand, is more than 3 standard errors
    above zero, and the bot's own 95% interval is above zero."""
    result = simulate(game, players, [bot, opponent, opponent][:players], hands, seed=2024,
                      workers=2)
    mean, se = result.difference(bot, opponent)
    assert mean > 3 * se, (mean, se)
    assert result.bot(bot).ci_low > 0


@pytest.mark.slow
def test_ray_gives_the_same_result_as_local_workers() -> None:
    """`simulate(..., ray="")` on a local Ray instance equals the local run for the same seed."""
    ray = pytest.importorskip("ray")
    game = WallStreet(ante=1, limits=(2, 2, 4, 4, 4))
    local = simulate(game, 3, ["rule", "random"], 60, seed=5, chunk_size=12)
    try:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        spread = simulate(game, 3, ["rule", "random"], 60, seed=5, chunk_size=12, ray="")
    finally:
        ray.shutdown()
    assert spread.payoffs == local.payoffs
    assert [b.mean for b in spread.bots] == [b.mean for b in local.bots]
