// The lobby: open tables (game, stakes, seats taken, action time) and the create-table form.

import {api} from "./api.js";
import {h, replace, seated, toast} from "./util.js";
import {tournamentSection} from "./tournaments.js";
import {conn} from "./ws.js";

const actionTimes = new Map(); // table id -> seconds (a table's configuration never changes)

async function actionTime(id) {
  if (!actionTimes.has(id)) {
    actionTimes.set(id, api("GET", `/api/tables/${id}`).then((t) => t.config.action_time).catch(() => null));
  }
  return actionTimes.get(id);
}

// Each field of the form names the game option it sets (data-option); a field shows only when
// the chosen game has that option (the server's game_info.options), so the form follows the
// server's games (stud, stud8, razz, wallstreet ...) without knowing any of them.
function num(name, label, value, attrs = {}, option = name) {
  return h("label", {class: "field", dataset: {option}}, label,
    h("input", {name, type: "number", value: value === null ? "" : String(value), step: "1", ...attrs}));
}

function check(name, label, checked, title, option = name) {
  return h("label", {class: "check", title, dataset: {option}}, h("input", {name, type: "checkbox", checked}), label);
}

function createForm() {
  // the games, their names, seat limits and options come from the server (GET /api/games)
  const game = h("select", {name: "game", id: "create-game"});
  const seats = num("seats", "Seats (blank: most)", null, {placeholder: "max"}, "");
  const games = new Map();
  const options = () => (games.get(game.value) || {}).options || {};
  const show = () => {
    const g = games.get(game.value);
    const input = seats.querySelector("input");
    const has = options();
    form.setAttribute("data-game", game.value);
    // the stakes of this game: a bring-in and two bets (the stud games) or five limits (Wall Street)
    form.setAttribute("data-stakes", "limits" in has ? "wallstreet" : "stud");
    for (const el of form.querySelectorAll("[data-option]")) {
      if (el.dataset.option) el.hidden = !(el.dataset.option in has);
    }
    for (const box of [studBox, wallBox]) {
      box.hidden = [...box.querySelectorAll("[data-option]")].every((el) => el.hidden);
    }
    if (!g) return;
    input.min = String(g.min_players);
    input.max = String(g.max_players);
    input.placeholder = `max ${g.max_players}`;
  };
  // every default (stakes, rules) is the server's: each game's complete default options
  const defaults = (g) => {
    const o = g.options || {};
    for (const el of form.querySelectorAll("[data-option]")) {
      const opt = el.dataset.option;
      if (!opt || !(opt in o)) continue;
      const input = el.querySelector("input");
      const value = opt === "limits" ? o.limits[Number(input.dataset.index)] : o[opt];
      if (value === undefined || value === null) continue;
      if (input.type === "checkbox") input.checked = Boolean(value);
      else input.value = String(value);
    }
  };
  api("GET", "/api/games").then((d) => {
    for (const g of d.games) games.set(g.game, g);
    replace(game, d.games.map((g) => h("option", {value: g.game}, g.name)));
    defaults(d.games[0]);
    show();
  }).catch((err) => toast(`Cannot load the games: ${err.message}`));
  const limits = [1, 2, 3, 4, 5].map((i) => {
    const field = num(`limit${i}`, `Limit ${["3rd", "4th", "5th", "6th", "7th"][i - 1]}`, null, {min: "1"}, "limits");
    field.querySelector("input").dataset.index = String(i - 1);
    return field;
  });
  const studBox = h("fieldset", {class: "only-stud"}, h("legend", {}, "Stud stakes"),
    num("ante", "Ante", null, {min: "0"}), num("bring_in", "Bring-in", null, {min: "1"}),
    num("small_bet", "Small bet", null, {min: "1"}), num("big_bet", "Big bet", null, {min: "1"}),
    check("open_pair_big_bet", "Open pair on 4th allows the big bet", false),
    check("showdown_muck", "Players may muck at showdown", false, "R1.9"));
  const wallBox = h("fieldset", {class: "only-wallstreet"}, h("legend", {}, "Wall Street stakes"),
    num("ws_ante", "Ante", null, {min: "0"}, "ante"),
    h("div", {class: "limits"}, limits),
    num("market_unit", "Market unit (blank: first limit)", null, {min: "1", placeholder: "auto"}),
    check("ws_showdown_muck", "Players may muck at showdown", false,
      "R3.10: by default everyone still in shows", "showdown_muck"));
  const form = h("form", {id: "create-form", class: "create-form", "data-game": "stud", "data-stakes": "stud"},
    h("h2", {}, "Create a table"),
    h("label", {class: "field"}, "Name", h("input", {name: "name", id: "create-name", required: true, maxlength: "64",
      value: "My table"})),
    h("label", {class: "field"}, "Game", game),
    studBox, wallBox,
    h("fieldset", {}, h("legend", {}, "Rules"),
      check("joker", "Joker (bug)", false, "53-card deck with the joker"),
      check("double_ace_flush", "Joker makes double-ace flushes", false),
      num("max_raises", "Raises per street", null, {min: "0", max: "100"}),
      check("heads_up_uncapped", "No raise cap heads-up", false)),
    h("fieldset", {}, h("legend", {}, "Table"),
      seats,
      num("action_time", "Seconds to act", 20, {min: "1", max: "600"}, ""),
      num("time_bank", "Time bank (s)", 60, {min: "0", max: "3600"}, ""),
      num("min_buy_in", "Min buy-in", 100, {min: "1"}, ""), num("max_buy_in", "Max buy-in", 1000, {min: "1"}, ""),
      check("private", "Private (invite link only)", false, undefined, "")),
    h("button", {type: "submit", class: "primary", id: "create-submit"}, "Create table"));
  game.addEventListener("change", () => {
    const g = games.get(game.value);
    if (g) defaults(g); // the new game's stakes and rules, as the server defines them
    show();
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const f = form.elements;
    const int = (name) => (f[name].value === "" ? null : Number(f[name].value));
    // the game's options from the visible fields that set them
    const gameOptions = {game: game.value};
    for (const el of form.querySelectorAll("[data-option]")) {
      const opt = el.dataset.option;
      if (!opt || el.hidden || el.closest("fieldset[hidden]")) continue;
      const input = el.querySelector("input");
      const value = input.type === "checkbox" ? input.checked : (input.value === "" ? null : Number(input.value));
      if (opt === "limits") (gameOptions.limits = gameOptions.limits || [])[Number(input.dataset.index)] = value;
      else gameOptions[opt] = value;
    }
    const config = {name: f.name.value, game: gameOptions, seats: int("seats"),
      action_time: int("action_time"), time_bank: int("time_bank"), min_buy_in: int("min_buy_in"),
      max_buy_in: int("max_buy_in"), private: f.private.checked};
    try {
      const table = await api("POST", "/api/tables", config);
      location.hash = `#/table/${table.id}${table.invite_code ? `?invite=${encodeURIComponent(table.invite_code)}` : ""}`;
    } catch (err) {
      toast(`Cannot create the table: ${err.message}`);
    }
  });
  return form;
}

