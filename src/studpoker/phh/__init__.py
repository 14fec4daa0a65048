"""Hand histories in PHH, the Poker Hand History standard: read, write, export, replay.

PHH (uoftcprg/phh-std) is the ecosystem's hand history format: a TOML file
(``.phh``) per hand, or one TOML table per hand in a ``.phhs`` file. PokerKit
reads and writes it. This module is to PHH what python-chess's ``pgn`` is to
PGN: :func:`read` parses a file and reports the line and reason of every
mistake, :func:`write` produces a file, :func:`from_hand` exports any hand the
engine played (its operation log is the source), and :func:`replay` plays a
history through the engine, stopping with a :class:`PHHError` at the first
action our rules forbid.

Variants: Seven Card Stud is ``F7S``, Seven Card Stud Hi-Lo eight or
better ``F7S/8`` and Razz ``FR``, exactly as the standard has them; our
options that the standard lacks are underscore fields (``_joker``,
``_open_pair_big_bet``, ``_max_raises``, ``_heads_up_uncapped``,
``_double_ace_flush``, ``_showdown_muck``, ``_open_pair_raise_big``,
``_fold_when_check``; each variant takes those of its game), written only
when they differ from the defaults of docs/rules.md (``_showdown_muck``: true for
the stud games, false for FWS, R1.9/R3.10).
Wall Street is ``FWS``, defined in ``docs/phh-wall-street.md``; the home games
with wild cards and the Chicago split (R8) are ``FBB`` (Baseball), ``FFQ``
(Follow the Queen), ``FHC`` (High Chicago) and ``FLC`` (Low Chicago), defined
in ``docs/phh-home-games.md``: staked like stud, with Baseball's
``_three_price``, its payments for a face-up 3 (``pN pay AMOUNT``) and the
extra card of a face-up 4 (its own ``d dh``) in the actions. The wild ranks
are never written: the game gives them, and the cards give Follow the Queen's
follower.

Players: ``p1`` is the seat at the dealer's left, ``p2`` the next one
clockwise, and so on. Replay seats ``pN`` at seat ``N - 1`` with the dealer at
the last seat, unless the ``seats`` field holds the table's seat numbers in
that clockwise order (as :func:`from_hand` writes), which recovers the
original seats and dealer.

Stud showdowns are written as PokerKit plays them: when betting ends before
the last card (all-in), the hands are exposed with the cards held then, the
remaining cards are dealt and each player then shows or mucks; on replay a
player's last ``sm`` is the decision. When everyone else mucked, the last
player (who takes the pots unseen, R1.9) is written showing, or with ``??``
cards in the public view, so that every contender has a showdown action.

The package's modules, each importing only those listed before it:
:mod:`~studpoker.phh.variants` (the variant codes and our ``_`` fields, derived from the game
classes), :mod:`~studpoker.phh.hand_history` (:class:`HandHistory`, :class:`PHHError`, the PHH
text), :mod:`~studpoker.phh.reading` (TOML parsing and validation, the action notation),
:mod:`~studpoker.phh.writing` (:func:`from_hand` and its handlers on the engine's log),
:mod:`~studpoker.phh.planner` (the deck planner and the replay) and
:mod:`~studpoker.phh.reports` (summaries of a replayed hand). Everything public is here.

>>> from studpoker.engine import SevenCardStud
>>> from studpoker import phh
>>> game = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)
>>> hand = game.deal(stacks=[50, 50, 50], dealer=2, deck="As Kd 2c Qh Jd 7c Ts 9s 8d")
>>> hand.bring_in(); hand.fold(); hand.fold()
>>> text = phh.write(phh.from_hand(hand))
>>> print(text)  # doctest: +NORMALIZE_WHITESPACE
variant = "F7S"
antes = [1, 1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [50, 50, 50]
actions = [
  "d dh p1 AsQhTs",
  "d dh p2 KdJd9s",
  "d dh p3 2c7c8d",
  "p3 pb",
  "p1 f",
  "p2 f",
]
seats = [1, 2, 3]
finishing_stacks = [49, 49, 52]
winnings = [0, 0, 3]
>>> phh.replay(phh.read_one(text)).payoffs
(-1, -1, 2)
"""

from __future__ import annotations

from studpoker.phh.hand_history import UNKNOWN as UNKNOWN
from studpoker.phh.hand_history import HandHistory, PHHError, write, write_all
from studpoker.phh.planner import ReplayResult, for_viewer, replay, replay_all, replay_result
from studpoker.phh.reading import _from_table as _from_table  # studpoker.stats reads tables itself
from studpoker.phh.reading import read, read_one
from studpoker.phh.reports import step_blocks, summary_dict, summary_lines
from studpoker.phh.variants import (
    BASEBALL,
    FOLLOW_THE_QUEEN,
    GAME_VARIANTS,
    HIGH_CHICAGO,
    LOW_CHICAGO,
    RAZZ,
    STUD,
    STUD_HI_LO,
    VARIANT_GAMES,
    VARIANTS,
    WALL_STREET,
)
from studpoker.phh.writing import from_hand

__all__ = [
    "BASEBALL",
    "FOLLOW_THE_QUEEN",
    "GAME_VARIANTS",
    "HIGH_CHICAGO",
    "LOW_CHICAGO",
    "RAZZ",
    "STUD",
    "STUD_HI_LO",
    "VARIANTS",
    "VARIANT_GAMES",
    "WALL_STREET",
    "HandHistory",
    "PHHError",
    "ReplayResult",
    "for_viewer",
    "from_hand",
    "read",
    "read_one",
    "replay",
    "replay_all",
    "replay_result",
    "step_blocks",
    "summary_dict",
    "summary_lines",
    "write",
    "write_all",
]
