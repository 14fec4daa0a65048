"""A Friday night in Chromium (issue 23): every player's action row and cards in view at every size,
your turn shown everywhere (and a replay costs no hand), your seats in the lobby after a closed tab,
guests' nicknames and accounts, Wall Street's showdown without a click, the low draw at every street,
tournament messages, the phone lobby and toolbar, keys and focus, statistics linked from the lobby,
and the whole night: a host's private mixed table, two friends by invite, the game rotating, a tab
closed and the table found again, a pause, a player removed, the ledger, its CSV and the settle-up.

Needs Debian's Chromium at /usr/bin/chromium (tests/_browser.py): these tests fail, never skip,
without it. ``STUDPOKER_SCREENSHOTS=1`` refreshes the night's pictures in docs/images.
"""

from __future__ import annotations

import csv
import io
import json
import re
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from _browser import ARGS, CHROMIUM, keep_screenshot, require_chromium
from _server_support import STUD, WALL, ServerThread, audit_ok, guest, run, table_config
from studpoker import phh
from studpoker.server import Settings

require_chromium()
from playwright.sync_api import sync_playwright  # noqa: E402 - after the check that names the fix

pytestmark = pytest.mark.slow

SETTINGS = Settings(hand_delay=1.0, start_delay=0.3, bot_delay=0.15, rate_per_second=10_000, rate_burst=10_000,
                    guests_per_ip=100_000, sockets_per_ip=100_000, registrations_per_ip=100_000)
SIZES = {"1280x800": (1280, 800), "1366x768": (1366, 768), "1024x700": (1024, 700), "390x844": (390, 844)}
PREFER = ("check", "call", "bring_in", "take_card", "show")

# the action buttons and the player's own cards: inside the window, and no card under the action row
IN_VIEW = """() => {
  const vw = window.innerWidth, vh = window.innerHeight;
  const inside = (r) => r.top >= -0.5 && r.left >= -0.5 && r.bottom <= vh + 0.5 && r.right <= vw + 0.5;
  const boxes = (sel) => [...document.querySelectorAll(sel)].map((e) => e.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0);
  const buttons = boxes('.actions button.act');
  const cards = boxes('.seat.you .cards .card, .seat.you .plate');  // the cards and the plate (name, stack, clock)
  const row = document.querySelector('.actions').getBoundingClientRect();
  const under = cards.filter((c) => Math.min(c.bottom, row.bottom) - Math.max(c.top, row.top) > 0.5
    && Math.min(c.right, row.right) - Math.max(c.left, row.left) > 0.5);
  const out = [...buttons.map((r) => ['button', r]), ...cards.map((r) => ['card', r])].filter(([, r]) => !inside(r))
    .map(([w, r]) => `${w} at y ${Math.round(r.top)}-${Math.round(r.bottom)}, x ${Math.round(r.left)}-${Math.round(r.right)}`);
  return {buttons: buttons.length, cards: cards.length, out, under: under.length, wide: document.documentElement.scrollWidth - vw};
}"""

# at the end of a hand: no badge or action line of a seat covers its lifted winning cards, and no
# owner's remove button covers a dealer button
COVERED = """() => {
  const hit = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
  const out = [];
  for (const seat of document.querySelectorAll('.felt-wrap > .seat')) {
    const lifted = [...seat.querySelectorAll('.cards .card.win')].map((e) => e.getBoundingClientRect());
    const badges = [...seat.querySelectorAll('.seat-line > *')].filter((e) => e.textContent).map((e) => e.getBoundingClientRect());
    for (const c of lifted) for (const b of badges) if (hit(c, b)) out.push(`seat ${seat.dataset.seat}: a badge covers a winning card`);
    const remove = seat.querySelector('.remove-bot');
    const dealer = seat.querySelector('.dealer');
    if (remove && dealer && hit(remove.getBoundingClientRect(), dealer.getBoundingClientRect())) {
      out.push(`seat ${seat.dataset.seat}: the remove button covers the dealer button`);
    }
  }
  return {out, lifted: document.querySelectorAll('.cards .card.win').length,
          removes: document.querySelectorAll('.remove-bot').length};
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    db = f"sqlite:///{tmp_path_factory.mktemp('night') / 'night.db'}"
    with ServerThread(db, SETTINGS) as srv:
        yield srv
    assert audit_ok(db) == []


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


class Friend:
    """One browser context: a page, what it sent and received, what it said and played."""

    def __init__(self, browser: Any, url: str, size: tuple[int, int] = (1280, 800)) -> None:
        phone = size[0] < 600
        options: dict[str, Any] = {"viewport": {"width": size[0], "height": size[1]}}
        if phone:
            options.update(is_mobile=True, has_touch=True, device_scale_factor=2)
        self.context = browser.new_context(accept_downloads=True, **options)
        self.url = url
        self.name = ""
        self.errors: list[str] = []
        self.sent: list[dict[str, Any]] = []
        self.received: list[dict[str, Any]] = []
        self.page = self.open_page()

    def open_page(self) -> Any:
        page = self.context.new_page()
        page.add_init_script("""window.__sounds = [];
          window.addEventListener('studpoker:sound', (e) => window.__sounds.push(e.detail.name));
          window.__said = [];  // everything the page says through its aria-live region
          document.addEventListener('DOMContentLoaded', () => {
            const box = document.getElementById('announce');
            if (box) new MutationObserver(() => { if (box.textContent) window.__said.push(box.textContent); })
              .observe(box, {childList: true, characterData: true, subtree: true});
          });""")
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))

        def frames(ws: Any) -> None:
            ws.on("framesent", lambda p: self.sent.append(json.loads(p)) if isinstance(p, str) else None)
            ws.on("framereceived", lambda p: self.received.append(json.loads(p)) if isinstance(p, str) else None)

        page.on("websocket", frames)
        return page

    def guest(self, nickname: str, at: str = "/") -> None:
        """Open the site as a guest under ``nickname`` (typed in the name field)."""
        self.name = nickname
        self.page.goto(self.url + at)
        if "#/table/" in at:  # a table's link lands on the table: a nickname and Join
            self.page.fill("[data-testid='invite-nickname']", nickname)
            self.page.click("[data-testid='invite-join']")
        else:
            self.page.fill("#login-name", nickname)
            self.page.click("#btn-guest")
        self.page.locator("#who b", has_text=nickname).wait_for()

    def sit(self, seat: int | None = None, buy_in: int | None = None) -> None:
        selector = ".sit-btn" if seat is None else f".sit-btn[data-seat='{seat}']"
        self.page.locator(selector).first.click()
        if buy_in is not None:
            self.page.fill("#buyin", str(buy_in))
        self.page.click("#sit-confirm")

    def seated(self) -> None:
        self.page.wait_for_selector(f".seat.you[data-name='{self.name}']")

    def act(self, prefer: tuple[str, ...] = PREFER) -> str | None:
        """Click one enabled action if it is this player's turn."""
        try:
            kinds = self.page.locator("button.act:not([disabled])").evaluate_all("els => els.map(e => e.dataset.kind)")
        except Exception:  # redrawn meanwhile
            return None
        if not kinds:
            return None
        kind = next((k for k in prefer if k in kinds), kinds[-1])
        try:
            self.page.locator(f"button.act[data-kind='{kind}']:not([disabled])").first.click(timeout=2000)
        except Exception:
            return None
        return kind

    def close(self) -> None:
        assert not self.errors, self.errors
        self.context.close()


