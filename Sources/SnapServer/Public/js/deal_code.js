// Deal codes as people type them and as the wire carries them, with no DOM (DealCode.swift in SnapCore): eight
// letters and digits of Crockford's base 32, shown as K7M3-Q2PX, a 40-bit number on the wire. Reading one, O is
// zero, I and L are one, and case, spaces and dashes do not matter.

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** How many letters a code has. */
export const DEAL_CODE_LENGTH = 8;
/** One more than the largest code's number (2⁴⁰). */
export const DEAL_CODE_LIMIT = 2 ** 40;

/** Why some text is not a deal code: `reason` is "length" (with `count`) or "character" (with `character`). */
export class DealCodeError extends Error {
  constructor(reason, details) {
    super(reason === "length"
      ? `a deal code has ${DEAL_CODE_LENGTH} letters and digits, like K7M3-Q2PX; this has ${details.count}`
      : `“${details.character}” is not in a deal code: they are letters and digits, like K7M3-Q2PX (no U)`);
    this.reason = reason;
    Object.assign(this, details);
  }
}

/** The code with number `value` (below DEAL_CODE_LIMIT) as it is shown: K7M3-Q2PX. */
export function dealCodeText(value) {
  if (!Number.isSafeInteger(value) || value < 0 || value >= DEAL_CODE_LIMIT) {
    throw new RangeError(`a deal code's number is below 2^40, not ${String(value)}`);
  }
  let letters = "";
  let rest = value;
  for (let index = 0; index < DEAL_CODE_LENGTH; index += 1) {
    letters = ALPHABET[rest % 32] + letters;
    rest = Math.floor(rest / 32);
  }
  return `${letters.slice(0, 4)}-${letters.slice(4)}`;
}

/** The number of the code `text` as a person types it; throws a DealCodeError saying what is wrong. */
export function parseDealCode(text) {
  let value = 0;
  let count = 0;
  for (const typed of String(text).toUpperCase()) {
    if (typed === "-" || /\s/.test(typed)) continue;
    const letter = typed === "O" ? "0" : typed === "I" || typed === "L" ? "1" : typed;
    const digit = ALPHABET.indexOf(letter);
    if (digit === -1) throw new DealCodeError("character", { character: typed });
    count += 1;
    if (count <= DEAL_CODE_LENGTH) value = value * 32 + digit;
  }
  if (count !== DEAL_CODE_LENGTH) throw new DealCodeError("length", { count });
  return value;
}
