"""The browser client end to end: a real ``studpoker serve --demo`` process and Debian's Chromium
driven by Playwright. Players register, create and join tables, and play whole hands by clicking
(and by keyboard shortcuts); the result on the page must be the server's, and no page may ever
hold another player's down cards before they are shown.

Needs ``/usr/bin/chromium``: ``make test`` installs it when run as root; without it these tests fail
and name the command (tests/_browser.py), they never skip.
``STUDPOKER_SCREENSHOTS=1`` also writes ``docs/images/lobby.png``.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from _browser import ARGS, CHROMIUM, DOCS_IMAGES, require_chromium
from studpoker import phh
from studpoker.codec import apply_view_delta

STUDPOKER = str(Path(sys.executable).with_name("studpoker"))
PASSWORD = "correct horse battery"

require_chromium()
from playwright import sync_api  # noqa: E402 - after the check that names the fix


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    tmp = tmp_path_factory.mktemp("web")
    port = _free_port()
    log = open(tmp / "server.log", "wb")  # noqa: SIM115 - closed below
    proc = subprocess.Popen(
        [STUDPOKER, "serve", "--port", str(port), "--db", f"sqlite:///{tmp / 'web.db'}", "--demo",
         "--hand-delay", "1", "--bot-delay", "0.05", "--log-level", "warning"],
        stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 60
    while True:
        try:
            if httpx.get(f"{url}/api/health", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        assert proc.poll() is None, (tmp / "server.log").read_text()[-3000:]
        assert time.time() < deadline, "server did not start"
        time.sleep(0.1)
    try:
        yield url
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()
        audit = subprocess.run([STUDPOKER, "audit", "--db", f"sqlite:///{tmp / 'web.db'}"],
                               capture_output=True, text=True, timeout=60)
        assert audit.returncode == 0, audit.stdout + audit.stderr


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    pw = sync_api.sync_playwright().start()
    b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, chromium_sandbox=False)
    try:
        yield b
    finally:
        b.close()
        pw.stop()


class Player:
    """One browser context: its page and every websocket frame it received."""

    def __init__(self, browser: Any, url: str, *, phone: bool = False) -> None:
        options: dict[str, Any] = {"viewport": {"width": 1280, "height": 820}}
        if phone:
            options = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
                       "device_scale_factor": 2}
        self.context = browser.new_context(accept_downloads=True, **options)
        self.page = self.context.new_page()
        # everything the page says through its aria-live region
        self.page.add_init_script("""(() => { const W = window.WebSocket; window.__sockets = [];
          window.WebSocket = class extends W { constructor(...a) { super(...a); window.__sockets.push(this); } }; })();
          window.__said = [];
          document.addEventListener('DOMContentLoaded', () => {
            const box = document.getElementById('announce');
            if (box) new MutationObserver(() => { if (box.textContent) window.__said.push(box.textContent); })
              .observe(box, {childList: true, characterData: true, subtree: true});
          });""")
        self.frames: list[str] = []
        self.errors: list[str] = []
        self.snapshots: list[tuple[str, str, str]] = []  # (hand number, phase, html)
        self.page.on("websocket", lambda ws: ws.on(
            "framereceived", lambda payload: self.frames.append(payload if isinstance(payload, str) else "")))
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        # the server's Content-Security-Policy must block nothing the client does
        self.page.on("console", lambda msg: self.errors.append(msg.text)
                     if "Content Security Policy" in msg.text or "Content-Security-Policy" in msg.text else None)
        self.url = url
        self.name = ""
        self.phone = phone

    def register(self, name: str) -> None:
        self.name = name
        self.page.goto(self.url + "/")
        self.page.fill("#login-name", name)
        self.page.fill("#login-password", PASSWORD)
        self.page.click("#btn-register")
        self.page.wait_for_selector("#lobby-table")
        assert self.page.inner_text("#who").startswith(name)

    def sit(self, seat: int | None = None, buy_in: int | None = None) -> None:
        selector = ".sit-btn" if seat is None else f".sit-btn[data-seat='{seat}']"
        self.page.locator(selector).first.click()
        if buy_in is not None:
            self.page.fill("#buyin", str(buy_in))
        self.page.click("#sit-confirm")
        self.page.wait_for_selector(f".seat.you[data-name='{self.name}']")

    def snapshot(self) -> None:
        hand, phase, html = self.page.evaluate(
            "() => { const f = document.querySelector('.felt-wrap');"
            " return [f ? f.dataset.hand || '' : '', f ? f.dataset.phase : '', document.documentElement.outerHTML]; }")
        self.snapshots.append((hand, phase, html))

    def messages(self) -> list[dict[str, Any]]:
        """Every message the page received. The page watches with ``delta``: each update's
        ``view`` is rebuilt here from its ``view_delta`` and the views before it, as the page does."""
        out = []
        views: dict[int, dict[str, Any]] = {}
        for text in self.frames:
            with contextlib.suppress(ValueError):
                msg = json.loads(text)
                if msg.get("type") == "hand":
                    views[msg["table"]] = msg["view"]
                elif msg.get("type") == "update":
                    if msg.get("view") is None and msg["table"] in views:
                        msg["view"] = apply_view_delta(views[msg["table"]], msg["view_delta"])
                    if msg.get("view") is not None:
                        views[msg["table"]] = msg["view"]
                out.append(msg)
        return out

    def summary(self, number: int) -> Any:
        """The result of hand ``number`` as the hand log keeps it (the felt shows it until the next hand)."""
        return self.page.locator(f".log .summary[data-hand='{number}']")

    def said(self) -> list[str]:
        return list(self.page.evaluate("window.__said || []"))


PREFER = ("check", "call", "bring_in", "take_card", "show")


def act_once(player: Player, choose: Callable[[Player, list[str]], str | None] | None = None) -> str | None:
    """Click (or press the key of) one enabled action button if it is this player's turn."""
    buttons = player.page.locator("button.act:not([disabled])")
    try:
        kinds = buttons.evaluate_all("els => els.map(e => e.dataset.kind)")
    except Exception:  # the page re-rendered in between
        return None
    if not kinds:
        return None
    if player.phone:  # the sticky action row on a phone never covers the player's own cards
        covered = player.page.evaluate("""() => {
          const row = document.querySelector('.actions').getBoundingClientRect();
          return [...document.querySelectorAll('.seat.you .cards .card')].some((c) => {
            const r = c.getBoundingClientRect();
            return Math.min(r.bottom, row.bottom) - Math.max(r.top, row.top) > 0.5
              && Math.min(r.right, row.right) - Math.max(r.left, row.left) > 0.5; }); }""")
        if covered:
            player.errors.append("the action row covers the player's own cards")
    if player.page.locator(".market button.buy:not([disabled])").count():
        kinds.append("buy")  # market buys sit under the market cards
    kind = choose(player, kinds) if choose else None
    if kind is None:
        kind = next((k for k in PREFER if k in kinds), kinds[-1])
    if kind == "buy-market":
        player.page.locator(".market button.buy").first.click()
        return kind
    target = player.page.locator(f"button.act[data-kind='{kind}']:not([disabled])").first
    key = target.get_attribute("data-key")
    try:
        if key and kind in ("check", "call") and player.name.startswith(("bob", "dan")):
            player.page.evaluate("document.activeElement && document.activeElement.blur()")
            player.page.keyboard.press(key)  # the shortcut shown on the button
        else:
            target.click(timeout=2000)
    except Exception:
        return None
    return kind


