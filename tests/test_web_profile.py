"""The statistics pages in a real browser: a player's profile (statistics by game, the chart
of chips over hands, "download all my hands") and the leaderboard.

Needs ``/usr/bin/chromium``: without it the test fails and names the command (tests/_browser.py).
``STUDPOKER_SCREENSHOTS=1`` also writes ``docs/images/profile.png``.
"""

from __future__ import annotations

import asyncio
import os
import shutil
from pathlib import Path
from typing import Any

from _browser import ARGS, CHROMIUM, DOCS_IMAGES, require_chromium
from _server_support import FAST, STUD, WALL, ServerThread, guest, hands_dealt_into, run, table_config
from studpoker.bots import make_bot
from studpoker.server.client import play_bot

require_chromium()
from playwright import sync_api  # noqa: E402 - after the check that names the fix


async def _play_both_games(url: str) -> tuple[list[Any], int]:
    clients = [await guest(url) for _ in range(3)]
    table_ids = []
    for game, hands in ((STUD, 8), (WALL, 5)):
        info = await clients[0].create_table(table_config(game))
        table_ids.append(info["id"])
        bots = [make_bot(name, seed=i) for i, name in enumerate(("rule", "station", "random"))]
        await asyncio.gather(*(play_bot(c, info["id"], b, buy_in=300, seat=i, hands=hands)
                               for i, (c, b) in enumerate(zip(clients, bots, strict=True))))
    return clients, table_ids[0]


def test_profile_and_leaderboard_pages(tmp_path: Path) -> None:
    with ServerThread(f"sqlite:///{tmp_path / 'p.db'}", FAST) as srv:
        clients, stud_table = run(_play_both_games(srv.url))
        me = clients[0]
        name = me.user["name"]
        with sync_api.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, chromium_sandbox=False)
            page = browser.new_page(viewport={"width": 1100, "height": 900})
            page.add_init_script(f"localStorage.setItem('studpoker.token', {me.token!r});")
            page.goto(f"{srv.url}/profile.html?name={name}")
            page.wait_for_selector("[data-testid=profile]")
            rows = page.locator("[data-testid=stats-row]")
            assert rows.count() == 2
            assert {rows.nth(i).get_attribute("data-game") for i in range(2)} == {"stud", "wallstreet"}
            text = page.locator("[data-testid=profile]").inner_text()
            for label in ("VPIP", "Went to showdown", "Aggression factor", "Market buys",
                          "Chips per 100 hands"):
                assert label in text
            assert page.locator("[data-testid=chips-chart] polyline").count() == 2
            with page.expect_download() as download:
                page.locator("[data-testid=download-hands]").click()
            saved = tmp_path / "mine.phhs"
            download.value.save_as(saved)
            dealt = len(hands_dealt_into(me))  # every hand it was dealt into
            assert dealt >= 10 and saved.read_text().count("variant = ") >= dealt
            shot = tmp_path / "profile.png"
            page.screenshot(path=str(shot), full_page=True)
            if os.environ.get("STUDPOKER_SCREENSHOTS"):
                DOCS_IMAGES.mkdir(parents=True, exist_ok=True)
                shutil.copy(shot, DOCS_IMAGES / "profile.png")
            page.goto(f"{srv.url}/leaderboard.html?game=wallstreet")
            page.wait_for_selector("[data-testid=leaderboard]")
            board = page.locator("[data-testid=leaderboard]").inner_text()
            assert all(c.user["name"] in board for c in clients)
            anonymous = browser.new_page()
            anonymous.goto(f"{srv.url}/profile.html?name={name}")
            anonymous.wait_for_selector("[data-testid=profile]")
            assert anonymous.locator("[data-testid=download-hands]").count() == 0
            # the statistics popup on a seat at the table
            page.goto(f"{srv.url}/#/table/{stud_table}")
            plate = page.locator(f".seat[data-name='{name}'] .nm")
            plate.wait_for()
            plate.click()
            popup = page.locator("[data-testid=seat-stats]")
            popup.wait_for()
            page.wait_for_function(
                "() => document.querySelector('[data-testid=seat-stats]').innerText.includes('VPIP')")
            text = popup.inner_text()
            assert name in text and "hands" in text and "AF" in text and "Wall Street" in text
            page.keyboard.press("Escape")
            assert popup.count() == 0
            browser.close()
