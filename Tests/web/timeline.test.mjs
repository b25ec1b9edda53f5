// The replay's timeline, without a browser: the moment at a time, stepping, speeds, the playback clock and the
// calls' marks. Run with `node --test Tests/web/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  PlaybackClock, SPEEDS, callMarks, momentAt, nextSpeed, speedText, step, timeText,
} from "../../Sources/SnapServer/Public/js/timeline.js";

const TIMES = [0, 0, 2000, 2500, 2500.5, 4000, 9000];

test("the moment showing at a time is the last at or before it", () => {
  assert.equal(momentAt(TIMES, -5), 0);
  assert.equal(momentAt(TIMES, 0), 1, "of two moments at the same time, the later shows");
  assert.equal(momentAt(TIMES, 1999.9), 1);
  assert.equal(momentAt(TIMES, 2000), 2);
  assert.equal(momentAt(TIMES, 2500.4), 3);
  assert.equal(momentAt(TIMES, 2500.5), 4);
  assert.equal(momentAt(TIMES, 8999), 5);
  assert.equal(momentAt(TIMES, 9000), 6);
  assert.equal(momentAt(TIMES, 1e9), 6);
  assert.equal(momentAt([], 100), 0);
});

test("the moment at a time agrees with a plain search over a long round", () => {
  const times = Array.from({ length: 700 }, (_, index) => index * 37 + (index % 3 === 0 ? 0 : 5));
  for (let t = -10; t < 700 * 37 + 50; t += 13) {
    let expected = 0;
    times.forEach((time, index) => { if (time <= t) expected = index; });
    assert.equal(momentAt(times, t), expected, `at ${t}`);
  }
});

test("a step moves one moment and stops at either end", () => {
  assert.equal(step(TIMES, 3, 1), 4);
  assert.equal(step(TIMES, 3, -1), 2);
  assert.equal(step(TIMES, 0, -1), 0);
  assert.equal(step(TIMES, 6, 1), 6);
  assert.equal(step([], 0, 1), 0);
});

test("speeds go from half to eight times and no further", () => {
  assert.deepEqual(SPEEDS, [0.5, 1, 2, 4, 8]);
  assert.equal(nextSpeed(1, 1), 2);
  assert.equal(nextSpeed(1, -1), 0.5);
  assert.equal(nextSpeed(0.5, -1), 0.5);
  assert.equal(nextSpeed(8, 1), 8);
  assert.equal(nextSpeed(3, 1), 2, "an unknown speed counts as 1×");
  assert.equal(speedText(0.5), "½×");
  assert.equal(speedText(8), "8×");
});

test("times read as m:ss", () => {
  assert.equal(timeText(0), "0:00");
  assert.equal(timeText(59_999), "0:59");
  assert.equal(timeText(61_000), "1:01");
  assert.equal(timeText(-4), "0:00");
});

test("the clock stands still while paused and runs at its speed while playing", () => {
  const clock = new PlaybackClock(10_000);
  assert.equal(clock.time(500), 0);
  clock.play(1000);
  assert.equal(clock.time(2000), 1000);
  clock.setSpeed(4, 2000);
  assert.equal(clock.time(2500), 3000);
  clock.pause(2500);
  assert.equal(clock.time(99_999), 3000);
  clock.setSpeed(0.5, 100_000);
  clock.play(100_000);
  assert.equal(clock.time(102_000), 4000);
});

test("the clock stops at the end, and plays again from the start", () => {
  const clock = new PlaybackClock(1000);
  clock.play(0);
  assert.equal(clock.time(5000), 1000);
  assert.equal(clock.playing, false);
  assert.ok(clock.atEnd(5000));
  clock.play(6000);
  assert.equal(clock.time(6000), 0);
  assert.equal(clock.time(6100), 100);
});

test("seeking keeps the clock within the round, playing or not", () => {
  const clock = new PlaybackClock(1000);
  clock.seek(400, 0);
  assert.equal(clock.time(50), 400);
  clock.play(100);
  clock.seek(-20, 200);
  assert.equal(clock.time(300), 100);
  clock.seek(5000, 300);
  assert.equal(clock.time(300), 1000);
  assert.equal(new PlaybackClock(-3).duration, 0);
});

test("the wait until a time counts in real time at the speed", () => {
  const clock = new PlaybackClock(10_000);
  assert.equal(clock.until(500, 0), Infinity, "paused");
  clock.setSpeed(2, 0);
  clock.play(0);
  assert.equal(clock.until(500, 0), 250);
  assert.equal(clock.until(500, 1000), Infinity, "already past");
});

test("every call gets a mark at its time, in time order, within the round", () => {
  const calls = [
    { seat: 1, name: "Ray", verdict: "correct", offset_ms: 6000 },
    { seat: 0, name: "Ann", verdict: "wrong", offset_ms: 1500 },
    { seat: 2, name: "Lucy", verdict: "too_late", offset_ms: 6020 },
    { seat: 3, name: "Steve", verdict: "correct", offset_ms: 12_000 },
  ];
  const marks = callMarks(calls, 10_000);
  assert.deepEqual(marks.map((mark) => mark.name), ["Ann", "Ray", "Lucy", "Steve"]);
  assert.deepEqual(marks.map((mark) => mark.fraction), [0.15, 0.6, 0.602, 1]);
  assert.equal(marks[0].verdict, "wrong");
  assert.deepEqual(callMarks(calls, 0).map((mark) => mark.fraction), [0, 0, 0, 0]);
});
