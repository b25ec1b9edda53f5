// What the table says, in one place and in plain sentence case, in the page's language (i18n.js): the status line
// by its kind, the notices by the table event they tell of, the round's standings and the clocks. No DOM, so it
// runs under `node --test`.

import { catalogue, t } from "./i18n.js";

/** "1 card", "12 cards". */
export const cards = (count) => t("table.cards", { count });

/** "1 win", "0 wins". */
export const wins = (count) => t("table.wins", { count });

/**
 * The status line, by status kind (TableStatus.status): `name` is who it is about, `you` whether that is the
 * viewer, and `device` ("touch" or "pointer") how the person plays, for the lines that say what to press.
 */
export const STATUS = {
  waitingForPlayers: () => t("status.waitingForPlayers"),
  dealing: () => t("status.dealing"),
  yourTurn: (_, { device = "touch" } = {}) =>
    t(device === "pointer" ? "status.yourTurn.pointer" : "status.yourTurn.touch"),
  playersTurn: (name) => t("status.playersTurn", { name }),
  next: (name, { you = false } = {}) => (you ? t("status.next.you") : t("status.next", { name })),
  mustPay: (name, { you = false } = {}) => (you ? t("status.mustPay.you") : t("status.mustPay", { name })),
  // "Match!" only once a correct call has been judged (RULES.md, "Status lines people expect to see").
  receivesCards: (name) => t("status.receivesCards", { name }),
  youReceiveCards: () => t("status.receivesCards.you"),
  winner: (name, { you = false } = {}) => (you ? t("status.winner.you") : t("status.winner", { name })),
  abandoned: () => t("status.abandoned"),
  timeUp: () => t("status.timeUp"),
  suddenDeath: () => t("status.suddenDeath"),
};

/** Notices, by the table event they tell of; `name` is the player's display name. */
export const NOTICE = {
  playerJoined: (name) => t("notice.playerJoined", { name }),
  /** `given` lists who got the leaver's `count` cards (givenTo: "you", "Ray (3)"). */
  playerLeft: (name, count, given) =>
    count > 0 ? t("notice.playerLeft.cards", { name, count, given: listed(given) }) : t("notice.playerLeft", { name }),
  hostChanged: (name, { you = false } = {}) => (you ? t("notice.hostChanged.you") : t("notice.hostChanged", { name })),
  connectionLost: (name) => t("notice.connectionLost", { name }),
  connectionBack: (name) => t("notice.connectionBack", { name }),
};

/** Who got a leaver's cards, as a notice lists them: "you", or "Ray (3)" when several shared them. */
export function givenTo(name, count, { you = false, shared = false } = {}) {
  const who = you ? t("notice.given.you") : name;
  return shared ? t("notice.given.count", { name: who, count }) : who;
}

/** Getting back into a seat after the page was reloaded, closed or opened again (main.js, seat_tokens.js). */
export const SEAT = {
  resuming: (code) => t("seat.resuming", { code }),
  resumingSolo: () => t("seat.resumingSolo"),
  resumed: () => t("seat.resumed"),
  lost: (code) => t("seat.lost", { code }),
  soloLost: () => t("seat.soloLost"),
  /** This page's seat went to another tab or window that came back into it (`code` null: single player). */
  replaced: (code) => (code ? t("seat.replaced", { code }) : t("seat.replaced.solo")),
};

/** What the round's result says under the standings about the next round (`players`: seated now). */
export function nextRoundHint({ isHost, players, hostName }) {
  if (players < 2) return isHost ? t("result.needPlayers.host") : t("result.needPlayers");
  return isHost ? "" : t("result.waitingForHost", { host: hostName });
}

/** "a", "a and b", "a, b and c", in the page's language. */
export function listed(items) {
  return catalogue().list(items);
}

/**
 * A call's margin (µs; null: nobody else called in time) in words: "Snap! — Ann, by 12 ms", or null; `you`: the
 * caller is the viewer.
 */
export function marginText(name, margin, { you = false } = {}) {
  if (margin == null) return null;
  const ms = margin < 1000 ? "<1" : Math.round(margin / 1000);
  return you ? t("margin.call.you", { ms }) : t("margin.call", { name, ms });
}

/** Milliseconds left as m:ss, whole seconds counted up. */
export function clockText(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** What a table's round setting (seconds, 0: classic) means, in a sentence. */
export const ROUND_ABOUT = (round) =>
  round > 0 ? t("round.about.quick", { count: round / 60 }) : t("round.about.classic");
