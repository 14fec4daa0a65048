"""Observation and information-state tensors and strings, built from a seat's view.

Everything here reads only what the seat may see: strings come from
:meth:`Hand.view(seat) <studpoker.engine.hand.Hand.view>` (other seats' down cards
are ``None`` there until shown); tensors come from that view or, faster,
from the hand's log read with the same visibility rule by a :class:`Tracker`,
which keeps every seat's tensors of one hand and updates them from the
records the log gained since the last read (nothing is rebuilt). The tests
check that both sources give the same tensors, that they equal the tensors
of the previous encoder (which read the whole log at every call), and that
swapping cards a seat has not seen changes none of its tensors or strings.

Seats are *relative*: index 0 is the observing seat, 1 the next seat
clockwise, and so on. Cards are indexed by their code (``4 * rank + suit``,
2c = 0 ... As = 51, joker = 52); the card axis always has 53 entries, with or
without the joker. Chip amounts are divided by the chips on the table at the
start of the hand (so they lie in [0, 1]); counts are raw.

Observation layout (``Layout.observation``), in order:

=================  ===========  ================================================
section            shape        meaning
=================  ===========  ================================================
street             5            one-hot: third .. seventh
phase              4            one-hot: betting, card round, hand over, pay or fold (R8.2)
to_act             P            one-hot relative seat to act (all 0 when over)
dealer             P            one-hot relative seat of the dealer
down               P x 53       down cards the seat may see: its own, others' once shown
up                 P x 53       every seat's up cards
down_count         P            how many down cards each seat holds
community          53           the community card of R1.10, if any
market             4 x 53       Wall Street market slots 1..4 (all 0: empty)
wild               13           the ranks wild now, 2 .. A (R8; all 0 without wild cards)
folded             P            1 if folded
all_in             P            1 if all-in
stack              P            chips behind / table chips
bet                P            this street's bet / table chips
contributed        P            chips put in this hand (antes, bets) / table chips
pot                1            all chips in the middle (with market money) / table chips
owed               1            what the observer must add to call, or pay for a face-up 3 / table chips
history            5 x P x 12   count of each action id per street and seat
=================  ===========  ================================================

The information state (perfect recall, OpenSpiel's
``information_state_tensor``) is the observation followed by:

=================  ============  ===============================================
up_order           P x 4 x 53    each seat's up cards in the order received
down_order         3 x 53        the observer's down cards in the order received
sequence           L x (P+12+5)  every decision so far: relative seat, action id,
                                 street; L bounds the decisions of one hand
=================  ============  ===============================================
"""

from __future__ import annotations

import copy
import struct
from collections.abc import Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

import numpy as np
from numpy.typing import NDArray

