// Wires the parts together, as 2048's application.js does: the connection brings packets, the model
// (TableState) applies them, the renderer draws the model, input turns presses into actions, sounds play.
// This file decides which screen shows and what to ask the server; it draws nothing itself.

import { Announcer } from "./announcer.js";
import { Connection } from "./connection.js";
import { Device } from "./device.js";
import { catalogue, t } from "./i18n.js";
import { Input } from "./input.js";
import { buildLanguageChooser, startLanguage } from "./localize.js";
import { NAME_MAX_CHARACTERS, nameProblem, randomName, visibleLength } from "./names.js";
import { ReactionClock, pressTime } from "./reaction_clock.js";
import { Renderer } from "./renderer.js";
import { toggledAccessFlags } from "./screens/host_controls.js";
import { BigScreen } from "./screens/big_screen.js";
import { placeDealForms, readDeal } from "./screens/deal_choice.js";
import { HostPanel } from "./screens/host_panel.js";
import { NetworkTimePopover } from "./screens/network_time.js";
import { ROUNDS } from "./screens/round_choice.js";
import { SeatTokens } from "./seat_tokens.js";
import { Settings } from "./settings.js";
import { Sounds } from "./sounds.js";
import { TableState } from "./table_state.js";
import { NOTICE, SEAT, givenTo } from "./words.js";

const NAME_KEY = "snap.name";
const ROUND_KEY = "snap.round";
/** The turn timer asked for when the table has not said its own yet (seconds). */
const TURN_SECONDS = 8;
const TABLES_EVERY_MS = 2000;
const CODE_PATTERN = /^[A-Z]{4}$/;

/** The server's English reasons that the page says in its own language. */
const KNOWN_REASONS = {
  "The server shut down.": "connection.serverQuit",
  "Everyone has left the table: it is closed.": "watch.closed",
};

/** Error codes that only mean a press raced the table: nothing to tell. */
const QUIET_ERRORS = new Set([8, 9, 10, 11, 12, 13, 14, 15, 107]);
/** The Error a removed player gets (WireErrorCode.removedByHost). */
const REMOVED_BY_HOST = 117;
/** A network time answered this recently (ms) is shown without asking again. */
const NETWORK_TIME_FRESH_MS = 1000;

// The texts first: every screen is drawn in the page's language.
placeDealForms(document);
await startLanguage(document);
const renderer = new Renderer(document, { nameButtons: true });
const hostPanel = new HostPanel(document);
const networkTime = new NetworkTimePopover(document);
renderer.panels.push(hostPanel, networkTime);
buildLanguageChooser(document.getElementById("language"));
const sounds = new Sounds();
const settings = new Settings();
const device = new Device();
const input = new Input(document);
const clock = new ReactionClock();
const announcer = new Announcer({ write: (text) => renderer.announce(text) });
renderer.onShown = (event, time) => {
  clock.drawn(event, time);
  globalThis.snapDebug.onShown?.(event, time);
};
/** The tokens of the seats this browser holds, per table of this server: how a page opened again gets back in. */
const seatTokens = new SeatTokens(localStorageOrNull(), location.origin);
const connection = new Connection({
  url: `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/ws`,
  onPacket: received,
  onStatus: connectionChanged,
});

/**
 * Everything the client knows besides the table: our id and the server's version (from Welcome), the mirror of
 * our table (TableState) and its code, whether it is single player (and still to be started by us), what we
 * asked for (`{kind: "host" | "solo" | "join" | "watch" | "resume", code?, solo?}`) and what to do once
 * welcomed, a `/?t=CODE` (or `/?watch=CODE`) link's table to join (or watch) once we have a name, whether we
 * watch our table rather than sit at it, the ServerQuit reason, and the join screen's refresh timer.
 */
const app = {
  id: null,
  version: 0,
  model: null,
  code: null,
  solo: false,
  autoStart: false,
  request: null,
  afterWelcome: null,
  linkCode: null,
  linkWatch: false,
  /** The big screen this page is (`/tv?t=CODE`), if it is one. */
  bigScreen: null,
  watching: false,
  serverQuitReason: null,
  tablesTimer: 0,
};

// MARK: Starting up

