"""One home for game knowledge: the registry, game_info and the PHH player order (issue 16)."""

from __future__ import annotations

import itertools

import pytest

from studpoker.engine.games import (
    DEFAULT_OPTIONS,
    GAMES,
    GameError,
    Razz,
    SevenCardStud,
    SevenCardStudHiLo,
    StudHiLo,
    WallStreet,
    from_options,
    game_info,
    phh_order,
    to_options,
)

STUD_VARIANTS = [
    {"ante": a, "bring_in": b, "small_bet": s, "big_bet": big, "joker": j, "double_ace_flush": d,
     "max_raises": r, "heads_up_uncapped": hu, "open_pair_big_bet": op, "showdown_muck": m}
    for (a, b, s, big), j, d, r, hu, op, m in itertools.product(
        [(0, 1, 2, 4), (1, 2, 5, 10), (5, 10, 20, 20)], [False, True], [False, True], [0, 4],
        [False, True], [False, True], [False, True])
]
WALL_VARIANTS = [
    {"ante": a, "limits": lim, "market_unit": u, "joker": j, "double_ace_flush": d, "max_raises": r,
     "heads_up_uncapped": hu, "showdown_muck": m}
    for a, lim, u, j, d, r, hu, m in itertools.product(
        [0, 2], [(2, 2, 4, 4, 4), (1, 1, 1, 1, 1)], [None, 3], [False, True], [False, True], [0, 3],
        [False, True], [False, True])
]


@pytest.mark.parametrize("options", STUD_VARIANTS)
def test_stud_round_trip_every_option(options: dict[str, object]) -> None:
    game = SevenCardStud(**options)  # type: ignore[arg-type]
    opts = to_options(game)
    assert opts["game"] == "stud"
    assert {k: opts[k] for k in options} == options
    assert from_options(**opts) == game
    assert from_options("stud", **options) == game
    assert from_options(opts["game"], **opts) == game  # type: ignore[arg-type]
    assert to_options(from_options(**opts)) == opts


@pytest.mark.parametrize("options", WALL_VARIANTS)
def test_wallstreet_round_trip_every_option(options: dict[str, object]) -> None:
    game = WallStreet(**options)  # type: ignore[arg-type]
    opts = to_options(game)
    assert opts["game"] == "wallstreet"
    assert opts["limits"] == list(options["limits"])  # type: ignore[call-overload]
    assert opts["market_unit"] == (options["market_unit"] or options["limits"][0])  # type: ignore[index]
    assert from_options(**opts) == game
    assert from_options("wallstreet", **options) == game
    assert to_options(from_options(**opts)) == opts


def test_default_market_unit_is_stored_so_equal_games_compare_equal() -> None:
    assert WallStreet(ante=1, limits=2) == WallStreet(ante=1, limits=(2, 2, 2, 2, 2), market_unit=2)
    assert WallStreet(ante=1, limits=(3, 3, 6, 6, 6)).market_unit == 3


def test_defaults_and_aliases() -> None:
    assert from_options("stud") == SevenCardStud(**DEFAULT_OPTIONS["stud"])  # type: ignore[arg-type]
    assert from_options("wallstreet") == WallStreet(ante=1, limits=(2, 2, 4, 4, 4))
    assert from_options("Wall-Street", ante=3).ante == 3
    assert from_options("seven_card_stud").name == "stud"
    assert from_options("wallstreet", limits=[1, 2, 3, 4, 5]).limits == (1, 2, 3, 4, 5)
    assert set(GAMES) >= {"stud", "wallstreet", "stud8", "razz", "baseball", "follow_the_queen",
                          "high_chicago", "low_chicago", "five_stud", "razz27"}
    for alias in ("stud8", "Stud Hi-Lo", "seven card stud hi/lo", "stud-8-or-better", "7cs8"):
        assert from_options(alias) == StudHiLo(**DEFAULT_OPTIONS["stud8"])  # type: ignore[arg-type]
    assert from_options("Razz") == Razz(**DEFAULT_OPTIONS["razz"])  # type: ignore[arg-type]
    assert SevenCardStudHiLo is StudHiLo


