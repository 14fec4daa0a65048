"""The hand-history commands of the ``studpoker`` CLI: import (rooms' text histories into
PHH) and export (PHH into the PokerStars text format).

:func:`register` adds them to the typer app of :mod:`studpoker.cli`; the work is
done by :mod:`studpoker.history`.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, BinaryIO

import typer
from rich.console import Console
from rich.progress import BarColumn, DownloadColumn, Progress, TaskID, TimeRemainingColumn

__all__ = ["register"]

_SHOWN_REFUSALS = 50  # refusals printed one by one; the rest are counted (all are in --json)


class _Counting:
    """A binary file that moves the progress bar by the bytes read."""

    def __init__(self, handle: BinaryIO, bar: Progress, task: TaskID) -> None:
        self.handle = handle
        self.bar = bar
        self.task = task

    def read(self, size: int = -1) -> bytes:
        data = self.handle.read(size)
        self.bar.advance(self.task, len(data))
        return data


def _progress(total: int, what: str) -> tuple[Progress, TaskID]:
    err = Console(stderr=True)
    bar = Progress("[progress.description]{task.description}", BarColumn(), DownloadColumn(),
                   TimeRemainingColumn(), console=err, transient=True, disable=not err.is_terminal)
    task = bar.add_task(what, total=total)
    return bar, task


def import_command(
    files: Annotated[list[str], typer.Argument(help="rooms' text hand-history files")],
    room: Annotated[str, typer.Option(
        "--from", help="the room's format: pokerstars, fulltilt, acr, winning, ipoker, partypoker, "
                       "winamax, bovada, everleaf, merge, ongame, kingsclub, or auto (from each "
                       "hand's header)",
    )] = "auto",
    output: Annotated[str, typer.Option("-o", "--output", help="the PHH file to write (.phhs)")] = "",
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable summary")] = False,
) -> None:
    """Read Seven Card Stud, Stud Hi-Lo and Razz hands from online rooms' hand histories,
    replay each through the engine and write them as PHH; refused hands are listed with the
    reason and the house option that would cover them, a file in no known format is
    reported and skipped, a hand read before is counted as a duplicate (docs/import.md)."""
    from studpoker import phh
    from studpoker.history import HistoryError, Imported, Summary, read
    from studpoker.history.rooms import room as room_named

    if room != "auto":
        try:
            room_named(room)
        except KeyError as exc:
            print(f"error: {exc.args[0]}", file=sys.stderr)
            raise typer.Exit(2) from None
    if not output:
        print("error: give the PHH file to write with -o OUT.phhs", file=sys.stderr)
        raise typer.Exit(2)
    sizes = []
    summary = Summary()
    readable = []
    for f in files:
        try:
            sizes.append(os.path.getsize(f))
            readable.append(f)
        except OSError as exc:
            summary.file(f, skipped=f"cannot read the file: {exc.strerror}")
    out_path = Path(output)
    bar, task = _progress(sum(sizes), "hands")
    temp = out_path.with_name(out_path.name + ".part")
    written = 0
    seen: set[tuple[str, str]] = set()
    try:
        with bar, open(temp, "w", encoding="utf-8") as out:
            for f in readable:
                try:
                    with open(f, "rb") as handle:
                        counting = _Counting(handle, bar, task)
                        summary.file(f)
                        for result in read(counting, room=room, name=f, seen=seen):
                            summary.add(result)
                            if isinstance(result, Imported):
                                written += 1
                                if written > 1:
                                    out.write("\n")
                                out.write(f"[{written}]\n{phh.write(result.history)}")
                            if summary.imported % 500 == 0:
                                bar.update(task, description=f"{summary.imported:,} hands")
                except HistoryError as exc:  # this file is reported and skipped; the run goes on
                    if summary.files and summary.files[-1]["file"] == f \
                            and not summary.files[-1]["hands"]:
                        summary.files.pop()
                    summary.file(f, skipped=exc.reason)
                except OSError as exc:
                    summary.file(f, skipped=f"cannot read the file: {exc.strerror or exc}")
    except OSError as exc:
        temp.unlink(missing_ok=True)
        print(f"error: cannot write {output}: {exc.strerror or exc}", file=sys.stderr)
        raise typer.Exit(2) from None
    if not summary.imported:
        temp.unlink(missing_ok=True)
        if as_json:
            print(json.dumps({"output": None, **summary.to_dict()}))
        for entry in summary.skipped:
            print(f"error: {entry['file']}: {entry['reason']}", file=sys.stderr)
        raise typer.Exit(2)
    os.replace(temp, out_path)
    if as_json:
        print(json.dumps({"output": str(out_path), **summary.to_dict()}))
        return
    for entry in summary.skipped:
        print(f"skipped: {entry['file']}: {entry['reason']}", file=sys.stderr)
    for refusal in summary.refusals[:_SHOWN_REFUSALS]:
        print(f"refused: {refusal}", file=sys.stderr)
    if summary.refused > _SHOWN_REFUSALS:
        print(f"... and {summary.refused - _SHOWN_REFUSALS:,} more refused (--json lists them)",
              file=sys.stderr)
    print(summary.line())
    print(f"wrote {summary.replayed:,} hands to {out_path}")


def _histories(path: str, skipped: list[str]) -> Iterator[object]:
    """Each hand of a PHH file, read as a stream (one hand at a time)."""
    from studpoker import phh
    from studpoker.stats import read_tables

    for table in read_tables(path):
        try:
            [h] = phh.read(table.text)
        except phh.PHHError as exc:
            skipped.append(f"{path}:{table.line}: {exc.reason}")
            continue
        h.name = table.name
        yield h


def export_command(
    file: Annotated[str, typer.Argument(help="a .phh or .phhs hand history (PHH) file")],
    to: Annotated[str, typer.Option("--to", help="the format to write: pokerstars")] = "pokerstars",
    output: Annotated[str, typer.Option("-o", "--output", help="the text file to write")] = "",
    hero: Annotated[str | None, typer.Option(
        "--hero", help="write only this player's down cards (default: every card the file knows)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable summary")] = False,
) -> None:
    """Write the Seven Card Stud, Stud Hi-Lo, Razz and Five Card Stud hands of a PHH file in
    the PokerStars text format that trackers read; Wall Street and Deuce-to-Seven Razz hands
    have no such format and are refused."""
    from studpoker import phh
    from studpoker.history import ExportError, to_pokerstars
    from studpoker.stats import StatsError

    if to.strip().lower() not in ("pokerstars", "stars"):
        print(f"error: unknown format {to!r}: studpoker writes pokerstars", file=sys.stderr)
        raise typer.Exit(2)
    if not output:
        print("error: give the text file to write with -o OUT.txt", file=sys.stderr)
        raise typer.Exit(2)
    try:
        size = os.path.getsize(file)
    except OSError as exc:
        print(f"error: cannot read {file}: {exc.strerror}", file=sys.stderr)
        raise typer.Exit(2) from None
    out_path = Path(output)
    temp = out_path.with_name(out_path.name + ".part")
    skipped: list[str] = []
    written = 0
    bar, task = _progress(size, "hands")
    try:
        with bar, open(temp, "w", encoding="utf-8", newline="\n") as out:
            for i, h in enumerate(_histories(file, skipped)):
                assert isinstance(h, phh.HandHistory)
                try:
                    out.write(to_pokerstars(h, index=i, hero=hero) + "\n\n\n")
                    written += 1
                except (ExportError, phh.PHHError) as exc:
                    where = f"{file}: hand {i + 1}" + (f" [{h.name}]" if h.name else "")
                    skipped.append(f"{where}: {exc}")
                bar.update(task, completed=min(size, (i + 1) * 600), description=f"{written:,} hands")
    except StatsError as exc:
        temp.unlink(missing_ok=True)
        print(f"error: {exc}", file=sys.stderr)
        raise typer.Exit(2) from None
    except OSError as exc:
        temp.unlink(missing_ok=True)
        print(f"error: cannot write {output}: {exc.strerror or exc}", file=sys.stderr)
        raise typer.Exit(2) from None
    if not written:
        temp.unlink(missing_ok=True)
        for line in skipped:
            print(f"error: {line}", file=sys.stderr)
        if not skipped:
            print(f"error: {file}: no hands", file=sys.stderr)
        raise typer.Exit(2)
    os.replace(temp, out_path)
    if as_json:
        print(json.dumps({"output": str(out_path), "exported": written, "skipped": skipped}))
        return
    for line in skipped:
        print(f"skipped: {line}", file=sys.stderr)
    print(f"wrote {written:,} hands to {out_path} (PokerStars format)"
          + (f"; {len(skipped)} skipped" if skipped else ""))


def register(app: typer.Typer) -> None:
    """Add ``import`` and ``export`` to the ``studpoker`` app."""
    app.command("import")(import_command)
    app.command("export")(export_command)
