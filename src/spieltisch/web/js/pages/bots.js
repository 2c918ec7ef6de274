// The bots pages: the live ladder (#/bots: games in progress to watch, bots waiting to be
// challenged, the leaderboard and latest results per game), a bot's page (#/bot/NAME: its
// rating history and games) and "your bots" on the account page (create, pause, token).
import { gameCatalog, getJSON, postJSON } from "../api.js";
import { h, s, svgRoot } from "../dom.js";
import { gameWord, gameWords } from "../game-words.js";
import { has, number, t } from "../i18n.js";
import "../words/bots.js";
import { shownName } from "../names.js";

const REFRESH = 3000;

export function mount(main, params) {
  return params.bot !== undefined ? botPage(main, params.bot) : ladderPage(main, params.game);
}

const fixed = (x, digits = 1) => number(x, { minimumFractionDigits: digits, maximumFractionDigits: digits });

// A game's reason code in the reader's words (the game's own, else the ladder's causes).
function reasonText(words, code) {
  if (!code) return "";
  const cause = `bots.cause.${code}`;
  const own = gameWord(words, "reasons", code);
  if (own !== code) return own;
  return has(cause) ? t(cause) : code;
}

function words(game) {
  return gameWords(game).catch(() => ({}));
}

// --- the live ladder -----------------------------------------------------------------

function ladderPage(main, requested) {
  const page = h("div", { class: "page bots-page" });
  main.append(page);
  let game = requested || null;
  let timer = null;
  let stopped = false;
  const head = h("section", { class: "card bots-head" }, h("h1", {}, t("bots.title")), h("p", {}, t("bots.intro")));
  const rules = h("p", { class: "muted small", id: "ladder-rules" });
  const tabs = h("p", { class: "tabs bots-tabs" });
  head.append(rules, tabs, h("p", { class: "muted small" }, t("bots.howto")));
  const body = h("div", { class: "bots-grid" });
  const message = h("p", { class: "form-status", role: "alert" });
  page.append(head, message, body);

  async function refresh() {
    try {
      const data = await getJSON("/api/ladder");
      if (stopped) return;
      message.textContent = "";
      game = game || (data.games.find((g) => g.playing.length || g.leaderboard.length) || data.games[0]).name;
      rules.textContent = t("bots.rules", { move: data.rules.move_seconds, hard: data.rules.hard_seconds, house: data.rules.house_seconds });
      tabs.replaceChildren(...data.games.map((g) => h("a", { class: g.name === game ? "button active" : "button ghost", href: `#/bots/${g.name}` }, g.title)));
      const shown = data.games.find((g) => g.name === game);
      if (shown) draw(body, shown, await words(shown.name), message);
    } catch (err) {
      message.textContent = err.message;
    }
    if (!stopped) timer = setTimeout(refresh, REFRESH);
  }
  refresh();
  return () => { stopped = true; clearTimeout(timer); };
}

const botLink = (name) => h("a", { href: `#/bot/${encodeURIComponent(name)}` }, name);

