"""Accounts: names, password hashing, tokens, the account transactions and their REST routes.

- :mod:`~studpoker.server.accounts.names`: the rules of names (pure functions);
- :mod:`~studpoker.server.accounts.hashing`: argon2 in worker processes;
- :mod:`~studpoker.server.accounts.auth`: :class:`Auth`, the account transactions (tokens, passwords);
- :mod:`~studpoker.server.accounts.api`: the account routes (register, login, guest, ``/me`` ...).

Nothing is imported here, so that the light modules (names) stay light.
"""