def hand_number(page: Any) -> int:
    value = page.get_attribute(".felt-wrap", "data-hand") or "0"
    return int(value) if value else 0


def wait_turn(page: Any, timeout: float = 60) -> None:
    page.wait_for_selector("button.act:not([disabled])", timeout=timeout * 1000)
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def api_table(url: str, game: dict[str, Any], **cfg: Any) -> tuple[int, str, str | None]:
    """A table made over the API by a guest of its own: (id, owner token, invite)."""

    async def make() -> tuple[int, str, str | None]:
        owner = await guest(url, record=False)
        info = await owner.create_table(table_config(game, **cfg))
        await owner.close()
        return int(info["id"]), str(owner.token), info.get("invite_code")

    return tuple(in_thread(make))  # type: ignore[return-value]


def create_in_lobby(page: Any, name: str, game: str, *, private: bool = False, seats: int | None = None,
                    action_time: int = 90, time_bank: int = 0) -> tuple[int, str | None]:
    page.fill("#create-name", name)
    page.select_option("#create-game", game)
    if private:
        page.check("input[name='private']")
    if seats is not None:
        page.fill("input[name='seats']", str(seats))
    page.fill("input[name='action_time']", str(action_time))
    page.fill("input[name='time_bank']", str(time_bank))
    page.click("#create-submit")
    page.wait_for_url("**/#/table/*")
    page.wait_for_selector(".sit-btn")
    tail = page.url.split("#/table/")[1]
    invite = tail.split("invite=")[1] if "invite=" in tail else None
    return int(tail.split("?")[0]), invite


def add_bots(page: Any, count: int) -> None:
    """The host seats calling stations from the host's panel."""
    page.select_option("#bot-kind", "station")
    for i in range(count):
        before = page.locator(".seat .badge:text('bot')").count()
        page.click("#btn-addbot")
        deadline = time.time() + 120
        while page.locator(".seat .badge:text('bot')").count() <= before:
            assert time.time() < deadline, f"bot {i + 1} did not sit down"
            time.sleep(0.05)


def low_ranks(cards: list[str]) -> int:
    return len({c[0] for c in cards if c[0] in "A2345678"})


# ---------------------------------------------------------------------------------- 1. the layout


@pytest.mark.parametrize("size", list(SIZES), ids=list(SIZES))
def test_every_players_action_row_and_cards_are_in_view(server: ServerThread, browser: Any, size: str,
                                                        tmp_path: Path) -> None:
    """Issue 23.1: on every turn, for the owner of a private table (tools and invite link) and for a
    friend there, and for the owner of a public 7-seat Wall Street table, the action buttons and the
    player's own cards are inside the window without any scrolling by the player, and the action
    row covers none of those cards. Along the way: Wall Street never asks for a Show (23.5), the low
    draw is shown on every street (23.6), Buy buttons show price and key, no badge covers a lifted
    winning card and no remove button the dealer button (23.9)."""
    w, h = SIZES[size]
    suffix = uuid.uuid4().hex[:4]
    # a private stud table: its owner and a friend invited
    host = Friend(browser, server.url, (w, h))
    host.guest(f"host{suffix}")
    table_id, invite = create_in_lobby(host.page, f"private {size}", "stud", private=True)
    assert invite and host.page.locator(".invite-link").count() == 1
    host.sit(0, 300)
    host.seated()
    friend = Friend(browser, server.url, (w, h))
    friend.guest(f"pal{suffix}", at=f"/#/table/{table_id}?invite={invite}")
    friend.page.wait_for_selector(".sit-btn")
    friend.sit(3, 300)
    friend.seated()
    problems: list[str] = []
    measured = {host.name: 0, friend.name: 0}
    deadline = time.time() + 240
    while min(measured.values()) < 4:
        assert time.time() < deadline, f"too few turns measured: {measured}"
        for p in (host, friend):
            if not p.page.locator("button.act:not([disabled])").count():
                continue
            wait_turn(p.page)
            m = p.page.evaluate(IN_VIEW)
            if m["buttons"]:
                measured[p.name] += 1
                if m["out"] or m["under"] or m["wide"] > 1 or not m["cards"]:
                    problems.append(f"{p.name} ({'owner' if p is host else 'friend'}) at {size}: {m}")
            p.act()
        time.sleep(0.05)
    assert not problems, problems[:4]
    for p in (host, friend):
        p.page.click("#btn-leave")
        if p.page.locator("#dialog-ok").count():
            p.page.click("#dialog-ok")
    friend.close()

    # a public 7-seat Wall Street table of the same player, filled with calling stations
    host.page.goto(f"{server.url}/#/")
    host.page.wait_for_selector("#create-form")
    wall_id, _ = create_in_lobby(host.page, f"wall {size}", "wallstreet", seats=7)
    host.sit(0, 1000)
    host.seated()
    add_bots(host.page, 6)
    kinds: set[str] = set()
    turns = 0
    low_checked = 0
    covered: list[str] = []
    lifted = 0
    deadline = time.time() + 300
    full = 0
    while turns < 6 or not lifted:
        assert time.time() < deadline, f"turns {turns}, lifted {lifted}"
        if host.page.locator(".felt-wrap[data-phase='over']").count():
            c = host.page.evaluate(COVERED)
            covered += c["out"]
            lifted += c["lifted"]
        if not host.page.locator("button.act:not([disabled])").count():
            time.sleep(0.05)
            continue
        wait_turn(host.page)
        m = host.page.evaluate(IN_VIEW)
        dealt = host.page.evaluate("() => [...document.querySelectorAll('.felt-wrap [data-seat] .cards')]"
                                   ".filter((c) => c.children.length).length")
        if m["buttons"] and dealt == 7:
            full += 1
            turns += 1
            if m["out"] or m["under"] or m["wide"] > 1:
                problems.append(f"owner of the 7-seat table at {size}: {m}")
        kinds.update(host.page.locator("button.act").evaluate_all("els => els.map(e => e.dataset.kind)"))
        buys = host.page.locator(".market button.buy").evaluate_all(
            "els => els.map(e => [e.textContent, e.dataset.slot, e.getAttribute('aria-keyshortcuts')])")
        for text, slot, key in buys:  # "Buy 4" and its key, the slot's number
            assert re.fullmatch(rf"Buy \d+{slot}", text.strip()) and key == slot, (text, slot, key)
        cards = host.page.locator(".seat.you .cards img").evaluate_all(
            "els => els.map(e => (e.getAttribute('src').match(/card\\/(\\w\\w)\\.svg/) || [])[1]).filter(Boolean)")
        strength = host.page.locator("[data-testid='hand-strength']").inner_text()
        if 3 <= len(cards) < 7 and low_ranks(cards) >= 3:  # 23.6: a low draw is there to be shown
            low_checked += 1
            assert "Low:" in strength, (cards, strength)
        host.act(("check", "call", "take_card"))
        time.sleep(0.05)
    assert not problems, problems[:4]
    assert not covered, covered[:4]
    assert "show" not in kinds and "muck" not in kinds, kinds  # 23.5: the server shows
    assert full >= 6
    deadline = time.time() + 120
    while not host.page.locator(".felt-wrap[data-phase='over']").count():  # the hand played out
        assert time.time() < deadline, "the last hand did not end"
        host.act(("check", "call", "take_card"))
        time.sleep(0.05)
    c = host.page.evaluate(COVERED)
    assert not c["out"] and c["removes"] > 0, c  # remove buttons between hands, none on a dealer button
    host.close()
    assert wall_id


