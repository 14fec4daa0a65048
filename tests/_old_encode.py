"""The tensor encoder as it was before incremental tracking: the reference the
equivalence test (tests/test_env_encode_equivalence.py) compares against.

A frozen copy: do not change it when the layout changes; change the test instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from studpoker.engine.actions import ActionKind
from studpoker.engine.hand import Hand, Phase, SeatView
from studpoker.engine.operations import (
    ActionTaken,
    CardDealt,
    CommunityCardDealt,
    Operation,
    StreetStarted,
)
from studpoker.env._spec import NUM_ACTIONS, EnvConfig, logged_id

__all__ = ["OldEncoder"]

CARDS = 53
STREETS = 5
PHASES = (Phase.BETTING, Phase.CARD_ROUND, Phase.OVER)
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
    decision per player each.
    """
    game, p = config.game, config.players
    capped = game.max_raises + 2 + p
    per_street = (capped + 1) * (p + 1)
    uncapped = 0
    if game.heads_up_uncapped:
        uncapped = 2 * (max(config.stacks) // config.smallest_bet + STREETS * (p + 3))
    card_rounds = sum(p for s in game.streets if s.card_round)
    return STREETS * per_street + uncapped + card_rounds


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
            ("community", (CARDS,)), ("market", (4, CARDS)), ("folded", (p,)), ("all_in", (p,)),
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


class OldEncoder:
    """Turns a seat's view into tensors and strings (see the module docstring)."""

    def __init__(self, config: EnvConfig) -> None:
        self.config = config
        self.players = config.players
        self.decisions = max_decisions(config)
        self.layout = Layout(config.players, self.decisions)
        self.obs_size = self.layout.size()
        self.info_size = self.layout.size(info=True)
        self._off = {name: off for name, (off, _, _) in self.layout.sections(info=True).items()}
        self._scale = 1.0 / config.total_chips
        self._street_bets = tuple(s.bet for s in config.game.streets)

    # -------------------------------------------------------------- tensors

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
        # Two sources, one encoding. A SeatView is already filtered by the engine.
        # A Hand is read directly (faster: no filtered copy of the log) with the
        # engine's visibility rule for the one record that hides anything
        # (CardDealt.visible_to): a down card is seen by its owner, and by
        # everyone once its owner has shown. Tests check both give the same tensors.
        if isinstance(source, Hand):
            hand = source
            assert seat is not None, "give the seat whose tensor is wanted"
            me = seat
            log: Sequence[Operation] = hand.log
            shown: frozenset[int] | None = frozenset(
                op.action.seat for op in log
                if isinstance(op, ActionTaken) and op.action.kind is ActionKind.SHOW
            ) if hand.phase is Phase.OVER or hand.phase is Phase.SHOWDOWN else frozenset()
            phase, to_act, street_now = hand.phase, hand.to_act, hand.street
            dealer, market, pot = hand.dealer, hand.market, hand.pot
            stacks, contrib, folded = hand.stacks, hand.contrib, hand.folded
        else:
            view = source
            assert view.seat is not None, "an observation is always of one seat"
            me = view.seat
            log = view.log
            shown = None
            phase, to_act, street_now = view.phase, view.to_act, view.street
            dealer, market, pot = view.dealer, list(view.market), view.pot
            stacks = [pl.stack for pl in view.players]
            contrib = [pl.contributed for pl in view.players]
            folded = [pl.folded for pl in view.players]
        p = self.players
        off = self._off
        ones: list[int] = []
        counts: list[int] = []

        ones.append(off["street"] + street_now)
        if phase in PHASES:
            ones.append(off["phase"] + PHASES.index(phase))
        if to_act is not None and phase is not Phase.OVER:
            ones.append(off["to_act"] + (to_act - me) % p)
        ones.append(off["dealer"] + (dealer - me) % p)
        street = 0
        up_seen = [0] * p
        down_seen = 0
        seq = 0
        seq_width = p + NUM_ACTIONS + STREETS
        bets = [0] * p
        o_up, o_down, o_count = off["up"], off["down"], off["down_count"]
        o_hist = off["history"]
        street_bets = self._street_bets
        for op in log:
            cls = type(op)
            if cls is CardDealt:
                assert isinstance(op, CardDealt)
                r = (op.seat - me) % p
                card = op.card
                if op.face_up:
                    assert card is not None
                    ones.append(o_up + r * CARDS + card.code)
                    if info and up_seen[r] < MAX_UP:
                        ones.append(off["up_order"] + (r * MAX_UP + up_seen[r]) * CARDS + card.code)
                    up_seen[r] += 1
                else:
                    counts.append(o_count + r)
                    if shown is not None and r != 0 and op.seat not in shown:
                        card = None
                    if card is not None:
                        ones.append(o_down + r * CARDS + card.code)
                        if info and r == 0 and down_seen < MAX_DOWN:
                            ones.append(off["down_order"] + down_seen * CARDS + card.code)
                    if r == 0:
                        down_seen += 1
            elif cls is ActionTaken:
                assert isinstance(op, ActionTaken)
                action = op.action
                kind = action.kind
                if kind is ActionKind.SHOW or kind is ActionKind.MUCK:
                    continue
                if kind is not ActionKind.BUY:
                    bets[action.seat] += op.paid
                aid = logged_id(action, street_bets[street])
                r = (action.seat - me) % p
                counts.append(o_hist + (street * p + r) * NUM_ACTIONS + aid)
                if info:
                    if seq >= self.decisions:  # pragma: no cover - max_decisions is a bound
                        raise RuntimeError("more decisions than max_decisions allows")
                    base = off["sequence"] + seq * seq_width
                    ones += [base + r, base + p + aid, base + p + NUM_ACTIONS + street]
                    seq += 1
            elif cls is StreetStarted:
                assert isinstance(op, StreetStarted)
                street = op.index
                bets = [0] * p
            elif cls is CommunityCardDealt:
                assert isinstance(op, CommunityCardDealt)
                ones.append(off["community"] + op.card.code)
        for slot, slot_card in enumerate(market):
            if slot_card is not None:
                ones.append(off["market"] + slot * CARDS + slot_card.code)
        out[ones] = 1.0
        for i in counts:
            out[i] += 1.0
        if phase is not Phase.BETTING:
            bets = [0] * p
        scale = self._scale
        top = max(bets)
        over = phase is Phase.OVER
        for s in range(p):
            r = (s - me) % p
            if folded[s]:
                out[off["folded"] + r] = 1.0
            elif stacks[s] == 0 and not over:
                out[off["all_in"] + r] = 1.0
            out[off["stack"] + r] = stacks[s] * scale
            out[off["bet"] + r] = bets[s] * scale
            out[off["contributed"] + r] = contrib[s] * scale
        out[off["pot"]] = pot * scale
        if phase is Phase.BETTING:
            out[off["owed"]] = min(top - bets[me], stacks[me]) * scale
