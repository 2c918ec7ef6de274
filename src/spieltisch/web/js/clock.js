// The clocks of the game page. The server's times are the truth (`tables/clock.py`):
// each message gives the seconds left and whether a clock ticks; between messages the
// page counts down from the moment the message came. Tenths under ten seconds, a
// low-time colour, 0:00 once a flag fell.

export function formatClock(seconds) {
  const left = Math.max(0, seconds);
  if (left < 10) return `0:0${(Math.floor(left * 10) / 10).toFixed(1)}`;
  const whole = Math.floor(left);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const secs = String(whole % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${secs}` : `${minutes}:${secs}`;
}

// Seconds under which a clock counts as low: a tenth of the clock seen at the start,
// at least ten seconds and at most thirty.
export function lowTime(initial) {
  return Math.min(30, Math.max(10, (initial || 0) * 0.1));
}

export class ClockTicker {
  constructor(root, onLow) {
    this.root = root;
    this.onLow = onLow || (() => {});
    this.clocks = null;
    this.at = 0;
    this.initial = [0, 0];
    this.warned = [false, false];
    this.timer = setInterval(() => this.draw(), 100);
  }

  // A new table message: its clocks and the moment it came.
  update(clocks, running) {
    this.clocks = clocks;
    this.running = running;
    this.at = performance.now();
    if (clocks) clocks.forEach((c, i) => { this.initial[i] = Math.max(this.initial[i], c.remaining); });
    this.draw();
  }

  left(i) {
    const c = this.clocks[i];
    const spent = this.running && c.ticking ? (performance.now() - this.at) / 1000 : 0;
    return Math.max(0, c.remaining - spent);
  }

  draw() {
    if (!this.clocks) return;
    this.clocks.forEach((c, i) => {
      const el = this.root.querySelector(`[data-clock="${i}"]`);
      if (!el) return;
      const left = this.left(i);
      const text = formatClock(left);
      if (el.textContent !== text) el.textContent = text;
      const low = left < lowTime(this.initial[i]);
      el.classList.toggle("low", low);
      el.classList.toggle("ticking", !!(this.running && c.ticking));
      el.classList.toggle("flagged", left <= 0);
      if (low && this.running && c.ticking && !this.warned[i]) {
        this.warned[i] = true;
        this.onLow(i);
      }
    });
  }

  stop() {
    clearInterval(this.timer);
  }
}
