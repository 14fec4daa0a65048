"""Tables: many hands in a row (R1.7, R4.1-R4.4)."""

from __future__ import annotations

import random

import pytest

from studpoker import ActionKind, SevenCardStud, WallStreet
from studpoker.table import Table, TableError, default_action

STUD = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)


def play_out(table: Table, rng: random.Random) -> None:
    hand = table.hand
    assert hand is not None
    while not hand.is_over:
        table.act(rng.choice(hand.legal_actions()))


def test_r4_1_chips_carry_from_hand_to_hand() -> None:
    """R4.1: seated players' chips carry over; the total never changes."""
    table = Table(game=STUD, seats=5)
    for i in range(4):
        table.sit(i, name=f"p{i}", chips=100)
    rng = random.Random(1)
    for _ in range(20):
        if not table.can_start():
            break
        hand = table.start_hand(seed=rng.randrange(10**9))
        play_out(table, rng)
        assert table.hand is hand and hand.is_over
        assert sum(p.chips for p in table.seats if p is not None) == 400
    assert table.hands_played >= 2


def test_r1_7_button_moves_one_occupied_seat_clockwise() -> None:
    """R1.7: the dealer position moves one occupied seat clockwise each hand, skipping empty seats."""
    table = Table(game=STUD, seats=6)
    for i in (0, 2, 3, 5):
        table.sit(i, name=f"p{i}", chips=500)
    rng = random.Random(2)
    buttons = []
    for _ in range(5):
        table.start_hand(seed=rng.randrange(10**9))
        buttons.append(table.button)
        assert table.hand is not None
        assert table.hand_seats[table.hand.dealer] == table.button
        play_out(table, rng)
    assert buttons == [0, 2, 3, 5, 0]


def test_r4_2_minimum_players_and_busted_players_sit_out() -> None:
    """R4.2: a hand needs the game's minimum of ready players with chips; a busted player sits out."""
    ws = Table(game=WallStreet(ante=1, limits=2), seats=5)
    ws.sit(0, name="a", chips=50)
    ws.sit(1, name="b", chips=50)
    assert not ws.can_start()
    with pytest.raises(TableError, match="needs 3"):
        ws.start_hand()
    ws.sit(2, name="c", chips=0)
    assert ws.seats[2] is not None and ws.seats[2].sitting_out
    with pytest.raises(TableError, match="no chips"):
        ws.sit_out(2, out=False)
    ws.add_chips(2, 40)
    ws.sit_out(2, out=False)
    assert ws.can_start()
    # heads-up stud until someone busts
    table = Table(game=STUD, seats=2)
    table.sit(0, name="a", chips=30)
    table.sit(1, name="b", chips=30)
    rng = random.Random(5)
    while table.can_start():
        table.start_hand(seed=rng.randrange(10**9))
        play_out(table, rng)
    busted = [p for p in table.seats if p is not None and p.chips == 0]
    assert len(busted) == 1 and busted[0].sitting_out


def test_r4_3_sit_out_join_and_leave_between_hands() -> None:
    """R4.3: sitting out skips the player; joining and leaving between hands."""
    table = Table(game=STUD, seats=4)
    for i in range(3):
        table.sit(i, name=f"p{i}", chips=100)
    table.sit_out(1)
    hand = table.start_hand(seed=3)
    assert table.hand_seats == [0, 2] and hand.n == 2
    with pytest.raises(TableError, match="taken"):
        table.sit(0, name="x", chips=10)
    play_out(table, random.Random(3))
    seated = table.seats[2]
    assert seated is not None
    assert table.leave(2) == seated.chips
    assert table.seats[2] is None


def test_r4_3_leaving_during_a_hand_folds_at_turn_and_takes_chips_after() -> None:
    """R4.3: a player who leaves mid-hand is folded when their turn comes; chips leave at the end."""
    table = Table(game=STUD, seats=3)
    for i in range(3):
        table.sit(i, name=f"p{i}", chips=100)
    hand = table.start_hand(seed=11)
    leaver = next(s for s in range(3) if s != table.to_act_seat())
    assert table.leave(leaver) == 0
    assert table.seats[leaver] is not None
    with pytest.raises(TableError, match="between hands"):
        table.add_chips(leaver, 10)
    while not hand.is_over:
        assert table.to_act_seat() != leaver
        table.act(next(a for a in hand.legal_actions()
                       if a.kind in (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN,
                                     ActionKind.SHOW)))
    hs = table.hand_seats.index(leaver)
    from studpoker.operations import ActionTaken
    mine = [op.action.kind for op in hand.log if isinstance(op, ActionTaken) and op.action.seat == hs]
    assert mine == [ActionKind.FOLD]  # folded facing the bring-in
    assert table.seats[leaver] is None


def test_r4_4_timeout_action() -> None:
    """R4.4: on timeout check if legal, else fold; Wall Street card round: the free card."""
    hand = STUD.deal(stacks=[100, 100, 100], dealer=0, seed=4)
    assert default_action(hand).kind is ActionKind.BRING_IN  # may neither check nor fold
    hand.bring_in()
    assert default_action(hand).kind is ActionKind.FOLD
    ws = WallStreet(ante=1, limits=2).deal(stacks=[100] * 3, dealer=0, seed=4)
    assert default_action(ws).kind is ActionKind.CHECK
    for _ in range(3):
        ws.check_or_call()
    assert ws.street_name == "fourth" and ws.phase.value == "card_round"
    assert default_action(ws).kind is ActionKind.TAKE_CARD


def test_table_errors() -> None:
    """Bad table requests raise clear errors and change nothing."""
    table = Table(game=STUD, seats=2)
    with pytest.raises(TableError, match="no seat 5"):
        table.sit(5, name="x", chips=1)
    with pytest.raises(TableError, match="empty"):
        table.leave(1)
    with pytest.raises(TableError, match="no hand"):
        table.act(default_action(STUD.deal(stacks=[5, 5], seed=1)))
