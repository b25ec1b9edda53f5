// The web client's sounds without a browser: mute remembered, what is played (and counted) when, the
// deal's ticks. The Web Audio context is a stand-in that counts the notes started.
// Run with `node --test Tests/web/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Sounds, dealTicks } from "../../Sources/SnapServer/Public/js/sounds.js";

/** A Map-backed stand-in for localStorage. */
function memoryStorage(entries = {}) {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (key) => (map.has(key) ? map.get(key) : null),
    setItem: (key, value) => map.set(key, String(value)),
    removeItem: (key) => map.delete(key),
    map,
  };
}

/** A stand-in AudioContext: every node accepts what the synthesis does; `started` counts the notes. */
function fakeContext(state = "running") {
  const param = () => ({ value: 0, setValueAtTime() {}, exponentialRampToValueAtTime() {} });
  const context = {
    state,
    currentTime: 0,
    sampleRate: 8000,
    destination: {},
    started: 0,
    resumed: 0,
    resume() {
      context.resumed += 1;
      context.state = "running";
      return Promise.resolve();
    },
    createBuffer: (channels, length) => ({ getChannelData: () => new Float32Array(length) }),
  };
  const node = () => ({
    frequency: param(), gain: param(), Q: param(),
    connect: (next) => next,
    start: () => { context.started += 1; },
    stop() {},
  });
  for (const name of ["createOscillator", "createGain", "createBiquadFilter", "createBufferSource"]) context[name] = node;
  return context;
}

test("mute is read from storage and remembered there", () => {
  const storage = memoryStorage({ "snap.muted": "1" });
  const sounds = new Sounds({ storage, createContext: () => fakeContext() });
  assert.equal(sounds.muted, true);
  sounds.muted = false;
  assert.equal(storage.map.get("snap.muted"), "0");
  assert.equal(new Sounds({ storage, createContext: () => null }).muted, false);
});

test("storage that refuses does not break sounds", () => {
  const refusing = { getItem() { throw new Error("denied"); }, setItem() { throw new Error("denied"); } };
  const sounds = new Sounds({ storage: refusing, createContext: () => fakeContext() });
  assert.equal(sounds.muted, false);
  sounds.muted = true;
  assert.equal(sounds.muted, true);
});

test("every sound plays notes and is counted by name", () => {
  const context = fakeContext();
  const sounds = new Sounds({ storage: memoryStorage(), createContext: () => context });
  for (const name of ["deal", "flip", "snap", "wrong", "correct", "win"]) {
    const before = context.started;
    sounds[name]();
    assert.ok(context.started > before, `${name} starts at least one note`);
  }
  assert.deepEqual(Object.fromEntries(sounds.played), { deal: 1, flip: 1, snap: 1, wrong: 1, correct: 1, win: 1 });
});

test("muted, nothing plays and nothing is counted", () => {
  const context = fakeContext();
  const sounds = new Sounds({ storage: memoryStorage({ "snap.muted": "1" }), createContext: () => context });
  sounds.flip();
  sounds.win();
  assert.equal(context.started, 0);
  assert.equal(sounds.played.size, 0);
});

test("nothing plays before the browser lets the page make sound; unlock resumes the context", () => {
  const context = fakeContext("suspended");
  const sounds = new Sounds({ storage: memoryStorage(), createContext: () => context });
  sounds.flip();
  assert.equal(sounds.played.size, 0);
  sounds.unlock();
  assert.equal(context.resumed, 1);
  sounds.flip();
  assert.deepEqual([...sounds.played], [["flip", 1]]);
});

test("without Web Audio the sounds are silent and harmless", () => {
  const sounds = new Sounds({ storage: memoryStorage(), createContext: () => { throw new Error("no audio"); } });
  sounds.unlock();
  sounds.snap();
  assert.equal(sounds.played.size, 0);
});

test("the same sound again within 60 ms is left out; another sound is not", () => {
  const context = fakeContext();
  const sounds = new Sounds({ storage: memoryStorage(), createContext: () => context });
  sounds.flip();
  context.currentTime = 0.03;
  sounds.flip();
  sounds.snap();
  context.currentTime = 0.07;
  sounds.flip();
  assert.deepEqual(Object.fromEntries(sounds.played), { flip: 2, snap: 1 });
});

test("the deal ticks once per card, at most fourteen times, spread over the deal", () => {
  assert.deepEqual(dealTicks(0, 1.5), []);
  assert.deepEqual(dealTicks(3, 1.5), [0, 0.5, 1]);
  const ticks = dealTicks(52, 1.4);
  assert.equal(ticks.length, 14);
  assert.equal(ticks[0], 0);
  assert.ok(ticks.at(-1) < 1.4);
});
