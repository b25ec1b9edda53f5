// What the table says, in one place and in plain sentence case: the status line by its kind, the notices by
// the table event they tell of, the round's standings and the clocks. No DOM, so it runs under `node --test`.

const plural = (count, word) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** "1 card", "12 cards". */
export const cards = (count) => plural(count, "card");

/** "1 win", "0 wins". */
export const wins = (count) => plural(count, "win");

/** The status line, by status kind (TableState.status); `name` is who it is about, "You" for the viewer. */
export const STATUS = {
  waitingForPlayers: () => "Waiting for players…",
  dealing: () => "Dealing…",
  yourTurn: () => "Your turn. Tap the stack.",
  playersTurn: (name) => `${name}'s turn`,
  match: () => "Match!",
  mustPay: (name) => `${name} must pay`,
  receivesCards: (name) => `${name} receives cards`,
  youReceiveCards: () => "You receive cards",
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
