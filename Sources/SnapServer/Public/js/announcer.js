// What a screen reader hears of the table: every event a player needs, in the page's language, through one polite
// live region (#announcer), and never faster than it can be heard (docs/WEB_CLIENT.md, "Screen readers").
// `announcement` and `compose` are the words, with no DOM, so they run under `node --test`; `Announcer` gathers
// them and says each batch once.

import { cardName } from "./card_faces.js";
import { photoFinishRows, photoFinishSentence } from "./fairness.js";
import { catalogue, t } from "./i18n.js";
import { STATUS } from "./words.js";

/** "One minute left" is said this long before a quick round's end (ms). */
export const MINUTE = 60_000;
/** Events that come together (a verdict and its timing, a turn and the next activation) wait this long (ms). */
export const GATHER_MS = 250;
/** The least time between two things said (ms): what comes meanwhile is said together, the stale parts left out. */
export const GAP_MS = 1200;

/** A call's words by its verdict: [another player's, the viewer's]. */
const CALL = {
  correct: ["announce.snap.correct", "announce.snap.correct.you"],
  wrong: ["announce.snap.wrong", "announce.snap.wrong.you"],
  tooLate: ["announce.snap.tooLate", "announce.snap.tooLate.you"],
  falseStart: ["announce.snap.falseStart", "announce.snap.falseStart.you"],
};
/** A margin's words, by whether it was under a millisecond: [another player's, the viewer's]. */
const MARGIN = {
  close: ["announce.margin.close", "announce.margin.close.you"],
  ms: ["announce.margin", "announce.margin.you"],
};

/** Kinds of which only the latest is worth saying: the card just turned, whose turn it is. */
const LATEST_ONLY = new Set(["turned", "active"]);

/**
 * What one table event (already applied to `model`) gives a screen reader: `{kind, text}`, or for payments and
 * collected piles the parts that `compose` puts into one sentence; null when there is nothing to say.
 */
export function announcement(event, model) {
  const viewer = model.view.viewer;
  const isYou = (seat) => seat !== null && seat === viewer;
  const name = (seat) => model.displayName(seat);
  const line = (kind, text) => ({ kind, text });
  switch (event.kind) {
    case "dealFinished":
      return line("dealt", t("announce.dealt"));
    case "cardTurned": {
      const card = cardName(event.card);
      return line("turned", isYou(event.seat) ? t("announce.turned.you", { card })
        : t("announce.turned", { name: name(event.seat), card }));
    }
    case "activated":
      return line("active", isYou(event.seat) ? t("announce.yourTurn") : t("announce.playersTurn", { name: name(event.seat) }));
    case "snapCalled": {
      const [theirs, yours] = CALL[event.verdict.kind];
      return line("call", isYou(event.seat) ? t(yours) : t(theirs, { name: name(event.seat) }));
    }
    case "callTimed": {
      if (event.margin == null) return null;
      const keys = event.margin < 1000 ? MARGIN.close : MARGIN.ms;
      const key = keys[isYou(event.seat) ? 1 : 0];
      return line("margin", t(key, { name: name(event.seat), count: Math.round(event.margin / 1000) }));
    }
    case "photoFinish":
      return line("photo", photoFinishSentence(photoFinishRows(event.calls, name).rows, isYou));
    case "cardPaid":
      return { kind: "paid", from: event.from, fromName: name(event.from), fromYou: isYou(event.from),
               toName: isYou(event.to) ? null : name(event.to) };
    case "pileCollected":
      return { kind: "collected", to: event.to, toName: name(event.to), toYou: isYou(event.to), count: event.count };
    case "playerOut":
      return line("out", isYou(event.seat) ? t("announce.out.you") : t("announce.out", { name: name(event.seat) }));
    case "timeUp":
      return line("timeUp", STATUS.timeUp());
    case "suddenDeath":
      return line("suddenDeath", STATUS.suddenDeath());
    case "roundWon":
      return line("won", STATUS.winner(name(event.seat), { you: isYou(event.seat) }));
    case "roundAbandoned":
      return line("abandoned", STATUS.abandoned());
    default:
      return null;
  }
}