FAMILY_VARIANTS = [
    {"ante": a, "bring_in": b, "small_bet": s, "big_bet": big, "max_raises": r, "heads_up_uncapped": hu,
     "showdown_muck": m}
    for (a, b, s, big), r, hu, m in itertools.product(
        [(0, 1, 2, 4), (1, 2, 5, 10)], [0, 4], [False, True], [False, True])
]


@pytest.mark.parametrize("options", FAMILY_VARIANTS)
@pytest.mark.parametrize("name", ["stud8", "razz"])
def test_stud8_and_razz_round_trip_every_option(name: str, options: dict[str, object]) -> None:
    """R5.1/R6.1: Stud Hi-Lo and Razz take Seven Card Stud's stakes and options (stud8 its joker too)."""
    extra = [{"joker": True, "double_ace_flush": True}, {}] if name == "stud8" else [{}]
    for more in extra:
        game = from_options(name, **options, **more)
        opts = to_options(game)
        assert opts["game"] == name
        assert {k: opts[k] for k in options} == options
        assert from_options(**opts) == game
        assert to_options(from_options(**opts)) == opts
        assert game != SevenCardStud(**{k: v for k, v in opts.items() if k != "game"})  # type: ignore[arg-type]


@pytest.mark.parametrize(("call", "needle"), [
    (lambda: from_options("stud8", open_pair_big_bet=True), "open_pair_big_bet"),  # R5.3
    (lambda: from_options("razz", open_pair_big_bet=True), "open_pair_big_bet"),  # R6.5
    (lambda: from_options("razz", joker=True), "joker"),  # R6.1
    (lambda: from_options("razz", double_ace_flush=True), "double_ace_flush"),
    (lambda: from_options("razz", bring_in=5, small_bet=5), "bring_in"),
    (lambda: from_options("stud8", game="razz"), "contradicts"),
])
def test_stud8_and_razz_options_they_do_not_have_are_refused(call: object, needle: str) -> None:
    with pytest.raises(GameError, match=needle):
        call()  # type: ignore[operator]


def test_game_info_stud8_and_razz() -> None:
    """R5/R6: what a client needs: who brings in, who acts first, how the pot is won."""
    info = game_info(from_options("stud8"))
    assert (info["game"], info["name"], info["high_low"], info["low"]) == (
        "stud8", "Seven Card Stud Hi-Lo", True, "eight_or_better")
    assert [h["name"] for h in info["halves"]] == ["high", "low"]  # type: ignore[index]
    assert (info["bring_in_card"], info["first_to_act"], info["open_pair"]) == ("lowest", "high_board", False)
    assert info["stakes"] == "ante 1, bring-in 2, 5/10" and info["bets"] == [5, 5, 10, 10, 10]
    info = game_info(from_options("razz"))
    assert (info["game"], info["name"], info["high_low"], info["low"]) == ("razz", "Razz", False, "razz")
    assert info["halves"] == [{"name": "low", "ranking": "razz", "odd_chip": "by_low_card"}]
    assert (info["bring_in_card"], info["first_to_act"], info["open_pair"]) == ("highest", "low_board", False)
    assert (info["min_players"], info["max_players"], info["joker"]) == (2, 8, False)  # R6.1
    stud = game_info(from_options("stud"))
    assert (stud["low"], stud["bring_in_card"], stud["first_to_act"], stud["open_pair"]) == (
        None, "lowest", "high_board", True)
    wall = game_info(from_options("wallstreet"))
    assert (wall["low"], wall["bring_in_card"], wall["first_to_act"]) == (
        "eight_or_better", None, "dealer_left")


