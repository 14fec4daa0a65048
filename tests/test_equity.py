"""Showdown equity (studpoker.equity, `studpoker equity`): exact values, hi-lo shares
(R3.7, R3.8 halves and ties) against a brute-force pure-Python reference, the
community card (R1.10), Monte Carlo and the CLI."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from studpoker.cli import app
from studpoker.engine.cards import CardError, parse_cards
from studpoker.engine.evaluation import high_key, low_key, razz_key
from studpoker.equity import EXACT_LIMIT, compute, equities

FIFTH_STREET = ["Ah Kh 7h 2h 9c", "Qs Qd Jc Jd 4s"]


def brute_force(hands: list[str], dead: str, hilo: bool, joker: bool = False,
                razz: bool = False) -> list[dict[str, Fraction]]:
    """Every deal, evaluated one hand at a time with the per-hand evaluator, shares as fractions
    (``razz``: the best razz low takes the pot, R6.2)."""
    known = [[c.code for c in parse_cards(h)] for h in hands]
    out_of_play = {c for k in known for c in k} | {c.code for c in parse_cards(dead)}
    pool = [c for c in range(53 if joker else 52) if c not in out_of_play]
    needs = [7 - len(k) for k in known]
    community = sum(needs) > len(pool)
    private = [n - 1 for n in needs] if community else needs
    players = len(hands)
    totals = [dict.fromkeys(("equity", "high", "low", "win", "tie", "scoop", "low_win", "low_tie"),
                            Fraction(0)) for _ in range(players)]
    deals = 0

    def deal(p: int, left: list[int], got: list[tuple[int, ...]]) -> None:
        nonlocal deals
        if p == players:
            shared = [left[0]] if community else []
            if community:  # the community card: every remaining card in turn
                for c in left:
                    settle([list(known[i]) + list(got[i]) + [c] for i in range(players)])
                return
            settle([list(known[i]) + list(got[i]) + shared for i in range(players)])
            return
        for combo in itertools.combinations(left, private[p]):
            rest = [c for c in left if c not in combo]
            deal(p + 1, rest, [*got, combo])

    def settle(final: list[list[int]]) -> None:
        nonlocal deals
        deals += 1
        highs = [razz_key(h) if razz else high_key(h) for h in final]
        lows = [low_key(h) for h in final] if hilo else [-1] * players
        top = max(highs)
        winners = [i for i in range(players) if highs[i] == top]
        best_low = max(lows)
        low_winners = [i for i in range(players) if lows[i] == best_low and best_low >= 0]
        high_pot = Fraction(1, 2) if low_winners else Fraction(1)
        for i in range(players):
            h = high_pot / len(winners) if i in winners else Fraction(0)
            lo = Fraction(1, 2) / len(low_winners) if i in low_winners else Fraction(0)
            t = totals[i]
            t["equity"] += h + lo
            t["high"] += h
            t["low"] += lo
            t["win"] += i in winners and len(winners) == 1
            t["tie"] += i in winners and len(winners) > 1
            t["scoop"] += h + lo == 1
            t["low_win"] += i in low_winners and len(low_winners) == 1
            t["low_tie"] += i in low_winners and len(low_winners) > 1

    deal(0, pool, [])
    return [{k: v / deals for k, v in t.items()} for t in totals]


def assert_matches(result_players: tuple, reference: list[dict[str, Fraction]], hilo: bool) -> None:
    for got, want in zip(result_players, reference, strict=True):
        fields = ["equity", "win", "tie"] + (["high", "low", "scoop", "low_win", "low_tie"] if hilo else [])
        for name in fields:
            assert getattr(got, name) == pytest.approx(float(want[name]), abs=1e-12), name


def test_heads_up_fifth_street_stud_is_exact() -> None:
    """The issue's example: 671,580 deals, enumerated."""
    r = compute(game="stud", hands=FIFTH_STREET)
    assert r.exact and r.samples is None
    assert r.deals == r.total_deals == 671_580
    assert r.players[0].equity == pytest.approx(0.381610530391, abs=1e-9)
    assert r.players[0].equity == pytest.approx(256_282 / 671_580, abs=1e-15)
    assert sum(r.equities) == pytest.approx(1.0, abs=1e-15)
    assert r.players[0].std_error == 0.0


def test_heads_up_fifth_street_stud_hi_lo() -> None:
    """R3.7 on the same spot; the same figure as poker-equity's stud_hi_lo."""
    r = compute(game="stud8", hands=FIFTH_STREET)
    assert r.exact and r.deals == 671_580
    assert r.players[0].equity == pytest.approx(0.4343890526817356, abs=1e-12)
    p = r.players[0]
    assert p.high is not None and p.low is not None
    assert p.equity == pytest.approx(p.high + p.low, abs=1e-15)
    assert compute(game="wallstreet", hands=FIFTH_STREET).equities == r.equities


