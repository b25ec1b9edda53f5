// A seat's head start (RULES.md): "+200 ms" beside a name for everyone, and for the host between rounds a choice of
// 0, 100, 200, 300 or 500 ms for each player, in the waiting room and on the round-over banner.

import { escapeHTML } from "../dom.js";
import { t } from "../i18n.js";

/** The head starts a host may give, in milliseconds. */
export const HEAD_STARTS = [0, 100, 200, 300, 500];

/** "+200 ms", or "" for none. */
export const headStartText = (milliseconds) => (milliseconds > 0 ? t("headStart.tag", { ms: milliseconds }) : "");

/**
 * The HTML of the head start of the player `name` in `seat`: the host's choice (a select whose change is the
 * `head-start` action, with the seat), or a tag when the player has one, or nothing. A `compact` choice (the
 * round-over banner's) says "+0 ms" for none, to keep its row one line.
 */
export function headStartHTML({ seat, name, milliseconds, chooses, compact = false }) {
  if (!chooses) {
    const text = headStartText(milliseconds);
    return text ? `<span class="tag head-start">${escapeHTML(text)}</span>` : "";
  }
  const options = HEAD_STARTS.map((value) => `<option value="${value}"${value === milliseconds ? " selected" : ""}>` +
    `${escapeHTML(value === 0 ? (compact ? t("headStart.tag", { ms: 0 }) : t("headStart.none")) : headStartText(value))}` +
    "</option>").join("");
  return `<select class="head-start" data-typed="head-start" data-seat="${seat}" ` +
    `aria-label="${escapeHTML(t("headStart.label", { name }))}">${options}</select>`;
}
