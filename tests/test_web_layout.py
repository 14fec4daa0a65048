"""The browser table's layout, measured in Chromium: for 2, 5, 7, 8 and 10 seats (Five Card Stud), through a whole hand
to the showdown, at 1280x800, 1024x768 and 390x844, no seat's plate, cards or badges overlap another
seat's, the market or the pot, and nothing scrolls sideways. Bots (calling stations) fill the table
around one player who calls down by clicking. ``STUDPOKER_SCREENSHOTS=1`` writes the gallery in
docs/images (desktop and phone, both games, the showdown).

Needs Debian's Chromium at /usr/bin/chromium: ``make test`` installs it (see tests/_browser.py).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from _browser import ARGS, CHROMIUM, keep_screenshot, require_chromium
from _server_support import STUD, WALL, ServerThread, guest, run, table_config
from studpoker.server import Settings

require_chromium()
from playwright.sync_api import sync_playwright  # noqa: E402 - after the check that names the fix

pytestmark = pytest.mark.slow

SIZES = {"desktop": (1280, 800), "laptop": (1024, 768), "phone": (390, 844)}
SETTINGS = Settings(hand_delay=4, start_delay=0.3, bot_delay=0.05, rate_per_second=10_000, rate_burst=10_000)
PREFER = ("check", "call", "bring_in", "take_card", "show")
FIVE = {**STUD, "game": "five_stud"}  # ten seats: the felt's largest layout

# every element of each seat, the market and the pot, as rectangles; then every overlap between two
# different seats, or between a seat and the market or the pot
MEASURE = """() => {
  const visible = (e) => { const s = getComputedStyle(e); return s.visibility !== 'hidden' && s.display !== 'none'; };
  const rects = (root) => [root, ...root.querySelectorAll('*')].filter(visible).map((e) => {
    const r = e.getBoundingClientRect();
    return {what: e.className || e.tagName, l: r.left, t: r.top, r: r.right, b: r.bottom};
  }).filter((r) => r.r - r.l > 0.5 && r.b - r.t > 0.5);
  const seats = [...document.querySelectorAll('.felt-wrap > [data-seat]')].map((s) => ({seat: s.dataset.seat, rects: rects(s)}));
  const fixed = [];
  for (const id of ['market', 'pot']) {
    const e = document.querySelector(`[data-testid="${id}"]`);
    if (e) fixed.push({seat: id, rects: rects(e)});
  }
  const hit = (a, b) => Math.min(a.r, b.r) - Math.max(a.l, b.l) > 0.5 && Math.min(a.b, b.b) - Math.max(a.t, b.t) > 0.5;
  const out = [];
  const groups = seats.concat(fixed);
  for (let i = 0; i < seats.length; i++) {
    for (let j = i + 1; j < groups.length; j++) {
      for (const a of groups[i].rects) for (const b of groups[j].rects) {
        if (hit(a, b)) out.push(`seat ${groups[i].seat} ${a.what} overlaps ${groups[j].seat} ${b.what}`);
      }
    }
  }
  // a Buy button's key badge inside its own button (never cut by the next slot's)
  for (const b of document.querySelectorAll('.market button.buy')) {
    const k = b.querySelector('kbd');
    if (!k || !visible(k)) continue;
    const kr = k.getBoundingClientRect(), br = b.getBoundingClientRect();
    if (kr.left < br.left - 0.5 || kr.right > br.right + 0.5 || kr.width < 1) out.push(`the key badge of ${b.dataset.slot} is cut`);
  }
  const wide = document.documentElement.scrollWidth - window.innerWidth;
  if (wide > 1) out.push(`the page scrolls sideways by ${wide}px`);
  const felt = document.querySelector('.felt-wrap');
  const m = document.querySelector('[data-testid="market"]');
  const market = m ? `${Math.round(m.getBoundingClientRect().width)}x${Math.round(m.getBoundingClientRect().height)}` : '';
  return {overlaps: out.slice(0, 5), seats: seats.length, phase: felt ? felt.dataset.phase : '', market,
          cards: Math.max(0, ...seats.map((s) => s.rects.filter((r) => String(r.what).startsWith('card')).length))};
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    db = f"sqlite:///{tmp_path_factory.mktemp('layout') / 'layout.db'}"
    with ServerThread(db, SETTINGS) as srv:
        yield srv


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    pw = sync_playwright().start()
    b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, chromium_sandbox=False)
    try:
        yield b
    finally:
        b.close()
        pw.stop()