function draw(body, game, gameWordsFor, message) {
  const playing = game.playing.length
    ? h("div", { class: "table-list", id: "ladder-playing" }, game.playing.map((p) => h("div", { class: "table-entry" },
      h("span", { class: "entry-main" },
        h("b", {}, p.bots[0] ? botLink(p.players[0]) : p.players[0], " – ", p.bots[1] ? botLink(p.players[1]) : p.players[1]),
        " ", h("span", { class: "muted" }, t("bots.moves", { count: p.ply })),
        " ", h("span", { class: "badge bots-badge" }, p.challenge ? t("bots.challengeGame") : p.leg === 2 ? t("bots.returnGame") : t("bots.firstGame"))),
      h("a", { class: "button", href: `#/table/${p.id}` }, t("bots.watch")))))
    : h("p", { class: "muted" }, t("bots.noPlaying"));

  const waiting = game.waiting.length
    ? h("div", { class: "table-list", id: "ladder-waiting" }, game.waiting.map((w) => h("div", { class: "table-entry" },
      h("span", { class: "entry-main" }, h("b", {}, botLink(w.name)), " ", h("span", { class: "muted" }, `${t("bots.by", { owner: w.owner })} · ${t("bots.waitedFor", { seconds: Math.round(w.seconds) })}`)),
      h("button", { class: "primary", onclick: async (e) => {
        e.target.disabled = true;
        message.textContent = t("bots.challenging");
        try {
          const answer = await postJSON("/api/ladder/challenge", { bot: w.name });
          location.hash = `#/table/${answer.table}`;
        } catch (err) {
          message.textContent = err.message;
          e.target.disabled = false;
        }
      } }, t("bots.challenge")))))
    : h("p", { class: "muted" }, t("bots.noWaiting"));

  const cols = ["rank", "name", "owner", "rating", "games"];
  const board = game.leaderboard.length
    ? h("div", { class: "scroll" }, h("table", { class: "games-table", id: "ladder-board" },
      h("thead", {}, h("tr", {}, cols.map((c) => h("th", {}, t(`bots.col.${c}`))))),
      h("tbody", {}, game.leaderboard.map((e, k) => h("tr", { class: e.bot ? "" : "bots-house" },
        h("td", {}, String(k + 1)),
        h("td", {}, e.bot ? botLink(e.name) : e.name),
        h("td", {}, e.bot ? e.owner : t("bots.house")),
        h("td", {}, fixed(e.rating)),
        h("td", {}, String(e.games)))))))
    : h("p", { class: "muted" }, t("bots.noLeaderboard"));

  const result = (r) => {
    if (r.status !== "over") return t("bots.abandoned");
    return r.winner === null ? t("bots.draw") : t("bots.wins", { name: r.players[r.winner] });
  };
  const recent = game.recent.length
    ? h("div", { class: "table-list", id: "ladder-recent" }, game.recent.map((r) => h("div", { class: "table-entry" },
      h("span", { class: "entry-main" },
        h("b", {}, t("bots.vs", { a: r.players[0], b: r.players[1] })), " ",
        h("span", {}, result(r)), " ",
        h("span", { class: "muted" }, [reasonText(gameWordsFor, r.forfeit ? r.forfeit.cause : r.reason), r.forfeit ? `: ${r.forfeit.message}` : ""].join("")),
        " ", h("span", { class: "muted" }, t("bots.moves", { count: r.plies }))),
      h("a", { class: "button ghost", href: `#/replay/${r.id}` }, t("bots.replay")))))
    : h("p", { class: "muted" }, t("bots.noRecent"));

  body.replaceChildren(
    h("section", { class: "card" }, h("h2", {}, t("bots.playing")), playing),
    h("section", { class: "card" }, h("h2", {}, t("bots.waiting")), waiting),
    h("section", { class: "card" }, h("h2", {}, t("bots.leaderboard")), board),
    h("section", { class: "card" }, h("h2", {}, t("bots.recent")), recent));
}

// --- a bot's page --------------------------------------------------------------------

// The live rating after each game: μ as a line, μ ± 2σ as a band (colours from the theme).
function plot(history) {
  const width = 640, height = 200, pad = 30;
  const root = svgRoot(width, height, "bots-plot");
  if (!history.length) return root;
  const lows = history.map((p) => p.mu - 2 * p.sigma), highs = history.map((p) => p.mu + 2 * p.sigma);
  const min = Math.min(...lows), max = Math.max(...highs);
  const x = (k) => pad + (history.length === 1 ? (width - 2 * pad) / 2 : (k * (width - 2 * pad)) / (history.length - 1));
  const y = (v) => height - pad - ((v - min) / Math.max(1e-9, max - min)) * (height - 2 * pad);
  const band = [...history.map((p, k) => `${x(k)},${y(highs[k])}`), ...history.map((p, k) => `${x(k)},${y(lows[k])}`).reverse()].join(" ");
  root.append(
    s("polygon", { points: band, class: "bots-plot-band" }),
    s("polyline", { points: history.map((p, k) => `${x(k)},${y(p.mu)}`).join(" "), class: "bots-plot-line" }),
    ...history.map((p, k) => s("circle", { cx: x(k), cy: y(p.mu), r: 3, class: "bots-plot-dot" })),
    s("line", { x1: pad, y1: height - pad, x2: width - pad, y2: height - pad, class: "bots-plot-axis" }),
    s("text", { x: 2, y: y(max) + 4, class: "bots-plot-label" }, max.toFixed(0)),
    s("text", { x: 2, y: y(min) + 4, class: "bots-plot-label" }, min.toFixed(0)));
  return root;
}

