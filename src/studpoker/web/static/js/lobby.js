// The lobby: open tables (game, stakes, seats taken, action time) and the create-table form.

import {api, apiText, session} from "./api.js";
import {h, replace, seated, signed, toast} from "./util.js";
import {tournamentSection} from "./tournaments.js";
import {conn} from "./ws.js";

const actionTimes = new Map(); // table id -> seconds (a table's configuration never changes)

async function actionTime(id) {
  if (!actionTimes.has(id)) {
    actionTimes.set(id, api("GET", `/api/tables/${id}`).then((t) => t.config.action_time).catch(() => null));
  }
  return actionTimes.get(id);
}

function num(name, label, value, attrs = {}) {
  return h("label", {class: "field"}, label,
    h("input", {name, type: "number", value: value === null ? "" : String(value), step: "1", ...attrs}));
}

function check(name, label, checked, title) {
  return h("label", {class: "check", title}, h("input", {name, type: "checkbox", checked}), label);
}

// Words for the options of the registry's games (a label, never a rule: any option without one is
// shown by its name). Which options a game has, their kinds and defaults come from GET /api/games.
const OPTION_LABELS = {
  ante: "Ante", bring_in: "Bring-in", small_bet: "Small bet", big_bet: "Big bet", limits: "Limits",
  market_unit: "Market unit", joker: "Joker (bug)", double_ace_flush: "Joker makes double-ace flushes",
  max_raises: "Raises per street", heads_up_uncapped: "No raise cap heads-up",
  open_pair_big_bet: "Open pair on 4th allows the big bet", showdown_muck: "Players may muck at showdown",
  open_pair_raise_big: "A small open-pair bet may be raised by the big bet",
  fold_when_check: "Fold allowed where a check is legal",
  three_price: "Price of a face-up 3", // Baseball (R8.2)
};
const STREET_WORDS = ["3rd", "4th", "5th", "6th", "7th"];

