"""Hand histories in PHH, the Poker Hand History standard: read, write, export, replay.

PHH (uoftcprg/phh-std) is the ecosystem's hand history format: a TOML file
(``.phh``) per hand, or one TOML table per hand in a ``.phhs`` file. PokerKit
reads and writes it. This module is to PHH what python-chess's ``pgn`` is to
PGN: :func:`read` parses a file and reports the line and reason of every
mistake, :func:`write` produces a file, :func:`from_hand` exports any hand the
engine played (its operation log is the source), and :func:`replay` plays a
history through the engine, stopping with a :class:`PHHError` at the first
action our rules forbid.

Variants: Seven Card Stud is ``F7S``, Seven Card Stud Hi-Lo eight or
better ``F7S/8`` and Razz ``FR``, exactly as the standard has them; our
options that the standard lacks are underscore fields (``_joker``,
``_open_pair_big_bet``, ``_max_raises``, ``_heads_up_uncapped``,
``_double_ace_flush``, ``_showdown_muck``, ``_open_pair_raise_big``,
``_fold_when_check``; each variant takes those of its game), written only
when they differ from the defaults of docs/rules.md (``_showdown_muck``: true for
the stud games, false for FWS, R1.9/R3.10).
Wall Street is ``FWS``, defined in ``docs/phh-wall-street.md``; the home games
with wild cards and the Chicago split (R8) are ``FBB`` (Baseball), ``FFQ``
(Follow the Queen), ``FHC`` (High Chicago) and ``FLC`` (Low Chicago), defined
in ``docs/phh-home-games.md``: staked like stud, with Baseball's
``_three_price``, its payments for a face-up 3 (``pN pay AMOUNT``) and the
extra card of a face-up 4 (its own ``d dh``) in the actions. The wild ranks
are never written: the game gives them, and the cards give Follow the Queen's
follower.

Players: ``p1`` is the seat at the dealer's left, ``p2`` the next one
clockwise, and so on. Replay seats ``pN`` at seat ``N - 1`` with the dealer at
the last seat, unless the ``seats`` field holds the table's seat numbers in
that clockwise order (as :func:`from_hand` writes), which recovers the
original seats and dealer.

Stud showdowns are written as PokerKit plays them: when betting ends before
the last card (all-in), the hands are exposed with the cards held then, the
remaining cards are dealt and each player then shows or mucks; on replay a
player's last ``sm`` is the decision. When everyone else mucked, the last
player (who takes the pots unseen, R1.9) is written showing, or with ``??``
cards in the public view, so that every contender has a showdown action.

>>> from studpoker.engine import SevenCardStud
>>> from studpoker import phh
>>> game = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)
>>> hand = game.deal(stacks=[50, 50, 50], dealer=2, deck="As Kd 2c Qh Jd 7c Ts 9s 8d")
>>> hand.bring_in(); hand.fold(); hand.fold()
>>> text = phh.write(phh.from_hand(hand))
>>> print(text)  # doctest: +NORMALIZE_WHITESPACE
variant = "F7S"
antes = [1, 1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [50, 50, 50]
actions = [
  "d dh p1 AsQhTs",
  "d dh p2 KdJd9s",
  "d dh p3 2c7c8d",
  "p3 pb",
  "p1 f",
  "p2 f",
]
seats = [1, 2, 3]
finishing_stacks = [49, 49, 52]
winnings = [0, 0, 3]
>>> phh.replay(phh.read_one(text)).payoffs
(-1, -1, 2)
"""

from __future__ import annotations

import datetime
import math
import os
import re
import sys
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, NamedTuple

from studpoker.describe import describe_operation
from studpoker.engine.actions import Action, ActionKind, IllegalAction
from studpoker.engine.cards import Card, CardError, full_deck
from studpoker.engine.games import (
    GAMES,
    Game,
    GameError,
    from_options,
    option_names,
    phh_order,
    to_options,
)
from studpoker.engine.hand import Hand, Phase, PotResult
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

__all__ = [
    "BASEBALL",
    "FOLLOW_THE_QUEEN",
    "GAME_VARIANTS",
    "HIGH_CHICAGO",
    "LOW_CHICAGO",
    "RAZZ",
    "STUD",
    "STUD_HI_LO",
    "VARIANTS",
    "VARIANT_GAMES",
    "WALL_STREET",
    "HandHistory",
    "PHHError",
    "ReplayResult",
    "for_viewer",
    "from_hand",
    "read",
    "read_one",
    "replay",
    "replay_all",
    "replay_result",
    "step_blocks",
    "summary_dict",
    "summary_lines",
    "write",
    "write_all",
]

STUD: Final = "F7S"
"""The standard's variant code for fixed-limit Seven Card Stud."""
STUD_HI_LO: Final = "F7S/8"
"""The standard's variant code for fixed-limit Seven Card Stud Hi-Lo, eight or better (R5)."""
RAZZ: Final = "FR"
"""The standard's variant code for fixed-limit Razz (R6)."""
WALL_STREET: Final = "FWS"
"""Our variant code for Wall Street (docs/phh-wall-street.md)."""
BASEBALL: Final = "FBB"
"""Our variant code for Baseball (R8.2, docs/phh-home-games.md)."""
FOLLOW_THE_QUEEN: Final = "FFQ"
"""Our variant code for Follow the Queen (R8.3, docs/phh-home-games.md)."""
HIGH_CHICAGO: Final = "FHC"
"""Our variant code for High Chicago (R8.4, docs/phh-home-games.md)."""
LOW_CHICAGO: Final = "FLC"
"""Our variant code for Low Chicago (R8.4, docs/phh-home-games.md)."""
VARIANT_GAMES: Final = {game.phh_code: name for name, game in GAMES.items()}
"""PHH variant -> game name (each game's class says its code, ``phh_code``; :data:`GAME_VARIANTS`
is the inverse)."""
GAME_VARIANTS: Final = {game: variant for variant, game in VARIANT_GAMES.items()}
"""Game name -> PHH variant."""
_VARIANT_GAMES: Final = VARIANT_GAMES
_GAME_VARIANTS: Final = GAME_VARIANTS
VARIANTS: Final = tuple(sorted(VARIANT_GAMES, key=lambda code: code not in (STUD, STUD_HI_LO, RAZZ)))
"""Every variant code a game of the registry plays: the standard's first, then ours."""
# the variants staked like stud: a bring-in, a small and a big bet (R2.2, R8)
_STUD_FAMILY: Final = frozenset(code for code, name in VARIANT_GAMES.items()
                                if "bring_in" in GAMES[name].stake_names)

UNKNOWN: Final = "??"
_DIFFERENCES_DOC: Final = "docs/pokerkit-differences.md"

_REQUIRED: Final[dict[str, tuple[str, ...]]] = {  # the game's stakes, the ante apart
    code: ("variant", "antes", *(s for s in GAMES[name].stake_names if s != "ante"), "starting_stacks",
           "actions")
    for code, name in VARIANT_GAMES.items()
}
_OPTIONS: Final[dict[str, tuple[str, ...]]] = {  # the game's house options, its stakes apart
    code: tuple(f"_{o}" for o in option_names(name) if o not in GAMES[name].stake_names)
    for code, name in VARIANT_GAMES.items()
}
# why an option does not apply to a variant: the rule that leaves it out
_NOT_APPLYING: Final[dict[tuple[str, str], str]] = {
    **{(GAMES[name].phh_code, f"_{option}"): rule for name in GAMES
       for option, rule in GAMES[name].left_out.items()},
    **{(GAMES[name].phh_code, f"_{option}"): rule for name in GAMES for other in GAMES.values()
       for option, rule in other.own_options.items() if option not in option_names(name)},
}
_FOREIGN: Final = ("blinds_or_straddles", "min_bet", "bring_in", "small_bet", "big_bet", "limits",
                   "market_unit")
# The standard's optional fields, in the standard's order (those we type are handled apart).
_STANDARD_OPTIONAL: Final = (
    "author", "event", "url", "venue", "address", "city", "region", "postal_code", "country",
    "time", "time_zone", "time_zone_abbreviation", "day", "month", "year", "hand", "level",
    "seats", "seat_count", "table", "players", "finishing_stacks", "winnings", "currency",
    "currency_symbol", "ante_trimming_status", "time_limit", "time_banks",
)


# --------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------


class PHHError(ValueError):
    """A malformed hand history, or an action our rules forbid.

    Attributes name where: ``source`` (file path), ``hand`` (1-based position
    in the file) and ``hand_name`` (its table name in a ``.phhs`` file),
    ``action_index`` (0-based index into ``actions``) and ``action`` (its
    text), ``line`` (1-based source line); ``reason`` says why and ``legal``
    lists, in PHH notation, what the player to act could do instead.
    """

    def __init__(
        self,
        reason: str,
        *,
        source: str | None = None,
        hand: int | None = None,
        hand_name: str | None = None,
        action_index: int | None = None,
        action: str | None = None,
        line: int | None = None,
        legal: Sequence[str] = (),
    ) -> None:
        self.reason = reason
        self.source = source
        self.hand = hand
        self.hand_name = hand_name
        self.action_index = action_index
        self.action = action
        self.line = line
        self.legal = tuple(legal)
        super().__init__(self._message())

    def _message(self) -> str:
        parts: list[str] = []
        if self.source is not None:
            parts.append(self.source + (f":{self.line}" if self.line is not None else ""))
        elif self.line is not None:
            parts.append(f"line {self.line}")
        if self.hand is not None:
            name = f" [{self.hand_name}]" if self.hand_name not in (None, str(self.hand)) else ""
            parts.append(f"hand {self.hand}{name}")
        if self.action_index is not None:
            parts.append(f"actions[{self.action_index}] {self.action!r}")
        text = ": ".join([*parts, self.reason])
        if self.legal:
            text += f" (legal: {', '.join(self.legal)})"
        return text


class _Reject(Exception):
    """An action step failed; the replayer adds where."""

    def __init__(self, reason: str, legal: Sequence[str] = ()) -> None:
        super().__init__(reason)
        self.reason = reason
        self.legal = tuple(legal)


