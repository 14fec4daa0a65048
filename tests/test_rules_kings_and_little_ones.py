"""Kings and Little Ones (R8.5): kings wild for everyone, each player's lowest face-down
rank wild in that player's hand only, never public before the showdown. Every deck is
fixed, cards in the order they are drawn (third street round by round from the dealer's
left, then one round per street)."""

from __future__ import annotations

import random

from studpoker import codec, phh
from studpoker.engine.actions import ActionKind
from studpoker.engine.games import GAMES, from_options, game_info
from studpoker.engine.games.kings_and_little_ones import KingsAndLittleOnes
from studpoker.engine.hand import Hand, Phase
from studpoker.engine.operations import WildRanksChanged
from studpoker.engine.wild import WildCategory

STAKES = {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10}
GAME = KingsAndLittleOnes(**STAKES)
# Seat 0: 5c 5d down, 9h 9s 9d Qh up, 3d down on seventh; seat 1: 8c Kd down, Ac Ad 7h 6s
# up, 2c down on seventh.
SEVENTH_CHANGES = "5c 8c 5d Kd 9h Ac 9s Ad 9d 7h Qh 6s 3d 2c"


def deal(cards: str, n: int = 2, stacks: int = 100) -> Hand:
    return GAME.deal(stacks=[stacks] * n, dealer=n - 1, deck=cards)


def call_down(hand: Hand, *, until: str | None = None) -> None:
    """Everyone checks or calls (the bring-in posts) and shows, up to street ``until``."""
    while not hand.is_over and (until is None or hand.street_name != until):
        kinds = {a.kind for a in hand.legal_actions()}
        if ActionKind.BRING_IN in kinds:
            hand.bring_in()
        elif ActionKind.SHOW in kinds:
            hand.show()
        else:
            hand.check_or_call()


def test_r8_5_in_the_registry_kings_wild_no_open_pair() -> None:
    """R8.5: a game of the registry (PHH ``FKL``), kings wild for everyone, each player's
    lowest face-down rank wild for that player, no open-pair big bet, no joker."""
    assert GAMES["kings_and_little_ones"] is KingsAndLittleOnes
    assert from_options("Kings and Little Ones") == GAME
    assert phh.GAME_VARIANTS["kings_and_little_ones"] == "FKL"
    info = game_info(GAME)
    assert info["wild_ranks"] == ["K"] and info["lowest_down_wild"] is True
    assert info["open_pair"] is False and info["joker"] is False
    assert "open_pair_big_bet" not in GAME.options() and "joker" not in GAME.options()
    assert any("lowest card face down" in s["text"] for s in info["rules"])  # type: ignore[union-attr]


def test_r8_5_the_lowest_down_rank_is_wild_and_changes_on_seventh_street() -> None:
    """R8.5: seat 0's fives in the hole are wild (five nines with 9h 9s 9d) until the 3d
    comes face down on seventh street: then only the 3 is wild for seat 0 and its hand is
    four nines, which lose to seat 1's four aces (Ac Ad, the wild Kd and seat 1's own
    lowest down card: the 8c, then the 2c)."""
    hand = deal(SEVENTH_CHANGES)
    assert hand.to_act == 0  # the 9h brings in below the Ac (R2.4)
    assert hand.private_wild_ranks(0) == ("5",) and hand.private_wild_ranks(1) == ("8",)
    call_down(hand, until="sixth")
    assert hand.wild_ranks == ("K",)
    view = codec.view_dict(hand.view(0), log=False)
    assert view["private_wild_ranks"] == ["5"]
    assert view["strength"] is not None and view["strength"]["high"] == "Five of a kind, nines"
    call_down(hand, until="seventh")
    assert hand.private_wild_ranks(0) == ("3",) and hand.private_wild_ranks(1) == ("2",)
    view = codec.view_dict(hand.view(0), log=False)
    assert view["private_wild_ranks"] == ["3"]
    assert view["strength"] is not None and view["strength"]["high"] == "Four of a kind, nines"
    call_down(hand)
    (result,) = hand.results
    assert result.high_winners == (1,)
    assert result.high_hand is not None and result.high_hand.category is WildCategory.FOUR_OF_A_KIND
    assert result.high_hand.description.startswith("Four of a kind, aces")
    assert hand.payoffs[1] > 0 > hand.payoffs[0]
    assert not [op for op in hand.log if isinstance(op, WildRanksChanged)]  # nothing public changes


