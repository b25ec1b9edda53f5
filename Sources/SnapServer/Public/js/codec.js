// The wire format (docs/PROTOCOL.md): frames `{number, packet}` to bytes and back, strictly, like the Swift codec,
// checked against the golden vectors by Tests/web/codec.test.mjs. Packets are shaped as docs/WEB_CLIENT.md shows.

import { DEAL_CODE_LIMIT, dealCodeText, parseDealCode } from "./deal_code.js";

/** The largest packet either side accepts, header included. */
export const MAX_PACKET_SIZE = 4096;
/** The header's size: magic (4), packet number (4), type (2). */
export const HEADER_SIZE = 10;
/** The longest string field, in UTF-8 bytes before the NUL. */
export const MAX_STRING_BYTES = 255;
/** The packet number of a packet that is not numbered. */
export const UNNUMBERED = 0xffffffff;
/** The byte that means "no seat". */
export const NO_SEAT = 0xff;

const MAGIC = [0x53, 0x4e, 0x41, 0x50]; // "SNAP"
const MAX_PLAYERS = 4;
const MAX_CARDS = 52;
const MAX_CALLS = 52;
const MAX_HAND_OUTS = 52;
const MAX_U64 = (1n << 64n) - 1n;
/** The longest reaction or margin (µs). */
export const MAX_REACTION_US = 60_000_000;
const NO_MARGIN = 0xffffffff;

/** The phase names of a Snapshot, by phase byte. */
export const PHASES = Object.freeze(["waiting", "dealing", "playing", "roundOver"]);

/** Every packet type number, by name: from 0x64 in the order of docs/PROTOCOL.md. */
export const PacketType = Object.freeze(Object.fromEntries(
  `SignInRequest SignInResponse ServerReady ClientReady DealCards ClientDealtCards ActivatePlayer ClientTurnedCard
  PlayerShouldSnap PlayerCalledSnap OtherClientQuit ServerQuit ClientQuit Welcome ListTables TableList HostTable
  JoinTable TableJoined AddComputer StartRound Ping Pong ResyncRequest Snapshot Reconnect Error CardTurned
  PlayerJoined SeatsRearranged HostChanged DealFinished Recycled PileCollected OpenPileTurnedUnder CardPaid
  PlayerOut Resumed RoundWon RoundAbandoned PlayerConnection Hello CallSnap CallTiming ChangeSettings TableSettings
  RoundClock TurnClock TimeUp SuddenDeath WatchTable TableWatched WatcherCount TableClosed Redirect SetHeadStart
  HeadStarts TableAccess SetTableAccess RemovePlayer StartRoundWithDeal RoundDeal PhotoFinish NetworkTimeRequest
  NetworkTime Turn SnapJudged`.split(/\s+/).map((name, index) => [name, 0x64 + index]),
));

const typeNames = new Map(Object.entries(PacketType).map(([name, type]) => [type, name]));

// MARK: Errors

/**
 * Why bytes could not be decoded as a frame: the Swift `ProtocolError`'s case as `kind` (oversized, truncated,
 * invalidValue, …) and its values as properties (`size`, `type`, `field`, `limit`, `value`, `count`).
 */
export class ProtocolError extends Error {
  constructor(kind, details = {}) {
    super(describe(kind, details));
    this.name = "ProtocolError";
    this.kind = kind;
    Object.assign(this, details);
  }
}

function describe(kind, { size, type, field, limit, value, count }) {
  switch (kind) {
    case "oversized": return `packet of ${size} bytes is larger than the ${MAX_PACKET_SIZE}-byte limit`;
    case "truncatedHeader": return `packet of ${size} bytes is shorter than the 10-byte header`;
    case "badMagic": return "packet does not start with the magic bytes SNAP";
    case "unknownType": return `unknown packet type 0x${type.toString(16).toUpperCase()}`;
    case "truncated": return `packet ends in the middle of ${field}`;
    case "missingNul": return `string ${field} has no terminating NUL byte`;
    case "badUTF8": return `string ${field} is not valid UTF-8`;
    case "stringTooLong": return `string ${field} is longer than ${limit} bytes`;
    case "invalidValue": return `${field} cannot be ${value}`;
    case "badURL": return `string ${field} is not a ws:// or wss:// URL`;
    case "countOutOfRange": return `${field} cannot hold ${count} items`;
    case "trailingBytes": return `${count} unexpected bytes after the payload`;
    default: return kind;
  }
}