def play_hand(players: list[Player], number: int, *, timeout: float = 120,
              choose: Callable[[Player, list[str]], str | None] | None = None,
              on_step: Callable[[], None] | None = None) -> list[str]:
    """Play hand ``number`` to its end by clicking; returns the actions taken."""
    taken: list[str] = []
    deadline = time.time() + timeout
    while not all(p.summary(number).count() for p in players):
        assert time.time() < deadline, f"hand {number} did not finish; actions: {taken}"
        for p in players:
            p.snapshot()
            kind = act_once(p, choose)
            if kind:
                taken.append(f"{p.name}:{kind}")
                if on_step:
                    on_step()
        time.sleep(0.08)
    for p in players:
        p.snapshot()  # the end of the hand as drawn
        assert not p.errors, p.errors
    return taken


def _strings(obj: Any) -> set[str]:
    if isinstance(obj, str):
        return {obj}
    if isinstance(obj, dict):
        return {s for v in obj.values() for s in _strings(v)}
    if isinstance(obj, list):
        return {s for v in obj for s in _strings(v)}
    return set()


def _records(msg: dict[str, Any]) -> list[dict[str, Any]]:
    return list(msg.get("events") or []) + list((msg.get("view") or {}).get("log") or [])


def secret_cards(player: Player, hand_id: int) -> tuple[int, list[str]]:
    """The player's hand seat and the cards dealt to it face down (in order), from its own messages."""
    seat: int | None = None
    cards: dict[str, None] = {}
    for msg in player.messages():
        if msg.get("type") in ("hand", "update") and msg.get("hand") == hand_id:
            seat = msg["view"]["seat"]
            for r in _records(msg):
                if r["op"] == "card_dealt" and not r["face_up"] and r["seat"] == seat:
                    assert r["card"] is not None
                    cards[r["card"]] = None
    assert seat is not None and cards, f"{player.name} saw no down cards of its own"
    return seat, list(cards)


