"""Importing 100,000 hands of PokerStars stud text into PHH (studpoker.history).

The file is made once (kept in ``--dir``, default a folder in the system temp
directory): 2,000 distinct Seven Card Stud hands (and Stud Hi-Lo and Razz when
the engine has them) played by random legal actions at 2 to 8 players, written
by ``studpoker.history.export.hand_to_pokerstars`` as one player saw them (the hero's down
cards, every up card, the shown hands), then repeated with new hand numbers to
100,000 hands. Importing does the same work for a repeated hand as for a new
one: reading, deck planning, the replay through the engine, the checks, the
PHH text.

Then a fresh process imports the file as ``studpoker import`` does (every hand
read, replayed and written as PHH) and reports the CPU time, the hands per CPU
second and the peak memory (the process's maximum resident set). The same is
done on a tenth of the file: equal peaks mean flat memory (one hand held at a
time). The goal: 100,000 hands in under a minute of CPU.

There is no peer to compare with: the one converter of rooms' text histories
into PHH that we know, PokerKit's, reads no-limit hold'em from one room only.

A row of inputs built to make a parser slow comes first (a 150 KB run of
digits, 1 MB of one repeated line, XML nested 100,000 deep, XML entities):
each must be read in time linear in its size, and refused or skipped.

Usage::

    .venv/bin/python benchmarks/history_import.py [--hands 100000] [--dir DIR] [--only-adversarial]
"""

from __future__ import annotations

import argparse
import datetime
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from studpoker import phh
from studpoker.engine.games import GAMES, from_options
from studpoker.history import Imported, read
from studpoker.history.export import hand_to_pokerstars

DISTINCT = 2_000


def _hands() -> list[str]:
    """The distinct hands, as PokerStars text."""
    rng = random.Random(25)
    games = [g for g in ("stud", "stud8", "razz") if g in GAMES]
    out = []
    for i in range(DISTINCT):
        name = games[i % len(games)]
        cls = GAMES[name]
        n = rng.randint(cls.min_players, cls.max_players)
        game = from_options(name, ante=1, bring_in=2, small_bet=4, big_bet=8)
        hand = game.deal(stacks=[rng.choice([40, 150, 400, 1000]) for _ in range(n)],
                         dealer=n - 1, seed=i)
        while not hand.is_over:
            legal = hand.legal_actions()
            hand.apply(legal[0] if rng.random() < 0.4 else rng.choice(legal))
        names = [f"player{(i + s) % 50}" for s in range(n)]
        out.append(hand_to_pokerstars(
            hand, names=names, number=i + 1, table=f"Bench {i % 40}",
            fields={"_currency": "USD", "_unit": "0.01"}, hero=names[rng.randrange(n)],
            when=datetime.datetime(2024, 1, 1, 12, 0, 0)))
    return out


def generate(folder: Path, hands: int) -> Path:
    """The file of ``hands`` hands (made once per folder and size)."""
    path = folder / f"stars-{hands}.txt"
    if path.exists():
        return path
    folder.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    texts = _hands()
    part = path.with_suffix(".part")
    with open(part, "w", encoding="utf-8") as out:
        for k in range(hands):
            text = texts[k % len(texts)]
            _, rest = text.split(":", 1)
            out.write(f"PokerStars Hand #{100_000_000 + k}:{rest}\n\n\n")
    part.rename(path)
    print(f"generated {hands:,} hands ({path.stat().st_size / 1e6:.0f} MB) in "
          f"{time.perf_counter() - started:.0f} s")
    return path


def run(path: Path, out: Path) -> dict[str, float]:
    """Import ``path`` into ``out`` in this process (the ``--run`` mode)."""
    cpu, wall = time.process_time(), time.perf_counter()
    counts = {"hands": 0, "replayed": 0}
    with open(out, "w", encoding="utf-8") as sink:
        for result in read(path, room="pokerstars"):
            counts["hands"] += 1
            if isinstance(result, Imported):
                counts["replayed"] += 1
                sink.write(f"[{counts['replayed']}]\n{phh.write(result.history)}\n")
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kB on Linux
    return {"hands": counts["hands"], "replayed": counts["replayed"], "cpu": cpu, "wall": wall,
            "peak_mb": peak}


