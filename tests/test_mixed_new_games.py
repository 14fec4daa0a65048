"""Mixed tables (R7) deal Five Card Stud (R9) and Deuce-to-Seven Razz (R10) in rotation
with Seven Card Stud; a ten-seat table skips the games that seat eight at most (R7.2)."""

from __future__ import annotations

from studpoker.engine.actions import ActionKind
from studpoker.engine.games import from_options
from studpoker.engine.table import Mixed, Table


def play_out(table: Table, seed: int) -> str:
    hand = table.start_hand(seed=seed)
    name = hand.game.name
    while not hand.is_over:
        legal = hand.legal_actions()
        table.act(next((a for a in legal if a.kind in (ActionKind.CHECK, ActionKind.CALL,
                                                        ActionKind.BRING_IN, ActionKind.SHOW)), legal[0]))
    return name


def test_r7_1_rotation_deals_the_new_games() -> None:
    games = (from_options("five_stud"), from_options("razz27"), from_options("stud"))
    table = Table(mixed=Mixed(games=games, hands=1))
    for seat in range(3):
        table.sit(seat, name=f"p{seat}", chips=500)
    dealt = [play_out(table, seed) for seed in range(6)]
    assert dealt == ["five_stud", "razz27", "stud"] * 2
    assert sum(seat.chips for seat in table.seats if seat is not None) == 1500


def test_r7_2_ten_players_deal_only_five_card_stud() -> None:
    games = (from_options("razz27"), from_options("five_stud"))
    table = Table(mixed=Mixed(games=games, hands=1))
    for seat in range(10):
        table.sit(seat, name=f"p{seat}", chips=300)
    assert {play_out(table, seed) for seed in range(3)} == {"five_stud"}
