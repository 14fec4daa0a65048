"""PHH for the home games of R8: FBB (Baseball), FFQ (Follow the Queen), FHC and FLC (Chicago).

Round trips of random hands of every game (full and public histories), Baseball's payments
for a face-up 3 and the extra card of a face-up 4 as actions (R8.2), Follow the Queen's
follower derived from the cards on replay (R8.3), the Chicago spade half in the summaries
(R8.4), each variant's underscore options, and docs/phh-home-games.md kept true.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from typer.testing import CliRunner

from studpoker import phh
from studpoker.cli import app
from studpoker.describe import describe_operation
from studpoker.engine import ActionKind
from studpoker.engine.games import from_options
from studpoker.engine.hand import Hand
from studpoker.engine.operations import ActionTaken, CardDealt, WildRanksChanged

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "phh-home-games.md"
HOME_GAMES = ("baseball", "follow_the_queen", "high_chicago", "low_chicago")
runner = CliRunner()
K = ActionKind


def random_hand(game_name: str, seed: int, *, options: bool = True) -> Hand:
    """A random hand of ``game_name`` with random stakes, options, table and stacks."""
    rng = random.Random(seed)
    ante, bring_in, small, big = rng.choice(((1, 2, 5, 10), (0, 1, 2, 4), (2, 3, 10, 20)))
    extra: dict[str, object] = {}
    if options:
        extra = {"max_raises": rng.choice([2, 3, 4]), "heads_up_uncapped": rng.random() < 0.5,
                 "showdown_muck": seed % 5 != 0}
        if game_name == "baseball":
            extra["three_price"] = rng.choice([0, small, big, 3 * big])
        else:
            extra["open_pair_big_bet"] = rng.random() < 0.5
        if game_name.endswith("chicago"):
            extra["joker"] = rng.random() < 0.3
    game = from_options(game_name, ante=ante, bring_in=bring_in, small_bet=small, big_bet=big, **extra)
    n = rng.randint(2, 8)
    stacks = [rng.randint(1, 3 * big) if rng.random() < 0.2 else rng.randint(8 * big, 40 * big)
              for _ in range(n)]
    hand = game.deal(stacks=stacks, dealer=rng.randrange(n), seed=seed)
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.apply(rng.choice(legal))
    return hand


@pytest.mark.parametrize("game_name", HOME_GAMES)
def test_r8_round_trip_full_and_public(game_name: str) -> None:
    """R8.2-R8.4: a written hand of every home game reads back equal, writes the same text,
    and replays to the same log (the full history) or to the same actions and payoffs (the
    public view, never-shown down cards ``??``)."""
    for seed in range(60):
        hand = random_hand(game_name, seed)
        history = phh.from_hand(hand)
        assert history.variant == phh.GAME_VARIANTS[game_name]
        text = phh.write(history)
        back = phh.read_one(text)
        assert back == history, seed
        assert phh.write(back) == text
        replayed = phh.replay(back)
        assert [describe_operation(op) for op in replayed.log] == [describe_operation(op) for op in hand.log], seed
        assert replayed.results == hand.results
        assert replayed.wild_ranks == hand.wild_ranks
        public = phh.from_hand(hand, public=True)
        result = phh.replay_result(phh.read_one(phh.write(public)))
        assert result.hand.payoffs == hand.payoffs, seed
        assert [op.action for op in result.hand.log if isinstance(op, ActionTaken)] == \
            [op.action for op in hand.log if isinstance(op, ActionTaken)]


def test_r7_3_each_home_game_has_its_own_variant() -> None:
    """R7.3: hands are recorded under their own game's variant, one home for the mapping."""
    assert {phh.GAME_VARIANTS[g] for g in HOME_GAMES} == {"FBB", "FFQ", "FHC", "FLC"}
    for game_name in HOME_GAMES:
        variant = phh.GAME_VARIANTS[game_name]
        assert phh.VARIANT_GAMES[variant] == game_name and variant in phh.VARIANTS


def baseball_with(deck: str, *, stacks: Sequence[int] = (100, 100, 100), **options: object) -> Hand:
    game = from_options("baseball", ante=1, bring_in=2, small_bet=5, big_bet=10, **options)
    return game.deal(stacks=list(stacks), dealer=len(stacks) - 1, deck=deck)


def act(hand: Hand, *kinds: ActionKind) -> None:
    for kind in kinds:
        (action, *_) = [a for a in hand.legal_actions() if a.kind is kind]
        hand.apply(action)


