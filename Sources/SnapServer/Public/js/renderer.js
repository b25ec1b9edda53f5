// All DOM work and animation, as 2048's html_actuator does it: main.js hands over the model (TableState) and
// the events it applied, and the next animation frame draws them. The model is the truth; motion is laid on top
// (docs/WEB_CLIENT.md, "Motion"). `onShown(event, time)` hears the frame in which each event first showed.
//
// The renderer keeps what the page shows and draws it in frames; each screen draws itself (screens/), the cards'
// faces are card_faces.js's and the cards in flight flights.js's.

import { escapeHTML, setAttr, setText } from "./dom.js";
import { Flights } from "./flights.js";
import { t } from "./i18n.js";
import { JoinScreen } from "./screens/join_screen.js";
import { LobbyScreen } from "./screens/lobby_screen.js";
import { MenuScreen } from "./screens/menu_screen.js";
import { buildRoundChoices, checkRound } from "./screens/round_choice.js";
import { RING_MS, TableScreen } from "./screens/table_screen.js";

/** Events older than this when drawn (a hidden tab) do not move. */
const STALE_MS = 1000;

/** The page's one view: its screens, notices and dialog, drawn a frame at a time, and the motion. */
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
  #tableDrawn = false;
  #tick = 0;
  onShown = () => {};

  /**
   * @param {Document} doc
   * @param {{nameButtons?: boolean}} options as TableScreen takes them (the game's page: names ask for network times)
   */
  constructor(doc = document, options = {}) {
    this.doc = doc;
    this.body = doc.body;
    this.$ = (id) => doc.getElementById(id);
    this.menu = new MenuScreen(doc);
    this.join = new JoinScreen(doc);
    this.lobby = new LobbyScreen(doc);
    this.table = new TableScreen(doc, options);
    /** Panels over the table that the page adds (`render(model, table)`, `show(open)`): the host's, on the game's page. */
    this.panels = [];
    this.seats = this.table.seats;
    this.flights = new Flights(doc, (model, seat) => this.table.seatParts(model, seat));
    buildRoundChoices(doc);
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

  // MARK: Screens, messages and the menu

  /** Shows one screen: menu, join, lobby or table. */
  showScreen(name) {
    if (this.body.dataset.screen === name) return;
    this.body.dataset.screen = name;
    this.#placeNotices(name);
    if (name !== "table") {
      this.showConfirmExit(false);
      for (const panel of this.panels) panel.show(false);
    }
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
    checkRound(this.$(id), round);
  }

  /** A notice in #messages; one with the same `key` replaces the last, a `sticky` one stays until dismissed. */
  notice(text, { key = null, sticky = false, kind = "info", seconds = 8 } = {}) {
    const box = this.$("messages");
    if (key) box.querySelector(`[data-key="${key}"]`)?.remove();
    const item = this.doc.createElement("p");
    item.className = "notice";
    item.dataset.kind = kind;
    if (key) item.dataset.key = key;
    const dismiss = escapeHTML(t("notice.dismiss"));
    item.innerHTML = `<span></span><button type="button" class="dismiss" aria-label="${dismiss}">×</button>`;
    item.firstChild.textContent = text;
    item.lastChild.addEventListener("click", () => item.remove());
    box.append(item);
    while (box.childElementCount > 4) box.firstElementChild.remove();
    if (!sticky) setTimeout(() => item.remove(), seconds * 1000);
  }

  /**
   * Says `text` to a screen reader through the polite live region #announcer (announcer.js decides what and
   * when): each text a paragraph of its own, the last few kept.
   */
  announce(text) {
    const region = this.$("announcer");
    const said = this.doc.createElement("p");
    said.textContent = text;
    region.append(said);
    while (region.childElementCount > 3) region.firstElementChild.remove();
  }

  /** Removes the notice with this key, if it is showing. */
  dismissNotice(key) {
    this.$("messages").querySelector(`[data-key="${key}"]`)?.remove();
  }

  /** The name typed in the menu. */
  get name() {
    return this.menu.name;
  }

  set name(value) {
    this.menu.name = value;
  }

  /** Puts the cursor in the name field. */
  focusName() {
    this.menu.focus();
  }

  /** The code typed on the join screen. */
  get joinCode() {
    return this.join.code.value;
  }

  set joinCode(value) {
    this.join.code.value = value;
  }

  /** Shows whether sounds are off. */
  setMuted(muted) {
    const button = this.$("mute");
    setAttr(button, "aria-pressed", muted ? "true" : "false");
    button.title = muted ? t("sound.off") : t("sound.on");
  }

  /** Shows whether the page fills the screen; null hides the button (the browser does not let it). */
  setFullscreen(on) {
    const button = this.$("fullscreen");
    button.hidden = on === null;
    setAttr(button, "aria-pressed", on ? "true" : "false");
  }

  /** Draws the cards in four colours (diamonds blue, clubs green) when `on`. */
  setFourColour(on) {
    this.doc.documentElement.toggleAttribute("data-four-colour", on);
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
      playing ? t("confirm.playing") : t("confirm.idle"),
    );
    this.$("confirm-no").focus();
  }

  /** Opens or closes `panel` (one of `panels`), drawn afresh. */
  showPanel(panel, open) {
    panel.show(open);
    if (open) this.#request();
  }

  /** The open tables on the join screen, from GET /api/tables; null when they could not be loaded. */
  renderTableList(tables) {
    this.join.renderTableList(tables);
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

  /** Whether the pad layout is chosen (`chosen`: the waiting room's toggle says so) and in use (`on`: seated). */
  setPad(chosen, on) {
    this.doc.body.toggleAttribute("data-pad", on);
    const toggle = this.$("pad-toggle");
    if (toggle) setAttr(toggle, "aria-pressed", chosen ? "true" : "false");
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
    this.flights.reset();
    this.table.forget();
    this.#drawn = [null, null, null, null];
    this.#request();
  }

  #request() {
    if (this.#frame) return;
    this.#frame = requestAnimationFrame(() => this.#draw());
    this.#fallBack();
  }

  /** A hidden tab gets no animation frames; the page must still follow the table. A visible one always draws in a
   * frame, however late a busy machine makes it: a card is shown, and the reaction clock starts, when it is painted. */
  #fallBack() {
    this.#timer = setTimeout(() => (this.doc.hidden ? this.#draw() : this.#fallBack()), 250);
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

  /** What the screens need to know of the table beside its model. */
  get #table() {
    return {
      code: this.#code,
      solo: this.#solo,
      watching: this.#watching,
      watchers: this.#watchers,
      qr: Boolean(this.#server?.qr),
      joinLink: (code) => this.joinLink(code),
      device: this.device,
      calls: this.#calls,
    };
  }

  #drawModel(pending) {
    const before = this.#drawn;
    const model = this.#model;
    this.#renderTitle(model);
    if (!model) return;
    const table = this.#table;
    if (this.screen === "lobby") this.lobby.render(model, table);
    for (const panel of this.panels) panel.render(model, table);
    const now = performance.now();
    this.#drawn = this.table.render(model, now, table);
    this.#tickAt(model, now);
    if (this.screen !== "table") return;
    if (!this.#tableDrawn) {
      this.#tableDrawn = true;
      performance.mark?.("snap:first-table"); // for measuring: navigation to the first drawn table
    }
    if (!this.motion || this.doc.hidden) {
      this.flights.landAll();
      return;
    }
    const events = pending.filter((item) => now - item.time < STALE_MS).map((item) => item.event);
    try {
      this.flights.start(model, events, before, now);
    } catch (error) {
      console.warn("Snap!: an animation failed:", error);
    }
  }

  #renderTitle(model) {
    const where = this.#solo ? t("table.single") : t("table.code", { code: this.#code });
    const title = model && this.#code ? `Snap! · ${where}` : "Snap!";
    if (this.doc.title !== title) this.doc.title = title;
  }

  /** Draws again when a clock's figures next change, or the photo finish is to go. */
  #tickAt(model, now) {
    clearTimeout(this.#tick);
    const waits = [];
    const round = model.roundLeft(now);
    if (round) waits.push(round % 1000 || 1000);
    const turn = model.turnLeft(now);
    if (turn?.left) waits.push(turn.left > RING_MS ? turn.left - RING_MS : turn.left % 1000 || 1000);
    const photo = model.photoFinishAt(now);
    if (photo) waits.push(photo.left);
    if (waits.length > 0) this.#tick = setTimeout(() => this.#request(), Math.min(...waits) + 10);
  }
}
