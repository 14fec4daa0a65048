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
    away_grace: float | None = None  # a disconnected player's turn waits at most this long (None: their
    # own clock), then they are folded
    # --- limits against abuse (docs/server.md, "Limits")
    token_ttl: float = 30 * 86400.0  # a token unused this long expires (sliding: each use renews it)
    login_failures_per_ip: int = 20  # failed logins per address ...
    login_failures_per_name: int = 8  # ... and per account name (known or not) ...
    login_window: float = 300.0  # ... in this many seconds (a sliding window); then 429
    hash_concurrency: int = 1  # password hashes (argon2, 64 MiB each) running at once
    hash_wait: float = 0.5  # a request that cannot start hashing this soon gets 429
    hash_processes: bool = True  # hash in worker processes (argon2 holds the GIL), else on threads
    registrations_per_ip: int = 30  # new accounts per address ...
    registration_window: float = 60.0  # ... in this many seconds
    guests_per_ip: int = 30  # new guests per address ...
    guest_window: float = 10.0  # ... in this many seconds
    # --- uploads: hand histories read, imported hands replayed (studpoker/server/work.py)
    import_workers: int = 1  # worker processes reading uploads and replaying hands at once ...
    import_queue: int = 2  # ... with at most this many more waiting for one (others: 503) ...
    import_wait: float = 10.0  # ... each at most this long (then 503)
    import_time_limit: float = 60.0  # a job running longer is stopped (413)
    uploads_per_ip: int = 20  # files uploaded (POST /api/import) per address ...
    upload_window: float = 600.0  # ... in this many seconds (then 429)
    replays_per_ip: int = 120  # imported hands replayed per address ...
    replay_window: float = 60.0  # ... in this many seconds (then 429)
    sockets_per_user: int = 16  # open websockets per account
    sockets_per_ip: int = 256  # open websockets per address
    watchers_per_table: int = 500  # connections watching one table
    max_json_depth: int = 16  # deeper nesting in a client message is refused (bad_message)
    ws_idle_timeout: float = 20.0  # a websocket neither logged in nor watching is closed after this
    header_timeout: float = 15.0  # an HTTP request's headers must arrive this fast
    keep_alive_timeout: float = 5.0  # an idle kept-alive HTTP connection is closed after this
    api_docs: bool = False  # serve /docs and /openapi.json
    # --- behind a TLS proxy (studpoker/server/public.py, docs/deploy.md)
    public_url: str | None = None  # https://poker.example.org: invite links, websocket origins, Secure, HSTS
    trusted_proxies: tuple[str, ...] = ()  # CIDRs whose X-Forwarded-For names the client's address
    # --- the garbage collector (studpoker/server/collector.py)
    quiet_gc: bool = True  # freeze what survives a full collection: no 100-200 ms stalls with 1,000 sockets
    gc_full_every: float = 600.0  # ... and collect the frozen objects too this often
