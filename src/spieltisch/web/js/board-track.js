// The track renderer: fields along the track in the layout's box, each marked by its
// kind, the path between them, the pieces on their fields, last move, clicks and targets.
import { s, svgRoot } from "./dom.js";
import { costTag } from "./legend.js";
import { t } from "./i18n.js";
import "./words/board.js";

const UNIT = 100;

// A small sign per field kind, drawn around (0, 0) in a 40x40 box.
const SIGNS = {
  carrot: () => [
    s("path", { class: "sign-carrot", d: "M-5 -8 L5 -8 L0 16 Z" }),
    s("path", { class: "sign-leaf", d: "M0 -8 L-6 -17 M0 -8 L0 -18 M0 -8 L6 -17" }),
  ],
  salad: () => [s("circle", { class: "sign-salad", r: 11 }), s("path", { class: "sign-salad-vein", d: "M-7 4 Q0 -2 7 -6 M-3 9 Q0 0 0 -10" })],
  hare: () => [
    s("ellipse", { class: "sign-hare", cx: -5, cy: -8, rx: 3.5, ry: 10 }),
    s("ellipse", { class: "sign-hare", cx: 5, cy: -8, rx: 3.5, ry: 10 }),
    s("circle", { class: "sign-hare", cx: 0, cy: 7, r: 9 }),
  ],
  hedgehog: () => [
    s("path", { class: "sign-hedgehog", d: "M-14 8 L-12 -2 L-8 -10 L-3 -4 L0 -13 L4 -4 L9 -10 L11 -1 L15 8 Z" }),
    s("circle", { class: "sign-eye", cx: 9, cy: 3, r: 1.8 }),
  ],
  position1: () => [s("text", { class: "sign-text", y: 7 }, "1")],
  position2: () => [s("text", { class: "sign-text", y: 7 }, "2")],
  start: () => [s("text", { class: "sign-text sign-small", y: 6 }, t("board.trackStart"))],
  goal: () => [s("path", { class: "sign-flag", d: "M-8 14 L-8 -14 L12 -8 L-8 -2" })],
};

export function drawTrack(view, opts) {
  // On a narrow (portrait) screen the box is drawn turned, the track running upwards.
  const turned = !!opts.portrait;
  const width = turned ? view.layout.height : view.layout.width;
  const height = turned ? view.layout.width : view.layout.height;
  const W = width * UNIT;
  const H = height * UNIT;
  const svg = svgRoot(W + 40, H + 40, `board board-track game-${view.game}${turned ? " portrait" : ""}`);
  const pos = (c) => (turned ? [20 + (1 - c.y) * W, 20 + (1 - c.x) * H] : [20 + c.x * W, 20 + (1 - c.y) * H]);
  const lastCells = new Set((view.last_move && view.last_move.cells) || []);
  const selected = new Set(opts.selected || []);
  const next = opts.next || new Set();
  const costs = new Map((view.targets || []).filter((x) => x.cost !== undefined && x.cost !== null).map((x) => [x.id, x.cost]));
  const sources = opts.sources || new Set();
  svg.append(s("rect", { class: "board-frame track-frame", x: 4, y: 4, width: W + 32, height: H + 32, rx: 22 }));
  const path = view.cells.map((c, i) => `${i ? "L" : "M"}${pos(c)[0].toFixed(1)} ${pos(c)[1].toFixed(1)}`).join(" ");
  svg.append(s("path", { class: "track-path", d: path }));
  const byCell = new Map();
  for (const p of view.pieces) {
    if (!byCell.has(p.cell)) byCell.set(p.cell, []);
    byCell.get(p.cell).push(p);
  }
  const R = 38;
  for (const cell of view.cells) {
    const [x, y] = pos(cell);
    const g = s("g", { class: "cell field", "data-id": cell.id, transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})` });
    g.append(s("circle", { class: `field-disc k-${cell.kind}`, r: R }));
    if (lastCells.has(cell.id)) g.append(s("circle", { class: "last-move", r: R }));
    if (selected.has(cell.id)) g.append(s("circle", { class: "selected", r: R - 3 }));
    const sign = SIGNS[cell.kind];
    if (sign) g.append(s("g", { transform: "translate(0 -4)" }, ...sign()));
    g.append(s("text", { class: "field-number", y: R - 6 }, cell.label));
    const here = byCell.get(cell.id) || [];
    here.forEach((p, i) => {
      const dx = here.length > 1 ? (i ? 17 : -17) : 0;
      const hare = s("g", { class: `piece owner-${p.owner}`, "data-owner": p.owner, transform: `translate(${dx} -2)` });
      hare.append(s("title", {}, p.name));
      hare.append(s("circle", { class: "token hare-token", r: here.length > 1 ? 19 : 24 }));
      hare.append(s("text", { class: "token-label", y: 8 }, p.label));
      g.append(s("g", { class: "piece-slot" }, hare)); // the slot slides when a move is animated
    });
    if (sources.has(cell.id)) g.classList.add("movable");
    if (next.has(cell.id)) {
      g.classList.add("clickable");
      g.append(s("circle", { class: "target-ring", r: R + 4 }));
      if (costs.has(cell.id)) g.append(costTag(costs.get(cell.id)));
    }
    if (opts.onClick) g.addEventListener("click", () => opts.onClick(cell.id));
    svg.append(g);
  }
  return svg;
}

export function drawBoard(view, opts) {
  return view.layout.kind === "track" ? drawTrack(view, opts) : null;
}
