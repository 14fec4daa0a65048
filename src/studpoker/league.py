"""A rated league of bots: every pairing plays duplicate hands, then Bradley-Terry
ratings on chips won, with 95% intervals.

Matches (each ``hands`` hands through :func:`studpoker.sim.simulate`, so deals are
duplicate and seats rotate, and the result does not depend on the number of workers):

* Seven Card Stud, Stud Hi-Lo and Razz: every pair of bots heads-up.
* Wall Street: mixed 5-handed tables: every set of five bots when there are more
  than five; with five or fewer, one table of all of them (the list cycled to five
  seats, so with fewer than five bots some sit twice).

**Ratings (Bradley-Terry on chips won).** In every hand the chips that change hands
are split into flows between pairs of bots: each loser's loss goes to the winners
in proportion to their wins (heads-up, simply the pot's net). ``w[i][j]`` is all
the chips bot ``i`` won from bot ``j``. The Bradley-Terry model says a chip that
changes hands between ``i`` and ``j`` goes to ``i`` with probability
``p_i / (p_i + p_j)``; the strengths ``p`` are fitted by maximum likelihood (the
minorisation-maximisation iteration of Hunter, 2004, with one virtual chip each
way between every pair so that no strength runs off to zero or infinity) and
reported on the Elo scale: ``rating = 400 * log10(p)``, centred on a mean of 0.
A 200-point gap means ``i`` wins about 76% of the chips that move between the two.
The 95% intervals are the 2.5 and 97.5 percentiles over ``bootstrap`` resamples
of the hands of every match (seeded: the same seed gives the same intervals).
Each bot's chips per hand over all its matches is reported too.

>>> result = league("stud", ["station", "random"], hands=8, seed=1)
>>> [r.name for r in result.ratings]
['station', 'random']
>>> round(sum(r.rating for r in result.ratings), 6)
0.0
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from studpoker.bots import UnknownBot, check_bot_name
from studpoker.bots._common import derive_seed
from studpoker.engine.games import GAMES as ENGINE_GAMES
from studpoker.engine.games import Game, GameError, canonical_name, from_options
from studpoker.sim import SimError, simulate

__all__ = [
    "GAMES",
    "LeagueError",
    "LeagueResult",
    "Match",
    "Rating",
    "bradley_terry",
    "chip_flows",
    "heads_up",
    "league",
    "plot",
]

TABLE_SIZE = 5
"""Seats at a Wall Street league table."""

Progress = Callable[[int, int], None]


def _house_game(name: str) -> Callable[[], Game]:
    return lambda: from_options(name)  # the house stakes (games.DEFAULT_OPTIONS), as simulate


def heads_up(game: str) -> bool:
    """Whether the league plays ``game`` in heads-up pairs (a game two may play), else at
    :data:`TABLE_SIZE`-handed tables (Wall Street, 3 to 7 players)."""
    return ENGINE_GAMES[canonical_name(game)].min_players <= 2


GAMES: dict[str, Callable[[], Game]] = {name: _house_game(name) for name in ENGINE_GAMES}
"""The league's games at the stakes of ``studpoker simulate``: every pair heads-up, but
a game for three or more (Wall Street, 3 to 7 players) at 5-handed tables."""


class LeagueError(ValueError):
    """A league request is invalid; the message says which argument."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Match:
    """One pairing or table: its bots by seat slot and each slot's chips per hand."""

    seating: tuple[str, ...]
    hands: int
    seed: int
    chips_per_hand: tuple[float, ...]

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        return {"seating": list(self.seating), "hands": self.hands, "seed": self.seed,
                "chips_per_hand": list(self.chips_per_hand)}


@dataclass(frozen=True, slots=True, kw_only=True)
class Rating:
    """One bot's rating (Elo scale, mean 0) with its 95% interval, and its chips per hand."""

    name: str
    rating: float
    ci_low: float
    ci_high: float
    chips_per_hand: float
    hands: int

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        return {"name": self.name, "rating": self.rating, "ci_low": self.ci_low,
                "ci_high": self.ci_high, "chips_per_hand": self.chips_per_hand,
                "hands": self.hands}


