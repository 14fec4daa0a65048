"""Statistics of the home games (R8): Baseball's extra cards do not move a player to another
street, its face-up 3s paid for or folded to are counted (R8.2), and every game is counted."""

from __future__ import annotations

import random

import pytest

from studpoker import phh
from studpoker.engine import ActionKind
from studpoker.engine.games import from_options
from studpoker.engine.operations import ActionTaken, StreetStarted
from studpoker.stats import Stats
from test_phh_home_games import HOME_GAMES, baseball_example, random_hand

AGGRESSIVE = (ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE)


@pytest.mark.parametrize("game_name", HOME_GAMES)
def test_r8_streets_and_actions_agree_with_the_engine(game_name: str) -> None:
    """Bets, raises and calls are counted on the street the engine played them on, however
    many extra cards a player holds (R8.2), in every home game."""
    for seed in range(40):
        hand = random_hand(game_name, seed)
        names = [f"s{i}" for i in range(hand.n)]
        stats = Stats()
        stats.add_hand(hand, names=names)
        aggressive = [[0] * 5 for _ in range(hand.n)]
        calls = [[0] * 5 for _ in range(hand.n)]
        pays = [0] * hand.n
        street = 0
        for op in hand.log:
            if isinstance(op, StreetStarted):
                street = op.index
            elif isinstance(op, ActionTaken):
                kind, seat = op.action.kind, op.action.seat
                if kind in AGGRESSIVE:
                    aggressive[seat][street] += 1
                elif kind is ActionKind.CALL:
                    calls[seat][street] += 1
                elif kind is ActionKind.PAY:
                    pays[seat] += 1
        for seat, name in enumerate(names):
            row = stats.get(name, game_name)
            assert row.hands == 1
            assert row.aggressive == aggressive[seat], (seed, seat)
            assert row.calls == calls[seat], (seed, seat)
            assert row.threes_paid == pays[seat]
            assert row.pay_three is None or game_name == "baseball"


def test_r8_2_face_up_threes_paid_for_or_folded_to() -> None:
    """R8.2: p2 pays for the 3h on third street, p3 folds to the 3s on fifth street; p1's
    extra cards (the 8h and the Ah) leave p1 on the streets everybody is on."""
    hand = baseball_example()
    stats = Stats()
    stats.add_history(phh.from_hand(hand, fields={"players": ["ann", "bob", "cy"]}))
    ann, bob, cy = (stats.get(n, "baseball") for n in ("ann", "bob", "cy"))
    assert (bob.three_decisions, bob.threes_paid, bob.pay_three) == (1, 1, 1.0)
    assert (cy.three_decisions, cy.threes_paid, cy.pay_three) == (1, 0, 0.0)
    assert (ann.three_decisions, ann.pay_three) == (0, None)
    assert ann.calls == [1, 1, 1, 0, 0] and ann.aggressive == [0, 0, 0, 1, 1]
    assert bob.to_dict()["pay_three"] == 1.0
    assert bob.to_dict()["counts"]["threes_paid"] == 1  # type: ignore[index]
    assert stats.get("cy", "baseball").showdowns == 0


def test_r8_a_short_stack_keeps_its_three_for_nothing() -> None:
    """R8.2: an all-in player dealt a 3 has no decision to make, and none is counted."""
    game = from_options("baseball")
    for seed in range(200):
        rng = random.Random(seed)
        hand = game.deal(stacks=[rng.choice([3, 12, 200]) for _ in range(4)], seed=seed)
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
        stats = Stats()
        stats.add_hand(hand, names=["a", "b", "c", "d"])
        decisions = [0] * 4
        for op in hand.log:
            if isinstance(op, ActionTaken) and op.action.kind is ActionKind.PAY:
                decisions[op.action.seat] += 1
        for seat, name in enumerate("abcd"):
            row = stats.get(name, "baseball")
            assert row.threes_paid == decisions[seat]
            assert row.three_decisions >= row.threes_paid