function start() {
  // The server's LAN address, for the links and QR codes friends use (the page may be open at localhost).
  fetch("/api/server", { cache: "no-store" })
    .then((response) => (response.ok ? response.json() : Promise.reject(new Error(response.statusText))))
    .then((server) => renderer.setServer(server), () => renderer.setServer(null));
  renderer.name = readStored(NAME_KEY) ?? "";
  renderer.setChoice("solo-round", soloRound());
  renderer.setMuted(sounds.muted);
  renderer.menu.bindSettings(settings, device, settingsChanged);
  settingsChanged();
  renderer.setFullscreen(device.fills ? false : null);
  document.addEventListener("fullscreenchange", () => renderer.setFullscreen(Boolean(document.fullscreenElement)));
  renderer.setConnection("closed");
  const query = new URLSearchParams(location.search);
  if (query.has("pad")) {
    settings.set("pad", query.get("pad") !== "0");
    settingsChanged();
  }
  if (location.pathname === "/tv") {
    startBigScreen(query.get("t")?.trim().toUpperCase() ?? "");
    return;
  }
  const watchCode = query.get("watch")?.trim().toUpperCase();
  const linkCode = watchCode || query.get("t")?.trim().toUpperCase();
  const soloCode = query.get("solo")?.trim().toUpperCase();
  // A seat this browser still holds at the table comes first: a reload, a second tab, the link opened again.
  const seatCode = watchCode ? null : linkCode || soloCode;
  if (seatCode && comeBack(seatCode)) return;
  if (soloCode) {
    // A single-player game of a page closed long ago: nothing to come back to.
    history.replaceState(null, "", "/");
    renderer.showScreen("menu");
    return;
  }
  if (linkCode) {
    renderer.joinCode = linkCode;
    if (validName(renderer.name)) {
      showJoin();
      if (watchCode) watchTable(linkCode);
      else joinTable(linkCode);
    } else {
      app.linkCode = linkCode;
      app.linkWatch = Boolean(watchCode);
      renderer.showScreen("menu");
      const key = watchCode ? "menu.link.enterName.watch" : "menu.link.enterName.join";
      renderer.setMessage("menu", t(key, { code: linkCode }), "info");
      renderer.focusName();
    }
  } else {
    renderer.showScreen("menu");
  }
}

// MARK: Input

input.onAny(() => sounds.unlock());
input.on("single-player", () => {
  const name = nameFromMenu();
  if (name !== null) hostTable(name, true);
});
input.on("host-game", () => {
  const name = nameFromMenu();
  if (name !== null) hostTable(name, false);
});
input.on("join-game", () => joinGamePressed());
input.on("name-form-submit", () => {
  if (app.linkCode) joinGamePressed();
});

function joinGamePressed() {
  if (app.linkCode) {
    const name = nameFromMenu();
    if (name === null) return;
    const code = app.linkCode;
    const watch = app.linkWatch;
    app.linkCode = null;
    app.linkWatch = false;
    showJoin();
    if (watch) watchTable(code);
    else joinTable(code);
    return;
  }
  showJoin();
}

