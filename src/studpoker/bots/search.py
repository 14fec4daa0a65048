"""``search``: reads the table from the betting, then decides on rollouts against that read.

**Belief.** For every opponent still in the hand the bot keeps a weighted
list of every pair of cards its two down cards could be (every pair of cards
the seat has not seen: its own cards, all up cards, folded players' up cards,
market and community cards are dead), weighted by how likely that opponent's
betting so far is under a noisy version of the equity bot's policy: an
opponent that bets or raises is more likely to hold pairs that make it
strong. A Wall Street market purchase counts as evidence too: the pairs the
bought card helps most, for its price, gain weight. In razz strong means
low. The belief is updated after every action
(:class:`studpoker.bots._belief.Belief`).

**Rollouts.** Every decision runs Monte Carlo rollouts against the belief:
the opponents' pairs are drawn from it (jointly, never sharing a card), every
other missing card is dealt at random, and the showdowns are evaluated in
batches with the compiled evaluator (:mod:`studpoker.fast`). The mean is the
bot's *share of the pot against what the opponents are likely to hold*, not
against random cards as the equity bot reckons it.

**Decisions.**

* Betting (default ``betting="thresholds"``): the share is compared with the
  equity bot's levels (:mod:`studpoker.bots._policy`: bet above the fair share
  plus a per-street edge, raise above a larger one, call while the share beats
  the pot odds, else fold). With ``betting="value"`` the bot instead estimates
  the chips each legal action wins from now on (fold 0; check or call: its
  share of the pot and of a guess of the money still to come, the rollouts
  where an opponent bets behind played as the better of folding and calling;
  each bet or raise: the rollouts split by the opponent model's answer, fold,
  call or raise, which weighs fold equity against the range that continues)
  and takes the best; in our measurements (``docs/bots.md``) it wins less
  against ``equity`` than the thresholds, with more variance.
* Wall Street card rounds: the free card and every market slot are valued
  on the same rollouts (the slot's card replaces the bot's next card): the
  share times the expected final pot, less the price for a slot (which goes
  into the pot); the best of them is taken.
* Showdown: always show.

Every random draw comes from the bot's seeded generator, so the same seed and
the same views give the same decisions.

**Effort.** ``think`` (default 1.0) scales the rollouts and the samples of
the opponent model; the default plays a heads-up stud hand in well under
half a second (``benchmarks/search_bot.py``). By name:
``make_bot("search:think=3")`` (also ``rollouts=``, ``completions=``).

>>> from studpoker.engine import SevenCardStud
>>> from studpoker.bots.search import SearchBot
>>> hand = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10).deal(
...     stacks=[100] * 2, seed=2)
>>> SearchBot(seed=1).act(hand.view(hand.to_act)) in hand.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Sequence

from studpoker._extras import missing_extra

try:
    import numpy as np
except ImportError as _exc:
    raise missing_extra(_exc, what="the search bot", extra="fast") from _exc

from studpoker.bots._belief import (
    Belief,
    Floats,
    Ints,
    action_probabilities,
    deal_rows,
    perceived_equity,
    shares,
)
from studpoker.bots._common import (
    betting_rounds_left,
    expected_final_pot,
    is_deuce_seven,
    is_razz,
    make_rng,
)
from studpoker.bots._policy import decide_bet, pay_or_fold, thresholds_of
from studpoker.bots.equity import HILO_THRESHOLDS, STUD_THRESHOLDS, EquityBot
from studpoker.engine.actions import Action, ActionKind
from studpoker.engine.games import Game, Ranking
from studpoker.engine.games.base import hand_size
from studpoker.engine.hand import Phase, SeatView
from studpoker.engine.operations import Operation

__all__ = ["SearchBot"]

FUTURE_SHARE = 0.3
"""The guess of money still to come: this fraction of a bet per player per round left."""
MAX_BETS = 5
"""No more raising once the street holds this many bets and raises."""


_BATCH_RANKINGS = frozenset({Ranking.HIGH, Ranking.EIGHT_OR_BETTER, Ranking.RAZZ, Ranking.DEUCE_SEVEN})


def batch_ranked(game: Game) -> bool:
    """Whether the belief's batch showdowns rank ``game``'s hands: every half is a plain
    high, an eight-or-better low, a razz or a deuce-to-seven low, and no card is wild (R8.1
    wild ranks, R8.3's follower, R8.5's private rank and R8.4's spade halves are the equity
    bot's, whose equity reads them)."""
    return (all(h.ranking in _BATCH_RANKINGS for h in game.halves) and not game.wild
            and not game.follow_the_queen and not game.lowest_down_wild)


class SearchBot:
    """Belief over the opponents' down cards plus rollouts; see the module docstring."""

    name = "search"

    def __init__(
        self,
        *,
        seed: int | None = None,
        think: float = 1.0,
        rollouts: int = 1000,
        completions: int = 96,
        betting: str = "thresholds",
        future_share: float = FUTURE_SHARE,
        noise: float = 0.03,
        margin: float = 0.03,
    ) -> None:
        if betting not in ("thresholds", "value"):
            raise ValueError(f"betting must be 'thresholds' or 'value', got {betting!r}")
        if not think > 0:
            raise ValueError(f"think must be > 0, got {think!r}")
        if rollouts < 10:
            raise ValueError(f"rollouts must be >= 10, got {rollouts!r}")
        if completions < 1:
            raise ValueError(f"completions must be >= 1, got {completions!r}")
        self.rng = make_rng(seed)
        self.think = float(think)
        self.rollouts = max(10, round(rollouts * think))
        self.completions = max(1, round(completions * min(think, 4.0)))
        self.betting = betting
        self.future_share = future_share
        self.noise = noise
        self.margin = margin
        self._fallback = EquityBot(seed=self.rng.getrandbits(62))
        self._belief: Belief | None = None
        self._log: tuple[Operation, ...] = ()
        self._seat: int | None = None

    # ------------------------------------------------------------------ api

    def act(self, view: SeatView) -> Action:
        """Decide from ``view`` alone (the bot remembers its belief within a hand)."""
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if view.phase is Phase.SHOWDOWN:
            return next(a for a in legal if a.kind is ActionKind.SHOW)
        gen = np.random.default_rng(self.rng.getrandbits(63))
        belief = self.belief(view, gen)
        if belief is None:
            return self._fallback.act(view)
        if view.phase is Phase.CARD_ROUND:
            return self._card_round(view, belief, gen)
        if view.phase is Phase.PAY_OR_FOLD:  # R8.2: the price of a face-up 3
            dealt = self._deal(view, belief, gen)
            if dealt is None:
                return self._fallback.act(view)
            my_final, others, _ = dealt
            game = view.game
            share = shares(my_final, others, hilo=game.high_low, double_ace_flush=game.double_ace_flush,
                           razz=is_razz(game), deuce_seven=is_deuce_seven(game))
            return pay_or_fold(view, float(share.mean()))
        return self._betting(view, belief, gen)

    def belief(self, view: SeatView, gen: np.random.Generator | None = None) -> Belief | None:
        """The bot's belief about ``view``'s hand, brought up to date (None where the bot
        plays like the equity bot instead: community cards, shown down cards, a game whose
        hands are not two cards down of seven, the pairs the belief weighs, or whose hands the
        batch showdowns do not rank: :func:`batch_ranked`)."""
        if view.seat is None:
            raise ValueError("a bot needs a seat's view, not the public one")
        game = view.game
        if game.streets[0].down != 2 or hand_size(game) != 7 or not batch_ranked(game):
            return None
        if view.community or any(
            p.seat != view.seat and any(c is not None for c in p.down) for p in view.players
        ):
            return None
        if gen is None:
            gen = np.random.default_rng(self.rng.getrandbits(63))
        log = view.log
        same = (self._belief is not None and self._seat == view.seat
                and len(log) >= len(self._log) and log[:len(self._log)] == self._log)
        if not same:
            self._belief = Belief(seat=view.seat, deck_size=53 if view.game.joker else 52,
                                  hilo=view.game.high_low,
                                  double_ace_flush=view.game.double_ace_flush,
                                  completions=self.completions, razz=is_razz(view.game),
                                  deuce_seven=is_deuce_seven(view.game),
                                  cards=hand_size(view.game), streets=len(view.game.streets))
            self._seat = view.seat
        assert self._belief is not None
        self._belief.update(view, gen)
        self._log = log
        return self._belief

    # ------------------------------------------------------------- rollouts

    def _deal(
        self, view: SeatView, belief: Belief, gen: np.random.Generator
    ) -> tuple[Ints, list[Ints], dict[int, Ints]] | None:
        """Rollouts: the seat's final cards (rows, 7), each opponent's final cards,
        and each opponent's sampled pair; None when the stub could run short."""
        me = view.players[view.seat or 0]
        mine = [c.code for c in me.down if c is not None] + [c.code for c in me.up]
        pool = np.array(sorted(belief.unseen), np.int64)
        pos = np.full(belief.deck_size, -1, np.int64)
        pos[pool] = np.arange(len(pool))
        seats = belief.seats
        if not seats:
            return None
        ups = {p.seat: [c.code for c in p.up] for p in view.players}
        size = hand_size(view.game)
        my_need = size - len(mine)
        needs = [size - 2 - len(ups[s]) for s in seats]
        if my_need < 0 or min(needs) < 0 or my_need + sum(needs) + 2 * len(seats) > len(pool):
            return None
        picks = belief.sample(gen, self.rollouts)
        pairs = {s: belief.pairs(s)[picks[s]] for s in seats}
        rows = len(picks[seats[0]])
        if rows < 10:
            return None
        exclude = np.concatenate([pos[pairs[s]] for s in seats], axis=1)
        dealt = deal_rows(gen, pool, exclude, my_need + sum(needs), rows)
        my_final = np.empty((rows, size), np.int64)
        my_final[:, :len(mine)] = np.array(mine, np.int64)
        my_final[:, len(mine):] = dealt[:, :my_need]
        others: list[Ints] = []
        at = my_need
        for s, need in zip(seats, needs, strict=True):
            final = np.empty((rows, size), np.int64)
            final[:, :2] = pairs[s]
            final[:, 2:2 + len(ups[s])] = np.array(ups[s], np.int64)
            final[:, 2 + len(ups[s]):] = dealt[:, at:at + need]
            at += need
            others.append(final)
        return my_final, others, picks

    # -------------------------------------------------------------- betting

    def _betting(self, view: SeatView, belief: Belief, gen: np.random.Generator) -> Action:
        dealt = self._deal(view, belief, gen)
        if dealt is None:
            return self._fallback.act(view)
        my_final, others, picks = dealt
        game = view.game
        razz, deuce_seven = is_razz(game), is_deuce_seven(game)
        share = shares(my_final, others, hilo=game.high_low,
                       double_ace_flush=game.double_ace_flush, razz=razz, deuce_seven=deuce_seven)
        if self.betting == "thresholds":
            th = HILO_THRESHOLDS if game.high_low else STUD_THRESHOLDS
            return decide_bet(view, float(share.mean()), thresholds_of(view, th))
        seat = view.seat or 0
        state = belief.state
        players = {p.seat: p for p in view.players}
        live = [s for s in belief.seats]
        n_live = len(live) + 1
        public = {c.code for p in view.players for c in p.up}
        public.update(c.code for c in view.market if c is not None)
        # each opponent's equity as it sees the table now: per pair, then per rollout
        eq: dict[int, Floats] = {}
        for s in live:
            against = [tuple(c.code for c in players[t].up) for t in [seat, *live] if t != s]
            eq[s] = perceived_equity(
                gen, belief.pairs(s), up=[c.code for c in players[s].up], against=against,
                public=public, deck_size=belief.deck_size, completions=self.completions,
                hilo=game.high_low, double_ace_flush=game.double_ace_flush, razz=razz,
                deuce_seven=deuce_seven, cards=hand_size(game),
            )[picks[s]]
        pot = view.pot
        my_bet = players[seat].bet
        bet = game.streets[view.street].bet
        rounds = betting_rounds_left(view)
        future = self.future_share * sum(rounds[1:])
        future_total = future * n_live
        can_act = {s: players[s].stack > 0 for s in live}
        behind = [s for s in live if s not in state.acted_on_street and can_act[s]]
        aggressive_so_far = state.bets_on_street

        def showdown(extra: float, cost: float) -> Floats:
            out: Floats = share * (pot + extra + future_total) - cost - future
            return out

        best: Action | None = None
        best_value = -np.inf
        for action in view.legal_actions:
            kind = action.kind
            if kind is ActionKind.FOLD:
                value = 0.0
            elif kind in (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN):
                cost = action.amount if kind is ActionKind.CALL else (
                    action.amount - my_bet if kind is ActionKind.BRING_IN else 0)
                base = showdown(cost, cost)
                closing = kind is not ActionKind.BRING_IN and not behind
                if kind is ActionKind.CALL and len(live) == 1 and aggressive_so_far > 0:
                    closing = True
                if closing:
                    value = float(base.mean())
                else:
                    quiet = np.ones_like(share)
                    for s in (behind or [s for s in live if can_act[s]]):
                        _, _, aggr = action_probabilities(
                            eq[s], street=view.street, to_call=0, pot=pot + cost,
                            players=n_live, bets=aggressive_so_far, noise=self.noise,
                            streets=len(game.streets))
                        quiet *= 1.0 - aggr
                    raised = 1.0 - quiet
                    callers = len(live)
                    facing = showdown(cost + bet + bet * callers, cost + bet)
                    value = float((quiet * base).mean()) + max(
                        -cost * float(raised.mean()), float((raised * facing).mean()))
            elif kind.is_aggressive:
                if aggressive_so_far >= MAX_BETS:
                    continue
                put = action.amount - my_bet
                all_fold = np.ones_like(share)
                no_raise = np.ones_like(share)
                called = 0.0
                for s in live:
                    owe = max(0, action.amount - players[s].bet)
                    if not can_act[s]:
                        all_fold = all_fold * 0.0
                        continue
                    fold, _, aggr = action_probabilities(
                        eq[s], street=view.street, to_call=owe, pot=pot + put,
                        players=n_live, bets=aggressive_so_far + 1, noise=self.noise,
                        streets=len(game.streets))
                    all_fold = all_fold * fold
                    no_raise = no_raise * (1.0 - aggr)
                    called += owe
                raised = (1.0 - all_fold) * (1.0 - no_raise)
                call = np.clip(1.0 - all_fold - raised, 0.0, 1.0)
                extra = put + called
                value = -self.margin * pot + (float((all_fold * pot).mean())
                         + float((call * showdown(extra, put)).mean())
                         + max(-put * float(raised.mean()),
                               float((raised * showdown(extra + bet * n_live, put + bet)).mean())))
            else:
                continue
            if value > best_value + 1e-9:
                best, best_value = action, value
        return best if best is not None else self._fallback.act(view)

    # ----------------------------------------------------------- card round

    def _card_round(self, view: SeatView, belief: Belief, gen: np.random.Generator) -> Action:
        take = next(a for a in view.legal_actions if a.kind is ActionKind.TAKE_CARD)
        buys = [a for a in view.legal_actions
                if a.kind is ActionKind.BUY and view.market[a.slot - 1] is not None]
        if not buys:
            return take
        dealt = self._deal(view, belief, gen)
        if dealt is None:
            return self._fallback.act(view)
        my_final, others, _ = dealt
        me = view.players[view.seat or 0]
        first = len(me.down) + len(me.up)  # the next card's column
        if first >= my_final.shape[1]:
            return take
        game = view.game
        final_pot = expected_final_pot(view, players=len(belief.seats) + 1)
        base = float(shares(my_final, others, hilo=game.high_low,
                            double_ace_flush=game.double_ace_flush).mean())
        best: Action = take
        best_value = base * final_pot
        for a in buys:
            card = view.market[a.slot - 1]
            assert card is not None
            variant = my_final.copy()
            variant[:, first] = card.code
            s = float(shares(variant, others, hilo=game.high_low,
                             double_ace_flush=game.double_ace_flush).mean())
            value = s * (final_pot + a.amount) - a.amount
            if value > best_value:
                best, best_value = a, value
        return best


def from_options(seed: int | None, options: Sequence[tuple[str, float]]) -> SearchBot:
    """A :class:`SearchBot` from parsed name options (``think``, ``rollouts``, ``completions``)."""
    kwargs: dict[str, float] = dict(options)
    unknown = set(kwargs) - {"think", "rollouts", "completions"}
    if unknown:
        raise ValueError(f"unknown search option {sorted(unknown)[0]!r}; "
                         "use think, rollouts or completions")
    return SearchBot(
        seed=seed, think=kwargs.get("think", 1.0),
        rollouts=int(kwargs.get("rollouts", 1000)), completions=int(kwargs.get("completions", 96)),
    )
