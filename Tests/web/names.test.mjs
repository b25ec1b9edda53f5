// A name as the page checks it (names.js): visible characters (grapheme clusters) and bytes on the wire, as
// SnapCore's PlayerName counts them. Run with `node --test Tests/web/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  FUN_NAMES, NAME_MAX_BYTES, NAME_MAX_CHARACTERS, nameProblem, randomName, utf8Length, visibleLength,
} from "../../Sources/SnapServer/Public/js/names.js";
import { speak } from "./catalogues.mjs";

speak("en");

const FAMILY = "👨‍👩‍👧‍👦"; // four people joined by zero-width joiners: one picture
const E_ACCENT = "e\u0301"; // "é" written as an e and a combining accent

test("what a person sees as one character counts as one", () => {
  assert.equal(visibleLength("Ann"), 3);
  assert.equal(visibleLength(FAMILY), 1);
  assert.equal(visibleLength(E_ACCENT), 1);
  assert.equal(visibleLength("🇳🇱"), 1, "a flag is two regional indicators");
  assert.equal(visibleLength("👍🏽"), 1, "a skin tone belongs to its emoji");
  assert.equal(visibleLength(""), 0);
});

test("bytes are counted as UTF-8, as the wire carries them", () => {
  assert.equal(utf8Length("Ann"), 3);
  assert.equal(utf8Length("é"), 2);
  assert.equal(utf8Length(FAMILY), 25);
});

test("names of up to 20 visible characters pass, however many code points they take", () => {
  assert.equal(NAME_MAX_CHARACTERS, 20);
  assert.equal(NAME_MAX_BYTES, 255);
  assert.equal(nameProblem("Ann"), null);
  assert.equal(nameProblem("  Ann  "), null, "surrounding spaces are trimmed");
  assert.equal(nameProblem(FAMILY.repeat(3)), null, "three family emoji: 3 characters, 33 code points");
  assert.equal(nameProblem(E_ACCENT.repeat(11)), null, "eleven accented letters: 22 code points");
  assert.equal(nameProblem("a".repeat(20)), null);
  assert.equal(nameProblem(FAMILY.repeat(10)), null, "ten family emoji take 250 bytes");
});

test("what is refused, and why", () => {
  assert.match(nameProblem(""), /^Enter your name/);
  assert.match(nameProblem("   "), /^Enter your name/);
  assert.equal(nameProblem("a".repeat(21)), "A name has at most 20 characters; this one has 21.");
  assert.match(nameProblem(E_ACCENT.repeat(21)), /this one has 21/);
  assert.match(nameProblem(FAMILY.repeat(11)), /too long to send/, "eleven family emoji: 11 characters, 275 bytes");
  assert.match(nameProblem("You"), /“You”/);
  assert.match(nameProblem(" yOU "), /“You”/);
});

test("the die offers a fun name, never the one already there, and every one of them is a name the server takes", () => {
  const draws = [0, 0.5, 0.999999];
  for (const draw of draws) {
    const name = randomName("Ann", () => draw);
    assert.ok(FUN_NAMES.includes(name), name);
  }
  assert.equal(randomName("", () => 0), FUN_NAMES[0]);
  assert.notEqual(randomName(FUN_NAMES[0], () => 0), FUN_NAMES[0], "never the same name twice in a row");
  assert.notEqual(randomName(` ${FUN_NAMES[0].toUpperCase()} `, () => 0), FUN_NAMES[0], "whatever its case and spaces");
  for (const name of FUN_NAMES) assert.equal(nameProblem(name), null, name);
  assert.equal(new Set(FUN_NAMES.map((name) => name.toLowerCase())).size, FUN_NAMES.length, "no name twice");
});
