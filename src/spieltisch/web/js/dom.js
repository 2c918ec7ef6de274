// Small helpers to build HTML and SVG elements.

const SVG = "http://www.w3.org/2000/svg";

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "class") el.className = value;
    else if (key === "html") el.innerHTML = value;
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function svgRoot(width, height, cls) {
  return s("svg", { viewBox: `0 0 ${width} ${height}`, class: cls, role: "img", preserveAspectRatio: "xMidYMid meet" });
}

// The colours of a player, from the player names the view gives (red/blue, White/Black).
export function playerColour(view, player) {
  const name = ((view.players || [])[player] || "").toLowerCase();
  const known = { red: "p-red", blue: "p-blue", white: "p-white", black: "p-black" };
  return known[name] || (player === 0 ? "p-red" : "p-blue");
}

export function download(name, text, type = "application/json") {
  const blob = new Blob([text], { type });
  const a = h("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(a);
  a.click();
  a.remove();
}

// "1 move", "3 moves": an English count with its noun (`many` when the plural is not just
// the noun with an s). Visible words go through the catalogue instead, whose texts have
// plural forms per language: `t("common.moves", { count })` ("3 Züge").
export function plural(count, one, many = `${one}s`) {
  return `${count} ${count === 1 ? one : many}`;
}