# ---------------------------------------------------------------------------------- 2. your turn


def test_your_turn_is_shown_everywhere_and_a_replay_costs_no_hand(server: ServerThread, browser: Any) -> None:
    """Issue 23.2: with the table under "Your hands" and a replay, or on another page, the turn shows
    (a banner that leads back, the tab's title, the turn sound); when the action time runs out with
    the table hidden the page goes back to it, before any of the time bank is spent, and the player
    still acts: nothing is folded for them."""
    you = Friend(browser, server.url)
    you.guest(f"rita{uuid.uuid4().hex[:4]}")
    table_id, _ = create_in_lobby(you.page, "turns", "stud", action_time=8, time_bank=60)
    you.sit(0, 500)
    you.seated()
    add_bots(you.page, 1)
    page = you.page
    # a first hand played out, so that there is a replay to watch
    deadline = time.time() + 120
    while hand_number(page) < 2:
        assert time.time() < deadline, "no second hand"
        you.act(("call", "check", "bring_in"))
        time.sleep(0.05)
    bank = 60.0

    def next_turn_hidden(open_hidden: Any) -> None:
        """Act, hide the table at once, and wait for the next turn to come while it is hidden."""
        wait_turn(page)
        page.evaluate("window.__sounds = []")
        told = sum(1 for m in you.received if m.get("type") == "your_turn")
        you.act(("call", "check", "bring_in"))
        open_hidden()
        deadline = time.time() + 60
        while sum(1 for m in you.received if m.get("type") == "your_turn") == told:  # the next turn
            assert time.time() < deadline, "no next turn"
            page.wait_for_timeout(50)  # (Playwright hands the frames over while it waits)
        page.locator("[data-testid='turn-banner']").wait_for(state="visible", timeout=60_000)

    def open_replay() -> None:
        page.click("#btn-hands")
        page.locator("[data-testid='overlay'] #hands-table tr[data-hand-id] a").first.click()
        page.locator("[data-testid='overlay'] #next-step").wait_for()

    next_turn_hidden(open_replay)
    banner = page.locator("[data-testid='turn-banner']")
    assert "Your turn at turns" in banner.inner_text()
    assert page.title().startswith("Your turn")
    page.wait_for_function("() => window.__sounds.includes('turn')", timeout=60_000)
    # nobody comes back: when the action time is over the page brings the table back by itself
    page.locator("[data-testid='overlay']").wait_for(state="detached", timeout=60_000)
    wait_turn(page, timeout=60)
    assert banner.is_hidden()
    clock = page.locator(".seat.you [data-testid='clock']").inner_text()
    spent = bank - int(clock.split("bank ")[1].rstrip("s")) if "bank " in clock else 0
    assert spent <= 2, clock  # the bank is still there: the table came back in time
    assert you.act(("call", "check", "bring_in"))
    assert not any(m.get("source") == "timeout" for m in you.received if m.get("type") == "update")

    # on another page of the site: the banner there leads back to the table
    def open_hands_page() -> None:
        page.evaluate("location.hash = '#/hands'")
        page.wait_for_selector("#hands-table")

    next_turn_hidden(open_hands_page)
    assert page.title().startswith("Your turn")
    page.wait_for_function("() => window.__sounds.includes('turn')", timeout=60_000)
    page.click("[data-testid='turn-banner-back']")
    wait_turn(page, timeout=60)
    assert f"#/table/{table_id}" in page.url
    assert you.act(("call", "check", "bring_in"))
    you.close()


# ---------------------------------------------------------------------------------- 3, 4: seats, names