def card_words(card: str) -> str:
    """A card's label in the page ("queen of clubs")."""
    if card == "Jk":
        return "joker"
    ranks = dict(zip("AKQJT98765432", ["ace", "king", "queen", "jack", "ten", "nine", "eight", "seven", "six",
                                      "five", "four", "three", "two"], strict=True))
    suits = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
    return f"{ranks[card[0]]} of {suits[card[1]]}"


def assert_private(owner: Player, other: Player, hand_id: int, number: int) -> None:
    """``other`` never held ``owner``'s down cards before ``owner`` showed them: neither in
    a websocket message nor anywhere in its page."""
    seat, cards = secret_cards(owner, hand_id)
    hidden_seen = False
    for msg in other.messages():
        if msg.get("type") == "hand_end" and msg.get("hand") == hand_id:
            break
        if msg.get("hand") != hand_id:
            continue
        if any(r["op"] == "action_taken" and r["action"]["kind"] == "show" and r["action"]["seat"] == seat
               for r in _records(msg)):
            break
        leaked = _strings(msg) & set(cards)
        assert not leaked, f"{other.name} received {owner.name}'s down cards {leaked} before showdown"
        view = msg.get("view")
        if view and None in view["players"][seat]["down"]:
            hidden_seen = True
    assert hidden_seen, f"{other.name} never saw {owner.name}'s down cards as hidden"
    checked = 0
    for hand, phase, html in other.snapshots:
        if hand != str(number) or phase in ("showdown", "over"):
            continue
        checked += 1
        for card in cards:
            assert f"/svg/card/{card}.svg" not in html and f'alt="{card_words(card)}' not in html, (
                f"{other.name}'s page showed {owner.name}'s down card {card} before showdown")
    assert checked > 0


def last_view(player: Player, hand_id: int) -> dict[str, Any]:
    views = [m["view"] for m in player.messages() if m.get("type") in ("hand", "update") and m.get("hand") == hand_id]
    assert views
    return dict(views[-1])


def strength_text(strength: dict[str, Any] | None) -> str:
    if not strength or not (strength.get("high") or strength.get("low")):
        return ""
    if not strength.get("high"):
        return f"Low: {strength['low']}"  # razz: the hand is a low (R6.2)
    return f"High: {strength['high']}" + (f" · Low: {strength['low']}" if strength.get("low") else "")


def assert_helps(player: Player, hand_id: int, number: int) -> None:
    """The hand strength is the server's, and the aria-live region said the turn and the result."""
    view = last_view(player, hand_id)
    me = view["players"][view["seat"]]
    # as drawn at the end of the hand (the next hand may be dealt meanwhile)
    html = next(html for hand, phase, html in reversed(player.snapshots) if hand == str(number) and phase == "over")
    found = re.search(r'data-testid="hand-strength"[^>]*>([^<]*)<', html)
    shown = found.group(1).replace("&amp;", "&") if found else ""
    assert view["strength"] and shown == ("" if me["folded"] else strength_text(view["strength"])), shown
    player.page.wait_for_function(
        f"() => (window.__said || []).some((t) => t.startsWith('Hand {number} over.'))", timeout=5000)
    said = player.said()
    assert any(t.startswith("Your turn.") for t in said), said
    assert any(t.startswith(f"Hand {number} over.") for t in said), said


def assert_deltas(player: Player, hand_id: int) -> None:
    """The page asked for deltas: every update of the hand carried what changed, not the whole view."""
    raw = [json.loads(t) for t in player.frames if t.startswith('{"type":"update"')]
    updates = [m for m in raw if m["hand"] == hand_id]
    assert updates and all("view_delta" in m and "view" not in m for m in updates)