function optionLabel(name) {
  return OPTION_LABELS[name] || name.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

/** One input per option of every game of the registry (shown for the games that have it). */
function optionInputs(games) {
  const kinds = new Map(); // option -> "bool" | "int" | "list:n"
  const owners = new Map(); // option -> Set of games
  for (const g of games) {
    for (const [key, value] of Object.entries(g.options || {})) {
      if (key === "game") continue;
      const kind = typeof value === "boolean" ? "bool" : Array.isArray(value) ? `list:${value.length}` : "int";
      if (!kinds.has(key)) kinds.set(key, kind);
      if (!owners.has(key)) owners.set(key, new Set());
      owners.get(key).add(g.game);
    }
  }
  const out = [];
  for (const [key, kind] of kinds) {
    const games = [...owners.get(key)].join(" ");
    if (kind === "bool") {
      out.push(h("label", {class: "check option", dataset: {option: key, games}},
        h("input", {name: key, type: "checkbox"}), optionLabel(key)));
    } else if (kind.startsWith("list:")) {
      const n = Number(kind.slice(5));
      out.push(h("div", {class: "list-option option", dataset: {option: key, games}},
        h("div", {class: "list-label"}, optionLabel(key)),
        // one input per element, named like the option without its plural s: limit1 ... limit5
        h("div", {class: "limits"}, [...Array(n).keys()].map((i) =>
          num(`${key.replace(/s$/, "")}${i + 1}`, n === 5 ? STREET_WORDS[i] : String(i + 1), null, {min: "0"})))));
    } else {
      out.push(h("label", {class: "field option", dataset: {option: key, games}}, optionLabel(key),
        h("input", {name: key, type: "number", step: "1", min: "0"})));
    }
  }
  return out;
}

function createForm() {
  // the games, their options, defaults and seat limits come from the server (GET /api/games)
  const game = h("select", {name: "game", id: "create-game"});
  const seats = num("seats", "Seats (blank: most)", null, {placeholder: "max"});
  const games = new Map();
  const options = h("fieldset", {class: "game-options"}, h("legend", {}, "Stakes and rules"));
  const mixedGames = h("div", {class: "mixed-games", "data-testid": "mixed-games"});
  const chosen = () => (form.elements.mixed.checked
    ? [...mixedGames.querySelectorAll("input:checked")].map((i) => games.get(i.value)).filter(Boolean)
    : [games.get(game.value)].filter(Boolean));
  const seatLimits = () => {
    const list = chosen();
    const input = seats.querySelector("input");
    if (!list.length) return;
    const low = Math.max(...list.map((g) => g.min_players));
    const high = Math.max(...list.map((g) => g.max_players));
    input.min = String(low);
    input.max = String(high);
    input.placeholder = `max ${high}`;
  };
  // a game's options: shown when it is the game chosen, each at the game's default
  const showGame = () => {
    const g = games.get(game.value);
    form.setAttribute("data-game", game.value);
    // the shape of the stakes: a bring-in and two bets, or a limit per round (a layout hint)
    form.setAttribute("data-stakes", g && "limits" in g.options ? "wallstreet" : "stud");
    for (const box of options.querySelectorAll(".option")) {
      const has = box.dataset.games.split(" ").includes(game.value);
      box.hidden = !has;
      if (!has || !g) continue;
      const value = g.options[box.dataset.option];
      const input = box.querySelector("input");
      if (input.type === "checkbox") input.checked = Boolean(value);
      else if (Array.isArray(value)) box.querySelectorAll("input").forEach((x, i) => { x.value = String(value[i] ?? ""); });
      else input.value = value === null || value === undefined ? "" : String(value);
    }
    seatLimits();
  };
  api("GET", "/api/games").then((d) => {
    for (const g of d.games) games.set(g.game, g);
    replace(game, d.games.map((g) => h("option", {value: g.game}, g.name)));
    options.append(...optionInputs(d.games));
    replace(mixedGames, d.games.map((g) => h("label", {class: "check"},
      h("input", {type: "checkbox", name: "mixed_game", value: g.game, checked: true, onchange: seatLimits}),
      h("span", {class: "mixed-game"}, h("b", {}, g.name),
        h("span", {class: "muted stakes", "data-testid": "mixed-game-stakes", dataset: {stakes: g.stakes}},
          ` ${g.stakes} · ${g.min_players}-${g.max_players} players`)))));
    showGame();
  }).catch((err) => toast(`Cannot load the games: ${err.message}`));
  const mixedBox = h("fieldset", {class: "only-mixed"}, h("legend", {}, "Mixed games and dealer's choice"),
    mixedGames,
    h("label", {class: "field"}, "How the game changes", h("select", {name: "mixed_mode", id: "mixed-mode",
      onchange: showMode},
    h("option", {value: "rotation"}, "Rotation: the games in turn"), h("option", {value: "dealers_choice"}, "Dealer's choice"))),
    // R7.1 choice_for: who picks, in words a host understands
    h("label", {class: "field only-choice"}, "Who picks the game", h("select", {name: "mixed_choice_for",
      id: "mixed-choice-for", "data-testid": "mixed-choice-for", onchange: showMode},
    h("option", {value: "hand"}, "Each dealer picks the game of the hand they deal"),
    h("option", {value: "orbit"}, "One player picks for a whole orbit, then the choice passes to the left"))),
    h("div", {class: "only-hands"},
      num("mixed_hands", "Hands per game (blank: one orbit)", null, {min: "1", max: "100", placeholder: "orbit"})),
    num("mixed_unit", "Table unit (the stakes above times it)", 1, {min: "1"}));
  // the fields that apply to the mode chosen (a dealer picking every hand has no hands per game)
  function showMode() {
    const choice = form.elements.mixed_mode.value === "dealers_choice";
    form.setAttribute("data-mode", choice ? form.elements.mixed_choice_for.value : "rotation");
  }
  const form = h("form", {id: "create-form", class: "create-form", "data-game": "stud", "data-stakes": "stud",
    "data-mixed": "no", "data-mode": "rotation"},
    h("h2", {}, "Create a table"),
    h("label", {class: "field"}, "Name", h("input", {name: "name", id: "create-name", required: true, maxlength: "64",
      value: "My table"})),
    h("label", {class: "check"}, h("input", {name: "mixed", id: "create-mixed", type: "checkbox", "data-testid": "create-mixed",
      onchange: () => {
        form.setAttribute("data-mixed", form.elements.mixed.checked ? "yes" : "no");
        seatLimits();
      }}), "Mixed games: a rotation or dealer's choice"),
    h("label", {class: "field only-single"}, "Game", game),
    h("div", {class: "only-single"}, options), mixedBox,
    h("fieldset", {}, h("legend", {}, "Table"),
      seats,
      num("action_time", "Seconds to act", 20, {min: "1", max: "600"}),
      num("time_bank", "Time bank (s)", 60, {min: "0", max: "3600"}),
      num("min_buy_in", "Min buy-in", 100, {min: "1"}), num("max_buy_in", "Max buy-in", 1000, {min: "1"}),
      num("hand_delay", "Seconds between hands (blank: the server's)", null, {min: "0", max: "300", step: "any"}),
      check("private", "Private (invite link only)", false),
      check("approve_seats", "Approve each seat taken (private tables)", false)),
    h("button", {type: "submit", class: "primary", id: "create-submit"}, "Create table"));
  game.addEventListener("change", showGame);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const f = form.elements;
    const int = (name) => (f[name].value === "" ? null : Number(f[name].value));
    const config = {name: f.name.value, seats: int("seats"),
      action_time: int("action_time"), time_bank: int("time_bank"), min_buy_in: int("min_buy_in"),
      max_buy_in: int("max_buy_in"), private: f.private.checked,
      approve_seats: f.private.checked && f.approve_seats.checked,
      hand_delay: f.hand_delay.value === "" ? null : Number(f.hand_delay.value)};
    if (f.mixed.checked) {
      const choice = f.mixed_mode.value === "dealers_choice";
      const perHand = choice && f.mixed_choice_for.value === "hand";
      config.mixed = {mode: f.mixed_mode.value, games: chosen().map((g) => g.game),
        hands: perHand ? null : int("mixed_hands"), unit: int("mixed_unit") || 1};
      if (choice) config.mixed.choice_for = f.mixed_choice_for.value;
    } else {
      const gameOptions = {game: game.value};
      for (const box of options.querySelectorAll(".option:not([hidden])")) {
        const key = box.dataset.option;
        const inputs = [...box.querySelectorAll("input")];
        if (inputs[0].type === "checkbox") gameOptions[key] = inputs[0].checked;
        else if (box.classList.contains("list-option")) gameOptions[key] = inputs.map((x) => (x.value === "" ? null : Number(x.value)));
        else gameOptions[key] = inputs[0].value === "" ? null : Number(inputs[0].value);
      }
      config.game = gameOptions;
    }
    try {
      const table = await api("POST", "/api/tables", config);
      location.hash = `#/table/${table.id}${table.invite_code ? `?invite=${encodeURIComponent(table.invite_code)}` : ""}`;
    } catch (err) {
      toast(`Cannot create the table: ${err.message}`);
    }
  });
  return form;
}

