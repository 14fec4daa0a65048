"""A player's report: results per game and room, the results over time, the biggest pots.

From hand histories (PHH, imported from a room by ``studpoker import`` or written
here) or from hands the engine just played, :class:`ReportBuilder` keeps one
player's hands (the *hero*) and gives a :class:`Report`:

* a row per (game, room): hands, net chips, big bets per 100 hands, and the
  figures of :mod:`studpoker.stats` (third-street entry = ``vpip``, completion =
  ``third_raise``, ``steal``, ``fold_to_steal``, ``wtsd``, ``wsd``), each read by
  :class:`studpoker.stats.Stats` from the hand's operation log: one definition,
  docs/stats.md;
* the cumulative results, hand after hand, in chips and in big bets, by the
  hands' date where every hand has one, else in the order read;
* the biggest wins and losses, each with where to find it again (the file and
  the hand's place in it, the room's hand number, the stored hand's id);
* filters: game, room, date range and table.

A hand's **big bet** is its game's: the largest bet of any street of the game
the hand was dealt at (stud's big bet, Wall Street's last limit), so a hand's
result in big bets is ``net / big bet``, and big bets per 100 hands is
``100 x sum of those / hands``.

:func:`results_png` draws the results over time; the command line writes it
(``studpoker stats --report --plot FILE.png``) and the server serves the same
bytes to the browser.

>>> from studpoker.engine import SevenCardStud
>>> game = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)
>>> hand = game.deal(stacks=[50, 50, 50], dealer=2, deck="As Kd 2c Qh Jd 7c Ts 9s 8d")
>>> hand.bring_in(); hand.bet_or_raise(); hand.fold(); hand.fold()
>>> builder = ReportBuilder("ann")
>>> builder.add_hand(hand, names=["ann", "bob", "cy"], room="home")
True
>>> row = builder.report().rows[0]
>>> row.game, row.room, row.hands, row.net, row.bb_per100
('stud', 'home', 1, 4, 40.0)
"""

from __future__ import annotations

import datetime as dt
import io
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, fields

from studpoker import phh
from studpoker._extras import missing_extra
from studpoker.engine.games import GAMES, Game, GameError, canonical_name
from studpoker.engine.hand import Hand
from studpoker.stats import PlayerStats, Stats, Table, read_tables, tables_of_text

__all__ = ["HERE", "Filters", "HandRef", "Point", "Report", "ReportBuilder", "ReportError", "Row",
           "big_bet", "report_of_files", "results_png"]

HERE = "studpoker"
"""The room of a hand without a ``_room`` field: a hand played here."""

TOP = 5
"""Biggest wins and losses listed, by default."""


class ReportError(ValueError):
    """Bad report input (a filter's value, a hand without a hero); the message names it."""


def big_bet(game: Game) -> int:
    """The game's big bet: the largest bet of any of its streets.

    >>> from studpoker.engine import SevenCardStud
    >>> big_bet(SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10))
    10
    """
    return max(max(st.bet, st.big_bet or 0) for st in game.streets)


# --------------------------------------------------------------------------
# Filters
# --------------------------------------------------------------------------


def _date(value: str, name: str) -> dt.date:
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise ReportError(f"{name}: not a date (YYYY-MM-DD): {value!r}") from None


@dataclass(frozen=True, slots=True, kw_only=True)
class Filters:
    """Which hands count: every field None keeps every hand. ``game`` is a registry name,
    ``room`` compares ignoring case, ``since``/``until`` are inclusive days (a hand without a
    date is left out when either is set), ``table`` compares as text."""

    game: str | None = None
    room: str | None = None
    since: dt.date | None = None
    until: dt.date | None = None
    table: str | None = None

    @classmethod
    def parse(cls, *, game: str | None = None, room: str | None = None, since: str | None = None,
              until: str | None = None, table: str | None = None) -> Filters:
        """Filters from text (the command line's options, the server's query); ReportError
        naming the field for a bad value."""
        g = None
        if game:
            try:
                g = canonical_name(game)
            except GameError:
                raise ReportError(f"game: unknown game {game!r}: {', '.join(GAMES)}") from None
        s = _date(since, "since") if since else None
        u = _date(until, "until") if until else None
        if s is not None and u is not None and s > u:
            raise ReportError(f"since: {s} is after until {u}")
        return cls(game=g, room=room or None, since=s, until=u, table=table or None)

    def keeps(self, *, game: str, room: str, when: dt.datetime | None, table: str | None) -> bool:
        """Whether a hand of these attributes passes every filter."""
        if self.game is not None and game != self.game:
            return False
        if self.room is not None and room.casefold() != self.room.casefold():
            return False
        if self.since is not None and (when is None or when.date() < self.since):
            return False
        if self.until is not None and (when is None or when.date() > self.until):
            return False
        return self.table is None or table == self.table

    def to_dict(self) -> dict[str, object]:
        return {"game": self.game, "room": self.room,
                "since": None if self.since is None else self.since.isoformat(),
                "until": None if self.until is None else self.until.isoformat(),
                "table": self.table}


