// The join screen: a code typed in, and the open tables to join or watch.

import { escapeHTML, setText } from "../dom.js";
import { t } from "../i18n.js";

/** The join screen's code field and list of open tables. */
export class JoinScreen {
  #tablesKey = "";

  /** @param {Document} doc */
  constructor(doc) {
    this.doc = doc;
    this.code = doc.getElementById("join-code");
    this.list = doc.getElementById("table-list");
    this.none = doc.getElementById("no-tables");
  }

  /** The open tables, from GET /api/tables (`{code, host, players, seats_free, round_under_way}`); null when they
   * could not be loaded. */
  renderTableList(tables) {
    const key = JSON.stringify(tables);
    if (key === this.#tablesKey) return;
    this.#tablesKey = key;
    if (tables === null) {
      this.list.replaceChildren();
      setText(this.none, t("join.loadFailed"));
      this.none.hidden = false;
      return;
    }
    setText(this.none, t("join.none"));
    this.none.hidden = tables.length > 0;
    this.list.replaceChildren(...tables.map((table) => {
      const item = this.doc.createElement("li");
      item.dataset.code = table.code;
      const full = table.seats_free === 0;
      const state = table.round_under_way
        ? t("join.roundUnderWay")
        : full ? t("join.full") : t("join.free", { count: table.seats_free });
      item.dataset.state = table.round_under_way ? "playing" : full ? "full" : "open";
      const players = t("join.players", { count: table.players });
      const hostsTable = t("join.hostsTable", { host: table.host || t("join.someone") });
      item.innerHTML =
        `<span class="code">${escapeHTML(table.code)}</span>` +
        `<span class="about"><span class="host">${escapeHTML(hostsTable)}</span>` +
        `<span class="seats">${escapeHTML(players)} · ${escapeHTML(state)}</span></span>` +
        `<button class="join primary" type="button" data-action="join-table">${escapeHTML(t("join.join"))}</button>` +
        `<button class="watch" type="button" data-action="watch-table">${escapeHTML(t("join.watch"))}</button>`;
      return item;
    }));
  }
}
