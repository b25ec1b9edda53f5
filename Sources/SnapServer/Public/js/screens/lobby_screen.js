// The waiting room: the table's code, link and QR code, the seats, and the host's controls.

import { ROUND_ABOUT } from "../words.js";
import { escapeHTML, setAttr, setText } from "../dom.js";
import { t } from "../i18n.js";
import { headStartHTML } from "./head_start.js";
import { accessNote, removeButtonHTML, renderAccess } from "./host_controls.js";
import { checkRound } from "./round_choice.js";
import { renderWatchers } from "./watchers.js";

/** Draws the waiting room of a table. */
export class LobbyScreen {
  /** @param {Document} doc */
  constructor(doc) {
    this.$ = (id) => doc.getElementById(id);
  }

  /**
   * Draws `model` (a TableState) in the waiting room; `table` says which table (`code`), how many watch it
   * (`watchers`), whether the server can draw QR codes (`qr`) and its join link (`joinLink(code)`).
   */
  render(model, table) {
    const view = model.view;
    const code = table.code ?? "";
    setText(this.$("table-code"), code);
    const link = table.joinLink(code);
    const anchor = this.$("join-link");
    if (anchor.getAttribute("href") !== link) {
      anchor.href = link;
      anchor.textContent = link.replace(/^https?:\/\//, "");
    }
    this.#renderQR(code, link, table.qr);
    setAttr(this.$("tv-open"), "href", `/tv?t=${encodeURIComponent(code)}`);
    const isHost = view.host !== null && view.host === view.viewer;
    const players = model.occupiedSeats.length;
    for (const item of this.$("lobby-seats").children) {
      const seat = Number(item.dataset.seat);
      const entry = view.seats[seat];
      setAttr(item, "data-shown", model.shownSeat(seat));
      setAttr(item, "data-empty", entry === null);
      setAttr(item, "data-you", seat === view.viewer);
      const tags = [];
      if (entry && seat === view.host) tags.push(t("tag.host"));
      if (entry?.isComputer) tags.push(t("tag.computer"));
      if (entry && !model.isConnected(seat)) tags.push(t("tag.offline"));
      const headStart = entry
        ? headStartHTML({ seat, name: entry.name, milliseconds: model.headStarts[seat], chooses: isHost })
        : "";
      const remove = entry && isHost && seat !== view.viewer ? removeButtonHTML(seat, entry.name) : "";
      // A name asks for the player's network time (network_time.js), as at the table.
      const who = escapeHTML(seat === view.viewer ? t("lobby.you", { name: entry?.name }) : entry?.name);
      const html = entry
        ? `<button type="button" class="who" data-action="network-time" data-seat="${seat}" aria-controls="network-time">` +
          `${who}</button><span class="tags">${tags.map((tag) => `<span class="tag">${escapeHTML(tag)}</span>`).join("")}` +
          `${headStart}${remove}</span>`
        : `<span class="who">${escapeHTML(t("seat.empty"))}</span>`;
      if (item.innerHTML !== html) item.innerHTML = html;
    }
    const add = this.$("add-computer");
    add.hidden = !isHost;
    add.disabled = players >= 4;
    const start = this.$("start-round");
    start.hidden = !isHost;
    start.disabled = players < 2;
    const round = model.settings?.round ?? null;
    const choice = this.$("round-setting");
    choice.disabled = !isHost;
    checkRound(choice, round);
    setText(choice.firstElementChild, isHost ? t("lobby.round") : t("lobby.round.hostChooses"));
    const hostName = view.host === null ? t("seat.theHost") : model.displayName(view.host);
    const hint = isHost
      ? players < 2 ? t("lobby.hint.needPlayers") : t("lobby.hint.ready")
      : t("lobby.hint.waiting", { host: hostName });
    // Two sentences one after the other, as the language joins them (Japanese puts no space between).
    const about = round === null ? hint : t("lobby.hint.andRound", { hint, round: ROUND_ABOUT(round) });
    setText(this.$("lobby-hint"), about);
    renderAccess(this.$("lobby-access"), model.access, isHost);
    this.$("lobby-deal").hidden = !isHost;
    const note = this.$("lobby-access-note");
    setText(note, accessNote(model.access));
    note.hidden = note.textContent === "";
    renderWatchers(this.$("lobby-watchers"), table.watchers);
  }

  /** The QR code of the table's link, drawn by the server; where it cannot draw one, the link alone. */
  #renderQR(code, link, serverDrawsQR) {
    const qr = this.$("join-qr");
    const source = serverDrawsQR && code ? `/api/tables/${encodeURIComponent(code)}/qr.svg` : "";
    if (qr.dataset.source === source) return;
    qr.dataset.source = source;
    qr.hidden = true;
    if (source) {
      qr.onload = () => (qr.hidden = false);
      qr.onerror = () => (qr.hidden = true);
      qr.alt = t("lobby.qr", { code, link });
      qr.src = source;
    } else {
      qr.removeAttribute("src");
    }
  }
}
