"""One hand in PHH form: :class:`HandHistory`, :class:`PHHError` (a malformed history or a
forbidden action, with where and why) and the history's PHH text (:func:`write`,
:func:`write_all`, with the TOML writer they use).

The text lives with the record because :meth:`HandHistory.dumps` writes it; the export from
an engine hand is :mod:`studpoker.phh.writing`.
"""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from studpoker.engine.games import Game, GameError, from_options, option_names
from studpoker.phh.variants import _OPTIONS, _REQUIRED, _STUD_FAMILY, _VARIANT_GAMES, STUD, WALL_STREET

__all__ = [
    "UNKNOWN",
    "HandHistory",
    "PHHError",
    "write",
    "write_all",
]

UNKNOWN: Final = "??"


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