def test_r8_2_payments_and_extra_cards_are_actions() -> None:
    """R8.2: a face-up 4's extra card is its own ``d dh`` right after the holder's cards
    (a 4 bringing a 4 brings another), a payment for a face-up 3 is ``pN pay AMOUNT``, a
    fold to it ``pN f``; all replay."""
    # p1 (seat 0): 4c door brings the 4h, which brings the Kc; p2's door 3h is paid for
    hand = baseball_with("As 7s Jc Kd 7d Tc 4c 4h Kc 3h Qd 2s 5s 5h 6d 6c 8d", three_price=7)  # fifth street fixed
    act(hand, K.PAY, K.BRING_IN, K.CALL, K.CALL)
    act(hand, K.CHECK, K.CHECK, K.CHECK)  # fourth street, no 3 on it
    history = phh.from_hand(hand)
    assert history.actions[:7] == ["d dh p1 AsKd4c", "d dh p1 4h", "d dh p1 Kc", "d dh p2 7s7d3h",
                                   "d dh p3 JcTcQd", "p2 pay 7", "p2 pb"]
    assert "_three_price = 7" in phh.write(history)
    replayed = phh.replay(phh.read_one(phh.write(history)))
    assert [c for c, _ in replayed.cards[0]] == [c for c, _ in hand.cards[0]]
    assert len(replayed.cards[0]) == 7  # three on third street, two extra, fourth and fifth
    # fifth street: p3 (seat 2) is dealt the 3s and folds rather than pay
    hand = baseball_with("As 7s Jc Kd 7d Tc 8c 9h Qd 2s 5s 6d 5c 6c 3s")
    act(hand, K.BRING_IN, K.CALL, K.CALL, K.CHECK, K.CHECK, K.CHECK)
    assert hand.phase.value == "pay_or_fold"
    act(hand, K.FOLD)
    history = phh.from_hand(hand)
    assert history.actions[-2:] == ["d dh p3 3s", "p3 f"]
    assert "_three_price" not in phh.write(history)  # the big bet: the default
    assert phh.replay(phh.read_one(phh.write(history))).folded == hand.folded


def test_r8_2_a_short_stack_pays_what_it_has() -> None:
    """R8.2, R1.6: a player with less than the price pays it all, and the file says so."""
    hand = baseball_with("As 7s Jc Kd 7d Tc 8c 3h Qd", stacks=(100, 6, 100))
    act(hand, K.PAY)
    history = phh.from_hand(hand)
    assert "p2 pay 5" in history.actions  # 6 less the ante
    assert phh.replay(phh.read_one(phh.write(history))).stacks == hand.stacks


def test_r8_3_the_follower_comes_from_the_cards() -> None:
    """R8.3: no field holds the wild ranks; replay follows the queen as it deals, so every
    change of the log (and the ranks wild at each moment) comes back."""
    for seed in range(40):
        hand = random_hand("follow_the_queen", seed, options=False)
        text = phh.write(phh.from_hand(hand))
        assert "wild" not in text
        replayed = phh.replay(phh.read_one(text))
        changes = [op for op in hand.log if isinstance(op, WildRanksChanged)]
        assert [op for op in replayed.log if isinstance(op, WildRanksChanged)] == changes
        assert replayed.view(None).wild_ranks == hand.view(None).wild_ranks


def test_r8_4_summary_names_the_spade_half() -> None:
    """R8.4: the replay summary and its JSON name who took the spade half, and with what."""
    (_, block) = next((n, b) for n, b in doc_blocks() if n == "chicago")
    first = phh.replay_all(block)[0]
    (pot,) = phh.summary_dict(first)["pots"]  # type: ignore[misc]
    assert pot["spade_winners"] == ["p2"] and pot["spade_hand"] == "King of spades in the hole"
    assert pot["winners"] == ["p2"]
    assert "with Two pair, tens and eights; King of spades in the hole" in \
        "\n".join(phh.summary_lines(first))


@pytest.mark.parametrize(("variant", "field", "rule"), [
    ("FBB", "_joker = true", "R8.1"), ("FBB", "_open_pair_big_bet = false", "R8.2"),
    ("FBB", "_double_ace_flush = true", "R8.1"), ("FFQ", "_joker = true", "R8.1"),
    ("FFQ", "_three_price = 5", "R8.2"), ("FHC", "_three_price = 5", "R8.2"),
    ("F7S", "_three_price = 5", "R8.2"),
])
def test_r8_options_a_variant_lacks_are_refused(variant: str, field: str, rule: str) -> None:
    text = (f'variant = "{variant}"\nantes = [1, 1]\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10\n'
            f'{field}\nstarting_stacks = [50, 50]\nactions = []\n')
    with pytest.raises(phh.PHHError, match=rf"does not apply to {variant} \({rule}\)") as info:
        phh.read(text)
    assert info.value.line == 6


def test_r8_2_pay_exists_only_in_baseball_and_takes_the_price() -> None:
    text = ('variant = "FFQ"\nantes = [1, 1]\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10\n'
            'starting_stacks = [50, 50]\nactions = ["d dh p1 As2d3h", "p1 pay 10"]\n')
    with pytest.raises(phh.PHHError, match=r"exists only in FBB \(Baseball, R8.2\)"):
        phh.read(text)
    with pytest.raises(phh.PHHError, match=r"'pN pay AMOUNT' \(R8.2\)"):
        phh.read(text.replace("FFQ", "FBB").replace("p1 pay 10", "p1 pay"))
    with pytest.raises(phh.PHHError, match="must be >= 0"):
        phh.read(text.replace("FFQ", "FBB").replace("big_bet = 10\n", "big_bet = 10\n_three_price = -1\n"))


