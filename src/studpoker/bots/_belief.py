"""What a seat believes about its opponents' down cards, and vectorised showdowns.

:class:`Belief` enumerates, for every opponent still in the hand, every pair
of cards its two third-street down cards could be: all pairs of cards the
seat has not seen (its own cards, every up card, folded players' up cards,
market and community cards are dead). Each pair carries a log weight: the
log-likelihood of that opponent's betting actions so far under
:func:`action_probabilities`, a noisy version of the equity bot's threshold
policy (:mod:`studpoker.bots._policy`): the more the opponent bet, the more
weight on pairs that make it strong. A Wall Street market purchase weighs
the same way (:func:`purchase_probability`): a player pays for a card when
it helps the hand it holds, so a purchase puts weight on the pairs that the
bought card improves most over a free card, for the price paid. The opponent's seventh-street down card
is not part of the pair: it is dealt at random in every rollout, and a
seventh-street action updates the pairs averaged over it.

An opponent's strength at one of its decisions is its *perceived equity*:
its share of a heads-up pot against the seat's cards as the opponent saw
them then (the seat's up cards, its down cards unknown), every missing card
dealt at random from the cards not public at that time. Everything is
evaluated in batches with :func:`studpoker.fast.evaluate_high` and
:func:`~studpoker.fast.evaluate_low` (in razz :func:`~studpoker.fast.evaluate_razz`:
the best razz low takes the pot, R6.2, and the strongest-looking board is the
lowest one).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from studpoker._extras import missing_extra

try:
    import numpy as np
    import numpy.typing as npt
except ImportError as _exc:
    raise missing_extra(_exc, what="the search bot", extra="fast") from _exc

from studpoker import fast
from studpoker.bots._common import column_of
from studpoker.engine.actions import ActionKind
from studpoker.engine.cards import Card
from studpoker.engine.evaluation import deuce_seven_board_key, razz_board_key
from studpoker.engine.hand import SeatView
from studpoker.engine.operations import (
    ActionTaken,
    AntePosted,
    CardDealt,
    ChipsReturned,
    CommunityCardDealt,
    MarketDealt,
    StreetStarted,
)

__all__ = [
    "Belief",
    "Decision",
    "LogState",
    "action_probabilities",
    "deal_rows",
    "perceived_equity",
    "purchase_probability",
    "read_log",
    "shares",
]

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]

NOISE = 0.1
"""Probability mass of the model spread evenly over fold, passive and aggressive."""
TEMPERATURE = 0.07
"""Width of the logistic steps of the model (in units of equity)."""
BET_EDGE = (0.06, 0.05, 0.04, 0.03, 0.03)
RAISE_EDGE = (0.16, 0.14, 0.12, 0.12, 0.12)
RERAISE_STEP = 0.08
CALL_MARGIN = (0.01, 0.0, 0.0, 0.0, 0.0)

_BETTING = frozenset({ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN,
                      ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE})


@dataclass(frozen=True, slots=True, kw_only=True)
class Decision:
    """One betting decision of a seat, as every player saw it."""

    index: int  # position in the log
    seat: int
    kind: ActionKind
    street: int
    up: tuple[int, ...]  # the seat's up cards then
    public: frozenset[int]  # every card face up anywhere then (market, boards, community)
    to_call: int
    pot: int
    players: int  # players still in the hand then
    bets: int  # bets and raises (completions included) made on the street before it
    against: tuple[tuple[int, ...], ...]  # the up cards of every other player still in
    card: int | None = None  # a Wall Street purchase (kind BUY): the card bought
    price: int = 0  # a Wall Street purchase: what it cost (dead money in the pot)
    final_pot: float = 0.0  # a Wall Street purchase: a guess of the pot the buyer played for


@dataclass(slots=True, kw_only=True)
class LogState:
    """The public course of a hand, read from a seat's log (see :func:`read_log`)."""

    decisions: list[Decision] = field(default_factory=list)
    up: dict[int, list[int]] = field(default_factory=dict)
    folded: set[int] = field(default_factory=set)
    street: int = 0
    bets_on_street: int = 0
    acted_on_street: set[int] = field(default_factory=set)
    level: int = 0
    street_bets: dict[int, int] = field(default_factory=dict)


