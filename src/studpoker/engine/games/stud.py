"""Seven Card Stud, fixed limit (R2): the game, and the base of its variants (R5, R6, R8).

>>> game = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)
>>> game.name, game.phh_code, game.stakes_text()
('stud', 'F7S', 'ante 1, bring-in 2, 5/10')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import ClassVar

from studpoker.engine.cards import Rank
from studpoker.engine.games.base import (
    DoorCard,
    Game,
    GameError,
    Opener,
    Street,
    bets_text,
    check_options,
    check_positive,
    deal_text,
    fold_text,
    option_names,
    showdown_section,
)

__all__ = ["STUD_STAKES", "SevenCardStud"]

STUD_STAKES: Mapping[str, object] = MappingProxyType(
    {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10})
"""The house stakes of the stud games: ante 1, bring-in 2, 5/10."""


@dataclass(frozen=True, kw_only=True)
class SevenCardStud(Game):
    """Seven Card Stud, fixed limit (R2), with every house option of docs/rules.md.

    Options and their defaults: ``joker`` (off, R1.2), ``double_ace_flush``
    (off, R1.2), ``max_raises`` (3, R1.5), ``heads_up_uncapped`` (on, R1.5),
    ``open_pair_big_bet`` (on, R2.6), ``showdown_muck`` (on, R1.9: a player
    may muck at showdown instead of showing), ``open_pair_raise_big`` (off,
    R2.6: a small first bet on an open pair may be raised by the big bet, after
    which every raise of that street is big; needs ``open_pair_big_bet``),
    ``fold_when_check`` (off, R1.5: a fold is offered where a check is legal).
    """

    name: ClassVar[str] = "stud"
    title: ClassVar[str] = "Seven Card Stud"
    aliases: ClassVar[tuple[str, ...]] = ("sevencardstud", "7stud", "7cs")
    phh_code: ClassVar[str] = "F7S"
    order: ClassVar[int] = 100
    default_stakes: ClassVar[Mapping[str, object]] = STUD_STAKES
    stakes_kind: ClassVar[str] = "stud"
    stake_names: ClassVar[tuple[str, ...]] = ("ante", "bring_in", "small_bet", "big_bet")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 8
    high_low: ClassVar[bool] = False
    FLAGS: ClassVar[tuple[str, ...]] = (*Game.FLAGS, "open_pair_big_bet", "open_pair_raise_big")

    ante: int
    bring_in: int
    small_bet: int
    big_bet: int
    joker: bool = False
    double_ace_flush: bool = False
    max_raises: int = 3
    heads_up_uncapped: bool = True
    open_pair_big_bet: bool = True
    showdown_muck: bool = True
    open_pair_raise_big: bool = False
    fold_when_check: bool = False
    streets: tuple[Street, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        check_options(self)
        check_positive("ante", self.ante, zero_ok=True)
        check_positive("bring_in", self.bring_in)
        check_positive("small_bet", self.small_bet)
        check_positive("big_bet", self.big_bet)
        check_positive("max_raises", self.max_raises, zero_ok=True)
        if self.bring_in >= self.small_bet:
            raise GameError(
                f"bring_in ({self.bring_in}) must be less than small_bet ({self.small_bet})"
            )
        if self.big_bet < self.small_bet:
            raise GameError(f"big_bet ({self.big_bet}) must be >= small_bet ({self.small_bet})")
        if self.open_pair_raise_big and not self.open_pair_big_bet:
            raise GameError("open_pair_raise_big needs open_pair_big_bet (R2.6: it raises a small "
                            "first bet on an open pair by the big bet)")
        small, big, board = self.small_bet, self.big_bet, self.board_opener
        streets = (
            Street(name="third", down=2, up=1, opener=Opener.BRING_IN, bet=small),
            Street(
                name="fourth", up=1, opener=board, bet=small,
                big_bet=big if self.open_pair_big_bet else None,
                open_pair=self.open_pair_big_bet, raise_big=self.open_pair_raise_big,
            ),
            Street(name="fifth", up=1, opener=board, bet=big),
            Street(name="sixth", up=1, opener=board, bet=big),
            Street(name="seventh", down=1, opener=board, bet=big),
        )
        object.__setattr__(self, "streets", streets)

    @property
    def bring_in_amount(self) -> int:
        return self.bring_in

    def options(self) -> dict[str, object]:
        """Every option, from the fields (what :func:`~studpoker.engine.games.from_options` takes)."""
        return {"game": self.name, **{f.name: getattr(self, f.name) for f in fields(self) if f.init}}

    def stakes_text(self) -> str:
        return f"ante {self.ante}, bring-in {self.bring_in}, {self.small_bet}/{self.big_bet}"

    def rules_sections(self) -> list[dict[str, str]]:
        bring_in, small, big = self.bring_in, self.small_bet, self.big_bet
        if self.bring_in_card is DoorCard.HIGHEST:
            door = ("The highest door card (king high, ace low; between equal ranks spades, then hearts, "
                    "diamonds, clubs)")
        elif self.bring_in_card is DoorCard.HIGHEST_ACE_HIGH:
            door = ("The highest door card (aces highest; between equal ranks spades, then hearts, "
                    "diamonds, clubs)")
        else:
            door = "The lowest door card (ace high; ties by suit: clubs, diamonds, hearts, spades)"
        if self.board_opener is Opener.LOW_BOARD:
            first = ("the lowest hand showing acts first (counted like a razz hand: a pair showing is "
                     "worse than any unpaired cards)")
        elif self.board_opener is Opener.DEUCE_SEVEN_BOARD:
            first = ("the lowest hand showing acts first (counted deuce to seven, aces high: a pair "
                     "showing is worse than any unpaired cards; straights and flushes do not count "
                     "on the board)")
        elif self.board_opener is Opener.WILD_BOARD:
            first = "the best hand showing acts first, read with the wild cards"
        else:
            first = "the best hand showing acts first (pairs and better; straights and flushes do not count)"
        cap = (f"A bet and {self.max_raises} raises at most per street"
               + (" (no cap when only two players are left)." if self.heads_up_uncapped else "."))
        second = self.streets[1].name  # the street of the open pair (R2.6, R9.2)
        if self.open_pair_big_bet:
            open_pair = (f"If anyone shows a pair on {second} street, the first bet may be the big bet "
                         f"({big}); raises on that street then go up by the same amount.")
            if self.open_pair_raise_big:  # R2.6 option
                open_pair += (f" A small first bet may also be raised by the big bet ({big}); after "
                              "that every raise on the street is big.")
        elif "open_pair_big_bet" in option_names(self.name):
            open_pair = f"This table does not use the open-pair rule: {second} street bets are small."
        else:
            open_pair = f"No open-pair rule in {self.title}: {second} street bets are always {small}."
        wild: list[tuple[str, str]] = []
        if self.wild or self.follow_the_queen:
            ranks = [Rank(r).plural for r in range(12, -1, -1) if self.wild >> r & 1]
            text = f"{' and '.join(ranks).capitalize()} are wild."
            if self.follow_the_queen:
                text += (" Whenever a queen is dealt face up, the rank of the next face-up card (to "
                         "anyone) is wild too, replacing the earlier one; a queen as the last face-up "
                         "card leaves only queens wild. Down cards never change what is wild.")
            if self.extra_card_rank is not None:
                text += (f" A {Rank(self.extra_card_rank).word} dealt face up gives its holder "
                         "one more card face up at once.")
            if self.price_rank is not None:
                text += (f" A {Rank(self.price_rank).word} dealt face up costs its holder "
                         f"{self.up_card_price}, paid into the pot, or the holder folds.")
            text += " For the bring-in a wild door card counts as its own rank and suit."
            wild.append(("Wild cards", text))
        return [{"title": t, "text": x} for t, x in (
            ("The deal", f"{self.min_players} to {self.max_players} players. Everyone antes {self.ante}. "
             + deal_text(self)),
            *wild,
            ("Bring-in and completion", f"{door} must bring in for {bring_in} or complete to {small}. "
             f"The others fold, call the bring-in, or complete to {small}; after a completion raises "
             f"go up by {small}."),
            ("Betting", f"Fixed limit: {bets_text(self)}. {cap} From {second} street on, {first}."
             + fold_text(self)),
            ("Open pair", open_pair),
            showdown_section(self),
        )]