input.on("back", () => showMenu());
input.on("join-by-code", () => joinTable(renderer.joinCode));
input.on("join-table", ({ code }) => joinTable(code));
input.on("watch-table", ({ code }) => watchTable(code));
input.on("add-computer", () => connection.send({ type: "AddComputer" }));
input.on("solo-round-typed", ({ value }) => writeStored(ROUND_KEY, value));
input.on("round-setting-typed", ({ value }) => {
  renderer.setMessage("lobby", "");
  changeSettings(Number(value));
});
input.on("head-start-typed", ({ value, seat }) => {
  renderer.setMessage("lobby", "");
  connection.send({ type: "SetHeadStart", seat, milliseconds: Number(value) });
});
input.on("toggle-access", ({ access }) => {
  if (!app.model) return;
  renderer.setMessage("lobby", "");
  connection.send({ type: "SetTableAccess", flags: toggledAccessFlags(app.model.access, access) });
});
input.on("remove-player", ({ seat }) => {
  renderer.setMessage("lobby", "");
  connection.send({ type: "RemovePlayer", seat });
});
input.on("tv-sound", () => {
  sounds.unlock();
  app.bigScreen?.soundOn();
});
input.on("toggle-pad", () => {
  settings.set("pad", !settings.get("pad"));
  settingsChanged();
});
input.on("host-panel", () => renderer.showPanel(hostPanel, true));
input.on("host-panel-done", () => renderer.showPanel(hostPanel, false));
input.on("start-round", () => connection.send({ type: "StartRound" }));
input.on("next-round", () => connection.send({ type: "StartRound" }));
input.on("same-deal", () => {
  if (app.model?.deal) connection.send({ type: "StartRoundWithDeal", deal: app.model.deal });
});
input.on("play-deal", ({ form }) => {
  const field = form.elements.deal;
  const { deal, problem } = readDeal(field.value);
  form.querySelector(".deal-error").textContent = problem ?? "";
  if (problem) {
    field.focus();
    return;
  }
  field.value = deal;
  connection.send({ type: "StartRoundWithDeal", deal });
});
input.on("leave-table", () => leaveTable());
input.on("exit", () => (app.watching ? leaveTable() : renderer.showConfirmExit(true)));
input.on("confirm-no", () => renderer.showConfirmExit(false));
input.on("confirm-yes", () => leaveTable());
input.on("escape", () => {
  renderer.showConfirmExit(false);
  renderer.showPanel(hostPanel, false);
  networkTime.show(false);
});
input.on("network-time", ({ seat }) => askNetworkTime(seat));
input.on("mute", () => {
  sounds.muted = !sounds.muted;
  renderer.setMuted(sounds.muted);
});
input.on("fullscreen", () => device.toggleFullscreen());
input.on("copy-link", () => {
  const link = renderer.joinLink(app.code);
  navigator.clipboard?.writeText(link).then(
    () => renderer.notice(t("lobby.linkCopied"), { key: "copied", seconds: 3 }),
    () => renderer.notice(t("share.link", { link }), { key: "copied" }),
  );
});
input.on("snap", ({ time }) => {
  if (!app.model?.viewerCanCall) return;
  connection.send({ type: "CallSnap", reaction: clock.reaction(pressTime(time, performance.now())) });
});
input.on("turn", () => {
  if (app.model?.viewerCanTurn) connection.send({ type: "ClientTurnedCard" });
});

input.on("random-name", () => {
  const name = randomName(renderer.menu.name);
  renderer.menu.name = name;
  writeStored(NAME_KEY, name);
  renderer.setMessage("menu", "");
});
input.on("name-typed", ({ value }) => {
  writeStored(NAME_KEY, value.trim());
  // Too long is said while typing; what else is wrong waits until the name is used.
  if (visibleLength(value.trim()) > NAME_MAX_CHARACTERS) {
    renderer.setMessage("menu", nameProblem(value));
    return;
  }
  const key = app.linkWatch ? "menu.link.pressJoin.watch" : "menu.link.pressJoin.join";
  renderer.setMessage("menu", app.linkCode ? t(key, { code: app.linkCode }) : "", "info");
});

// Closing the tab (or reloading it) is a drop, never a leave: the server keeps the seat for its grace period, and
// the page that opens next comes back with the token. Only Leave leaves. The token's time is refreshed here.
addEventListener("pagehide", () => rememberSeat());

// MARK: Requests

function validName(raw) {
  return nameProblem(raw) === null;
}

/** The menu's name, or null (with a message) when it cannot be used. */
function nameFromMenu() {
  const name = renderer.name.trim();
  const problem = nameProblem(name);
  if (problem) {
    renderer.showScreen("menu");
    renderer.setMessage("menu", problem);
    renderer.focusName();
    return null;
  }
  writeStored(NAME_KEY, name);
  return name;
}

/** Runs `action` once signed in as `name`, opening a connection first when needed. */
function withSession(name, action) {
  if (connection.signedIn && connection.name === name) {
    action();
    return;
  }
  app.afterWelcome = action;
  connection.signIn(name);
}

function hostTable(name, solo) {
  renderer.setMessage("menu", "");
  app.request = { kind: solo ? "solo" : "host" };
  withSession(name, () => connection.send({ type: "HostTable", solo }));
}