def read_log(view: SeatView) -> LogState:
    """Replay the public part of ``view.log``: every betting decision with its context."""
    n = len(view.players)
    state = LogState(up={s: [] for s in range(n)})
    public: set[int] = set()
    pot = 0
    bets = dict.fromkeys(range(n), 0)
    level = 0
    aggressive = 0
    acted: set[int] = set()
    for i, op in enumerate(view.log):
        if isinstance(op, AntePosted):
            pot += op.amount
        elif isinstance(op, StreetStarted):
            state.street = op.index
            bets = dict.fromkeys(range(n), 0)
            level = 0
            aggressive = 0
            acted = set()
        elif isinstance(op, CardDealt):
            if op.face_up and op.card is not None:
                state.up[op.seat].append(op.card.code)
                public.add(op.card.code)
        elif isinstance(op, (MarketDealt, CommunityCardDealt)):
            public.add(op.card.code)
        elif isinstance(op, ChipsReturned):
            pot -= op.amount
        elif isinstance(op, ActionTaken):
            a = op.action
            if a.kind is ActionKind.BUY and op.cards and op.cards[0] is not None:
                live = [s for s in range(n) if s not in state.folded]
                # the pot then, the price, and about half a bet per player per round to come
                to_come = sum(st.bet for st in view.game.streets[state.street:])
                state.decisions.append(Decision(
                    index=i, seat=a.seat, kind=a.kind, street=state.street,
                    up=tuple(state.up[a.seat]), public=frozenset(public),
                    to_call=0, pot=pot, players=len(live), bets=0,
                    against=tuple(tuple(state.up[s]) for s in live if s != a.seat),
                    card=op.cards[0].code, price=a.amount,
                    final_pot=pot + a.amount + 0.5 * len(live) * to_come,
                ))
            elif a.kind in _BETTING:
                live = [s for s in range(n) if s not in state.folded]
                state.decisions.append(Decision(
                    index=i, seat=a.seat, kind=a.kind, street=state.street,
                    up=tuple(state.up[a.seat]), public=frozenset(public),
                    to_call=max(0, level - bets[a.seat]), pot=pot, players=len(live),
                    bets=aggressive,
                    against=tuple(tuple(state.up[s]) for s in live if s != a.seat),
                ))
                acted.add(a.seat)
                if a.kind is ActionKind.FOLD:
                    state.folded.add(a.seat)
                elif a.kind is ActionKind.CALL:
                    bets[a.seat] += op.paid
                elif a.kind is not ActionKind.CHECK:
                    bets[a.seat] = a.amount
                    level = max(level, a.amount)
                    if a.kind.is_aggressive:
                        aggressive += 1
            pot += op.paid
    state.bets_on_street = aggressive
    state.acted_on_street = acted
    state.level = level
    state.street_bets = bets
    return state


def _sigmoid(x: Floats) -> Floats:
    out: Floats = 1.0 / (1.0 + np.exp(-np.clip(x, -40.0, 40.0)))
    return out


def _heads_up_level(level: float, players: int) -> float:
    """A share-of-the-pot level among ``players`` as a heads-up equity level."""
    k = max(1, players - 1)
    return float(min(0.99, max(0.01, level)) ** (1.0 / k))


def action_probabilities(
    equity: Floats, *, street: int, to_call: int, pot: float, players: int, bets: int,
    noise: float | None = None, streets: int = 5,
) -> tuple[Floats, Floats, Floats]:
    """(fold, passive, aggressive) probabilities of a player whose perceived heads-up
    equity is ``equity``, under the noisy threshold model (module docstring); the per-street
    edges are read for ``street`` of a game of ``streets`` streets (first street the first
    edge, last street the last, :func:`studpoker.bots._common.column_of`)."""
    st = column_of(street, streets, len(BET_EDGE))
    fair = 1.0 / max(players, 1)
    if bets == 0:
        aggro_level = fair + BET_EDGE[st]
    else:
        aggro_level = fair + RAISE_EDGE[st] + RERAISE_STEP * max(0, bets - 1)
    p_aggr = _sigmoid((equity - _heads_up_level(aggro_level, players)) / TEMPERATURE)
    if to_call > 0:
        need = to_call / (pot + to_call) + CALL_MARGIN[st]
        p_fold = _sigmoid((_heads_up_level(need, players) - equity) / TEMPERATURE)
    else:
        p_fold = np.zeros_like(equity)
    p_fold = p_fold * (1.0 - p_aggr)
    p_pass = np.clip(1.0 - p_aggr - p_fold, 0.0, 1.0)
    if noise is None:
        noise = NOISE
    third = noise / 3.0
    keep = 1.0 - noise
    return third + keep * p_fold, third + keep * p_pass, third + keep * p_aggr


