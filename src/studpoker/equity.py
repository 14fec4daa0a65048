"""Showdown equity for Seven Card Stud (high), Wall Street and Stud Hi-Lo (R3.7, R5.2),
Razz (R6.2), the wild-card games (R8.1-R8.3, R8.5) and High and Low Chicago (R8.4).

Give each player's known cards (down and up) and the dead cards; every
player's missing cards (up to seven) come from the stub, which is the deck
less every known and dead card. For Wall Street the future cards are the free
cards from the stub and the market cards are dead (pass them in ``dead``).
The answer is each player's expected share of the pot: exact by enumerating
every deal when there are few enough, else seeded Monte Carlo with a standard
error. Hi-lo pots split in half between the best high and the best qualifying
low, ties splitting their half, and the high takes it all when no low
qualifies (R3.7, R5.2); razz pots go whole to the best ace-to-five low,
pairs counting (R6.2). Odd chips are ignored (shares are exact fractions).

>>> r = compute("stud", ["Ah Kh 7h 2h 9c", "Qs Qd Jc Jd 4s"])
>>> r.exact, r.deals, round(r.players[0].equity, 12)
(True, 671580, 0.381610530391)

When the stub runs short (R1.10: more cards are missing than the stub holds),
every player's last card is one community card.

High and Low Chicago (R8.4) split each pot between the best high and the
highest (lowest) spade face down; with no spade in anybody's hole the high
takes it all. Which known cards are face down matters: write a hand as
``"down / up"`` (``"As 7s / Kd"``), or pass ``hole=``; a hand without either
is read in dealing order (the first two cards and the seventh face down).
Every player ends with three cards face down (two when the seventh card is a
community card, R1.10) and four face up; the cards to come are dealt to those
places at random, so an exact answer enumerates which of them fall face down.

>>> r = compute("high_chicago", ["Ks 2c / 7d 7h 7c 7s", "As 9h / Qd Jc 5s 6h"])
>>> r.exact, r.players[0].high, r.players[1].spade, r.no_spade
(True, 0.5, 0.5, 0.0)

The work runs in :mod:`studpoker.fast` (numba, all cores) when the ``[fast]``
extra is installed: an exact heads-up fifth-street spot (671,580 deals) takes a
few milliseconds once compiled. Without it (or with ``backend="python"``) a
pure-Python engine gives the same exact answers, about a thousand times slower,
so its defaults are smaller: it enumerates up to :data:`PYTHON_EXACT_LIMIT`
deals and samples :data:`PYTHON_DEFAULT_SAMPLES` (its Monte Carlo streams differ
from the compiled ones: same seed, same answer, per backend).
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal

from studpoker._extras import extra_of
from studpoker.engine.cards import (
    JOKER_CODE,
    RANK_CHARS,
    Card,
    CardError,
    CardsLike,
    format_cards,
    parse_cards,
)
from studpoker.engine.evaluation import deuce_seven_key, high_key, low_key, razz_key
from studpoker.engine.games import GAMES as ENGINE_GAMES
from studpoker.engine.games import Game, GameError, Ranking, canonical_name
from studpoker.engine.wild import RankLike, wild_high_key, wild_low_key, wild_mask

try:  # the compiled engine: the [fast] extra
    import numba
    import numpy as np

    from studpoker import fast
except ImportError as _exc:
    if extra_of(_exc.name) != "fast":
        raise
    FAST_AVAILABLE = False
else:
    FAST_AVAILABLE = True
if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = [
    "DEFAULT_SAMPLES",
    "EXACT_LIMIT",
    "FAST_AVAILABLE",
    "GAMES",
    "LOWBALL",
    "LOWEST_DOWN_GAMES",
    "PYTHON_DEFAULT_SAMPLES",
    "PYTHON_EXACT_LIMIT",
    "SPADE_GAMES",
    "WILD_DEFAULTS",
    "EquityResult",
    "PlayerEquity",
    "compute",
    "equities",
    "warmup",
]

_RANKINGS: Final = frozenset({Ranking.HIGH, Ranking.EIGHT_OR_BETTER, Ranking.RAZZ, Ranking.DEUCE_SEVEN,
                               Ranking.WILD_HIGH, Ranking.HIGH_SPADE, Ranking.LOW_SPADE})
"""The rankings of a pot's shares this module knows how to count."""


def _counted(game: type[Game]) -> bool:
    """Whether :func:`compute` counts ``game``: five to seven cards each (its street table),
    every share ranked as it can."""
    return (5 <= _cards(game) <= 7 and {h.ranking for h in game.halves} <= _RANKINGS)


def _cards(game: type[Game]) -> int:
    """The cards each hand of ``game`` ends with (its street table: 7, or 5 in Five Card Stud)."""
    return sum(down + up for down, up in game.street_cards)


def _rankings(game: type[Game]) -> set[Ranking]:
    return {h.ranking for h in game.halves}


GAMES: Final[dict[str, bool]] = {name: game.high_low for name, game in ENGINE_GAMES.items() if _counted(game)}
"""Game names and whether the pot is split high-low (every game of the registry this module
counts, read from its class; other names of a game, ``"stud-hi-lo"``, are taken as well)."""

SPADE_GAMES: Final[dict[str, str]] = {
    name: "high" if Ranking.HIGH_SPADE in _rankings(ENGINE_GAMES[name]) else "low"
    for name in GAMES if _rankings(ENGINE_GAMES[name]) & {Ranking.HIGH_SPADE, Ranking.LOW_SPADE}}
"""The games of :data:`GAMES` whose pot is split with the highest or lowest spade in the hole (R8.4)."""

WILD_DEFAULTS: Final[dict[str, str]] = {
    name: "".join(RANK_CHARS[r] for r in range(12, -1, -1) if ENGINE_GAMES[name].wild >> r & 1)
    for name in GAMES if ENGINE_GAMES[name].wild}
"""The wild ranks of the wild-card games of :data:`GAMES` when ``wild`` is not given (R8.2, R8.3,
R8.5: the kings, the ranks wild for everyone)."""

