"""Invariants over random play of both games with random stacks and options.

R1.11 chips conserved, cards unique, every hand ends, R1.12 illegal actions
raise and change nothing, views never show another seat's down cards.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studpoker.engine import Action, ActionKind, IllegalAction, SevenCardStud, WallStreet
from studpoker.engine.games import Game
from studpoker.engine.hand import Hand, Phase
from studpoker.engine.operations import (
    ActionTaken,
    AntePosted,
    CardDealt,
    ChipsReturned,
    CommunityCardDealt,
    MarketDealt,
)


@st.composite
def games(draw: st.DrawFn) -> tuple[Game, int]:
    joker = draw(st.booleans())
    common = dict(
        joker=joker,
        double_ace_flush=draw(st.booleans()),
        max_raises=draw(st.integers(0, 4)),
        heads_up_uncapped=draw(st.booleans()),
    )
    if draw(st.booleans()):
        small = draw(st.integers(2, 10))
        game: Game = SevenCardStud(
            ante=draw(st.integers(0, 3)), bring_in=draw(st.integers(1, small - 1)),
            small_bet=small, big_bet=small * draw(st.integers(1, 2)),
            open_pair_big_bet=draw(st.booleans()), **common,  # type: ignore[arg-type]
        )
        n = draw(st.integers(2, 8))
    else:
        limits = tuple(draw(st.lists(st.integers(1, 8), min_size=5, max_size=5)))
        game = WallStreet(
            ante=draw(st.integers(0, 3)), limits=limits,  # type: ignore[arg-type]
            market_unit=draw(st.one_of(st.none(), st.integers(1, 6))), **common,  # type: ignore[arg-type]
        )
        n = draw(st.integers(3, 7))
    return game, n


def fingerprint(hand: Hand) -> tuple[object, ...]:
    return (len(hand.log), tuple(hand.stacks), tuple(hand.contrib), hand.to_act, hand.phase,
            tuple(hand.folded), tuple(hand.market), hand.street, tuple(hand.legal_actions()))


def dealt_cards(hand: Hand) -> list[object]:
    return [op.card for op in hand.log
            if isinstance(op, (CardDealt, CommunityCardDealt, MarketDealt))
            and not (isinstance(op, CardDealt) and op.face_up and _bought(hand, op))]


def _bought(hand: Hand, op: CardDealt) -> bool:
    i = hand.log.index(op)
    prev = hand.log[i - 1]
    return getattr(getattr(prev, "action", None), "kind", None) is ActionKind.BUY


def play_randomly(hand: Hand, rng: random.Random, *, probe_illegal: bool = False) -> int:
    total = sum(hand.starting_stacks)
    steps = 0
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal, "a live hand always has a decision"
        if probe_illegal:
            before = fingerprint(hand)
            bad = [
                Action(seat=(hand.to_act or 0) + 1, kind=legal[0].kind, amount=legal[0].amount),
                Action(seat=hand.to_act or 0, kind=ActionKind.RAISE, amount=10_000),
                Action(seat=hand.to_act or 0, kind=ActionKind.BUY, slot=5, amount=1),
            ]
            for action in bad:
                if action in legal:
                    continue
                with pytest.raises(IllegalAction):
                    hand.apply(action)
                assert fingerprint(hand) == before  # R1.12
        hand.apply(rng.choice(legal))
        steps += 1
        assert sum(hand.stacks) + hand.pot == total  # R1.11
        assert steps < 400, "every hand ends"
    assert sum(hand.payoffs) == 0
    assert sum(hand.stacks) == total
    return steps


@settings(max_examples=300, deadline=None)
@given(games(), st.integers(0, 2**32 - 1), st.data())
def test_r1_11_r1_12_random_play_invariants(game_n: tuple[Game, int], seed: int,
                                            data: st.DataObject) -> None:
    """R1.11/R1.12: chips conserved every step, illegal actions change nothing, hands end."""
    game, n = game_n
    stacks = data.draw(st.lists(st.integers(1, 120), min_size=n, max_size=n))
    rng = random.Random(seed)
    hand = game.deal(stacks=stacks, dealer=rng.randrange(n), seed=seed)
    play_randomly(hand, rng, probe_illegal=True)
    cards = dealt_cards(hand)
    assert len(cards) == len(set(cards)), "cards unique"
    assert hand.phase is Phase.OVER
    # every pot is fully paid out and results agree with the stacks
    paid = [0] * n
    for result in hand.results:
        assert sum(a for _, a in result.shares) == result.amount
        for s, a in result.shares:
            paid[s] += a
    into_middle = sum(op.amount for op in hand.log if isinstance(op, AntePosted))
    into_middle += sum(op.paid for op in hand.log if isinstance(op, ActionTaken))
    into_middle -= sum(op.amount for op in hand.log if isinstance(op, ChipsReturned))
    assert sum(paid) == into_middle
    for s in range(n):
        put_in = sum(op.amount for op in hand.log if isinstance(op, AntePosted) and op.seat == s)
        put_in += sum(op.paid for op in hand.log
                      if isinstance(op, ActionTaken) and op.action.seat == s)
        put_in -= sum(op.amount for op in hand.log if isinstance(op, ChipsReturned) and op.seat == s)
        assert hand.stacks[s] == stacks[s] - put_in + paid[s]


@settings(max_examples=150, deadline=None)
@given(games(), st.integers(0, 2**32 - 1))
def test_views_never_show_other_down_cards_before_showdown(game_n: tuple[Game, int],
                                                          seed: int) -> None:
    """Hidden information: a seat's view holds only its own down cards until they are shown."""
    game, n = game_n
    rng = random.Random(seed)
    hand = game.deal(stacks=[100] * n, dealer=0, seed=seed)
    while not hand.is_over:
        for seat in range(n):
            view = hand.view(seat)
            for p in view.players:
                if p.seat != seat and not p.shown:
                    assert all(c is None for c in p.down)
                if p.seat == seat:
                    assert None not in p.down
            public = hand.view(None)
            assert all(c is None for p in public.players if not p.shown for c in p.down)
        hand.apply(rng.choice(hand.legal_actions()))


@pytest.mark.slow
@pytest.mark.parametrize("which", ["stud", "wallstreet"])
def test_twenty_thousand_random_hands(which: str) -> None:
    """R1.11: 20,000 random hands per game with random stacks end with chips conserved."""
    rng = random.Random(2026)
    for i in range(20_000):
        if which == "stud":
            game: Game = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10,
                                       joker=i % 3 == 0)
            n = rng.randint(2, 8)
        else:
            game = WallStreet(ante=1, limits=(2, 2, 4, 4, 4), joker=i % 3 == 0)
            n = rng.randint(3, 7)
        stacks = [rng.choice((rng.randint(1, 30), rng.randint(30, 300))) for _ in range(n)]
        hand = game.deal(stacks=stacks, dealer=rng.randrange(n), rng=rng)
        play_randomly(hand, rng)
