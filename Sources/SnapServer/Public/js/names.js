// A player's name as the page checks it before the server does (SnapCore's PlayerName has the final say): 1 to 20
// visible characters — grapheme clusters, what a person sees as one character — and at most 255 bytes of UTF-8,
// the most one string of the protocol holds (docs/PROTOCOL.md, "Data types"). No DOM, so it runs under `node --test`.

import { t } from "./i18n.js";

/** The most visible characters a name may have. */
export const NAME_MAX_CHARACTERS = 20;
/** The most bytes of UTF-8 a name may take on the wire. */
export const NAME_MAX_BYTES = 255;

const segmenter = typeof Intl !== "undefined" && Intl.Segmenter
  ? new Intl.Segmenter(undefined, { granularity: "grapheme" })
  : null;

/** How many characters a person sees in `text`: "é" written as e and an accent is one, so is a family emoji. */
export function visibleLength(text) {
  if (segmenter) {
    let count = 0;
    for (const _ of segmenter.segment(text)) count += 1;
    return count;
  }
  // Without Intl.Segmenter, at least marks that combine with the character before them are not counted.
  return [...text.replace(/\p{M}/gu, "")].length;
}

/** How many bytes `text` takes as UTF-8. */
export function utf8Length(text) {
  return new TextEncoder().encode(text).length;
}

/** What is wrong with a name typed as `raw`, in a sentence (in the page's language), or null when it can be sent. */
export function nameProblem(raw) {
  const name = raw.trim();
  if (name.length === 0) return t("name.empty");
  const length = visibleLength(name);
  if (length > NAME_MAX_CHARACTERS) {
    return t("name.tooLong", { max: NAME_MAX_CHARACTERS, length });
  }
  if (utf8Length(name) > NAME_MAX_BYTES) {
    return t("name.tooManyBytes");
  }
  // The server refuses "You" in any language's page: it is how the English page shows everyone themselves.
  if (name.toLowerCase() === "you") return t("name.you");
  return null;
}

/**
 * Fun names the die beside the name field offers, so that a child need not type: short, friendly, and read the same
 * way in every language the page speaks.
 */
export const FUN_NAMES = Object.freeze([
  "Pixel", "Ziggy", "Bubbles", "Rocket", "Noodle", "Pepper", "Mango", "Biscuit", "Comet", "Waffles", "Pogo", "Sprocket",
  "Jelly", "Turbo", "Muffin", "Zippy", "Pickle", "Sunny", "Kiwi", "Dino", "Taco", "Bingo", "Coco", "Boomer",
]);

/** A fun name other than `current`, drawn with `random` (a function giving [0, 1), as Math.random). */
export function randomName(current, random = Math.random) {
  const others = FUN_NAMES.filter((name) => name.toLowerCase() !== current.trim().toLowerCase());
  return others[Math.min(others.length - 1, Math.floor(random() * others.length))];
}
