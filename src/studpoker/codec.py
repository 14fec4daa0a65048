"""The JSON codec of the core: views and log records to and from dicts.

Everything that crosses a process boundary (the server's messages, stored
rows, remote bots) goes through these functions, so there is one JSON form of
each core value (games: :func:`studpoker.engine.games.to_options` / ``from_options``).

The server only serializes what ``hand.view(seat)`` gives, so a message can
hold no card the seat may not see. Clients (the remote bots of
``studpoker connect``) turn the JSON back into a ``SeatView`` with
:func:`view_from_dict`, so any bot plays the same over the network as in
process.

>>> from studpoker.engine import SevenCardStud
>>> hand = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10).deal(stacks=[50, 50], seed=1)
>>> d = view_dict(hand.view(0), log=True)
>>> d["players"][1]["down"]
[None, None]
>>> view_from_dict(d, hand.game).players == hand.view(0).players
True
"""

from __future__ import annotations

import dataclasses
import functools
import json
import re
from collections.abc import Mapping, Sequence
from typing import Any, TypedDict

from studpoker.describe import action_label, describe_action, describe_operation
from studpoker.engine.actions import Action
from studpoker.engine.cards import Card, Rank
from studpoker.engine.evaluation import evaluate_high, evaluate_low, evaluate_razz
from studpoker.engine.games import Game, Ranking
from studpoker.engine.hand import Phase, PlayerView, PotResult, SeatView
from studpoker.engine.operations import (
    OPERATION_TYPES,
    ActionTaken,
    AntePosted,
    CardDealt,
    ChipsReturned,
    CommunityCardDealt,
    HandEnded,
    LogReader,
    MarketDealt,
    Operation,
    PotAwarded,
    StreetStarted,
    WildRanksChanged,
)
from studpoker.engine.wild import evaluate_wild_high, wild_board_key, wild_mask

__all__ = ["LegalActionJSON", "PlayerJSON", "ResultJSON", "StrengthJSON", "ViewJSON",
           "apply_view_delta", "dumps", "op_dict", "op_from_dict", "op_text", "result_dict", "strength",
           "view_delta", "view_dict", "view_from_dict"]


# ---------------------------------------------------------------- the JSON of a view
#
# The one schema of a view as JSON: what view_dict writes, what view_from_dict reads, and
# what the server's protocol models describe (studpoker.server.protocol builds its ViewModel
# from these declarations; tests/test_codec_schema.py holds the three together).


class StrengthJSON(TypedDict):
    """What a player holds, in words (:func:`strength`)."""

    high: str | None
    low: str | None
    high_cards: list[str]
    low_cards: list[str]


class LegalActionJSON(TypedDict):
    """An action (:meth:`studpoker.engine.actions.Action.to_dict`)."""

    seat: int
    kind: str
    amount: int
    slot: int


class _ResultState(TypedDict):
    pot: int
    name: str
    amount: int
    eligible: list[int]
    high_winners: list[int]
    low_winners: list[int]
    high_hand: str | None
    low_hand: str | None
    shares: dict[str, int]
    high_cards: list[str]
    low_cards: list[str]


class ResultJSON(_ResultState, total=False):
    """A pot's result (:func:`result_dict`): :meth:`PotResult.to_dict` and the winning five cards;
    in High and Low Chicago the winners of the spade's share and its words (R8.4)."""

    spade_winners: list[int]
    spade_hand: str | None


class PlayerJSON(TypedDict):
    """One seat of a view: :class:`~studpoker.engine.hand.PlayerView` (cards as text, ``null`` where the
    viewer may not see them) and ``strength`` (for the viewer's own seat and hands shown down)."""

    seat: int
    stack: int
    bet: int
    contributed: int
    folded: bool
    all_in: bool
    down: list[str | None]
    up: list[str]
    shown: bool
    mucked: bool
    strength: StrengthJSON | None


