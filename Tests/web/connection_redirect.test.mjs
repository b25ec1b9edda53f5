// The web client's connection following Redirects (docs/PROTOCOL.md, "The order of a session", step 14), and coming
// back into a kept seat when a page opens again (`resume`), with
// each server node played by a script that speaks the real codec: node has no WebSocket of its own. The real
// servers' side is in Tests/SnapServerTests/RedirectTests.swift. Run with `node --test Tests/web/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { decodeFrame, encodeFrame } from "../../Sources/SnapServer/Public/js/codec.js";
import { Connection, MAX_REDIRECTS, PROTOCOL_VERSION } from "../../Sources/SnapServer/Public/js/connection.js";

const NODE_A = "ws://a.example:8080/ws";
const NODE_B = "ws://b.example:8080/ws";

/** A WebSocket whose far end is the script registered for its URL: `answer(packet, socket)`. */
class ScriptedSocket {
  static OPEN = 1;
  static nodes = new Map();
  static opened = [];

  constructor(url) {
    this.url = url;
    this.readyState = 0;
    this.sent = [];
    this.closedWith = null;
    this.number = 0;
    ScriptedSocket.opened.push(this);
    setTimeout(() => {
      if (!ScriptedSocket.nodes.has(url)) return this.#end(1006);
      this.readyState = ScriptedSocket.OPEN;
      this.onopen?.();
      this.deliver({ type: "SignInRequest" });
    });
  }

  send(bytes) {
    const { packet } = decodeFrame(bytes);
    this.sent.push(packet);
    ScriptedSocket.nodes.get(this.url)?.(packet, this);
  }

  deliver(packet) {
    if (this.readyState !== ScriptedSocket.OPEN) return;
    this.onmessage?.({ data: encodeFrame({ number: this.number++, packet }).buffer });
  }

