// The choice of a round's length: 3, 5 or 10 minutes, or classic — on the menu (a single player's) and in the
// waiting room (the host's).

/** The rounds a host may choose, in seconds (0: classic). */
export const ROUNDS = [180, 300, 600, 0];

/** Fills each `.choice` fieldset of `doc` with a radio button per round. */
export function buildRoundChoices(doc) {
  for (const box of doc.querySelectorAll(".choice")) {
    box.insertAdjacentHTML("beforeend", ROUNDS.map((round) => `<label><input type="radio" name="${box.id}" ` +
      `value="${round}" data-typed="${box.id}"><span>${round ? `${round / 60} min` : "Classic"}</span></label>`).join(""));
  }
}

/** Checks `round` (seconds, 0: classic; null: none) in the choice `box`. */
export function checkRound(box, round) {
  for (const radio of box.querySelectorAll("input")) radio.checked = Number(radio.value) === round;
}
