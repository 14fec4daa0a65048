"""A table: many hands in a row (R1.7, R4).

The module lives in :mod:`studpoker.engine.table`, the rules core; this old path
re-exports it.
"""

from studpoker.engine.table import (
    CHOICE_FOR,
    MIXED_MODES,
    Mixed,
    Seat,
    Table,
    TableError,
    TableSizeError,
    default_action,
    unit_game,
)

__all__ = [
    "CHOICE_FOR",
    "MIXED_MODES",
    "Mixed",
    "Seat",
    "Table",
    "TableError",
    "TableSizeError",
    "default_action",
    "unit_game",
]
