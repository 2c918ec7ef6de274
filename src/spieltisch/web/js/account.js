// Who am I: the account or guest this browser plays as (from GET /api/account), the
// account menu in the header, and the guest's name, asked once.
import { getJSON, postJSON } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import "./words/common.js";

let current = null; // the last answer of /api/account
let asking = null; // the request under way: callers at the same time share it
const listeners = new Set();

// The identity (fetched once, then cached; `fresh` asks the server again). Calls made
// while a request is under way wait for that one (a page load asked twice at once).
export async function me(fresh = false) {
  if (asking) {
    await asking;
    if (!fresh) return current;
  }
  if (!current || fresh) {
    asking = (async () => {
      try {
        current = await getJSON("/api/account");
      } catch (err) {
        current = current || { kind: "anonymous", signed_in: false, name: null, running: [], waiting: [] };
      }
      listeners.forEach((f) => f(current));
    })();
    try { await asking; } finally { asking = null; }
  }
  return current;
}

// After a sign-in, sign-up, sign-out or name change: the server's answer is the new identity.
export function becomes(answer) {
  current = answer;
  listeners.forEach((f) => f(current));
}

export function onChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function post(url, body) {
  const answer = await postJSON(url, body || {});
  becomes(answer);
  return answer;
}

// A small dialog: "What name should the other players see?"; resolves to the name or null.
export function askName(initial = "") {
  return new Promise((resolve) => {
    const input = h("input", { type: "text", name: "guest-name", id: "guest-name", maxlength: 40, value: initial, autocomplete: "nickname", required: true });
    const message = h("p", { class: "form-status" });
    const dialog = h("dialog", { class: "name-dialog", id: "name-dialog" });
    const done = (value) => { dialog.close(); dialog.remove(); resolve(value); };
    const form = h("form", { method: "dialog", onsubmit: async (e) => {
      e.preventDefault();
      const name = input.value.trim();
      if (!name) { message.textContent = t("account.typeName"); return; }
      done(name);
    } },
      h("h2", {}, t("account.yourName")),
      h("p", { class: "muted" }, t("account.nameHelp"), h("a", { href: "#/signin", onclick: () => done(null) }, t("account.nameHelpSignIn")), t("account.nameHelpAfter")),
      h("label", { class: "field" }, h("span", {}, t("account.nameField")), input),
      message,
      h("div", { class: "form-actions" }, h("button", { type: "submit", class: "primary", id: "guest-name-ok" }, t("common.ok")), h("button", { type: "button", class: "ghost", onclick: () => done(null) }, t("common.skip"))));
    dialog.append(form);
    dialog.addEventListener("cancel", () => done(null));
    document.body.append(dialog);
    dialog.showModal();
    input.focus();
  });
}

// The account menu in the header: "Sign in" for guests (with their name to change),
// the username with "Account" and "Sign out" for an account.
export function mountMenu(slot) {
  function render(who) {
    if (who.signed_in) {
      slot.replaceChildren(h("details", { class: "menu account-menu", id: "account-menu" },
        h("summary", { id: "account-name", title: t("account.signedIn") }, h("span", { class: "avatar" }, who.name.slice(0, 1).toUpperCase()), h("span", { class: "who" }, who.name)),
        h("div", { class: "menu-items" },
          h("a", { href: "#/account", id: "menu-account" }, t("account.menuAccount")),
          h("button", { type: "button", class: "link menu-link", id: "sign-out", onclick: signOut }, t("account.signOut")))));
    } else {
      const guest = h("button", { type: "button", class: "link guest-name", id: "guest-name-edit", title: t("account.guestTitle"), onclick: rename }, who.name || t("account.yourName"));
      slot.replaceChildren(h("div", { class: "account-menu guest" }, guest, h("a", { href: "#/signin", class: "sign-in", id: "sign-in-link" }, t("account.signIn"))));
    }
  }
  async function signOut() {
    await post("/api/account/signout", {});
    if (location.hash === "#/" || location.hash === "") window.dispatchEvent(new HashChangeEvent("hashchange"));
    else location.hash = "#/";
  }
  async function rename() {
    const who = await me();
    const name = await askName(who.name || "");
    if (name) await post("/api/account/guest", { name }).catch((err) => alert(err.message));
  }
  onChange(render);
  window.addEventListener("languagechange-spieltisch", () => render(current || { signed_in: false, name: null }));
  render(current || { signed_in: false, name: null });
  me(); // the first ask of the page (the page's own me() shares it)
}