def in_thread(coro_fn: Any) -> Any:
    """Run a coroutine in another thread (Playwright's sync API holds this thread's event loop)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: run(coro_fn())).result()


def new_table(url: str, game: dict[str, Any], seats: int, name: str, *, action_time: int = 60,
              time_bank: int = 0) -> tuple[int, str]:
    """A new table and its owner's token (a guest account)."""

    async def make() -> tuple[int, str]:
        owner = await guest(url, record=False)
        info = await owner.create_table(table_config(game, name=name, seats=seats, action_time=action_time,
                                                     time_bank=time_bank))
        await owner.close()
        return int(info["id"]), str(owner.token)

    return tuple(in_thread(make))  # type: ignore[return-value]


def add_bots(url: str, token: str, table_id: int, seats: list[int]) -> None:
    """Calling-station bots in these seats."""
    from studpoker.server.client import Client

    async def add() -> None:
        owner = Client(url, token=token)
        await owner.connect()
        for seat in seats:
            await owner.request({"type": "add_bot", "table": table_id, "bot": "station", "seat": seat,
                                 "buy_in": 500})
        await owner.close()

    in_thread(add)


def pause(url: str, token: str, table_id: int) -> None:
    """The host pauses the table: the hand in play is finished, no new one is dealt (so that a test
    reads the end of a hand as it stays, however slow the machine)."""
    from studpoker.server.client import Client

    async def go() -> None:
        owner = Client(url, token=token)
        await owner.connect()
        await owner.request({"type": "pause", "table": table_id})
        await owner.close()

    in_thread(go)


def act(page: Any) -> str | None:
    try:
        kinds = page.locator("button.act:not([disabled])").evaluate_all("els => els.map(e => e.dataset.kind)")
    except Exception:  # the page re-rendered in between
        return None
    if not kinds:
        return None
    kind = next((k for k in PREFER if k in kinds), kinds[-1])
    try:
        page.locator(f"button.act[data-kind='{kind}']:not([disabled])").first.click(timeout=2000)
    except Exception:
        return None
    return kind


markets: dict[str, set[str]] = {}


def measure_everywhere(page: Any, seen: dict[str, set[str]], shots: dict[str, str] | None = None) -> None:
    for label, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        m = page.evaluate(MEASURE)
        assert not m["overlaps"], f"{label} {w}x{h}, phase {m['phase']}: {m['overlaps']}"
        seen.setdefault(label, set()).add(m["phase"])
        if m["market"]:  # the market keeps its size whether or not its buy buttons show
            markets.setdefault(label, set()).add(m["market"])
        if shots is not None and label in shots:
            page.wait_for_function("() => !document.querySelector('.flying-chip')")
            page.screenshot(path=shots[label], full_page=True)


@pytest.mark.parametrize(("seats", "game"), [(2, STUD), (5, WALL), (7, WALL), (8, STUD), (10, FIVE)],
                         ids=["2-stud", "5-wallstreet", "7-wallstreet", "8-stud", "10-five_stud"])
