// Sit-and-go tournaments: the lobby section (list, register/unregister, fill with bots, create)
// and the status panel of a tournament table (level, next level, places). Data from
// GET /api/tournaments and the table message's "tournament" field (docs/protocol.md).

import {api, session} from "./api.js";
import {h, replace, toast} from "./util.js";
import {conn} from "./ws.js";

// A tournament seats the player (at the start) or moves them (tables are balanced and broken as
// players bust): the server says where with a "tournament_table" message; the page follows.
conn.on((msg) => {
  if (msg.type !== "tournament_table" || !msg.table) return;
  const target = `#/table/${msg.table}`;
  if (location.hash !== target) location.hash = target;
});

const STATUS = {registering: "registering", running: "playing", over: "finished"};
const COLUMNS = ["name", "game", "level", "taken", "buyin", "pool", "status", "open"];

function num(name, label, value, attrs = {}) {
  return h("label", {class: "field"}, label,
    h("input", {name, type: "number", value: String(value), step: "1", ...attrs}));
}

function createForm(refresh) {
  // the games and their names come from the server (GET /api/games)
  const gameSelect = h("select", {name: "t_game"});
  api("GET", "/api/games").then((d) => {
    gameSelect.replaceChildren(...d.games.map((g) => h("option", {value: g.game}, g.name)));
  }).catch((err) => toast(`Cannot load the games: ${err.message}`));
  const form = h("form", {class: "create-form tournament-form", "data-testid": "tournament-create"},
    h("h3", {}, "New sit-and-go"),
    h("label", {class: "field"}, "Name", h("input", {name: "t_name", value: "Sit-and-go", maxlength: "64", required: true})),
    h("fieldset", {}, h("legend", {}, "Tournament"),
      h("label", {class: "field"}, "Game", gameSelect),
      num("t_players", "Players", 6, {min: "2", max: "100"}),
      num("t_buy_in", "Buy-in", 100, {min: "1"}),
      num("t_starting_stack", "Starting chips", 1000, {min: "1"}),
      num("t_hands_per_level", "Hands per level", 10, {min: "1"}),
      num("t_action_time", "Seconds to act", 20, {min: "1", max: "600"}),
      h("label", {class: "check"}, h("input", {name: "t_bots_fill", type: "checkbox", checked: true}),
        "Bots may fill the empty places")),
    h("button", {type: "submit", class: "primary", "data-testid": "tournament-create-submit"}, "Create tournament"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const f = form.elements;
    const body = {name: f.t_name.value, game: {game: f.t_game.value}, players: Number(f.t_players.value),
      buy_in: Number(f.t_buy_in.value), starting_stack: Number(f.t_starting_stack.value),
      bots_fill: f.t_bots_fill.checked, action_time: Number(f.t_action_time.value),
      schedule: null};
    const hands = Number(f.t_hands_per_level.value);
    // the game's built-in levels (the server's), rising every `hands` hands
    if (hands !== 10) body.schedule = {hands_per_level: hands};
    try {
      await api("POST", "/api/tournaments", body);
      refresh();
    } catch (err) {
      toast(`Cannot create the tournament: ${err.message}`);
    }
  });
  return form;
}