def adversarial(folder: Path) -> dict[str, Path]:
    """Inputs built to make a parser slow (made once per folder): a 150 KB run of digits in a
    hand's line and in a header, 1 MB of one repeated line inside a hand and outside any,
    and XML nested 100,000 deep (the reader holds a line to 1,000 characters, a hand to
    5,000 lines, XML to 16 levels, and expands no entity)."""
    folder.mkdir(parents=True, exist_ok=True)
    head = "PokerStars Hand #1:  7 Card Stud Limit ($0.04/$0.08 USD) - 2024/03/01 20:15:00 ET\n"
    digits = "9" * 150_000
    seat = "Seat 1: ann ($1.52 in chips)\n"
    texts = {
        "digits in a line": head + "Table 'T' 8-max\nSeat 1: ann (" + digits + " in chips)\n",
        "digits in a header": "PokerStars Hand #" + digits + ": 7 Card Stud Limit\n",
        "1 MB of one line in a hand": head + seat * (1_000_000 // len(seat)),
        "1 MB of one line, no hand": "Dealt to ann [As]\n" * (1_000_000 // 18),
        "XML nested 100,000 deep": '<?xml version="1.0"?>\n<session>' + "<a>" * 100_000
                                   + "</a>" * 100_000 + "</session>\n",
        "XML entities": '<?xml version="1.0"?>\n<!DOCTYPE s [<!ENTITY a "' + "x" * 1000 + '">'
                        + "".join(f'<!ENTITY a{i} "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">' for i in range(9))
                        + ']>\n<session>&a8;</session>\n',
    }
    paths = {}
    for k, (name, text) in enumerate(texts.items()):
        path = folder / f"adversarial-{k}.txt"
        if not path.exists():
            path.write_text(text, encoding="utf-8")
        paths[name] = path
    return paths


def run_adversarial(path: Path) -> dict[str, float]:
    """Read one adversarial file as ``studpoker import`` does (the ``--adversarial`` mode)."""
    from studpoker.history import HistoryError

    cpu = time.process_time()
    found = 0
    try:
        for _ in read(path):
            found += 1
    except HistoryError:
        found = -1  # the file is reported and skipped
    return {"cpu": time.process_time() - cpu, "hands": found,
            "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def _in_child(path: Path, out: Path) -> dict[str, float]:
    done = subprocess.run([sys.executable, __file__, "--run", str(path), "--out", str(out)],
                          check=True, capture_output=True, text=True)
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--dir", type=Path,
                        default=Path(tempfile.gettempdir()) / "studpoker-import-bench")
    parser.add_argument("--run", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--adversarial", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--only-adversarial", action="store_true",
                        help="only the row of inputs built to make a parser slow")
    args = parser.parse_args()
    if args.run is not None:
        print(json.dumps(run(args.run, args.out)))
        return
    if args.adversarial is not None:
        print(json.dumps(run_adversarial(args.adversarial)))
        return
    for name, path in adversarial(args.dir).items():
        done = subprocess.run([sys.executable, __file__, "--adversarial", str(path)], check=True,
                              capture_output=True, text=True)
        r = json.loads(done.stdout.strip().splitlines()[-1])
        what = "file skipped" if r["hands"] < 0 else f"{int(r['hands'])} hand(s) refused"
        print(f"adversarial: {name:<28} {path.stat().st_size / 1e6:5.2f} MB: {r['cpu']:.2f} s CPU, "
              f"{what}, peak memory {r['peak_mb']:.0f} MB")
    if args.only_adversarial:
        return
    big = generate(args.dir, args.hands)
    small = generate(args.dir, max(1, args.hands // 10))
    for path in (small, big):
        r = _in_child(path, args.dir / (path.stem + ".phhs"))
        print(f"{int(r['hands']):>7,} hands ({int(r['replayed']):,} replayed): "
              f"{r['cpu']:.1f} s CPU ({r['hands'] / r['cpu']:,.0f} hands per CPU second), "
              f"{r['wall']:.1f} s wall, peak memory {r['peak_mb']:.0f} MB")


if __name__ == "__main__":
    main()
