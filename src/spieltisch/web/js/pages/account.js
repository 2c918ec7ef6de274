// The account page: who you are, your tables in progress, and the password (changing it
// signs out every other device).
import { h, plural } from "../dom.js";
import { me, post } from "../account.js";
import { myBots } from "./bots.js";

function tableList(tables, empty) {
  if (!tables.length) return h("p", { class: "muted" }, empty);
  return h("div", { class: "table-list" }, tables.map((t) => h("div", { class: "table-entry" },
    h("span", { class: `game-emblem small emblem-${t.game}` }),
    h("span", { class: "entry-main" }, h("b", {}, t.title), " ", h("span", { class: "muted" }, `#${t.id} · ${t.players.map((p) => p || "free seat").join(" vs ")} · ${plural(t.ply, "move")}`), t.your_turn ? h("span", { class: "badge" }, "your turn") : null),
    h("a", { class: "button", href: `#/table/${t.id}` }, "Open"))));
}

function recentList(who) {
  if (!who.recent || !who.recent.length) return h("p", { class: "muted" }, "No finished games yet.");
  const result = (g) => {
    if (g.status !== "finished") return g.status;
    if (g.winner === null) return "draw";
    return g.players[g.winner].name === who.name ? "won" : "lost";
  };
  return h("div", { class: "table-list", id: "recent-games" }, who.recent.map((g) => h("div", { class: "table-entry" },
    h("span", { class: `game-emblem small emblem-${g.game}` }),
    h("span", { class: "entry-main" }, h("b", {}, result(g)), " ", h("span", { class: "muted" }, `#${g.id} · ${g.players.map((p) => p.name).join(" vs ")} · ${plural(g.plies, "move")}`)),
    h("a", { class: "button ghost", href: `#/replay/${g.id}` }, "Replay"))));
}

export function mount(main) {
  const page = h("div", { class: "page account-page" });
  main.append(page);
  me(true).then((who) => {
    if (!who.signed_in) {
      page.append(h("section", { class: "card" }, h("h1", {}, who.name ? `Playing as ${who.name} (guest)` : "Not signed in"),
        h("p", {}, "Guests play from this browser only. ", h("a", { href: "#/signin" }, "Sign in"), " or ", h("a", { href: "#/signup" }, "create an account"), " to keep your games and rating on any device."),
        h("h2", {}, "Your tables"), tableList([...who.running, ...who.waiting], "No tables in progress.")));
      return;
    }
    const message = h("p", { class: "form-status", id: "password-status", role: "alert" });
    const old = h("input", { type: "password", id: "old-password", autocomplete: "current-password", required: true });
    const fresh = h("input", { type: "password", id: "new-password", autocomplete: "new-password", required: true });
    const form = h("form", { class: "password-form", onsubmit: async (e) => {
      e.preventDefault();
      message.className = "form-status";
      message.textContent = "Changing…";
      try {
        const answer = await post("/api/account/password", { old_password: old.value, new_password: fresh.value });
        message.textContent = `Password changed. ${answer.ended_sessions ? `${plural(answer.ended_sessions, "other device")} signed out.` : ""}`;
        old.value = fresh.value = "";
      } catch (err) {
        message.textContent = err.message;
        message.classList.add("error");
      }
    } },
      h("label", { class: "field" }, h("span", {}, "old password"), old),
      h("label", { class: "field" }, h("span", {}, "new password (at least 8 characters)"), fresh),
      h("div", { class: "form-actions" }, h("button", { type: "submit", class: "primary", id: "change-password" }, "Change password")),
      message);
    page.append(
      h("section", { class: "card" }, h("h1", {}, who.name), h("p", { class: "muted" }, "Your games, rating and open seats follow you to every device you sign in on."),
        h("h2", {}, "Your tables"), tableList([...who.running, ...who.waiting], "No tables in progress."),
        h("h2", {}, "Recent games"), recentList(who),
        h("p", {}, h("a", { href: `#/games?player=${encodeURIComponent(who.name)}` }, "All your games"))),
      myBots(),
      h("section", { class: "card" }, h("h2", {}, "Password"), h("p", { class: "muted small" }, "Changing it signs you out on every other device."), form));
  });
}
