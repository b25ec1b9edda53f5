// "N watching", in the waiting room and at the table.

import { setText } from "../dom.js";

/** "N watching" in `element`, hidden while nobody watches (a page without it, the replay, passes null). */
export function renderWatchers(element, count) {
  if (!element) return;
  element.hidden = count === 0;
  setText(element, `${count} watching`);
  element.title = "People watching this table";
}