def seat_actions(player: Player) -> set[str]:
    return set(player.page.locator("[data-testid='seat-action']").evaluate_all("els => els.map(e => e.textContent)"))


def server_result(url: str, table_id: int, number: int, invite: str | None = None) -> dict[str, Any]:
    params = {"invite": invite} if invite else {}
    hands = httpx.get(f"{url}/api/tables/{table_id}/hands", params=params).json()
    record = next(h for h in hands if h["number"] == number)
    detail: dict[str, Any] = httpx.get(f"{url}/api/hands/{record['id']}", params=params).json()
    return detail


def assert_result_matches(players: list[Player], detail: dict[str, Any], number: int) -> None:
    names = [e["name"] for e in detail["start"]]  # per hand seat
    expected = dict(zip(names, detail["payoffs"], strict=True))
    replayed = phh.replay(phh.read_one(detail["phh"]))
    assert list(replayed.payoffs) == detail["payoffs"]
    pots = [(r.amount, ", ".join(names[s] for s in r.high_winners), ", ".join(names[s] for s in r.low_winners))
            for r in replayed.results]
    for p in players:
        box = p.summary(number)
        shown = dict(box.locator("li[data-player]").evaluate_all(
            "els => els.map(e => [e.dataset.player, Number(e.dataset.payoff)])"))
        assert shown == expected, (p.name, shown, expected)
        shown_pots = box.locator("li.pot-result").evaluate_all(
            "els => els.map(e => [Number(e.dataset.amount), e.dataset.high, e.dataset.low])")
        assert [tuple(x) for x in shown_pots] == pots, (p.name, shown_pots, pots)


def create_table(page: Any, name: str, game: str, *, joker: bool = False, private: bool = False) -> int:
    page.fill("#create-name", name)
    page.select_option("#create-game", game)
    if joker:
        page.check("input[name='joker']")
    if private:
        page.check("input[name='private']")
    page.fill("input[name='action_time']", "90")
    page.fill("input[name='time_bank']", "0")
    page.click("#create-submit")
    page.wait_for_url("**/#/table/*")
    page.wait_for_selector(".sit-btn")
    return int(page.url.split("#/table/")[1].split("?")[0])


def join_from_lobby(player: Player, table_id: int) -> None:
    player.page.goto(player.url + "/#/")
    row = player.page.locator(f"#lobby-table tr[data-table-id='{table_id}']")
    row.wait_for()
    row.locator("a.open").click()
    player.page.wait_for_selector(".sit-btn")


def save_screenshot(page: Any, name: str, tmp: Path) -> None:
    path = tmp / name
    page.screenshot(path=str(path))
    if os.environ.get("STUDPOKER_SCREENSHOTS"):
        DOCS_IMAGES.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, DOCS_IMAGES / name)


