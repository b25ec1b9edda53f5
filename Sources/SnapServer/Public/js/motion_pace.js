// How fast the cards may fly, from how fast the table's events come. No DOM and no clock of its own (the
// renderer passes the time in), so it runs under `node --test`.
//
// The server decides the pace (a faster server, quick players, a wrong call paying three cards at once).
// A flight that is still under way when the next event comes makes cards bunch, so flights are shortened to
// fit the time between events, and left out when that time is too short to show anything. Events closer
// together than a burst (the three CardPaid of one wrong call) count as one beat.

/** A card's flight when events come slowly, in milliseconds. */
export const FLIGHT_MS = 420;
/** Events within this many milliseconds of a beat's first event belong to that beat. */
export const BURST_MS = 40;
/** A flight shorter than this is not worth drawing: the cards just appear where they land. */
export const MIN_FLIGHT_MS = 90;
/** One card's flight in the deal, from the middle to a closed pile. */
export const DEAL_FLIGHT_MS = 320;
/** How long the cards of a deal take to fly out, first to last, when the deal is slow enough. */
export const DEAL_SPREAD_MS = 1500;
/** How many of the last gaps between beats the pace follows. */
const GAPS_KEPT = 3;
/** Longer gaps count as this long: one slow moment does not make the next fast ones slow. */
const MAX_GAP_MS = 1000;
/** The share of the gap a flight may take, leaving a moment between one landing and the next take-off. */
const SHARE = 0.8;

/** Follows the beats of motion and says how long the next flights may take. */
export class MotionPace {
  #beat = 0;
  #beatStart = -Infinity;
  #gaps = [];
  #dealStart = null;
  /** How long the last deal lasted, from DealCards to DealFinished (the server's speed decides it). */
  #dealMs = Infinity;

  /** The current beat: a number, one up for each beat. */
  get beat() {
    return this.#beat;
  }

  /**
   * Marks motion at `now` (milliseconds); returns the beat it belongs to.
   *
   * @param {number} now
   * @returns {number}
   */
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

  /**
   * How much of its usual time a flight may take now: 1 when events come slowly, less as they come
   * faster, 0 (no flight at all) when the next event is likely to come before a flight could show.
   *
   * @returns {number} between 0 and 1
   */
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

  /** The deal that began at `dealStarted` is over at `now`: the next deal is spread to fit its length. */
  dealFinished(now) {
    if (this.#dealStart !== null) this.#dealMs = now - this.#dealStart;
    this.#dealStart = null;
  }

  /**
   * How a deal's cards fly: each for `flight` milliseconds, taking off one after another over `spread`
   * milliseconds. The usual deal, or a quicker one when the last deal was shorter, so that the last card
   * lands as the deal ends; null when the last deal was too short for any card to fly.
   *
   * @returns {?{flight: number, spread: number}}
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
