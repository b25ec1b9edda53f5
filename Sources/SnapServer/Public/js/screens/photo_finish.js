// The photo finish of a close call (RULES.md) over the middle of the table for a few seconds: each call judged on the
// card on one time line, from the card shown (0) to the longest call's arrival, the winner first (★). Its bars are
// in snap.css, its words in fairness.js.

import { escapeHTML } from "../dom.js";
import { photoFinishRows } from "../fairness.js";
import { t } from "../i18n.js";

const percent = (fraction) => `${(fraction * 100).toFixed(2)}%`;
/**
 * A part of a row's time line from `from` to `to` (fractions of it; a mark when `to` is not given), placed by `place`
 * once in the page: the pages allow no inline style (the server's Content-Security-Policy), only the CSSOM.
 */
const part = (kind, from, to = "") => `<i class="pf-${kind}" data-from="${from}" data-to="${to}"></i>`;
const place = (item) => {
  item.style.left = percent(item.dataset.from);
  if (item.dataset.to) item.style.width = percent(item.dataset.to - item.dataset.from);
};

/** The panel (#photo-finish, put in #table when first needed). */
export class PhotoFinishPanel {
  #box = null;
  #key = "";

  /** @param {Document} doc */
  constructor(doc) {
    this.doc = doc;
  }

  /** Draws the photo finish `model` (a TableState) shows at `now` (`photoFinishAt`), or hides it. */
  render(model, now) {
    const finish = model.photoFinishAt(now);
    const key = finish ? `${model.photoFinish.at}/${model.view.viewer}` : "";
    if (key === this.#key) return;
    this.#key = key;
    if (!this.#box) {
      this.#box = this.doc.createElement("div");
      this.#box.id = "photo-finish";
      this.doc.getElementById("table").append(this.#box);
    }
    this.#box.hidden = !finish;
    if (!finish) return;
    this.#box.innerHTML = this.#html(finish.calls, (seat) => model.displayName(seat));
    this.#box.querySelectorAll(".pf-line i").forEach(place);
  }

  #html(calls, nameOf) {
    const { margin, rows } = photoFinishRows(calls, nameOf);
    const items = rows.map((row) => {
      const line = part("r", 0, row.reactionEnd) + part("n", row.reactionEnd, row.elapsedEnd) +
        (row.headStart > 0 ? part("h", row.ranked, row.reactionEnd) : "") + part("m", row.ranked);
      return `<li${row.winner ? " data-winner" : ""}><span class="pf-label">${row.winner ? "★ " : ""}` +
        `${escapeHTML(row.label)}</span><span class="pf-line">${line}</span></li>`;
    }).join("");
    const longest = Math.round(Math.max(...calls.map((call) => call.elapsed)) / 1000);
    const keys = [["r", "photo.key.reaction"], ["n", "photo.key.network"], ["m", "photo.key.ranked"]];
    if (rows.some((row) => row.headStart > 0)) keys.splice(2, 0, ["h", "photo.key.headStart"]);
    const text = (key, args) => escapeHTML(t(key, args));
    return `<p class="pf-title"><b>${text("photo.title")}</b> <span>${escapeHTML(margin)}</span></p><ol>${items}</ol>` +
      `<p class="pf-axis" aria-hidden="true"><span>0 · ${text("photo.axis.start")}</span>` +
      `<span>${text("reaction.ms", { ms: longest })}</span></p><p class="pf-key" aria-hidden="true">` +
      keys.map(([kind, key]) => `<span><i class="pf-${kind}"></i>${text(key)}</span>`).join("") + "</p>";
  }
}
