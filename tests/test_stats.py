"""Player statistics (studpoker.stats, `studpoker stats`): every definition of
docs/stats.md replayed on its worked example, streaming, the live log, bad input."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from studpoker import phh
from studpoker.cli import app
from studpoker.engine import Razz, SevenCardStud, StudHiLo, WallStreet
from studpoker.sim import play_hand
from studpoker.stats import Stats, StatsError, read_tables

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "stats.md").read_text()
runner = CliRunner()


def doc_examples(tmp_path: Path) -> list[Path]:
    blocks = re.findall(r"```toml\n(.*?)```", DOC, flags=re.S)
    assert len(blocks) == 2
    stud, wall = tmp_path / "stud.phhs", tmp_path / "wall.phh"
    stud.write_text(blocks[0])
    wall.write_text(blocks[1])
    return [stud, wall]


def expected_rows() -> list[dict[str, object]]:
    block = re.findall(r"```json\n(.*?)```", DOC, flags=re.S)[-1]
    rows = json.loads(block)["players"]
    assert isinstance(rows, list)
    return rows


def close(a: object, b: object) -> bool:
    if isinstance(a, float) or isinstance(b, float):
        return isinstance(a, int | float) and isinstance(b, int | float) and abs(a - b) < 6e-5
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(close(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(close(x, y) for x, y in zip(a, b, strict=True))
    return a == b


def test_worked_examples_of_the_docs(tmp_path: Path) -> None:
    """Every statistic's worked example in docs/stats.md, through the CLI."""
    files = doc_examples(tmp_path)
    result = runner.invoke(app, ["stats", *map(str, files), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["hands"] == 4
    got = data["players"]
    want = expected_rows()
    assert [(r["name"], r["game"]) for r in got] == [(r["name"], r["game"]) for r in want]
    for g, w in zip(got, want, strict=True):
        for key, value in w.items():
            assert close(g[key], value), (g["name"], g["game"], key, g[key], value)


def test_worked_example_counts(tmp_path: Path) -> None:
    """The numerators and denominators the docs' tables give."""
    stats = Stats()
    for f in doc_examples(tmp_path):
        stats.add_file(f)
    ann, bob, cy = (stats.get(n, "stud") for n in ("ann", "bob", "cy"))
    assert (ann.steal_chances, ann.steals, cy.steal_chances, cy.steals) == (1, 1, 2, 0)
    assert (cy.steal_faced, cy.fold_to_steal_count, bob.steal_faced) == (1, 1, 0)
    assert ann.aggressive == [3, 1, 1, 1, 1] and ann.calls == [0, 2, 1, 0, 0]
    assert bob.aggressive == [0, 1, 1, 1, 0] and bob.calls == [1, 0, 0, 1, 1]
    assert cy.aggressive == [0, 1, 0, 0, 0] and cy.calls == [4, 0, 0, 0, 0]
    assert (ann.showdowns, ann.showdowns_won, bob.showdowns_won) == (1, 0, 1)
    assert ann.nets == [4, -56, 14]
    ws = {n: stats.get(n, "wallstreet") for n in ("ann", "bob", "cy")}
    assert ws["ann"].card_rounds == [1, 1, 1] and ws["ann"].buys == [0, 1, 0]
    assert ws["bob"].buys == [1, 0, 1] and ws["bob"].market_spent == 10
    assert ws["cy"].card_rounds == [1, 0, 0] and ws["cy"].market_spent == 2
    assert sum(s.net for s in stats.players.values()) == 0


def test_player_filter_and_text_output(tmp_path: Path) -> None:
    files = [str(f) for f in doc_examples(tmp_path)]
    result = runner.invoke(app, ["stats", *files, "--player", "bob", "--json"])
    assert result.exit_code == 0
    rows = json.loads(result.stdout)["players"]
    assert {r["name"] for r in rows} == {"bob"} and {r["game"] for r in rows} == {"stud", "wallstreet"}
    result = runner.invoke(app, ["stats", *files, "--player", "bob"])
    assert result.exit_code == 0 and "market buys per card round" in result.stdout
    result = runner.invoke(app, ["stats", *files, "--player", "nobody"])
    assert result.exit_code == 2 and "no hands of player 'nobody'" in result.output


def test_players_named_by_position_without_players_field(tmp_path: Path) -> None:
    text = re.findall(r"```toml\n(.*?)```", DOC, flags=re.S)[1]
    f = tmp_path / "anon.phh"
    f.write_text(text.replace('players = ["ann", "bob", "cy"]\n', ""))
    stats = Stats()
    stats.add_file(f)
    assert [r.name for r in stats.rows()] == ["p1", "p2", "p3"]
    assert stats.get("p1", "wallstreet").net == 28


def test_live_log_equals_the_written_history(tmp_path: Path) -> None:
    """Stats.add_hand (the live log) and the same hands read back from .phhs agree."""
    live, written = Stats(), Stats()
    histories = []
    for game, n in ((SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10), 6),
                    (WallStreet(ante=1, limits=(2, 2, 4, 4, 4)), 5),
                    (StudHiLo(ante=1, bring_in=2, small_bet=5, big_bet=10), 4),
                    (Razz(ante=1, bring_in=2, small_bet=5, big_bet=10), 4)):
        seating = ("rule", "station", "random", "equity", "rule", "random")[:n]
        for i in range(30):
            _, hand = play_hand(game, seating, i, seed=3, stack=200)
            names = [f"{seating[(s - i) % n]}-{(s - i) % n}" for s in range(n)]
            live.add_hand(hand, names=names)
            order = [(hand.dealer + 1 + k) % n for k in range(n)]
            histories.append(phh.from_hand(hand, fields={"players": [names[s] for s in order]}))
    path = tmp_path / "all.phhs"
    path.write_text(phh.write_all(histories))
    assert written.add_file(path) == 120
    assert live.to_dict() == written.to_dict()
    games = {s.game for s in live.players.values()}
    assert games == {"stud", "wallstreet", "stud8", "razz"}
    chances = {g: sum(s.steal_chances for s in live.players.values() if s.game == g) for g in games}
    assert chances["wallstreet"] == 0  # no bring-in, no steal
    assert all(chances[g] > 0 for g in ("stud", "stud8", "razz"))  # the bring-in games (R2.4, R6.3)
    assert sum(s.net for s in live.players.values()) == 0
    for s in live.players.values():
        assert s.showdowns <= s.saw_fourth_hands <= s.hands
        assert s.vpip_hands <= s.hands and s.showdowns_won <= s.showdowns


def test_public_histories_and_missing_results_are_replayed(tmp_path: Path) -> None:
    """A history without finishing_stacks/winnings (and with ?? cards) is replayed."""
    game = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)
    seating = ("station", "station", "rule")
    full, bare = Stats(), Stats()
    texts = []
    for i in range(12):
        _, hand = play_hand(game, seating, i, seed=9, stack=100)
        full.add_hand(hand)
        h = phh.from_hand(hand, public=True)
        h.finishing_stacks = None
        h.winnings = None
        texts.append(h)
    path = tmp_path / "public.phhs"
    path.write_text(phh.write_all(texts))
    bare.add_file(path)
    assert bare.to_dict() == full.to_dict()


