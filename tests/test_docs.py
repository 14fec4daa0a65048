"""Docs that run: every module's doctests and the README's Python examples."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import studpoker

ROOT = Path(__file__).resolve().parent.parent
MODULES = sorted(
    m.name for m in pkgutil.walk_packages(studpoker.__path__, "studpoker.")
    if not m.name.startswith(("studpoker.server", "studpoker.env"))
)


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests(name: str) -> None:
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0


def test_readme_python_blocks_run() -> None:
    text = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})
