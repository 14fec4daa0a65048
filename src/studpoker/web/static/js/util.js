// Small helpers shared by every view: DOM building (never innerHTML with data), formatting.

/** Build an element: h("button", {class: "x", onclick: fn}, "text", child, ...). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "style" && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) el.style.setProperty(k, v);
    } else if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "value") el.value = value;
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : String(child));
  }
}

/** Replace the children of an element. */
export function replace(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

let toastBox = null;

/** A short message at the top of the page. */
export function toast(message, kind = "error", ms = 4000) {
  toastBox = toastBox || document.getElementById("toasts");
  if (!toastBox) return;
  const item = h("div", {class: `toast ${kind}`, role: kind === "error" ? "alert" : "status"}, message);
  toastBox.append(item);
  setTimeout(() => item.remove(), ms);
}

const RANK_WORDS = {A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine", 8: "eight", 7: "seven",
  6: "six", 5: "five", 4: "four", 3: "three", 2: "two"};
const SUIT_WORDS = {c: "clubs", d: "diamonds", h: "hearts", s: "spades"};

const RANK_PLURALS = {A: "aces", K: "kings", Q: "queens", J: "jacks", T: "10s"};

/** The wild ranks of the moment in words (R8; the ranks are the server's): ["Q", "7"] ->
 * "Wild: queens and 7s", [] -> "Nothing is wild". */
export function wildWords(ranks) {
  if (!ranks || !ranks.length) return "Nothing is wild";
  const words = ranks.map((r) => RANK_PLURALS[r] || `${r}s`);
  return `Wild: ${words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}` : words[0]}`;
}

/** A card in words for screen readers: "Qc" -> "queen of clubs", "Jk" -> "joker", null -> "hidden card". */
export function cardWords(card) {
  if (!card) return "hidden card";
  if (card === "Jk") return "joker";
  return `${RANK_WORDS[card[0]] || card[0]} of ${SUIT_WORDS[card[1]] || card[1]}`;
}

/** A name shortened to at most `max` characters, keeping its end so that "guest-1a2b3c4d"
 * and "guest-9f8e7d6c" stay distinct: "gues…c4d". */
export function shortName(name, max) {
  const s = String(name ?? "");
  if (s.length <= max) return s;
  const tail = Math.max(3, Math.floor((max - 1) / 2));
  return `${s.slice(0, max - 1 - tail)}…${s.slice(-tail)}`;
}

/** Say something to screen readers through the page's aria-live region. */
export function announce(text) {
  const box = document.getElementById("announce");
  if (!box || !text) return;
  box.textContent = "";
  requestAnimationFrame(() => { box.textContent = text; });
}

/** An in-page dialog (never window.confirm/prompt). Resolves with true/false, or with the
 * input's value when `input` is given ({label, value, min, max, type}); null when cancelled.
 * `testid`: the data-testid of its OK button. */
export function dialog({title, text = "", ok = "OK", cancel = "Cancel", input = null, danger = false, testid = null}) {
  return new Promise((resolve) => {
    const previous = document.activeElement;
    const field = input ? h("input", {id: "dialog-input", type: input.type || "number", value: String(input.value ?? ""),
      min: input.min !== undefined ? String(input.min) : null, max: input.max !== undefined ? String(input.max) : null,
      step: "1", "aria-label": input.label}) : null;
    const done = (value) => {
      box.remove();
      document.removeEventListener("keydown", onKey, true);
      if (previous && previous.focus) previous.focus();
      resolve(value);
    };
    const onKey = (e) => {
      if (e.key === "Escape") { e.preventDefault(); e.stopPropagation(); done(input ? null : false); }
    };
    const box = h("div", {class: "modal", role: "dialog", "aria-modal": "true", "aria-labelledby": "dialog-title"},
      h("form", {class: "modal-box", onsubmit: (e) => { e.preventDefault(); done(input ? field.value : true); }},
        h("h3", {id: "dialog-title"}, title), text ? h("p", {}, text) : null,
        field ? h("label", {}, input.label, field) : null,
        h("div", {class: "row"}, h("button", {type: "submit", id: "dialog-ok", class: danger ? "danger" : "primary",
          "data-testid": testid}, ok),
          h("button", {type: "button", id: "dialog-cancel", onclick: () => done(input ? null : false)}, cancel))));
    document.addEventListener("keydown", onKey, true);
    document.body.append(box);
    (field || box.querySelector("#dialog-ok")).focus();
    if (field) field.select();
  });
}

/** Where the user sits (a table they may have walked away from): {id, name, invite} or null. */
export const seated = {
  key: "studpoker.seated",
  listeners: new Set(),
  get() {
    try {
      return JSON.parse(sessionStorage.getItem(this.key) || "null");
    } catch {
      return null;
    }
  },
  set(value) {
    const old = JSON.stringify(this.get());
    if (JSON.stringify(value) === old) return;
    if (value) sessionStorage.setItem(this.key, JSON.stringify(value));
    else sessionStorage.removeItem(this.key);
    for (const fn of this.listeners) fn(value);
  },
};

export const reducedMotion = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Game knowledge (names, stakes text, seat limits, market prices, bot kinds) comes from the
// server: "game_info" in table, lobby and replay data, and GET /api/games (docs/protocol.md).

export function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

/** Street names as people say them. */
export function streetLabel(name) {
  if (!name) return "";
  const s = name.replace(/_/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1) + (/(street|showdown|over)$/.test(s) ? "" : " street");
}

/** Parse "#/table/7?invite=abc" into {path: ["table", "7"], query: URLSearchParams}. */
export function parseHash(hash) {
  const raw = (hash || "").replace(/^#\/?/, "");
  const [path, query] = raw.split("?");
  return {path: path.split("/").filter(Boolean), query: new URLSearchParams(query || "")};
}
