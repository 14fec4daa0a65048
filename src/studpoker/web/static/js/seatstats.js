// A small statistics popup on a seat at the table: click a player's name on the felt for their
// hands, VPIP and aggression in this game (GET /api/players/NAME/stats, docs/stats.md).

import {api} from "./api.js";

let open = null;

function close() {
  if (open) open.remove();
  open = null;
}

function pct(v) {
  return v === null || v === undefined ? "–" : `${Math.round(v * 100)}%`;
}

async function show(seat, name) {
  close();
  const box = document.createElement("div");
  box.className = "seat-stats panel";
  box.setAttribute("data-testid", "seat-stats");
  box.textContent = "…";
  const rect = seat.getBoundingClientRect();
  box.style.left = `${Math.max(4, rect.left + window.scrollX)}px`;
  box.style.top = `${rect.bottom + window.scrollY + 4}px`;
  document.body.append(box);
  open = box;
  let data = null;
  try {
    data = await api("GET", `/api/players/${encodeURIComponent(name)}/stats`);
  } catch {
    box.textContent = `${name}: no statistics`;
    return;
  }
  if (open !== box) return;
  const rows = data.games;
  box.replaceChildren();
  const title = document.createElement("a");
  title.href = `/profile.html?name=${encodeURIComponent(name)}`;
  title.textContent = name;
  title.target = "_blank";
  box.append(title);
  if (!rows.length) {
    box.append(document.createTextNode(": no hands yet"));
    return;
  }
  for (const g of rows) {
    const line = document.createElement("div");
    line.className = "seat-stats-line";
    line.dataset.game = g.game;
    const af = g.af === null ? "–" : g.af.toFixed(1);
    line.textContent = `${g.game_name || g.game}: ${g.hands} hands, VPIP ${pct(g.vpip)}, AF ${af}`;
    box.append(line);
  }
}

document.addEventListener("click", (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const nm = target?.closest(".seat .nm");
  if (nm) {
    const seat = nm.closest(".seat");
    const name = seat?.dataset.name || nm.textContent;
    if (name && !/^seat \d+$/.test(name)) {
      event.preventDefault();
      show(seat, name);
      return;
    }
  }
  if (open && !(target && open.contains(target))) close();
});
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") close();
});
