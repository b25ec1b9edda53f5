// The browser's mirror of the table: one player's view, kept up to date from the server's packets exactly as
// SnapCore's PlayerView.apply does it, with what the screen derives from it (TableStatus.swift). No DOM. The
// view is shaped like a decoded Snapshot's, so a Snapshot replaces it whole; the events `applyPacket` returns
// are listed in docs/WEB_CLIENT.md ("The model").

import { stopsTheTable } from "./codec.js";
import { t } from "./i18n.js";
import { STATUS, marginText } from "./words.js";

const SEATS = [0, 1, 2, 3];
/** Packets that are one event with the packet's own fields, and the event's kind. */
const SAME_FIELDS = {
  SeatsRearranged: "seatsRearranged", HostChanged: "hostChanged", DealFinished: "dealFinished",
  Recycled: "recycled", CardTurned: "cardTurned", PileCollected: "pileCollected",
  OpenPileTurnedUnder: "openPileTurnedUnder", CardPaid: "cardPaid", PlayerOut: "playerOut", Resumed: "resumed",
  RoundWon: "roundWon", RoundAbandoned: "roundAbandoned", PlayerConnection: "connectionChanged",
  CallTiming: "callTimed", TableSettings: "settings", HeadStarts: "headStarts", TableAccess: "access", TimeUp: "timeUp",
  SuddenDeath: "suddenDeath", RoundDeal: "dealRevealed",
};
/** How long a photo finish shows after it came (ms), unless the next card is turned first. */
export const PHOTO_FINISH_MS = 4000;
/** The events that end a turn timer's countdown (a too-late call does not). */
const TURN_ENDS = new Set(["activated", "cardTurned", "snapCalled", "timeUp", "roundWon", "roundAbandoned", "roundStarted"]);

/** Where the player in `seat` ends up after `moves`. */
function destination(seat, moves) {
  return moves.find((move) => move.from === seat)?.to ?? seat;
}

/**
 * Where the last round's starter stands after `moves`; one who left stands in for the nearest seat `occupied`
 * counter-clockwise (SeatMove.startingSeat in Swift).
 */
function startingSeatThrough(seat, moves, occupied) {
  if (seat === null) return null;
  let from = seat;
  if (!occupied.includes(seat)) {
    const before = [1, 2, 3].map((step) => (seat + 4 - step) % 4).find((candidate) => occupied.includes(candidate));
    if (before !== undefined) from = before;
  }
  return destination(from, moves);
}

/** A packet named a player the mirror does not know. */
class UnknownPlayer extends Error {
  constructor(id) {
    super(`no player with id ${id} at the table`);
    this.id = id;
  }
}

/** One player's mirror of the table. */
export class TableState {
  /** The seats whose connection dropped (PlayerConnection); not part of a Snapshot. */
  #offline = new Set();

  /** A mirror starting from a decoded Snapshot's `view` (copied). */
  static fromSnapshot(view) {
    return new TableState(view);
  }

  constructor(view) {
    /** The view, shaped like a decoded Snapshot's; change it only through `applyPacket`. */
    this.view = structuredClone(view);
    /** The last judged call's CallTiming `{seat, reaction, margin}`. */
    this.timing = null;
    /** The table's settings `{round, turn}` (seconds; 0: classic, no timer), from TableSettings. */
    this.settings = null;
    /** Each seat's head start in milliseconds, by seat number, from HeadStarts (RULES.md). */
    this.headStarts = [0, 0, 0, 0];
    /** Who may come in, from TableAccess: `locked` (nobody new may join) and `private` (in no listing). */
    this.access = { locked: false, private: false };
    /** When the quick round's time runs out (ms), while its clock runs. */
    this.roundEndsAt = null;
    /** The turn timer `{seat, endsAt}` while it runs. */
    this.turnClock = null;
    /** Whether the quick round's time is up. */
    this.timeUp = false;
    /** The seats tied for most cards in sudden death, or null. */
    this.suddenDeath = null;
    /** The last round's deal code (K7M3-Q2PX) from RoundDeal, once it is over; null while a round is under way. */
    this.deal = null;
    /** The last close call's photoFinish event (`calls`, `at`: when it came), until the next card. */
    this.photoFinish = null;
    /** Each seat's latest networkTime event (`source`, `median`, `mostTakenOff`, `samples`, `at`), or null. */
    this.networkTimes = [null, null, null, null];
  }

