"""Perft for poker (studpoker.perft, `studpoker perft`): the pinned tables of
docs/perft.md, an independent count of the same trees, PokerKit 0.7.7's count
of the stud trees where its rules agree with ours, and every house option
moving a count.

The tables are read from docs/perft.md: to re-pin after a rule change, print
``row_text`` for each row and say in the commit which counts moved and why.
"""

from __future__ import annotations

import copy
import json
import re
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest
from pokerkit import (
    Automation,
    FixedLimitRazz,
    FixedLimitSevenCardStud,
    FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    State,
)
from typer.testing import CliRunner

from studpoker.cli import app
from studpoker.engine import SevenCardStud, WallStreet
from studpoker.engine.cards import CardError
from studpoker.engine.games import GAMES, Game, GameError, from_options
from studpoker.engine.hand import Hand, Phase
from studpoker.perft import DECKS, Perft, full_order, perft

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "perft.md").read_text(encoding="utf-8")
STUD = from_options("stud")
WALL = from_options("wallstreet")
POKERKIT_GAMES = {"stud": FixedLimitSevenCardStud, "razz": FixedLimitRazz,
                  "stud8": FixedLimitSevenCardStudHighLowSplitEightOrBetter}


def as_pokerkit(name: str) -> Game:
    """The game without the options PokerKit lacks (docs/pokerkit-differences.md)."""
    if name == "stud":
        return from_options(name, heads_up_uncapped=False, open_pair_big_bet=False)
    return from_options(name, heads_up_uncapped=False)
runner = CliRunner()


# ---------------------------------------------------------------- the tables


def cell(result: Perft, index: int) -> str:
    if index >= len(result.rows):
        return "-"
    row = result.rows[index]
    return f"{row.reached} / {row.nodes} / {row.terminal}"


def row_text(game: str, stacks: Sequence[int], streets: int | None, result: Perft) -> str:
    """One row of docs/perft.md's tables, as the docs write it."""
    cells = [game, " ".join(map(str, stacks)), "all" if streets is None else str(streets),
             *(cell(result, i) for i in range(6)), str(result.frontier),
             " ".join(map(str, result.payoffs))]
    return "| " + " | ".join(cells) + " |"


@dataclass(frozen=True)
class Row:
    game: str
    stacks: tuple[int, ...]
    streets: int | None
    text: str
    rest: tuple[str, ...]  # cells after the table's own columns (the PokerKit column)


def table(heading: str) -> list[Row]:
    """The rows of the table under ``## heading`` in docs/perft.md."""
    start = DOC.index(f"## {heading}\n")
    end = DOC.find("\n## ", start + 1)
    rows = []
    for line in DOC[start:end if end > 0 else None].splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 11 or not re.fullmatch(r"[a-z0-9_]+", cells[0]) or cells[0] == "game":
            continue
        streets = None if cells[2] == "all" else int(cells[2])
        stacks = tuple(int(x) for x in cells[1].split())
        text = "| " + " | ".join(cells[:11]) + " |"
        rows.append(Row(game=cells[0], stacks=stacks, streets=streets, text=text,
                        rest=tuple(cells[11:])))
    assert rows, heading
    return rows


def test_r1_5_r2_4_r2_6_r3_5_the_pinned_table() -> None:
    """R1.5, R1.6, R1.9, R2.4, R2.5, R2.6, R2.7, R3.4, R3.5, R3.6, R3.10, R5.1, R5.2, R5.3,
    R6.2, R6.3, R6.4, R8.1, R8.2, R8.3, R8.4, R8.5: every count of the pinned table of
    docs/perft.md (stud, Wall Street, Stud Hi-Lo and Razz, 2 to 4 players, short and deep
    stacks; the wild-card games; deck A, the games' default options)."""
    for row in table("The pinned table"):
        result = perft(from_options(row.game), stacks=row.stacks, deck=DECKS["A"],
                       streets=row.streets)
        assert row_text(row.game, row.stacks, row.streets, result) == row.text


