// The way back into a seat, kept in the browser's storage (localStorage) per table: the reconnect token of the
// last Welcome at that table, keyed by the server's origin and the table's code. A reload, a second tab, or the
// join link opened again after the tab was closed finds it and comes back with Reconnect while the server still
// keeps the seat (docs/PROTOCOL.md, "Dropping and reconnecting"). Only Leave forgets it, or the server refusing it.
// No DOM, so it runs under `node --test`.

const PREFIX = "snap.seat";
/** Seats older than this are never worth asking for (the server keeps one for seconds): they are dropped. */
export const FORGOTTEN_AFTER_MS = 24 * 60 * 60 * 1000;

/** The storage key of the seat at table `code` of the server at `origin` ("http://host:port"). */
export function seatKey(origin, code) {
  return `${PREFIX} ${origin} ${String(code).trim().toUpperCase()}`;
}

/** The seats this browser keeps at one server's tables. */
export class SeatTokens {
  /**
   * @param {Storage | null} storage where to keep them (localStorage); null or a refusing storage keeps nothing
   * @param {string} origin the server's origin, so that two servers' tables with one code never mix
   * @param {() => number} now the time in milliseconds (Date.now)
   */
  constructor(storage, origin, now = () => Date.now()) {
    this.storage = storage;
    this.origin = origin;
    this.now = now;
  }

  /** Keeps `token` for the seat at table `code`, with the seat's `name` and whether it is a single-player table. */
  remember(code, { token, name = null, solo = false }) {
    if (!token) return;
    const value = JSON.stringify({ token, name, solo: Boolean(solo), savedAt: this.now() });
    try {
      this.storage?.setItem(seatKey(this.origin, code), value);
    } catch {
      // Storage may be refused (private browsing, full): the seat is then kept for this page only.
    }
  }

  /** The seat kept at table `code`, `{token, name, solo, savedAt}`, or null. */
  recall(code) {
    const key = seatKey(this.origin, code);
    let stored = null;
    let seat = null;
    try {
      stored = this.storage?.getItem(key) ?? null;
      seat = JSON.parse(stored ?? "null");
    } catch {
      seat = null;
    }
    const fresh = seat && typeof seat.token === "string" && seat.token !== ""
      && Number.isFinite(seat.savedAt) && this.now() - seat.savedAt <= FORGOTTEN_AFTER_MS;
    if (!fresh) {
      if (stored !== null) this.forget(code);
      return null;
    }
    return { token: seat.token, name: typeof seat.name === "string" ? seat.name : null, solo: seat.solo === true,
      savedAt: seat.savedAt };
  }

  /** Forgets the seat at table `code`. */
  forget(code) {
    try {
      this.storage?.removeItem(seatKey(this.origin, code));
    } catch {
      // Nothing was kept.
    }
  }
}
