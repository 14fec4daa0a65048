"""The room formats the importer reads, one module each, by name.

Each module gives ``NAME``, ``TITLE``, ``is_header(line)`` (the first line
of one of its hands) and ``parse(lines, start=, source=)`` returning a
:class:`~studpoker.history.core.RoomHand`. :data:`ROOMS` adds the room's
house options (the engine's option names) that its hands show.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

from studpoker.history.core import RoomHand
from studpoker.history.rooms import acr, fulltilt, pokerstars

__all__ = ["ROOMS", "Room", "room"]


@dataclass(frozen=True, kw_only=True)
class Room:
    """One room's text format."""

    name: str
    title: str
    is_header: Callable[[str], bool]
    parse: Callable[..., RoomHand]
    options: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}))


ROOMS: Final[Mapping[str, Room]] = MappingProxyType({
    pokerstars.NAME: Room(
        name=pokerstars.NAME, title=pokerstars.TITLE, is_header=pokerstars.is_header,
        parse=pokerstars.parse,
    ),
    fulltilt.NAME: Room(name=fulltilt.NAME, title=fulltilt.TITLE, is_header=fulltilt.is_header,
                        parse=fulltilt.parse),
    acr.NAME: Room(name=acr.NAME, title=acr.TITLE, is_header=acr.is_header, parse=acr.parse),
})
"""Every room format by name (``--from NAME``)."""


def room(name: str) -> Room:
    """The room called ``name`` (``KeyError`` names the known ones)."""
    key = name.strip().lower().replace(" ", "").replace("-", "").replace("_", "")
    key = {"stars": "pokerstars", "ps": "pokerstars", "ftp": "fulltilt", "fulltiltpoker": "fulltilt",
           "ft": "fulltilt", "americascardroom": "acr", "wpn": "acr",
           "winningpokernetwork": "acr"}.get(key, key)
    if key not in ROOMS:
        raise KeyError(f"unknown room {name!r}: choose from {', '.join(ROOMS)} or auto")
    return ROOMS[key]
