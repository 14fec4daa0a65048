// One websocket per page (docs/protocol.md): requests carry a growing seq and are answered by
// reply_to; everything else is pushed to listeners. Reconnects by itself and watches again.

import {session} from "./api.js";

export class Connection {
  constructor() {
    this.seq = 0;
    this.pending = new Map();
    this.listeners = new Set();
    this.statusListeners = new Set();
    this.watching = new Map(); // table id -> invite code
    this.ws = null;
    this.ready = null;
    this.offset = 0; // server clock minus ours, in seconds
    this.stopped = false;
    this.retry = 500;
    this.received = 0;
  }

  /** Open (or reopen) the socket; resolves once logged in and watching again. */
  connect() {
    if (this.ready) return this.ready;
    this.stopped = false;
    this.ready = new Promise((resolve, reject) => {
      const proto = location.protocol === "https:" ? "wss:" : "ws:";
      const ws = new WebSocket(`${proto}//${location.host}/ws`);
      this.ws = ws;
      ws.onopen = async () => {
        try {
          if (session.token) await this.request({type: "auth", token: session.token});
          const sent = Date.now() / 1000;
          const pong = await this.request({type: "ping"});
          const now = Date.now() / 1000;
          this.offset = pong.time - (sent + now) / 2;
          this.retry = 500;
          this.emitStatus("online");
          resolve(this);
          for (const [table, invite] of this.watching) {
            this.request(watchMsg(table, invite)).catch(() => {});
          }
        } catch (err) {
          reject(err);
          ws.close();
        }
      };
      ws.onmessage = (event) => this.receive(event.data);
      ws.onclose = () => {
        for (const {reject: rej} of this.pending.values()) rej(new Error("disconnected"));
        this.pending.clear();
        this.ready = null;
        reject(new Error("disconnected"));
        if (this.stopped) return;
        this.emitStatus("offline");
        setTimeout(() => {
          if (!this.stopped) this.connect().catch(() => {});
        }, this.retry);
        this.retry = Math.min(this.retry * 2, 8000);
      };
    });
    this.ready.catch(() => {});
    return this.ready;
  }

  close() {
    this.stopped = true;
    this.watching.clear();
    if (this.ws) this.ws.close();
    this.ready = null;
  }

  receive(text) {
    let msg;
    try {
      msg = JSON.parse(text);
    } catch {
      return;
    }
    this.received += 1;
    if (msg.reply_to !== undefined && msg.reply_to !== null && this.pending.has(msg.reply_to)) {
      const {resolve, reject} = this.pending.get(msg.reply_to);
      this.pending.delete(msg.reply_to);
      if (msg.type === "error") {
        const err = new Error(msg.message);
        err.code = msg.code;
        err.legal = msg.legal;
        reject(err);
      } else {
        resolve(msg);
      }
      if (msg.type === "ack" || msg.type === "error" || msg.type === "pong") return;
    }
    for (const fn of this.listeners) {
      try {
        fn(msg);
      } catch (err) {
        console.error(err);
      }
    }
  }

  /** Send a client message; resolves with its reply (ack, welcome, lobby, pong), rejects on error. */
  request(msg, timeout = 15000) {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return Promise.reject(new Error("not connected"));
    const seq = ++this.seq;
    ws.send(JSON.stringify({...msg, seq}));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        if (this.pending.delete(seq)) reject(new Error("no answer from the server"));
      }, timeout);
      this.pending.set(seq, {
        resolve: (m) => { clearTimeout(timer); resolve(m); },
        reject: (e) => { clearTimeout(timer); reject(e); },
      });
    });
  }

  async send(msg) {
    await this.connect();
    return this.request(msg);
  }

  async watch(table, invite) {
    this.watching.set(table, invite || null);
    await this.connect();
    return this.request(watchMsg(table, invite));
  }

  unwatch(table) {
    this.watching.delete(table);
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.request({type: "unwatch", table}).catch(() => {});
  }

  on(fn) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  onStatus(fn) {
    this.statusListeners.add(fn);
    return () => this.statusListeners.delete(fn);
  }

  emitStatus(status) {
    for (const fn of this.statusListeners) fn(status);
  }

  /** The server's clock now, in Unix seconds. */
  now() {
    return Date.now() / 1000 + this.offset;
  }
}

export const conn = new Connection();

/** A table's watch: updates carry what changed in the view (view_delta), not the whole view. */
export function watchMsg(table, invite) {
  return {type: "watch", table, invite: invite || null, delta: true};
}

/** The view after an update's view_delta (docs/protocol.md): the top-level fields that changed,
 * and players as {"index": {changed fields}}. A new object; `view` is not changed. */
export function applyViewDelta(view, delta) {
  const out = {...view};
  for (const [key, value] of Object.entries(delta)) {
    if (key === "players" && !Array.isArray(value)) {
      const players = out.players.map((p) => ({...p}));
      for (const [i, changed] of Object.entries(value)) Object.assign(players[Number(i)], changed);
      out.players = players;
    } else {
      out[key] = value;
    }
  }
  return out;
}
