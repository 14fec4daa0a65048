"""The ``studpoker`` command line: a thin layer over the library.

Every command prints for people by default and takes ``--json`` for scripts.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Annotated

import typer
from rich.console import Console

from studpoker.cards import CardError, parse_cards
from studpoker.evaluation import HighValue, LowValue, evaluate_high, evaluate_low
from studpoker.games import Game, SevenCardStud, WallStreet

app = typer.Typer(
    name="studpoker",
    help="Seven Card Stud and Wall Street: rules engine, evaluator and tools.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()
err = Console(stderr=True)


def _value_dict(value: HighValue | LowValue | None) -> dict[str, object] | None:
    if value is None:
        return None
    return {
        "category": value.category.slug,
        "cards": [str(c) for c in value.cards],
        "description": value.description,
    }


@app.command("eval")
def eval_command(
    cards: Annotated[list[str], typer.Argument(help='5 to 7 cards, e.g. "As Kd Jk 7c 7d"')],
    joker: Annotated[bool, typer.Option("--joker", help="allow the joker (Jk) as a bug")] = False,
    double_ace_flush: Annotated[
        bool, typer.Option("--double-ace-flush", help="the joker is an ace in any flush")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable output")] = False,
) -> None:
    """Print the best high hand and the best eight-or-better low of CARDS."""
    try:
        parsed = parse_cards(" ".join(cards))
        if not joker and any(c.is_joker for c in parsed):
            raise CardError("the joker (Jk) is not in play; pass --joker to allow it")
        high = evaluate_high(parsed, double_ace_flush=double_ace_flush)
        low = evaluate_low(parsed)
    except CardError as exc:
        err.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(2) from None
    if as_json:
        print(json.dumps({"high": _value_dict(high), "low": _value_dict(low)}))
        return
    console.print(f"high: {high.description}  ({' '.join(map(str, high.cards))})")
    if low is None:
        console.print("low:  none (no eight-or-better low)")
    else:
        console.print(f"low:  {low.description}  ({' '.join(map(str, low.cards))})")


def _demo_hand(game: Game, players: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    hand = game.deal(stacks=[200] * players, dealer=players - 1, seed=seed)
    while not hand.is_over:
        hand.apply(rng.choice(hand.legal_actions()))
    lines = [str(op) for op in hand.log]
    for result in hand.results:
        winners = ", ".join(f"seat {s}: {a}" for s, a in result.shares)
        lines.append(f"{result.name} ({result.amount}): {winners}")
    lines.append(f"payoffs: {list(hand.payoffs)}")
    return lines


@app.command()
def demo(
    seed: Annotated[int, typer.Option(help="random seed for cards and choices")] = 7,
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable output")] = False,
) -> None:
    """Play one random hand of each game and print what happened."""
    games: list[tuple[str, Game, int]] = [
        ("Wall Street", WallStreet(ante=1, limits=(2, 2, 4, 4, 4)), 5),
        ("Seven Card Stud", SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10), 6),
    ]
    out = {name: _demo_hand(game, n, seed) for name, game, n in games}
    if as_json:
        print(json.dumps(out))
        return
    for name, lines in out.items():
        console.rule(f"[bold]{name}[/bold]  (random legal actions, seed {seed})")
        for line in lines:
            console.print(line, highlight=False)


@app.command()
def simulate(
    game: Annotated[str, typer.Option("--game", help="stud or wallstreet")] = "stud",
    players: Annotated[int, typer.Option("--players", help="seats at the table")] = 4,
    bots: Annotated[
        str, typer.Option("--bots", help="comma-separated bot names, cycled over the seats")
    ] = "rule,equity,station,random",
    hands: Annotated[int, typer.Option("--hands", help="hands to play")] = 1000,
    seed: Annotated[int | None, typer.Option("--seed", help="random seed (default: random)")] = None,
    workers: Annotated[int, typer.Option("--workers", help="processes to use")] = 1,
    out: Annotated[
        str | None, typer.Option("--out", help="directory for hand histories (.phhs)")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable output")] = False,
    joker: Annotated[bool, typer.Option("--joker", help="play with the joker (bug)")] = False,
    ray: Annotated[
        str | None,
        typer.Option("--ray", help="run on Ray: 'local' for this machine, or a cluster address"),
    ] = None,
) -> None:
    """Play bots against each other and report chips won per hand (95% CI).

    Seats rotate and deals repeat across the seats (duplicate), every hand starts
    from fresh stacks of 100 big bets; the same seed gives the same result.
    Bots: random, station, rule, equity, search (e.g. search:think=2), or a level: easy, medium, hard.
    """
    from pathlib import Path

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
    from rich.table import Table as RichTable

    from studpoker.sim import SimError
    from studpoker.sim import simulate as run_simulation

    games: dict[str, Game] = {
        "stud": SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10, joker=joker),
        "wallstreet": WallStreet(ante=1, limits=(2, 2, 4, 4, 4), joker=joker),
    }
    chosen = games.get(game.strip().lower().replace("-", "").replace("_", ""))
    if chosen is None:
        err.print(f"[red]error:[/red] unknown game {game!r}; choose stud or wallstreet")
        raise typer.Exit(2)
    names = [b.strip() for b in bots.split(",") if b.strip()]
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    progress = Progress(
        "[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
        TimeRemainingColumn(), console=err, transient=True,
    )
    task = progress.add_task(f"{chosen.name} hands", total=hands)
    try:
        with progress:
            result = run_simulation(
                chosen, players, names, hands, seed, workers=workers,
                out=None if out is None else Path(out),
                ray=None if ray is None else ("" if ray == "local" else ray),
                progress=lambda done, total: progress.update(task, completed=done, total=total),
            )
    except SimError as exc:
        err.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(2) from None
    if result.note:
        err.print(f"note: {result.note}")
    if as_json:
        print(json.dumps(result.to_dict()))
        return
    table = RichTable(title=f"{chosen.name}: {players} players, {result.hands} hands, seed {seed}")
    for column in ("bot", "seats", "hands", "chips/hand", "95% CI"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for b in sorted(result.bots, key=lambda b: b.mean, reverse=True):
        table.add_row(b.name, str(result.seating.count(b.name)), str(b.hands), f"{b.mean:+.2f}",
                      f"[{b.ci_low:+.2f}, {b.ci_high:+.2f}]")
    console.print(table)
    if result.histories:
        console.print(f"hand histories: {len(result.histories)} files in {out}")


@app.command()
def league(
    game: Annotated[
        str, typer.Option("--game", help="stud (heads-up pairs) or wallstreet (5-handed tables)")
    ] = "stud",
    bots: Annotated[
        str, typer.Option("--bots", help="comma-separated bot names (at least two)")
    ] = "random,station,rule,equity,search",
    hands: Annotated[int, typer.Option("--hands", help="hands per match")] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="random seed")] = 1,
    workers: Annotated[int, typer.Option("--workers", help="processes to use")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable output")] = False,
    plot_file: Annotated[
        str | None, typer.Option("--plot", help="write the ratings as a PNG (needs matplotlib)")
    ] = None,
) -> None:
    """Rate bots: every pair heads-up (stud) or mixed 5-handed tables (Wall Street), duplicate
    deals with rotated seats, Bradley-Terry ratings on chips won with 95% intervals."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
    from rich.table import Table as RichTable

    from studpoker.league import LeagueError, plot
    from studpoker.league import league as run_league

    names = [b.strip() for b in bots.split(",") if b.strip()]
    progress = Progress(
        "[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
        TimeRemainingColumn(), console=err, transient=True,
    )
    task = progress.add_task("league hands", total=None)
    try:
        if plot_file is not None:
            import importlib.util

            if importlib.util.find_spec("matplotlib") is None:
                raise LeagueError("--plot needs matplotlib: pip install 'studpoker[rl]'")
        with progress:
            result = run_league(
                game, names, hands=hands, seed=seed, workers=workers,
                progress=lambda done, total: progress.update(task, completed=done, total=total),
            )
        if plot_file is not None:
            plot(result, plot_file)
    except LeagueError as exc:
        err.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(2) from None
    if as_json:
        print(json.dumps(result.to_dict()))
        return
    what = "heads-up pairs" if result.game == "stud" else "5-handed tables"
    table = RichTable(title=f"{result.game} league: {len(result.matches)} {what}, "
                            f"{hands} hands each, seed {seed}")
    for column in ("#", "bot", "rating", "95% CI", "chips/hand", "hands"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for rank, r in enumerate(result.ratings, 1):
        table.add_row(str(rank), r.name, f"{r.rating:+.0f}", f"[{r.ci_low:+.0f}, {r.ci_high:+.0f}]",
                      f"{r.chips_per_hand:+.2f}", str(r.hands))
    console.print(table)
    console.print(result.method, highlight=False)
    if plot_file is not None:
        console.print(f"plot: {plot_file}")


@app.command("replay")
def replay_command(
    file: Annotated[str, typer.Argument(help="a .phh or .phhs hand history (PHH) file")],
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable output")] = False,
    step: Annotated[bool, typer.Option("--step", help="walk each hand street by street")] = False,
) -> None:
    """Replay every hand of a PHH file through the engine; exit 2 on a malformed or illegal hand."""
    from pathlib import Path

    from studpoker import phh

    try:
        results = phh.replay_all(Path(file))
    except phh.PHHError as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise typer.Exit(2) from None
    if as_json:
        print(json.dumps([phh.summary_dict(r) for r in results]))
        return
    for result in results:
        blocks = phh.step_blocks(result) if step else [phh.summary_lines(result)]
        for i, block in enumerate(blocks):
            if i and sys.stdin.isatty():
                input("-- press Enter for the next street --")
            console.print("\n".join(block), highlight=False, markup=False)


def _add_server_commands() -> None:
    from studpoker.server.commands import register  # serve, audit, verify-shuffle, connect

    register(app)


_add_server_commands()


@app.command()
def play(
    game: Annotated[str, typer.Option(help="stud or wallstreet")] = "wallstreet",
    players: Annotated[int, typer.Option(help="players at the table, you included")] = 5,
    joker: Annotated[bool, typer.Option("--joker", help="play with the joker (bug)")] = False,
    stakes: Annotated[
        str, typer.Option(help="stud: ante,bring-in,small,big; wallstreet: ante,l1,l2,l3,l4,l5")
    ] = "",
    bots: Annotated[str, typer.Option(help="bot names, comma-separated, cycled over seats")] = "rule,equity",
    level: Annotated[
        str | None,
        typer.Option("--level", help="difficulty of every bot: easy (rule), medium (equity), hard (search)"),
    ] = None,
    chips: Annotated[int, typer.Option(help="starting chips per player")] = 200,
    seed: Annotated[int | None, typer.Option(help="seed for cards and bots")] = None,
    history: Annotated[str | None, typer.Option(help="folder for the session's .phhs history")] = None,
    delay: Annotated[float, typer.Option(help="seconds a bot waits before acting")] = 0.6,
    open_pair_big_bet: Annotated[bool, typer.Option(help="stud: open pair allows the big bet")] = True,
    max_raises: Annotated[int, typer.Option(help="raises after the bet per street")] = 3,
    heads_up_uncapped: Annotated[bool, typer.Option(help="no cap when two players have chips")] = True,
    double_ace_flush: Annotated[bool, typer.Option(help="the joker is an ace in any flush")] = False,
) -> None:
    """Play Wall Street or Seven Card Stud in the terminal against bots."""
    from pathlib import Path

    from studpoker.bots import BOT_NAMES, LEVELS, check_bot_name
    from studpoker.play import PlaySession

    try:
        the_game = make_game(game, stakes=stakes, joker=joker, open_pair_big_bet=open_pair_big_bet,
                             max_raises=max_raises, heads_up_uncapped=heads_up_uncapped,
                             double_ace_flush=double_ace_flush)
        if level is not None:
            if level.strip().lower() not in LEVELS:
                raise ValueError(f"unknown level {level!r}; choose from {', '.join(LEVELS)}")
            bots = LEVELS[level.strip().lower()]
        names = [check_bot_name(b) for b in bots.split(",") if b.strip()]
        if not names:
            raise ValueError(f"give at least one bot; bots are {', '.join(BOT_NAMES)}")
        if not the_game.min_players <= players <= the_game.max_players:
            raise ValueError(f"{the_game.name} is for {the_game.min_players} to "
                             f"{the_game.max_players} players")
        if chips <= 0:
            raise ValueError("chips must be > 0")
    except ValueError as exc:
        err.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(2) from None
    session = PlaySession(game=the_game, players=players, bots=names, chips=chips, seed=seed,
                          delay=delay, history=Path(history) if history else None, console=console)
    session.run()


def make_game(
    name: str, *, stakes: str = "", joker: bool = False, open_pair_big_bet: bool = True,
    max_raises: int = 3, heads_up_uncapped: bool = True, double_ace_flush: bool = False,
) -> Game:
    """A game from CLI words: ``stud`` or ``wallstreet`` and comma-separated stakes."""
    try:
        numbers = [int(x) for x in stakes.split(",") if x.strip()]
    except ValueError:
        raise ValueError(f"stakes must be comma-separated integers, got {stakes!r}") from None
    common = {"joker": joker, "max_raises": max_raises, "heads_up_uncapped": heads_up_uncapped,
              "double_ace_flush": double_ace_flush}
    if name == "stud":
        if numbers and len(numbers) != 4:
            raise ValueError("stud stakes are ante,bring-in,small-bet,big-bet")
        ante, bring_in, small, big = numbers or [1, 2, 5, 10]
        return SevenCardStud(ante=ante, bring_in=bring_in, small_bet=small, big_bet=big,
                             open_pair_big_bet=open_pair_big_bet, **common)  # type: ignore[arg-type]
    if name == "wallstreet":
        if numbers and len(numbers) not in (2, 6):
            raise ValueError("wallstreet stakes are ante,limit or ante,l1,l2,l3,l4,l5")
        ante, *limits = numbers or [1, 2, 2, 4, 4, 4]
        lim = limits[0] if len(limits) == 1 else tuple(limits)
        return WallStreet(ante=ante, limits=lim, **common)  # type: ignore[arg-type]
    raise ValueError(f"unknown game {name!r}: use stud or wallstreet")


@app.command("equity")
def equity_command(
    hands: Annotated[
        list[str], typer.Argument(help='each player\'s known cards, one argument each, e.g. "Ah Kh 7h 2h 9c"')
    ],
    game: Annotated[
        str, typer.Option("--game", help="stud (high), or wallstreet (hi-lo; also stud8)")
    ] = "stud",
    joker: Annotated[bool, typer.Option("--joker", help="the deck holds the joker (Jk)")] = False,
    double_ace_flush: Annotated[
        bool, typer.Option("--double-ace-flush", help="the joker is an ace in any flush")
    ] = False,
    dead: Annotated[
        str, typer.Option("--dead", help="dead cards: folded up cards, the Wall Street market")
    ] = "",
    board: Annotated[
        str, typer.Option("--board", help="a community card already dealt (R1.10), in every hand")
    ] = "",
    samples: Annotated[
        int | None, typer.Option("--samples", min=1, help="Monte Carlo deals (smaller spots are enumerated)")
    ] = None,
    seconds: Annotated[
        float | None, typer.Option("--time", min=0.001, help="Monte Carlo time budget, seconds")
    ] = None,
    exact: Annotated[
        bool | None, typer.Option("--exact/--sample", help="force enumeration / force Monte Carlo")
    ] = None,
    seed: Annotated[int, typer.Option(help="Monte Carlo seed")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable output")] = False,
) -> None:
    """Each player's share of the pot at showdown: exact when few deals remain, else Monte Carlo."""
    import time

    from rich.progress import Progress as Bar
    from rich.progress import TaskID
    from rich.table import Table

    from studpoker.equity import compute

    started = time.perf_counter()
    bars: list[tuple[Bar, TaskID]] = []

    def progress(done: int, total: int) -> None:  # a bar only for runs longer than half a second
        if not bars and err.is_terminal and time.perf_counter() - started > 0.5:
            bar = Bar(console=err, transient=True)
            bar.start()
            bars.append((bar, bar.add_task("equity", total=total)))
        for bar, task in bars:
            bar.update(task, completed=done, total=total)

    try:
        result = compute(
            game, hands, dead, joker, board=board, double_ace_flush=double_ace_flush, samples=samples,
            seconds=seconds, exact=exact, seed=seed, progress=progress,
        )
    except (CardError, ValueError) as exc:
        err.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(2) from None
    finally:
        for bar, _ in bars:
            bar.stop()
    if as_json:
        print(json.dumps(result.to_dict()))
        return
    how = (f"exact, {result.deals:,} deals" if result.exact
           else f"Monte Carlo, {result.deals:,} of {result.total_deals:,} deals")
    table = Table(title=f"{game} equity ({how}, {result.seconds:.3f} s)")
    columns = ["player", "cards", "equity", "± s.e.", "win", "tie"]
    if result.hilo:
        columns += ["high", "low", "scoop"]
    for name in columns:
        table.add_column(name, justify="left" if name in ("player", "cards") else "right")
    for i, p in enumerate(result.players, 1):
        row = [str(i), p.cards, f"{p.equity:.2%}", f"{p.std_error:.2%}", f"{p.win:.2%}", f"{p.tie:.2%}"]
        if result.hilo:
            row += [f"{p.high or 0.0:.2%}", f"{p.low or 0.0:.2%}", f"{p.scoop or 0.0:.2%}"]
        table.add_row(*row)
    console.print(table)
    if result.no_low is not None:
        console.print(f"no qualifying low: {result.no_low:.2%}")


def main() -> None:
    """Entry point of the ``studpoker`` console script."""
    try:
        app()
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        sys.exit(0)


if __name__ == "__main__":
    main()
