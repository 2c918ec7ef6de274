// The replay page: step through a stored game (buttons and arrow keys), open any
// position, continue from it as a new game, export the record or the position, analyse.
// With `position` it shows one imported position the same way.
import { getJSON, postJSON } from "../api.js";
import { h, download } from "../dom.js";
import { drawBoard, outcomeBox, seatBar, sharedPanel, stoneInspector } from "../position.js";
import { analysisBox } from "./analysis.js";

export function mount(main, { id, ply, position }) {
  const root = h("div", { class: "page play replay" });
  main.append(root);
  let detail = null;
  let current = 0;
  let view = null;
  let flipped = false;
  let inspected = null;
  const cache = new Map();
  const imported = position ? JSON.parse(sessionStorage.getItem("position") || "null") : null;

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
    if (current !== n) return;
    history.replaceState(null, "", `#/replay/${id}/${n}`);
    render();
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

  function moveList() {
    const list = h("ol", { class: `moves${detail.moves.some((m) => m.notation.length > 12) ? " long" : ""}` });
    detail.moves.forEach((m, i) => {
      list.append(h("li", { class: `${current === i + 1 ? "current" : ""} mover-${m.seat}` }, h("span", { class: "num" }, `${i + 1}.`), h("button", { type: "button", class: "move-link", "data-ply": i + 1, onclick: () => go(i + 1) }, m.notation)));
    });
    return list;
  }

  function render() {
    const opts = { portrait: window.innerWidth < 700, flipped, next: new Set(), selected: [], onInspect: inspect, onHover: (p) => p.stone && inspect(p.stone, p.owner), seats: imported ? null : detail.players.map((p) => ({ name: p.name, kind: p.kind.startsWith("ai") ? "ai" : p.kind })) };
    const bottom = flipped ? 1 : 0;
    const board = drawBoard(view, opts);
    const total = imported ? 0 : detail.moves.length;
    const nav = imported
      ? null
      : h("div", { class: "stepper" },
          h("button", { type: "button", id: "first", title: "first (Home)", onclick: () => go(0) }, "«"),
          h("button", { type: "button", id: "prev", title: "previous (←)", onclick: () => go(current - 1) }, "◀"),
          h("span", { class: "ply", id: "ply" }, `${current} / ${total}`),
          h("button", { type: "button", id: "next", title: "next (→)", onclick: () => go(current + 1) }, "▶"),
          h("button", { type: "button", id: "last", title: "last (End)", onclick: () => go(total) }, "»"));
    const lastMove = view.last_move ? h("div", { class: "status" }, `Move ${current}: ${view.last_move.notation}`) : h("div", { class: "status" }, imported ? "An imported position" : "The start position");
    const title = imported ? view.title : `${detail.title} #${id}`;
    const players = imported ? "" : detail.players.map((p) => p.name).join(" vs ") + (detail.imported ? " · imported (not rated)" : "");
    root.replaceChildren(
      h("section", { class: "board-area" }, seatBar(view, 1 - bottom, opts), h("div", { class: "board-wrap" }, board), seatBar(view, bottom, opts)),
      h("aside", { class: "side" },
        h("div", { class: "card head" }, h("h2", {}, title), h("div", { class: "muted" }, players), nav, lastMove, current === total && !imported ? outcomeBox(view) : null),
        h("div", { class: "card" }, sharedPanel(view, opts), h("div", { class: "inspector-slot" })),
        imported ? null : h("div", { class: "card" }, h("h3", {}, "Moves"), moveList()),
        h("div", { class: "card" },
          h("div", { class: "controls" },
            imported ? null : h("a", { class: "button ghost", id: "export-record", href: `/api/records/${id}/export`, download: "" }, "Export record"),
            h("button", { type: "button", class: "ghost", id: "export-position", onclick: () => download(`${view.game}-position.txt`, view.position + "\n", "text/plain") }, "Export position"),
            h("button", { type: "button", class: "ghost", id: "flip", onclick: () => { flipped = !flipped; render(); } }, "Flip board")),
          h("div", { class: "position-text" }, h("code", {}, view.position)),
          view.outcome ? null : h("div", { class: "controls" }, h("span", {}, "Continue from here: "), h("button", { type: "button", id: "continue-ai", onclick: () => continueFrom("ai") }, "against the AI"), h("button", { type: "button", id: "continue-here", onclick: () => continueFrom("here") }, "with a friend here")),
          h("p", { class: "form-status" }),
          analysisBox(() => (imported ? { game: imported.game, options: imported.options, position: view.position } : { game_id: id, ply: current }), imported || detail.status !== "running")),
      ),
    );
    root.dataset.ply = String(current);
    if (inspected) inspect(inspected.stone, inspected.owner);
    const cur = root.querySelector(".moves .current");
    if (cur) cur.scrollIntoView({ block: "nearest" });
  }

  const keys = (e) => {
    if (!detail || e.target.closest("input, textarea, select")) return;
    const moves = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: detail.moves.length, ArrowUp: 0, ArrowDown: detail.moves.length };
    if (e.key in moves) {
      e.preventDefault();
      go(moves[e.key]);
    }
  };
  document.addEventListener("keydown", keys);

  if (imported) {
    view = imported.view;
    render();
  } else if (position) {
    root.append(h("p", { class: "card" }, "No position to show. ", h("a", { href: "#/games" }, "Open one from the games page.")));
  } else {
    getJSON(`/api/records/${id}`)
      .then((d) => {
        detail = d;
        return go(ply === null ? 0 : ply);
      })
      .catch((err) => root.replaceChildren(h("p", { class: "error card" }, err.message)));
  }
  return () => document.removeEventListener("keydown", keys);
}
