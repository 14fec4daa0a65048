// Hand histories: the list of your past hands, and a viewer that steps through one street by street
// as you saw it (others' down cards hidden unless shown), with a PHH download.

import {api, apiText} from "./api.js";
import {h, replace, signed, streetLabel, toast} from "./util.js";
import {renderFelt, summaryPanel} from "./felt.js";

export function mountHands(root, {onReplay = null} = {}) {
  const body = h("tbody");
  replace(root, h("div", {class: "hands-page"}, h("h2", {}, "Your hands"),
    h("table", {class: "lobby hands", id: "hands-table"},
      h("thead", {}, h("tr", {}, ["When", "Table", "Game", "Hand", "Players", "Result", ""].map((t, i) =>
        h("th", {class: ["when", "table", "game", "number", "players", "result", "open"][i]}, t)))),
      body)));
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

export function mountReplay(root, {id, invite, onBack = null}) {
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
      const text = await apiText(`/api/hands/${id}/phh${q}`);
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

  api("GET", `/api/hands/${id}/replay${q}`).then((d) => {
    data = d;
    document.getElementById("replay-title").textContent = `${d.table_name} · hand #${d.number}`;
    document.getElementById("replay-sub").textContent =
      `${d.game_info.name} · ${d.names.join(", ")} · commitment ${d.commitment.slice(0, 12)}…`;
    go(0);
  }).catch((err) => replace(felt, h("div", {class: "gone"}, err.message)));
  return () => document.removeEventListener("keydown", onKey);
}
