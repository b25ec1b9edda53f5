// What the table says, in one place and in plain sentence case: the status line by its kind, the notices by
// the table event they tell of, the round's standings and the clocks. No DOM, so it runs under `node --test`.

const plural = (count, word) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** "1 card", "12 cards". */
export const cards = (count) => plural(count, "card");

/** "1 win", "0 wins". */
export const wins = (count) => plural(count, "win");

/** "Your turn" on a touch screen, and where there is a mouse and a keyboard (`device`: "touch" or "pointer"). */
const YOUR_TURN = {
  touch: "Your turn. Tap the stack.",
  pointer: "Your turn. Click the stack or press Enter.",
};

/**
 * The status line, by status kind (TableState.status); `name` is who it is about, "You" for the viewer, and
 * `device` ("touch" or "pointer") how the person plays, for the lines that say what to press.
 */
export const STATUS = {
  waitingForPlayers: () => "Waiting for players…",
  dealing: () => "Dealing…",
  yourTurn: (_, device = "touch") => YOUR_TURN[device] ?? YOUR_TURN.touch,
  playersTurn: (name) => `${name}'s turn`,
  next: (name) => (name === "You" ? "You turn again next" : `${name} is next`),
  mustPay: (name) => `${name} must pay`,
  // "Match!" only once a correct call has been judged (RULES.md, "Status lines people expect to see").
  receivesCards: (name) => `Match! ${name} receives cards`,
  youReceiveCards: () => "Match! You receive cards",
  winner: (name) => (name === "You" ? "You win the round!" : `${name} wins the round!`),
  abandoned: () => "Round over: nobody won",
  timeUp: () => "Time's up!",
  suddenDeath: () => "Sudden death: the next correct Snap! wins",
};

/** Notices, by the table event they tell of; `name` is the player's display name. */
export const NOTICE = {
  playerJoined: (name) => `${name} sat down at the table.`,
  /** `given` lists who got the leaver's `count` cards ("you", "Ray (3)"). */
  playerLeft: (name, count, given) =>
    count > 0 ? `${name} left the table. Their ${cards(count)} went to ${listed(given)}.` : `${name} left the table.`,
  hostChanged: (name) => (name === "You" ? "You are now the host: you start the rounds." : `${name} is now the host.`),
  connectionLost: (name) => `${name} lost their connection; their seat is kept for a little while.`,
  connectionBack: (name) => `${name} is back.`,
};

/** Getting back into a seat after the page was reloaded, closed or opened again (main.js, seat_tokens.js). */
export const SEAT = {
  resuming: (code) => `Taking your seat at table ${code} back…`,
  resumingSolo: () => "Taking your seat in your single-player game back…",
  resumed: () => "You are back at your seat.",
  lost: (code) => `Your seat at table ${code} was no longer kept: you were away too long, and your cards were ` +
    "shared out. Joining the table again…",
  soloLost: () => "Your single-player game ended while the page was away. Start a new one.",
  /** This page's seat went to another tab or window that came back into it (`code` null: single player). */
  replaced: (code) => `${code ? `Your seat at table ${code}` : "Your single-player game"} is now open in another ` +
    "tab or window, so this one let go of it.",
};

/** What the round's result says under the standings about the next round (`players`: seated now). */
export function nextRoundHint({ isHost, players, hostName }) {
  if (players < 2) {
    return isHost
      ? "A round needs at least two players: add a computer player, or share the table's code."
      : "A round needs at least two players: waiting for someone to sit down.";
  }
  return isHost ? "" : `Waiting for ${hostName} to start the next round…`;
}

/** "a", "a and b", "a, b and c". */
export function listed(items) {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** A call's margin (µs; null: nobody else called in time) in words: "Snap! — Ann, by 12 ms", or null. */
export function marginText(name, margin) {
  if (margin == null) return null;
  return `Snap! — ${name}, by ${margin < 1000 ? "<1" : Math.round(margin / 1000)} ms`;
}

/** Milliseconds left as m:ss, whole seconds counted up. */
export function clockText(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** What a table's round setting (seconds, 0: classic) means, in a sentence. */
export const ROUND_ABOUT = (round) => round > 0
  ? `Rounds of ${round / 60} minutes: when the time is up, the most cards wins.`
  : "Classic rounds: play until one player holds every card.";
