// The keys of the game page, as on lichess: ← → step through the moves (the position
// shown read-only), Home/↑ to the start, End/↓ back to the game, `f` flips the board,
// Esc cancels a selection or a premove. Keys typed into a text field are the field's.

export function bindKeys(actions) {
  const handler = (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.target.closest && e.target.closest("input, textarea, select, [contenteditable]")) {
      if (e.key === "Escape") e.target.blur();
      return;
    }
    const action = {
      ArrowLeft: actions.back,
      ArrowRight: actions.forward,
      Home: actions.first,
      ArrowUp: actions.first,
      End: actions.last,
      ArrowDown: actions.last,
      f: actions.flip,
      F: actions.flip,
      Escape: actions.cancel,
    }[e.key];
    if (!action) return;
    e.preventDefault();
    action();
  };
  document.addEventListener("keydown", handler);
  return () => document.removeEventListener("keydown", handler);
}
