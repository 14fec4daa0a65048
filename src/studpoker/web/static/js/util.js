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
