// The JSON rendering of docs/PROTOCOL.md ("JSON rendering") and hex, for the tests: the golden vectors hold
// packets as hex and as this JSON. The page itself never needs them, so it does not load this file.

import { PacketType } from "../../Sources/SnapServer/Public/js/codec.js";

/** The suit names the JSON rendering uses, by suit number. */
export const SUIT_NAMES = Object.freeze(["clubs", "diamonds", "hearts", "spades"]);

// MARK: JSON rendering

const cardJSON = (card) => ({ suit: SUIT_NAMES[card.suit], value: card.value });

function verdictJSON(verdict) {
  return verdict.kind === "correct" ? { kind: "correct", matching: [...verdict.matching] } : { kind: verdict.kind };
}

function callJSON(call) {
  return { seat: call.seat, verdict: verdictJSON(call.verdict) };
}

function viewJSON(view) {
  return {
    viewer: view.viewer,
    phase: view.phase,
    winner: view.phase === "roundOver" ? view.winner : null,
    round: view.round,
    host: view.host,
    startingSeat: view.startingSeat,
    active: view.active,
    hasTurned: view.hasTurned,
    seats: view.seats.map((entry) => entry && { ...entry, open: entry.open.map(cardJSON) }),
    calls: view.calls.map(callJSON),
    stop: view.stop ? callJSON(view.stop) : null,
  };
}

/** A packet's fields as the JSON rendering names them: suit names, decimal u64 strings, the view flattened. */
function fieldsJSON(packet) {
  const { type, ...fields } = packet;
  switch (type) {
    case "Snapshot": return viewJSON(packet.view);
    case "CardTurned": return { ...fields, card: cardJSON(packet.card) };
    case "Ping":
    case "Pong": return { value: packet.value.toString() };
    case "PlayerCalledSnap": return { ...fields, verdict: verdictJSON(packet.verdict) };
    default: return structuredClone(fields);
  }
}

/**
 * The frame as the language-neutral JSON of `snap decode` and the golden vectors:
 * `{number, type, name, fields}`, with `type` the type number and `name` the packet's name.
 *
 * @param {{number: ?number, packet: {type: string}}} frame
 * @returns {object} a plain object; compare it with a vector's "json", or pass it to JSON.stringify
 */
export function toJSON({ number = null, packet }) {
  return { number, type: PacketType[packet.type], name: packet.type, fields: fieldsJSON(packet) };
}

// MARK: Hex

/**
 * Bytes from hex digits, two per byte, upper or lower case; white space is ignored.
 *
 * @param {string} text
 * @returns {Uint8Array}
 * @throws {SyntaxError} for a character that is not a hex digit, or an odd number of digits
 */
export function hexToBytes(text) {
  const digits = text.replace(/\s+/g, "");
  if (!/^[0-9a-fA-F]*$/.test(digits)) throw new SyntaxError(`not hex: ${text}`);
  if (digits.length % 2 !== 0) throw new SyntaxError(`${digits.length} hex digits is an odd number`);
  const bytes = new Uint8Array(digits.length / 2);
  for (let index = 0; index < bytes.length; index += 1) {
    bytes[index] = parseInt(digits.slice(2 * index, 2 * index + 2), 16);
  }
  return bytes;
}

/**
 * The bytes as upper-case hex digits, two per byte, as the Swift `Hex.string` writes them.
 *
 * @param {Uint8Array} bytes
 * @returns {string}
 */
export function bytesToHex(bytes) {
  return Array.from(bytes, (byte) => byte.toString(16).toUpperCase().padStart(2, "0")).join("");
}