@pytest.mark.slow
def test_r1_5_r2_6_r3_5_the_deeper_table() -> None:
    """R1.5, R2.6, R3.5: the deeper trees of docs/perft.md (about half a minute)."""
    for row in table("Deeper trees"):
        result = perft(from_options(row.game), stacks=row.stacks, deck=DECKS["A"],
                       streets=row.streets)
        assert row_text(row.game, row.stacks, row.streets, result) == row.text


# ------------------------------------------------- an independent count


def naive(hand: Hand, depth: int, showdown: bool, out: dict[str, list[int]],
          payoffs: list[int]) -> None:
    """The same counts by plain recursion over copies, keyed by street name."""
    where = "showdown" if hand.phase is Phase.SHOWDOWN else hand.street_name
    out[where][1] += 1
    for action in hand.legal_actions():
        child = hand.copy()
        before = child.street
        child.apply(action)
        for index in range(before + 1, child.street + 1):  # streets begun by this action
            name = child.game.streets[index].name
            out[name][0] += 1
            if index >= depth:
                out["frontier"][0] += 1
                break
        else:
            if child.phase is Phase.SHOWDOWN and where != "showdown":
                out["showdown"][0] += 1
                if not showdown:
                    out["showdown"][2] += 1
                    continue
            if child.is_over:
                out["showdown" if where == "showdown" else child.street_name][2] += 1
                for s, won in enumerate(child.payoffs):
                    payoffs[s] += won
                continue
            naive(child, depth, showdown, out, payoffs)


@pytest.mark.parametrize("game,stacks,streets,showdown", [
    (STUD, (8, 8), None, True), (STUD, (6, 9, 14), None, True), (STUD, (30, 30, 30), 1, True),
    (STUD, (4, 5, 6, 30), None, False), (WALL, (3, 4, 5), None, True), (WALL, (20, 20, 20), 1, True),
    (SevenCardStud(ante=2, bring_in=3, small_bet=6, big_bet=12, max_raises=1), (9, 20, 11), None, True),
    (from_options("stud8"), (5, 9, 14), None, True), (from_options("razz"), (4, 20, 7), None, True),
])
def test_r1_8_r1_9_perft_equals_a_plain_recursion(game: Game, stacks: tuple[int, ...],
                                                   streets: int | None, showdown: bool) -> None:
    """R1.8, R1.9: the counts equal a plain recursion's over the same tree (every street
    begun, every decision, every end by folds and at the showdown, every payoff)."""
    result = perft(game, stacks=stacks, deck=DECKS["A"], streets=streets, showdown=showdown)
    names = [s.name for s in game.streets]
    out = {name: [0, 0, 0] for name in [*names, "showdown", "frontier"]}
    out[names[0]][0] = 1
    payoffs = [0] * len(stacks)
    root = game.deal(stacks=list(stacks), dealer=len(stacks) - 1, deck=full_order(game, DECKS["A"]))
    naive(root, streets or len(names), showdown, out, payoffs)
    assert [(r.street, r.reached, r.nodes, r.terminal) for r in result.rows] == [
        (name, *out[name]) for name in [*names[:streets or len(names)],
                                        *(["showdown"] if streets is None else [])]]
    assert result.frontier == out["frontier"][0]
    assert list(result.payoffs) == payoffs
    if streets is None:
        assert sum(payoffs) == 0  # R1.11: every chip won was lost by someone


# ------------------------------------------------------ PokerKit's count

PK_AUTOMATIONS = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.HAND_KILLING,
                  Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING)
STREET_CARDS = (3, 1, 1, 1, 1)  # cards to each player on third to seventh street


@dataclass
class PkNode:
    state: State
    dealt: int  # cards of the deck dealt so far
    queue: list[tuple[int, str]]  # (player, card) still to deal on this street
    street: int

    def copy(self) -> PkNode:
        return PkNode(copy.deepcopy(self.state), self.dealt, list(self.queue), self.street)


