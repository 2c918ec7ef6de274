// The parts of a position around the board, all drawn from the view: each player's bar
// (name, colour, counters, hand, clock), the shared counters and supply, the die, the
// buttons of the next clicks, and the stone inspector (both sides of an Okard stone).
import { h, s, svgRoot, playerColour } from "./dom.js";
import { drawGrid } from "./board-grid.js";
import { drawTrack } from "./board-track.js";
import { stoneFace } from "./pieces.js";
import { formatClock } from "./clock.js";
import { t } from "./i18n.js";
import { gamePhrase, outcomeText, playerName } from "./game-words.js";
import "./words/board.js";
import { shownName } from "./names.js";

export { formatClock };

export function drawBoard(view, opts) {
  return view.layout.kind === "track" ? drawTrack(view, opts) : drawGrid(view, opts);
}

function stoneIcon(stone, owner, side = "front") {
  const face = side === "back" && stone.back ? stone.back : stone.front;
  const svg = svgRoot(100, 100, `stone-icon owner-${owner === null || owner === undefined ? "none" : owner}`);
  const g = stoneFace(face, 0, stone.code, side === "back");
  g.classList.add("piece", `owner-${owner === null || owner === undefined ? "none" : owner}`);
  svg.append(g);
  return svg;
}

export function handItem(view, hand, item, opts) {
  const next = opts.next || new Set();
  const chosen = (opts.selected || []).includes(item.id);
  const clickable = next.has(item.id);
  // a piece in hand may be premoved (dropped) while the opponent is to move
  const premovable = !clickable && !!opts.premoving && !!opts.sources && opts.sources.has(item.id);
  const cls = `hand-item kind-${item.kind}${clickable ? " clickable" : ""}${premovable ? " premovable" : ""}${chosen ? " chosen" : ""}`;
  const count = item.count === null || item.count === undefined ? null : item.count;
  const el = h(
    "button",
    {
      class: cls,
      type: "button",
      "data-id": item.id,
      title: item.stone ? t("board.stoneTitle", { name: item.stone.name, value: item.stone.value }) : itemLabel(opts, item),
      disabled: !clickable && !premovable && !item.stone,
      onclick: () => (clickable || premovable ? opts.onClick && opts.onClick(item.id) : item.stone && opts.onInspect && opts.onInspect(item.stone, hand.player)),
      onmouseenter: () => item.stone && opts.onInspect && opts.onInspect(item.stone, hand.player),
    },
    item.stone ? stoneIcon(item.stone, hand.player) : h("span", { class: "card-face" }, h("span", { class: "card-title" }, itemLabel(opts, item))),
    item.stone ? h("span", { class: "item-label" }, hand.player === null ? itemLabel(opts, item) : `${item.stone.name}`) : null,
    count !== null && (count > 1 || item.stone) ? h("span", { class: "count" }, `×${count}`) : null,
  );
  return el;
}

// A hand item's words: a card is one of the game's pieces (its `kind: card` words).
// A stone of the supply by its name and value, a card by its name in the game's words
// (its code is the last part of the item's id: `hand:0:EAT_SALAD`).
function itemLabel(opts, item) {
  if (item.stone) return t("board.stoneTitle", { name: item.stone.name, value: item.stone.value });
  const pieces = (opts.words || {}).pieces || {};
  const piece = pieces[String(item.id).split(":").pop()] || pieces[item.kind];
  return piece && piece.name ? piece.name : item.label;
}

// The view's labels are English; the game's words say them in the reader's language
// (`counter.KEY`, `hand.LABEL`, `button.ID`, `phase.NAME`, `player.NAME`, `score.LABEL`).
function counterChip(counter, words) {
  const label = gamePhrase(words, `counter.${counter.key}`, counter.label);
  return h("span", { class: `counter c-${counter.key}`, title: label }, h("span", { class: "counter-label" }, label), h("b", {}, counter.limit != null ? `${counter.value} / ${counter.limit}` : String(counter.value)));
}

function colourName(view, player, words) {
  return playerName(words, view.players[player]);
}

