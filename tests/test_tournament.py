"""Sit-and-go tournaments (studpoker.tournament): levels, places, payouts, balancing."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studpoker.bots import make_bot
from studpoker.engine import Razz, SevenCardStud, StudHiLo, WallStreet
from studpoker.engine.actions import Action, ActionKind
from studpoker.engine.games import Game
from studpoker.engine.hand import SeatView
from studpoker.tournament import (
    DEFAULT_PAYOUTS,
    HandRecord,
    Level,
    Schedule,
    Standing,
    Tournament,
    TournamentConfig,
    TournamentError,
    balance_plan,
    payout_percentages,
    prizes,
)

STUD = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)
WALL = WallStreet(ante=1, limits=2)
BOTS = ("rule", "station", "random")


class Caller:
    """Bets and calls everything: hands go to showdown, stacks move fast."""

    def act(self, view: SeatView) -> Action:
        legal = view.legal_actions
        for kind in (ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE, ActionKind.CALL,
                     ActionKind.CHECK, ActionKind.BRING_IN, ActionKind.TAKE_CARD, ActionKind.SHOW):
            for a in legal:
                if a.kind is kind:
                    return a
        return legal[0]


def run(game: Game, n: int, seed: int, *, seats: int | None = None, check: bool = True,
        hands_per_level: int = 10) -> tuple[Tournament, list[str]]:
    config = TournamentConfig(game=game, seats_per_table=seats,
                              schedule=Schedule.default(game.name, hands_per_level=hands_per_level))
    names = [f"{BOTS[i % 3]}{i + 1}" for i in range(n)]
    t = Tournament(config=config, players=names, seed=seed)
    total = n * config.starting_stack
    texts: list[str] = []

    def on_round(t: Tournament, decided: list[Standing]) -> None:
        if not check:
            return
        assert t.total_chips() == total  # R1.11 across the whole tournament
        sizes = [sum(p is not None for p in tb.seats) for tb in t.tables.values()]
        if not t.is_over:
            assert max(sizes) - min(sizes) <= 1
            assert len(sizes) == math.ceil(sum(sizes) / config.table_seats)
            assert min(sizes) >= game.min_players
        assert sum(sizes) + len(t.finish) == n

    def on_hand(record: HandRecord) -> None:
        texts.append(repr(record.hand.log))

    players = {name: make_bot(name.rstrip("0123456789"), seed=i) for i, name in enumerate(names)}
    t.play(players, on_round=on_round, on_hand=on_hand)
    return t, texts


@pytest.mark.parametrize("game,n", [(STUD, 6), (STUD, 20), (WALL, 6), (WALL, 20),
                                    (StudHiLo(ante=1, bring_in=2, small_bet=5, big_bet=10), 6),
                                    (Razz(ante=1, bring_in=2, small_bet=5, big_bet=10), 6)])
def test_tournament_runs_to_the_end_conserving_chips(game: Game, n: int) -> None:
    t, _ = run(game, n, seed=3)
    result = t.result()
    assert result.players == n and len(result.finish) == n
    assert sorted(s.name for s in result.finish) == sorted(result.payouts)
    assert sum(result.payouts.values()) == result.prize_pool == 100 * n
    assert sum(s.chips for s in result.finish) == n * 1000
    assert sum(result.hands_per_level) == result.hands
    assert result.levels_reached == len(result.hands_per_level)
    places = [s.place for s in result.finish]
    assert places == sorted(places) and places[0] == 1
    if n > 8:
        assert len(t.moves) > 0  # tables were balanced and broken


def test_wall_street_ends_with_two_players_ranked_by_chips() -> None:
    # R3.1: Wall Street is for 3 to 7 players; the last two are placed by their chips
    t, _ = run(WALL, 4, seed=11)
    first, second = t.result().finish[:2]
    assert first.busted_hand is None and second.busted_hand is None
    assert first.chips > second.chips > 0 and first.chips + second.chips == 4000


def test_determinism_by_seed() -> None:
    a, logs_a = run(STUD, 9, seed=21, check=False)
    b, logs_b = run(STUD, 9, seed=21, check=False)
    _, logs_c = run(STUD, 9, seed=22, check=False)
    assert a.result() == b.result() and logs_a == logs_b
    assert logs_a != logs_c


def _short_stack_tournament(b: int, c: int) -> tuple[Tournament, list[Standing]]:
    """Three players; two tiny stacks that the caller bots put all in on every hand.
    Seeds are tried until both short stacks bust in the same hand."""
    config = TournamentConfig(game=STUD, starting_stack=1000, buy_in=30)
    for seed in range(200):
        t = Tournament(config=config, players=["ann", "bob", "cy"], seed=seed)
        table = t.tables[1]
        for p in table.seats:
            if p is not None and p.name != "ann":
                p.chips = b if p.name == "bob" else c
        t.start_round()
        hand = t.current[0].hand
        while not hand.is_over:
            table.act(Caller().act(hand.view(hand.to_act)))
        decided = t.finish_round()
        if len(decided) >= 2 and {s.name for s in decided} >= {"bob", "cy"}:
            return t, decided
    raise AssertionError("no seed busted both short stacks in one hand")


def test_busts_in_one_hand_ordered_by_starting_stack() -> None:
    t, decided = _short_stack_tournament(6, 3)
    place = {s.name: s.place for s in decided}
    assert place["bob"] == 2 and place["cy"] == 3  # bob started the hand with more chips
    assert t.is_over and [s.name for s in t.result().finish] == ["ann", "bob", "cy"]
    assert t.result().payouts == {"ann": 59, "bob": 31, "cy": 0}  # 65/35 of 90


def test_busts_with_equal_stacks_tie_and_share_the_prizes() -> None:
    t, decided = _short_stack_tournament(4, 4)
    assert {s.place for s in decided if s.name != "ann"} == {2}
    result = t.result()
    assert result.payouts["ann"] == 59
    assert sorted([result.payouts["bob"], result.payouts["cy"]]) == [15, 16]  # 31 shared
    assert sum(result.payouts.values()) == result.prize_pool


def test_short_stack_posts_what_it_has_for_the_ante() -> None:
    # R1.6: a player who cannot cover the ante is all in for what they have
    config = TournamentConfig(game=STUD, schedule=Schedule(levels=(
        Level(ante=5, bring_in=10, small_bet=20, big_bet=40),), hands_per_level=5))
    t = Tournament(config=config, players=["ann", "bob", "cy"], seed=1)
    table = t.tables[1]
    short = next(p for p in table.seats if p is not None and p.name == "cy")
    short.chips = 3
    record = t.start_round()[0]
    seat = record.names.index("cy")
    assert record.hand.contrib[seat] == 3 and record.hand.stacks[seat] == 0


@settings(max_examples=200, deadline=None)
@given(sizes=st.lists(st.integers(min_value=0, max_value=8), min_size=1, max_size=8),
       seats=st.integers(min_value=3, max_value=8))
def test_balance_plan_invariants(sizes: list[int], seats: int) -> None:
    sizes = [min(s, seats) for s in sizes]
    table = dict(enumerate(sizes, 1))
    broken, moves = balance_plan(table, seats)
    after = dict(table)
    for src, dst in moves:
        assert src != dst and dst not in broken
        after[src] -= 1
        after[dst] += 1
        assert after[dst] <= seats
    kept = {t: n for t, n in after.items() if t not in broken}
    assert all(after[t] == 0 for t in broken)
    total = sum(sizes)
    if total:
        assert len(kept) == math.ceil(total / seats)
        assert max(kept.values()) - min(kept.values()) <= 1
    assert sum(after.values()) == total


@settings(max_examples=6, deadline=None)
@given(n=st.integers(min_value=2, max_value=26), seed=st.integers(min_value=0, max_value=10**6),
       seats=st.integers(min_value=3, max_value=8))
def test_tournament_balancing_invariants(n: int, seed: int, seats: int) -> None:
    t, _ = run(STUD, n, seed=seed, seats=seats, hands_per_level=3)
    assert t.is_over


@settings(max_examples=300, deadline=None)
@given(entrants=st.integers(min_value=2, max_value=500),
       pool=st.integers(min_value=0, max_value=10**9))
def test_prizes_sum_to_the_pool(entrants: int, pool: int) -> None:
    pcts = payout_percentages(entrants)
    assert sum(pcts) == 100 and len(pcts) <= entrants
    paid = prizes(pool, pcts)
    assert sum(paid) == pool and list(paid) == sorted(paid, reverse=True)


def test_default_payouts_as_documented() -> None:
    assert payout_percentages(2) == payout_percentages(6) == (65, 35)
    assert payout_percentages(7) == payout_percentages(8) == (50, 30, 20)
    assert payout_percentages(9) == (40, 25, 20, 15)
    assert payout_percentages(20) == (35, 22, 16, 12, 9, 6)
    assert DEFAULT_PAYOUTS[0] == (6, (65, 35))


def test_levels_rise_and_double_past_the_end() -> None:
    s = Schedule(levels=(Level(ante=1, limits=(2, 2, 4, 4, 4)),), hands_per_level=2)
    assert s.level(2).limits == (8, 8, 16, 16, 16) and s.level(2).ante == 4
    game = s.level(1).game(WALL)
    assert isinstance(game, WallStreet) and game.unit == 4  # the market unit follows the limits
    stud = Schedule.default("stud").level(3).game(STUD)
    assert isinstance(stud, SevenCardStud) and (stud.ante, stud.bring_in, stud.small_bet) == (3, 8, 15)
    joker = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10, joker=True)
    assert Schedule.default("stud").level(5).game(joker).joker  # house options carry over


def test_levels_by_minutes_follow_the_clock() -> None:
    now = [0.0]
    config = TournamentConfig(game=STUD, schedule=Schedule.default("stud", minutes_per_level=2))
    t = Tournament(config=config, players=["a", "b", "c"], seed=1, clock=lambda: now[0])
    bot = Caller()
    levels = []
    for minute in (0, 1, 2.5, 7):
        now[0] = minute * 60
        if t.is_over:
            break
        record = t.start_round()[0]
        levels.append(record.level)
        while not record.hand.is_over:
            t.tables[1].act(bot.act(record.hand.view(record.hand.to_act)))
        t.finish_round()
    assert levels[:3] == [1, 1, 2]


def test_levels_file_json_and_toml(tmp_path: Path) -> None:
    data = {"hands_per_level": 4, "levels": [
        {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10},
        {"ante": 2, "bring_in": 4, "small_bet": 10, "big_bet": 20}]}
    (tmp_path / "l.json").write_text(json.dumps(data))
    (tmp_path / "l.toml").write_text(
        "hands_per_level = 4\n[[levels]]\nante = 1\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10\n"
        "[[levels]]\nante = 2\nbring_in = 4\nsmall_bet = 10\nbig_bet = 20\n")
    a, b = Schedule.load(tmp_path / "l.json"), Schedule.load(tmp_path / "l.toml")
    assert a == b and a.to_dict() == data
    ws = Schedule.from_dict({"minutes_per_level": 5, "levels": [{"ante": 1, "limits": 3}]})
    assert ws.level(0).limits == (3, 3, 3, 3, 3) and ws.game_name == "wallstreet"


@pytest.mark.parametrize("data,message", [
    ({"levels": []}, "non-empty"),
    ({"levels": [{"ante": 1, "bring_in": 2, "small_bet": 5}]}, "big_bet is missing"),
    ({"levels": [{"ante": 1, "bring_in": 5, "small_bet": 5, "big_bet": 10}]}, "bring_in"),
    ({"levels": [{"ante": -1, "limits": 2}]}, "ante must be >= 0"),
    ({"levels": [{"ante": 1, "limits": [1, 2]}]}, "five numbers"),
    ({"levels": [{"ante": 1, "limits": 2}], "speed": 3}, "unknown field 'speed'"),
    ({"hands_per_level": 2, "minutes_per_level": 3, "levels": [{"ante": 1, "limits": 2}]},
     "exactly one"),
])
def test_bad_levels_are_rejected(data: dict[str, object], message: str) -> None:
    with pytest.raises(TournamentError, match=message):
        schedule = Schedule.from_dict(data)
        schedule.level(0).game(STUD if schedule.game_name == "stud" else WALL)


def test_bad_tournaments_are_rejected() -> None:
    with pytest.raises(TournamentError, match="at least 3"):
        Tournament(config=TournamentConfig(game=WALL), players=["a", "b"])
    with pytest.raises(TournamentError, match="twice"):
        Tournament(config=TournamentConfig(game=STUD), players=["a", "a"])
    with pytest.raises(TournamentError, match="seats_per_table for wallstreet must be 5 to 7"):
        TournamentConfig(game=WALL, seats_per_table=4)
    with pytest.raises(TournamentError, match="levels are for stud"):
        TournamentConfig(game=WALL, schedule=Schedule.default("stud"))
    with pytest.raises(TournamentError, match="sums to 90"):
        TournamentConfig(game=STUD, payouts=((10, (60, 30)),))


def test_phh_fields_of_a_tournament_hand() -> None:
    from studpoker import phh

    config = TournamentConfig(game=STUD, starting_stack=200)
    t = Tournament(config=config, players=[f"p{i}" for i in range(10)], seed=4)
    records = t.start_round()
    assert [r.table for r in records] == [1, 2] and {len(r.names) for r in records} == {5}
    for record in records:
        while not record.hand.is_over:
            t.tables[record.table].act(Caller().act(record.hand.view(record.hand.to_act)))
        fields = record.phh_fields(event="test")
        history = phh.read_one(phh.write(phh.from_hand(record.hand, fields=fields)))
        assert history.fields["level"] == 1 and history.table == record.table
        assert history.players is not None and sorted(history.players) == sorted(record.names)
        replayed = phh.replay(history)
        assert replayed.payoffs == record.hand.payoffs


def test_docs_python_blocks_run() -> None:
    text = (Path(__file__).resolve().parent.parent / "docs" / "tournaments.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, "docs/tournaments.md", "exec"), {})


def _play_round(t: Tournament, bot: Caller, *, stop_after: int | None = None) -> list[Action]:
    """Play the round's hands with ``bot`` (the away players blinded off); return the actions."""
    from studpoker.tournament import blinded_off

    done: list[Action] = []
    for record in t.current:
        hand = record.hand
        while not hand.is_over:
            if stop_after is not None and len(done) >= stop_after:
                return done
            seat = hand.to_act
            assert seat is not None
            action = blinded_off(hand) if record.names[seat] in t.away else bot.act(hand.view(seat))
            t.tables[record.table].act(action)
            done.append(action)
    return done