def pokerkit_perft(name: str, stacks: Sequence[int], deck: str, streets: int | None = None
                   ) -> tuple[list[tuple[int, int, int]], int]:
    """PokerKit's count of the tree ``perft(as_pokerkit(name), showdown=False)`` counts: the
    same cards in the same order (player ``i`` is our seat ``i`` with the dealer last;
    PokerKit burns ``??``), every legal action at every decision, a state copied per
    child. Returns the rows (reached, nodes, terminal) and the frontier."""
    n, depth = len(stacks), streets or 5
    cards = [str(c) for c in full_order(as_pokerkit(name), deck)]
    reached, nodes, terminal = [0] * 6, [0] * 6, [0] * 6
    frontier = 0

    def advance(node: PkNode) -> bool:
        """Burn, deal and show until a decision or the end; False when cut at the depth."""
        nonlocal frontier
        st = node.state
        while st.status:
            if st.card_burning_status and st.can_burn_card("??"):
                st.burn_card("??")
            elif st.hole_dealee_index is not None:
                if not node.queue:  # a new street: our order, active players from seat 0
                    k = st.street_index
                    assert k is not None and k == node.street + 1
                    node.street = k
                    reached[k] += 1
                    if k >= depth:
                        frontier += 1
                        return False
                    active = [i for i in range(n) if st.statuses[i]]
                    for _ in range(STREET_CARDS[k]):
                        for p in active:
                            node.queue.append((p, cards[node.dealt]))
                            node.dealt += 1
                p, card = node.queue.pop(0)
                st.deal_hole(card, p)
            elif st.can_show_or_muck_hole_cards():
                st.show_or_muck_hole_cards(True)
            else:
                break
        return True

    def options(st: State) -> list[tuple[str, int]]:
        out = []
        if st.can_post_bring_in():
            out.append(("pb", 0))
        if st.can_fold():
            out.append(("f", 0))
        if st.can_check_or_call():
            out.append(("cc", 0))
        if st.can_complete_bet_or_raise_to():
            low = st.min_completion_betting_or_raising_to_amount
            high = st.max_completion_betting_or_raising_to_amount
            assert low is not None and high is not None
            out += [("cbr", a) for a in sorted({low, high})]
        return out

    state = POKERKIT_GAMES[name].create_state(PK_AUTOMATIONS, True, 1, 2, 5, 10,
                                              list(stacks), n)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        root = PkNode(state, 0, [], -1)
        assert advance(root)
        stack = [root]
        while stack:
            node = stack.pop()
            k = node.state.street_index
            assert k is not None
            nodes[k] += 1
            choices = options(node.state)
            for j, (verb, amount) in enumerate(choices):
                child = node if j == len(choices) - 1 else node.copy()
                st = child.state
                players_in = sum(st.statuses)
                if verb == "pb":
                    st.post_bring_in()
                elif verb == "f":
                    st.fold()
                elif verb == "cc":
                    st.check_or_call()
                else:
                    st.complete_bet_or_raise_to(amount)
                if verb == "f" and players_in == 2:
                    terminal[k] += 1  # everyone else folded
                    continue
                if not advance(child):
                    continue
                if not st.status:  # the showdown was played
                    reached[5] += 1
                    terminal[5] += 1
                    continue
                stack.append(child)
    rows = [(reached[i], nodes[i], terminal[i]) for i in range(depth)]
    if depth == 5:
        rows.append((reached[5], 0, terminal[5]))
    return rows, frontier


def pokerkit_text(rows: list[tuple[int, int, int]], frontier: int) -> str:
    return "; ".join(" / ".join(map(str, r)) for r in rows) + f"; frontier {frontier}"


def ours_text(result: Perft) -> str:
    return pokerkit_text([(r.reached, r.nodes, r.terminal) for r in result.rows], result.frontier)


