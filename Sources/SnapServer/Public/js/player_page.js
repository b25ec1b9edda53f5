// A player's page (/players/NAME): rounds played and won, Snap! calls by verdict, median and best reaction, and
// the recent rounds, each linking to its replay.

import { fetchJSON, historyPath, reactionText } from "./history_words.js";
import { catalogue, t } from "./i18n.js";
import { startLanguage } from "./localize.js";
import { roundItem } from "./round_list.js";

const $ = (id) => document.getElementById(id);

async function start() {
  await startLanguage(document);
  let name;
  try {
    name = decodeURIComponent(location.pathname.split("/")[2] ?? "");
  } catch {
    name = "";
  }
  $("player-name").textContent = name || t("player.title");
  document.title = `Snap! · ${name || t("player.title")}`;
  let stats;
  try {
    stats = await fetchJSON(`/api/players/${encodeURIComponent(name)}`);
  } catch (error) {
    document.body.dataset.state = "failed";
    $("player-message").textContent = error.message;
    $("player-stats").hidden = true;
    return;
  }
  $("player-name").textContent = stats.name;
  const figures = {
    "rounds-played": stats.rounds_played,
    "rounds-won": stats.rounds_won,
    "calls-correct": stats.calls.correct,
    "calls-wrong": stats.calls.wrong,
    "calls-too-late": stats.calls.too_late,
    "calls-false-start": stats.calls.false_start ?? 0,
    "reaction-median": reactionText(stats.reaction_ms.median),
    "reaction-best": reactionText(stats.reaction_ms.best),
  };
  for (const [id, value] of Object.entries(figures)) {
    $(id).textContent = typeof value === "number" ? catalogue().number(value) : value;
  }
  $("recent").replaceChildren(...stats.recent.map((round) => roundItem(document, round)));
  $("all-rounds").href = historyPath({ player: stats.name });
  document.body.dataset.state = "ready";
}

start();