function joinTable(rawCode) {
  const code = (rawCode ?? "").trim().toUpperCase();
  renderer.joinCode = code;
  if (!CODE_PATTERN.test(code)) {
    renderer.setMessage("join", t("join.badCode"));
    return;
  }
  if (comeBack(code)) return;
  const name = nameFromMenu();
  if (name === null) {
    app.linkCode = code;
    renderer.setMessage("menu", t("menu.link.nameFirst.join", { code }), "info");
    return;
  }
  renderer.setMessage("join", t("join.joining", { code }));
  app.request = { kind: "join", code };
  withSession(name, () => connection.send({ type: "JoinTable", code }));
}

/**
 * The big screen (`/tv?t=CODE`, which the server serves only for a table it has): watches the table from no seat, under
 * a name of its own, never asking for one; the table's code and QR code stay in a corner.
 */
function startBigScreen(code) {
  app.bigScreen = new BigScreen(document, code);
  renderer.panels.push(app.bigScreen);
  renderer.showScreen("table");
  app.request = { kind: "watch", code };
  withSession(t("tv.name"), () => connection.send({ type: "WatchTable", code }));
}

/** Watches table `rawCode` without a seat, signing in with the menu's name first. */
function watchTable(rawCode) {
  const code = (rawCode ?? "").trim().toUpperCase();
  if (!CODE_PATTERN.test(code)) {
    renderer.setMessage("join", t("join.badCode"));
    return;
  }
  const name = nameFromMenu();
  if (name === null) {
    app.linkCode = code;
    app.linkWatch = true;
    renderer.setMessage("menu", t("menu.link.nameFirst.watch", { code }), "info");
    return;
  }
  renderer.setMessage("join", t("join.watching", { code }));
  app.request = { kind: "watch", code };
  withSession(name, () => connection.send({ type: "WatchTable", code }));
}

/**
 * Comes back into the seat this browser holds at table `code`, if it holds one: Reconnect with its token before
 * anything else. Returns whether it tries; a token the server no longer keeps falls back in `closed`.
 */
function comeBack(code) {
  const kept = seatTokens.recall(code);
  if (!kept || app.code !== null) return false;
  app.request = { kind: "resume", code, solo: kept.solo };
  app.afterWelcome = null;
  stopTableList();
  if (kept.solo) {
    renderer.showScreen("menu");
    renderer.setMessage("menu", SEAT.resumingSolo(), "info");
  } else {
    renderer.joinCode = code;
    renderer.showScreen("join");
    renderer.setMessage("join", SEAT.resuming(code), "info");
  }
  connection.resume(kept.token, kept.name);
  return true;
}

/** Keeps the token of the seat we sit at (not a seat we watch), for the page that opens next. */
function rememberSeat() {
  if (app.code === null || app.watching || !connection.token) return;
  seatTokens.remember(app.code, { token: connection.token, name: connection.name, solo: app.solo });
}

/** The single player's round (seconds, 0: classic), remembered; 5 minutes at first. */
function soloRound() {
  const round = Number(readStored(ROUND_KEY) ?? NaN);
  return ROUNDS.includes(round) ? round : 300;
}

/**
 * Shows the network time of the player in `seat` by their name, asking the server once (a press on the open one
 * closes it); an answer of the last second is shown as it is.
 */
function askNetworkTime(seat) {
  const model = app.model;
  if (networkTime.seat === seat || !model?.view.seats[seat]) {
    networkTime.show(false);
    return;
  }
  networkTime.open(seat);
  const known = model.networkTimes[seat];
  const fresh = known && performance.now() - known.at < NETWORK_TIME_FRESH_MS;
  if (!fresh && app.version >= 9) connection.send({ type: "NetworkTimeRequest", seat });
  renderer.update();
}

/** (Host) asks for rounds of `round` seconds (0: classic), keeping the turn timer. */
function changeSettings(round) {
  connection.send({ type: "ChangeSettings", round, turn: app.model?.settings?.turn ?? TURN_SECONDS });
}

function leaveTable() {
  if (app.code !== null) {
    connection.send({ type: "ClientQuit" });
    if (!app.watching) seatTokens.forget(app.code);
  }
  connection.seated = false;
  if (!connection.signedIn) connection.close();
  forgetTable();
  showMenu();
}

