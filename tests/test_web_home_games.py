"""The browser in the home games (R8), end to end in Chromium: a Baseball hand and a Follow the
Queen hand created from the lobby form and played to the end by clicking, against a bot.

The server runs in this process with known deck seeds (the room's ``new_seed``), so the hands
are the ones described here: in Baseball both door cards are 3s (each player pays or folds on
third street, R8.2) and a 4 dealt face up brings its extra card; in Follow the Queen a queen's
follower changes the wild ranks twice on the first two streets (R8.3). Checked on the page:
the wild ranks of the moment (``data-testid="wild-ranks"``), every wild card marked (class
``wild``, ``data-testid="wild-card"``, a star in its picture) and no other, the pay-or-fold
choice with its price (``data-testid="pay-or-fold"``, the ``pay`` button), the hand strength
with wild cards in the server's words, the result (the server's), the log's words for a
change of wild ranks, the rules panel. Screenshots at 1280x800 and 390x844
(``STUDPOKER_SCREENSHOTS=1`` copies them to docs/images).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from _browser import ARGS, CHROMIUM, keep_screenshot, require_chromium
from _server_support import ServerThread
from studpoker import phh
from studpoker.fairness import deck_from_seed
from studpoker.server import Settings

require_chromium()
from playwright.sync_api import sync_playwright  # noqa: E402 - after the check that names the fix

from test_web_browser import Player, assert_result_matches, server_result, strength_text  # noqa: E402
from test_web_layout import add_bots  # noqa: E402

SETTINGS = Settings(hand_delay=3, start_delay=0.3, bot_delay=0.05, rate_per_second=10_000, rate_burst=10_000,
                    guests_per_ip=100_000, sockets_per_ip=100_000, registrations_per_ip=100_000)
# Decks in dealing order (two players: down, down, door card each, then a card a street):
# Baseball: As 4s Ah 3c | 3h 3s (both doors are 3s) | 7s 4d (the 4d brings the Js at once) ...
BASEBALL_SEED = "d96ad26ac32697e8e9f7d4120a3cee0ffe3e3ef1ffbf5838d64d6a620d6545bf"
# Follow the Queen: 5h 7h 4s Kd | Qs Ac (aces follow the queen) | Qh Jc (jacks follow the next) ...
QUEEN_SEED = "d4271719fe3c6a9bfef0719c3cb98d2dff807dc233907fd47266a4826248da9e"
# High Chicago: Qs 3s 8s 6c (both players' first down cards are spades) ...
CHICAGO_SEED = "38afdcc8193b1218b9ad0c5f18e542120d9b5e21792ee0b88d9eeabadc73a665"
# High Chicago where nobody ends with a spade in the hole (both players call down): the high takes it all
NO_SPADE_SEED = "0e226a64d8c2feea83172c9c7f08d8032f810de170868eb012e0b409eb7538d2"
NEXT_SEED: dict[str, str] = {}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    from studpoker.server.tables import room

    real = room.new_seed
    mp = pytest.MonkeyPatch()
    mp.setattr(room, "new_seed", lambda: NEXT_SEED.get("seed") or real())
    db = f"sqlite:///{tmp_path_factory.mktemp('home') / 'home.db'}"
    try:
        with ServerThread(db, SETTINGS) as srv:
            yield srv
    finally:
        mp.undo()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    pw = sync_playwright().start()
    b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, chromium_sandbox=False)
    try:
        yield b
    finally:
        b.close()
        pw.stop()


def test_the_decks_are_the_ones_described() -> None:
    baseball = [str(c) for c in deck_from_seed(BASEBALL_SEED)]
    assert baseball[4][0] == baseball[5][0] == "3" and baseball[7][0] == "4"
    queen = [str(c) for c in deck_from_seed(QUEEN_SEED)]
    assert queen[4][0] == "Q" and queen[5][0] == "A" and queen[6][0] == "Q" and queen[7][0] == "J"


# the wild ranks and every card's marks read in one go (one turn of the page's event loop: never
# between two renders, which would pair the ranks of one with the cards of the other)
WILD_MARKS = """() => {
  const ranks = document.querySelector("[data-testid='wild-ranks']");
  return [ranks ? ranks.dataset.ranks || '' : '', [...document.querySelectorAll('.felt-wrap img.card')].map((img) => {
  const card = (img.getAttribute('src').match(/card\\/(\\w+)\\.svg/) || [])[1];
  return [card, img.classList.contains('wild'), img.dataset.testid || '', img.alt,
          img.getAttribute('src').includes('wild=true')]; })]; }"""


def check_wild_marks(page: Any, wild_game: bool) -> tuple[str, int]:
    """Every face-up or own card whose rank is wild now is marked, and no other: the wild ranks of
    the moment and the count marked."""
    ranks, cards = page.evaluate(WILD_MARKS)
    ranks = ranks if wild_game else ""
    marked = 0
    for card, wild, testid, alt, star in cards:
        if card == "back":
            assert not wild and not testid
            continue
        want = card[0] in ranks
        assert wild == want and (testid == "wild-card") == want and star == want, (card, ranks)
        assert alt.endswith("(wild)") == want or ("(wild)" in alt) == want, alt
        marked += want
    return ranks, marked


def view_of(player: Player) -> dict[str, Any]:
    views = [m["view"] for m in player.messages() if m.get("type") in ("hand", "update")]
    assert views
    return dict(views[-1])


def play_home_hand(player: Player, server: str, game: str, seed: str, tmp: Path) -> dict[str, Any]:
    """Create a table of ``game`` from the lobby form, sit, add a bot, play the first hand to
    its end checking the wild marks at every step; returns what was seen."""
    NEXT_SEED["seed"] = seed
    page = player.page
    page.goto(server + "/#/")
    page.wait_for_selector("#lobby-table")
    page.select_option("#create-game", game)
    assert page.locator("input[name='three_price']").is_visible() == (game == "baseball")  # R8.2
    wild_game = game in ("baseball", "follow_the_queen")
    assert page.locator("input[name='joker']").is_visible() == (not wild_game)  # R8.1: no joker with wild cards
    assert page.locator("input[name='open_pair_big_bet']").is_visible() == (game != "baseball")
    if game == "baseball":
        assert page.input_value("input[name='three_price']") == "10"  # the big bet: the server's default
        page.fill("input[name='three_price']", "7")
    page.fill("#create-name", f"{game} night")
    page.fill("input[name='action_time']", "90")
    page.fill("input[name='time_bank']", "0")
    page.click("#create-submit")
    page.wait_for_url("**/#/table/*")
    table_id = int(page.url.split("#/table/")[1].split("?")[0])
    info = httpx.get(f"{server}/api/tables/{table_id}").json()
    assert info["config"]["game"]["game"] == game
    wild = page.locator("[data-testid='wild-ranks']")
    if wild_game:
        assert wild.inner_text() == ("Wild: 9s and 3s" if game == "baseball" else "Wild: queens")
    else:
        assert wild.count() == 0  # no wild card in Chicago
    player.sit(0, buy_in=500)
    token = page.evaluate("localStorage.getItem('studpoker.token')")
    add_bots(server, token, table_id, [1])
    page.wait_for_selector(".felt-wrap:not([data-hand=''])", timeout=30000)
    number = int(page.get_attribute(".felt-wrap", "data-hand") or "0")
    seen: dict[str, Any] = {"ranks": set(), "marked": 0, "pay": [], "strength": set(), "shots": [],
                            "spade_half": []}
    deadline = time.time() + 120
    while not player.summary(number).count():
        assert time.time() < deadline, f"{game} hand {number} did not finish"
        ranks, marked = check_wild_marks(page, wild_game)
        seen["ranks"].add(ranks)
        seen["marked"] += marked
        buttons = page.locator("button.act:not([disabled])")
        try:
            kinds = buttons.evaluate_all("els => els.map(e => e.dataset.kind)")
        except Exception:  # redrawn in between
            kinds = []
        if kinds:
            view = view_of(player)
            if view["to_act"] == view["seat"] and view["phase"] != "over":
                shown = page.locator("[data-testid='hand-strength']").inner_text()
                if shown == strength_text(view["strength"]):
                    seen["strength"].add(shown)
                half = page.locator(".seat.you [data-testid='spade-half']")
                if half.count():  # R8.4: the spade half beside the hand strength, as the server reads it
                    seen["spade_half"].append((half.get_attribute("data-spade"), half.inner_text(),
                                               view["strength"].get("spade")))
            if "pay" in kinds:  # R8.2: the choice, with its price, in words and on the button
                prompt = page.locator("[data-testid='pay-or-fold']").inner_text()
                label = page.locator("button.act[data-kind='pay']").get_attribute("aria-label")
                seen["pay"].append((prompt, label, set(kinds)))
                if len(seen["pay"]) == 1:
                    for label_, size in (("desktop", (1280, 800)), ("phone", (390, 844))):
                        page.set_viewport_size(dict(zip(("width", "height"), size, strict=True)))
                        path = tmp / f"{game}-{label_}-pay.png"
                        page.screenshot(path=str(path))
                        seen["shots"].append(path)
                    page.set_viewport_size({"width": 1280, "height": 800})
            kind = next((k for k in ("pay", "check", "call", "bring_in", "show") if k in kinds), kinds[-1])
            with contextlib.suppress(Exception):  # redrawn in between: the next round tries again
                page.locator(f"button.act[data-kind='{kind}']:not([disabled])").first.click(timeout=2000)
        time.sleep(0.08)
    for label_, size in (("desktop", (1280, 800)), ("phone", (390, 844))):
        page.set_viewport_size(dict(zip(("width", "height"), size, strict=True)))
        page.wait_for_function("() => !document.querySelector('.flying-chip')")
        path = tmp / f"{game}-{label_}-showdown.png"
        page.screenshot(path=str(path), full_page=True)
        seen["shots"].append(path)
    page.set_viewport_size({"width": 1280, "height": 800})
    seen["final_marked"] = check_wild_marks(page, wild_game)[1]
    detail = server_result(server, table_id, number)
    assert_result_matches([player], detail, number)
    names = [e["name"] for e in detail["start"]]
    seen["spade"] = [", ".join(names[s] for s in r.spade_winners)
                     for r in phh.replay(phh.read_one(detail["phh"])).results]
    seen["spade_shown"] = player.summary(number).locator("li.pot-result").evaluate_all(
        "els => els.map(e => e.dataset.spade)")
    seen["summary"] = player.summary(number).inner_text()
    seen["log"] = page.locator(".log li").all_inner_texts()
    page.click("#btn-rules")
    seen["rules"] = page.locator("[data-testid='rules']").inner_text()
    page.keyboard.press("Escape")
    page.click("#btn-leave")
    NEXT_SEED.clear()
    assert not player.errors, player.errors
    return seen


def test_r8_2_a_baseball_hand_in_the_browser(server: ServerThread, browser: Any, tmp_path: Path) -> None:
    """R8.2: 9s and 3s wild and marked; the door 3 is paid for at the table's price (7), a choice
    with its price in words and on the button; the 4 brings its extra card; the hand strength
    names wild hands as players do; the result and the rules are the server's."""
    ann = Player(browser, server.url)
    ann.register("ann_baseball")
    seen = play_home_hand(ann, server.url, "baseball", BASEBALL_SEED, tmp_path)
    assert seen["ranks"] == {"93"}
    assert seen["marked"] > 0 and seen["final_marked"] >= 2  # both doors are 3s
    assert seen["pay"], "the door 3 was not offered to pay for"
    prompt, label, kinds = seen["pay"][0]
    assert prompt == "Your face-up 3 costs 7: pay to stay in, or fold." and label == "Pay 7 to stay in"
    assert kinds == {"pay", "fold"}
    assert any(line.endswith("pays 7 to stay in") for line in seen["log"]), seen["log"]
    assert seen["strength"], "no hand strength matched the server's words"
    assert "9s and 3s are wild" in seen["rules"].replace("Nines and threes", "9s and 3s") or \
        "nines and threes are wild" in seen["rules"].lower()
    assert "costs its holder 7" in seen["rules"]
    for path in seen["shots"]:
        keep_screenshot(path)
    ann.context.close()


