"""A scripted terminal session plays full hands through the real UI and quits cleanly."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

from studpoker.actions import Action, ActionKind
from studpoker.describe import action_label
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


@pytest.mark.parametrize("game,extra", [("wallstreet", []), ("stud", ["--joker"])])
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
