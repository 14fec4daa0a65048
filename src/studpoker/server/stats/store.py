"""The statistics' SQL: kept up to date as hands end, read by the profile and the leaderboard.

The transaction that stores a hand's last action (:func:`studpoker.server.tables.store.record_event`)
calls :func:`add_player_stats` with each player's counters of the hand (:class:`HandStats`), so a
profile or the leaderboard reads the ``player_stats`` rows only.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, fields
from typing import Any

from sqlalchemy import select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from studpoker import phh
from studpoker.engine.games import GAMES, phh_order
from studpoker.fairness import keep_seen_openings
from studpoker.server.db import Database, HandRow, LedgerRow, PlayerStatsRow, UserRow
from studpoker.stats import PlayerStats

__all__ = ["CHART_POINTS", "HandStats", "add_player_stats", "all_hands_of", "chart_add", "hands_of",
           "leaderboard", "merge_counts", "profile", "stats_of_row"]


@dataclass(frozen=True, slots=True, kw_only=True)
class HandStats:
    """One player's statistics of one finished hand: the counters of
    :class:`studpoker.stats.PlayerStats` (``counts``, by field name) and the chips won or lost."""

    user_id: int
    game: str
    counts: dict[str, Any]
    net: int


CHART_POINTS = 1000
"""A player's chart of net chips keeps at most this many points (plus the start), whatever the
number of hands: past it, every other point goes and the hands per point double."""


def merge_counts(into: dict[str, Any], more: dict[str, Any]) -> dict[str, Any]:
    """Statistics counters added up: numbers add, lists of numbers add place by place."""
    out = dict(into)
    for key, value in more.items():
        have = out.get(key)
        if isinstance(value, list):
            old = list(have) if isinstance(have, list) else []
            n = max(len(old), len(value))
            out[key] = [(old[i] if i < len(old) else 0) + (value[i] if i < len(value) else 0)
                        for i in range(n)]
        else:
            out[key] = (have or 0) + value
    return out


def chart_add(chart: list[int], step: int, hands: int, net: int) -> tuple[list[int], int]:
    """The chart after one more hand (``hands`` counts it, ``net`` is the total after it): a point
    every ``step`` hands, thinned to every other point when past :data:`CHART_POINTS`."""
    points = list(chart) or [0]
    if hands % step == 0:
        points.append(net)
        if len(points) > CHART_POINTS + 1:
            points, step = points[::2], step * 2
    return points, step


def add_player_stats(s: Session, stats: Sequence[HandStats]) -> None:
    """Add a finished hand's statistics to its players' rows (in a fixed order: concurrent hands
    of one player at two tables lock the rows one after the other, never in a cycle)."""
    if not stats:
        return
    dialect = postgresql if s.get_bind().dialect.name == "postgresql" else sqlite
    for st in sorted(stats, key=lambda x: (x.user_id, x.game)):
        s.execute(dialect.insert(PlayerStatsRow).values(
            user_id=st.user_id, game=st.game, hands=0, net=0, counts={}, chart=[0], chart_step=1)
            .on_conflict_do_nothing())
        row = s.scalar(select(PlayerStatsRow).where(PlayerStatsRow.user_id == st.user_id,
                                                    PlayerStatsRow.game == st.game).with_for_update())
        assert row is not None
        row.hands += 1
        row.net += st.net
        row.counts = merge_counts(row.counts, st.counts)
        row.chart, row.chart_step = chart_add(row.chart, row.chart_step, row.hands, row.net)


def hands_of(db: Database, user_id: int) -> Iterator[tuple[HandRow, int]]:
    """The finished hands the account ``user_id`` was dealt into at cash tables, oldest first,
    each with its hand seat (by account id: a seat's name is only its label)."""
    with db.session() as s:
        table_ids = list(s.scalars(select(LedgerRow.table_id).where(
            LedgerRow.user_id == user_id, LedgerRow.kind == "buy_in",
            LedgerRow.table_id.is_not(None)).distinct()))
        if not table_ids:
            return
        q = (select(HandRow).where(HandRow.table_id.in_(table_ids), HandRow.status == "over")
             .order_by(HandRow.id))
        for h in s.scalars(q):
            hs = h.seat_of(user_id)
            if h.phh and hs is not None:
                yield h, hs


def stats_of_row(row: PlayerStatsRow, name: str) -> PlayerStats:
    """A stored row as :class:`studpoker.stats.PlayerStats` (the counters it knows)."""
    stats = PlayerStats(name=name, game=row.game)
    known = {f.name for f in fields(stats)}
    for key, value in (row.counts or {}).items():
        if key in known and key not in ("name", "game", "nets"):
            setattr(stats, key, value)
    return stats


def profile(db: Database, name: str, *, game: str | None = None) -> dict[str, Any]:
    """``name``'s statistics per game and chips over hands (KeyError: no such player)."""
    with db.session() as s:
        uid = s.scalars(select(UserRow.id).where(UserRow.name == name)).first()
        if uid is None:
            raise KeyError(name)
        q = select(PlayerStatsRow).where(PlayerStatsRow.user_id == uid)
        if game is not None:
            q = q.where(PlayerStatsRow.game == game)
        rows = list(s.scalars(q.order_by(PlayerStatsRow.game)))
    games, chart, steps = [], {}, {}
    for row in rows:
        stats = stats_of_row(row, name)
        # each row with its game's display name (the browser keeps no table of names)
        title = GAMES[row.game].title if row.game in GAMES else row.game
        games.append({**stats.to_dict(), "game_name": title})
        points = list(row.chart or [0])
        if row.hands % row.chart_step:  # the chart ends at the net chips now
            points.append(row.net)
        chart[row.game] = points
        steps[row.game] = row.chart_step
    return {"name": name, "games": games, "chart": chart, "chart_step": steps}


def leaderboard(db: Database, *, game: str, min_hands: int = 20, limit: int = 50) -> list[dict[str, Any]]:
    """Accounts ranked by net chips in ``game`` (players under ``min_hands`` left out)."""
    with db.session() as s:
        rows = s.execute(select(PlayerStatsRow, UserRow.name)
                         .join(UserRow, UserRow.id == PlayerStatsRow.user_id)
                         .where(PlayerStatsRow.game == game, PlayerStatsRow.hands >= min_hands)
                         .order_by(PlayerStatsRow.net.desc(), UserRow.name).limit(limit)).all()
    out = []
    for i, (row, name) in enumerate(rows):
        st = stats_of_row(row, name)
        out.append({"rank": i + 1, "name": name, "hands": st.hands, "net": st.net, "per100": st.per100,
                    "vpip": st.vpip, "af": st.af()})
    return out


def all_hands_of(db: Database, user_id: int) -> str:
    """Every finished hand of the account ``user_id`` as one ``.phhs`` text, as it saw it."""
    out: list[phh.HandHistory] = []
    for h, hs in hands_of(db, user_id):
        assert h.phh is not None
        history = phh.read_one(h.phh)
        order = phh_order(h.dealer, len(h.hand_seats))  # the history's players, p1 first
        if hs not in order or len(history.players or []) != len(order):
            continue
        mine = phh.for_viewer(history, order.index(hs))
        keep_seen_openings(mine)  # the full history opens every card: keep the viewer's only
        mine.name = f"t{h.table_id}h{h.number}"
        out.append(mine)
    return phh.write_all(out)