function botPage(main, name) {
  const page = h("div", { class: "page bots-page bot-page" });
  main.append(page);
  getJSON(`/api/bots/${encodeURIComponent(name)}`).then(async (data) => {
    const bot = data.bot;
    const gw = await words(bot.game);
    const last = data.history[data.history.length - 1];
    const rows = data.games.map((g) => {
      const seat = g.seat;
      const opponent = seat === null ? "" : shownName(g.players[1 - seat].name);
      let result = t("bots.running");
      if (g.status === "finished") result = g.winner === null ? t("bots.draw") : g.winner === seat ? t("bots.won") : t("bots.lost");
      else if (g.status === "abandoned") result = t("bots.abandoned");
      const link = g.status === "running" ? h("a", { class: "button", href: `#/table/${g.id}` }, t("bots.watch")) : h("a", { class: "button ghost", href: `#/replay/${g.id}` }, t("bots.replay"));
      return h("tr", {}, h("td", {}, String(g.id)), h("td", {}, opponent), h("td", {}, result), h("td", {}, reasonText(gw, g.reason)), h("td", {}, String(g.plies)), h("td", {}, link));
    });
    page.replaceChildren(h("section", { class: "card" },
      h("p", { class: "muted small" }, h("a", { href: `#/bots/${bot.game}` }, t("bots.back"))),
      h("h1", {}, bot.name, " ", h("span", { class: `badge bots-status bots-status-${bot.status}`, id: "bot-status" }, t(`bots.status.${bot.status}`))),
      h("p", { class: "muted" }, `${t("bots.by", { owner: bot.owner })} · ${t("bots.plays", { game: bot.title })}`),
      h("h2", {}, t("bots.history")),
      h("p", { id: "bot-rating" }, last ? t("bots.rating", { rating: fixed(last.rating, 2), mu: fixed(last.mu, 2), sigma: fixed(last.sigma, 2), count: data.history.length }) : t("bots.unrated")),
      plot(data.history),
      h("h2", {}, t("bots.games")),
      rows.length
        ? h("div", { class: "scroll" }, h("table", { class: "games-table", id: "bot-games" },
          h("thead", {}, h("tr", {}, ["rank", "opponent", "result", "reason", "moves"].map((c) => h("th", {}, t(`bots.col.${c}`))), h("th", {}))),
          h("tbody", {}, rows)))
        : h("p", { class: "muted" }, t("bots.noGames"))));
  }).catch(() => page.replaceChildren(h("section", { class: "card" }, h("p", { class: "form-status" }, t("bots.notFound")), h("p", {}, h("a", { href: "#/bots" }, t("bots.back"))))));
}

// --- your bots (a section of the account page) ---------------------------------------

export function myBots() {
  const section = h("section", { class: "card my-bots", id: "my-bots" }, h("h2", {}, t("bots.mine")));
  const list = h("div", { class: "table-list", id: "my-bots-list" });
  const shown = h("div", { class: "bots-token", id: "bot-token", hidden: true });
  const message = h("p", { class: "form-status", role: "alert" });
  const limit = h("p", { class: "muted small" });
  const name = h("input", { id: "bot-name", autocomplete: "off", required: true, maxlength: 40 });
  const game = h("select", { id: "bot-game" });
  section.append(h("p", { class: "muted small" }, t("bots.mineIntro")), list, limit, shown,
    h("form", { class: "bots-create", onsubmit: async (e) => {
      e.preventDefault();
      message.textContent = "";
      try {
        const answer = await postJSON("/api/account/bots", { name: name.value, game: game.value });
        name.value = "";
        reveal(answer);
        load();
      } catch (err) {
        message.textContent = err.message;
      }
    } },
      h("h3", {}, t("bots.create")),
      h("label", { class: "field" }, h("span", {}, t("bots.name")), name),
      h("label", { class: "field" }, h("span", {}, t("bots.game")), game),
      h("div", { class: "form-actions" }, h("button", { type: "submit", class: "primary", id: "create-bot" }, t("bots.create")))),
    message);

  function reveal(answer) {
    const value = h("code", { id: "bot-token-value" }, answer.token);
    const copy = h("button", { type: "button", onclick: async () => {
      try { await navigator.clipboard.writeText(answer.token); copy.textContent = t("bots.copied"); } catch { /* select it by hand */ }
    } }, t("bots.copy"));
    shown.replaceChildren(h("p", {}, h("b", {}, t("bots.made", { name: answer.bot.name }))), h("p", {}, t("bots.tokenOnce")), h("div", { class: "bots-token-row" }, value, copy));
    shown.hidden = false;
  }

  async function act(url, body, confirmText) {
    if (confirmText && !window.confirm(confirmText)) return;
    message.textContent = "";
    try {
      const answer = await postJSON(url, body);
      if (answer.token) reveal(answer);
      load();
    } catch (err) {
      message.textContent = err.message;
    }
  }

  async function load() {
    try {
      const data = await getJSON("/api/account/bots");
      if (!game.options.length) {
        const games = await gameCatalog().catch(() => []);
        const titles = Object.fromEntries(games.map((g) => [g.name, g.title]));
        game.replaceChildren(...data.games.map((g) => h("option", { value: g }, titles[g] || g)));
      }
      limit.textContent = t("bots.limit", { count: data.bots.length, most: data.most });
      list.replaceChildren(...(data.bots.length ? data.bots.map((b) => h("div", { class: "table-entry", "data-bot": b.name },
        h("span", { class: "entry-main" }, h("b", {}, botLink(b.name)), " ", h("span", { class: "muted" }, b.title), " ",
          h("span", { class: `badge bots-status bots-status-${b.status}` }, t(`bots.status.${b.status}`))),
        h("button", { type: "button", class: "ghost", onclick: () => act(`/api/account/bots/${b.id}/pause`, { paused: !b.paused }) }, b.paused ? t("bots.resume") : t("bots.pause")),
        h("button", { type: "button", class: "ghost", onclick: () => act(`/api/account/bots/${b.id}/token`, {}, t("bots.newTokenConfirm")) }, t("bots.newToken")))) : [h("p", { class: "muted" }, t("bots.none"))]));
    } catch (err) {
      message.textContent = err.message;
    }
  }
  load();
  return section;
}
