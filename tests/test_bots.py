"""Bots: the registry, legal decisions in every game, hidden information, and sane play
(in razz a good hand is a low one, R6.2).

The win-rate tests (rule and equity against random and station) are in
``test_sim.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from studpoker.bots import (
    BOT_NAMES,
    Bot,
    EquityBot,
    RandomBot,
    RuleBot,
    SearchBot,
    StationBot,
    UnknownBot,
    make_bot,
)
from studpoker.bots._common import read_table
from studpoker.engine import Action, ActionKind, Razz, SevenCardStud, StudHiLo, WallStreet
from studpoker.engine.cards import full_deck, parse_cards
from studpoker.engine.games import Game
from studpoker.engine.hand import Hand, Phase, SeatView

STUD = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)
WALL = WallStreet(ante=1, limits=(2, 2, 4, 4, 4))
STUD8 = StudHiLo(ante=1, bring_in=2, small_bet=5, big_bet=10)
RAZZ = Razz(ante=1, bring_in=2, small_bet=5, big_bet=10)


def fast_bot(name: str, seed: int) -> Bot:
    """The bot ``name``, sampling little (legality does not need precise estimates)."""
    if name == "equity":
        return EquityBot(seed=seed, min_rollouts=8, max_rollouts=16, card_rollouts=16)
    if name == "rule":
        return RuleBot(seed=seed, samples=16)
    if name == "search":
        return SearchBot(seed=seed, rollouts=40, completions=4)
    return make_bot(name, seed=seed)


# ------------------------------------------------------------------ registry


def test_registry_names_and_protocol() -> None:
    assert BOT_NAMES == ("random", "station", "rule", "equity", "search")
    for name in BOT_NAMES:
        bot = make_bot(name, seed=1)
        assert bot.name == name
        assert isinstance(bot, Bot)
    assert isinstance(make_bot(" Rule "), RuleBot)
    assert isinstance(make_bot("random"), RandomBot)
    assert isinstance(make_bot("station"), StationBot)


def test_registry_unknown_name_is_a_clear_error() -> None:
    with pytest.raises(UnknownBot, match=r"unknown bot 'shark'; choose from random, station, rule, equity"):
        make_bot("shark")
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("")


# ------------------------------------------------------------------ legality


def play(hand: Hand, bots: dict[int, Bot], *, check_views: bool = True) -> None:
    """Play ``hand`` to the end with ``bots`` by seat; every decision must be legal."""
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        view = hand.view(seat)
        legal = hand.legal_actions()
        if check_views:
            assert list(view.legal_actions) == legal
        action = bots[seat].act(view)
        assert isinstance(action, Action)
        assert action in legal, f"{bots[seat].name} chose {action}, legal: {legal}"
        hand.apply(action)


def random_game(rng: random.Random, kind: str, joker: bool) -> tuple[Game, int]:
    if kind == "wallstreet":
        limits = tuple(rng.choice((1, 2, 4)) * m for m in (1, 1, 2, 2, 2))
        return WallStreet(ante=rng.randint(0, 2), limits=limits, joker=joker,  # type: ignore[arg-type]
                          max_raises=rng.randint(1, 4)), rng.randint(3, 7)
    small = rng.choice((2, 5, 10))
    stakes = {"ante": rng.randint(0, 2), "bring_in": rng.randint(1, small - 1), "small_bet": small,
              "big_bet": 2 * small, "max_raises": rng.randint(1, 4)}
    if kind == "razz":
        return Razz(**stakes), rng.randint(2, 8)
    if kind == "stud8":
        return StudHiLo(**stakes, joker=joker), rng.randint(2, 8)
    return SevenCardStud(**stakes, joker=joker, open_pair_big_bet=rng.random() < 0.7), rng.randint(2, 8)


@pytest.mark.slow
@pytest.mark.parametrize(("kind", "joker"), [
    ("stud", False), ("stud", True), ("wallstreet", False), ("wallstreet", True),
    ("stud8", False), ("stud8", True), ("razz", False)])
def test_every_bot_decision_is_legal(kind: str, joker: bool) -> None:
    """Thousands of hands in all: random games, seats, bots and stacks (short stacks
    make all-ins, side pots and unaffordable market slots); chips are conserved."""
    rng = random.Random(1000 * ("stud", "wallstreet", "stud8", "razz").index(kind) + joker)
    decisions: dict[str, int] = dict.fromkeys(BOT_NAMES, 0)
    for h in range(600):
        game, n = random_game(rng, kind, joker)
        stacks = [rng.choice((rng.randint(1, 12), rng.randint(10, 80), rng.randint(50, 400)))
                  for _ in range(n)]
        names = [rng.choice(BOT_NAMES) for _ in range(n)]
        bots = {s: fast_bot(names[s], seed=h * 10 + s) for s in range(n)}
        for s in range(n):
            decisions[names[s]] += 1
        hand = game.deal(stacks=stacks, dealer=rng.randrange(n), seed=rng.randrange(2**32))
        play(hand, bots, check_views=h % 5 == 0)
        assert sum(hand.payoffs) == 0
        assert sum(hand.stacks) == sum(stacks)
    assert all(count > 0 for count in decisions.values())


def test_full_strength_bots_play_legal_hands_of_every_game() -> None:
    """The bots as the registry makes them (full rollouts), a few hands each game."""
    for game, n in ((STUD, 5), (WALL, 5), (STUD8, 5), (RAZZ, 5)):
        for h in range(6):
            bots = {s: make_bot(BOT_NAMES[(s + h) % len(BOT_NAMES)], seed=s) for s in range(n)}
            hand = game.deal(stacks=[200] * n, dealer=h % n, seed=h)
            play(hand, bots)
            assert sum(hand.payoffs) == 0


# ------------------------------------------------------- hidden information


def swapped_decks(game: Game, n: int, me: int, dealer: int, seed: int) -> tuple[list[str], list[str]]:
    """Two decks that deal seat ``me`` the same view but other seats other down cards.

    Third street deals round-robin from the dealer's left: the first down card to
    everyone, then the second, then the door card. The opponents' two down cards
    are swapped with cards at the bottom of the deck, which are never dealt.
    """
    deck = [str(c) for c in full_deck(joker=game.joker)]
    random.Random(seed).shuffle(deck)
    other = list(deck)
    order = [(dealer + 1 + i) % n for i in range(n)]
    bottom = len(deck) - 1
    for rnd in range(2):
        for k, seat in enumerate(order):
            if seat != me:
                i = rnd * n + k
                other[i], other[bottom] = other[bottom], other[i]
                bottom -= 1
    return deck, other


@pytest.mark.parametrize("name", BOT_NAMES)
@pytest.mark.parametrize("game", [STUD, WALL, WallStreet(ante=1, limits=2, joker=True), STUD8, RAZZ],
                         ids=["stud", "wallstreet", "wallstreet-joker", "stud8", "razz"])
def test_bots_decide_from_their_view_only(name: str, game: Game) -> None:
    """Hands that differ only in cards the bot may not see get the same decisions
    from bots with the same seed: the bot cannot be reading hidden cards."""
    n, me, dealer = 4, 1, 3
    decided = 0
    for seed in range(6):
        deck_a, deck_b = swapped_decks(game, n, me, dealer, seed)
        hand_a = game.deal(stacks=[300] * n, dealer=dealer, deck=deck_a)
        hand_b = game.deal(stacks=[300] * n, dealer=dealer, deck=deck_b)
        assert hand_a.down_cards(0) != hand_b.down_cards(0)
        others = StationBot()
        step = 0
        while not hand_a.is_over and hand_a.phase is not Phase.SHOWDOWN:
            seat = hand_a.to_act
            assert seat is not None and hand_b.to_act == seat
            if seat == me:
                view_a, view_b = hand_a.view(me), hand_b.view(me)
                assert view_a == view_b  # the construction hides every difference from `me`
                action = make_bot(name, seed=seed * 100 + step).act(view_a)
                assert make_bot(name, seed=seed * 100 + step).act(view_b) == action
                decided += 1
            else:
                action = others.act(hand_a.view(seat))
            hand_a.apply(action)
            hand_b.apply(action)
            step += 1
    assert decided >= 6


def test_bot_rejects_the_public_view() -> None:
    hand = STUD.deal(stacks=[100, 100], seed=1)
    with pytest.raises(ValueError, match="seat"):
        read_table(hand.view(None))


def test_table_reading_sees_exactly_the_visible_cards() -> None:
    """The unseen pool is the deck minus every visible card (folded players' up cards too)."""
    hand = STUD.deal(stacks=[100] * 3, dealer=2, deck="As 2c 3d Ks 4c 5d Qh 7c 8s")
    hand.bring_in()  # seat 1 (7c) brings in
    hand.fold()  # seat 2 (8s) folds
    view = hand.view(0)
    table = read_table(view)
    assert sorted(table.mine) == sorted(c.code for c in parse_cards("As Ks Qh"))
    assert table.opponents == ((parse_cards("7c")[0].code,),)  # seat 1's door card only
    seen = {c.code for c in parse_cards("As Ks Qh 7c 8s")}
    assert set(table.pool) == set(range(52)) - seen
    assert table.to_call == 2


@pytest.mark.parametrize("name", ["rule", "equity"])
def test_community_card_counts_for_everyone(name: str) -> None:
    """R1.10: eight players to seventh street run the stub out; the community card
    is part of every player's seven cards in the bots' reckoning."""
    hand = STUD.deal(stacks=[500] * 8, dealer=7, seed=12)
    view = drive(hand, 0, lambda h: h.street == 4)
    assert len(view.community) == 1
    table = read_table(view)
    assert len(table.mine) == 7 and table.my_need == 0
    for i, cards in enumerate(table.opponents):
        assert len(cards) == 5 and table.opp_need(i) == 2  # four up + the community card
    assert make_bot(name, seed=1).act(view) in view.legal_actions


# ----------------------------------------------------------- determinism


@pytest.mark.parametrize("name", BOT_NAMES)
def test_same_seed_same_decisions(name: str) -> None:
    for game, n in ((STUD, 4), (WALL, 4), (STUD8, 4), (RAZZ, 4)):
        for seed in range(3):
            hand = game.deal(stacks=[200] * n, seed=seed)
            view = hand.view(hand.to_act)
            assert make_bot(name, seed=seed).act(view) == make_bot(name, seed=seed).act(view)


# ------------------------------------------------------------- sane play


class Bully:
    """Bets and raises whenever it may, else calls."""

    name = "bully"

    def act(self, view: SeatView) -> Action:
        legal = view.legal_actions
        for kind in (ActionKind.RAISE, ActionKind.BET, ActionKind.COMPLETE, ActionKind.CALL,
                     ActionKind.CHECK):
            for a in legal:
                if a.kind is kind:
                    return a
        return StationBot().act(view)


def drive(hand: Hand, me: int, until: Callable[[Hand], bool], others: Bot | None = None) -> SeatView:
    """``me`` calls along, the others play ``others`` (default: call along), until
    ``until(hand)`` holds at ``me``'s turn; return ``me``'s view then."""
    station = StationBot()
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        if seat == me and until(hand):
            return hand.view(me)
        bot = station if seat == me or others is None else others
        hand.apply(bot.act(hand.view(seat)))
    raise AssertionError("the hand ended first")


@pytest.mark.parametrize("name", ["rule", "equity"])
def test_bets_the_nuts_and_folds_the_hopeless(name: str) -> None:
    """Seventh street heads-up: quad aces bet; jack high against four kings
    showing folds to a bet."""
    # dealer 1: cards go to seat 0 then seat 1; two down, the door card, three up, one down
    quads = "2s As 7d Ad 9c Ac Jh Ah 3c Kd 4h Qs Td 8c"
    hand = STUD.deal(stacks=[500, 500], dealer=1, deck=quads)
    view = drive(hand, 1, lambda h: h.street == 4)
    assert [str(c) for c in view.players[1].down] == ["As", "Ad", "8c"]
    assert make_bot(name, seed=1).act(view).kind is ActionKind.BET
    dead = "2s Ah 7d Ad 9c Kc Jh Kd 3c Kh 4h Ks Td 8c"
    hand = STUD.deal(stacks=[500, 500], dealer=1, deck=dead)
    view = drive(hand, 0, lambda h: h.street == 4, others=Bully())
    assert [str(c) for c in view.players[1].up] == ["Kc", "Kd", "Kh", "Ks"]
    assert any(a.kind is ActionKind.FOLD for a in view.legal_actions)
    assert make_bot(name, seed=1).act(view).kind is ActionKind.FOLD


@pytest.mark.parametrize("name", ["rule", "equity", "search"])
def test_razz_bots_bet_a_wheel_and_fold_a_pair_against_a_low_board(name: str) -> None:
    """R6.2: razz seventh street heads-up: 5-4-3-2-A bets; a pair of jacks against
    A-2-3-4 showing (any unpaired hand beats a pair) folds to a bet."""
    # dealer 1: cards go to seat 0 then seat 1; two down, the door card, three up, one down
    wheel = "Kc Ac Qd 2d Jh 3s 9c 4h 8d 5c 7s Kd 6h Ks"
    hand = RAZZ.deal(stacks=[500, 500], dealer=1, deck=wheel)
    view = drive(hand, 1, lambda h: h.street == 4)
    assert [str(c) for c in view.players[1].down] == ["Ac", "2d", "Ks"]
    assert make_bot(name, seed=1).act(view).kind is ActionKind.BET
    pair = "Kc 9c Kd 8c Qh Ah Qs 2h Jc 3h Jd 4c Tc 7c"
    hand = RAZZ.deal(stacks=[500, 500], dealer=1, deck=pair)
    view = drive(hand, 0, lambda h: h.street == 4, others=Bully())
    assert [str(c) for c in view.players[1].up] == ["Ah", "2h", "3h", "4c"]
    assert any(a.kind is ActionKind.FOLD for a in view.legal_actions)
    assert make_bot(name, seed=1).act(view).kind is ActionKind.FOLD


@pytest.mark.parametrize("name", ["rule", "equity"])
def test_razz_bots_want_low_cards_on_third_street(name: str) -> None:
    """R6.2, R6.3: three low cards against a king showing complete the bring-in; three
    high cards facing a completion from an ace fold."""
    # dealer 1: seat 0 gets Kh Qs | Kd (brings in, R6.3), seat 1 gets Ac 2d | 3s
    hand = RAZZ.deal(stacks=[500, 500], dealer=1, deck="Kh Ac Qs 2d Kd 3s")
    hand.bring_in()
    view = hand.view(1)
    assert make_bot(name, seed=1).act(view).kind is ActionKind.COMPLETE
    hand = RAZZ.deal(stacks=[500, 500], dealer=1, deck="Kh 2c Qs 3d Jd Ac")
    hand.bring_in()  # seat 0: the jack
    hand.apply(next(a for a in hand.legal_actions() if a.kind is ActionKind.COMPLETE))
    view = hand.view(0)
    assert make_bot(name, seed=1).act(view).kind is ActionKind.FOLD


@pytest.mark.parametrize("name", ["rule", "equity"])
def test_stud8_bots_bet_a_scoop(name: str) -> None:
    """R5.2: seventh street heads-up, a wheel (the best low and a straight) bets."""
    deck = "Ac 9s 2d 9h 3h Td 4s Jc 5c Jd Kh Qc Kd Qh"
    hand = STUD8.deal(stacks=[500, 500], dealer=1, deck=deck)
    view = drive(hand, 0, lambda h: h.street == 4)
    assert make_bot(name, seed=1).act(view).kind is ActionKind.BET


@pytest.mark.parametrize("name", ["rule", "equity"])
def test_market_buys_a_card_worth_its_price(name: str) -> None:
    """Wall Street: trips of aces and the fourth ace in the market: buy it."""
    # seats 0..3, dealer 3: deal order 0, 1, 2, 3; seat 0 gets As Ad down, Ac up
    deck = "As 2c 3d 4h Ad 7c 8d 9h Ac Tc Jd Qh Ah 5s 6s 2d"
    hand = WALL.deal(stacks=[300] * 4, dealer=3, deck=deck)
    view = drive(hand, 0, lambda h: h.phase is Phase.CARD_ROUND)
    assert str(view.market[0]) == "Ah"
    action = make_bot(name, seed=1).act(view)
    assert action.kind is ActionKind.BUY and action.slot == 1


@pytest.mark.parametrize("name", ["rule", "equity"])
def test_market_passes_on_useless_expensive_cards(name: str) -> None:
    """A market of unconnected high cards is not worth 2 to 8 chips to a low draw."""
    deck = "Ac 9s Ts Js 2d 9h Th Jh 3h 9d Td Jd Kc Qs Kh Qd"
    hand = WALL.deal(stacks=[300] * 4, dealer=3, deck=deck)
    view = drive(hand, 0, lambda h: h.phase is Phase.CARD_ROUND)
    action = make_bot(name, seed=1).act(view)
    assert action.kind is ActionKind.TAKE_CARD


def test_station_never_folds_or_raises() -> None:
    rng = random.Random(5)
    for h in range(40):
        game, n = (STUD, 4) if h % 2 else (WALL, 4)
        hand = game.deal(stacks=[100] * n, seed=rng.randrange(10**6))
        bots: dict[int, Bot] = {s: RandomBot(seed=h + s) for s in range(n)}
        bots[0] = StationBot()
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            action = bots[seat].act(hand.view(seat))
            if seat == 0:
                assert action.kind in (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN,
                                       ActionKind.TAKE_CARD, ActionKind.SHOW)
            hand.apply(action)
        assert not hand.folded[0]


@pytest.mark.parametrize("name", ["rule", "equity"])
def test_rule_and_equity_always_show(name: str) -> None:
    hand = STUD.deal(stacks=[100, 100, 100], seed=9)
    view = drive(hand, 0, lambda h: h.phase is Phase.SHOWDOWN)
    assert make_bot(name, seed=1).act(view).kind is ActionKind.SHOW


def test_equity_bot_time_limit_and_arguments() -> None:
    with pytest.raises(ValueError, match="rollouts"):
        EquityBot(min_rollouts=0)
    hand = WALL.deal(stacks=[100] * 5, seed=3)
    view = hand.view(hand.to_act)
    bot = EquityBot(seed=1, time_limit=0.0)
    assert bot.act(view) in view.legal_actions
    assert 0.0 <= bot.equity(view) <= 1.0
