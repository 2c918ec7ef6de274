// The engine's side of the analysis board: one position's evaluation with up to three
// best lines (`POST /api/analysis`), and the computer analysis of a whole finished game
// (`/api/records/{id}/analysis`): progress, the evaluation graph, the marked moves and
// each player's accuracy. Never for a game in progress (the server refuses it too).
import { getJSON, postJSON } from "../api.js";
import { h } from "../dom.js";
import { t, number } from "../i18n.js";
import { explain, scoreText } from "../evalbar.js";
import { evalGraph } from "../graph.js";
import "../words/analysis.js";

// The best lines asked for.
export const LINES = 3;

// The players' names of `view` in the reader's language (the game's own words when
// loaded: `words.phrases["player.red"]`), capitalised.
export function playerNames(view, words) {
  return (view.players || ["", ""]).map((name) => {
    const phrase = ((words || {}).phrases || {})[`player.${name}`];
    const shown = typeof phrase === "string" ? phrase : name;
    return shown.charAt(0).toUpperCase() + shown.slice(1);
  });
}

// The engine's answer about one position, as a block: the score explained, up to three
// lines each with its score (from player 0's side), depth and speed.
export function engineLines(result, names) {
  if (!names || !names[0]) names = playerNames({ players: result.players }, null);
  if (result.over) return h("div", { class: "engine-lines" }, h("div", { class: "eval-words" }, explain(result.evaluation, result, names) || t("analysis.over")));
  const lines = result.lines || [];
  const block = h("div", { class: "engine-lines" });
  if (result.evaluation) block.append(h("div", { class: "eval-words" }, h("b", { class: "eval-score" }, scoreText(result.evaluation, result.expected_only)), " ", explain(result.evaluation, result, names)));
  if (result.chance) block.append(h("div", { class: "muted small" }, t("analysis.chance")));
  if (lines.length) {
    block.append(h("div", { class: "lines-head muted small" }, t(lines.length > 1 ? "analysis.bestLines" : "analysis.bestLine")));
    const list = h("ol", { class: "pv-lines" });
    lines.forEach((line, i) => {
      list.append(
        h("li", { class: `line pv rank-${i}`, "data-rank": i },
          h("span", { class: "pv-score" }, scoreText(line.evaluation, result.expected_only)),
          h("span", { class: "pv-moves" }, ...line.moves.map((m, k) => h("span", { class: `pv-move${k === 0 ? " first" : ""}` }, m)))),
      );
    });
    block.append(list);
  }
  if (result.expected_only) block.append(h("div", { class: "muted small expected-note" }, t("analysis.expectedNote")));
  if (result.depth) {
    const speed = number(result.nps || 0, { notation: "compact", maximumFractionDigits: 1 });
    block.append(h("div", { class: "muted small depth", id: "engine-depth" }, t("analysis.depthSpeed", { depth: result.depth, speed, seconds: number(result.seconds || 0, { maximumFractionDigits: result.seconds < 1 ? 2 : 1 }) })));
  }
  return block;
}

// A button that analyses the position `request()` names once per click (the table page
// of a finished game); `enabled` is false for a game in progress.
export function analysisBox(request, enabled, names = null) {
  const out = h("div", { class: "analysis-out" });
  const button = h("button", { type: "button", class: "ghost", id: "analyse", disabled: !enabled, title: enabled ? t("analysis.engineTitle") : t("analysis.closedTitle") }, t("analysis.analyse"));
  button.addEventListener("click", async () => {
    button.disabled = true;
    out.replaceChildren(h("span", { class: "spinner" }), " ", t("analysis.thinking"));
    try {
      const result = await postJSON("/api/analysis", { ...request(), lines: LINES });
      out.replaceChildren(engineLines(result, names));
    } catch (err) {
      out.replaceChildren(h("span", { class: "error" }, err.message));
    }
    button.disabled = false;
  });
  return h("div", { class: "analysis" }, button, out);
}

// The live engine of the replay page: `ask(request, ply)` answers (cached per ply) one
// position at a time; a newer question makes the older answer unwanted.
export class LiveEngine {
  constructor() {
    this.cache = new Map();
    this.asked = 0;
  }

