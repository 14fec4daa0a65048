"""The house options seen in real online hands, both off by default: ``open_pair_raise_big``
(R2.6: a small first bet on an open pair may be raised by the big bet, after which every
raise of the street is big) and ``fold_when_check`` (R1.5: a fold is offered where a check
is legal). In the engine, the registry, PHH, the command line and the server."""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import ValidationError
from typer.testing import CliRunner

from _server_support import FAST, table_config
from studpoker import phh
from studpoker.bots._common import give_up
from studpoker.cli import app, make_game
from studpoker.describe import describe_operation
from studpoker.engine import ActionKind, GameError, SevenCardStud, WallStreet
from studpoker.engine.games import GAMES, from_options, game_info, option_names, to_options
from studpoker.engine.hand import Hand
from studpoker.play import action_keys
from studpoker.server import create_app
from studpoker.server.protocol import TableConfig

STUD = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)
RAISE_BIG = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10, open_pair_raise_big=True)
FOLD_STUD = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10, fold_when_check=True)
FOLD_WS = WallStreet(ante=1, limits=(2, 2, 4, 4, 4), fold_when_check=True)

# Dealer 0 (order 1, 2, 0): seat 1 brings in with the 2c; seat 0 pairs its king on fourth
# street and acts first there.
OPEN_PAIR = "3d 7h Ah 4d 8h Qd 2c Kh Ks 5s 9c Kd"


def kinds(hand: Hand) -> list[tuple[ActionKind, int]]:
    return [(a.kind, a.amount) for a in hand.legal_actions()]


def fourth(game: SevenCardStud, stacks: tuple[int, int, int] = (100, 100, 100)) -> Hand:
    hand = game.deal(stacks=list(stacks), dealer=0, deck=OPEN_PAIR)
    hand.bring_in()
    hand.check_or_call()
    hand.check_or_call()
    assert hand.street_name == "fourth" and hand.to_act == 0
    return hand


# --------------------------------------------------------------------------- defaults


def test_both_options_are_off_by_default_and_in_the_registry() -> None:
    """R1.5, R2.6: both options default off; the registry names, builds and writes them."""
    assert STUD.open_pair_raise_big is False and STUD.fold_when_check is False
    assert WallStreet(ante=1, limits=2).fold_when_check is False
    assert {"open_pair_raise_big", "fold_when_check"} <= set(option_names("stud"))
    assert "fold_when_check" in option_names("wallstreet")
    assert "open_pair_raise_big" not in option_names("wallstreet")  # R3.9: no open pair
    game = from_options("stud", open_pair_raise_big=True, fold_when_check=True)
    assert to_options(game)["open_pair_raise_big"] is True and to_options(game)["fold_when_check"] is True
    assert from_options(**to_options(game)) == game
    assert game_info(game)["options"] == to_options(game)
    assert from_options(**to_options(FOLD_WS)) == FOLD_WS
    assert pickle.loads(pickle.dumps(game)) == game
    for name in GAMES:  # every game of the registry: the fold everywhere, the raise with the open pair
        names = option_names(name)
        assert "fold_when_check" in names, name
        assert ("open_pair_raise_big" in names) is ("open_pair_big_bet" in names), name
        assert from_options(name, fold_when_check=True).fold_when_check


@pytest.mark.parametrize(("name", "options", "message"), [
    ("stud", {"fold_when_check": "yes"}, "fold_when_check must be true or false"),
    ("stud", {"open_pair_raise_big": 1}, "open_pair_raise_big must be true or false"),
    ("stud", {"open_pair_raise_big": True, "open_pair_big_bet": False},
     "open_pair_raise_big needs open_pair_big_bet"),
    ("wallstreet", {"open_pair_raise_big": True}, "unknown option 'open_pair_raise_big'"),
    ("wallstreet", {"fold_when_check": None}, "fold_when_check must be true or false"),
])
def test_bad_option_values_are_refused_with_the_reason(name: str, options: dict[str, Any],
                                                       message: str) -> None:
    with pytest.raises(GameError, match=message):
        from_options(name, **options)


# --------------------------------------------------------------------------- R2.6


def test_r2_6_without_the_option_a_small_first_bet_is_raised_small() -> None:
    """R2.6 (default): the first bet chooses the increment: after a small bet, raises are +5."""
    hand = fourth(STUD)
    hand.bet_or_raise()  # 5
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 5), (ActionKind.RAISE, 10)]


def test_r2_6_open_pair_raise_big_small_bet_may_be_raised_by_the_big_bet() -> None:
    """R2.6 option ``open_pair_raise_big``: after a small first bet (5) on an open pair, a
    raise may be small (to 10) or big (to 15); once a big raise is made, every raise of the
    street is big (+10)."""
    hand = fourth(RAISE_BIG)
    assert kinds(hand) == [(ActionKind.CHECK, 0), (ActionKind.BET, 5), (ActionKind.BET, 10)]
    hand.bet_or_raise()  # seat 0: 5
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 5), (ActionKind.RAISE, 10),
                           (ActionKind.RAISE, 15)]
    hand.bet_or_raise(big=True)  # seat 1: 15
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 15), (ActionKind.RAISE, 25)]
    hand.bet_or_raise()  # seat 2: 25
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 20), (ActionKind.RAISE, 35)]


