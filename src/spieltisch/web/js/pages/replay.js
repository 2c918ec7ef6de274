// The replay page, lichess's analysis board: step through a stored game (buttons, arrow
// keys, Home/End, the move list, the evaluation graph), with the engine on it shows the
// eval bar (always from player 0's side), up to three best lines with arrows on the
// board, depth and speed; a finished game can be given a computer analysis (graph,
// inaccuracies/mistakes/blunders, accuracy). Open any position, continue from it as a
// new game, export the record or the position. With `position` it shows one imported
// position the same way. No engine for a game in progress (the server refuses it too).
import { getJSON, postJSON } from "../api.js";
import { h, download } from "../dom.js";
import { t } from "../i18n.js";
import { gameWords } from "../game-words.js";
import { drawBoard, outcomeBox, seatBar, sharedPanel, stoneInspector } from "../position.js";
import { evalBar } from "../evalbar.js";
import { drawArrows } from "../arrows.js";
import { LiveEngine, engineLines, playerNames, reviewCard } from "./analysis.js";
import "../words/analysis.js";
import { shownName } from "../names.js";

const ENGINE_KEY = "spieltisch.engine";
const GLYPHS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

export function mount(main, { id, ply, position }) {
  const root = h("div", { class: "page play replay analysis-board" });
  main.append(root);
  let detail = null;
  let current = 0;
  let view = null;
  let flipped = false;
  let inspected = null;
  let words = null;
  let engineOn = localStorage.getItem(ENGINE_KEY) === "on";
  let review = null; // the stored computer analysis of the game, once done
  let reviewer = null;
  let gone = false;
  const live = new LiveEngine();
  const cache = new Map();
  const imported = position ? JSON.parse(sessionStorage.getItem("position") || "null") : null;

  const allowed = () => !!imported || (detail && detail.status !== "running");
  const names = () => playerNames(view, words);

  async function viewAt(n) {
    if (!cache.has(n)) cache.set(n, getJSON(`/api/records/${id}/view?ply=${n}`).then((d) => d.view));
    return cache.get(n);
  }

  async function go(n) {
    if (!detail) return;
    n = Math.max(0, Math.min(detail.moves.length, n));
    current = n;
    try {
      view = await viewAt(n);
    } catch (err) {
      root.replaceChildren(h("p", { class: "error card" }, err.message));
      return;
    }
    if (current !== n || gone) return;
    history.replaceState(null, "", `#/replay/${id}/${n}`);
    render();
    think();
  }

  function request() {
    return imported ? { game: imported.game, options: imported.options, position: view.position } : { game_id: id, ply: current };
  }

  // Ask the engine about the shown position (when it is on); draw the answer if the
  // position is still the one shown.
  async function think() {
    if (!engineOn || !allowed() || !view) return;
    const key = imported ? `p:${view.position}` : current;
    const shown = current;
    const slot = root.querySelector(".analysis-out");
    if (slot && !live.cache.has(key)) slot.replaceChildren(h("span", { class: "spinner" }), " ", t("analysis.thinking"));
    try {
      const result = await live.ask(key, request());
      if (result && shown === current && !gone) render();
    } catch (err) {
      const out = root.querySelector(".analysis-out");
      if (out) out.replaceChildren(h("span", { class: "error" }, err.message));
    }
  }

  function liveResult() {
    if (!engineOn || !view) return null;
    const key = imported ? `p:${view.position}` : current;
    return live.cache.get(key) || null;
  }

  function inspect(stone, owner) {
    inspected = { stone, owner };
    const slot = root.querySelector(".inspector-slot");
    if (slot) slot.replaceChildren(stoneInspector(stone, owner, view) || "");
  }

  async function continueFrom(opponent) {
    const body = imported
      ? { game: imported.game, options: imported.options, position: view.position, opponent, level: "easy", name: localStorage.getItem("name") || "you" }
      : { game: detail.game, from_game: id, ply: current, opponent, level: "easy", name: localStorage.getItem("name") || "you" };
    if (view.to_move === 1) body.seat = 1;
    try {
      const made = await postJSON("/api/tables", body);
      location.hash = `#/table/${made.id}`;
    } catch (err) {
      root.querySelector(".form-status").textContent = err.message;
    }
  }

  // The moves by turn, as lichess lists them: a number per round, player 0's turn then
  // player 1's; a turn of several steps (Okard) in one cell, a die roll with the turn it
  // starts. Each move a button to its position, marked ?! ? ?? once analysed.
  function moveList() {
    const list = h("ol", { class: `moves${detail.moves.some((m) => m.notation.length > 12) ? " long" : ""}` });
    const judged = new Map(((review && review.moves) || []).map((m) => [m.ply, m]));
    const turns = [];
    let pending = [];
    detail.moves.forEach((m, i) => {
      const entry = { ...m, ply: i + 1 };
      if (m.seat !== 0 && m.seat !== 1) {
        pending.push(entry);
        return;
      }
      const last = turns[turns.length - 1];
      if (last && last.seat === m.seat && !pending.length) last.moves.push(entry);
      else turns.push({ seat: m.seat, moves: [...pending, entry] });
      pending = [];
    });
    if (pending.length) turns.push({ seat: -1, moves: pending });
    let round = 0;
    let open = false; // a round whose player-0 cell is drawn
    for (const turn of turns) {
      if (turn.seat !== 1 || !open) {
        round += 1;
        if (turn.seat === 1) list.append(h("li", { class: "placeholder mover-0" }, h("span", { class: "num" }, `${round}.`), "…"));
      }
      open = turn.seat === 0;
      const here = turn.moves.some((m) => m.ply === current);
      const buttons = turn.moves.map((m) => {
        const mark = judged.get(m.ply);
        const glyph = mark && mark.judgement ? h("span", { class: `glyph j-${mark.judgement}`, title: t(`analysis.${mark.judgement}`, { count: 1 }) }, GLYPHS[mark.judgement]) : null;
        return h("button", { type: "button", class: `move-link${m.ply === current ? " at" : ""}${m.seat !== 0 && m.seat !== 1 ? " chance" : ""}`, "data-ply": m.ply, title: t("analysis.moveTitle", { ply: m.ply }), onclick: () => go(m.ply) }, m.notation, glyph);
      });
      list.append(h("li", { class: `${here ? "current" : ""} mover-${turn.seat}` }, turn.seat === 1 ? null : h("span", { class: "num" }, `${round}.`), h("span", { class: "turn-moves" }, ...buttons)));
    }
    return list;
  }

  // What the bar and the arrows show: the live engine's answer, else the stored analysis.
  function shownEvaluation() {
    const result = liveResult();
    if (result && result.evaluation) return { evaluation: result.evaluation, info: result, best: (result.lines || []).map((l) => l.moves[0]) };
    if (review && !imported) {
      const stored = review.evaluations[current];
      if (stored && stored.expected !== null) return { evaluation: stored, info: review, best: stored.best ? [stored.best] : [] };
    }
    return null;
  }

  function engineBlock() {
    const enabled = allowed();
    const toggle = h(
      "button",
      {
        type: "button",
        class: `engine-toggle${engineOn && enabled ? " on" : ""}`,
        id: "analyse",
        "aria-pressed": engineOn && enabled ? "true" : "false",
        disabled: !enabled,
        title: enabled ? t("analysis.engineTitle") : t("analysis.closedTitle"),
        onclick: () => {
          engineOn = !engineOn;
          localStorage.setItem(ENGINE_KEY, engineOn ? "on" : "off");
          render();
          think();
        },
      },
      h("span", { class: "switch" }),
      engineOn && enabled ? t("analysis.engineOn") : t("analysis.engineOff"),
    );
    const result = liveResult();
    const out = h("div", { class: "analysis-out" }, result ? engineLines(result, names()) : engineOn && enabled ? [h("span", { class: "spinner" }), " ", t("analysis.thinking")] : null);
    return h("div", { class: "card engine analysis" }, toggle, out);
  }

  function render() {
    const narrow = window.innerWidth < 1000;
    const phone = window.innerWidth < 700;
    const opts = { words, portrait: phone, flipped, next: new Set(), selected: [], onInspect: inspect, onHover: (p) => p.stone && inspect(p.stone, p.owner), seats: imported ? null : detail.players.map((p) => ({ name: shownName(p.name), kind: p.kind.startsWith("ai") ? "ai" : p.kind })) };
    const bottom = flipped ? 1 : 0;
    const board = drawBoard(view, opts);
    const total = imported ? 0 : detail.moves.length;
    const nav = imported
      ? null
      : h("div", { class: "stepper" },
          h("button", { type: "button", id: "first", title: t("analysis.first"), "aria-label": t("analysis.first"), onclick: () => go(0) }, "«"),
          h("button", { type: "button", id: "prev", title: t("analysis.prev"), "aria-label": t("analysis.prev"), onclick: () => go(current - 1) }, "◀"),
          h("span", { class: "ply", id: "ply" }, `${current} / ${total}`),
          h("button", { type: "button", id: "next", title: t("analysis.next"), "aria-label": t("analysis.next"), onclick: () => go(current + 1) }, "▶"),
          h("button", { type: "button", id: "last", title: t("analysis.last"), "aria-label": t("analysis.last"), onclick: () => go(total) }, "»"));
    const shown = allowed() ? shownEvaluation() : null;
    const barOpts = { flipped, names: names(), pending: engineOn && !liveResult() };
    const bar = shown || (engineOn && allowed()) ? evalBar(view, shown && shown.evaluation, shown ? shown.info : {}, { ...barOpts, vertical: !narrow }) : null;
    const lastMove = view.last_move ? h("div", { class: "status" }, `${current}. ${view.last_move.notation}`) : h("div", { class: "status" }, imported ? view.title : t("analysis.start"));
    const mark = review && !imported ? (review.moves || []).find((m) => m.ply === current) : null;
    const judgement = mark && mark.judgement
      ? h("div", { class: `judgement-note j-${mark.judgement}`, id: "judgement" },
          h("b", {}, GLYPHS[mark.judgement], " ", t(`analysis.${mark.judgement}`, { count: 1 })),
          mark.best ? [" · ", t("analysis.bestWas", { best: mark.best })] : null)
      : null;
    const title = imported ? view.title : `${detail.title} #${id}`;
    const players = imported ? "" : detail.players.map((p) => shownName(p.name)).join(" – ") + (detail.imported ? ` · ${t("analysis.imported")}` : "");
    const engine = engineBlock();
    if (reviewer) reviewer.setCurrent(current);
    root.replaceChildren(
      h("section", { class: "board-area" },
        seatBar(view, 1 - bottom, opts),
        narrow ? bar : null,
        h("div", { class: "board-row" }, narrow ? null : bar, h("div", { class: "board-wrap" }, board)),
        seatBar(view, bottom, opts),
        nav,
        narrow ? engine : null),
      h("aside", { class: "side" },
        h("div", { class: "card head" }, h("h2", {}, title), h("div", { class: "muted" }, players), lastMove, judgement, current === total && !imported ? outcomeBox(view, null, words) : null),
        narrow ? null : engine,
        reviewer ? reviewer.el : null,
        h("div", { class: "card" }, sharedPanel(view, opts), h("div", { class: "inspector-slot" })),
        imported ? null : h("div", { class: "card" }, h("h3", {}, t("analysis.moves")), moveList()),
        h("div", { class: "card" },
          h("div", { class: "controls" },
            imported ? null : h("a", { class: "button ghost", id: "export-record", href: `/api/records/${id}/export`, download: "" }, t("analysis.exportRecord")),
            h("button", { type: "button", class: "ghost", id: "export-position", onclick: () => download(`${view.game}-position.txt`, view.position + "\n", "text/plain") }, t("analysis.exportPosition")),
            h("button", { type: "button", class: "ghost", id: "flip", onclick: () => { flipped = !flipped; render(); } }, t("analysis.flip"))),
          h("div", { class: "position-text" }, h("code", {}, view.position)),
          view.outcome ? null : h("div", { class: "controls" }, h("span", {}, t("analysis.continueFrom")), h("button", { type: "button", id: "continue-ai", onclick: () => continueFrom("ai") }, t("analysis.continueAI")), h("button", { type: "button", id: "continue-here", onclick: () => continueFrom("here") }, t("analysis.continueHere"))),
          h("p", { class: "form-status" })),
      ),
    );
    root.dataset.ply = String(current);
    if (shown && shown.best.length) drawArrows(board, view, shown.best);
    // a line pointed at shows its arrow strongest
    root.querySelectorAll(".pv-lines li").forEach((li) => {
      const arrows = () => board.querySelectorAll(".arrows .arrow");
      li.addEventListener("mouseenter", () => arrows().forEach((el) => el.classList.toggle(el.classList.contains(`rank-${li.dataset.rank}`) ? "hot" : "dim", true)));
      li.addEventListener("mouseleave", () => arrows().forEach((el) => el.classList.remove("hot", "dim")));
    });
    if (inspected) inspect(inspected.stone, inspected.owner);
    // the shown move in view inside the list (the list scrolls, never the page)
    const list = root.querySelector("ol.moves");
    const cur = list && list.querySelector(".current");
    if (cur && (cur.offsetTop < list.scrollTop || cur.offsetTop + cur.offsetHeight > list.scrollTop + list.clientHeight)) {
      list.scrollTop = Math.max(0, cur.offsetTop - list.clientHeight / 2);
    }
  }

  const keys = (e) => {
    if (!detail || e.target.closest("input, textarea, select")) return;
    const moves = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: detail.moves.length, ArrowUp: 0, ArrowDown: detail.moves.length };
    if (e.key in moves) {
      e.preventDefault();
      go(moves[e.key]);
    }
    if (e.key === "f" && !e.ctrlKey && !e.metaKey && !e.altKey && view) {
      flipped = !flipped;
      render();
    }
  };
  document.addEventListener("keydown", keys);
  let resizing = null;
  const resized = () => {
    clearTimeout(resizing);
    resizing = setTimeout(() => view && !gone && render(), 150);
  };
  window.addEventListener("resize", resized);

  if (imported) {
    view = imported.view;
    gameWords(view.game).then((w) => { words = w; render(); }).catch(() => {});
    render();
    think();
  } else if (position) {
    root.append(h("p", { class: "card" }, t("analysis.noPosition"), " ", h("a", { href: "#/games" }, t("analysis.openOne"))));
  } else {
    getJSON(`/api/records/${id}`)
      .then(async (d) => {
        detail = d;
        const first = await viewAt(ply === null ? 0 : Math.max(0, Math.min(d.moves.length, ply)));
        words = await gameWords(first.game).catch(() => null);
        view = first;
        if (detail.status !== "running" && detail.moves.length) {
          reviewer = reviewCard(id, first, playerNames(first, words), {
            onResult: (result) => { review = result; if (view && !gone) render(); },
            onJump: (n) => go(n),
          });
        }
        return go(ply === null ? 0 : ply);
      })
      .catch((err) => root.replaceChildren(h("p", { class: "error card" }, err.message)));
  }
  return () => {
    gone = true;
    if (reviewer) reviewer.stop();
    document.removeEventListener("keydown", keys);
    window.removeEventListener("resize", resized);
  };
}