def pokerkit_rows(slow: bool) -> list[Row]:
    rows = table("The stud games as PokerKit plays them")
    return [r for r in rows if (r.rest[0] == "slow") == slow]


def check_against_pokerkit(row: Row) -> None:
    ours = perft(as_pokerkit(row.game), stacks=row.stacks, deck=DECKS["A"], streets=row.streets,
                 showdown=False)
    assert row_text(row.game, row.stacks, row.streets, ours) == row.text
    theirs = pokerkit_text(*pokerkit_perft(row.game, row.stacks, DECKS["A"], row.streets))
    documented = row.rest[1]
    if documented == "the same":
        assert theirs == ours_text(ours)
    else:  # a documented difference: PokerKit's own counts, and they differ from ours
        assert theirs == documented and theirs != ours_text(ours)


def row_id(row: Row) -> str:
    return f"{row.game} {' '.join(map(str, row.stacks))} {row.streets or 'all'}"


@pytest.mark.parametrize("row", pokerkit_rows(slow=False), ids=row_id)
def test_r1_6_r2_4_r5_1_r6_3_stud_trees_equal_pokerkits(row: Row) -> None:
    """R1.5, R1.6, R2.4, R2.5, R2.7, R5.1, R6.1, R6.3, R6.4: the trees of stud, Stud Hi-Lo
    and Razz (without the open-pair big bet and the heads-up uncapping PokerKit lacks, the
    showdown as a leaf) count as PokerKit 0.7.7's do where the rules agree; where they
    differ (R1.6 short all-ins, R2.4 a bring-in of the whole stack), both counts are those
    docs/perft.md and docs/pokerkit-differences.md give."""
    check_against_pokerkit(row)


@pytest.mark.slow
@pytest.mark.parametrize("row", pokerkit_rows(slow=True), ids=row_id)
def test_r1_6_r2_5_deeper_stud_trees_equal_pokerkits(row: Row) -> None:
    """R1.6, R2.5: the larger trees of the PokerKit table (PokerKit copies a state per node)."""
    check_against_pokerkit(row)


# ------------------------------------------------ any rule change moves a count


STUD_FAMILY: list[tuple[str, object, tuple[int, ...], int | None]] = [
    # option, another value, stacks, streets: a tree where it matters
    ("max_raises", 2, (40, 40, 40), 1), ("heads_up_uncapped", False, (40, 40), 1),
    ("showdown_muck", False, (8, 8), None), ("ante", 2, (8, 8), None),
    ("bring_in", 1, (40, 40), 1), ("small_bet", 4, (8, 8), None), ("big_bet", 20, (20, 20), None),
    ("fold_when_check", True, (40, 40), 2),
]
OPEN_PAIR = [("open_pair_big_bet", False, (12, 12, 12), 2), ("open_pair_raise_big", True, (40, 40, 40), 2)]
OPTION_CHANGES: dict[str, list[tuple[str, object, tuple[int, ...], int | None]]] = {
    "stud": STUD_FAMILY + OPEN_PAIR, "stud8": STUD_FAMILY, "razz": STUD_FAMILY,
    "baseball": [*STUD_FAMILY, ("three_price", 1, (8, 8, 8), None)],
    "follow_the_queen": STUD_FAMILY + OPEN_PAIR, "high_chicago": STUD_FAMILY + OPEN_PAIR,
    "low_chicago": STUD_FAMILY + OPEN_PAIR, "kings_and_little_ones": STUD_FAMILY,
    "five_stud": [*STUD_FAMILY, ("open_pair_big_bet", False, (12, 12), 2),
                  ("open_pair_raise_big", True, (40, 40), 2)],  # R9.2
    "razz27": STUD_FAMILY,
    "wallstreet": [("max_raises", 2, (40, 40, 40), 1), ("heads_up_uncapped", False, (40, 40, 40), 1),
                   ("showdown_muck", True, (3, 3, 3), None), ("market_unit", 3, (3, 3, 3), None),
                   ("limits", (4, 2, 4, 4, 4), (40, 40, 40), 1), ("ante", 2, (3, 3, 3), None),
                   ("fold_when_check", True, (40, 40, 40), 1)],
}
"""Each option of each game, and a tree where another value changes the counts. The
joker changes the deck itself (a tree with it is dealt other cards); its flush rule is
checked on a deck of its own below."""