def test_a_closed_tab_finds_its_seat_and_a_guest_becomes_an_account(server: ServerThread, browser: Any) -> None:
    """Issue 23.3 and 23.4: a guest picks a nickname at once (the rules of account names), sits at a
    private table by invite, closes the tab; the lobby lists the seat (private too) with a one-click
    return. Then the guest becomes an account keeping chips and hands, and logs in with it."""
    table_id, _owner, invite = api_table(server.url, STUD, name="private night", private=True, action_time=60)
    nick = f"zoe{uuid.uuid4().hex[:4]}"
    zoe = Friend(browser, server.url)
    # a name against the rules is refused, in the page
    zoe.page.goto(f"{server.url}/#/table/{table_id}?invite={invite}")
    zoe.page.fill("[data-testid='invite-nickname']", "guest-me")
    zoe.page.click("[data-testid='invite-join']")
    zoe.page.locator(".toast", has_text="may not start").wait_for()
    zoe.guest(nick, at=f"/#/table/{table_id}?invite={invite}")
    assert zoe.page.locator("[data-testid='pick-nickname']").count() == 0
    zoe.page.wait_for_selector(".sit-btn")
    zoe.sit(2, 400)
    zoe.seated()
    zoe.page.close()  # the tab is closed: the page's own memory of the seat is gone
    zoe.page = zoe.open_page()
    zoe.page.goto(f"{server.url}/")
    back = zoe.page.locator("[data-testid='your-seats'] [data-testid='return-to-table']")
    back.wait_for(timeout=60_000)
    assert "private night" in back.inner_text()
    back.click()
    zoe.page.wait_for_selector(f".seat.you[data-name='{nick}']")
    assert "invite" not in zoe.page.url
    balance = zoe.page.inner_text("[data-testid='balance']")
    zoe.page.click("[data-testid='upgrade-account']")
    zoe.page.fill("#dialog-password", "zoe's own password")
    zoe.page.click("[data-testid='account-dialog'] #dialog-ok")
    zoe.page.locator("[data-testid='upgrade-account']").wait_for(state="detached")
    zoe.page.click("#btn-logout")
    zoe.page.fill("#login-name", nick)
    zoe.page.fill("#login-password", "zoe's own password")
    zoe.page.click("#btn-login")
    zoe.page.locator("#who b", has_text=nick).wait_for()
    zoe.page.goto(f"{server.url}/#/")
    zoe.page.locator("[data-testid='your-seats'] [data-testid='return-to-table']").wait_for()
    assert zoe.page.inner_text("[data-testid='balance']") == balance
    zoe.close()


# ---------------------------------------------------------------------------------- 7. tournaments


def test_tournament_messages_and_no_useless_controls(server: ServerThread, browser: Any) -> None:
    """Issue 23.7: at a tournament table a busted player reads their place and prize, level changes
    are announced, and no control that can only fail is offered (no remove button on bots)."""
    you = Friend(browser, server.url)
    you.guest(f"tom{uuid.uuid4().hex[:4]}")
    body = {"name": "quick", "game": {"game": "stud"}, "players": 2, "buy_in": 10, "starting_stack": 20,
            "bots_fill": True, "bots": ["station"], "action_time": 20, "time_bank": 0,
            "schedule": {"hands_per_level": 1}}
    made = you.page.evaluate("""async (body) => {
      const headers = {"Content-Type": "application/json", Authorization: `Bearer ${localStorage.getItem('studpoker.token')}`};
      const t = await (await fetch('/api/tournaments', {method: 'POST', headers, body: JSON.stringify(body)})).json();
      await fetch(`/api/tournaments/${t.id}/register`, {method: 'POST', headers});
      await fetch(`/api/tournaments/${t.id}/fill`, {method: 'POST', headers});
      return t.id; }""", body)
    assert made
    page = you.page
    page.wait_for_selector("[data-testid='tournament-status']", timeout=30000)
    removes = 0
    deadline = time.time() + 240
    finished = page.locator(".play", has_text="You finished")
    while not finished.count():
        assert time.time() < deadline, "never busted"
        removes += page.locator(".remove-bot").count() + page.locator("[data-testid='host-panel']").count()
        you.act(("fold", "bring_in", "check", "call"))
        time.sleep(0.1)
    status = finished.inner_text()
    assert re.search(r"You finished 2nd", status), status
    assert removes == 0
    assert page.locator(".log li.level", has_text="Level 2").count() >= 1
    assert page.locator("#btn-sitout, #btn-leave, #btn-addchips, #btn-addbot").count() == 0
    you.close()


# ---------------------------------------------------------------------------------- 8. the phone


def test_the_phone_lobby_and_toolbar(server: ServerThread, browser: Any) -> None:
    """Issue 23.8: at 390 px the lobby (tables and tournaments) never scrolls sideways, and the
    table's Lobby, Rules and Leave stay in its toolbar, in view; the rest is one tap away."""
    api_table(server.url, WALL, name="a phone's table")
    phone = Friend(browser, server.url, (390, 844))
    phone.guest(f"pia{uuid.uuid4().hex[:4]}")
    phone.page.evaluate("""async () => {
      const headers = {"Content-Type": "application/json", Authorization: `Bearer ${localStorage.getItem('studpoker.token')}`};
      await fetch('/api/tournaments', {method: 'POST', headers, body: JSON.stringify({name: 'Sunday sit-and-go with a long name',
        game: {game: 'wallstreet'}, players: 6, buy_in: 100, starting_stack: 1000, bots_fill: true, bots: ['rule']})}); }""")
    phone.page.reload()
    phone.page.locator("[data-testid='tournament-row']").first.wait_for()
    phone.page.locator("#lobby-table tbody tr").first.wait_for()
    wide = phone.page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 1, f"the lobby scrolls sideways by {wide}px"
    phone.page.locator("#lobby-table tr", has_text="a phone's table").locator("a.open").click()
    phone.page.wait_for_selector(".sit-btn")
    phone.sit(0, 300)
    phone.seated()
    for button in ("#btn-lobby", "#btn-rules", "#btn-leave"):
        box = phone.page.locator(button).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, (button, box)
    assert phone.page.locator("#btn-hands").is_hidden()
    phone.page.click("[data-testid='more-controls']")
    phone.page.locator("#btn-hands").wait_for(state="visible")
    phone.page.locator("[data-testid='seat-panel'] #btn-sitout").wait_for()  # the seat's own controls
    assert phone.page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 1
    phone.close()


