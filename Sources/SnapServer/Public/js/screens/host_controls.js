// The host's controls (RULES.md, protocol version 7): removing a player, locking the table so that nobody new may
// join, making it private so that no list shows it. In the waiting room beside each seat, and at the table in the
// host's "Players" panel (host_panel.js), during a round too.

import { escapeHTML, setAttr } from "../dom.js";
import { t } from "../i18n.js";

/** The HTML of the host's button removing the player `name` in `seat` (the `remove-player` action). */
export function removeButtonHTML(seat, name) {
  const label = escapeHTML(t("host.remove.label", { name }));
  return `<button class="small remove-player" type="button" data-action="remove-player" data-seat="${seat}" ` +
    `aria-label="${label}" title="${label}">${escapeHTML(t("host.remove"))}</button>`;
}

/**
 * Sets the lock and privacy toggles in `container` (buttons with `data-access="locked"` or `"private"`) from
 * `access`; only the host sees them.
 */
export function renderAccess(container, access, isHost) {
  container.hidden = !isHost;
  for (const button of container.querySelectorAll("[data-access]")) {
    setAttr(button, "aria-pressed", access[button.dataset.access] ? "true" : "false");
  }
}

/** What everyone is told of the table's access: "Locked: nobody new may join." and/or "Private: …"; "" for neither. */
export function accessNote(access) {
  return [access.locked ? t("host.locked.note") : "", access.private ? t("host.private.note") : ""]
    .filter(Boolean).join(" ");
}

/** The access flags of TableAccess with `which` ("locked" or "private") turned over. */
export function toggledAccessFlags(access, which) {
  const next = { ...access, [which]: !access[which] };
  return (next.locked ? 1 : 0) | (next.private ? 2 : 0);
}