export function seatBar(view, player, opts) {
  const seat = opts.seats ? opts.seats[player] : null;
  const toMove = view.to_move === player;
  const bar = h("div", { class: `seat-bar ${playerColour(view, player)}${toMove ? " to-move" : ""}`, "data-player": player });
  const who = h(
    "div",
    { class: "seat-who" },
    h("span", { class: "swatch" }),
    h("span", { class: "seat-name" }, seat && seat.name ? shownName(seat.name) : colourName(view, player, opts.words)),
    seat && seat.name ? h("span", { class: "seat-colour" }, colourName(view, player, opts.words)) : null,
    seat && seat.kind === "ai" ? h("span", { class: "badge" }, t("board.ai")) : null,
    opts.thinking === player ? h("span", { class: "thinking" }, h("span", { class: "spinner" }), t("board.thinking")) : null,
    opts.clocks ? h("span", { class: `clock${opts.clocks[player].running ? " running" : ""}${opts.clocks[player].ticking ? " ticking" : ""}`, "data-clock": player, role: "timer", "aria-label": t("board.clockOf", { player: colourName(view, player, opts.words) }) }, formatClock(opts.clocks[player].remaining)) : null,
  );
  bar.append(who);
  const counters = view.counters.filter((c) => c.player === player);
  if (counters.length) bar.append(h("div", { class: "counters" }, counters.map((c) => counterChip(c, opts.words))));
  for (const hand of view.hands.filter((x) => x.player === player)) {
    const items = hand.items.map((item) => handItem(view, hand, item, opts));
    bar.append(h("div", { class: "hand" }, h("span", { class: "hand-label" }, gamePhrase(opts.words, `hand.${hand.label}`, hand.label)), items.length ? items : h("span", { class: "empty" }, t("board.none"))));
  }
  return bar;
}

export function dieFace(value) {
  const svg = svgRoot(100, 100, "die");
  svg.append(s("rect", { class: "die-body", x: 6, y: 6, width: 88, height: 88, rx: 16 }));
  const spots = { 1: [[50, 50]], 2: [[28, 28], [72, 72]], 3: [[28, 28], [50, 50], [72, 72]], 4: [[28, 28], [72, 28], [28, 72], [72, 72]], 5: [[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]], 6: [[28, 26], [72, 26], [28, 50], [72, 50], [28, 74], [72, 74]] };
  for (const [x, y] of spots[value] || []) svg.append(s("circle", { class: "die-spot", cx: x, cy: y, r: 8 }));
  return svg;
}

export function sharedPanel(view, opts) {
  const parts = [];
  const counters = view.counters.filter((c) => c.player === null);
  const phase = view.phase && view.phase !== "play" && view.phase !== "over" ? h("span", { class: "phase" }, t("board.phase", { phase: gamePhrase(opts.words, `phase.${view.phase}`, view.phase) })) : null;
  if (view.dice !== null && view.dice !== undefined) {
    parts.push(h("div", { class: "dice", title: t("board.lastRoll") }, dieFace(view.dice), h("span", {}, t("board.rolled", { value: view.dice }))));
  }
  if (counters.length || phase) parts.push(h("div", { class: "counters shared" }, phase, counters.map((c) => counterChip(c, opts.words))));
  for (const hand of view.hands.filter((x) => x.player === null)) {
    parts.push(h("div", { class: "supply" }, h("div", { class: "hand-label" }, gamePhrase(opts.words, `hand.${hand.label}`, hand.label)), h("div", { class: "supply-items" }, hand.items.map((item) => handItem(view, hand, item, opts)))));
  }
  return parts.length ? h("div", { class: "shared-panel" }, parts) : null;
}

export function buttonBar(view, opts) {
  const next = opts.next || new Set();
  const buttons = view.targets.filter((t) => t.kind === "button" && next.has(t.id));
  if (!buttons.length) return null;
  return h(
    "div",
    { class: "choice-bar" },
    buttons.map((t) => h("button", { class: `choice ${t.id.replace(/[^a-z0-9-]/gi, "-")}`, type: "button", "data-id": t.id, onclick: () => opts.onClick(t.id) }, gamePhrase(opts.words, `button.${t.id}`, t.label))),
  );
}

