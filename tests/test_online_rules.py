"""Stud Hi-Lo (R5) and Razz (R6) as online rooms and card rooms deal them.

Real online rooms publish their rules for both games: Stud Hi-Lo brings in
with the lowest door card (ace high, suits clubs < diamonds < hearts <
spades), acts first from fourth street with the highest board (ties: the
first player clockwise from the dealer's left), has no open-pair big bet and
splits each pot between the best high and the best eight-or-better low; Razz
brings in with the highest door card (king high, ace low, ties broken by
suit with spades highest, as PokerStars has it), acts first with the lowest
board and gives each pot to the best ace-to-five low. The hands below are our
own, written at an online room's stakes in cents (ante 10, bring-in 25,
100/200), each with the finishing stacks those rules give (worked out by
hand): replaying them checks the bring-in, the first player to act on every
street, every amount and the split. Where a room's rule differs from ours,
docs/rules-decisions.md says so ("Stud Hi-Lo and Razz").
"""

from __future__ import annotations

import pytest

from studpoker import phh
from studpoker.engine import ActionKind
from studpoker.engine.operations import ActionTaken, StreetStarted

# R6.3: two kings showing, the king of spades (p1) brings in, not the king of hearts;
# R6.4: the lowest board acts first on every later street (p4's 8-3, then Q-8-3 ...);
# R6.2: p2's 5-4-3-2-A takes the pot of 1,365.
RAZZ_SPADES_BRING_IN = """\
variant = "FR"
antes = [10, 10, 10, 10]
bring_in = 25
small_bet = 100
big_bet = 200
starting_stacks = [1000, 1000, 1000, 1000]
actions = [
  "d dh p1 2c7dKs",
  "d dh p2 Ac3dKh",
  "d dh p3 9s9c4d",
  "d dh p4 5h6h8c",
  "p1 pb",
  "p2 cc",
  "p3 cbr 100",
  "p4 cc",
  "p1 f",
  "p2 cc",
  "d dh p2 2h",
  "d dh p3 Jc",
  "d dh p4 3c",
  "p4 cbr 100",
  "p2 cc",
  "p3 f",
  "d dh p2 4h",
  "d dh p4 Qd",
  "p4 cc",
  "p2 cbr 200",
  "p4 cc",
  "d dh p2 7c",
  "d dh p4 7s",
  "p4 cc",
  "p2 cc",
  "d dh p2 5d",
  "d dh p4 Td",
  "p4 cc",
  "p2 cbr 200",
  "p4 cc",
  "p2 sm Ac3dKh2h4h7c5d",
  "p4 sm 5h6h8c3cQd7sTd",
]
seats = [1, 2, 3, 4]
finishing_stacks = [965, 1755, 890, 390]
winnings = [0, 1365, 0, 0]
"""

# R6.3: the queen brings in; R6.4: p2 and p3 show the same boards (5-3, 7-5-3, ...): p2,
# first clockwise from the dealer's left, acts first; R6.2, R6.5: both hold 7-5-3-2-A, the
# pot of 255 splits 128/127, the odd chip to the lowest card (the ace of diamonds, p2).
RAZZ_TIED_LOWS = """\
variant = "FR"
antes = [10, 10, 10]
bring_in = 25
small_bet = 100
big_bet = 200
starting_stacks = [1000, 1000, 1000]
actions = [
  "d dh p1 KcKdQs",
  "d dh p2 Ad2d3c",
  "d dh p3 As2s3h",
  "p1 pb",
  "p2 cbr 100",
  "p3 cc",
  "p1 f",
  "d dh p2 5c",
  "d dh p3 5h",
  "p2 cc",
  "p3 cc",
  "d dh p2 7d",
  "d dh p3 7h",
  "p2 cc",
  "p3 cc",
  "d dh p2 8d",
  "d dh p3 8s",
  "p2 cc",
  "p3 cc",
  "d dh p2 Kh",
  "d dh p3 Ks",
  "p2 cc",
  "p3 cc",
  "p2 sm Ad2d3c5c7d8dKh",
  "p3 sm As2s3h5h7h8sKs",
]
seats = [1, 2, 3]
finishing_stacks = [965, 1018, 1017]
winnings = [0, 128, 127]
"""

