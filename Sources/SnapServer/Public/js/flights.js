// The cards in flight: deals, turns, collected piles, payments and a leaver's cards, laid over the table the
// model has already drawn (docs/WEB_CLIENT.md, "Motion"). Every flight belongs to the seats whose piles it moves
// and to a beat; a newer event on the same seats lands the older flights at once.

import { colour, faceSVG } from "./card_faces.js";
import { FLIGHT_MS, MotionPace } from "./motion_pace.js";

/** At most this many cards fly at once (a deal is 52). */
const MAX_FLYERS = 90;
const ALL_SEATS = [0, 1, 2, 3];

/** The seats whose piles an event moves cards between. */
export function seatsMoved(event) {
  switch (event.kind) {
    case "dealt":
    case "dealFinished":
      return ALL_SEATS;
    case "cardTurned":
    case "recycled":
    case "openPileTurnedUnder":
      return [event.seat];
    case "pileCollected":
    case "cardPaid":
      return [event.from, event.to];
    case "playerLeft":
      return [event.seat, ...event.handedOutTo];
    default:
      return [];
  }
}

/** The motion over the table. */
export class Flights {
  /** The motion under way, each `{animation, seats, beat}`. */
  #flights = new Set();
  #pace = new MotionPace();

  /**
   * @param {Document} doc
   * @param {(model, seat: number) => object} seatParts the drawn parts of a seat (its piles)
   */
  constructor(doc, seatParts) {
    this.doc = doc;
    this.flyers = doc.getElementById("flyers");
    this.seatParts = seatParts;
  }

  /** Lands everything at once: nothing is in the air. */
  landAll() {
    this.#land(ALL_SEATS, Infinity);
  }

  /** Drops the motion in flight (the model was replaced). */
  reset() {
    for (const flight of this.#flights) flight.animation.cancel();
    this.#flights.clear();
    this.flyers.replaceChildren();
    this.#pace.reset();
  }

  /** Starts the motion of `events`, drawn at `now`; `before` is what the previous frame drew per seat. */
  start(model, events, before, now) {
    const moving = events.filter((event) => seatsMoved(event).length > 0);
    if (moving.length === 0) return;
    const beat = this.#pace.mark(now);
    // What still flies to or from these piles belongs to an older event: it lands now.
    this.#land([...new Set(moving.flatMap(seatsMoved))], beat);
    const scale = this.#pace.scale;
    const flight = FLIGHT_MS * scale;
    let payments = 0;
    for (const event of moving) {
      switch (event.kind) {
        case "dealt":
          this.#pace.dealStarted(now);
          this.#deal(model, event.counts, beat);
          break;
        case "dealFinished":
          this.#pace.dealFinished(now);
          break;
        case "cardTurned":
          if (scale > 0) this.#turn(model, event.seat, event.card, flight, beat);
          break;
        case "recycled":
        case "openPileTurnedUnder": {
          if (scale === 0) break;
          const parts = this.seatParts(model, event.seat);
          const top = before[event.seat]?.top ?? null;
          const seats = [event.seat];
          const options = { face: top, turn: top ? "down" : "none", duration: flight };
          this.#fly(parts.open, parts.closed, options, seats, beat);
          if ((before[event.seat]?.closed ?? 0) === 0) this.#hideUntilLanded(parts.closed, flight, seats, beat);
          break;
        }
        case "pileCollected": {
          if (scale === 0) break;
          const from = this.seatParts(model, event.from);
          const to = this.seatParts(model, event.to);
          const top = before[event.from]?.top ?? null;
          const seats = [event.from, event.to];
          const extra = Math.min(event.count - 1, 3);
          for (let index = extra; index >= 1; index -= 1) {
            this.#fly(from.open, to.closed, { delay: index * 70 * scale, duration: flight }, seats, beat);
          }
          const options = { face: top, turn: top ? "down" : "none", lift: 30, duration: flight };
          this.#fly(from.open, to.closed, options, seats, beat);
          break;
        }
        case "cardPaid": {
          if (scale === 0) break;
          const from = this.seatParts(model, event.from);
          const to = this.seatParts(model, event.to);
          const options = { delay: payments * 140 * scale, lift: 20, duration: flight };
          this.#fly(from.closed, to.closed, options, [event.from, event.to], beat);
          payments += 1;
          break;
        }
        case "playerLeft": {
          if (scale === 0) break;
          const from = this.seatParts(model, event.seat);
          const step = Math.min(90, 2400 / Math.max(1, event.handedOutTo.length)) * scale;
          event.handedOutTo.forEach((seat, index) => {
            const options = { delay: index * step, duration: flight };
            this.#fly(from.piles, this.seatParts(model, seat).closed, options, [seat], beat);
          });
          break;
        }
        default:
          break;
      }
    }
  }

  /** Cards fly from the middle one at a time, clockwise from the starting player. */
  #deal(model, counts, beat) {
    const pace = this.#pace.deal;
    if (!pace) return;
    const left = new Map(counts.filter((item) => item.count > 0).map((item) => [item.seat, item.count]));
    const start = model.view.startingSeat ?? 0;
    const order = ALL_SEATS.map((step) => (start + step) % 4).filter((seat) => left.has(seat));
    const total = [...left.values()].reduce((sum, count) => sum + count, 0);
    if (total === 0) return;
    const step = Math.min(40, pace.spread / total);
    const deck = this.doc.getElementById("deck-spot");
    const first = new Map();
    let index = 0;
    while (left.size > 0) {
      for (const seat of order) {
        if (!left.has(seat)) continue;
        const delay = index * step;
        if (!first.has(seat)) first.set(seat, delay);
        const options = { delay, duration: pace.flight, lift: 0, plain: true };
        this.#fly(deck, this.seatParts(model, seat).closed, options, [seat], beat);
        index += 1;
        const count = left.get(seat) - 1;
        if (count === 0) left.delete(seat);
        else left.set(seat, count);
      }
    }
    for (const [seat, delay] of first) {
      this.#hideUntilLanded(this.seatParts(model, seat).closed, delay + pace.flight, [seat], beat);
    }
  }

