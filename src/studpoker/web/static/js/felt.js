// The table drawn in HTML: seats around an oval felt, cards as pictures from /svg/card/<card>.svg
// (drawn by studpoker.svg on the server), the pot(s), the Wall Street market and a result panel.
// Used by the live table (table.js) and the hand history viewer (history.js).

import {cardWords, h, shortName, signed, streetLabel, wildWords} from "./util.js";

const fourColor = () => localStorage.getItem("studpoker.fourColor") === "1";

/** A card picture with its name in words ("queen of clubs"); null is a card face down. A "wild" card
 * (R8.1) is drawn with a gold star by the server and ringed (class "wild", data-testid "wild-card"). */
export function cardImg(card, extra = "") {
  const name = card === null || card === undefined ? "back" : card;
  const wild = name !== "back" && extra.split(" ").includes("wild");
  const query = [fourColor() && name !== "back" ? "four_color=true" : "", wild ? "wild=true" : ""].filter(Boolean);
  const src = `/svg/card/${name}.svg${query.length ? `?${query.join("&")}` : ""}`;
  let words = cardWords(name === "back" ? null : card);
  if (wild) words += " (wild)";
  if (extra.includes("bought")) words += " (bought)";
  if (extra.includes("win")) words += " (winning hand)";
  return h("img", {class: `card ${extra}`.trim(), src, draggable: "false", alt: words, title: words,
    width: "60", height: "84", "data-testid": wild ? "wild-card" : null});
}

/** Whether a card is wild now: its rank is one of the view's wild ranks (the server's, R8). */
const isWild = (card, ranks) => Boolean(card && ranks && ranks.length && ranks.includes(card[0]));

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

const ACTION_KEYS = {
  fold: "f", check: "c", call: "c", bring_in: "b", complete: "r", bet: "b", raise: "r",
  take_card: "t", show: "s", muck: "m", pay: "p",
};

