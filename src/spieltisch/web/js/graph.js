// The evaluation graph over a whole game (lichess's "advantage chart"): the expected
// result from player 0's side after each move, player 0's advantage above the middle
// line in their colour, player 1's below in theirs, inaccuracies, mistakes and blunders
// marked on the move that made them, a cursor on the shown move. Clicking jumps there.
import { s, playerColour } from "./dom.js";
import { t } from "./i18n.js";
import "./words/analysis.js";

const W = 600;
const H = 150;
const PAD = 8;
let made = 0;

// `result`: the stored analysis (evaluations per position, reviewed moves); `names`
// the players' names; `onJump(ply)` when a move is clicked.
export function evalGraph(view, result, { current = 0, names = ["", ""], onJump = () => {} } = {}) {
  const values = [];
  let last = 0;
  for (const e of result.evaluations) {
    if (e && e.expected !== null && e.expected !== undefined) last = e.expected;
    values.push(last);
  }
  const plies = Math.max(1, values.length - 1);
  const mid = H / 2;
  const x = (i) => (i / plies) * W;
  const y = (v) => mid - Math.max(-1, Math.min(1, v)) * (mid - PAD);
  const id = `graph-${++made}`;
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: "none", class: "eval-graph", id: "eval-graph", role: "img", "aria-label": t(result.expected_only ? "analysis.graphExpected" : "analysis.graph") });
  svg.append(s("title", {}, t(result.expected_only ? "analysis.graphExpected" : "analysis.graph")));
  const defs = s("defs");
  defs.append(s("clipPath", { id: `${id}-top` }, s("rect", { x: 0, y: 0, width: W, height: mid })));
  defs.append(s("clipPath", { id: `${id}-bottom` }, s("rect", { x: 0, y: mid, width: W, height: mid })));
  svg.append(defs);
  svg.append(s("rect", { class: "g-back", x: 0, y: 0, width: W, height: H }));
  const points = values.map((v, i) => `${x(i).toFixed(1)} ${y(v).toFixed(1)}`);
  const area = `M0 ${mid} L${points.join(" L")} L${W} ${mid} Z`;
  svg.append(s("path", { class: `g-area g-p0 ${playerColour(view, 0)}`, d: area, "clip-path": `url(#${id}-top)` }));
  svg.append(s("path", { class: `g-area g-p1 ${playerColour(view, 1)}`, d: area, "clip-path": `url(#${id}-bottom)` }));
  svg.append(s("line", { class: "g-mid", x1: 0, x2: W, y1: mid, y2: mid }));
  svg.append(s("path", { class: "g-line", d: `M${points.join(" L")}` }));
  svg.append(s("line", { class: "g-cursor", x1: x(current), x2: x(current), y1: 0, y2: H }));
  for (const move of result.moves || []) {
    if (!move.judgement) continue;
    const label = t("analysis.judged", {
      ply: move.ply,
      notation: move.notation,
      player: names[move.player],
      judgement: t(`analysis.${move.judgement}`, { count: 1 }),
    });
    svg.append(
      s("circle", { class: `g-mark j-${move.judgement}`, "data-ply": move.ply, cx: x(move.ply), cy: y(values[move.ply]), r: 6 },
        s("title", {}, move.best ? `${label}; ${t("analysis.bestWas", { best: move.best })}` : label)),
    );
  }
  svg.addEventListener("click", (event) => {
    const mark = event.target.closest && event.target.closest(".g-mark");
    if (mark) return onJump(Number(mark.dataset.ply));
    const matrix = svg.getScreenCTM();
    if (!matrix) return;
    const point = svg.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    const local = point.matrixTransform(matrix.inverse());
    onJump(Math.max(0, Math.min(plies, Math.round((local.x / W) * plies))));
  });
  return svg;
}

// Move the graph's cursor to `ply` without drawing it again.
export function moveCursor(svg, ply, plies) {
  const cursor = svg && svg.querySelector(".g-cursor");
  if (!cursor) return;
  const at = (ply / Math.max(1, plies)) * W;
  cursor.setAttribute("x1", at);
  cursor.setAttribute("x2", at);
}
