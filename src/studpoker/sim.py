"""Bot-against-bot simulation on local cores.

:func:`simulate` plays ``hands`` independent hands of a game between bots and
reports each bot's result in chips per hand with a 95% confidence interval.

* Every hand starts from fresh, equal stacks (100 of the game's biggest bets
  by default), so a result is chips won or lost per hand.
* Seats rotate: bot ``i`` sits at seat ``(i + hand) % players``. The deals
  are *duplicate*: hands come in blocks of ``players``, every hand of a block
  uses the same shuffled deck and the same dealer, and the bots move one seat
  per hand, so each bot plays every seat's cards once; the dealer moves one
  seat per block. That evens out card and position luck. (Folds and Wall
  Street purchases change later cards, so the duplication is partial.)
* Every random choice comes from seeds derived from ``(seed, hand index)``:
  the same seed gives the same result whatever the number of workers.
* ``workers`` processes play chunks of hands in parallel.

>>> from studpoker.engine import SevenCardStud
>>> result = simulate(SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10),
...                   players=3, bots=["station", "random"], hands=6, seed=1)
>>> [b.name for b in result.bots], result.hands
(['station', 'random'], 6)
>>> sum(sum(h) for h in result.payoffs)
0
"""

from __future__ import annotations

import importlib
import math
import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from studpoker.bots import Bot, UnknownBot, check_bot_name, make_bot
from studpoker.bots._common import derive_seed
from studpoker.engine.games import Game, phh_order
from studpoker.engine.hand import Hand

__all__ = ["BotResult", "SimError", "SimResult", "default_stack", "play_hand", "simulate"]

Progress = Callable[[int, int], None]
"""``progress(hands_done, hands_total)``, called as chunks finish."""


class SimError(ValueError):
    """A simulation request is invalid; the message says which argument."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BotResult:
    """One bot's result: ``hands`` seat-hands played, chips won per hand and its
    95% confidence interval (normal approximation over hands)."""

    name: str
    hands: int
    total: int
    mean: float
    stdev: float
    ci_low: float
    ci_high: float

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        return {"name": self.name, "hands": self.hands, "total": self.total, "mean": self.mean,
                "stdev": self.stdev, "ci_low": self.ci_low, "ci_high": self.ci_high}


@dataclass(frozen=True, slots=True, kw_only=True)
class SimResult:
    """What :func:`simulate` found.

    ``seating`` is the bot of each player slot (the ``bots`` list cycled to
    ``players``); ``payoffs[h][i]`` is what the bot in slot ``i`` won in hand
    ``h``; ``bots`` aggregates by bot name, in order of first appearance.
    """

    game: str
    options: dict[str, object]
    players: int
    hands: int
    seed: int
    stack: int
    seating: tuple[str, ...]
    payoffs: tuple[tuple[int, ...], ...]
    bots: tuple[BotResult, ...]
    histories: tuple[Path, ...] = ()
    note: str | None = None

    def bot(self, name: str) -> BotResult:
        """The result of the bot called ``name``."""
        for b in self.bots:
            if b.name == name:
                return b
        raise KeyError(name)

    def per_hand(self, name: str) -> list[float]:
        """Chips per hand of bot ``name`` in each hand (averaged over its seats)."""
        slots = [i for i, n in enumerate(self.seating) if n == name]
        if not slots:
            raise KeyError(name)
        return [sum(row[i] for i in slots) / len(slots) for row in self.payoffs]

    def difference(self, a: str, b: str) -> tuple[float, float]:
        """Mean and standard error of ``a``'s minus ``b``'s chips per hand, paired by hand."""
        diffs = [x - y for x, y in zip(self.per_hand(a), self.per_hand(b), strict=True)]
        mean, stdev = _mean_stdev(diffs)
        return mean, stdev / math.sqrt(len(diffs)) if diffs else math.inf

    def to_dict(self) -> dict[str, object]:
        """JSON-ready summary (without the per-hand payoffs)."""
        return {
            "game": self.game, "options": self.options, "players": self.players,
            "hands": self.hands, "seed": self.seed, "stack": self.stack,
            "seating": list(self.seating), "bots": [b.to_dict() for b in self.bots],
            "histories": [str(p) for p in self.histories], "note": self.note,
        }


def default_stack(game: Game) -> int:
    """100 of the game's biggest bets."""
    biggest = max(max(s.bet, s.big_bet or 0) for s in game.streets)
    return 100 * biggest


def _mean_stdev(xs: Sequence[float]) -> tuple[float, float]:
    n = len(xs)
    if n == 0:
        return 0.0, 0.0
    mean = sum(xs) / n
    if n == 1:
        return mean, 0.0
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return mean, math.sqrt(var)


