"""The search bot: its belief over the opponents' down cards, legal play in both
games (joker included), determinism, names with options, difficulty levels.

Its time budget is measured in ``benchmarks/search_bot.py`` (no timings here).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from studpoker.bots import LEVELS, Bot, SearchBot, UnknownBot, check_bot_name, make_bot
from studpoker.bots._belief import action_probabilities, perceived_equity, read_log
from studpoker.engine import ActionKind, Razz, SevenCardStud, StudHiLo, WallStreet
from studpoker.engine.games import Game
from studpoker.engine.hand import Hand, Phase, SeatView

STUD = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)
WALL = WallStreet(ante=1, limits=(2, 2, 4, 4, 4))


def small(seed: int) -> SearchBot:
    """A search bot with few rollouts (legality and the belief need no precision)."""
    return SearchBot(seed=seed, rollouts=60, completions=8)


def dead_cards(view: SeatView) -> set[int]:
    """Every card the seat can see: its own, every up card (folded players' too),
    the market and community cards."""
    out = {c.code for c in view.market if c is not None} | {c.code for c in view.community}
    for p in view.players:
        out.update(c.code for c in p.up)
        out.update(c.code for c in p.down if c is not None)
    return out


def check_belief(bot: SearchBot, view: SeatView) -> int:
    """The belief at ``view``: no possible or sampled pair holds a dead card; the
    rollouts deal no dead card to an opponent and no card twice. Returns pairs checked."""
    gen = np.random.default_rng(7)
    belief = bot.belief(view, gen)
    if belief is None:
        return 0
    dead = dead_cards(view)
    live = {p.seat for p in view.players if not p.folded and p.seat != view.seat}
    assert set(belief.seats) == live
    checked = 0
    for seat in belief.seats:
        pairs = belief.pairs(seat)
        assert not dead.intersection(pairs.ravel().tolist())
        w = belief.weights(seat)
        assert w.shape == (len(pairs),) and abs(float(w.sum()) - 1.0) < 1e-9
    picks = belief.sample(gen, 200)
    for seat, idx in picks.items():
        drawn = belief.pairs(seat)[idx]
        assert not dead.intersection(drawn.ravel().tolist())
        checked += len(drawn)
    rows = [np.concatenate([belief.pairs(s)[picks[s]] for s in belief.seats], axis=1)]
    joint = np.concatenate(rows, axis=1)
    assert all(len(set(r)) == len(r) for r in joint.tolist())  # opponents' pairs are disjoint
    dealt = bot._deal(view, belief, gen)
    if dealt is not None:
        mine, others, _ = dealt
        for r in range(len(mine)):
            cards = [*mine[r].tolist()] + [c for o in others for c in o[r].tolist()]
            assert len(set(cards)) == len(cards)
            opp_hidden = {c for o in others for c in o[r, :2].tolist()}
            assert not dead.intersection(opp_hidden)
    return checked


def play(hand: Hand, bots: dict[int, Bot], *, probe: SearchBot | None = None) -> int:
    checked = 0
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        view = hand.view(seat)
        action = bots[seat].act(view)
        assert action in hand.legal_actions(), f"{bots[seat].name} chose {action}"
        if probe is not None and bots[seat] is probe and view.phase is not Phase.SHOWDOWN:
            checked += check_belief(probe, view)
        hand.apply(action)
    return checked


@pytest.mark.parametrize(
    ("game", "players"),
    [(STUD, 2), (STUD, 5), (WALL, 3), (WALL, 5),
     (SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10, joker=True), 4),
     (WallStreet(ante=1, limits=2, joker=True), 4),
     (StudHiLo(ante=1, bring_in=2, small_bet=5, big_bet=10), 4),
     (Razz(ante=1, bring_in=2, small_bet=5, big_bet=10), 4)],
    ids=["stud-2", "stud-5", "wallstreet-3", "wallstreet-5", "stud-joker", "wallstreet-joker", "stud8",
         "razz"],
)
def test_belief_never_holds_a_dead_card_and_play_is_legal(game: Game, players: int) -> None:
    """Folded players' up cards, the market, every up card and the bot's own cards are
    dead: no pair of the belief, no sampled pair and no rollout deal holds one (R1.2:
    the joker is a card like any other here)."""
    checked = 0
    rng = random.Random(players)
    for h in range(3):
        probe = small(h)
        bots: dict[int, Bot] = {s: make_bot(rng.choice(["rule", "random", "station"]), seed=s)
                                for s in range(players)}
        bots[h % players] = probe
        hand = game.deal(stacks=[150] * players, dealer=h % players, seed=100 * players + h)
        checked += play(hand, bots, probe=probe)
        assert sum(hand.payoffs) == 0
    assert checked > 0


def test_search_plays_legal_hands_against_itself_both_games() -> None:
    for game, n in ((STUD, 3), (WALL, 4), (WallStreet(ante=1, limits=2, joker=True), 3)):
        for h in range(2):
            bots: dict[int, Bot] = {s: small(h * 10 + s) for s in range(n)}
            hand = game.deal(stacks=[100] * n, dealer=h % n, seed=h)
            play(hand, bots)
            assert sum(hand.payoffs) == 0


def test_short_stacks_all_ins_and_unaffordable_slots() -> None:
    rng = random.Random(3)
    for h in range(8):
        game, n = (STUD, 4) if h % 2 else (WALL, 4)
        stacks = [rng.randint(1, 30) for _ in range(n)]
        bots: dict[int, Bot] = {s: small(h + s) if s % 2 == 0 else make_bot("equity", seed=s)
                                for s in range(n)}
        hand = game.deal(stacks=stacks, dealer=h % n, seed=h)
        play(hand, bots)
        assert sum(hand.stacks) == sum(stacks)


def test_same_seed_same_decisions_through_whole_hands() -> None:
    """Two bots with the same seed, fed the same views, decide the same all hand long."""
    for game, n in ((STUD, 2), (WALL, 3)):
        for seed in range(2):
            a, b = SearchBot(seed=seed), SearchBot(seed=seed)
            hand = game.deal(stacks=[300] * n, dealer=0, seed=seed)
            others = {s: make_bot("equity", seed=s) for s in range(1, n)}
            while not hand.is_over:
                seat = hand.to_act
                assert seat is not None
                view = hand.view(seat)
                if seat == 0:
                    action = a.act(view)
                    assert b.act(view) == action
                else:
                    action = others[seat].act(view)
                hand.apply(action)


def test_belief_moves_towards_hands_that_explain_the_betting() -> None:
    """An opponent that raises is believed to hold stronger pairs than one that checks:
    the weight on pairs that pair its door card goes up."""
    deck = "2c 3d Ks 7h Qs 4c 9d 8s Td 6h 5c Jc Ac"
    hand = STUD.deal(stacks=[500, 500], dealer=1, deck=deck)
    # seat 0: 2c Ks | Qs; seat 1: 3d 7h | 4c.  seat 1 brings in (4c lowest)
    hand.bring_in()
    bot = SearchBot(seed=1)
    view = hand.view(0)
    before = bot.belief(view)
    assert before is not None
    w0 = before.weights(1).copy()
    pairs = before.pairs(1)
    hand.apply(next(a for a in hand.legal_actions() if a.kind is ActionKind.COMPLETE))
    hand.apply(next(a for a in hand.legal_actions() if a.kind is ActionKind.RAISE))
    view = hand.view(0)
    after = bot.belief(view)
    assert after is not None
    assert len(after.pairs(1)) == len(pairs)
    w1 = after.weights(1)
    fours = np.array([(a >> 2 == 2) or (b >> 2 == 2) for a, b in pairs.tolist()])
    assert w1[fours].sum() > 1.3 * w0[fours].sum()
    assert after.entropy_bits(1) < before.entropy_bits(1) + 1e-9


def _pair_weights(bot: SearchBot, hand: Hand, seat: int) -> dict[tuple[int, int], float]:
    belief = bot.belief(hand.view(0))
    assert belief is not None
    return dict(zip(map(tuple, belief.pairs(seat).tolist()), belief.weights(seat).tolist(),
                    strict=True))


def test_market_purchase_is_evidence_about_the_buyer_down_cards() -> None:
    """R3.5: a player who pays 8 chips (slot 4) for the 6s with a king showing is more
    likely to hold a six (a pair) or low cards (a low draw) than before; a free card
    tells nothing (the weights only lose the pairs that hold a card now seen)."""
    # dealer 2, deal order 0, 1, 2: seat 1 holds Td Jd | Ks; the market is Qd 9s Th 6s;
    # then seat 0's free card (Ah), the refill of slot 4 (5c), seat 2's free card (8d)
    deck = "Qc Td 9c Js Jd 8h Kh Ks 7c Qd 9s Th 6s Ah 5c 8d"
    hand = WALL.deal(stacks=[200] * 3, dealer=2, deck=deck)
    for _ in range(3):
        hand.check_or_call()
    hand.take_card()  # seat 0
    bot = SearchBot(seed=1)
    before = _pair_weights(bot, hand, 1)
    hand.buy(4)  # seat 1: the 6s for 8
    after = _pair_weights(bot, hand, 1)
    assert set(after) <= set(before)
    total = sum(before[p] for p in after)

    def mass(weights: dict[tuple[int, int], float], test: object, scale: float = 1.0) -> float:
        return sum(w for p, w in weights.items() if p in after and test(p)) / scale  # type: ignore[operator]

    def six(p: tuple[int, int]) -> bool:
        return 4 in (p[0] >> 2, p[1] >> 2)

    def low(p: tuple[int, int]) -> bool:
        return all(c >> 2 <= 6 or c >> 2 == 12 for c in p)

    assert mass(after, six) > 1.4 * mass(before, six, total)
    assert mass(after, low) > 1.1 * mass(before, low, total)
    # seat 2 takes the free card: its belief weights stay as they were (renormalised)
    seat2_before = _pair_weights(bot, hand, 2)
    hand.take_card()
    seat2_after = _pair_weights(bot, hand, 2)
    kept = sum(seat2_before[p] for p in seat2_after)
    assert all(abs(seat2_after[p] - seat2_before[p] / kept) < 1e-9 for p in seat2_after)


def test_razz_belief_reads_raises_as_low_cards() -> None:
    """R6.2: in razz strength is low cards: an opponent with a three showing who
    completes against a king and re-raises is believed to hold low cards, not high ones."""
    game = Razz(ante=1, bring_in=2, small_bet=5, big_bet=10)
    # dealer 1: seat 0 gets Kh Qs | Kd (brings in, R6.3), seat 1 gets 9c Tc | 3s
    hand = game.deal(stacks=[500, 500], dealer=1, deck="Kh 9c Qs Tc Kd 3s")
    hand.bring_in()
    bot = SearchBot(seed=1)
    before = _pair_weights(bot, hand, 1)
    hand.apply(next(a for a in hand.legal_actions() if a.kind is ActionKind.COMPLETE))
    hand.apply(next(a for a in hand.legal_actions() if a.kind is ActionKind.RAISE))
    hand.apply(next(a for a in hand.legal_actions() if a.kind is ActionKind.RAISE))
    after = _pair_weights(bot, hand, 1)

    def mass(weights: dict[tuple[int, int], float], ranks: set[int]) -> float:
        return sum(w for p, w in weights.items() if all((c >> 2) in ranks for c in p))

    lows, highs = {12, 0, 1, 2, 3, 4}, {7, 8, 9, 10, 11}  # ace to six (ace low); nine to king
    assert mass(after, lows) > 1.3 * mass(before, lows)
    assert mass(after, highs) < 0.5 * mass(before, highs)


def test_opponent_model_orders_fold_call_raise_by_strength() -> None:
    eq = np.array([0.1, 0.5, 0.9])
    fold, passive, aggressive = action_probabilities(eq, street=2, to_call=10, pot=30, players=2,
                                                     bets=1)
    assert fold[0] > fold[1] > fold[2]
    assert aggressive[2] > aggressive[1] > aggressive[0]
    assert np.allclose(fold + passive + aggressive, 1.0)
    none_owed = action_probabilities(eq, street=2, to_call=0, pot=30, players=2, bets=0)[0]
    assert float(none_owed.max()) < 0.05  # only the noise folds when nothing is owed


def test_perceived_equity_ranks_made_hands() -> None:
    gen = np.random.default_rng(1)
    aces, junk = [48, 49], [0, 21]  # As Ah (with an ace up: trips), 2c 7h
    eq = perceived_equity(gen, np.array([aces, junk]), up=[50], against=[[44]],
                          public=frozenset({50, 44}), deck_size=52, completions=200,
                          hilo=False, double_ace_flush=False)
    assert eq[0] > 0.8 > 0.5 > eq[1]


def test_log_reading_tracks_pot_and_bets() -> None:
    hand = STUD.deal(stacks=[100, 100], dealer=1, seed=3)
    hand.bring_in()
    hand.apply(next(a for a in hand.legal_actions() if a.kind is ActionKind.COMPLETE))
    state = read_log(hand.view(0))
    first, second = state.decisions
    assert first.kind is ActionKind.BRING_IN and first.pot == 2 and first.to_call == 0
    assert second.kind is ActionKind.COMPLETE and second.pot == 4 and second.to_call == 2
    assert state.bets_on_street == 1 and state.level == 5


def test_names_with_options_and_levels() -> None:
    bot = make_bot("search:think=2", seed=1)
    assert isinstance(bot, SearchBot) and bot.rollouts == 2 * SearchBot().rollouts
    assert check_bot_name(" Search ") == "search"
    assert check_bot_name("search:think=0.5") == "search:think=0.5"
    assert LEVELS == {"easy": "rule", "medium": "equity", "hard": "search"}
    for level, name in LEVELS.items():
        assert make_bot(level, seed=1).name == name
    for bad in ("search:think", "search:think=x", "search:depth=2", "rule:think=2",
                "search:think=0", "search:think=-1"):
        with pytest.raises(UnknownBot):
            make_bot(bad)
    with pytest.raises(ValueError, match="think"):
        SearchBot(think=0)


def test_market_buys_the_fourth_ace_and_shows_at_showdown() -> None:
    deck = "As 2c 3d 4h Ad 7c 8d 9h Ac Tc Jd Qh Ah 5s 6s 2d"
    hand = WALL.deal(stacks=[300] * 4, dealer=3, deck=deck)
    station = make_bot("station")
    while not (hand.phase is Phase.CARD_ROUND and hand.to_act == 0):
        seat = hand.to_act
        assert seat is not None
        hand.apply(station.act(hand.view(seat)))
    action = SearchBot(seed=1).act(hand.view(0))
    assert action.kind is ActionKind.BUY and action.slot == 1


def test_bot_kinds_for_menus_and_the_table_message() -> None:
    """The server's table message carries the bots an owner may add, levels first."""
    from studpoker.bots import bot_kinds
    from studpoker.server.protocol import TableInfo

    kinds = bot_kinds()
    assert [(k["bot"], k["level"]) for k in kinds] == [
        ("rule", "easy"), ("equity", "medium"), ("search", "hard"),
        ("random", None), ("station", None)]
    info = TableInfo(id=1, name="t", owner="ann", config={}, game_info={}, private=False, closed=False,
                     seats=[None], button=None, hands_played=0, bot_kinds=kinds)  # type: ignore[arg-type]
    assert info.model_dump()["bot_kinds"][2] == {"bot": "search", "level": "hard",
                                                 "label": "Hard (search)"}


def test_play_command_levels_and_bad_names_exit_2() -> None:
    from typer.testing import CliRunner

    from studpoker.cli import app

    runner = CliRunner()
    for args in (["--level", "impossible"], ["--bots", "shark"], ["--bots", "search:depth=3"]):
        out = runner.invoke(app, ["play", *args])
        assert out.exit_code == 2, args
    assert "easy, medium, hard" in runner.invoke(app, ["play", "--level", "x"]).output


def test_value_betting_mode_plays_legal_hands() -> None:
    for game, n in ((STUD, 2), (WALL, 3)):
        bots: dict[int, Bot] = {s: SearchBot(seed=s, betting="value", rollouts=60, completions=8)
                                for s in range(n)}
        hand = game.deal(stacks=[200] * n, dealer=0, seed=4)
        play(hand, bots)
        assert sum(hand.payoffs) == 0
    with pytest.raises(ValueError, match="betting"):
        SearchBot(betting="bluff")
