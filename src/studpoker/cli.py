"""The ``studpoker`` command line: a thin layer over the library.

Every command prints for people by default and takes ``--json`` for scripts.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Annotated

from studpoker._extras import MissingExtra, extra_of, missing_extra

try:
    import typer
    from rich.console import Console
except ImportError as _exc:
    if __name__ == "__main__":  # python -m studpoker.cli: say it, like the console script
        print(f"studpoker: {missing_extra(_exc, what='the studpoker command', extra='cli')}", file=sys.stderr)
        raise SystemExit(2) from None
    raise missing_extra(_exc, what="the studpoker command", extra="cli") from _exc

from studpoker.describe import describe_operation
from studpoker.engine.cards import RANK_CHARS, CardError, parse_cards
from studpoker.engine.evaluation import (
    HighValue,
    LowValue,
    RazzValue,
    evaluate_high,
    evaluate_low,
    evaluate_razz,
)
from studpoker.engine.games import GAMES, Game, GameError, canonical_name, from_options, option_names
from studpoker.engine.wild import WildHighValue

GAME_HELP = "the game: " + ", ".join(f"{name} ({game.title})" for name, game in GAMES.items())

app = typer.Typer(
    name="studpoker",
    help="Seven Card Stud, Stud Hi-Lo, Razz, Wall Street and the home games (Baseball, Follow the "
         "Queen, High and Low Chicago): rules engine, evaluator and tools.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()
err = Console(stderr=True)


def _value_dict(value: HighValue | LowValue | RazzValue | WildHighValue | None) -> dict[str, object] | None:
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
    wild: Annotated[
        str, typer.Option("--wild", help="wild ranks (R8.1), e.g. 93 (Baseball) or Q7 (Follow the Queen)")
    ] = "",
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable output")] = False,
) -> None:
    """Print the best high hand, the best eight-or-better low and the razz hand of CARDS
    (with --wild: the high and the low with those ranks wild; five of a kind is the best hand)."""
    from studpoker.engine.wild import evaluate_wild_high, evaluate_wild_low, wild_mask

    try:
        parsed = parse_cards(" ".join(cards))
        if not joker and any(c.is_joker for c in parsed):
            raise CardError("the joker (Jk) is not in play; pass --joker to allow it")
        if wild and (joker or double_ace_flush):
            raise ValueError("wild cards (R8.1) are played without the joker")
        if wild and not wild_mask(wild):
            raise ValueError(f"--wild needs rank characters, e.g. 93 or Q7, got {wild!r}")
        high: HighValue | WildHighValue = (evaluate_wild_high(parsed, wild=wild) if wild
                                           else evaluate_high(parsed, double_ace_flush=double_ace_flush))
        low = evaluate_wild_low(parsed, wild=wild) if wild else evaluate_low(parsed)
        # R6.1: no joker in razz; razz is not played with wild cards
        razz = None if wild or any(c.is_joker for c in parsed) else evaluate_razz(parsed)
    except (CardError, ValueError) as exc:
        err.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(2) from None
    if as_json:
        out: dict[str, object] = {"high": _value_dict(high), "low": _value_dict(low),
                                  "razz": _value_dict(razz)}
        if wild:
            out["wild"] = [c for c in "AKQJT98765432" if wild_mask(c) & wild_mask(wild)]
        print(json.dumps(out))
        return
    console.print(f"high: {high.description}  ({' '.join(map(str, high.cards))})")
    if low is None:
        console.print("low:  none (no eight-or-better low)")
    else:
        console.print(f"low:  {low.description}  ({' '.join(map(str, low.cards))})")
    if razz is not None:
        console.print(f"razz: {razz.description}  ({' '.join(map(str, razz.cards))})")


def _demo_hand(game: Game, players: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    hand = game.deal(stacks=[200] * players, dealer=players - 1, seed=seed)
    while not hand.is_over:
        hand.apply(rng.choice(hand.legal_actions()))
    lines = [describe_operation(op) for op in hand.log]
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
    # every game of the registry at its house stakes, five seats (or as many as the game seats)
    games: list[tuple[str, Game, int]] = [
        (cls.title, from_options(name), max(cls.min_players, min(5, cls.max_players)))
        for name, cls in GAMES.items()
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
    game: Annotated[str, typer.Option("--game", help=GAME_HELP)] = "stud",
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

    try:
        chosen = from_options(game, **({"joker": True} if joker else {}))
    except GameError as exc:
        err.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(2) from None
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
        str, typer.Option("--game", help=f"{GAME_HELP}: heads-up pairs, but wallstreet at 5-handed tables")
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
    """Rate bots: every pair heads-up (the stud games) or mixed 5-handed tables (Wall Street), duplicate
    deals with rotated seats, Bradley-Terry ratings on chips won with 95% intervals."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
    from rich.table import Table as RichTable

    from studpoker.league import TABLE_SIZE, LeagueError, heads_up, plot
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
    what = "heads-up pairs" if heads_up(result.game) else f"{TABLE_SIZE}-handed tables"
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
    equity: Annotated[bool, typer.Option(
        "--equity", help="each street's equity as the file's hero saw it (stud, stud8, razz)")] = False,
) -> None:
    """Replay every hand of a PHH file through the engine; exit 2 on a malformed or illegal hand."""
    from pathlib import Path

    from studpoker import phh

    try:
        results = phh.replay_all(Path(file))
    except phh.PHHError as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise typer.Exit(2) from None
    if equity:
        from studpoker.history_equity import street_equities

        try:
            equities = [street_equities(r.history) for r in results]
        except ValueError as exc:
            print(f"error: {exc}", file=sys.stderr)
            raise typer.Exit(2) from None
    if as_json:
        out = [phh.summary_dict(r) for r in results]
        for d, streets in zip(out, equities if equity else [], strict=False):
            d["equity"] = [s.to_dict() for s in streets]
        print(json.dumps(out))
        return
    for k, result in enumerate(results):
        blocks = phh.step_blocks(result) if step else [phh.summary_lines(result)]
        if equity:
            blocks.append([f"{s.street} street equity: " + ", ".join(
                f"{who} {e:.1%}" for who, e in zip(s.players, s.equity, strict=True))
                for s in equities[k]])
        for i, block in enumerate(blocks):
            if i and sys.stdin.isatty():
                input("-- press Enter for the next street --")
            console.print("\n".join(block), highlight=False, markup=False)


