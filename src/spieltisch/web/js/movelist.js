// The move list of the game page, by full move: one row per move number with both
// players' columns, as chess sites show it. A player's turn may hold several moves (an
// Okard turn of sacrifice, move, promotion, drop, end): they stay together in the
// player's column, with the die drawn for that turn in front of them. No rules here:
// who made which move comes from the table's `movers` (-1 for a chance outcome).
import { h } from "./dom.js";
import { t } from "./i18n.js";
import "./words/board.js";

// The turns of a game: runs of moves by the same player, each with the chance outcomes
// drawn just before it. `toMove` names the player of a trailing chance outcome's turn.
export function turnsOf(moves, movers, toMove = null) {
  const turns = [];
  let chance = [];
  let current = null;
  moves.forEach((notation, index) => {
    const mover = movers[index];
    const ply = { ply: index + 1, notation, chance: mover === -1 };
    if (mover === -1) {
      chance.push(ply);
      current = null;
      return;
    }
    if (!current || current.player !== mover) {
      current = { player: mover, plies: [] };
      turns.push(current);
    }
    current.plies.push(...chance, ply);
    chance = [];
  });
  if (chance.length) turns.push({ player: toMove === 1 ? 1 : 0, plies: chance, pending: true });
  return turns;
}

// Rows of full moves: a row starts with the first player's turn; the second player's
// turn fills the row's second column (or starts a row of its own, the first left empty).
export function rowsOf(turns) {
  const rows = [];
  for (const turn of turns) {
    const last = rows[rows.length - 1];
    if (turn.player === 1 && last && !last.cols[1]) last.cols[1] = turn;
    else {
      const row = { number: rows.length + 1, cols: [null, null] };
      row.cols[turn.player === 1 ? 1 : 0] = turn;
      rows.push(row);
    }
  }
  return rows;
}

// The list element. `current` is the ply shown; `onLook(ply)` shows another one.
export function moveList({ moves, movers, toMove = null, current, onLook }) {
  const rows = rowsOf(turnsOf(moves, movers, toMove));
  const list = h("ol", { class: "moves by-turn", "aria-label": t("board.moves") });
  for (const row of rows) {
    const cells = row.cols.map((turn, player) => {
      if (!turn) return h("div", { class: `mcell mover-${player} empty` }, player === 0 ? "…" : "");
      return h(
        "div",
        { class: `mcell mover-${player}` },
        turn.plies.map((ply) =>
          h(
            "button",
            {
              type: "button",
              class: `move-link${ply.chance ? " chance" : ""}${ply.ply === current ? " current" : ""}`,
              "data-ply": ply.ply,
              title: ply.chance ? t("board.chanceMove") : null,
              onclick: () => onLook(ply.ply),
            },
            ply.chance ? h("span", { class: "die-mark", "aria-hidden": "true" }, "⚄") : null,
            ply.notation,
          ),
        ),
      );
    });
    const here = row.cols.some((turn) => turn && turn.plies.some((p) => p.ply === current));
    list.append(h("li", { class: here ? "current-row" : null }, h("span", { class: "num" }, `${row.number}.`), cells));
  }
  return list;
}

// Scroll the list (never the page) so that the current move is in sight.
export function keepInSight(list) {
  const current = list && list.querySelector(".move-link.current");
  if (!current) {
    if (list) list.scrollTop = list.scrollHeight;
    return;
  }
  const top = current.offsetTop - list.offsetTop;
  if (top < list.scrollTop) list.scrollTop = top - 4;
  else if (top + current.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + current.offsetHeight - list.clientHeight + 4;
  const left = current.offsetLeft - list.offsetLeft;
  if (left < list.scrollLeft || left + current.offsetWidth > list.scrollLeft + list.clientWidth) list.scrollLeft = left - 8;
}