def test_reader_streams_and_falls_back_to_toml(tmp_path: Path) -> None:
    text = re.findall(r"```toml\n(.*?)```", DOC, flags=re.S)[0]
    # TOML the line parser leaves to tomllib: comments after values, escapes, a literal string
    odd = text.replace('players = ["bob", "cy", "ann"]', "players = ['bob', \"c\\u0079\", \"ann\"]  # who")
    assert odd != text
    f = tmp_path / "odd.phhs"
    f.write_text("# a comment first\n" + odd)
    tables = list(read_tables(f))
    assert len(tables) == 3 and tables[1].data["players"] == ["bob", "cy", "ann"]
    assert tables[2].name == "3" and tables[2].line > tables[1].line
    a, b = Stats(), Stats()
    g = tmp_path / "plain.phhs"
    g.write_text(text)
    a.add_file(f)
    b.add_file(g)
    assert a.to_dict() == b.to_dict()


@pytest.mark.parametrize("content,message", [
    ("", "no hands"),
    ("[1]\nvariant = \"NT\"\nstarting_stacks = [1, 2]\nactions = []\n", "variant must be one of F7S, F7S/8, FR, FWS"),
    ("[1]\nvariant = \"F7S\"\nactions = []\n", "starting_stacks is missing"),
    ("[1]\nvariant = \"F7S\"\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10\nantes = [1, 1]\n"
     "starting_stacks = [10, 10]\nactions = [\"p9 cc\"]\n"
     "finishing_stacks = [10, 10]\nwinnings = [0, 0]\n", "there is no player p9"),
    ("[1]\nvariant = \"F7S\"\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10\nantes = [1, 1]\n"
     "starting_stacks = [10, 10]\nactions = [\"p1 zz\"]\n"
     "finishing_stacks = [10, 10]\nwinnings = [0, 0]\n", "unknown player action 'zz'"),
    ("[1]\nvariant = = 3\n", "not valid TOML"),
    ("[1]\nvariant = \"F7S\"\nstarting_stacks = [10, 10]\nactions = []\nplayers = [\"a\"]\n",
     "players must be 2 names"),
    ("[1]\nvariant = \"F7S\"\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10\nantes = [1, 1]\n"
     "starting_stacks = [10, 10]\nactions = [\"p1 cc\"]\n", "cannot replay"),
])
def test_bad_files_exit_2_with_the_place(tmp_path: Path, content: str, message: str) -> None:
    f = tmp_path / "bad.phhs"
    f.write_text(content)
    with pytest.raises(StatsError, match=re.escape(message)):
        Stats().add_file(f)
    result = runner.invoke(app, ["stats", str(f), "--json"])
    assert result.exit_code == 2 and message in result.output.replace("\n", "")
    assert str(f) in result.output.replace("\n", "")