def test_wall_street_hand_by_clicking(server: str, browser: Any, tmp_path: Path) -> None:
    suffix = uuid.uuid4().hex[:4]
    ann = Player(browser, server)
    bob = Player(browser, server)
    ann.register(f"ann_{suffix}")
    bob.register(f"bob_{suffix}")
    # the lobby lists the demo tables of `serve --demo` with their action time
    demo = bob.page.locator("#lobby-table tr", has_text="Demo: Wall Street vs bots")
    demo.locator("td.time:text('30s')").wait_for()

    table_id = create_table(ann.page, "Friday Wall Street", "wallstreet")
    ann.sit(0, buy_in=500)
    # Wall Street deals from three players: the owner seats a calling-station bot
    ann.page.select_option("#bot-kind", "station")
    ann.page.click("#btn-addbot")
    ann.page.wait_for_selector(".seat .badge:text('bot')")
    bob.page.locator(f"#lobby-table tr[data-table-id='{table_id}'] .taken:text('2/7')").wait_for()
    bob.page.locator(f"#lobby-table tr[data-table-id='{table_id}'] td.time:text('90s')").wait_for()
    save_screenshot(bob.page, "lobby.png", tmp_path)
    join_from_lobby(bob, table_id)
    bob.sit(buy_in=400)
    # a guest watches without sitting: the public view
    eve = Player(browser, server)
    eve.page.goto(server + "/")
    eve.page.click("#btn-guest")
    eve.page.wait_for_selector("#lobby-table")
    eve.page.goto(f"{server}/#/table/{table_id}")
    eve.page.wait_for_selector(".seat .badge:text('bot')")
    assert "You are watching" in eve.page.inner_text("[data-testid='status']")

    ann.page.wait_for_selector(".felt-wrap[data-hand='1']", timeout=30000)
    hand_msg = next(m for m in ann.messages() if m.get("type") == "hand")
    hand_id = hand_msg["hand"]
    bought: list[str] = []

    def choose(p: Player, kinds: list[str]) -> str | None:
        if p is ann and "buy" in kinds and not bought:
            bought.append("yes")
            return "buy-market"  # the buy button under a market card
        if p is ann and "bet" in kinds:
            return "bet"
        return None

    words: set[str] = set()
    taken = play_hand([ann, bob], 1, choose=choose,
                      on_step=lambda: (eve.snapshot(), words.update(seat_actions(bob))))
    # R3.10: mucking is not offered, so the server shows every hand without asking (nobody clicks Show)
    assert not any(t.endswith(":show") for t in taken)
    assert any(e["op"] == "action_taken" and e["action"]["kind"] == "show"
               for m in ann.messages() if m.get("hand") == hand_id for e in _records(m))
    assert bought
    # every seat shows its last action in words, the server's own (a buy names the slot and the card)
    sent = {e["text"] for m in bob.messages() if m.get("hand") == hand_id for e in _records(m)
            if e["op"] == "action_taken"}
    assert any(w.startswith("buys slot ") and ": " in w for w in words), words
    assert words - {""} <= sent | {"shows"}, words - sent
    assert_helps(ann, hand_id, 1)
    assert_helps(bob, hand_id, 1)
    assert_deltas(ann, hand_id)
    detail = server_result(server, table_id, 1)
    assert detail["id"] == hand_id
    assert_result_matches([ann, bob], detail, 1)
    assert_private(ann, bob, hand_id, 1)
    assert_private(bob, ann, hand_id, 1)
    eve.summary(1).wait_for()
    assert_private(ann, eve, hand_id, 1)
    assert_private(bob, eve, hand_id, 1)
    assert not eve.errors
    # the showdown is drawn: both players' hands are on each page now
    for p, other in ((ann, bob), (bob, ann)):
        _, cards = secret_cards(other, hand_id)
        html = next(html for hand, phase, html in reversed(p.snapshots) if hand == "1" and phase == "over")
        assert all(f"/svg/card/{c}.svg" in html for c in cards)
    # sit out and leave from the table's buttons (a leaver in a hand is folded at their turn, R4.3)
    bob.page.click("#btn-sitout")
    bob.page.locator("#btn-sitout:text('Sit in')").wait_for()
    for p in (ann, bob):
        p.page.click("#btn-leave")
        with contextlib.suppress(Exception):  # in a hand: an in-page dialog asks first
            p.page.click("#dialog-ok", timeout=1500)
    bob.page.wait_for_selector(".sit-btn", timeout=60000)
    for p in (ann, bob, eve):
        p.context.close()