# ---------------------------------------------------------------------------------- 9. keys and focus


def test_no_key_press_folds_by_accident(server: ServerThread, browser: Any) -> None:
    """Issue 23.9: on your turn the focus is on the action row, not on a button: Enter and Space act
    on nothing; a key held down acts once; after "Add bot", Space adds no second bot."""
    you = Friend(browser, server.url)
    you.guest(f"kai{uuid.uuid4().hex[:4]}")
    create_in_lobby(you.page, "keys", "stud")
    you.sit(0, 500)
    you.seated()
    page = you.page
    page.select_option("#bot-kind", "station")
    page.click("#btn-addbot")
    page.keyboard.press(" ")
    page.keyboard.press("Enter")
    page.locator(".seat .badge:text('bot')").first.wait_for()
    page.wait_for_timeout(1500)
    assert page.locator(".seat .badge:text('bot')").count() == 1
    assert sum(1 for m in you.sent if m.get("type") == "add_bot") == 1
    for _ in range(3):
        wait_turn(page)
        focused = page.evaluate("() => { const e = document.activeElement; return [e.tagName, e.className, "
                                "e.dataset.kind || '']; }")
        assert "act-fold" not in focused[1] and focused[2] != "fold", focused
        acts = sum(1 for m in you.sent if m.get("type") == "act")
        page.keyboard.press("Enter")
        page.keyboard.press(" ")
        page.wait_for_timeout(400)
        assert sum(1 for m in you.sent if m.get("type") == "act") == acts, "a key acted"
        key = page.locator("button.act[data-kind='call'], button.act[data-kind='check'], button.act[data-kind='bring_in']")
        letter = key.first.get_attribute("data-key") or "c"
        page.keyboard.down(letter)  # held: the browser repeats it
        page.dispatch_event("body", "keydown", {"key": letter, "repeat": True})
        page.keyboard.up(letter)
        page.wait_for_timeout(400)
        assert sum(1 for m in you.sent if m.get("type") == "act") == acts + 1
    you.close()


# ---------------------------------------------------------------------------------- 10. statistics


def test_statistics_are_linked_from_the_lobby(server: ServerThread, browser: Any) -> None:
    """Issue 23.10: the lobby links the player's profile and the leaderboard; both read the same
    numbers (tests/test_server_night.py checks them hand for hand)."""
    you = Friend(browser, server.url)
    nick = f"lea{uuid.uuid4().hex[:4]}"
    you.guest(nick)
    you.page.click("[data-testid='link-profile']")
    you.page.wait_for_selector("[data-testid='profile']")
    assert nick in you.page.inner_text("[data-testid='profile']")
    you.page.goto(f"{server.url}/")
    you.page.click("[data-testid='link-leaderboard']")
    you.page.wait_for_selector("[data-testid='leaderboard']")
    you.close()


def test_the_landing_page_names_every_game_of_the_registry(server: ServerThread, browser: Any) -> None:
    """The login page's title names the family: every game of the registry, from the server."""
    you = Friend(browser, server.url)
    you.page.goto(server.url + "/")
    names = httpx.get(f"{server.url}/api/games").json()["games"]
    tagline = you.page.locator("[data-testid='tagline']")
    you.page.wait_for_function("() => document.querySelector(\"[data-testid='tagline']\").textContent.includes(',')",
                               timeout=60_000)
    assert tagline.inner_text() == ", ".join(g["name"] for g in names)
    assert you.page.inner_text(".hero h1") == "Stud poker"
    you.close()


def test_no_check_is_offered_in_advance_facing_the_bring_in(server: ServerThread, browser: Any) -> None:
    """On third street, facing the bring-in, a player waiting for their turn is offered Fold and Call
    any in advance, never Check or Check/Fold (no check is possible there)."""
    suffix = uuid.uuid4().hex[:4]
    table_id, owner, _ = api_table(server.url, STUD, name=f"bring-in {suffix}", action_time=300, time_bank=0,
                                   paused=True)  # dealt once the three sit
    players = []
    for i in range(3):
        f = Friend(browser, server.url)
        f.guest(f"pre{i}{suffix}", at=f"/#/table/{table_id}")
        f.page.wait_for_selector(".sit-btn")
        f.sit(i, 300)
        f.seated()
        players.append(f)

    async def resume() -> None:
        from studpoker.server.client import Client

        host = Client(server.url, token=owner)
        await host.connect()
        await host.request({"type": "resume", "table": table_id})
        await host.close()

    in_thread(resume)
    # the bring-in is posted by whoever must (the lowest door card), by clicking
    deadline = time.time() + 120
    brought = None
    while brought is None:
        assert time.time() < deadline, "nobody was asked for the bring-in"
        for f in players:
            if f.page.locator("button.act[data-kind='bring_in']:not([disabled])").count():
                f.page.locator("button.act[data-kind='bring_in']").click()
                brought = f
                break
        time.sleep(0.05)
    # a player still to act, facing the bring-in, waits with the pre-actions that can be played
    waiting = [f for f in players if f is not brought]
    deadline = time.time() + 120
    seen: list[list[str]] = []
    while not seen:
        assert time.time() < deadline, "no pre-action row facing the bring-in"
        for f in waiting:
            pre = f.page.locator(".pre-actions button.pre")
            if pre.count() and not f.page.locator("button.act:not([disabled])").count():
                labels = pre.evaluate_all("els => els.map(e => [e.dataset.pre, e.textContent])")
                if labels:
                    seen.append(labels)
        time.sleep(0.05)
    assert seen[0] == [["check_fold", "Fold"], ["call_any", "Call any"]], seen
    for f in players:
        f.close()


