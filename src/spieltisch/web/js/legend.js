// The piece legend next to the board: for each piece kind of the game its symbol (drawn
// from the view's own pieces, as the board draws them), its name, how it moves and its
// promoted form; Hase und Igel's cards and fields; and the game's short notes. Every word
// comes from the game's words (`/api/games/NAME/words`), every symbol from the view: the
// legend knows no game by name.
import { h, s, svgRoot } from "./dom.js";
import { gamePhrase, gameWords } from "./game-words.js";
import { t } from "./i18n.js";
import { drawPiece } from "./pieces.js";
import "./words/legend.js";

const OPEN_KEY = "spieltisch.legend";

function symbol(game, piece) {
  const svg = svgRoot(100, 100, `legend-symbol game-${game}`);
  svg.append(drawPiece(game, piece, false));
  return svg;
}

// The view's pieces and stones (on the board, in hands, in the supply) by kind: a
// sample to draw each kind with, player 0's where there is one.
function samples(view) {
  const found = new Map();
  const add = (kind, piece) => {
    const known = found.get(kind);
    if (!known || (known.owner !== 0 && piece.owner === 0)) found.set(kind, piece);
  };
  for (const piece of view.pieces || []) {
    add(piece.kind, { ...piece, promoted: false, side: "front", height: 1, facing: piece.facing && piece.owner === 1 ? "" : piece.facing, label: piece.label.replace("+", "").toUpperCase() });
  }
  for (const hand of view.hands || []) {
    for (const item of hand.items) {
      if (item.stone) add(item.stone.code, { cell: "", owner: hand.player === null ? 0 : hand.player, kind: item.stone.code, label: item.stone.code, name: item.stone.name, height: 1, side: "front", promoted: false, facing: "up", stone: item.stone });
    }
  }
  return found;
}

function promotedSample(piece) {
  if (!piece) return null;
  if (piece.stone) return piece.stone.back ? { ...piece, side: "back", promoted: true } : null;
  return { ...piece, promoted: true };
}

function pieceRow(game, kind, entry, sample) {
  const name = entry ? entry.name : (sample && sample.name) || kind;
  const moves = entry ? entry.moves : t("legend.ownStone");
  const promoted = entry ? entry.promoted : null;
  const back = promotedSample(sample);
  return h("li", { class: "legend-piece", "data-kind": kind },
    h("span", { class: "legend-symbols" }, sample ? symbol(game, sample) : h("span", { class: "legend-blank" })),
    h("span", { class: "legend-text" },
      h("b", { class: "legend-name" }, name), " ", h("span", { class: "legend-moves" }, moves),
      promoted ? h("span", { class: "legend-promoted" },
        back ? symbol(game, back) : null,
        h("span", {}, h("b", {}, t("legend.promoted", { name: promoted.name })), " ", promoted.moves)) : null));
}

function cardRow(code, entry) {
  return h("li", { class: "legend-piece legend-card", "data-kind": code },
    h("span", { class: "legend-symbols" }, h("span", { class: "legend-card-face", "aria-hidden": "true" })),
    h("span", { class: "legend-text" }, h("b", { class: "legend-name" }, entry.name), " ", h("span", { class: "legend-moves" }, entry.moves)));
}

function fieldRow(kind, text) {
  const svg = svgRoot(100, 100, "legend-symbol");
  svg.append(s("circle", { class: `field-disc k-${kind}`, cx: 50, cy: 50, r: 40 }));
  return h("li", { class: "legend-piece legend-field", "data-kind": kind }, h("span", { class: "legend-symbols" }, svg), h("span", { class: "legend-text" }, text));
}

function draw(container, game, view, words) {
  const pieceWords = (words && words.pieces) || {};
  const found = samples(view);
  // a game of stones picked per game (Okard) lists the stones this game has; a game with
  // a fixed set lists every kind, also once all of a kind are captured
  const picked = [...found.values()].some((p) => p.stone);
  const rows = [];
  const cards = [];
  for (const [kind, entry] of Object.entries(pieceWords)) {
    if (entry.kind === "card") cards.push(cardRow(kind, entry));
    else if (found.has(kind) || !picked) rows.push(pieceRow(game, kind, entry, found.get(kind)));
  }
  for (const [kind, sample] of found) if (!(kind in pieceWords)) rows.push(pieceRow(game, kind, null, sample));
  const fieldKinds = [...new Set((view.cells || []).map((c) => c.kind))].filter((kind) => gamePhrase(words, `field.${kind}`, null));
  const notes = Object.entries((words && words.phrases) || {}).filter(([key]) => key.startsWith("legend.")).map(([, text]) => text);
  const open = (() => { try { return localStorage.getItem(OPEN_KEY) !== "closed"; } catch { return true; } })();
  const details = h("details", { class: "piece-legend", id: "piece-legend", open: open && window.innerWidth > 600 },
    h("summary", {}, t("legend.title")),
    rows.length ? h("ul", { class: "legend-list legend-pieces" }, rows) : null,
    cards.length ? [h("h4", {}, t("legend.cards")), h("ul", { class: "legend-list legend-cards" }, cards)] : null,
    fieldKinds.length ? [h("h4", {}, t("legend.fields")), h("ul", { class: "legend-list legend-fields" }, fieldKinds.map((kind) => fieldRow(kind, gamePhrase(words, `field.${kind}`))))] : null,
    notes.length ? h("ul", { class: "legend-notes" }, notes.map((text) => h("li", {}, text))) : null);
  details.addEventListener("toggle", () => { try { localStorage.setItem(OPEN_KEY, details.open ? "open" : "closed"); } catch { /* not remembered */ } });
  container.replaceChildren(details);
}

// Draw the legend of `game` for `view` into `container` (once the game's words are
// here; asked once per game and language, so a redraw per move costs nothing).
export function mountLegend(container, game, view) {
  if (!container) return;
  container.classList.add("legend-slot");
  gameWords(game).then((words) => {
    if (container.isConnected) draw(container, game, view, words);
  }).catch(() => container.replaceChildren());
}

// A reachable field's carrot cost, drawn on the track above the field before the click
// (from the view's `cost` of the target: positive pays, negative gains).
export function costTag(cost) {
  const gain = cost < 0;
  const text = gain ? `+${-cost}` : cost === 0 ? "±0" : `−${cost}`;
  const width = 30 + 11 * text.length;
  const tag = s("g", { class: `cost-tag${gain ? " gain" : ""}`, transform: "translate(0 -36)", "data-cost": String(cost) });
  tag.append(s("title", {}, t(gain ? "legend.costGain" : "legend.costPay", { n: Math.abs(cost), count: Math.abs(cost) })));
  tag.append(s("rect", { x: -width / 2, y: -13, width, height: 26, rx: 13 }));
  tag.append(s("path", { class: "sign-carrot", d: `M${width / 2 - 17} -7 L${width / 2 - 9} -7 L${width / 2 - 13} 9 Z` }));
  tag.append(s("text", { x: width / 2 - 20, y: 6 }, text));
  return tag;
}
