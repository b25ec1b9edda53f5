// What the page says (words.js): plain sentence case, no asterisks, clocks as m:ss. Run with `node --test Tests/web/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { NOTICE, ROUND_ABOUT, STATUS, cards, clockText, listed, wins } from "../../Sources/SnapServer/Public/js/words.js";

test("status lines read as RULES.md lists them, in sentence case", () => {
  assert.equal(STATUS.match(), "Match!");
  assert.equal(STATUS.mustPay("Lucy"), "Lucy must pay");
  assert.equal(STATUS.mustPay("You"), "You must pay");
  assert.equal(STATUS.receivesCards("Steve"), "Steve receives cards");
  assert.equal(STATUS.youReceiveCards(), "You receive cards");
  assert.equal(STATUS.winner("Lucy"), "Lucy wins the round!");
  assert.equal(STATUS.winner("You"), "You win the round!");
  assert.equal(STATUS.playersTurn("Ray"), "Ray's turn");
  assert.equal(STATUS.timeUp(), "Time's up!");
  for (const [kind, say] of Object.entries(STATUS)) {
    const text = say("Lucy");
    assert.doesNotMatch(text, /\*/, `${kind} has an asterisk: ${text}`);
    // Only a sentence's first word and names (and Snap!) start with a capital letter.
    const capitals = text.split(/[.:!]\s+/).flatMap((sentence) => sentence.split(/\s+/).slice(1)).filter((word) => /^[A-Z]/.test(word) && !/^(Lucy|Snap|You)\b/.test(word));
    assert.deepEqual(capitals, [], `${kind} is not in sentence case: ${text}`);
  }
});

test("notices name who and what", () => {
  assert.equal(NOTICE.playerLeft("Bob", 3, ["you", "Ray (2)"]), "Bob left the table. Their 3 cards went to you and Ray (2).");
  assert.equal(NOTICE.playerLeft("Bob", 1, ["you"]), "Bob left the table. Their 1 card went to you.");
  assert.equal(NOTICE.playerLeft("Bob", 0, []), "Bob left the table.");
  assert.equal(NOTICE.hostChanged("You"), "You are now the host: you start the rounds.");
  assert.equal(NOTICE.hostChanged("Ray"), "Ray is now the host.");
  assert.equal(listed(["a", "b", "c"]), "a, b and c");
  assert.equal(cards(1), "1 card");
  assert.equal(wins(0), "0 wins");
});

test("clocks count whole seconds up, as m:ss", () => {
  assert.equal(clockText(300_000), "5:00");
  assert.equal(clockText(299_001), "5:00");
  assert.equal(clockText(299_000), "4:59");
  assert.equal(clockText(60_000), "1:00");
  assert.equal(clockText(59_999), "1:00");
  assert.equal(clockText(9_000), "0:09");
  assert.equal(clockText(1), "0:01");
  assert.equal(clockText(0), "0:00");
  assert.equal(clockText(-50), "0:00");
  assert.equal(clockText(600_000), "10:00");
});

test("round settings in words", () => {
  assert.equal(ROUND_ABOUT(180), "Rounds of 3 minutes: when the time is up, the most cards wins.");
  assert.equal(ROUND_ABOUT(600), "Rounds of 10 minutes: when the time is up, the most cards wins.");
  assert.equal(ROUND_ABOUT(0), "Classic rounds: play until one player holds every card.");
});
