// A stored round rebuilt at every moment, without a browser: fixtures/replay_round.json is what a real
// `snap serve --db :memory:` answered to GET /api/rounds/1/replay after a quick single-player round at --speed 50
// (won by Lucy). Run with `node --test Tests/web/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Replay } from "../../Sources/SnapServer/Public/js/replay_model.js";
import { speak } from "./catalogues.mjs";

speak("en");

const json = JSON.parse(readFileSync(new URL("./fixtures/replay_round.json", import.meta.url)));
const cardsAt = (state) => state.view.seats.reduce((sum, seat) => sum + (seat ? seat.closedCount + seat.open.length : 0), 0);

test("the replay starts from no seat, with the players and no face-down card", () => {
  const replay = new Replay(json);
  const state = replay.stateAt(0);
  assert.equal(state.view.viewer, null);
  assert.deepEqual(state.occupiedSeats, [0, 1, 2, 3]);
  assert.deepEqual(state.settings, { round: 180, turn: 0 });
  assert.equal(replay.times.length, json.moments.length);
  assert.equal(replay.duration, json.moments.at(-1).t_ms);
});

test("applied moment by moment, every moment holds 52 cards and the round ends with its winner", () => {
  const replay = new Replay(json);
  const state = replay.stateAt(0);
  let dealt = false;
  for (let index = 1; index < replay.moments.length; index += 1) {
    const events = replay.apply(state, index);
    assert.ok(events.length > 0, `moment ${index} applies something`);
    dealt ||= state.view.phase !== "waiting";
    if (dealt) assert.equal(cardsAt(state), 52, `52 cards after moment ${index}`);
  }
  assert.equal(state.view.phase, "roundOver");
  assert.equal(state.displayName(state.view.winner), json.round.winner);
  assert.equal(state.status.text, `${json.round.winner} wins the round!`);
  for (const player of json.round.players) assert.equal(state.cardsIn(player.seat), player.cards_at_end, player.name);
});

test("rebuilding at a moment gives the same table as stepping there", () => {
  const replay = new Replay(json);
  const stepped = replay.stateAt(0);
  for (let index = 1; index < replay.moments.length; index += 1) {
    replay.apply(stepped, index);
    if (index % 7 === 0 || index === replay.moments.length - 1) {
      assert.deepEqual(replay.stateAt(index).view, stepped.view, `moment ${index}`);
    }
  }
});

test("rebuilding the last moment again gives the same table, and a replay must start with a snapshot", () => {
  const long = { round: json.round, moments: [json.moments[0]] };
  const replay = new Replay(json);
  assert.ok(replay.moments.length > 50);
  // Timings are printed, never asserted: machines here are shared.
  const started = performance.now();
  const first = JSON.stringify(replay.stateAt(replay.moments.length - 1));
  for (let run = 0; run < 6; run += 1) assert.equal(JSON.stringify(replay.stateAt(replay.moments.length - 1)), first);
  console.log(`seven rebuilds of ${replay.moments.length} moments took ${(performance.now() - started).toFixed(1)} ms`);
  assert.throws(() => new Replay({ round: json.round, moments: json.moments.slice(1) }), /starts with a snapshot/);
  assert.equal(new Replay(long).duration, 0);
});

test("the clocks read the replay's position, not the page's clock", () => {
  let position = 0;
  const replay = new Replay(json, () => position);
  const index = replay.moments.findIndex((moment, at) => at > 0 && replay.stateAt(at).roundEndsAt !== null);
  assert.ok(index > 0, "a quick round's clock runs");
  const state = replay.stateAt(index);
  position = replay.times[index];
  const left = state.roundLeft(123_456_789);
  position += 500;
  assert.equal(state.roundLeft(0), left - 500);
});

test("a photo finish shows at its moment for a few seconds of the replay's time, and a seek leaves none stale", async () => {
  const { encodeFrame } = await import("../../Sources/SnapServer/Public/js/codec.js");
  const { PHOTO_FINISH_MS } = await import("../../Sources/SnapServer/Public/js/table_state.js");
  const calls = [
    { seat: 1, elapsed: 212_000, reaction: 180_500, allowance: 62_250, headStart: 200 },
    { seat: 2, elapsed: 95_000, reaction: 23_000, allowance: 72_000, headStart: 0 },
  ];
  const bytes = encodeFrame({ number: 1, packet: { type: "PhotoFinish", calls } });
  const timed = JSON.parse(JSON.stringify(json));
  // The server puts it right after a judged call's CallTiming, in the same moment.
  const at = timed.moments.findIndex((moment) => moment.packets.length > 1 && atob(moment.packets[1]).charCodeAt(9) === 0x8f);
  assert.ok(at > 0, "the fixture has a judged call");
  timed.moments[at].packets.splice(2, 0, btoa(String.fromCharCode(...bytes)));
  let position = 0;
  const replay = new Replay(timed, () => position);
  const moment = replay.times[at];
  position = replay.times[at - 1];
  assert.equal(replay.stateAt(at - 1).photoFinishAt(), null, "none before its moment");
  const state = replay.stateAt(at);
  position = moment;
  assert.deepEqual(state.photoFinishAt(), { calls, left: PHOTO_FINISH_MS });
  position = moment + PHOTO_FINISH_MS - 1;
  assert.equal(state.photoFinishAt(123_456_789).left, 1, "read on the replay's position, not the page's clock");
  position = moment + PHOTO_FINISH_MS;
  assert.equal(state.photoFinishAt(), null, "gone a few seconds after its moment");
  position = moment + 10;
  assert.equal(replay.stateAt(at - 1).photoFinishAt(), null, "a step back rebuilds the table without it");
  const turned = replay.moments.findIndex((item, index) => index > at && item.packets.some((packet) => packet.type === "CardTurned"));
  position = replay.times[turned];
  assert.ok(position < moment + PHOTO_FINISH_MS, "the next card comes within the few seconds");
  assert.equal(replay.stateAt(turned).photoFinishAt(), null, "the next card turned takes it away");
});