# --------------------------------------------------------------------------
# The hand history
# --------------------------------------------------------------------------


@dataclass(kw_only=True)
class HandHistory:
    """One hand in PHH form. Player lists (stacks, antes, ...) are in ``p1, p2, ...`` order.

    ``variant`` is one of :data:`VARIANTS` (``"F7S"``, ``"F7S/8"``, ``"FR"``, ``"FWS"``,
    ``"FBB"``, ``"FFQ"``, ``"FHC"``, ``"FLC"``, ``"FKL"``). Stakes: ``antes`` (one per player, all
    equal), then ``bring_in``/``small_bet``/``big_bet`` (every variant but FWS) or
    ``limits``/``market_unit`` (FWS); ``three_price`` is Baseball's price of a face-up 3
    (R8.2; None: the big bet). Our house options are plain fields
    here and ``_``-prefixed fields in the file. Standard optional fields we
    use are typed; every other field (standard or user-defined) is kept in
    ``fields`` and written back. ``name``, ``index``, ``source``, ``line``,
    ``action_lines`` and ``field_lines`` say where the hand came from (for
    error messages); they are not part of the history's value.
    """

    variant: str
    antes: list[int]
    starting_stacks: list[int]
    actions: list[str]
    bring_in: int | None = None
    small_bet: int | None = None
    big_bet: int | None = None
    limits: list[int] | None = None
    market_unit: int | None = None
    joker: bool = False
    double_ace_flush: bool = False
    max_raises: int = 3
    heads_up_uncapped: bool = True
    open_pair_big_bet: bool = True
    three_price: int | None = None
    showdown_muck: bool | None = None  # None: the variant's default (F7S true, FWS false)
    open_pair_raise_big: bool = False
    fold_when_check: bool = False
    ante_trimming_status: bool | None = None
    seats: list[int] | None = None
    seat_count: int | None = None
    players: list[str] | None = None
    finishing_stacks: list[int] | None = None
    winnings: list[int] | None = None
    hand: int | str | None = None
    table: int | str | None = None
    left: list[int] | None = None  # ``_left``: players (1 = p1) who left the table (R4.3)
    fields: dict[str, object] = field(default_factory=dict)
    name: str | None = field(default=None, compare=False)
    index: int = field(default=0, compare=False)
    source: str | None = field(default=None, compare=False)
    line: int | None = field(default=None, compare=False)
    action_lines: list[int | None] = field(default_factory=list, compare=False, repr=False)
    field_lines: dict[str, int] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.showdown_muck is None:
            self.showdown_muck = self.variant != WALL_STREET  # R1.9, R3.10

    @property
    def player_count(self) -> int:
        """How many players were dealt in."""
        return len(self.starting_stacks)

    def game(self) -> Game:
        """The engine's game configuration for this history (raises :class:`PHHError`)."""
        name = _VARIANT_GAMES.get(self.variant)
        if name is None:
            raise self.error(f"unknown variant {self.variant!r}", key="variant")
        options: dict[str, object] = {"ante": self.antes[0] if self.antes else 0}
        for key in option_names(name):  # every option the history holds (stakes have no defaults here)
            value = getattr(self, key, None)
            if key != "ante" and value is not None:
                options[key] = value
        try:
            if self.variant in _STUD_FAMILY and not all(
                    k in options for k in ("bring_in", "small_bet", "big_bet")):
                raise GameError(f"{self.variant} needs bring_in, small_bet and big_bet")
            if "limits" in _REQUIRED[self.variant] and (self.limits is None or len(self.limits) != 5):
                raise GameError("limits must be five numbers (one per betting round)")
            return from_options(name, **options)
        except GameError as exc:
            key = next((k for k in ("three_price", "bring_in", "small_bet", "big_bet", "limits",
                                    "market_unit", "max_raises", "antes") if k in str(exc)), "variant")
            raise self.error(str(exc), key=key) from None

    def error(self, reason: str, *, key: str | None = None, action_index: int | None = None,
              legal: Sequence[str] = ()) -> PHHError:
        """A :class:`PHHError` located at field ``key`` or at action ``action_index``."""
        line = self.line
        action = None
        if action_index is not None:
            action = self.actions[action_index] if action_index < len(self.actions) else None
            if action_index < len(self.action_lines):
                line = self.action_lines[action_index] or line
        elif key is not None:
            line = self.field_lines.get(key) or self.field_lines.get("_" + key) or line
        return PHHError(reason, source=self.source, hand=self.index + 1, hand_name=self.name,
                        action_index=action_index, action=action, line=line, legal=legal)

    def dumps(self) -> str:
        """This hand as PHH text (same as :func:`write`)."""
        return write(self)


# --------------------------------------------------------------------------
# TOML writing (strings, integers, booleans, floats, times, arrays, tables)
# --------------------------------------------------------------------------

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


_PLAIN_STRING = re.compile(r'[^"\\\x00-\x1f\x7f]*')  # nothing to escape: the usual case


def _toml_string(text: str) -> str:
    if _PLAIN_STRING.fullmatch(text):
        return f'"{text}"'
    out = ['"']
    for ch in text:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def _toml_key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else _toml_string(key)


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        pairs = (f"{_toml_key(str(k))} = {_toml_value(v)}" for k, v in value.items())
        return "{" + ", ".join(pairs) + "}"
    raise TypeError(f"cannot write {value!r} as TOML")


def write(history: HandHistory) -> str:
    """PHH text of one hand (a ``.phh`` file); fields are written only when known."""
    h = history
    pairs: list[tuple[str, object]] = [("variant", h.variant)]
    if h.ante_trimming_status is not None:
        pairs.append(("ante_trimming_status", h.ante_trimming_status))
    pairs.append(("antes", h.antes))
    if h.variant == WALL_STREET:
        pairs += [("limits", h.limits), ("market_unit", h.market_unit)]
    else:
        pairs += [("bring_in", h.bring_in), ("small_bet", h.small_bet), ("big_bet", h.big_bet)]
    if h.joker:
        pairs.append(("_joker", True))
    if "_open_pair_big_bet" in _OPTIONS.get(h.variant, ()) and not h.open_pair_big_bet:
        pairs.append(("_open_pair_big_bet", False))
    if h.three_price is not None and h.three_price != h.big_bet:
        pairs.append(("_three_price", h.three_price))
    if h.max_raises != 3:
        pairs.append(("_max_raises", h.max_raises))
    if not h.heads_up_uncapped:
        pairs.append(("_heads_up_uncapped", False))
    if h.double_ace_flush:
        pairs.append(("_double_ace_flush", True))
    if h.showdown_muck is not None and h.showdown_muck != (h.variant != WALL_STREET):
        pairs.append(("_showdown_muck", h.showdown_muck))
    if h.variant == STUD and h.open_pair_raise_big:
        pairs.append(("_open_pair_raise_big", True))
    if h.fold_when_check:
        pairs.append(("_fold_when_check", True))
    pairs.append(("starting_stacks", h.starting_stacks))
    lines = [f"{k} = {_toml_value(v)}" for k, v in pairs if v is not None]
    if h.actions:
        lines.append("actions = [")
        lines += [f"  {_toml_string(a)}," for a in h.actions]
        lines.append("]")
    else:
        lines.append("actions = []")
    typed: list[tuple[str, object]] = [
        ("hand", h.hand), ("seats", h.seats), ("seat_count", h.seat_count), ("table", h.table),
        ("players", h.players), ("finishing_stacks", h.finishing_stacks),
        ("winnings", h.winnings), ("_left", h.left),
    ]
    lines += [f"{k} = {_toml_value(v)}" for k, v in typed if v is not None]
    lines += [f"{_toml_key(k)} = {_toml_value(v)}" for k, v in h.fields.items() if v is not None]
    return "\n".join(lines) + "\n"


def write_all(histories: Sequence[HandHistory]) -> str:
    """PHH text of many hands (a ``.phhs`` file): tables ``[1]``, ``[2]``, ..."""
    blocks = []
    for i, h in enumerate(histories):
        name = h.name if h.name else str(i + 1)
        blocks.append(f"[{_toml_key(name)}]\n{write(h)}")
    return "\n".join(blocks)


# --------------------------------------------------------------------------
# Reading
# --------------------------------------------------------------------------


@dataclass(slots=True)
class _Lines:
    """Where a TOML table's pieces are: header line, each key's line, each action's line."""

    header: int
    fields: dict[str, int] = field(default_factory=dict)
    actions: list[int] = field(default_factory=list)


_TOKEN = re.compile(
    r'"""(?:[^"\\]|\\.|"(?!""))*"""|\'\'\'(?:[^\']|\'(?!\'\'))*\'\'\''
    r'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*|\n|[ \t\r]+|[\[\]{}=,]|[^\s\[\]{}=,#"\']+',
    re.DOTALL,
)


def _scan_lines(text: str) -> dict[str | None, _Lines]:
    """Line numbers of table headers, keys and ``actions`` strings in valid TOML text."""
    tokens: list[tuple[str, int]] = []
    line = 1
    for m in _TOKEN.finditer(text):
        tok = m.group()
        if not tok.startswith("#") and not tok.isspace():
            tokens.append((tok, line))
        elif tok == "\n":
            tokens.append(("\n", line))
        line += tok.count("\n")
    tables: dict[str | None, _Lines] = {None: _Lines(header=1)}
    current = tables[None]
    i = 0

    def key_text(parts: list[str]) -> str:
        out = []
        for p in parts:
            if p.startswith(("'", '"')):
                try:
                    out.append(str(tomllib.loads(f"k = {p}")["k"]))
                except tomllib.TOMLDecodeError:
                    out.append(p.strip("'\""))
            else:
                out.append(p)
        return "".join(out)

    while i < len(tokens):
        tok, ln = tokens[i]
        if tok == "\n":
            i += 1
            continue
        if tok == "[":
            j = i + 1
            array_table = j < len(tokens) and tokens[j][0] == "["
            parts = []
            while j < len(tokens) and tokens[j][0] not in ("]", "\n"):
                if tokens[j][0] != "[":
                    parts.append(tokens[j][0])
                j += 1
            name = key_text(parts)
            current = _Lines(header=ln) if array_table else tables.setdefault(name, _Lines(header=ln))
            while i < len(tokens) and tokens[i][0] != "\n":
                i += 1
            continue
        parts = []
        while i < len(tokens) and tokens[i][0] not in ("=", "\n"):
            parts.append(tokens[i][0])
            i += 1
        key = key_text(parts)
        current.fields.setdefault(key, ln)
        i += 1  # past "="
        depth = 0
        while i < len(tokens):
            tok, ln = tokens[i]
            if tok in ("[", "{"):
                depth += 1
            elif tok in ("]", "}"):
                depth -= 1
            elif tok == "\n" and depth == 0:
                break
            elif key == "actions" and depth == 1 and tok[:1] in ("'", '"'):
                current.actions.append(ln)
            i += 1
    return tables


