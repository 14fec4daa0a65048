"""Player statistics over 100,000 hands of PHH histories (studpoker.stats).

The histories are generated with the simulator (``studpoker.sim.simulate``
with ``out=``): half Seven Card Stud at 6 players, half Wall Street at 5, bots
rule/station/random, written as ``.phhs`` files of about 500 hands each. They
are kept in ``--dir`` (default: a folder in the system temp directory) and
reused when already there. Then ``Stats.add_file`` reads every file, streamed
hand by hand, and the time is reported (wall clock and this process's CPU
time), with the rate in hands per second. The goal: under a minute.

Usage::

    .venv/bin/python benchmarks/stats_speed.py [--hands 100000] [--dir DIR] [--workers 2]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import tempfile
import time
from pathlib import Path

from studpoker.engine import SevenCardStud, WallStreet
from studpoker.sim import simulate
from studpoker.stats import Stats


def generate(folder: Path, hands: int, workers: int) -> list[Path]:
    """The histories (generated once per folder and size)."""
    games = (("stud", SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10), 6),
             ("wallstreet", WallStreet(ante=1, limits=(2, 2, 4, 4, 4)), 5))
    files: list[Path] = []
    for i, (name, game, players) in enumerate(games):
        count = hands // 2 + (hands % 2 if i == 0 else 0)
        out = folder / f"{name}-{count}"
        done = out / "complete"
        if not done.exists():
            started = time.perf_counter()
            simulate(game, players, ["rule", "station", "random"], count, seed=1 + i,
                     workers=workers, out=out)
            done.write_text("ok\n")
            print(f"generated {count:,} {name} hands in {time.perf_counter() - started:.0f} s")
        files += sorted(out.glob("*.phhs"))
    return files


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--dir", type=Path,
                        default=Path(tempfile.gettempdir()) / "studpoker-stats-bench")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--profile", action="store_true", help="print the top functions")
    args = parser.parse_args()
    files = generate(args.dir, args.hands, args.workers)
    size = sum(f.stat().st_size for f in files)
    stats = Stats()
    profile = cProfile.Profile() if args.profile else None
    wall, cpu = time.perf_counter(), time.process_time()
    if profile is not None:
        profile.enable()
    for f in files:
        stats.add_file(f)
    if profile is not None:
        profile.disable()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"{stats.hands:,} hands in {len(files)} files ({size / 1e6:.0f} MB), "
          f"{len(stats.players)} (player, game) rows")
    print(f"wall {wall:.1f} s, CPU {cpu:.1f} s: {stats.hands / cpu:,.0f} hands per CPU second; "
          f"goal: 100,000 hands under 60 s -> {'met' if wall < 60 * stats.hands / 100_000 else 'NOT met'}")
    if profile is not None:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(15)


if __name__ == "__main__":
    main()