const invalidValue = (field, value) => new ProtocolError("invalidValue", { field, value });

// MARK: Reading and writing the data types

// As Swift: a leading U+FEFF is a character, and invalid sequences are refused.
const utf8Decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const utf8Encoder = new TextEncoder();

/** Reads the data types strictly; every read names its field in the error it throws. */
class ByteReader {
  constructor(bytes, offset) {
    this.bytes = bytes;
    this.offset = offset;
  }

  get remaining() {
    return this.bytes.length - this.offset;
  }

  take(size, field) {
    if (this.remaining < size) throw new ProtocolError("truncated", { field });
    const start = this.offset;
    this.offset += size;
    return start;
  }

  u8(field) {
    return this.bytes[this.take(1, field)];
  }

  u16(field) {
    const at = this.take(2, field);
    return (this.bytes[at] << 8) | this.bytes[at + 1];
  }

  u32(field) {
    const at = this.take(4, field);
    return this.bytes[at] * 2 ** 24 + ((this.bytes[at + 1] << 16) | (this.bytes[at + 2] << 8) | this.bytes[at + 3]);
  }

  u64(field) {
    const at = this.take(8, field);
    let value = 0n;
    for (let index = at; index < at + 8; index += 1) value = (value << 8n) | BigInt(this.bytes[index]);
    return value;
  }

  /** A number of at most `limit`, in one byte. */
  number(field, limit) {
    const value = this.u8(field);
    if (value > limit) throw invalidValue(field, value);
    return value;
  }

  bool(field) {
    return this.number(field, 1) === 1;
  }

  seat(field) {
    return this.number(field, 3);
  }

  optionalSeat(field) {
    if (this.bytes[this.offset] !== NO_SEAT) return this.seat(field);
    this.offset += 1;
    return null;
  }

  /** A list's one-byte count, at most `limit`. */
  count(field, limit) {
    const count = this.u8(field);
    if (count > limit) throw new ProtocolError("countOutOfRange", { field, count });
    return count;
  }

  /** UTF-8 up to a NUL, which must come within 256 bytes. */
  string(field) {
    if (this.remaining === 0) throw new ProtocolError("truncated", { field });
    const searchEnd = Math.min(this.bytes.length, this.offset + MAX_STRING_BYTES + 1);
    const length = this.bytes.subarray(this.offset, searchEnd).indexOf(0);
    if (length < 0) {
      if (searchEnd - this.offset > MAX_STRING_BYTES) {
        throw new ProtocolError("stringTooLong", { field, limit: MAX_STRING_BYTES });
      }
      throw new ProtocolError("missingNul", { field });
    }
    let text;
    try {
      text = utf8Decoder.decode(this.bytes.subarray(this.offset, this.offset + length));
    } catch {
      throw new ProtocolError("badUTF8", { field });
    }
    this.offset += length + 1;
    return text;
  }

  /** The suit is checked before the value is read, as in Swift. */
  card(field) {
    const suit = this.u8(`${field}.suit`);
    if (suit > 3) throw invalidValue(`${field}.suit`, suit);
    const value = this.u8(`${field}.value`);
    if (value < 1 || value > 13) throw invalidValue(`${field}.value`, value);
    return { suit, value };
  }

  /** A count of at most `limit`, then that many items read by `readItem(field)`. */
  list(field, limit, readItem) {
    const count = this.count(field, limit);
    const items = [];
    for (let index = 0; index < count; index += 1) items.push(readItem(`${field}[${index}]`));
    return items;
  }
}

/**
 * Writes the data types. A value its field cannot hold (a seat of 7, a u8 of 300) throws an error naming the
 * field: a bug in the caller. One the format's limits refuse (a pile of 60) is written for the decoder to
 * refuse, as in Swift. Strings are cut as in Swift: at a NUL, and to 255 bytes between two characters.
 */
class ByteWriter {
  constructor() {
    this.bytes = [];
  }

  integer(value, bytes, field) {
    const max = 2 ** (8 * bytes) - 1;
    if (!Number.isInteger(value) || value < 0 || value > max) {
      throw new RangeError(`${field} must be a whole number from 0 to ${max}, not ${String(value)}`);
    }
    for (let shift = 8 * (bytes - 1); shift >= 0; shift -= 8) {
      this.bytes.push(Math.floor(value / 2 ** shift) % 256);
    }
  }

  u8(value, field) {
    this.integer(value, 1, field);
  }

