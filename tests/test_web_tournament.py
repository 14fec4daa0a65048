"""Tournaments in the browser: the lobby lists a sit-and-go with register/unregister buttons, the
creator fills it with bots, and the tournament table shows the level, the next level and the
places, then the player plays a hand by clicking. Debian's Chromium driven by Playwright.

``STUDPOKER_SCREENSHOTS=1`` also writes ``docs/images/tournament-lobby.png`` and
``docs/images/tournament-table.png``.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from _server_support import ServerThread, audit_ok
from studpoker.server import Settings

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"]
DOCS_IMAGES = Path(__file__).resolve().parent.parent / "docs" / "images"

if not os.path.exists(CHROMIUM):
    if os.environ.get("CI"):
        raise RuntimeError(f"{CHROMIUM} is missing: .ci/run installs it (apt-get install chromium)")
    pytest.skip(f"no {CHROMIUM}: apt-get install chromium", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")

SETTINGS = Settings(hand_delay=0.5, start_delay=0.2, bot_delay=0.05, rate_per_second=10_000, rate_burst=10_000)


def _shot(page: Any, name: str, tmp: Path) -> None:
    path = tmp / name
    page.screenshot(path=str(path))
    if os.environ.get("STUDPOKER_SCREENSHOTS"):
        DOCS_IMAGES.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, DOCS_IMAGES / name)


def test_tournament_in_the_lobby_and_at_the_table(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'web.db'}"
    with ServerThread(db, SETTINGS) as server, httpx.Client(base_url=server.url, timeout=30) as http:
        owner = http.post("/api/guest").json()
        auth = {"Authorization": f"Bearer {owner['token']}"}
        body = {"name": "Friday sit-and-go", "game": {"game": "stud"}, "players": 6, "buy_in": 100,
                "starting_stack": 300, "bots_fill": True, "bots": ["rule", "equity"], "action_time": 60,
                "schedule": {"hands_per_level": 3, "levels": [
                    {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10},
                    {"ante": 2, "bring_in": 5, "small_bet": 10, "big_bet": 20}]}}
        t = http.post("/api/tournaments", json=body, headers=auth).json()
        pw = sync_api.sync_playwright().start()
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, chromium_sandbox=False)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 860})
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(server.url + "/")
            page.click("#btn-guest")
            page.wait_for_selector("#lobby-table")
            row = page.locator(f"[data-testid='tournament-row'][data-tournament-id='{t['id']}']")
            row.wait_for()
            assert "0/6" in row.inner_text() and "registering" in row.inner_text()
            row.locator("[data-testid='tournament-register']").click()
            row.locator("[data-testid='tournament-unregister']").wait_for()
            assert "1/6" in row.inner_text()
            row.locator("[data-testid='tournament-unregister']").click()
            row.locator("[data-testid='tournament-register']").wait_for()
            row.locator("[data-testid='tournament-register']").click()
            row.locator("[data-testid='tournament-unregister']").wait_for()
            # a tournament created from the lobby's form (Wall Street, 4 places, 3 hands per level)
            page.click(".create-tournament summary")
            form = page.locator("[data-testid='tournament-create']")
            form.locator("input[name='t_name']").fill("Night Wall Street")
            form.locator("select[name='t_game']").select_option("wallstreet")
            form.locator("input[name='t_players']").fill("4")
            form.locator("input[name='t_hands_per_level']").fill("3")
            form.locator("[data-testid='tournament-create-submit']").click()
            page.locator("[data-testid='tournament-row']", has_text="Night Wall Street").wait_for()
            created = next(x for x in http.get("/api/tournaments").json() if x["name"] == "Night Wall Street")
            assert created["players"] == 4 and created["game"] == "wallstreet"
            assert created["schedule"]["hands_per_level"] == 3 and created["bots_fill"]
            page.click(".create-tournament summary")
            _shot(page, "tournament-lobby.png", tmp_path)
            # the creator fills the other places with bots: it starts, the player is moved to the table
            assert http.post(f"/api/tournaments/{t['id']}/fill", headers=auth).status_code == 200
            page.wait_for_selector("[data-testid='tournament-status']", timeout=30000)
            panel = page.locator("[data-testid='tournament-status']")
            assert "Level 1" in panel.inner_text()
            assert "Next: level 2 (ante 2, bring-in 5, 10/20)" in panel.inner_text()
            assert "6 of 6 players left" in panel.inner_text()
            assert page.locator("#btn-leave").count() == 0 and page.locator(".sit-btn").count() == 0
            # play by clicking: check or call when possible, else the first button
            shot = False
            clicks = 0
            deadline = time.time() + 90
            while time.time() < deadline:
                buttons = page.locator("button.act")
                if buttons.count():
                    if not shot and page.locator(".felt-wrap").count():
                        page.wait_for_timeout(1200)  # the deal's animation is over
                        _shot(page, "tournament-table.png", tmp_path)
                        shot = True
                    kinds = [buttons.nth(i).get_attribute("data-kind") for i in range(buttons.count())]
                    pick = next((k for k in ("check", "call", "bring_in", "show") if k in kinds), kinds[0])
                    buttons.nth(kinds.index(pick)).click()
                    clicks += 1
                status = http.get(f"/api/tournaments/{t['id']}").json()
                if status["status"] == "over" or (shot and clicks >= 4):
                    break
                page.wait_for_timeout(150)
            assert shot, "the player never had a decision"
            assert not errors, errors
        finally:
            browser.close()
            pw.stop()
    assert audit_ok(db) == []