@app.command("tournament")
def tournament_command(
    game: Annotated[str, typer.Option("--game", help=GAME_HELP)] = "stud",
    players: Annotated[int, typer.Option("--players", help="entrants")] = 6,
    bots: Annotated[
        str, typer.Option("--bots", help="comma-separated bot names, cycled over the entrants")
    ] = "rule,equity",
    seed: Annotated[int | None, typer.Option("--seed", help="random seed (default: random)")] = None,
    levels: Annotated[
        str | None, typer.Option("--levels", help="level schedule file, JSON or TOML (docs/tournaments.md)")
    ] = None,
    history: Annotated[
        str | None, typer.Option("--history", help="directory for the tournament's .phhs file")
    ] = None,
    stack: Annotated[int, typer.Option("--stack", help="starting chips per player")] = 1000,
    buy_in: Annotated[int, typer.Option("--buy-in", help="chips each entrant pays to the prize pool")] = 100,
    seats: Annotated[
        int | None, typer.Option("--seats", help="seats per table (default: the game's maximum)")
    ] = None,
    hands_per_level: Annotated[
        int, typer.Option("--hands-per-level", help="hands per level (default schedule only)")
    ] = 10,
    joker: Annotated[bool, typer.Option("--joker", help="play with the joker (bug)")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable output")] = False,
) -> None:
    """Play a sit-and-go tournament of bots to the end: finishing order, payouts, hands per level."""
    from pathlib import Path

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn
    from rich.table import Table as RichTable

    from studpoker.bots import BOT_NAMES, check_bot_name, make_bot
    from studpoker.bots._common import derive_seed
    from studpoker.tournament import (
        HandRecord,
        Schedule,
        Standing,
        Tournament,
        TournamentConfig,
        TournamentError,
    )

    try:
        name = canonical_name(game)
        names = [check_bot_name(b) for b in bots.split(",") if b.strip()]
        if not names:
            raise ValueError(f"give at least one bot; bots are {', '.join(BOT_NAMES)}")
        if players < 2:
            raise ValueError(f"--players must be at least 2, got {players}")
        if hands_per_level < 1:
            raise ValueError(f"--hands-per-level must be >= 1, got {hands_per_level}")
        base = make_game(name, joker=joker)
        schedule = (Schedule.load(levels) if levels is not None
                    else Schedule.default(name, hands_per_level=hands_per_level))
        config = TournamentConfig(game=base, schedule=schedule, starting_stack=stack,
                                  buy_in=buy_in, seats_per_table=seats)
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        entrants = [f"{names[i % len(names)]}{i + 1}" for i in range(players)]
        tournament = Tournament(config=config, players=entrants, seed=seed)
    except (TournamentError, ValueError) as exc:
        err.print(f"[red]error:[/red] {exc}", soft_wrap=True, highlight=False)
        raise typer.Exit(2) from None
    programs = {e: make_bot(names[i % len(names)], seed=derive_seed("tournament", seed, i))
                for i, e in enumerate(entrants)}
    path: Path | None = None
    writer = None
    if history is not None:
        from studpoker import phh

        path = Path(history) / f"tournament-{name}-{seed}.phhs"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            writer = path.open("w", encoding="utf-8")
        except OSError as exc:
            err.print(f"[red]error:[/red] cannot write the history in {history}: {exc}", soft_wrap=True)
            raise typer.Exit(2) from None
    event = f"sit-and-go {name} {players} players seed {seed}"

    def on_hand(record: HandRecord) -> None:
        if writer is not None:
            h = phh.from_hand(record.hand, fields=record.phh_fields(event=event))
            h.name = str(record.number)
            if record.number > 1:
                writer.write("\n")
            writer.write(f"[{record.number}]\n{phh.write(h)}")

    bar = Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                   TimeElapsedColumn(), console=err, transient=True, disable=not err.is_terminal)
    task = bar.add_task(f"{name}: level 1", total=players - 1)

    def on_round(t: Tournament, decided: list[Standing]) -> None:
        bar.update(task, completed=min(players - 1, len(t.finish)),
                   description=f"{name}: level {t.level_index + 1}, {len(t.alive)} left, "
                               f"{len(t.tables)} table(s), hand {t.hands}")

    try:
        with bar:
            result = tournament.play(programs, on_hand=on_hand, on_round=on_round)
    finally:
        if writer is not None:
            writer.close()
    if as_json:
        out = result.to_dict()
        out["histories"] = None if path is None else str(path)
        print(json.dumps(out))
        return
    table = RichTable(title=f"{name} sit-and-go: {players} players, seed {seed}, "
                            f"prize pool {result.prize_pool}")
    for column in ("place", "player", "prize", "out at hand", "level"):
        table.add_column(column, justify="left" if column == "player" else "right")
    for s in result.finish:
        table.add_row(str(s.place), s.name, str(s.prize) if s.prize else "",
                      "" if s.busted_hand is None else str(s.busted_hand), str(s.level))
    console.print(table)
    per_level = ", ".join(f"{i}: {n}" for i, n in enumerate(result.hands_per_level, 1))
    console.print(f"{result.hands} hands in {result.rounds} rounds; hands per level: {per_level}")
    if path is not None:
        console.print(f"hand histories: {path}")


