// Hand histories: the list of your past hands, and a viewer that steps through one street by street
// as you saw it (others' down cards hidden unless shown), with a PHH download. A room's text hand
// history (PokerStars, Full Tilt) can be uploaded: the server imports it and the viewer replays it.

import {api, apiText, apiUpload} from "./api.js";
import {h, parseHash, replace, signed, streetLabel, toast} from "./util.js";
import {renderFelt, summaryPanel} from "./felt.js";

let lastImport = null; // the last upload's answer, kept while the page lives (back from a replay)

export function mountHands(root, {onReplay = null} = {}) {
  // #/hands?imported=N: the N-th hand of the last upload, in the replayer
  const imported = parseHash(location.hash).query.get("imported");
  const chosen = lastImport && imported !== null ? lastImport.hands[Number(imported)] : null;
  if (chosen) {
    return mountReplay(root, {load: () => api("POST", "/api/import/replay", {phh: chosen.phh}),
      phhText: chosen.phh, onBack: () => { location.hash = "#/hands"; }});
  }
  const body = h("tbody");
  replace(root, h("div", {class: "hands-page"}, h("h2", {}, "Your hands"),
    h("table", {class: "lobby hands", id: "hands-table"},
      h("thead", {}, h("tr", {}, ["When", "Table", "Game", "Hand", "Players", "Result", ""].map((t, i) =>
        h("th", {class: ["when", "table", "game", "number", "players", "result", "open"][i]}, t)))),
      body),
    reportPanel(),
    importPanel()));
  api("GET", "/api/me/hands").then((hands) => {
    if (!hands.length) {
      replace(body, h("tr", {}, h("td", {colspan: "7", class: "muted"}, "No finished hands yet.")));
      return;
    }
    replace(body, hands.map((x) => h("tr", {dataset: {handId: String(x.id)}},
      h("td", {class: "when"}, x.ended_at ? new Date(x.ended_at).toLocaleString() : ""),
      h("td", {class: "table"}, x.table_name), h("td", {class: "game"}, x.game_name),
      h("td", {class: "number"}, `#${x.number}`), h("td", {class: "players"}, x.players.join(", ")),
      h("td", {class: `result ${x.payoff > 0 ? "up" : x.payoff < 0 ? "down" : ""}`.trim()}, signed(x.payoff)),
      h("td", {}, h("a", {class: "button", href: `#/hand/${x.id}`, onclick: onReplay ? (e) => {
        e.preventDefault();
        onReplay(x.id);
      } : null}, "Replay")))));
  }).catch((err) => toast(err.message));
  return () => {};
}

// ------------------------------------------------------------------ the report (docs/stats.md)

let refreshReport = null; // set while the report panel is shown: an upload refreshes it

function pct(v) {
  return v === null || v === undefined ? "-" : `${Math.round(v * 100)}%`;
}

