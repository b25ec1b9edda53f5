// The renderer's pacing of card flights, without a browser: flights fit between the events that come, and
// stop when events come too fast to show. Run with `node --test Tests/web/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  BURST_MS, DEAL_FLIGHT_MS, DEAL_SPREAD_MS, FLIGHT_MS, MIN_FLIGHT_MS, MotionPace,
} from "../../Sources/SnapServer/Public/js/motion_pace.js";

/** A pace that has seen beats at these times. */
function paced(...times) {
  const pace = new MotionPace();
  for (const time of times) pace.mark(time);
  return pace;
}

test("with nothing to go by, flights take their usual time", () => {
  assert.equal(new MotionPace().scale, 1);
  assert.equal(paced(0).scale, 1);
});

test("events half a second apart or slower leave flights whole", () => {
  assert.equal(paced(0, 600, 1200, 1800).scale, 1);
  assert.equal(paced(0, 5000, 9000).scale, 1);
});

test("faster events shorten flights to fit between them", () => {
  const scale = paced(0, 250, 500, 750).scale;
  assert.ok(scale > 0 && scale < 1, `scale ${scale}`);
  assert.ok(scale * FLIGHT_MS <= 250, "a flight lands before the next event");
});

test("events too fast to show stop the flights", () => {
  // --speed 50: a card every 10 to 50 ms.
  assert.equal(paced(0, 45, 90, 135, 180).scale, 0);
  assert.ok(MIN_FLIGHT_MS > 0);
});

test("the pace follows the last few gaps: one slow moment does not slow what follows", () => {
  const pace = paced(0, 45, 90, 135);
  assert.equal(pace.scale, 0);
  pace.mark(10_135); // a long pause (a Snap! being settled)
  assert.ok(pace.scale > 0, "after a pause, flights come back");
  pace.mark(10_180);
  pace.mark(10_225);
  pace.mark(10_270);
  assert.equal(pace.scale, 0, "and go again once events come fast again");
});

test("events within a burst are one beat", () => {
  const pace = new MotionPace();
  const first = pace.mark(1000);
  assert.equal(pace.mark(1000 + BURST_MS - 1), first, "the cards of one wrong call fly together");
  assert.equal(pace.scale, 1, "a burst's own events do not count as fast");
  assert.equal(pace.mark(1000 + BURST_MS), first + 1);
  assert.equal(pace.beat, first + 1);
});

test("reset forgets the pace", () => {
  const pace = paced(0, 45, 90, 135);
  pace.reset();
  assert.equal(pace.scale, 1);
});

test("the deal is paced to fit the last deal's length", () => {
  const pace = new MotionPace();
  const usual = { flight: DEAL_FLIGHT_MS, spread: DEAL_SPREAD_MS };
  assert.deepEqual(pace.deal, usual, "the first deal is the usual one");
  pace.dealStarted(0);
  pace.dealFinished(2000); // --speed 1
  assert.deepEqual(pace.deal, usual);
  pace.dealStarted(10_000);
  pace.dealFinished(10_400); // --speed 5
  const { flight, spread } = pace.deal;
  assert.ok(flight >= MIN_FLIGHT_MS && spread >= 0 && flight + spread <= 400, `flight ${flight}, spread ${spread}`);
  pace.dealStarted(20_000);
  pace.dealFinished(20_040); // --speed 50
  assert.equal(pace.deal, null, "too short for any card to fly");
  pace.dealFinished(30_000);
  assert.equal(pace.deal, null, "a DealFinished without a deal changes nothing");
});