# --------------------------------------------------------------------------
# The report
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class HandRef:
    """One hand of the hero: its result and where to open its replay again."""

    order: int  # the hand's place among the hands kept (0 first)
    game: str
    room: str
    net: int
    big_bets: float
    big_bet: int
    source: str | None = None  # the file
    index: int | None = None  # the hand's place in its file, from 1
    hand: str | None = None  # the room's hand number (PHH ``hand``)
    table: str | None = None
    when: dt.datetime | None = None
    hand_id: int | None = None  # a hand stored by the server
    imported: int | None = None  # the place of the hand's text among those sent to the server

    def to_dict(self) -> dict[str, object]:
        return {"game": self.game, "room": self.room, "net": self.net, "big_bets": self.big_bets,
                "big_bet": self.big_bet, "source": self.source, "index": self.index,
                "hand": self.hand, "table": self.table,
                "date": None if self.when is None else self.when.isoformat(),
                "hand_id": self.hand_id, "imported": self.imported}


@dataclass(frozen=True, slots=True)
class Point:
    """The results after one more hand: ``hands`` counted, net chips and big bets so far."""

    hands: int
    net: int
    big_bets: float
    when: dt.datetime | None


@dataclass(slots=True)
class Row:
    """The hero's results in one game at one room; the figures are :class:`PlayerStats`'s."""

    game: str
    room: str
    stats: PlayerStats
    big_bets: float = 0.0

    @property
    def hands(self) -> int:
        return self.stats.hands

    @property
    def net(self) -> int:
        return self.stats.net

    @property
    def bb_per100(self) -> float | None:
        """Big bets won per 100 hands."""
        return None if not self.hands else round(100 * self.big_bets / self.hands, 6)

    def to_dict(self) -> dict[str, object]:
        s = self.stats
        kind = GAMES.get(self.game)
        return {"game": self.game or None, "game_name": kind.title if kind else None,
                "room": self.room or None, "hands": s.hands, "net": s.net,
                "big_bets": round(self.big_bets, 6), "bb_per100": self.bb_per100,
                "entry": s.vpip, "completion": s.third_raise, "steal": s.steal,
                "fold_to_steal": s.fold_to_steal, "wtsd": s.wtsd, "wsd": s.wsd}


@dataclass(slots=True, kw_only=True)
class Report:
    """What :meth:`ReportBuilder.report` gives; :meth:`to_dict` is the JSON (docs/stats.md)."""

    player: str | None
    filters: Filters
    rows: list[Row]
    series: list[Point]
    biggest_wins: list[HandRef]
    biggest_losses: list[HandRef]
    by_date: bool
    rooms: list[str] = field(default_factory=list)
    games: list[str] = field(default_factory=list)
    tables: list[str] = field(default_factory=list)
    refs: list[HandRef] = field(default_factory=list)
    """Every hand kept, in the series' order."""

    @property
    def hands(self) -> int:
        return len(self.series)

    def by_game(self) -> list[Row]:
        """One row per game, every room added up (``room`` is ``""``)."""
        return _totals(self.rows, lambda r: (r.game, ""))

    def by_room(self) -> list[Row]:
        """One row per room, every game added up (``game`` is ``""``; the figures of a game
        without a bring-in, such as steals, count only in the games that have one)."""
        return _totals(self.rows, lambda r: ("", r.room))

    @property
    def net(self) -> int:
        return self.series[-1].net if self.series else 0

    def to_dict(self) -> dict[str, object]:
        return {
            "player": self.player, "filters": self.filters.to_dict(), "hands": self.hands,
            "net": self.net,
            "big_bets": round(self.series[-1].big_bets, 6) if self.series else 0.0,
            "rows": [r.to_dict() for r in self.rows],
            "by_game": [r.to_dict() for r in self.by_game()],
            "by_room": [r.to_dict() for r in self.by_room()],
            "series": {"by": "date" if self.by_date else "order",
                       "net": [p.net for p in self.series],
                       "big_bets": [round(p.big_bets, 6) for p in self.series],
                       "dates": [None if p.when is None else p.when.isoformat()
                                 for p in self.series]},
            "biggest_wins": [h.to_dict() for h in self.biggest_wins],
            "biggest_losses": [h.to_dict() for h in self.biggest_losses],
            "rooms": self.rooms, "games": self.games, "tables": self.tables,
        }


