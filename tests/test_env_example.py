"""The training example runs (a few hands) and writes its learning curve."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

pytest.importorskip("torch")
pytest.importorskip("matplotlib")
pytest.importorskip("gymnasium")

ROOT = Path(__file__).resolve().parent.parent


def test_training_example_plots_a_learning_curve(tmp_path: Path) -> None:
    module = runpy.run_path(str(ROOT / "examples" / "train_vs_rule.py"))
    out = tmp_path / "curve.png"
    module["main"](["--hands", "24", "--batch", "8", "--out", str(out)])
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    rows = (tmp_path / "curve.csv").read_text().splitlines()
    assert rows[0] == "hands,mean_reward_big_bets" and len(rows) == 4
