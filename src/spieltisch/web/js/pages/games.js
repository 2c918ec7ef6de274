// The games list: every stored game, filtered by game, player and result; import a
// record file or open a position given as text.
import { getJSON, postJSON } from "../api.js";
import { h } from "../dom.js";

export function mount(main) {
  const params = new URLSearchParams(location.hash.split("?")[1] || "");
  const rows = h("tbody");
  const total = h("span", { class: "muted" });
  const message = h("p", { class: "form-status" });
  let catalog = [];
  const gameSelect = h("select", { name: "game" }, h("option", { value: "" }, "all games"));
  const player = h("input", { name: "player", type: "text", placeholder: "any player", value: params.get("player") || "" });
  const result = h("select", { name: "result" }, [["", "any result"], ["0", "first player won"], ["1", "second player won"], ["draw", "draw"]].map(([v, t]) => h("option", { value: v }, t)));
  const status = h("select", { name: "status" }, [["", "any status"], ["finished", "finished"], ["running", "running"], ["abandoned", "abandoned"]].map(([v, t]) => h("option", { value: v }, t)));
  const filters = h("form", { class: "filters", onsubmit: (e) => { e.preventDefault(); load(); } }, gameSelect, player, result, status, h("button", { type: "submit" }, "Filter"));
  const file = h("input", { type: "file", accept: ".json,application/json", id: "import-file" });
  const posGame = h("select", { name: "pos-game", id: "position-game" });
  const posOptions = h("input", { type: "text", id: "position-options", placeholder: "options (key=value …)" });
  const posText = h("textarea", { rows: 2, id: "position-text", placeholder: "a position text" });

  main.append(
    h("div", { class: "page games" },
      h("section", { class: "card" }, h("h1", {}, "Games ", total), filters,
        h("div", { class: "scroll" }, h("table", { class: "games-table" }, h("thead", {}, h("tr", {}, ["#", "game", "players", "result", "moves", "played", ""].map((t) => h("th", {}, t)))), rows))),
      h("section", { class: "card imports" },
        h("h2", {}, "Import"),
        h("div", { class: "import-row" }, h("label", { class: "field" }, h("span", {}, "a game record (.json)"), file), h("button", { type: "button", id: "import-record", onclick: importRecord }, "Import record")),
        h("div", { class: "import-row" }, h("label", { class: "field" }, h("span", {}, "a position"), posGame), posOptions, posText, h("button", { type: "button", id: "open-position", onclick: openPosition }, "Open position")),
        message)));

  function resultText(g) {
    if (g.status !== "finished") return g.status;
    const names = catalog.find((c) => c.name === g.game)?.players || ["first", "second"];
    return g.winner === null ? `draw (${g.reason})` : `${names[g.winner]} won (${g.reason})`;
  }

  async function load() {
    const q = new URLSearchParams();
    for (const [k, el] of [["game", gameSelect], ["player", player], ["result", result], ["status", status]]) if (el.value) q.set(k, el.value);
    try {
      const data = await getJSON(`/api/records?${q}`);
      total.textContent = `(${data.total})`;
      rows.replaceChildren(...data.games.map((g) => {
        const title = catalog.find((c) => c.name === g.game)?.title || g.game;
        const open = g.status === "running" ? h("a", { class: "button ghost", href: `#/table/${g.id}` }, "Table") : null;
        return h("tr", { "data-id": g.id },
          h("td", {}, String(g.id)),
          h("td", {}, h("span", { class: `game-emblem small emblem-${g.game}` }), " ", title),
          h("td", {}, g.players.map((p) => p.name).join(" vs ")),
          h("td", {}, resultText(g)),
          h("td", {}, String(g.plies)),
          h("td", {}, new Date(g.created).toLocaleString()),
          h("td", { class: "row-actions" }, h("a", { class: "button", href: `#/replay/${g.id}` }, "Replay"), open));
      }));
      if (!data.games.length) rows.append(h("tr", {}, h("td", { colspan: 7, class: "muted" }, "No games yet.")));
    } catch (err) {
      message.textContent = err.message;
    }
  }

  async function importRecord() {
    if (!file.files.length) { message.textContent = "Choose a record file first."; return; }
    try {
      const text = await file.files[0].text();
      const made = await postJSON("/api/records/import", text, true);
      location.hash = `#/replay/${made.id}`;
    } catch (err) {
      message.textContent = err.message;
    }
  }

  async function openPosition() {
    try {
      const body = { game: posGame.value, options: posOptions.value.trim(), position: posText.value.trim() };
      const data = await postJSON("/api/positions/view", body);
      sessionStorage.setItem("position", JSON.stringify({ ...body, view: data.view }));
      location.hash = "#/position";
    } catch (err) {
      message.textContent = err.message;
    }
  }

  getJSON("/api/games").then((data) => {
    catalog = data.games;
    for (const g of catalog) {
      gameSelect.append(h("option", { value: g.name, selected: params.get("game") === g.name }, g.title));
      posGame.append(h("option", { value: g.name }, g.title));
    }
    load();
  });
}
