"""Equity of Five Card Stud (R9) and Deuce-to-Seven Razz (R10), pure Python and
studpoker.fast, exact and Monte Carlo: hands of the game's own size, its own ranking."""

from __future__ import annotations

import pytest

from studpoker import equity
from studpoker.engine.cards import CardError

BACKENDS = ["python", "fast"] if equity.FAST_AVAILABLE else ["python"]


def shares(game: str, hands: list[str], backend: str, **kw: object) -> list[float]:
    result = equity.compute(game, hands, backend=backend, **kw)  # type: ignore[arg-type]
    return [p.equity for p in result.players]


@pytest.mark.parametrize("backend", BACKENDS)
def test_r9_3_five_cards_a_hand_exact(backend: str) -> None:
    """R9.3: a hand ends with five cards: a complete hand deals nothing more."""
    result = equity.compute("five_stud", ["Ac As 2d 3c 4h", "Kd Qd Jd Td 8d"], backend=backend)
    assert result.exact and result.deals == 1
    assert [p.equity for p in result.players] == [0.0, 1.0]  # the flush beats the pair
    with pytest.raises(CardError, match="at most 5"):
        equity.compute("five_stud", ["Ac As 2d 3c 4h 5h", "Kd Qd"], backend=backend)


def test_r9_exact_backends_agree() -> None:
    """Pure Python and studpoker.fast enumerate the same deals to the same shares."""
    if not equity.FAST_AVAILABLE:
        pytest.skip("studpoker.fast is not installed")
    py = equity.compute("five_stud", ["Ac As 2d", "Kd Qd Jd"], backend="python")
    fa = equity.compute("five_stud", ["Ac As 2d", "Kd Qd Jd"], backend="fast")
    assert py.exact and fa.exact and py.deals == fa.deals
    assert [p.equity for p in py.players] == pytest.approx([p.equity for p in fa.players], abs=1e-12)


def test_r10_exact_backends_agree() -> None:
    if not equity.FAST_AVAILABLE:
        pytest.skip("studpoker.fast is not installed")
    hands = ["7h 5h 4h 3h 2c 9d", "8c 6d 4c 3d 2d 9s"]
    py = equity.compute("razz27", hands, backend="python")
    fa = equity.compute("razz27", hands, backend="fast")
    assert py.exact and fa.exact
    assert [p.equity for p in py.players] == pytest.approx([p.equity for p in fa.players], abs=1e-12)


@pytest.mark.parametrize("backend", BACKENDS)
def test_r10_1_the_nuts_and_the_flush(backend: str) -> None:
    """R10.1: 7-5-4-3-2 off suit cannot lose; a made flush counts against its holder."""
    assert shares("razz27", ["7c 5d 4h 3s 2c Kd", "8c 6d 4c 3d 2d Ks"], backend) == [1.0, 0.0]
    # seat 0's five hearts are a flush, seat 1's 8-6-4-3-2 wins (one card to come each, dead cards)
    got = shares("razz27", ["7h 5h 4h 3h 2h Kh", "8c 6d 4c 3d 2d Ks"], backend)
    assert got[1] > 0.5
    # the wheel is ace high: A-5-4-3-2 loses to K-Q-J-T-8
    assert shares("razz27", ["Ac 5d 4h 3s 2c Ad Ah", "Kc Qd Jh Ts 8c Ks Kd"], backend) == [0.0, 1.0]


@pytest.mark.parametrize("backend", BACKENDS)
def test_r10_monte_carlo_near_exact(backend: str) -> None:
    hands = ["7c 5d 4h 3s", "6c 6d 8h 3d 2d"]
    exact = equity.compute("razz27", hands, backend="fast" if equity.FAST_AVAILABLE else "python",
                           samples=None) if equity.FAST_AVAILABLE else None
    sampled = equity.compute("razz27", hands, backend=backend, samples=40_000, seed=5)
    assert not sampled.exact
    if exact is not None and exact.exact:
        assert sampled.players[0].equity == pytest.approx(exact.players[0].equity, abs=0.02)
    assert sampled.players[0].equity > 0.5


@pytest.mark.parametrize("backend", BACKENDS)
def test_r9_1_ten_players(backend: str) -> None:
    """R9.1: ten players' hands fit in the deck (five cards each)."""
    hands = ["Ac", "Kc", "Qc", "Jc", "Tc", "9c", "8c", "7c", "6c", "5c"]
    result = equity.compute("five_stud", hands, backend=backend, samples=2_000, seed=1)
    assert len(result.players) == 10
    assert sum(p.equity for p in result.players) == pytest.approx(1.0)
