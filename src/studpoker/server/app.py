"""The application factory: ``create_app(db_url, settings)`` wires everything, no globals.

>>> app = create_app("sqlite://")
>>> sorted(p for r in app.routes if (p := getattr(r, "path", "")).startswith("/ws"))
['/ws']
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from studpoker._extras import missing_extra

try:
    from fastapi import FastAPI, WebSocket

    from studpoker.server import collector
    from studpoker.server.accounts.api import router as accounts_router
    from studpoker.server.accounts.auth import Auth
    from studpoker.server.api import Services, router
    from studpoker.server.cluster import ClusterConfig
    from studpoker.server.config import Settings
    from studpoker.server.db import Database
    from studpoker.server.http import SafeJSONResponse, SecurityHeaders, install_error_handlers
    from studpoker.server.limits import Guards
    from studpoker.server.pages import install as install_pages
    from studpoker.server.public import PublicFront, PublicSite
    from studpoker.server.tables import Registry
    from studpoker.server.tables.api import router as tables_router
    from studpoker.server.tournaments.api import refused_response
    from studpoker.server.tournaments.api import router as tournaments_router
    from studpoker.server.tournaments.runtime import TournamentManager
    from studpoker.server.tournaments.store import TournamentRefused
    from studpoker.server.ws import serve_websocket
except ImportError as _exc:
    raise missing_extra(_exc, what="the studpoker server", extra="server") from _exc

__all__ = ["create_app"]

log = logging.getLogger("studpoker.server")


def create_app(
    db_url: str = "sqlite:///studpoker.db",
    settings: Settings | None = None,
    *,
    auth: Auth | None = None,
    bot_factory: Callable[[str, int | None], Any] | None = None,
    cluster: ClusterConfig | None = None,
) -> FastAPI:
    """A FastAPI app serving ``/api/...`` and the websocket ``/ws``.

    At start it applies the database migrations and resumes every open
    table (and its live hand) from the database. With ``cluster`` (Redis) the
    process joins the other processes on the same database and Redis: it runs
    the tables whose lease it holds and forwards the rest
    (:mod:`studpoker.server.cluster`).
    """
    settings = settings or Settings()
    db = Database(db_url)
    auth = auth or Auth(initial_balance=settings.initial_balance, token_ttl=settings.token_ttl)
    link = None
    if cluster is not None:
        from studpoker.server.cluster import RedisCluster

        if db.is_sqlite:
            raise ValueError("a cluster needs a shared database: use PostgreSQL with --redis")
        link = RedisCluster(cluster)
    manager = Registry(db, settings, bot_factory=bot_factory, cluster=link)
    guards = Guards.from_settings(settings, redis_url=None if cluster is None else cluster.redis_url,
                                  prefix="studpoker" if cluster is None else cluster.prefix)
    svc = Services(db=db, auth=auth, manager=manager, settings=settings, guards=guards)
    tournaments = TournamentManager(manager)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, db.migrate)
        await loop.run_in_executor(None, auth.warm_up)
        await guards.hashes.start()
        await manager.start()  # the cash tables (a cluster: those whose lease is free)
        await tournaments.start()  # the tournaments and their tables
        passes = None
        if settings.quiet_gc:  # short collections only (docs/scaling.md)
            collector.install()
            passes = asyncio.ensure_future(collector.full_pass(settings.gc_full_every))
        log.info("studpoker server ready (%s)", db.url.split("@")[-1])
        try:
            yield
        finally:
            if passes is not None:
                passes.cancel()
                collector.uninstall()
            await manager.stop()
            guards.hashes.shutdown()
            guards.work.shutdown()
            await guards.close()
            db.dispose()

    docs = settings.api_docs
    app = FastAPI(title="studpoker", version="1", lifespan=lifespan, default_response_class=SafeJSONResponse,
                  docs_url="/docs" if docs else None, redoc_url="/redoc" if docs else None,
                  openapi_url="/openapi.json" if docs else None)
    app.state.services = svc
    app.state.tournaments = tournaments
    app.include_router(router)
    app.include_router(accounts_router)
    app.include_router(tables_router)
    app.include_router(tournaments_router)
    from studpoker.server.stats.api import router as stats_router  # profiles, leaderboard

    app.include_router(stats_router)
    from studpoker.server.stats.report import router as report_router  # my report (docs/stats.md)

    app.include_router(report_router)
    from studpoker.server.tables.night import router as night_router  # the night's ledger of a table

    app.include_router(night_router)
    from studpoker.server.imports import router as imports_router  # rooms' text histories uploaded

    app.include_router(imports_router)
    install_error_handlers(app)
    app.add_exception_handler(TournamentRefused, refused_response)  # a refused request: its status
    site = PublicSite.build(settings.public_url, settings.trusted_proxies)
    app.state.site = site
    app.add_middleware(SecurityHeaders, https=site.https)
    app.add_middleware(PublicFront, site=site)  # outermost: the client's address, the origin check

    @app.websocket("/ws")
    async def websocket(ws: WebSocket) -> None:
        await serve_websocket(ws, db=db, auth=auth, manager=manager, settings=settings, guards=guards)

    install_pages(app)  # the browser client at /, card SVGs, replays
    return app