def test_leaving_after_the_hand_offers_stay_not_sit_in(server: ServerThread, browser: Any) -> None:
    """While "Leave after this hand" is on, the seat panel offers "Stay after this hand" and no "Sit in"
    (the seat sits out only to leave); staying gives the usual buttons back."""
    you = Friend(browser, server.url)
    you.guest(f"lea{uuid.uuid4().hex[:4]}")
    create_in_lobby(you.page, "leave after", "stud", action_time=300)
    you.sit(0, 500)
    you.seated()
    add_bots(you.page, 1)
    page = you.page
    leave = page.locator("[data-testid='leave-after-hand']")
    leave.wait_for(timeout=60_000)  # dealt in: the hand is ours too
    leave.click()
    page.locator("[data-testid='leave-after-hand'][aria-pressed='true']").wait_for(timeout=60_000)
    assert leave.inner_text() == "Stay after this hand"
    assert page.locator("#btn-sitout").count() == 0
    leave.click()
    page.locator("[data-testid='leave-after-hand'][aria-pressed='false']").wait_for(timeout=60_000)
    page.locator("#btn-sitout", has_text="Sit out next hand").wait_for(timeout=60_000)
    you.close()


# ---------------------------------------------------------------------------------- R7 in the browser


RECT = """(sel) => { const e = document.querySelector(sel); if (!e) return null;
  const r = e.getBoundingClientRect(); return {l: r.left, t: r.top, r: r.right, b: r.bottom}; }"""


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return min(a["r"], b["r"]) - max(a["l"], b["l"]) > 0.5 and min(a["b"], b["b"]) - max(a["t"], b["t"]) > 0.5


def test_dealers_choice_in_the_browser(server: ServerThread, browser: Any, tmp_path: Path) -> None:
    """R7.1/R7.2 in the page: the lobby's form says who picks in words (choice_for: each dealer their
    own hand, or one player an orbit) and shows each game's stakes; before the first hand the felt lists
    the table's games (no market); the dealer is asked on the clock with a picker that wraps on a phone
    and leaves their own cards in view; a game the two players cannot fill (Wall Street) is greyed out
    with the reason in words; the game picked is announced by a banner on the felt and to screen
    readers, and dealt."""
    you = Friend(browser, server.url)
    you.guest(f"dee{uuid.uuid4().hex[:4]}")
    page = you.page
    page.fill("#create-name", "Dealer's choice")
    page.check("[data-testid='create-mixed']")
    registry = page.evaluate("async () => (await (await fetch('/api/games')).json()).games.map((g) => [g.game, g.stakes])")
    games = [g for g, _ in registry]
    shown = page.locator("[data-testid='mixed-game-stakes']").evaluate_all("els => els.map(e => e.dataset.stakes)")
    assert shown == [s for _, s in registry]  # each game's stakes, as the server words them
    assert not page.locator("#mixed-choice-for").is_visible()  # a rotation: nobody picks
    page.select_option("#mixed-mode", "dealers_choice")
    assert page.locator("#mixed-choice-for option").all_inner_texts() == [
        "Each dealer picks the game of the hand they deal",
        "One player picks for a whole orbit, then the choice passes to the left"]
    assert not page.locator("input[name='mixed_hands']").is_visible()  # a pick every hand: no hands per game
    page.select_option("#mixed-choice-for", "orbit")
    assert page.locator("input[name='mixed_hands']").is_visible()
    page.select_option("#mixed-choice-for", "hand")
    page.fill("input[name='action_time']", "300")
    page.click("#create-submit")
    page.wait_for_url("**/#/table/*")
    table_id = int(page.url.split("#/table/")[1].split("?")[0])
    config = httpx.get(f"{server.url}/api/tables/{table_id}").json()["config"]
    assert config["mixed"]["mode"] == "dealers_choice" and config["mixed"]["choice_for"] == "hand"
    listed = page.locator("[data-testid='table-games'] li")
    listed.first.wait_for()
    assert listed.evaluate_all("els => els.map(e => e.dataset.game)") == games
    assert page.locator("[data-testid='market']").count() == 0
    you.sit(0, 500)
    you.seated()
    add_bots(page, 1)  # two players: Wall Street (three or more) cannot be dealt
    picker = page.locator("[data-testid='game-picker']")
    picker.wait_for(timeout=60_000)  # the first button is seat 0's: this player picks the game of their hand
    options = picker.locator("[data-testid='choose-game-option']")
    assert options.evaluate_all("els => els.map(e => e.dataset.game)") == games  # from the registry
    mixed = httpx.get(f"{server.url}/api/tables/{table_id}").json()["mixed"]
    unavailable = {g["game"]: g["unavailable"] for g in mixed["games"]}
    disabled = dict(options.evaluate_all("els => els.map(e => [e.dataset.game, e.disabled])"))
    assert disabled == {g: unavailable[g] is not None for g in games}
    wall = picker.locator("[data-testid='choose-game-option'][data-game='wallstreet']")
    assert wall.is_disabled()
    assert wall.locator("[data-testid='game-unavailable']").inner_text() == \
        "Wall Street needs at least 3 players; 2 are ready to play"
    assert "R7" not in picker.inner_text()
    assert page.title().startswith("Your turn")
    # 1280x800: the picker leaves the chooser's own seat in view; 390x844: it wraps inside the screen
    mine, row = page.evaluate(RECT, ".seat.you .cards"), page.evaluate(RECT, "[data-testid='actions']")
    assert mine and row and not overlap(mine, row), (mine, row)
    assert mine["b"] <= 800 and row["b"] <= 800 and page.evaluate("window.scrollY") == 0
    shot = tmp_path / "night-dealers-choice.png"
    page.screenshot(path=str(shot))
    keep_screenshot(shot)
    page.set_viewport_size({"width": 390, "height": 844})
    page.evaluate("() => document.querySelector('.seat.you').scrollIntoView({block: 'nearest'})")
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    box = page.evaluate(RECT, "[data-testid='game-picker']")
    assert box and box["l"] >= 0 and box["r"] <= 390 and box["b"] <= 844, box
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 1
    heights = options.evaluate_all("els => els.map(e => e.getBoundingClientRect().height)")
    assert max(heights) <= 70, heights  # a name wraps to two lines at most
    shot = tmp_path / "night-dealers-choice-phone.png"
    page.screenshot(path=str(shot))
    keep_screenshot(shot)
    page.set_viewport_size({"width": 1280, "height": 800})
    # the pick: announced on the felt and to screen readers, then dealt
    picker.locator("[data-testid='choose-game-option'][data-game='razz']").click()
    banner = page.locator("[data-testid='game-banner']")
    banner.wait_for(timeout=60_000)
    assert banner.get_attribute("data-game") == "razz"
    assert "Now playing Razz: lowest hand wins" in banner.inner_text()
    page.wait_for_function("() => window.__said.some((t) => t.startsWith('Now playing Razz: lowest hand wins'))",
                           timeout=60_000)
    page.locator(".felt-wrap[data-hand='1']").wait_for(timeout=60_000)
    assert page.inner_text("[data-testid='table-game']").startswith("Razz")
    assert any(m.get("type") == "choose_game" and m.get("game") == "razz" for m in you.sent)
    # your turn at 1280x800 with everything in view: the page does not scroll itself (the top bar stays)
    wait_turn(page)
    assert page.evaluate("window.scrollY") == 0
    shot = tmp_path / "night-game-banner.png"
    page.screenshot(path=str(shot))
    keep_screenshot(shot)
    you.close()


