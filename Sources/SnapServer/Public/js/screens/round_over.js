// The banner of a round's result: the winner, the standings, and the next round (the host's to start).

import { escapeHTML, setAttr, setText } from "../dom.js";
import { t } from "../i18n.js";
import { STATUS, cards, nextRoundHint, wins } from "../words.js";
import { dealRoundsPath } from "./deal_choice.js";
import { headStartHTML } from "./head_start.js";

/** Draws the round's result over the table once it is over, and hides it otherwise. */
export class RoundOverBanner {
  /** @param {Document} doc */
  constructor(doc) {
    this.$ = (id) => doc.getElementById(id);
  }

  /** Draws `model`'s result; `table` says whether it is a single player's (`solo`). */
  render(model, table) {
    const view = model.view;
    const over = view.phase === "roundOver";
    this.$("round-result").hidden = !over;
    if (!over) return;
    const isHost = view.host !== null && view.host === view.viewer;
    const players = model.occupiedSeats.length;
    const winner = view.winner;
    const you = winner !== null && winner === view.viewer;
    const result = winner === null ? t("table.roundOver") : STATUS.winner(model.displayName(winner), { you });
    setText(this.$("result-text"), result);
    setAttr(this.$("round-result"), "data-you", winner !== null && winner === view.viewer);
    const { byCards, rows } = model.standings;
    // The host gives head starts for the next round here too (not at a single player's table: nobody to give one).
    const chooses = isHost && !table.solo;
    const html = rows.map((row) => `<li${row.seat === winner ? " data-winner" : ""}><span>${escapeHTML(row.name)}` +
      `</span>${byCards ? `<span>${escapeHTML(cards(row.cards))}</span>` : ""}` +
      `<span class="wins">${escapeHTML(wins(row.gamesWon))}</span>` +
      headStartHTML({ seat: row.seat, name: row.name, milliseconds: model.headStarts[row.seat], chooses, compact: true }) +
      "</li>").join("");
    const standings = this.$("standings");
    if (standings.innerHTML !== html) standings.innerHTML = html;
    const next = this.$("next-round");
    next.hidden = !isHost;
    next.disabled = players < 2;
    this.$("table-add-computer").hidden = !isHost || table.solo || players >= 4;
    const hostName = view.host === null ? t("seat.theHost") : model.displayName(view.host);
    setText(this.$("result-hint"), nextRoundHint({ isHost, players, hostName }));
    // The deal's code (RULES.md): the host can play it again here, or another, to compare.
    const deal = model.deal;
    this.$("result-deal").hidden = deal === null;
    if (deal !== null) {
      setText(this.$("deal-code"), t("deal.code", { code: deal }));
      setAttr(this.$("deal-rounds"), "href", dealRoundsPath(deal));
      setAttr(this.$("deal-rounds"), "title", t("deal.rounds"));
    }
    const choice = this.$("result-deal-choice"); // the replay has no host and no choice
    if (choice) {
      choice.hidden = !isHost;
      this.$("same-deal").hidden = deal === null;
    }
  }
}
