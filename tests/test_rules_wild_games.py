"""Scenario tests of the wild-card home games (R8): Baseball, Follow the Queen, High and
Low Chicago. Every deck is fixed: cards listed in the order they are drawn (third street
round by round from the dealer's left, then one round per street; Baseball's extra card
for a face-up 4 is drawn at once, right after the 4)."""

from __future__ import annotations

import random

import pytest

from studpoker import ActionKind, GameError
from studpoker.describe import describe_operation
from studpoker.games import (
    GAMES,
    Baseball,
    FollowTheQueen,
    HighChicago,
    LowChicago,
    from_options,
    game_info,
    to_options,
)
from studpoker.hand import Hand, Phase
from studpoker.operations import CommunityCardDealt, WildRanksChanged
from studpoker.wild import WildCategory

STAKES = {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10}


def play_out(hand: Hand) -> None:
    """Everyone checks or calls (the bring-in posts), pays for any 3, and shows."""
    while not hand.is_over:
        kinds = {a.kind for a in hand.legal_actions()}
        if ActionKind.BRING_IN in kinds:
            hand.bring_in()
        elif ActionKind.PAY in kinds:
            hand.apply(next(a for a in hand.legal_actions() if a.kind is ActionKind.PAY))
        elif ActionKind.SHOW in kinds:
            hand.show()
        else:
            hand.check_or_call()


def deck(*rounds: str) -> str:
    return " ".join(rounds)


# ---------------------------------------------------------------------------
# R8.1 / R8.2: wild cards at showdown.
# ---------------------------------------------------------------------------


def test_r8_1_r8_2_several_wild_cards_in_one_hand_five_of_a_kind_beats_a_royal_flush() -> None:
    """R8.1, R8.2: three wild cards (two 9s and a 3) make five sevens, which beat a natural royal flush."""
    game = Baseball(**STAKES)
    cards = deck("9c Ts", "9d Js", "7c Qs", "7d Ks", "Kh As", "2s 2d", "3h 5d")
    hand = game.deal(stacks=[100, 100], dealer=1, deck=cards)
    play_out(hand)
    (result,) = hand.results
    assert result.high_winners == (0,)
    assert result.high_hand is not None
    assert result.high_hand.description == "Five of a kind, sevens"
    assert result.high_hand.category is WildCategory.FIVE_OF_A_KIND
    assert sum(hand.payoffs) == 0 and hand.payoffs[0] > 0


def test_r8_1_a_wild_hand_and_a_natural_hand_of_equal_value_split_the_pot() -> None:
    """R8.1: a royal flush with a wild 9 ties a natural royal flush."""
    game = Baseball(**STAKES)
    cards = deck("Ad Ah", "9c Th", "Kd Kh", "Qd Qh", "Jd Jh", "2c 2h", "7s 5c")
    hand = game.deal(stacks=[100, 100], dealer=1, deck=cards)
    play_out(hand)
    (result,) = hand.results
    assert set(result.high_winners) == {0, 1}
    assert hand.payoffs == (0, 0)


def test_r8_1_bring_in_goes_by_the_natural_rank_of_a_wild_door_card() -> None:
    """R8.1, R2.4: a wild 9 showing is a 9 for the bring-in; a queen in Follow the Queen is a queen."""
    hand = Baseball(**STAKES).deal(stacks=[100, 100], dealer=1, deck=deck("Ac Ad", "Kc Kd", "9s 5d"))
    assert hand.to_act == 1 and {a.kind for a in hand.legal_actions()} == {ActionKind.BRING_IN, ActionKind.COMPLETE}
    hand = FollowTheQueen(**STAKES).deal(stacks=[100, 100], dealer=1, deck=deck("Ac Ad", "Kc Kd", "Qc 2d"))
    assert hand.to_act == 1


