// A player's network time as the judge sees it (RULES.md): pressing a name (a button, at the table and in the waiting
// room) asks the server (main.js) and shows the answer in a box by the name, which takes no taps and no focus; Escape,
// the name again or a tap elsewhere closes it. A panel of the renderer's (`render(model)`, `show(open)`), on the game's
// page only.

import { setAttr, setText } from "../dom.js";
import { networkTimeText } from "../fairness.js";

/** The buttons that ask for a network time. */
const NAMES = '[data-action="network-time"]';

/** The box by a name (#network-time), a live region: what it says is read out. */
export class NetworkTimePopover {
  /** The seat whose network time shows, or null. */
  seat = null;

  /** @param {Document} doc */
  constructor(doc) {
    this.doc = doc;
    this.box = doc.createElement("div");
    this.box.id = "network-time";
    this.box.setAttribute("role", "status");
    this.box.hidden = true;
    this.box.innerHTML = "<b></b> <span></span>";
    doc.body.append(this.box);
    // A tap anywhere but on a name closes it, and goes on to do what it does.
    doc.addEventListener("pointerdown", (event) => {
      if (this.seat !== null && !event.target.closest?.(NAMES)) this.show(false);
    }, true);
  }

  /** Shows the network time of the player in `seat` from the next frame on. */
  open(seat) {
    this.seat = seat;
  }

  /** Draws the box for `model` (a TableState): the name and its network time (`networkTimes`). */
  render(model) {
    const entry = this.seat === null ? null : model.view.seats[this.seat];
    if (!entry) this.show(false);
    this.#expanded();
    if (!entry) return;
    const box = this.box;
    setText(box.firstChild, model.displayName(this.seat));
    setText(box.lastChild, networkTimeText(model.networkTimes[this.seat], entry.isComputer));
    box.hidden = false;
    this.#place();
  }

  /** Closes the box (`open` false); it opens only through `open(seat)`. */
  show(open) {
    if (open) return;
    this.seat = null;
    this.box.hidden = true;
    this.#expanded();
  }

  /** Each name at the table says whether its box is open. */
  #expanded() {
    // (The waiting room's are drawn anew when their HTML changes: theirs only say what they control.)
    for (const button of this.doc.querySelectorAll("#table button.name")) {
      setAttr(button, "aria-expanded", String(Number(button.dataset.seat) === this.seat));
    }
  }

  /** Below the name in the top half of the screen, above it in the bottom half; never off the screen. */
  #place() {
    const name = [...this.doc.querySelectorAll(`${NAMES}[data-seat="${this.seat}"]`)].find((item) => item.getClientRects().length);
    if (!name) return;
    const around = name.getBoundingClientRect();
    const { offsetWidth: width, offsetHeight: height } = this.box;
    const view = this.doc.documentElement;
    const below = around.top + around.height / 2 < view.clientHeight / 2;
    const top = below ? around.bottom + 6 : around.top - height - 6;
    const left = Math.min(Math.max(8, around.left + (around.width - width) / 2), view.clientWidth - width - 8);
    this.box.style.top = `${Math.round(Math.max(8, top))}px`;
    this.box.style.left = `${Math.round(left)}px`;
  }
}
