"""The JSON codec of the core: views and log records to and from dicts.

Everything that crosses a process boundary (the server's messages, stored
rows, remote bots) goes through these functions, so there is one JSON form of
each core value (games: :func:`studpoker.games.to_options` / ``from_options``).

The server only serializes what ``hand.view(seat)`` gives, so a message can
hold no card the seat may not see. Clients (the remote bots of
``studpoker connect``) turn the JSON back into a ``SeatView`` with
:func:`view_from_dict`, so any bot plays the same over the network as in
process.

>>> from studpoker import SevenCardStud
>>> hand = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10).deal(stacks=[50, 50], seed=1)
>>> d = view_dict(hand.view(0), log=True)
>>> d["players"][1]["down"]
[None, None]
>>> view_from_dict(d, hand.game).players == hand.view(0).players
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from studpoker.actions import Action
from studpoker.cards import Card
from studpoker.games import Game
from studpoker.hand import Phase, PlayerView, SeatView
from studpoker.operations import (
    ActionTaken,
    AntePosted,
    CardDealt,
    ChipsReturned,
    CommunityCardDealt,
    HandEnded,
    MarketDealt,
    Operation,
    PotAwarded,
    StreetStarted,
)

__all__ = ["apply_view_delta", "op_dict", "op_from_dict", "view_delta", "view_dict", "view_from_dict"]

_OP_NAMES: dict[type[Operation], str] = {
    AntePosted: "ante_posted",
    StreetStarted: "street_started",
    CardDealt: "card_dealt",
    CommunityCardDealt: "community_card_dealt",
    MarketDealt: "market_dealt",
    ActionTaken: "action_taken",
    ChipsReturned: "chips_returned",
    PotAwarded: "pot_awarded",
    HandEnded: "hand_ended",
}
_OP_TYPES = {v: k for k, v in _OP_NAMES.items()}


def _card(c: Card | None) -> str | None:
    return None if c is None else str(c)


def _value(v: object) -> object:
    if isinstance(v, Card):
        return str(v)
    if isinstance(v, Action):
        return v.to_dict()
    if isinstance(v, tuple | list):
        return [_value(x) for x in v]
    return v


def op_dict(op: Operation) -> dict[str, Any]:
    """A log record as JSON: ``{"op": "card_dealt", "seat": 0, "card": "As", ...}``."""
    out: dict[str, Any] = {"op": _OP_NAMES[type(op)]}
    for f in dataclasses.fields(op):
        out[f.name] = _value(getattr(op, f.name))
    return out


def _parse_card(v: object) -> Card | None:
    if v is None:
        return None
    if not isinstance(v, str):
        raise ValueError(f"not a card: {v!r}")
    return Card.parse(v)


def op_from_dict(d: Mapping[str, Any]) -> Operation:
    """Inverse of :func:`op_dict`."""
    kind = _OP_TYPES.get(str(d.get("op")))
    if kind is None:
        raise ValueError(f"unknown log record {d.get('op')!r}")
    fields = {k: v for k, v in d.items() if k != "op"}
    if kind is CardDealt:
        fields["card"] = _parse_card(fields.get("card"))
    elif kind in (CommunityCardDealt, MarketDealt):
        fields["card"] = _parse_card(fields["card"])
    elif kind is ActionTaken:
        fields["action"] = Action.from_dict(fields["action"])
        fields["cards"] = tuple(_parse_card(c) for c in fields.get("cards", ()))
    elif kind is HandEnded:
        fields["stacks"] = tuple(fields["stacks"])
    return kind(**fields)


def view_dict(view: SeatView, *, log: bool) -> dict[str, Any]:
    """A view as JSON (the ``view`` of ``hand`` and ``update`` messages)."""
    out: dict[str, Any] = {
        "seat": view.seat,
        "dealer": view.dealer,
        "street": view.street,
        "street_name": view.street_name,
        "phase": view.phase.value,
        "to_act": view.to_act,
        "legal_actions": [a.to_dict() for a in view.legal_actions],
        "players": [
            {
                "seat": p.seat, "stack": p.stack, "bet": p.bet, "contributed": p.contributed,
                "folded": p.folded, "all_in": p.all_in, "down": [_card(c) for c in p.down],
                "up": [str(c) for c in p.up], "shown": p.shown, "mucked": p.mucked,
            }
            for p in view.players
        ],
        "market": [_card(c) for c in view.market],
        "community": [str(c) for c in view.community],
        "pot": view.pot,
        "results": [r.to_dict() for r in view.results],
    }
    if log:
        out["log"] = [op_dict(op) for op in view.log]
    return out


def view_from_dict(
    d: Mapping[str, Any], game: Game, log: Sequence[Mapping[str, Any]] | None = None
) -> SeatView:
    """A :class:`SeatView` from JSON (``results`` are left empty: bots decide before them)."""
    records = log if log is not None else d.get("log") or []
    players = tuple(
        PlayerView(
            seat=p["seat"], stack=p["stack"], bet=p["bet"], contributed=p["contributed"],
            folded=p["folded"], all_in=p["all_in"],
            down=tuple(_parse_card(c) for c in p["down"]),
            up=tuple(Card.parse(c) for c in p["up"]), shown=p["shown"], mucked=p["mucked"],
        )
        for p in d["players"]
    )
    return SeatView(
        seat=d["seat"], game=game, dealer=d["dealer"], street=d["street"],
        street_name=d["street_name"], phase=Phase(d["phase"]), to_act=d["to_act"],
        legal_actions=tuple(Action.from_dict(a) for a in d["legal_actions"]),
        players=players, market=tuple(_parse_card(c) for c in d["market"]),
        community=tuple(Card.parse(c) for c in d["community"]), pot=d["pot"],
        log=tuple(op_from_dict(r) for r in records), results=(),
    )


def view_delta(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """What changed from one view (as JSON) to the next: changed top-level fields, and
    ``players`` as ``{"index": {changed fields}}``.

    >>> before = {"pot": 3, "players": [{"bet": 0}, {"bet": 1}]}
    >>> view_delta(before, {"pot": 5, "players": [{"bet": 2}, {"bet": 1}]})
    {'pot': 5, 'players': {'0': {'bet': 2}}}
    """
    out: dict[str, Any] = {}
    for key, value in after.items():
        if key == "players" and len(before.get("players") or ()) == len(value):
            players: dict[str, Any] = {}
            for i, (old, new) in enumerate(zip(before["players"], value, strict=True)):
                changed = {k: v for k, v in new.items() if old.get(k) != v}
                if changed:
                    players[str(i)] = changed
            if players:
                out["players"] = players
        elif before.get(key, object()) != value:
            out[key] = value
    return out


def apply_view_delta(view: dict[str, Any], delta: dict[str, Any]) -> dict[str, Any]:
    """The view after ``delta`` (a new dict; ``view`` is not changed)."""
    out = dict(view)
    for key, value in delta.items():
        if key == "players" and isinstance(value, dict):
            players = [dict(x) for x in out["players"]]
            for i, changed in value.items():
                players[int(i)].update(changed)
            out["players"] = players
        else:
            out[key] = value
    return out