def _text(value: object) -> str | None:
    return None if value is None or value == "" else str(value)


def _when(data: dict[str, object]) -> dt.datetime | None:
    """A hand's date and time from the PHH ``year``, ``month``, ``day``, ``time`` fields."""
    y, m, d = data.get("year"), data.get("month"), data.get("day")
    if not (isinstance(y, int) and isinstance(m, int) and isinstance(d, int)):
        return None
    t = data.get("time")
    if isinstance(t, str):
        try:
            t = dt.time.fromisoformat(t)
        except ValueError:
            t = None
    try:
        return dt.datetime.combine(dt.date(y, m, d), t if isinstance(t, dt.time) else dt.time())
    except ValueError:
        return None


class ReportBuilder:
    """Collects the hero's hands (:meth:`add_table`, :meth:`add_file`, :meth:`add_hand`) into a
    :class:`Report`. ``player`` is the hero; None takes each history's ``_hero`` (what
    ``studpoker import`` writes). Hands without the hero, or that a filter leaves out, are
    skipped (the ``add`` methods return False); ``skipped`` counts them."""

    def __init__(self, player: str | None, filters: Filters | None = None, *, top: int = TOP,
                 skip_unnamed: bool = False) -> None:
        self.player = player
        self.skip_unnamed = skip_unnamed  # a hand without a hero is skipped, not an error
        self.filters = filters or Filters()
        self.top = top
        self._groups: dict[str, Stats] = {}  # by room: Stats keeps (name, game) apart
        self._big: dict[tuple[str, str], float] = {}
        self._refs: list[HandRef] = []
        self._heroes: set[str] = set()
        self._rooms: set[str] = set()
        self._games: set[str] = set()
        self._tables: set[str] = set()
        self._replayer = Stats()  # replays every history, one game object per configuration
        self.skipped = 0

    # ---------------------------------------------------------------- input

    def add_file(self, path: str | os.PathLike[str]) -> int:
        """Every hand of a ``.phh``/``.phhs`` file; returns the hands kept."""
        kept = 0
        for index, table in enumerate(read_tables(path), 1):
            kept += self.add_table(table, index=index)
        return kept

    def add_text(self, text: str, *, source: str = "<text>", hand_id: int | None = None,
                 imported: int | None = None) -> int:
        """Every hand of PHH text; returns the hands kept (``imported``: the text's place in a
        list of imported hands, kept with each hand)."""
        kept = 0
        for index, table in enumerate(tables_of_text(text, source=source), 1):
            kept += self.add_table(table, index=index, hand_id=hand_id, imported=imported)
        return kept

    def add_table(self, table: Table, *, index: int | None = None, hand_id: int | None = None,
                  when: dt.datetime | None = None, hero: str | None = None,
                  imported: int | None = None) -> bool:
        """One hand as :func:`studpoker.stats.read_tables` reads it. The filters are read from
        the table's fields before the hand is replayed; the hero is ``hero``, else the
        builder's player, else the history's ``_hero``; ``when`` serves a history without a
        date. StatsError for a hand that does not replay, ReportError for one without a hero."""
        data = table.data
        game = phh.VARIANT_GAMES.get(str(data.get("variant")))
        if game is None:
            self._replayer.replay_table(table)  # raises StatsError, naming the variant
        room = _text(data.get("_room")) or HERE
        tab = _text(data.get("table"))
        when = _when(data) or when
        hero = hero or self.player or _text(data.get("_hero"))
        players = data.get("players")
        if hero is None and self.skip_unnamed:
            self.skipped += 1
            return False
        if hero is None:
            where = f"{table.source}:{table.line}"
            raise ReportError(f"{where}: the hand names no hero (_hero): name the player")
        if game is None or not self.filters.keeps(game=game, room=room, when=when, table=tab) \
                or not (isinstance(players, list) and hero in players):
            self.skipped += 1
            return False
        played = self._replayer.replay_table(table)
        hand = played.hand
        names = played.names
        self._add(hand.game, hand, names, hero=hero, room=room, table=tab, when=when,
                  source=table.source, index=index, number=_text(data.get("hand")),
                  hand_id=hand_id, imported=imported)
        return True

    def add_hand(self, hand: Hand, *, names: Sequence[str], room: str = HERE,
                 table: str | None = None, when: dt.datetime | None = None,
                 hand_id: int | None = None, number: str | None = None,
                 hero: str | None = None) -> bool:
        """A hand the engine played (``names`` by engine seat)."""
        hero = hero or self.player
        if hero is None:
            raise ReportError("the hand names no hero: name the player")
        if hero not in names or not self.filters.keeps(game=hand.game.name, room=room, when=when,
                                                       table=table):
            self.skipped += 1
            return False
        self._add(hand.game, hand, names, hero=hero, room=room, table=table, when=when,
                  source=None, index=None, number=number, hand_id=hand_id)
        return True

    def _add(self, game: Game, hand: Hand, names: Sequence[str], *, hero: str, room: str,
             table: str | None, when: dt.datetime | None, source: str | None, index: int | None,
             number: str | None, hand_id: int | None, imported: int | None = None) -> None:
        group = self._groups.get(room)
        if group is None:
            group = self._groups[room] = Stats()
        group.add_log(game, hand.log, stacks=hand.starting_stacks, names=list(names))
        mine = group.get(hero, game.name)
        net = mine.nets[-1]
        bb = big_bet(game)
        key = (game.name, room)
        self._big[key] = self._big.get(key, 0.0) + net / bb
        self._heroes.add(hero)
        self._rooms.add(room)
        self._games.add(game.name)
        if table is not None:
            self._tables.add(table)
        self._refs.append(HandRef(order=len(self._refs), game=game.name, room=room, net=net,
                                  big_bets=net / bb, big_bet=bb, source=source, index=index,
                                  hand=number, table=table, when=when, hand_id=hand_id,
                                  imported=imported))

    # --------------------------------------------------------------- output

    def report(self) -> Report:
        rows: list[Row] = []
        for room, group in self._groups.items():
            for s in group.players.values():
                if s.name in self._heroes:
                    key = (s.game, room)
                    existing = next((r for r in rows if (r.game, r.room) == key), None)
                    if existing is None:
                        rows.append(Row(game=s.game, room=room, stats=s,
                                        big_bets=self._big.get(key, 0.0)))
                    else:  # several heroes (one per room's file): one row
                        existing.stats = _merged(existing.stats, s)
        order = {name: i for i, name in enumerate(GAMES)}
        rows.sort(key=lambda r: (order.get(r.game, len(order)), r.game, r.room))
        refs = list(self._refs)
        by_date = bool(refs) and all(r.when is not None for r in refs)
        if by_date:
            refs.sort(key=lambda r: (r.when, r.order))
        series, net, bbs = [], 0, 0.0
        for i, r in enumerate(refs, 1):
            net += r.net
            bbs += r.big_bets
            series.append(Point(hands=i, net=net, big_bets=bbs, when=r.when))
        wins = sorted((r for r in refs if r.net > 0), key=lambda r: (-r.big_bets, r.order))
        losses = sorted((r for r in refs if r.net < 0), key=lambda r: (r.big_bets, r.order))
        player = self.player or (", ".join(sorted(self._heroes)) if self._heroes else None)
        return Report(player=player, filters=self.filters, rows=rows, series=series,
                      biggest_wins=wins[:self.top], biggest_losses=losses[:self.top],
                      by_date=by_date, rooms=sorted(self._rooms), games=sorted(self._games),
                      tables=sorted(self._tables), refs=refs)


