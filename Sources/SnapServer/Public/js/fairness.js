// Fairness you can see (RULES.md, "Photo finish" and "Network time") in figures and words, with no DOM.

import { catalogue, t } from "./i18n.js";

/** A call's words in the photo finish's sentence: [another player's, the viewer's], without and with a head start. */
const SAID = [["announce.photo.call", "announce.photo.call.you"],
  ["announce.photo.call.headStart", "announce.photo.call.headStart.you"]];
/** A NetworkTime's words by its source (docs/PROTOCOL.md); 3, no network, says who. */
const SOURCES = ["network.measured", "network.notMeasured", "network.disconnected"];

/** Whole milliseconds of `us` microseconds; "<1" under one (but not for none). */
export const msText = (us) => (us > 0 && us < 1000 ? "<1" : Math.round(us / 1000));

/**
 * A PhotoFinish's calls (fastest first) as drawn: `{margin, rows}`, a row a call with its `seat`, `name`
 * (`nameOf(seat)`), `winner`, the whole ms its `label` says (`reaction`, and `network`: the rounded elapsed time
 * less it, so that they add up; `headStart`), and its time line in fractions of the longest elapsed time:
 * `reactionEnd`, `elapsedEnd` and `ranked` (less the head start: where it was ranked).
 */
export function photoFinishRows(calls, nameOf) {
  const scale = Math.max(1, ...calls.map((call) => call.elapsed));
  const ranked = (call) => call.reaction - call.headStart * 1000;
  const rows = calls.map((call, index) => {
    const reaction = Math.round(call.reaction / 1000);
    const row = { seat: call.seat, name: nameOf(call.seat), winner: index === 0, reaction,
      network: Math.round(call.elapsed / 1000) - reaction, headStart: call.headStart };
    return Object.assign(row, {
      label: t(call.headStart > 0 ? "photo.row.headStart" : "photo.row", row),
      reactionEnd: call.reaction / scale,
      elapsedEnd: call.elapsed / scale,
      ranked: Math.max(0, ranked(call)) / scale,
    });
  });
  // By how much the first won, as its CallTiming's margin says it (words.js).
  const margin = ranked(calls[1]) - ranked(calls[0]);
  return { margin: t("photo.margin", { name: rows[0].name, ms: margin < 1000 ? "<1" : Math.round(margin / 1000) }), rows };
}

/**
 * The photo finish in one sentence for a screen reader ("Photo finish, in milliseconds: Ann 181 with 31 off for the
 * network and a 200 head start and Ray 23 with 72 off for the network."); `you(seat)`: whether that is the viewer.
 */
export function photoFinishSentence(rows, you) {
  const parts = rows.map((row) => t(SAID[row.headStart > 0 ? 1 : 0][you(row.seat) ? 1 : 0], row));
  return t("announce.photo", { calls: catalogue().list(parts) });
}

/**
 * A player's network time in words ("Network time 42 ms · the judge takes off at most 62 ms"), or why there is none:
 * `answer` is the model's NetworkTime for the seat (null: not answered yet), `computer` whether the player is one.
 */
export function networkTimeText(answer, computer = false) {
  if (!answer) return t("network.asking");
  if (answer.source < 3) return t(SOURCES[answer.source], { median: msText(answer.median), most: msText(answer.mostTakenOff) });
  return t(computer ? "network.computer" : "network.local");
}