OPTION_DECKS: dict[str, str] = {"five_stud": "2c 3c Kd 7h Ks 8c"}
"""A game whose option changes need another deck than deck A: heads up in Five Card Stud
deck A shows no open pair on third street; this one (then the rest in order) pairs the kings there (R9.2)."""

JOKER_FLUSH = "Jk Ah As Kh 7s Qh 5s 9h 3s 8h 2d 2c 4c 3c"
"""Heads up: seat 0 makes a spade flush with the ace and the joker (A-K-7-5-3, or
A-A-7-5-3 with double_ace_flush), seat 1 the A-K-Q-9-8 flush of hearts."""


def counts(result: Perft) -> tuple[object, ...]:
    return tuple(result.rows), result.frontier, result.payoffs


def test_every_game_of_the_registry_has_its_option_changes() -> None:
    assert set(OPTION_CHANGES) == set(GAMES)


@pytest.mark.parametrize("name", sorted(OPTION_CHANGES))
def test_r1_5_r2_6_r3_2_r3_10_every_option_moves_a_count(name: str) -> None:
    """R1.5, R1.9, R2.2, R2.6, R3.2, R3.5, R3.10, R5.1, R6.1, R8.2: like chess perft, any change of a rule
    moves a count: each option and stake of each game of the registry, changed, changes
    the tree of deck A for some stacks."""
    changes = OPTION_CHANGES[name]
    options = {f for f in from_options(name).options() if f != "game"}
    assert {option for option, *_ in changes} | (options & {"joker", "double_ace_flush"}) == options
    deck = OPTION_DECKS.get(name, DECKS["A"])
    for option, value, stacks, streets in changes:
        a = perft(from_options(name), stacks=stacks, deck=deck, streets=streets)
        b = perft(from_options(name, **{option: value}), stacks=stacks, deck=deck, streets=streets)
        assert counts(a) != counts(b), (name, option)


def test_r1_2_double_ace_flush_moves_the_payoffs() -> None:
    """R1.2: the joker's flush rule changes who wins the showdowns of a tree (its payoffs),
    not its shape."""
    plain = perft(SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10, joker=True),
                  stacks=[8, 8], deck=JOKER_FLUSH)
    double = perft(SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10, joker=True,
                                 double_ace_flush=True), stacks=[8, 8], deck=JOKER_FLUSH)
    assert plain.rows == double.rows and plain.payoffs != double.payoffs
    assert plain.payoffs[0] < 0 < double.payoffs[0]


# ------------------------------------------------------------ the edges


def test_the_docs_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/perft.md's Python example prints the first row of the pinned table."""
    blocks = re.findall(r"```python\n(.*?)```", DOC, flags=re.S)
    assert len(blocks) == 1
    exec(compile(blocks[0], "docs/perft.md", "exec"), {})
    assert capsys.readouterr().out.splitlines()[0] == "third 1 10 9"


def test_bad_input_is_refused_with_the_reason() -> None:
    with pytest.raises(GameError, match="streets must be 1 to 5"):
        perft(STUD, stacks=[10, 10], deck=DECKS["A"], streets=0)
    with pytest.raises(GameError, match="stud is for 2 to 8 players"):
        perft(STUD, stacks=[10], deck=DECKS["A"])
    with pytest.raises(CardError, match="duplicate"):
        perft(STUD, stacks=[10, 10], deck="As As")
    with pytest.raises(CardError, match="not in this game's deck"):
        perft(STUD, stacks=[10, 10], deck="Jk")
    assert len(full_order(WallStreet(ante=1, limits=2, joker=True), "")) == 53


