"""Player statistics from hand histories (PHH) or from hands just played.

Per player and per game (``"stud"``, ``"stud8"``, ``"razz"`` or ``"wallstreet"``): hands dealt, VPIP,
completion/raise on third street, bring-in steal and fold to steal, saw
fourth street, went to showdown, won at showdown, aggression factor per
street, Wall Street market buys per card round and average price, net chips
and chips per 100 hands with a 95% confidence interval. The exact definitions,
each with a worked example, are in ``docs/stats.md``.

Files are read as a stream, hand by hand (:func:`read_tables`): the lines our
writer and PokerKit produce (one ``key = value`` per line, ``actions`` one
string per line) are parsed directly; a hand with any other TOML construct is
parsed with :mod:`tomllib`. The statistics come from the ``actions`` strings,
``players``, ``starting_stacks``, ``finishing_stacks`` and ``winnings``; a
hand without the last two is replayed through the engine to get them.

>>> from studpoker import SevenCardStud
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
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from studpoker.games import phh_order
from studpoker.hand import Hand
from studpoker.operations import PotAwarded
from studpoker.phh import VARIANT_GAMES

__all__ = ["STREETS", "PlayerStats", "Stats", "StatsError", "read_tables"]

STREETS = ("third", "fourth", "fifth", "sixth", "seventh")
"""Betting rounds by the number of cards a player holds (3 to 7)."""
CARD_ROUNDS = ("fourth", "fifth", "sixth")
"""Wall Street card rounds, named by the card they give."""
_GAMES = VARIANT_GAMES  # PHH variant -> game name


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
    net: int = 0
    net_squares: int = 0
    nets: list[int] = field(default_factory=list, repr=False)  # per hand, for charts

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
        return _ratio(self.steals, self.steal_chances) if self.game != "wallstreet" else None

    @property
    def fold_to_steal(self) -> float | None:
        """Stud games (a bring-in): folds of the bring-in per steal faced."""
        return (_ratio(self.fold_to_steal_count, self.steal_faced) if self.game != "wallstreet"
                else None)

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
        if self.game != "wallstreet":
            return None
        return _ratio(self.buys[round_index], self.card_rounds[round_index])

    @property
    def avg_market_price(self) -> float | None:
        """Wall Street: chips paid per market buy."""
        if self.game != "wallstreet":
            return None
        return _ratio(self.market_spent, sum(self.buys))

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
            "market_buys": (None if self.game != "wallstreet"
                            else {r: self.market_buys(i) for i, r in enumerate(CARD_ROUNDS)}),
            "avg_market_price": self.avg_market_price,
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
            },
        }


# --------------------------------------------------------------------------
# Reading one hand's actions
# --------------------------------------------------------------------------


class _HandError(Exception):
    pass


def _ints(data: Mapping[str, object], key: str) -> list[int] | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise _HandError(f"{key} must be a list of integers")
    return value


_LABELS = {f"p{i + 1}": i for i in range(64)}


def _player(word: str, n: int) -> int:
    p = _LABELS.get(word, -1)
    if 0 <= p < n:
        return p
    if len(word) < 2 or word[0] != "p" or not word[1:].isdigit():
        raise _HandError(f"bad actor {word!r}")
    p = int(word[1:]) - 1
    if not 0 <= p < n:
        raise _HandError(f"there is no player {word}")
    return p


class Stats:
    """Statistics of every player seen, by (name, game). Add hands with
    :meth:`add_file`, :meth:`add_table`, :meth:`add_history` or :meth:`add_hand`."""

    def __init__(self) -> None:
        self.players: dict[tuple[str, str], PlayerStats] = {}
        self.hands = 0

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
        """One hand as read by :func:`read_tables`."""
        try:
            self._add(table.data, table)
        except _HandError as exc:
            where = f"{table.source}:{table.line}" + (f" [{table.name}]" if table.name else "")
            raise StatsError(f"{where}: {exc}") from None

    def add_history(self, history: object) -> None:
        """One :class:`studpoker.phh.HandHistory`."""
        from studpoker import phh

        if not isinstance(history, phh.HandHistory):
            raise StatsError(f"not a HandHistory: {history!r}")
        text = phh.write(history)
        self.add_table(Table(data=tomllib.loads(text), source=history.source or "<history>",
                             line=history.line or 1, name=history.name, text=text))

    def add_hand(self, hand: Hand, *, names: Sequence[str] | None = None) -> None:
        """A hand the engine played (the live log); ``names`` by engine seat."""
        from studpoker import phh

        order = phh_order(hand.dealer, hand.n)
        fields = {} if names is None else {"players": [names[s] for s in order]}
        self.add_history(phh.from_hand(hand, fields=fields))

    # ----------------------------------------------------------------- core

    def _add(self, data: Mapping[str, object], table: Table) -> None:
        variant = data.get("variant")
        if variant not in _GAMES:
            raise _HandError(f"variant must be one of {', '.join(_GAMES)}, got {variant!r}")
        game = _GAMES[str(variant)]
        starting = _ints(data, "starting_stacks")
        if not starting:
            raise _HandError("starting_stacks is missing")
        n = len(starting)
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise _HandError("actions must be a list of strings")
        players = data.get("players")
        if players is None:
            names = [f"p{i + 1}" for i in range(n)]
        elif (isinstance(players, list) and len(players) == n
              and all(isinstance(p, str) for p in players)):
            names = [p or f"p{i + 1}" for i, p in enumerate(players)]
        else:
            raise _HandError(f"players must be {n} names")
        finishing = _ints(data, "finishing_stacks")
        winnings = _ints(data, "winnings")
        if finishing is None or winnings is None or len(finishing) != n or len(winnings) != n:
            finishing, winnings = self._replayed(table)
        unit = data.get("market_unit", 0)
        if not isinstance(unit, int):
            raise _HandError("market_unit must be an integer")
        if game == "wallstreet" and not unit:
            limits = _ints(data, "limits") or [0]
            unit = limits[0]
        self.hands += 1
        self._actions(game, names, actions, starting, finishing, winnings, unit)

    def _replayed(self, table: Table) -> tuple[list[int], list[int]]:
        """Finishing stacks and chips won from pots, by replaying the hand."""
        from studpoker import phh

        try:
            history = phh.read(table.text)[0]
            result = phh.replay_result(history)
        except phh.PHHError as exc:
            raise _HandError(f"cannot replay the hand for its result: {exc.reason}") from None
        hand = result.hand
        won = [0] * hand.n
        for op in hand.log:
            if isinstance(op, PotAwarded):
                won[op.seat] += op.amount
        seats = [result.seat(p) for p in range(hand.n)]
        return [hand.stacks[s] for s in seats], [won[s] for s in seats]

    def _actions(self, game: str, names: list[str], actions: list[str], starting: list[int],
                 finishing: list[int], winnings: list[int], unit: int) -> None:
        n = len(names)
        stud = game != "wallstreet"  # the stud games: a bring-in, no card rounds
        cards = [0] * n
        folded = [False] * n
        bets = [0] * n
        current = 0  # the bet to match on this street
        street = 3  # cards held on the street being bet
        vpip = [False] * n
        first_raise = [False] * n
        showdown = [False] * n
        aggressive = [[0] * 5 for _ in range(n)]
        calls = [[0] * 5 for _ in range(n)]
        rounds = [[0] * 3 for _ in range(n)]
        buys = [[0] * 3 for _ in range(n)]
        spent = [0] * n
        bring_in = -1  # stud: the first player to act on third street (R2.4)
        entered = False  # a player other than the bring-in called, completed or raised
        acted = [False] * n
        steal_chance = [False] * n
        stealer = -1
        steal_live = False  # the steal still faces the bring-in alone
        faced = False
        fold_steal = False
        for text in actions:
            words = text.split("#", 1)[0].split()
            if not words:
                continue
            if words[0] == "d":
                if len(words) >= 4 and words[1] == "dh":
                    p = _player(words[2], n)
                    before = cards[p]
                    cards[p] += len(words[3]) // 2
                    if not stud and 3 <= before <= 5 and cards[p] == before + 1:
                        rounds[p][before - 3] += 1  # the free card of a card round
                elif len(words) >= 3 and words[1] == "db":
                    for p in range(n):
                        if not folded[p]:
                            cards[p] += 1
                elif not (len(words) >= 3 and words[1] == "dm"):
                    raise _HandError(f"bad dealer action {text!r}")
                continue
            if len(words) < 2:
                raise _HandError(f"bad action {text!r}")
            p = _player(words[0], n)
            verb = words[1]
            if verb == "sm":
                showdown[p] = True
                continue
            if verb == "mb":
                if len(words) != 3 or not words[2].isdigit():
                    raise _HandError(f"bad market buy {text!r}")
                held = cards[p]
                if 3 <= held <= 5:
                    rounds[p][held - 3] += 1
                    buys[p][held - 3] += 1
                spent[p] += int(words[2]) * unit
                cards[p] += 1
                continue
            held = cards[p]
            if held != street:  # betting on a new street
                street, current = held, 0
                bets = [0] * n
            s = min(max(held, 3), 7) - 3
            if verb == "cc":
                voluntary = current > bets[p]
                if voluntary:
                    calls[p][s] += 1
                    bets[p] = current
            elif verb == "cbr":
                if len(words) != 3 or not words[2].isdigit():
                    raise _HandError(f"bad bet {text!r}")
                voluntary = True
                aggressive[p][s] += 1
                amount = int(words[2])
                current = max(current, amount)
                bets[p] = amount
            elif verb == "pb":
                voluntary = False
                current = max(current, 1)
                bets[p] = current
            elif verb == "f":
                voluntary = False
                folded[p] = True
            else:
                raise _HandError(f"unknown action {verb!r} in {text!r}")
            if s == 0:
                if voluntary:
                    vpip[p] = True
                    first_raise[p] = first_raise[p] or verb == "cbr"
                if stud:
                    if bring_in < 0:
                        bring_in = p
                    elif p == bring_in:
                        if steal_live and not faced:
                            faced = True
                            fold_steal = verb == "f"
                    else:
                        if not acted[p] and not entered:
                            steal_chance[p] = (bring_in - p - 1) % n <= 2  # a late position
                            if steal_chance[p] and verb == "cbr":
                                stealer, steal_live = p, True
                        elif voluntary and steal_live:
                            steal_live = False  # someone else is in: no longer a steal
                        if voluntary and p != stealer:
                            steal_live = False
                        entered = entered or voluntary
            acted[p] = True
        for p in range(n):
            st = self._stats(names[p], game)
            st.hands += 1
            st.vpip_hands += vpip[p]
            st.raise_first_round += first_raise[p]
            st.steal_chances += steal_chance[p]
            st.steals += p == stealer
            if p == bring_in and faced:
                st.steal_faced += 1
                st.fold_to_steal_count += fold_steal
            saw = cards[p] >= 4
            st.saw_fourth_hands += saw
            if showdown[p] and saw:  # wtsd counts among the hands that saw fourth street
                st.showdowns += 1
                st.showdowns_won += winnings[p] > 0
            for i in range(5):
                st.aggressive[i] += aggressive[p][i]
                st.calls[i] += calls[p][i]
            for i in range(3):
                st.card_rounds[i] += rounds[p][i]
                st.buys[i] += buys[p][i]
            st.market_spent += spent[p]
            result = finishing[p] - starting[p]
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
