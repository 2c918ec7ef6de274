// Tournaments: the list, and one tournament's page (progress, crosstable, standings with
// the game's tie-breaks and Bradley–Terry Elo, every game with a link to its replay).
// A running tournament's page asks the server again every two seconds.
import { getJSON } from "../api.js";
import { h } from "../dom.js";
import { date, has, t } from "../i18n.js";
import "../words/pages.js";
import { gamePhrase, gameWords } from "../game-words.js";

const statusText = (status) => (has(`tournaments.status.${status}`) ? t(`tournaments.status.${status}`) : status);

const fmt = (x, digits = 0) => (x === null || x === undefined ? "" : Number(x).toFixed(digits));
const half = (x) => (Number.isInteger(x) ? String(x) : x.toFixed(1));

export function mount(main, params) {
  return params.id ? detail(main, params.id) : list(main);
}

function list(main) {
  const rows = h("tbody");
  const message = h("p", { class: "form-status" });
  main.append(h("div", { class: "page tournaments" },
    h("section", { class: "card" }, h("h1", {}, t("tournaments.title")),
      h("p", { class: "muted" }, t("tournaments.startedWith"), h("code", {}, "spieltisch tournament"), t("tournaments.or"), h("code", {}, "spieltisch sprt"), t("tournaments.onStore")),
      h("div", { class: "scroll" }, h("table", { class: "games-table" },
        h("thead", {}, h("tr", {}, ["id", "tournament", "format", "players", "status", "started"].map((k) => h("th", {}, t(`tournaments.col.${k}`))))), rows)),
      message)));
  getJSON("/api/tournaments").then((data) => {
    rows.replaceChildren(...data.tournaments.map((tour) => h("tr", { "data-id": tour.id },
      h("td", {}, String(tour.id)),
      h("td", {}, h("a", { href: `#/tournament/${tour.id}` }, tour.name)),
      h("td", {}, tour.format),
      h("td", {}, tour.players.join(", ")),
      h("td", {}, statusText(tour.status)),
      h("td", {}, date(tour.created)))));
    if (!data.tournaments.length) rows.append(h("tr", {}, h("td", { colspan: 6, class: "muted" }, t("tournaments.none"))));
  }).catch((err) => { message.textContent = err.message; });
}

function detail(main, id) {
  const body = h("div", { class: "page tournament" });
  main.append(body);
  let timer = null;
  let gone = false;

  async function refresh() {
    try {
      const tour = await getJSON(`/api/tournaments/${id}`);
      if (gone) return;
      const words = await gameWords(tour.game).catch(() => null);
      if (gone) return;
      body.replaceChildren(...render(tour, words));
      if (tour.status === "running") timer = setTimeout(refresh, 2000);
    } catch (err) {
      body.replaceChildren(h("section", { class: "card" }, h("p", { class: "form-status" }, err.message)));
    }
  }
  refresh();
  return () => { gone = true; if (timer) clearTimeout(timer); };
}

