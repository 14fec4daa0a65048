"""`studpoker export --to pokerstars` for the new games: Five Card Stud as PokerStars wrote
its "5 Card Stud" (streets 2nd to 5th), Deuce-to-Seven Razz refused with the reason."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from studpoker import phh
from studpoker.cli import app
from studpoker.engine.actions import ActionKind
from studpoker.engine.games import from_options
from studpoker.engine.hand import Hand
from studpoker.history.export import ExportError, hand_to_pokerstars, to_pokerstars

runner = CliRunner()


def played(game: str, players: int, seed: int) -> Hand:
    hand = from_options(game).deal(stacks=[100] * players, dealer=players - 1, seed=seed)
    rng = random.Random(seed)
    while not hand.is_over:
        legal = hand.legal_actions()
        keep = [a for a in legal if a.kind is not ActionKind.FOLD] or legal
        hand.apply(rng.choice(keep))
    return hand


def test_r9_five_card_stud_exports_as_5_card_stud() -> None:
    """R9.1: a header "5 Card Stud Limit", streets 2nd to 5th (the last dealt up: no river),
    a ten-max table for ten players."""
    hand = played("five_stud", 10, 3)
    text = hand_to_pokerstars(hand, names=[f"p{i}" for i in range(10)])
    assert "5 Card Stud Limit (5/10)" in text.splitlines()[0]
    assert "10-max" in text.splitlines()[1]
    titles = [line for line in text.splitlines() if line.endswith("STREET ***")]
    assert titles[:4] == ["*** 2nd STREET ***", "*** 3rd STREET ***", "*** 4th STREET ***",
                          "*** 5th STREET ***"][:len(titles)]
    assert "RIVER" not in text
    history = phh.from_hand(hand)
    from_history = to_pokerstars(history)
    assert "5 Card Stud Limit" in from_history.splitlines()[0]
    assert len(from_history.splitlines()) == len(text.splitlines())


def test_r10_deuce_to_seven_razz_is_refused_with_the_reason(tmp_path: Path) -> None:
    hand = played("razz27", 2, 1)
    with pytest.raises(ExportError, match=r"Deuce-to-Seven Razz \(F7S/27\) has no PokerStars form"):
        hand_to_pokerstars(hand, names=["a", "b"])
    path = tmp_path / "h.phhs"
    path.write_text(phh.write_all([phh.from_hand(hand)]), encoding="utf-8")
    result = runner.invoke(app, ["export", str(path), "--to", "pokerstars", "-o", str(tmp_path / "out.txt")])
    assert result.exit_code != 0
    assert "F7S/27" in result.output