  // MARK: Applying packets

  /**
   * Applies one decoded packet that came at `now` (ms), all or nothing; returns `{events, needsResync}`. A packet
   * naming an unknown id changes nothing and needs a resync.
   */
  applyPacket(packet, now = 0) {
    let events;
    try {
      events = this.eventsFor(packet, now);
    } catch (error) {
      if (error instanceof UnknownPlayer) return { events: [], needsResync: true, unknownId: error.id };
      throw error;
    }
    for (const event of events) this.applyEvent(event);
    return { events, needsResync: false };
  }

  /** `seat`, if someone sits in it; else the mirror has missed something (as for an unknown id). */
  seated(seat) {
    if (!this.view.seats[seat]) throw new UnknownPlayer(`in seat ${seat}`);
    return seat;
  }

  /** The seat of the player with this id. */
  seatOf(id) {
    const seat = SEATS.find((candidate) => this.view.seats[candidate]?.id === id);
    if (seat === undefined) throw new UnknownPlayer(id);
    return seat;
  }

  /** The table events a packet carries, read against this mirror (Packet+TableEvents.swift). */
  eventsFor(packet, now = 0) {
    const { type, ...fields } = packet;
    if (SAME_FIELDS[type]) return [{ kind: SAME_FIELDS[type], ...structuredClone(fields) }];
    switch (type) {
      case "PlayerJoined": {
        const { seat, id, name, isComputer } = packet;
        return [{ kind: "playerJoined", seat, player: { id, name, isComputer } }];
      }
      case "OtherClientQuit":
        return [{ kind: "playerLeft", seat: this.seatOf(packet.id), handedOutTo: [...packet.handedOutTo] }];
      case "DealCards":
        return [
          { kind: "roundStarted", round: packet.round, startingSeat: packet.startingSeat },
          { kind: "dealt", counts: structuredClone(packet.counts) },
        ];
      case "ActivatePlayer":
        return [{ kind: "activated", seat: this.seatOf(packet.id) }];
      case "Turn":
        return [{ kind: "activated", seat: this.seated(packet.seat) }];
      case "SnapJudged": {
        const { call, reaction, margin } = structuredClone(fields);
        // Seats, not ids, but they must be seats someone sits in, as ids must be players at the table.
        for (const seat of [call.seat, ...(call.verdict.matching ?? [])]) this.seated(seat);
        return [
          { kind: "snapCalled", seat: call.seat, verdict: call.verdict },
          { kind: "callTimed", seat: call.seat, reaction, margin },
        ];
      }
      case "PlayerCalledSnap": {
        // The matching players first, then the caller, as in Swift.
        const verdict = packet.verdict.kind === "correct"
          ? { kind: "correct", matching: packet.verdict.matching.map((id) => this.seatOf(id)) }
          : { kind: packet.verdict.kind };
        return [{ kind: "snapCalled", seat: this.seatOf(packet.id), verdict }];
      }
      case "RoundClock":
        return [{ kind: "roundClock", endsAt: now + packet.remaining }];
      case "TurnClock":
        return [{ kind: "turnClock", seat: packet.seat, endsAt: now + packet.remaining }];
      case "PhotoFinish":
        return [{ kind: "photoFinish", calls: structuredClone(packet.calls), at: now }];
      case "NetworkTime":
        return [{ kind: "networkTime", ...structuredClone(fields), at: now }];
      default:
        return [];
    }
  }

