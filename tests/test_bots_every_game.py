"""Every bot plays every game of the registry without error (R1-R10): at two players, five
players and the game's largest table, with Baseball-style extra face-up cards and prices
(R8.2), a stub too short for the last street (R1.10's community card) and all-in hands.

The games come from :data:`studpoker.engine.games.GAMES`, so a new game is covered as soon
as it is registered; the special decks are built from each game's data.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from studpoker.bots import Bot, make_bot
from studpoker.bots.equity import EquityBot
from studpoker.bots.rule import RuleBot
from studpoker.engine.actions import ActionKind
from studpoker.engine.cards import RANK_CHARS
from studpoker.engine.games import GAMES, Game, from_options
from studpoker.engine.games.base import hand_size
from studpoker.engine.hand import Hand

BOTS = ["random", "station", "rule", "equity", "search"]
SUITS = "cdhs"


def quick_bot(name: str, seed: int) -> Bot:
    """The bot ``name``, thinking little (legality does not need precise estimates)."""
    if name == "rule":
        return RuleBot(seed=seed, samples=12)
    if name == "equity":
        return EquityBot(seed=seed, min_rollouts=8, max_rollouts=12, card_rollouts=12)
    if name == "search":
        return make_bot("search:rollouts=24,completions=2", seed=seed)
    return make_bot(name, seed=seed)


def seat_counts(game: type[Game]) -> list[int]:
    """2, 5 and the game's largest table, clamped to its seat limits."""
    counts = {min(game.max_players, max(game.min_players, n)) for n in (2, 5, game.max_players)}
    return sorted(counts)


def play(hand: Hand, bots: list[Bot], *, until: Callable[[Hand], bool] | None = None) -> int:
    """Play ``hand`` to its end (or until ``until`` holds) with ``bots`` by seat; every
    decision must be legal. Returns the number of bot decisions."""
    decisions = 0
    while not hand.is_over and not (until is not None and until(hand)):
        seat = hand.to_act
        assert seat is not None
        action = bots[seat].act(hand.view(seat))
        assert action in hand.legal_actions(), (action, hand.legal_actions())
        hand.apply(action)
        decisions += 1
    return decisions


def special_deck(game: Game, n: int) -> list[str] | None:
    """R8.2: a deck whose door cards and next up cards are the game's extra-card rank, then
    its price rank (boards of five or more up cards early, prices to pay or fold); None when
    the game has neither."""
    ranks = [r for r in (game.extra_card_rank, game.price_rank) if r is not None]
    if not ranks:
        return None
    special = [RANK_CHARS[r] + s for r in ranks for s in SUITS]
    filler = [c for c in (RANK_CHARS[r] + s for r in range(12, -1, -1) for s in SUITS)
              if c not in special]
    down = sum(d for d, _ in game.street_cards[:1]) * n
    up_first = game.street_cards[0][1] * n
    # the first street's down cards, then the special cards wherever up cards fall next
    return filler[:down] + special[:up_first] + special[up_first:] + filler[down:down + 4]


@pytest.mark.parametrize("bot_name", BOTS)
@pytest.mark.parametrize("game_name", list(GAMES))
def test_every_bot_plays_every_game(game_name: str, bot_name: str) -> None:
    """Every bot's every decision is legal to the end of each hand, at 2, 5 and the most
    seats, with the game's special face-up cards dealt (R8.2) where it has any."""
    game = from_options(game_name)
    cls = GAMES[game_name]
    for n in seat_counts(cls):
        bots = [quick_bot(bot_name, seed=s) for s in range(n)]
        stacks = [150] * n
        hand = game.deal(stacks=stacks, dealer=n - 1, seed=7 * n)
        play(hand, bots)
        assert sum(hand.payoffs) == 0
        deck = special_deck(game, n)
        if deck is not None:
            # seat 0 takes the first door card and its extra cards; a calling station there
            # keeps that long board in the hand for the bots to read (R8.2)
            hand = game.deal(stacks=stacks, dealer=n - 1, deck=deck)
            play(hand, [make_bot("station", seed=0), *bots[1:]])
            assert sum(hand.payoffs) == 0
            hand = game.deal(stacks=stacks, dealer=n - 1, deck=deck)
            play(hand, bots)
            assert sum(hand.payoffs) == 0


@pytest.mark.parametrize("bot_name", BOTS)
@pytest.mark.parametrize("game_name", list(GAMES))
def test_every_bot_plays_all_in_hands(game_name: str, bot_name: str) -> None:
    """Short stacks go all in early (R1.8 side pots); every bot keeps deciding legally."""
    game = from_options(game_name)
    n = min(GAMES[game_name].max_players, 4)
    bots = [quick_bot(bot_name, seed=10 + s) for s in range(n)]
    ante = game.ante
    for h in range(2):
        stacks = [ante + 1 + 3 * s if s % 2 == 0 else 120 for s in range(n)]
        hand = game.deal(stacks=stacks, dealer=h % n, seed=31 + h)
        deck = special_deck(game, n)
        if deck is not None and h == 1:
            hand = game.deal(stacks=stacks, dealer=h % n, deck=deck)
        play(hand, bots)
        assert sum(hand.payoffs) == 0


def _stub_runs_short(name: str) -> bool:
    """Whether the stub can run short at the game's largest table (R1.10; never in Five Card
    Stud, whose ten players take fifty cards at most)."""
    game, cls = from_options(name), GAMES[name]
    return cls.max_players * hand_size(game) > (53 if game.joker else 52) - 4 * cls.has_market