def test_cli_perft_json_and_table() -> None:
    result = runner.invoke(app, ["perft", "stud", "--stacks", "8,8", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    expected = perft(STUD, stacks=[8, 8], deck=DECKS["A"])
    assert data == json.loads(json.dumps(expected.to_dict()))
    assert data["nodes"] == expected.nodes and data["rows"][0]["street"] == "third"
    result = runner.invoke(app, ["perft", "wallstreet", "--stacks", "20,20,20", "--streets", "1",
                                 "--option", "max_raises=2", "--option", "limits=2,2,4,4,4"])
    assert result.exit_code == 0, result.output
    assert "reach street 2" in result.stdout
    for args, message in ((["stud", "--stacks", "8,x"], "stacks must be comma-separated"),
                          (["stud", "--stacks", "8,8", "--option", "bet=2"], "unknown option 'bet'"),
                          (["stud", "--stacks", "8,8", "--option", "joker"], "NAME=VALUE"),
                          (["chess", "--stacks", "8,8"], "unknown game"),
                          (["stud", "--stacks", "8,8", "--deck", "As As"], "duplicate")):
        result = runner.invoke(app, ["perft", *args])
        assert result.exit_code == 2 and message in result.output, (args, result.output)


# ------------------------------------- Five Card Stud and Deuce-to-Seven Razz


def new_games_rows() -> list[tuple[str, tuple[int, ...], int | None, int, str]]:
    """The rows of docs/perft.md's Five Card Stud and Deuce-to-Seven Razz tables:
    (game, stacks, streets, street columns, the row as the docs write it)."""
    start = DOC.index("## Five Card Stud and Deuce-to-Seven Razz\n")
    end = DOC.find("\n## ", start + 1)
    rows = []
    for line in DOC[start:end].splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 10 or cells[0] not in GAMES:
            continue
        columns = len(cells) - 5  # game, stacks, streets, ..., frontier, payoffs
        streets = None if cells[2] == "all" else int(cells[2])
        rows.append((cells[0], tuple(int(x) for x in cells[1].split()), streets, columns,
                     "| " + " | ".join(cells) + " |"))
    return rows


def test_r9_r10_the_pinned_tables_of_the_new_games() -> None:
    """R9.1, R9.2, R9.3 (four streets, the open pair on third street), R10.1, R10.2: every
    count of docs/perft.md's Five Card Stud and Deuce-to-Seven Razz tables."""
    rows = new_games_rows()
    assert {r[0] for r in rows} == {"five_stud", "razz27"}
    for game, stacks, streets, columns, text in rows:
        result = perft(from_options(game), stacks=stacks, deck=DECKS["A"], streets=streets)
        assert columns == len(from_options(game).streets) + 1
        cells = [game, " ".join(map(str, stacks)), "all" if streets is None else str(streets),
                 *(cell(result, i) for i in range(columns)), str(result.frontier),
                 " ".join(map(str, result.payoffs))]
        assert "| " + " | ".join(cells) + " |" == text


def test_r10_1_r10_2_deuce_to_seven_razz_pays_otherwise_than_razz() -> None:
    """R10.1, R10.2: with an ace and a straight in the deal, the same tree pays otherwise."""
    deck = "7c 8d Kc 4h As 2d 5s 3h"
    razz = perft(from_options("razz"), stacks=(12, 12, 12), deck=deck)
    razz27 = perft(from_options("razz27"), stacks=(12, 12, 12), deck=deck)
    assert [(r.reached, r.nodes, r.terminal) for r in razz.rows] == \
        [(r.reached, r.nodes, r.terminal) for r in razz27.rows]
    assert razz.payoffs == (-10963, 22890, -11927)
    assert razz27.payoffs == (26722, -6292, -20430)
    assert f"Razz pays\n`{' '.join(map(str, razz.payoffs))}`" in DOC
