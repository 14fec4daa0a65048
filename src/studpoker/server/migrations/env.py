"""Alembic environment: runs on the connection that ``Database.migrate`` passes in.

There is no ``alembic.ini``: the server applies the migrations itself at start
(``studpoker serve``). To run them by hand::

    python -c "from studpoker.server.db import Database; Database('URL').migrate()"
"""

from __future__ import annotations

from alembic import context

from studpoker.server.db import Base

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - only with an alembic.ini of one's own
    raise RuntimeError("run the migrations through studpoker.server.db.Database.migrate()")

context.configure(connection=connection, target_metadata=Base.metadata)
with context.begin_transaction():
    context.run_migrations()