def test_missing_file_exits_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["stats", str(tmp_path / "none.phhs")])
    assert result.exit_code == 2 and "cannot read" in result.output


def test_tournament_history_stats(tmp_path: Path) -> None:
    """`studpoker stats` over a tournament's .phhs: every entrant, chips conserved."""
    result = runner.invoke(app, ["tournament", "--players", "4", "--bots", "rule,random",
                                 "--seed", "4", "--history", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    out = runner.invoke(app, ["stats", data["histories"], "--json"])
    rows = json.loads(out.stdout)["players"]
    assert {r["name"] for r in rows} == set(data["finish"])
    assert sum(r["net"] for r in rows) == 0
    winner = next(r for r in rows if r["name"] == data["finish"][0])
    assert winner["net"] == 3 * 1000


def test_download_my_hands_hides_only_the_others_unshown_cards() -> None:
    """phh.for_viewer: a player's own hands, other players' unshown down cards as ??."""
    games = (SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10),
             WallStreet(ante=1, limits=(2, 2, 4, 4, 4)))
    for game in games:
        for i in range(8):
            _, hand = play_hand(game, ("station", "rule", "random", "station"), i, seed=5, stack=150)
            full = phh.from_hand(hand, fields={"players": ["a", "b", "c", "d"], "hand": i + 1})
            full = phh.read_one(phh.write(full))
            for p in range(hand.n):
                mine = phh.for_viewer(full, p)
                seat = (hand.dealer + 1 + p) % hand.n
                assert mine == phh.from_hand(hand, viewer=seat, fields={
                    "players": ["a", "b", "c", "d"], "hand": i + 1})
                text = phh.write(mine)
                assert all(str(c) in text for c, _ in hand.cards[seat])  # my own cards
                shown = {op.action.seat for op in hand.log if getattr(op, "action", None)
                         is not None and op.action.kind.value == "show"}
                for other in range(hand.n):
                    if other != seat and other not in shown:
                        for c in hand.down_cards(other):
                            assert str(c) not in text
                assert phh.replay(phh.read_one(text)).payoffs == hand.payoffs
    with pytest.raises(phh.PHHError, match="there is no player p9"):
        phh.for_viewer(full, 8)


def test_every_game_of_the_registry_is_read_from_its_log() -> None:
    """R2.4, R3.5, R5.1, R6.3: statistics read the engine's log, so every game of the registry
    counts (the bring-in games their steals, Wall Street its market), and a hand read back
    from its history, where PHH has the game's variant, counts the same."""
    import random

    from studpoker.engine.games import GAMES, from_options

    for name in GAMES:
        game = from_options(name)
        n = max(game.min_players, 3)
        live, written = Stats(), Stats()
        rng = random.Random(7)
        texts = []
        for i in range(12):
            hand = game.deal(stacks=[rng.choice((8, 30, 120)) for _ in range(n)], dealer=i % n,
                             seed=i)
            while not hand.is_over:
                hand.apply(rng.choice(hand.legal_actions()))
            names = [f"{name}-{s}" for s in range(n)]
            live.add_hand(hand, names=names)
            if game.name in phh.VARIANT_GAMES.values():  # a game PHH writes
                order = [(hand.dealer + 1 + k) % n for k in range(n)]
                texts.append(phh.from_hand(hand, fields={"players": [names[s] for s in order]}))
        assert live.hands == 12 and sum(s.net for s in live.players.values()) == 0
        bring_in = game.bring_in_amount > 0
        for row in live.players.values():
            assert (row.steal is None) == (not bring_in or not row.steal_chances)
            assert (row.market_buys(0) is None) == (name != "wallstreet" or not row.card_rounds[0])
            assert row.to_dict()["market_buys"] is None or name == "wallstreet"
        if texts:
            written.add_text(phh.write_all(texts))
            assert written.to_dict() == live.to_dict()
