// The choice of a round's length: 3, 5 or 10 minutes, or classic — on the menu (a single player's) and in the
// waiting room (the host's).

import { escapeHTML } from "../dom.js";
import { t } from "../i18n.js";

/** The rounds a host may choose, in seconds (0: classic). */
export const ROUNDS = [180, 300, 600, 0];

/** Fills each `.choice` fieldset of `doc` with a radio button per round. */
export function buildRoundChoices(doc) {
  for (const box of doc.querySelectorAll(".choice")) {
    box.insertAdjacentHTML("beforeend", ROUNDS.map((round) => `<label><input type="radio" name="${box.id}" ` +
      `value="${round}" data-typed="${box.id}"><span>${escapeHTML(roundName(round))}</span></label>`).join(""));
  }
}

/** A round's name on its radio button: "5 min", "Classic". */
export const roundName = (round) => (round ? t("round.minutes", { count: round / 60 }) : t("round.classic"));

/** Checks `round` (seconds, 0: classic; null: none) in the choice `box`. */
export function checkRound(box, round) {
  for (const radio of box.querySelectorAll("input")) radio.checked = Number(radio.value) === round;
}
