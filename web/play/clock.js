// A game's two clocks: minutes each and seconds added after each move. The side to move's
// clock runs; the game ends when it reaches zero.

/** The time controls offered: untimed, the federation's 45 minutes, and blitz. */
export const TIME_CONTROLS = {
  none: null,
  '45+0': { minutes: 45, increment: 0 },
  '10+0': { minutes: 10, increment: 0 },
  '5+0': { minutes: 5, increment: 0 },
  '3+2': { minutes: 3, increment: 2 },
};

export class Clock {
  /** @param control `{ minutes, increment }`; `now` a clock in milliseconds (for tests) */
  constructor(control, now = () => performance.now()) {
    this.increment = control.increment * 1000;
    this.left = { white: control.minutes * 60_000, black: control.minutes * 60_000 };
    this.running = null;
    this.since = 0;
    this.now = now;
  }

  /** The milliseconds `side` has left now. */
  remaining(side) {
    const base = this.left[side];
    return this.running === side ? Math.max(0, base - (this.now() - this.since)) : base;
  }

  /** Starts `side`'s clock (the other stops). */
  start(side) {
    this.stop();
    this.running = side;
    this.since = this.now();
  }

  /** Stops the running clock, its time kept. */
  stop() {
    if (this.running !== null) {
      this.left[this.running] = this.remaining(this.running);
      this.running = null;
    }
  }

  /** `side` has moved: its clock stops and gains the increment, the other's starts. */
  moved(side) {
    if (this.running === side) this.stop();
    this.left[side] += this.increment;
    this.start(side === 'white' ? 'black' : 'white');
  }

  /** The side whose time has run out, or null. */
  flagged() {
    for (const side of ['white', 'black']) if (this.remaining(side) <= 0) return side;
    return null;
  }

  /** The state to save: the times left and the running side. */
  toJSON() {
    return { white: this.remaining('white'), black: this.remaining('black'), running: this.running, increment: this.increment };
  }

  /** A clock from a saved state (its running side's time counted from now). */
  static from(saved, now) {
    const c = new Clock({ minutes: 0, increment: 0 }, now);
    c.increment = saved.increment;
    c.left = { white: saved.white, black: saved.black };
    if (saved.running) c.start(saved.running);
    return c;
  }
}

/** `m:ss`, or `h:mm:ss`, or `s.t` under ten seconds. */
export function formatTime(ms) {
  if (ms < 10_000) return `${Math.floor(ms / 1000)}.${Math.floor((ms % 1000) / 100)}`;
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