def test_stud_with_joker_on_a_phone_and_hand_history(server: str, browser: Any, tmp_path: Path) -> None:
    suffix = uuid.uuid4().hex[:4]
    cat = Player(browser, server)
    dan = Player(browser, server, phone=True)
    cat.register(f"cat_{suffix}")
    dan.register(f"dan_{suffix}")
    table_id = create_table(cat.page, "Joker stud", "stud", joker=True, private=True)
    assert "with the joker" in cat.page.inner_text(".table-head .sub")
    cat.sit(1)
    # a private table: not in the others' lobby, joined by its invite link
    link = cat.page.input_value(".invite-link")
    invite = link.split("invite=")[1]
    dan.page.goto(f"{server}/#/")
    dan.page.locator("#lobby-table tbody tr").first.wait_for()
    assert dan.page.locator(f"#lobby-table tr[data-table-id='{table_id}']").count() == 0
    dan.page.goto(link)
    dan.page.wait_for_selector(".sit-btn")
    dan.sit(4)
    cat.page.wait_for_selector(".felt-wrap[data-hand='1']", timeout=30000)
    hand_id = next(m for m in cat.messages() if m.get("type") == "hand")["hand"]

    # chat reaches the other player
    dan.page.fill("#chat-input", "good luck")
    dan.page.press("#chat-input", "Enter")
    cat.page.locator(".chat-lines li", has_text="good luck").wait_for()

    # an action chosen in advance is played by itself when the turn comes
    waiting = next(p for p in (cat, dan) if p.page.locator("button.pre[data-pre='call_any']").count()
                   or not p.page.locator("button.act").count())
    waiting.page.locator("button.pre[data-pre='call_any']").click()
    waiting.page.locator("button.pre.on[data-pre='call_any']").wait_for()
    mover = dan if waiting is cat else cat
    act_once(mover)
    waiting.page.locator("button.pre.on").wait_for(state="detached", timeout=60_000)
    mine = waiting.page.locator(".seat.you [data-testid='seat-action']")
    mine.filter(has_text="call").or_(mine.filter(has_text="check")).wait_for(timeout=60_000)
    play_hand([cat, dan], 1)
    assert_helps(cat, hand_id, 1)
    assert_helps(dan, hand_id, 1)
    detail = server_result(server, table_id, 1, invite)
    assert detail["id"] == hand_id and detail["game"]["joker"] is True
    assert_result_matches([cat, dan], detail, 1)
    assert_private(cat, dan, hand_id, 1)
    assert_private(dan, cat, hand_id, 1)
    # the phone page fits its screen: no sideways scrolling
    assert dan.page.evaluate("document.documentElement.scrollWidth") <= 390

    # the hand history viewer: street by street, others' down cards hidden until shown, PHH download
    _, dan_cards = secret_cards(dan, hand_id)
    _, cat_cards = secret_cards(cat, hand_id)
    cat.page.goto(f"{server}/#/hands")
    row = cat.page.locator(f"#hands-table tr[data-hand-id='{hand_id}']")
    row.wait_for()
    row.locator("a").click()
    cat.page.wait_for_selector("#next-street")
    first = cat.page.content()
    assert all(f"/svg/card/{c}.svg" in first for c in cat_cards[:2])  # own down cards
    assert not any(f"/svg/card/{c}.svg" in first for c in dan_cards)
    streets = [cat.page.inner_text("[data-testid='step-label']")]
    while cat.page.locator("#next-street:not([disabled])").count():
        cat.page.click("#next-street")
        streets.append(cat.page.inner_text("[data-testid='step-label']"))
    assert len(streets) >= 3 and "Hand over" in streets[-1], streets
    assert cat.page.locator(".summary-box .summary").count() == 1
    with cat.page.expect_download() as download:
        cat.page.click("#btn-phh")
    text = Path(download.value.path()).read_text()
    history = phh.read_one(text)
    assert list(phh.replay(history).payoffs) == detail["payoffs"]
    assert all(c in text for c in cat_cards)
    cat.context.close()
    dan.context.close()


@pytest.mark.parametrize("game", ["razz", "stud8"])
def test_razz_and_stud_hi_lo_from_the_lobby_form(server: str, browser: Any, game: str) -> None:
    """R5, R6: the create form offers the server's games and only the options each has (no
    joker in razz, no open pair in either); a hand against a bot is played by clicking; the
    hand strength reads as a low in razz; the result and the rules panel are the server's."""
    ann = Player(browser, server)
    ann.register(f"ann_{game}_{uuid.uuid4().hex[:4]}")
    page = ann.page
    page.select_option("#create-game", game)
    assert page.get_attribute("#create-form", "data-stakes") == "stud"
    assert page.locator("input[name='bring_in']").is_visible()
    assert not page.locator("input[name='open_pair_big_bet']").is_visible()  # R5.3, R6.5
    assert page.locator("input[name='joker']").is_visible() == (game == "stud8")  # R6.1
    assert not page.locator("input[name='limit1']").is_visible()
    table_id = create_table(page, f"{game} night", game)
    info = httpx.get(f"{server}/api/tables/{table_id}").json()
    assert info["config"]["game"]["game"] == game
    ann.sit(0, buy_in=500)
    page.select_option("#bot-kind", "station")
    page.click("#btn-addbot")
    page.wait_for_selector(".felt-wrap:not([data-hand=''])", timeout=30000)
    number = int(page.get_attribute(".felt-wrap", "data-hand") or "0")
    hand_id = next(m for m in ann.messages() if m.get("type") == "hand")["hand"]
    shown = page.locator("[data-testid='hand-strength']").inner_text()
    assert shown == strength_text(last_view(ann, hand_id)["strength"])  # the server's words
    assert shown.startswith("Low: " if game == "razz" else "High: "), shown
    play_hand([ann], number)
    assert_result_matches([ann], server_result(server, table_id, number), number)
    page.wait_for_function(
        f"() => (window.__said || []).some((t) => t.startsWith('Hand {number} over.'))", timeout=5000)
    page.click("#btn-rules")
    rules = page.locator("[data-testid='rules']").inner_text().lower()
    if game == "razz":
        assert "highest door card" in rules and "lowest hand" in rules  # R6.3, R6.4
    else:
        assert "lowest door card" in rules and "8-or-better" in rules  # R5.2, R5.4
    page.keyboard.press("Escape")
    ann.context.close()