def read(source: str | os.PathLike[str]) -> list[HandHistory]:
    """Every hand in PHH text, or in the file at a path (a ``Path``, or a one-line string
    without ``=``, which cannot be PHH text).

    A ``.phh`` document (a ``variant`` field at the top) is one hand; a
    ``.phhs`` document holds one table per hand. Raises :class:`PHHError`
    with the line and reason of the first mistake.
    """
    path: str | None = None
    if isinstance(source, str) and ("=" in source or "\n" in source or not source):
        text = source
    else:  # a Path, or a one-line string with no "=": a file name
        path = os.fspath(source)
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise PHHError(f"cannot read the file: {exc}", source=path) from None
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"\(at line (\d+), column \d+\)", str(exc))
        line = int(m.group(1)) if m else None
        reason = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc)) if m else str(exc)
        raise PHHError(f"not valid TOML: {reason}", source=path, line=line) from None
    except ValueError:  # an integer past Python's digit limit for text (sys.get_int_max_str_digits)
        field, line = _field_at(text, rf"\d{{{sys.get_int_max_str_digits() or 4300}}}")
        raise PHHError(f"{field}: a number of more than {sys.get_int_max_str_digits()} digits",
                       source=path, line=line) from None
    except RecursionError:  # arrays or inline tables nested thousands deep
        field, line = _field_at(text, r"[\[{]\s*[\[{]\s*[\[{]")
        raise PHHError(f"{field}: arrays or tables nested too deep", source=path, line=line) from None
    lines = _scan_lines(text)
    if "variant" in doc:
        return [_from_table(doc, name=None, index=0, source=path, lines=lines.get(None))]
    out = []
    for index, (name, table) in enumerate(doc.items()):
        where = lines.get(name)
        if not isinstance(table, dict):
            line = lines[None].fields.get(name)
            raise PHHError(
                f"top-level field {name!r} is not a hand: a .phh file needs a 'variant' field, "
                "a .phhs file one table per hand", source=path, line=line)
        out.append(_from_table(table, name=name, index=index, source=path, lines=where))
    if not out:
        raise PHHError("no hands: a .phh file needs a 'variant' field, a .phhs file one table "
                       "per hand", source=path, line=1)
    return out


def _field_at(text: str, pattern: str) -> tuple[str, int | None]:
    """The field (``key = ...``) and line of the first line of ``text`` matching ``pattern``:
    where a value the TOML reader cannot hold is (``("a value", None)`` if no line shows it)."""
    for number, line in enumerate(text.splitlines(), 1):
        if re.search(pattern, line):
            key = re.match(r"\s*([A-Za-z0-9_.\"'-]+)\s*=", line)
            return (key.group(1) if key else "a value"), number
    return "a value", None


def read_one(source: str | os.PathLike[str]) -> HandHistory:
    """The single hand of a ``.phh`` text or file (:class:`PHHError` unless exactly one)."""
    histories = read(source)
    if len(histories) != 1:
        raise PHHError(f"expected one hand, found {len(histories)}", source=histories[0].source)
    return histories[0]


def _from_table(data: dict[str, object], *, name: str | None, index: int, source: str | None,
                lines: _Lines | None, replay_checks: bool = False) -> HandHistory:
    """The table as a history, every field checked; with ``replay_checks`` the game and the
    actions are left to the replay, which checks them again anyway (and says where)."""
    where = lines or _Lines(header=1)
    header = where.header if name is not None else 1

    def fail(reason: str, key: str | None = None) -> PHHError:
        line = where.fields.get(key, header) if key else header
        return PHHError(reason, source=source, hand=index + 1, hand_name=name, line=line)

    def integer(key: str, value: object, *, minimum: int = 0) -> int:
        field_name = key.split("[")[0]
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if not isinstance(value, int) or isinstance(value, bool):
            if isinstance(value, float):
                raise fail(f"{key}: {value!r} is not a whole number of chips", field_name)
            raise fail(f"{key} must be an integer, got {value!r}", field_name)
        if value < minimum:
            raise fail(f"{key} must be >= {minimum}, got {value}", field_name)
        return value

    def int_list(key: str, *, minimum: int = 0, length: int | None = None) -> list[int]:
        value = data[key]
        if not isinstance(value, list):
            raise fail(f"{key} must be an array of integers, got {value!r}", key)
        if all(type(v) is int and v >= minimum for v in value):
            out = list(value)  # the usual case, without naming each entry
        else:
            out = [integer(f"{key}[{i}]", v, minimum=minimum) for i, v in enumerate(value)]
        if length is not None and len(out) != length:
            what = "five numbers (one per betting round)" if key == "limits" else \
                f"one entry per player ({length})"
            raise fail(f"{key} has {len(out)} entries, expected {what}", key)
        return out

    def boolean(key: str) -> bool:
        value = data[key]
        if not isinstance(value, bool):
            raise fail(f"{key} must be true or false, got {value!r}", key)
        return value

    variant = data.get("variant")
    if variant not in VARIANTS:
        raise fail(f"unknown variant {variant!r}: studpoker plays 'F7S' (Seven Card Stud), "
                   f"'F7S/8' (Seven Card Stud Hi-Lo), 'FR' (Razz), 'FWS' (Wall Street, "
                   f"docs/phh-wall-street.md), 'FBB' (Baseball), 'FFQ' (Follow the Queen), "
                   f"'FHC' (High Chicago) and 'FLC' (Low Chicago, docs/phh-home-games.md)",
                   "variant")
    assert isinstance(variant, str)
    for key in _REQUIRED[variant]:
        if key not in data:
            raise fail(f"missing required field {key!r} for {variant}")
    for key in _FOREIGN:
        if key in data and key not in _REQUIRED[variant]:
            raise fail(f"field {key!r} does not belong in a {variant} hand", key)
    stacks = int_list("starting_stacks", minimum=1)
    n = len(stacks)
    kind = GAMES[_VARIANT_GAMES[variant]]
    lo, hi = kind.min_players, kind.max_players
    if not lo <= n <= hi:
        raise fail(f"{kind.title} is for {lo} to {hi} players, starting_stacks has {n}",
                   "starting_stacks")
    antes = int_list("antes", length=n)
    if len(set(antes)) > 1:
        raise fail(f"antes must be equal for every player (R2.2, R3.2), got {antes}", "antes")
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise fail("actions must be an array of strings", "actions")
    h = HandHistory(variant=variant, antes=antes, starting_stacks=stacks,
                    actions=[str(a) for a in actions], name=name, index=index, source=source,
                    line=header, field_lines=dict(where.fields))
    h.action_lines = list(where.actions) if len(where.actions) == len(actions) else \
        [None] * len(actions)
    if variant in _STUD_FAMILY:
        h.bring_in = integer("bring_in", data["bring_in"], minimum=1)
        h.small_bet = integer("small_bet", data["small_bet"], minimum=1)
        h.big_bet = integer("big_bet", data["big_bet"], minimum=1)
    else:
        h.limits = int_list("limits", minimum=1, length=5) if isinstance(data["limits"], list) \
            else [integer("limits", data["limits"], minimum=1)] * 5
        h.market_unit = integer("market_unit", data["market_unit"], minimum=1)
    for key, value in data.items():
        if key in _REQUIRED[variant]:
            continue
        if key.startswith("_") and any(key in names for names in _OPTIONS.values()):
            if key not in _OPTIONS[variant]:
                rule = _NOT_APPLYING.get((variant, key))
                raise fail(f"option {key!r} does not apply to {variant}"
                           + (f" ({rule})" if rule else ""), key)
            if key == "_max_raises":
                h.max_raises = integer(key, value)
            elif key == "_three_price":
                h.three_price = integer(key, value)
            else:
                setattr(h, key[1:], boolean(key))
        elif key == "ante_trimming_status":
            h.ante_trimming_status = boolean(key)
        elif key == "_left":
            players = int_list(key, minimum=1)
            if any(p > n for p in players) or len(set(players)) != len(players):
                raise fail(f"_left must list distinct players 1 to {n}, got {players}", key)
            h.left = players
        elif key in ("seats", "finishing_stacks", "winnings"):
            setattr(h, key, int_list(key, length=n))
        elif key == "seat_count":
            h.seat_count = integer(key, value, minimum=1)
        elif key == "players":
            if not isinstance(value, list) or not all(isinstance(p, str) for p in value) \
                    or len(value) != n:
                raise fail(f"players must be an array of {n} strings", key)
            h.players = [str(p) for p in value]
        elif key in ("hand", "table"):
            if not isinstance(value, int | str) or isinstance(value, bool):
                raise fail(f"{key} must be a string or an integer, got {value!r}", key)
            setattr(h, key, value)
        else:
            h.fields[key] = value
    if variant == BASEBALL and h.three_price is None:
        h.three_price = h.big_bet  # R8.2: the big bet unless the file says otherwise
    if replay_checks:
        return h
    h.game()  # stakes and options make a valid game
    for i, text in enumerate(h.actions):
        try:
            _parse_action(text, n, variant)
        except _Reject as exc:
            raise h.error(exc.reason, action_index=i) from None
    return h


