"""Tables: many hands in a row (R1.7, R4.1-R4.4)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studpoker.engine import Action, ActionKind, GameError, Phase, SevenCardStud, WallStreet
from studpoker.engine.operations import ActionTaken
from studpoker.engine.table import Mixed, Table, TableError, default_action, unit_game

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
    from studpoker.engine.operations import ActionTaken
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


def test_r3_1_r2_1_r4_1_table_seat_counts_fit_the_game() -> None:
    """R3.1/R2.1/R4.1: a Wall Street table has 3 to 7 seats, a stud table 2 to 8; anything
    else is refused when the table is built."""
    wall = WallStreet(ante=1, limits=2)
    for seats in (1, 2, 8):
        with pytest.raises(GameError, match="3 to 7 seats"):
            Table(game=wall, seats=seats)
    for seats in (0, 1, 9):
        with pytest.raises(TableError, match="2 to 8 seats"):
            Table(game=STUD, seats=seats)
    assert len(Table(game=wall, seats=3).seats) == 3
    assert len(Table(game=STUD, seats=2).seats) == 2


def _stud_table_on_fourth_street() -> Table:
    table = Table(game=STUD, seats=3)
    for i in range(3):
        table.sit(i, name=f"p{i}", chips=100)
    # button moves to seat 0 (order 1, 2, 0); seat 1 brings in with the 2c
    deck = ["3d", "7h", "Ah", "4d", "8h", "Qd", "2c", "Kh", "Ks", "5s", "9c", "Kd"]
    hand = table.start_hand(deck=deck)
    assert table.button == 0
    table.act(hand.legal_actions()[0])  # 1 brings in
    table.act(Action(seat=2, kind=ActionKind.CALL, amount=2))
    table.act(Action(seat=0, kind=ActionKind.CALL, amount=2))
    assert hand.street_name == "fourth"
    return table


def test_r4_3_a_player_who_left_is_folded_even_where_a_check_is_legal() -> None:
    """R4.3: a player who left is folded at their turn, even where a check would be legal
    (a player who has left cannot win a pot); their chips leave when the hand ends."""
    table = _stud_table_on_fourth_street()
    hand = table.hand
    assert hand is not None and hand.to_act == 0  # pair of kings showing
    table.leave(2)
    table.act(Action(seat=0, kind=ActionKind.CHECK))
    table.act(Action(seat=1, kind=ActionKind.CHECK))
    assert hand.folded[2]
    folds = [op for op in hand.log if isinstance(op, ActionTaken) and op.action.seat == 2
             and op.action.kind is ActionKind.FOLD]
    assert len(folds) == 1 and hand.street_name == "fifth"
    while not hand.is_over:
        table.act(default_action(hand))
    assert 2 not in {s for r in hand.results for s, _ in r.shares}
    assert table.seats[2] is None


def test_r4_3_leaving_on_ones_turn_leaves_only_the_fold() -> None:
    """R4.3: leaving while it is one's turn: the only legal action is the fold."""
    table = _stud_table_on_fourth_street()
    hand = table.hand
    assert hand is not None
    table.leave(0)
    assert hand.legal_actions() == [Action(seat=0, kind=ActionKind.FOLD)]
    table.act(hand.legal_actions()[0])
    assert hand.folded[0]


def test_r4_4_a_timeout_keeps_the_check() -> None:
    """R4.4 (against R4.3): a timed-out player checks where a check is legal; they are not
    folded as a player who left is."""
    table = _stud_table_on_fourth_street()
    hand = table.hand
    assert hand is not None
    assert default_action(hand) == Action(seat=0, kind=ActionKind.CHECK)
    table.act(default_action(hand))
    assert not hand.folded[0]