function reportPanel() {
  const known = {game: new Map(), room: new Set(), table: new Set()};
  const game = h("select", {id: "report-filter-game", "data-testid": "report-filter-game"});
  const room = h("select", {id: "report-filter-room", "data-testid": "report-filter-room"});
  const table = h("select", {id: "report-filter-table", "data-testid": "report-filter-table"});
  const since = h("input", {type: "date", id: "report-filter-date", "data-testid": "report-filter-date",
    title: "from this day"});
  const until = h("input", {type: "date", id: "report-filter-until", "data-testid": "report-filter-until",
    title: "to this day"});
  const status = h("div", {class: "report-status muted", "data-testid": "report-status", role: "status"});
  const body = h("div", {class: "report-body"});
  const panel = h("section", {class: "panel report-panel", id: "report", "data-testid": "report"},
    h("h3", {}, "Report"),
    h("form", {class: "report-filters", onsubmit: (e) => { e.preventDefault(); load(); }},
      h("label", {}, "Game ", game), h("label", {}, "Room ", room), h("label", {}, "From ", since),
      h("label", {}, "to ", until), h("label", {}, "Table ", table)),
    status, body);

  function options(select, values, label) {
    const chosen = select.value;
    replace(select, h("option", {value: ""}, label),
      [...values].sort((a, b) => String(a[1] ?? a).localeCompare(String(b[1] ?? b))).map((v) =>
        Array.isArray(v) ? h("option", {value: v[0]}, v[1]) : h("option", {value: v}, v)));
    select.value = chosen;
  }

  function hand(ref, testid) {
    const label = `${signed(ref.net)} (${ref.big_bets >= 0 ? "+" : ""}${ref.big_bets.toFixed(1)} BB) ` +
      `${ref.game} ${ref.room}${ref.hand ? " #" + ref.hand : ""}${ref.date ? " " + ref.date.slice(0, 10) : ""}`;
    const href = ref.hand_id !== null ? `#/hand/${ref.hand_id}`
      : ref.imported !== null ? `#/hands?imported=${ref.imported}` : null;
    return h("li", {}, href ? h("a", {href, "data-testid": testid, class: "report-hand"}, label)
      : h("span", {"data-testid": testid}, label));
  }

  function show(rep) {
    for (const r of rep.rows) known.game.set(r.game, r.game_name);
    rep.rooms.forEach((x) => known.room.add(x));
    rep.tables.forEach((x) => known.table.add(x));
    options(game, [...known.game.entries()], "All games");
    options(room, known.room, "All rooms");
    options(table, known.table, "All tables");
    replace(status, `${rep.hands} hands, ${signed(rep.net)} chips` + (rep.truncated ? " (the newest hands)" : ""));
    if (!rep.hands) {
      replace(body, h("p", {class: "muted", "data-testid": "report-empty"}, "No hands pass the filters."));
      return;
    }
    const head = ["Game", "Room", "Hands", "Net", "BB/100", "3rd st. in", "Completion", "Steal",
      "Fold to steal", "Showdown", "Won at SD"];
    replace(body,
      h("table", {class: "lobby report-table", "data-testid": "report-table"},
        h("thead", {}, h("tr", {}, head.map((t) => h("th", {}, t)))),
        h("tbody", {}, [...rep.rows, ...(rep.rows.length > 1 ? [...rep.by_game, ...rep.by_room] : [])]
          .map((r) => h("tr", {class: r.game && r.room ? null : "total",
            dataset: {game: r.game || "", room: r.room || ""}},
          h("td", {}, r.game_name || "All games"), h("td", {}, r.room || "All rooms"), h("td", {}, String(r.hands)),
          h("td", {class: r.net > 0 ? "up" : r.net < 0 ? "down" : ""}, signed(r.net)),
          h("td", {}, r.bb_per100 === null ? "-" : r.bb_per100.toFixed(2)),
          h("td", {}, pct(r.entry)), h("td", {}, pct(r.completion)), h("td", {}, pct(r.steal)),
          h("td", {}, pct(r.fold_to_steal)), h("td", {}, pct(r.wtsd)), h("td", {}, pct(r.wsd)))))),
      h("img", {class: "report-graph", "data-testid": "report-graph", alt: "results over time",
        width: "800", height: "320", src: `data:image/png;base64,${rep.png}`}),
      h("div", {class: "report-biggest"},
        h("div", {}, h("h4", {}, "Biggest wins"),
          h("ol", {}, rep.biggest_wins.map((x) => hand(x, "report-biggest-win")))),
        h("div", {}, h("h4", {}, "Biggest losses"),
          h("ol", {}, rep.biggest_losses.map((x) => hand(x, "report-biggest-loss"))))));
  }

  let asked = 0;
  async function load() {
    const mine = ++asked;
    const body = {game: game.value || null, room: room.value || null, since: since.value || null,
      until: until.value || null, table: table.value || null,
      imported: lastImport ? lastImport.hands.map((x) => x.phh) : []};
    panel.dataset.state = "loading";
    try {
      const rep = await api("POST", "/api/me/report", body);
      if (mine !== asked) return;
      show(rep);
      panel.dataset.state = "ready";
    } catch (err) {
      if (mine !== asked) return;
      replace(status, h("span", {class: "error", "data-testid": "report-error"}, err.message));
      panel.dataset.state = "error";
    }
  }

  for (const el of [game, room, table, since, until]) el.addEventListener("change", load);
  refreshReport = load;
  load();
  return panel;
}

// ------------------------------------------------------------------ import a room's file

