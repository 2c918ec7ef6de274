// Premoves: while the opponent thinks, a player may queue a move (as on lichess). The
// page knows no rules, so a premove is any of the player's own pieces to any other cell
// (or a piece of the player's hand to a cell); when the turn comes it is played if the
// view's legal moves have that path, else dropped with a note. Only where a turn is one
// move decided by the board alone: on grids without dice (not Okard's die-driven turns,
// not Hase und Igel's track of cards and carrots).

export function premoveAllowed(view) {
  return !!view && view.layout.kind === "grid" && (view.dice === null || view.dice === undefined);
}

// The ids a premove may start from: cells with the player's pieces, the player's hand.
export function premoveSources(view, seats) {
  const ids = new Set();
  for (const p of view.pieces) if (seats.includes(p.owner)) ids.add(p.cell);
  for (const hand of view.hands) {
    if (!seats.includes(hand.player)) continue;
    for (const item of hand.items) ids.add(item.id);
  }
  return ids;
}

// Where a premove from `from` may go: any other cell.
export function premoveTargets(view, from) {
  return new Set(view.cells.map((c) => c.id).filter((id) => id !== from));
}

// What becomes of a queued path once it is the player's turn: `{ move }` to play,
// `{ partial }` when a legal move starts with it but needs more clicks (a promotion
// choice), or null when no legal move starts with it.
export function resolvePremove(path, moves) {
  const starting = moves.filter((m) => path.every((id, i) => m.path[i] === id));
  if (!starting.length) return null;
  const exact = starting.find((m) => m.path.length === path.length);
  return exact ? { move: exact } : { partial: path.slice() };
}
