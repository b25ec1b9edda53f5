// What the page asks of the device (device.js): when it vibrates, and the screen's wake lock, with stand-ins for
// the browser's navigator and document. Run with `node --test Tests/web/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Device, PATTERNS, vibrationFor } from "../../Sources/SnapServer/Public/js/device.js";

/** A navigator that records vibrations and wake-lock requests (each lock released by `release()`). */
function stubNavigator({ vibrates = true, wakeLock = true, refuse = false } = {}) {
  const nav = { vibrations: [], locks: [], asked: 0 };
  if (vibrates) nav.vibrate = (pattern) => nav.vibrations.push(pattern);
  if (wakeLock) {
    nav.wakeLock = {
      request: async (type) => {
        assert.equal(type, "screen");
        nav.asked += 1;
        if (refuse) throw new Error("NotAllowedError");
        const lock = new EventTarget();
        lock.released = false;
        lock.release = async () => {
          if (!lock.released) {
            lock.released = true;
            lock.dispatchEvent(new Event("release"));
          }
        };
        nav.locks.push(lock);
        return lock;
      },
    };
  }
  return nav;
}

/** A document that can be hidden and shown. */
function stubDocument() {
  const doc = new EventTarget();
  doc.visibilityState = "visible";
  doc.show = (state) => {
    doc.visibilityState = state;
    doc.dispatchEvent(new Event("visibilitychange"));
  };
  return doc;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const held = (nav) => nav.locks.filter((lock) => !lock.released).length;

test("your turn and your own judged call vibrate; others' turns and calls, and too late, do not", () => {
  assert.deepEqual(vibrationFor({ kind: "activated", seat: 2 }, 2), PATTERNS.turn);
  assert.equal(vibrationFor({ kind: "activated", seat: 1 }, 2), null);
  assert.deepEqual(vibrationFor({ kind: "snapCalled", seat: 2, verdict: { kind: "correct", matching: [2, 3] } }, 2),
    PATTERNS.correct);
  assert.deepEqual(vibrationFor({ kind: "snapCalled", seat: 2, verdict: { kind: "wrong" } }, 2), PATTERNS.wrong);
  assert.equal(vibrationFor({ kind: "snapCalled", seat: 2, verdict: { kind: "tooLate" } }, 2), null);
  assert.equal(vibrationFor({ kind: "snapCalled", seat: 0, verdict: { kind: "wrong" } }, 2), null);
  assert.equal(vibrationFor({ kind: "cardTurned", seat: 2, card: { suit: 0, value: 3 } }, 2), null);
  assert.equal(vibrationFor({ kind: "activated", seat: 0 }, null), null, "a watcher is nobody's turn");
});

test("the device vibrates only when it can, the setting is on, and reduced motion is not asked for", () => {
  const turn = { kind: "activated", seat: 0 };
  const nav = stubNavigator();
  const calm = { matches: false };
  const device = new Device(nav, stubDocument(), calm);
  assert.deepEqual(device.vibrate(turn, 0), PATTERNS.turn);
  device.vibration = false;
  assert.equal(device.vibrate(turn, 0), null);
  device.vibration = true;
  calm.matches = true;
  assert.equal(device.calm, true);
  assert.equal(device.vibrate(turn, 0), null);
  assert.deepEqual(nav.vibrations, [PATTERNS.turn]);
  const still = new Device(stubNavigator({ vibrates: false }), stubDocument(), { matches: false });
  assert.equal(still.vibrates, false);
  assert.equal(still.vibrate(turn, 0), null);
});

test("the screen is kept awake during a round, asked for again when the page shows, and let go at the end", async () => {
  const nav = stubNavigator();
  const doc = stubDocument();
  const device = new Device(nav, doc, null);
  device.keepAwake(true);
  device.keepAwake(true);
  await settle();
  assert.equal(nav.locks.length, 1, "one lock for one round");
  assert.equal(held(nav), 1);
  await nav.locks[0].release(); // the browser lets go when the page hides
  doc.show("hidden");
  await settle();
  assert.equal(nav.locks.length, 1, "no lock is asked for while hidden");
  doc.show("visible");
  await settle();
  assert.equal(nav.locks.length, 2);
  assert.equal(held(nav), 1);
  device.keepAwake(false);
  await settle();
  assert.equal(held(nav), 0);
  doc.show("visible");
  await settle();
  assert.equal(nav.locks.length, 2, "nothing is asked for between rounds");
});

test("a lock that arrives after the round ended is let go at once; a refusal or no wake lock changes nothing", async () => {
  const nav = stubNavigator();
  const device = new Device(nav, stubDocument(), null);
  device.keepAwake(true);
  device.keepAwake(false);
  await settle();
  assert.equal(nav.locks.length, 1);
  assert.equal(held(nav), 0);
  const refused = stubNavigator({ refuse: true });
  const doc = stubDocument();
  const refusing = new Device(refused, doc, null);
  refusing.keepAwake(true);
  await settle();
  assert.equal(refused.asked, 1);
  doc.show("visible"); // refused once, it may be let another time
  await settle();
  assert.equal(refused.asked, 2);
  refusing.keepAwake(false);
  // A plain http:// address has no navigator.wakeLock: nothing to ask, nothing thrown.
  const plain = new Device(stubNavigator({ wakeLock: false }), stubDocument(), null);
  assert.doesNotThrow(() => plain.keepAwake(true));
  assert.doesNotThrow(() => plain.keepAwake(false));
});
