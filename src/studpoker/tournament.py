"""Sit-and-go tournaments: level schedules, seating, balancing, payouts and the loop.

A tournament is data plus a loop, like the rest of the core. The data: a
:class:`Schedule` of :class:`Level` stakes that rise every K hands or every T
minutes, a starting stack, a payout table by number of entrants
(:data:`DEFAULT_PAYOUTS`), the seats per table. The loop:
:meth:`Tournament.start_round` deals one hand at every table (at the level in
force), the caller plays those hands through :class:`~studpoker.engine.table.Table`,
and :meth:`Tournament.finish_round` records who busted (ties in one round
broken by the stack at the start of that hand), breaks and balances tables and
ends the tournament when one player is left. :meth:`Tournament.play` runs the
whole loop with a player program (a bot) for every name. The rules that are
new here (places, ties, balancing, the button, short stacks, the Wall Street
heads-up finish) are in ``docs/tournaments.md``.

Only the standard library is used here.

>>> from studpoker.engine import SevenCardStud
>>> from studpoker.tournament import Tournament, TournamentConfig, Schedule
>>> config = TournamentConfig(game=SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10),
...                           schedule=Schedule.default("stud", hands_per_level=5),
...                           starting_stack=100, buy_in=10)
>>> from studpoker.engine.table import default_action
>>> class Caller:
...     def act(self, view):
...         kinds = [a.kind.value for a in view.legal_actions]
...         for want in ("complete", "bet", "raise", "call", "bring_in", "show", "take_card"):
...             if want in kinds:
...                 return view.legal_actions[kinds.index(want)]
...         return view.legal_actions[0]
>>> names = ["ann", "bob", "cy", "dee"]
>>> t = Tournament(config=config, players=names, seed=5)
>>> result = t.play({name: Caller() for name in names})
>>> [s.place for s in result.finish]  # three busted in one hand with equal stacks
[1, 2, 2, 2]
>>> [s.prize for s in result.finish]  # 65/35 of 40; the three share second's 14
[26, 5, 5, 4]
"""

from __future__ import annotations

import json
import math
import os
import random
import time
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from studpoker.engine.actions import Action, ActionKind
from studpoker.engine.games import (
    GAMES,
    Game,
    GameError,
    canonical_name,
    from_options,
    phh_order,
    scale_stakes,
    to_options,
)
from studpoker.engine.hand import Hand, SeatView
from studpoker.engine.table import Seat, Table, default_action

__all__ = [
    "DEFAULT_PAYOUTS",
    "HandRecord",
    "Level",
    "Player",
    "Registration",
    "Schedule",
    "Standing",
    "Tournament",
    "TournamentConfig",
    "TournamentError",
    "TournamentResult",
    "balance_plan",
    "blinded_off",
    "payout_percentages",
    "prizes",
]


class TournamentError(ValueError):
    """A tournament request or configuration is invalid; the message says which part."""


class Player(Protocol):
    """A player program for :meth:`Tournament.play` (every bot is one)."""

    def act(self, view: SeatView) -> Action:
        """One of ``view.legal_actions``."""
        ...


# --------------------------------------------------------------------------
# Levels
# --------------------------------------------------------------------------


def _positive(name: str, value: object, *, zero_ok: bool = False) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TournamentError(f"{name} must be an integer, got {value!r}")
    if value < 0 or (value == 0 and not zero_ok):
        raise TournamentError(f"{name} must be {'>= 0' if zero_ok else '> 0'}, got {value}")
    return value