function importPanel() {
  const file = h("input", {type: "file", id: "import-file", "data-testid": "import-file",
    accept: ".txt,.log,text/plain"});
  const room = h("select", {id: "import-room", "data-testid": "import-room"},
    [["auto", "Any room (from each hand)"], ["pokerstars", "PokerStars"], ["fulltilt", "Full Tilt Poker"],
      ["acr", "Americas Cardroom"]]
      .map(([value, label]) => h("option", {value}, label)));
  const button = h("button", {type: "submit", id: "import-submit", "data-testid": "import-submit"}, "Import");
  const status = h("div", {class: "import-status", id: "import-status", role: "status",
    "data-testid": "import-status"});
  const results = h("div", {class: "import-results", id: "import-results", "data-testid": "import-results"});

  function show(data) {
    lastImport = data;
    const rooms = Object.entries(data.rooms).map(([name, c]) =>
      `${name}: ${c.imported} imported, ${c.replayed} replayed, ${c.refused} refused`).join("; ");
    replace(status, h("span", {"data-testid": "import-summary"}, rooms || "no hands"));
    const refused = data.refusals.map((r) => h("li", {class: "refusal"},
      `${r.room} hand ${r.hand ? "#" + r.hand : ""} (line ${r.line}): ${r.reason}`,
      r.option ? h("span", {class: "muted"}, ` [house option that would cover it: ${r.option}]`) : null));
    const rows = data.hands.map((x) => h("tr", {dataset: {importIndex: String(x.index)}},
      h("td", {class: "room"}, x.room), h("td", {class: "number"}, `#${x.hand}`),
      h("td", {class: "table"}, x.table || ""), h("td", {class: "game"}, x.game_name),
      h("td", {class: "players"}, x.players.join(", ")),
      h("td", {class: `result ${x.payoff > 0 ? "up" : x.payoff < 0 ? "down" : ""}`.trim()},
        x.payoff === null ? "" : signed(x.payoff)),
      h("td", {}, h("a", {class: "button", "data-testid": "import-replay",
        href: `#/hands?imported=${x.index}`}, "Replay"))));
    replace(results,
      refused.length ? h("ul", {class: "refusals", "data-testid": "import-refusals"}, refused) : null,
      rows.length ? h("table", {class: "lobby hands", id: "imported-table"},
        h("thead", {}, h("tr", {}, ["Room", "Hand", "Table", "Game", "Players", "Hero", ""].map((t) =>
          h("th", {}, t)))), h("tbody", {}, rows)) : null,
      data.listed < data.replayed ? h("p", {class: "muted"},
        `${data.listed} of ${data.replayed} hands listed; import the whole file with studpoker import`) : null);
  }

  async function upload(event) {
    event.preventDefault();
    const chosen = file.files && file.files[0];
    if (!chosen) {
      replace(status, h("span", {class: "error", "data-testid": "import-error"}, "Choose a file first."));
      return;
    }
    button.disabled = true;
    replace(status, "Importing…");
    try {
      show(await apiUpload(`/api/import?room=${encodeURIComponent(room.value)}`, chosen));
      if (refreshReport) refreshReport();
    } catch (err) {
      replace(results);
      replace(status, h("span", {class: "error", "data-testid": "import-error"}, err.message));
    } finally {
      button.disabled = false;
    }
  }

  const panel = h("section", {class: "panel import-panel", id: "import-panel"},
    h("h3", {}, "Import a hand history"),
    h("p", {class: "muted"}, "A PokerStars, Full Tilt Poker or Americas Cardroom text file of Seven Card Stud, Stud Hi-Lo or " +
      "Razz hands: each hand is replayed through the rules, then you can step through it."),
    h("form", {id: "import-form", onsubmit: upload}, file, room, button), status, results);
  if (lastImport) show(lastImport);
  return panel;
}

// ------------------------------------------------------------------ the replayer