def test_r8_1_first_to_act_reads_boards_with_wild_cards() -> None:
    """R8.1, R2.6: a 9 and a 5 showing is a pair of fives in Baseball, above ace-king."""
    cards = deck("2c 2d", "6c 6d", "9c Ah", "5d Kd")
    hand = Baseball(**STAKES).deal(stacks=[100, 100], dealer=1, deck=cards)
    hand.bring_in()  # 9c is a 9 for the bring-in: the 9 brings in below the ace
    hand.check_or_call()
    assert hand.street_name == "fourth"
    assert hand.to_act == 0  # 9c 5d read as a pair of fives beats Ah Kd


# ---------------------------------------------------------------------------
# R8.2: Baseball's 4s and 3s.
# ---------------------------------------------------------------------------


def test_r8_2_a_face_up_4_brings_an_extra_face_up_card_at_once() -> None:
    """R8.2: the extra card comes right after the 4, before the next player's card."""
    cards = deck("Ac Kd", "Ad Kh", "4c Ts 8d", "7h 2c")  # the 4c, its extra card Ts, then seat 1
    hand = Baseball(**STAKES).deal(stacks=[100, 100], dealer=1, deck=cards)
    assert [str(c) for c in hand.up_cards(0)] == ["4c", "Ts"]
    assert [str(c) for c in hand.up_cards(1)] == ["8d"]
    hand.bring_in()  # the lowest door card, 4c
    hand.check_or_call()
    assert [str(c) for c in hand.up_cards(0)] == ["4c", "Ts", "7h"]
    assert [str(c) for c in hand.up_cards(1)] == ["8d", "2c"]


def test_r8_2_the_extra_card_can_make_an_eight_card_hand_and_it_plays() -> None:
    """R8.2: an eight-card hand at showdown; the best five of all eight play."""
    cards = deck("Ac Kd", "Ad Kh", "4c As 8d", "7h 2c", "Ah 5s", "Tc Td", "Jc Js")
    hand = Baseball(**STAKES).deal(stacks=[100, 100], dealer=1, deck=cards)
    play_out(hand)
    assert len(hand.hole_and_board(0)) == 8
    (result,) = hand.results
    assert result.high_winners == (0,) and result.high_hand is not None
    assert result.high_hand.description == "Four of a kind, aces"


def test_r8_2_extra_cards_run_the_stub_short_r1_10() -> None:
    """R8.2, R1.10: eight players and four face-up 4s use the whole deck by sixth street:
    nobody gets a seventh card. With three 4s, seventh street is one community card."""
    rng = random.Random(3)
    fours = ["4c", "4d", "4h", "4s"]
    for count in (3, 4):
        others = [f"{r}{s}" for r in "2356789TJQKA" for s in "cdhs"]
        rng.shuffle(others)
        draws = [others.pop() for _ in range(16)]  # two down cards each
        for seat in range(8):  # the doors: the first `count` are 4s, each followed by its extra card
            draws += [fours[seat], others.pop()] if seat < count else [others.pop()]
        draws += others  # fourth to sixth street: the 24 cards left but the unused 4s
        hand = Baseball(**STAKES).deal(stacks=[500] * 8, dealer=7, deck=" ".join(draws))
        play_out(hand)
        community = [op for op in hand.log if isinstance(op, CommunityCardDealt)]
        sizes = [len(hand.hole_and_board(s)) for s in range(8)]
        if count == 3:  # one card left for seventh street: a community card, the last 4
            assert [str(op.card) for op in community] == ["4s"]
            assert sizes == [8] * 3 + [7] * 5
        else:  # no card left at all: nobody gets a seventh card
            assert not community
            assert sizes == [7] * 4 + [6] * 4
        assert hand.stub_size == 0 and sum(hand.payoffs) == 0


