"""One schema of a view (R1.9: what each seat may see): the engine's SeatView/PlayerView, the JSON
that codec writes (declared once, codec.ViewJSON), and the protocol's models (built from that
declaration) agree wherever they must."""

from __future__ import annotations

import dataclasses
import random
from typing import Any, get_type_hints

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from studpoker import codec
from studpoker.engine import SevenCardStud, WallStreet
from studpoker.engine.games import GAMES as GAMES_BY_NAME
from studpoker.engine.games import Game, from_options
from studpoker.engine.hand import Hand, PlayerView, SeatView
from studpoker.server import protocol as p

GAMES: list[Game] = [*(from_options(name) for name in GAMES_BY_NAME),
                     SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10, joker=True)]


def _keys(spec: Any) -> set[str]:
    return set(get_type_hints(spec))


def _hands(seed: int, game: Game) -> list[Hand]:
    """A random hand at every step, to its end (short stacks: all-ins and side pots too)."""
    rng = random.Random(seed)
    n = rng.randint(game.min_players, game.max_players)
    hand = game.deal(stacks=[rng.choice([15, 40, 300]) for _ in range(n)], seed=seed)
    out = [hand.copy()]
    while not hand.is_over:
        hand.apply(rng.choice(hand.legal_actions()))
        out.append(hand.copy())
    return out


def _views(seed: int) -> list[SeatView]:
    hands = _hands(seed, GAMES[seed % len(GAMES)])
    return [h.view(s) for h in hands for s in (None, *range(h.n))]


def test_protocol_models_are_built_from_the_codec_declarations() -> None:
    """The models have exactly the declared fields, nested ones as the nested declarations'
    models; the one field a view may lack (log) is the only optional one."""
    assert set(p.ViewModel.model_fields) == _keys(codec.ViewJSON)
    assert set(p.PlayerModel.model_fields) == _keys(codec.PlayerJSON)
    assert set(p.ResultModel.model_fields) == _keys(codec.ResultJSON)
    assert codec.ViewJSON.__optional_keys__ == {"log"}
    assert codec.ResultJSON.__optional_keys__ == {"spade_winners", "spade_hand"}
    assert codec.StrengthJSON.__optional_keys__ == {"spade"}
    optional = {k for k, f in p.ViewModel.model_fields.items() if not f.is_required()}
    assert optional == {"log"}
    assert p.HandMsg.model_fields["view"].annotation is p.ViewModel
    assert p.PlayerModel.__doc__ == codec.PlayerJSON.__doc__


def test_the_json_names_every_field_of_the_engine_views() -> None:
    """Every field of SeatView and PlayerView is in the JSON (cards as text), except the game
    (sent once, as game_info) ; the JSON adds only what the server words for the client."""
    view_fields = {f.name for f in dataclasses.fields(SeatView)} - {"game"}
    assert view_fields <= _keys(codec.ViewJSON)
    assert _keys(codec.ViewJSON) - view_fields == {"legal_labels", "strength", "won"}
    player_fields = {f.name for f in dataclasses.fields(PlayerView)}
    assert _keys(codec.PlayerJSON) - player_fields == {"strength"}
    assert player_fields <= _keys(codec.PlayerJSON)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10**6))
def test_view_dict_writes_the_declared_schema_and_reads_back(seed: int) -> None:
    """For every viewer at every step of random hands: view_dict writes exactly the declared
    keys at every level, the protocol model accepts it, and view_from_dict gives the view back
    (results aside: bots decide before them)."""
    for v in _views(seed):
        for log in (False, True):
            d = codec.view_dict(v, log=log)
            assert set(d) == _keys(codec.ViewJSON) - ({"log"} if not log else set())
            assert all(set(x) == _keys(codec.PlayerJSON) for x in d["players"])
            assert all(codec.ResultJSON.__required_keys__ <= set(x) <= _keys(codec.ResultJSON)
                       for x in d["results"])
            assert all(set(x) == _keys(codec.LegalActionJSON) for x in d["legal_actions"])
            spade_half = any(h.name == "spade" for h in v.game.halves)  # R8.4: the spade in the hole said
            for s in [d["strength"], *(x["strength"] for x in d["players"])]:
                assert s is None or set(s) == _keys(codec.StrengthJSON) - ({"spade"} if not spade_half else set())
            p.ViewModel.model_validate(d)
        back = codec.view_from_dict(codec.view_dict(v, log=True), v.game)
        assert back == dataclasses.replace(v, results=())


def test_the_model_refuses_what_the_schema_does_not_hold() -> None:
    v = WallStreet(ante=1, limits=[2, 2, 4, 4, 4]).deal(stacks=[100, 100, 100], seed=3).view(0)
    d: dict[str, Any] = dict(codec.view_dict(v, log=False))
    p.ViewModel.model_validate(d)
    with pytest.raises(ValidationError):
        p.ViewModel.model_validate({**d, "extra": 1})
    with pytest.raises(ValidationError):
        p.ViewModel.model_validate({k: x for k, x in d.items() if k != "pot"})
    player = {**d["players"][0], "hole": []}
    with pytest.raises(ValidationError):
        p.ViewModel.model_validate({**d, "players": [player, *d["players"][1:]]})


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10**6))
def test_views_at_once_are_the_views_one_by_one(seed: int) -> None:
    """R1.9: Hand.views (no log) gives each viewer what view(seat) gives, and a seat every viewer
    sees alike is one shared PlayerView."""
    for hand in _hands(seed, GAMES[seed % len(GAMES)]):
        seats: list[int | None] = [None, *range(hand.n)]
        together = hand.views(seats)
        for s, v in zip(seats, together, strict=True):
            assert v == dataclasses.replace(hand.view(s), log=())
            assert hand.view(s, log=False) == v
        public = together[0]
        for s, v in zip(seats[1:], together[1:], strict=True):
            assert all(a is b for i, (a, b) in enumerate(zip(v.players, public.players, strict=True)) if i != s)


def test_like_shares_the_json_of_players_seen_alike_and_nothing_else() -> None:
    """view_dict(like=...) writes a player equal in both views (and the viewer's own in both or in
    neither) as the same dict; the result equals a fresh view_dict."""
    for hands in (_hands(7, GAMES[0]), _hands(8, GAMES[1]), _hands(9, from_options("follow_the_queen"))):
        before: tuple[SeatView, codec.ViewJSON] | None = None
        for hand in hands:
            views = hand.views([None, 0, 1])
            public = (views[0], codec.view_dict(views[0], log=False, like=before))
            assert public[1] == codec.view_dict(views[0], log=False)
            for v in views[1:]:
                d = codec.view_dict(v, log=False, like=public)
                assert d == codec.view_dict(v, log=False)
                assert v.seat is not None and d["players"][v.seat] is not public[1]["players"][v.seat]
            before = public
