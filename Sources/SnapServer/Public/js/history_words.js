// What the history, replay and stats pages say, in the page's language (i18n.js), and how they ask the server (no
// DOM, so that it runs under `node --test`): dates, lengths, reaction times, links, and the JSON endpoints with
// their error messages.

import { catalogue, t } from "./i18n.js";

const TIME = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };

/**
 * When a round was played, in local time, through Intl: "today 14:05", "yesterday 09:30", "3 Nov 14:05",
 * "3 Nov 2025" (in English).
 */
export function whenText(iso, now = new Date()) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const words = catalogue();
  const time = words.date(date, TIME);
  const day = (d) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((day(now) - day(date)) / 86_400_000);
  if (days === 0 || days === 1) return t("when.dayTime", { day: words.relative(-days, "day"), time });
  if (date.getFullYear() === now.getFullYear()) return words.date(date, { day: "numeric", month: "short", ...TIME });
  return words.date(date, { day: "numeric", month: "short", year: "numeric" });
}

/** A round's length: "48 s", "4 min 05 s". */
export function lengthText(seconds) {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return t("length.seconds", { seconds: whole });
  return t("length.minutes", { minutes: Math.floor(whole / 60), seconds: String(whole % 60).padStart(2, "0") });
}

/** A reaction time in ms: "241 ms", "1.2 s" ("1,2 s" in German), "—" for none. */
export function reactionText(ms) {
  if (ms === null || ms === undefined) return "—";
  if (ms < 1000) return t("reaction.ms", { ms: Math.round(ms) });
  return t("reaction.seconds", { seconds: Math.round(ms / 100) / 10 });
}

/** A call's verdict as the stats say it, by its name in the API. */
export const verdictText = (verdict) =>
  ({ correct: t("verdict.correct"), wrong: t("verdict.wrong"), too_late: t("verdict.tooLate"), false_start: t("verdict.falseStart") })[verdict] ?? verdict;

/** The page of a player's stats, a round's replay, a page of the history. */
export const playerPath = (name) => `/players/${encodeURIComponent(name)}`;
export const replayPath = (id) => `/replay/${encodeURIComponent(id)}`;

/** `/history` with a filter and a page: `before` (a round id) and `trail`, the `before`s of the newer pages. */
export function historyPath({ player = "", deal = "", before = null, trail = [] } = {}) {
  const query = new URLSearchParams();
  if (player) query.set("player", player);
  if (deal) query.set("deal", deal);
  if (before !== null) query.set("before", String(before));
  if (trail.length > 0) query.set("trail", trail.map((id) => id ?? 0).join(","));
  const text = query.toString();
  return text ? `/history?${text}` : "/history";
}

/** The filter and page in a /history query string (the inverse of historyPath). */
export function readHistoryQuery(search) {
  const query = new URLSearchParams(search);
  const id = (text) => (/^[1-9][0-9]{0,18}$/.test(text ?? "") ? Number(text) : null);
  return {
    player: (query.get("player") ?? "").trim(),
    deal: (query.get("deal") ?? "").trim(),
    before: id(query.get("before")),
    trail: (query.get("trail") ?? "").split(",").filter((text) => text !== "").map(id),
  };
}

/** The players of a round, the winner first: "Ray, Ann and Lucy". */
export function playersText(players, winner) {
  return catalogue().list(players.map((player) => player.name).sort((a, b) => (b === winner) - (a === winner)));
}

/** A failed request: its message says what went wrong, `status` is the HTTP status (0: no answer). */
export class RequestError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/** GETs JSON from the server; a refusal throws a RequestError with the server's own message. */
export async function fetchJSON(path, fetcher = globalThis.fetch) {
  let response;
  try {
    response = await fetcher(path, { cache: "no-store" });
  } catch {
    throw new RequestError(t("request.unreachable"), 0);
  }
  let body = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON: said below.
  }
  if (!response.ok) {
    // The server's own message is English: it says what went wrong more precisely than a status could.
    const message = body?.error?.message ?? t("request.status", { status: String(response.status) });
    throw new RequestError(message, response.status);
  }
  if (body === null) throw new RequestError(t("request.unreadable"), response.status);
  return body;
}
