"""Where the engine's objects get their words (and a card its picture).

``str(action)`` and ``str(record)`` are sentences (``seat 2 raises to 10``),
yet the words belong to the display layer (:mod:`studpoker.describe`), above
the engine. The engine does not import it: ``studpoker.describe`` registers
its functions here when it is imported, and ``import studpoker`` (which any
import of the engine runs first) imports it. Without them, an action prints in
the engine's short notation (``seat 2 raise 10``) and a record as its
dataclass. :mod:`studpoker.svg` registers a card's picture the same way
(``Card._repr_svg_``, for Jupyter).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["action_words", "card_picture", "operation_words", "register", "register_picture"]

action_words: Callable[[Any], str] | None = None
"""The display layer's words for an action (``seat 2 raises to 10``), once registered."""
operation_words: Callable[[Any], str] | None = None
"""The display layer's words for a log record (``third street``), once registered."""
card_picture: Callable[[Any], str] | None = None
"""The display layer's SVG of a card, once registered."""


def register(*, action: Callable[[Any], str], operation: Callable[[Any], str]) -> None:
    """Give the engine's actions and records their words (called by :mod:`studpoker.describe`)."""
    global action_words, operation_words
    action_words, operation_words = action, operation


def register_picture(card: Callable[[Any], str]) -> None:
    """Give the engine's cards their SVG picture (called by :mod:`studpoker.svg`)."""
    global card_picture
    card_picture = card
