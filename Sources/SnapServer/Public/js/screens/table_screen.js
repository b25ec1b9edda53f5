// The table: four seats with their piles, bubbles and turn rings, the status line, the round's clock and the
// Snap! button. The round's result has a banner of its own (round_over.js).

import { SUITS, cardKey, cardName, colour, faceSVG } from "../card_faces.js";
import { escapeHTML, setAttr, setText } from "../dom.js";
import { t } from "../i18n.js";
import { STATUS, clockText, wins } from "../words.js";
import { headStartText } from "./head_start.js";
import { PhotoFinishPanel } from "./photo_finish.js";
import { RoundOverBanner } from "./round_over.js";
import { renderWatchers } from "./watchers.js";

const POSITIONS = ["bottom", "left", "top", "right"];
/** A pile's accessible name, the viewer's own or another's: [with a card on top, with none]. */
const PILE_KEYS = { own: ["pile.own", "pile.own.noTop"], other: ["pile.other", "pile.other.noTop"] };
/** The turn timer's ring shows for this long before the table turns. */
export const RING_MS = 3000;

/** Draws the table of a TableState. */
export class TableScreen {
  /**
   * @param {Document} doc
   * @param {{nameButtons?: boolean}} options `nameButtons`: each name is a button (`data-action="network-time"`,
   *   `data-seat`) that asks for the player's network time, on the game's page
   */
  constructor(doc, { nameButtons = false } = {}) {
    this.doc = doc;
    this.$ = (id) => doc.getElementById(id);
    this.nameButtons = nameButtons;
    this.seats = [0, 1, 2, 3].map((shown) => this.#buildSeat(doc.querySelector(`#table .seat[data-shown="${shown}"]`)));
    const own = this.seats[0].closed;
    own.dataset.action = "turn";
    own.setAttribute("role", "button");
    own.tabIndex = 0;
    this.roundOver = new RoundOverBanner(doc);
    this.photoFinish = new PhotoFinishPanel(doc);
  }

  /** The drawn parts of the seat `seat` (its element, piles, name…). */
  seatParts(model, seat) {
    return this.seats[model.shownSeat(seat)];
  }

  /** Forgets what the piles showed, so that the next frame draws them afresh. */
  forget() {
    for (const seat of this.seats) seat.openKey = "";
  }

  #buildSeat(element) {
    const name = this.nameButtons
      ? `<button type="button" class="name" data-action="network-time" aria-controls="network-time" title="${
        escapeHTML(t("network.ask"))}"></button>`
      : '<span class="name"></span>';
    element.innerHTML =
      `<div class="plate">${name}<span class="head-start"></span><span class="tags"></span>` +
      '<span class="games-won"></span></div>' +
      '<div class="piles"><div class="closed-pile" data-count="0"><span class="count"></span></div>' +
      '<div class="open-pile" data-count="0"></div></div>';
    const find = (selector) => element.querySelector(selector);
    return {
      element,
      name: find(".name"),
      tags: find(".tags"),
      headStart: find(".head-start"),
      won: find(".games-won"),
      piles: find(".piles"),
      closed: find(".closed-pile"),
      count: find(".count"),
      open: find(".open-pile"),
      bubble: null,
      ring: null,
      openKey: "",
      bubbleKey: "",
    };
  }

  /**
   * Draws `model` at `now`; `table` says which table (`code`, `solo`), whether this page watches it (`watching`,
   * `watchers`), how the person plays (`device`: "touch" or "pointer") and how many calls each seat has made
   * (`calls`). Returns what each seat shows (`{top, closed}` or null), for the next frame's motion.
   */
  render(model, now, table) {
    const view = model.view;
    const roundOn = model.isRoundUnderWay;
    const over = view.phase === "roundOver";
    const drawn = [null, null, null, null];
    for (let shown = 0; shown < 4; shown += 1) {
      const seat = model.seatShownAt(shown);
      drawn[seat] = this.#renderSeat(this.seats[shown], model, seat, now, table);
    }

    const status = model.status;
    const statusLine = this.$("status");
    // The round's result has its own banner; the words of a line that says what to press suit the device.
    setText(statusLine, over ? "" : STATUS[status.kind](status.name, { device: table.device, you: status.you }));
    setAttr(statusLine, "data-kind", status.kind);
    setText(this.$("call-margin"), model.marginText ?? "");
    setText(
      this.$("table-label"),
      table.solo ? t("table.single") : t(table.watching ? "table.watching" : "table.code", { code: table.code ?? "" }),
    );
    renderWatchers(this.$("watcher-count"), table.watchers);

    // A quick round's clock: the length during the deal, then the time left until the time is up.
    const clock = this.$("round-clock");
    const length = view.phase === "dealing" && model.settings?.round ? model.settings.round * 1000 : null;
    const left = model.roundLeft(now) ?? length;
    clock.hidden = left === null;
    if (left !== null) setText(clock, clockText(left));
    setAttr(clock, "data-last-minute", model.roundEndsAt !== null && left <= 60_000);

    this.roundOver.render(model, table);
    this.photoFinish.render(model, now);

    const viewerOut = view.viewer !== null && model.isOut(view.viewer);
    const snap = this.$("snap");
    snap.hidden = viewerOut || table.watching;
    snap.disabled = !roundOn;
    this.$("out-note").hidden = !viewerOut;
    const stopWatching = this.$("stop-watching");
    if (stopWatching) stopWatching.hidden = !table.watching;
    setAttr(this.seats[0].closed, "data-can-turn", model.viewerCanTurn);
    setAttr(this.$("table"), "data-phase", view.phase);
    return drawn;
  }

