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
    s("path", { class: "pc-body", d: "M14 50 L22 60 L14 70 Q26 66 30 64 Q44 74 60 68 Q72 64 74 56 Q84 56 86 48 Q86 38 76 36 Q66 36 64 46 Q56 52 40 52 Q28 52 24 58 Z" }),
    s("path", { class: "pc-body", d: "M50 66 L44 80 L58 70 Z" }),
    s("circle", { class: "pc-eye", cx: 76, cy: 43, r: 2.6 }),
    s("path", { class: "pc-line", d: "M84 48 L94 46 M84 50 L94 52" }),
  ],
};