/** The lobby's tournaments: a section that refreshes itself; returns [element, stop]. */
export function tournamentSection() {
  const body = h("tbody");
  const empty = h("p", {class: "muted"}, "No tournaments yet: create one.");
  const list = h("table", {class: "lobby tournaments", "data-testid": "tournaments"},
    h("thead", {}, h("tr", {}, ["Tournament", "Game", "Level 1", "Players", "Buy-in", "Prize pool", "Status", ""]
      .map((t, i) => h("th", {class: COLUMNS[i]}, t)))), body);
  let stopped = false;
  const act = (t, what) => api("POST", `/api/tournaments/${t.id}/${what}`).then((r) => {
    if (typeof r.balance === "number") session.setBalance(r.balance);
    if (r.status === "running" && r.your_table) location.hash = `#/table/${r.your_table}`;
    refresh();
  }).catch((err) => toast(err.message));

  function row(t) {
    const me = session.user;
    const buttons = [];
    if (t.status === "registering" && me) {
      buttons.push(t.registered_you
        ? h("button", {"data-testid": "tournament-unregister", onclick: () => act(t, "unregister")}, "Unregister")
        : h("button", {class: "primary", "data-testid": "tournament-register", onclick: () => act(t, "register")},
          "Register"));
      if (t.bots_fill && me.id === t.owner_id) {
        buttons.push(h("button", {"data-testid": "tournament-fill", onclick: () => act(t, "fill")}, "Fill with bots"));
      }
    }
    if (t.status === "running" && t.tables.length) {
      buttons.push(h("a", {class: "button open", href: `#/table/${t.tables[0]}`}, "Watch"));
    }
    const winner = t.places.find((p) => p.place === 1);
    return h("tr", {"data-testid": "tournament-row", dataset: {tournamentId: String(t.id), status: t.status}},
      h("td", {class: "name"}, t.name, t.registered_you ? h("span", {class: "badge live"}, "registered") : null,
        h("div", {class: "game-sub"}, `${t.game_info.name} · buy-in ${t.buy_in}`)),
      h("td", {class: "game"}, t.game_info.name), h("td", {class: "level"}, t.stakes),
      h("td", {class: "taken"}, `${t.registered}/${t.players}`), h("td", {class: "buyin"}, String(t.buy_in)),
      h("td", {class: "pool"}, String(t.buy_in * t.players)),
      h("td", {class: "status"}, STATUS[t.status] || t.status, winner ? ` · won by ${winner.name}` : ""),
      h("td", {class: "open"}, buttons));
  }

  async function refresh() {
    try {
      const all = await api("GET", "/api/tournaments");
      if (stopped) return;
      const shown = all.filter((t) => t.status !== "over").concat(all.filter((t) => t.status === "over").slice(0, 3));
      empty.hidden = shown.length > 0;
      replace(body, shown.map(row));
    } catch (err) {
      if (!stopped) replace(body, h("tr", {}, h("td", {colspan: "8"}, `Cannot load the tournaments: ${err.message}`)));
    }
  }
  refresh();
  const timer = setInterval(refresh, 3000);
  const section = h("section", {class: "tournaments-section"}, h("h2", {}, "Sit-and-go tournaments"), list, empty,
    h("details", {class: "create-tournament"}, h("summary", {}, "Create a tournament"), createForm(refresh)));
  return [section, () => { stopped = true; clearInterval(timer); }];
}

function clock(seconds) {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** The status panel of a tournament table (the table message's "tournament" object). */
export function tournamentPanel(t) {
  let next = "";
  if (t.next_in && "hands" in t.next_in) {
    const n = t.next_in.hands;
    next = `in ${n} hand${n === 1 ? "" : "s"}`;
  } else if (t.next_in && "seconds" in t.next_in) next = `in ${clock(t.next_in.seconds)}`;
  const places = t.places || [];
  return h("section", {class: "panel tournament-panel", "data-testid": "tournament-status"},
    h("h3", {}, t.name, t.table ? ` · table ${t.table} of ${t.tables}` : ""),
    h("div", {class: "level", "data-testid": "tournament-level"}, h("b", {}, `Level ${t.level}`), ": ", t.stakes),
    t.over ? null : h("div", {class: "next-level", "data-testid": "tournament-next"},
      `Next: level ${t.next_level} (${t.next_stakes}) ${next}`),
    h("div", {class: "muted"}, `${t.players_left} of ${t.entrants} players left · prize pool ${t.prize_pool}` +
      ` · prizes ${t.prizes.join(" / ")}`),
    t.away && t.away.length ? h("div", {class: "muted"}, `Away (blinded off): ${t.away.join(", ")}`) : null,
    places.length ? h("ol", {class: "places", "data-testid": "tournament-places"},
      places.map((p) => h("li", {value: String(p.place)}, `${p.name}`, p.prize ? ` · ${p.prize}` : ""))) : null);
}
