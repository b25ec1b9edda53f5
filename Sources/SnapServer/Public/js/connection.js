// The WebSocket to the server (docs/PROTOCOL.md, "The order of a session"): Hello, sign in or come back with the
// token, answer pings, watch the packet numbers and ask for a resync on a gap, and reconnect by itself after
// a drop while seated, and follow a Redirect to the node of a cluster that holds the table asked for. What the
// packets mean is main.js's business (and keeping the token across pages, seat_tokens.js); this file only moves
// them.

import { decodeMessage, encodeFrame } from "./codec.js";

/** The version said in Hello: from 10 on, a message from the server may hold several packets. */
export const PROTOCOL_VERSION = 11;
/** Waits between reconnection attempts, in milliseconds; the last one repeats. */
const RETRY_DELAYS = [300, 700, 1500, 2500, 4000];
/** After this long without getting back in, stop trying. */
const GIVE_UP_MS = 40_000;
const UNKNOWN_TABLE = 101;
const UNKNOWN_TOKEN = 109;
/** Our table's node is gone and no node has taken it over yet: reconnect again in a moment. */
const TABLE_MOVING = 116;
/** The most Redirects in a row followed before giving up (docs/PROTOCOL.md, "The order of a session"). */
export const MAX_REDIRECTS = 3;
const POLICY_VIOLATION = 1008;
/** The reason of the 1008 close that lets a connection go whose seat another page took with its token. */
const REPLACED_REASON = "replaced by a new connection";

/** Packets that change the table: ignored between a ResyncRequest and its Snapshot. */
const TABLE_EVENTS = new Set([
  "DealCards", "ActivatePlayer", "PlayerCalledSnap", "OtherClientQuit", "CardTurned", "PlayerJoined",
  "SeatsRearranged", "HostChanged", "DealFinished", "Recycled", "PileCollected", "OpenPileTurnedUnder",
  "CardPaid", "PlayerOut", "Resumed", "RoundWon", "RoundAbandoned", "PlayerConnection", "CallTiming",
  "TableSettings", "HeadStarts", "TableAccess", "RoundClock", "TurnClock", "TimeUp", "SuddenDeath", "Turn",
  "SnapJudged",
]);

/**
 * One player's connection, across reconnections and redirects. `onPacket(packet)` gets every packet worth
 * acting on (a Redirect too, as news: the connection follows it itself, and a loop of them ends in an Error
 * with `tooManyRedirects` set);
 * `onStatus(state, reason, was)` hears the state change ("connecting", "open", "reconnecting", "closed"), with
 * a reason when closed ("left", "serverQuit", "gaveUp", "seatLost", "replaced" or "lost"). The token of the last
 * Welcome is `token`.
 */
export class Connection {
  #socket = null;
  #expected = 0;
  #awaitingSnapshot = false;
  #serverQuit = false;
  #retryTimer = 0;
  #attempt = 0;
  #droppedAt = 0;
  #skipNext = false;
  /** The latest JoinTable or WatchTable sent: what a Redirect answers, and what is asked again on the new node. */
  #lastTableRequest = null;
  /** The request to send once welcomed on the node a Redirect named. */
  #repeat = null;
  #redirects = 0;
  #token = null;

  constructor({ url, onPacket, onStatus }) {
    this.url = url;
    /** Where the page connected first: in a cluster, the server to ask where a table is now. */
    this.entryUrl = url;
    this.onPacket = onPacket;
    this.onStatus = onStatus;
    /** "closed", "connecting", "open" or "reconnecting". */
    this.state = "closed";
    this.name = null;
    /** Welcomed on the current socket. */
    this.signedIn = false;
    /** At a table: a drop then means "come back with the token". */
    this.seated = false;
    this.resyncs = 0;
  }

  /** The reconnect token of the last Welcome (or the one to come back with), or null. */
  get token() {
    return this.#token;
  }

  /** Opens a fresh socket and signs in as `name`, closing any socket there was. */
  signIn(name) {
    this.close();
    this.name = name;
    this.#open("signIn");
  }