def test_r8_2_a_face_up_3_on_third_street_is_paid_for_before_the_bring_in() -> None:
    """R8.2: a door 3 costs three_price (default the big bet) as dead money, before the bring-in."""
    hand = Baseball(**STAKES).deal(stacks=[100, 100, 100], dealer=2, deck=deck("Ac Kd Qh", "Ad Kh Qs", "3c 8d 9h"))
    assert hand.phase is Phase.PAY_OR_FOLD and hand.to_act == 0
    assert [(a.kind, a.amount) for a in hand.legal_actions()] == [(ActionKind.PAY, 10), (ActionKind.FOLD, 0)]
    hand.apply(hand.legal_actions()[0])
    assert hand.stacks[0] == 100 - 1 - 10 and hand.pot == 3 + 10
    assert hand.phase is Phase.BETTING and hand.to_act == 0  # the 3 is the lowest door card: it brings in
    assert describe_operation(hand.log[-1]) == "seat 0 pays 10 to stay in"


def test_r8_2_a_face_up_3_on_a_later_street_pay_or_fold() -> None:
    """R8.2: a 3 dealt on fifth street: its holder folds rather than pay; the others play on."""
    game = Baseball(**STAKES, three_price=7)
    cards = deck("Ac Kd Qh", "Ad Kh Qs", "8c 8d 9h", "2c 5d 6h", "3s Js Tc")
    hand = game.deal(stacks=[100, 100, 100], dealer=2, deck=cards)
    while hand.street_name != "fifth":
        hand.bring_in() if ActionKind.BRING_IN in {a.kind for a in hand.legal_actions()} else hand.check_or_call()
    assert hand.phase is Phase.PAY_OR_FOLD and hand.to_act == 0
    assert hand.legal_actions()[0].amount == 7
    before = hand.pot
    hand.fold()
    assert hand.folded[0] and hand.pot == before and hand.phase is Phase.BETTING
    play_out(hand)
    assert sum(hand.payoffs) == 0 and hand.payoffs[0] < 0


def test_r8_2_a_short_stack_pays_what_it_has_and_an_all_in_holder_pays_nothing() -> None:
    """R8.2 with table stakes (R1.6): the price is at most the stack."""
    hand = Baseball(**STAKES).deal(stacks=[6, 100], dealer=1, deck=deck("Ac Kd", "Ad Kh", "3c 8d"))
    assert hand.legal_actions()[0].amount == 5  # 6 chips less the ante
    hand.apply(hand.legal_actions()[0])
    assert hand.stacks[0] == 0
    play_out(hand)
    assert sum(hand.payoffs) == 0


# ---------------------------------------------------------------------------
# R8.3: Follow the Queen.
# ---------------------------------------------------------------------------


def test_r8_3_the_follower_rank_is_replaced_twice_and_public_at_every_moment() -> None:
    """R8.3: Qc then 7d: sevens wild; Qh: queens only; 8s: eights wild; Qs as the last up card:
    queens only. A queen dealt face down changes nothing."""
    cards = deck("Ah Kc Jc", "Ad Kd Jd", "Qc 7d 5h", "2c Qh 8s", "3c 4c Kh", "6d 9h Qs", "Qd 2d 2h")
    hand = FollowTheQueen(**STAKES).deal(stacks=[200] * 3, dealer=2, deck=cards)
    assert hand.wild_ranks == ("Q", "7") == hand.view(None).wild_ranks == hand.view(1).wild_ranks
    seen = []
    while not hand.is_over:
        seen.append((hand.street_name, hand.wild_ranks))
        kinds = {a.kind for a in hand.legal_actions()}
        if ActionKind.BRING_IN in kinds:
            hand.bring_in()
        elif ActionKind.SHOW in kinds:
            hand.show()
        else:
            hand.check_or_call()
    changes = [op for op in hand.log if isinstance(op, WildRanksChanged)]
    assert [(op.ranks, op.follower) for op in changes] == [
        (("Q", "7"), "7"), (("Q",), None), (("Q", "8"), "8"), (("Q",), None),
    ]
    assert [describe_operation(op) for op in changes] == [
        "the 7 is wild now", "only queens are wild now", "the 8 is wild now", "only queens are wild now",
    ]
    assert ("fourth", ("Q", "8")) in seen and ("sixth", ("Q",)) in seen
    assert hand.wild_ranks == ("Q",)  # the down Qd on seventh street changed nothing
    # Showdown with queens alone wild: seat 0 holds Ah Ad, Qc and Qd: four aces
    assert hand.results[0].high_hand is not None
    assert hand.results[0].high_hand.description == "Four of a kind, aces"


