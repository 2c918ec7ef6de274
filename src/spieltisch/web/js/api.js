// Talking to the server: JSON over HTTP and one WebSocket per table.

export async function getJSON(url) {
  const response = await fetch(url, { credentials: "same-origin" });
  const data = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
  return data;
}

// The games the server offers (`/api/games`: name, title, summary, players, options,
// levels), asked once per page load: the front end knows no game by name.
let catalogRequest = null;
export function gameCatalog() {
  if (!catalogRequest) catalogRequest = getJSON("/api/games").then((data) => data.games);
  catalogRequest.catch(() => { catalogRequest = null; });
  return catalogRequest;
}

export async function postJSON(url, body, raw = false) {
  const response = await fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: raw ? body : JSON.stringify(body || {}),
  });
  const data = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
  return data;
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
      if (data.type === "error") this.onError(data.message);
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
    else this.onError("not connected: trying again…");
  }

  close() {
    this.closed = true;
    if (this.ws) this.ws.close();
  }
}
