// Moving pieces with the pointer (mouse, pen or touch), as lichess's chessground does:
// press on a piece and drag it, a ghost of it under the finger, drop it on a target; a
// press without dragging is a plain click (the page's click-click). The page says what
// may be dragged (`canDrag`) and what a drop means (`onDrop`); no rules here. Works by
// delegation on the page root, so the board may be redrawn while a piece is dragged.

const THRESHOLD = { mouse: 4, pen: 6, touch: 8 };

function idAt(root, x, y) {
  const el = document.elementFromPoint(x, y);
  const target = el && el.closest("[data-id]");
  return target && root.contains(target) ? target.dataset.id : null;
}

// The piece drawn at `id` (a board cell's piece or a hand item's picture), to copy.
function pictureOf(root, id) {
  const holder = root.querySelector(`.cell[data-id="${CSS.escape(id)}"], .hand-item[data-id="${CSS.escape(id)}"]`);
  if (!holder) return null;
  const piece = holder.querySelector(".piece") || holder.querySelector("svg");
  if (!piece) return null;
  const cell = holder.classList.contains("cell") ? holder.querySelector(".sq, .field-disc") : holder;
  const rect = (cell || piece).getBoundingClientRect();
  const board = holder.closest("svg.board");
  return { piece, size: Math.max(32, Math.min(rect.width, rect.height)), boardClass: board ? board.getAttribute("class") : "" };
}

function ghostOf(picture) {
  const SVG = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("class", `drag-ghost ${picture.boardClass.replace(/\bboard\b/, "")}`);
  let copy = picture.piece.cloneNode(true);
  if (copy.tagName.toLowerCase() === "svg") {
    copy.removeAttribute("class");
    copy.setAttribute("width", "100");
    copy.setAttribute("height", "100");
    const wrap = document.createElementNS(SVG, "g");
    wrap.setAttribute("class", picture.piece.getAttribute("class") || "");
    wrap.append(copy);
    copy = wrap;
  } else {
    copy.removeAttribute("transform");
  }
  svg.append(copy);
  svg.style.width = svg.style.height = `${picture.size}px`;
  return svg;
}

export function attachDrag(root, { canDrag, onPick, onDrop, onHover }) {
  let press = null; // {id, x, y, kind, pointerId}
  let drag = null; // {id, ghost, over}
  let swallowClick = false;

  function place(x, y) {
    if (!drag || !drag.ghost) return;
    const half = parseFloat(drag.ghost.style.width) / 2;
    drag.ghost.style.transform = `translate(${x - half}px, ${y - half}px)`;
  }

  function mark(id) {
    if (drag.over === id) return;
    root.querySelectorAll(".drag-over").forEach((el) => el.classList.remove("drag-over"));
    drag.over = id;
    if (id === null) return;
    const el = root.querySelector(`.cell[data-id="${CSS.escape(id)}"]`);
    if (el && (el.classList.contains("clickable") || el.classList.contains("premove-target"))) el.classList.add("drag-over");
  }

  function begin(x, y) {
    const id = press.id;
    drag = { id, ghost: null, over: null };
    onPick(id);
    const picture = pictureOf(root, id);
    if (picture) {
      drag.ghost = ghostOf(picture);
      document.body.append(drag.ghost);
      place(x, y);
    }
    root.classList.add("dragging");
    const origin = root.querySelector(`.cell[data-id="${CSS.escape(id)}"] .piece, .hand-item[data-id="${CSS.escape(id)}"]`);
    if (origin) origin.classList.add("drag-origin");
  }

  function end() {
    if (drag && drag.ghost) drag.ghost.remove();
    root.classList.remove("dragging");
    root.querySelectorAll(".drag-over, .drag-origin").forEach((el) => el.classList.remove("drag-over", "drag-origin"));
    press = drag = null;
    window.removeEventListener("pointermove", move, true);
    window.removeEventListener("pointerup", up, true);
    window.removeEventListener("pointercancel", cancel, true);
  }

  function move(e) {
    if (!press || e.pointerId !== press.pointerId) return;
    if (!drag) {
      const far = Math.hypot(e.clientX - press.x, e.clientY - press.y) > (THRESHOLD[press.kind] || 5);
      if (!far) return;
      begin(e.clientX, e.clientY);
    }
    e.preventDefault();
    place(e.clientX, e.clientY);
    mark(idAt(root, e.clientX, e.clientY));
  }

  function up(e) {
    if (!press || e.pointerId !== press.pointerId) return;
    if (drag) {
      const from = drag.id;
      if (drag.ghost) drag.ghost.style.display = "none";
      const to = idAt(root, e.clientX, e.clientY);
      swallowClick = true; // the click that follows a drag is not a click
      setTimeout(() => (swallowClick = false), 0);
      end();
      onDrop(from, to);
    } else {
      end();
    }
  }

  function cancel() {
    if (drag) onDrop(drag.id, null);
    end();
  }

  root.addEventListener("pointerdown", (e) => {
    if (e.button !== 0 || !e.isPrimary || press) return;
    const target = e.target.closest("[data-id]");
    if (!target || !root.contains(target) || target.closest(".choice-bar")) return;
    const id = target.dataset.id;
    if (!canDrag(id)) return;
    press = { id, x: e.clientX, y: e.clientY, kind: e.pointerType, pointerId: e.pointerId };
    if (e.pointerType !== "mouse") e.preventDefault(); // no scrolling, no long-press menu
    window.addEventListener("pointermove", move, true);
    window.addEventListener("pointerup", up, true);
    window.addEventListener("pointercancel", cancel, true);
  });

  root.addEventListener("click", (e) => {
    if (swallowClick) {
      swallowClick = false;
      e.stopPropagation();
      e.preventDefault();
    }
  }, true);

  if (onHover) {
    root.addEventListener("pointerover", (e) => {
      if (e.pointerType !== "mouse" || drag) return;
      const target = e.target.closest(".cell[data-id], .hand-item[data-id]");
      onHover(target && root.contains(target) ? target.dataset.id : null);
    });
    root.addEventListener("pointerleave", () => onHover(null));
  }

  return () => end();
}
