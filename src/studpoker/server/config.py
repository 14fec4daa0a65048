"""Server settings: one frozen value passed to :func:`~studpoker.server.app.create_app`."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Settings"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Settings:
    """Limits and timings of a server. Times are in seconds.

    >>> Settings(hand_delay=0).hand_delay
    0
    """

    initial_balance: int = 10_000  # play money granted to every new account
    hand_delay: float = 3.0  # pause after a hand ends, so people can look at the showdown
    start_delay: float = 2.0  # pause before a hand that a seating change made possible (R4.2)
    bot_delay: float = 0.5  # server-side bots "think" this long
    max_message_bytes: int = 4096  # larger client messages are refused
    rate_per_second: float = 20.0  # token bucket per connection ...
    rate_burst: float = 40.0  # ... with this many tokens
    rate_close_after: int = 50  # refusals for rate in a row before the connection is closed
    chat_per_window: int = 5  # chat lines per user and table ...
    chat_window: float = 10.0  # ... in this many seconds
    chat_history: int = 50  # lines kept per table and sent on watch
    timeouts_to_sit_out: int = 2  # consecutive timeouts that sit a player out (R4.4)
    outbound_queue: int = 2000  # messages queued for a slow client before it is dropped
    db_threads: int = -1  # threads writing to the database (-1: none for SQLite, 4 otherwise)
    max_tables_per_owner: int = 50
    seat_timeout: float = 600.0  # a player disconnected this long is unseated (at the end of the hand)
    away_grace: float = 5.0  # a disconnected player's turn waits this long (at most), then folds