def test_r8_5_every_down_card_of_the_lowest_rank_is_wild_and_only_for_its_holder() -> None:
    """R8.5: seat 0's 2c and 2d (its lowest down rank) are both wild: with Ah Ad As they
    make five aces; seat 1 also holds a 2 face up, which is not wild for seat 1 (its own
    lowest down card is the 4s): seat 1 has three jacks."""
    hand = deal("2c 4s 2d 5h Ah Jh Ad Jd As 2h Tc 7c 9d Js")
    call_down(hand)
    (result,) = hand.results
    assert result.high_winners == (0,)
    assert result.high_hand is not None and result.high_hand.description.startswith("Five of a kind, aces")
    assert hand.private_wild_ranks(1) == ("4",)


def test_r8_5_bring_in_and_first_to_act_read_only_the_kings() -> None:
    """R8.5, R8.1: a king door card brings in as a king (the 3h brings in, not the Kc);
    from fourth street the boards are read with the kings alone: seat 0's 2h Qs is queen
    high though seat 0's 2s in the hole makes its twos wild, so seat 1's Jh Js acts first;
    with the Kh showing beside a 5c, seat 0 shows a pair of fives and acts first."""
    hand = deal("2s 8c 7d 9c Kc 3h")
    assert hand.to_act == 1
    hand = deal("2s 8c 3d 9c 2h Jh Qs Js")
    call_down(hand, until="fourth")
    assert hand.private_wild_ranks(0) == ("2",)
    assert hand.to_act == 1
    hand = deal("2s 8c 3d 9c Kh Ah 5c Qd")
    call_down(hand, until="fourth")
    assert hand.to_act == 0


def test_r8_5_no_open_pair_big_bet() -> None:
    """R8.5: a pair showing on fourth street does not allow the big bet."""
    hand = deal("2s 8c 3d 9c 5h Ah 5c Qd")
    call_down(hand, until="fourth")
    assert {a.amount for a in hand.legal_actions() if a.kind is ActionKind.BET} == {5}


def test_r8_5_a_view_shows_the_private_wild_rank_only_to_its_holder() -> None:
    """R8.5: before the showdown no other seat's view, the public view, the JSON of a view
    or the log reveals a player's private wild rank: two hands that differ only in seat 0's
    down cards (its wild rank the 5, or the 3) look the same to seat 1 and the public."""
    a = deal("5c 8c 5d Kd 9h Ac 9s Ad 9d 7h Qh 6s")
    b = deal("3c 8c 3d Kd 9h Ac 9s Ad 9d 7h Qh 6s")
    for hand in (a, b):
        call_down(hand, until="sixth")
        assert hand.phase is Phase.BETTING
    assert a.private_wild_ranks(0) != b.private_wild_ranks(0)
    for viewer in (1, None):
        va, vb = a.view(viewer), b.view(viewer)
        assert va.private_wild_ranks == vb.private_wild_ranks == (() if viewer is None else ("8",))
        ja, jb = codec.view_dict(va, log=True), codec.view_dict(vb, log=True)
        assert ja == jb
        assert [codec.view_dict(v, log=False) for v in a.views([viewer])] == \
            [codec.view_dict(v, log=False) for v in b.views([viewer])]
        assert ja["players"][0]["strength"] is None
    assert a.view(0).private_wild_ranks == ("5",) and b.view(0).private_wild_ranks == ("3",)
    assert a.views([0, 1])[0].private_wild_ranks == ("5",)
    assert a.views([0, 1])[1].private_wild_ranks == ("8",)  # seat 1 sees its own only


