// Drawing a piece from the view in a 100x100 box: the game's own symbol where it has a
// sheet (pieces/<game>.js), otherwise a token with its label; towers, promoted pieces,
// facing and Okard stones (strength and direction marks of the side up) from the fields.
import { s } from "./dom.js";
import { symbols as ostseeschach } from "./pieces/ostseeschach.js";

const SHEETS = { ostseeschach };
const ANGLES = { up: 0, right: 90, down: 180, left: 270, "": 0 };
// Direction marks N NE E SE S SW W NW, seen from the owner (N = facing).
const DIRS = [[0, -1], [1, -1], [1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1]];

// A small five-pointed star around (0, 0).
const STAR = Array.from({ length: 10 }, (_, i) => {
  const r = i % 2 ? 3.6 : 8.5;
  const a = (Math.PI * i) / 5 - Math.PI / 2;
  return `${(r * Math.cos(a)).toFixed(1)},${(r * Math.sin(a)).toFixed(1)}`;
}).join(" ");

export function pieceAngle(piece, flipped) {
  return ((ANGLES[piece.facing] || 0) + (flipped ? 180 : 0)) % 360;
}

// An Okard stone face: a tile with its strength and its eight direction marks.
export function stoneFace(face, angle, label, promoted) {
  const g = s("g", { class: `stone${promoted ? " stone-back" : ""}` });
  g.append(s("rect", { class: "stone-tile", x: 8, y: 8, width: 84, height: 84, rx: 12 }));
  const marks = s("g", { transform: `rotate(${angle} 50 50)` });
  face.dirs.forEach((mark, i) => {
    if (!mark) return;
    const [dx, dy] = DIRS[i];
    const x = 50 + dx * 31;
    const y = 50 + dy * 31;
    if (mark === 2) {
      // `*` in okard.md: move and capture
      marks.append(s("polygon", { class: "mark-capture", points: STAR, transform: `translate(${x} ${y})` }));
    } else {
      // `o` in okard.md: move only
      marks.append(s("circle", { class: "mark-move", cx: x, cy: y, r: 5 }));
    }
  });
  g.append(marks);
  // the forward edge: a bar along the side the stone faces
  g.append(s("rect", { class: "stone-front-edge", x: 30, y: 9, width: 40, height: 4, rx: 2, transform: `rotate(${angle} 50 50)` }));
  g.append(s("text", { class: "stone-strength", x: 50, y: 55 }, String(face.strength)));
  if (label) g.append(s("text", { class: "stone-code", x: 50, y: 74 }, label));
  return g;
}

export function drawPiece(game, piece, flipped) {
  const angle = pieceAngle(piece, flipped);
  const g = s("g", { class: `piece owner-${piece.owner}${piece.promoted ? " promoted" : ""}` });
  const title = s("title", {}, piece.name || piece.label);
  g.append(title);
  if (piece.stone) {
    const face = piece.side === "back" && piece.stone.back ? piece.stone.back : piece.stone.front;
    g.append(stoneFace(face, angle, piece.stone.code, piece.side === "back"));
    if (piece.stone.back && piece.side !== "back") {
      g.append(s("path", { class: "stone-has-back", d: "M76 8 L92 8 L92 24 Z" }));
    }
    return g;
  }
  const sheet = SHEETS[game];
  if (piece.height > 1) {
    for (let i = piece.height - 1; i > 0; i--) {
      g.append(s("circle", { class: "tower-layer", cx: 50 + i * 4, cy: 54 + i * 4, r: 36 }));
    }
  }
  if (sheet && sheet[piece.kind]) {
    g.append(s("circle", { class: "token", cx: 50, cy: 50, r: 38 }));
    g.append(...sheet[piece.kind]());
  } else if (piece.facing && piece.facing !== "left" && piece.facing !== "right") {
    // a shogi-like token pointing the way its owner moves
    const shape = s("polygon", { class: "token", points: "50,10 80,26 86,88 14,88 20,26", transform: `rotate(${angle} 50 50)` });
    g.append(shape);
    g.append(s("text", { class: `token-label${piece.promoted ? " token-promoted" : ""}`, x: 50, y: 58 }, piece.label.replace("+", "")));
    if (piece.promoted) g.append(s("circle", { class: "promoted-dot", cx: 50, cy: 80, r: 6 }));
  } else {
    g.append(s("circle", { class: "token", cx: 50, cy: 50, r: 36 }));
    g.append(s("text", { class: "token-label", x: 50, y: 58 }, piece.label));
  }
  if (piece.height > 1) {
    g.append(s("circle", { class: "tower-badge", cx: 80, cy: 20, r: 15 }));
    g.append(s("text", { class: "tower-count", x: 80, y: 26 }, String(piece.height)));
  }
  return g;
}