PURCHASE_TEMPERATURE = 0.05
"""Width of the logistic step of the purchase model (in units of the share of the pot)."""


def purchase_probability(gain: Floats, *, price: int, pot: float, equity: Floats,
                         noise: float | None = None) -> Floats:
    """Probability that a player buys a market card, under a noisy threshold model.

    ``gain``: how much the card raises the player's share of the pot over a free
    card (per candidate hand); ``equity``: the share with the card. A player buys
    when the gain, times the pot it is playing for, pays for the price less the
    part of the price it wins back (the price goes into the pot, R3.5):
    ``gain * pot > price * (1 - equity)``, blurred by a logistic step and ``noise``.
    """
    pot = max(float(pot), 1.0)
    margin = gain - price * (1.0 - equity) / pot
    p: Floats = _sigmoid(margin / PURCHASE_TEMPERATURE)
    if noise is None:
        noise = NOISE
    return noise / 2.0 + (1.0 - noise) * p


def deal_rows(
    rng: np.random.Generator, pool: Ints, exclude: Ints | None, count: int, rows: int
) -> Ints:
    """``rows`` random draws of ``count`` distinct cards from ``pool``; row ``r`` avoids
    the pool positions ``exclude[r]`` (an (rows, e) array of indices into ``pool``)."""
    if count <= 0:
        return np.zeros((rows, 0), np.int64)
    keys = rng.random((rows, len(pool)))
    if exclude is not None and exclude.shape[1]:
        np.put_along_axis(keys, exclude, 2.0, axis=1)
    if count < len(pool):
        idx = np.argpartition(keys, count - 1, axis=1)[:, :count]
    else:
        idx = np.argsort(keys, axis=1)[:, :count]
    out: Ints = pool[idx]
    return out


def _best(hands: Ints, *, razz: bool, double_ace_flush: bool, deuce_seven: bool = False) -> Ints:
    """Keys of the hand that wins the pot (the high, or in razz the razz low, R6.2; with
    ``deuce_seven`` the deuce-to-seven low, R10.1)."""
    if razz and deuce_seven:
        return fast.evaluate_deuce_seven(hands).astype(np.int64)
    if razz:
        return fast.evaluate_razz(hands).astype(np.int64)
    return fast.evaluate_high(hands, double_ace_flush=double_ace_flush).astype(np.int64)


def shares(
    mine: Ints, others: Sequence[Ints], *, hilo: bool, double_ace_flush: bool, razz: bool = False,
    deuce_seven: bool = False,
) -> Floats:
    """The first player's share of the pot in each row: ``mine`` is an (R, 7) array of
    card codes, ``others`` one (R, 7) array per opponent (R3.7 split when ``hilo``;
    ``razz``: the best razz low takes it, R6.2)."""
    my_h = _best(mine, razz=razz, double_ace_flush=double_ace_flush, deuce_seven=deuce_seven)
    opp_h = np.stack([_best(o, razz=razz, double_ace_flush=double_ace_flush, deuce_seven=deuce_seven)
                      for o in others], axis=1)
    best_h = opp_h.max(axis=1)
    tied_h = (opp_h == best_h[:, None]).sum(axis=1)
    high = np.where(my_h > best_h, 1.0, np.where(my_h == best_h, 1.0 / (tied_h + 1), 0.0))
    if not hilo:
        out: Floats = high
        return out
    my_l = fast.evaluate_low(mine).astype(np.int64)
    opp_l = np.stack([fast.evaluate_low(o) for o in others], axis=1).astype(np.int64)
    best_l = opp_l.max(axis=1)
    tied_l = ((opp_l == best_l[:, None]) & (opp_l >= 0)).sum(axis=1)
    low = np.where(my_l > best_l, 1.0,
                   np.where((my_l == best_l) & (my_l >= 0), 1.0 / (tied_l + 1), 0.0))
    no_low = (my_l < 0) & (best_l < 0)
    split: Floats = np.where(no_low, high, 0.5 * high + 0.5 * low)
    return split