  /** Applies one event exactly as PlayerView.apply does (PlayerView+Events.swift). */
  applyEvent(event) {
    const view = this.view;
    const seats = view.seats;
    // The turn timer ends with the next turn, activation, judged call or the end of the time or the round.
    if (TURN_ENDS.has(event.kind) && !(event.kind === "snapCalled" && !stopsTheTable(event.verdict))) {
      this.turnClock = null;
    }
    switch (event.kind) {
      case "playerJoined":
        seats[event.seat] = { ...event.player, closedCount: 0, gamesWon: 0, open: [] };
        this.#offline.delete(event.seat);
        this.networkTimes[event.seat] = null;
        break;
      case "playerLeft":
        for (const recipient of event.handedOutTo) if (seats[recipient]) seats[recipient].closedCount += 1;
        seats[event.seat] = null;
        this.#offline.delete(event.seat);
        this.networkTimes[event.seat] = null;
        break;
      case "seatsRearranged": {
        const { moves } = event;
        view.startingSeat = startingSeatThrough(view.startingSeat, moves, this.occupiedSeats);
        const arranged = [...seats];
        for (const move of moves) arranged[move.from] = null;
        for (const move of moves) arranged[move.to] = seats[move.from];
        view.seats = arranged;
        const moved = (seat) => (seat === null ? null : destination(seat, moves));
        view.host = moved(view.host);
        view.viewer = moved(view.viewer);
        if (view.phase === "roundOver") view.winner = moved(view.winner);
        view.calls = [];
        this.#offline = new Set([...this.#offline].map(moved));
        this.networkTimes = [null, null, null, null];
        break;
      }
      case "hostChanged":
        view.host = event.seat;
        break;
      case "roundStarted":
        Object.assign(view, {
          round: event.round,
          startingSeat: event.startingSeat,
          phase: "dealing",
          winner: null,
          active: null,
          hasTurned: false,
          calls: [],
          stop: null,
        });
        for (const entry of seats) if (entry) Object.assign(entry, { closedCount: 0, open: [] });
        Object.assign(this, { roundEndsAt: null, timeUp: false, suddenDeath: null, deal: null, photoFinish: null });
        break;
      case "dealt":
        for (const { seat, count } of event.counts) if (seats[seat]) seats[seat].closedCount = count;
        break;
      case "dealFinished":
        view.phase = "playing";
        view.winner = null;
        break;
      case "activated":
        view.active = event.seat;
        view.hasTurned = false;
        break;
      case "recycled":
      case "openPileTurnedUnder": {
        const entry = seats[event.seat];
        if (!entry) break;
        entry.closedCount += entry.open.length;
        entry.open = [];
        break;
      }
      case "cardTurned":
        if (seats[event.seat]) {
          seats[event.seat].closedCount -= 1;
          seats[event.seat].open.push({ ...event.card });
        }
        view.hasTurned = true;
        view.calls = [];
        this.photoFinish = null;
        break;
      case "snapCalled": {
        const call = { seat: event.seat, verdict: structuredClone(event.verdict) };
        // As at the table: once the card's call is judged, one call a seat is kept.
        if (event.verdict.kind !== "tooLate" || !view.calls.some((c) => c.seat === event.seat)) view.calls.push(call);
        if (stopsTheTable(event.verdict)) {
          view.stop = structuredClone(call);
          this.timing = null;
        }
        break;
      }
      case "pileCollected":
        if (seats[event.from]) seats[event.from].open = [];
        if (seats[event.to]) seats[event.to].closedCount += event.count;
        break;
      case "cardPaid":
        if (seats[event.from]) seats[event.from].closedCount -= 1;
        if (seats[event.to]) seats[event.to].closedCount += 1;
        break;
      case "resumed":
        view.stop = null;
        break;
      case "roundWon":
        if (seats[event.seat]) seats[event.seat].gamesWon = event.gamesWon;
        this.#endRound(event.seat);
        break;
      case "roundAbandoned":
        this.#endRound(null);
        break;
      case "dealRevealed":
        this.deal = event.deal;
        break;
      case "connectionChanged":
        if (event.connected) this.#offline.delete(event.seat);
        else this.#offline.add(event.seat);
        break;
      case "callTimed":
        this.timing = { seat: event.seat, reaction: event.reaction, margin: event.margin };
        break;
      case "photoFinish":
        this.photoFinish = event;
        break;
      case "networkTime":
        this.networkTimes[event.seat] = event;
        break;
      case "settings":
        this.settings = { round: event.round, turn: event.turn };
        break;
      case "headStarts":
        this.headStarts = [...event.milliseconds];
        break;
      case "access":
        this.access = { locked: (event.flags & 1) !== 0, private: (event.flags & 2) !== 0 };
        break;
      case "roundClock":
        this.roundEndsAt = event.endsAt;
        break;
      case "turnClock":
        this.turnClock = { seat: event.seat, endsAt: event.endsAt };
        break;
      case "timeUp":
        this.timeUp = true;
        this.roundEndsAt = null;
        break;
      case "suddenDeath":
        this.suddenDeath = [...event.seats];
        break;
      default: // playerOut changes nothing: a player with no cards is out by their count.
        break;
    }
  }

