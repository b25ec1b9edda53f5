// "N watching", in the waiting room and at the table.

import { setText } from "../dom.js";
import { t } from "../i18n.js";

/** "N watching" in `element`, hidden while nobody watches (a page without it, the replay, passes null). */
export function renderWatchers(element, count) {
  if (!element) return;
  element.hidden = count === 0;
  setText(element, t("table.watchers", { count }));
  element.title = t("table.watchers.title");
}
