// Best-move arrows over a board: an SVG layer inside the board's own SVG (so it scales and
// turns with it). A move is found among the view's legal moves by its notation and drawn
// from the first to the last board cell of its click path; a move with one board cell (a
// drop, a race advance) is drawn from the mover's only piece, or as a ring on that cell.
// No rules here: the cells come from the view, the centres from the drawn board.
import { s } from "./dom.js";

let made = 0;

// The centre and size of cell `id` in the board's coordinates (null if not drawn).
function cellBox(svg, id) {
  const cell = [...svg.querySelectorAll("g.cell")].find((g) => g.dataset.id === id);
  if (!cell) return null;
  const shape = cell.querySelector("rect.sq, circle.field-disc") || cell;
  let box;
  try {
    box = shape.getBBox();
  } catch {
    return null;
  }
  const moved = cell.transform.baseVal.consolidate();
  const dx = moved ? moved.matrix.e : 0;
  const dy = moved ? moved.matrix.f : 0;
  return { x: dx + box.x + box.width / 2, y: dy + box.y + box.height / 2, size: Math.min(box.width, box.height) };
}

function endpoints(svg, view, move) {
  const boxes = (move.path || []).map((id) => cellBox(svg, id)).filter(Boolean);
  if (boxes.length >= 2) return [boxes[0], boxes[boxes.length - 1]];
  if (boxes.length === 1) {
    const own = (view.pieces || []).filter((p) => p.owner === view.to_move).map((p) => cellBox(svg, p.cell)).filter(Boolean);
    if (own.length === 1 && (own[0].x !== boxes[0].x || own[0].y !== boxes[0].y)) return [own[0], boxes[0]];
    return [boxes[0]];
  }
  return [];
}

// Draw arrows for `notations` (best first) on `svg`, the drawn board of `view`; earlier
// arrows are replaced. The board must be in the document (its cells are measured).
export function drawArrows(svg, view, notations) {
  if (!svg) return;
  svg.querySelectorAll("g.arrows").forEach((g) => g.remove());
  const layer = s("g", { class: "arrows", "pointer-events": "none" });
  const id = `arrowhead-${++made}`;
  const defs = s("defs");
  [0, 1, 2].forEach((rank) => {
    defs.append(
      s("marker", { id: `${id}-${rank}`, class: `arrowhead rank-${rank}`, viewBox: "0 0 10 10", refX: "5", refY: "5", markerWidth: "2.6", markerHeight: "2.6", orient: "auto" },
        s("path", { d: "M0 0 L10 5 L0 10 Z" })),
    );
  });
  layer.append(defs);
  const byNotation = new Map((view.moves || []).map((m) => [m.notation, m]));
  const seen = new Set();
  notations.slice(0, 3).forEach((notation, rank) => {
    const move = byNotation.get(notation);
    if (!move || seen.has(notation)) return;
    seen.add(notation);
    const ends = endpoints(svg, view, move);
    if (!ends.length) return;
    const size = ends[0].size || 100;
    const width = size * [0.16, 0.12, 0.1][rank];
    if (ends.length === 1) {
      layer.append(s("circle", { class: `arrow ring rank-${rank}`, "data-move": notation, cx: ends[0].x, cy: ends[0].y, r: size * 0.42, "stroke-width": width }));
      return;
    }
    const [a, b] = ends;
    const dist = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    const head = width * 2.6 * 0.5;
    const ex = b.x - ((b.x - a.x) / dist) * head;
    const ey = b.y - ((b.y - a.y) / dist) * head;
    layer.append(s("line", { class: `arrow rank-${rank}`, "data-move": notation, x1: a.x, y1: a.y, x2: ex, y2: ey, "stroke-width": width, "marker-end": `url(#${id}-${rank})` }));
  });
  svg.append(layer);
}
