"""Alembic migrations of the server database (applied by ``Database.migrate``)."""
