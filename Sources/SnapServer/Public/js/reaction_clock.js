// How long the player took to call Snap! (CallSnap, docs/PROTOCOL.md): from the frame that showed the
// latest turned card's face (before any card of the round: the frame that drew DealFinished) to the press,
// on the performance.now clock. No DOM, so it runs under `node --test`.

import { MAX_REACTION_US } from "./codec.js";

/** The events a reaction counts from; tableShown is a Snapshot that showed new cards. */
const REFERENCES = new Set(["cardTurned", "dealFinished", "tableShown"]);

export class ReactionClock {
  #awaiting = null;
  /** When the latest reference event was drawn (ms), or null before any. */
  drawnAt = null;

  /** The model applied `event`: a reference counts from the frame that draws it. */
  applied(event) {
    if (REFERENCES.has(event.kind)) this.#awaiting = event;
  }

  /** The renderer first showed `event` in the frame of `time`. */
  drawn(event, time) {
    if (event !== this.#awaiting) return;
    this.#awaiting = null;
    this.drawnAt = time;
  }

  /** The reaction of a press at `pressTime` (ms), in whole µs from 0 to a minute; a press before the newest
   * card is drawn counts from the one drawn before it (what was on the screen). */
  reaction(pressTime) {
    if (this.drawnAt === null) return MAX_REACTION_US;
    return Math.min(MAX_REACTION_US, Math.max(0, Math.round((pressTime - this.drawnAt) * 1000)));
  }
}

/** When a press happened (ms): the event's timeStamp when on performance.now's clock, else `now`. */
export function pressTime(timeStamp, now) {
  return Number.isFinite(timeStamp) && timeStamp > 0 && timeStamp <= now ? timeStamp : now;
}
