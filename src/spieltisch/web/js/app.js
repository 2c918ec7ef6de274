// The front end's router: one page, the URL's #fragment names the page.
import { gameCatalog } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import "./theme.js";
import "./words/common.js";
import { mountSettings } from "./settings.js";
import * as lobby from "./pages/lobby.js";
import * as table from "./pages/table.js";
import * as games from "./pages/games.js";
import * as replay from "./pages/replay.js";
import * as rules from "./pages/rules.js";
import * as tournaments from "./pages/tournaments.js";
import * as ratings from "./pages/ratings.js";
import * as signin from "./pages/signin.js";
import * as account from "./pages/account.js";
import * as bots from "./pages/bots.js";
import { mountMenu } from "./account.js";

const ROUTES = [
  [/^#?\/?$/, lobby, () => ({})],
  [/^#\/table\/(\d+)(\/join)?$/, table, (m) => ({ id: Number(m[1]), join: !!m[2] })],
  [/^#\/games$/, games, () => ({})],
  [/^#\/replay\/(\d+)(?:\/(\d+))?$/, replay, (m) => ({ id: Number(m[1]), ply: m[2] === undefined ? null : Number(m[2]) })],
  [/^#\/position$/, replay, () => ({ position: true })],
  [/^#\/rules\/([a-z-]+)$/, rules, (m) => ({ game: m[1] })],
  [/^#\/tournaments$/, tournaments, () => ({})],
  [/^#\/tournament\/(\d+)$/, tournaments, (m) => ({ id: Number(m[1]) })],
  [/^#\/ratings(?:\/([a-z-]+))?$/, ratings, (m) => ({ game: m[1] })],
  [/^#\/player\/([a-z-]+)\/(.+)$/, ratings, (m) => ({ game: m[1], player: decodeURIComponent(m[2]) })],
  [/^#\/signin$/, signin, () => ({ signup: false })],
  [/^#\/signup$/, signin, () => ({ signup: true })],
  [/^#\/account$/, account, () => ({})],
  [/^#\/bots(?:\/([a-z-]+))?$/, bots, (m) => ({ game: m[1] })],
  [/^#\/bot\/(.+)$/, bots, (m) => ({ bot: decodeURIComponent(m[1]) })],
];

let cleanup = null;

function route() {
  const main = document.getElementById("app");
  if (cleanup) cleanup();
  cleanup = null;
  main.replaceChildren();
  const hash = location.hash.split("?")[0];
  for (const [pattern, page, params] of ROUTES) {
    const m = hash.match(pattern);
    if (m) {
      document.querySelectorAll("nav a").forEach((a) => a.classList.toggle("active", hash.startsWith(a.getAttribute("href")) && a.getAttribute("href") !== "#/" ? true : a.getAttribute("href") === "#/" && (hash === "" || hash === "#/")));
      cleanup = page.mount(main, params(m)) || null;
      window.scrollTo(0, 0);
      return;
    }
  }
  main.append(h("div", { class: "card" }, h("h2", {}, t("common.notFound")), h("p", {}, h("a", { href: "#/" }, t("common.backToLobby")))));
}

// The words of index.html itself (the nav): every element with `data-i18n="key"`.
function translateStatic() {
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  document.title = t("common.brand");
}

// The "How to play" menu: one entry per game the server offers.
function fillRulesMenu() {
  const menu = document.getElementById("rules-menu");
  gameCatalog().then((games) => {
    menu.replaceChildren(...games.map((g) => h("a", { href: `#/rules/${g.name}` }, g.title)));
  }).catch(() => {});
}

window.addEventListener("hashchange", route);
// A language change redraws everything drawn with words: the nav, the menus, the page.
window.addEventListener("languagechange-spieltisch", () => {
  translateStatic();
  fillRulesMenu();
  route();
});
translateStatic();
mountSettings(document.getElementById("settings-slot"));
mountMenu(document.getElementById("account-slot"));
fillRulesMenu();
route();