  async ask(key, body) {
    if (this.cache.has(key)) return this.cache.get(key);
    const mine = ++this.asked;
    await new Promise((resolve) => setTimeout(resolve, 150)); // stepping fast asks once
    if (mine !== this.asked) return null;
    const result = await postJSON("/api/analysis", { ...body, lines: LINES });
    this.cache.set(key, result);
    return mine === this.asked ? result : null;
  }
}

// The computer analysis of stored game `id` as a card: a request button, its progress,
// then the graph, the marks and the accuracies. `hooks.onResult(result)` when it is
// done (the page shows the stored evaluations on the bar and in the move list),
// `hooks.onJump(ply)` for a click in the graph.
export function reviewCard(id, view, names, hooks) {
  const card = h("div", { class: "card review", id: "review" });
  let timer = null;
  let graph = null;
  let current = 0;
  let result = null;

  function draw(status) {
    clearTimeout(timer);
    const head = h("h3", {}, t("analysis.review"));
    if (status.status === "done") {
      result = status.result;
      graph = evalGraph(view, result, { current, names, onJump: hooks.onJump });
      const note = result.expected_only ? h("p", { class: "muted small expected-note" }, t("analysis.expectedNote")) : null;
      card.replaceChildren(...[head, graph, summary(result), h("p", { class: "muted small" }, t("analysis.thresholds")), note].filter(Boolean));
      hooks.onResult(result);
      return;
    }
    if (status.status === "queued" || status.status === "running") {
      const progress = h("progress", { id: "review-progress", max: String(status.total || 1), value: String(status.done || 0) });
      const words = status.status === "queued" ? t("analysis.queued") : t("analysis.running", { done: status.done, total: status.total });
      card.replaceChildren(head, h("div", { class: "review-progress" }, progress, h("span", { class: "muted small" }, words)));
      timer = setTimeout(poll, 700);
      return;
    }
    const button = h("button", { type: "button", class: "primary", id: "request-analysis", title: t("analysis.requestTitle"), onclick: request }, status.status === "failed" ? t("analysis.retry") : t("analysis.request"));
    const failed = status.status === "failed" ? h("p", { class: "error" }, t("analysis.failed", { error: status.error || "" })) : null;
    const refused = status.error && status.status !== "failed" ? h("p", { class: "error" }, status.error) : null;
    card.replaceChildren(...[head, failed, button, refused].filter(Boolean));
  }

  function summary(res) {
    const table = h("table", { class: "accuracy" });
    (res.players || []).forEach((p, player) => {
      const marks = ["inaccuracy", "mistake", "blunder"].map((kind) =>
        h("span", { class: `count j-${kind}`, "data-kind": kind }, `${p[kind]} ${t(`analysis.${kind}`, { count: p[kind] })}`));
      table.append(
        h("tr", { class: `player-${player}`, "data-player": player },
          h("th", {}, names[player]),
          h("td", { class: "acc" }, p.accuracy === null ? "–" : h("span", {}, h("b", { class: "accuracy-value" }, `${number(p.accuracy, { maximumFractionDigits: 0 })} %`), " ", h("span", { class: "muted small" }, t("analysis.accuracy")))),
          h("td", { class: "marks" }, ...marks)),
      );
    });
    return table;
  }

  async function poll() {
    try {
      draw(await getJSON(`/api/records/${id}/analysis`));
    } catch (err) {
      draw({ status: "none", error: err.message });
    }
  }

  async function request() {
    try {
      draw(await postJSON(`/api/records/${id}/analysis`, {}));
    } catch (err) {
      draw({ status: "none", error: err.message });
    }
  }

  poll();
  return {
    el: card,
    setCurrent(ply) {
      current = ply;
      const cursor = graph && graph.querySelector(".g-cursor");
      if (cursor && result) {
        const at = (ply / Math.max(1, result.evaluations.length - 1)) * 600;
        cursor.setAttribute("x1", at);
        cursor.setAttribute("x2", at);
      }
    },
    stop() {
      clearTimeout(timer);
    },
  };
}
