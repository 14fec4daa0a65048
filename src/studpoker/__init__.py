"""studpoker: exact, fast rules for the stud poker family: Seven Card Stud, Stud Hi-Lo,
Razz, Wall Street and the wild-card home games.

The rules live in :mod:`studpoker.engine`, imported from there (``from
studpoker.engine import SevenCardStud``, ``from studpoker.engine.games import
from_options``). This package is light: importing it, or the engine, loads
nothing else. The engine's public names are here too, loaded on first use
together with the display layer (:mod:`studpoker.describe` gives actions and
log records their words, :mod:`studpoker.svg` cards their picture), so a script
that starts with ``from studpoker import ...`` prints ``seat 2 raises to 10``:

>>> from studpoker import WallStreet
>>> game = WallStreet(ante=1, limits=(2, 2, 4, 4, 4))
>>> hand = game.deal(stacks=[200] * 5, dealer=4, seed=7)
>>> while not hand.is_over:
...     hand.apply(hand.legal_actions()[0])
>>> sum(hand.payoffs)
0
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    """An engine name (``studpoker.engine.__all__``), loaded with the display layer's words."""
    if name.startswith("__"):
        raise AttributeError(name)
    engine = importlib.import_module("studpoker.engine")
    if name not in engine.__all__:
        raise AttributeError(f"module 'studpoker' has no attribute {name!r}")
    importlib.import_module("studpoker.describe")  # registers the words (studpoker.engine.words)
    importlib.import_module("studpoker.svg")  # registers a card's picture
    return getattr(engine, name)


def __dir__() -> list[str]:
    return sorted({*globals(), *importlib.import_module("studpoker.engine").__all__})
