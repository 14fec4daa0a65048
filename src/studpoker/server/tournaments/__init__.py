"""Sit-and-go tournaments online: registration in the lobby, tables that are rooms, the books.

- :mod:`~studpoker.server.tournaments.store`: the rows, the creation request, the transactions
  and the audit of the books;
- :mod:`~studpoker.server.tournaments.runtime`: :class:`TournamentManager` and
  :class:`LiveTournament`, the rounds dealt through the rooms;
- :mod:`~studpoker.server.tournaments.api`: the routes under ``/api/tournaments``.

Nothing is imported here: ``from studpoker.server.tournaments.runtime import TournamentManager``.
"""