class _ViewState(TypedDict):
    seat: int | None
    dealer: int
    street: int
    street_name: str
    phase: str
    to_act: int | None
    legal_actions: list[LegalActionJSON]
    legal_labels: list[str]
    players: list[PlayerJSON]
    market: list[str | None]
    community: list[str]
    pot: int
    results: list[ResultJSON]
    strength: StrengthJSON | None
    won: int | None
    wild_ranks: list[str]


class ViewJSON(_ViewState, total=False):
    """A view: :class:`~studpoker.engine.hand.SeatView` without its game (``wild_ranks``: the ranks wild
    now, R8), with the button words of the legal actions (``legal_labels``), the viewer's own
    ``strength`` and ``won`` (the chips the pots paid out once the hand is over); ``log`` only in
    full states (``hand`` messages)."""

    log: list[dict[str, Any]]


def dumps(value: object) -> str:
    """Compact JSON text (no spaces), as the server sends it."""
    return _ENCODE(value)


_ENCODE = json.JSONEncoder(separators=(",", ":")).encode

_OP_NAMES: dict[type[Operation], str] = {
    kind: re.sub(r"(?<!^)(?=[A-Z])", "_", kind.__name__).lower() for kind in OPERATION_TYPES
}
"""Each record type's JSON name: its class name in snake case (``CardDealt``: ``card_dealt``)."""
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


def op_text(op: Operation) -> str:
    """A log record in words (:mod:`studpoker.describe`) without the player's name, which the
    client puts in front: ``"bets 4"``, ``"buys slot 2: 4d"``, ``"takes a free card: 7h"``.

    >>> from studpoker.engine.actions import ActionKind
    >>> from studpoker.engine.operations import ActionTaken
    >>> op_text(ActionTaken(action=Action(seat=0, kind=ActionKind.BUY, amount=4, slot=2), paid=4,
    ...                     cards=(Card.parse("4d"),)))
    'buys slot 2: 4d'
    >>> op_text(PotAwarded(pot=0, seat=1, amount=12, half="all", hand="One pair, kings"))
    'wins 12 from the main pot with One pair, kings'
    """
    if isinstance(op, ActionTaken):
        return describe_action(op.action, cards=op.cards)
    return describe_operation(op, names=lambda _seat: "").strip()


def op_dict(op: Operation) -> dict[str, Any]:
    """A log record as JSON: ``{"op": "card_dealt", "seat": 0, "card": "As", ..., "text": "..."}``
    (``text``: :func:`op_text`)."""
    out: dict[str, Any] = {"op": _OP_NAMES[type(op)]}
    for f in dataclasses.fields(op):
        out[f.name] = _value(getattr(op, f.name))
    out["text"] = op_text(op)
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
    fields = {k: v for k, v in d.items() if k not in ("op", "text")}
    return kind(**_FIELDS_FROM_JSON.handler(kind)(fields))


def _as_they_are(fields: dict[str, Any]) -> dict[str, Any]:
    return fields


def _dealt_card(fields: dict[str, Any]) -> dict[str, Any]:
    return fields | {"card": _parse_card(fields.get("card"))}  # None: a card hidden from the viewer


def _public_card(fields: dict[str, Any]) -> dict[str, Any]:
    return fields | {"card": _parse_card(fields["card"])}


def _action_fields(fields: dict[str, Any]) -> dict[str, Any]:
    return fields | {"action": Action.from_dict(fields["action"]),
                     "cards": tuple(_parse_card(c) for c in fields.get("cards", ()))}


def _stacks(fields: dict[str, Any]) -> dict[str, Any]:
    return fields | {"stacks": tuple(fields["stacks"])}


def _ranks(fields: dict[str, Any]) -> dict[str, Any]:
    return fields | {"ranks": tuple(fields["ranks"])}


_FIELDS_FROM_JSON: LogReader[dict[str, Any]] = LogReader("codec", {
    AntePosted: _as_they_are, StreetStarted: _as_they_are, CardDealt: _dealt_card,
    CommunityCardDealt: _public_card, MarketDealt: _public_card, ActionTaken: _action_fields,
    ChipsReturned: _as_they_are, PotAwarded: _as_they_are, HandEnded: _stacks,
    WildRanksChanged: _ranks,
})
"""Each record type's fields from JSON (:func:`op_from_dict`): cards, actions and tuples."""