  /** Draws one seat; returns what it drew, for the next frame's motion. */
  #renderSeat(parts, model, seat, now, table) {
    const view = model.view;
    const entry = view.seats[seat];
    const element = parts.element;
    setAttr(element, "data-seat", seat);
    setAttr(element, "data-position", POSITIONS[model.shownSeat(seat)]);
    setAttr(element, "data-empty", entry === null);
    setAttr(element, "data-active", entry !== null && view.phase === "playing" && view.active === seat);
    setAttr(element, "data-out", entry !== null && model.isOut(seat));
    setAttr(element, "data-host", entry !== null && view.host === seat);
    setAttr(element, "data-offline", entry !== null && !model.isConnected(seat));
    setAttr(element, "data-winner", view.phase === "roundOver" && view.winner === seat);
    setAttr(element, "data-you", seat === view.viewer);
    if (this.nameButtons) {
      setAttr(parts.name, "data-seat", seat);
      setAttr(parts.name, "disabled", entry === null);
    }

    if (!entry) {
      setText(parts.name, t("seat.empty"));
      setText(parts.won, "");
      setText(parts.tags, "");
      setText(parts.headStart, "");
      setAttr(parts.closed, "data-count", 0);
      setAttr(parts.open, "data-count", 0);
      setText(parts.count, "");
      if (parts.openKey !== "") {
        parts.open.replaceChildren();
        parts.openKey = "";
      }
      setAttr(element, "data-call", null);
      setAttr(parts.piles, "role", null);
      setAttr(parts.piles, "aria-label", null);
      this.#renderBubble(parts, null, seat, table);
      this.#renderRing(parts, null);
      return null;
    }

    setText(parts.name, model.displayName(seat));
    setText(parts.won, wins(entry.gamesWon));
    const tags = [];
    if (view.host === seat && !table.solo) tags.push(t("tag.host"));
    if (entry.isComputer) tags.push(t("tag.computer"));
    if (!model.isConnected(seat)) tags.push(t("tag.offline"));
    if (model.isOut(seat)) tags.push(t("tag.out"));
    setText(parts.tags, tags.join(" · "));
    setText(parts.headStart, headStartText(model.headStarts[seat]));

    const closed = entry.closedCount;
    setAttr(parts.closed, "data-count", closed);
    setAttr(parts.closed, "data-depth", closed === 0 ? 0 : closed < 5 ? 1 : closed < 15 ? 2 : closed < 30 ? 3 : 4);
    setText(parts.count, closed > 0 ? String(closed) : "");

    const open = entry.open;
    const top = open.at(-1) ?? null;
    const under = open.at(-2) ?? null;
    this.#labelPiles(parts, seat === view.viewer ? null : model.displayName(seat), closed, top);
    setAttr(parts.open, "data-count", open.length);
    setAttr(parts.open, "data-depth", open.length < 3 ? open.length : open.length < 10 ? 3 : 4);
    const openKey = `${cardKey(top)}/${cardKey(under)}`;
    if (openKey !== parts.openKey) {
      parts.openKey = openKey;
      let html = "";
      if (under) html += `<div class="under face ${colour(under)}">${faceSVG(under)}</div>`;
      if (top) {
        html += `<div class="card face ${colour(top)}" data-value="${top.value}" data-suit="${SUITS[top.suit]}">` +
          `${faceSVG(top)}</div>`;
      }
      parts.open.innerHTML = html;
    }