  u16(value, field) {
    this.integer(value, 2, field);
  }

  u32(value, field) {
    this.integer(value, 4, field);
  }

  u64(value, field) {
    const big = typeof value === "bigint" ? value : Number.isSafeInteger(value) ? BigInt(value) : -1n;
    if (big < 0n || big > MAX_U64) throw new RangeError(`${field} must be a u64 (a BigInt), not ${String(value)}`);
    for (let shift = 56n; shift >= 0n; shift -= 8n) this.bytes.push(Number((big >> shift) & 0xffn));
  }

  bool(value, field) {
    if (typeof value !== "boolean") throw new TypeError(`${field} must be true or false, not ${String(value)}`);
    this.bytes.push(value ? 1 : 0);
  }

  string(value, field) {
    if (typeof value !== "string") throw new TypeError(`${field} must be a string, not ${String(value)}`);
    let kept = "";
    let length = 0;
    for (const character of value) {
      const size = utf8Encoder.encode(character).length;
      if (character === "\0" || length + size > MAX_STRING_BYTES) break;
      kept += character;
      length += size;
    }
    this.bytes.push(...utf8Encoder.encode(kept), 0);
  }

  seat(value, field) {
    if (![0, 1, 2, 3].includes(value)) throw new RangeError(`${field} must be a seat 0–3, not ${String(value)}`);
    this.bytes.push(value);
  }

  optionalSeat(value, field) {
    if (value === null || value === undefined) this.bytes.push(NO_SEAT);
    else this.seat(value, field);
  }

  card(card, field) {
    if (![0, 1, 2, 3].includes(card?.suit)) throw new RangeError(`${field}.suit must be 0–3, not ${card?.suit}`);
    if (!Number.isInteger(card.value) || card.value < 1 || card.value > 13) {
      throw new RangeError(`${field}.value must be 1–13, not ${card.value}`);
    }
    this.bytes.push(card.suit, card.value);
  }

  list(items, field, writeItem) {
    if (!Array.isArray(items)) throw new TypeError(`${field} must be an array`);
    this.u8(items.length, `${field}.length`);
    items.forEach((item, index) => writeItem(item, `${field}[${index}]`));
  }
}

// MARK: Verdicts and the Snapshot

const VERDICT_CODES = { wrong: 1, tooLate: 2, correct: 3, falseStart: 4 };

/** A verdict byte, with the matching list for a correct call. */
function readVerdict(reader, parent, readMatching) {
  const code = reader.u8(`${parent}.verdict`);
  switch (code) {
    case 1: return { kind: "wrong" };
    case 2: return { kind: "tooLate" };
    case 3: return { kind: "correct", matching: reader.list(`${parent}.matching`, MAX_PLAYERS, readMatching) };
    case 4: return { kind: "falseStart" };
    default: throw invalidValue(`${parent}.verdict`, code);
  }
}

function writeVerdict(writer, verdict, parent, writeMatching) {
  const code = VERDICT_CODES[verdict?.kind];
  if (code === undefined) throw new RangeError(`${parent}.verdict.kind must be wrong, tooLate, correct or falseStart`);
  writer.u8(code, `${parent}.verdict`);
  if (code === 3) writer.list(verdict.matching, `${parent}.matching`, writeMatching);
}

/** Whether a verdict stops the table until the cards have moved (SnapVerdict.stopsTheTable): correct or wrong. */
export function stopsTheTable(verdict) {
  return verdict.kind === "correct" || verdict.kind === "wrong";
}

/** A Snapshot's stop: a judged call, never one too late or a false start (as PlayerView+Wire.swift). */
function readStop(reader) {
  const stop = readCall(reader, "Snapshot.stop");
  if (!stopsTheTable(stop.verdict)) throw invalidValue("Snapshot.stop.verdict", VERDICT_CODES[stop.verdict.kind]);
  return stop;
}

function readCall(reader, field) {
  const seat = reader.seat(`${field}.seat`);
  return { seat, verdict: readVerdict(reader, field, (item) => reader.seat(item)) };
}

function writeCall(writer, call, field) {
  writer.seat(call.seat, `${field}.seat`);
  writeVerdict(writer, call.verdict, field, (seat, item) => writer.seat(seat, item));
}

