"""Reading rooms' hand-history files as a stream of imported and refused hands.

:func:`read` decodes a file (UTF-8 or UTF-16, with or without a byte-order
mark, any line ends), splits it into hands one at a time, reads each in its
room's format and replays it through the engine. It yields an
:class:`Imported` hand (its PHH :class:`~studpoker.phh.HandHistory`) or a
:class:`Refusal` (the reason, the line, and the house option that would
cover the room's rule) for every hand; nothing is dropped silently. Memory
stays flat: one hand is held at a time.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Protocol

from studpoker.history.convert import Context, Refused, convert
from studpoker.history.core import (
    Block,
    ByteStream,
    HistoryError,
    ParseError,
    RoomHand,
    decode_lines,
    split_hands,
    text_lines,
)
from studpoker.history.grammar import MAX_LINE
from studpoker.history.rooms import ROOMS, Room, ipoker, merge, room
from studpoker.phh import HandHistory

__all__ = ["Imported", "Refusal", "Summary", "read", "read_text"]


@dataclass(frozen=True, kw_only=True)
class Imported:
    """A hand read and replayed: ``history`` is its PHH form."""

    room: str
    hand_id: str
    history: HandHistory
    source: str | None
    line: int
    status: str = "imported"

    def to_dict(self) -> dict[str, object]:
        """The hand's entry in the JSON report (see docs/import.md)."""
        return {"room": self.room, "hand": self.hand_id, "status": self.status, "reason": None,
                "line": self.line, "line_text": None, "option": None}


@dataclass(frozen=True, kw_only=True)
class Refusal:
    """A hand that was found but not imported: ``reason`` (and ``line``, where the
    reading or the replay stopped), ``option`` the house option that would cover the
    room's rule (None if none), ``cut_off`` for a hand the file ends inside."""

    room: str
    hand_id: str | None
    reason: str
    source: str | None
    line: int | None
    option: str | None = None
    cut_off: bool = False
    status: str = "refused"  # or "duplicate": a hand of the same room and number read before
    line_text: str | None = None

    def __str__(self) -> str:
        where = (self.source or "<text>") + (f":{self.line}" if self.line is not None else "")
        hand = f" hand #{self.hand_id}" if self.hand_id else " hand"
        text = f"{where}: {ROOMS[self.room].title if self.room in ROOMS else self.room}{hand}: {self.reason}"
        if self.option is not None:
            text += f" [house option that would cover it: {self.option}]"
        return text

    def to_dict(self) -> dict[str, object]:
        """JSON-ready: room, hand, status, reason, line, line_text, option, source, cut_off."""
        return {"room": self.room, "hand": self.hand_id, "status": self.status,
                "reason": self.reason, "line": self.line, "line_text": self.line_text,
                "option": self.option, "source": self.source, "cut_off": self.cut_off}


@dataclass
class Summary:
    """Counts per room: hands found, replayed (imported), refused and duplicates; the
    files read and skipped, each with its hands (see the JSON report in docs/import.md)."""

    rooms: dict[str, list[int]] = field(default_factory=dict)
    refusals: list[Refusal] = field(default_factory=list)
    files: list[dict[str, object]] = field(default_factory=list)
    keep: int = 1000  # refusals kept for the report (all are counted)
    keep_hands: int = 100_000  # hands listed per run in the files' entries (all are counted)
    _listed: int = 0

    def file(self, source: str | None, *, skipped: str | None = None) -> None:
        """A file starts (its hands follow), or is skipped with the reason."""
        entry: dict[str, object] = {"file": source, "status": "skipped" if skipped else "read",
                                    "reason": skipped, "hands": []}
        self.files.append(entry)

    def add(self, result: Imported | Refusal) -> None:
        counts = self.rooms.setdefault(result.room, [0, 0, 0, 0])
        if isinstance(result, Refusal) and result.status == "duplicate":
            counts[3] += 1
        else:
            counts[0] += 1
            if isinstance(result, Imported):
                counts[1] += 1
            else:
                counts[2] += 1
                if len(self.refusals) < self.keep:
                    self.refusals.append(result)
        if not self.files or self.files[-1]["file"] != result.source:
            self.file(result.source)
        if self._listed < self.keep_hands:
            hands = self.files[-1]["hands"]
            assert isinstance(hands, list)
            hands.append(result.to_dict())
            self._listed += 1

    @property
    def imported(self) -> int:
        return sum(c[0] for c in self.rooms.values())

    @property
    def replayed(self) -> int:
        return sum(c[1] for c in self.rooms.values())

    @property
    def refused(self) -> int:
        return sum(c[2] for c in self.rooms.values())

    @property
    def duplicates(self) -> int:
        return sum(c[3] for c in self.rooms.values())

    @property
    def skipped(self) -> list[dict[str, object]]:
        return [f for f in self.files if f["status"] == "skipped"]

    def line(self) -> str:
        """``pokerstars: 12 imported, 11 replayed, 1 refused; fulltilt: ...``"""
        if not self.rooms:
            return "no hands"
        return "; ".join(f"{name}: {c[0]:,} imported, {c[1]:,} replayed, {c[2]:,} refused"
                         + (f", {c[3]:,} duplicates" if c[3] else "")
                         for name, c in self.rooms.items())

    def to_dict(self) -> dict[str, object]:
        """JSON-ready: per room counts, totals, the refusals and the files with their hands."""
        return {
            "rooms": {name: {"imported": c[0], "replayed": c[1], "refused": c[2], "duplicate": c[3]}
                      for name, c in self.rooms.items()},
            "imported": self.imported, "replayed": self.replayed, "refused": self.refused,
            "duplicates": self.duplicates,
            "refusals": [r.to_dict() for r in self.refusals],
            "files": self.files,
        }