# --------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------


class _Act(NamedTuple):
    """One parsed action. ``player`` is 0-based (p1 is 0); -1 for the dealer.
    (A named tuple: a replay parses every action, and a tuple is quick to build.)"""

    verb: str  # "" (no-op), dh, db, dm, pb, f, cc, cbr, sm, mb, pay
    player: int = -1
    cards: tuple[Card | None, ...] = ()
    amount: int = 0
    show: bool = False


_PLAYER = re.compile(r"p([1-9][0-9]*)")
# The usual words of an action, looked up directly (the general parser handles the rest).
_LABELS: Final = {f"p{i}": i - 1 for i in range(1, 65)}
_CARD_TEXT: Final[dict[str, Card | None]] = {str(c): c for c in full_deck(joker=True)}
_CARD_TEXT[UNKNOWN] = None
_NOT_A_CARD: Final = object()
_PLAIN_VERBS: Final = frozenset({"pb", "f", "cc"})


def _parse_cards(text: str) -> tuple[Card | None, ...]:
    if len(text) % 2:
        raise _Reject(f"bad cards {text!r}: cards are two characters each, like 'As' or '??'")
    out: list[Card | None] = []
    for i in range(0, len(text), 2):
        piece = text[i:i + 2]
        if piece == UNKNOWN:
            out.append(None)
            continue
        try:
            out.append(Card.parse(piece))
        except CardError:
            raise _Reject(f"bad card {piece!r}: expected rank 2-9/T/J/Q/K/A and suit c/d/h/s, "
                          "'Jk' (the joker) or '??'") from None
    return tuple(out)


def _known_cards(word: str) -> tuple[Card | None, ...] | None:
    """The cards of ``word`` (``??`` as None), or None if any piece is not a card."""
    if len(word) % 2:
        return None
    cards = tuple(_CARD_TEXT.get(word[i:i + 2], _NOT_A_CARD) for i in range(0, len(word), 2))
    return None if _NOT_A_CARD in cards else cards  # type: ignore[return-value]


def _usual_action(words: list[str], count: int, n: int, variant: str) -> _Act | None:
    """The action of the usual forms (``pN cc``, ``pN cbr 10``, ``d dh pN AsKd``...), or
    None for the general parser (which also reports every mistake)."""
    verb = words[1]
    if count == 4:
        if verb == "dh" and words[0] == "d":
            p = _LABELS.get(words[2], n)
            cards = _known_cards(words[3])
            if p < n and cards is not None:
                return _Act("dh", p, cards)
        return None
    if words[0] == "d":
        if count == 3 and (verb == "db" or (verb == "dm" and variant == WALL_STREET)):
            cards = _known_cards(words[2])
            if cards is not None and (verb == "db" or 1 <= len(cards) <= 4):
                return _Act(verb, cards=cards)
        return None
    p = _LABELS.get(words[0], n)
    if p >= n:
        return None
    if count == 2:
        if verb in _PLAIN_VERBS:
            return _Act(verb, p)
        return _Act("sm", p) if verb == "sm" else None
    word = words[2]
    if verb == "cbr" and word.isdigit():
        return _Act("cbr", p, amount=int(word))
    if verb == "sm" and word != "-":
        cards = _known_cards(word)
        return None if cards is None else _Act("sm", p, cards, show=True)
    if verb == "mb" and variant == WALL_STREET and word in ("1", "2", "3", "4"):
        return _Act("mb", p, amount=int(word))
    return None


def _parse_action(text: str, n: int, variant: str) -> _Act:
    words = text.split("#", 1)[0].split()
    if not words:
        return _Act("")
    count = len(words)
    if 2 <= count <= 4:  # the usual actions, read directly (anything else: the general parser)
        act = _usual_action(words, count, n, variant)
        if act is not None:
            return act

    def player(label: str) -> int:
        m = _PLAYER.fullmatch(label)
        if not m:
            raise _Reject(f"bad actor {label!r}: expected 'd' (the dealer) or p1..p{n}")
        p = int(m.group(1))
        if p > n:
            raise _Reject(f"there is no player {label}: this hand has {n} players")
        return p - 1

    def amount(word: str, what: str) -> int:
        try:
            value = float(word) if re.fullmatch(r"\d+\.\d*", word) else int(word)
        except ValueError:
            raise _Reject(f"bad {what} {word!r}: expected a whole number") from None
        if isinstance(value, float):
            if not value.is_integer():
                raise _Reject(f"bad {what} {word!r}: chips are whole numbers")
            value = int(value)
        return value

    match words:
        case ["d", "dh", label, cards]:
            return _Act("dh", player(label), _parse_cards(cards))
        case ["d", "db", cards]:
            return _Act("db", cards=_parse_cards(cards))
        case ["d", "dm", cards] if variant == WALL_STREET:
            parsed = _parse_cards(cards)
            if not 1 <= len(parsed) <= 4:
                raise _Reject("d dm deals 1 to 4 market cards")
            return _Act("dm", cards=parsed)
        case ["d", "dm", _]:
            raise _Reject("market dealing (d dm) exists only in FWS (Wall Street)")
        case ["d", verb, *_]:
            raise _Reject(f"unknown dealer action {verb!r} or wrong arguments: expected "
                          "'d dh pN CARDS', 'd db CARDS'"
                          + (" or 'd dm CARDS'" if variant == WALL_STREET else ""))
        case [label, ("pb" | "f" | "cc") as verb]:
            return _Act(verb, player(label))
        case [label, "cbr", value]:
            return _Act("cbr", player(label), amount=amount(value, "amount"))
        case [label, "sm"]:
            return _Act("sm", player(label))
        case [label, "sm", "-"]:
            return _Act("sm", player(label), show=True)
        case [label, "sm", cards]:
            return _Act("sm", player(label), _parse_cards(cards), show=True)
        case [label, "mb", value] if variant == WALL_STREET:
            slot = amount(value, "market slot")
            if not 1 <= slot <= 4:
                raise _Reject(f"market slot {slot} does not exist (slots are 1 to 4)")
            return _Act("mb", player(label), amount=slot)
        case [_, "mb", *_]:
            raise _Reject("buying a market slot (pN mb K) exists only in FWS (Wall Street)")
        case [label, "pay", value] if variant == BASEBALL:
            return _Act("pay", player(label), amount=amount(value, "amount"))
        case [_, "pay", *_] if variant == BASEBALL:
            raise _Reject("a payment for a face-up 3 is 'pN pay AMOUNT' (R8.2)")
        case [_, "pay", *_]:
            raise _Reject("paying for a face-up 3 (pN pay AMOUNT) exists only in FBB (Baseball, R8.2)")
        case [_, "sd", *_]:
            raise _Reject(f"standing pat or discarding (sd) is for draw games, not {variant}")
        case [label, verb, *_]:
            player(label)
            known = "pb, f, cc, cbr AMOUNT, sm [CARDS]" + (", mb K" if variant == WALL_STREET else "") \
                + (", pay AMOUNT" if variant == BASEBALL else "")
            raise _Reject(f"unknown player action {verb!r} or wrong arguments: expected {known}")
        case _:
            raise _Reject("an action needs an actor and a verb, e.g. 'p1 cc'")


def _show_text(hand: Hand, seat: int, kind: ActionKind, count: int, player: int, *,
               hide: bool = False) -> str:
    if kind is ActionKind.MUCK:
        return f"p{player + 1} sm"
    cards = [None if hide else c for c, _ in hand.cards[seat][:count]]
    return f"p{player + 1} sm {_cards_text(cards)}"


def _card_name(card: Card, unknown: set[Card] | frozenset[Card]) -> str:
    return "an unknown card" if card in unknown else str(card)


def _cards_text(cards: Sequence[Card | None]) -> str:
    return "".join(UNKNOWN if c is None else str(c) for c in cards)


def _phh_action(action: Action, player: int) -> str:
    """An engine action in PHH notation (``player`` is 0-based)."""
    p = f"p{player + 1}"
    kind = action.kind
    if kind is ActionKind.BRING_IN:
        return f"{p} pb"
    if kind is ActionKind.FOLD:
        return f"{p} f"
    if kind in (ActionKind.CHECK, ActionKind.CALL):
        return f"{p} cc"
    if kind.is_aggressive:
        return f"{p} cbr {action.amount}"
    if kind is ActionKind.BUY:
        return f"{p} mb {action.slot}"
    if kind is ActionKind.PAY:
        return f"{p} pay {action.amount}"
    if kind is ActionKind.TAKE_CARD:
        return f"d dh {p} CARD"
    if kind is ActionKind.SHOW:
        return f"{p} sm CARDS"
    return f"{p} sm"


# --------------------------------------------------------------------------
# Export from the engine's log
# --------------------------------------------------------------------------


class _LogWriter:
    """What :func:`from_hand` has written so far, while it reads the log (:data:`_WRITE`)."""

    def __init__(self, hand: Hand, player: dict[int, int], hide: Callable[[int], bool],
                 shown: frozenset[int], stud: bool) -> None:
        self.hand, self.player, self.hide, self.shown, self.stud = hand, player, hide, shown, stud
        self.actions: list[str] = []
        self.holes: dict[int, list[str]] = {}
        self.extras: dict[int, list[str]] = {}  # R8.2: Baseball's extra cards, each its own action
        self.market: list[str] = []
        self.counts = [0] * hand.n  # cards each seat holds so far
        # Stud: the showdown is written where betting ended for good (before any cards still
        # to come), as PokerKit plays it; each show lists the cards held at that point.
        self.insert_at: int | None = None
        self.held = self.counts
        self.showdown: list[tuple[int, ActionKind]] = []
        self.skip_card = False  # the CardDealt after a free card or a purchase is already written
        self.refill = False  # the MarketDealt after a purchase is written on its own
        self.extra_rank = hand.game.extra_card_rank  # R8.2: a face-up card of this rank brings one more
        self.before: Operation | None = None  # the record before the one being read

    def flush(self) -> None:
        """Write the cards dealt since the last action: each seat's, then the market's."""
        player, actions = self.player, self.actions
        for seat, cards in self.holes.items():
            actions.append(f"d dh p{player[seat] + 1} {''.join(cards)}")
            actions.extend(f"d dh p{player[seat] + 1} {card}" for card in self.extras.pop(seat, ()))
        self.holes.clear()
        if self.market:
            actions.append(f"d dm {''.join(self.market)}")
            self.market.clear()

    def settle(self) -> None:
        """Before any record but a card: the cards dealt so far are written."""
        self.flush()
        self.refill = False


