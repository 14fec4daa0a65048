"""The messages of a live hand, built once for every viewer, are exactly what each viewer's own
``hand.view(seat)`` gives (R1.9: no down card reaches another seat before it is shown), whole or
as deltas; and the server's garbage collections stay short."""

from __future__ import annotations

import gc
import json
import random
import weakref
from dataclasses import dataclass, field
from typing import Any

from studpoker.codec import apply_view_delta, op_dict, view_dict
from studpoker.engine import SevenCardStud, WallStreet
from studpoker.engine.games import GAMES, Game, from_options
from studpoker.engine.hand import Hand
from studpoker.server import collector
from studpoker.server import protocol as p
from studpoker.server.tables import messages
from studpoker.server.tables.messages import PUBLIC


@dataclass
class _Meta:
    user_id: int
    bot: str | None = None


@dataclass
class _Table:
    hand_seats: list[int]


@dataclass
class _Room:
    """What the message builders read of a room (a live hand at a table of humans)."""

    hand: Hand
    hand_seats: list[int]
    id: int = 7
    hand_id: int = 41
    hand_number: int = 3
    commitment: str = "ab" * 32
    timer_info: dict[str, Any] | None = None
    meta: dict[int, _Meta] = field(default_factory=dict)
    table: _Table = field(init=False)

    def __post_init__(self) -> None:
        self.table = _Table(hand_seats=self.hand_seats)
        self.meta = {ts: _Meta(user_id=100 + ts) for ts in self.hand_seats}


def _expected(hand: Hand, hs: int | None, version_from: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A viewer's update as one hand.view(seat) gives it: the view, and the new records."""
    v = hand.view(hs)
    return {**view_dict(v, log=False), "log": None}, [op_dict(op) for op in v.log[version_from:]]


def _play(game: Game, seed: int, *, whole: bool, deltas: bool) -> int:
    rng = random.Random(seed)
    n = rng.randint(game.min_players, game.max_players)
    hand = game.deal(stacks=[rng.choice([20, 60, 400]) for _ in range(n)], seed=seed)
    hand_seats = sorted(rng.sample(range(max(8, game.max_players)), n))  # table seats (ten in Five Card Stud)
    room: Any = _Room(hand=hand, hand_seats=hand_seats)
    fanout, views = messages.hand_fanout(room)
    keys = {PUBLIC: None, **{str(hs): hs for hs in range(n)}}
    for key, hs in keys.items():  # the full state: the view with its log
        msg = json.loads(fanout.texts[key])
        p.HandMsg.model_validate(msg)
        assert msg["view"] == view_dict(hand.view(hs), log=True)
    checked = 0
    while not hand.is_over:
        version_from = len(hand.log)
        hand.apply(rng.choice(hand.legal_actions()))
        room.timer_info = {"seat": hand.to_act, "deadline": 1.5, "bank_deadline": 2.5} if hand.to_act is not None \
            else None
        previous = views
        fanout, views = messages.update_fanout(room, hand, hand_seats, version_from, previous,
                                               deltas_too=deltas, whole=whole, source="player")
        for key, hs in keys.items():
            user = None if hs is None else 100 + hand_seats[hs]
            view, events = _expected(hand, hs, version_from)
            if whole:
                msg = json.loads(fanout.text_for(user))
                p.UpdateMsg.model_validate(msg)
                assert msg["view"] == view and msg["events"] == events
                assert msg["version_from"] == version_from and msg["version"] == len(hand.log)
            if deltas:
                msg = json.loads(fanout.text_for(user, delta=True))
                p.UpdateMsg.model_validate(msg)
                assert "view" not in msg and msg["events"] == events
                before = {**previous[key][1], "log": None}
                assert apply_view_delta(before, msg["view_delta"]) == view
            checked += 1
    return checked


def test_every_viewer_gets_its_own_view_whole_and_as_deltas() -> None:
    """R1.9: each text a fanout holds for a seat equals that seat's hand.view (the public text
    the public view), across whole hands of every game of the registry, and stud with the joker."""
    games: list[Game] = [*(from_options(name) for name in GAMES),
                         SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10, joker=True)]
    checked = 0
    for seed in range(3 * len(games)):
        checked += _play(games[seed % len(games)], seed, whole=True, deltas=True)
    assert checked > 1000


def test_only_the_texts_someone_wants_are_built() -> None:
    """A table watched with deltas only gets no whole view text (but for a key it has no
    previous view of), and one watched whole gets no delta."""
    game = WallStreet(ante=1, limits=[2, 2, 4, 4, 4])
    assert _play(game, 5, whole=False, deltas=True) > 0
    assert _play(game, 6, whole=True, deltas=False) > 0
    hand = game.deal(stacks=[100] * 4, seed=9)
    room: Any = _Room(hand=hand, hand_seats=[0, 1, 2, 3])
    _, views = messages.hand_fanout(room)
    version_from = len(hand.log)
    hand.apply(hand.legal_actions()[0])
    del views["1"]
    fanout, _ = messages.update_fanout(room, hand, [0, 1, 2, 3], version_from, views, whole=False)
    assert set(fanout.deltas) == {PUBLIC, "0", "2", "3"} and set(fanout.texts) == {"1"}
    assert json.loads(fanout.text_for(101, delta=True))["view"]["seat"] == 1


def test_full_collections_traverse_only_what_is_new() -> None:
    """While installed, what survives a full collection is frozen (the next one skips it); the
    periodic full pass unfreezes and collects everything; uninstall leaves nothing frozen."""
    collector.install()
    try:
        assert gc.get_freeze_count() > 0
        frozen = gc.get_freeze_count()
        keep = [[i] for i in range(50_000)]
        gc.collect()
        assert gc.get_freeze_count() >= frozen + 50_000
        assert len(gc.get_objects(generation=2)) < 50_000
        del keep
    finally:
        collector.uninstall()
    assert gc.get_freeze_count() == 0


def test_survivors_of_the_middle_generation_are_frozen_too() -> None:
    """A full collection finds almost nothing to traverse: what survives a collection of the
    middle generation is frozen (the long-lived objects); young garbage cycles are still
    collected as usual."""
    collector.install()
    try:
        gc.collect(1)
        frozen = gc.get_freeze_count()
        keep = [[i] for i in range(20_000)]
        gc.collect(1)
        assert gc.get_freeze_count() >= frozen + 20_000
        assert len(gc.get_objects(generation=2)) == 0
        cycle: list[Any] = []
        cycle.append(cycle)
        ref = weakref.ref(_Node(cycle))
        gc.collect(0)
        assert ref() is None  # a young cycle is not kept by the freezing
        del keep
    finally:
        collector.uninstall()
    assert gc.get_freeze_count() == 0


class _Node:
    """A weakly referable object in a garbage cycle."""

    def __init__(self, payload: Any) -> None:
        self.me = self
        self.payload = payload
