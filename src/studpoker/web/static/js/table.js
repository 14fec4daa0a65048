// The live table: follows one table over the websocket, draws it, and sends the player's choices.
// Messages are played in order through a queue, with a short pause when a street ends so the last
// bets are seen (chips then slide to the pot), and chips slide to the winners at the end.

import {api, session} from "./api.js";
import {actionKeys, actionLabel, describe, keepPresses, narrow, renderFelt, summaryPanel, tickTimers} from "./felt.js";
import {mountHands, mountReplay} from "./history.js";
import {mountLobby, nextGameText} from "./lobby.js";
import {choosePanel, fetchLedger, hostPanel, howWon, ledgerPanel} from "./night.js";
import {openRules} from "./rules.js";
import {muted, play, setMuted} from "./sound.js";
import {
  announce, dialog, h, reducedMotion, replace, seated, sleep, toast,
} from "./util.js";
import {tournamentPanel} from "./tournaments.js";
import {pendingTurns, tableInView} from "./turns.js";
import {applyViewDelta, conn, watchMsg} from "./ws.js";

const STREET_PAUSE = 700; // ms the last bets of a street stay in front of the players
const CHIP_FLIGHT = 380; // ms chips take to slide to the pot or to a winner
const PRE_LABELS = {check_fold: "Check/Fold", check: "Check", call_any: "Call any", take_card: "Take free card"};