LOWEST_DOWN_GAMES: Final = frozenset(name for name in GAMES if ENGINE_GAMES[name].lowest_down_wild)
"""The games of :data:`GAMES` where each player's lowest face-down rank is wild in that
player's hand only (R8.5): which cards are face down matters, as in Chicago."""

LOWBALL: Final = frozenset(name for name in GAMES
                           if _rankings(ENGINE_GAMES[name]) in ({Ranking.RAZZ}, {Ranking.DEUCE_SEVEN}))
"""The games of :data:`GAMES` won by the best low (razz R6.2, deuce-to-seven R10.1) instead of the
best high."""

EXACT_LIMIT: Final = 50_000_000
"""Deals up to which :func:`compute` enumerates when given no budget."""

DEFAULT_SAMPLES: Final = 1_000_000
"""Monte Carlo deals when there are too many deals to enumerate and no budget is given."""

PYTHON_EXACT_LIMIT: Final = 2_000_000
""":data:`EXACT_LIMIT` of the pure-Python engine (a few seconds of enumeration)."""

PYTHON_DEFAULT_SAMPLES: Final = 100_000
""":data:`DEFAULT_SAMPLES` of the pure-Python engine."""

_PYTHON_EXACT_RATE: Final = 1_000_000  # deals per second of the pure-Python enumeration (for a time budget)

Backend = Literal["auto", "fast", "python"]
"""``"fast"``: :mod:`studpoker.fast` (the ``[fast]`` extra); ``"python"``: the standard
library only; ``"auto"``: fast when installed."""