def test_house_options_in_the_lobby_form_follow_the_server(server: str, browser: Any) -> None:
    """R1.5, R2.6: the create form offers ``fold_when_check`` for every game and
    ``open_pair_raise_big`` where the game has the open pair, as the server's options say
    (defaults off); a table created with both keeps them."""
    ann = Player(browser, server)
    ann.register(f"ann_house_{uuid.uuid4().hex[:4]}")
    page = ann.page
    for game, raise_big in (("razz", False), ("wallstreet", False), ("stud8", False), ("stud", True)):
        page.select_option("#create-game", game)
        assert page.locator("input[name='fold_when_check']").is_visible(), game
        assert page.locator("input[name='open_pair_raise_big']").is_visible() == raise_big, game
    assert not page.locator("input[name='fold_when_check']").is_checked()
    assert not page.locator("input[name='open_pair_raise_big']").is_checked()
    page.check("input[name='fold_when_check']")  # (stud chosen last: choosing a game resets them)
    page.check("input[name='open_pair_raise_big']")
    page.fill("#create-name", "House rules")
    page.click("#create-submit")
    page.wait_for_url("**/#/table/*")
    table_id = int(page.url.split("#/table/")[1].split("?")[0])
    options = httpx.get(f"{server}/api/tables/{table_id}").json()["config"]["game"]
    assert options["fold_when_check"] is True and options["open_pair_raise_big"] is True
    assert ann.errors == []
    ann.context.close()


def test_demo_table_is_playable(server: str, browser: Any) -> None:
    """What `make run` offers: a guest opens the link, joins the demo stud table and plays a hand."""
    eve = Player(browser, server)
    eve.page.goto(server + "/")
    eve.page.click("#btn-guest")
    eve.page.wait_for_selector("#lobby-table")
    eve.name = eve.page.inner_text("#who b")
    row = eve.page.locator("#lobby-table tr", has_text="Demo: Seven Card Stud vs a bot")
    row.locator("a.open").click()
    eve.page.wait_for_selector(".seat .badge:text('bot')")
    eve.sit()
    eve.page.wait_for_selector(".felt-wrap:not([data-hand=''])", timeout=30000)
    number = int(eve.page.get_attribute(".felt-wrap", "data-hand") or "0")
    play_hand([eve], number)
    assert eve.page.locator(f".log .summary[data-hand='{number}'] li[data-player]").count() == 2
    page = eve.page
    # sounds can be muted, and the choice is remembered
    page.click("#btn-mute")
    page.locator("#btn-mute[aria-pressed='true']").wait_for()
    assert page.evaluate("localStorage.getItem('studpoker.mute')") == "1"
    page.reload()
    page.locator("#btn-mute[aria-pressed='true']").wait_for()
    page.click("#btn-mute")
    # the rules of the table's game, in a panel, closed with Escape
    page.click("#btn-rules")
    rules = page.locator("[data-testid='rules']")
    assert "bring-in" in rules.inner_text().lower() and "open pair" in rules.inner_text().lower()
    page.keyboard.press("Escape")
    rules.wait_for(state="detached")
    # the lobby and the hand history open over the table: the seat and the hand go on underneath
    page.click("#btn-lobby")
    page.locator("[data-testid='overlay'] #lobby-table").wait_for()
    page.click("#overlay-close")
    page.click("#btn-hands")
    page.locator("[data-testid='overlay'] #hands-table tr[data-hand-id] a").first.click()
    page.locator("[data-testid='overlay'] #next-step").wait_for()
    assert "/#/table/" in page.url
    page.click("#overlay-close")
    assert page.locator(".seat.you").count() == 1
    # walking away to the lobby: the top bar and the lobby say where the seat is, and lead back
    table_url = page.url
    page.goto(eve.url + "/#/")
    page.locator("[data-testid='seated-banner']").wait_for()
    assert page.locator("#seated-link").is_visible()
    page.click("#seated-link")
    page.wait_for_selector(".seat.you")
    assert page.url == table_url
    # the connection drops: an overlay says so and no action can be clicked until it is back
    eve.context.set_offline(True)
    page.evaluate("window.__sockets.forEach((s) => s.close())")
    page.locator("[data-testid='offline']").wait_for()
    assert page.locator("button.act:not([disabled]), button.pre:not([disabled]), .market button.buy:not([disabled])"
                        ).count() == 0
    eve.context.set_offline(False)
    page.locator("[data-testid='offline']").wait_for(state="detached", timeout=30000)
    # leaving during a hand asks first, in the page (no window.confirm)
    page.wait_for_selector(".felt-wrap:not([data-phase='over']):not([data-phase='none'])", timeout=30000)
    page.click("#btn-leave")
    page.locator("[role='dialog'] #dialog-cancel").click()
    assert page.locator("#btn-leave").inner_text() == "Leave"
    eve.context.close()


