// A night at a table: the host's panel (pause, seat approvals, remove a player, the delay between
// hands, bots, the invite link, close the night), the night's ledger with its settle-up and CSV, and
// the dealer's choice of the next game (R7). Everything drawn from the server's table message and
// GET /api/tables/ID/ledger (docs/protocol.md); the page derives no rule and no sum itself.

import {api, apiText} from "./api.js";
import {h, signed, toast} from "./util.js";

/** The host's panel. model = {info, stacks (each table seat's chips as the felt shows them), inHand (a hand is
 * being played), botBuyIn, kinds, defaultBot, send(type, extra), onClose, onRemove(seat) (asks first)} */
export function hostPanel(model) {
  const {info, send} = model;
  const paused = info.paused;
  const inHandSeats = new Set(info.seats.filter((s) => s && s.in_hand).map((s) => s.seat));
  const delay = h("input", {id: "host-delay", type: "number", min: "0", max: "300", step: "any",
    value: String(info.hand_delay), "aria-label": "seconds between hands", "data-testid": "host-delay"});
  const botSelect = h("select", {id: "bot-kind", "aria-label": "bot kind", "data-testid": "bot-kind"},
    model.kinds.map((k) => h("option", {value: k.bot, "data-level": k.level ?? "", selected: k.bot === model.defaultBot},
      k.label)));
  const invitePath = info.invite_code ? `${location.origin}/#/table/${info.id}?invite=${info.invite_code}` : null;
  const requests = info.requests || [];
  const players = info.seats.filter(Boolean);
  return h("section", {class: "panel host-panel", "data-testid": "host-panel"},
    h("h3", {}, "Your table"),
    h("div", {class: "host-row"},
      paused
        ? h("button", {id: "btn-resume", class: "primary", "data-testid": "host-resume",
          onclick: () => send("resume")}, "Resume dealing")
        : h("button", {id: "btn-pause", "data-testid": "host-pause", onclick: () => send("pause"),
          title: "the hand in play is finished; no new hand is dealt"}, "Pause"),
      paused ? h("span", {class: "badge", "data-testid": "paused-badge"}, "paused") : null),
    h("form", {class: "host-row", onsubmit: (e) => {
      e.preventDefault();
      send("table_settings", {hand_delay: Number(delay.value)});
    }}, h("label", {}, "Seconds between hands ", delay),
    h("button", {type: "submit", id: "btn-delay", "data-testid": "host-delay-set"}, "Set")),
    info.private ? h("label", {class: "check host-row"}, h("input", {type: "checkbox", id: "host-approve",
      "data-testid": "host-approve-seats", checked: info.approve_seats,
      onchange: (e) => send("table_settings", {approve_seats: e.target.checked})}), "Approve each seat taken") : null,
    requests.length ? h("ul", {class: "seat-requests", "data-testid": "seat-requests"}, requests.map((r) =>
      h("li", {"data-testid": "seat-request", dataset: {request: String(r.id), name: r.name}},
        h("span", {}, `${r.name} asks for ${r.seat === null ? "a seat" : `seat ${r.seat + 1}`} with ${r.buy_in}`),
        h("button", {class: "primary", "data-testid": "approve-seat", onclick: () => send("approve_seat", {request: r.id})},
          "Approve"),
        h("button", {"data-testid": "deny-seat", onclick: () => send("deny_seat", {request: r.id})}, "Deny")))) : null,
    players.length ? h("ul", {class: "host-players", "data-testid": "host-players"}, players.map((s) => {
      const busy = inHandSeats.has(s.seat) && model.inHand;
      return h("li", {dataset: {seat: String(s.seat), name: s.name}},
        h("span", {class: "host-stack", dataset: {stack: String(model.stacks ? model.stacks[s.seat] : s.chips)}},
          `${s.name}${s.bot ? " (bot)" : ""} · ${model.stacks ? model.stacks[s.seat] : s.chips}`),
        h("button", {class: "remove-player", "data-testid": "remove-player", disabled: busy,
          title: busy ? "in the hand: removed between hands only" : "chips go back to their balance",
          onclick: (e) => { e.currentTarget.blur(); model.onRemove(s.seat); }}, "Remove"));
    })) : null,
    h("div", {class: "host-row owner-tools"}, botSelect, h("button", {id: "btn-addbot",
      title: `a bot's buy-in (${model.botBuyIn}) comes from your balance and goes back to it when the bot leaves`,
      onclick: (e) => {
        e.currentTarget.blur(); // Space or Enter pressed next must not add another bot
        send("add_bot", {bot: botSelect.value, seat: null, buy_in: model.botBuyIn});
      }}, `Add bot (${model.botBuyIn} chips)`)),
    invitePath ? h("div", {class: "invite host-row"}, h("input", {readonly: true, value: invitePath,
      class: "invite-link", "aria-label": "invite link", onclick: (e) => e.target.select()}),
    h("button", {id: "btn-invite", title: invitePath, onclick: () => {
      navigator.clipboard?.writeText(invitePath).then(() => toast("Invite link copied", "info"), () => {});
      toast(invitePath, "info", 10000);
    }}, "Copy")) : null,
    info.closed ? null : h("button", {id: "btn-close", class: "danger", "data-testid": "close-night",
      onclick: model.onClose}, "Close the night"));
}

/** The night's ledger: each player's buy-ins, top-ups, cash-out, chips and net, the totals, who pays whom,
 * and the CSV. ledger: GET /api/tables/ID/ledger. */