def test_no_overlap_through_a_hand(server: ServerThread, browser: Any, seats: int, game: dict[str, Any],
                                   tmp_path: Path) -> None:
    markets.clear()
    table_id, owner = new_table(server.url, game, seats, f"{seats} seats")
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server.url + "/")
    page.click("#btn-guest")
    page.wait_for_selector("#lobby-table")
    page.goto(f"{server.url}/#/table/{table_id}")
    page.locator(".sit-btn[data-seat='0']").click()
    page.click("#sit-confirm")
    page.wait_for_selector(".seat.you")
    add_bots(server.url, owner, table_id, list(range(1, seats)))
    # the first hand dealt to every seat (a hand may start before the last bot sits down)
    deadline = time.time() + 180
    number = 0
    while not number:
        assert time.time() < deadline, "no hand with every seat dealt in"
        number = page.evaluate(f"""() => {{
          const f = document.querySelector('.felt-wrap');
          const dealt = [...document.querySelectorAll('.felt-wrap [data-seat] .cards')].filter((c) => c.children.length);
          return f && f.dataset.phase !== 'over' && dealt.length === {seats} ? Number(f.dataset.hand) : 0; }}""")
        if not number:
            act(page)  # a hand begun before the last bot sat down waits for us: play it out
        time.sleep(0.05)
    pause(server.url, owner, table_id)  # this hand is the last: its end stays on the felt until measured
    seen: dict[str, set[str]] = {}
    streets: set[str] = set()
    deadline = time.time() + 300
    turn_shots: list[Path] = []
    while not page.locator(f".summary[data-hand='{number}']").count():
        assert time.time() < deadline, f"hand 1 did not finish; saw {streets}"
        streets.add(page.locator(".center .street").first.inner_text())
        measure_everywhere(page, seen)
        if seats == 7 and not turn_shots and page.locator(".market button.buy").count() and len(streets) > 1:
            for label in ("desktop", "phone"):  # a card round: the market's buy buttons, your turn
                page.set_viewport_size(dict(zip(("width", "height"), SIZES[label], strict=True)))
                page.evaluate("() => document.querySelector('.seat.you').scrollIntoView({block: 'nearest'})")
                turn_shots.append(tmp_path / f"wallstreet-{label}-turn.png")
                page.screenshot(path=str(turn_shots[-1]))
        page.set_viewport_size({"width": 1280, "height": 800})
        act(page)
        time.sleep(0.05)
    # the showdown as drawn at the end of the hand: every hand shown is named, the winning cards lit
    page.wait_for_selector(f".felt-wrap[data-phase='over'][data-hand='{number}']", timeout=120_000)
    page.wait_for_function("() => !document.querySelector('.flying-chip')", timeout=120_000)
    shown = page.evaluate("""() => [...document.querySelectorAll('.felt-wrap .seat:not(.you):not(.folded)')]
      .filter((s) => s.querySelector('.cards img') && !s.querySelector('.cards img[src*="back"]'))
      .map((s) => Boolean(s.querySelector("[data-testid='shown-hand']")))""")
    assert shown and all(shown), "a hand shown down without its name"
    assert page.locator(".card.win").count() >= 5
    assert page.locator("[data-testid='pot']").get_attribute("data-pot") != "0"
    shots = None
    if seats in (7, 8):
        name = "wallstreet" if game["game"] == "wallstreet" else "stud"
        shots = {"desktop": str(tmp_path / f"{name}-desktop.png"), "phone": str(tmp_path / f"{name}-phone.png")}
    measure_everywhere(page, seen, shots)
    assert all("over" in phases for phases in seen.values()), seen
    assert all(len(sizes) == 1 for sizes in markets.values()), markets
    assert {"Third street", "Seventh street"} <= streets or len(streets) >= 4, streets
    for path in [*(Path(p) for p in (shots or {}).values()), *turn_shots]:
        keep_screenshot(path)
    assert not errors, errors
    context.close()


def test_clock_seconds_and_timeouts(server: ServerThread, browser: Any) -> None:
    """The decision clock shows its seconds and the time bank to come; a timeout is labelled in the log."""
    table_id, owner = new_table(server.url, STUD, 2, "clock", action_time=2, time_bank=1)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(server.url + "/")
    page.click("#btn-guest")
    page.wait_for_selector("#lobby-table")
    page.goto(f"{server.url}/#/table/{table_id}")
    page.locator(".sit-btn[data-seat='0']").click()
    page.click("#sit-confirm")
    page.wait_for_selector(".seat.you")
    add_bots(server.url, owner, table_id, [1])
    clock = page.locator(".seat.you [data-testid='clock']")
    clock.wait_for(timeout=30000)
    page.wait_for_function("() => /^\\d+s \\+ bank 1s$/.test("
                           "document.querySelector(\".seat.you [data-testid='clock']\")?.textContent || '')",
                           timeout=5000)
    # nobody clicks: the server acts when the time and the bank have run out (R4.4)
    page.locator(".log li", has_text="(time ran out)").first.wait_for(timeout=60_000)
    context.close()


def test_disconnected_badge(server: ServerThread, browser: Any) -> None:
    """A player whose connection is gone shows as "disconnected" on their seat (the server's
    ``disconnected``), and the badge fits the seat's plate."""

    async def seat_and_leave() -> int:
        owner = await guest(server.url, record=False)
        info = await owner.create_table(table_config(STUD, name="away", seats=4))
        ann = await guest(server.url, record=False)
        await ann.request({"type": "sit", "table": info["id"], "seat": 2, "buy_in": 200, "invite": None})
        await ann.close()
        await owner.close()
        return int(info["id"])

    table_id = in_thread(seat_and_leave)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(server.url + "/")
    page.click("#btn-guest")
    page.wait_for_selector("#lobby-table")
    page.goto(f"{server.url}/#/table/{table_id}")
    badge = page.locator(".seat[data-seat='2'] [data-testid='disconnected']")
    badge.wait_for(timeout=60_000)
    m = page.evaluate(MEASURE)
    assert not m["overlaps"], m["overlaps"]
    context.close()