export function stoneInspector(stone, owner, view) {
  if (!stone) return null;
  const colour = owner === null || owner === undefined ? "" : view.players[owner];
  return h(
    "div",
    { class: "inspector" },
    h("div", { class: "inspector-title" }, t("board.stoneInspect", { name: stone.name, code: stone.code, value: stone.value }) + (colour ? ` · ${colour}` : "")),
    h(
      "div",
      { class: "faces" },
      h("figure", {}, stoneIcon(stone, owner, "front"), h("figcaption", {}, t("board.stoneFront", { strength: stone.front.strength }))),
      stone.back ? h("figure", {}, stoneIcon(stone, owner, "back"), h("figcaption", {}, t("board.stoneBack", { strength: stone.back.strength }))) : h("figure", { class: "no-back" }, h("div", { class: "none" }, t("board.noBack"))),
    ),
    h("div", { class: "legend" }, h("span", { class: "legend-move" }, t("board.markMove")), h("span", { class: "legend-capture" }, t("board.markCapture")), h("span", {}, t("board.markFront"))),
  );
}

// The end of a game in words: the game's own words where the page has them (`words`),
// else the view's English sentence.
export function outcomeBox(view, extra, words = null) {
  const o = view.outcome;
  if (!o) return null;
  const rows = (o.score_labels || []).map((label, i) =>
    h("tr", {}, h("th", {}, gamePhrase(words, `score.${label}`, label)), h("td", {}, String((o.scores[0] || [])[i] ?? "")), h("td", {}, String((o.scores[1] || [])[i] ?? ""))),
  );
  const title = words && words.reasons ? outcomeText(words, view) : o.text || (o.winner === null ? t("board.draw") : t("board.wins", { player: view.players[o.winner] }));
  const reason = o.reason_text || o.reason;
  return h(
    "div",
    { class: `outcome ${o.winner === null ? "draw" : playerColour(view, o.winner)}` },
    h("div", { class: "outcome-title" }, title),
    // the reason on a line of its own unless the title already says it ("Draw: …")
    reason && !String(title).includes(String(reason)) ? h("div", { class: "outcome-reason" }, t("board.reasonLine", { reason })) : null,
    rows.length ? h("table", { class: "scores" }, h("tr", {}, h("th", {}, ""), h("th", {}, colourName(view, 0, words)), h("th", {}, colourName(view, 1, words))), rows) : null,
    extra || null,
  );
}

// Slide the piece that just moved from `from` to `to` (a short animation, as lichess
// does): its slot starts where it was and glides to its new cell. `owner` picks the
// mover's piece where a cell holds several (two hares on one field).
export function slide(svg, from, to, owner) {
  if (!svg || from === to || (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches)) return;
  const cellOf = (id) => svg.querySelector(`.cell[data-id="${CSS.escape(id)}"]`);
  const a = cellOf(from);
  const b = cellOf(to);
  if (!a || !b || !a.transform || !b.transform) return;
  const slots = [...b.querySelectorAll(".piece-slot")];
  const slot = slots.find((el) => owner !== null && owner !== undefined && el.querySelector(`.owner-${owner}`)) || slots[0];
  if (!slot || !slot.animate) return;
  const p = a.transform.baseVal.consolidate();
  const q = b.transform.baseVal.consolidate();
  if (!p || !q) return;
  const dx = p.matrix.e - q.matrix.e;
  const dy = p.matrix.f - q.matrix.f;
  slot.classList.add("sliding");
  (window.spieltischSlides = window.spieltischSlides || []).push(`${from}-${to}`); // for the tests
  const run = slot.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0px, 0px)" }], { duration: 220, easing: "cubic-bezier(.25,.8,.4,1)" });
  run.onfinish = run.oncancel = () => slot.classList.remove("sliding");
}
