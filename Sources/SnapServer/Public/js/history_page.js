// The history page (/history): the rounds played on this server, newest first, filtered by a player's name or a
// deal's code (the rounds of one deal side by side) and paged with Older and Newer (the API pages backwards with `before`; the newer pages' `before`s ride along in
// the link as `trail`).

import { fetchJSON, historyPath, readHistoryQuery } from "./history_words.js";
import { t } from "./i18n.js";
import { startLanguage } from "./localize.js";
import { roundItem } from "./round_list.js";

const $ = (id) => document.getElementById(id);
const PAGE = 20;

async function start() {
  await startLanguage(document);
  document.title = `Snap! · ${t("history.title")}`;
  const { player, deal, before, trail } = readHistoryQuery(location.search);
  $("player-filter").value = player;
  $("clear-filter").hidden = player === "" && deal === "";
  $("history-title").textContent = deal
    ? t("history.deal", { code: deal })
    : player ? t("history.by", { name: player }) : t("history.recent");
  const query = new URLSearchParams({ limit: String(PAGE) });
  if (player) query.set("player", player);
  if (deal) query.set("deal", deal);
  if (before !== null) query.set("before", String(before));
  let page;
  try {
    page = await fetchJSON(`/api/rounds?${query}`);
  } catch (error) {
    document.body.dataset.state = "failed";
    $("history-message").textContent = error.message;
    return;
  }
  const list = $("rounds");
  list.replaceChildren(...page.rounds.map((round) => roundItem(document, round)));
  if (page.rounds.length === 0) {
    const none = document.createElement("li");
    none.className = "none";
    none.textContent = deal
      ? t("history.noneDeal", { code: deal })
      : player ? t("history.noneWith", { name: player })
      : before !== null ? t("history.noOlder") : t("history.none");
    list.append(none);
  }
  const older = $("older");
  older.hidden = page.next_before === null;
  if (page.next_before !== null) {
    older.href = historyPath({ player, deal, before: page.next_before, trail: [...trail, before] });
  }
  const newer = $("newer");
  newer.hidden = before === null;
  if (before !== null) newer.href = historyPath({ player, deal, before: trail.at(-1) ?? null, trail: trail.slice(0, -1) });
  document.body.dataset.state = "ready";
}

$("filter").addEventListener("submit", (event) => {
  event.preventDefault();
  location.assign(historyPath({ player: $("player-filter").value.trim() }));
});

start();
