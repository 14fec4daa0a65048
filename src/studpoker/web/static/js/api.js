// The REST API (docs/protocol.md): accounts, tables, hand histories. The token lives in localStorage.

const TOKEN_KEY = "studpoker.token";

export const session = {
  token: localStorage.getItem(TOKEN_KEY),
  user: null,
  listeners: new Set(),
  setUser(user) {
    this.user = user;
    for (const fn of this.listeners) fn(user);
  },
  setBalance(balance) {
    if (this.user) this.setUser({...this.user, balance});
  },
};

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

function detail(data, status) {
  if (data && typeof data === "object" && "detail" in data) {
    const d = data.detail;
    if (Array.isArray(d)) {
      return d.map((e) => {
        const where = (e.loc || []).filter((x) => x !== "body").join(".");
        return (where ? where + ": " : "") + (e.msg || "").replace(/^Value error, /, "");
      }).join("; ");
    }
    return String(d);
  }
  return typeof data === "string" && data ? data : `HTTP ${status}`;
}

/** Call the API: api("POST", "/api/tables", {...}) -> parsed JSON; throws ApiError. */
export async function api(method, path, body) {
  const headers = {};
  if (session.token) headers.Authorization = `Bearer ${session.token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, {method, headers, body: body === undefined ? undefined : JSON.stringify(body)});
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!response.ok) throw new ApiError(response.status, detail(data, response.status));
  return data;
}

/** Fetch a text resource with the token (e.g. a PHH download). */
export async function apiText(path) {
  const headers = session.token ? {Authorization: `Bearer ${session.token}`} : {};
  const response = await fetch(path, {headers});
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text);
  return text;
}

/** Send a file's bytes (e.g. a room's text hand history) -> parsed JSON; throws ApiError. */
export async function apiUpload(path, file) {
  const headers = {"Content-Type": "application/octet-stream"};
  if (session.token) headers.Authorization = `Bearer ${session.token}`;
  const response = await fetch(path, {method: "POST", headers, body: file});
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!response.ok) throw new ApiError(response.status, detail(data, response.status));
  return data;
}

export function setToken(token) {
  session.token = token;
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
}

export async function login(kind, name, password) {
  const data = kind === "guest"
    ? await api("POST", "/api/guest")
    : await api("POST", `/api/${kind}`, {name, password});
  setToken(data.token);
  session.setUser(data.user);
  return data.user;
}

export async function logout() {
  try {
    await api("POST", "/api/logout");
  } catch {
    // the token is forgotten here either way
  }
  setToken(null);
  session.setUser(null);
}

/** The logged-in user, or null when there is no valid token. */
export async function whoami() {
  if (!session.token) return null;
  try {
    const user = await api("GET", "/api/me");
    session.setUser(user);
    return user;
  } catch (err) {
    if (err.status === 401) setToken(null);
    return null;
  }
}
