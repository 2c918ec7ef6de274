// The games list: every stored game, filtered by game, player and result; import a
// record file or open a position given as text.
import { gameCatalog, getJSON, postJSON } from "../api.js";
import { h } from "../dom.js";
import { date, has, t } from "../i18n.js";
import { gameWords, playerName, reasonText } from "../game-words.js";
import "../words/common.js";
import "../words/pages.js";
import "../words/lobby.js";
import { shownName as names } from "../names.js";

// A player's name as stored; a house level (an AI seat named after its level) in words.
function shownName(player) {
  if (!player) return "";
  const level = `lobby.level.${player.name}`;
  return String(player.kind || "").startsWith("ai") && has(level) ? t(level) : names(player.name);
}

export function mount(main) {
  const params = new URLSearchParams(location.hash.split("?")[1] || "");
  const rows = h("tbody");
  const total = h("span", { class: "muted" });
  const message = h("p", { class: "form-status" });
  let catalog = [];
  const gameSelect = h("select", { name: "game" }, h("option", { value: "" }, t("games.allGames")));
  const player = h("input", { name: "player", type: "text", placeholder: t("games.anyPlayer"), value: params.get("player") || "" });
  const result = h("select", { name: "result" }, [["", t("games.anyResult")], ["0", t("games.firstWon")], ["1", t("games.secondWon")], ["draw", t("games.draw")]].map(([v, text]) => h("option", { value: v }, text)));
  const status = h("select", { name: "status" }, [["", t("games.anyStatus")], ["finished", t("common.status.finished")], ["running", t("common.status.running")], ["abandoned", t("common.status.abandoned")]].map(([v, text]) => h("option", { value: v }, text)));
  const filters = h("form", { class: "filters", onsubmit: (e) => { e.preventDefault(); load(); } }, gameSelect, player, result, status, h("button", { type: "submit" }, t("games.filter")));
  const file = h("input", { type: "file", accept: ".json,application/json", id: "import-file" });
  const posGame = h("select", { name: "pos-game", id: "position-game" });
  const posOptions = h("input", { type: "text", id: "position-options", placeholder: t("games.positionOptions") });
  const posText = h("textarea", { rows: 2, id: "position-text", placeholder: t("games.positionText") });

  main.append(
    h("div", { class: "page games" },
      h("section", { class: "card" }, h("h1", {}, `${t("games.title")} `, total), filters,
        h("div", { class: "scroll" }, h("table", { class: "games-table" }, h("thead", {}, h("tr", {}, ["id", "game", "players", "result", "moves", "played"].map((k) => h("th", {}, t(`games.col.${k}`))), h("th", {}))), rows))),
      h("section", { class: "card imports" },
        h("h2", {}, t("games.import")),
        h("div", { class: "import-row" }, h("label", { class: "field" }, h("span", {}, t("games.recordFile")), file), h("button", { type: "button", id: "import-record", onclick: importRecord }, t("games.importRecord"))),
        h("div", { class: "import-row" }, h("label", { class: "field" }, h("span", {}, t("games.position")), posGame), posOptions, posText, h("button", { type: "button", id: "open-position", onclick: openPosition }, t("games.openPosition"))),
        message)));

  const words = {}; // the games' own words, by game name
  function resultText(g) {
    if (g.status !== "finished") return t(`common.status.${g.status}`);
    const names = catalog.find((c) => c.name === g.game)?.players || ["first", "second"];
    const reason = reasonText(words[g.game], g.reason);
    return g.winner === null
      ? t("games.drawBecause", { reason })
      : t("games.wonBecause", { name: playerName(words[g.game], names[g.winner]), reason });
  }

  async function load() {
    const q = new URLSearchParams();
    for (const [k, el] of [["game", gameSelect], ["player", player], ["result", result], ["status", status]]) if (el.value) q.set(k, el.value);
    try {
      const data = await getJSON(`/api/records?${q}`);
      await Promise.all([...new Set(data.games.map((g) => g.game))].map(async (name) => {
        words[name] = await gameWords(name).catch(() => null);
      }));
      total.textContent = `(${data.total})`;
      rows.replaceChildren(...data.games.map((g) => {
        const title = catalog.find((c) => c.name === g.game)?.title || g.game;
        const open = g.status === "running" ? h("a", { class: "button ghost", href: `#/table/${g.id}` }, t("common.table")) : null;
        return h("tr", { "data-id": g.id },
          h("td", {}, String(g.id)),
          h("td", {}, h("span", { class: `game-emblem small emblem-${g.game}` }), " ", title),
          h("td", {}, t("common.vs", { a: shownName(g.players[0]), b: shownName(g.players[1]) })),
          h("td", {}, resultText(g)),
          h("td", {}, String(g.plies)),
          h("td", {}, date(g.created)),
          h("td", { class: "row-actions" }, h("a", { class: "button", href: `#/replay/${g.id}` }, t("common.replay")), open));
      }));
      if (!data.games.length) rows.append(h("tr", {}, h("td", { colspan: 7, class: "muted" }, t("games.none"))));
    } catch (err) {
      message.textContent = err.message;
    }
  }

  async function importRecord() {
    if (!file.files.length) { message.textContent = t("games.chooseFile"); return; }
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

  gameCatalog().then((games) => {
    catalog = games;
    for (const g of catalog) {
      gameSelect.append(h("option", { value: g.name, selected: params.get("game") === g.name }, g.title));
      posGame.append(h("option", { value: g.name }, g.title));
    }
    load();
  });
}