export function ledgerPanel(ledger, {tableId, invite}) {
  const rows = ledger.players.map((x) => h("tr", {"data-testid": "ledger-row", dataset: {player: x.name,
    net: String(x.net)}},
  h("td", {class: "who"}, x.name, x.funded_by ? h("span", {class: "muted"}, ` (${x.funded_by}'s)`) : null),
  h("td", {}, String(x.buy_ins)), h("td", {}, String(x.top_ups)), h("td", {}, String(x.cash_out)),
  h("td", {}, x.seated ? String(x.chips) : "–"),
  h("td", {class: x.net > 0 ? "up" : x.net < 0 ? "down" : ""}, signed(x.net))));
  const t = ledger.totals;
  const settle = ledger.settle_up || [];
  return h("section", {class: "panel ledger-panel", "data-testid": "ledger"},
    h("h3", {}, ledger.closed ? "The night's ledger (closed)" : "The night's ledger"),
    h("table", {class: "ledger"},
      h("thead", {}, h("tr", {}, ["Player", "Buy-ins", "Top-ups", "Cashed out", "Chips", "Net"].map((c) => h("th", {}, c)))),
      h("tbody", {}, rows),
      h("tfoot", {}, h("tr", {"data-testid": "ledger-total"}, h("td", {}, "Total"), h("td", {}, String(t.buy_ins)),
        h("td", {}, String(t.top_ups)), h("td", {}, String(t.cash_out)), h("td", {}, String(t.chips)),
        h("td", {}, signed(t.net))))),
    h("h4", {}, "Settle up"),
    settle.length ? h("ul", {class: "settle-up", "data-testid": "settle-up"}, settle.map((s) =>
      h("li", {dataset: {payer: s.payer, payee: s.payee, amount: String(s.amount)}},
        h("b", {}, s.payer), ` pays ${s.amount} to `, h("b", {}, s.payee))))
      : h("p", {class: "muted", "data-testid": "settle-up"}, "Everyone is even."),
    h("div", {class: "host-row downloads"},
      h("button", {"data-testid": "ledger-csv", onclick: () => download(tableId, invite, "ledger.csv", "text/csv")},
        "Download CSV"),
      // the whole night's hands in one file (R7.3: each under its own game)
      h("button", {"data-testid": "night-phh", title: "every hand of the night, one PHH file",
        onclick: () => download(tableId, invite, "hands.phhs", "text/plain")}, "All hands (PHH)"),
      h("button", {"data-testid": "night-pokerstars", title: "Seven Card Stud, Stud Hi-Lo and Razz hands, for trackers",
        onclick: () => download(tableId, invite, "hands.txt", "text/plain")}, "All hands (PokerStars)")));
}

async function download(tableId, invite, file, type) {
  try {
    const q = invite ? `?invite=${encodeURIComponent(invite)}` : "";
    const text = await apiText(`/api/tables/${tableId}/${file}${q}`);
    const url = URL.createObjectURL(new Blob([text], {type}));
    const a = h("a", {href: url, download: `table${tableId}-${file}`});
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 5000);
  } catch (err) {
    toast(err.message);
  }
}

/** The ledger of a table, fetched (null when it cannot be read). */
export async function fetchLedger(tableId, invite) {
  const q = invite ? `?invite=${encodeURIComponent(invite)}` : "";
  try {
    return await api("GET", `/api/tables/${tableId}/ledger${q}`);
  } catch {
    return null;
  }
}

/** Dealer's choice (R7.1): the player with the choice picks the game of their hand (or of the orbit), on the
 * clock. A game the players ready cannot fill is greyed out with the server's reason in words (R7.2). */
export function choosePanel(mixed, send) {
  const what = mixed.choice_for === "orbit" ? "the game of the next orbit" : "the game of your hand";
  return h("div", {class: "choose-game", "data-testid": "choose-game", role: "group",
    "aria-label": `choose ${what}`},
  h("div", {class: "status-line"}, `Your choice: pick ${what} `,
    h("span", {class: "secs", "data-testid": "choice-clock", dataset: {deadline: String(mixed.choice_deadline ?? "")}})),
  h("div", {class: "game-picker", "data-testid": "game-picker"}, mixed.games.map((g) => h("button", {
    class: "act choose", "data-testid": "choose-game-option", type: "button",
    dataset: {game: g.game, unavailable: g.unavailable ? "yes" : "no"}, disabled: Boolean(g.unavailable),
    title: g.unavailable || g.stakes, onclick: (e) => {
      e.currentTarget.disabled = true;
      send("choose_game", {game: g.game});
    }}, h("span", {class: "game-name"}, g.name),
  h("span", {class: g.unavailable ? "stakes why-not" : "stakes", "data-testid": g.unavailable ? "game-unavailable" : null},
    g.unavailable || g.stakes)))));
}

// how each share of a pot is won, by the ranking the server names (game_info.halves): no game is named here
const WHOLE_POT = {high: "highest hand wins", wild_high: "highest hand wins, wild cards count",
  razz: "lowest hand wins", eight_or_better: "best low of eight or better wins"};
const SHARE = {high: "high", wild_high: "high (wild cards count)", razz: "low", eight_or_better: "low (8 or better)",
  high_spade: "the high spade in the hole", low_spade: "the low spade in the hole"};

/** "lowest hand wins", "high and low (8 or better) split the pot": how a game is won, from its game_info
 * (the banner of a change of game). */
export function howWon(gameInfo) {
  const halves = gameInfo.halves || [];
  if (halves.length === 1) return WHOLE_POT[halves[0].ranking] || `${halves[0].name} wins`;
  return `${halves.map((x) => SHARE[x.ranking] || x.name).join(" and ")} split the pot`;
}
