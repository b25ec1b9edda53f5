// What the page says (words.js): plain sentence case, no asterisks, clocks as m:ss. Run with `node --test Tests/web/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  NOTICE, ROUND_ABOUT, SEAT, STATUS, cards, clockText, givenTo, listed, nextRoundHint, wins,
} from "../../Sources/SnapServer/Public/js/words.js";
import { speak } from "./catalogues.mjs";

speak("en");

test("status lines read as RULES.md lists them, in sentence case", () => {
  // "Match!" comes only with a judged correct call: nothing says there is a match before (RULES.md).
  assert.equal(STATUS.match, undefined);
  assert.equal(STATUS.mustPay("Lucy"), "Lucy must pay");
  assert.equal(STATUS.mustPay("You", { you: true }), "You must pay");
  assert.equal(STATUS.receivesCards("Steve"), "Match! Steve receives cards");
  assert.equal(STATUS.youReceiveCards(), "Match! You receive cards");
  assert.equal(STATUS.next("Lucy"), "Lucy is next");
  assert.equal(STATUS.next("You", { you: true }), "You turn again next");
  assert.equal(STATUS.yourTurn(undefined, { device: "touch" }), "Your turn. Tap the stack.");
  assert.equal(STATUS.yourTurn(undefined, { device: "pointer" }), "Your turn. Click the stack or press Enter.");
  assert.equal(STATUS.yourTurn(), "Your turn. Tap the stack.", "touch words unless the page knows better");
  assert.equal(STATUS.winner("Lucy"), "Lucy wins the round!");
  assert.equal(STATUS.winner("You", { you: true }), "You win the round!");
  assert.equal(STATUS.playersTurn("Ray"), "Ray's turn");
  assert.equal(STATUS.timeUp(), "Time's up!");
  for (const [kind, say] of Object.entries(STATUS).flatMap(([kind, say]) => [
    [kind, (name) => say(name, { device: "touch" })], [`${kind} (pointer)`, (name) => say(name, { device: "pointer" })]])) {
    const text = say("Lucy");
    assert.doesNotMatch(text, /\*/, `${kind} has an asterisk: ${text}`);
    // Only a sentence's first word and names (and Snap!) start with a capital letter.
    const capitals = text.split(/[.:!]\s+/).flatMap((sentence) => sentence.split(/\s+/).slice(1)).filter((word) => /^[A-Z]/.test(word) && !/^(Lucy|Snap|You|Enter|Match)\b/.test(word));
    assert.deepEqual(capitals, [], `${kind} is not in sentence case: ${text}`);
  }
});

test("notices name who and what", () => {
  const given = [givenTo("You", 1, { you: true, shared: true }), givenTo("Ray", 2, { shared: true })];
  assert.deepEqual(given, ["you (1)", "Ray (2)"]);
  assert.equal(NOTICE.playerLeft("Bob", 3, given), "Bob left the table. Their 3 cards went to you (1) and Ray (2).");
  assert.equal(NOTICE.playerLeft("Bob", 1, [givenTo("You", 1, { you: true })]), "Bob left the table. Their 1 card went to you.");
  assert.equal(NOTICE.playerLeft("Bob", 0, []), "Bob left the table.");
  assert.equal(NOTICE.hostChanged("You", { you: true }), "You are now the host: you start the rounds.");
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

test("the next round's hint says the same truth to the host and to everyone else", () => {
  const lonely = [true, false].map((isHost) => nextRoundHint({ isHost, players: 1, hostName: "Ann" }));
  for (const hint of lonely) assert.match(hint, /^A round needs at least two players/);
  assert.match(lonely[0], /add a computer player/, "the host is told what they can do");
  assert.equal(nextRoundHint({ isHost: true, players: 3, hostName: "You" }), "");
  assert.equal(nextRoundHint({ isHost: false, players: 3, hostName: "Ann" }), "Waiting for Ann to start the next round…");
});

test("getting a seat back is said plainly", () => {
  assert.equal(SEAT.resuming("KQJT"), "Taking your seat at table KQJT back…");
  assert.match(SEAT.lost("KQJT"), /^Your seat at table KQJT was no longer kept/);
  assert.match(SEAT.replaced("KQJT"), /^Your seat at table KQJT is now open in another tab or window/);
  assert.match(SEAT.replaced(null), /^Your single-player game is now open in another tab or window/);
});