@dataclass(frozen=True, slots=True, kw_only=True)
class Level:
    """The stakes of one level.

    Seven Card Stud: ``ante``, ``bring_in``, ``small_bet``, ``big_bet``.
    Wall Street: ``ante`` and the five ``limits``; the market unit follows the
    limits (the first limit, R3.2) unless ``market_unit`` is given.
    """

    ante: int
    bring_in: int = 0
    small_bet: int = 0
    big_bet: int = 0
    limits: tuple[int, ...] = ()
    market_unit: int | None = None

    @property
    def kind(self) -> str:
        """``"stud"`` or ``"wallstreet"``: which stakes these are (stud's serve Seven Card
        Stud, Stud Hi-Lo and Razz)."""
        return "wallstreet" if self.limits else "stud"

    def stakes(self) -> dict[str, object]:
        """The level's stakes as game options (``market_unit`` None: the first limit)."""
        if self.limits:
            return {"ante": self.ante, "limits": self.limits, "market_unit": self.market_unit}
        return {"ante": self.ante, "bring_in": self.bring_in, "small_bet": self.small_bet,
                "big_bet": self.big_bet}

    def game(self, base: Game) -> Game:
        """``base`` (its options: joker, raises cap, ...) at this level's stakes (a Baseball
        3's price grows with the big bet, R8.2)."""
        if base.stakes_kind != self.kind:
            if base.stakes_kind in _LEVEL_WORDS:
                raise TournamentError(f"{_LEVEL_WORDS[base.stakes_kind]}; this level: {self.describe()}")
            raise TournamentError(f"no tournament levels for the game {base.name!r}")
        if self.limits and len(self.limits) != 5:
            raise TournamentError("a Wall Street level has five limits (one per betting "
                                  f"round), got {list(self.limits)}")
        try:
            return base.with_stakes(**self.stakes())
        except GameError as exc:
            raise TournamentError(f"level {self.describe()}: {exc}") from None

    def times(self, factor: int) -> Level:
        """Every amount multiplied by ``factor`` (levels past the end of a schedule)."""
        scaled = scale_stakes(self.stakes(), factor)
        if "limits" in scaled:
            scaled["limits"] = tuple(scaled["limits"])  # type: ignore[arg-type]
        return Level(**scaled)  # type: ignore[arg-type]

    def describe(self) -> str:
        """E.g. ``"ante 1, bring-in 2, 5/10"`` or ``"ante 1, limits 2/2/4/4/4, unit 2"``."""
        if self.limits:
            unit = self.market_unit if self.market_unit is not None else self.limits[0]
            return (f"ante {self.ante}, limits {'/'.join(map(str, self.limits))}, "
                    f"unit {unit}")
        return f"ante {self.ante}, bring-in {self.bring_in}, {self.small_bet}/{self.big_bet}"

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form (the form of a ``--levels`` file entry)."""
        if self.limits:
            out: dict[str, object] = {"ante": self.ante, "limits": list(self.limits)}
            if self.market_unit is not None:
                out["market_unit"] = self.market_unit
            return out
        return {"ante": self.ante, "bring_in": self.bring_in, "small_bet": self.small_bet,
                "big_bet": self.big_bet}

    @staticmethod
    def from_dict(data: Mapping[str, object], *, where: str = "level") -> Level:
        """Inverse of :meth:`to_dict`; raises :class:`TournamentError` naming the field."""
        if not isinstance(data, Mapping):
            raise TournamentError(f"{where} must be a table of stakes, got {data!r}")
        known = {"ante", "bring_in", "small_bet", "big_bet", "limits", "market_unit"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise TournamentError(f"{where}: unknown field {unknown[0]!r} (fields: "
                                  f"{', '.join(sorted(known))})")
        if "ante" not in data:
            raise TournamentError(f"{where}: ante is missing")
        ante = _positive(f"{where}.ante", data["ante"], zero_ok=True)
        if "limits" in data:
            limits = data["limits"]
            if isinstance(limits, int) and not isinstance(limits, bool):
                limits = [limits] * 5
            if not isinstance(limits, list) or len(limits) != 5:
                raise TournamentError(f"{where}.limits must be five numbers, got {limits!r}")
            lim = tuple(_positive(f"{where}.limits[{i}]", v) for i, v in enumerate(limits))
            unit = data.get("market_unit")
            if unit is not None:
                unit = _positive(f"{where}.market_unit", unit)
            for key in ("bring_in", "small_bet", "big_bet"):
                if key in data:
                    raise TournamentError(f"{where}: {key} is a stud stake; a Wall Street level "
                                          "has ante, limits and market_unit")
            return Level(ante=ante, limits=lim, market_unit=unit)
        for key in ("bring_in", "small_bet", "big_bet"):
            if key not in data:
                raise TournamentError(f"{where}: {key} is missing (a stud level has ante, "
                                      "bring_in, small_bet, big_bet; Wall Street: ante, limits)")
        level = Level(ante=ante, bring_in=_positive(f"{where}.bring_in", data["bring_in"]),
                      small_bet=_positive(f"{where}.small_bet", data["small_bet"]),
                      big_bet=_positive(f"{where}.big_bet", data["big_bet"]))
        if "market_unit" in data:
            raise TournamentError(f"{where}: market_unit is a Wall Street stake")
        return level


_LEVEL_WORDS = {
    "stud": "a Seven Card Stud level has bring_in, small_bet and big_bet, not limits",
    "wallstreet": "a Wall Street level has five limits (one per betting round)",
}
"""What a level of each family of stakes (``Game.stakes_kind``) holds."""

# Seven Card Stud: ante, bring-in, small bet, big bet.
_STUD_LEVELS = (
    (1, 2, 5, 10), (1, 3, 8, 16), (2, 5, 10, 20), (3, 8, 15, 30), (4, 10, 20, 40),
    (5, 15, 30, 60), (8, 20, 40, 80), (10, 25, 50, 100), (15, 40, 75, 150),
    (20, 50, 100, 200), (25, 75, 150, 300), (40, 100, 200, 400), (50, 125, 250, 500),
    (75, 200, 400, 800), (100, 250, 500, 1000),
)
# Wall Street: ante, then the five limits (the market unit follows the first limit).
_WALL_STREET_LEVELS = (
    (1, 2, 2, 4, 4, 4), (1, 3, 3, 6, 6, 6), (2, 4, 4, 8, 8, 8), (3, 6, 6, 12, 12, 12),
    (4, 8, 8, 16, 16, 16), (5, 10, 10, 20, 20, 20), (8, 15, 15, 30, 30, 30),
    (10, 20, 20, 40, 40, 40), (15, 30, 30, 60, 60, 60), (20, 40, 40, 80, 80, 80),
    (25, 50, 50, 100, 100, 100), (40, 80, 80, 160, 160, 160), (50, 100, 100, 200, 200, 200),
    (75, 150, 150, 300, 300, 300), (100, 200, 200, 400, 400, 400),
)
_BUILT_IN_LEVELS: dict[str, tuple[Level, ...]] = {
    "stud": tuple(Level(ante=a, bring_in=b, small_bet=s, big_bet=g) for a, b, s, g in _STUD_LEVELS),
    "wallstreet": tuple(Level(ante=a, limits=tuple(lim)) for a, *lim in _WALL_STREET_LEVELS),
}
"""The built-in levels of each family of stakes (``Game.stakes_kind``)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Schedule:
    """Levels and when they rise: every ``hands_per_level`` hands (each table plays
    that many hands per level) or every ``minutes_per_level`` minutes (exactly one
    of the two). Past the last level, each further level doubles the one before,
    so every tournament ends."""

    levels: tuple[Level, ...]
    hands_per_level: int | None = 10
    minutes_per_level: float | None = None

    def __post_init__(self) -> None:
        if not self.levels:
            raise TournamentError("a schedule needs at least one level")
        kinds = {lv.kind for lv in self.levels}
        if len(kinds) != 1:
            raise TournamentError("every level of a schedule must be for the same game")
        if (self.hands_per_level is None) == (self.minutes_per_level is None):
            raise TournamentError("give exactly one of hands_per_level and minutes_per_level")
        if self.hands_per_level is not None:
            _positive("hands_per_level", self.hands_per_level)
        if self.minutes_per_level is not None:
            m = self.minutes_per_level
            if isinstance(m, bool) or not isinstance(m, int | float) or not m > 0 \
                    or not math.isfinite(m):
                raise TournamentError(f"minutes_per_level must be a number > 0, got {m!r}")

    @property
    def game_name(self) -> str:
        """``"stud"`` or ``"wallstreet"``: the kind of stakes (stud's serve Stud Hi-Lo and Razz too)."""
        return self.levels[0].kind

    def level(self, index: int) -> Level:
        """Level ``index`` (0-based); past the end, the last level doubled per extra level."""
        if index < 0:
            raise TournamentError(f"level index must be >= 0, got {index}")
        last = len(self.levels) - 1
        if index <= last:
            return self.levels[index]
        return self.levels[last].times(2 ** (index - last))

    @classmethod
    def default(cls, game: str, *, hands_per_level: int | None = 10,
                minutes_per_level: float | None = None) -> Schedule:
        """The built-in schedule of ``game`` (a game of the registry; Stud Hi-Lo and Razz
        use Seven Card Stud's levels)."""
        try:
            game = canonical_name(game)
        except GameError:
            raise TournamentError(f"unknown game {game!r}: use {', '.join(GAMES)}") from None
        levels = _BUILT_IN_LEVELS.get(GAMES[game].stakes_kind)
        if levels is None:
            raise TournamentError(f"no built-in levels for {game!r}")
        if minutes_per_level is not None:
            hands_per_level = None
        return cls(levels=levels, hands_per_level=hands_per_level,
                   minutes_per_level=minutes_per_level)

    def to_dict(self) -> dict[str, object]:
        """The ``--levels`` file form."""
        out: dict[str, object] = {}
        if self.hands_per_level is not None:
            out["hands_per_level"] = self.hands_per_level
        else:
            out["minutes_per_level"] = self.minutes_per_level
        out["levels"] = [lv.to_dict() for lv in self.levels]
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, object], *, source: str = "levels") -> Schedule:
        """A schedule from ``{"hands_per_level" | "minutes_per_level", "levels": [...]}``."""
        if not isinstance(data, Mapping):
            raise TournamentError(f"{source}: expected a table with 'levels', got {data!r}")
        unknown = sorted(set(data) - {"hands_per_level", "minutes_per_level", "levels"})
        if unknown:
            raise TournamentError(f"{source}: unknown field {unknown[0]!r} (fields: "
                                  "hands_per_level or minutes_per_level, levels)")
        levels = data.get("levels")
        if not isinstance(levels, list) or not levels:
            raise TournamentError(f"{source}: 'levels' must be a non-empty list of levels")
        parsed = tuple(Level.from_dict(lv, where=f"{source}: levels[{i}]")
                       for i, lv in enumerate(levels))
        hands = data.get("hands_per_level")
        minutes = data.get("minutes_per_level")
        if hands is None and minutes is None:
            hands = 10
        try:
            return cls(levels=parsed, hands_per_level=hands,  # type: ignore[arg-type]
                       minutes_per_level=minutes)  # type: ignore[arg-type]
        except TournamentError as exc:
            raise TournamentError(f"{source}: {exc}") from None

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Schedule:
        """Read a ``--levels`` file: JSON (``.json``) or TOML (any other name)."""
        p = Path(path)
        try:
            text = p.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise TournamentError(f"cannot read the levels file {p}: {exc}") from None
        try:
            data: object = json.loads(text) if p.suffix.lower() == ".json" else tomllib.loads(text)
        except (json.JSONDecodeError, tomllib.TOMLDecodeError) as exc:
            kind = "JSON" if p.suffix.lower() == ".json" else "TOML"
            raise TournamentError(f"{p}: not valid {kind}: {exc}") from None
        if not isinstance(data, dict):
            raise TournamentError(f"{p}: expected a table with 'levels'")
        return cls.from_dict(data, source=str(p))