def _write_card(op: CardDealt, w: _LogWriter) -> None:
    assert op.card is not None
    w.counts[op.seat] += 1
    if w.skip_card:
        w.skip_card = False
        return
    if w.market:
        w.flush()
    before = w.before
    if (op.face_up and isinstance(before, CardDealt) and before.seat == op.seat
            and before.face_up and before.card is not None
            and before.card.code >> 2 == w.extra_rank):
        w.extras.setdefault(op.seat, []).append(str(op.card))  # the card a 4 brings
        return
    hidden = not op.face_up and op.seat not in w.shown and w.hide(op.seat)
    w.holes.setdefault(op.seat, []).append(UNKNOWN if hidden else str(op.card))


def _write_market(op: MarketDealt, w: _LogWriter) -> None:
    if w.refill:
        w.flush()
        w.actions.append(f"d dm {op.card}")
        w.refill = False
        return
    if w.holes:
        w.flush()
    w.market.append(str(op.card))


def _write_street(op: StreetStarted, w: _LogWriter) -> None:
    w.settle()
    if op.index > 0 and w.insert_at is None:
        w.insert_at, w.held = len(w.actions), list(w.counts)  # no betting on third street


def _write_community(op: CommunityCardDealt, w: _LogWriter) -> None:
    w.settle()
    w.actions.append(f"d db {op.card}")


def _write_action(op: ActionTaken, w: _LogWriter) -> None:
    w.settle()
    a = op.action
    p = w.player[a.seat]
    if a.kind is ActionKind.TAKE_CARD:
        w.actions.append(f"d dh p{p + 1} {op.cards[0]}")
        w.skip_card = True
    elif a.kind is ActionKind.BUY:
        w.actions.append(f"p{p + 1} mb {a.slot}")
        w.skip_card = w.refill = True
    elif a.kind in (ActionKind.SHOW, ActionKind.MUCK):
        w.showdown.append((a.seat, a.kind))
        if not w.stud:
            w.actions.append(_show_text(w.hand, a.seat, a.kind, len(w.hand.cards[a.seat]), p))
    else:
        w.actions.append(_phh_action(a, p))
        w.insert_at, w.held = len(w.actions), list(w.counts)


def _write_nothing_but_the_cards(op: Operation, w: _LogWriter) -> None:
    w.settle()  # antes, returned chips, pots and the end: written from the hand's totals


_WRITE: LogReader[None] = LogReader("phh", {
    CardDealt: _write_card, MarketDealt: _write_market, StreetStarted: _write_street,
    CommunityCardDealt: _write_community, ActionTaken: _write_action,
    WildRanksChanged: LogReader.skip,  # the cards say it (R8.3): it never splits a street's dealing
    AntePosted: _write_nothing_but_the_cards, ChipsReturned: _write_nothing_but_the_cards,
    PotAwarded: _write_nothing_but_the_cards, HandEnded: _write_nothing_but_the_cards,
})
"""How each log record is written into a history's actions (:func:`from_hand`)."""


def from_hand(hand: Hand, *, public: bool = False, viewer: int | None = None,
              fields: Mapping[str, object] | None = None) -> HandHistory:
    """The hand (finished or not) as a :class:`HandHistory`, built from its operation log.

    ``public=True`` writes the down cards of players who never showed as
    ``??``; ``viewer=seat`` does the same except for that seat's own cards
    (the hand as that player saw it). ``fields`` adds optional fields, e.g. ``{"players": [...],
    "hand": 12}`` (in ``p1, p2, ...`` order). ``seats`` (the table's seat
    numbers from the dealer's left, 1-based), ``finishing_stacks`` and
    ``winnings`` (chips collected from pots) are filled in from the hand.
    """
    game, n, dealer = hand.game, hand.n, hand.dealer
    order = phh_order(dealer, n)
    player = {seat: i for i, seat in enumerate(order)}
    if viewer is not None and not (isinstance(viewer, int) and 0 <= viewer < n):
        raise ValueError(f"viewer must be a seat 0..{n - 1}, got {viewer!r}")
    masked = public or viewer is not None

    def hide(seat: int) -> bool:
        return masked and seat != viewer
    shown = frozenset(op.action.seat for op in hand.log
                      if isinstance(op, ActionTaken) and op.action.kind is ActionKind.SHOW)
    stud = not game.has_market
    w = _LogWriter(hand, player, hide, shown, stud)
    for op in hand.log:
        _WRITE(op, w)
        w.before = op
    w.flush()
    actions, counts, showdown = w.actions, w.counts, w.showdown
    insert_at, held = w.insert_at, w.held
    acted = {s for s, _ in showdown}
    # Everyone else mucked: the last player took the pot without showing (R1.9). PokerKit
    # needs every contender's decision, so the full history shows that player's cards;
    # the public one writes them unknown.
    last = [s for s in order if not hand.folded[s] and s not in acted] \
        if showdown and hand.is_over else []
    if stud:
        at = len(actions) if insert_at is None else insert_at
        if insert_at is None:
            held = list(counts)
        shows = [_show_text(hand, s, kind, held[s], player[s]) for s, kind in showdown]
        shows += [_show_text(hand, s, ActionKind.SHOW, held[s], player[s], hide=hide(s))
                  for s in last]
        if at < len(actions) and showdown:
            # Betting ended before the last card. PokerKit (and the standard: all-in hands
            # are shown) exposes every hand at once, deals the rest, then asks each player
            # to show or muck: the exposure holds the cards held then, the decisions follow.
            exposed = [s for s, _ in showdown] + last
            exposure = [_show_text(hand, s, ActionKind.SHOW, held[s], player[s],
                                   hide=hide(s) and s not in shown) for s in exposed]
            decisions = [_show_text(hand, s, kind, counts[s], player[s]) for s, kind in showdown]
            decisions += [_show_text(hand, s, ActionKind.SHOW, counts[s], player[s], hide=hide(s))
                          for s in last]
            actions[at:] = exposure + actions[at:] + decisions
        else:
            actions[at:at] = shows
    else:
        actions += [_show_text(hand, s, ActionKind.SHOW, counts[s], player[s], hide=hide(s))
                    for s in last]
    stacks = [hand.starting_stacks[s] for s in order]
    h = HandHistory(
        variant=_GAME_VARIANTS[game.name],
        antes=[game.ante] * n, starting_stacks=stacks, actions=actions, seats=[s + 1 for s in order],
    )
    for key, value in to_options(game).items():  # every game option has a history field of its name
        if key not in ("game", "ante"):
            setattr(h, key, value)
    if game.bring_in_amount and any(s < game.ante for s in stacks):
        h.ante_trimming_status = True  # a short ante wins only what it put in (R1.6)
    if hand.left:
        h.left = sorted(player[s] + 1 for s in hand.left)
    if hand.is_over:
        h.finishing_stacks = [hand.stacks[s] for s in order]
        won = [0] * n
        for op in hand.log:
            if isinstance(op, PotAwarded):
                won[op.seat] += op.amount
        h.winnings = [won[s] for s in order]
    for key, value in (fields or {}).items():
        if key in ("players", "seats", "seat_count", "finishing_stacks", "winnings", "hand",
                   "table"):
            setattr(h, key, value)
        else:
            h.fields[key] = value
    h.action_lines = [None] * len(actions)
    return h


# --------------------------------------------------------------------------
# Replay
# --------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class ReplayResult:
    """A replayed hand: the engine's :class:`Hand`, and how it maps to the file.

    ``dealer``: the seat with the button (``p1`` is the seat after it).
    ``unknown``: the cards that stand in for ``??`` (shown as ``??``).
    ``steps``: for each file action applied, ``(action index, log length after it)``.
    """

    history: HandHistory
    hand: Hand
    unknown: frozenset[Card]
    steps: tuple[tuple[int, int], ...]

    def seat(self, player: int) -> int:
        """The seat of player ``player`` (0-based: 0 is ``p1``)."""
        return phh_order(self.hand.dealer, self.hand.n)[player]

    def player(self, seat: int) -> int:
        """The 0-based player index (0 is ``p1``) of ``seat``."""
        return phh_order(self.hand.dealer, self.hand.n).index(seat)

    def label(self, seat: int) -> str:
        """``"p1"``..., with the player's name when the file has ``players``."""
        p = self.player(seat)
        names = self.history.players
        if names and names[p]:
            return f"p{p + 1} ({names[p]})"
        return f"p{p + 1}"

    @property
    def finishing_stacks(self) -> list[int]:
        """Stacks in ``p1, p2, ...`` order (current stacks if the hand is unfinished)."""
        return [self.hand.stacks[self.seat(p)] for p in range(self.hand.n)]

    @property
    def winnings(self) -> list[int]:
        """Chips won (+) or lost (-) per player, in ``p1, p2, ...`` order."""
        return [self.hand.payoffs[self.seat(p)] for p in range(self.hand.n)]


_BOUGHT: Final = "bought"
_BETTING_KINDS: Final = frozenset({ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL,
                                   ActionKind.BRING_IN, ActionKind.COMPLETE, ActionKind.BET,
                                   ActionKind.RAISE})


