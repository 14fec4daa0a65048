"""The player's report (studpoker.report, ``studpoker stats --report``): every figure checked
against hands worked out by hand.

Three stud hands of ann, bob and cy (stacks 50, the dealer in seat 3, so p1 is seat 1):

* A, at pokerstars table T1 on 2024-03-01, ante 1, bring-in 2, 5/10: cy brings in (8d),
  ann completes to 5 (a steal: two players left to act after her), bob and cy fold. ann wins
  the antes and the bring-in: +4 chips, +0.4 big bets.
* B, at pokerstars table T2 on 2024-03-02, ante 2, bring-in 4, 10/20: ann (seat 3) brings in,
  bob and cy call 4, everyone checks to the showdown, bob's four aces win. ann: -6 chips,
  -0.3 big bets (the big bet of B's game is 20); she saw fourth street and went to showdown.
* C: hand A again at fulltilt table 9 on 2024-02-28 (the earliest date).
"""

from __future__ import annotations

import json
import struct
import zlib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from studpoker import phh
from studpoker.cli import app
from studpoker.engine import SevenCardStud
from studpoker.engine.actions import ActionKind
from studpoker.engine.hand import Hand
from studpoker.report import Filters, ReportBuilder, ReportError, big_bet, results_png
from studpoker.stats import StatsError

runner = CliRunner()

DECK = "As Kd 2c Qh Jd 7c Ts 9s 8d Ah Kh 3h Ad Ks 4d Ac Kc 5s 2d 2h 9h"


def hand_a() -> Hand:
    hand = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10).deal(
        stacks=[50, 50, 50], dealer=2, deck=DECK)
    hand.bring_in()
    hand.bet_or_raise()
    hand.fold()
    hand.fold()
    return hand


def hand_b() -> Hand:
    # seat 1 (bob here) holds As Qh Ts Ah Ad Ac 2d: four aces; seat 3 (ann) nine high
    hand = SevenCardStud(ante=2, bring_in=4, small_bet=10, big_bet=20).deal(
        stacks=[50, 50, 50], dealer=2, deck=DECK)
    hand.bring_in()
    while not hand.is_over:
        kinds = {a.kind for a in hand.legal_actions()}
        if ActionKind.SHOW in kinds:
            hand.show()
        else:
            hand.check_or_call()
    return hand


NAMES_A = ["ann", "bob", "cy"]
NAMES_B = ["bob", "cy", "ann"]  # ann in seat 3: the bring-in


def write_hands(path: Path) -> Path:
    out = []
    for hand, names, room, table, day, number in (
            (hand_a(), NAMES_A, "pokerstars", "T1", 1, 1001),
            (hand_b(), NAMES_B, "pokerstars", "T2", 2, 1002),
            (hand_a(), NAMES_A, "fulltilt", 9, 28, 2001)):
        h = phh.from_hand(hand)
        h.players = list(names)
        h.table = table
        h.hand = number
        h.fields.update({"_room": room, "year": 2024, "month": 2 if day == 28 else 3, "day": day})
        out.append(h)
    path.write_text(phh.write_all(out), encoding="utf-8")
    return path


@pytest.fixture
def hands_file(tmp_path: Path) -> Path:
    return write_hands(tmp_path / "mine.phhs")


def test_big_bet_is_the_games() -> None:
    assert big_bet(SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)) == 10
    assert big_bet(SevenCardStud(ante=2, bring_in=4, small_bet=10, big_bet=20)) == 20


def test_hand_b_as_worked_out() -> None:
    hand = hand_b()
    assert tuple(hand.payoffs) == (12, -6, -6)  # bob takes 3 x (2 + 4) = 18