def play_hand(
    game: Game, seating: Sequence[str], index: int, *, seed: int, stack: int
) -> tuple[tuple[int, ...], Hand]:
    """Play hand number ``index`` of a simulation; return each slot's payoff and the hand.

    The bot of slot ``i`` sits at seat ``(i + index) % players``.
    """
    n = len(seating)
    block = index // n
    deck_seed = derive_seed("deck", seed, block)
    dealer = block % n
    seat_of = [(i + index) % n for i in range(n)]
    bots: list[Bot | None] = [None] * n
    for i, name in enumerate(seating):
        bots[seat_of[i]] = make_bot(name, seed=derive_seed("bot", seed, index, i))
    hand = game.deal(stacks=[stack] * n, dealer=dealer, seed=deck_seed)
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        bot = bots[seat]
        assert bot is not None
        hand.apply(bot.act(hand.view(seat)))
    payoffs = hand.payoffs
    return tuple(payoffs[seat_of[i]] for i in range(n)), hand


@dataclass(frozen=True, slots=True, kw_only=True)
class _Chunk:
    game: Game
    seating: tuple[str, ...]
    start: int
    stop: int
    seed: int
    stack: int
    out: Path | None


def _load_phh() -> ModuleType | None:
    try:
        return importlib.import_module("studpoker.phh")
    except ImportError:
        return None


def _write_histories(hands: list[tuple[int, Hand, tuple[str, ...]]], path: Path) -> str | None:
    """Write ``(index, hand, bot name per seat)`` as one .phhs file with
    :mod:`studpoker.phh`; return a note instead if that is impossible."""
    phh = _load_phh()
    if phh is None:
        return "hand histories skipped: studpoker.phh is not available"
    try:
        histories = []
        for index, hand, names in hands:
            order = phh_order(hand.dealer, hand.n)  # p1, p2, ...
            fields = {"hand": index + 1, "players": [names[s] for s in order]}
            histories.append(phh.from_hand(hand, fields=fields))
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(phh.write_all(histories), encoding="utf-8")
    except Exception as exc:  # a history writer problem must not lose the simulation
        return f"hand histories skipped: {type(exc).__name__}: {exc}"
    return None


def _play_chunk(chunk: _Chunk) -> tuple[int, list[tuple[int, ...]], Path | None, str | None]:
    rows: list[tuple[int, ...]] = []
    hands: list[tuple[int, Hand, tuple[str, ...]]] = []
    keep = chunk.out is not None and _load_phh() is not None
    n = len(chunk.seating)
    for index in range(chunk.start, chunk.stop):
        payoffs, hand = play_hand(chunk.game, chunk.seating, index, seed=chunk.seed,
                                  stack=chunk.stack)
        rows.append(payoffs)
        if keep:
            names = [""] * n
            for i, name in enumerate(chunk.seating):
                names[(i + index) % n] = name
            hands.append((index, hand, tuple(names)))
    path: Path | None = None
    note: str | None = None
    if chunk.out is not None:
        if keep:
            path = chunk.out / f"hands-{chunk.start + 1:07d}-{chunk.stop:07d}.phhs"
            note = _write_histories(hands, path)
            if note is not None:
                path = None
        else:
            note = "hand histories skipped: studpoker.phh is not available"
    return chunk.start, rows, path, note


_ChunkResult = tuple[int, list[tuple[int, ...]], Path | None, str | None]


def _run_on_ray(chunks: Sequence[_Chunk], address: str) -> Iterator[_ChunkResult]:
    """Play the chunks as Ray tasks; yield results as they finish."""
    try:
        ray = importlib.import_module("ray")
    except ImportError:
        raise SimError("--ray needs Ray: pip install 'studpoker[rl]'") from None
    if not ray.is_initialized():
        ray.init(address=address or None, include_dashboard=False, log_to_driver=False,
                 ignore_reinit_error=True)
    task = ray.remote(_play_chunk)
    pending = [task.remote(chunk) for chunk in chunks]
    while pending:
        finished, pending = ray.wait(pending, num_returns=1)
        for ref in finished:
            result: _ChunkResult = ray.get(ref)
            yield result


def _validate(game: Game, players: int, bots: Sequence[str], hands: int, workers: int) -> None:
    if not isinstance(game, Game):
        raise SimError(f"game must be a Game, got {game!r}")
    if not game.min_players <= players <= game.max_players:
        raise SimError(
            f"{game.name} is for {game.min_players} to {game.max_players} players, got {players}"
        )
    if not bots:
        raise SimError("give at least one bot")
    for b in bots:
        try:
            check_bot_name(b)
        except UnknownBot as exc:
            raise SimError(str(exc)) from None
    if hands < 1:
        raise SimError(f"hands must be >= 1, got {hands}")
    if workers < 1:
        raise SimError(f"workers must be >= 1, got {workers}")


