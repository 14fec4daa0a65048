"""The room formats the importer reads, one module each, by name.

Each module gives ``NAME``, ``TITLE`` and ``GRAMMAR``, a
:class:`~studpoker.history.grammar.Grammar`: its header, its game names mapped to
the engine's games, and its table of line rules; ``is_header(line)`` (the first
line of one of its hands) and ``parse(lines, start=, source=)`` returning a
:class:`~studpoker.history.core.RoomHand` are the grammar's.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from studpoker.history.grammar import Grammar
from studpoker.history.rooms import (
    acr,
    bovada,
    everleaf,
    fulltilt,
    ipoker,
    kingsclub,
    merge,
    ongame,
    partypoker,
    pokerstars,
    winamax,
    winning,
)

__all__ = ["ROOMS", "Room", "room"]


Room = Grammar
"""One room's text format: a grammar (:mod:`studpoker.history.grammar`)."""

ROOMS: Final[Mapping[str, Room]] = MappingProxyType({
    g.name: g for g in (pokerstars.GRAMMAR, fulltilt.GRAMMAR, acr.GRAMMAR, ipoker.GRAMMAR,
                          bovada.GRAMMAR, merge.GRAMMAR, everleaf.GRAMMAR, ongame.GRAMMAR,
                          partypoker.GRAMMAR, winamax.GRAMMAR,
                          kingsclub.GRAMMAR, winning.GRAMMAR)
})
"""Every room format by name (``--from NAME``)."""


def room(name: str) -> Room:
    """The room called ``name`` (``KeyError`` names the known ones)."""
    key = name.strip().lower().replace(" ", "").replace("-", "").replace("_", "")
    key = {"stars": "pokerstars", "ps": "pokerstars", "ftp": "fulltilt", "fulltiltpoker": "fulltilt",
           "ft": "fulltilt", "americascardroom": "acr", "wpn": "acr",
           "winningpokernetwork": "acr", "ignition": "bovada", "bodog": "bovada",
           "party": "partypoker", "carbon": "merge"}.get(key, key)
    if key not in ROOMS:
        raise KeyError(f"unknown room {name!r}: choose from {', '.join(ROOMS)} or auto")
    return ROOMS[key]