  /** A turned card shows its face in the first frame, tilted, and settles flat as it flies. */
  #turn(model, seat, card, duration, beat) {
    const parts = this.seatParts(model, seat);
    const options = { face: card, turn: "up", lift: 36, scale: 1.18, duration };
    const flies = this.#fly(parts.closed, parts.open, options, [seat], beat);
    const top = parts.open.querySelector(".card");
    if (flies && top) this.#hideUntilLanded(top, duration, [seat], beat);
  }

  /** Lands at once the motion of `seats` from beats before `beat`. */
  #land(seats, beat) {
    for (const flight of this.#flights) {
      if (flight.beat < beat && seats.some((seat) => flight.seats.includes(seat))) flight.animation.finish();
    }
  }

  /** Keeps track of one animation of `seats` until it ends. */
  #track(animation, seats, beat, done = () => {}) {
    const flight = { animation, seats, beat };
    this.#flights.add(flight);
    const end = () => {
      this.#flights.delete(flight);
      done();
    };
    animation.finished.then(end, end);
  }

  /** Keeps an element out of sight for `ms`, until a flying card lands on it. */
  #hideUntilLanded(element, ms, seats, beat) {
    const animation = element.animate?.([{ opacity: 0 }, { opacity: 0 }], { duration: ms, fill: "none" });
    if (animation) this.#track(animation, seats, beat);
  }

  /**
   * One card flying from `from` to `to` between `seats` in `beat`; returns its Animation. Options: `face`,
   * `turn` ("up": face up at once, settling flat; "down"; "none"), `delay`, `duration`, `lift`, `scale`, `plain`.
   */
  #fly(from, to, options, seats, beat) {
    const { face = null, turn = "none", delay = 0, duration = FLIGHT_MS } = options;
    const { lift = 24, scale = 1.08, plain = false } = options;
    if (!from || !to || this.flyers.childElementCount >= MAX_FLYERS) return;
    const a = from.getBoundingClientRect();
    const b = to.getBoundingClientRect();
    if (a.width === 0 || b.width === 0) return;
    const width = b.width;
    const height = b.height;
    const x0 = a.left + (a.width - width) / 2;
    const y0 = a.top + (a.height - height) / 2;
    const x1 = b.left;
    const y1 = b.top;
    const flyer = this.doc.createElement("div");
    flyer.className = plain ? "flyer plain" : "flyer";
    flyer.style.width = `${width}px`;
    flyer.style.height = `${height}px`;
    flyer.innerHTML = '<div class="back"></div>';
    if (face) flyer.innerHTML += `<div class="face ${colour(face)}">${faceSVG(face)}</div>`;
    const up = turn === "up";
    const showsFace = face && turn === "none";
    const [angle0, angle1] = up ? [150, 180] : turn === "down" ? [180, 360] : showsFace ? [180, 180] : [0, 0];
    const at = (x, y, angle, size) =>
      `translate(${x}px, ${y}px) perspective(900px) rotateY(${angle}deg) scale(${size})`;
    const frames = [
      { transform: at(x0, up ? y0 - lift / 4 : y0, angle0, up ? 1.06 : 1) },
      { transform: at((x0 + x1) / 2, (y0 + y1) / 2 - lift, up ? angle1 : (angle0 + angle1) / 2, scale), offset: 0.5 },
      { transform: at(x1, y1, angle1, 1) },
    ];
    this.flyers.append(flyer);
    const easing = "cubic-bezier(.35,.6,.35,1)";
    const animation = flyer.animate(frames, { duration, delay, easing, fill: "backwards" });
    this.#track(animation, seats, beat, () => flyer.remove());
    return animation;
  }
}