class _Replayer:
    """Replays one history. The engine takes its deck up front, so the deck is
    planned: each card the file names goes where the engine will draw it (seat
    N's k-th card, the j-th market card, the j-th community card). Where the
    draw order depends on play (folds, card rounds) the hand is dealt again
    with the corrected deck and the actions so far re-applied."""

    def __init__(self, history: HandHistory, game: Game | None = None) -> None:
        self.h = h = history
        self.game = h.game() if game is None else game
        self.n = n = h.player_count
        self.dealer = self._dealer()
        self.order = phh_order(self.dealer, n)
        self.player_of = [0] * n  # by seat: the 0-based player index
        for p, seat in enumerate(self.order):
            self.player_of[seat] = p
        self.acts: list[_Act] = []
        for i, text in enumerate(h.actions):
            try:
                self.acts.append(_parse_action(text, n, h.variant))
            except _Reject as exc:
                raise h.error(exc.reason, action_index=i) from None
        self.deck_cards = full_deck(joker=self.game.joker)
        self._prescan()
        self.applied: list[Action | int] = []  # an int: that seat left (Hand.leave, R4.3)
        self.deferred: dict[int, int] = {}  # seat -> action index of a show/muck not yet due
        self.hand = self._deal()
        self._reset_scan()
        try:
            self._sync()
        except _Reject as exc:
            raise h.error(exc.reason, key="actions") from None

    def _dealer(self) -> int:
        seats, n = self.h.seats, self.n
        if seats is not None and sorted(seats) == list(range(1, n + 1)):
            dealer = (seats[0] - 2) % n
            if [s - 1 for s in seats] == phh_order(dealer, n):
                return dealer
        return n - 1

    def seat(self, player: int) -> int:
        return self.order[player]

    def player(self, seat: int) -> int:
        return self.player_of[seat]

    def label(self, seat: int) -> str:
        return f"p{self.player(seat) + 1}"

    # ------------------------------------------------------------ planning

    def _prescan(self) -> None:
        """What the file says each card is; where each dealing action starts."""
        n = self.n
        events: list[list[Card | str | None]] = [[] for _ in range(n)]
        shown: list[tuple[int, int, tuple[Card | None, ...]]] = []  # (action, player, cards)
        self.decision: dict[int, int] = {}  # player -> index of their last show or muck
        self.market: list[Card | None] = []
        self.community: list[Card | None] = []
        self.start: dict[int, int] = {}  # action index -> index of its first card
        first_seen: dict[Card, int] = {}
        allowed = set(self.deck_cards)
        self.problems: dict[int, str] = {}  # action index -> why it cannot be

        def note(card: Card | None, i: int) -> Card | None:
            """The card if it may be dealt here; a problem is reported when action i is due."""
            if card is None:
                return None
            if card not in allowed:
                self.problems.setdefault(i, f"card {card} is not in this game's deck (the "
                                            "joker needs _joker = true)")
                return None
            if card in first_seen:
                self.problems.setdefault(i, f"card {card} is dealt twice (first in actions"
                                            f"[{first_seen[card]}]): a deck has one of each "
                                            "card (R1.1, R1.10)")
                return None
            first_seen[card] = i
            return card

        for i, act in enumerate(self.acts):
            if act.verb == "dh":
                self.start[i] = len(events[act.player])
                events[act.player].extend(note(c, i) for c in act.cards)
            elif act.verb == "mb":
                events[act.player].append(_BOUGHT)
            elif act.verb == "dm":
                self.start[i] = len(self.market)
                self.market.extend(note(c, i) for c in act.cards)
            elif act.verb == "db":
                self.start[i] = len(self.community)
                self.community.extend(note(c, i) for c in act.cards)
            elif act.verb == "sm":
                self.decision[act.player] = i  # the last one decides; earlier ones expose
                if act.cards:
                    shown.append((i, act.player, act.cards))
        for i, p, cards in shown:  # shown cards fill in what was dealt unseen
            ev = events[p]
            for k, c in enumerate(cards):
                if c is None:
                    continue
                if k >= len(ev):
                    ev.append(note(c, i))
                elif ev[k] is None and i not in self.problems:
                    ev[k] = note(c, i)
                # else: a bought card, or one dealt known: checked when the show is due
        self.events = events
        self.named = frozenset(first_seen)
        self.deck = self._plan()

    def _plan(self) -> list[Card]:
        """The deck in the order the engine will draw it, if every player the file deals
        a card on a street was in the hand when it was dealt (else :meth:`_sync` fixes it).

        The streets of the game are dealt as the engine deals them: round by round to
        the players the file still has cards for, from the dealer's left; a round the
        stub cannot give to them all is one community card (R1.10); a face-up card of
        the game's ``extra_card_rank`` brings its holder the next card at once (R8.2),
        so a player's k-th card need not be dealt on the k-th round; a Wall Street card
        round takes a player's card from the stub or, for a bought slot, refills the
        market from it (R3.5)."""
        n, events, game = self.n, self.events, self.game
        size = len(self.deck_cards)
        extra = game.extra_card_rank
        keys: list[tuple[str, int, int]] = []
        counts = [0] * n  # by player: the cards planned so far
        mcount = ccount = 0

        def give(p: int, face_up: bool, owed: int) -> None:
            keys.append(("p", self.seat(p), counts[p]))
            counts[p] += 1
            card = self._want(keys[-1])
            if face_up and extra is not None and card is not None and not card.is_joker \
                    and card.code >> 2 == extra and size - len(keys) > owed \
                    and counts[p] < len(events[p]):
                give(p, True, owed)  # R8.2: the next card at once

        for index, street in enumerate(game.streets):
            if street.card_round:
                for p in range(n):
                    if counts[p] >= len(events[p]) or len(keys) >= size:
                        continue
                    if events[p][counts[p]] is _BOUGHT:
                        keys.append(("m", 0, mcount))  # the refill of the bought slot
                        mcount += 1
                        counts[p] += 1
                    else:
                        give(p, True, 0)
                continue
            for k in range(street.down + street.up):
                active = [p for p in range(n) if counts[p] < len(events[p])]
                if index and not active:  # nobody has a card here: a community card (R1.10)
                    if ccount < len(self.community) and len(keys) < size:
                        keys.append(("c", 0, ccount))
                        ccount += 1
                    continue
                if size - len(keys) < len(active):  # R1.10
                    if len(keys) < size:
                        keys.append(("c", 0, ccount))
                        ccount += 1
                    continue
                for i, p in enumerate(active):
                    give(p, k >= street.down, len(active) - 1 - i)
            for _ in range(street.market):
                if len(keys) < size:
                    keys.append(("m", 0, mcount))
                    mcount += 1
        plan = [self._want(key) for key in keys]
        placed = {c for c in plan if c is not None}
        rest = [c for c in self.deck_cards if c not in self.named]
        rest += [c for c in self.deck_cards if c in self.named and c not in placed]
        deck: list[Card] = []
        fill = iter(rest)
        for c in plan:
            card = c if c is not None else next(fill, None)
            if card is None:
                break
            deck.append(card)
        deck += list(fill)
        return deck

    def _deal(self) -> Hand:
        try:
            return self.game.deal(stacks=[self.h.starting_stacks[self.player(s)]
                                          for s in range(self.n)],
                                  dealer=self.dealer, deck=self.deck, seed=0)
        except GameError as exc:
            raise self.h.error(str(exc), key="starting_stacks") from None

    def _reset_scan(self) -> None:
        self.scanned = 0
        self.draws = 0
        self.counts = [0] * self.n
        self.mcount = 0
        self.ccount = 0
        self.after_buy = False
        self.unknown: set[Card] = set()
        self.market_dealt: list[Card] = []  # every market card dealt so far, in order
        self.decided: set[int] = set()  # seats that showed or mucked

    def _want(self, key: tuple[str, int, int]) -> Card | None:
        kind, a, b = key
        if kind == "p":
            ev = self.events[self.player(a)]
            c = ev[b] if b < len(ev) else None
            return c if isinstance(c, Card) else None
        cards = self.market if kind == "m" else self.community
        return cards[b] if b < len(cards) else None

    def _scan(self) -> bool:
        """Check the new draws against the plan; fix the plan; True if it changed."""
        changed = False
        log = self.hand.log
        for op in log[self.scanned:]:
            key: tuple[str, int, int] | None = None
            kind = type(op)
            if kind is CardDealt:
                assert isinstance(op, CardDealt)
                if self.after_buy:
                    self.after_buy = False
                else:
                    key = ("p", op.seat, self.counts[op.seat])
                self.counts[op.seat] += 1
            elif kind is ActionTaken:
                assert isinstance(op, ActionTaken)
                verb = op.action.kind
                self.after_buy = verb is ActionKind.BUY
                if verb is ActionKind.SHOW or verb is ActionKind.MUCK:
                    self.decided.add(op.action.seat)
                continue
            elif kind is MarketDealt:
                assert isinstance(op, MarketDealt)
                key = ("m", 0, self.mcount)
                self.mcount += 1
                self.market_dealt.append(op.card)
            elif kind is CommunityCardDealt:
                key = ("c", 0, self.ccount)
                self.ccount += 1
            if key is None:
                continue
            pos = self.draws
            self.draws += 1
            want = self._want(key)
            planned = self.deck[pos]
            if want is None:
                if planned in self.named:  # keep named cards for their own places
                    spare = next((j for j in range(pos + 1, len(self.deck))
                                  if self.deck[j] not in self.named), None)
                    if spare is not None:
                        self._swap(pos, spare)
                        changed = True
                self.unknown.add(self.deck[pos])
            elif planned is not want:
                j = self.deck.index(want)
                if j < pos:
                    raise _Reject(f"card {want} is needed twice: the deck has too few cards "
                                  "for the cards this file names")
                self._swap(pos, j)
                changed = True
        self.scanned = len(log)
        return changed

    def _swap(self, i: int, j: int) -> None:
        self.deck[i], self.deck[j] = self.deck[j], self.deck[i]

    def _sync(self) -> None:
        """After the engine dealt: make its cards the file's cards."""
        for _ in range(100):
            if not self._scan():
                return
            self.hand = self._deal()
            for a in self.applied:
                if isinstance(a, int):
                    self.hand.leave(a)
                else:
                    self.hand.apply(a)
            self._reset_scan()
        raise AssertionError("deck planning did not settle")  # pragma: no cover

    # --------------------------------------------------------------- play

    def run(self) -> ReplayResult:
        steps: list[tuple[int, int]] = []
        for i, act in enumerate(self.acts):
            try:
                if i in self.problems:
                    raise _Reject(self.problems[i])
                self._leave_ahead(i)
                self._step(i, act)
            except _Reject as exc:
                raise self.h.error(exc.reason, action_index=i, legal=exc.legal) from None
            steps.append((i, len(self.hand.log)))
        self._check_results()
        return ReplayResult(history=self.h, hand=self.hand, unknown=frozenset(self.unknown),
                            steps=tuple(steps))

    def _situation(self) -> str:
        hand = self.hand
        if hand.is_over:
            return "the hand is over"
        who = "" if hand.to_act is None else self.label(hand.to_act)
        if hand.phase is Phase.BETTING:
            return f"{hand.street_name} street betting is not over ({who} to act)"
        if hand.phase is Phase.CARD_ROUND:
            return f"it is {who}'s turn in the {hand.street_name} street card round"
        if hand.phase is Phase.PAY_OR_FOLD:
            return (f"{who} pays {hand.game.up_card_price} for a face-up 3 or folds "
                    f"on {hand.street_name} street")
        return f"the hand is at showdown ({who} to show or muck)"

    def _translate(self, reason: str) -> str:
        return re.sub(r"seat (\d+)", lambda m: self.label(int(m.group(1))), reason)

    def _legal(self) -> list[str]:
        hand = self.hand
        out = []
        for a in hand.legal_actions():
            text = _phh_action(a, self.player(a.seat))
            if a.kind is ActionKind.SHOW:
                text = f"p{self.player(a.seat) + 1} sm " + _cards_text(
                    [c for c, _ in hand.cards[a.seat]])
            if text not in out:
                out.append(text)
        return out

    def _apply(self, action: Action) -> None:
        hand = self.hand
        try:
            hand.apply(action)
        except IllegalAction as exc:
            raise _Reject(self._reject_reason(action, exc.reason), self._legal()) from None
        self.applied.append(action)
        if len(hand.log) == self.scanned + 1 and action.kind in _BETTING_KINDS:
            self.scanned += 1  # only the decision was logged: nothing dealt to check
            self.after_buy = False
            return
        self._sync()

    def _reject_reason(self, action: Action, reason: str) -> str:
        hand = self.hand
        text = self._translate(reason)
        if reason.startswith("cannot") and action.seat == hand.to_act:
            kinds = {a.kind for a in hand.legal_actions()}
            if action.kind is ActionKind.FOLD and ActionKind.CHECK in kinds:
                text += " (nothing is owed: check with cc)"
            elif action.kind is ActionKind.MUCK:
                text += " (the last player holding cards in a pot must show)"
            elif action.kind.is_aggressive and hand.phase is Phase.BETTING:
                text += " (no full raise since this player acted, the betting is capped, or " \
                        "no opponent has chips)"
            elif hand.phase is not Phase.BETTING:
                text += f": {self._situation()}"
        return text

    def _reject(self, action: Action) -> _Reject:
        reason = self.hand.check(action) or f"not allowed now: {self._situation()}"
        return _Reject(self._reject_reason(action, reason), self._legal())

    def _legal_one(self, seat: int, *kinds: ActionKind, amount: int | None = None,
                   slot: int = 0) -> Action | None:
        if self.hand.to_act != seat:
            return None
        for a in self.hand.legal_actions():
            if a.kind in kinds and (amount is None or a.amount == amount) \
                    and (not slot or a.slot == slot):
                return a
        return None

    def _step(self, i: int, act: _Act) -> None:
        hand = self.hand
        if act.verb == "":
            return
        if act.verb == "dh":
            self._deal_hole(i, act)
            return
        if act.verb in ("db", "dm"):
            dealt = hand.community if act.verb == "db" else self.market_dealt
            start = self.start[i]
            what = "community card" if act.verb == "db" else "market card"
            if len(dealt) < start + len(act.cards):
                if act.verb == "db" and not hand.is_over and hand.stub_size >= len(hand.active):
                    raise _Reject(f"no {what} is dealt here: {self._situation()}; a community "
                                  "card is dealt only when the stub is short (R1.10)")
                raise _Reject(f"no {what} is dealt here: {self._situation()}")
            for k, c in enumerate(act.cards):
                if c is not None and dealt[start + k] is not c:
                    raise _Reject(f"the {what} here is {dealt[start + k]}, not {c}")
            return
        seat = self.seat(act.player)
        if act.verb == "sm":
            self._show_or_muck(i, act, seat)
            return
        if hand.is_over:
            raise _Reject("the hand is over")
        action: Action | None
        if act.verb == "pb":
            action = self._legal_one(seat, ActionKind.BRING_IN)
        elif act.verb == "f":
            action = self._legal_one(seat, ActionKind.FOLD)
        elif act.verb == "cc":
            action = self._legal_one(seat, ActionKind.CHECK, ActionKind.CALL)
        elif act.verb == "cbr":
            action = self._legal_one(seat, ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE,
                                     amount=act.amount)
        elif act.verb == "pay":  # R8.2: a face-up 3 paid for
            action = self._legal_one(seat, ActionKind.PAY, amount=act.amount)
        else:  # mb
            action = self._legal_one(seat, ActionKind.BUY, slot=act.amount)
        if action is None and act.verb == "f" and self._left(seat):
            action = self._legal_one(seat, ActionKind.FOLD)
        if action is None:
            raise self._reject(self._candidate(act, seat))
        self._apply(action)

    def _candidate(self, act: _Act, seat: int) -> Action:
        """The engine action a refused file action stands for (for the error message)."""
        if act.verb == "pb":
            return Action(seat=seat, kind=ActionKind.BRING_IN, amount=self.game.bring_in_amount)
        if act.verb == "f":
            return Action(seat=seat, kind=ActionKind.FOLD)
        if act.verb == "cc":
            return Action(seat=seat, kind=ActionKind.CHECK)
        if act.verb == "cbr":
            return Action(seat=seat, kind=self._aggressive_kind(seat), amount=act.amount)
        if act.verb == "pay":
            return Action(seat=seat, kind=ActionKind.PAY, amount=act.amount)
        price = self.game.market_price(act.amount)
        return Action(seat=seat, kind=ActionKind.BUY, slot=act.amount, amount=price)

    def _left(self, seat: int) -> bool:
        """A fold the rules offer only to a player who has left (R4.3: where a check is
        legal, or in a card round), by a player the ``_left`` field lists: the player left
        here; mark them so."""
        hand = self.hand
        if not self.h.left or self.player(seat) + 1 not in self.h.left:
            return False
        if hand.to_act != seat or hand.phase is Phase.SHOWDOWN or seat in hand.left:
            return False
        if hand.phase is Phase.BETTING and not any(
                a.kind is ActionKind.CHECK for a in hand.legal_actions()):
            return False
        self._leave(seat)  # in a betting round with a check, or a card round: a fold follows
        return True

    def _leave_ahead(self, i: int) -> None:
        """R4.3: in Wall Street a player who left with chips is folded in the card round, where
        the engine would otherwise deal the free card at once to a player who can afford no
        slot. So when the next action is the fold of a player the ``_left`` field lists,
        and this one is someone else's, the player has left by now: mark them before it."""
        if not self.h.left or self.h.variant != WALL_STREET or i + 1 >= len(self.acts):
            return
        act, nxt = self.acts[i], self.acts[i + 1]
        if nxt.verb != "f" or nxt.player == act.player or nxt.player + 1 not in self.h.left:
            return
        seat, hand = self.seat(nxt.player), self.hand
        if not hand.is_over and not hand.folded[seat] and seat not in hand.left and hand.stacks[seat]:
            self._leave(seat)

    def _leave(self, seat: int) -> None:
        self.hand.leave(seat)
        self.applied.append(seat)

    def _aggressive_kind(self, seat: int) -> ActionKind:
        hand = self.hand
        legal = hand.legal_actions() if hand.to_act == seat else []
        for a in legal:
            if a.kind.is_aggressive:
                return a.kind
        completed = any(isinstance(op, ActionTaken) and op.action.kind is ActionKind.COMPLETE
                        for op in hand.log)
        if hand.street == 0 and self.game.bring_in_amount and not completed:
            return ActionKind.COMPLETE
        if any(a.kind is ActionKind.CHECK for a in legal):
            return ActionKind.BET
        return ActionKind.RAISE

    def _deal_hole(self, i: int, act: _Act) -> None:
        hand, seat = self.hand, self.seat(act.player)
        start, m = self.start[i], len(act.cards)
        have = len(hand.cards[seat])
        if have < start + m:
            free = (hand.phase is Phase.CARD_ROUND and hand.to_act == seat and m == 1
                    and have == start)
            if not free:
                if hand.folded[seat] and not hand.is_over:
                    raise _Reject(f"{self.label(seat)} has folded and gets no more cards")
                raise _Reject(f"{self.label(seat)} is not dealt {'a card' if m == 1 else 'cards'} "
                              f"here: {self._situation()}")
            take = self._legal_one(seat, ActionKind.TAKE_CARD)
            assert take is not None
            self._apply(take)
            hand = self.hand
        cards = hand.cards[seat]
        for k, c in enumerate(act.cards):
            got = cards[start + k][0]
            if c is not None and got is not c:
                raise _Reject(f"{self.label(seat)}'s card {start + k + 1} is {got}, not {c}")

    def _show_or_muck(self, i: int, act: _Act, seat: int) -> None:
        hand = self.hand
        if hand.folded[seat]:
            raise _Reject(f"{self.label(seat)} is not in the hand")
        self._check_shown(act, seat)
        if hand.is_over:
            return  # e.g. after everyone else mucked, the hand was settled (R1.9)
        if hand.phase is not Phase.SHOWDOWN:
            raise _Reject(f"cannot show or muck now: {self._situation()}", self._legal())
        if self.decision[act.player] != i:
            return  # an all-in exposure: the player's last show or muck is the decision
        if seat in self.decided or seat in self.deferred:
            raise _Reject(f"{self.label(seat)} has already shown or mucked")
        self.deferred[seat] = i  # the file may list the showdown in another order than R1.9
        while self.hand.to_act in self.deferred and not self.hand.is_over:
            s = self.hand.to_act
            j = self.deferred.pop(s)
            kind = ActionKind.SHOW if self.acts[j].show else ActionKind.MUCK
            action = Action(seat=s, kind=kind)
            if kind is ActionKind.MUCK and not self.game.showdown_muck and s is not None \
                    and s not in self.hand.left and self.h.left \
                    and self.player(s) + 1 in self.h.left:
                self._leave(s)  # no muck at this showdown (R3.10): the player left (R4.3)
            try:
                self._apply(action)
            except _Reject as exc:
                raise self.h.error(exc.reason, action_index=j, legal=exc.legal) from None

    def _check_shown(self, act: _Act, seat: int) -> None:
        cards = self.hand.cards[seat]
        if len(act.cards) > len(cards):
            raise _Reject(f"{self.label(seat)} shows {len(act.cards)} cards but holds {len(cards)}")
        for k, c in enumerate(act.cards):
            if c is not None and cards[k][0] is not c:
                raise _Reject(f"{self.label(seat)} shows {c} as card {k + 1} but was dealt "
                              f"{_card_name(cards[k][0], self.unknown)}")

    def _check_results(self) -> None:
        h = self.h
        if h.finishing_stacks is None:
            return
        ours = [self.hand.stacks[self.seat(p)] for p in range(self.n)]
        if ours != list(h.finishing_stacks):
            hint = ""
            if h.variant in _STUD_FAMILY:
                hint = (f" (other software may split pots by other rules, e.g. PokerKit gives odd "
                        f"chips by seat: see {_DIFFERENCES_DOC})")
            raise h.error(f"finishing_stacks {h.finishing_stacks} disagree with the replay, which "
                          f"gives {ours}{hint}", key="finishing_stacks")


