// The menu's settings (settings.js): defaults, remembered choices, and storage that refuses. Run with
// `node --test Tests/web/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SETTINGS, Settings } from "../../Sources/SnapServer/Public/js/settings.js";

/** A localStorage stand-in. */
function memory(entries = {}) {
  const map = new Map(Object.entries(entries));
  return { getItem: (key) => map.get(key) ?? null, setItem: (key, value) => map.set(key, String(value)), map };
}

test("before the player chooses, the deck has two colours and vibration is on", () => {
  const settings = new Settings(memory());
  assert.equal(settings.get("fourColour"), false);
  assert.equal(settings.get("vibration"), true);
});

test("a choice is remembered under its key and read back by the next page", () => {
  const storage = memory();
  const settings = new Settings(storage);
  settings.set("fourColour", true);
  settings.set("vibration", false);
  assert.equal(storage.map.get(SETTINGS.fourColour[0]), "1");
  assert.equal(storage.map.get("snap.vibration"), "0");
  const next = new Settings(storage);
  assert.equal(next.get("fourColour"), true);
  assert.equal(next.get("vibration"), false);
});

test("storage that refuses leaves the defaults, and a choice lasts for the page", () => {
  const refusing = { getItem() { throw new Error("denied"); }, setItem() { throw new Error("denied"); } };
  const settings = new Settings(refusing);
  assert.equal(settings.get("vibration"), true);
  settings.set("vibration", false);
  assert.equal(settings.get("vibration"), false);
  const none = new Settings(null);
  none.set("fourColour", true);
  assert.equal(none.get("fourColour"), true);
});