  #endRound(winner) {
    Object.assign(this.view, { phase: "roundOver", winner, active: null, hasTurned: false, stop: null });
    this.roundEndsAt = null;
  }

  // MARK: Reading the table

  /** The seat of the player looking, or null for someone watching. */
  get viewer() {
    return this.view.viewer;
  }

  /** The occupied seats, clockwise from the bottom. */
  get occupiedSeats() {
    return SEATS.filter((seat) => this.view.seats[seat] !== null);
  }

  /** A seat's cards: closed count plus open cards (0 for an empty seat). */
  cardsIn(seat) {
    const entry = this.view.seats[seat];
    return entry ? entry.closedCount + entry.open.length : 0;
  }

  /**
   * Who turns next after the active player, as the table decides it (RULES.md, "Who is next"; Table.activate in
   * SnapCore): clockwise from the active seat, ending with the active seat itself, the first player with a closed
   * card, or with two or more open cards (recycled first); null when nobody is active or nobody qualifies.
   */
  get nextToTurn() {
    const { active } = this.view;
    if (active === null) return null;
    for (const step of [1, 2, 3, 4]) {
      const seat = (active + step) % 4;
      const entry = this.view.seats[seat];
      if (entry && (entry.closedCount > 0 || entry.open.length >= 2)) return seat;
    }
    return null;
  }

  /** The seats whose top open card has the same value as another player's. */
  get matchingSeats() {
    const top = (seat) => this.view.seats[seat]?.open.at(-1)?.value;
    const counts = new Map();
    for (const seat of SEATS) {
      const value = top(seat);
      if (value !== undefined) counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    return SEATS.filter((seat) => top(seat) !== undefined && counts.get(top(seat)) > 1);
  }

  /** Whether a round is under way (dealing or playing). */
  get isRoundUnderWay() {
    return this.view.phase === "dealing" || this.view.phase === "playing";
  }

  /** Whether the player in `seat` is out: no cards left in a round under way. */
  isOut(seat) {
    return this.isRoundUnderWay && this.cardsIn(seat) === 0;
  }

  /** Whether the viewer may turn a card right now. */
  get viewerCanTurn() {
    const { viewer, phase, stop, active, hasTurned } = this.view;
    if (viewer === null || phase !== "playing" || stop !== null || active !== viewer || hasTurned) return false;
    return (this.view.seats[viewer]?.closedCount ?? 0) > 0;
  }

  /** Whether the viewer may call "Snap!" right now. */
  get viewerCanCall() {
    const { viewer, phase } = this.view;
    return viewer !== null && phase === "playing" && this.cardsIn(viewer) > 0;
  }

  /** The margin of the judged call on show, in words (marginText), or null. */
  get marginText() {
    const timing = this.timing;
    const judged = (call) => call.seat === timing.seat && stopsTheTable(call.verdict);
    if (!timing || this.view.phase !== "playing" || !this.view.calls.some(judged)) return null;
    return marginText(this.displayName(timing.seat), timing.margin, { you: timing.seat === this.view.viewer });
  }

  /** The photo finish to show at `now`: `{calls, left}` (ms) for PHOTO_FINISH_MS after it came, while play goes on. */
  photoFinishAt(now) {
    const finish = this.photoFinish;
    if (!finish || this.view.phase !== "playing") return null;
    const left = finish.at + PHOTO_FINISH_MS - now;
    return left > 0 && left <= PHOTO_FINISH_MS ? { calls: finish.calls, left } : null;
  }

  /** Whether the player in `seat` is connected (PlayerConnection). */
  isConnected(seat) {
    return this.view.seats[seat] !== null && !this.#offline.has(seat);
  }

  /** The name to show for a seat: "You" (in the page's language) for the viewer, "?" for an empty seat. */
  displayName(seat) {
    return seat === this.view.viewer ? t("player.you") : (this.view.seats[seat]?.name ?? "?");
  }

  /** Where `seat` is drawn on the viewer's screen: (seat − viewer) mod 4. */
  shownSeat(seat) {
    return (seat - (this.view.viewer ?? 0) + 4) % 4;
  }

  /** The seat drawn at screen position `shown` (the inverse of `shownSeat`). */
  seatShownAt(shown) {
    return (shown + (this.view.viewer ?? 0)) % 4;
  }

  /** Milliseconds left on the quick round's clock at `now`, or null while it does not run. */
  roundLeft(now) {
    return this.roundEndsAt === null ? null : Math.max(0, this.roundEndsAt - now);
  }

  /** The turn timer at `now`: `{seat, left}` (ms) while it runs, else null. */
  turnLeft(now) {
    const clock = this.turnClock;
    return clock && this.view.phase === "playing" ? { seat: clock.seat, left: Math.max(0, clock.endsAt - now) } : null;
  }

  /**
   * The standings `{byCards, rows: [{seat, name, cards, gamesWon}]}`: the winner first, then by cards (when
   * the time ran out with cards in several hands: byCards) and games won.
   */
  get standings() {
    const { phase, winner } = this.view;
    const rows = this.occupiedSeats.map((seat) => ({
      seat, name: this.displayName(seat), cards: this.cardsIn(seat), gamesWon: this.view.seats[seat].gamesWon,
    }));
    const byCards = phase === "roundOver" && rows.some((row) => row.seat !== winner && row.cards > 0);
    rows.sort((a, b) => (b.seat === winner) - (a.seat === winner) || (byCards && b.cards - a.cards) ||
      b.gamesWon - a.gamesWon);
    return { byCards, rows };
  }

  /** A status about the player in `seat`, who may be the viewer (`you`). */
  #about(kind, seat) {
    return status(kind, this.displayName(seat), seat === this.view.viewer);
  }

  /**
   * The status line `{kind, name?, you?, text}` as SnapCore's TableStatus works it out (kind: a key of STATUS;
   * `you`: it is about the viewer).
   */
  get status() {
    const view = this.view;
    switch (view.phase) {
      case "waiting":
        return status("waitingForPlayers");
      case "dealing":
        return status("dealing");
      case "roundOver":
        return view.winner === null ? status("abandoned") : this.#about("winner", view.winner);
      default:
        if (this.timeUp && !this.suddenDeath) return status("timeUp");
        if (view.stop !== null) {
          if (view.stop.verdict.kind === "wrong") return this.#about("mustPay", view.stop.seat);
          return view.stop.seat === view.viewer
            ? status("youReceiveCards")
            : status("receivesCards", this.displayName(view.stop.seat));
        }
        // Nothing says there is a match before a call is judged: spotting it is the game (RULES.md).
        if (view.active !== null && view.active === view.viewer) {
          if (!view.hasTurned) return status("yourTurn");
          // Turned: the next player is activated half a second later; say who, not "Your turn".
          const next = this.nextToTurn;
          if (next !== null) return this.#about("next", next);
        }
        if (this.suddenDeath) return status("suddenDeath");
        if (view.active !== null) return status("playersTurn", this.displayName(view.active));
        return status("waitingForPlayers");
    }
  }
}

/** A status with its text (TableStatus.text in Swift, in sentence case, in the page's language). */
function status(kind, name, you = false) {
  const text = STATUS[kind](name, { you });
  if (name === undefined) return { kind, text };
  return you ? { kind, name, you, text } : { kind, name, text };
}
