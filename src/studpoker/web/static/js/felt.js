// The table drawn in HTML: seats around an oval felt, cards as pictures from /svg/card/<card>.svg
// (drawn by studpoker.svg on the server), the pot(s), the Wall Street market and a result panel.
// Used by the live table (table.js) and the hand history viewer (history.js).

import {h, signed, streetLabel} from "./util.js";

const fourColor = () => localStorage.getItem("studpoker.fourColor") === "1";

/** A card picture; null is a card face down that the viewer may not see. */
export function cardImg(card, extra = "") {
  const name = card === null || card === undefined ? "back" : card;
  const src = `/svg/card/${name}.svg${fourColor() && name !== "back" ? "?four_color=true" : ""}`;
  return h("img", {
    class: `card ${extra}`.trim(), src, draggable: "false",
    alt: name === "back" ? "hidden card" : card, title: name === "back" ? "hidden card" : card,
  });
}

/** Main and side pots during a hand, from what each player put in (R1.6); total on the first line. */
export function livePots(players, total) {
  const levels = [...new Set(players.filter((p) => p.all_in && !p.folded).map((p) => p.contributed))]
    .sort((a, b) => a - b);
  if (!levels.length) return [total];
  const out = [];
  let prev = 0;
  for (const level of levels) {
    let amount = 0;
    for (const p of players) amount += Math.max(0, Math.min(p.contributed, level) - Math.min(p.contributed, prev));
    if (amount > 0) out.push(amount);
    prev = level;
  }
  let rest = 0;
  for (const p of players) rest += Math.max(0, p.contributed - prev);
  if (rest > 0) out.push(rest);
  const sum = out.reduce((a, b) => a + b, 0);
  out[0] += total - sum; // Wall Street market money (dead money) sits in the pots too
  return out;
}

const ACTION_LABELS = {
  fold: () => "Fold",
  check: () => "Check",
  call: (a) => `Call ${a.amount}`,
  bring_in: (a) => `Bring in ${a.amount}`,
  complete: (a) => `Complete to ${a.amount}`,
  bet: (a) => `Bet ${a.amount}`,
  raise: (a) => `Raise to ${a.amount}`,
  take_card: () => "Take a free card",
  buy: (a) => `Buy slot ${a.slot} for ${a.amount}`,
  show: () => "Show",
  muck: () => "Muck",
};

const ACTION_KEYS = {
  fold: "f", check: "c", call: "c", bring_in: "b", complete: "r", bet: "b", raise: "r",
  take_card: "t", show: "s", muck: "m",
};

/** Button label of a legal action. */
export function actionLabel(action) {
  return (ACTION_LABELS[action.kind] || (() => action.kind))(action);
}

/** Keyboard keys for legal actions: f c b r t s m, 1-4 for market slots; a second bet size gets "g". */
export function actionKeys(actions) {
  const used = new Set();
  return actions.map((a) => {
    let key = a.kind === "buy" ? String(a.slot) : ACTION_KEYS[a.kind];
    if (used.has(key)) key = a.kind === "bet" || a.kind === "raise" ? "g" : null;
    if (key && used.has(key)) key = null;
    if (key) used.add(key);
    return key;
  });
}

/** Words for a log record (the records of a view: only cards the viewer may see). The server's
 * words (op.text, from studpoker.describe) are used when the message carries them. */
export function describe(op, names) {
  const who = (seat) => names[seat] ?? `seat ${seat + 1}`;
  const KINDS = {street_started: "street", action_taken: "action", chips_returned: "info", pot_awarded: "win"};
  if (op.text && KINDS[op.op]) return {kind: KINDS[op.op], text: op.text};
  switch (op.op) {
    case "street_started":
      return {kind: "street", text: streetLabel(op.name)};
    case "action_taken": {
      const a = op.action;
      let text = `${who(a.seat)} `;
      text += {
        fold: "folds", check: "checks", call: `calls ${a.amount}`, bring_in: `brings in ${a.amount}`,
        complete: `completes to ${a.amount}`, bet: `bets ${a.amount}`, raise: `raises to ${a.amount}`,
        take_card: "takes a free card", buy: `buys slot ${a.slot} for ${a.amount}`,
        show: "shows", muck: "mucks",
      }[a.kind] || a.kind;
      if (op.cards && op.cards.length && ["show", "buy", "take_card"].includes(a.kind)) {
        text += ": " + op.cards.filter(Boolean).join(" ");
      }
      return {kind: "action", text};
    }
    case "chips_returned":
      return {kind: "info", text: `${who(op.seat)} takes back ${op.amount} uncalled`};
    case "pot_awarded":
      return {kind: "win", text: `${who(op.seat)} wins ${op.amount}${op.hand ? ` with ${op.hand}` : ""}`};
    default:
      return null;
  }
}

