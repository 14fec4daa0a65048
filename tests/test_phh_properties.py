"""Every hand of every game reads back from its own history (R7.3, R1.10, R8.2).

A Baseball hand can deal all 52 cards, a face-up 4 bringing its holder the next
card at once (R8.2): a player's k-th card is then not dealt on the k-th round, and
the replayer's deck plan must follow the engine's draw order. The property test
plays random hands of every game in the registry, 2 to 8 players within each
game's seat limits, and replays their full and public histories.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from studpoker import phh
from studpoker.describe import describe_operation
from studpoker.engine.actions import ActionKind
from studpoker.engine.cards import Card
from studpoker.engine.games import GAMES, Baseball, from_options
from studpoker.engine.hand import Hand
from studpoker.engine.operations import ActionTaken, CardDealt, CommunityCardDealt

PASSIVE = (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN, ActionKind.PAY,
           ActionKind.SHOW, ActionKind.TAKE_CARD)


def _check_down(hand: Hand) -> None:
    while not hand.is_over:
        hand.apply(next(a for a in hand.legal_actions() if a.kind in PASSIVE))


def _actions(hand: Hand) -> list[object]:
    return [op.action for op in hand.log if isinstance(op, ActionTaken)]


def _round_trip(hand: Hand) -> None:
    """The full history replays to the same log and results; the public one (down cards
    never shown are ``??``) to the same actions and payoffs."""
    full = phh.read_one(phh.write(phh.from_hand(hand)))
    replayed = phh.replay(full)
    assert [describe_operation(op) for op in replayed.log] == \
        [describe_operation(op) for op in hand.log]
    assert replayed.results == hand.results
    assert replayed.payoffs == hand.payoffs
    public = phh.read_one(phh.write(phh.from_hand(hand, public=True)))
    back = phh.replay(public)
    assert back.payoffs == hand.payoffs
    assert _actions(back) == _actions(hand)


# Seven players, dealer seat 6, everyone checking down: 4s face up on third, fifth and sixth
# streets (4h and 4d dealt late, each bringing its holder the next card at once, R8.2) deal
# all 52 cards; this deck failed to read back ("card 5h is needed twice").
ALL_52 = ("Ah 2s Jh 8h Ad 8c Ac 5h As 2d 6d 8d Jd 3s 9c 5s 6h 7h 4s 5d Kc Td Ks 3c 7s 2c "
          "Qc Qs 3d Qd 7d 9d Qh Jc Ts 2h 4h 6s 9h 7c 4d 9s 3h Th 8s Kh Kd Js Tc 6c 5c 4c")


def test_r8_2_baseball_all_52_cards_late_face_up_fours_round_trip() -> None:
    """R8.2, R1.10: seven players check down, three get a 4 face up (two of them late); the
    hand deals all 52 cards and reads back from its full and public histories."""
    game = Baseball(ante=1, bring_in=2, small_bet=5, big_bet=10)
    deck = [Card.parse(text) for text in ALL_52.split()]
    hand = game.deal(stacks=[500] * 7, dealer=6, deck=deck)
    _check_down(hand)
    dealt = [op.card for op in hand.log if isinstance(op, (CardDealt, CommunityCardDealt))]
    assert dealt == deck  # every card, in the deck's order
    assert [len(cards) for cards in hand.cards] == [8, 7, 7, 8, 8, 7, 7]
    late_fours = [s for s, cards in enumerate(hand.cards)
                  if any(card is Card.parse(t) and up for card, up in cards[4:6] for t in ("4h", "4d"))]
    assert len(late_fours) == 2
    _round_trip(hand)


def test_r8_2_baseball_eight_players_checking_down_round_trip() -> None:
    """R8.2, R1.10: eight players checking down often run the stub out (a community card,
    or no card at all); every such hand reads back."""
    game = Baseball(ante=1, bring_in=2, small_bet=5, big_bet=10)
    for seed in range(40):
        hand = game.deal(stacks=[500] * 8, dealer=seed % 8, seed=seed)
        _check_down(hand)
        _round_trip(hand)


def _random_hand(name: str, n: int, seed: int) -> Hand:
    rng = random.Random(seed)
    game = from_options(name)
    stacks = [rng.randint(1, 40) if rng.random() < 0.2 else rng.randint(80, 400) for _ in range(n)]
    hand = game.deal(stacks=stacks, dealer=rng.randrange(n), seed=seed)
    while not hand.is_over:
        hand.apply(rng.choice(hand.legal_actions()))
    return hand


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(GAMES)), n=st.integers(2, 8), seed=st.integers(0, 2**32 - 1))
def test_r7_3_every_hand_of_every_game_round_trips(name: str, n: int, seed: int) -> None:
    """R7.3: a hand of any game of the registry, 2 to 8 players within its seat limits,
    random actions, reads back from its full history (the same log and results) and its
    public history (the same actions and payoffs)."""
    cls = GAMES[name]
    n = min(max(n, cls.min_players), cls.max_players)
    _round_trip(_random_hand(name, n, seed))
