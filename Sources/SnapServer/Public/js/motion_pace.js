// How fast the cards may fly, from how fast the table's events come (the server sets the pace). Flights are
// shortened to fit the time between events, so that cards never bunch, and left out when it is too short.
// Events within a burst (the three CardPaid of one wrong call) are one beat. No DOM, no clock of its own.

/** A card's flight when events come slowly, in milliseconds. */
export const FLIGHT_MS = 420;
/** Events within this many ms of a beat's first event belong to that beat. */
export const BURST_MS = 40;
/** A shorter flight is not worth drawing: the cards just appear. */
export const MIN_FLIGHT_MS = 90;
/** One card's flight in the deal, from the middle to a closed pile. */
export const DEAL_FLIGHT_MS = 320;
/** How long a slow enough deal's cards take to fly out, first to last. */
export const DEAL_SPREAD_MS = 1500;
/** How many of the last gaps between beats the pace follows. */
const GAPS_KEPT = 3;
/** Longer gaps count as this long. */
const MAX_GAP_MS = 1000;
/** The share of the gap a flight may take. */
const SHARE = 0.8;

/** Follows the beats of motion and says how long the next flights may take. */
export class MotionPace {
  #beat = 0;
  #beatStart = -Infinity;
  #gaps = [];
  #dealStart = null;
  /** How long the last deal lasted, from DealCards to DealFinished. */
  #dealMs = Infinity;

  /** The current beat: a number, one up for each beat. */
  get beat() {
    return this.#beat;
  }

  /** Marks motion at `now` (ms); returns the beat it belongs to. */
  mark(now) {
    if (now - this.#beatStart >= BURST_MS) {
      if (Number.isFinite(this.#beatStart)) {
        this.#gaps.push(Math.min(now - this.#beatStart, MAX_GAP_MS));
        if (this.#gaps.length > GAPS_KEPT) this.#gaps.shift();
      }
      this.#beatStart = now;
      this.#beat += 1;
    }
    return this.#beat;
  }

  /** The share of its usual time a flight may take now (0: no flight). */
  get scale() {
    if (this.#gaps.length === 0) return 1;
    const gap = this.#gaps.reduce((sum, value) => sum + value, 0) / this.#gaps.length;
    const duration = Math.min(FLIGHT_MS, gap * SHARE);
    return duration < MIN_FLIGHT_MS ? 0 : duration / FLIGHT_MS;
  }

  /** A deal began at `now`. */
  dealStarted(now) {
    this.#dealStart = now;
  }

  /** The deal is over at `now`: the next one is spread to fit its length. */
  dealFinished(now) {
    if (this.#dealStart !== null) this.#dealMs = now - this.#dealStart;
    this.#dealStart = null;
  }

  /**
   * How a deal's cards fly, `{flight, spread}` (ms): each for `flight`, taking off one after another over
   * `spread`, quicker when the last deal was shorter; null when no card has the time to fly.
   */
  get deal() {
    const flight = Math.min(DEAL_FLIGHT_MS, this.#dealMs * 0.4);
    if (flight < MIN_FLIGHT_MS) return null;
    return { flight, spread: Math.max(0, Math.min(DEAL_SPREAD_MS, this.#dealMs - flight - 100)) };
  }

  /** Forgets the past beats (a new table, or a Snapshot replacing the view). */
  reset() {
    this.#gaps = [];
    this.#beatStart = -Infinity;
  }
}