function render(tour, words) {
  const names = tour.players.map((p) => p.name);
  const order = tour.standings.map((s) => s.player);
  const progress = h("div", { class: "progress" },
    h("progress", { max: String(Math.max(1, tour.total)), value: String(tour.done), id: "tournament-progress" }),
    h("span", { class: "muted" }, ` ${t("tournaments.progress", { done: tour.done, total: tour.total, status: statusText(tour.status) })}`));
  const cross = h("table", { class: "games-table crosstable" },
    h("thead", {}, h("tr", {}, h("th", {}, t("tournaments.col.id")), h("th", {}, t("tournaments.col.player")), order.map((_, k) => h("th", {}, String(k + 1))), h("th", {}, t("tournaments.col.points")))),
    h("tbody", {}, tour.standings.map((s, rank) => h("tr", {},
      h("td", {}, String(rank + 1)),
      h("td", {}, h("a", { href: `#/player/${tour.game}/${encodeURIComponent(s.name)}` }, s.name)),
      order.map((other) => {
        if (other === s.player) return h("td", { class: "muted" }, "·");
        const cell = tour.crosstable[s.player][other];
        return h("td", {}, cell.games ? `${half(cell.points)}/${cell.games}` : "");
      }),
      h("td", {}, `${half(s.points)}/${s.games}`)))));
  const labels = tour.score_labels.map((l) => `∅ ${gamePhrase(words, `score.${l}`, l)}`);
  const standings = h("table", { class: "games-table standings" },
    h("thead", {}, h("tr", {}, [t("tournaments.col.id"), t("tournaments.col.player"), t("tournaments.col.games"), "+", "=", "−", t("tournaments.col.points"), ...labels, t("tournaments.col.elo"), t("tournaments.col.error")].map((x) => h("th", {}, x)))),
    h("tbody", {}, tour.standings.map((s, rank) => h("tr", {},
      h("td", {}, String(rank + 1)), h("td", {}, s.name), h("td", {}, String(s.games)),
      h("td", {}, String(s.wins)), h("td", {}, String(s.draws)), h("td", {}, String(s.losses)),
      h("td", {}, half(s.points)), s.score_means.map((m) => h("td", {}, fmt(m, 2))),
      h("td", {}, s.elo === null ? "" : (s.elo >= 0 ? "+" : "") + fmt(s.elo)), h("td", {}, fmt(s.elo_error))))));
  const games = h("table", { class: "games-table" },
    h("thead", {}, h("tr", {}, [...["game", "round", "players", "result"].map((k) => t(`tournaments.col.${k}`)), ""].map((x) => h("th", {}, x)))),
    h("tbody", {}, tour.games.map((g) => h("tr", {},
      h("td", {}, String(g.number + 1)), h("td", {}, String(g.round + 1)),
      h("td", {}, t("common.vs", { a: names[g.seats[0]], b: names[g.seats[1]] })),
      h("td", {}, g.status === null ? t("tournaments.notPlayed") : g.status !== "finished" ? statusText(g.status) : g.winner === null ? t("tournaments.draw") : t("tournaments.won", { name: names[g.seats[g.winner]] })),
      h("td", {}, g.game_id ? h("a", { class: "button", href: `#/replay/${g.game_id}` }, t("common.replay")) : "")))));
  const sections = [
    h("section", { class: "card" }, h("h1", {}, tour.name), h("p", { class: "muted" }, `${tour.title} · ${tour.format} · ${tour.players.map((p) => `${p.name} = ${p.spec}`).join(", ")}`), progress),
  ];
  if (tour.sprt) {
    const sp = tour.sprt;
    const verdict = sp.verdict === "H1" ? t("tournaments.sprtVerdictH1") : sp.verdict === "H0" ? t("tournaments.sprtVerdictH0") : t("tournaments.sprtRunning");
    sections.push(h("section", { class: "card" }, h("h2", {}, "SPRT"),
      h("p", {}, t("tournaments.sprtLine", { llr: sp.llr.toFixed(2), lower: sp.lower.toFixed(2), upper: sp.upper.toFixed(2), pairs: sp.pairs, elo: fmt(sp.elo, 1), low: fmt(sp.low, 1), high: fmt(sp.high, 1), bins: sp.bins.join(" ") })),
      h("p", { class: "verdict" }, verdict)));
  }
  sections.push(
    h("section", { class: "card" }, h("h2", {}, t("tournaments.crosstable")), h("p", { class: "muted" }, t("tournaments.crosstableHelp")), h("div", { class: "scroll" }, cross)),
    h("section", { class: "card" }, h("h2", {}, t("tournaments.standings")), h("p", { class: "muted" }, t("tournaments.standingsHelp")), h("div", { class: "scroll" }, standings)),
    h("section", { class: "card" }, h("h2", {}, t("tournaments.games")), h("div", { class: "scroll" }, games)));
  return sections;
}
