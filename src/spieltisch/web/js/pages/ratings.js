// Ratings: a game's leaderboard (the live rating of accounts and bots, shown on the Elo
// scale with a "?" while it is provisional, and Bradley–Terry over every stored game),
// and a player's page: the rating over time as a graph, and their recent games.
import { gameCatalog, getJSON } from "../api.js";
import { h, s, svgRoot } from "../dom.js";
import { t, has, number, date } from "../i18n.js";
import "../words/lobby.js";
import { shownName } from "../names.js";

const signed = (x) => (x >= 0 ? "+" : "−") + number(Math.abs(x), { maximumFractionDigits: 0 });

// A live rating as people read it: "1523" or, while provisional, "1523?".
export function ratingText(entry) {
  return `${number(entry.shown, { maximumFractionDigits: 0, useGrouping: false })}${entry.provisional ? "?" : ""}`;
}

function ratingCell(entry) {
  return h("span", { class: entry.provisional ? "provisional" : null, title: entry.provisional ? t("lobby.ratings.unsure") : null, "data-provisional": String(!!entry.provisional) },
    number(entry.shown, { maximumFractionDigits: 0, useGrouping: false }),
    entry.provisional ? h("span", { class: "provisional-mark" }, "?") : null);
}

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

function kindWord(kind) {
  const base = String(kind).split(":")[0];
  return has(`lobby.ratings.kind.${base}`) ? t(`lobby.ratings.kind.${base}`) : kind;
}

function leaderboard(page, tabs, game) {
  const live = h("tbody");
  const fitted = h("tbody");
  const liveNote = h("p", { class: "muted" });
  const message = h("p", { class: "form-status" });
  const link = (name) => h("a", { href: `#/player/${game}/${encodeURIComponent(name)}` }, name);
  const head = (names) => h("thead", {}, h("tr", {}, names.map((x) => h("th", {}, x))));
  page.append(
    h("section", { class: "card" }, h("h1", {}, t("lobby.ratings.title")), tabs,
      h("h2", {}, t("lobby.ratings.live")),
      liveNote,
      h("div", { class: "scroll" }, h("table", { class: "games-table", id: "live-board" },
        head([t("lobby.ratings.rank"), t("lobby.ratings.player"), t("lobby.ratings.kind"), t("lobby.ratings.rating"), t("lobby.ratings.deviation"), t("lobby.ratings.games")]), live)),
      h("h2", {}, t("lobby.ratings.fitted")),
      h("p", { class: "muted" }, t("lobby.ratings.fittedNote")),
      h("div", { class: "scroll" }, h("table", { class: "games-table", id: "bt-board" },
        head([t("lobby.ratings.rank"), t("lobby.ratings.player"), t("lobby.ratings.elo"), t("lobby.ratings.range"), t("lobby.ratings.games"), t("lobby.ratings.points")]), fitted)),
      message));
  getJSON(`/api/ratings/${game}`).then((data) => {
    liveNote.textContent = t("lobby.ratings.liveNote", { games: data.provisional_games, limit: data.provisional_deviation });
    live.replaceChildren(...data.live.map((e, k) => h("tr", {}, h("td", {}, String(k + 1)), h("td", {}, link(e.name)), h("td", {}, kindWord(e.kind)), h("td", {}, ratingCell(e)), h("td", {}, `±${e.deviation}`), h("td", {}, String(e.games)))));
    // a range wider than 1000 Elo says nothing a reader can use: shown as too few games
    const range = (r) => (Number.isFinite(r.low) && Number.isFinite(r.high) && r.high - r.low <= 1000 ? `${signed(r.low)} … ${signed(r.high)}` : t("lobby.ratings.unsure"));
    fitted.replaceChildren(...data.bradley_terry.map((r, k) => h("tr", {}, h("td", {}, String(k + 1)), h("td", {}, link(r.name)), h("td", {}, signed(r.elo)), h("td", {}, range(r)), h("td", {}, String(r.games)), h("td", {}, number(r.points)))));
    if (!data.live.length) live.append(h("tr", {}, h("td", { colspan: 6, class: "muted" }, t("lobby.ratings.noRated"))));
    if (!data.bradley_terry.length) fitted.append(h("tr", {}, h("td", { colspan: 6, class: "muted" }, t("lobby.ratings.noFinished"))));
  }).catch((err) => { message.textContent = err.message; });
}

