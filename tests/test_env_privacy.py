"""No observation tensor or string ever depends on another seat's unseen cards.

For each seat: play a hand, then swap around every card that seat never saw
(other seats' down cards and the undealt stub), replay the same actions, and
compare the seat's tensors and strings at every point. Before showdown they
must be equal; the sanity check is that some other seat's do change.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from studpoker.engine import ActionKind, Card
from studpoker.engine.cards import full_deck
from studpoker.engine.hand import Hand, Phase
from studpoker.engine.operations import ActionTaken, CardDealt, CommunityCardDealt, MarketDealt
from studpoker.env import Encoder, make_config
from studpoker.env._spec import auto_show, legal_ids

CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("stud", 2, {}),
    ("stud", 4, {"joker": True}),
    ("stud", 8, {"stacks": 50}),
    ("stud", 3, {"open_pair_big_bet": False, "heads_up_uncapped": False, "max_raises": 1}),
    ("wallstreet", 3, {}),
    ("wallstreet", 5, {"joker": True, "stacks": 40}),
    ("wallstreet", 7, {"market_unit": 1, "limits": 2}),
    ("stud8", 4, {"joker": True}),
    ("razz", 3, {}),
    ("baseball", 4, {}),  # R8.2
    ("follow_the_queen", 3, {}),  # R8.3
    ("high_chicago", 4, {"joker": True}),  # R8.4
    ("kings_and_little_ones", 4, {}),  # R8.5: each seat's private wild rank stays its own
]
IDS = [f"{g}-{n}-{'-'.join(sorted(o)) or 'default'}" for g, n, o in CONFIGS]


def seen_by(hand: Hand, seat: int) -> set[Card]:
    """Every card ``seat`` saw before any showdown: its own, every up card, the market, the board."""
    seen: set[Card] = set()
    for op in hand.log:
        if isinstance(op, CardDealt) and (op.face_up or op.seat == seat):
            assert op.card is not None
            seen.add(op.card)
        elif isinstance(op, (MarketDealt, CommunityCardDealt)):
            seen.add(op.card)
    return seen


def snapshots(enc: Encoder, hand: Hand, seat: int) -> tuple[Any, ...]:
    view = hand.view(seat)
    return (
        enc.observation(hand, seat), enc.information_state(hand, seat),
        enc.observation(view), enc.observation_string(view), enc.information_state_string(view),
    )


def same(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    return all(
        np.array_equal(x, y) if isinstance(x, np.ndarray) else x == y for x, y in zip(a, b, strict=True)
    )


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS, ids=IDS)
def test_unseen_cards_do_not_change_what_a_seat_observes(
    game: str, players: int, options: dict[str, Any]
) -> None:
    opts = dict(options)
    joker = bool(opts.pop("joker", False))
    config = make_config(game, players, joker=joker, **opts)
    enc = Encoder(config)
    rng = random.Random(players * 7 + len(options))
    changed_elsewhere = 0
    for _ in range(6):
        deck = full_deck(joker=joker)
        rng.shuffle(deck)
        dealer = rng.randrange(players)
        hand = config.game.deal(stacks=config.stacks, dealer=dealer, deck=deck)
        actions = []
        while not hand.is_over:
            a = rng.choice(list(legal_ids(hand).values()))
            actions.append(a)
            hand.apply(a)
            auto_show(hand)
        for seat in range(players):
            hidden = [c for c in deck if c not in seen_by(hand, seat)]
            shuffled = hidden[:]
            rng.shuffle(shuffled)
            swap = dict(zip(hidden, shuffled, strict=True))
            deck2 = [swap.get(c, c) for c in deck]
            h1 = config.game.deal(stacks=config.stacks, dealer=dealer, deck=deck)
            h2 = config.game.deal(stacks=config.stacks, dealer=dealer, deck=deck2)
            for a in [*actions, None]:
                if h1.phase is Phase.OVER and any(
                    isinstance(op, ActionTaken) and op.action.kind is ActionKind.SHOW for op in h1.log
                ):
                    break  # cards shown at showdown are seen by everyone
                assert same(snapshots(enc, h1, seat), snapshots(enc, h2, seat)), (seat, a)
                others = [s for s in range(players) if s != seat]
                if any(not same(snapshots(enc, h1, s), snapshots(enc, h2, s)) for s in others):
                    changed_elsewhere += 1
                if a is None:
                    break
                h1.apply(a)
                auto_show(h1)
                h2.apply(a)
                auto_show(h2)
    assert changed_elsewhere > 0  # the swaps did change what the card holders see
