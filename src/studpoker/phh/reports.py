"""Reports on a replayed hand for people and scripts (the ``studpoker replay`` command): a
JSON-ready summary (:func:`summary_dict`), the summary as lines (:func:`summary_lines`) and
the hand street by street (:func:`step_blocks`).
"""

from __future__ import annotations

from studpoker.describe import describe_operation
from studpoker.engine.actions import ActionKind
from studpoker.engine.cards import Card
from studpoker.engine.games import GAMES
from studpoker.engine.hand import Hand, PotResult
from studpoker.engine.operations import (
    ActionTaken,
    AntePosted,
    CardDealt,
    ChipsReturned,
    HandEnded,
    MarketDealt,
    Operation,
    PotAwarded,
    StreetStarted,
)
from studpoker.phh.hand_history import UNKNOWN
from studpoker.phh.planner import ReplayResult
from studpoker.phh.variants import _VARIANT_GAMES

__all__ = [
    "step_blocks",
    "summary_dict",
    "summary_lines",
]

# --------------------------------------------------------------------------
# Reports for people and scripts (the ``studpoker replay`` command)
# --------------------------------------------------------------------------


def _pot_winners(result: ReplayResult, pot: PotResult) -> list[int]:
    winners = list(pot.high_winners)
    winners += [s for s in (*pot.low_winners, *pot.spade_winners) if s not in winners]
    return winners


def summary_dict(result: ReplayResult) -> dict[str, object]:
    """JSON-ready summary: variant, finishing stacks, signed winnings and pots, per player."""
    h, hand = result.history, result.hand
    labels = [f"p{p + 1}" for p in range(hand.n)]
    pots = []
    for pot in hand.results:
        pots.append({
            "pot": pot.index,
            "name": pot.name,
            "amount": pot.amount,
            "winners": [labels[result.player(s)] for s in _pot_winners(result, pot)],
            "high_winners": [labels[result.player(s)] for s in pot.high_winners],
            "low_winners": [labels[result.player(s)] for s in pot.low_winners],
            "high_hand": None if pot.high_hand is None else pot.high_hand.description,
            "low_hand": None if pot.low_hand is None else pot.low_hand.description,
            "shares": {labels[result.player(s)]: a for s, a in pot.shares},
        })
        if pot.spade_winners:  # R8.4: the Chicago spade half
            pots[-1]["spade_winners"] = [labels[result.player(s)] for s in pot.spade_winners]
            pots[-1]["spade_hand"] = None if pot.spade_hand is None else pot.spade_hand.description
    return {
        "hand": h.index + 1,
        "name": h.name,
        "variant": h.variant,
        "players": h.players or labels,
        "complete": hand.is_over,
        "starting_stacks": list(h.starting_stacks),
        "finishing_stacks": result.finishing_stacks,
        "winnings": result.winnings,
        "pots": pots,
    }


def summary_lines(result: ReplayResult) -> list[str]:
    """The summary for people: finishing stacks, each pot with its winners and their hands."""
    h, hand = result.history, result.hand
    name = f" [{h.name}]" if h.name not in (None, str(h.index + 1)) else ""
    game = GAMES[_VARIANT_GAMES[h.variant]].title
    state = "" if hand.is_over else f" (unfinished: {_situation_of(result)})"
    lines = [f"hand {h.index + 1}{name}: {game} ({h.variant}), {hand.n} players{state}"]
    for p in range(hand.n):
        s = result.seat(p)
        lines.append(f"  {result.label(s)}: {hand.starting_stacks[s]} -> {hand.stacks[s]} "
                     f"({hand.payoffs[s]:+d})")
    for pot in hand.results:
        for s, amount in pot.shares:
            with_hand = []
            if pot.high_hand is not None and s in pot.high_winners:
                with_hand.append(pot.high_hand.description)
            if pot.low_hand is not None and s in pot.low_winners:
                with_hand.append(pot.low_hand.description)
            how = " with " + " and ".join(with_hand) if with_hand else ""
            if pot.spade_hand is not None and s in pot.spade_winners:  # R8.4
                how += ("; " if how else " with ") + pot.spade_hand.description
            how = how or " uncontested"
            lines.append(f"  {pot.name} ({pot.amount}): {result.label(s)} wins {amount}{how}")
    return lines


def _situation_of(result: ReplayResult) -> str:
    hand = result.hand
    if hand.to_act is None:
        return "no one to act"
    return f"{result.label(hand.to_act)} to act on {hand.street_name} street"


def _card(result: ReplayResult, card: Card | None) -> str:
    return UNKNOWN if card is None or card in result.unknown else str(card)


def _describe(result: ReplayResult, op: Operation) -> str | None:
    if isinstance(op, HandEnded):
        return None
    return describe_operation(op, names=result.label, unseen=result.unknown)


def step_blocks(result: ReplayResult) -> list[list[str]]:
    """The hand street by street, for a reader: one block of lines per street, then the result."""
    hand = result.hand
    blocks: list[list[str]] = []
    block: list[str] = [f"{result.history.variant} hand {result.history.index + 1}: "
                        + ", ".join(f"{result.label(result.seat(p))} {hand.starting_stacks[result.seat(p)]}"
                                    for p in range(hand.n))]
    dealt: dict[int, list[str]] = {}
    market: list[str] = []
    buying = False

    def flush() -> None:
        for s, cards in dealt.items():
            block.append(f"  {result.label(s)} gets {' '.join(cards)}")
        dealt.clear()
        if market:
            block.append(f"  market: {' '.join(market)}")
            market.clear()

    for op in hand.log:
        if isinstance(op, CardDealt) and not buying:
            up = "up" if op.face_up else "down"
            dealt.setdefault(op.seat, []).append(f"{_card(result, op.card)} ({up})")
            continue
        if isinstance(op, CardDealt):
            buying = False
            continue
        if isinstance(op, MarketDealt):
            market.append(f"{op.slot}:{_card(result, op.card)}")
            continue
        flush()
        if isinstance(op, StreetStarted):
            if op.index > 0:
                blocks.append(block)
                block = []
            block.append(f"*** {op.name.upper()} STREET ***  (pot {_pot_before(hand, op)})")
            continue
        if isinstance(op, ActionTaken):
            buying = op.action.kind in (ActionKind.BUY, ActionKind.TAKE_CARD)
        text = _describe(result, op)
        if text is not None and not isinstance(op, PotAwarded):
            block.append(f"  {text}")
    flush()
    blocks.append(block)
    blocks.append(["*** RESULT ***", *summary_lines(result)])
    return blocks


def _pot_before(hand: Hand, street: StreetStarted) -> int:
    """Chips in the middle when ``street`` starts (antes and earlier streets' bets)."""
    total = 0
    for op in hand.log:
        if op is street:
            break
        if isinstance(op, ActionTaken):
            total += op.paid
        elif isinstance(op, AntePosted):
            total += op.amount
        elif isinstance(op, ChipsReturned):
            total -= op.amount
    return total