def _rooms(name: str) -> list[Room]:
    if name == "auto":
        return list(ROOMS.values())
    try:
        return [room(name)]
    except KeyError as exc:
        raise HistoryError(str(exc.args[0])) from None


def read(source: str | os.PathLike[str] | ByteStream, *, room: str = "auto",
         name: str | None = None, seen: set[tuple[str, str]] | None = None) \
        -> Iterator[Imported | Refusal]:
    """Every hand of a room's file (a path, or a binary stream), imported or refused.

    ``room`` is a room name (``"pokerstars"``, ``"fulltilt"``) or ``"auto"`` (each
    hand's header says its room). Raises :class:`HistoryError` when the file cannot
    be read or holds no hand of the room asked for. ``seen`` holds the (room, hand
    number) pairs read so far (shared by the files of one run): a hand read before is
    a ``duplicate`` :class:`Refusal`, not read again.
    """
    rooms = _rooms(room)
    if isinstance(source, str | os.PathLike):
        path = os.fspath(source)
        try:
            handle = open(path, "rb")  # noqa: SIM115 - closed below
        except OSError as exc:
            raise HistoryError(f"cannot read the file: {exc.strerror or exc}", source=path) from None
        with handle:
            yield from _read_lines(decode_lines(handle), rooms, name or path, seen)
        return
    yield from _read_lines(decode_lines(source), rooms, name, seen)


def read_text(text: str, *, room: str = "auto", source: str | None = None,
              seen: set[tuple[str, str]] | None = None) -> Iterator[Imported | Refusal]:
    """Every hand of text already decoded (see :func:`read`)."""
    yield from _read_lines(text_lines(text), _rooms(room), source, seen)


def _read_lines(lines: Iterable[str], rooms: list[Room], source: str | None,
                seen: set[tuple[str, str]] | None = None) -> Iterator[Imported | Refusal]:
    by_name = {r.name: r for r in rooms}
    lines = iter(lines)
    first: list[str] = []
    for line in lines:  # the first line with text says whether the file is XML
        first.append(line)
        if line.strip():
            break
    lines = itertools.chain(first, lines)
    for module in _XML_ROOMS:
        if first and module.is_xml(first[-1]):
            if module.NAME not in by_name:
                raise HistoryError(f"no {' or '.join(r.title for r in rooms)} hands found: a "
                                   f"{module.TITLE} XML file (use --from {module.NAME} or auto)",
                                   source=source)
            yield from _read_xml(lines, module, source, seen)
            return
    headers = [(r.name, r.is_header) for r in rooms if r.rules]
    starts = [s for r in rooms if r.rules for s in r.starts]  # Grammar.is_header tests these first
    context = Context()
    memo: dict[str, object] = {}
    found = 0
    stray: tuple[int, str] | None = None
    for item in split_hands(lines, headers, starts):
        if not isinstance(item, Block):
            stray = stray or item
            continue
        found += 1
        if seen is not None:
            hand_id = _hand_id(item, by_name[item.room])
            if hand_id is not None:
                key = (item.room, hand_id)
                if key in seen:
                    yield Refusal(room=item.room, hand_id=hand_id, status="duplicate",
                                  reason=f"hand #{hand_id} of {by_name[item.room].title} was read "
                                         "before", source=source, line=item.start,
                                  line_text=item.lines[0][:200])
                    continue
                seen.add(key)
        yield _one(item, by_name[item.room], source, context, memo)
    if not found:
        titles = [r.title for r in rooms]
        what = titles[0] if len(titles) == 1 else ", ".join(titles[:-1]) + " or " + titles[-1]
        other = ""
        if stray is not None:
            other = f"; line {stray[0]} reads {stray[1][:60]!r}"
            for r in ROOMS.values():
                if r not in rooms and r.is_header(stray[1].lstrip("\ufeff")):
                    other += f" (a {r.title} hand: use --from {r.name} or auto)"
        raise HistoryError(f"no {what} hands found{other}", source=source)