def _partial_high(cards: Sequence[Card]) -> str:
    """Words for a high hand of fewer than five cards (no straight or flush yet; the joker is an ace)."""
    counts: dict[Rank, int] = {}
    for c in cards:
        r = c.rank if c.rank is not None else Rank.ACE
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    (top, n), rest = groups[0], groups[1:]
    if n >= 4:
        return f"Four of a kind, {top.plural}"
    if n == 3:
        return f"Three of a kind, {top.plural}"
    if n == 2 and rest and rest[0][1] == 2:
        return f"Two pair, {top.plural} and {rest[0][0].plural}"
    if n == 2:
        return f"One pair, {top.plural}"
    return f"High card, {top.word}"


def _partial_low(cards: Sequence[Card]) -> str | None:
    """An eight-or-better low draw of fewer than five cards (three low ranks or more), or None."""
    ranks = {1 if c.rank is Rank.ACE else int(c.rank) + 2 for c in cards
             if c.rank is not None and (c.rank is Rank.ACE or c.rank <= Rank.EIGHT)}
    if any(c.rank is None for c in cards):  # the joker: the lowest rank not held
        ranks.add(next(r for r in range(1, 9) if r not in ranks))
    if len(ranks) < 3:
        return None
    return "-".join("A" if r == 1 else str(r) for r in sorted(ranks, reverse=True)) + " low draw"


def _partial_razz(cards: Sequence[Card]) -> str:
    """Words for a razz hand of fewer than five cards (R6.2): ``"Seven low, 7-4-2"``, or its pairs."""
    lows = sorted((1 if c.rank is Rank.ACE else int(c.rank or 0) + 2 for c in cards), reverse=True)
    if len(set(lows)) < len(lows):
        return _partial_high(cards)  # "One pair, twos" ...: pairs count against a razz hand
    text = "-".join("A" if r == 1 else "TJQK"[r - 10] if r >= 10 else str(r) for r in lows)
    top = Rank.ACE if lows[0] == 1 else Rank(lows[0] - 2)
    return f"{top.word.capitalize()} low, {text}"


_BOARD_WORDS = {5: "Four of a kind, {a}", 4: "Full house, {a} over {b}", 3: "Three of a kind, {a}",
                2: "Two pair, {a} and {b}", 1: "One pair, {a}"}


def _partial_wild(cards: Sequence[Card], wild: int) -> str:
    """Words for fewer than five cards with wild cards (R8.1): each wild card joins the best group."""
    key = wild_board_key(cards, wild)
    category, ranks = key[0], [Rank(r) for r in key[1:]]
    if category == 0:
        return f"High card, {ranks[0].word}"
    template = _BOARD_WORDS.get(category, "Five of a kind, {a}")
    return template.format(a=ranks[0].plural, b=ranks[1].plural if len(ranks) > 1 else "")


