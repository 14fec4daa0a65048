"""Play in the terminal against bots: the table drawn with rich, one-key actions.

The screen fits an 80x24 terminal. Keys: ``f`` fold, ``c`` check or call,
``b`` bring in, ``r`` complete / bet / raise, ``R`` the open-pair big bet,
``t`` take the free card, ``1``-``4`` buy a market slot, ``p`` pay for a
face-up 3 in Baseball (its price is on the key's label), ``s`` show,
``m`` muck, ``q`` quit. In the wild-card games the wild ranks of the moment
are on the top line and every wild card is starred (``9c*``). The session's
hands can be saved as a ``.phhs`` hand history.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from studpoker._extras import missing_extra

try:
    from rich.console import Console
    from rich.table import Table as RichTable
    from rich.text import Text
except ImportError as _exc:
    raise missing_extra(_exc, what="studpoker play", extra="cli") from _exc

from studpoker.bots import Bot, make_bot
from studpoker.describe import action_label, describe_operation, pay_or_fold_text, wild_text
from studpoker.engine.actions import Action, ActionKind
from studpoker.engine.cards import Card
from studpoker.engine.games import Game, stakes_text
from studpoker.engine.hand import Hand, SeatView
from studpoker.engine.operations import ActionTaken, ChipsReturned, PotAwarded
from studpoker.engine.table import Table

__all__ = ["KEYS", "PlaySession", "action_keys", "render"]

KEYS: dict[ActionKind, str] = {
    ActionKind.FOLD: "f",
    ActionKind.CHECK: "c",
    ActionKind.CALL: "c",
    ActionKind.BRING_IN: "b",
    ActionKind.COMPLETE: "r",
    ActionKind.BET: "r",
    ActionKind.RAISE: "r",
    ActionKind.TAKE_CARD: "t",
    ActionKind.SHOW: "s",
    ActionKind.MUCK: "m",
    ActionKind.PAY: "p",  # R8.2
}


def action_keys(legal: Sequence[Action]) -> dict[str, Action]:
    """One key per legal action (``R`` for the second, big, bet; digits for slots)."""
    keys: dict[str, Action] = {}
    for action in legal:
        key = str(action.slot) if action.kind is ActionKind.BUY else KEYS[action.kind]
        if key in keys:
            key = key.upper()
        keys[key] = action
    return keys


def _cards(view: SeatView, seat: int) -> Text:
    p = view.players[seat]
    # R8: a wild card is starred (R8.5: the viewer's own cards with the viewer's own rank too)
    wild = set(view.own_wild_ranks if seat == view.seat else view.wild_ranks)

    def star(c: Card) -> str:
        return "*" if str(c)[0] in wild else ""

    text = Text()
    if p.down:
        text.append("[")
        for i, c in enumerate(p.down):
            sep = "" if i == len(p.down) - 1 else " "
            text.append(f"{c or '??'}{star(c) if c else ''}{sep}", style="dim" if c is None else "bold cyan")
        text.append("] ")
    for c in p.up:
        red = str(c)[1] in "hd" if not c.is_joker else False
        text.append(f"{c}{star(c)} ", style="bold red" if red else "bold")
    return text


_LAST = (ActionTaken, ChipsReturned, PotAwarded)  # the records shown under the table


def _second_person(line: str) -> str:
    """``"you calls 2"`` -> ``"you call 2"`` (the describer speaks of players in the third person)."""
    if not line.startswith("you "):
        return line
    verb, _, rest = line[4:].partition(" ")
    verb = verb[:-1] if verb.endswith("s") else verb
    return f"you {verb} {rest}".rstrip()


def _last_actions(view: SeatView, names: Sequence[str], count: int) -> list[str]:
    return [_second_person(describe_operation(op, names=names))
            for op in view.log if isinstance(op, _LAST)][-count:]


def render(view: SeatView, names: Sequence[str], *, hand_no: int, message: str = "") -> RichTable:
    """The whole table as one rich renderable, for ``view.seat``'s eyes (fits 80x24)."""
    game = view.game
    grid = RichTable.grid(padding=(0, 1))
    grid.add_column(overflow="fold")
    joker = " + joker" if game.joker else ""
    grid.add_row(Text(f"{game.title}{joker}  {stakes_text(game)}  hand {hand_no}  {view.street_name} street",
                      style="bold"))
    if game.wild or game.follow_the_queen:  # R8: what is wild now
        grid.add_row(Text(wild_text(view.wild_ranks) + " (starred)", style="bold magenta"))
    if view.private_wild_ranks:  # R8.5: the viewer's own wild rank, for the viewer only
        grid.add_row(Text(wild_text(view.private_wild_ranks) + " in your hand only", style="bold magenta"))
    seats = RichTable(box=None, padding=(0, 1), show_header=True, header_style="dim")
    seats.add_column(" ", width=1)
    seats.add_column("player", width=10, no_wrap=True)
    seats.add_column("stack", justify="right", width=6)
    seats.add_column("bet", justify="right", width=4)
    seats.add_column("cards", no_wrap=True)
    for p in view.players:
        mark = "D" if p.seat == view.dealer else ""
        if view.to_act == p.seat and not view.is_over:
            mark = ">"
        status = " folded" if p.folded else (" all-in" if p.all_in else "")
        cards = _cards(view, p.seat)
        if status:
            cards.append(status, style="yellow")
        name = names[p.seat] + (" *" if p.seat == view.seat else "")
        seats.add_row(mark, name, str(p.stack), str(p.bet or ""), cards)
    grid.add_row(seats)
    middle = Text(f"pot {view.pot}")
    if any(c is not None for c in view.market):
        middle.append("   market: ")
        for i, c in enumerate(view.market, start=1):
            middle.append(f"{i}:{c if c is not None else '--'}({i * game.unit}) ")
    if view.community:
        middle.append("   community: " + " ".join(map(str, view.community)))
    grid.add_row(middle)
    for line in _last_actions(view, names, 5):
        grid.add_row(Text("  " + line, style="dim"))
    if message:
        grid.add_row(Text(message, style="bold green"))
    pay = next((a for a in view.legal_actions if a.kind is ActionKind.PAY), None)
    if pay is not None and view.seat is not None:  # R8.2: say what the choice is
        threes = [c for c in view.players[view.seat].up if str(c)[0] == "3"]
        grid.add_row(Text(pay_or_fold_text(pay.amount, name="you", card=threes[-1] if threes else None),
                          style="bold yellow"))
    if view.legal_actions:
        keys = action_keys(view.legal_actions)
        options = "  ".join(f"[{k}] {action_label(a)}" for k, a in keys.items())
        grid.add_row(Text("your move: " + options + "  [q] quit", style="bold yellow",
                          overflow="fold", no_wrap=False))
    return grid