def replay_result(history: HandHistory, *, game: Game | None = None) -> ReplayResult:
    """Replay ``history`` through the engine; the hand with its mapping to the file.

    Raises :class:`PHHError` at the first action that is malformed,
    inconsistent with the deal, or forbidden by our rules (the reason is the
    engine's). ``??`` cards are replaced by cards nobody else holds. A
    history that stops early gives an unfinished hand; one with
    ``finishing_stacks`` must end with those stacks. ``game`` is the
    history's own game (``history.game()``) when the caller already has it:
    hands of one game replayed with one game object share what the game keeps
    from hand to hand (:mod:`studpoker.stats` does so).
    """
    return _Replayer(history, game).run()


def replay(history: HandHistory) -> Hand:
    """Replay ``history`` and return the engine's hand (see :func:`replay_result`)."""
    return replay_result(history).hand


def for_viewer(history: HandHistory, player: int) -> HandHistory:
    """The hand as player ``player`` (0-based: 0 is ``p1``) saw it: the other players'
    down cards that were never shown become ``??`` ("download all my hands").

    ``history`` is a full history (every card known). Its optional fields
    (``players``, ``hand``, ``table``, ``seats``, user fields, ...) are kept.
    Raises :class:`PHHError` when the history does not replay.
    """
    if not isinstance(player, int) or not 0 <= player < history.player_count:
        raise history.error(f"there is no player p{player + 1 if isinstance(player, int) else player}"
                            f": this hand has {history.player_count} players")
    result = replay_result(history)
    out = from_hand(result.hand, viewer=result.seat(player), fields=dict(history.fields))
    for key in ("players", "seats", "seat_count", "hand", "table"):
        value = getattr(history, key)
        if value is not None:
            setattr(out, key, value)
    out.name = history.name
    return out


