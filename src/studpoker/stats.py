"""Player statistics from hand histories (PHH) or from hands just played.

Per player and per game (the game's registry name: ``"stud"``, ``"stud8"``, ``"razz"``,
``"wallstreet"``, the home games ``"baseball"``, ``"follow_the_queen"``...): hands dealt, VPIP,
completion/raise on third street, bring-in steal and fold to steal, saw
fourth street, went to showdown, won at showdown, aggression factor per
street, Wall Street market buys per card round and average price, Baseball's
face-up 3s paid for (R8.2), net chips
and chips per 100 hands with a 95% confidence interval. The exact definitions,
each with a worked example, are in ``docs/stats.md``.

Files are read as a stream, hand by hand (:func:`read_tables`): the lines our
writer and PokerKit produce (one ``key = value`` per line, ``actions`` one
string per line) are parsed directly; a hand with any other TOML construct is
parsed with :mod:`tomllib`. A hand has one reading: each history is replayed
through the engine (:func:`studpoker.phh.replay_result`, which checks every
action against the rules) into the operation log the engine writes when it
plays, and the statistics are read from that log (:meth:`Stats.add_log`),
exactly as for a hand the engine just played (:meth:`Stats.add_hand`).
Streets, the bring-in, calls and checks, market buys and chips come from the
log's records, for every game of the registry.

>>> from studpoker.engine import SevenCardStud
>>> from studpoker.stats import Stats
>>> game = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)
>>> hand = game.deal(stacks=[50, 50, 50], dealer=2, deck="As Kd 2c Qh Jd 7c Ts 9s 8d")
>>> hand.bring_in(); hand.bet_or_raise(); hand.fold(); hand.fold()
>>> stats = Stats()
>>> stats.add_hand(hand, names=["ann", "bob", "cy"])
>>> ann = stats.get("ann", "stud")
>>> ann.hands, ann.vpip, ann.steal, ann.net
(1, 1.0, 1.0, 4)
>>> stats.get("cy", "stud").fold_to_steal
1.0
"""

from __future__ import annotations

import json
import math
import os
import re
import tomllib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from studpoker import phh
from studpoker.engine.actions import ActionKind
from studpoker.engine.games import Game, GameError, Opener, from_options, option_names, phh_order
from studpoker.engine.hand import Hand
from studpoker.engine.operations import (
    ActionTaken,
    AntePosted,
    CardDealt,
    ChipsReturned,
    CommunityCardDealt,
    HandEnded,
    LogReader,
    MarketDealt,
    Operation,
    PotAwarded,
    StreetStarted,
    WildRanksChanged,
)

__all__ = ["STREETS", "PlayerStats", "Stats", "StatsError", "read_tables"]

STREETS = ("third", "fourth", "fifth", "sixth", "seventh")
"""Betting rounds by the number of cards a player holds (3 to 7)."""
CARD_ROUNDS = ("fourth", "fifth", "sixth")
"""Wall Street card rounds, named by the card they give."""


class StatsError(ValueError):
    """A hand history that cannot be read for statistics; the message says where."""


# --------------------------------------------------------------------------
# Streaming reader
# --------------------------------------------------------------------------


@dataclass(slots=True)
class Table:
    """One hand's TOML table as read: ``data`` (key -> value), where it came from."""

    data: dict[str, object]
    source: str
    line: int
    name: str | None
    text: str


class _Fallback(Exception):
    """The fast line parser met something it does not handle."""


_INT = re.compile(r"-?[0-9]+\Z")
_KEY = re.compile(r"([A-Za-z0-9_-]+)\s*=\s*(.*)\Z")


def _scalar(text: str) -> object:
    if text.startswith('"'):
        if text.endswith('"') and len(text) >= 2 and "\\" not in text and '"' not in text[1:-1]:
            return text[1:-1]
        raise _Fallback
    if _INT.match(text):
        return int(text)
    if text == "true":
        return True
    if text == "false":
        return False
    if text.startswith("[") and text.endswith("]"):
        try:
            value = json.loads(text)
        except ValueError:
            raise _Fallback from None
        if not isinstance(value, list):
            raise _Fallback
        return value
    raise _Fallback