def summary_lines(hand: Hand, names: Sequence[str]) -> list[str]:
    """End-of-hand summary: each pot, its winners and their hands (high and low)."""
    lines = []
    for r in hand.results:
        winners = ", ".join(f"{names[s]} {a}" for s, a in r.shares)
        hands = []
        if r.high_hand is not None:
            hands.append(f"high: {r.high_hand.description}")
        if r.low_hand is not None:
            hands.append(f"low: {r.low_hand.description}")
        if r.spade_hand is not None:  # R8.4
            hands.append(f"spade: {r.spade_hand.description}")
        detail = f" ({'; '.join(hands)})" if hands else " (uncontested)"
        lines.append(f"{r.name} {r.amount} -> {winners}{detail}")
    return lines


@dataclass(kw_only=True)
class PlaySession:
    """A terminal session: you in seat 0 against bots, hand after hand."""

    game: Game
    players: int
    bots: Sequence[str]
    chips: int
    seed: int | None = None
    delay: float = 0.6
    history: Path | None = None
    console: Console = field(default_factory=Console)
    read_key: Callable[[], str] = field(default_factory=lambda: read_key)
    _bots: list[Bot] = field(default_factory=list)
    _hands: list[Hand] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.table = Table(game=self.game, seats=self.players)
        self.names = ["you"] + [f"{self.bots[(i - 1) % len(self.bots)]}-{i}"
                                for i in range(1, self.players)]
        base = self.seed if self.seed is not None else int.from_bytes(os.urandom(4), "big")
        self._bots = [make_bot(self.bots[(i - 1) % len(self.bots)], seed=base + i)
                      for i in range(1, self.players)]
        for i, name in enumerate(self.names):
            self.table.sit(i, name=name, chips=self.chips)
        self._seed = base

    def _show(self, hand: Hand, message: str = "") -> None:
        hs = self.table.hand_seats
        you = hs.index(0) if 0 in hs else None
        names = [self.names[s] for s in hs]
        self.console.clear()
        self.console.print(render(hand.view(you), names, hand_no=self.table.hands_played + 1,
                                  message=message))

    def run(self) -> int:
        """Play until you quit or bust; returns the number of hands played."""
        try:
            while True:
                you = self.table.seats[0]
                if you is None or you.chips == 0:
                    self.console.print("You are out of chips. Thanks for playing!")
                    break
                if not self.table.can_start():
                    self.console.print("Not enough players with chips left. Game over.")
                    break
                if not self.play_hand():
                    break
        except KeyboardInterrupt:
            self.console.print("\nbye")
        finally:
            self.save_history()
        return len(self._hands)

    def play_hand(self) -> bool:
        """One hand; False if the player quit."""
        hand = self.table.start_hand(seed=self._seed + len(self._hands) * 7919)
        self._hands.append(hand)
        hs = self.table.hand_seats
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            table_seat = hs[seat]
            if table_seat == 0:
                legal = hand.legal_actions()
                if len(legal) == 1 and legal[0].kind is ActionKind.SHOW:
                    # no muck at this showdown (R3.10, option showdown_muck): nothing to ask
                    self.table.act(legal[0])
                    continue
                self._show(hand)
                keys = action_keys(legal)
                while True:
                    key = self.read_key()
                    if key in ("q", "\x03"):
                        return False
                    if key in keys:
                        self.table.act(keys[key])
                        break
            else:
                self._show(hand, f"{self.names[table_seat]} is thinking...")
                if self.delay:
                    time.sleep(self.delay)
                bot = self._bots[table_seat - 1]
                self.table.act(bot.act(hand.view(seat)))
        names = [self.names[s] for s in hs]
        self._show(hand, "hand over")
        for line in summary_lines(hand, names):
            self.console.print(line)
        self.console.print("[bold]press any key for the next hand, q to quit[/bold]")
        return self.read_key() not in ("q", "\x03")

    def save_history(self) -> Path | None:
        """Write the session's hands as a .phhs file in ``history`` (if set)."""
        if self.history is None or not self._hands:
            return None
        from studpoker import phh

        self.history.mkdir(parents=True, exist_ok=True)
        path = self.history / f"session-{self._seed}.phhs"
        finished = [h for h in self._hands if h.is_over]
        path.write_text(phh.write_all([phh.from_hand(h) for h in finished]))
        self.console.print(f"hand history saved to {path}")
        return path


def read_key() -> str:
    """One key press from the terminal (raw mode), or a line's first character otherwise."""
    if not sys.stdin.isatty():
        line = sys.stdin.readline()
        if not line:
            return "q"
        return line.strip()[:1] or "\n"
    import termios
    import tty

    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    try:
        tty.setraw(fd)
        ch = sys.stdin.read(1)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
    return ch

