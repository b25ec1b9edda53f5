// What the history, replay and stats pages say, and how they ask the server (no DOM, so that it runs under
// `node --test`): dates, lengths, reaction times, links, and the JSON endpoints with their error messages.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** When a round was played, in local time: "today 14:05", "yesterday 09:30", "3 Nov 14:05", "3 Nov 2025". */
export function whenText(iso, now = new Date()) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const time = `${String(date.getHours()).padStart(2, "0")}:${String(date.getMinutes()).padStart(2, "0")}`;
  const day = (d) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((day(now) - day(date)) / 86_400_000);
  if (days === 0) return `today ${time}`;
  if (days === 1) return `yesterday ${time}`;
  const dayMonth = `${date.getDate()} ${MONTHS[date.getMonth()]}`;
  return date.getFullYear() === now.getFullYear() ? `${dayMonth} ${time}` : `${dayMonth} ${date.getFullYear()}`;
}

/** A round's length: "48 s", "4 min 05 s". */
export function lengthText(seconds) {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, "0")} s`;
}

/** A reaction time in ms: "241 ms", "1.2 s", "—" for none. */
export function reactionText(ms) {
  if (ms === null || ms === undefined) return "—";
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** A call's verdict as the stats say it. */
export const VERDICT = { correct: "correct", wrong: "wrong", too_late: "too late" };

/** The page of a player's stats, a round's replay, a page of the history. */
export const playerPath = (name) => `/players/${encodeURIComponent(name)}`;
export const replayPath = (id) => `/replay/${encodeURIComponent(id)}`;

/** `/history` with a filter and a page: `before` (a round id) and `trail`, the `before`s of the newer pages. */
export function historyPath({ player = "", before = null, trail = [] } = {}) {
  const query = new URLSearchParams();
  if (player) query.set("player", player);
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
    before: id(query.get("before")),
    trail: (query.get("trail") ?? "").split(",").filter((text) => text !== "").map(id),
  };
}

/** The players of a round, the winner first: "Ray, Ann and Lucy". */
export function playersText(players, winner) {
  const names = players.map((player) => player.name).sort((a, b) => (b === winner) - (a === winner));
  return names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
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
    throw new RequestError("Could not reach the server. Check that it is running, then reload the page.", 0);
  }
  let body = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON: said below.
  }
  if (!response.ok) {
    const message = body?.error?.message ?? `The server answered ${response.status}.`;
    throw new RequestError(message, response.status);
  }
  if (body === null) throw new RequestError("The server's answer could not be read.", response.status);
  return body;
}