def test_r8_3_a_straight_flush_with_the_wild_follower_beats_three_natural_kings() -> None:
    """R8.3, R8.1: seat 2's door queen makes the next face-up card's rank wild: seat 0's 9c
    on fourth street. No queen falls face up after it, so nines are still wild at the
    showdown, where 5h 6h 7h 8h and the 9c (the 9h) make a straight flush that beats three
    natural kings (a straight 5-9 without the follower)."""
    cards = deck("5h Kc Ah", "6h Kd Ac", "2d Ks Qd", "9c 2c", "7h 3d", "8h 4s", "3c Jd")
    hand = FollowTheQueen(**STAKES).deal(stacks=[100] * 3, dealer=2, deck=cards)
    assert hand.to_act == 0  # the 2d brings in
    hand.bring_in()
    hand.check_or_call()
    hand.fold()  # seat 2 and its queen leave the hand: the follower still counts
    assert hand.wild_ranks == ("Q", "9")
    play_out(hand)
    assert hand.wild_ranks == ("Q", "9")
    (result,) = hand.results
    assert result.high_winners == (0,)
    assert result.high_hand is not None and result.high_hand.category is WildCategory.STRAIGHT_FLUSH
    assert result.high_hand.description == "Straight flush, nine high"
    assert hand.payoffs[0] > 0 > hand.payoffs[1]


def test_r8_1_r2_10_odd_chip_a_natural_card_ranks_above_a_wild_card_of_its_rank() -> None:
    """R8.1, R2.10: a natural royal flush in clubs ties a royal flush in diamonds made with a
    wild 9 (standing for the Ad). The pot of 7 splits 3 and 3; the odd chip goes by the
    highest card of the winning five, where a wild card ranks below a natural card of the
    rank it stands for (docs/wild-cards.md): the natural Ac takes it, though the Ad it stands
    for would outrank the Ac by suit."""
    cards = deck("Ac Kd 7h", "Kc Qd 8h", "Tc Td As", "Qc Jd", "Jc 9s", "2h 6s", "5s 2d")
    hand = Baseball(**STAKES).deal(stacks=[100] * 3, dealer=2, deck=cards)
    assert hand.to_act == 0  # the Tc brings in
    hand.bring_in()
    hand.check_or_call()
    hand.fold()
    play_out(hand)
    (result,) = hand.results
    assert result.amount == 7 and set(result.high_winners) == {0, 1}
    assert dict(result.shares) == {0: 4, 1: 3}
    assert hand.payoffs == (1, 0, -1)


def test_r8_3_open_pair_reads_wild_cards() -> None:
    """R8.1, R2.6: in Follow the Queen a queen showing pairs any card: the big bet may open fourth street."""
    cards = deck("2c 2d", "3c 3d", "Ah Kd", "Qh 5s")
    hand = FollowTheQueen(**STAKES).deal(stacks=[100, 100], dealer=1, deck=cards)
    hand.bring_in()
    hand.check_or_call()
    assert hand.street_name == "fourth"
    assert 10 in {a.amount for a in hand.legal_actions() if a.kind is ActionKind.BET}


# ---------------------------------------------------------------------------
# R8.4: High and Low Chicago.
# ---------------------------------------------------------------------------