@pytest.mark.parametrize(("call", "needle"), [
    (lambda: from_options("holdem"), "'holdem'"),
    (lambda: from_options(), "no game"),
    (lambda: from_options("stud", bet=3), "'bet'"),
    (lambda: from_options("stud", limits=(2, 2, 4, 4, 4)), "'limits'"),
    (lambda: from_options("wallstreet", bring_in=1), "'bring_in'"),
    (lambda: from_options("stud", streets=()), "'streets'"),
    (lambda: from_options("stud", game="wallstreet"), "contradicts"),
    (lambda: from_options("stud", joker="yes"), "joker"),
    (lambda: from_options("stud", ante=1.5), "ante"),
    (lambda: from_options("stud", bring_in=5, small_bet=5), "bring_in"),
    (lambda: from_options("wallstreet", limits=(1, 2)), "limits"),
    (lambda: from_options("wallstreet", market_unit=0), "market_unit"),
    (lambda: from_options(7), "7"),  # type: ignore[arg-type]
])
def test_bad_names_and_options_raise_value_error_naming_them(call: object, needle: str) -> None:
    with pytest.raises(ValueError, match=needle.replace("(", r"\(")) as info:
        call()  # type: ignore[operator]
    assert isinstance(info.value, GameError)


def test_to_options_rejects_what_is_not_a_game() -> None:
    with pytest.raises(GameError):
        to_options("stud")  # type: ignore[arg-type]


def test_game_info_stud() -> None:
    info = game_info(SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10))
    assert info["game"] == "stud" and info["name"] == "Seven Card Stud"
    assert (info["min_players"], info["max_players"]) == (2, 8)  # R2.1
    assert info["stakes"] == "ante 1, bring-in 2, 5/10"
    assert info["market_prices"] is None
    assert info["showdown_muck"] is True  # R3.10: stud offers the muck
    assert info["high_low"] is False and info["bring_in"] == 2
    assert info["bets"] == [5, 5, 10, 10, 10]
    assert info["options"] == to_options(SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10))


def test_game_info_wallstreet() -> None:
    info = game_info(WallStreet(ante=1, limits=(2, 2, 4, 4, 4)))
    assert info["game"] == "wallstreet" and info["name"] == "Wall Street"
    assert (info["min_players"], info["max_players"]) == (3, 7)  # R3.1
    assert info["stakes"] == "ante 1, limits 2/2/4/4/4"
    assert info["market_prices"] == [2, 4, 6, 8]  # R3.5: slot k costs k units
    assert info["showdown_muck"] is False  # R3.10: everyone shows
    assert info["high_low"] is True and info["bring_in"] == 0
    assert game_info(WallStreet(ante=1, limits=2, showdown_muck=True))["showdown_muck"] is True
    info = game_info(WallStreet(ante=1, limits=(2, 2, 4, 4, 4), market_unit=3, joker=True))
    assert info["market_prices"] == [3, 6, 9, 12]
    assert info["stakes"] == "ante 1, limits 2/2/4/4/4, market unit 3"
    assert info["joker"] is True


def test_game_info_is_json_ready() -> None:
    import json

    for name in GAMES:
        info = game_info(from_options(name))
        assert json.loads(json.dumps(info)) == info


@pytest.mark.parametrize("n", range(1, 9))
def test_phh_order(n: int) -> None:
    for dealer in range(n):
        order = phh_order(dealer, n)
        assert sorted(order) == list(range(n))
        assert order[0] == (dealer + 1) % n  # p1 sits left of the dealer
        assert order[-1] == dealer  # the dealer acts last in PHH order
        assert all(order[i + 1] == (order[i] + 1) % n for i in range(n - 1))


def test_phh_order_examples_and_errors() -> None:
    assert phh_order(0, 3) == [1, 2, 0]
    assert phh_order(2, 4) == [3, 0, 1, 2]
    for dealer, n in ((3, 3), (-1, 3), (0, 0), (True, 3)):
        with pytest.raises(GameError):
            phh_order(dealer, n)