def _parse_block(lines: list[str]) -> dict[str, object]:
    data: dict[str, object] = {}
    i, count = 0, len(lines)
    while i < count:
        line = lines[i].strip()
        i += 1
        if not line or line.startswith("#"):
            continue
        m = _KEY.match(line)
        if m is None:
            raise _Fallback
        key, value = m.group(1), m.group(2)
        if key in data:
            raise _Fallback
        if value == "[":
            items: list[object] = []
            while True:
                if i >= count:
                    raise _Fallback
                item = lines[i].strip()
                i += 1
                if item == "]":
                    break
                if not item or item.startswith("#"):
                    continue
                if item.endswith(","):
                    item = item[:-1].rstrip()
                if item[:1] == '"' and item[-1:] == '"' and len(item) > 1 \
                        and "\\" not in item and '"' not in item[1:-1]:
                    items.append(item[1:-1])  # the common case: a plain action string
                else:
                    items.append(_scalar(item))
            data[key] = items
        else:
            data[key] = _scalar(value)
    return data


def _header(line: str) -> str | None:
    """The table name of a ``[name]`` header line, else None."""
    s = line.strip()
    if not s.startswith("[") or s.startswith("[["):
        return None
    end = s.find("]")
    rest = s[end + 1:].strip() if end >= 0 else ""
    if end < 0 or (rest and not rest.startswith("#")):
        return None
    name = s[1:end].strip()
    if len(name) >= 2 and name[0] == name[-1] and name[0] in "\"'":
        name = name[1:-1]
    return name


def _table(lines: list[str], *, source: str, line: int, name: str | None) -> Table:
    text = "".join(lines)
    try:
        data = _parse_block(lines)
    except _Fallback:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            where = f"{source}:{line}" + (f" [{name}]" if name is not None else "")
            raise StatsError(f"{where}: not valid TOML: {exc}") from None
    return Table(data=data, source=source, line=line, name=name, text=text)


def _tables_of_lines(lines: Iterable[str], path: str) -> Iterator[Table]:
    block: list[str] = []
    name: str | None = None
    start = 1
    seen_header = False
    for number, line in enumerate(lines, 1):
        header = _header(line) if line.startswith("[") else None
        if header is not None:
            if seen_header:
                yield _table(block, source=path, line=start, name=name)
            elif any(s.strip() and not s.lstrip().startswith("#") for s in block):
                raise StatsError(f"{path}:{number}: a .phhs file has only hand tables "
                                 "([1], [2], ...); found fields before the first")
            seen_header = True
            block, name, start = [], header, number
            continue
        block.append(line)
    if seen_header:
        yield _table(block, source=path, line=start, name=name)
    elif any(s.strip() and not s.lstrip().startswith("#") for s in block):
        yield _table(block, source=path, line=1, name=None)
    else:
        raise StatsError(f"{path}: no hands")


def read_tables(source: str | os.PathLike[str]) -> Iterator[Table]:
    """Each hand of a ``.phh`` or ``.phhs`` file, streamed: the file is read line by line
    and one hand's table is held at a time."""
    path = os.fspath(source)
    try:
        handle = open(path, encoding="utf-8")  # noqa: SIM115 - closed below
    except OSError as exc:
        raise StatsError(f"cannot read {path}: {exc}") from None
    with handle:
        try:
            yield from _tables_of_lines(handle, path)
        except UnicodeDecodeError as exc:
            raise StatsError(f"cannot read {path}: {exc}") from None


# --------------------------------------------------------------------------
# Per-player statistics
# --------------------------------------------------------------------------


def _ratio(num: int, den: int) -> float | None:
    return num / den if den else None


def _features(game: str) -> tuple[bool, bool, bool]:
    """Whether the game of the registry named ``game`` has a bring-in, a market and a price
    for some face-up cards (R8.2); all False for a name the registry does not know."""
    try:
        default = from_options(game)
    except GameError:
        return False, False, False
    return default.streets[0].opener is Opener.BRING_IN, default.unit > 0, default.price_rank is not None


