// The web client's table mirror against recorded games (fixtures/recorded_games.json, written by
// Tests/SnapProtocolTests/RecordedGameFixtureTests.swift) and SnapCore's derived values.
// Run with `node --test Tests/web/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { decodeFrame } from "../../Sources/SnapServer/Public/js/codec.js";
import { hexToBytes } from "./codec_json.mjs";
import { TableState } from "../../Sources/SnapServer/Public/js/table_state.js";
import { STATUS, marginText } from "../../Sources/SnapServer/Public/js/words.js";
import { speak } from "./catalogues.mjs";

speak("en");

const YOUR_TURN_TEXT = STATUS.yourTurn();

/** The cards a mirror knows about: face-down counts plus open cards. */
const cardCount = (state) => [0, 1, 2, 3].reduce((sum, seat) => sum + state.cardsIn(seat), 0);

const fixture = JSON.parse(readFileSync(new URL("./fixtures/recorded_games.json", import.meta.url)));
const vectors = JSON.parse(readFileSync(new URL("../SnapProtocolTests/GoldenVectors.json", import.meta.url)));

const decode = (hex) => decodeFrame(hexToBytes(hex));
const snapshotView = (hex) => decode(hex).packet.view;
const vectorView = (name) => snapshotView(vectors.find((vector) => vector.name === name).hex);

const card = (value, suit = 0) => ({ suit, value });
const player = (name, closedCount = 0, open = []) => ({
  id: name.toLowerCase(), name, isComputer: name !== "Ann", closedCount, gamesWon: 0, open,
});

/** A table at play seen from `viewer`: Ann bottom, Ray left, Lucy top, Steve right. */
function playing(overrides = {}, seats = {}) {
  const names = ["Ann", "Ray", "Lucy", "Steve"];
  return {
    viewer: 0, phase: "playing", winner: null, round: 1, host: 0, startingSeat: 0, active: 1, hasTurned: false,
    seats: names.map((name, seat) => seats[seat] === undefined ? player(name, 13) : seats[seat]),
    calls: [], stop: null, ...overrides,
  };
}

// MARK: Recorded games

test("the fixture holds games for two, three and four players", () => {
  const mostPlayers = fixture.games.map((game) => {
    const state = TableState.fromSnapshot(snapshotView(game.snapshot));
    let most = state.occupiedSeats.length;
    for (const hex of game.packets) {
      state.applyPacket(decode(hex).packet);
      most = Math.max(most, state.occupiedSeats.length);
    }
    return most;
  });
  assert.deepEqual(mostPlayers, [2, 3, 4]);
  for (const game of fixture.games) assert.ok(game.packets.length > 100 && game.packets.length <= 320, game.name);
});

for (const game of fixture.games) {
  test(`recorded game "${game.name}": every packet applied gives the final Snapshot`, () => {
    const first = decode(game.snapshot);
    const state = TableState.fromSnapshot(first.packet.view);
    assert.equal(state.viewer, game.viewer);
    let number = first.number;
    for (const hex of game.packets) {
      const { number: next, packet } = decode(hex);
      assert.equal(next, number + 1, "packets are numbered one up");
      number = next;
      const result = state.applyPacket(packet);
      assert.equal(result.needsResync, false, `${packet.type} #${next}`);
      assert.ok(result.events.length > 0, `${packet.type} gave no events`);
      if (state.view.phase === "playing") assert.equal(cardCount(state), 52, `cards after #${next}`);
    }
    const final = decode(game.final);
    assert.equal(final.number, number + 1);
    assert.deepEqual(state.view, final.packet.view);
  });
}

test("the viewer moves with the seats when they are rearranged", () => {
  const game = fixture.games.find((candidate) => candidate.name.startsWith("four players"));
  const state = TableState.fromSnapshot(snapshotView(game.snapshot));
  assert.equal(state.viewer, 3);
  const rearranged = [];
  for (const hex of game.packets) {
    for (const event of state.applyPacket(decode(hex).packet).events) {
      if (event.kind === "seatsRearranged") rearranged.push(event);
    }
  }
  assert.deepEqual(rearranged, [{ kind: "seatsRearranged", moves: [{ from: 3, to: 0 }] }]);
  assert.equal(state.viewer, 0);
  assert.equal(state.shownSeat(0), 0);
  assert.equal(state.view.host, 0);
});

test("the mirror does not share arrays with the Snapshot it started from", () => {
  const view = vectorView("Snapshot.midRound");
  const state = TableState.fromSnapshot(view);
  state.applyPacket({ type: "CardTurned", seat: 1, card: card(5) });
  assert.notDeepEqual(state.view, view);
  assert.deepEqual(view, vectorView("Snapshot.midRound"));
});