function forgetTable() {
  announcer.reset();
  device.keepAwake(false);
  app.model = null;
  app.code = null;
  app.watching = false;
  renderer.setWatching(false);
  renderer.setWatchers(0);
  app.solo = false;
  app.autoStart = false;
  renderer.showConfirmExit(false);
  renderer.setTable(null);
  applyPad();
  if (location.search) history.replaceState(null, "", "/");
}

// MARK: Screens

function showMenu() {
  stopTableList();
  renderer.showScreen("menu");
}

function showJoin() {
  renderer.setMessage("join", "");
  renderer.showScreen("join");
  refreshTableList();
}

/** The waiting room before the first round, else the table. */
function showTableScreen() {
  const model = app.model;
  if (!model) return;
  renderer.showScreen(model.view.phase === "waiting" && !app.solo && !app.watching ? "lobby" : "table");
}

function refreshTableList() {
  clearTimeout(app.tablesTimer);
  fetch("/api/tables", { cache: "no-store" })
    .then((response) => (response.ok ? response.json() : Promise.reject(new Error(response.statusText))))
    .then((tables) => renderer.renderTableList(tables), () => renderer.renderTableList(null))
    .finally(() => {
      if (renderer.screen === "join") app.tablesTimer = setTimeout(refreshTableList, TABLES_EVERY_MS);
    });
}

function stopTableList() {
  clearTimeout(app.tablesTimer);
  app.tablesTimer = 0;
}

// MARK: Packets

/** What the page does with each packet that is not a table event: one entry per type. Table events go to the
 * model (TableState.applyPacket) by way of applyToTable. */
const SESSION_PACKETS = {
  Welcome: welcomed,
  TableJoined: tableJoined,
  TableWatched: tableWatched,
  WatcherCount: (packet) => renderer.setWatchers(packet.count),
  TableClosed: tableClosed,
  Snapshot: snapshot,
  Redirect: redirected,
  Error: refused,
  ServerQuit: (packet) => (app.serverQuitReason = packet.reason),
};

function received(packet) {
  (SESSION_PACKETS[packet.type] ?? applyToTable)(packet);
}

function welcomed(packet) {
  app.id = packet.id;
  app.version = packet.version;
  const action = app.afterWelcome;
  app.afterWelcome = null;
  action?.();
}

function tableJoined(packet) {
  const request = app.request;
  app.code = packet.code;
  app.solo = request?.kind === "solo" || (request?.kind === "resume" && request.solo)
    || (app.solo && app.model !== null);
  // A single player's page reloaded before its round started starts it, as the page that opened it would have.
  app.autoStart = request?.kind === "solo" || (request?.kind === "resume" && request.solo);
  app.request = null;
  connection.seated = true;
  stopTableList();
  for (const where of ["menu", "join", "lobby"]) renderer.setMessage(where, "");
  if (request?.kind === "resume") renderer.notice(SEAT.resumed(), { key: "connection", seconds: 4 });
  rememberSeat();
  applyPad();
  // The address finds the seat again after a reload: a join link, or the single player's own.
  const search = app.solo ? `?solo=${packet.code}` : `?t=${packet.code}`;
  if (location.search !== search) history.replaceState(null, "", `/${search}`);
}

function tableWatched(packet) {
  app.code = packet.code;
  app.solo = false;
  app.autoStart = false;
  app.request = null;
  app.watching = true;
  renderer.setWatching(true);
  stopTableList();
  for (const where of ["menu", "join", "lobby"]) renderer.setMessage(where, "");
  if (!app.bigScreen && location.search !== `?watch=${packet.code}`) history.replaceState(null, "", `/?watch=${packet.code}`);
}

/** Everyone left the table we watched: back to the open tables, saying why. */
function tableClosed(packet) {
  if (app.code === null) return;
  if (app.bigScreen) {
    renderer.notice(t("watch.ended", { reason: reasonText(packet.reason) }), { key: "closed", sticky: true });
    return;
  }
  forgetTable();
  showJoin();
  renderer.setMessage("join", t("watch.ended", { reason: reasonText(packet.reason) }));
}