@pytest.mark.parametrize("bot_name", BOTS)
@pytest.mark.parametrize("game_name", [name for name in GAMES if _stub_runs_short(name)])
def test_every_bot_plays_a_short_stub(game_name: str, bot_name: str) -> None:
    """R1.10: at a full table where the stub runs short, everybody stays to the last street
    (callers drive the hand there) and the bots decide with the community card in play."""
    game = from_options(game_name)
    cls = GAMES[game_name]
    n = cls.max_players
    station = [make_bot("station", seed=s) for s in range(n)]
    bots = [quick_bot(bot_name, seed=20 + s) for s in range(n)]
    seen_community = False
    last = len(game.streets) - 1
    for h in range(3):
        hand = game.deal(stacks=[400] * n, dealer=h % n, seed=50 + h)
        play(hand, station, until=lambda hd: hd.street >= last)
        if not hand.is_over:
            assert hand.street == last
            seen_community |= bool(hand.view(hand.to_act or 0).community)
        play(hand, bots)
        assert sum(hand.payoffs) == 0
    assert seen_community


def test_special_deck_deals_the_extra_cards() -> None:
    """The extra-card deck really gives boards of five or more up cards (R8.2), so the tests
    above reach them: checked on every registry game with an extra-card rank."""
    checked = 0
    for name, cls in GAMES.items():
        if cls.extra_card_rank is None:
            continue
        game = from_options(name)
        deck = special_deck(game, 2)
        assert deck is not None
        hand = game.deal(stacks=[300, 300], dealer=1, deck=deck)
        station = [make_bot("station", seed=s) for s in range(2)]
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            legal = hand.legal_actions()
            pay = [a for a in legal if a.kind is ActionKind.PAY]
            hand.apply(pay[0] if pay else station[seat].act(hand.view(seat)))
        boards = [len(p.up) for p in hand.view(0).players]
        assert max(boards) >= 6, boards
        checked += 1
    assert checked or all(cls.extra_card_rank is None for cls in GAMES.values())


def test_r8_4_rule_bot_values_the_spade_half() -> None:
    """R8.4: the rule bot's strength counts the Chicago spade half: the ace of spades in the
    hole (High Chicago) or the deuce of spades (Low Chicago) holds half the pot whatever the
    high hand, so the same high cards are worth more than in Seven Card Stud, and much more
    than without a spade down."""
    import random as _random

    from studpoker.bots._common import read_table
    from studpoker.bots._strength import Strength

    def value(game_name: str, deck: str) -> float:
        hand = from_options(game_name).deal(stacks=[200, 200], dealer=1, deck=deck)
        return Strength(read_table(hand.view(0)), _random.Random(1)).value(300, seed=1)

    # seat 0's down cards are the 1st and 3rd dealt, its door card the 5th
    assert value("high_chicago", "As 2c 7d 8h Kh 9c") >= 0.5 + 0.5 * value("stud", "As 2c 7d 8h Kh 9c") - 0.02
    assert value("high_chicago", "As 2c 7d 8h Kh 9c") > value("high_chicago", "Ah 2c 7d 8h Kh 9c") + 0.2
    assert value("low_chicago", "2s 3c 7d 8h Kh 9c") > value("low_chicago", "2h 3c 7d 8h Kh 9c") + 0.2


@pytest.mark.parametrize("bot_name", ["rule", "equity", "search"])
def test_r8_2_bots_weigh_the_price_of_a_face_up_card(bot_name: str) -> None:
    """R8.2: a face-up card of the game's price rank costs its holder the price or the hand.
    The bots pay it with a strong hand even when it is dear, and fold a weak one when the
    price is more than its share of the pot is worth. Built from each registry game with a
    price rank whose price is an option."""
    checked = 0
    for name, cls in GAMES.items():
        if cls.price_rank is None or "three_price" not in cls.own_options:
            continue
        price_card = RANK_CHARS[cls.price_rank] + "h"
        wild = [r for r in range(13) if cls.wild >> r & 1 and r != cls.price_rank]
        strong = [RANK_CHARS[wild[0]] + "c", RANK_CHARS[wild[0]] + "s"]  # two more wild cards
        for price, downs, pays in ((150, strong, True), (40, ["2c", "7s"], False)):
            game = from_options(name, three_price=price)
            # seat 0 is dealt first: its down cards, then its price-rank door card
            deck = [downs[0], "8d", downs[1], "Kd", price_card, "Ac"]
            hand = game.deal(stacks=[500, 500], dealer=1, deck=deck)
            view = hand.view(0)
            assert [a.kind for a in view.legal_actions] == [ActionKind.PAY, ActionKind.FOLD]
            kind = quick_bot(bot_name, seed=3).act(view).kind
            assert kind is (ActionKind.PAY if pays else ActionKind.FOLD), (name, price, downs)
        checked += 1
    assert checked or all(cls.price_rank is None for cls in GAMES.values())


def test_per_street_tables_follow_the_game_streets() -> None:
    """The per-street edges are read by street index mapped onto the game's streets (R9's
    four streets read the first and the last edge on their first and last street), never
    past the table, for every registry game."""
    import numpy as np

    from studpoker.bots._belief import action_probabilities
    from studpoker.bots._common import street_column

    eq = np.linspace(0.05, 0.95, 7)
    args = {"to_call": 5, "pot": 20, "players": 2, "bets": 0}
    for name in GAMES:
        game = from_options(name)
        last = len(game.streets) - 1
        cols = [street_column(game, s, 5) for s in range(last + 3)]
        assert cols[0] == 0 and cols[last] == 4 and cols == sorted(cols) and max(cols) == 4
        mine = action_probabilities(eq, street=last, streets=len(game.streets), **args)
        seventh = action_probabilities(eq, street=4, streets=5, **args)
        assert all(np.allclose(a, b) for a, b in zip(mine, seventh, strict=True))
