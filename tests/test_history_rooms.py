"""Room grammars: the shared machinery, iPoker XML, duplicates, files skipped, and
inputs built to make a parser slow (each is read once, line by line: R-none, the
importer's own guarantees; docs/import.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from studpoker import phh
from studpoker.engine.games import GAMES, canonical_name
from studpoker.history import HistoryError, Imported, Refusal, read, read_text
from studpoker.history.grammar import MAX_LINE, game_table
from studpoker.history.rooms import ROOMS, fulltilt, ipoker, pokerstars

DATA = Path(__file__).parent / "data" / "history"

STARS_HAND = """PokerStars Hand #1001:  7 Card Stud Limit ($0.04/$0.08 USD) - 2024/03/01 20:15:00 ET
Table 'Alcyone' 8-max
Seat 1: ann ($1.52 in chips)
Seat 3: bob ($0.97 in chips)
Seat 5: cy ($2 in chips) is sitting out
ann: posts the ante $0.01
bob: posts the ante $0.01
dee joins the table at seat #6
*** 3rd STREET ***
Dealt to ann [6d Jd Jc]
Dealt to bob [8h]
bob: brings in for $0.02
ann: raises $0.02 to $0.04
bob: folds
cy leaves the table
Uncalled bet ($0.02) returned to ann
ann collected $0.06 from pot
*** SUMMARY ***
Total pot $0.06 | Rake $0
Seat 1: ann collected ($0.06)
Seat 3: bob folded on the 3rd Street"""


def _one(text: str) -> Imported | Refusal:
    [result] = list(read_text(text))
    return result


def test_every_room_is_a_grammar_with_a_game_table_from_the_engine_registry() -> None:
    for name, room in ROOMS.items():
        assert room.name == name and room.title
        for words, ours in room.games.items():
            assert ours.startswith("?") or canonical_name(ours) == ours, (name, words)
    assert pokerstars.GAMES["7 Card Stud Hi/Lo"] == "stud8" and fulltilt.GAMES["Razz"] == "razz"
    assert game_table({"2-7 Razz": "razz27"})["2-7 Razz"] in ("?razz27", canonical_name("razz"), "razz27")


def test_players_arriving_leaving_or_sitting_out_change_nothing() -> None:
    result = _one(STARS_HAND)
    assert isinstance(result, Imported), result
    assert result.history.players == ["ann", "bob"]


def test_stars_open_pair_notice_and_old_capitalised_tournament_header() -> None:
    text = STARS_HAND.replace("bob: folds\n", "bob: folds\nPair on board - a double bet is allowed\n")
    assert isinstance(_one(text), Imported)
    old = STARS_HAND.replace(
        "PokerStars Hand #1001:  7 Card Stud Limit ($0.04/$0.08 USD) - 2024/03/01 20:15:00 ET",
        "PokerStars Game #1002: TOURNAMENT #77, $10+$1 7 CARD STUD LIMIT - LEVEL I (4/8) - "
        "2009/06/14 11:45:00 ET")
    for cash, chips in (("$1.52", "152"), ("$0.97", "97"), ("$2 ", "200 "), ("$0.01", "1"),
                        ("$0.02", "2"), ("$0.04", "4"), ("$0.06", "6"), ("$0", "0")):
        old = old.replace(cash, chips)
    result = _one(old)
    assert isinstance(result, Imported), result
    assert result.hand_id == "1002" and result.history.finishing_stacks == [155, 94]


def test_a_game_the_engine_lacks_is_refused_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(GAMES, "five_stud")  # a registry without the game
    text = ("Full Tilt Poker Game #5: Table T (8 max) - 800/1600 Ante 150 - Limit 5 Card Stud - "
            "18:30:57 ET - 2013/03/31\nSeat 1: a (4,950)\n")
    result = _one(text)
    assert isinstance(result, Refusal) and "5 Card Stud is not a game of this engine" in result.reason
    assert result.line == 1 and result.status == "refused"


def test_full_tilt_deal_lines_in_one_or_two_brackets() -> None:
    head = ("Full Tilt Poker Game #7: Table T (8 max) - $2/$4 Ante $0.40 - Limit Stud Hi - "
            "20:15:00 ET - 2024/03/01\nSeat 1: ann ($40)\nSeat 3: bob ($38.20)\n"
            "ann antes $0.40\nbob antes $0.40\n*** 3RD STREET ***\n")
    tail = ("bob is low with [2h]\nbob brings in for $0.50\nann completes it to $2\nbob folds\n"
            "Uncalled bet of $1.50 returned to ann\nann mucks\nann wins the pot ($1.80)\n"
            "*** SUMMARY ***\nTotal pot $1.80 | Rake $0\n")
    for deal in ("Dealt to ann [Ac 9h] [3s]\n", "Dealt to ann [Ac 9h 3s]\n"):
        result = _one(head + deal + "Dealt to bob [2h]\n" + tail)
        assert isinstance(result, Imported), result
        assert result.history.actions[0] == "d dh p1 Ac9h3s"


def test_ipoker_xml_hand_is_read_and_replayed() -> None:
    [result] = list(read(DATA / "ipoker-stud.xml"))
    assert isinstance(result, Imported), result
    h = result.history
    assert result.room == ipoker.NAME and result.hand_id == "7100001"
    assert h.players == ["Hero", "ann"]
    assert h.actions == ["d dh p1 AcTsKh", "d dh p2 ????2d", "p2 pb", "p1 cbr 10", "p2 f"]
    assert h.finishing_stacks == [307, 393]


@pytest.mark.parametrize("evil", [
    '<!DOCTYPE s [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>\n<session>&b;</session>',
    "<session>" + "<x>" * 5000 + "</x>" * 5000 + "</session>",
])
def test_ipoker_xml_without_entities_and_with_a_bounded_depth(evil: str) -> None:
    text = '<?xml version="1.0"?>\n' + evil
    result = list(read_text(text))
    assert len(result) == 1 and isinstance(result[0], Refusal)
    assert "not well-formed XML" in result[0].reason


def test_a_run_of_digits_and_a_repeated_line_are_refused_in_one_pass() -> None:
    digits = "9" * 150_000
    result = _one(STARS_HAND.replace("ann: posts the ante $0.01", "ann: posts the ante " + digits))
    assert isinstance(result, Refusal) and f"longer than {MAX_LINE}" in result.reason
    header = STARS_HAND.split("\n")[0].replace("#1001", "#" + digits)
    with pytest.raises(HistoryError, match=r"no .* hands found"):  # no header that long is read
        list(read_text(header + "\n" + "\n".join(STARS_HAND.split("\n")[1:])))
    repeated = STARS_HAND.split("\n")[0] + "\n" + "Seat 1: ann ($1.52 in chips)\n" * 40_000
    result = _one(repeated)
    assert isinstance(result, Refusal)
    assert result.reason in ("'ann' is seated twice", "the hand is longer than 5000 lines")
    assert result.line == 3 and result.line_text == "Seat 1: ann ($1.52 in chips)"


def test_duplicates_are_read_once() -> None:
    seen: set[tuple[str, str]] = set()
    first = list(read_text(STARS_HAND, seen=seen))
    again = list(read_text(STARS_HAND + "\n\n" + STARS_HAND, seen=seen))
    assert isinstance(first[0], Imported)
    assert [r.status for r in again] == ["duplicate", "duplicate"]
    assert isinstance(again[0], Refusal) and again[0].to_dict()["status"] == "duplicate"


def test_import_skips_a_file_of_unknown_format_and_goes_on(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from studpoker.cli import app

    odd = tmp_path / "old.txt"
    odd.write_text("***** 888poker Hand History for Game 1 *****\n$0.10/$0.20 Blinds No Limit Holdem\n")
    good = tmp_path / "stars.txt"
    good.write_text(STARS_HAND + "\n\n\n" + STARS_HAND)
    out = tmp_path / "out.phhs"
    result = CliRunner().invoke(app, ["import", str(odd), str(good), "-o", str(out), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["rooms"]["pokerstars"] == {"imported": 1, "replayed": 1, "refused": 0, "duplicate": 1}
    assert data["duplicates"] == 1
    files = {f["file"]: f for f in data["files"]}
    assert files[str(odd)]["status"] == "skipped" and "no " in files[str(odd)]["reason"]
    hands = files[str(good)]["hands"]
    assert [h["status"] for h in hands] == ["imported", "duplicate"]
    assert set(hands[0]) == {"room", "hand", "status", "reason", "line", "line_text", "option"}


def test_bovada_anonymous_seats_streets_from_the_cards_stakes_from_the_betting() -> None:
    results = list(read(DATA / "bovada-stud.txt"))
    assert all(isinstance(r, Imported) for r in results), results
    cash, tour = (r.history for r in results if isinstance(r, Imported))
    assert cash.players == ["Seat+1", "Seat+3", "Seat+5"] and cash.fields["_hero"] == "Seat+3"
    assert (cash.small_bet, cash.big_bet) == (5, 10) and cash.finishing_stacks == [97, 209, 144]
    assert tour.fields["_hero"] == "Seat+4" and "_currency" not in tour.fields
    assert "p1 cbr 40" in tour.actions  # the double bet on the open pair (R2.6)
    assert tour.finishing_stacks == [1355, 1645]


def test_merge_xml_without_a_root_element_seats_and_winners() -> None:
    [result] = list(read(DATA / "merge-hand.xml"))
    assert isinstance(result, Imported), result
    h = result.history
    assert result.room == "merge" and h.players == ["Hero", "ann", "bob"]
    assert h.fields["_hero"] == "Hero" and h.fields["_rake"] == 10
    assert h.actions[3:6] == ["p1 pb", "p2 cbr 50", "p3 cc"]  # Razz: the highest card brings in
    assert h.finishing_stacks == [985, 920, 495]


def test_everleaf_hands_without_a_summary_end_with_the_winnings() -> None:
    first, second = list(read(DATA / "everleaf-stud.txt"))
    assert isinstance(first, Imported) and isinstance(second, Imported), (first, second)
    assert first.history.fields["_currency"] == "EUR" and "_rake" not in first.history.fields
    assert first.history.finishing_stacks == [256, 244]  # the bet nobody called goes back
    assert second.history.actions[4] == "p1 cbr 10"  # a raise written as the chips put in
    assert second.history.finishing_stacks == [241, 259]


def test_ongame_small_and_big_bring_in_and_the_unwritten_uncalled_bet() -> None:
    first, second = list(read(DATA / "ongame-stud.txt"))
    assert isinstance(first, Imported) and isinstance(second, Imported), (first, second)
    assert first.hand_id == "R5-7001-1" and first.history.fields["_hero"] == "Hero"
    assert first.history.actions[2:] == ["p2 pb", "p1 cbr 10", "p2 f"]
    assert second.history.actions[2] == "p2 cbr 10"  # the big bring-in: a completion
    assert second.history.fields["_rake"] == 2 and second.history.finishing_stacks == [638, 215]


def test_partypoker_up_cards_the_file_hides_are_chosen_to_match_the_room() -> None:
    first, second = list(read(DATA / "partypoker-stud.txt"))
    assert isinstance(first, Imported) and isinstance(second, Imported), (first, second)
    h = second.history
    # ann's door is not written: a card is chosen so that she brings in (R2.4), and her later
    # up cards so that Hero's board acts first (R2.6); the history names them
    assert h.actions[2] == "p1 pb" and h.fields["_chosen_cards"] == ["p1 3 2c", "p1 4 3c", "p1 5 4c"]
    assert h.fields["_rake"] == 10 and h.finishing_stacks == [2415, 3177]
    again = phh.read(phh.write(h))[0]
    assert phh.replay_result(again).finishing_stacks == h.finishing_stacks


def test_winamax_the_unwritten_uncalled_bet_counted_in_the_pot() -> None:
    [result] = list(read(DATA / "winamax-stud.txt"))
    assert isinstance(result, Imported), result
    h = result.history
    assert result.hand_id == "9001-1-1709320500" and h.fields["_currency"] == "EUR"
    assert (h.antes, h.bring_in, h.small_bet, h.big_bet) == ([500, 500], 1000, 2500, 5000)
    assert h.actions[2:] == ["p2 pb", "p1 cbr 2500", "p2 f"] and h.finishing_stacks == [176422, 41106]


def test_kingsclub_late_street_titles_and_2_7_razz() -> None:
    stud, deuce = list(read(DATA / "kingsclub-stud.txt"))
    assert isinstance(stud, Imported), stud
    assert stud.history.actions[2:] == ["p1 pb", "p2 cbr 4000", "p1 f"]
    assert stud.history.finishing_stacks == [212630, 250795]
    assert isinstance(deuce, Imported) and deuce.line == 19, deuce  # R10: the engine deals it
    assert deuce.history.variant == "F7S/27" and deuce.history.actions[2:] == ["p1 pb", "p2 cbr 4000", "p1 f"]


def test_kingsclub_2_7_razz_to_the_showdown() -> None:
    """R10: the highest door brings in (Kd), the best deuce-to-seven board acts first, and
    7-5-4-3-2 (no straight) beats 8-6-4-3-2."""
    [result] = list(read(DATA / "kingsclub-deuce-seven.txt"))
    assert isinstance(result, Imported), result
    h = result.history
    assert h.variant == "F7S/27" and h.game().name == "razz27"
    assert h.actions[:5] == ["d dh p1 2d3cKd", "d dh p2 7d5c3h", "p1 pb", "p2 cbr 4000", "p1 cc"]
    assert h.actions[-2:] == ["p2 sm 7d5c3h2s9hJc4d", "p1 sm 2d3cKd4s8c6dTs"]
    assert h.finishing_stacks == [17000, 93000] and h.fields["_rake"] == 200


def test_pokerstars_5_card_stud_streets_from_the_game() -> None:
    """R9: '*** 2nd STREET ***' deals one down and one up, three up cards follow; an open
    pair on third street allows the big bet (R9.2); the rake is kept as a field."""
    first, second = list(read(DATA / "pokerstars-five-stud.txt"))
    assert isinstance(first, Imported) and isinstance(second, Imported), (first, second)
    h = first.history
    assert h.variant == "F5S" and h.game().name == "five_stud" and h.fields["_hero"] == "Hero"
    assert h.actions[:4] == ["d dh p1 AsKd", "d dh p2 9sQh", "d dh p3 ??3c", "p3 pb"]
    assert [a for a in h.actions if a.startswith("d dh p1")] == [
        "d dh p1 AsKd", "d dh p1 7s", "d dh p1 2h", "d dh p1 Kc"]
    assert h.actions[-2:] == ["p1 sm AsKd7s2hKc", "p2 sm"] and h.finishing_stacks == [549, 508, 313]
    g = second.history
    assert g.actions == ["d dh p1 ??8h", "d dh p2 Jd4c", "p2 pb", "p1 cc", "d dh p1 8c", "d dh p2 Ts",
                         "p1 cbr 20", "p2 f"]
    assert g.finishing_stacks == [550, 501]


def test_full_tilt_5_card_stud_from_2nd_street() -> None:
    """R9 at Full Tilt: '*** 2ND STREET ***' deals the hero '[Ad] [6s]', the lowest door
    brings in (R2.4), the open pair of sixes acts first on 3rd street (R9.2)."""
    [result] = list(read(DATA / "fulltilt-five-stud.txt"))
    assert isinstance(result, Imported), result
    h = result.history
    assert h.variant == "F5S" and h.fields["_hero"] == "Hero"
    assert h.actions[:5] == ["d dh p1 ??Jc", "d dh p2 Ad6s", "d dh p3 ??Th", "p2 pb", "p3 cc"]
    assert h.actions[8:13] == ["d dh p1 Qd", "d dh p2 6d", "p2 cbr 50", "p1 cbr 100", "p2 cc"]
    assert h.actions[-2:] == ["p2 sm Ad6s6d3c9h", "p1 sm"] and h.finishing_stacks == [1640, 2235, 940]


def test_a_street_the_game_does_not_have_is_refused() -> None:
    """A seven-card street title in a Five Card Stud hand, and five-card stud's first street
    title in a seven-card hand, are refused naming the line."""
    text = (DATA / "pokerstars-five-stud.txt").read_text().split("\n\n\n\n")[1]
    river = text.replace("Hero: folds", "Hero: calls $0.20\n*** 4th STREET ***\n*** 5th STREET ***\n"
                         "*** 6th STREET ***")
    result = _one(river)
    assert isinstance(result, Refusal) and "the game deals 4 streets" in result.reason, result
    second = STARS_HAND.replace("*** 3rd STREET ***", "*** 2nd STREET ***")
    result = _one(second)
    assert isinstance(result, Refusal) and "unknown street '2nd STREET'" in result.reason, result


def test_older_winning_format_a_card_a_line_in_utf16() -> None:
    [result] = list(read(DATA / "winning-stud.txt"))
    assert isinstance(result, Imported), result
    h = result.history
    assert result.room == "winning" and result.hand_id == "9001" and h.fields["_hero"] == "Hero"
    assert h.actions == ["d dh p1 5dAhJh", "d dh p2 ????2d", "p2 pb", "p1 cbr 100", "p2 f"]
    assert h.finishing_stacks == [1055, 4945]


_FIXTURES = {
    "pokerstars": "pokerstars-stud.txt", "fulltilt": "fulltilt-stud.txt", "acr": "acr-stud.txt",
    "winning": "winning-stud.txt", "partypoker": "partypoker-stud.txt", "winamax": "winamax-stud.txt",
    "bovada": "bovada-stud.txt", "everleaf": "everleaf-stud.txt", "ongame": "ongame-stud.txt",
    "kingsclub": "kingsclub-stud.txt",
}


def _first_hand(room: str) -> list[str]:
    raw = (DATA / _FIXTURES[room]).read_bytes()
    text = raw.decode("utf-16") if raw[:2] == b"\xff\xfe" else raw.decode("utf-8")
    lines = text.splitlines()
    start = next(k for k, line in enumerate(lines) if ROOMS[room].is_header(line))
    return lines[start:start + 12]


@pytest.mark.parametrize("room", sorted(_FIXTURES))
def test_every_room_reads_adversarial_lines_in_one_pass(room: str) -> None:
    """A 150 KB run of digits in a line, and 1 MB of one line repeated, in each room's hand:
    the hand is refused (a line past 1,000 characters, a hand past 5,000 lines, or the first
    line that makes no sense), never read by backtracking patterns."""
    assert set(_FIXTURES) == {name for name, g in ROOMS.items() if g.rules}
    hand = _first_hand(room)
    digits = "9" * 150_000
    for evil in ([*hand[:4], hand[4] + digits, *hand[5:]],
                 hand[:1] + [hand[3]] * (1_000_000 // max(1, len(hand[3]))),
                 hand[:1] + [(hand[5] + " ") * 60] * 20_000):
        results = list(read_text("\n".join(evil)))
        assert len(results) == 1 and isinstance(results[0], Refusal), (room, results[:1])
    long_header = hand[0][:12] + digits + "\n" + "\n".join(hand[1:])
    try:  # a header that long: no header (the file has no hand), or a hand refused
        results = list(read_text(long_header))
    except HistoryError:
        results = []
    assert all(isinstance(r, Refusal) for r in results) and len(results) <= 1


@pytest.mark.parametrize("head", ['<?xml version="1.0"?>\n<session>',
                                  '<description type="Razz" stakes="Limit $0.50/$1"/>\n<game id="1-1">'])
def test_xml_rooms_bound_the_depth(head: str) -> None:
    results = list(read_text(head + "<a>" * 100_000 + "</a>" * 100_000))
    assert len(results) == 1 and isinstance(results[0], Refusal)
    assert "nested deeper than 16" in results[0].reason
