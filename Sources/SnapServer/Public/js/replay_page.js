// The replay page (/replay/ID): a stored round drawn by the live game's renderer from no seat, moment by moment,
// with play and pause, steps, speeds, a scrubber marked at every Snap! call, the round's facts and a link to
// share. The timeline's arithmetic is timeline.js; the table at each moment is replay_model.js.

import { catalogue, t } from "./i18n.js";
import { startLanguage } from "./localize.js";
import { Renderer } from "./renderer.js";
import { Replay } from "./replay_model.js";
import { Settings } from "./settings.js";
import { PlaybackClock, callMarks, momentAt, nextSpeed, speedText, step, timeText } from "./timeline.js";
import {
  fetchJSON, lengthText, playerPath, reactionText, replayPath, verdictText, whenText,
} from "./history_words.js";

/** Jumps of more moments than this are drawn at once, without motion. */
const MOTION_UP_TO = 3;
/** While playing, the clocks and the scrubber are redrawn at least this often (ms). */
const REFRESH_MS = 200;

const $ = (id) => document.getElementById(id);
await startLanguage(document);
document.title = `Snap! · ${t("replay.title")}`;
const renderer = new Renderer(document);
renderer.setFourColour(new Settings().get("fourColour"));
// Nobody turns a card here: the bottom pile is no button, even before the first frame names the seat's piles
// (the replay watches from no seat, so every seat's piles are one picture, table_screen.js).
renderer.seats[0].closed.setAttribute("role", "img");
renderer.seats[0].closed.removeAttribute("tabindex");
const id = decodeURIComponent(location.pathname.split("/")[2] ?? "");

/**
 * The replay, its clock, the table shown and the moment it shows. `at` is the position the page last read from the
 * clock: a frame reads the clock once and draws the table, the clocks and the controls from that one reading, since
 * a later read in the same frame can pass the round's end (and stop the clock) after the moment to show was chosen.
 */
const page = { replay: null, clock: null, at: 0, state: null, index: 0, frame: 0, refreshed: 0, dragging: false };

/** Reads the clock at `now` into `page.at` (a playing clock stops itself there at the end) and returns it. */
function readClock(now = performance.now()) {
  page.at = page.clock.time(now);
  return page.at;
}

async function start() {
  let json;
  try {
    json = await fetchJSON(`/api/rounds/${encodeURIComponent(id)}/replay`);
  } catch (error) {
    failed(error.message);
    return;
  }
  try {
    page.replay = new Replay(json, () => page.at);
  } catch (error) {
    failed(t("replay.cannot", { reason: error.message }));
    return;
  }
  page.clock = new PlaybackClock(page.replay.duration);
  showFacts(json.round);
  showMarks(json.round.calls ?? []);
  const scrubber = $("scrubber");
  scrubber.max = String(page.replay.duration);
  const from = Number(new URLSearchParams(location.search).get("t"));
  const at = Number.isFinite(from) && from > 0 ? Math.min(from * 1000, page.replay.duration) : 0;
  page.clock.seek(at, performance.now());
  jumpTo(momentAt(page.replay.times, readClock()));
  document.body.dataset.state = "ready";
  if (at === 0) play();
  else showControls();
}

function failed(message) {
  document.body.dataset.state = "failed";
  $("replay-message").textContent = message;
  $("facts-title").textContent = t("replay.none");
  document.title = `Snap! · ${t("replay.none")}`;
}

// MARK: Showing moments

/** Shows moment `index` at once: forward from the table shown, or rebuilt from the start. */
function jumpTo(index) {
  const { replay } = page;
  if (page.state === null || index < page.index) {
    page.state = replay.stateAt(index);
  } else {
    for (let at = page.index + 1; at <= index; at += 1) replay.apply(page.state, at);
  }
  page.index = index;
  renderer.reset();
  const label = t("replay.tableRound", { table: replay.round.table, round: replay.round.round });
  renderer.setTable(page.state, label, false);
  showControls();
}

/** Shows the moments up to `index` in order, with their motion (a few at most), as the live game would. */
function advanceTo(index) {
  if (index <= page.index) return;
  if (index - page.index > MOTION_UP_TO) {
    jumpTo(index);
    return;
  }
  while (page.index < index) {
    page.index += 1;
    renderer.animate(page.replay.apply(page.state, page.index));
  }
  renderer.update();
}