def test_cli_replay_of_a_home_game(tmp_path: Path) -> None:
    path = tmp_path / "baseball.phh"
    path.write_text(dict(doc_blocks())["baseball"])
    result = runner.invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    (summary,) = json.loads(result.stdout)
    assert summary["variant"] == "FBB" and summary["finishing_stacks"] == [172, 39, 89]
    result = runner.invoke(app, ["replay", str(path), "--step"])
    assert "p2 pays 10 to stay in" in result.stdout
    path.write_text(dict(doc_blocks())["follow_the_queen"])
    result = runner.invoke(app, ["replay", str(path), "--step"])
    assert "the king is wild now" in result.stdout and "the 2 is wild now" in result.stdout


# --------------------------------------------------------------------------
# docs/phh-home-games.md stays true
# --------------------------------------------------------------------------


def doc_blocks() -> Iterator[tuple[str, str]]:
    for m in re.finditer(r"<!-- ([\w-]+) -->\n```toml\n(.*?)```", DOC.read_text(), re.DOTALL):
        yield m.group(1), m.group(2)


def baseball_example() -> Hand:
    """The Baseball hand of docs/phh-home-games.md (3 players, dealer seat 2)."""
    hand = baseball_with("As 7s Jc Kd 7d Tc 4c 8h 3h Qd"  # third street; the 4c brings the 8h
                         " 9d Ks 5h 2d 6c 3s 4s Ah Jh Qc 5d")  # fourth to seventh street
    act(hand, K.PAY, K.BRING_IN, K.COMPLETE, K.CALL, K.CALL,  # third street
        K.BET, K.CALL, K.CALL,  # fourth
        K.FOLD, K.BET, K.CALL,  # fifth: p3 does not pay for the 3s
        K.CHECK, K.BET, K.RAISE, K.CALL,  # sixth: the 4s brings the Ah
        K.BET, K.CALL, K.SHOW, K.SHOW)  # seventh
    return hand


def follow_the_queen_example() -> Hand:
    """The Follow the Queen hand of docs/phh-home-games.md: the follower changes four times."""
    game = from_options("follow_the_queen", ante=1, bring_in=2, small_bet=5, big_bet=10)
    hand = game.deal(stacks=[100, 100, 100], dealer=2,
                     deck="As 7s Jc Kd 2d Tc Qh 7c 5d 6h Qs Ks 8d 9c Qc 2h 4c 8s 3c 9h Ac")
    act(hand, K.BRING_IN, K.COMPLETE, K.CALL, K.CALL, K.BET, K.CALL, K.CALL, K.BET, K.CALL, K.CALL,
        K.CHECK, K.CHECK, K.CHECK, K.BET, K.RAISE, K.FOLD, K.CALL, K.SHOW, K.SHOW)
    return hand


def test_doc_examples_replay_and_match_the_engine() -> None:
    """Every example of docs/phh-home-games.md replays to its finishing_stacks, the worked
    examples are what the engine writes for those hands, and each error is the one shown."""
    blocks = dict(doc_blocks())
    assert {"baseball", "follow_the_queen", "chicago"} <= set(blocks)
    for name, block in blocks.items():
        if name.startswith("error"):
            continue
        for result in phh.replay_all(block):
            assert result.hand.is_over, name
            assert result.history.finishing_stacks == result.finishing_stacks, name
    assert phh.read_one(blocks["baseball"]) == phh.from_hand(baseball_example())
    hand = follow_the_queen_example()
    assert phh.read_one(blocks["follow_the_queen"]) == phh.from_hand(hand)
    assert [describe_operation(op) for op in hand.log if isinstance(op, WildRanksChanged)] == [
        "the 7 is wild now", "only queens are wild now", "the king is wild now",
        "only queens are wild now", "the 2 is wild now"]
    assert len([op for op in baseball_example().log if isinstance(op, CardDealt)
                and op.seat == 0]) == 9
    text = DOC.read_text()
    for name, block in blocks.items():
        if name.startswith("error"):
            message = re.search(rf"<!-- {name} -->\n```toml\n.*?```\n\n```text\n(.*?)\n```",
                                text, re.DOTALL)
            assert message is not None, name
            with pytest.raises(phh.PHHError) as info:
                phh.replay_all(block)
            assert str(info.value) == message.group(1), name


def test_doc_console_output_is_the_replay_command() -> None:
    """The ``studpoker replay`` outputs shown in docs/phh-home-games.md are the command's."""
    text = DOC.read_text()
    blocks = dict(doc_blocks())
    for file, name in (("baseball.phh", "baseball"), ("chicago.phhs", "chicago")):
        shown = re.search(rf"\$ studpoker replay {re.escape(file)}\n(.*?)\n```", text, re.DOTALL)
        assert shown is not None
        lines = [line for r in phh.replay_all(blocks[name]) for line in phh.summary_lines(r)]
        assert shown.group(1).splitlines() == lines