@dataclass(frozen=True, slots=True, kw_only=True)
class LeagueResult:
    """What :func:`league` found; ``ratings`` best first."""

    game: str
    bots: tuple[str, ...]
    hands: int
    seed: int
    matches: tuple[Match, ...]
    ratings: tuple[Rating, ...]
    method: str

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        return {"game": self.game, "bots": list(self.bots), "hands": self.hands,
                "seed": self.seed, "method": self.method,
                "ratings": [r.to_dict() for r in self.ratings],
                "matches": [m.to_dict() for m in self.matches]}


METHOD = ("Bradley-Terry on chips won (Elo scale, mean 0); "
          "95% intervals from a bootstrap over hands")

Flows = list[list[float]]


def chip_flows(payoffs: Sequence[int], names: Sequence[str], index: dict[str, int]) -> Flows:
    """Chips won by bot ``i`` from bot ``j`` in one hand (``out[i][j]``): every loser's loss
    goes to the winners in proportion to their wins; a bot's flows to itself are dropped."""
    k = len(index)
    out = [[0.0] * k for _ in range(k)]
    won = sum(p for p in payoffs if p > 0)
    if won <= 0:
        return out
    for i, pi in enumerate(payoffs):
        if pi <= 0:
            continue
        for j, pj in enumerate(payoffs):
            if pj >= 0:
                continue
            a, b = index[names[i]], index[names[j]]
            if a != b:
                out[a][b] += pi * -pj / won
    return out


def bradley_terry(wins: Flows, *, prior: float = 1.0, iterations: int = 2000) -> list[float]:
    """Bradley-Terry strengths on the Elo scale (mean 0) from ``wins[i][j]``: what ``i``
    won from ``j``. ``prior`` adds that many virtual wins each way to every pair that met.

    >>> [round(r) for r in bradley_terry([[0, 30], [10, 0]], prior=0)]
    [95, -95]
    """
    k = len(wins)
    met = [[i != j and (wins[i][j] + wins[j][i]) > 0 for j in range(k)] for i in range(k)]
    w = [[wins[i][j] + (prior if met[i][j] else 0.0) for j in range(k)] for i in range(k)]
    p = [1.0] * k
    for _ in range(iterations):
        new = []
        for i in range(k):
            total = sum(w[i])
            denom = sum((w[i][j] + w[j][i]) / (p[i] + p[j]) for j in range(k) if met[i][j])
            new.append(total / denom if denom > 0 and total > 0 else p[i])
        g = math.exp(sum(math.log(max(x, 1e-300)) for x in new) / k)
        new = [x / g for x in new]
        done = max(abs(math.log(a / b)) for a, b in zip(new, p, strict=True)) < 1e-10
        p = new
        if done:
            break
    r = [400.0 * math.log10(max(x, 1e-300)) for x in p]
    mean = sum(r) / k
    return [x - mean for x in r]


def _tables(game: str, bots: Sequence[str]) -> list[tuple[str, ...]]:
    if heads_up(game):
        return list(itertools.combinations(bots, 2))
    if len(bots) > TABLE_SIZE:
        return list(itertools.combinations(bots, TABLE_SIZE))
    return [tuple(bots[i % len(bots)] for i in range(TABLE_SIZE))]


