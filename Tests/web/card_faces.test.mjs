// The card faces the renderer draws (SVG), without a browser: value and suit in the corners, the right
// number of pips, and a shape of its own for each suit so that colour is never needed to tell them apart.
// Run with `node --test Tests/web/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cardName, faceSVG } from "../../Sources/SnapServer/Public/js/card_faces.js";
import { speak } from "./catalogues.mjs";

speak("en");

const SUITS = ["clubs", "diamonds", "hearts", "spades"];
const uses = (svg) => [...svg.matchAll(/<use href="#suit-(\w+)"/g)].map((match) => match[1]);
const ranks = (svg) => [...svg.matchAll(/<text class="rank"[^>]*>([^<]*)</g)].map((match) => match[1]);

test("every face shows its value in two corners, the second upside down", () => {
  const names = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  for (let value = 1; value <= 13; value += 1) {
    const svg = faceSVG({ suit: 0, value });
    assert.deepEqual(ranks(svg), [names[value - 1], names[value - 1]], `value ${value}`);
    assert.match(svg, /<g transform="rotate\(180 50 70\)">/);
  }
});

test("number cards have as many pips as their value, plus a suit in each corner", () => {
  for (let value = 2; value <= 10; value += 1) {
    assert.equal(uses(faceSVG({ suit: 3, value })).length, value + 2, `value ${value}`);
  }
  assert.equal(uses(faceSVG({ suit: 3, value: 1 })).length, 3, "an ace has one big pip");
});

test("court cards show their letter large in a frame", () => {
  for (const [value, letter] of [[11, "J"], [12, "Q"], [13, "K"]]) {
    const svg = faceSVG({ suit: 2, value });
    assert.match(svg, /<rect class="court"/);
    assert.match(svg, new RegExp(`<text class="court-rank"[^>]*>${letter}<`));
  }
});

test("each suit is drawn with its own shape", () => {
  SUITS.forEach((suit, index) => {
    const shapes = new Set(uses(faceSVG({ suit: index, value: 7 })));
    assert.deepEqual([...shapes], [suit]);
  });
});

test("cards have names for screen readers", () => {
  assert.equal(cardName({ suit: 2, value: 12 }), "Queen of hearts");
  assert.equal(cardName({ suit: 0, value: 1 }), "Ace of clubs");
  assert.equal(cardName({ suit: 3, value: 10 }), "10 of spades");
});