# R5.4: the six of spades brings in (below both sevens); the highest board acts first;
# R5.2: p3's full house takes the high half (165), p1 and p2 tie with 7-5-4-2-A and
# split the low half 82/83, the odd chip by R2.10 (the ace of diamonds above the ace of clubs).
STUD8_QUARTERED_LOW = """\
variant = "F7S/8"
antes = [10, 10, 10]
bring_in = 25
small_bet = 100
big_bet = 200
starting_stacks = [1000, 1000, 1000]
actions = [
  "d dh p1 Ac2c7d",
  "d dh p2 Ad2d7h",
  "d dh p3 QsQc6s",
  "p3 pb",
  "p1 cbr 100",
  "p2 cc",
  "p3 cc",
  "d dh p1 4h",
  "d dh p2 4c",
  "d dh p3 Qd",
  "p3 cc",
  "p1 cc",
  "p2 cc",
  "d dh p1 5s",
  "d dh p2 5c",
  "d dh p3 Kh",
  "p3 cc",
  "p1 cc",
  "p2 cc",
  "d dh p1 Jh",
  "d dh p2 Jd",
  "d dh p3 Ks",
  "p3 cc",
  "p1 cc",
  "p2 cc",
  "d dh p1 9c",
  "d dh p2 9d",
  "d dh p3 3s",
  "p3 cc",
  "p1 cc",
  "p2 cc",
  "p3 sm QsQc6sQdKhKs3s",
  "p1 sm Ac2c7d4h5sJh9c",
  "p2 sm Ad2d7h4c5cJd9d",
]
seats = [1, 2, 3]
finishing_stacks = [972, 973, 1055]
winnings = [82, 83, 165]
"""

# R5.4 (R2.6): p1 and p2 both show K-9 on fourth street: p1, first clockwise from the
# dealer's left, acts first; R5.3: no open-pair big bet; R5.2: no qualifying low, the
# high (p1's aces) takes the whole pot of 305.
STUD8_TIED_BOARDS = """\
variant = "F7S/8"
antes = [10, 10, 10]
bring_in = 25
small_bet = 100
big_bet = 200
starting_stacks = [1000, 1000, 1000]
actions = [
  "d dh p1 AhAsKd",
  "d dh p2 QdQsKc",
  "d dh p3 TsJc2s",
  "p3 pb",
  "p1 cc",
  "p2 cc",
  "d dh p1 9h",
  "d dh p2 9d",
  "d dh p3 6c",
  "p1 cbr 100",
  "p2 cc",
  "p3 f",
  "d dh p1 Th",
  "d dh p2 4c",
  "p1 cc",
  "p2 cc",
  "d dh p1 Js",
  "d dh p2 3c",
  "p1 cc",
  "p2 cc",
  "d dh p1 8d",
  "d dh p2 Jd",
  "p1 cc",
  "p2 cc",
  "p1 sm AhAsKd9hThJs8d",
  "p2 sm QdQsKc9d4c3cJd",
]
seats = [1, 2, 3]
finishing_stacks = [1170, 865, 965]
winnings = [305, 0, 0]
"""


def first_actors(result: phh.ReplayResult) -> list[str]:
    """The player (p1 ...) who acted first on each street."""
    out: list[str] = []
    street = -1
    for op in result.hand.log:
        if isinstance(op, StreetStarted):
            street = op.index
        elif isinstance(op, ActionTaken) and len(out) == street and op.action.kind is not ActionKind.SHOW:
            out.append(f"p{result.player(op.action.seat) + 1}")
    return out


@pytest.mark.parametrize(("text", "bring_in", "first", "winnings"), [
    (RAZZ_SPADES_BRING_IN, "p1", ["p1", "p4", "p4", "p4", "p4"], [0, 1365, 0, 0]),
    (RAZZ_TIED_LOWS, "p1", ["p1", "p2", "p2", "p2", "p2"], [0, 128, 127]),
    (STUD8_QUARTERED_LOW, "p3", ["p3", "p3", "p3", "p3", "p3"], [82, 83, 165]),
    (STUD8_TIED_BOARDS, "p3", ["p3", "p1", "p1", "p1", "p1"], [305, 0, 0]),
], ids=["razz-spades-bring-in", "razz-tied-lows", "stud8-quartered-low", "stud8-tied-boards"])
def test_r5_r6_online_room_hands_replay_to_the_rooms_results(
        text: str, bring_in: str, first: list[str], winnings: list[int]) -> None:
    """R5.2-R5.4, R6.2-R6.5: the bring-in, the first to act on each street, every amount and
    the pots' split of each hand are as the rooms' rules give them."""
    result = phh.replay_result(phh.read_one(text))  # checks finishing_stacks against the engine
    assert result.hand.is_over
    assert first_actors(result)[0] == bring_in
    assert first_actors(result) == first
    won = [0] * result.hand.n
    for r in result.hand.results:
        for seat, amount in r.shares:
            won[result.player(seat)] += amount
    assert won == winnings == result.history.winnings
    assert result.finishing_stacks == result.history.finishing_stacks