/** The Snapshot payload, in the same order of checks as `PlayerView.read` in Swift. */
function readView(reader) {
  const viewer = reader.optionalSeat("Snapshot.viewer");
  const phaseCode = reader.u8("Snapshot.phase");
  const winner = reader.optionalSeat("Snapshot.winner");
  if (phaseCode > 3) throw invalidValue("Snapshot.phase", phaseCode);
  if (winner !== null && phaseCode !== 3) throw invalidValue("Snapshot.winner", winner);
  const view = {
    viewer,
    phase: PHASES[phaseCode],
    winner,
    round: reader.u16("Snapshot.round"),
    host: reader.optionalSeat("Snapshot.host"),
    startingSeat: reader.optionalSeat("Snapshot.startingSeat"),
    active: reader.optionalSeat("Snapshot.active"),
    hasTurned: reader.bool("Snapshot.hasTurned"),
    seats: [],
  };
  let cards = 0;
  for (let seat = 0; seat < 4; seat += 1) {
    const field = `Snapshot.seats[${seat}]`;
    if (!reader.bool(`${field}.present`)) {
      view.seats.push(null);
      continue;
    }
    const entry = {
      id: reader.string(`${field}.id`),
      name: reader.string(`${field}.name`),
      isComputer: reader.bool(`${field}.isComputer`),
      closedCount: reader.number(`${field}.closedCount`, MAX_CARDS),
      gamesWon: reader.u16(`${field}.gamesWon`),
      open: reader.list(`${field}.open`, MAX_CARDS, (item) => reader.card(item)),
    };
    cards += entry.closedCount + entry.open.length;
    if (cards > MAX_CARDS) throw new ProtocolError("countOutOfRange", { field: "Snapshot.cards", count: cards });
    view.seats.push(entry);
  }
  view.calls = reader.list("Snapshot.calls", MAX_CALLS, (item) => readCall(reader, item));
  view.stop = reader.bool("Snapshot.stop.present") ? readStop(reader) : null;
  return view;
}

function writeView(writer, view) {
  const phaseCode = PHASES.indexOf(view?.phase);
  if (phaseCode < 0) throw new RangeError("Snapshot.phase must be waiting, dealing, playing or roundOver");
  writer.optionalSeat(view.viewer, "Snapshot.viewer");
  writer.u8(phaseCode, "Snapshot.phase");
  writer.optionalSeat(view.phase === "roundOver" ? view.winner : null, "Snapshot.winner");
  writer.u16(view.round, "Snapshot.round");
  writer.optionalSeat(view.host, "Snapshot.host");
  writer.optionalSeat(view.startingSeat, "Snapshot.startingSeat");
  writer.optionalSeat(view.active, "Snapshot.active");
  writer.bool(view.hasTurned, "Snapshot.hasTurned");
  for (let seat = 0; seat < 4; seat += 1) {
    const field = `Snapshot.seats[${seat}]`;
    const entry = view.seats?.[seat] ?? null;
    writer.bool(entry !== null, `${field}.present`);
    if (entry === null) continue;
    writer.string(entry.id, `${field}.id`);
    writer.string(entry.name, `${field}.name`);
    writer.bool(entry.isComputer, `${field}.isComputer`);
    writer.u8(entry.closedCount, `${field}.closedCount`);
    writer.u16(entry.gamesWon, `${field}.gamesWon`);
    writer.list(entry.open, `${field}.open`, (card, item) => writer.card(card, item));
  }
  writer.list(view.calls, "Snapshot.calls", (call, item) => writeCall(writer, call, item));
  writer.bool(view.stop !== null && view.stop !== undefined, "Snapshot.stop.present");
  if (view.stop) writeCall(writer, view.stop, "Snapshot.stop");
}

// MARK: Payload layouts