// MARK: Packets and events

test("a DealCards packet starts the round and deals", () => {
  const state = TableState.fromSnapshot(playing({ phase: "roundOver", winner: 2, active: null }));
  const { events } = state.applyPacket({
    type: "DealCards", round: 2, startingSeat: 1,
    counts: [{ seat: 0, count: 13 }, { seat: 1, count: 13 }, { seat: 2, count: 13 }, { seat: 3, count: 13 }],
  });
  assert.deepEqual(events.map((event) => event.kind), ["roundStarted", "dealt"]);
  assert.equal(state.view.phase, "dealing");
  assert.equal(state.view.winner, null);
  assert.equal(state.status.text, "Dealing…");
  assert.equal(cardCount(state), 52);
});

test("ids are read as seats, and a verdict names seats", () => {
  const state = TableState.fromSnapshot(playing());
  assert.deepEqual(state.applyPacket({ type: "ActivatePlayer", id: "lucy" }).events, [{ kind: "activated", seat: 2 }]);
  const { events } = state.applyPacket({
    type: "PlayerCalledSnap", id: "steve", verdict: { kind: "correct", matching: ["ann", "lucy"] },
  });
  assert.deepEqual(events, [{ kind: "snapCalled", seat: 3, verdict: { kind: "correct", matching: [0, 2] } }]);
  assert.deepEqual(state.view.stop, { seat: 3, verdict: { kind: "correct", matching: [0, 2] } });
  state.applyPacket({ type: "PlayerCalledSnap", id: "ann", verdict: { kind: "tooLate" } });
  assert.equal(state.view.calls.length, 2);
  assert.equal(state.view.stop.seat, 3, "a late call does not replace the judged one");
});

test("a false start (version 11) pays at once and does not stop the table or its turn clock", () => {
  const state = TableState.fromSnapshot(playing({ hasTurned: true }));
  state.turnClock = { seat: 1, secondsLeft: 5 };
  const { events } = state.applyPacket({ type: "PlayerCalledSnap", id: "lucy", verdict: { kind: "falseStart" } });
  assert.deepEqual(events, [{ kind: "snapCalled", seat: 2, verdict: { kind: "falseStart" } }]);
  assert.equal(state.view.stop, null);
  assert.deepEqual(state.view.calls, [{ seat: 2, verdict: { kind: "falseStart" } }]);
  assert.notEqual(state.turnClock, null, "the table goes on: the turn clock keeps running");
  state.applyPacket({ type: "CardPaid", from: 2, to: 3 });
  assert.equal(state.view.seats[2].closedCount, 12);
  assert.equal(state.view.seats[3].closedCount, 14);
  // Ray's call on the same card is judged: it stops the table.
  state.applyPacket({ type: "PlayerCalledSnap", id: "ray", verdict: { kind: "correct", matching: ["ray", "ann"] } });
  assert.deepEqual(state.view.stop, { seat: 1, verdict: { kind: "correct", matching: [1, 0] } });
});

test("version 10: Turn and SnapJudged change the mirror as ActivatePlayer, PlayerCalledSnap and CallTiming do", () => {
  const classic = TableState.fromSnapshot(playing());
  const lean = TableState.fromSnapshot(playing());
  const verdict = { kind: "correct", matching: ["ann", "lucy"] };
  const classicEvents = [
    { type: "ActivatePlayer", id: "lucy" },
    { type: "PlayerCalledSnap", id: "steve", verdict },
    { type: "CallTiming", seat: 3, reaction: 231_000, margin: 12_000 },
  ].flatMap((packet) => classic.applyPacket(packet).events);
  const leanEvents = [
    { type: "Turn", seat: 2 },
    { type: "SnapJudged", call: { seat: 3, verdict: { kind: "correct", matching: [0, 2] } }, reaction: 231_000, margin: 12_000 },
  ].flatMap((packet) => lean.applyPacket(packet).events);
  assert.deepEqual(leanEvents, classicEvents);
  assert.deepEqual(lean.view, classic.view);
  assert.deepEqual(lean.timing, classic.timing);
  assert.equal(lean.marginText, "Snap! — Steve, by 12 ms");
  // An empty seat is as unknown as an unknown id: the mirror has missed something and asks for the table.
  const partial = TableState.fromSnapshot(playing({}, { 1: null }));
  const view = structuredClone(partial.view);
  assert.equal(partial.applyPacket({ type: "Turn", seat: 1 }).needsResync, true);
  const judged = { type: "SnapJudged", call: { seat: 0, verdict: { kind: "correct", matching: [0, 1] } }, reaction: 1, margin: null };
  assert.equal(partial.applyPacket(judged).needsResync, true);
  assert.deepEqual(partial.view, view, "nothing changed");
});