def test_r8_3_a_follow_the_queen_hand_in_the_browser(server: ServerThread, browser: Any,
                                                     tmp_path: Path) -> None:
    """R8.3: the wild ranks change as the cards fall (aces follow the first queen, then jacks
    the second), the page shows each and marks those cards; the log says it in words."""
    bea = Player(browser, server.url)
    bea.register("bea_queen")
    seen = play_home_hand(bea, server.url, "follow_the_queen", QUEEN_SEED, tmp_path)
    assert {"AQ", "QJ"} <= seen["ranks"], seen["ranks"]  # highest first, as the server sends them
    assert seen["marked"] > 0
    assert not seen["pay"]
    assert "the ace is wild now" in " ".join(seen["log"]) and "the jack is wild now" in " ".join(seen["log"])
    assert "only queens are wild now" in " ".join(seen["log"])
    assert seen["strength"]
    assert "follow" in seen["rules"].lower() or "next face-up card" in seen["rules"]
    for path in seen["shots"]:
        keep_screenshot(path)
    bea.context.close()


def test_r8_4_a_high_chicago_hand_names_the_spade_half(server: ServerThread, browser: Any,
                                                       tmp_path: Path) -> None:
    """R8.4: no wild card anywhere; the result names who won the spade half, as the server says."""
    cy = Player(browser, server.url)
    cy.register("cy_chicago")
    seen = play_home_hand(cy, server.url, "high_chicago", CHICAGO_SEED, tmp_path)
    assert seen["marked"] == 0 and not seen["pay"]
    assert seen["spade_shown"] == seen["spade"] and seen["spade"][0], seen
    assert f"Spade {seen['spade'][0]}" in seen["summary"] and "of spades in the hole" in seen["summary"]
    # during the hand the player reads the spade that plays for the spade half, the server's
    assert seen["spade_half"], "no spade half shown during the hand"
    for card, text, server_card in seen["spade_half"]:
        assert card == (server_card or "")
        assert text == (f"Spade half: your spade in the hole: {card}" if card else "Spade half: no spade in the hole")
    assert any(card.endswith("s") for card, _, _ in seen["spade_half"])
    cy.context.close()


def test_r8_4_with_no_spade_in_the_hole_the_high_hand_takes_it_all(server: ServerThread, browser: Any,
                                                                    tmp_path: Path) -> None:
    """R8.4: nobody has a spade in the hole at the showdown: the result says so, the high takes it all."""
    di = Player(browser, server.url)
    di.register("di_chicago")
    seen = play_home_hand(di, server.url, "high_chicago", NO_SPADE_SEED, tmp_path)
    assert seen["spade"] == [""], seen["spade"]  # the server: no spade winner
    assert "no spade in the hole: the high hand takes it all" in seen["summary"], seen["summary"]
    di.context.close()