def test_report_figures(hands_file: Path) -> None:
    builder = ReportBuilder("ann")
    assert builder.add_file(hands_file) == 3
    rep = builder.report()
    rows = {(r.game, r.room): r for r in rep.rows}
    assert list(rows) == [("stud", "fulltilt"), ("stud", "pokerstars")]
    ft, ps = rows["stud", "fulltilt"], rows["stud", "pokerstars"]
    assert (ft.hands, ft.net, ft.bb_per100) == (1, 4, 40.0)
    assert ft.to_dict()["entry"] == 1.0 and ft.to_dict()["completion"] == 1.0
    assert ft.to_dict()["steal"] == 1.0 and ft.to_dict()["fold_to_steal"] is None
    assert ft.to_dict()["wtsd"] is None and ft.to_dict()["wsd"] is None
    # pokerstars: A (+4, +0.4 BB) and B (-6, -0.3 BB)
    assert (ps.hands, ps.net) == (2, -2)
    assert ps.bb_per100 == pytest.approx(5.0)  # 100 x (0.4 - 0.3) / 2
    d = ps.to_dict()
    assert d["entry"] == 0.5  # the bring-in alone is not an entry
    assert d["completion"] == 0.5
    assert d["steal"] == 1.0  # one chance (A), taken; the bring-in has none
    assert d["fold_to_steal"] is None  # nobody stole ann's bring-in in B
    assert d["wtsd"] == 1.0 and d["wsd"] == 0.0  # B: to the showdown, lost
    # per game over the rooms: A, B and C; per room over the games: the same two rooms
    (stud,) = rep.by_game()
    assert (stud.game, stud.room, stud.hands, stud.net) == ("stud", "", 3, 2)
    assert stud.bb_per100 == pytest.approx(100 * 0.5 / 3)
    assert stud.stats.vpip == pytest.approx(2 / 3) and stud.stats.steal == 1.0
    assert stud.to_dict()["room"] is None
    assert [(r.room, r.hands, r.net) for r in rep.by_room()] == [("fulltilt", 1, 4),
                                                                  ("pokerstars", 2, -2)]
    assert rows["stud", "pokerstars"].stats.nets == [4, -6]  # the totals left the rows alone
    # the series goes by date: C (Feb 28), A, B
    assert rep.by_date
    assert [p.net for p in rep.series] == [4, 8, 2]
    assert [p.big_bets for p in rep.series] == pytest.approx([0.4, 0.8, 0.5])
    assert [(r.room, r.hand) for r in rep.biggest_wins] == [("pokerstars", "1001"),
                                                            ("fulltilt", "2001")]
    (loss,) = rep.biggest_losses
    assert (loss.net, loss.big_bets, loss.source, loss.index, loss.table) == (
        -6, pytest.approx(-0.3), str(hands_file), 2, "T2")


def test_fold_to_steal_of_the_bring_in(hands_file: Path) -> None:
    builder = ReportBuilder("cy", Filters.parse(room="POKERSTARS"))
    builder.add_file(hands_file)
    (row,) = builder.report().rows
    assert row.stats.fold_to_steal == 1.0  # A: cy brought in and folded to ann's steal
    assert row.net == -3 - 6  # A: ante and bring-in; B: ante and call


@pytest.mark.parametrize(("filters", "hands"), [
    ({"room": "pokerstars"}, 2), ({"table": "T2"}, 1), ({"table": "9"}, 1),
    ({"since": "2024-03-01"}, 2), ({"until": "2024-03-01"}, 2),
    ({"since": "2024-03-02", "until": "2024-03-02"}, 1), ({"game": "razz"}, 0),
    ({"game": "Seven Card Stud"}, 3),
])
def test_filters(hands_file: Path, filters: dict[str, str], hands: int) -> None:
    builder = ReportBuilder("ann", Filters.parse(**filters))
    builder.add_file(hands_file)
    assert builder.report().hands == hands


@pytest.mark.parametrize(("filters", "field"), [
    ({"since": "yesterday"}, "since"), ({"until": "2024-13-01"}, "until"),
    ({"game": "poker"}, "game"), ({"since": "2024-03-02", "until": "2024-03-01"}, "since"),
])
def test_bad_filters_name_the_field(filters: dict[str, str], field: str) -> None:
    with pytest.raises(ReportError, match=f"^{field}:"):
        Filters.parse(**filters)


