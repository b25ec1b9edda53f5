// Fairness you can see in words (fairness.js): a photo finish's rows on one time line and their margin, its sentence
// for a screen reader, and a player's network time. Run with `node --test Tests/web/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { networkTimeText, photoFinishRows, photoFinishSentence } from "../../Sources/SnapServer/Public/js/fairness.js";
import { announcement } from "../../Sources/SnapServer/Public/js/announcer.js";
import { TableState } from "../../Sources/SnapServer/Public/js/table_state.js";
import { speak } from "./catalogues.mjs";

const NAMES = ["Ann", "Ray", "Lucy", "Steve"];
const nameOf = (seat) => NAMES[seat];
/** The golden vector's photo finish: Ann, with a 200 ms head start, beat Lucy by 42 ms. */
const CALLS = [
  { seat: 0, elapsed: 212_000, reaction: 180_500, allowance: 62_250, headStart: 200 },
  { seat: 2, elapsed: 95_000, reaction: 23_000, allowance: 72_000, headStart: 0 },
];

test("a photo finish's rows say plain numbers that add up, on one time line scaled to the longest call", () => {
  speak("en");
  const { margin, rows } = photoFinishRows(CALLS, nameOf);
  assert.equal(margin, "Ann by 43 ms", "as the call's margin says 42.5 ms");
  assert.deepEqual(rows.map((row) => row.label), [
    "Ann — reaction 181 ms · network −31 ms · head start −200 ms",
    "Lucy — reaction 23 ms · network −72 ms",
  ]);
  assert.deepEqual(rows.map((row) => row.winner), [true, false]);
  const [ann, lucy] = rows;
  assert.equal(ann.elapsedEnd, 1, "the longest call fills the line");
  assert.equal(ann.reactionEnd, 180_500 / 212_000);
  assert.equal(ann.ranked, 0, "a head start longer than the reaction is ranked from the card");
  assert.equal(lucy.elapsedEnd, 95_000 / 212_000);
  assert.equal(lucy.ranked, lucy.reactionEnd, "no head start: ranked at the reaction's end");
});

test("a margin under a millisecond says so, and one of the four-call vector ranks by head starts", () => {
  speak("en");
  const tie = [
    { seat: 1, elapsed: 150_000, reaction: 150_000, allowance: 0, headStart: 0 },
    { seat: 3, elapsed: 160_000, reaction: 150_400, allowance: 10_000, headStart: 0 },
  ];
  assert.equal(photoFinishRows(tie, nameOf).margin, "Ray by <1 ms");
  const four = [
    { seat: 3, elapsed: 150_000, reaction: 150_000, allowance: 0, headStart: 0 },
    { seat: 1, elapsed: 160_000, reaction: 152_000, allowance: 10_000, headStart: 0 },
    { seat: 0, elapsed: 400_000, reaction: 200_000, allowance: 200_000, headStart: 500 },
    { seat: 2, elapsed: 60_000_000, reaction: 60_000_000, allowance: 0, headStart: 100 },
  ];
  const { margin, rows } = photoFinishRows(four, nameOf);
  assert.equal(margin, "Steve by 2 ms");
  assert.equal(rows.length, 4);
  assert.equal(rows[2].label, "Ann — reaction 200 ms · network −200 ms · head start −500 ms");
  assert.equal(rows[3].label, "Lucy — reaction 60,000 ms · network −0 ms · head start −100 ms");
});

test("the photo finish is one sentence for a screen reader, the viewer as you", () => {
  speak("en");
  const { rows } = photoFinishRows(CALLS, nameOf);
  assert.equal(photoFinishSentence(rows, () => false), "Photo finish, in milliseconds: Ann 181 with 31 off for the network " +
    "and a 200 head start and Lucy 23 with 72 off for the network.");
  assert.equal(photoFinishSentence(rows, (seat) => seat === 2), "Photo finish, in milliseconds: Ann 181 with 31 off for the " +
    "network and a 200 head start and you 23 with 72 off for the network.");
  const state = TableState.fromSnapshot({
    viewer: 2, phase: "playing", winner: null, round: 1, host: 0, startingSeat: 0, active: 1, hasTurned: false,
    seats: NAMES.map((name) => ({ id: name, name, isComputer: false, closedCount: 13, gamesWon: 0, open: [] })),
    calls: [], stop: null,
  });
  const said = announcement({ kind: "photoFinish", calls: CALLS, at: 0 }, state);
  assert.equal(said.kind, "photo");
  assert.match(said.text, /and you 23 with 72 off/);
});

test("a player's network time in words, by where the figures come from", () => {
  speak("en");
  assert.equal(networkTimeText(null), "Asking the server…");
  assert.equal(networkTimeText({ source: 0, median: 41_500, mostTakenOff: 62_250, samples: 16 }),
    "Network time 42 ms · the judge takes off at most 62 ms");
  assert.equal(networkTimeText({ source: 0, median: 300, mostTakenOff: 10_300, samples: 2 }),
    "Network time <1 ms · the judge takes off at most 10 ms");
  assert.equal(networkTimeText({ source: 1, median: 0, mostTakenOff: 0, samples: 0 }), "Not measured yet");
  assert.equal(networkTimeText({ source: 2, median: 0, mostTakenOff: 0, samples: 0 }), "Disconnected");
  assert.equal(networkTimeText({ source: 3, median: 0, mostTakenOff: 0, samples: 0 }, true), "Computer player: no network");
  assert.equal(networkTimeText({ source: 3, median: 0, mostTakenOff: 0, samples: 0 }, false),
    "On the server's own machine: no network");
});

test("every language says the photo finish and network times with their numbers filled in", () => {
  for (const tag of ["en", "nl", "de", "fr", "es", "pt-BR", "ja"]) {
    speak(tag);
    const { margin, rows } = photoFinishRows(CALLS, nameOf);
    const texts = [margin, ...rows.map((row) => row.label), photoFinishSentence(rows, (seat) => seat === 0),
      networkTimeText({ source: 0, median: 41_500, mostTakenOff: 62_250, samples: 16 })];
    for (const text of texts) assert.doesNotMatch(text, /[{}]|(photo|network|announce)\.[a-zA-Z]/, `${tag}: ${text}`);
    assert.match(rows[0].label, /181.*31.*200/, tag);
    assert.match(margin, /43/, tag);
  }
  speak("en");
});
