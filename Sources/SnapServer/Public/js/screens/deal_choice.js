// Deal codes in the page: a typed code read with a reason in the page's language when it is none, and the
// history's page of a deal's rounds. The host plays a deal from the waiting room or the round-over banner.

import { DealCodeError, dealCodeText, parseDealCode } from "../deal_code.js";
import { t } from "../i18n.js";

/** A typed deal code read: `{deal}` as it is shown (K7M3-Q2PX), or `{problem}` saying what is wrong. */
export function readDeal(text) {
  try {
    return { deal: dealCodeText(parseDealCode(text)) };
  } catch (error) {
    if (!(error instanceof DealCodeError)) throw error;
    return {
      problem: error.reason === "length"
        ? t("deal.error.length", { count: error.count })
        : t("deal.error.character", { character: error.character }),
    };
  }
}

/** Puts the host's deal form (the page's `#deal-form` template) in each `.deal-form-slot`, its field named by the
 * slot's `data-input-id` — before the page's words are filled in, which then reach the forms too. */
export function placeDealForms(doc) {
  const template = doc.getElementById("deal-form");
  for (const slot of doc.querySelectorAll(".deal-form-slot")) {
    const form = template.content.firstElementChild.cloneNode(true);
    form.querySelector("input").id = slot.dataset.inputId;
    form.querySelector("label").htmlFor = slot.dataset.inputId;
    slot.replaceWith(form);
  }
}

/** The history's page of every round dealt from `deal`, side by side. */
export function dealRoundsPath(deal) {
  return `/history?deal=${encodeURIComponent(deal)}`;
}