def simulate(
    game: Game,
    players: int,
    bots: Sequence[str],
    hands: int,
    seed: int,
    workers: int = 1,
    out: Path | None = None,
    progress: Progress | None = None,
    *,
    stack: int | None = None,
    chunk_size: int | None = None,
    ray: str | None = None,
) -> SimResult:
    """Play ``hands`` hands of ``game`` among ``players`` bots and report chips per hand.

    ``bots`` are bot names (see :data:`studpoker.bots.BOT_NAMES`; options such as
    ``"search:think=2"`` and levels such as ``"hard"`` work too), cycled when
    fewer than ``players``. ``out``: a directory for hand histories, one
    ``.phhs`` file per chunk (when :mod:`studpoker.phh` is available; else
    :attr:`SimResult.note` says they were skipped). ``stack``: every seat's
    chips at the start of each hand (default :func:`default_stack`).
    Raises :class:`SimError` for invalid arguments.

    With ``workers > 1`` the worker processes are started with ``spawn``
    (safe next to threads, e.g. a progress bar): a script that calls this
    must do so under ``if __name__ == "__main__":``.

    ``ray``: spread the chunks over a Ray cluster instead of local processes
    (``""`` starts or joins a local Ray instance on this machine's cores; an
    address such as ``"ray://head:10001"`` or ``"auto"`` joins a cluster).
    Ray is the optional extra ``[rl]``. The result is the same as with local
    workers for the same seed.
    """
    bots = [b.strip().lower() for b in bots]
    _validate(game, players, bots, hands, workers)
    seating = tuple(bots[i % len(bots)] for i in range(players))
    stack = default_stack(game) if stack is None else stack
    if stack <= 0:
        raise SimError(f"stack must be > 0, got {stack}")
    if out is not None:
        out = Path(out)
    if chunk_size is None:  # a few chunks per worker, whole duplicate blocks, at most ~500 hands
        per = min(500, -(-hands // (4 * workers)))
        chunk_size = players * max(1, -(-per // players))
    if chunk_size < 1:
        raise SimError(f"chunk_size must be >= 1, got {chunk_size}")
    chunks = [
        _Chunk(game=game, seating=seating, start=s, stop=min(hands, s + chunk_size), seed=seed,
               stack=stack, out=out)
        for s in range(0, hands, chunk_size)
    ]
    rows: dict[int, list[tuple[int, ...]]] = {}
    paths: dict[int, Path] = {}
    notes: list[str] = []
    done = 0

    def collect(result: tuple[int, list[tuple[int, ...]], Path | None, str | None]) -> None:
        nonlocal done
        start, chunk_rows, path, note = result
        rows[start] = chunk_rows
        if path is not None:
            paths[start] = path
        if note is not None and note not in notes:
            notes.append(note)
        done += len(chunk_rows)
        if progress is not None:
            progress(done, hands)

    if progress is not None:
        progress(0, hands)
    if ray is not None:
        for result in _run_on_ray(chunks, ray):
            collect(result)
    elif workers == 1 or len(chunks) == 1:
        for chunk in chunks:
            collect(_play_chunk(chunk))
    else:
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=min(workers, len(chunks)),
                                 mp_context=context) as pool:
            pending = {pool.submit(_play_chunk, c) for c in chunks}
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    collect(future.result())
    payoffs = tuple(row for start in sorted(rows) for row in rows[start])
    results = []
    for name in dict.fromkeys(seating):
        slots = [i for i, n in enumerate(seating) if n == name]
        per_hand = [sum(row[i] for i in slots) / len(slots) for row in payoffs]
        mean, stdev = _mean_stdev(per_hand)
        half = 1.96 * stdev / math.sqrt(len(per_hand))
        results.append(BotResult(
            name=name, hands=len(slots) * len(payoffs),
            total=sum(row[i] for row in payoffs for i in slots),
            mean=mean, stdev=stdev, ci_low=mean - half, ci_high=mean + half,
        ))
    return SimResult(
        game=game.name, options=game.options(), players=players, hands=len(payoffs), seed=seed,
        stack=stack, seating=seating, payoffs=payoffs, bots=tuple(results),
        histories=tuple(paths[s] for s in sorted(paths)), note="; ".join(notes) or None,
    )
