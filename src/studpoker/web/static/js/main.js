// The single-page client: log in (or play as a guest), then the lobby, a table, or your hand histories.
// Routes live in the URL hash: #/ lobby, #/table/7?invite=CODE, #/hands, #/hand/41.

import {api, login, logout, session, whoami} from "./api.js";
import {mountHands, mountReplay} from "./history.js";
import {mountLobby} from "./lobby.js";
import {mountTable} from "./table.js";
import "./turns.js";
import {h, parseHash, replace, seated, toast} from "./util.js";
import {conn} from "./ws.js";

const app = document.getElementById("app");
const userBox = document.getElementById("user");
const netBox = document.getElementById("net");
const seatedLink = document.getElementById("seated-link");

/** "You are seated at X · return" in the top bar, on every page but that table's. */
function renderSeated() {
  const here = session.user ? seated.get() : null;
  const {path} = parseHash(location.hash);
  const atTable = here && path[0] === "table" && Number(path[1]) === here.id;
  seatedLink.hidden = !here || atTable;
  if (!here || atTable) return;
  seatedLink.href = `#/table/${here.id}${here.invite ? `?invite=${encodeURIComponent(here.invite)}` : ""}`;
  seatedLink.textContent = `You are seated at ${here.name} · return`;
}
seated.listeners.add(renderSeated);
let unmount = () => {};

function renderUser(user) {
  if (!user) {
    replace(userBox);
    return;
  }
  const four = h("input", {type: "checkbox", id: "four-color", checked: localStorage.getItem("studpoker.fourColor") === "1",
    onchange: (e) => {
      localStorage.setItem("studpoker.fourColor", e.target.checked ? "1" : "0");
      route();
    }});
  const guestTools = user.guest ? [
    /^guest-/.test(user.name) ? h("button", {id: "btn-nickname", "data-testid": "pick-nickname", onclick: pickNickname},
      h("span", {class: "wide-only"}, "Pick a "), "nickname") : null,
    h("button", {id: "btn-upgrade", "data-testid": "upgrade-account", onclick: upgradeAccount,
      title: "keep your chips and your hands with a password"}, "Save", h("span", {class: "wide-only"}, " as an account"))] : [];
  replace(userBox,
    h("a", {href: "#/", class: "nav-lobby"}, "Lobby"), h("a", {href: "#/hands", id: "nav-hands"}, "Your hands"),
    ...guestTools,
    h("label", {class: "four", title: "four-colour deck"}, four, "4 colours"),
    h("span", {class: "who", id: "who"}, h("b", {}, user.name), " · ",
      h("span", {id: "balance", "data-testid": "balance"}, String(user.balance)), h("span", {class: "wide-only"}, " chips")),
    h("button", {id: "btn-logout", onclick: async () => {
      seated.set(null);
      conn.close();
      await logout();
      route();
    }}, "Log out"));
}
session.listeners.add(renderUser);
conn.onStatus((status) => {
  netBox.textContent = status === "online" ? "" : "reconnecting…";
  netBox.hidden = status === "online";
});

/** A small form in a dialog: fields [{name, label, type, value}]; resolves with the values, or null. */
function formDialog({title, text, fields, ok, testid}) {
  return new Promise((resolve) => {
    const inputs = fields.map((f) => h("input", {name: f.name, id: `dialog-${f.name}`, type: f.type || "text",
      value: f.value || "", autocomplete: f.autocomplete || "off", required: true,
      minlength: f.minlength || null, maxlength: f.maxlength || null}));
    const done = (value) => {
      box.remove();
      document.removeEventListener("keydown", onKey, true);
      resolve(value);
    };
    const onKey = (e) => {
      if (e.key === "Escape") { e.preventDefault(); e.stopPropagation(); done(null); }
    };
    const box = h("div", {class: "modal", role: "dialog", "aria-modal": "true", "aria-labelledby": "form-title",
      "data-testid": testid},
    h("form", {class: "modal-box", onsubmit: (e) => {
      e.preventDefault();
      done(Object.fromEntries(inputs.map((i) => [i.name, i.value.trim()])));
    }},
    h("h3", {id: "form-title"}, title), text ? h("p", {}, text) : null,
    fields.map((f, i) => h("label", {}, f.label, inputs[i])),
    h("div", {class: "row"}, h("button", {type: "submit", id: "dialog-ok", class: "primary"}, ok),
      h("button", {type: "button", id: "dialog-cancel", onclick: () => done(null)}, "Cancel"))));
    document.addEventListener("keydown", onKey, true);
    document.body.append(box);
    inputs[0].focus();
  });
}

async function pickNickname() {
  const values = await formDialog({title: "Pick a nickname", testid: "nickname-dialog", ok: "Save",
    text: "2 to 32 letters, digits, '_', '.' or '-'. Your hands keep the name you play them under.",
    fields: [{name: "name", label: "Nickname", minlength: "2", maxlength: "32"}]});
  if (!values) return;
  try {
    session.setUser(await api("POST", "/api/me/name", {name: values.name}));
    conn.close(); // the websocket speaks with the new name from its next login
    await conn.connect();
    route();
  } catch (err) {
    toast(err.message);
  }
}

async function upgradeAccount() {
  const user = session.user;
  const fields = [{name: "name", label: "Name (a new one only before your first hand)", value: user.name,
    autocomplete: "username", minlength: "2", maxlength: "32"},
  {name: "password", label: "Password (8 characters or more)", type: "password",
    autocomplete: "new-password", minlength: "8"}];
  const values = await formDialog({title: "Save your guest as an account", testid: "account-dialog", ok: "Save",
    text: "You keep your chips, your seats and your hands, and log in with this name and password from now on.",
    fields});
  if (!values) return;
  if (values.name === user.name) delete values.name; // the name stays
  try {
    session.setUser(await api("POST", "/api/me/account", values));
    toast(`Saved: log in as ${session.user.name} from now on`, "info");
  } catch (err) {
    toast(err.message);
  }
}