/** "Stud, Wall Street · next: Wall Street in 3 hands": a mixed table's games and what comes (R7.2). */
export function mixedText(mixed, names = null) {
  if (!mixed) return "";
  const title = (g) => {
    const found = (mixed.games || []).find((x) => x.game === g);
    return found ? found.name : g;
  };
  const list = (mixed.games || []).map((g) => g.name).join(", ");
  const head = mixed.mode === "dealers_choice" ? `Dealer's choice: ${list}` : `Mixed: ${list}`;
  return [head, nextGameText(mixed, title, names)].filter(Boolean).join(" · ");
}

/** When the game changes: "Next: Wall Street in 3 hands", "Next hand: Razz", "ann is choosing the game". */
export function nextGameText(mixed, title, names = null) {
  if (!mixed) return "";
  if (mixed.choosing !== null && mixed.choosing !== undefined) {
    const who = names && names[mixed.choosing] ? names[mixed.choosing] : "The dealer";
    return `${who} is choosing the next game`;
  }
  const n = mixed.change_in;
  if (mixed.next && n === 0) return `Next hand: ${title(mixed.next)}`;
  if (mixed.next && n) return `Next: ${title(mixed.next)} in ${n} hand${n === 1 ? "" : "s"}`;
  if (mixed.mode === "dealers_choice" && mixed.choice_for !== "orbit") return "Each dealer picks the game of their hand";
  if (mixed.mode === "dealers_choice" && n) return `The next game is picked in ${n} hand${n === 1 ? "" : "s"}`;
  return "";
}

/** "Your nights": the cash tables the player bought in at, newest first, each with its date, their net and
 * its ledger as CSV (GET /api/me/nights). */
function yourNights() {
  const list = h("ul", {class: "your-nights-list"});
  const box = h("section", {class: "your-nights", "data-testid": "your-nights", hidden: true},
    h("h2", {}, "Your nights"), list);
  api("GET", "/api/me/nights").then((nights) => {
    box.hidden = nights.length === 0;
    replace(list, nights.map((n) => h("li", {dataset: {table: String(n.table), net: String(n.net)}},
      n.closed ? h("b", {}, n.name) : h("a", {href: `#/table/${n.table}`}, n.name),
      h("span", {class: "muted"}, ` ${n.date}${n.closed ? "" : " · open"} · `),
      h("span", {class: n.net > 0 ? "up" : n.net < 0 ? "down" : ""}, signed(n.net)), " ",
      h("button", {class: "link", "data-testid": "night-csv", onclick: async () => {
        try {
          const text = await apiText(`/api/tables/${n.table}/ledger.csv`);
          const url = URL.createObjectURL(new Blob([text], {type: "text/csv"}));
          const a = h("a", {href: url, download: `table${n.table}-ledger.csv`});
          document.body.append(a);
          a.click();
          a.remove();
          setTimeout(() => URL.revokeObjectURL(url), 5000);
        } catch (err) {
          toast(err.message);
        }
      }}, "Ledger CSV"))));
  }).catch(() => {});
  return box;
}

