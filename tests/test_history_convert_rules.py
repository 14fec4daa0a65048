"""The rules a room converter's refusal cites come from the game's class (its door card, its
opener, its pot shares), never from its name: every value of those enums has its rule, and
the three games the rooms deal cite what docs/rules.md says for them."""

from __future__ import annotations

import pytest

from studpoker.engine.games import GAMES, DoorCard, OddChip, Opener, Ranking, from_options
from studpoker.history import convert


@pytest.mark.parametrize(("table", "enum"), [
    (convert._BRING_IN_RULES, DoorCard), (convert._OPENER_RULES, Opener),
    (convert._RANKING_RULES, Ranking), (convert._ODD_CHIP_RULES, OddChip),
])
def test_every_piece_of_a_game_class_has_its_rule(table: dict[object, str], enum: type) -> None:
    assert set(table) == set(enum)
    assert all(rule.startswith("R") for rule in table.values())


@pytest.mark.parametrize(("game", "bring_in", "first", "payout", "fourth_big_bet"), [
    ("stud", "R2.4", "R2.6/R2.7", "R2.8, R2.10", "R2.6"),  # R2.4, R2.6, R2.8, R2.10
    ("stud8", "R2.4", "R2.6/R2.7", "R5.2", "R5.3"),  # R5.2, R5.3, R5.4
    ("razz", "R6.3", "R6.4", "R6.2, R6.5", "R6.5"),  # R6.2 to R6.5
])
def test_the_rules_cited_for_the_rooms_games(game: str, bring_in: str, first: str, payout: str,
                                            fourth_big_bet: str) -> None:
    g = from_options(game)
    assert convert._BRING_IN_RULES[g.bring_in_card] == bring_in
    assert convert._OPENER_RULES[g.board_opener] == first
    assert convert._payout_rule(g) == payout
    assert g.left_out.get("open_pair_big_bet", "R2.6") == fourth_big_bet


def test_every_game_has_a_payout_rule() -> None:
    for name in GAMES:
        assert convert._payout_rule(from_options(name)).startswith("R")