_EXACT_RATE: Final = 20_000_000  # deals per second assumed when a time budget decides exactness
_EXACT_PER_SAMPLE: Final = 4  # an enumerated deal costs well under a quarter of a sampled one
_POT: Final = 1680  # pot units: divisible by 2 * t for any t <= 8 tied players
_SAMPLE_CHUNKS: Final = 16  # random streams per batch, whatever the thread count

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` (deals) after each batch of a long run."""


@dataclass(frozen=True, slots=True)
class PlayerEquity:
    """One player's result.

    Attributes:
        cards: the player's known cards.
        equity: expected share of the pot (the shares of all players sum to 1).
        std_error: standard error of ``equity`` (0.0 when exact).
        win: probability of the best hand alone: the best high (in stud, the whole
            pot), or in razz the best low (the whole pot, R6.2).
        tie: probability of tying for the best hand.
        high: hi-lo only: expected share of the pot won by the high hand
            (half the pot, or all of it when no low qualifies, split among ties).
        low: hi-lo only: expected share won by the low hand (``equity = high + low``).
        scoop: hi-lo only: probability of taking the whole pot alone.
        low_win: hi-lo only: probability of the best qualifying low alone.
        low_tie: hi-lo only: probability of tying for the best qualifying low.
        spade: Chicago only (R8.4): expected share of the pot won by the spade in
            the hole (``equity = high + spade``; ``high`` and ``scoop`` are set too).
        spade_win: Chicago only: probability of holding the winning spade.
    """

    cards: str
    equity: float
    std_error: float
    win: float
    tie: float
    high: float | None = None
    low: float | None = None
    scoop: float | None = None
    low_win: float | None = None
    low_tie: float | None = None
    spade: float | None = None
    spade_win: float | None = None

    def to_dict(self) -> dict[str, object]:
        """JSON-ready; the hi-lo fields only for hi-lo games, the spade ones only in Chicago."""
        out: dict[str, object] = {
            "cards": self.cards,
            "equity": self.equity,
            "std_error": self.std_error,
            "win": self.win,
            "tie": self.tie,
        }
        if self.spade is not None:
            out.update(high=self.high, spade=self.spade, scoop=self.scoop, spade_win=self.spade_win)
        elif self.high is not None:
            out.update(
                high=self.high, low=self.low, scoop=self.scoop, low_win=self.low_win, low_tie=self.low_tie
            )
        return out


@dataclass(frozen=True, slots=True)
class EquityResult:
    """The result of :func:`compute`.

    Attributes:
        game: the game name as given.
        hilo: whether the pot splits high-low.
        exact: True when every deal was enumerated.
        samples: Monte Carlo deals, or None when exact.
        deals: deals enumerated (exact) or sampled.
        total_deals: number of possible deals of the missing cards.
        players: one :class:`PlayerEquity` per hand, in the order given.
        no_low: hi-lo only: probability that no low qualifies.
        seconds: wall time of the computation.
        no_spade: Chicago only (R8.4): probability that nobody has a spade face down.
    """

    game: str
    hilo: bool
    exact: bool
    samples: int | None
    deals: int
    total_deals: int
    players: tuple[PlayerEquity, ...]
    no_low: float | None
    seconds: float
    no_spade: float | None = None

    @property
    def equities(self) -> list[float]:
        """Each player's equity, in order."""
        return [p.equity for p in self.players]

    def to_dict(self) -> dict[str, object]:
        """JSON-ready: ``{"exact", "samples", "players": [{"equity", ...}], ...}``."""
        out: dict[str, object] = {
            "game": self.game,
            "exact": self.exact,
            "samples": self.samples,
            "deals": self.deals,
            "total_deals": self.total_deals,
            "players": [p.to_dict() for p in self.players],
        }
        if self.no_low is not None:
            out["no_low"] = self.no_low
        if self.no_spade is not None:
            out["no_spade"] = self.no_spade
        out["seconds"] = self.seconds
        return out


@dataclass(frozen=True)
class _Spot:
    hilo: bool
    razz: bool  # the best hand is the best razz low (R6.2), not the best high
    known: list[list[int]]
    pool: list[int]
    needs: list[int]  # cards each player still gets, the community card included
    community: bool
    total_deals: int
    wild: int = 0  # R8.1: the mask of the wild ranks (studpoker.engine.wild.wild_mask), fixed
    # R8.4: "high" or "low" when the second share is Chicago's spade in the hole (then hilo
    # is True and the "low" keys are spade keys: larger wins, -1 no spade); "" otherwise
    spade: str = ""
    down: tuple[int, ...] = ()  # of each player's cards to come (not the community card): face down
    hole_key: tuple[int, ...] = ()  # the spade key of each player's known hole cards (-1: none)
    hole: tuple[tuple[int, ...], ...] = ()  # each player's known hole cards (codes), for display
    deuce_seven: bool = False  # with razz: the low is deuce-to-seven (R10.1), not ace-to-five
    cards: int = 7  # the cards each hand ends with (the game's street table: 5 in Five Card Stud)
    lowest_down: bool = False  # R8.5: each player's lowest face-down rank is wild for them


# R8.4: a card's spade key, larger wins: the rank (High Chicago) or 12 minus it (Low
# Chicago) of a spade, -1 for any other card (the joker is no spade)
_SPADE_KEYS: Final = {
    "high": tuple(c >> 2 if c < JOKER_CODE and c & 3 == 3 else -1 for c in range(JOKER_CODE + 1)),
    "low": tuple(12 - (c >> 2) if c < JOKER_CODE and c & 3 == 3 else -1 for c in range(JOKER_CODE + 1)),
}


def _split_hole(hand: CardsLike, hole: CardsLike | None, spade: str) -> tuple[CardsLike, list[Card] | None]:
    """A hand and its known hole cards (R8.4, R8.5): ``"As 7s / Kd"`` or ``hole``; None: dealing
    order. ``spade``: non-empty in the games where the hole cards matter."""
    if isinstance(hand, str) and "/" in hand:
        if not spade:
            raise ValueError("'/' separates the cards face down from those face up only in "
                             "High and Low Chicago (R8.4) and Kings and Little Ones (R8.5)")
        if hand.count("/") > 1:
            raise ValueError(f"hand {hand!r}: one '/' at most, between the down and the up cards")
        down, up = hand.split("/")
        if hole is not None:
            raise ValueError(f"hand {hand!r}: give the hole cards either with '/' or with hole=, not both")
        parsed = parse_cards(down)
        return parsed + parse_cards(up), parsed
    if hole is None:
        return hand, None
    return hand, parse_cards(hole)


def _parse_spot(
    game: str,
    hands: Sequence[CardsLike],
    dead: CardsLike,
    joker: bool,
    board: CardsLike = "",
    wild: Iterable[RankLike] | str | None = None,
    hole: Sequence[CardsLike] | None = None,
) -> _Spot:
    try:
        key = canonical_name(game)
    except GameError:
        key = str(game)
    if key not in GAMES:
        raise ValueError(f"unknown game {game!r}: expected one of {', '.join(GAMES)}")
    if isinstance(hands, str):
        raise ValueError("hands must be a sequence of hands, one per player (e.g. ['Ah Kh 7h', 'Qs Qd 2c'])")
    engine_game = ENGINE_GAMES.get(key)
    size = 7 if engine_game is None else _cards(engine_game)
    most_players = 8 if engine_game is None else max(8, engine_game.max_players)
    if not 1 <= len(hands) <= most_players:
        raise ValueError(f"equity needs 1 to {most_players} players, got {len(hands)}")
    razz = key in LOWBALL
    deuce_seven = engine_game is not None and _rankings(engine_game) == {Ranking.DEUCE_SEVEN}
    if razz and joker:
        raise CardError("razz is played without the joker (R6.1)")
    mask = wild_mask(WILD_DEFAULTS.get(key, "") if wild is None else wild)
    if mask and (razz or joker):
        raise ValueError("wild cards (R8.1) go with high hands and no joker: not with razz or the joker")
    spade = SPADE_GAMES.get(key, "")
    lowest_down = key in LOWEST_DOWN_GAMES
    holes_matter = bool(spade) or lowest_down  # R8.4, R8.5: which cards are face down
    if hole is not None and (not holes_matter or isinstance(hole, str) or len(hole) != len(hands)):
        raise ValueError("hole= gives each player's known cards face down, one entry per hand, "
                         "in High and Low Chicago (R8.4) and Kings and Little Ones (R8.5) only")
    split = [_split_hole(h, None if hole is None else hole[i], "hole" if holes_matter else "")
             for i, h in enumerate(hands)]
    known = [parse_cards(h) for h, _ in split]
    dead_cards = parse_cards(dead) if dead else []
    shared = parse_cards(board) if board else []
    seen: set[int] = set()
    for card in [c for h in known for c in h] + dead_cards + shared:
        if card.is_joker and razz:
            raise CardError("razz is played without the joker (R6.1)")
        if card.is_joker and not joker:
            raise CardError("the joker (Jk) is not in play; pass joker=True (--joker) to allow it")
        if card.code in seen:
            raise CardError(f"duplicate card {card}")
        seen.add(card.code)
    holes: list[list[Card]] = []
    if holes_matter:  # R8.4, R8.5: which known cards are face down
        for i, ((_, given), hand) in enumerate(zip(split, known, strict=True)):
            down = given if given is not None else hand[:2] + hand[6:7]  # dealing order
            for card in down:
                if card not in hand:
                    raise CardError(f"player {i + 1}'s hole card {card} is not among their cards")
            if len(set(down)) != len(down):
                raise CardError(f"player {i + 1}'s hole cards repeat a card")
            most = 2 if shared else 3
            if len(down) > most or len(hand) - len(down) > 4:
                raise CardError(f"player {i + 1} has {len(down)} cards down and {len(hand) - len(down)} up; "
                                f"a stud hand has at most {most} down and 4 up")
            holes.append(down)
    known = [h + shared for h in known]
    for i, hand in enumerate(known):
        if len(hand) > size and not mask:  # a Baseball hand may hold more (R8.2)
            raise CardError(f"player {i + 1} has {len(hand)} cards; a hand of this game has at most {size}")
    deck = range(JOKER_CODE + 1 if joker else JOKER_CODE)
    pool = [c for c in deck if c not in seen]
    needs = [max(0, size - len(h)) for h in known]
    stub = len(pool)
    community = sum(needs) > stub
    private = [n - 1 if community else n for n in needs]
    down_needs: list[int] = []
    if holes_matter:  # R8.4: three cards down, two when the seventh is a community card (R1.10)
        most = 2 if shared or community else 3
        down_needs = [min(max(0, most - len(h)), p) for h, p in zip(holes, private, strict=True)]
    if community:
        # R1.10: the stub is short on the last street; one community card for everyone.
        if min(needs) < 1 or sum(needs) - len(needs) + 1 > stub:
            raise CardError(
                f"not enough cards: the players need {sum(needs)} more cards and the stub holds {stub}"
            )
        total = stub
        rest = stub - 1
        for n in needs:
            total *= math.comb(rest, n - 1)
            rest -= n - 1
    else:
        total = 1
        rest = stub
        for n in needs:
            total *= math.comb(rest, n)
            rest -= n
    for p, d in zip(private, down_needs, strict=False):  # which of the cards to come fall face down
        total *= math.comb(p, d)
    spade_keys = _SPADE_KEYS[spade] if spade else ()
    return _Spot(
        hilo=GAMES[key] or bool(spade),
        razz=razz,
        known=[[c.code for c in h] for h in known],
        pool=pool,
        needs=needs,
        community=community,
        total_deals=total,
        wild=mask,
        spade=spade,
        down=tuple(down_needs),
        hole_key=tuple(max((spade_keys[c.code] for c in h), default=-1) for h in holes) if spade else (),
        hole=tuple(tuple(c.code for c in h) for h in holes),
        deuce_seven=deuce_seven,
        cards=size,
        lowest_down=lowest_down,
    )


def _lowest_rank(codes: Iterable[int]) -> int:
    """R8.5: the lowest rank (0 the 2 .. 12 the ace) among face-down cards; 13 for none."""
    return min((c >> 2 for c in codes if c < JOKER_CODE), default=13)


def _private_mask(spot: _Spot, p: int, down: Iterable[int]) -> int:
    """R8.5: the ranks wild in player ``p``'s hand: everyone's, and the lowest of their
    known hole cards and the cards to come ``down`` (codes) that fall face down."""
    low = _lowest_rank([*spot.hole[p], *down])
    return spot.wild if low == 13 else spot.wild | 1 << low


def _private_completions(
    spot: _Spot, p: int, pool: npt.NDArray[np.int64]
) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """R8.5: player ``p``'s completions, one row per way the cards to come fall face down
    (every ``down[p]`` of them, equally likely), each keyed with that way's wild ranks."""
    need, known = spot.needs[p], spot.known[p]
    combos = fast.combinations(len(pool), need).astype(np.int64)
    rows = len(combos)
    hands = np.empty((rows, len(known) + need), np.uint8)
    hands[:, : len(known)] = known
    hands[:, len(known):] = pool[combos]
    if need == 0:
        masks = np.zeros(rows, np.uint64)
    else:
        masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), combos.astype(np.uint64)), axis=1)
    hole_low = _lowest_rank(spot.hole[p])
    highs = []
    for pattern in itertools.combinations(range(need), spot.down[p]):
        low = np.full(rows, hole_low, np.int64)
        for col in pattern:
            low = np.minimum(low, pool[combos[:, col]] >> 2)
        high = np.empty(rows, np.int32)
        for rank in np.unique(low).tolist():
            rows_of = low == rank
            wild = spot.wild if rank == 13 else spot.wild | 1 << rank
            high[rows_of] = fast.evaluate_wild_high(hands[rows_of], [r for r in range(13) if wild >> r & 1])
        highs.append(high)
    copies = len(highs)
    return (np.tile(masks.astype(np.uint64), copies), np.concatenate(highs),
            np.full(rows * copies, -1, np.int32))


def _completions(
    known: list[int], pool: npt.NDArray[np.int64], need: int, hilo: bool, double: bool, razz: bool,
    wild: int = 0, deuce_seven: bool = False,
) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """Every way to complete one hand from ``pool``: stub-index masks, best-hand keys (high,
    or razz, or high with the ``wild`` ranks), low keys (see :func:`_spot_completions`)."""
    combos = fast.combinations(len(pool), need).astype(np.int64)
    rows = len(combos)
    hands = np.empty((rows, len(known) + need), np.uint8)
    hands[:, : len(known)] = known
    hands[:, len(known) :] = pool[combos]
    if need == 0:
        masks = np.zeros(rows, np.uint64)
    else:
        masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), combos.astype(np.uint64)), axis=1)
    if wild:
        ranks = [r for r in range(13) if wild >> r & 1]
        high = fast.evaluate_wild_high(hands, ranks)
        low = fast.evaluate_wild_low(hands, ranks) if hilo else np.full(rows, -1, np.int32)
        return masks.astype(np.uint64), high, low
    if razz:
        high = fast.evaluate_deuce_seven(hands) if deuce_seven else fast.evaluate_razz(hands)
    else:
        high = fast.evaluate_high(hands, double_ace_flush=double)
    low = fast.evaluate_low(hands) if hilo else np.full(rows, -1, np.int32)
    return masks.astype(np.uint64), high, low


def _spot_completions(
    spot: _Spot, p: int, pool: npt.NDArray[np.int64], double: bool
) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """Player ``p``'s completions; in Chicago (R8.4) one row per way the cards to come fall
    face down (every ``down[p]`` of them, equally likely), the second keys spade keys."""
    need = spot.needs[p]
    if spot.lowest_down:
        return _private_completions(spot, p, pool)
    if not spot.spade:
        return _completions(spot.known[p], pool, need, spot.hilo, double, spot.razz, spot.wild,
                            spot.deuce_seven)
    masks, high, _ = _completions(spot.known[p], pool, need, False, double, False)
    combos = fast.combinations(len(pool), need).astype(np.int64)
    table = np.array(_SPADE_KEYS[spot.spade], np.int32)
    keys = []
    for pattern in itertools.combinations(range(need), spot.down[p]):
        key = np.full(len(masks), spot.hole_key[p], np.int32)
        for col in pattern:
            key = np.maximum(key, table[pool[combos[:, col]]])
        keys.append(key)
    copies = len(keys)
    return np.tile(masks, copies), np.tile(high, copies), np.concatenate(keys)


def _exact_histogram(
    spot: _Spot, double: bool, progress: Progress | None, done_before: int, total: int
) -> npt.NDArray[np.int64]:
    """Outcome histogram over every deal (no community card), players in the given order."""
    players = len(spot.needs)
    pool = np.array(spot.pool, np.int64)
    parts = [_spot_completions(spot, p, pool, double) for p in range(players)]
    # The player with the most completions goes first: the kernel splits them across threads.
    order = sorted(range(players), key=lambda p: -len(parts[p][0]))
    masks = np.concatenate([parts[p][0] for p in order])
    high = np.concatenate([parts[p][1] for p in order])
    low = np.concatenate([parts[p][2] for p in order])
    start = np.cumsum([0] + [len(parts[p][0]) for p in order]).astype(np.int64)
    first = int(start[1])
    deals = spot.total_deals
    batches = 1 if progress is None or deals < 20_000_000 else 20
    chunks = max(1, numba.get_num_threads()) * 4
    width = (1 << players) * ((1 << players) if spot.hilo else 1)
    hist = np.zeros(width, np.int64)
    edges = np.linspace(0, first, batches + 1).astype(np.int64)
    for b in range(batches):
        lo, hi = int(edges[b]), int(edges[b + 1])
        if hi <= lo:
            continue
        bounds = np.unique(np.linspace(lo, hi, min(chunks, hi - lo) + 1).astype(np.int64))
        with fast.threads_for(deals // batches):
            hist += fast._exact_counts(masks, high, low, start, spot.hilo, bounds).sum(axis=0)
        if progress is not None:
            # Every completion of the first player has the same number of compatible deals.
            progress(done_before + deals * hi // first, total)
    return _unpermute(hist, order, spot.hilo)


def _unpermute(hist: npt.NDArray[np.int64], order: list[int], hilo: bool) -> npt.NDArray[np.int64]:
    """Re-index an outcome histogram whose player bits follow ``order`` back to the given order."""
    players = len(order)
    if order == sorted(order):
        return hist
    size = 1 << players
    remap = np.zeros(size, np.int64)
    for s in range(size):
        t = 0
        for i, p in enumerate(order):
            if s >> i & 1:
                t |= 1 << p
        remap[s] = t
    out = np.zeros_like(hist)
    for idx in np.nonzero(hist)[0].tolist():
        if hilo:
            hs, ls = idx >> players, idx & (size - 1)
            out[(remap[hs] << players) | remap[ls]] += hist[idx]
        else:
            out[remap[idx]] += hist[idx]
    return out


Counts = dict[int, int]
"""Deals per outcome: ``high winners`` bit set (``<< players | low winners`` in hi-lo)."""

_Enumerate = Callable[[_Spot, bool, "Progress | None", int, int], Counts]


def _counts(hist: npt.NDArray[np.int64]) -> Counts:
    return {int(i): int(hist[i]) for i in np.nonzero(hist)[0].tolist()}


def _fast_exact_counts(spot: _Spot, double: bool, progress: Progress | None, done_before: int,
                       total: int) -> Counts:
    return _counts(_exact_histogram(spot, double, progress, done_before, total))


def _exact(spot: _Spot, double: bool, progress: Progress | None, enumerate_deals: _Enumerate) -> Counts:
    if not spot.community:
        return enumerate_deals(spot, double, progress, 0, spot.total_deals)
    hist: Counts = {}
    done = 0
    for card in spot.pool:  # R1.10: each possible community card in turn
        sub = _Spot(
            hilo=spot.hilo,
            razz=spot.razz,
            known=[[*k, card] for k in spot.known],
            pool=[c for c in spot.pool if c != card],
            needs=[n - 1 for n in spot.needs],
            community=False,
            total_deals=spot.total_deals // len(spot.pool),
            wild=spot.wild,
            spade=spot.spade,
            down=spot.down,
            hole_key=spot.hole_key,
            hole=spot.hole,
            deuce_seven=spot.deuce_seven,
            cards=spot.cards,
            lowest_down=spot.lowest_down,
        )
        part = enumerate_deals(sub, double, progress, done, spot.total_deals)
        done += sub.total_deals
        for key, count in part.items():
            hist[key] = hist.get(key, 0) + count
    return hist


def _seeds(seed: int, batch: int, count: int) -> npt.NDArray[np.uint64]:
    mask = (1 << 64) - 1
    out = []
    for c in range(count):
        z = (seed * 0x9E3779B97F4A7C15 + batch * 0x632BE59BD9B4E019 + c * 0xD1B54A32D192ED03 + 1) & mask
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        out.append(z ^ (z >> 31))
    return np.array(out, np.uint64)


def _sample(
    spot: _Spot,
    double: bool,
    samples: int | None,
    seconds: float | None,
    seed: int,
    progress: Progress | None,
) -> tuple[Counts, int]:
    players = len(spot.needs)
    b = fast._built()
    suited_flush = np.zeros(1, np.int32)
    if spot.deuce_seven:  # R10.1: the deuce-to-seven slots, and the flushes that count
        built = fast._deuce_seven_built()
        razz_keys, suited_flush = built.keys, built.flush
    else:
        razz_keys = fast._razz_built().keys if spot.razz else np.zeros(1, np.int32)
    pool = np.array(spot.pool, np.int64)
    known = np.zeros((players, 7), np.int64)
    for p, cards in enumerate(spot.known):
        known[p, : len(cards)] = cards
    nknown = np.array([len(k) for k in spot.known], np.int64)
    private = np.array([n - 1 if spot.community else n for n in spot.needs], np.int64)
    width = (1 << players) * ((1 << players) if spot.hilo else 1)
    hist = np.zeros(width, np.int64)
    spade_keys = np.array(_SPADE_KEYS[spot.spade] if spot.spade else (-1,), np.int32)
    down = np.array(spot.down or (0,) * players, np.int64)
    hole_key = np.array(spot.hole_key or (-1,) * players, np.int64)

    def run(batch: int, size: int) -> npt.NDArray[np.int64]:
        per = np.full(_SAMPLE_CHUNKS, size // _SAMPLE_CHUNKS, np.int64)
        per[: size % _SAMPLE_CHUNKS] += 1
        with fast.threads_for(size * players):
            counts: npt.NDArray[np.int64] = fast._sample_counts(
                pool,
                known,
                nknown,
                private,
                spot.community,
                b.tables,
                b.keys,
                double,
                spot.hilo,
                spot.razz,
                razz_keys,
                spot.deuce_seven,
                suited_flush,
                _seeds(seed, batch, _SAMPLE_CHUNKS),
                per,
                bool(spot.spade),
                spade_keys,
                down,
                hole_key,
            )
        total: npt.NDArray[np.int64] = counts.sum(axis=0)
        return total

    run(0, 0)  # loads (or compiles) the kernel before the clock starts
    done = 0
    batch = 0
    started = time.perf_counter()
    target = samples
    size = 20_000 if seconds is not None else 1_000_000
    while True:
        if target is not None:
            size = min(size, target - done)
            if size <= 0:
                break
        hist += run(batch, size)
        done += size
        batch += 1
        if progress is not None:
            progress(done, target if target is not None else done)
        if seconds is not None:
            elapsed = time.perf_counter() - started
            if elapsed >= seconds:
                break
            rate = done / max(elapsed, 1e-6)
            size = int(min(max(rate * (seconds - elapsed), 1_000), 2_000_000))
    return _counts(hist), done


# ------------------------------------------------------------ the pure-Python engine


def _razz_key(codes: Sequence[int], double: bool) -> int:
    return razz_key(codes)


def _deuce_seven_key(codes: Sequence[int], double: bool) -> int:
    return deuce_seven_key(codes)


def _best_key(spot: _Spot) -> Callable[[Sequence[int], bool], int]:
    """The key of the best hand: the high (R1.3; with wild cards R8.1), or in razz the razz low (R6.2)."""
    if spot.wild:
        wild = spot.wild
        return lambda codes, double: wild_high_key(codes, wild)
    if spot.razz:
        return _deuce_seven_key if spot.deuce_seven else _razz_key
    return high_key


def _low_key(spot: _Spot) -> Callable[[Sequence[int]], int]:
    """The eight-or-better low key (R1.4; a wild card the lowest rank not in the hand)."""
    if spot.wild:
        wild = spot.wild
        return lambda codes: wild_low_key(codes, wild)
    return low_key


def _py_exact_counts(spot: _Spot, double: bool, progress: Progress | None, done_before: int,
                     total: int) -> Counts:
    """Every deal (no community card) enumerated with :func:`high_key` (or :func:`razz_key`)
    and :func:`low_key`."""
    players = len(spot.needs)
    pool, hilo, last = spot.pool, spot.hilo, players - 1
    best, low_key = _best_key(spot), _low_key(spot)
    spades = _SPADE_KEYS[spot.spade] if spot.spade else ()
    parts: list[list[tuple[int, int, int]]] = []
    for p in range(players):
        rows = []
        for combo in itertools.combinations(range(len(pool)), spot.needs[p]):
            cards = spot.known[p] + [pool[i] for i in combo]
            mask = 0
            for i in combo:
                mask |= 1 << i
            if spot.lowest_down:  # R8.5: each way the cards to come fall face down
                for down in itertools.combinations(combo, spot.down[p]):
                    wild = _private_mask(spot, p, [pool[i] for i in down])
                    rows.append((mask, wild_high_key(cards, wild), -1))
                continue
            if spot.spade:  # R8.4: each way the cards to come fall face down
                high = best(cards, double)
                for down in itertools.combinations(combo, spot.down[p]):
                    key = max([spot.hole_key[p], *(spades[pool[i]] for i in down)])
                    rows.append((mask, high, key))
                continue
            rows.append((mask, best(cards, double), low_key(cards) if hilo else -1))
        parts.append(rows)
    counts: Counts = {}

    def walk(p: int, used: int, best_high: int, highs: int, best_low: int, lows: int) -> None:
        bit = 1 << p
        for mask, h, lo in parts[p]:
            if mask & used:
                continue
            if h > best_high:
                hs, bh = bit, h
            else:
                hs, bh = (highs | bit if h == best_high else highs), best_high
            if lo > best_low:
                ls, bl = bit, lo
            else:
                ls, bl = (lows | bit if lo == best_low and lo >= 0 else lows), best_low
            if p == last:
                key = (hs << players) | ls if hilo else hs
                counts[key] = counts.get(key, 0) + 1
            else:
                walk(p + 1, used | mask, bh, hs, bl, ls)

    if players == 1 or progress is None:
        walk(0, 0, -1, 0, -1, 0)
    else:  # every completion of the first player has the same number of compatible deals
        first, deals = parts[0], spot.total_deals
        step = max(1, len(first) // 20)
        for start in range(0, len(first), step):
            parts[0] = first[start:start + step]
            walk(0, 0, -1, 0, -1, 0)
            progress(done_before + deals * min(start + step, len(first)) // len(first), total)
    return counts


def _py_sample(
    spot: _Spot,
    double: bool,
    samples: int | None,
    seconds: float | None,
    seed: int,
    progress: Progress | None,
) -> tuple[Counts, int]:
    """Seeded Monte Carlo deals with :mod:`random` (R1.10: one community card when short)."""
    rng = random.Random(seed)
    players, pool, hilo = len(spot.needs), spot.pool, spot.hilo
    best, low_key = _best_key(spot), _low_key(spot)
    spades = _SPADE_KEYS[spot.spade] if spot.spade else ()
    private = [n - 1 if spot.community else n for n in spot.needs]
    draw = sum(private) + (1 if spot.community else 0)
    counts: Counts = {}
    done = 0
    started = time.perf_counter()
    while True:
        size = 2_000 if samples is None else min(2_000, samples - done)
        if size <= 0:
            break
        for _ in range(size):
            cards = rng.sample(pool, draw)
            shared = cards[-1:] if spot.community else []
            pos = 0
            bh, hs, bl, ls = -1, 0, -1, 0
            for p in range(players):
                hand = spot.known[p] + cards[pos:pos + private[p]] + shared
                if spot.spade:  # R8.4: the first cards dealt to the player fall face down
                    down = cards[pos:pos + spot.down[p]]
                    lo = max([spot.hole_key[p], *(spades[c] for c in down)])
                if spot.lowest_down:  # R8.5: the first cards dealt to the player fall face down
                    h = wild_high_key(hand, _private_mask(spot, p, cards[pos:pos + spot.down[p]]))
                else:
                    h = best(hand, double)
                pos += private[p]
                if h > bh:
                    bh, hs = h, 1 << p
                elif h == bh:
                    hs |= 1 << p
                if hilo:
                    if not spot.spade:
                        lo = low_key(hand)
                    if lo > bl:
                        bl, ls = lo, 1 << p
                    elif lo == bl and lo >= 0:
                        ls |= 1 << p
            key = (hs << players) | ls if hilo else hs
            counts[key] = counts.get(key, 0) + 1
        done += size
        if progress is not None:
            progress(done, samples if samples is not None else done)
        if seconds is not None and time.perf_counter() - started >= seconds:
            break
    return counts, done


def _summarize(
    hist: Counts, spot: _Spot, deals: int, exact: bool
) -> tuple[tuple[PlayerEquity, ...], float | None]:
    players = len(spot.needs)
    size = 1 << players
    half = _POT // 2
    units = [0] * players
    squares = [0] * players
    high_units = [0] * players
    low_units = [0] * players
    win = [0] * players
    tie = [0] * players
    scoop = [0] * players
    low_win = [0] * players
    low_tie = [0] * players
    no_low = 0
    for idx, count in sorted(hist.items()):
        hs, ls = (idx >> players, idx & (size - 1)) if spot.hilo else (idx, 0)
        nh, nl = hs.bit_count(), ls.bit_count()
        if spot.hilo and not ls:
            no_low += count
        for p in range(players):
            in_h, in_l = hs >> p & 1, ls >> p & 1
            # R3.7: half to the high and half to the low, ties splitting their half;
            # no qualifying low: the high takes it all.
            h_share = (half if ls else _POT) // nh if in_h else 0
            l_share = half // nl if in_l else 0
            share = h_share + l_share
            units[p] += count * share
            squares[p] += count * share * share
            high_units[p] += count * h_share
            low_units[p] += count * l_share
            if in_h:
                if nh == 1:
                    win[p] += count
                else:
                    tie[p] += count
            if in_l:
                if nl == 1:
                    low_win[p] += count
                else:
                    low_tie[p] += count
            if share == _POT:
                scoop[p] += count
    out = []
    total_units = _POT * deals
    for p in range(players):
        mean = units[p] / total_units
        if exact or deals < 2:
            se = 0.0
        else:
            var = squares[p] / (_POT * _POT * deals) - mean * mean
            se = math.sqrt(max(var, 0.0) / (deals - 1))
        cards = format_cards([Card.from_code(c) for c in spot.known[p]])
        if spot.spade or spot.lowest_down:  # R8.4, R8.5: "down / up"
            hole = spot.hole[p]
            cards = (format_cards([Card.from_code(c) for c in hole]) + " / " + format_cards(
                [Card.from_code(c) for c in spot.known[p] if c not in hole])).strip()
        if spot.spade:  # R8.4: "down / up"
            hole = spot.hole[p]
            cards = (format_cards([Card.from_code(c) for c in hole]) + " / " + format_cards(
                [Card.from_code(c) for c in spot.known[p] if c not in hole])).strip()
            out.append(PlayerEquity(
                cards=cards, equity=mean, std_error=se, win=win[p] / deals, tie=tie[p] / deals,
                high=high_units[p] / total_units, spade=low_units[p] / total_units,
                scoop=scoop[p] / deals, spade_win=low_win[p] / deals,
            ))
        elif spot.hilo:
            out.append(
                PlayerEquity(
                    cards=cards,
                    equity=mean,
                    std_error=se,
                    win=win[p] / deals,
                    tie=tie[p] / deals,
                    high=high_units[p] / total_units,
                    low=low_units[p] / total_units,
                    scoop=scoop[p] / deals,
                    low_win=low_win[p] / deals,
                    low_tie=low_tie[p] / deals,
                )
            )
        else:
            out.append(
                PlayerEquity(cards=cards, equity=mean, std_error=se, win=win[p] / deals, tie=tie[p] / deals)
            )
    return tuple(out), (no_low / deals if spot.hilo else None)


def compute(
    game: str = "stud",
    hands: Sequence[CardsLike] = (),
    dead: CardsLike = "",
    joker: bool = False,
    *,
    board: CardsLike = "",
    double_ace_flush: bool = False,
    samples: int | None = None,
    seconds: float | None = None,
    exact: bool | None = None,
    seed: int = 0,
    progress: Progress | None = None,
    backend: Backend = "auto",
    wild: Iterable[RankLike] | str | None = None,
    hole: Sequence[CardsLike] | None = None,
) -> EquityResult:
    """Each player's share of the pot at showdown, exact or by Monte Carlo.

    Args:
        game: ``"stud"`` (high only), ``"wallstreet"`` or ``"stud8"`` (hi-lo, R3.7,
            R5.2), ``"razz"`` (the best razz low takes the pot, R6.2),
            ``"baseball"``, ``"follow_the_queen"`` (high with wild cards, R8.1),
            ``"high_chicago"``, ``"low_chicago"`` (the high and the spade in the hole, R8.4),
            ``"kings_and_little_ones"`` (kings wild, and each player's lowest rank face
            down wild for that player, R8.5).
        hands: one entry per player: that player's known cards, down and up, as
            text (``"Ah Kh 7h 2h 9c"``), or Cards, texts or codes. Up to 7 each;
            the missing ones come from the stub. In Chicago and Kings and Little
            Ones ``"down / up"`` (``"As 7s / Kd"``) says which are face down.
        dead: cards out of play (folded up cards, the Wall Street market).
        joker: the deck holds the joker (53 cards, R1.2).
        board: a community card already dealt (R1.10), part of every hand.
        double_ace_flush: R1.2 option.
        samples: Monte Carlo deals. Also the budget: with ``exact=None`` the
            spot is enumerated when it has at most four times this many deals
            (enumerating a deal costs well under a quarter of sampling one).
        seconds: Monte Carlo time budget instead of a sample count (a small
            spot is still enumerated when it fits the budget).
        exact: True to always enumerate, False to always sample, None to choose:
            enumerate when the deals are at most ``4 * samples``, or what
            ``seconds`` allows, or :data:`EXACT_LIMIT`.
        seed: seed of the Monte Carlo streams (same seed, same answer).
        progress: called as ``progress(done, total)`` after each batch.
        backend: ``"fast"`` (:mod:`studpoker.fast`, the ``[fast]`` extra),
            ``"python"`` (standard library only, with the smaller defaults
            :data:`PYTHON_EXACT_LIMIT` and :data:`PYTHON_DEFAULT_SAMPLES`) or
            ``"auto"`` (fast when installed). Exact answers are the same.
        wild: the wild ranks (R8.1; ``"93"``, ``{"Q", "7"}``), default those of
            :data:`WILD_DEFAULTS` for ``"baseball"`` and ``"follow_the_queen"``,
            none for the others. They stay as given for the whole deal, and
            every player ends with seven cards (or the cards they hold, when
            more): Baseball's extra card for a future 4, the price of a future
            3 and Follow the Queen's future follower ranks are not played
            out. Monte Carlo with wild cards runs in pure Python.
        hole: Chicago and Kings and Little Ones only: each player's known cards
            face down (a part of their hand), instead of ``"down / up"``; without
            either, a hand is read in dealing order (the first two cards and the
            seventh down). In Kings and Little Ones the cards to come fall face
            down or up as in Chicago, and each way gives the player its own
            lowest face-down rank, wild for that player (R8.5).

    Raises:
        CardError: bad, duplicate or too many cards, or the joker without ``joker``.
        ValueError: unknown game or backend, or not 1 to 8 players.
        MissingExtra: ``backend="fast"`` without the ``[fast]`` extra (an ImportError).

    >>> r = compute("wallstreet", ["As 2s 3s 4d 5c 9h", "Kh Kd Ks 8c 8d 2h"], dead="Ac Ad")
    >>> r.exact, r.total_deals, r.players[0].low, r.players[1].high
    (True, 1406, 0.5, 0.5)
    """
    started = time.perf_counter()
    use_fast = _use_fast(backend)
    spot = _parse_spot(game, hands, dead, joker, board, wild, hole)
    if samples is not None and samples < 1:
        raise ValueError("samples must be at least 1")
    if seconds is not None and seconds <= 0:
        raise ValueError("seconds must be positive")
    if exact is None:
        if samples is not None:
            limit = samples * _EXACT_PER_SAMPLE
        elif seconds is not None:
            limit = int(seconds * (_EXACT_RATE if use_fast else _PYTHON_EXACT_RATE))
        else:
            limit = EXACT_LIMIT if use_fast else PYTHON_EXACT_LIMIT
        exact = spot.total_deals <= limit
    double = bool(double_ace_flush)
    if exact:
        hist = _exact(spot, double, progress, _fast_exact_counts if use_fast else _py_exact_counts)
        deals = spot.total_deals
    else:
        if samples is None and seconds is None:
            samples = DEFAULT_SAMPLES if use_fast and not spot.wild else PYTHON_DEFAULT_SAMPLES
        sampler = _sample if use_fast and not spot.wild else _py_sample
        hist, deals = sampler(spot, double, samples, seconds, seed, progress)
    players, no_low = _summarize(hist, spot, deals, exact)
    return EquityResult(
        game=game,
        hilo=spot.hilo and not spot.spade,
        exact=exact,
        samples=None if exact else deals,
        deals=deals,
        total_deals=spot.total_deals,
        players=players,
        no_low=None if spot.spade else no_low,
        seconds=time.perf_counter() - started,
        no_spade=no_low if spot.spade else None,
    )


def equities(
    game: str,
    hands: Sequence[CardsLike],
    dead: CardsLike = "",
    joker: bool = False,
    *,
    board: CardsLike = "",
    double_ace_flush: bool = False,
    samples: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
    backend: Backend = "auto",
    wild: Iterable[RankLike] | str | None = None,
    hole: Sequence[CardsLike] | None = None,
) -> list[float]:
    """Just each player's equity, in order: :func:`compute` for bots and scripts.

    Exact when the spot has at most ``4 * samples`` deals (or what ``seconds``
    allows, or :data:`EXACT_LIMIT`), else ``samples`` seeded Monte Carlo deals.

    >>> [round(e, 4) for e in equities("stud", ["Ah Kh 7h 2h 9c", "Qs Qd Jc Jd 4s"], samples=200_000)]
    [0.3816, 0.6184]
    """
    result = compute(
        game, hands, dead, joker, board=board,
        double_ace_flush=double_ace_flush, samples=samples, seconds=seconds, seed=seed, backend=backend,
        wild=wild, hole=hole,
    )
    return result.equities


def _use_fast(backend: str) -> bool:
    if backend == "auto":
        return FAST_AVAILABLE
    if backend == "python":
        return False
    if backend == "fast":
        if not FAST_AVAILABLE:
            import studpoker.fast  # noqa: F401  (raises MissingExtra naming studpoker[fast])
        return True
    raise ValueError(f"unknown backend {backend!r}: choose 'auto', 'fast' or 'python'")


def warmup() -> None:
    """Load (or, the first time on a machine, compile) every kernel :func:`compute` uses.

    Loading takes about a second; compiling, tens of seconds (then cached on
    disk next to the module). A server or bot may call this at start-up so that
    its first decision is not the slow one. Nothing to do without the ``[fast]`` extra.
    """
    if not FAST_AVAILABLE:
        return
    fast.warmup()
    kernels: dict[tuple[bool, bool, int], str] = {}  # one game of each count: high, high-low, razz
    for name, hilo in GAMES.items():
        if name not in WILD_DEFAULTS and name not in SPADE_GAMES:
            kernels.setdefault((hilo, name in LOWBALL, _cards(ENGINE_GAMES[name])), name)
    for (_, _, size), game in kernels.items():  # one card to come for each player
        hands = [" ".join(h.split()[:size - 1]) for h in ("Ah Kh 7h 2h 9c 3d", "Qs Qd Jc Jd 4s 5s")]
        compute(game, hands, exact=True)
        compute(game, hands, exact=False, samples=16)