def test_r2_6_open_pair_raise_big_a_small_raise_keeps_the_choice() -> None:
    """R2.6 option: a small raise (to 10) leaves the big raise open for the next raiser
    (to 15 or 20); the cap still counts a bet and three raises (R1.5)."""
    hand = fourth(RAISE_BIG)
    hand.bet_or_raise()  # 5
    hand.bet_or_raise()  # 10 (small raise)
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 10), (ActionKind.RAISE, 15),
                           (ActionKind.RAISE, 20)]
    hand.bet_or_raise(big=True)  # seat 2: 20
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 15), (ActionKind.RAISE, 30)]
    hand.bet_or_raise()  # seat 0: 30, the third raise
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 20)]  # capped


def test_r2_6_open_pair_raise_big_a_big_first_bet_makes_every_raise_big() -> None:
    """R2.6 option: a big first bet (10) sets the big increment, as without the option."""
    hand = fourth(RAISE_BIG)
    hand.bet_or_raise(big=True)
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 10), (ActionKind.RAISE, 20)]


def test_r2_6_open_pair_raise_big_needs_an_open_pair() -> None:
    """R2.6 option: with no pair showing on fourth street, bets and raises are small."""
    deck = "3d 7h Ah 4d 8h Qd 2c Kh Ks 5s 9c Jd"
    hand = RAISE_BIG.deal(stacks=[100] * 3, dealer=0, deck=deck)
    hand.bring_in()
    hand.check_or_call()
    hand.check_or_call()
    assert hand.street_name == "fourth"
    hand.bet_or_raise()
    assert [k for k, _ in kinds(hand)] == [ActionKind.FOLD, ActionKind.CALL, ActionKind.RAISE]
    assert kinds(hand)[-1] == (ActionKind.RAISE, 10)


def test_r2_6_open_pair_raise_big_short_stack_has_one_all_in_raise() -> None:
    """R2.6 option: a raiser whose stack reaches neither raise has one all-in raise, listed once."""
    hand = fourth(RAISE_BIG, stacks=(100, 1 + 2 + 8, 100))
    hand.bet_or_raise()  # 5
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CALL, 5), (ActionKind.RAISE, 8)]


# --------------------------------------------------------------------------- R1.5


def test_r1_5_fold_when_check_offers_the_fold_where_a_check_is_legal() -> None:
    """R1.5 option ``fold_when_check``: where a check is legal the player may also fold (the
    bring-in still may not, R2.4); off by default."""
    hand = fourth(FOLD_STUD)
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CHECK, 0), (ActionKind.BET, 5),
                           (ActionKind.BET, 10)]
    hand.fold()
    assert hand.folded[0] and hand.to_act == 1
    start = FOLD_STUD.deal(stacks=[100] * 3, dealer=0, deck=OPEN_PAIR)
    assert kinds(start) == [(ActionKind.BRING_IN, 2), (ActionKind.COMPLETE, 5)]
    assert (ActionKind.FOLD, 0) not in kinds(fourth(STUD))


def test_r1_5_fold_when_check_in_wall_street_and_a_fold_to_nothing_ends_the_hand() -> None:
    """R1.5 option in Wall Street: everyone folds where they could check; the last player
    takes the antes (R1.8)."""
    hand = FOLD_WS.deal(stacks=[50, 50, 50], dealer=2, seed=4)
    assert kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CHECK, 0), (ActionKind.BET, 2)]
    hand.fold()
    hand.fold()
    assert hand.is_over and hand.payoffs == (-1, -1, 2)


def test_r1_5_bots_and_the_terminal_with_fold_when_check() -> None:
    """R1.5 option: a bot giving up checks when it may (it never folds a free check), and the
    terminal gives the fold and the check keys of their own."""
    hand = fourth(FOLD_STUD)
    assert give_up(hand.view(0)).kind is ActionKind.CHECK
    keys = action_keys(hand.legal_actions())
    assert len(set(keys)) == len(hand.legal_actions())


# --------------------------------------------------------------------------- PHH


