// Ratings: a game's leaderboard (the live OpenSkill rating of people and bots, and
// Bradley–Terry Elo over every stored game), and a player's page with the history of
// their live rating drawn as a plot and their recent games.
import { gameCatalog, getJSON } from "../api.js";
import { h, s, svgRoot } from "../dom.js";

const signed = (x) => (x >= 0 ? "+" : "") + x.toFixed(0);

export function mount(main, params) {
  return params.player ? player(main, params.game, params.player) : board(main, params.game);
}

// A game's leaderboard (`game` undefined: the first game the server offers).
function board(main, requested) {
  const tabs = h("p", { class: "tabs" });
  const page = h("div", { class: "page ratings" });
  main.append(page);
  gameCatalog().then((games) => {
    const game = requested || games[0].name;
    tabs.replaceChildren(...games.map((g) => h("a", { class: g.name === game ? "button active" : "button ghost", href: `#/ratings/${g.name}` }, g.title)));
    leaderboard(page, tabs, game);
  }).catch((err) => { page.append(h("p", { class: "form-status" }, err.message)); });
}

function leaderboard(page, tabs, game) {
  const live = h("tbody");
  const fitted = h("tbody");
  const message = h("p", { class: "form-status" });
  const link = (name) => h("a", { href: `#/player/${game}/${encodeURIComponent(name)}` }, name);
  page.append(
    h("section", { class: "card" }, h("h1", {}, "Leaderboard"), tabs,
      h("h2", {}, "Live rating"),
      h("p", { class: "muted" }, "OpenSkill (Weng–Lin), updated after every finished game; ranked by μ − 3σ"),
      h("div", { class: "scroll" }, h("table", { class: "games-table", id: "live-board" }, h("thead", {}, h("tr", {}, ["#", "player", "kind", "rating", "μ", "σ", "games"].map((x) => h("th", { class: "μσ".includes(x) ? "plain" : null }, x)))), live)),
      h("h2", {}, "Bradley–Terry"),
      h("p", { class: "muted" }, "maximum likelihood over all stored games, draws as half wins, mean 0, 95% interval"),
      h("div", { class: "scroll" }, h("table", { class: "games-table", id: "bt-board" }, h("thead", {}, h("tr", {}, ["#", "player", "Elo", "95% interval", "games", "points"].map((x) => h("th", {}, x)))), fitted)),
      message));
  getJSON(`/api/ratings/${game}`).then((data) => {
    live.replaceChildren(...data.live.map((e, k) => h("tr", {}, h("td", {}, String(k + 1)), h("td", {}, link(e.name)), h("td", {}, e.kind), h("td", {}, e.rating.toFixed(2)), h("td", {}, e.mu.toFixed(2)), h("td", {}, e.sigma.toFixed(2)), h("td", {}, String(e.games)))));
    fitted.replaceChildren(...data.bradley_terry.map((r, k) => h("tr", {}, h("td", {}, String(k + 1)), h("td", {}, link(r.name)), h("td", {}, signed(r.elo)), h("td", {}, `${signed(r.low)} .. ${signed(r.high)}`), h("td", {}, String(r.games)), h("td", {}, String(r.points)))));
    if (!data.live.length) live.append(h("tr", {}, h("td", { colspan: 7, class: "muted" }, "No rated games yet.")));
    if (!data.bradley_terry.length) fitted.append(h("tr", {}, h("td", { colspan: 6, class: "muted" }, "No finished games yet.")));
  }).catch((err) => { message.textContent = err.message; });
}

// The live rating after each game: μ as a line, μ ± 2σ as a band.
function plot(history) {
  const width = 640, height = 220, pad = 32;
  const root = svgRoot(width, height, "rating-plot");
  if (!history.length) return root;
  const lows = history.map((p) => p.mu - 2 * p.sigma), highs = history.map((p) => p.mu + 2 * p.sigma);
  const min = Math.min(...lows), max = Math.max(...highs);
  const x = (k) => pad + (history.length === 1 ? 0 : (k * (width - 2 * pad)) / (history.length - 1));
  const y = (v) => height - pad - ((v - min) / Math.max(1e-9, max - min)) * (height - 2 * pad);
  const band = [...history.map((p, k) => `${x(k)},${y(highs[k])}`), ...history.map((p, k) => `${x(k)},${y(lows[k])}`).reverse()].join(" ");
  root.append(
    s("polygon", { points: band, fill: "rgba(181,86,47,.15)", stroke: "none" }),
    s("polyline", { points: history.map((p, k) => `${x(k)},${y(p.mu)}`).join(" "), fill: "none", stroke: "#b5562f", "stroke-width": 2 }),
    s("line", { x1: pad, y1: height - pad, x2: width - pad, y2: height - pad, stroke: "#998" }),
    s("text", { x: 2, y: y(max) + 4, "font-size": 11 }, max.toFixed(0)),
    s("text", { x: 2, y: y(min) + 4, "font-size": 11 }, min.toFixed(0)),
    s("text", { x: width - pad, y: height - 8, "font-size": 11, "text-anchor": "end" }, `${history.length} games`));
  return root;
}

function player(main, game, name) {
  const body = h("div", { class: "page player" });
  main.append(body);
  getJSON(`/api/players/${game}/${encodeURIComponent(name)}`).then((data) => {
    const last = data.history[data.history.length - 1];
    const games = data.games.map((g) => {
      const seat = g.players.findIndex((p) => p.name === data.name);
      const result = g.status !== "finished" ? g.status : g.winner === null ? "draw" : g.winner === seat ? "won" : "lost";
      return h("tr", {}, h("td", {}, String(g.id)), h("td", {}, g.players.map((p) => p.name).join(" vs ")), h("td", {}, result), h("td", {}, String(g.plies)), h("td", {}, h("a", { class: "button", href: `#/replay/${g.id}` }, "Replay")));
    });
    body.replaceChildren(h("section", { class: "card" },
      h("h1", {}, data.name), h("p", { class: "muted" }, h("a", { href: `#/ratings/${game}` }, `${data.title} leaderboard`)),
      h("p", {}, last ? `live rating ${(last.mu - 3 * last.sigma).toFixed(2)} (μ ${last.mu.toFixed(2)}, σ ${last.sigma.toFixed(2)}) after ${data.history.length} rated games` : "no rated games yet"),
      plot(data.history),
      h("h2", {}, "Recent games"),
      h("div", { class: "scroll" }, h("table", { class: "games-table", id: "player-games" }, h("thead", {}, h("tr", {}, ["#", "players", "result", "moves", ""].map((x) => h("th", {}, x)))), h("tbody", {}, games)))));
  }).catch((err) => body.replaceChildren(h("section", { class: "card" }, h("p", { class: "form-status" }, err.message))));
}