def test_game_data_is_consistent_for_every_game() -> None:
    """R2.4/R6.3, R2.6/R6.4, R3.7/R5.2/R6.2: each game's class-level data agrees with itself:
    ``high_low`` is an eight-or-better low share, the later streets open with the board
    order, and the first share is one every hand has (so every pot has a winner)."""
    from studpoker.engine.games import DoorCard, Opener, Ranking

    for name, cls in GAMES.items():
        game = from_options(name)
        rankings = [h.ranking for h in game.halves]
        assert game.high_low == (Ranking.EIGHT_OR_BETTER in rankings), name
        assert rankings[0] in (Ranking.HIGH, Ranking.RAZZ, Ranking.WILD_HIGH, Ranking.DEUCE_SEVEN), name
        assert {s.opener for s in game.streets[1:]} == {game.board_opener}, name
        assert game.streets[0].opener is (Opener.BRING_IN if game.bring_in_amount else Opener.DEALER_LEFT)
        assert cls.bring_in_card in (DoorCard.LOWEST, DoorCard.HIGHEST, DoorCard.HIGHEST_ACE_HIGH)
    assert from_options("razz").bring_in_card is DoorCard.HIGHEST
    assert from_options("razz").board_opener is Opener.LOW_BOARD


def test_rules_sections_say_what_each_game_plays() -> None:
    """R2.4/R6.3, R2.6/R5.3/R6.4, R3.7/R5.2/R6.2, R8: the rules panel's words come from
    each game's data (game_info's ``rules``), for every game of the registry."""
    from studpoker.engine.games import rules_sections

    def text(name: str, **options: object) -> str:
        return " ".join(s["title"] + ": " + s["text"] for s in rules_sections(from_options(name, **options)))

    for name in GAMES:
        sections = rules_sections(from_options(name))
        assert sections and all(set(s) == {"title", "text"} and s["text"] for s in sections)
        assert game_info(from_options(name))["rules"] == sections
    assert "lowest door card" in text("stud") and "big bet (10)" in text("stud")
    assert "does not use the open-pair rule" in text("stud", open_pair_big_bet=False)
    assert "8-or-better" in text("stud8") and "always 5" in text("stud8")  # R5.2, R5.3
    razz = text("razz")
    assert "highest door card (king high, ace low" in razz and "lowest hand showing" in razz  # R6.3, R6.4
    assert "5-4-3-2-A" in razz and "pairs do" in razz  # R6.2
    assert "Market" in text("wallstreet") and "slot 4 costs 8" in text("wallstreet")  # R3.5
    assert "Nines and threes are wild" in text("baseball") and "costs its holder 10" in text("baseball")
    assert "next face-up card" in text("follow_the_queen")  # R8.3
    assert "highest spade face down" in text("high_chicago")  # R8.4
    assert "lowest spade face down" in text("low_chicago")
    assert "joker" in text("stud", joker=True) and "joker" not in text("stud")


# ------------------------------------------------------------------ one module per game


def test_the_registry_is_read_from_the_game_classes() -> None:
    """Each game is one module of studpoker.engine.games holding one class that says its names,
    PHH code, title, seat limits and house stakes; GAMES, DEFAULT_OPTIONS and the aliases are
    made from them, in the games' order."""
    import importlib
    import pkgutil

    import studpoker.engine.games as package
    from studpoker.engine.games import canonical_name, game_for_phh_code

    modules = sorted(m.name for m in pkgutil.iter_modules(package.__path__) if m.name != "base")
    by_module = {}
    for name in modules:
        module = importlib.import_module(f"studpoker.engine.games.{name}")
        defined = {cls for cls in GAMES.values() if cls.__module__ == module.__name__}
        assert len(defined) == 1, name  # one game per module
        by_module[name] = defined.pop()
    assert set(by_module.values()) == set(GAMES.values())
    assert list(GAMES)[:8] == ["stud", "wallstreet", "stud8", "razz", "baseball", "follow_the_queen",
                               "high_chicago", "low_chicago"]
    assert [cls.order for cls in GAMES.values()] == sorted(cls.order for cls in GAMES.values())
    for name, cls in GAMES.items():
        assert cls.name == name
        assert DEFAULT_OPTIONS[name] == dict(cls.default_stakes)
        assert canonical_name(name) == name == canonical_name(cls.title)
        for alias in cls.aliases:
            assert canonical_name(alias) == name
        assert game_for_phh_code(cls.phh_code) is cls
        assert 2 <= cls.min_players <= cls.max_players <= 10  # R9.1: Five Card Stud seats ten
    assert len({cls.phh_code for cls in GAMES.values()}) == len(GAMES)
    with pytest.raises(GameError, match="unknown PHH variant 'NLHE'"):
        game_for_phh_code("NLHE")