def replay_all(source: str | os.PathLike[str]) -> list[ReplayResult]:
    """Read every hand of PHH text or a file and replay it (first error raised)."""
    return [replay_result(h) for h in read(source)]


# --------------------------------------------------------------------------
# Reports for people and scripts (the ``studpoker replay`` command)
# --------------------------------------------------------------------------


def _pot_winners(result: ReplayResult, pot: PotResult) -> list[int]:
    winners = list(pot.high_winners)
    winners += [s for s in (*pot.low_winners, *pot.spade_winners) if s not in winners]
    return winners


def summary_dict(result: ReplayResult) -> dict[str, object]:
    """JSON-ready summary: variant, finishing stacks, signed winnings and pots, per player."""
    h, hand = result.history, result.hand
    labels = [f"p{p + 1}" for p in range(hand.n)]
    pots = []
    for pot in hand.results:
        pots.append({
            "pot": pot.index,
            "name": pot.name,
            "amount": pot.amount,
            "winners": [labels[result.player(s)] for s in _pot_winners(result, pot)],
            "high_winners": [labels[result.player(s)] for s in pot.high_winners],
            "low_winners": [labels[result.player(s)] for s in pot.low_winners],
            "high_hand": None if pot.high_hand is None else pot.high_hand.description,
            "low_hand": None if pot.low_hand is None else pot.low_hand.description,
            "shares": {labels[result.player(s)]: a for s, a in pot.shares},
        })
        if pot.spade_winners:  # R8.4: the Chicago spade half
            pots[-1]["spade_winners"] = [labels[result.player(s)] for s in pot.spade_winners]
            pots[-1]["spade_hand"] = None if pot.spade_hand is None else pot.spade_hand.description
    return {
        "hand": h.index + 1,
        "name": h.name,
        "variant": h.variant,
        "players": h.players or labels,
        "complete": hand.is_over,
        "starting_stacks": list(h.starting_stacks),
        "finishing_stacks": result.finishing_stacks,
        "winnings": result.winnings,
        "pots": pots,
    }


def summary_lines(result: ReplayResult) -> list[str]:
    """The summary for people: finishing stacks, each pot with its winners and their hands."""
    h, hand = result.history, result.hand
    name = f" [{h.name}]" if h.name not in (None, str(h.index + 1)) else ""
    game = GAMES[_VARIANT_GAMES[h.variant]].title
    state = "" if hand.is_over else f" (unfinished: {_situation_of(result)})"
    lines = [f"hand {h.index + 1}{name}: {game} ({h.variant}), {hand.n} players{state}"]
    for p in range(hand.n):
        s = result.seat(p)
        lines.append(f"  {result.label(s)}: {hand.starting_stacks[s]} -> {hand.stacks[s]} "
                     f"({hand.payoffs[s]:+d})")
    for pot in hand.results:
        for s, amount in pot.shares:
            with_hand = []
            if pot.high_hand is not None and s in pot.high_winners:
                with_hand.append(pot.high_hand.description)
            if pot.low_hand is not None and s in pot.low_winners:
                with_hand.append(pot.low_hand.description)
            how = " with " + " and ".join(with_hand) if with_hand else ""
            if pot.spade_hand is not None and s in pot.spade_winners:  # R8.4
                how += ("; " if how else " with ") + pot.spade_hand.description
            how = how or " uncontested"
            lines.append(f"  {pot.name} ({pot.amount}): {result.label(s)} wins {amount}{how}")
    return lines


def _situation_of(result: ReplayResult) -> str:
    hand = result.hand
    if hand.to_act is None:
        return "no one to act"
    return f"{result.label(hand.to_act)} to act on {hand.street_name} street"


def _card(result: ReplayResult, card: Card | None) -> str:
    return UNKNOWN if card is None or card in result.unknown else str(card)


def _describe(result: ReplayResult, op: Operation) -> str | None:
    if isinstance(op, HandEnded):
        return None
    return describe_operation(op, names=result.label, unseen=result.unknown)


def step_blocks(result: ReplayResult) -> list[list[str]]:
    """The hand street by street, for a reader: one block of lines per street, then the result."""
    hand = result.hand
    blocks: list[list[str]] = []
    block: list[str] = [f"{result.history.variant} hand {result.history.index + 1}: "
                        + ", ".join(f"{result.label(result.seat(p))} {hand.starting_stacks[result.seat(p)]}"
                                    for p in range(hand.n))]
    dealt: dict[int, list[str]] = {}
    market: list[str] = []
    buying = False

    def flush() -> None:
        for s, cards in dealt.items():
            block.append(f"  {result.label(s)} gets {' '.join(cards)}")
        dealt.clear()
        if market:
            block.append(f"  market: {' '.join(market)}")
            market.clear()

    for op in hand.log:
        if isinstance(op, CardDealt) and not buying:
            up = "up" if op.face_up else "down"
            dealt.setdefault(op.seat, []).append(f"{_card(result, op.card)} ({up})")
            continue
        if isinstance(op, CardDealt):
            buying = False
            continue
        if isinstance(op, MarketDealt):
            market.append(f"{op.slot}:{_card(result, op.card)}")
            continue
        flush()
        if isinstance(op, StreetStarted):
            if op.index > 0:
                blocks.append(block)
                block = []
            block.append(f"*** {op.name.upper()} STREET ***  (pot {_pot_before(hand, op)})")
            continue
        if isinstance(op, ActionTaken):
            buying = op.action.kind in (ActionKind.BUY, ActionKind.TAKE_CARD)
        text = _describe(result, op)
        if text is not None and not isinstance(op, PotAwarded):
            block.append(f"  {text}")
    flush()
    blocks.append(block)
    blocks.append(["*** RESULT ***", *summary_lines(result)])
    return blocks


def _pot_before(hand: Hand, street: StreetStarted) -> int:
    """Chips in the middle when ``street`` starts (antes and earlier streets' bets)."""
    total = 0
    for op in hand.log:
        if op is street:
            break
        if isinstance(op, ActionTaken):
            total += op.paid
        elif isinstance(op, AntePosted):
            total += op.amount
        elif isinstance(op, ChipsReturned):
            total -= op.amount
    return total