    // Calls are shown while play goes on; a won round clears them, so nothing covers the winner.
    const call = view.phase === "playing" ? callFor(view, seat) : null;
    setAttr(element, "data-call", call?.verdict.kind ?? null);
    this.#renderBubble(parts, call, seat, table);
    // After a correct call the matching top cards light up until they fly to the caller.
    const verdict = view.stop?.verdict;
    setAttr(parts.open, "data-glow", verdict?.kind === "correct" && verdict.matching.includes(seat) && top !== null);
    const turn = model.turnLeft(now);
    this.#renderRing(parts, turn?.seat === seat && turn.left > 0 && turn.left <= RING_MS ? turn.left : null);
    return { top, closed };
  }

  /**
   * What a screen reader hears of a seat's piles ("Lucy's pile: 12 face-down cards; on top: 7 of hearts"): the
   * viewer's own face-down pile is the button that turns a card and says it all (`name` null); another seat's
   * two piles are one picture. The parts inside are hidden from it, so that nothing is read twice.
   */
  #labelPiles(parts, name, closed, top) {
    const faceDown = t("table.faceDown", { count: closed });
    const own = name === null;
    const args = top ? { name, faceDown, top: cardName(top) } : { name, faceDown };
    const label = t(PILE_KEYS[own ? "own" : "other"][top ? 0 : 1], args);
    setAttr(parts.piles, "role", own ? null : "img");
    setAttr(parts.piles, "aria-label", own ? null : label);
    setAttr(parts.closed, "aria-label", own ? label : null);
    setAttr(parts.closed, "aria-hidden", !own);
    setAttr(parts.open, "aria-hidden", true);
    if (parts.closed.dataset.action) setAttr(parts.closed, "tabindex", own ? 0 : -1);
  }

  /** The turn timer's last seconds: a ring draining on the closed pile. */
  #renderRing(parts, left) {
    if (left === null) {
      parts.ring?.remove();
      parts.ring = null;
      return;
    }
    if (!parts.ring) {
      parts.ring = this.doc.createElement("div");
      parts.ring.className = "countdown";
      parts.ring.innerHTML = '<svg viewBox="0 0 40 40" aria-hidden="true"><circle r="17" cx="20" cy="20" ' +
        'pathLength="100"/><circle r="17" cx="20" cy="20" pathLength="100"/></svg><b></b>';
      parts.ring.style.animationDelay = `${left - RING_MS}ms`;
      parts.closed.append(parts.ring);
    }
    const seconds = Math.ceil(left / 1000);
    setAttr(parts.ring, "data-left", seconds);
    setText(parts.ring.lastChild, String(seconds));
  }

  /** The "Snap!" bubble of a seat's call; a new call pops a new bubble even with the same verdict. */
  #renderBubble(parts, call, seat, table) {
    const key = call ? `${call.verdict.kind}#${table.calls[seat]}` : "";
    if (key === parts.bubbleKey) return;
    parts.bubbleKey = key;
    parts.bubble?.remove();
    parts.bubble = null;
    if (!call) return;
    const bubble = this.doc.createElement("div");
    bubble.className = "bubble";
    bubble.dataset.verdict = call.verdict.kind;
    // A correct call's smile is drawn, not a character: a font's smiley (an emoji on most phones) is taller than the
    // line, and differs from one device to the next.
    const mark = call.verdict.kind === "correct" ? SMILE
      : escapeHTML({ wrong: t("bubble.wrong"), tooLate: t("bubble.tooLate"), falseStart: t("bubble.falseStart") }[call.verdict.kind]);
    bubble.innerHTML = `<span class="said">Snap!</span><span class="mark">${mark}</span>`;
    parts.element.append(bubble);
    parts.bubble = bubble;
  }
}

/** A correct call's mark: a smile in a circle, in the bubble's green. */
const SMILE = '<svg class="smile" viewBox="0 0 20 20" aria-hidden="true"><circle cx="10" cy="10" r="8.5"/>' +
  '<path d="M6.2 11.6q3.8 4.2 7.6 0"/><circle class="eye" cx="7.2" cy="8" r="1.2"/><circle class="eye" cx="12.8" cy="8" r="1.2"/></svg>';

/** The call to show by a seat: a judged call outweighs a too-late one. */
function callFor(view, seat) {
  let shown = null;
  for (const call of view.calls) {
    if (call.seat !== seat) continue;
    if (shown === null || (shown.verdict.kind === "tooLate" && call.verdict.kind !== "tooLate")) shown = call;
  }
  return shown;
}