function snapshot(packet) {
  if (app.code === null) return;
  const before = app.model;
  const first = before === null;
  app.model = TableState.fromSnapshot(packet.view);
  app.model.settings = before?.settings ?? null; // TableSettings follows; until then they stand
  app.model.headStarts = before?.headStarts ?? app.model.headStarts; // and HeadStarts
  app.model.access = before?.access ?? app.model.access; // and TableAccess
  // A network time asked for stays while the same player sits in the seat.
  const kept = (seat) => before && before.view.seats[seat]?.id === app.model.view.seats[seat]?.id;
  app.model.networkTimes = [0, 1, 2, 3].map((seat) => (kept(seat) ? before.networkTimes[seat] : null));
  announcer.reset();
  renderer.reset();
  renderer.setTable(app.model, app.code, app.solo);
  // New cards on the screen count from the frame that draws them.
  if (first || topCards(before) !== topCards(app.model)) {
    const shown = { kind: "tableShown" };
    clock.applied(shown);
    renderer.animate([shown]);
  }
  afterUpdate();
  // The original handshake: the table is drawn (nobody waits for this).
  if (first) connection.send({ type: "ClientReady" });
}

/** The table is on another server of the site: the connection moves there and asks again. */
function redirected() {
  if (app.request?.kind === "join" || app.request?.kind === "watch") {
    renderer.setMessage("join", t("join.moving"), "info");
  } else {
    renderer.notice(t("join.moving"), { key: "connection", seconds: 3 });
  }
}

/** A table event: into the model, then to the renderer, the notices and the sounds. */
function applyToTable(packet) {
  const model = app.model;
  if (!model) return;
  const names = model.view.seats.map((entry, seat) => (entry ? model.displayName(seat) : null));
  const away = [0, 1, 2, 3].filter((seat) => names[seat] !== null && !model.isConnected(seat));
  const { events, needsResync } = model.applyPacket(packet, performance.now());
  if (needsResync) {
    connection.requestResync();
    return;
  }
  if (events.length === 0) return;
  for (const event of events) clock.applied(event);
  renderer.animate(events);
  for (const event of events) react(event, model, names, away);
  afterUpdate();
  for (const event of events) announcer.event(event, model);
}

function afterUpdate() {
  const model = app.model;
  if (!model) return;
  showTableScreen();
  device.keepAwake(model.isRoundUnderWay);
  // Single player: start as soon as Ray, Lucy and Steve have sat down and the table has said its settings,
  // in the round chosen on the menu.
  const { phase, host } = model.view;
  const settled = model.settings !== null || app.version < 3;
  if (app.autoStart && settled && phase === "waiting" && model.occupiedSeats.length === 4 && host === model.viewer) {
    app.autoStart = false;
    if (model.settings && model.settings.round !== soloRound()) changeSettings(soloRound());
    connection.send({ type: "StartRound" });
  }
}

/** Notices and sounds for one event; `names` are the seats' names before the packet, `away` its dropped seats. */
function react(event, model, names, away) {
  const name = (seat) => model.displayName(seat);
  const atTable = renderer.screen === "table";
  device.vibrate(event, model.viewer);
  switch (event.kind) {
    case "dealt":
      sounds.deal(event.counts.reduce((sum, item) => sum + item.count, 0), 1.5);
      break;
    case "cardTurned":
      sounds.flip();
      break;
    case "snapCalled":
      sounds.snap();
      if (event.verdict.kind === "wrong" || event.verdict.kind === "falseStart") sounds.wrong();
      if (event.verdict.kind === "correct") sounds.correct();
      break;
    case "roundWon":
      sounds.win();
      break;
    case "playerJoined":
      if (atTable && !app.solo) renderer.notice(NOTICE.playerJoined(event.player.name));
      break;
    case "playerLeft": {
      // Our own seat emptied: the host removed us, and the Error that follows says so.
      if (event.seat === model.viewer) break;
      const shares = new Map();
      for (const seat of event.handedOutTo) shares.set(seat, (shares.get(seat) ?? 0) + 1);
      const given = [...shares].map(([seat, count]) =>
        givenTo(name(seat), count, { you: seat === model.viewer, shared: shares.size > 1 }));
      const leaver = names[event.seat] ?? t("notice.aPlayer");
      renderer.notice(NOTICE.playerLeft(leaver, event.handedOutTo.length, given), { seconds: 12 });
      break;
    }
    case "hostChanged":
      if (event.seat !== null) {
        renderer.notice(NOTICE.hostChanged(name(event.seat), { you: event.seat === model.viewer }), { seconds: 10 });
      }
      break;
    case "connectionChanged": {
      const key = `connection-${event.seat}`;
      if (!event.connected) renderer.notice(NOTICE.connectionLost(name(event.seat)), { key, seconds: 30 });
      // A seat taken over by another page of the same player was never away: nothing to say.
      else if (away.includes(event.seat)) renderer.notice(NOTICE.connectionBack(name(event.seat)), { key, seconds: 5 });
      break;
    }
    default:
      break;
  }
}