def test_r8_5_a_description_names_the_private_wild_rank_once_shown() -> None:
    """R8.5: at the showdown the shown hands are described with their own wild ranks (the
    results, and each shown player's strength in every view)."""
    hand = deal(SEVENTH_CHANGES)
    call_down(hand)
    public = codec.view_dict(hand.view(None), log=False)
    strengths = [p["strength"] for p in public["players"]]
    assert strengths[0] is not None and strengths[0]["high"] == "Four of a kind, nines"
    assert strengths[1] is not None and strengths[1]["high"].startswith("Four of a kind, aces")


def test_r8_5_random_hands_round_trip_through_phh() -> None:
    """R8.5, R7.3: random hands read back from their full history (the same results) and
    their public history (the same payoffs)."""
    for seed in range(40):
        rng = random.Random(seed)
        n = rng.randint(2, 8)
        hand = GAME.deal(stacks=[rng.randint(20, 200) for _ in range(n)], dealer=rng.randrange(n),
                         seed=seed)
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
        history = phh.from_hand(hand)
        assert history.variant == "FKL"
        replayed = phh.replay(phh.read_one(phh.write(history)))
        assert replayed.results == hand.results and replayed.payoffs == hand.payoffs
        public = phh.replay(phh.read_one(phh.write(phh.from_hand(hand, public=True))))
        assert public.payoffs == hand.payoffs


def test_r8_5_equity_exact_on_both_backends_agrees_with_the_engine() -> None:
    """R8.5: exact equity (pure Python and studpoker.fast) equals the share of the pot the
    engine's own settlement gives over every seventh-street deal, each player's wild rank
    following their down cards; Monte Carlo lands within a few standard errors."""
    from studpoker.engine.cards import full_deck, parse_cards
    from studpoker.equity import compute

    hands = ["5c 5d / 9h 9s 9d Qh", "8c Kd / Ac Ad 7h 6s"]
    prefix = SEVENTH_CHANGES.split()[:-2]
    pool = [c for c in full_deck() if str(c) not in prefix]
    share = 0.0
    deals = 0
    for first in pool:
        for second in pool:
            if second is first:
                continue
            hand = deal(" ".join([*prefix, str(first), str(second)]))
            call_down(hand)
            (result,) = hand.results
            share += (0 in result.high_winners) / len(result.high_winners)
            deals += 1
    expected = share / deals
    for backend in ("python", "fast"):
        r = compute("kings_and_little_ones", hands, backend=backend)  # type: ignore[arg-type]
        assert r.exact and r.total_deals == deals
        assert abs(r.players[0].equity - expected) < 1e-12, backend
        assert r.players[0].cards == "5c 5d / 9h 9s 9d Qh"
    same = compute("kings_and_little_ones", [h.replace(" /", "") for h in hands],
                   hole=[parse_cards("5c 5d"), parse_cards("8c Kd")])
    assert abs(same.players[0].equity - expected) < 1e-12
    mc = compute("kings_and_little_ones", hands, exact=False, samples=4000, backend="python")
    assert abs(mc.players[0].equity - expected) < 5 * mc.players[0].std_error + 1e-9


def test_r8_5_the_rule_equity_and_search_bots_play_it() -> None:
    """R8.5: the rule, equity and search bots play Kings and Little Ones to the end."""
    from studpoker.bots import make_bot

    for seed in range(2):
        bots = [make_bot(kind, seed=i) for i, kind in enumerate(["rule", "equity", "search", "station"])]
        hand = GAME.deal(stacks=[150] * 4, dealer=seed, seed=seed + 10)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            action = bots[seat].act(hand.view(seat))
            assert action in hand.legal_actions()
            hand.apply(action)
        assert sum(hand.payoffs) == 0
