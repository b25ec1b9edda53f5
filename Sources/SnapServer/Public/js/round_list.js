// One round as the history and a player's page list it: when, table, players (each a link to their stats), the
// winner, the length, and a link to its replay. DOM only; the words are history_words.js's and the catalogue's.

import { historyPath, lengthText, playerPath, replayPath, whenText } from "./history_words.js";
import { catalogue, t } from "./i18n.js";
import { fillSlots } from "./localize.js";

function element(doc, tag, className, text) {
  const node = doc.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function playerLink(doc, name) {
  const anchor = element(doc, "a", "player", name);
  anchor.href = playerPath(name);
  return anchor;
}

/** `li[data-id]` for one round summary of /api/rounds (or a player's `recent`). */
export function roundItem(doc, round, now = new Date()) {
  const item = element(doc, "li");
  item.dataset.id = String(round.id);
  const when = element(doc, "span", "when");
  const time = element(doc, "time", "", whenText(round.started_at, now));
  time.dateTime = round.started_at;
  when.append(time, element(doc, "span", "table", ` · ${t("rounds.table", { table: round.table })}`));
  // The deal's code, a link to every round of it (rounds before deal codes have none).
  if (round.deal) {
    const deal = element(doc, "a", "deal", t("deal.code", { code: round.deal }));
    deal.href = historyPath({ deal: round.deal });
    when.append(" · ", deal);
  }
  const players = element(doc, "span", "players");
  const ordered = [...round.players].sort((a, b) => (b.name === round.winner) - (a.name === round.winner) || a.seat - b.seat);
  // "Ray, Ann and Lucy" in the page's language, each name a link.
  const names = ordered.map((player) => player.name);
  let next = 0;
  for (const part of catalogue().listParts(names)) {
    if (part.type !== "element") {
      players.append(part.value);
      continue;
    }
    const player = ordered[next++];
    players.append(playerLink(doc, player.name));
    // A head start (RULES.md) beside its player: "+200 ms".
    if (player.head_start_ms > 0) players.append(element(doc, "span", "head-start", ` ${t("headStart.tag", { ms: player.head_start_ms })}`));
  }
  const winner = element(doc, "span", "winner");
  if (round.winner) {
    const won = element(doc, "span", "won");
    fillSlots(won, t("rounds.won", { name: "{name}" }), { name: playerLink(doc, round.winner) });
    winner.append(won);
  } else {
    winner.textContent = t("rounds.noWinner");
    winner.dataset.none = "";
  }
  const length = element(doc, "span", "length", lengthText(round.length_seconds));
  const replay = element(doc, "a", "replay button-link", t("rounds.replay"));
  replay.href = replayPath(round.id);
  replay.setAttribute("aria-label", t("rounds.replay.label", { round: round.round, table: round.table }));
  item.append(when, players, winner, length, replay);
  return item;
}