export function mountReplay(root, {id, invite, onBack = null, load = null, phhText = null}) {
  const q = invite ? `?invite=${encodeURIComponent(invite)}` : "";
  let data = null;
  let step = 0;
  const felt = h("div", {class: "felt-box"});
  const label = h("div", {class: "step-label", "data-testid": "step-label"});
  const lines = h("ol", {class: "log"});
  const controls = h("div", {class: "replay-controls"});
  const summaryBox = h("div", {class: "summary-box"});
  replace(root, h("div", {class: "table-page replay-page"},
    h("div", {class: "table-head"}, h("div", {class: "title"}, h("h2", {id: "replay-title"}, "Hand"),
      h("div", {class: "sub", id: "replay-sub"})),
    h("div", {class: "controls"}, h("a", {class: "button", href: "#/hands", onclick: onBack ? (e) => {
      e.preventDefault();
      onBack();
    } : null}, "Your hands"),
      h("button", {id: "btn-phh", onclick: download}, "Download PHH"))),
    h("div", {class: "play"}, felt, controls, summaryBox), h("aside", {class: "side"},
      h("section", {class: "panel"}, h("h3", {}, "This step"), label, lines))));

  function streetStart(i) {
    // the first step of the street that step i belongs to
    while (i > 0 && data.steps[i - 1].street === data.steps[i].street) i--;
    return i;
  }

  function go(i) {
    step = Math.max(0, Math.min(data.steps.length - 1, i));
    render();
  }

  function render() {
    const s = data.steps[step];
    const last = step === data.steps.length - 1;
    const n = data.names.length;
    const seats = data.names.map((name, i) => ({name, chips: data.steps[0].view.players[i].stack, bot: null,
      sitting_out: false, leaving: false}));
    replace(felt, renderFelt({
      config: data.config, gameInfo: data.game_info, seatCount: n, bottom: data.you ?? 0, seats, you: data.you,
      button: null, hand: {seats: [...Array(n).keys()], view: s.view, timer: null, number: data.number}, names: data.names,
      payoffs: last ? data.payoffs : null,
      canSit: false, isOwner: false, onAct: () => {}, busy: true,
    }));
    replace(summaryBox, last ? summaryPanel({number: data.number, results: data.results, payoffs: data.payoffs,
      names: data.names, hiLo: data.game_info.high_low}) : null);
    replace(label, `Step ${step + 1} of ${data.steps.length} · ${s.view.phase === "over" ? "Hand over" : streetLabel(s.street_name)}`);
    replace(lines, s.lines.map((t) => h("li", {}, t)));
    replace(controls,
      h("button", {id: "prev-street", onclick: () => go(streetStart(step) === step ? streetStart(step - 1) : streetStart(step)),
        disabled: step === 0}, "« Street"),
      h("button", {id: "prev-step", onclick: () => go(step - 1), disabled: step === 0}, "‹ Back"),
      h("button", {id: "next-step", onclick: () => go(step + 1), disabled: last}, "Next ›"),
      h("button", {id: "next-street", onclick: () => {
        let i = step;
        while (i < data.steps.length - 1 && data.steps[i].street === s.street) i++;
        go(i);
      }, disabled: last}, "Street »"),
      h("button", {id: "last-step", onclick: () => go(data.steps.length - 1), disabled: last}, "End"));
  }

  async function download() {
    try {
      const text = phhText ?? await apiText(`/api/hands/${id}/phh${q}`);
      const url = URL.createObjectURL(new Blob([text], {type: "text/plain"}));
      const a = h("a", {href: url, download: `table${data ? data.table : ""}-hand${data ? data.number : id}.phh`});
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 5000);
    } catch (err) {
      toast(err.message);
    }
  }

  function onKey(event) {
    if (!data || ["INPUT", "TEXTAREA"].includes(event.target.tagName)) return;
    if (event.key === "ArrowRight") go(step + 1);
    else if (event.key === "ArrowLeft") go(step - 1);
  }
  document.addEventListener("keydown", onKey);

  (load ? load() : api("GET", `/api/hands/${id}/replay${q}`)).then((d) => {
    data = d;
    document.getElementById("replay-title").textContent = `${d.table_name} · hand #${d.number}`;
    document.getElementById("replay-sub").textContent = `${d.game_info.name} · ${d.names.join(", ")} · ` +
      (d.commitment ? `commitment ${d.commitment.slice(0, 12)}…` : `imported from ${d.room}`);
    go(0);
  }).catch((err) => replace(felt, h("div", {class: "gone"}, err.message)));
  return () => document.removeEventListener("keydown", onKey);
}
