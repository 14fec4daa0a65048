"""The server's commands of the ``studpoker`` CLI: serve, audit, verify-shuffle, connect, backup, restore.

:func:`register` adds them to the typer app of :mod:`studpoker.cli`. Heavy
imports (FastAPI, SQLAlchemy, websockets) happen inside the commands, so the
rest of the CLI starts as fast as before.
"""

from __future__ import annotations

import contextlib
import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

__all__ = ["register"]

DEFAULT_DB = "sqlite:///studpoker.db"


def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    db: Annotated[str, typer.Option(help="database URL: sqlite:///FILE or postgresql://...")] = DEFAULT_DB,
    hand_delay: Annotated[float, typer.Option(help="seconds between hands")] = 3.0,
    bot_delay: Annotated[float, typer.Option(help="seconds a server-side bot thinks")] = 0.5,
    rate: Annotated[float, typer.Option(help="messages per second per connection")] = 20.0,
    burst: Annotated[float, typer.Option(help="burst of messages per connection")] = 40.0,
    seat_timeout: Annotated[float, typer.Option(
        help="seconds a disconnected player keeps the seat (unseated at the end of the hand)")] = 600.0,
    redis: Annotated[str | None, typer.Option(
        help="redis://HOST:6379/N: join the other processes on this Redis and database (a cluster)")] = None,
    redis_prefix: Annotated[str, typer.Option(
        help="Redis key and channel prefix of the cluster (one per room sharing a Redis)")] = "studpoker",
    log_level: Annotated[str, typer.Option(help="uvicorn log level")] = "info",
    demo: Annotated[bool, typer.Option("--demo", help="open public demo tables with bots waiting")] = False,
    token_ttl: Annotated[float, typer.Option(
        help="seconds a login token stays valid unused (sliding: each use renews it)", min=1)] = 30 * 86400.0,
    api_docs: Annotated[bool, typer.Option("--api-docs", help="serve /docs and /openapi.json")] = False,
    guests_per_ip: Annotated[int, typer.Option(help="new guests per address in any 10 s", min=1)] = 30,
    sockets_per_ip: Annotated[int, typer.Option(help="open websockets per address", min=1)] = 256,
    public_url: Annotated[str | None, typer.Option(
        help="the address friends use, e.g. https://poker.example.org (behind a TLS proxy): invite links, "
             "websocket origins, Secure cookies and HSTS")] = None,
    trusted_proxies: Annotated[list[str] | None, typer.Option(
        help="CIDR of a proxy in front (repeatable, or several separated by commas): the client's address "
             "is taken from its X-Forwarded-For")] = None,
) -> None:
    """Run the online server (FastAPI on uvicorn) and its browser client at /; migrations run at start."""
    import logging

    import uvicorn

    from studpoker.server import Settings, create_app

    logging.basicConfig(level=getattr(logging, log_level.upper(), logging.INFO),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    for noisy in ("alembic", "httpx"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    if seat_timeout < 0:
        print("error: --seat-timeout must be at least 0", file=sys.stderr)
        raise typer.Exit(2)
    cluster = None
    if redis is not None:
        from studpoker.server.cluster import ClusterConfig

        if not redis.startswith(("redis://", "rediss://", "unix://")):
            print("error: --redis takes a redis:// URL", file=sys.stderr)
            raise typer.Exit(2)
        if db.startswith("sqlite"):
            print("error: a cluster (--redis) needs a shared database: --db postgresql://...",
                  file=sys.stderr)
            raise typer.Exit(2)
        cluster = ClusterConfig(redis_url=redis, prefix=redis_prefix)
    from studpoker.server.http import server_config
    from studpoker.server.public import PublicSite

    proxies = tuple(trusted_proxies or ())
    try:
        site = PublicSite.build(public_url, proxies)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise typer.Exit(2) from None
    settings = Settings(hand_delay=hand_delay, bot_delay=bot_delay, rate_per_second=rate, rate_burst=burst,
                        seat_timeout=seat_timeout, token_ttl=token_ttl, api_docs=api_docs,
                        guests_per_ip=guests_per_ip, sockets_per_ip=sockets_per_ip,
                        public_url=site.origin, trusted_proxies=proxies)
    app = create_app(db, settings, cluster=cluster)
    if demo:
        from studpoker.server.demo import enable_demo

        enable_demo(app)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    where = f"{site.origin}/ (served at http://{shown}:{port}/)" if site.origin else f"http://{shown}:{port}/"
    print(f"studpoker: play in a browser at {where}", flush=True)
    uvicorn.Server(server_config(app, settings=settings, host=host, port=port, log_level=log_level)).run()


def audit(
    db: Annotated[str, typer.Option(help="database URL")] = DEFAULT_DB,
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable output")] = False,
) -> None:
    """Check the chip ledger: balances + table stacks + pots add up. Exit 1 on any mismatch."""
    from studpoker.server.db import Database
    from studpoker.server.ledger import audit as run_audit

    database = Database(db)
    try:
        problems = run_audit(database)
    except Exception as exc:
        print(f"error: cannot audit {db}: {exc}", file=sys.stderr)
        raise typer.Exit(2) from None
    finally:
        database.dispose()
    if as_json:
        print(json.dumps({"ok": not problems, "problems": problems}))
    elif problems:
        for p in problems:
            print(f"MISMATCH: {p}")
    else:
        print("audit ok: balances + table stacks + pots add up")
    if problems:
        raise typer.Exit(1)


def verify_shuffle(
    seed: Annotated[str | None, typer.Argument(
        help="a seed (64 hex digits): print its deck and commitment (servers never reveal theirs)")] = None,
    commitment: Annotated[str | None, typer.Option(
        help="the deck commitment published before the hand")] = None,
    joker: Annotated[bool, typer.Option("--joker", help="the deck has the joker (53 cards)")] = False,
    history: Annotated[Path | None, typer.Option(
        help="a PHH file written by the server: check each opened card against the commitment")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable output")] = False,
) -> None:
    """Check a hand's deck commitment: every card seen was where the committed deck had it.

    With --history, each hand's ``_openings`` (salted cards with Merkle proofs) are checked
    against --commitment (the commitment published before the deal; without it, the
    history's own ``_commitment``, which must then be compared with the published one) and
    the hand is dealt again around them; hidden cards stay hidden. A ``_seed`` in a history
    is never trusted. With SEED, its deck and commitment are printed (and checked with
    --commitment).
    """
    from studpoker import fairness

    problems: list[str] = []
    out: dict[str, Any] = {}
    if history is None and seed is None:
        print("error: give --history FILE or SEED", file=sys.stderr)
        raise typer.Exit(2)
    if seed is not None:
        try:
            deck = fairness.deck_from_seed(seed, joker=joker)
            root = fairness.deck_root(seed, joker=joker)
        except fairness.SeedError as exc:
            print(f"error: {exc}", file=sys.stderr)
            raise typer.Exit(2) from None
        out.update(seed=seed, commitment=root, deck=[str(c) for c in deck])
        if history is None and commitment is not None and commitment.strip().lower() != root \
                and not fairness.verify_commitment(seed, commitment):
            problems.append(f"commitment mismatch: the seed's deck root is {root}, not {commitment}")
    hands_checked = opened = 0
    if history is not None:
        from studpoker import phh

        try:
            hands = phh.read(history)
        except (OSError, ValueError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            raise typer.Exit(2) from None
        for h in hands:
            try:
                found = fairness.verify_history(h, seed, commitment=commitment)
                opened += len(h.fields.get("_openings") or [])  # type: ignore[arg-type]
            except (ValueError, fairness.SeedError) as exc:
                found = [str(exc)]
            problems += [f"hand {h.hand}: {p}" for p in found]
            hands_checked += 1
        out.update(hands=hands_checked, opened=opened)
    out.update(ok=not problems, problems=problems)
    if as_json:
        print(json.dumps(out))
    else:
        if seed is not None:
            print(f"commitment: {out['commitment']}")
            print(f"deck:       {' '.join(out['deck'])}")
        for p in problems:
            print(f"MISMATCH: {p}")
        if not problems:
            if history is not None:
                against = ("the commitment given" if commitment is not None else
                           "the history's own _commitment: compare it with the one published before the deal")
                print(f"ok: {hands_checked} hand(s), {opened} opened card(s), every card seen was at its "
                      f"committed position (checked against {against})")
            else:
                print(f"ok{': the seed matches the commitment' if commitment else ''}")
    if problems:
        raise typer.Exit(1)


def connect(
    server: Annotated[str, typer.Option(help="server URL, e.g. http://127.0.0.1:8000")],
    table: Annotated[int, typer.Option(help="table id")],
    bot: Annotated[str, typer.Option(help="bot name (random, station, rule, equity)")] = "rule",
    name: Annotated[str | None, typer.Option(help="account name (default: a new guest)")] = None,
    password: Annotated[
        str | None, typer.Option(help="account password", envvar="STUDPOKER_PASSWORD")] = None,
    buy_in: Annotated[int | None, typer.Option(help="chips to bring (default: the table's maximum)")] = None,
    seat: Annotated[int | None, typer.Option(help="seat to take (default: the first free)")] = None,
    invite: Annotated[str | None, typer.Option(help="invite code of a private table")] = None,
    hands: Annotated[int | None, typer.Option(help="stop after this many hands")] = None,
    seed: Annotated[int | None, typer.Option(help="seed of the bot's random choices")] = None,
) -> None:
    """Play a bot at a table as an ordinary websocket client."""
    import asyncio

    from studpoker.bots import make_bot
    from studpoker.server.client import Client, ClientError, play_bot

    try:
        player = make_bot(bot, seed=seed)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise typer.Exit(2) from None

    async def main() -> int:
        client = Client(server, delta=True)  # updates as deltas: less to build and to read
        if name is not None:
            await client.login(name, password or "")
        else:
            await client.guest()
        await client.connect()
        print(f"connected as {client.user['name']}; playing {bot} at table {table}", flush=True)
        try:
            return await play_bot(client, table, player, buy_in=buy_in, seat=seat, invite=invite,
                                  hands=hands)
        finally:
            if client.closed is not None and not client.closed.is_set():
                with contextlib.suppress(Exception):
                    await client.request({"type": "leave", "table": table}, timeout=5)
            await client.close()

    try:
        played = asyncio.run(main())
    except ClientError as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise typer.Exit(1) from None
    except KeyboardInterrupt:
        raise typer.Exit(130) from None
    print(f"played {played} hands")


def _finish(out: dict[str, Any], as_json: bool, words: str) -> None:
    if as_json:
        print(json.dumps(out))
    else:
        rows = sum((out.get("rows") or {}).values())
        print(f"{words} {out['file']} ({out['format']}, schema revision {out['revision']}, {rows} rows)")


def _fail(exc: Exception, code: int, as_json: bool) -> typer.Exit:
    if as_json:
        print(json.dumps({"ok": False, "error": str(exc)}))
    else:
        print(f"error: {exc}", file=sys.stderr)
    return typer.Exit(code)


def backup(
    file: Annotated[Path, typer.Argument(help="the backup file to write (replaced once whole)")],
    db: Annotated[str, typer.Option(help="database URL")] = DEFAULT_DB,
    method: Annotated[str, typer.Option(
        help="auto (SQLite: its online backup API; PostgreSQL: pg_dump, or a logical copy when pg_dump "
             "is older than the server), pg_dump or logical")] = "auto",
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable output")] = False,
) -> None:
    """A consistent snapshot of the database while the server runs (docs/deploy.md)."""
    from studpoker.server.backup import BackupFailed, Refused
    from studpoker.server.backup import backup as run_backup

    try:
        out = run_backup(db, file, method=method)
    except Refused as exc:
        raise _fail(exc, 2, as_json) from None
    except (BackupFailed, OSError, Exception) as exc:
        raise _fail(exc, 1, as_json) from None
    _finish(out, as_json, "backed up to")


def restore(
    file: Annotated[Path, typer.Argument(help="a file written by studpoker backup")],
    db: Annotated[str, typer.Option(help="database URL (stop the server first)")] = DEFAULT_DB,
    force: Annotated[bool, typer.Option("--force", help="replace a database that holds rows")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable output")] = False,
) -> None:
    """Put the database back to a backup. Exit 2 (nothing changed) for a backup of a newer schema,
    a database that is not empty (without --force), or a file that is no backup."""
    from studpoker.server.backup import BackupFailed, Refused
    from studpoker.server.backup import restore as run_restore

    try:
        out = run_restore(db, file, force=force)
    except Refused as exc:
        raise _fail(exc, 2, as_json) from None
    except (BackupFailed, OSError, Exception) as exc:
        raise _fail(exc, 1, as_json) from None
    _finish(out, as_json, "restored from")


def register(app: typer.Typer) -> None:
    """Add the server commands to ``app``."""
    app.command("serve")(serve)
    app.command("audit")(audit)
    app.command("verify-shuffle")(verify_shuffle)
    app.command("connect")(connect)
    app.command("backup")(backup)
    app.command("restore")(restore)