# --------------------------------------------------------------------------
# Payouts
# --------------------------------------------------------------------------

DEFAULT_PAYOUTS: tuple[tuple[int, tuple[int, ...]], ...] = (
    (6, (65, 35)),
    (8, (50, 30, 20)),
    (18, (40, 25, 20, 15)),
    (27, (35, 22, 16, 12, 9, 6)),
    (45, (30, 20, 14, 10, 8, 6, 5, 4, 3)),
    (10**9, (25, 16, 12, 9, 7, 6, 5, 4, 4, 3, 3, 3, 3)),
)
"""Percent of the prize pool per place, by entrants: each row ``(up to N entrants,
percentages)``; the first row whose N is at least the entrants applies."""


def _check_payouts(table: Sequence[tuple[int, Sequence[int]]]) -> None:
    if not table:
        raise TournamentError("the payout table is empty")
    previous = 0
    for limit, pcts in table:
        _positive("payout row entrants", limit)
        if limit <= previous:
            raise TournamentError("payout rows must be in increasing order of entrants")
        if not pcts or any(not isinstance(p, int) or isinstance(p, bool) or p <= 0 for p in pcts):
            raise TournamentError(f"payout row for up to {limit} entrants: percentages must be "
                                  f"positive integers, got {list(pcts)}")
        if sum(pcts) != 100:
            raise TournamentError(f"payout row for up to {limit} entrants sums to {sum(pcts)}, "
                                  "not 100")
        if list(pcts) != sorted(pcts, reverse=True):
            raise TournamentError(f"payout row for up to {limit} entrants must not pay a lower "
                                  "place more than a higher one")
        previous = limit


def payout_percentages(entrants: int,
                       table: Sequence[tuple[int, Sequence[int]]] = DEFAULT_PAYOUTS) -> tuple[int, ...]:
    """The percentages paid to places 1, 2, ... for ``entrants`` players.

    >>> payout_percentages(6), payout_percentages(8), payout_percentages(20)
    ((65, 35), (50, 30, 20), (35, 22, 16, 12, 9, 6))
    """
    _positive("entrants", entrants)
    for limit, pcts in table:
        if entrants <= limit:
            return tuple(pcts[:entrants]) if len(pcts) <= entrants else _fold(pcts, entrants)
    raise TournamentError(f"the payout table has no row for {entrants} entrants")


def _fold(pcts: Sequence[int], places: int) -> tuple[int, ...]:
    """Fewer entrants than paid places: the unpaid places' share goes to first place."""
    out = list(pcts[:places])
    out[0] += sum(pcts[places:])
    return tuple(out)


