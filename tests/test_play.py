"""A scripted terminal session plays full hands through the real UI and quits cleanly."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

from studpoker.describe import action_label
from studpoker.engine.actions import Action, ActionKind
from studpoker.play import action_keys

STUDPOKER = str(Path(sys.executable).parent / "studpoker")


def test_action_keys_are_unique_and_cover_every_action() -> None:
    legal = [
        Action(seat=0, kind=ActionKind.CHECK),
        Action(seat=0, kind=ActionKind.BET, amount=5),
        Action(seat=0, kind=ActionKind.BET, amount=10),
    ]
    keys = action_keys(legal)
    assert keys == {"c": legal[0], "r": legal[1], "R": legal[2]}
    buys = [Action(seat=1, kind=ActionKind.TAKE_CARD)] + [
        Action(seat=1, kind=ActionKind.BUY, slot=k, amount=2 * k) for k in range(1, 5)]
    assert list(action_keys(buys)) == ["t", "1", "2", "3", "4"]
    assert action_label(buys[2]) == "Buy slot 2 for 4"


@pytest.mark.parametrize("game,extra", [("wallstreet", []), ("stud", ["--joker"]), ("stud8", []), ("razz", [])])
def test_terminal_session_plays_a_full_hand_and_quits(game: str, extra: list[str],
                                                     tmp_path: Path) -> None:
    """Drive `studpoker play` in a pseudo-terminal (80x24): play one whole hand, then quit."""
    env = dict(os.environ, COLUMNS="80", LINES="24", TERM="xterm")
    child = pexpect.spawn(
        STUDPOKER,
        ["play", "--game", game, "--players", "4", "--seed", "11", "--delay", "0",
         "--bots", "rule,station", "--history", str(tmp_path), *extra],
        env=env, dimensions=(24, 80), encoding="utf-8", timeout=60,
    )
    moves = 0
    while True:
        i = child.expect([r"your move: (.*?)\[q\] quit", r"press any key for the next hand"])
        if i == 1:
            break
        options = re.findall(r"\[(\w)\]", child.match.group(1))  # type: ignore[union-attr]
        assert options, child.match.group(0)  # type: ignore[union-attr]
        # prefer passive actions so the hand reaches showdown
        key = next((k for k in ("c", "b", "t", "s") if k in options), options[0])
        child.send(key)
        moves += 1
        assert moves < 200
    summary = child.before
    assert "pot" in summary
    child.send("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    saved = list(tmp_path.glob("*.phhs"))
    assert len(saved) == 1 and "actions" in saved[0].read_text()


def _session_prompts(game_name: str, showdown_muck: bool | None) -> list[set[ActionKind]]:
    """Play one hand in-process (you check/call, bots call): the legal kinds at each prompt."""
    import io

    from rich.console import Console

    from studpoker.cli import make_game
    from studpoker.engine.hand import Phase
    from studpoker.play import PlaySession

    prompts: list[set[ActionKind]] = []
    session: PlaySession

    def key() -> str:
        hand = session.table.hand
        if hand is None or hand.is_over:
            return "q"
        legal = hand.legal_actions()
        prompts.append({a.kind for a in legal})
        if hand.phase is Phase.SHOWDOWN:
            return "s"
        options = action_keys(legal)
        return next(k for k in ("c", "b", "t", "s") if k in options)

    game = make_game(game_name, showdown_muck=showdown_muck)
    session = PlaySession(game=game, players=3, bots=["station"], chips=200, seed=5, delay=0,
                          console=Console(file=io.StringIO()), read_key=key)
    assert not session.play_hand()
    hand = session.table.hand
    assert hand is not None and hand.is_over
    assert any(op.action.kind is ActionKind.SHOW for op in hand.log
               if hasattr(op, "action") and op.action.seat == session.table.hand_seats.index(0))
    return prompts


def test_r3_10_no_muck_prompt_at_a_wall_street_showdown() -> None:
    """R3.10: Wall Street shows every hand by default, so the terminal asks nothing at the
    showdown (your hand is shown); with ``--showdown-muck`` (or in stud) you are asked."""
    assert not any(ActionKind.SHOW in p for p in _session_prompts("wallstreet", None))
    assert any(p == {ActionKind.SHOW, ActionKind.MUCK}
               for p in _session_prompts("wallstreet", True))
    assert any(ActionKind.MUCK in p for p in _session_prompts("stud", None))
    assert not any(ActionKind.SHOW in p for p in _session_prompts("stud", False))


def test_play_command_has_the_showdown_muck_option() -> None:
    """R3.10: ``studpoker play --showdown-muck/--no-showdown-muck`` (game default otherwise)."""
    from typer.testing import CliRunner

    from studpoker.cli import app, make_game

    result = CliRunner().invoke(app, ["play", "--help"], env={"COLUMNS": "200"})
    assert "--showdown-muck" in result.output and "--no-showdown-muck" in result.output
    assert make_game("wallstreet").showdown_muck is False
    assert make_game("wallstreet", showdown_muck=True).showdown_muck is True
    assert make_game("stud").showdown_muck is True
    assert make_game("stud", showdown_muck=False).showdown_muck is False


def test_the_log_speaks_to_you_in_the_second_person() -> None:
    """The terminal's log says "you call 2", not the describer's third person."""
    from studpoker.play import _second_person

    assert _second_person("you calls 2") == "you call 2"
    assert _second_person("you takes a free card: 3c") == "you take a free card: 3c"
    assert _second_person("you wins 7 from the main pot") == "you win 7 from the main pot"
    assert _second_person("rule-1 checks") == "rule-1 checks"
