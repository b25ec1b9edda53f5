// What a screen reader hears (announcer.js): every event a player needs, in the page's language, said in batches
// no faster than GAP_MS, with stale turns left out and nothing else dropped. Run with `node --test Tests/web/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  Announcer, GAP_MS, GATHER_MS, MINUTE, announcement, compose,
} from "../../Sources/SnapServer/Public/js/announcer.js";
import { LANGUAGES } from "../../Sources/SnapServer/Public/js/i18n.js";
import { decodeFrame } from "../../Sources/SnapServer/Public/js/codec.js";
import { TableState } from "../../Sources/SnapServer/Public/js/table_state.js";
import { hexToBytes } from "./codec_json.mjs";
import { speak } from "./catalogues.mjs";

const fixture = JSON.parse(readFileSync(new URL("./fixtures/recorded_games.json", import.meta.url)));
const decode = (hex) => decodeFrame(hexToBytes(hex)).packet;

const player = (name, closedCount = 10, open = []) => ({
  id: name.toLowerCase(), name, isComputer: name !== "Ann", closedCount, gamesWon: 0, open,
});

/** Ann (the viewer, bottom), Ray, Lucy and Steve at play. */
function table(viewer = 0) {
  return TableState.fromSnapshot({
    viewer, phase: "playing", winner: null, round: 1, host: 0, startingSeat: 0, active: 0, hasTurned: false,
    seats: [player("Ann"), player("Ray"), player("Lucy"), player("Steve")], calls: [], stop: null,
  });
}

/** The events of `packets` applied to `model`, each with what it says. */
function said(model, ...packets) {
  return packets.flatMap((packet) => {
    const { events } = model.applyPacket(packet, 0);
    return events.map((event) => announcement(event, model)).filter(Boolean);
  });
}

/** Timers run by hand: `advance(ms)` fires what is due, in order. */
function manualTimers() {
  let now = 0;
  let next = 1;
  const due = new Map();
  return {
    now: () => now,
    setTimer: (run, ms) => {
      due.set(next, { at: now + ms, run });
      return next++;
    },
    clearTimer: (id) => due.delete(id),
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const [id, timer] = [...due].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0] ?? [];
        if (id === undefined) break;
        due.delete(id);
        now = timer.at;
        timer.run();
      }
      now = until;
    },
  };
}

test("each event a player needs is said in words, naming who and which card", () => {
  speak("en");
  const model = table();
  const lines = said(model,
    { type: "CardTurned", seat: 1, card: { suit: 2, value: 7 } },
    { type: "ActivatePlayer", id: "lucy" },
    { type: "CardTurned", seat: 2, card: { suit: 0, value: 7 } },
    { type: "ActivatePlayer", id: "ann" },
    { type: "PlayerCalledSnap", id: "ann", verdict: { kind: "correct", matching: ["ray", "lucy"] } },
    { type: "CallTiming", seat: 0, reaction: 250000, margin: 12400 },
    { type: "PlayerCalledSnap", id: "steve", verdict: { kind: "tooLate" } },
    { type: "PileCollected", from: 1, to: 0, count: 1 },
    { type: "PileCollected", from: 2, to: 0, count: 1 });
  assert.deepEqual(lines.map((line) => line.text ?? line.kind), [
    "Ray turns the 7 of hearts.", "Lucy's turn.", "Lucy turns the 7 of clubs.", "Your turn.",
    "You call Snap! Correct.", "You were first by 12 milliseconds.", "Steve calls Snap! Too late.",
    "collected", "collected",
  ]);
  assert.equal(compose(lines.slice(4)),
    "You call Snap! Correct. You were first by 12 milliseconds. Steve calls Snap! Too late. You collect 2 cards.");
});