def test_engine_hands_and_histories_agree(hands_file: Path) -> None:
    played = ReportBuilder("ann")
    played.add_hand(hand_a(), names=NAMES_A, room="pokerstars", table="T1")
    played.add_hand(hand_b(), names=NAMES_B, room="pokerstars", table="T2")
    read = ReportBuilder("ann", Filters(room="pokerstars"))
    read.add_file(hands_file)
    a, b = played.report(), read.report()
    assert [r.to_dict() for r in a.rows] == [r.to_dict() for r in b.rows]
    assert not a.by_date and [p.net for p in a.series] == [4, -2]  # no dates: in order


def test_hero_from_the_history_or_an_error(tmp_path: Path, hands_file: Path) -> None:
    with pytest.raises(ReportError, match="hero"):
        ReportBuilder(None).add_file(hands_file)
    text = hands_file.read_text(encoding="utf-8").replace('_room = "', '_hero = "ann"\n_room = "')
    (tmp_path / "hero.phhs").write_text(text, encoding="utf-8")
    builder = ReportBuilder(None)
    builder.add_file(tmp_path / "hero.phhs")
    rep = builder.report()
    assert rep.player == "ann" and rep.hands == 3


def test_a_hand_that_does_not_replay_is_an_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.phh"
    bad.write_text('variant = "XYZ"\nplayers = ["ann"]\n', encoding="utf-8")
    with pytest.raises(StatsError, match="variant must be one of"):
        ReportBuilder("ann").add_file(bad)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    length, kind = struct.unpack(">I4s", data[8:16])
    assert kind == b"IHDR"
    chunk = data[16:16 + length]
    (crc,) = struct.unpack(">I", data[16 + length:20 + length])
    assert zlib.crc32(kind + chunk) == crc
    width, height = struct.unpack(">II", chunk[:8])
    return width, height


def test_results_png(hands_file: Path) -> None:
    builder = ReportBuilder("ann")
    builder.add_file(hands_file)
    data = results_png(builder.report())
    assert png_size(data) == (800, 320)
    assert results_png(builder.report()) == data  # one picture for the same report
    assert png_size(results_png(ReportBuilder("ann").report())) == (800, 320)  # no hands


def test_cli_report_json(hands_file: Path) -> None:
    result = runner.invoke(app, ["stats", str(hands_file), "--report", "--player", "ann",
                                 "--json", "--room", "pokerstars"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["player"] == "ann" and data["hands"] == 2 and data["net"] == -2
    assert data["filters"]["room"] == "pokerstars"
    (row,) = data["rows"]
    assert row["game"] == "stud" and row["room"] == "pokerstars"
    assert row["bb_per100"] == pytest.approx(5.0)
    assert set(row) >= {"hands", "net", "bb_per100", "entry", "completion", "steal",
                        "fold_to_steal", "wtsd", "wsd"}
    assert data["series"]["net"] == [4, -2] and data["series"]["by"] == "date"
    assert data["biggest_losses"][0]["index"] == 2
    assert data["biggest_wins"][0]["hand"] == "1001"


def test_cli_report_text_and_plot(hands_file: Path, tmp_path: Path) -> None:
    plot = tmp_path / "results.png"
    result = runner.invoke(app, ["stats", str(hands_file), "--report", "--player", "ann",
                                 "--plot", str(plot)])
    assert result.exit_code == 0, result.output
    assert "biggest wins" in result.stdout and "biggest losses" in result.stdout
    assert "pokerstars" in result.stdout and "fulltilt" in result.stdout
    assert png_size(plot.read_bytes()) == (800, 320)


def test_cli_report_bad_input(hands_file: Path) -> None:
    result = runner.invoke(app, ["stats", str(hands_file), "--report", "--player", "ann",
                                 "--since", "soon"])
    assert result.exit_code == 2 and "--since" in result.output
    result = runner.invoke(app, ["stats", str(hands_file), "--room", "pokerstars"])
    assert result.exit_code == 2 and "--report" in result.output
    result = runner.invoke(app, ["stats", str(hands_file), "--report", "--player", "zed"])
    assert result.exit_code == 2 and "no hands" in result.output
