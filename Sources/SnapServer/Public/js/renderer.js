// All DOM work and animation, as 2048's html_actuator does it: main.js hands over the model (TableState) and
// the events it applied, and the next animation frame draws them. The model is the truth; motion is laid on top
// (docs/WEB_CLIENT.md, "Motion"). `onShown(event, time)` hears the frame in which each event first showed.

import { FLIGHT_MS, MotionPace } from "./motion_pace.js";
import { ROUND_ABOUT, STATUS, cards, clockText, nextRoundHint, wins } from "./words.js";

const SUITS = ["clubs", "diamonds", "hearts", "spades"];
const RANKS = ["", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const VALUE_NAMES = ["", "Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King"];
const POSITIONS = ["bottom", "left", "top", "right"];

/** Pip centres for 2–10 in the 100 × 140 card box; pips below the middle are drawn upside down. */
const PIPS = (() => {
  const [l, c, r] = [33, 50, 67];
  const four = [[l, 30], [r, 30], [l, 110], [r, 110]];
  const six = [[l, 30], [r, 30], [l, 70], [r, 70], [l, 110], [r, 110]];
  const eight = [[l, 30], [r, 30], [l, 56.7], [r, 56.7], [l, 83.3], [r, 83.3], [l, 110], [r, 110]];
  return {
    2: [[c, 30], [c, 110]],
    3: [[c, 30], [c, 70], [c, 110]],
    4: four,
    5: [...four, [c, 70]],
    6: six,
    7: [...six, [c, 50]],
    8: [...six, [c, 50], [c, 90]],
    9: [...eight, [c, 70]],
    10: [...eight, [c, 43.3], [c, 96.7]],
  };
})();

/** At most this many cards fly at once (a deal is 52). */
const MAX_FLYERS = 90;
const ALL_SEATS = [0, 1, 2, 3];
/** Events older than this when drawn (a hidden tab) do not move. */
const STALE_MS = 1000;
/** The rounds a host may choose, in seconds (0: classic). */
export const ROUNDS = [180, 300, 600, 0];
/** The turn timer's ring shows for this long before the table turns. */
const RING_MS = 3000;

/** A card's name for people and screen readers: "Queen of hearts". */
export function cardName(card) {
  return `${VALUE_NAMES[card.value]} of ${SUITS[card.suit]}`;
}

/** The SVG drawing of a card's face. */
export function faceSVG(card) {
  const suit = SUITS[card.suit];
  const rank = RANKS[card.value];
  const pip = (x, y, size, upsideDown = false) =>
    `<use href="#suit-${suit}" x="${x - size / 2}" y="${y - size / 2}" width="${size}" height="${size}"` +
    (upsideDown ? ` transform="rotate(180 ${x} ${y})"/>` : "/>");
  // "10" is squeezed to the width of one wide letter, so that it stays inside the card's edge.
  const squeeze = rank.length > 1 ? ' textLength="17" lengthAdjust="spacingAndGlyphs"' : "";
  const corner = `<text class="rank" x="11" y="24"${squeeze}>${rank}</text>${pip(11, 35, 15)}`;
  let middle;
  if (card.value === 1) {
    middle = pip(50, 70, 46);
  } else if (card.value > 10) {
    middle = `<rect class="court" x="24" y="20" width="52" height="100" rx="5"/>${pip(35, 32, 14)}` +
      `<text class="court-rank" x="50" y="87">${rank}</text>${pip(65, 108, 14, true)}`;
  } else {
    middle = PIPS[card.value].map(([x, y]) => pip(x, y, 20, y > 70)).join("");
  }
  const upsideDown = `<g transform="rotate(180 50 70)">${corner}</g>`;
  return `<svg viewBox="0 0 100 140" aria-hidden="true">${corner}${upsideDown}${middle}</svg>`;
}

const colour = (card) => (card.suit === 1 || card.suit === 2 ? "red" : "black");
const cardKey = (card) => (card ? `${card.suit}:${card.value}` : "-");

/** Sets an attribute only when it changes; null or false removes it. */
function setAttr(element, name, value) {
  if (value === null || value === undefined || value === false) {
    if (element.hasAttribute(name)) element.removeAttribute(name);
    return;
  }
  const text = value === true ? "true" : String(value);
  if (element.getAttribute(name) !== text) element.setAttribute(name, text);
}

function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

function escapeHTML(text) {
  return String(text).replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The page's one view: screens, lobby, table and motion. */
export class Renderer {
  #frame = 0;
  #timer = 0;
  #pending = [];
  #model = null;
  #code = null;
  #solo = false;
  #watching = false;
  #watchers = 0;
  /** Where other devices reach this server (`/api/server`): the share link and QR code use it, never localhost. */
  #server = null;
  /** What the previous frame drew per seat: `{top, closed}`. */
  #drawn = [null, null, null, null];
  /** Calls per seat, so that a new bubble pops even with the same verdict. */
  #calls = [0, 0, 0, 0];
  #tablesKey = "";
  #tableDrawn = false;
  #tick = 0;
  /** The motion under way, each `{animation, seats, beat}`. */
  #flights = new Set();
  #pace = new MotionPace();
  onShown = () => {};

  /** @param {Document} doc */
  constructor(doc = document) {
    this.doc = doc;
    this.body = doc.body;
    this.$ = (id) => doc.getElementById(id);
    this.flyers = this.$("flyers");
    this.seats = [0, 1, 2, 3].map((shown) => this.#buildSeat(doc.querySelector(`#table .seat[data-shown="${shown}"]`)));
    const own = this.seats[0].closed;
    own.dataset.action = "turn";
    own.setAttribute("role", "button");
    own.tabIndex = 0;
    own.setAttribute("aria-label", "Your face-down pile: turn the top card (Enter)");
    for (const box of doc.querySelectorAll(".choice")) {
      box.insertAdjacentHTML("beforeend", ROUNDS.map((round) => `<label><input type="radio" name="${box.id}" ` +
        `value="${round}" data-typed="${box.id}"><span>${round ? `${round / 60} min` : "Classic"}</span></label>`).join(""));
    }
    this.motionQuery = globalThis.matchMedia?.("(prefers-reduced-motion: reduce)");
    // A touch screen's primary pointer is coarse; a desktop's is a mouse (fine), or none at all (keys alone).
    this.touchQuery = globalThis.matchMedia?.("(pointer: coarse)");
    this.#placeNotices(this.screen);
  }

  /** Whether cards may fly (the person has not asked for reduced motion). */
  get motion() {
    return !this.motionQuery?.matches;
  }

  /** How the person plays: "touch", or "pointer" (a mouse or keys, on a desktop), for what to press. */
  get device() {
    return this.touchQuery?.matches ? "touch" : "pointer";
  }

  #buildSeat(element) {
    element.innerHTML =
      '<div class="plate"><span class="name"></span><span class="tags"></span><span class="games-won"></span></div>' +
      '<div class="piles"><div class="closed-pile" data-count="0"><span class="count"></span></div>' +
      '<div class="open-pile" data-count="0"></div></div>';
    const find = (selector) => element.querySelector(selector);
    return {
      element,
      name: find(".name"),
      tags: find(".tags"),
      won: find(".games-won"),
      piles: find(".piles"),
      closed: find(".closed-pile"),
      count: find(".count"),
      open: find(".open-pile"),
      bubble: null,
      ring: null,
      openKey: "",
      bubbleKey: "",
    };
  }

  // MARK: Screens, messages and the menu

  /** Shows one screen: menu, join, lobby or table. */
  showScreen(name) {
    if (this.body.dataset.screen === name) return;
    this.body.dataset.screen = name;
    this.#placeNotices(name);
    if (name !== "table") this.showConfirmExit(false);
    this.#request();
  }

  /** The screen showing: menu, join, lobby or table. */
  get screen() {
    return this.body.dataset.screen;
  }

  /** Puts #messages where it covers nothing: in the table's top bar, or atop the screen's panel. */
  #placeNotices(screen) {
    const box = this.$("messages");
    const home = this.$(`${screen}-screen`)?.querySelector(screen === "table" ? ".table-bar" : ".panel");
    if (!home || box.parentElement === home) return;
    if (screen === "table") home.append(box);
    else home.prepend(box);
  }

  /** Shows the connection's state: connecting, open, reconnecting or closed. */
  setConnection(state) {
    this.body.dataset.connection = state;
    this.$("reconnecting").hidden = state !== "reconnecting";
  }

  /** The message of a screen (menu, join or lobby): an error unless `kind` is "info". */
  setMessage(where, text = "", kind = "error") {
    const element = this.$(`${where}-message`);
    if (!element) return;
    setText(element, text);
    element.dataset.kind = kind;
  }

  /** Checks `round` (seconds, 0: classic; null: none) in the choice `id`. */
  setChoice(id, round) {
    for (const radio of this.$(id).querySelectorAll("input")) radio.checked = Number(radio.value) === round;
  }

  /** A notice in #messages; one with the same `key` replaces the last, a `sticky` one stays until dismissed. */
  notice(text, { key = null, sticky = false, kind = "info", seconds = 8 } = {}) {
    const box = this.$("messages");
    if (key) box.querySelector(`[data-key="${key}"]`)?.remove();
    const item = this.doc.createElement("p");
    item.className = "notice";
    item.dataset.kind = kind;
    if (key) item.dataset.key = key;
    item.innerHTML = `<span></span><button type="button" class="dismiss" aria-label="Dismiss">×</button>`;
    item.firstChild.textContent = text;
    item.lastChild.addEventListener("click", () => item.remove());
    box.append(item);
    while (box.childElementCount > 4) box.firstElementChild.remove();
    if (!sticky) setTimeout(() => item.remove(), seconds * 1000);
  }

  /** Removes the notice with this key, if it is showing. */
  dismissNotice(key) {
    this.$("messages").querySelector(`[data-key="${key}"]`)?.remove();
  }

  /** The name typed in the menu. */
  get name() {
    return this.$("name").value;
  }

  set name(value) {
    this.$("name").value = value;
  }

  /** Puts the cursor in the name field. */
  focusName() {
    this.$("name").focus();
  }

  /** The code typed on the join screen. */
  get joinCode() {
    return this.$("join-code").value;
  }

  set joinCode(value) {
    this.$("join-code").value = value;
  }

  /** Shows whether sounds are off. */
  setMuted(muted) {
    const button = this.$("mute");
    setAttr(button, "aria-pressed", muted ? "true" : "false");
    button.title = muted ? "Sound off (M)" : "Sound on (M)";
  }

  /** Opens or closes the "Leave the table?" question. */
  showConfirmExit(open) {
    const dialog = this.$("confirm-exit");
    if (dialog.hidden === !open) return;
    dialog.hidden = !open;
    if (!open) return;
    const model = this.#model;
    const playing = model !== null && model.isRoundUnderWay && !model.isOut(model.viewer);
    setText(
      this.$("confirm-text"),
      playing
        ? "Your cards will be shared out among the other players. The round goes on while you decide."
        : "You can come back with the table code while no round is under way.",
    );
    this.$("confirm-no").focus();
  }

  /** The open tables on the join screen, from GET /api/tables (`{code, host, players, seats_free,
   * round_under_way}`); null when they could not be loaded. */
  renderTableList(tables) {
    const key = JSON.stringify(tables);
    if (key === this.#tablesKey) return;
    this.#tablesKey = key;
    const list = this.$("table-list");
    const none = this.$("no-tables");
    if (tables === null) {
      list.replaceChildren();
      setText(none, "Could not load the open tables; trying again…");
      none.hidden = false;
      return;
    }
    setText(none, "No open tables yet. Ask your host for the code, or host a game yourself.");
    none.hidden = tables.length > 0;
    list.replaceChildren(...tables.map((table) => {
      const item = this.doc.createElement("li");
      item.dataset.code = table.code;
      const full = table.seats_free === 0;
      const state = table.round_under_way ? "round under way" : full ? "full" : `${table.seats_free} free`;
      item.dataset.state = table.round_under_way ? "playing" : full ? "full" : "open";
      const players = `${table.players} player${table.players === 1 ? "" : "s"}`;
      item.innerHTML =
        `<span class="code">${escapeHTML(table.code)}</span>` +
        `<span class="about"><span class="host">${escapeHTML(table.host || "Someone")}’s table</span>` +
        `<span class="seats">${players} · ${state}</span></span>` +
        `<button class="join primary" type="button" data-action="join-table">Join</button>` +
        `<button class="watch" type="button" data-action="watch-table">Watch</button>`;
      return item;
    }));
  }

  /** What `/api/server` said: `{join, links, qr}` (null: use the address this page was opened at). */
  setServer(server) {
    this.#server = server;
    this.#request();
  }

  /** The link that opens table `code` on another device. */
  joinLink(code) {
    const base = this.#server?.join ?? `${location.origin}/`;
    return `${base}?t=${encodeURIComponent(code)}`;
  }

  // MARK: The table

  /** Draws this TableState (null: not seated) of table `code` at the next frame. */
  setTable(model, code = null, solo = false) {
    this.#model = model;
    this.#code = code;
    this.#solo = solo;
    if (!model) this.reset(); // no card keeps flying over the menu
    this.#request();
  }

  /** Whether this page watches its table (no seat: the only control is Leave). */
  setWatching(watching) {
    this.#watching = watching;
    setAttr(this.doc.body, "data-watching", watching);
    this.#request();
  }

  /** How many people watch the table (0 hides the count). */
  setWatchers(count) {
    this.#watchers = count;
    this.#request();
  }

  /** The model changed: draw it at the next frame. */
  update() {
    this.#request();
  }

  /** Events just applied to the model, to animate at the next frame. */
  animate(events) {
    const time = performance.now();
    for (const event of events) {
      if (event.kind === "snapCalled") this.#calls[event.seat] += 1;
      this.#pending.push({ event, time });
    }
    this.#request();
  }

  /** The model was replaced: drop the motion in flight. */
  reset() {
    this.#pending = [];
    for (const flight of this.#flights) flight.animation.cancel();
    this.#flights.clear();
    this.flyers.replaceChildren();
    this.#pace.reset();
    for (const seat of this.seats) seat.openKey = "";
    this.#drawn = [null, null, null, null];
    this.#request();
  }

  #request() {
    if (this.#frame) return;
    this.#frame = requestAnimationFrame(() => this.#draw());
    // A hidden tab gets no animation frames; the page must still follow the table.
    this.#timer = setTimeout(() => this.#draw(), 250);
  }

  #draw() {
    cancelAnimationFrame(this.#frame);
    clearTimeout(this.#timer);
    this.#frame = 0;
    this.#timer = 0;
    const pending = this.#pending;
    this.#pending = [];
    try {
      this.#drawModel(pending);
    } finally {
      const time = performance.now(); // a frame's own timestamp may be older than the packet it draws
      for (const { event } of pending) this.onShown(event, time);
    }
  }

  #drawModel(pending) {
    const before = this.#drawn;
    const model = this.#model;
    this.#renderTitle(model);
    if (!model) return;
    if (this.screen === "lobby") this.#renderLobby(model);
    const now = performance.now();
    this.#renderTable(model, now);
    if (this.screen !== "table") return;
    if (!this.#tableDrawn) {
      this.#tableDrawn = true;
      performance.mark?.("snap:first-table"); // for measuring: navigation to the first drawn table
    }
    if (!this.motion || this.doc.hidden) {
      this.#land(ALL_SEATS, Infinity);
      return;
    }
    const events = pending.filter((item) => now - item.time < STALE_MS).map((item) => item.event);
    try {
      this.#startMotion(model, events, before, now);
    } catch (error) {
      console.warn("Snap!: an animation failed:", error);
    }
  }

  #renderTitle(model) {
    const title = model && this.#code ? `Snap! · ${this.#solo ? "Single player" : `Table ${this.#code}`}` : "Snap!";
    if (this.doc.title !== title) this.doc.title = title;
  }

  #renderLobby(model) {
    const view = model.view;
    const code = this.#code ?? "";
    setText(this.$("table-code"), code);
    const link = this.joinLink(code);
    const anchor = this.$("join-link");
    if (anchor.getAttribute("href") !== link) {
      anchor.href = link;
      anchor.textContent = link.replace(/^https?:\/\//, "");
    }
    // The QR code of the same link, drawn by the server; where it cannot draw one, the link alone.
    const qr = this.$("join-qr");
    const source = this.#server?.qr && code ? `/api/tables/${encodeURIComponent(code)}/qr.svg` : "";
    if (qr.dataset.source !== source) {
      qr.dataset.source = source;
      qr.hidden = true;
      if (source) {
        qr.onload = () => (qr.hidden = false);
        qr.onerror = () => (qr.hidden = true);
        qr.alt = `QR code: scan it with a phone's camera to join table ${code} at ${link}`;
        qr.src = source;
      } else {
        qr.removeAttribute("src");
      }
    }
    const isHost = view.host !== null && view.host === view.viewer;
    const players = model.occupiedSeats.length;
    for (const item of this.$("lobby-seats").children) {
      const seat = Number(item.dataset.seat);
      const entry = view.seats[seat];
      setAttr(item, "data-shown", model.shownSeat(seat));
      setAttr(item, "data-empty", entry === null);
      setAttr(item, "data-you", seat === view.viewer);
      const tags = [];
      if (entry && seat === view.host) tags.push("host");
      if (entry?.isComputer) tags.push("computer");
      if (entry && !model.isConnected(seat)) tags.push("offline");
      const html = entry
        ? `<span class="who">${escapeHTML(seat === view.viewer ? `${entry.name} (you)` : entry.name)}</span>` +
          `<span class="tags">${tags.map((tag) => `<span class="tag">${tag}</span>`).join("")}</span>`
        : '<span class="who">Empty seat</span>';
      if (item.innerHTML !== html) item.innerHTML = html;
    }
    const add = this.$("add-computer");
    add.hidden = !isHost;
    add.disabled = players >= 4;
    const start = this.$("start-round");
    start.hidden = !isHost;
    start.disabled = players < 2;
    const round = model.settings?.round ?? null;
    const choice = this.$("round-setting");
    choice.disabled = !isHost;
    this.setChoice("round-setting", round);
    setText(choice.firstElementChild, isHost ? "Round" : "Round (the host chooses)");
    const hostName = view.host === null ? "the host" : model.displayName(view.host);
    const about = round === null ? "" : ` ${ROUND_ABOUT(round)}`;
    setText(
      this.$("lobby-hint"),
      (isHost
        ? players < 2
          ? "Share the code, or add a computer player: a round needs at least two players."
          : "Everyone here? Start the round."
        : `Waiting for ${hostName} to start the round…`) + about,
    );
    this.#renderWatchers("lobby-watchers");
  }

  /** "N watching" in the element `id`, hidden while nobody watches (a page without it, the replay, skips it). */
  #renderWatchers(id) {
    const watchers = this.$(id);
    if (!watchers) return;
    watchers.hidden = this.#watchers === 0;
    setText(watchers, `${this.#watchers} watching`);
    watchers.title = "People watching this table";
  }

  #renderTable(model, now) {
    const view = model.view;
    const roundOn = model.isRoundUnderWay;
    const over = view.phase === "roundOver";
    const drawn = [null, null, null, null];
    for (let shown = 0; shown < 4; shown += 1) {
      const seat = model.seatShownAt(shown);
      drawn[seat] = this.#renderSeat(this.seats[shown], model, seat, now);
    }
    this.#drawn = drawn;

    const status = model.status;
    const statusLine = this.$("status");
    // The round's result has its own banner; the words of a line that says what to press suit the device.
    setText(statusLine, over ? "" : STATUS[status.kind](status.name, this.device));
    setAttr(statusLine, "data-kind", status.kind);
    setText(this.$("call-margin"), model.marginText ?? "");
    setText(
      this.$("table-label"),
      this.#solo ? "Single player" : `${this.#watching ? "Watching table" : "Table"} ${this.#code ?? ""}`,
    );
    this.#renderWatchers("watcher-count");

    // A quick round's clock: the length during the deal, then the time left until the time is up.
    const clock = this.$("round-clock");
    const length = view.phase === "dealing" && model.settings?.round ? model.settings.round * 1000 : null;
    const left = model.roundLeft(now) ?? length;
    clock.hidden = left === null;
    if (left !== null) setText(clock, clockText(left));
    setAttr(clock, "data-last-minute", model.roundEndsAt !== null && left <= 60_000);

    const isHost = view.host !== null && view.host === view.viewer;
    const players = model.occupiedSeats.length;
    this.$("round-result").hidden = !over;
    if (over) {
      const winner = view.winner;
      setText(this.$("result-text"), winner === null ? "Round over" : STATUS.winner(model.displayName(winner)));
      setAttr(this.$("round-result"), "data-you", winner !== null && winner === view.viewer);
      const { byCards, rows } = model.standings;
      const html = rows.map((row) => `<li${row.seat === winner ? " data-winner" : ""}><span>${escapeHTML(row.name)}` +
        `</span>${byCards ? `<span>${cards(row.cards)}</span>` : ""}<span>${wins(row.gamesWon)}</span></li>`).join("");
      const standings = this.$("standings");
      if (standings.innerHTML !== html) standings.innerHTML = html;
      const next = this.$("next-round");
      next.hidden = !isHost;
      next.disabled = players < 2;
      this.$("table-add-computer").hidden = !isHost || this.#solo || players >= 4;
      const hostName = view.host === null ? "the host" : model.displayName(view.host);
      setText(this.$("result-hint"), nextRoundHint({ isHost, players, hostName }));
    }

    const viewerOut = view.viewer !== null && model.isOut(view.viewer);
    const snap = this.$("snap");
    snap.hidden = viewerOut || this.#watching;
    snap.disabled = !roundOn;
    this.$("out-note").hidden = !viewerOut;
    const stopWatching = this.$("stop-watching");
    if (stopWatching) stopWatching.hidden = !this.#watching;
    setAttr(this.seats[0].closed, "data-can-turn", model.viewerCanTurn);
    setAttr(this.$("table"), "data-phase", view.phase);
    this.#tickAt(model, now);
  }

  /** Draws again when a clock's figures next change. */
  #tickAt(model, now) {
    clearTimeout(this.#tick);
    const waits = [];
    const round = model.roundLeft(now);
    if (round) waits.push(round % 1000 || 1000);
    const turn = model.turnLeft(now);
    if (turn?.left) waits.push(turn.left > RING_MS ? turn.left - RING_MS : turn.left % 1000 || 1000);
    if (waits.length > 0) this.#tick = setTimeout(() => this.#request(), Math.min(...waits) + 10);
  }

  /** Draws one seat; returns what it drew, for the next frame's motion. */
  #renderSeat(parts, model, seat, now) {
    const view = model.view;
    const entry = view.seats[seat];
    const element = parts.element;
    setAttr(element, "data-seat", seat);
    setAttr(element, "data-position", POSITIONS[model.shownSeat(seat)]);
    setAttr(element, "data-empty", entry === null);
    setAttr(element, "data-active", entry !== null && view.phase === "playing" && view.active === seat);
    setAttr(element, "data-out", entry !== null && model.isOut(seat));
    setAttr(element, "data-host", entry !== null && view.host === seat);
    setAttr(element, "data-offline", entry !== null && !model.isConnected(seat));
    setAttr(element, "data-winner", view.phase === "roundOver" && view.winner === seat);
    setAttr(element, "data-you", seat === view.viewer);

    if (!entry) {
      setText(parts.name, "Empty seat");
      setText(parts.won, "");
      setText(parts.tags, "");
      setAttr(parts.closed, "data-count", 0);
      setAttr(parts.open, "data-count", 0);
      setText(parts.count, "");
      if (parts.openKey !== "") {
        parts.open.replaceChildren();
        parts.openKey = "";
      }
      setAttr(element, "data-call", null);
      this.#renderBubble(parts, null);
      this.#renderRing(parts, null);
      return null;
    }

    setText(parts.name, model.displayName(seat));
    setText(parts.won, `${entry.gamesWon} ${entry.gamesWon === 1 ? "win" : "wins"}`);
    const tags = [];
    if (view.host === seat && !this.#solo) tags.push("host");
    if (entry.isComputer) tags.push("computer");
    if (!model.isConnected(seat)) tags.push("offline");
    if (model.isOut(seat)) tags.push("out");
    const tagText = tags.join(" · ");
    setText(parts.tags, tagText);

    const closed = entry.closedCount;
    setAttr(parts.closed, "data-count", closed);
    setAttr(parts.closed, "data-depth", closed === 0 ? 0 : closed < 5 ? 1 : closed < 15 ? 2 : closed < 30 ? 3 : 4);
    setText(parts.count, closed > 0 ? String(closed) : "");
    if (seat !== view.viewer) setAttr(parts.closed, "aria-label", `${closed} face-down card${closed === 1 ? "" : "s"}`);

    const open = entry.open;
    const top = open.at(-1) ?? null;
    const under = open.at(-2) ?? null;
    setAttr(parts.open, "data-count", open.length);
    setAttr(parts.open, "data-depth", open.length < 3 ? open.length : open.length < 10 ? 3 : 4);
    const openKey = `${cardKey(top)}/${cardKey(under)}`;
    if (openKey !== parts.openKey) {
      parts.openKey = openKey;
      let html = "";
      if (under) html += `<div class="under face ${colour(under)}">${faceSVG(under)}</div>`;
      if (top) {
        html += `<div class="card face ${colour(top)}" data-value="${top.value}" data-suit="${SUITS[top.suit]}" ` +
          `role="img" aria-label="${cardName(top)}">${faceSVG(top)}</div>`;
      }
      parts.open.innerHTML = html;
    }

    // Calls are shown while play goes on; a won round clears them, so nothing covers the winner.
    const call = view.phase === "playing" ? this.#callFor(view, seat) : null;
    setAttr(element, "data-call", call?.verdict.kind ?? null);
    this.#renderBubble(parts, call, seat);
    // After a correct call the matching top cards light up until they fly to the caller.
    const verdict = view.stop?.verdict;
    setAttr(parts.open, "data-glow", verdict?.kind === "correct" && verdict.matching.includes(seat) && top !== null);
    const turn = model.turnLeft(now);
    this.#renderRing(parts, turn?.seat === seat && turn.left > 0 && turn.left <= RING_MS ? turn.left : null);
    return { top, closed };
  }

  /** The turn timer's last seconds: a ring draining on the closed pile. */
  #renderRing(parts, left) {
    if (left === null) {
      parts.ring?.remove();
      parts.ring = null;
      return;
    }
    if (!parts.ring) {
      parts.ring = this.doc.createElement("div");
      parts.ring.className = "countdown";
      parts.ring.innerHTML = '<svg viewBox="0 0 40 40" aria-hidden="true"><circle r="17" cx="20" cy="20" ' +
        'pathLength="100"/><circle r="17" cx="20" cy="20" pathLength="100"/></svg><b></b>';
      parts.ring.style.animationDelay = `${left - RING_MS}ms`;
      parts.closed.append(parts.ring);
    }
    const seconds = Math.ceil(left / 1000);
    setAttr(parts.ring, "data-left", seconds);
    setText(parts.ring.lastChild, String(seconds));
  }

  /** The call to show by a seat: a judged call outweighs a too-late one. */
  #callFor(view, seat) {
    let shown = null;
    for (const call of view.calls) {
      if (call.seat !== seat) continue;
      if (shown === null || (shown.verdict.kind === "tooLate" && call.verdict.kind !== "tooLate")) shown = call;
    }
    return shown;
  }

  #renderBubble(parts, call, seat) {
    const key = call ? `${call.verdict.kind}#${this.#calls[seat]}` : "";
    if (key === parts.bubbleKey) return;
    parts.bubbleKey = key;
    parts.bubble?.remove();
    parts.bubble = null;
    if (!call) return;
    const bubble = this.doc.createElement("div");
    bubble.className = "bubble";
    bubble.dataset.verdict = call.verdict.kind;
    const mark = { wrong: "✗ no match", correct: "☺", tooLate: "too late" }[call.verdict.kind];
    bubble.innerHTML = `<span class="said">Snap!</span><span class="mark">${mark}</span>`;
    parts.element.append(bubble);
    parts.bubble = bubble;
  }

  // MARK: Motion

  #seatParts(model, seat) {
    return this.seats[model.shownSeat(seat)];
  }

  #startMotion(model, events, before, now) {
    const moving = events.filter((event) => seatsMoved(event).length > 0);
    if (moving.length === 0) return;
    const beat = this.#pace.mark(now);
    // What still flies to or from these piles belongs to an older event: it lands now.
    this.#land([...new Set(moving.flatMap(seatsMoved))], beat);
    const scale = this.#pace.scale;
    const flight = FLIGHT_MS * scale;
    let payments = 0;
    for (const event of moving) {
      switch (event.kind) {
        case "dealt":
          this.#pace.dealStarted(now);
          this.#deal(model, event.counts, beat);
          break;
        case "dealFinished":
          this.#pace.dealFinished(now);
          break;
        case "cardTurned":
          if (scale > 0) this.#turn(model, event.seat, event.card, flight, beat);
          break;
        case "recycled":
        case "openPileTurnedUnder": {
          if (scale === 0) break;
          const parts = this.#seatParts(model, event.seat);
          const top = before[event.seat]?.top ?? null;
          const seats = [event.seat];
          const options = { face: top, turn: top ? "down" : "none", duration: flight };
          this.#fly(parts.open, parts.closed, options, seats, beat);
          if ((before[event.seat]?.closed ?? 0) === 0) this.#hideUntilLanded(parts.closed, flight, seats, beat);
          break;
        }
        case "pileCollected": {
          if (scale === 0) break;
          const from = this.#seatParts(model, event.from);
          const to = this.#seatParts(model, event.to);
          const top = before[event.from]?.top ?? null;
          const seats = [event.from, event.to];
          const extra = Math.min(event.count - 1, 3);
          for (let index = extra; index >= 1; index -= 1) {
            this.#fly(from.open, to.closed, { delay: index * 70 * scale, duration: flight }, seats, beat);
          }
          const options = { face: top, turn: top ? "down" : "none", lift: 30, duration: flight };
          this.#fly(from.open, to.closed, options, seats, beat);
          break;
        }
        case "cardPaid": {
          if (scale === 0) break;
          const from = this.#seatParts(model, event.from);
          const to = this.#seatParts(model, event.to);
          const options = { delay: payments * 140 * scale, lift: 20, duration: flight };
          this.#fly(from.closed, to.closed, options, [event.from, event.to], beat);
          payments += 1;
          break;
        }
        case "playerLeft": {
          if (scale === 0) break;
          const from = this.#seatParts(model, event.seat);
          const step = Math.min(90, 2400 / Math.max(1, event.handedOutTo.length)) * scale;
          event.handedOutTo.forEach((seat, index) => {
            const options = { delay: index * step, duration: flight };
            this.#fly(from.piles, this.#seatParts(model, seat).closed, options, [seat], beat);
          });
          break;
        }
        default:
          break;
      }
    }
  }

  /** Cards fly from the middle one at a time, clockwise from the starting player. */
  #deal(model, counts, beat) {
    const pace = this.#pace.deal;
    if (!pace) return;
    const left = new Map(counts.filter((item) => item.count > 0).map((item) => [item.seat, item.count]));
    const start = model.view.startingSeat ?? 0;
    const order = ALL_SEATS.map((step) => (start + step) % 4).filter((seat) => left.has(seat));
    const total = [...left.values()].reduce((sum, count) => sum + count, 0);
    if (total === 0) return;
    const step = Math.min(40, pace.spread / total);
    const deck = this.$("deck-spot");
    const first = new Map();
    let index = 0;
    while (left.size > 0) {
      for (const seat of order) {
        if (!left.has(seat)) continue;
        const delay = index * step;
        if (!first.has(seat)) first.set(seat, delay);
        const options = { delay, duration: pace.flight, lift: 0, plain: true };
        this.#fly(deck, this.#seatParts(model, seat).closed, options, [seat], beat);
        index += 1;
        const count = left.get(seat) - 1;
        if (count === 0) left.delete(seat);
        else left.set(seat, count);
      }
    }
    for (const [seat, delay] of first) {
      this.#hideUntilLanded(this.#seatParts(model, seat).closed, delay + pace.flight, [seat], beat);
    }
  }

  /** A turned card shows its face in the first frame, tilted, and settles flat as it flies. */
  #turn(model, seat, card, duration, beat) {
    const parts = this.#seatParts(model, seat);
    const options = { face: card, turn: "up", lift: 36, scale: 1.18, duration };
    const flies = this.#fly(parts.closed, parts.open, options, [seat], beat);
    const top = parts.open.querySelector(".card");
    if (flies && top) this.#hideUntilLanded(top, duration, [seat], beat);
  }

  /** Lands at once the motion of `seats` from beats before `beat`. */
  #land(seats, beat) {
    for (const flight of this.#flights) {
      if (flight.beat < beat && seats.some((seat) => flight.seats.includes(seat))) flight.animation.finish();
    }
  }

  /** Keeps track of one animation of `seats` until it ends. */
  #track(animation, seats, beat, done = () => {}) {
    const flight = { animation, seats, beat };
    this.#flights.add(flight);
    const end = () => {
      this.#flights.delete(flight);
      done();
    };
    animation.finished.then(end, end);
  }

  /** Keeps an element out of sight for `ms`, until a flying card lands on it. */
  #hideUntilLanded(element, ms, seats, beat) {
    const animation = element.animate?.([{ opacity: 0 }, { opacity: 0 }], { duration: ms, fill: "none" });
    if (animation) this.#track(animation, seats, beat);
  }

  /**
   * One card flying from `from` to `to` between `seats` in `beat`; returns its Animation. Options: `face`,
   * `turn` ("up": face up at once, settling flat; "down"; "none"), `delay`, `duration`, `lift`, `scale`, `plain`.
   */
  #fly(from, to, options, seats, beat) {
    const { face = null, turn = "none", delay = 0, duration = FLIGHT_MS } = options;
    const { lift = 24, scale = 1.08, plain = false } = options;
    if (!from || !to || this.flyers.childElementCount >= MAX_FLYERS) return;
    const a = from.getBoundingClientRect();
    const b = to.getBoundingClientRect();
    if (a.width === 0 || b.width === 0) return;
    const width = b.width;
    const height = b.height;
    const x0 = a.left + (a.width - width) / 2;
    const y0 = a.top + (a.height - height) / 2;
    const x1 = b.left;
    const y1 = b.top;
    const flyer = this.doc.createElement("div");
    flyer.className = plain ? "flyer plain" : "flyer";
    flyer.style.width = `${width}px`;
    flyer.style.height = `${height}px`;
    flyer.innerHTML = '<div class="back"></div>';
    if (face) flyer.innerHTML += `<div class="face ${colour(face)}">${faceSVG(face)}</div>`;
    const up = turn === "up";
    const showsFace = face && turn === "none";
    const [angle0, angle1] = up ? [150, 180] : turn === "down" ? [180, 360] : showsFace ? [180, 180] : [0, 0];
    const at = (x, y, angle, size) =>
      `translate(${x}px, ${y}px) perspective(900px) rotateY(${angle}deg) scale(${size})`;
    const frames = [
      { transform: at(x0, up ? y0 - lift / 4 : y0, angle0, up ? 1.06 : 1) },
      { transform: at((x0 + x1) / 2, (y0 + y1) / 2 - lift, up ? angle1 : (angle0 + angle1) / 2, scale), offset: 0.5 },
      { transform: at(x1, y1, angle1, 1) },
    ];
    this.flyers.append(flyer);
    const easing = "cubic-bezier(.35,.6,.35,1)";
    const animation = flyer.animate(frames, { duration, delay, easing, fill: "backwards" });
    this.#track(animation, seats, beat, () => flyer.remove());
    return animation;
  }
}

/** The seats whose piles an event moves cards between. */
function seatsMoved(event) {
  switch (event.kind) {
    case "dealt":
    case "dealFinished":
      return ALL_SEATS;
    case "cardTurned":
    case "recycled":
    case "openPileTurnedUnder":
      return [event.seat];
    case "pileCollected":
    case "cardPaid":
      return [event.from, event.to];
    case "playerLeft":
      return [event.seat, ...event.handedOutTo];
    default:
      return [];
  }
}
