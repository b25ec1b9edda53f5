// The host's "Players" panel at the table (host_controls.js has the controls): on the game's page only, so the replay
// page, which draws tables with the same renderer, does not load it.

import { escapeHTML, setText } from "../dom.js";
import { t } from "../i18n.js";
import { removeButtonHTML, renderAccess } from "./host_controls.js";

/** The host's "Players" panel at the table: each player with a button removing them, and the two toggles. */
export class HostPanel {
  /** @param {Document} doc */
  constructor(doc) {
    this.$ = (id) => doc.getElementById(id);
  }

  /** Draws `model` (a TableState): whether the host's button shows, and the panel's rows while it is open. */
  render(model, table) {
    const view = model.view;
    const isHost = view.host !== null && view.host === view.viewer && !table.solo && !table.watching;
    this.$("players-button").hidden = !isHost;
    if (!isHost) this.show(false);
    const rows = model.occupiedSeats.map((seat) => {
      const name = view.seats[seat].name;
      const you = seat === view.viewer;
      return `<li data-seat="${seat}"><span class="who">${escapeHTML(you ? t("lobby.you", { name }) : name)}</span>` +
        (you ? "" : removeButtonHTML(seat, name)) + "</li>";
    }).join("");
    const list = this.$("host-players");
    if (list.innerHTML !== rows) list.innerHTML = rows;
    renderAccess(this.$("host-access"), model.access, isHost);
    setText(this.$("host-panel-note"), model.isRoundUnderWay ? t("host.remove.midRound") : "");
  }

  /** Opens or closes the panel; opening moves the focus into it. */
  show(open) {
    const panel = this.$("host-panel");
    if (panel.hidden === !open) return;
    panel.hidden = !open;
    if (open) this.$("host-panel-done").focus();
  }
}