def strength(cards: Sequence[Card], game: Game, wild_ranks: Sequence[str] = ()) -> dict[str, Any] | None:
    """What a player holds, in words: ``{"high": "One pair, kings", "low": "8-6-5-4-3 low" | None,
    "high_cards": [...], "low_cards": [...]}`` (the best five cards once there are five; ``low`` only
    in high-low games). Computed with :mod:`studpoker.engine.evaluation`, so clients never evaluate
    hands; with ``wild_ranks`` (the ranks wild now, R8) by :mod:`studpoker.engine.wild`:
    ``"Five of a kind, sevens"``.
    In razz the hand is a low (R6.2): ``high`` is None and ``low`` the razz hand
    (``"Seven-five low, 7-5-4-2-A"``).

    >>> from studpoker.engine import Razz, WallStreet
    >>> from studpoker.engine.cards import parse_cards
    >>> strength(parse_cards("Kh Kd 7s 2c 4d"), WallStreet(ante=1, limits=[2, 2, 4, 4, 4]))["low"]
    '7-4-2 low draw'
    >>> strength(parse_cards("Kh 3d 7s 2c"), WallStreet(ante=1, limits=[2, 2, 4, 4, 4]))["low"]
    '7-3-2 low draw'
    >>> strength(parse_cards("Qh 3d Kc 2c 7s 5d"), WallStreet(ante=1, limits=[2, 2, 4, 4, 4]))["low"]
    '7-5-3-2 low draw'
    >>> razz = Razz(ante=1, bring_in=2, small_bet=5, big_bet=10)
    >>> strength(parse_cards("Kh 5d 7s 2c Ad"), razz)["low"], strength(parse_cards("7s 4d 2c"), razz)["low"]
    ('King-seven low, K-7-5-2-A', 'Seven low, 7-4-2')
    """
    if not cards:
        return None
    out: dict[str, Any] = {"high": None, "low": None, "high_cards": [], "low_cards": []}
    if game.halves[0].ranking is Ranking.RAZZ:
        if len(cards) >= 5:
            razz = evaluate_razz(cards)
            out["low"], out["low_cards"] = razz.description, [str(c) for c in razz.cards]
        else:
            out["low"] = _partial_razz(cards)
        return out
    wild = wild_mask(wild_ranks)
    if wild:
        if len(cards) >= 5:
            value = evaluate_wild_high(cards, wild=wild_ranks)
            out["high"], out["high_cards"] = value.description, [str(c) for c in value.cards]
        else:
            out["high"] = _partial_wild(cards, wild)
        return out
    if len(cards) >= 5:
        high = evaluate_high(cards, double_ace_flush=game.double_ace_flush)
        out["high"], out["high_cards"] = high.description, [str(c) for c in high.cards]
        low = evaluate_low(cards) if game.high_low else None
        if low is not None:
            out["low"], out["low_cards"] = low.description, [str(c) for c in low.cards]
        elif game.high_low and len(cards) < 7:  # no low yet, cards to come: the low draw
            out["low"] = _partial_low(cards)
    else:
        out["high"] = _partial_high(cards)
        out["low"] = _partial_low(cards) if game.high_low else None
    return out


@functools.lru_cache(maxsize=8192)
def _strength_of(cards: tuple[Card, ...], game: Game, wild_ranks: tuple[str, ...]) -> StrengthJSON | None:
    """:func:`strength`, remembered: a hand's cards change a few times a hand, its views at every
    action. The dict is shared: read it, never change it."""
    return strength(cards, game, wild_ranks)  # type: ignore[return-value]  # the keys of StrengthJSON


def _player_strength(view: SeatView, p: PlayerView) -> StrengthJSON | None:
    """The strength of a seat whose every card the viewer sees: its own, or a hand shown down."""
    if p.folded or p.mucked or None in p.down:
        return None
    if p.seat != view.seat and not (p.shown and view.phase in _LATE):
        return None
    return _strength_of((*p.down, *p.up, *view.community), view.game, view.wild_ranks)


_LATE = (Phase.SHOWDOWN, Phase.OVER)


def result_dict(r: PotResult) -> ResultJSON:
    """A pot's result as JSON: :meth:`PotResult.to_dict` with the winning five cards
    (``high_cards``, ``low_cards``; empty when the pot was not contested)."""
    out: dict[str, Any] = dict(r.to_dict())
    out["high_cards"] = [] if r.high_hand is None else [str(c) for c in r.high_hand.cards]
    out["low_cards"] = [] if r.low_hand is None else [str(c) for c in r.low_hand.cards]
    return out  # type: ignore[return-value]  # the keys of ResultJSON (tests/test_codec_schema.py)


def _player_dict(view: SeatView, p: PlayerView) -> PlayerJSON:
    return {"seat": p.seat, "stack": p.stack, "bet": p.bet, "contributed": p.contributed,
            "folded": p.folded, "all_in": p.all_in, "down": [None if c is None else str(c) for c in p.down],
            "up": [str(c) for c in p.up], "shown": p.shown, "mucked": p.mucked,
            "strength": _player_strength(view, p)}


