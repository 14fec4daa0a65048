"""The browser client as a player meets it: page weight, time to a playable table, action to screen.

Starts ``studpoker serve --demo`` (from ``--src``, default this checkout) and drives Debian's Chromium:
a guest joins the demo stud table and plays; we measure

- the bytes the browser fetched for the table page (HTML, CSS, modules, card pictures; as sent,
  so after gzip), from a cold cache;
- the time from loading the page (a reload, logged in and seated, cold cache) to an enabled
  action button (median of a few reloads);
- the time from a click on check/call to the server's answer drawn on the page (median of N).

    python benchmarks/web_client.py [--src PATH] [--hands 3] [--reloads 5] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
HERE = Path(__file__).resolve().parent.parent

WEIGHT = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const res = performance.getEntriesByType('resource');
  const sum = (xs, k) => xs.reduce((a, e) => a + (e[k] || 0), 0);
  return {transferred: (nav ? nav.transferSize : 0) + sum(res, 'transferSize'),
          decoded: (nav ? nav.decodedBodySize : 0) + sum(res, 'decodedBodySize'), files: res.length + 1};
}"""

# click check, call, bring-in or show and resolve when the server's answer is on the page: the
# turn has passed (no action button left) -- not merely the buttons disabled while waiting
CLICK = """() => new Promise((resolve) => {
  const pick = document.querySelector("button.act[data-kind='check']:not([disabled])")
    || document.querySelector("button.act[data-kind='call']:not([disabled])")
    || document.querySelector("button.act[data-kind='bring_in']:not([disabled])")
    || document.querySelector("button.act[data-kind='show']:not([disabled])");
  if (!pick) return resolve(null);
  const t0 = performance.now();
  const done = () => !document.querySelector('button.act');
  const obs = new MutationObserver(() => {
    if (done()) { obs.disconnect(); requestAnimationFrame(() => resolve(performance.now() - t0)); }
  });
  obs.observe(document.body, {childList: true, subtree: true, attributes: true});
  pick.click();
  setTimeout(() => { obs.disconnect(); resolve(null); }, 5000);
})"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--src", default=str(HERE / "src"), help="the source tree to serve (default: this one)")
    parser.add_argument("--hands", type=int, default=3, help="hands to play for action timings")
    parser.add_argument("--reloads", type=int, default=5, help="reloads timed (the median is reported)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if not os.path.exists(CHROMIUM):
        print(f"{CHROMIUM} is missing: sudo apt-get install -y chromium", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp())
    port = free_port()
    env = {**os.environ, "PYTHONPATH": args.src}
    proc = subprocess.Popen(
        [sys.executable, "-m", "studpoker.cli", "serve", "--port", str(port), "--db", f"sqlite:///{tmp / 'b.db'}",
         "--demo", "--hand-delay", "1", "--bot-delay", "0.5", "--log-level", "warning"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 60
        while True:
            try:
                if httpx.get(f"{url}/api/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.time() > deadline or proc.poll() is not None:
                print("the server did not start", file=sys.stderr)
                return 1
            time.sleep(0.2)
        pw = sync_playwright().start()
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, chromium_sandbox=False)
        page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        page.goto(url + "/")
        page.click("#btn-guest")
        page.wait_for_selector("#lobby-table")
        row = page.locator("#lobby-table tr", has_text="Demo: Seven Card Stud")
        row.locator("a.open").click()
        page.wait_for_selector(".sit-btn")
        page.locator(".sit-btn").first.click()
        page.click("#sit-confirm")
        page.wait_for_selector("button.act:not([disabled])", timeout=60000)
        table_url = page.url
        # reloads, logged in and seated, with the cache emptied: weight and time to a playable table
        cdp = page.context.new_cdp_session(page)
        cdp.send("Network.enable")
        loads: list[float] = []
        weight: dict[str, Any] = {}
        for _ in range(args.reloads):
            cdp.send("Network.clearBrowserCache")
            page.goto("about:blank")
            t0 = time.perf_counter()
            page.goto(table_url)
            page.wait_for_selector("button.act:not([disabled])", timeout=60000)
            loads.append((time.perf_counter() - t0) * 1000)
            weight = page.evaluate(WEIGHT)
            if os.environ.get("WEB_CLIENT_DEBUG"):
                print(page.evaluate("""() => performance.getEntriesByType('resource').map(
                  (e) => `${e.name.split('/').pop()} ${Math.round(e.startTime)}-${Math.round(e.responseEnd)}`)
                  .concat([`now ${Math.round(performance.now())}`]).join('\\n')"""), file=sys.stderr)
        # action to screen: click check/call whenever it is our turn
        timings: list[float] = []
        deadline = time.time() + 40 * args.hands
        while len(timings) < 4 * args.hands and time.time() < deadline:
            if page.locator("button.act:not([disabled])").count():
                ms = page.evaluate(CLICK)
                if ms is not None:
                    timings.append(float(ms))
            else:
                time.sleep(0.05)
        browser.close()
        pw.stop()
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
    out: dict[str, Any] = {
        "page_bytes_transferred": weight["transferred"], "page_bytes_decoded": weight["decoded"],
        "files": weight["files"], "ms_to_playable_table_median": round(statistics.median(loads), 1),
        "reloads": len(loads),
        "action_to_screen_ms_median": round(statistics.median(timings), 1) if timings else None,
        "action_to_screen_ms_max": round(max(timings), 1) if timings else None, "actions_timed": len(timings),
    }
    if args.json:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            print(f"{k:32} {v}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
