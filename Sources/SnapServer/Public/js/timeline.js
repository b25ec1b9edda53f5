// A replay's timeline, with no DOM: which moment shows at a time, seeking and stepping, the speeds, the
// playback clock (paused or running at a speed) and the marks of the Snap! calls on the scrubber.
// replay_page.js draws what it says; `node --test Tests/web/` tests it.

/** The speeds a replay plays at, slowest first. */
export const SPEEDS = [0.5, 1, 2, 4, 8];

/**
 * The index of the moment showing at `t` (ms): the last whose time is at or before `t`; 0 before the first.
 * `times` is sorted (the moments' `t_ms`).
 */
export function momentAt(times, t) {
  let low = 0;
  let high = times.length - 1;
  if (high < 0 || t < times[0]) return 0;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (times[middle] <= t) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The moment one step from `index` (`by` +1 forward, -1 back), kept within the moments. */
export function step(times, index, by) {
  return Math.min(Math.max(index + by, 0), Math.max(times.length - 1, 0));
}

/** The next speed up (`by` +1) or down (-1) from `speed`, kept within SPEEDS. */
export function nextSpeed(speed, by) {
  const index = SPEEDS.indexOf(speed);
  const from = index === -1 ? SPEEDS.indexOf(1) : index;
  return SPEEDS[Math.min(Math.max(from + by, 0), SPEEDS.length - 1)];
}

/** A speed as people read it: "½×", "1×", "8×". */
export function speedText(speed) {
  return speed === 0.5 ? "½×" : `${speed}×`;
}

/** Milliseconds as m:ss, whole seconds counted down (0:00 at the start). */
export function timeText(ms) {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * The marks of the Snap! calls on a scrubber of `duration` ms: `{at, fraction, verdict, name, seat}` in time
 * order, each call (`{seat, name, verdict, offset_ms}` as /api/rounds/ID gives them) at its time, within the round.
 */
export function callMarks(calls, duration) {
  return calls
    .map((call) => {
      const at = Math.min(Math.max(call.offset_ms, 0), duration);
      return { at, fraction: duration > 0 ? at / duration : 0, verdict: call.verdict, name: call.name, seat: call.seat };
    })
    .sort((a, b) => a.at - b.at);
}

/**
 * The replay's clock: a position on the round's timeline (ms) that stands still while paused and runs at a
 * speed while playing. Every method takes the real time (`now`, ms: performance.now()) at which it happens.
 */
export class PlaybackClock {
  /** @param {number} duration the round's length on its timeline (ms) */
  constructor(duration) {
    this.duration = Math.max(0, duration);
    this.speed = 1;
    this.playing = false;
    /** The position when the clock last changed, and the real time it changed. */
    this.position = 0;
    this.since = 0;
  }

  /** The position at `now`, within the round; a playing clock stops itself at the end. */
  time(now) {
    if (!this.playing) return this.position;
    const t = this.position + (now - this.since) * this.speed;
    if (t < this.duration) return t;
    this.position = this.duration;
    this.playing = false;
    return this.duration;
  }

  /** Whether the position is at the end. */
  atEnd(now) {
    return this.time(now) >= this.duration;
  }

  /** Plays from where it is; from the start when it is at the end. */
  play(now) {
    if (this.playing) return;
    if (this.atEnd(now)) this.position = 0;
    this.since = now;
    this.playing = this.duration > 0;
  }

  pause(now) {
    this.position = this.time(now);
    this.playing = false;
  }

  toggle(now) {
    if (this.playing) this.pause(now);
    else this.play(now);
  }

  /** Moves to `t` (kept within the round), playing or not as before. */
  seek(t, now) {
    this.position = Math.min(Math.max(t, 0), this.duration);
    this.since = now;
  }

  /** Plays at `speed` from now on, from where it is. */
  setSpeed(speed, now) {
    this.position = this.time(now);
    this.since = now;
    this.speed = speed;
  }

  /** How long (real ms) until the position reaches `t`, while playing; Infinity while paused or past it. */
  until(t, now) {
    const position = this.time(now);
    if (!this.playing || t < position) return Infinity;
    return (t - position) / this.speed;
  }
}
