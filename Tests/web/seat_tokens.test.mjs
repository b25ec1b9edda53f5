// The seats a browser keeps per table (seat_tokens.js): keyed by the server's origin and the table's code, kept
// until Leave or a refusal, and never a crash when storage is refused. Run with `node --test Tests/web/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FORGOTTEN_AFTER_MS, SeatTokens, seatKey } from "../../Sources/SnapServer/Public/js/seat_tokens.js";

/** A Storage held in a Map, as localStorage behaves. */
function memoryStorage() {
  const values = new Map();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => values.set(key, String(value)),
    removeItem: (key) => values.delete(key),
  };
}

const ORIGIN = "http://192.168.1.20:8080";

test("a seat is keyed by the server's origin and the table's code (in capitals)", () => {
  assert.equal(seatKey(ORIGIN, "kqjt"), "snap.seat http://192.168.1.20:8080 KQJT");
  assert.notEqual(seatKey(ORIGIN, "KQJT"), seatKey("http://localhost:8080", "KQJT"));
  assert.notEqual(seatKey(ORIGIN, "KQJT"), seatKey(ORIGIN, "ABCD"));
});

test("a token kept for a table is found again by another page of the same server, and only there", () => {
  const storage = memoryStorage();
  let now = 1_000;
  new SeatTokens(storage, ORIGIN, () => now).remember("KQJT", { token: "t1", name: "Ann" });
  now += 5_000;
  const reopened = new SeatTokens(storage, ORIGIN, () => now);
  assert.deepEqual(reopened.recall("kqjt"), { token: "t1", name: "Ann", solo: false, savedAt: 1_000 });
  assert.equal(reopened.recall("ABCD"), null, "another table");
  assert.equal(new SeatTokens(storage, "http://localhost:8080", () => now).recall("KQJT"), null, "another server");
});

test("a newer token replaces the older one; forgetting removes it", () => {
  const storage = memoryStorage();
  const seats = new SeatTokens(storage, ORIGIN, () => 0);
  seats.remember("KQJT", { token: "t1", name: "Ann" });
  seats.remember("KQJT", { token: "t2", name: "Ann", solo: true });
  assert.equal(seats.recall("KQJT").token, "t2");
  assert.equal(seats.recall("KQJT").solo, true);
  seats.forget("KQJT");
  assert.equal(seats.recall("KQJT"), null);
  assert.equal(storage.values.size, 0);
});

test("no token, a broken entry or a very old one is nothing to come back to (and is cleared)", () => {
  const storage = memoryStorage();
  let now = 0;
  const seats = new SeatTokens(storage, ORIGIN, () => now);
  seats.remember("KQJT", { token: "", name: "Ann" });
  assert.equal(seats.recall("KQJT"), null, "an empty token is not kept");
  storage.setItem(seatKey(ORIGIN, "ABCD"), "{not json");
  assert.equal(seats.recall("ABCD"), null);
  assert.equal(storage.getItem(seatKey(ORIGIN, "ABCD")), null, "the broken entry is gone");
  seats.remember("WXYZ", { token: "t1" });
  now = FORGOTTEN_AFTER_MS + 1;
  assert.equal(seats.recall("WXYZ"), null);
  assert.equal(storage.values.size, 0);
});

test("storage that is missing or refuses never throws", () => {
  const refusing = {
    getItem: () => { throw new Error("SecurityError"); },
    setItem: () => { throw new Error("QuotaExceededError"); },
    removeItem: () => { throw new Error("SecurityError"); },
  };
  for (const storage of [null, refusing]) {
    const seats = new SeatTokens(storage, ORIGIN);
    seats.remember("KQJT", { token: "t1" });
    assert.equal(seats.recall("KQJT"), null);
    seats.forget("KQJT");
  }
});