def test_r7_1_dealers_choice_by_orbit_from_the_form(server: ServerThread, browser: Any) -> None:
    """R7.1 choice_for orbit from the lobby's form: the first dealer picks the game of the orbit, and
    the seat that picked carries the choice button (not the dealer button)."""
    you = Friend(browser, server.url)
    you.guest(f"orb{uuid.uuid4().hex[:4]}")
    page = you.page
    page.fill("#create-name", "By orbit")
    page.check("[data-testid='create-mixed']")
    page.select_option("#mixed-mode", "dealers_choice")
    page.select_option("#mixed-choice-for", "orbit")
    page.fill("input[name='mixed_hands']", "2")
    page.fill("input[name='action_time']", "300")
    page.click("#create-submit")
    page.wait_for_url("**/#/table/*")
    table_id = int(page.url.split("#/table/")[1].split("?")[0])
    mixed = httpx.get(f"{server.url}/api/tables/{table_id}").json()["config"]["mixed"]
    assert (mixed["choice_for"], mixed["hands"]) == ("orbit", 2)
    you.sit(0, 500)
    you.seated()
    add_bots(page, 1)
    picker = page.locator("[data-testid='game-picker']")
    picker.wait_for(timeout=60_000)
    assert "the game of the next orbit" in page.inner_text("[data-testid='choose-game']")
    picker.locator("[data-testid='choose-game-option'][data-game='razz']").click()
    page.locator(".seat.you [data-testid='choice-button']").wait_for(timeout=60_000)
    assert page.locator("[data-testid='choice-button']").count() == 1
    you.close()


# ---------------------------------------------------------------------------------- the whole night


def ledger_of(page: Any, table_id: int, invite: str | None) -> dict[str, Any]:
    q = f"?invite={invite}" if invite else ""
    data: dict[str, Any] = page.evaluate(f"""async () => (await fetch('/api/tables/{table_id}/ledger{q}', {{headers:
      {{Authorization: `Bearer ${{localStorage.getItem('studpoker.token')}}`}}}})).json()""")
    return data


