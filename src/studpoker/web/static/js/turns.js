// Your turn, everywhere on the site: the server tells every connection of a player when their turn
// comes at any table ("your_turn", and "turn_over" when it ends; docs/protocol.md). While that table
// is not in view (the lobby, "Your hands", a replay, the rules, another page) a banner leads back to
// it, the tab's title says so and the turn sound plays. The time bank never drains unseen: when the
// action time runs out with the table hidden by the site, the page goes back to the table itself.

import {play} from "./sound.js";
import {h, parseHash, replace} from "./util.js";
import {conn} from "./ws.js";

const turns = new Map(); // table id -> {table, name, hand, deadline, bank_deadline}
const baseTitle = document.title;
let banner = null;
let timer = null;

/** Whether a table's page is in view: its route, with nothing of the site over it. */
export function tableInView(id) {
  const {path} = parseHash(location.hash);
  if (path[0] !== "table" || Number(path[1]) !== id) return false;
  return !document.querySelector("[data-testid='overlay'], [data-testid='rules']");
}

/** Back to the table: whatever the site shows over it closes, and its page opens. */
export function backToTable(id) {
  document.querySelector("#rules-close")?.click();
  document.querySelector("#overlay-close")?.click();
  const {path} = parseHash(location.hash);
  if (path[0] !== "table" || Number(path[1]) !== id) location.hash = `#/table/${id}`;
}

/** The tables where it is the player's turn now (for the table page's own title). */
export function pendingTurns() {
  return [...turns.values()];
}

function render() {
  if (!banner) {
    banner = document.getElementById("turn-banner");
    if (!banner) return;
  }
  const hidden = [...turns.values()].filter((t) => !tableInView(t.table));
  banner.hidden = hidden.length === 0;
  // overlays and dialogs start below the banner
  requestAnimationFrame(() => document.documentElement.style.setProperty("--turn-banner-h",
    banner.hidden ? "0px" : `${Math.max(0, Math.round(banner.getBoundingClientRect().bottom))}px`));
  if (turns.size && !hidden.length) return; // the table page says it itself
  document.title = hidden.length ? `Your turn · ${baseTitle}` : document.title.replace(/^Your turn · /, "");
  if (!hidden.length) {
    replace(banner);
    return;
  }
  const t = hidden[0];
  const left = Math.max(0, Math.ceil(t.deadline - conn.now()));
  const bank = Math.max(0, Math.ceil(t.bank_deadline - conn.now()));
  const what = t.hand === null ? `Choose the next game at ${t.name}` : `Your turn at ${t.name}`;
  const clock = left > 0 ? `${left}s` : `bank ${bank}s`;
  replace(banner, h("span", {class: "turn-text"}, `${what} · `, h("span", {class: "turn-clock"}, clock)),
    h("button", {class: "primary", "data-testid": "turn-banner-back", onclick: () => backToTable(t.table)},
      "Back to the table"));
}

function tick() {
  const now = conn.now();
  for (const t of turns.values()) {
    // the action time is over and the table is still hidden by the site: back to it, before the bank runs
    if (!t.returned && now >= t.deadline - 0.25 && !tableInView(t.table)) {
      t.returned = true;
      backToTable(t.table);
    }
  }
  render();
}

conn.on((msg) => {
  if (msg.type === "your_turn") {
    turns.set(msg.table, {...msg, returned: false});
    if (!tableInView(msg.table)) play("turn");
  } else if (msg.type === "turn_over") {
    const t = turns.get(msg.table);
    if (t && (t.hand === msg.hand || msg.hand === null || t.hand === null)) turns.delete(msg.table);
  } else {
    return;
  }
  if (turns.size && timer === null) timer = setInterval(tick, 250);
  if (!turns.size && timer !== null) {
    clearInterval(timer);
    timer = null;
  }
  render();
});
conn.onStatus((status) => {
  if (status !== "online") {
    turns.clear(); // the server tells again after the reconnection (watch)
    render();
  }
});
window.addEventListener("hashchange", () => setTimeout(render, 0));
document.addEventListener("studpoker:overlay", () => setTimeout(render, 0));
