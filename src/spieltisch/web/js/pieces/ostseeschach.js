// Ostseeschach's pieces as SVG shapes in a 100x100 box: Herzmuschel (cockle shell),
// Möwe (gull), Seestern (starfish), Robbe (seal).
import { s } from "../dom.js";

function star(cx, cy, outer, inner, points) {
  const pts = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 ? inner : outer;
    const a = (Math.PI * i) / points - Math.PI / 2;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

export const symbols = {
  herzmuschel: () => [
    s("path", { class: "pc-body", d: "M50 22 C28 24 18 48 24 66 L50 80 L76 66 C82 48 72 24 50 22 Z" }),
    s("path", { class: "pc-line", d: "M50 26 L50 78 M38 28 L42 76 M62 28 L58 76 M29 40 L34 70 M71 40 L66 70" }),
  ],
  moewe: () => [
    s("circle", { class: "pc-disc", cx: 50, cy: 50, r: 32 }),
    s("path", { class: "pc-body", d: "M18 46 Q34 30 50 50 Q66 30 82 46 Q66 40 50 62 Q34 40 18 46 Z" }),
  ],
  seestern: () => [s("polygon", { class: "pc-body", points: star(50, 52, 34, 14, 5) })],
  robbe: () => [
    s("path", { class: "pc-body", d: "M22 72 Q20 46 44 40 Q52 24 66 28 Q78 32 74 44 Q70 52 62 54 Q72 66 80 74 Z" }),
    s("circle", { class: "pc-eye", cx: 66, cy: 36, r: 3 }),
  ],
};