def test_snapshot_restore_continues_the_same_tournament() -> None:
    """A tournament stored between rounds and restored (as after a SIGKILL) plays on
    exactly as the uninterrupted one: same decks, same places, same prizes."""
    config = TournamentConfig(game=WALL, starting_stack=300, seats_per_table=5,
                              schedule=Schedule.default("wallstreet", hands_per_level=3))
    names = [f"p{i}" for i in range(12)]
    bot = Caller()
    straight = Tournament(config=config, players=names, seed=17)
    straight.set_away("p3")
    crashed = Tournament(config=config, players=names, seed=17)
    crashed.set_away("p3")
    logs_a: list[str] = []
    logs_b: list[str] = []
    for _ in range(6):
        for t, logs in ((straight, logs_a), (crashed, logs_b)):
            logs += [repr(r.hand.log) for r in t.start_round()]
            _play_round(t, bot)
            t.finish_round()
    snap = json.loads(json.dumps(crashed.snapshot()))
    # the crash: half a round played, then lost
    crashed.start_round()
    _play_round(crashed, bot, stop_after=7)
    restored = Tournament.restore(snap)
    assert restored.snapshot() == snap and restored.away == {"p3"}
    while not straight.is_over:
        for t, logs in ((straight, logs_a), (restored, logs_b)):
            logs += [repr(r.hand.log) for r in t.start_round()]
            _play_round(t, bot)
            t.finish_round()
    assert restored.is_over and logs_a == logs_b
    assert restored.result() == straight.result()
    assert restored.total_chips() == 12 * 300