def league(
    game: str,
    bots: Sequence[str],
    *,
    hands: int,
    seed: int,
    workers: int = 1,
    bootstrap: int = 200,
    progress: Progress | None = None,
) -> LeagueResult:
    """Play the league (see the module docstring); ``hands`` per match.

    Raises :class:`LeagueError` for an unknown game or bot, fewer than two
    distinct bots, or counts below 1.
    """
    try:
        key = canonical_name(game) if isinstance(game, str) else ""
    except GameError:
        key = ""
    if key not in GAMES:
        raise LeagueError(f"unknown game {game!r}; choose {', '.join(GAMES)}")
    names: list[str] = []
    for b in bots:
        try:
            name = check_bot_name(b)
        except UnknownBot as exc:
            raise LeagueError(str(exc)) from None
        if name in names:
            raise LeagueError(f"bot {name!r} is listed twice")
        names.append(name)
    if len(names) < 2:
        raise LeagueError("a league needs at least two different bots")
    if hands < 1:
        raise LeagueError(f"hands must be >= 1, got {hands}")
    if workers < 1:
        raise LeagueError(f"workers must be >= 1, got {workers}")
    if bootstrap < 0:
        raise LeagueError(f"bootstrap must be >= 0, got {bootstrap}")
    the_game = GAMES[key]()
    tables = _tables(key, names)
    index = {n: i for i, n in enumerate(names)}
    total = hands * len(tables)
    matches: list[Match] = []
    per_match_flows: list[list[Flows]] = []
    chips = [0.0] * len(names)
    seat_hands = [0] * len(names)
    for t, seating in enumerate(tables):
        match_seed = derive_seed("league", seed, key, t) % (2**31)
        done_before = t * hands

        def step(done: int, _total: int, before: int = done_before) -> None:
            if progress is not None:
                progress(before + done, total)

        try:
            result = simulate(the_game, len(seating), list(seating), hands, match_seed,
                              workers=workers, progress=step)
        except SimError as exc:  # pragma: no cover - arguments were checked above
            raise LeagueError(str(exc)) from None
        per_slot = [sum(row[i] for row in result.payoffs) / hands for i in range(len(seating))]
        matches.append(Match(seating=tuple(seating), hands=hands, seed=match_seed,
                             chips_per_hand=tuple(per_slot)))
        flows = [chip_flows(row, seating, index) for row in result.payoffs]
        per_match_flows.append(flows)
        for i, name in enumerate(seating):
            chips[index[name]] += sum(row[i] for row in result.payoffs)
            seat_hands[index[name]] += hands
    ratings = bradley_terry(_sum(per_match_flows, None, len(names)))
    rng = random.Random(derive_seed("bootstrap", seed, key))
    samples: list[list[float]] = []
    for _ in range(bootstrap):
        picks = [[rng.randrange(len(f)) for _ in range(len(f))] for f in per_match_flows]
        samples.append(bradley_terry(_sum(per_match_flows, picks, len(names))))
    out = []
    for i, name in enumerate(names):
        column = sorted(s[i] for s in samples)
        low, high = ((_percentile(column, 0.025), _percentile(column, 0.975)) if column
                     else (ratings[i], ratings[i]))
        out.append(Rating(name=name, rating=ratings[i], ci_low=low, ci_high=high,
                          chips_per_hand=chips[i] / seat_hands[i], hands=seat_hands[i]))
    out.sort(key=lambda r: r.rating, reverse=True)
    return LeagueResult(game=key, bots=tuple(names), hands=hands, seed=seed,
                        matches=tuple(matches), ratings=tuple(out), method=METHOD)


def _sum(per_match: list[list[Flows]], picks: list[list[int]] | None, k: int) -> Flows:
    total = [[0.0] * k for _ in range(k)]
    for m, flows in enumerate(per_match):
        rows = flows if picks is None else [flows[h] for h in picks[m]]
        for f in rows:
            for i in range(k):
                fi = f[i]
                ti = total[i]
                for j in range(k):
                    if fi[j]:
                        ti[j] += fi[j]
    return total


def _percentile(sorted_values: Sequence[float], q: float) -> float:
    pos = q * (len(sorted_values) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def plot(result: LeagueResult, path: Path | str) -> Path:
    """Draw the ratings with their 95% intervals as a PNG (needs matplotlib, the
    ``[rl]`` extra); raises :class:`LeagueError` with the install hint without it."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise LeagueError("--plot needs matplotlib: pip install 'studpoker[rl]'") from None
    path = Path(path)
    ratings = list(reversed(result.ratings))
    fig, ax = plt.subplots(figsize=(6.5, 0.55 * len(ratings) + 1.4))
    y = list(range(len(ratings)))
    values = [r.rating for r in ratings]
    errors = [[r.rating - r.ci_low for r in ratings], [r.ci_high - r.rating for r in ratings]]
    ax.barh(y, values, xerr=errors, color="#3b7dd8", ecolor="#222222", capsize=4)
    ax.set_yticks(y, [r.name for r in ratings])
    ax.axvline(0, color="#888888", linewidth=0.8)
    ax.set_xlabel("rating (Bradley-Terry on chips won, Elo scale; 95% interval)")
    title = (f"{ENGINE_GAMES[result.game].title}, heads-up" if heads_up(result.game)
             else f"{ENGINE_GAMES[result.game].title}, {TABLE_SIZE}-handed")
    ax.set_title(f"{title}: {result.hands} hands per match, seed {result.seed}")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