/** "One minute left." */
export const minuteLeft = () => ({ kind: "minute", text: t("announce.minuteLeft") });

/**
 * One batch of announcements as one text: only the latest card turned and the latest activation, each payer's
 * cards in one sentence ("Lucy pays you, Ray and Steve a card each."), each collector's piles in one.
 */
export function compose(items) {
  const kept = items.filter((item, index) =>
    !LATEST_ONLY.has(item.kind) || !items.slice(index + 1).some((later) => later.kind === item.kind));
  const sentences = [];
  const payments = new Map();
  const collections = new Map();
  for (const item of kept) {
    if (item.kind === "paid") {
      if (!payments.has(item.from)) {
        payments.set(item.from, { ...item, to: [] });
        sentences.push(payments.get(item.from));
      }
      payments.get(item.from).to.push(item.toName);
    } else if (item.kind === "collected") {
      if (!collections.has(item.to)) {
        collections.set(item.to, { ...item, count: 0 });
        sentences.push(collections.get(item.to));
      }
      collections.get(item.to).count += item.count;
    } else {
      sentences.push(item);
    }
  }
  return sentences.map(sentence).join(" ");
}

function sentence(item) {
  if (item.kind === "paid") {
    const count = item.to.length;
    if (count === 1 && item.to[0] === null) return t("announce.pays.toYou", { name: item.fromName });
    const to = catalogue().list(item.to.map((name) => name ?? t("announce.you")));
    return item.fromYou ? t("announce.pays.you", { to, count }) : t("announce.pays", { name: item.fromName, to, count });
  }
  if (item.kind === "collected") {
    return item.toYou ? t("announce.collects.you", { count: item.count })
      : t("announce.collects", { name: item.toName, count: item.count });
  }
  return item.text;
}

/**
 * Says the table's events through `write(text)`: what comes within GATHER_MS together, and then no sooner than
 * GAP_MS after the last thing said; "one minute left" on time from the round's clock. The clock and the timers
 * are injected, for the tests.
 */
export class Announcer {
  #pending = [];
  #timer = null;
  #minuteTimer = null;
  #lastSaid = -Infinity;

  constructor({
    write,
    now = () => performance.now(),
    setTimer = (run, ms) => setTimeout(run, ms),
    clearTimer = (timer) => clearTimeout(timer),
  } = {}) {
    Object.assign(this, { write, now, setTimer, clearTimer });
  }

  /** One table event, already applied to `model`. */
  event(event, model) {
    this.#watchTheClock(event);
    const item = announcement(event, model);
    if (item) this.#add(item);
  }

  /** Forgets what was not said yet (a new table, a Snapshot, leaving). */
  reset() {
    this.#pending = [];
    for (const timer of [this.#timer, this.#minuteTimer]) if (timer !== null) this.clearTimer(timer);
    this.#timer = null;
    this.#minuteTimer = null;
  }

  #add(item) {
    this.#pending.push(item);
    if (this.#timer !== null) return;
    const wait = Math.max(GATHER_MS, this.#lastSaid + GAP_MS - this.now());
    this.#timer = this.setTimer(() => this.#say(), wait);
  }

  #say() {
    this.#timer = null;
    const text = compose(this.#pending);
    this.#pending = [];
    if (!text) return;
    this.#lastSaid = this.now();
    this.write(text);
  }

  #watchTheClock(event) {
    const ends = ["roundClock", "timeUp", "roundWon", "roundAbandoned", "roundStarted"];
    if (!ends.includes(event.kind)) return;
    if (this.#minuteTimer !== null) this.clearTimer(this.#minuteTimer);
    this.#minuteTimer = null;
    if (event.kind !== "roundClock") return;
    const until = event.endsAt - MINUTE - this.now();
    if (until > 0) {
      this.#minuteTimer = this.setTimer(() => {
        this.#minuteTimer = null;
        this.#add(minuteLeft());
      }, until);
    }
  }
}