def _frozen(value: object) -> object:
    """A hashable form of an option's value (a list of limits as a tuple)."""
    return tuple(value) if isinstance(value, list) else value


def _reason(exc: phh.PHHError) -> str:
    """A history's error without the file and hand (the caller says where)."""
    if exc.action_index is not None:
        text = f"actions[{exc.action_index}] {exc.action!r}: {exc.reason}"
    else:
        text = exc.reason
    return text + (f" (legal: {', '.join(exc.legal)})" if exc.legal else "")


@dataclass(slots=True)
class PlayerStats:
    """Counters for one player in one game; the statistics are properties (None when
    their denominator is 0). See docs/stats.md for every definition."""

    name: str
    game: str
    hands: int = 0
    vpip_hands: int = 0
    raise_first_round: int = 0
    steal_chances: int = 0
    steals: int = 0
    steal_faced: int = 0
    fold_to_steal_count: int = 0
    saw_fourth_hands: int = 0
    showdowns: int = 0
    showdowns_won: int = 0
    aggressive: list[int] = field(default_factory=lambda: [0] * 5)
    calls: list[int] = field(default_factory=lambda: [0] * 5)
    card_rounds: list[int] = field(default_factory=lambda: [0] * 3)
    buys: list[int] = field(default_factory=lambda: [0] * 3)
    market_spent: int = 0
    three_decisions: int = 0  # Baseball (R8.2): face-up 3s to pay for or fold
    threes_paid: int = 0
    net: int = 0
    net_squares: int = 0
    nets: list[int] = field(default_factory=list, repr=False)  # per hand, for charts
    has_bring_in: bool = field(init=False, repr=False, compare=False)
    """The game opens with a bring-in (steal and fold to steal apply)."""
    has_market: bool = field(init=False, repr=False, compare=False)
    """The game has a Wall Street market (market buys and their price apply)."""
    has_up_card_price: bool = field(init=False, repr=False, compare=False)
    """Some face-up cards are paid for or folded to (Baseball's 3s, R8.2)."""

    def __post_init__(self) -> None:
        self.has_bring_in, self.has_market, self.has_up_card_price = _features(self.game)

    @property
    def vpip(self) -> float | None:
        """Hands with a voluntary call, completion, bet or raise on the first betting round."""
        return _ratio(self.vpip_hands, self.hands)

    @property
    def third_raise(self) -> float | None:
        """Hands with a completion or raise on third street (Wall Street: a bet or raise
        on the first round)."""
        return _ratio(self.raise_first_round, self.hands)

    @property
    def steal(self) -> float | None:
        """Stud games (a bring-in): steal attempts per steal chance."""
        return _ratio(self.steals, self.steal_chances) if self.has_bring_in else None

    @property
    def fold_to_steal(self) -> float | None:
        """Stud games (a bring-in): folds of the bring-in per steal faced."""
        return _ratio(self.fold_to_steal_count, self.steal_faced) if self.has_bring_in else None

    @property
    def saw_fourth(self) -> float | None:
        """Hands in which the player was dealt a fourth-street card."""
        return _ratio(self.saw_fourth_hands, self.hands)

    @property
    def wtsd(self) -> float | None:
        """Of the hands that saw fourth street, those still in at the showdown."""
        return _ratio(self.showdowns, self.saw_fourth_hands)

    @property
    def wsd(self) -> float | None:
        """Of the showdowns, those in which the player won chips from a pot."""
        return _ratio(self.showdowns_won, self.showdowns)

    def af(self, street: int | None = None) -> float | None:
        """Aggression factor (bets + raises + completions) / calls, on one street
        (0 = third) or overall; None without calls."""
        if street is None:
            return _ratio(sum(self.aggressive), sum(self.calls))
        return _ratio(self.aggressive[street], self.calls[street])

    def market_buys(self, round_index: int) -> float | None:
        """Wall Street: card rounds ``round_index`` (0 = fourth) in which the player bought."""
        if not self.has_market:
            return None
        return _ratio(self.buys[round_index], self.card_rounds[round_index])

    @property
    def avg_market_price(self) -> float | None:
        """Wall Street: chips paid per market buy."""
        if not self.has_market:
            return None
        return _ratio(self.market_spent, sum(self.buys))

    @property
    def pay_three(self) -> float | None:
        """Baseball (R8.2): face-up 3s paid for, per face-up 3 the player had to pay or fold."""
        return _ratio(self.threes_paid, self.three_decisions) if self.has_up_card_price else None

    @property
    def per100(self) -> float | None:
        """Net chips per 100 hands."""
        return None if not self.hands else 100 * self.net / self.hands

    @property
    def per100_ci(self) -> tuple[float, float] | None:
        """95% confidence interval of :attr:`per100` (normal approximation, sample
        standard deviation of the per-hand results); None below 2 hands."""
        n = self.hands
        if n < 2:
            return None
        mean = self.net / n
        var = max(0.0, (self.net_squares - n * mean * mean) / (n - 1))
        half = 1.96 * math.sqrt(var / n)
        return 100 * (mean - half), 100 * (mean + half)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready: fractions 0..1 (null when undefined)."""
        ci = self.per100_ci
        return {
            "name": self.name, "game": self.game, "hands": self.hands,
            "vpip": self.vpip, "third_raise": self.third_raise, "steal": self.steal,
            "fold_to_steal": self.fold_to_steal, "saw_fourth": self.saw_fourth,
            "wtsd": self.wtsd, "wsd": self.wsd, "af": self.af(),
            "af_by_street": {s: self.af(i) for i, s in enumerate(STREETS)},
            "market_buys": (None if not self.has_market
                            else {r: self.market_buys(i) for i, r in enumerate(CARD_ROUNDS)}),
            "avg_market_price": self.avg_market_price,
            "pay_three": self.pay_three,
            "net": self.net, "per100": self.per100,
            "per100_ci": None if ci is None else [ci[0], ci[1]],
            "counts": {
                "vpip": self.vpip_hands, "third_raise": self.raise_first_round,
                "steal_chances": self.steal_chances, "steals": self.steals,
                "steals_faced": self.steal_faced, "folds_to_steal": self.fold_to_steal_count,
                "saw_fourth": self.saw_fourth_hands, "showdowns": self.showdowns,
                "showdowns_won": self.showdowns_won,
                "aggressive": dict(zip(STREETS, self.aggressive, strict=True)),
                "calls": dict(zip(STREETS, self.calls, strict=True)),
                "card_rounds": dict(zip(CARD_ROUNDS, self.card_rounds, strict=True)),
                "buys": dict(zip(CARD_ROUNDS, self.buys, strict=True)),
                "market_spent": self.market_spent,
                "three_decisions": self.three_decisions, "threes_paid": self.threes_paid,
            },
        }


# --------------------------------------------------------------------------
# Reading one hand's log
# --------------------------------------------------------------------------


class _HandError(Exception):
    pass


_AGGRESSIVE = frozenset({ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE})
_VOLUNTARY = _AGGRESSIVE | {ActionKind.CALL}
_BETTING = _VOLUNTARY | {ActionKind.FOLD, ActionKind.CHECK, ActionKind.BRING_IN}
_CARD_ROUND = frozenset({ActionKind.TAKE_CARD, ActionKind.BUY})
_PAY_OR_FOLD = frozenset({ActionKind.PAY, ActionKind.FOLD})


def _sequence(value: object) -> list[object] | None:
    return value if isinstance(value, list) else None


class _HandRead:
    """What :meth:`Stats.add_log` has read of one hand's log so far (:data:`_READ`)."""

    def __init__(self, game: Game, stacks: Sequence[int]) -> None:
        n = self.n = len(stacks)
        self.bring_in_game = game.streets[0].opener is Opener.BRING_IN
        self.chips = list(stacks)
        self.won = [0] * n
        self.folded = [False] * n
        self.street = 0
        self.vpip = [False] * n
        self.first_raise = [False] * n
        self.aggressive = [[0] * 5 for _ in range(n)]
        self.calls = [[0] * 5 for _ in range(n)]
        self.rounds = [[0] * 3 for _ in range(n)]
        self.buys = [[0] * 3 for _ in range(n)]
        self.spent = [0] * n
        self.bring_in = -1  # the first player to act on the bring-in street (R2.4)
        self.entered = False  # a player other than the bring-in called, completed or raised
        self.acted = [False] * n
        self.steal_chance = [False] * n
        self.stealer = -1
        self.steal_live = False  # the steal still faces the bring-in alone
        self.faced = False
        self.fold_steal = False
        self.price_rank = game.price_rank  # Baseball (R8.2): a face-up card of this rank is paid for
        self.owes = [0] * n  # face-up cards of that rank dealt on this street, not yet paid for or folded
        self.paid = [0] * n
        self.decided = [0] * n
        self.saw = [False] * n  # in the hand when fourth street began


