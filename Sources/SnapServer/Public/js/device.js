// What the page asks of the device, where the browser offers it: a short vibration when the table turns to the
// player, the screen kept awake during a round (navigator.wakeLock: HTTPS and localhost only), the whole screen.

/** The patterns (ms): your turn; your call judged correct (you collect), wrong or a false start (you pay). */
export const PATTERNS = { turn: [40], correct: [60, 50, 60], wrong: [220], falseStart: [220] };

/** The pattern for table event `event` on the page of seat `viewer` (null: watching), or null. */
export function vibrationFor(event, viewer) {
  if (viewer === null || event.seat !== viewer) return null;
  if (event.kind === "activated") return PATTERNS.turn;
  return event.kind === "snapCalled" ? PATTERNS[event.verdict.kind] ?? null : null;
}

/** The device's vibration, wake lock and fullscreen. */
export class Device {
  /** Whether the player wants vibration (the setting). */
  vibration = true;
  #awake = false;
  /** The wake lock: null, the request while it is pending, or the lock. */
  #lock = null;

  constructor(nav = navigator, doc = document, calm = matchMedia("(prefers-reduced-motion: reduce)")) {
    Object.assign(this, { nav, doc, calmQuery: calm });
    // The browser lets go of the lock when the page hides: ask again when it shows.
    doc.addEventListener("visibilitychange", () => this.#lockScreen());
  }

  /** Whether the browser can vibrate. */
  get vibrates() {
    return typeof this.nav.vibrate === "function";
  }

  /** Whether the person asked for reduced motion, which turns vibration off whatever the setting. */
  get calm() {
    return Boolean(this.calmQuery?.matches);
  }

  /** Vibrates for `event` (vibrationFor) when it may; returns the pattern, or null. */
  vibrate(event, viewer) {
    const pattern = this.vibration && this.vibrates && !this.calm ? vibrationFor(event, viewer) : null;
    if (pattern) this.nav.vibrate(pattern);
    return pattern;
  }

  /** Keeps the screen awake (true), or lets it sleep again. */
  keepAwake(on) {
    if (on === this.#awake) return;
    this.#awake = on;
    if (on) return void this.#lockScreen();
    if (!(this.#lock instanceof Promise)) this.#lock?.release().catch(() => {});
    this.#lock = null;
  }

  async #lockScreen() {
    if (!this.#awake || this.#lock || !this.nav.wakeLock || this.doc.visibilityState !== "visible") return;
    const asked = (this.#lock = this.nav.wakeLock.request("screen").catch(() => null)); // refused: it sleeps
    const lock = await asked;
    if (this.#lock !== asked) return void lock?.release().catch(() => {}); // let go meanwhile
    this.#lock = lock;
    lock?.addEventListener("release", () => this.#lock === lock && (this.#lock = null));
  }

  /** Whether the page may fill the screen (an iPhone's Safari does not let it). */
  get fills() {
    return Boolean(this.doc.fullscreenEnabled);
  }

  /** Fills the screen with the page, or stops. */
  toggleFullscreen() {
    const doc = this.doc;
    (doc.fullscreenElement ? doc.exitFullscreen() : doc.documentElement.requestFullscreen()).catch(() => {});
  }
}
