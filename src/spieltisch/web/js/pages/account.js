// The account page: who you are, your tables in progress, and the password (changing it
// signs out every other device).
import { h } from "../dom.js";
import { t } from "../i18n.js";
import "../words/common.js";
import "../words/pages.js";
import { me, post } from "../account.js";
import { myBots } from "./bots.js";
import { shownName } from "../names.js";

function tableList(tables, empty) {
  if (!tables.length) return h("p", { class: "muted" }, empty);
  return h("div", { class: "table-list" }, tables.map((entry) => h("div", { class: "table-entry" },
    h("span", { class: `game-emblem small emblem-${entry.game}` }),
    h("span", { class: "entry-main" }, h("b", {}, entry.title), " ", h("span", { class: "muted" }, `#${entry.id} · ${t("common.vs", { a: entry.players[0] || t("common.freeSeat"), b: entry.players[1] || t("common.freeSeat") })} · ${t("common.moves", { count: entry.ply })}`), entry.your_turn ? h("span", { class: "badge" }, t("accountPage.yourTurn")) : null),
    h("a", { class: "button", href: `#/table/${entry.id}` }, t("common.open")))));
}

function recentList(who) {
  if (!who.recent || !who.recent.length) return h("p", { class: "muted" }, t("accountPage.noFinished"));
  const result = (g) => {
    if (g.status !== "finished") return t(`common.status.${g.status}`);
    if (g.winner === null) return t("common.draw");
    return g.players[g.winner].name === who.name ? t("accountPage.won") : t("accountPage.lost");
  };
  return h("div", { class: "table-list", id: "recent-games" }, who.recent.map((g) => h("div", { class: "table-entry" },
    h("span", { class: `game-emblem small emblem-${g.game}` }),
    h("span", { class: "entry-main" }, h("b", {}, result(g)), " ", h("span", { class: "muted" }, `#${g.id} · ${t("common.vs", { a: shownName(g.players[0]?.name ?? ""), b: shownName(g.players[1]?.name ?? "") })} · ${t("common.moves", { count: g.plies })}`)),
    h("a", { class: "button ghost", href: `#/replay/${g.id}` }, t("common.replay")))));
}

export function mount(main) {
  const page = h("div", { class: "page account-page" });
  main.append(page);
  me(true).then((who) => {
    if (!who.signed_in) {
      page.append(h("section", { class: "card" }, h("h1", {}, who.name ? t("accountPage.playingAs", { name: who.name }) : t("accountPage.notSignedIn")),
        h("p", {}, t("accountPage.guestsHere"), h("a", { href: "#/signin" }, t("accountPage.signIn")), t("accountPage.or"), h("a", { href: "#/signup" }, t("accountPage.createAccount")), t("accountPage.keepGames")),
        h("h2", {}, t("accountPage.yourTables")), tableList([...who.running, ...who.waiting], t("accountPage.noTables"))));
      return;
    }
    const message = h("p", { class: "form-status", id: "password-status", role: "alert" });
    const old = h("input", { type: "password", id: "old-password", autocomplete: "current-password", required: true });
    const fresh = h("input", { type: "password", id: "new-password", autocomplete: "new-password", required: true });
    const form = h("form", { class: "password-form", onsubmit: async (e) => {
      e.preventDefault();
      message.className = "form-status";
      message.textContent = t("accountPage.changing");
      try {
        const answer = await post("/api/account/password", { old_password: old.value, new_password: fresh.value });
        message.textContent = `${t("accountPage.changed")} ${answer.ended_sessions ? t("accountPage.otherDevices", { count: answer.ended_sessions }) : ""}`.trim();
        old.value = fresh.value = "";
      } catch (err) {
        message.textContent = err.message;
        message.classList.add("error");
      }
    } },
      h("label", { class: "field" }, h("span", {}, t("accountPage.oldPassword")), old),
      h("label", { class: "field" }, h("span", {}, t("accountPage.newPassword")), fresh),
      h("div", { class: "form-actions" }, h("button", { type: "submit", class: "primary", id: "change-password" }, t("accountPage.changePassword"))),
      message);
    page.append(
      h("section", { class: "card" }, h("h1", {}, who.name), h("p", { class: "muted" }, t("accountPage.follows")),
        h("h2", {}, t("accountPage.yourTables")), tableList([...who.running, ...who.waiting], t("accountPage.noTables")),
        h("h2", {}, t("accountPage.recent")), recentList(who),
        h("p", {}, h("a", { href: `#/games?player=${encodeURIComponent(who.name)}` }, t("accountPage.allGames")))),
      myBots(),
      h("section", { class: "card" }, h("h2", {}, t("accountPage.password")), h("p", { class: "muted small" }, t("accountPage.passwordHelp")), form));
  });
}