/** Follows the clock while it plays. */
function tick() {
  page.frame = 0;
  const now = performance.now();
  const index = momentAt(page.replay.times, readClock(now));
  if (index > page.index) advanceTo(index);
  else if (index < page.index) jumpTo(index);
  if (now - page.refreshed >= REFRESH_MS) {
    page.refreshed = now;
    renderer.update(); // the clocks read the replay's position
  }
  showControls();
  if (page.clock.playing) page.frame = requestAnimationFrame(tick);
}

function play() {
  page.clock.play(performance.now());
  if (readClock() === 0 && page.index !== 0) jumpTo(0);
  if (!page.frame) page.frame = requestAnimationFrame(tick);
  showControls();
}

function pause() {
  page.clock.pause(performance.now());
  readClock();
  showControls();
}

/** One moment forward (with its motion) or back (rebuilt), paused. */
function stepBy(by) {
  pause();
  const index = step(page.replay.times, page.index, by);
  page.clock.seek(page.replay.times[index], performance.now());
  readClock();
  if (by > 0) advanceTo(index);
  else jumpTo(index);
  showControls();
}

function changeSpeed(by) {
  page.clock.setSpeed(nextSpeed(page.clock.speed, by), performance.now());
  readClock();
  showControls();
}

function seek(t) {
  page.clock.seek(t, performance.now());
  jumpTo(momentAt(page.replay.times, readClock()));
}

// MARK: The controls and the facts

/** Draws the controls for the position last read (`page.at`). */
function showControls() {
  const { at, clock, replay } = page;
  if (!clock) return;
  const playing = clock.playing;
  const button = $("play");
  const label = playing ? t("replay.pause") : at >= replay.duration ? t("replay.again") : t("replay.play");
  if (button.textContent !== label) button.textContent = label;
  button.setAttribute("aria-pressed", String(playing));
  document.body.dataset.playing = String(playing);
  $("replay-time").textContent = `${timeText(at)} / ${timeText(replay.duration)}`;
  $("speed").textContent = speedText(clock.speed);
  $("slower").disabled = clock.speed === 0.5;
  $("faster").disabled = clock.speed === 8;
  $("step-back").disabled = page.index === 0;
  $("step-forward").disabled = page.index === replay.moments.length - 1;
  if (!page.dragging) $("scrubber").value = String(at);
  const position = t("replay.position", { time: timeText(at), duration: timeText(replay.duration) });
  $("scrubber").setAttribute("aria-valuetext", position);
}

function showMarks(calls) {
  const box = $("call-marks");
  box.replaceChildren(...callMarks(calls, page.replay.duration).map((mark) => {
    const item = document.createElement("span");
    item.className = "mark";
    item.dataset.verdict = mark.verdict;
    item.style.left = `${(mark.fraction * 100).toFixed(3)}%`;
    item.title = t("replay.mark", { time: timeText(mark.at), name: mark.name, verdict: verdictText(mark.verdict) });
    return item;
  }));
}

/** A computer player's level (SnapCore's Difficulty) in the page's language; one the catalogue lacks as it is. */
function levelText(level) {
  return catalogue().has(`level.${level}`) ? t(`level.${level}`) : level;
}

function link(href, text) {
  const anchor = document.createElement("a");
  anchor.href = href;
  anchor.textContent = text;
  return anchor;
}