def prizes(pool: int, percentages: Sequence[int]) -> tuple[int, ...]:
    """Chips per place: ``pool * pct // 100``, the rounding remainder to first place.

    >>> prizes(100, (65, 35)), prizes(7, (50, 30, 20))
    ((65, 35), (4, 2, 1))
    """
    _positive("prize pool", pool, zero_ok=True)
    out = [pool * p // 100 for p in percentages]
    if out:
        out[0] += pool - sum(out)
    return tuple(out)


# --------------------------------------------------------------------------
# Balancing
# --------------------------------------------------------------------------


def balance_plan(sizes: Mapping[int, int], seats_per_table: int) -> tuple[list[int], list[tuple[int, int]]]:
    """Which tables to break and which moves balance the rest.

    ``sizes`` maps table number -> players seated. Returns ``(broken, moves)``:
    the tables to break (their players move, one at a time, to the table with
    the fewest players, ties to the lowest number) and then the single-player
    moves ``(from, to)`` that leave table sizes differing by at most one (from
    the table with the most players, ties to the highest number, to the one
    with the fewest, ties to the lowest number). The number of tables kept is
    ``ceil(players / seats_per_table)``; the tables broken are those with the
    fewest players (ties: the highest number first).

    >>> balance_plan({1: 8, 2: 3, 3: 7}, 8)  # 18 players keep 3 tables: 6, 6, 6
    ([], [(1, 2), (3, 2), (1, 2)])
    >>> balance_plan({1: 8, 2: 3, 3: 5}, 8)  # 16 players need 2 tables: table 2 breaks
    ([2], [(2, 3), (2, 3), (2, 3)])
    """
    counts = {t: n for t, n in sizes.items() if n > 0}
    empty = [t for t, n in sizes.items() if n <= 0]
    total = sum(counts.values())
    keep = max(1, math.ceil(total / seats_per_table))
    broken = sorted(empty, reverse=True)
    moves: list[tuple[int, int]] = []
    gone = sorted(counts, key=lambda t: (counts[t], -t))[: max(0, len(counts) - keep)]
    leaving = {t: counts.pop(t) for t in gone}
    for t in gone:
        broken.append(t)
        for _ in range(leaving[t]):
            to = min(counts, key=lambda t: (counts[t], t))
            counts[to] += 1
            moves.append((t, to))
    while counts and max(counts.values()) - min(counts.values()) > 1:
        src = max(counts, key=lambda t: (counts[t], t))
        dst = min(counts, key=lambda t: (counts[t], t))
        counts[src] -= 1
        counts[dst] += 1
        moves.append((src, dst))
    return broken, moves


def blinded_off(hand: Hand) -> Action:
    """What an away (disconnected) player does at their turn: they are blinded off.

    Fold whenever a bet is owed; otherwise what the time-out does (R4.4):
    check, post the bring-in, take the Wall Street free card, show at the
    showdown. Antes are posted every hand until the chips are gone.
    """
    legal = hand.legal_actions()
    fold = next((a for a in legal if a.kind is ActionKind.FOLD), None)
    return fold if fold is not None else default_action(hand)


# --------------------------------------------------------------------------
# Configuration, records, results
# --------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class TournamentConfig:
    """Everything fixed before the start.

    ``game``: the game and its house options (its stakes are replaced by each
    level's); ``schedule``: the levels (default: :meth:`Schedule.default`);
    ``starting_stack``: chips per player; ``buy_in``: what each entrant pays
    into the prize pool (prizes are paid from the pool, in the same unit);
    ``seats_per_table``: default the game's maximum (stud 8, Wall Street 7),
    at least ``2 * min_players - 1`` so that balanced tables can always deal;
    ``payouts``: percentages by entrants (:data:`DEFAULT_PAYOUTS`).
    """

    game: Game
    schedule: Schedule | None = None
    starting_stack: int = 1000
    buy_in: int = 100
    seats_per_table: int | None = None
    payouts: tuple[tuple[int, tuple[int, ...]], ...] = DEFAULT_PAYOUTS

    def __post_init__(self) -> None:
        if not isinstance(self.game, Game) or self.game.stakes_kind not in _BUILT_IN_LEVELS:
            raise TournamentError(f"game must be a game with tournament levels, got {self.game!r}")
        _positive("starting_stack", self.starting_stack)
        _positive("buy_in", self.buy_in, zero_ok=True)
        stakes = self.game.stakes_kind
        if self.schedule is not None and self.schedule.game_name != stakes:
            raise TournamentError(f"the levels are for {self.schedule.game_name}, the game is "
                                  f"{self.game.name}")
        low, high = 2 * self.game.min_players - 1, self.game.max_players
        seats = self.table_seats
        if not isinstance(seats, int) or isinstance(seats, bool) or not low <= seats <= high:
            raise TournamentError(f"seats_per_table for {self.game.name} must be {low} to {high}, "
                                  f"got {seats!r}")
        _check_payouts(self.payouts)
        self.levels.level(0).game(self.game)  # stakes valid for this game

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form (see :meth:`from_dict`)."""
        return {
            "game": to_options(self.game),
            "schedule": None if self.schedule is None else self.schedule.to_dict(),
            "starting_stack": self.starting_stack, "buy_in": self.buy_in,
            "seats_per_table": self.seats_per_table,
            "payouts": [[limit, list(pcts)] for limit, pcts in self.payouts],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> TournamentConfig:
        """Inverse of :meth:`to_dict`; raises :class:`TournamentError`."""
        try:
            game = from_options(**dict(_map(data["game"])))
            schedule = data.get("schedule")
            payouts = data.get("payouts")
            rows = DEFAULT_PAYOUTS if payouts is None else tuple(
                (_int(limit), tuple(_int(p) for p in _list(pcts)))
                for limit, pcts in map(_list, _list(payouts))
            )
            seats = data.get("seats_per_table")
            return cls(
                game=game, schedule=None if schedule is None else Schedule.from_dict(_map(schedule)),
                starting_stack=_int(data.get("starting_stack", 1000)),
                buy_in=_int(data.get("buy_in", 100)),
                seats_per_table=None if seats is None else _int(seats), payouts=rows,
            )
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, TournamentError):
                raise
            raise TournamentError(f"bad tournament configuration: {exc!r}") from None

    @property
    def levels(self) -> Schedule:
        """The schedule in force (the default one when none was given)."""
        return self.schedule if self.schedule is not None else Schedule.default(self.game.name)

    @property
    def table_seats(self) -> int:
        """Seats per table."""
        return self.game.max_players if self.seats_per_table is None else self.seats_per_table


@dataclass(frozen=True, slots=True, kw_only=True)
class Standing:
    """One player's finish. Players busted in the same round with the same stack at
    the start of their hand share ``place`` (the best of the places they cover)."""

    name: str
    place: int
    prize: int
    busted_hand: int | None  # the tournament hand number they busted in; None if never
    level: int  # 1-based level at which they busted (or the last level, for survivors)
    chips: int  # chips at the end (0 unless the tournament ended with them in it)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        return {"name": self.name, "place": self.place, "prize": self.prize,
                "busted_hand": self.busted_hand, "level": self.level, "chips": self.chips}


@dataclass(frozen=True, kw_only=True)
class HandRecord:
    """A hand dealt in the tournament.

    ``number``: 1-based across the tournament; ``table``: table number;
    ``level``: 1-based level; ``round``: 1-based round (one hand per table);
    ``names``/``seats``: player name and table seat (0-based) of each hand seat.
    """

    number: int
    table: int
    level: int
    round: int
    hand: Hand
    names: tuple[str, ...]
    seats: tuple[int, ...]
    seat_count: int

    def phh_fields(self, *, event: str | None = None) -> dict[str, object]:
        """The tournament fields of this hand's PHH history (see docs/tournaments.md):
        ``hand``, ``table``, ``level``, ``players`` and ``seat_count`` (standard
        fields), ``_table_seats`` (1-based table seats, ``p1`` first), ``event``."""
        hand = self.hand
        order = phh_order(hand.dealer, hand.n)
        out: dict[str, object] = {
            "hand": self.number, "table": self.table, "level": self.level,
            "players": [self.names[s] for s in order], "seat_count": self.seat_count,
            "_table_seats": [self.seats[s] + 1 for s in order],
        }
        if event is not None:
            out["event"] = event
        return out


@dataclass(frozen=True, kw_only=True)
class TournamentResult:
    """The outcome: ``finish`` (winner first, the first player busted last)."""

    game: str
    players: int
    seed: int | None
    prize_pool: int
    finish: tuple[Standing, ...]
    hands: int
    rounds: int
    levels_reached: int
    hands_per_level: tuple[int, ...]

    @property
    def payouts(self) -> dict[str, int]:
        """Name -> prize (every player, 0 for those out of the money)."""
        return {s.name: s.prize for s in self.finish}

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form (the ``studpoker tournament --json`` object)."""
        return {
            "game": self.game, "players": self.players, "seed": self.seed,
            "prize_pool": self.prize_pool, "finish": [s.name for s in self.finish],
            "places": [s.to_dict() for s in self.finish], "payouts": self.payouts,
            "hands": self.hands, "rounds": self.rounds, "levels_reached": self.levels_reached,
            "hands_per_level": list(self.hands_per_level),
        }


def _int(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"expected an integer, got {value!r}")
    return value


def _list(value: object) -> list[object]:
    if not isinstance(value, list | tuple):
        raise TypeError(f"expected a list, got {value!r}")
    return list(value)


def _map(value: object) -> Mapping[str, object]:
    if not isinstance(value, Mapping):
        raise TypeError(f"expected a table, got {value!r}")
    return value


@dataclass(slots=True)
class _Entry:
    name: str
    draw: int  # position in the seat draw (final tie order)
    table: int = 0
    start_stack: int = 0  # stack at the start of the player's current/last hand


class Registration:
    """A sit-and-go before its start: players register and may unregister until it is
    full; then :meth:`start` seats everyone (bots fill the empty places first when the
    creator allowed it, :attr:`bots`).

    ``entrants``: the number of places; ``bots``: bot names cycled over the
    places filled by :meth:`fill_with_bots` (empty: no bots allowed).

    >>> from studpoker.engine import SevenCardStud
    >>> reg = Registration(config=TournamentConfig(game=SevenCardStud(
    ...     ante=1, bring_in=2, small_bet=5, big_bet=10)), entrants=3, bots=("rule",))
    >>> reg.register("ann"); reg.register("bob"); reg.unregister("bob")
    >>> reg.fill_with_bots()
    ['bot-rule-1', 'bot-rule-2']
    >>> reg.is_full, reg.start(seed=1).entrants
    (True, 3)
    """

    def __init__(self, *, config: TournamentConfig, entrants: int,
                 bots: Sequence[str] = ()) -> None:
        game = config.game
        if not isinstance(entrants, int) or isinstance(entrants, bool) or entrants < game.min_players:
            raise TournamentError(f"a {game.name} sit-and-go needs at least {game.min_players} "
                                  f"places, got {entrants!r}")
        self.config = config
        self.entrants = entrants
        self.bots = tuple(bots)
        self.players: list[str] = []
        self.bot_players: dict[str, str] = {}  # entrant name -> bot name
        self.started: Tournament | None = None

    @property
    def is_full(self) -> bool:
        """Every place is taken."""
        return len(self.players) >= self.entrants

    def register(self, name: str) -> None:
        """Take a place (refused when full, started, or already registered)."""
        if self.started is not None:
            raise TournamentError("the tournament has started")
        if not isinstance(name, str) or not name.strip():
            raise TournamentError(f"player names must be non-empty strings, got {name!r}")
        if name in self.players:
            raise TournamentError(f"{name!r} is already registered")
        if self.is_full:
            raise TournamentError(f"the tournament is full ({self.entrants} players)")
        self.players.append(name)

    def unregister(self, name: str) -> None:
        """Give the place back: only before the start."""
        if self.started is not None:
            raise TournamentError("the tournament has started: unregistering is no longer possible")
        if name not in self.players:
            raise TournamentError(f"{name!r} is not registered")
        self.players.remove(name)
        self.bot_players.pop(name, None)

    def fill_with_bots(self) -> list[str]:
        """Fill the empty places with bots (when the creator allowed them); their names."""
        if not self.bots:
            raise TournamentError("the creator did not allow bots")
        added = []
        i = 0
        while not self.is_full:
            i += 1
            bot = self.bots[(len(self.bot_players)) % len(self.bots)]
            name = f"bot-{bot}-{i}"
            if name in self.players:
                continue
            self.players.append(name)
            self.bot_players[name] = bot
            added.append(name)
        return added

    def start(self, *, seed: int | None = None, clock: Callable[[], float] = time.monotonic) -> Tournament:
        """The tournament, once full."""
        if self.started is not None:
            raise TournamentError("the tournament has started")
        if not self.is_full:
            raise TournamentError(f"{len(self.players)} of {self.entrants} places are taken")
        self.started = Tournament(config=self.config, players=self.players, seed=seed, clock=clock)
        return self.started


# --------------------------------------------------------------------------
# The tournament
# --------------------------------------------------------------------------


class Tournament:
    """A sit-and-go in progress: tables, levels, the players still in and those out.

    ``players``: distinct names (at least the game's minimum). ``seed`` fixes
    the seat draw, the buttons and every deck (the same seed and the same
    decisions give the same tournament). ``clock``: seconds, for levels by
    minutes (default :func:`time.monotonic`).
    """

    def __init__(self, *, config: TournamentConfig, players: Sequence[str], seed: int | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        names = list(players)
        for name in names:
            if not isinstance(name, str) or not name.strip():
                raise TournamentError(f"player names must be non-empty strings, got {name!r}")
        if len(set(names)) != len(names):
            dup = next(n for n in names if names.count(n) > 1)
            raise TournamentError(f"player {dup!r} is entered twice")
        game = config.game
        if len(names) < game.min_players:
            raise TournamentError(f"a {game.name} tournament needs at least {game.min_players} "
                                  f"players, got {len(names)}")
        self.config = config
        self.schedule = config.levels
        self.seed = seed
        self._rng = random.Random(seed if seed is not None else random.SystemRandom().getrandbits(64))
        self._clock = clock
        self._started_at: float | None = None
        self.prize_pool = config.buy_in * len(names)
        self.percentages = payout_percentages(len(names), config.payouts)
        self.prize_table = prizes(self.prize_pool, self.percentages)
        order = list(names)
        self._rng.shuffle(order)  # the seat draw
        self._entries: dict[str, _Entry] = {n: _Entry(name=n, draw=i) for i, n in enumerate(order)}
        self.entrants = len(names)
        seats = config.table_seats
        count = math.ceil(len(order) / seats)
        self.tables: dict[int, Table] = {}
        for t in range(1, count + 1):
            table = Table(game=self.schedule.level(0).game(game), seats=seats)
            group = order[t - 1::count]
            for name, seat in zip(group, sorted(self._rng.sample(range(seats), len(group))),
                                  strict=True):
                table.sit(seat, name=name, chips=config.starting_stack)
                self._entries[name].table = t
            occupied = [i for i, s in enumerate(table.seats) if s is not None]
            table.button = self._rng.choice(occupied)  # the draw for the button; R1.7 moves it
            self.tables[t] = table
        self.level_index = 0
        self.rounds = 0
        self.hands = 0
        self.hands_per_level: list[int] = []
        self.finish: list[Standing] = []  # worst place first while playing
        self.current: list[HandRecord] = []
        self.moves: list[tuple[str, int, int]] = []  # (name, from table, to table), all so far
        self.away: set[str] = set()  # blinded off: see blinded_off()
        self._elapsed_before = 0.0  # level clock carried over a restore

    # ------------------------------------------------------------ queries

    @property
    def game(self) -> Game:
        """The game at the current level."""
        return self.schedule.level(self.level_index).game(self.config.game)

    @property
    def level(self) -> Level:
        """The current level's stakes."""
        return self.schedule.level(self.level_index)

    @property
    def is_over(self) -> bool:
        """True once every place is decided."""
        return len(self.finish) == self.entrants

    @property
    def alive(self) -> list[str]:
        """Names still in, in seat-draw order."""
        out = [p.name for t in self.tables.values() for p in t.seats if p is not None]
        return sorted(out, key=lambda n: self._entries[n].draw)

    def chips(self) -> dict[str, int]:
        """Name -> chips for players still in."""
        return {p.name: p.chips for t in self.tables.values() for p in t.seats if p is not None}

    def total_chips(self) -> int:
        """All chips: stacks, anything in an unfinished hand's pot, and the chips of
        the players the tournament ended with (R1.11 across the tournament)."""
        total = sum(s.chips for s in self.finish)
        for table in self.tables.values():
            hand = table.hand
            seated = {ts for ts, p in enumerate(table.seats) if p is not None}
            if hand is not None and not hand.is_over:
                total += sum(hand.stacks) + hand.pot
                seated -= set(table.hand_seats)
            for ts in seated:
                player = table.seats[ts]
                assert player is not None
                total += player.chips
        return total

    def next_level_in(self) -> tuple[str, float] | None:
        """What is left of the current level: ``("hands", n)`` or ``("seconds", s)``."""
        s = self.schedule
        if s.hands_per_level is not None:
            return "hands", float(s.hands_per_level - self.rounds % s.hands_per_level)
        if s.minutes_per_level is None:
            return None
        period = s.minutes_per_level * 60
        return "seconds", period - self.elapsed() % period

    def elapsed(self) -> float:
        """Seconds of play since the first hand (0 before it), across restores."""
        if self._started_at is None:
            return self._elapsed_before
        return self._elapsed_before + self._clock() - self._started_at

    def set_away(self, name: str, away: bool = True) -> None:
        """Mark a player away (disconnected: blinded off) or back."""
        if name not in self._entries:
            raise TournamentError(f"no player {name!r} in this tournament")
        if away:
            self.away.add(name)
        else:
            self.away.discard(name)

    def status(self) -> dict[str, object]:
        """What a tournament table shows: the level and its stakes, the next level and
        the hands or seconds to it, players left, the prize table and the places so far."""
        nxt = self.next_level_in()
        return {
            "level": self.level_index + 1, "stakes": self.level.describe(),
            "next_level": self.level_index + 2,
            "next_stakes": self.schedule.level(self.level_index + 1).describe(),
            "next_in": None if nxt is None else {nxt[0]: nxt[1]},
            "entrants": self.entrants, "players_left": len(self.alive),
            "tables": len(self.tables), "hands": self.hands, "prize_pool": self.prize_pool,
            "prizes": list(self.prize_table), "away": sorted(self.away),
            "places": [s.to_dict() for s in reversed(self.finish)],
            "over": self.is_over,
        }

    # -------------------------------------------------------------- loop

    def _level_now(self) -> int:
        s = self.schedule
        if s.hands_per_level is not None:
            return self.rounds // s.hands_per_level
        assert s.minutes_per_level is not None
        return int(self.elapsed() // (s.minutes_per_level * 60))

    def start_round(self) -> list[HandRecord]:
        """Deal one hand at every table, at the level in force now.

        Play them with ``table.act(...)`` (see :attr:`current`), then call
        :meth:`finish_round`.
        """
        if self.is_over:
            raise TournamentError("the tournament is over")
        if any(t.in_hand for t in self.tables.values()):
            raise TournamentError("the round in progress is not finished")
        if self._started_at is None:
            self._started_at = self._clock()
        self.level_index = max(self.level_index, self._level_now())
        game = self.game
        while len(self.hands_per_level) <= self.level_index:
            self.hands_per_level.append(0)
        self.rounds += 1
        records: list[HandRecord] = []
        for number in sorted(self.tables):
            table = self.tables[number]
            table.game = game
            hand = table.start_hand(seed=self._rng.getrandbits(64))
            self.hands += 1
            self.hands_per_level[self.level_index] += 1
            names = []
            for ts in table.hand_seats:
                player = table.seats[ts]
                assert player is not None
                names.append(player.name)
                self._entries[player.name].start_stack = player.chips
            records.append(HandRecord(
                number=self.hands, table=number, level=self.level_index + 1, round=self.rounds,
                hand=hand, names=tuple(names), seats=tuple(table.hand_seats),
                seat_count=len(table.seats),
            ))
        self.current = records
        return records

    def finish_round(self) -> list[Standing]:
        """After every hand of the round is over: record who busted, end the tournament
        or break and balance the tables. Returns the standings decided now."""
        if any(t.in_hand for t in self.tables.values()):
            raise TournamentError("a hand of this round is still being played")
        busted: list[str] = []
        for table in self.tables.values():
            for ts, player in enumerate(table.seats):
                if player is not None and player.chips == 0:
                    busted.append(player.name)
                    table.seats[ts] = None
        hand_of = {name: rec.number for rec in self.current for name in rec.names}
        decided = self._place(busted, key=lambda n: self._entries[n].start_stack,
                              hand_of=hand_of)
        left = self.alive
        if len(left) < self.config.game.min_players:  # one left, or two in Wall Street
            stacks = self.chips()
            decided += self._place(left, key=stacks.__getitem__, hand_of={}, chips=stacks)
            for table in self.tables.values():
                table.seats = [None] * len(table.seats)
        else:
            self._balance()
        self.current = []
        return decided

    def _place(self, names: list[str], *, key: Callable[[str], int], hand_of: Mapping[str, int],
               chips: Mapping[str, int] | None = None) -> list[Standing]:
        """Give places to ``names`` (all leaving now): bigger ``key`` finishes higher;
        equal keys tie and share the prizes of the places they cover."""
        if not names:
            return []
        remaining = self.entrants - len(self.finish)  # the worst place still open
        best = remaining - len(names) + 1
        ordered = sorted(names, key=lambda n: (-key(n), self._entries[n].draw))
        groups: list[list[str]] = []
        for name in ordered:
            if groups and key(groups[-1][0]) == key(name):
                groups[-1].append(name)
            else:
                groups.append([name])
        out: list[Standing] = []
        place = best
        for group in groups:
            covered = range(place, place + len(group))
            pool = sum(self.prize_table[p - 1] for p in covered if p <= len(self.prize_table))
            share, odd = divmod(pool, len(group))
            for i, name in enumerate(group):
                out.append(Standing(
                    name=name, place=place, prize=share + (1 if i < odd else 0),
                    busted_hand=hand_of.get(name), level=self.level_index + 1,
                    chips=0 if chips is None else chips[name],
                ))
            place += len(group)
        self.finish.extend(reversed(out))
        return out

    def _balance(self) -> None:
        sizes = {t: sum(1 for p in table.seats if p is not None) for t, table in self.tables.items()}
        broken, moves = balance_plan(sizes, self.config.table_seats)
        for src, dst in moves:
            self._move(src, dst)
        for t in broken:
            table = self.tables.pop(t)
            assert all(p is None for p in table.seats)

    def _move(self, src: int, dst: int) -> None:
        """Move one player from table ``src`` to a drawn empty seat at ``dst``: the player
        who would get the button next at ``src`` (so the move does not skip anybody's
        turn at the button there)."""
        table, target = self.tables[src], self.tables[dst]
        n = len(table.seats)
        start = 0 if table.button is None else table.button + 1
        seat = next((start + i) % n for i in range(n) if table.seats[(start + i) % n] is not None)
        player = table.seats[seat]
        assert player is not None
        table.seats[seat] = None
        free = [i for i, s in enumerate(target.seats) if s is None]
        to = self._rng.choice(free)
        target.seats[to] = Seat(name=player.name, chips=player.chips)
        self._entries[player.name].table = dst
        self.moves.append((player.name, src, dst))

    # ---------------------------------------------------------- persistence

    def snapshot(self) -> dict[str, object]:
        """The whole state between rounds, JSON-ready (:meth:`restore` inverts it).

        A server stores this at the start of each round, before
        :meth:`start_round`, plus the actions of the round's hands; after a
        crash it restores the snapshot, calls :meth:`start_round` (which
        deals the very same cards: the deck seeds come from the stored random
        state) and applies the stored actions again.
        """
        if any(t.in_hand for t in self.tables.values()):
            raise TournamentError("a snapshot is taken between rounds, not during a hand")
        version, state, gauss = self._rng.getstate()
        tables: dict[str, object] = {}
        for number, table in self.tables.items():
            tables[str(number)] = {
                "seats": [None if p is None else {"name": p.name, "chips": p.chips}
                          for p in table.seats],
                "button": table.button, "hands_played": table.hands_played,
            }
        return {
            "version": 1, "config": self.config.to_dict(), "seed": self.seed,
            "rng": [version, list(state), gauss],
            "entrants": [{"name": e.name, "draw": e.draw, "table": e.table,
                          "start_stack": e.start_stack}
                         for e in sorted(self._entries.values(), key=lambda e: e.draw)],
            "tables": tables, "level_index": self.level_index, "rounds": self.rounds,
            "hands": self.hands, "hands_per_level": list(self.hands_per_level),
            "finish": [s.to_dict() for s in self.finish],
            "moves": [list(m) for m in self.moves], "away": sorted(self.away),
            "elapsed": self.elapsed(),
        }

    @classmethod
    def restore(cls, data: Mapping[str, object], *,
                clock: Callable[[], float] = time.monotonic) -> Tournament:
        """A tournament from :meth:`snapshot` (the level clock resumes where it stopped)."""
        if not isinstance(data, Mapping) or data.get("version") != 1:
            raise TournamentError("not a tournament snapshot (version 1)")
        try:
            config = TournamentConfig.from_dict(_map(data["config"]))
            entrants = [_map(e) for e in _list(data["entrants"])]
            seed = data["seed"]
            t = cls(config=config, players=[str(e["name"]) for e in entrants],
                    seed=None if seed is None else _int(seed), clock=clock)
            version, state, gauss = _list(data["rng"])
            t._rng.setstate((_int(version), tuple(_int(x) for x in _list(state)), gauss))
            t._entries = {str(e["name"]): _Entry(name=str(e["name"]), draw=_int(e["draw"]),
                                                 table=_int(e["table"]),
                                                 start_stack=_int(e["start_stack"]))
                          for e in entrants}
            t.level_index = _int(data["level_index"])
            game = t.schedule.level(t.level_index).game(config.game)
            t.tables = {}
            for number, value in _map(data["tables"]).items():
                saved = _map(value)
                seats = _list(saved["seats"])
                table = Table(game=game, seats=len(seats))
                for i, seat in enumerate(seats):
                    if seat is not None:
                        m = _map(seat)
                        table.seats[i] = Seat(name=str(m["name"]), chips=_int(m["chips"]))
                button = saved["button"]
                table.button = None if button is None else _int(button)
                table.hands_played = _int(saved["hands_played"])
                t.tables[int(number)] = table
            t.rounds = _int(data["rounds"])
            t.hands = _int(data["hands"])
            t.hands_per_level = [_int(x) for x in _list(data["hands_per_level"])]
            t.finish = []
            for value in _list(data["finish"]):
                m = _map(value)
                busted = m["busted_hand"]
                t.finish.append(Standing(
                    name=str(m["name"]), place=_int(m["place"]), prize=_int(m["prize"]),
                    busted_hand=None if busted is None else _int(busted), level=_int(m["level"]),
                    chips=_int(m["chips"])))
            t.moves = [(str(a), _int(b), _int(c)) for a, b, c in map(_list, _list(data["moves"]))]
            t.away = {str(n) for n in _list(data["away"])}
            elapsed = data["elapsed"]
            if not isinstance(elapsed, int | float):
                raise TypeError("elapsed must be a number")
            t._elapsed_before = float(elapsed)
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, TournamentError):
                raise
            raise TournamentError(f"bad tournament snapshot: {exc!r}") from None
        return t

    def result(self) -> TournamentResult:
        """The outcome (once :attr:`is_over`)."""
        if not self.is_over:
            raise TournamentError("the tournament is not over")
        return TournamentResult(
            game=self.config.game.name, players=self.entrants, seed=self.seed,
            prize_pool=self.prize_pool, finish=tuple(reversed(self.finish)), hands=self.hands,
            rounds=self.rounds, levels_reached=self.level_index + 1,
            hands_per_level=tuple(self.hands_per_level),
        )

    def play(self, players: Mapping[str, Player], *,
             on_hand: Callable[[HandRecord], None] | None = None,
             on_round: Callable[[Tournament, list[Standing]], None] | None = None,
             max_rounds: int = 1_000_000) -> TournamentResult:
        """Play to the end: every decision of ``name`` comes from ``players[name].act(view)``.

        Players in :attr:`away` are blinded off (:func:`blinded_off`).
        ``on_hand(record)`` is called as each hand ends; ``on_round(self, decided)``
        after each round (with the standings decided in it).
        """
        missing = [n for n in self._entries if n not in players]
        if missing:
            raise TournamentError(f"no player program for {missing[0]!r}")
        while not self.is_over:
            if self.rounds >= max_rounds:
                raise TournamentError(f"no winner after {max_rounds} rounds")
            for record in self.start_round():
                table = self.tables[record.table]
                hand = record.hand
                while not hand.is_over:
                    seat = hand.to_act
                    assert seat is not None
                    name = record.names[seat]
                    if name in self.away:
                        table.act(blinded_off(hand))
                    else:
                        table.act(players[name].act(hand.view(seat)))
                if on_hand is not None:
                    on_hand(record)
            decided = self.finish_round()
            if on_round is not None:
                on_round(self, decided)
        return self.result()