def perceived_equity(
    rng: np.random.Generator,
    candidates: Ints,
    *,
    up: Sequence[int],
    against: Sequence[Sequence[int]],
    public: frozenset[int] | set[int],
    deck_size: int,
    completions: int,
    hilo: bool,
    double_ace_flush: bool,
    razz: bool = False,
    deuce_seven: bool = False,
    cards: int = 7,
) -> Floats:
    """Heads-up equity of a player holding each row of ``candidates`` (K, 2) down cards
    plus ``up``, as that player sees it: against the strongest-looking board in
    ``against`` (its down and future cards unknown; in razz the lowest board), every
    missing card dealt at random from the cards not in ``public``, each hand completed to
    ``cards`` cards (the game's hand size). A hand already longer than that (Baseball's
    extra cards, R8.2) gets 0.5 for every candidate: such a decision weighs no pair.

    The ``completions`` random deals are shared by all candidates (common random
    numbers: differences between candidates carry little noise); a deal that
    holds one of a candidate's cards does not count for that candidate.
    """
    k = len(candidates)
    if k == 0:
        return np.zeros(0)
    strength = (_deuce_seven_board_strength if deuce_seven else _razz_board_strength) if razz \
        else _board_strength
    board = max(against, key=strength) if against else ()
    if 2 + len(up) > cards or len(board) > cards:
        # R8.2: extra face-up cards make a hand longer than the game's hand size, which the
        # batch evaluators do not rank: the decision tells nothing about the down cards
        return np.full(k, 0.5)
    pool = np.array([c for c in range(deck_size) if c not in public], np.int64)
    need_me = cards - 2 - len(up)
    need_them = cards - len(board)
    if need_me + need_them > len(pool) - 2:
        need_them = max(0, len(pool) - 2 - need_me)
    if 2 + len(up) + need_me < 5 or len(board) + need_them < 5:
        return np.full(k, 0.5)
    m = completions
    dealt = deal_rows(rng, pool, None, need_me + need_them, m)
    theirs = np.empty((m, len(board) + need_them), np.int64)
    theirs[:, :len(board)] = np.array(board, np.int64)
    theirs[:, len(board):] = dealt[:, need_me:]
    th_h = _best(theirs, razz=razz, double_ace_flush=double_ace_flush, deuce_seven=deuce_seven)
    mine = np.empty((k, m, 2 + len(up) + need_me), np.int64)
    mine[:, :, :2] = candidates[:, None, :]
    mine[:, :, 2:2 + len(up)] = np.array(up, np.int64)
    mine[:, :, 2 + len(up):] = dealt[None, :, :need_me]
    has = np.zeros((m, deck_size), bool)
    np.put_along_axis(has, dealt, True, axis=1)
    valid = ~(has[:, candidates[:, 0]] | has[:, candidates[:, 1]]).T  # (k, m)
    # a deal that holds a candidate's card is not evaluated (a repeated card is no hand)
    mine[~valid] = _SAFE[: mine.shape[2]]
    flat = mine.reshape(k * m, -1)
    my_h = _best(flat, razz=razz, double_ace_flush=double_ace_flush, deuce_seven=deuce_seven).reshape(k, m)
    high = np.where(my_h > th_h, 1.0, np.where(my_h == th_h, 0.5, 0.0))
    if hilo:
        th_l = fast.evaluate_low(theirs).astype(np.int64)
        my_l = fast.evaluate_low(flat).astype(np.int64).reshape(k, m)
        low = np.where(my_l > th_l, 1.0, np.where((my_l == th_l) & (my_l >= 0), 0.5, 0.0))
        share = np.where((my_l < 0) & (th_l < 0), high, 0.5 * high + 0.5 * low)
    else:
        share = high
    count = valid.sum(axis=1)
    total = (share * valid).sum(axis=1)
    out: Floats = np.where(count > 0, total / np.maximum(count, 1), 0.5)
    return out