def _totals(rows: list[Row], key: Callable[[Row], tuple[str, str]]) -> list[Row]:
    out: dict[tuple[str, str], Row] = {}
    for r in rows:
        k = key(r)
        have = out.get(k)
        if have is None:
            out[k] = Row(game=k[0], room=k[1], stats=_merged(r.stats, None, game=r.game),
                         big_bets=r.big_bets)
        else:
            have.stats = _merged(have.stats, r.stats)
            have.big_bets += r.big_bets
    return list(out.values())


def _merged(a: PlayerStats, b: PlayerStats | None, *, game: str | None = None) -> PlayerStats:
    """Two players' counters in one game added up (one hero named differently in two files)."""
    out = PlayerStats(name=a.name, game=game or a.game)
    for f in fields(PlayerStats):
        name = f.name
        if not f.init or name in ("name", "game"):
            continue
        x = getattr(a, name)
        if b is None:
            setattr(out, name, list(x) if isinstance(x, list) else x)
            continue
        y = getattr(b, name)
        if isinstance(x, list):
            setattr(out, name, x + y if name == "nets" else [i + j for i, j in zip(x, y, strict=True)])
        else:
            setattr(out, name, x + y)
    return out


def report_of_files(paths: Iterable[str | os.PathLike[str]], *, player: str | None,
                    filters: Filters | None = None, top: int = TOP) -> Report:
    """The report of every hand in ``paths`` (StatsError, ReportError as they raise)."""
    builder = ReportBuilder(player, filters, top=top)
    for p in paths:
        builder.add_file(p)
    return builder.report()