test("a packet naming an unknown player asks for a resync and changes nothing", () => {
  const state = TableState.fromSnapshot(playing());
  const before = structuredClone(state.view);
  assert.deepEqual(state.applyPacket({ type: "ActivatePlayer", id: "zed" }),
    { events: [], needsResync: true, unknownId: "zed" });
  const call = { type: "PlayerCalledSnap", id: "ray", verdict: { kind: "correct", matching: ["ray", "zed"] } };
  assert.equal(state.applyPacket(call).needsResync, true);
  assert.equal(state.applyPacket({ type: "OtherClientQuit", id: "zed", handedOutTo: [0] }).needsResync, true);
  assert.deepEqual(state.view, before);
});

test("packets that are not table events change nothing", () => {
  const state = TableState.fromSnapshot(playing());
  const before = structuredClone(state.view);
  for (const packet of [{ type: "Ping", value: 1n }, { type: "Welcome", version: 1, id: "p", token: "t" },
    { type: "Snapshot", view: playing({ viewer: 2 }) }]) {
    assert.deepEqual(state.applyPacket(packet), { events: [], needsResync: false });
  }
  assert.deepEqual(state.view, before);
});

test("a player leaving hands their cards out and empties their seat", () => {
  const state = TableState.fromSnapshot(playing());
  state.applyPacket({ type: "OtherClientQuit", id: "lucy", handedOutTo: [3, 0, 1, 3] });
  assert.equal(state.view.seats[2], null);
  assert.deepEqual(state.view.seats.map((entry) => entry?.closedCount), [14, 14, undefined, 15]);
  assert.deepEqual(state.occupiedSeats, [0, 1, 3]);
  assert.equal(state.isOut(2), true, "an empty seat has no cards while a round is under way, as in Swift");
});

test("connections dropping and coming back are followed outside the view", () => {
  const state = TableState.fromSnapshot(playing());
  const { events } = state.applyPacket({ type: "PlayerConnection", seat: 1, connected: false });
  assert.deepEqual(events, [{ kind: "connectionChanged", seat: 1, connected: false }]);
  assert.equal(state.isConnected(1), false);
  assert.equal(state.isConnected(0), true);
  state.applyPacket({ type: "PlayerConnection", seat: 1, connected: true });
  assert.equal(state.isConnected(1), true);
  assert.deepEqual(state.view, playing());
});

test("CallTiming is kept outside the view and says the margin while the judged call shows", () => {
  const state = TableState.fromSnapshot(playing());
  const timing = { type: "CallTiming", seat: 2, reaction: 287_000, margin: 12_345 };
  assert.equal(state.marginText, null);
  state.applyPacket({ type: "PlayerCalledSnap", id: "lucy", verdict: { kind: "wrong" } });
  const view = structuredClone(state.view);
  assert.deepEqual(state.applyPacket(timing), {
    events: [{ kind: "callTimed", seat: 2, reaction: 287_000, margin: 12_345 }], needsResync: false,
  });
  assert.deepEqual(state.view, view, "the mirror still compares equal to a Snapshot");
  assert.deepEqual(state.timing, { seat: 2, reaction: 287_000, margin: 12_345 });
  assert.equal(state.marginText, "Snap! — Lucy, by 12 ms");
  state.applyPacket({ type: "PlayerCalledSnap", id: "ann", verdict: { kind: "tooLate" } });
  state.applyPacket({ type: "Resumed" });
  assert.equal(state.marginText, "Snap! — Lucy, by 12 ms", "shown as long as the call's bubble");
  state.applyPacket({ type: "CardTurned", seat: 1, card: card(5) });
  assert.equal(state.marginText, null, "the next card clears it with the calls");
  assert.equal(cardCount(state), 52);
  state.applyPacket({ type: "PlayerCalledSnap", id: "lucy", verdict: { kind: "wrong" } });
  assert.equal(state.timing, null, "a new judged call forgets the last one's timing");
  assert.equal(state.marginText, null);
});