// A field type reads with `read(reader, field)` and writes with `write(writer, value, field)`.
const fieldType = (read, write) => ({ read, write });
const u8 = fieldType((r, f) => r.u8(f), (w, v, f) => w.u8(v, f));
const u16 = fieldType((r, f) => r.u16(f), (w, v, f) => w.u16(v, f));
const u32 = fieldType((r, f) => r.u32(f), (w, v, f) => w.u32(v, f));
const u64 = fieldType((r, f) => r.u64(f), (w, v, f) => w.u64(v, f));
const bool = fieldType((r, f) => r.bool(f), (w, v, f) => w.bool(v, f));
const str = fieldType((r, f) => r.string(f), (w, v, f) => w.string(v, f));
const seat = fieldType((r, f) => r.seat(f), (w, v, f) => w.seat(v, f));
const optionalSeat = fieldType((r, f) => r.optionalSeat(f), (w, v, f) => w.optionalSeat(v, f));
const card = fieldType((r, f) => r.card(f), (w, v, f) => w.card(v, f));
const cardCount = fieldType((r, f) => r.number(f, MAX_CARDS), (w, v, f) => w.u8(v, f));
const playerCount = fieldType((r, f) => r.number(f, MAX_PLAYERS), (w, v, f) => w.u8(v, f));
/** A u8 or u32 from `min` to `max`; `none` reads as null and null writes as it. */
function ranged(bytes, min, max, none) {
  return fieldType((r, f) => {
    const value = bytes === 1 ? r.u8(f) : r.u32(f);
    if (value === none) return null;
    if (value < min || value > max) throw invalidValue(f, value);
    return value;
  }, (w, v, f) => w.integer(v ?? none, bytes, f));
}
const version = ranged(1, 1, 255);
/** A deal code: a u64 below 2⁴⁰ on the wire, its text (K7M3-Q2PX) in the packet; any other number is refused. */
const dealCode = fieldType(
  (reader, field) => {
    const value = reader.u64(field);
    if (value >= BigInt(DEAL_CODE_LIMIT)) throw invalidValue(field, value);
    return dealCodeText(Number(value));
  },
  (writer, text, field) => writer.u64(parseDealCode(text), field),
);
/** TableAccess's bits: 1 locked, 2 private; any other bit is refused, as Swift's decoder does. */
const accessFlags = ranged(1, 0, 3);
/** A node's WebSocket address (a Redirect's url), checked as Swift's NodeURL does; written only when it is one. */
const nodeURL = fieldType(
  (reader, field) => {
    const text = reader.string(field);
    if (!isNodeURL(text)) throw new ProtocolError("badURL", { field });
    return text;
  },
  (writer, value, field) => {
    if (!isNodeURL(value)) throw new TypeError(`${field} must be a ws:// or wss:// URL, not ${String(value)}`);
    writer.string(value, field);
  },
);
const reaction = ranged(4, 0, MAX_REACTION_US);
const margin = ranged(4, 0, MAX_REACTION_US, NO_MARGIN);

/** A judged call (SnapJudged): a Snapshot's call, wrong or correct; a call too late or a false start is never judged. */
const judgedCall = fieldType(
  (reader, field) => {
    const call = readCall(reader, field);
    if (!stopsTheTable(call.verdict)) throw invalidValue(`${field}.verdict`, VERDICT_CODES[call.verdict.kind]);
    return call;
  },
  (writer, call, field) => writeCall(writer, call, field),
);

/** The head starts the rules allow (ms; RULES.md). */
const HEAD_STARTS = Object.freeze([0, 100, 200, 300, 500]);

/**
 * A PhotoFinish's calls, checked as Swift's `ByteReader.photoFinish`: 2 to 4 of different seats, each reaction at
 * most its elapsed time, each head start one the rules allow.
 */
const photoCalls = fieldType(
  (reader, path) => {
    const calls = reader.list(path, MAX_PLAYERS, (item) => {
      const call = { seat: reader.seat(`${item}.seat`), elapsed: reaction.read(reader, `${item}.elapsed`) };
      call.reaction = reaction.read(reader, `${item}.reaction`);
      if (call.reaction > call.elapsed) throw invalidValue(`${item}.reaction`, call.reaction);
      call.allowance = reaction.read(reader, `${item}.allowance`);
      call.headStart = reader.u16(`${item}.headStart`);
      if (!HEAD_STARTS.includes(call.headStart)) throw invalidValue(`${item}.headStart`, call.headStart);
      return call;
    });
    if (calls.length < 2) throw new ProtocolError("countOutOfRange", { field: path, count: calls.length });
    if (new Set(calls.map((call) => call.seat)).size !== calls.length) throw invalidValue(`${path}.seat`, calls.at(-1).seat);
    return calls;
  },
  list(MAX_PLAYERS, record([["seat", seat], ["elapsed", u32], ["reaction", u32], ["allowance", u32], ["headStart", u16]])).write,
);


/** A record of named fields, each read under `field.name`. */
function record(fields) {
  return fieldType(
    (reader, path) => {
      const value = {};
      for (const [name, type] of fields) value[name] = type.read(reader, `${path}.${name}`);
      return value;
    },
    (writer, value, path) => {
      for (const [name, type] of fields) type.write(writer, value?.[name], `${path}.${name}`);
    },
  );
}