@pytest.mark.parametrize(
    ("hands", "dead"),
    [
        # Three-way sixth street, low draws and a made high; many ties in the low.
        (["Ah 2c 3d Kc Ks 9h", "As 2d 3h 8c 8d Qh", "4c 5c 6c 7d Jh Jd"], "9s 9c Ts Td 4h 4s 6h 6s Ad"),
        # Ties for the high (identical straights) and for the low.
        (["2c 3c 4c 5d 6d 9h", "2d 3d 4d 5h 6h Ts", "Ac Ad 7c 8h 7s 8s"], "Kh Ks Kd Kc Qs Qc Qd Js Jc"),
    ],
)
@pytest.mark.parametrize("game", ["stud", "wallstreet", "stud8", "razz"])
def test_equity_matches_brute_force(hands: list[str], dead: str, game: str) -> None:
    """R3.7/R3.8/R5.2: halves, ties split within a half, no low means the high takes all;
    R6.2: the best razz low takes the whole pot, ties split it."""
    hilo = game in ("wallstreet", "stud8")
    r = compute(game, hands, dead)
    assert r.exact and r.hilo == hilo
    assert_matches(r.players, brute_force(hands, dead, hilo, razz=game == "razz"), hilo)
    assert sum(r.equities) == pytest.approx(1.0, abs=1e-12)
    if hilo:
        assert r.no_low is not None and 0 <= r.no_low < 1


def test_razz_equity_pairs_count_against_a_hand() -> None:
    """R6.2: heads-up razz on sixth street, exact against the brute force: A-2-3-4-4-4 must
    catch an unpaired card (not an ace to a four, nor a king or a queen) to beat a hand that
    already holds Q-J-T-9-8; razz refuses the joker (R6.1)."""
    hands = ["Ac 2d 3h 4s 4c 4d", "9c Td Jh Qs Kc 8d"]
    r = compute("razz", hands)
    assert r.exact and not r.hilo and r.no_low is None
    assert_matches(r.players, brute_force(hands, "", False, razz=True), False)
    assert 0.5 < r.players[0].equity < 0.75 and r.players[0].tie == 0.0
    with pytest.raises(CardError, match="joker"):
        compute("razz", ["Jk 2d 3h", "4c 5d 6h"], joker=True)
    with pytest.raises(CardError, match="joker"):
        compute("razz", ["Jk 2d 3h", "4c 5d 6h"])


def test_razz_monte_carlo_is_within_its_error_of_the_exact_answer() -> None:
    """R6.2: sampled razz equity from fifth street agrees with the enumeration."""
    hands = ["Ac 2d 3h 7s Kd", "4c 5d 6h Ks 6c"]
    exact = compute("razz", hands, exact=True)
    sampled = compute("razz", hands, exact=False, samples=200_000, seed=3)
    assert not sampled.exact and sampled.samples == 200_000
    for e, s in zip(exact.players, sampled.players, strict=True):
        assert abs(e.equity - s.equity) < 5 * s.std_error + 1e-9


def test_equity_with_joker_matches_brute_force() -> None:
    hands = ["Ah Kh Qh 2h 3c 4c", "Jk 5d 5s 7c 7d 8s"]
    dead = "As Ad Ac Kd Ks Kc 6h 6d"
    r = compute("wallstreet", hands, dead, joker=True)
    assert_matches(r.players, brute_force(hands, dead, True, joker=True), True)
    r2 = compute("stud", hands, dead, joker=True, double_ace_flush=True)
    assert r2.exact


def test_community_card_when_the_stub_runs_short() -> None:
    """R1.10: eight players, sixth street, four cards left: one community card for all."""
    hands = ["2c 2d 3c 3d 4c 4d", "5c 5d 6c 6d 7c 7d", "8c 8d 9c 9d Tc Td", "Jc Jd Qc Qd Kc Kd",
             "Ac Ad 2h 2s 3h 3s", "4h 4s 5h 5s 6h 6s", "7h 7s 8h 8s 9h 9s", "Th Ts Jh Js Qh Qs"]
    r = compute("stud", hands)
    assert r.exact and r.total_deals == 4
    assert_matches(r.players, brute_force(hands, "", False), False)


def test_community_card_already_dealt_is_in_every_hand() -> None:
    """R1.10: a community card on the board counts in every hand, once in the deck."""
    hands = ["2c 2d 3c 3d 4c 4d", "5c 5d 6c 6d 7c 7d", "Ac Ad 2h 2s 3h 3s"]
    with_board = compute("wallstreet", hands, board="5h")
    as_known = compute("wallstreet", [h + " 5h" for h in hands[:1]] + hands[1:], dead="")
    assert with_board.exact and with_board.total_deals == 1
    assert with_board.players[0].cards.endswith("5h") and with_board.players[2].cards.endswith("5h")
    assert as_known.total_deals > 1
    with pytest.raises(CardError):
        compute("stud", hands, board="2c")