test("a wrong call's payments are one sentence a payer, and the last turn and activation are all that stay", () => {
  speak("en");
  const model = table();
  const lines = said(model,
    { type: "CardTurned", seat: 0, card: { suit: 1, value: 1 } },
    { type: "ActivatePlayer", id: "ray" },
    { type: "PlayerCalledSnap", id: "lucy", verdict: { kind: "wrong" } },
    { type: "CallTiming", seat: 2, reaction: 300000, margin: 400 },
    { type: "CardPaid", from: 2, to: 3 },
    { type: "CardPaid", from: 2, to: 0 },
    { type: "CardPaid", from: 2, to: 1 },
    { type: "CardTurned", seat: 1, card: { suit: 3, value: 12 } },
    { type: "ActivatePlayer", id: "lucy" });
  assert.equal(compose(lines),
    "Lucy calls Snap! No match. Lucy was first by less than a millisecond. Lucy pays Steve, you and Ray a card each. " +
    "Ray turns the Queen of spades. Lucy's turn.");
  assert.equal(compose(said(table(), { type: "CardPaid", from: 1, to: 0 })), "Ray pays you a card.");
  assert.equal(compose(said(table(), { type: "CardPaid", from: 0, to: 2 })), "You pay Lucy a card.");
  assert.equal(compose(said(table(), { type: "CardPaid", from: 0, to: 2 }, { type: "CardPaid", from: 0, to: 3 })),
    "You pay Lucy and Steve a card each.");
});

test("a false start is said as one, with its payments", () => {
  speak("en");
  const lines = said(table(),
    { type: "PlayerCalledSnap", id: "lucy", verdict: { kind: "falseStart" } },
    { type: "CardPaid", from: 2, to: 3 },
    { type: "CardPaid", from: 2, to: 0 });
  assert.equal(compose(lines), "Lucy calls Snap! Too soon: a false start. Lucy pays Steve and you a card each.");
  assert.equal(compose(said(table(), { type: "PlayerCalledSnap", id: "ann", verdict: { kind: "falseStart" } })),
    "You call Snap! Too soon: a false start.");
});

test("the end of a round: out, time, sudden death and the winner", () => {
  speak("en");
  const model = table();
  const lines = said(model,
    { type: "PlayerOut", seat: 3 },
    { type: "TimeUp" },
    { type: "SuddenDeath", seats: [0, 2] },
    { type: "RoundWon", seat: 2, gamesWon: 1 });
  assert.equal(compose(lines),
    "Steve is out of cards. Time's up! Sudden death: the next correct Snap! wins Lucy wins the round!");
  assert.equal(compose(said(table(), { type: "RoundWon", seat: 0, gamesWon: 1 })), "You win the round!");
  assert.equal(compose(said(table(), { type: "PlayerOut", seat: 0 })), "You are out of cards.");
  // Nothing to say about a margin nobody else came close to, or about the clocks' ticking.
  assert.equal(said(table(), { type: "CallTiming", seat: 0, reaction: 250000, margin: null }).length, 0);
  assert.equal(said(table(), { type: "TurnClock", seat: 0, remaining: 3000 }).length, 0);
});

test("a watcher hears names only, never \"you\"", () => {
  speak("en");
  const lines = said(table(null),
    { type: "CardTurned", seat: 0, card: { suit: 1, value: 13 } },
    { type: "ActivatePlayer", id: "ray" });
  assert.equal(compose(lines), "Ann turns the King of diamonds. Ray's turn.");
});

test("every language says every event with its placeholders filled", () => {
  for (const { tag } of LANGUAGES) {
    speak(tag);
    const model = table();
    const lines = said(model,
      { type: "CardTurned", seat: 1, card: { suit: 2, value: 12 } },
      { type: "ActivatePlayer", id: "ann" },
      { type: "CardTurned", seat: 0, card: { suit: 1, value: 1 } },
      { type: "PlayerCalledSnap", id: "ray", verdict: { kind: "wrong" } },
      { type: "CallTiming", seat: 1, reaction: 200000, margin: 1000 },
      { type: "CardPaid", from: 1, to: 0 },
      { type: "CardPaid", from: 1, to: 2 },
      { type: "PlayerCalledSnap", id: "ann", verdict: { kind: "correct", matching: ["ray", "ann"] } },
      { type: "PileCollected", from: 1, to: 0, count: 3 },
      { type: "PlayerOut", seat: 1 },
      { type: "RoundWon", seat: 0, gamesWon: 1 });
    const text = compose(lines) + compose(said(table(), { type: "CardPaid", from: 0, to: 1 }));
    assert.doesNotMatch(text, /[{}]|announce\.|pile\./, `${tag}: ${text}`);
    assert.ok(lines.length === 11, `${tag}: ${lines.length} announcements`);
  }
  speak("en");
});

