"""Tables: one :class:`~studpoker.server.tables.room.Room` per open table, the
:class:`~studpoker.server.tables.registry.Registry` of the rooms and connections of a process,
their transactions and their REST routes.

- :mod:`~studpoker.server.tables.registry`: which tables live here, connections, routing, lobby;
- :mod:`~studpoker.server.tables.room`: one table: lock, clock, bots, apply -> commit -> broadcast;
- :mod:`~studpoker.server.tables.requests`: sit, act, add_bot, chat, leave ... one function each;
- :mod:`~studpoker.server.tables.messages`: pure builders of the messages a room sends;
- :mod:`~studpoker.server.tables.store`: the transactions of tables (one function, one commit);
- :mod:`~studpoker.server.tables.api`: the routes of tables, the lobby and finished hands;
- :mod:`~studpoker.server.tables.night`: the night's ledger of a table (who owes whom).
"""

from __future__ import annotations

from studpoker.server.tables.registry import Outbox, Registry
from studpoker.server.tables.room import ProtocolError, Room, SeatMeta

__all__ = ["Outbox", "ProtocolError", "Registry", "Room", "SeatMeta"]
