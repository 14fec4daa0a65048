// The live table: follows one table over the websocket, draws it, and sends the player's choices.

import {api, session} from "./api.js";
import {actionKeys, actionLabel, describe, renderFelt, summaryPanel, tickTimers} from "./felt.js";
import {tournamentPanel} from "./tournaments.js";
import {h, replace, toast} from "./util.js";
import {conn} from "./ws.js";

export function mountTable(root, {id, invite}) {
  const st = {
    info: null, hand: null, names: [], payoffs: null, summary: null, summaryTimer: null,
    busy: false, gone: null, chat: [], bots: [], defaultBot: null,
  };
  api("GET", "/api/games").then((g) => { st.bots = g.bots; st.defaultBot = g.default_bot; render(); }).catch(() => {});
  const head = h("div", {class: "table-head"});
  const feltBox = h("div", {class: "felt-box"});
  const actions = h("div", {class: "actions", "data-testid": "actions"});
  const logList = h("ol", {class: "log", "data-testid": "log"});
  const chatList = h("ol", {class: "chat-lines", "data-testid": "chat"});
  const chatInput = h("input", {id: "chat-input", maxlength: "300", placeholder: "Say something…",
    autocomplete: "off", "aria-label": "chat message"});
  const chatForm = h("form", {class: "chat-form", onsubmit: sendChat}, chatInput,
    h("button", {type: "submit"}, "Send"));
  const tournamentBox = h("div", {class: "tournament-box"});
  const side = h("aside", {class: "side"}, tournamentBox,
    h("section", {class: "panel"}, h("h3", {}, "Hand log"), logList),
    h("section", {class: "panel"}, h("h3", {}, "Chat"), chatList, chatForm));
  const summaryBox = h("div", {class: "summary-box"});
  const page = h("div", {class: "table-page"}, head, h("div", {class: "play"}, feltBox, actions, summaryBox), side);
  replace(root, page);

  // ----------------------------------------------------------------- messages

  const off = conn.on((msg) => {
    if (msg.type === "balance") return session.setBalance(msg.balance);
    if (msg.type === "table") {
      if (msg.table.id !== id) return;
      st.info = msg.table;
      if (st.hand) st.names = st.hand.seats.map((ts, i) => msg.table.seats[ts]?.name ?? st.names[i]);
      if (msg.table.closed && !msg.table.seats.some(Boolean)) {
        const t = msg.table.tournament;
        st.gone = !t ? "This table is closed."
          : t.over ? "The tournament is over." : "This tournament table was broken; players moved on.";
      }
      return render();
    }
    if (msg.table !== id) return;
    if (msg.type === "hand") {
      // a new hand, or the full state again (after a reconnect): log only what is new
      const seen = st.hand && st.hand.hand === msg.hand ? st.hand.version : -1;
      st.hand = {hand: msg.hand, number: msg.number, seats: msg.seats, version: msg.version, view: msg.view,
        timer: msg.timer, commitment: msg.commitment};
      st.names = msg.seats.map((ts) => st.info?.seats[ts]?.name ?? `seat ${ts + 1}`);
      st.payoffs = null;
      st.busy = false;
      if (seen < 0) logLine("street", `Hand #${msg.number}`, "hand-start");
      for (const op of (msg.view.log || []).slice(Math.max(0, seen))) logOp(op);
      return render();
    }
    if (msg.type === "update") {
      if (!st.hand || msg.hand !== st.hand.hand || msg.version_from !== st.hand.version) {
        conn.request({type: "watch", table: id, invite: invite || null}).catch(() => {});
        return;
      }
      st.hand.view = msg.view;
      st.hand.version = msg.version;
      st.hand.timer = msg.timer;
      st.busy = false;
      for (const op of msg.events) logOp(op);
      return render();
    }
    if (msg.type === "hand_end") {
      st.payoffs = msg.payoffs;
      const names = st.hand && st.hand.hand === msg.hand ? st.names : msg.seats.map((ts) => st.info?.seats[ts]?.name ?? `seat ${ts + 1}`);
      const hiLo = st.info ? st.info.game_info.high_low : false;
      const data = {number: msg.number, results: msg.results, payoffs: msg.payoffs, names, hiLo};
      st.summary = data;
      st.summaryOld = false;
      clearTimeout(st.summaryTimer);
      st.summaryTimer = setTimeout(() => { st.summaryOld = true; render(); }, 12000);
      const entry = h("li", {class: "log-summary"}, summaryPanel(data));
      logList.append(entry);
      entry.scrollIntoView({block: "nearest"});
      return render();
    }
    if (msg.type === "chat") {
      const time = new Date(msg.time * 1000).toLocaleTimeString([], {hour: "2-digit", minute: "2-digit"});
      chatList.append(h("li", {}, h("span", {class: "time"}, time), " ", h("b", {}, msg.name), " ", msg.text));
      while (chatList.children.length > 100) chatList.firstChild.remove();
      chatList.scrollTop = chatList.scrollHeight;
    }
  });

  function logOp(op) {
    const d = describe(op, st.names);
    if (d) logLine(d.kind, d.text);
  }

  function logLine(kind, text, extra = "") {
    logList.append(h("li", {class: `${kind} ${extra}`.trim()}, text));
    while (logList.children.length > 300) logList.firstChild.remove();
    logList.scrollTop = logList.scrollHeight;
  }

  // ----------------------------------------------------------------- requests

  const fail = (err) => toast(err.message || String(err));

  function act(action) {
    if (!st.hand || st.busy) return;
    st.busy = true;
    render();
    conn.request({type: "act", table: id, hand: st.hand.hand, version: st.hand.version,
      action: {kind: action.kind, amount: action.amount, slot: action.slot}})
      .catch((err) => {
        st.busy = false;
        fail(err);
        if (err.code === "stale") conn.request({type: "watch", table: id, invite: invite || null}).catch(() => {});
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
    const close = () => dialog.remove();
    const dialog = h("div", {class: "modal", role: "dialog", "aria-modal": "true"},
      h("form", {class: "modal-box", onsubmit: (e) => {
        e.preventDefault();
        const buyIn = Number(input.value);
        conn.request({type: "sit", table: id, seat, buy_in: buyIn, invite: invite || null})
          .then(close).catch(fail);
      }},
      h("h3", {}, `Sit at seat ${seat + 1}`),
      h("label", {}, `Buy-in (${c.min_buy_in} to ${c.max_buy_in}; your balance ${balance})`, input),
      h("div", {class: "row"}, h("button", {type: "submit", id: "sit-confirm", class: "primary"}, "Sit down"),
        h("button", {type: "button", onclick: close}, "Cancel"))));
    document.body.append(dialog);
    input.focus();
    input.select();
  }

  function addChips() {
    const c = st.info.config;
    const me = st.info.seats[st.info.you];
    const room = c.max_buy_in - (me ? me.chips : 0);
    const value = prompt(`Add how many chips? (at most ${room})`, String(room));
    if (value) simple("add_chips", {amount: Number(value)});
  }

  // ----------------------------------------------------------------- drawing

  function render() {
    if (st.gone) {
      replace(feltBox, h("div", {class: "gone"}, st.gone, " ", h("a", {href: "#/"}, "Back to the lobby")));
      replace(tournamentBox, st.info && st.info.tournament ? tournamentPanel(st.info.tournament) : null);
      replace(actions);
      replace(head);
      return;
    }
    if (!st.info) return;
    const info = st.info;
    const config = info.config;
    const game = info.game_info;
    const isOwner = session.user && info.owner === session.user.name;
    const you = info.you;
    const me = you !== null && you !== undefined ? info.seats[you] : null;
    const hand = st.hand;
    const view = hand ? hand.view : null;
    const inHand = hand && view && view.phase !== "over";
    const tour = info.tournament; // a tournament table: seats and chips belong to the tournament
    replace(tournamentBox, tour ? tournamentPanel(tour) : null);

    // header
    const invitePath = info.invite_code ? `${location.origin}/#/table/${info.id}?invite=${info.invite_code}` : null;
    const botSelect = h("select", {id: "bot-kind", "aria-label": "bot"}, st.bots.map((b) => h("option", {value: b, selected: b === st.defaultBot}, b)));
    replace(head,
      h("div", {class: "title"},
        h("h2", {}, info.name, info.private ? h("span", {class: "badge"}, "private") : null),
        h("div", {class: "sub"}, `${game.name}${game.joker ? " with the joker" : ""} · `,
          game.stakes, ` · ${config.action_time}s to act`,
          hand ? ` · hand #${hand.number}` : "", ` · ${info.hands_played} played`)),
      h("div", {class: "controls"},
        h("a", {class: "button", href: "#/"}, "Lobby"),
        me && !tour ? h("button", {id: "btn-sitout", onclick: () => simple(me.sitting_out ? "sit_in" : "sit_out")},
          me.sitting_out ? "Sit in" : "Sit out") : null,
        me && !tour && !(inHand && info.seats[you]?.in_hand) ? h("button", {id: "btn-addchips", onclick: addChips}, "Add chips") : null,
        me && !tour ? h("button", {id: "btn-leave", onclick: () => simple("leave")}, me.leaving ? "Leaving…" : "Leave") : null,
        isOwner && !tour ? h("span", {class: "owner-tools"}, botSelect, h("button", {id: "btn-addbot", onclick: () =>
          simple("add_bot", {bot: botSelect.value, seat: null, buy_in: Math.min(config.max_buy_in,
            Math.max(config.min_buy_in, 500))})}, "Add bot")) : null,
        isOwner && !tour && !info.closed ? h("button", {id: "btn-close", onclick: () => {
          if (confirm("Close this table? Everyone is cashed out after the hand.")) simple("close_table");
        }}, "Close table") : null,
        invitePath ? h("button", {id: "btn-invite", title: invitePath, onclick: () => {
          navigator.clipboard?.writeText(invitePath).then(() => toast("Invite link copied", "info"), () => {});
          toast(invitePath, "info", 10000);
        }}, "Copy invite link") : null));
    if (invitePath) head.append(h("div", {class: "invite"}, "Invite: ", h("input", {readonly: true, value: invitePath,
      class: "invite-link", onclick: (e) => e.target.select()})));

    // felt
    const ready = info.seats.filter((s) => s && !s.sitting_out && s.chips > 0).length;
    const need = game.min_players;
    const waitingText = info.closed ? "This table is closing"
      : ready < need ? `Waiting for players: ${game.name} needs ${need}` : "Next hand soon…";
    const felt = renderFelt({
      config, gameInfo: game, seatCount: info.seats.length || config.seats || game.max_players, bottom: you ?? 0, seats: info.seats, you,
      button: info.button, hand, names: st.names, payoffs: st.payoffs, waitingText,
      canSit: (me === null || me === undefined) && !tour && !info.closed && !!session.user, onSit: sitDialog, isOwner,
      onRemoveBot: (seat) => simple("remove_bot", {seat}), onAct: act, busy: st.busy,
    });
    replace(feltBox, felt);
    replace(summaryBox, st.summary ? summaryPanel({...st.summary, old: st.summaryOld,
      onClose: () => { st.summary = null; render(); }}) : null);

    // actions
    const myTurn = inHand && view.seat !== null && view.to_act === view.seat;
    if (myTurn) {
      const legal = view.legal_actions;
      const keys = actionKeys(legal);
      replace(actions, h("div", {class: "buttons"}, legal.map((a, i) => h("button", {
        class: `act act-${a.kind}`, dataset: {kind: a.kind, amount: String(a.amount), slot: String(a.slot),
          key: keys[i] || ""},
        disabled: st.busy, onclick: () => act(a),
      }, actionLabel(a), keys[i] ? h("kbd", {}, keys[i].toUpperCase()) : null))));
    } else {
      let text;
      if (me && me.sitting_out) text = "You are sitting out. Sit in to be dealt the next hand.";
      else if (!me) text = session.user ? "You are watching. Pick an empty seat to play." : "Log in to play.";
      else if (inHand && view.to_act !== null && view.to_act !== undefined) {
        text = view.seat === null ? "You join with the next hand." : `Waiting for ${st.names[view.to_act] ?? "…"}`;
      } else text = waitingText;
      replace(actions, h("div", {class: "status-line", "data-testid": "status"}, text));
    }
  }

  // ----------------------------------------------------------------- keys, clock, lifecycle

  function onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const tag = (event.target && event.target.tagName) || "";
    if (["INPUT", "TEXTAREA", "SELECT"].includes(tag)) return;
    const button = actions.querySelector(`button.act[data-key="${CSS.escape(event.key.toLowerCase())}"]`);
    if (button && !button.disabled) {
      event.preventDefault();
      button.click();
    }
  }
  document.addEventListener("keydown", onKey);
  const clock = setInterval(() => tickTimers(conn.now()), 200);

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
    off();
    clearInterval(clock);
    clearTimeout(st.summaryTimer);
    document.removeEventListener("keydown", onKey);
    conn.unwatch(id);
  };
}
