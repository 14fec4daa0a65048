"""PHH for Five Card Stud (R9, ``F5S``) and Deuce-to-Seven Razz (R10, ``F7S/27``): this
project's variant codes, a full and a public round trip, options a variant lacks refused."""

from __future__ import annotations

import random

import pytest

from studpoker import phh
from studpoker.describe import describe_operation
from studpoker.engine.actions import ActionKind
from studpoker.engine.games import from_options
from studpoker.engine.hand import Hand
from studpoker.engine.operations import ActionTaken

GAMES = {"five_stud": "F5S", "razz27": "F7S/27"}


def random_hand(game_name: str, seed: int) -> Hand:
    """A random hand of ``game_name`` with random stakes, options, table and stacks."""
    rng = random.Random(seed)
    ante, bring_in, small, big = rng.choice(((1, 2, 5, 10), (0, 1, 2, 4), (2, 3, 10, 20)))
    extra: dict[str, object] = {"max_raises": rng.choice([2, 3, 4]), "heads_up_uncapped": rng.random() < 0.5,
                                "showdown_muck": seed % 5 != 0}
    if game_name == "five_stud":
        extra["open_pair_big_bet"] = rng.random() < 0.5
    game = from_options(game_name, ante=ante, bring_in=bring_in, small_bet=small, big_bet=big, **extra)
    n = rng.randint(2, game.max_players)
    stacks = [rng.randint(1, 3 * big) if rng.random() < 0.2 else rng.randint(8 * big, 40 * big)
              for _ in range(n)]
    hand = game.deal(stacks=stacks, dealer=rng.randrange(n), seed=seed)
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.apply(rng.choice(legal))
    return hand


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_r9_r10_round_trip_full_and_public(game_name: str) -> None:
    """R9, R10: a written hand reads back equal, writes the same text, and replays to the
    same log (the full history) or to the same actions and payoffs (the public view)."""
    for seed in range(60):
        hand = random_hand(game_name, seed)
        history = phh.from_hand(hand)
        assert history.variant == GAMES[game_name] == phh.GAME_VARIANTS[game_name]
        text = phh.write(history)
        back = phh.read_one(text)
        assert back == history, seed
        assert phh.write(back) == text
        replayed = phh.replay(back)
        assert [describe_operation(op) for op in replayed.log] == [describe_operation(op) for op in hand.log]
        assert replayed.results == hand.results
        public = phh.from_hand(hand, public=True)
        result = phh.replay_result(phh.read_one(phh.write(public)))
        assert result.hand.payoffs == hand.payoffs, seed
        assert [op.action for op in result.hand.log if isinstance(op, ActionTaken)] == \
            [op.action for op in hand.log if isinstance(op, ActionTaken)]


def test_r9_1_ten_players_round_trip() -> None:
    """R9.1: a ten-handed Five Card Stud hand writes and replays."""
    game = from_options("five_stud")
    hand = game.deal(stacks=[200] * 10, dealer=3, seed=9)
    rng = random.Random(9)
    while not hand.is_over:
        legal = hand.legal_actions()
        passive = [a for a in legal if a.kind is not ActionKind.FOLD]
        hand.apply(rng.choice(passive))
    text = phh.write(phh.from_hand(hand))
    assert 'variant = "F5S"' in text
    assert phh.replay(phh.read_one(text)).payoffs == hand.payoffs


@pytest.mark.parametrize(("variant", "field", "rule"), [
    ("F5S", "_joker", "R9.1"), ("F7S/27", "_joker", "R10.1"), ("F7S/27", "_open_pair_big_bet", "R10.3"),
])
def test_r9_r10_options_a_variant_lacks_are_refused(variant: str, field: str, rule: str) -> None:
    text = (f'variant = "{variant}"\nantes = [1, 1]\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10\n'
            f'starting_stacks = [100, 100]\nactions = []\n{field} = true\n')
    with pytest.raises(phh.PHHError, match=rule):
        phh.read_one(text)