def test_phh_fields_round_trip_and_replay() -> None:
    """PHH: ``_open_pair_raise_big`` and ``_fold_when_check`` are written when on, read back,
    and the hand replays (a fold where a check was legal, a big raise of a small bet)."""
    hand = fourth(SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10, open_pair_raise_big=True,
                                fold_when_check=True))
    hand.bet_or_raise()  # 5
    hand.bet_or_raise(big=True)  # 15
    hand.fold()  # seat 2
    hand.check_or_call()  # seat 0 calls 15
    assert hand.street_name == "fifth"
    assert (ActionKind.CHECK, 0) in kinds(hand)
    hand.fold()  # where a check is legal: seat 1 takes the pot
    assert hand.is_over
    text = phh.write(phh.from_hand(hand))
    assert "_open_pair_raise_big = true" in text and "_fold_when_check = true" in text
    history = phh.read_one(text)
    assert history.open_pair_raise_big and history.fold_when_check
    assert history.game() == hand.game
    replayed = phh.replay(history)
    assert [describe_operation(op) for op in replayed.log] == [describe_operation(op) for op in hand.log]
    plain = phh.write(phh.from_hand(fourth(STUD)))
    assert "_open_pair_raise_big" not in plain and "_fold_when_check" not in plain


def test_phh_fold_where_a_check_is_legal_needs_the_option() -> None:
    """PHH/R1.12: without ``_fold_when_check`` the same fold is refused, naming the reason."""
    hand = FOLD_WS.deal(stacks=[50, 50, 50], dealer=2, seed=4)
    hand.fold()
    hand.fold()
    text = phh.write(phh.from_hand(hand))
    assert phh.replay(phh.read_one(text)).payoffs == hand.payoffs
    with pytest.raises(phh.PHHError, match="cannot fold now"):
        phh.replay(phh.read_one(text.replace("_fold_when_check = true\n", "")))


def test_phh_open_pair_raise_big_does_not_apply_to_wall_street() -> None:
    """PHH/R3.9: the open-pair option in an FWS file is an error that names the rule."""
    text = phh.write(phh.from_hand(FOLD_WS.deal(stacks=[50, 50, 50], dealer=2, seed=4)))
    with pytest.raises(phh.PHHError, match=r"_open_pair_raise_big.*R3\.9"):
        phh.read_one(text.replace("_fold_when_check = true", "_open_pair_raise_big = true"))


# --------------------------------------------------------------------------- CLI


def test_play_command_takes_both_options() -> None:
    """``studpoker play --open-pair-raise-big --fold-when-check``, like the other house rules."""
    result = CliRunner().invoke(app, ["play", "--help"], env={"COLUMNS": "200"})
    assert "--open-pair-raise-big" in result.output and "--fold-when-check" in result.output
    game = make_game("stud", open_pair_raise_big=True, fold_when_check=True)
    assert isinstance(game, SevenCardStud) and game.open_pair_raise_big and game.fold_when_check
    assert make_game("wallstreet", fold_when_check=True).fold_when_check
    assert not make_game("stud").fold_when_check and not make_game("stud").open_pair_raise_big
    bad = CliRunner().invoke(app, ["play", "--game", "wallstreet", "--open-pair-raise-big"])
    assert bad.exit_code == 2 and "has no option open-pair-raise-big" in bad.output


# --------------------------------------------------------------------------- server


def test_server_table_config_passes_and_checks_both_options() -> None:
    """The server's table configuration takes the game's options from the registry: both
    pass through complete, and a bad value is refused naming the option."""
    config = TableConfig(name="house", game={"game": "stud", "open_pair_raise_big": True,
                                             "fold_when_check": True})
    assert config.game["open_pair_raise_big"] is True and config.game["fold_when_check"] is True
    assert config.build_game() == from_options("stud", open_pair_raise_big=True, fold_when_check=True)
    assert TableConfig(name="plain", game={"game": "stud"}).game["fold_when_check"] is False
    with pytest.raises(ValidationError, match="open_pair_raise_big"):
        TableConfig(name="bad", game={"game": "wallstreet", "open_pair_raise_big": True})
    with pytest.raises(ValidationError, match="fold_when_check must be true or false"):
        TableConfig(name="bad", game={"game": "stud", "fold_when_check": "sometimes"})


def test_server_api_offers_and_stores_both_options(tmp_path: Any) -> None:
    """``GET /api/games`` lists each game's options (the lobby reads them); a table created
    with the options keeps them."""
    with TestClient(create_app(f"sqlite:///{tmp_path / 's.db'}", FAST)) as http:
        infos = {g["game"]: g for g in http.get("/api/games").json()["games"]}
        assert infos["stud"]["options"]["open_pair_raise_big"] is False
        assert infos["stud"]["options"]["fold_when_check"] is False
        assert infos["wallstreet"]["options"]["fold_when_check"] is False
        assert "open_pair_raise_big" not in infos["wallstreet"]["options"]
        token = http.post("/api/guest").json()["token"]
        game = {"game": "stud", "open_pair_raise_big": True, "fold_when_check": True}
        r = http.post("/api/tables", json=table_config(game), headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 201, r.text
        assert r.json()["config"]["game"] == to_options(from_options(**game))
        bad = http.post("/api/tables", json=table_config({"game": "wallstreet", "open_pair_raise_big": True}),
                        headers={"Authorization": f"Bearer {token}"})
        assert bad.status_code in (400, 422) and "open_pair_raise_big" in bad.text
