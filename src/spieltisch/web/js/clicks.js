// The view's one click rule: keep the clicks made so far; the ids that extend them
// towards a legal move are highlighted; a completed path is the move. No rules here.

export class Clicks {
  constructor(moves) {
    this.moves = moves || [];
    this.clicks = [];
  }

  // The moves whose path starts with the clicks made so far.
  matching(clicks = this.clicks) {
    return this.moves.filter((m) => clicks.every((id, i) => m.path[i] === id));
  }

  // The ids that may be clicked next.
  next() {
    const n = this.clicks.length;
    const ids = new Set();
    for (const m of this.matching()) if (m.path.length > n) ids.add(m.path[n]);
    return ids;
  }

  // The move whose path is exactly the clicks, or null.
  moveFor(clicks = this.clicks) {
    return (
      this.moves.find((m) => m.path.length === clicks.length && clicks.every((id, i) => m.path[i] === id)) || null
    );
  }

  // Click `id`: returns the move when the path is complete, else null. A click that does
  // not extend the path starts again from it (or resets when it starts nothing).
  click(id) {
    if (this.next().has(id)) {
      this.clicks.push(id);
    } else {
      this.clicks = [];
      if (this.next().has(id)) this.clicks.push(id);
    }
    const move = this.moveFor();
    if (move) this.clicks = [];
    return move;
  }

  reset() {
    this.clicks = [];
  }
}