/** The end-of-hand summary: every pot with its high and low winners, then each player's result. */
export function summaryPanel({number, results, payoffs, names, hiLo, onClose, old}) {
  const who = (seats) => seats.map((s) => names[s] ?? `seat ${s + 1}`).join(", ");
  const pots = results.map((r) => h("li", {
    class: "pot-result", dataset: {pot: String(r.pot), amount: String(r.amount),
      high: who(r.high_winners), low: who(r.low_winners)},
  },
  h("div", {class: "pot-name"}, `${r.name.charAt(0).toUpperCase()}${r.name.slice(1)}: ${r.amount}`),
  r.high_winners.length ? h("div", {class: "winner high"}, h("b", {}, "High "), who(r.high_winners),
    r.high_hand ? h("span", {class: "made"}, ` (${r.high_hand})`) : null) : null,
  r.low_winners.length ? h("div", {class: "winner low"}, h("b", {}, "Low "), who(r.low_winners),
    r.low_hand ? h("span", {class: "made"}, ` (${r.low_hand})`) : null) : null,
  hiLo && r.low_winners.length === 0 ? h("div", {class: "winner low none"}, h("b", {}, "Low "),
    "none (no eight-or-better low)") : null,
  ));
  const rows = (payoffs || []).map((p, s) => h("li", {
    class: p > 0 ? "up" : p < 0 ? "down" : "even", dataset: {player: names[s] ?? "", payoff: String(p)},
  }, h("span", {}, names[s] ?? `seat ${s + 1}`), h("span", {class: "amount"}, signed(p))));
  return h("div", {class: `summary${old ? " old" : ""}`, "data-testid": "summary", dataset: {hand: String(number ?? "")}},
    h("div", {class: "summary-head"}, h("span", {}, old ? `Last hand (#${number ?? ""})` : `Hand #${number ?? ""} result`),
      onClose ? h("button", {class: "close", title: "close", "aria-label": "close", onclick: onClose}, "×") : null),
    h("ul", {class: "pots"}, pots),
    h("ul", {class: "payoffs"}, rows));
}

function seatPosition(pos, n) {
  const angle = Math.PI / 2 + (2 * Math.PI * pos) / n;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return {
    left: 50 + 48 * cos, top: 50 + 46 * sin,
    ax: cos < -0.3 ? 0 : cos > 0.3 ? 100 : 50,
    ay: sin < -0.3 ? 0 : sin > 0.3 ? 100 : 50,
    lower: sin > 0.2,
  };
}

/**
 * Render the felt. model = {
 *   config, gameInfo (the server's game_info), seatCount, bottom (table seat at the bottom), seats[table seat] = {name, chips, bot,
 *   sitting_out, leaving} | null, you (table seat | null), button, hand = {seats, view, timer} | null,
 *   names (per hand seat), summary (element | null), canSit, onSit(seat), isOwner, onRemoveBot(seat),
 *   onAct(action), busy, now() }
 */
