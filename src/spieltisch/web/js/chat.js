// The chat of a table (server/chat.py): players talk in the players' room, spectators
// in theirs; neither reads the other. A mute per table (remembered in this browser)
// hides the other people's lines and the box. Mounted by the game page:
// `mountChat(container, tableSocket, me)`, where `tableSocket` is the page's
// TableSocket (js/api.js) or a table id (then the chat opens its own socket).
import { TableSocket } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { me as whoAmI } from "./account.js";
import { setGuestName } from "./player-name.js";
import "./words/lobby.js";
import { shownName } from "./names.js";

const MUTE_KEY = "spieltisch.chat.muted.";
const LONGEST = 300;
const SHOWN = 100; // lines kept on the page

function muted(id) {
  try { return localStorage.getItem(MUTE_KEY + id) === "1"; } catch { return false; }
}

function setMuted(id, value) {
  try {
    if (value) localStorage.setItem(MUTE_KEY + id, "1");
    else localStorage.removeItem(MUTE_KEY + id);
  } catch { /* not remembered */ }
}

export function mountChat(container, tableSocketOrId, me = null) {
  const own = !(tableSocketOrId instanceof TableSocket);
  const socket = own ? new TableSocket(tableSocketOrId, () => {}, () => {}) : tableSocketOrId;
  const id = socket.id;
  let room = null; // "players" or "spectators", as the server says
  let epoch = null;
  let seats = 0; // seats this browser holds (a change of room asks for the history again)
  let who = me;
  let isMuted = muted(id);
  const lines = h("ol", { class: "chat-lines", "aria-live": "polite" });
  const input = h("input", { type: "text", name: "chat", class: "chat-input", maxlength: LONGEST, autocomplete: "off", placeholder: t("lobby.chat.placeholder"), "aria-label": t("lobby.chat.placeholder") });
  const note = h("p", { class: "chat-note muted small", role: "status" });
  const form = h("form", { class: "chat-form", onsubmit: (e) => { e.preventDefault(); send(); } }, input, h("button", { type: "submit", class: "chat-send" }, t("lobby.chat.send")));
  const title = h("h3", { class: "chat-title" }, t("lobby.chat.title"));
  const muteButton = h("button", { type: "button", class: "ghost chat-mute", onclick: () => toggle() });
  const body = h("div", { class: "chat-body" }, lines, note, form);
  const box = h("section", { class: "card chat", id: "chat", "data-table": id }, h("div", { class: "chat-head" }, title, muteButton), body);
  container.append(box);

  function draw() {
    title.textContent = room === "spectators" ? t("lobby.chat.spectators") : t("lobby.chat.title");
    muteButton.textContent = isMuted ? t("lobby.chat.unmute") : t("lobby.chat.mute");
    muteButton.setAttribute("aria-pressed", String(isMuted));
    box.classList.toggle("muted-chat", isMuted);
    body.hidden = isMuted;
  }

  function toggle() {
    isMuted = !isMuted;
    setMuted(id, isMuted);
    draw();
  }

  function line(entry) {
    const mine = who && entry.name === who.name;
    return h("li", { class: `chat-line${mine ? " mine" : ""}${entry.seat === 0 || entry.seat === 1 ? ` seat-${entry.seat}` : ""}`, "data-n": entry.n },
      h("b", { class: "chat-name" }, shownName(entry.name)), " ", h("span", { class: "chat-text" }, entry.text));
  }

  function add(entries, replace) {
    if (replace) lines.replaceChildren();
    for (const entry of entries) lines.append(line(entry));
    while (lines.children.length > SHOWN) lines.firstElementChild.remove();
    lines.scrollTop = lines.scrollHeight;
  }

  async function send() {
    const text = input.value.trim();
    if (!text) return;
    socket.send({ type: "chat", text });
    input.value = "";
    note.textContent = "";
  }

  // An anonymous spectator names itself inline (kept with the guest session), then the
  // socket reconnects as that guest; a player seated under the stand-in name (an invite
  // link opened without a name) names itself the same way, and the seat takes the name.
  function askForName(standIn = null) {
    const field = h("input", { type: "text", name: "chat-name", maxlength: 40, autocomplete: "nickname", placeholder: t("lobby.chat.namePlaceholder"), "aria-label": t("lobby.chat.namePlaceholder") });
    const naming = h("form", { class: "chat-form chat-naming", onsubmit: async (e) => {
      e.preventDefault();
      const name = field.value.trim();
      if (!name) return;
      try {
        who = await setGuestName(name);
        naming.remove();
        note.textContent = t("lobby.chat.named", { name: shownName(who.name) });
        if (!standIn) socket.reconnect(); // a player keeps its connection: only names changed
      } catch (err) {
        note.textContent = err.message;
      }
    } }, field, h("button", { type: "submit" }, t("lobby.chat.setName")));
    note.textContent = standIn ? t("lobby.chat.standIn", { name: shownName(standIn) }) : t("lobby.chat.error.NAME_NEEDED");
    body.querySelector(".chat-naming")?.remove();
    body.insertBefore(naming, form); // the name first, then what to say
    if (!standIn) field.focus();
  }

  let standInAsked = false;
  let lastTable = null;
  // A guest without a name seated under its stand-in is asked for its name, once.
  function checkStandIn() {
    const data = lastTable;
    if (standInAsked || !data || !who || who.signed_in || who.name) return;
    const mine = (data.held || []).length && data.seats ? data.seats[data.held[0]] : null;
    if (mine && /^Guest-[0-9A-F]{4}$/.test(mine.name || "")) {
      standInAsked = true;
      askForName(mine.name);
    }
  }
  const unlisten = socket.listen((data) => {
    if (data.type === "table") {
      const held = (data.held || []).length;
      lastTable = data;
      checkStandIn();
      if (data.epoch !== epoch || held !== seats) { // a new connection, or a seat taken
        epoch = data.epoch;
        seats = held;
        socket.send({ type: "chat_history" });
      }
    } else if (data.type === "chat") {
      room = data.room;
      add(data.lines, data.history);
      draw();
    } else if (data.type === "chat_error") {
      if (data.code === "NAME_NEEDED") askForName();
      else note.textContent = t(`lobby.chat.error.${data.code}`, { wait: Math.ceil(data.wait || 0) });
    }
  });

  whoAmI(true).then((identity) => { who = who || identity; checkStandIn(); });
  draw();
  return {
    element: box,
    close() {
      unlisten();
      box.remove();
      if (own) socket.close();
    },
  };
}
