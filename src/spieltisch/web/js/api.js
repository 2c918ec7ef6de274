// Talking to the server: JSON over HTTP and one WebSocket per table.
//
// An error answer is `{error, code, params}` (docs/api.md, "Errors"): `code` is stable and
// names the words `error.CODE` of the catalogue; the thrown `ApiError` carries the words
// in the reader's language as its message, with `code`, `params`, `status` and the
// server's English text (`english`) beside them.
import { has, lang, t } from "./i18n.js";
import "./words/common.js";

export class ApiError extends Error {
  constructor(status, data) {
    const code = data.code || (status ? `HTTP_${status}` : "offline");
    const params = data.params || {};
    super(errorText(code, params, data.error, status));
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.params = params;
    this.english = data.error || "";
  }
}

// The words for an error code (with its params), else the server's English text.
export function errorText(code, params = {}, english = "", status = 0) {
  if (code && has(`error.${code}`)) return t(`error.${code}`, { ...params, status });
  if (english) return english;
  return t("error.http", { status });
}

async function answer(response) {
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

async function send(url, init) {
  let response;
  try {
    response = await fetch(url, init);
  } catch {
    throw new ApiError(0, { code: "offline" });
  }
  return answer(response);
}

export async function getJSON(url) {
  return send(url, { credentials: "same-origin" });
}

// The games the server offers (`/api/games`: name, title, summary, players, options,
// levels), asked once per page load: the front end knows no game by name.
const catalogRequests = new Map(); // by language: titles and summaries are in its words
export function gameCatalog() {
  const code = lang();
  if (!catalogRequests.has(code)) {
    const request = getJSON(`/api/games?lang=${code}`).then((data) => data.games);
    request.catch(() => catalogRequests.delete(code));
    catalogRequests.set(code, request);
  }
  return catalogRequests.get(code);
}

export async function postJSON(url, body, raw = false) {
  return send(url, {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: raw ? body : JSON.stringify(body || {}),
  });
}

// The words for a refused table action `{type: "error", rule, message}`: the catalogue's
// `error.RULE` for the table's own rules (NOT_YOUR_TURN, …), else the server's text; a
// game's rule (INVALID_MOVEMENT, …) is for the page to look up in the game's words
// (`gameWord(words, "rules", data.rule)`), which `onError` gets as its second argument.
export function socketErrorText(data) {
  if (data.rule && has(`error.${data.rule}`)) return t(`error.${data.rule}`);
  return data.message || t("error.http", { status: 0 });
}

// A table's live connection: `onTable(view)` for every table message, `onError(msg)`
// for refused actions; reconnects after a drop (the server may have restarted).
export class TableSocket {
  constructor(id, onTable, onError, onState) {
    this.id = id;
    this.onTable = onTable;
    this.onError = onError;
    this.onState = onState || (() => {});
    this.closed = false;
    this.epoch = 0; // one more for every connection: versions count per connection
    this.listeners = new Set(); // more readers of every message (the chat: js/chat.js)
    this.open();
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/tables/${this.id}`);
    this.ws = ws;
    const epoch = ++this.epoch;
    ws.onopen = () => this.onState("open");
    ws.onmessage = (event) => {
      const data = JSON.parse(event.data);
      data.epoch = epoch;
      this.listeners.forEach((listener) => listener(data));
      if (data.type === "error") this.onError(socketErrorText(data), data);
      else if (data.type === "table") this.onTable(data);
    };
    ws.onclose = () => {
      if (this.closed) return;
      this.onState("closed");
      setTimeout(() => !this.closed && this.open(), 700);
    };
  }

  // Read every message of this socket too (table, error, chat…); returns the unsubscribe.
  listen(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // Connect again now (after the browser's identity changed, e.g. a guest named itself).
  reconnect() {
    if (this.ws) this.ws.close(); // onclose opens a new connection
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
    else this.onError(t("error.notConnected"), { rule: "NOT_CONNECTED" });
  }

  close() {
    this.closed = true;
    if (this.ws) this.ws.close();
  }
}