function showFacts(round) {
  $("facts-title").textContent = t("replay.heading", { round: round.round, table: round.table });
  const facts = [
    ["played", whenText(round.started_at)],
    ["length", lengthText(round.length_seconds)],
    ["winner", round.winner ?? t("replay.nobody")],
    ["calls", catalogue().number(round.calls?.length ?? 0)],
  ];
  $("facts-list").replaceChildren(...facts.flatMap(([term, value]) => {
    const dt = document.createElement("dt");
    dt.textContent = t(`replay.${term}`);
    const dd = document.createElement("dd");
    if (term === "winner" && round.winner) dd.append(link(playerPath(round.winner), round.winner));
    else dd.textContent = value;
    if (term === "winner") dd.id = "facts-winner";
    return [dt, dd];
  }));
  const players = [...round.players].sort((a, b) => (b.name === round.winner) - (a.name === round.winner) ||
    b.cards_at_end - a.cards_at_end);
  $("facts-players").replaceChildren(...players.map((player) => {
    const item = document.createElement("li");
    const anchor = link(playerPath(player.name), player.name);
    if (player.name === round.winner) {
      item.dataset.winner = "";
      anchor.dataset.winnerTag = t("replay.winnerTag"); // drawn after the name (pages.css)
    }
    item.append(anchor);
    const about = document.createElement("span");
    const who = player.computer
      ? player.level ? t("replay.computer.level", { level: levelText(player.level) }) : t("replay.computer")
      : t("replay.person");
    const calls = (round.calls ?? []).filter((call) => call.seat === player.seat && call.verdict === "correct");
    const best = calls.reduce((min, call) => (call.reaction_ms != null && call.reaction_ms < min ? call.reaction_ms : min),
      Infinity);
    const parts = [who, t("replay.cardsAtEnd", { count: player.cards_at_end })];
    if (player.head_start_ms > 0) parts.push(t("headStart.tag", { ms: player.head_start_ms }));
    if (calls.length > 0) {
      const correct = t("replay.correctCalls", { count: calls.length });
      const fastest = best < Infinity ? reactionText(best) : null;
      parts.push(fastest ? t("replay.correctCalls.best", { calls: correct, time: fastest }) : correct);
    }
    about.textContent = ` ${parts.join(" · ")}`;
    item.append(about);
    return item;
  }));
  const share = `${location.origin}${replayPath(round.id)}`;
  const anchor = $("share-link");
  anchor.href = share;
  anchor.textContent = share.replace(/^https?:\/\//, "");
}

// MARK: Input

$("play").addEventListener("click", () => (page.clock?.playing ? pause() : play()));
$("step-back").addEventListener("click", () => stepBy(-1));
$("step-forward").addEventListener("click", () => stepBy(1));
$("slower").addEventListener("click", () => changeSpeed(-1));
$("faster").addEventListener("click", () => changeSpeed(1));
const scrubber = $("scrubber");
scrubber.addEventListener("input", () => {
  page.dragging = true;
  if (page.replay) seek(Number(scrubber.value));
});
scrubber.addEventListener("change", () => {
  page.dragging = false;
  showControls();
});
$("copy-link").addEventListener("click", () => {
  const link = $("share-link").href;
  navigator.clipboard?.writeText(link).then(
    () => renderer.notice(t("replay.linkCopied"), { key: "copied", seconds: 3 }),
    () => renderer.notice(t("share.link", { link }), { key: "copied" }),
  );
});
addEventListener("keydown", (event) => {
  if (!page.replay || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target instanceof HTMLInputElement && event.target.type !== "range") return;
  // Our keys, not the focused button's: Space on a focused Play button must not toggle twice.
  if (event.target instanceof HTMLButtonElement && (event.key === " " || event.key === "Enter")) {
    if (event.key === "Enter") return;
    event.target.blur();
  }
  const actions = {
    " ": () => (page.clock.playing ? pause() : play()),
    ArrowLeft: () => stepBy(-1),
    ArrowRight: () => stepBy(1),
    "+": () => changeSpeed(1),
    "=": () => changeSpeed(1),
    "-": () => changeSpeed(-1),
  };
  const action = actions[event.key];
  if (!action) return;
  event.preventDefault();
  action();
});

/**
 * For tests and the curious (docs/WEB_CLIENT.md): where the replay is and what it shows; `rebuildMs(index)` times
 * rebuilding the table at a moment from the start.
 */
globalThis.snapReplay = {
  get moments() {
    return page.replay?.moments.length ?? 0;
  },
  get index() {
    return page.index;
  },
  /** The position shown (ms). */
  get time() {
    return page.at;
  },
  get duration() {
    return page.replay?.duration ?? 0;
  },
  get playing() {
    return page.clock?.playing ?? false;
  },
  get speed() {
    return page.clock?.speed ?? 1;
  },
  get view() {
    return page.state ? structuredClone(page.state.view) : null;
  },
  rebuildMs(index = page.index) {
    const started = performance.now();
    page.replay.stateAt(index);
    return performance.now() - started;
  },
};

start();