# --------------------------------------------------------------------------
# The picture
# --------------------------------------------------------------------------

_W, _H = 800, 320
_LEFT, _RIGHT, _TOP, _BOTTOM = 64, 16, 36, 40
_INK = (28, 34, 44)
_GRID = (214, 219, 226)
_LINE = (31, 111, 188)
_WIN = (30, 142, 62)
_LOSS = (196, 48, 43)


def results_png(report: Report) -> bytes:
    """The results over time as a PNG (800 x 320): the cumulative big bets won, hand after
    hand, with the zero line, the scale, the biggest win (green) and loss (red) marked. The
    command line writes these bytes and the server serves them: one picture."""
    try:
        from PIL import Image, ImageDraw, ImageFont  # the cli extra (and so the server's)
    except ImportError as exc:
        raise missing_extra(exc, what="the results picture", extra="cli") from None

    image = Image.new("RGB", (_W, _H), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default()
    values = [0.0] + [p.big_bets for p in report.series]
    low, high = min(values), max(values)
    if high - low < 1e-9:
        low, high = low - 1, high + 1
    pad = (high - low) * 0.05
    low, high = low - pad, high + pad
    x0, x1, y0, y1 = _LEFT, _W - _RIGHT, _TOP, _H - _BOTTOM
    n = len(values) - 1

    def px(i: int) -> float:
        return x0 + (x1 - x0) * (i / n if n else 0.0)

    def py(v: float) -> float:
        return y1 - (y1 - y0) * (v - low) / (high - low)

    title = f"{report.player or 'hero'}: {report.hands} hands, " \
            f"{values[-1]:+.1f} big bets ({report.net:+d} chips)"
    draw.text((x0, 10), title, fill=_INK, font=font)
    for k in range(5):
        v = low + (high - low) * k / 4
        y = py(v)
        draw.line([(x0, y), (x1, y)], fill=_GRID, width=1)
        draw.text((4, y - 6), f"{v:+.1f}", fill=_INK, font=font)
    draw.line([(x0, py(0)), (x1, py(0))], fill=_INK, width=1)
    draw.line([(x0, y0), (x0, y1)], fill=_INK, width=1)
    first = report.series[0].when if report.series else None
    last = report.series[-1].when if report.series else None
    draw.text((x0, y1 + 8), f"{first:%Y-%m-%d}" if report.by_date and first else "0",
              fill=_INK, font=font)
    if report.by_date and last and n > 1:
        draw.text(((x0 + x1) / 2 - 30, y1 + 8), f"to {last:%Y-%m-%d}", fill=_INK, font=font)
    label = f"{n} hands" + (" (by date)" if report.by_date else "")
    draw.text((x1 - 8 * len(label), y1 + 8), label, fill=_INK, font=font)
    draw.text((x1 - 96, 10), "big bets won", fill=_INK, font=font)
    if n:
        draw.line([(px(i), py(v)) for i, v in enumerate(values)], fill=_LINE, width=2)
        places = {ref.order: i for i, ref in enumerate(report.refs, 1)}
        for refs, colour in ((report.biggest_wins[:1], _WIN), (report.biggest_losses[:1], _LOSS)):
            for ref in refs:
                i = places[ref.order]
                x, y = px(i), py(values[i])
                draw.ellipse([(x - 4, y - 4), (x + 4, y + 4)], fill=colour)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False)
    return out.getvalue()

