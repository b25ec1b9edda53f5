// The game's sounds, synthesized with the Web Audio API: no sound files. Browsers only let a page make
// sound after a person has touched it, so the audio context is made (or resumed) on the first gesture.
// Mute is remembered in localStorage.

const MUTE_KEY = "snap.muted";

/** Deal, flip, snap, wrong, correct and win, made from noise and a few oscillators. */
export class Sounds {
  #context = null;
  #noise = null;
  #muted = false;

  constructor(storage = globalThis.localStorage) {
    this.storage = storage;
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

  /** A card dealt; `count` cards spread over `seconds` give a soft riffle. */
  deal(count = 1, seconds = 0) {
    const ticks = Math.min(count, 14);
    for (let index = 0; index < ticks; index += 1) {
      this.#play((context, at) => this.#swish(context, at + (seconds * index) / ticks, 0.035, 4200, 0.12));
    }
  }

  /** A card turned face up. */
  flip() {
    this.#play((context, at) => {
      this.#swish(context, at, 0.07, 2600, 0.25);
      this.#tone(context, at + 0.05, { type: "triangle", from: 520, to: 420, length: 0.05, volume: 0.06 });
    });
  }

  /** Somebody called "Snap!". */
  snap() {
    this.#play((context, at) => {
      this.#swish(context, at, 0.09, 1500, 0.5);
      this.#tone(context, at, { type: "square", from: 900, to: 600, length: 0.09, volume: 0.08 });
    });
  }

  /** A wrong call. */
  wrong() {
    this.#play((context, at) => {
      this.#tone(context, at + 0.12, { type: "sawtooth", from: 220, to: 110, length: 0.35, volume: 0.12 });
    });
  }

  /** A correct call. */
  correct() {
    this.#play((context, at) => {
      [523, 659, 784].forEach((frequency, index) => {
        const start = at + 0.12 + index * 0.08;
        this.#tone(context, start, { type: "triangle", from: frequency, length: 0.16, volume: 0.14 });
      });
    });
  }

  /** Someone won the round. */
  win() {
    this.#play((context, at) => {
      [523, 659, 784, 1047, 784, 1047].forEach((frequency, index) => {
        const length = index === 5 ? 0.5 : 0.14;
        this.#tone(context, at + index * 0.13, { type: "triangle", from: frequency, length, volume: 0.16 });
      });
    });
  }

  // MARK: Synthesis

  #audio() {
    if (this.#context) return this.#context;
    const AudioContext = globalThis.AudioContext ?? globalThis.webkitAudioContext;
    if (!AudioContext) return null;
    try {
      this.#context = new AudioContext();
    } catch {
      return null;
    }
    return this.#context;
  }

  #play(build) {
    if (this.#muted) return;
    const context = this.#audio();
    if (!context || context.state !== "running") return;
    try {
      build(context, context.currentTime + 0.005);
    } catch {
      // A sound is never worth breaking the game for.
    }
  }

  /** White noise through a band-pass filter with a fast decay: the sound of a card moving. */
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
