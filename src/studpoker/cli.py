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
) -> None:
    """Play bots against each other and report chips won per hand (95% CI).

    Seats rotate and deals repeat across the seats (duplicate), every hand starts
    from fresh stacks of 100 big bets; the same seed gives the same result.
    Bots: random, station, rule, equity.
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


def _add_server_commands() -> None:
    from studpoker.server.commands import register  # serve, audit, verify-shuffle, connect

    register(app)


_add_server_commands()


def main() -> None:
    """Entry point of the ``studpoker`` console script."""
    try:
        app()
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        sys.exit(0)


if __name__ == "__main__":
    main()