export function renderFelt(model) {
  const {config, gameInfo, seatCount, bottom} = model;
  const hand = model.hand;
  const view = hand ? hand.view : null;
  const over = view && view.phase === "over";
  const wrap = h("div", {class: "felt-wrap", "data-testid": "felt", dataset: {phase: view ? view.phase : "none",
    hand: hand && hand.number !== undefined ? String(hand.number) : ""}});
  wrap.append(h("div", {class: "felt"}));
  const center = h("div", {class: "center"});
  wrap.append(center);

  // the centre: street, pot(s), market, community cards, results
  if (view) {
    center.append(h("div", {class: "street"}, over ? "Hand over" : streetLabel(view.street_name)));
    const pots = livePots(view.players, view.pot);
    center.append(h("div", {class: "pot", "data-testid": "pot", dataset: {pot: String(view.pot)}},
      `Pot ${view.pot}`,
      pots.length > 1 ? h("div", {class: "side-pots"},
        pots.map((p, i) => h("span", {}, i === 0 ? `main ${p}` : `side ${i} ${p}`))) : null));
  } else {
    const waiting = model.waitingText || "Waiting for the next hand";
    center.append(h("div", {class: "street"}, `${gameInfo.name} · ${gameInfo.stakes}`));
    center.append(h("div", {class: "waiting"}, waiting));
  }
  if (gameInfo.market_prices) {
    const buys = view && view.seat !== null && view.to_act === view.seat
      ? view.legal_actions.filter((a) => a.kind === "buy") : [];
    const market = h("div", {class: "market", "data-testid": "market"});
    for (let slot = 1; slot <= 4; slot++) {
      const card = view ? view.market[slot - 1] : null;
      const buy = buys.find((a) => a.slot === slot);
      market.append(h("div", {class: "slot", dataset: {slot: String(slot)}},
        card ? cardImg(card, "market-card") : h("div", {class: "card empty-slot"}, view ? "empty" : ""),
        h("div", {class: "price"}, `${slot}: ${gameInfo.market_prices[slot - 1]}`),
        buy ? h("button", {class: "buy", dataset: {slot: String(slot)}, disabled: model.busy,
          title: `buy slot ${slot} for ${buy.amount} (key ${slot})`, onclick: () => model.onAct(buy)},
        `Buy ${slot}`, h("kbd", {}, String(slot))) : null));
    }
    center.append(market);
  }
  if (view && view.community && view.community.length) {
    center.append(h("div", {class: "community"}, view.community.map((c) => cardImg(c))));
  }
  if (model.summary) center.append(model.summary);

  // the seats
  const handSeatOf = (ts) => (hand ? hand.seats.indexOf(ts) : -1);
  for (let ts = 0; ts < seatCount; ts++) {
    const pos = seatPosition((ts - bottom + seatCount) % seatCount, seatCount);
    const style = {left: `${pos.left}%`, top: `${pos.top}%`, "--ax": `${pos.ax}%`, "--ay": `${pos.ay}%`};
    const seat = model.seats[ts];
    const hs = handSeatOf(ts);
    const player = view && hs >= 0 ? view.players[hs] : null;
    if (!seat && !player) {
      wrap.append(h("div", {class: "seat empty", style, dataset: {seat: String(ts)}},
        model.canSit ? h("button", {class: "sit-btn", dataset: {seat: String(ts)}, onclick: () => model.onSit(ts)},
          "Sit here") : h("div", {class: "plate empty-plate"}, "empty")));
      continue;
    }
    const you = model.you === ts;
    const name = seat ? seat.name : (model.names[hs] ?? `seat ${ts + 1}`);
    const toAct = view && !over && hs >= 0 && view.to_act === hs;
    const classes = ["seat", pos.lower ? "lower" : "upper"];
    if (you) classes.push("you");
    if (player && (player.folded || player.mucked)) classes.push("folded");
    const cards = h("div", {class: "cards"});
    if (player) {
      for (const c of player.down) cards.append(cardImg(c, c ? "down mine" : "down"));
      for (const c of player.up) cards.append(cardImg(c, "up"));
    }
    const status = [];
    if (player && player.folded) status.push("folded");
    else if (player && player.all_in) status.push("all in");
    if (seat && seat.sitting_out) status.push("sitting out");
    if (seat && seat.leaving) status.push("leaving");
    const stack = player ? player.stack : seat.chips;
    const plate = h("div", {class: `plate${toAct ? " to-act" : ""}`},
      h("div", {class: "name"}, h("span", {class: "nm"}, name),
        seat && seat.bot ? h("span", {class: "badge"}, "bot") : null,
        model.button === ts ? h("span", {class: "dealer", title: "button"}, "D") : null),
      h("div", {class: "stack", dataset: {stack: String(stack)}}, String(stack),
        status.length ? h("span", {class: "status"}, ` · ${status.join(", ")}`) : null),
      toAct && hand.timer ? h("div", {class: "timer", dataset: {
        deadline: String(hand.timer.deadline), bank: String(hand.timer.bank_deadline),
        total: String(config.action_time)}}, h("div", {class: "bar"}), h("span", {class: "secs"})) : null,
      model.isOwner && seat && seat.bot && !hand ? h("button", {class: "remove-bot", title: "remove this bot",
        onclick: () => model.onRemoveBot(ts)}, "×") : null);
    const el = h("div", {class: classes.join(" "), style, dataset: {seat: String(ts), name}}, cards, plate);
    if (player && player.bet) el.append(h("div", {class: "bet", title: "bet this round"}, String(player.bet)));
    if (over && model.payoffs && hs >= 0 && model.payoffs[hs]) {
      el.append(h("div", {class: `result ${model.payoffs[hs] > 0 ? "up" : "down"}`}, signed(model.payoffs[hs])));
    }
    wrap.append(el);
  }
  return wrap;
}

/** Refresh every decision clock on the page (called a few times a second). */
export function tickTimers(now) {
  for (const el of document.querySelectorAll(".timer[data-deadline]")) {
    const deadline = Number(el.dataset.deadline);
    const bank = Number(el.dataset.bank);
    const total = Number(el.dataset.total) || 1;
    const bar = el.querySelector(".bar");
    const secs = el.querySelector(".secs");
    const left = deadline - now;
    if (left > 0) {
      bar.style.width = `${Math.max(0, Math.min(100, (100 * left) / total))}%`;
      el.classList.remove("bank");
      secs.textContent = `${Math.ceil(left)}s`;
    } else {
      const bankLeft = Math.max(0, bank - now);
      const bankTotal = Math.max(1, bank - deadline);
      bar.style.width = `${(100 * bankLeft) / bankTotal}%`;
      el.classList.add("bank");
      secs.textContent = `bank ${Math.ceil(bankLeft)}s`;
    }
  }
}