test("what comes together is said together, and then no sooner than the gap", () => {
  speak("en");
  const timers = manualTimers();
  const texts = [];
  const announcer = new Announcer({ write: (text) => texts.push(text), ...timers });
  const model = table();
  const feed = (...packets) => {
    for (const packet of packets) for (const event of model.applyPacket(packet, timers.now()).events) announcer.event(event, model);
  };

  feed({ type: "CardTurned", seat: 1, card: { suit: 2, value: 7 } }, { type: "ActivatePlayer", id: "lucy" });
  timers.advance(GATHER_MS - 1);
  assert.deepEqual(texts, [], "nothing is said before the events that come with it had time to come");
  timers.advance(1);
  assert.deepEqual(texts, ["Ray turns the 7 of hearts. Lucy's turn."]);

  // Three turns within the gap: only the last is worth saying; the call and the payments all are.
  feed({ type: "CardTurned", seat: 2, card: { suit: 0, value: 9 } }, { type: "ActivatePlayer", id: "steve" });
  timers.advance(300);
  feed({ type: "PlayerCalledSnap", id: "ann", verdict: { kind: "wrong" } },
    { type: "CardPaid", from: 0, to: 1 }, { type: "CardPaid", from: 0, to: 2 }, { type: "CardPaid", from: 0, to: 3 },
    { type: "Resumed" },
    { type: "CardTurned", seat: 3, card: { suit: 3, value: 2 } }, { type: "ActivatePlayer", id: "ann" });
  const firstSaid = GATHER_MS;
  timers.advance(firstSaid + GAP_MS - 1 - timers.now());
  assert.equal(texts.length, 1, "the next batch waits for the gap");
  timers.advance(1);
  assert.deepEqual(texts.slice(1), [
    "You call Snap! No match. You pay Ray, Lucy and Steve a card each. Steve turns the 2 of spades. Your turn."]);
});

test("one minute left is said on time, once, and not after the round ended", () => {
  speak("en");
  const timers = manualTimers();
  const texts = [];
  const announcer = new Announcer({ write: (text) => texts.push(text), ...timers });
  const model = table();
  const feed = (packet) => {
    for (const event of model.applyPacket(packet, timers.now()).events) announcer.event(event, model);
  };
  feed({ type: "RoundClock", remaining: MINUTE + 5000 });
  timers.advance(5000 + GATHER_MS - 1);
  assert.deepEqual(texts, []);
  timers.advance(1);
  assert.deepEqual(texts, ["One minute left."]);
  timers.advance(MINUTE);
  assert.deepEqual(texts, ["One minute left."]);

  // A round won before its last minute: nothing more is said of its clock.
  feed({ type: "RoundClock", remaining: 3 * MINUTE });
  feed({ type: "RoundWon", seat: 2, gamesWon: 1 });
  timers.advance(3 * MINUTE);
  assert.deepEqual(texts.slice(1), ["Lucy wins the round!"]);

  // A reset (a new table, a Snapshot) forgets what was not said yet.
  feed({ type: "CardTurned", seat: 1, card: { suit: 2, value: 7 } });
  announcer.reset();
  timers.advance(GAP_MS * 2);
  assert.equal(texts.length, 2);
});

for (const game of fixture.games) {
  test(`recorded game "${game.name}": every turn, call, payment and winner is said`, () => {
    speak("en");
    const model = TableState.fromSnapshot(decode(game.snapshot).view);
    const lines = said(model, ...game.packets.map(decode));
    const types = game.packets.map((hex) => decode(hex).type);
    const count = (type) => types.filter((t) => t === type).length;
    assert.equal(lines.filter((line) => line.kind === "turned").length, count("CardTurned"));
    assert.equal(lines.filter((line) => line.kind === "call").length, count("PlayerCalledSnap"));
    assert.equal(lines.filter((line) => line.kind === "paid").length, count("CardPaid"));
    assert.equal(lines.filter((line) => line.kind === "won").length, count("RoundWon"));
  });
}
