// The reaction time a Snap! call claims (reaction_clock.js). Run with `node --test Tests/web/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ReactionClock, pressTime } from "../../Sources/SnapServer/Public/js/reaction_clock.js";

const turned = () => ({ kind: "cardTurned", seat: 1, card: { suit: 0, value: 5 } });

test("a reaction counts from the frame that drew the card, in whole microseconds", () => {
  const clock = new ReactionClock();
  const card = turned();
  clock.applied(card);
  clock.drawn(card, 1000.25);
  assert.equal(clock.reaction(1312.75), 312_500);
  assert.equal(clock.reaction(1000.2500004), 0);
  assert.equal(clock.reaction(1000.2509), 1, "rounded to the nearest microsecond");
});

test("before any card of the round, the reaction counts from the drawn DealFinished", () => {
  const clock = new ReactionClock();
  const dealt = { kind: "dealFinished" };
  clock.applied({ kind: "roundStarted", round: 1, startingSeat: 0 });
  clock.applied(dealt);
  clock.drawn(dealt, 500);
  assert.equal(clock.reaction(750), 250_000);
});

test("a press before the newest card is drawn counts from the card drawn before it", () => {
  const clock = new ReactionClock();
  const first = turned();
  const second = turned();
  clock.applied(first);
  clock.drawn(first, 100);
  clock.applied(second);
  assert.equal(clock.reaction(700), 600_000);
  clock.drawn(first, 650); // a late report of an older event changes nothing
  assert.equal(clock.reaction(700), 600_000);
  clock.drawn(second, 690);
  assert.equal(clock.reaction(700), 10_000);
});

test("events that are not references do not move the clock", () => {
  const clock = new ReactionClock();
  const card = turned();
  clock.applied(card);
  clock.drawn(card, 100);
  for (const event of [{ kind: "activated", seat: 2 }, { kind: "snapCalled", seat: 0, verdict: { kind: "wrong" } },
    { kind: "callTimed", seat: 0, reaction: 1, margin: null }, { kind: "resumed" }]) {
    clock.applied(event);
    clock.drawn(event, 400);
  }
  assert.equal(clock.reaction(200), 100_000);
  const shown = { kind: "tableShown" };
  clock.applied(shown);
  clock.drawn(shown, 400);
  assert.equal(clock.reaction(450), 50_000, "a table drawn anew (a Snapshot) is a reference");
});

test("reactions are clamped to 0 … 60,000,000 microseconds", () => {
  const clock = new ReactionClock();
  assert.equal(clock.reaction(5), 60_000_000, "nothing drawn yet: the longest reaction");
  const card = turned();
  clock.applied(card);
  clock.drawn(card, 1000);
  assert.equal(clock.reaction(990), 0, "a press time before the frame");
  assert.equal(clock.reaction(1000 + 60_000), 60_000_000);
  assert.equal(clock.reaction(1000 + 3_600_000), 60_000_000);
});

test("the press time is the event's timeStamp when it is on the performance.now clock", () => {
  assert.equal(pressTime(1234.5, 1300), 1234.5);
  assert.equal(pressTime(undefined, 1300), 1300);
  assert.equal(pressTime(0, 1300), 1300, "a zero timeStamp means none");
  assert.equal(pressTime(1_700_000_000_000, 1300), 1300, "an epoch timeStamp (old browsers) is not used");
  assert.equal(pressTime(Number.NaN, 1300), 1300);
});
