// Tournaments: the list, and one tournament's page (progress, crosstable, standings with
// the game's tie-breaks and Bradley–Terry Elo, every game with a link to its replay).
// A running tournament's page asks the server again every two seconds.
import { getJSON } from "../api.js";
import { h } from "../dom.js";

const fmt = (x, digits = 0) => (x === null || x === undefined ? "" : Number(x).toFixed(digits));
const half = (x) => (Number.isInteger(x) ? String(x) : x.toFixed(1));

export function mount(main, params) {
  return params.id ? detail(main, params.id) : list(main);
}

function list(main) {
  const rows = h("tbody");
  const message = h("p", { class: "form-status" });
  main.append(h("div", { class: "page tournaments" },
    h("section", { class: "card" }, h("h1", {}, "Tournaments"),
      h("p", { class: "muted" }, "Started with ", h("code", {}, "spieltisch tournament"), " or ", h("code", {}, "spieltisch sprt"), " on the store this server uses."),
      h("div", { class: "scroll" }, h("table", { class: "games-table" },
        h("thead", {}, h("tr", {}, ["#", "tournament", "format", "players", "status", "started"].map((t) => h("th", {}, t)))), rows)),
      message)));
  getJSON("/api/tournaments").then((data) => {
    rows.replaceChildren(...data.tournaments.map((t) => h("tr", { "data-id": t.id },
      h("td", {}, String(t.id)),
      h("td", {}, h("a", { href: `#/tournament/${t.id}` }, t.name)),
      h("td", {}, t.format),
      h("td", {}, t.players.join(", ")),
      h("td", {}, t.status),
      h("td", {}, new Date(t.created).toLocaleString()))));
    if (!data.tournaments.length) rows.append(h("tr", {}, h("td", { colspan: 6, class: "muted" }, "No tournaments yet.")));
  }).catch((err) => { message.textContent = err.message; });
}

function detail(main, id) {
  const body = h("div", { class: "page tournament" });
  main.append(body);
  let timer = null;
  let gone = false;

  async function refresh() {
    try {
      const t = await getJSON(`/api/tournaments/${id}`);
      if (gone) return;
      body.replaceChildren(...render(t));
      if (t.status === "running") timer = setTimeout(refresh, 2000);
    } catch (err) {
      body.replaceChildren(h("section", { class: "card" }, h("p", { class: "form-status" }, err.message)));
    }
  }
  refresh();
  return () => { gone = true; if (timer) clearTimeout(timer); };
}

function render(t) {
  const names = t.players.map((p) => p.name);
  const order = t.standings.map((s) => s.player);
  const progress = h("div", { class: "progress" },
    h("progress", { max: String(Math.max(1, t.total)), value: String(t.done), id: "tournament-progress" }),
    h("span", { class: "muted" }, ` ${t.done} of ${t.total} games · ${t.status}`));
  const cross = h("table", { class: "games-table crosstable" },
    h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, "player"), order.map((_, k) => h("th", {}, String(k + 1))), h("th", {}, "points"))),
    h("tbody", {}, t.standings.map((s, rank) => h("tr", {},
      h("td", {}, String(rank + 1)),
      h("td", {}, h("a", { href: `#/player/${t.game}/${encodeURIComponent(s.name)}` }, s.name)),
      order.map((other) => {
        if (other === s.player) return h("td", { class: "muted" }, "·");
        const cell = t.crosstable[s.player][other];
        return h("td", {}, cell.games ? `${half(cell.points)}/${cell.games}` : "");
      }),
      h("td", {}, `${half(s.points)}/${s.games}`)))));
  const labels = t.score_labels.map((l) => `∅ ${l}`);
  const standings = h("table", { class: "games-table standings" },
    h("thead", {}, h("tr", {}, ["#", "player", "games", "+", "=", "−", "points", ...labels, "Elo", "±95%"].map((x) => h("th", {}, x)))),
    h("tbody", {}, t.standings.map((s, rank) => h("tr", {},
      h("td", {}, String(rank + 1)), h("td", {}, s.name), h("td", {}, String(s.games)),
      h("td", {}, String(s.wins)), h("td", {}, String(s.draws)), h("td", {}, String(s.losses)),
      h("td", {}, half(s.points)), s.score_means.map((m) => h("td", {}, fmt(m, 2))),
      h("td", {}, s.elo === null ? "" : (s.elo >= 0 ? "+" : "") + fmt(s.elo)), h("td", {}, fmt(s.elo_error))))));
  const games = h("table", { class: "games-table" },
    h("thead", {}, h("tr", {}, ["game", "round", "players", "result", ""].map((x) => h("th", {}, x)))),
    h("tbody", {}, t.games.map((g) => h("tr", {},
      h("td", {}, String(g.number + 1)), h("td", {}, String(g.round + 1)),
      h("td", {}, `${names[g.seats[0]]} vs ${names[g.seats[1]]}`),
      h("td", {}, g.status === null ? "not played yet" : g.status !== "finished" ? g.status : g.winner === null ? "draw" : `${names[g.seats[g.winner]]} won`),
      h("td", {}, g.game_id ? h("a", { class: "button", href: `#/replay/${g.game_id}` }, "Replay") : "")))));
  const sections = [
    h("section", { class: "card" }, h("h1", {}, t.name), h("p", { class: "muted" }, `${t.title} · ${t.format} · ${t.players.map((p) => `${p.name} = ${p.spec}`).join(", ")}`), progress),
  ];
  if (t.sprt) {
    const sp = t.sprt;
    const verdict = sp.verdict === "H1" ? "H1 accepted: the test engine is stronger" : sp.verdict === "H0" ? "H0 accepted: not stronger" : "running";
    sections.push(h("section", { class: "card" }, h("h2", {}, "SPRT"),
      h("p", {}, `LLR ${sp.llr.toFixed(2)} in [${sp.lower.toFixed(2)}, ${sp.upper.toFixed(2)}] after ${sp.pairs} pairs; Elo ${fmt(sp.elo, 1)} (${fmt(sp.low, 1)} .. ${fmt(sp.high, 1)}); pentanomial ${sp.bins.join(" ")}`),
      h("p", { class: "verdict" }, verdict)));
  }
  sections.push(
    h("section", { class: "card" }, h("h2", {}, "Crosstable"), h("p", { class: "muted" }, "points/games of the row against the column"), h("div", { class: "scroll" }, cross)),
    h("section", { class: "card" }, h("h2", {}, "Standings"), h("p", { class: "muted" }, "ranked by points, then by the game's score parts (averages); Elo: Bradley–Terry over these games"), h("div", { class: "scroll" }, standings)),
    h("section", { class: "card" }, h("h2", {}, "Games"), h("div", { class: "scroll" }, games)));
  return sections;
}