export function mountTable(root, {id, invite}) {
  const st = {
    info: null, hand: null, names: [], payoffs: null, summary: null, summaryTimer: null,
    busy: false, gone: null, street: 0, acts: new Map(), arrived: new Set(), fresh: new Set(), bought: new Set(),
    pre: null, preBet: 0, offline: conn.ws === null ? false : conn.ws.readyState !== WebSocket.OPEN,
    announcedTurn: null, stopped: false, overlay: null, bots: [], defaultBot: null,
    ledger: null, ledgerTimer: null, level: null, request: null, settingsSent: false,
    banner: null, lastGame: undefined, removed: null,
  };
  // the bot kinds come from the server
  api("GET", "/api/games").then((g) => { st.bots = g.bots; st.defaultBot = g.default_bot; render(); }).catch(() => {});
  const baseTitle = document.title;
  const head = h("div", {class: "table-head"});
  const feltBox = h("div", {class: "felt-box"});
  keepPresses(feltBox);
  // the row takes the keyboard focus on your turn (never a button: Enter or Space folds nothing)
  const actions = h("div", {class: "actions", "data-testid": "actions", role: "toolbar", "aria-label": "your actions",
    tabindex: "-1"});
  const statusLine = h("div", {class: "status-line", "data-testid": "status"});
  const preBox = h("div", {class: "pre-actions", role: "group", "aria-label": "act in advance"});
  const logList = h("ol", {class: "log", "data-testid": "log", "aria-label": "hand log"});
  const chatList = h("ol", {class: "chat-lines", "data-testid": "chat"});
  const chatInput = h("input", {id: "chat-input", maxlength: "300", placeholder: "Say something…",
    autocomplete: "off", "aria-label": "chat message"});
  const chatForm = h("form", {class: "chat-form", onsubmit: sendChat}, chatInput,
    h("button", {type: "submit"}, "Send"));
  const tournamentBox = h("div", {class: "tournament-box"});
  const hostBox = h("div", {class: "host-box"});
  const seatBox = h("div", {class: "seat-box"});
  const side = h("aside", {class: "side"}, tournamentBox, seatBox, hostBox,
    h("section", {class: "panel"}, h("h3", {}, "Hand log"), logList),
    h("section", {class: "panel"}, h("h3", {}, "Chat"), chatList, chatForm));
  const page = h("div", {class: "table-page"}, head, h("div", {class: "play"}, feltBox, actions), side);
  replace(root, page);

  // ----------------------------------------------------------------- messages, in order

  let queue = Promise.resolve();
  const off = conn.on((msg) => {
    if (msg.type === "balance") {
      session.setBalance(msg.balance);
      return;
    }
    if (msg.type === "chat") {
      if (msg.table === id) chatLine(msg);
      return;
    }
    if (msg.type === "removed") { // the host removed this player (their chips went back to their balance)
      if (msg.table !== id) return;
      st.removed = msg;
      announce(removedText(msg));
      queue = queue.then(() => (st.stopped ? null : render()));
      return;
    }
    if (msg.type === "table" ? msg.table.id !== id : msg.table !== id) return;
    queue = queue.then(() => (st.stopped ? null : handle(msg))).catch((err) => console.error(err));
  });

  async function handle(msg) {
    if (msg.type === "table") {
      const before = st.info;
      st.info = msg.table;
      tableChanged(before, msg.table);
      if (st.hand) st.names = st.hand.seats.map((ts, i) => msg.table.seats[ts]?.name ?? st.names[i]);
      if (msg.table.closed && !msg.table.seats.some(Boolean)) {
        const t = msg.table.tournament;
        st.gone = !t ? "This table is closed."
          : t.over ? "The tournament is over." : "This tournament table was broken; players moved on.";
        const place = t && session.user ? (t.places || []).find((p) => p.name === session.user.name) : null;
        if (place) st.gone += ` You finished ${ordinal(place.place)}${place.prize ? ` (prize ${place.prize})` : ""}.`;
      }
      const you = msg.table.you;
      if (you !== null && you !== undefined) seated.set({id, name: msg.table.name, invite: invite || null});
      else if (seated.get() && seated.get().id === id) seated.set(null);
      render();
      return;
    }
    if (msg.type === "hand") {
      // a new hand, or the full state again (after a reconnect): log only what is new
      const same = st.hand && st.hand.hand === msg.hand;
      const seen = same ? st.hand.version : -1;
      st.hand = {hand: msg.hand, number: msg.number, seats: msg.seats, version: msg.version, view: msg.view,
        timer: msg.timer, commitment: msg.commitment};
      st.names = msg.seats.map((ts) => st.info?.seats[ts]?.name ?? `seat ${ts + 1}`);
      st.busy = false;
      if (!same) {
        // the banner of a change of game stays through the first hand of the new game
        if (st.banner && st.banner.hand === null) st.banner.hand = msg.number;
        else if (st.banner && st.banner.hand !== msg.number) st.banner = null;
        st.payoffs = null;
        st.summary = null; // the result panel clears at the next hand
        st.pre = null;
        logLine("street", `Hand #${msg.number}`, "hand-start");
        play("deal");
      }
      st.acts = new Map();
      st.fresh = new Set();
      st.bought = new Set();
      for (const op of msg.view.log || []) track(op);
      for (const op of (msg.view.log || []).slice(Math.max(0, seen))) logOp(op);
      render();
      return;
    }
    if (msg.type === "update") {
      if (!st.hand || msg.hand !== st.hand.hand || msg.version_from !== st.hand.version) {
        conn.request(watchMsg(id, invite)).catch(() => {});
        return;
      }
      if (!msg.view) msg.view = applyViewDelta(st.hand.view, msg.view_delta || {});
      await streetEnd(msg);
      const before = st.hand.view;
      st.hand.view = msg.view;
      st.hand.version = msg.version;
      st.hand.timer = msg.timer;
      st.busy = false;
      let dealt = false;
      let chips = false;
      for (const op of msg.events) {
        track(op);
        logOp(op, msg.source);
        if (op.op === "card_dealt" || op.op === "community_card_dealt") dealt = true;
        if (op.op === "action_taken" && op.paid) chips = true;
      }
      if (st.pre === "check" && maxBet(msg.view) > st.preBet) st.pre = null; // someone bet: a check is gone
      if (msg.view.street !== before.street) st.pre = null;
      render();
      if (chips) play("chips");
      if (dealt) play("deal");
      return;
    }
    if (msg.type === "hand_end") {
      st.payoffs = msg.payoffs;
      const names = st.hand && st.hand.hand === msg.hand ? st.names
        : msg.seats.map((ts) => st.info?.seats[ts]?.name ?? `seat ${ts + 1}`);
      const hiLo = st.info ? st.info.game_info.high_low : false;
      const spadeHalf = st.info ? (st.info.game_info.halves || []).some((x) => x.name === "spade") : false; // R8.4
      const data = {number: msg.number, results: msg.results, payoffs: msg.payoffs, names, hiLo, spadeHalf};
      st.summary = data;
      st.pre = null;
      const entry = h("li", {class: "log-summary"}, summaryPanel(data));
      logList.append(entry);
      logList.scrollTop = logList.scrollHeight;
      render();
      const me = st.hand && st.hand.hand === msg.hand ? st.hand.view.seat : null;
      const parts = msg.results.map((r) => {
        const hi = r.high_winners.map((s) => (s === me ? "you" : names[s])).join(" and ");
        const lo = r.low_winners.map((s) => (s === me ? "you" : names[s])).join(" and ");
        const high = hi ? `high ${hi}${r.high_hand ? ` with ${r.high_hand}` : ""}` : "";
        const low = lo ? `low ${lo} with ${r.low_hand}` : "";
        const sp = (r.spade_winners || []).map((s) => (s === me ? "you" : names[s])).join(" and ");
        const spade = sp ? `spade ${sp} with ${r.spade_hand}` // R8.4
          : spadeHalf && r.high_hand ? "no spade in the hole: the high hand takes it all" : "";
        return `${r.name}, ${r.amount}: ${[high, low, spade].filter(Boolean).join("; ")}`;
      });
      const mine = me !== null && me !== undefined ? msg.payoffs[me] : null;
      announce(`Hand ${msg.number} over. ${parts.join(". ")}.` +
        (mine !== null ? ` You ${mine > 0 ? `win ${mine}` : mine < 0 ? `lose ${-mine}` : "break even"}.` : ""));
      if (mine > 0) play("win");
      await flyToWinners(msg);
    }
  }

  /** What a new table message says beyond the seats: a tournament level, a seat request answered, a game
   * changing; the ledger is read again; the player's own settings are sent once seated. */
  function tableChanged(before, info) {
    const t = info.tournament;
    if (t && st.level !== null && t.level !== st.level) {
      const text = `Level ${t.level}: ${t.stakes}`;
      logLine("street", text, "level");
      toast(text, "info", 6000);
      announce(`The stakes go up. ${text}.`);
    }
    st.level = t ? t.level : null;
    if (st.request && !info.your_request && (info.you === null || info.you === undefined)) {
      toast("The host turned your seat request down.", "info", 6000);
    }
    st.request = info.your_request || null;
    // a change of game (R7): a banner on the felt, the screen reader told, a log line
    const game = playingGame(info);
    if (game && st.lastGame !== undefined && game !== st.lastGame) {
      const how = howWon(info.game_info);
      const text = `Now playing ${info.game_info.name}: ${how}`;
      st.banner = {game, text, name: info.game_info.name, how, stakes: info.game_info.stakes, hand: null};
      logLine("street", `Now playing ${info.game_info.name} (${info.game_info.stakes})`, "game-change");
      announce(`${text}. ${info.game_info.stakes}.`);
    }
    if (game || st.lastGame === undefined) st.lastGame = game;
    if (info.you !== null && info.you !== undefined) st.removed = null; // seated again
    const you = info.you;
    if (you !== null && you !== undefined && !st.settingsSent && !info.tournament) {
      st.settingsSent = true;
      const wanted = localStorage.getItem("studpoker.autoShowdown") || "ask";
      if (info.your_settings && info.your_settings.auto_showdown !== wanted) {
        conn.request({type: "seat_settings", table: id, auto_showdown: wanted}).catch(() => {});
      }
    }
    if (you === null || you === undefined) st.settingsSent = false;
    refreshLedger();
  }

  /** The game a mixed table plays or is about to play (null: a table of one game, or a dealer still to pick the
   * first game). */
  function playingGame(info) {
    const m = info.mixed;
    if (!m) return null;
    if (m.game === null && m.mode === "dealers_choice" && m.next === null) return null;
    return info.game_info.game;
  }

  /** Remove a player: the host is asked first. */
  async function removePlayer(seat) {
    const s = st.info && st.info.seats[seat];
    if (!s) return;
    const ok = await dialog({title: `Remove ${s.name}?`, danger: true, ok: "Remove", testid: "confirm-remove",
      text: s.bot ? `The bot leaves; its ${s.chips} chips go back to your balance.`
        : `${s.name} leaves the table; their ${s.chips} chips go back to their balance, and they are told.`});
    if (ok) simple("remove_player", {seat});
  }

  /** The night's ledger, read again a moment after the table changed (chips, seats, a hand's end); drawn in
   * the ledger's overlay when it is open (the header's Ledger button), and on the page once the night is over. */
  function refreshLedger(delay = 250) {
    if (st.info && st.info.tournament) return;
    clearTimeout(st.ledgerTimer);
    st.ledgerTimer = setTimeout(async () => {
      const ledger = await fetchLedger(id, invite);
      if (st.stopped) return;
      st.ledger = ledger;
      if (st.overlay && st.overlay.kind === "ledger") drawLedger(st.overlay.body);
      if (st.gone) render();
    }, delay);
  }

  function drawLedger(body) {
    const sig = JSON.stringify(st.ledger);
    if (body.dataset.sig === sig && body.childElementCount) return; // drawn again only when it changed
    body.dataset.sig = sig;
    replace(body, st.ledger && st.ledger.players.length ? ledgerPanel(st.ledger, {tableId: id, invite})
      : h("p", {class: "muted", "data-testid": "ledger-empty"}, st.ledger ? "Nobody has bought in yet." : "Loading…"));
  }

  /** What a closed table leaves: its ledger and who pays whom. */
  function closedView() {
    const box = h("div", {class: "gone"}, st.gone, " ", h("a", {href: "#/"}, "Back to the lobby"));
    if (st.ledger && st.ledger.players.length) {
      return h("div", {class: "closed-night"}, box, ledgerPanel(st.ledger, {tableId: id, invite}));
    }
    return box;
  }

  /** What a player reads where the action row would be when they are not to act. */
  function statusText(info, me, inHand, view, waitingText) {
    const t = info.tournament;
    if (t && me) {
      const place = (t.places || []).find((p) => p.name === me.name);
      if (place) {
        return `You finished ${ordinal(place.place)}${place.prize ? ` (prize ${place.prize})` : ""}.` +
          (t.over ? " The tournament is over." : " The others play on.");
      }
    }
    if (me && me.leave_after_hand) return "You leave after this hand.";
    if (me && me.sitting_out) {
      return t ? "You are away: your hands are folded until you come back." : "You are sitting out. Sit in to be dealt the next hand.";
    }
    if (!me && info.your_request) return "Waiting for the host to approve your seat…";
    if (!me) return session.user ? "You are watching. Pick an empty seat to play." : "Log in to play.";
    if (inHand && view.to_act !== null && view.to_act !== undefined) {
      return view.seat === null ? "You join with the next hand." : `Waiting for ${st.names[view.to_act] ?? "…"}`;
    }
    if (inHand) return view.phase === "showdown" ? "Showdown" : "Dealing…";
    if (info.paused) return "The host paused the table: no new hand for now.";
    const mixed = info.mixed;
    if (mixed && mixed.choice_deadline && mixed.choosing !== null && mixed.choosing !== info.you) {
      return `${info.seats[mixed.choosing]?.name ?? "The dealer"} is choosing the next game…`;
    }
    return waitingText;
  }

  /** What the last action of each seat was this street, and which cards are new. */
  function track(op) {
    if (op.op === "street_started") {
      st.street = op.index;
      st.acts = new Map();
      st.fresh = new Set();
      st.bought = new Set();
    } else if (op.op === "action_taken") {
      const a = op.action;
      st.acts.set(a.seat, seatWords(op));
      for (const c of op.cards || []) {
        if (!c || !["buy", "take_card"].includes(a.kind)) continue;
        (a.kind === "buy" ? st.bought : st.fresh).add(`${a.seat}:${c}`);
        st.arrived.add(`${a.seat}:${c}`);
      }
    } else if (op.op === "card_dealt" && op.card) {
      if (st.street > 0) st.fresh.add(`${op.seat}:${op.card}`); // a new street's cards, not the first deal
      st.arrived.add(`${op.seat}:${op.card}`);
    }
  }

  /** An action in words at its seat: the server's text ("buys slot 2: 4d"), but "shows" without the cards
   * (they are on the table). */
  function seatWords(op) {
    if (op.action.kind === "show") return "shows";
    return op.text || op.action.kind;
  }

  const maxBet = (view) => Math.max(0, ...view.players.map((p) => p.bet));

  /** When an update ends a street: show its last actions and bets for a moment, then chips to the pot. */
  async function streetEnd(msg) {
    const cut = msg.events.findIndex((op) => op.op === "street_started");
    const ends = cut >= 0 || (msg.view.phase !== st.hand.view.phase && ["showdown", "over"].includes(msg.view.phase));
    if (!ends) return;
    const last = cut >= 0 ? msg.events.slice(0, cut) : msg.events;
    const acted = last.filter((op) => op.op === "action_taken");
    const view = structuredClone(st.hand.view);
    for (const op of acted) {
      const p = view.players[op.action.seat];
      if (op.action.kind !== "buy" && op.action.kind !== "take_card") p.bet += op.paid;
      p.stack -= op.paid;
      view.pot += op.paid;
      if (op.action.kind === "fold") p.folded = true;
      st.acts.set(op.action.seat, seatWords(op));
    }
    if (!acted.length && !view.players.some((p) => p.bet)) return;
    view.to_act = null;
    view.legal_actions = [];
    st.hand = {...st.hand, view, timer: null};
    render();
    if (acted.some((op) => op.paid)) play("chips");
    await sleep(STREET_PAUSE);
    if (st.stopped) return;
    const pot = feltBox.querySelector(".pot");
    const chips = [...feltBox.querySelectorAll(".seat .bet")];
    if (pot && chips.length) await fly(chips, [pot]);
  }

  async function flyToWinners(msg) {
    const pot = feltBox.querySelector(".pot");
    if (!pot || !st.hand || st.hand.hand !== msg.hand) return;
    const seats = [...new Set(msg.results.flatMap((r) => [...r.high_winners, ...r.low_winners,
      ...(r.spade_winners || [])]))]
      .map((hs) => feltBox.querySelector(`.seat[data-seat="${st.hand.seats[hs]}"] .plate`)).filter(Boolean);
    if (seats.length) await fly([pot], seats);
  }

  /** Chips sliding from each `from` element to the `to` elements (nothing with reduced motion). */
  async function fly(from, to) {
    if (reducedMotion() || document.hidden) return;
    const moves = [];
    for (const a of from) {
      for (const b of to) {
        const ra = a.getBoundingClientRect();
        const rb = b.getBoundingClientRect();
        const chip = h("div", {class: "flying-chip", "aria-hidden": "true"});
        chip.style.left = `${ra.left + ra.width / 2 - 8}px`;
        chip.style.top = `${ra.top + ra.height / 2 - 8}px`;
        document.body.append(chip);
        const dx = rb.left + rb.width / 2 - (ra.left + ra.width / 2);
        const dy = rb.top + rb.height / 2 - (ra.top + ra.height / 2);
        const anim = chip.animate([{transform: "translate(0, 0)", opacity: 1},
          {transform: `translate(${dx}px, ${dy}px)`, opacity: 0.85}], {duration: CHIP_FLIGHT, easing: "ease-in-out"});
        moves.push(anim.finished.catch(() => {}).then(() => chip.remove()));
      }
    }
    await Promise.all(moves);
  }

  /** One log record in the log; `source` is the server's word for who acted ("timeout": the clock ran out). */
  function logOp(op, source = null) {
    const d = describe(op, st.names);
    if (!d) return;
    let text = d.text;
    if (op.op === "action_taken" && source === "timeout") text += " (time ran out)";
    else if (op.op === "action_taken" && source === "away") text += " (disconnected)";
    logLine(d.kind, text);
  }

  function logLine(kind, text, extra = "") {
    logList.append(h("li", {class: `${kind} ${extra}`.trim()}, text));
    while (logList.children.length > 300) logList.firstChild.remove();
    logList.scrollTop = logList.scrollHeight;
  }

  function chatLine(msg) {
    const time = new Date(msg.time * 1000).toLocaleTimeString([], {hour: "2-digit", minute: "2-digit"});
    chatList.append(h("li", {}, h("span", {class: "time"}, time), " ", h("b", {}, msg.name), " ", msg.text));
    while (chatList.children.length > 100) chatList.firstChild.remove();
    chatList.scrollTop = chatList.scrollHeight;
  }

  // ----------------------------------------------------------------- requests

  const fail = (err) => toast(err.message || String(err));

  function act(action) {
    if (!st.hand || st.busy || st.offline) return;
    st.busy = true;
    st.pre = null;
    // no redraw while waiting for the server: just the buttons off
    for (const b of page.querySelectorAll("button.act, .market button.buy")) b.disabled = true;
    conn.request({type: "act", table: id, hand: st.hand.hand, version: st.hand.version,
      action: {kind: action.kind, amount: action.amount, slot: action.slot}})
      .catch((err) => {
        st.busy = false;
        fail(err);
        if (err.code === "stale") conn.request(watchMsg(id, invite)).catch(() => {});
        render();
      });
  }

  function simple(type, extra = {}) {
    return conn.request({type, table: id, ...extra}).catch(fail);
  }

  function sendChat(event) {
    event.preventDefault();
    const text = chatInput.value.trim();
    if (!text) return;
    conn.request({type: "chat", table: id, text}).then(() => { chatInput.value = ""; }).catch(fail);
  }

  function sitDialog(seat) {
    const c = st.info.config;
    const balance = session.user ? session.user.balance : c.max_buy_in;
    const amount = Math.max(c.min_buy_in, Math.min(c.max_buy_in, balance));
    const input = h("input", {id: "buyin", type: "number", min: String(c.min_buy_in), max: String(c.max_buy_in),
      step: "1", value: String(amount), "aria-label": "buy-in"});
    const previous = document.activeElement;
    const close = () => {
      box.remove();
      if (previous && previous.focus) previous.focus();
    };
    const box = h("div", {class: "modal", role: "dialog", "aria-modal": "true", "aria-labelledby": "sit-title",
      onkeydown: (e) => { if (e.key === "Escape") close(); }},
    h("form", {class: "modal-box", onsubmit: (e) => {
      e.preventDefault();
      conn.request({type: "sit", table: id, seat, buy_in: Number(input.value), invite: invite || null})
        .then(close).catch(fail);
    }},
    h("h3", {id: "sit-title"}, `Sit at seat ${seat + 1}`),
    h("label", {}, `Buy-in (${c.min_buy_in} to ${c.max_buy_in}; your balance ${balance})`, input),
    h("div", {class: "row"}, h("button", {type: "submit", id: "sit-confirm", class: "primary"}, "Sit down"),
      h("button", {type: "button", onclick: close}, "Cancel"))));
    document.body.append(box);
    input.focus();
    input.select();
  }

  async function addChips() {
    const c = st.info.config;
    const me = st.info.seats[st.info.you];
    const room = c.max_buy_in - (me ? me.chips : 0);
    if (room <= 0) {
      toast(`You have the table's most already (${c.max_buy_in}).`, "info");
      return;
    }
    const value = await dialog({title: "Add chips", ok: "Add chips",
      input: {label: `How many? (1 to ${room}, from your balance)`, value: room, min: 1, max: room}});
    if (value) simple("add_chips", {amount: Number(value)});
  }

  async function leave() {
    const info = st.info;
    const me = info.seats[info.you];
    const view = st.hand && st.hand.view;
    const hs = st.hand ? st.hand.seats.indexOf(info.you) : -1;
    const playing = view && view.phase !== "over" && hs >= 0 && !view.players[hs].folded;
    if (playing) {
      const ok = await dialog({title: "Leave in the middle of a hand?", danger: true, ok: "Fold and leave",
        text: "You are in this hand: you will be folded when your turn comes and lose what you put in. " +
          "Your other chips go back to your balance when the hand ends."});
      if (!ok) return;
    }
    if (me) simple("leave");
  }

  async function closeTable() {
    const ok = await dialog({title: "Close this table?", danger: true, ok: "Close table",
      text: "No more hands are dealt; everyone is cashed out after the hand in progress."});
    if (ok) simple("close_table");
  }

  // ----------------------------------------------------------------- overlays: lobby, hands, replays, rules

  function openOverlay(kind, arg = null) {
    closeOverlay();
    const body = h("div", {class: "overlay-body"});
    const box = h("div", {class: "overlay", role: "dialog", "aria-modal": "true", "aria-label": kind,
      "data-testid": "overlay"},
    h("div", {class: "overlay-head"},
      h("span", {}, `You keep your seat at ${st.info ? st.info.name : "this table"}.`),
      h("button", {id: "overlay-close", class: "primary", onclick: closeOverlay}, "Back to the table")),
    body);
    document.body.append(box);
    let unmount = () => {};
    if (kind === "lobby") unmount = mountLobby(body);
    else if (kind === "hands") unmount = mountHands(body, {onReplay: (handId) => openOverlay("replay", handId)});
    else if (kind === "replay") unmount = mountReplay(body, {id: arg, invite: null, onBack: () => openOverlay("hands")});
    else if (kind === "ledger") {
      drawLedger(body);
      refreshLedger(0);
    }
    st.overlay = {box, unmount, kind, body};
    box.querySelector("#overlay-close").focus();
    document.dispatchEvent(new Event("studpoker:overlay"));
  }

  function closeOverlay() {
    if (!st.overlay) return;
    st.overlay.unmount();
    st.overlay.box.remove();
    st.overlay = null;
    document.dispatchEvent(new Event("studpoker:overlay"));
  }

  // ----------------------------------------------------------------- drawing

  function render() {
    if (st.gone) {
      replace(feltBox, closedView());
      replace(tournamentBox, st.info && st.info.tournament ? tournamentPanel(st.info.tournament) : null);
      replace(actions);
      replace(head);
      replace(hostBox);
      replace(seatBox);
      actions.dataset.sig = "";
      head.dataset.sig = "";
      return;
    }
    if (!st.info) return;
    const info = st.info;
    const config = info.config;
    const gameInfo = info.game_info;
    const isOwner = session.user && info.owner === session.user.name;
    const you = info.you;
    const me = you !== null && you !== undefined ? info.seats[you] : null;
    const hand = st.hand;
    const view = hand ? hand.view : null;
    const inHand = hand && view && view.phase !== "over";
    const tour = info.tournament; // a tournament table: seats and chips belong to the tournament
    replace(tournamentBox, tour ? tournamentPanel(tour) : null);
    const botBuyIn = Math.min(config.max_buy_in, Math.max(config.min_buy_in, 500));

    // header: one row (the host's tools are in their own panel, so the action row stays in view)
    const kinds = info.bot_kinds?.length ? info.bot_kinds : st.bots.map((b) => ({bot: b, level: null, label: b}));
    const mute = h("button", {id: "btn-mute", "aria-pressed": muted() ? "true" : "false",
      title: "sounds: deal, chips, your turn", onclick: () => { setMuted(!muted()); render(); }},
    muted() ? "Sound off" : "Sound on");
    const inMine = Boolean(inHand && info.seats[you]?.in_hand);
    const mixed = info.mixed;
    const titleOf = (g) => mixed?.games.find((x) => x.game === g)?.name ?? g;
    const names = info.seats.map((s) => s?.name);
    const next = mixed ? nextGameText(mixed, titleOf, names) : "";
    // redrawn only when something in it changed, so a click is never lost to a redraw
    const headSig = JSON.stringify([info.name, info.private, config, hand && hand.number, info.hands_played, muted(),
      me && [me.sitting_out, me.leaving, me.leave_after_hand], inMine, isOwner, info.closed, info.paused,
      gameInfo.name, gameInfo.stakes, st.bots, Boolean(tour), next]);
    if (head.dataset.sig !== headSig) {
      head.dataset.sig = headSig;
      const seatButtons = me && !tour ? [
        h("button", {id: "btn-leave", class: "keep", onclick: leave}, me.leaving ? "Leaving…" : "Leave")] : [];
      replace(head,
        h("div", {class: "title"},
          h("h2", {}, info.name, info.private ? h("span", {class: "badge"}, "private") : null,
            info.paused ? h("span", {class: "badge", "data-testid": "table-paused"}, "paused") : null),
          h("div", {class: "sub"}, h("span", {"data-testid": "table-game"},
            `${gameInfo.name}${gameInfo.joker ? " with the joker" : ""} · `, gameInfo.stakes),
          ` · ${config.action_time}s to act`, hand ? ` · hand #${hand.number}` : "", ` · ${info.hands_played} played`,
          next ? h("span", {class: "next-game", "data-testid": "next-game"}, ` · ${next}`) : null)),
        h("div", {class: "controls", role: "toolbar", "aria-label": "table"},
          h("button", {id: "btn-lobby", class: "keep", onclick: () => openOverlay("lobby")}, "Lobby"),
          h("button", {id: "btn-hands", onclick: () => openOverlay("hands")}, "Your hands"),
          tour ? null : h("button", {id: "btn-ledger", "data-testid": "ledger-button",
            title: "the night's ledger: buy-ins, nets, who pays whom, the night's hands",
            onclick: () => openOverlay("ledger")}, "Ledger"),
          h("button", {id: "btn-rules", class: "keep", onclick: () => openRules(gameInfo.options || config.game, gameInfo)},
            "Rules"),
          mute, ...seatButtons,
          h("button", {class: "more-toggle", "data-testid": "more-controls", "aria-expanded": "false",
            onclick: (e) => {
              const box = e.currentTarget.parentElement;
              box.classList.toggle("show-more");
              e.currentTarget.setAttribute("aria-expanded", box.classList.contains("show-more") ? "true" : "false");
            }}, "More")));
    }

    // the player's own seat (sit out next hand, add chips, leave after this hand, show or muck), and the
    // host's panel: beside the felt, so that the header stays one row
    const showdownSetting = localStorage.getItem("studpoker.autoShowdown") || "ask";
    const seatSig = JSON.stringify([Boolean(me), Boolean(tour), showdownSetting, info.your_settings, inMine,
      me && [me.sitting_out, me.leave_after_hand, me.chips]]);
    if (seatBox.dataset.sig !== seatSig) {
      seatBox.dataset.sig = seatSig;
      replace(seatBox, me && !tour ? h("section", {class: "panel seat-settings", "data-testid": "seat-panel"},
        h("h3", {}, "Your seat"),
        h("div", {class: "host-row"},
          // leaving after this hand sits the seat out meanwhile: "Stay" undoes it, never a "Sit in" mid-hand
          me.leave_after_hand ? null : h("button", {id: "btn-sitout", onclick: () => simple(me.sitting_out ? "sit_in" : "sit_out"),
            title: "from the next hand on"}, me.sitting_out ? "Sit in" : inMine ? "Sit out next hand" : "Sit out"),
          !inMine ? h("button", {id: "btn-addchips", onclick: addChips}, "Add chips") : null,
          inMine || me.leave_after_hand ? h("button", {id: "btn-leave-after", "data-testid": "leave-after-hand",
            "aria-pressed": me.leave_after_hand ? "true" : "false",
            onclick: () => simple("seat_settings", {leave_after_hand: !me.leave_after_hand})},
          me.leave_after_hand ? "Stay after this hand" : "Leave after this hand") : null),
        h("label", {class: "field"}, "At showdown", h("select", {id: "auto-showdown", "data-testid": "auto-showdown",
          onchange: (e) => {
            localStorage.setItem("studpoker.autoShowdown", e.target.value);
            simple("seat_settings", {auto_showdown: e.target.value});
          }},
        [["ask", "Ask me (show or muck)"], ["show", "Always show"], ["muck", "Muck a hand already beaten"]].map(([v, t]) =>
          h("option", {value: v, selected: v === showdownSetting}, t))))) : null);
    }
    // the stacks as the felt shows them (during a hand the table message has the chips it began with)
    const stacks = info.seats.map((s, ts) => {
      const hs = hand && view ? hand.seats.indexOf(ts) : -1;
      return hs >= 0 && view.players[hs] ? view.players[hs].stack : s ? s.chips : null;
    });
    const hostSig = JSON.stringify([isOwner && !tour, info.paused, info.approve_seats, info.hand_delay, info.requests,
      info.seats.map((s) => s && [s.name, s.in_hand, s.bot]), stacks, Boolean(inHand), info.invite_code, info.closed,
      kinds.length]);
    if (hostBox.dataset.sig !== hostSig) {
      hostBox.dataset.sig = hostSig;
      replace(hostBox, isOwner && !tour ? hostPanel({info, stacks, inHand: Boolean(inHand), botBuyIn, kinds,
        defaultBot: st.defaultBot, send: simple, onClose: closeTable, onRemove: removePlayer}) : null);
    }

    // felt
    const ready = info.seats.filter((s) => s && !s.sitting_out && s.chips > 0).length;
    const need = gameInfo.min_players;
    // a mixed table waits only when no game of its list can be dealt (R7.2: the server says why)
    const mixedWaiting = info.mixed && info.mixed.games.every((g) => g.unavailable);
    const waitingText = info.closed ? "This table is closing"
      : info.mixed ? (mixedWaiting ? `Waiting for players (${ready} ready)` : "Next hand soon…")
        : ready < need ? `Waiting for players: ${gameInfo.name} needs ${need}` : "Next hand soon…";
    const summary = st.summary ? summaryPanel({...st.summary, onClose: () => { st.summary = null; render(); }}) : null;
    const felt = renderFelt({
      config, gameInfo, seatCount: info.seats.length || config.seats || gameInfo.max_players, bottom: you ?? 0, seats: info.seats, you,
      button: info.button, hand, names: st.names, payoffs: st.payoffs, waitingText, acts: st.acts, fresh: st.fresh,
      bought: st.bought, arrived: st.arrived, summary: summary ? h("div", {class: "summary-box"}, summary) : null,
      choosingText: !inHand && info.mixed && info.mixed.choice_deadline && info.mixed.choosing !== null
        ? (info.mixed.choosing === you ? "Your choice: pick the game below"
          : `${info.seats[info.mixed.choosing]?.name ?? "The dealer"} picks the next game`) : null,
      canSit: (me === null || me === undefined) && !tour && !info.closed && !!session.user && !info.your_request,
      onSit: sitDialog, isOwner: isOwner && !tour,
      onRemoveBot: (seat) => simple("remove_bot", {seat}), onAct: act, busy: st.busy || st.offline,
      chooser: info.mixed ? info.mixed.chooser : null,
      gamesList: info.mixed && info.mixed.game === null ? info.mixed.games : null,
    });
    if (st.banner) { // a change of game (R7): on the felt, above the pot, through the first hand of the new game
      (felt.querySelector(".center") || felt).prepend(h("div", {class: "game-banner", "data-testid": "game-banner",
        role: "status",
        dataset: {game: st.banner.game}},
      h("div", {class: "line"}, h("b", {}, `Now playing ${st.banner.name}:`), " ", h("span", {class: "how"}, st.banner.how)),
      h("span", {class: "stakes"}, st.banner.stakes),
      h("button", {class: "close", "aria-label": "close", title: "close",
        onclick: () => { st.banner = null; render(); }}, "×")));
    }
    if (st.removed) {
      felt.prepend(h("div", {class: "removed-notice", role: "alert", "data-testid": "removed-notice"},
        removedText(st.removed), " ", h("a", {href: "#/"}, "Back to the lobby")));
    }
    if (st.offline) {
      felt.append(h("div", {class: "offline-cover", role: "alert", "data-testid": "offline"},
        h("div", {}, h("b", {}, "Connection lost"), h("br"), "Reconnecting… your seat is kept.")));
    }
    replace(feltBox, felt);
    tickTimers(conn.now());
    st.arrived = new Set(); // a card slides in once, when it arrives, not at every redraw

    // actions (keyboard focus stays on the action row across redraws, and comes to it on your turn
    // when it was nowhere else)
    const focused = document.activeElement;
    const focusKind = focused && actions.contains(focused) ? focused.dataset.kind || focused.dataset.pre || "" : null;
    const myTurn = inHand && view.seat !== null && view.to_act === view.seat;
    const mixedNow = info.mixed;
    const choosing = !inHand && mixedNow && mixedNow.choice_deadline && mixedNow.choosing === you
      && you !== null && you !== undefined;
    // the title has one rule: your turn here, or at a table the site hides (turns.js: its banner)
    const hiddenTurn = pendingTurns().some((t) => !tableInView(t.table));
    document.title = myTurn || choosing || hiddenTurn ? `Your turn · ${baseTitle}` : baseTitle;
    actions.classList.toggle("my-turn", Boolean(myTurn || choosing));
    const actionsSig = myTurn ? JSON.stringify(["turn", hand.hand, hand.version, view.legal_actions, st.busy, st.offline])
      : choosing ? JSON.stringify(["choose", mixedNow.choice_deadline]) : null;
    if (choosing) {
      if (actions.dataset.sig !== actionsSig) {
        actions.dataset.sig = actionsSig;
        replace(actions, choosePanel(mixedNow, simple));
        announce(mixedNow.choice_for === "orbit" ? "Your choice: pick the game of the next orbit."
          : "Dealer's choice: pick the game of your hand.");
        // the picker and your own seat in view (the row sticks to the bottom of the screen)
        page.style.setProperty("--actions-h", `${actions.offsetHeight + 8}px`);
        keepInView(feltBox.querySelector(".seat.you"));
        play("turn");
      }
    } else if (myTurn && actions.dataset.sig === actionsSig) {
      // unchanged: keep the buttons (and a click on them) as they are
    } else if (myTurn) {
      actions.dataset.sig = actionsSig;
      const legal = view.legal_actions.filter((a) => a.kind !== "buy"); // market buys sit under the market
      const keys = actionKeys(view.legal_actions);
      const keyOf = (a) => keys[view.legal_actions.indexOf(a)];
      const labelOf = (a) => actionLabel(view, view.legal_actions.indexOf(a));
      // Baseball (R8.2): a face-up 3 is paid for or folded; its price is on the button, the choice in words
      const pay = legal.find((a) => a.kind === "pay");
      replace(actions, pay ? h("div", {class: "pay-prompt", "data-testid": "pay-or-fold"},
        `Your face-up ${gameInfo.price_rank || "card"} costs ${pay.amount}: pay to stay in, or fold.`) : null,
      h("div", {class: "buttons"}, legal.map((a) => h("button", {
        class: `act act-${a.kind}`, dataset: {kind: a.kind, amount: String(a.amount), slot: String(a.slot),
          key: keyOf(a) || ""},
        "aria-label": labelOf(a), "aria-keyshortcuts": keyOf(a) ? keyOf(a).toUpperCase() : null,
        disabled: st.busy || st.offline, onclick: () => act(a),
      }, labelOf(a), keyOf(a) ? h("kbd", {"aria-hidden": "true"}, keyOf(a).toUpperCase()) : null))));
      const turnKey = `${hand.hand}:${hand.version}`;
      if (st.announcedTurn !== turnKey) {
        st.announcedTurn = turnKey;
        const lastOp = [...st.acts.entries()].pop();
        const before = lastOp ? `${st.names[lastOp[0]] ?? "someone"} ${lastOp[1]}. ` : "";
        announce(`Your turn. ${before}You can ${view.legal_actions.map((a, i) => actionLabel(view, i).toLowerCase()).join(", ")}.`);
        // the action row and your cards in view, whatever the screen (the row sticks to the bottom)
        page.style.setProperty("--actions-h", `${actions.offsetHeight + 8}px`);
        keepInView(feltBox.querySelector(".seat.you"));
        if (!inView(actions)) actions.scrollIntoView({block: "nearest"});
        play("turn");
        if (st.pre && !st.busy) setTimeout(runPre, 0);
      }
    } else {
      const hs = hand ? hand.seats.indexOf(you) : -1;
      const playing = inHand && hs >= 0 && view.seat === hs && !view.players[hs].folded
        && ["betting", "card_round"].includes(view.phase);
      const text = statusText(info, me, inHand, view, waitingText);
      const pre = [];
      if (playing) {
        // facing a bet (the bring-in on third street too) no check is possible: no Check, and Fold for Check/Fold
        const facing = maxBet(view) > view.players[hs].bet;
        const kinds = facing ? ["check_fold", "call_any"] : ["check_fold", "check", "call_any"];
        if (gameInfo.market_prices) kinds.push("take_card");
        for (const k of kinds) {
          pre.push(h("button", {class: `pre${st.pre === k ? " on" : ""}`, dataset: {pre: k},
            "aria-pressed": st.pre === k ? "true" : "false", disabled: st.offline,
            onclick: () => {
              st.pre = st.pre === k ? null : k;
              st.preBet = st.hand ? maxBet(st.hand.view) : 0;
              render();
            }}, facing && k === "check_fold" ? "Fold" : PRE_LABELS[k]));
        }
      }
      // the status line changes in place; the pre-action buttons only when they change
      if (actions.dataset.sig !== "wait") {
        actions.dataset.sig = "wait";
        preBox.dataset.sig = "";
        replace(actions, statusLine, preBox);
      }
      statusLine.textContent = text;
      const preSig = JSON.stringify([pre.map((b) => [b.dataset.pre, b.textContent]), st.pre, st.offline]);
      if (preBox.dataset.sig !== preSig) {
        preBox.dataset.sig = preSig;
        replace(preBox, pre);
        preBox.hidden = !pre.length;
      }
    }
    // the focus stays where it was across redraws; on your turn it comes to the row itself, never to a
    // button, so that no Enter or Space folds by accident (and a fold button never keeps it)
    const idle = !document.activeElement || document.activeElement === document.body;
    if (focusKind !== null || (myTurn && idle && !st.overlay && !document.querySelector(".modal"))) {
      const buttons = [...actions.querySelectorAll("button:not([disabled])")];
      const again = focusKind && focusKind !== "fold"
        ? buttons.find((b) => (b.dataset.kind || b.dataset.pre || "") === focusKind) : null;
      (again || actions).focus({preventScroll: true});
    }
  }

  /** The pre-action chosen in advance, now that the turn has come (or nothing if it no longer fits). */
  function runPre() {
    const view = st.hand && st.hand.view;
    if (!st.pre || !view || view.to_act !== view.seat || st.busy) return;
    const legal = view.legal_actions;
    const find = (kind) => legal.find((a) => a.kind === kind);
    if (find("pay")) { // a face-up 3 to pay for (R8.2) is the player's own choice, never a pre-action's
      st.pre = null;
      render();
      return;
    }
    const choice = {
      check_fold: find("check") || find("fold"),
      check: find("check"),
      call_any: find("call") || find("check"),
      take_card: find("take_card"),
    }[st.pre];
    st.pre = null;
    if (choice) act(choice);
    else render();
  }

  // ----------------------------------------------------------------- keys, clock, lifecycle

  function onKey(event) {
    if (event.key === "Escape" && st.overlay && !document.querySelector(".modal")) {
      closeOverlay();
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey || st.overlay) return;
    if (event.repeat) return; // a key held down acts once, never on the next decision too
    if (document.querySelector(".modal")) return;
    const tag = (event.target && event.target.tagName) || "";
    if (["INPUT", "TEXTAREA", "SELECT"].includes(tag)) return;
    const key = event.key.toLowerCase();
    const button = actions.querySelector(`button.act[data-key="${CSS.escape(key)}"]`)
      || feltBox.querySelector(`.market button.buy[data-slot="${CSS.escape(key)}"]`);
    if (button && !button.disabled) {
      event.preventDefault();
      button.click();
    }
  }
  document.addEventListener("keydown", onKey);
  const clock = setInterval(() => {
    const now = conn.now();
    tickTimers(now);
    for (const el of actions.querySelectorAll("[data-testid='choice-clock'][data-deadline]")) {
      el.textContent = `${Math.max(0, Math.ceil(Number(el.dataset.deadline) - now))}s`;
    }
  }, 200);
  const offStatus = conn.onStatus((status) => {
    st.offline = status !== "online";
    render();
  });
  const media = window.matchMedia("(max-width: 600px)");
  let wasNarrow = narrow();
  const onMedia = () => {
    if (narrow() !== wasNarrow) {
      wasNarrow = narrow();
      render();
    }
  };
  media.addEventListener("change", onMedia);

  conn.watch(id, invite).catch((err) => {
    st.gone = err.code === "no_table" ? "There is no such table (it may be closed)." : err.message;
    render();
  });
  api("GET", `/api/tables/${id}${invite ? `?invite=${encodeURIComponent(invite)}` : ""}`).then((info) => {
    if (!st.info) {
      st.info = info;
      render();
    }
  }).catch(() => {});

  return () => {
    st.stopped = true;
    clearTimeout(st.ledgerTimer);
    off();
    offStatus();
    closeOverlay();
    clearInterval(clock);
    media.removeEventListener("change", onMedia);
    document.removeEventListener("keydown", onKey);
    document.title = baseTitle;
    conn.unwatch(id);
  };
}

/** 1st, 2nd, 3rd, 4th ... */
/** What a player the host removed reads. */
function removedText(msg) {
  return `The host removed you; ${msg.chips} chips back to your balance.`;
}

function ordinal(n) {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ({1: "st", 2: "nd", 3: "rd"}[n % 10] || "th");
  return `${n}${suffix}`;
}

/** Whether an element is wholly inside the window. */
/** Scroll only when the element is out of the window or under the sticky action row: a page in view stays
 * where it is (the top bar is never cut by a scroll of a few pixels). */
function keepInView(el) {
  if (!el) return;
  const r = el.getBoundingClientRect();
  const row = document.querySelector(".actions.my-turn");
  const bottom = window.innerHeight - (row ? row.getBoundingClientRect().height : 0);
  if (r.top < 0 || r.bottom > bottom) el.scrollIntoView({block: "nearest"});
}

function inView(el) {
  const r = el.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
}