/** Exactly `count` items, one after the other, without a count (HeadStarts' four seats). */
function fixed(count, item) {
  return fieldType(
    (reader, path) => Array.from({ length: count }, (_, index) => item.read(reader, `${path}[${index}]`)),
    (writer, items, path) => {
      for (let index = 0; index < count; index += 1) item.write(writer, items?.[index] ?? 0, `${path}[${index}]`);
    },
  );
}

/** A one-byte count of at most `limit`, then that many items. */
function list(limit, item) {
  return fieldType(
    (reader, path) => reader.list(path, limit, (itemPath) => item.read(reader, itemPath)),
    (writer, items, path) => writer.list(items, path, (value, itemPath) => item.write(writer, value, itemPath)),
  );
}

// PlayerCalledSnap's verdict reads as "PlayerCalledSnap.verdict" and "PlayerCalledSnap.matching".
const idVerdict = {
  read: (reader, path, parent) => readVerdict(reader, parent, (item) => reader.string(item)),
  write: (writer, verdict, path, parent) =>
    writeVerdict(writer, verdict, parent, (id, item) => writer.string(id, item)),
};

/** The payload fields of every packet type, in byte order; none when not listed. */
const LAYOUTS = {
  SignInResponse: [["name", str]],
  ServerReady: [["players", list(MAX_PLAYERS, record([["id", str], ["name", str], ["seat", seat]]))]],
  DealCards: [
    ["round", u16],
    ["startingSeat", seat],
    ["counts", list(MAX_PLAYERS, record([["seat", seat], ["count", cardCount]]))],
  ],
  ActivatePlayer: [["id", str]],
  PlayerShouldSnap: [["id", str]],
  PlayerCalledSnap: [["id", str], ["verdict", idVerdict]],
  OtherClientQuit: [["id", str], ["handedOutTo", list(MAX_HAND_OUTS, seat)]],
  ServerQuit: [["reason", str]],
  Welcome: [["version", u8], ["id", str], ["token", str]],
  TableList: [
    [
      "tables",
      list(
        255,
        record([
          ["code", str],
          ["hostName", str],
          ["players", playerCount],
          ["seatsFree", playerCount],
          ["roundUnderWay", bool],
        ]),
      ),
    ],
  ],
  HostTable: [["solo", bool]],
  JoinTable: [["code", str]],
  TableJoined: [["code", str], ["seat", seat]],
  Ping: [["value", u64]],
  Pong: [["value", u64]],
  Snapshot: [["view", fieldType((reader) => readView(reader), (writer, view) => writeView(writer, view))]],
  Reconnect: [["token", str]],
  Error: [["code", u16], ["message", str]],
  CardTurned: [["seat", seat], ["card", card]],
  PlayerJoined: [["seat", seat], ["id", str], ["name", str], ["isComputer", bool]],
  SeatsRearranged: [["moves", list(MAX_PLAYERS, record([["from", seat], ["to", seat]]))]],
  HostChanged: [["seat", optionalSeat]],
  Recycled: [["seat", seat], ["count", cardCount]],
  PileCollected: [["from", seat], ["to", seat], ["count", cardCount]],
  OpenPileTurnedUnder: [["seat", seat], ["count", cardCount]],
  CardPaid: [["from", seat], ["to", seat]],
  PlayerOut: [["seat", seat]],
  RoundWon: [["seat", seat], ["gamesWon", u16]],
  PlayerConnection: [["seat", seat], ["connected", bool]],
  Hello: [["version", version]],
  CallSnap: [["reaction", reaction]],
  CallTiming: [["seat", seat], ["reaction", reaction], ["margin", margin]],
  ChangeSettings: [["round", u16], ["turn", u8]],
  TableSettings: [["round", u16], ["turn", u8]],
  RoundClock: [["remaining", u32]],
  TurnClock: [["seat", seat], ["remaining", u32]],
  SuddenDeath: [["seats", list(MAX_PLAYERS, seat)]],
  WatchTable: [["code", str]],
  TableWatched: [["code", str]],
  WatcherCount: [["count", u16]],
  TableClosed: [["reason", str]],
  Redirect: [["url", nodeURL], ["code", str]],
  SetHeadStart: [["seat", seat], ["milliseconds", u16]],
  HeadStarts: [["milliseconds", fixed(4, u16)]],
  TableAccess: [["flags", accessFlags]],
  SetTableAccess: [["flags", accessFlags]],
  RemovePlayer: [["seat", seat]],
  StartRoundWithDeal: [["deal", dealCode]],
  RoundDeal: [["deal", dealCode]],
  PhotoFinish: [["calls", photoCalls]],
  NetworkTimeRequest: [["seat", seat]],
  NetworkTime: [["seat", seat], ["source", ranged(1, 0, 3)], ["median", reaction], ["mostTakenOff", reaction], ["samples", u8]],
  Turn: [["seat", seat]],
  SnapJudged: [["call", judgedCall], ["reaction", reaction], ["margin", margin]],
};