test("the viewer's own margin says You, and no margin says nothing", () => {
  const state = TableState.fromSnapshot(playing());
  state.applyPacket({ type: "PlayerCalledSnap", id: "ann", verdict: { kind: "correct", matching: ["ray", "lucy"] } });
  state.applyPacket({ type: "CallTiming", seat: 0, reaction: 250_000, margin: 400 });
  assert.equal(state.marginText, "Snap! — You, by <1 ms");
  state.applyPacket({ type: "CallTiming", seat: 0, reaction: 250_000, margin: null });
  assert.equal(state.marginText, null);
  state.applyPacket({ type: "CallTiming", seat: 3, reaction: 250_000, margin: 5_000 });
  assert.equal(state.marginText, null, "a timing for a seat without a judged call shows nothing");
  state.applyPacket({ type: "CallTiming", seat: 0, reaction: 250_000, margin: 5_000 });
  state.applyPacket({ type: "RoundWon", seat: 0, gamesWon: 1 });
  assert.equal(state.marginText, null, "a won round clears it");
});

test("margins are said in whole milliseconds", () => {
  assert.equal(marginText("Ann", 12_000), "Snap! — Ann, by 12 ms");
  assert.equal(marginText("Ann", 12_499), "Snap! — Ann, by 12 ms");
  assert.equal(marginText("Ann", 12_500), "Snap! — Ann, by 13 ms");
  assert.equal(marginText("You", 1_000), "Snap! — You, by 1 ms");
  assert.equal(marginText("You", 999), "Snap! — You, by <1 ms");
  assert.equal(marginText("You", 0), "Snap! — You, by <1 ms");
  assert.equal(marginText("Bob", 60_000_000), "Snap! — Bob, by 60,000 ms", "grouped as the language groups figures");
  assert.equal(marginText("Bob", null), null);
});

// MARK: Derived values

test("status lines read as RULES.md lists them", () => {
  const text = (view) => TableState.fromSnapshot(view).status.text;
  assert.equal(text(playing({ phase: "waiting", active: null })), "Waiting for players…");
  assert.equal(text(playing({ phase: "dealing", active: null })), "Dealing…");
  assert.equal(text(playing({ active: 0 })), YOUR_TURN_TEXT);
  assert.equal(YOUR_TURN_TEXT, "Your turn. Tap the stack.");
  assert.equal(text(playing({ active: 1 })), "Ray's turn");
  assert.equal(text(playing({ active: null })), "Waiting for players…");
  const pair = { 0: player("Ann", 5, [card(4)]), 2: player("Lucy", 5, [card(4, 3)]) };
  assert.equal(text(playing({}, pair)), "Ray's turn", "nothing says there is a match before a call is judged");
  assert.equal(text(playing({ active: 0 }, pair)), YOUR_TURN_TEXT);
  assert.equal(text(playing({ stop: { seat: 2, verdict: { kind: "wrong" } } })), "Lucy must pay");
  assert.equal(text(playing({ stop: { seat: 0, verdict: { kind: "wrong" } } })), "You must pay");
  const correct = { kind: "correct", matching: [1, 2] };
  assert.equal(text(playing({ stop: { seat: 0, verdict: correct } })), "Match! You receive cards");
  assert.equal(text(playing({ stop: { seat: 3, verdict: correct } })), "Match! Steve receives cards");
  assert.equal(text(playing({ phase: "roundOver", winner: 2, active: null })), "Lucy wins the round!");
  assert.equal(text(playing({ phase: "roundOver", winner: 0, active: null })), "You win the round!");
  assert.equal(text(playing({ phase: "roundOver", winner: null, active: null })), "Round over: nobody won");
  assert.deepEqual(TableState.fromSnapshot(playing({ active: 3 })).status,
    { kind: "playersTurn", name: "Steve", text: "Steve's turn" });
  assert.deepEqual(TableState.fromSnapshot(playing({ active: 0 })).status, { kind: "yourTurn", text: YOUR_TURN_TEXT });
});

test("after your card is turned the status says who is next, not \"Your turn\"", () => {
  const state = TableState.fromSnapshot(playing({ active: 0 }));
  assert.equal(state.status.text, YOUR_TURN_TEXT);
  state.applyPacket({ type: "CardTurned", seat: 0, card: card(7) });
  assert.deepEqual(state.status, { kind: "next", name: "Ray", text: "Ray is next" });
  assert.equal(state.viewerCanTurn, false);
  state.applyPacket({ type: "ActivatePlayer", id: "ray" });
  assert.equal(state.status.text, "Ray's turn");
});