def test_a_game_class_that_clashes_with_one_registered_is_refused() -> None:
    from dataclasses import dataclass
    from typing import ClassVar

    before = dict(GAMES)
    with pytest.raises(GameError, match="the game 'razz' is already"):
        @dataclass(frozen=True, kw_only=True)
        class OtherRazz(SevenCardStud):
            name: ClassVar[str] = "razz"
            phh_code: ClassVar[str] = "FXR"
    with pytest.raises(GameError, match="PHH code 'FR' is already razz's"):
        @dataclass(frozen=True, kw_only=True)
        class Copy(SevenCardStud):
            name: ClassVar[str] = "razz_copy"
            phh_code: ClassVar[str] = "FR"
    with pytest.raises(GameError, match="the name 'chicago' is already 'high_chicago'"):
        @dataclass(frozen=True, kw_only=True)
        class Chicago(SevenCardStud):
            name: ClassVar[str] = "chicago_two"
            aliases: ClassVar[tuple[str, ...]] = ("Chicago",)
            phh_code: ClassVar[str] = "FC2"
    with pytest.raises(GameError, match="name must be lowercase"):
        @dataclass(frozen=True, kw_only=True)
        class Shout(SevenCardStud):
            name: ClassVar[str] = "Shout"
            phh_code: ClassVar[str] = "FSH"

    @dataclass(frozen=True, kw_only=True)
    class Toy(SevenCardStud, register=False):  # a class for a test, kept out of the registry
        name: ClassVar[str] = "toy"
        phh_code: ClassVar[str] = "FTY"

    assert before == GAMES
    with pytest.raises(GameError, match="not a known game"):
        to_options(Toy(ante=1, bring_in=2, small_bet=5, big_bet=10))


def test_what_a_game_class_says_holds_together() -> None:
    """The stakes, the options left out (with their rules) and the cards per street of each game."""
    from studpoker.engine.games import option_names, scale_stakes

    every_option = {o for name in GAMES for o in option_names(name)}
    for name, cls in GAMES.items():
        options = set(option_names(name))
        assert set(cls.stake_names) <= options and "ante" in cls.stake_names, name
        assert set(cls.default_stakes) <= set(cls.stake_names), name
        for option, rule in cls.left_out.items():  # R3.9, R5.3, R6.1, R6.5, R8.1, R8.2
            assert option in every_option and option not in options and rule.startswith("R"), (name, option)
        assert set(cls.own_options) <= options
        game = from_options(name)
        assert len(cls.street_cards) == len(game.streets)
        assert cls.has_market == (game.unit > 0)
        bigger = game.with_stakes(**scale_stakes({k: to_options(game)[k] for k in cls.stake_names}, 2))
        assert bigger.ante == 2 * game.ante and [s.bet for s in bigger.streets] == [2 * s.bet for s in game.streets]
        assert type(bigger) is cls
    with pytest.raises(GameError, match="joker is not a stake of Seven Card Stud"):
        from_options("stud").with_stakes(joker=True)
    assert from_options("baseball").with_stakes(ante=2, bring_in=4, small_bet=10, big_bet=20).up_card_price == 20
