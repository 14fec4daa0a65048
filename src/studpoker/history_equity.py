"""Equity street by street of a hand history, as one player saw the hand.

For an imported hand (or any PHH hand), :func:`street_equities` gives, at the
start of each betting round, every player still in and the share of the pot
they could expect at showdown (:func:`studpoker.equity.compute`), from the
cards the viewer knew then: the viewer's own cards, the other players' up
cards, the folded players' up cards as dead cards. The viewer is the file's
hero (``_hero``, as ``studpoker import`` writes it) unless named; with no
viewer, only the up cards count (what the rail saw).

>>> from studpoker import phh
>>> from studpoker.engine import SevenCardStud
>>> game = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)
>>> hand = game.deal(stacks=[50, 50], dealer=1, deck="As Kd Ah Kc 2c 3d Ad Ks")
>>> hand.bring_in(); hand.check_or_call()
>>> h = phh.from_hand(hand, fields={"players": ["ann", "bob"], "_hero": "ann"})
>>> [(s.street, s.players) for s in street_equities(h, samples=200)]
[('third', ('ann', 'bob')), ('fourth', ('ann', 'bob'))]
"""

from __future__ import annotations

from dataclasses import dataclass

from studpoker import phh
from studpoker.engine.cards import Card
from studpoker.engine.games import GAMES
from studpoker.engine.operations import ActionTaken, CardDealt, CommunityCardDealt, StreetStarted
from studpoker.equity import GAMES as EQUITY_GAMES
from studpoker.equity import SPADE_GAMES, compute

__all__ = ["StreetEquity", "street_equities"]

_GAME_OF_VARIANT = {
    code: name for code, name in phh.VARIANT_GAMES.items()
    if name in EQUITY_GAMES and name not in SPADE_GAMES and not GAMES[name].has_market
    and not GAMES[name].wild and not GAMES[name].follow_the_queen
}
"""The variants whose equity is computed street by street: a game :func:`compute` counts with
no market, no wild card and no spade in the hole (Seven Card Stud, Stud Hi-Lo, Razz)."""


@dataclass(frozen=True, kw_only=True)
class StreetEquity:
    """The players still in at the start of a street's betting, and their equity."""

    street: str
    players: tuple[str, ...]
    cards: tuple[str, ...]
    equity: tuple[float, ...]
    exact: bool

    def to_dict(self) -> dict[str, object]:
        """JSON-ready: street, players, cards, equity, exact."""
        return {"street": self.street, "players": list(self.players), "cards": list(self.cards),
                "equity": list(self.equity), "exact": self.exact}


def street_equities(history: phh.HandHistory, *, viewer: str | None = None, samples: int = 20_000,
                    seed: int = 0) -> list[StreetEquity]:
    """Each street's equities (see the module doc). Raises :class:`studpoker.phh.PHHError`
    for a hand that does not replay and ``ValueError`` for a game without an equity
    engine (Wall Street's market is not modelled street by street)."""
    game = _GAME_OF_VARIANT.get(history.variant)
    if game is None:
        titles = ", ".join(GAMES[name].title for name in _GAME_OF_VARIANT.values())
        raise ValueError(f"no street equity for {history.variant}: {titles} only")
    result = phh.replay_result(history)
    hand = result.hand
    names = history.players or [f"p{p + 1}" for p in range(hand.n)]
    label = {result.seat(p): names[p] for p in range(hand.n)}
    hero = viewer if viewer is not None else history.fields.get("_hero")
    seen = next((s for s, name in label.items() if name == hero), None)
    cards: dict[int, list[tuple[Card, bool]]] = {s: [] for s in range(hand.n)}
    board: list[Card] = []
    folded: set[int] = set()
    out: list[StreetEquity] = []
    street: str | None = None

    def measure() -> None:
        alive = [s for s in range(hand.n) if s not in folded]
        if street is None or len(alive) < 2:
            return
        known = [[c for c, up in cards[s] if up or s == seen] for s in alive]
        dead = [c for s in folded for c, up in cards[s] if up]
        r = compute(game, known, dead, board=board, samples=samples, seed=seed)
        out.append(StreetEquity(street=street, players=tuple(label[s] for s in alive),
                                cards=tuple(" ".join(map(str, k)) for k in known),
                                equity=tuple(p.equity for p in r.players), exact=r.exact))

    pending = False
    for op in hand.log:
        if isinstance(op, CardDealt):
            assert op.card is not None
            cards[op.seat].append((op.card, op.face_up))
            continue
        if isinstance(op, CommunityCardDealt):
            board.append(op.card)
            continue
        if pending:  # the street's cards are all dealt
            measure()
            pending = False
        if isinstance(op, StreetStarted):
            street, pending = op.name, True
        elif isinstance(op, ActionTaken) and op.action.kind.value == "fold":
            folded.add(op.action.seat)
    if pending:  # an unfinished hand
        measure()
    return out