/** What a Snapshot may show anew: the round, the phase, the top cards. */
function topCards(model) {
  const { round, phase, seats } = model.view;
  return JSON.stringify([round, phase, seats.map((entry) => entry?.open.at(-1) ?? null)]);
}

/**
 * An Error packet: say it where the person is looking, in the page's language by its code (the server's English
 * `message` for a code the catalogue lacks).
 */
function refused({ code, message: english, tooManyRedirects = false, redirects = 0, tableCode = "" }) {
  const request = app.request;
  const message = tooManyRedirects
    ? t("join.tooManyRedirects", { code: tableCode, count: redirects })
    : errorText(code, english);
  if (code === 104) {
    // badName answers the sign-in, so whatever we were about to do cannot happen.
    app.request = null;
    app.afterWelcome = null;
    connection.close();
    renderer.showScreen("menu");
    // The page's own check says which rule the name breaks, where it can tell.
    renderer.setMessage("menu", nameProblem(connection.name ?? "") ?? message);
    renderer.focusName();
    return;
  }
  if (code === REMOVED_BY_HOST) {
    // Our seat is gone: nothing to come back to.
    if (app.code !== null) seatTokens.forget(app.code);
    connection.seated = false;
    forgetTable();
    showMenu();
    renderer.setMessage("menu", message);
    return;
  }
  if (app.bigScreen) {
    // Nowhere else to go: the big screen says why, where it is looked at.
    renderer.notice(message, { key: "error", sticky: true });
    return;
  }
  if (request?.kind === "join" || request?.kind === "watch") {
    app.request = null;
    // The refusals of a join say which table, and what to do instead.
    const said = [1, 2, 3, 17, 101, 115].includes(code) && !tooManyRedirects
      ? t(`join.refused.${code}`, { code: request.code })
      : message;
    if (renderer.screen !== "join") showJoin();
    renderer.setMessage("join", said);
    return;
  }
  if (request?.kind === "host" || request?.kind === "solo") {
    app.request = null;
    renderer.showScreen("menu");
    renderer.setMessage("menu", message);
    return;
  }
  if (code === 109) return; // the connection reports a lost seat itself (and `closed` falls back from a resume)
  if (QUIET_ERRORS.has(code)) return;
  renderer.update(); // a refused setting goes back to the table's
  if (renderer.screen === "lobby") renderer.setMessage("lobby", message);
  else renderer.notice(message, { key: "error", seconds: 6 });
}

/** An error's code in the page's language; the server's English for a code the catalogue lacks. */
function errorText(code, english) {
  const key = `error.${code}`;
  return catalogue().has(key) ? t(key) : english;
}

/** A reason the server gave in English (ServerQuit, TableClosed), in the page's language where it is a known one. */
function reasonText(reason) {
  return KNOWN_REASONS[reason] ? t(KNOWN_REASONS[reason]) : reason;
}

// MARK: The connection

function connectionChanged(state, reason, was) {
  renderer.setConnection(state);
  if (state === "reconnecting" && was !== "reconnecting") {
    warn(t("connection.lost.reconnecting"));
    renderer.update();
  } else if (state === "open" && was === "reconnecting") {
    renderer.notice(t("connection.reconnected"), { key: "connection", seconds: 4 });
  } else if (state === "closed") {
    closed(reason);
  }
}

