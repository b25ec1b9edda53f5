// The game's sounds, synthesized with the Web Audio API: no sound files. Browsers only let a page make
// sound after a person has touched it, so the audio context is made (or resumed) on the first gesture.
// Mute is remembered in localStorage.

const MUTE_KEY = "snap.muted";
/** The same sound again sooner than this (s) is left out. */
const MIN_REPEAT_S = 0.06;
/** A deal is heard as at most this many soft ticks, however many cards fly. */
const MAX_DEAL_TICKS = 14;

/** When each tick of the deal sound starts (s from now): one per card of `count`, at most 14, over `seconds`. */
export function dealTicks(count, seconds) {
  const ticks = Math.max(0, Math.min(count, MAX_DEAL_TICKS));
  return Array.from({ length: ticks }, (_, index) => (seconds * index) / ticks);
}

/** A new Web Audio context, or null where the browser has none. */
function newAudioContext() {
  const AudioContext = globalThis.AudioContext ?? globalThis.webkitAudioContext;
  return AudioContext ? new AudioContext() : null;
}

/** Deal, flip, snap, wrong, correct and win, made from noise and a few oscillators. */
export class Sounds {
  #context = null;
  #noise = null;
  #muted = false;
  /** When (context time) each sound last played. */
  #lastPlayed = new Map();

  /** `storage` remembers mute; `createContext` makes the audio context (tests pass a stand-in). */
  constructor({ storage = globalThis.localStorage, createContext = newAudioContext } = {}) {
    this.storage = storage;
    this.createContext = createContext;
    /** How many times each sound played, by name: what the browser tests listen for. */
    this.played = new Map();
    try {
      this.#muted = storage?.getItem(MUTE_KEY) === "1";
    } catch {
      this.#muted = false;
    }
  }

  /** Whether sounds are off. */
  get muted() {
    return this.#muted;
  }

  /** Turns sounds off or on and remembers it. */
  set muted(value) {
    this.#muted = Boolean(value);
    try {
      this.storage?.setItem(MUTE_KEY, this.#muted ? "1" : "0");
    } catch {
      // Private browsing may refuse storage; the toggle still works for this page.
    }
  }

  /** Call from a user gesture: browsers start audio only after one. */
  unlock() {
    const context = this.#audio();
    if (context?.state === "suspended") context.resume().catch(() => {});
  }

  /** Cards dealt: `count` cards spread over `seconds` give a soft riffle. */
  deal(count = 1, seconds = 0) {
    this.#play("deal", (context, at) => {
      for (const offset of dealTicks(count, seconds)) this.#swish(context, at + offset, 0.035, 4200, 0.12);
    });
  }

  /** A card turned face up. */
  flip() {
    this.#play("flip", (context, at) => {
      this.#swish(context, at, 0.07, 2600, 0.25);
      this.#tone(context, at + 0.05, { type: "triangle", from: 520, to: 420, length: 0.05, volume: 0.06 });
    });
  }

  /** Somebody called "Snap!". */
  snap() {
    this.#play("snap", (context, at) => {
      this.#swish(context, at, 0.09, 1500, 0.5);
      this.#tone(context, at, { type: "square", from: 900, to: 600, length: 0.09, volume: 0.08 });
    });
  }

  /** A wrong call. */
  wrong() {
    this.#play("wrong", (context, at) => {
      this.#tone(context, at + 0.12, { type: "sawtooth", from: 220, to: 110, length: 0.35, volume: 0.12 });
    });
  }

  /** A correct call. */
  correct() {
    this.#play("correct", (context, at) => {
      [523, 659, 784].forEach((frequency, index) => {
        const start = at + 0.12 + index * 0.08;
        this.#tone(context, start, { type: "triangle", from: frequency, length: 0.16, volume: 0.14 });
      });
    });
  }

  /** Someone won the round. */
  win() {
    this.#play("win", (context, at) => {
      [523, 659, 784, 1047, 784, 1047].forEach((frequency, index) => {
        const length = index === 5 ? 0.5 : 0.14;
        this.#tone(context, at + index * 0.13, { type: "triangle", from: frequency, length, volume: 0.16 });
      });
    });
  }

  // MARK: Synthesis

  #audio() {
    if (!this.#context) {
      try {
        this.#context = this.createContext();
      } catch {
        this.#context = null;
      }
    }
    return this.#context;
  }

  /** Plays one sound, unless muted, not allowed yet, or just played. */
  #play(name, build) {
    if (this.#muted) return;
    const context = this.#audio();
    if (!context || context.state !== "running") return;
    const now = context.currentTime;
    if (now - (this.#lastPlayed.get(name) ?? -Infinity) < MIN_REPEAT_S) return;
    this.#lastPlayed.set(name, now);
    this.played.set(name, (this.played.get(name) ?? 0) + 1);
    try {
      build(context, now + 0.005);
    } catch {
      // A sound is never worth breaking the game for.
    }
  }

  /** Band-passed white noise with a fast decay: a card moving. */
  #swish(context, at, length, frequency, volume) {
    if (!this.#noise) {
      const buffer = context.createBuffer(1, Math.floor(context.sampleRate * 0.25), context.sampleRate);
      const data = buffer.getChannelData(0);
      for (let index = 0; index < data.length; index += 1) data[index] = Math.random() * 2 - 1;
      this.#noise = buffer;
    }
    const source = context.createBufferSource();
    source.buffer = this.#noise;
    const filter = context.createBiquadFilter();
    filter.type = "bandpass";
    filter.frequency.value = frequency;
    filter.Q.value = 0.8;
    const gain = context.createGain();
    gain.gain.setValueAtTime(volume, at);
    gain.gain.exponentialRampToValueAtTime(0.001, at + length);
    source.connect(filter).connect(gain).connect(context.destination);
    source.start(at);
    source.stop(at + length + 0.02);
  }

  /** One oscillator note, optionally sliding from `from` to `to` Hz. */
  #tone(context, at, { type, from, to = from, length, volume }) {
    const oscillator = context.createOscillator();
    oscillator.type = type;
    oscillator.frequency.setValueAtTime(from, at);
    if (to !== from) oscillator.frequency.exponentialRampToValueAtTime(to, at + length);
    const gain = context.createGain();
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(volume, at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + length + 0.02);
  }
}
