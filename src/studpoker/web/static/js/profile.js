// Player statistics pages: /profile.html?name=NAME and /leaderboard.html?game=stud
// (docs/stats.md for the definitions, docs/server.md for the routes).

import {api, apiText, session} from "./api.js";

/** The games and their display names, from the server (GET /api/games). */
async function gameNames() {
  const d = await api("GET", "/api/games");
  return d.games.map((g) => [g.game, g.name]);
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

const pct = (v) => (v === null || v === undefined ? "–" : `${Math.round(v * 100)}%`);
const num = (v) => (v === null || v === undefined ? "–" : v.toFixed(2));
const signed = (v) => (v > 0 ? `+${v}` : `${v}`);

/** A line chart of chips over hands as inline SVG. */
function chart(points) {
  const w = 640, h = 200, pad = 28;
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("class", "chips-chart");
  svg.setAttribute("data-testid", "chips-chart");
  svg.setAttribute("role", "img");
  const lo = Math.min(0, ...points), hi = Math.max(0, ...points);
  const span = hi - lo || 1;
  const x = (i) => pad + (i * (w - 2 * pad)) / Math.max(1, points.length - 1);
  const y = (v) => h - pad - ((v - lo) * (h - 2 * pad)) / span;
  const line = (x1, y1, x2, y2, cls) => {
    const l = document.createElementNS(svg.namespaceURI, "line");
    Object.entries({x1, y1, x2, y2, class: cls}).forEach(([k, v]) => l.setAttribute(k, v));
    svg.append(l);
  };
  line(pad, y(0), w - pad, y(0), "axis");
  const path = document.createElementNS(svg.namespaceURI, "polyline");
  path.setAttribute("points", points.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "));
  path.setAttribute("class", points[points.length - 1] >= 0 ? "up" : "down");
  svg.append(path);
  const label = (text, px, py, anchor) => {
    const t = document.createElementNS(svg.namespaceURI, "text");
    t.setAttribute("x", px); t.setAttribute("y", py); t.setAttribute("text-anchor", anchor);
    t.textContent = text;
    svg.append(t);
  };
  label(`${hi}`, pad - 4, y(hi) + 4, "end");
  label(`${lo}`, pad - 4, y(lo) + 4, "end");
  label(`${points.length - 1} hands`, w - pad, h - 6, "end");
  const title = document.createElementNS(svg.namespaceURI, "title");
  title.textContent = "chips over hands";
  svg.append(title);
  return svg;
}

function statsTable(row) {
  const rows = [
    ["Hands", row.hands], ["VPIP", pct(row.vpip)], ["Completion/raise on third", pct(row.third_raise)],
    ["Bring-in steal", pct(row.steal)], ["Fold to steal", pct(row.fold_to_steal)],
    ["Saw fourth street", pct(row.saw_fourth)], ["Went to showdown", pct(row.wtsd)],
    ["Won at showdown", pct(row.wsd)], ["Aggression factor", num(row.af)],
    ...Object.entries(row.af_by_street).map(([street, v]) => [`  aggression, ${street} street`, num(v)]),
  ];
  if (row.market_buys) {
    for (const [round, v] of Object.entries(row.market_buys)) rows.push([`Market buys, ${round} card`, pct(v)]);
    rows.push(["Average market price", num(row.avg_market_price)]);
  }
  if (row.game === "baseball") { // R8.2: face-up 3s paid for, of those to pay for or fold to
    const c = row.counts || {};
    rows.push(["Face-up 3s paid for", `${pct(row.pay_three)} (${c.threes_paid ?? 0} of ${c.three_decisions ?? 0})`]);
  }
  rows.push(["Net chips", signed(row.net)]);
  const ci = row.per100_ci ? ` (95%: ${row.per100_ci[0].toFixed(0)} to ${row.per100_ci[1].toFixed(0)})` : "";
  rows.push(["Chips per 100 hands", row.per100 === null ? "–" : `${row.per100.toFixed(1)}${ci}`]);
  const body = el("tbody");
  for (const [name, value] of rows) body.append(el("tr", {}, el("th", {text: name}), el("td", {text: String(value)})));
  return el("table", {class: "stats-table"}, body);
}

async function profilePage(app) {
  const name = new URLSearchParams(location.search).get("name") || session.user?.name;
  if (!name) {
    app.replaceChildren(el("p", {class: "muted", text: "Which player? /profile.html?name=NAME"}));
    return;
  }
  let data;
  try {
    data = await api("GET", `/api/players/${encodeURIComponent(name)}/stats`);
  } catch (e) {
    app.replaceChildren(el("p", {class: "muted", text: e.message}));
    return;
  }
  const head = el("div", {class: "profile-head"}, el("h2", {text: data.name}));
  if (session.token && session.user?.name === data.name) {
    const button = el("button", {type: "button", "data-testid": "download-hands", text: "Download all my hands (.phhs)"});
    button.addEventListener("click", async () => {
      const text = await apiText("/api/me/hands.phhs");
      const url = URL.createObjectURL(new Blob([text], {type: "text/plain"}));
      const a = el("a", {href: url, download: `${data.name}-hands.phhs`});
      a.click();
      URL.revokeObjectURL(url);
    });
    head.append(button);
  }
  const sections = [head];
  if (!data.games.length) sections.push(el("p", {class: "muted", text: "No hands played yet."}));
  for (const row of data.games) {
    sections.push(el("section", {class: "panel profile-game", "data-testid": "stats-row", "data-game": row.game},
      el("h3", {text: row.game_name || row.game}),
      el("div", {class: "profile-grid"}, statsTable(row), chart(data.chart[row.game] || [0]))));
  }
  app.replaceChildren(el("div", {"data-testid": "profile"}, ...sections));
}

async function leaderboardPage(app) {
  const params = new URLSearchParams(location.search);
  const game = params.get("game") || "stud";
  const rows = await api("GET", `/api/leaderboard?game=${encodeURIComponent(game)}&min_hands=${params.get("min_hands") || 1}`);
  const tabs = el("nav", {class: "row"}, ...(await gameNames()).map(([g, title]) =>
    el("a", {href: `?game=${g}`, class: g === game ? "badge live" : "badge", text: title})));
  const body = el("tbody");
  for (const r of rows) {
    body.append(el("tr", {},
      el("td", {text: String(r.rank)}),
      el("td", {}, el("a", {href: `/profile.html?name=${encodeURIComponent(r.name)}`, text: r.name})),
      el("td", {text: String(r.hands)}), el("td", {text: signed(r.net)}),
      el("td", {text: r.per100 === null ? "–" : r.per100.toFixed(1)}),
      el("td", {text: pct(r.vpip)}), el("td", {text: num(r.af)})));
  }
  const headRow = el("tr", {}, ...["#", "Player", "Hands", "Net", "Per 100", "VPIP", "AF"].map((t) => el("th", {text: t})));
  app.replaceChildren(el("div", {"data-testid": "leaderboard"}, el("h2", {text: "Leaderboard"}), tabs,
    rows.length ? el("table", {class: "stats-table leaderboard"}, el("thead", {}, headRow), body)
      : el("p", {class: "muted", text: "Nobody has played enough hands yet."})));
}

async function main() {
  const app = document.getElementById("app");
  if (session.token) {
    try {
      session.setUser(await api("GET", "/api/me"));
    } catch {
      /* a stale token: the pages work without one */
    }
  }
  if (app.dataset.page === "leaderboard") await leaderboardPage(app);
  else await profilePage(app);
}

main();
