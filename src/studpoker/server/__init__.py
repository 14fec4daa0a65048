"""The online server: FastAPI + websocket, SQLAlchemy persistence, a chip ledger.

>>> from studpoker.server import create_app, Settings
>>> app = create_app("sqlite://", Settings(hand_delay=0))

Cut by feature: :mod:`~studpoker.server.tables` (live tables, their transactions and
routes), :mod:`~studpoker.server.tournaments`, :mod:`~studpoker.server.accounts`,
:mod:`~studpoker.server.stats`; shared: :mod:`~studpoker.server.app` (factory),
:mod:`~studpoker.server.protocol` (every message), :mod:`~studpoker.server.access` (who may
do what), :mod:`~studpoker.server.db` (models, migrations), :mod:`~studpoker.server.ledger`
(chips and the audit), :mod:`~studpoker.server.client` (a websocket client and remote bots).
See ``docs/server.md`` and ``docs/protocol.md``. Names are imported on first use, so that
``studpoker.server.commands`` (the CLI) stays light.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from studpoker.server.app import create_app
    from studpoker.server.config import Settings

__all__ = ["Settings", "create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from studpoker.server.app import create_app

        return create_app
    if name == "Settings":
        from studpoker.server.config import Settings

        return Settings
    raise AttributeError(f"module 'studpoker.server' has no attribute {name!r}")
