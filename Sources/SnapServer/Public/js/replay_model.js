// A stored round as the table it was, at any moment, with no DOM: the replay's moments (from
// /api/rounds/ID/replay) decoded once with codec.js, and the table built from them with TableState, exactly as a
// live client builds its own from the same packets. Stepping back rebuilds from the start, which is quick: the
// packets are decoded already and applying ~700 moments takes a few milliseconds.

import { decodeFrame } from "./codec.js";
import { TableState } from "./table_state.js";

/** Bytes from base64. */
function fromBase64(text) {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * A TableState whose clocks read the replay's position rather than the page's clock: RoundClock, TurnClock and
 * PhotoFinish are applied at their moment's time, and `position()` says where the replay is.
 */
export class ReplayTableState extends TableState {
  constructor(view, position) {
    super(view);
    this.position = position;
  }

  roundLeft() {
    return super.roundLeft(this.position());
  }

  turnLeft() {
    return super.turnLeft(this.position());
  }

  photoFinishAt() {
    return super.photoFinishAt(this.position());
  }
}

/** One round's replay: `round` (the facts, as /api/rounds/ID) and `moments`, each `{t, packets}` decoded. */
export class Replay {
  /**
   * @param {{round: object, moments: {t_ms: number, packets: string[]}[]}} json what /api/rounds/ID/replay says
   * @param {() => number} position where the replay is (ms), for the clocks
   */
  constructor(json, position = () => 0) {
    this.round = json.round;
    this.position = position;
    this.moments = json.moments.map((moment) => ({
      t: moment.t_ms,
      packets: moment.packets.map((text) => decodeFrame(fromBase64(text)).packet),
    }));
    if (this.moments[0]?.packets[0]?.type !== "Snapshot") {
      throw new Error("a replay starts with a snapshot of the table");
    }
    this.times = this.moments.map((moment) => moment.t);
  }

  /** The round's length on its timeline (ms): the time of its last moment. */
  get duration() {
    return this.times.at(-1) ?? 0;
  }

  /** The table as it was after moment `index`: a new ReplayTableState. */
  stateAt(index) {
    const [snapshot, ...rest] = this.moments[0].packets;
    const state = new ReplayTableState(snapshot.view, this.position);
    for (const packet of rest) state.applyPacket(packet, this.moments[0].t);
    for (let at = 1; at <= Math.min(index, this.moments.length - 1); at += 1) this.apply(state, at);
    return state;
  }

  /** Applies moment `index` to `state`; returns the events it applied, in order. */
  apply(state, index) {
    const moment = this.moments[index];
    const events = [];
    for (const packet of moment.packets) {
      const { events: applied, needsResync } = state.applyPacket(packet, moment.t);
      if (needsResync) throw new Error(`moment ${index} names a player the table does not know`);
      events.push(...applied);
    }
    return events;
  }
}
