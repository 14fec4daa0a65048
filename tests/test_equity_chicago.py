"""Equity in High and Low Chicago (R8.4): the high half and the spade in the hole.

The reference deals every card to come to its own place (seventh street face down,
fourth to sixth face up, R2.3) one ordered deal at a time, and settles each deal with
the engine's own settlement (studpoker.engine.settlement.settle, the code a hand is paid by);
both equity backends, exact and Monte Carlo, must agree with it.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from studpoker.engine.cards import Card, CardError, parse_cards
from studpoker.engine.games import from_options
from studpoker.engine.pots import Pot
from studpoker.engine.settlement import settle
from studpoker.equity import FAST_AVAILABLE, compute

BACKENDS = ["python", *(["fast"] if FAST_AVAILABLE else [])]
POT = 1680  # splits evenly among any ties of up to 8 players, in halves


def reference(game_name: str, hands: list[tuple[str, str]], dead: str = "") -> list[Fraction]:
    """Each player's exact share: ``hands`` are (down, up) known cards; every missing down
    card comes on seventh street (or third), every missing up card on fourth to sixth."""
    game = from_options(game_name)
    downs = [parse_cards(d) for d, _ in hands]
    ups = [parse_cards(u) for _, u in hands]
    used = {c for h in downs + ups for c in h} | set(parse_cards(dead))
    pool = [c for c in parse_cards(" ".join(f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"))
            if c not in used]
    players = len(hands)
    missing_down = [3 - len(d) for d in downs]
    missing_up = [4 - len(u) for u in ups]
    community = sum(missing_down) + sum(missing_up) > len(pool)  # R1.10: seventh street shared
    if community:
        missing_down = [m - 1 for m in missing_down]
    totals = [Fraction(0)] * players
    deals = 0

    def deal(p: int, left: list[Card], got: list[tuple[list[Card], list[Card]]]) -> None:
        nonlocal deals
        if p == players:
            for shared in (left if community else [None]):
                deals += 1
                hole = [downs[i] + got[i][0] for i in range(players)]
                every = [hole[i] + ups[i] + got[i][1] + ([shared] if shared else [])
                         for i in range(players)]
                result = settle(game=game, pots=[Pot(index=0, amount=POT, eligible=tuple(range(players)))],
                                cards=every.__getitem__, shown=set(range(players)), dealer=players - 1,
                                n=players, down=hole.__getitem__)
                for seat, amount in result.results[0].shares:
                    totals[seat] += amount
            return
        need = missing_down[p] + missing_up[p]
        for cards in itertools.permutations(left, need):  # every ordered deal of the places
            rest = [c for c in left if c not in cards]
            deal(p + 1, rest, [*got, (list(cards[:missing_down[p]]), list(cards[missing_down[p]:]))])

    deal(0, pool, [])
    return [t / (POT * deals) for t in totals]


SPOTS = [
    # sixth street, three players: one card down each to come
    ("high_chicago", [("Ks 2c", "7d 7h 3c 4d"), ("Ah 9s", "Qd Jc 5s 6h"), ("Td 3h", "Kc Kh 2d 8s")], ""),
    ("low_chicago", [("Ks 2c", "7d 7h 3c 4d"), ("Ah 9s", "Qd Jc 5s 6h"), ("Td 3h", "Kc Kh 2d 8s")], ""),
    # an opponent whose hole cards are all unknown (three down to come), against a full hand
    ("high_chicago", [("Qs 4s 9c", "Ah Ad 8c 2h"), ("", "Kd Kh 5c Tc")], "3s 6s Js As 7s"),
    ("low_chicago", [("Qs 4s 9c", "Ah Ad 8c 2h"), ("", "Kd Kh 5c Tc")], "2s 3s 6s Js As 7s"),
    # nobody holds a spade down yet; one up card and one down card to come each
    ("low_chicago", [("Ah 2c", "Kd Qc 9h"), ("8d 8c", "3d 4h 5c")],
     "Ac Ad 2d 2h 3c 3h 4c 4d 5d 5h 6c 6d 6h 7c 7d 7h 9c 9d Tc Td Th Jc Jd Jh Qd Qh Kc Kh"),
]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("game", "hands", "dead"), SPOTS)
def test_r8_4_exact_equity_matches_every_deal(game: str, hands: list[tuple[str, str]], dead: str,
                                              backend: str) -> None:
    """R8.4: half to the best high, half to the highest (lowest) spade face down, all to the
    high without one; exact equity equals the settlement of every deal, and high + spade
    shares add up."""
    want = reference(game, hands, dead)
    r = compute(game, [f"{d} / {u}" for d, u in hands], dead=dead, exact=True, backend=backend)  # type: ignore[arg-type]
    assert r.exact and not r.hilo
    for p, share in zip(r.players, want, strict=True):
        assert p.equity == pytest.approx(float(share), abs=1e-12)
        assert p.high is not None and p.spade is not None
        assert p.high + p.spade == pytest.approx(p.equity, abs=1e-12)
    assert r.no_spade is not None and 0.0 <= r.no_spade <= 1.0
    assert sum(p.spade_win or 0.0 for p in r.players) == pytest.approx(1.0 - r.no_spade)


def test_r8_4_community_seventh_card_is_no_hole_card() -> None:
    """R1.10 with R8.4: when the seventh card is one community card it is face up: only the
    spades already in the hole count."""
    seats = ["2c 3c / 4c 5c 6c 7c", "2d 3d / 4d 5d 6d 7d", "2h 3h / 4h 5h 6h 7h", "8c 9c / Tc Jc Qc Kc",
             "8d 9d / Td Jd Qd Kd", "8h 9h / Th Jh Qh Kh", "As 2s / 3s 4s 5s 6s", "Ac Ad / Ah 7s 8s 9s"]
    r = compute("low_chicago", seats, exact=True)
    assert r.exact and r.total_deals == 4  # Ts Js Qs Ks left: one community card
    assert r.players[6].spade == 0.5 and r.players[6].spade_win == 1.0  # the 2s in the hole
    hole_known = [("2c 3c", "4c 5c 6c 7c"), ("2d 3d", "4d 5d 6d 7d"), ("2h 3h", "4h 5h 6h 7h"),
                  ("8c 9c", "Tc Jc Qc Kc"), ("8d 9d", "Td Jd Qd Kd"), ("8h 9h", "Th Jh Qh Kh"),
                  ("As 2s", "3s 4s 5s 6s"), ("Ac Ad", "Ah 7s 8s 9s")]
    for p, share in zip(r.players, reference("low_chicago", hole_known), strict=True):
        assert p.equity == pytest.approx(float(share), abs=1e-12)


@pytest.mark.parametrize("backend", BACKENDS)
def test_r8_4_monte_carlo_is_within_its_error_of_the_exact_answer(backend: str) -> None:
    hands = ["Ks 2c / 7d 7h 3c", "Ah 9s / Qd Jc 5s"]
    exact = compute("low_chicago", hands, exact=True, backend=backend)  # type: ignore[arg-type]
    samples = 200_000 if backend == "fast" else 20_000
    sampled = compute("low_chicago", hands, exact=False, samples=samples, seed=5, backend=backend)  # type: ignore[arg-type]
    assert not sampled.exact and sampled.samples == samples
    for e, s in zip(exact.players, sampled.players, strict=True):
        assert s.std_error > 0
        assert abs(e.equity - s.equity) < 4 * s.std_error
        assert e.spade is not None and s.spade is not None
        assert abs(e.spade - s.spade) < 0.02
    again = compute("low_chicago", hands, exact=False, samples=samples, seed=5, backend=backend)  # type: ignore[arg-type]
    assert again.players == sampled.players


def test_r8_4_which_cards_are_down() -> None:
    """Hole cards by '/', by hole=, or by dealing order (first two and seventh down)."""
    a = compute("high_chicago", ["Ks 2c / 7d 7h 7c 7s", "As 9h / Qd Jc 5s 6h"])
    b = compute("high_chicago", ["Ks 2c 7d 7h 7c 7s", "As 9h Qd Jc 5s 6h"])
    c = compute("high_chicago", ["7d Ks 7h 7c 2c 7s", "Qd Jc As 9h 5s 6h"], hole=["Ks 2c", "As 9h"])
    assert a.players == b.players == c.players
    assert a.players[1].spade == 0.5 and a.players[0].high == 0.5  # quads; the ace of spades down
    assert a.players[0].cards == "Ks 2c / 7d 7h 7c 7s"
    # the same cards with the As face up: nobody may hold a spade down (the Ks is up too)
    d = compute("high_chicago", ["2c 7c / 7d 7h Ks 7s", "9h 5s / Qd Jc As 6h"])
    assert d.players[1].spade is not None and d.players[1].spade < 0.5
    assert d.to_dict()["no_spade"] == d.no_spade and "spade" in d.to_dict()["players"][0]  # type: ignore[index]


@pytest.mark.parametrize(("hands", "kwargs", "message"), [
    (["As / Kd", "Qc Jc"], {"game": "stud"}, "only in High and Low Chicago"),
    (["As / Kd / 2c", "Qc Jc"], {}, "one '/' at most"),
    (["As Kd Qd Jd / 2c", "Qc Jc"], {}, "at most 3 down and 4 up"),
    (["As / Kd 2c 3c 4c 5c", "Qc Jc"], {}, "at most 3 down and 4 up"),
    (["As Kd", "Qc Jc"], {"hole": ["2c", ""]}, "is not among their cards"),
    (["As Kd", "Qc Jc"], {"hole": ["As"], }, "one entry per hand"),
])
def test_r8_4_bad_hole_cards(hands: list[str], kwargs: dict[str, object], message: str) -> None:
    options = {"game": "high_chicago", **kwargs}
    with pytest.raises((CardError, ValueError), match=message):
        compute(options.pop("game"), hands, **options)  # type: ignore[arg-type]