/** A notice that stays until dismissed: something went wrong with the connection. */
function warn(text, key = "connection") {
  renderer.notice(text, { key, sticky: true, kind: "warning" });
}

function closed(reason) {
  if (reason === "left") return; // we closed it ourselves
  if (app.request?.kind === "resume") {
    cameBackToNothing(reason, app.request);
    return;
  }
  const wasSeated = app.code !== null;
  // A seat the server gave up is not worth asking for again; one another page took over is that page's now.
  if (wasSeated && !app.watching && reason !== "replaced") seatTokens.forget(app.code);
  const pending = app.request !== null || app.afterWelcome !== null;
  app.afterWelcome = null;
  app.request = null;
  switch (reason) {
    case "serverQuit":
      renderer.dismissNotice("connection");
      warn(app.serverQuitReason ? reasonText(app.serverQuitReason) : t("connection.serverQuit"), "server");
      app.serverQuitReason = null;
      break;
    case "gaveUp":
      warn(t("connection.gaveUp"));
      break;
    case "seatLost":
      warn(t("connection.seatLost"));
      break;
    case "replaced":
      warn(SEAT.replaced(app.solo ? null : app.code));
      break;
    case "lost":
      if (wasSeated) {
        warn(t("connection.lost"));
      } else if (pending) {
        const where = renderer.screen === "join" ? "join" : "menu";
        renderer.setMessage(where, t("connection.unreachable"));
      }
      break;
    default:
      break;
  }
  if (wasSeated || reason === "serverQuit") {
    forgetTable();
    showMenu();
  }
}

/**
 * A page opened again could not get its seat back: the server no longer keeps it (`seatLost`), or could not be
 * reached. Forget the token and do what the page would have done without it, saying why.
 */
function cameBackToNothing(reason, { code, solo }) {
  app.request = null;
  app.afterWelcome = null;
  if (reason === "replaced") {
    // Another page came back into the seat at the same moment: that one has it, and its token.
    showMenu();
    warn(SEAT.replaced(solo ? null : code));
    return;
  }
  seatTokens.forget(code);
  if (reason !== "seatLost") {
    const where = solo ? "menu" : "join";
    renderer.showScreen(where);
    renderer.setMessage(where, t("connection.unreachable"));
    return;
  }
  history.replaceState(null, "", solo ? "/" : `/?t=${code}`);
  if (solo) {
    showMenu();
    renderer.setMessage("menu", SEAT.soloLost());
    return;
  }
  renderer.notice(SEAT.lost(code), { key: "seat", kind: "warning", seconds: 15 });
  if (validName(renderer.name)) {
    showJoin();
    joinTable(code);
  } else {
    app.linkCode = code;
    renderer.showScreen("menu");
    renderer.setMessage("menu", t("menu.link.enterName.join", { code }), "info");
    renderer.focusName();
  }
}

// MARK: Helpers

/** The menu's settings, wherever they show. */
function settingsChanged() {
  device.vibration = settings.get("vibration");
  renderer.setFourColour(settings.get("fourColour"));
  applyPad();
}

/** The pad layout, for a seated player at a table of people who chose it (`?pad=1`, or in the waiting room). */
function applyPad() {
  renderer.setPad(settings.get("pad"), settings.get("pad") && app.code !== null && !app.solo && !app.watching);
}

/** The browser's localStorage, or null where it is refused (some private modes throw on reading it). */
function localStorageOrNull() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function readStored(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStored(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private browsing: the name just is not remembered.
  }
}

/**
 * For tests and the console (docs/WEB_CLIENT.md): `onShown(event, time)` hears the frame that first shows each
 * event; `dropConnection()` closes the socket as a lost network would; `skipNextPacket()` throws the next
 * packet away; `view`, `connectionState`, `resyncs` and `soundsPlayed` (by name) are read-only.
 */
globalThis.snapDebug = {
  onShown: null,
  dropConnection: () => connection.dropConnection(),
  skipNextPacket: () => connection.skipNextPacket(),
  get view() {
    return app.model ? structuredClone(app.model.view) : null;
  },
  get connectionState() {
    return connection.state;
  },
  get resyncs() {
    return connection.resyncs;
  },
  get soundsPlayed() {
    return Object.fromEntries(sounds.played);
  },
};

start();
