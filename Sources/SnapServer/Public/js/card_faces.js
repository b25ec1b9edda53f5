// The cards' faces, drawn as SVG, and their names for people and screen readers.

import { t } from "./i18n.js";

/** The suits by their number on the wire. */
export const SUITS = ["clubs", "diamonds", "hearts", "spades"];
const RANKS = ["", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

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

/** A card's name for people and screen readers, in the page's language: "Queen of hearts". */
export function cardName(card) {
  return t("card.name", { value: t(`card.value.${card.value}`), suit: t(`card.suit.${SUITS[card.suit]}`) });
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
  // The suit as a class: the four-colour deck (a setting) colours diamonds and clubs by it.
  return `<svg viewBox="0 0 100 140" class="${suit}" aria-hidden="true">${corner}${upsideDown}${middle}</svg>`;
}

/** The colour a card is printed in: "red" or "black". */
export const colour = (card) => (card.suit === 1 || card.suit === 2 ? "red" : "black");

/** A short key that tells cards apart ("-" for none), to see whether a pile's top changed. */
export const cardKey = (card) => (card ? `${card.suit}:${card.value}` : "-");
