// The big screen (`/tv?t=CODE`): the table drawn large from no seat for a television, with the table's code, join
// link and QR code in a corner, and a button to turn the sound on (a browser plays none before a click). A panel of
// the renderer's (`render(model, table)`, `show(open)`), on the game's page only.

import { setText } from "../dom.js";
import { t } from "../i18n.js";

/** The big screen's own parts of the page, for table `code`. */
export class BigScreen {
  /** @param {Document} doc */
  constructor(doc, code) {
    this.$ = (id) => doc.getElementById(id);
    this.code = code;
    doc.body.dataset.tv = "";
    this.$("tv-corner").hidden = false;
    this.$("tv-sound").hidden = false;
    setText(this.$("tv-code"), code);
  }

  /** Draws the corner: the join link as the server gives it, and its QR code where the server draws one. */
  render(model, table) {
    const link = table.joinLink(this.code);
    setText(this.$("tv-link"), link.replace(/^https?:\/\//, ""));
    const qr = this.$("tv-qr");
    if (!table.qr || qr.getAttribute("src")) return;
    qr.onload = () => (qr.hidden = false);
    qr.alt = t("lobby.qr", { code: this.code, link });
    qr.src = `/api/tables/${encodeURIComponent(this.code)}/qr.svg`;
  }

  /** Nothing to open or close: the corner always shows. */
  show() {}

  /** The sound is on: its button goes. */
  soundOn() {
    this.$("tv-sound").hidden = true;
  }
}