/** Button label of the i-th legal action of a view: the server's words (`legal_labels`). */
export function actionLabel(view, i) {
  return (view.legal_labels || [])[i] || view.legal_actions[i].kind;
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

/** Words for a log record (the records of a view: only cards the viewer may see). */
export function describe(op, names) {
  const who = (seat) => names[seat] ?? `seat ${seat + 1}`;
  switch (op.op) {
    case "street_started":
      return {kind: "street", text: streetLabel(op.name)};
    case "action_taken": {
      const a = op.action;
      return {kind: "action", text: `${who(a.seat)} ${op.text || a.kind}`};
    }
    case "chips_returned":
      return {kind: "info", text: `${who(op.seat)} ${op.text || `takes back ${op.amount} uncalled`}`};
    case "pot_awarded":
      return {kind: "win", text: `${who(op.seat)} ${op.text || `wins ${op.amount}${op.hand ? ` with ${op.hand}` : ""}`}`};
    case "wild_ranks_changed": // R8.3: "the 7 is wild now", the server's words
      return {kind: "info", text: op.text || `wild: ${op.ranks.join(" ")}`};
    default:
      return null;
  }
}

/** The end-of-hand summary: every pot with its high and low winners, then each player's result. */
export function summaryPanel({number, results, payoffs, names, hiLo, spadeHalf, onClose, old}) {
  const who = (seats) => seats.map((s) => names[s] ?? `seat ${s + 1}`).join(", ");
  const pots = results.map((r) => h("li", {
    class: "pot-result", dataset: {pot: String(r.pot), amount: String(r.amount),
      high: who(r.high_winners), low: who(r.low_winners), spade: who(r.spade_winners || [])},
  },
  h("div", {class: "pot-name"}, `${r.name.charAt(0).toUpperCase()}${r.name.slice(1)}: ${r.amount}`),
  // a pot nobody contested has no hand: its winner simply wins it (razz pots are won by a low)
  r.high_winners.length ? h("div", {class: "winner high"}, h("b", {}, r.high_hand || r.low_hand ? "High " : "Won by "),
    who(r.high_winners),
    r.high_hand ? h("span", {class: "made"}, ` (${r.high_hand})`) : null) : null,
  r.low_winners.length ? h("div", {class: "winner low"}, h("b", {}, "Low "), who(r.low_winners),
    r.low_hand ? h("span", {class: "made"}, ` (${r.low_hand})`) : null) : null,
  hiLo && r.low_winners.length === 0 && r.high_hand ? h("div", {class: "winner low none"}, h("b", {}, "Low "),
    "none (no eight-or-better low)") : null,
  // High and Low Chicago (R8.4): the half won by the spade in the hole
  r.spade_winners && r.spade_winners.length ? h("div", {class: "winner spade"}, h("b", {}, "Spade "),
    who(r.spade_winners), r.spade_hand ? h("span", {class: "made"}, ` (${r.spade_hand})`) : null) : null,
  spadeHalf && !(r.spade_winners && r.spade_winners.length) && r.high_hand
    ? h("div", {class: "winner spade none", "data-testid": "spade-half"}, h("b", {}, "Spade "),
      "no spade in the hole: the high hand takes it all") : null,
  ));
  // a seat that won a share and got its chips back even (a split pot) reads "split", not 0
  const sharers = new Set(results.flatMap((r) => [...r.high_winners, ...r.low_winners, ...(r.spade_winners || [])]));
  const rows = (payoffs || []).map((p, s) => h("li", {
    class: p > 0 ? "up" : p < 0 ? "down" : "even", dataset: {player: names[s] ?? "", payoff: String(p)},
  }, h("span", {}, names[s] ?? `seat ${s + 1}`),
  h("span", {class: "amount"}, p === 0 && sharers.has(s) ? "split" : signed(p))));
  return h("div", {class: `summary${old ? " old" : ""}`, "data-testid": "summary", dataset: {hand: String(number ?? "")}},
    h("div", {class: "summary-head"}, h("span", {}, old ? `Last hand (#${number ?? ""})` : `Hand #${number ?? ""} result`),
      onClose ? h("button", {class: "close", title: "close", "aria-label": "close", onclick: onClose}, "×") : null),
    h("ul", {class: "pots"}, pots),
    h("ul", {class: "payoffs"}, rows));
}

// Seat places in a 12-column grid, clockwise from the bottom (the viewer). Wide screens: three rows
// with the centre (pot, market) in the middle, up to four seats in the top and bottom rows (9 and 10
// seats: Five Card Stud deals to ten); phones: five rows with the centre in its own full row, six
// rows for 9 and 10 seats (a pair of seats more on the sides). Grid cells never overlap, and card
// sizes follow the cell widths (style.css), so nothing collides.
const WIDE = {B: [3, "5 / 9"], BL: [3, "1 / 5"], BR: [3, "9 / 13"], ML: [2, "1 / 5"], MR: [2, "9 / 13"],
  TL: [1, "1 / 5"], TC: [1, "5 / 9"], TR: [1, "9 / 13"], T2L: [1, "1 / 7"], T2R: [1, "7 / 13"], C: [2, "5 / 9"],
  T4A: [1, "1 / 4"], T4B: [1, "4 / 7"], T4C: [1, "7 / 10"], T4D: [1, "10 / 13"],
  B4A: [3, "1 / 4"], B4B: [3, "4 / 7"], B4C: [3, "7 / 10"], B4D: [3, "10 / 13"]};
const WIDE_ORDER = {2: ["B", "TC"], 3: ["B", "T2L", "T2R"], 4: ["B", "ML", "TC", "MR"], 5: ["B", "ML", "T2L", "T2R", "MR"],
  6: ["B", "ML", "TL", "TC", "TR", "MR"], 7: ["B", "BL", "ML", "T2L", "T2R", "MR", "BR"],
  8: ["B", "BL", "ML", "TL", "TC", "TR", "MR", "BR"],
  9: ["B", "BL", "ML", "T4A", "T4B", "T4C", "T4D", "MR", "BR"],
  10: ["B4B", "B4A", "ML", "T4A", "T4B", "T4C", "T4D", "MR", "B4D", "B4C"]};
const TALL = {B: [5, "1 / 13"], LL: [4, "1 / 7"], LR: [4, "7 / 13"], UL: [2, "1 / 7"], UR: [2, "7 / 13"], T: [1, "1 / 13"],
  TL3: [1, "1 / 5"], TC3: [1, "5 / 9"], TR3: [1, "9 / 13"], T2L: [1, "1 / 7"], T2R: [1, "7 / 13"], C: [3, "1 / 13"],
  // 9 and 10 seats: a row of side seats more, the centre and the lower rows one row down
  ML6: [3, "1 / 7"], MR6: [3, "7 / 13"], C6: [4, "1 / 13"], LL6: [5, "1 / 7"], LR6: [5, "7 / 13"], B6: [6, "1 / 13"]};
const TALL_ORDER = {2: ["B", "T"], 3: ["B", "T2L", "T2R"], 4: ["B", "LL", "T", "LR"], 5: ["B", "LL", "T2L", "T2R", "LR"],
  6: ["B", "LL", "UL", "T", "UR", "LR"], 7: ["B", "LL", "UL", "T2L", "T2R", "UR", "LR"],
  8: ["B", "LL", "UL", "TL3", "TC3", "TR3", "UR", "LR"],
  9: ["B6", "LL6", "ML6", "UL", "T2L", "T2R", "UR", "MR6", "LR6"],
  10: ["B6", "LL6", "ML6", "UL", "TL3", "TC3", "TR3", "UR", "MR6", "LR6"]};
/** The most seats a felt is drawn for (a table never has more: Five Card Stud seats ten). */
const MAX_PLACES = 10;

/** True when the table is drawn for a narrow (phone) screen. */
export const narrow = () => window.matchMedia("(max-width: 600px)").matches;

function placement(name, tall) {
  const [row, column] = (tall ? TALL : WIDE)[name];
  return {"grid-row": String(row), "grid-column": column};
}

/** The seats' places for n seats: [{name, style}] by position (0 = bottom). */
export function seatPlaces(n, tall = narrow()) {
  const order = (tall ? TALL_ORDER : WIDE_ORDER)[Math.max(2, Math.min(MAX_PLACES, n))];
  return order.map((name) => ({name, style: placement(name, tall)}));
}

function strengthText(s) {
  if (!s || !(s.high || s.low)) return "";
  if (!s.high) return `Low: ${s.low}`; // razz: the hand is a low (the server's words)
  return s.low ? `High: ${s.high} · Low: ${s.low}` : `High: ${s.high}`;
}

/**
 * Make presses on `box`'s buttons survive a redraw. The felt is drawn anew at every update, and
 * the browser sends no click when the element pressed left the page before the release (a bot
 * acted in between). Such a release goes to the button now under the pointer if it stands for
 * the one pressed: the same `data-press` key ("Sit here" at one seat, "Buy" of one market slot).
 */
export function keepPresses(box) {
  let down = null; // {el, key}: the pressed element with a data-press key
  box.addEventListener("pointerdown", (e) => {
    // (a touch is not lost: the browser clicks whatever is under the finger at the end of a tap)
    const el = e.pointerType !== "touch" && e.target instanceof Element ? e.target.closest("[data-press]") : null;
    down = el ? {el, key: el.dataset.press} : null;
  });
  box.addEventListener("pointerup", (e) => {
    const was = down;
    down = null;
    if (!was || was.el.isConnected) return; // still on the page: the browser's own click follows
    const under = document.elementFromPoint(e.clientX, e.clientY);
    const el = under ? under.closest("[data-press]") : null;
    if (!el || el.dataset.press !== was.key || !box.contains(el)) return;
    const button = el.matches("button") ? el : el.querySelector("button");
    if (button && !button.disabled) button.click();
  });
}

/**
 * Render the felt. model = {
 *   config, gameInfo (the server's game_info), seatCount, bottom (table seat at the bottom), seats[table seat] = {name, chips, bot,
 *   sitting_out, leaving, disconnected, time_bank} | null, you (table seat | null), button,
 *   hand = {seats, view, timer, number} | null, names (per hand seat), acts (hand seat -> words of its last
 *   action this street), fresh / bought (Sets of "handSeat:card" dealt this street / bought), payoffs,
 *   summary (element | null), waitingText, canSit, onSit(seat), isOwner, onRemoveBot(seat), onAct(action), busy }
 */
export function renderFelt(model) {
  const {config, seatCount, bottom} = model;
  const info = model.gameInfo; // the server's game_info: name, stakes, market prices, ...
  const hand = model.hand;
  const view = hand ? hand.view : null;
  const over = view && view.phase === "over";
  const tall = narrow();
  const places = seatPlaces(seatCount, tall);
  const across = tall ? (seatCount >= 8 ? 3 : 2) : (seatCount >= 9 ? 4 : 3);
  const wrap = h("div", {class: `felt-wrap ${tall ? "tall" : "wide"} across-${across}`, "data-testid": "felt",
    style: {"--across": String(across)},
    dataset: {phase: view ? view.phase : "none", seats: String(seatCount),
      hand: hand && hand.number !== undefined ? String(hand.number) : ""}});
  wrap.append(h("div", {class: "felt", "aria-hidden": "true"}));
  const center = h("div", {class: "center", style: placement(tall && seatCount >= 9 ? "C6" : "C", tall)});
  wrap.append(center);

  // the centre: street, pot(s), market, community cards, the result of the hand
  const winners = new Map(); // hand seat -> Set of winning cards
  if (view) {
    const won = over ? (view.won ?? view.results.reduce((a, r) => a + r.amount, 0)) : null;
    center.append(h("div", {class: "street"}, over ? "Hand over" : streetLabel(view.street_name)));
    const pots = livePots(view.players, view.pot);
    center.append(h("div", {class: "pot", "data-testid": "pot", dataset: {pot: String(over ? won : view.pot)}},
      over ? `Pot ${won} won` : `Pot ${view.pot}`,
      !over && pots.length > 1 ? h("div", {class: "side-pots"},
        pots.map((p, i) => h("span", {}, i === 0 ? `main ${p}` : `side ${i} ${p}`))) : null));
    for (const r of view.results || []) {
      for (const [seatsWon, key] of [[r.high_winners, "high_cards"], [r.low_winners, "low_cards"]]) {
        for (const s of seatsWon) {
          const cards = (view.players[s] && view.players[s].strength && view.players[s].strength[key]) || [];
          if (!winners.has(s)) winners.set(s, new Set());
          for (const c of cards) winners.get(s).add(c);
        }
      }
    }
  } else if (model.choosingText) {
    center.append(h("div", {class: "street"}, "Dealer's choice"));
    center.append(h("div", {class: "waiting"}, model.choosingText));
  } else if (model.gamesList) { // a mixed table before its first hand: the games of the night, each with its stakes
    center.append(h("div", {class: "street"}, "Tonight's games"));
    center.append(h("ul", {class: "games-list", "data-testid": "table-games"}, model.gamesList.map((g) =>
      h("li", {dataset: {game: g.game}}, h("b", {}, g.name), ` · ${g.stakes}`))));
    center.append(h("div", {class: "waiting"}, model.waitingText || "Waiting for the next hand"));
  } else {
    center.append(h("div", {class: "street"}, `${info.name} · ${info.stakes}`));
    center.append(h("div", {class: "waiting"}, model.waitingText || "Waiting for the next hand"));
  }
  // the wild ranks of the moment (R8), as the server says them; the game's own before a hand
  const wildRanks = view ? view.wild_ranks || [] : info.wild_ranks || [];
  if (info.wild_ranks && (info.wild_ranks.length || info.follow_the_queen)) {
    center.append(h("div", {class: "wild-ranks", "data-testid": "wild-ranks", dataset: {ranks: wildRanks.join("")}},
      wildWords(wildRanks)));
  }
  // R8.5: the rank wild in the viewer's own hand only (the server sends it to its holder alone)
  const ownWild = view && view.private_wild_ranks ? view.private_wild_ranks : [];
  if (ownWild.length) {
    center.append(h("div", {class: "wild-ranks private", "data-testid": "private-wild-ranks",
      dataset: {ranks: ownWild.join("")}}, `${wildWords(ownWild)} (your hand only)`));
  }
  if (view && view.community && view.community.length) {
    const winning = new Set([...winners.values()].flatMap((set) => [...set]));
    center.append(h("div", {class: "community", role: "group", "aria-label": "community card"},
      view.community.map((c) => cardImg(c, [winning.has(c) ? "win" : "", isWild(c, wildRanks) ? "wild" : ""]
        .filter(Boolean).join(" ")))));
  }
  const showSummary = model.summary && (!view || over);
  if (info.market_prices && !showSummary && !(model.gamesList && !view)) {
    const buys = view && !over && view.seat !== null && view.to_act === view.seat
      ? view.legal_actions.filter((a) => a.kind === "buy") : [];
    const market = h("div", {class: "market", "data-testid": "market", role: "group", "aria-label": "Market"},
      h("div", {class: "market-label"}, "Market"));
    const slots = h("div", {class: "slots"});
    for (let slot = 1; slot <= 4; slot++) {
      const card = view ? view.market[slot - 1] : null;
      const buy = buys.find((a) => a.slot === slot);
      const price = buy ? buy.amount : info.market_prices[slot - 1];
      slots.append(h("div", {class: "slot", dataset: {slot: String(slot)}},
        card ? cardImg(card, "market-card") : h("div", {class: "card empty-slot"}, view ? "empty" : ""),
        h("div", {class: "price"}, `slot ${slot}`, h("br"), `costs ${price}`),
        buy ? h("button", {class: "buy", dataset: {slot: String(slot), press: `buy-${slot}`}, disabled: model.busy,
          "aria-label": `Buy slot ${slot}${card ? `, ${cardWords(card)},` : ""} for ${buy.amount}`,
          "aria-keyshortcuts": String(slot),
          title: `buy slot ${slot} for ${buy.amount} (key ${slot})`, onclick: () => model.onAct(buy)},
        `Buy ${buy.amount}`, h("kbd", {"aria-hidden": "true"}, String(slot)))
          : h("span", {class: "buy-space", "aria-hidden": "true"})));
    }
    market.append(slots);
    center.append(market);
  }
  if (showSummary) center.append(model.summary);

  // the seats
  const handSeatOf = (ts) => (hand ? hand.seats.indexOf(ts) : -1);
  const nameMax = tall ? (across === 3 ? 9 : 14) : 16;
  for (let ts = 0; ts < seatCount; ts++) {
    const place = places[(ts - bottom + seatCount) % seatCount];
    const seat = model.seats[ts];
    const hs = handSeatOf(ts);
    const player = view && hs >= 0 ? view.players[hs] : null;
    if (!seat && !player) {
      wrap.append(h("div", {class: "seat empty", style: place.style,
        dataset: {seat: String(ts), place: place.name, press: `seat-${ts}`}},
        model.canSit ? h("button", {class: "sit-btn", dataset: {seat: String(ts)}, onclick: () => model.onSit(ts)},
          "Sit here") : h("div", {class: "plate empty-plate"}, "empty")));
      continue;
    }
    const you = model.you === ts;
    const name = seat ? seat.name : (model.names[hs] ?? `seat ${ts + 1}`);
    const toAct = view && !over && hs >= 0 && view.to_act === hs;
    const classes = ["seat", place.name.startsWith("T") ? "top" : "side"];
    if (you) classes.push("you");
    if (player && (player.folded || player.mucked)) classes.push("folded");
    if (toAct) classes.push("to-act");
    const won = winners.get(hs);
    const look = (c, extra) => {
      const key = `${hs}:${c}`;
      const cls = [extra];
      if (c && model.bought && model.bought.has(key)) cls.push("bought");
      else if (c && model.fresh && model.fresh.has(key)) cls.push("fresh");
      if (c && won && won.has(c)) cls.push("win");
      if (isWild(c, wildRanks) || (you && isWild(c, ownWild))) cls.push("wild");
      if (c && model.arrived && model.arrived.has(key)) cls.push("arrive");
      return cardImg(c, cls.join(" "));
    };
    const cards = h("div", {class: "cards", role: "group", "aria-label": `${name}'s cards`});
    if (player) {
      for (const c of player.down) cards.append(look(c, c ? "down mine" : "down"));
      for (const c of player.up) cards.append(look(c, "up"));
    }
    const status = [];
    if (player && player.folded) status.push("folded");
    else if (player && player.all_in) status.push("all in");
    if (seat && seat.leave_after_hand) status.push("leaves after this hand");
    else if (seat && seat.sitting_out) status.push("sitting out");
    if (seat && seat.leaving) status.push("leaving");
    const stack = player ? player.stack : seat.chips;
    const bank = seat && typeof seat.time_bank === "number" ? Math.floor(seat.time_bank) : null;
    const acted = model.acts && hs >= 0 ? model.acts.get(hs) : null;
    const payoff = over && model.payoffs && hs >= 0 ? model.payoffs[hs] : 0;
    const line = h("div", {class: "seat-line"},
      h("span", {class: "seat-action", "data-testid": "seat-action"}, acted || ""),
      payoff ? h("span", {class: `result ${payoff > 0 ? "up" : "down"}`, "data-testid": "seat-result"}, signed(payoff))
        : player && player.bet ? h("span", {class: "bet", title: "bet this round", dataset: {bet: String(player.bet)}},
          String(player.bet)) : null);
    // the owner's remove button sits in the name row, before the name: it never covers the dealer button
    const removable = model.isOwner && seat && seat.bot && !(view && !over);
    const plate = h("div", {class: "plate"},
      h("div", {class: "name"},
        removable ? h("button", {class: "remove-bot", title: "remove this bot",
          "aria-label": `remove ${name}`, onclick: () => model.onRemoveBot(ts)}, "×") : null,
        h("span", {class: "nm", title: name}, shortName(name, nameMax)),
        seat && seat.bot ? h("span", {class: "badge"}, "bot") : null,
        model.button === ts ? h("span", {class: "dealer", title: "dealer button", "aria-label": "dealer"}, "D") : null,
        // dealer's choice by orbit (R7.1): the choice button, with the player who picked this orbit's game
        model.chooser === ts ? h("span", {class: "chooser", "data-testid": "choice-button",
          title: "choice button: picked this orbit's game", "aria-label": "picked this orbit's game"}, "C") : null),
      h("div", {class: "stack", dataset: {stack: String(stack)}}, String(stack),
        seat && seat.disconnected ? h("span", {class: "badge offline", "data-testid": "disconnected"}, "disconnected") : null,
        status.length ? h("span", {class: "status"}, ` · ${status.join(", ")}`) : null),
      toAct && hand.timer ? h("div", {class: "clock"}, h("div", {class: "timer", dataset: {
        deadline: String(hand.timer.deadline), bank: String(hand.timer.bank_deadline),
        total: String(config.action_time)}}, h("div", {class: "bar"})),
      h("span", {class: "secs", "data-testid": "clock"})) : null);
    const el = h("div", {class: classes.join(" "), style: place.style,
      dataset: {seat: String(ts), name, place: place.name, bank: bank === null ? "" : String(bank)}},
    line, cards, plate);
    const s = player && player.strength;
    if (you && player) {
      el.append(h("div", {class: "hand-strength", "data-testid": "hand-strength", "aria-label": "your hand"},
        player.folded ? "" : strengthText(s || view.strength)));
      const spade = (s || view.strength || {}).spade;
      if (!player.folded && spade !== undefined) { // High and Low Chicago (R8.4): the spade half, as the server reads it
        el.append(h("div", {class: "spade-half", "data-testid": "spade-half", dataset: {spade: spade || ""}},
          spade ? `Spade half: your spade in the hole: ${spade}` : "Spade half: no spade in the hole"));
      }
    } else if (s && (view.phase === "showdown" || over)) {
      el.append(h("div", {class: "hand-name", "data-testid": "shown-hand"}, strengthText(s)));
    }
    wrap.append(el);
  }
  return wrap;
}

/** Refresh every decision clock on the page (called a few times a second): the bar, the seconds left,
 * and the time bank (shown before it starts, counting down once it has). */
export function tickTimers(now) {
  for (const el of document.querySelectorAll(".timer[data-deadline]")) {
    const deadline = Number(el.dataset.deadline);
    const bank = Number(el.dataset.bank);
    const total = Number(el.dataset.total) || 1;
    const bar = el.querySelector(".bar");
    const secs = el.parentElement.querySelector(".secs");
    const left = deadline - now;
    const bankTotal = Math.max(0, bank - deadline);
    if (left > 0) {
      bar.style.width = `${Math.max(0, Math.min(100, (100 * left) / total))}%`;
      el.classList.remove("bank");
      secs.textContent = `${Math.ceil(left)}s` + (bankTotal >= 1 ? ` + bank ${Math.floor(bankTotal)}s` : "");
    } else {
      const bankLeft = Math.max(0, bank - now);
      bar.style.width = `${bankTotal ? (100 * bankLeft) / bankTotal : 0}%`;
      el.classList.add("bank");
      secs.textContent = `bank ${Math.ceil(bankLeft)}s`;
    }
  }
}