def test_r8_4_high_chicago_splits_with_the_highest_spade_in_the_hole() -> None:
    """R8.4: the best high takes half, the highest spade face down the other half."""
    cards = deck("Ac Ks", "Ad 2s", "Ah 7c", "Tc 8d", "9c 4h", "5c 6d", "2c 3d")
    hand = HighChicago(**STAKES).deal(stacks=[100, 100], dealer=1, deck=cards)
    play_out(hand)
    (result,) = hand.results
    assert result.high_winners == (0,) and result.spade_winners == (1,)
    assert result.spade_hand is not None and result.spade_hand.description == "King of spades in the hole"
    assert dict(result.shares) == {0: result.amount // 2 + result.amount % 2, 1: result.amount // 2}


def test_r8_4_chicago_with_no_spade_in_the_hole_the_high_takes_it_all() -> None:
    """R8.4: spades face up do not count; with no spade face down the high hand takes the pot."""
    cards = deck("Ac Kc", "Ad 2c", "As 7s", "Tc 8d", "9c 4h", "5c 6d", "2h 3d")
    hand = HighChicago(**STAKES).deal(stacks=[100, 100], dealer=1, deck=cards)
    play_out(hand)
    (result,) = hand.results
    assert result.high_winners == (0,) and result.spade_winners == ()
    assert dict(result.shares) == {0: result.amount}


def test_r8_4_low_chicago_goes_to_the_lowest_spade_in_the_hole() -> None:
    """R8.4: the 2 of spades face down beats the 5 of spades face down for the low spade."""
    cards = deck("2s 5s", "Kc Ac", "7c Ad", "Tc 8d", "9h 4d", "4h 6c", "3d 2c")
    hand = LowChicago(**STAKES).deal(stacks=[100, 100], dealer=1, deck=cards)
    play_out(hand)
    (result,) = hand.results
    assert result.high_winners == (1,) and result.spade_winners == (0,)
    assert result.to_dict()["spade_hand"] == "Two of spades in the hole"


# ---------------------------------------------------------------------------
# The games as data: registry, options, info.
# ---------------------------------------------------------------------------


def test_r8_games_in_the_registry_with_their_options() -> None:
    """R8.2-R8.4: from_options by name and alias; to_options round-trips; three_price defaults to the big bet."""
    assert GAMES["baseball"] is Baseball and GAMES["follow_the_queen"] is FollowTheQueen
    assert GAMES["high_chicago"] is HighChicago and GAMES["low_chicago"] is LowChicago
    assert from_options("Follow the Queen") == FollowTheQueen(**STAKES)
    game = from_options("baseball", big_bet=20, small_bet=10)
    assert game.three_price == 20  # type: ignore[attr-defined]
    assert from_options(**to_options(game)) == game
    assert from_options("baseball", three_price=0).up_card_price == 0
    info = game_info(from_options("baseball"))
    assert (info["wild_ranks"], info["extra_card_rank"], info["price_rank"], info["up_card_price"]) == (
        ["9", "3"], "4", "3", 10,
    )
    assert info["first_to_act"] == "wild_board" and info["open_pair"] is False
    info = game_info(from_options("follow_the_queen"))
    assert info["wild_ranks"] == ["Q"] and info["follow_the_queen"] is True
    assert game_info(from_options("stud"))["wild_ranks"] == []


@pytest.mark.parametrize(
    ("call", "needle"),
    [
        (lambda: from_options("baseball", three_price=-1), "three_price must be >= 0, got -1"),
        (lambda: from_options("baseball", three_price="ten"), "three_price must be an integer"),
        (lambda: from_options("baseball", joker=True), "unknown option 'joker' for baseball"),
        (lambda: from_options("baseball", open_pair_big_bet=True), "unknown option 'open_pair_big_bet'"),
        (lambda: from_options("follow_the_queen", joker=True), "unknown option 'joker'"),
        (lambda: from_options("follow the king"), "unknown game 'follow the king'"),
    ],
)
def test_r8_options_are_validated_with_clear_errors(call: object, needle: str) -> None:
    with pytest.raises(GameError, match=needle):
        call()  # type: ignore[operator]


@pytest.mark.parametrize("name", ["baseball", "follow_the_queen", "high_chicago", "low_chicago",
                                  "kings_and_little_ones"])
def test_r1_11_random_hands_conserve_chips(name: str) -> None:
    """R1.11 in the wild-card games: random legal play, 2 to 8 players, chips conserved."""
    game = from_options(name)
    for seed in range(60):
        rng = random.Random(seed)
        n = rng.randint(2, 8)
        hand = game.deal(stacks=[rng.randint(5, 80) for _ in range(n)], dealer=seed % n, seed=seed)
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
        assert sum(hand.payoffs) == 0
        copy_ok = hand.copy()
        assert copy_ok.stacks == hand.stacks


# ---------------------------------------------------------------------------
# Equity and bots in the wild-card games.
# ---------------------------------------------------------------------------


def test_r8_1_equity_with_wild_ranks_exact_both_backends_agree_with_brute_force() -> None:
    """R8.1: equity with wild cards: each deal settled by wild_high_key; fast and pure Python agree."""
    from studpoker.cards import parse_cards
    from studpoker.equity import FAST_AVAILABLE, compute
    from studpoker.wild import wild_high_key, wild_mask

    hands = ["9c 9d 7c 7d Kh 2s", "Ts Js Qs Ks As 2h"]
    result = compute("baseball", hands, backend="python")
    assert result.exact and result.total_deals == 40 * 39
    known = [[c.code for c in parse_cards(h)] for h in hands]
    pool = [c for c in range(52) if c not in known[0] + known[1]]
    wins = 0
    for a, b in ((a, b) for a in pool for b in pool if a != b):
        wins += wild_high_key([*known[0], a], wild_mask("93")) > wild_high_key([*known[1], b], wild_mask("93"))
    assert result.players[0].win == pytest.approx(wins / (40 * 39))
    if FAST_AVAILABLE:
        assert compute("baseball", hands, backend="fast").equities == pytest.approx(result.equities)
    ftq = compute("follow_the_queen", ["Qc 7d 2c 5h 8s 8d", "Ah Ad Kc Ks 6h 6c"], wild="Q7", backend="python")
    assert ftq.players[0].win > 0.5  # queen and seven wild: four eights already


def test_r8_bots_play_every_wild_card_game() -> None:
    """R8.2-R8.4: the rule and equity bots play the four games to the end (pay-or-fold included)."""
    from studpoker.bots import make_bot

    for name in ("baseball", "follow_the_queen", "high_chicago", "low_chicago", "kings_and_little_ones"):
        game = from_options(name)
        for seed in range(2):
            bots = [make_bot(kind, seed=i) for i, kind in enumerate(["rule", "equity", "rule", "station"])]
            hand = game.deal(stacks=[150] * 4, dealer=seed, seed=seed + 10)
            while not hand.is_over:
                seat = hand.to_act
                assert seat is not None
                action = bots[seat].act(hand.view(seat))
                assert action in hand.legal_actions()
                hand.apply(action)
            assert sum(hand.payoffs) == 0


def test_r8_views_carry_the_wild_ranks_and_strength_in_words() -> None:
    """R8.3: the JSON view names the wild ranks; R8.1: hand strength as players say it."""
    from studpoker.cards import parse_cards
    from studpoker.codec import op_dict, op_from_dict, strength, view_dict, view_from_dict

    game = Baseball(**STAKES)
    assert strength(parse_cards("7c 7d 7h 9s 3h Kd"), game, ("9", "3"))["high"] == "Five of a kind, sevens"
    assert strength(parse_cards("7c 9s"), game, ("9", "3"))["high"] == "One pair, sevens"
    cards = deck("Ah Kc Jc", "Ad Kd Jd", "Qc 7d 5h")
    hand = FollowTheQueen(**STAKES).deal(stacks=[200] * 3, dealer=2, deck=cards)
    data = view_dict(hand.view(1), log=True)
    assert data["wild_ranks"] == ["Q", "7"]
    assert data["strength"]["high"] == "Three of a kind, kings"  # Kc Kd and the wild 7d
    (change,) = [r for r in data["log"] if r["op"] == "wild_ranks_changed"]
    assert change["text"] == "the 7 is wild now"
    assert op_from_dict(change) == next(op for op in hand.log if isinstance(op, WildRanksChanged))
    assert op_dict(op_from_dict(change)) == change
    assert view_from_dict(data, hand.game).wild_ranks == ("Q", "7")