export function mountLobby(root) {
  const body = h("tbody");
  const empty = h("p", {class: "muted"}, "No open tables yet: create one.");
  const list = h("table", {class: "lobby", id: "lobby-table", "data-testid": "lobby"},
    h("thead", {}, h("tr", {}, ["Table", "Game", "Stakes", "Seats", "Action time", "Owner", ""].map((t, i) =>
      h("th", {class: ["name", "game", "stakes", "taken", "time", "owner", "open"][i]}, t)))),
    body);
  // your seats (private tables too): the server says where you sit, so a closed tab loses nothing
  const yours = h("ul", {class: "your-seats-list"});
  const yourSeats = h("section", {class: "your-seats", "data-testid": "your-seats", hidden: true},
    h("h2", {}, "Your seats"), yours);
  const here = seated.get();
  const banner = here ? h("p", {class: "seated-banner", "data-testid": "seated-banner"},
    `You are seated at ${here.name} · `, h("a", {href: `#/table/${here.id}${here.invite ? `?invite=${encodeURIComponent(here.invite)}` : ""}`},
      "return to the table")) : null;
  const [tournaments, stopTournaments] = tournamentSection();
  const nights = yourNights();
  const links = h("nav", {class: "lobby-links"},
    h("a", {href: `/profile.html${session.user ? `?name=${encodeURIComponent(session.user.name)}` : ""}`,
      "data-testid": "link-profile"}, "Your statistics"),
    h("a", {href: "/leaderboard.html", "data-testid": "link-leaderboard"}, "Leaderboard"));
  replace(root, h("div", {class: "lobby-page"},
    h("section", {class: "tables"}, banner, yourSeats, h("h2", {}, "Tables"), list, empty,
      h("p", {class: "muted"}, "Have an invite link? Open it, or paste it in the address bar."), links, nights,
      tournaments),
    h("section", {class: "create"}, createForm())));

  let stopped = false;
  async function refresh() {
    try {
      const reply = await conn.send({type: "lobby"});
      if (stopped) return;
      empty.hidden = reply.tables.length > 0;
      const mine = reply.tables.filter((t) => t.seated);
      yourSeats.hidden = mine.length === 0;
      replace(yours, mine.map((t) => h("li", {dataset: {tableId: String(t.id)}},
        h("a", {class: "button primary", href: `#/table/${t.id}`, "data-testid": "return-to-table"},
          `Return to ${t.name}`),
        h("span", {class: "muted"}, ` ${t.game_info.name} · ${t.stakes}${t.private ? " · private" : ""}`))));
      const rows = reply.tables.map((t) => {
        const time = h("td", {class: "time"}, "…");
        actionTime(t.id).then((s) => { time.textContent = s === null ? "?" : `${s}s`; });
        const mixed = t.mixed ? mixedText(t.mixed) : "";
        return h("tr", {dataset: {tableId: String(t.id), name: t.name}},
          h("td", {class: "name"}, h("a", {href: `#/table/${t.id}`}, t.name),
            t.private ? h("span", {class: "badge"}, "private") : null,
            t.in_hand ? h("span", {class: "badge live"}, "playing") : null,
            t.paused ? h("span", {class: "badge"}, "paused") : null,
            t.seated ? h("span", {class: "badge live"}, "your seat") : null,
            h("div", {class: "game-sub"}, t.game_info.name),
            mixed ? h("div", {class: "mixed-sub", "data-testid": "lobby-mixed"}, mixed) : null),
          h("td", {class: "game"}, t.game_info.name), h("td", {class: "stakes"}, t.stakes),
          h("td", {class: "taken"}, `${t.taken}/${t.seats}`), time, h("td", {class: "owner"}, t.owner),
          h("td", {class: "open"}, h("a", {class: `button open${t.seated ? " primary" : ""}`, href: `#/table/${t.id}`},
            t.seated ? "Return" : t.taken < t.seats ? "Join" : "Watch")));
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
