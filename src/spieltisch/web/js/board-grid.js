// The grid renderer: squares coloured by their kind, file and rank labels, pieces, the
// last move, the clicks made so far and legal-move dots for the next clicks, the pieces
// that may be picked up (`sources`), a queued premove and where a premove may go.
import { s, svgRoot } from "./dom.js";
import { drawPiece } from "./pieces.js";

const CELL = 100;
const EDGE = 34;

export function drawGrid(view, opts) {
  const { width, height, files, ranks } = view.layout;
  const flipped = !!opts.flipped;
  const svg = svgRoot(width * CELL + 2 * EDGE, height * CELL + 2 * EDGE, `board board-grid game-${view.game}`);
  const place = (x, y) => [
    EDGE + (flipped ? width - 1 - x : x) * CELL,
    EDGE + (flipped ? y : height - 1 - y) * CELL,
  ];
  const lastCells = new Set((view.last_move && view.last_move.cells) || []);
  const selected = new Set(opts.selected || []);
  const next = opts.next || new Set();
  const sources = opts.sources || new Set();
  const premove = new Set(opts.premove || []);
  const premoveTargets = opts.premoveTargets || new Set();
  const pieces = new Map(view.pieces.map((p) => [p.cell, p]));
  svg.append(s("rect", { class: "board-frame", x: 4, y: 4, width: width * CELL + 2 * EDGE - 8, height: height * CELL + 2 * EDGE - 8, rx: 14 }));
  for (const cell of view.cells) {
    const [px, py] = place(cell.x, cell.y);
    const dark = (cell.x + cell.y) % 2 === 0;
    const g = s("g", { class: "cell", "data-id": cell.id, transform: `translate(${px} ${py})` });
    g.append(s("rect", { class: `sq k-${cell.kind} ${dark ? "dark" : "light"}`, width: CELL, height: CELL }));
    if (lastCells.has(cell.id)) g.append(s("rect", { class: "last-move", width: CELL, height: CELL }));
    if (premove.has(cell.id)) {
      g.classList.add("premove");
      g.append(s("rect", { class: "premove-mark", width: CELL, height: CELL }));
    }
    if (selected.has(cell.id)) g.append(s("rect", { class: "selected", x: 3, y: 3, width: CELL - 6, height: CELL - 6 }));
    const piece = pieces.get(cell.id);
    if (piece) {
      const pg = drawPiece(view.game, piece, flipped);
      pg.setAttribute("transform", "translate(4 4) scale(0.92)");
      g.append(s("g", { class: "piece-slot" }, pg)); // the slot slides when a move is animated
      if (sources.has(cell.id)) g.classList.add("movable");
      if (opts.onHover) g.addEventListener("mouseenter", () => opts.onHover(piece));
    }
    if (next.has(cell.id)) {
      g.classList.add("clickable");
      g.append(piece ? s("rect", { class: "target-ring", x: 4, y: 4, width: CELL - 8, height: CELL - 8, rx: 10 }) : s("circle", { class: "target-dot", cx: 50, cy: 50, r: 14 }));
    } else if (premoveTargets.has(cell.id)) {
      g.classList.add("premove-target");
      g.append(s("circle", { class: "premove-dot", cx: 50, cy: 50, r: 7 }));
    }
    if (opts.onClick) g.addEventListener("click", () => opts.onClick(cell.id, piece));
    svg.append(g);
  }
  files.forEach((label, x) => {
    const [px] = place(x, 0);
    svg.append(s("text", { class: "coord", x: px + CELL / 2, y: EDGE + height * CELL + 24 }, label));
    svg.append(s("text", { class: "coord", x: px + CELL / 2, y: 24 }, label));
  });
  ranks.forEach((label, y) => {
    const [, py] = place(0, y);
    svg.append(s("text", { class: "coord", x: EDGE / 2, y: py + CELL / 2 + 7 }, label));
    svg.append(s("text", { class: "coord", x: EDGE + width * CELL + EDGE / 2, y: py + CELL / 2 + 7 }, label));
  });
  return svg;
}