def test_exact_or_sampled_by_budget() -> None:
    assert compute("stud", FIFTH_STREET, samples=200_000).exact  # 671,580 <= 4 * 200,000
    r = compute("stud", FIFTH_STREET, samples=20_000)
    assert not r.exact and r.samples == r.deals == 20_000
    assert compute("stud", FIFTH_STREET, exact=False, samples=1000).samples == 1000
    third = compute("stud", ["Ah Kh 7h", "Qs Qd Jc"], samples=5_000)
    assert not third.exact and third.total_deals > EXACT_LIMIT


def test_monte_carlo_is_seeded_and_within_its_error() -> None:
    exact = compute("stud8", FIFTH_STREET).players[0].equity
    a = compute("stud8", FIFTH_STREET, exact=False, samples=200_000, seed=7)
    b = compute("stud8", FIFTH_STREET, exact=False, samples=200_000, seed=7)
    c = compute("stud8", FIFTH_STREET, exact=False, samples=200_000, seed=8)
    assert a.equities == b.equities
    assert a.equities != c.equities
    p = a.players[0]
    assert 0 < p.std_error < 0.01
    assert abs(p.equity - exact) < 5 * p.std_error
    assert sum(a.equities) == pytest.approx(1.0, abs=1e-12)


def test_monte_carlo_time_budget() -> None:
    r = compute("wallstreet", ["Ah 2h", "Kd Kc", "7s 6s"], seconds=0.05)
    assert not r.exact and r.samples is not None and r.samples > 0
    assert sum(r.equities) == pytest.approx(1.0, abs=1e-12)


def test_monte_carlo_with_community_card_matches_exact() -> None:
    hands = ["2c 2d 3c 3d 4c 9s", "5c 5d 6c 6d 7c Ks", "8c 8d 9c 9d Tc Qs", "Jc Jd Qc Qd Kc As",
             "Ac Ad 2h 2s 3h", "4h 4s 5h 5s 6h", "7h 7s 8h 8s 9h", "Th Ts Jh Js Qh"]
    exact = compute("wallstreet", hands, exact=True)
    assert exact.total_deals == 8 * 7 * 6 * 5 * 4  # four private cards, then one of the four left
    assert_matches(exact.players, brute_force(hands, "", True), True)
    sampled = compute("wallstreet", hands, exact=False, samples=100_000)
    for e, s in zip(exact.players, sampled.players, strict=True):
        assert abs(e.equity - s.equity) <= 5 * s.std_error + 1e-9


def test_progress_is_reported() -> None:
    calls: list[tuple[int, int]] = []
    compute("stud", FIFTH_STREET, exact=False, samples=30_000, progress=lambda d, t: calls.append((d, t)))
    assert calls[-1] == (30_000, 30_000)


def test_equities_shortcut_and_codes() -> None:
    codes = [[c.code for c in parse_cards(h)] for h in FIFTH_STREET]
    assert equities("stud", codes) == compute("stud", FIFTH_STREET).equities


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"hands": ["Ah Kh", "Ah Qd"]}, CardError),
        ({"hands": ["Ah Kh", "Qd Jk"]}, CardError),
        ({"hands": ["Ah Kh 2c 3c 4c 5c 6c 7c", "Qd"]}, CardError),
        ({"hands": ["Ah Kh", "Qd"], "dead": "Kh"}, CardError),
        ({"hands": ["Ah Kh", "Qd"], "game": "holdem"}, ValueError),
        ({"hands": []}, ValueError),
        ({"hands": ["2c"] * 9}, ValueError),
        ({"hands": "Ah Kh"}, ValueError),
    ],
)
def test_bad_input(kwargs: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        compute(**kwargs)  # type: ignore[arg-type]


runner = CliRunner()


def test_cli_equity_json() -> None:
    result = runner.invoke(app, ["equity", "--game", "stud", *FIFTH_STREET, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["exact"] is True and data["samples"] is None
    assert data["players"][0]["equity"] == pytest.approx(0.381610530391, abs=1e-9)
    assert set(data["players"][0]) >= {"equity", "std_error", "win", "tie"}


def test_cli_equity_wallstreet_sampled_json() -> None:
    result = runner.invoke(app, ["equity", "--game", "wallstreet", "Ah 2h 3d", "Kd Kc 9s", "7s 6s 5c",
                                 "--dead", "Qs Qh Js Th", "--samples", "20000", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["exact"] is False and data["samples"] == 20_000
    assert {"high", "low", "scoop"} <= set(data["players"][0])
    assert sum(p["equity"] for p in data["players"]) == pytest.approx(1.0)


def test_cli_equity_table_and_errors() -> None:
    result = runner.invoke(app, ["equity", *FIFTH_STREET])
    assert result.exit_code == 0, result.output
    assert "38.16%" in result.stdout and "exact" in result.stdout
    bad = runner.invoke(app, ["equity", "Ah Kh", "Ah"])
    assert bad.exit_code == 2 and "duplicate" in bad.output
    bad = runner.invoke(app, ["equity", "Ah Kh", "Jk"])
    assert bad.exit_code == 2 and "--joker" in bad.output