export function mountLobby(root) {
  const body = h("tbody");
  const empty = h("p", {class: "muted"}, "No open tables yet: create one.");
  const list = h("table", {class: "lobby", id: "lobby-table", "data-testid": "lobby"},
    h("thead", {}, h("tr", {}, ["Table", "Game", "Stakes", "Seats", "Action time", "Owner", ""].map((t, i) =>
      h("th", {class: ["name", "game", "stakes", "taken", "time", "owner", "open"][i]}, t)))),
    body);
  const here = seated.get();
  const banner = here ? h("p", {class: "seated-banner", "data-testid": "seated-banner"},
    `You are seated at ${here.name} · `, h("a", {href: `#/table/${here.id}${here.invite ? `?invite=${encodeURIComponent(here.invite)}` : ""}`},
      "return to the table")) : null;
  const [tournaments, stopTournaments] = tournamentSection();
  replace(root, h("div", {class: "lobby-page"},
    h("section", {class: "tables"}, banner, h("h2", {}, "Tables"), list, empty,
      h("p", {class: "muted"}, "Have an invite link? Open it, or paste it in the address bar."), tournaments),
    h("section", {class: "create"}, createForm())));

  let stopped = false;
  async function refresh() {
    try {
      const reply = await conn.send({type: "lobby"});
      if (stopped) return;
      empty.hidden = reply.tables.length > 0;
      const rows = reply.tables.map((t) => {
        const time = h("td", {class: "time"}, "…");
        actionTime(t.id).then((s) => { time.textContent = s === null ? "?" : `${s}s`; });
        return h("tr", {dataset: {tableId: String(t.id), name: t.name}},
          h("td", {class: "name"}, h("a", {href: `#/table/${t.id}`}, t.name),
            t.private ? h("span", {class: "badge"}, "private") : null,
            t.in_hand ? h("span", {class: "badge live"}, "playing") : null,
            h("div", {class: "game-sub"}, t.game_info.name)),
          h("td", {class: "game"}, t.game_info.name), h("td", {class: "stakes"}, t.stakes),
          h("td", {class: "taken"}, `${t.taken}/${t.seats}`), time, h("td", {class: "owner"}, t.owner),
          h("td", {class: "open"}, h("a", {class: "button open", href: `#/table/${t.id}`}, t.taken < t.seats ? "Join" : "Watch")));
      });
      replace(body, rows);
    } catch (err) {
      if (!stopped) replace(body, h("tr", {}, h("td", {colspan: "7"}, `Cannot load the tables: ${err.message}`)));
    }
  }
  refresh();
  const timer = setInterval(refresh, 3000);
  return () => {
    stopped = true;
    clearInterval(timer);
    stopTournaments();
  };
}