def _read_action(op: ActionTaken, r: _HandRead) -> None:
    action = op.action
    p, verb = action.seat, action.kind
    r.chips[p] -= op.paid
    if r.owes[p] and verb in _PAY_OR_FOLD:  # R8.2: the price of a face-up 3, or a fold
        r.owes[p] -= 1
        r.decided[p] += 1
        if verb is ActionKind.PAY:
            r.paid[p] += 1
        else:
            r.folded[p] = True
        return
    if any(r.owes):
        r.owes = [0] * r.n  # the payments are over (an all-in holder owes nothing)
    if verb in _CARD_ROUND:
        if 1 <= r.street <= 3:  # Wall Street card rounds: fourth to sixth
            r.rounds[p][r.street - 1] += 1
            if verb is ActionKind.BUY:
                r.buys[p][r.street - 1] += 1
        r.spent[p] += op.paid
        return
    if verb not in _BETTING:
        return  # show or muck
    s = min(r.street, 4)
    voluntary = verb in _VOLUNTARY
    if verb is ActionKind.CALL:
        r.calls[p][s] += 1
    elif verb in _AGGRESSIVE:
        r.aggressive[p][s] += 1
    elif verb is ActionKind.FOLD:
        r.folded[p] = True
    if s == 0:
        if voluntary:
            r.vpip[p] = True
            r.first_raise[p] = r.first_raise[p] or verb in _AGGRESSIVE
        if r.bring_in_game:
            if r.bring_in < 0:
                r.bring_in = p
            elif p == r.bring_in:
                if r.steal_live and not r.faced:
                    r.faced = True
                    r.fold_steal = verb is ActionKind.FOLD
            else:
                if not r.acted[p] and not r.entered:
                    r.steal_chance[p] = (r.bring_in - p - 1) % r.n <= 2  # a late position
                    if r.steal_chance[p] and verb in _AGGRESSIVE:
                        r.stealer, r.steal_live = p, True
                elif voluntary and r.steal_live:
                    r.steal_live = False  # someone else is in: no longer a steal
                if voluntary and p != r.stealer:
                    r.steal_live = False
                r.entered = r.entered or voluntary
    r.acted[p] = True