def test_away_player_is_blinded_off() -> None:
    """A disconnected player folds when a bet is owed, checks, posts antes and the bring-in."""
    config = TournamentConfig(game=STUD, starting_stack=200)
    t = Tournament(config=config, players=["ann", "bob", "cy"], seed=2)
    t.set_away("bob")
    players = {"ann": Caller(), "bob": Caller(), "cy": Caller()}
    folds = voluntary = 0

    def on_hand(record: HandRecord) -> None:
        nonlocal folds, voluntary
        bob = record.names.index("bob")
        for op in record.hand.log:
            action = getattr(op, "action", None)
            if action is not None and action.seat == bob:
                folds += action.kind is ActionKind.FOLD
                voluntary += action.kind in (ActionKind.CALL, ActionKind.COMPLETE,
                                             ActionKind.BET, ActionKind.RAISE)

    result = t.play(players, on_hand=on_hand)
    assert folds > 0 and voluntary == 0
    assert len(result.finish) == 3
    with pytest.raises(TournamentError, match="no player 'zed'"):
        t.set_away("zed")


def test_status_for_the_table() -> None:
    config = TournamentConfig(game=STUD, schedule=Schedule.default("stud", hands_per_level=4))
    t = Tournament(config=config, players=["a", "b", "c", "d", "e", "f", "g"], seed=1)
    status = t.status()
    assert status["level"] == 1 and status["next_level"] == 2
    assert status["stakes"] == "ante 1, bring-in 2, 5/10"
    assert status["next_stakes"] == "ante 1, bring-in 3, 8/16"
    assert status["next_in"] == {"hands": 4.0}
    assert status["prizes"] == [350, 210, 140] and status["players_left"] == 7
    t.start_round()
    _play_round(t, Caller())
    t.finish_round()
    assert t.status()["next_in"] == {"hands": 3.0}
    minutes = Tournament(config=TournamentConfig(
        game=STUD, schedule=Schedule.default("stud", minutes_per_level=1)),
        players=["a", "b"], seed=1, clock=lambda: 0.0)
    assert minutes.status()["next_in"] == {"seconds": 60.0}