def test_r4_3_wall_street_leaver_folds_in_a_card_round_and_an_all_in_leaver_is_shown() -> None:
    """R4.3/R3.5/R3.10: a Wall Street player who left folds at their card-round turn; one
    who left all-in has no decision left and keeps a live hand: it is shown at showdown."""
    game = WallStreet(ante=1, limits=2)
    table = Table(game=game, seats=3)
    for i in range(3):
        table.sit(i, name=f"p{i}", chips=100)
    hand = table.start_hand(seed=4)
    first = hand.to_act
    assert first is not None
    table.leave(table.hand_seats[(first + 1) % 3])
    while hand.phase is Phase.BETTING:
        table.act(default_action(hand))
    assert hand.phase is Phase.CARD_ROUND
    while hand.phase is Phase.CARD_ROUND:
        table.act(default_action(hand))
    assert hand.folded[(first + 1) % 3]
    fold = next(op for op in hand.log if isinstance(op, ActionTaken)
                and op.action.kind is ActionKind.FOLD)
    assert fold.action.seat == (first + 1) % 3

    table2 = Table(game=game, seats=3)
    for i, chips in enumerate((1, 100, 100)):
        table2.sit(i, name=f"p{i}", chips=chips)
    hand2 = table2.start_hand(seed=9)
    leaver = table2.hand_seats.index(0)
    assert hand2.stacks[leaver] == 0  # all-in from the ante: never a betting turn
    while hand2.street_name != "seventh":  # past the card rounds, where it would fold
        table2.act(default_action(hand2))
    table2.leave(0)
    while not hand2.is_over:
        table2.act(default_action(hand2))
    shows = [op.action.seat for op in hand2.log if isinstance(op, ActionTaken)
             and op.action.kind is ActionKind.SHOW]
    assert leaver in shows and not hand2.folded[leaver]
    assert not any(isinstance(op, ActionTaken) and op.action.kind is ActionKind.MUCK
                   for op in hand2.log)
    assert leaver in hand2.results[0].eligible


def test_r4_3_a_leavers_fold_survives_a_hand_history_round_trip() -> None:
    """R4.3: the fold of a player who left, where a check was legal, replays from the hand
    history (its ``_left`` field names the player); without that field the same fold is
    refused (R1.12: nothing is owed)."""
    import re

    from studpoker import phh

    table = _stud_table_on_fourth_street()
    hand = table.hand
    assert hand is not None
    table.leave(2)
    while not hand.is_over:
        table.act(default_action(hand))
    text = phh.write(phh.from_hand(hand))
    assert re.search(r"^_left = \[\d\]$", text, re.M)
    replayed = phh.replay(phh.read_one(text))
    assert replayed.payoffs == hand.payoffs
    assert replayed.folded == hand.folded
    with pytest.raises(phh.PHHError, match="cannot fold now"):
        phh.replay(phh.read_one(re.sub(r"^_left = .*$", "", text, flags=re.M)))


# ------------------------------------------------------------------ R7 mixed games


WALL = WallStreet(ante=1, limits=(2, 2, 4, 4, 4))


def _mixed_table(players: int, mixed: Mixed, seats: int = 7) -> Table:
    table = Table(seats=seats, mixed=mixed)
    for i in range(players):
        table.sit(i, name=f"p{i}", chips=10_000)
    return table


def _games_of(table: Table, hands: int, rng: random.Random) -> list[str]:
    out = []
    for _ in range(hands):
        hand = table.start_hand(seed=rng.randrange(10**9))
        out.append(hand.game.name)
        play_out(table, rng)
    return out


def test_r7_1_rotation_every_orbit() -> None:
    """R7.1: the game changes every orbit: as many hands as players were dealt into the round's first."""
    table = _mixed_table(3, Mixed(games=(STUD, WALL)))
    assert table.game is STUD and table.upcoming_game() is STUD
    assert _games_of(table, 9, random.Random(1)) == ["stud"] * 3 + ["wallstreet"] * 3 + ["stud"] * 3
    table.sit(3, name="p3", chips=10_000)  # a fourth player: the next round is four hands long
    assert _games_of(table, 5, random.Random(2)) == ["wallstreet"] * 4 + ["stud"]


def test_r7_1_rotation_every_n_hands() -> None:
    """R7.1: with ``hands`` set the game changes every that many hands, whoever plays."""
    table = _mixed_table(4, Mixed(games=(WALL, STUD), hands=2))
    assert _games_of(table, 6, random.Random(3)) == ["wallstreet", "wallstreet", "stud", "stud",
                                                     "wallstreet", "wallstreet"]


def test_r7_1_each_game_has_its_own_stakes_from_one_table_unit() -> None:
    """R7.1: by default every game's stakes derive from one table unit (the house stakes times the
    unit); a game may carry stakes and house options of its own."""
    stud = unit_game("stud", 5)
    assert (stud.ante, stud.bring_in, stud.small_bet, stud.big_bet) == (5, 10, 25, 50)
    wall = unit_game("Wall Street", 5, joker=True)
    assert wall.options()["limits"] == [10, 10, 20, 20, 20] and wall.unit == 10 and wall.joker
    assert unit_game("stud", 1, small_bet=6).options()["small_bet"] == 6
    with pytest.raises(GameError):
        unit_game("stud", 0)
    with pytest.raises(GameError):
        unit_game("hearts", 1)


