// The web client's codec against the golden vectors and the Swift decoder's rules (MalformedPacketTests.swift,
// RandomInputTests.swift). Run with `node --test Tests/web/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  MAX_PACKET_SIZE, PacketType, ProtocolError, decodeFrame, decodeMessage, encodeFrame,
} from "../../Sources/SnapServer/Public/js/codec.js";
import { bytesToHex, hexToBytes, toJSON } from "./codec_json.mjs";

const vectors = JSON.parse(readFileSync(new URL("../SnapProtocolTests/GoldenVectors.json", import.meta.url)));

/** A seeded generator (mulberry32), so that a failure can be reproduced. */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 15), z | 1);
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
    return ((z ^ (z >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** A whole number from 0 to `max`. */
const below = (random, max) => Math.floor(random() * (max + 1));

/** A packet's bytes built by hand: the header for `type` (a name) and `number`, then `payload`. */
function packet(type, payload, number = 1) {
  const code = PacketType[type];
  return Uint8Array.from([0x53, 0x4e, 0x41, 0x50, number >>> 24, (number >>> 16) & 0xff, (number >>> 8) & 0xff,
    number & 0xff, code >> 8, code & 0xff, ...payload]);
}

/** A string on the wire: UTF-8, then NUL. */
const str = (text) => [...new TextEncoder().encode(text), 0];

/** The ProtocolError decoding `bytes` throws, as `{kind, ...details}`, or null when it decodes. */
function decodingError(bytes) {
  try {
    decodeFrame(bytes);
    return null;
  } catch (error) {
    assert.ok(error instanceof ProtocolError, `not a ProtocolError: ${error}`);
    const { kind, field, value, count, size, type, limit } = error;
    return Object.fromEntries(Object.entries({ kind, field, value, count, size, type, limit })
      .filter(([, detail]) => detail !== undefined));
  }
}

/** The ProtocolError decoding a hand-built packet throws (see `decodingError`). */
const refused = (type, payload) => decodingError(packet(type, payload));

/** Decodes or throws a ProtocolError; whatever decodes encodes back to the same bytes. */
function checkNeverThrowsAnythingElse(bytes) {
  let frame;
  try {
    frame = decodeFrame(bytes);
  } catch (error) {
    if (!(error instanceof ProtocolError)) assert.fail(`${bytesToHex(bytes)} threw ${error}`);
    return false;
  }
  assert.equal(bytesToHex(encodeFrame(frame)), bytesToHex(bytes), "not canonical");
  return true;
}

// MARK: Golden vectors

test("the golden vectors load", () => {
  assert.ok(vectors.length >= 60);
});

test("every golden vector decodes to its JSON", () => {
  for (const vector of vectors) {
    assert.deepEqual(toJSON(decodeFrame(hexToBytes(vector.hex))), vector.json, vector.name);
  }
});

test("every golden vector encodes back to the same bytes", () => {
  for (const vector of vectors) {
    assert.equal(bytesToHex(encodeFrame(decodeFrame(hexToBytes(vector.hex)))), vector.hex, vector.name);
  }
});

test("every packet type has a golden vector", () => {
  const covered = new Set(vectors.map((vector) => decodeFrame(hexToBytes(vector.hex)).packet.type));
  assert.deepEqual([...covered].sort(), Object.keys(PacketType).sort());
});

test("decoded packets have the documented shape", () => {
  const decode = (name) => decodeFrame(hexToBytes(vectors.find((vector) => vector.name === name).hex));
  assert.deepEqual(decode("CardTurned"), {
    number: 80, packet: { type: "CardTurned", seat: 3, card: { suit: 2, value: 10 } },
  });
  assert.deepEqual(decode("PlayerCalledSnap.correct").packet, {
    type: "PlayerCalledSnap", id: "p2", verdict: { kind: "correct", matching: ["p3", "p1"] },
  });
  assert.deepEqual(decode("Ping.max").packet, { type: "Ping", value: 18446744073709551615n });
  assert.deepEqual(decode("HostChanged.nobody").packet, { type: "HostChanged", seat: null });
  assert.equal(decode("ClientReady").number, null);
  assert.equal(decode("Numbered.large").number, 0xfffffffe);
  const { view } = decode("Snapshot.midRound").packet;
  assert.equal(view.phase, "playing");
  assert.deepEqual(Object.keys(view.seats[0]).sort(), ["closedCount", "gamesWon", "id", "isComputer", "name", "open"]);
});

test("toJSON renders a frame made by hand like the Swift codec", () => {
  const frame = { number: null, packet: { type: "Pong", value: 5n } };
  assert.deepEqual(toJSON(frame), { number: null, type: 0x7a, name: "Pong", fields: { value: "5" } });
  assert.equal(bytesToHex(encodeFrame(frame)), "534E4150FFFFFFFF007A0000000000000005");
});

// MARK: Truncated and random input

test("every prefix of every golden vector throws a ProtocolError", () => {
  for (const vector of vectors) {
    const bytes = hexToBytes(vector.hex);
    for (let size = 0; size < bytes.length; size += 1) {
      const error = decodingError(bytes.subarray(0, size));
      assert.ok(error, `${vector.name} cut to ${size} bytes decoded`);
      const expected = ["truncatedHeader", "truncated", "missingNul"];
      assert.ok(expected.includes(error.kind), `${vector.name} cut to ${size}: ${error.kind}`);
    }
  }
});

test("random bytes never throw anything but ProtocolError", () => {
  const random = seededRandom(2024);
  let refused = 0;
  for (let round = 0; round < 20_000; round += 1) {
    const bytes = Uint8Array.from({ length: below(random, 80) }, () => below(random, 255));
    if (!checkNeverThrowsAnythingElse(bytes)) refused += 1;
  }
  assert.ok(refused > 19_000);
});

test("random payloads behind a valid header never throw anything but ProtocolError", () => {
  const random = seededRandom(7);
  const types = Object.keys(PacketType);
  let decoded = 0;
  let refused = 0;
  for (let round = 0; round < 30_000; round += 1) {
    const type = types[below(random, types.length - 1)];
    const length = below(random, random() < 0.5 ? 6 : 40);
    // Small bytes are likelier to be valid seats, counts, booleans and NULs, so decoding goes deeper.
    const payload = Array.from({ length }, () => (random() < 0.5 ? below(random, 4) : below(random, 255)));
    if (checkNeverThrowsAnythingElse(packet(type, payload, below(random, 0xffffffff)))) decoded += 1;
    else refused += 1;
  }
  assert.ok(decoded > 1_000, `${decoded} decoded`);
  assert.ok(refused > 1_000, `${refused} refused`);
});

test("single-byte mutations of the golden vectors never throw anything but ProtocolError", () => {
  const random = seededRandom(99);
  for (const vector of vectors) {
    const bytes = hexToBytes(vector.hex);
    for (let round = 0; round < 200; round += 1) {
      const mutated = Uint8Array.from(bytes);
      mutated[below(random, mutated.length - 1)] = below(random, 255);
      checkNeverThrowsAnythingElse(mutated);
    }
  }
});

// MARK: The header

test("too large is refused before anything else", () => {
  assert.deepEqual(decodingError(new Uint8Array(5000)), { kind: "oversized", size: 5000 });
  const justTooLarge = packet("ServerQuit", [...new Array(MAX_PACKET_SIZE - 10).fill(0x41), 0]);
  assert.deepEqual(decodingError(justTooLarge), { kind: "oversized", size: MAX_PACKET_SIZE + 1 });
  const largest = packet("SignInRequest", new Array(MAX_PACKET_SIZE - 10).fill(0));
  assert.deepEqual(decodingError(largest), { kind: "trailingBytes", count: MAX_PACKET_SIZE - 10 });
});

test("fewer than ten bytes is a truncated header", () => {
  const valid = encodeFrame({ number: 1, packet: { type: "ClientReady" } });
  for (let size = 0; size < 10; size += 1) {
    assert.deepEqual(decodingError(valid.subarray(0, size)), { kind: "truncatedHeader", size });
  }
});

test("wrong magic and unknown types are refused", () => {
  for (const magic of ["SNAQ", "snap", "PANS", "\0\0\0\0"]) {
    const bytes = Uint8Array.from([...str(magic).slice(0, 4), 0, 0, 0, 1, 0, 0x64]);
    assert.deepEqual(decodingError(bytes), { kind: "badMagic" });
  }
  for (const type of [0, 0x63, 0xa7, 0x100, 0xffff]) {
    const bytes = Uint8Array.from([0x53, 0x4e, 0x41, 0x50, 0, 0, 0, 1, type >> 8, type & 0xff]);
    assert.deepEqual(decodingError(bytes), { kind: "unknownType", type });
  }
});

test("errors carry the Swift messages", () => {
  const message = (bytes) => {
    try {
      decodeFrame(bytes);
    } catch (error) {
      return error.message;
    }
    return null;
  };
  assert.equal(message(packet("CardTurned", [7, 0, 1])), "CardTurned.seat cannot be 7");
  assert.equal(message(Uint8Array.from([0x53, 0x4e, 0x41, 0x50, 0, 0, 0, 1, 0, 0xa7])), "unknown packet type 0xA7");
  assert.equal(message(packet("SetTableAccess", [4])), "SetTableAccess.flags cannot be 4");
  assert.equal(message(packet("CallSnap", [3, 0x93, 0x87, 1])), "CallSnap.reaction cannot be 60000001");
  assert.equal(message(packet("Ping", [1, 2])), "packet ends in the middle of Ping.value");
  assert.equal(message(new Uint8Array(3)), "packet of 3 bytes is shorter than the 10-byte header");
  assert.equal(message(new Uint8Array(4097)), "packet of 4097 bytes is larger than the 4096-byte limit");
  assert.equal(message(packet("Resumed", [0, 0])), "2 unexpected bytes after the payload");
  assert.equal(message(packet("ServerReady", [5])), "ServerReady.players cannot hold 5 items");
  assert.equal(message(packet("JoinTable", [0xff, 0])), "string JoinTable.code is not valid UTF-8");
  assert.equal(message(packet("JoinTable", [0x41])), "string JoinTable.code has no terminating NUL byte");
  assert.equal(message(packet("JoinTable", new Array(300).fill(0x41))),
    "string JoinTable.code is longer than 255 bytes");
  assert.equal(message(Uint8Array.from([0x53, 0x4e, 0x41, 0x51, 0, 0, 0, 1, 0, 0x64])),
    "packet does not start with the magic bytes SNAP");
});

// MARK: The payload

test("truncation names the field", () => {
  assert.deepEqual(refused("DealCards", [0]), { kind: "truncated", field: "DealCards.round" });
  assert.deepEqual(refused("Ping", [1, 2, 3, 4, 5, 6, 7]), { kind: "truncated", field: "Ping.value" });
  assert.deepEqual(refused("CardTurned", [2, 1]), { kind: "truncated", field: "CardTurned.card.value" });
  assert.deepEqual(refused("SignInResponse", []), { kind: "truncated", field: "SignInResponse.name" });
  assert.deepEqual(refused("ServerReady", [3, ...str("p1"), ...str("Ann"), 0]),
    { kind: "truncated", field: "ServerReady.players[1].id" });
  assert.deepEqual(refused("SeatsRearranged", [2, 0, 1]),
    { kind: "truncated", field: "SeatsRearranged.moves[1].from" });
  assert.deepEqual(refused("OtherClientQuit", [...str("p"), 9, 0, 1]),
    { kind: "truncated", field: "OtherClientQuit.handedOutTo[2]" });
  assert.deepEqual(refused("PlayerCalledSnap", [...str("p1"), 3]),
    { kind: "truncated", field: "PlayerCalledSnap.matching" });
});

test("bytes after the payload are refused", () => {
  assert.deepEqual(refused("Resumed", [0]), { kind: "trailingBytes", count: 1 });
  const snapshot = hexToBytes(vectors.find((vector) => vector.name === "Snapshot.midRound").hex);
  assert.deepEqual(decodingError(Uint8Array.from([...snapshot, 1, 2, 3])), { kind: "trailingBytes", count: 3 });
});

test("strings: NUL, UTF-8 and length", () => {
  assert.deepEqual(refused("SignInResponse", [0x41, 0x6e, 0x6e]), { kind: "missingNul", field: "SignInResponse.name" });
  assert.deepEqual(refused("Welcome", [1, ...str("p1"), 0x74, 0x6f, 0x6b]),
    { kind: "missingNul", field: "Welcome.token" });
  // Broken, overlong, a surrogate, cut short, a lone continuation byte, above U+10FFFF.
  const badStrings = [
    [0xc3, 0x28], [0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0x80], [0xf4, 0x90, 0x80, 0x80],
  ];
  for (const bad of badStrings) {
    assert.deepEqual(refused("JoinTable", [...bad, 0]), { kind: "badUTF8", field: "JoinTable.code" });
  }
  const player = packet("ServerReady", [2, ...str("p1"), ...str("Ann"), 0, ...str("p2"), 0xfe, 0, 1]);
  assert.deepEqual(decodingError(player), { kind: "badUTF8", field: "ServerReady.players[1].name" });
  const longest = "a".repeat(255);
  assert.deepEqual(decodeFrame(packet("ServerQuit", str(longest))).packet, { type: "ServerQuit", reason: longest });
  const tooLong = { kind: "stringTooLong", field: "ServerQuit.reason", limit: 255 };
  assert.deepEqual(refused("ServerQuit", str(`${longest}a`)), tooLong);
  assert.deepEqual(refused("ServerQuit", new Array(300).fill(0x61)), tooLong);
  // A byte-order mark is a character like any other, as in Swift.
  assert.equal(decodeFrame(packet("JoinTable", [0xef, 0xbb, 0xbf, 0x4b, 0])).packet.code, "\ufeffK");
});

test("seats, cards, verdicts and booleans outside their values are refused", () => {
  const invalid = (field, value) => ({ kind: "invalidValue", field, value });
  assert.deepEqual(refused("CardTurned", [7, 0, 1]), invalid("CardTurned.seat", 7));
  assert.deepEqual(refused("PlayerOut", [0xff]), invalid("PlayerOut.seat", 255));
  assert.deepEqual(refused("HostChanged", [4]), invalid("HostChanged.seat", 4));
  assert.deepEqual(refused("TableJoined", [...str("K"), 5]), invalid("TableJoined.seat", 5));
  assert.deepEqual(refused("ServerReady", [1, ...str("p"), ...str("P"), 4]), invalid("ServerReady.players[0].seat", 4));
  assert.deepEqual(refused("CardPaid", [0, 0xff]), invalid("CardPaid.to", 255));
  assert.deepEqual(refused("CardTurned", [1, 9, 5]), invalid("CardTurned.card.suit", 9));
  assert.deepEqual(refused("CardTurned", [1, 9]), invalid("CardTurned.card.suit", 9));
  assert.deepEqual(refused("CardTurned", [1, 2, 0]), invalid("CardTurned.card.value", 0));
  assert.deepEqual(refused("CardTurned", [1, 2, 14]), invalid("CardTurned.card.value", 14));
  for (const verdict of [0, 5, 0xff]) {
    assert.deepEqual(refused("PlayerCalledSnap", [...str("p1"), verdict]),
      invalid("PlayerCalledSnap.verdict", verdict));
  }
  assert.deepEqual(refused("HostTable", [2]), invalid("HostTable.solo", 2));
  assert.deepEqual(refused("PlayerConnection", [1, 0x80]), invalid("PlayerConnection.connected", 128));
  assert.deepEqual(refused("PlayerJoined", [0, ...str("p"), ...str("P"), 7]), invalid("PlayerJoined.isComputer", 7));
  assert.deepEqual(decodeFrame(packet("HostChanged", [0xff])).packet, { type: "HostChanged", seat: null });
});

test("counts above their limits are refused", () => {
  const out = (field, count) => ({ kind: "countOutOfRange", field, count });
  const invalid = (field, value) => ({ kind: "invalidValue", field, value });
  assert.deepEqual(refused("ServerReady", [5]), out("ServerReady.players", 5));
  assert.deepEqual(refused("SeatsRearranged", [9]), out("SeatsRearranged.moves", 9));
  assert.deepEqual(refused("DealCards", [0, 1, 0, 5]), out("DealCards.counts", 5));
  assert.deepEqual(refused("OtherClientQuit", [...str("p"), 53]), out("OtherClientQuit.handedOutTo", 53));
  const five = [...str("p1"), 3, 5, ...[1, 2, 3, 4, 5].flatMap((n) => str(`p${n}`))];
  assert.deepEqual(refused("PlayerCalledSnap", five), out("PlayerCalledSnap.matching", 5));
  assert.deepEqual(refused("Recycled", [0, 53]), invalid("Recycled.count", 53));
  assert.deepEqual(refused("PileCollected", [0, 1, 200]), invalid("PileCollected.count", 200));
  assert.deepEqual(refused("DealCards", [0, 1, 0, 1, 2, 60]), invalid("DealCards.counts[0].count", 60));
  assert.deepEqual(refused("TableList", [1, ...str("K"), ...str("H"), 5, 0, 0]),
    invalid("TableList.tables[0].players", 5));
});

test("snapshots are checked like in Swift", () => {
  const head = (phase = 2, winner = 0xff) => [0, phase, winner, 0, 1, 0, 0, 1, 0];
  const seat = (closed, open) => [1, ...str("p"), ...str("P"), 0, closed, 0, 0, open.length / 2, ...open];
  const noSeats = [0, 0, 0, 0];
  const invalid = (field, value) => ({ kind: "invalidValue", field, value });
  const out = (field, count) => ({ kind: "countOutOfRange", field, count });
  const snapshot = (payload) => refused("Snapshot", payload);
  assert.deepEqual(snapshot(head(5)), invalid("Snapshot.phase", 5));
  assert.deepEqual(snapshot(head(5, 6)), invalid("Snapshot.winner", 6));
  assert.deepEqual(snapshot(head(2, 1)), invalid("Snapshot.winner", 1));
  assert.deepEqual(snapshot(head(3, 6)), invalid("Snapshot.winner", 6));
  assert.deepEqual(snapshot([0, 5]), { kind: "truncated", field: "Snapshot.winner" });
  const over = decodeFrame(packet("Snapshot", [...head(3, 2), 0, 0, 0, 0, 0, 0])).packet.view;
  assert.equal(over.phase, "roundOver");
  assert.equal(over.winner, 2);
  const open53 = new Array(53).fill([0, 1]).flat();
  assert.deepEqual(snapshot([...head(), ...seat(0, open53)]), out("Snapshot.seats[0].open", 53));
  assert.deepEqual(snapshot([...head(), ...seat(53, [])]), invalid("Snapshot.seats[0].closedCount", 53));
  assert.deepEqual(snapshot([...head(), ...seat(30, []), ...seat(29, [1, 1])]), out("Snapshot.cards", 60));
  assert.deepEqual(snapshot([...head(), ...noSeats, 53]), out("Snapshot.calls", 53));
  assert.deepEqual(snapshot([...head(), ...noSeats, 1, 0, 3, 5]), out("Snapshot.calls[0].matching", 5));
  // A stop is a judged call: never one too late or a false start, and never an unknown verdict.
  for (const verdict of [2, 4, 5]) {
    assert.deepEqual(snapshot([...head(), ...noSeats, 0, 1, 2, verdict]), invalid("Snapshot.stop.verdict", verdict));
  }
  assert.deepEqual(snapshot([...head(), ...noSeats, 1, 8, 1]), invalid("Snapshot.calls[0].seat", 8));
  assert.deepEqual(snapshot([...head(), ...seat(1, [3, 14])]), invalid("Snapshot.seats[0].open[0].value", 14));
  assert.deepEqual(snapshot([...head(), 0, 0, 2]), invalid("Snapshot.seats[2].present", 2));
  const fullDeck = [...head(), ...seat(30, new Array(22).fill([2, 7]).flat()), ...noSeats, 0];
  const { view } = decodeFrame(packet("Snapshot", fullDeck)).packet;
  assert.equal(view.seats[0].closedCount + view.seats[0].open.length, 52);
});

test("protocol version 2: Hello, CallSnap and CallTiming are checked like in Swift", () => {
  const invalid = (field, value) => ({ kind: "invalidValue", field, value });
  const u32 = (value) => [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
  const decoded = (type, payload) => decodeFrame(packet(type, payload)).packet;
  assert.deepEqual(refused("Hello", [0]), invalid("Hello.version", 0));
  assert.deepEqual(refused("Hello", []), { kind: "truncated", field: "Hello.version" });
  assert.deepEqual(refused("Hello", [2, 0]), { kind: "trailingBytes", count: 1 });
  assert.deepEqual(decoded("Hello", [255]), { type: "Hello", version: 255 });
  assert.deepEqual(refused("CallSnap", u32(60_000_001)), invalid("CallSnap.reaction", 60_000_001));
  assert.deepEqual(refused("CallSnap", u32(0xffffffff)), invalid("CallSnap.reaction", 0xffffffff));
  assert.deepEqual(refused("CallSnap", [0, 0, 1]), { kind: "truncated", field: "CallSnap.reaction" });
  assert.deepEqual(refused("CallSnap", [...u32(5), 0]), { kind: "trailingBytes", count: 1 });
  assert.deepEqual(decoded("CallSnap", u32(60_000_000)), { type: "CallSnap", reaction: 60_000_000 });
  // The seat first, then the reaction, then the margin: the first bad field in byte order is named.
  assert.deepEqual(refused("CallTiming", [4, ...u32(0xffffffff), ...u32(0)]), invalid("CallTiming.seat", 4));
  assert.deepEqual(refused("CallTiming", [1, ...u32(0xffffffff), ...u32(0xfffffffe)]),
    invalid("CallTiming.reaction", 0xffffffff));
  assert.deepEqual(refused("CallTiming", [1, ...u32(1000), ...u32(60_000_001)]),
    invalid("CallTiming.margin", 60_000_001));
  assert.deepEqual(refused("CallTiming", [1, ...u32(1000), ...u32(0xfffffffe)]),
    invalid("CallTiming.margin", 0xfffffffe));
  assert.deepEqual(refused("CallTiming", [1, ...u32(1000), 0xff, 0xff, 0xff]),
    { kind: "truncated", field: "CallTiming.margin" });
  assert.deepEqual(refused("CallTiming", [1, ...u32(1000), ...u32(0xffffffff), 0]), { kind: "trailingBytes", count: 1 });
  assert.deepEqual(decoded("CallTiming", [3, ...u32(1000), ...u32(0xffffffff)]),
    { type: "CallTiming", seat: 3, reaction: 1000, margin: null });
  assert.deepEqual(decoded("CallTiming", [3, ...u32(1000), ...u32(0)]),
    { type: "CallTiming", seat: 3, reaction: 1000, margin: 0 });
});

test("protocol version 2 packets encode as the layouts say", () => {
  const hex = (packet, number = null) => bytesToHex(encodeFrame({ number, packet }));
  assert.equal(hex({ type: "Hello", version: 2 }), "534E4150FFFFFFFF008D02");
  assert.equal(hex({ type: "CallSnap", reaction: 312_500 }), "534E4150FFFFFFFF008E0004C4B4");
  assert.equal(hex({ type: "CallTiming", seat: 2, reaction: 412_000, margin: null }, 107),
    "534E41500000006B008F0200064960FFFFFFFF");
  assert.deepEqual(toJSON(decodeFrame(hexToBytes("534E41500000006B008F0200064960FFFFFFFF"))), {
    number: 107, type: 0x8f, name: "CallTiming", fields: { seat: 2, reaction: 412_000, margin: null },
  });
  assert.throws(() => encodeFrame({ packet: { type: "CallSnap" } }), /CallSnap.reaction/);
  assert.throws(() => encodeFrame({ packet: { type: "CallSnap", reaction: 1.5 } }), /CallSnap.reaction/);
  assert.throws(() => encodeFrame({ packet: { type: "Hello", version: 256 } }), /Hello.version/);
  // A reaction the u32 holds but the format refuses is written, for the decoder to refuse.
  const tooLong = encodeFrame({ packet: { type: "CallSnap", reaction: 70_000_000 } });
  assert.deepEqual(decodingError(tooLong), { kind: "invalidValue", field: "CallSnap.reaction", value: 70_000_000 });
  assert.deepEqual(decodingError(encodeFrame({ packet: { type: "Hello", version: 0 } })),
    { kind: "invalidValue", field: "Hello.version", value: 0 });
});

test("protocol version 3: settings and clocks decode, encode and render as PROTOCOL.md says", () => {
  const hex = (packet, number = null) => bytesToHex(encodeFrame({ number, packet }));
  const json = (text) => toJSON(decodeFrame(hexToBytes(text)));
  assert.equal(hex({ type: "Hello", version: 3 }), "534E4150FFFFFFFF008D03");
  assert.equal(hex({ type: "ChangeSettings", round: 300, turn: 8 }), "534E4150FFFFFFFF0090012C08");
  assert.deepEqual(json("534E4150000000070091000000"),
    { number: 7, type: 0x91, name: "TableSettings", fields: { round: 0, turn: 0 } });
  assert.deepEqual(json("534E4150000000080092000493E0"),
    { number: 8, type: 0x92, name: "RoundClock", fields: { remaining: 300_000 } });
  assert.deepEqual(json("534E415000000009009302FFFFFFFF"),
    { number: 9, type: 0x93, name: "TurnClock", fields: { seat: 2, remaining: 0xffffffff } });
  assert.deepEqual(json("534E41500000000A0094"), { number: 10, type: 0x94, name: "TimeUp", fields: {} });
  assert.deepEqual(json("534E41500000000B0095020103"),
    { number: 11, type: 0x95, name: "SuddenDeath", fields: { seats: [1, 3] } });
  assert.deepEqual(decodeFrame(hexToBytes("534E41500000000B0095020103")).packet, { type: "SuddenDeath", seats: [1, 3] });
});

test("protocol version 3 packets are checked field by field", () => {
  const invalid = (field, value) => ({ kind: "invalidValue", field, value });
  assert.deepEqual(refused("ChangeSettings", [1]), { kind: "truncated", field: "ChangeSettings.round" });
  assert.deepEqual(refused("TableSettings", [0, 0]), { kind: "truncated", field: "TableSettings.turn" });
  assert.deepEqual(refused("TableSettings", [0, 0, 0, 0]), { kind: "trailingBytes", count: 1 });
  assert.deepEqual(refused("RoundClock", [0, 0, 1]), { kind: "truncated", field: "RoundClock.remaining" });
  assert.deepEqual(refused("TurnClock", [4, 0, 0, 0, 0]), invalid("TurnClock.seat", 4));
  assert.deepEqual(refused("TimeUp", [0]), { kind: "trailingBytes", count: 1 });
  assert.deepEqual(refused("SuddenDeath", [5, 0, 1, 2, 3, 0]), { kind: "countOutOfRange", field: "SuddenDeath.seats", count: 5 });
  assert.deepEqual(refused("SuddenDeath", [2, 0, 9]), invalid("SuddenDeath.seats[1]", 9));
  assert.deepEqual(refused("SuddenDeath", [2, 0]), { kind: "truncated", field: "SuddenDeath.seats[1]" });
  assert.throws(() => encodeFrame({ packet: { type: "ChangeSettings", round: 300, turn: 256 } }), /ChangeSettings.turn/);
  assert.throws(() => encodeFrame({ packet: { type: "TurnClock", seat: 5, remaining: 1 } }), /TurnClock.seat/);
});

test("protocol version 4: watching decodes, encodes and renders as PROTOCOL.md says", () => {
  const hex = (packet, number = null) => bytesToHex(encodeFrame({ number, packet }));
  const json = (text) => toJSON(decodeFrame(hexToBytes(text)));
  assert.equal(hex({ type: "Hello", version: 4 }), "534E4150FFFFFFFF008D04");
  assert.equal(hex({ type: "WatchTable", code: "KQJT" }), "534E4150FFFFFFFF00964B514A5400");
  assert.deepEqual(json("534E415000000000009741424344" + "00"),
    { number: 0, type: 0x97, name: "TableWatched", fields: { code: "ABCD" } });
  assert.deepEqual(json("534E41500000000C0098012C"),
    { number: 12, type: 0x98, name: "WatcherCount", fields: { count: 300 } });
  assert.deepEqual(decodeFrame(hexToBytes("534E41500000000D0099476F6E6500")).packet, { type: "TableClosed", reason: "Gone" });
});

test("protocol version 4 packets are checked field by field", () => {
  assert.deepEqual(refused("WatchTable", []), { kind: "truncated", field: "WatchTable.code" });
  assert.deepEqual(refused("WatchTable", [0x4b, 0x51]), { kind: "missingNul", field: "WatchTable.code" });
  assert.deepEqual(refused("TableWatched", [0xc3, 0x28, 0]), { kind: "badUTF8", field: "TableWatched.code" });
  assert.deepEqual(refused("WatcherCount", [0]), { kind: "truncated", field: "WatcherCount.count" });
  assert.deepEqual(refused("WatcherCount", [0, 1, 2]), { kind: "trailingBytes", count: 1 });
  assert.deepEqual(refused("TableClosed", [0x41, 0, 0]), { kind: "trailingBytes", count: 1 });
  assert.throws(() => encodeFrame({ packet: { type: "WatcherCount", count: 65_536 } }), /WatcherCount.count/);
});

test("protocol version 5: Redirect decodes, encodes and renders as PROTOCOL.md says", () => {
  const hex = (packet, number = null) => bytesToHex(encodeFrame({ number, packet }));
  assert.equal(hex({ type: "Hello", version: 5 }), "534E4150FFFFFFFF008D05");
  assert.equal(hex({ type: "Redirect", url: "ws://b:1/ws", code: "KQJT" }, 2), "534E415000000002009A" + "77733A2F2F623A312F7773004B514A5400");
  const bytes = hexToBytes("534E415000000003009A77733A2F2F31302E302E302E373A383038302F7773004B514A5400");
  assert.deepEqual(decodeFrame(bytes).packet, { type: "Redirect", url: "ws://10.0.0.7:8080/ws", code: "KQJT" });
  assert.deepEqual(toJSON(decodeFrame(bytes)), {
    number: 3, type: 0x9a, name: "Redirect", fields: { url: "ws://10.0.0.7:8080/ws", code: "KQJT" },
  });
  assert.equal(PacketType.Redirect, 0x9a);
});

test("protocol version 6: SetHeadStart and HeadStarts decode, encode and fail as in Swift", () => {
  const hex = (packet, number = null) => bytesToHex(encodeFrame({ number, packet }));
  assert.equal(hex({ type: "SetHeadStart", seat: 2, milliseconds: 200 }, 121), "534E415000000079009B0200C8");
  assert.equal(hex({ type: "HeadStarts", milliseconds: [0, 100, 500, 0] }, 122), "534E41500000007A009C0000006401F40000");
  assert.deepEqual(decodeFrame(hexToBytes("534E41500000007A009C0000006401F40000")).packet,
    { type: "HeadStarts", milliseconds: [0, 100, 500, 0] });
  assert.deepEqual(refused("SetHeadStart", []), { kind: "truncated", field: "SetHeadStart.seat" });
  assert.deepEqual(refused("SetHeadStart", [2]), { kind: "truncated", field: "SetHeadStart.milliseconds" });
  assert.deepEqual(refused("SetHeadStart", [4, 0, 100]), { kind: "invalidValue", field: "SetHeadStart.seat", value: 4 });
  assert.deepEqual(refused("HeadStarts", [0, 0, 0, 100, 0, 0]), { kind: "truncated", field: "HeadStarts.milliseconds[3]" });
  assert.deepEqual(refused("HeadStarts", new Array(9).fill(0)), { kind: "trailingBytes", count: 1 });
  assert.equal(PacketType.SetHeadStart, 0x9b);
  assert.equal(PacketType.HeadStarts, 0x9c);
});

test("protocol version 9: PhotoFinish, NetworkTimeRequest and NetworkTime decode as documented", () => {
  const decode = (name) => decodeFrame(hexToBytes(vectors.find((vector) => vector.name === name).hex)).packet;
  assert.deepEqual(decode("PhotoFinish"), { type: "PhotoFinish", calls: [
    { seat: 0, elapsed: 212_000, reaction: 180_500, allowance: 62_250, headStart: 200 },
    { seat: 2, elapsed: 95_000, reaction: 23_000, allowance: 72_000, headStart: 0 },
  ] });
  assert.deepEqual(decode("NetworkTime"),
    { type: "NetworkTime", seat: 1, source: 0, median: 41_500, mostTakenOff: 62_250, samples: 16 });
  assert.equal(bytesToHex(encodeFrame({ packet: { type: "NetworkTimeRequest", seat: 1 } })), "534E4150FFFFFFFF00A301");
  assert.deepEqual([PacketType.PhotoFinish, PacketType.NetworkTimeRequest, PacketType.NetworkTime], [0xa2, 0xa3, 0xa4]);
});

test("protocol version 9 packets are checked as in Swift (MalformedPacketTests.swift)", () => {
  const invalid = (field, value) => ({ kind: "invalidValue", field, value });
  const u32 = (value) => [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
  const call = (seat, elapsed, reaction, headStart = 0) =>
    [seat, ...u32(elapsed), ...u32(reaction), ...u32(10_000), headStart >> 8, headStart & 0xff];
  const fine = [...call(0, 90_000, 80_000), ...call(2, 100_000, 95_000)];
  assert.equal(refused("PhotoFinish", [2, ...fine]), null);
  assert.deepEqual(refused("PhotoFinish", [1, ...call(0, 90_000, 80_000)]),
    { kind: "countOutOfRange", field: "PhotoFinish.calls", count: 1 });
  assert.deepEqual(refused("PhotoFinish", [5, ...fine, ...fine, ...call(1, 1, 1)]),
    { kind: "countOutOfRange", field: "PhotoFinish.calls", count: 5 });
  assert.deepEqual(refused("PhotoFinish", [2, ...call(0, 90_000, 80_000), ...call(0, 100_000, 95_000)]),
    invalid("PhotoFinish.calls.seat", 0));
  assert.deepEqual(refused("PhotoFinish", [2, ...call(0, 90_000, 90_001), ...call(2, 100_000, 95_000)]),
    invalid("PhotoFinish.calls[0].reaction", 90_001));
  assert.deepEqual(refused("PhotoFinish", [2, ...call(0, 90_000, 80_000, 150), ...call(2, 100_000, 95_000)]),
    invalid("PhotoFinish.calls[0].headStart", 150));
  assert.deepEqual(refused("PhotoFinish", [2, ...call(0, 60_000_001, 80_000), ...call(2, 100_000, 95_000)]),
    invalid("PhotoFinish.calls[0].elapsed", 60_000_001));
  assert.deepEqual(refused("PhotoFinish", [2, ...call(0, 90_000, 80_000), 4]), invalid("PhotoFinish.calls[1].seat", 4));
  assert.deepEqual(refused("PhotoFinish", [2, ...call(0, 90_000, 80_000), 1, 0]),
    { kind: "truncated", field: "PhotoFinish.calls[1].elapsed" });
  assert.deepEqual(refused("NetworkTimeRequest", [4]), invalid("NetworkTimeRequest.seat", 4));
  assert.deepEqual(refused("NetworkTimeRequest", [1, 0]), { kind: "trailingBytes", count: 1 });
  assert.equal(refused("NetworkTime", [1, 0, ...u32(40_000), ...u32(60_000), 16]), null);
  assert.deepEqual(refused("NetworkTime", [1, 4, ...u32(0), ...u32(0), 0]), invalid("NetworkTime.source", 4));
  assert.deepEqual(refused("NetworkTime", [1, 3, ...u32(40_000), ...u32(0), 0]), invalid("NetworkTime.median", 40_000));
  assert.deepEqual(refused("NetworkTime", [1, 2, ...u32(0), ...u32(0), 1]), invalid("NetworkTime.median", 0));
  assert.deepEqual(refused("NetworkTime", [1, 0, ...u32(60_000_001), ...u32(0), 1]), invalid("NetworkTime.median", 60_000_001));
  assert.deepEqual(refused("NetworkTime", [1, 0, ...u32(1), ...u32(1)]), { kind: "truncated", field: "NetworkTime.samples" });
});

test("protocol version 10: Turn and SnapJudged decode as documented, and a judged call is never too late", () => {
  const decode = (name) => decodeFrame(hexToBytes(vectors.find((vector) => vector.name === name).hex)).packet;
  assert.deepEqual(decode("Turn"), { type: "Turn", seat: 1 });
  assert.deepEqual(decode("SnapJudged.correct"), {
    type: "SnapJudged", call: { seat: 2, verdict: { kind: "correct", matching: [2, 1] } }, reaction: 180_500, margin: 42_500,
  });
  assert.deepEqual(decode("SnapJudged.wrong"),
    { type: "SnapJudged", call: { seat: 0, verdict: { kind: "wrong" } }, reaction: 250_000, margin: null });
  assert.deepEqual([PacketType.Turn, PacketType.SnapJudged], [0xa5, 0xa6]);
  const tooLate = packet("SnapJudged", [1, 2, 0, 0, 0, 1, 0xff, 0xff, 0xff, 0xff]);
  assert.deepEqual(decodingError(tooLate), { kind: "invalidValue", field: "SnapJudged.call.verdict", value: 2 });
  assert.deepEqual(decodingError(packet("SnapJudged", [1, 1, 0x03, 0x93, 0x87, 1, 0xff, 0xff, 0xff, 0xff])),
    { kind: "invalidValue", field: "SnapJudged.reaction", value: 60_000_001 });
  assert.deepEqual(decodingError(packet("Turn", [4])), { kind: "invalidValue", field: "Turn.seat", value: 4 });
});

test("protocol version 10: a message holds packets back to back, read all or nothing", () => {
  const first = packet("CardTurned", [1, 2, 12], 7);
  const second = packet("Turn", [2], 8);
  const frames = decodeMessage(Uint8Array.from([...first, ...second]));
  assert.deepEqual(frames.map((frame) => frame.number), [7, 8]);
  assert.deepEqual(frames.map((frame) => frame.packet.type), ["CardTurned", "Turn"]);
  assert.deepEqual(decodeMessage(first), [decodeFrame(first)]);
  const kind = (bytes) => {
    try {
      decodeMessage(bytes);
      return null;
    } catch (error) {
      return { kind: error.kind, ...error.details };
    }
  };
  assert.equal(kind(new Uint8Array(0)).kind, "truncatedHeader");
  assert.equal(kind(Uint8Array.from([...first, 0x53, 0x4e])).kind, "truncatedHeader");
  assert.equal(kind(Uint8Array.from([...first, ...packet("Turn", [9])])).kind, "invalidValue");
  assert.equal(kind(new Uint8Array(MAX_PACKET_SIZE + 1)).kind, "oversized");
  assert.equal(kind(Uint8Array.from([...first, ...first.slice(0, 12)])).kind, "truncated");
});

test("protocol version 5: a Redirect's URL must be a ws:// or wss:// address that fits", () => {
  const url = [...new TextEncoder().encode("ws://10.0.0.7:8080/ws"), 0];
  const code = [0x4b, 0x51, 0x4a, 0x54, 0];
  assert.deepEqual(refused("Redirect", []), { kind: "truncated", field: "Redirect.url" });
  assert.deepEqual(refused("Redirect", url), { kind: "truncated", field: "Redirect.code" });
  assert.deepEqual(refused("Redirect", [...url, ...code, 0]), { kind: "trailingBytes", count: 1 });
  assert.deepEqual(refused("Redirect", [0xc3, 0x28, 0, ...code]), { kind: "badUTF8", field: "Redirect.url" });
  const tooLong = new TextEncoder().encode("ws://" + "a".repeat(255));
  assert.deepEqual(refused("Redirect", [...tooLong, 0, ...code]), { kind: "stringTooLong", field: "Redirect.url", limit: 255 });
  for (const bad of ["", "http://10.0.0.7:8080/ws", "ws:/10.0.0.7/ws", "ws://", "ws:///ws", "ws://:8080/ws",
    "WS://host/ws", "ws://host name/ws", "ws://host/\u0007", "ws://hôte/ws", "10.0.0.7:8080"]) {
    const text = [...new TextEncoder().encode(bad), 0];
    assert.deepEqual(refused("Redirect", [...text, ...code]), { kind: "badURL", field: "Redirect.url" }, bad);
    assert.throws(() => encodeFrame({ packet: { type: "Redirect", url: bad, code: "KQJT" } }), /Redirect.url/);
  }
  const error = (() => {
    try {
      decodeFrame(hexToBytes("534E415000000001009A687474703A2F2F6100" + "4B514A5400"));
    } catch (caught) {
      return caught;
    }
    return null;
  })();
  assert.equal(error?.message, "string Redirect.url is not a ws:// or wss:// URL");
  for (const good of ["wss://snap.example.org/ws", "ws://[::1]:8080/ws", "ws://node-b", "wss://" + "a".repeat(249)]) {
    assert.deepEqual(decodeFrame(encodeFrame({ packet: { type: "Redirect", url: good, code: "KQJT" } })).packet,
      { type: "Redirect", url: good, code: "KQJT" });
  }
});

// MARK: Encoding

test("the encoder cuts strings like Swift: at a NUL, and to 255 bytes between characters", () => {
  const name = (text) => decodeFrame(encodeFrame({ packet: { type: "SignInResponse", name: text } })).packet.name;
  assert.equal(name("Ann\0Bob"), "Ann");
  assert.equal(name("a".repeat(300)), "a".repeat(255));
  assert.equal(name(`${"a".repeat(253)}é`), `${"a".repeat(253)}é`);
  assert.equal(name(`${"a".repeat(254)}é`), "a".repeat(254));
  assert.equal(name(`${"a".repeat(252)}🃏`), "a".repeat(252));
});

test("the encoder refuses values their field cannot hold", () => {
  assert.throws(() => encodeFrame({ packet: { type: "Nope" } }), TypeError);
  const turned = (seat, value) => ({ packet: { type: "CardTurned", seat, card: { suit: 0, value } } });
  assert.throws(() => encodeFrame(turned(7, 1)), /CardTurned.seat/);
  assert.throws(() => encodeFrame(turned(1, 14)), /CardTurned.card.value/);
  assert.throws(() => encodeFrame({ packet: { type: "Recycled", seat: 1, count: 256 } }), /Recycled.count/);
  assert.throws(() => encodeFrame({ packet: { type: "Pong", value: 1n << 64n } }), /Pong.value/);
  assert.throws(() => encodeFrame({ packet: { type: "HostTable", solo: 1 } }), /HostTable.solo/);
  assert.throws(() => encodeFrame({ packet: { type: "SignInResponse" } }), /SignInResponse.name/);
  assert.throws(() => encodeFrame({ number: -1, packet: { type: "Resumed" } }), /number/);
});

test("values a field holds but the format refuses are written for the decoder to refuse", () => {
  const bytes = encodeFrame({ number: 2, packet: { type: "Recycled", seat: 1, count: 60 } });
  assert.deepEqual(decodingError(bytes), { kind: "invalidValue", field: "Recycled.count", value: 60 });
});

test("an ArrayBuffer decodes like its bytes", () => {
  const bytes = hexToBytes(vectors[0].hex);
  assert.deepEqual(decodeFrame(bytes.buffer.slice(0)), decodeFrame(bytes));
});