def _one(block: Block, fmt: Room, source: str | None, context: Context,
         memo: dict[str, object]) -> Imported | Refusal:
    hand_id: str | None = None
    try:
        rh = fmt.parse(block.lines, start=block.start, source=source, memo=memo)
        hand_id = rh.hand_id
        history = convert(rh, options=fmt.options, context=context)
    except ParseError as exc:
        at = exc.line if exc.line is not None else block.start
        return Refusal(room=fmt.name, hand_id=hand_id or _hand_id(block, fmt), reason=exc.reason,
                       source=source, line=at, line_text=_text(block, at),
                       cut_off=not block.ended and block.start + len(block.lines) - 1 <= (exc.line or 0))
    except Refused as exc:
        cut = exc.reason.startswith("the hand is cut off")
        if cut and not block.ended:
            reason = "the hand is cut off: the file ends before its summary"
        elif cut:
            reason = "the hand is cut off: the next hand starts before its summary"
        else:
            reason = exc.reason
        at = exc.line if exc.line is not None else block.start
        return Refusal(room=fmt.name, hand_id=hand_id, reason=reason, source=source,
                       line=at, line_text=_text(block, at), option=exc.option, cut_off=cut)
    except Exception as exc:  # a fault of ours: the hand is refused, the file goes on
        return Refusal(room=fmt.name, hand_id=hand_id or _hand_id(block, fmt),
                       reason=f"internal error reading this hand ({type(exc).__name__}: {exc}); "
                              "please report it with the hand", source=source, line=block.start)
    return Imported(room=fmt.name, hand_id=rh.hand_id, history=history, source=source,
                    line=block.start)


class _XmlRoom(Protocol):
    NAME: str
    TITLE: str

    def is_xml(self, line: str) -> bool: ...

    def read_xml(self, lines: Iterable[str], source: str | None) \
            -> Iterator[tuple[str | None, int, RoomHand | ParseError]]: ...


_XML_ROOMS: tuple[_XmlRoom, ...] = (ipoker, merge)


def _read_xml(lines: Iterable[str], module: _XmlRoom, source: str | None,
              seen: set[tuple[str, str]] | None) -> Iterator[Imported | Refusal]:
    context = Context()
    found = 0
    fmt = ROOMS[module.NAME]
    for code, line, got in module.read_xml(lines, source):
        found += 1
        if seen is not None and code:
            if (fmt.name, code) in seen:
                yield Refusal(room=fmt.name, hand_id=code, status="duplicate",
                              reason=f"hand #{code} of {fmt.title} was read before", source=source,
                              line=line)
                continue
            seen.add((fmt.name, code))
        if isinstance(got, ParseError):
            yield Refusal(room=fmt.name, hand_id=code, reason=got.reason, source=source,
                          line=got.line if got.line is not None else line)
            continue
        try:
            history = convert(got, options=fmt.options, context=context)
        except Refused as exc:
            yield Refusal(room=fmt.name, hand_id=code, reason=exc.reason, source=source,
                          line=exc.line if exc.line is not None else line, option=exc.option)
            continue
        except Exception as exc:  # a fault of ours: the hand is refused, the file goes on
            yield Refusal(room=fmt.name, hand_id=code,
                          reason=f"internal error reading this hand ({type(exc).__name__}: {exc}); "
                                 "please report it with the hand", source=source, line=line)
            continue
        yield Imported(room=fmt.name, hand_id=code or "", history=history, source=source, line=line)
    if not found:
        raise HistoryError(f"no {fmt.title} hands found in this XML file", source=source)


def _text(block: Block, line: int) -> str | None:
    """The text of line ``line`` of the file, when it is one of the hand's."""
    k = line - block.start
    return block.lines[k].strip()[:200] if 0 <= k < len(block.lines) else None


def _hand_id(block: Block, fmt: Room | None = None) -> str | None:
    if fmt is not None:
        m = fmt.header.match(block.lines[0][:MAX_LINE])
        if m is not None and "id" in m.groupdict() and m.group("id"):
            return m.group("id")
    digits = []
    head = block.lines[0]
    at = head.find("#")
    for ch in head[at + 1:] if at >= 0 else "":
        if not ch.isdigit():
            break
        digits.append(ch)
    return "".join(digits) or None