def _read_card(op: CardDealt, r: _HandRead) -> None:
    if op.face_up and op.card is not None and op.card.code >> 2 == r.price_rank:
        r.owes[op.seat] += 1


def _read_street(op: StreetStarted, r: _HandRead) -> None:
    r.street = op.index
    if r.street == 1:
        r.saw = [not f for f in r.folded]


def _read_ante(op: AntePosted, r: _HandRead) -> None:
    r.chips[op.seat] -= op.amount


def _read_returned(op: ChipsReturned, r: _HandRead) -> None:
    r.chips[op.seat] += op.amount


def _read_awarded(op: PotAwarded, r: _HandRead) -> None:
    r.chips[op.seat] += op.amount
    r.won[op.seat] += op.amount


_READ: LogReader[None] = LogReader("stats", {
    ActionTaken: _read_action, CardDealt: _read_card, StreetStarted: _read_street,
    AntePosted: _read_ante, ChipsReturned: _read_returned, PotAwarded: _read_awarded,
    CommunityCardDealt: LogReader.skip, MarketDealt: LogReader.skip,  # the cards count for nothing here
    WildRanksChanged: LogReader.skip, HandEnded: LogReader.skip,  # the end: read after the loop
})
"""What each log record adds to a hand's statistics (:meth:`Stats.add_log`)."""