def box_of(page: Any, selector: str) -> dict[str, float]:
    """The bounding box of the first match, in view (a redraw may replace it while asked: ask again)."""
    for _ in range(50):
        try:
            page.locator(selector).first.scroll_into_view_if_needed(timeout=2000)
            box: dict[str, float] | None = page.locator(selector).first.bounding_box(timeout=2000)
        except Exception:  # detached by a redraw in between
            box = None
        if box is not None:
            return box
        time.sleep(0.05)
    raise AssertionError(f"no box for {selector}")


def bots_at_work(page: Any, name: str) -> None:
    """A new stud table named ``name`` with two bots playing at it."""
    create_table(page, name, "stud")
    for count in (1, 2):
        page.click("#btn-addbot")
        page.locator(".seat .badge:text('bot')").nth(count - 1).wait_for()


def count_redraws(page: Any) -> None:
    """Count the felt's redraws from now on (``wait_redraws``)."""
    page.evaluate("""() => { window.__redraws = 0;
      new MutationObserver(() => { window.__redraws += 1; })
        .observe(document.querySelector('.felt-box'), {childList: true}); }""")


def wait_redraws(page: Any, n: int) -> None:
    """Until the felt has been redrawn ``n`` times since ``count_redraws``
    (polled: the page's CSP allows no wait_for_function)."""
    deadline = time.time() + 60
    while page.evaluate("window.__redraws") < n:
        assert time.time() < deadline, "the felt was not redrawn"
        time.sleep(0.05)


def test_sit_here_survives_a_redraw_between_press_and_release(server: str, browser: Any) -> None:
    """Bots acting while the button is held redraw the felt; the press still opens the buy-in dialog."""
    fay = Player(browser, server)
    fay.register("fay")
    page = fay.page
    bots_at_work(page, "bots at work")
    page.wait_for_selector(".felt-wrap:not([data-hand='']) .sit-btn", timeout=60000)  # the bots play
    count_redraws(page)
    box = box_of(page, ".sit-btn")
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    wait_redraws(page, 2)
    page.mouse.up()
    page.locator("#sit-confirm").wait_for(timeout=60_000)
    page.click("[role='dialog'] button:text('Cancel')")
    fay.context.close()


def test_a_touch_on_sit_here_through_a_redraw_opens_one_dialog(server: str, browser: Any) -> None:
    """On a phone the browser's tap already lands on the redrawn button: one buy-in dialog, not two."""
    owner = Player(browser, server)
    owner.register("gus")
    bots_at_work(owner.page, "bots at work, phone")
    tina = Player(browser, server, phone=True)
    tina.register("tina")
    page = tina.page
    page.goto(owner.page.url)
    page.wait_for_selector(".felt-wrap:not([data-hand='']) .sit-btn", timeout=60000)
    count_redraws(page)
    box = box_of(page, ".sit-btn")
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    cdp = tina.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    wait_redraws(page, 2)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.locator("#sit-confirm").wait_for(timeout=60_000)
    time.sleep(0.5)
    assert page.locator(".modal").count() == 1
    owner.context.close()
    tina.context.close()