test("who is next: clockwise from the active seat, past empty seats and players who cannot turn", () => {
  const next = (active, seats) => TableState.fromSnapshot(playing({ active, hasTurned: true }, seats)).nextToTurn;
  assert.equal(next(0, {}), 1, "the next seat clockwise");
  assert.equal(next(3, {}), 0, "from the right seat round to the bottom");
  assert.equal(next(0, { 1: null }), 2, "an empty seat is skipped");
  assert.equal(next(0, { 1: player("Ray", 0) }), 2, "a player out of cards is skipped");
  assert.equal(next(0, { 1: player("Ray", 0, [card(3)]) }), 2, "one open card and no closed card: skipped");
  assert.equal(next(0, { 1: player("Ray", 0, [card(3), card(9)]) }), 1, "two open cards: recycled and next");
  const alone = { 1: player("Ray", 0), 2: null, 3: player("Steve", 0, [card(5)]) };
  assert.equal(next(0, alone), 0, "nobody else can turn: the active player again");
  const state = TableState.fromSnapshot(playing({ active: 0, hasTurned: true }, alone));
  assert.equal(state.status.text, "You turn again next");
  assert.equal(TableState.fromSnapshot(playing({ active: null })).nextToTurn, null);
  const lucy = TableState.fromSnapshot(playing({ active: 0, hasTurned: true }, { 1: null }));
  assert.equal(lucy.status.text, "Lucy is next");
});

test("the golden Snapshots give the statuses Swift gives them", () => {
  const text = (name) => TableState.fromSnapshot(vectorView(name)).status.text;
  assert.equal(text("Snapshot.waiting"), "Waiting for players…");
  assert.equal(text("Snapshot.roundOver"), "Lucy wins the round!");
  assert.equal(text("Snapshot.abandoned"), "Round over: nobody won");
  assert.equal(text("Snapshot.watching"), "Waiting for players…");
});

test("matching seats: pairs, three of a kind, two pairs, no match", () => {
  const names = ["Ann", "Ray", "Lucy", "Steve"];
  const matching = (values) => {
    const seats = values.map((value) => (value ? [card(1), card(value)] : []))
      .map((open, seat) => player(names[seat], 3, open));
    return TableState.fromSnapshot(playing({}, { ...seats })).matchingSeats;
  };
  assert.deepEqual(matching([5, 5, 7, 9]), [0, 1]);
  assert.deepEqual(matching([5, 5, 5, 9]), [0, 1, 2]);
  assert.deepEqual(matching([5, 9, 5, 9]), [0, 1, 2, 3]);
  assert.deepEqual(matching([5, 6, 7, 8]), []);
  assert.deepEqual(matching([null, 6, null, 8]), []);
});

test("who may turn and who may call", () => {
  const state = (overrides, seats) => TableState.fromSnapshot(playing(overrides, seats));
  assert.equal(state({ active: 0 }).viewerCanTurn, true);
  assert.equal(state({ active: 0, hasTurned: true }).viewerCanTurn, false);
  assert.equal(state({ active: 1 }).viewerCanTurn, false);
  assert.equal(state({ active: 0, stop: { seat: 1, verdict: { kind: "wrong" } } }).viewerCanTurn, false);
  assert.equal(state({ active: 0 }, { 0: player("Ann", 0, [card(3)]) }).viewerCanTurn, false);
  assert.equal(state({ active: 0, phase: "dealing" }).viewerCanTurn, false);
  assert.equal(state({ active: 1 }).viewerCanCall, true, "anyone with cards may call, active or not");
  assert.equal(state({}, { 0: player("Ann", 0, [card(3)]) }).viewerCanCall, true);
  assert.equal(state({}, { 0: player("Ann", 0, []) }).viewerCanCall, false);
  assert.equal(state({ phase: "roundOver", winner: 1 }).viewerCanCall, false);
  assert.equal(state({ viewer: null }).viewerCanCall, false);
  assert.equal(state({ viewer: null, active: null }).viewerCanTurn, false);
});

test("out of the round means no cards while a round is under way", () => {
  const seats = { 1: player("Ray", 0, []), 2: player("Lucy", 0, [card(9)]) };
  const state = TableState.fromSnapshot(playing({}, seats));
  assert.deepEqual([0, 1, 2, 3].map((seat) => state.isOut(seat)), [false, true, false, false]);
  assert.equal(cardCount(state), 13 + 0 + 1 + 13);
  const over = TableState.fromSnapshot(playing({ phase: "roundOver", winner: 0 }, seats));
  assert.equal(over.isOut(1), false);
});

