// What the history's pages say and how they ask the server, without a browser. Run with `node --test Tests/web/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  RequestError, fetchJSON, historyPath, lengthText, playerPath, playersText, reactionText, readHistoryQuery,
  replayPath, whenText,
} from "../../Sources/SnapServer/Public/js/history_words.js";
import { speak } from "./catalogues.mjs";

speak("en");

test("when a round was played reads as today, yesterday or a date", () => {
  const now = new Date(2026, 10, 23, 22, 0);
  assert.equal(whenText(new Date(2026, 10, 23, 9, 5).toISOString(), now), "today 09:05");
  assert.equal(whenText(new Date(2026, 10, 22, 23, 59).toISOString(), now), "yesterday 23:59");
  assert.equal(whenText(new Date(2026, 10, 3, 14, 5).toISOString(), now), "3 Nov, 14:05");
  assert.equal(whenText(new Date(2025, 0, 9, 14, 5).toISOString(), now), "9 Jan 2025");
  assert.equal(whenText("not a date", now), "");
});

test("lengths and reactions read as people say them", () => {
  assert.equal(lengthText(48.4), "48 s");
  assert.equal(lengthText(245), "4 min 05 s");
  assert.equal(reactionText(241.4), "241 ms");
  assert.equal(reactionText(1234), "1.2 s");
  assert.equal(reactionText(null), "—");
});

test("links are percent-encoded", () => {
  assert.equal(playerPath("Zoë & Al"), "/players/Zo%C3%AB%20%26%20Al");
  assert.equal(replayPath(12), "/replay/12");
});

test("the history's address keeps the filter and the pages, and reads back", () => {
  assert.equal(historyPath(), "/history");
  const path = historyPath({ player: "Ann", before: 41, trail: [null, 61] });
  assert.equal(path, "/history?player=Ann&before=41&trail=0%2C61");
  assert.deepEqual(readHistoryQuery(path.slice("/history".length)), { player: "Ann", deal: "", before: 41, trail: [null, 61] });
  assert.deepEqual(readHistoryQuery("?before=-3&trail=x"), { player: "", deal: "", before: null, trail: [null] });
  const dealt = historyPath({ deal: "K7M3-Q2PX", before: 9, trail: [null] });
  assert.equal(dealt, "/history?deal=K7M3-Q2PX&before=9&trail=0");
  assert.deepEqual(readHistoryQuery(dealt.slice("/history".length)), { player: "", deal: "K7M3-Q2PX", before: 9, trail: [null] });
});

test("the players are listed with the winner first", () => {
  const players = [{ name: "Ann" }, { name: "Ray" }, { name: "Lucy" }];
  assert.equal(playersText(players, "Lucy"), "Lucy, Ann and Ray");
  assert.equal(playersText([{ name: "Ann" }], null), "Ann");
});

test("a refusal carries the server's message and status", async () => {
  const answer = (status, body) => async () => ({
    ok: status === 200, status, json: async () => (body === undefined ? Promise.reject(new Error("no")) : body),
  });
  assert.deepEqual(await fetchJSON("/api/rounds", answer(200, { rounds: [] })), { rounds: [] });
  await assert.rejects(fetchJSON("/api/rounds/9", answer(404, { error: { message: "There is no round 9 on this server." } })),
    (error) => error instanceof RequestError && error.status === 404 && error.message === "There is no round 9 on this server.");
  await assert.rejects(fetchJSON("/x", answer(502)), /The server answered 502/);
  await assert.rejects(fetchJSON("/x", async () => { throw new TypeError("failed"); }), /Could not reach the server/);
});
