// Keys, taps and clicks turned into named actions, as 2048's keyboard_input_manager does it: the rest of the
// client hears `input.on("snap", …)` (docs/WEB_CLIENT.md, "Input"). Game actions fire on pointerdown, since a
// Snap! race is decided in milliseconds; `time` is the event's timeStamp.

const GAME_ACTIONS = new Set(["snap", "turn"]);

/** Turns the page's input into named actions. */
export class Input {
  #handlers = new Map();
  #lastPointer = { target: null, time: 0 };

  /** @param {Document} doc */
  constructor(doc = document) {
    this.doc = doc;
    doc.addEventListener("pointerdown", (event) => this.#pointerDown(event));
    doc.addEventListener("click", (event) => this.#click(event));
    doc.addEventListener("submit", (event) => this.#submit(event));
    doc.addEventListener("input", (event) => {
      if (event.target instanceof HTMLInputElement) this.#typed(event.target);
    });
    // A choice in a list is made when it changes (not every browser, nor WebDriver, says "input" for it).
    doc.addEventListener("change", (event) => {
      if (event.target instanceof HTMLSelectElement) this.#typed(event.target);
    });
    doc.addEventListener("keydown", (event) => this.#keyDown(event));
    doc.addEventListener("keyup", (event) => this.#keyUp(event));
  }

  /** Calls `handler(detail)` whenever `action` happens. */
  on(action, handler) {
    if (!this.#handlers.has(action)) this.#handlers.set(action, []);
    this.#handlers.get(action).push(handler);
  }

  /** Calls `handler(action, detail)` for every action, before the named handlers. */
  onAny(handler) {
    this.on("*", handler);
  }

  /** A field marked `data-typed` changed: its `…-typed` action, with its value (and its seat, if it has one). */
  #typed(field) {
    if (!field.dataset.typed) return;
    const seat = field.dataset.seat;
    this.#emit(`${field.dataset.typed}-typed`, seat === undefined ? { value: field.value } : { value: field.value, seat: Number(seat) });
  }

  #emit(action, detail = {}) {
    for (const handler of this.#handlers.get("*") ?? []) handler(action, detail);
    for (const handler of this.#handlers.get(action) ?? []) handler(detail);
  }

  #actionTarget(event) {
    const target = event.target instanceof Element ? event.target.closest("[data-action]") : null;
    if (!target || target.disabled || target.getAttribute("aria-disabled") === "true") return null;
    return target;
  }

  #detail(target, event) {
    const detail = { time: event.timeStamp };
    const code = target.closest("[data-code]")?.dataset.code;
    if (code !== undefined) detail.code = code;
    // A control about one seat (removing its player) or one setting (locking, privacy) says which.
    if (target.dataset.seat !== undefined) detail.seat = Number(target.dataset.seat);
    if (target.dataset.access !== undefined) detail.access = target.dataset.access;
    return detail;
  }

  #pointerDown(event) {
    if (event.button !== 0) return;
    const target = this.#actionTarget(event);
    if (!target || !GAME_ACTIONS.has(target.dataset.action)) return;
    this.#lastPointer = { target, time: event.timeStamp };
    event.preventDefault(); // no text selection or focus stealing on a fast double tap
    this.#emit(target.dataset.action, this.#detail(target, event));
  }

  #click(event) {
    const target = this.#actionTarget(event);
    if (!target) return;
    const action = target.dataset.action;
    if (GAME_ACTIONS.has(action)) {
      // The pointerdown already did it; a click without one comes from a keyboard or assistive technology.
      const last = this.#lastPointer;
      if (last.target === target && event.timeStamp - last.time < 1500) return;
    }
    if (target.tagName === "A") event.preventDefault();
    this.#emit(action, this.#detail(target, event));
  }

  #submit(event) {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    event.preventDefault();
    // The form rides along: one action can come from several forms (a deal code in the waiting room or the banner).
    if (form.dataset.submit) this.#emit(form.dataset.submit, { form });
    else this.#emit(`${form.id}-submit`, { form });
  }

  /** Whether keys belong to a text field or an open dialog rather than to the game. */
  #typing(event) {
    const target = event.target;
    if (!(target instanceof Element)) return false;
    return target.matches("input, textarea, select, [contenteditable]") || target.closest("[role=dialog]") !== null;
  }

  /**
   * Whether the key's target is a control the person moved to with the keyboard (Tab): a button, a link. Enter
   * and Space are then its own, as everywhere on the web. A control focused by a mouse click (not :focus-visible)
   * and the game's own controls (Snap!, the face-down pile) leave the keys to the game.
   */
  #focusedControl(event) {
    const target = event.target;
    if (!(target instanceof Element) || target === this.doc.body) return false;
    if (!target.matches("button, a[href], [role=button], summary")) return false;
    if (GAME_ACTIONS.has(target.dataset.action)) return false;
    if (!target.matches(":focus-visible")) return false;
    return target.getClientRects().length > 0;
  }

  #atTable() {
    return this.doc.body.dataset.screen === "table" && this.doc.querySelector(".overlay[role=dialog]:not([hidden])") === null;
  }

  #keyDown(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === "Escape") {
      this.#emit("escape");
      return;
    }
    if (this.#typing(event)) return;
    if (event.key === "m" || event.key === "M") {
      this.#emit("mute");
      return;
    }
    if (!this.#atTable() || this.#focusedControl(event)) return;
    if (event.key === "Enter") {
      event.preventDefault();
      if (!event.repeat) this.#emit("turn", { time: event.timeStamp });
    } else if (event.key === " " || event.key === "Spacebar") {
      event.preventDefault();
      if (!event.repeat) this.#emit("snap", { time: event.timeStamp });
    }
  }

  #keyUp(event) {
    // A focused button would otherwise take Space's keyup as a click.
    const key = event.key === " " || event.key === "Enter";
    if (key && this.#atTable() && !this.#typing(event) && !this.#focusedControl(event)) {
      event.preventDefault();
    }
  }
}
