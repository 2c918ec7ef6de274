// The invite of a waiting table: its link with a copy button (and the phone's share
// sheet where there is one) and its QR code (GET /api/tables/ID/invite.svg), for a
// friend across the table. Mounted by the game page: `mountInvite(container, tableId,
// tableSocket)`; with the socket it shows itself only while the table waits for the
// friend and this browser holds the other seat.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import "./words/lobby.js";

export function inviteLink(tableId) {
  return `${location.origin}${location.pathname}#/table/${tableId}/join`;
}

async function copy(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    input.select(); // an http page or a refused permission: the old way
    try { return document.execCommand("copy"); } catch { return false; }
  }
}

export function mountInvite(container, tableId, tableSocket = null) {
  const link = inviteLink(tableId);
  const input = h("input", { type: "text", readonly: true, id: "invite-url", class: "invite-url", value: link, "aria-label": t("lobby.invite.link"), onclick: (e) => e.target.select() });
  const done = h("span", { class: "invite-done muted small", role: "status" });
  const copyButton = h("button", { type: "button", class: "primary", id: "invite-copy", onclick: async () => {
    done.textContent = (await copy(link, input)) ? t("lobby.invite.copied") : t("lobby.invite.copyFailed");
  } }, t("lobby.invite.copy"));
  const share = navigator.share
    ? h("button", { type: "button", id: "invite-share", onclick: () => navigator.share({ title: t("lobby.invite.shareTitle"), url: link }).catch(() => {}) }, t("lobby.invite.share"))
    : null;
  const qr = h("img", { class: "invite-qr", id: "invite-qr", src: `/api/tables/${tableId}/invite.svg`, alt: t("lobby.invite.qrAlt"), width: 164, height: 164, loading: "lazy" });
  const box = h("section", { class: "card invite", id: "invite", "data-table": tableId },
    h("h3", {}, t("lobby.invite.title")),
    h("p", { class: "muted small" }, t("lobby.invite.hint")),
    h("div", { class: "invite-row" }, input, copyButton, share),
    done,
    h("figure", { class: "invite-figure" }, qr, h("figcaption", { class: "muted small" }, t("lobby.invite.scan"))));
  container.append(box);
  let unlisten = null;
  if (tableSocket) {
    box.hidden = true;
    unlisten = tableSocket.listen((data) => {
      if (data.type === "table") box.hidden = !(data.status === "waiting" && (data.held || []).length > 0);
    });
  }
  return {
    element: box,
    close() {
      if (unlisten) unlisten();
      box.remove();
    },
  };
}