// The shown rating after each game as a line, its likely range (± 2 deviations) as a
// band, a dot per game; the y axis in rating points, the x axis the games in order.
export function ratingGraph(history) {
  const width = 640, height = 240, left = 44, right = 12, top = 12, bottom = 28;
  const root = svgRoot(width, height, "rating-plot");
  root.setAttribute("id", "rating-graph");
  root.setAttribute("aria-label", t("lobby.ratings.graph"));
  if (!history.length) return root;
  const series = history;
  const lows = series.map((p) => p.shown - 2 * p.deviation), highs = series.map((p) => p.shown + 2 * p.deviation);
  let min = Math.min(...lows, ...series.map((p) => p.shown)), max = Math.max(...highs, ...series.map((p) => p.shown));
  const step = max - min > 400 ? 200 : max - min > 150 ? 50 : 25;
  min = Math.floor(min / step) * step;
  max = Math.ceil(max / step) * step;
  if (max === min) max = min + step;
  const x = (k) => left + (series.length === 1 ? (width - left - right) / 2 : (k * (width - left - right)) / (series.length - 1));
  const y = (v) => height - bottom - ((v - min) / (max - min)) * (height - top - bottom);
  for (let v = min; v <= max; v += step) {
    root.append(s("line", { class: "axis", x1: left, y1: y(v), x2: width - right, y2: y(v) }), s("text", { x: left - 6, y: y(v) + 4, "text-anchor": "end" }, String(v)));
  }
  const band = [...series.map((p, k) => `${x(k)},${y(highs[k])}`), ...series.map((p, k) => `${x(k)},${y(lows[k])}`).reverse()].join(" ");
  root.append(
    s("polygon", { class: "band", points: band }),
    s("polyline", { class: "line", points: series.map((p, k) => `${x(k)},${y(p.shown)}`).join(" ") }),
    ...series.map((p, k) => s("circle", { class: "dot", cx: x(k), cy: y(p.shown), r: 3.5 }, s("title", {}, `${ratingText(p)} · ${t("lobby.ratings.after", { n: k + 1 })}${p.at ? ` · ${date(p.at, { dateStyle: "medium" })}` : ""}`))),
    s("text", { x: width - right, y: height - 8, "text-anchor": "end" }, t("lobby.ratings.gameCount", { count: series.length })),
  );
  return root;
}

function player(main, game, name) {
  const body = h("div", { class: "page player" });
  main.append(body);
  getJSON(`/api/players/${game}/${encodeURIComponent(name)}`).then((data) => {
    const last = data.history[data.history.length - 1];
    const rows = data.games.map((g) => {
      const seat = g.players.findIndex((p) => p.name === data.name);
      const result = g.status !== "finished" ? (g.status === "abandoned" ? "abandoned" : "over") : g.winner === null ? "draw" : g.winner === seat ? "won" : "lost";
      const opponent = g.players.filter((p, k) => k !== seat).map((p) => shownName(p.name)).join(", ");
      return h("tr", {}, h("td", {}, String(g.id)), h("td", {}, opponent), h("td", { class: `result-${result}` }, t(`lobby.result.${result}`)), h("td", {}, String(g.plies)), h("td", { class: "row-actions" }, h("a", { class: "button", href: `#/replay/${g.id}` }, t("lobby.replay"))));
    });
    const summary = last
      ? [h("p", { class: "rating-big", id: "player-rating" }, ratingCell(last)),
        h("p", { class: "muted" }, t("lobby.ratings.summary", { rating: ratingText(last), count: data.history.length }),
          last.provisional ? h("span", { id: "provisional-note" }, ` — ${t("lobby.ratings.provisional", { left: Math.max(1, data.provisional_games - data.history.length) })}`) : null)]
      : [h("p", { class: "muted", id: "player-rating" }, t("lobby.ratings.none"))];
    body.replaceChildren(h("section", { class: "card" },
      h("h1", {}, data.name), h("p", { class: "muted" }, h("a", { href: `#/ratings/${game}` }, t("lobby.ratings.leaderboard", { game: data.title }))),
      ...summary,
      data.history.length ? [h("h2", {}, t("lobby.ratings.graph")), ratingGraph(data.history), h("p", { class: "muted small" }, t("lobby.ratings.graphNote"))] : null,
      h("h2", {}, t("lobby.ratings.recentGames")),
      h("div", { class: "scroll" }, h("table", { class: "games-table", id: "player-games" },
        h("thead", {}, h("tr", {}, ["#", t("lobby.ratings.opponent"), t("lobby.ratings.result"), t("lobby.ratings.moves"), ""].map((x) => h("th", {}, x)))),
        h("tbody", {}, rows)))));
  }).catch((err) => body.replaceChildren(h("section", { class: "card" }, h("p", { class: "form-status" }, err.message))));
}
