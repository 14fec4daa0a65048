"""The pure-Python equity engine (no [fast] extra): the same exact answers as the compiled one,
seeded Monte Carlo close to them, the R1.10 community card and the R3.7 hi-lo split."""

from __future__ import annotations

import pytest

from studpoker.equity import FAST_AVAILABLE, PYTHON_DEFAULT_SAMPLES, compute, equities

SPOTS = [
    ("stud", ["Ah Kh 7h 2h 9c", "Qs Qd Jc Jd 4s"], ""),
    ("stud", ["Ah Kh 7h 2h 9c 3d", "Qs Qd Jc Jd 4s 5s", "Tc Td Th 2c 2d 8s"], "As"),
    ("wallstreet", ["As 2s 3s 4d 5c 9h", "Kh Kd Ks 8c 8d 2h"], "Ac Ad"),  # R3.7: high and low halves
    ("stud8", ["Ah 2h 3c 4d 9s 9c", "Kc Kd 7s 6s 5h 4h", "8c 7c 6d 5d Qs Js"], ""),
    ("razz", ["Ah 2h 3c 4d 9s 9c", "Kc Kd 7s 6s 5h 4h", "8c 7c 6d 5d Qs Js"], ""),  # R6.2
    ("razz", ["Ac 2d 3h 7s 7c", "4c 5d 6h Ks Kd"], "Ah 2c"),
]
# R1.10: eight players, six cards each: 48 cards out, the stub (4) cannot give everyone a card
EIGHT = [" ".join(f"{r}{s}" for r in ranks) for ranks, s in
         [("234567", "c"), ("234567", "d"), ("234567", "h"), ("234567", "s"),
          ("89TJQK", "c"), ("89TJQK", "d"), ("89TJQK", "h"), ("89TJQK", "s")]]


@pytest.mark.skipif(not FAST_AVAILABLE, reason="compares with the [fast] engine")
@pytest.mark.parametrize(("game", "hands", "dead"), [*SPOTS, ("stud", EIGHT, ""), ("razz", EIGHT, "")])
def test_exact_answers_equal_the_compiled_engine(game: str, hands: list[str], dead: str) -> None:
    slow = compute(game, hands, dead, exact=True, backend="python")
    fast = compute(game, hands, dead, exact=True, backend="fast")
    assert slow.exact and slow.total_deals == fast.total_deals == slow.deals
    assert slow.to_dict()["players"] == fast.to_dict()["players"]
    assert slow.no_low == fast.no_low


def test_known_exact_values_without_the_compiled_engine() -> None:
    r = compute("stud", ["Ah Kh 7h 2h 9c", "Qs Qd Jc Jd 4s"], backend="python")
    assert (r.exact, r.deals, round(r.players[0].equity, 12)) == (True, 671580, 0.381610530391)
    w = compute("wallstreet", ["As 2s 3s 4d 5c 9h", "Kh Kd Ks 8c 8d 2h"], dead="Ac Ad", backend="python")
    assert (w.exact, w.total_deals, w.players[0].low, w.players[1].high) == (True, 1406, 0.5, 0.5)
    c = compute("stud", EIGHT, backend="python")  # R1.10: one community card for everyone
    assert c.exact and c.total_deals == 4 and abs(sum(c.equities) - 1) < 1e-12


def test_seeded_monte_carlo() -> None:
    hands = ["Ah Kh 7h", "Qs Qd Jc", "2c 3c 4c"]
    a = compute("stud", hands, samples=4000, seed=7, backend="python")
    b = compute("stud", hands, samples=4000, seed=7, backend="python")
    assert a.to_dict()["players"] == b.to_dict()["players"]  # same seed, same answer
    assert not a.exact and a.deals == a.samples == 4000 and abs(sum(a.equities) - 1) < 1e-9
    exact = compute("stud", ["Ah Kh 7h 2h 9c", "Qs Qd Jc Jd 4s"], exact=True, backend="python").equities
    sampled = compute("stud", ["Ah Kh 7h 2h 9c", "Qs Qd Jc Jd 4s"], exact=False, samples=20_000, seed=1,
                      backend="python")
    assert abs(sampled.equities[0] - exact[0]) < 5 * sampled.players[0].std_error + 1e-9
    hilo = compute("wallstreet", ["As 2s 3s", "Kh Kd Ks", "7c 8c 9c"], samples=3000, seed=2, backend="python")
    assert hilo.no_low is not None and abs(sum(hilo.equities) - 1) < 1e-9
    assert all(p.high is not None and abs(p.high + p.low - p.equity) < 1e-12 for p in hilo.players)  # type: ignore[operator]


def test_budgets_progress_and_defaults() -> None:
    seen: list[tuple[int, int]] = []
    r = compute("stud", ["Ah Kh", "Qs Qd"], exact=False, seconds=0.2, backend="python",
                progress=lambda d, t: seen.append((d, t)))
    assert r.deals > 0 and seen and seen[-1][0] == r.deals
    seen.clear()
    compute("stud", ["Ah Kh 7h 2h 9c", "Qs Qd Jc Jd 4s"], exact=True, backend="python",
            progress=lambda d, t: seen.append((d, t)))
    assert seen[-1] == (671580, 671580) and [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert PYTHON_DEFAULT_SAMPLES <= 200_000
    assert equities("stud", ["Ah Ad", "Kh Kd"], samples=500, backend="python")[0] > 0.55


def test_unknown_backend() -> None:
    with pytest.raises(ValueError, match="backend"):
        compute("stud", ["Ah Kh", "Qs Qd"], backend="gpu")  # type: ignore[arg-type]