def _chosen_games(table: Table, hands: int, rng: random.Random, picks: list[str]) -> list[tuple[int, str]]:
    """Deal ``hands`` hands at a dealer's choice table; whenever a choice is due the chooser picks the
    game after the last one dealt. Returns (chooser, game) for each choice made."""
    assert table.mixed is not None
    names = [g.name for g in table.mixed.games]
    made: list[tuple[int, str]] = []
    for _ in range(hands):
        chooser = table.choosing()
        if chooser is not None:
            name = names[len(made) % len(names)]
            table.choose_game(name)
            made.append((chooser, name))
        hand = table.start_hand(seed=rng.randrange(10**9))
        picks.append(hand.game.name)
        play_out(table, rng)
    return made


def test_r7_1_dealers_choice_by_hand_moves_one_seat_left_every_hand() -> None:
    """R7.1 (choice_for hand, the default): each dealer picks the game of the hand they deal, so the
    pick moves one seat left every hand; no hand is dealt before the pick; a timeout (no pick) takes
    the next game of the list."""
    table = _mixed_table(3, Mixed(games=(STUD, WALL), mode="dealers_choice"))
    assert table.mixed is not None and table.mixed.choice_for == "hand"
    assert table.choosing() == 0  # the first button goes to seat 0
    assert table.upcoming_game() is None
    with pytest.raises(TableError, match="not chosen"):
        table.start_hand(seed=1)
    with pytest.raises(GameError, match="not a game"):
        table.choose_game("razz")
    assert table.choose_game("wallstreet") is WALL
    assert table.choosing() is None and table.upcoming_game() is WALL
    rng = random.Random(4)
    picks: list[str] = []
    _chosen_games(table, 1, rng, picks)
    assert picks == ["wallstreet"] and table.button == 0
    assert table.choosing() == 1  # the next dealer picks the next hand
    assert table.choose_game(None) is STUD  # the clock ran out: the next game of the list
    made = _chosen_games(table, 7, rng, picks)
    assert [seat for seat, _ in made] == [2, 0, 1, 2, 0, 1]  # every dealer picks their own hand
    assert picks[2:] == ["stud", "wallstreet"] * 3 and table.choosing() == 2
    table.choose_game("stud")
    with pytest.raises(TableError, match="no game is to be chosen"):
        table.choose_game("stud")


def test_r7_1_dealers_choice_by_orbit_passes_the_choice_left() -> None:
    """R7.1 (choice_for orbit): the chooser picks the game of a whole orbit, then the choice passes
    to the next seat to the chooser's left still at the table (not the dealer button, which comes
    back to the same seat every orbit): over N orbits each of N players picks once."""
    table = _mixed_table(3, Mixed(games=(STUD, WALL), mode="dealers_choice", choice_for="orbit"))
    rng = random.Random(5)
    picks: list[str] = []
    made = _chosen_games(table, 9, rng, picks)
    assert [seat for seat, _ in made] == [0, 1, 2]
    assert picks == ["stud"] * 3 + ["wallstreet"] * 3 + ["stud"] * 3
    status = table.mixed_status()
    assert status is not None and status["chooser"] == 2 and status["choosing"] == 0
    # seat 0 goes and seat 4 sits down: the choice passes to the next seat still at the table
    table.leave(0)
    table.sit(4, name="p4", chips=10_000)
    assert table.choosing() == 4
    made = _chosen_games(table, 3, rng, picks)
    assert [seat for seat, _ in made] == [4]
    assert table.choosing() == 1  # past seat 0, now empty
    with pytest.raises(GameError, match="choice_for"):
        Mixed(games=(STUD,), mode="dealers_choice", choice_for="dealer")


def test_r7_1_dealers_choice_by_orbit_is_restored_from_the_hands_dealt() -> None:
    """R7.1: after a restart a dealer's choice by orbit stands where it stood: the next chooser is
    the seat to the left of the last one (read from each round's first hand, its seats and button)."""
    mixed = Mixed(games=(STUD, WALL), mode="dealers_choice", choice_for="orbit")
    live = _mixed_table(3, mixed)
    rng = random.Random(8)
    dealt: list[tuple[str, int, tuple[int, ...], int]] = []
    for _ in range(7):
        if live.choosing() is not None:
            live.choose_game(None)
        hand = live.start_hand(seed=rng.randrange(10**9))
        assert live.button is not None
        dealt.append((hand.game.name, hand.n, tuple(live.hand_seats), live.button))
        play_out(live, rng)
    again = _mixed_table(3, mixed)
    again.button = live.button
    again.restore_rotation(dealt)
    assert again.mixed_status() == live.mixed_status()
    again.restore_rotation(dealt[:6])
    assert again.choosing() == 2  # the third orbit's chooser: seat 0, then 1, then 2