_SAFE = np.array([0, 5, 10, 15, 20, 25, 30], np.int64)  # seven distinct ranks


def _razz_board_strength(cards: Sequence[int]) -> tuple[int, ...]:
    """R6.4: the lower the board, the stronger it looks in razz."""
    return razz_board_key([Card.from_code(c) for c in cards])


def _deuce_seven_board_strength(cards: Sequence[int]) -> tuple[int, ...]:
    """R10.2: the lower the deuce-to-seven board, the stronger it looks."""
    return deuce_seven_board_key([Card.from_code(c) for c in cards])


def _board_strength(cards: Sequence[int]) -> tuple[int, int]:
    counts: dict[int, int] = {}
    for c in cards:
        r = 12 if c == 52 else c >> 2
        counts[r] = counts.get(r, 0) + 1
    top = max(counts.values(), default=0)
    return (top, max((r for r, n in counts.items() if n == top), default=-1))


@dataclass(slots=True, kw_only=True)
class _Opponent:
    seat: int
    pairs: Ints  # (K, 2) card codes
    logw: Floats  # (K,)
    applied: set[int] = field(default_factory=set)  # log indices already in logw


class Belief:
    """Weighted down-card pairs of every opponent of one seat in one hand.

    Call :meth:`update` with each new view of the hand; it drops pairs that
    hold a card the seat has since seen and applies every new action of each
    opponent. :meth:`weights` are normalised probabilities over :meth:`pairs`.
    """

    def __init__(self, *, seat: int, deck_size: int, hilo: bool, double_ace_flush: bool,
                 completions: int = 4, razz: bool = False, deuce_seven: bool = False,
                 cards: int = 7, streets: int = 5) -> None:
        self.seat = seat
        self.streets = streets  # the game's streets (the per-street edges of the model)
        self.cards = cards  # the cards a hand ends with (the game's hand size)
        self.deck_size = deck_size
        self.hilo = hilo
        self.razz = razz
        self.deuce_seven = deuce_seven
        self.double_ace_flush = double_ace_flush
        self.completions = completions
        self._opponents: dict[int, _Opponent] = {}
        self.unseen: frozenset[int] = frozenset()
        self.state = LogState()

    def update(self, view: SeatView, rng: np.random.Generator) -> None:
        """Bring the belief up to date with ``view`` (of the same hand, same seat)."""
        seen: set[int] = {c.code for c in view.community}
        seen.update(c.code for c in view.market if c is not None)
        for p in view.players:
            seen.update(c.code for c in p.up)
            seen.update(c.code for c in p.down if c is not None)
        self.unseen = frozenset(c for c in range(self.deck_size) if c not in seen)
        self.state = read_log(view)
        unseen = np.array(sorted(self.unseen), np.int64)
        live = np.zeros(self.deck_size, bool)
        live[unseen] = True
        for p in view.players:
            if p.seat == self.seat or p.folded:
                self._opponents.pop(p.seat, None)
                continue
            opp = self._opponents.get(p.seat)
            if opp is None:
                i, j = np.triu_indices(len(unseen), k=1)
                pairs = np.stack([unseen[i], unseen[j]], axis=1)
                opp = _Opponent(seat=p.seat, pairs=pairs, logw=np.zeros(len(pairs)))
                self._opponents[p.seat] = opp
            else:  # cards seen since: those pairs are impossible now
                ok = live[opp.pairs[:, 0]] & live[opp.pairs[:, 1]]
                if not ok.all():
                    opp.pairs = opp.pairs[ok]
                    opp.logw = opp.logw[ok]
        for d in self.state.decisions:
            opp = self._opponents.get(d.seat)
            if opp is None or d.index in opp.applied:
                continue
            opp.applied.add(d.index)
            if d.kind is ActionKind.FOLD or len(opp.pairs) == 0:
                continue
            if d.kind is ActionKind.BUY:
                opp.logw = opp.logw + np.log(self._purchase_likelihood(rng, opp.pairs, d))
                continue
            eq = perceived_equity(
                rng, opp.pairs, up=d.up, against=d.against, public=d.public,
                deck_size=self.deck_size, completions=self.completions, hilo=self.hilo,
                double_ace_flush=self.double_ace_flush, razz=self.razz, deuce_seven=self.deuce_seven,
                cards=self.cards,
            )
            _, passive, aggressive = action_probabilities(
                eq, street=d.street, to_call=d.to_call, pot=d.pot, players=d.players, bets=d.bets,
                streets=self.streets)
            like = aggressive if d.kind.is_aggressive else passive
            opp.logw = opp.logw + np.log(like)

    def _purchase_likelihood(self, rng: np.random.Generator, pairs: Ints, d: Decision) -> Floats:
        """P(buying ``d.card`` for ``d.price``) per candidate pair (:func:`purchase_probability`).

        The share with the card and the share with a free card (the next card
        random) come from the same kind of deals as a bet's perceived equity.
        """
        assert d.card is not None
        with_card, free = (
            perceived_equity(rng, pairs, up=up, against=d.against, public=d.public,
                             deck_size=self.deck_size, completions=self.completions,
                             hilo=self.hilo, double_ace_flush=self.double_ace_flush, razz=self.razz,
                             deuce_seven=self.deuce_seven, cards=self.cards)
            for up in ((*d.up, d.card), d.up)
        )
        return purchase_probability(with_card - free, price=d.price, pot=d.final_pot, equity=with_card)

    @property
    def seats(self) -> tuple[int, ...]:
        """The opponents the belief covers (players still in the hand)."""
        return tuple(self._opponents)

    def pairs(self, seat: int) -> Ints:
        """The possible down-card pairs of ``seat``, (K, 2) card codes."""
        return self._opponents[seat].pairs

    def weights(self, seat: int) -> Floats:
        """Probability of each of :meth:`pairs`."""
        logw = self._opponents[seat].logw
        if len(logw) == 0:
            return np.zeros(0)
        w = np.exp(logw - logw.max())
        out: Floats = w / w.sum()
        return out

    def sample(self, rng: np.random.Generator, rows: int) -> dict[int, Ints]:
        """``rows`` joint draws of every opponent's pair, disjoint within a row: a dict
        seat -> (rows,) indices into :meth:`pairs`. Rows where no disjoint draw was
        found after a few tries are dropped (every array keeps the same rows)."""
        out: dict[int, Ints] = {}
        keep = np.ones(rows, bool)
        used = np.zeros((rows, self.deck_size), bool)
        at = np.arange(rows)
        for seat, opp in self._opponents.items():
            k = len(opp.pairs)
            if k == 0:
                keep[:] = False
                out[seat] = np.zeros(rows, np.int64)
                continue
            w = self.weights(seat)
            pick = rng.choice(k, size=rows, p=w)
            for _ in range(8):
                drawn = opp.pairs[pick]
                clash = used[at, drawn[:, 0]] | used[at, drawn[:, 1]]
                if not clash.any():
                    break
                pick[clash] = rng.choice(k, size=int(clash.sum()), p=w)
            drawn = opp.pairs[pick]
            keep &= ~(used[at, drawn[:, 0]] | used[at, drawn[:, 1]])
            used[at, drawn[:, 0]] = True
            used[at, drawn[:, 1]] = True
            out[seat] = pick
        return {s: a[keep] for s, a in out.items()}

    def entropy_bits(self, seat: int) -> float:
        """Entropy of ``seat``'s pair distribution, in bits (for inspection)."""
        w = self.weights(seat)
        w = w[w > 0]
        return float(-(w * np.log2(w)).sum()) if len(w) else 0.0


def log2_pairs(n: int) -> float:
    """Entropy in bits of a uniform belief over the pairs of ``n`` unseen cards."""
    return math.log2(math.comb(n, 2)) if n >= 2 else 0.0