test("shown seats put the viewer at the bottom", () => {
  const fromTop = TableState.fromSnapshot(playing({ viewer: 2 }));
  assert.deepEqual([0, 1, 2, 3].map((seat) => fromTop.shownSeat(seat)), [2, 3, 0, 1]);
  assert.deepEqual([0, 1, 2, 3].map((shown) => fromTop.seatShownAt(shown)), [2, 3, 0, 1]);
  const fromLeft = TableState.fromSnapshot(playing({ viewer: 1 }));
  assert.deepEqual([0, 1, 2, 3].map((seat) => fromLeft.shownSeat(seat)), [3, 0, 1, 2]);
  const watching = TableState.fromSnapshot(playing({ viewer: null }));
  assert.deepEqual([0, 1, 2, 3].map((seat) => watching.shownSeat(seat)), [0, 1, 2, 3]);
  assert.equal(fromTop.displayName(2), "You");
  assert.equal(fromTop.displayName(0), "Ann");
  assert.equal(watching.displayName(0), "Ann");
});

// MARK: Head starts (protocol version 6)

test("head starts are kept beside the view from HeadStarts, and TableSettings leaves them be", () => {
  const state = TableState.fromSnapshot(playing({ active: 1 }));
  const before = structuredClone(state.view);
  assert.deepEqual(state.headStarts, [0, 0, 0, 0]);
  const events = state.applyPacket({ type: "HeadStarts", milliseconds: [0, 200, 0, 500] }, 1000);
  assert.deepEqual(events.events.map((event) => event.kind), ["headStarts"]);
  assert.deepEqual(state.headStarts, [0, 200, 0, 500]);
  state.applyPacket({ type: "TableSettings", round: 0, turn: 0 }, 1000);
  assert.deepEqual(state.headStarts, [0, 200, 0, 500]);
  assert.deepEqual(state.view, before, "a mirror still equals the next Snapshot");
});

// MARK: Host controls (protocol version 7)

test("the table's access is kept beside the view from TableAccess, and the other settings leave it be", () => {
  const state = TableState.fromSnapshot(playing({ active: 1 }));
  const before = structuredClone(state.view);
  assert.deepEqual(state.access, { locked: false, private: false });
  const events = state.applyPacket({ type: "TableAccess", flags: 1 }, 1000);
  assert.deepEqual(events.events.map((event) => event.kind), ["access"]);
  assert.deepEqual(state.access, { locked: true, private: false });
  state.applyPacket({ type: "TableSettings", round: 0, turn: 0 }, 1000);
  state.applyPacket({ type: "HeadStarts", milliseconds: [0, 0, 0, 0] }, 1000);
  assert.deepEqual(state.access, { locked: true, private: false });
  state.applyPacket({ type: "TableAccess", flags: 2 }, 1000);
  assert.deepEqual(state.access, { locked: false, private: true });
  assert.deepEqual(state.view, before, "a mirror still equals the next Snapshot");
});

// MARK: Deal codes (protocol version 8)

test("the last round's deal code is kept beside the view from RoundDeal until the next round starts", () => {
  const state = TableState.fromSnapshot(playing({ phase: "roundOver", winner: 2, active: null }));
  const before = structuredClone(state.view);
  assert.equal(state.deal, null);
  const { events } = state.applyPacket({ type: "RoundDeal", deal: "K7M3-Q2PX" }, 1000);
  assert.deepEqual(events, [{ kind: "dealRevealed", deal: "K7M3-Q2PX" }]);
  assert.equal(state.deal, "K7M3-Q2PX");
  assert.deepEqual(state.view, before, "a mirror still equals the next Snapshot");
  state.applyPacket({
    type: "DealCards", round: 2, startingSeat: 1,
    counts: [{ seat: 0, count: 13 }, { seat: 1, count: 13 }, { seat: 2, count: 13 }, { seat: 3, count: 13 }],
  });
  assert.equal(state.deal, null, "no code while a round is under way");
});

// MARK: Quick rounds and the turn timer (protocol version 3)

test("the table's settings and clocks are kept beside the view, on the caller's clock", () => {
  const state = TableState.fromSnapshot(playing({ active: 1 }));
  const before = structuredClone(state.view);
  assert.equal(state.settings, null);
  assert.equal(state.roundLeft(0), null);
  assert.equal(state.turnLeft(0), null);
  state.applyPacket({ type: "TableSettings", round: 300, turn: 8 }, 1000);
  state.applyPacket({ type: "RoundClock", remaining: 90_000 }, 1000);
  state.applyPacket({ type: "TurnClock", seat: 1, remaining: 8000 }, 2000);
  assert.deepEqual(state.settings, { round: 300, turn: 8 });
  assert.equal(state.roundLeft(31_000), 60_000);
  assert.equal(state.roundLeft(500_000), 0, "never below zero");
  assert.deepEqual(state.turnLeft(7000), { seat: 1, left: 3000 });
  assert.deepEqual(state.view, before, "a mirror still equals the next Snapshot");
});

