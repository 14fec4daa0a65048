"""The terminal session in the home games (R8): Baseball's pay-or-fold as a key with its price,
the wild ranks of the moment and starred wild cards, the Chicago spade half in the summary."""

from __future__ import annotations

import io
import os
import re
import sys
from pathlib import Path

import pexpect
import pytest
from rich.console import Console

from studpoker import phh
from studpoker.cli import make_game
from studpoker.engine.actions import ActionKind
from studpoker.engine.games import from_options
from studpoker.play import action_keys, render, summary_lines

STUDPOKER = str(Path(sys.executable).parent / "studpoker")


def screen(view_seat: int, hand: object, names: list[str]) -> str:
    console = Console(file=io.StringIO(), width=80)
    console.print(render(hand.view(view_seat), names, hand_no=1))  # type: ignore[attr-defined]
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(out, str)
    return out


def test_r8_2_pay_or_fold_is_a_key_with_its_price() -> None:
    """R8.2: dealt the 3h face up, you are asked to pay its price or fold: [p] and [f]."""
    game = make_game("baseball", three_price=7)
    hand = game.deal(stacks=[100, 100, 100], dealer=2, deck="As 7s Jc Kd 7d Tc 3h 8c Qd")
    keys = action_keys(hand.legal_actions())
    assert set(keys) == {"p", "f"} and keys["p"].kind is ActionKind.PAY and keys["p"].amount == 7
    text = screen(0, hand, ["you", "bo", "cy"])
    assert "[p] Pay 7 to stay in" in text and "[f] Fold" in text
    assert "you must pay 7 for the 3h dealt face up, or fold" in text
    assert "nines and threes are wild (starred)" in text
    assert "3h*" in text  # the 3 is wild too (R8.2)
    assert "8c*" not in text and "Qd*" not in text


def test_r8_3_the_wild_ranks_of_the_moment_are_shown() -> None:
    """R8.3: after a face-up queen and a 7, queens and sevens are wild, and starred."""
    game = from_options("follow_the_queen")
    hand = game.deal(stacks=[100, 100, 100], dealer=2, deck="As 7s Jc Kd 2d Tc Qh 7c 5d")
    text = screen(1, hand, ["ann", "you", "cy"])
    assert "queens and sevens are wild (starred)" in text
    assert "Qh*" in text and "7c*" in text and "7s*" in text  # your own down 7 too
    assert "5d*" not in text


def test_r8_4_summary_names_the_spade() -> None:
    (block,) = [b for n, b in re.findall(r"<!-- ([\w-]+) -->\n```toml\n(.*?)```",
                                          (Path(__file__).parent.parent / "docs" / "phh-home-games.md")
                                          .read_text(), re.S) if n == "chicago"]
    hand = phh.replay_all(block)[0].hand
    lines = summary_lines(hand, ["ann", "bob", "cy"])
    assert any("spade: King of spades in the hole" in line for line in lines)


def test_an_option_the_game_lacks_is_refused() -> None:
    with pytest.raises(ValueError, match="Follow the Queen has no option three-price"):
        make_game("follow_the_queen", three_price=5)
    with pytest.raises(ValueError, match="Baseball has no option joker"):
        make_game("baseball", joker=True)
    with pytest.raises(ValueError, match="three_price must be >= 0"):
        make_game("baseball", three_price=-1)
    assert make_game("ftq").name == "follow_the_queen"


@pytest.mark.parametrize("game", ["baseball", "follow_the_queen", "high_chicago", "low_chicago",
                                  "kings_and_little_ones"])
def test_terminal_session_plays_a_home_game(game: str, tmp_path: Path) -> None:
    """`studpoker play --game GAME` in a pseudo-terminal (80x24): whole hands until one offers
    a payment (Baseball) or one hand ends, paying when asked; the history is saved."""
    env = dict(os.environ, COLUMNS="80", LINES="24", TERM="xterm")
    child = pexpect.spawn(
        STUDPOKER,
        ["play", "--game", game, "--players", "4", "--seed", "3", "--delay", "0",
         "--bots", "rule,station", "--history", str(tmp_path)],
        env=env, dimensions=(24, 80), encoding="utf-8", timeout=60,
    )
    moves = hands = paid = 0
    while True:
        i = child.expect([r"your move: (.*?)\[q\] quit", r"press any key for the next hand"])
        if i == 1:
            hands += 1
            if game != "baseball" or paid or hands >= 12:
                break
            child.send(" ")
            continue
        options = re.findall(r"\[(\w)\] ([^\[]*)", child.match.group(1))  # type: ignore[union-attr]
        keys = [k for k, _ in options]
        if "p" in keys:
            label = dict(options)["p"].strip()
            assert re.fullmatch(r"Pay \d+ to stay in", label), label
            paid += 1
        key = next((k for k in ("p", "c", "b", "s") if k in keys), keys[0])
        child.send(key)
        moves += 1
        assert moves < 600
    child.send("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    if game == "baseball":
        assert paid, "no face-up 3 for you in 12 hands"
    (saved,) = tmp_path.glob("*.phhs")
    histories = phh.read(saved)
    assert {h.variant for h in histories} == {phh.GAME_VARIANTS[game]}
    for h in histories:
        phh.replay(h)
