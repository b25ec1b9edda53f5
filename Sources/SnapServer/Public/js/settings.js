// The menu's settings beside the language, remembered in localStorage as the language is. No DOM.

/** Each setting: its localStorage key, and its value until the player chooses. */
export const SETTINGS = {
  fourColour: ["snap.fourColour", false], vibration: ["snap.vibration", true],
  // The phone is a pad beside the big screen: its own pile, the others' top cards small, a Snap! button filling it.
  pad: ["snap.pad", false],
};

/** The settings, kept in `storage` (null, or one that refuses: they last for this page). */
export class Settings {
  #values = {};

  constructor(storage = undefined) {
    try {
      this.storage = storage === undefined ? localStorage : storage;
    } catch {
      this.storage = null; // some private modes throw on reading localStorage
    }
    for (const [name, [key, value]] of Object.entries(SETTINGS)) {
      let stored = null;
      try {
        stored = this.storage?.getItem(key) ?? null;
      } catch {}
      this.#values[name] = stored === null ? value : stored === "1";
    }
  }

  /** The value of setting `name`. */
  get(name) {
    return this.#values[name];
  }

  /** Sets `name` to `value` and remembers it. */
  set(name, value) {
    this.#values[name] = Boolean(value);
    try {
      this.storage?.setItem(SETTINGS[name][0], value ? "1" : "0");
    } catch {}
  }
}
