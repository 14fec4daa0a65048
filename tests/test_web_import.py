"""The browser's "Your hands" accepts a room's text hand history (issue 25): the server imports
the upload with studpoker.history (size-limited, errors for the user) and the replayer steps
through an imported hand. The API with a real server in a thread; then Debian's Chromium
driven by Playwright uploads a file and replays a hand (tests/_browser.py: never skipped)."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from _browser import ARGS, CHROMIUM, require_chromium
from _server_support import ServerThread
from studpoker import phh
from studpoker.history import Imported, read
from studpoker.server.imports import MAX_IMPORT_BYTES

DATA = Path(__file__).parent / "data" / "history"
STARS = DATA / "pokerstars-stud.txt"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("import") / "w.db"
    with ServerThread(f"sqlite:///{db}") as srv:
        yield srv.url


def test_upload_imports_with_the_same_code_as_the_command_line(server: str) -> None:
    raw = (DATA / "fulltilt-stud.txt").read_bytes() + STARS.read_bytes()  # UTF-16, then UTF-8
    r = httpx.post(f"{server}/api/import", content=STARS.read_bytes(), timeout=60)
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["rooms"] == {"pokerstars": {"imported": 4, "replayed": 4, "refused": 0, "duplicate": 0}}
    expected = [x.history for x in read(STARS) if isinstance(x, Imported)]
    assert [phh.read_one(x["phh"]) for x in data["hands"]] == expected
    first = data["hands"][0]
    assert (first["room"], first["hand"], first["table"], first["game"]) == \
        ("pokerstars", "24000001", "Alcyone", "stud")
    assert first["hero"] == "Hero" and first["payoff"] == 67 - 160
    r = httpx.post(f"{server}/api/import?room=pokerstars", content=raw[:0] + STARS.read_bytes(),
                   timeout=60)
    assert r.status_code == 200


def test_upload_reports_refusals_and_errors(server: str) -> None:
    r = httpx.post(f"{server}/api/import", content=(DATA / "pokerstars-disagreements.txt").read_bytes(),
                   timeout=60)
    data = r.json()
    assert data["replayed"] == 0 and data["refused"] == 2 and data["hands"] == []
    assert "(R2.4, bring-in)" in data["refusals"][0]["reason"] and data["refusals"][0]["line"] == 13
    assert data["refusals"][1]["cut_off"] is True
    bad = httpx.post(f"{server}/api/import", content=b"hello, this is not a hand history\n")
    assert bad.status_code == 400 and "no PokerStars, Full Tilt Poker, " in bad.json()["detail"]
    assert "hands found" in bad.json()["detail"]
    wrong = httpx.post(f"{server}/api/import?room=fulltilt", content=STARS.read_bytes())
    assert wrong.status_code == 400 and "use --from pokerstars" in wrong.json()["detail"]
    unknown = httpx.post(f"{server}/api/import?room=pacific", content=STARS.read_bytes())
    assert unknown.status_code == 400 and "unknown room" in unknown.json()["detail"]
    assert httpx.post(f"{server}/api/import", content=b"  \n").status_code == 400


def test_upload_is_size_limited(server: str) -> None:
    big = b"x" * (MAX_IMPORT_BYTES + 1)
    r = httpx.post(f"{server}/api/import", content=big, timeout=60)
    assert r.status_code == 413 and "studpoker import" in r.json()["detail"]

    def chunks() -> Iterator[bytes]:  # no length announced: the stream is cut at the limit
        stream = io.BytesIO(big)
        while chunk := stream.read(65536):
            yield chunk

    r = httpx.post(f"{server}/api/import", content=chunks(), timeout=60)
    assert r.status_code == 413


def test_replay_of_an_imported_hand_as_the_hero_saw_it(server: str) -> None:
    hands = httpx.post(f"{server}/api/import", content=STARS.read_bytes(), timeout=60).json()["hands"]
    r = httpx.post(f"{server}/api/import/replay", json={"phh": hands[0]["phh"]}, timeout=60)
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["names"][data["you"]] == "Hero" and data["room"] == "pokerstars"
    assert data["number"] == 24000001 and data["game_info"]["game"] == "stud"
    first = data["steps"][0]["view"]["players"]
    hero = first[data["you"]]
    assert (hero["down"], hero["up"]) == (["4s", "Qc"], ["2d"])
    others = [p for i, p in enumerate(first) if i != data["you"]]
    assert all(p["down"] == [None, None] for p in others)  # their down cards are hidden
    assert data["steps"][-1]["view"]["phase"] == "over"
    assert sum(data["payoffs"]) == 0
    bad = httpx.post(f"{server}/api/import/replay", json={"phh": "variant = 'F7S'\n"})
    assert bad.status_code == 400 and "does not replay" in bad.json()["detail"]


# --------------------------------------------------------------------------- in a browser


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    require_chromium()
    from playwright import sync_api

    pw = sync_api.sync_playwright().start()
    b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, chromium_sandbox=False)
    try:
        yield b
    finally:
        b.close()
        pw.stop()


def test_browser_uploads_a_file_and_replays_a_hand(server: str, browser: Any, tmp_path: Path) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 820})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(server + "/")
        page.click("#btn-guest")
        page.wait_for_selector("#lobby-table")
        page.goto(server + "/#/hands")
        page.wait_for_selector("#import-panel")
        # a file that is not a hand history: the reason is shown
        junk = tmp_path / "notes.txt"
        junk.write_text("my notes of the night\n")
        page.set_input_files("#import-file", str(junk))
        page.click("#import-submit")
        page.wait_for_selector("[data-testid=import-error]")
        status = page.inner_text("#import-status")
        assert "no PokerStars, Full Tilt Poker, " in status and "hands found" in status
        # the PokerStars file (UTF-8) and the Full Tilt one (UTF-16)
        page.set_input_files("#import-file", str(DATA / "fulltilt-stud.txt"))
        page.click("#import-submit")
        page.wait_for_selector("[data-testid=import-summary]")
        assert page.inner_text("[data-testid=import-summary]") == \
            "fulltilt: 3 imported, 3 replayed, 0 refused"
        page.set_input_files("#import-file", str(DATA / "pokerstars-disagreements.txt"))
        page.click("#import-submit")
        page.locator("[data-testid=import-refusals]").wait_for()  # (the page's CSP allows no eval)
        assert "(R2.4, bring-in)" in page.inner_text("[data-testid=import-refusals]")
        page.set_input_files("#import-file", str(STARS))
        page.click("#import-submit")
        page.locator("[data-testid=import-summary]", has_text="pokerstars: 4 imported").wait_for()
        assert page.locator("[data-testid=import-replay]").count() == 4
        page.locator("[data-testid=import-replay]").first.click()
        page.wait_for_selector("[data-testid=step-label]")
        page.locator("#replay-sub", has_text="imported from pokerstars").wait_for()
        assert page.inner_text("#replay-title") == "Alcyone · hand #24000001"
        label = page.inner_text("[data-testid=step-label]")
        assert label.startswith("Step 1 of ")
        total = int(label.split(" of ")[1].split(" ")[0])
        page.click("#next-step")
        assert page.inner_text("[data-testid=step-label]").startswith("Step 2 of ")
        page.click("#last-step")
        assert page.inner_text("[data-testid=step-label]").startswith(f"Step {total} of {total}")
        assert "Hand over" in page.inner_text("[data-testid=step-label]")
        # the hero's own down cards are on the felt; back to the list keeps the import
        assert page.locator("img[src^='/svg/card/4s.svg']").count() == 1
        assert page.locator("img[src^='/svg/card/Qc.svg']").count() == 1
        page.click("#nav-hands")
        page.wait_for_selector("[data-testid=import-summary]")
        assert page.locator("[data-testid=import-replay]").count() == 4
        assert not errors, errors
    finally:
        context.close()


def test_browser_report_of_imported_hands_filters_and_replays(server: str, browser: Any,
                                                             tmp_path: Path) -> None:
    """"Your hands" shows the report (docs/stats.md) of the imported hands: its table, the
    results picture, the filters, and a biggest win one click from its replay."""
    upload = tmp_path / "stud-and-razz.txt"
    upload.write_bytes(STARS.read_bytes() + b"\n\n" + (DATA / "pokerstars-razz.txt").read_bytes())
    expected = [x.history for x in read(upload) if isinstance(x, Imported)]
    nets = {"stud": 0, "razz": 0}
    for h in expected:
        hero = str(h.fields["_hero"])
        p = (h.players or []).index(hero)
        assert h.finishing_stacks is not None
        nets[phh.VARIANT_GAMES[h.variant]] += h.finishing_stacks[p] - h.starting_stacks[p]
    assert len(expected) == 6
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(server + "/")
        page.click("#btn-guest")
        page.wait_for_selector("#lobby-table")
        page.goto(server + "/#/hands")
        page.locator("[data-testid=report-empty]").wait_for()  # a new guest: no hands yet
        page.set_input_files("#import-file", str(upload))
        page.click("#import-submit")
        page.locator("[data-testid=import-summary]", has_text="pokerstars: 6 imported").wait_for()
        total = nets["stud"] + nets["razz"]
        page.locator("[data-testid=report-status]",
                     has_text=f"6 hands, {'+' if total > 0 else ''}{total} chips").wait_for()
        rows = page.locator("[data-testid=report-table] tbody tr:not(.total)")
        assert rows.count() == 2  # stud and razz at pokerstars (then the totals)
        assert page.locator("[data-testid=report-table] tbody tr.total").count() == 3
        assert page.locator("[data-testid=report-graph]").get_attribute("src", timeout=30_000) \
            .startswith("data:image/png;base64,")  # type: ignore[union-attr]
        page.locator("[data-testid=report-biggest-loss]").first.wait_for()
        # the filters: one game, a room, a day that leaves nothing, a table
        page.select_option("[data-testid=report-filter-game]", "razz")
        page.locator("[data-testid=report-status]", has_text="2 hands").wait_for()
        assert rows.count() == 1 and "Razz" in rows.first.inner_text()
        page.select_option("[data-testid=report-filter-room]", "pokerstars")
        page.fill("[data-testid=report-filter-date]", "2030-01-01")
        page.locator("[data-testid=report-empty]").wait_for()
        page.fill("[data-testid=report-filter-date]", "")
        page.locator("[data-testid=report-status]", has_text="2 hands").wait_for()
        tables = page.locator("[data-testid=report-filter-table] option")
        assert tables.count() >= 2
        # the biggest win, one click from its replay
        win = page.locator("[data-testid=report-biggest-win]")
        assert win.count() == 1 and win.inner_text().startswith("+284 ")
        win.click()
        page.wait_for_selector("[data-testid=step-label]")
        page.locator("#replay-sub", has_text="imported from pokerstars").wait_for()
        assert "26000001" in page.inner_text("#replay-title")
        assert errors == []
    finally:
        context.close()