  /**
   * Opens a fresh socket and comes back into a kept seat with `token` (Reconnect instead of signing in), as a
   * page opened again does; `name` is the seat's, for a Redirect. While it gets back in it counts as seated, so a
   * drop or a moving table is retried as after any drop; a token no longer kept ends it as "seatLost".
   */
  resume(token, name = null) {
    this.close();
    this.name = name;
    this.#token = token;
    this.seated = true;
    this.#open("resume");
  }

  /** Sends one packet, if the socket is open. Returns whether it went. */
  send(packet) {
    const socket = this.#socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    if (packet.type === "JoinTable" || packet.type === "WatchTable") this.#lastTableRequest = packet;
    socket.send(encodeFrame({ packet }));
    return true;
  }

  /** Asks for the whole table again. */
  requestResync() {
    if (this.#awaitingSnapshot) return;
    this.#awaitingSnapshot = true;
    this.resyncs += 1;
    this.send({ type: "ResyncRequest" });
  }

  /** Closes on purpose: no reconnection. */
  close() {
    clearTimeout(this.#retryTimer);
    this.#retryTimer = 0;
    const socket = this.#socket;
    this.#socket = null;
    this.signedIn = false;
    this.seated = false;
    if (socket) {
      socket.onclose = socket.onmessage = socket.onerror = socket.onopen = null;
      socket.close(1000);
    }
    this.#setState("closed", "left");
  }

  /** Closes the socket as a lost network would; the usual reconnection follows. */
  dropConnection() {
    this.#socket?.close(4000, "dropped on purpose");
  }

  /** For tests of the resync: the next numbered packet is thrown away. */
  skipNextPacket() {
    this.#skipNext = true;
  }

  // MARK: The socket

  #open(mode) {
    let socket;
    try {
      socket = new WebSocket(this.url);
    } catch {
      this.#closed(null, 1006);
      return;
    }
    socket.binaryType = "arraybuffer";
    this.#socket = socket;
    this.#expected = 0;
    this.#awaitingSnapshot = false;
    this.#serverQuit = false;
    this.signedIn = false;
    this.#setState(mode === "reconnect" ? "reconnecting" : "connecting");
    socket.onopen = () => {
      socket.opened = true;
      this.send({ type: "Hello", version: PROTOCOL_VERSION });
    };
    socket.onmessage = (message) => this.#received(socket, mode, message.data);
    socket.onclose = (close) => this.#closed(socket, close.code, close.reason);
  }

  #received(socket, mode, data) {
    if (socket !== this.#socket || !(data instanceof ArrayBuffer)) return;
    let frames;
    try {
      frames = decodeMessage(data);
    } catch (error) {
      // A packet we cannot read is a packet we missed.
      console.warn("Snap!: unreadable packet from the server:", error.message);
      this.requestResync();
      return;
    }
    // The packets of one moment, in order; a Redirect or a close among them ends this socket's. A packet the page
    // fails on is a packet missed: the rest of the message still counts, and the table is asked for again.
    for (const frame of frames) {
      if (socket !== this.#socket) return;
      let goOn;
      try {
        goOn = this.#handle(socket, mode, frame);
      } catch (error) {
        console.error("Snap!: a packet from the server could not be handled:", error);
        this.requestResync();
        continue;
      }
      if (goOn === false) return;
    }
  }

  /** Handles one packet; false when the socket's other packets no longer count (it is closing). */
  #handle(socket, mode, { number, packet }) {
    // "resume" (a page opened again) and "reconnect" (after a drop) both come back with the token.
    const comingBack = mode !== "signIn";
    if (number !== null) {
      if (this.#skipNext) {
        this.#skipNext = false;
        return;
      }
      if (number !== this.#expected) this.requestResync();
      this.#expected = number + 1;
    }
    switch (packet.type) {
      case "SignInRequest":
        if (comingBack) this.send({ type: "Reconnect", token: this.#token ?? "" });
        else this.send({ type: "SignInResponse", name: this.name });
        return;
      case "Ping":
        this.send({ type: "Pong", value: packet.value });
        return;
      case "Welcome":
        this.#token = packet.token;
        this.signedIn = true;
        this.#attempt = 0;
        this.#droppedAt = 0;
        if (comingBack) this.#redirects = 0;
        this.#setState("open");
        if (this.#repeat) {
          // Moved by a Redirect: ask this node what the last one could not give.
          const repeat = this.#repeat;
          this.#repeat = null;
          this.send(repeat);
        }
        break;
      case "TableJoined":
      case "TableWatched":
        this.#redirects = 0;
        break;
      case "Redirect":
        this.#follow(packet, mode);
        return;
      case "ServerQuit":
        this.#serverQuit = true;
        break;
      case "Snapshot":
        this.#awaitingSnapshot = false;
        break;
      case "Error":
        if (comingBack && packet.code === TABLE_MOVING) {
          // This socket ends; the usual reconnection asks again after its delay.
          socket.close(1000);
          return false;
        }
        if (comingBack && packet.code === UNKNOWN_TOKEN) {
          this.onPacket(packet);
          this.#stop("seatLost");
          return;
        }
        break;
      default:
        if (this.#awaitingSnapshot && TABLE_EVENTS.has(packet.type)) return;
    }
    this.onPacket(packet);
  }

  /**
   * Follows a Redirect: closes this socket, opens one at the node's URL, and signs in there with the same name
   * (then repeats the JoinTable or WatchTable with the Redirect's code) or reconnects with the token.
   */
  #follow(packet, mode) {
    const reconnecting = mode !== "signIn";
    const asked = reconnecting ? { type: "Reconnect" } : this.#lastTableRequest;
    if (!asked) return; // nothing was asked that a Redirect answers
    this.#redirects += 1;
    if (this.#redirects > MAX_REDIRECTS) {
      this.#redirects = 0;
      this.#lastTableRequest = null;
      const message = `Table ${packet.code} could not be reached: the servers sent this page on `
        + `${MAX_REDIRECTS + 1} times in a row. Try again in a moment.`;
      // The page says it in its language from the code and the count; the message is the English of it.
      this.onPacket({
        type: "Error", code: reconnecting ? UNKNOWN_TOKEN : UNKNOWN_TABLE, message, tooManyRedirects: true,
        redirects: MAX_REDIRECTS + 1, tableCode: packet.code,
      });
      if (reconnecting) this.#stop("seatLost");
      return;
    }
    this.onPacket(packet);
    this.url = packet.url;
    this.#repeat = reconnecting ? null : { type: asked.type, code: packet.code };
    const socket = this.#socket;
    this.#socket = null;
    if (socket) {
      socket.onclose = socket.onmessage = socket.onerror = socket.onopen = null;
      socket.close(1000);
    }
    this.#open(mode);
  }

  #closed(socket, code, reason = "") {
    if (socket !== this.#socket) return;
    this.#socket = null;
    this.signedIn = false;
    if (this.#serverQuit) return this.#stop("serverQuit");
    // Another page came back into this seat with its token: the server let this connection go (1008, with that
    // reason; a 1008 for a limit is a drop like any other).
    if (code === POLICY_VIOLATION && reason === REPLACED_REASON) return this.#stop("replaced");
    if (!this.seated || !this.#token) return this.#stop("lost");
    // The node a Redirect took us to is gone: the next try asks the first server where the table is now.
    if (!socket?.opened) this.url = this.entryUrl;
    const now = Date.now();
    if (!this.#droppedAt) this.#droppedAt = now;
    if (now - this.#droppedAt > GIVE_UP_MS) return this.#stop("gaveUp");
    const delay = RETRY_DELAYS[Math.min(this.#attempt, RETRY_DELAYS.length - 1)];
    this.#attempt += 1;
    this.#setState("reconnecting");
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = 0;
      this.#open("reconnect");
    }, delay);
  }

  #stop(reason) {
    clearTimeout(this.#retryTimer);
    this.#retryTimer = 0;
    const socket = this.#socket;
    this.#socket = null;
    if (socket) {
      socket.onclose = socket.onmessage = null;
      socket.close(1000);
    }
    this.signedIn = false;
    this.seated = false;
    this.#attempt = 0;
    this.#droppedAt = 0;
    this.#setState("closed", reason);
  }

  #setState(state, reason) {
    if (state === this.state && state !== "closed") return;
    const was = this.state;
    this.state = state;
    if (state === "closed" && was === "closed") return;
    this.onStatus(state, reason, was);
  }
}