test("the turn countdown ends with a turn, an activation, a judged call, the time or the round", () => {
  const ends = [
    [{ type: "CardTurned", seat: 1, card: card(4) }],
    [{ type: "ActivatePlayer", id: "lucy" }],
    [{ type: "PlayerCalledSnap", id: "lucy", verdict: { kind: "wrong" } }],
    [{ type: "PlayerCalledSnap", id: "lucy", verdict: { kind: "correct", matching: ["ann", "ray"] } }],
    [{ type: "TimeUp" }],
    [{ type: "RoundWon", seat: 1, gamesWon: 1 }],
    [{ type: "RoundAbandoned" }],
  ];
  for (const packets of ends) {
    const state = TableState.fromSnapshot(playing({ active: 1 }));
    state.applyPacket({ type: "TurnClock", seat: 1, remaining: 3000 }, 0);
    for (const packet of packets) state.applyPacket(packet, 10);
    assert.equal(state.turnLeft(20), null, `after ${packets[0].type}`);
  }
  const state = TableState.fromSnapshot(playing({ active: 1 }));
  state.applyPacket({ type: "TurnClock", seat: 1, remaining: 3000 }, 0);
  state.applyPacket({ type: "PlayerCalledSnap", id: "lucy", verdict: { kind: "tooLate" } }, 10);
  state.applyPacket({ type: "PlayerConnection", seat: 1, connected: false }, 10);
  assert.deepEqual(state.turnLeft(1000), { seat: 1, left: 2000 }, "a too-late call or a drop changes nothing");
  state.applyPacket({ type: "TurnClock", seat: 1, remaining: 1000 }, 1000);
  assert.deepEqual(state.turnLeft(1000), { seat: 1, left: 1000 }, "a new TurnClock replaces the old one");
});

test("time up, then sudden death, in the status line; the next round forgets both", () => {
  const pair = { 0: player("Ann", 5, [card(4)]), 2: player("Lucy", 5, [card(4, 3)]) };
  const state = TableState.fromSnapshot(playing({ active: 3 }));
  state.applyPacket({ type: "RoundClock", remaining: 1000 }, 0);
  state.applyPacket({ type: "TimeUp" }, 1000);
  assert.equal(state.roundLeft(1000), null, "the round clock stops with TimeUp");
  assert.deepEqual(state.status, { kind: "timeUp", text: "Time's up!" });
  state.applyPacket({ type: "SuddenDeath", seats: [0, 2] });
  assert.deepEqual(state.suddenDeath, [0, 2]);
  assert.equal(state.status.text, "Sudden death: the next correct Snap! wins");
  state.applyPacket({ type: "ActivatePlayer", id: "ann" });
  assert.equal(state.status.text, "Your turn. Tap the stack.", "your own turn still says so");
  state.applyPacket({ type: "DealCards", round: 2, startingSeat: 1, counts: [] });
  assert.equal(state.timeUp, false);
  assert.equal(state.suddenDeath, null);
});

test("standings: the winner first, then by cards when the time ran out, then by games won", () => {
  const seats = { 0: { ...player("Ann", 20, [card(3)]), gamesWon: 1 }, 1: { ...player("Ray", 9), gamesWon: 4 },
    2: { ...player("Lucy", 21, [card(5)]), gamesWon: 0 }, 3: player("Steve", 0) };
  const byTime = TableState.fromSnapshot(playing({ phase: "roundOver", winner: 2, active: null }, seats)).standings;
  assert.equal(byTime.byCards, true);
  assert.deepEqual(byTime.rows.map((row) => [row.name, row.cards, row.gamesWon]),
    [["Lucy", 22, 0], ["You", 21, 1], ["Ray", 9, 4], ["Steve", 0, 0]]);
  const classic = { 0: { ...player("Ann", 52), gamesWon: 1 }, 1: { ...player("Ray", 0), gamesWon: 4 },
    2: player("Lucy", 0), 3: null };
  const allCards = TableState.fromSnapshot(playing({ phase: "roundOver", winner: 0, active: null }, classic)).standings;
  assert.equal(allCards.byCards, false, "one player holds every card: only games won tell them apart");
  assert.deepEqual(allCards.rows.map((row) => row.name), ["You", "Ray", "Lucy"]);
});

// MARK: Fairness you can see (protocol version 9)