from studpoker.describe import describe_operation
from studpoker.engine.actions import ActionKind
from studpoker.engine.cards import Card, format_cards
from studpoker.engine.games import GAMES
from studpoker.engine.hand import Hand, Phase, SeatView
from studpoker.engine.operations import (
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
from studpoker.env._spec import _BY_KIND_ID, ACTION_NAMES, NUM_ACTIONS, ActionId, EnvConfig, logged_id

__all__ = ["CARDS", "Encoder", "Layout", "Tracker", "max_decisions"]

CARDS = 53
STREETS = max(len(game.street_cards) for game in GAMES.values())
"""The streets of the longest game of the registry (``Game.street_cards``): the street one-hots
and the action history have a row for each (five: third to seventh street)."""
PHASES = (Phase.BETTING, Phase.CARD_ROUND, Phase.OVER, Phase.PAY_OR_FOLD)
RANKS = 13
MAX_UP = 4
MAX_DOWN = 3


def max_decisions(config: EnvConfig) -> int:
    """An upper bound on the player decisions of one hand (showdown excluded).

    In a betting round every player acts at most once between two bets or
    raises, so ``A`` of them allow at most ``(A + 1) * (P + 1)`` decisions.
    While the cap holds, ``A`` is at most the bring-in, a bet and
    ``max_raises`` raises, plus short all-ins that reopen nothing (one per
    player). Past the cap only two players with chips act, and each further
    full raise moves their bet up by at least the smallest bet, which their
    stacks bound over the whole hand. Wall Street card rounds add one
    decision per player each, Baseball's face-up 3s one each (four in the deck, R8.2).
    """
    game, p = config.game, config.players
    capped = game.max_raises + 2 + p
    per_street = (capped + 1) * (p + 1)
    uncapped = 0
    if game.heads_up_uncapped:
        uncapped = 2 * (max(config.stacks) // config.smallest_bet + STREETS * (p + 3))
    card_rounds = sum(p for s in game.streets if s.card_round)
    payments = 4 if game.price_rank is not None else 0
    return STREETS * per_street + uncapped + card_rounds + payments


@dataclass(frozen=True, slots=True)
class Layout:
    """Names, offsets and shapes of the tensor sections for ``players`` seats."""

    players: int
    decisions: int

    def _sections(self, info: bool) -> list[tuple[str, tuple[int, ...]]]:
        p = self.players
        out: list[tuple[str, tuple[int, ...]]] = [
            ("street", (STREETS,)), ("phase", (len(PHASES),)), ("to_act", (p,)), ("dealer", (p,)),
            ("down", (p, CARDS)), ("up", (p, CARDS)), ("down_count", (p,)),
            ("community", (CARDS,)), ("market", (4, CARDS)), ("wild", (RANKS,)), ("folded", (p,)),
            ("all_in", (p,)),
            ("stack", (p,)), ("bet", (p,)), ("contributed", (p,)), ("pot", (1,)), ("owed", (1,)),
            ("history", (STREETS, p, NUM_ACTIONS)),
        ]
        if info:
            out += [
                ("up_order", (p, MAX_UP, CARDS)), ("down_order", (MAX_DOWN, CARDS)),
                ("sequence", (self.decisions, p + NUM_ACTIONS + STREETS)),
            ]
        return out

    def sections(self, *, info: bool = False) -> dict[str, tuple[int, int, tuple[int, ...]]]:
        """``{name: (offset, size, shape)}`` of the observation (or information state)."""
        out: dict[str, tuple[int, int, tuple[int, ...]]] = {}
        offset = 0
        for name, shape in self._sections(info):
            size = int(np.prod(shape))
            out[name] = (offset, size, shape)
            offset += size
        return out

    def size(self, *, info: bool = False) -> int:
        """Length of the flat observation (or information-state) tensor."""
        return sum(int(np.prod(shape)) for _, shape in self._sections(info))

    def high(self, *, info: bool = False) -> NDArray[np.float32]:
        """Upper bounds of every entry (1, except counts)."""
        high = np.ones(self.size(info=info), dtype=np.float32)
        secs = self.sections(info=info)
        off, size, _ = secs["down_count"]
        high[off:off + size] = MAX_DOWN
        off, size, _ = secs["history"]
        high[off:off + size] = self.decisions
        return high


_BETTING, _CARD_ROUND, _OVER = Phase.BETTING, Phase.CARD_ROUND, Phase.OVER
_PAY_OR_FOLD = Phase.PAY_OR_FOLD
_SHOW, _MUCK = ActionKind.SHOW, ActionKind.MUCK
_BUY_ID, _BET_ID, _PAY_ID = id(ActionKind.BUY), id(ActionKind.BET), id(ActionKind.PAY)
# the kinds whose id needs nothing but the kind and whose chips are a bet (a bet may be the
# big bet, a buy has a slot, a payment for a face-up 3 is dead money, R8.2)
_PLAIN_IDS = frozenset(
    id(k) for k in ActionKind
    if k not in (ActionKind.BET, ActionKind.BUY, ActionKind.SHOW, ActionKind.MUCK, ActionKind.PAY)
) & frozenset(_BY_KIND_ID)
_RANK_INDEX = {c: i for i, c in enumerate("23456789TJQKA")}


class _Scaled(dict[int, float]):
    """Chip count -> the count times ``scale``, computed at the first use of each count.

    A read looks up its 3 P + 2 chip counts at once (``itemgetter``), which costs
    less than multiplying each: a hand's counts repeat from read to read.
    """

    __slots__ = ("scale",)

    def __init__(self, scale: float) -> None:
        super().__init__()
        self.scale = scale

    def __missing__(self, chips: int) -> float:
        if len(self) >= 1 << 16:  # counts beyond any table's (a view of another game): start again
            self.clear()
        value = self[chips] = chips * self.scale
        return value


def _all_in(folded: Sequence[bool], stacks: Sequence[int]) -> list[float]:
    return [0.0 if f or x else 1.0 for f, x in zip(folded, stacks, strict=True)]


class _Tables:
    """Flat indices into a tracker's ``P x row`` array for one row length.

    ``row`` is the observation's length, or the information state's
    (``info``). Each entry is a tuple of flat indices ``v * row + index``, one
    per viewer ``v``, unless said otherwise.
    """

    __slots__ = (
        "community", "count", "dealer", "down", "down_order", "hist", "row", "seq", "starts", "up", "up_k",
        "up_order",
    )

    def __init__(self, enc: Encoder, *, info: bool) -> None:
        p, off, rel = enc.players, enc._off, enc._rel
        n = self.row = enc.info_size if info else enc.obs_size
        seats = range(p)
        codes = range(CARDS)
        self.starts = tuple(v * n for v in seats)
        self.up = tuple(
            tuple(v * n + off["up"] + rel[s][v] * CARDS + c for v in seats) for s in seats for c in codes
        )  # [s * CARDS + c]
        self.down = tuple(
            tuple(v * n + off["down"] + rel[s][v] * CARDS for v in seats) for s in seats
        )  # [s][v] + c
        self.community = tuple(tuple(v * n + off["community"] + c for v in seats) for c in codes)
        self.hist = tuple(
            tuple(v * n + off["history"] + (st * p + rel[s][v]) * NUM_ACTIONS + a for v in seats)
            for st in range(STREETS) for s in seats for a in range(NUM_ACTIONS)
        )  # [(street * P + s) * NUM_ACTIONS + action id]
        self.dealer = tuple(tuple(v * n + off["dealer"] + rel[d][v] for v in seats) for d in seats)
        self.count = tuple(tuple(v * n + off["down_count"] + rel[s][v] for v in seats) for s in seats)
        if info:
            # [s][v] + k * CARDS + c: seat s's k-th up card as viewer v sees it
            self.up_order = tuple(
                tuple(v * n + off["up_order"] + rel[s][v] * MAX_UP * CARDS for v in seats) for s in seats
            )
            # [(s * MAX_UP + k) * CARDS + c]: seat s's k-th up card c, ``up`` and ``up_order`` entries
            self.up_k = tuple(
                self.up[s * CARDS + c] + tuple(b + k * CARDS + c for b in self.up_order[s])
                for s in seats for k in range(MAX_UP) for c in codes
            )
            # [s] + k * CARDS + c: seat s's k-th down card, in its own row only
            self.down_order = tuple(s * n + off["down_order"] for s in seats)
            # [(street * P + s) * NUM_ACTIONS + action id] + decision offset: a decision's
            # three entries (relative seat, action id, street) for every viewer
            o_seq = off["sequence"]
            self.seq = tuple(
                tuple(
                    i for v in seats
                    for i in (v * n + o_seq + rel[s][v], v * n + o_seq + p + a,
                              v * n + o_seq + p + NUM_ACTIONS + st)
                )
                for st in range(STREETS) for s in seats for a in range(NUM_ACTIONS)
            )
        else:
            self.up_order = self.seq = self.up_k = ()
            self.down_order = ()


class Encoder:
    """Turns a seat's view into tensors and strings (see the module docstring).

    Tensors of a hand being played are best read through a :class:`Tracker`
    (:meth:`tracker`), which updates every seat's tensor from the records the
    log gained since the last read instead of reading the whole log again.
    :meth:`observation` and :meth:`information_state` keep one tracker for the
    hand they were last given, so repeated reads of one hand are incremental.
    """

    def __init__(self, config: EnvConfig) -> None:
        self.config = config
        p = self.players = config.players
        self.decisions = max_decisions(config)
        self.layout = Layout(config.players, self.decisions)
        self.obs_size = self.layout.size()
        self.info_size = self.layout.size(info=True)
        off = self._off = {name: off for name, (off, _, _) in self.layout.sections(info=True).items()}
        self._scale = 1.0 / config.total_chips
        self._scaled = _Scaled(self._scale)
        self._street_bets = tuple(s.bet for s in config.game.streets)
        # Index tables. The parts that only grow with the log are kept for every
        # viewer v in one array (P x row, row = obs_size, or info_size with the
        # information state); ``flat`` indices point into it (v * row + index).
        # A seat s is seen by viewer v as relative seat (s - v) % P. Tables are by
        # absolute seat (and card code), one set per row length (see _Tables).
        seats = range(p)
        rel = tuple(tuple((s - v) % p for v in seats) for s in seats)
        self._rel = rel
        self._rot = tuple(tuple((v + r) % p for r in seats) for v in seats)  # viewer -> seats by r
        self._get = tuple(itemgetter(*rot) for rot in self._rot)
        self._tables = {info: _Tables(self, info=info) for info in (False, True)}
        self._tail = off["folded"]  # folded .. owed: 5 P + 2 entries, rewritten at each read
        self._tail_len = 5 * p + 2
        # the tail written as float32 straight into a contiguous tensor's buffer
        # (struct rounds a Python float to float32 as numpy does: the same bits)
        self._pack_tail = struct.Struct(f"={self._tail_len}f").pack_into
        self._tail_at = self._tail * 4
        self._seq_start = off["sequence"]
        self._seq_width = p + NUM_ACTIONS + STREETS
        self._zeros = (0.0,) * p
        self._no_bets = (0,) * p
        # viewer -> the chip counts (stacks, bets, contributions: P each, then pot
        # and owed) in relative order
        self._get_chips = tuple(
            itemgetter(*[*rot, *(p + s for s in rot), *(2 * p + s for s in rot), 3 * p, 3 * p + 1])
            for rot in self._rot
        )
        self._has_market = any(st.market for st in config.game.streets)
        assert off["street"] == 0, "the street one-hot opens the tensor"
        self._o_phase, self._o_to_act, self._o_market = off["phase"], off["to_act"], off["market"]
        self._o_wild = off["wild"]
        game = config.game
        self._wild_game = bool(game.wild or game.follow_the_queen)  # R8: the wild section can change
        self._cache: Tracker | None = None

    def __deepcopy__(self, memo: dict[int, object]) -> Encoder:
        return self  # fixed tables of one configuration: shared by copies

    def __reduce__(self) -> tuple[type[Encoder], tuple[EnvConfig]]:
        return Encoder, (self.config,)  # the tables follow from the configuration

    # -------------------------------------------------------------- tensors

    def tracker(self, hand: Hand, *, info: bool = True) -> Tracker:
        """A new tracker of every seat's tensors for ``hand`` (``info``: information states too)."""
        return Tracker(self, hand, info=info)

    def _tracker_for(self, hand: Hand, info: bool) -> Tracker:
        cached = self._cache
        if cached is None or (info and not cached.info) or not cached.follow(hand):
            cached = self._cache = Tracker(self, hand, info=info)
        return cached

    def observation(self, source: SeatView | Hand, seat: int | None = None) -> NDArray[np.float32]:
        """The observation tensor of a seat: from its view, or from a hand and ``seat``."""
        out = np.zeros(self.obs_size, dtype=np.float32)
        self._fill(source, seat, out, info=False)
        return out

    def information_state(self, source: SeatView | Hand, seat: int | None = None) -> NDArray[np.float32]:
        """The information-state tensor (observation plus ordered cards and decisions)."""
        out = np.zeros(self.info_size, dtype=np.float32)
        self._fill(source, seat, out, info=True)
        return out

    def fill(
        self, source: SeatView | Hand, seat: int | None, out: NDArray[np.float32], *, info: bool
    ) -> None:
        """Write the tensor into ``out`` (zeroed first); ``info`` picks the information state."""
        out.fill(0.0)
        self._fill(source, seat, out, info=info)

    def _fill(
        self, source: SeatView | Hand, seat: int | None, out: NDArray[np.float32], *, info: bool
    ) -> None:
        # Two sources, one encoding. A Hand is tracked incrementally (the engine's
        # visibility rule applied by the tracker: a down card is seen by its owner,
        # and by everyone once its owner has shown). A SeatView is already filtered
        # by the engine: its log is read once by a tracker of its own.
        if isinstance(source, Hand):
            assert seat is not None, "give the seat whose tensor is wanted"
            tracker = self._tracker_for(source, info)
            tracker.sync()
            tracker.write(seat, out, info=info)
        else:
            assert source.seat is not None, "an observation is always of one seat"
            tracker = Tracker(self, None, info=info, view=source)
            tracker.write(source.seat, out, info=info)

    # -------------------------------------------------------------- strings

    def _header(self, view: SeatView) -> list[str]:
        game = view.game
        over = view.phase is Phase.OVER
        lines = [
            f"{game.name} {self.players} players; seat {view.seat}; dealer {view.dealer}; "
            f"{view.street_name} street, {view.phase.value}"
            + ("" if over or view.to_act is None else f"; seat {view.to_act} to act")
            + f"; pot {view.pot}",
        ]
        for pl in view.players:
            status = " folded" if pl.folded else (" all-in" if pl.all_in else "")
            lines.append(
                f"seat {pl.seat}: stack {pl.stack} bet {pl.bet} in {pl.contributed}{status}; "
                f"down [{format_cards(pl.down)}] up [{format_cards(pl.up)}]"
            )
        if any(c is not None for c in view.market):
            lines.append("market [" + " ".join("--" if c is None else str(c) for c in view.market) + "]")
        if view.community:
            lines.append(f"community [{format_cards(view.community)}]")
        if self._wild_game:
            lines.append(f"wild [{' '.join(view.wild_ranks)}]")  # R8
        return lines

    def _actions(self, view: SeatView, *, all_streets: bool) -> list[str]:
        lines: list[str] = []
        street = 0
        current: list[str] = []
        for op in view.log:
            if isinstance(op, StreetStarted):
                if all_streets and current:
                    lines.append(f"{view.game.streets[street].name}: " + ", ".join(current))
                street = op.index
                current = []
            elif isinstance(op, ActionTaken) and op.action.kind.value not in ("show", "muck"):
                a = op.action
                aid = logged_id(a, self._street_bets[street])
                amount = f" {a.amount}" if a.amount and a.kind.value != "buy" else ""  # a payment too
                current.append(f"s{a.seat} {ACTION_NAMES[aid]}{amount}")
        if current or not all_streets:
            lines.append(f"{view.game.streets[street].name}: " + ", ".join(current))
        return lines

    def observation_string(self, view: SeatView) -> str:
        """The state as the seat sees it now, with this street's actions."""
        return "\n".join(self._header(view) + self._actions(view, all_streets=False))

    def information_state_string(self, view: SeatView) -> str:
        """Perfect recall: the seat's whole visible log, one record a line."""
        head = f"{view.game.name} {self.players} players; seat {view.seat}"
        return "\n".join([head, *(describe_operation(op) for op in view.log)])


def _price(enc: Encoder, phase: Phase, to_act: int | None, me: int, stacks: Sequence[int]) -> int:
    """What ``me`` must pay for a face-up 3 now (R8.2; table stakes, R1.6), else 0."""
    if phase is not _PAY_OR_FOLD or to_act != me:
        return 0
    return min(enc.config.game.up_card_price, stacks[me])



class _Feed:
    """What :meth:`Tracker._feed` gathers while it reads records (:data:`_FEED`): the flat
    indices to set and to count, and the tracker's street, bets and decision count so far."""

    __slots__ = (
        "bets",
        "counted",
        "counts",
        "decisions",
        "down_seen",
        "downs",
        "info",
        "ones",
        "p",
        "reveal",
        "seq",
        "seq_width",
        "street",
        "street_bets",
        "t",
        "up_seen",
    )

    def __init__(self, t: Any, enc: Encoder, reveal: bool, info: bool, up_seen: list[int],
                 down_seen: list[int], downs: list[list[int]], street: int, bets: list[int],
                 seq: int) -> None:
        self.t, self.p, self.reveal, self.info = t, enc.players, reveal, info
        self.decisions, self.street_bets = enc.decisions, enc._street_bets
        self.seq_width = enc._seq_width  # a decision's row: seat, action id, the game's streets
        self.ones: list[int] = []  # flat indices into the P x row array
        self.counts: list[int] = []
        self.counted: set[int] = set()  # seats dealt a down card: their down-card counts change
        self.up_seen, self.down_seen, self.downs = up_seen, down_seen, downs
        self.street, self.bets, self.seq = street, bets, seq


def _feed_card(op: CardDealt, f: _Feed) -> None:
    t = f.t
    s = op.seat
    card = op.card
    if op.face_up:
        assert card is not None
        c = card.code
        k = f.up_seen[s]
        if f.info and k < MAX_UP:
            f.ones += t.up_k[(s * MAX_UP + k) * CARDS + c]
        else:
            f.ones += t.up[s * CARDS + c]
        f.up_seen[s] = k + 1
        return
    if card is not None:
        c = card.code
        down_flat = t.down
        if f.reveal:  # a hand's log: only the owner sees it until shown
            f.ones.append(down_flat[s][s] + c)
            f.downs[s].append(c)
        else:  # a view's log: the engine already hid what the viewer may not see
            f.ones += [b + c for b in down_flat[s]]
        k = f.down_seen[s]
        if f.info and k < MAX_DOWN:
            f.ones.append(t.down_order[s] + k * CARDS + c)
    f.down_seen[s] += 1
    f.counted.add(s)


def _feed_action(op: ActionTaken, f: _Feed) -> None:
    action = op.action
    kind = action.kind
    s = action.seat
    if kind is _SHOW:
        if f.reveal:  # every other seat now sees the shown down cards
            downs = f.downs[s]
            for v, b in enumerate(f.t.down[s]):
                if v != s:
                    f.ones += [b + c for c in downs]
        return
    if kind is _MUCK:
        return
    k_id = id(kind)
    if k_id == _BUY_ID:
        aid = int(ActionId.BUY_1) + action.slot - 1
    elif k_id == _PAY_ID:  # dead money, not a bet (R8.2)
        aid = int(ActionId.PAY)
    else:
        f.bets[s] += op.paid
        if k_id == _BET_ID and action.amount > f.street_bets[f.street]:
            aid = int(ActionId.BET_BIG)
        else:
            aid = _BY_KIND_ID[k_id]
    t, p = f.t, f.p
    key = (f.street * p + s) * NUM_ACTIONS + aid
    f.counts += t.hist[key]
    if f.info:
        seq = f.seq
        if seq >= f.decisions:  # pragma: no cover - max_decisions is a bound
            raise RuntimeError("more decisions than max_decisions allows")
        f.ones += map((seq * f.seq_width).__add__, t.seq[key])
        f.seq = seq + 1


def _feed_street(op: StreetStarted, f: _Feed) -> None:
    f.street = op.index
    f.bets = [0] * f.p


def _feed_community(op: CommunityCardDealt, f: _Feed) -> None:
    f.ones += f.t.community[op.card.code]


_FEED: LogReader[None] = LogReader("encoder", {
    CardDealt: _feed_card, ActionTaken: _feed_action, StreetStarted: _feed_street,
    CommunityCardDealt: _feed_community,
    # the market is read from the view, the pots and stacks from the chip section
    MarketDealt: LogReader.skip, AntePosted: LogReader.skip, ChipsReturned: LogReader.skip,
    PotAwarded: LogReader.skip, WildRanksChanged: LogReader.skip, HandEnded: LogReader.skip,
})
"""What each log record sets in the observation (:meth:`Tracker._feed`)."""

class Tracker:
    """Every seat's tensors of one hand, updated from the records its log gained.

    The parts that change only with new records (cards, down-card counts,
    action counts and, with ``info``, the ordered cards and the decision
    sequence) are kept for every seat in one ``P x row`` float32 array
    (``row``: the observation's length, or the information state's), updated
    in place by :meth:`sync` from the new records (``put`` writes). A read
    copies the seat's row (an information state: up to the decisions so far)
    and writes the parts that follow the hand's state (street, phase, seat to
    act, market, chips) into the copy. Visibility is the engine's: a down card is
    in its owner's tensors, and in everyone's once the owner has shown
    (``ActionTaken`` SHOW); no read depends on a card a seat has not seen.
    """

    __slots__ = (
        "_bets", "_down_seen", "_downs", "_flat", "_obs", "_pos", "_rows", "_seq", "_street", "_tables",
        "_up_seen", "_view", "enc", "hand", "info",
    )

    def __init__(
        self, encoder: Encoder, hand: Hand | None, *, info: bool, view: SeatView | None = None
    ) -> None:
        self.enc = encoder
        self.hand = hand
        self.info = info
        self._view = view
        p = encoder.players
        tables = self._tables = encoder._tables[info]
        self._obs: NDArray[np.float32] = np.zeros((p, tables.row), dtype=np.float32)
        self._views()
        self._pos = 0
        self._street = 0
        self._bets = [0] * p
        self._up_seen = [0] * p
        self._down_seen = [0] * p
        self._downs: list[list[int]] = [[] for _ in range(p)]
        self._seq = 0
        dealer = hand.dealer if hand is not None else view.dealer  # type: ignore[union-attr]
        self._obs.ravel()[list(tables.dealer[dealer])] = 1.0
        if view is not None:
            self._feed(view.log, reveal=False)

    def __deepcopy__(self, memo: dict[int, object]) -> Tracker:
        other = copy.copy(self)
        # the hand is shared, not copied: OpenSpiel's clone copies the state's hand on its
        # own, and the copy's tracker follows that hand (same records) at its next read
        other._obs = self._obs.copy()
        other._views()
        other._bets = list(self._bets)
        other._up_seen = list(self._up_seen)
        other._down_seen = list(self._down_seen)
        other._downs = [list(d) for d in self._downs]
        return other

    def _views(self) -> None:
        """The views of ``_obs`` kept for the reads: flat, and one row per seat."""
        self._flat: NDArray[np.float32] = self._obs.reshape(-1)
        self._rows: tuple[NDArray[np.float32], ...] = tuple(self._obs)

    def __getstate__(self) -> dict[str, object]:
        # views of _obs would come back from a pickle as arrays of their own
        return {name: getattr(self, name) for name in self.__slots__ if name not in ("_flat", "_rows")}

    def __setstate__(self, state: dict[str, object]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self._views()

    def follow(self, hand: Hand) -> bool:
        """Track ``hand`` from now on if its log continues the records read so far.

        True for the tracked hand itself and for its copies (and replays) that
        share the log read so far; False for another hand.
        """
        if hand is self.hand:
            return True
        mine, pos = self.hand, self._pos
        if mine is None or hand.dealer != mine.dealer or hand.n != mine.n or len(hand.log) < pos:
            return False
        if hand.log[:pos] != mine.log[:pos]:  # copies share the records: an identity check each
            return False
        self.hand = hand
        return True

    def sync(self) -> None:
        """Read the records the tracked hand's log gained since the last call."""
        hand = self.hand
        assert hand is not None, "a tracker of a view reads its log once"
        log = hand.log
        pos, end = self._pos, len(log)
        if end == pos:
            return
        self._pos = end
        if end == pos + 1:  # most often one action: its counts (and sequence entries) only
            op = log[pos]
            if type(op) is ActionTaken:
                action = op.action
                k_id = id(action.kind)
                if k_id in _PLAIN_IDS:
                    s = action.seat
                    self._bets[s] += op.paid
                    self._count_action((self._street * self.enc.players + s) * NUM_ACTIONS
                                       + _BY_KIND_ID[k_id])
                    return
        self._feed(log[pos:], reveal=True)

    def _count_action(self, key: int) -> None:
        """``_feed``'s work for one betting action that is not a bet (``key``: its street,
        seat and action id): its counts, and its sequence entries."""
        enc = self.enc
        p = enc.players
        t = self._tables
        mv: Any = memoryview(self._flat)  # type: ignore[arg-type]
        for f in t.hist[key]:
            mv[f] += 1.0
        if self.info:
            seq = self._seq
            if seq >= enc.decisions:  # pragma: no cover - max_decisions is a bound
                raise RuntimeError("more decisions than max_decisions allows")
            base = seq * (p + NUM_ACTIONS + STREETS)
            for f in t.seq[key]:
                mv[base + f] = 1.0
            self._seq = seq + 1
        mv.release()

    def _feed(self, ops: Sequence[Operation], *, reveal: bool) -> None:
        f = _Feed(self._tables, self.enc, reveal, self.info, self._up_seen, self._down_seen, self._downs,
                  self._street, self._bets, self._seq)
        feed = _FEED.handlers  # one handler per record type (_FEED)
        for op in ops:
            feed[type(op)](op, f)
        ones, counts, counted, down_seen = f.ones, f.counts, f.counted, f.down_seen
        t, p = f.t, f.p
        street, bets, seq = f.street, f.bets, f.seq
        self._street, self._bets, self._seq = street, bets, seq
        # (``put`` and a memoryview's item writes: a list as a numpy index costs more)
        flat = self._flat
        if ones:
            flat.put(ones, 1.0)
        if counted:
            at: list[int] = []
            values: list[int] = []
            for s in counted:
                at += t.count[s]
                values += [down_seen[s]] * p
            flat.put(at, values)
        if counts:  # the same entry may come more than once
            mv: Any = memoryview(flat)  # type: ignore[arg-type]  # numpy arrays are buffers
            for i in counts:
                mv[i] += 1.0
            mv.release()

    # ---------------------------------------------------------------- reads

    def _tail(self, me: int) -> tuple[list[float], list[int]]:
        """The chip section (folded .. owed) of seat ``me`` and the one-hot
        indices of the state now (street, phase, seat to act, market)."""
        enc = self.enc
        hand = self.hand
        if hand is not None:
            phase, to_act, street_now = hand.phase, hand.to_act, hand.street
            market: Sequence[Card | None] = hand.market
            pot = hand.pot
            stacks, contrib, folded = hand.stacks, hand.contrib, hand.folded
        else:
            view = self._view
            assert view is not None
            phase, to_act, street_now = view.phase, view.to_act, view.street
            market, pot = view.market, view.pot
            stacks = [pl.stack for pl in view.players]
            contrib = [pl.contributed for pl in view.players]
            folded = [pl.folded for pl in view.players]
        o_phase, o_to_act, o_market = enc._o_phase, enc._o_to_act, enc._o_market
        over = phase is _OVER
        betting = phase is _BETTING
        p = enc.players
        if betting and to_act is not None:
            ones = [street_now, o_phase, o_to_act + (to_act - me) % p]
        else:
            ones = [street_now]
            if betting:
                ones.append(o_phase)
            elif phase is _CARD_ROUND:
                ones.append(o_phase + 1)
            elif over:
                ones.append(o_phase + 2)
            elif phase is _PAY_OR_FOLD:
                ones.append(o_phase + 3)
            if to_act is not None and not over:
                ones.append(o_to_act + (to_act - me) % p)
        if enc._has_market:
            for slot, slot_card in enumerate(market):
                if slot_card is not None:
                    ones.append(o_market + slot * CARDS + slot_card.code)
        if enc._wild_game:  # R8: the wild ranks now
            ranks = hand.wild_ranks if hand is not None else self._view.wild_ranks  # type: ignore[union-attr]
            ones += [enc._o_wild + _RANK_INDEX[r] for r in ranks]
        scale = enc._scale
        mul = scale.__mul__
        get = enc._get[me]  # the seats in relative order
        st = get(stacks)
        fo = get(folded)
        bets = self._bets
        zeros = [0.0] * p
        tail = [
            *map(float, fo),
            *(zeros if over or 0 not in st else _all_in(fo, st)),
            *map(mul, st),
            *(map(mul, get(bets)) if betting else zeros),
            *map(mul, get(contrib)),
            pot * scale,
            min(max(bets) - bets[me], stacks[me]) * scale if betting
            else _price(enc, phase, to_act, me, stacks) * scale,
        ]
        return tail, ones

    def write(self, me: int, out: NDArray[np.float32], *, info: bool) -> None:
        """Write seat ``me``'s observation (or, with ``info``, information-state) tensor
        into ``out``: its first ``obs_size`` (or ``info_size``) entries, all of them
        written; call :meth:`sync` first."""
        enc = self.enc
        if info:
            assert self.info, "this tracker has no information states"
            out[:enc.info_size] = self._obs[me]
        else:
            out[:enc.obs_size] = self._obs[me, :enc.obs_size]
        self._write_now(me, out, packed=out.flags.c_contiguous and out.dtype == np.float32)

    def _write_now(self, me: int, out: NDArray[np.float32], packed: bool = True) -> None:
        """Write the entries that follow the state now (``_tail``'s, for a hand
        with fewer steps: this is on every read's path). ``packed``: ``out`` is a
        C-contiguous float32 array, whose buffer takes the chip section at once."""
        hand = self.hand
        if hand is None:
            self._write_now_general(me, out)
            return
        enc = self.enc
        p = enc.players
        phase, to_act = hand.phase, hand.to_act
        out[hand.street] = 1.0
        betting = phase is _BETTING
        over = phase is _OVER
        if betting:
            out[enc._o_phase] = 1.0
        elif phase is _CARD_ROUND:
            out[enc._o_phase + 1] = 1.0
        elif over:
            out[enc._o_phase + 2] = 1.0
        elif phase is _PAY_OR_FOLD:
            out[enc._o_phase + 3] = 1.0
        if to_act is not None and not over:
            out[enc._o_to_act + (to_act - me) % p] = 1.0
        if enc._has_market:
            o_market = enc._o_market
            for slot, slot_card in enumerate(hand.market):
                if slot_card is not None:
                    out[o_market + slot * CARDS + slot_card.code] = 1.0
        if enc._wild_game:  # R8: the wild ranks now
            o_wild = enc._o_wild
            for r in hand.wild_ranks:
                out[o_wild + _RANK_INDEX[r]] = 1.0
        stacks = hand.stacks
        fo = enc._get[me](hand.folded)  # the seats in relative order
        contrib = hand.contrib
        dead = hand.dead  # hand.pot, inline
        pot = sum(contrib) + sum(d.amount for d in dead) if dead else sum(contrib)
        # stack, bet, contributed, pot and owed: 3 P + 2 chip counts in a row, put in
        # relative order and scaled at once
        if betting:
            bets = self._bets
            chips = [*stacks, *bets, *contrib, pot, min(max(bets) - bets[me], stacks[me])]
        else:
            chips = [*stacks, *enc._no_bets, *contrib, pot, _price(enc, phase, to_act, me, stacks)]
        scaled = itemgetter(*enc._get_chips[me](chips))(enc._scaled)
        all_in = enc._zeros if over or 0 not in stacks else _all_in(fo, enc._get[me](stacks))
        if packed:
            enc._pack_tail(out, enc._tail_at, *fo, *all_in, *scaled)  # type: ignore[arg-type]  # a buffer
        else:
            t = enc._tail
            out[t:t + enc._tail_len] = [*fo, *all_in, *scaled]

    def _write_now_general(self, me: int, out: NDArray[np.float32]) -> None:
        tail, ones = self._tail(me)
        for i in ones:
            out[i] = 1.0
        enc = self.enc
        t = enc._tail
        out[t:t + len(tail)] = tail

    def tensor(self, me: int, *, info: bool) -> NDArray[np.float32]:
        """Seat ``me``'s observation (or information-state) tensor now: a new float32
        array, the caller's to keep (call :meth:`sync` first)."""
        if info:
            assert self.info, "this tracker has no information states"
            # past the decisions so far the row is all zeros: copy only the part before
            enc = self.enc
            out: NDArray[np.float32] = np.zeros(enc.info_size, dtype=np.float32)
            used = enc._seq_start + self._seq * enc._seq_width
            out[:used] = self._obs[me, :used]
        elif self.info:
            out = self._obs[me, :self.enc.obs_size].copy()
        else:
            out = self._rows[me].copy()
        self._write_now(me, out)
        return out

    def observation(self, me: int) -> NDArray[np.float32]:
        """Seat ``me``'s observation tensor now (call :meth:`sync` first)."""
        return self.tensor(me, info=False)

    def as_list(self, me: int, *, info: bool) -> list[float]:
        """Seat ``me``'s observation (or information-state) tensor as a list of
        float32 values, as OpenSpiel's C++ games return tensors (call :meth:`sync` first)."""
        values: list[float] = self.tensor(me, info=info).tolist()
        return values