/** Checks across a packet's fields, after they are read (as Swift's decoder makes them). */
const CHECKS = {
  // Only measured figures (source 0) are other than zero.
  NetworkTime: (packet) => {
    if (packet.source !== 0 && (packet.median || packet.mostTakenOff || packet.samples)) {
      throw invalidValue("NetworkTime.median", packet.median);
    }
  },
};

/**
 * Whether `text` is a node's WebSocket address: `ws://` or `wss://`, a host (not starting with ":"), and only
 * printable ASCII without spaces, in at most 255 bytes.
 */
export function isNodeURL(text) {
  if (typeof text !== "string" || text.length > MAX_STRING_BYTES || !/^[\x21-\x7e]*$/.test(text)) return false;
  const match = /^wss?:\/\/([^/?#]*)/.exec(text);
  return match !== null && match[1] !== "" && !match[1].startsWith(":");
}

// MARK: Frames

/** The bytes (a Uint8Array) of a frame `{number, packet}`, `number` null for "not numbered". */
export function encodeFrame({ number = null, packet }) {
  const type = PacketType[packet?.type];
  if (type === undefined) throw new TypeError(`unknown packet type ${String(packet?.type)}`);
  const writer = new ByteWriter();
  writer.bytes.push(...MAGIC);
  writer.u32(number ?? UNNUMBERED, "number");
  writer.u16(type, "type");
  for (const [name, fieldType] of LAYOUTS[packet.type] ?? []) {
    fieldType.write(writer, packet[name], `${packet.type}.${name}`, packet.type);
  }
  return Uint8Array.from(writer.bytes);
}

/**
 * The frame `{number, packet}` in the bytes of one message, all or nothing, with the Swift decoder's checks in
 * its order (size, header, the fields in byte order, trailing bytes); throws a ProtocolError if they fail.
 */
export function decodeFrame(bytes) {
  const data = messageBytes(bytes);
  const reader = new ByteReader(data, 0);
  const frame = readFrame(reader, data);
  if (reader.remaining > 0) throw new ProtocolError("trailingBytes", { count: reader.remaining });
  return frame;
}

/**
 * Every frame in the bytes of one message from a server speaking protocol version 10 to a client of that version
 * (packets back to back, each with its header), all or nothing, as Swift's `Frame.decodeMessage`.
 */
export function decodeMessage(bytes) {
  const data = messageBytes(bytes);
  const reader = new ByteReader(data, 0);
  const frames = [];
  do frames.push(readFrame(reader, data)); while (reader.remaining > 0);
  return frames;
}

function messageBytes(bytes) {
  const data = bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : bytes;
  if (!(data instanceof Uint8Array)) throw new TypeError("decoding needs a Uint8Array or an ArrayBuffer");
  if (data.length > MAX_PACKET_SIZE) throw new ProtocolError("oversized", { size: data.length });
  return data;
}

/** One frame from where `reader` stands in `data`: its header, then its payload. */
function readFrame(reader, data) {
  if (reader.remaining < HEADER_SIZE) throw new ProtocolError("truncatedHeader", { size: reader.remaining });
  const start = reader.offset;
  if (MAGIC.some((byte, index) => data[start + index] !== byte)) throw new ProtocolError("badMagic");
  reader.offset += MAGIC.length;
  const number = reader.u32("number");
  const typeNumber = reader.u16("type");
  const type = typeNames.get(typeNumber);
  if (type === undefined) throw new ProtocolError("unknownType", { type: typeNumber });
  const packet = { type };
  for (const [name, fieldType] of LAYOUTS[type] ?? []) {
    packet[name] = fieldType.read(reader, `${type}.${name}`, type);
  }
  CHECKS[type]?.(packet);
  return { number: number === UNNUMBERED ? null : number, packet };
}