const PHOTO_CALLS = [
  { seat: 2, elapsed: 212_000, reaction: 180_500, allowance: 62_250, headStart: 200 },
  { seat: 0, elapsed: 95_000, reaction: 23_000, allowance: 72_000, headStart: 0 },
];

test("a photo finish is kept beside the view for a few seconds on the caller's clock, and goes with the next card", async () => {
  const { PHOTO_FINISH_MS } = await import("../../Sources/SnapServer/Public/js/table_state.js");
  const state = TableState.fromSnapshot(playing());
  state.applyPacket({ type: "PlayerCalledSnap", id: "lucy", verdict: { kind: "correct", matching: ["ann", "lucy"] } });
  state.applyPacket({ type: "CallTiming", seat: 2, reaction: 180_500, margin: 42_500 });
  const view = structuredClone(state.view);
  assert.deepEqual(state.applyPacket({ type: "PhotoFinish", calls: PHOTO_CALLS }, 10_000).events,
    [{ kind: "photoFinish", calls: PHOTO_CALLS, at: 10_000 }]);
  assert.deepEqual(state.view, view, "the mirror still compares equal to a Snapshot");
  assert.deepEqual(state.photoFinishAt(10_000), { calls: PHOTO_CALLS, left: PHOTO_FINISH_MS });
  assert.equal(PHOTO_FINISH_MS, 4000);
  state.applyPacket({ type: "PileCollected", from: 0, to: 2, count: 1 }, 11_000);
  state.applyPacket({ type: "Resumed" }, 12_000);
  assert.equal(state.photoFinishAt(13_999).left, 1, "it stays while the cards move");
  assert.equal(state.photoFinishAt(14_000), null, "and goes after a few seconds");
  assert.equal(state.photoFinishAt(9_999), null, "nothing before it came");

  state.applyPacket({ type: "PhotoFinish", calls: PHOTO_CALLS }, 20_000);
  assert.ok(state.photoFinishAt(20_500));
  state.applyPacket({ type: "CardTurned", seat: 1, card: card(5) }, 20_600);
  assert.equal(state.photoFinishAt(20_700), null, "the next card takes it away");
  assert.equal(state.photoFinish, null);

  state.applyPacket({ type: "PhotoFinish", calls: PHOTO_CALLS }, 30_000);
  state.applyPacket({ type: "RoundWon", seat: 2, gamesWon: 1 }, 30_100);
  assert.equal(state.photoFinishAt(30_200), null, "shown only while play goes on");
  state.applyPacket({ type: "DealCards", round: 2, startingSeat: 0, counts: [] }, 31_000);
  assert.equal(state.photoFinish, null, "a new round forgets it");
});

test("network times are kept per seat, the latest answer winning, until the player leaves or the seats move", () => {
  const state = TableState.fromSnapshot(playing());
  assert.deepEqual(state.networkTimes, [null, null, null, null]);
  const measured = { type: "NetworkTime", seat: 1, source: 0, median: 41_500, mostTakenOff: 62_250, samples: 16 };
  const view = structuredClone(state.view);
  assert.deepEqual(state.applyPacket(measured, 500).events,
    [{ kind: "networkTime", seat: 1, source: 0, median: 41_500, mostTakenOff: 62_250, samples: 16, at: 500 }]);
  assert.deepEqual(state.view, view);
  state.applyPacket({ ...measured, median: 12_000, samples: 3 }, 900);
  state.applyPacket({ type: "NetworkTime", seat: 3, source: 3, median: 0, mostTakenOff: 0, samples: 0 }, 950);
  assert.deepEqual(state.networkTimes[1],
    { kind: "networkTime", seat: 1, source: 0, median: 12_000, mostTakenOff: 62_250, samples: 3, at: 900 });
  assert.equal(state.networkTimes[3].source, 3);
  state.applyPacket({ type: "OtherClientQuit", id: "ray", handedOutTo: [] });
  assert.equal(state.networkTimes[1], null, "a player who leaves takes theirs along");
  assert.equal(state.networkTimes[3].source, 3);
  state.applyPacket({ type: "PlayerJoined", seat: 1, id: "zoe", name: "Zoe", isComputer: false });
  assert.equal(state.networkTimes[1], null);
  state.applyPacket({ type: "NetworkTime", seat: 1, source: 1, median: 0, mostTakenOff: 0, samples: 0 });
  state.applyPacket({ type: "SeatsRearranged", moves: [{ from: 3, to: 2 }] });
  assert.deepEqual(state.networkTimes, [null, null, null, null], "rearranged seats forget them all");
});