def view_dict(view: SeatView, *, log: bool, like: tuple[SeatView, ViewJSON] | None = None) -> ViewJSON:
    """A view as JSON (the ``view`` of ``hand`` and ``update`` messages): :class:`ViewJSON`.

    Besides the :class:`SeatView` fields: each player's ``strength`` (:func:`strength`, for the
    viewer's own seat and for hands shown down, else null), the viewer's own ``strength`` at the
    top level, each result's ``high_cards``/``low_cards`` (a winning five cards) and ``won`` (the
    chips the pots paid out, once the hand is over; else null).

    ``like``: another view of the same game and its JSON (the public view of the same moment,
    or the previous view of this viewer). A player equal in both, and the viewer's own in both
    or in neither, is written as the same dict object, unchanged: nothing is shared that the view
    itself does not hold, and :func:`view_delta` skips it at once. The dicts are shared, so read
    them, never change them.
    """
    late = view.phase in _LATE
    players: list[PlayerJSON]
    if like is not None and (like[0].phase in _LATE) == late and like[0].community == view.community \
            and like[0].wild_ranks == view.wild_ranks and len(like[0].players) == len(view.players):
        before, before_json = like[0].players, like[1]["players"]
        mine, theirs = view.seat, like[0].seat
        players = [before_json[i] if (p is before[i] or p == before[i]) and (i == mine) == (i == theirs)
                   else _player_dict(view, p) for i, p in enumerate(view.players)]
    else:
        players = [_player_dict(view, p) for p in view.players]
    other, other_json = like if like is not None else (None, None)
    out: ViewJSON = {
        "seat": view.seat,
        "dealer": view.dealer,
        "street": view.street,
        "street_name": view.street_name,
        "phase": view.phase.value,
        "to_act": view.to_act,
        "legal_actions": [a.to_dict() for a in view.legal_actions],  # type: ignore[misc]
        "legal_labels": [action_label(a) for a in view.legal_actions],
        "players": players,
        # the same objects as in ``like`` (Hand.views shares them): their JSON too
        "market": other_json["market"] if other is not None and other_json and other.market is view.market
        else [None if c is None else str(c) for c in view.market],
        "community": other_json["community"] if other and other_json and other.community is view.community
        else [str(c) for c in view.community],
        "pot": view.pot,
        "results": other_json["results"] if other and other_json and other.results is view.results
        else [result_dict(r) for r in view.results],
        "strength": None if view.seat is None else players[view.seat]["strength"],
        "won": sum(r.amount for r in view.results) if view.phase is Phase.OVER else None,
        "wild_ranks": list(view.wild_ranks),
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
        wild_ranks=tuple(d.get("wild_ranks") or ()),
    )


def view_delta(before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[str, Any]:
    """What changed from one view (as JSON) to the next: changed top-level fields, and
    ``players`` as ``{"index": {changed fields}}``.

    >>> before = {"pot": 3, "players": [{"bet": 0}, {"bet": 1}]}
    >>> view_delta(before, {"pot": 5, "players": [{"bet": 2}, {"bet": 1}]})
    {'pot': 5, 'players': {'0': {'bet': 2}}}
    """
    out: dict[str, Any] = {}
    get = before.get
    for key, value in after.items():
        was = get(key, _MISSING)
        if was is value:
            continue
        if key == "players" and isinstance(was, list) and len(was) == len(value):
            players: dict[str, Any] = {}
            for i, (old, new) in enumerate(zip(was, value, strict=True)):
                if old is new:  # shared by view_dict: unchanged
                    continue
                changed = {k: v for k, v in new.items() if old.get(k, _MISSING) != v}
                if changed:
                    players[str(i)] = changed
            if players:
                out["players"] = players
        elif was != value:
            out[key] = value
    return out


_MISSING = object()


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