class Stats:
    """Statistics of every player seen, by (name, game). Add hands with
    :meth:`add_file`, :meth:`add_table`, :meth:`add_history`, :meth:`add_hand` or
    :meth:`add_log`: each ends in :meth:`add_log`, which reads the hand's operation
    log (a history is replayed through the engine into that same log)."""

    def __init__(self) -> None:
        self.players: dict[tuple[str, str], PlayerStats] = {}
        self.hands = 0
        # the game of each configuration met, by what HandHistory.game() reads: the hands
        # of one game are replayed with one game object (and what it keeps between hands)
        self._games: dict[tuple[object, ...], Game] = {}

    def get(self, name: str, game: str) -> PlayerStats:
        """The statistics of ``name`` in ``game`` (KeyError if never seen)."""
        return self.players[(name, game)]

    def _stats(self, name: str, game: str) -> PlayerStats:
        key = (name, game)
        s = self.players.get(key)
        if s is None:
            s = self.players[key] = PlayerStats(name=name, game=game)
        return s

    # ---------------------------------------------------------------- input

    def add_files(self, paths: Iterable[str | os.PathLike[str]]) -> None:
        """Every hand of every file."""
        for p in paths:
            self.add_file(p)

    def add_file(self, path: str | os.PathLike[str]) -> int:
        """Every hand of a ``.phh``/``.phhs`` file, streamed; returns the hands read."""
        count = 0
        for table in read_tables(path):
            self.add_table(table)
            count += 1
        return count

    def add_text(self, text: str, *, source: str = "<text>") -> int:
        """Every hand of PHH text (one ``.phh`` hand or a ``.phhs`` document)."""
        count = 0
        for table in _tables_of_lines(text.splitlines(keepends=True), source):
            self.add_table(table)
            count += 1
        return count

    def add_table(self, table: Table) -> None:
        """One hand as read by :func:`read_tables`: checked and replayed (:mod:`studpoker.phh`)."""
        where = f"{table.source}:{table.line}" + (f" [{table.name}]" if table.name else "")
        try:
            history = self._history(table)
            self._add_replayed(history)
        except _HandError as exc:
            raise StatsError(f"{where}: {exc}") from None

    def add_history(self, history: object) -> None:
        """One :class:`studpoker.phh.HandHistory`, replayed through the engine."""
        if not isinstance(history, phh.HandHistory):
            raise StatsError(f"not a HandHistory: {history!r}")
        try:
            self._add_replayed(history)
        except _HandError as exc:
            where = f"{history.source or '<history>'}:{history.line or 1}" + (
                f" [{history.name}]" if history.name else "")
            raise StatsError(f"{where}: {exc}") from None

    def add_hand(self, hand: Hand, *, names: Sequence[str] | None = None) -> None:
        """A hand the engine played (its live log); ``names`` by engine seat (default:
        ``p1``, ``p2``, ... from the dealer's left, as in a hand history)."""
        if names is None:
            order = phh_order(hand.dealer, hand.n)
            labels = [""] * hand.n
            for p, seat in enumerate(order):
                labels[seat] = f"p{p + 1}"
            names = labels
        self.add_log(hand.game, hand.log, stacks=hand.starting_stacks, names=names)

    # ----------------------------------------------------------------- core

    def _history(self, table: Table) -> phh.HandHistory:
        """The table as a checked :class:`~studpoker.phh.HandHistory` (_HandError if not)."""
        data = table.data
        if data.get("variant") not in phh.VARIANTS:
            raise _HandError(f"variant must be one of {', '.join(phh.VARIANTS)}, "
                             f"got {data.get('variant')!r}")
        stacks = _sequence(data.get("starting_stacks"))
        if not stacks:
            raise _HandError("starting_stacks is missing")
        players = data.get("players")
        if players is not None and not (isinstance(players, list) and len(players) == len(stacks)
                                        and all(isinstance(p, str) for p in players)):
            raise _HandError(f"players must be {len(stacks)} names")
        try:
            return phh._from_table(dict(data), name=table.name, index=0, source=table.source,
                                   lines=None, replay_checks=True)
        except phh.PHHError as exc:
            raise _HandError(_reason(exc)) from None

    def _add_replayed(self, history: phh.HandHistory) -> None:
        """Replay the history (every action checked by the engine) and read its log."""
        players = history.players
        n = history.player_count
        try:
            result = phh.replay_result(history, game=self._game(history))
        except phh.PHHError as exc:
            raise _HandError(f"cannot replay the hand: {_reason(exc)}") from None
        hand = result.hand
        names = [""] * n
        for p in range(n):
            names[result.seat(p)] = (players[p] if players else "") or f"p{p + 1}"
        self.add_log(hand.game, hand.log, stacks=hand.starting_stacks, names=names)

    def _game(self, history: phh.HandHistory) -> Game:
        """``history.game()``, one object per configuration (PHHError as it raises)."""
        name = phh.VARIANT_GAMES.get(history.variant)
        if name is None:
            return history.game()  # raises, naming the variant
        key = (history.variant, history.antes[0] if history.antes else 0,
               *(_frozen(getattr(history, option, None)) for option in option_names(name)))
        game = self._games.get(key)
        if game is None:
            game = self._games[key] = history.game()
        return game

    def add_log(self, game: Game, log: Sequence[Operation], *, stacks: Sequence[int],
                names: Sequence[str]) -> None:
        """One hand from its operation log (:mod:`studpoker.engine.operations`), the engine's
        own record; ``stacks`` are the starting stacks and ``names`` the players, both by
        engine seat. Every statistic of docs/stats.md is read from the log here."""
        n = len(stacks)
        if len(names) != n:
            raise StatsError(f"names must be {n} names, one per seat")
        key = game.name
        r = _HandRead(game, stacks)
        for op in log:
            _READ(op, r)
        ended = isinstance(log[-1], HandEnded) if log else False
        showdown = ended and r.folded.count(False) > 1  # R1.8: else everyone else folded
        self.hands += 1
        for p in range(n):
            st = self._stats(names[p], key)
            st.hands += 1
            st.vpip_hands += r.vpip[p]
            st.raise_first_round += r.first_raise[p]
            st.steal_chances += r.steal_chance[p]
            st.steals += p == r.stealer
            if p == r.bring_in and r.faced:
                st.steal_faced += 1
                st.fold_to_steal_count += r.fold_steal
            st.saw_fourth_hands += r.saw[p]
            if showdown and not r.folded[p] and r.saw[p]:  # wtsd counts the hands that saw fourth
                st.showdowns += 1
                st.showdowns_won += r.won[p] > 0
            for i in range(5):
                st.aggressive[i] += r.aggressive[p][i]
                st.calls[i] += r.calls[p][i]
            for i in range(3):
                st.card_rounds[i] += r.rounds[p][i]
                st.buys[i] += r.buys[p][i]
            st.market_spent += r.spent[p]
            st.three_decisions += r.decided[p]
            st.threes_paid += r.paid[p]
            result = r.chips[p] - stacks[p]
            st.net += result
            st.net_squares += result * result
            st.nets.append(result)

    # --------------------------------------------------------------- output

    def rows(self, *, player: str | None = None) -> list[PlayerStats]:
        """Players sorted by name, then game; only ``player`` if given."""
        out = [s for s in self.players.values() if player is None or s.name == player]
        return sorted(out, key=lambda s: (s.name, s.game))

    def to_dict(self, *, player: str | None = None) -> dict[str, object]:
        """``{"hands": ..., "players": [...]}`` (the ``studpoker stats --json`` object)."""
        return {"hands": self.hands, "players": [s.to_dict() for s in self.rows(player=player)]}


def stats_of_files(paths: Sequence[str | os.PathLike[str]]) -> Stats:
    """Statistics of every hand in ``paths``."""
    stats = Stats()
    stats.add_files(Path(p) for p in paths)
    return stats