def test_r7_2_a_game_the_players_cannot_fill_is_skipped() -> None:
    """R7.2: a game whose seat limits the players ready cannot meet is skipped (Wall Street needs
    three); a table must be able to deal every game of its list."""
    table = _mixed_table(2, Mixed(games=(WALL, STUD), hands=1))
    assert table.can_start() and table.upcoming_game() is STUD
    rng = random.Random(5)
    assert _games_of(table, 2, rng) == ["stud", "stud"]
    table.sit(2, name="p2", chips=10_000)
    assert _games_of(table, 2, rng) == ["wallstreet", "stud"]
    with pytest.raises(TableError, match="3 to 8 seats"):
        Table(seats=2, mixed=Mixed(games=(STUD, WALL)))
    with pytest.raises(GameError, match="once"):
        Mixed(games=(STUD, unit_game("stud", 2)))
    with pytest.raises(GameError, match="mode"):
        Mixed(games=(STUD,), mode="chaos")


def test_r7_2_the_next_game_and_when_it_changes_are_public_before_the_deal() -> None:
    """R7.2: before each deal the table says the game of the next hand and in how many hands it
    changes, and while a hand is played the game it changes to."""
    table = _mixed_table(3, Mixed(games=(STUD, WALL)))
    status = table.mixed_status()
    assert status == {"mode": "rotation", "games": ["stud", "wallstreet"], "game": None, "next": "stud",
                      "change_in": 0, "choosing": None, "chooser": None}
    rng = random.Random(6)
    seen = []
    for _ in range(4):
        table.start_hand(seed=rng.randrange(10**9))
        during = table.mixed_status()
        assert during is not None
        seen.append((during["game"], during["next"], during["change_in"]))
        play_out(table, rng)
    assert seen == [("stud", "wallstreet", 3), ("stud", "wallstreet", 2), ("stud", "wallstreet", 1),
                    ("wallstreet", "stud", 3)]
    between = table.mixed_status()
    assert between is not None and (between["game"], between["next"], between["change_in"]) == (
        "wallstreet", "stud", 2)
    assert Table(game=STUD).mixed_status() is None


def test_r7_the_rotation_is_restored_from_the_hands_dealt() -> None:
    """R7: a mixed table rebuilt from its hands' games and player counts (after a restart) stands
    where the live one stood in its rotation."""
    mixed = Mixed(games=(STUD, WALL), hands=None)
    live = _mixed_table(3, mixed)
    rng = random.Random(7)
    dealt = []
    for _ in range(5):
        hand = live.start_hand(seed=rng.randrange(10**9))
        dealt.append((hand.game.name, hand.n))
        play_out(live, rng)
    again = _mixed_table(3, mixed)
    again.restore_rotation(dealt)
    assert again.mixed_status() == live.mixed_status() and again.game is live.game
    assert again.upcoming_game() is live.upcoming_game() is WALL
    with pytest.raises(TableError):
        Table(game=STUD).restore_rotation([])


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_r7_property_games_change_only_between_rounds_and_always_fit(data: st.DataObject) -> None:
    """R7.1/R7.2: whoever comes and goes, every hand's game fits its players, and a game changes
    only when its round is over (or it no longer fits)."""
    hands = data.draw(st.one_of(st.none(), st.integers(1, 4)))
    table = _mixed_table(2, Mixed(games=(STUD, WALL), hands=hands))
    rng = random.Random(data.draw(st.integers(0, 10**6)))
    previous: tuple[str, int] | None = None
    left = 0
    for _ in range(12):
        free = [i for i, s in enumerate(table.seats) if s is None]
        taken = [i for i, s in enumerate(table.seats) if s is not None]
        if free and data.draw(st.booleans()):
            table.sit(free[0], name=f"q{free[0]}", chips=10_000)
        elif len(taken) > 2 and data.draw(st.booleans()):
            table.leave(taken[-1])
        hand = table.start_hand(seed=rng.randrange(10**9))
        assert hand.game.min_players <= hand.n <= hand.game.max_players
        if previous is not None and hand.game.name != previous[0]:
            fitted = previous[0] != "wallstreet" or hand.n >= 3
            assert left == 0 or not fitted
        if previous is None or hand.game.name != previous[0] or left == 0:
            left = hands or hand.n
        left -= 1
        previous = (hand.game.name, hand.n)
        play_out(table, rng)