def test_a_whole_friday_night(server: ServerThread, browser: Any, tmp_path: Path) -> None:
    """Issue 23, section 3: a host creates a private mixed table (stud and Wall Street, a new game
    every hand); two friends join by the invite link and pick nicknames; the game rotates; a friend
    closes the tab and comes back from the lobby; the host pauses and removes a player; the ledger
    on the page and its CSV match the chips; the settle-up balances to zero."""
    suffix = uuid.uuid4().hex[:4]
    host = Friend(browser, server.url)
    host.guest(f"Host{suffix}")
    page = host.page
    page.fill("#create-name", "Friday night")
    page.check("[data-testid='create-mixed']")
    page.fill("input[name='mixed_hands']", "1")
    page.fill("input[name='mixed_unit']", "2")
    page.check("input[name='private']")
    page.fill("input[name='action_time']", "90")
    page.fill("input[name='hand_delay']", "1")
    page.click("#create-submit")
    page.wait_for_url("**/#/table/*")
    link = page.input_value(".invite-link")
    table_id = int(page.url.split("#/table/")[1].split("?")[0])
    invite = link.split("invite=")[1]
    assert "Mixed" not in page.inner_text("[data-testid='table-game']")
    host.sit(0, 500)
    host.seated()
    friends = []
    for nick, seat, size in ((f"Ann{suffix}", 2, (1280, 800)), (f"Bob{suffix}", 4, (390, 844))):
        f = Friend(browser, server.url, size)
        f.page.goto(link)
        # the invite lands on the table itself: its name, its host, its games, then a nickname and Join
        landing = f.page.locator("[data-testid='invite-landing']")
        landing.wait_for()
        text = landing.inner_text()
        assert "Friday night" in text and f"Host{suffix}" in text and "invites you" in text, text
        listed = httpx.get(f"{server.url}/api/tables/{table_id}?invite={invite}").json()["config"]["mixed"]["games"]
        assert landing.locator("[data-testid='invite-games'] li").evaluate_all(
            "els => els.map(e => e.dataset.game)") == [g["game"] for g in listed]
        assert "Log in or register" not in f.page.inner_text("body")
        if size[0] < 600:
            assert f.page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 1
            shot = tmp_path / "night-invite-phone.png"
            f.page.screenshot(path=str(shot))
            keep_screenshot(shot)
        f.page.fill("[data-testid='invite-nickname']", nick)
        f.page.click("[data-testid='invite-join']")
        f.name = nick
        f.page.wait_for_selector(".sit-btn")
        f.sit(seat, 400)
        f.seated()
        friends.append(f)
    ann, bob = friends
    everyone = [host, ann, bob]
    games: list[str] = []
    nexts: set[str] = set()
    shot_taken = False

    def play_until(number: int, *, limit: float = 240) -> None:
        nonlocal shot_taken
        deadline = time.time() + limit
        while not all(p.page.locator(f".log .summary[data-hand='{number}']").count() for p in everyone
                      if p.page.locator(".seat.you").count()):
            assert time.time() < deadline, f"hand {number} did not finish"
            for p in everyone:
                if not p.page.locator(".seat.you").count():
                    continue
                game = p.page.locator("[data-testid='table-game']").inner_text()
                n = hand_number(p.page)
                if n and (not games or games[-1][0] != n):
                    games.append((n, game))  # type: ignore[arg-type]
                nxt = p.page.locator("[data-testid='next-game']")
                if nxt.count():
                    nexts.add(nxt.inner_text())
                if p is host and not shot_taken and p.page.locator(".market").count() and \
                        p.page.locator("button.act").count():
                    for who, name in ((host, "night-host-desktop.png"), (bob, "night-friend-phone.png")):
                        shot = tmp_path / name
                        who.page.screenshot(path=str(shot))
                        keep_screenshot(shot)
                    shot_taken = True
                p.act()
            time.sleep(0.05)

    for number in (1, 2, 3):
        page.locator(f".felt-wrap[data-hand='{number}']").wait_for(timeout=60000)
        play_until(number)
    names = [g for _, g in sorted(set(games))]  # type: ignore[misc]
    assert any(n.startswith("Seven Card Stud") for n in names) and any(n.startswith("Wall Street") for n in names), names
    assert any(re.search(r"Next( hand)?: (Wall Street|Seven Card Stud)", t) for t in nexts), nexts
    # Bob closes the tab, opens the site again and finds the table in the lobby's "your seats"
    bob.page.close()
    bob.page = bob.open_page()
    bob.page.goto(f"{server.url}/")
    back = bob.page.locator("[data-testid='your-seats'] [data-testid='return-to-table']")
    back.wait_for()
    bob.page.locator("#lobby-table tr[data-table-id] [data-testid='lobby-mixed']").first.wait_for()
    assert bob.page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 1
    shot = tmp_path / "night-lobby-phone.png"
    bob.page.screenshot(path=str(shot))
    keep_screenshot(shot)
    back.click()
    bob.seated()
    # the host pauses: the hand in play is finished, then nothing is dealt
    page.click("[data-testid='host-pause']")
    page.locator("[data-testid='table-paused']").wait_for()
    number = hand_number(page)
    if page.locator(".felt-wrap:not([data-phase='over']):not([data-phase='none'])").count():
        play_until(number)
    time.sleep(2.5)
    assert hand_number(page) == number
    assert "paused" in ann.page.inner_text("[data-testid='status']")
    # between hands the host removes Ann: her chips go back to her balance
    balance = int(ann.page.inner_text("[data-testid='balance']"))
    chips = int(page.locator(".seat[data-seat='2'] .stack").get_attribute("data-stack") or "0")
    page.locator("[data-testid='host-players'] li[data-seat='2'] [data-testid='remove-player']").click()
    confirm = page.locator("[data-testid='confirm-remove']")  # the host is asked first
    confirm.wait_for()
    assert f"Ann{suffix}" in page.inner_text(".modal") and ann.page.locator(".seat.you").count() == 1
    confirm.click()
    ann.page.locator(".seat.you").wait_for(state="detached")
    told = ann.page.locator("[data-testid='removed-notice']")
    told.wait_for(timeout=60_000)
    assert f"The host removed you; {chips} chips back to your balance" in told.inner_text()
    ann.page.locator("[data-testid='balance']", has_text=str(balance + chips)).wait_for()
    # the ledger on the table page, its CSV and the settle-up
    ledger = ledger_of(page, table_id, invite)
    assert ledger["totals"]["net"] == 0
    # the host panel's stacks are the felt's
    for seat in (0, 4):
        felt = page.locator(f".seat[data-seat='{seat}'] .stack").get_attribute("data-stack")
        assert page.locator(f"[data-testid='host-players'] li[data-seat='{seat}'] .host-stack").get_attribute(
            "data-stack") == felt
    page.click("[data-testid='ledger-button']")  # the ledger opens over the table, from its header
    panel = page.locator("[data-testid='ledger']")
    panel.locator(f"[data-testid='ledger-row'][data-player='Ann{suffix}']").wait_for()
    shown = dict(panel.locator("[data-testid='ledger-row']").evaluate_all(
        "els => els.map(e => [e.dataset.player, Number(e.dataset.net)])"))
    assert shown == {x["name"]: x["net"] for x in ledger["players"]}
    for p in (host, bob):
        seat = p.page.locator(".seat.you .stack").get_attribute("data-stack")
        line = next(x for x in ledger["players"] if x["name"] == p.name)
        assert line["chips"] == int(seat or "0") and line["net"] == line["chips"] - line["buy_ins"] - line["top_ups"] + line["cash_out"]
    ann_line = next(x for x in ledger["players"] if x["name"] == ann.name)
    assert ann_line["cash_out"] == chips and ann_line["net"] == chips - 400
    with page.expect_download() as download:
        panel.locator("[data-testid='ledger-csv']").click()
    rows = list(csv.DictReader(io.StringIO(Path(download.value.path()).read_text())))
    assert {r["player"]: int(r["net"]) for r in rows if r["player"] != "total" and r["net"] != ""} == shown
    assert {r["table"] for r in rows} == {"Friday night"} and all(r["date"] for r in rows)
    owed = dict(shown)
    for li in panel.locator("[data-testid='settle-up'] li").evaluate_all(
            "els => els.map(e => [e.dataset.payer, e.dataset.payee, Number(e.dataset.amount)])"):
        owed[li[0]] += li[2]
        owed[li[1]] -= li[2]
    assert all(v == 0 for v in owed.values()), owed
    shot = tmp_path / "night-ledger.png"
    for _ in range(20):  # the panel is drawn again when the ledger changes: try again then
        try:
            panel.screenshot(path=str(shot), timeout=3000)
            break
        except Exception:
            time.sleep(0.2)
    keep_screenshot(shot)
    # the whole night's hands in one file, PHH and PokerStars text
    with page.expect_download() as download:
        panel.locator("[data-testid='night-phh']").click()
    night = phh.read(Path(download.value.path()).read_text())
    assert len(night) >= 3 and {h.variant for h in night} >= {"FWS"}
    page.click("#overlay-close")
    # the host closes the night: the ledger stays on the page, once
    page.click("[data-testid='close-night']")
    page.click("#dialog-ok")
    page.locator(".closed-night [data-testid='ledger']").wait_for(timeout=60_000)
    assert page.locator("[data-testid='ledger']").count() == 1
    # past nights are listed in the lobby with each one's net
    page.goto(f"{server.url}/#/")
    nights = page.locator("[data-testid='your-nights'] li")
    nights.first.wait_for(timeout=60_000)
    assert nights.first.get_attribute("data-table") == str(table_id)
    for p in (host, ann, bob):
        p.close()