@app.command("stats")
def stats_command(
    files: Annotated[list[str], typer.Argument(help=".phh / .phhs hand history files")],
    player: Annotated[str | None, typer.Option("--player", help="only this player")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable output")] = False,
    report: Annotated[bool, typer.Option(
        "--report", help="one player's report per game and room: results over time, biggest "
        "wins and losses (docs/stats.md)")] = False,
    game: Annotated[str | None, typer.Option("--game", help="--report: only this game")] = None,
    room: Annotated[str | None, typer.Option("--room", help="--report: only this room")] = None,
    since: Annotated[str | None, typer.Option(
        "--since", help="--report: hands from this day (YYYY-MM-DD)")] = None,
    until: Annotated[str | None, typer.Option(
        "--until", help="--report: hands to this day (YYYY-MM-DD)")] = None,
    table_filter: Annotated[str | None, typer.Option("--table", help="--report: only this table")] = None,
    plot: Annotated[str | None, typer.Option(
        "--plot", help="--report: write the results over time as a PNG")] = None,
) -> None:
    """Player statistics (VPIP, showdowns, aggression, net per 100, ...) from hand histories."""
    import os

    if report:
        _stats_report(files, player=player, as_json=as_json, game=game, room=room, since=since,
                      until=until, table=table_filter, plot=plot)
        return
    given = [name for name, value in (("--game", game), ("--room", room), ("--since", since),
                                      ("--until", until), ("--table", table_filter),
                                      ("--plot", plot)) if value is not None]
    if given:
        err.print(f"[red]error:[/red] {', '.join(given)} go with --report", highlight=False)
        raise typer.Exit(2)

    from rich.progress import BarColumn, DownloadColumn, Progress, TimeRemainingColumn
    from rich.table import Table as RichTable

    from studpoker.stats import STREETS, Stats, StatsError, read_tables

    stats = Stats()
    sizes = []
    for f in files:
        try:
            sizes.append(os.path.getsize(f))
        except OSError as exc:
            err.print(f"[red]error:[/red] cannot read {f}: {exc.strerror}", soft_wrap=True,
                      highlight=False)
            raise typer.Exit(2) from None
    bar = Progress("[progress.description]{task.description}", BarColumn(), DownloadColumn(),
                   TimeRemainingColumn(), console=err, transient=True, disable=not err.is_terminal)
    task = bar.add_task("hands", total=sum(sizes))
    try:
        with bar:
            done = 0
            for f, size in zip(files, sizes, strict=True):
                for count, hand_table in enumerate(read_tables(f), 1):
                    stats.add_table(hand_table)
                    if count % 500 == 0:
                        bar.update(task, description=f"{stats.hands:,} hands")
                done += size
                bar.update(task, completed=done, description=f"{stats.hands:,} hands")
    except StatsError as exc:
        err.print(f"[red]error:[/red] {exc}", soft_wrap=True, highlight=False)
        raise typer.Exit(2) from None
    if player is not None and not stats.rows(player=player):
        known = sorted({s.name for s in stats.rows()})
        shown = ", ".join(known[:20]) + (" ..." if len(known) > 20 else "")
        err.print(f"[red]error:[/red] no hands of player {player!r}; players: {shown}",
                  soft_wrap=True, highlight=False)
        raise typer.Exit(2)
    if as_json:
        print(json.dumps(stats.to_dict(player=player)))
        return

    def pct(v: float | None) -> str:
        return "-" if v is None else f"{v:.0%}"

    def num(v: float | None) -> str:
        return "-" if v is None else f"{v:.2f}"

    table = RichTable(title=f"{stats.hands:,} hands")
    for column in ("player", "game", "hands", "VPIP", "3rd", "steal", "FtS", "4th", "WTSD",
                   "WSD", "AF", "net", "/100", "95% CI"):
        table.add_column(column, justify="left" if column in ("player", "game") else "right")
    for s in stats.rows(player=player):
        ci = s.per100_ci
        kind = GAMES.get(s.game)
        table.add_row(s.name, (kind.short_name if kind else "") or s.game, str(s.hands),
                      pct(s.vpip), pct(s.third_raise), pct(s.steal), pct(s.fold_to_steal),
                      pct(s.saw_fourth), pct(s.wtsd), pct(s.wsd), num(s.af()), f"{s.net:+d}",
                      "-" if s.per100 is None else f"{s.per100:+.0f}",
                      "-" if ci is None else f"{ci[0]:+.0f}..{ci[1]:+.0f}")
    console.print(table)
    console.print("3rd: completion/raise on third street; FtS: fold to steal; 4th: saw fourth "
                  "street; /100: net per 100 hands (docs/stats.md)", highlight=False)
    rows = stats.rows(player=player)
    if player is not None:
        for s in rows:
            by_street = ", ".join(f"{name} {num(s.af(i))}" for i, name in enumerate(STREETS))
            console.print(f"{s.game}: aggression by street: {by_street}")
            kind = GAMES.get(s.game)
            if kind is not None and kind.has_market:
                buys = ", ".join(f"{r} {pct(s.market_buys(i))}"
                                 for i, r in enumerate(("fourth", "fifth", "sixth")))
                console.print(f"{s.game}: market buys per card round: {buys}; average price "
                              f"{num(s.avg_market_price)}")
            if kind is not None and kind.price_rank is not None:  # R8.2
                console.print(f"{s.game}: paid for {s.threes_paid} of {s.three_decisions} face-up "
                              f"{RANK_CHARS[kind.price_rank]}s "
                              f"({pct(s.pay_three)})")


def _stats_report(files: list[str], *, player: str | None, as_json: bool, game: str | None,
                  room: str | None, since: str | None, until: str | None, table: str | None,
                  plot: str | None) -> None:
    """``studpoker stats --report``: the report of :mod:`studpoker.report`."""
    import contextlib
    from pathlib import Path
    from typing import NoReturn

    from rich.table import Table as RichTable

    from studpoker.report import Filters, ReportBuilder, ReportError, results_png
    from studpoker.stats import StatsError

    def fail(message: str) -> NoReturn:
        err.print(f"[red]error:[/red] {message}", soft_wrap=True, highlight=False)
        raise typer.Exit(2)

    try:
        filters = Filters.parse(game=game, room=room, since=since, until=until, table=table)
    except ReportError as exc:
        fail(f"--{exc}")
    builder = ReportBuilder(player, filters)
    with err.status("reading hands", spinner="dots") if err.is_terminal else contextlib.nullcontext():
        for f in files:
            try:
                builder.add_file(f)
            except (StatsError, ReportError) as exc:
                fail(str(exc))
    rep = builder.report()
    if not rep.hands:
        fail("no hands" + (f" of player {player!r}" if player else "") + " pass the filters")
    if plot is not None:
        try:
            Path(plot).write_bytes(results_png(rep))
        except MissingExtra as exc:
            fail(str(exc))
        except OSError as exc:
            fail(f"cannot write {plot}: {exc.strerror}")
    if as_json:
        print(json.dumps(rep.to_dict()))
        return

    def pct(v: float | None) -> str:
        return "-" if v is None else f"{v:.0%}"

    title = f"{rep.player or 'hero'}: {rep.hands:,} hands, {rep.net:+,d} chips"
    out = RichTable(title=title)
    for column in ("game", "room", "hands", "net", "BB/100", "3rd in", "compl.", "steal", "FtS",
                   "WTSD", "WSD"):
        out.add_column(column, justify="left" if column in ("game", "room") else "right")
    totals = [*rep.by_game(), *rep.by_room()] if len(rep.rows) > 1 else []
    for i, r in enumerate([*rep.rows, *totals]):
        kind = GAMES.get(r.game)
        bb = r.bb_per100
        if i == len(rep.rows) and totals:
            out.add_section()
        out.add_row((kind.short_name if kind else "") or r.game or "all games",
                    r.room or "all rooms", str(r.hands), f"{r.net:+d}",
                    "-" if bb is None else f"{bb:+.2f}", pct(r.stats.vpip), pct(r.stats.third_raise),
                    pct(r.stats.steal), pct(r.stats.fold_to_steal), pct(r.stats.wtsd),
                    pct(r.stats.wsd))
    console.print(out)
    console.print("BB/100: big bets won per 100 hands; 3rd in: entered on third street; compl.: "
                  "completed or raised on third street; FtS: fold to a steal (docs/stats.md)",
                  highlight=False)
    for label, refs in (("biggest wins", rep.biggest_wins), ("biggest losses", rep.biggest_losses)):
        if not refs:
            continue
        console.print(f"{label}:", highlight=False)
        for ref in refs:
            where = (f"studpoker replay {ref.source} (hand {ref.index})" if ref.source
                     else f"stored hand {ref.hand_id}")
            number = f" (#{ref.hand})" if ref.hand else ""
            date = f" {ref.when:%Y-%m-%d %H:%M}" if ref.when else ""
            console.print(f"  {ref.net:+d} chips ({ref.big_bets:+.1f} BB) {ref.game} {ref.room}"
                          f"{number}{date}: {where}", highlight=False)
    if plot is not None:
        console.print(f"results over time: {plot}", highlight=False)


def _add_server_commands() -> None:
    from studpoker.server.commands import register  # serve, audit, verify-shuffle, connect

    register(app)


_add_server_commands()


def _add_history_commands() -> None:
    from studpoker.history_commands import register  # import, export (rooms' text histories)

    register(app)


_add_history_commands()


@app.command()
def play(
    game: Annotated[str, typer.Option(help=GAME_HELP)] = "wallstreet",
    players: Annotated[int, typer.Option(help="players at the table, you included")] = 5,
    joker: Annotated[bool, typer.Option("--joker", help="play with the joker (bug)")] = False,
    stakes: Annotated[
        str, typer.Option(help="the stud games: ante,bring-in,small,big; wallstreet: ante,l1,l2,l3,l4,l5")
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
    open_pair_big_bet: Annotated[bool | None, typer.Option(
        "--open-pair-big-bet/--no-open-pair-big-bet",
        help="stud: open pair allows the big bet (default on; not in stud8 and razz, R5.3, R6.5)")] = None,
    max_raises: Annotated[int, typer.Option(help="raises after the bet per street")] = 3,
    heads_up_uncapped: Annotated[bool, typer.Option(help="no cap when two players have chips")] = True,
    double_ace_flush: Annotated[bool, typer.Option(help="the joker is an ace in any flush")] = False,
    showdown_muck: Annotated[bool | None, typer.Option(
        "--showdown-muck/--no-showdown-muck",
        help="players may muck at showdown (default: on in stud, off in wallstreet, R3.10)",
    )] = None,
    open_pair_raise_big: Annotated[bool, typer.Option(
        help="stud: a small first bet on an open pair may be raised by the big bet (R2.6)")] = False,
    fold_when_check: Annotated[bool, typer.Option(
        help="a fold is offered where a check is legal (R1.5)")] = False,
    three_price: Annotated[int | None, typer.Option(
        "--three-price", help="baseball: what a face-up 3 costs, or fold (default: the big bet, R8.2)",
    )] = None,
) -> None:
    """Play Wall Street, Seven Card Stud, Stud Hi-Lo, Razz or a home game (Baseball, Follow the
    Queen, High or Low Chicago) in the terminal against bots."""
    from pathlib import Path

    from studpoker.bots import BOT_NAMES, LEVELS, check_bot_name
    from studpoker.play import PlaySession

    try:
        the_game = make_game(game, stakes=stakes, joker=joker, open_pair_big_bet=open_pair_big_bet,
                             max_raises=max_raises, heads_up_uncapped=heads_up_uncapped,
                             double_ace_flush=double_ace_flush, showdown_muck=showdown_muck,
                             open_pair_raise_big=open_pair_raise_big, fold_when_check=fold_when_check,
                             three_price=three_price)
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
    name: str, *, stakes: str = "", joker: bool = False, open_pair_big_bet: bool | None = None,
    max_raises: int = 3, heads_up_uncapped: bool = True, double_ace_flush: bool = False,
    showdown_muck: bool | None = None, open_pair_raise_big: bool = False,
    fold_when_check: bool = False, three_price: int | None = None,
) -> Game:
    """A game from CLI words: a game name (``stud``, ``stud8``, ``razz``, ``wallstreet``,
    ``baseball``, ``follow_the_queen``, ``high_chicago``, ``low_chicago``, or an alias) and
    comma-separated stakes (empty: the defaults of :func:`studpoker.engine.games.from_options`);
    ``showdown_muck``, ``open_pair_big_bet`` and ``three_price`` None keep the game's default
    (R1.9, R3.10, R2.6, R8.2). An option the game does not have (the joker in razz or
    Baseball, the open pair and ``open_pair_raise_big`` in stud8, razz, Baseball and Wall
    Street, a three price but in Baseball) turned on is a ``ValueError``."""
    try:
        numbers = [int(x) for x in stakes.split(",") if x.strip()]
    except ValueError:
        raise ValueError(f"stakes must be comma-separated integers, got {stakes!r}") from None
    game = canonical_name(name)
    allowed = option_names(game)
    options: dict[str, object] = {"max_raises": max_raises, "heads_up_uncapped": heads_up_uncapped}
    for key, value in (("joker", joker), ("double_ace_flush", double_ace_flush),
                       ("open_pair_big_bet", open_pair_big_bet), ("fold_when_check", fold_when_check),
                       ("open_pair_raise_big", open_pair_raise_big), ("three_price", three_price)):
        if key in allowed:
            if value is not None:
                options[key] = value
        elif value or (key == "three_price" and value is not None):
            raise ValueError(f"{GAMES[game].title} has no option {key.replace('_', '-')}")
    if showdown_muck is not None:
        options["showdown_muck"] = showdown_muck
    if "bring_in" in allowed:
        if numbers and len(numbers) != 4:
            raise ValueError(f"{game} stakes are ante,bring-in,small-bet,big-bet")
        if numbers:
            options.update(zip(("ante", "bring_in", "small_bet", "big_bet"), numbers, strict=True))
    else:
        if numbers and len(numbers) not in (2, 6):
            raise ValueError("wallstreet stakes are ante,limit or ante,l1,l2,l3,l4,l5")
        if numbers:
            ante, *limits = numbers
            options.update(ante=ante, limits=limits[0] if len(limits) == 1 else tuple(limits))
    return from_options(game, **options)


@app.command("equity")
def equity_command(
    hands: Annotated[
        list[str], typer.Argument(help='each player\'s known cards, one argument each, e.g. "Ah Kh 7h 2h 9c"')
    ],
    game: Annotated[
        str, typer.Option("--game", help=f"{GAME_HELP}; where cards face down matter (the spade in the "
                                         "hole, a private wild card) hands are written 'down / up'")
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
    wild: Annotated[
        str | None, typer.Option("--wild", help="the ranks wild now, e.g. Q7 (default: the game's; "
                                                "baseball 93, follow_the_queen Q, "
                                                "kings_and_little_ones K)")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable output")] = False,
) -> None:
    """Each player's share of the pot at showdown: exact when few deals remain, else Monte Carlo.

    In High and Low Chicago write each hand as "down / up" (e.g. "As 7s / Kd 9c"): the
    spade half goes by the cards face down (R8.4)."""
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
            seconds=seconds, exact=exact, seed=seed, progress=progress, wild=wild,
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
    spade = result.no_spade is not None  # R8.4
    if result.hilo:
        columns += ["high", "low", "scoop"]
    elif spade:
        columns += ["high", "spade", "scoop"]
    for name in columns:
        table.add_column(name, justify="left" if name in ("player", "cards") else "right")
    for i, p in enumerate(result.players, 1):
        row = [str(i), p.cards, f"{p.equity:.2%}", f"{p.std_error:.2%}", f"{p.win:.2%}", f"{p.tie:.2%}"]
        if result.hilo or spade:
            second = p.spade if spade else p.low
            row += [f"{p.high or 0.0:.2%}", f"{second or 0.0:.2%}", f"{p.scoop or 0.0:.2%}"]
        table.add_row(*row)
    console.print(table)
    if result.no_low is not None:
        console.print(f"no qualifying low: {result.no_low:.2%}")
    if result.no_spade is not None:
        console.print(f"no spade in the hole: {result.no_spade:.2%}")


def _option_value(text: str) -> object:
    """A game option's value from the command line: true/false, an integer, or integers
    separated by commas (a list)."""
    word = text.strip().lower()
    if word in ("true", "on", "yes"):
        return True
    if word in ("false", "off", "no"):
        return False
    try:
        numbers = [int(x) for x in word.split(",")]
    except ValueError:
        raise ValueError(f"option value {text!r} is not true/false, an integer or a list of "
                         "integers") from None
    return numbers[0] if len(numbers) == 1 else numbers


@app.command("perft")
def perft_command(
    game: Annotated[str, typer.Argument(help="a game of the registry: stud, wallstreet, ...")],
    stacks: Annotated[str, typer.Option(help="the starting stacks, comma-separated (2 to 8 seats)")],
    deck: Annotated[str, typer.Option(
        help="a deck of docs/perft.md by name (A), or cards: those first, then the rest in order")] = "A",
    streets: Annotated[int | None, typer.Option(help="follow only the first N streets")] = None,
    showdown: Annotated[bool, typer.Option(
        "--showdown/--no-showdown", help="follow the show-or-muck decisions of the showdown")] = True,
    dealer: Annotated[int | None, typer.Option(help="the dealer's seat (default: the last)")] = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", help="a game option or stake as NAME=VALUE, e.g. max_raises=2 (repeat)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable output")] = False,
) -> None:
    """Count a game's tree of decisions street by street for a fixed deck (perft, docs/perft.md)."""
    from rich.progress import Progress, SpinnerColumn, TimeElapsedColumn
    from rich.table import Table

    from studpoker.perft import DECKS, perft

    try:
        options: dict[str, object] = {}
        for item in option or []:
            name, sep, value = item.partition("=")
            if not sep or not name.strip():
                raise ValueError(f"--option needs NAME=VALUE, got {item!r}")
            options[name.strip()] = _option_value(value)
        the_game = from_options(game, **options)
        try:
            seats = [int(x) for x in stacks.split(",")]
        except ValueError:
            raise ValueError(f"stacks must be comma-separated integers, got {stacks!r}") from None
        cards = DECKS.get(deck.strip().upper(), deck)
        bar = Progress(SpinnerColumn(), "[progress.description]{task.description}",
                       TimeElapsedColumn(), console=err, transient=True,
                       disable=not err.is_terminal)
        task = bar.add_task("counting")
        with bar:
            result = perft(the_game, stacks=seats, deck=cards, streets=streets, dealer=dealer,
                           showdown=showdown, progress=lambda done: bar.update(
                               task, description=f"{done:,} decision nodes"))
    except (ValueError, CardError) as exc:
        err.print(f"[red]error:[/red] {exc}", soft_wrap=True, highlight=False)
        raise typer.Exit(2) from None
    if as_json:
        print(json.dumps(result.to_dict()))
        return
    table = Table(title=f"{the_game.title}, stacks {' '.join(map(str, result.stacks))}, "
                        f"dealer seat {result.dealer}")
    for column in ("street", "reached", "nodes", "terminal"):
        table.add_column(column, justify="left" if column == "street" else "right")
    for row in result.rows:
        table.add_row(row.street, f"{row.reached:,}", f"{row.nodes:,}", f"{row.terminal:,}")
    table.add_row("total", "", f"{result.nodes:,}", f"{result.terminal:,}")
    console.print(table)
    if result.frontier:
        console.print(f"{result.frontier:,} sequences reach street {result.streets + 1} "
                      "(not followed)")


def main() -> None:
    """Entry point of the ``studpoker`` console script (through :mod:`studpoker.__main__`)."""
    try:
        app()
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        sys.exit(0)
    except ImportError as exc:  # a command whose extra is not installed, e.g. serve without [server]
        if extra_of(exc.name) is None and not isinstance(exc, MissingExtra):
            raise
        from rich.markup import escape

        message = escape(str(missing_extra(exc, what="this command")))
        err.print(f"[red]error:[/red] {message}", highlight=False)
        sys.exit(2)


if __name__ == "__main__":
    main()