/** The landing page of an invite link for someone not logged in: the table, its host and its games,
 * then one step, a nickname and Join (a guest seat at the table; logging in is still one link away). */
async function inviteLanding(tableId, invite) {
  let info = null;
  try {
    info = await api("GET", `/api/tables/${tableId}${invite ? `?invite=${encodeURIComponent(invite)}` : ""}`);
  } catch {
    info = null;
  }
  if (session.user) return; // logged in meanwhile (another tab)
  if (!info) {
    loginView();
    return;
  }
  const games = info.mixed ? info.mixed.games
    : [{game: info.game_info.game, name: info.game_info.name, stakes: info.game_info.stakes}];
  const taken = info.seats.filter(Boolean).length;
  const nick = h("input", {id: "invite-nickname", name: "name", "data-testid": "invite-nickname", required: true,
    minlength: "2", maxlength: "32", autocomplete: "nickname", placeholder: "e.g. dave"});
  const form = h("form", {class: "invite-join", onsubmit: async (e) => {
    e.preventDefault();
    if (!form.reportValidity()) return;
    try {
      await login("guest", nick.value.trim(), "");
      await conn.connect();
      route();
    } catch (err) {
      toast(err.message);
    }
  }},
  h("label", {class: "field"}, "Your nickname at the table", nick),
  h("button", {type: "submit", id: "invite-join", class: "primary", "data-testid": "invite-join"}, "Join"));
  replace(app, h("div", {class: "invite-landing", "data-testid": "invite-landing", dataset: {table: String(info.id)}},
    h("p", {class: "invite-host"}, h("b", {}, info.owner), " invites you to"),
    h("h1", {class: "invite-table"}, info.name),
    h("ul", {class: "games-list", "data-testid": "invite-games"}, games.map((g) =>
      h("li", {dataset: {game: g.game}}, h("b", {}, g.name), ` · ${g.stakes}`))),
    h("p", {class: "muted"}, `${info.mixed ? (info.mixed.mode === "dealers_choice" ? "Dealer's choice · " : "Mixed games · ") : ""}` +
      `${taken} of ${info.seats.length} seats taken · ${info.config.action_time}s to act`),
    form,
    h("p", {class: "muted"}, "Have an account? ", h("a", {href: location.hash, id: "invite-login", onclick: (e) => {
      e.preventDefault();
      loginView();
    }}, "Log in first"))));
  nick.focus();
}

/** "Seven Card Stud, Wall Street, ...": the family, every game of the registry, from the server. */
async function tagline(el) {
  try {
    const d = await api("GET", "/api/games");
    el.textContent = d.games.map((g) => g.name).join(", ");
  } catch {
    // the family's name stays
  }
}

function loginView() {
  const name = h("input", {id: "login-name", name: "name", autocomplete: "username", required: true,
    minlength: "2", maxlength: "32"});
  const password = h("input", {id: "login-password", name: "password", type: "password",
    autocomplete: "current-password", required: true, minlength: "8"});
  const go = (kind) => async (event) => {
    event.preventDefault();
    if (kind !== "guest" && !event.target.closest("form").reportValidity()) return;
    if (kind === "guest" && name.value.trim() && !name.reportValidity()) return;
    try {
      await login(kind, name.value.trim(), password.value);
      await conn.connect();
      route();
    } catch (err) {
      toast(err.message);
    }
  };
  replace(app, h("div", {class: "login-page"},
    h("div", {class: "hero"}, h("h1", {}, "Stud poker"),
      h("p", {class: "tagline", "data-testid": "tagline"}, "Seven card games, played by the book"),
      h("p", {}, "Exact rules, a provably fair shuffle, bots to practise against and friends to beat.")),
    h("form", {class: "login", id: "login-form", onsubmit: go("login")},
      h("h2", {}, "Log in or register"),
      h("label", {class: "field"}, "Name (a guest's nickname too)", name),
      h("label", {class: "field"}, "Password (8 characters or more)", password),
      h("div", {class: "row"}, h("button", {type: "submit", id: "btn-login", class: "primary"}, "Log in"),
        h("button", {type: "button", id: "btn-register", onclick: go("register")}, "Register")),
      h("div", {class: "or"}, "or"),
      h("button", {type: "button", id: "btn-guest", onclick: go("guest"),
        title: "with the name above as your nickname"}, "Play as a guest"))));
  tagline(app.querySelector("[data-testid='tagline']"));
}

async function route() {
  renderSeated();
  unmount();
  unmount = () => {};
  const {path, query} = parseHash(location.hash);
  const invite = query.get("invite");
  if (!session.user) {
    if (path[0] === "table" && path[1]) inviteLanding(Number(path[1]), invite);
    else loginView();
    return;
  }
  try {
    if (path[0] === "table" && path[1]) unmount = mountTable(app, {id: Number(path[1]), invite});
    else if (path[0] === "hands") unmount = mountHands(app);
    else if (path[0] === "hand" && path[1]) unmount = mountReplay(app, {id: Number(path[1]), invite});
    else unmount = mountLobby(app);
  } catch (err) {
    console.error(err);
    toast(String(err));
  }
}

window.addEventListener("hashchange", route);

(async () => {
  const user = await whoami();
  if (user) await conn.connect().catch(() => {});
  route();
})();
