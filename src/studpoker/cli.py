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


def main() -> None:
    """Entry point of the ``studpoker`` console script."""
    try:
        app()
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        sys.exit(0)


if __name__ == "__main__":
    main()
