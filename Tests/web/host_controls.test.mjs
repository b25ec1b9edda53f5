// The host's controls in the page (screens/host_controls.js): which bits a toggle sends, and what everyone is told.

import assert from "node:assert/strict";
import { test } from "node:test";

import { accessNote, toggledAccessFlags } from "../../Sources/SnapServer/Public/js/screens/host_controls.js";
import { speak } from "./catalogues.mjs";

speak("en");

test("a toggle turns over its own bit and keeps the other", () => {
  const open = { locked: false, private: false };
  assert.equal(toggledAccessFlags(open, "locked"), 1);
  assert.equal(toggledAccessFlags(open, "private"), 2);
  assert.equal(toggledAccessFlags({ locked: true, private: true }, "locked"), 2);
  assert.equal(toggledAccessFlags({ locked: true, private: false }, "private"), 3);
  assert.equal(toggledAccessFlags({ locked: true, private: false }, "locked"), 0);
});

test("everyone is told of a lock and of privacy, and of nothing at an open table", () => {
  assert.equal(accessNote({ locked: false, private: false }), "");
  assert.match(accessNote({ locked: true, private: false }), /^Locked: nobody new may join\.$/);
  assert.match(accessNote({ locked: true, private: true }), /^Locked: .* Private: .*link/);
});
