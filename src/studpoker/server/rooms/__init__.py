"""The online room: one :class:`~studpoker.server.rooms.room.Room` per open table, and the
:class:`~studpoker.server.rooms.registry.Registry` of the rooms and connections of a process.

- :mod:`~studpoker.server.rooms.registry`: which tables live here, connections, routing, lobby;
- :mod:`~studpoker.server.rooms.room`: one table: lock, clock, bots, apply -> commit -> broadcast;
- :mod:`~studpoker.server.rooms.requests`: sit, act, add_bot, chat, leave ... one function each;
- :mod:`~studpoker.server.rooms.messages`: pure builders of the messages a room sends.
"""

from __future__ import annotations

from studpoker.server.rooms.registry import Outbox, Registry
from studpoker.server.rooms.room import ProtocolError, Room, SeatMeta

__all__ = ["Outbox", "ProtocolError", "Registry", "Room", "SeatMeta"]