def test_config_round_trip_and_bad_snapshots() -> None:
    config = TournamentConfig(game=SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10,
                                                 joker=True),
                              schedule=Schedule.default("stud", minutes_per_level=3),
                              starting_stack=500, buy_in=20, seats_per_table=6,
                              payouts=((4, (100,)), (100, (70, 30))))
    assert TournamentConfig.from_dict(json.loads(json.dumps(config.to_dict()))) == config
    with pytest.raises(TournamentError, match="not a tournament snapshot"):
        Tournament.restore({"version": 7})
    t = Tournament(config=config, players=["a", "b", "c"], seed=3)
    snap = t.snapshot()
    snap["tables"] = {"1": {"seats": "x"}}
    with pytest.raises(TournamentError, match="bad tournament snapshot"):
        Tournament.restore(snap)
    t.start_round()
    with pytest.raises(TournamentError, match="between rounds"):
        t.snapshot()


def test_registration_before_the_start() -> None:
    from studpoker.tournament import Registration

    reg = Registration(config=TournamentConfig(game=WALL), entrants=4, bots=("rule", "station"))
    reg.register("ann")
    reg.register("bob")
    with pytest.raises(TournamentError, match="already registered"):
        reg.register("ann")
    reg.unregister("bob")
    with pytest.raises(TournamentError, match="not registered"):
        reg.unregister("bob")
    with pytest.raises(TournamentError, match="1 of 4 places"):
        reg.start()
    assert reg.fill_with_bots() == ["bot-rule-1", "bot-station-2", "bot-rule-3"]
    with pytest.raises(TournamentError, match="full"):
        reg.register("cy")
    t = reg.start(seed=3)
    assert sorted(t.alive) == sorted(["ann", "bot-rule-1", "bot-station-2", "bot-rule-3"])
    with pytest.raises(TournamentError, match="has started"):
        reg.unregister("ann")
    no_bots = Registration(config=TournamentConfig(game=STUD), entrants=2)
    with pytest.raises(TournamentError, match="did not allow bots"):
        no_bots.fill_with_bots()
    with pytest.raises(TournamentError, match="at least 3 places"):
        Registration(config=TournamentConfig(game=WALL), entrants=2)