  close(code, reason = "") {
    if (this.closedWith !== null) return;
    setTimeout(() => this.#end(code, reason));
    this.closedWith = code;
  }

  #end(code, reason = "") {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
}
globalThis.WebSocket = ScriptedSocket;

/** A node: welcomes a sign-in; places table KQJT (and token "tok") where `where()` says, else holds it itself. */
function node(where = () => null) {
  return (packet, socket) => {
    switch (packet.type) {
      case "SignInResponse":
        socket.deliver({ type: "Welcome", version: PROTOCOL_VERSION, id: "p1", token: `tok-${socket.url}` });
        return;
      case "JoinTable":
      case "WatchTable": {
        const url = where();
        if (url) return socket.deliver({ type: "Redirect", url, code: packet.code });
        return socket.deliver(packet.type === "JoinTable"
          ? { type: "TableJoined", code: packet.code, seat: 2 }
          : { type: "TableWatched", code: packet.code });
      }
      case "Reconnect": {
        if (packet.token === "gone") {
          return socket.deliver({ type: "Error", code: 109, message: "That seat is no longer kept for you; join a table again." });
        }
        const url = where();
        if (url) return socket.deliver({ type: "Redirect", url, code: "KQJT" });
        socket.deliver({ type: "Welcome", version: PROTOCOL_VERSION, id: "p1", token: packet.token });
        return socket.deliver({ type: "TableJoined", code: "KQJT", seat: 2 });
      }
      default:
    }
  };
}

/** A connection whose packets are kept, which sends `first` once welcomed the first time. */
function connect(first) {
  const packets = [];
  const values = new Map();
  const storage = {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => values.set(key, value),
    removeItem: (key) => values.delete(key),
  };
  const statuses = [];
  const connection = new Connection({
    url: NODE_A,
    storage,
    onPacket: (packet) => {
      packets.push(packet);
      if (packet.type === "Welcome" && first) {
        connection.send(first);
        first = null;
      }
    },
    onStatus: (state, reason) => statuses.push([state, reason]),
  });
  return { connection, packets, statuses };
}

async function until(what, condition, detail = () => "") {
  for (let waited = 0; waited < 5_000; waited += 10) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.fail(`timed out waiting for ${what} ${detail()}`);
}

function reset(nodes) {
  ScriptedSocket.nodes = new Map(Object.entries(nodes));
  ScriptedSocket.opened = [];
}

test("a JoinTable answered with a Redirect is asked again, signed in with the same name, at the node it names", async () => {
  reset({ [NODE_A]: node(() => NODE_B), [NODE_B]: node() });
  const { connection, packets } = connect({ type: "JoinTable", code: "KQJT" });
  connection.signIn("Ann");
  await until("the seat", () => packets.some((packet) => packet.type === "TableJoined"));
  const [atA, atB] = ScriptedSocket.opened;
  assert.equal(ScriptedSocket.opened.length, 2);
  assert.equal(atA.closedWith, 1000);
  assert.deepEqual(atB.sent, [
    { type: "Hello", version: PROTOCOL_VERSION },
    { type: "SignInResponse", name: "Ann" },
    { type: "JoinTable", code: "KQJT" },
  ]);
  assert.equal(connection.url, NODE_B);
  assert.equal(connection.token, `tok-${NODE_B}`);
  assert.deepEqual(packets.find((packet) => packet.type === "Redirect"), { type: "Redirect", url: NODE_B, code: "KQJT" });
  assert.equal(connection.state, "open");
  connection.close();
});

test("a WatchTable is repeated as a WatchTable", async () => {
  reset({ [NODE_A]: node(() => NODE_B), [NODE_B]: node() });
  const { connection, packets } = connect({ type: "WatchTable", code: "KQJT" });
  connection.signIn("Eve");
  await until("watching", () => packets.some((packet) => packet.type === "TableWatched"));
  assert.deepEqual(ScriptedSocket.opened[1].sent.at(-1), { type: "WatchTable", code: "KQJT" });
  connection.close();
});

test("coming back after a drop, a Redirect is followed with the same token", async () => {
  let moved = false;
  reset({ [NODE_A]: node(() => (moved ? NODE_B : null)), [NODE_B]: node() });
  const { connection, packets, statuses } = connect({ type: "JoinTable", code: "KQJT" });
  connection.signIn("Bob");
  await until("the seat", () => packets.some((packet) => packet.type === "TableJoined"));
  connection.seated = true;
  const token = connection.token;
  // The table moves to B while Bob is away; A knows where.
  moved = true;
  connection.dropConnection();
  await until("back at B", () => ScriptedSocket.opened.length === 3 && connection.state === "open");
  assert.deepEqual(ScriptedSocket.opened[2].sent, [{ type: "Hello", version: PROTOCOL_VERSION }, { type: "Reconnect", token }]);
  assert.equal(connection.url, NODE_B);
  assert.ok(statuses.some(([state]) => state === "reconnecting"));
  connection.close();
});

test("nodes that keep sending each other on end in a clear error after three redirects", async () => {
  reset({ [NODE_A]: node(() => NODE_B), [NODE_B]: node(() => NODE_A) });
  const { connection, packets } = connect({ type: "JoinTable", code: "KQJT" });
  connection.signIn("Cal");
  await until("the error", () => packets.some((packet) => packet.type === "Error"));
  const error = packets.find((packet) => packet.type === "Error");
  assert.equal(error.code, 101);
  assert.equal(error.tooManyRedirects, true);
  assert.match(error.message, /Table KQJT could not be reached/);
  assert.equal(packets.filter((packet) => packet.type === "Redirect").length, MAX_REDIRECTS);
  assert.equal(ScriptedSocket.opened.length, MAX_REDIRECTS + 1);
  // Still signed in where the last redirect led, to do something else.
  assert.equal(connection.state, "open");
  assert.ok(connection.signedIn);
  connection.close();
});

test("a node that cannot be reached ends the connection as lost", async () => {
  reset({ [NODE_A]: node(() => "ws://gone.example:1/ws") });
  const { connection, statuses } = connect({ type: "JoinTable", code: "KQJT" });
  connection.signIn("Dan");
  await until("closed", () => statuses.some(([state]) => state === "closed"));
  assert.deepEqual(statuses.at(-1), ["closed", "lost"]);
});

test("when the node a Redirect led to is gone, the next try asks the first server where the table is now", async () => {
  const NODE_C = "ws://c.example:8080/ws";
  let moved = false;
  reset({ [NODE_A]: node(() => (moved ? NODE_C : NODE_B)), [NODE_B]: node(), [NODE_C]: node() });
  const { connection, packets } = connect({ type: "JoinTable", code: "KQJT" });
  connection.signIn("Eli");
  await until("the seat", () => packets.some((packet) => packet.type === "TableJoined"));
  connection.seated = true;
  const token = connection.token;
  // B dies with the table, which carries on at C.
  ScriptedSocket.nodes.delete(NODE_B);
  moved = true;
  connection.dropConnection();
  await until("back at C", () => connection.url === NODE_C && connection.state === "open", () => JSON.stringify({ asked, statuses, url: connection.url, sent: ScriptedSocket.opened.map((s) => [s.url, s.sent]) }));
  const tries = ScriptedSocket.opened.slice(2).map((socket) => socket.url);
  assert.deepEqual(tries, [NODE_B, NODE_A, NODE_C]);
  assert.deepEqual(ScriptedSocket.opened.at(-1).sent, [{ type: "Hello", version: PROTOCOL_VERSION }, { type: "Reconnect", token }]);
  connection.close();
});

test("a table that is moving (Error 116) is asked for again until a node has it, without a word to the page", async () => {
  // A's node died: B answers the Reconnect with tableMoving twice, then knows the table is at C.
  const NODE_C = "ws://c.example:8080/ws";
  let asked = 0;
  const atB = (packet, socket) => {
    if (packet.type !== "Reconnect") return node()(packet, socket);
    asked += 1;
    if (asked <= 2) return socket.deliver({ type: "Error", code: 116, message: "Your table is moving to another server; trying again in a moment." });
    socket.deliver({ type: "Redirect", url: NODE_C, code: "KQJT" });
  };
  reset({ [NODE_B]: atB, [NODE_C]: node() });
  const packets = [];
  const statuses = [];
  const connection = new Connection({
    url: NODE_B,
    storage: (() => {
      const values = new Map();
      return { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => values.set(key, value), removeItem: (key) => values.delete(key) };
    })(),
    onPacket: (packet) => packets.push(packet),
    onStatus: (state, reason) => statuses.push([state, reason]),
  });
  connection.signIn("Fay");
  await until("signed in", () => connection.state === "open");
  connection.send({ type: "JoinTable", code: "KQJT" });
  await until("the seat", () => packets.some((packet) => packet.type === "TableJoined"));
  connection.seated = true;
  const token = connection.token;
  connection.dropConnection();
  await until("back at C", () => connection.url === NODE_C && connection.state === "open", () => JSON.stringify({ asked, statuses, url: connection.url, sent: ScriptedSocket.opened.map((s) => [s.url, s.sent]) }));
  assert.equal(asked, 3);
  assert.deepEqual(ScriptedSocket.opened.at(-1).sent, [{ type: "Hello", version: PROTOCOL_VERSION }, { type: "Reconnect", token }]);
  // The page heard no error: only that the connection was getting back.
  assert.equal(packets.filter((packet) => packet.type === "Error").length, 0);
  assert.ok(statuses.every(([state]) => state !== "closed"));
  connection.close();
});

// MARK: A page opened again

test("a page opened again comes back with its token first: Reconnect, never a sign-in", async () => {
  reset({ [NODE_A]: node() });
  const { connection, packets, statuses } = connect(null);
  connection.resume("tok-kept", "Ann");
  await until("the seat", () => packets.some((packet) => packet.type === "TableJoined"));
  assert.deepEqual(ScriptedSocket.opened[0].sent, [{ type: "Hello", version: PROTOCOL_VERSION }, { type: "Reconnect", token: "tok-kept" }]);
  assert.equal(connection.token, "tok-kept");
  assert.equal(connection.seated, true, "a drop from now on is a drop from the seat");
  assert.ok(statuses.every(([state]) => state !== "reconnecting"), "the page was not reconnecting: it opened");
  assert.equal(connection.state, "open");
  connection.close();
});

test("a token the server no longer keeps ends the resume as a lost seat, for the page to fall back", async () => {
  reset({ [NODE_A]: node() });
  const { connection, packets, statuses } = connect(null);
  connection.resume("gone", "Ann");
  await until("closed", () => statuses.some(([state]) => state === "closed"));
  assert.deepEqual(statuses.at(-1), ["closed", "seatLost"]);
  assert.equal(packets.find((packet) => packet.type === "Error")?.code, 109);
  assert.equal(ScriptedSocket.opened.length, 1, "no second try with a refused token");
});

test("a resumed seat whose table lives on another node follows the Redirect with the same token", async () => {
  reset({ [NODE_A]: node(() => NODE_B), [NODE_B]: node() });
  const { connection, packets } = connect(null);
  connection.resume("tok-kept", "Ann");
  await until("the seat", () => packets.some((packet) => packet.type === "TableJoined"));
  assert.equal(connection.url, NODE_B);
  assert.deepEqual(ScriptedSocket.opened[1].sent, [{ type: "Hello", version: PROTOCOL_VERSION }, { type: "Reconnect", token: "tok-kept" }]);
  connection.close();
});

test("another page coming back into the seat (close 1008) lets this one go as replaced, without retrying", async () => {
  reset({ [NODE_A]: node() });
  const { connection, packets, statuses } = connect({ type: "JoinTable", code: "KQJT" });
  connection.signIn("Ann");
  await until("the seat", () => packets.some((packet) => packet.type === "TableJoined"));
  connection.seated = true;
  ScriptedSocket.opened[0].close(1008, "replaced by a new connection");
  await until("closed", () => statuses.some(([state]) => state === "closed"));
  assert.deepEqual(statuses.at(-1), ["closed", "replaced"]);
  assert.equal(ScriptedSocket.opened.length, 1);
});

test("a 1008 for a limit is a drop: the seated page comes back with its token, and says nothing of another tab", async () => {
  reset({ [NODE_A]: node() });
  const { connection, packets, statuses } = connect({ type: "JoinTable", code: "KQJT" });
  connection.signIn("Ann");
  await until("the seat", () => packets.some((packet) => packet.type === "TableJoined"));
  connection.seated = true;
  ScriptedSocket.opened[0].close(1008, "too many requests");
  await until("a second connection", () => ScriptedSocket.opened.length === 2);
  await until("the seat again", () => ScriptedSocket.opened[1].sent.some((packet) => packet.type === "Reconnect"));
  assert.ok(!statuses.some(([, reason]) => reason === "replaced"), `statuses: ${JSON.stringify(statuses)}`);
  connection.close();
});
